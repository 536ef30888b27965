// SPDX-License-Identifier: Apache-2.0
// Joints.RollingWheel: an ideal wheel rolling on the plane z = 0 (the MSL's, frame_a in the
// wheel's centre, its y axis the wheel's axis). Its constraints are embedded, so the states are
// minimal: an edge from the ground (MBE_EDGE_ROLLING) whose positions are x, y and the angles
// (about z, y, x: sequence {3,2,1}) and whose speeds are the angles' rates. The rest follows:
//   e_axis = R^T {0,1,0}, e_long = (e_n x e_axis) / |e_n x e_axis|, e_n = {0,0,1},
//   delta = radius (e_long x e_axis)          (centre to contact point: the MSL's three position
//                                               equations)
//   z = -delta_z                               (the contact on the ground: holonomic)
//   v_0 = -(w_0 x delta) = delta x w_0         (the contact point does not slip: the two
//                                               non-holonomic constraints, and the normal one
//                                               that z gives)
// so x' and y' are v_0's first two components. The tree's equations with these motion columns
// are Kane's for the non-holonomic system; the contact force is frame_a's cut force (f_n, f_lat,
// f_long along e_n, e_lat = e_long x e_n, e_long). A wheel in a loop is refused (the loop's
// Newton moves positions along the speeds, and x, y are none's).
#include <string.h>

#include "mech_internal.h"

// e_axis, e_long and delta (world) of a rolling edge at rotation R (world -> wheel)
static void contact(MbeMech* m, const MbeMechEdge* e, MbeM3 R, MbeV3* axis, MbeV3* along,
                    MbeV3* delta) {
  MbeSym* s = m->s;
  MbeV3 ey = mbe_v3_const(s, (const double[3]){0, 1, 0});
  MbeV3 en = mbe_v3_const(s, (const double[3]){0, 0, 1});
  *axis = mbe_m3_tmulv(s, R, ey);
  *along = mbe_v3_normalize(s, mbe_v3_cross(s, en, *axis));
  *delta = mbe_v3_scale(s, e->radius, mbe_v3_cross(s, *along, *axis));
}

void mbe_mech_rolling_setup(MbeMech* m, MbeMechEdge* e, MbeM3* R, MbeV3* r, MbeV3* w, MbeV3* v) {
  MbeSym* s = m->s;
  MbeSymId a[3], ad[3];
  for (int i = 0; i < 3; i++) {
    a[i] = mbe_sym_state(s, e->q0 + 2 + i);
    ad[i] = mbe_sym_state(s, e->u0 + i);
  }
  *R = mbe_m3_axes(s, e->seq, a);
  *w = mbe_m3_mulv(s, mbe_m3_axes_jacobian(s, e->seq, a), (MbeV3){{ad[0], ad[1], ad[2]}});
  MbeV3 axis, along, delta;
  contact(m, e, *R, &axis, &along, &delta);
  *r = (MbeV3){{mbe_sym_state(s, e->q0), mbe_sym_state(s, e->q0 + 1), mbe_sym_neg(s, delta.e[2])}};
  MbeV3 w0 = mbe_m3_tmulv(s, *R, *w);
  *v = mbe_v3_cross(s, delta, w0);
  e->qdot[0] = v->e[0], e->qdot[1] = v->e[1];
  for (int i = 0; i < 3; i++)
    e->qdot[2 + i] = ad[i];
}

const char* mbe_mech_rolling_var(MbeMech* m, const MbeMechEdge* e, int k, bool is_u, int* elem) {
  const char* name = m->comps[e->comp].name;
  *elem = is_u ? k : k < 2 ? -1 : k - 2;
  const char* v = is_u ? "der_angles" : k == 0 ? "x" : k == 1 ? "y" : "angles";
  return mbe_arena_printf(m->arena, "%s.%s", name, v);
}

static MbeStatus rolling_build(MbeMech* m, int c) {
  const MbeMechComp* comp = &m->comps[c];
  int pb = mbe_mech_point_of(m, comp->frame_a);
  if (pb < 0)
    return mbe_mech_error(m, MBE_ERR_MODEL, c, "frame_a is not connected");
  MbeStatus st = MBE_OK;
  MbeSymId radius = mbe_mech_param(m, c, "radius", &st);
  MbeMechEdge* e = st == MBE_OK ? mbe_mech_new_edge(m, c, MBE_EDGE_ROLLING, -1, pb) : NULL;
  if (st != MBE_OK)
    return st;
  if (e == NULL)
    return mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
  e->radius = radius;
  e->seq[0] = 3, e->seq[1] = 2, e->seq[2] = 1;
  e->use_q = false;
  e->rate_w = false;
  return MBE_OK;
}

// z, the contact point and force (along e_n, e_lat, e_long), err (0: the contact holds exactly)
static MbeStatus rolling_outputs(MbeMech* m, int c) {
  MbeSym* s = m->s;
  const MbeMechComp* comp = &m->comps[c];
  const MbeMechEdge* e = &m->edges[comp->edge0];
  const MbeMechPoint* P = &m->points[e->child_point];
  MbeV3 axis, along, delta;
  contact(m, e, P->R, &axis, &along, &delta);
  MbeV3 en = mbe_v3_const(s, (const double[3]){0, 0, 1});
  MbeV3 lat = mbe_v3_cross(s, along, en);
  const MbeMechFrame* fa = &m->frames[comp->frame_a];
  MbeV3 f0 = mbe_v3_neg(s, mbe_m3_tmulv(s, P->R, fa->f));  // on the wheel, world
  mbe_mech_signal_at(m, comp->name, "z", P->r0.e[2]);
  mbe_mech_signal_v3(m, comp->name, "r_road_0", mbe_v3_add(s, P->r0, delta));
  mbe_mech_signal_v3(m, comp->name, "f_wheel_0", f0);
  mbe_mech_signal_at(m, comp->name, "f_n", mbe_v3_dot(s, f0, en));
  mbe_mech_signal_at(m, comp->name, "f_lat", mbe_v3_dot(s, f0, lat));
  mbe_mech_signal_at(m, comp->name, "f_long", mbe_v3_dot(s, f0, along));
  mbe_mech_signal_at(m, comp->name, "err", mbe_sym_sub(s, mbe_v3_norm(s, delta), e->radius));
  return MBE_OK;
}

const MbeMechClass mbe_mc_rolling_wheel = {
    .role = MBE_ROLE_JOINT, .build = rolling_build, .outputs = rolling_outputs};
