// SPDX-License-Identifier: Apache-2.0
// What `simulate` and `run` share: loading a model, lists of signal names, the integration
// options (--start-time ... --precision) and the run settings they give with the model's
// experiment annotation, and the backend and program of a generated system.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "codegen.h"
#include "ensemble_api.h"
#include "mbe/mbe_spec.h"
#include "model.h"

int mbe_cli_model_arg(const char* cmd, int argc, char** argv, int* i, MbeCliModel* m) {
  const char* a = argv[*i];
  if (mbe_cli_is_option(a, "--class")) {
    return (m->class_name = mbe_cli_value(argc, argv, i, "--class")) ? 1 : -1;
  }
  if (mbe_cli_is_option(a, "--library")) {
    const char* v = mbe_cli_value(argc, argv, i, "--library");
    if (!v) {
      return -1;
    }
    if (m->nlibs == MBE_CLI_MAX_LIBRARIES) {
      mbe_cli_usage_error(cmd, "more than %d --library folders", MBE_CLI_MAX_LIBRARIES);
      return -1;
    }
    m->libs[m->nlibs++] = v;
    return 1;
  }
  if (a[0] == '-' && a[1] != '\0') {
    return 0;
  }
  if (m->nfiles == MBE_CLI_MAX_FILES) {
    mbe_cli_usage_error(cmd, "more than %d model files", MBE_CLI_MAX_FILES);
    return -1;
  }
  m->files[m->nfiles++] = a;
  return 1;
}

static bool has_modelicapath(void) {
  const char* mp = getenv("MODELICAPATH");
  return mp && mp[strspn(mp, ":")] != '\0';
}

int mbe_cli_model_check(const char* cmd, const MbeCliModel* m) {
  if (m->nfiles > 0) {
    return MBE_EXIT_OK;
  }
  if (m->class_name && (m->nlibs > 0 || has_modelicapath())) {
    return MBE_EXIT_OK;
  }
  if (m->class_name) {
    return mbe_cli_usage_error(cmd,
                               "no model file given, and no library to find %s in (--library "
                               "DIR or MODELICAPATH)",
                               m->class_name);
  }
  return mbe_cli_usage_error(cmd, "no model file given (MODEL.mo, or --library DIR --class NAME)");
}

MbeStatus mbe_cli_open_spec(const MbeCliModel* m, MbeSpec** spec, MbeError* err) {
  MbeModelDef d = mbe_model_def_default();
  d.files = m->files;
  d.nfiles = (size_t)m->nfiles;
  d.libraries = m->libs;
  d.nlibraries = (size_t)m->nlibs;
  return mbe_model_open_spec(&d, spec, err);
}

int mbe_cli_load(const char* cmd, const MbeCliModel* m, MbeModel** out) {
  MbeError err;
  mbe_error_clear(&err);
  MbeModelDef d = mbe_model_def_default();
  d.files = m->files;
  d.nfiles = (size_t)m->nfiles;
  d.libraries = m->libs;
  d.nlibraries = (size_t)m->nlibs;
  d.class_name = m->class_name;
  MbeStatus st = mbe_model_load(&d, out, &err);
  if (st != MBE_OK) {
    mbe_cli_print_error(cmd, &err);
    return st == MBE_ERR_NOMEM || st == MBE_ERR_INTERNAL ? MBE_EXIT_FAILURE : MBE_EXIT_USAGE;
  }
  return MBE_EXIT_OK;
}

int mbe_cli_load_model(const char* cmd, const MbeCliModel* m, MbeSpec** spec, MbeFlat** flat) {
  MbeError err;
  mbe_error_clear(&err);
  *spec = NULL;
  *flat = NULL;
  MbeStatus st = mbe_cli_open_spec(m, spec, &err);
  if (st == MBE_OK) {
    st = mbe_flat_create(*spec, m->class_name, flat, &err);
  }
  if (st != MBE_OK) {
    mbe_cli_print_error(cmd, &err);
    return st == MBE_ERR_NOMEM || st == MBE_ERR_INTERNAL ? MBE_EXIT_FAILURE : MBE_EXIT_USAGE;
  }
  return MBE_EXIT_OK;
}

bool mbe_cli_split_names(const char* text, MbeCliNames* out) {
  const char* p = text;
  while (*p) {
    // a name ends at a separator outside brackets (R.T[1,2] is one name)
    size_t len = 0;
    int depth = 0;
    while (p[len] && (depth > 0 || !strchr(",\n\r\t ", p[len]))) {
      depth += p[len] == '[' ? 1 : p[len] == ']' ? -1 : 0;
      len++;
    }
    if (len > 0 && !(len == 4 && strncmp(p, "time", 4) == 0)) {
      char** g = realloc(out->name, (out->n + 1) * sizeof *g);
      char* nm = malloc(len + 1);
      if (g == NULL || nm == NULL) {
        free(nm);
        if (g) {
          out->name = g;
        }
        return false;
      }
      memcpy(nm, p, len);
      nm[len] = '\0';
      out->name = g;
      out->name[out->n++] = nm;
    }
    p += len;
    if (*p) {
      p++;
    }
  }
  return true;
}

int mbe_cli_names(const char* cmd, const char* spec, MbeCliNames* out) {
  if (spec[0] != '@') {
    return mbe_cli_split_names(spec, out) ? MBE_EXIT_OK : MBE_EXIT_FAILURE;
  }
  char* text = NULL;
  size_t size;
  MbeError err;
  mbe_error_clear(&err);
  if (mbe_file_read(spec + 1, &text, &size, &err) != MBE_OK) {
    mbe_cli_print_error(cmd, &err);
    return MBE_EXIT_USAGE;
  }
  bool ok = mbe_cli_split_names(text, out);
  mbe_free(text);
  return ok ? MBE_EXIT_OK : MBE_EXIT_FAILURE;
}

void mbe_cli_names_free(MbeCliNames* n) {
  for (size_t i = 0; i < n->n; i++) {
    free(n->name[i]);
  }
  free(n->name);
  n->name = NULL;
  n->n = 0;
}

/* ---- integration options -------------------------------------------------------------------- */

void mbe_cli_sim_init(MbeCliSim* o) {
  memset(o, 0, sizeof *o);
  o->method = MBE_RUN_METHOD_DOPRI5;
  o->backend = MBE_BACKEND_OPENMP;
  o->precision = MBE_PRECISION_DOUBLE;
}

int mbe_cli_sim_option(const char* cmd, int argc, char** argv, int* i, MbeCliSim* o) {
  const char* a = argv[*i];
  const char* v;
  bool all;
  struct {
    const char* name;
    double* value;
    bool* has;
    double lo;
  } reals[] = {{"--start-time", &o->t0, &o->has_t0, -INFINITY},
               {"--stop-time", &o->t1, &o->has_t1, -INFINITY},
               {"--interval", &o->dt, &o->has_dt, 1e-300},
               {"--tolerance", &o->tol, &o->has_tol, 1e-300},
               {"--step", &o->step, &o->has_step, 1e-300}};
  for (size_t k = 0; k < sizeof reals / sizeof reals[0]; k++) {
    if (mbe_cli_is_option(a, reals[k].name)) {
      if (!(v = mbe_cli_value(argc, argv, i, reals[k].name)) ||
          !mbe_cli_parse_double(cmd, reals[k].name, v, reals[k].lo, reals[k].value)) {
        return -1;
      }
      *reals[k].has = true;
      return 1;
    }
  }
  if (mbe_cli_is_option(a, "--method")) {
    if (!(v = mbe_cli_value(argc, argv, i, "--method"))) {
      return -1;
    }
    if (strcmp(v, "rk4") == 0) {
      o->method = MBE_RUN_METHOD_RK4;
    } else if (strcmp(v, "dopri5") == 0) {
      o->method = MBE_RUN_METHOD_DOPRI5;
    } else {
      mbe_cli_usage_error(cmd, "--method takes rk4 or dopri5, not '%s'", v);
      return -1;
    }
    return 1;
  }
  if (mbe_cli_is_option(a, "--backend")) {
    return (v = mbe_cli_value(argc, argv, i, "--backend")) &&
                   mbe_cli_parse_backend(cmd, v, &o->backend, &all)
               ? 1
               : -1;
  }
  if (mbe_cli_is_option(a, "--device")) {
    return (o->device = mbe_cli_value(argc, argv, i, "--device")) ? 1 : -1;
  }
  if (mbe_cli_is_option(a, "--threads")) {
    return (v = mbe_cli_value(argc, argv, i, "--threads")) &&
                   mbe_cli_parse_int(cmd, "--threads", v, 1, 4096, &o->threads)
               ? 1
               : -1;
  }
  if (mbe_cli_is_option(a, "--precision")) {
    return (v = mbe_cli_value(argc, argv, i, "--precision")) &&
                   mbe_cli_parse_precision(cmd, v, &o->precision)
               ? 1
               : -1;
  }
  if (strcmp(a, "--stats") == 0) {
    o->stats = true;
    return 1;
  }
  return 0;
}

MbeRunChoice mbe_cli_sim_choice(const MbeCliSim* o) {
  MbeRunChoice c = mbe_run_choice_default();
  c.start_time = o->has_t0 ? o->t0 : (double)NAN;
  c.stop_time = o->has_t1 ? o->t1 : (double)NAN;
  c.interval = o->has_dt ? o->dt : (double)NAN;
  c.tolerance = o->has_tol ? o->tol : (double)NAN;
  c.step = o->has_step ? o->step : (double)NAN;
  c.method = o->method;
  return c;
}

int mbe_cli_sim_run_def(const char* cmd, const MbeModelExperiment* e, const MbeCliSim* o,
                        MbeRunDef* run) {
  MbeError err;
  MbeRunChoice c = mbe_cli_sim_choice(o);
  if (mbe_run_choose(e, &c, run, &err) != MBE_OK) {
    mbe_cli_print_error(cmd, &err);
    return MBE_EXIT_USAGE;
  }
  return MBE_EXIT_OK;
}

int mbe_cli_check_output(const char* cmd, uint64_t bytes, uint64_t limit, const char* advice) {
  if (bytes <= limit) {
    return MBE_EXIT_OK;
  }
  char est[32], lim[32], allow[32];
  mbe_cli_format_size(bytes, est, sizeof est);
  mbe_cli_format_size(limit, lim, sizeof lim);
  snprintf(allow, sizeof allow, "%.0fM", ceil((double)bytes / 1048576 * 1.1));
  return mbe_cli_usage_error(cmd,
                             "the output would take about %s, more than the %s --max-output "
                             "allows; choose %s, or allow it with --max-output %s",
                             est, lim, advice, allow);
}

static void print_fn_stats(const char* name, const char* what, const MbeKernelFnStats* s,
                           MbePrecision precision) {
  if (s->operations == 0) {
    fprintf(stderr, "  %s (%s): no operations (it copies states and parameters)\n", name, what);
    return;
  }
  fprintf(stderr,
          "  %s (%s): %zu operations: %zu add/sub, %zu mul, %zu div, %zu sqrt, %zu "
          "sin/cos/..., %zu other\n",
          name, what, s->operations, s->adds, s->muls, s->divs, s->sqrts, s->transcendental,
          s->other);
  if (s->loops > 0) {
    fprintf(stderr,
            "    written with %zu loops over the repeated steps of its passes: %zu of the "
            "operations in them, %zu operations of text\n",
            s->loops, s->looped, s->written);
  }
  if (s->parts > 0) {
    fprintf(stderr, "    written as %zu parts passing %zu values on\n", s->parts + 1, s->passed);
  } else if (s->loops > 0) {
    fprintf(stderr, "    its loops pass %zu values on through memory\n", s->passed);
  }
  size_t regs = precision == MBE_PRECISION_DOUBLE ? 2 * s->max_live : s->max_live;
  fprintf(stderr,
          "    at most %zu values live at once: about %zu 32-bit registers per work-item%s\n",
          s->max_live, regs, regs > 255 ? " (more than a GPU's 255: the device spills)" : "");
  fprintf(stderr, "    %zu operations deep: %.1f could run side by side on average\n", s->depth,
          s->depth > 0 ? (double)s->operations / (double)s->depth : 0.0);
}

void mbe_cli_print_kernel_stats(const char* cmd, const MbeKernelStats* ks,
                                MbePrecision precision) {
  fprintf(stderr, "mbens %s: kernel of %s: %zu states, accelerations by %s\n", cmd, ks->name,
          ks->nstates, ks->articulated ? "articulated bodies" : "composite inertias");
  print_fn_stats("mbe_rhs", "each derivative evaluation", &ks->rhs, precision);
  print_fn_stats("mbe_out", "each output time", &ks->out, precision);
  fprintf(stderr,
          "  %zu member constants computed once per member, %zu event relations and counts\n",
          ks->member_constants, ks->modes);
}

void mbe_cli_print_build_stats(const char* cmd, const MbeProgramInfo* info) {
  fprintf(stderr, "mbens %s: kernel built in %.2f s%s\n", cmd, info->build_seconds,
          info->from_cache ? " (from the cache)" : "");
  if (info->max_group > 0) {
    fprintf(stderr,
            "  OpenCL integration kernel: %zu bytes of private memory per work-item, work-groups "
            "of %zu (the device allows %zu)\n",
            info->private_bytes, info->group, info->max_group);
  }
  if (info->build_log[0] != '\0') {
    fprintf(stderr, "  the OpenCL compiler's log:\n%s\n", info->build_log);
  }
}

void mbe_cli_warn_step(const char* cmd, const MbeRunDef* run, size_t nx, MbeCliModesFn* modes,
                       void* ctx) {
  if (run->method != MBE_RUN_METHOD_RK4 || nx == 0) {
    return;
  }
  // the modes at the start; where they cannot be had the run will say why, not this check
  double* re = malloc(2 * nx * sizeof *re);
  if (re == NULL) {
    return;
  }
  double* im = re + nx;
  MbeError err;
  char text[1024];
  if (modes(ctx, re, im, &err) == MBE_OK &&
      mbe_rk4_step_warning(run, re, im, nx, text, sizeof text)) {
    fprintf(stderr, "mbens %s: warning: %s\n", cmd, text);
  }
  free(re);
}
