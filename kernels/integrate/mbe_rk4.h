// SPDX-License-Identifier: Apache-2.0
// The classic four-stage Runge-Kutta step for the system defined before inclusion (MBE_RHS_NX,
// mbe_rhs). One step only; the fixed-step driver that splits the output grid is mbe_integrate.h.
#ifndef MBE_RK4_H
#define MBE_RK4_H

#include "mbe_real.h"

#define MBE_RK4_SIXTH MBE_R(0.166666666666666666667) // 1/6

// stage storage of one RK4 step (private memory, 5 MBE_RHS_NX reals)
typedef struct MbeRk4Work {
  mbe_real k1[MBE_RHS_NX]; // f(t, x)
  mbe_real k2[MBE_RHS_NX]; // f(t + h/2, x + h/2 k1)
  mbe_real k3[MBE_RHS_NX]; // f(t + h/2, x + h/2 k2)
  mbe_real k4[MBE_RHS_NX]; // f(t + h, x + h k3)
  mbe_real xs[MBE_RHS_NX]; // stage argument
} MbeRk4Work;

// Advances x (MBE_RHS_NX, in place) from t to t + h with one RK4 step:
// x += h/6 (k1 + 2 (k2 + k3) + k4). Adds the right-hand side calls made to *nrhs. Returns 0, or
// the first non-zero status of mbe_rhs, in which case x is unchanged.
MBE_FN int mbe_rk4_step(mbe_real t, mbe_real h, mbe_real* x, const mbe_real* p, MbeRk4Work* ws,
                        mbe_real* w, mbe_int* iw, mbe_long* nrhs) {
  const mbe_real hh = MBE_R(0.5) * h;
  const mbe_real tm = t + hh;
  int rc;

  // stage 1 at the start, stages 2 and 3 at the midpoint
  *nrhs += 1;
  rc = mbe_rhs(t, x, p, ws->k1, w, iw);
  if (rc != 0) {
    return rc;
  }
  for (mbe_int i = 0; i < MBE_RHS_NX; i++) {
    ws->xs[i] = x[i] + hh * ws->k1[i];
  }
  *nrhs += 1;
  rc = mbe_rhs(tm, ws->xs, p, ws->k2, w, iw);
  if (rc != 0) {
    return rc;
  }
  for (mbe_int i = 0; i < MBE_RHS_NX; i++) {
    ws->xs[i] = x[i] + hh * ws->k2[i];
  }
  *nrhs += 1;
  rc = mbe_rhs(tm, ws->xs, p, ws->k3, w, iw);
  if (rc != 0) {
    return rc;
  }

  // stage 4 at the end
  for (mbe_int i = 0; i < MBE_RHS_NX; i++) {
    ws->xs[i] = x[i] + h * ws->k3[i];
  }
  *nrhs += 1;
  rc = mbe_rhs(t + h, ws->xs, p, ws->k4, w, iw);
  if (rc != 0) {
    return rc;
  }

  // weighted sum of the slopes
  const mbe_real h6 = h * MBE_RK4_SIXTH;
  for (mbe_int i = 0; i < MBE_RHS_NX; i++) {
    x[i] += h6 * (ws->k1[i] + MBE_R(2.0) * (ws->k2[i] + ws->k3[i]) + ws->k4[i]);
  }
  return 0;
}

#endif
