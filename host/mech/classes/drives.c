// SPDX-License-Identifier: Apache-2.0
// Kinematic drives of joint axes and what measures them: Rotational.Sources.Position, Speed and
// Accelerate moving a joint's axis flange. Speed and Accelerate work as Position does, with their own states' rates; Move
// prescribes the joint's coordinate, speed and acceleration by its inputs directly.
// Position moves the axis flange (its
// support fixed: unconnected with useSupport=false, at a Fixed, or at a Parts.Mounting1D held by
// the ground). The MSL's Position (exact = false) filters phi_ref with a critically damped
// second-order filter whose states are its own phi and w; the joint then is no degree of freedom
// of the mechanism. Here the joint stays a tree edge, and one constraint row, q - phi = 0 with
// the prescribed acceleration a, ties it to the source: its coordinate and speed are the
// source's states in closed form (mech_loops.c, close_assemblies), the row's multiplier is the
// torque the source applies, and a loop the joint drives (PlanarLoops_analytic, a mechanism of
// no degree of freedom) is solved by the same constrained equations. With exact = true the
// joint follows phi_ref(t) itself (q - phi_ref(t) = 0, a = phi_ref'').
#include <math.h>
#include <string.h>

#include "mech_internal.h"

// the filter's constants (Modelica.Mechanics.Rotational.Sources.Position)
static const double POS_AF = 1.3617, POS_BF = 0.6180;

// the joint edge the source's flange drives (-1 with the error set): the joint whose axis
// flange is in the same set (known before the flange sets' positions are: the constraints come
// first)
static int driven_edge(MbeMech* m, int c) {
  int sf = mbe_mech_set_of(m, m->comps[c].flange[1]);
  if (sf >= 0 && m->sets[sf].shaft >= 0 && m->edges[m->sets[sf].shaft].shaft)
    return m->sets[sf].shaft;  // a free shaft (classes/shafts.c)
  for (size_t j = 0; sf >= 0 && j < m->ncomps; j++) {
    const MbeMechComp* o = &m->comps[j];
    const MbeMechClass* k = mbe_mech_class(o->kind);
    if (k->role == MBE_ROLE_JOINT && o->nedges == 1 && o->flange[0] >= 0 &&
        mbe_mech_set_of(m, o->flange[0]) == sf) {
      const MbeMechEdge* e = &m->edges[o->edge0];
      if (e->in_tree && (e->type == MBE_EDGE_REVOLUTE || e->type == MBE_EDGE_PRISMATIC))
        return o->edge0;
    }
  }
  mbe_mech_error(m, MBE_ERR_UNSUPPORTED, c,
                 "its flange must drive a Revolute's or a Prismatic's axis (useAxisFlange=true) "
                 "or a free shaft (an Inertia or Mass that nothing else moves); a rotor, a geared "
                 "shaft or another joint's axis is not supported yet");
  return -1;
}

// which source: Position (phi_ref, s_ref), Speed (w_ref, v_ref), Accelerate (a_ref) or Move (u:
// the angle, speed and acceleration), of the Rotational or the Translational library
typedef enum SrcKind { SRC_POSITION, SRC_SPEED, SRC_ACCELERATE, SRC_MOVE } SrcKind;

static SrcKind src_kind(const MbeMech* m, int c) {
  switch (m->comps[c].kind) {
    case MBE_MC_ROT_SPEED:
    case MBE_MC_TRANS_SPEED:
    case MBE_MC_ROT_CONSTANT_SPEED:
    case MBE_MC_TRANS_CONSTANT_SPEED: return SRC_SPEED;
    case MBE_MC_ROT_ACCELERATE:
    case MBE_MC_TRANS_ACCELERATE: return SRC_ACCELERATE;
    case MBE_MC_ROT_MOVE:
    case MBE_MC_TRANS_MOVE: return SRC_MOVE;
    default: return SRC_POSITION;
  }
}

static bool src_translational(const MbeMech* m, int c) {
  MbeMechKind k = m->comps[c].kind;
  return k == MBE_MC_TRANS_POSITION || k == MBE_MC_TRANS_SPEED || k == MBE_MC_TRANS_ACCELERATE ||
         k == MBE_MC_TRANS_MOVE || k == MBE_MC_TRANS_CONSTANT_SPEED;
}

// ConstantSpeed: Speed with exact = true and the parameter w_fixed (v_fixed) as its reference
static bool src_constant(const MbeMech* m, int c) {
  MbeMechKind k = m->comps[c].kind;
  return k == MBE_MC_ROT_CONSTANT_SPEED || k == MBE_MC_TRANS_CONSTANT_SPEED;
}

// the name of component c's input
static const char* src_input(const MbeMech* m, int c) {
  SrcKind k = src_kind(m, c);
  bool t = src_translational(m, c);
  if (k == SRC_MOVE)
    return "u";
  if (k == SRC_SPEED)
    return t ? "v_ref" : "w_ref";
  return k == SRC_ACCELERATE ? "a_ref" : t ? "s_ref" : "phi_ref";
}

static bool src_exact(MbeMech* m, int c) {
  return src_constant(m, c) || (src_kind(m, c) != SRC_ACCELERATE && mbe_mech_bool(m, c, "exact"));
}

// the input's k-th derivative in time (k = 0, 1, 2): exact=true follows the input itself
static MbeSymId ref_dt(MbeMech* m, int c, int k, MbeStatus* st) {
  MbeSymId r = src_constant(m, c)
                   ? mbe_mech_param(m, c, src_translational(m, c) ? "v_fixed" : "w_fixed", st)
                   : mbe_mech_input(m, c, src_input(m, c), 0);
  for (int i = 0; i < k && *st == MBE_OK; i++) {
    MbeSymId d = 0;
    *st = mbe_sym_diff(m->s, r, mbe_sym_time(m->s), &d, m->err);
    r = d;
  }
  return r;
}

// the source's own states' rates phi' and w': exact=true ones follow the input; else Position's
// filter a = ((phi_ref - phi) w_crit - af w) w_crit / bf, Speed's a = (w_ref - w) w_crit,
// Accelerate's a = a_ref
static void src_rates(MbeMech* m, int c, MbeSymId* dphi, MbeSymId* dw, MbeStatus* st) {
  MbeSym* s = m->s;
  const MbeMechComp* comp = &m->comps[c];
  SrcKind k = src_kind(m, c);
  MbeSymId phi = mbe_sym_state(s, comp->state), w = mbe_sym_state(s, comp->state + 1);
  if (src_exact(m, c)) {
    int d = k == SRC_POSITION ? 1 : 0;  // Speed's w_ref is the speed itself
    *dphi = ref_dt(m, c, d, st);
    *dw = ref_dt(m, c, d + 1, st);
    return;
  }
  *dphi = w;
  MbeSymId ref = ref_dt(m, c, 0, st);
  if (k == SRC_ACCELERATE) {
    *dw = ref;
    return;
  }
  MbeSymId wc = mbe_sym_mul(s, mbe_sym_const(s, 2 * 3.14159265358979323846),
                            mbe_mech_param(m, c, "f_crit", st));
  if (k == SRC_SPEED) {
    *dw = mbe_sym_mul(s, mbe_sym_sub(s, ref, w), wc);
    return;
  }
  MbeSymId e = mbe_sym_mul(s, mbe_sym_sub(s, ref, phi), wc);
  MbeSymId d = mbe_sym_sub(s, e, mbe_sym_mul(s, mbe_sym_const(s, POS_AF), w));
  *dw = mbe_sym_mul(s, d, mbe_sym_div(s, wc, mbe_sym_const(s, POS_BF)));
}

// the joint's coordinate, speed and acceleration the source prescribes: its own states and w',
// or where they follow the input exactly, the input and its derivatives
static void src_joint(MbeMech* m, int c, MbeSymId* q, MbeSymId* u, MbeSymId* a, MbeStatus* st) {
  MbeSym* s = m->s;
  const MbeMechComp* comp = &m->comps[c];
  if (src_kind(m, c) == SRC_MOVE) {  // its inputs, no states
    *q = mbe_mech_input(m, c, "u", 0);
    *u = mbe_mech_input(m, c, "u", 1);
    *a = mbe_mech_input(m, c, "u", 2);
    return;
  }
  MbeSymId dphi;
  src_rates(m, c, &dphi, a, st);
  *q = mbe_sym_state(s, comp->state);
  *u = mbe_sym_state(s, comp->state + 1);
  if (src_exact(m, c)) {
    *u = dphi;  // Position's phi_ref', Speed's w_ref
    if (src_kind(m, c) == SRC_POSITION)
      *q = ref_dt(m, c, 0, st);
  }
}

// exact=true needs an input of time alone (a source block: its derivatives are the joint's
// speed and acceleration); the support must be fixed (after every axis is known)
static MbeStatus src_check(MbeMech* m, int c) {
  MbeStatus st = MBE_OK;
  bool move = src_kind(m, c) == SRC_MOVE;
  bool input = !src_constant(m, c);  // ConstantSpeed's w_fixed is a parameter
  for (int k = 0; input && (src_exact(m, c) || move) && k < (move ? 3 : 1) && st == MBE_OK; k++) {
    MbeSymId ref = mbe_mech_input(m, c, src_input(m, c), k);
    for (size_t i = 0; i < m->nx && st == MBE_OK; i++) {
      MbeSymId d = 0;
      st = mbe_sym_diff(m->s, ref, mbe_sym_state(m->s, (int)i), &d, m->err);
      if (st == MBE_OK && d != 0 && move) {
        return mbe_mech_error(m, MBE_ERR_UNSUPPORTED, c,
                              "its inputs u depend on the model's states (a filter's, the "
                              "motion's); that is not supported yet");
      }
      if (st == MBE_OK && d != 0) {
        return mbe_mech_error(m, MBE_ERR_UNSUPPORTED, c,
                              "exact=true follows %s and its derivatives in time; a %s that "
                              "depends on the model's states (a filter's, the motion's) is not "
                              "supported yet, exact=false is",
                              src_input(m, c), src_input(m, c));
      }
    }
    if (st == MBE_OK && m->input_error != MBE_OK)
      return m->input_error;
  }
  int ss = mbe_mech_set_of(m, m->comps[c].flange[2]);
  if (st == MBE_OK && ss >= 0 && !m->sets[ss].is_ground && m->sets[ss].nflanges > 1) {
    return mbe_mech_error(m, MBE_ERR_UNSUPPORTED, c,
                          "its support must be fixed (a Fixed, or a Mounting1D on the ground); "
                          "a moving support is not supported yet");
  }
  return st != MBE_OK || driven_edge(m, c) >= 0 ? st : MBE_ERR_UNSUPPORTED;
}

// its states' rates
static MbeStatus src_forces(MbeMech* m, int c) {
  MbeStatus st = MBE_OK;
  const MbeMechComp* comp = &m->comps[c];
  if (src_kind(m, c) == SRC_MOVE)
    return MBE_OK;
  src_rates(m, c, &m->xdot[comp->state], &m->xdot[comp->state + 1], &st);
  return st;
}

// the joint's coordinate is the one the source prescribes: q_joint - q = 0, d^2/dt^2 of it a
// beside the tree's
static MbeStatus src_constraints(MbeMech* m, int c, MbeMechCutRow* rows, int* n) {
  MbeSym* s = m->s;
  int e = driven_edge(m, c);
  if (e < 0)
    return MBE_ERR_UNSUPPORTED;
  const MbeMechEdge* ed = &m->edges[e];
  MbeStatus st = MBE_OK;
  MbeSymId q, u, a;
  src_joint(m, c, &q, &u, &a, &st);
  rows[0] = (MbeMechCutRow){.phi = mbe_sym_sub(s, mbe_sym_state(s, ed->q0), q)};
  rows[0].ta = rows[0].fa = rows[0].tb = rows[0].fb = mbe_v3_zero();
  rows[0].pa = rows[0].pb = ed->child_point;
  rows[0].accel = a;
  *n = 1;
  return st;
}

// whether a start the source decides (k 0: the angle, 1: the speed) meets a joint start that is
// fixed as well: an overdetermined initialization, an error naming both
static MbeStatus src_overdetermined(MbeMech* m, int c, const MbeMechEdge* e, int k,
                                    const char* why) {
  const char* name = k == 0 ? e->qname[0] : e->uname[0];
  if (!mbe_mech_start_fixed(m, name, 0))
    return MBE_OK;
  return mbe_mech_error(m, MBE_ERR_MODEL, c,
                        "it sets the start of %s (%s), which has fixed=true as well: the initial "
                        "conditions are overdetermined",
                        name, why);
}

// The source's start (the MSL's): Position's phi = phi_ref (its initial equation), w = phi_ref'
// when exact, else the joint's fixed start speed or its own; Speed's and Accelerate's phi their
// phi.start (fixed=true by default; else the joint's start), Speed's w = w_ref, Accelerate's w
// its w.start (the same way). The joint's start is then the source's.
static MbeStatus src_start(MbeMech* m, int c, const MbeMechEdge* e) {
  MbeSym* s = m->s;
  const MbeMechComp* comp = &m->comps[c];
  SrcKind k = src_kind(m, c);
  if (k == SRC_MOVE) {  // no states: the joint's start is its inputs' at t0
    MbeStatus st = src_overdetermined(m, c, e, 0, "it follows its input");
    return st == MBE_OK ? src_overdetermined(m, c, e, 1, "it follows its input") : st;
  }
  bool exact = src_exact(m, c);
  int phi = comp->state, w = comp->state + 1;
  bool phi_own = k == SRC_POSITION || mbe_mech_start_fixed(m, m->state_names[phi], 0);
  bool w_own = (k == SRC_POSITION && exact) || k == SRC_SPEED ||
               (k == SRC_ACCELERATE && mbe_mech_start_fixed(m, m->state_names[w], 0));
  MbeStatus st = phi_own ? src_overdetermined(m, c, e, 0,
                                              k == SRC_POSITION ? "it starts at its input"
                                                                : "its own start is fixed")
                         : MBE_OK;
  if (st == MBE_OK && w_own)
    st = src_overdetermined(
        m, c, e, 1, k == SRC_ACCELERATE ? "its own speed is fixed" : "it follows its input");
  if (st != MBE_OK)
    return st;
  if (k == SRC_POSITION)
    m->x0sym[phi] = mbe_mech_at_start(m, ref_dt(m, c, 0, &st));
  else if (!phi_own)
    m->x0sym[phi] = m->x0sym[e->q0];
  if (k == SRC_SPEED)
    m->x0sym[w] = mbe_mech_at_start(m, ref_dt(m, c, 0, &st));
  else if (k == SRC_POSITION && exact)
    m->x0sym[w] = mbe_mech_at_start(m, ref_dt(m, c, 1, &st));
  else if (!w_own && mbe_mech_start_fixed(m, e->uname[0], 0))
    m->x0sym[w] = m->x0sym[e->u0];
  MbeSymId ids[2] = {m->x0sym[phi], m->x0sym[w]};
  bool oom = false;
  double v[2];
  mbe_sym_eval_nodes(s, m->sys->t0, m->x0, m->p0, ids, 2, v, &oom);
  m->x0[phi] = v[0], m->x0[w] = v[1];
  return st != MBE_OK       ? st
         : oom || s->is_oom ? mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory")
                            : MBE_OK;
}

// the joint's coordinate and speed are the ones the source prescribes, in closed form
static MbeStatus src_closed(MbeMech* m, int c, MbeMechAsmForm* f) {
  MbeSym* s = m->s;
  const MbeMechEdge* e = &m->edges[driven_edge(m, c)];
  MbeStatus st = MBE_OK;
  MbeSymId a;
  memset(f, 0, sizeof *f);
  f->comp = c;
  f->n = 1;
  f->q[0] = mbe_sym_state(s, e->q0);
  f->u[0] = mbe_sym_state(s, e->u0);
  src_joint(m, c, &f->to_q[0], &f->to_u[0], &a, &st);
  f->singular = mbe_sym_const(s, -1.0);
  return st == MBE_OK ? src_start(m, c, e) : st;
}

size_t mbe_mech_row_of(const MbeMech* m, int c) {
  size_t r = 0;
  while (r < m->ncon && m->con_comp[r] != c)
    r++;
  return r;
}

// the row's multiplier on the axis: the source's torque there (outputs: the joint's tau)
static MbeStatus src_loads(MbeMech* m, int c) {
  size_t r = mbe_mech_row_of(m, c);
  int sf = mbe_mech_set_of(m, m->comps[c].flange[1]);
  if (r < m->ncon && sf >= 0)
    mbe_mech_flange_sub(m, c, 1, &m->sets[sf], m->con_lambda[r]);
  return MBE_OK;
}

// the signal of state k (its name) reads e instead
static void state_signal_is(MbeMech* m, int k, MbeSymId e) {
  for (size_t i = 0; i < m->nsigs; i++) {
    if (m->state_names[k] && strcmp(m->sigs[i].name, m->state_names[k]) == 0)
      m->sigs[i].id = e;
  }
}

// its a (Speed's with exact=true: 0, the MSL's dummy), the torque (force) on its flange; where its
// states only follow the input, its phi and w signals read the input itself
static MbeStatus src_outputs(MbeMech* m, int c) {
  MbeSym* s = m->s;
  const MbeMechComp* comp = &m->comps[c];
  MbeStatus st = MBE_OK;
  MbeSymId q, u, a;
  src_joint(m, c, &q, &u, &a, &st);
  if (src_exact(m, c)) {
    state_signal_is(m, comp->state, q);
    state_signal_is(m, comp->state + 1, u);
  }
  bool dummy = src_kind(m, c) == SRC_SPEED && src_exact(m, c);
  if (src_kind(m, c) == SRC_MOVE)
    mbe_mech_signal_at(m, comp->name, src_translational(m, c) ? "s" : "phi", q);
  else
    mbe_mech_signal_at(m, comp->name, "a", dummy ? mbe_sym_const(s, 0.0) : a);
  size_t r = mbe_mech_row_of(m, c);
  if (r < m->ncon)
    mbe_mech_signal_at(m, comp->name, src_translational(m, c) ? "flange.f" : "flange.tau",
                       mbe_sym_neg(s, m->con_lambda[r]));
  return st;
}

// the sources' hooks, one set for the family: Rotational (states phi, w), Translational (s, v),
// Move (no states)
#define SRC_CLASS(...)                                                                       \
  {                                                                                          \
    .role = MBE_ROLE_FLANGE, .flange = {"flange_a", "flange", "support"}, .load = src_check, \
    .constraints = src_constraints, .closed = src_closed, .loads = src_loads,                \
    .outputs = src_outputs, __VA_ARGS__                                                      \
  }

const MbeMechClass mbe_mc_flange_position =
    SRC_CLASS(.nstates = 2, .state_name = {"phi", "w"}, .forces = src_forces);
const MbeMechClass mbe_mc_flange_position_t =
    SRC_CLASS(.nstates = 2, .state_name = {"s", "v"}, .forces = src_forces);
const MbeMechClass mbe_mc_flange_move = SRC_CLASS(.nstates = 0);

// Parts.Mounting1D: its flange_b is a housing fixed in frame_a (or, with frame_a absent:
// world.driveTrainMechanics3D = false, in the world), a fixed flange at phi0. On a moving
// carrier its frame_a takes the support torque: frame_a.t = -n flange_b.tau, with flange_b.tau
// minus what the other elements in the set take.
static MbeStatus mounting_axes(MbeMech* m, int c) {
  MbeStatus st = MBE_OK;
  const MbeMechComp* comp = &m->comps[c];
  int sb = mbe_mech_set_of(m, comp->flange[1]);
  if (sb >= 0) {
    m->sets[sb].is_ground = true;
    m->sets[sb].pos = mbe_mech_param(m, c, "phi0", &st);
  }
  return st;
}

static bool mounting_moves(MbeMech* m, int c) {
  int p = mbe_mech_point_of(m, m->comps[c].frame_a);
  return p >= 0 && !m->points[p].is_ground;
}

// a moving housing takes the loads of its set: one Mounting1D and no fixed flange share the set,
// and no kinematic source reacts there (its torque is known with the accelerations only)
static MbeStatus mounting_check(MbeMech* m, int c, int set) {
  for (size_t j = 0; j < m->ncomps; j++) {
    const MbeMechComp* o = &m->comps[j];
    MbeMechKind k = o->kind;
    bool fixes = k == MBE_MC_MOUNTING_1D || k == MBE_MC_ROT_FIXED;
    bool kinematic = k == MBE_MC_ROT_POSITION || k == MBE_MC_ROT_SPEED ||
                     k == MBE_MC_ROT_ACCELERATE || k == MBE_MC_ROT_MOVE ||
                     k == MBE_MC_ROT_CONSTANT_SPEED;
    for (int f = 0; (int)j != c && f < 3; f++) {
      if (o->flange[f] < 0 || mbe_mech_set_of(m, o->flange[f]) != set)
        continue;
      if (fixes) {
        return mbe_mech_error(m, MBE_ERR_MODEL, c,
                              "its flange_b is also held by %s: which of them takes the "
                              "support torque is undetermined",
                              o->name);
      }
      // a gear that is a row between rotors housed here reacts through their edges
      bool gear = k == MBE_MC_ROT_IDEAL_GEAR && o->rowless;
      if (kinematic || k == MBE_MC_ROT_TORQUE_SENSOR || gear) {
        return mbe_mech_error(m, MBE_ERR_UNSUPPORTED, c,
                              "its frame_a moves and %s reacts on its flange_b; a housing on a "
                              "moving body under a kinematic source, a gear or a torque sensor "
                              "is not supported yet",
                              o->name);
      }
    }
  }
  return MBE_OK;
}

static MbeStatus mounting_forces(MbeMech* m, int c) {
  const MbeMechComp* comp = &m->comps[c];
  int sb = mbe_mech_set_of(m, comp->flange[1]);
  if (sb < 0 || !mounting_moves(m, c))
    return MBE_OK;
  MbeStatus st = mounting_check(m, c, sb);
  MbeV3 n;
  if (st == MBE_OK)
    st = mbe_mech_unit_axis(m, c, "n", &n);
  if (st != MBE_OK)
    return st;
  mbe_mech_set_wrench(m, comp->frame_a, mbe_v3_scale(m->s, m->sets[sb].load, n), mbe_v3_zero());
  return MBE_OK;
}

const MbeMechClass mbe_mc_mounting_1d = {.role = MBE_ROLE_FLANGE,
                                         .flange = {NULL, "flange_b"},
                                         .axes = mounting_axes,
                                         .forces = mounting_forces};

