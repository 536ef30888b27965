// SPDX-License-Identifier: Apache-2.0
// Morris's elementary effects from a Morris design's inputs and outputs, as SALib's
// morris.analyze computes them: mu, mu_star, sigma and mu_star's bootstrap interval. Plain arrays
// in, caller's arrays out; nothing from host/.
//
// The design (SALib's morris.sample): r trajectories of d + 1 points, each point moving one
// parameter by delta = p / (2 (p - 1)) on the unit scale of a p-level grid. The elementary effect
// of a step is the output's change over delta, taken in the direction the parameter increased.
#ifndef MBE_MORRIS_H
#define MBE_MORRIS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum MbeMorrisStatus {
  MBE_MORRIS_OK = 0,
  MBE_MORRIS_ERR_ARG = -1,       // d, r or levels invalid, a NULL array, conf outside (0, 1)
  MBE_MORRIS_ERR_TOO_FEW = -2,   // fewer than 2 trajectories with finite outputs
  MBE_MORRIS_ERR_DESIGN = -3,    // a step that does not move exactly one parameter
  MBE_MORRIS_ERR_NOMEM = -4
} MbeMorrisStatus;

typedef struct MbeMorrisDef {
  size_t d;           // parameters
  size_t r;           // trajectories
  int levels;         // of the grid (SALib's num_levels, 4)
  size_t nresamples;  // bootstrap resamples of mu_star's interval (100)
  double conf_level;  // 0.95
  uint64_t seed;      // of the bootstrap
} MbeMorrisDef;

MbeMorrisDef mbe_morris_def_default(void);

// x: the design's values (r (d + 1) rows of d, row-major; only the sign of each step's change
// is read), y: the outputs (r (d + 1)). mu, mu_star, sigma (ddof 1), mu_star_conf: d entries each.
// A trajectory with a non-finite output is left out (*nused trajectories used; may be NULL).
// *bad_row (may be NULL) is the row of a step that moved no parameter or several (ERR_DESIGN).
MbeMorrisStatus mbe_morris_analyze(const MbeMorrisDef* def, const double* x, const double* y,
                                   double* mu, double* mu_star, double* sigma,
                                   double* mu_star_conf, size_t* nused, size_t* bad_row);

const char* mbe_morris_status_str(MbeMorrisStatus st);

#ifdef __cplusplus
}
#endif

#endif
