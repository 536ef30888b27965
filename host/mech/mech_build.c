// SPDX-License-Identifier: Apache-2.0
// The mechanism of a flat model: components by class, frames merged into points by connect(),
// edges (joints and rigid offsets) and bodies, the spanning tree of the orientation graph and the
// state layout. The equations are built by mech_eom.c.
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mech_internal.h"

/* ---- names -------------------------------------------------------------------------------- */

static uint64_t hash_str(const char* s) {
  uint64_t h = 1469598103934665603ull;
  for (; *s; s++) {
    h = (h ^ (unsigned char)*s) * 1099511628211ull;
  }
  return h;
}

static int* table_build(size_t n, const char* (*name)(const MbeFlat*, size_t), const MbeFlat* f,
                        size_t* cap_out) {
  size_t cap = 16;
  while (cap < 2 * n + 1) {
    cap *= 2;
  }
  int* t = mbe_malloc(cap * sizeof *t);
  if (t == NULL) {
    return NULL;
  }
  for (size_t i = 0; i < cap; i++) {
    t[i] = -1;
  }
  for (size_t i = 0; i < n; i++) {
    size_t h = (size_t)hash_str(name(f, i)) & (cap - 1);
    while (t[h] >= 0) {
      h = (h + 1) & (cap - 1);
    }
    t[h] = (int)i;
  }
  *cap_out = cap;
  return t;
}

static const char* var_name(const MbeFlat* f, size_t i) {
  return f->vars[i].name;
}
static const char* inst_name(const MbeFlat* f, size_t i) {
  return f->insts[i].name;
}

static int table_find(const int* t, size_t cap, const char* (*name)(const MbeFlat*, size_t),
                      const MbeFlat* f, const char* key) {
  size_t h = (size_t)hash_str(key) & (cap - 1);
  while (t[h] >= 0) {
    if (strcmp(name(f, (size_t)t[h]), key) == 0) {
      return t[h];
    }
    h = (h + 1) & (cap - 1);
  }
  return -1;
}

int mbe_mech_var(const MbeMech* m, const char* name) {
  return table_find(m->var_table, m->var_cap, var_name, m->flat, name);
}

int mbe_mech_inst(const MbeMech* m, const char* name) {
  return table_find(m->inst_table, m->inst_cap, inst_name, m->flat, name);
}

MbeStatus mbe_mech_error(MbeMech* m, MbeStatus code, int comp, const char* fmt, ...) {
  char msg[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  if (comp >= 0) {
    const MbeInst* in = &m->flat->insts[m->comps[comp].inst];
    mbe_error_at(m->err, code, in->loc, "%s: %s", in->name, msg);
    mbe_flat_error_at_inst(m->flat, m->comps[comp].inst, NULL, m->err);
    return code;
  }
  return mbe_error_set(m->err, code, "%s", msg);
}

static const char* comp_var_name(MbeMech* m, int comp, const char* name, char* buf, size_t n) {
  snprintf(buf, n, "%s.%s", m->comps[comp].name, name);
  return buf;
}

static MbeStatus param_value(MbeMech* m, int comp, const char* name, const MbeValue** out) {
  char buf[512];
  int v = mbe_mech_var(m, comp_var_name(m, comp, name, buf, sizeof buf));
  if (v < 0) {
    return mbe_mech_error(m, MBE_ERR_INTERNAL, comp, "the catalogue class declares no '%s'", name);
  }
  const MbeVar* var = &m->flat->vars[v];
  if (var->eval_state != 2 || var->value.num == NULL) {
    return mbe_mech_error(m, MBE_ERR_MODEL, comp, "parameter '%s' has no value", name);
  }
  *out = &var->value;
  return MBE_OK;
}

MbeStatus mbe_mech_nominal(MbeMech* m, int comp, const char* name, int elem, double* out) {
  const MbeValue* v;
  MbeStatus st = param_value(m, comp, name, &v);
  if (st != MBE_OK) {
    return st;
  }
  if ((size_t)elem >= v->n) {
    return mbe_mech_error(m, MBE_ERR_MODEL, comp, "parameter '%s' has %zu elements, not %d", name,
                          v->n, elem + 1);
  }
  *out = v->num[elem];
  return MBE_OK;
}

// the error of a varied value used where mech needs a number
static MbeStatus varied_here(MbeMech* m, int comp, const char* name, MbeSymId id) {
  char names[300];
  size_t n = mbe_flat_varied_names(m->flat, id, names, sizeof names);
  return mbe_mech_error(m, MBE_ERR_UNSUPPORTED, comp,
                        "'%s' depends on %s, which %s per member, but mbens needs its value when "
                        "it compiles the model (varying it is not supported)",
                        name, names, n == 1 ? "varies" : "vary");
}

MbeStatus mbe_mech_real(MbeMech* m, int comp, const char* name, int elem, double* out) {
  MbeStatus st = mbe_mech_nominal(m, comp, name, elem, out);
  const MbeValue* v;
  if (st == MBE_OK && m->flat->nvary && param_value(m, comp, name, &v) == MBE_OK &&
      mbe_value_varies(v, &m->flat->psym, (size_t)elem)) {
    return varied_here(m, comp, name, v->sym[elem]);
  }
  return st;
}

// the node of value element i: its expression in the varied parameters, or its number
MbeSymId mbe_mech_value_node(MbeMech* m, const MbeValue* v, size_t i) {
  if (!mbe_value_varies(v, &m->flat->psym, i)) {
    return mbe_sym_const(m->s, v->num[i]);
  }
  if (m->pmap == NULL) {
    size_t n = m->flat->psym.nnodes;
    m->pmap = mbe_arena_alloc(m->arena, n * sizeof *m->pmap);
    if (m->pmap == NULL) {
      m->s->is_oom = true;
      return 0;
    }
    for (size_t k = 0; k < n; k++) {
      m->pmap[k] = MBE_SYM_NONE;
    }
  }
  return mbe_sym_import(m->s, &m->flat->psym, v->sym[i], m->pmap);
}

MbeSymId mbe_mech_psym(MbeMech* m, int comp, const char* name, int elem, MbeStatus* st) {
  MbeSymId free = elem == 0 ? mbe_mech_free_param(m, comp, name) : 0;
  if (free != 0 || *st != MBE_OK) {
    return free;
  }
  const MbeValue* v;
  *st = param_value(m, comp, name, &v);
  if (*st == MBE_OK && (size_t)elem >= v->n) {
    *st = mbe_mech_error(m, MBE_ERR_MODEL, comp, "parameter '%s' has %zu elements, not %d", name,
                         v->n, elem + 1);
  }
  return *st == MBE_OK ? mbe_mech_value_node(m, v, (size_t)elem) : 0;
}

MbeV3 mbe_mech_pv3(MbeMech* m, int comp, const char* name, MbeStatus* st) {
  MbeV3 r;
  for (int i = 0; i < 3; i++) {
    r.e[i] = mbe_mech_psym(m, comp, name, i, st);
  }
  return r;
}

MbeSymId mbe_mech_start_sym(MbeMech* m, const char* var, int elem) {
  int v = mbe_mech_var(m, var);
  if (v < 0 || !m->flat->vars[v].has_attr_value[MBE_ATTR_START]) {
    return mbe_sym_const(m->s, 0.0);
  }
  const MbeValue* s = &m->flat->vars[v].attr_value[MBE_ATTR_START];
  return mbe_mech_value_node(m, s, s->n > (size_t)elem ? (size_t)elem : 0);
}

MbeStatus mbe_mech_int(MbeMech* m, int comp, const char* name, int elem, int* out) {
  double d;
  MbeStatus st = mbe_mech_real(m, comp, name, elem, &d);
  *out = (int)d;
  return st;
}

bool mbe_mech_bool(MbeMech* m, int comp, const char* name) {
  char buf[512];
  int v = mbe_mech_var(m, comp_var_name(m, comp, name, buf, sizeof buf));
  if (v < 0) {
    return false;
  }
  const MbeVar* var = &m->flat->vars[v];
  return var->eval_state == 2 && var->value.num != NULL && var->value.n > 0 &&
         var->value.num[0] != 0;
}

MbeStatus mbe_mech_vec(MbeMech* m, int comp, const char* name, double out[3]) {
  for (int i = 0; i < 3; i++) {
    MbeStatus st = mbe_mech_real(m, comp, name, i, &out[i]);
    if (st != MBE_OK) {
      return st;
    }
  }
  return MBE_OK;
}

MbeSymId mbe_mech_free_param(MbeMech* m, int comp, const char* name) {
  char buf[512];
  return mbe_mech_free_param_var(m, mbe_mech_var(m, comp_var_name(m, comp, name, buf, sizeof buf)));
}

MbeSymId mbe_mech_free_param_var(MbeMech* m, int v) {
  if (v < 0 || !m->flat->vars[v].is_free || m->flat->vars[v].ndims != 0 ||
      m->flat->vars[v].type != MBE_T_REAL) {
    return 0;
  }
  for (size_t i = 0; i < m->np; i++) {
    if (m->pvars[i] == v)
      return mbe_sym_param(m->s, (int)i);
  }
  if (m->np == m->cap_p) {
    size_t cap = m->cap_p ? 2 * m->cap_p : 8;
    int* p = mbe_arena_alloc(m->arena, cap * sizeof *p);
    if (p == NULL) {
      m->s->is_oom = true;
      return 0;
    }
    if (m->np)
      memcpy(p, m->pvars, m->np * sizeof *p);
    m->pvars = p;
    m->cap_p = cap;
  }
  m->pvars[m->np] = v;
  return mbe_sym_param(m->s, (int)m->np++);
}

double mbe_mech_start(MbeMech* m, const char* var, int elem, bool* fixed) {
  int v = mbe_mech_var(m, var);
  if (fixed != NULL) {
    *fixed = false;
  }
  if (v < 0) {
    return 0;
  }
  const MbeVar* x = &m->flat->vars[v];
  if (fixed != NULL && x->has_attr_value[MBE_ATTR_FIXED]) {
    const MbeValue* f = &x->attr_value[MBE_ATTR_FIXED];
    size_t i = f->n > (size_t)elem ? (size_t)elem : 0;
    *fixed = f->n > 0 && f->num[i] != 0;
  }
  if (!x->has_attr_value[MBE_ATTR_START]) {
    return 0;
  }
  const MbeValue* s = &x->attr_value[MBE_ATTR_START];
  size_t i = s->n > (size_t)elem ? (size_t)elem : 0;
  if (m->vary_error == MBE_OK && mbe_value_varies(s, &m->flat->psym, i)) {
    char name[600];
    snprintf(name, sizeof name, "%s.start", var);
    m->vary_error = varied_here(m, m->inst_comp[x->inst], name, s->sym[i]);
  }
  return s->n > 0 ? s->num[i] : 0;
}

bool mbe_mech_start_fixed(MbeMech* m, const char* var, int elem) {
  int v = mbe_mech_var(m, var);
  if (v < 0 || !m->flat->vars[v].has_attr_value[MBE_ATTR_FIXED]) {
    return false;
  }
  const MbeValue* f = &m->flat->vars[v].attr_value[MBE_ATTR_FIXED];
  return f->n > 0 && f->num[f->n > (size_t)elem ? (size_t)elem : 0] != 0;
}

double mbe_mech_start_nominal(MbeMech* m, const char* var, int elem) {
  int v = mbe_mech_var(m, var);
  if (v < 0 || !m->flat->vars[v].has_attr_value[MBE_ATTR_START]) {
    return 0;
  }
  const MbeValue* s = &m->flat->vars[v].attr_value[MBE_ATTR_START];
  return s->n > 0 ? s->num[s->n > (size_t)elem ? (size_t)elem : 0] : 0;
}

/* ---- components, frames, flanges ------------------------------------------------------------ */

static bool has_prefix(const char* s, const char* p) {
  return strncmp(s, p, strlen(p)) == 0;
}

static bool is_frame_class(const char* cls) {
  return has_prefix(cls, "Modelica.Mechanics.MultiBody.Interfaces.Frame");
}

static bool is_flange_class(const char* cls, bool* rotational) {
  if (has_prefix(cls, "Modelica.Mechanics.Rotational.Interfaces.Flange") ||
      has_prefix(cls, "Modelica.Mechanics.Rotational.Interfaces.Support")) {
    *rotational = true;
    return true;
  }
  if (has_prefix(cls, "Modelica.Mechanics.Translational.Interfaces.Flange") ||
      has_prefix(cls, "Modelica.Mechanics.Translational.Interfaces.Support")) {
    *rotational = false;
    return true;
  }
  return false;
}

static int find_root(int* parent, int i) {
  while (parent[i] != i) {
    parent[i] = parent[parent[i]];
    i = parent[i];
  }
  return i;
}

static void unite(int* parent, int a, int b) {
  a = find_root(parent, a);
  b = find_root(parent, b);
  if (a != b) {
    if (a < b) {
      parent[b] = a;
    } else {
      parent[a] = b;
    }
  }
}

// the frame or flange of component comp named sub, -1 when absent (or not present)
int mbe_mech_comp_frame(MbeMech* m, int comp, const char* sub) {
  char buf[512];
  int in = mbe_mech_inst(m, comp_var_name(m, comp, sub, buf, sizeof buf));
  return in < 0 ? -1 : m->inst_frame[in];
}

static int comp_flange(MbeMech* m, int comp, const char* sub) {
  char buf[512];
  int in = mbe_mech_inst(m, comp_var_name(m, comp, sub, buf, sizeof buf));
  return in < 0 ? -1 : m->inst_flange[in];
}

static MbeStatus collect(MbeMech* m) {
  const MbeFlat* f = m->flat;
  m->comps = mbe_arena_alloc(m->arena, (f->ninsts + 1) * sizeof *m->comps);
  m->frames = mbe_arena_alloc(m->arena, (f->ninsts + 1) * sizeof *m->frames);
  m->flange_inst = mbe_arena_alloc(m->arena, (f->ninsts + 1) * sizeof(int));
  m->inst_comp = mbe_arena_alloc(m->arena, (f->ninsts + 1) * sizeof(int));
  m->inst_frame = mbe_arena_alloc(m->arena, (f->ninsts + 1) * sizeof(int));
  m->inst_flange = mbe_arena_alloc(m->arena, (f->ninsts + 1) * sizeof(int));
  if (!m->comps || !m->frames || !m->flange_inst || !m->inst_comp || !m->inst_frame ||
      !m->inst_flange) {
    return mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
  }
  m->world = -1;
  for (size_t i = 0; i < f->ninsts; i++) {
    const MbeInst* in = &f->insts[i];
    m->inst_comp[i] = m->inst_frame[i] = m->inst_flange[i] = -1;
    if (!in->is_present) {
      continue;
    }
    // a part inside a built-in class (Spring's lineForce) is its owner's business
    bool inside = false;
    for (int p = in->kind == MBE_INST_CONNECTOR ? in->parent : (int)i; p >= 0;) {
      int pp = f->insts[p].parent;
      if (pp >= 0 && f->insts[pp].kind == MBE_INST_BUILTIN) {
        inside = true;
        break;
      }
      p = pp;
    }
    if (inside) {
      continue;
    }
    int user = in->kind == MBE_INST_MODEL ? mbe_mech_user_kind(m, (int)i) : -1;
    if (in->kind == MBE_INST_MODEL && in->builtin != NULL && user < 0) {
      // it extends a built-in and adds to it (only extending makes it the built-in: flatten)
      return mbe_error_at(m->err, MBE_ERR_UNSUPPORTED, in->loc,
                          "%s: %s extends the built-in %s and adds components or equations of "
                          "its own; that is not supported yet (only extending it, with "
                          "modifiers, is)",
                          in->name, in->class_name, mbe_class_full_name(m->arena, in->builtin));
    }
    if (in->kind == MBE_INST_BUILTIN || user >= 0) {
      const char* cls = in->builtin ? mbe_class_full_name(m->arena, in->builtin) : NULL;
      int kind = user;
      const char* below = cls != NULL && has_prefix(cls, "Modelica.") ? cls + 9 : NULL;
      for (int k = 0; k < MBE_MC_COUNT && kind < 0 && below != NULL; k++) {
        const char* kn = mbe_mech_class_name((MbeMechKind)k);
        size_t n = strlen(kn);
        bool is_package = kn[n - 1] == '.';  // the catch-alls: a package prefix
        if (is_package ? strncmp(below, kn, n) == 0 : strcmp(below, kn) == 0) {
          kind = k;
        }
      }
      if (kind < 0) {
        return mbe_error_at(m->err, MBE_ERR_UNSUPPORTED, in->loc,
                            "%s: class %s is not supported yet by the simulator", in->name,
                            cls ? cls : "?");
      }
      MbeMechComp* c = &m->comps[m->ncomps];
      c->inst = (int)i;
      c->kind = (MbeMechKind)kind;
      c->name = in->name;
      c->frame_a = c->frame_b = c->frame_resolve = -1;
      c->body = c->edge0 = -1;
      c->flange[0] = c->flange[1] = c->flange[2] = -1;
      c->state = -1;
      c->cut = false;
      c->nstates = 0;
      c->frame_loads = false;
      c->rowless = false;
      m->inst_comp[i] = (int)m->ncomps;
      if (kind == MBE_MC_WORLD) {
        if (m->world >= 0) {
          return mbe_error_at(m->err, MBE_ERR_MODEL, in->loc,
                              "%s: a second World (the first is %s)", in->name,
                              m->comps[m->world].name);
        }
        m->world = (int)m->ncomps;
      }
      m->ncomps++;
    } else if (in->kind == MBE_INST_CONNECTOR && in->class_name != NULL) {
      bool rot;
      if (is_frame_class(in->class_name)) {
        MbeMechFrame* fr = &m->frames[m->nframes];
        fr->inst = (int)i;
        fr->comp = -1;
        m->inst_frame[i] = (int)m->nframes++;
      } else if (is_flange_class(in->class_name, &rot)) {
        m->flange_inst[m->nflanges] = (int)i;
        m->inst_flange[i] = (int)m->nflanges++;
      }
    }
  }
  // owners
  for (size_t k = 0; k < m->nframes; k++) {
    int p = f->insts[m->frames[k].inst].parent;
    m->frames[k].comp = p >= 0 ? m->inst_comp[p] : -1;
  }
  for (size_t c = 0; c < m->ncomps; c++) {
    m->comps[c].frame_a = mbe_mech_comp_frame(m, (int)c, "frame_a");
    m->comps[c].frame_b = mbe_mech_comp_frame(m, (int)c, "frame_b");
    m->comps[c].frame_resolve = mbe_mech_comp_frame(m, (int)c, "frame_resolve");
    // its 1-D connectors by the names its class gives them
    const MbeMechClass* k = mbe_mech_class(m->comps[c].kind);
    const char* fl[3] = {k->flange[0] ? k->flange[0] : "flange_a",
                         k->flange[1] ? k->flange[1] : "flange_b", k->flange[2]};
    for (int i = 0; i < 3; i++) {
      m->comps[c].flange[i] = fl[i] ? comp_flange(m, (int)c, fl[i]) : -1;
    }
    if (m->comps[c].flange[1] < 0 && strcmp(fl[1], "flange") == 0) {
      m->comps[c].flange[1] = comp_flange(m, (int)c, "flange_b");
    }
  }
  return MBE_OK;
}

// frames -> points and flanges -> sets, by the connections
static MbeStatus merge(MbeMech* m) {
  const MbeFlat* f = m->flat;
  size_t n = m->nframes + m->nflanges;
  int* parent = mbe_malloc((n + 1) * sizeof *parent);
  if (parent == NULL) {
    return mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
  }
  for (size_t i = 0; i < n; i++) {
    parent[i] = (int)i;
  }
  for (size_t c = 0; c < f->nconns; c++) {
    const MbeConnection* cn = &f->conns[c];
    if (cn->a.inst < 0 || cn->b.inst < 0) {
      continue;
    }
    int fa = m->inst_frame[cn->a.inst], fb = m->inst_frame[cn->b.inst];
    if (fa >= 0 && fb >= 0) {
      unite(parent, fa, fb);
      continue;
    }
    int ga = m->inst_flange[cn->a.inst], gb = m->inst_flange[cn->b.inst];
    if (ga >= 0 && gb >= 0) {
      unite(parent, (int)m->nframes + ga, (int)m->nframes + gb);
    }
  }
  // each flange's connection set by the connections alone (torque sensors sum one side)
  m->flange_conn = mbe_arena_alloc(m->arena, (m->nflanges + 1) * sizeof *m->flange_conn);
  if (m->flange_conn == NULL) {
    mbe_free(parent);
    return mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
  }
  for (size_t i = 0; i < m->nflanges; i++)
    m->flange_conn[i] = find_root(parent, (int)(m->nframes + i));
  // a rigid 1-D element's flanges are one set: what hangs on its far side moves with it (a
  // Mass or Rod of length L other than 0 relates two sets instead, as a gear: shafts.c)
  for (size_t c = 0; c < m->ncomps; c++) {
    const MbeMechComp* comp = &m->comps[c];
    if (mbe_mech_class(comp->kind)->rigid && comp->flange[0] >= 0 && comp->flange[1] >= 0 &&
        mbe_mech_rigid_length(m, (int)c) == 0)
      unite(parent, (int)m->nframes + comp->flange[0], (int)m->nframes + comp->flange[1]);
  }
  int* id = mbe_malloc((n + 1) * sizeof *id);
  if (id == NULL) {
    mbe_free(parent);
    return mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
  }
  for (size_t i = 0; i < n; i++) {
    id[i] = -1;
  }
  // composite joints add up to two inner points each (new_point)
  m->cap_points = m->nframes + 2 * m->ncomps + 1;
  m->points = mbe_arena_alloc(m->arena, m->cap_points * sizeof *m->points);
  m->sets = mbe_arena_alloc(m->arena, (m->nflanges + 1) * sizeof *m->sets);
  m->flange_set = mbe_arena_alloc(m->arena, (m->nflanges + 1) * sizeof(int));
  if (!m->points || !m->sets || !m->flange_set) {
    mbe_free(parent);
    mbe_free(id);
    return mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
  }
  for (size_t i = 0; i < m->nframes; i++) {
    int r = find_root(parent, (int)i);
    if (id[r] < 0) {
      id[r] = (int)m->npoints++;
      m->points[id[r]].parent_edge = -1;
      m->points[id[r]].parent = -1;
      m->points[id[r]].order = -1;
      m->points[id[r]].fixed_rotation = -1;
      m->points[id[r]].derived_ups = -1;
    }
    m->frames[i].point = id[r];
  }
  for (size_t i = 0; i < m->nflanges; i++) {
    int r = find_root(parent, (int)(m->nframes + i));
    if (id[r] < 0) {
      id[r] = (int)m->nsets++;
      MbeMechFlangeSet* set = &m->sets[id[r]];
      const MbeInst* in = &f->insts[m->flange_inst[i]];
      bool rot = true;
      is_flange_class(in->class_name, &rot);
      set->is_rotational = rot;
      set->edge = -1;
      set->shaft = -1;
      set->nflanges = 0;
    }
    m->flange_set[i] = id[r];
    m->sets[id[r]].nflanges++;
  }
  mbe_free(parent);
  mbe_free(id);
  return MBE_OK;
}

/* ---- edges and bodies ----------------------------------------------------------------------- */

int mbe_mech_point_of(MbeMech* m, int frame) {
  return frame < 0 ? -1 : m->frames[frame].point;
}

// a fresh point that no connector reaches (the inside of a composite joint)
int mbe_mech_new_point(MbeMech* m) {
  if (m->npoints == m->cap_points) {
    return -1;
  }
  MbeMechPoint* p = m->points;
  p[m->npoints].parent_edge = -1;
  p[m->npoints].parent = -1;
  p[m->npoints].order = -1;
  p[m->npoints].fixed_rotation = -1;
  p[m->npoints].derived_ups = -1;
  return (int)m->npoints++;
}

MbeMechEdge* mbe_mech_new_edge(MbeMech* m, int comp, MbeEdgeType type, int pa, int pb) {
  if (m->nedges == m->cap_edges) {
    size_t cap = m->cap_edges ? 2 * m->cap_edges : 16;
    MbeMechEdge* e = mbe_arena_alloc(m->arena, cap * sizeof *e);
    if (e == NULL) {
      return NULL;
    }
    if (m->nedges > 0) {
      memcpy(e, m->edges, m->nedges * sizeof *e);
    }
    m->edges = e;
    m->cap_edges = cap;
  }
  MbeMechEdge* e = &m->edges[m->nedges];
  memset(e, 0, sizeof *e);
  e->type = type;
  e->comp = comp;
  e->pa = pa;
  e->pb = pb;
  e->body = -1;
  e->via = -1;
  e->fmsi_r = e->fmsi_v = e->fmsi_angle = e->fmsi_rate = -1;
  e->seq[0] = 1, e->seq[1] = 2, e->seq[2] = 3;
  e->R = mbe_m3_identity(m->s);
  if (m->comps[comp].edge0 < 0) {
    m->comps[comp].edge0 = (int)m->nedges;
  }
  m->comps[comp].nedges++;
  m->nedges++;
  return e;
}

const char* mbe_mech_cname(MbeMech* m, int comp, const char* var) {
  return mbe_arena_printf(m->arena, "%s.%s", m->comps[comp].name, var);
}

// the model's own value of a 3-vector parameter, even when it varies (branches and checks)
MbeStatus mbe_mech_nominal3(MbeMech* m, int comp, const char* name, double out[3]) {
  MbeStatus st = MBE_OK;
  for (int i = 0; i < 3 && st == MBE_OK; i++) {
    st = mbe_mech_nominal(m, comp, name, i, &out[i]);
  }
  return st;
}

// comp.name / |comp.name| (a joint axis); the zero vector is an error
MbeStatus mbe_mech_unit_axis(MbeMech* m, int comp, const char* name, MbeV3* out) {
  double n0[3];
  MbeStatus st = mbe_mech_nominal3(m, comp, name, n0);
  if (st != MBE_OK) {
    return st;
  }
  if (!(n0[0] * n0[0] + n0[1] * n0[1] + n0[2] * n0[2] > 0)) {
    return mbe_mech_error(m, MBE_ERR_MODEL, comp, "axis '%s' is the zero vector", name);
  }
  MbeV3 v = mbe_mech_pv3(m, comp, name, &st);
  *out = mbe_v3_normalize(m->s, v);
  return st;
}

MbeStatus mbe_mech_elementary(MbeMech* m, int comp, MbeEdgeType type, int pa, int pb,
                              const MbeV3* axis, const char* q, const char* u) {
  MbeMechEdge* e = mbe_mech_new_edge(m, comp, type, pa, pb);
  if (e == NULL) {
    return mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
  }
  if (axis != NULL) {
    e->axis = *axis;
  }
  e->qname[0] = q ? mbe_mech_cname(m, comp, q) : NULL;
  e->uname[0] = u ? mbe_mech_cname(m, comp, u) : NULL;
  return MBE_OK;
}

MbeStatus mbe_mech_add_body(MbeMech* m, int comp, const char* name, const char* outer, int frame,
                            MbeSymId mass, MbeV3 r_cm, MbeM3 I, bool point) {
  MbeMechBody* b = &m->bodies[m->nbodies];
  memset(b, 0, sizeof *b);
  b->comp = comp;
  b->name = name;
  b->outer = outer;
  b->frame = frame;
  b->point = frame >= 0 ? m->frames[frame].point : -1;
  b->m = mass;
  b->is_point_mass = point;
  b->root_edge = -1;
  b->priority = point ? 10000 : 0;
  b->r_cm = r_cm;
  b->I = I;
  m->comps[comp].body = (int)m->nbodies++;
  if (frame < 0) {
    return mbe_mech_error(m, MBE_ERR_MODEL, comp, "frame_a is not connected");
  }
  return MBE_OK;
}

MbeStatus mbe_mech_add_point_body(MbeMech* m, int comp, int point, MbeM3 I) {
  MbeMechBody* b = &m->bodies[m->nbodies++];
  memset(b, 0, sizeof *b);
  b->comp = comp;
  b->name = m->comps[comp].name;
  b->frame = -1;
  b->point = point;
  b->m = mbe_sym_const(m->s, 0.0);
  b->root_edge = -1;
  b->priority = 1 << 29;
  b->r_cm = mbe_v3_zero();
  b->I = I;
  return m->s->is_oom ? mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory") : MBE_OK;
}

MbeStatus mbe_mech_rotation_kind(MbeMech* m, int comp, MbeMechEdge* e) {
  e->use_q = mbe_mech_bool(m, comp, "useQuaternions");
  for (int i = 0; i < 3; i++) {
    MbeStatus st = mbe_mech_int(m, comp, "sequence_angleStates", i, &e->seq[i]);
    if (st != MBE_OK) {
      return st;
    }
  }
  return MBE_OK;
}

/* ---- the spanning tree ---------------------------------------------------------------------- */

static bool edge_is_branch(const MbeMechEdge* e) {
  return !(e->type == MBE_EDGE_ROTATION && e->body == -1);
}

// describes the loop closed by edge k between two points already in the tree
static MbeStatus loop_error(MbeMech* m, int k) {
  MbeMechEdge* e = &m->edges[k];
  MbeStrbuf sb;
  mbe_strbuf_init(&sb);
  mbe_strbuf_printf(&sb, "%s", m->comps[e->comp].name);
  int a = e->pa, b = e->pb;
  // walk both ends up to the common ancestor
  int da = 0, db = 0;
  for (int p = a; p >= 0; p = m->points[p].parent)
    da++;
  for (int p = b; p >= 0; p = m->points[p].parent)
    db++;
  const char* last = m->comps[e->comp].name;
  while (a != b && (a >= 0 || b >= 0)) {
    int* x = da >= db ? &a : &b;
    int* dx = da >= db ? &da : &db;
    if (*x < 0)
      break;
    int pe = m->points[*x].parent_edge;
    if (pe >= 0) {
      const char* nm = m->comps[m->edges[pe].comp].name;
      if (strcmp(nm, last) != 0) {
        mbe_strbuf_printf(&sb, ", %s", nm);
        last = nm;
      }
    }
    *x = m->points[*x].parent;
    (*dx)--;
  }
  MbeStatus st = mbe_mech_error(m, MBE_ERR_UNSUPPORTED, e->comp,
                                "closes a kinematic loop (%s); kinematic loops are not supported "
                                "yet",
                                sb.data ? sb.data : "");
  mbe_strbuf_deinit(&sb);
  return st;
}

static MbeStatus tree_add(MbeMech* m, int k, int parent, int child, bool reversed) {
  MbeMechEdge* e = &m->edges[k];
  int fr = m->points[child].fixed_rotation;
  if (fr >= 0 && e->type != MBE_EDGE_FLOAT_POINT) {
    return mbe_mech_error(m, MBE_ERR_MODEL, fr,
                          "fixedRotationAtFrame sets the orientation of a frame whose orientation "
                          "%s already defines (two roots); set the flag only where line forces "
                          "meet point masses or each other",
                          m->comps[e->comp].name);
  }
  if (m->points[child].derived_ups >= 0) {
    return mbe_mech_error(m, MBE_ERR_UNSUPPORTED, e->comp,
                          "connects to frame_ia or frame_ib of %s: only bodies and "
                          "visualizers may hang there yet",
                          m->comps[m->points[child].derived_ups].name);
  }
  e->in_tree = true;
  e->reversed = reversed;
  e->parent_point = parent;
  e->child_point = child;
  m->points[child].parent_edge = k;
  m->points[child].parent = parent;
  m->points[child].order = (int)m->norder;
  m->order[m->norder++] = child;
  m->tree_edges[m->ntree++] = k;
  return MBE_OK;
}

// breadth-first from the points already placed, starting at order index from, over every
// branch but those of FreeMotionScalarInit
static MbeStatus grow_joints(MbeMech* m, size_t from) {
  for (size_t i = from; i < m->norder; i++) {
    int p = m->order[i];
    for (size_t k = 0; k < m->nedges; k++) {
      MbeMechEdge* e = &m->edges[k];
      if (e->in_tree || !edge_is_branch(e) || e->scalar_names || m->comps[e->comp].cut ||
          e->type == MBE_EDGE_FLOAT || e->type == MBE_EDGE_FLOAT_POINT ||
          e->type == MBE_EDGE_ABS_ROTATION) {
        continue;
      }
      int other;
      bool rev;
      if (e->pa == p) {
        other = e->pb;
        rev = false;
      } else if (e->pb == p) {
        other = e->pa;
        rev = true;
      } else {
        continue;
      }
      if (m->points[other].order >= 0) {
        return loop_error(m, (int)k);
      }
      MbeStatus st = tree_add(m, (int)k, p, other, rev);
      if (st != MBE_OK) {
        return st;
      }
    }
  }
  return MBE_OK;
}

// grow_joints, then a FreeMotionScalarInit edge from a placed point to one the joints do not
// reach, and on from there. Such an edge is taken last: where the joints connect its frames
// anyway it stays out of the tree and its elements only output (the loop the MSL would close
// through the edge's angles).
static MbeStatus grow(MbeMech* m, size_t from) {
  MbeStatus st = grow_joints(m, from);
  for (size_t k = 0; k < m->nedges && st == MBE_OK; k++) {
    MbeMechEdge* e = &m->edges[k];
    if (!e->scalar_names || e->in_tree) {
      continue;
    }
    bool ia = m->points[e->pa].order >= 0, ib = m->points[e->pb].order >= 0;
    if (ia == ib) {
      continue;
    }
    size_t next = m->norder;
    st = tree_add(m, (int)k, ia ? e->pa : e->pb, ia ? e->pb : e->pa, !ia);
    if (st == MBE_OK) {
      st = grow_joints(m, next);
    }
    k = (size_t)-1;  // from the first again: the new points may reach earlier edges
  }
  return st;
}

// the body with the best potential-root priority at the unplaced points connected to p0
static int choose_root_body(MbeMech* m, int p0, bool* mark) {
  // flood the component of p0 over branch edges
  int* stack = mbe_malloc((m->npoints + 1) * sizeof *stack);
  if (stack == NULL) {
    return -2;
  }
  int n = 0;
  stack[n++] = p0;
  mark[p0] = true;
  int best = -1;
  while (n > 0) {
    int p = stack[--n];
    for (size_t b = 0; b < m->nbodies; b++) {
      MbeMechBody* bd = &m->bodies[b];
      if (bd->frame < 0 || bd->point != p || m->points[p].derived_ups >= 0)
        continue;
      int pr = bd->enforce ? -1 : bd->priority;
      int pbest = best < 0 ? 1 << 30 : (m->bodies[best].enforce ? -1 : m->bodies[best].priority);
      if (pr < pbest)
        best = (int)b;
    }
    for (size_t k = 0; k < m->nedges; k++) {
      MbeMechEdge* e = &m->edges[k];
      if (!edge_is_branch(e) || e->pa < 0)
        continue;
      int other = e->pa == p ? e->pb : (e->pb == p ? e->pa : -1);
      if (other >= 0 && !mark[other] && m->points[other].order < 0) {
        mark[other] = true;
        stack[n++] = other;
      }
    }
  }
  mbe_free(stack);
  return best;
}

static MbeStatus float_body(MbeMech* m, int b, int point, int parent, MbeEdgeType type) {
  MbeMechBody* bd = &m->bodies[b];
  MbeMechEdge* e = mbe_mech_new_edge(m, bd->comp, type, parent, point);
  if (e == NULL) {
    return mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
  }
  e->body = b;
  bd = &m->bodies[b];
  bd->root_edge = (int)m->nedges - 1;
  if (type != MBE_EDGE_FLOAT_POINT) {
    MbeStatus st = mbe_mech_rotation_kind(m, bd->comp, e);
    if (st != MBE_OK) {
      return st;
    }
  }
  const char* outer = bd->outer ? bd->outer : bd->name;
  if (type == MBE_EDGE_FLOAT || type == MBE_EDGE_FLOAT_POINT) {
    e->qname[0] = mbe_arena_printf(m->arena, "%s.r_0", outer);
    e->uname[0] = mbe_arena_printf(m->arena, "%s.v_0", outer);
  }
  if (type != MBE_EDGE_FLOAT_POINT) {
    int i = type == MBE_EDGE_FLOAT ? 1 : 0;
    e->qname[i] = mbe_arena_printf(m->arena, "%s.%s", bd->name, e->use_q ? "Q" : "phi");
    e->uname[i] = mbe_arena_printf(m->arena, "%s.%s", bd->name, e->use_q ? "w_a" : "phi_d");
  }
  return tree_add(m, (int)m->nedges - 1, parent, point, false);
}

// whether rigid edge e keeps the orientation (a FixedTranslation)
static bool keeps_orientation(MbeMech* m, const MbeMechEdge* e) {
  for (int k = 0; k < 9; k++) {
    if (!mbe_sym_is_const(m->s, e->R.e[k], k % 4 == 0 ? 1.0 : 0.0))
      return false;
  }
  return true;
}

// the points joined to p by rigid offsets (those that keep the orientation only, where keep),
// as marks (NULL when out of memory)
static bool* rigid_reach(MbeMech* m, int p, bool keep) {
  int* queue = mbe_malloc((m->npoints + 1) * sizeof *queue);
  bool* seen = mbe_calloc(m->npoints + 1, sizeof *seen);
  if (!queue || !seen) {
    mbe_free(queue), mbe_free(seen);
    return NULL;
  }
  int n = 0;
  if (p >= 0) {
    queue[n++] = p;
    seen[p] = true;
  }
  for (int i = 0; i < n; i++) {
    for (size_t k = 0; k < m->nedges; k++) {
      const MbeMechEdge* e = &m->edges[k];
      if (e->type != MBE_EDGE_RIGID || e->pa < 0 || (keep && !keeps_orientation(m, e)))
        continue;
      int r = e->pa == queue[i] ? e->pb : e->pb == queue[i] ? e->pa : -1;
      if (r >= 0 && !seen[r]) {
        seen[r] = true;
        queue[n++] = r;
      }
    }
  }
  mbe_free(queue);
  return seen;
}

bool mbe_mech_same_axes(MbeMech* m, int p, int q) {
  bool* seen = p >= 0 && q >= 0 ? rigid_reach(m, p, true) : NULL;
  bool same = seen != NULL && seen[q];
  mbe_free(seen);
  return same;
}

bool mbe_mech_on_ground(MbeMech* m, int p) {
  bool* seen = p >= 0 ? rigid_reach(m, p, false) : NULL;
  bool on = false;
  for (size_t c = 0; seen != NULL && c < m->ncomps && !on; c++) {
    int g = mbe_mech_class(m->comps[c].kind)->role == MBE_ROLE_GROUND
                ? mbe_mech_point_of(m, m->comps[c].frame_b)
                : -1;
    on = g >= 0 && seen[g];
  }
  mbe_free(seen);
  return on;
}

// The body whose absolute rotation a Spherical without states at point p stands for: one at p,
// else the nearest behind rigid offsets that keep the orientation (the MSL's body on a
// FixedTranslation: its frame_a turns as p does), among points the tree has not reached; -1 if
// none, -2 out of memory
static int body_behind(MbeMech* m, int p) {
  int* queue = mbe_malloc((m->npoints + 1) * sizeof *queue);
  bool* seen = mbe_calloc(m->npoints + 1, sizeof *seen);
  int n = 0, b = -1;
  if (!queue || !seen) {
    mbe_free(queue), mbe_free(seen);
    return -2;
  }
  queue[n++] = p;
  seen[p] = true;
  for (int i = 0; i < n && b < 0; i++) {
    for (size_t j = 0; j < m->nbodies && b < 0; j++) {
      if (m->bodies[j].frame >= 0 && m->bodies[j].point == queue[i] && !m->bodies[j].is_point_mass)
        b = (int)j;
    }
    for (size_t k = 0; k < m->nedges && b < 0; k++) {
      const MbeMechEdge* e = &m->edges[k];
      if (e->type != MBE_EDGE_RIGID || e->in_tree || e->pa < 0 || !keeps_orientation(m, e))
        continue;
      int q = e->pa == queue[i] ? e->pb : e->pb == queue[i] ? e->pa : -1;
      if (q >= 0 && !seen[q] && m->points[q].order < 0) {
        seen[q] = true;
        queue[n++] = q;
      }
    }
  }
  mbe_free(queue), mbe_free(seen);
  return b;
}

static MbeStatus build_tree(MbeMech* m) {
  m->order = mbe_arena_alloc(m->arena, (m->npoints + m->nbodies + 1) * sizeof(int));  // + junctions
  // tree edges: the components' own, one ground edge per World/Fixed, one per floating body
  m->tree_edges = mbe_arena_alloc(m->arena, (m->nedges + m->ncomps + m->nbodies + 1) * sizeof(int));
  bool* mark = mbe_calloc(m->npoints + 1, 1);
  if (!m->order || !m->tree_edges || !mark) {
    mbe_free(mark);
    return mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
  }
  MbeStatus st = MBE_OK;
  // the ground's children: World.frame_b and every Fixed.frame_b
  for (size_t c = 0; c < m->ncomps && st == MBE_OK; c++) {
    MbeMechComp* comp = &m->comps[c];
    if (mbe_mech_class(comp->kind)->role != MBE_ROLE_GROUND)
      continue;
    int p = mbe_mech_point_of(m, comp->frame_b);
    if (p < 0)
      continue;
    MbeV3 r = mbe_v3_zero();
    if ((int)c != m->world) {
      r = mbe_mech_pv3(m, (int)c, "r", &st);  // Fixed
      if (st != MBE_OK)
        break;
    }
    if (m->points[p].order >= 0) {
      st = mbe_mech_error(m, MBE_ERR_UNSUPPORTED, (int)c,
                          "frame_b is connected to another ground frame: a loop through the world "
                          "that no joint closes (two fixed frames joined rigidly)");
      break;
    }
    MbeMechEdge* e = mbe_mech_new_edge(m, (int)c, MBE_EDGE_RIGID, -1, p);
    if (e == NULL) {
      st = mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
      break;
    }
    e->r = r;
    m->points[p].is_ground = true;
    st = tree_add(m, (int)m->nedges - 1, -1, p, false);
  }
  // and the free 1-D shafts and rolling wheels
  for (size_t k = 0; k < m->nedges && st == MBE_OK; k++) {
    MbeEdgeType t = m->edges[k].type;
    if (m->edges[k].shaft || t == MBE_EDGE_ROLLING || t == MBE_EDGE_WHEELSET)
      st = tree_add(m, (int)k, -1, m->edges[k].pb, false);
  }
  if (st == MBE_OK)
    st = grow(m, 0);
  // spherical joints without states hang the body behind them on absolute rotation states;
  // everything else that is still free floats with the best potential root's states
  bool changed = true;
  while (st == MBE_OK && changed) {
    changed = false;
    for (size_t k = 0; k < m->nedges && st == MBE_OK; k++) {
      MbeMechEdge* e = &m->edges[k];
      if (edge_is_branch(e) || e->in_tree || m->comps[e->comp].cut)
        continue;
      bool ia = m->points[e->pa].order >= 0, ib = m->points[e->pb].order >= 0;
      if (ia && ib) {
        m->comps[e->comp].cut = true;  // it closes a loop: a cut joint (mech_loops.c)
        continue;
      }
      if (!ia && !ib)
        continue;
      int placed = ia ? e->pa : e->pb, free_p = ia ? e->pb : e->pa;
      int b = body_behind(m, free_p);
      if (b == -2) {
        st = mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
        break;
      }
      if (b < 0) {
        st = mbe_mech_error(m, MBE_ERR_UNSUPPORTED, e->comp,
                            "without enforceStates=true this spherical joint needs a body at its "
                            "free side (directly, or behind FixedTranslations); set "
                            "enforceStates=true");
        break;
      }
      e->in_tree = true;  // used: its motion is the body's absolute rotation
      int via = e->comp;
      size_t from = m->norder;
      st = float_body(m, b, free_p, placed, MBE_EDGE_ABS_ROTATION);
      if (st == MBE_OK)
        m->edges[m->nedges - 1].via = via;
      if (st == MBE_OK)
        st = grow(m, from);
      changed = true;
    }
    if (changed || st != MBE_OK)
      continue;
    for (size_t p = 0; p < m->npoints && st == MBE_OK; p++) {
      if (m->points[p].order >= 0 || mark[p] || m->points[p].derived_ups >= 0)
        continue;
      memset(mark, 0, m->npoints);
      int b = choose_root_body(m, (int)p, mark);
      if (b == -2) {
        st = mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
        break;
      }
      if (b < 0) {
        continue;  // reported below if nothing else places it
      }
      size_t from = m->norder;
      int bp = m->bodies[b].point;
      bool translate_only = m->bodies[b].is_point_mass || m->points[bp].fixed_rotation >= 0;
      if (m->bodies[b].is_point_mass && m->points[bp].fixed_rotation < 0) {
        // a point mass carries no orientation: what is connected to it must not need one
        for (size_t f = 0; f < m->nframes; f++) {
          if (m->frames[f].point == bp && (int)f != m->bodies[b].frame) {
            st = mbe_mech_error(m, MBE_ERR_MODEL, m->bodies[b].comp,
                                "the orientation of frame_a is undefined: a point mass has none "
                                "and %s does not fix it (set fixedRotationAtFrame_a/_b = true on "
                                "the line force, or connect a body or joint)",
                                m->flat->insts[m->frames[f].inst].name);
            break;
          }
        }
        if (st != MBE_OK)
          break;
      }
      st = float_body(m, b, bp, -1, translate_only ? MBE_EDGE_FLOAT_POINT : MBE_EDGE_FLOAT);
      if (st == MBE_OK)
        st = grow(m, from);
      changed = true;
      break;
    }
  }
  mbe_free(mark);
  if (st != MBE_OK) {
    return st;
  }
  for (size_t f = 0; f < m->nframes; f++) {
    int p = m->frames[f].point;
    if (m->points[p].order >= 0)
      continue;
    if (m->points[p].derived_ups >= 0) {
      // frame_ia/ib of a JointUPS, a wheel set's frame1/2: placed (kinematics in mech_eom.c),
      // bodies there are derived
      m->points[p].order = (int)m->norder;
      m->order[m->norder++] = p;
      for (size_t b = 0; b < m->nbodies; b++) {
        if (m->bodies[b].point == p)
          m->bodies[b].derived = true;
      }
      for (size_t g = 0; g < m->nframes; g++) {
        int gc = m->frames[g].comp;
        if (m->frames[g].point != p || gc < 0 || gc == m->points[p].derived_ups)
          continue;
        if (m->comps[gc].body < 0 &&
            mbe_mech_class(m->comps[gc].kind)->role != MBE_ROLE_VISUALIZER) {
          return mbe_mech_error(m, MBE_ERR_UNSUPPORTED, gc,
                                "is attached to a frame of %s whose motion it derives (a "
                                "JointUPS's frame_ia or frame_ib, a wheel set's wheel): only "
                                "bodies and visualizers may hang there yet",
                                m->comps[m->points[p].derived_ups].name);
        }
      }
      continue;
    }
    // a point no root reaches: only force elements and sensors are attached to it
    MbeStrbuf names;
    mbe_strbuf_init(&names);
    bool only_lines = true;
    int line = -1;
    for (size_t g = 0; g < m->nframes; g++) {
      if (m->frames[g].point != p)
        continue;
      mbe_strbuf_printf(&names, "%s%s", names.len ? ", " : "",
                        m->flat->insts[m->frames[g].inst].name);
      int gc = m->frames[g].comp;
      bool is_line = gc >= 0 && mbe_mech_class(m->comps[gc].kind)->role == MBE_ROLE_LINE_FORCE;
      only_lines = only_lines && is_line;
      if (is_line && line < 0)
        line = gc;
    }
    MbeStatus st2;
    if (m->points[p].fixed_rotation >= 0) {
      // a massless junction of line forces: its position is solved in the right-hand side
      mbe_strbuf_deinit(&names);
      if (!only_lines) {
        return mbe_mech_error(m, MBE_ERR_MODEL, m->points[p].fixed_rotation,
                              "fixedRotationAtFrame fixes a point that also holds other "
                              "components than line forces");
      }
      m->points[p].order = (int)m->norder;
      m->points[p].is_junction = true;
      m->order[m->norder++] = p;
      continue;
    }
    if (only_lines && line >= 0) {
      st2 = mbe_mech_error(m, MBE_ERR_MODEL, line,
                           "the overdetermined connectors %s are connected but do not have any "
                           "root defined: where line forces meet without a body, set "
                           "fixedRotationAtFrame_a or _b = true on one of them (here on %s)",
                           names.data, m->comps[line].name);
    } else {
      st2 = mbe_mech_error(m, MBE_ERR_MODEL, m->frames[f].comp,
                           "%s: connected to no body, joint or world frame, so the orientation "
                           "is undefined (the Modelica error: connected overdetermined "
                           "connectors without a root)",
                           names.data);
    }
    mbe_strbuf_deinit(&names);
    return st2;
  }
  return MBE_OK;
}

static void edge_sizes(const MbeMechEdge* e, int* nq, int* nu) {
  int rq = e->use_q ? 4 : 3;
  switch (e->type) {
    case MBE_EDGE_REVOLUTE:
    case MBE_EDGE_PRISMATIC: *nq = 1, *nu = 1; break;
    case MBE_EDGE_ROTATION:
    case MBE_EDGE_ABS_ROTATION: *nq = rq, *nu = 3; break;
    case MBE_EDGE_FREE:
    case MBE_EDGE_FLOAT: *nq = 3 + rq, *nu = 6; break;
    case MBE_EDGE_FLOAT_POINT: *nq = 3, *nu = 3; break;
    case MBE_EDGE_ROLLING: *nq = 5, *nu = 3; break;
    case MBE_EDGE_WHEELSET: *nq = 5, *nu = 2; break;
    default: *nq = 0, *nu = 0; break;
  }
}

static void layout(MbeMech* m) {
  for (size_t i = 0; i < m->ntree; i++) {
    MbeMechEdge* e = &m->edges[m->tree_edges[i]];
    edge_sizes(e, &e->nq, &e->nu);
    e->q0 = (int)m->nx;
    e->u0 = (int)m->nx + e->nq;
    e->dof0 = (int)m->ndof;
    m->nx += (size_t)(e->nq + e->nu);
    m->ndof += (size_t)e->nu;
  }
  // first-order states of the components' own, after the mechanism's
  for (size_t c = 0; c < m->ncomps; c++) {
    const MbeMechClass* k = mbe_mech_class(m->comps[c].kind);
    int n = k->nstates_of ? k->nstates_of(m, (int)c) : k->nstates;
    if (n > 0) {
      m->comps[c].state = (int)m->nx;
      m->comps[c].nstates = n;
      m->nx += (size_t)n;
    }
  }
}

// a model's own gravity field: world.gravityAcceleration redeclared (gravity_fn NULL: World's
// built-in fields)
static void world_gravity_fn(MbeMech* m) {
  const MbeInst* in = &m->flat->insts[m->comps[m->world].inst];
  m->gravity_fn = NULL;
  for (size_t i = 0; i < in->nredecl; i++) {
    if (strcmp(in->redecl[i]->name, "gravityAcceleration") == 0) {
      m->gravity_fn = in->redecl[i];
      m->gravity_scope = in->redecl_scope[i];
    }
  }
}

static MbeStatus world_params(MbeMech* m) {
  m->gravity_type = MBE_GRAVITY_NONE;
  m->gvec = mbe_v3_zero();
  m->mu = mbe_sym_const(m->s, 0.0);
  for (size_t c = 0; m->world < 0 && c < m->ncomps; c++) {  // 3-D parts need the World
    if (m->comps[c].frame_a >= 0 || m->comps[c].frame_b >= 0) {
      return mbe_mech_error(m, MBE_ERR_MODEL, (int)c,
                            "the model has no World (declare 'inner Modelica.Mechanics."
                            "MultiBody.World world;')");
    }
  }
  if (m->world < 0)
    return MBE_OK;  // 1-D drive trains and blocks alone
  world_gravity_fn(m);
  MbeStatus st = mbe_mech_int(m, m->world, "gravityType", 0, &m->gravity_type);
  double n0[3];
  if (st == MBE_OK)
    st = mbe_mech_nominal3(m, m->world, "n", n0);
  MbeSymId g = mbe_mech_psym(m, m->world, "g", 0, &st);
  MbeV3 n = mbe_mech_pv3(m, m->world, "n", &st);
  m->mu = mbe_mech_psym(m, m->world, "mu", 0, &st);
  if (st != MBE_OK) {
    return st;
  }
  if (m->gravity_type == MBE_GRAVITY_UNIFORM) {
    if (!(sqrt(n0[0] * n0[0] + n0[1] * n0[1] + n0[2] * n0[2]) > 1e-10)) {
      return mbe_mech_error(m, MBE_ERR_MODEL, m->world, "gravity direction n is the zero vector");
    }
    MbeV3 e = mbe_v3_normalize(m->s, n);
    m->gvec = mbe_v3_scale(m->s, g, e);
  }
  return MBE_OK;
}

/* ---- the system ----------------------------------------------------------------------------- */

static int signal_cmp(const void* a, const void* b) {
  return strcmp(((const MbeSignal*)a)->name, ((const MbeSignal*)b)->name);
}

MbeStatus mbe_mech_substitute_roots(MbeMech* m, const MbeSymId* from, const MbeSymId* to,
                                    size_t n) {
  size_t nroots = m->nx + m->nsigs + m->nasserts + 1;
  MbeSymId* roots = mbe_malloc(nroots * sizeof *roots);
  if (roots == NULL)
    return mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
  size_t k = 0;
  for (size_t i = 0; i < m->nx; i++)
    roots[k++] = m->xdot[i];
  for (size_t i = 0; i < m->nsigs; i++)
    roots[k++] = m->sigs[i].id;
  for (size_t i = 0; i < m->nasserts; i++)
    roots[k++] = m->asserts[i].cond;
  roots[k++] = m->fail;
  mbe_sym_substitute(m->s, from, to, n, roots, nroots);
  k = 0;
  for (size_t i = 0; i < m->nx; i++)
    m->xdot[i] = roots[k++];
  for (size_t i = 0; i < m->nsigs; i++)
    m->sigs[i].id = roots[k++];
  for (size_t i = 0; i < m->nasserts; i++)
    m->asserts[i].cond = roots[k++];
  m->fail = roots[k++];
  mbe_free(roots);
  return m->s->is_oom ? mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory") : MBE_OK;
}

MbeStatus mbe_system_build(const MbeFlat* flat, MbeSystem** out, MbeError* err) {
  return mbe_system_build_with(flat, NULL, out, err);
}

MbeStatus mbe_system_build_with(const MbeFlat* flat, const MbeSystemOptions* opt,
                                MbeSystem** out, MbeError* err) {
  *out = NULL;
  MbeSystem* sys = mbe_calloc(1, sizeof *sys);
  if (sys == NULL) {
    return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
  }
  mbe_arena_init(&sys->arena);
  mbe_sym_init(&sys->sym);
  sys->sym.fold_zero_products = true;  // zeros are the model's own (axes, offsets)
  sys->name = flat->top_name;
  sys->t0 = flat->has_start_time ? flat->start_time : 0;
  MbeMech m;
  memset(&m, 0, sizeof m);
  m.flat = flat;
  m.sys = sys;
  m.s = &sys->sym;
  m.arena = &sys->arena;
  m.err = err;
  m.dynamics = opt ? opt->dynamics : MBE_DYNAMICS_AUTO;
  m.var_table = table_build(flat->nvars, var_name, flat, &m.var_cap);
  m.inst_table = table_build(flat->ninsts, inst_name, flat, &m.inst_cap);
  MbeStatus st = MBE_OK;
  if (m.var_table == NULL || m.inst_table == NULL) {
    st = mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
  }

  // the varied parameters are the first per-member parameters (PARAM 0 .. nvary-1)
  m.nvary = flat->nvary;
  if (st == MBE_OK && m.nvary > 0) {
    m.cap_p = m.nvary + 8;
    m.pvars = mbe_arena_alloc(m.arena, m.cap_p * sizeof *m.pvars);
    if (m.pvars == NULL) {
      st = mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
    }
    for (size_t k = 0; k < m.nvary && m.pvars; k++) {
      m.pvars[k] = flat->vary[k].var;
    }
    m.np = m.nvary;
  }
  if (st == MBE_OK)
    st = collect(&m);
  if (st == MBE_OK)
    st = world_params(&m);
  if (st == MBE_OK)
    st = merge(&m);
  if (st == MBE_OK) {
    // a rotor has two (its own and its share taken off the carrier)
    m.bodies = mbe_arena_alloc(m.arena, (2 * m.ncomps + 1) * sizeof *m.bodies);
    if (m.bodies == NULL)
      st = mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
  }
  for (size_t c = 0; c < m.ncomps && st == MBE_OK; c++) {
    const MbeMechClass* k = mbe_mech_class(m.comps[c].kind);
    st = k->build ? k->build(&m, (int)c) : MBE_OK;
  }
  for (int k = 0; k < MBE_MC_COUNT && st == MBE_OK; k++) {
    const MbeMechClass* cls = mbe_mech_class((MbeMechKind)k);
    st = cls->build_all ? cls->build_all(&m) : MBE_OK;
  }
  if (st == MBE_OK)
    st = mbe_mech_shafts(&m);
  if (st == MBE_OK)
    st = mbe_mech_choose_cuts(&m);
  if (st == MBE_OK)
    st = build_tree(&m);
  if (st == MBE_OK) {
    layout(&m);
    st = mbe_mech_user_layout(&m);
  }
  if (st == MBE_OK)
    st = mbe_mech_equation_bindings(&m);
  if (st == MBE_OK) {
    m.xdot = mbe_arena_alloc(m.arena, (m.nx + 1) * sizeof *m.xdot);
    m.state_names = mbe_arena_alloc(m.arena, (m.nx + 1) * sizeof *m.state_names);
    m.x0 = mbe_arena_alloc(m.arena, (m.nx + 1) * sizeof *m.x0);
    if (!m.xdot || !m.state_names || !m.x0)
      st = mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
  }
  if (st == MBE_OK)
    st = mbe_mech_equations(&m);
  if (st == MBE_OK)
    st = mbe_mech_outputs(&m);
  if (st == MBE_OK)
    st = mbe_mech_bound_outputs(&m);
  if (st == MBE_OK)
    st = mbe_mech_block_signals(&m);
  if (st == MBE_OK)
    st = mbe_mech_asserts(&m);
  if (st == MBE_OK)
    st = mbe_mech_initial_state(&m);
  if (st == MBE_OK)
    st = mbe_mech_loops_close(&m);
  for (size_t c = 0; c < m.ncomps && st == MBE_OK; c++) {
    const MbeMechClass* k = mbe_mech_class(m.comps[c].kind);
    st = k->start ? k->start(&m, (int)c) : MBE_OK;
  }
  if (st == MBE_OK)
    st = mbe_mech_free_params(&m);
  if (st == MBE_OK) {
    // the initial state is the one at t0: a driven joint's reference of time that reached it
    // through another start (a loop assembled around a Move) is taken there
    MbeSymId t = mbe_sym_time(m.s), t0 = mbe_sym_const(m.s, sys->t0);
    mbe_sym_substitute(m.s, &t, &t0, 1, m.x0sym, m.nx);
  }
  if (st == MBE_OK)
    st = mbe_mech_check_varied(&m);
  if (st == MBE_OK && sys->sym.is_oom)
    st = mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
  mbe_free(m.var_table);
  mbe_free(m.inst_table);
  if (st != MBE_OK && sys->sym.is_too_big) {
    st =
        mbe_error_set(err, MBE_ERR_UNSUPPORTED,
                      "%s: its equations grew past %zu expression nodes while compiling (kinematic "
                      "loops over many free-motion coordinates can do that); not supported yet",
                      sys->name, (size_t)MBE_SYM_MAX_NODES);
  }
  if (st != MBE_OK) {
    mbe_flat_error_to_user(flat, err);
    mbe_free(m.sigs);
    mbe_system_destroy(sys);
    return st;
  }
  sys->np = m.np;
  sys->param_names = mbe_arena_alloc(&sys->arena, (m.np + 1) * sizeof *sys->param_names);
  sys->p0 = mbe_arena_alloc(&sys->arena, (m.np + 1) * sizeof *sys->p0);
  for (size_t i = 0; i < m.np && sys->p0; i++) {
    sys->param_names[i] = i < m.nvary ? flat->vary[i].name : flat->vars[m.pvars[i]].name;
    sys->p0[i] = m.p0[i];
  }
  sys->nvary = m.nvary;
  sys->x0sym = m.x0sym;
  sys->fail = m.fail;
  sys->loops = m.asm_text == NULL ? m.loops_text
               : m.loops_text == NULL
                   ? m.asm_text
                   : mbe_arena_printf(&sys->arena, "%s%s", m.loops_text, m.asm_text);
  // cut joints' loops, massless junctions and users' nonlinear force laws are solved by Newton to
  // 1e-9; the assemblies' closed forms and the drives' rows need no such tolerance
  sys->needs_double = m.ncon_cut > 0 ? "its kinematic loops are solved to 1e-9, finer than "
                                       "single precision resolves"
                     : m.newton_1e9 ? mbe_arena_printf(&sys->arena,
                                                       "%s, finer than single precision resolves",
                                                       m.newton_1e9)
                                    : NULL;
  sys->asserts = mbe_arena_alloc(&sys->arena, (m.nasserts + 1) * sizeof *sys->asserts);
  sys->assert_src = mbe_arena_alloc(&sys->arena, (m.nasserts + 1) * sizeof *sys->assert_src);
  sys->assert_warning = mbe_arena_alloc(&sys->arena, (m.nasserts + 1) * sizeof(bool));
  for (size_t i = 0; i < m.nasserts && sys->asserts && sys->assert_src && sys->assert_warning;
       i++) {
    sys->asserts[i] = m.asserts[i].cond;
    sys->assert_src[i] = m.asserts[i].src;
    sys->assert_warning[i] = m.asserts[i].src->is_warning;
  }
  sys->nasserts = m.nasserts;
  sys->nx = m.nx;
  sys->xdot = m.xdot;
  sys->state_names = m.state_names;
  sys->x0 = m.x0;
  qsort(m.sigs, m.nsigs, sizeof *m.sigs, signal_cmp);
  // keep the first of duplicate names (an internal alias of the same variable)
  size_t n = 0;
  for (size_t i = 0; i < m.nsigs; i++) {
    if (n == 0 || strcmp(m.sigs[n - 1].name, m.sigs[i].name) != 0) {
      m.sigs[n++] = m.sigs[i];
    }
  }
  sys->signals = m.sigs;
  sys->nsignals = n;
  *out = sys;
  return MBE_OK;
}

void mbe_system_destroy(MbeSystem* sys) {
  if (sys == NULL) {
    return;
  }
  mbe_free(sys->signals);
  mbe_sym_deinit(&sys->sym);
  mbe_arena_deinit(&sys->arena);
  mbe_free(sys);
}

const MbeSignal* mbe_system_signal(const MbeSystem* sys, const char* name) {
  MbeSignal key = {name, 0};
  return bsearch(&key, sys->signals, sys->nsignals, sizeof key, signal_cmp);
}

const char* mbe_system_suggest(const MbeSystem* sys, const char* name) {
  const char* best = NULL;
  size_t bd = strlen(name) / 3 + 2;
  for (size_t i = 0; i < sys->nsignals; i++) {
    size_t d = mbe_edit_distance(name, sys->signals[i].name, bd);
    if (d < bd) {
      bd = d;
      best = sys->signals[i].name;
    }
  }
  return best;
}
