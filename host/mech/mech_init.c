// SPDX-License-Identifier: Apache-2.0
// Initial state of a tree mechanism from the model's start values: joint coordinates and
// speeds, relative rotations from angles_start/sequence_start (quaternions or angles), relative
// angular velocities from w_rel_a_start (resolved in frame_a, converted with the start rotation
// as the MSL does), floating bodies from r_0/v_0 starts, angles_start and w_0_start (world).
// Each start is an expression of the parameters (x0sym, which the kernel computes per member)
// and its number at their own values. Where a value depends on the motion of the parent (a body
// hanging on a spherical joint without states), the parent's orientation and angular velocity
// at t0 come from the DAG interpreter. Then the nonlinear initialization (solve_initial).
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "mech_internal.h"

#include <lapacke.h>  // after our headers: its <complex.h> defines I
#undef I

// the varied start values var[elem].start (if any) set an initial state
static void mark_start_used(MbeMech* m, const char* var, int elem) {
  int v = mbe_mech_var(m, var);
  for (size_t i = 0; i < m->nvary && v >= 0; i++) {
    const MbeVaried* q = &m->flat->vary[i];
    if (q->is_start && q->var == v && q->elem == elem) {
      m->start_used[i] = true;
    }
  }
}

// state k starts at var[elem].start: its number now, and its expression for the kernel (the
// start may vary per member; that varied start is then used)
static void start_state(MbeMech* m, int k, const char* var, int elem) {
  m->x0[k] = mbe_mech_start_nominal(m, var, elem);
  m->x0sym[k] = mbe_mech_start_sym(m, var, elem);
  mark_start_used(m, var, elem);
}

// the values of nodes ids at t0 with the states set so far and the parameters' values p0
static MbeStatus node_values(MbeMech* m, const MbeSymId* ids, int n, double* out) {
  MbeSymId top = 0;
  for (int i = 0; i < n; i++) {
    const MbeSymNode* x = &m->s->nodes[ids[i]];
    out[i] = x->value;
    top = x->op != MBE_SYM_CONST && ids[i] > top ? ids[i] : top;
  }
  if (top == 0) {
    return MBE_OK;  // numbers all
  }
  bool oom = false;  // only what they reach: a loop's placeholders may be there (mech_loops.c)
  if (mbe_sym_param_reached(m->s, ids, (size_t)n, (int)m->np) >= 0) {
    return mbe_error_set(m->err, MBE_ERR_UNSUPPORTED,
                         "a start value depends on what a kinematic loop decides at the start "
                         "(JointRRR's n_b); not supported yet");
  }
  mbe_sym_eval_nodes(m->s, m->sys->t0, m->x0, m->p0, ids, (size_t)n, out, &oom);
  return oom ? mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory") : MBE_OK;
}

// states k .. k + n - 1 start at the expressions x of the parameters, which the kernel computes
// per member; their numbers now, at the parameters' own values. A start that nothing varied
// reaches folds into a number with the kernels' arithmetic, so a member whose varied values are
// written into the model starts from the same bits.
static MbeStatus start_exprs(MbeMech* m, int k, const MbeSymId* x, int n) {
  for (int i = 0; i < n; i++) {
    m->x0sym[k + i] = x[i];
  }
  return node_values(m, x, n, m->x0 + k);
}

static bool depends_on_varied(MbeMech* m, MbeSymId id, unsigned char* used);

// true when point p's rotation or angular velocity at t0 depends on a varied value
static MbeStatus point_varies(MbeMech* m, int p, bool* out) {
  *out = false;
  if (p < 0 || m->nvary == 0) {
    return MBE_OK;
  }
  unsigned char* used = mbe_malloc(m->s->nnodes + 1);
  if (!used) {
    return mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
  }
  const MbeMechPoint* P = &m->points[p];
  for (int i = 0; i < 12 && !*out; i++) {
    *out = depends_on_varied(m, i < 9 ? P->R.e[i] : P->w.e[i - 9], used);
  }
  mbe_free(used);
  return MBE_OK;
}

static void start3(MbeMech* m, int k0, const char* var) {
  for (int i = 0; i < 3; i++) {
    start_state(m, k0 + i, var, i);
  }
}

// a rotation's start on the DAG: T = axesRotations(sequence_start, angles_start) of comp, its
// angles (ang) and sequence, which the kernel computes per member where angles_start varies
typedef struct StartRot {
  MbeM3 T;
  int seq[3];
  MbeSymId ang[3];
  bool is_start;  // T is comp's start rotation (else one composed from the parent's, no angles)
} StartRot;

static MbeStatus start_rotation_sym(MbeMech* m, int comp, StartRot* r) {
  MbeStatus st = MBE_OK;
  for (int i = 0; i < 3 && st == MBE_OK; i++) {
    st = mbe_mech_int(m, comp, "sequence_start", i, &r->seq[i]);
    r->ang[i] = mbe_mech_psym(m, comp, "angles_start", i, &st);
  }
  if (st == MBE_OK) {
    r->T = mbe_m3_axes(m->s, r->seq, r->ang);
    r->is_start = true;
  }
  return st;
}

// the rates of the angles of the states of e (about e->seq) for the angular velocity w (local
// coordinates) at angles ang, as expressions: J(ang)^-1 w
static MbeStatus angle_rates(MbeMech* m, const MbeMechEdge* e, int comp, int u0,
                             const MbeSymId ang[3], MbeV3 w) {
  MbeM3 J = mbe_m3_axes_jacobian(m->s, e->seq, ang);
  MbeV3 d = mbe_m3_solve(m->s, J, w);
  MbeStatus st = start_exprs(m, u0, d.e, 3);
  for (int i = 0; i < 3 && st == MBE_OK; i++) {
    if (!isfinite(m->x0[u0 + i])) {
      return mbe_mech_error(m, MBE_ERR_MODEL, comp,
                            "the start angles are a singular configuration of the angles' "
                            "sequence");
    }
  }
  return st;
}

// the rotation coordinates of e (quaternion, or angles about e->seq) start at r and their rates
// at the angular velocity w (local coordinates); rates of angles only when w_fixed (else 0, the
// MSL's start of phi_d)
static MbeStatus set_rotation(MbeMech* m, const MbeMechEdge* e, int comp, int q0, int u0,
                              const StartRot* r, MbeV3 w, bool w_fixed) {
  if (e->use_q) {
    MbeSymId q[4];
    mbe_m3_to_q(m->s, r->T, q);
    MbeStatus st = start_exprs(m, q0, q, 4);
    return st == MBE_OK ? start_exprs(m, u0, w.e, 3) : st;
  }
  // angles about another sequence (or of a rotation composed from the parent's): the MSL's
  // phi_start = axesRotationsAngles(R_start, sequence_angleStates), first angle nearest 0
  MbeSymId ang[3] = {r->ang[0], r->ang[1], r->ang[2]};
  if (!r->is_start || r->seq[0] != e->seq[0] || r->seq[1] != e->seq[1] || r->seq[2] != e->seq[2]) {
    mbe_m3_axes_angles(m->s, r->T, e->seq, 0, ang);
  }
  MbeStatus st = start_exprs(m, q0, ang, 3);
  if (st != MBE_OK || w_fixed) {
    return st == MBE_OK ? angle_rates(m, e, comp, u0, ang, w) : st;
  }
  MbeSymId zero[3] = {0, 0, 0};
  return start_exprs(m, u0, zero, 3);
}

// numeric R and w of point p at t0 with the states set so far
static MbeStatus point_at_t0(MbeMech* m, int p, double R[9], double w[3]) {
  if (p < 0) {
    for (int i = 0; i < 9; i++)
      R[i] = i % 4 == 0;
    w[0] = w[1] = w[2] = 0;
    return MBE_OK;
  }
  MbeSymId ids[12];
  const MbeMechPoint* P = &m->points[p];
  for (int i = 0; i < 12; i++) {
    ids[i] = i < 9 ? P->R.e[i] : P->w.e[i - 9];
  }
  double v[12];
  MbeStatus st = node_values(m, ids, 12, v);
  memcpy(R, v, 9 * sizeof *R);
  memcpy(w, v + 9, 3 * sizeof *w);
  return st;
}

// a FREE edge standing for FreeMotionScalarInit elements: r_rel_a_i, v_rel_a_i, angle_i and the
// rates (angle_d_i, or w_rel_b_i: given, or from angle_d_i as w_rel_b = J(angle) angle_d) from
// the elements' start values
static MbeStatus init_scalar(MbeMech* m, const MbeMechEdge* e) {
  char name[512];
  bool from_d = e->fmsi_w && e->fmsi_rate_d;
  for (int i = 0; i < 3; i++) {
    snprintf(name, sizeof name, "%s_%d", e->qname[0], i + 1);
    start_state(m, e->q0 + i, name, 0);
    snprintf(name, sizeof name, "%s_%d", e->uname[0], i + 1);
    start_state(m, e->u0 + i, name, 0);
    snprintf(name, sizeof name, "%s_%d", e->qname[1], i + 1);
    start_state(m, e->q0 + 3 + i, name, 0);
    if (!from_d) {
      snprintf(name, sizeof name, "%s_%d", e->uname[1], i + 1);
      start_state(m, e->u0 + 3 + i, name, 0);
    }
  }
  if (!from_d)
    return MBE_OK;
  MbeV3 d;
  for (int i = 0; i < 3; i++) {
    snprintf(name, sizeof name, "%s.angle_d_%d", m->comps[e->fmsi_rate].name, i + 1);
    d.e[i] = mbe_mech_start_sym(m, name, 0);
    mark_start_used(m, name, 0);
  }
  MbeM3 J = mbe_m3_axes_jacobian(m->s, e->seq, &m->x0sym[e->q0 + 3]);
  MbeV3 w = mbe_m3_mulv(m->s, J, d);
  return start_exprs(m, e->u0 + 3, w.e, 3);
}

// a body on a spherical joint without states (ABS_ROTATION via joint j): with the joint's
// angles_fixed or w_rel_a_fixed, the body's start rotation r and angular velocity w follow from
// the parent's at t0 and the joint's relative start values
static MbeStatus abs_rotation_start(MbeMech* m, const MbeMechEdge* e, StartRot* r, MbeV3* w,
                                    bool* w_fixed) {
  MbeSym* s = m->s;
  int j = e->via;
  bool angles_fixed = mbe_mech_bool(m, j, "angles_fixed");
  bool rate_fixed = mbe_mech_bool(m, j, "w_rel_a_fixed");
  if (!angles_fixed && !rate_fixed) {
    return MBE_OK;
  }
  double Rp[9], wp[3];
  bool from_b = m->frames[m->comps[j].frame_b].point == e->child_point;
  bool parent_varies = false;
  MbeStatus st = point_at_t0(m, e->parent_point, Rp, wp);
  if (st == MBE_OK)
    st = point_varies(m, e->parent_point, &parent_varies);
  if (st == MBE_OK && parent_varies) {
    return mbe_mech_error(m, MBE_ERR_UNSUPPORTED, j,
                          "the start orientation it fixes depends, through the joints above it, "
                          "on values that vary per member; this is not supported yet");
  }
  StartRot rel;
  if (st == MBE_OK)
    st = start_rotation_sym(m, j, &rel);
  MbeV3 wa = mbe_mech_pv3(m, j, "w_rel_a_start", &st);
  if (st != MBE_OK)
    return st;
  MbeM3 P;
  for (int i = 0; i < 9; i++)
    P.e[i] = mbe_sym_const(s, Rp[i]);
  MbeV3 wpc = mbe_v3_const(s, wp);
  if (angles_fixed) {
    // R_b = R_rel R_a, or R_a = R_rel^T R_b
    r->T = mbe_m3_mul(s, from_b ? rel.T : mbe_m3_transpose(rel.T), P);
    r->is_start = false;
  }
  if (rate_fixed) {
    MbeV3 wrel = mbe_m3_mulv(s, rel.T, wa);               // in frame_b
    MbeM3 Rr = mbe_m3_mul(s, r->T, mbe_m3_transpose(P));  // child <- parent
    MbeV3 t1 = mbe_m3_mulv(s, Rr, wpc);
    if (from_b) {
      *w = mbe_v3_add(s, t1, wrel);
    } else {
      // w_a = R_rel^T (w_b - w_rel) with R_rel: a -> b; here child = a
      MbeV3 wb_in_a = mbe_m3_tmulv(s, rel.T, wrel);
      *w = mbe_v3_sub(s, t1, wb_in_a);
    }
    *w_fixed = true;
  }
  return MBE_OK;
}

// the rotation of a FREE or ROTATION edge (FreeMotion, Spherical with states) from its
// angles_start and w_rel_a_start (resolved in frame_a, converted with the start rotation as the
// MSL does)
static MbeStatus init_relative_rotation(MbeMech* m, const MbeMechEdge* e) {
  int c = e->comp, rq = 0;
  if (e->type == MBE_EDGE_FREE) {
    start3(m, e->q0, e->qname[0]);
    start3(m, e->u0, e->uname[0]);
    rq = 3;
  }
  StartRot r;
  MbeStatus st = start_rotation_sym(m, c, &r);
  MbeV3 wa = mbe_mech_pv3(m, c, "w_rel_a_start", &st);
  if (st != MBE_OK)
    return st;
  if (mbe_mech_bool(m, c, "z_rel_a_fixed")) {
    return mbe_mech_error(m, MBE_ERR_UNSUPPORTED, c,
                          "z_rel_a_fixed (an initial acceleration) is not supported yet");
  }
  MbeV3 w = mbe_m3_mulv(m->s, r.T, wa);  // w_rel (frame_b) = T_rel_start w_rel_a_start
  return set_rotation(m, e, c, e->q0 + rq, e->u0 + rq, &r, w, mbe_mech_bool(m, c, "w_rel_a_fixed"));
}

// a body with states of its own (FLOAT, FLOAT_POINT, ABS_ROTATION): r_0, v_0 (world), its
// rotation from angles_start and w_0_start (world, converted with R_start as the MSL does)
static MbeStatus init_body_states(MbeMech* m, const MbeMechEdge* e) {
  const MbeMechBody* bd = &m->bodies[e->body];
  const char* outer = bd->outer ? bd->outer : bd->name;
  int bc = bd->comp, rq = 0;
  if (e->type != MBE_EDGE_ABS_ROTATION) {
    char name[512];
    snprintf(name, sizeof name, "%s.r_0", outer);
    start3(m, e->q0, name);
    snprintf(name, sizeof name, "%s.v_0", outer);
    start3(m, e->u0, name);
    rq = 3;
  }
  if (e->type == MBE_EDGE_FLOAT_POINT)
    return MBE_OK;
  if (mbe_mech_bool(m, bc, "z_0_fixed")) {
    return mbe_mech_error(m, MBE_ERR_UNSUPPORTED, bc,
                          "z_0_fixed (an initial acceleration) is not supported yet");
  }
  StartRot r;
  MbeStatus st = start_rotation_sym(m, bc, &r);
  MbeV3 w0 = mbe_mech_pv3(m, bc, "w_0_start", &st);
  if (st != MBE_OK)
    return st;
  MbeV3 w = mbe_m3_mulv(m->s, r.T, w0);  // w_a = T_start w_0_start
  bool w_fixed = mbe_mech_bool(m, bc, "w_0_fixed");
  if (e->type == MBE_EDGE_ABS_ROTATION) {
    st = abs_rotation_start(m, e, &r, &w, &w_fixed);
  }
  return st == MBE_OK ? set_rotation(m, e, bc, e->q0 + rq, e->u0 + rq, &r, w, w_fixed) : st;
}

static MbeStatus init_edge(MbeMech* m, const MbeMechEdge* e) {
  switch (e->type) {
    case MBE_EDGE_REVOLUTE:
    case MBE_EDGE_PRISMATIC:
      start_state(m, e->q0, e->qname[0], 0);
      start_state(m, e->u0, e->uname[0], 0);
      return MBE_OK;
    case MBE_EDGE_FREE: return e->scalar_names ? init_scalar(m, e) : init_relative_rotation(m, e);
    case MBE_EDGE_ROTATION: return init_relative_rotation(m, e);
    case MBE_EDGE_FLOAT:
    case MBE_EDGE_FLOAT_POINT:
    case MBE_EDGE_ABS_ROTATION: return init_body_states(m, e);
    case MBE_EDGE_WHEELSET:
      for (int k = 0; k < e->nq + e->nu; k++) {
        bool u = k >= e->nq;
        start_state(m, u ? e->u0 + k - e->nq : e->q0 + k,
                    mbe_mech_wheelset_var(m, e, u ? k - e->nq : k, u), 0);
      }
      return MBE_OK;
    case MBE_EDGE_ROLLING:
      for (int k = 0; k < e->nq + e->nu; k++) {
        int el;
        bool u = k >= e->nq;
        const char* v = mbe_mech_rolling_var(m, e, u ? k - e->nq : k, u, &el);
        start_state(m, u ? e->u0 + k - e->nq : e->q0 + k, v, el < 0 ? 0 : el);
      }
      return MBE_OK;
    default: return MBE_OK;
  }
}

static bool name_is(const char* var, const char* name) {
  return name != NULL && strcmp(var, name) == 0;
}

// true when the initial conditions of var are what init_edge imposes
static bool is_state_like(const MbeMech* m, const char* var) {
  for (size_t i = 0; i < m->nx; i++) {
    const char* sn = m->state_names[i];
    size_t n = strlen(var);
    if (strncmp(sn, var, n) == 0 && (sn[n] == '\0' || sn[n] == '['))
      return true;
  }
  for (size_t i = 0; i < m->ntree; i++) {
    const MbeMechEdge* e = &m->edges[m->tree_edges[i]];
    for (int k = 0; k < 2; k++) {
      if (name_is(var, e->qname[k]) || name_is(var, e->uname[k]))
        return true;
    }
    if (e->scalar_names && e->fmsi_w && e->fmsi_rate_d) {
      const char* cn = m->comps[e->fmsi_rate].name;
      size_t n = strlen(cn);
      if (strncmp(var, cn, n) == 0 && strncmp(var + n, ".angle_d_", 9) == 0)
        return true;
    }
    // relative angular velocities fixed through w_rel_a_fixed, body ones through w_0_fixed
    int c = e->via >= 0 ? e->via : e->comp;
    const char* cn = m->comps[c].name;
    size_t n = strlen(cn);
    if (strncmp(var, cn, n) == 0 && var[n] == '.' &&
        (strcmp(var + n + 1, "w_rel") == 0 || strcmp(var + n + 1, "w_rel_b") == 0)) {
      return true;
    }
    if (e->body >= 0) {
      const MbeMechBody* bd = &m->bodies[e->body];
      n = strlen(bd->name);
      if (strncmp(var, bd->name, n) == 0 && strcmp(var + n, ".w_a") == 0)
        return true;
    }
  }
  return false;
}

// an initial condition the tree's start values do not meet: variable `name` (a signal) equals
// `target` at t0
typedef struct InitEq {
  const char* name;
  MbeSymId node;
  double target;
  MbeLoc loc;           // where the model states it
  int var;              // the flat variable that states it (-1: none) and how: its attribute attr
  int attr;             // (MbeAttr), or -1: its binding (a flag such as w_0_fixed)
  MbeSymId target_sym;  // the target as an expression where it varies per member (else 0)
} InitEq;

typedef struct InitProblem {
  InitEq* eqs;
  size_t neqs, cap;
} InitProblem;

static bool add_eq(InitProblem* ip, const char* name, MbeSymId node, double target, MbeLoc loc,
                   int var, int attr) {
  if (ip->neqs == ip->cap) {
    size_t cap = ip->cap ? 2 * ip->cap : 16;
    InitEq* e = mbe_realloc(ip->eqs, cap * sizeof *e);
    if (e == NULL)
      return false;
    ip->eqs = e;
    ip->cap = cap;
  }
  ip->eqs[ip->neqs++] = (InitEq){name, node, target, loc, var, attr, 0};
  return true;
}

static const MbeSignal* find_signal(const MbeMech* m, const char* name) {
  for (size_t i = 0; i < m->nsigs; i++) {
    if (strcmp(m->sigs[i].name, name) == 0)
      return &m->sigs[i];
  }
  return NULL;
}

// the error st (already set) of initial condition q moved to the user's side of it
static MbeStatus eq_error(MbeMech* m, const InitEq* q, MbeStatus st) {
  mbe_flat_error_at_var(m->flat, q->var, q->attr, m->err);
  return st;
}

// the error of variable v's attribute attr (located at loc) moved to the user's side of it
static MbeStatus var_error(MbeMech* m, int v, int attr, MbeStatus st) {
  mbe_flat_error_at_var(m->flat, v, attr, m->err);
  return st;
}

// whether var is the absolute angular velocity or acceleration of a body the joints move: its
// conditions are body_conditions'
static bool is_moved_body_rate(const MbeMech* m, const char* var) {
  for (size_t b = 0; b < m->nbodies; b++) {
    const MbeMechBody* bd = &m->bodies[b];
    size_t n = strlen(bd->name);
    if (bd->root_edge < 0 && !bd->is_point_mass && strncmp(var, bd->name, n) == 0 &&
        (strcmp(var + n, ".w_a") == 0 || strcmp(var + n, ".z_a") == 0)) {
      return true;
    }
  }
  return false;
}

// an initial equation's names: a variable is its signal, der(v) of a state its rate, der(v) of
// another signal its time derivative along the states' rates (the MSL's der(spring.w_rel) = 0)
static MbeSymId init_name(MbeMech* m, void* ctx, int var, int elem, bool der, const MbeExpr* at,
                          MbeStatus* st) {
  (void)ctx;
  const char* name = mbe_mech_element_name(m, &m->flat->vars[var], elem);
  for (size_t i = 0; der && name && i < m->nx; i++) {
    if (strcmp(m->state_names[i], name) == 0)
      return m->xdot[i];
  }
  const MbeSignal* sg = name ? find_signal(m, name) : NULL;
  if (sg != NULL && der) {
    MbeSymId d = 0;
    *st = mbe_mech_der(m, sg->id, &d);
    return d;
  }
  if (sg != NULL)
    return sg->id;
  MbeSymId id = 0;
  MbeStatus bst = MBE_OK;
  if (mbe_mech_block_value(m, var, elem, &id, &bst)) {  // a block's input: what feeds it
    *st = bst;
    if (bst == MBE_OK && der) {
      MbeSymId d = 0;
      *st = mbe_mech_der(m, id, &d);
      return d;
    }
    return id;
  }
  *st = mbe_error_at(m->err, MBE_ERR_UNSUPPORTED, at->loc,
                     "%s%s%s in an initial equation: the simulator computes no value for it",
                     der ? "der(" : "", name ? name : "?", der ? ")" : "");
  return 0;
}

// initial equation q (lhs = rhs at the start: a block's y = y_start, der(y) = 0, a vector's
// der(x) = zeros(n) element by element) as conditions of the initialization; its sides may read
// signals, states' rates and parameters
static MbeStatus initial_equation(MbeMech* m, InitProblem* ip, const MbeFlatEq* q) {
  int nl = 0, nr = 0;
  MbeStatus st = mbe_mech_expr_size(m, q->lhs, q->scope, q->lex, &nl);
  if (st == MBE_OK)
    st = mbe_mech_expr_size(m, q->rhs, q->scope, q->lex, &nr);
  if (st == MBE_OK && nl && nr && nl != nr) {
    return mbe_error_at(m->err, MBE_ERR_MODEL, q->loc,
                        "the sides of this equation are vectors of %d and %d elements", nl, nr);
  }
  int n = nl > nr ? nl : nr;
  for (int k = 0; k < (n ? n : 1) && st == MBE_OK; k++) {
    MbeSymId l = 0, r = 0;
    st = n ? mbe_mech_expr_elem(m, q->lhs, q->scope, q->lex, init_name, NULL, k, &l)
           : mbe_mech_expr(m, q->lhs, q->scope, q->lex, init_name, NULL, &l);
    if (st == MBE_OK) {
      st = n ? mbe_mech_expr_elem(m, q->rhs, q->scope, q->lex, init_name, NULL, k, &r)
             : mbe_mech_expr(m, q->rhs, q->scope, q->lex, init_name, NULL, &r);
    }
    if (st != MBE_OK)
      return st;
    const char* name =
        n ? mbe_arena_printf(m->arena, "element %d of the initial equation at %d:%d", k + 1,
                             q->loc.line, q->loc.col)
          : mbe_arena_printf(m->arena, "the initial equation at %d:%d", q->loc.line, q->loc.col);
    if (!add_eq(ip, name, mbe_sym_sub(m->s, l, r), 0.0, q->loc, -1, -1))
      return mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
  }
  return st;
}

// Every initial condition the model states is either met by the start values of the states or
// becomes an equation of the nonlinear initialization (a fixed acceleration, a fixed position of
// a body the joints move, ...). What can be neither (an equation section, a fixed=false parameter
// the simulator cannot make a symbol of, a fixed variable that is not an output) is refused with
// its location: never ignored.
static MbeStatus collect_initial_conditions(MbeMech* m, InitProblem* ip) {
  const MbeFlat* f = m->flat;
  for (size_t i = 0; i < f->neqs; i++) {
    const MbeFlatEq* q = &f->eqs[i];
    if (mbe_mech_user_owns_equation(m, i) || m->eq_bound[i]) {
      continue;  // solved in the force law (mech_user.c), or a variable's binding (mech_bound.c)
    }
    if (q->is_initial && q->lhs && q->rhs) {
      MbeStatus st = initial_equation(m, ip, q);
      if (st != MBE_OK)
        return st;
      continue;
    }
    return mbe_error_at(m->err, MBE_ERR_UNSUPPORTED, q->loc,
                        "%s are not supported yet by the simulator (connect() is, and the "
                        "equations of a model that extends one of the Interfaces partials of "
                        "force elements: PartialLineForce, PartialForce, PartialTwoFrames, "
                        "PartialOneFrame_a/_b, the 1-D PartialCompliant, "
                        "PartialCompliantWithRelativeStates, PartialTwoFlanges)",
                        q->is_initial ? "initial equations" : "equations");
  }
  for (size_t i = 0; i < f->nvars; i++) {
    const MbeVar* v = &f->vars[i];
    if (v->is_free && m->free_done != NULL && m->free_done[i]) {
      continue;  // computed by mech (a rod's length: mech_loops.c)
    }
    if (v->is_free) {
      bool is_param = false;
      for (size_t k = 0; k < m->np; k++)
        is_param = is_param || m->pvars[k] == (int)i;
      if (!is_param) {
        return var_error(m, (int)i, MBE_ATTR_FIXED,
                         mbe_error_at(m->err, MBE_ERR_UNSUPPORTED, v->loc,
                                      "%s: fixed=false (computed by initialization) is supported "
                                      "for the scalar parameters of force elements, 1-D elements "
                                      "and signal sources, not here yet",
                                      v->name));
      }
      continue;
    }
    if (v->variability == MBE_VAR_PARAMETER || v->variability == MBE_VAR_CONSTANT ||
        !v->has_attr_value[MBE_ATTR_FIXED]) {
      continue;
    }
    const MbeValue* fx = &v->attr_value[MBE_ATTR_FIXED];
    bool any = false;
    for (size_t k = 0; k < fx->n; k++)
      any = any || fx->num[k] != 0;
    if (!any || is_state_like(m, v->name) || is_moved_body_rate(m, v->name))
      continue;
    const MbeBinding* b = &v->attr[MBE_ATTR_FIXED];
    MbeLoc loc = b->expr ? b->loc : v->loc;
    size_t n = 1;  // every element of the variable (`each fixed=true` gives one flag)
    for (int d = 0; d < v->ndims; d++) {
      n *= (size_t)v->dims[d];
    }
    for (size_t k = 0; k < n; k++) {
      if (fx->num[fx->n > k ? k : 0] == 0)
        continue;
      const char* name =
          v->ndims == 0 ? v->name : mbe_arena_printf(m->arena, "%s[%zu]", v->name, k + 1);
      const MbeSignal* sg = find_signal(m, name);
      if (sg == NULL) {
        return var_error(m, (int)i, MBE_ATTR_FIXED,
                         mbe_error_at(m->err, MBE_ERR_UNSUPPORTED, loc,
                                      "%s has fixed=true but the simulator does not compute it; "
                                      "this initial condition is not supported yet",
                                      name));
      }
      // the target: the start value, which may vary per member (then each member solves)
      MbeSymId ts = mbe_mech_start_sym(m, v->name, (int)k);
      mark_start_used(m, v->name, (int)k);
      if (!add_eq(ip, name, sg->id, mbe_mech_start_nominal(m, v->name, (int)k), loc, (int)i,
                  MBE_ATTR_FIXED)) {
        return mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
      }
      ip->eqs[ip->neqs - 1].target_sym = m->s->nodes[ts].op == MBE_SYM_CONST ? 0 : ts;
    }
  }
  return MBE_OK;
}

// An Integrator with initType = SteadyState: der(y) = k u = 0 is a condition of the
// initialization (the rest of the model brings its input to 0), y an unknown from y_start
static MbeStatus steady_integrators(MbeMech* m, InitProblem* ip) {
  for (size_t c = 0; c < m->ncomps; c++) {
    const MbeMechComp* comp = &m->comps[c];
    int type = 0;
    if (comp->kind != MBE_MC_INTEGRATOR || comp->nstates < 1 ||
        mbe_mech_int(m, (int)c, "initType", 0, &type) != MBE_OK || type != MBE_INIT_STEADY)
      continue;
    int v = mbe_mech_var(m, mbe_mech_cname(m, (int)c, "initType"));
    const MbeVar* x = v >= 0 ? &m->flat->vars[v] : NULL;
    MbeLoc loc = x ? (x->binding.expr ? x->binding.loc : x->loc) : (MbeLoc){0};
    const char* name = mbe_arena_printf(m->arena, "der(%s.y) = 0 (SteadyState)", comp->name);
    if (!add_eq(ip, name, m->xdot[comp->state], 0.0, loc, v, -1))
      return mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
  }
  return MBE_OK;
}

// where a body states that its angular velocity (k 0, flag w_0_fixed) or acceleration (k 1,
// z_0_fixed) is fixed: a Body's w_a/z_a(fixed = ...) attribute, a composite body's flag itself
static void body_condition_site(MbeMech* m, const MbeMechBody* bd, int k, InitEq* q) {
  char name[512];
  snprintf(name, sizeof name, "%s.%s", bd->name, k ? "z_a" : "w_a");
  int v = mbe_mech_var(m, name);
  if (v >= 0 && m->flat->vars[v].attr[MBE_ATTR_FIXED].expr) {
    *q = (InitEq){NULL, 0, 0, m->flat->vars[v].attr[MBE_ATTR_FIXED].loc, v, MBE_ATTR_FIXED, 0};
    return;
  }
  snprintf(name, sizeof name, "%s.%s", m->comps[bd->comp].name, k ? "z_0_fixed" : "w_0_fixed");
  v = mbe_mech_var(m, name);
  const MbeVar* x = v >= 0 ? &m->flat->vars[v] : NULL;
  MbeLoc loc = x ? (x->binding.expr ? x->binding.loc : x->loc) : (MbeLoc){0};
  *q = (InitEq){NULL, 0, 0, loc, v, -1, 0};
}

// The initial conditions of a body the joints move, as the MSL's Body states them: with
// w_0_fixed, w_a = resolve2(R_start, w_0_start); with z_0_fixed, z_a = resolve2(R_start,
// z_0_start); R_start = axesRotations(sequence_start, angles_start). Bodies with states of their
// own take these in init_edge.
static MbeStatus body_conditions(MbeMech* m, InitProblem* ip) {
  for (size_t b = 0; b < m->nbodies; b++) {
    const MbeMechBody* bd = &m->bodies[b];
    if (bd->is_point_mass || bd->root_edge >= 0) {
      continue;
    }
    for (int k = 0; k < 2; k++) {
      if (!mbe_mech_bool(m, bd->comp, k ? "z_0_fixed" : "w_0_fixed")) {
        continue;
      }
      // resolve2(R_start, v0) = T v0 as expressions (they vary per member where the starts do:
      // each member solves then) and their values at the model's own
      StartRot r;
      MbeStatus st = start_rotation_sym(m, bd->comp, &r);
      MbeV3 v0 = mbe_mech_pv3(m, bd->comp, k ? "z_0_start" : "w_0_start", &st);
      MbeV3 vs = st == MBE_OK ? mbe_m3_mulv(m->s, r.T, v0) : mbe_v3_zero();
      double va[3];
      if (st == MBE_OK)
        st = node_values(m, vs.e, 3, va);
      if (st != MBE_OK) {
        return st;
      }

      // one condition per element, on the signal of the body's variable
      InitEq q;
      body_condition_site(m, bd, k, &q);
      for (int i = 0; i < 3; i++) {
        const char* name =
            mbe_arena_printf(m->arena, "%s.%s[%d]", bd->name, k ? "z_a" : "w_a", i + 1);
        const MbeSignal* sg = name ? find_signal(m, name) : NULL;
        if (sg == NULL) {
          return mbe_error_set(m->err, MBE_ERR_INTERNAL, "%s: no signal %s", bd->name,
                               name ? name : "?");
        }
        if (!add_eq(ip, name, sg->id, va[i], q.loc, q.var, q.attr)) {
          return mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
        }
        bool varies = m->s->nodes[vs.e[i]].op != MBE_SYM_CONST;
        ip->eqs[ip->neqs - 1].target_sym = varies ? vs.e[i] : 0;
      }
    }
  }
  return MBE_OK;
}

static bool var_fixed(MbeMech* m, const char* var, int elem) {
  return mbe_mech_start_fixed(m, var, elem);
}

// the variable and element of a component's state k: a user's vector state's element (its
// name "c.x[2]"), else the state's own name, element 0
static const char* comp_state_var(MbeMech* m, size_t c, int k, int* elem) {
  const MbeMechComp* comp = &m->comps[c];
  *elem = 0;
  if (mbe_mech_is_user(comp->kind) && m->user && m->user[c].svar) {
    int i = k - comp->state;
    *elem = m->user[c].selem[i];
    return m->flat->vars[m->user[c].svar[i]].name;
  }
  return m->state_names[k];
}

// whether state i is given by its start value (else an unknown of the initialization)
static bool state_fixed(MbeMech* m, const MbeMechEdge* e, int k, bool is_u) {
  int c = e->comp;
  int nt =
      (e->type == MBE_EDGE_FREE || e->type == MBE_EDGE_FLOAT || e->type == MBE_EDGE_FLOAT_POINT)
          ? 3
          : 0;  // leading translational coordinates
  if (e->scalar_names) {
    const char* base =
        k < 3 ? (is_u ? e->uname[0] : e->qname[0]) : (is_u ? e->uname[1] : e->qname[1]);
    if (is_u && k >= 3 && e->fmsi_w && e->fmsi_rate_d) {
      base = mbe_arena_printf(m->arena, "%s.angle_d", m->comps[e->fmsi_rate].name);
    }
    return var_fixed(m, mbe_arena_printf(m->arena, "%s_%d", base, k % 3 + 1), 0);
  }
  if (e->type == MBE_EDGE_WHEELSET)
    return var_fixed(m, mbe_mech_wheelset_var(m, e, k, is_u), 0);
  if (e->type == MBE_EDGE_ROLLING) {
    int el;
    const char* v = mbe_mech_rolling_var(m, e, k, is_u, &el);
    return var_fixed(m, v, el < 0 ? 0 : el);
  }
  switch (e->type) {
    case MBE_EDGE_REVOLUTE:
    case MBE_EDGE_PRISMATIC: return var_fixed(m, is_u ? e->uname[0] : e->qname[0], 0);
    case MBE_EDGE_FLOAT_POINT: return var_fixed(m, is_u ? e->uname[0] : e->qname[0], k);
    default: break;
  }
  if (k < nt)
    return var_fixed(m, is_u ? e->uname[0] : e->qname[0], k);
  // rotations: angles_fixed; rates: w_rel_a_fixed (joints) or w_0_fixed (bodies)
  int owner = e->body >= 0 ? m->bodies[e->body].comp : c;
  bool fixed = mbe_mech_bool(
      m, owner, is_u ? (e->body >= 0 ? "w_0_fixed" : "w_rel_a_fixed") : "angles_fixed");
  if (e->via >= 0) {
    fixed = fixed || mbe_mech_bool(m, e->via, is_u ? "w_rel_a_fixed" : "angles_fixed");
  }
  return fixed;
}

// the error of an unknown state whose start varies: its start is only Newton's first guess, so
// varying it would change nothing
static size_t varied_names(MbeMech* m, MbeSymId id, unsigned char* used, char* buf, size_t size);

static MbeStatus varied_unknown(MbeMech* m, int k) {
  const char* name = m->state_names[k];
  char start[600], origin[700] = "";
  snprintf(start, sizeof start, "%s.start", name);
  bool own = false;  // its own start varies (else a parameter it is computed from)
  for (size_t i = 0; i < m->nvary; i++) {
    const MbeVaried* q = &m->flat->vary[i];
    own = own || strcmp(q->name, start) == 0;
    if (strcmp(q->name, start) == 0 && q->origin) {
      snprintf(origin, sizeof origin, " (%s)", q->origin);
    }
  }
  MbeStatus st;
  unsigned char* used = own ? NULL : mbe_malloc(m->s->nnodes + 1);
  if (own || used == NULL) {
    st = mbe_error_set(m->err, MBE_ERR_UNSUPPORTED,
                       "the start of %s varies per member%s, but the nonlinear initialization "
                       "computes %s (it is not fixed=true); varying its start is not supported",
                       name, origin, name);
  } else {
    // a rotation's start from angles_start, w_0_start ...: the flags that fix it are false
    char names[400];
    size_t n = varied_names(m, m->x0sym[k], used, names, sizeof names);
    st = mbe_error_set(m->err, MBE_ERR_UNSUPPORTED,
                       "the start of %s depends on %s, which %s per member, but the nonlinear "
                       "initialization computes %s (its start is not fixed: angles_fixed, "
                       "w_0_fixed or w_rel_a_fixed is false); varying %s is not supported",
                       name, names, n == 1 ? "varies" : "vary", name, n == 1 ? "it" : "them");
  }
  mbe_free(used);

  // at the start value's place (the state's variable, without an element)
  char var[512];
  snprintf(var, sizeof var, "%s", name);
  char* bracket = strchr(var, '[');
  if (bracket) {
    *bracket = '\0';
  }
  int v = mbe_mech_var(m, var);
  if (v >= 0) {
    const MbeVar* x = &m->flat->vars[v];
    MbeLoc loc = x->attr[MBE_ATTR_START].expr ? x->attr[MBE_ATTR_START].loc : x->loc;
    mbe_error_at(m->err, st, loc, "%s", m->err ? m->err->message : "");
    var_error(m, v, MBE_ATTR_START, st);
  }
  return st;
}

// the error of an initialization without solution: the conditions not met and their
// residuals, at the place of the first that has one
static MbeStatus no_solution(MbeMech* m, const InitProblem* ip, const double* val, int iter) {
  MbeStrbuf sb;
  mbe_strbuf_init(&sb);
  const InitEq* at = NULL;
  for (size_t i = 0; val && i < ip->neqs; i++) {
    const InitEq* q = &ip->eqs[i];
    double d = val[q->node] - q->target;
    if (!(fabs(d) <= 1e-10 * (1 + fabs(q->target)))) {
      mbe_strbuf_printf(&sb, "%s%s = %g (residual %.3g)", sb.len ? ", " : "", q->name, q->target,
                        d);
      at = at == NULL && q->loc.file ? q : at;
    }
  }
  MbeStatus st = mbe_error_at(m->err, MBE_ERR_MODEL, at ? at->loc : (MbeLoc){0},
                              "the initialization found no solution after %d Newton steps; the "
                              "conditions not met: %s",
                              iter, sb.data ? sb.data : "");
  mbe_strbuf_deinit(&sb);
  return at ? eq_error(m, at, st) : st;
}

// the values of the conditions' nodes and the Jacobian's Jn (n) into val (indexed by node): only
// what they reach, as a loop's placeholders may be in the DAG (mech_loops.c)
static MbeStatus eval_reached(MbeMech* m, const InitProblem* ip, const MbeSymId* Jn, size_t n,
                              double* val) {
  size_t k = ip->neqs + n;
  MbeSymId* ids = mbe_malloc((k + 1) * sizeof *ids);
  double* out = mbe_malloc((k + 1) * sizeof *out);
  bool oom = ids == NULL || out == NULL;
  for (size_t i = 0; !oom && i < ip->neqs; i++)
    ids[i] = ip->eqs[i].node;
  if (!oom)
    memcpy(ids + ip->neqs, Jn, n * sizeof *ids);
  int ph = oom ? -1 : mbe_sym_param_reached(m->s, ids, k, (int)m->np);
  if (ph >= 0) {  // what the loops decide only after the start (mech_loops.c)
    mbe_free(ids), mbe_free(out);
    return mbe_error_set(m->err, MBE_ERR_UNSUPPORTED,
                         "an initial condition depends on what a kinematic loop decides at the "
                         "start (a rod's computed length, an assembly's branch or JointRRR's "
                         "n_b); such an initialization is not supported yet");
  }
  oom = oom || ph == -2;
  if (!oom)
    mbe_sym_eval_nodes(m->s, m->sys->t0, m->x0, m->p0, ids, k, out, &oom);
  for (size_t i = 0; !oom && i < k; i++)
    val[ids[i]] = out[i];
  mbe_free(ids), mbe_free(out);
  return oom ? mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory") : MBE_OK;
}

// whether node id depends on one of the n leaves
static MbeStatus depends_on(MbeMech* m, MbeSymId id, const MbeSymId* leaf, size_t n, bool* yes) {
  *yes = false;
  for (size_t j = 0; j < n && !*yes; j++) {
    MbeSymId d;
    MbeStatus st = mbe_sym_diff(m->s, id, leaf[j], &d, m->err);
    if (st != MBE_OK)
      return st;
    *yes = d != 0;
  }
  return MBE_OK;
}

// The cut joints' constraints (positions, then speeds) join an initialization the host solves
// anyway, so that its conditions and the loops' closure hold together: a condition on a body
// that the loop's assembly would otherwise move off it. Each group only where every row of it
// involves an unknown (else the loops' own assembly settles it), and not while a rod's length
// is still to come from the start (computeRodLength).
static MbeStatus loop_conditions(MbeMech* m, InitProblem* ip, const MbeSymId* leaf, size_t nu) {
  for (size_t r = 0; r < m->ncon_cut; r++) {
    if (m->rod_ph[m->con_comp[r]] != 0)
      return MBE_OK;
  }
  for (int pass = 0; pass < 2; pass++) {
    const MbeSymId* rows = pass == 0 ? m->con_phi : m->con_vel;
    bool all = m->ncon_cut > 0;
    for (size_t r = 0; r < m->ncon_cut && all; r++) {
      MbeStatus st = depends_on(m, rows[r], leaf, nu, &all);
      if (st != MBE_OK)
        return st;
    }
    for (size_t r = 0; r < m->ncon_cut && all; r++) {
      const char* name =
          mbe_arena_printf(m->arena, "%s's %s constraint %zu", m->comps[m->con_comp[r]].name,
                           pass == 0 ? "position" : "velocity", r + 1);
      MbeLoc none = {0};
      if (name == NULL || !add_eq(ip, name, rows[r], 0.0, none, -1, -1))
        return mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
    }
  }
  return MBE_OK;
}

// each member's own initialization (member_init): INIT_STAGES stages of INIT_STAGE_STEPS Newton
// steps, then INIT_FINAL_STEPS more
enum { INIT_STAGES = 4, INIT_STAGE_STEPS = 3, INIT_FINAL_STEPS = 4 };

// the conditions whose rows of the Jacobian (values J, ne x nu) are independent, greedily in
// order, into keep; returns how many
static int independent_rows(const double* J, size_t ne, size_t nu, int* keep) {
  double* basis = mbe_calloc(ne * nu + 1, sizeof *basis);
  double* v = mbe_malloc((nu + 1) * sizeof *v);
  int n = 0;
  for (size_t i = 0; basis && v && i < ne; i++) {
    double norm0 = 0, norm = 0;
    for (size_t j = 0; j < nu; j++) {
      v[j] = J[i * nu + j];
      norm0 += v[j] * v[j];
    }
    for (int b = 0; b < n; b++) {  // Gram-Schmidt against the rows kept
      double dot = 0;
      for (size_t j = 0; j < nu; j++)
        dot += v[j] * basis[(size_t)b * nu + j];
      for (size_t j = 0; j < nu; j++)
        v[j] -= dot * basis[(size_t)b * nu + j];
    }
    for (size_t j = 0; j < nu; j++)
      norm += v[j] * v[j];
    if (!(norm > 1e-20 * (1 + norm0)))
      continue;
    for (size_t j = 0; j < nu; j++)
      basis[(size_t)n * nu + j] = v[j] / sqrt(norm);
    keep[n++] = (int)i;
  }
  mbe_free(basis), mbe_free(v);
  return n;
}

// the conditions' residuals (all ne) and the kept rows' Jacobian at the unknowns' leaves = x
static void init_residual(MbeMech* m, const InitProblem* ip, const MbeSymId* r0, const MbeSymId* J0,
                          const int* keep, int nk, const MbeSymId* leaf, const MbeSymId* x,
                          size_t nu, MbeSymId* r, MbeSymId* J) {
  memcpy(r, r0, ip->neqs * sizeof *r);
  for (int i = 0; i < nk; i++)
    memcpy(J + (size_t)i * nu, J0 + (size_t)keep[i] * nu, nu * sizeof *J);
  mbe_sym_substitute(m->s, leaf, x, nu, r, ip->neqs);
  mbe_sym_substitute(m->s, leaf, x, nu, J, (size_t)nk * nu);
}

// `steps` Newton steps from x (nu, in place) on the conditions r0, J0 at the varied parameters
// p0 + lambda (p - p0); r: the residuals (all ne) after them
static MbeStatus init_stage(MbeMech* m, const InitProblem* ip, const MbeSymId* r0,
                            const MbeSymId* J0, const int* keep, int nk, const MbeSymId* leaf,
                            size_t nu, double lambda, int steps, MbeSymId* x, MbeSymId* r) {
  MbeSym* s = m->s;
  size_t ne = ip->neqs, nv = m->nvary;
  MbeSymId* pf = mbe_malloc((nv + 1) * sizeof *pf);
  MbeSymId* pt = mbe_malloc((nv + 1) * sizeof *pt);
  MbeSymId* rs = mbe_malloc((ne + 1) * sizeof *rs);
  MbeSymId* Js = mbe_malloc((ne * nu + 1) * sizeof *Js);
  MbeSymId* J = mbe_malloc((ne * nu + 1) * sizeof *J);
  MbeSymId* A = mbe_malloc((ne * ne + 1) * sizeof *A);
  MbeSymId* b = mbe_malloc((ne + 1) * sizeof *b);
  MbeSymId* z = mbe_malloc((ne + 1) * sizeof *z);
  MbeSymId* y = mbe_malloc((nu + 1) * sizeof *y);
  MbeStatus st = (!pf || !pt || !rs || !Js || !J || !A || !b || !z || !y)
                     ? mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory")
                     : MBE_OK;
  if (st == MBE_OK) {
    memcpy(rs, r0, ne * sizeof *rs);
    memcpy(Js, J0, ne * nu * sizeof *Js);
    if (lambda < 1) {
      for (size_t i = 0; i < nv; i++) {
        pf[i] = mbe_sym_param(s, (int)i);
        MbeSymId p0 = mbe_sym_const(s, m->p0[i]);
        MbeSymId d = mbe_sym_mul(s, mbe_sym_const(s, lambda), mbe_sym_sub(s, pf[i], p0));
        pt[i] = mbe_sym_add(s, p0, d);
      }
      mbe_sym_substitute(s, pf, pt, nv, rs, ne);
      mbe_sym_substitute(s, pf, pt, nv, Js, ne * nu);
    }
  }
  for (int it = 0; st == MBE_OK && it <= steps; it++) {
    init_residual(m, ip, rs, Js, keep, nk, leaf, x, nu, r, J);
    if (it == steps)
      break;  // r: the residuals after the steps
    for (int i = 0; i < nk; i++)
      b[i] = r[keep[i]];
    mbe_sym_least_norm(s, nk, (int)nu, J, b, A, z, y);
    for (size_t j = 0; j < nu; j++)
      x[j] = mbe_sym_sub(s, x[j], y[j]);
  }
  mbe_free(pf), mbe_free(pt), mbe_free(rs), mbe_free(Js), mbe_free(J), mbe_free(A);
  mbe_free(b), mbe_free(z), mbe_free(y);
  return st;
}

// The initialization per member, where a condition depends on a varied parameter. From the
// host's solution at the model's own values p0, each member follows its parameters p in its x0:
// stage k of INIT_STAGES solves the conditions at p0 + k/INIT_STAGES (p - p0) by Newton steps
// of least norm over the conditions independent at the host's solution (the others, redundant
// there, hold with them), as the host's steps; so a member far from the model's values gets
// there as on a path. A member whose conditions are not all met at its own p then starts from
// NaN: it stops with init-fail. A free parameter among the unknowns (a spring constant from an
// equilibrium) becomes an expression of the varied parameters, which the kernel computes once per
// member (mbe_prep), put in where it is read at the end (mbe_mech_free_params). Jn: the
// conditions' Jacobian in the unknowns (ne x nu)
static MbeStatus member_init(MbeMech* m, const InitProblem* ip, const MbeSymId* leaf, const int* xi,
                             size_t nu, const MbeSymId* Jn) {
  MbeSym* s = m->s;
  size_t ne = ip->neqs, nx = m->nx;
  MbeSymId* from = mbe_malloc((nx + 2) * sizeof *from);
  MbeSymId* to = mbe_malloc((nx + 2) * sizeof *to);
  MbeSymId* r0 = mbe_malloc((ne + 1) * sizeof *r0);
  MbeSymId* J0 = mbe_malloc((ne * nu + 1) * sizeof *J0);
  MbeSymId* r = mbe_malloc((ne + 1) * sizeof *r);
  MbeSymId* x = mbe_malloc((nu + 1) * sizeof *x);
  double* Jv = mbe_malloc((ne * nu + 1) * sizeof *Jv);
  int* keep = mbe_malloc((ne + 1) * sizeof *keep);
  bool* unknown = mbe_calloc(nx + 1, sizeof *unknown);
  MbeStatus st = MBE_OK;
  m->free_leaf = mbe_arena_alloc(m->arena, (nu + 1) * sizeof *m->free_leaf);
  m->free_expr = mbe_arena_alloc(m->arena, (nu + 1) * sizeof *m->free_expr);
  if (!from || !to || !r0 || !J0 || !r || !x || !Jv || !keep || !unknown || !m->free_leaf ||
      !m->free_expr)
    st = mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
  if (st == MBE_OK)
    st = node_values(m, Jn, (int)(ne * nu), Jv);
  int nk = st == MBE_OK ? independent_rows(Jv, ne, nu, keep) : 0;
  // the conditions with t = t0 and the known states at the member's start
  size_t k = 0;
  for (size_t j = 0; st == MBE_OK && j < nu; j++) {
    if (xi[j] >= 0)
      unknown[xi[j]] = true;
  }
  for (size_t i = 0; st == MBE_OK && i < nx; i++) {
    if (unknown[i])
      continue;
    from[k] = mbe_sym_state(s, (int)i);
    to[k++] = m->x0sym[i] != MBE_SYM_NONE ? m->x0sym[i] : mbe_sym_const(s, m->x0[i]);
  }
  from[k] = mbe_sym_time(s);
  to[k++] = mbe_sym_const(s, m->sys->t0);
  for (size_t i = 0; st == MBE_OK && i < ne; i++) {
    MbeSymId target =
        ip->eqs[i].target_sym ? ip->eqs[i].target_sym : mbe_sym_const(s, ip->eqs[i].target);
    r0[i] = mbe_sym_sub(s, ip->eqs[i].node, target);
    memcpy(J0 + i * nu, Jn + i * nu, nu * sizeof *J0);
  }
  if (st == MBE_OK) {
    mbe_sym_substitute(s, from, to, k, r0, ne);
    mbe_sym_substitute(s, from, to, k, J0, ne * nu);
  }
  for (size_t j = 0; st == MBE_OK && j < nu; j++)
    x[j] = mbe_sym_const(s, xi[j] >= 0 ? m->x0[xi[j]] : m->p0[-1 - xi[j]]);
  for (int stage = 1; st == MBE_OK && stage <= INIT_STAGES; stage++) {
    int steps = INIT_STAGE_STEPS + (stage == INIT_STAGES ? INIT_FINAL_STEPS : 0);
    st = init_stage(m, ip, r0, J0, keep, nk, leaf, nu, (double)stage / INIT_STAGES, steps, x, r);
  }
  // met: every condition within the host's tolerance
  MbeSymId ok = 0;
  for (size_t i = 0; st == MBE_OK && i < ne; i++) {
    double tol = 1e-10 * (1 + fabs(ip->eqs[i].target));
    MbeSymId d = mbe_sym_sub(s, mbe_sym_const(s, tol), mbe_sym_fn(s, MBE_SYM_ABS, r[i]));
    ok = i == 0 ? d : mbe_sym_op(s, MBE_SYM_MIN, ok, d, 0);
  }
  // NaN where not met, made at run time (sqrt of a negative number: no constant to fold)
  bool ok_const = st == MBE_OK && s->nodes[ok].op == MBE_SYM_CONST;
  MbeSymId one = mbe_sym_const(s, 1.0), nan = 0;
  if (st == MBE_OK && !ok_const) {
    MbeSymId neg = mbe_sym_neg(s, mbe_sym_add(s, one, mbe_sym_fn(s, MBE_SYM_ABS, ok)));
    nan = mbe_sym_fn(s, MBE_SYM_SQRT, neg);
  }
  for (size_t j = 0; st == MBE_OK && j < nu; j++) {
    MbeSymId e = ok_const ? x[j] : mbe_sym_op(s, MBE_SYM_SELECT, ok, x[j], nan);
    double v = 0;
    st = node_values(m, &e, 1, &v);
    if (xi[j] >= 0) {
      m->x0sym[xi[j]] = e;
      m->x0[xi[j]] = v;         // the model's own values give what a member with them computes
    } else if (st == MBE_OK) {  // a free parameter: its expression goes in at the end
      m->free_leaf[m->nfree] = mbe_sym_param(s, -1 - xi[j]);
      m->free_expr[m->nfree++] = e;
      m->p0[-1 - xi[j]] = v;
    }
  }
  // a member whose free parameters alone are unknowns still stops at its start
  if (st == MBE_OK && !ok_const && m->nfree > 0 && nx > 0) {
    MbeSymId x0 = m->x0sym[0] != MBE_SYM_NONE ? m->x0sym[0] : mbe_sym_const(s, m->x0[0]);
    m->x0sym[0] = mbe_sym_op(s, MBE_SYM_SELECT, ok, x0, nan);
  }
  mbe_free(from), mbe_free(to), mbe_free(r0), mbe_free(J0), mbe_free(r), mbe_free(x);
  mbe_free(Jv), mbe_free(keep), mbe_free(unknown);
  return mbe_mech_status(m, st);
}

// The initialization's unknowns into leaf and xi (room for nx + np; xi: the state's index, or
// -1 - the parameter's): the states not fixed (an unknown quaternion adds its |Q| = 1 to ip) and
// the free parameters; their number into *nu
static MbeStatus init_unknowns(MbeMech* m, InitProblem* ip, MbeSymId* leaf, int* xi,
                               size_t* nu_out) {
  MbeSym* s = m->s;
  size_t nu = 0;
  for (size_t t = 0; t < m->ntree; t++) {
    const MbeMechEdge* e = &m->edges[m->tree_edges[t]];
    bool q_unknown = false;
    for (int k = 0; k < e->nq; k++) {
      int qk = k;
      if (e->use_q && (e->type == MBE_EDGE_FREE || e->type == MBE_EDGE_FLOAT) && k >= 3)
        qk = 3;
      if (e->use_q && (e->type == MBE_EDGE_ROTATION || e->type == MBE_EDGE_ABS_ROTATION))
        qk = 0;
      if (state_fixed(m, e, qk, false))
        continue;
      leaf[nu] = mbe_sym_state(s, e->q0 + k);
      xi[nu++] = e->q0 + k;
      bool rot_q =
          e->use_q && (k >= (e->type == MBE_EDGE_FREE || e->type == MBE_EDGE_FLOAT ? 3 : 0));
      q_unknown = q_unknown || rot_q;
    }
    for (int k = 0; k < e->nu; k++) {
      if (state_fixed(m, e, k, true))
        continue;
      leaf[nu] = mbe_sym_state(s, e->u0 + k);
      xi[nu++] = e->u0 + k;
    }
    if (q_unknown) {
      // an unknown quaternion keeps unit norm
      int q0 = e->q0 + (e->type == MBE_EDGE_FREE || e->type == MBE_EDGE_FLOAT ? 3 : 0);
      MbeSymId n2 = 0;
      for (int k = 0; k < 4; k++) {
        MbeSymId q = mbe_sym_state(s, q0 + k);
        MbeSymId qq = mbe_sym_mul(s, q, q);
        n2 = k == 0 ? qq : mbe_sym_add(s, n2, qq);
      }
      MbeLoc none = {0};
      if (!add_eq(ip, m->state_names[q0], n2, 1.0, none, -1, -1)) {
        return mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
      }
    }
  }
  for (size_t c = 0; c < m->ncomps; c++) {
    for (int i = 0; m->comps[c].state >= 0 && i < m->comps[c].nstates; i++) {
      int k = m->comps[c].state + i;
      int el;
      const char* var = comp_state_var(m, c, k, &el);
      if (!var_fixed(m, var, el)) {
        leaf[nu] = mbe_sym_state(s, k);
        xi[nu++] = k;
      }
    }
  }
  for (size_t i = m->nvary; i < m->np; i++) {
    leaf[nu] = mbe_sym_param(s, (int)i);
    xi[nu++] = -1 - (int)i;
  }
  *nu_out = nu;
  return MBE_OK;
}

// Newton on the unknowns (states not fixed, free parameters) from the start values as guesses;
// the steps are least squares of the smallest norm (LAPACKE), so an underdetermined problem stays
// nearest to the start values, as the MSL's tools do with start values of states that are not
// fixed
static MbeStatus solve_initial(MbeMech* m, InitProblem* ip, bool per_member) {
  MbeSym* s = m->s;
  // unknowns: leaves (state or parameter index)
  size_t cap = m->nx + m->np + 1, nu = 0;
  MbeSymId* leaf = mbe_malloc(cap * sizeof *leaf);
  int* xi = mbe_malloc(cap * sizeof *xi);  // state index, or -1 - parameter index
  MbeStatus st = MBE_OK;
  if (!leaf || !xi) {
    st = mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
    goto done;
  }
  st = init_unknowns(m, ip, leaf, xi, &nu);
  // an unknown's start is only Newton's first guess: varying it would change nothing
  for (size_t j = 0; j < nu && st == MBE_OK; j++) {
    MbeSymId x = xi[j] >= 0 ? m->x0sym[xi[j]] : MBE_SYM_NONE;
    if (x != MBE_SYM_NONE && s->nodes[x].op != MBE_SYM_CONST) {
      st = varied_unknown(m, xi[j]);
    }
  }
  if (st == MBE_OK)
    st = loop_conditions(m, ip, leaf, nu);
  if (st != MBE_OK) {
    goto done;
  }
  size_t ne = ip->neqs;
  if (nu == 0) {
    st = eq_error(m, &ip->eqs[0],
                  mbe_error_at(m->err, MBE_ERR_MODEL, ip->eqs[0].loc,
                               "%s has fixed=true, but every state is fixed too: the initial "
                               "conditions are overdetermined",
                               ip->eqs[0].name));
    goto done;
  }
  // the Jacobian's nodes, once
  MbeSymId* Jn = mbe_malloc(ne * nu * sizeof *Jn);
  double* J = mbe_malloc(ne * nu * sizeof *J);
  double* r = mbe_malloc((ne > nu ? ne : nu) * sizeof *r);
  double* sv = mbe_malloc((ne + nu) * sizeof *sv);
  if (!Jn || !J || !r || !sv) {
    mbe_free(Jn), mbe_free(J), mbe_free(r), mbe_free(sv);
    st = mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
    goto done;
  }
  for (size_t i = 0; i < ne && st == MBE_OK; i++) {
    for (size_t j = 0; j < nu && st == MBE_OK; j++) {
      st = mbe_sym_diff(s, ip->eqs[i].node, leaf[j], &Jn[i * nu + j], m->err);
    }
  }
  double* val = NULL;
  double res = 0;
  int iter = 0;
  bool met = false;
  for (; st == MBE_OK && iter < 60; iter++) {
    mbe_free(val);
    val = mbe_malloc((s->nnodes + 1) * sizeof *val);
    if (val == NULL) {
      st = mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
      break;
    }
    st = eval_reached(m, ip, Jn, ne * nu, val);
    if (st != MBE_OK)
      break;
    res = 0;
    bool ok = true;
    for (size_t i = 0; i < ne; i++) {
      double d = val[ip->eqs[i].node] - ip->eqs[i].target;
      r[i] = -d;
      double tol = 1e-10 * (1 + fabs(ip->eqs[i].target));
      ok = ok && fabs(d) <= tol;
      res = fmax(res, fabs(d));
    }
    if (ok) {
      met = true;
      break;
    }
    for (size_t i = 0; i < ne * nu; i++)
      J[i] = val[Jn[i]];
    for (size_t i = ne; i < nu; i++)
      r[i] = 0;
    lapack_int rank;
    lapack_int info = LAPACKE_dgelsd(LAPACK_ROW_MAJOR, (lapack_int)ne, (lapack_int)nu, 1, J,
                                     (lapack_int)nu, r, 1, sv, 1e-12, &rank);
    if (info != 0)
      break;
    for (size_t j = 0; j < nu; j++) {
      if (xi[j] >= 0) {
        m->x0[xi[j]] += r[j];
      } else {
        m->p0[-1 - xi[j]] += r[j];
      }
    }
  }
  if (st == MBE_OK && !met) {
    st = no_solution(m, ip, val, iter);
  }
  m->init_iterations = iter;
  for (size_t j = 0; j < nu; j++) {
    if (xi[j] >= 0) {
      m->x0sym[xi[j]] = MBE_SYM_NONE;  // solved: the number, whatever its start was
    }
  }
  if (st == MBE_OK && per_member)
    st = member_init(m, ip, leaf, xi, nu, Jn);
  mbe_free(val);
  mbe_free(Jn), mbe_free(J), mbe_free(r), mbe_free(sv);
done:
  mbe_free(leaf);
  mbe_free(xi);
  return st;
}

// true when node id depends on a varied parameter or on a state whose start varies
static bool depends_on_varied(MbeMech* m, MbeSymId id, unsigned char* used) {
  const MbeSym* s = m->s;
  memset(used, 0, (size_t)id + 1);
  used[id] = 1;
  for (size_t i = (size_t)id + 1; i-- > 0;) {
    const MbeSymNode* n = &s->nodes[i];
    if (!used[i]) {
      continue;
    }
    if (n->op == MBE_SYM_PARAM && (size_t)n->index < m->nvary) {
      return true;
    }
    if (n->op == MBE_SYM_STATE && m->x0sym[n->index] != MBE_SYM_NONE &&
        s->nodes[m->x0sym[n->index]].op != MBE_SYM_CONST) {
      return true;
    }
    for (int k = 0; k < mbe_sym_op_arity((MbeSymOp)n->op); k++) {
      used[n->arg[k]] = 1;
    }
  }
  return false;
}

// marks the cone of node r in used; the varied parameters met go into hit (nvary), the states
// whose start varies are swept in turn (their start expressions)
static void sweep_varied(MbeMech* m, MbeSymId r, unsigned char* used, bool* hit, int depth) {
  const MbeSym* s = m->s;
  used[r] = 1;
  for (size_t i = (size_t)r + 1; i-- > 0;) {
    const MbeSymNode* n = &s->nodes[i];
    if (!used[i]) {
      continue;
    }
    if (n->op == MBE_SYM_PARAM && (size_t)n->index < m->nvary) {
      hit[n->index] = true;
    }
    MbeSymId x0 = n->op == MBE_SYM_STATE ? m->x0sym[n->index] : MBE_SYM_NONE;
    if (x0 != MBE_SYM_NONE && s->nodes[x0].op != MBE_SYM_CONST && !used[x0] && depth < 4) {
      sweep_varied(m, x0, used, hit, depth + 1);
    }
    for (int k = 0; k < mbe_sym_op_arity((MbeSymOp)n->op); k++) {
      used[n->arg[k]] = 1;
    }
  }
}

// the varied parameters node id depends on, directly or through start values, as "a, b and c"
// with their origins; returns how many
static size_t varied_names(MbeMech* m, MbeSymId id, unsigned char* used, char* buf, size_t size) {
  bool* hit = mbe_calloc(m->nvary + 1, sizeof *hit);
  buf[0] = '\0';
  if (!hit) {
    return 0;
  }
  memset(used, 0, m->s->nnodes + 1);
  sweep_varied(m, id, used, hit, 0);
  size_t count = 0, seen = 0, len = 0;
  for (size_t k = 0; k < m->nvary; k++) {
    count += hit[k];
  }
  for (size_t k = 0; k < m->nvary && len + 1 < size; k++) {
    if (!hit[k]) {
      continue;
    }
    char label[700];
    mbe_flat_varied_label(m->flat, k, label, sizeof label);
    const char* sep = seen == 0 ? "" : seen + 1 == count ? " and " : ", ";
    len += (size_t)snprintf(buf + len, size - len, "%s%s", sep, label);
    seen++;
  }
  mbe_free(hit);
  return count;
}

// whether a condition of the initialization depends on a varied parameter (then each member
// solves it again: member_init)
static MbeStatus init_varies(MbeMech* m, const InitProblem* ip, bool* varies) {
  unsigned char* used = mbe_malloc(m->s->nnodes + 1);
  if (!used) {
    return mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
  }
  *varies = false;
  for (size_t i = 0; i < ip->neqs && !*varies; i++)
    *varies = depends_on_varied(m, ip->eqs[i].node, used) || ip->eqs[i].target_sym != 0;
  mbe_free(used);
  return MBE_OK;
}

MbeStatus mbe_mech_free_params(MbeMech* m) {
  if (m->nfree == 0)
    return MBE_OK;
  MbeStatus st = mbe_mech_substitute_roots(m, m->free_leaf, m->free_expr, m->nfree);
  for (size_t i = 0; i < m->nx && st == MBE_OK; i++) {
    if (m->x0sym[i] != MBE_SYM_NONE)
      mbe_sym_substitute(m->s, m->free_leaf, m->free_expr, m->nfree, &m->x0sym[i], 1);
  }
  return st == MBE_OK && m->s->is_oom ? mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory") : st;
}

MbeSymId mbe_mech_at_start(MbeMech* m, MbeSymId e) {
  MbeSym* s = m->s;
  MbeSymId t = mbe_sym_time(s), t0 = mbe_sym_const(s, m->sys->t0);
  mbe_sym_substitute(s, &t, &t0, 1, &e, 1);
  MbeSymId* from = mbe_malloc((m->nx + 1) * sizeof *from);
  if (from == NULL) {
    s->is_oom = true;
    return 0;
  }
  for (size_t i = 0; i < m->nx; i++)
    from[i] = mbe_sym_state(s, (int)i);
  mbe_sym_substitute(s, from, m->x0sym, m->nx, &e, 1);
  mbe_free(from);
  return e;
}

MbeStatus mbe_mech_initial_state(MbeMech* m) {
  InitProblem ip = {0};

  // the parameters' values (the varied ones: the model's own) and no initial expressions yet
  m->p0 = mbe_arena_alloc(m->arena, (m->np + 1) * sizeof *m->p0);
  m->x0sym = mbe_arena_alloc(m->arena, (m->nx + 1) * sizeof *m->x0sym);
  m->start_used = mbe_arena_alloc(m->arena, (m->nvary + 1) * sizeof *m->start_used);
  if (!m->p0 || !m->x0sym || !m->start_used) {
    return mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
  }
  for (size_t i = 0; i < m->np; i++) {
    m->p0[i] = i < m->nvary ? m->flat->vary[i].nominal
                            : mbe_mech_start(m, m->flat->vars[m->pvars[i]].name, 0, NULL);
  }
  for (size_t i = 0; i < m->nx; i++) {
    m->x0sym[i] = MBE_SYM_NONE;
  }
  MbeStatus st0 = collect_initial_conditions(m, &ip);
  if (st0 == MBE_OK) {
    st0 = body_conditions(m, &ip);
  }
  if (st0 == MBE_OK) {
    st0 = steady_integrators(m, &ip);
  }
  if (st0 != MBE_OK) {
    mbe_free(ip.eqs);
    return st0;
  }
  for (size_t b = 0; b < m->nbodies; b++) {
    const MbeMechBody* bd = &m->bodies[b];
    if (!bd->is_point_mass && bd->root_edge < 0 && mbe_mech_bool(m, bd->comp, "angles_fixed")) {
      mbe_free(ip.eqs);
      return mbe_mech_error(m, MBE_ERR_UNSUPPORTED, bd->comp,
                            "angles_fixed on a body whose orientation the joints define is not "
                            "supported yet");
    }
  }
  for (size_t i = 0; i < m->ntree; i++) {
    MbeStatus st = init_edge(m, &m->edges[m->tree_edges[i]]);
    if (st != MBE_OK) {
      mbe_free(ip.eqs);
      return st;
    }
  }
  for (size_t c = 0; c < m->ncomps; c++) {
    for (int i = 0; m->comps[c].state >= 0 && i < m->comps[c].nstates; i++) {
      int k = m->comps[c].state + i;
      int el;
      const char* var = comp_state_var(m, c, k, &el);
      start_state(m, k, var, el);
    }
  }
  MbeStatus st = m->vary_error;
  for (size_t c = 0; c < m->ncomps && st == MBE_OK; c++) {
    const MbeMechClass* k = mbe_mech_class(m->comps[c].kind);
    st = k->guess ? k->guess(m, (int)c) : MBE_OK;
  }
  bool per_member = false;
  if (st == MBE_OK && m->nvary > 0 && ip.neqs > 0) {
    st = init_varies(m, &ip, &per_member);
  }
  if (st == MBE_OK && (ip.neqs > 0 || m->np > m->nvary)) {
    if (ip.neqs == 0) {
      const MbeVar* v = &m->flat->vars[m->pvars[m->nvary]];
      st = var_error(m, m->pvars[m->nvary], MBE_ATTR_FIXED,
                     mbe_error_at(m->err, MBE_ERR_MODEL, v->loc,
                                  "%s has fixed=false but no initial condition determines it "
                                  "(fix a variable it decides, e.g. an acceleration)",
                                  v->name));
    } else {
      st = solve_initial(m, &ip, per_member);
      m->sys->init_conditions = ip.neqs;
      m->sys->init_per_member = per_member;
      m->sys->init_iterations = m->init_iterations;
    }
  }
  mbe_free(ip.eqs);
  if (st == MBE_OK) {
    st = m->vary_error;
  }

  // a varied start that set no initial state would change nothing: refused, not ignored
  for (size_t i = 0; i < m->nvary && st == MBE_OK; i++) {
    const MbeVaried* q = &m->flat->vary[i];
    if (q->is_start && !m->start_used[i]) {
      const MbeVar* v = &m->flat->vars[q->var];
      char label[700];
      mbe_flat_varied_label(m->flat, i, label, sizeof label);
      st = var_error(m, q->var, MBE_ATTR_START,
                     mbe_error_at(m->err, MBE_ERR_USAGE, v->loc,
                                  "%s sets no initial state: %s is not a state the simulator "
                                  "integrates (a body moved by joints, or an output), so varying "
                                  "its start would change nothing",
                                  label, v->name));
    }
  }

  // what the kernel starts from: the start expressions where they stand, else the numbers
  for (size_t i = 0; i < m->nx && st == MBE_OK; i++) {
    if (m->x0sym[i] == MBE_SYM_NONE) {
      m->x0sym[i] = mbe_sym_const(m->s, m->x0[i]);
    }
  }
  return st;
}
