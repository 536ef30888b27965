// SPDX-License-Identifier: Apache-2.0
// What the bootstraps of analysis/ share (internal): the seeded draws and the interval's half
// width from the resampled estimates.
#ifndef MBE_ANALYSIS_BOOTSTRAP_H
#define MBE_ANALYSIS_BOOTSTRAP_H

#include <math.h>
#include <stddef.h>
#include <stdint.h>

#include "mbe_normal.h"

// an index in [0, n) from the splitmix64 stream *state (53 bits scaled: unbiased enough for the
// sample sizes of a study)
static inline size_t mbe_bootstrap_draw(uint64_t* state, size_t n) {
  uint64_t z = (*state += 0x9e3779b97f4a7c15u);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
  z ^= z >> 31;
  double u = (double)(z >> 11) * (1.0 / 9007199254740992.0);
  return (size_t)(u * (double)n);
}

// z(conf) times the standard deviation (ddof 1) of the nres estimates v[r * stride] (NaN for
// fewer than two), as SALib's intervals
static inline double mbe_bootstrap_halfwidth(const double* v, size_t nres, size_t stride,
                                             double conf_level) {
  if (nres < 2)
    return NAN;
  double mean = 0, ss = 0;
  for (size_t r = 0; r < nres; r++)
    mean += v[r * stride];
  mean /= (double)nres;
  for (size_t r = 0; r < nres; r++)
    ss += (v[r * stride] - mean) * (v[r * stride] - mean);
  return mbe_normal_quantile(0.5 + conf_level / 2) * sqrt(ss / (double)(nres - 1));
}

#endif
