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
  if (m->capture != NULL) {  // mbe_mech_capture_signal: only the one asked for
    if (strcmp(name, m->capture) == 0)
      m->captured = id;
    return;
  }
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

void mbe_mech_signal_at(MbeMech* m, const char* prefix, const char* var, MbeSymId id) {
  mbe_mech_signal(m, mbe_arena_printf(m->arena, "%s.%s", prefix, var), id);
}

void mbe_mech_signal_v3(MbeMech* m, const char* prefix, const char* var, MbeV3 v) {
  for (int i = 0; i < 3; i++) {
    mbe_mech_signal(m, mbe_arena_printf(m->arena, "%s.%s[%d]", prefix, var, i + 1), v.e[i]);
  }
}

void mbe_mech_signal_n(MbeMech* m, const char* prefix, const char* var, const MbeSymId* v, int n) {
  for (int i = 0; i < n; i++) {
    mbe_mech_signal(m, mbe_arena_printf(m->arena, "%s.%s[%d]", prefix, var, i + 1), v[i]);
  }
}

void mbe_mech_frame_signals(MbeMech* m, const char* name, int point, const MbeV3* t,
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
    if (bd->frame >= 0 && !m->frames[bd->frame].has_wrench) {
      set_frame(m, bd->frame, bd->wt, bd->wf);
    }
  }
}

MbeStatus mbe_mech_der_by(MbeMech* m, MbeSymId e, MbeSymId (*rate)(MbeMech* m, int i),
                          MbeSymId* out, int* missing) {
  MbeSym* s = m->s;
  MbeSymId acc;
  *missing = -1;
  MbeStatus st = mbe_sym_diff(s, e, mbe_sym_time(s), &acc, m->err);
  for (size_t i = 0; i < m->nx && st == MBE_OK && *missing < 0; i++) {
    MbeSymId d;
    st = mbe_sym_diff(s, e, mbe_sym_state(s, (int)i), &d, m->err);
    if (st != MBE_OK || d == 0)
      continue;
    MbeSymId r = rate ? rate(m, (int)i) : m->xdot[i];
    if (r == 0 && rate)
      *missing = (int)i;
    acc = mbe_sym_add(s, acc, mbe_sym_mul(s, d, r));
  }
  *out = acc;
  return st;
}

MbeStatus mbe_mech_der(MbeMech* m, MbeSymId e, MbeSymId* out) {
  int missing;
  return mbe_mech_der_by(m, e, NULL, out, &missing);
}

MbeStatus mbe_mech_der3(MbeMech* m, MbeV3 v, MbeV3* out) {
  for (int i = 0; i < 3; i++) {
    MbeStatus st = mbe_mech_der(m, v.e[i], &out->e[i]);
    if (st != MBE_OK)
      return st;
  }
  return MBE_OK;
}

// the cut wrench at a connector of a model of the user's (a composite: Joints.GearConstraint's
// frame_a): the sum of its parts' connectors joined to it inside, the same point's coordinates
static void composite_wrench(MbeMech* m, int k) {
  MbeMechFrame* fr = &m->frames[k];
  int owner = m->flat->insts[fr->inst].parent;
  if (owner < 0)
    return;  // the top model's own connector
  const char* pre = m->flat->insts[owner].name;
  size_t n = strlen(pre);
  MbeV3 t = mbe_v3_zero(), f = mbe_v3_zero();
  bool any = false;
  for (size_t g = 0; g < m->nframes; g++) {
    const MbeMechFrame* o = &m->frames[g];
    const char* on = m->flat->insts[o->inst].name;
    if (o->point != fr->point || o->comp < 0 || !o->has_wrench || strncmp(on, pre, n) != 0 ||
        on[n] != '.')
      continue;
    t = mbe_v3_add(m->s, t, o->t), f = mbe_v3_add(m->s, f, o->f);
    any = true;
  }
  if (any)
    fr->t = t, fr->f = f, fr->has_wrench = true;
}

// every 1-D flange's position (flange.phi, flange.s) where its set's is known, after the
// components' own outputs
static void flange_signals(MbeMech* m) {
  for (size_t i = 0; i < m->nflanges; i++) {
    const MbeMechFlangeSet* S = &m->sets[m->flange_set[i]];
    if ((S->edge < 0 && !S->is_ground) || S->pos == 0)
      continue;
    const char* name = m->flat->insts[m->flange_inst[i]].name;
    mbe_mech_signal_at(m, name, S->is_rotational ? "phi" : "s", S->pos);
  }
}

MbeStatus mbe_mech_outputs(MbeMech* m) {
  MbeSym* s = m->s;
  mbe_mech_line_mass_wrenches(m, m->udot);  // part of the line forces' cut wrenches now
  mbe_mech_derived_wrenches(m, m->udot);    // and of the JointUPS's
  mbe_mech_loop_wrenches(m);                // the loops' constraint forces at the cut joints
  MbeStatus st = MBE_OK;
  for (size_t c = 0; c < m->ncomps && st == MBE_OK; c++) {
    const MbeMechClass* k = mbe_mech_class(m->comps[c].kind);
    st = k->loads ? k->loads(m, (int)c) : MBE_OK;  // an assembly's rod
  }
  if (st == MBE_OK)
    st = mbe_mech_newton_euler(m, m->udot);
  if (st != MBE_OK)
    return st;
  edge_wrenches(m);
  for (size_t c = 0; c < m->ncomps && st == MBE_OK; c++) {
    const MbeMechClass* k = mbe_mech_class(m->comps[c].kind);
    st = k->wrenches ? k->wrenches(m, (int)c) : MBE_OK;
  }
  if (st != MBE_OK)
    return st;
  for (size_t i = 0; i < m->ntree; i++) {
    const MbeMechEdge* e = &m->edges[m->tree_edges[i]];
    for (int k = 0; e->type == MBE_EDGE_WHEELSET && k < e->nq + e->nu; k++) {
      bool u = k >= e->nq;
      m->state_names[u ? e->u0 + k - e->nq : e->q0 + k] =
          mbe_mech_wheelset_var(m, e, u ? k - e->nq : k, u);
    }
    for (int k = 0; e->type == MBE_EDGE_ROLLING && k < e->nq + e->nu; k++) {
      int el;
      const char* v = mbe_mech_rolling_var(m, e, k < e->nq ? k : k - e->nq, k >= e->nq, &el);
      m->state_names[k < e->nq ? e->q0 + k : e->u0 + k - e->nq] =
          el < 0 ? v : mbe_arena_printf(m->arena, "%s[%d]", v, el + 1);
    }
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
    const MbeMechComp* comp = &m->comps[c];
    for (int k = 0; k < comp->nstates; k++) {
      m->state_names[comp->state + k] =
          mbe_mech_is_user(comp->kind) ? mbe_mech_element_name(m, &m->flat->vars[m->user[c].svar[k]],
                                                               m->user[c].selem[k])
          : mbe_mech_class(comp->kind)->state_vector
              ? mbe_arena_printf(m->arena, "%s.%s[%d]", comp->name,
                                 mbe_mech_class(comp->kind)->state_vector, k + 1)
              : mbe_arena_printf(m->arena, "%s.%s", comp->name,
                                 mbe_mech_class(comp->kind)->state_name[k]);
    }
  }
  for (size_t i = 0; i < m->nx; i++) {
    if (m->state_names[i] == NULL) {
      m->state_names[i] = mbe_arena_printf(m->arena, "x[%zu]", i + 1);
    }
    mbe_mech_signal(m, m->state_names[i], mbe_sym_state(s, (int)i));
  }
  for (size_t k = 0; k < m->nframes; k++) {
    MbeMechFrame* fr = &m->frames[k];
    if (m->points[fr->point].order < 0)
      continue;
    if (fr->comp < 0 && !fr->has_wrench)
      composite_wrench(m, (int)k);
    const char* name = m->flat->insts[fr->inst].name;
    mbe_mech_frame_signals(m, name, fr->point, fr->has_wrench ? &fr->t : NULL, &fr->f);
  }
  for (size_t c = 0; c < m->ncomps; c++) {
    const MbeMechClass* k = mbe_mech_class(m->comps[c].kind);
    MbeStatus st2 = k->outputs ? k->outputs(m, (int)c) : MBE_OK;
    if (st2 != MBE_OK)
      return st2;
  }
  flange_signals(m);
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
  // riding on it included (their flange torque is J a), and those behind gears by virtual work
  // (a set moving k times the axis adds k (load - J k a))
  MbeSymId* tau = mbe_calloc(m->nedges + 1, sizeof *tau);
  if (tau == NULL)
    return mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
  for (size_t k = 0; k < m->nsets; k++) {
    const MbeMechFlangeSet* set = &m->sets[k];
    if (set->edge < 0)
      continue;
    MbeSymId t = set->load;
    if (set->inertia != 0)
      t = mbe_sym_sub(s, t, mbe_sym_mul(s, set->inertia, mbe_mech_set_accel(m, (int)k)));
    MbeSymId t1 = set->scale != 0 ? mbe_sym_mul(s, set->scale, t) : t;
    tau[set->edge] = tau[set->edge] ? mbe_sym_add(s, tau[set->edge], t1) : t1;
    if (set->edge2 >= 0) {  // a differential's set moves with a second coordinate too
      MbeSymId t2 = mbe_sym_mul(s, set->scale2, t);
      tau[set->edge2] = tau[set->edge2] ? mbe_sym_add(s, tau[set->edge2], t2) : t2;
    }
  }
  for (size_t k = 0; k < m->nedges; k++) {
    const MbeMechEdge* e = &m->edges[k];
    if (tau[k] == 0 || e->shaft || m->comps[e->comp].kind == MBE_MC_ROTOR_1D ||
        e->type == MBE_EDGE_WHEELSET ||
        mbe_mech_is_assembly(m, e->comp))
      continue;  // an assembly names its joint's torque or force itself; shafts have none
    mbe_mech_signal_at(m, m->comps[e->comp].name, e->type == MBE_EDGE_REVOLUTE ? "tau" : "f",
                       tau[k]);
  }
  mbe_free(tau);
  return s->is_oom ? mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory") : MBE_OK;
}

static bool has_signal(const MbeMech* m, const char* name) {
  for (size_t i = 0; i < m->nsigs; i++) {
    if (strcmp(m->sigs[i].name, name) == 0)
      return true;
  }
  return false;
}

MbeStatus mbe_mech_block_signals(MbeMech* m) {
  const MbeFlat* f = m->flat;
  MbeError* err = m->err;
  MbeError scratch;
  for (size_t i = 0; i < f->nvars; i++) {
    const MbeVar* v = &f->vars[i];
    int c = v->inst >= 0 ? m->inst_comp[v->inst] : -1;
    const MbeMechClass* cls = c >= 0 ? mbe_mech_class(m->comps[c].kind) : NULL;
    bool computes =
        cls == NULL || cls->block != NULL || (cls->role == MBE_ROLE_BLOCK && cls->block_var);
    if (v->causality != MBE_CAUS_OUTPUT || v->type != MBE_T_REAL || v->ndims > 1 || !computes)
      continue;
    int n = v->ndims ? v->dims[0] : 1;
    for (int k = 0; k < n; k++) {
      const char* name = mbe_mech_element_name(m, v, k);
      if (name == NULL || has_signal(m, name))
        continue;
      MbeSymId id = 0;
      MbeStatus st = MBE_OK;
      mbe_error_clear(&scratch);
      if (c < 0)
        m->err = &scratch;  // a model's output fed by a block mbens does not compute: no signal
      bool ok = mbe_mech_block_value(m, (int)i, k, &id, &st) && st == MBE_OK && id != 0;
      m->err = err;
      if (c >= 0 && st != MBE_OK)
        return st;  // a block mbens computes: its error is the model's
      if (ok)
        mbe_mech_signal(m, name, id);
    }
  }
  return m->s->is_oom ? mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory") : MBE_OK;
}

MbeStatus mbe_mech_capture_signal(MbeMech* m, int c, const char* name, MbeSymId* out) {
  const MbeMechClass* k = mbe_mech_class(m->comps[c].kind);
  const char* outer = m->capture;
  MbeSymId saved = m->captured;
  m->capture = name;
  m->captured = 0;
  MbeStatus st = k->outputs ? k->outputs(m, c) : MBE_OK;
  *out = m->captured;
  m->capture = outer;
  m->captured = saved;
  return st;
}
