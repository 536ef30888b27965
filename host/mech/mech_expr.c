// SPDX-License-Identifier: Apache-2.0
// Expressions of the model's own equations compiled into the mechanism's DAG (mech_internal.h,
// mbe_mech_expr). Names resolve the Modelica way through a flattening context over the flat
// model (host/model); what a variable's node is, the caller decides (a signal, a kinematic
// quantity of a user's component, an unknown being solved for).
#include <math.h>
#include <string.h>

#include "mech_internal.h"

// the variables of a function being inlined: name -> node (NONE until assigned)
typedef struct Env {
  const char** names;
  MbeSymId* vals;
  size_t n, cap;  // cap: the variables, then room for nested loops' iterators
} Env;

typedef struct Cx {
  MbeMech* m;
  MbeFlatten* fl;
  int scope;
  const MbeClass* lex;
  MbeMechNameFn* name;
  void* ctx;
  Env* env;   // inside an inlined function: its variables; NULL outside
  int depth;  // nesting of inlined calls
  bool der;   // compiling the argument of der(): the name callback gives the derivative
  int sel;    // >= 0: compiling element sel of a vector equation (unsubscripted vectors give it)
  int no_events;  // > 0: inside noEvent() or smooth(), or compiling an assertion: relations are
                  // taken literally; 0: a relation on the states or time generates events
} Cx;

enum { MAX_CALL_DEPTH = 16, MAX_LOOP = 10000 };

static MbeStatus compile(Cx* c, const MbeExpr* e, MbeSymId* out);
static MbeStatus vec_size(Cx* c, const MbeExpr* e, int* n);

static MbeStatus unsupported(Cx* c, const MbeExpr* e, const char* what) {
  return mbe_error_at(c->m->err, MBE_ERR_UNSUPPORTED, e->loc,
                      "%s in an equation is not supported by mbens yet", what);
}

// a flattening context over m's flat model (names, subscripts, parameter values)
static MbeFlatten* flatten_ctx(MbeMech* m) {
  MbeFlatten* fl = mbe_arena_alloc(m->arena, mbe_flatten_ctx_size());
  if (fl) {
    mbe_flatten_ctx_init(fl, (MbeSpec*)m->flat->spec, (MbeFlat*)m->flat);
  }
  return fl;
}

// the element a name's last subscripts select in var (row-major); the name must be a scalar
static MbeStatus element(Cx* c, const MbeExpr* e, int var, size_t used, int* elem) {
  const MbeVar* v = &c->m->flat->vars[var];
  const MbeNamePart* last = &e->name.parts[used - 1];
  if (used != e->name.nparts) {
    return unsupported(c, e, "a reference into a record variable");
  }
  if (c->sel >= 0 && last->nsubs == 0 && v->ndims == 1 && c->sel < v->dims[0]) {
    *elem = c->sel;  // a vector in a vector equation: its element sel
    return MBE_OK;
  }
  if ((int)last->nsubs != v->ndims) {
    return mbe_error_at(c->m->err, MBE_ERR_UNSUPPORTED, e->loc,
                        "'%s' is an array here; an equation of mbens takes its elements one by "
                        "one (x[1], x[2], ...)",
                        v->name);
  }
  int k = 0;
  for (int d = 0; d < v->ndims; d++) {
    MbeValue iv;
    MbeStatus st = mbe_eval_subscript(c->fl, last->subs[d], c->scope, c->lex, v->dims[d], &iv,
                                      c->m->err);
    if (st != MBE_OK) {
      return st;
    }
    if (iv.ndims || iv.num[0] < 1 || iv.num[0] > v->dims[d]) {
      return mbe_error_at(c->m->err, MBE_ERR_MODEL, last->subs[d]->loc,
                          "subscript out of range 1..%d", v->dims[d]);
    }
    k = k * v->dims[d] + (int)iv.num[0] - 1;
  }
  *elem = k;
  return MBE_OK;
}

static MbeSymId* env_find(Env* env, const char* name) {
  for (size_t i = 0; env && i < env->n; i++) {
    if (strcmp(env->names[i], name) == 0) {
      return &env->vals[i];
    }
  }
  return NULL;
}

static MbeStatus compile_name(Cx* c, const MbeExpr* e, MbeSymId* out) {
  MbeMech* m = c->m;
  MbeSymId* local = e->name.nparts == 1 && !e->name.is_global
                        ? env_find(c->env, e->name.parts[0].ident)
                        : NULL;
  if (local) {
    if (e->name.parts[0].nsubs) {
      return unsupported(c, e, "an array variable of a function");
    }
    if (c->der) {
      return unsupported(c, e, "der() of a function's variable");
    }
    if (*local == MBE_SYM_NONE) {
      return mbe_error_at(m->err, MBE_ERR_MODEL, e->loc, "'%s' is used before it is assigned",
                          e->name.parts[0].ident);
    }
    *out = *local;
    return MBE_OK;
  }
  if (e->name.nparts == 1 && !e->name.is_global && !e->name.parts[0].nsubs &&
      strcmp(e->name.parts[0].ident, "time") == 0) {
    *out = c->der ? mbe_sym_const(m->s, 1) : mbe_sym_time(m->s);
    return MBE_OK;
  }
  MbeRef ref;
  MbeStatus st = mbe_flatten_resolve(c->fl, &e->name, c->scope, c->lex, &ref, m->err);
  if (st != MBE_OK) {
    return st;
  }
  if (ref.kind == MBE_REF_CONST || ref.kind == MBE_REF_ENUM) {
    bool vec = ref.value.ndims == 1 && c->sel >= 0 && c->sel < ref.value.dims[0];
    if ((ref.value.ndims && !vec) || ref.value.type == MBE_T_STRING) {
      return unsupported(c, e, "an array or String constant");
    }
    *out = mbe_sym_const(m->s, c->der ? 0 : ref.value.num[vec ? c->sel : 0]);
    return MBE_OK;
  }
  if (ref.kind != MBE_REF_VAR) {
    return unsupported(c, e, "a component or class name used as a value");
  }
  int elem = 0;
  if ((st = element(c, e, ref.index, ref.nparts_used, &elem)) != MBE_OK) {
    return st;
  }
  const MbeVar* v = &m->flat->vars[ref.index];
  if (c->der && v->variability >= MBE_VAR_PARAMETER) {
    *out = mbe_sym_const(m->s, 0);  // der() of a parameter or constant
    return MBE_OK;
  }
  if (v->variability < MBE_VAR_PARAMETER) {
    *out = c->name(m, c->ctx, ref.index, elem, c->der, e, &st);
    return st;
  }
  if (v->is_free) {
    *out = elem == 0 ? mbe_mech_free_param_var(m, ref.index) : 0;
    return *out ? MBE_OK : unsupported(c, e, "an array parameter computed by the initialization");
  }
  if ((st = mbe_flatten_var_value(c->fl, ref.index, m->err)) != MBE_OK) {
    return st;
  }
  v = &m->flat->vars[ref.index];
  if (v->value.type == MBE_T_STRING) {
    return unsupported(c, e, "a String parameter");
  }
  *out = mbe_mech_value_node(m, &v->value, (size_t)elem);
  return MBE_OK;
}

// a > b as 1/0: EVENT(a - b), whose value the kernel holds between events (Modelica's
// relations outside noEvent and smooth; a function's generate none, as without GenerateEvents),
// or SELECT(a - b, 1, 0) taken literally; a >= b as 1 - (b > a)
static MbeSymId relation(Cx* c, MbeOp op, MbeSymId a, MbeSymId b) {
  MbeSym* s = c->m->s;
  MbeSymId one = mbe_sym_const(s, 1);
  MbeSymId zero = mbe_sym_const(s, 0);
  MbeSymId ab = mbe_sym_sub(s, a, b);
  MbeSymId ba = mbe_sym_sub(s, b, a);
  MbeSymId gt, lt;
  if (c->no_events == 0 && c->env == NULL) {
    gt = mbe_sym_fn(s, MBE_SYM_EVENT, ab);
    lt = mbe_sym_fn(s, MBE_SYM_EVENT, ba);
  } else {
    gt = mbe_sym_op(s, MBE_SYM_SELECT, ab, one, zero);
    lt = mbe_sym_op(s, MBE_SYM_SELECT, ba, one, zero);
  }
  switch (op) {
    case MBE_OP_GT: return gt;
    case MBE_OP_LT: return lt;
    case MBE_OP_GE: return mbe_sym_sub(s, one, lt);
    case MBE_OP_LE: return mbe_sym_sub(s, one, gt);
    case MBE_OP_NE: return mbe_sym_op(s, MBE_SYM_MAX, gt, lt, 0);
    default: {
      MbeSymId ne = mbe_sym_op(s, MBE_SYM_MAX, gt, lt, 0);
      return mbe_sym_sub(s, one, ne);
    }
  }
}

static MbeStatus compile_binary(Cx* c, const MbeExpr* e, MbeSymId* out) {
  MbeSymId a, b;
  MbeStatus st;
  bool product = e->op == MBE_OP_MUL || e->op == MBE_OP_DIV || e->op == MBE_OP_POW;
  if (c->sel >= 0 && product) {
    // vector * vector is a dot product, a matrix's, ...: not element by element
    int na = 0, nb = 0;
    if ((st = vec_size(c, e->args[0], &na)) != MBE_OK ||
        (st = vec_size(c, e->args[1], &nb)) != MBE_OK) {
      return st;
    }
    if ((na && nb) || (nb && e->op != MBE_OP_MUL) || (na && e->op == MBE_OP_POW)) {
      return unsupported(c, e, "this product of vectors");
    }
  }
  if ((st = compile(c, e->args[0], &a)) != MBE_OK || (st = compile(c, e->args[1], &b)) != MBE_OK) {
    return st;
  }
  MbeSym* s = c->m->s;
  MbeSymId zero = mbe_sym_const(s, 0);
  MbeSymId one = mbe_sym_const(s, 1);
  switch (e->op) {
    case MBE_OP_ADD:
    case MBE_OP_EADD: *out = mbe_sym_add(s, a, b); break;
    case MBE_OP_SUB:
    case MBE_OP_ESUB: *out = mbe_sym_sub(s, a, b); break;
    case MBE_OP_MUL:
    case MBE_OP_EMUL: *out = mbe_sym_mul(s, a, b); break;
    case MBE_OP_DIV:
    case MBE_OP_EDIV: *out = mbe_sym_div(s, a, b); break;
    case MBE_OP_POW:
    case MBE_OP_EPOW: {
      const MbeSymNode* bn = &s->nodes[b];
      if (bn->op == MBE_SYM_CONST && bn->value == 2) {
        *out = mbe_sym_mul(s, a, a);
      } else if (bn->op == MBE_SYM_CONST && bn->value == 3) {
        MbeSymId a2 = mbe_sym_mul(s, a, a);
        *out = mbe_sym_mul(s, a2, a);
      } else if (bn->op == MBE_SYM_CONST && bn->value == 0.5) {
        *out = mbe_sym_fn(s, MBE_SYM_SQRT, a);
      } else {
        MbeSymId la = mbe_sym_fn(s, MBE_SYM_LOG, a);
        MbeSymId p = mbe_sym_mul(s, b, la);
        *out = mbe_sym_fn(s, MBE_SYM_EXP, p);
      }
      break;
    }
    case MBE_OP_AND: *out = mbe_sym_op(s, MBE_SYM_SELECT, a, b, zero); break;
    case MBE_OP_OR: *out = mbe_sym_op(s, MBE_SYM_SELECT, a, one, b); break;
    case MBE_OP_LT:
    case MBE_OP_LE:
    case MBE_OP_GT:
    case MBE_OP_GE:
    case MBE_OP_EQ:
    case MBE_OP_NE: *out = relation(c, e->op, a, b); break;
    default: return unsupported(c, e, "this operator");
  }
  return MBE_OK;
}

static const struct {
  const char* name;
  MbeSymOp op;
} FN1[] = {{"abs", MBE_SYM_ABS},   {"sqrt", MBE_SYM_SQRT}, {"sin", MBE_SYM_SIN},
           {"cos", MBE_SYM_COS},   {"tan", MBE_SYM_TAN},   {"asin", MBE_SYM_ASIN},
           {"acos", MBE_SYM_ACOS}, {"atan", MBE_SYM_ATAN}, {"exp", MBE_SYM_EXP},
           {"log", MBE_SYM_LOG}};

// the last part of a function's name: Modelica.Math.sin and sin are the same function
static const char* fn_name(const MbeExpr* e) {
  const MbeName* n = &e->name;
  bool math = n->nparts == 1 || (n->nparts == 3 && strcmp(n->parts[0].ident, "Modelica") == 0 &&
                                 strcmp(n->parts[1].ident, "Math") == 0);
  return math ? n->parts[n->nparts - 1].ident : NULL;
}

static MbeStatus inline_call(Cx* c, const MbeExpr* e, const MbeClass* fn, MbeSymId* out);

// a Modelica function of the model or a library (not the catalogue's): inlined
static MbeStatus user_function(Cx* c, const MbeExpr* e, bool* found, MbeSymId* out) {
  const MbeClass* cls = NULL;
  MbePredef pd = MBE_PREDEF_NONE;
  MbeError scratch;
  *found = false;
  if (mbe_lookup_class_opt(c->m->flat->spec, c->lex, &e->name, e->name.nparts, &cls, &pd,
                           &scratch) != MBE_OK ||
      !cls || cls->restriction != MBE_CLASS_FUNCTION || cls->is_catalogue) {
    return MBE_OK;
  }
  *found = true;
  return inline_call(c, e, cls, out);
}

static MbeStatus compile_call(Cx* c, const MbeExpr* e, MbeSymId* out) {
  const char* f = fn_name(e);
  MbeSym* s = c->m->s;
  bool found;
  MbeStatus ust = user_function(c, e, &found, out);
  if (found || ust != MBE_OK) {
    return ust;
  }
  if (!f || e->nnamed || e->niters) {
    return unsupported(c, e, "this function call");
  }
  MbeSymId a[2];
  size_t nargs = e->nargs;
  bool is_smooth = strcmp(f, "smooth") == 0;
  if (c->sel >= 0 && (strcmp(f, "zeros") == 0 || strcmp(f, "ones") == 0) && nargs == 1) {
    *out = mbe_sym_const(s, f[0] == 'o' ? 1 : 0);  // an element of zeros(n), ones(n)
    return MBE_OK;
  }
  if (c->sel >= 0 && strcmp(f, "fill") == 0 && nargs == 2) {
    return compile(c, e->args[0], out);  // an element of fill(x, n)
  }
  if (strcmp(f, "der") == 0) {
    // der(v) of a variable: the caller's node of v's derivative; of anything else, not yet
    if (nargs != 1 || e->args[0]->kind != MBE_EX_NAME) {
      return unsupported(c, e, "der() of an expression (write der(v) of a variable)");
    }
    if (c->der) {
      return unsupported(c, e, "der(der(...))");
    }
    c->der = true;
    MbeStatus st = compile_name(c, e->args[0], out);
    c->der = false;
    return st;
  }
  if ((strcmp(f, "noEvent") == 0 && nargs == 1) || (is_smooth && nargs == 2)) {
    // relations inside are taken literally (smooth: a tool may, and mbens does)
    c->no_events++;
    MbeStatus st = compile(c, e->args[nargs - 1], out);
    c->no_events--;
    return st;
  }
  for (size_t i = 0; i < nargs && i < 2; i++) {
    MbeStatus st = compile(c, e->args[i], &a[i]);
    if (st != MBE_OK) {
      return st;
    }
  }
  for (size_t i = 0; nargs == 1 && i < sizeof FN1 / sizeof FN1[0]; i++) {
    if (strcmp(f, FN1[i].name) == 0) {
      *out = mbe_sym_fn(s, FN1[i].op, a[0]);
      return MBE_OK;
    }
  }
  MbeSymId zero = mbe_sym_const(s, 0);
  MbeSymId one = mbe_sym_const(s, 1);
  if (nargs == 1 && strcmp(f, "sign") == 0) {
    MbeSymId neg = mbe_sym_neg(s, a[0]);
    MbeSymId m1 = mbe_sym_const(s, -1);
    MbeSymId lt = mbe_sym_op(s, MBE_SYM_SELECT, neg, m1, zero);
    *out = mbe_sym_op(s, MBE_SYM_SELECT, a[0], one, lt);
  } else if (nargs == 1 && strcmp(f, "log10") == 0) {
    MbeSymId l = mbe_sym_fn(s, MBE_SYM_LOG, a[0]);
    MbeSymId k = mbe_sym_const(s, 1 / log(10.0));
    *out = mbe_sym_mul(s, l, k);
  } else if (nargs == 1 && (strcmp(f, "sinh") == 0 || strcmp(f, "cosh") == 0 ||
                            strcmp(f, "tanh") == 0)) {
    MbeSymId ep = mbe_sym_fn(s, MBE_SYM_EXP, a[0]);
    MbeSymId na = mbe_sym_neg(s, a[0]);
    MbeSymId en = mbe_sym_fn(s, MBE_SYM_EXP, na);
    MbeSymId d = mbe_sym_sub(s, ep, en);
    MbeSymId u = mbe_sym_add(s, ep, en);
    MbeSymId half = mbe_sym_const(s, 0.5);
    *out = f[0] == 't' ? mbe_sym_div(s, d, u) : mbe_sym_mul(s, half, f[0] == 's' ? d : u);
  } else if (nargs == 2 && (strcmp(f, "min") == 0 || strcmp(f, "max") == 0)) {
    *out = mbe_sym_op(s, f[1] == 'i' ? MBE_SYM_MIN : MBE_SYM_MAX, a[0], a[1], 0);
  } else if (nargs == 2 && strcmp(f, "atan2") == 0) {
    *out = mbe_sym_op(s, MBE_SYM_ATAN2, a[0], a[1], 0);
  } else {
    return unsupported(c, e, "this function call");
  }
  return MBE_OK;
}

static MbeStatus compile_if(Cx* c, const MbeExpr* e, MbeSymId* out) {
  // if c1 then v1 elseif c2 then v2 else v3: SELECT(c1, v1, SELECT(c2, v2, v3)), from the end
  MbeStatus st = compile(c, e->args[e->nargs - 1], out);
  for (size_t i = e->nargs - 1; st == MBE_OK && i >= 2; i -= 2) {
    MbeSymId cond, val;
    if ((st = compile(c, e->args[i - 2], &cond)) != MBE_OK ||
        (st = compile(c, e->args[i - 1], &val)) != MBE_OK) {
      return st;
    }
    *out = mbe_sym_op(c->m->s, MBE_SYM_SELECT, cond, val, *out);
  }
  return st;
}

static MbeStatus compile(Cx* c, const MbeExpr* e, MbeSymId* out) {
  MbeSym* s = c->m->s;
  MbeStatus st;
  switch (e->kind) {
    case MBE_EX_NUMBER: *out = mbe_sym_const(s, e->num); return MBE_OK;
    case MBE_EX_BOOL: *out = mbe_sym_const(s, e->boolean ? 1 : 0); return MBE_OK;
    case MBE_EX_NAME: return compile_name(c, e, out);
    case MBE_EX_PAREN: return compile(c, e->args[0], out);
    case MBE_EX_UNARY:
      if ((st = compile(c, e->args[0], out)) != MBE_OK) {
        return st;
      }
      if (e->op == MBE_OP_NEG) {
        *out = mbe_sym_neg(s, *out);
      } else if (e->op == MBE_OP_NOT) {
        MbeSymId zero = mbe_sym_const(s, 0);
        MbeSymId one = mbe_sym_const(s, 1);
        *out = mbe_sym_op(s, MBE_SYM_SELECT, *out, zero, one);
      }
      return MBE_OK;
    case MBE_EX_BINARY: return compile_binary(c, e, out);
    case MBE_EX_IF: return compile_if(c, e, out);
    case MBE_EX_CALL: return compile_call(c, e, out);
    case MBE_EX_ARRAY:
      if (c->sel >= 0 && !e->niters && (size_t)c->sel < e->nargs) {
        int keep = c->sel;
        c->sel = -1;
        st = compile(c, e->args[keep], out);
        c->sel = keep;
        return st;
      }
      return unsupported(c, e, "an array value");
    case MBE_EX_MATRIX:
    case MBE_EX_RANGE: return unsupported(c, e, "an array value");
    default: return unsupported(c, e, "this expression");
  }
}

// ---- functions with algorithm sections, inlined ------------------------------------------

typedef struct FnParts {
  const MbeComp* comps[64];
  const MbeClass* lex[64];
  size_t ncomps;
  const MbeAlgorithm* algs[8];
  size_t nalgs;
} FnParts;

// the components and algorithm sections of a function and of the functions it extends
static MbeStatus fn_parts(Cx* c, const MbeClass* fn, FnParts* p, int depth) {
  MbeMech* m = c->m;
  MbeStatus st;
  if (depth > 8) {
    return mbe_error_at(m->err, MBE_ERR_MODEL, fn->loc, "extends clauses of %s form a cycle",
                        fn->name);
  }
  if (fn->is_short) {
    const MbeClass* target = NULL;
    if (fn->short_mod || fn->short_der) {
      return mbe_error_at(m->err, MBE_ERR_UNSUPPORTED, fn->loc,
                          "a short function definition with modifiers is not supported by mbens "
                          "yet");
    }
    if ((st = mbe_class_resolve_short(m->flat->spec, fn, &target, m->err)) != MBE_OK) {
      return st;
    }
    return fn_parts(c, target, p, depth + 1);
  }
  if (fn->external) {
    return mbe_error_at(m->err, MBE_ERR_UNSUPPORTED, fn->external->loc,
                        "an external function is not supported by mbens");
  }
  for (size_t i = 0; i < fn->nextends; i++) {
    const MbeClass* base = NULL;
    if ((st = mbe_lookup_extends(m->flat->spec, fn, i, &base, m->err)) != MBE_OK ||
        (st = fn_parts(c, base, p, depth + 1)) != MBE_OK) {
      return st;
    }
  }
  for (size_t i = 0; i < fn->ncomps; i++) {
    const MbeComp* k = &fn->comps[i];
    if (k->ndims || k->ntype_dims) {
      return mbe_error_at(m->err, MBE_ERR_UNSUPPORTED, k->loc,
                          "an array variable of a function (%s) is not supported by mbens yet",
                          k->name);
    }
    if (p->ncomps == 64) {
      return mbe_error_at(m->err, MBE_ERR_UNSUPPORTED, k->loc, "more than 64 variables in a function");
    }
    p->lex[p->ncomps] = fn;
    p->comps[p->ncomps++] = k;
  }
  for (size_t i = 0; i < fn->nalgorithms && p->nalgs < 8; i++) {
    p->algs[p->nalgs++] = &fn->algorithms[i];
  }
  return MBE_OK;
}

typedef enum Flow { FLOW_ON, FLOW_BREAK, FLOW_RETURN } Flow;

static MbeStatus exec_list(Cx* fc, const MbeStatement* st, size_t n, Flow* flow);

static bool is_const(const MbeMech* m, MbeSymId id, double* v) {
  const MbeSymNode* nd = &m->s->nodes[id];
  if (nd->op == MBE_SYM_CONST) {
    *v = nd->value;
    return true;
  }
  return false;
}

// both sides of an if whose condition varies: each variable becomes SELECT(cond, a, b)
static MbeStatus exec_merge(Cx* fc, const MbeStmtBranch* br, size_t nbr, MbeSymId cond) {
  Env* env = fc->env;
  MbeSymId* before = mbe_arena_alloc(fc->m->arena, (env->n ? env->n : 1) * sizeof *before);
  MbeSymId* then = mbe_arena_alloc(fc->m->arena, (env->n ? env->n : 1) * sizeof *then);
  if (!before || !then) {
    return mbe_error_set(fc->m->err, MBE_ERR_NOMEM, "out of memory");
  }
  memcpy(before, env->vals, env->n * sizeof *before);
  Flow flow = FLOW_ON;
  MbeStatus st = exec_list(fc, br[0].body, br[0].nbody, &flow);
  memcpy(then, env->vals, env->n * sizeof *then);
  memcpy(env->vals, before, env->n * sizeof *before);
  // the else side: the next branches as an if of their own
  for (size_t i = 1; st == MBE_OK && flow == FLOW_ON && i < nbr; i++) {
    MbeSymId c2 = 0;
    double v;
    if (!br[i].cond) {
      st = exec_list(fc, br[i].body, br[i].nbody, &flow);
      break;
    }
    if ((st = compile(fc, br[i].cond, &c2)) != MBE_OK) {
      break;
    }
    if (!is_const(fc->m, c2, &v)) {
      st = exec_merge(fc, &br[i], nbr - i, c2);
      break;
    }
    if (v != 0) {
      st = exec_list(fc, br[i].body, br[i].nbody, &flow);
      break;
    }
  }
  if (st == MBE_OK && flow != FLOW_ON) {
    return mbe_error_at(fc->m->err, MBE_ERR_UNSUPPORTED, br[0].cond->loc,
                        "break or return under a condition that varies is not supported by "
                        "mbens yet");
  }
  for (size_t k = 0; st == MBE_OK && k < env->n; k++) {
    MbeSymId a = then[k], b = env->vals[k];
    env->vals[k] = a == MBE_SYM_NONE || b == MBE_SYM_NONE
                       ? MBE_SYM_NONE
                       : (a == b ? a : mbe_sym_op(fc->m->s, MBE_SYM_SELECT, cond, a, b));
  }
  return st;
}

static MbeStatus exec_if(Cx* fc, const MbeStatement* stm, Flow* flow) {
  for (size_t i = 0; i < stm->nbranches; i++) {
    const MbeStmtBranch* br = &stm->branches[i];
    if (!br->cond) {
      return exec_list(fc, br->body, br->nbody, flow);
    }
    MbeSymId cond;
    double v;
    MbeStatus st = compile(fc, br->cond, &cond);
    if (st != MBE_OK) {
      return st;
    }
    if (!is_const(fc->m, cond, &v)) {
      return exec_merge(fc, br, stm->nbranches - i, cond);
    }
    if (v != 0) {
      return exec_list(fc, br->body, br->nbody, flow);
    }
  }
  return MBE_OK;
}

// a compile-time number: a loop range's bound, a while condition
static MbeStatus const_value(Cx* fc, const MbeExpr* e, const char* what, double* out) {
  MbeSymId id;
  MbeStatus st = compile(fc, e, &id);
  if (st == MBE_OK && !is_const(fc->m, id, out)) {
    st = mbe_error_at(fc->m->err, MBE_ERR_UNSUPPORTED, e->loc,
                      "%s that varies during the run is not supported by mbens yet", what);
  }
  return st;
}

static MbeStatus exec_for(Cx* fc, const MbeStatement* stm, Flow* flow) {
  if (stm->niters != 1 || !stm->iters[0].range || stm->iters[0].range->kind != MBE_EX_RANGE) {
    return mbe_error_at(fc->m->err, MBE_ERR_UNSUPPORTED, stm->loc,
                        "a for-loop other than 'for i in a:b' or 'for i in a:s:b' in a function "
                        "is not supported by mbens yet");
  }
  const MbeExpr* r = stm->iters[0].range;
  double a, b, step = 1;
  MbeStatus st = const_value(fc, r->args[0], "a loop range", &a);
  if (st == MBE_OK && r->nargs == 3) {
    st = const_value(fc, r->args[1], "a loop range", &step);
  }
  if (st == MBE_OK) {
    st = const_value(fc, r->args[r->nargs - 1], "a loop range", &b);
  }
  if (st != MBE_OK) {
    return st;
  }
  Env* env = fc->env;
  if (env->n == env->cap) {
    return unsupported(fc, r, "for-loops nested more than 16 deep");
  }
  size_t slot = env->n++;  // room was reserved for iterators
  env->names[slot] = stm->iters[0].ident;
  size_t count = 0;
  // a:step:b is a, a + step, ..., a + n*step with n = floor((b - a)/step) (Modelica 3.6
  // section 10.4.2.2), not a running sum that drifts with the rounding
  double last = step != 0 ? floor((b - a) / step) : -1;
  for (double k = 0; st == MBE_OK && k <= last; k++) {
    double i = a + k * step;
    if (++count > MAX_LOOP) {
      st = unsupported(fc, r, "a loop of more than 10000 iterations");
      break;
    }
    env->vals[slot] = mbe_sym_const(fc->m->s, i);
    st = exec_list(fc, stm->branches[0].body, stm->branches[0].nbody, flow);
    if (*flow == FLOW_BREAK) {
      *flow = FLOW_ON;
      break;
    }
    if (*flow == FLOW_RETURN) {
      break;
    }
  }
  env->n--;
  return st;
}

static MbeStatus exec_while(Cx* fc, const MbeStatement* stm, Flow* flow) {
  MbeStatus st = MBE_OK;
  for (size_t count = 0; st == MBE_OK; count++) {
    double v;
    if ((st = const_value(fc, stm->branches[0].cond, "a while condition", &v)) != MBE_OK || v == 0) {
      break;
    }
    if (count == MAX_LOOP) {
      return unsupported(fc, stm->branches[0].cond, "a while loop of more than 10000 iterations");
    }
    st = exec_list(fc, stm->branches[0].body, stm->branches[0].nbody, flow);
    if (*flow == FLOW_BREAK) {
      *flow = FLOW_ON;
      break;
    }
    if (*flow == FLOW_RETURN) {
      break;
    }
  }
  return st;
}

static MbeStatus exec_assign(Cx* fc, const MbeStatement* stm) {
  const MbeExpr* l = stm->lhs;
  MbeSymId* dst = l->kind == MBE_EX_NAME && l->name.nparts == 1 && !l->name.parts[0].nsubs
                      ? env_find(fc->env, l->name.parts[0].ident)
                      : NULL;
  if (!dst) {
    return unsupported(fc, l, "an assignment to something other than a scalar variable of the "
                              "function");
  }
  MbeSymId v;
  MbeStatus st = compile(fc, stm->rhs, &v);
  if (st == MBE_OK) {
    *dst = v;
  }
  return st;
}

// assert(cond, message) inside a function: decided when the model is compiled, or not supported
static MbeStatus exec_call(Cx* fc, const MbeStatement* stm) {
  const MbeExpr* call = stm->rhs;
  if (call->name.nparts != 1 || strcmp(call->name.parts[0].ident, "assert") != 0 ||
      call->nargs < 2) {
    return unsupported(fc, call, "this statement");
  }
  double v;
  MbeStatus st = const_value(fc, call->args[0], "an assert condition in a function", &v);
  if (st == MBE_OK && v == 0) {
    const char* msg = call->args[1]->kind == MBE_EX_STRING ? call->args[1]->str : "(message)";
    st = mbe_error_at(fc->m->err, MBE_ERR_MODEL, stm->loc, "assertion failed: %s", msg);
  }
  return st;
}

static MbeStatus exec_list(Cx* fc, const MbeStatement* st, size_t n, Flow* flow) {
  for (size_t i = 0; i < n && *flow == FLOW_ON; i++) {
    const MbeStatement* s = &st[i];
    MbeStatus r;
    switch (s->kind) {
      case MBE_ST_ASSIGN: r = exec_assign(fc, s); break;
      case MBE_ST_IF: r = exec_if(fc, s, flow); break;
      case MBE_ST_FOR: r = exec_for(fc, s, flow); break;
      case MBE_ST_WHILE: r = exec_while(fc, s, flow); break;
      case MBE_ST_CALL: r = exec_call(fc, s); break;
      case MBE_ST_BREAK: *flow = FLOW_BREAK; r = MBE_OK; break;
      case MBE_ST_RETURN: *flow = FLOW_RETURN; r = MBE_OK; break;
      default:
        r = mbe_error_at(fc->m->err, MBE_ERR_UNSUPPORTED, s->loc,
                         "a when-statement in a function is not supported by mbens");
    }
    if (r != MBE_OK) {
      return r;
    }
  }
  return MBE_OK;
}

// the arguments bound to the inputs (the caller's context), then the defaults and bindings of
// the others (the function's)
static MbeStatus bind_inputs(Cx* c, Cx* fc, const MbeExpr* e, const FnParts* p) {
  size_t pos = 0;
  for (size_t i = 0; i < p->ncomps; i++) {
    const MbeComp* k = p->comps[i];
    const MbeExpr* arg = NULL;
    if (k->causality == MBE_CAUS_INPUT) {
      arg = pos < e->nargs ? e->args[pos] : NULL;
      pos++;
      for (size_t j = 0; !arg && j < e->nnamed; j++) {
        arg = strcmp(e->named[j].ident, k->name) == 0 ? e->named[j].value : NULL;
      }
    }
    MbeStatus st = MBE_OK;
    if (arg) {
      st = compile(c, arg, &fc->env->vals[i]);
    } else if (k->binding) {
      st = compile(fc, k->binding, &fc->env->vals[i]);
    } else if (k->causality == MBE_CAUS_INPUT) {
      st = mbe_error_at(c->m->err, MBE_ERR_MODEL, e->loc, "the call gives no value for input %s",
                        k->name);
    }
    if (st != MBE_OK) {
      return st;
    }
  }
  if (pos < e->nargs) {
    return mbe_error_at(c->m->err, MBE_ERR_MODEL, e->args[pos]->loc,
                        "the function takes %zu inputs, the call gives more", pos);
  }
  return MBE_OK;
}

static MbeStatus inline_call(Cx* c, const MbeExpr* e, const MbeClass* fn, MbeSymId* out) {
  MbeMech* m = c->m;
  if (c->depth >= MAX_CALL_DEPTH) {
    return unsupported(c, e, "a recursive function (or calls nested more than 16 deep)");
  }
  FnParts* p = mbe_arena_alloc(m->arena, sizeof *p);
  Env* env = mbe_arena_alloc(m->arena, sizeof *env);
  if (!p || !env) {
    return mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
  }
  MbeStatus st = fn_parts(c, fn, p, 0);
  if (st != MBE_OK) {
    return st;
  }
  size_t room = p->ncomps + 16;  // the variables, then for-iterators in nested loops
  env->names = mbe_arena_alloc(m->arena, room * sizeof *env->names);
  env->vals = mbe_arena_alloc(m->arena, room * sizeof *env->vals);
  if (!env->names || !env->vals) {
    return mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
  }
  for (size_t i = 0; i < room; i++) {
    env->names[i] = i < p->ncomps ? p->comps[i]->name : "";
    env->vals[i] = MBE_SYM_NONE;
  }
  env->n = p->ncomps;
  env->cap = room;
  Cx fc = {m, c->fl, -1, fn, NULL, NULL, env, c->depth + 1, false, -1, c->no_events};
  if ((st = bind_inputs(c, &fc, e, p)) != MBE_OK) {
    return st;
  }
  Flow flow = FLOW_ON;
  for (size_t i = 0; i < p->nalgs && flow == FLOW_ON; i++) {
    if ((st = exec_list(&fc, p->algs[i]->stmts, p->algs[i]->nstmts, &flow)) != MBE_OK) {
      return st;
    }
  }
  for (size_t i = 0; i < p->ncomps; i++) {
    if (p->comps[i]->causality == MBE_CAUS_OUTPUT) {
      if (env->vals[i] == MBE_SYM_NONE) {
        return mbe_error_at(m->err, MBE_ERR_MODEL, p->comps[i]->loc,
                            "function %s does not assign its output %s", fn->name,
                            p->comps[i]->name);
      }
      *out = env->vals[i];
      return MBE_OK;
    }
  }
  return mbe_error_at(m->err, MBE_ERR_MODEL, fn->loc, "function %s has no output", fn->name);
}

// the length of the vector e is (0: a scalar), from its unsubscripted vector variables
static MbeStatus vec_size(Cx* c, const MbeExpr* e, int* n) {
  if (e->kind == MBE_EX_NAME) {
    MbeRef ref;
    bool plain = true;
    for (size_t i = 0; i < e->name.nparts; i++) {
      plain = plain && e->name.parts[i].nsubs == 0;
    }
    if (!plain || (e->name.nparts == 1 && strcmp(e->name.parts[0].ident, "time") == 0)) {
      return MBE_OK;
    }
    MbeStatus st = mbe_flatten_resolve(c->fl, &e->name, c->scope, c->lex, &ref, c->m->err);
    if (st != MBE_OK || ref.kind != MBE_REF_VAR || ref.nparts_used != e->name.nparts) {
      return st;
    }
    const MbeVar* v = &c->m->flat->vars[ref.index];
    if (v->ndims > 1) {
      return unsupported(c, e, "a matrix in an equation");
    }
    if (v->ndims == 1 && *n && *n != v->dims[0]) {
      return mbe_error_at(c->m->err, MBE_ERR_MODEL, e->loc,
                          "'%s' has %d elements where the equation's other vectors have %d",
                          v->name, v->dims[0], *n);
    }
    *n = v->ndims == 1 ? v->dims[0] : *n;
    return MBE_OK;
  }
  for (size_t i = 0; i < e->nargs; i++) {
    MbeStatus st = vec_size(c, e->args[i], n);
    if (st != MBE_OK) {
      return st;
    }
  }
  return MBE_OK;
}

MbeStatus mbe_mech_expr_size(MbeMech* m, const MbeExpr* e, int scope, const MbeClass* lex,
                             int* n) {
  Cx c = {m, flatten_ctx(m), scope, lex, NULL, NULL, NULL, 0, false, -1, 0};
  if (!c.fl) {
    return mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
  }
  *n = 0;
  return vec_size(&c, e, n);
}

MbeStatus mbe_mech_expr_elem(MbeMech* m, const MbeExpr* e, int scope, const MbeClass* lex,
                             MbeMechNameFn* name, void* ctx, int sel, MbeSymId* out) {
  Cx c = {m, flatten_ctx(m), scope, lex, name, ctx, NULL, 0, false, sel, m->expr_no_events};
  if (!c.fl) {
    return mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
  }
  *out = 0;
  MbeStatus st = compile(&c, e, out);
  if (st == MBE_OK && m->s->is_oom) {
    st = mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
  }
  return st;
}

MbeStatus mbe_mech_expr(MbeMech* m, const MbeExpr* e, int scope, const MbeClass* lex,
                        MbeMechNameFn* name, void* ctx, MbeSymId* out) {
  return mbe_mech_expr_elem(m, e, scope, lex, name, ctx, -1, out);
}
