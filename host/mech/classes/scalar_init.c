// SPDX-License-Identifier: Apache-2.0
// MultiBody.Joints.FreeMotionScalarInit: with use_angle a branch of relative coordinates shared
// by the elements between the same frames; otherwise outputs of its frames' motion only.
#include <stdio.h>

#include "mech_internal.h"

// the first FREE edge of FreeMotionScalarInit elements from point pa to point pb, NULL if none
static MbeMechEdge* scalar_edge(MbeMech* m, int pa, int pb) {
  for (size_t k = 0; k < m->nedges; k++) {
    MbeMechEdge* e = &m->edges[k];
    if (e->type == MBE_EDGE_FREE && e->scalar_names && e->pa == pa && e->pb == pb) {
      return e;
    }
  }
  return NULL;
}

// the highest of element c's <var>_1_stateSelect .. <var>_3_stateSelect (StateSelect.never 1 ..
// always 5), 0 where it has none
static int rate_select(MbeMech* m, int c, const char* var) {
  int best = 0;
  for (int i = 0; i < 3; i++) {
    const char* v = mbe_arena_printf(m->arena, "%s_%d_stateSelect", var, i + 1);
    int sel = 0;
    if (v != NULL && mbe_mech_var(m, mbe_mech_cname(m, c, v)) >= 0 &&
        mbe_mech_int(m, c, v, 0, &sel) == MBE_OK && sel > best)
      best = sel;
  }
  return best;
}

// element c's coordinates become the states of e where e has none of that kind yet. The rates
// are angle_d only where an element asks for them as states (angle_d_i_stateSelect prefer or
// always): otherwise the MSL leaves them to the body, whose states are its angular velocity,
// and so are e's (w_rel_b), started from the first element's angle_d or w_rel_b
static void scalar_join(MbeMech* m, MbeMechEdge* e, int c) {
  bool r = mbe_mech_bool(m, c, "use_r"), angle = mbe_mech_bool(m, c, "use_angle");
  if (r && e->fmsi_r < 0) {
    e->fmsi_r = c;
  }
  if (r && mbe_mech_bool(m, c, "use_v") && e->fmsi_v < 0) {
    e->fmsi_v = c;
  }
  bool angle_d = angle && mbe_mech_bool(m, c, "use_angle_d");
  if (angle_d && rate_select(m, c, "angle_d") >= 4 && (e->fmsi_rate < 0 || e->fmsi_w)) {
    e->fmsi_rate = c;
    e->fmsi_w = false;
    e->fmsi_rate_d = true;
  } else if ((angle_d || mbe_mech_bool(m, c, "use_w")) && e->fmsi_rate < 0) {
    e->fmsi_rate = c;
    e->fmsi_w = true;
    e->fmsi_rate_d = angle_d;
  }
}

// FreeMotionScalarInit: an element with use_angle is a branch of the orientation graph (the MSL's
// InitAngle), so it gets a FREE edge of relative coordinates; elements without it constrain
// nothing and only output their quantities. The elements between the same frames share the
// edge: each coordinate's states take the name (and start and fixed) of the element that uses
// it; a coordinate no element uses is a state all the same, named after the angles' element
// (its start 0 and not fixed, as the MSL leaves it to the body's start values). An edge whose
// frames other joints already connect stays out of the tree (build_tree): then its elements are
// outputs only, as when the MSL closes such a loop.
static MbeStatus scalar_init_edges(MbeMech* m) {
  size_t n0 = m->nedges;
  for (size_t c = 0; c < m->ncomps; c++) {
    const MbeMechComp* comp = &m->comps[c];
    if (comp->kind != MBE_MC_FREE_MOTION_SCALAR_INIT || !mbe_mech_bool(m, (int)c, "use_angle")) {
      continue;
    }
    MbeMechEdge* e =
        mbe_mech_new_edge(m, (int)c, MBE_EDGE_FREE, mbe_mech_point_of(m, comp->frame_a),
                          mbe_mech_point_of(m, comp->frame_b));
    if (e == NULL) {
      return mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
    }
    e->scalar_names = true;
    e->use_q = false;
    e->fmsi_angle = (int)c;
    for (int i = 0; i < 3; i++) {
      MbeStatus st = mbe_mech_int(m, (int)c, "sequence_start", i, &e->seq[i]);
      if (st != MBE_OK) {
        return st;
      }
    }
  }
  for (size_t c = 0; c < m->ncomps; c++) {
    const MbeMechComp* comp = &m->comps[c];
    MbeMechEdge* e = comp->kind == MBE_MC_FREE_MOTION_SCALAR_INIT
                         ? scalar_edge(m, mbe_mech_point_of(m, comp->frame_a),
                                       mbe_mech_point_of(m, comp->frame_b))
                         : NULL;
    if (e != NULL) {
      scalar_join(m, e, (int)c);
    }
  }

  // the names of the states
  for (size_t k = n0; k < m->nedges; k++) {
    MbeMechEdge* e = &m->edges[k];
    const char* an = m->comps[e->fmsi_angle].name;
    const char* rn = e->fmsi_r >= 0 ? m->comps[e->fmsi_r].name : an;
    const char* vn = e->fmsi_v >= 0 ? m->comps[e->fmsi_v].name : an;
    const char* dn = e->fmsi_rate >= 0 ? m->comps[e->fmsi_rate].name : an;
    e->fmsi_r = e->fmsi_r >= 0 ? e->fmsi_r : e->fmsi_angle;
    e->fmsi_v = e->fmsi_v >= 0 ? e->fmsi_v : e->fmsi_angle;
    if (e->fmsi_rate < 0) {
      e->fmsi_rate = e->fmsi_angle;
      e->fmsi_w = true;
    }
    e->rate_w = e->fmsi_w;
    e->qname[0] = mbe_arena_printf(m->arena, "%s.r_rel_a", rn);
    e->uname[0] = mbe_arena_printf(m->arena, "%s.v_rel_a", vn);
    e->qname[1] = mbe_arena_printf(m->arena, "%s.angle", an);
    e->uname[1] = mbe_arena_printf(m->arena, "%s.%s", dn, e->fmsi_w ? "w_rel_b" : "angle_d");
  }
  return MBE_OK;
}

static MbeStatus scalar_init_build(MbeMech* m, int c) {
  // no force; its coordinates are a branch (scalar_init_edges) or outputs
  const MbeMechComp* comp = &m->comps[c];
  if (comp->frame_a < 0 || comp->frame_b < 0) {
    return mbe_mech_error(m, MBE_ERR_MODEL, c, "frame_a and frame_b must both be connected");
  }
  return MBE_OK;
}

// element i + 1 of v as the output `var`_(i + 1) of comp
static void sig_scalars(MbeMech* m, const char* comp, const char* var, MbeV3 v) {
  for (int i = 0; i < 3; i++) {
    mbe_mech_signal(m, mbe_arena_printf(m->arena, "%s.%s_%d", comp, var, i + 1), v.e[i]);
  }
}

// A FreeMotionScalarInit element whose coordinates are no states: the outputs its flags declare,
// from the motion of its frames as the MSL's InitPosition (r_rel_a = resolve2(R_a, r_b - r_a)),
// InitAngle (the angles of R_rel = R_b R_a^T about sequence_start; of the two solutions the one
// whose first angle is nearer angle_1's start) and InitAngularVelocity (w_rel_b = w_b -
// resolve2(R_rel, w_a)) compute them, and their derivatives (the Der blocks) in time
static MbeStatus scalar_init_outputs(MbeMech* m, int c) {
  MbeSym* s = m->s;
  const MbeMechComp* comp = &m->comps[c];
  const char* n = comp->name;
  const MbeMechPoint* A = &m->points[m->frames[comp->frame_a].point];
  const MbeMechPoint* B = &m->points[m->frames[comp->frame_b].point];
  bool use_r = mbe_mech_bool(m, c, "use_r"), use_angle = mbe_mech_bool(m, c, "use_angle");
  bool use_v = use_r && mbe_mech_bool(m, c, "use_v");
  bool use_a = use_v && mbe_mech_bool(m, c, "use_a");
  bool use_d = use_angle && mbe_mech_bool(m, c, "use_angle_d");
  bool use_dd = use_d && mbe_mech_bool(m, c, "use_angle_dd");
  bool use_w = mbe_mech_bool(m, c, "use_w");
  bool use_z = use_w && mbe_mech_bool(m, c, "use_z");
  MbeStatus st = MBE_OK;

  // relative position and its derivatives in frame_a's coordinates
  MbeV3 d = mbe_v3_sub(s, B->r0, A->r0);
  MbeV3 r = mbe_m3_mulv(s, A->R, d), v = mbe_v3_zero(), a = v;
  if (use_v)
    st = mbe_mech_der3(m, r, &v);
  if (st == MBE_OK && use_a)
    st = mbe_mech_der3(m, v, &a);
  if (use_r)
    sig_scalars(m, n, "r_rel_a", r);
  if (use_v)
    sig_scalars(m, n, "v_rel_a", v);
  if (use_a)
    sig_scalars(m, n, "a_rel_a", a);

  // relative orientation
  MbeM3 Rrel = mbe_m3_mul(s, B->R, mbe_m3_transpose(A->R));
  if (st == MBE_OK && use_angle) {
    int seq[3];
    for (int i = 0; i < 3 && st == MBE_OK; i++) {
      st = mbe_mech_int(m, c, "sequence_start", i, &seq[i]);
    }
    char g1[512];
    snprintf(g1, sizeof g1, "%s.angle_1", n);
    MbeSymId guess = mbe_sym_const(s, mbe_mech_start_nominal(m, g1, 0));
    MbeSymId ang[3];
    mbe_m3_axes_angles(s, Rrel, seq, guess, ang);
    MbeV3 phi = {{ang[0], ang[1], ang[2]}}, phid = mbe_v3_zero(), phidd = phid;
    if (st == MBE_OK && use_d)
      st = mbe_mech_der3(m, phi, &phid);
    if (st == MBE_OK && use_dd)
      st = mbe_mech_der3(m, phid, &phidd);
    sig_scalars(m, n, "angle", phi);
    if (use_d)
      sig_scalars(m, n, "angle_d", phid);
    if (use_dd) {
      sig_scalars(m, n, "angle_dd", phidd);
      for (int i = 0; i < 3; i++) {
        mbe_mech_signal(m, mbe_arena_printf(m->arena, "%s.derdd[%d].u", n, i + 1), phid.e[i]);
      }
    }
  }

  // relative angular velocity in frame_b's coordinates
  if (st == MBE_OK && use_w) {
    MbeV3 wa = mbe_m3_mulv(s, Rrel, A->w);
    MbeV3 w = mbe_v3_sub(s, B->w, wa), z = mbe_v3_zero();
    if (use_z)
      st = mbe_mech_der3(m, w, &z);
    sig_scalars(m, n, "w_rel_b", w);
    if (use_z)
      sig_scalars(m, n, "z_rel_b", z);
  }
  return st;
}

// FreeMotionScalarInit: every scalar relative quantity, under each element's name, from the
// states of the edge its elements share; an element without such an edge in the tree outputs
// what its frames' motion gives
// d/dt of the angles' rate i of e: u' itself, or where the speeds are the angular velocity the
// derivative of J(angle)^-1 w along q' and u'
static MbeStatus angle_dd(MbeMech* m, const MbeMechEdge* e, int i, MbeSymId* out) {
  MbeSym* s = m->s;
  if (!e->rate_w) {
    *out = e->udot[3 + i];
    return MBE_OK;
  }
  MbeSymId acc = 0;
  for (int k = 0; k < 6; k++) {
    int leaf = k < 3 ? e->q0 + 3 + k : e->u0 + k;  // the angles, then the angular velocity
    MbeSymId d;
    MbeStatus st = mbe_sym_diff(s, e->qdot[3 + i], mbe_sym_state(s, leaf), &d, m->err);
    if (st != MBE_OK)
      return st;
    MbeSymId t = mbe_sym_mul(s, d, k < 3 ? e->qdot[3 + k] : e->udot[k]);
    acc = mbe_sym_add(s, acc, t);
  }
  *out = acc;
  return MBE_OK;
}

static MbeStatus scalar_init_signals(MbeMech* m, int c) {
  MbeSym* s = m->s;
  const MbeMechComp* comp = &m->comps[c];
  for (size_t k = 0; k < m->ntree; k++) {
    const MbeMechEdge* e = &m->edges[m->tree_edges[k]];
    if (!e->scalar_names || e->pa != m->frames[comp->frame_a].point ||
        e->pb != m->frames[comp->frame_b].point) {
      continue;
    }
    for (int i = 0; i < 3; i++) {
      const char* n = comp->name;
      mbe_mech_signal(m, mbe_arena_printf(m->arena, "%s.r_rel_a_%d", n, i + 1),
                      mbe_sym_state(s, e->q0 + i));
      mbe_mech_signal(m, mbe_arena_printf(m->arena, "%s.v_rel_a_%d", n, i + 1),
                      mbe_sym_state(s, e->u0 + i));
      mbe_mech_signal(m, mbe_arena_printf(m->arena, "%s.a_rel_a_%d", n, i + 1), e->udot[i]);
      mbe_mech_signal(m, mbe_arena_printf(m->arena, "%s.angle_%d", n, i + 1),
                      mbe_sym_state(s, e->q0 + 3 + i));
      mbe_mech_signal(m, mbe_arena_printf(m->arena, "%s.angle_d_%d", n, i + 1), e->qdot[3 + i]);
      // the MSL differentiates angle_d with Der blocks derdd[i]: their input is angle_d
      mbe_mech_signal(m, mbe_arena_printf(m->arena, "%s.derdd[%d].u", n, i + 1), e->qdot[3 + i]);
      MbeSymId dd;
      MbeStatus st = angle_dd(m, e, i, &dd);
      if (st != MBE_OK)
        return st;
      mbe_mech_signal(m, mbe_arena_printf(m->arena, "%s.angle_dd_%d", n, i + 1), dd);
      mbe_mech_signal(m, mbe_arena_printf(m->arena, "%s.w_rel_b_%d", n, i + 1), e->w_ab.e[i]);
    }
    return MBE_OK;
  }
  return scalar_init_outputs(m, c);
}

// whether the model gives var a start value of its own (a modifier from above: not its
// declaration's)
static bool start_given(MbeMech* m, const char* var) {
  int v = mbe_mech_var(m, var);
  if (v < 0)
    return false;
  const MbeVar* x = &m->flat->vars[v];
  const MbeBinding* b = &x->attr[MBE_ATTR_START];
  return b->expr != NULL && b->scope != x->inst;
}

// An element without use_angle constrains nothing; its r_rel_a_i start values are what the model
// gives for the frames' relative position where its initial conditions leave that open (the
// MSL's tools take them as the guesses). So a floating body at frame_b whose position is neither
// fixed nor given a start of its own starts at r_0 = r_a + R_a^T r_rel_a(start), and the
// initialization moves it from there.
static MbeStatus scalar_init_guess(MbeMech* m, int c) {
  const MbeMechComp* comp = &m->comps[c];
  if (mbe_mech_bool(m, c, "use_angle") || !mbe_mech_bool(m, c, "use_r"))
    return MBE_OK;
  int pa = mbe_mech_point_of(m, comp->frame_a), pb = mbe_mech_point_of(m, comp->frame_b);
  int k = pb >= 0 ? m->points[pb].parent_edge : -1;
  const MbeMechEdge* e = k >= 0 ? &m->edges[k] : NULL;
  if (e == NULL || e->type != MBE_EDGE_FLOAT || pa < 0)
    return MBE_OK;
  for (int i = 0; i < 3; i++) {
    if (mbe_mech_start_fixed(m, e->qname[0], i))
      return MBE_OK;
  }
  if (start_given(m, e->qname[0]))
    return MBE_OK;
  MbeSym* s = m->s;
  MbeV3 rel;
  for (int i = 0; i < 3; i++) {
    const char* v = mbe_arena_printf(m->arena, "%s.r_rel_a_%d", comp->name, i + 1);
    rel.e[i] = mbe_sym_const(s, mbe_mech_start_nominal(m, v, 0));
  }
  const MbeMechPoint* P = &m->points[pa];
  MbeV3 r = mbe_v3_add(s, P->r0, mbe_m3_tmulv(s, P->R, rel));
  double v[3];
  bool oom = false;
  mbe_sym_eval_nodes(s, m->sys->t0, m->x0, m->p0, r.e, 3, v, &oom);
  for (int i = 0; i < 3 && !oom; i++) {
    m->x0[e->q0 + i] = v[i];
    m->x0sym[e->q0 + i] = mbe_sym_const(s, v[i]);
  }
  return oom || s->is_oom ? mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory") : MBE_OK;
}

const MbeMechClass mbe_mc_scalar_init = {.role = MBE_ROLE_JOINT,
                                         .build = scalar_init_build,
                                         .build_all = scalar_init_edges,
                                         .guess = scalar_init_guess,
                                         .outputs = scalar_init_signals};
