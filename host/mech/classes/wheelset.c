// SPDX-License-Identifier: Apache-2.0
// Joints.RollingWheelSet: two wheels of radius r on one axle (track T), rolling on z = 0 and
// staying vertical (the MSL's: frameMiddle turned by phi about z at (x, y, r), the wheels'
// frame1 and frame2 at {0, T/2, 0} and {0, -T/2, 0} from it, turned by theta1 and theta2 about
// its y axis). The MSL closes it with three rolling conditions (no slip along either wheel,
// none across wheel 1: RollingConstraintVerticalWheel); here they are embedded, so the states
// are minimal: an edge from the ground to frameMiddle (MBE_EDGE_WHEELSET) whose positions are
// x, y, phi, theta1, theta2 and whose speeds are der_theta1 and der_theta2. With
// c = cos(phi), s = sin(phi), the conditions give
//   V = r (theta1' + theta2') / 2      (the axle's speed along {c, s, 0})
//   phi' = r (theta2' - theta1') / T
//   x' = c V, y' = s V
// frame1 and frame2 are derived points (their bodies enter in Kane's form, mech_eom.c): their
// turn about the axle is the edge's own speed. axis1 and axis2 are the wheels' angles; support
// is fixed in frameMiddle (a torque between an axis and the support is a generalized force on
// that wheel's speed alone; the MSL's support is the same mounting).
#include "mech_internal.h"

void mbe_mech_wheelset_setup(MbeMech* m, MbeMechEdge* e, MbeM3* R, MbeV3* r, MbeV3* w, MbeV3* v) {
  MbeSym* s = m->s;
  MbeSymId phi = mbe_sym_state(s, e->q0 + 2);
  MbeSymId u1 = mbe_sym_state(s, e->u0), u2 = mbe_sym_state(s, e->u0 + 1);
  MbeSymId half = mbe_sym_const(s, 0.5);
  MbeSymId V = mbe_sym_mul(s, mbe_sym_mul(s, half, e->radius), mbe_sym_add(s, u1, u2));
  MbeSymId rate = mbe_sym_div(s, mbe_sym_mul(s, e->radius, mbe_sym_sub(s, u2, u1)), e->track);
  MbeV3 ez = mbe_v3_const(s, (const double[3]){0, 0, 1});
  *R = mbe_m3_planar(s, ez, phi);
  *r = (MbeV3){{mbe_sym_state(s, e->q0), mbe_sym_state(s, e->q0 + 1), e->radius}};
  *w = mbe_v3_scale(s, rate, ez);
  MbeSymId vx = mbe_sym_mul(s, mbe_sym_fn(s, MBE_SYM_COS, phi), V);
  MbeSymId vy = mbe_sym_mul(s, mbe_sym_fn(s, MBE_SYM_SIN, phi), V);
  *v = (MbeV3){{vx, vy, mbe_sym_const(s, 0.0)}};
  e->qdot[0] = vx, e->qdot[1] = vy, e->qdot[2] = rate;
  e->qdot[3] = u1, e->qdot[4] = u2;
}

const char* mbe_mech_wheelset_var(MbeMech* m, const MbeMechEdge* e, int k, bool is_u) {
  static const char* const q[5] = {"x", "y", "phi", "theta1", "theta2"};
  static const char* const u[2] = {"der_theta1", "der_theta2"};
  return mbe_arena_printf(m->arena, "%s.%s", m->comps[e->comp].name, is_u ? u[k] : q[k]);
}

// frame1 and frame2 (k 0, 1): where the wheels are, from frameMiddle's point M and the edge's
// states (mech_eom.c, after the tree's kinematics)
void mbe_mech_wheelset_frames(MbeMech* m, int c) {
  MbeSym* s = m->s;
  const MbeMechComp* comp = &m->comps[c];
  const MbeMechEdge* e = &m->edges[comp->edge0];
  const MbeMechPoint* M = &m->points[e->child_point];
  MbeV3 ey = mbe_v3_const(s, (const double[3]){0, 1, 0});
  MbeSymId half = mbe_sym_mul(s, mbe_sym_const(s, 0.5), e->track);
  const char* names[2] = {"frame1", "frame2"};
  for (int k = 0; k < 2; k++) {
    int f = mbe_mech_comp_frame(m, c, names[k]);
    if (f < 0)
      continue;
    MbeV3 off = mbe_v3_scale(s, k == 0 ? half : mbe_sym_neg(s, half), ey);
    MbeM3 Ry = mbe_m3_planar(s, ey, mbe_sym_state(s, e->q0 + 3 + k));
    MbeMechPoint* P = &m->points[m->frames[f].point];
    P->R = mbe_m3_mul(s, Ry, M->R);
    P->r0 = mbe_v3_add(s, M->r0, mbe_m3_tmulv(s, M->R, off));
    MbeV3 w = mbe_m3_mulv(s, Ry, M->w);
    P->w = mbe_v3_add(s, w, mbe_v3_scale(s, mbe_sym_state(s, e->u0 + k), ey));
    MbeV3 v = mbe_v3_add(s, M->v, mbe_v3_cross(s, M->w, off));
    P->v = mbe_m3_mulv(s, Ry, v);
  }
}

static MbeStatus wheelset_build(MbeMech* m, int c) {
  int fm = mbe_mech_comp_frame(m, c, "frameMiddle");
  int pm = fm >= 0 ? m->frames[fm].point : -1;
  if (pm < 0)
    return mbe_mech_error(m, MBE_ERR_MODEL, c, "frameMiddle is not connected");
  const char* names[2] = {"frame1", "frame2"};
  for (int k = 0; k < 2; k++) {
    int f = mbe_mech_comp_frame(m, c, names[k]);
    int p = f >= 0 ? m->frames[f].point : -1;
    if (p < 0)
      continue;
    if (p == pm || m->points[p].derived_ups >= 0) {
      return mbe_mech_error(m, MBE_ERR_MODEL, c,
                            "%s is joined to frameMiddle or to another wheel: a wheel turns "
                            "by itself",
                            names[k]);
    }
    m->points[p].derived_ups = c;
  }
  MbeStatus st = MBE_OK;
  MbeSymId radius = mbe_mech_param(m, c, "radius", &st);
  MbeSymId track = mbe_mech_param(m, c, "track", &st);
  MbeMechEdge* e = st == MBE_OK ? mbe_mech_new_edge(m, c, MBE_EDGE_WHEELSET, -1, pm) : NULL;
  if (st != MBE_OK)
    return st;
  if (e == NULL)
    return mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
  e->radius = radius;
  e->track = track;
  e->use_q = false;
  return MBE_OK;
}

// axis1 and axis2 are the wheels' angles (the edge's speeds 0 and 1); support is fixed in
// frameMiddle
static MbeStatus wheelset_axes(MbeMech* m, int c) {
  MbeSym* s = m->s;
  const MbeMechComp* comp = &m->comps[c];
  const MbeMechEdge* e = &m->edges[comp->edge0];
  for (int k = 0; k < 2; k++) {
    int set = mbe_mech_set_of(m, comp->flange[k]);
    if (set < 0)
      continue;
    MbeMechFlangeSet* S = &m->sets[set];
    if (S->edge >= 0 || S->is_ground) {
      return mbe_mech_error(m, MBE_ERR_UNSUPPORTED, c,
                            "axis%d is connected to another joint axis or a fixed flange; 1-D "
                            "couplings between joints are not supported yet",
                            k + 1);
    }
    S->edge = comp->edge0;
    S->dof = k;
    S->pos = mbe_sym_state(s, e->q0 + 3 + k);
    S->vel = mbe_sym_state(s, e->u0 + k);
  }
  int sp = mbe_mech_set_of(m, comp->flange[2]);
  if (sp >= 0) {
    m->sets[sp].is_ground = true;
    m->sets[sp].pos = mbe_sym_const(s, 0.0);
  }
  return MBE_OK;
}

// x, y, phi, theta1, theta2 and the speeds under the component's names; the axle's speed and
// turning rate
static MbeStatus wheelset_outputs(MbeMech* m, int c) {
  MbeSym* s = m->s;
  const MbeMechEdge* e = &m->edges[m->comps[c].edge0];
  for (int k = 0; k < 5; k++)
    mbe_mech_signal(m, mbe_mech_wheelset_var(m, e, k, false), mbe_sym_state(s, e->q0 + k));
  for (int k = 0; k < 2; k++)
    mbe_mech_signal(m, mbe_mech_wheelset_var(m, e, k, true), mbe_sym_state(s, e->u0 + k));
  return MBE_OK;
}

const MbeMechClass mbe_mc_rolling_wheel_set = {.role = MBE_ROLE_JOINT,
                                               .flange = {"axis1", "axis2", "support"},
                                               .build = wheelset_build,
                                               .axes = wheelset_axes,
                                               .outputs = wheelset_outputs};
