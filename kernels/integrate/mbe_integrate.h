// SPDX-License-Identifier: Apache-2.0
// The per-member driver: integrates one member over the output grid with RK4 (fixed steps that hit
// every grid point) or DOPRI5 (adaptive, dense output at the grid points) and writes its outputs
// and info record. The system (MBE_RHS_*, mbe_rhs, mbe_out) must be defined before inclusion.
#ifndef MBE_INTEGRATE_H
#define MBE_INTEGRATE_H

#include "mbe_real.h"
#include "mbe_layout.h"
#include "integrate/mbe_step_control.h"
#include "integrate/mbe_rk4.h"
#include "integrate/mbe_dopri5.h"
#include "integrate/mbe_events.h"

#if !defined(MBE_RHS_NX) || !defined(MBE_RHS_NP) || !defined(MBE_RHS_NY) || \
    !defined(MBE_RHS_NW) || !defined(MBE_RHS_NIW)
#error "define the system (MBE_RHS_NX/NP/NY/NW/NIW, mbe_rhs, mbe_out) before mbe_integrate.h"
#endif

// A system may compute member constants once (mbe_prep fills p[MBE_RHS_NP .. MBE_RHS_NQ)) and
// its initial state from its parameters (mbe_x0, with MBE_RHS_HAS_X0); generated systems do
// both. Without them the parameters are what the member gives and the initial state is given.
#if !defined(MBE_RHS_NQ)
#define MBE_RHS_NQ MBE_RHS_NP
MBE_FN void mbe_prep(mbe_real* p) {
  (void)p;
}
#endif

// A system may check assertions (mbe_check, with MBE_RHS_NA > 0; generated systems with
// asserts do): it returns the 1-based index of the first error-level assertion that is false at
// (t, x) (0: none) and sets *warned, when still 0, to the first warning-level one that is false.
#if !defined(MBE_RHS_NA)
#define MBE_RHS_NA 0
MBE_FN int mbe_check(mbe_real t, const mbe_real* x, const mbe_real* p, mbe_real* w, mbe_int* iw,
                     mbe_int* warned) {
  (void)t;
  (void)x;
  (void)p;
  (void)w;
  (void)iw;
  (void)warned;
  return 0;
}
#endif

// the output grid: t_k = t0 + k dt for k < nout - 1, and exactly t1 for k = nout - 1
typedef struct MbeGrid {
  mbe_real t0;   // first point (s)
  mbe_real t1;   // last point (s), > t0
  mbe_real dt;   // spacing (t1 - t0) / (nout - 1) (s)
  mbe_int nout;  // number of points, >= 2
} MbeGrid;

// what a member has spent and produced so far
typedef struct MbeRunCount {
  mbe_long steps;     // accepted steps
  mbe_long rejected;  // rejected steps
  mbe_long nrhs;      // mbe_rhs calls
  mbe_int nout_done;  // grid points 0..nout_done-1 are written
  mbe_int assert_failed;  // the error-level assertion that stopped the member (1-based), 0
  mbe_int warned;         // the first warning-level assertion found false (1-based), 0
  mbe_real assert_t;      // when assert_failed was found false (s)
  mbe_long events;        // events located (relations that changed their value)
} MbeRunCount;

// Checks the system's assertions at (t, x): 1 (and the assertion and time in cnt) when an
// error-level one is false, so the member stops with MBE_RUN_ASSERT; 0 otherwise.
MBE_FN int mbe_integrate_check(mbe_real t, const mbe_real* x, const mbe_real* p, MbeRunCount* cnt,
                               mbe_real* w, mbe_int* iw) {
  const int a = mbe_check(t, x, p, w, iw, &cnt->warned);
  if (a != 0) {
    cnt->assert_failed = a;
    cnt->assert_t = t;
    return 1;
  }
  return 0;
}

// Returns the grid from t0 to t1 with nout >= 2 points; the spacing is computed here only.
MBE_FN MbeGrid mbe_grid_make(mbe_real t0, mbe_real t1, mbe_int nout) {
  MbeGrid g;
  g.t0 = t0;
  g.t1 = t1;
  g.dt = (t1 - t0) / (mbe_real)(nout - 1);
  g.nout = nout;
  return g;
}

// Returns grid time k (s): the one formula every caller uses, so all agree bit for bit.
MBE_FN mbe_real mbe_grid_time(MbeGrid g, mbe_int k) {
  return k == g.nout - 1 ? g.t1 : g.t0 + (mbe_real)k * g.dt;
}

// Returns the quiet NaN written for outputs a member never reached, built from its bits
// (0x7ff8000000000000 or 0x7fc00000) so every backend writes the same bits.
MBE_FN mbe_real mbe_integrate_nan(void) {
  const mbe_ureal one = (mbe_ureal)1;
  return MBE_BITS_TO_REAL((one << (MBE_REAL_BITS - 1)) - (one << (MBE_REAL_MANT_DIG - 2)));
}

// Returns x, or mbe_integrate_nan() for any NaN: the bits of a NaN computed in an output differ
// between devices (sign, payload), the canonical one does not.
MBE_FN mbe_real mbe_integrate_canonical(mbe_real x) {
  return mbe_isnan(x) ? mbe_integrate_nan() : x;
}

// Returns 1 when all MBE_RHS_NX values of a are finite.
MBE_FN int mbe_integrate_is_finite(const mbe_real* a) {
  int ok = 1;
  for (mbe_int i = 0; i < MBE_RHS_NX; i++) {
    ok = ok && mbe_isfinite(a[i]);
  }
  return ok;
}

// Returns n clamped to the mbe_int range of the info record.
MBE_FN mbe_int mbe_integrate_saturate(mbe_long n) {
  return n > (mbe_long)2147483647 ? (mbe_int)2147483647 : (mbe_int)n;
}

// Evaluates mbe_out at grid point k (time t, state x) and stores the MBE_RHS_NY signals of member
// v of nvar. Returns mbe_out's status; nothing is stored unless it is 0.
MBE_FN int mbe_integrate_emit(mbe_real t, const mbe_real* x, const mbe_real* p, mbe_int k,
                              mbe_int nout, MBE_GLOBAL mbe_real* y, mbe_long v, mbe_long nvar,
                              mbe_real* w, mbe_int* iw) {
  mbe_real yv[MBE_RHS_NY];
  const int rc = mbe_out(t, x, p, yv, w, iw);
  if (rc != 0) {
    return rc;
  }
  (void)nout;  // MBE_AT uses either nvar or the per-member count, by layout
  (void)nvar;
  for (mbe_int j = 0; j < MBE_RHS_NY; j++) {
    y[MBE_AT((mbe_long)k * MBE_RHS_NY + j, v, (mbe_long)nout * MBE_RHS_NY, nvar)] =
        mbe_integrate_canonical(yv[j]);
  }
  return 0;
}

// the member status of a non-zero mbe_rhs / mbe_out result: a Newton failure reports itself,
// anything else is RHS_FAIL
MBE_FN MbeRunStatus mbe_rhs_failure(int rc) {
  return rc == MBE_RUN_NEWTON_FAIL ? MBE_RUN_NEWTON_FAIL : MBE_RUN_RHS_FAIL;
}

// what mbe_integrate_locate looks for
#define MBE_LOCATE_EVENT 0   // some relation's value differs from its mode
#define MBE_LOCATE_ASSERT 1  // an error-level assertion is false

// *found = 1 when (t, x) shows what `what` looks for. Returns the system's status.
MBE_FN int mbe_integrate_found(int what, mbe_real t, const mbe_real* x, const mbe_real* p,
                               mbe_real* w, mbe_int* iw, int* found) {
  if (what == MBE_LOCATE_EVENT) {
    return mbe_event_changed(t, x, p, w, iw, found);
  }
  mbe_int warned = 0;  // the caller's record of warnings stays as the steps found them
  *found = mbe_check(t, x, p, w, iw, &warned) != 0;
  return 0;
}

// Locates the first point inside a step of size h from (t, x0) to x1 where `what` is found,
// knowing it is found at theta = *theta and not at 0: bisection of theta on the step's
// interpolant (dp: DOPRI5's continuous extension; 0: the cubic Hermite of (x0, f0) and (x1, f1))
// down to neighbouring points of the time axis. *theta becomes the first point found and xe the
// state there (xe must hold the state at the given *theta). Returns 0 or the system's status.
MBE_FN int mbe_integrate_locate(int what, mbe_real t, mbe_real h, const mbe_real* x0,
                                const mbe_real* x1, const MbeDopri5Work* dp, const mbe_real* f0,
                                const mbe_real* f1, const mbe_real* p, mbe_real* w, mbe_int* iw,
                                mbe_real* xe, mbe_real* theta) {
  mbe_real lo = MBE_R(0.0);
  mbe_real hi = *theta;
  for (int it = 0; it < MBE_EVENT_BISECTIONS; it++) {
    const mbe_real mid = MBE_R(0.5) * (lo + hi);
    const mbe_real tm = t + mid * h;
    if (!(tm > t + lo * h && tm < t + hi * h)) {
      break;  // lo and hi are neighbours on the time axis
    }
    mbe_real xm[MBE_RHS_NX];
    if (dp) {
      mbe_dopri5_dense(mid, h, x0, x1, dp, xm);
    } else {
      mbe_event_hermite(mid, h, x0, f0, x1, f1, xm);
    }
    int found;
    const int rc = mbe_integrate_found(what, tm, xm, p, w, iw, &found);
    if (rc != 0) {
      return rc;
    }
    if (found) {
      hi = mid;
      for (mbe_int i = 0; i < MBE_RHS_NX; i++) {
        xe[i] = xm[i];
      }
    } else {
      lo = mid;
    }
  }
  *theta = hi;
  return 0;
}

// An error-level assertion found false at the end (theta_end, time t_end, state xend) of a step
// of size h from (t, x0) to x1: the member stops where it first failed inside the step (located
// as events are), the assertion and time in cnt are the ones there, and grid points from that
// time on are not kept.
MBE_FN MbeRunStatus mbe_integrate_assert(mbe_real t, mbe_real h, mbe_real theta_end,
                                         mbe_real t_end, const mbe_real* x0, const mbe_real* x1,
                                         const mbe_real* xend, const MbeDopri5Work* dp,
                                         const mbe_real* f0, const mbe_real* f1,
                                         const mbe_real* p, MbeGrid g, MbeRunCount* cnt,
                                         mbe_real* w, mbe_int* iw) {
  mbe_real xa[MBE_RHS_NX];
  for (mbe_int i = 0; i < MBE_RHS_NX; i++) {
    xa[i] = xend[i];
  }
  mbe_real theta = theta_end;
  const int rc =
      mbe_integrate_locate(MBE_LOCATE_ASSERT, t, h, x0, x1, dp, f0, f1, p, w, iw, xa, &theta);
  if (rc != 0) {
    return mbe_rhs_failure(rc);
  }
  const mbe_real ta = theta == theta_end ? t_end : t + theta * h;
  cnt->assert_failed = 0;
  mbe_integrate_check(ta, xa, p, cnt, w, iw);
  while (cnt->nout_done > 1 && mbe_grid_time(g, cnt->nout_done - 1) >= ta) {
    cnt->nout_done -= 1;
  }
  return MBE_RUN_ASSERT;
}

// Ends every event inside the RK4 step of size h from (ta, x0) that left x: located on the cubic
// Hermite of the step (one more mbe_rhs call for the slope at its end), the step is taken again
// up to the event with the old modes, the modes change there, and the rest of the step is taken
// with the new ones; up to MBE_EVENT_BISECTIONS events a step. *t_last is the start of the last
// step taken: x0 is the state there, ws->k1 the slope. Returns 0 or the failing status.
MBE_FN int mbe_rk4_events(mbe_real ta, mbe_real h, mbe_real* x0, mbe_real* x, const mbe_real* p,
                          MbeRk4Work* ws, MbeRunCount* cnt, mbe_real* w, mbe_int* iw,
                          mbe_real* t_last) {
  const mbe_real tb = ta + h;
  *t_last = ta;
  for (int n = 0; n < MBE_EVENT_BISECTIONS; n++) {
    int changed;
    int rc = mbe_event_changed(tb, x, p, w, iw, &changed);
    if (rc != 0 || !changed) {
      return rc;
    }
    mbe_real f1[MBE_RHS_NX];
    mbe_real xe[MBE_RHS_NX];
    mbe_real theta = MBE_R(1.0);
    for (mbe_int i = 0; i < MBE_RHS_NX; i++) {
      xe[i] = x[i];
    }
    cnt->nrhs += 1;
    if ((rc = mbe_rhs(tb, x, p, f1, w, iw)) != 0 ||
        (rc = mbe_integrate_locate(MBE_LOCATE_EVENT, ta, h, x0, x, 0, ws->k1, f1, p, w, iw, xe,
                                     &theta)) != 0) {
      return rc;
    }
    if (theta == MBE_R(1.0)) {
      // at the step's end: the step stands as taken, only the modes change
      cnt->events += 1;
      return mbe_event_modes(tb, xe, p, w, iw);
    }
    const mbe_real te = ta + theta * h;
    for (mbe_int i = 0; i < MBE_RHS_NX; i++) {
      x[i] = x0[i];
    }
    if ((rc = mbe_rk4_step(ta, te - ta, x, p, ws, w, iw, &cnt->nrhs)) != 0 ||
        (rc = mbe_event_modes(te, xe, p, w, iw)) != 0) {
      return rc;
    }
    cnt->events += 1;
    // the rest of the step with the new modes, then look again
    for (mbe_int i = 0; i < MBE_RHS_NX; i++) {
      x0[i] = x[i];
    }
    cnt->steps += 1;
    ta = te;
    h = tb - te;
    *t_last = ta;
    if ((rc = mbe_rk4_step(ta, h, x, p, ws, w, iw, &cnt->nrhs)) != 0) {
      return rc;
    }
  }
  return 0;
}

// Fixed-step RK4 over the grid from state x (in place), grid point 0 already written. Every output
// interval takes m = ceil(dt / hmax) equal steps (dt / hmax forgiven 16 rounding units, so an H
// that divides dt gives exactly dt / H steps); grid points are hit exactly. An interval whose m
// steps would pass max_steps is not started (MAX_STEPS). Any non-zero mbe_rhs or mbe_out status
// is RHS_FAIL (a fixed step cannot retry); a non-finite state after a step is NONFINITE.
MBE_FN MbeRunStatus mbe_integrate_rk4(MbeGrid g, mbe_real hmax, mbe_long max_steps, mbe_real* x,
                                      const mbe_real* p, MBE_GLOBAL mbe_real* y, mbe_long v,
                                      mbe_long nvar, MbeRunCount* cnt, mbe_real* w, mbe_int* iw) {
  MbeRk4Work ws;
  if (!(hmax > MBE_R(0.0))) {
    return MBE_RUN_STEP_UNDERFLOW;
  }

  // steps per output interval, the same for every interval
  const mbe_real r = g.dt / hmax * (MBE_R(1.0) - MBE_R(16.0) * MBE_REAL_EPSILON);
  const mbe_real mr = mbe_fmax(MBE_R(1.0), -mbe_floor(-r));
  if (!(mr <= (mbe_real)max_steps)) {
    return MBE_RUN_MAX_STEPS;
  }
  const mbe_long m = (mbe_long)mr;

  for (mbe_int k = 1; k < g.nout; k++) {
    const mbe_real ta = mbe_grid_time(g, k - 1);
    const mbe_real tb = mbe_grid_time(g, k);
    if (cnt->steps + m > max_steps) {
      return MBE_RUN_MAX_STEPS;
    }

    // m equal steps from ta; step j starts at ta + j h, no accumulated time
    const mbe_real h = (tb - ta) / mr;
    if (ta + h == ta) {
      return MBE_RUN_STEP_UNDERFLOW;
    }
    for (mbe_long j = 0; j < m; j++) {
      mbe_real x0[MBE_RHS_NE + MBE_RHS_NA > 0 ? MBE_RHS_NX : 1];
      for (mbe_int i = 0; MBE_RHS_NE + MBE_RHS_NA > 0 && i < MBE_RHS_NX; i++) {
        x0[i] = x[i];
      }
      mbe_real t_last = ta + (mbe_real)j * h;  // where the last step from x0 began
      int rc = mbe_rk4_step(t_last, h, x, p, &ws, w, iw, &cnt->nrhs);
      if (MBE_RHS_NE > 0 && rc == 0) {
        rc = mbe_rk4_events(ta + (mbe_real)j * h, h, x0, x, p, &ws, cnt, w, iw, &t_last);
      }
      if (rc != 0) {
        return mbe_rhs_failure(rc);
      }
      cnt->steps += 1;
      if (!mbe_integrate_is_finite(x)) {
        return MBE_RUN_NONFINITE;
      }
      if (MBE_RHS_NA > 0 && mbe_integrate_check(ta + (mbe_real)(j + 1) * h, x, p, cnt, w, iw)) {
        // located on the step's cubic Hermite; what the interval computed is not a grid point
        mbe_real f1[MBE_RHS_NA > 0 ? MBE_RHS_NX : 1];
        cnt->nrhs += 1;
        const int rcf = mbe_rhs(ta + (mbe_real)(j + 1) * h, x, p, f1, w, iw);
        const mbe_real tj = ta + (mbe_real)(j + 1) * h;
        return rcf != 0 ? mbe_rhs_failure(rcf)
                        : mbe_integrate_assert(t_last, tj - t_last, MBE_R(1.0), tj, x0, x, x, 0,
                                               ws.k1, f1, p, g, cnt, w, iw);
      }
    }

    // the state after the last step is the state at tb
    const int rce = mbe_integrate_emit(tb, x, p, k, g.nout, y, v, nvar, w, iw);
    if (rce != 0) {
      return mbe_rhs_failure(rce);
    }
    cnt->nout_done = k + 1;
  }
  return MBE_RUN_OK;
}

// Adaptive DOPRI5 over the grid from state x, grid point 0 already written. Settings from cfg_r:
// H = first step (0: Hairer's estimate, one extra mbe_rhs call), HMIN (<= 0: none), HMAX (<= 0 or
// beyond T1 - T0: T1 - T0), RTOL, ATOL (validated by the caller). Steps are never cut for the grid:
// grid points inside an accepted step come from the dense output, a grid point on the step's end
// from the step's solution itself. The last step lands exactly on T1 (stretched by up to 1 % so no
// sliver remains; HMAX is never exceeded). Failure policy (the member's info status):
// - mbe_rhs < 0 anywhere, or mbe_out != 0: RHS_FAIL (NEWTON_FAIL where the system says so);
// - a trial with non-finite values (stage slopes, solution or error estimate): rejected, h / 5; if
//   h then falls below HMIN (or t + h == t), NONFINITE: shrinking cannot cure a NaN;
// - mbe_rhs > 0 in a trial: rejected, h / 5; at HMIN, RHS_FAIL;
// - an ordinary rejection (error norm > 1) pushing h below HMIN, an accepted step proposing
//   h < HMIN, or t + h == t: STEP_UNDERFLOW;
// - accepted + rejected reaching max_steps before T1: MAX_STEPS.
// A non-finite state or slope at T0 is NONFINITE at once (no step could be accepted from it).
MBE_FN MbeRunStatus mbe_integrate_dopri5(MbeGrid g, MBE_GLOBAL const mbe_real* cfg_r,
                                         mbe_long max_steps, mbe_real* x, const mbe_real* p,
                                         MBE_GLOBAL mbe_real* y, mbe_long v, mbe_long nvar,
                                         MbeRunCount* cnt, mbe_real* w, mbe_int* iw) {
  MbeDopri5Work ws;
  mbe_real xnew[MBE_RHS_NX];
  mbe_real xerr[MBE_RHS_NX];
  mbe_real xd[MBE_RHS_NX];
  const mbe_real rtol = cfg_r[MBE_CFGR_RTOL];
  const mbe_real atol = cfg_r[MBE_CFGR_ATOL];

  // step limits: HMAX defaults to the whole span, HMIN to none
  const mbe_real span = g.t1 - g.t0;
  mbe_real hmax = cfg_r[MBE_CFGR_HMAX];
  if (!(hmax > MBE_R(0.0) && hmax <= span)) {
    hmax = span;
  }
  mbe_real hmin = cfg_r[MBE_CFGR_HMIN];
  if (!(hmin > MBE_R(0.0))) {
    hmin = MBE_R(0.0);
  }

  // slope at the start, the first k1 (FSAL)
  cnt->nrhs += 1;
  int rc = mbe_rhs(g.t0, x, p, ws.k1, w, iw);
  if (rc != 0) {
    return mbe_rhs_failure(rc);
  }
  if (!mbe_integrate_is_finite(ws.k1)) {
    return MBE_RUN_NONFINITE;
  }

  // first step: given, or Hairer's estimate; then within [HMIN, HMAX]
  mbe_real h = cfg_r[MBE_CFGR_H];
  if (!(h > MBE_R(0.0))) {
    rc = mbe_dopri5_hinit(g.t0, x, p, hmax, rtol, atol, &ws, w, iw, &cnt->nrhs, &h);
    if (rc < 0) {
      return MBE_RUN_RHS_FAIL;
    }
  }
  h = mbe_fmin(mbe_fmax(h, hmin), hmax);

  MbeStepControl ctl = mbe_step_control_init();
  MbeRunStatus why =
      MBE_RUN_STEP_UNDERFLOW;  // what a too small step means: the last failure's kind
  mbe_real t = g.t0;
  mbe_int k = 1;
  for (;;) {
    // budget and step size floor
    if (cnt->steps + cnt->rejected >= max_steps) {
      return MBE_RUN_MAX_STEPS;
    }
    if (h < hmin) {
      return why;
    }

    // land exactly on t1 when within 1 % of it (and HMAX allows)
    mbe_real hs = h;
    int is_last = 0;
    if (t + MBE_R(1.01) * h >= g.t1 && g.t1 - t <= hmax) {
      hs = g.t1 - t;
      is_last = 1;
    }
    if (t + hs == t) {
      return why;
    }

    // trial step; failures without a usable error estimate shrink by the largest factor
    rc = mbe_dopri5_step(t, hs, x, p, xnew, xerr, &ws, w, iw, &cnt->nrhs);
    if (rc < 0) {
      return MBE_RUN_RHS_FAIL;
    }
    if (rc > 0) {
      cnt->rejected += 1;
      h = mbe_step_control_fail(&ctl, hs);
      why = mbe_rhs_failure(rc);
      continue;
    }
    const mbe_real err = mbe_step_error_norm(MBE_RHS_NX, x, xnew, xerr, rtol, atol);
    if (!mbe_integrate_is_finite(xnew) || !mbe_integrate_is_finite(xerr) || err != err) {
      cnt->rejected += 1;
      h = mbe_step_control_fail(&ctl, hs);
      why = MBE_RUN_NONFINITE;
      continue;
    }

    // ordinary rejection (err may be +inf when e_i / sk_i overflows)
    if (!(err <= MBE_R(1.0))) {
      cnt->rejected += 1;
      h = mbe_step_control_reject(&ctl, hs, err);
      why = MBE_RUN_STEP_UNDERFLOW;
      continue;
    }

    // accepted; an event inside the step ends it there (te, xend)
    cnt->steps += 1;
    const mbe_real tnew = is_last ? g.t1 : t + hs;
    mbe_real te = tnew;
    mbe_real xe[MBE_RHS_NE > 0 ? MBE_RHS_NX : 1];
    const mbe_real* xend = xnew;
    int has_event = 0;
    mbe_real theta_e = MBE_R(1.0);
    if (MBE_RHS_NE > 0) {
      rc = mbe_event_changed(tnew, xnew, p, w, iw, &has_event);
      if (rc == 0 && has_event) {
        for (mbe_int i = 0; i < MBE_RHS_NX; i++) {
          xe[i] = xnew[i];
        }
        rc = mbe_integrate_locate(MBE_LOCATE_EVENT, t, hs, x, xnew, &ws, 0, 0, p, w, iw, xe,
                                  &theta_e);
      }
      if (rc != 0) {
        return mbe_rhs_failure(rc);
      }
      if (has_event && theta_e < MBE_R(1.0)) {
        te = t + theta_e * hs;
        xend = xe;
      }
    }

    // grid points in (t, te], by dense output or, on te itself, from xend
    while (k < g.nout) {
      const mbe_real tk = mbe_grid_time(g, k);
      if (tk > te) {
        break;
      }
      if (tk == te) {
        rc = mbe_integrate_emit(tk, xend, p, k, g.nout, y, v, nvar, w, iw);
      } else {
        mbe_dopri5_dense((tk - t) / hs, hs, x, xnew, &ws, xd);
        rc = mbe_integrate_emit(tk, xd, p, k, g.nout, y, v, nvar, w, iw);
      }
      if (rc != 0) {
        return mbe_rhs_failure(rc);
      }
      k += 1;
      cnt->nout_done = k;
    }
    if (MBE_RHS_NA > 0 && mbe_integrate_check(te, xend, p, cnt, w, iw)) {
      return mbe_integrate_assert(t, hs, theta_e, te, x, xnew, xend, &ws, 0, 0, p, g, cnt, w, iw);
    }
    if (has_event) {
      // the new modes, and a fresh start from the event with its slope
      if ((rc = mbe_event_modes(te, xend, p, w, iw)) != 0) {
        return mbe_rhs_failure(rc);
      }
      cnt->events += 1;
      if (te == g.t1) {
        return MBE_RUN_OK;
      }
      for (mbe_int i = 0; i < MBE_RHS_NX; i++) {
        x[i] = xend[i];
      }
      t = te;
      cnt->nrhs += 1;
      if ((rc = mbe_rhs(t, x, p, ws.k1, w, iw)) != 0) {
        return mbe_rhs_failure(rc);
      }
      if (!mbe_integrate_is_finite(ws.k1)) {
        return MBE_RUN_NONFINITE;
      }
      ctl = mbe_step_control_init();
      h = mbe_fmin(hs, hmax);
      why = MBE_RUN_STEP_UNDERFLOW;
      continue;
    }
    if (is_last) {
      return MBE_RUN_OK;
    }

    // advance; k7 at the new point is the next k1
    for (mbe_int i = 0; i < MBE_RHS_NX; i++) {
      x[i] = xnew[i];
      ws.k1[i] = ws.k7[i];
    }
    t = tnew;
    h = mbe_fmin(mbe_step_control_accept(&ctl, hs, err), hmax);
    why = MBE_RUN_STEP_UNDERFLOW;
  }
}

// Integrates member v of a launch of nvar members from cfg_r[MBE_CFGR_T0] to cfg_r[MBE_CFGR_T1],
// writes mbe_out at every output time, and the member's info record.
// cfg_r: MBE_CFGR_COUNT values; cfg_i: MBE_CFGI_COUNT values (shared by the launch).
// x0: initial states, element MBE_AT(i, v, MBE_RHS_NX, nvar), read when has_x0; else the system
// computes them from the parameters (mbe_x0; a system without it does not run: NOT_RUN);
// p: parameters, MBE_AT(j, v, MBE_RHS_NP, nvar); y: outputs, signal j at grid point k is
// MBE_AT(k MBE_RHS_NY + j, v, NOUT MBE_RHS_NY, nvar); info: MBE_AT(m, v, MBE_INFO_COUNT, nvar),
// m in MbeInfo. Outputs the member never reached are quiet NaN. An unknown method, NOUT < 2,
// T1 <= T0 or a non-finite time, or (DOPRI5) a negative, non-finite or all-zero tolerance:
// MBE_RUN_NOT_RUN. Member v's numbers depend on nothing but its own inputs and the
// configuration.
MBE_FN void mbe_integrate_variant(mbe_long v, mbe_long nvar, MBE_GLOBAL const mbe_real* cfg_r,
                                  MBE_GLOBAL const mbe_int* cfg_i, MBE_GLOBAL const mbe_real* x0,
                                  mbe_int has_x0, MBE_GLOBAL const mbe_real* p,
                                  MBE_GLOBAL mbe_real* y, MBE_GLOBAL mbe_int* info) {
  mbe_real xv[MBE_RHS_NX];
  mbe_real pv[MBE_RHS_NQ];
  mbe_real w[MBE_RHS_NW];
  mbe_int iw[MBE_RHS_NIW];

  // private copies of the member's parameters with its member constants, and of its initial
  // state (given, or from the parameters); work arrays start at zero
  for (mbe_int j = 0; j < MBE_RHS_NP; j++) {
    pv[j] = p[MBE_AT(j, v, MBE_RHS_NP, nvar)];
  }
  for (mbe_int j = MBE_RHS_NP; j < MBE_RHS_NQ; j++) {
    pv[j] = MBE_R(0.0);
  }
  mbe_prep(pv);
  int is_x0_ok = 1;
  for (mbe_int i = 0; i < MBE_RHS_NX; i++) {
    xv[i] = has_x0 ? x0[MBE_AT(i, v, MBE_RHS_NX, nvar)] : MBE_R(0.0);
  }
#if defined(MBE_RHS_HAS_X0)
  if (!has_x0) {
    is_x0_ok = mbe_x0(pv, xv) == 0;
  }
#else
  is_x0_ok = has_x0 != 0;
#endif
  for (mbe_int i = 0; i < MBE_RHS_NW; i++) {
    w[i] = MBE_R(0.0);
  }
  for (mbe_int i = 0; i < MBE_RHS_NIW; i++) {
    iw[i] = 0;
  }

  // configuration checks
  const mbe_real t0 = cfg_r[MBE_CFGR_T0];
  const mbe_real t1 = cfg_r[MBE_CFGR_T1];
  const mbe_real rtol = cfg_r[MBE_CFGR_RTOL];
  const mbe_real atol = cfg_r[MBE_CFGR_ATOL];
  const mbe_int method = cfg_i[MBE_CFGI_METHOD];
  const mbe_int nout = cfg_i[MBE_CFGI_NOUT];
  const mbe_long max_steps = (mbe_long)cfg_i[MBE_CFGI_MAX_STEPS];
  const int is_grid_ok =
      nout >= 2 && mbe_isfinite(t0) && mbe_isfinite(t1) && t1 > t0 && mbe_isfinite(t1 - t0);
  const int is_tol_ok = rtol >= MBE_R(0.0) && atol >= MBE_R(0.0) && mbe_isfinite(rtol) &&
                        mbe_isfinite(atol) && rtol + atol > MBE_R(0.0);
  const int is_method_ok =
      is_x0_ok && (method == MBE_METHOD_RK4 || (method == MBE_METHOD_DOPRI5 && is_tol_ok));

  // grid point 0 from the initial state, then the method
  MbeRunCount cnt;
  cnt.steps = 0;
  cnt.rejected = 0;
  cnt.nrhs = 0;
  cnt.nout_done = 0;
  cnt.assert_failed = 0;
  cnt.warned = 0;
  cnt.assert_t = MBE_R(0.0);
  cnt.events = 0;
  MbeRunStatus st = MBE_RUN_NOT_RUN;
  int rc0;
  if (is_grid_ok && is_method_ok) {
    const MbeGrid g = mbe_grid_make(t0, t1, nout);
    if (!mbe_integrate_is_finite(xv)) {
      st = MBE_RUN_INIT_FAIL;  // the member has no initial state (its initialization failed)
    } else if ((rc0 = mbe_event_modes(t0, xv, pv, w, iw)) != 0 ||
               (rc0 = mbe_integrate_emit(t0, xv, pv, 0, nout, y, v, nvar, w, iw)) != 0) {
      // no solution of the algebraic parts at the start: the member's initial state has none
      st = rc0 == MBE_RUN_NEWTON_FAIL ? MBE_RUN_INIT_FAIL : mbe_rhs_failure(rc0);
    } else {
      cnt.nout_done = 1;
      if (MBE_RHS_NA > 0 && mbe_integrate_check(t0, xv, pv, &cnt, w, iw)) {
        st = MBE_RUN_ASSERT;
      } else if (method == MBE_METHOD_RK4) {
        st = mbe_integrate_rk4(g, cfg_r[MBE_CFGR_H], max_steps, xv, pv, y, v, nvar, &cnt, w, iw);
      } else {
        st = mbe_integrate_dopri5(g, cfg_r, max_steps, xv, pv, y, v, nvar, &cnt, w, iw);
      }
    }
  }

  // outputs never reached are NaN, so nothing downstream reads stale memory
  const mbe_real nan = mbe_integrate_nan();
  for (mbe_int k = cnt.nout_done; k < nout; k++) {
    for (mbe_int j = 0; j < MBE_RHS_NY; j++) {
      y[MBE_AT((mbe_long)k * MBE_RHS_NY + j, v, (mbe_long)nout * MBE_RHS_NY, nvar)] = nan;
    }
  }

  // info record
  info[MBE_AT(MBE_INFO_STATUS, v, MBE_INFO_COUNT, nvar)] = (mbe_int)st;
  info[MBE_AT(MBE_INFO_STEPS, v, MBE_INFO_COUNT, nvar)] = mbe_integrate_saturate(cnt.steps);
  info[MBE_AT(MBE_INFO_REJECTED, v, MBE_INFO_COUNT, nvar)] = mbe_integrate_saturate(cnt.rejected);
  info[MBE_AT(MBE_INFO_NRHS, v, MBE_INFO_COUNT, nvar)] = mbe_integrate_saturate(cnt.nrhs);
  const mbe_ureal tb = MBE_REAL_TO_BITS(cnt.assert_t);
  info[MBE_AT(MBE_INFO_ASSERT, v, MBE_INFO_COUNT, nvar)] = cnt.assert_failed;
  info[MBE_AT(MBE_INFO_WARNED, v, MBE_INFO_COUNT, nvar)] = cnt.warned;
  info[MBE_AT(MBE_INFO_EVENTS, v, MBE_INFO_COUNT, nvar)] = mbe_integrate_saturate(cnt.events);
  info[MBE_AT(MBE_INFO_ASSERT_TLO, v, MBE_INFO_COUNT, nvar)] = (mbe_int)(tb & 0xffffffffu);
  info[MBE_AT(MBE_INFO_ASSERT_THI, v, MBE_INFO_COUNT, nvar)] =
      (mbe_int)(MBE_REAL_BITS == 64 ? (tb >> (MBE_REAL_BITS / 2)) : 0);
}

#endif
