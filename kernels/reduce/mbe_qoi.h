// SPDX-License-Identifier: Apache-2.0
// Quantities of interest of one member from its outputs on the output grid: the final value, the
// minimum, maximum, time mean and time integral (trapezoids) of a signal or of its magnitude, and
// the first time it crosses a level (linear between grid points). The system (MBE_RHS_NY) must
// be defined before inclusion.
#ifndef MBE_QOI_H
#define MBE_QOI_H

#include "mbe_real.h"
#include "mbe_layout.h"
#include "integrate/mbe_integrate.h"

// Returns output `col` of member v at grid point k (of nout), |y| when is_abs.
MBE_FN mbe_real mbe_qoi_value(MBE_GLOBAL const mbe_real* y, mbe_long v, mbe_long nvar, mbe_int k,
                              mbe_int nout, mbe_int col, int is_abs) {
  (void)nout;  // MBE_AT uses either nvar or the per-member count, by layout
  (void)nvar;
  const mbe_real x =
      y[MBE_AT((mbe_long)k * MBE_RHS_NY + col, v, (mbe_long)nout * MBE_RHS_NY, nvar)];
  return is_abs ? mbe_fabs(x) : x;
}

// Returns quantity `code` (MbeQoiKind | MBE_QOI_ABS) of output column col of member v, with
// level for the crossings, from its nout grid values. A crossing never reached is NaN, and so is
// every quantity of a member whose status is not ok (its outputs end where it failed). Sums run
// in time order, so a member's quantities depend on nothing but its own outputs.
MBE_FN mbe_real mbe_qoi_member(mbe_int code, mbe_int col, mbe_real level, MbeGrid g,
                               MBE_GLOBAL const mbe_real* y, mbe_long v, mbe_long nvar,
                               mbe_int status) {
  const mbe_real nan = mbe_integrate_nan();
  const int kind = code & 255;
  const int is_abs = (code & MBE_QOI_ABS) != 0;
  if (status != MBE_RUN_OK || kind < 0 || kind >= MBE_QOI_COUNT) {
    return nan;
  }
  if (kind == MBE_QOI_FINAL) {
    return mbe_qoi_value(y, v, nvar, g.nout - 1, g.nout, col, is_abs);
  }

  // one pass over the grid: extremes, trapezoids, the first crossing
  mbe_real prev = mbe_qoi_value(y, v, nvar, 0, g.nout, col, is_abs);
  mbe_real lo = prev, hi = prev, sum = MBE_R(0.0);
  mbe_real tprev = mbe_grid_time(g, 0);
  if ((kind == MBE_QOI_CROSS || kind == MBE_QOI_CROSS_UP || kind == MBE_QOI_CROSS_DOWN) &&
      prev == level) {
    return tprev;
  }
  for (mbe_int k = 1; k < g.nout; k++) {
    const mbe_real x = mbe_qoi_value(y, v, nvar, k, g.nout, col, is_abs);
    const mbe_real t = mbe_grid_time(g, k);
    lo = mbe_fmin(lo, x);
    hi = mbe_fmax(hi, x);
    sum += MBE_R(0.5) * (prev + x) * (t - tprev);
    const mbe_real a = prev - level, b = x - level;
    const int up = a < MBE_R(0.0) && b >= MBE_R(0.0);
    const int down = a > MBE_R(0.0) && b <= MBE_R(0.0);
    if ((kind == MBE_QOI_CROSS && (up || down)) || (kind == MBE_QOI_CROSS_UP && up) ||
        (kind == MBE_QOI_CROSS_DOWN && down)) {
      return tprev + (level - prev) / (x - prev) * (t - tprev);
    }
    prev = x;
    tprev = t;
  }
  switch (kind) {
    case MBE_QOI_MIN: return lo;
    case MBE_QOI_MAX: return hi;
    case MBE_QOI_MEAN: return sum / (g.t1 - g.t0);
    case MBE_QOI_INTEGRAL: return sum;
    default: return nan;
  }
}

#endif
