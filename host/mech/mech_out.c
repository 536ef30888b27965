// SPDX-License-Identifier: Apache-2.0
// The variables a user can name, as output nodes: states, every frame connector's position,
// orientation, angular velocity and cut wrench, joint, body and force-element variables with the
// MSL's names, including the internal names of composite parts (boxBody1.body.w_a,
// boxBody1.frameTranslation.frame_b.f).
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mech_internal.h"

void mbe_mech_signal(MbeMech* m, const char* name, MbeSymId id) {
  if (m->nsigs == m->cap_sigs) {
    size_t cap = m->cap_sigs ? 2 * m->cap_sigs : 256;
    MbeSignal* p = mbe_realloc(m->sigs, cap * sizeof *p);
    if (p == NULL) {
      m->s->is_oom = true;
      return;
    }
    m->sigs = p;
    m->cap_sigs = cap;
  }
  m->sigs[m->nsigs].name = name;
  m->sigs[m->nsigs].id = id;
  m->nsigs++;
}

static void sig(MbeMech* m, const char* prefix, const char* var, MbeSymId id) {
  mbe_mech_signal(m, mbe_arena_printf(m->arena, "%s.%s", prefix, var), id);
}

void mbe_mech_signal_v3(MbeMech* m, const char* prefix, const char* var, MbeV3 v) {
  for (int i = 0; i < 3; i++) {
    mbe_mech_signal(m, mbe_arena_printf(m->arena, "%s.%s[%d]", prefix, var, i + 1), v.e[i]);
  }
}

static void sig_n(MbeMech* m, const char* prefix, const char* var, const MbeSymId* v, int n) {
  for (int i = 0; i < n; i++) {
    mbe_mech_signal(m, mbe_arena_printf(m->arena, "%s.%s[%d]", prefix, var, i + 1), v[i]);
  }
}

static void frame_signals(MbeMech* m, const char* name, int point, const MbeV3* t, const MbeV3* f) {
  const MbeMechPoint* P = &m->points[point];
  mbe_mech_signal_v3(m, name, "r_0", P->r0);
  for (int i = 0; i < 3; i++) {
    for (int j = 0; j < 3; j++) {
      mbe_mech_signal(m, mbe_arena_printf(m->arena, "%s.R.T[%d,%d]", name, i + 1, j + 1),
                      P->R.e[3 * i + j]);
    }
  }
  mbe_mech_signal_v3(m, name, "R.w", P->w);
  if (t != NULL) {
    mbe_mech_signal_v3(m, name, "f", *f);
    mbe_mech_signal_v3(m, name, "t", *t);
  }
}

static int frame_at(const MbeMech* m, const MbeMechComp* c, int point, int not_frame) {
  if (c->frame_a >= 0 && c->frame_a != not_frame && m->frames[c->frame_a].point == point) {
    return c->frame_a;
  }
  if (c->frame_b >= 0 && c->frame_b != not_frame && m->frames[c->frame_b].point == point) {
    return c->frame_b;
  }
  return -1;
}

static void set_frame(MbeMech* m, int frame, MbeV3 t, MbeV3 f) {
  if (frame < 0)
    return;
  m->frames[frame].t = t;
  m->frames[frame].f = f;
  m->frames[frame].has_wrench = true;
}

// the cut wrenches of the components that carry tree edges (joints, rigid parts, world)
static void edge_wrenches(MbeMech* m) {
  MbeSym* s = m->s;
  for (size_t i = 0; i < m->ntree; i++) {
    MbeMechEdge* e = &m->edges[m->tree_edges[i]];
    if (e->type == MBE_EDGE_FLOAT || e->type == MBE_EDGE_FLOAT_POINT)
      continue;
    const MbeMechComp* c = &m->comps[e->via >= 0 ? e->via : e->comp];
    const MbeMechPoint* C = &m->points[e->child_point];
    int fc = frame_at(m, c, e->child_point, -1);
    MbeV3 t = C->Ft, f = C->Ff;
    if (c->body >= 0 && fc >= 0 && fc == c->frame_a && e->via < 0) {
      t = mbe_v3_sub(s, t, m->bodies[c->body].wt);
      f = mbe_v3_sub(s, f, m->bodies[c->body].wf);
    }
    if (fc >= 0) {
      MbeV3 nt = mbe_v3_neg(s, t), nf = mbe_v3_neg(s, f);
      set_frame(m, fc, nt, nf);
    }
    if (e->parent_point < 0)
      continue;
    int fp = frame_at(m, c, e->parent_point, fc);
    if (fp < 0)
      continue;
    MbeV3 pt, pf;
    mbe_mech_force_up(m, e, C->Ft, C->Ff, &pt, &pf);
    if (c->body >= 0 && fp == c->frame_a && e->via < 0) {
      pt = mbe_v3_add(s, pt, m->bodies[c->body].wt);
      pf = mbe_v3_add(s, pf, m->bodies[c->body].wf);
    }
    set_frame(m, fp, pt, pf);
  }
  // composite bodies with nothing at frame_b: frame_a carries the body alone
  for (size_t b = 0; b < m->nbodies; b++) {
    MbeMechBody* bd = &m->bodies[b];
    if (!m->frames[bd->frame].has_wrench) {
      set_frame(m, bd->frame, bd->wt, bd->wf);
    }
  }
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
    sig_n(m, prefix, "Q", Q, 4);
    sig_n(m, prefix, "phi", phi, 3);
    sig_n(m, prefix, "phi_d", phid, 3);
    sig_n(m, prefix, "phi_dd", phidd, 3);
  }
}

static MbeStatus scalar_init_outputs(MbeMech* m, int c);

// FreeMotionScalarInit: every scalar relative quantity, under each element's name, from the
// states of the edge its elements share; an element without such an edge in the tree outputs
// what its frames' motion gives
static MbeStatus scalar_init_signals(MbeMech* m, int c) {
  MbeSym* s = m->s;
  const MbeMechComp* comp = &m->comps[c];
  for (size_t k = 0; k < m->ntree; k++) {
    const MbeMechEdge* e = &m->edges[m->tree_edges[k]];
    if (!e->scalar_names || e->pa != m->frames[comp->frame_a].point ||
        e->pb != m->frames[comp->frame_b].point) {
      continue;
    }
    for (int i = 0; i < 3; i++) {
      const char* n = comp->name;
      mbe_mech_signal(m, mbe_arena_printf(m->arena, "%s.r_rel_a_%d", n, i + 1),
                      mbe_sym_state(s, e->q0 + i));
      mbe_mech_signal(m, mbe_arena_printf(m->arena, "%s.v_rel_a_%d", n, i + 1),
                      mbe_sym_state(s, e->u0 + i));
      mbe_mech_signal(m, mbe_arena_printf(m->arena, "%s.a_rel_a_%d", n, i + 1), e->udot[i]);
      mbe_mech_signal(m, mbe_arena_printf(m->arena, "%s.angle_%d", n, i + 1),
                      mbe_sym_state(s, e->q0 + 3 + i));
      mbe_mech_signal(m, mbe_arena_printf(m->arena, "%s.angle_d_%d", n, i + 1),
                      mbe_sym_state(s, e->u0 + 3 + i));
      // the MSL differentiates angle_d with Der blocks derdd[i]: their input is angle_d
      mbe_mech_signal(m, mbe_arena_printf(m->arena, "%s.derdd[%d].u", n, i + 1),
                      mbe_sym_state(s, e->u0 + 3 + i));
      mbe_mech_signal(m, mbe_arena_printf(m->arena, "%s.angle_dd_%d", n, i + 1), e->udot[3 + i]);
      mbe_mech_signal(m, mbe_arena_printf(m->arena, "%s.w_rel_b_%d", n, i + 1), e->w_ab.e[i]);
    }
    return MBE_OK;
  }
  return scalar_init_outputs(m, c);
}

static void joint_signals(MbeMech* m, int c) {
  MbeSym* s = m->s;
  const MbeMechComp* comp = &m->comps[c];
  for (int k = 0; k < comp->nedges; k++) {
    const MbeMechEdge* e = &m->edges[comp->edge0 + k];
    if (!e->in_tree || e->qname[0] == NULL)
      continue;
    if (e->type == MBE_EDGE_REVOLUTE || e->type == MBE_EDGE_PRISMATIC) {
      MbeSymId q = mbe_sym_state(s, e->q0), u = mbe_sym_state(s, e->u0);
      mbe_mech_signal(m, e->qname[0], q);
      mbe_mech_signal(m, e->uname[0], u);
      // the acceleration's name: a, or a_a/a_b (Universal), a_x/a_y, wd (Planar, Cylindrical)
      const char* qn = strrchr(e->qname[0], '.') + 1;
      const char* an = "a";
      if (strcmp(qn, "phi_a") == 0)
        an = "a_a";
      else if (strcmp(qn, "phi_b") == 0)
        an = "a_b";
      else if (strcmp(qn, "s_x") == 0)
        an = "a_x";
      else if (strcmp(qn, "s_y") == 0)
        an = "a_y";
      else if (strcmp(qn, "phi") == 0 && comp->kind != MBE_MC_REVOLUTE)
        an = "wd";
      sig(m, comp->name, an, e->udot[0]);
      if (comp->kind == MBE_MC_REVOLUTE)
        sig(m, comp->name, "angle", q);
      continue;
    }
    // spherical / free motion with states
    int rq = 0, ru = 0;
    if (e->type == MBE_EDGE_FREE) {
      MbeV3 r, v, a = {{e->udot[0], e->udot[1], e->udot[2]}};
      for (int i = 0; i < 3; i++) {  // one creating call per statement (sym.h)
        r.e[i] = mbe_sym_state(s, e->q0 + i);
        v.e[i] = mbe_sym_state(s, e->u0 + i);
      }
      mbe_mech_signal_v3(m, comp->name, "r_rel_a", r);
      mbe_mech_signal_v3(m, comp->name, "v_rel_a", v);
      mbe_mech_signal_v3(m, comp->name, "a_rel_a", a);
      rq = 3, ru = 3;
    }
    if (e->type != MBE_EDGE_FREE && e->type != MBE_EDGE_ROTATION)
      continue;
    const char* wn = e->type == MBE_EDGE_FREE ? "w_rel_b" : "w_rel";
    MbeSymId Q[4] = {0, 0, 0, mbe_sym_const(s, 1.0)}, phi[3] = {0, 0, 0}, phid[3] = {0, 0, 0},
             phidd[3] = {0, 0, 0};
    if (e->use_q) {
      for (int i = 0; i < 4; i++)
        Q[i] = mbe_sym_state(s, e->q0 + rq + i);
    } else {
      for (int i = 0; i < 3; i++) {
        phi[i] = mbe_sym_state(s, e->q0 + rq + i);
        phid[i] = mbe_sym_state(s, e->u0 + ru + i);
        phidd[i] = e->udot[ru + i];
      }
    }
    sig_n(m, comp->name, "Q", Q, 4);
    sig_n(m, comp->name, "phi", phi, 3);
    sig_n(m, comp->name, "phi_d", phid, 3);
    sig_n(m, comp->name, "phi_dd", phidd, 3);
    mbe_mech_signal_v3(m, comp->name, wn, e->w_ab);
  }
}

MbeStatus mbe_mech_der(MbeMech* m, MbeSymId e, MbeSymId* out) {
  MbeSym* s = m->s;
  MbeSymId acc;
  MbeStatus st = mbe_sym_diff(s, e, mbe_sym_time(s), &acc, m->err);
  for (size_t i = 0; i < m->nx && st == MBE_OK; i++) {
    MbeSymId d;
    st = mbe_sym_diff(s, e, mbe_sym_state(s, (int)i), &d, m->err);
    if (st == MBE_OK && d != 0) {
      MbeSymId t = mbe_sym_mul(s, d, m->xdot[i]);
      acc = mbe_sym_add(s, acc, t);
    }
  }
  *out = acc;
  return st;
}

static MbeStatus der3(MbeMech* m, MbeV3 v, MbeV3* out) {
  for (int i = 0; i < 3; i++) {
    MbeStatus st = mbe_mech_der(m, v.e[i], &out->e[i]);
    if (st != MBE_OK)
      return st;
  }
  return MBE_OK;
}

// element i + 1 of v as the output `var`_(i + 1) of comp
static void sig_scalars(MbeMech* m, const char* comp, const char* var, MbeV3 v) {
  for (int i = 0; i < 3; i++) {
    mbe_mech_signal(m, mbe_arena_printf(m->arena, "%s.%s_%d", comp, var, i + 1), v.e[i]);
  }
}

// A FreeMotionScalarInit element whose coordinates are no states: the outputs its flags declare,
// from the motion of its frames as the MSL's InitPosition (r_rel_a = resolve2(R_a, r_b - r_a)),
// InitAngle (the angles of R_rel = R_b R_a^T about sequence_start; of the two solutions the one
// whose first angle is nearer angle_1's start) and InitAngularVelocity (w_rel_b = w_b -
// resolve2(R_rel, w_a)) compute them, and their derivatives (the Der blocks) in time
static MbeStatus scalar_init_outputs(MbeMech* m, int c) {
  MbeSym* s = m->s;
  const MbeMechComp* comp = &m->comps[c];
  const char* n = comp->name;
  const MbeMechPoint* A = &m->points[m->frames[comp->frame_a].point];
  const MbeMechPoint* B = &m->points[m->frames[comp->frame_b].point];
  bool use_r = mbe_mech_bool(m, c, "use_r"), use_angle = mbe_mech_bool(m, c, "use_angle");
  bool use_v = use_r && mbe_mech_bool(m, c, "use_v");
  bool use_a = use_v && mbe_mech_bool(m, c, "use_a");
  bool use_d = use_angle && mbe_mech_bool(m, c, "use_angle_d");
  bool use_dd = use_d && mbe_mech_bool(m, c, "use_angle_dd");
  bool use_w = mbe_mech_bool(m, c, "use_w");
  bool use_z = use_w && mbe_mech_bool(m, c, "use_z");
  MbeStatus st = MBE_OK;

  // relative position and its derivatives in frame_a's coordinates
  MbeV3 d = mbe_v3_sub(s, B->r0, A->r0);
  MbeV3 r = mbe_m3_mulv(s, A->R, d), v = mbe_v3_zero(), a = v;
  if (use_v)
    st = der3(m, r, &v);
  if (st == MBE_OK && use_a)
    st = der3(m, v, &a);
  if (use_r)
    sig_scalars(m, n, "r_rel_a", r);
  if (use_v)
    sig_scalars(m, n, "v_rel_a", v);
  if (use_a)
    sig_scalars(m, n, "a_rel_a", a);

  // relative orientation
  MbeM3 Rrel = mbe_m3_mul(s, B->R, mbe_m3_transpose(A->R));
  if (st == MBE_OK && use_angle) {
    int seq[3];
    for (int i = 0; i < 3 && st == MBE_OK; i++) {
      st = mbe_mech_int(m, c, "sequence_start", i, &seq[i]);
    }
    char g1[512];
    snprintf(g1, sizeof g1, "%s.angle_1", n);
    MbeSymId guess = mbe_sym_const(s, mbe_mech_start_nominal(m, g1, 0));
    MbeSymId ang[3];
    mbe_m3_axes_angles(s, Rrel, seq, guess, ang);
    MbeV3 phi = {{ang[0], ang[1], ang[2]}}, phid = mbe_v3_zero(), phidd = phid;
    if (st == MBE_OK && use_d)
      st = der3(m, phi, &phid);
    if (st == MBE_OK && use_dd)
      st = der3(m, phid, &phidd);
    sig_scalars(m, n, "angle", phi);
    if (use_d)
      sig_scalars(m, n, "angle_d", phid);
    if (use_dd) {
      sig_scalars(m, n, "angle_dd", phidd);
      for (int i = 0; i < 3; i++) {
        mbe_mech_signal(m, mbe_arena_printf(m->arena, "%s.derdd[%d].u", n, i + 1), phid.e[i]);
      }
    }
  }

  // relative angular velocity in frame_b's coordinates
  if (st == MBE_OK && use_w) {
    MbeV3 wa = mbe_m3_mulv(s, Rrel, A->w);
    MbeV3 w = mbe_v3_sub(s, B->w, wa), z = mbe_v3_zero();
    if (use_z)
      st = der3(m, w, &z);
    sig_scalars(m, n, "w_rel_b", w);
    if (use_z)
      sig_scalars(m, n, "z_rel_b", z);
  }
  return st;
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
      sig(m, comp->name, "distance", mbe_sym_op(s, MBE_SYM_SELECT, gap, root, near));
      return MBE_OK;
    }
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
  bool get_a = all && mbe_mech_bool(m, c, relative ? "get_a_rel" : "get_a");
  bool get_w = all ? mbe_mech_bool(m, c, relative ? "get_w_rel" : "get_w")
                   : comp->kind == MBE_MC_ABSOLUTE_ANGULAR_VELOCITY ||
                         comp->kind == MBE_MC_RELATIVE_ANGULAR_VELOCITY;
  bool get_z = all && mbe_mech_bool(m, c, relative ? "get_z_rel" : "get_z");
  st = sensor_frame(m, c, "resolveInFrame", relative, &F);
  if (st != MBE_OK)
    return st;
  const MbeMechPoint* A = &m->points[m->frames[comp->frame_a].point];
  if (all && mbe_mech_bool(m, c, "get_angles")) {
    // axesRotationsAngles of frame_a (absolute) or of frame_b relative to frame_a
    int seq[3];
    double guess;
    for (int i = 0; i < 3 && st == MBE_OK; i++)
      st = mbe_mech_int(m, c, "sequence", i, &seq[i]);
    if (st == MBE_OK)
      st = mbe_mech_real(m, c, "guessAngle1", 0, &guess);
    if (st != MBE_OK)
      return st;
    MbeM3 R = A->R;
    if (relative) {
      MbeM3 Rat = mbe_m3_transpose(A->R);
      R = mbe_m3_mul(s, m->points[m->frames[comp->frame_b].point].R, Rat);
    }
    MbeSymId ang[3];
    mbe_m3_axes_angles(s, R, seq, mbe_sym_const(s, guess), ang);
    mbe_mech_signal_v3(m, comp->name, "angles", (MbeV3){{ang[0], ang[1], ang[2]}});
  }
  const char* suffix = relative ? "_rel" : "";
  char name[16];
  if (!relative) {
    // world quantities of frame_a, then resolved (the MSL differentiates in the world frame)
    MbeV3 v0 = mbe_m3_tmulv(s, A->R, A->v);
    MbeV3 wxv = mbe_v3_cross(s, A->w, A->v);
    MbeV3 al = mbe_v3_add(s, A->av, wxv);
    MbeV3 a0 = mbe_m3_tmulv(s, A->R, al);
    MbeV3 w0 = mbe_m3_tmulv(s, A->R, A->w);
    MbeV3 z0 = mbe_m3_tmulv(s, A->R, A->aw);
    if (get_r)
      mbe_mech_signal_v3(m, comp->name, "r", in_frame(m, A->r0, F));
    if (get_v)
      mbe_mech_signal_v3(m, comp->name, "v", in_frame(m, v0, F));
    if (get_a)
      mbe_mech_signal_v3(m, comp->name, "a", in_frame(m, a0, F));
    if (get_w)
      mbe_mech_signal_v3(m, comp->name, "w", in_frame(m, w0, F));
    if (get_z)
      mbe_mech_signal_v3(m, comp->name, "z", in_frame(m, z0, F));
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
    st = der3(m, r, &v);
  if (st == MBE_OK && get_a)
    st = der3(m, v, &a);
  if (st == MBE_OK && get_z)
    st = der3(m, w, &z);
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

MbeStatus mbe_mech_outputs(MbeMech* m) {
  MbeSym* s = m->s;
  mbe_mech_line_mass_wrenches(m, m->udot);  // part of the line forces' cut wrenches now
  mbe_mech_derived_wrenches(m, m->udot);    // and of the JointUPS's
  MbeStatus st = mbe_mech_newton_euler(m, m->udot);
  if (st != MBE_OK)
    return st;
  edge_wrenches(m);
  for (size_t i = 0; i < m->ntree; i++) {
    const MbeMechEdge* e = &m->edges[m->tree_edges[i]];
    for (int part = 0; part < 2; part++) {
      if (e->qname[part] == NULL)
        continue;
      int nq = e->nq, nu = e->nu, qo = 0, uo = 0;
      if (e->type == MBE_EDGE_FREE || e->type == MBE_EDGE_FLOAT) {
        nq = part == 0 ? 3 : e->nq - 3;
        nu = 3;
        qo = part == 0 ? 0 : 3;
        uo = part == 0 ? 0 : 3;
      }
      const char* fmt = e->scalar_names ? "%s_%d" : "%s[%d]";
      for (int k = 0; k < nq; k++) {
        const char* nm =
            nq == 1 ? e->qname[part] : mbe_arena_printf(m->arena, fmt, e->qname[part], k + 1);
        m->state_names[e->q0 + qo + k] = nm;
      }
      for (int k = 0; k < nu; k++) {
        const char* nm =
            nu == 1 ? e->uname[part] : mbe_arena_printf(m->arena, fmt, e->uname[part], k + 1);
        m->state_names[e->u0 + uo + k] = nm;
      }
    }
  }
  for (size_t c = 0; c < m->ncomps; c++) {
    if (mbe_mech_is_user(m->comps[c].kind)) {
      for (int k = 0; k < m->comps[c].nstates; k++) {
        m->state_names[m->comps[c].state + k] = m->flat->vars[m->user[c].svar[k]].name;
      }
    } else if (m->comps[c].state >= 0) {
      m->state_names[m->comps[c].state] =
          mbe_arena_printf(m->arena, "%s.s_damper", m->comps[c].name);
    }
  }
  for (size_t i = 0; i < m->nx; i++) {
    if (m->state_names[i] == NULL) {
      m->state_names[i] = mbe_arena_printf(m->arena, "x[%zu]", i + 1);
    }
    mbe_mech_signal(m, m->state_names[i], mbe_sym_state(s, (int)i));
  }
  for (size_t k = 0; k < m->nframes; k++) {
    const MbeMechFrame* fr = &m->frames[k];
    if (m->points[fr->point].order < 0)
      continue;
    const char* name = m->flat->insts[fr->inst].name;
    frame_signals(m, name, fr->point, fr->has_wrench ? &fr->t : NULL, &fr->f);
  }
  for (size_t c = 0; c < m->ncomps; c++) {
    const MbeMechComp* comp = &m->comps[c];
    switch (comp->kind) {
      case MBE_MC_BODY:
      case MBE_MC_POINT_MASS: body_signals(m, &m->bodies[comp->body], comp->name, true); break;
      case MBE_MC_BODY_SHAPE:
      case MBE_MC_BODY_BOX:
      case MBE_MC_BODY_CYLINDER: {
        const MbeMechBody* bd = &m->bodies[comp->body];
        body_signals(m, bd, comp->name, false);
        body_signals(m, bd, bd->name, true);
        const MbeMechFrame* fa = &m->frames[comp->frame_a];
        const char* inner = mbe_arena_printf(m->arena, "%s.frame_a", bd->name);
        frame_signals(m, inner, fa->point, &bd->wt, &bd->wf);
        if (comp->frame_b >= 0 && m->frames[comp->frame_b].has_wrench) {
          const MbeMechFrame* fb = &m->frames[comp->frame_b];
          MbeV3 ta = mbe_v3_sub(s, fa->t, bd->wt), ff = mbe_v3_sub(s, fa->f, bd->wf);
          frame_signals(m, mbe_arena_printf(m->arena, "%s.frameTranslation.frame_a", comp->name),
                        fa->point, &ta, &ff);
          frame_signals(m, mbe_arena_printf(m->arena, "%s.frameTranslation.frame_b", comp->name),
                        fb->point, &fb->t, &fb->f);
        }
        break;
      }
      case MBE_MC_REVOLUTE:
      case MBE_MC_PRISMATIC:
      case MBE_MC_CYLINDRICAL:
      case MBE_MC_UNIVERSAL:
      case MBE_MC_PLANAR:
      case MBE_MC_SPHERICAL:
      case MBE_MC_FREE_MOTION: joint_signals(m, (int)c); break;
      case MBE_MC_FREE_MOTION_SCALAR_INIT: {
        MbeStatus st2 = scalar_init_signals(m, (int)c);
        if (st2 != MBE_OK)
          return st2;
        break;
      }

      case MBE_MC_CUT_FORCE:
      case MBE_MC_CUT_TORQUE:
      case MBE_MC_CUT_FORCE_AND_TORQUE: {
        MbeStatus st2 = sensor_signals(m, (int)c);
        if (st2 != MBE_OK)
          return st2;
        break;
      }
      case MBE_MC_ROT_SPRING:
      case MBE_MC_ROT_DAMPER:
      case MBE_MC_ROT_SPRING_DAMPER: sig(m, comp->name, "tau", m->drive_f[c]); break;
      case MBE_MC_TRANS_SPRING:
      case MBE_MC_TRANS_DAMPER:
      case MBE_MC_TRANS_SPRING_DAMPER: sig(m, comp->name, "f", m->drive_f[c]); break;
      case MBE_MC_USER_LINE_FORCE:
      case MBE_MC_USER_FORCE:
      case MBE_MC_USER_TRANS_COMPLIANT:
      case MBE_MC_USER_TRANS_RELATIVE:
      case MBE_MC_USER_ROT_COMPLIANT:
      case MBE_MC_USER_ROT_RELATIVE:
      case MBE_MC_USER_TWO_FRAMES:
      case MBE_MC_USER_ONE_FRAME_A:
      case MBE_MC_USER_ONE_FRAME_B:
      case MBE_MC_USER_ROT_TWO_FLANGES:
      case MBE_MC_USER_TRANS_TWO_FLANGES:
      case MBE_MC_USER_ROT_TORQUE:
      case MBE_MC_USER_TRANS_FORCE: mbe_mech_user_signals(m, (int)c); break;
      default:
        if (mbe_mech_is_line_force(comp->kind)) {
          sig(m, comp->name, "f", m->line_f[c]);
          sig(m, comp->name, "length", m->line_len[c]);
        } else if (mbe_mech_is_measuring_sensor(comp->kind)) {
          MbeStatus st2 = sensor_signals(m, (int)c);
          if (st2 != MBE_OK)
            return st2;
        }
        break;
    }
  }
  // parameters and constants (Real): their values, or their symbols where they are free
  m->param_sig0 = m->nsigs;
  for (size_t i = 0; i < m->flat->nvars; i++) {
    const MbeVar* v = &m->flat->vars[i];
    if ((v->variability != MBE_VAR_PARAMETER && v->variability != MBE_VAR_CONSTANT) ||
        v->type != MBE_T_REAL || v->ndims > 2) {
      continue;
    }
    if (v->is_free) {
      for (size_t k = 0; k < m->np; k++) {
        if (m->pvars[k] == (int)i)
          mbe_mech_signal(m, v->name, mbe_sym_param(s, (int)k));
      }
      continue;
    }
    if (v->eval_state != 2 || v->value.num == NULL)
      continue;
    const MbeValue* val = &v->value;
    for (size_t k = 0; k < val->n; k++) {
      const char* name = v->ndims == 0   ? v->name
                         : v->ndims == 1 ? mbe_arena_printf(m->arena, "%s[%zu]", v->name, k + 1)
                                         : mbe_arena_printf(m->arena, "%s[%zu,%zu]", v->name,
                                                            k / (size_t)val->dims[1] + 1,
                                                            k % (size_t)val->dims[1] + 1);
      if (isfinite(val->num[k]))
        mbe_mech_signal(m, name, mbe_mech_value_node(m, val, k));
    }
  }
  m->param_sig1 = m->nsigs;
  // joint drive torques and forces: minus the loads of the elements on the axis, the inertias
  // riding on it included (their flange torque is J a)
  for (size_t k = 0; k < m->nsets; k++) {
    const MbeMechFlangeSet* set = &m->sets[k];
    if (set->edge < 0)
      continue;
    const MbeMechEdge* e = &m->edges[set->edge];
    MbeSymId tau = set->load;
    if (set->inertia != 0) {
      MbeSymId Ja = mbe_sym_mul(s, set->inertia, e->udot[0]);
      tau = mbe_sym_sub(s, tau, Ja);
    }
    sig(m, m->comps[e->comp].name, e->type == MBE_EDGE_REVOLUTE ? "tau" : "f", tau);
  }
  // 1-D inertias and masses move with their axis
  for (size_t c = 0; c < m->ncomps; c++) {
    const MbeMechComp* comp = &m->comps[c];
    if (comp->kind != MBE_MC_ROT_INERTIA && comp->kind != MBE_MC_TRANS_MASS)
      continue;
    const MbeMechEdge* e = &m->edges[m->sets[m->drive_f[c]].edge];
    bool rot = comp->kind == MBE_MC_ROT_INERTIA;
    sig(m, comp->name, rot ? "phi" : "s", mbe_sym_state(s, e->q0));
    sig(m, comp->name, rot ? "w" : "v", mbe_sym_state(s, e->u0));
    sig(m, comp->name, "a", e->udot[0]);
  }
  return s->is_oom ? mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory") : MBE_OK;
}
