// SPDX-License-Identifier: Apache-2.0
// The standard normal quantile, shared by the samplers (host/ensemble) and the bootstrap
// intervals of the sensitivity indices. Plain C; nothing from host/.
#ifndef MBE_NORMAL_H
#define MBE_NORMAL_H

#ifdef __cplusplus
extern "C" {
#endif

// The standard normal quantile Phi^-1(p) for 0 < p < 1 (Wichura's AS 241, PPND16, about 1e-16
// relative), computed with the kernels' own math so that a sampler's bits do not depend on the
// host libm; -inf at 0, +inf at 1, NaN outside [0, 1].
double mbe_normal_quantile(double p);

#ifdef __cplusplus
}
#endif

#endif
