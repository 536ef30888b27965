// SPDX-License-Identifier: Apache-2.0
// mbens simulate: one member of a model on the output grid, written as CSV.
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli.h"

static void simulate_help(FILE* f) {
  fprintf(
      f,
      "usage: mbens simulate " MBE_CLI_MODEL_USAGE " -o OUT.csv|OUT.mat\n"
      "                      [--signals a,b,...|@FILE] [--start-time T0] [--stop-time T1]\n"
      "                      [--interval DT] [--tolerance TOL] [--method rk4|dopri5]\n"
      "                      [--step H] [--backend auto|openmp|opencl] [--device D]\n"
      "                      [--threads N]\n"
      "                      [--precision double|single] [--max-output SIZE]\n"
      "                      [--list-signals] [--emit-kernel F] [--stats]\n"
      "                      [--override NAME=VALUE|@FILE ...]\n\n"
      "Compiles the model to its joint-coordinate ODE, integrates one member (the model's own\n"
      "parameters and start values, but those overridden) and writes the signals on the\n"
      "output grid t0, t0 + DT, ..., t1 as CSV with a `time` column.\n\n"
      "options:\n"
      MBE_CLI_MODEL_HELP
      "  -o, --output FILE   the CSV to write ('-' for standard output), or a MAT file (.mat:\n"
      "                      MATLAB v4 in Dymola's result layout, for the MSL's tools, DyMat\n"
      "                      and scipy.io.loadmat)\n"
      "  --signals LIST      comma-separated names (rev.phi,body.r_0[2]); @FILE reads one name\n"
      "                      per line or comma-separated, as comparisonSignals.txt (a `time`\n"
      "                      entry is skipped); default: every state\n"
      "  --start-time T0     default: the experiment annotation's StartTime, else 0\n"
      "  --stop-time T1      default: the annotation's StopTime, else 1\n"
      "  --interval DT       output interval; default: the annotation's Interval, else\n"
      "                      (T1 - T0)/500\n"
      "  --tolerance TOL     relative and absolute tolerance of dopri5; default: the\n"
      "                      annotation's Tolerance, else 1e-6\n"
      "  --method M          dopri5 (adaptive, default) or rk4 (fixed step)\n"
      "  --step H            rk4: the step (default: DT/10); dopri5: the largest step\n"
      "  --backend B         openmp (default), opencl, or auto (an OpenCL GPU if there is one)\n"
      "  --device D          OpenCL device: P:D or part of its name (mbens devices)\n"
      "  --threads N         OpenMP threads (default: all cores)\n"
      "  --precision P       double (default) or single\n"
      "  --max-output SIZE   refuse to write a CSV larger than SIZE (default 1G; 500M, 4G,\n"
      "                      unlimited)\n"
      "  --list-signals      print every name that --signals accepts and exit\n"
      "  --emit-kernel FILE  also write the generated system source\n"
      "  --stats             print the generated kernel's sizes before it is compiled: its\n"
      "                      operations per call, the most values live at once (the\n"
      "                      registers a GPU work-item needs), how many operations deep a\n"
      "                      call is, parts and the method\n"
      "  --override N=V      run with parameter or start value N at V (what run --vary takes:\n"
      "                      body.m=2, boxBody1.r[1]=0.6, revolute1.phi.start=0.3; derived\n"
      "                      parameters follow); repeatable. @FILE reads NAME=VALUE (or NAME\n"
      "                      VALUE) lines, # comments: the best parameters optimize writes\n"
      "  --help              this text\n\n"
      "exit codes: 0 success, 1 the integration failed (the CSV holds what was computed),\n"
      "2 usage or model error\n");
}

typedef struct SimOpts {
  MbeCliModel model;
  const char* out;
  const char* signals;
  const char* emit;
  bool list;
  uint64_t max_output;  // bytes the CSV may take (--max-output)
  MbeCliSim sim;
  char** over_name;      // --override: names (owned) and values (nover)
  double* over_value;
  size_t nover;
} SimOpts;

// one --override NAME=VALUE (or NAME VALUE from a file) into o; where names the source
static int add_override(SimOpts* o, const char* text, const char* where) {
  const char* cmd = "simulate";
  const char* sep = strpbrk(text, "= \t");
  if (!sep || sep == text) {
    return mbe_cli_usage_error(cmd, "%s: '%s' is not NAME=VALUE (body.m=2)", where, text);
  }
  const char* v = sep + strspn(sep, "= \t");
  char* end = NULL;
  double x = strtod(v, &end);
  while (end && (*end == ' ' || *end == '\t' || *end == '\r'))
    end++;
  if (end == v || *end != '\0' || !isfinite(x)) {
    return mbe_cli_usage_error(cmd, "%s: the value of '%.*s' is not a number: '%s'", where,
                               (int)(sep - text), text, v);
  }
  char** names = realloc(o->over_name, (o->nover + 1) * sizeof *names);
  if (names)
    o->over_name = names;
  double* values = realloc(o->over_value, (o->nover + 1) * sizeof *values);
  if (values)
    o->over_value = values;
  char* name = names && values ? strndup(text, (size_t)(sep - text)) : NULL;
  if (!name) {
    fprintf(stderr, "mbens simulate: error: out of memory\n");
    return MBE_EXIT_FAILURE;
  }
  o->over_name[o->nover] = name;
  o->over_value[o->nover++] = x;
  return MBE_EXIT_OK;
}

// --override @FILE: NAME=VALUE lines, # comments and blank lines skipped
static int read_overrides(SimOpts* o, const char* path) {
  MbeError err;
  char* text = NULL;
  size_t size = 0;
  if (mbe_file_read(path, &text, &size, &err) != MBE_OK) {
    mbe_cli_print_error("simulate", &err);
    return MBE_EXIT_USAGE;
  }
  int rc = MBE_EXIT_OK, line = 0;
  for (char* p = text; rc == MBE_EXIT_OK && p && *p;) {
    char* nl = strchr(p, '\n');
    if (nl)
      *nl = '\0';
    line++;
    char* hash = strchr(p, '#');
    if (hash)
      *hash = '\0';
    p += strspn(p, " \t\r");
    size_t n = strlen(p);
    while (n > 0 && (p[n - 1] == ' ' || p[n - 1] == '\t' || p[n - 1] == '\r'))
      p[--n] = '\0';
    char where[4200];
    snprintf(where, sizeof where, "%s:%d", path, line);
    if (*p)
      rc = add_override(o, p, where);
    p = nl ? nl + 1 : NULL;
  }
  mbe_free(text);
  return rc;
}

static void free_overrides(SimOpts* o) {
  for (size_t i = 0; i < o->nover; i++)
    free(o->over_name[i]);
  free(o->over_name), free(o->over_value);
}

static int parse(int argc, char** argv, SimOpts* o) {
  memset(o, 0, sizeof *o);
  mbe_cli_sim_init(&o->sim);
  o->max_output = MBE_CLI_MAX_OUTPUT;
  const char* cmd = "simulate";
  for (int i = 1; i < argc; i++) {
    const char* a = argv[i];
    int taken;
    if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
      simulate_help(stdout);
      return -1;
    }
    if ((taken = mbe_cli_sim_option(cmd, argc, argv, &i, &o->sim)) != 0) {
      if (taken < 0)
        return MBE_EXIT_USAGE;
    } else if (strcmp(a, "-o") == 0 || mbe_cli_is_option(a, "--output")) {
      if (!(o->out = mbe_cli_value(argc, argv, &i, a[1] == 'o' ? "-o" : "--output")))
        return MBE_EXIT_USAGE;
    } else if (mbe_cli_is_option(a, "--signals")) {
      if (!(o->signals = mbe_cli_value(argc, argv, &i, "--signals")))
        return MBE_EXIT_USAGE;
    } else if (mbe_cli_is_option(a, "--emit-kernel")) {
      if (!(o->emit = mbe_cli_value(argc, argv, &i, "--emit-kernel")))
        return MBE_EXIT_USAGE;
    } else if (mbe_cli_is_option(a, "--max-output")) {
      const char* v = mbe_cli_value(argc, argv, &i, "--max-output");
      if (!v || !mbe_cli_parse_size(cmd, "--max-output", v, &o->max_output))
        return MBE_EXIT_USAGE;
    } else if (strcmp(a, "--list-signals") == 0) {
      o->list = true;
    } else if (mbe_cli_is_option(a, "--override")) {
      const char* v = mbe_cli_value(argc, argv, &i, "--override");
      int r = !v ? MBE_EXIT_USAGE
              : v[0] == '@' ? read_overrides(o, v + 1)
                            : add_override(o, v, "--override");
      if (r != MBE_EXIT_OK)
        return r;
    } else if ((taken = mbe_cli_model_arg(cmd, argc, argv, &i, &o->model)) != 0) {
      if (taken < 0)
        return MBE_EXIT_USAGE;
    } else {
      return mbe_cli_usage_error(cmd,
                                 "unknown option '%s'; options are --class, --library, -o, "
                                 "--signals, --start-time, --stop-time, --interval, --tolerance, "
                                 "--method, --step, --backend, --device, --threads, --precision, "
                                 "--max-output, --list-signals, --emit-kernel, --stats, --override, "
                                 "--help",
                                 a);
    }
  }
  if (o->model.nfiles == 0 && !o->model.class_name) {
    simulate_help(stderr);
  }
  if (mbe_cli_model_check(cmd, &o->model) != MBE_EXIT_OK) {
    return MBE_EXIT_USAGE;
  }
  if (o->out == NULL && !o->list) {
    return mbe_cli_usage_error(cmd,
                               "no output file given (-o OUT.csv, or -o - for standard "
                               "output)");
  }

  // CSV or MAT by the name: a file named for another format would hold something else
  if (o->out && mbe_result_format(o->out) == MBE_RESULT_UNKNOWN) {
    return mbe_cli_usage_error(cmd,
                               "-o %s: simulate writes CSV (.csv, no extension, or - for "
                               "standard output) or MAT (.mat, Dymola's result layout)",
                               o->out);
  }
  return MBE_EXIT_OK;
}

static int write_result(const char* path, const MbeCliNames* names, const double* y,
                        const MbeRunDef* run) {
  double* time = malloc((size_t)run->nout * sizeof *time);
  if (time == NULL) {
    fprintf(stderr, "mbens simulate: error: out of memory writing the result\n");
    return MBE_EXIT_FAILURE;
  }
  mbe_run_grid_times(run, time);
  MbeError err;
  MbeStatus st = mbe_result_write(path, (size_t)run->nout, names->n, time,
                                  (const char* const*)names->name, y, &err);
  free(time);
  if (st != MBE_OK) {
    mbe_cli_print_error("simulate", &err);
  }
  return st == MBE_OK ? MBE_EXIT_OK : MBE_EXIT_FAILURE;
}

// --stats and --emit-kernel: the kernel generated (not compiled), its sizes printed, its text
// written
static int describe_kernel(const SimOpts* o, const MbeModel* m, const MbeEvaluatorDef* ed) {
  MbeError err;
  mbe_error_clear(&err);
  MbeKernelStats ks;
  char* text = NULL;
  MbeStatus st =
      mbe_evaluator_kernel(m, ed, o->emit ? &text : NULL, o->sim.stats ? &ks : NULL, &err);
  if (st == MBE_OK && o->emit) {
    st = mbe_file_write_atomic(o->emit, text, strlen(text), &err);
  }
  mbe_string_free(text);
  if (st != MBE_OK) {
    mbe_cli_print_error("simulate", &err);
    return st == MBE_ERR_NOMEM || st == MBE_ERR_IO ? MBE_EXIT_FAILURE : MBE_EXIT_USAGE;
  }
  if (o->sim.stats) {
    mbe_cli_print_kernel_stats("simulate", &ks, o->sim.precision);
  }
  return MBE_EXIT_OK;
}

// the signals to write: --signals, else every state
static int signal_names(const SimOpts* o, const MbeModel* m, MbeCliNames* names) {
  if (o->signals) {
    int rc = mbe_cli_names("simulate", o->signals, names);
    if (rc != MBE_EXIT_OK) {
      return rc;
    }
  }
  for (size_t i = 0; !o->signals && i < mbe_model_state_count(m); i++) {
    if (!mbe_cli_split_names(mbe_model_state(m, i), names)) {
      fprintf(stderr, "mbens simulate: error: out of memory\n");
      return MBE_EXIT_FAILURE;
    }
  }
  if (names->n == 0) {
    return mbe_cli_usage_error("simulate", o->signals == NULL
                                               ? "the model has no states to write by default; "
                                                 "name the signals with --signals "
                                                 "(--list-signals prints them)"
                                               : "no signals to write");
  }
  return MBE_EXIT_OK;
}

// the evaluator of the overridden values and the signals; prints the error, returns an exit code
static int compile(const SimOpts* o, const MbeModel* m, const MbeEvaluatorDef* ed,
                   MbeEvaluator** ev) {
  const char* why = mbe_model_needs_double(m);
  if (o->sim.precision == MBE_PRECISION_SINGLE && why) {
    fprintf(stderr,
            "mbens simulate: error: --precision single cannot run %s: %s; use --precision double\n",
            mbe_model_name(m), why);
    return MBE_EXIT_USAGE;
  }
  if (o->sim.device && (strchr(o->sim.device, ',') || strcmp(o->sim.device, "all") == 0)) {
    return mbe_cli_usage_error("simulate",
                               "--device %s: several devices are for the batches of mbens run; "
                               "name one (P:D or part of its name)",
                               o->sim.device);
  }
  int rc = o->sim.stats || o->emit ? describe_kernel(o, m, ed) : MBE_EXIT_OK;
  if (rc != MBE_EXIT_OK) {
    return rc;
  }
  MbeError err;
  mbe_error_clear(&err);
  MbeStatus st = mbe_evaluator_create(m, ed, ev, &err);
  if (st != MBE_OK) {
    if (st == MBE_ERR_USAGE && strncmp(err.message, "the model has no signal", 23) == 0) {
      size_t n = strlen(err.message);
      snprintf(err.message + n, sizeof err.message - n, " (--list-signals prints them all)");
    }
    mbe_cli_print_error("simulate", &err);
    bool user = st == MBE_ERR_USAGE || st == MBE_ERR_MODEL || st == MBE_ERR_UNSUPPORTED ||
                st == MBE_ERR_NO_DEVICE || st == MBE_ERR_IO;
    return user ? MBE_EXIT_USAGE : MBE_EXIT_FAILURE;
  }
  MbeInitInfo ii = mbe_evaluator_init_info(*ev);
  if (ii.conditions > 0) {
    fprintf(stderr, "mbens simulate: initialization: %zu condition%s met in %d Newton step%s\n",
            ii.conditions, ii.conditions == 1 ? "" : "s", ii.iterations,
            ii.iterations == 1 ? "" : "s");
  }
  if (o->sim.stats) {
    MbeProgramInfo info;
    mbe_evaluator_program_info(*ev, &info);
    mbe_cli_print_build_stats("simulate", &info);
  }
  return MBE_EXIT_OK;
}

typedef struct StepModes {
  const MbeEvaluator* ev;
  const double* p;
} StepModes;

static MbeStatus step_modes(void* ctx, double* re, double* im, MbeError* err) {
  const StepModes* s = ctx;
  return mbe_evaluator_modes(s->ev, s->p, re, im, err);
}

// what the member's info record says: its warning, the assertion or status that stopped it
static int verdict(const MbeEvaluator* ev, const int32_t* info, MbePrecision precision) {
  MbeAssertInfo a;
  if (mbe_evaluator_assert(ev, info[MBE_MEMBER_INFO_WARNED], &a)) {
    fprintf(stderr, "mbens simulate: warning: %s:%d:%d: assertion failed (warning level): %s\n",
            a.file, a.line, a.column, a.message);
  }
  if (info[MBE_MEMBER_INFO_STATUS] == MBE_MEMBER_ASSERT_FAILED && mbe_evaluator_assert(ev, info[MBE_MEMBER_INFO_ASSERT], &a)) {
    fprintf(stderr, "mbens simulate: error: %s:%d:%d: assertion failed at t = %.9g s: %s\n",
            a.file, a.line, a.column, mbe_info_assert_time(info, precision), a.message);
    return MBE_EXIT_FAILURE;
  }
  if (info[MBE_MEMBER_INFO_STATUS] != MBE_MEMBER_OK) {
    int s = info[MBE_MEMBER_INFO_STATUS];
    fprintf(stderr, "mbens simulate: error: the integration stopped (%s: %s) after %d steps\n",
            mbe_run_status_word(s), mbe_run_status_text(s), info[MBE_MEMBER_INFO_STEPS]);
    return MBE_EXIT_FAILURE;
  }
  return MBE_EXIT_OK;
}

// one member of the compiled model into y, written to o->out
static int integrate(const SimOpts* o, MbeEvaluator* ev, const MbeCliNames* names) {
  const MbeRunDef* run = mbe_evaluator_run_def(ev);
  StepModes sm = {ev, o->over_value};
  for (size_t j = 0; j < o->nover; j++) {
    MbeParamInfo pi;
    mbe_evaluator_param(ev, j, &pi);
    if (!(o->over_value[j] >= pi.min && o->over_value[j] <= pi.max)) {
      return mbe_cli_usage_error("simulate",
                                 "--override %s=%g is outside the min = %g and max = %g the model "
                                 "declares",
                                 pi.name, o->over_value[j], pi.min, pi.max);
    }
  }
  mbe_cli_warn_step("simulate", run, mbe_evaluator_nstates(ev), step_modes, &sm);
  double* y = malloc((size_t)run->nout * names->n * sizeof *y);
  if (y == NULL) {
    fprintf(stderr, "mbens simulate: error: out of memory\n");
    return MBE_EXIT_FAILURE;
  }
  int32_t info[MBE_MEMBER_INFO_COUNT] = {0};
  MbeEvalBatch b = {.n = 1, .p = o->over_value, .y = y, .info = info};
  MbeError err;
  mbe_error_clear(&err);
  if (mbe_evaluator_run(ev, &b, &err) != MBE_OK) {
    mbe_cli_print_error("simulate", &err);
    free(y);
    return err.code == MBE_ERR_INVALID_ARG ? MBE_EXIT_USAGE : MBE_EXIT_FAILURE;
  }
  int rc = write_result(o->out, names, y, run);
  free(y);
  int v = verdict(ev, info, o->sim.precision);
  return rc != MBE_EXIT_OK ? rc : v;
}

int mbe_cmd_simulate(int argc, char** argv) {
  SimOpts o;
  int rc = parse(argc, argv, &o);
  if (rc != MBE_EXIT_OK) {
    return rc < 0 ? MBE_EXIT_OK : rc;
  }
  MbeModel* m = NULL;
  MbeEvaluator* ev = NULL;
  MbeCliNames names = {NULL, 0};
  rc = mbe_cli_load("simulate", &o.model, &m);
  if (rc == MBE_EXIT_OK && o.list) {
    for (size_t i = 0; i < mbe_model_signal_count(m); i++) {
      printf("%s\n", mbe_model_signal(m, i));
    }
    goto done;
  }
  MbeEvaluatorDef ed = mbe_evaluator_def_default(m);
  if (rc == MBE_EXIT_OK && (rc = signal_names(&o, m, &names)) == MBE_EXIT_OK) {
    MbeModelExperiment exp = mbe_model_experiment(m);
    rc = mbe_cli_sim_run_def("simulate", &exp, &o.sim, &ed.run);
  }
  if (rc == MBE_EXIT_OK) {
    rc = mbe_cli_check_output("simulate", mbe_result_bytes((size_t)ed.run.nout, names.n),
                              o.max_output, "a coarser --interval or fewer --signals");
  }
  ed.vary = (const char* const*)o.over_name;
  ed.nvary = o.nover;
  ed.signals = (const char* const*)names.name;
  ed.nsignals = names.n;
  ed.backend.kind = o.sim.backend;
  ed.backend.device = o.sim.device;
  ed.backend.threads = (int)o.sim.threads;
  ed.precision = o.sim.precision;
  if (rc == MBE_EXIT_OK && (rc = compile(&o, m, &ed, &ev)) == MBE_EXIT_OK) {
    rc = integrate(&o, ev, &names);
  }
done:
  mbe_cli_names_free(&names);
  free_overrides(&o);
  mbe_evaluator_destroy(ev);
  mbe_model_destroy(m);
  return rc;
}
