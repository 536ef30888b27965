// SPDX-License-Identifier: Apache-2.0
// The MSL's loop-closing joints, always cut: RevolutePlanarLoopConstraint (the two positional
// constraints of a revolute joint in a planar loop: frame_b's origin in frame_a's axis line).
#include "mech_internal.h"

static MbeStatus planar_loop_build(MbeMech* m, int c) {
  const MbeMechComp* comp = &m->comps[c];
  if (comp->frame_a < 0 || comp->frame_b < 0) {
    return mbe_mech_error(m, MBE_ERR_MODEL, c, "frame_a and frame_b must both be connected");
  }
  m->comps[c].cut = true;
  return MBE_OK;
}

// 0 = ex_a . r_rel_a, 0 = ey_a . r_rel_a
static MbeStatus planar_loop_constraints(MbeMech* m, int c, MbeMechCutRow* rows, int* nrows) {
  MbeStatus st = MBE_OK;
  MbeV3 n = mbe_mech_pv3(m, c, "n", &st);
  if (st != MBE_OK)
    return st;
  MbeV3 e = mbe_v3_normalize(m->s, n);
  MbeLoopFrames f;
  if ((st = mbe_mech_loop_frames(m, c, &e, &f)) != MBE_OK)
    return st;
  rows[0] = mbe_mech_cut_along(m, f.d, f.ex_a);
  rows[1] = mbe_mech_cut_along(m, f.d, f.ey_a);
  *nrows = 2;
  return MBE_OK;
}

const MbeMechClass mbe_mc_planar_loop_constraint = {
    .role = MBE_ROLE_CUT_JOINT, .build = planar_loop_build, .constraints = planar_loop_constraints};
