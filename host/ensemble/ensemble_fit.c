// SPDX-License-Identifier: Apache-2.0
// Least squares against measured trajectories (ensemble_fit.h): MINPACK's lmder over an
// evaluator whose signals are the data's columns, the Jacobian one batch of 2 n + 1 members.
#include "mbe/mbe_fit.h"

#include <cminpack.h>
#include <lapacke.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "base.h"
#include "mbe_layout.h"
#include "mbe_normal.h"

// a failed member's residuals: large enough that lmder takes no step towards it
#define MBE_FIT_FAILED 1e20

typedef struct Fit {
  const MbeFitDef* def;
  MbeEvaluator* ev;
  size_t n, nsig, nout, m;
  size_t* k;        // (ntimes) the grid point of each time
  double *lo, *hi;  // (n) the model's bounds
  double *P, *y;    // (2 n + 1, n) members, (2 n + 1, nout, nsig) their trajectories
  int32_t* status;
  size_t members;
  MbeError* err;
  MbeStatus st;  // the first error inside lmder's callback
} Fit;

MbeFitDef mbe_fit_def_default(const MbeModel* m) {
  MbeFitDef d;
  memset(&d, 0, sizeof d);
  d.model = m;
  MbeEvaluatorDef ed = mbe_evaluator_def_default(m);
  d.run = ed.run;
  d.backend = ed.backend;
  d.precision = ed.precision;
  d.conf_level = 0.95;
  return d;
}

void mbe_fit_result_deinit(MbeFitResult* r) {
  mbe_free(r->p), mbe_free(r->se), mbe_free(r->lo), mbe_free(r->hi), mbe_free(r->cov);
  mbe_free(r->rms), mbe_free(r->start);
  memset(r, 0, sizeof *r);
}

// the output grid through the data's times: run->t1, run->nout and each row's point
static MbeStatus grid(Fit* f, MbeRunDef* run) {
  const MbeFitDef* d = f->def;
  double t0 = run->t0, prev = t0, dt = INFINITY;
  for (size_t r = 0; r < d->ntimes; r++) {
    double ti = d->time[r];
    if (!(ti >= prev) || (r > 0 && ti == prev)) {
      return mbe_error_set(f->err, MBE_ERR_USAGE,
                           "the data's times must rise from the start time %g: row %zu has %g", t0,
                           r + 1, ti);
    }
    dt = ti > prev ? fmin(dt, ti - prev) : dt;
    prev = ti;
  }
  if (!(prev > t0)) {
    return mbe_error_set(f->err, MBE_ERR_USAGE, "the data end at the start time %g", t0);
  }
  double steps = floor((prev - t0) / dt + 0.5);
  if (steps > 1e6) {
    return mbe_error_set(f->err, MBE_ERR_USAGE, "the data's times need more than 1e6 grid points");
  }
  run->t1 = prev;
  run->nout = (int)steps + 1;
  f->nout = (size_t)run->nout;
  for (size_t r = 0; r < d->ntimes; r++) {
    double ti = d->time[r];
    double kk = floor((ti - t0) / (prev - t0) * steps + 0.5);
    double tk = t0 + kk * (prev - t0) / steps;
    if (fabs(tk - ti) > 1e-6 * dt) {
      return mbe_error_set(f->err, MBE_ERR_USAGE,
                           "the data's times do not lie on one uniform grid from the start time "
                           "%g: row %zu has t = %.17g (the grid's step is %g)",
                           t0, r + 1, ti, dt);
    }
    f->k[r] = (size_t)kk;
  }
  return MBE_OK;
}

// the residuals of member j of the last batch into fvec; false when it failed
static bool residuals(const Fit* f, size_t j, double* fvec) {
  const MbeFitDef* def = f->def;
  size_t i = 0;
  for (size_t r = 0; r < def->ntimes; r++) {
    for (size_t s = 0; s < f->nsig; s++) {
      double d = def->data[r * f->nsig + s];
      if (isfinite(d)) {
        fvec[i++] =
            f->status[j] == 0 ? f->y[(j * f->nout + f->k[r]) * f->nsig + s] - d : MBE_FIT_FAILED;
      }
    }
  }
  return f->status[j] == 0;
}

// integrates the first nm rows of P
static bool evaluate(Fit* f, size_t nm) {
  MbeEvalBatch b = {.n = nm, .p = f->P, .status = f->status, .y = f->y};
  f->st = mbe_evaluator_run(f->ev, &b, f->err);
  f->members += nm;
  return f->st == MBE_OK;
}

// the Jacobian at x into fjac (column-major, ldfjac) from one batch: x, then x + h e_j and
// x - h e_j for each j (one-sided at a bound or where a neighbour fails)
static int jacobian(Fit* f, const double* x, double* fjac, int ldfjac) {
  size_t n = f->n, nm = 2 * n + 1;
  double h[64];
  for (size_t j = 0; j < n; j++) {  // an accepted point beyond a bound was evaluated there
    f->P[j] = fmin(f->hi[j], fmax(f->lo[j], x[j]));
  }
  for (size_t r = 1; r < nm; r++) {
    memcpy(f->P + r * n, f->P, n * sizeof *f->P);
  }
  for (size_t j = 0; j < n; j++) {
    double xj = f->P[j];
    h[j] = 6.0554544523933395e-06 * fmax(fabs(xj), 1e-3);  // cbrt(eps) max(|x|, 1e-3)
    f->P[(2 * j + 1) * n + j] = fmin(xj + h[j], f->hi[j]);
    f->P[(2 * j + 2) * n + j] = fmax(xj - h[j], f->lo[j]);
  }
  if (!evaluate(f, nm)) {
    return -1;
  }
  for (size_t j = 0; j < n; j++) {
    size_t a = f->status[2 * j + 1] == 0 ? 2 * j + 1 : 0;  // the upper point, else x
    size_t b = f->status[2 * j + 2] == 0 ? 2 * j + 2 : 0;
    double xa = f->P[a * n + j], xb = f->P[b * n + j];
    if (xa == xb || f->status[a] != 0 || f->status[b] != 0) {
      f->st = mbe_error_set(f->err, MBE_ERR_MODEL,
                            "the members around the estimate fail (%s): no Jacobian there",
                            mbe_run_status_word(f->status[a] ? f->status[a] : f->status[b]));
      return -1;
    }
    const MbeFitDef* def = f->def;
    size_t i = 0;
    for (size_t r = 0; r < def->ntimes; r++) {
      for (size_t s = 0; s < f->nsig; s++) {
        if (isfinite(def->data[r * f->nsig + s])) {
          double ya = f->y[(a * f->nout + f->k[r]) * f->nsig + s];
          double yb = f->y[(b * f->nout + f->k[r]) * f->nsig + s];
          fjac[i++ + j * (size_t)ldfjac] = (ya - yb) / (xa - xb);
        }
      }
    }
  }
  return 0;
}

// lmder's callback: the residuals at x (iflag 1) or the Jacobian (iflag 2)
static int fcn(void* p, int m, int n, const double* x, double* fvec, double* fjac, int ldfjac,
               int iflag) {
  (void)m;
  Fit* f = p;
  if (iflag == 2) {
    return jacobian(f, x, fjac, ldfjac);
  }
  if (iflag != 1) {
    return 0;
  }
  for (int j = 0; j < n; j++) {  // a trial point outside the model's bounds: at the bound
    f->P[j] = fmin(f->hi[j], fmax(f->lo[j], x[j]));
  }
  if (!evaluate(f, 1)) {
    return -1;
  }
  residuals(f, 0, fvec);
  return 0;
}

// Student's t quantile at probability q with nu degrees of freedom (Cornish-Fisher to 1/nu^2)
static double t_quantile(double q, double nu) {
  double z = mbe_normal_quantile(q), z3 = z * z * z, z5 = z3 * z * z;
  return z + (z3 + z) / (4 * nu) + (5 * z5 + 16 * z3 + 3 * z) / (96 * nu * nu);
}

// the covariance, standard errors and intervals from the Jacobian J (m, n) at the estimates
static void intervals(const Fit* f, const double* J, MbeFitResult* r) {
  size_t n = f->n, m = f->m;
  for (size_t a = 0; a < n; a++) {
    for (size_t b = 0; b < n; b++) {
      double s = 0;
      for (size_t i = 0; i < m; i++) {
        s += J[i + a * m] * J[i + b * m];
      }
      r->cov[a * n + b] = s;
    }
  }
  double s2 = r->ssr / (double)(m - n);
  lapack_int info = LAPACKE_dpotrf(LAPACK_ROW_MAJOR, 'L', (lapack_int)n, r->cov, (lapack_int)n);
  if (info == 0) {
    info = LAPACKE_dpotri(LAPACK_ROW_MAJOR, 'L', (lapack_int)n, r->cov, (lapack_int)n);
  }
  r->rank_deficient = info != 0;
  double tq = t_quantile(0.5 + f->def->conf_level / 2, (double)(m - n));
  for (size_t a = 0; a < n; a++) {
    for (size_t b = 0; b <= a; b++) {
      double c = r->rank_deficient ? (double)NAN : s2 * r->cov[a * n + b];
      r->cov[a * n + b] = r->cov[b * n + a] = c;
    }
    r->se[a] = sqrt(r->cov[a * n + a]);
    r->lo[a] = r->p[a] - tq * r->se[a];
    r->hi[a] = r->p[a] + tq * r->se[a];
  }
}

// the evaluator of the data's signals on the grid through the data's times
static MbeStatus prepare(Fit* f, MbeRunDef* run) {
  const MbeFitDef* d = f->def;
  f->nsig = d->nsignals;
  f->k = mbe_calloc(d->ntimes + 1, sizeof *f->k);
  if (!f->k) {
    return mbe_error_set(f->err, MBE_ERR_NOMEM, "out of memory");
  }
  MbeStatus st = f->nsig && d->ntimes
                     ? grid(f, run)
                     : mbe_error_set(f->err, MBE_ERR_USAGE, "the data have no signals or no times");
  for (size_t i = 0; st == MBE_OK && i < d->ntimes * f->nsig; i++) {
    f->m += isfinite(d->data[i]);
  }
  if (st == MBE_OK && f->m <= d->nvary) {
    st = mbe_error_set(f->err, MBE_ERR_USAGE, "%zu data values cannot determine %zu parameters",
                       f->m, d->nvary);
  }
  MbeEvaluatorDef ed = mbe_evaluator_def_default(d->model);
  ed.vary = d->vary, ed.nvary = d->nvary;
  ed.signals = d->signals, ed.nsignals = f->nsig;
  ed.run = *run, ed.backend = d->backend, ed.precision = d->precision;
  if (st == MBE_OK) {
    st = mbe_evaluator_create(d->model, &ed, &f->ev, f->err);
  }
  return st;
}

static MbeStatus alloc(Fit* f, MbeFitResult* r) {
  size_t n = f->n, nm = 2 * n + 1;
  f->lo = mbe_malloc(n * sizeof *f->lo);
  f->hi = mbe_malloc(n * sizeof *f->hi);
  f->P = mbe_malloc(nm * n * sizeof *f->P);
  f->y = mbe_malloc(nm * f->nout * f->nsig * sizeof *f->y);
  f->status = mbe_malloc(nm * sizeof *f->status);
  r->p = mbe_malloc(n * sizeof *r->p);
  r->se = mbe_malloc(n * sizeof *r->se);
  r->lo = mbe_malloc(n * sizeof *r->lo);
  r->hi = mbe_malloc(n * sizeof *r->hi);
  r->cov = mbe_malloc(n * n * sizeof *r->cov);
  r->rms = mbe_calloc(f->nsig, sizeof *r->rms);
  r->start = mbe_malloc(n * sizeof *r->start);
  r->nsignals = f->nsig;
  bool ok = f->lo && f->hi && f->P && f->y && f->status && r->p && r->se && r->lo && r->hi &&
            r->cov && r->rms && r->start;
  return ok ? MBE_OK : mbe_error_set(f->err, MBE_ERR_NOMEM, "out of memory");
}

static const char* lmder_words(int info) {
  static const char* const W[] = {"improper input",
                                  "converged: the sum of squares stopped falling (ftol)",
                                  "converged: the parameters stopped moving (xtol)",
                                  "converged: the sum of squares and the parameters (ftol, xtol)",
                                  "converged: the residuals are orthogonal to the Jacobian (gtol)",
                                  "stopped: the evaluations allowed are used up",
                                  "stopped: ftol is too small to improve further",
                                  "stopped: xtol is too small to improve further",
                                  "stopped: gtol is too small to improve further"};
  return info >= 0 && info <= 8 ? W[info] : "stopped by an error";
}

// lmder from the start, then the residuals, Jacobian and intervals at its estimates
static MbeStatus solve(Fit* f, MbeFitResult* r) {
  size_t n = f->n, m = f->m;
  double* fvec = mbe_malloc(m * sizeof *fvec);
  double* fjac = mbe_malloc(m * n * sizeof *fjac);
  double* wa = mbe_malloc((5 * n + m) * sizeof *wa);
  int* ipvt = mbe_malloc(n * sizeof *ipvt);
  if (!fvec || !fjac || !wa || !ipvt) {
    mbe_free(fvec), mbe_free(fjac), mbe_free(wa), mbe_free(ipvt);
    return mbe_error_set(f->err, MBE_ERR_NOMEM, "out of memory");
  }
  int nfev = 0, njev = 0;
  int maxfev = (int)(f->def->max_evaluations ? f->def->max_evaluations : 100 * (n + 1));
  r->info =
      lmder(fcn, f, (int)m, (int)n, r->p, fvec, fjac, (int)m, 1e-10, 1e-10, 0.0, maxfev, wa, 1,
            100.0, 0, &nfev, &njev, ipvt, wa + n, wa + 2 * n, wa + 3 * n, wa + 4 * n, wa + 5 * n);
  r->why = lmder_words(r->info);
  r->nfev = (size_t)nfev;
  r->njev = (size_t)njev;
  MbeStatus st = f->st;
  if (st == MBE_OK && r->info == 0) {
    st = mbe_error_set(f->err, MBE_ERR_INTERNAL, "lmder refused its input");
  }
  for (size_t j = 0; j < n; j++) {
    r->p[j] = fmin(f->hi[j], fmax(f->lo[j], r->p[j]));
  }
  if (st == MBE_OK && fcn(f, (int)m, (int)n, r->p, fvec, NULL, 0, 1) != 0) {
    st = f->st;
  }
  if (st == MBE_OK && jacobian(f, r->p, fjac, (int)m) != 0) {
    st = f->st;
  }
  if (st == MBE_OK) {
    r->m = m;
    r->ssr = 0;
    for (size_t i = 0; i < m; i++) {
      r->ssr += fvec[i] * fvec[i];
    }
    intervals(f, fjac, r);
  }
  mbe_free(fvec), mbe_free(fjac), mbe_free(wa), mbe_free(ipvt);
  return st;
}

// each data column's root mean square residual at the estimates (the last batch's member 0)
static void column_rms(const Fit* f, MbeFitResult* r) {
  const MbeFitDef* d = f->def;
  for (size_t s = 0; s < f->nsig; s++) {
    double sum = 0;
    size_t cnt = 0;
    for (size_t row = 0; row < d->ntimes; row++) {
      double x = d->data[row * f->nsig + s];
      if (isfinite(x)) {
        double e = f->y[f->k[row] * f->nsig + s] - x;
        sum += e * e;
        cnt++;
      }
    }
    r->rms[s] = cnt ? sqrt(sum / (double)cnt) : (double)NAN;
  }
}

MbeStatus mbe_fit(const MbeFitDef* def, MbeFitResult* out, MbeError* err) {
  memset(out, 0, sizeof *out);
  if (!def || !def->data || !def->time || !def->signals || def->nvary == 0 || def->nvary > 64) {
    return mbe_error_set(err, MBE_ERR_USAGE, "a fit needs data and 1 to 64 parameters");
  }
  Fit f;
  memset(&f, 0, sizeof f);
  f.def = def;
  f.n = def->nvary;
  f.err = err;
  MbeRunDef run = def->run;
  MbeStatus st = prepare(&f, &run);
  if (st == MBE_OK) {
    st = alloc(&f, out);
  }
  for (size_t j = 0; st == MBE_OK && j < f.n; j++) {
    MbeParamInfo pi;
    mbe_evaluator_param(f.ev, j, &pi);
    f.lo[j] = pi.min;
    f.hi[j] = pi.max;
    out->p[j] = def->start && !isnan(def->start[j]) ? def->start[j] : pi.nominal;
    out->start[j] = out->p[j];
    if (!(out->p[j] >= pi.min && out->p[j] <= pi.max)) {
      st = mbe_error_set(err, MBE_ERR_USAGE,
                         "the start of %s, %g, is outside the min = %g and max = %g the model "
                         "declares",
                         pi.name, out->p[j], pi.min, pi.max);
    }
  }
  if (st == MBE_OK) {
    st = solve(&f, out);
  }
  if (st == MBE_OK) {  // the Jacobian's batch began with the estimates themselves
    column_rms(&f, out);
    out->members = f.members;
  }
  mbe_free(f.k), mbe_free(f.lo), mbe_free(f.hi), mbe_free(f.P), mbe_free(f.y);
  mbe_free(f.status);
  mbe_evaluator_destroy(f.ev);
  if (st != MBE_OK) {
    mbe_fit_result_deinit(out);
  }
  return st;
}
