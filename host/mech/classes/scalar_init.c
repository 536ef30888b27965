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

// element c's coordinates become the states of e where e has none of that kind yet; angle_d
// rates are preferred to w_rel_b ones (they need no conversion)
static void scalar_join(MbeMech* m, MbeMechEdge* e, int c) {
  bool r = mbe_mech_bool(m, c, "use_r"), angle = mbe_mech_bool(m, c, "use_angle");
  if (r && e->fmsi_r < 0) {
    e->fmsi_r = c;
  }
  if (r && mbe_mech_bool(m, c, "use_v") && e->fmsi_v < 0) {
    e->fmsi_v = c;
  }
  if (angle && mbe_mech_bool(m, c, "use_angle_d") && (e->fmsi_rate < 0 || e->fmsi_w)) {
    e->fmsi_rate = c;
    e->fmsi_w = false;
  } else if (mbe_mech_bool(m, c, "use_w") && e->fmsi_rate < 0) {
    e->fmsi_rate = c;
    e->fmsi_w = true;
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
    e->fmsi_rate = e->fmsi_rate >= 0 ? e->fmsi_rate : e->fmsi_angle;
    e->qname[0] = mbe_arena_printf(m->arena, "%s.r_rel_a", rn);
    e->uname[0] = mbe_arena_printf(m->arena, "%s.v_rel_a", vn);
    e->qname[1] = mbe_arena_printf(m->arena, "%s.angle", an);
    e->uname[1] = mbe_arena_printf(m->arena, "%s.angle_d", dn);
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
      mbe_mech_signal(m, mbe_arena_printf(m->arena, "%s.angle_d_%d", n, i + 1),
                      mbe_sym_state(s, e->u0 + 3 + i));
      // the MSL differentiates angle_d with Der blocks derdd[i]: their input is angle_d
      mbe_mech_signal(m, mbe_arena_printf(m->arena, "%s.derdd[%d].u", n, i + 1),
                      mbe_sym_state(s, e->u0 + 3 + i));
      mbe_mech_signal(m, mbe_arena_printf(m->arena, "%s.angle_dd_%d", n, i + 1), e->udot[3 + i]);
      mbe_mech_signal(m, mbe_arena_printf(m->arena, "%s.w_rel_b_%d", n, i + 1), e->w_ab.e[i]);
    }
    return MBE_OK;
  }
  return scalar_init_outputs(m, c);
}

const MbeMechClass mbe_mc_scalar_init = {.role = MBE_ROLE_JOINT,
                                         .build = scalar_init_build,
                                         .build_all = scalar_init_edges,
                                         .outputs = scalar_init_signals};
