// SPDX-License-Identifier: Apache-2.0
// MultiBody.Joints of the tree: Revolute, Prismatic (with their axis flanges), Cylindrical,
// Universal, Planar (chains of elementary edges through inner points), Spherical and FreeMotion
// (rotation edges, with states when enforced; otherwise the tree builder decides).
#include <string.h>

#include "mech_internal.h"

static MbeStatus both_frames(MbeMech* m, int c, int* pa, int* pb) {
  const MbeMechComp* comp = &m->comps[c];
  *pa = mbe_mech_point_of(m, comp->frame_a);
  *pb = mbe_mech_point_of(m, comp->frame_b);
  if (*pa < 0 || *pb < 0) {
    return mbe_mech_error(m, MBE_ERR_MODEL, c, "frame_a and frame_b must both be connected");
  }
  return MBE_OK;
}

// Revolute, Prismatic: one edge along n
static MbeStatus axis_joint_build(MbeMech* m, int c) {
  bool rev = m->comps[c].kind == MBE_MC_REVOLUTE;
  MbeV3 v;
  int pa, pb;
  MbeStatus st = mbe_mech_unit_axis(m, c, "n", &v);
  if (st != MBE_OK)
    return st;
  if ((st = both_frames(m, c, &pa, &pb)) != MBE_OK)
    return st;
  return mbe_mech_elementary(m, c, rev ? MBE_EDGE_REVOLUTE : MBE_EDGE_PRISMATIC, pa, pb, &v,
                             rev ? "phi" : "s", rev ? "w" : "v");
}

MbeStatus mbe_mech_axis_sets(MbeMech* m, int c, int edge, MbeSymId offset) {
  MbeMechComp* comp = &m->comps[c];
  int sa = mbe_mech_set_of(m, comp->flange[0]), sb = mbe_mech_set_of(m, comp->flange[1]);
  if (sa >= 0) {
    MbeMechFlangeSet* set = &m->sets[sa];
    if (set->edge >= 0 || set->is_ground) {
      return mbe_mech_error(m, MBE_ERR_UNSUPPORTED, c,
                            "its axis is connected to another joint axis or a fixed flange; "
                            "1-D couplings between joints are not supported yet");
    }
    MbeMechEdge* e = &m->edges[edge];
    MbeSymId q = mbe_sym_state(m->s, e->q0);
    set->edge = edge;
    set->pos = offset != 0 ? mbe_sym_sub(m->s, q, offset) : q;
    set->vel = mbe_sym_state(m->s, e->u0);
  }
  if (sb >= 0)
    m->sets[sb].is_ground = true;
  return MBE_OK;
}

// the axis flange is the joint's coordinate; the support is fixed to frame_a
static MbeStatus axis_joint_axes(MbeMech* m, int c) {
  return mbe_mech_axis_sets(m, c, m->comps[c].edge0, 0);
}

// Cylindrical: prismatic, then revolute, along n
static MbeStatus cylindrical_build(MbeMech* m, int c) {
  MbeV3 v;
  int pa = mbe_mech_point_of(m, m->comps[c].frame_a),
      pb = mbe_mech_point_of(m, m->comps[c].frame_b);
  MbeStatus st = mbe_mech_unit_axis(m, c, "n", &v);
  int mid = mbe_mech_new_point(m);
  if (st != MBE_OK)
    return st;
  if (mid < 0)
    return mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
  st = mbe_mech_elementary(m, c, MBE_EDGE_PRISMATIC, pa, mid, &v, "s", "v");
  if (st == MBE_OK)
    st = mbe_mech_elementary(m, c, MBE_EDGE_REVOLUTE, mid, pb, &v, "phi", "w");
  return st;
}

// Universal: revolute about n_a, then about n_b
static MbeStatus universal_build(MbeMech* m, int c) {
  MbeV3 v, w;
  int pa = mbe_mech_point_of(m, m->comps[c].frame_a),
      pb = mbe_mech_point_of(m, m->comps[c].frame_b);
  MbeStatus st = mbe_mech_unit_axis(m, c, "n_a", &v);
  if (st == MBE_OK)
    st = mbe_mech_unit_axis(m, c, "n_b", &w);
  int mid = mbe_mech_new_point(m);
  if (st != MBE_OK)
    return st;
  if (mid < 0)
    return mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
  st = mbe_mech_elementary(m, c, MBE_EDGE_REVOLUTE, pa, mid, &v, "phi_a", "w_a");
  if (st == MBE_OK)
    st = mbe_mech_elementary(m, c, MBE_EDGE_REVOLUTE, mid, pb, &w, "phi_b", "w_b");
  return st;
}

// Planar: prismatic along x, along y, revolute about n
static MbeStatus planar_build(MbeMech* m, int c) {
  int pa = mbe_mech_point_of(m, m->comps[c].frame_a),
      pb = mbe_mech_point_of(m, m->comps[c].frame_b);
  double n0[3], nx0[3];
  MbeV3 v;
  MbeStatus st = mbe_mech_unit_axis(m, c, "n", &v);
  MbeV3 nx = mbe_mech_pv3(m, c, "n_x", &st);
  if (st == MBE_OK)
    st = mbe_mech_nominal3(m, c, "n", n0);
  if (st == MBE_OK)
    st = mbe_mech_nominal3(m, c, "n_x", nx0);
  if (st != MBE_OK)
    return st;
  double t0[3] = {n0[1] * nx0[2] - n0[2] * nx0[1], n0[2] * nx0[0] - n0[0] * nx0[2],
                  n0[0] * nx0[1] - n0[1] * nx0[0]};
  if (!(t0[0] * t0[0] + t0[1] * t0[1] + t0[2] * t0[2] > 0)) {
    return mbe_mech_error(m, MBE_ERR_MODEL, c, "n_x must not be parallel to n");
  }
  // x axis: n_x projected into the plane, (n x n_x) x n; y axis: n x n_x
  MbeV3 t = mbe_v3_cross(m->s, v, nx);
  MbeV3 x = mbe_v3_cross(m->s, t, v);
  MbeV3 ex = mbe_v3_normalize(m->s, x);
  MbeV3 ey = mbe_v3_normalize(m->s, t);
  int m1 = mbe_mech_new_point(m), m2 = mbe_mech_new_point(m);
  if (m1 < 0 || m2 < 0)
    return mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
  st = mbe_mech_elementary(m, c, MBE_EDGE_PRISMATIC, pa, m1, &ex, "s_x", "v_x");
  if (st == MBE_OK)
    st = mbe_mech_elementary(m, c, MBE_EDGE_PRISMATIC, m1, m2, &ey, "s_y", "v_y");
  if (st == MBE_OK)
    st = mbe_mech_elementary(m, c, MBE_EDGE_REVOLUTE, m2, pb, &v, "phi", "w");
  return st;
}

// Spherical, FreeMotion: a rotation (and translation) edge; without enforceStates the tree
// builder decides (a spherical constraint; a free motion joins nothing)
static MbeStatus spherical_build(MbeMech* m, int c) {
  bool free = m->comps[c].kind == MBE_MC_FREE_MOTION;
  int pa, pb;
  MbeStatus st = both_frames(m, c, &pa, &pb);
  if (st != MBE_OK)
    return st;
  bool enforce = mbe_mech_bool(m, c, "enforceStates");
  if (!enforce && free) {
    return MBE_OK;  // no forces, no orientation relation: both sides need their own roots
  }
  MbeMechEdge* e = mbe_mech_new_edge(m, c, free ? MBE_EDGE_FREE : MBE_EDGE_ROTATION, pa, pb);
  if (e == NULL) {
    return mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
  }
  st = mbe_mech_rotation_kind(m, c, e);
  if (st != MBE_OK)
    return st;
  e->in_tree = false;
  e->body = enforce ? -2 : -1;  // -1: a spherical constraint, resolved by the tree builder
  const char* qn = e->use_q ? "Q" : "phi";
  const char* un = e->use_q ? (free ? "w_rel_b" : "w_rel") : "phi_d";
  if (free) {
    e->qname[0] = mbe_mech_cname(m, c, "r_rel_a");
    e->uname[0] = mbe_mech_cname(m, c, "v_rel_a");
    e->qname[1] = mbe_mech_cname(m, c, qn);
    e->uname[1] = mbe_mech_cname(m, c, un);
  } else {
    e->qname[0] = mbe_mech_cname(m, c, qn);
    e->uname[0] = mbe_mech_cname(m, c, un);
  }
  return MBE_OK;
}

static void joint_signals(MbeMech* m, int c) {
  MbeSym* s = m->s;
  const MbeMechComp* comp = &m->comps[c];
  for (int k = 0; k < comp->nedges; k++) {
    const MbeMechEdge* e = &m->edges[comp->edge0 + k];
    if (!e->in_tree || e->qname[0] == NULL)
      continue;
    if (e->type == MBE_EDGE_REVOLUTE || e->type == MBE_EDGE_PRISMATIC) {
      MbeSymId q = mbe_sym_state(s, e->q0), u = mbe_sym_state(s, e->u0);
      mbe_mech_signal(m, e->qname[0], q);
      mbe_mech_signal(m, e->uname[0], u);
      // the acceleration's name: a, or a_a/a_b (Universal), a_x/a_y, wd (Planar, Cylindrical)
      const char* qn = strrchr(e->qname[0], '.') + 1;
      const char* an = "a";
      if (strcmp(qn, "phi_a") == 0)
        an = "a_a";
      else if (strcmp(qn, "phi_b") == 0)
        an = "a_b";
      else if (strcmp(qn, "s_x") == 0)
        an = "a_x";
      else if (strcmp(qn, "s_y") == 0)
        an = "a_y";
      else if (strcmp(qn, "phi") == 0 && comp->kind != MBE_MC_REVOLUTE)
        an = "wd";
      mbe_mech_signal_at(m, comp->name, an, e->udot[0]);
      if (comp->kind == MBE_MC_REVOLUTE)
        mbe_mech_signal_at(m, comp->name, "angle", q);
      continue;
    }
    // spherical / free motion with states
    int rq = 0, ru = 0;
    if (e->type == MBE_EDGE_FREE) {
      MbeV3 r, v, a = {{e->udot[0], e->udot[1], e->udot[2]}};
      for (int i = 0; i < 3; i++) {  // one creating call per statement (sym.h)
        r.e[i] = mbe_sym_state(s, e->q0 + i);
        v.e[i] = mbe_sym_state(s, e->u0 + i);
      }
      mbe_mech_signal_v3(m, comp->name, "r_rel_a", r);
      mbe_mech_signal_v3(m, comp->name, "v_rel_a", v);
      mbe_mech_signal_v3(m, comp->name, "a_rel_a", a);
      rq = 3, ru = 3;
    }
    if (e->type != MBE_EDGE_FREE && e->type != MBE_EDGE_ROTATION)
      continue;
    const char* wn = e->type == MBE_EDGE_FREE ? "w_rel_b" : "w_rel";
    MbeSymId Q[4] = {0, 0, 0, mbe_sym_const(s, 1.0)}, phi[3] = {0, 0, 0}, phid[3] = {0, 0, 0},
             phidd[3] = {0, 0, 0};
    if (e->use_q) {
      for (int i = 0; i < 4; i++)
        Q[i] = mbe_sym_state(s, e->q0 + rq + i);
    } else {
      for (int i = 0; i < 3; i++) {
        phi[i] = mbe_sym_state(s, e->q0 + rq + i);
        phid[i] = mbe_sym_state(s, e->u0 + ru + i);
        phidd[i] = e->udot[ru + i];
      }
    }
    mbe_mech_signal_n(m, comp->name, "Q", Q, 4);
    mbe_mech_signal_n(m, comp->name, "phi", phi, 3);
    mbe_mech_signal_n(m, comp->name, "phi_d", phid, 3);
    mbe_mech_signal_n(m, comp->name, "phi_dd", phidd, 3);
    mbe_mech_signal_v3(m, comp->name, wn, e->w_ab);
  }
}

// cut in a loop: Revolute keeps the origins together and the axis common (5 rows), Prismatic the
// orientations equal and the origins on the axis (5 rows)
static MbeStatus axis_joint_constraints(MbeMech* m, int c, MbeMechCutRow* rows, int* nrows) {
  const MbeMechComp* comp = &m->comps[c];
  MbeLoopFrames f;
  MbeStatus st = mbe_mech_loop_frames(m, c, "n", &m->edges[comp->edge0].axis, &f);
  if (st != MBE_OK)
    return st;
  if (comp->kind == MBE_MC_REVOLUTE) {
    for (int i = 0; i < 3; i++)
      rows[i] = mbe_mech_cut_offset(m, f.d, i);
    rows[3] = mbe_mech_cut_angle(m, f.ex_a, f.n_b, 0);
    rows[4] = mbe_mech_cut_angle(m, f.ey_a, f.n_b, 0);
    *nrows = 5;
    return MBE_OK;
  }
  rows[0] = mbe_mech_cut_along(m, f.d, f.ex_a);
  rows[1] = mbe_mech_cut_along(m, f.d, f.ey_a);
  rows[2] = mbe_mech_cut_angle(m, f.ex_a, f.ey_b, 0);
  rows[3] = mbe_mech_cut_angle(m, f.ey_a, f.n_b, 0);
  rows[4] = mbe_mech_cut_angle(m, f.n_a, f.ex_b, 0);
  *nrows = 5;
  return MBE_OK;
}

// cut in a loop: the origins together (Spherical); and the axes n_a (frame_a) and n_b (frame_b)
// at their angle of the joint's zero position (Universal)
static MbeStatus point_joint_constraints(MbeMech* m, int c, MbeMechCutRow* rows, int* nrows) {
  MbeSym* s = m->s;
  const MbeMechComp* comp = &m->comps[c];
  const MbeMechPoint* A = &m->points[m->frames[comp->frame_a].point];
  const MbeMechPoint* B = &m->points[m->frames[comp->frame_b].point];
  MbeV3 d = mbe_v3_sub(s, B->r0, A->r0);
  for (int i = 0; i < 3; i++)
    rows[i] = mbe_mech_cut_offset(m, d, i);
  *nrows = 3;
  if (comp->kind != MBE_MC_UNIVERSAL)
    return MBE_OK;
  const MbeV3 na = m->edges[comp->edge0].axis, nb = m->edges[comp->edge0 + 1].axis;
  MbeV3 wa = mbe_m3_tmulv(s, A->R, na), wb = mbe_m3_tmulv(s, B->R, nb);
  rows[3] = mbe_mech_cut_angle(m, wa, wb, mbe_v3_dot(s, na, nb));
  *nrows = 4;
  return MBE_OK;
}

// a cut Revolute's or Prismatic's coordinate from its frames' motion: phi = atan2 of frame_b's
// ex seen in frame_a (in (-pi, pi]) or s along the axis, and their time derivatives
static MbeStatus cut_axis_signals(MbeMech* m, int c) {
  MbeSym* s = m->s;
  const MbeMechComp* comp = &m->comps[c];
  bool rev = comp->kind == MBE_MC_REVOLUTE;
  MbeLoopFrames f;
  MbeStatus st = mbe_mech_loop_frames(m, c, "n", &m->edges[comp->edge0].axis, &f);
  if (st != MBE_OK)
    return st;
  MbeSymId q;
  if (rev) {
    MbeSymId cs = mbe_v3_dot(s, f.ex_a, f.ex_b);
    MbeSymId sn = mbe_v3_dot(s, f.ey_a, f.ex_b);
    q = mbe_sym_op(s, MBE_SYM_ATAN2, sn, cs, 0);
  } else {
    q = mbe_v3_dot(s, f.d, f.n_a);
  }
  MbeSymId u = 0, a = 0;
  st = mbe_mech_der(m, q, &u);
  if (st == MBE_OK)
    st = mbe_mech_der(m, u, &a);
  if (st != MBE_OK)
    return st;
  mbe_mech_signal_at(m, comp->name, rev ? "phi" : "s", q);
  mbe_mech_signal_at(m, comp->name, rev ? "w" : "v", u);
  mbe_mech_signal_at(m, comp->name, "a", a);
  if (rev)
    mbe_mech_signal_at(m, comp->name, "angle", q);
  return MBE_OK;
}

static MbeStatus joint_outputs(MbeMech* m, int c) {
  const MbeMechComp* comp = &m->comps[c];
  if (comp->cut && (comp->kind == MBE_MC_REVOLUTE || comp->kind == MBE_MC_PRISMATIC))
    return cut_axis_signals(m, c);
  joint_signals(m, c);
  return MBE_OK;
}

const MbeMechClass mbe_mc_axis_joint = {.role = MBE_ROLE_JOINT,
                                        .flange = {"axis", "support"},
                                        .build = axis_joint_build,
                                        .axes = axis_joint_axes,
                                        .constraints = axis_joint_constraints,
                                        .outputs = joint_outputs};
const MbeMechClass mbe_mc_cylindrical = {
    .role = MBE_ROLE_JOINT, .build = cylindrical_build, .outputs = joint_outputs};
const MbeMechClass mbe_mc_universal = {.role = MBE_ROLE_JOINT,
                                       .build = universal_build,
                                       .constraints = point_joint_constraints,
                                       .outputs = joint_outputs};
const MbeMechClass mbe_mc_planar = {
    .role = MBE_ROLE_JOINT, .build = planar_build, .outputs = joint_outputs};
const MbeMechClass mbe_mc_spherical = {.role = MBE_ROLE_JOINT,
                                       .build = spherical_build,
                                       .constraints = point_joint_constraints,
                                       .outputs = joint_outputs};
// FreeMotion without enforceStates constrains nothing and has no coordinates of its own: its
// variables follow the motion of its frames (r_rel_a = resolve2(R_a, r_b - r_a), phi the angles
// of R_rel = R_b R_a^T about sequence_angleStates, w_rel_b = w_b - R_rel w_a, and their time
// derivatives)
static MbeStatus free_motion_outputs(MbeMech* m, int c) {
  const MbeMechComp* comp = &m->comps[c];
  if (comp->nedges > 0)
    return joint_outputs(m, c);
  MbeSym* s = m->s;
  const MbeMechPoint* A = &m->points[m->frames[comp->frame_a].point];
  const MbeMechPoint* B = &m->points[m->frames[comp->frame_b].point];
  MbeV3 d = mbe_v3_sub(s, B->r0, A->r0);
  MbeV3 r = mbe_m3_mulv(s, A->R, d), v, a, phid, phidd, z;
  MbeM3 Rrel = mbe_m3_mul(s, B->R, mbe_m3_transpose(A->R));
  MbeV3 wa = mbe_m3_mulv(s, Rrel, A->w);
  MbeV3 w = mbe_v3_sub(s, B->w, wa);
  int seq[3];
  MbeStatus st = MBE_OK;
  for (int i = 0; i < 3 && st == MBE_OK; i++)
    st = mbe_mech_int(m, c, "sequence_angleStates", i, &seq[i]);
  MbeSymId ang[3];
  mbe_m3_axes_angles(s, Rrel, seq, mbe_sym_const(s, 0.0), ang);
  MbeV3 phi = {{ang[0], ang[1], ang[2]}};
  if (st == MBE_OK)
    st = mbe_mech_der3(m, r, &v);
  if (st == MBE_OK)
    st = mbe_mech_der3(m, v, &a);
  if (st == MBE_OK)
    st = mbe_mech_der3(m, phi, &phid);
  if (st == MBE_OK)
    st = mbe_mech_der3(m, phid, &phidd);
  if (st == MBE_OK)
    st = mbe_mech_der3(m, w, &z);
  if (st != MBE_OK)
    return st;
  mbe_mech_signal_v3(m, comp->name, "r_rel_a", r);
  mbe_mech_signal_v3(m, comp->name, "v_rel_a", v);
  mbe_mech_signal_v3(m, comp->name, "a_rel_a", a);
  mbe_mech_signal_v3(m, comp->name, "phi", phi);
  mbe_mech_signal_v3(m, comp->name, "phi_d", phid);
  mbe_mech_signal_v3(m, comp->name, "phi_dd", phidd);
  mbe_mech_signal_v3(m, comp->name, "w_rel_b", w);
  mbe_mech_signal_v3(m, comp->name, "z_rel_b", z);
  return MBE_OK;
}

const MbeMechClass mbe_mc_free_motion = {
    .role = MBE_ROLE_JOINT, .build = spherical_build, .outputs = free_motion_outputs};
