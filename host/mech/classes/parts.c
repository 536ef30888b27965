// SPDX-License-Identifier: Apache-2.0
// MultiBody.World, Parts: the ground (World, Fixed), rigid offsets (FixedTranslation,
// FixedRotation) and the bodies (Body, PointMass, BodyShape, BodyBox, BodyCylinder).
#include <string.h>

#include "mech_internal.h"

static MbeStatus body_params(MbeMech* m, int comp, MbeSymId* mass, MbeV3* r_cm, MbeM3* I) {
  static const char* const names[9] = {"I_11", "I_21", "I_31", "I_21", "I_22",
                                       "I_32", "I_31", "I_32", "I_33"};
  MbeStatus st = MBE_OK;
  *mass = mbe_mech_psym(m, comp, "m", 0, &st);
  *r_cm = mbe_mech_pv3(m, comp, "r_CM", &st);
  for (int i = 0; i < 9; i++) {
    I->e[i] = mbe_mech_psym(m, comp, names[i], 0, &st);
  }
  return st;
}

// a * b * c ... of n nodes, left to right
static MbeSymId product(MbeSym* s, const MbeSymId* f, int n) {
  MbeSymId p = f[0];
  for (int i = 1; i < n; i++) {
    p = mbe_sym_mul(s, p, f[i]);
  }
  return p;
}

// (mo (a^2 + b^2) - mi (c^2 + d^2)) / k, the form of the shapes' principal inertias
static MbeSymId inertia_term(MbeSym* s, MbeSymId mo, MbeSymId a, MbeSymId b, MbeSymId mi,
                             MbeSymId c, MbeSymId d, double k) {
  MbeSymId aa = mbe_sym_mul(s, a, a);
  MbeSymId bb = mbe_sym_mul(s, b, b);
  MbeSymId cc = mbe_sym_mul(s, c, c);
  MbeSymId dd = mbe_sym_mul(s, d, d);
  MbeSymId o = mbe_sym_add(s, aa, bb);
  MbeSymId i = mbe_sym_add(s, cc, dd);
  MbeSymId mo_o = mbe_sym_mul(s, mo, o);
  MbeSymId mi_i = mbe_sym_mul(s, mi, i);
  MbeSymId diff = mbe_sym_sub(s, mo_o, mi_i);
  MbeSymId kk = mbe_sym_const(s, k);
  return mbe_sym_div(s, diff, kk);
}

// BodyBox / BodyCylinder: mass properties from the shape and the density, as expressions of
// the parameters (the checks and the branches of from_nxy on the model's own values)
static MbeStatus shape_params(MbeMech* m, int comp, bool box, MbeSymId* mass, MbeV3* r_cm,
                              MbeM3* I) {
  MbeSym* s = m->s;
  MbeStatus st = MBE_OK;
  static const double Y[3] = {0, 1, 0};
  double r0[3], w0[3] = {0, 1, 0}, l0[3];
  MbeV3 r = mbe_mech_pv3(m, comp, "r", &st);
  MbeV3 r_shape = mbe_mech_pv3(m, comp, "r_shape", &st);
  MbeV3 ldir = mbe_mech_pv3(m, comp, "lengthDirection", &st);
  MbeV3 wdir = box ? mbe_mech_pv3(m, comp, "widthDirection", &st) : mbe_v3_const(s, Y);
  MbeSymId length = mbe_mech_psym(m, comp, "length", 0, &st);
  MbeSymId rho = mbe_mech_psym(m, comp, "density", 0, &st);
  if (st == MBE_OK)
    st = mbe_mech_nominal3(m, comp, "r", r0);
  if (st == MBE_OK)
    st = mbe_mech_nominal3(m, comp, "lengthDirection", l0);
  if (st == MBE_OK && box)
    st = mbe_mech_nominal3(m, comp, "widthDirection", w0);
  if (st != MBE_OK) {
    return st;
  }
  MbeSymId D[3];
  if (box) {
    double wn, hn, iwn, ihn;
    MbeSymId w = mbe_mech_psym(m, comp, "width", 0, &st);
    MbeSymId h = mbe_mech_psym(m, comp, "height", 0, &st);
    MbeSymId iw = mbe_mech_psym(m, comp, "innerWidth", 0, &st);
    MbeSymId ih = mbe_mech_psym(m, comp, "innerHeight", 0, &st);
    if (st == MBE_OK)
      st = mbe_mech_nominal(m, comp, "width", 0, &wn);
    if (st == MBE_OK)
      st = mbe_mech_nominal(m, comp, "height", 0, &hn);
    if (st == MBE_OK)
      st = mbe_mech_nominal(m, comp, "innerWidth", 0, &iwn);
    if (st == MBE_OK)
      st = mbe_mech_nominal(m, comp, "innerHeight", 0, &ihn);
    if (st != MBE_OK) {
      return st;
    }
    if (iwn > wn || ihn > hn) {
      return mbe_mech_error(m, MBE_ERR_MODEL, comp,
                            "innerWidth <= width and innerHeight <= height are required");
    }
    MbeSymId fo[4] = {rho, length, w, h}, fi[4] = {rho, length, iw, ih};
    MbeSymId mo = product(s, fo, 4);
    MbeSymId mi = product(s, fi, 4);
    *mass = mbe_sym_sub(s, mo, mi);
    D[0] = inertia_term(s, mo, w, h, mi, iw, ih, 12);
    D[1] = inertia_term(s, mo, length, h, mi, length, ih, 12);
    D[2] = inertia_term(s, mo, length, w, mi, length, iw, 12);
  } else {
    double dn, din;
    MbeSymId d = mbe_mech_psym(m, comp, "diameter", 0, &st);
    MbeSymId di = mbe_mech_psym(m, comp, "innerDiameter", 0, &st);
    if (st == MBE_OK)
      st = mbe_mech_nominal(m, comp, "diameter", 0, &dn);
    if (st == MBE_OK)
      st = mbe_mech_nominal(m, comp, "innerDiameter", 0, &din);
    if (st != MBE_OK) {
      return st;
    }
    if (!(din < dn)) {
      return mbe_mech_error(m, MBE_ERR_MODEL, comp, "innerDiameter < diameter is required");
    }
    MbeSymId two = mbe_sym_const(s, 2.0);
    MbeSymId pi = mbe_sym_const(s, 3.14159265358979323846);
    MbeSymId rad = mbe_sym_div(s, d, two);
    MbeSymId irad = mbe_sym_div(s, di, two);
    MbeSymId fo[5] = {rho, pi, length, rad, rad}, fi[5] = {rho, pi, length, irad, irad};
    MbeSymId mo = product(s, fo, 5);
    MbeSymId mi = product(s, fi, 5);
    *mass = mbe_sym_sub(s, mo, mi);
    MbeSymId ro[3] = {mo, rad, rad}, ri[3] = {mi, irad, irad};
    MbeSymId a = product(s, ro, 3);
    MbeSymId b = product(s, ri, 3);
    MbeSymId ab = mbe_sym_sub(s, a, b);
    D[0] = mbe_sym_div(s, ab, two);
    // (mo (l^2 + 3 rad^2) - mi (l^2 + 3 irad^2)) / 12, with sqrt(3) rad as the second term's root
    MbeSymId three = mbe_sym_const(s, 3.0);
    MbeSymId ll = mbe_sym_mul(s, length, length);
    MbeSymId r3 = mbe_sym_mul(s, three, rad);
    MbeSymId rr = mbe_sym_mul(s, r3, rad);
    MbeSymId i3 = mbe_sym_mul(s, three, irad);
    MbeSymId ii = mbe_sym_mul(s, i3, irad);
    MbeSymId so = mbe_sym_add(s, ll, rr);
    MbeSymId si = mbe_sym_add(s, ll, ii);
    MbeSymId mso = mbe_sym_mul(s, mo, so);
    MbeSymId msi = mbe_sym_mul(s, mi, si);
    MbeSymId dd = mbe_sym_sub(s, mso, msi);
    MbeSymId twelve = mbe_sym_const(s, 12.0);
    D[1] = D[2] = mbe_sym_div(s, dd, twelve);
  }

  // centre of mass half way along the length direction; inertia T^T diag(D) T
  bool has_dir = l0[0] * l0[0] + l0[1] * l0[1] + l0[2] * l0[2] > 0;
  MbeV3 e = has_dir ? mbe_v3_normalize(s, ldir) : mbe_v3_zero();
  MbeSymId two = mbe_sym_const(s, 2.0);
  for (int i = 0; i < 3; i++) {
    MbeSymId el = mbe_sym_mul(s, e.e[i], length);
    MbeSymId half = mbe_sym_div(s, el, two);
    r_cm->e[i] = mbe_sym_add(s, r_shape.e[i], half);
  }
  MbeM3 T = mbe_m3_from_nxy(s, r, wdir, r0, w0);
  for (int i = 0; i < 3; i++) {
    for (int j = 0; j < 3; j++) {
      MbeSymId acc = 0;
      for (int k = 0; k < 3; k++) {
        MbeSymId td = mbe_sym_mul(s, T.e[3 * k + i], D[k]);
        MbeSymId tdt = mbe_sym_mul(s, td, T.e[3 * k + j]);
        acc = k == 0 ? tdt : mbe_sym_add(s, acc, tdt);
      }
      I->e[3 * i + j] = acc;
    }
  }
  return st;
}

// FixedTranslation, FixedRotation: a rigid edge frame_a -> frame_b
static MbeStatus fixed_offset_build(MbeMech* m, int c) {
  MbeMechComp* comp = &m->comps[c];
  int pa = mbe_mech_point_of(m, comp->frame_a), pb = mbe_mech_point_of(m, comp->frame_b);
  MbeStatus st = MBE_OK;
  MbeV3 w, v = mbe_mech_pv3(m, c, "r", &st);
  if (st != MBE_OK) {
    return st;
  }
  MbeMechEdge* e = mbe_mech_new_edge(m, c, MBE_EDGE_RIGID, pa, pb);
  if (e == NULL) {
    return mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
  }
  e->r = v;
  if (comp->kind != MBE_MC_FIXED_ROTATION) {
    return MBE_OK;
  }
  int type;
  st = mbe_mech_int(m, c, "rotationType", 0, &type);
  if (st != MBE_OK) {
    return st;
  }
  MbeSymId deg = mbe_sym_const(m->s, 3.14159265358979323846 / 180);
  if (type == 1) {
    st = mbe_mech_unit_axis(m, c, "n", &w);
    MbeSymId angle = mbe_mech_psym(m, c, "angle", 0, &st);
    if (st != MBE_OK)
      return st;
    MbeSymId phi = mbe_sym_mul(m->s, angle, deg);
    e->R = mbe_m3_planar(m->s, w, phi);
  } else if (type == 2) {
    double nx0[3], ny0[3];
    w = mbe_mech_pv3(m, c, "n_x", &st);
    MbeV3 ny = mbe_mech_pv3(m, c, "n_y", &st);
    if (st == MBE_OK)
      st = mbe_mech_nominal3(m, c, "n_x", nx0);
    if (st == MBE_OK)
      st = mbe_mech_nominal3(m, c, "n_y", ny0);
    if (st != MBE_OK)
      return st;
    e->R = mbe_m3_from_nxy(m->s, w, ny, nx0, ny0);
  } else {
    int seq[3];
    MbeSymId ang[3];
    for (int i = 0; i < 3 && st == MBE_OK; i++) {
      st = mbe_mech_int(m, c, "sequence", i, &seq[i]);
      MbeSymId a = mbe_mech_psym(m, c, "angles", i, &st);
      ang[i] = mbe_sym_mul(m->s, a, deg);
    }
    if (st != MBE_OK)
      return st;
    e->R = mbe_m3_axes(m->s, seq, ang);
  }
  return MBE_OK;
}

static MbeStatus body_build(MbeMech* m, int c) {
  MbeMechComp* comp = &m->comps[c];
  MbeSymId mass;
  MbeV3 rcm;
  MbeM3 I;
  MbeStatus st = body_params(m, c, &mass, &rcm, &I);
  if (st != MBE_OK)
    return st;
  st = mbe_mech_add_body(m, c, comp->name, NULL, comp->frame_a, mass, rcm, I, false);
  m->bodies[comp->body].enforce = mbe_mech_bool(m, c, "enforceStates");
  return st;
}

static MbeStatus point_mass_build(MbeMech* m, int c) {
  MbeMechComp* comp = &m->comps[c];
  MbeStatus st = MBE_OK;
  MbeSymId mass = mbe_mech_psym(m, c, "m", 0, &st);
  if (st != MBE_OK)
    return st;
  return mbe_mech_add_body(m, c, comp->name, NULL, comp->frame_a, mass, mbe_v3_zero(),
                           mbe_m3_zero(), true);
}

// BodyShape, BodyBox, BodyCylinder: a body at frame_a and the rigid offset r to frame_b
static MbeStatus body_shape_build(MbeMech* m, int c) {
  MbeMechComp* comp = &m->comps[c];
  int pa = mbe_mech_point_of(m, comp->frame_a), pb = mbe_mech_point_of(m, comp->frame_b);
  MbeSymId mass;
  MbeV3 rcm;
  MbeM3 I;
  MbeStatus st;
  if (comp->kind == MBE_MC_BODY_SHAPE) {
    st = body_params(m, c, &mass, &rcm, &I);
  } else {
    st = shape_params(m, c, comp->kind == MBE_MC_BODY_BOX, &mass, &rcm, &I);
  }
  MbeV3 v = mbe_mech_pv3(m, c, "r", &st);
  if (st != MBE_OK)
    return st;
  st = mbe_mech_add_body(m, c, mbe_mech_cname(m, c, "body"), comp->name, comp->frame_a, mass, rcm,
                         I, false);
  if (st != MBE_OK)
    return st;
  if (pb >= 0) {
    MbeMechEdge* e = mbe_mech_new_edge(m, c, MBE_EDGE_RIGID, pa, pb);
    if (e == NULL) {
      return mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
    }
    e->r = v;
  }
  return MBE_OK;
}

// body variables at prefix: r_0, v_0, a_0, w_a, z_a, g_0 and the root's orientation states
static void body_signals(MbeMech* m, const MbeMechBody* bd, const char* prefix, bool inner) {
  MbeSym* s = m->s;
  const MbeMechPoint* P = &m->points[m->frames[bd->frame].point];
  mbe_mech_signal_v3(m, prefix, "r_0", P->r0);
  MbeV3 v0 = mbe_m3_tmulv(s, P->R, P->v);
  mbe_mech_signal_v3(m, prefix, "v_0", v0);
  MbeV3 wxv = mbe_v3_cross(s, P->w, P->v);
  MbeV3 a = mbe_v3_add(s, P->av, wxv);
  MbeV3 a0 = mbe_m3_tmulv(s, P->R, a);
  mbe_mech_signal_v3(m, prefix, "a_0", a0);
  if (!inner) {
    return;
  }
  mbe_mech_signal_v3(m, prefix, "w_a", P->w);
  mbe_mech_signal_v3(m, prefix, "z_a", P->aw);
  MbeV3 Rtc = mbe_m3_tmulv(s, P->R, bd->r_cm);
  MbeV3 rcm = mbe_v3_add(s, P->r0, Rtc);
  mbe_mech_signal_v3(m, prefix, "g_0", mbe_mech_gravity(m, rcm));
  // orientation states: the root's own, dummies otherwise (as the MSL's Body)
  const MbeMechEdge* e = bd->root_edge >= 0 ? &m->edges[bd->root_edge] : NULL;
  MbeSymId Q[4] = {0, 0, 0, mbe_sym_const(s, 1.0)}, phi[3] = {0, 0, 0}, phid[3] = {0, 0, 0},
           phidd[3] = {0, 0, 0};
  if (e != NULL && e->type != MBE_EDGE_FLOAT_POINT) {
    int q0 = e->q0 + (e->type == MBE_EDGE_FLOAT ? 3 : 0);
    int u0 = e->type == MBE_EDGE_FLOAT ? 3 : 0;
    if (e->use_q) {
      for (int i = 0; i < 4; i++)
        Q[i] = mbe_sym_state(s, q0 + i);
    } else {
      for (int i = 0; i < 3; i++) {
        phi[i] = mbe_sym_state(s, q0 + i);
        phid[i] = mbe_sym_state(s, e->u0 + u0 + i);
        phidd[i] = e->udot[u0 + i];
      }
    }
  }
  if (!bd->is_point_mass) {
    mbe_mech_signal_n(m, prefix, "Q", Q, 4);
    mbe_mech_signal_n(m, prefix, "phi", phi, 3);
    mbe_mech_signal_n(m, prefix, "phi_d", phid, 3);
    mbe_mech_signal_n(m, prefix, "phi_dd", phidd, 3);
  }
}

static MbeStatus body_outputs(MbeMech* m, int c) {
  const MbeMechComp* comp = &m->comps[c];
  body_signals(m, &m->bodies[comp->body], comp->name, true);
  return MBE_OK;
}

// the composite's own variables, its inner body's, and the frames of the inner parts
static MbeStatus body_shape_outputs(MbeMech* m, int c) {
  MbeSym* s = m->s;
  const MbeMechComp* comp = &m->comps[c];
  const MbeMechBody* bd = &m->bodies[comp->body];
  body_signals(m, bd, comp->name, false);
  body_signals(m, bd, bd->name, true);
  const MbeMechFrame* fa = &m->frames[comp->frame_a];
  const char* inner = mbe_arena_printf(m->arena, "%s.frame_a", bd->name);
  mbe_mech_frame_signals(m, inner, fa->point, &bd->wt, &bd->wf);
  if (comp->frame_b >= 0 && m->frames[comp->frame_b].has_wrench) {
    const MbeMechFrame* fb = &m->frames[comp->frame_b];
    MbeV3 ta = mbe_v3_sub(s, fa->t, bd->wt), ff = mbe_v3_sub(s, fa->f, bd->wf);
    mbe_mech_frame_signals(m, mbe_arena_printf(m->arena, "%s.frameTranslation.frame_a", comp->name),
                           fa->point, &ta, &ff);
    mbe_mech_frame_signals(m, mbe_arena_printf(m->arena, "%s.frameTranslation.frame_b", comp->name),
                           fb->point, &fb->t, &fb->f);
  }
  return MBE_OK;
}

// the ground's edges are made by the tree builder (mech_build.c); Fixed's offset is its r
const MbeMechClass mbe_mc_world = {.role = MBE_ROLE_GROUND};
const MbeMechClass mbe_mc_fixed = {.role = MBE_ROLE_GROUND};
const MbeMechClass mbe_mc_fixed_offset = {.role = MBE_ROLE_JOINT, .build = fixed_offset_build};
const MbeMechClass mbe_mc_body = {
    .role = MBE_ROLE_BODY, .build = body_build, .outputs = body_outputs};
const MbeMechClass mbe_mc_point_mass = {
    .role = MBE_ROLE_BODY, .build = point_mass_build, .outputs = body_outputs};
const MbeMechClass mbe_mc_body_shape = {
    .role = MBE_ROLE_BODY, .build = body_shape_build, .outputs = body_shape_outputs};
