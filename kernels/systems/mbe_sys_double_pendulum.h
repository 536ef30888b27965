// SPDX-License-Identifier: Apache-2.0
// A planar double pendulum of two point masses on massless rods, written by hand in the kernel
// dialect: the chaotic reference system of the identity test and of `mbens bench`.
// States x = (phi1, phi2, w1, w2) (rad, rad/s), angles from the downward vertical;
// parameters p = (m1, m2, l1, l2, g) (kg, kg, m, m, m/s^2);
// outputs y = (phi1, phi2, w1, w2, E) with E the total energy (J, zero level at the pivot).
#ifndef MBE_SYS_DOUBLE_PENDULUM_H
#define MBE_SYS_DOUBLE_PENDULUM_H

#include "mbe_real.h"
#include "math/mbe_math.h"

#define MBE_RHS_NX 4
#define MBE_RHS_NP 5
#define MBE_RHS_NY 5
#define MBE_RHS_NW 1
#define MBE_RHS_NIW 1

// Lagrange's equations solved for the angular accelerations in closed form
MBE_FN int mbe_rhs(mbe_real t, const mbe_real* x, const mbe_real* p, mbe_real* xdot, mbe_real* w,
                   mbe_int* iw) {
  (void)t;
  (void)w;
  (void)iw;
  const mbe_real m1 = p[0], m2 = p[1], l1 = p[2], l2 = p[3], g = p[4];
  const mbe_real w1 = x[2], w2 = x[3];
  MbeSinCos s1 = mbe_sincos(x[0]);
  MbeSinCos sd = mbe_sincos(x[0] - x[1]);
  MbeSinCos s12 = mbe_sincos(x[0] - MBE_R(2.0) * x[1]);

  // common denominator 2 m1 + m2 - m2 cos(2 (phi1 - phi2)) = 2 (m1 + m2 sin^2(phi1 - phi2))
  const mbe_real den = MBE_R(2.0) * (m1 + m2 * sd.s * sd.s);
  const mbe_real a1 = -g * (MBE_R(2.0) * m1 + m2) * s1.s - m2 * g * s12.s -
                      MBE_R(2.0) * sd.s * m2 * (w2 * w2 * l2 + w1 * w1 * l1 * sd.c);
  const mbe_real a2 = MBE_R(2.0) * sd.s *
                      (w1 * w1 * l1 * (m1 + m2) + g * (m1 + m2) * s1.c + w2 * w2 * l2 * m2 * sd.c);
  xdot[0] = w1;
  xdot[1] = w2;
  xdot[2] = a1 / (l1 * den);
  xdot[3] = a2 / (l2 * den);
  return 0;
}

// states and total energy
MBE_FN int mbe_out(mbe_real t, const mbe_real* x, const mbe_real* p, mbe_real* y, mbe_real* w,
                   mbe_int* iw) {
  (void)t;
  (void)w;
  (void)iw;
  const mbe_real m1 = p[0], m2 = p[1], l1 = p[2], l2 = p[3], g = p[4];
  const mbe_real w1 = x[2], w2 = x[3];
  const mbe_real c1 = mbe_cos(x[0]), c2 = mbe_cos(x[1]), cd = mbe_cos(x[0] - x[1]);
  const mbe_real kin = MBE_R(0.5) * m1 * l1 * l1 * w1 * w1 +
                       MBE_R(0.5) * m2 *
                           (l1 * l1 * w1 * w1 + l2 * l2 * w2 * w2 + MBE_R(2.0) * l1 * l2 * w1 * w2 * cd);
  const mbe_real pot = -(m1 + m2) * g * l1 * c1 - m2 * g * l2 * c2;
  y[0] = x[0];
  y[1] = x[1];
  y[2] = w1;
  y[3] = w2;
  y[4] = kin + pot;
  return 0;
}

#endif
