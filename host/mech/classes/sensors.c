// SPDX-License-Identifier: Apache-2.0
// MultiBody.Sensors: the cut sensors (CutForce, CutTorque, CutForceAndTorque, Power: an identity
// branch whose cut wrench is the measurement) and the measuring ones (Absolute*, Relative*, Distance),
// which exert nothing.
#include <stdio.h>

#include "mech_internal.h"

// frame_b = frame_a: an identity branch whose cut wrench is the measurement
static MbeStatus cut_build(MbeMech* m, int c) {
  const MbeMechComp* comp = &m->comps[c];
  int pa = mbe_mech_point_of(m, comp->frame_a), pb = mbe_mech_point_of(m, comp->frame_b);
  if (pa < 0 || pb < 0) {
    return mbe_mech_error(m, MBE_ERR_MODEL, c, "frame_a and frame_b must both be connected");
  }
  MbeMechEdge* e = mbe_mech_new_edge(m, c, MBE_EDGE_RIGID, pa, pb);
  return e == NULL ? mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory") : MBE_OK;
}

static MbeStatus cut_forces(MbeMech* m, int c) {
  MbeV3 z = mbe_v3_zero();
  mbe_mech_set_wrench(m, m->comps[c].frame_resolve, z, z);
  return MBE_OK;
}

// measures only: zero cut wrenches
static MbeStatus sensor_forces(MbeMech* m, int c) {
  MbeV3 z = mbe_v3_zero();
  mbe_mech_set_wrench(m, m->comps[c].frame_a, z, z);
  mbe_mech_set_wrench(m, m->comps[c].frame_b, z, z);
  mbe_mech_set_wrench(m, m->comps[c].frame_resolve, z, z);
  return MBE_OK;
}

// the frame a sensor resolves in: value of resolveInFrame (or `param`) mapped to a frame index,
// -1 for world. ab: ResolveInFrameAB numbering, else ResolveInFrameA.
static MbeStatus sensor_frame(MbeMech* m, int c, const char* param, bool ab, int* frame) {
  int rif;
  MbeStatus st = mbe_mech_int(m, c, param, 0, &rif);
  if (st != MBE_OK)
    return st;
  const MbeMechComp* comp = &m->comps[c];
  if (!ab && rif == 3)
    rif = 4;
  *frame = rif == 1   ? -1
           : rif == 2 ? comp->frame_a
           : rif == 3 ? comp->frame_b
                      : comp->frame_resolve;
  if (rif != 1 && *frame < 0) {
    return mbe_mech_error(m, MBE_ERR_MODEL, c, "%s names a frame that is not connected", param);
  }
  return MBE_OK;
}

// a world vector in the coordinates of frame (-1: world)
static MbeV3 in_frame(MbeMech* m, MbeV3 v, int frame) {
  if (frame < 0)
    return v;
  return mbe_m3_mulv(m->s, m->points[m->frames[frame].point].R, v);
}

static MbeV3 to_world(MbeMech* m, MbeV3 v, int frame) {
  if (frame < 0)
    return v;
  return mbe_m3_tmulv(m->s, m->points[m->frames[frame].point].R, v);
}

// axesRotationsAngles of frame_a (absolute) or of frame_b relative to frame_a, as `angles`
static MbeStatus sensor_angles(MbeMech* m, int c, bool relative) {
  MbeSym* s = m->s;
  const MbeMechComp* comp = &m->comps[c];
  int seq[3];
  double guess;
  MbeStatus st = MBE_OK;
  for (int i = 0; i < 3 && st == MBE_OK; i++)
    st = mbe_mech_int(m, c, "sequence", i, &seq[i]);
  if (st == MBE_OK)
    st = mbe_mech_real(m, c, "guessAngle1", 0, &guess);
  if (st == MBE_OK && (comp->frame_a < 0 || (relative && comp->frame_b < 0)))
    st = mbe_mech_error(m, MBE_ERR_MODEL, c, "%s is not connected",
                        comp->frame_a < 0 ? "frame_a" : "frame_b");
  if (st != MBE_OK)
    return st;
  const MbeMechPoint* A = &m->points[m->frames[comp->frame_a].point];
  MbeM3 R = A->R;
  if (relative) {
    MbeM3 Rat = mbe_m3_transpose(A->R);
    R = mbe_m3_mul(s, m->points[m->frames[comp->frame_b].point].R, Rat);
  }
  MbeSymId ang[3];
  mbe_m3_axes_angles(s, R, seq, mbe_sym_const(s, guess), ang);
  mbe_mech_signal_v3(m, comp->name, "angles", (MbeV3){{ang[0], ang[1], ang[2]}});
  return MBE_OK;
}

static MbeStatus sensor_signals(MbeMech* m, int c) {
  MbeSym* s = m->s;
  const MbeMechComp* comp = &m->comps[c];
  MbeStatus st = MBE_OK;
  int F = -1;
  switch (comp->kind) {
    case MBE_MC_CUT_FORCE:
    case MBE_MC_CUT_TORQUE:
    case MBE_MC_CUT_FORCE_AND_TORQUE: {
      st = sensor_frame(m, c, "resolveInFrame", false, &F);
      if (st != MBE_OK)
        return st;
      const MbeMechFrame* fa = &m->frames[comp->frame_a];
      bool pos = mbe_mech_bool(m, c, "positiveSign");
      if (comp->kind != MBE_MC_CUT_TORQUE) {
        MbeV3 w = to_world(m, fa->f, comp->frame_a);
        MbeV3 v = in_frame(m, w, F);
        mbe_mech_signal_v3(m, comp->name, "force", pos ? v : mbe_v3_neg(s, v));
      }
      if (comp->kind != MBE_MC_CUT_FORCE) {
        MbeV3 w = to_world(m, fa->t, comp->frame_a);
        MbeV3 v = in_frame(m, w, F);
        mbe_mech_signal_v3(m, comp->name, "torque", pos ? v : mbe_v3_neg(s, v));
      }
      return MBE_OK;
    }
    case MBE_MC_POWER: {  // frame_a.f . v + frame_a.t . w, all in frame_a
      const MbeMechFrame* fa = &m->frames[comp->frame_a];
      const MbeMechPoint* P = &m->points[fa->point];
      MbeSymId p = mbe_sym_add(s, mbe_v3_dot(s, fa->f, P->v), mbe_v3_dot(s, fa->t, P->w));
      mbe_mech_signal_at(m, comp->name, "power", p);
      return MBE_OK;
    }
    case MBE_MC_DISTANCE: {
      // smooth(1, if L2 > s_small^2 then sqrt(L2) else L2/(2 s_small) (3 - L2/s_small^2))
      const MbeMechPoint* A = &m->points[m->frames[comp->frame_a].point];
      const MbeMechPoint* B = &m->points[m->frames[comp->frame_b].point];
      // s_small is an input with a default binding (not a parameter): a literal or 1e-10
      double small = 1e-10;
      char nm[512];
      snprintf(nm, sizeof nm, "%s.s_small", comp->name);
      int v = mbe_mech_var(m, nm);
      const MbeExpr* bx = v >= 0 ? m->flat->vars[v].binding.expr : NULL;
      if (bx != NULL && bx->kind == MBE_EX_NUMBER) {
        small = bx->num;
      } else if (bx != NULL && bx->kind == MBE_EX_UNARY && bx->args[0]->kind == MBE_EX_NUMBER) {
        small = -bx->args[0]->num;
      } else if (bx != NULL && m->flat->vars[v].is_modified) {
        return mbe_mech_error(m, MBE_ERR_UNSUPPORTED, c, "s_small must be a number");
      }
      MbeV3 r = mbe_v3_sub(s, B->r0, A->r0);
      MbeSymId L2 = mbe_v3_dot(s, r, r);
      MbeSymId root = mbe_sym_fn(s, MBE_SYM_SQRT, L2);
      MbeSymId s2 = mbe_sym_const(s, small * small);
      MbeSymId q = mbe_sym_div(s, L2, s2);
      MbeSymId three = mbe_sym_const(s, 3.0);
      MbeSymId t1 = mbe_sym_sub(s, three, q);
      MbeSymId k = mbe_sym_const(s, 1 / (2 * small));
      MbeSymId t2 = mbe_sym_mul(s, L2, k);
      MbeSymId near = mbe_sym_mul(s, t2, t1);
      MbeSymId gap = mbe_sym_sub(s, L2, s2);
      mbe_mech_signal_at(m, comp->name, "distance", mbe_sym_op(s, MBE_SYM_SELECT, gap, root, near));
      return MBE_OK;
    }
    case MBE_MC_ABSOLUTE_ANGLES: return sensor_angles(m, c, false);
    case MBE_MC_RELATIVE_ANGLES: return sensor_angles(m, c, true);
    default: break;
  }
  bool relative = comp->kind == MBE_MC_RELATIVE_SENSOR || comp->kind == MBE_MC_RELATIVE_POSITION ||
                  comp->kind == MBE_MC_RELATIVE_VELOCITY ||
                  comp->kind == MBE_MC_RELATIVE_ANGULAR_VELOCITY;
  bool all = comp->kind == MBE_MC_ABSOLUTE_SENSOR || comp->kind == MBE_MC_RELATIVE_SENSOR;
  bool get_r =
      all ? mbe_mech_bool(m, c, relative ? "get_r_rel" : "get_r")
          : comp->kind == MBE_MC_ABSOLUTE_POSITION || comp->kind == MBE_MC_RELATIVE_POSITION;
  bool get_v =
      all ? mbe_mech_bool(m, c, relative ? "get_v_rel" : "get_v")
          : comp->kind == MBE_MC_ABSOLUTE_VELOCITY || comp->kind == MBE_MC_RELATIVE_VELOCITY;
  bool accel = m->udot != NULL;  // before the accelerations are solved (feedback): none
  bool get_a = accel && all && mbe_mech_bool(m, c, relative ? "get_a_rel" : "get_a");
  bool get_w = all ? mbe_mech_bool(m, c, relative ? "get_w_rel" : "get_w")
                   : comp->kind == MBE_MC_ABSOLUTE_ANGULAR_VELOCITY ||
                         comp->kind == MBE_MC_RELATIVE_ANGULAR_VELOCITY;
  bool get_z = accel && all && mbe_mech_bool(m, c, relative ? "get_z_rel" : "get_z");
  st = sensor_frame(m, c, "resolveInFrame", relative, &F);
  if (st != MBE_OK)
    return st;
  const MbeMechPoint* A = &m->points[m->frames[comp->frame_a].point];
  if (all && mbe_mech_bool(m, c, "get_angles")) {
    st = sensor_angles(m, c, relative);
    if (st != MBE_OK)
      return st;
  }
  const char* suffix = relative ? "_rel" : "";
  char name[16];
  if (!relative) {
    // world quantities of frame_a, then resolved (the MSL differentiates in the world frame)
    MbeV3 v0 = mbe_m3_tmulv(s, A->R, A->v);
    MbeV3 w0 = mbe_m3_tmulv(s, A->R, A->w);
    if (get_r)
      mbe_mech_signal_v3(m, comp->name, "r", in_frame(m, A->r0, F));
    if (get_v)
      mbe_mech_signal_v3(m, comp->name, "v", in_frame(m, v0, F));
    if (get_a) {
      MbeV3 al = mbe_v3_add(s, A->av, mbe_v3_cross(s, A->w, A->v));
      mbe_mech_signal_v3(m, comp->name, "a", in_frame(m, mbe_m3_tmulv(s, A->R, al), F));
    }
    if (get_w)
      mbe_mech_signal_v3(m, comp->name, "w", in_frame(m, w0, F));
    if (get_z)
      mbe_mech_signal_v3(m, comp->name, "z", in_frame(m, mbe_m3_tmulv(s, A->R, A->aw), F));
    return MBE_OK;
  }
  // relative: differentiated in resolveInFrame, then resolved in resolveInFrameAfterDifferentiation
  int F2 = F;
  if (comp->kind == MBE_MC_RELATIVE_SENSOR) {
    st = sensor_frame(m, c, "resolveInFrameAfterDifferentiation", true, &F2);
    if (st != MBE_OK)
      return st;
  }
  const MbeMechPoint* B = &m->points[m->frames[comp->frame_b].point];
  MbeV3 d = mbe_v3_sub(s, B->r0, A->r0);
  MbeV3 r = in_frame(m, d, F);
  MbeV3 wa = mbe_m3_tmulv(s, A->R, A->w);
  MbeV3 wb = mbe_m3_tmulv(s, B->R, B->w);
  MbeV3 wrel = mbe_v3_sub(s, wb, wa);
  MbeV3 w = in_frame(m, wrel, F);
  MbeV3 v = mbe_v3_zero(), a = v, z = v;
  if (get_v || get_a)
    st = mbe_mech_der3(m, r, &v);
  if (st == MBE_OK && get_a)
    st = mbe_mech_der3(m, v, &a);
  if (st == MBE_OK && get_z)
    st = mbe_mech_der3(m, w, &z);
  if (st != MBE_OK)
    return st;
  if (get_r)
    mbe_mech_signal_v3(m, comp->name, "r_rel", r);
  snprintf(name, sizeof name, "v%s", suffix);
  if (get_v)
    mbe_mech_signal_v3(m, comp->name, name, in_frame(m, to_world(m, v, F), F2));
  snprintf(name, sizeof name, "a%s", suffix);
  if (get_a)
    mbe_mech_signal_v3(m, comp->name, name, in_frame(m, to_world(m, a, F), F2));
  if (get_w)
    mbe_mech_signal_v3(m, comp->name, "w_rel", w);
  if (get_z)
    mbe_mech_signal_v3(m, comp->name, "z_rel", z);
  return MBE_OK;
}

// an output of a measuring sensor while the forces are made (feedback): the signals its outputs
// would give, captured; accelerations are not known yet
static MbeSymId sensor_output(MbeMech* m, int c, int var, int elem, int depth, MbeStatus* st) {
  (void)depth;
  const char* name = mbe_mech_element_name(m, &m->flat->vars[var], elem);
  MbeSymId id = 0;
  *st = mbe_mech_capture_signal(m, c, name, &id);
  if (*st == MBE_OK && id == 0) {
    *st = mbe_mech_error(m, MBE_ERR_UNSUPPORTED, c,
                         "%s cannot drive a force or a controller: an acceleration is known only "
                         "once the forces are (a position, velocity or angle can)",
                         name);
  }
  return id;
}

const MbeMechClass mbe_mc_cut_sensor = {.role = MBE_ROLE_CUT_SENSOR,
                                        .build = cut_build,
                                        .forces = cut_forces,
                                        .outputs = sensor_signals};
const MbeMechClass mbe_mc_sensor = {.role = MBE_ROLE_SENSOR,
                                    .forces = sensor_forces,
                                    .outputs = sensor_signals,
                                    .block_var = sensor_output};
