// SPDX-License-Identifier: Apache-2.0
// The MSL's loop-closing joints, always cut: RevolutePlanarLoopConstraint (the two positional
// constraints of a revolute joint in a planar loop: frame_b's origin in frame_a's axis line) and
// Joints.Constraints (Revolute, Prismatic, Spherical, Universal: the rotational constraints of
// their joint, and the translations along frame_a's axes that x/y/z_locked lock), and the rods
// SphericalSpherical (a point mass m in its middle) and UniversalSpherical (its frame_ia only
// for visualizers yet): one constraint, the distance of the frames' origins.
#include <string.h>

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
  const char* axis = k == MBE_MC_CONSTRAINT_REVOLUTE    ? "n"
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

MbeStatus mbe_mech_free_done(MbeMech* m, int c, const char* name) {
  if (m->free_done == NULL) {
    m->free_done = mbe_arena_alloc(m->arena, (m->flat->nvars + 1) * sizeof *m->free_done);
    if (m->free_done == NULL)
      return mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
    memset(m->free_done, 0, (m->flat->nvars + 1) * sizeof *m->free_done);
  }
  int v = mbe_mech_var(m, mbe_mech_cname(m, c, name));
  if (v >= 0)
    m->free_done[v] = true;
  return MBE_OK;
}

static MbeStatus rod_build(MbeMech* m, int c) {
  MbeStatus st = cut_build(m, c);
  // kinematicConstraint=false changes only how rRod_0 is written; the constraint is still
  // constraintResidue = 0, the rod's length unless a model rebinds it (the Assemblies do)
  int res = mbe_mech_var(m, mbe_mech_cname(m, c, "constraintResidue"));
  if (st == MBE_OK && !mbe_mech_bool(m, c, "kinematicConstraint") && res >= 0 &&
      m->flat->vars[res].is_modified) {
    return mbe_mech_error(m, MBE_ERR_UNSUPPORTED, c,
                          "kinematicConstraint=false with a constraintResidue of the model's own "
                          "(the rod force decided by another equation) is not supported yet");
  }
  // its rodLength (fixed=false where it is computed): the constraints decide it
  if (st == MBE_OK)
    st = mbe_mech_free_done(m, c, "rodLength");
  int ia = mbe_mech_comp_frame(m, c, "frame_ia");
  for (size_t f = 0; ia >= 0 && st == MBE_OK && f < m->nframes; f++) {
    int oc = m->frames[f].comp;
    if ((int)f == ia || m->frames[f].point != m->frames[ia].point || oc < 0)
      continue;
    if (mbe_mech_class(m->comps[oc].kind)->role != MBE_ROLE_VISUALIZER) {
      st = mbe_mech_error(m, MBE_ERR_UNSUPPORTED, oc,
                          "is attached to frame_ia of %s: only visualizers may hang there yet",
                          m->comps[c].name);
    }
  }
  if (ia >= 0)
    m->points[m->frames[ia].point].derived_ups = c;  // placed with the rod, not by the tree
  return st;
}

// |r_b - r_a|^2 = rodLength^2; with computeRodLength the length of the start (a placeholder
// until the start is known, mbe_mech_loops_close)
static MbeStatus rod_constraints(MbeMech* m, int c, MbeMechCutRow* rows, int* nrows) {
  MbeSym* s = m->s;
  const MbeMechComp* comp = &m->comps[c];
  const MbeMechPoint* A = &m->points[m->frames[comp->frame_a].point];
  const MbeMechPoint* B = &m->points[m->frames[comp->frame_b].point];
  MbeV3 d = mbe_v3_sub(s, B->r0, A->r0);
  MbeStatus st = MBE_OK;
  MbeSymId L2;
  if (mbe_mech_bool(m, c, "computeRodLength")) {
    L2 = m->rod_ph[c] = mbe_sym_param(s, MBE_MECH_LOOP_PH + c);
    m->rod_dd[c] = mbe_v3_dot(s, d, d);
  } else {
    MbeSymId L = comp->kind == MBE_MC_UNIVERSAL_SPHERICAL
                     ? mbe_v3_norm(s, mbe_mech_pv3(m, c, "rRod_ia", &st))
                     : mbe_mech_param(m, c, "rodLength", &st);
    L2 = mbe_sym_mul(s, L, L);
  }
  rows[0] = mbe_mech_cut_length(m, d, L2);
  m->rod_L2[c] = L2;
  *nrows = 1;
  return st;
}

// the matrix whose columns are a, b, c
static MbeM3 columns(MbeV3 a, MbeV3 b, MbeV3 c) {
  MbeM3 r;
  for (int i = 0; i < 3; i++) {
    r.e[3 * i] = a.e[i], r.e[3 * i + 1] = b.e[i], r.e[3 * i + 2] = c.e[i];
  }
  return r;
}

// a frame fixed to a rod from point pa to point pb as UniversalSpherical's frame_ia: at pa's
// origin, its rRod_ia (frame_ia coordinates) along the rod, its second axis along n1 x rod (n1
// in pa's coordinates); pose, velocity and angular velocity into P
static MbeStatus universal_frame(MbeMech* m, int pa, int pb, MbeV3 n1, MbeV3 rod, MbeMechPoint* P) {
  MbeSym* s = m->s;
  const MbeMechPoint* A = &m->points[pa];
  const MbeMechPoint* B = &m->points[pb];
  MbeV3 d = mbe_v3_sub(s, B->r0, A->r0);
  MbeV3 ea = mbe_v3_normalize(s, mbe_m3_mulv(s, A->R, d));
  MbeV3 e2a = mbe_v3_normalize(s, mbe_v3_cross(s, n1, ea));
  MbeV3 e3a = mbe_v3_cross(s, ea, e2a);
  MbeV3 ei = mbe_v3_normalize(s, rod);
  MbeV3 e2i = mbe_v3_normalize(s, mbe_v3_cross(s, n1, ei));
  MbeV3 e3i = mbe_v3_cross(s, ei, e2i);
  MbeM3 T = mbe_m3_mul(s, columns(ei, e2i, e3i), mbe_m3_transpose(columns(ea, e2a, e3a)));
  P->R = mbe_m3_mul(s, T, A->R);
  P->r0 = A->r0;
  P->v = mbe_m3_mulv(s, T, A->v);
  // w (frame_ia coordinates) from R' = -skew(w) R
  MbeM3 Rd;
  MbeStatus st = MBE_OK;
  for (int k = 0; k < 9 && st == MBE_OK; k++)
    st = mbe_mech_rate_q(m, P->R.e[k], &Rd.e[k]);
  MbeM3 W = mbe_m3_mul(s, Rd, mbe_m3_transpose(P->R));
  MbeV3 w = {{mbe_sym_neg(s, W.e[7]), mbe_sym_neg(s, W.e[2]), mbe_sym_neg(s, W.e[3])}};
  P->w = w;
  return st;
}

// UniversalSpherical's frame_ia, fixed to the rod as the MSL places it: at frame_a's origin,
// T_rel = [eRod_ia, e2_ia, e3_ia] [eRod_a, e2_a, e3_a]^T from frame_a, e2 along n1_a x eRod
static MbeStatus rod_frame_ia(MbeMech* m, int c, int ia) {
  const MbeMechComp* comp = &m->comps[c];
  MbeStatus st = MBE_OK;
  MbeV3 n1 = mbe_mech_pv3(m, c, "n1_a", &st);
  MbeV3 rod = mbe_mech_pv3(m, c, "rRod_ia", &st);
  if (st != MBE_OK)
    return st;
  return universal_frame(m, m->frames[comp->frame_a].point, m->frames[comp->frame_b].point, n1, rod,
                         &m->points[m->frames[ia].point]);
}

// SphericalSpherical: its mass m (where m > 0) a point in the middle of the rod
static MbeStatus rod_forces(MbeMech* m, int c) {
  const MbeMechComp* comp = &m->comps[c];
  int ia = mbe_mech_comp_frame(m, c, "frame_ia");
  if (ia >= 0) {
    MbeStatus st = rod_frame_ia(m, c, ia);
    if (st != MBE_OK)
      return st;
  }
  MbeV3 z = mbe_v3_zero();
  mbe_mech_set_wrench(m, comp->frame_a, z, z);
  mbe_mech_set_wrench(m, comp->frame_b, z, z);
  double mass = 0;
  MbeStatus st = MBE_OK;
  if (comp->kind != MBE_MC_SPHERICAL_SPHERICAL ||
      (st = mbe_mech_nominal(m, c, "m", 0, &mass)) != MBE_OK || !(mass > 0))
    return st;
  MbeSymId mp = mbe_mech_param(m, c, "m", &st);
  mbe_mech_rod_mass(m, c, mp, m->frames[comp->frame_a].point, m->frames[comp->frame_b].point);
  return st;
}

int mbe_mech_rod_mass(MbeMech* m, int c, MbeSymId mass, int pa, int pb) {
  MbeSym* s = m->s;
  MbeMechLineMass* lm = &m->lmass[m->nlmass];
  memset(lm, 0, sizeof *lm);
  lm->comp = c;
  lm->m = mass;
  lm->h = mbe_sym_const(s, 0.5);
  MbeV3 sum = mbe_v3_add(s, m->points[pa].r0, m->points[pb].r0);
  lm->r = mbe_v3_scale(s, lm->h, sum);
  return (int)m->nlmass++;
}

// f_rod (> 0 pressed) from the multiplier, the rod's vectors, its length
static MbeStatus rod_outputs(MbeMech* m, int c) {
  MbeSym* s = m->s;
  const MbeMechComp* comp = &m->comps[c];
  const MbeMechPoint* A = &m->points[m->frames[comp->frame_a].point];
  const MbeMechPoint* B = &m->points[m->frames[comp->frame_b].point];
  MbeV3 d = mbe_v3_sub(s, B->r0, A->r0);
  MbeSymId len = mbe_v3_norm(s, d);
  size_t r = 0;
  while (r < m->ncon && m->con_comp[r] != c)
    r++;
  MbeSymId two = mbe_sym_const(s, -2.0);
  MbeSymId l2 = mbe_sym_mul(s, two, len);
  mbe_mech_signal_at(m, comp->name, "f_rod", mbe_sym_mul(s, l2, m->con_lambda[r]));
  mbe_mech_signal_v3(m, comp->name, "rRod_0", d);
  MbeV3 da = mbe_m3_mulv(s, A->R, d);
  mbe_mech_signal_v3(m, comp->name, "rRod_a", da);
  mbe_mech_signal_v3(m, comp->name, "eRod_a",
                     mbe_v3_scale(s, mbe_sym_div(s, mbe_sym_const(s, 1.0), len), da));
  mbe_mech_signal_at(m, comp->name, "constraintResidue", m->con_phi[r]);
  mbe_mech_signal_at(m, comp->name, "rodLength", mbe_sym_fn(s, MBE_SYM_SQRT, m->rod_L2[c]));
  return MBE_OK;
}

const MbeMechClass mbe_mc_rod = {.role = MBE_ROLE_CUT_JOINT,
                                 .build = rod_build,
                                 .constraints = rod_constraints,
                                 .forces = rod_forces,
                                 .outputs = rod_outputs};
