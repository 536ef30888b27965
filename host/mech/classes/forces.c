// SPDX-License-Identifier: Apache-2.0
// MultiBody.Forces.WorldForce, WorldTorque, WorldForceAndTorque, Force, Torque, ForceAndTorque:
// the wrench of their inputs at frame_b (and its reaction at frame_a), resolved as they say.
#include "mech_internal.h"

static MbeV3 input3(MbeMech* m, int comp, const char* name) {
  MbeV3 v;
  for (int i = 0; i < 3; i++) {
    v.e[i] = mbe_mech_input(m, comp, name, i);
  }
  return v;
}

// a vector given in the frame chosen by resolveInFrame, into frame `to`'s coordinates; world
// first. ab: ResolveInFrameAB numbering (world, frame_a, frame_b, frame_resolve), else
// ResolveInFrameB (world, frame_b, frame_resolve)
static MbeStatus resolve_into(MbeMech* m, int comp, MbeV3 v, int to, bool ab, MbeV3* out) {
  MbeSym* s = m->s;
  int rif;
  MbeStatus st = mbe_mech_int(m, comp, "resolveInFrame", 0, &rif);
  if (st != MBE_OK)
    return st;
  MbeMechComp* c = &m->comps[comp];
  int from;  // frame whose coordinates v is in, -1 world
  if (!ab)
    rif = rif == 1 ? 1 : rif + 1;
  switch (rif) {
    case 1: from = -1; break;
    case 2: from = c->frame_a; break;
    case 3: from = c->frame_b; break;
    default: from = c->frame_resolve; break;
  }
  if (rif == 4 && from < 0) {
    return mbe_mech_error(m, MBE_ERR_MODEL, comp,
                          "resolveInFrame = frame_resolve needs frame_resolve connected");
  }
  MbeV3 w = v;
  if (from >= 0) {
    w = mbe_m3_tmulv(s, mbe_mech_frame_point(m, from)->R, v);
  }
  *out = mbe_m3_mulv(s, mbe_mech_frame_point(m, to)->R, w);
  return MBE_OK;
}

static MbeStatus point_force(MbeMech* m, int c) {
  MbeSym* s = m->s;
  MbeMechComp* comp = &m->comps[c];
  MbeV3 zero = mbe_v3_zero(), f = zero, t = zero;
  MbeStatus st = MBE_OK;
  bool world = comp->kind == MBE_MC_WORLD_FORCE || comp->kind == MBE_MC_WORLD_TORQUE ||
               comp->kind == MBE_MC_WORLD_FORCE_AND_TORQUE;
  bool has_f = comp->kind != MBE_MC_WORLD_TORQUE && comp->kind != MBE_MC_TORQUE;
  bool has_t = comp->kind != MBE_MC_WORLD_FORCE && comp->kind != MBE_MC_FORCE;
  if (comp->frame_b < 0) {
    return mbe_mech_error(m, MBE_ERR_MODEL, c, "frame_b is not connected");
  }
  if (has_f) {
    MbeV3 in = input3(m, c, "force");
    st = resolve_into(m, c, in, comp->frame_b, !world, &f);
    f = mbe_v3_neg(s, f);
  }
  if (st == MBE_OK && has_t) {
    MbeV3 in = input3(m, c, "torque");
    st = resolve_into(m, c, in, comp->frame_b, !world, &t);
    t = mbe_v3_neg(s, t);
  }
  if (st != MBE_OK)
    return st;
  mbe_mech_set_wrench(m, comp->frame_b, t, f);
  mbe_mech_set_wrench(m, comp->frame_resolve, zero, zero);
  if (world) {
    return MBE_OK;
  }
  // frame_a: f_a = -T_a T_b^T f_b; t_a = -T_a T_b^T (t_b + r_rel_b x f_b)
  MbeMechPoint* A = mbe_mech_frame_point(m, comp->frame_a);
  MbeMechPoint* B = mbe_mech_frame_point(m, comp->frame_b);
  MbeV3 d = mbe_v3_sub(s, B->r0, A->r0);
  MbeV3 r_rel_b = mbe_m3_mulv(s, B->R, d);
  MbeV3 rxf = mbe_v3_cross(s, r_rel_b, f);
  MbeV3 tb = mbe_v3_add(s, t, rxf);
  MbeV3 fw = mbe_m3_tmulv(s, B->R, f);
  MbeV3 tw = mbe_m3_tmulv(s, B->R, tb);
  MbeV3 fa = mbe_m3_mulv(s, A->R, fw);
  MbeV3 ta = mbe_m3_mulv(s, A->R, tw);
  mbe_mech_set_wrench(m, comp->frame_a, mbe_v3_neg(s, ta), mbe_v3_neg(s, fa));
  return MBE_OK;
}

const MbeMechClass mbe_mc_point_force = {.role = MBE_ROLE_FORCE, .forces = point_force};
