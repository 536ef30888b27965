// SPDX-License-Identifier: Apache-2.0
// The model's asserts compiled for the run (mbe_mech_asserts): a condition on variables reads the
// system's signals of those variables; one on parameters only is kept where a varied parameter
// enters it (it was checked when flattening otherwise). The kernel checks them per member
// (kernels/integrate/mbe_integrate.h, mbe_check).
#include <stdio.h>
#include <string.h>

#include "mech_internal.h"

const char* mbe_mech_element_name(MbeMech* m, const MbeVar* v, int elem) {
  if (v->ndims == 0) {
    return v->name;
  }
  char buf[64] = "";
  size_t len = 0;
  int idx[MBE_MAX_DIMS];
  for (int d = v->ndims - 1; d >= 0; d--) {
    idx[d] = elem % v->dims[d] + 1;
    elem /= v->dims[d];
  }
  for (int d = 0; d < v->ndims && len < sizeof buf; d++) {
    len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%d", d ? "," : "", idx[d]);
  }
  return mbe_arena_printf(m->arena, "%s[%s]", v->name, buf);
}

bool mbe_mech_var_signal(MbeMech* m, int var, int elem, MbeSymId* out) {
  const char* name = mbe_mech_element_name(m, &m->flat->vars[var], elem);
  for (size_t i = 0; name && i < m->nsigs; i++) {
    if (strcmp(m->sigs[i].name, name) == 0) {
      *out = m->sigs[i].id;
      return true;
    }
  }
  return false;
}

// MbeMechNameFn: a variable is the signal mech made of it, or a signal block's output
// (with der, the time derivative of that: d/dt through the state derivatives)
static MbeSymId signal_node(MbeMech* m, void* ctx, int var, int elem, bool der, const MbeExpr* at,
                            MbeStatus* st) {
  (void)ctx;
  MbeSymId id = 0;
  MbeStatus bst = MBE_OK;
  if (mbe_mech_var_signal(m, var, elem, &id) || mbe_mech_block_value(m, var, elem, &id, &bst)) {
    *st = bst;
    if (bst == MBE_OK && der) {
      MbeSymId d = 0;
      *st = mbe_mech_der(m, id, &d);
      return d;
    }
    return id;
  }
  const MbeVar* v = &m->flat->vars[var];
  *st = mbe_error_at(m->err, MBE_ERR_UNSUPPORTED, at->loc,
                     "an assert on '%s', which mbens does not compute, is not supported",
                     v->ndims ? mbe_mech_element_name(m, v, elem) : v->name);
  return 0;
}

// whether the condition of an assert on parameters evaluates without the varied parameters (it
// holds for every member, and flattening checked it): their values make a comparison fail
static bool is_fixed_condition(MbeMech* m, const MbeFlatAssert* a) {
  MbeFlatten* fl = mbe_arena_alloc(m->arena, mbe_flatten_ctx_size());
  if (!fl) {
    return false;
  }
  mbe_flatten_ctx_init(fl, (MbeSpec*)m->flat->spec, (MbeFlat*)m->flat);
  MbeError scratch;
  mbe_error_clear(&scratch);
  MbeValue v;
  return mbe_eval(fl, a->cond, a->scope, a->lex, &v, &scratch) == MBE_OK;
}

MbeStatus mbe_mech_asserts(MbeMech* m) {
  const MbeFlat* f = m->flat;
  m->asserts = mbe_arena_alloc(m->arena, (f->nasserts + 1) * sizeof *m->asserts);
  if (!m->asserts) {
    return mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
  }
  m->nasserts = 0;
  for (size_t i = 0; i < f->nasserts; i++) {
    const MbeFlatAssert* a = &f->asserts[i];
    if (!a->uses_variables && (f->nvary == 0 || is_fixed_condition(m, a))) {
      continue;
    }
    // checked where steps end, on the values there: no events
    MbeSymId id;
    m->expr_no_events = true;
    MbeStatus st = mbe_mech_expr(m, a->cond, a->scope, a->lex, signal_node, NULL, &id);
    m->expr_no_events = false;
    if (st != MBE_OK) {
      return st;
    }
    m->asserts[m->nasserts++] = (MbeMechAssert){id, a};
  }
  return MBE_OK;
}
