// SPDX-License-Identifier: Apache-2.0
// What only the animation reads: the catalogue marks the declarations host/mech never reads
// (shape sizes and colours, arrow scalings, the World's animation defaults) with
// MBE_ANIMATION_MARK at the end of their description; a parameter stays visual in a model only
// while everything that reads its value is visual too. Names are resolved as the flattener
// resolves them, so `world.defaultJointLength` inside a joint is the World's parameter.
#include <string.h>

#include "model.h"

// "var from is read by var to"; to = -1: by something the simulation uses (an equation, a
// dimension, a condition)
typedef struct Read {
  int from, to;
} Read;

typedef struct Reads {
  MbeFlatten* fl;
  Read* r;
  size_t n, cap;
  bool is_oom;
} Reads;

static void add_read(Reads* g, int from, int to) {
  if (g->n == g->cap) {
    size_t cap = g->cap ? 2 * g->cap : 256;
    Read* r = mbe_realloc(g->r, cap * sizeof *r);
    if (!r) {
      g->is_oom = true;
      return;
    }
    g->r = r;
    g->cap = cap;
  }
  g->r[g->n++] = (Read){from, to};
}

static bool inside(const MbeFlat* f, int inst, int root) {
  for (int p = inst; p >= 0; p = f->insts[p].parent) {
    if (p == root) {
      return true;
    }
  }
  return false;
}

// the variables the names of e refer to, as read by to: a variable, or every variable of an
// instance named whole (a record passed to a function)
static void scan(Reads* g, const MbeExpr* e, int scope, const MbeClass* lex, int to) {
  if (!e) {
    return;
  }
  if (e->kind == MBE_EX_NAME) {
    MbeRef ref;
    MbeError ignored;
    if (mbe_flatten_resolve(g->fl, &e->name, scope, lex, &ref, &ignored) == MBE_OK) {
      const MbeFlat* f = mbe_flatten_flat(g->fl);
      if (ref.kind == MBE_REF_VAR) {
        add_read(g, ref.index, to);
      }
      for (size_t i = 0; ref.kind == MBE_REF_INST && ref.index >= 0 && i < f->nvars; i++) {
        if (inside(f, f->vars[i].inst, ref.index)) {
          add_read(g, (int)i, to);
        }
      }
    }
  }

  // operands, call arguments, and the subscripts inside names
  for (size_t i = 0; i < e->nargs; i++) {
    scan(g, e->args[i], scope, lex, to);
  }
  for (size_t i = 0; i < e->nnamed; i++) {
    scan(g, e->named[i].value, scope, lex, to);
  }
  if (e->kind == MBE_EX_NAME || e->kind == MBE_EX_CALL) {
    for (size_t i = 0; i < e->name.nparts; i++) {
      for (size_t k = 0; k < e->name.parts[i].nsubs; k++) {
        scan(g, e->name.parts[i].subs[k], scope, lex, to);
      }
    }
  }
}

static void scan_binding(Reads* g, const MbeBinding* b, int to) {
  if (b->expr) {
    scan(g, b->expr, b->scope, b->lex, to);
  }
}

// who reads whom: every binding and attribute, the equations, the dimensions and conditions
static void collect(Reads* g) {
  const MbeFlat* f = mbe_flatten_flat(g->fl);
  for (size_t i = 0; i < f->nvars; i++) {
    scan_binding(g, &f->vars[i].binding, (int)i);
    for (int a = 0; a < MBE_ATTR_COUNT; a++) {
      scan_binding(g, &f->vars[i].attr[a], (int)i);
    }
  }
  for (size_t i = 0; i < f->neqs; i++) {
    scan(g, f->eqs[i].lhs, f->eqs[i].scope, f->eqs[i].lex, -1);
    scan(g, f->eqs[i].rhs, f->eqs[i].scope, f->eqs[i].lex, -1);
  }
  for (size_t i = 0; i < f->nsexprs; i++) {
    scan(g, f->sexprs[i].expr, f->sexprs[i].scope, f->sexprs[i].lex, -1);
  }
}

static bool has_mark(const MbeVar* v) {
  size_t n = strlen(v->description), k = strlen(MBE_ANIMATION_MARK);
  return n >= k && strcmp(v->description + n - k, MBE_ANIMATION_MARK) == 0;
}

MbeStatus mbe_flat_mark_visual(MbeFlatten* fl, MbeError* err) {
  MbeFlat* f = mbe_flatten_flat(fl);
  Reads g = {fl, NULL, 0, 0, false};
  collect(&g);
  if (g.is_oom) {
    mbe_free(g.r);
    return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
  }

  // the candidates: marked declarations, and the user's parameters that something reads
  for (size_t i = 0; i < f->nvars; i++) {
    f->vars[i].is_visual = has_mark(&f->vars[i]);
  }
  for (size_t k = 0; k < g.n; k++) {
    MbeVar* v = &f->vars[g.r[k].from];
    if (v->variability >= MBE_VAR_PARAMETER && mbe_spec_is_user_file(f->spec, v->loc.file)) {
      v->is_visual = true;
    }
  }

  // a candidate that something not visual reads is not visual, until nothing changes
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t k = 0; k < g.n; k++) {
      MbeVar* from = &f->vars[g.r[k].from];
      if (from->is_visual && (g.r[k].to < 0 || !f->vars[g.r[k].to].is_visual)) {
        from->is_visual = false;
        changed = true;
      }
    }
  }
  mbe_free(g.r);
  return MBE_OK;
}
