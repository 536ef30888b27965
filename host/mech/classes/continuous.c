// SPDX-License-Identifier: Apache-2.0
// Blocks.Continuous with states of their own: Integrator, Derivative, FirstOrder, SecondOrder
// (CriticalDamping is in blocks.c). Their states follow the model's states (after the
// mechanism's); their output is a state or, for Derivative, (k / T) (u - x), so a controller's
// output drives a force while its input reads the sensors (feedback: the loop is closed through
// the states, no algebraic loop). The MSL's PI, PID and LimPID are composites of these and the
// Math blocks, loaded from the library's sources. The rates are set with the outputs, when any
// input is known; the starts follow initType (Blocks.Types.Init: 1 NoInit, 2 SteadyState,
// 3 InitialState, 4 InitialOutput) as the MSL's initial equations say:
//   Integrator   y' = k u                       y = y_start (SteadyState: refused, it fixes u)
//   Derivative   x' = (u - x) / T, y = k/T (u - x)   x = x_start; SteadyState x = u;
//                                               InitialOutput x = u - y_start T / k
//   FirstOrder   y' = (k u - y) / T             y = y_start; SteadyState y = k u
//   SecondOrder  y' = yd, yd' = w (w (k u - y) - 2 D yd)
//                                               y = y_start, yd = yd_start; SteadyState y = k u,
//                                               yd = 0; InitialOutput yd = 0
// (u at the start time). Integrator's reset and set ports are refused. TransferFunction is at
// the end of this file.
#include <string.h>

#include "mech_internal.h"

enum { INIT_NO = 1, INIT_STEADY = 2, INIT_STATE = 3, INIT_OUTPUT = 4 };

static MbeSymId state(MbeMech* m, int c, int k) {
  return mbe_sym_state(m->s, m->comps[c].state + k);
}

// Derivative's output from its state and input
static MbeSymId derivative_y(MbeMech* m, int c, MbeSymId u, MbeStatus* st) {
  MbeSym* s = m->s;
  MbeSymId k = mbe_mech_param(m, c, "k", st);
  MbeSymId T = mbe_mech_param(m, c, "T", st);
  return mbe_sym_mul(s, mbe_sym_div(s, k, T), mbe_sym_sub(s, u, state(m, c, 0)));
}

static MbeSymId continuous_y(MbeMech* m, int c, int elem, int depth, MbeStatus* st) {
  (void)elem;
  if (m->comps[c].kind != MBE_MC_DERIVATIVE)
    return state(m, c, 0);
  MbeSymId u = mbe_mech_block_input(m, c, "u", 0, depth + 1, st);
  return derivative_y(m, c, u, st);
}

static MbeStatus continuous_outputs(MbeMech* m, int c) {
  MbeSym* s = m->s;
  const MbeMechComp* comp = &m->comps[c];
  MbeStatus st = MBE_OK;
  if (comp->kind == MBE_MC_INTEGRATOR && mbe_mech_bool(m, c, "use_reset")) {
    return mbe_mech_error(m, MBE_ERR_UNSUPPORTED, c,
                          "use_reset (a reset by a Boolean signal, an event) is not supported yet");
  }
  MbeSymId u = mbe_mech_block_input(m, c, "u", 0, 1, &st);
  MbeSymId x = state(m, c, 0);
  MbeSymId* dx = &m->xdot[comp->state];
  switch (comp->kind) {
    case MBE_MC_INTEGRATOR: dx[0] = mbe_sym_mul(s, mbe_mech_param(m, c, "k", &st), u); break;
    case MBE_MC_DERIVATIVE: {
      dx[0] = mbe_sym_div(s, mbe_sym_sub(s, u, x), mbe_mech_param(m, c, "T", &st));
      mbe_mech_signal_at(m, comp->name, "y", derivative_y(m, c, u, &st));
      break;
    }
    case MBE_MC_FIRST_ORDER: {
      MbeSymId ku = mbe_sym_mul(s, mbe_mech_param(m, c, "k", &st), u);
      dx[0] = mbe_sym_div(s, mbe_sym_sub(s, ku, x), mbe_mech_param(m, c, "T", &st));
      break;
    }
    default: {  // SecondOrder
      MbeSymId w = mbe_mech_param(m, c, "w", &st), D = mbe_mech_param(m, c, "D", &st);
      MbeSymId ku = mbe_sym_mul(s, mbe_mech_param(m, c, "k", &st), u);
      MbeSymId yd = state(m, c, 1);
      MbeSymId dd = mbe_sym_mul(s, mbe_sym_mul(s, mbe_sym_const(s, 2.0), D), yd);
      dx[0] = yd;
      dx[1] = mbe_sym_mul(s, w, mbe_sym_sub(s, mbe_sym_mul(s, w, mbe_sym_sub(s, ku, x)), dd));
      break;
    }
  }
  mbe_mech_signal_at(m, comp->name, "u", u);
  return st != MBE_OK ? st
         : s->is_oom  ? mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory")
                      : MBE_OK;
}

// state k starts at v (an expression of the parameters, and of u(t0))
static void start_at(MbeMech* m, int c, int k, MbeSymId v) {
  int i = m->comps[c].state + k;
  bool oom = false;
  m->x0sym[i] = v;
  mbe_sym_eval_nodes(m->s, m->sys->t0, m->x0, m->p0, &v, 1, &m->x0[i], &oom);
  m->s->is_oom = m->s->is_oom || oom;
}

// the input at the start (its signal, set with the outputs)
static MbeSymId u_start(MbeMech* m, int c) {
  const char* name = mbe_mech_cname(m, c, "u");
  MbeSymId v = 0;
  for (size_t i = 0; i < m->nsigs && v == 0; i++) {
    if (strcmp(m->sigs[i].name, name) == 0)
      v = m->sigs[i].id;
  }
  return mbe_mech_at_start(m, v);
}

static MbeStatus continuous_start(MbeMech* m, int c) {
  MbeSym* s = m->s;
  MbeMechKind kind = m->comps[c].kind;
  int type = INIT_NO;
  MbeStatus st = mbe_mech_int(m, c, "initType", 0, &type);
  if (st != MBE_OK)
    return st;
  bool steady = type == INIT_STEADY;
  MbeSymId zero = mbe_sym_const(s, 0.0);
  switch (kind) {
    case MBE_MC_INTEGRATOR:
      if (steady) {
        return mbe_mech_error(m, MBE_ERR_UNSUPPORTED, c,
                              "initType = SteadyState asks the rest of the model for u = 0 at the "
                              "start, which mbens does not solve yet; give y_start "
                              "(InitialState)");
      }
      start_at(m, c, 0, mbe_mech_param(m, c, "y_start", &st));
      break;
    case MBE_MC_DERIVATIVE: {
      MbeSymId x = mbe_mech_param(m, c, "x_start", &st);
      if (steady || type == INIT_OUTPUT)
        x = u_start(m, c);
      if (type == INIT_OUTPUT) {  // y_start = k/T (u - x)
        MbeSymId yT =
            mbe_sym_mul(s, mbe_mech_param(m, c, "y_start", &st), mbe_mech_param(m, c, "T", &st));
        x = mbe_sym_sub(s, x, mbe_sym_div(s, yT, mbe_mech_param(m, c, "k", &st)));
      }
      start_at(m, c, 0, x);
      break;
    }
    default: {  // FirstOrder, SecondOrder
      MbeSymId y = steady ? mbe_sym_mul(s, mbe_mech_param(m, c, "k", &st), u_start(m, c))
                          : mbe_mech_param(m, c, "y_start", &st);
      start_at(m, c, 0, y);
      if (kind == MBE_MC_SECOND_ORDER) {
        bool own = type == INIT_NO || type == INIT_STATE;
        start_at(m, c, 1, own ? mbe_mech_param(m, c, "yd_start", &st) : zero);
      }
      break;
    }
  }
  return st != MBE_OK ? st
         : s->is_oom  ? mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory")
                      : MBE_OK;
}

#define CONTINUOUS(n, ...)                                                                      \
  {                                                                                             \
    .role = MBE_ROLE_BLOCK, .nstates = n, .block = continuous_y, .outputs = continuous_outputs, \
    .start = continuous_start, __VA_ARGS__                                                      \
  }

const MbeMechClass mbe_mc_integrator = CONTINUOUS(1, .state_name = {"y"});
const MbeMechClass mbe_mc_derivative = CONTINUOUS(1, .state_name = {"x"});
const MbeMechClass mbe_mc_first_order = CONTINUOUS(1, .state_name = {"y"});
const MbeMechClass mbe_mc_second_order = CONTINUOUS(2, .state_name = {"y", "yd"});

/* ---- Blocks.Continuous.TransferFunction ---------------------------------------------------- */
// y/u = (b[1] s^(nb-1) + ... + b[nb]) / (a[1] s^(na-1) + ... + a[na]) in the MSL's controller
// canonical form, with its output x = x_scaled / a_end as the states (the MSL scales by
// a_end = a[na] for the numerics only), nx = na - 1:
//   x[1]' = (u - a[2:na] . x) / a[1],  x[i]' = x[i-1]
//   y = (bb[2:na] - d a[2:na]) . x + d u,  bb = b with zeros in front to na, d = bb[1] / a[1]
// A strictly proper one (nb < na) has d = 0 and does not read u for y: it closes a feedback
// loop. Starts (initType): NoInit, InitialState x = x_start; SteadyState x[1..nx-1] = 0,
// x[nx] = u / a[na]; InitialOutput x[1..nx-1] = 0 and y = y_start.

// the length of the component's vector parameter name (0 where it has none)
static int vec_len(MbeMech* m, int c, const char* name) {
  int v = mbe_mech_var(m, mbe_mech_cname(m, c, name));
  return v >= 0 && m->flat->vars[v].ndims == 1 ? m->flat->vars[v].dims[0] : 0;
}

static int tf_states(MbeMech* m, int c) {
  int na = vec_len(m, c, "a");
  return na > 1 ? na - 1 : 0;
}

// bb[i] (0-based, of na) and d
static MbeSymId tf_bb(MbeMech* m, int c, int i, MbeStatus* st) {
  int na = vec_len(m, c, "a"), nb = vec_len(m, c, "b");
  int j = i - (na - nb);
  return j < 0 ? mbe_sym_const(m->s, 0.0) : mbe_mech_psym(m, c, "b", j, st);
}

static MbeSymId tf_d(MbeMech* m, int c, MbeStatus* st) {
  return mbe_sym_div(m->s, tf_bb(m, c, 0, st), mbe_mech_psym(m, c, "a", 0, st));
}

// y from the states and, where d is not 0, u
static MbeSymId tf_y(MbeMech* m, int c, MbeSymId u, MbeStatus* st) {
  MbeSym* s = m->s;
  int na = vec_len(m, c, "a");
  bool proper = vec_len(m, c, "b") < na;
  MbeSymId d = proper ? mbe_sym_const(s, 0.0) : tf_d(m, c, st);
  MbeSymId y = proper ? d : mbe_sym_mul(s, d, u);
  for (int i = 1; i < na; i++) {
    MbeSymId da = mbe_sym_mul(s, d, mbe_mech_psym(m, c, "a", i, st));
    MbeSymId k = mbe_sym_sub(s, tf_bb(m, c, i, st), da);
    y = mbe_sym_add(s, y, mbe_sym_mul(s, k, state(m, c, i - 1)));
  }
  return y;
}

static MbeSymId tf_block(MbeMech* m, int c, int elem, int depth, MbeStatus* st) {
  (void)elem;
  bool proper = vec_len(m, c, "b") < vec_len(m, c, "a");
  MbeSymId u = proper ? 0 : mbe_mech_block_input(m, c, "u", 0, depth + 1, st);
  return tf_y(m, c, u, st);
}

static MbeStatus tf_outputs(MbeMech* m, int c) {
  MbeSym* s = m->s;
  const MbeMechComp* comp = &m->comps[c];
  int na = vec_len(m, c, "a"), nb = vec_len(m, c, "b");
  if (na < 1 || nb < 1 || nb > na) {
    return mbe_mech_error(m, MBE_ERR_MODEL, c,
                          "the transfer function is not proper: b has %d coefficients and a %d "
                          "(b may have at most as many as a, each at least one)",
                          nb, na);
  }
  MbeStatus st = MBE_OK;
  MbeSymId u = mbe_mech_block_input(m, c, "u", 0, 1, &st);
  MbeSymId* dx = &m->xdot[comp->state];
  MbeSymId acc = u;
  for (int i = 1; i < na; i++)
    acc = mbe_sym_sub(s, acc, mbe_sym_mul(s, mbe_mech_psym(m, c, "a", i, &st), state(m, c, i - 1)));
  if (na > 1)
    dx[0] = mbe_sym_div(s, acc, mbe_mech_psym(m, c, "a", 0, &st));
  for (int i = 1; i < na - 1; i++)
    dx[i] = state(m, c, i - 1);
  mbe_mech_signal_at(m, comp->name, "u", u);
  mbe_mech_signal_at(m, comp->name, "y", tf_y(m, c, u, &st));
  return st != MBE_OK ? st
         : s->is_oom  ? mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory")
                      : MBE_OK;
}

static MbeStatus tf_start(MbeMech* m, int c) {
  MbeSym* s = m->s;
  int nx = m->comps[c].nstates, na = nx + 1, type = INIT_NO;
  MbeStatus st = mbe_mech_int(m, c, "initType", 0, &type);
  if (st != MBE_OK || nx == 0)
    return st;
  if (type == INIT_NO || type == INIT_STATE) {
    for (int i = 0; i < nx && st == MBE_OK; i++)
      start_at(m, c, i, mbe_mech_psym(m, c, "x_start", i, &st));
    return st;
  }
  MbeSymId zero = mbe_sym_const(s, 0.0), u = u_start(m, c), last;
  for (int i = 0; i < nx - 1; i++)
    start_at(m, c, i, zero);
  MbeSymId an = mbe_mech_psym(m, c, "a", na - 1, &st);
  if (type == INIT_STEADY) {
    last = mbe_sym_div(s, u, an);
  } else {  // y = (bb[na] - d a[na]) x[nx] + d u = y_start
    MbeSymId d = vec_len(m, c, "b") < na ? zero : tf_d(m, c, &st);
    MbeSymId k = mbe_sym_sub(s, tf_bb(m, c, na - 1, &st), mbe_sym_mul(s, d, an));
    MbeSymId y0 = mbe_sym_sub(s, mbe_mech_param(m, c, "y_start", &st), mbe_sym_mul(s, d, u));
    last = mbe_sym_div(s, y0, k);
  }
  start_at(m, c, nx - 1, last);
  return st != MBE_OK ? st
         : s->is_oom  ? mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory")
                      : MBE_OK;
}

const MbeMechClass mbe_mc_transfer_function = {.role = MBE_ROLE_BLOCK,
                                               .nstates_of = tf_states,
                                               .state_vector = "x",
                                               .block = tf_block,
                                               .outputs = tf_outputs,
                                               .start = tf_start};
