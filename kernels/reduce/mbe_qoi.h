// SPDX-License-Identifier: Apache-2.0
// The aggregates of quantities of interest: one number of one member from one output column on
// the output grid (initial and final value, minimum and maximum and the first times they occur,
// time mean and time integral by trapezoids, the first time the column crosses a level). The
// host combines aggregates into the quantities users write (host/ensemble/ensemble_qoi.c). The
// system (MBE_RHS_NY) must be defined before inclusion.
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

// Returns the first time the values of column col cross level (kind MBE_QOI_CROSS either way,
// _UP upwards, _DOWN downwards), NaN if they never do. A crossing is a passage from one side of
// the level strictly to the other: a signal that starts on the level has no side yet (leaving it
// is not a crossing), touching the level and turning back is none, and a signal that rests on
// the level on its way through crosses when it first reached it. Between grid points on either
// side the time is interpolated linearly; NaN values are passed over.
MBE_FN mbe_real mbe_qoi_crossing(int kind, mbe_int col, int is_abs, mbe_real level, MbeGrid g,
                                 MBE_GLOBAL const mbe_real* y, mbe_long v, mbe_long nvar) {
  mbe_real prev = mbe_qoi_value(y, v, nvar, 0, g.nout, col, is_abs);
  mbe_real tprev = mbe_grid_time(g, 0);
  int side = prev > level ? 1 : prev < level ? -1 : 0;
  int is_on = prev == level;
  mbe_real t_on = tprev;
  for (mbe_int k = 1; k < g.nout; k++) {
    const mbe_real x = mbe_qoi_value(y, v, nvar, k, g.nout, col, is_abs);
    const mbe_real t = mbe_grid_time(g, k);
    if (x != x) {
      continue;
    }

    // on the level: remember when it got there
    if (x == level) {
      if (!is_on) {
        t_on = t;
      }
      is_on = 1;
    } else {
      // on a side: a crossing when it is the other one
      const int s = x > level ? 1 : -1;
      const int wanted = kind == MBE_QOI_CROSS || (kind == MBE_QOI_CROSS_UP && s > 0) ||
                         (kind == MBE_QOI_CROSS_DOWN && s < 0);
      if (side != 0 && s != side && wanted) {
        return is_on ? t_on : tprev + (level - prev) / (x - prev) * (t - tprev);
      }
      side = s;
      is_on = 0;
    }
    prev = x;
    tprev = t;
  }
  return mbe_integrate_nan();
}

// Returns aggregate `code` (MbeQoiKind | MBE_QOI_ABS) of output column col of member v, with
// level for the crossings, from its nout grid values. Every aggregate of a member whose status
// is not ok is NaN (its outputs end where it failed). Sums run in time order, so a member's
// aggregates depend on nothing but its own outputs. min and max pass over NaN values; a time of
// the minimum or maximum is the first grid time it occurs.
MBE_FN mbe_real mbe_qoi_member(mbe_int code, mbe_int col, mbe_real level, MbeGrid g,
                               MBE_GLOBAL const mbe_real* y, mbe_long v, mbe_long nvar,
                               mbe_int status) {
  const int kind = code & 255;
  const int is_abs = (code & MBE_QOI_ABS) != 0;
  if (status != MBE_RUN_OK || kind < 0 || kind >= MBE_QOI_COUNT) {
    return mbe_integrate_nan();
  }
  if (kind == MBE_QOI_FINAL || kind == MBE_QOI_INITIAL) {
    return mbe_qoi_value(y, v, nvar, kind == MBE_QOI_FINAL ? g.nout - 1 : 0, g.nout, col, is_abs);
  }
  if (kind == MBE_QOI_CROSS || kind == MBE_QOI_CROSS_UP || kind == MBE_QOI_CROSS_DOWN) {
    return mbe_qoi_crossing(kind, col, is_abs, level, g, y, v, nvar);
  }

  // one pass over the grid: extremes and where they first occur, trapezoids
  mbe_real prev = mbe_qoi_value(y, v, nvar, 0, g.nout, col, is_abs);
  mbe_real tprev = mbe_grid_time(g, 0);
  mbe_real lo = prev, hi = prev, t_lo = tprev, t_hi = tprev, sum = MBE_R(0.0);
  for (mbe_int k = 1; k < g.nout; k++) {
    const mbe_real x = mbe_qoi_value(y, v, nvar, k, g.nout, col, is_abs);
    const mbe_real t = mbe_grid_time(g, k);
    if (x < lo || (lo != lo && x == x)) {
      lo = x;
      t_lo = t;
    }
    if (x > hi || (hi != hi && x == x)) {
      hi = x;
      t_hi = t;
    }
    sum += MBE_R(0.5) * (prev + x) * (t - tprev);
    prev = x;
    tprev = t;
  }
  switch (kind) {
    case MBE_QOI_MIN: return lo;
    case MBE_QOI_MAX: return hi;
    case MBE_QOI_TIME_AT_MIN: return lo == lo ? t_lo : mbe_integrate_nan();
    case MBE_QOI_TIME_AT_MAX: return hi == hi ? t_hi : mbe_integrate_nan();
    case MBE_QOI_MEAN: return sum / (g.t1 - g.t0);
    default: return sum;  // MBE_QOI_INTEGRAL
  }
}

#endif
