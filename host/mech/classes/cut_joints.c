// SPDX-License-Identifier: Apache-2.0
// The MSL's loop-closing joints, always cut: RevolutePlanarLoopConstraint (the two positional
// constraints of a revolute joint in a planar loop: frame_b's origin in frame_a's axis line) and
// Joints.Constraints (Revolute, Prismatic, Spherical, Universal: the rotational constraints of
// their joint, and the translations along frame_a's axes that x/y/z_locked lock).
#include "mech_internal.h"

static MbeStatus cut_build(MbeMech* m, int c) {
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
  if ((st = mbe_mech_loop_frames(m, c, "n", &e, &f)) != MBE_OK)
    return st;
  rows[0] = mbe_mech_cut_along(m, f.d, f.ex_a);
  rows[1] = mbe_mech_cut_along(m, f.d, f.ey_a);
  *nrows = 2;
  return MBE_OK;
}

const MbeMechClass mbe_mc_planar_loop_constraint = {
    .role = MBE_ROLE_CUT_JOINT, .build = cut_build, .constraints = planar_loop_constraints};

static MbeStatus constraint_rows(MbeMech* m, int c, MbeMechCutRow* rows, int* nrows) {
  MbeSym* s = m->s;
  const MbeMechComp* comp = &m->comps[c];
  MbeMechKind k = comp->kind;
  MbeStatus st = MBE_OK;
  MbeV3 e = {{0, 0, 0}};
  const char* axis = k == MBE_MC_CONSTRAINT_REVOLUTE   ? "n"
                     : k == MBE_MC_CONSTRAINT_UNIVERSAL ? "n_a"
                                                        : NULL;
  if (axis != NULL) {
    MbeV3 n = mbe_mech_pv3(m, c, axis, &st);
    e = mbe_v3_normalize(s, n);
  } else {
    e.e[2] = mbe_sym_const(s, 1.0);  // any axis: the frames' own x, y, z below
  }
  if (st != MBE_OK)
    return st;
  MbeLoopFrames f;
  if ((st = mbe_mech_loop_frames(m, c, axis, &e, &f)) != MBE_OK)
    return st;
  const MbeMechPoint* A = &m->points[m->frames[comp->frame_a].point];
  const MbeMechPoint* B = &m->points[m->frames[comp->frame_b].point];
  int n = 0;
  static const char* const locked[3] = {"x_locked", "y_locked", "z_locked"};
  for (int i = 0; i < 3; i++) {
    if (!mbe_mech_bool(m, c, locked[i]))
      continue;
    MbeV3 ax = mbe_m3_col(mbe_m3_transpose(A->R), i);  // frame_a's axis i, world
    rows[n++] = mbe_mech_cut_along(m, f.d, ax);
  }
  if (k == MBE_MC_CONSTRAINT_REVOLUTE) {
    rows[n++] = mbe_mech_cut_angle(m, f.ex_a, f.n_b, 0);
    rows[n++] = mbe_mech_cut_angle(m, f.ey_a, f.n_b, 0);
  } else if (k == MBE_MC_CONSTRAINT_PRISMATIC) {
    MbeV3 xa = mbe_m3_col(mbe_m3_transpose(A->R), 0), ya = mbe_m3_col(mbe_m3_transpose(A->R), 1);
    MbeV3 za = mbe_m3_col(mbe_m3_transpose(A->R), 2), xb = mbe_m3_col(mbe_m3_transpose(B->R), 0);
    MbeV3 yb = mbe_m3_col(mbe_m3_transpose(B->R), 1), zb = mbe_m3_col(mbe_m3_transpose(B->R), 2);
    rows[n++] = mbe_mech_cut_angle(m, xa, yb, 0);
    rows[n++] = mbe_mech_cut_angle(m, ya, zb, 0);
    rows[n++] = mbe_mech_cut_angle(m, za, xb, 0);
  } else if (k == MBE_MC_CONSTRAINT_UNIVERSAL) {
    MbeV3 nb = mbe_mech_pv3(m, c, "n_b", &st);
    if (st != MBE_OK)
      return st;
    MbeV3 ub = mbe_v3_normalize(s, nb);
    MbeV3 wa = mbe_m3_tmulv(s, A->R, e), wb = mbe_m3_tmulv(s, B->R, ub);
    rows[n++] = mbe_mech_cut_angle(m, wa, wb, mbe_v3_dot(s, e, ub));
  }
  *nrows = n;
  return MBE_OK;
}

const MbeMechClass mbe_mc_constraint = {
    .role = MBE_ROLE_CUT_JOINT, .build = cut_build, .constraints = constraint_rows};
