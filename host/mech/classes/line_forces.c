// SPDX-License-Identifier: Apache-2.0
// MultiBody.Forces line forces: Spring, Damper, SpringDamperParallel, SpringDamperSeries (its
// damper length a state of its own), LineForceWithMass and LineForceWithTwoMasses (a 1-D law
// between their flanges; point masses on the line in Kane's form).
#include <stdio.h>
#include <string.h>

#include "mech_internal.h"

// whether a line force's mass parameter makes a point mass: a varied one always does
static MbeStatus has_line_mass(MbeMech* m, int comp, const char* name, bool* out) {
  double mass = 0;
  MbeStatus st = mbe_mech_nominal(m, comp, name, 0, &mass);
  char var[512];
  snprintf(var, sizeof var, "%s.%s", m->comps[comp].name, name);
  int v = mbe_mech_var(m, var);
  *out = mass > 0 || (v >= 0 && mbe_value_varies(&m->flat->vars[v].value, &m->flat->psym, 0));
  return st;
}

// Spring, Damper, SpringDamperParallel (massless line forces)
static MbeStatus line_forces(MbeMech* m, int c) {
  MbeSym* s = m->s;
  MbeMechComp* comp = &m->comps[c];
  MbeStatus st = MBE_OK;
  if (comp->frame_a < 0 || comp->frame_b < 0) {
    return mbe_mech_error(m, MBE_ERR_MODEL, c, "frame_a and frame_b must both be connected");
  }
  MbeMechPoint* A = mbe_mech_frame_point(m, comp->frame_a);
  MbeMechPoint* B = mbe_mech_frame_point(m, comp->frame_b);
  MbeV3 r = mbe_v3_sub(s, B->r0, A->r0);
  MbeSymId L = mbe_v3_norm(s, r);
  MbeSymId small = mbe_mech_param(m, c, "s_small", &st);
  MbeSymId len = mbe_sym_op(s, MBE_SYM_MAX, L, small, 0);
  MbeV3 e0 = mbe_v3_scale(s, mbe_sym_div(s, mbe_sym_const(s, 1.0), len), r);
  MbeSymId force = 0;
  bool general =
      comp->kind == MBE_MC_LINE_FORCE_WITH_MASS || comp->kind == MBE_MC_LINE_FORCE_WITH_TWO_MASSES;
  if (general) {
    // the 1-D law between the flanges: f_a = -T_a e0 fa, f_b = -T_b e0 fb
  } else if (comp->kind == MBE_MC_SPRING_DAMPER_SERIES) {
    // damper (length s_damper) in series with the spring: f = c (s - s_unstretched - s_damper)
    // = d s_damper'
    MbeSymId c0 = mbe_mech_param(m, c, "c", &st);
    MbeSymId s0 = mbe_mech_param(m, c, "s_unstretched", &st);
    MbeSymId d = mbe_mech_param(m, c, "d", &st);
    double dv = 0;
    if (st == MBE_OK)
      st = mbe_mech_nominal(m, c, "d", 0, &dv);
    if (st == MBE_OK && !(dv > 0)) {
      return mbe_mech_error(m, MBE_ERR_MODEL, c, "the damping constant d must be > 0 (it is %g)",
                            dv);
    }
    MbeSymId sd = mbe_sym_state(s, comp->state);
    MbeSymId x = mbe_sym_sub(s, len, s0);
    x = mbe_sym_sub(s, x, sd);
    force = mbe_sym_mul(s, c0, x);
    m->xdot[comp->state] = mbe_sym_div(s, force, d);
  } else if (comp->kind != MBE_MC_DAMPER) {
    // Spring: Hooke's law on the unguarded length; SpringDamperParallel on the guarded one
    MbeSymId c0 = mbe_mech_param(m, c, "c", &st);
    MbeSymId s0 = mbe_mech_param(m, c, "s_unstretched", &st);
    MbeSymId dl = mbe_sym_sub(s, comp->kind == MBE_MC_SPRING ? L : len, s0);
    force = mbe_sym_mul(s, c0, dl);
  }
  if (!general && comp->kind != MBE_MC_SPRING && comp->kind != MBE_MC_SPRING_DAMPER_SERIES) {
    MbeSymId d = mbe_mech_param(m, c, "d", &st);
    MbeV3 va = mbe_m3_tmulv(s, A->R, A->v);
    MbeV3 vb = mbe_m3_tmulv(s, B->R, B->v);
    MbeV3 dv = mbe_v3_sub(s, vb, va);
    MbeSymId sd = mbe_v3_dot(s, e0, dv);
    MbeSymId gap = mbe_sym_sub(s, L, small);
    MbeSymId sdg = mbe_sym_op(s, MBE_SYM_SELECT, gap, sd, 0);  // s' = 0 while guarded
    MbeSymId fd = mbe_sym_mul(s, d, sdg);
    force = force ? mbe_sym_add(s, force, fd) : fd;
  }
  if (st != MBE_OK)
    return st;
  m->line_len[c] = L;
  m->line_e0[c] = e0;
  MbeV3 fa_w, fb_w;  // on the element, from the frames (world)
  if (general) {
    MbeV3 a = mbe_v3_scale(s, m->line_fa[c], e0);
    MbeV3 b = mbe_v3_scale(s, m->line_fb[c], e0);
    fa_w = mbe_v3_neg(s, a);
    fb_w = mbe_v3_neg(s, b);
    m->line_f[c] = m->line_fb[c];
  } else {
    fb_w = mbe_v3_scale(s, force, e0);  // tension f pulls frame_b's owner towards frame_a
    fa_w = mbe_v3_neg(s, fb_w);
    m->line_f[c] = force;
  }
  MbeV3 fb = mbe_m3_mulv(s, B->R, fb_w);
  MbeV3 fa = mbe_m3_mulv(s, A->R, fa_w);
  mbe_mech_set_wrench(m, comp->frame_b, mbe_v3_zero(), fb);
  mbe_mech_set_wrench(m, comp->frame_a, mbe_v3_zero(), fa);
  // point masses on the line: at lengthFraction of the way (Spring, LineForceWithMass), or at
  // L_a from frame_a and L_b from frame_b (LineForceWithTwoMasses)
  if (comp->kind == MBE_MC_SPRING || comp->kind == MBE_MC_LINE_FORCE_WITH_MASS) {
    bool has_mass;
    st = has_line_mass(m, c, "m", &has_mass);
    if (st != MBE_OK)
      return st;
    if (has_mass) {
      MbeMechLineMass* lm = &m->lmass[m->nlmass++];
      memset(lm, 0, sizeof *lm);
      lm->comp = c;
      lm->m = mbe_mech_param(m, c, "m", &st);
      MbeSymId h = mbe_mech_param(m, c, "lengthFraction", &st);
      lm->h = h;
      MbeV3 hr = mbe_v3_scale(s, h, r);
      lm->r = mbe_v3_add(s, A->r0, hr);
    }
  } else if (comp->kind == MBE_MC_LINE_FORCE_WITH_TWO_MASSES) {
    for (int k = 0; k < 2 && st == MBE_OK; k++) {
      bool has_mass;
      st = has_line_mass(m, c, k == 0 ? "m_a" : "m_b", &has_mass);
      if (st != MBE_OK || !has_mass)
        continue;
      MbeMechLineMass* lm = &m->lmass[m->nlmass++];
      memset(lm, 0, sizeof *lm);
      lm->comp = c;
      lm->end = k;
      lm->m = mbe_mech_param(m, c, k == 0 ? "m_a" : "m_b", &st);
      MbeSymId dist = mbe_mech_param(m, c, k == 0 ? "L_a" : "L_b", &st);
      MbeV3 d = mbe_v3_scale(s, dist, e0);
      lm->r = k == 0 ? mbe_v3_add(s, A->r0, d) : mbe_v3_sub(s, B->r0, d);
    }
  }
  if (st != MBE_OK)
    return st;
  return MBE_OK;
}

// the inertia and weight of the line masses, distributed to the frames as the MSL does (the
// virtual work of the masses' d'Alembert forces through the frames' motions)
MbeV3 mbe_mech_line_mass_force(MbeMech* m, const MbeMechLineMass* lm, const MbeSymId* udot) {
  MbeSym* s = m->s;
  MbeV3 a = lm->abias;
  for (size_t i = 0; udot != NULL && i < m->ndof; i++) {
    MbeV3 t = mbe_v3_scale(s, udot[i], lm->J[i]);
    a = mbe_v3_add(s, a, t);
  }
  MbeV3 ag0 = mbe_v3_sub(s, a, lm->g);
  return mbe_v3_scale(s, lm->m, ag0);
}

void mbe_mech_line_mass_wrenches(MbeMech* m, const MbeSymId* udot) {
  MbeSym* s = m->s;
  for (size_t k = 0; k < m->nlmass; k++) {
    const MbeMechLineMass* lm = &m->lmass[k];
    const MbeMechComp* comp = &m->comps[lm->comp];
    if (mbe_mech_is_assembly(m, lm->comp))
      continue;  // its rod's ends are no frames of it (classes/assemblies.c)
    MbeV3 F = mbe_mech_line_mass_force(m, lm, udot);  // m (a - g), world
    MbeV3 Fa, Fb;                                     // the shares of frame_a and frame_b
    if (comp->kind == MBE_MC_LINE_FORCE_WITH_TWO_MASSES) {
      // r_1 = r_a + L_a e0, r_2 = r_b - L_b e0; de0 = (I - e0 e0^T)(dr_b - dr_a)/s
      MbeStatus st = MBE_OK;
      MbeSymId len = mbe_mech_param(m, lm->comp, lm->end == 0 ? "L_a" : "L_b", &st);
      MbeV3 e0 = m->line_e0[lm->comp];
      MbeSymId Ls = lm->end == 0 ? len : mbe_sym_neg(s, len);
      MbeV3 x = mbe_v3_scale(s, Ls, F);
      MbeSymId xe = mbe_v3_dot(s, x, e0);
      MbeV3 xe0 = mbe_v3_scale(s, xe, e0);
      MbeV3 px = mbe_v3_sub(s, x, xe0);
      MbeSymId inv = mbe_sym_div(s, mbe_sym_const(s, 1.0), m->line_len[lm->comp]);
      MbeV3 aux = mbe_v3_scale(s, inv, px);
      MbeV3 own = lm->end == 0 ? F : mbe_v3_zero();
      MbeV3 oth = lm->end == 0 ? mbe_v3_zero() : F;
      Fa = mbe_v3_sub(s, own, aux);
      Fb = mbe_v3_add(s, oth, aux);
    } else {
      MbeSymId h = lm->h;
      MbeSymId one = mbe_sym_const(s, 1.0);
      MbeSymId h1 = mbe_sym_sub(s, one, h);
      Fa = mbe_v3_scale(s, h1, F);
      Fb = mbe_v3_scale(s, h, F);
    }
    for (int side = 0; side < 2; side++) {
      int f = side == 0 ? comp->frame_a : comp->frame_b;
      MbeV3 w = mbe_m3_mulv(s, mbe_mech_frame_point(m, f)->R, side == 0 ? Fa : Fb);
      m->frames[f].f = mbe_v3_add(s, m->frames[f].f, w);
    }
  }
}

// fixedRotationAtFrame_x: Connections.root(frame_x.R), frame_x.R = nullRotation()
static MbeStatus line_build(MbeMech* m, int c) {
  const MbeMechComp* comp = &m->comps[c];
  int pa = mbe_mech_point_of(m, comp->frame_a), pb = mbe_mech_point_of(m, comp->frame_b);
  if (pa >= 0 && mbe_mech_bool(m, c, "fixedRotationAtFrame_a")) {
    m->points[pa].fixed_rotation = c;
  }
  if (pb >= 0 && mbe_mech_bool(m, c, "fixedRotationAtFrame_b")) {
    m->points[pb].fixed_rotation = c;
  }
  return MBE_OK;
}

// LineForceWithMass, LineForceWithTwoMasses: flange_a.s = 0, flange_b.s = the distance of the
// frame origins (unguarded)
static MbeStatus line_axes(MbeMech* m, int c) {
  MbeSym* s = m->s;
  const MbeMechComp* comp = &m->comps[c];
  if (comp->frame_a < 0 || comp->frame_b < 0)
    return MBE_OK;  // reported by line_forces
  MbeMechPoint* A = &m->points[m->frames[comp->frame_a].point];
  MbeMechPoint* B = &m->points[m->frames[comp->frame_b].point];
  MbeV3 r = mbe_v3_sub(s, B->r0, A->r0);
  MbeSymId L = mbe_v3_norm(s, r);
  MbeV3 va = mbe_m3_tmulv(s, A->R, A->v);
  MbeV3 vb = mbe_m3_tmulv(s, B->R, B->v);
  MbeV3 dv = mbe_v3_sub(s, vb, va);
  MbeSymId rdv = mbe_v3_dot(s, r, dv);
  MbeSymId Ld = mbe_sym_div(s, rdv, L);
  MbeSymId pos[2] = {0, L}, vel[2] = {0, Ld};
  return mbe_mech_line_sets(m, c, pos, vel);
}

// the 1-D force in each flange; with one flange connected, the other carries its negative (the
// MSL's rule); with none, zero
static void line_loaded(MbeMech* m, int c) {
  MbeSym* s = m->s;
  const MbeMechComp* comp = &m->comps[c];
  int sa = mbe_mech_set_of(m, comp->flange[0]), sb = mbe_mech_set_of(m, comp->flange[1]);
  bool ca = sa >= 0 && m->sets[sa].nflanges > 1, cb = sb >= 0 && m->sets[sb].nflanges > 1;
  MbeSymId fa = ca ? m->sets[sa].load : 0, fb = cb ? m->sets[sb].load : 0;
  if (ca && !cb)
    fb = mbe_sym_neg(s, fa);
  if (cb && !ca)
    fa = mbe_sym_neg(s, fb);
  m->line_fa[c] = fa;
  m->line_fb[c] = fb;
}

static MbeStatus line_outputs(MbeMech* m, int c) {
  const MbeMechComp* comp = &m->comps[c];
  mbe_mech_signal_at(m, comp->name, "f", m->line_f[c]);
  mbe_mech_signal_at(m, comp->name, "length", m->line_len[c]);
  return MBE_OK;
}

const MbeMechClass mbe_mc_line_force = {.role = MBE_ROLE_LINE_FORCE,
                                        .build = line_build,
                                        .forces = line_forces,
                                        .outputs = line_outputs};
const MbeMechClass mbe_mc_spring_damper_series = {.role = MBE_ROLE_LINE_FORCE,
                                                  .nstates = 1,
                                                  .state_name = {"s_damper"},
                                                  .build = line_build,
                                                  .forces = line_forces,
                                                  .outputs = line_outputs};
const MbeMechClass mbe_mc_line_force_flanges = {.role = MBE_ROLE_LINE_FORCE,
                                                .build = line_build,
                                                .axes = line_axes,
                                                .loaded = line_loaded,
                                                .forces = line_forces,
                                                .outputs = line_outputs};
