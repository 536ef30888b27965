// SPDX-License-Identifier: Apache-2.0
// CMA-ES over an evaluator (ensemble_optimize.h): each generation one batch, IPOP restarts.
#include "mbe/mbe_optimize.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base.h"
#include "mbe_cmaes.h"

MbeOptimizeDef mbe_optimize_def_default(const MbeModel* m) {
  MbeOptimizeDef d;
  memset(&d, 0, sizeof d);
  d.model = m;
  MbeEvaluatorDef ed = mbe_evaluator_def_default(m);
  d.run = ed.run;
  d.backend = ed.backend;
  d.precision = ed.precision;
  d.restarts = 4;
  d.sigma0 = 0.3;
  d.tolfun = 1e-12;
  return d;
}

void mbe_optimize_result_deinit(MbeOptimizeResult* r) {
  mbe_free(r->p);
  mbe_free(r->g);
  memset(r, 0, sizeof *r);
}

// the two sides of "LEFT <= RIGHT" (or >=, <, >) into owned strings; sign +1 for <=, -1 for >=
static MbeStatus split_constraint(const char* text, char** left, char** right, int* sign,
                                  MbeError* err) {
  int depth = 0;
  const char* at = NULL;
  for (const char* c = text; *c; c++) {
    depth += *c == '(' ? 1 : *c == ')' ? -1 : 0;
    if (depth == 0 && (*c == '<' || *c == '>')) {
      if (at) {
        return mbe_error_set(err, MBE_ERR_USAGE, "constraint '%s' compares more than two sides",
                             text);
      }
      at = c;
    }
  }
  if (!at) {
    return mbe_error_set(err, MBE_ERR_USAGE,
                         "constraint '%s' has no <= or >=: write LEFT <= RIGHT, e.g. "
                         "'max(abs(rev.phi)) <= 0.5'",
                         text);
  }
  *sign = *at == '<' ? 1 : -1;
  size_t skip = at[1] == '=' ? 2 : 1;
  *left = mbe_malloc((size_t)(at - text) + 1);
  *right = mbe_malloc(strlen(at + skip) + 1);
  if (!*left || !*right) {
    return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
  }
  memcpy(*left, text, (size_t)(at - text));
  (*left)[at - text] = '\0';
  strcpy(*right, at + skip);
  if (strspn(*left, " \t") == strlen(*left) || strspn(*right, " \t") == strlen(*right)) {
    return mbe_error_set(err, MBE_ERR_USAGE, "constraint '%s' lacks a side", text);
  }
  return MBE_OK;
}

// the work of one optimization
typedef struct Opt {
  const MbeOptimizeDef* def;
  MbeEvaluator* ev;
  size_t nq;    // quantities: the objective, then each constraint's left and right
  int* sign;    // (nconstraints) +1: left - right <= 0; -1: right - left <= 0
  char** side;  // (2 nconstraints) owned texts
  FILE* history;
  MbeOptimizeResult* res;
  size_t cap;  // members the arrays hold
  double *x, *p, *q, *f, *v;
  int32_t* status;
} Opt;

static MbeStatus make_evaluator(Opt* o, MbeError* err) {
  const MbeOptimizeDef* d = o->def;
  size_t nc = d->nconstraints;
  o->nq = 1 + 2 * nc;
  o->sign = mbe_calloc(nc + 1, sizeof *o->sign);
  o->side = mbe_calloc(2 * nc + 1, sizeof *o->side);
  const char** q = mbe_calloc(o->nq, sizeof *q);
  if (!o->sign || !o->side || !q) {
    mbe_free(q);
    return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
  }
  MbeStatus st = MBE_OK;
  q[0] = d->objective;
  for (size_t j = 0; j < nc && st == MBE_OK; j++) {
    st =
        split_constraint(d->constraints[j], &o->side[2 * j], &o->side[2 * j + 1], &o->sign[j], err);
    q[1 + 2 * j] = o->side[2 * j];
    q[2 + 2 * j] = o->side[2 * j + 1];
  }
  MbeEvaluatorDef ed = mbe_evaluator_def_default(d->model);
  ed.vary = d->vary;
  ed.nvary = d->nvary;
  ed.qoi = q;
  ed.nqoi = o->nq;
  ed.run = d->run;
  ed.backend = d->backend;
  ed.precision = d->precision;
  if (st == MBE_OK) {
    st = mbe_evaluator_create(d->model, &ed, &o->ev, err);
  }
  mbe_free(q);
  return st;
}

static MbeStatus check_box(const MbeOptimizeDef* d, MbeError* err) {
  if (!d->objective || d->nvary == 0) {
    return mbe_error_set(err, MBE_ERR_USAGE, "an optimization needs an objective and parameters");
  }
  for (size_t j = 0; j < d->nvary; j++) {
    if (!(isfinite(d->lo[j]) && isfinite(d->hi[j]) && d->lo[j] < d->hi[j])) {
      return mbe_error_set(err, MBE_ERR_USAGE, "%s: the range [%g, %g] is not a box", d->vary[j],
                           d->lo[j], d->hi[j]);
    }
  }
  return MBE_OK;
}

// the arrays of a population of n members
static MbeStatus reserve(Opt* o, size_t n, MbeError* err) {
  if (n <= o->cap) {
    return MBE_OK;
  }
  size_t d = o->def->nvary;
  mbe_free(o->x), mbe_free(o->p), mbe_free(o->q), mbe_free(o->f), mbe_free(o->v);
  mbe_free(o->status);
  o->x = mbe_malloc(n * d * sizeof *o->x);
  o->p = mbe_malloc(n * d * sizeof *o->p);
  o->q = mbe_malloc(n * o->nq * sizeof *o->q);
  o->f = mbe_malloc(n * sizeof *o->f);
  o->v = mbe_malloc(n * sizeof *o->v);
  o->status = mbe_malloc(n * sizeof *o->status);
  o->cap = o->x && o->p && o->q && o->f && o->v && o->status ? n : 0;
  return o->cap ? MBE_OK : mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
}

// member k's constraint values into g (nconstraints); returns the violation
static double violation(const Opt* o, size_t k, double* g) {
  double v = 0;
  const double* q = o->q + k * o->nq;
  for (size_t j = 0; j < o->def->nconstraints; j++) {
    double x = o->sign[j] * (q[1 + 2 * j] - q[2 + 2 * j]);
    if (g) {
      g[j] = q[1 + 2 * j] - q[2 + 2 * j];
    }
    v += x > 0 ? x : isnan(x) ? HUGE_VAL : 0.0;
  }
  return v;
}

static int cmp_double(const void* a, const void* b) {
  double x = *(const double*)a, y = *(const double*)b;
  return (x > y) - (x < y);
}

// one generation's record: the table's and the history's numbers
static void step_numbers(Opt* o, size_t n, MbeOptimizeStep* s) {
  double* ok = o->x;  // scratch: the feasible objectives (x is asked anew next generation)
  size_t nok = 0;
  s->failed = 0;
  for (size_t k = 0; k < n; k++) {
    s->failed += o->status[k] != 0;
    if (o->v[k] == 0 && !isnan(o->f[k])) {
      ok[nok++] = o->def->maximize ? -o->f[k] : o->f[k];
    }
  }
  qsort(ok, nok, sizeof *ok, cmp_double);
  s->feasible = nok;
  s->gen_best = nok ? (o->def->maximize ? ok[nok - 1] : ok[0]) : (double)NAN;
  s->gen_median = nok ? ok[nok / 2] : (double)NAN;
}

static void history_row(Opt* o, const MbeOptimizeStep* s) {
  if (!o->history) {
    return;
  }
  fprintf(o->history, "%d,%zu,%zu,%zu,%.17g,%.17g,%.17g,%zu,%zu,%.17g,%.17g", s->restart,
          s->generation, s->evaluations, s->population, s->sigma, s->gen_best, s->gen_median,
          s->feasible, s->failed, s->best_f, s->best_v);
  for (size_t j = 0; j < o->def->nvary; j++) {
    fprintf(o->history, ",%.17g", s->best_p[j]);
  }
  fputc('\n', o->history);
  fflush(o->history);  // a run stopped later keeps its history
}

// evaluates the population in x (n points of the unit box) into f and v; a failed member has
// NaN; the best so far follows
static MbeStatus evaluate(Opt* o, size_t n, MbeError* err) {
  const MbeOptimizeDef* d = o->def;
  size_t nv = d->nvary;
  for (size_t k = 0; k < n * nv; k++) {
    size_t j = k % nv;
    o->p[k] = fmin(d->hi[j], fmax(d->lo[j], d->lo[j] + o->x[k] * (d->hi[j] - d->lo[j])));
  }
  MbeEvalBatch b = {.n = n, .p = o->p, .qoi = o->q, .status = o->status};
  MbeStatus st = mbe_evaluator_run(o->ev, &b, err);
  if (st != MBE_OK) {
    return st;
  }
  MbeOptimizeResult* r = o->res;
  for (size_t k = 0; k < n; k++) {
    double f = o->status[k] == 0 ? o->q[k * o->nq] : (double)NAN;
    o->f[k] = d->maximize ? -f : f;
    o->v[k] = o->status[k] == 0 ? violation(o, k, NULL) : HUGE_VAL;
    double best = d->maximize ? -r->f : r->f;
    if (mbe_cmaes_before(o->f[k], o->v[k], best, r->v)) {
      r->f = f;
      r->v = o->v[k];
      memcpy(r->p, o->p + k * nv, nv * sizeof *r->p);
      violation(o, k, r->g);
    }
  }
  r->evaluations += n;
  return MBE_OK;
}

// one CMA-ES run from x0 (unit box) with population lambda until it stops or the budget ends
static MbeStatus one_run(Opt* o, int restart, const double* x0, size_t lambda, size_t budget,
                         MbeError* err) {
  const MbeOptimizeDef* d = o->def;
  MbeCmaesDef cd = mbe_cmaes_def_default();
  cd.dim = d->nvary;
  cd.x0 = x0;
  cd.sigma0 = d->sigma0;
  cd.lambda = lambda;
  cd.seed = d->seed * 1000003u + (uint64_t)restart;
  cd.tolfun = d->tolfun;
  MbeCmaes* es = mbe_cmaes_create(&cd);
  if (!es) {
    return mbe_error_set(err, MBE_ERR_INVALID_ARG, "CMA-ES refused its settings");
  }
  size_t n = mbe_cmaes_lambda(es);
  MbeStatus st = reserve(o, n, err);
  o->res->stop = "budget";
  for (size_t gen = 1; st == MBE_OK && o->res->evaluations + n <= budget; gen++) {
    mbe_cmaes_ask(es, o->x);
    if ((st = evaluate(o, n, err)) != MBE_OK) {
      break;
    }
    MbeCmaesStop why = mbe_cmaes_tell(es, o->f, o->v);
    MbeCmaesState cs;
    mbe_cmaes_state(es, &cs);
    MbeOptimizeStep s = {.restart = restart,
                         .generation = gen,
                         .evaluations = o->res->evaluations,
                         .population = n,
                         .sigma = cs.sigma,
                         .best_f = o->res->f,
                         .best_v = o->res->v,
                         .best_p = o->res->p};
    step_numbers(o, n, &s);
    history_row(o, &s);
    if (d->progress && (st = d->progress(d->ctx, &s, err)) != MBE_OK) {
      break;
    }
    if (why != MBE_CMAES_RUNNING) {
      o->res->stop = mbe_cmaes_stop_word(why);
      break;
    }
  }
  mbe_cmaes_destroy(es);
  return st;
}

static MbeStatus open_history(Opt* o, MbeError* err) {
  const MbeOptimizeDef* d = o->def;
  if (!d->history) {
    return MBE_OK;
  }
  if (!(o->history = fopen(d->history, "w"))) {
    return mbe_error_set(err, MBE_ERR_IO, "cannot write %s: %s", d->history, strerror(errno));
  }
  fprintf(o->history,
          "restart,generation,evaluations,population,sigma,generation_best,"
          "generation_median,feasible,failed,best,best_violation");
  for (size_t j = 0; j < d->nvary; j++) {
    fprintf(o->history, ",%s", d->vary[j]);
  }
  fputc('\n', o->history);
  return MBE_OK;
}

// the start of run r: the model's values (inside the box) first, then points drawn by the seed
static void start_point(const Opt* o, int r, double* x0) {
  const MbeOptimizeDef* d = o->def;
  uint64_t z = d->seed ^ (0x9e3779b97f4a7c15ULL * (uint64_t)(r + 1));
  for (size_t j = 0; j < d->nvary; j++) {
    MbeParamInfo pi;
    mbe_evaluator_param(o->ev, j, &pi);
    double u = (pi.nominal - d->lo[j]) / (d->hi[j] - d->lo[j]);
    z += 0x9e3779b97f4a7c15ULL;
    uint64_t h = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    h = (h ^ (h >> 27)) * 0x94d049bb133111ebULL;
    h ^= h >> 31;
    x0[j] = r == 0 ? (u >= 0 && u <= 1 ? u : 0.5) : (double)(h >> 11) * 0x1.0p-53;
  }
}

MbeStatus mbe_optimize(const MbeOptimizeDef* def, MbeOptimizeResult* out, MbeError* err) {
  memset(out, 0, sizeof *out);
  MbeStatus st = check_box(def, err);
  if (st != MBE_OK) {
    return st;
  }
  Opt o;
  memset(&o, 0, sizeof o);
  o.def = def;
  o.res = out;
  out->f = def->maximize ? -INFINITY : INFINITY;
  out->v = INFINITY;
  out->stop = "budget";
  out->p = mbe_calloc(def->nvary, sizeof *out->p);
  out->g = mbe_calloc(def->nconstraints + 1, sizeof *out->g);
  double* x0 = mbe_calloc(def->nvary, sizeof *x0);
  if (!out->p || !out->g || !x0) {
    st = mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
  }
  if (st == MBE_OK && (st = make_evaluator(&o, err)) == MBE_OK) {
    st = open_history(&o, err);
  }
  size_t budget = def->budget ? def->budget : 200 * (def->nvary + 1) * (def->nvary + 1);
  size_t lambda = def->population;
  for (int r = 0; st == MBE_OK && r <= def->restarts; r++) {
    start_point(&o, r, x0);
    size_t n = lambda ? lambda : 4 + (size_t)floor(3.0 * log((double)def->nvary));
    if (out->evaluations + (n < 2 ? 2 : n) > budget) {
      break;
    }
    out->restarts = r;
    st = one_run(&o, r, x0, n, budget, err);
    lambda = 2 * (n < 2 ? 2 : n);  // IPOP: each restart doubles the population
  }
  if (o.history && fclose(o.history) != 0 && st == MBE_OK) {
    st = mbe_error_set(err, MBE_ERR_IO, "cannot write %s", def->history);
  }
  for (size_t j = 0; j < 2 * def->nconstraints && o.side; j++) {
    mbe_free(o.side[j]);
  }
  mbe_free(o.side), mbe_free(o.sign), mbe_free(x0);
  mbe_free(o.x), mbe_free(o.p), mbe_free(o.q), mbe_free(o.f), mbe_free(o.v), mbe_free(o.status);
  mbe_evaluator_destroy(o.ev);
  if (st != MBE_OK) {
    mbe_optimize_result_deinit(out);
  }
  return st;
}

MbeStatus mbe_optimize_write_best(const char* path, const MbeOptimizeDef* def,
                                  const MbeOptimizeResult* r, MbeError* err) {
  MbeStrbuf b;
  mbe_strbuf_init(&b);
  mbe_strbuf_printf(&b, "# mbens optimize: %s %s = %.17g (%s), %zu evaluations, seed %llu\n",
                    def->maximize ? "maximize" : "minimize", def->objective, r->f,
                    r->v == 0 ? "feasible" : "NOT feasible", r->evaluations,
                    (unsigned long long)def->seed);
  for (size_t j = 0; j < def->nconstraints; j++) {
    mbe_strbuf_printf(&b, "# subject to %s: left - right = %.17g\n", def->constraints[j], r->g[j]);
  }
  mbe_strbuf_puts(&b, "# the parameters (mbens simulate --override @FILE):\n");
  for (size_t j = 0; j < def->nvary; j++) {
    mbe_strbuf_printf(&b, "%s=%.17g\n", def->vary[j], r->p[j]);
  }
  MbeStatus st = b.is_oom ? mbe_error_set(err, MBE_ERR_NOMEM, "out of memory")
                          : mbe_file_write_atomic(path, b.data, b.len, err);
  mbe_strbuf_deinit(&b);
  return st;
}
