// SPDX-License-Identifier: Apache-2.0
// What acts on the tree: signal blocks feeding force inputs, the force elements of
// MultiBody.Forces (their connector wrenches, from positions and velocities), and the 1-D
// elements on joint axes (generalized forces of the joint coordinates).
#include <math.h>
#include <string.h>

#include "mech_internal.h"

/* ---- signals -------------------------------------------------------------------------------- */

// a scalar parameter of comp: a literal, its expression where it varies per member, or a
// parameter symbol where it has fixed=false (its value is then found by the initialization)
static MbeSymId param(MbeMech* m, int comp, const char* name, MbeStatus* st) {
  return mbe_mech_psym(m, comp, name, 0, st);
}

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

static MbeSymId block_output(MbeMech* m, int comp, int elem, int depth, MbeStatus* st);

// the value of input `name`[elem] of component comp: follows connect() to a block's output
static MbeSymId input_value(MbeMech* m, int var, int elem, int depth, MbeStatus* st) {
  const MbeFlat* f = m->flat;
  if (depth > 64) {
    *st = mbe_error_set(m->err, MBE_ERR_UNSUPPORTED,
                        "%s: the signal path is too long or algebraic (a loop of blocks)",
                        f->vars[var].name);
    return 0;
  }
  // breadth-first over connections of primitive connector elements
  int qv[256], qe[256];
  int n = 0;
  qv[n] = var, qe[n] = elem, n++;
  for (int i = 0; i < n; i++) {
    for (size_t c = 0; c < f->nconns; c++) {
      const MbeConnection* cn = &f->conns[c];
      if (cn->a.var < 0 || cn->b.var < 0)
        continue;
      int ov = -1, oe = 0;
      if (cn->a.var == qv[i] && cn->a.elem == qe[i])
        ov = cn->b.var, oe = cn->b.elem;
      if (cn->b.var == qv[i] && cn->b.elem == qe[i])
        ov = cn->a.var, oe = cn->a.elem;
      if (ov < 0)
        continue;
      bool seen = false;
      for (int j = 0; j < n; j++)
        seen = seen || (qv[j] == ov && qe[j] == oe);
      if (seen || n == 256)
        continue;
      qv[n] = ov, qe[n] = oe, n++;
      const MbeVar* x = &f->vars[ov];
      int comp = m->inst_comp[x->inst];
      MbeSymId sg;
      if (x->causality == MBE_CAUS_OUTPUT && comp >= 0 && ov != var) {
        // a sensor's output, once the outputs are collected (asserts read them), else a block's
        return mbe_mech_var_signal(m, ov, oe, &sg) ? sg : block_output(m, comp, oe, depth + 1, st);
      }
    }
  }
  const MbeVar* x = &f->vars[var];
  *st = mbe_error_at(m->err, MBE_ERR_MODEL, x->loc,
                     "input %s[%d] is not connected to the output of a signal block", x->name,
                     elem + 1);
  return 0;
}

MbeSymId mbe_mech_input(MbeMech* m, int comp, const char* name, int elem) {
  char buf[512];
  snprintf(buf, sizeof buf, "%s.%s", m->comps[comp].name, name);
  int v = mbe_mech_var(m, buf);
  MbeStatus st = MBE_OK;
  if (v < 0) {
    m->input_error = mbe_mech_error(m, MBE_ERR_INTERNAL, comp, "no input '%s'", name);
    return 0;
  }
  MbeSymId r = input_value(m, v, elem, 0, &st);
  if (st != MBE_OK) {
    m->input_error = st;
  }
  return r;
}

bool mbe_mech_block_value(MbeMech* m, int var, int elem, MbeSymId* out, MbeStatus* st) {
  const MbeVar* x = &m->flat->vars[var];
  int comp = m->inst_comp[x->inst];
  if (x->causality != MBE_CAUS_OUTPUT || comp < 0) {
    return false;
  }
  *out = block_output(m, comp, elem, 0, st);
  return true;
}

static MbeSymId block_input(MbeMech* m, int comp, const char* name, int elem, int depth,
                            MbeStatus* st) {
  char buf[512];
  snprintf(buf, sizeof buf, "%s.%s", m->comps[comp].name, name);
  int v = mbe_mech_var(m, buf);
  if (v < 0) {
    *st = mbe_mech_error(m, MBE_ERR_INTERNAL, comp, "no input '%s'", name);
    return 0;
  }
  return input_value(m, v, elem, depth, st);
}

// a signal source that starts at startTime: offset + (t < startTime ? 0 : y)
static MbeSymId after_start(MbeMech* m, int comp, MbeSymId y, MbeStatus* st) {
  MbeSym* s = m->s;
  MbeSymId t0 = param(m, comp, "startTime", st);
  MbeSymId off = param(m, comp, "offset", st);
  MbeSymId t = mbe_sym_time(s);
  MbeSymId before = mbe_sym_sub(s, t0, t);
  MbeSymId sel = mbe_sym_op(s, MBE_SYM_SELECT, before, 0, y);
  return mbe_sym_add(s, off, sel);
}

static MbeSymId block_output(MbeMech* m, int comp, int elem, int depth, MbeStatus* st) {
  MbeSym* s = m->s;
  MbeSymId t = mbe_sym_time(s);
  switch (m->comps[comp].kind) {
    case MBE_MC_CONSTANT: return param(m, comp, "k", st);
    case MBE_MC_CLOCK: {
      MbeSymId t0 = param(m, comp, "startTime", st);
      MbeSymId dt = mbe_sym_sub(s, t, t0);
      return after_start(m, comp, dt, st);
    }
    case MBE_MC_STEP: return after_start(m, comp, param(m, comp, "height", st), st);
    case MBE_MC_RAMP: {
      // height * min(max((t - startTime) / duration, 0), 1)
      MbeSymId h = param(m, comp, "height", st);
      MbeSymId d = param(m, comp, "duration", st);
      MbeSymId t0 = param(m, comp, "startTime", st);
      MbeSymId dt = mbe_sym_sub(s, t, t0);
      MbeSymId x = mbe_sym_div(s, dt, d);
      MbeSymId one = mbe_sym_const(s, 1.0);
      MbeSymId lo = mbe_sym_op(s, MBE_SYM_MAX, x, 0, 0);
      MbeSymId c = mbe_sym_op(s, MBE_SYM_MIN, lo, one, 0);
      MbeSymId y = mbe_sym_mul(s, h, c);
      MbeSymId off = param(m, comp, "offset", st);
      return mbe_sym_add(s, off, y);
    }
    case MBE_MC_SINE:
    case MBE_MC_COSINE: {
      MbeSymId a = param(m, comp, "amplitude", st);
      MbeSymId fr = param(m, comp, "f", st);
      MbeSymId ph = param(m, comp, "phase", st);
      MbeSymId t0 = param(m, comp, "startTime", st);
      MbeSymId twopi = mbe_sym_const(s, 2 * 3.14159265358979323846);
      MbeSymId w = mbe_sym_mul(s, twopi, fr);
      MbeSymId dt = mbe_sym_sub(s, t, t0);
      MbeSymId arg = mbe_sym_mul(s, w, dt);
      arg = mbe_sym_add(s, arg, ph);
      MbeSymId sn =
          mbe_sym_fn(s, m->comps[comp].kind == MBE_MC_SINE ? MBE_SYM_SIN : MBE_SYM_COS, arg);
      MbeSymId y = mbe_sym_mul(s, a, sn);
      return after_start(m, comp, y, st);
    }
    case MBE_MC_GAIN: {
      MbeSymId k = param(m, comp, "k", st);
      MbeSymId u = block_input(m, comp, "u", 0, depth, st);
      return mbe_sym_mul(s, k, u);
    }
    case MBE_MC_ADD:
    case MBE_MC_ADD3: {
      int n = m->comps[comp].kind == MBE_MC_ADD ? 2 : 3;
      MbeSymId acc = 0;
      for (int i = 0; i < n; i++) {
        char kn[8], un[8];
        snprintf(kn, sizeof kn, "k%d", i + 1);
        snprintf(un, sizeof un, "u%d", i + 1);
        MbeSymId k = param(m, comp, kn, st);
        MbeSymId u = block_input(m, comp, un, 0, depth, st);
        MbeSymId ku = mbe_sym_mul(s, k, u);
        acc = i == 0 ? ku : mbe_sym_add(s, acc, ku);
      }
      return acc;
    }
    case MBE_MC_FEEDBACK: {
      MbeSymId u1 = block_input(m, comp, "u1", 0, depth, st);
      MbeSymId u2 = block_input(m, comp, "u2", 0, depth, st);
      return mbe_sym_sub(s, u1, u2);
    }
    case MBE_MC_PRODUCT: {
      MbeSymId u1 = block_input(m, comp, "u1", 0, depth, st);
      MbeSymId u2 = block_input(m, comp, "u2", 0, depth, st);
      return mbe_sym_mul(s, u1, u2);
    }
    default:
      if (*st == MBE_OK) {
        *st = mbe_mech_error(m, MBE_ERR_UNSUPPORTED, comp,
                             "its output cannot drive an input yet (only signal sources and "
                             "math blocks can)");
      }
      (void)elem;
      return 0;
  }
}

/* ---- force elements ------------------------------------------------------------------------- */

static MbeMechPoint* frame_point(MbeMech* m, int frame) {
  return &m->points[m->frames[frame].point];
}

static void set_wrench(MbeMech* m, int frame, MbeV3 t, MbeV3 f) {
  if (frame < 0)
    return;
  m->frames[frame].t = t;
  m->frames[frame].f = f;
  m->frames[frame].has_wrench = true;
}

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
    w = mbe_m3_tmulv(s, frame_point(m, from)->R, v);
  }
  *out = mbe_m3_mulv(s, frame_point(m, to)->R, w);
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
  set_wrench(m, comp->frame_b, t, f);
  set_wrench(m, comp->frame_resolve, zero, zero);
  if (world) {
    return MBE_OK;
  }
  // frame_a: f_a = -T_a T_b^T f_b; t_a = -T_a T_b^T (t_b + r_rel_b x f_b)
  MbeMechPoint* A = frame_point(m, comp->frame_a);
  MbeMechPoint* B = frame_point(m, comp->frame_b);
  MbeV3 d = mbe_v3_sub(s, B->r0, A->r0);
  MbeV3 r_rel_b = mbe_m3_mulv(s, B->R, d);
  MbeV3 rxf = mbe_v3_cross(s, r_rel_b, f);
  MbeV3 tb = mbe_v3_add(s, t, rxf);
  MbeV3 fw = mbe_m3_tmulv(s, B->R, f);
  MbeV3 tw = mbe_m3_tmulv(s, B->R, tb);
  MbeV3 fa = mbe_m3_mulv(s, A->R, fw);
  MbeV3 ta = mbe_m3_mulv(s, A->R, tw);
  set_wrench(m, comp->frame_a, mbe_v3_neg(s, ta), mbe_v3_neg(s, fa));
  return MBE_OK;
}

// Spring, Damper, SpringDamperParallel (massless line forces)
static MbeStatus line_force(MbeMech* m, int c) {
  MbeSym* s = m->s;
  MbeMechComp* comp = &m->comps[c];
  MbeStatus st = MBE_OK;
  if (comp->frame_a < 0 || comp->frame_b < 0) {
    return mbe_mech_error(m, MBE_ERR_MODEL, c, "frame_a and frame_b must both be connected");
  }
  MbeMechPoint* A = frame_point(m, comp->frame_a);
  MbeMechPoint* B = frame_point(m, comp->frame_b);
  MbeV3 r = mbe_v3_sub(s, B->r0, A->r0);
  MbeSymId L = mbe_v3_norm(s, r);
  MbeSymId small = param(m, c, "s_small", &st);
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
    MbeSymId c0 = param(m, c, "c", &st);
    MbeSymId s0 = param(m, c, "s_unstretched", &st);
    MbeSymId d = param(m, c, "d", &st);
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
    MbeSymId c0 = param(m, c, "c", &st);
    MbeSymId s0 = param(m, c, "s_unstretched", &st);
    MbeSymId dl = mbe_sym_sub(s, comp->kind == MBE_MC_SPRING ? L : len, s0);
    force = mbe_sym_mul(s, c0, dl);
  }
  if (!general && comp->kind != MBE_MC_SPRING && comp->kind != MBE_MC_SPRING_DAMPER_SERIES) {
    MbeSymId d = param(m, c, "d", &st);
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
  set_wrench(m, comp->frame_b, mbe_v3_zero(), fb);
  set_wrench(m, comp->frame_a, mbe_v3_zero(), fa);
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
      lm->m = param(m, c, "m", &st);
      MbeSymId h = param(m, c, "lengthFraction", &st);
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
      lm->m = param(m, c, k == 0 ? "m_a" : "m_b", &st);
      MbeSymId dist = param(m, c, k == 0 ? "L_a" : "L_b", &st);
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
void mbe_mech_line_mass_wrenches(MbeMech* m, const MbeSymId* udot) {
  MbeSym* s = m->s;
  for (size_t k = 0; k < m->nlmass; k++) {
    const MbeMechLineMass* lm = &m->lmass[k];
    const MbeMechComp* comp = &m->comps[lm->comp];
    MbeV3 a = lm->abias;
    for (size_t i = 0; udot != NULL && i < m->ndof; i++) {
      MbeV3 t = mbe_v3_scale(s, udot[i], lm->J[i]);
      a = mbe_v3_add(s, a, t);
    }
    MbeV3 ag0 = mbe_v3_sub(s, a, lm->g);
    MbeV3 F = mbe_v3_scale(s, lm->m, ag0);  // m (a - g), world
    MbeV3 Fa, Fb;                           // the shares of frame_a and frame_b
    if (comp->kind == MBE_MC_LINE_FORCE_WITH_TWO_MASSES) {
      // r_1 = r_a + L_a e0, r_2 = r_b - L_b e0; de0 = (I - e0 e0^T)(dr_b - dr_a)/s
      MbeStatus st = MBE_OK;
      MbeSymId len = param(m, lm->comp, lm->end == 0 ? "L_a" : "L_b", &st);
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
      MbeStatus st = MBE_OK;
      MbeSymId h = param(m, lm->comp, "lengthFraction", &st);
      MbeSymId one = mbe_sym_const(s, 1.0);
      MbeSymId h1 = mbe_sym_sub(s, one, h);
      Fa = mbe_v3_scale(s, h1, F);
      Fb = mbe_v3_scale(s, h, F);
    }
    for (int side = 0; side < 2; side++) {
      int f = side == 0 ? comp->frame_a : comp->frame_b;
      MbeV3 w = mbe_m3_mulv(s, frame_point(m, f)->R, side == 0 ? Fa : Fb);
      m->frames[f].f = mbe_v3_add(s, m->frames[f].f, w);
    }
  }
}

MbeStatus mbe_mech_forces(MbeMech* m) {
  MbeStatus st = MBE_OK;
  m->line_f = mbe_arena_alloc(m->arena, (m->ncomps + 1) * sizeof *m->line_f);
  m->line_len = mbe_arena_alloc(m->arena, (m->ncomps + 1) * sizeof *m->line_len);
  m->line_e0 = mbe_arena_alloc(m->arena, (m->ncomps + 1) * sizeof *m->line_e0);
  m->lmass = mbe_arena_alloc(m->arena, (2 * m->ncomps + 1) * sizeof *m->lmass);
  if (!m->line_f || !m->line_len || !m->line_e0 || !m->lmass) {
    return mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
  }
  for (size_t c = 0; c < m->ncomps && st == MBE_OK; c++) {
    switch (m->comps[c].kind) {
      case MBE_MC_WORLD_FORCE:
      case MBE_MC_WORLD_TORQUE:
      case MBE_MC_WORLD_FORCE_AND_TORQUE:
      case MBE_MC_FORCE:
      case MBE_MC_TORQUE:
      case MBE_MC_FORCE_AND_TORQUE: st = point_force(m, (int)c); break;
      case MBE_MC_SPRING:
      case MBE_MC_DAMPER:
      case MBE_MC_SPRING_DAMPER_PARALLEL:
      case MBE_MC_SPRING_DAMPER_SERIES:
      case MBE_MC_LINE_FORCE_WITH_MASS:
      case MBE_MC_LINE_FORCE_WITH_TWO_MASSES: st = line_force(m, (int)c); break;
      case MBE_MC_USER_LINE_FORCE:
      case MBE_MC_USER_FORCE:
      case MBE_MC_USER_TWO_FRAMES:
      case MBE_MC_USER_ONE_FRAME_A:
      case MBE_MC_USER_ONE_FRAME_B: st = mbe_mech_user_force(m, (int)c); break;
      case MBE_MC_FIXED_FRAME:
      case MBE_MC_FIXED_ARROW:
      case MBE_MC_FIXED_SHAPE:
      case MBE_MC_OTHER_VISUALIZER: {
        // no effect on the motion: zero cut wrenches
        MbeV3 z = mbe_v3_zero();
        set_wrench(m, m->comps[c].frame_a, z, z);
        break;
      }
      case MBE_MC_CUT_FORCE:
      case MBE_MC_CUT_TORQUE:
      case MBE_MC_CUT_FORCE_AND_TORQUE: {
        MbeV3 z = mbe_v3_zero();
        set_wrench(m, m->comps[c].frame_resolve, z, z);
        break;
      }
      case MBE_MC_JOINT_UPS: {
        // the axis force; the loads at frame_ia/ib enter the equations in Kane's form
        MbeMechComp* comp = &m->comps[c];
        MbeMechUps* u = &m->ups[c];
        MbeV3 fe = mbe_v3_scale(m->s, u->f, u->e0);
        MbeV3 fa = mbe_m3_mulv(m->s, frame_point(m, comp->frame_a)->R, fe);
        MbeV3 fb0 = mbe_m3_mulv(m->s, frame_point(m, comp->frame_b)->R, fe);
        set_wrench(m, comp->frame_a, mbe_v3_zero(), fa);
        set_wrench(m, comp->frame_b, mbe_v3_zero(), mbe_v3_neg(m->s, fb0));
        break;
      }
      default:
        if (mbe_mech_is_measuring_sensor(m->comps[c].kind)) {
          MbeV3 z = mbe_v3_zero();  // measures only: zero cut wrenches
          set_wrench(m, m->comps[c].frame_a, z, z);
          set_wrench(m, m->comps[c].frame_b, z, z);
          set_wrench(m, m->comps[c].frame_resolve, z, z);
        }
        break;
    }
    if (st == MBE_OK && m->input_error != MBE_OK)
      st = m->input_error;
  }
  return st;
}

/* ---- 1-D elements on joint axes ------------------------------------------------------------- */

static int set_of(MbeMech* m, int flange) {
  return flange < 0 ? -1 : m->flange_set[flange];
}

MbeStatus mbe_mech_drives(MbeMech* m) {
  MbeSym* s = m->s;
  MbeStatus st = MBE_OK;
  m->drive_f = mbe_arena_alloc(m->arena, (m->ncomps + 1) * sizeof *m->drive_f);
  m->line_fa = mbe_arena_alloc(m->arena, (m->ncomps + 1) * sizeof *m->line_fa);
  m->line_fb = mbe_arena_alloc(m->arena, (m->ncomps + 1) * sizeof *m->line_fb);
  if (!m->drive_f || !m->line_fa || !m->line_fb) {
    return mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
  }
  // positions of the sets: joint axes, supports and fixed flanges
  for (size_t k = 0; k < m->nsets; k++) {
    m->sets[k].edge = -1;
    m->sets[k].is_ground = false;
    m->sets[k].pos = m->sets[k].vel = m->sets[k].load = 0;
    m->sets[k].inertia = 0;
    m->sets[k].nflanges = 0;
    m->sets[k].line = -1;
  }
  for (size_t i = 0; i < m->nflanges; i++) {
    m->sets[m->flange_set[i]].nflanges++;
  }
  for (size_t c = 0; c < m->ncomps && st == MBE_OK; c++) {
    MbeMechComp* comp = &m->comps[c];
    int sa = set_of(m, comp->flange[0]), sb = set_of(m, comp->flange[1]);
    switch (comp->kind) {
      case MBE_MC_REVOLUTE:
      case MBE_MC_PRISMATIC:
        if (sa >= 0) {
          MbeMechFlangeSet* set = &m->sets[sa];
          if (set->edge >= 0 || set->is_ground) {
            return mbe_mech_error(m, MBE_ERR_UNSUPPORTED, (int)c,
                                  "its axis is connected to another joint axis or a fixed flange; "
                                  "1-D couplings between joints are not supported yet");
          }
          MbeMechEdge* e = &m->edges[comp->edge0];
          set->edge = comp->edge0;
          set->pos = mbe_sym_state(s, e->q0);
          set->vel = mbe_sym_state(s, e->u0);
        }
        if (sb >= 0)
          m->sets[sb].is_ground = true;
        break;
      case MBE_MC_ROT_FIXED:
      case MBE_MC_TRANS_FIXED:
        if (sb >= 0) {
          m->sets[sb].is_ground = true;
          m->sets[sb].pos = param(m, (int)c, comp->kind == MBE_MC_ROT_FIXED ? "phi0" : "s0", &st);
        }
        break;
      case MBE_MC_JOINT_UPS: {
        // axis.s = axis length - s_offset, bearing.s = 0: a prismatic along the axis
        MbeMechUps* u = &m->ups[c];
        MbeSymId off = param(m, (int)c, "s_offset", &st);
        MbeMechPoint* A = &m->points[m->frames[comp->frame_a].point];
        MbeMechPoint* B = &m->points[m->frames[comp->frame_b].point];
        MbeV3 va = mbe_m3_tmulv(s, A->R, A->v), vb = mbe_m3_tmulv(s, B->R, B->v);
        MbeV3 dv = mbe_v3_sub(s, vb, va);
        MbeSymId Ld = mbe_v3_dot(s, u->e0, dv);
        for (int k = 0; k < 2; k++) {
          int sk = k == 0 ? sa : sb;
          if (sk < 0)
            continue;
          if (m->sets[sk].edge >= 0 || m->sets[sk].is_ground || m->sets[sk].line >= 0) {
            return mbe_mech_error(
                m, MBE_ERR_UNSUPPORTED, (int)c,
                "its axis or bearing is connected to a joint axis, a fixed flange "
                "or a line force; such 1-D couplings are not supported yet");
          }
          m->sets[sk].line = (int)c;
          m->sets[sk].pos = k == 0 ? mbe_sym_sub(s, u->L, off) : 0;
          m->sets[sk].vel = k == 0 ? Ld : 0;
        }
        break;
      }
      case MBE_MC_LINE_FORCE_WITH_MASS:
      case MBE_MC_LINE_FORCE_WITH_TWO_MASSES: {
        // flange_a.s = 0, flange_b.s = the distance of the frame origins (unguarded)
        if (comp->frame_a < 0 || comp->frame_b < 0)
          break;  // reported by line_force
        MbeMechPoint* A = &m->points[m->frames[comp->frame_a].point];
        MbeMechPoint* B = &m->points[m->frames[comp->frame_b].point];
        MbeV3 r = mbe_v3_sub(s, B->r0, A->r0);
        MbeSymId L = mbe_v3_norm(s, r);
        MbeV3 va = mbe_m3_tmulv(s, A->R, A->v);
        MbeV3 vb = mbe_m3_tmulv(s, B->R, B->v);
        MbeV3 dv = mbe_v3_sub(s, vb, va);
        MbeSymId rdv = mbe_v3_dot(s, r, dv);
        MbeSymId Ld = mbe_sym_div(s, rdv, L);
        for (int k = 0; k < 2; k++) {
          int sk = k == 0 ? sa : sb;
          if (sk < 0)
            continue;
          if (m->sets[sk].edge >= 0 || m->sets[sk].is_ground || m->sets[sk].line >= 0) {
            return mbe_mech_error(m, MBE_ERR_UNSUPPORTED, (int)c,
                                  "its flange is connected to a joint axis, a fixed flange or "
                                  "another line force; such 1-D couplings are not supported yet");
          }
          m->sets[sk].line = (int)c;
          m->sets[sk].pos = k == 0 ? 0 : L;
          m->sets[sk].vel = k == 0 ? 0 : Ld;
        }
        break;
      }
      default: break;
    }
  }
  // the elements
  for (size_t c = 0; c < m->ncomps && st == MBE_OK; c++) {
    MbeMechComp* comp = &m->comps[c];
    int sa = set_of(m, comp->flange[0]), sb = set_of(m, comp->flange[1]);
    bool rot = true;
    MbeSymId f = 0;
    switch (comp->kind) {
      case MBE_MC_ROT_SPRING:
      case MBE_MC_ROT_DAMPER:
      case MBE_MC_ROT_SPRING_DAMPER:
      case MBE_MC_TRANS_SPRING:
      case MBE_MC_TRANS_DAMPER:
      case MBE_MC_TRANS_SPRING_DAMPER:
      case MBE_MC_USER_TRANS_COMPLIANT:
      case MBE_MC_USER_TRANS_RELATIVE:
      case MBE_MC_USER_ROT_COMPLIANT:
      case MBE_MC_USER_ROT_RELATIVE:
      case MBE_MC_USER_ROT_TWO_FLANGES:
      case MBE_MC_USER_TRANS_TWO_FLANGES: {
        rot = comp->kind <= MBE_MC_ROT_SPRING_DAMPER;
        if (sa < 0 || sb < 0) {
          return mbe_mech_error(m, MBE_ERR_MODEL, (int)c,
                                "flange_a and flange_b must be connected");
        }
        MbeMechFlangeSet *A = &m->sets[sa], *B = &m->sets[sb];
        if ((A->edge < 0 && !A->is_ground && A->line < 0) ||
            (B->edge < 0 && !B->is_ground && B->line < 0)) {
          return mbe_mech_error(m, MBE_ERR_UNSUPPORTED, (int)c,
                                "a 1-D element must sit between a joint axis and its support or a "
                                "fixed flange; 1-D drive trains are not supported yet");
        }
        if (comp->kind == MBE_MC_USER_ROT_TWO_FLANGES ||
            comp->kind == MBE_MC_USER_TRANS_TWO_FLANGES) {
          // the law states both flanges' torques (forces) itself
          MbeSymId fa = 0;
          st = mbe_mech_user_flanges(m, (int)c, A, B, &fa, &f);
          A->load = mbe_sym_add(s, A->load, fa);
          B->load = mbe_sym_add(s, B->load, f);
          m->drive_f[c] = f;
          break;
        }
        MbeSymId rel = mbe_sym_sub(s, B->pos, A->pos);
        MbeSymId relv = mbe_sym_sub(s, B->vel, A->vel);
        if (mbe_mech_is_user(comp->kind)) {
          st = mbe_mech_user_force_1d(m, (int)c, rel, relv, &f);  // a law in equations
        }
        bool spring = comp->kind == MBE_MC_ROT_SPRING || comp->kind == MBE_MC_ROT_SPRING_DAMPER ||
                      comp->kind == MBE_MC_TRANS_SPRING || comp->kind == MBE_MC_TRANS_SPRING_DAMPER;
        bool damper = comp->kind != MBE_MC_ROT_SPRING && comp->kind != MBE_MC_TRANS_SPRING &&
                      !mbe_mech_is_user(comp->kind);
        if (spring) {
          MbeSymId cc = param(m, (int)c, "c", &st);
          MbeSymId r0 = param(m, (int)c, rot ? "phi_rel0" : "s_rel0", &st);
          MbeSymId x = mbe_sym_sub(s, rel, r0);
          f = mbe_sym_mul(s, cc, x);
        }
        if (damper) {
          MbeSymId d = param(m, (int)c, "d", &st);
          MbeSymId fd = mbe_sym_mul(s, d, relv);
          f = spring ? mbe_sym_add(s, f, fd) : fd;
        }
        // flange_b.tau = f, flange_a.tau = -f (acting on the element)
        B->load = mbe_sym_add(s, B->load, f);
        A->load = mbe_sym_sub(s, A->load, f);
        m->drive_f[c] = f;
        break;
      }
      case MBE_MC_ROT_INERTIA:
      case MBE_MC_TRANS_MASS: {
        // rides on the joint axis of its connected flange(s): adds to that coordinate's inertia
        int set = -1;
        for (int k = 0; k < 2; k++) {
          int sk = k == 0 ? sa : sb;
          if (sk < 0 || m->sets[sk].nflanges < 2)
            continue;  // unconnected
          if (set >= 0 && sk != set) {
            return mbe_mech_error(m, MBE_ERR_UNSUPPORTED, (int)c,
                                  "a 1-D inertia between two different shafts is a 1-D drive "
                                  "train, which is not supported yet");
          }
          set = sk;
        }
        if (set < 0 || m->sets[set].edge < 0) {
          return mbe_mech_error(m, MBE_ERR_UNSUPPORTED, (int)c,
                                "a 1-D inertia must ride on a joint axis (useAxisFlange=true); "
                                "free 1-D drive trains are not supported yet");
        }
        MbeSymId J = param(m, (int)c, comp->kind == MBE_MC_ROT_INERTIA ? "J" : "m", &st);
        if (st != MBE_OK)
          return st;
        m->sets[set].inertia = mbe_sym_add(s, m->sets[set].inertia, J);
        m->drive_f[c] = (MbeSymId)set;  // outputs find the axis through this
        break;
      }
      case MBE_MC_USER_ROT_TORQUE:
      case MBE_MC_USER_TRANS_FORCE: {
        // a user's source law: the flange's torque (force) from its position and speed; the
        // support (where present) takes the opposite, support.tau = -flange.tau
        int ss = set_of(m, comp->flange[2]);
        const MbeMechFlangeSet* S = ss >= 0 ? &m->sets[ss] : NULL;
        if (sb < 0 || m->sets[sb].nflanges < 2) {
          return mbe_mech_error(m, MBE_ERR_MODEL, (int)c, "flange is not connected");
        }
        MbeMechFlangeSet* F = &m->sets[sb];
        if ((F->edge < 0 && !F->is_ground && F->line < 0) ||
            (S && S->nflanges > 1 && S->edge < 0 && !S->is_ground && S->line < 0)) {
          return mbe_mech_error(m, MBE_ERR_UNSUPPORTED, (int)c,
                                "a 1-D source must drive a joint axis (its support on the joint's "
                                "support or a fixed flange); 1-D drive trains are not supported "
                                "yet");
        }
        if ((st = mbe_mech_user_source(m, (int)c, F, S, &f)) != MBE_OK) {
          return st;
        }
        F->load = mbe_sym_add(s, F->load, f);
        if (ss >= 0) {
          m->sets[ss].load = mbe_sym_sub(s, m->sets[ss].load, f);
        }
        m->drive_f[c] = f;
        break;
      }
      case MBE_MC_ROT_TORQUE:
      case MBE_MC_TRANS_FORCE:
      case MBE_MC_ROT_CONSTANT_TORQUE:
      case MBE_MC_TRANS_CONSTANT_FORCE: {
        if (sb < 0) {
          return mbe_mech_error(m, MBE_ERR_MODEL, (int)c, "flange is not connected");
        }
        if (comp->kind == MBE_MC_ROT_TORQUE || comp->kind == MBE_MC_TRANS_FORCE) {
          f = mbe_mech_input(m, (int)c, comp->kind == MBE_MC_ROT_TORQUE ? "tau" : "f", 0);
          if (m->input_error != MBE_OK)
            return m->input_error;
        } else {
          f = param(m, (int)c,
                    comp->kind == MBE_MC_ROT_CONSTANT_TORQUE ? "tau_constant" : "f_constant", &st);
        }
        // the source drives: flange.tau = -f
        m->sets[sb].load = mbe_sym_sub(s, m->sets[sb].load, f);
        m->drive_f[c] = f;
        break;
      }
      default: break;
    }
  }
  if (st != MBE_OK)
    return st;
  // what a joint axis or a line-force flange receives: minus the elements' loads in its set
  for (size_t k = 0; k < m->nsets; k++) {
    MbeMechFlangeSet* set = &m->sets[k];
    if (set->edge >= 0 || set->line >= 0)
      set->load = mbe_sym_neg(s, set->load);
  }
  // the JointUPS's axis force f = axis.f (zero with the axis unconnected)
  for (size_t c = 0; c < m->ncomps; c++) {
    MbeMechComp* comp = &m->comps[c];
    if (comp->kind != MBE_MC_JOINT_UPS)
      continue;
    int sa = set_of(m, comp->flange[0]);
    m->ups[c].f = sa >= 0 && m->sets[sa].nflanges > 1 ? m->sets[sa].load : 0;
  }
  // the 1-D force in each line-force flange; with one flange connected, the other carries its
  // negative (the MSL's rule); with none, zero
  for (size_t c = 0; c < m->ncomps; c++) {
    MbeMechComp* comp = &m->comps[c];
    if (comp->kind != MBE_MC_LINE_FORCE_WITH_MASS &&
        comp->kind != MBE_MC_LINE_FORCE_WITH_TWO_MASSES) {
      continue;
    }
    int sa = set_of(m, comp->flange[0]), sb = set_of(m, comp->flange[1]);
    bool ca = sa >= 0 && m->sets[sa].nflanges > 1, cb = sb >= 0 && m->sets[sb].nflanges > 1;
    MbeSymId fa = ca ? m->sets[sa].load : 0, fb = cb ? m->sets[sb].load : 0;
    if (ca && !cb)
      fb = mbe_sym_neg(s, fa);
    if (cb && !ca)
      fa = mbe_sym_neg(s, fb);
    m->line_fa[c] = fa;
    m->line_fb[c] = fb;
  }
  return MBE_OK;
}

void mbe_mech_drive_forces(MbeMech* m, MbeSymId* tau, MbeSymId* H) {
  MbeSym* s = m->s;
  for (size_t k = 0; k < m->nsets; k++) {
    MbeMechFlangeSet* set = &m->sets[k];
    if (set->edge < 0)
      continue;
    size_t d = (size_t)m->edges[set->edge].dof0;
    tau[d] = mbe_sym_add(s, tau[d], set->load);
    if (set->inertia != 0) {
      H[d * m->ndof + d] = mbe_sym_add(s, H[d * m->ndof + d], set->inertia);
    }
  }
}
