// SPDX-License-Identifier: Apache-2.0
// mbens fit: parameters estimated from measured trajectories (host/ensemble/ensemble_fit.c);
// the estimates with standard errors and confidence intervals, best.txt and parameters.csv.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli.h"
#include "ensemble_api.h"
#include "mbe/mbe_fit.h"
#include "io.h"

#define CMD "fit"

static void fit_help(FILE* f) {
  fprintf(
      f,
      "usage: mbens fit " MBE_CLI_MODEL_USAGE
      " DATA.csv --estimate NAME[=START] ...\n"
      "                 [-o DIR] [--max-evaluations N] [--confidence P]\n"
      "                 [--start-time T0] [--tolerance TOL] [--method rk4|dopri5] [--step H]\n"
      "                 [--backend auto|openmp|opencl] [--device D] [--threads N]\n"
      "                 [--precision double|single]\n\n"
      "Estimates parameters from measurements: the least squares of the model's signals minus\n"
      "the data over the data's times, by MINPACK's Levenberg-Marquardt (cminpack's lmder) with\n"
      "the Jacobian computed as one batch of perturbed members (central differences), and\n"
      "confidence intervals from the Jacobian at the estimates (s^2 (J^T J)^-1, s^2 the residual\n"
      "variance; Student's t). The errors are taken as independent with one variance across\n"
      "signals: scale the data's columns to make that so.\n\n"
      "options:\n" MBE_CLI_MODEL_HELP
      "  DATA.csv            a CSV with a `time` column and columns named by the model's signals\n"
      "                      (mbens simulate --list-signals); nan for a missing value. The times\n"
      "                      lie on one uniform grid from the start time (any of its points)\n"
      "  --estimate N[=S]    a parameter or start value to estimate, from S (default: the\n"
      "                      model's value); repeatable\n"
      "  -o, --output DIR    writes DIR/best.txt (NAME=VALUE: mbens simulate --override\n"
      "                      @DIR/best.txt) and DIR/parameters.csv (estimate, standard error,\n"
      "                      interval, start)\n"
      "  --max-evaluations N residual evaluations Levenberg-Marquardt may make (default\n"
      "                      100 (parameters + 1))\n"
      "  --confidence P      of the intervals (default 0.95)\n"
      "  --tolerance TOL     dopri5's tolerance (default: the annotation's Tolerance, at most\n"
      "                      1e-10: differences of trajectories need accurate ones)\n"
      "  the other integration options are those of mbens simulate (--help there); the stop\n"
      "  time and the output grid come from the data\n"
      "  --help              this text\n\n"
      "exit codes: 0 converged, 1 not converged or a runtime failure, 2 usage or model error\n");
}

typedef struct FitOpts {
  MbeCliModel model;
  MbeCliSim sim;
  const char* data;
  const char* out;
  const char* est[64];
  int nest;
  long max_evals;
  double conf;
} FitOpts;

static bool is_csv(const char* a) {
  size_t n = strlen(a);
  return n > 4 && strcasecmp(a + n - 4, ".csv") == 0;
}

static int take_option(int argc, char** argv, int* i, FitOpts* o) {
  const char* a = argv[*i];
  const char* v;
  if (mbe_cli_is_option(a, "--estimate")) {
    if (o->nest == 64) {
      mbe_cli_usage_error(CMD, "at most 64 parameters to estimate");
      return -1;
    }
    return (o->est[o->nest++] = mbe_cli_value(argc, argv, i, "--estimate")) ? 1 : -1;
  }
  if (mbe_cli_is_option(a, "--max-evaluations")) {
    return (v = mbe_cli_value(argc, argv, i, "--max-evaluations")) &&
                   mbe_cli_parse_int(CMD, "--max-evaluations", v, 1, 100000000, &o->max_evals)
               ? 1
               : -1;
  }
  if (mbe_cli_is_option(a, "--confidence")) {
    if (!(v = mbe_cli_value(argc, argv, i, "--confidence")) ||
        !mbe_cli_parse_double(CMD, "--confidence", v, 1e-6, &o->conf)) {
      return -1;
    }
    if (o->conf >= 1) {
      mbe_cli_usage_error(CMD, "--confidence takes a probability below 1, e.g. 0.95");
      return -1;
    }
    return 1;
  }
  if (strcmp(a, "-o") == 0 || mbe_cli_is_option(a, "--output")) {
    return (o->out = mbe_cli_value(argc, argv, i, a[1] == 'o' ? "-o" : "--output")) ? 1 : -1;
  }
  if (a[0] != '-' && is_csv(a)) {
    if (o->data) {
      mbe_cli_usage_error(CMD, "one data file: '%s' and '%s'", o->data, a);
      return -1;
    }
    o->data = a;
    return 1;
  }
  return 0;
}

static int parse(int argc, char** argv, FitOpts* o) {
  memset(o, 0, sizeof *o);
  mbe_cli_sim_init(&o->sim);
  o->conf = 0.95;
  for (int i = 1; i < argc; i++) {
    const char* a = argv[i];
    int taken;
    if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
      fit_help(stdout);
      return -1;
    }
    if (mbe_cli_is_option(a, "--stop-time") || mbe_cli_is_option(a, "--interval")) {
      return mbe_cli_usage_error(CMD, "%s: the data's times set the grid and the stop time", a);
    }
    if ((taken = take_option(argc, argv, &i, o)) != 0 ||
        (taken = mbe_cli_sim_option(CMD, argc, argv, &i, &o->sim)) != 0 ||
        (taken = mbe_cli_model_arg(CMD, argc, argv, &i, &o->model)) != 0) {
      if (taken < 0) {
        return MBE_EXIT_USAGE;
      }
      continue;
    }
    return mbe_cli_usage_error(CMD,
                               "unknown option '%s'; options are --class, --library, "
                               "--estimate, -o, --max-evaluations, --confidence, the "
                               "integration options of simulate, --help",
                               a);
  }
  if (o->model.nfiles == 0 && !o->model.class_name) {
    fit_help(stderr);
  }
  if (mbe_cli_model_check(CMD, &o->model) != MBE_EXIT_OK) {
    return MBE_EXIT_USAGE;
  }
  if (!o->data) {
    return mbe_cli_usage_error(CMD, "no data given (DATA.csv: time and signal columns)");
  }
  if (o->nest == 0) {
    return mbe_cli_usage_error(CMD, "nothing to estimate: give --estimate NAME[=START]");
  }
  return MBE_EXIT_OK;
}

// --estimate NAME[=START] into names (owned) and starts (NaN: the model's value)
static int estimates(const FitOpts* o, char** names, double* start) {
  for (int j = 0; j < o->nest; j++) {
    const char* eq = strchr(o->est[j], '=');
    size_t len = eq ? (size_t)(eq - o->est[j]) : strlen(o->est[j]);
    names[j] = malloc(len + 1);
    if (!names[j]) {
      return MBE_EXIT_FAILURE;
    }
    memcpy(names[j], o->est[j], len);
    names[j][len] = '\0';
    start[j] = NAN;
    if (eq) {
      char* end;
      start[j] = strtod(eq + 1, &end);
      if (end == eq + 1 || *end != '\0' || !isfinite(start[j])) {
        return mbe_cli_usage_error(CMD, "--estimate '%s': the start is not a number", o->est[j]);
      }
    }
  }
  return MBE_EXIT_OK;
}

// the table's time column and the others (the signals) as the fit takes them; the arrays are
// freed by free_arrays
static int data_arrays(const MbeTable* t, MbeFitDef* d) {
  long tc = mbe_table_column(t, "time");
  if (tc < 0) {
    return mbe_cli_usage_error(CMD, "the data need a 'time' column");
  }
  size_t ns = t->ncols - 1;
  double* time = malloc((t->nrows + 1) * sizeof *time);
  double* data = malloc((t->nrows * ns + 1) * sizeof *data);
  const char** sig = malloc((ns + 1) * sizeof *sig);
  if (!time || !data || !sig) {
    free(time), free(data), free(sig);
    fprintf(stderr, "mbens fit: error: out of memory\n");
    return MBE_EXIT_FAILURE;
  }
  for (size_t c = 0, s = 0; c < t->ncols; c++) {
    if ((long)c != tc) {
      sig[s++] = t->names[c];
    }
  }
  for (size_t r = 0; r < t->nrows; r++) {
    time[r] = t->data[r * t->ncols + (size_t)tc];
    for (size_t c = 0, s = 0; c < t->ncols; c++) {
      if ((long)c != tc) {
        data[r * ns + s++] = t->data[r * t->ncols + c];
      }
    }
  }
  d->time = time;
  d->ntimes = t->nrows;
  d->signals = sig;
  d->nsignals = ns;
  d->data = data;
  return MBE_EXIT_OK;
}

static void free_arrays(MbeFitDef* d) {
  free((void*)d->time), free((void*)d->data), free((void*)d->signals);
}

static void report(const MbeFitDef* d, const MbeFitResult* r) {
  printf("%s after %zu residual and %zu Jacobian evaluations (%zu members)\n", r->why, r->nfev,
         r->njev, r->members);
  printf("%zu data values, sum of squared residuals %.6g, residual sd %.6g\n", r->m, r->ssr,
         sqrt(r->ssr / (double)(r->m - d->nvary)));
  printf("  %-28s %16s %12s   %2.0f %% interval\n", "parameter", "estimate", "std error",
         100 * d->conf_level);
  for (size_t j = 0; j < d->nvary; j++) {
    printf("  %-28s %16.10g %12.4g   [%.8g, %.8g]  (from %g)\n", d->vary[j], r->p[j], r->se[j],
           r->lo[j], r->hi[j], r->start[j]);
  }
  if (r->rank_deficient) {
    printf("the data do not determine every parameter (J^T J is singular): no intervals\n");
  }
  for (size_t s = 0; s < d->nsignals; s++) {
    printf("  residual rms of %-22s %.6g\n", d->signals[s], r->rms[s]);
  }
}

static MbeStatus write_files(const char* dir, const MbeFitDef* d, const MbeFitResult* r,
                             MbeError* err) {
  MbeStatus st = mbe_mkdir_p(dir, err);
  MbeStrbuf b, c;
  mbe_strbuf_init(&b);
  mbe_strbuf_init(&c);
  mbe_strbuf_printf(&b, "# mbens fit: %s; sum of squared residuals %.17g over %zu values\n", r->why,
                    r->ssr, r->m);
  mbe_strbuf_puts(&c, "parameter,estimate,std_error,ci_low,ci_high,start\n");
  for (size_t j = 0; j < d->nvary; j++) {
    mbe_strbuf_printf(&b, "%s=%.17g\n", d->vary[j], r->p[j]);
    mbe_strbuf_printf(&c, "%s,%.17g,%.17g,%.17g,%.17g,%.17g\n", d->vary[j], r->p[j], r->se[j],
                      r->lo[j], r->hi[j], r->start[j]);
  }
  char path[4200];
  snprintf(path, sizeof path, "%s/best.txt", dir);
  if (st == MBE_OK) {
    st = mbe_strbuf_write_atomic(&b, path, err);
  }
  snprintf(path, sizeof path, "%s/parameters.csv", dir);
  if (st == MBE_OK) {
    st = mbe_strbuf_write_atomic(&c, path, err);
  }
  mbe_strbuf_deinit(&b);
  mbe_strbuf_deinit(&c);
  return st;
}

// the fit of the loaded model and data
static int run_fit(const FitOpts* o, MbeModel* m, MbeTable* data, char** names, double* start) {
  MbeError err;
  mbe_error_clear(&err);
  MbeFitDef d = mbe_fit_def_default(m);
  MbeModelExperiment exp = mbe_model_experiment(m);
  int rc = mbe_cli_sim_run_def(CMD, &exp, &o->sim, &d.run);
  if (rc != MBE_EXIT_OK) {
    return rc;
  }
  if (!o->sim.has_tol) {
    d.run.rtol = d.run.atol = fmin(d.run.rtol, 1e-10);
  }
  d.vary = (const char* const*)names;
  d.nvary = (size_t)o->nest;
  rc = data_arrays(data, &d);
  if (rc != MBE_EXIT_OK) {
    return rc;
  }
  d.backend.kind = o->sim.backend;
  d.backend.device = o->sim.device;
  d.backend.threads = (int)o->sim.threads;
  d.precision = o->sim.precision;
  d.max_evaluations = (size_t)o->max_evals;
  d.conf_level = o->conf;
  d.start = start;
  MbeFitResult r;
  MbeStatus st = mbe_fit(&d, &r, &err);
  if (st == MBE_OK && o->out) {
    st = write_files(o->out, &d, &r, &err);
  }
  if (st != MBE_OK) {
    mbe_cli_print_error(CMD, &err);
    rc = st == MBE_ERR_USAGE || st == MBE_ERR_MODEL ? MBE_EXIT_USAGE : MBE_EXIT_FAILURE;
  } else {
    report(&d, &r);
    rc = r.info >= 1 && r.info <= 4 ? MBE_EXIT_OK : MBE_EXIT_FAILURE;
  }
  mbe_fit_result_deinit(&r);
  free_arrays(&d);
  return rc;
}

int mbe_cmd_fit(int argc, char** argv) {
  FitOpts o;
  int rc = parse(argc, argv, &o);
  if (rc != MBE_EXIT_OK) {
    return rc < 0 ? MBE_EXIT_OK : rc;
  }
  char* names[64] = {NULL};
  double start[64];
  MbeError err;
  mbe_error_clear(&err);
  MbeTable* data = NULL;
  MbeModel* m = NULL;
  rc = estimates(&o, names, start);
  if (rc == MBE_EXIT_OK && mbe_csv_read(o.data, &data, &err) != MBE_OK) {
    mbe_cli_print_error(CMD, &err);
    rc = MBE_EXIT_USAGE;
  }
  if (rc == MBE_EXIT_OK) {
    rc = mbe_cli_load(CMD, &o.model, &m);
  }
  if (rc == MBE_EXIT_OK) {
    rc = run_fit(&o, m, data, names, start);
  }
  for (int j = 0; j < o.nest; j++) {
    free(names[j]);
  }
  mbe_table_destroy(data);
  mbe_model_destroy(m);
  return rc;
}
