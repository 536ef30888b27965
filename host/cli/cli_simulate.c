// SPDX-License-Identifier: Apache-2.0
// mbens simulate: one member of a model on the output grid, written as CSV.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "codegen.h"
#include "mbe/mbe_flat.h"
#include "mbe/mbe_spec.h"
#include "mbe_layout.h"
#include "mech.h"
#include "model.h"

static void simulate_help(FILE* f) {
  fprintf(
      f,
      "usage: mbens simulate MODEL.mo [MORE.mo ...] [--class NAME] -o OUT.csv\n"
      "                      [--signals a,b,...|@FILE] [--start-time T0] [--stop-time T1]\n"
      "                      [--interval DT] [--tolerance TOL] [--method rk4|dopri5]\n"
      "                      [--step H] [--backend auto|openmp|opencl] [--threads N]\n"
      "                      [--precision double|single] [--list-signals] [--emit-kernel F]\n\n"
      "Compiles the model to its joint-coordinate ODE, integrates one member (the model's own\n"
      "parameters and start values) and writes the signals on the output grid t0, t0 + DT,\n"
      "..., t1 as CSV with a `time` column.\n\n"
      "options:\n"
      "  --class NAME        the class to simulate (needed when the files define several)\n"
      "  -o, --output FILE   the CSV to write ('-' for standard output)\n"
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
      "  --threads N         OpenMP threads (default: all cores)\n"
      "  --precision P       double (default) or single\n"
      "  --list-signals      print every name that --signals accepts and exit\n"
      "  --emit-kernel FILE  also write the generated system source\n"
      "  --help              this text\n\n"
      "exit codes: 0 success, 1 the integration failed (the CSV holds what was computed),\n"
      "2 usage or model error\n");
}

typedef struct SimOpts {
  const char* files[256];
  int nfiles;
  const char* class_name;
  const char* out;
  const char* signals;
  const char* emit;
  double t0, t1, dt, tol, step;
  bool has_t0, has_t1, has_dt, has_tol, has_step, list;
  MbeRunMethod method;
  MbeBackendKind backend;
  MbePrecision precision;
  long threads;
} SimOpts;

static int parse(int argc, char** argv, SimOpts* o) {
  memset(o, 0, sizeof *o);
  o->method = MBE_RUN_METHOD_DOPRI5;
  o->backend = MBE_BACKEND_OPENMP;
  o->precision = MBE_PRECISION_DOUBLE;
  const char* cmd = "simulate";
  for (int i = 1; i < argc; i++) {
    const char* a = argv[i];
    const char* v;
    bool all;
    if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
      simulate_help(stdout);
      return -1;
    }
    if (mbe_cli_is_option(a, "--class")) {
      if (!(o->class_name = mbe_cli_value(argc, argv, &i, "--class")))
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
    } else if (mbe_cli_is_option(a, "--start-time")) {
      if (!(v = mbe_cli_value(argc, argv, &i, "--start-time")) ||
          !mbe_cli_parse_double(cmd, "--start-time", v, -INFINITY, &o->t0))
        return MBE_EXIT_USAGE;
      o->has_t0 = true;
    } else if (mbe_cli_is_option(a, "--stop-time")) {
      if (!(v = mbe_cli_value(argc, argv, &i, "--stop-time")) ||
          !mbe_cli_parse_double(cmd, "--stop-time", v, -INFINITY, &o->t1))
        return MBE_EXIT_USAGE;
      o->has_t1 = true;
    } else if (mbe_cli_is_option(a, "--interval")) {
      if (!(v = mbe_cli_value(argc, argv, &i, "--interval")) ||
          !mbe_cli_parse_double(cmd, "--interval", v, 1e-300, &o->dt))
        return MBE_EXIT_USAGE;
      o->has_dt = true;
    } else if (mbe_cli_is_option(a, "--tolerance")) {
      if (!(v = mbe_cli_value(argc, argv, &i, "--tolerance")) ||
          !mbe_cli_parse_double(cmd, "--tolerance", v, 1e-300, &o->tol))
        return MBE_EXIT_USAGE;
      o->has_tol = true;
    } else if (mbe_cli_is_option(a, "--step")) {
      if (!(v = mbe_cli_value(argc, argv, &i, "--step")) ||
          !mbe_cli_parse_double(cmd, "--step", v, 1e-300, &o->step))
        return MBE_EXIT_USAGE;
      o->has_step = true;
    } else if (mbe_cli_is_option(a, "--method")) {
      if (!(v = mbe_cli_value(argc, argv, &i, "--method")))
        return MBE_EXIT_USAGE;
      if (strcmp(v, "rk4") == 0) {
        o->method = MBE_RUN_METHOD_RK4;
      } else if (strcmp(v, "dopri5") == 0) {
        o->method = MBE_RUN_METHOD_DOPRI5;
      } else {
        return mbe_cli_usage_error(cmd, "--method takes rk4 or dopri5, not '%s'", v);
      }
    } else if (mbe_cli_is_option(a, "--backend")) {
      if (!(v = mbe_cli_value(argc, argv, &i, "--backend")) ||
          !mbe_cli_parse_backend(cmd, v, &o->backend, &all))
        return MBE_EXIT_USAGE;
    } else if (mbe_cli_is_option(a, "--threads")) {
      if (!(v = mbe_cli_value(argc, argv, &i, "--threads")) ||
          !mbe_cli_parse_int(cmd, "--threads", v, 1, 4096, &o->threads))
        return MBE_EXIT_USAGE;
    } else if (mbe_cli_is_option(a, "--precision")) {
      if (!(v = mbe_cli_value(argc, argv, &i, "--precision")) ||
          !mbe_cli_parse_precision(cmd, v, &o->precision))
        return MBE_EXIT_USAGE;
    } else if (strcmp(a, "--list-signals") == 0) {
      o->list = true;
    } else if (a[0] == '-' && a[1] != '\0') {
      return mbe_cli_usage_error(cmd,
                                 "unknown option '%s'; options are --class, -o, --signals, "
                                 "--start-time, --stop-time, --interval, --tolerance, --method, "
                                 "--step, --backend, --threads, --precision, --list-signals, "
                                 "--emit-kernel, --help",
                                 a);
    } else {
      if (o->nfiles == (int)(sizeof o->files / sizeof o->files[0])) {
        return mbe_cli_usage_error(cmd, "more than %zu model files",
                                   sizeof o->files / sizeof o->files[0]);
      }
      o->files[o->nfiles++] = a;
    }
  }
  if (o->nfiles == 0) {
    simulate_help(stderr);
    return mbe_cli_usage_error(cmd, "no model file given");
  }
  if (o->out == NULL && !o->list) {
    return mbe_cli_usage_error(cmd,
                               "no output file given (-o OUT.csv, or -o - for standard "
                               "output)");
  }
  return MBE_EXIT_OK;
}

// appends the names of a list ("a,b" or lines) to names; returns false (and reports) on error
static bool add_names(const char* text, char*** names, size_t* n) {
  const char* p = text;
  while (*p) {
    // a name ends at a separator outside brackets (R.T[1,2] is one name)
    size_t len = 0;
    int depth = 0;
    while (p[len] && (depth > 0 || !strchr(",\n\r\t ", p[len]))) {
      depth += p[len] == '[' ? 1 : p[len] == ']' ? -1 : 0;
      len++;
    }
    if (len > 0) {
      char* nm = malloc(len + 1);
      if (nm == NULL)
        return false;
      memcpy(nm, p, len);
      nm[len] = '\0';
      if (strcmp(nm, "time") == 0) {
        free(nm);
      } else {
        char** g = realloc(*names, (*n + 1) * sizeof *g);
        if (g == NULL) {
          free(nm);
          return false;
        }
        *names = g;
        (*names)[(*n)++] = nm;
      }
    }
    p += len;
    if (*p)
      p++;
  }
  return true;
}

static int write_csv(const char* path, char** names, size_t ny, const double* y, int nout,
                     double t0, double t1) {
  MbeStrbuf sb;
  mbe_strbuf_init(&sb);
  mbe_strbuf_puts(&sb, "time");
  for (size_t j = 0; j < ny; j++) {
    mbe_strbuf_printf(&sb, ",%s", names[j]);
  }
  mbe_strbuf_puts(&sb, "\n");
  for (int k = 0; k < nout; k++) {
    double t = k == nout - 1 ? t1 : t0 + (t1 - t0) * k / (nout - 1);
    mbe_strbuf_printf(&sb, "%.17g", t);
    for (size_t j = 0; j < ny; j++) {
      mbe_strbuf_printf(&sb, ",%.17g", y[(size_t)k * ny + j]);
    }
    mbe_strbuf_puts(&sb, "\n");
  }
  int rc = MBE_EXIT_OK;
  MbeError err;
  mbe_error_clear(&err);
  if (sb.is_oom) {
    fprintf(stderr, "mbens simulate: error: out of memory writing the result\n");
    rc = MBE_EXIT_FAILURE;
  } else if (strcmp(path, "-") == 0) {
    fwrite(sb.data, 1, sb.len, stdout);
  } else if (mbe_file_write_atomic(path, sb.data, sb.len, &err) != MBE_OK) {
    mbe_cli_print_error("simulate", &err);
    rc = MBE_EXIT_FAILURE;
  }
  mbe_strbuf_deinit(&sb);
  return rc;
}

static const char* const status_words[] = {
#define MBE_RUN_WORD_(name, value, word, text) word ": " text,
    MBE_RUN_STATUS_LIST(MBE_RUN_WORD_)
#undef MBE_RUN_WORD_
};

int mbe_cmd_simulate(int argc, char** argv) {
  SimOpts o;
  int rc = parse(argc, argv, &o);
  if (rc != MBE_EXIT_OK) {
    return rc < 0 ? MBE_EXIT_OK : rc;
  }
  MbeError err;
  mbe_error_clear(&err);
  MbeSpec* spec = NULL;
  MbeFlat* flat = NULL;
  MbeSystem* sys = NULL;
  MbeBackend* backend = NULL;
  MbeProgram* prog = NULL;
  char* source = NULL;
  char** names = NULL;
  size_t ny = 0;
  MbeSymId* ids = NULL;
  double* y = NULL;
  int32_t info[MBE_INFO_COUNT] = {0};
  MbeStatus st = mbe_spec_create(&spec, &err);
  for (int i = 0; st == MBE_OK && i < o.nfiles; i++) {
    st = mbe_spec_add_file(spec, o.files[i], &err);
  }
  if (st == MBE_OK)
    st = mbe_flat_create(spec, o.class_name, &flat, &err);
  if (st == MBE_OK)
    st = mbe_system_build(flat, &sys, &err);
  if (st != MBE_OK) {
    mbe_cli_print_error("simulate", &err);
    rc = st == MBE_ERR_NOMEM || st == MBE_ERR_INTERNAL ? MBE_EXIT_FAILURE : MBE_EXIT_USAGE;
    goto done;
  }
  if (sys->init_conditions > 0) {
    fprintf(stderr, "mbens simulate: initialization: %zu condition%s met in %d Newton step%s\n",
            sys->init_conditions, sys->init_conditions == 1 ? "" : "s", sys->init_iterations,
            sys->init_iterations == 1 ? "" : "s");
  }
  if (o.list) {
    for (size_t i = 0; i < sys->nsignals; i++) {
      printf("%s\n", sys->signals[i].name);
    }
    goto done;
  }
  // the signals
  if (o.signals == NULL) {
    for (size_t i = 0; i < sys->nx; i++) {
      if (!add_names(sys->state_names[i], &names, &ny))
        goto oom;
    }
  } else if (o.signals[0] == '@') {
    char* text = NULL;
    size_t size;
    if (mbe_file_read(o.signals + 1, &text, &size, &err) != MBE_OK) {
      mbe_cli_print_error("simulate", &err);
      rc = MBE_EXIT_USAGE;
      goto done;
    }
    bool ok = add_names(text, &names, &ny);
    mbe_free(text);
    if (!ok)
      goto oom;
  } else if (!add_names(o.signals, &names, &ny)) {
    goto oom;
  }
  if (ny == 0) {
    rc = mbe_cli_usage_error("simulate", "no signals to write");
    goto done;
  }
  ids = malloc(ny * sizeof *ids);
  if (ids == NULL)
    goto oom;
  for (size_t j = 0; j < ny; j++) {
    const MbeSignal* sg = mbe_system_signal(sys, names[j]);
    if (sg == NULL) {
      const char* near = mbe_system_suggest(sys, names[j]);
      rc = mbe_cli_usage_error("simulate",
                               "the model has no signal '%s'%s%s%s (--list-signals "
                               "prints them all)",
                               names[j], near ? "; did you mean '" : "", near ? near : "",
                               near ? "'?" : "");
      goto done;
    }
    ids[j] = sg->id;
  }
  // the grid
  double t0 = o.has_t0 ? o.t0 : (flat->has_start_time ? flat->start_time : 0);
  double t1 = o.has_t1 ? o.t1 : (flat->has_stop_time ? flat->stop_time : 1);
  if (!(t1 > t0)) {
    rc =
        mbe_cli_usage_error("simulate", "the stop time %g must be after the start time %g", t1, t0);
    goto done;
  }
  double dt = o.has_dt ? o.dt : (flat->has_interval ? flat->interval : (t1 - t0) / 500);
  double tol = o.has_tol ? o.tol : (flat->has_tolerance ? flat->tolerance : 1e-6);
  double steps = (t1 - t0) / dt;
  if (steps > 1e8) {
    rc = mbe_cli_usage_error("simulate", "--interval %g gives more than 1e8 output points", dt);
    goto done;
  }
  int nout = (int)floor(steps + 0.5) + 1;
  if (nout < 2)
    nout = 2;
  if (fabs(steps - floor(steps + 0.5)) > 1e-6 * (steps > 1 ? steps : 1)) {
    fprintf(stderr,
            "mbens simulate: warning: (stop - start)/interval = %g is not a whole number; "
            "using %d points\n",
            steps, nout);
  }
  // the kernel
  MbeCodegenDef cg = {&sys->sym, sys->xdot,          sys->nx, ids, ny, sys->np, sys->name,
                      sys->fail, MBE_RUN_NEWTON_FAIL};
  st = mbe_codegen_system(&cg, &source, &err);
  if (st == MBE_OK && o.emit != NULL) {
    st = mbe_file_write_atomic(o.emit, source, strlen(source), &err);
  }
  MbeBackendDef bd = mbe_backend_def_default();
  bd.kind = o.backend;
  bd.threads = (int)o.threads;
  if (st == MBE_OK)
    st = mbe_backend_create(&bd, &backend, &err);
  MbeProgramDef pd = mbe_program_def_default();
  pd.system_source = source;
  pd.name = sys->name;
  pd.precision = o.precision;
  if (st == MBE_OK)
    st = mbe_program_create(backend, &pd, &prog, &err);
  y = malloc((size_t)nout * ny * sizeof *y);
  if (y == NULL)
    goto oom;
  MbeRunDef run = mbe_run_def_default();
  run.method = o.method;
  run.t0 = t0;
  run.t1 = t1;
  run.nout = nout;
  run.rtol = run.atol = tol;
  if (o.method == MBE_RUN_METHOD_RK4) {
    run.h = o.has_step ? o.step : dt / 10;
  } else if (o.has_step) {
    run.hmax = o.step;
  }
  double zero = 0;  // a system without states or parameters still takes one slot of each
  if (st == MBE_OK) {
    st = mbe_program_run(prog, &run, 1, sys->nx ? sys->x0 : &zero, sys->np ? sys->p0 : &zero, y,
                         info, &err);
  }
  if (st != MBE_OK) {
    mbe_cli_print_error("simulate", &err);
    rc = MBE_EXIT_FAILURE;
    goto done;
  }
  rc = write_csv(o.out, names, ny, y, nout, t0, t1);
  if (info[MBE_INFO_STATUS] != MBE_RUN_OK) {
    int s = info[MBE_INFO_STATUS];
    fprintf(stderr, "mbens simulate: error: the integration stopped (%s) after %d steps\n",
            s >= 0 && s < MBE_RUN_COUNT ? status_words[s] : "unknown status", info[MBE_INFO_STEPS]);
    rc = MBE_EXIT_FAILURE;
  }
  goto done;
oom:
  fprintf(stderr, "mbens simulate: error: out of memory\n");
  rc = MBE_EXIT_FAILURE;
done:
  for (size_t j = 0; j < ny; j++)
    free(names[j]);
  free(names);
  free(ids);
  free(y);
  mbe_free(source);
  mbe_program_destroy(prog);
  mbe_backend_destroy(backend);
  mbe_system_destroy(sys);
  mbe_flat_destroy(flat);
  mbe_spec_destroy(spec);
  return rc;
}
