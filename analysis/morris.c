// SPDX-License-Identifier: Apache-2.0
// Morris's elementary effects (mbe_morris.h): SALib's estimators and mu_star's bootstrap.
#include "mbe_morris.h"

#include <math.h>
#include <stdbool.h>
#include <stdlib.h>

#include "bootstrap.h"

MbeMorrisDef mbe_morris_def_default(void) {
  MbeMorrisDef d = {0, 0, 4, 100, 0.95, 0};
  return d;
}

const char* mbe_morris_status_str(MbeMorrisStatus st) {
  switch (st) {
    case MBE_MORRIS_OK: return "success";
    case MBE_MORRIS_ERR_ARG: return "invalid argument";
    case MBE_MORRIS_ERR_TOO_FEW: return "fewer than two trajectories have finite outputs";
    case MBE_MORRIS_ERR_DESIGN: return "a step of the design moves no parameter, or several";
    case MBE_MORRIS_ERR_NOMEM: return "out of memory";
  }
  return "unknown status";
}

// the elementary effects of trajectory t into ee[j] (d); ERR_DESIGN naming the row
static MbeMorrisStatus effects(const MbeMorrisDef* def, const double* x, const double* y,
                               size_t t, double delta, double* ee, size_t* bad_row) {
  size_t d = def->d, row0 = t * (d + 1);
  for (size_t s = 1; s <= d; s++) {
    const double *a = x + (row0 + s - 1) * d, *b = x + (row0 + s) * d;
    size_t moved = d, nmoved = 0;
    for (size_t j = 0; j < d; j++) {
      if (b[j] != a[j])
        moved = j, nmoved++;
    }
    if (nmoved != 1) {
      if (bad_row)
        *bad_row = row0 + s;
      return MBE_MORRIS_ERR_DESIGN;
    }
    double dy = y[row0 + s] - y[row0 + s - 1];
    ee[moved] = (b[moved] > a[moved] ? dy : -dy) / delta;
  }
  return MBE_MORRIS_OK;
}

// z * std (ddof 1) of the means of |ee| over nres resamples of the m trajectories, per parameter
static MbeMorrisStatus mu_star_interval(const MbeMorrisDef* def, const double* ee, size_t m,
                                        double* conf) {
  size_t d = def->d, nres = def->nresamples;
  double* means = malloc((nres * d + 1) * sizeof *means);
  if (!means)
    return MBE_MORRIS_ERR_NOMEM;
  uint64_t state = def->seed;
  for (size_t r = 0; r < nres; r++) {
    double* mr = means + r * d;
    for (size_t j = 0; j < d; j++)
      mr[j] = 0;
    for (size_t t = 0; t < m; t++) {
      const double* e = ee + mbe_bootstrap_draw(&state, m) * d;
      for (size_t j = 0; j < d; j++)
        mr[j] += fabs(e[j]);
    }
    for (size_t j = 0; j < d; j++)
      mr[j] /= (double)m;
  }
  for (size_t j = 0; j < d; j++)
    conf[j] = mbe_bootstrap_halfwidth(means + j, nres, d, def->conf_level);
  free(means);
  return MBE_MORRIS_OK;
}

MbeMorrisStatus mbe_morris_analyze(const MbeMorrisDef* def, const double* x, const double* y,
                                   double* mu, double* mu_star, double* sigma,
                                   double* mu_star_conf, size_t* nused, size_t* bad_row) {
  if (!def || !x || !y || !mu || !mu_star || !sigma || !mu_star_conf || def->d == 0 ||
      def->r == 0 || def->levels < 2 || def->levels % 2 != 0 ||
      !(def->conf_level > 0 && def->conf_level < 1))
    return MBE_MORRIS_ERR_ARG;
  size_t d = def->d, m = 0;
  double delta = def->levels / (2.0 * (def->levels - 1));
  double* ee = malloc((def->r * d + 1) * sizeof *ee);
  if (!ee)
    return MBE_MORRIS_ERR_NOMEM;
  MbeMorrisStatus rc = MBE_MORRIS_OK;
  for (size_t t = 0; t < def->r && rc == MBE_MORRIS_OK; t++) {
    bool finite = true;
    for (size_t s = 0; s <= d; s++)
      finite = finite && isfinite(y[t * (d + 1) + s]);
    if (finite && (rc = effects(def, x, y, t, delta, ee + m * d, bad_row)) == MBE_MORRIS_OK)
      m++;
  }
  if (nused)
    *nused = m;
  if (rc == MBE_MORRIS_OK && m < 2)
    rc = MBE_MORRIS_ERR_TOO_FEW;
  for (size_t j = 0; rc == MBE_MORRIS_OK && j < d; j++) {
    double s = 0, sa = 0, ss = 0;
    for (size_t t = 0; t < m; t++)
      s += ee[t * d + j], sa += fabs(ee[t * d + j]);
    mu[j] = s / (double)m, mu_star[j] = sa / (double)m;
    for (size_t t = 0; t < m; t++)
      ss += (ee[t * d + j] - mu[j]) * (ee[t * d + j] - mu[j]);
    sigma[j] = sqrt(ss / (double)(m - 1));
    mu_star_conf[j] = NAN;
  }
  if (rc == MBE_MORRIS_OK && def->nresamples > 0)
    rc = mu_star_interval(def, ee, m, mu_star_conf);
  free(ee);
  return rc;
}
