// SPDX-License-Identifier: Apache-2.0
// mbens optimize: CMA-ES over parameters in a box, each generation one batch on the backend
// (host/ensemble/ensemble_optimize.c); a convergence table, history.csv and best.txt.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "ensemble_api.h"
#include "mbe/mbe_optimize.h"
#include "ensemble_sample.h"

#define CMD "optimize"

static void optimize_help(FILE* f) {
  fprintf(
      f,
      "usage: mbens optimize " MBE_CLI_MODEL_USAGE
      " -o DIR\n"
      "                      --vary 'NAME=uniform(LO,HI)' ... (--minimize Q | --maximize Q)\n"
      "                      [--subject-to 'LEFT <= RIGHT' ...] [--budget N] [--population L]\n"
      "                      [--restarts R] [--seed S] [--sigma S] [--quiet]\n"
      "                      [--start-time T0] [--stop-time T1] [--interval DT]\n"
      "                      [--tolerance TOL] [--method rk4|dopri5] [--step H]\n"
      "                      [--backend auto|openmp|opencl] [--device D] [--threads N]\n"
      "                      [--precision double|single]\n\n"
      "Searches the box of the varied parameters for the best value of a quantity of interest\n"
      "with CMA-ES (covariance matrix adaptation); every generation's population is one batch\n"
      "on the backend, and when a run converges a new one starts from a random point with twice\n"
      "the population (IPOP) while the budget lasts. The same seed gives the same search.\n\n"
      "options:\n" MBE_CLI_MODEL_HELP
      "  -o, --output DIR    writes DIR/history.csv (every generation: population, step size,\n"
      "                      best and median values, feasible and failed members, the best\n"
      "                      parameters so far) and DIR/best.txt (NAME=VALUE lines that\n"
      "                      mbens simulate --override @DIR/best.txt reads)\n"
      "  --vary 'N=uniform(LO,HI)'  a parameter or start value and its range (repeatable)\n"
      "  --minimize Q        the objective: a quantity of interest as mbens run --qoi takes it\n"
      "  --maximize Q        (max(abs(rev.phi)), final(body.r_0[1]), integral(tau^2), ...)\n"
      "  --subject-to C      a constraint LEFT <= RIGHT or LEFT >= RIGHT, each side a quantity\n"
      "                      of interest or a number ('max(abs(rev2.phi)) <= 1.5'); a point\n"
      "                      meeting them all ranks before every point that does not, those by\n"
      "                      how far they miss (repeatable)\n"
      "  --budget N          members to evaluate in all (default 200 (parameters + 1)^2)\n"
      "  --population L      the first run's population (default 4 + 3 ln(parameters))\n"
      "  --restarts R        restarts after a run converges (default 4; 0: none)\n"
      "  --seed S            of the search (default 1)\n"
      "  --sigma S           the first step as a share of each range (default 0.3)\n"
      "  --quiet             no convergence table\n"
      "  the integration options are those of mbens simulate (--help there)\n"
      "  --help              this text\n\n"
      "exit codes: 0 a point meeting the constraints was found, 1 none was (best.txt holds the\n"
      "least violating one) or a runtime failure, 2 usage or model error\n");
}

typedef struct OptOpts {
  MbeCliModel model;
  MbeCliSim sim;
  const char* out;
  const char* vary[MBE_CLI_MAX_FILES];
  int nvary;
  const char* objective;
  bool maximize;
  const char* constraints[64];
  int nconstraints;
  long budget, population, restarts, seed;
  double sigma;
  bool quiet;
} OptOpts;

// the option at argv[*i] into o: 1 taken, 0 not one of ours, -1 a usage error (printed)
static int take_option(int argc, char** argv, int* i, OptOpts* o) {
  const char* a = argv[*i];
  const char* v;
  struct {
    const char* name;
    long* value;
    long lo, hi;
  } ints[] = {{"--budget", &o->budget, 2, 1000000000},
              {"--population", &o->population, 2, 100000},
              {"--restarts", &o->restarts, 0, 100},
              {"--seed", &o->seed, 0, 2147483647}};
  for (size_t k = 0; k < sizeof ints / sizeof ints[0]; k++) {
    if (mbe_cli_is_option(a, ints[k].name)) {
      return (v = mbe_cli_value(argc, argv, i, ints[k].name)) &&
                     mbe_cli_parse_int(CMD, ints[k].name, v, ints[k].lo, ints[k].hi, ints[k].value)
                 ? 1
                 : -1;
    }
  }
  if (mbe_cli_is_option(a, "--sigma")) {
    return (v = mbe_cli_value(argc, argv, i, "--sigma")) &&
                   mbe_cli_parse_double(CMD, "--sigma", v, 1e-12, &o->sigma)
               ? 1
               : -1;
  }
  if (strcmp(a, "-o") == 0 || mbe_cli_is_option(a, "--output")) {
    return (o->out = mbe_cli_value(argc, argv, i, a[1] == 'o' ? "-o" : "--output")) ? 1 : -1;
  }
  if (mbe_cli_is_option(a, "--minimize") || mbe_cli_is_option(a, "--maximize")) {
    if (o->objective) {
      mbe_cli_usage_error(CMD, "one objective: give --minimize or --maximize once");
      return -1;
    }
    o->maximize = a[3] == 'a';
    return (o->objective = mbe_cli_value(argc, argv, i, o->maximize ? "--maximize" : "--minimize"))
               ? 1
               : -1;
  }
  if (mbe_cli_is_option(a, "--vary") && o->nvary < MBE_CLI_MAX_FILES) {
    return (o->vary[o->nvary++] = mbe_cli_value(argc, argv, i, "--vary")) ? 1 : -1;
  }
  if (mbe_cli_is_option(a, "--subject-to") && o->nconstraints < 64) {
    return (o->constraints[o->nconstraints++] = mbe_cli_value(argc, argv, i, "--subject-to")) ? 1
                                                                                              : -1;
  }
  if (strcmp(a, "--quiet") == 0) {
    o->quiet = true;
    return 1;
  }
  return 0;
}

static int parse(int argc, char** argv, OptOpts* o) {
  memset(o, 0, sizeof *o);
  mbe_cli_sim_init(&o->sim);
  o->restarts = 4;
  o->seed = 1;
  o->sigma = 0.3;
  for (int i = 1; i < argc; i++) {
    const char* a = argv[i];
    int taken;
    if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
      optimize_help(stdout);
      return -1;
    }
    if ((taken = mbe_cli_sim_option(CMD, argc, argv, &i, &o->sim)) != 0 ||
        (taken = take_option(argc, argv, &i, o)) != 0 ||
        (taken = mbe_cli_model_arg(CMD, argc, argv, &i, &o->model)) != 0) {
      if (taken < 0) {
        return MBE_EXIT_USAGE;
      }
      continue;
    }
    return mbe_cli_usage_error(CMD,
                               "unknown option '%s'; options are --class, --library, -o, --vary, "
                               "--minimize, --maximize, --subject-to, --budget, --population, "
                               "--restarts, --seed, --sigma, --quiet, the integration options of "
                               "simulate, --help",
                               a);
  }
  if (o->model.nfiles == 0 && !o->model.class_name) {
    optimize_help(stderr);
  }
  if (mbe_cli_model_check(CMD, &o->model) != MBE_EXIT_OK) {
    return MBE_EXIT_USAGE;
  }
  if (!o->objective) {
    return mbe_cli_usage_error(CMD, "no objective: give --minimize Q or --maximize Q");
  }
  if (o->nvary == 0) {
    return mbe_cli_usage_error(CMD, "nothing to search: give --vary 'NAME=uniform(LO,HI)'");
  }
  if (!o->out) {
    return mbe_cli_usage_error(CMD, "no output directory given (-o DIR)");
  }
  return MBE_EXIT_OK;
}

// the boxes of --vary into names, lo and hi
static int boxes(const OptOpts* o, MbeVaryList* l, double* lo, double* hi) {
  MbeError err;
  mbe_error_clear(&err);
  for (int j = 0; j < o->nvary; j++) {
    if (mbe_vary_parse(o->vary[j], l, &err) != MBE_OK) {
      return mbe_cli_usage_error(CMD, "%s", err.message);
    }
    const MbeDist* d = &l->dist[l->n - 1];
    if (d->kind != MBE_DIST_UNIFORM) {
      return mbe_cli_usage_error(CMD,
                                 "--vary '%s': optimize searches a box; write "
                                 "'%s=uniform(LO,HI)'",
                                 o->vary[j], l->name[l->n - 1]);
    }
    lo[j] = d->arg[0];
    hi[j] = d->arg[1];
  }
  if (mbe_vary_list_check_unique(l, &err) != MBE_OK) {
    return mbe_cli_usage_error(CMD, "%s", err.message);
  }
  return MBE_EXIT_OK;
}

typedef struct Table {
  double shown;  // the best value last printed
  int restart;
} Table;

// a line of the convergence table: each restart's first generation, a better best, every 10th
static MbeStatus on_step(void* ctx, const MbeOptimizeStep* s, MbeError* err) {
  (void)err;
  Table* t = ctx;
  bool better = s->best_v == 0 && s->best_f != t->shown;
  if (s->generation > 1 && !better && s->generation % 10 != 0 && s->restart == t->restart) {
    return MBE_OK;
  }
  if (s->restart != t->restart || s->generation == 1) {
    fprintf(stderr, "%s run %d: population %zu\n", s->restart ? "restart" : "first", s->restart,
            s->population);
    t->restart = s->restart;
  }
  char best[40];
  if (s->best_v == 0) {
    snprintf(best, sizeof best, "%.10g", s->best_f);
  } else {
    snprintf(best, sizeof best, "(violates by %.3g)", s->best_v);
  }
  fprintf(stderr, "  %6zu %9zu  %-22s %-14.6g %9.3g  %zu/%zu feasible%s\n", s->generation,
          s->evaluations, best, s->gen_best, s->sigma, s->feasible, s->population,
          s->failed ? " (some failed)" : "");
  t->shown = s->best_v == 0 ? s->best_f : t->shown;
  return MBE_OK;
}

static void summary(const MbeOptimizeDef* d, const MbeOptimizeResult* r, const char* dir) {
  printf("%s %s = %.10g%s after %zu evaluations, %d restart%s (last run: %s)\n",
         d->maximize ? "maximized" : "minimized", d->objective, r->f,
         r->v == 0 ? "" : " (the constraints are NOT met)", r->evaluations, r->restarts,
         r->restarts == 1 ? "" : "s", r->stop);
  for (size_t j = 0; j < d->nvary; j++) {
    printf("  %-32s = %.10g\n", d->vary[j], r->p[j]);
  }
  for (size_t j = 0; j < d->nconstraints; j++) {
    printf("  subject to %s: left - right = %.6g\n", d->constraints[j], r->g[j]);
  }
  printf("wrote %s/history.csv and %s/best.txt (mbens simulate --override @%s/best.txt)\n", dir,
         dir, dir);
}

static int run_optimize(const OptOpts* o, MbeOptimizeDef* d) {
  MbeError err;
  mbe_error_clear(&err);
  if (mbe_mkdir_p(o->out, &err) != MBE_OK) {
    mbe_cli_print_error(CMD, &err);
    return MBE_EXIT_FAILURE;
  }
  char history[4200], best[4200];
  snprintf(history, sizeof history, "%s/history.csv", o->out);
  snprintf(best, sizeof best, "%s/best.txt", o->out);
  d->history = history;
  Table table = {NAN, -1};
  if (!o->quiet) {
    d->progress = on_step;
    d->ctx = &table;
    fprintf(stderr, "mbens optimize: %s %s over %zu parameters, budget %zu members\n",
            d->maximize ? "maximize" : "minimize", d->objective, d->nvary,
            d->budget ? d->budget : 200 * (d->nvary + 1) * (d->nvary + 1));
    fprintf(stderr, "  %6s %9s  %-22s %-14s %9s\n", "gen", "members", "best so far", "gen. best",
            "sigma");
  }
  MbeOptimizeResult r;
  MbeStatus st = mbe_optimize(d, &r, &err);
  if (st == MBE_OK) {
    st = mbe_optimize_write_best(best, d, &r, &err);
  }
  if (st != MBE_OK) {
    mbe_cli_print_error(CMD, &err);
    return st == MBE_ERR_USAGE || st == MBE_ERR_MODEL ? MBE_EXIT_USAGE : MBE_EXIT_FAILURE;
  }
  summary(d, &r, o->out);
  int rc = r.v == 0 ? MBE_EXIT_OK : MBE_EXIT_FAILURE;
  mbe_optimize_result_deinit(&r);
  return rc;
}

int mbe_cmd_optimize(int argc, char** argv) {
  OptOpts o;
  int rc = parse(argc, argv, &o);
  if (rc != MBE_EXIT_OK) {
    return rc < 0 ? MBE_EXIT_OK : rc;
  }
  MbeVaryList vl;
  mbe_vary_list_init(&vl);
  double lo[MBE_CLI_MAX_FILES], hi[MBE_CLI_MAX_FILES];
  MbeModel* m = NULL;
  if ((rc = boxes(&o, &vl, lo, hi)) == MBE_EXIT_OK) {
    rc = mbe_cli_load(CMD, &o.model, &m);
  }
  MbeOptimizeDef d = mbe_optimize_def_default(m);
  if (rc == MBE_EXIT_OK) {
    MbeModelExperiment exp = mbe_model_experiment(m);
    rc = mbe_cli_sim_run_def(CMD, &exp, &o.sim, &d.run);
  }
  if (rc == MBE_EXIT_OK) {
    d.vary = (const char* const*)vl.name;
    d.lo = lo;
    d.hi = hi;
    d.nvary = vl.n;
    d.objective = o.objective;
    d.maximize = o.maximize;
    d.constraints = o.constraints;
    d.nconstraints = (size_t)o.nconstraints;
    d.backend.kind = o.sim.backend;
    d.backend.device = o.sim.device;
    d.backend.threads = (int)o.sim.threads;
    d.precision = o.sim.precision;
    d.budget = (size_t)o.budget;
    d.population = (size_t)o.population;
    d.restarts = (int)o.restarts;
    d.seed = (uint64_t)o.seed;
    d.sigma0 = o.sigma;
    rc = run_optimize(&o, &d);
  }
  mbe_vary_list_deinit(&vl);
  mbe_model_destroy(m);
  return rc;
}
