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

// a user's variable whose value is its binding: not a parameter, in a user's model, not solved
// as an equation of a user's force law
static bool is_bound_output(MbeMech* m, const MbeVar* v) {
  if (v->variability >= MBE_VAR_PARAMETER || !v->binding.expr) {
    return false;
  }
  MbeInstKind k = m->flat->insts[v->inst].kind;
  if (k != MBE_INST_ROOT && k != MBE_INST_MODEL) {
    return false;
  }
  return !has_signal(m, mbe_mech_element_name(m, v, 0));
}

static MbeStatus compile_var(MbeMech* m, Bound* b, int var, int elem, MbeSymId* out);

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
  if (v->ndims > 1 || v->binding.nsel) {
    return mbe_error_at(m->err, MBE_ERR_UNSUPPORTED, v->binding.loc,
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
    return mbe_error_at(m->err, MBE_ERR_MODEL, v->binding.loc,
                        "the binding of '%s' depends on itself", v->name);
  }
  if (v->ndims && elem == 0) {
    // the binding's length is the variable's: from its vectors, or an array literal's entries
    int n = 0;
    const MbeExpr* e = v->binding.expr;
    MbeStatus sst = mbe_mech_expr_size(m, e, v->binding.scope, v->binding.lex, &n);
    if (sst != MBE_OK) {
      return sst;
    }
    n = e->kind == MBE_EX_ARRAY && !e->niters ? (int)e->nargs : n;
    if (n != 0 && n != v->dims[0]) {
      return mbe_error_at(m->err, MBE_ERR_MODEL, v->binding.loc,
                          "'%s' has %d elements, its binding %d", v->name, v->dims[0], n);
    }
  }
  b->busy[var] = 1;
  MbeStatus st = v->ndims ? mbe_mech_expr_elem(m, v->binding.expr, v->binding.scope,
                                                v->binding.lex, name_node, b, elem, out)
                          : mbe_mech_expr(m, v->binding.expr, v->binding.scope, v->binding.lex,
                                          name_node, b, out);
  b->busy[var] = 0;
  if (st == MBE_OK) {
    b->node[at] = *out;
  }
  return st;
}

MbeStatus mbe_mech_bound_outputs(MbeMech* m) {
  const MbeFlat* f = m->flat;
  Bound b = {mbe_arena_alloc(m->arena, (f->nvars + 1) * sizeof *b.first), NULL,
             mbe_arena_alloc(m->arena, f->nvars + 1)};
  if (!b.first || !b.busy) {
    return mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
  }
  size_t total = 0;
  for (size_t i = 0; i < f->nvars; i++) {
    b.first[i] = total;
    total += f->vars[i].ndims == 1 ? (size_t)f->vars[i].dims[0] : 1;  // matrices: refused
  }
  b.node = mbe_arena_alloc(m->arena, (total + 1) * sizeof *b.node);
  if (!b.node) {
    return mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
  }
  for (size_t i = 0; i < total; i++) {
    b.node[i] = MBE_SYM_NONE;
  }
  for (size_t i = 0; i < f->nvars; i++) {
    const MbeVar* v = &f->vars[i];
    if (!is_bound_output(m, v)) {
      continue;
    }
    int n = v->ndims == 1 ? v->dims[0] : 1;
    for (int k = 0; k < n; k++) {
      MbeSymId id;
      MbeStatus st = compile_var(m, &b, (int)i, k, &id);
      if (st != MBE_OK) {
        return st;
      }
      mbe_mech_signal(m, mbe_mech_element_name(m, v, k), id);
    }
  }
  return MBE_OK;
}
