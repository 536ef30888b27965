// SPDX-License-Identifier: Apache-2.0
// MultiBody.Joints.Assemblies.JointUPS: no constraint between frame_a and frame_b; frame_ia and
// frame_ib follow the axis between them (their kinematics and the loads of bodies there, in
// Kane's form, are in mech_eom.c); the axis flange carries the force along the axis.
#include "mech_internal.h"

static MbeStatus ups_build(MbeMech* m, int c) {
  const MbeMechComp* comp = &m->comps[c];
  int pa = mbe_mech_point_of(m, comp->frame_a), pb = mbe_mech_point_of(m, comp->frame_b);
  if (pa < 0 || pb < 0) {
    return mbe_mech_error(m, MBE_ERR_MODEL, c, "frame_a and frame_b must both be connected");
  }
  const char* sides[2] = {"frame_ia", "frame_ib"};
  for (int k = 0; k < 2; k++) {
    int p = mbe_mech_point_of(m, mbe_mech_comp_frame(m, c, sides[k]));
    if (p < 0)
      continue;
    if (p == pa || p == pb || m->points[p].derived_ups >= 0) {
      return mbe_mech_error(m, MBE_ERR_UNSUPPORTED, c,
                            "%s is connected to frame_a, frame_b or another JointUPS frame; "
                            "not supported yet",
                            sides[k]);
    }
    m->points[p].derived_ups = c;
  }
  return MBE_OK;
}

// axis.s = axis length - s_offset, bearing.s = 0: a prismatic along the axis
static MbeStatus ups_axes(MbeMech* m, int c) {
  MbeSym* s = m->s;
  MbeStatus st = MBE_OK;
  const MbeMechComp* comp = &m->comps[c];
  MbeMechUps* u = &m->ups[c];
  MbeSymId off = mbe_mech_param(m, c, "s_offset", &st);
  MbeMechPoint* A = &m->points[m->frames[comp->frame_a].point];
  MbeMechPoint* B = &m->points[m->frames[comp->frame_b].point];
  MbeV3 va = mbe_m3_tmulv(s, A->R, A->v), vb = mbe_m3_tmulv(s, B->R, B->v);
  MbeV3 dv = mbe_v3_sub(s, vb, va);
  MbeSymId Ld = mbe_v3_dot(s, u->e0, dv);
  MbeSymId pos[2] = {mbe_sym_sub(s, u->L, off), 0}, vel[2] = {Ld, 0};
  MbeStatus sl = mbe_mech_line_sets(m, c, pos, vel);
  return st != MBE_OK ? st : sl;
}

// the axis force f = axis.f (zero with the axis unconnected)
static void ups_loaded(MbeMech* m, int c) {
  int sa = mbe_mech_set_of(m, m->comps[c].flange[0]);
  m->ups[c].f = sa >= 0 && m->sets[sa].nflanges > 1 ? m->sets[sa].load : 0;
}

// the axis force; the loads at frame_ia/ib enter the equations in Kane's form
static MbeStatus ups_forces(MbeMech* m, int c) {
  MbeMechComp* comp = &m->comps[c];
  MbeMechUps* u = &m->ups[c];
  MbeV3 fe = mbe_v3_scale(m->s, u->f, u->e0);
  MbeV3 fa = mbe_m3_mulv(m->s, mbe_mech_frame_point(m, comp->frame_a)->R, fe);
  MbeV3 fb0 = mbe_m3_mulv(m->s, mbe_mech_frame_point(m, comp->frame_b)->R, fe);
  mbe_mech_set_wrench(m, comp->frame_a, mbe_v3_zero(), fa);
  mbe_mech_set_wrench(m, comp->frame_b, mbe_v3_zero(), mbe_v3_neg(m->s, fb0));
  return MBE_OK;
}

const MbeMechClass mbe_mc_joint_ups = {.role = MBE_ROLE_JOINT,
                                       .flange = {"axis", "bearing"},
                                       .build = ups_build,
                                       .axes = ups_axes,
                                       .loaded = ups_loaded,
                                       .forces = ups_forces};
