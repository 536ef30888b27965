// SPDX-License-Identifier: Apache-2.0
// Modelica.Blocks the simulator computes: Sources (Constant, Step, Ramp, Sine, Cosine,
// ContinuousClock, ExpSine, Exponentials, Pulse, SawTooth, Trapezoid, KinematicPTP), Math (Gain, Add, Add3, Feedback, Product, Division, Sum, MultiSum, Abs,
// Sign, Sqrt, Sin, Cos, Tan, Atan2, Exp, Max, Min), Continuous.Der, Nonlinear.Limiter and
// Continuous.CriticalDamping (with states of its own); any other block has its outputs only.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mech_internal.h"

// a signal source that starts at startTime: offset + (t < startTime ? 0 : y), startTime a time
// event (the MSL's `time < startTime`)
static MbeSymId after_start(MbeMech* m, int comp, MbeSymId y, MbeStatus* st) {
  MbeSym* s = m->s;
  MbeSymId t0 = mbe_mech_param(m, comp, "startTime", st);
  MbeSymId off = mbe_mech_param(m, comp, "offset", st);
  return mbe_sym_add(s, off, mbe_sym_mul(s, mbe_mech_from_time(m, t0), y));
}

// Sum (u[nin], k[nin]) and MultiSum (u[nu], k[nu]): sum of k[i] u[i]
static MbeSymId sum_output(MbeMech* m, int comp, int depth, MbeStatus* st) {
  MbeSym* s = m->s;
  bool multi = m->comps[comp].kind == MBE_MC_MATH_MULTI_SUM;
  int n = 0;
  *st = mbe_mech_int(m, comp, multi ? "nu" : "nin", 0, &n);
  MbeSymId y = mbe_sym_const(s, 0.0);
  for (int i = 0; i < n && *st == MBE_OK; i++) {
    MbeSymId k = mbe_mech_psym(m, comp, "k", i, st);
    MbeSymId u = mbe_mech_block_input(m, comp, "u", i, depth, st);
    y = mbe_sym_add(s, y, mbe_sym_mul(s, k, u));
  }
  return y;
}

// ExpSine: amplitude e^(-damping dt) sin(2 pi f dt + phase); Exponentials: outMax (1 -
// e^(-dt / riseTimeConst)) until riseTime, then its value there decaying with fallTimeConst
// (riseTime a time event); dt = time - startTime, offset alone before startTime
static MbeSymId exp_source(MbeMech* m, int comp, MbeStatus* st) {
  MbeSym* s = m->s;
  MbeSymId dt = mbe_sym_sub(s, mbe_sym_time(s), mbe_mech_param(m, comp, "startTime", st));
  if (m->comps[comp].kind == MBE_MC_EXP_SINE) {
    MbeSymId w = mbe_sym_mul(s, mbe_sym_const(s, 2 * 3.14159265358979323846),
                             mbe_mech_param(m, comp, "f", st));
    MbeSymId arg = mbe_sym_add(s, mbe_sym_mul(s, w, dt), mbe_mech_param(m, comp, "phase", st));
    MbeSymId decay = mbe_sym_fn(
        s, MBE_SYM_EXP, mbe_sym_neg(s, mbe_sym_mul(s, dt, mbe_mech_param(m, comp, "damping", st))));
    MbeSymId y = mbe_sym_mul(s, mbe_mech_param(m, comp, "amplitude", st),
                             mbe_sym_mul(s, decay, mbe_sym_fn(s, MBE_SYM_SIN, arg)));
    return after_start(m, comp, y, st);
  }
  MbeSymId one = mbe_sym_const(s, 1.0), ymax = mbe_mech_param(m, comp, "outMax", st);
  MbeSymId tr = mbe_mech_param(m, comp, "riseTime", st);
  MbeSymId cr = mbe_mech_param(m, comp, "riseTimeConst", st);
  MbeSymId cf = mbe_mech_param(m, comp, "fallTimeConst", st);
  MbeSymId rise = mbe_sym_mul(
      s, ymax, mbe_sym_sub(s, one, mbe_sym_fn(s, MBE_SYM_EXP, mbe_sym_neg(s, mbe_sym_div(s, dt, cr)))));
  MbeSymId top = mbe_sym_mul(
      s, ymax, mbe_sym_sub(s, one, mbe_sym_fn(s, MBE_SYM_EXP, mbe_sym_neg(s, mbe_sym_div(s, tr, cr)))));
  MbeSymId fall = mbe_sym_mul(
      s, top,
      mbe_sym_fn(s, MBE_SYM_EXP, mbe_sym_neg(s, mbe_sym_div(s, mbe_sym_sub(s, dt, tr), cf))));
  MbeSymId t1 = mbe_sym_add(s, mbe_mech_param(m, comp, "startTime", st), tr);
  MbeSymId late = mbe_mech_from_time(m, t1);  // 1 from startTime + riseTime on
  MbeSymId y = mbe_sym_add(s, mbe_sym_mul(s, mbe_sym_sub(s, one, late), rise),
                           mbe_sym_mul(s, late, fall));
  return after_start(m, comp, y, st);
}

// Pulse, SawTooth and Trapezoid: the MSL's count, the period number held between events (a
// count, floor((time - startTime) / period), 0 before startTime: an event at each period's
// start), and T_start = startTime + count period; the windows of the period are relations on
// time - T_start, so every change is an event at its time whatever the steps. Nothing before
// startTime, nor once count reaches nperiod (> 0), or with nperiod = 0.
static MbeSymId periodic_source(MbeMech* m, int comp, MbeStatus* st) {
  MbeSym* s = m->s;
  MbeMechKind kind = m->comps[comp].kind;
  MbeSymId t = mbe_sym_time(s), zero = mbe_sym_const(s, 0.0);
  MbeSymId t0 = mbe_mech_param(m, comp, "startTime", st);
  MbeSymId period = mbe_mech_param(m, comp, "period", st);
  MbeSymId amp = mbe_mech_param(m, comp, "amplitude", st);
  int nperiod = -1;
  if (*st == MBE_OK)
    *st = mbe_mech_int(m, comp, "nperiod", 0, &nperiod);
  if (*st != MBE_OK || nperiod == 0)
    return mbe_mech_param(m, comp, "offset", st);
  MbeSymId u = mbe_sym_op(s, MBE_SYM_MAX, mbe_sym_div(s, mbe_sym_sub(s, t, t0), period), zero, 0);
  MbeSymId count = mbe_sym_fn(s, MBE_SYM_FLOOR, u);
  MbeSymId dt = mbe_sym_sub(s, t, mbe_sym_add(s, t0, mbe_sym_mul(s, count, period)));
  MbeSymId y;
  if (kind == MBE_MC_SAW_TOOTH) {
    y = mbe_sym_div(s, mbe_sym_mul(s, amp, dt), period);
  } else if (kind == MBE_MC_PULSE) {
    MbeSymId width = mbe_sym_div(
        s, mbe_sym_mul(s, period, mbe_mech_param(m, comp, "width", st)), mbe_sym_const(s, 100.0));
    MbeSymId in = mbe_sym_fn(s, MBE_SYM_EVENT, mbe_sym_sub(s, width, dt));  // dt < T_width
    y = mbe_sym_op(s, MBE_SYM_SELECT, in, amp, zero);
  } else {  // Trapezoid: up over rising, amplitude to T_width, down to T_falling, then 0
    MbeSymId rising = mbe_mech_param(m, comp, "rising", st);
    MbeSymId falling = mbe_mech_param(m, comp, "falling", st);
    MbeSymId t_width = mbe_sym_add(s, rising, mbe_mech_param(m, comp, "width", st));
    MbeSymId t_falling = mbe_sym_add(s, t_width, falling);
    MbeSymId up = mbe_sym_div(s, mbe_sym_mul(s, amp, dt), rising);
    MbeSymId down = mbe_sym_div(s, mbe_sym_mul(s, amp, mbe_sym_sub(s, t_falling, dt)), falling);
    y = mbe_sym_op(s, MBE_SYM_SELECT, mbe_sym_fn(s, MBE_SYM_EVENT, mbe_sym_sub(s, t_falling, dt)),
                   down, zero);
    y = mbe_sym_op(s, MBE_SYM_SELECT, mbe_sym_fn(s, MBE_SYM_EVENT, mbe_sym_sub(s, t_width, dt)),
                   amp, y);
    y = mbe_sym_op(s, MBE_SYM_SELECT, mbe_sym_fn(s, MBE_SYM_EVENT, mbe_sym_sub(s, rising, dt)),
                   up, y);
  }
  if (nperiod > 0) {  // count < nperiod (both whole numbers: no event of its own)
    MbeSymId left = mbe_sym_sub(s, mbe_sym_const(s, nperiod - 0.5), count);
    y = mbe_sym_op(s, MBE_SYM_SELECT, left, y, zero);
  }
  // selected, not multiplied: before startTime a Trapezoid's rise over rising = 0 is infinite
  y = mbe_sym_op(s, MBE_SYM_SELECT, mbe_mech_from_time(m, t0), y, zero);
  return mbe_sym_add(s, mbe_mech_param(m, comp, "offset", st), y);
}

static MbeSymId block_output(MbeMech* m, int comp, int elem, int depth, MbeStatus* st) {
  MbeSym* s = m->s;
  MbeSymId t = mbe_sym_time(s);
  switch (m->comps[comp].kind) {
    case MBE_MC_CONSTANT: return mbe_mech_param(m, comp, "k", st);
    case MBE_MC_CLOCK: {
      MbeSymId t0 = mbe_mech_param(m, comp, "startTime", st);
      MbeSymId dt = mbe_sym_sub(s, t, t0);
      return after_start(m, comp, dt, st);
    }
    case MBE_MC_STEP: return after_start(m, comp, mbe_mech_param(m, comp, "height", st), st);
    case MBE_MC_EXP_SINE:
    case MBE_MC_EXPONENTIALS: return exp_source(m, comp, st);
    case MBE_MC_PULSE:
    case MBE_MC_SAW_TOOTH:
    case MBE_MC_TRAPEZOID: return periodic_source(m, comp, st);
    case MBE_MC_RAMP: {
      // height * min(max((t - startTime) / duration, 0), 1)
      MbeSymId h = mbe_mech_param(m, comp, "height", st);
      MbeSymId d = mbe_mech_param(m, comp, "duration", st);
      MbeSymId t0 = mbe_mech_param(m, comp, "startTime", st);
      MbeSymId dt = mbe_sym_sub(s, t, t0);
      MbeSymId x = mbe_sym_div(s, dt, d);
      MbeSymId one = mbe_sym_const(s, 1.0);
      MbeSymId lo = mbe_sym_op(s, MBE_SYM_MAX, x, 0, 0);
      MbeSymId c = mbe_sym_op(s, MBE_SYM_MIN, lo, one, 0);
      MbeSymId y = mbe_sym_mul(s, h, c);
      MbeSymId off = mbe_mech_param(m, comp, "offset", st);
      return mbe_sym_add(s, off, y);
    }
    case MBE_MC_SINE:
    case MBE_MC_COSINE: {
      MbeSymId a = mbe_mech_param(m, comp, "amplitude", st);
      MbeSymId fr = mbe_mech_param(m, comp, "f", st);
      MbeSymId ph = mbe_mech_param(m, comp, "phase", st);
      MbeSymId t0 = mbe_mech_param(m, comp, "startTime", st);
      MbeSymId twopi = mbe_sym_const(s, 2 * 3.14159265358979323846);
      MbeSymId w = mbe_sym_mul(s, twopi, fr);
      MbeSymId dt = mbe_sym_sub(s, t, t0);
      MbeSymId arg = mbe_sym_mul(s, w, dt);
      arg = mbe_sym_add(s, arg, ph);
      MbeSymId sn =
          mbe_sym_fn(s, m->comps[comp].kind == MBE_MC_SINE ? MBE_SYM_SIN : MBE_SYM_COS, arg);
      MbeSymId y = mbe_sym_mul(s, a, sn);
      return after_start(m, comp, y, st);
    }
    case MBE_MC_GAIN: {
      MbeSymId k = mbe_mech_param(m, comp, "k", st);
      MbeSymId u = mbe_mech_block_input(m, comp, "u", 0, depth, st);
      return mbe_sym_mul(s, k, u);
    }
    case MBE_MC_ADD:
    case MBE_MC_ADD3: {
      int n = m->comps[comp].kind == MBE_MC_ADD ? 2 : 3;
      MbeSymId acc = 0;
      for (int i = 0; i < n; i++) {
        char kn[8], un[8];
        snprintf(kn, sizeof kn, "k%d", i + 1);
        snprintf(un, sizeof un, "u%d", i + 1);
        MbeSymId k = mbe_mech_param(m, comp, kn, st);
        MbeSymId u = mbe_mech_block_input(m, comp, un, 0, depth, st);
        MbeSymId ku = mbe_sym_mul(s, k, u);
        acc = i == 0 ? ku : mbe_sym_add(s, acc, ku);
      }
      return acc;
    }
    case MBE_MC_FEEDBACK: {
      MbeSymId u1 = mbe_mech_block_input(m, comp, "u1", 0, depth, st);
      MbeSymId u2 = mbe_mech_block_input(m, comp, "u2", 0, depth, st);
      return mbe_sym_sub(s, u1, u2);
    }
    case MBE_MC_MATH_SUM:
    case MBE_MC_MATH_MULTI_SUM: return sum_output(m, comp, depth, st);
    case MBE_MC_MATH_ABS:
    case MBE_MC_MATH_SQRT:
    case MBE_MC_MATH_SIN:
    case MBE_MC_MATH_COS:
    case MBE_MC_MATH_TAN:
    case MBE_MC_MATH_EXP: {
      MbeMechKind k = m->comps[comp].kind;
      MbeSymOp op = k == MBE_MC_MATH_ABS    ? MBE_SYM_ABS
                    : k == MBE_MC_MATH_SQRT ? MBE_SYM_SQRT
                    : k == MBE_MC_MATH_SIN  ? MBE_SYM_SIN
                    : k == MBE_MC_MATH_COS  ? MBE_SYM_COS
                    : k == MBE_MC_MATH_TAN  ? MBE_SYM_TAN
                                            : MBE_SYM_EXP;
      return mbe_sym_fn(s, op, mbe_mech_block_input(m, comp, "u", 0, depth, st));
    }
    case MBE_MC_MATH_SIGN: {  // smooth(0, ...): no events
      MbeSymId u = mbe_mech_block_input(m, comp, "u", 0, depth, st);
      MbeSymId neg = mbe_sym_op(s, MBE_SYM_SELECT, mbe_sym_neg(s, u), mbe_sym_const(s, -1.0),
                                mbe_sym_const(s, 0.0));
      return mbe_sym_op(s, MBE_SYM_SELECT, u, mbe_sym_const(s, 1.0), neg);
    }
    case MBE_MC_MATH_DIVISION:
    case MBE_MC_MATH_ATAN2:
    case MBE_MC_MATH_MAX:
    case MBE_MC_MATH_MIN: {
      MbeSymId u1 = mbe_mech_block_input(m, comp, "u1", 0, depth, st);
      MbeSymId u2 = mbe_mech_block_input(m, comp, "u2", 0, depth, st);
      MbeMechKind k = m->comps[comp].kind;
      return k == MBE_MC_MATH_DIVISION ? mbe_sym_div(s, u1, u2)
             : k == MBE_MC_MATH_ATAN2  ? mbe_sym_op(s, MBE_SYM_ATAN2, u1, u2, 0)
             : k == MBE_MC_MATH_MAX    ? mbe_sym_op(s, MBE_SYM_MAX, u1, u2, 0)
                                       : mbe_sym_op(s, MBE_SYM_MIN, u1, u2, 0);
    }
    case MBE_MC_LIMITER: {  // min(max(u, uMin), uMax); no events (the MSL's smooth(0, ...))
      MbeSymId u = mbe_mech_block_input(m, comp, "u", 0, depth, st);
      MbeSymId lo = mbe_mech_param(m, comp, "uMin", st), hi = mbe_mech_param(m, comp, "uMax", st);
      return mbe_sym_op(s, MBE_SYM_MIN, mbe_sym_op(s, MBE_SYM_MAX, u, lo, 0), hi, 0);
    }
    case MBE_MC_PRODUCT: {
      MbeSymId u1 = mbe_mech_block_input(m, comp, "u1", 0, depth, st);
      MbeSymId u2 = mbe_mech_block_input(m, comp, "u2", 0, depth, st);
      return mbe_sym_mul(s, u1, u2);
    }
    default:
      if (*st == MBE_OK) {
        *st = mbe_mech_error(m, MBE_ERR_UNSUPPORTED, comp,
                             "its output cannot drive an input yet (only signal sources and "
                             "math blocks can)");
      }
      (void)elem;
      return 0;
  }
}

const MbeMechClass mbe_mc_block = {.role = MBE_ROLE_BLOCK, .block = block_output};

/* ---- Blocks.Continuous.Der ------------------------------------------------------------------ */

// the rate of state i where it is known already: a joint's position (its speed), a speed once the
// accelerations are solved, a block's or law's own state once its rate is set; 0 where not yet
static MbeSymId known_rate(MbeMech* m, int i) {
  for (size_t k = 0; k < m->ntree; k++) {
    const MbeMechEdge* e = &m->edges[m->tree_edges[k]];
    if (i >= e->q0 && i < e->q0 + e->nq)
      return e->qdot[i - e->q0];
    if (i >= e->u0 && i < e->u0 + e->nu)
      return m->udot != NULL ? e->udot[i - e->u0] : 0;
  }
  return m->xdot[i];  // a component's state: 0 until its rate is set (or while it is 0)
}

// y = der(u) along the states' rates; an input whose rate is not known yet where y is read (a
// speed before the accelerations, a state whose rate its block sets later) is refused
static MbeSymId der_output(MbeMech* m, int c, int elem, int depth, MbeStatus* st) {
  (void)elem;
  MbeSymId u = mbe_mech_block_input(m, c, "u", 0, depth, st);
  MbeSymId acc = 0;
  int i = -1;
  if (*st == MBE_OK)
    *st = mbe_mech_der_by(m, u, known_rate, &acc, &i);
  if (*st != MBE_OK || i < 0)
    return acc;
  const char* name = m->state_names && m->state_names[i] ? m->state_names[i] : NULL;
  for (size_t k = 0; name == NULL && k < m->ntree; k++) {
    const MbeMechEdge* e = &m->edges[m->tree_edges[k]];
    if (i >= e->u0 && i < e->u0 + e->nu)
      name = e->uname[0];  // a speed
  }
  *st = mbe_mech_error(m, MBE_ERR_UNSUPPORTED, c,
                       "der(u) needs the rate of %s, which is not known where y is read (a "
                       "speed before the accelerations are solved, or a block's state whose "
                       "rate is set later); not supported yet",
                       name ? name : "a state");
  return 0;
}

const MbeMechClass mbe_mc_der_block = {.role = MBE_ROLE_BLOCK, .block = der_output};

/* ---- Blocks.Sources.KinematicPTP ------------------------------------------------------------ */

// element i of parameter vector `name` of length n, its only element where it has one
static MbeSymId ptp_param(MbeMech* m, int c, const char* name, int i, MbeStatus* st) {
  int v = mbe_mech_var(m, mbe_mech_cname(m, c, name));
  int n = v >= 0 && m->flat->vars[v].ndims == 1 ? m->flat->vars[v].dims[0] : 1;
  return mbe_mech_psym(m, c, name, n == 1 ? 0 : i, st);
}

// y[elem] = deltaq[elem] sdd: the path's acceleration sdd_max from startTime, 0 while it coasts
// at sd_max (Ta2 to Tv), -sdd_max until Te; with no coasting phase (Ta2 >= Ta1) it turns at Ta1.
// sd_max = 1 / max |deltaq / qd_max|, sdd_max = 1 / max |deltaq / qdd_max|; the switching times
// are time events, the phase choice a parameter expression (it may differ per member)
static MbeSymId ptp_output(MbeMech* m, int c, int elem, int depth, MbeStatus* st) {
  (void)depth;
  MbeSym* s = m->s;
  int n = 1;
  *st = mbe_mech_int(m, c, "nout", 0, &n);
  MbeSymId a1 = 0, a2 = 0;  // max |aux1|, max |aux2|
  for (int i = 0; i < n && *st == MBE_OK; i++) {
    MbeSymId dq = ptp_param(m, c, "deltaq", i, st);
    MbeSymId x1 = mbe_sym_fn(s, MBE_SYM_ABS, mbe_sym_div(s, dq, ptp_param(m, c, "qd_max", i, st)));
    MbeSymId x2 = mbe_sym_fn(s, MBE_SYM_ABS, mbe_sym_div(s, dq, ptp_param(m, c, "qdd_max", i, st)));
    a1 = i == 0 ? x1 : mbe_sym_op(s, MBE_SYM_MAX, a1, x1, 0);
    a2 = i == 0 ? x2 : mbe_sym_op(s, MBE_SYM_MAX, a2, x2, 0);
  }
  if (*st != MBE_OK)
    return 0;
  MbeSymId one = mbe_sym_const(s, 1.0);
  MbeSymId sd = mbe_sym_div(s, one, a1), sdd = mbe_sym_div(s, one, a2);
  MbeSymId ta1 = mbe_sym_fn(s, MBE_SYM_SQRT, a2), ta2 = mbe_sym_div(s, sd, sdd);
  MbeSymId coast = mbe_sym_sub(s, ta1, ta2);  // > 0: a phase at sd_max
  MbeSymId tv = mbe_sym_op(s, MBE_SYM_SELECT, coast, a1, ta1);
  MbeSymId te = mbe_sym_op(s, MBE_SYM_SELECT, coast, mbe_sym_add(s, a1, ta2),
                           mbe_sym_add(s, ta1, ta1));
  MbeSymId ta = mbe_sym_op(s, MBE_SYM_SELECT, coast, ta2, ta1);
  MbeSymId t0 = mbe_mech_param(m, c, "startTime", st);
  // sdd_max (F(t0) - F(t0 + ta) - F(t0 + tv) + F(t0 + te)), F(x) = 1 from time x on
  MbeSymId f = mbe_mech_from_time(m, t0);
  f = mbe_sym_sub(s, f, mbe_mech_from_time(m, mbe_sym_add(s, t0, ta)));
  f = mbe_sym_sub(s, f, mbe_mech_from_time(m, mbe_sym_add(s, t0, tv)));
  f = mbe_sym_add(s, f, mbe_mech_from_time(m, mbe_sym_add(s, t0, te)));
  return mbe_sym_mul(s, ptp_param(m, c, "deltaq", elem, st), mbe_sym_mul(s, sdd, f));
}

const MbeMechClass mbe_mc_kinematic_ptp = {.role = MBE_ROLE_BLOCK, .block = ptp_output};
const MbeMechClass mbe_mc_other_block = {.role = MBE_ROLE_NONE};

/* ---- Blocks.Continuous.CriticalDamping ---------------------------------------------------- */

static int damping_states(MbeMech* m, int c) {
  int n = 0;
  return mbe_mech_int(m, c, "n", 0, &n) == MBE_OK && n > 0 ? n : 0;
}

// y = x[n]
static MbeSymId damping_y(MbeMech* m, int c, int elem, int depth, MbeStatus* st) {
  (void)elem, (void)depth, (void)st;
  const MbeMechComp* comp = &m->comps[c];
  return mbe_sym_state(m->s, comp->state + comp->nstates - 1);
}

// x[1]' = (u - x[1]) w, x[i]' = (x[i-1] - x[i]) w, w = 2 pi f / alpha with alpha =
// sqrt(2^(1/n) - 1) where normalized; after the accelerations, which u may need (a torque
// sensor); u and y as signals
static MbeStatus damping_outputs(MbeMech* m, int c) {
  MbeSym* s = m->s;
  const MbeMechComp* comp = &m->comps[c];
  MbeStatus st = MBE_OK;
  int n = comp->nstates;
  double alpha = mbe_mech_bool(m, c, "normalized") ? sqrt(pow(2.0, 1.0 / n) - 1.0) : 1.0;
  MbeSymId f = mbe_mech_param(m, c, "f", &st);
  MbeSymId w = mbe_sym_mul(s, mbe_sym_const(s, 2 * 3.14159265358979323846 / alpha), f);
  MbeSymId u = mbe_mech_block_input(m, c, "u", 0, 1, &st);
  if (st != MBE_OK)
    return st;
  for (int i = 0; i < n; i++) {
    MbeSymId prev = i == 0 ? u : mbe_sym_state(s, comp->state + i - 1);
    MbeSymId x = mbe_sym_state(s, comp->state + i);
    m->xdot[comp->state + i] = mbe_sym_mul(s, mbe_sym_sub(s, prev, x), w);
  }
  mbe_mech_signal_at(m, comp->name, "u", u);
  mbe_mech_signal_at(m, comp->name, "y", mbe_sym_state(s, comp->state + n - 1));
  return s->is_oom ? mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory") : MBE_OK;
}

// initType: SteadyState (2) starts every state at u(t0), InitialOutput (4) at y_start, NoInit
// and InitialState at x_start. After the loops are closed: u may read their coordinates.
static MbeStatus damping_start(MbeMech* m, int c) {
  MbeSym* s = m->s;
  const MbeMechComp* comp = &m->comps[c];
  int type = 1;
  MbeStatus st = mbe_mech_int(m, c, "initType", 0, &type);
  if (st != MBE_OK)
    return st;
  MbeSymId v = 0;
  if (type != 2 && type != 4) {  // x_start, each its own
    for (int i = 0; i < comp->nstates && st == MBE_OK; i++)
      mbe_mech_block_start_at(m, c, i, mbe_mech_psym(m, c, "x_start", i, &st));
    return st;
  }
  v = type == 4 ? mbe_mech_param(m, c, "y_start", &st) : mbe_mech_block_u_start(m, c);
  for (int i = 0; i < comp->nstates; i++)
    mbe_mech_block_start_at(m, c, i, v);
  return s->is_oom ? mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory") : st;
}

const MbeMechClass mbe_mc_critical_damping = {.role = MBE_ROLE_BLOCK,
                                              .nstates_of = damping_states,
                                              .state_vector = "x",
                                              .block = damping_y,
                                              .outputs = damping_outputs,
                                              .start = damping_start};

/* ---- Blocks.Routing ------------------------------------------------------------------------- */
// RealPassThrough (y = u), Replicator (y[i] = u), Multiplex2..6 (y = {u1, u2, ...}, n1, n2 ...
// elements each) and DeMultiplex2..6 (y1, y2 ... the consecutive parts of u): outputs that are
// their inputs, followed further.

// how many connectors a Multiplex or DeMultiplex has (0: neither)
static int routing_parts(MbeMechKind k) {
  if (k >= MBE_MC_ROUTING_MUX2 && k <= MBE_MC_ROUTING_DEMUX6)
    return 2 + (k - MBE_MC_ROUTING_MUX2) / 2;
  return 0;
}

static bool routing_demux(MbeMechKind k) {
  return routing_parts(k) > 0 && (k - MBE_MC_ROUTING_MUX2) % 2 == 1;
}

// connector j's (0-based) first element in the joined vector and its size n_(j+1)
static int routing_offset(MbeMech* m, int c, int j, int* size, MbeStatus* st) {
  int off = 0;
  for (int i = 0; i <= j && *st == MBE_OK; i++) {
    char name[16];
    snprintf(name, sizeof name, "n%d", i + 1);
    int n = 1;
    *st = mbe_mech_int(m, c, name, 0, &n);
    if (i < j)
      off += n;
    else
      *size = n;
  }
  return off;
}

static MbeSymId routing_var(MbeMech* m, int c, int var, int elem, int depth, MbeStatus* st) {
  MbeMechKind k = m->comps[c].kind;
  int parts = routing_parts(k);
  if (k == MBE_MC_ROUTING_PASS || k == MBE_MC_ROUTING_REPLICATOR)
    return mbe_mech_block_input(m, c, "u", 0, depth, st);
  if (routing_demux(k)) {  // y<j>[elem] = u[offset_j + elem]
    const char* own = m->flat->vars[var].name + strlen(m->comps[c].name) + 1;
    int j = own[0] == 'y' ? atoi(own + 1) - 1 : -1, size = 0;
    int off = j >= 0 && j < parts ? routing_offset(m, c, j, &size, st) : -1;
    if (off < 0 && *st == MBE_OK)
      *st = mbe_mech_error(m, MBE_ERR_INTERNAL, c, "no output %s", own);
    return off < 0 ? 0 : mbe_mech_block_input(m, c, "u", off + elem, depth, st);
  }
  for (int j = 0; j < parts && *st == MBE_OK; j++) {  // y[elem] from the part that holds it
    int size = 0, off = routing_offset(m, c, j, &size, st);
    if (elem >= off && elem < off + size) {
      char name[16];
      snprintf(name, sizeof name, "u%d", j + 1);
      return mbe_mech_block_input(m, c, name, elem - off, depth, st);
    }
  }
  if (*st == MBE_OK)
    *st = mbe_mech_error(m, MBE_ERR_MODEL, c, "y has no element %d", elem + 1);
  return 0;
}

const MbeMechClass mbe_mc_routing = {.role = MBE_ROLE_BLOCK, .block_var = routing_var};
