// SPDX-License-Identifier: Apache-2.0
// SRC, SRRC and PRCC (mbe_regression.h).
#include "mbe_regression.h"

#include <lapacke.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

const char* mbe_regression_status_str(MbeRegressionStatus st) {
  switch (st) {
    case MBE_REGRESSION_OK: return "success";
    case MBE_REGRESSION_ERR_ARG: return "invalid argument";
    case MBE_REGRESSION_ERR_TOO_FEW:
      return "too few members with finite outputs (more than the parameters + 1 are needed)";
    case MBE_REGRESSION_ERR_CONSTANT: return "the output or a parameter is the same for every member";
    case MBE_REGRESSION_ERR_NOMEM: return "out of memory";
    case MBE_REGRESSION_ERR_SOLVE: return "the least-squares fit is rank deficient";
  }
  return "unknown status";
}

static double mean_of(const double* v, size_t n, size_t stride) {
  double s = 0;
  for (size_t i = 0; i < n; i++)
    s += v[i * stride];
  return s / (double)n;
}

static double sd_of(const double* v, size_t n, size_t stride) {
  double m = mean_of(v, n, stride), s = 0;
  for (size_t i = 0; i < n; i++)
    s += (v[i * stride] - m) * (v[i * stride] - m);
  return sqrt(s / (double)(n - 1));
}

// the ranks (1 .. n, ties their mean) of v[i * stride] into r[i * stride]
typedef struct Keyed {
  double v;
  size_t i;
} Keyed;

static int keyed_cmp(const void* a, const void* b) {
  const Keyed *x = a, *y = b;
  return x->v < y->v ? -1 : x->v > y->v ? 1 : (x->i > y->i) - (x->i < y->i);
}

static void ranks(const double* v, size_t n, size_t stride, double* r, Keyed* tmp) {
  for (size_t i = 0; i < n; i++)
    tmp[i] = (Keyed){v[i * stride], i};
  qsort(tmp, n, sizeof *tmp, keyed_cmp);
  for (size_t a = 0; a < n;) {
    size_t b = a;
    while (b + 1 < n && tmp[b + 1].v == tmp[a].v)
      b++;
    double rank = 0.5 * (double)(a + b) + 1;
    for (size_t k = a; k <= b; k++)
      r[tmp[k].i * stride] = rank;
    a = b + 1;
  }
}

// least squares of the n x m columns of a (row-major, an intercept column included) against
// nrhs right-hand sides b (n x nrhs, row-major): b's first m rows become the coefficients,
// a is overwritten; res (n x nrhs) receives the residuals of the original b
static MbeRegressionStatus fit(double* a, const double* a0, size_t n, size_t m, double* b,
                               size_t nrhs, double* res) {
  double* b0 = malloc(n * nrhs * sizeof *b0);
  if (!b0)
    return MBE_REGRESSION_ERR_NOMEM;
  memcpy(b0, b, n * nrhs * sizeof *b0);
  lapack_int info = LAPACKE_dgels(LAPACK_ROW_MAJOR, 'N', (lapack_int)n, (lapack_int)m,
                                  (lapack_int)nrhs, a, (lapack_int)m, b, (lapack_int)nrhs);
  if (info != 0) {
    free(b0);
    return info > 0 ? MBE_REGRESSION_ERR_SOLVE : MBE_REGRESSION_ERR_ARG;
  }
  for (size_t i = 0; res && i < n; i++) {
    for (size_t r = 0; r < nrhs; r++) {
      double p = 0;
      for (size_t k = 0; k < m; k++)
        p += a0[i * m + k] * b[k * nrhs + r];
      res[i * nrhs + r] = b0[i * nrhs + r] - p;
    }
  }
  free(b0);
  return MBE_REGRESSION_OK;
}

// SRC of (x, y) (n x d and n, finite) and R^2: the fit on [1, x]
static MbeRegressionStatus src_of(const double* x, const double* y, size_t n, size_t d,
                                  double* src, double* r2) {
  size_t m = d + 1;
  double* a = malloc(n * m * sizeof *a);
  double* a0 = malloc(n * m * sizeof *a0);
  double* b = malloc(n * sizeof *b);
  double* res = malloc(n * sizeof *res);
  MbeRegressionStatus rc = a && a0 && b && res ? MBE_REGRESSION_OK : MBE_REGRESSION_ERR_NOMEM;
  for (size_t i = 0; rc == MBE_REGRESSION_OK && i < n; i++) {
    a[i * m] = 1;
    memcpy(a + i * m + 1, x + i * d, d * sizeof *a);
    b[i] = y[i];
  }
  if (rc == MBE_REGRESSION_OK) {
    memcpy(a0, a, n * m * sizeof *a);
    rc = fit(a, a0, n, m, b, 1, res);
  }
  if (rc == MBE_REGRESSION_OK) {
    double sy = sd_of(y, n, 1), ss = 0, st = 0, my = mean_of(y, n, 1);
    for (size_t j = 0; j < d; j++)
      src[j] = b[1 + j] * sd_of(x + j, n, d) / sy;
    for (size_t i = 0; i < n; i++)
      ss += res[i] * res[i], st += (y[i] - my) * (y[i] - my);
    *r2 = 1 - ss / st;
  }
  free(a), free(a0), free(b), free(res);
  return rc;
}

// PRCC of the ranks (rx n x d, ry n): for each j, the correlation of the residuals of rx_j and ry
// fitted on [1, rx without j]
static MbeRegressionStatus prcc_of(const double* rx, const double* ry, size_t n, size_t d,
                                   double* prcc) {
  size_t m = d;  // the intercept and the d - 1 others
  double* a = malloc(n * m * sizeof *a);
  double* a0 = malloc(n * m * sizeof *a0);
  double* b = malloc(n * 2 * sizeof *b);
  double* res = malloc(n * 2 * sizeof *res);
  MbeRegressionStatus rc = a && a0 && b && res ? MBE_REGRESSION_OK : MBE_REGRESSION_ERR_NOMEM;
  for (size_t j = 0; rc == MBE_REGRESSION_OK && j < d; j++) {
    for (size_t i = 0; i < n; i++) {
      a[i * m] = 1;
      for (size_t k = 0, c = 1; k < d; k++) {
        if (k != j)
          a[i * m + c++] = rx[i * d + k];
      }
      b[i * 2] = rx[i * d + j], b[i * 2 + 1] = ry[i];
    }
    memcpy(a0, a, n * m * sizeof *a);
    rc = fit(a, a0, n, m, b, 2, res);
    if (rc != MBE_REGRESSION_OK)
      break;
    double sxy = 0, sxx = 0, syy = 0;  // the residuals have mean 0 (the intercept)
    for (size_t i = 0; i < n; i++) {
      sxy += res[i * 2] * res[i * 2 + 1];
      sxx += res[i * 2] * res[i * 2], syy += res[i * 2 + 1] * res[i * 2 + 1];
    }
    prcc[j] = sxx > 0 && syy > 0 ? sxy / sqrt(sxx * syy) : NAN;
  }
  free(a), free(a0), free(b), free(res);
  return rc;
}

// the finite rows, their ranks, and the checks of variation
static MbeRegressionStatus finite_rows(size_t n, size_t d, const double* x, const double* y,
                                       double* fx, double* fy, size_t* m) {
  *m = 0;
  for (size_t i = 0; i < n; i++) {
    bool ok = isfinite(y[i]);
    for (size_t j = 0; j < d; j++)
      ok = ok && isfinite(x[i * d + j]);
    if (!ok)
      continue;
    memcpy(fx + *m * d, x + i * d, d * sizeof *fx);
    fy[(*m)++] = y[i];
  }
  if (*m <= d + 1)
    return MBE_REGRESSION_ERR_TOO_FEW;
  if (!(sd_of(fy, *m, 1) > 0))
    return MBE_REGRESSION_ERR_CONSTANT;
  for (size_t j = 0; j < d; j++) {
    if (!(sd_of(fx + j, *m, d) > 0))
      return MBE_REGRESSION_ERR_CONSTANT;
  }
  return MBE_REGRESSION_OK;
}

MbeRegressionStatus mbe_regression_indices(size_t n, size_t d, const double* x, const double* y,
                                           double* src, double* srrc, double* prcc, double* r2,
                                           double* r2_rank, size_t* nused) {
  if (n == 0 || d == 0 || !x || !y || !src || !srrc || !prcc || !r2 || !r2_rank)
    return MBE_REGRESSION_ERR_ARG;
  double* fx = malloc(n * d * sizeof *fx);
  double* fy = malloc(n * sizeof *fy);
  double* rx = malloc(n * d * sizeof *rx);
  double* ry = malloc(n * sizeof *ry);
  Keyed* tmp = malloc(n * sizeof *tmp);
  size_t m = 0;
  MbeRegressionStatus rc =
      fx && fy && rx && ry && tmp ? finite_rows(n, d, x, y, fx, fy, &m) : MBE_REGRESSION_ERR_NOMEM;
  if (nused)
    *nused = m;
  if (rc == MBE_REGRESSION_OK) {
    for (size_t j = 0; j < d; j++)
      ranks(fx + j, m, d, rx + j, tmp);
    ranks(fy, m, 1, ry, tmp);
    rc = src_of(fx, fy, m, d, src, r2);
  }
  if (rc == MBE_REGRESSION_OK)
    rc = src_of(rx, ry, m, d, srrc, r2_rank);
  if (rc == MBE_REGRESSION_OK)
    rc = prcc_of(rx, ry, m, d, prcc);
  free(fx), free(fy), free(rx), free(ry), free(tmp);
  return rc;
}
