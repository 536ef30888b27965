// SPDX-License-Identifier: Apache-2.0
// Campolongo's selection of Morris trajectories (mbe_morris_select, ensemble_sample.h): of many
// candidate trajectories, the few that spread most over the grid, so that r trajectories
// explore the input space as well as many more drawn at random.
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base.h"
#include "ensemble_sample.h"

// the distances d(m, l) of every pair of candidates (ncand x ncand, symmetric, zero diagonal)
static double* distances(const MbeSampleDef* def, const uint64_t* cand, size_t ncand) {
  const size_t d = def->ndim, np = d + 1;
  double* x = mbe_malloc(ncand * np * d * sizeof *x + 1);
  double* dist = mbe_calloc(ncand * ncand + 1, sizeof *dist);
  if (!x || !dist) {
    mbe_free(x);
    mbe_free(dist);
    return NULL;
  }
  for (size_t m = 0; m < ncand; m++) {
    for (size_t s = 0; s < np; s++) {
      mbe_morris_point(def, cand ? cand[m] : m, s, x + (m * np + s) * d);
    }
  }
  for (size_t m = 0; m < ncand; m++) {
    for (size_t l = m + 1; l < ncand; l++) {
      double sum = 0;
      for (size_t i = 0; i < np; i++) {
        const double* a = x + (m * np + i) * d;
        for (size_t j = 0; j < np; j++) {
          const double* b = x + (l * np + j) * d;
          double q = 0;
          for (size_t z = 0; z < d; z++) {
            q += (a[z] - b[z]) * (a[z] - b[z]);
          }
          sum += sqrt(q);
        }
      }
      dist[m * ncand + l] = dist[l * ncand + m] = sum;
    }
  }
  mbe_free(x);
  return dist;
}

// the squared spread of the set idx[0 .. r) of candidates
static double spread2(const double* dist, size_t ncand, const size_t* idx, size_t r) {
  double s = 0;
  for (size_t a = 0; a < r; a++) {
    for (size_t b = a + 1; b < r; b++) {
      double v = dist[idx[a] * ncand + idx[b]];
      s += v * v;
    }
  }
  return s;
}

// C(n, r), or more than `cap` when it passes cap
static double choose(size_t n, size_t r, double cap) {
  double c = 1;
  for (size_t i = 0; i < r && c <= cap; i++) {
    c = c * (double)(n - i) / (double)(i + 1);
  }
  return c;
}

// every r-subset in lexicographic order; the first of the largest spread
static void exhaustive(const double* dist, size_t ncand, size_t r, size_t* best) {
  size_t idx[64];
  for (size_t i = 0; i < r; i++) {
    idx[i] = best[i] = i;
  }
  double top = spread2(dist, ncand, idx, r);
  for (;;) {
    size_t i = r;
    while (i > 0 && idx[i - 1] == ncand - r + i - 1) {
      i--;
    }
    if (i == 0) {
      return;
    }
    idx[i - 1]++;
    for (size_t j = i; j < r; j++) {
      idx[j] = idx[j - 1] + 1;
    }
    double v = spread2(dist, ncand, idx, r);
    if (v > top) {
      top = v;
      memcpy(best, idx, r * sizeof *idx);
    }
  }
}

// the best pair grown one trajectory at a time, then the best single exchange while it helps;
// contrib[x] is the sum of d(x, b)^2 over the set's members b
static void local(const double* dist, size_t ncand, size_t r, size_t* set, double* contrib,
                  unsigned char* in) {
  size_t pa = 0, pb = 1;
  for (size_t m = 0; m < ncand; m++) {
    for (size_t l = m + 1; l < ncand; l++) {
      if (dist[m * ncand + l] > dist[pa * ncand + pb]) {
        pa = m, pb = l;
      }
    }
  }
  memset(in, 0, ncand);
  memset(contrib, 0, ncand * sizeof *contrib);
  size_t n = 0;
  for (size_t add = pa;;) {
    set[n++] = add;
    in[add] = 1;
    for (size_t x = 0; x < ncand; x++) {
      contrib[x] += dist[x * ncand + add] * dist[x * ncand + add];
    }
    if (n == r) {
      break;
    }
    add = n == 1 ? pb : ncand;
    for (size_t x = 0; n > 1 && x < ncand; x++) {
      if (!in[x] && (add == ncand || contrib[x] > contrib[add])) {
        add = x;
      }
    }
  }

  // exchanges: member a out, candidate c in changes the spread^2 by
  // contrib[c] - d(c, a)^2 - contrib[a]
  for (int round = 0; round < 10000; round++) {
    double gain = 0;
    size_t ia = 0, bc = ncand;
    for (size_t i = 0; i < r; i++) {
      size_t a = set[i];
      for (size_t c = 0; c < ncand; c++) {
        if (in[c]) {
          continue;
        }
        double dca = dist[c * ncand + a];
        double g = contrib[c] - dca * dca - contrib[a];
        if (g > gain * (1 + 1e-12) + 1e-300) {
          gain = g, ia = i, bc = c;
        }
      }
    }
    if (bc == ncand) {
      return;
    }
    size_t a = set[ia];
    set[ia] = bc;
    in[a] = 0;
    in[bc] = 1;
    for (size_t x = 0; x < ncand; x++) {
      contrib[x] +=
          dist[x * ncand + bc] * dist[x * ncand + bc] - dist[x * ncand + a] * dist[x * ncand + a];
    }
  }
}

static int cmp_size(const void* a, const void* b) {
  size_t x = *(const size_t*)a, y = *(const size_t*)b;
  return (x > y) - (x < y);
}

MbeStatus mbe_morris_select(const MbeSampleDef* def, size_t ncand, uint64_t* chosen, double* spread,
                            MbeError* err) {
  MbeSampleDef plain = *def;
  plain.morris_chosen = NULL;
  plain.n = ncand * (def->ndim + 1);
  MbeStatus st = mbe_sample_def_check(&plain, err);
  if (st != MBE_OK) {
    return st;
  }
  const size_t r = def->n / (def->ndim + 1);
  if (r < 2 || r >= ncand || ncand > MBE_MORRIS_CANDIDATES_MAX) {
    return mbe_error_set(err, MBE_ERR_USAGE,
                         "Campolongo's selection picks r of more candidate trajectories (2 <= r "
                         "< candidates <= %d): r = %zu, %zu candidates",
                         MBE_MORRIS_CANDIDATES_MAX, r, ncand);
  }
  double* dist = distances(&plain, NULL, ncand);
  size_t* set = mbe_malloc(r * sizeof *set + 1);
  double* contrib = mbe_malloc(ncand * sizeof *contrib + 1);
  unsigned char* in = mbe_malloc(ncand + 1);
  if (!dist || !set || !contrib || !in) {
    st = mbe_error_set(err, MBE_ERR_NOMEM, "out of memory for %zu candidate trajectories", ncand);
  } else {
    if (r <= 64 && choose(ncand, r, MBE_MORRIS_EXHAUSTIVE_MAX) <= MBE_MORRIS_EXHAUSTIVE_MAX) {
      exhaustive(dist, ncand, r, set);
    } else {
      local(dist, ncand, r, set, contrib, in);
    }
    qsort(set, r, sizeof *set, cmp_size);
    for (size_t i = 0; i < r; i++) {
      chosen[i] = set[i];
    }
    if (spread) {
      *spread = sqrt(spread2(dist, ncand, set, r));
    }
  }
  mbe_free(dist);
  mbe_free(set);
  mbe_free(contrib);
  mbe_free(in);
  return st;
}

double mbe_morris_spread(const MbeSampleDef* def, const uint64_t* cand, size_t r) {
  if (r > MBE_MORRIS_CANDIDATES_MAX) {
    return NAN;
  }
  double* dist = distances(def, cand, r);
  size_t idx[MBE_MORRIS_CANDIDATES_MAX];
  for (size_t i = 0; i < r && i < MBE_MORRIS_CANDIDATES_MAX; i++) {
    idx[i] = i;
  }
  double s = dist ? sqrt(spread2(dist, r, idx, r)) : (double)NAN;
  mbe_free(dist);
  return s;
}
