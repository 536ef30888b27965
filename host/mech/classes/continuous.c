// SPDX-License-Identifier: Apache-2.0
// Blocks.Continuous with states of their own: Integrator, Derivative, FirstOrder, SecondOrder
// (CriticalDamping is in blocks.c). Their states follow the model's states (after the
// mechanism's); their output is a state or, for Derivative, (k / T) (u - x), so a controller's
// output drives a force while its input reads the sensors (feedback: the loop is closed through
// the states, no algebraic loop). The MSL's PI, PID and LimPID are composites of these and the
// Math blocks, loaded from the library's sources. The rates are set with the outputs, when any
// input is known; the starts follow initType (Blocks.Types.Init: 1 NoInit, 2 SteadyState,
// 3 InitialState, 4 InitialOutput) as the MSL's initial equations say:
//   Integrator   y' = k u                       y = y_start; SteadyState k u = 0 (initialization)
//   Derivative   x' = (u - x) / T, y = k/T (u - x)   x = x_start; SteadyState x = u;
//                                               InitialOutput x = u - y_start T / k
//   FirstOrder   y' = (k u - y) / T             y = y_start; SteadyState y = k u
//   SecondOrder  y' = yd, yd' = w (w (k u - y) - 2 D yd)
//                                               y = y_start, yd = yd_start; SteadyState y = k u,
//                                               yd = 0; InitialOutput yd = 0
// (u at the start time). Integrator's reset and set ports are refused. TransferFunction and
// StateSpace are at the end of this file.
#include <math.h>
#include <string.h>

#include "mech_internal.h"

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
  return mbe_mech_status(m, st);
}

// state k starts at v (an expression of the parameters, and of u(t0))
void mbe_mech_block_start_at(MbeMech* m, int c, int k, MbeSymId v) {
  int i = m->comps[c].state + k;
  bool oom = false;
  m->x0sym[i] = v;
  mbe_sym_eval_nodes(m->s, m->sys->t0, m->x0, m->p0, &v, 1, &m->x0[i], &oom);
  m->s->is_oom = m->s->is_oom || oom;
}

MbeSymId mbe_mech_block_u_start(MbeMech* m, int c) {
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
  int type = MBE_INIT_NO;
  MbeStatus st = mbe_mech_int(m, c, "initType", 0, &type);
  if (st != MBE_OK)
    return st;
  bool steady = type == MBE_INIT_STEADY;
  MbeSymId zero = mbe_sym_const(s, 0.0);
  switch (kind) {
    case MBE_MC_INTEGRATOR:  // SteadyState: k u = 0 a condition of the initialization, which
                             // solved y from y_start (mech_init.c, steady_integrators)
      if (!steady)
        mbe_mech_block_start_at(m, c, 0, mbe_mech_param(m, c, "y_start", &st));
      break;
    case MBE_MC_DERIVATIVE: {
      MbeSymId x = mbe_mech_param(m, c, "x_start", &st);
      if (steady || type == MBE_INIT_OUTPUT)
        x = mbe_mech_block_u_start(m, c);
      if (type == MBE_INIT_OUTPUT) {  // y_start = k/T (u - x)
        MbeSymId yT =
            mbe_sym_mul(s, mbe_mech_param(m, c, "y_start", &st), mbe_mech_param(m, c, "T", &st));
        x = mbe_sym_sub(s, x, mbe_sym_div(s, yT, mbe_mech_param(m, c, "k", &st)));
      }
      mbe_mech_block_start_at(m, c, 0, x);
      break;
    }
    default: {  // FirstOrder, SecondOrder
      MbeSymId y = steady ? mbe_sym_mul(s, mbe_mech_param(m, c, "k", &st), mbe_mech_block_u_start(m, c))
                          : mbe_mech_param(m, c, "y_start", &st);
      mbe_mech_block_start_at(m, c, 0, y);
      if (kind == MBE_MC_SECOND_ORDER) {
        bool own = type == MBE_INIT_NO || type == MBE_INIT_STATE;
        mbe_mech_block_start_at(m, c, 1, own ? mbe_mech_param(m, c, "yd_start", &st) : zero);
      }
      break;
    }
  }
  return mbe_mech_status(m, st);
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
  return mbe_mech_status(m, st);
}

static MbeStatus tf_start(MbeMech* m, int c) {
  MbeSym* s = m->s;
  int nx = m->comps[c].nstates, na = nx + 1, type = MBE_INIT_NO;
  MbeStatus st = mbe_mech_int(m, c, "initType", 0, &type);
  if (st != MBE_OK || nx == 0)
    return st;
  if (type == MBE_INIT_NO || type == MBE_INIT_STATE) {
    for (int i = 0; i < nx && st == MBE_OK; i++)
      mbe_mech_block_start_at(m, c, i, mbe_mech_psym(m, c, "x_start", i, &st));
    return st;
  }
  MbeSymId zero = mbe_sym_const(s, 0.0), u = mbe_mech_block_u_start(m, c), last;
  for (int i = 0; i < nx - 1; i++)
    mbe_mech_block_start_at(m, c, i, zero);
  MbeSymId an = mbe_mech_psym(m, c, "a", na - 1, &st);
  if (type == MBE_INIT_STEADY) {
    last = mbe_sym_div(s, u, an);
  } else {  // y = (bb[na] - d a[na]) x[nx] + d u = y_start
    MbeSymId d = vec_len(m, c, "b") < na ? zero : tf_d(m, c, &st);
    MbeSymId k = mbe_sym_sub(s, tf_bb(m, c, na - 1, &st), mbe_sym_mul(s, d, an));
    MbeSymId y0 = mbe_sym_sub(s, mbe_mech_param(m, c, "y_start", &st), mbe_sym_mul(s, d, u));
    last = mbe_sym_div(s, y0, k);
  }
  mbe_mech_block_start_at(m, c, nx - 1, last);
  return mbe_mech_status(m, st);
}

const MbeMechClass mbe_mc_transfer_function = {.role = MBE_ROLE_BLOCK,
                                               .nstates_of = tf_states,
                                               .state_vector = "x",
                                               .block = tf_block,
                                               .outputs = tf_outputs,
                                               .start = tf_start};

/* ---- Blocks.Continuous.StateSpace ---------------------------------------------------------- */
// x' = A x + B u, y = C x + D u (x[nx], u[nin], y[nout]; nx = size(A, 1), nin = size(B, 2),
// nout = size(C, 1)). y reads only the inputs a nonzero D element asks for, so a system with
// D = 0 closes feedback loops. Starts (initType): NoInit, InitialState x = x_start;
// SteadyState A x = -B u (solved); InitialOutput (the MSL's least squares) is refused.

// the sizes of matrix name (0, 0 where it is none)
static void mat_dims(MbeMech* m, int c, const char* name, int* rows, int* cols) {
  int v = mbe_mech_var(m, mbe_mech_cname(m, c, name));
  bool mat = v >= 0 && m->flat->vars[v].ndims == 2;
  *rows = mat ? m->flat->vars[v].dims[0] : 0;
  *cols = mat ? m->flat->vars[v].dims[1] : 0;
}

static int ss_states(MbeMech* m, int c) {
  int r, k;
  mat_dims(m, c, "A", &r, &k);
  return r;
}

// element (i, j) of matrix name (row-major)
static MbeSymId mat(MbeMech* m, int c, const char* name, int i, int j, MbeStatus* st) {
  int r, k;
  mat_dims(m, c, name, &r, &k);
  return mbe_mech_psym(m, c, name, i * k + j, st);
}

// y[i] = C[i,:] x + D[i,:] u (u read where D is not a constant 0)
static MbeSymId ss_y(MbeMech* m, int c, int i, int depth, MbeStatus* st) {
  MbeSym* s = m->s;
  int nx = m->comps[c].nstates, ny, nu;
  mat_dims(m, c, "D", &ny, &nu);
  MbeSymId y = mbe_sym_const(s, 0.0);
  for (int j = 0; j < nx; j++)
    y = mbe_sym_add(s, y, mbe_sym_mul(s, mat(m, c, "C", i, j, st), state(m, c, j)));
  for (int j = 0; j < nu; j++) {
    MbeSymId d = mat(m, c, "D", i, j, st);
    if (d != 0 && !mbe_sym_is_const(s, d, 0.0))
      y = mbe_sym_add(s, y, mbe_sym_mul(s, d, mbe_mech_block_input(m, c, "u", j, depth, st)));
  }
  return y;
}

static MbeSymId ss_block(MbeMech* m, int c, int elem, int depth, MbeStatus* st) {
  return ss_y(m, c, elem, depth + 1, st);
}

// the sizes agree: A nx x nx, B nx x nin, C nout x nx, D nout x nin
static MbeStatus ss_check(MbeMech* m, int c, int* nu) {
  int ar, ac, br, bc, cr, cc, dr, dc;
  mat_dims(m, c, "A", &ar, &ac);
  mat_dims(m, c, "B", &br, &bc);
  mat_dims(m, c, "C", &cr, &cc);
  mat_dims(m, c, "D", &dr, &dc);
  *nu = bc;
  if (ar != ac || br != ar || cc != ar || dr != cr || dc != bc) {
    return mbe_mech_error(m, MBE_ERR_MODEL, c,
                          "the matrices do not fit: A is %dx%d, B %dx%d, C %dx%d, D %dx%d (A nx x "
                          "nx, B nx x nin, C nout x nx, D nout x nin)",
                          ar, ac, br, bc, cr, cc, dr, dc);
  }
  return MBE_OK;
}

static MbeStatus ss_outputs(MbeMech* m, int c) {
  MbeSym* s = m->s;
  const MbeMechComp* comp = &m->comps[c];
  int nx = comp->nstates, nu = 0, ny, k;
  MbeStatus st = ss_check(m, c, &nu);
  mat_dims(m, c, "C", &ny, &k);
  for (int i = 0; i < nx && st == MBE_OK; i++) {
    MbeSymId dx = mbe_sym_const(s, 0.0);
    for (int j = 0; j < nx; j++)
      dx = mbe_sym_add(s, dx, mbe_sym_mul(s, mat(m, c, "A", i, j, &st), state(m, c, j)));
    for (int j = 0; j < nu; j++) {
      MbeSymId u = mbe_mech_block_input(m, c, "u", j, 1, &st);
      dx = mbe_sym_add(s, dx, mbe_sym_mul(s, mat(m, c, "B", i, j, &st), u));
    }
    m->xdot[comp->state + i] = dx;
  }
  for (int j = 0; j < nu && st == MBE_OK; j++) {
    MbeSymId u = mbe_mech_block_input(m, c, "u", j, 1, &st);
    mbe_mech_signal(m, mbe_arena_printf(m->arena, "%s.u[%d]", comp->name, j + 1), u);
  }
  for (int i = 0; i < ny && st == MBE_OK; i++)
    mbe_mech_signal(m, mbe_arena_printf(m->arena, "%s.y[%d]", comp->name, i + 1), ss_y(m, c, i, 1, &st));
  return mbe_mech_status(m, st);
}

// input j at the start (its signal, set with the outputs)
static MbeSymId u_start_at(MbeMech* m, int c, int j) {
  const char* name = mbe_arena_printf(m->arena, "%s.u[%d]", m->comps[c].name, j + 1);
  MbeSymId v = 0;
  for (size_t i = 0; i < m->nsigs && v == 0; i++) {
    if (strcmp(m->sigs[i].name, name) == 0)
      v = m->sigs[i].id;
  }
  return mbe_mech_at_start(m, v);
}

// A x = b (n x n, row-major; A and b overwritten), the rows pivoted at the nominal parameters
// (A's zeros, [0 1; -2 -3], need the row exchanges)
static void pivoted_solve(MbeMech* m, int n, MbeSymId* A, MbeSymId* b, MbeSymId* x) {
  size_t nn = (size_t)n * (size_t)n;
  double* v = mbe_malloc((nn + 1) * sizeof *v);  // column-major for mbe_num_pivot_rows
  MbeSymId* Ar = mbe_malloc((nn + 1) * sizeof *Ar);
  MbeSymId* br = mbe_malloc(((size_t)n + 1) * sizeof *br);
  int* row = mbe_malloc(((size_t)n + 1) * sizeof *row);
  for (int r = 0; r < n; r++) {
    for (int k = 0; k < n; k++) {
      bool oom = false;
      v[k * n + r] = 0;
      mbe_sym_eval_nodes(m->s, m->sys->t0, m->x0, m->p0, &A[r * n + k], 1, &v[k * n + r], &oom);
    }
  }
  mbe_num_pivot_rows(n, v, row);
  for (int r = 0; r < n; r++) {
    memcpy(Ar + (size_t)r * (size_t)n, A + (size_t)row[r] * (size_t)n, (size_t)n * sizeof *A);
    br[r] = b[row[r]];
  }
  mbe_sym_solve_dense(m->s, n, Ar, br, x);
  mbe_free(v), mbe_free(Ar), mbe_free(br), mbe_free(row);
}

// InitialOutput, the MSL's equalityLeastSquares(A, -B u, C, y_start - D u): x closest to a
// steady state (|A x + B u| least) with C x = y_start - D u exactly, from the optimality
// conditions [A'A C'; C 0] [x; lambda] = [-A'B u; y_start - D u], pivoted at the nominal
// parameters (a unique x needs C's rows independent and [A; C] of full column rank)
static MbeStatus ss_start_output(MbeMech* m, int c, int nx, int nu) {
  MbeSym* s = m->s;
  MbeStatus st = MBE_OK;
  int ny, k, n;
  mat_dims(m, c, "C", &ny, &k);
  n = nx + ny;
  MbeSymId* K = mbe_calloc((size_t)(n * n + 2 * n + nx), sizeof *K);
  if (K == NULL)
    return mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
  MbeSymId *rhs = K + n * n, *sol = rhs + n, *bu = sol + n, zero = mbe_sym_const(s, 0.0);
  for (int i = 0; i < nx; i++) {  // B u
    bu[i] = zero;
    for (int j = 0; j < nu; j++)
      bu[i] = mbe_sym_add(s, bu[i], mbe_sym_mul(s, mat(m, c, "B", i, j, &st), u_start_at(m, c, j)));
  }
  for (int i = 0; i < nx; i++) {  // rows of A'A, C' and -A'B u
    rhs[i] = zero;
    for (int j = 0; j < nx; j++) {
      MbeSymId ata = zero;
      for (int r = 0; r < nx; r++)
        ata = mbe_sym_add(s, ata, mbe_sym_mul(s, mat(m, c, "A", r, i, &st), mat(m, c, "A", r, j, &st)));
      K[i * n + j] = ata;
      rhs[i] = mbe_sym_sub(s, rhs[i], mbe_sym_mul(s, mat(m, c, "A", j, i, &st), bu[j]));
    }
    for (int j = 0; j < ny; j++)
      K[i * n + nx + j] = mat(m, c, "C", j, i, &st);
  }
  for (int i = 0; i < ny; i++) {  // rows of C, 0 and y_start - D u
    for (int j = 0; j < nx; j++)
      K[(nx + i) * n + j] = mat(m, c, "C", i, j, &st);
    for (int j = 0; j < ny; j++)
      K[(nx + i) * n + nx + j] = zero;
    rhs[nx + i] = mbe_mech_psym(m, c, "y_start", i, &st);
    for (int j = 0; j < nu; j++)
      rhs[nx + i] = mbe_sym_sub(s, rhs[nx + i],
                                mbe_sym_mul(s, mat(m, c, "D", i, j, &st), u_start_at(m, c, j)));
  }
  if (st == MBE_OK)
    pivoted_solve(m, n, K, rhs, sol);
  for (int i = 0; i < nx && st == MBE_OK; i++)
    mbe_mech_block_start_at(m, c, i, sol[i]);
  mbe_free(K);
  return mbe_mech_status(m, st);
}

static MbeStatus ss_start(MbeMech* m, int c) {
  MbeSym* s = m->s;
  int nx = m->comps[c].nstates, nu = 0, type = MBE_INIT_NO;
  MbeStatus st = mbe_mech_int(m, c, "initType", 0, &type);
  if (st == MBE_OK)
    st = ss_check(m, c, &nu);
  if (st != MBE_OK || nx == 0)
    return st;
  if (type == MBE_INIT_OUTPUT)
    return ss_start_output(m, c, nx, nu);
  if (type != MBE_INIT_STEADY) {
    for (int i = 0; i < nx && st == MBE_OK; i++)
      mbe_mech_block_start_at(m, c, i, mbe_mech_psym(m, c, "x_start", i, &st));
    return st;
  }
  MbeSymId* A = mbe_calloc((size_t)(nx * nx + 2 * nx), sizeof *A);
  if (A == NULL)
    return mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
  MbeSymId *b = A + nx * nx, *x = b + nx;
  for (int i = 0; i < nx && st == MBE_OK; i++) {  // A x = -B u
    b[i] = mbe_sym_const(s, 0.0);
    for (int j = 0; j < nx; j++)
      A[i * nx + j] = mat(m, c, "A", i, j, &st);
    for (int j = 0; j < nu; j++)
      b[i] = mbe_sym_sub(s, b[i], mbe_sym_mul(s, mat(m, c, "B", i, j, &st), u_start_at(m, c, j)));
  }
  if (st == MBE_OK)
    pivoted_solve(m, nx, A, b, x);
  for (int i = 0; i < nx && st == MBE_OK; i++)
    mbe_mech_block_start_at(m, c, i, x[i]);
  mbe_free(A);
  return mbe_mech_status(m, st);
}

const MbeMechClass mbe_mc_state_space = {.role = MBE_ROLE_BLOCK,
                                         .nstates_of = ss_states,
                                         .state_vector = "x",
                                         .block = ss_block,
                                         .outputs = ss_outputs,
                                         .start = ss_start};
