// SPDX-License-Identifier: Apache-2.0
// Sobol' indices from a Saltelli design (mbe_saltelli.h): SALib's estimators, their bootstrap.
#include "mbe_saltelli.h"

#include "bootstrap.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

MbeSaltelliDef mbe_saltelli_def_default(void) {
  MbeSaltelliDef d = {0, 0, true, 100, 0.95, 0};
  return d;
}

size_t mbe_saltelli_block_rows(size_t d, bool second_order) {
  return second_order ? 2 * d + 2 : d + 2;
}

const char* mbe_saltelli_status_str(MbeSaltelliStatus st) {
  switch (st) {
    case MBE_SALTELLI_OK: return "success";
    case MBE_SALTELLI_ERR_ARG: return "invalid argument";
    case MBE_SALTELLI_ERR_TOO_FEW: return "fewer than two blocks of the design have finite outputs";
    case MBE_SALTELLI_ERR_CONSTANT: return "the output is the same for every member";
    case MBE_SALTELLI_ERR_NOMEM: return "out of memory";
  }
  return "unknown status";
}

// the design's outputs by block, the blocks with a non-finite output left out
typedef struct Parts {
  size_t d, n;
  double *a, *b;  // (n)
  double *ab;     // (n x d): AB^(j) of block i at i d + j
  double *ba;     // (n x d), NULL without second order
} Parts;

static MbeSaltelliStatus split(const MbeSaltelliDef* def, const double* y, Parts* p) {
  size_t d = def->d, rows = mbe_saltelli_block_rows(d, def->second_order);
  p->d = d, p->n = 0;
  p->a = malloc(def->n * sizeof *p->a);
  p->b = malloc(def->n * sizeof *p->b);
  p->ab = malloc(def->n * d * sizeof *p->ab);
  p->ba = def->second_order ? malloc(def->n * d * sizeof *p->ba) : NULL;
  if (!p->a || !p->b || !p->ab || (def->second_order && !p->ba))
    return MBE_SALTELLI_ERR_NOMEM;
  for (size_t i = 0; i < def->n; i++) {
    const double* blk = y + i * rows;
    bool finite = true;
    for (size_t r = 0; r < rows; r++)
      finite = finite && isfinite(blk[r]);
    if (!finite)
      continue;
    size_t k = p->n++;
    p->a[k] = blk[0];
    p->b[k] = blk[rows - 1];
    for (size_t j = 0; j < d; j++) {
      p->ab[k * d + j] = blk[1 + j];
      if (p->ba)
        p->ba[k * d + j] = blk[1 + d + j];
    }
  }
  return p->n >= 2 ? MBE_SALTELLI_OK : MBE_SALTELLI_ERR_TOO_FEW;
}

// standardize as SALib does: (Y - mean) / std over every output used (ddof 0)
static MbeSaltelliStatus standardize(Parts* p) {
  size_t d = p->d, per = 2 + d * (p->ba ? 2 : 1), m = p->n * per;
  double sum = 0, ss = 0;
  for (size_t i = 0; i < p->n; i++) {
    sum += p->a[i] + p->b[i];
    for (size_t j = 0; j < d; j++)
      sum += p->ab[i * d + j] + (p->ba ? p->ba[i * d + j] : 0);
  }
  double mean = sum / (double)m;
#define SQ(x) (((x) - mean) * ((x) - mean))
  for (size_t i = 0; i < p->n; i++) {
    ss += SQ(p->a[i]) + SQ(p->b[i]);
    for (size_t j = 0; j < d; j++)
      ss += SQ(p->ab[i * d + j]) + (p->ba ? SQ(p->ba[i * d + j]) : 0);
  }
#undef SQ
  double sd = sqrt(ss / (double)m);
  if (!(sd > 0))
    return MBE_SALTELLI_ERR_CONSTANT;
  for (size_t i = 0; i < p->n; i++) {
    p->a[i] = (p->a[i] - mean) / sd;
    p->b[i] = (p->b[i] - mean) / sd;
    for (size_t j = 0; j < d; j++) {
      p->ab[i * d + j] = (p->ab[i * d + j] - mean) / sd;
      if (p->ba)
        p->ba[i * d + j] = (p->ba[i * d + j] - mean) / sd;
    }
  }
  return MBE_SALTELLI_OK;
}

// every estimate over the blocks idx[0 .. m) (a bootstrap sample, or all blocks): s1, st (d),
// s2 (d x d, j < k) where not NULL; var(concat(A, B)) as numpy's (ddof 0)
static void estimate(const Parts* p, const size_t* idx, size_t m, double* s1, double* st,
                     double* s2) {
  size_t d = p->d;
  double mean = 0, var = 0;
  for (size_t t = 0; t < m; t++)
    mean += p->a[idx[t]] + p->b[idx[t]];
  mean /= (double)(2 * m);
  for (size_t t = 0; t < m; t++) {
    double ea = p->a[idx[t]] - mean, eb = p->b[idx[t]] - mean;
    var += ea * ea + eb * eb;
  }
  var /= (double)(2 * m);
  for (size_t j = 0; j < d; j++) {
    double f = 0, g = 0;
    for (size_t t = 0; t < m; t++) {
      size_t i = idx[t];
      double a = p->a[i], ab = p->ab[i * d + j];
      f += p->b[i] * (ab - a);  // first order: mean(B (AB - A)) / V
      g += (a - ab) * (a - ab);  // total: mean((A - AB)^2) / 2V
    }
    s1[j] = f / (double)m / var;
    st[j] = 0.5 * (g / (double)m) / var;
  }
  for (size_t j = 0; s2 && p->ba && j < d; j++) {
    for (size_t k = j + 1; k < d; k++) {
      // mean(BA^(j) AB^(k) - A B) / V - S1_j - S1_k
      double h = 0;
      for (size_t t = 0; t < m; t++) {
        size_t i = idx[t];
        h += p->ba[i * d + j] * p->ab[i * d + k] - p->a[i] * p->b[i];
      }
      s2[j * d + k] = h / (double)m / var - s1[j] - s1[k];
    }
  }
}

// the bootstrap: nres resamples of the blocks; conf = z * std (ddof 1) of each estimate
static MbeSaltelliStatus bootstrap(const MbeSaltelliDef* def, const Parts* p, double* s1c,
                                   double* stc, double* s2c) {
  size_t d = p->d, nres = def->nresamples, nd2 = d * d;
  size_t nest = 2 * d + (s2c ? nd2 : 0);  // per resample: s1, st, s2
  size_t* idx = malloc(p->n * sizeof *idx);
  double* est = calloc(nres * nest + 1, sizeof *est);  // s2's j >= k stay 0
  if (!idx || !est) {
    free(idx), free(est);
    return MBE_SALTELLI_ERR_NOMEM;
  }
  uint64_t state = def->seed;
  for (size_t r = 0; r < nres; r++) {
    for (size_t t = 0; t < p->n; t++)
      idx[t] = mbe_bootstrap_draw(&state, p->n);
    double* e = est + r * nest;
    estimate(p, idx, p->n, e, e + d, s2c ? e + 2 * d : NULL);
  }
  for (size_t q = 0; q < nest; q++) {
    double c = mbe_bootstrap_halfwidth(est + q, nres, nest, def->conf_level);
    if (q < d)
      s1c[q] = c;
    else if (q < 2 * d)
      stc[q - d] = c;
    else if ((q - 2 * d) / d < (q - 2 * d) % d)
      s2c[q - 2 * d] = c;  // j < k only
  }
  free(idx), free(est);
  return MBE_SALTELLI_OK;
}

MbeSaltelliStatus mbe_saltelli_analyze(const MbeSaltelliDef* def, const double* y, double* s1,
                                       double* s1_conf, double* st, double* st_conf, double* s2,
                                       double* s2_conf, size_t* nused) {
  if (!def || !y || def->d == 0 || def->n == 0 || !s1 || !s1_conf || !st || !st_conf ||
      !(def->conf_level > 0 && def->conf_level < 1))
    return MBE_SALTELLI_ERR_ARG;
  size_t d = def->d;
  bool second = def->second_order && s2 && s2_conf;
  for (size_t i = 0; second && i < d * d; i++)
    s2[i] = s2_conf[i] = NAN;
  Parts p = {0};
  MbeSaltelliStatus rc = split(def, y, &p);
  if (nused)
    *nused = p.n;
  if (rc == MBE_SALTELLI_OK)
    rc = standardize(&p);
  size_t* all = rc == MBE_SALTELLI_OK ? malloc(p.n * sizeof *all) : NULL;
  if (rc == MBE_SALTELLI_OK && !all)
    rc = MBE_SALTELLI_ERR_NOMEM;
  if (rc == MBE_SALTELLI_OK) {
    for (size_t t = 0; t < p.n; t++)
      all[t] = t;
    estimate(&p, all, p.n, s1, st, second ? s2 : NULL);
    for (size_t j = 0; j < d; j++)
      s1_conf[j] = st_conf[j] = NAN;
    if (def->nresamples > 0)
      rc = bootstrap(def, &p, s1_conf, st_conf, second ? s2_conf : NULL);
  }
  free(all), free(p.a), free(p.b), free(p.ab), free(p.ba);
  return rc;
}
