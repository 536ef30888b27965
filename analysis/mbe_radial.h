// SPDX-License-Identifier: Apache-2.0
// Indices of a radial one-at-a-time design (Campolongo, Saltelli and Cariboni 2011): Jansen's
// total indices and the radial elementary effects (mu, mu_star, sigma), each with a bootstrap
// interval over the blocks. Plain arrays in, caller's arrays out; nothing from host/.
//
// The design: n blocks of d + 1 rows, block i being the base point a_i, then a_i with
// coordinate j taken from the auxiliary point b_i (j = 1 .. d). The step of coordinate j in
// block i is du[i d + j] = b_ij - a_ij on the unit scale (probabilities, before the
// distributions), so the effects are per unit of each parameter's probability range, as
// Morris's are.
#ifndef MBE_RADIAL_H
#define MBE_RADIAL_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum MbeRadialStatus {
  MBE_RADIAL_OK = 0,
  MBE_RADIAL_ERR_ARG = -1,       // d or n is 0, a NULL array, conf_level outside (0, 1)
  MBE_RADIAL_ERR_TOO_FEW = -2,   // fewer than 2 blocks with finite outputs
  MBE_RADIAL_ERR_CONSTANT = -3,  // the output does not vary: no total indices
  MBE_RADIAL_ERR_NOMEM = -4
} MbeRadialStatus;

typedef struct MbeRadialDef {
  size_t d;           // parameters
  size_t n;           // blocks
  size_t nresamples;  // bootstrap resamples (100); 0: no intervals
  double conf_level;  // of the intervals (0.95)
  uint64_t seed;      // of the bootstrap's draws
} MbeRadialDef;

MbeRadialDef mbe_radial_def_default(void);

// y: the outputs (n (d + 1)), du: the steps (n d). Writes d entries each: st (Jansen: the mean
// of (f(a) - f(a^j))^2 / 2 over the variance, ddof 0, of every output of the blocks used),
// st_conf, mu, mu_star (the mean of |f(a^j) - f(a)| / |du|), sigma (ddof 1), mu_star_conf. A
// block with a non-finite output is left out (*nused blocks used; may be NULL); a step du = 0
// (the points share that coordinate) gives no effect. Intervals: z(conf) times the standard
// deviation of the estimates over resamples of the blocks. Same inputs, same bits.
MbeRadialStatus mbe_radial_analyze(const MbeRadialDef* def, const double* y, const double* du,
                                   double* st, double* st_conf, double* mu, double* mu_star,
                                   double* sigma, double* mu_star_conf, size_t* nused);

const char* mbe_radial_status_str(MbeRadialStatus st);

#ifdef __cplusplus
}
#endif

#endif
