// SPDX-License-Identifier: Apache-2.0
// The structure of equation sections, resolved while flattening: an if-equation whose conditions
// are parameter expressions keeps the branch that holds, a for-equation over a parameter range
// becomes one copy of its body per value with the iterator's value written in, and an assert on
// parameters is checked (Modelica 3.6 sections 8.3.3, 8.3.4, 8.3.7). Conditions and ranges are
// structural: mbe_flat_vary refuses a varied parameter in them at their place. A condition on
// variables is reported as not supported yet; an assert on variables is kept for the run.
#include <math.h>
#include <string.h>

#include "model.h"

enum { MAX_UNROLL = 100000 };  // equations one for-equation may produce

// ---- copies with an iterator's value written in ------------------------------------------

static MbeExpr* subst_expr(MbeArena* a, const MbeExpr* e, const char* id, double val);

static bool subst_list(MbeArena* a, MbeExpr** dst, MbeExpr* const* src, size_t n, const char* id,
                       double val) {
  for (size_t i = 0; i < n; i++) {
    if (src[i] && !(dst[i] = subst_expr(a, src[i], id, val))) {
      return false;
    }
  }
  return true;
}

static bool subst_name(MbeArena* a, MbeName* dst, const MbeName* src, const char* id, double val) {
  *dst = *src;
  dst->parts = mbe_arena_alloc(a, (src->nparts ? src->nparts : 1) * sizeof *dst->parts);
  if (!dst->parts) {
    return false;
  }
  for (size_t i = 0; i < src->nparts; i++) {
    dst->parts[i] = src->parts[i];
    if (src->parts[i].nsubs) {
      dst->parts[i].subs = mbe_arena_alloc(a, src->parts[i].nsubs * sizeof(MbeExpr*));
      if (!dst->parts[i].subs ||
          !subst_list(a, dst->parts[i].subs, src->parts[i].subs, src->parts[i].nsubs, id, val)) {
        return false;
      }
    }
  }
  return true;
}

static bool binds(const MbeForIndex* iters, size_t n, const char* id) {
  for (size_t i = 0; i < n; i++) {
    if (strcmp(iters[i].ident, id) == 0) {
      return true;
    }
  }
  return false;
}

static MbeExpr* subst_expr(MbeArena* a, const MbeExpr* e, const char* id, double val) {
  MbeExpr* c = mbe_arena_alloc(a, sizeof *c);
  if (!c) {
    return NULL;
  }
  *c = *e;
  if (e->kind == MBE_EX_NAME && e->name.nparts == 1 && !e->name.is_global &&
      e->name.parts[0].nsubs == 0 && strcmp(e->name.parts[0].ident, id) == 0) {
    c->kind = MBE_EX_NUMBER;
    c->num = val;
    c->is_integer = val == floor(val) && fabs(val) < 2147483647.0;
    return c;
  }
  if ((e->kind == MBE_EX_NAME || e->kind == MBE_EX_CALL) &&
      !subst_name(a, &c->name, &e->name, id, val)) {
    return NULL;
  }
  if (e->niters) {
    // a reduction's own iterator of the same name hides this one in its body, not its ranges
    c->iters = mbe_arena_alloc(a, e->niters * sizeof *c->iters);
    if (!c->iters) {
      return NULL;
    }
    for (size_t i = 0; i < e->niters; i++) {
      c->iters[i] = e->iters[i];
      if (e->iters[i].range && !(c->iters[i].range = subst_expr(a, e->iters[i].range, id, val))) {
        return NULL;
      }
    }
    if (binds(e->iters, e->niters, id)) {
      return c;
    }
  }
  if (e->nargs) {
    c->args = mbe_arena_alloc(a, e->nargs * sizeof *c->args);
    if (!c->args || !subst_list(a, c->args, e->args, e->nargs, id, val)) {
      return NULL;
    }
  }
  if (e->nnamed) {
    c->named = mbe_arena_alloc(a, e->nnamed * sizeof *c->named);
    if (!c->named) {
      return NULL;
    }
    for (size_t i = 0; i < e->nnamed; i++) {
      c->named[i] = e->named[i];
      if (!(c->named[i].value = subst_expr(a, e->named[i].value, id, val))) {
        return NULL;
      }
    }
  }
  return c;
}

static bool subst_eq(MbeArena* a, MbeEquation* dst, const MbeEquation* src, const char* id,
                     double val);

static bool subst_branches(MbeArena* a, MbeEquation* dst, const MbeEquation* src, const char* id,
                           double val, bool body_too) {
  dst->branches = mbe_arena_alloc(a, src->nbranches * sizeof *dst->branches);
  if (!dst->branches) {
    return false;
  }
  for (size_t i = 0; i < src->nbranches; i++) {
    const MbeEqBranch* b = &src->branches[i];
    MbeEqBranch* d = &dst->branches[i];
    *d = *b;
    if (b->cond && !(d->cond = subst_expr(a, b->cond, id, val))) {
      return false;
    }
    if (!body_too) {
      continue;
    }
    d->eqs = mbe_arena_alloc(a, (b->neqs ? b->neqs : 1) * sizeof *d->eqs);
    for (size_t k = 0; d->eqs && k < b->neqs; k++) {
      if (!subst_eq(a, &d->eqs[k], &b->eqs[k], id, val)) {
        return false;
      }
    }
    if (!d->eqs) {
      return false;
    }
  }
  return true;
}

static bool subst_eq(MbeArena* a, MbeEquation* dst, const MbeEquation* src, const char* id,
                     double val) {
  *dst = *src;
  if (src->kind == MBE_EQ_CONNECT) {
    return subst_name(a, &dst->a, &src->a, id, val) && subst_name(a, &dst->b, &src->b, id, val);
  }
  if ((src->lhs && !(dst->lhs = subst_expr(a, src->lhs, id, val))) ||
      (src->rhs && !(dst->rhs = subst_expr(a, src->rhs, id, val)))) {
    return false;
  }
  if (src->kind == MBE_EQ_FOR) {
    dst->iters = mbe_arena_alloc(a, src->niters * sizeof *dst->iters);
    for (size_t i = 0; dst->iters && i < src->niters; i++) {
      dst->iters[i] = src->iters[i];
      if (src->iters[i].range && !(dst->iters[i].range = subst_expr(a, src->iters[i].range, id, val))) {
        return false;
      }
    }
    return dst->iters && subst_branches(a, dst, src, id, val, !binds(src->iters, src->niters, id));
  }
  return src->nbranches == 0 || subst_branches(a, dst, src, id, val, true);
}

// ---- what an expression refers to ---------------------------------------------------------

bool mbe_expr_uses_variables(MbeFlatten* fl, const MbeExpr* e, int scope, const MbeClass* lex) {
  if (!e) {
    return false;
  }
  if (e->kind == MBE_EX_NAME) {
    if (e->name.nparts == 1 && !e->name.is_global && strcmp(e->name.parts[0].ident, "time") == 0) {
      return true;
    }
    MbeRef ref;
    MbeError scratch;
    if (mbe_flatten_resolve(fl, &e->name, scope, lex, &ref, &scratch) == MBE_OK &&
        ref.kind == MBE_REF_VAR) {
      const MbeFlat* f = mbe_flatten_flat(fl);
      if (f->vars[ref.index].variability < MBE_VAR_PARAMETER) {
        return true;
      }
      // is_free is known once the value is evaluated
      if (f->vars[ref.index].variability == MBE_VAR_PARAMETER &&
          mbe_flatten_var_value(fl, ref.index, &scratch) == MBE_OK && f->vars[ref.index].is_free) {
        return true;
      }
    }
  }
  for (size_t i = 0; i < e->nargs; i++) {
    if (mbe_expr_uses_variables(fl, e->args[i], scope, lex)) {
      return true;
    }
  }
  for (size_t i = 0; i < e->nnamed; i++) {
    if (mbe_expr_uses_variables(fl, e->named[i].value, scope, lex)) {
      return true;
    }
  }
  for (size_t i = 0; i < e->niters; i++) {
    if (mbe_expr_uses_variables(fl, e->iters[i].range, scope, lex)) {
      return true;
    }
  }
  if (e->kind == MBE_EX_NAME || e->kind == MBE_EX_CALL) {
    for (size_t i = 0; i < e->name.nparts; i++) {
      for (size_t k = 0; k < e->name.parts[i].nsubs; k++) {
        if (mbe_expr_uses_variables(fl, e->name.parts[i].subs[k], scope, lex)) {
          return true;
        }
      }
    }
  }
  return false;
}

// the for-equation src with the value of its iterator k written into its body and into the
// ranges of the iterators after k
static bool subst_for_body(MbeArena* a, MbeEquation* dst, const MbeEquation* src, size_t k,
                           double val) {
  const char* id = src->iters[k].ident;
  *dst = *src;
  dst->iters = mbe_arena_alloc(a, src->niters * sizeof *dst->iters);
  if (!dst->iters) {
    return false;
  }
  for (size_t i = 0; i < src->niters; i++) {
    dst->iters[i] = src->iters[i];
    if (i > k && src->iters[i].range &&
        !(dst->iters[i].range = subst_expr(a, src->iters[i].range, id, val))) {
      return false;
    }
  }
  bool hidden = false;  // a later iterator of the same name hides this one in the body
  for (size_t i = k + 1; i < src->niters; i++) {
    hidden = hidden || strcmp(src->iters[i].ident, id) == 0;
  }
  return hidden || subst_branches(a, dst, src, id, val, true);
}

// ---- unrolling ----------------------------------------------------------------------------

typedef struct Unroll {
  MbeFlatten* fl;
  MbeArena* arena;
  int scope;
  const MbeClass* lex;
  MbeEqList* out;
  MbeError* err;
} Unroll;

static MbeStatus unroll(Unroll* u, const MbeEquation* eq);

static MbeStatus push(Unroll* u, const MbeEquation* eq) {
  MbeEqList* l = u->out;
  if (l->n == MAX_UNROLL) {
    return mbe_error_at(u->err, MBE_ERR_MODEL, eq->loc,
                        "the for-equations here give more than %d equations", MAX_UNROLL);
  }
  if (l->n == l->cap) {
    size_t cap = l->cap ? 2 * l->cap : 16;
    MbeEquation* e = mbe_arena_alloc(u->arena, cap * sizeof *e);
    if (!e) {
      return mbe_error_set(u->err, MBE_ERR_NOMEM, "out of memory");
    }
    if (l->n) {
      memcpy(e, l->eq, l->n * sizeof *e);
    }
    l->eq = e;
    l->cap = cap;
  }
  l->eq[l->n++] = *eq;
  return MBE_OK;
}

// a condition or range that must be a parameter expression: "not supported yet" when it is not
static MbeStatus structural(Unroll* u, const MbeExpr* e, const char* what, const char* hint,
                            MbeValue* out) {
  if (mbe_expr_uses_variables(u->fl, e, u->scope, u->lex)) {
    return mbe_error_at(u->err, MBE_ERR_UNSUPPORTED, e->loc,
                        "%s varies in time (it uses variables): not supported by mbens yet%s%s",
                        what, hint ? "; " : "", hint ? hint : "");
  }
  return mbe_flatten_eval_structural(u->fl, e, u->scope, u->lex, out, u->err);
}

// the text of e (to compare the left-hand sides of branches)
static bool same_text(const MbeExpr* a, const MbeExpr* b) {
  MbeStrbuf x, y;
  mbe_strbuf_init(&x);
  mbe_strbuf_init(&y);
  mbe_expr_print(&x, a);
  mbe_expr_print(&y, b);
  bool same = x.data && y.data && !x.is_oom && !y.is_oom && strcmp(x.data, y.data) == 0;
  mbe_strbuf_deinit(&x);
  mbe_strbuf_deinit(&y);
  return same;
}

// An if-equation whose condition varies in time, with an else branch and in every branch the
// same left-hand sides (x = a; in each, in the same order), is the equations
// x = if c1 then a1 elseif c2 then a2 ... else an: true after pushing them, false (nothing done)
// when it has another form
static bool if_as_expressions(Unroll* u, const MbeEquation* eq, MbeStatus* st) {
  size_t nb = eq->nbranches;
  if (nb < 2 || eq->branches[nb - 1].cond != NULL) {
    return false;
  }
  size_t n = eq->branches[0].neqs;
  for (size_t i = 0; i < nb; i++) {
    const MbeEqBranch* b = &eq->branches[i];
    if (b->neqs != n) {
      return false;
    }
    for (size_t k = 0; k < n; k++) {
      if (b->eqs[k].kind != MBE_EQ_SIMPLE || !same_text(b->eqs[k].lhs, eq->branches[0].eqs[k].lhs))
        return false;
    }
  }
  for (size_t k = 0; k < n && *st == MBE_OK; k++) {
    MbeExpr* ife = mbe_arena_alloc(u->arena, sizeof *ife);
    MbeExpr** args = mbe_arena_alloc(u->arena, (2 * nb) * sizeof *args);
    if (!ife || !args) {
      *st = mbe_error_set(u->err, MBE_ERR_NOMEM, "out of memory");
      return true;
    }
    size_t na = 0;
    for (size_t i = 0; i < nb; i++) {
      if (eq->branches[i].cond)
        args[na++] = eq->branches[i].cond;
      args[na++] = eq->branches[i].eqs[k].rhs;
    }
    ife->kind = MBE_EX_IF;
    ife->args = args;
    ife->nargs = na;
    ife->loc = eq->branches[0].eqs[k].rhs->loc;
    MbeEquation one = eq->branches[0].eqs[k];
    one.rhs = ife;
    *st = push(u, &one);
  }
  return true;
}

// whether condition c holds only while the model initializes: initial(), or initial() and ...
// (LimIntegrator's initial() and not limitsAtInit). mbens starts from the initial values it
// solved and integrates from there, so such a branch never holds in its run
static bool only_initial(const MbeExpr* c) {
  if (c->kind == MBE_EX_PAREN)
    return only_initial(c->args[0]);
  if (c->kind == MBE_EX_CALL && c->name.nparts == 1 && c->nargs == 0 &&
      strcmp(c->name.parts[0].ident, "initial") == 0)
    return true;
  return c->kind == MBE_EX_BINARY && c->op == MBE_OP_AND &&
         (only_initial(c->args[0]) || only_initial(c->args[1]));
}

static MbeStatus unroll_if(Unroll* u, const MbeEquation* eq) {
  for (size_t i = 0; i < eq->nbranches; i++) {
    const MbeExpr* c = eq->branches[i].cond;
    if (c && only_initial(c))
      continue;
    if (c && mbe_expr_uses_variables(u->fl, c, u->scope, u->lex)) {
      MbeStatus st = MBE_OK;
      if (if_as_expressions(u, eq, &st)) {
        return st;
      }
      break;  // reported below, at the condition that varies
    }
  }
  for (size_t i = 0; i < eq->nbranches; i++) {
    const MbeEqBranch* b = &eq->branches[i];
    if (b->cond && only_initial(b->cond))
      continue;
    if (b->cond) {
      MbeValue v;
      MbeStatus st = structural(u, b->cond, "the condition of this if-equation",
                                "give every branch the same left-hand sides and an else branch, or use an "
                                "if-expression: x = if c then a else b",
                                &v);
      if (st != MBE_OK) {
        return st;
      }
      if (v.type != MBE_T_BOOLEAN || v.ndims) {
        return mbe_error_at(u->err, MBE_ERR_MODEL, b->cond->loc,
                            "the condition of an if-equation must be a Boolean scalar");
      }
      if (v.num[0] == 0) {
        continue;
      }
    }
    for (size_t k = 0; k < b->neqs; k++) {
      MbeStatus st = unroll(u, &b->eqs[k]);
      if (st != MBE_OK) {
        return st;
      }
    }
    return MBE_OK;
  }
  return MBE_OK;  // no branch holds and there is no else: no equations
}

// the body once per value of iterator k (and the iterators after it)
static MbeStatus unroll_for_from(Unroll* u, const MbeEquation* eq, size_t k) {
  if (k == eq->niters) {
    for (size_t i = 0; i < eq->branches[0].neqs; i++) {
      MbeStatus st = unroll(u, &eq->branches[0].eqs[i]);
      if (st != MBE_OK) {
        return st;
      }
    }
    return MBE_OK;
  }
  const MbeForIndex* it = &eq->iters[k];
  if (!it->range) {
    return mbe_error_at(u->err, MBE_ERR_UNSUPPORTED, it->loc,
                        "a for-iterator without a range ('for %s loop') is not supported by "
                        "mbens; write 'for %s in 1:n loop'",
                        it->ident, it->ident);
  }
  MbeValue r;
  MbeStatus st = structural(u, it->range, "the range of this for-equation", NULL, &r);
  if (st != MBE_OK) {
    return st;
  }
  if (r.ndims > 1 || (r.type != MBE_T_INTEGER && r.type != MBE_T_REAL)) {
    return mbe_error_at(u->err, MBE_ERR_UNSUPPORTED, it->range->loc,
                        "a for-equation takes a vector of numbers as its range here");
  }
  for (size_t i = 0; i < r.n; i++) {
    MbeEquation copy;
    if (!subst_for_body(u->arena, &copy, eq, k, r.num[i])) {
      return mbe_error_set(u->err, MBE_ERR_NOMEM, "out of memory");
    }
    if ((st = unroll_for_from(u, &copy, k + 1)) != MBE_OK) {
      return st;
    }
  }
  return MBE_OK;
}

static MbeStatus unroll(Unroll* u, const MbeEquation* eq) {
  switch (eq->kind) {
    case MBE_EQ_IF: return unroll_if(u, eq);
    case MBE_EQ_FOR: return unroll_for_from(u, eq, 0);
    default: return push(u, eq);
  }
}

MbeStatus mbe_unroll_equation(MbeFlatten* fl, MbeArena* arena, const MbeEquation* eq, int scope,
                              const MbeClass* lex, MbeEqList* out, MbeError* err) {
  Unroll u = {fl, arena, scope, lex, out, err};
  return unroll(&u, eq);
}

// ---- assert -------------------------------------------------------------------------------

static bool is_assert(const MbeEquation* eq) {
  return eq->kind == MBE_EQ_CALL && eq->rhs->name.nparts == 1 &&
         strcmp(eq->rhs->name.parts[0].ident, "assert") == 0;
}

// the arguments of assert(condition, message, level): positional or named
static const MbeExpr* assert_arg(const MbeExpr* call, size_t pos, const char* name) {
  if (pos < call->nargs) {
    return call->args[pos];
  }
  for (size_t i = 0; i < call->nnamed; i++) {
    if (strcmp(call->named[i].ident, name) == 0) {
      return call->named[i].value;
    }
  }
  return NULL;
}

// the assertion's level: true for AssertionLevel.warning
static bool is_warning_level(const MbeValue* l) {
  return l->enum_type && l->num[0] >= 1 && (size_t)l->num[0] <= l->enum_type->nliterals &&
         strcmp(l->enum_type->literals[(size_t)l->num[0] - 1].name, "warning") == 0;
}

// the message of an assert: its value; for an assert checked during the run, a message that
// reads variables (String(x)) is its source text instead, as mbens evaluates messages once
static MbeStatus message(MbeFlatten* fl, const MbeExpr* msg, int scope, const MbeClass* lex,
                         bool is_run, MbeValue* out, MbeError* err) {
  if (!is_run || !mbe_expr_uses_variables(fl, msg, scope, lex)) {
    return mbe_eval(fl, msg, scope, lex, out, err);
  }
  MbeStrbuf sb;
  mbe_strbuf_init(&sb);
  mbe_expr_print(&sb, msg);
  MbeValue v = {0};
  MbeStatus st = mbe_value_alloc(&mbe_flatten_flat(fl)->arena, &v, MBE_T_STRING, 0, NULL, err);
  if (st == MBE_OK) {
    v.str[0] = mbe_arena_strdup(&mbe_flatten_flat(fl)->arena, sb.data ? sb.data : "");
    st = v.str[0] ? MBE_OK : mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
  }
  mbe_strbuf_deinit(&sb);
  *out = v;
  return st;
}

MbeStatus mbe_flatten_assert(MbeFlatten* fl, const MbeEquation* eq, int scope, const MbeClass* lex,
                             MbeFlatAssert* out, const char** failed, MbeError* err) {
  *failed = NULL;
  if (!is_assert(eq)) {
    return MBE_ERR_INVALID_ARG;
  }
  const MbeExpr* call = eq->rhs;
  const MbeExpr* cond = assert_arg(call, 0, "condition");
  const MbeExpr* msg = assert_arg(call, 1, "message");
  const MbeExpr* level = assert_arg(call, 2, "level");
  if (!cond || !msg || call->nargs + call->nnamed > 3) {
    return mbe_error_at(err, MBE_ERR_MODEL, eq->loc,
                        "assert takes (condition, message) or (condition, message, level)");
  }
  *out = (MbeFlatAssert){cond, NULL, false, mbe_expr_uses_variables(fl, cond, scope, lex),
                         scope, lex, eq->loc};
  MbeValue c = {0}, m, l;
  MbeStatus st = message(fl, msg, scope, lex, out->uses_variables, &m, err);
  if (st == MBE_OK && level) {
    st = mbe_eval(fl, level, scope, lex, &l, err);
  }
  if (st == MBE_OK && !out->uses_variables) {
    // not mbe_flatten_eval_structural: a varied parameter in it is checked per member
    st = mbe_eval(fl, cond, scope, lex, &c, err);
  }
  if (st != MBE_OK) {
    return st;
  }
  if ((!out->uses_variables && (c.type != MBE_T_BOOLEAN || c.ndims)) || m.type != MBE_T_STRING ||
      m.ndims || (level && (l.type != MBE_T_ENUM || l.ndims))) {
    return mbe_error_at(err, MBE_ERR_MODEL, eq->loc,
                        "assert takes a Boolean condition, a String message and an "
                        "AssertionLevel");
  }
  out->message = m.str[0];
  out->is_warning = level && is_warning_level(&l);
  if (!out->uses_variables && c.num[0] == 0) {
    *failed = m.str[0];
  }
  return MBE_OK;
}
