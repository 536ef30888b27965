// SPDX-License-Identifier: Apache-2.0
// The variables a user can name, as output nodes: states, every frame connector's position,
// orientation, angular velocity and cut wrench, joint, body and force-element variables with the
// MSL's names, including the internal names of composite parts (boxBody1.body.w_a,
// boxBody1.frameTranslation.frame_b.f).
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

static void frame_signals(MbeMech* m, const char* name, int point, const MbeV3* t,
                          const MbeV3* f) {
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
  if (frame < 0) return;
  m->frames[frame].t = t;
  m->frames[frame].f = f;
  m->frames[frame].has_wrench = true;
}

// the cut wrenches of the components that carry tree edges (joints, rigid parts, world)
static void edge_wrenches(MbeMech* m) {
  MbeSym* s = m->s;
  for (size_t i = 0; i < m->ntree; i++) {
    MbeMechEdge* e = &m->edges[m->tree_edges[i]];
    if (e->type == MBE_EDGE_FLOAT || e->type == MBE_EDGE_FLOAT_POINT) continue;
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
    if (e->parent_point < 0) continue;
    int fp = frame_at(m, c, e->parent_point, fc);
    if (fp < 0) continue;
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
  // orientation states: the root's own, dummies otherwise (as the MSL's Body)
  const MbeMechEdge* e = bd->root_edge >= 0 ? &m->edges[bd->root_edge] : NULL;
  MbeSymId Q[4] = {0, 0, 0, mbe_sym_const(s, 1.0)}, phi[3] = {0, 0, 0}, phid[3] = {0, 0, 0},
           phidd[3] = {0, 0, 0};
  if (e != NULL && e->type != MBE_EDGE_FLOAT_POINT) {
    int q0 = e->q0 + (e->type == MBE_EDGE_FLOAT ? 3 : 0);
    int u0 = e->type == MBE_EDGE_FLOAT ? 3 : 0;
    if (e->use_q) {
      for (int i = 0; i < 4; i++) Q[i] = mbe_sym_state(s, q0 + i);
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

static void joint_signals(MbeMech* m, int c) {
  MbeSym* s = m->s;
  const MbeMechComp* comp = &m->comps[c];
  for (int k = 0; k < comp->nedges; k++) {
    const MbeMechEdge* e = &m->edges[comp->edge0 + k];
    if (!e->in_tree || e->qname[0] == NULL) continue;
    if (e->type == MBE_EDGE_REVOLUTE || e->type == MBE_EDGE_PRISMATIC) {
      MbeSymId q = mbe_sym_state(s, e->q0), u = mbe_sym_state(s, e->u0);
      mbe_mech_signal(m, e->qname[0], q);
      mbe_mech_signal(m, e->uname[0], u);
      // the acceleration's name: a, or a_a/a_b (Universal), a_x/a_y, wd (Planar, Cylindrical)
      const char* qn = strrchr(e->qname[0], '.') + 1;
      const char* an = "a";
      if (strcmp(qn, "phi_a") == 0) an = "a_a";
      else if (strcmp(qn, "phi_b") == 0) an = "a_b";
      else if (strcmp(qn, "s_x") == 0) an = "a_x";
      else if (strcmp(qn, "s_y") == 0) an = "a_y";
      else if (strcmp(qn, "phi") == 0 && comp->kind != MBE_MC_REVOLUTE) an = "wd";
      sig(m, comp->name, an, e->udot[0]);
      if (comp->kind == MBE_MC_REVOLUTE) sig(m, comp->name, "angle", q);
      continue;
    }
    // spherical / free motion with states
    int rq = 0, ru = 0;
    if (e->type == MBE_EDGE_FREE) {
      MbeV3 r = {{mbe_sym_state(s, e->q0), mbe_sym_state(s, e->q0 + 1), mbe_sym_state(s, e->q0 + 2)}};
      MbeV3 v = {{mbe_sym_state(s, e->u0), mbe_sym_state(s, e->u0 + 1), mbe_sym_state(s, e->u0 + 2)}};
      MbeV3 a = {{e->udot[0], e->udot[1], e->udot[2]}};
      mbe_mech_signal_v3(m, comp->name, "r_rel_a", r);
      mbe_mech_signal_v3(m, comp->name, "v_rel_a", v);
      mbe_mech_signal_v3(m, comp->name, "a_rel_a", a);
      rq = 3, ru = 3;
    }
    if (e->type != MBE_EDGE_FREE && e->type != MBE_EDGE_ROTATION) continue;
    const char* wn = e->type == MBE_EDGE_FREE ? "w_rel_b" : "w_rel";
    MbeSymId Q[4] = {0, 0, 0, mbe_sym_const(s, 1.0)}, phi[3] = {0, 0, 0}, phid[3] = {0, 0, 0},
             phidd[3] = {0, 0, 0};
    if (e->use_q) {
      for (int i = 0; i < 4; i++) Q[i] = mbe_sym_state(s, e->q0 + rq + i);
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

MbeStatus mbe_mech_outputs(MbeMech* m) {
  MbeSym* s = m->s;
  MbeStatus st = mbe_mech_newton_euler(m, m->udot);
  if (st != MBE_OK) return st;
  edge_wrenches(m);
  for (size_t i = 0; i < m->ntree; i++) {
    const MbeMechEdge* e = &m->edges[m->tree_edges[i]];
    for (int part = 0; part < 2; part++) {
      if (e->qname[part] == NULL) continue;
      int nq = e->nq, nu = e->nu, qo = 0, uo = 0;
      if (e->type == MBE_EDGE_FREE || e->type == MBE_EDGE_FLOAT) {
        nq = part == 0 ? 3 : e->nq - 3;
        nu = 3;
        qo = part == 0 ? 0 : 3;
        uo = part == 0 ? 0 : 3;
      }
      for (int k = 0; k < nq; k++) {
        const char* nm = nq == 1 ? e->qname[part]
                                 : mbe_arena_printf(m->arena, "%s[%d]", e->qname[part], k + 1);
        m->state_names[e->q0 + qo + k] = nm;
      }
      for (int k = 0; k < nu; k++) {
        const char* nm = nu == 1 ? e->uname[part]
                                 : mbe_arena_printf(m->arena, "%s[%d]", e->uname[part], k + 1);
        m->state_names[e->u0 + uo + k] = nm;
      }
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
    if (m->points[fr->point].order < 0) continue;
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
      case MBE_MC_SPRING:
      case MBE_MC_DAMPER:
      case MBE_MC_SPRING_DAMPER_PARALLEL:
        sig(m, comp->name, "f", m->line_f[c]);
        sig(m, comp->name, "length", m->line_len[c]);
        break;
      case MBE_MC_ROT_SPRING:
      case MBE_MC_ROT_DAMPER:
      case MBE_MC_ROT_SPRING_DAMPER:
        sig(m, comp->name, "tau", m->drive_f[c]);
        break;
      case MBE_MC_TRANS_SPRING:
      case MBE_MC_TRANS_DAMPER:
      case MBE_MC_TRANS_SPRING_DAMPER:
        sig(m, comp->name, "f", m->drive_f[c]);
        break;
      default: break;
    }
  }
  // joint drive torques and forces: minus the loads of the elements on the axis
  for (size_t k = 0; k < m->nsets; k++) {
    const MbeMechFlangeSet* set = &m->sets[k];
    if (set->edge < 0) continue;
    const MbeMechEdge* e = &m->edges[set->edge];
    sig(m, m->comps[e->comp].name, e->type == MBE_EDGE_REVOLUTE ? "tau" : "f", set->load);
  }
  return s->is_oom ? mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory") : MBE_OK;
}
