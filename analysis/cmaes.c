// SPDX-License-Identifier: Apache-2.0
// CMA-ES over the unit box (mbe_cmaes.h). The notation follows Hansen's tutorial: mean m, step
// size sigma, covariance C = B D^2 B^T, evolution paths pc and ps, weights w of the mu best.
#include <lapacke.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "mbe_cmaes.h"
#include "mbe_normal.h"

struct MbeCmaes {
  size_t n, lambda, mu;
  double mueff, cc, cs, c1, cmu, damps, chin;
  double* w;            // (mu) recombination weights, summing to 1
  double *m, *pc, *ps;  // (n) mean (unbounded), paths
  double *C, *B, *D;    // (n, n), (n, n), (n) covariance and its eigensystem
  double *z, *y, *x;    // (lambda, n) deviates, steps, the unbounded points asked for
  double *f, *v;        // (lambda) values and violations told
  size_t* order;        // (lambda) Deb's order of the population told
  double* hist;         // (nhist) the best value of recent generations (a ring)
  size_t nhist, ihist;
  double sigma, tolfun, tolx;
  size_t generation;
  uint64_t seed, counter;  // of the normal deviates
  double best_f, best_v;
  double *best_x, *mean_box, *work;  // (n) each; work: (3n) LAPACK's
};

MbeCmaesDef mbe_cmaes_def_default(void) {
  MbeCmaesDef d;
  memset(&d, 0, sizeof d);
  d.sigma0 = 0.3;
  d.tolfun = 1e-12;
  d.tolx = 1e-11;
  return d;
}

const char* mbe_cmaes_stop_word(MbeCmaesStop s) {
  static const char* const W[] = {"running", "tolfun", "tolx", "condition", "noeffect", "error"};
  return (int)s >= 0 && (size_t)s < sizeof W / sizeof W[0] ? W[s] : "unknown";
}

// a standard normal deviate: counter-based splitmix64 bits through the normal quantile
static double normal(MbeCmaes* es) {
  uint64_t z = es->seed + 0x9e3779b97f4a7c15ULL * ++es->counter;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  z ^= z >> 31;
  return mbe_normal_quantile(((double)(z >> 11) + 0.5) * 0x1.0p-53);
}

static void set_strategy(MbeCmaes* es) {
  double n = (double)es->n, sum = 0, sum2 = 0;
  for (size_t i = 0; i < es->mu; i++) {
    es->w[i] = log((double)es->mu + 0.5) - log((double)i + 1.0);
    sum += es->w[i];
  }
  for (size_t i = 0; i < es->mu; i++) {
    es->w[i] /= sum;
    sum2 += es->w[i] * es->w[i];
  }
  es->mueff = 1.0 / sum2;
  es->cc = (4.0 + es->mueff / n) / (n + 4.0 + 2.0 * es->mueff / n);
  es->cs = (es->mueff + 2.0) / (n + es->mueff + 5.0);
  es->c1 = 2.0 / ((n + 1.3) * (n + 1.3) + es->mueff);
  double cmu = 2.0 * (es->mueff - 2.0 + 1.0 / es->mueff) / ((n + 2.0) * (n + 2.0) + es->mueff);
  es->cmu = fmin(1.0 - es->c1, cmu);
  es->damps = 1.0 + 2.0 * fmax(0.0, sqrt((es->mueff - 1.0) / (n + 1.0)) - 1.0) + es->cs;
  es->chin = sqrt(n) * (1.0 - 1.0 / (4.0 * n) + 1.0 / (21.0 * n * n));
}

MbeCmaes* mbe_cmaes_create(const MbeCmaesDef* def) {
  if (!def || def->dim == 0 || !(def->sigma0 > 0)) {
    return NULL;
  }
  for (size_t i = 0; def->x0 && i < def->dim; i++) {
    if (!(def->x0[i] >= 0 && def->x0[i] <= 1)) {
      return NULL;
    }
  }
  MbeCmaes* es = calloc(1, sizeof *es);
  if (!es) {
    return NULL;
  }
  size_t n = def->dim;
  es->n = n;
  es->lambda = def->lambda ? def->lambda : 4 + (size_t)floor(3.0 * log((double)n));
  es->lambda = es->lambda < 2 ? 2 : es->lambda;
  es->mu = es->lambda / 2;
  es->nhist = 10 + (size_t)ceil(30.0 * (double)n / (double)es->lambda);
  size_t L = es->lambda;
  es->w = calloc(es->mu, sizeof(double));
  double* block = calloc(6 * n + 2 * n * n + 3 * L * n + 2 * L + es->nhist + 3 * n, sizeof(double));
  es->order = calloc(L, sizeof *es->order);
  if (!es->w || !block || !es->order) {
    free(block);
    mbe_cmaes_destroy(es);
    return NULL;
  }
  double* p = block;
  es->m = p, p += n;
  es->pc = p, p += n;
  es->ps = p, p += n;
  es->D = p, p += n;
  es->best_x = p, p += n;
  es->mean_box = p, p += n;
  es->C = p, p += n * n;
  es->B = p, p += n * n;
  es->z = p, p += L * n;
  es->y = p, p += L * n;
  es->x = p, p += L * n;
  es->f = p, p += L;
  es->v = p, p += L;
  es->hist = p, p += es->nhist;
  es->work = p;
  set_strategy(es);
  for (size_t i = 0; i < n; i++) {
    es->m[i] = def->x0 ? def->x0[i] : 0.5;
    es->C[i * n + i] = es->B[i * n + i] = es->D[i] = 1.0;
  }
  es->sigma = def->sigma0;
  es->tolfun = def->tolfun;
  es->tolx = def->tolx;
  es->seed = def->seed;
  es->best_f = es->best_v = INFINITY;
  memcpy(es->best_x, es->m, n * sizeof(double));
  for (size_t k = 0; k < es->nhist; k++) {
    es->hist[k] = NAN;
  }
  return es;
}

void mbe_cmaes_destroy(MbeCmaes* es) {
  if (!es) {
    return;
  }
  free(es->m);  // the block
  free(es->w);
  free(es->order);
  free(es);
}

size_t mbe_cmaes_lambda(const MbeCmaes* es) {
  return es->lambda;
}

// one point of the distribution inside the box: drawn until it lies in it (the mean, a weighted
// mean of such points, stays in it too), else after MBE_CMAES_TRIES draws the last one moved to
// the nearest face (its step y then leads there)
#define MBE_CMAES_TRIES 100
static void sample(MbeCmaes* es, double* z, double* y, double* x) {
  size_t n = es->n;
  for (int t = 0; t < MBE_CMAES_TRIES; t++) {
    for (size_t i = 0; i < n; i++) {
      z[i] = normal(es);
    }
    bool inside = true;
    for (size_t i = 0; i < n; i++) {  // y = B D z
      double s = 0;
      for (size_t j = 0; j < n; j++) {
        s += es->B[i * n + j] * es->D[j] * z[j];
      }
      y[i] = s;
      x[i] = es->m[i] + es->sigma * y[i];
      inside = inside && x[i] >= 0 && x[i] <= 1;
    }
    if (inside) {
      return;
    }
  }
  for (size_t i = 0; i < n; i++) {
    x[i] = fmin(1.0, fmax(0.0, x[i]));
    y[i] = (x[i] - es->m[i]) / es->sigma;
  }
}

void mbe_cmaes_ask(MbeCmaes* es, double* out) {
  size_t n = es->n;
  for (size_t k = 0; k < es->lambda; k++) {
    sample(es, es->z + k * n, es->y + k * n, es->x + k * n);
    memcpy(out + k * n, es->x + k * n, n * sizeof *out);
  }
}

bool mbe_cmaes_before(double f, double v, double g, double w) {
  v = isnan(v) || isnan(f) ? INFINITY : v;
  w = isnan(w) || isnan(g) ? INFINITY : w;
  if (v != w) {
    return v < w;
  }
  return v > 0 ? false : f < g;
}

// the population in Deb's order (insertion sort: lambda is small, and the order is stable)
static void rank(MbeCmaes* es) {
  for (size_t k = 0; k < es->lambda; k++) {
    size_t j = k;
    while (j > 0 &&
           mbe_cmaes_before(es->f[k], es->v[k], es->f[es->order[j - 1]], es->v[es->order[j - 1]])) {
      es->order[j] = es->order[j - 1];
      j--;
    }
    es->order[j] = k;
  }
}

// C's eigensystem into B (columns) and D (square roots of the eigenvalues); false on failure
static bool eigen(MbeCmaes* es) {
  size_t n = es->n;
  memcpy(es->B, es->C, n * n * sizeof(double));
  lapack_int info =
      LAPACKE_dsyev(LAPACK_ROW_MAJOR, 'V', 'U', (lapack_int)n, es->B, (lapack_int)n, es->D);
  if (info != 0) {
    return false;
  }
  for (size_t i = 0; i < n; i++) {
    if (!(es->D[i] > 0) || !isfinite(es->D[i])) {
      return false;
    }
    es->D[i] = sqrt(es->D[i]);
  }
  return true;
}

// the mean, the paths, the covariance and the step size from the ranked population
static void update(MbeCmaes* es) {
  size_t n = es->n;
  double* yw = es->work;        // (n) the weighted step
  double* invs = es->work + n;  // (n) C^-1/2 yw
  double* t = es->work + 2 * n;
  for (size_t i = 0; i < n; i++) {
    yw[i] = 0;
    for (size_t k = 0; k < es->mu; k++) {
      yw[i] += es->w[k] * es->y[es->order[k] * n + i];
    }
    es->m[i] += es->sigma * yw[i];
  }
  for (size_t j = 0; j < n; j++) {  // C^-1/2 yw = B D^-1 B^T yw
    double s = 0;
    for (size_t i = 0; i < n; i++) {
      s += es->B[i * n + j] * yw[i];
    }
    t[j] = s / es->D[j];
  }
  double psn = 0;
  for (size_t i = 0; i < n; i++) {
    double s = 0;
    for (size_t j = 0; j < n; j++) {
      s += es->B[i * n + j] * t[j];
    }
    invs[i] = s;
    es->ps[i] = (1 - es->cs) * es->ps[i] + sqrt(es->cs * (2 - es->cs) * es->mueff) * invs[i];
    psn += es->ps[i] * es->ps[i];
  }
  psn = sqrt(psn);
  double g = (double)es->generation + 1;
  bool hsig = psn / sqrt(1 - pow(1 - es->cs, 2 * g)) / es->chin < 1.4 + 2.0 / ((double)n + 1);
  for (size_t i = 0; i < n; i++) {
    es->pc[i] =
        (1 - es->cc) * es->pc[i] + (hsig ? sqrt(es->cc * (2 - es->cc) * es->mueff) * yw[i] : 0.0);
  }
  double c1a = es->c1 * (hsig ? 1.0 : 1.0 - es->cc * (2 - es->cc));
  for (size_t i = 0; i < n; i++) {
    for (size_t j = 0; j <= i; j++) {
      double rmu = 0;
      for (size_t k = 0; k < es->mu; k++) {
        const double* yk = es->y + es->order[k] * n;
        rmu += es->w[k] * yk[i] * yk[j];
      }
      double c =
          (1 - c1a - es->cmu) * es->C[i * n + j] + es->c1 * es->pc[i] * es->pc[j] + es->cmu * rmu;
      es->C[i * n + j] = es->C[j * n + i] = c;
    }
  }
  es->sigma *= exp(fmin(1.0, (es->cs / es->damps) * (psn / es->chin - 1)));
}

// why the run stops after this generation, if it does
static MbeCmaesStop stop_reason(MbeCmaes* es) {
  size_t n = es->n;
  double lo = INFINITY, hi = -INFINITY;
  bool full = es->generation >= es->nhist;
  for (size_t k = 0; k < es->nhist && full; k++) {
    lo = fmin(lo, es->hist[k]);
    hi = fmax(hi, es->hist[k]);
  }
  for (size_t k = 0; k < es->lambda && full; k++) {
    if (es->v[k] == 0) {
      lo = fmin(lo, es->f[k]);
      hi = fmax(hi, es->f[k]);
    }
  }
  if (full && hi - lo < es->tolfun) {
    return MBE_CMAES_TOLFUN;
  }
  bool small = true, noeffect = false;
  double dmax = 0, dmin = INFINITY;
  for (size_t i = 0; i < n; i++) {
    double sd = es->sigma * sqrt(es->C[i * n + i]);
    small = small && sd < es->tolx && es->sigma * fabs(es->pc[i]) < es->tolx;
    noeffect = noeffect || es->m[i] == es->m[i] + 0.2 * sd;
    dmax = fmax(dmax, es->D[i]);
    dmin = fmin(dmin, es->D[i]);
  }
  if (small) {
    return MBE_CMAES_TOLX;
  }
  if (dmax / dmin > 1e7) {
    return MBE_CMAES_CONDITION;
  }
  return noeffect ? MBE_CMAES_NOEFFECT : MBE_CMAES_RUNNING;
}

MbeCmaesStop mbe_cmaes_tell(MbeCmaes* es, const double* f, const double* v) {
  size_t n = es->n;
  for (size_t k = 0; k < es->lambda; k++) {
    es->f[k] = f[k];
    es->v[k] = v ? v[k] : 0.0;
    if (isnan(es->f[k]) || isnan(es->v[k])) {
      es->v[k] = INFINITY;
    }
  }
  rank(es);
  size_t b = es->order[0];
  if (mbe_cmaes_before(es->f[b], es->v[b], es->best_f, es->best_v)) {
    es->best_f = es->f[b];
    es->best_v = es->v[b];
    for (size_t i = 0; i < n; i++) {
      es->best_x[i] = es->x[b * n + i];
    }
  }
  // a flat population (the best and the 70 % quantile equal) says nothing: a larger step
  size_t q = es->order[(size_t)ceil(0.7 * (double)es->lambda) - 1];
  bool flat = es->v[b] == es->v[q] && es->f[b] == es->f[q];
  es->hist[es->ihist] = es->v[b] == 0 ? es->f[b] : INFINITY;
  es->ihist = (es->ihist + 1) % es->nhist;
  update(es);
  if (flat) {
    es->sigma *= exp(0.2 + es->cs / es->damps);
  }
  es->generation++;
  if (!eigen(es)) {
    return MBE_CMAES_ERROR;
  }
  return stop_reason(es);
}

void mbe_cmaes_state(const MbeCmaes* es, MbeCmaesState* out) {
  double dmax = 0, dmin = INFINITY;
  for (size_t i = 0; i < es->n; i++) {
    dmax = fmax(dmax, es->D[i]);
    dmin = fmin(dmin, es->D[i]);
    es->mean_box[i] = fmin(1.0, fmax(0.0, es->m[i]));  // inside but for rounding
  }
  out->generation = es->generation;
  out->sigma = es->sigma;
  out->axis_ratio = dmax / dmin;
  out->best_f = es->best_f;
  out->best_v = es->best_v;
  out->best_x = es->best_x;
  out->mean = es->mean_box;
}
