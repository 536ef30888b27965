// SPDX-License-Identifier: Apache-2.0
// Expressions of the model's own equations compiled into the mechanism's DAG (mech_internal.h,
// mbe_mech_expr). Names resolve the Modelica way through a flattening context over the flat
// model (host/model); what a variable's node is, the caller decides (a signal, a kinematic
// quantity of a user's component, an unknown being solved for).
#include <math.h>
#include <string.h>

#include "mech_internal.h"

// the shape of a value: a scalar (ndims 0), a vector or a matrix
typedef struct Shape {
  int ndims;
  int dims[2];
} Shape;

// a variable of a function being inlined: its shape and its elements' nodes, row-major (NONE
// until assigned; el NULL while only the shapes are known)
typedef struct Val {
  Shape sh;
  MbeSymId* el;
} Val;

// the variables of a function being inlined: name -> value
typedef struct Env {
  const char** names;
  Val* vals;
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
  const char* field;  // compiling a record value: its field `field` (Orientation's "T"); NULL
  int no_events;      // > 0: inside noEvent() or smooth(), or compiling an assertion: relations are
                      // taken literally; 0: a relation on the states or time generates events
} Cx;

enum { MAX_CALL_DEPTH = 16, MAX_LOOP = 10000, MAX_WHILE = 64 };

static MbeStatus compile(Cx* c, const MbeExpr* e, MbeSymId* out);
static MbeStatus vec_size(Cx* c, const MbeExpr* e, int* n);
static MbeStatus shape_of(Cx* c, const MbeExpr* e, Shape* out);
static MbeStatus const_value(Cx* fc, const MbeExpr* e, const char* what, double* out);
static MbeStatus shape_call(Cx* c, const MbeExpr* e, Shape* out);
static MbeStatus call_shape(Cx* c, const MbeExpr* e, const MbeClass* fn, Shape* out);
static const MbeClass* find_function(Cx* c, const MbeExpr* e);

static int numel(const Shape* s) {
  return s->ndims == 0 ? 1 : s->ndims == 1 ? s->dims[0] : s->dims[0] * s->dims[1];
}

// element sel (row-major; -1 for a scalar) of e
static MbeStatus compile_at(Cx* c, const MbeExpr* e, int sel, MbeSymId* out) {
  int keep = c->sel;
  c->sel = sel;
  MbeStatus st = compile(c, e, out);
  c->sel = keep;
  return st;
}

// a^n for an integer n by repeated squaring (a^0 = 1, a^-n = 1 / a^n): the exponent's log form,
// exp(n log a), is NaN for a negative a
static MbeSymId int_power(MbeSym* s, MbeSymId a, int n) {
  MbeSymId r = mbe_sym_const(s, 1.0), b = a;
  for (int k = n < 0 ? -n : n; k > 0; k >>= 1) {
    if (k & 1)
      r = mbe_sym_mul(s, r, b);
    if (k > 1)
      b = mbe_sym_mul(s, b, b);
  }
  return n < 0 ? mbe_sym_div(s, mbe_sym_const(s, 1.0), r) : r;
}

// element sel of field `field` of the record value e (field NULL: e is no record)
static MbeStatus compile_field_at(Cx* c, const MbeExpr* e, const char* field, int sel,
                                  MbeSymId* out) {
  const char* keep = c->field;
  c->field = field;
  MbeStatus st = compile_at(c, e, sel, out);
  c->field = keep;
  return st;
}

static MbeStatus shape_field(Cx* c, const MbeExpr* e, const char* field, Shape* out) {
  const char* keep = c->field;
  c->field = field;
  MbeStatus st = shape_of(c, e, out);
  c->field = keep;
  return st;
}

static MbeStatus unsupported(Cx* c, const MbeExpr* e, const char* what) {
  return mbe_error_at(c->m->err, MBE_ERR_UNSUPPORTED, e->loc,
                      "%s in an equation is not supported by mbens yet", what);
}

// a flattening context over m's flat model (names, subscripts, parameter values)
MbeFlatten* mbe_mech_flatten_ctx(MbeMech* m) {
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
  int total = v->ndims == 1 ? v->dims[0] : v->ndims == 2 ? v->dims[0] * v->dims[1] : 0;
  if (c->sel >= 0 && last->nsubs == 0 && c->sel < total) {
    *elem = c->sel;  // an array in an array equation or argument: its element sel
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
    MbeStatus st =
        mbe_eval_subscript(c->fl, last->subs[d], c->scope, c->lex, v->dims[d], &iv, c->m->err);
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

static Val* env_find(Env* env, const char* name) {
  for (size_t i = 0; env && i < env->n; i++) {
    if (strcmp(env->names[i], name) == 0) {
      return &env->vals[i];
    }
  }
  return NULL;
}

// the dotted name n (subscripts only on its last part) with ".field" added when field is set;
// false when no variable of a function could have it
static bool joined_name(const MbeName* n, const char* field, char* buf, size_t size) {
  size_t len = 0;
  if (n->is_global || (field && n->parts[n->nparts - 1].nsubs)) {
    return false;
  }
  for (size_t i = 0; i <= n->nparts; i++) {
    const char* part = i < n->nparts ? n->parts[i].ident : field;
    if (i + 1 < n->nparts && n->parts[i].nsubs) {
      return false;
    }
    int w = part ? snprintf(buf + len, size - len, "%s%s", i ? "." : "", part) : 0;
    if (w < 0 || (size_t)w >= size - len) {
      return false;
    }
    len += (size_t)w;
  }
  return true;
}

// the variable of the function being inlined that n names: x, R.T of a record variable R, or
// with a field wanted, R's field; NULL when n names none
static Val* find_local(Env* env, const MbeName* n, const char* field) {
  char buf[256];
  return env && joined_name(n, field, buf, sizeof buf) ? env_find(env, buf) : NULL;
}

// whether n names a record variable of the function being inlined (its fields n.*)
static bool is_local_record(const Env* env, const MbeName* n) {
  char buf[256];
  if (!env || !joined_name(n, NULL, buf, sizeof buf)) {
    return false;
  }
  size_t len = strlen(buf);
  for (size_t i = 0; i < env->n; i++) {
    if (strncmp(env->names[i], buf, len) == 0 && env->names[i][len] == '.') {
      return true;
    }
  }
  return false;
}

// a subscript of a function's variable: a number known when compiling, in 1..dim
static MbeStatus subscript_value(Cx* c, const MbeExpr* sub, int dim, int* out) {
  double v;
  int keep = c->sel;
  c->sel = -1;
  MbeStatus st = const_value(c, sub, "a subscript", &v);
  c->sel = keep;
  if (st == MBE_OK && (v != floor(v) || v < 1 || v > dim)) {
    st = mbe_error_at(c->m->err, MBE_ERR_MODEL, sub->loc, "subscript out of range 1..%d", dim);
  }
  *out = st == MBE_OK ? (int)v - 1 : 0;
  return st;
}

// the element of local variable v that the subscripts of e select: all of them (x[i], A[i,j]),
// or a matrix's row (A[i]) whose element sel the caller wants
static MbeStatus local_index(Cx* c, const MbeExpr* e, const Val* v, int* k) {
  const MbeNamePart* p = &e->name.parts[e->name.nparts - 1];
  bool row = p->nsubs == 1 && v->sh.ndims == 2 && c->sel >= 0 && c->sel < v->sh.dims[1];
  if ((int)p->nsubs != v->sh.ndims && !row) {
    return unsupported(c, e, "this subscript of a function's array variable");
  }
  int idx = 0;
  for (size_t d = 0; d < p->nsubs; d++) {
    int i;
    MbeStatus st = subscript_value(c, p->subs[d], v->sh.dims[d], &i);
    if (st != MBE_OK) {
      return st;
    }
    idx = idx * v->sh.dims[d] + i;
  }
  *k = row ? idx * v->sh.dims[1] + c->sel : idx;
  return MBE_OK;
}

// a variable of the function being inlined (an input, output, local or loop iterator)
static MbeStatus compile_local(Cx* c, const MbeExpr* e, const Val* v, MbeSymId* out) {
  const char* name = e->name.parts[e->name.nparts - 1].ident;
  int k = 0;
  MbeStatus st = MBE_OK;
  if (c->der) {
    return unsupported(c, e, "der() of a function's variable");
  }
  if (!v->el) {
    return mbe_error_at(c->m->err, MBE_ERR_UNSUPPORTED, e->loc,
                        "an array size that depends on the value of '%s' is not supported by "
                        "mbens yet",
                        name);
  }
  if (e->name.parts[e->name.nparts - 1].nsubs) {
    st = local_index(c, e, v, &k);
  } else if (v->sh.ndims) {
    if (c->sel < 0 || c->sel >= numel(&v->sh)) {
      return mbe_error_at(c->m->err, MBE_ERR_MODEL, e->loc,
                          "'%s' is an array where a scalar is needed", name);
    }
    k = c->sel;
  }
  if (st == MBE_OK && v->el[k] == MBE_SYM_NONE) {
    st = mbe_error_at(c->m->err, MBE_ERR_MODEL, e->loc, "'%s' is used before it is assigned", name);
  }
  *out = st == MBE_OK ? v->el[k] : 0;
  return st;
}

// element elem of flat variable var, which e names: its node (a signal, a parameter's value)
static MbeStatus compile_var_elem(Cx* c, const MbeExpr* e, int var, int elem, MbeSymId* out) {
  MbeMech* m = c->m;
  MbeStatus st = MBE_OK;
  const MbeVar* v = &m->flat->vars[var];
  if (c->der && v->variability >= MBE_VAR_PARAMETER) {
    *out = mbe_sym_const(m->s, 0);  // der() of a parameter or constant
    return MBE_OK;
  }
  if (v->variability < MBE_VAR_PARAMETER) {
    if (!c->name) {
      return unsupported(c, e, "a variable in a function's modifier");
    }
    *out = c->name(m, c->ctx, var, elem, c->der, e, &st);
    return st;
  }
  if (v->is_free) {
    *out = elem == 0 ? mbe_mech_free_param_var(m, var) : 0;
    return *out ? MBE_OK : unsupported(c, e, "an array parameter computed by the initialization");
  }
  if ((st = mbe_flatten_var_value(c->fl, var, m->err)) != MBE_OK) {
    return st;
  }
  v = &m->flat->vars[var];
  if (v->value.type == MBE_T_STRING) {
    return unsupported(c, e, "a String parameter");
  }
  *out = mbe_mech_value_node(m, &v->value, (size_t)elem);
  return MBE_OK;
}

// element sel of field c->field of the record instance that ref resolves e to
static MbeStatus record_field(Cx* c, const MbeExpr* e, const MbeRef* ref, MbeSymId* out) {
  const MbeFlat* f = c->m->flat;
  if (ref->kind != MBE_REF_INST || ref->index < 0 || f->insts[ref->index].kind != MBE_INST_RECORD ||
      ref->nparts_used != e->name.nparts) {
    return unsupported(c, e, "this value where a record is needed");
  }
  const char* name = mbe_arena_printf(c->m->arena, "%s.%s", f->insts[ref->index].name, c->field);
  int var = name ? mbe_mech_var(c->m, name) : -1;
  if (var < 0) {
    return mbe_error_at(c->m->err, MBE_ERR_MODEL, e->loc, "the record %s has no field %s",
                        f->insts[ref->index].name, c->field);
  }
  const MbeVar* v = &f->vars[var];
  int n = v->ndims == 0 ? 1 : v->ndims == 1 ? v->dims[0] : v->dims[0] * v->dims[1];
  if ((v->ndims && (c->sel < 0 || c->sel >= n)) || v->ndims > 2) {
    return mbe_error_at(c->m->err, MBE_ERR_MODEL, e->loc, "'%s' is an array here", name);
  }
  return compile_var_elem(c, e, var, v->ndims ? c->sel : 0, out);
}

static MbeStatus compile_name(Cx* c, const MbeExpr* e, MbeSymId* out) {
  MbeMech* m = c->m;
  Val* local = find_local(c->env, &e->name, c->field);
  if (local) {
    return compile_local(c, e, local, out);
  }
  if (is_local_record(c->env, &e->name)) {
    return mbe_error_at(m->err, MBE_ERR_MODEL, e->loc, "this record is used where a %s is needed",
                        c->field ? "record of another type" : "value");
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
    bool vec = ref.value.ndims && c->sel >= 0 && (size_t)c->sel < ref.value.n;
    if ((ref.value.ndims && !vec) || ref.value.type == MBE_T_STRING) {
      return unsupported(c, e, "an array or String constant");
    }
    *out = mbe_sym_const(m->s, c->der ? 0 : ref.value.num[vec ? c->sel : 0]);
    return MBE_OK;
  }
  if (c->field) {
    return record_field(c, e, &ref, out);
  }
  if (ref.kind != MBE_REF_VAR) {
    return unsupported(c, e, "a component or class name used as a value");
  }
  int elem = 0;
  if ((st = element(c, e, ref.index, ref.nparts_used, &elem)) != MBE_OK) {
    return st;
  }
  return compile_var_elem(c, e, ref.index, elem, out);
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

// a * b of arrays (Modelica 10.6.4): vector * vector is the scalar product, matrix * vector,
// vector * matrix and matrix * matrix give element sel of their result
static MbeStatus compile_matmul(Cx* c, const MbeExpr* e, const Shape* sa, const Shape* sb,
                                MbeSymId* out) {
  int n = sa->dims[sa->ndims - 1];
  int rows = sa->ndims == 2 ? sa->dims[0] : 1;
  int cols = sb->ndims == 2 ? sb->dims[1] : 1;
  if (n != sb->dims[0]) {
    return mbe_error_at(c->m->err, MBE_ERR_MODEL, e->loc,
                        "the sizes of this product do not match (%d and %d)", n, sb->dims[0]);
  }
  int i = 0, j = 0;
  if (sa->ndims == 2 || sb->ndims == 2) {
    if (c->sel < 0 || c->sel >= rows * cols) {
      return mbe_error_at(c->m->err, MBE_ERR_MODEL, e->loc,
                          "this product is an array where a scalar is needed");
    }
    i = c->sel / cols;
    j = c->sel % cols;
  }
  MbeSym* s = c->m->s;
  for (int k = 0; k < n; k++) {
    MbeSymId x, y;
    MbeStatus st = compile_at(c, e->args[0], sa->ndims == 2 ? i * n + k : k, &x);
    if (st == MBE_OK) {
      st = compile_at(c, e->args[1], sb->ndims == 2 ? k * cols + j : k, &y);
    }
    if (st != MBE_OK) {
      return st;
    }
    MbeSymId p = mbe_sym_mul(s, x, y);
    *out = k ? mbe_sym_add(s, *out, p) : p;
  }
  return MBE_OK;
}

static MbeStatus compile_binary(Cx* c, const MbeExpr* e, MbeSymId* out) {
  MbeSymId a, b;
  MbeStatus st;
  bool product = e->op == MBE_OP_MUL || e->op == MBE_OP_DIV || e->op == MBE_OP_POW;
  if (product) {
    // vector * vector is a dot product, matrix * vector a matrix's: not element by element
    Shape sa, sb;
    if ((st = shape_of(c, e->args[0], &sa)) != MBE_OK ||
        (st = shape_of(c, e->args[1], &sb)) != MBE_OK) {
      return st;
    }
    if (sa.ndims && sb.ndims && e->op == MBE_OP_MUL) {
      return compile_matmul(c, e, &sa, &sb, out);
    }
    if ((sb.ndims && e->op != MBE_OP_MUL) || (sa.ndims && e->op == MBE_OP_POW)) {
      return unsupported(c, e, "this operation on arrays");
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
      } else if (bn->op == MBE_SYM_CONST && bn->value == floor(bn->value) &&
                 fabs(bn->value) <= 64) {
        *out = int_power(s, a, (int)bn->value);  // x^4 of a negative x is no NaN
      } else {
        *out = mbe_sym_op(s, MBE_SYM_POW, a, b, 0);
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

// floor, ceil, integer (1 argument) and div, mod, rem (2)
static bool is_integer_function(const char* f, size_t nargs) {
  if (nargs == 1)
    return !strcmp(f, "floor") || !strcmp(f, "ceil") || !strcmp(f, "integer");
  return nargs == 2 && (!strcmp(f, "div") || !strcmp(f, "mod") || !strcmp(f, "rem"));
}

// Modelica's event-generating integer functions of a (a[0], a[1]): each floor a FLOOR node, a
// count held between events whose change is one (floor(x) = integer(x), ceil(x) = -floor(-x),
// div truncates towards zero, mod(x, y) = x - floor(x / y) y, rem(x, y) = x - div(x, y) y).
// Inside noEvent() or a function too: the count changes exactly where the literal value would,
// located as an event, so every value the run reports is the literal one.
static void integer_function(Cx* c, const char* f, const MbeSymId* a, MbeSymId* out) {
  MbeSym* s = c->m->s;
  bool two = !strcmp(f, "div") || !strcmp(f, "mod") || !strcmp(f, "rem");
  MbeSymId q = two ? mbe_sym_div(s, a[0], a[1]) : a[0];
  MbeSymId down = mbe_sym_fn(s, MBE_SYM_FLOOR, q);
  MbeSymId up = mbe_sym_neg(s, mbe_sym_fn(s, MBE_SYM_FLOOR, mbe_sym_neg(s, q)));  // ceil
  if (!strcmp(f, "ceil")) {
    *out = up;
  } else if (!strcmp(f, "div") || !strcmp(f, "rem")) {
    // towards zero: floor above 0, ceil below, chosen by a relation (held too: the counts change
    // only at events, so a live choice would jump inside a step)
    MbeSymId d = mbe_sym_op(s, MBE_SYM_SELECT, mbe_sym_fn(s, MBE_SYM_EVENT, q), down, up);
    *out = f[0] == 'd' ? d : mbe_sym_sub(s, a[0], mbe_sym_mul(s, d, a[1]));
  } else if (!strcmp(f, "mod")) {
    *out = mbe_sym_sub(s, a[0], mbe_sym_mul(s, down, a[1]));
  } else {
    *out = down;  // floor, integer
  }
}

// the last part of a function's name: Modelica.Math.sin and sin are the same function
static const char* fn_name(const MbeExpr* e) {
  const MbeName* n = &e->name;
  bool math = n->nparts == 1 || (n->nparts == 3 && strcmp(n->parts[0].ident, "Modelica") == 0 &&
                                 strcmp(n->parts[1].ident, "Math") == 0);
  return math ? n->parts[n->nparts - 1].ident : NULL;
}

static MbeStatus inline_call(Cx* c, const MbeExpr* e, const MbeClass* fn, Val* out);
static MbeStatus pick(Cx* c, const MbeExpr* e, const Val* v, MbeSymId* out);

// the Modelica function that e calls, or NULL: of the model or a library, or a catalogue
// function written with its algorithm (Modelica.Math.Vectors.length); the catalogue's others
// are built-in
static const MbeClass* find_function(Cx* c, const MbeExpr* e) {
  const MbeClass* cls = NULL;
  MbePredef pd = MBE_PREDEF_NONE;
  MbeError scratch;
  if (mbe_lookup_class_opt(c->m->flat->spec, c->lex, &e->name, e->name.nparts, &cls, &pd,
                           &scratch) != MBE_OK ||
      !cls || (cls->restriction != MBE_CLASS_FUNCTION && cls->restriction != MBE_CLASS_RECORD) ||
      (cls->is_catalogue && !cls->nalgorithms && cls->restriction == MBE_CLASS_FUNCTION)) {
    return NULL;
  }
  return cls;
}

// the argument of a record constructor (Orientation(T = ..., w = ...)) for field c->field
static MbeStatus ctor_arg(Cx* c, const MbeExpr* e, const MbeClass* rec, const MbeExpr** arg) {
  *arg = NULL;
  for (size_t i = 0; i < e->nnamed && !*arg; i++) {
    *arg = strcmp(e->named[i].ident, c->field) == 0 ? e->named[i].value : NULL;
  }
  for (size_t i = 0; i < rec->ncomps && !*arg; i++) {
    if (strcmp(rec->comps[i].name, c->field) == 0) {
      *arg = i < e->nargs ? e->args[i] : rec->comps[i].binding;
    }
  }
  if (!*arg || rec->nextends || rec->is_short) {
    return mbe_error_at(c->m->err, MBE_ERR_UNSUPPORTED, e->loc,
                        "this record constructor gives no value for the field %s that mbens "
                        "can use",
                        c->field);
  }
  return MBE_OK;
}

// element sel of field c->field of the record value a call gives: a record constructor, or a
// function with a record output (Frames.nullRotation())
static MbeStatus record_call(Cx* c, const MbeExpr* e, MbeSymId* out) {
  const MbeClass* cls = find_function(c, e);
  if (!cls) {
    return unsupported(c, e, "this value where a record is needed");
  }
  MbeStatus st;
  if (cls->restriction == MBE_CLASS_RECORD) {
    const MbeExpr* arg;
    st = ctor_arg(c, e, cls, &arg);
    return st == MBE_OK ? compile_field_at(c, arg, NULL, c->sel, out) : st;
  }
  Val v;
  st = inline_call(c, e, cls, &v);
  return st == MBE_OK ? pick(c, e, &v, out) : st;
}

// element sel of a function's output v (the output itself when it is a scalar)
static MbeStatus pick(Cx* c, const MbeExpr* e, const Val* v, MbeSymId* out) {
  if (v->sh.ndims == 0) {
    *out = v->el[0];
  } else if (c->sel >= 0 && c->sel < numel(&v->sh)) {
    *out = v->el[c->sel];
  } else {
    return mbe_error_at(c->m->err, MBE_ERR_MODEL, e->loc,
                        "the output of this call is an array where a scalar is needed");
  }
  return MBE_OK;
}

// a Modelica function of the model or a library (not the catalogue's): inlined
static MbeStatus user_function(Cx* c, const MbeExpr* e, bool* found, MbeSymId* out) {
  const MbeClass* cls = find_function(c, e);
  *found = cls != NULL;
  if (cls && cls->restriction == MBE_CLASS_RECORD) {
    return unsupported(c, e, "a record constructor where a value is needed");
  }
  if (!cls) {
    return MBE_OK;
  }
  Val v;
  MbeStatus st = inline_call(c, e, cls, &v);
  return st == MBE_OK ? pick(c, e, &v, out) : st;
}

// element sel of cross(a, b)
static MbeStatus compile_cross(Cx* c, const MbeExpr* e, MbeSymId* out) {
  MbeSymId a1, a2, b1, b2;
  int i = (c->sel + 1) % 3, j = (c->sel + 2) % 3;
  MbeStatus st = compile_at(c, e->args[0], i, &a1);
  if (st == MBE_OK && (st = compile_at(c, e->args[0], j, &a2)) == MBE_OK &&
      (st = compile_at(c, e->args[1], i, &b1)) == MBE_OK) {
    st = compile_at(c, e->args[1], j, &b2);
  }
  if (st == MBE_OK) {
    MbeSymId p = mbe_sym_mul(c->m->s, a1, b2);
    MbeSymId q = mbe_sym_mul(c->m->s, a2, b1);
    *out = mbe_sym_sub(c->m->s, p, q);
  }
  return st;
}

// sum(a): its elements added in order
static MbeStatus compile_sum(Cx* c, const MbeExpr* e, MbeSymId* out) {
  Shape sh;
  MbeStatus st = shape_of(c, e->args[0], &sh);
  for (int k = 0; st == MBE_OK && k < numel(&sh); k++) {
    MbeSymId x;
    if ((st = compile_at(c, e->args[0], sh.ndims ? k : -1, &x)) == MBE_OK) {
      *out = k ? mbe_sym_add(c->m->s, *out, x) : x;
    }
  }
  return st;
}

// size(a, d) and element sel of size(a)
static MbeStatus compile_size(Cx* c, const MbeExpr* e, MbeSymId* out) {
  Shape sh;
  double d = c->sel + 1;
  MbeStatus st = shape_of(c, e->args[0], &sh);
  if (st == MBE_OK && e->nargs == 2) {
    st = const_value(c, e->args[1], "the dimension of size()", &d);
  }
  if (st == MBE_OK && (d < 1 || d > sh.ndims)) {
    return mbe_error_at(c->m->err, MBE_ERR_MODEL, e->loc, "size(): no dimension %g", d);
  }
  *out = st == MBE_OK ? mbe_sym_const(c->m->s, sh.dims[(int)d - 1]) : 0;
  return st;
}

// element sel of transpose(A) (n x m: A is m x n)
static MbeStatus compile_transpose(Cx* c, const MbeExpr* e, MbeSymId* out) {
  Shape sh;
  MbeStatus st = shape_of(c, e->args[0], &sh);
  if (st == MBE_OK && (sh.ndims != 2 || c->sel < 0 || c->sel >= numel(&sh))) {
    return unsupported(c, e, "transpose() of this value");
  }
  int i = c->sel / sh.dims[0], j = c->sel % sh.dims[0];
  return st == MBE_OK ? compile_at(c, e->args[0], j * sh.dims[1] + i, out) : st;
}

// the actual argument of homotopy(actual, simplified) (positional or named), NULL for another call
static const MbeExpr* homotopy_actual(const MbeExpr* e) {
  if (e->kind != MBE_EX_CALL || e->name.nparts != 1 || e->name.is_global ||
      strcmp(e->name.parts[0].ident, "homotopy") != 0)
    return NULL;
  for (size_t i = 0; i < e->nnamed; i++) {
    if (strcmp(e->named[i].ident, "actual") == 0)
      return e->named[i].value;
  }
  return e->nargs > 0 ? e->args[0] : NULL;
}

// the built-in array functions: size, sum, cross, transpose, identity, and an element of zeros,
// ones, fill
static MbeStatus array_builtin(Cx* c, const MbeExpr* e, bool* found, MbeSymId* out) {
  const char* f = fn_name(e);
  size_t n = e->nargs;
  bool el = c->sel >= 0;
  *found = f && !e->nnamed && !e->niters && n >= 1;
  if (!*found) {
    return MBE_OK;
  }
  if (strcmp(f, "size") == 0 && (n == 2 || (n == 1 && el))) {
    return compile_size(c, e, out);
  }
  if (strcmp(f, "sum") == 0 && n == 1) {
    return compile_sum(c, e, out);
  }
  if (strcmp(f, "cross") == 0 && n == 2 && el && c->sel < 3) {
    return compile_cross(c, e, out);
  }
  if (strcmp(f, "transpose") == 0 && n == 1) {
    return compile_transpose(c, e, out);
  }
  if (strcmp(f, "identity") == 0 && n == 1 && el) {
    double k;
    MbeStatus st = const_value(c, e->args[0], "an array size", &k);
    *out = mbe_sym_const(c->m->s, (int)k && c->sel / (int)k == c->sel % (int)k ? 1 : 0);
    return st;
  }
  if ((strcmp(f, "zeros") == 0 || strcmp(f, "ones") == 0) && el) {
    *out = mbe_sym_const(c->m->s, f[0] == 'o' ? 1 : 0);
    return MBE_OK;
  }
  if (strcmp(f, "fill") == 0 && n >= 2 && el) {
    return compile_at(c, e->args[0], -1, out);
  }
  *found = false;
  return MBE_OK;
}

static MbeStatus compile_call(Cx* c, const MbeExpr* e, MbeSymId* out) {
  const char* f = fn_name(e);
  MbeSym* s = c->m->s;
  bool found;
  MbeStatus ust = user_function(c, e, &found, out);
  if (found || ust != MBE_OK || (ust = array_builtin(c, e, &found, out)) != MBE_OK || found) {
    return ust;
  }
  const MbeExpr* actual = homotopy_actual(e);
  if (actual != NULL) {
    return compile(c, actual, out);  // homotopy(actual, simplified): a simulation reads actual
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
  } else if (nargs == 1 &&
             (strcmp(f, "sinh") == 0 || strcmp(f, "cosh") == 0 || strcmp(f, "tanh") == 0)) {
    *out = mbe_sym_fn(s,
                      f[0] == 't'   ? MBE_SYM_TANH
                      : f[0] == 's' ? MBE_SYM_SINH
                                    : MBE_SYM_COSH,
                      a[0]);
  } else if (nargs == 2 && (strcmp(f, "min") == 0 || strcmp(f, "max") == 0)) {
    *out = mbe_sym_op(s, f[1] == 'i' ? MBE_SYM_MIN : MBE_SYM_MAX, a[0], a[1], 0);
  } else if (nargs == 2 && strcmp(f, "atan2") == 0) {
    *out = mbe_sym_op(s, MBE_SYM_ATAN2, a[0], a[1], 0);
  } else if (is_integer_function(f, nargs)) {
    integer_function(c, f, a, out);
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

// element sel of {a, b, c} (of {{...}, {...}}: row sel / n, its element sel % n)
static MbeStatus compile_array(Cx* c, const MbeExpr* e, MbeSymId* out) {
  Shape inner = {0};
  MbeStatus st = e->nargs && !e->niters ? shape_of(c, e->args[0], &inner) : MBE_OK;
  if (st != MBE_OK) {
    return st;
  }
  int n = numel(&inner);
  if (c->sel < 0 || e->niters || (size_t)(c->sel / n) >= e->nargs) {
    return unsupported(c, e, "an array value");
  }
  return compile_at(c, e->args[c->sel / n], inner.ndims ? c->sel % n : -1, out);
}

static MbeStatus compile(Cx* c, const MbeExpr* e, MbeSymId* out) {
  MbeSym* s = c->m->s;
  MbeStatus st;
  if (c->field && e->kind == MBE_EX_CALL) {
    return record_call(c, e, out);
  }
  if (c->field && e->kind != MBE_EX_NAME && e->kind != MBE_EX_PAREN) {
    return unsupported(c, e, "this expression as a record value");
  }
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
    case MBE_EX_ARRAY: return compile_array(c, e, out);
    case MBE_EX_MATRIX:
    case MBE_EX_RANGE: return unsupported(c, e, "an array value");
    default: return unsupported(c, e, "this expression");
  }
}

// ---- functions with algorithm sections, inlined ------------------------------------------

enum { MAX_FN_VARS = 64, MAX_FN_MODS = 16 };

// a modifier of a short function definition (function g = f(k = 2)): the value of f's k, written
// in class lex of instance scope
typedef struct FnMod {
  const char* name;
  const MbeExpr* value;
  int scope;
  const MbeClass* lex;
} FnMod;

typedef struct FnParts {
  // one entry per variable, one per field of a record variable (R.T, R.w of an Orientation R)
  const MbeComp* comps[MAX_FN_VARS];  // its declaration (a record's field's)
  const MbeClass* lex[MAX_FN_VARS];   // the class that declares it
  const MbeComp* tops[MAX_FN_VARS];   // the function's declaration (R's for R.T)
  const char* names[MAX_FN_VARS];     // "x", "R.T"
  const char* fields[MAX_FN_VARS];    // "T" for R.T, NULL for a variable that is no record
  size_t ncomps;
  const MbeAlgorithm* algs[8];
  size_t nalgs;
  FnMod mods[MAX_FN_MODS];
  size_t nmods;
  int mod_scope;            // where the outermost short definition's modifiers are written (a
  const MbeClass* mod_lex;  // redeclaration's modifiers see the model), NULL: its own package
} FnParts;

// the modifiers of the short definition fn; an outer definition's, recorded first, win
static MbeStatus fn_short_mods(Cx* c, const MbeClass* fn, FnParts* p, int depth) {
  const MbeMod* mod = fn->short_mod;
  for (size_t i = 0; mod && i < mod->nargs; i++) {
    const MbeModArg* a = &mod->args[i];
    if (a->npath != 1 || a->sub || !a->value || a->is_redeclare) {
      return mbe_error_at(c->m->err, MBE_ERR_UNSUPPORTED, a->loc,
                          "this modifier of a function is not supported by mbens yet");
    }
    bool seen = false;
    for (size_t k = 0; k < p->nmods; k++) {
      seen = seen || strcmp(p->mods[k].name, a->path[0]) == 0;
    }
    if (seen) {
      continue;
    }
    if (p->nmods == MAX_FN_MODS) {
      return mbe_error_at(c->m->err, MBE_ERR_UNSUPPORTED, a->loc,
                          "more than 16 modifiers of a function");
    }
    bool outer = depth == 0 && p->mod_lex;
    p->mods[p->nmods++] =
        (FnMod){a->path[0], a->value, outer ? p->mod_scope : -1, outer ? p->mod_lex : fn->parent};
  }
  return MBE_OK;
}

// function g = f(mods): f's parts with g's modifiers
static MbeStatus fn_parts(Cx* c, const MbeClass* fn, FnParts* p, int depth);

static MbeStatus fn_short(Cx* c, const MbeClass* fn, FnParts* p, int depth) {
  MbeMech* m = c->m;
  const MbeClass* target = NULL;
  MbePredef pd = MBE_PREDEF_NONE;
  if (fn->short_der) {
    return mbe_error_at(m->err, MBE_ERR_UNSUPPORTED, fn->loc,
                        "a function defined as der(...) is not supported by mbens yet");
  }
  MbeStatus st = fn_short_mods(c, fn, p, depth);
  if (st == MBE_OK) {
    st = mbe_lookup_class(m->flat->spec, fn->parent ? fn->parent : &m->flat->spec->root,
                          &fn->short_base, fn->short_base.nparts, &target, &pd, m->err);
  }
  if (st == MBE_OK && (!target || target->restriction != MBE_CLASS_FUNCTION)) {
    st = mbe_error_at(m->err, MBE_ERR_MODEL, fn->loc, "%s is not defined as a function", fn->name);
  }
  return st == MBE_OK ? fn_parts(c, target, p, depth + 1) : st;
}

static MbeStatus add_entry(Cx* c, FnParts* p, const MbeComp* k, const MbeClass* lex,
                           const MbeComp* top, const char* field) {
  if (p->ncomps == MAX_FN_VARS) {
    return mbe_error_at(c->m->err, MBE_ERR_UNSUPPORTED, k->loc,
                        "more than 64 variables in a function");
  }
  size_t i = p->ncomps++;
  p->comps[i] = k;
  p->lex[i] = lex;
  p->tops[i] = top;
  p->fields[i] = field;
  p->names[i] = field ? mbe_arena_printf(c->m->arena, "%s.%s", top->name, field) : top->name;
  return p->names[i] ? MBE_OK : mbe_error_set(c->m->err, MBE_ERR_NOMEM, "out of memory");
}

// variable k of fn: one entry, or one per field of a record (Frames.Orientation: T, w)
static MbeStatus add_var(Cx* c, FnParts* p, const MbeComp* k, const MbeClass* fn) {
  const MbeClass* cls = NULL;
  MbePredef pd = MBE_PREDEF_NONE;
  MbeError scratch;
  if (mbe_lookup_class_opt(c->m->flat->spec, fn, &k->type, k->type.nparts, &cls, &pd, &scratch) !=
          MBE_OK ||
      !cls || cls->restriction != MBE_CLASS_RECORD) {
    return add_entry(c, p, k, fn, k, NULL);
  }
  if (k->ndims || k->ntype_dims || cls->is_short || cls->nextends) {
    return mbe_error_at(c->m->err, MBE_ERR_UNSUPPORTED, k->loc,
                        "this record variable of a function (%s) is not supported by mbens yet",
                        k->name);
  }
  for (size_t i = 0; i < cls->ncomps; i++) {
    MbeStatus st = add_entry(c, p, &cls->comps[i], cls, k, cls->comps[i].name);
    if (st != MBE_OK) {
      return st;
    }
  }
  return MBE_OK;
}

// the components and algorithm sections of a function and of the functions it extends
static MbeStatus fn_parts(Cx* c, const MbeClass* fn, FnParts* p, int depth) {
  MbeMech* m = c->m;
  MbeStatus st;
  if (depth > 8) {
    return mbe_error_at(m->err, MBE_ERR_MODEL, fn->loc, "extends clauses of %s form a cycle",
                        fn->name);
  }
  if (fn->is_short) {
    return fn_short(c, fn, p, depth);
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
    if ((st = add_var(c, p, k, fn)) != MBE_OK) {
      return st;
    }
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

// the elements of all variables, in order: saved into buf (save) or loaded from it
static size_t env_copy(Env* env, MbeSymId* buf, bool save) {
  size_t k = 0;
  for (size_t i = 0; i < env->n; i++) {
    Val* v = &env->vals[i];
    for (int j = 0; v->el && j < numel(&v->sh); j++, k++) {
      if (buf && save) {
        buf[k] = v->el[j];
      } else if (buf) {
        v->el[j] = buf[k];
      }
    }
  }
  return k;
}

// both sides of an if whose condition varies: each variable becomes SELECT(cond, a, b)
static MbeStatus exec_merge(Cx* fc, const MbeStmtBranch* br, size_t nbr, MbeSymId cond) {
  Env* env = fc->env;
  size_t total = env_copy(env, NULL, true);
  MbeSymId* before = mbe_arena_alloc(fc->m->arena, (total ? total : 1) * sizeof *before);
  MbeSymId* then = mbe_arena_alloc(fc->m->arena, (total ? total : 1) * sizeof *then);
  if (!before || !then) {
    return mbe_error_set(fc->m->err, MBE_ERR_NOMEM, "out of memory");
  }
  env_copy(env, before, true);
  Flow flow = FLOW_ON;
  MbeStatus st = exec_list(fc, br[0].body, br[0].nbody, &flow);
  env_copy(env, then, true);
  env_copy(env, before, false);
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
  MbeSymId* after = before;  // before is no longer needed
  env_copy(env, after, true);
  for (size_t k = 0; st == MBE_OK && k < total; k++) {
    MbeSymId a = then[k], b = after[k];
    after[k] = a == MBE_SYM_NONE || b == MBE_SYM_NONE
                   ? MBE_SYM_NONE
                   : (a == b ? a : mbe_sym_op(fc->m->s, MBE_SYM_SELECT, cond, a, b));
  }
  env_copy(env, after, false);
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
  MbeSymId* it = mbe_arena_alloc(fc->m->arena, sizeof *it);
  if (!it) {
    return mbe_error_set(fc->m->err, MBE_ERR_NOMEM, "out of memory");
  }
  env->names[slot] = stm->iters[0].ident;
  env->vals[slot] = (Val){{0, {0, 0}}, it};
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
    *it = mbe_sym_const(fc->m->s, i);
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

// A while loop whose condition varies: MAX_WHILE passes of `if cond then body end if`, each
// merging the body's values under the condition (once it is false the values no longer change,
// so neither does it); a member whose condition still holds after them stops with newton-fail,
// as a solve that did not converge
static MbeStatus exec_while_varying(Cx* fc, const MbeStatement* stm, MbeSymId cond) {
  MbeStatus st = MBE_OK;
  double v = 1;
  for (int it = 0; it < MAX_WHILE && st == MBE_OK; it++) {
    st = exec_merge(fc, &stm->branches[0], 1, cond);
    if (st == MBE_OK) {
      st = compile(fc, stm->branches[0].cond, &cond);
    }
    if (st == MBE_OK && is_const(fc->m, cond, &v) && v == 0) {
      return MBE_OK;
    }
  }
  if (st != MBE_OK) {
    return st;
  }
  MbeSym* s = fc->m->s;
  MbeSymId bad = mbe_sym_op(s, MBE_SYM_SELECT, cond, mbe_sym_const(s, 1), mbe_sym_const(s, -1));
  fc->m->fail = fc->m->fail ? mbe_sym_op(s, MBE_SYM_MAX, fc->m->fail, bad, 0) : bad;
  return MBE_OK;
}

static MbeStatus exec_while(Cx* fc, const MbeStatement* stm, Flow* flow) {
  MbeStatus st = MBE_OK;
  for (size_t count = 0; st == MBE_OK; count++) {
    MbeSymId cond;
    double v;
    if ((st = compile(fc, stm->branches[0].cond, &cond)) != MBE_OK) {
      break;
    }
    if (!is_const(fc->m, cond, &v)) {
      return exec_while_varying(fc, stm, cond);
    }
    if (v == 0) {
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

static MbeStatus assign_to(Cx* fc, const MbeStatement* stm, Val* dst);

// R := e of a record variable R: each field from e's
static MbeStatus assign_record(Cx* fc, const MbeStatement* stm) {
  char buf[256];
  Env* env = fc->env;
  const char* keep = fc->field;
  joined_name(&stm->lhs->name, NULL, buf, sizeof buf);
  size_t len = strlen(buf);
  MbeStatus st = MBE_OK;
  // every field is compiled before the first is written (R := f(R))
  MbeSymId** old = mbe_arena_alloc(fc->m->arena, (env->n + 1) * sizeof *old);
  if (!old) {
    return mbe_error_set(fc->m->err, MBE_ERR_NOMEM, "out of memory");
  }
  for (size_t i = 0; i < env->n && st == MBE_OK; i++) {
    Val* v = &env->vals[i];
    old[i] = NULL;
    if (strncmp(env->names[i], buf, len) != 0 || env->names[i][len] != '.') {
      continue;
    }
    Val tmp = {v->sh, mbe_arena_alloc(fc->m->arena, (size_t)numel(&v->sh) * sizeof *tmp.el)};
    if (!tmp.el) {
      return mbe_error_set(fc->m->err, MBE_ERR_NOMEM, "out of memory");
    }
    fc->field = env->names[i] + len + 1;
    st = assign_to(fc, stm, &tmp);
    old[i] = tmp.el;
  }
  fc->field = keep;
  for (size_t i = 0; i < env->n && st == MBE_OK; i++) {
    if (old[i]) {
      memcpy(env->vals[i].el, old[i], (size_t)numel(&env->vals[i].sh) * sizeof *old[i]);
    }
  }
  return st;
}

// x := e, x[i] := e, A[i, j] := e, R := e, R.T := e to a variable of the function
static MbeStatus exec_assign(Cx* fc, const MbeStatement* stm) {
  const MbeExpr* l = stm->lhs;
  Val* dst = l->kind == MBE_EX_NAME ? find_local(fc->env, &l->name, NULL) : NULL;
  if (!dst && l->kind == MBE_EX_NAME && is_local_record(fc->env, &l->name)) {
    return assign_record(fc, stm);
  }
  if (!dst || !dst->el) {
    return unsupported(fc, l,
                       "an assignment to something other than a variable of the "
                       "function");
  }
  return assign_to(fc, stm, dst);
}

// the assignment stm into dst (its element the subscripts of the left side select), with fc's
// field of a record value
static MbeStatus assign_to(Cx* fc, const MbeStatement* stm, Val* dst) {
  const MbeExpr* l = stm->lhs;
  const MbeNamePart* last = &l->name.parts[l->name.nparts - 1];
  MbeStatus st;
  if (last->nsubs) {
    int k = 0;
    if ((int)last->nsubs != dst->sh.ndims) {
      return unsupported(fc, l, "an assignment to part of an array");
    }
    MbeSymId v;
    if ((st = local_index(fc, l, dst, &k)) == MBE_OK &&
        (st = compile_field_at(fc, stm->rhs, NULL, -1, &v)) == MBE_OK) {
      dst->el[k] = v;
    }
    return st;
  }
  Shape rs;
  if ((st = shape_of(fc, stm->rhs, &rs)) != MBE_OK) {
    return st;
  }
  int n = numel(&dst->sh);
  if (rs.ndims != dst->sh.ndims || numel(&rs) != n) {
    return mbe_error_at(fc->m->err, MBE_ERR_MODEL, stm->rhs->loc,
                        "'%s' has %d element%s, the value assigned %d%s", last->ident, n,
                        n == 1 ? "" : "s", numel(&rs), rs.ndims ? "" : " (a scalar)");
  }
  // the right side reads the old values (v := v/2): all of them before the first is written
  MbeSymId* tmp = mbe_arena_alloc(fc->m->arena, (size_t)n * sizeof *tmp);
  if (!tmp) {
    return mbe_error_set(fc->m->err, MBE_ERR_NOMEM, "out of memory");
  }
  for (int k = 0; k < n; k++) {
    if ((st = compile_at(fc, stm->rhs, rs.ndims ? k : -1, &tmp[k])) != MBE_OK) {
      return st;
    }
  }
  memcpy(dst->el, tmp, (size_t)n * sizeof *tmp);
  return MBE_OK;
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
      case MBE_ST_BREAK:
        *flow = FLOW_BREAK;
        r = MBE_OK;
        break;
      case MBE_ST_RETURN:
        *flow = FLOW_RETURN;
        r = MBE_OK;
        break;
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

// what a call gives a function: values already compiled for its first inputs (given), then the
// call's own arguments
typedef struct Args {
  const MbeExpr* call;  // NULL: no call expression
  const Val* given;
  size_t ngiven;
  MbeLoc loc;  // where errors about the call point
} Args;

// the type's own dimensions of a declaration (type Axis = Real[3]) after its written ones
static MbeStatus type_dims(Cx* fc, const FnParts* p, size_t i, const MbeExpr** dims, int* nd) {
  const MbeComp* k = p->comps[i];
  const MbeClass* cls = NULL;
  MbePredef pd = MBE_PREDEF_NONE;
  MbeError scratch;
  const MbeSpec* spec = fc->m->flat->spec;
  MbeStatus st =
      mbe_lookup_class_opt(spec, p->lex[i], &k->type, k->type.nparts, &cls, &pd, &scratch);
  for (int depth = 0; st == MBE_OK && cls && depth < 8; depth++) {
    if (cls->restriction == MBE_CLASS_RECORD || cls->ncomps) {
      return mbe_error_at(fc->m->err, MBE_ERR_UNSUPPORTED, k->loc,
                          "a record variable of a function (%s) is not supported by mbens yet",
                          k->name);
    }
    if (!cls->is_short || cls->is_enumeration) {
      break;
    }
    for (size_t d = 0; d < cls->nshort_dims && *nd < 4; d++) {
      dims[(*nd)++] = cls->short_dims[d];
    }
    const MbeClass* next = NULL;
    st = mbe_lookup_class_opt(spec, cls->parent ? cls->parent : &spec->root, &cls->short_base,
                              cls->short_base.nparts, &next, &pd, &scratch);
    cls = next;
  }
  return MBE_OK;
}

// the declared shape of variable i (x[3], Real[3] x, Axis x), its dimensions evaluated in the
// function; a ':' takes the size of `given`, the shape of the value bound to it, which must fit
static MbeStatus decl_shape(Cx* fc, const FnParts* p, size_t i, const Shape* given, MbeLoc at,
                            Shape* out) {
  const MbeComp* k = p->comps[i];
  const MbeExpr* dims[8];
  int nd = 0;
  for (size_t d = 0; d < k->ndims && nd < 4; d++) {
    dims[nd++] = k->dims[d];
  }
  for (size_t d = 0; d < k->ntype_dims && nd < 4; d++) {
    dims[nd++] = k->type_dims[d];
  }
  MbeStatus st = type_dims(fc, p, i, dims, &nd);
  if (st == MBE_OK && nd > 2) {
    st = mbe_error_at(fc->m->err, MBE_ERR_UNSUPPORTED, k->loc,
                      "an array of more than two dimensions (%s) is not supported by mbens yet",
                      k->name);
  }
  *out = (Shape){nd, {0, 0}};
  for (int d = 0; st == MBE_OK && d < nd; d++) {
    double v = 0;
    if (dims[d]->kind == MBE_EX_COLON) {
      if (!given || given->ndims != nd) {
        return mbe_error_at(fc->m->err, MBE_ERR_MODEL, k->loc,
                            "the size of %s is not known: nothing gives it a value", k->name);
      }
      v = given->dims[d];
    } else {
      st = const_value(fc, dims[d], "an array size", &v);
    }
    out->dims[d] = (int)v;
  }
  if (st == MBE_OK && given && (given->ndims != nd || numel(given) != numel(out))) {
    st = mbe_error_at(fc->m->err, MBE_ERR_MODEL, at,
                      "%s of the function has %d element%s%s, the value given to it %d%s", k->name,
                      numel(out), numel(out) == 1 ? "" : "s", nd ? "" : " (a scalar)", numel(given),
                      given->ndims ? "" : " (a scalar)");
  }
  return st;
}

// the source of variable i's value: the call's argument (in the caller's context c), a short
// definition's modifier (in its own, *mc), the declaration's binding (the function's), or none
static const MbeExpr* var_source(Cx* c, Cx* fc, Cx* mc, const Args* a, const FnParts* p, size_t i,
                                 size_t pos, const Val** given, Cx** sc) {
  const MbeComp* k = p->tops[i];
  *given = NULL;
  if (k->causality == MBE_CAUS_INPUT && pos < a->ngiven) {
    *given = &a->given[pos];
    return NULL;
  }
  const MbeExpr* call = a->call;
  *sc = c;
  if (k->causality == MBE_CAUS_INPUT && call && pos - a->ngiven < call->nargs) {
    return call->args[pos - a->ngiven];
  }
  for (size_t j = 0; k->causality == MBE_CAUS_INPUT && call && j < call->nnamed; j++) {
    if (strcmp(call->named[j].ident, k->name) == 0) {
      return call->named[j].value;
    }
  }
  for (size_t j = 0; j < p->nmods; j++) {
    if (strcmp(p->mods[j].name, k->name) == 0) {
      *mc =
          (Cx){fc->m, fc->fl, p->mods[j].scope, p->mods[j].lex, NULL, NULL, NULL, fc->depth, false,
               -1,    NULL,   fc->no_events};
      *sc = mc;
      return p->mods[j].value;
    }
  }
  *sc = fc;
  return k->binding;  // a record's binding gives its fields (Orientation R = nullRotation())
}

// variable i's shape and, with values, its elements from its source
static MbeStatus bind_var(Cx* c, Cx* fc, const Args* a, const FnParts* p, size_t i, size_t pos,
                          bool values) {
  const MbeComp* k = p->tops[i];
  const char* field = p->fields[i];
  Val* v = &fc->env->vals[i];
  const Val* given;
  Cx mc, *sc = fc;
  const MbeExpr* src = var_source(c, fc, &mc, a, p, i, pos, &given, &sc);
  Shape gs;
  MbeStatus st = src ? shape_field(sc, src, field, &gs) : MBE_OK;
  if (st != MBE_OK || (st = decl_shape(fc, p, i,
                                       given ? &given->sh
                                       : src ? &gs
                                             : NULL,
                                       src ? src->loc : a->loc, &v->sh)) != MBE_OK) {
    return st;
  }
  if (!given && !src && k->causality == MBE_CAUS_INPUT) {
    return mbe_error_at(c->m->err, MBE_ERR_MODEL, a->loc, "the call gives no value for input %s",
                        k->name);
  }
  if (!values) {
    return MBE_OK;
  }
  int n = numel(&v->sh);
  v->el = mbe_arena_alloc(c->m->arena, (size_t)n * sizeof *v->el);
  if (!v->el) {
    return mbe_error_set(c->m->err, MBE_ERR_NOMEM, "out of memory");
  }
  for (int j = 0; j < n; j++) {
    v->el[j] = given ? given->el[j] : MBE_SYM_NONE;
    if (src && (st = compile_field_at(sc, src, field, v->sh.ndims ? j : -1, &v->el[j])) != MBE_OK) {
      return st;
    }
  }
  return MBE_OK;
}

// the variables in declaration order: the inputs from the call, then defaults and bindings; with
// values false only their shapes (the shape of a call's output)
static MbeStatus bind_vars(Cx* c, Cx* fc, const Args* a, const FnParts* p, bool values) {
  size_t pos = 0;
  for (size_t i = 0; i < p->nmods; i++) {
    bool known = false;
    for (size_t j = 0; j < p->ncomps; j++) {
      known = known || strcmp(p->tops[j]->name, p->mods[i].name) == 0;
    }
    if (!known) {
      return mbe_error_at(c->m->err, MBE_ERR_MODEL, p->mods[i].value->loc,
                          "the function has no variable '%s' to modify", p->mods[i].name);
    }
  }
  for (size_t i = 0; i < p->ncomps; i++) {
    MbeStatus st = bind_var(c, fc, a, p, i, pos, values);
    if (st != MBE_OK) {
      return st;
    }
    bool last = i + 1 == p->ncomps || p->tops[i + 1] != p->tops[i];  // a record's last field
    pos += last && p->tops[i]->causality == MBE_CAUS_INPUT;
  }
  size_t nargs = a->ngiven + (a->call ? a->call->nargs : 0);
  if (pos < nargs) {
    return mbe_error_at(c->m->err, MBE_ERR_MODEL, a->loc,
                        "the function takes %zu inputs, the call gives more", pos);
  }
  return MBE_OK;
}

// fn's first output (its field c->field when the caller wants a record's), all assigned
static MbeStatus fn_output(Cx* c, const MbeClass* fn, const FnParts* p, const Env* env, bool values,
                           Val* out) {
  const MbeComp* top = NULL;
  for (size_t i = 0; i < p->ncomps; i++) {
    if (p->tops[i]->causality != MBE_CAUS_OUTPUT || (top && p->tops[i] != top)) {
      continue;
    }
    top = p->tops[i];
    const char* f = p->fields[i];
    if (c->field ? !f || strcmp(f, c->field) != 0 : f != NULL) {
      continue;
    }
    *out = env->vals[i];
    for (int j = 0; values && j < numel(&out->sh); j++) {
      if (out->el[j] == MBE_SYM_NONE) {
        return mbe_error_at(c->m->err, MBE_ERR_MODEL, p->comps[i]->loc,
                            "function %s does not assign its output %s", fn->name, p->names[i]);
      }
    }
    return MBE_OK;
  }
  if (top) {
    return mbe_error_at(c->m->err, MBE_ERR_MODEL, top->loc,
                        c->field ? "the output %s of %s is no record with a field %s"
                                 : "the output %s of %s is a record where a value is needed",
                        top->name, fn->name, c->field);
  }
  return mbe_error_at(c->m->err, MBE_ERR_MODEL, fn->loc, "function %s has no output", fn->name);
}

// fn's first output for the arguments a (only its shape when values is false); a short
// definition's modifiers are written in class mod_lex of instance mod_scope (NULL: fn's package)
static MbeStatus run_function(Cx* c, const MbeClass* fn, const Args* a, int mod_scope,
                              const MbeClass* mod_lex, bool values, Val* out) {
  MbeMech* m = c->m;
  if (c->depth >= MAX_CALL_DEPTH) {
    return mbe_error_at(m->err, MBE_ERR_UNSUPPORTED, a->loc,
                        "a recursive function (or calls nested more than 16 deep) is not "
                        "supported by mbens yet");
  }
  FnParts* p = mbe_arena_alloc(m->arena, sizeof *p);
  Env* env = mbe_arena_alloc(m->arena, sizeof *env);
  if (!p || !env) {
    return mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
  }
  memset(p, 0, sizeof *p);
  p->mod_scope = mod_scope;
  p->mod_lex = mod_lex;
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
    env->names[i] = i < p->ncomps ? p->names[i] : "";
    env->vals[i] = (Val){{0, {0, 0}}, NULL};
  }
  env->n = p->ncomps;
  env->cap = room;
  Cx fc = {m, c->fl, -1, fn, NULL, NULL, env, c->depth + 1, false, -1, NULL, c->no_events};
  if ((st = bind_vars(c, &fc, a, p, values)) != MBE_OK) {
    return st;
  }
  Flow flow = FLOW_ON;
  for (size_t i = 0; values && i < p->nalgs && flow == FLOW_ON; i++) {
    if ((st = exec_list(&fc, p->algs[i]->stmts, p->algs[i]->nstmts, &flow)) != MBE_OK) {
      return st;
    }
  }
  return fn_output(c, fn, p, env, values, out);
}

static MbeStatus inline_call(Cx* c, const MbeExpr* e, const MbeClass* fn, Val* out) {
  Args a = {e, NULL, 0, e->loc};
  return run_function(c, fn, &a, -1, NULL, true, out);
}

// the shape of a call's output, from its declaration and the arguments' shapes
static MbeStatus call_shape(Cx* c, const MbeExpr* e, const MbeClass* fn, Shape* out) {
  Args a = {e, NULL, 0, e->loc};
  Val v;
  MbeStatus st = run_function(c, fn, &a, -1, NULL, false, &v);
  *out = st == MBE_OK ? v.sh : (Shape){0};
  return st;
}

// ---- shapes -----------------------------------------------------------------------------

static MbeStatus too_many_dims(Cx* c, const MbeExpr* e) {
  return unsupported(c, e, "an array of more than two dimensions");
}

// the dimensions of zeros(n, m), ones(n, m), fill(x, n, m) from their arguments from first
static MbeStatus shape_dims(Cx* c, const MbeExpr* e, size_t first, Shape* out) {
  if (e->nargs - first > 2) {
    return too_many_dims(c, e);
  }
  for (size_t i = first; i < e->nargs; i++) {
    double v;
    MbeStatus st = const_value(c, e->args[i], "an array size", &v);
    if (st != MBE_OK) {
      return st;
    }
    out->dims[out->ndims++] = (int)v;
  }
  return MBE_OK;
}

static bool is_fn(const char* f, const char* const* names) {
  for (size_t i = 0; f && names[i]; i++) {
    if (strcmp(f, names[i]) == 0) {
      return true;
    }
  }
  return false;
}

// the built-in functions that apply element by element to an array argument
static const char* const ELEMENTWISE[] = {"abs",  "sqrt", "sin",  "cos", "tan",     "asin",
                                          "acos", "atan", "exp",  "log", "log10",   "sinh",
                                          "cosh", "tanh", "sign", "der", "noEvent", NULL};

static MbeStatus shape_call(Cx* c, const MbeExpr* e, Shape* out) {
  const MbeClass* fn = find_function(c, e);
  if (fn && fn->restriction == MBE_CLASS_RECORD) {
    const MbeExpr* arg;
    MbeStatus st = c->field ? ctor_arg(c, e, fn, &arg) : MBE_OK;
    return st == MBE_OK && c->field ? shape_field(c, arg, NULL, out) : st;
  }
  if (fn) {
    return call_shape(c, e, fn, out);
  }
  const MbeExpr* actual = homotopy_actual(e);
  if (actual != NULL) {
    return shape_of(c, actual, out);
  }
  const char* f = fn_name(e);
  size_t n = e->nargs;
  Shape a = {0};
  if (!f || e->nnamed || e->niters || n == 0) {
    return MBE_OK;
  }
  if ((strcmp(f, "zeros") == 0 || strcmp(f, "ones") == 0)) {
    return shape_dims(c, e, 0, out);
  }
  if (strcmp(f, "fill") == 0) {
    return shape_dims(c, e, 1, out);
  }
  if (strcmp(f, "identity") == 0 && n == 1) {
    MbeStatus st = shape_dims(c, e, 0, out);
    *out = (Shape){2, {out->dims[0], out->dims[0]}};
    return st;
  }
  if (strcmp(f, "cross") == 0 && n == 2) {
    *out = (Shape){1, {3, 0}};
    return MBE_OK;
  }
  bool smooth = strcmp(f, "smooth") == 0 && n == 2;
  bool transpose = strcmp(f, "transpose") == 0 && n == 1;
  if (!smooth && !transpose && !(n == 1 && is_fn(f, ELEMENTWISE)) &&
      !(strcmp(f, "size") == 0 && n == 1)) {
    return MBE_OK;  // a scalar
  }
  MbeStatus st = shape_of(c, e->args[n - 1], &a);
  if (f[0] == 's' && f[1] == 'i' && f[2] == 'z') {
    *out = (Shape){1, {a.ndims, 0}};  // size(a)
  } else if (transpose) {
    *out = (Shape){a.ndims, {a.dims[1], a.dims[0]}};
  } else {
    *out = a;
  }
  return st;
}

static MbeStatus shape_name(Cx* c, const MbeExpr* e, Shape* out) {
  const MbeName* n = &e->name;
  const Val* local = find_local(c->env, n, c->field);
  if (local) {
    int nsubs = (int)n->parts[n->nparts - 1].nsubs;
    if (nsubs == 0 || nsubs == local->sh.ndims) {
      *out = nsubs ? (Shape){0} : local->sh;
    } else if (nsubs == 1 && local->sh.ndims == 2) {
      *out = (Shape){1, {local->sh.dims[1], 0}};  // a matrix's row
    }
    return MBE_OK;
  }
  for (size_t i = 0; i < n->nparts; i++) {
    if (n->parts[i].nsubs) {
      return MBE_OK;  // an element (element() checks the subscripts)
    }
  }
  if (n->nparts == 1 && strcmp(n->parts[0].ident, "time") == 0) {
    return MBE_OK;
  }
  MbeRef ref;
  MbeStatus st = mbe_flatten_resolve(c->fl, n, c->scope, c->lex, &ref, c->m->err);
  if (st != MBE_OK) {
    return st;
  }
  int nd = 0;
  const int* dims = NULL;
  if (c->field && ref.kind == MBE_REF_INST && ref.index >= 0) {
    // a record instance's field (record_field checks the rest)
    const char* name =
        mbe_arena_printf(c->m->arena, "%s.%s", c->m->flat->insts[ref.index].name, c->field);
    ref.index = name ? mbe_mech_var(c->m, name) : -1;
    ref.kind = ref.index >= 0 ? MBE_REF_VAR : MBE_REF_INST;
    ref.nparts_used = n->nparts;
  }
  if (ref.kind == MBE_REF_CONST || ref.kind == MBE_REF_ENUM) {
    nd = ref.value.ndims;
    dims = ref.value.dims;
  } else if (ref.kind == MBE_REF_VAR && ref.nparts_used == n->nparts) {
    nd = c->m->flat->vars[ref.index].ndims;
    dims = c->m->flat->vars[ref.index].dims;
  }
  if (nd > 2) {
    return too_many_dims(c, e);
  }
  out->ndims = nd;
  for (int d = 0; d < nd; d++) {
    out->dims[d] = dims[d];
  }
  return MBE_OK;
}

// a op b: a product of arrays as compile_matmul, the rest element by element
static MbeStatus shape_binary(Cx* c, const MbeExpr* e, Shape* out) {
  Shape a, b;
  MbeStatus st = shape_of(c, e->args[0], &a);
  if (st == MBE_OK) {
    st = shape_of(c, e->args[1], &b);
  }
  if (st != MBE_OK) {
    return st;
  }
  if (e->op == MBE_OP_MUL && a.ndims && b.ndims) {
    out->ndims = 0;
    if (a.ndims == 2) {
      out->dims[out->ndims++] = a.dims[0];
    }
    if (b.ndims == 2) {
      out->dims[out->ndims++] = b.dims[1];
    }
    return MBE_OK;
  }
  if (a.ndims && b.ndims && (a.ndims != b.ndims || numel(&a) != numel(&b))) {
    return mbe_error_at(c->m->err, MBE_ERR_MODEL, e->loc,
                        "the operands of this operation have %d and %d elements", numel(&a),
                        numel(&b));
  }
  *out = a.ndims ? a : b;
  return MBE_OK;
}

static MbeStatus shape_array(Cx* c, const MbeExpr* e, Shape* out) {
  Shape in = {0};
  MbeStatus st = e->nargs && !e->niters ? shape_of(c, e->args[0], &in) : MBE_OK;
  if (st != MBE_OK || e->niters || !e->nargs) {
    return st;  // compile refuses what has no shape here
  }
  if (in.ndims > 1) {
    return too_many_dims(c, e);
  }
  *out = (Shape){in.ndims + 1, {(int)e->nargs, in.dims[0]}};
  return MBE_OK;
}

static MbeStatus shape_of(Cx* c, const MbeExpr* e, Shape* out) {
  *out = (Shape){0};
  switch (e->kind) {
    case MBE_EX_NAME: return shape_name(c, e, out);
    case MBE_EX_PAREN:
    case MBE_EX_UNARY: return shape_of(c, e->args[0], out);
    case MBE_EX_BINARY: return shape_binary(c, e, out);
    case MBE_EX_IF: return shape_of(c, e->args[1], out);
    case MBE_EX_CALL: return shape_call(c, e, out);
    case MBE_EX_ARRAY: return shape_array(c, e, out);
    default: return MBE_OK;
  }
}

// the length of the vector e (0: a scalar)
static MbeStatus vec_size(Cx* c, const MbeExpr* e, int* n) {
  Shape sh;
  MbeStatus st = shape_of(c, e, &sh);
  if (st == MBE_OK && sh.ndims > 1) {
    st = unsupported(c, e, "a matrix");
  }
  *n = st == MBE_OK && sh.ndims == 1 ? sh.dims[0] : 0;
  return st;
}

MbeStatus mbe_mech_expr_size(MbeMech* m, const MbeExpr* e, int scope, const MbeClass* lex, int* n) {
  Cx c = {m, mbe_mech_flatten_ctx(m), scope, lex, NULL, NULL, NULL, 0, false, -1, NULL, 0};
  if (!c.fl) {
    return mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
  }
  *n = 0;
  return vec_size(&c, e, n);
}

MbeStatus mbe_mech_expr_field(MbeMech* m, const MbeExpr* e, int scope, const MbeClass* lex,
                              MbeMechNameFn* name, void* ctx, const char* field, int sel,
                              MbeSymId* out) {
  Cx c = {m,     mbe_mech_flatten_ctx(m), scope, lex, name, ctx, NULL, 0, false, sel,
          field, m->expr_no_events};
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

MbeStatus mbe_mech_expr_elem(MbeMech* m, const MbeExpr* e, int scope, const MbeClass* lex,
                             MbeMechNameFn* name, void* ctx, int sel, MbeSymId* out) {
  return mbe_mech_expr_field(m, e, scope, lex, name, ctx, NULL, sel, out);
}

MbeStatus mbe_mech_expr(MbeMech* m, const MbeExpr* e, int scope, const MbeClass* lex,
                        MbeMechNameFn* name, void* ctx, MbeSymId* out) {
  return mbe_mech_expr_elem(m, e, scope, lex, name, ctx, -1, out);
}

MbeStatus mbe_mech_fn_vector(MbeMech* m, const MbeClass* fn, int scope, const MbeClass* lex,
                             const MbeSymId* in, int nin, MbeSymId* out, int nout) {
  Cx c = {m, mbe_mech_flatten_ctx(m), scope, lex, NULL, NULL, NULL, 0, false, -1, NULL, 0};
  if (!c.fl) {
    return mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
  }
  Val given = {{1, {nin, 0}}, (MbeSymId*)in};
  Args a = {NULL, &given, 1, fn->loc};
  Val v;
  MbeStatus st = run_function(&c, fn, &a, scope, lex, true, &v);
  if (st == MBE_OK && (v.sh.ndims != 1 || v.sh.dims[0] != nout)) {
    st = mbe_error_at(m->err, MBE_ERR_MODEL, fn->loc, "%s must output a vector of %d elements",
                      fn->name, nout);
  }
  for (int i = 0; st == MBE_OK && i < nout; i++) {
    out[i] = v.el[i];
  }
  if (st == MBE_OK && m->s->is_oom) {
    st = mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
  }
  return st;
}
