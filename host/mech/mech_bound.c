// SPDX-License-Identifier: Apache-2.0
// The model's own variables with a binding (`Real e = 0.5*m*v^2;` in a user's model): outputs of
// the system, computed from the signals they name (mbe_mech_expr). A binding is an equation that
// gives its variable explicitly, so no sorting is needed beyond following the bindings it uses.
#include <stdio.h>
#include <string.h>

#include "mech_internal.h"

typedef struct Bound {
  size_t* first;   // per flat var: where its elements start in node
  MbeSymId* node;  // per element of every flat var: its compiled binding, MBE_SYM_NONE until
                   // compiled
  char* busy;      // per flat var: being compiled (a cycle of bindings)
} Bound;

// whether mech has a signal of that name already (a user's force law solved the variable)
static bool has_signal(const MbeMech* m, const char* name) {
  for (size_t i = 0; i < m->nsigs; i++) {
    if (strcmp(m->sigs[i].name, name) == 0) {
      return true;
    }
  }
  return false;
}

// v's binding: its own, or the field of a record given whole (Orientation R = body.frame_a.R
// gives R.T the field T of that value, *field "T"); NULL when it has none
static const MbeBinding* var_binding(const MbeMech* m, const MbeVar* v, const char** field) {
  const MbeInst* in = &m->flat->insts[v->inst];
  *field = NULL;
  if (v->binding.expr) {
    return &v->binding;
  }
  if (m->eq_binding != NULL && m->eq_binding[v - m->flat->vars].expr != NULL) {
    return &m->eq_binding[v - m->flat->vars];
  }
  if (in->kind != MBE_INST_RECORD || !in->record_binding.expr || in->parent < 0) {
    return NULL;
  }
  *field = v->name + strlen(in->name) + 1;
  return &in->record_binding;
}

// a user's variable whose value is its binding: not a parameter, in a user's model (a record of
// one), not solved as an equation of a user's force law
static bool is_bound_output(MbeMech* m, const MbeVar* v) {
  const char* field;
  if (v->variability >= MBE_VAR_PARAMETER || !var_binding(m, v, &field)) {
    return false;
  }
  int inst = field ? m->flat->insts[v->inst].parent : v->inst;
  MbeInstKind k = m->flat->insts[inst].kind;
  if (k != MBE_INST_ROOT && k != MBE_INST_MODEL) {
    return false;
  }
  return !has_signal(m, mbe_mech_element_name(m, v, 0));
}

static int numel(const MbeVar* v) {
  int n = 1;
  for (int d = 0; d < v->ndims; d++) {
    n *= v->dims[d];
  }
  return n;
}

static MbeStatus compile_var(MbeMech* m, Bound* b, int var, int elem, MbeSymId* out);
static MbeStatus compile_field(MbeMech* m, Bound* b, int var, const MbeBinding* bd,
                               const char* field, int elem, MbeSymId* out);

static MbeSymId value_node(MbeMech* m, Bound* b, int var, int elem, const MbeExpr* at,
                           MbeStatus* st);

// the node of a name in a binding, or with der that of its time derivative (through the state
// derivatives, mbe_mech_der)
static MbeSymId name_node(MbeMech* m, void* ctx, int var, int elem, bool der, const MbeExpr* at,
                          MbeStatus* st) {
  MbeSymId id = value_node(m, ctx, var, elem, at, st);
  if (*st == MBE_OK && der) {
    MbeSymId d = 0;
    *st = mbe_mech_der(m, id, &d);
    return d;
  }
  return id;
}

static MbeSymId value_node(MbeMech* m, Bound* b, int var, int elem, const MbeExpr* at,
                           MbeStatus* st) {
  const MbeVar* v = &m->flat->vars[var];
  MbeSymId id = 0;
  if (is_bound_output(m, v)) {
    *st = compile_var(m, b, var, elem, &id);
    return id;
  }
  MbeStatus bst = MBE_OK;
  if (mbe_mech_var_signal(m, var, elem, &id) || mbe_mech_block_value(m, var, elem, &id, &bst)) {
    *st = bst;
    return id;
  }
  *st = mbe_error_at(m->err, MBE_ERR_UNSUPPORTED, at->loc,
                     "'%s' has no value that the simulator computes (it is not a signal: "
                     "mbens simulate --list-signals prints them)",
                     mbe_mech_element_name(m, v, elem));
  return 0;
}

// element elem of var's binding (a vector binding is compiled element by element)
static MbeStatus compile_var(MbeMech* m, Bound* b, int var, int elem, MbeSymId* out) {
  const MbeVar* v = &m->flat->vars[var];
  const char* field;
  const MbeBinding* bd = var_binding(m, v, &field);
  if (field) {
    return compile_field(m, b, var, bd, field, elem, out);
  }
  if (v->ndims > 1 || bd->nsel) {
    return mbe_error_at(m->err, MBE_ERR_UNSUPPORTED, bd->loc,
                        "'%s': a binding of a matrix, or of an array of components, is not "
                        "supported by mbens yet",
                        v->name);
  }
  size_t at = b->first[var] + (size_t)elem;
  if (b->node[at] != MBE_SYM_NONE) {
    *out = b->node[at];
    return MBE_OK;
  }
  if (b->busy[var]) {
    return mbe_error_at(m->err, MBE_ERR_MODEL, bd->loc,
                        "the binding of '%s' depends on itself", v->name);
  }
  if (v->ndims && elem == 0) {
    // the binding's length is the variable's: from its vectors, or an array literal's entries
    int n = 0;
    const MbeExpr* e = bd->expr;
    MbeStatus sst = mbe_mech_expr_size(m, e, bd->scope, bd->lex, &n);
    if (sst != MBE_OK) {
      return sst;
    }
    n = e->kind == MBE_EX_ARRAY && !e->niters ? (int)e->nargs : n;
    if (n != 0 && n != v->dims[0]) {
      return mbe_error_at(m->err, MBE_ERR_MODEL, bd->loc,
                          "'%s' has %d elements, its binding %d", v->name, v->dims[0], n);
    }
  }
  b->busy[var] = 1;
  MbeStatus st = v->ndims ? mbe_mech_expr_elem(m, bd->expr, bd->scope,
                                                bd->lex, name_node, b, elem, out)
                          : mbe_mech_expr(m, bd->expr, bd->scope, bd->lex,
                                          name_node, b, out);
  b->busy[var] = 0;
  if (st == MBE_OK) {
    b->node[at] = *out;
  }
  return st;
}

// element elem of field `field` of a record binding bd: flat var var
static MbeStatus compile_field(MbeMech* m, Bound* b, int var, const MbeBinding* bd,
                               const char* field, int elem, MbeSymId* out) {
  const MbeVar* v = &m->flat->vars[var];
  size_t at = b->first[var] + (size_t)elem;
  if (b->node[at] != MBE_SYM_NONE) {
    *out = b->node[at];
    return MBE_OK;
  }
  if (b->busy[var]) {
    return mbe_error_at(m->err, MBE_ERR_MODEL, bd->loc, "the binding of '%s' depends on itself",
                        v->name);
  }
  b->busy[var] = 1;
  MbeStatus st = mbe_mech_expr_field(m, bd->expr, bd->scope, bd->lex, name_node, b, field,
                                     v->ndims ? elem : -1, out);
  b->busy[var] = 0;
  if (st == MBE_OK) {
    b->node[at] = *out;
  }
  return st;
}

// the compiled bindings so far (made at the first use, kept for the rest of the build)
static Bound* bound_ctx(MbeMech* m) {
  if (m->bound != NULL) {
    return m->bound;
  }
  const MbeFlat* f = m->flat;
  Bound* b = mbe_arena_alloc(m->arena, sizeof *b);
  if (!b) {
    return NULL;
  }
  b->first = mbe_arena_alloc(m->arena, (f->nvars + 1) * sizeof *b->first);
  b->busy = mbe_arena_alloc(m->arena, f->nvars + 1);
  if (!b->first || !b->busy) {
    return NULL;
  }
  size_t total = 0;
  for (size_t i = 0; i < f->nvars; i++) {
    b->first[i] = total;
    total += (size_t)numel(&f->vars[i]);
  }
  b->node = mbe_arena_alloc(m->arena, (total + 1) * sizeof *b->node);
  if (!b->node) {
    return NULL;
  }
  for (size_t i = 0; i < total; i++) {
    b->node[i] = MBE_SYM_NONE;
  }
  m->bound = b;
  return b;
}

bool mbe_mech_binding_value(MbeMech* m, int var, int elem, MbeSymId* out, MbeStatus* st) {
  const char* field;
  if (m->flat->vars[var].variability >= MBE_VAR_PARAMETER ||
      !var_binding(m, &m->flat->vars[var], &field)) {
    return false;
  }
  Bound* b = bound_ctx(m);
  *st = b ? compile_var(m, b, var, elem, out)
          : mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
  return true;
}

MbeStatus mbe_mech_bound_outputs(MbeMech* m) {
  const MbeFlat* f = m->flat;
  Bound* bp = bound_ctx(m);
  if (!bp) {
    return mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
  }
  for (size_t i = 0; i < f->nvars; i++) {
    const MbeVar* v = &f->vars[i];
    if (!is_bound_output(m, v)) {
      continue;
    }
    int n = numel(v);
    for (int k = 0; k < n; k++) {
      MbeSymId id;
      MbeStatus st = compile_var(m, bp, (int)i, k, &id);
      if (st != MBE_OK) {
        return st;
      }
      mbe_mech_signal(m, mbe_mech_element_name(m, v, k), id);
    }
  }
  return MBE_OK;
}

// the variable an equation side names whole (a scalar or a whole vector), -1 for another side
static int named_var(MbeFlatten* fl, const MbeExpr* e, int scope,
                     const MbeClass* lex) {
  if (e->kind != MBE_EX_NAME || e->name.is_global) {
    return -1;
  }
  for (size_t k = 0; k < e->name.nparts; k++) {
    if (e->name.parts[k].nsubs) {
      return -1;
    }
  }
  MbeRef ref;
  MbeError quiet;
  memset(&quiet, 0, sizeof quiet);
  if (mbe_flatten_resolve(fl, &e->name, scope, lex, &ref, &quiet) != MBE_OK ||
      ref.kind != MBE_REF_VAR || ref.nparts_used != e->name.nparts) {
    mbe_error_clear(&quiet);
    return -1;
  }
  return ref.index;
}

// whether v may take its value from an equation: a variable of the model's own (not a
// parameter, not part of a component mech computes) without a binding or a signal
static bool assignable(MbeMech* m, int v) {
  const MbeVar* x = &m->flat->vars[v];
  if (x->variability >= MBE_VAR_PARAMETER || x->binding.expr || m->eq_binding[v].expr ||
      x->ndims > 1) {
    return false;
  }
  MbeInstKind k = m->flat->insts[x->inst].kind;
  return (k == MBE_INST_ROOT || k == MBE_INST_MODEL) && !has_signal(m, mbe_mech_element_name(m, x, 0));
}

MbeStatus mbe_mech_equation_bindings(MbeMech* m) {
  const MbeFlat* f = m->flat;
  m->eq_binding = mbe_arena_alloc(m->arena, (f->nvars + 1) * sizeof *m->eq_binding);
  m->eq_bound = mbe_arena_alloc(m->arena, (f->neqs + 1) * sizeof *m->eq_bound);
  MbeFlatten* fl = mbe_mech_flatten_ctx(m);
  if (!m->eq_binding || !m->eq_bound || !fl) {
    return mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
  }
  memset(m->eq_binding, 0, (f->nvars + 1) * sizeof *m->eq_binding);
  for (size_t i = 0; i < f->neqs; i++) {
    const MbeFlatEq* q = &f->eqs[i];
    m->eq_bound[i] = false;
    if (q->is_initial || !q->lhs || !q->rhs || mbe_mech_user_owns_equation(m, i)) {
      continue;
    }
    const MbeExpr* other = q->rhs;
    int v = named_var(fl, q->lhs, q->scope, q->lex);
    if (v < 0 || !assignable(m, v)) {
      v = named_var(fl, q->rhs, q->scope, q->lex);
      other = q->lhs;
    }
    if (v < 0 || !assignable(m, v)) {
      continue;
    }
    MbeBinding* bd = &m->eq_binding[v];
    bd->expr = other;
    bd->scope = q->scope;
    bd->lex = q->lex;
    bd->loc = q->loc;
    m->eq_bound[i] = true;
  }
  return MBE_OK;
}
