// SPDX-License-Identifier: Apache-2.0
// Evaluators of the public API: a model's kernel compiled once with chosen varied parameters,
// quantities of interest and signals, then any number of batches of parameter vectors, each
// integrated in launches the backend holds and reduced to the quantities on the backend.
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "base.h"
#include "ensemble_api.h"
#include "ensemble_qoi.h"
#include "io.h"
#include "mbe_layout.h"
#include "model.h"

#define MBE_EVALUATOR_COOKIE 0x6d626576

struct MbeEvaluator {
  MbeFlat* flat;  // with the varied parameters (the system's names point into it)
  bool borrowed;  // flat and sys are the model's (nothing varies, no quantity adds nodes)
  MbeSystem* sys;
  MbeQoiSet qoi;
  MbeRunDef run;
  MbeBackend* backend;
  MbeProgram* prog;
  size_t nvary, np;    // varied parameters; the kernel's parameter slots (at least one)
  MbeParamInfo* vary;  // (nvary) the varied parameters as listed
  size_t nsig;         // signals whose trajectories a batch may ask for: columns 0 .. nsig
  size_t ncol;         // output columns: the signals, then the quantities' aggregates
  MbeSymId* col_id;    // (ncol)
  int32_t* agg_col;    // (qoi.nagg) the column of each aggregate
  // the buffers of a launch, kept between calls (cap members)
  size_t cap;
  double *p, *agg, *y, *scratch;
  int32_t* info;
};

MbeEvaluatorDef mbe_evaluator_def_default(const MbeModel* m) {
  MbeEvaluatorDef d;
  memset(&d, 0, sizeof d);
  d.run = m ? mbe_model_run_def(m) : mbe_run_def_default();
  d.backend = mbe_backend_def_default();
  d.backend.kind = MBE_BACKEND_OPENMP;
  d.precision = MBE_PRECISION_DOUBLE;
  d.cookie = MBE_EVALUATOR_COOKIE;
  return d;
}

// the column of DAG node id (added when new)
static MbeStatus node_column(MbeEvaluator* ev, MbeSymId id, int32_t* col, MbeError* err) {
  for (size_t j = 0; j < ev->ncol; j++) {
    if (ev->col_id[j] == id) {
      *col = (int32_t)j;
      return MBE_OK;
    }
  }
  MbeSymId* ids = mbe_realloc(ev->col_id, (ev->ncol + 1) * sizeof *ids);
  if (!ids) {
    return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
  }
  ev->col_id = ids;
  ev->col_id[ev->ncol] = id;
  *col = (int32_t)ev->ncol++;
  return MBE_OK;
}

// the signals first, one column each (a batch's y is those columns), then the aggregates
static MbeStatus outputs(MbeEvaluator* ev, const MbeEvaluatorDef* def, MbeError* err) {
  ev->col_id = mbe_malloc((def->nsignals + 1) * sizeof *ev->col_id);
  if (!ev->col_id) {
    return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
  }
  for (size_t j = 0; j < def->nsignals; j++) {
    const MbeSignal* sg = mbe_system_signal(ev->sys, def->signals[j]);
    if (!sg) {
      const char* near = mbe_system_suggest(ev->sys, def->signals[j]);
      return mbe_error_set(err, MBE_ERR_USAGE, "the model has no signal '%s'%s%s%s",
                           def->signals[j], near ? "; did you mean '" : "", near ? near : "",
                           near ? "'?" : "");
    }
    ev->col_id[ev->ncol++] = sg->id;
  }
  ev->nsig = ev->ncol;
  for (size_t j = 0; j < def->nqoi; j++) {
    MbeStatus st = mbe_qoi_add(&ev->qoi, ev->sys, def->qoi[j], err);
    if (st != MBE_OK) {
      if (err && st != MBE_ERR_NOMEM) {
        char msg[sizeof err->message];
        snprintf(msg, sizeof msg, "%s", err->message);
        int col = err->column;
        mbe_error_set(err, st, "quantity '%s': %s", def->qoi[j], msg);
        err->column = col;
      }
      return st;
    }
  }
  ev->agg_col = mbe_malloc((ev->qoi.nagg + 1) * sizeof *ev->agg_col);
  if (!ev->agg_col) {
    return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
  }
  for (size_t k = 0; k < ev->qoi.nagg; k++) {
    MbeStatus st = node_column(ev, ev->qoi.agg_node[k], &ev->agg_col[k], err);
    if (st != MBE_OK) {
      return st;
    }
  }
  if (ev->ncol > 0) {
    return MBE_OK;
  }
  if (ev->sys->nx == 0) {  // nothing to integrate and nothing asked: the kernel has no output
    return mbe_error_set(err, MBE_ERR_USAGE,
                         "%s has no states: name signals or quantities of interest to evaluate",
                         ev->sys->name);
  }
  // the kernel needs one output: the first state
  const MbeSignal* first = mbe_system_signal(ev->sys, ev->sys->state_names[0]);
  if (!first) {
    return mbe_error_set(err, MBE_ERR_INTERNAL, "the state %s is no signal",
                         ev->sys->state_names[0]);
  }
  int32_t col;
  return node_column(ev, first->id, &col, err);
}

// the kernel of the system with the columns as outputs, on the backend of def
static MbeStatus compile(MbeEvaluator* ev, const MbeEvaluatorDef* def, MbeError* err) {
  if (def->precision == MBE_PRECISION_SINGLE && ev->sys->needs_double) {
    return mbe_error_set(err, MBE_ERR_UNSUPPORTED, "single precision cannot run %s: %s",
                         ev->sys->name, ev->sys->needs_double);
  }
  MbeCodegenDef cg = mbe_system_codegen_def(ev->sys, ev->col_id, ev->ncol);
  char* source = NULL;
  MbeStatus st = mbe_codegen_system(&cg, &source, err);
  MbeBackendDef bd = def->backend;
  bd.need_fp64 = def->precision == MBE_PRECISION_DOUBLE;
  if (st == MBE_OK) {
    st = mbe_backend_create(&bd, &ev->backend, err);
  }
  MbeProgramDef pd = mbe_program_def_default();
  pd.system_source = source;
  pd.name = ev->sys->name;
  pd.precision = def->precision;
  if (st == MBE_OK) {
    st = mbe_program_create(ev->backend, &pd, &ev->prog, err);
  }
  mbe_free(source);
  if (st == MBE_OK) {
    MbeProgramInfo info;
    mbe_program_get_info(ev->prog, &info);
    ev->np = (size_t)info.np;
  }
  return st;
}

// the varied parameters as the model lists them
static MbeStatus varied(MbeEvaluator* ev, MbeError* err) {
  ev->vary = mbe_malloc((ev->nvary + 1) * sizeof *ev->vary);
  if (!ev->vary) {
    return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
  }
  for (size_t j = 0; j < ev->nvary; j++) {
    MbeFlatParam fp;
    MbeStatus st = mbe_flat_param(ev->flat, ev->flat->vary[j].name, &fp, err);
    if (st != MBE_OK) {
      return st;
    }
    mbe_param_info_from_flat(&fp, &ev->vary[j]);
    ev->vary[j].nominal = ev->flat->vary[j].nominal;
  }
  return MBE_OK;
}

// a new evaluator with its flat model, system and outputs: everything but the compilation
static MbeStatus prepare(const MbeModel* m, const MbeEvaluatorDef* def, MbeEvaluator** out,
                         MbeError* err) {
  *out = NULL;
  if (!m || !def || def->cookie != MBE_EVALUATOR_COOKIE) {
    return mbe_error_set(err, MBE_ERR_INVALID_ARG,
                         "MbeEvaluatorDef not initialised with mbe_evaluator_def_default()");
  }
  if ((def->nvary && !def->vary) || (def->nqoi && !def->qoi) || (def->nsignals && !def->signals)) {
    return mbe_error_set(err, MBE_ERR_INVALID_ARG, "a list of names is NULL with a count");
  }
  MbeEvaluator* ev = mbe_calloc(1, sizeof *ev);
  if (!ev) {
    return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
  }
  mbe_qoi_set_init(&ev->qoi);
  ev->run = def->run;
  ev->nvary = def->nvary;
  // with nothing varied and no quantity (whose expressions become nodes of the system's DAG),
  // the model's own system is this evaluator's: read only, it is not built twice
  ev->borrowed = def->nvary == 0 && def->nqoi == 0;
  MbeStatus st = MBE_OK;
  if (ev->borrowed) {
    ev->flat = m->flat;
    ev->sys = m->sys;
  } else if ((st = mbe_flat_create(m->spec, m->top_name, &ev->flat, err)) == MBE_OK &&
             (st = mbe_flat_vary(ev->flat, def->vary, def->nvary, err)) == MBE_OK) {
    st = mbe_system_build(ev->flat, &ev->sys, err);
  }
  if (st == MBE_OK && (st = varied(ev, err)) == MBE_OK) {
    st = outputs(ev, def, err);
  }
  if (st != MBE_OK) {
    mbe_evaluator_destroy(ev);
    return st;
  }
  *out = ev;
  return MBE_OK;
}

MbeStatus mbe_evaluator_create(const MbeModel* m, const MbeEvaluatorDef* def, MbeEvaluator** out,
                               MbeError* err) {
  MbeStatus st = prepare(m, def, out, err);
  if (st == MBE_OK && (st = compile(*out, def, err)) != MBE_OK) {
    mbe_evaluator_destroy(*out);
    *out = NULL;
  }
  return st;
}

static void fn_stats(const MbeCodegenFnStats* c, MbeKernelFnStats* k) {
  k->operations = c->temporaries;
  k->adds = c->adds;
  k->muls = c->muls;
  k->divs = c->divs;
  k->sqrts = c->sqrts;
  k->transcendental = c->transcendental;
  k->other = c->other;
  k->parts = c->parts;
  k->passed = c->passed;
  k->max_live = c->max_live;
  k->depth = c->depth;
  k->loops = c->loops;
  k->looped = c->looped;
  k->written = c->written;
}

MbeStatus mbe_system_kernel_stats(const MbeSystem* sys, const MbeSymId* y, size_t ny,
                                  MbeKernelStats* out, MbeError* err) {
  MbeCodegenDef cg = mbe_system_codegen_def(sys, y, ny);
  MbeCodegenStats cs;
  MbeStatus st = mbe_codegen_stats(&cg, &cs, err);
  if (st == MBE_OK) {
    memset(out, 0, sizeof *out);
    out->name = sys->name;
    out->nstates = sys->nx;
    out->articulated = strcmp(sys->dynamics, "aba") == 0;
    fn_stats(&cs.rhs, &out->rhs);
    fn_stats(&cs.out, &out->out);
    out->member_constants = cs.member_constants;
    out->modes = cs.modes;
  }
  return st;
}

MbeStatus mbe_evaluator_kernel(const MbeModel* m, const MbeEvaluatorDef* def, char** text,
                               MbeKernelStats* stats, MbeError* err) {
  MbeEvaluator* ev = NULL;
  MbeStatus st = prepare(m, def, &ev, err);
  if (st == MBE_OK && stats) {
    st = mbe_system_kernel_stats(ev->sys, ev->col_id, ev->ncol, stats, err);
    stats->name = m->top_name;  // lives as long as the model
  }
  if (st == MBE_OK && text) {
    MbeCodegenDef cg = mbe_system_codegen_def(ev->sys, ev->col_id, ev->ncol);
    st = mbe_codegen_system(&cg, text, err);
  }
  mbe_evaluator_destroy(ev);
  return st;
}

void mbe_evaluator_destroy(MbeEvaluator* ev) {
  if (!ev) {
    return;
  }
  mbe_free(ev->p), mbe_free(ev->agg), mbe_free(ev->y), mbe_free(ev->scratch);
  mbe_free(ev->info);
  mbe_program_destroy(ev->prog);
  mbe_backend_destroy(ev->backend);
  mbe_free(ev->col_id), mbe_free(ev->agg_col), mbe_free(ev->vary);
  mbe_qoi_set_deinit(&ev->qoi);
  if (!ev->borrowed) {
    mbe_system_destroy(ev->sys);
    mbe_flat_destroy(ev->flat);
  }
  mbe_free(ev);
}

/* ---- batches -------------------------------------------------------------------------- */

// every parameter finite and within the model's bounds; else an error naming the first not
static MbeStatus check_params(const MbeEvaluator* ev, const MbeEvalBatch* b, MbeError* err) {
  for (size_t k = 0; k < b->n; k++) {
    for (size_t j = 0; j < ev->nvary; j++) {
      double x = b->p[k * ev->nvary + j];
      const MbeParamInfo* q = &ev->vary[j];
      if (isfinite(x) && x >= q->min && x <= q->max) {
        continue;
      }
      char xs[32], lo[32], hi[32];
      mbe_format_shortest(x, xs, sizeof xs);
      mbe_format_shortest(q->min, lo, sizeof lo);
      mbe_format_shortest(q->max, hi, sizeof hi);
      return mbe_error_set(err, MBE_ERR_INVALID_ARG,
                           isfinite(x) ? "member %zu: %s = %s is outside the min = %s and max = %s "
                                         "the model declares"
                                       : "member %zu: %s = %s is not a number",
                           k, q->name, xs, lo, hi);
    }
  }
  return MBE_OK;
}

// the kernel's parameters of n members (p: n rows of np) but the varied ones: the model's values
// of the rest, 0 in the one slot of a system without parameters
static void fixed_params(const MbeEvaluator* ev, double* p, size_t n) {
  for (size_t k = 0; k < n; k++) {
    memcpy(p + k * ev->np + ev->nvary, ev->sys->p0 + ev->nvary,
           (ev->sys->np - ev->nvary) * sizeof *p);
    if (ev->sys->np == 0) {
      p[k * ev->np] = 0;
    }
  }
}

// the launch buffers for n members (kept between calls)
static MbeStatus reserve(MbeEvaluator* ev, size_t n, bool want_y, MbeError* err) {
  size_t nout = (size_t)ev->run.nout;
  if (n > ev->cap) {
    mbe_free(ev->p), mbe_free(ev->agg), mbe_free(ev->info), mbe_free(ev->y);
    ev->y = NULL;
    ev->p = mbe_malloc(n * ev->np * sizeof *ev->p);
    ev->agg = mbe_malloc((n * ev->qoi.nagg + 1) * sizeof *ev->agg);
    ev->info = mbe_malloc(n * MBE_INFO_COUNT * sizeof *ev->info);
    ev->cap = ev->p && ev->agg && ev->info ? n : 0;
    if (!ev->cap) {
      return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory for %zu members", n);
    }
    fixed_params(ev, ev->p, n);  // once: only the varied ones change between calls
  }
  if (!ev->scratch && !(ev->scratch = mbe_malloc((ev->qoi.formula.nnodes + 1) * sizeof(double)))) {
    return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
  }
  if (want_y && ev->ncol > ev->nsig && !ev->y &&
      !(ev->y = mbe_malloc(ev->cap * nout * ev->ncol * sizeof *ev->y))) {
    return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory for the trajectories");
  }
  return MBE_OK;
}

// what the backend reduces in a launch: the quantities' aggregates
static void reduce_def(const MbeEvaluator* ev, MbeReduceDef* red) {
  memset(red, 0, sizeof *red);
  red->nqoi = ev->qoi.nagg;
  red->qoi_code = ev->qoi.agg_code;
  red->qoi_column = ev->agg_col;
  red->qoi_level = ev->qoi.agg_level;
}

// one launch of n members from member first of b
static MbeStatus launch(MbeEvaluator* ev, const MbeEvalBatch* b, size_t first, size_t n,
                        MbeError* err) {
  size_t nout = (size_t)ev->run.nout;
  for (size_t k = 0; k < n; k++) {
    memcpy(ev->p + k * ev->np, b->p + (first + k) * ev->nvary, ev->nvary * sizeof *ev->p);
  }
  // the trajectories straight into the caller's array when the columns are its signals
  double* user_y = b->y ? b->y + first * nout * ev->nsig : NULL;
  MbeReduceDef red;
  reduce_def(ev, &red);
  MbeBatch bt;
  memset(&bt, 0, sizeof bt);
  bt.n = n;
  bt.p = ev->p;
  bt.info = ev->info;
  bt.y = !b->y ? NULL : ev->ncol == ev->nsig ? user_y : ev->y;
  bt.qoi = red.nqoi ? ev->agg : NULL;
  MbeStatus st = mbe_program_run_batch(ev->prog, &ev->run, &red, &bt, err);
  if (st != MBE_OK) {
    return st;
  }
  for (size_t k = 0; k < n; k++) {
    const int32_t* info = ev->info + k * MBE_INFO_COUNT;
    if (b->status) {
      b->status[first + k] = info[MBE_INFO_STATUS];
    }
    if (b->info) {
      memcpy(b->info + (first + k) * MBE_INFO_COUNT, info, MBE_INFO_COUNT * sizeof *info);
    }
    if (b->qoi && ev->qoi.nqoi) {
      mbe_qoi_eval(&ev->qoi, ev->agg + k * red.nqoi, ev->scratch,
                   b->qoi + (first + k) * ev->qoi.nqoi);
    }
  }
  if (b->y && bt.y == ev->y) {  // the signals' columns out of all of them
    for (size_t r = 0; r < n * nout; r++) {
      memcpy(user_y + r * ev->nsig, ev->y + r * ev->ncol, ev->nsig * sizeof *ev->y);
    }
  }
  return MBE_OK;
}

MbeStatus mbe_evaluator_run(MbeEvaluator* ev, const MbeEvalBatch* b, MbeError* err) {
  if (!ev || !b || (b->n && ev->nvary && !b->p)) {
    return mbe_error_set(err, MBE_ERR_INVALID_ARG, "no evaluator, batch or parameters");
  }
  if (b->y && ev->nsig == 0) {
    return mbe_error_set(err, MBE_ERR_INVALID_ARG,
                         "trajectories asked for, but the evaluator was compiled without signals");
  }
  MbeStatus st = check_params(ev, b, err);
  if (st != MBE_OK || b->n == 0) {
    return st;
  }
  MbeReduceDef red;
  reduce_def(ev, &red);
  size_t chunk = mbe_program_batch_limit(ev->prog, &ev->run, &red, false);
  if (chunk == 0 || chunk > b->n) {
    chunk = b->n;
  }
  // host memory: at most about 256 MiB of trajectories a launch
  size_t per = (size_t)ev->run.nout * ev->ncol * sizeof(double);
  if (b->y && ev->ncol > ev->nsig && per * chunk > ((size_t)256 << 20)) {
    chunk = ((size_t)256 << 20) / per > 0 ? ((size_t)256 << 20) / per : 1;
  }
  if ((st = reserve(ev, chunk > ev->cap ? chunk : ev->cap, b->y != NULL, err)) != MBE_OK) {
    return st;
  }
  for (size_t first = 0; first < b->n && st == MBE_OK; first += chunk) {
    st = launch(ev, b, first, b->n - first < chunk ? b->n - first : chunk, err);
  }
  return st;
}

/* ---- what it is -------------------------------------------------------------------------- */

size_t mbe_evaluator_nvary(const MbeEvaluator* ev) {
  return ev->nvary;
}

size_t mbe_evaluator_nqoi(const MbeEvaluator* ev) {
  return ev->qoi.nqoi;
}

size_t mbe_evaluator_nsignals(const MbeEvaluator* ev) {
  return ev->nsig;
}

size_t mbe_evaluator_nout(const MbeEvaluator* ev) {
  return (size_t)ev->run.nout;
}

const char* mbe_evaluator_qoi_name(const MbeEvaluator* ev, size_t j) {
  return ev->qoi.name[j];
}

void mbe_evaluator_param(const MbeEvaluator* ev, size_t j, MbeParamInfo* out) {
  *out = ev->vary[j];
}

void mbe_evaluator_times(const MbeEvaluator* ev, double* time) {
  mbe_run_grid_times(&ev->run, time);
}

const MbeRunDef* mbe_evaluator_run_def(const MbeEvaluator* ev) {
  return &ev->run;
}

void mbe_evaluator_backend_info(const MbeEvaluator* ev, MbeBackendInfo* info) {
  mbe_backend_get_info(ev->backend, info);
}

void mbe_evaluator_program_info(const MbeEvaluator* ev, MbeProgramInfo* info) {
  mbe_program_get_info(ev->prog, info);
}

MbeProgram* mbe_evaluator_program(const MbeEvaluator* ev) {
  return ev->prog;
}

MbeStatus mbe_evaluator_launch_arrays(const MbeEvaluator* ev, size_t n, MbeReduceDef* red,
                                      double** p, double** agg, MbeError* err) {
  reduce_def(ev, red);
  *p = mbe_malloc((n * ev->np + 1) * sizeof **p);
  *agg = mbe_malloc((n * ev->qoi.nagg + 1) * sizeof **agg);
  if (!*p || !*agg) {
    mbe_free(*p), mbe_free(*agg);
    return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
  }
  fixed_params(ev, *p, n);
  for (size_t k = 0; k < n; k++) {  // the varied ones at the model's values
    memcpy(*p + k * ev->np, ev->sys->p0, ev->nvary * sizeof **p);
  }
  return MBE_OK;
}

size_t mbe_evaluator_nstates(const MbeEvaluator* ev) {
  return ev->sys->nx;
}

MbeInitInfo mbe_evaluator_init_info(const MbeEvaluator* ev) {
  MbeInitInfo i = {ev->sys->init_conditions, ev->sys->init_iterations};
  return i;
}

bool mbe_evaluator_assert(const MbeEvaluator* ev, int32_t k, MbeAssertInfo* out) {
  return mbe_system_assert(ev->sys, k, out);
}

bool mbe_system_assert(const MbeSystem* sys, int32_t k, MbeAssertInfo* out) {
  if (k < 1 || (size_t)k > sys->nasserts) {
    return false;
  }
  const MbeFlatAssert* a = sys->assert_src[k - 1];
  out->message = a->message;
  out->file = a->loc.file;
  out->line = a->loc.line;
  out->column = a->loc.col;
  out->is_warning = a->is_warning;
  return true;
}

double mbe_info_assert_time(const int32_t* info, MbePrecision precision) {
  uint32_t lo = (uint32_t)info[MBE_INFO_ASSERT_TLO];
  uint32_t hi = (uint32_t)info[MBE_INFO_ASSERT_THI];
  if (precision == MBE_PRECISION_SINGLE) {
    float f;
    memcpy(&f, &lo, sizeof f);
    return f;
  }
  uint64_t u = (uint64_t)hi << 32 | lo;
  double d;
  memcpy(&d, &u, sizeof d);
  return d;
}

MbeStatus mbe_evaluator_modes(const MbeEvaluator* ev, const double* p, double* re, double* im,
                              MbeError* err) {
  double* full = mbe_malloc((ev->sys->np + 1) * sizeof *full);
  if (!full) {
    return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
  }
  memcpy(full, ev->sys->p0, ev->sys->np * sizeof *full);
  if (p) {
    memcpy(full, p, ev->nvary * sizeof *full);
  }
  MbeStatus st = mbe_system_modes(ev->sys, ev->run.t0, ev->sys->np ? full : NULL, re, im, err);
  mbe_free(full);
  return st;
}

MbeResultFormat mbe_result_format(const char* path) {
  if (strcmp(path, "-") == 0) {
    return MBE_RESULT_CSV;
  }
  size_t n = strlen(path);
  if (n > 4 && strcasecmp(path + n - 4, ".mat") == 0) {
    return MBE_RESULT_MAT;
  }
  const char* base = strrchr(path, '/');
  base = base ? base + 1 : path;
  const char* ext = strrchr(base, '.');
  return !ext || ext == base || strcasecmp(ext, ".csv") == 0 ? MBE_RESULT_CSV : MBE_RESULT_UNKNOWN;
}

MbeStatus mbe_result_write(const char* path, size_t nout, size_t nsig, const double* time,
                           const char* const* names, const double* y, MbeError* err) {
  MbeResultFormat f = mbe_result_format(path);
  if (f == MBE_RESULT_UNKNOWN) {
    return mbe_error_set(err, MBE_ERR_USAGE,
                         "%s: results are written as CSV (.csv, no extension, or - for standard "
                         "output) or MAT (.mat, Dymola's result layout)",
                         path);
  }
  if (f == MBE_RESULT_MAT) {
    return mbe_mat_write_trajectory(path, nout, nsig, time, names, y, err);
  }
  if (strcmp(path, "-") != 0) {
    return mbe_csv_write_trajectory(path, nout, nsig, time, names, y, err);
  }
  MbeStrbuf sb;
  mbe_strbuf_init(&sb);
  mbe_csv_format_trajectory(&sb, nout, nsig, time, names, y);
  MbeStatus st = sb.is_oom ? mbe_error_set(err, MBE_ERR_NOMEM, "out of memory writing the result")
                 : fwrite(sb.data, 1, sb.len, stdout) != sb.len || fflush(stdout) != 0
                     ? mbe_error_set(err, MBE_ERR_IO, "cannot write the result to standard output")
                     : MBE_OK;
  mbe_strbuf_deinit(&sb);
  return st;
}

uint64_t mbe_result_bytes(size_t nout, size_t nsig) {
  return mbe_csv_trajectory_bytes(nout, nsig);
}
