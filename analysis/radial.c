// SPDX-License-Identifier: Apache-2.0
// Total indices and elementary effects of a radial design (mbe_radial.h).
#include "mbe_radial.h"

#include <math.h>
#include <stdbool.h>
#include <stdlib.h>

#include "bootstrap.h"

MbeRadialDef mbe_radial_def_default(void) {
  MbeRadialDef d = {0, 0, 100, 0.95, 0};
  return d;
}

const char* mbe_radial_status_str(MbeRadialStatus st) {
  switch (st) {
    case MBE_RADIAL_OK: return "success";
    case MBE_RADIAL_ERR_ARG: return "invalid argument";
    case MBE_RADIAL_ERR_TOO_FEW: return "fewer than two blocks have finite outputs";
    case MBE_RADIAL_ERR_CONSTANT: return "the output does not vary";
    case MBE_RADIAL_ERR_NOMEM: return "out of memory";
  }
  return "unknown status";
}

// the estimates from the m blocks idx[0 .. m) (of the finite ones, blk[]): total indices into
// st (NaN without variance), and mu, mu_star and sigma
static void estimate(const MbeRadialDef* def, const double* y, const double* du, const size_t* blk,
                     const size_t* idx, size_t m, double* st, double* mu, double* mu_star,
                     double* sigma) {
  const size_t d = def->d;
  double mean = 0, var = 0;
  for (size_t t = 0; t < m; t++) {
    for (size_t s = 0; s <= d; s++)
      mean += y[blk[idx[t]] * (d + 1) + s];
  }
  mean /= (double)(m * (d + 1));
  for (size_t t = 0; t < m; t++) {
    for (size_t s = 0; s <= d; s++) {
      double e = y[blk[idx[t]] * (d + 1) + s] - mean;
      var += e * e;
    }
  }
  var /= (double)(m * (d + 1));
  for (size_t j = 0; j < d; j++) {
    double g = 0, s = 0, sa = 0, ss = 0;
    size_t ne = 0;
    for (size_t t = 0; t < m; t++) {
      const size_t b = blk[idx[t]];
      const double dy = y[b * (d + 1) + 1 + j] - y[b * (d + 1)];
      g += dy * dy;
      if (du[b * d + j] != 0) {
        s += dy / du[b * d + j], sa += fabs(dy / du[b * d + j]), ne++;
      }
    }
    st[j] = var > 0 ? g / (2.0 * (double)m) / var : NAN;
    mu[j] = ne ? s / (double)ne : NAN;
    mu_star[j] = ne ? sa / (double)ne : NAN;
    for (size_t t = 0; t < m; t++) {
      const size_t b = blk[idx[t]];
      if (du[b * d + j] != 0) {
        double e = (y[b * (d + 1) + 1 + j] - y[b * (d + 1)]) / du[b * d + j] - mu[j];
        ss += e * e;
      }
    }
    sigma[j] = ne > 1 ? sqrt(ss / (double)(ne - 1)) : NAN;
  }
}

// the intervals of st and mu_star: nres resamples of the m finite blocks
static MbeRadialStatus intervals(const MbeRadialDef* def, const double* y, const double* du,
                                 const size_t* blk, size_t m, double* st_conf,
                                 double* mu_star_conf) {
  const size_t d = def->d, nres = def->nresamples;
  double* v = malloc((2 * nres * d + 4 * d + 1) * sizeof *v);
  size_t* idx = malloc((m + 1) * sizeof *idx);
  if (!v || !idx) {
    free(v), free(idx);
    return MBE_RADIAL_ERR_NOMEM;
  }
  double *vst = v, *vmu = v + nres * d, *tmp = v + 2 * nres * d;
  uint64_t state = def->seed;
  for (size_t r = 0; r < nres; r++) {
    for (size_t t = 0; t < m; t++)
      idx[t] = mbe_bootstrap_draw(&state, m);
    estimate(def, y, du, blk, idx, m, vst + r * d, tmp, vmu + r * d, tmp + d);
  }
  for (size_t j = 0; j < d; j++) {
    st_conf[j] = mbe_bootstrap_halfwidth(vst + j, nres, d, def->conf_level);
    mu_star_conf[j] = mbe_bootstrap_halfwidth(vmu + j, nres, d, def->conf_level);
  }
  free(v), free(idx);
  return MBE_RADIAL_OK;
}

MbeRadialStatus mbe_radial_analyze(const MbeRadialDef* def, const double* y, const double* du,
                                   double* st, double* st_conf, double* mu, double* mu_star,
                                   double* sigma, double* mu_star_conf, size_t* nused) {
  if (!def || !y || !du || !st || !st_conf || !mu || !mu_star || !sigma || !mu_star_conf ||
      def->d == 0 || def->n == 0 || !(def->conf_level > 0 && def->conf_level < 1))
    return MBE_RADIAL_ERR_ARG;
  const size_t d = def->d;
  size_t* blk = malloc((def->n + 1) * sizeof *blk);
  size_t* idx = malloc((def->n + 1) * sizeof *idx);
  if (!blk || !idx) {
    free(blk), free(idx);
    return MBE_RADIAL_ERR_NOMEM;
  }
  size_t m = 0;
  for (size_t i = 0; i < def->n; i++) {
    bool finite = true;
    for (size_t s = 0; s <= d; s++)
      finite = finite && isfinite(y[i * (d + 1) + s]);
    if (finite)
      blk[m] = i, idx[m] = m, m++;
  }
  if (nused)
    *nused = m;
  MbeRadialStatus rc = m < 2 ? MBE_RADIAL_ERR_TOO_FEW : MBE_RADIAL_OK;
  if (rc == MBE_RADIAL_OK) {
    estimate(def, y, du, blk, idx, m, st, mu, mu_star, sigma);
    rc = isnan(st[0]) ? MBE_RADIAL_ERR_CONSTANT : MBE_RADIAL_OK;
  }
  for (size_t j = 0; j < d; j++)
    st_conf[j] = mu_star_conf[j] = NAN;
  if (rc == MBE_RADIAL_OK && def->nresamples > 0)
    rc = intervals(def, y, du, blk, m, st_conf, mu_star_conf);
  free(blk), free(idx);
  return rc;
}
