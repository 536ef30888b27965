// SPDX-License-Identifier: Apache-2.0
// Evaluation of parameter expressions: values (scalars and arrays of Real, Integer, Boolean,
// String, enumeration), Modelica operators with array semantics, if-expressions, subscripts and
// ranges, and the built-in functions (Modelica's own and the catalogue functions mbens knows by
// full name, e.g. Modelica.Math.Vectors.normalize, Modelica.Units.Conversions.from_deg).
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "model.h"
#include "sym_math.h"

const char* mbe_base_type_str(MbeBaseType t) {
  static const char* const NAMES[] = {"Real", "Integer", "Boolean", "String", "enumeration"};
  return t < MBE_T_COUNT ? NAMES[t] : "?";
}

MbeStatus mbe_value_alloc(MbeArena* a, MbeValue* v, MbeBaseType type, int ndims, const int* dims,
                          MbeError* err) {
  memset(v, 0, sizeof *v);
  v->type = type;
  v->ndims = ndims;
  size_t n = 1;
  for (int i = 0; i < ndims; i++) {
    v->dims[i] = dims[i];
    n *= (size_t)dims[i];
  }
  v->n = n;
  if (type == MBE_T_STRING) {
    v->str = mbe_arena_alloc(a, (n ? n : 1) * sizeof *v->str);
  } else {
    v->num = mbe_arena_alloc(a, (n ? n : 1) * sizeof *v->num);
  }
  if (!v->str && !v->num) {
    return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory evaluating an expression");
  }
  return MBE_OK;
}

static void print_elem(MbeStrbuf* sb, const MbeValue* v, size_t i) {
  switch (v->type) {
    case MBE_T_REAL: mbe_strbuf_printf(sb, "%.15g", v->num[i]); break;
    case MBE_T_INTEGER: mbe_strbuf_printf(sb, "%.0f", v->num[i]); break;
    case MBE_T_BOOLEAN: mbe_strbuf_puts(sb, v->num[i] != 0 ? "true" : "false"); break;
    case MBE_T_STRING: mbe_strbuf_printf(sb, "\"%s\"", v->str[i]); break;
    case MBE_T_ENUM: {
      size_t k = (size_t)v->num[i];
      if (v->enum_type && k >= 1 && k <= v->enum_type->nliterals) {
        mbe_strbuf_printf(sb, "%s.%s", v->enum_type->name, v->enum_type->literals[k - 1].name);
      } else {
        mbe_strbuf_printf(sb, "%zu", k);
      }
      break;
    }
    default: mbe_strbuf_puts(sb, "?");
  }
}

static void print_rec(MbeStrbuf* sb, const MbeValue* v, int dim, size_t* i) {
  if (dim == v->ndims) {
    print_elem(sb, v, (*i)++);
    return;
  }
  mbe_strbuf_puts(sb, "{");
  for (int k = 0; k < v->dims[dim]; k++) {
    if (k) {
      mbe_strbuf_puts(sb, ", ");
    }
    print_rec(sb, v, dim + 1, i);
  }
  mbe_strbuf_puts(sb, "}");
}

void mbe_value_print(MbeStrbuf* sb, const MbeValue* v) {
  size_t i = 0;
  print_rec(sb, v, 0, &i);
}

// ---- helpers ------------------------------------------------------------------------------

typedef struct Ctx {
  MbeFlatten* fl;
  MbeArena* arena;
  int scope;
  const MbeClass* lex;
  MbeError* err;
  int depth;
  int end_size;  // value of 'end' inside the subscript being evaluated; -1 outside subscripts
} Ctx;

static MbeStatus eval(Ctx* c, const MbeExpr* e, MbeValue* out);

static MbeStatus fail(Ctx* c, const MbeExpr* e, const char* fmt, ...) MBE_PRINTF(3, 4);

static MbeStatus fail(Ctx* c, const MbeExpr* e, const char* fmt, ...) {
  char msg[400];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  return mbe_error_at(c->err, MBE_ERR_MODEL, e->loc, "%s", msg);
}

static MbeStatus alloc(Ctx* c, MbeValue* v, MbeBaseType t, int ndims, const int* dims) {
  return mbe_value_alloc(c->arena, v, t, ndims, dims, c->err);
}

static MbeStatus scalar(Ctx* c, MbeValue* v, MbeBaseType t, double x) {
  MbeStatus st = alloc(c, v, t, 0, NULL);
  if (st == MBE_OK) {
    v->num[0] = x;
  }
  return st;
}

static bool is_numeric(const MbeValue* v) {
  return v->type == MBE_T_REAL || v->type == MBE_T_INTEGER;
}

static bool same_shape(const MbeValue* a, const MbeValue* b) {
  if (a->ndims != b->ndims) {
    return false;
  }
  for (int i = 0; i < a->ndims; i++) {
    if (a->dims[i] != b->dims[i]) {
      return false;
    }
  }
  return true;
}

static void shape_str(const MbeValue* v, char* buf, size_t n) {
  if (v->ndims == 0) {
    snprintf(buf, n, "scalar");
    return;
  }
  size_t k = (size_t)snprintf(buf, n, "[");
  for (int i = 0; i < v->ndims && k < n; i++) {
    k += (size_t)snprintf(buf + k, n - k, "%s%d", i ? "," : "", v->dims[i]);
  }
  if (k < n) {
    snprintf(buf + k, n - k, "]");
  }
}

static MbeStatus need_numeric(Ctx* c, const MbeExpr* e, const MbeValue* v, const char* what) {
  if (!is_numeric(v)) {
    return fail(c, e, "%s needs a number, not a%s %s", what, v->type == MBE_T_ENUM ? "n" : "",
                mbe_base_type_str(v->type));
  }
  return MBE_OK;
}

static MbeStatus need_scalar(Ctx* c, const MbeExpr* e, const MbeValue* v, const char* what) {
  if (v->ndims != 0) {
    char s[48];
    shape_str(v, s, sizeof s);
    return fail(c, e, "%s needs a scalar, not an array %s", what, s);
  }
  return MBE_OK;
}

// the sub-array of v at index k of its first dimension
static MbeStatus subarray(Ctx* c, const MbeValue* v, int k, MbeValue* out) {
  MbeStatus st = alloc(c, out, v->type, v->ndims - 1, v->dims + 1);
  if (st != MBE_OK) {
    return st;
  }
  out->enum_type = v->enum_type;
  size_t stride = out->n;
  for (size_t i = 0; i < stride; i++) {
    if (v->str) {
      out->str[i] = v->str[(size_t)k * stride + i];
    } else {
      out->num[i] = v->num[(size_t)k * stride + i];
    }
  }
  if (v->sym) {
    out->sym = v->sym + (size_t)k * stride;
  }
  return MBE_OK;
}

// ---- expressions of varied parameters -----------------------------------------------------

// The values of parameters that vary per member are numbers (the model's own) and, element by
// element, expressions of the varied parameters in the flat model's DAG. Every operation below
// computes both; one whose result the compiled model needs fixed (an Integer, a comparison, a
// subscript) refuses an operand that varies.

// the DAG of the varied parameters; NULL when nothing varies (then no value has expressions)
static MbeSym* vdag(Ctx* c) {
  MbeFlat* f = mbe_flatten_flat(c->fl);
  return f->nvary ? &f->psym : NULL;
}

// element i of v as a node: its expression, or its number as a constant
static MbeSymId elem_sym(Ctx* c, const MbeValue* v, size_t i) {
  return v->sym ? v->sym[i] : mbe_sym_const(vdag(c), v->num[i]);
}

static MbeStatus sym_alloc(Ctx* c, MbeValue* v) {
  v->sym = mbe_arena_alloc(c->arena, (v->n ? v->n : 1) * sizeof *v->sym);
  return v->sym ? MBE_OK : mbe_error_set(c->err, MBE_ERR_NOMEM, "out of memory");
}

bool mbe_value_varies(const MbeValue* v, const MbeSym* psym, size_t i) {
  return v->sym != NULL && i < v->n && psym->nodes[v->sym[i]].op != MBE_SYM_CONST;
}

// fails when v depends on a varied parameter: `what` needs a value fixed at compile time
static MbeStatus need_fixed(Ctx* c, const MbeExpr* e, const MbeValue* v, const char* what) {
  MbeFlat* f = mbe_flatten_flat(c->fl);
  for (size_t i = 0; v->sym && i < v->n; i++) {
    if (mbe_value_varies(v, &f->psym, i)) {
      char names[300];
      size_t n = mbe_flat_varied_names(f, v->sym[i], names, sizeof names);
      return fail(c, e,
                  "%s needs a value fixed when the model is compiled, but this one depends on "
                  "%s, which %s per member",
                  what, names, n == 1 ? "varies" : "vary");
    }
  }
  return MBE_OK;
}

// a ^ b on nodes, with the numbers x ^ y: integer powers by products, the rest by exp and log
static MbeStatus sym_pow(Ctx* c, const MbeExpr* e, MbeSymId a, MbeSymId b, double x, double y,
                         MbeSymId* out) {
  MbeSym* d = vdag(c);
  if (d->nodes[b].op == MBE_SYM_CONST && y == floor(y) && fabs(y) <= 64) {
    MbeSymId p = mbe_sym_const(d, 1.0);
    for (int k = 0; k < (int)fabs(y); k++) {
      p = mbe_sym_mul(d, p, a);
    }
    if (y < 0) {
      MbeSymId one = mbe_sym_const(d, 1.0);
      p = mbe_sym_div(d, one, p);
    }
    *out = p;
    return MBE_OK;
  }
  if (d->nodes[b].op == MBE_SYM_CONST && y == 0.5) {
    *out = mbe_sym_fn(d, MBE_SYM_SQRT, a);
    return MBE_OK;
  }
  if (!(x > 0)) {
    return fail(c, e, "'^' of a varied value needs a positive base or a whole exponent");
  }
  *out = mbe_sym_op(d, MBE_SYM_POW, a, b, 0);
  return MBE_OK;
}

// the expressions of an array built from the elements of others (copies, transposes, cat):
// out element o is element i of src; out->sym is made on the first element that has one
static MbeStatus sym_take(Ctx* c, MbeValue* out, size_t o, const MbeValue* src, size_t i) {
  if (!src->sym && !out->sym) {
    return MBE_OK;
  }
  if (!out->sym) {
    MbeStatus st = sym_alloc(c, out);
    if (st != MBE_OK) {
      return st;
    }
    for (size_t k = 0; k < out->n; k++) {
      out->sym[k] = mbe_sym_const(vdag(c), out->num[k]);
    }
  }
  out->sym[o] = elem_sym(c, src, i);
  return MBE_OK;
}

// ---- operators ----------------------------------------------------------------------------

// a ^ b as the generated code computes it (sym_pow): whole exponents up to 64 by products in
// order, 0.5 by the square root, the rest by the kernels' pow; so a value computed here and
// the same value varied in the kernel are the same bits
static double num_pow(double a, double b) {
  if (b == floor(b) && fabs(b) <= 64) {
    double p = 1.0;
    for (int k = 0; k < (int)fabs(b); k++) {
      p = k == 0 ? a : p * a;
    }
    return b < 0 ? 1.0 / p : p;
  }
  return b == 0.5 ? mbe_sym_apply(MBE_SYM_SQRT, a, 0, 0) : mbe_sym_apply(MBE_SYM_POW, a, b, 0);
}

static double apply(MbeOp op, double a, double b) {
  switch (op) {
    case MBE_OP_ADD:
    case MBE_OP_EADD: return a + b;
    case MBE_OP_SUB:
    case MBE_OP_ESUB: return a - b;
    case MBE_OP_MUL:
    case MBE_OP_EMUL: return a * b;
    case MBE_OP_DIV:
    case MBE_OP_EDIV: return a / b;
    case MBE_OP_POW:
    case MBE_OP_EPOW: return num_pow(a, b);
    default: return NAN;
  }
}

// element-wise a op b with scalar broadcasting where allowed
static MbeStatus elementwise(Ctx* c, const MbeExpr* e, MbeOp op, const MbeValue* a,
                             const MbeValue* b, MbeValue* out) {
  bool bcast = op != MBE_OP_ADD && op != MBE_OP_SUB;
  const MbeValue* shape = a->ndims ? a : b;
  if (!same_shape(a, b) && !(bcast && (a->ndims == 0 || b->ndims == 0))) {
    char sa[48], sb[48];
    shape_str(a, sa, sizeof sa);
    shape_str(b, sb, sizeof sb);
    return fail(c, e, "'%s' needs operands of the same shape, not %s and %s", mbe_op_str(op), sa,
                sb);
  }
  bool integer = a->type == MBE_T_INTEGER && b->type == MBE_T_INTEGER && op != MBE_OP_DIV &&
                 op != MBE_OP_EDIV && op != MBE_OP_POW && op != MBE_OP_EPOW;
  MbeStatus st = alloc(c, out, integer ? MBE_T_INTEGER : MBE_T_REAL, shape->ndims, shape->dims);
  if (st != MBE_OK) {
    return st;
  }
  for (size_t i = 0; i < out->n; i++) {
    double x = a->num[a->ndims ? i : 0], y = b->num[b->ndims ? i : 0];
    if ((op == MBE_OP_DIV || op == MBE_OP_EDIV) && y == 0) {
      return fail(c, e, "division by zero");
    }
    out->num[i] = apply(op, x, y);
    if (!isfinite(out->num[i]) && isfinite(x) && isfinite(y)) {
      return fail(c, e, "'%s' gives a non-finite result (%g %s %g)", mbe_op_str(op), x,
                  mbe_op_str(op), y);
    }
  }

  // the same on the expressions of varied operands
  if (!a->sym && !b->sym) {
    return MBE_OK;
  }
  MbeSym* d = vdag(c);
  if ((st = sym_alloc(c, out)) != MBE_OK) {
    return st;
  }
  for (size_t i = 0; i < out->n; i++) {
    size_t ia = a->ndims ? i : 0, ib = b->ndims ? i : 0;
    MbeSymId x = elem_sym(c, a, ia);
    MbeSymId y = elem_sym(c, b, ib);
    switch (op) {
      case MBE_OP_ADD:
      case MBE_OP_EADD: out->sym[i] = mbe_sym_add(d, x, y); break;
      case MBE_OP_SUB:
      case MBE_OP_ESUB: out->sym[i] = mbe_sym_sub(d, x, y); break;
      case MBE_OP_MUL:
      case MBE_OP_EMUL: out->sym[i] = mbe_sym_mul(d, x, y); break;
      case MBE_OP_DIV:
      case MBE_OP_EDIV: out->sym[i] = mbe_sym_div(d, x, y); break;
      default:
        if ((st = sym_pow(c, e, x, y, a->num[ia], b->num[ib], &out->sym[i])) != MBE_OK) {
          return st;
        }
    }
  }
  return MBE_OK;
}

// Modelica '*': scalar*array, vector*vector (dot), matrix*vector, vector*matrix, matrix*matrix
static MbeStatus multiply(Ctx* c, const MbeExpr* e, const MbeValue* a, const MbeValue* b,
                          MbeValue* out) {
  if (a->ndims == 0 || b->ndims == 0) {
    return elementwise(c, e, MBE_OP_EMUL, a, b, out);
  }
  MbeBaseType t = a->type == MBE_T_INTEGER && b->type == MBE_T_INTEGER ? MBE_T_INTEGER : MBE_T_REAL;
  int n = a->dims[a->ndims - 1];
  int m = b->dims[0];
  if (a->ndims > 2 || b->ndims > 2 || n != m) {
    char sa[48], sb[48];
    shape_str(a, sa, sizeof sa);
    shape_str(b, sb, sizeof sb);
    return fail(c, e, "'*' cannot multiply %s by %s", sa, sb);
  }
  int rows = a->ndims == 2 ? a->dims[0] : 1;
  int cols = b->ndims == 2 ? b->dims[1] : 1;
  int dims[2] = {0, 0};
  int nd = 0;
  if (a->ndims == 2) {
    dims[nd++] = rows;
  }
  if (b->ndims == 2) {
    dims[nd++] = cols;
  }
  MbeStatus st = alloc(c, out, t, nd, dims);
  if (st != MBE_OK) {
    return st;
  }
  for (int i = 0; i < rows; i++) {
    for (int j = 0; j < cols; j++) {
      double s = 0;
      for (int k = 0; k < n; k++) {
        s += a->num[i * n + k] * b->num[k * cols + j];
      }
      out->num[i * cols + j] = s;
    }
  }
  if (!a->sym && !b->sym) {
    return MBE_OK;
  }
  MbeSym* d = vdag(c);
  if ((st = sym_alloc(c, out)) != MBE_OK) {
    return st;
  }
  for (int i = 0; i < rows; i++) {
    for (int j = 0; j < cols; j++) {
      MbeSymId s = 0;
      for (int k = 0; k < n; k++) {
        MbeSymId x = elem_sym(c, a, (size_t)(i * n + k));
        MbeSymId y = elem_sym(c, b, (size_t)(k * cols + j));
        MbeSymId p = mbe_sym_mul(d, x, y);
        s = k == 0 ? p : mbe_sym_add(d, s, p);
      }
      out->sym[i * cols + j] = s;
    }
  }
  return MBE_OK;
}

static MbeStatus compare(Ctx* c, const MbeExpr* e, MbeOp op, const MbeValue* a, const MbeValue* b,
                         MbeValue* out) {
  if (a->ndims || b->ndims) {
    return fail(c, e, "'%s' compares scalars, not arrays", mbe_op_str(op));
  }
  MbeStatus st;
  if ((st = need_fixed(c, e, a, "a comparison")) != MBE_OK ||
      (st = need_fixed(c, e, b, "a comparison")) != MBE_OK) {
    return st;
  }
  double r;
  if (a->type == MBE_T_STRING || b->type == MBE_T_STRING) {
    if (a->type != b->type) {
      return fail(c, e, "'%s' compares a String with a non-String", mbe_op_str(op));
    }
    int k = strcmp(a->str[0], b->str[0]);
    r = op == MBE_OP_EQ   ? k == 0
        : op == MBE_OP_NE ? k != 0
        : op == MBE_OP_LT ? k < 0
        : op == MBE_OP_LE ? k <= 0
        : op == MBE_OP_GT ? k > 0
                          : k >= 0;
  } else {
    bool num_ok = is_numeric(a) && is_numeric(b);
    bool same = a->type == b->type && (a->type != MBE_T_ENUM || a->enum_type == b->enum_type);
    if (!num_ok && !same) {
      return fail(c, e, "'%s' compares a %s with a %s", mbe_op_str(op), mbe_base_type_str(a->type),
                  mbe_base_type_str(b->type));
    }
    double x = a->num[0], y = b->num[0];
    r = op == MBE_OP_EQ   ? x == y
        : op == MBE_OP_NE ? x != y
        : op == MBE_OP_LT ? x < y
        : op == MBE_OP_LE ? x <= y
        : op == MBE_OP_GT ? x > y
                          : x >= y;
  }
  return scalar(c, out, MBE_T_BOOLEAN, r);
}

static MbeStatus eval_binary(Ctx* c, const MbeExpr* e, MbeValue* out) {
  MbeValue a, b;
  MbeStatus st;
  MbeOp op = e->op;

  // and/or evaluate the right side only when needed
  if (op == MBE_OP_AND || op == MBE_OP_OR) {
    if ((st = eval(c, e->args[0], &a)) != MBE_OK) {
      return st;
    }
    if (a.type != MBE_T_BOOLEAN || a.ndims) {
      return fail(c, e->args[0], "'%s' needs Boolean scalars", mbe_op_str(op));
    }
    if ((op == MBE_OP_AND && a.num[0] == 0) || (op == MBE_OP_OR && a.num[0] != 0)) {
      return scalar(c, out, MBE_T_BOOLEAN, a.num[0]);
    }
    if ((st = eval(c, e->args[1], &b)) != MBE_OK) {
      return st;
    }
    if (b.type != MBE_T_BOOLEAN || b.ndims) {
      return fail(c, e->args[1], "'%s' needs Boolean scalars", mbe_op_str(op));
    }
    return scalar(c, out, MBE_T_BOOLEAN, b.num[0]);
  }
  if ((st = eval(c, e->args[0], &a)) != MBE_OK || (st = eval(c, e->args[1], &b)) != MBE_OK) {
    return st;
  }
  if (op >= MBE_OP_LT && op <= MBE_OP_NE) {
    return compare(c, e, op, &a, &b, out);
  }

  // string concatenation
  if (op == MBE_OP_ADD && a.type == MBE_T_STRING && b.type == MBE_T_STRING && !a.ndims &&
      !b.ndims) {
    if ((st = alloc(c, out, MBE_T_STRING, 0, NULL)) != MBE_OK) {
      return st;
    }
    out->str[0] = mbe_arena_printf(c->arena, "%s%s", a.str[0], b.str[0]);
    return out->str[0] ? MBE_OK : mbe_error_set(c->err, MBE_ERR_NOMEM, "out of memory");
  }
  if ((st = need_numeric(c, e, &a, mbe_op_str(op))) != MBE_OK ||
      (st = need_numeric(c, e, &b, mbe_op_str(op))) != MBE_OK) {
    return st;
  }
  switch (op) {
    case MBE_OP_MUL: return multiply(c, e, &a, &b, out);
    case MBE_OP_DIV:
      if (b.ndims) {
        return fail(c, e, "'/' divides by a scalar; use './' for element-wise division");
      }
      return elementwise(c, e, op, &a, &b, out);
    case MBE_OP_POW:
      if (a.ndims || b.ndims) {
        return fail(c, e, "'^' takes scalars here (matrix powers are not supported); use '.^'");
      }
      if (a.num[0] < 0 && b.num[0] != floor(b.num[0])) {
        return fail(c, e, "%g ^ %g is not a real number", a.num[0], b.num[0]);
      }
      return elementwise(c, e, op, &a, &b, out);
    default: return elementwise(c, e, op, &a, &b, out);
  }
}

// ---- array construction -------------------------------------------------------------------

// {a, b, ...}: a new first dimension; Integer elements widen to Real when mixed
static MbeStatus build_array(Ctx* c, const MbeExpr* e, MbeValue* elems, size_t n, MbeValue* out) {
  if (n == 0) {
    int zero = 0;
    return alloc(c, out, MBE_T_REAL, 1, &zero);
  }
  MbeBaseType t = elems[0].type;
  for (size_t i = 1; i < n; i++) {
    if (elems[i].type != t) {
      if (is_numeric(&elems[i]) && (t == MBE_T_REAL || t == MBE_T_INTEGER)) {
        t = MBE_T_REAL;
      } else {
        return fail(c, e, "array elements of different types (%s and %s)", mbe_base_type_str(t),
                    mbe_base_type_str(elems[i].type));
      }
    }
    if (!same_shape(&elems[0], &elems[i])) {
      return fail(c, e, "array elements of different shapes");
    }
    if (t == MBE_T_ENUM && elems[i].enum_type != elems[0].enum_type) {
      return fail(c, e, "array elements of different enumeration types");
    }
  }
  if (elems[0].ndims + 1 > MBE_MAX_DIMS) {
    return fail(c, e, "arrays of more than %d dimensions are not supported", MBE_MAX_DIMS);
  }
  int dims[MBE_MAX_DIMS] = {0};
  dims[0] = (int)n;
  for (int i = 0; i < elems[0].ndims; i++) {
    dims[i + 1] = elems[0].dims[i];
  }
  MbeStatus st = alloc(c, out, t, elems[0].ndims + 1, dims);
  if (st != MBE_OK) {
    return st;
  }
  out->enum_type = elems[0].enum_type;
  size_t stride = elems[0].n;
  for (size_t i = 0; i < n; i++) {
    for (size_t k = 0; k < stride; k++) {
      if (t == MBE_T_STRING) {
        out->str[i * stride + k] = elems[i].str[k];
      } else {
        out->num[i * stride + k] = elems[i].num[k];
      }
    }
  }
  for (size_t i = 0; i < n; i++) {
    for (size_t k = 0; elems[i].sym && k < stride; k++) {
      if ((st = sym_take(c, out, i * stride + k, &elems[i], k)) != MBE_OK) {
        return st;
      }
    }
  }
  return MBE_OK;
}

static MbeStatus eval_args(Ctx* c, MbeExpr* const* args, size_t n, MbeValue** out) {
  *out = mbe_arena_alloc(c->arena, (n ? n : 1) * sizeof **out);
  if (!*out) {
    return mbe_error_set(c->err, MBE_ERR_NOMEM, "out of memory");
  }
  for (size_t i = 0; i < n; i++) {
    MbeStatus st = eval(c, args[i], &(*out)[i]);
    if (st != MBE_OK) {
      return st;
    }
  }
  return MBE_OK;
}

// [a, b; c, d] for scalar or vector-row elements: rows of equal length
static MbeStatus eval_matrix(Ctx* c, const MbeExpr* e, MbeValue* out) {
  int rows = (int)e->nargs;
  int cols = -1;
  MbeValue** vals = mbe_arena_alloc(c->arena, (size_t)rows * sizeof *vals);
  if (!vals) {
    return mbe_error_set(c->err, MBE_ERR_NOMEM, "out of memory");
  }
  bool real = false;
  for (int r = 0; r < rows; r++) {
    const MbeExpr* row = e->args[r];
    MbeStatus st = eval_args(c, row->args, row->nargs, &vals[r]);
    if (st != MBE_OK) {
      return st;
    }
    int n = 0;
    for (size_t k = 0; k < row->nargs; k++) {
      if (!is_numeric(&vals[r][k]) || vals[r][k].ndims > 1) {
        return fail(c, row->args[k], "matrix elements must be numbers or vectors");
      }
      real = real || vals[r][k].type == MBE_T_REAL;
      n += vals[r][k].ndims ? vals[r][k].dims[0] : 1;
    }
    if (cols >= 0 && n != cols) {
      return fail(c, row, "matrix rows of different lengths (%d and %d)", cols, n);
    }
    cols = n;
  }
  int dims[2] = {rows, cols < 0 ? 0 : cols};
  MbeStatus st = alloc(c, out, real ? MBE_T_REAL : MBE_T_INTEGER, 2, dims);
  if (st != MBE_OK) {
    return st;
  }
  for (int r = 0; r < rows; r++) {
    int j = 0;
    for (size_t k = 0; k < e->args[r]->nargs; k++) {
      for (size_t m = 0; m < vals[r][k].n; m++) {
        out->num[r * dims[1] + j] = vals[r][k].num[m];
        if ((st = sym_take(c, out, (size_t)(r * dims[1] + j), &vals[r][k], m)) != MBE_OK) {
          return st;
        }
        j++;
      }
    }
  }
  return MBE_OK;
}

static MbeStatus eval_range(Ctx* c, const MbeExpr* e, MbeValue* out) {
  MbeValue* v;
  MbeStatus st = eval_args(c, e->args, e->nargs, &v);
  if (st != MBE_OK) {
    return st;
  }
  for (size_t i = 0; i < e->nargs; i++) {
    if ((st = need_numeric(c, e->args[i], &v[i], "a range")) != MBE_OK ||
        (st = need_scalar(c, e->args[i], &v[i], "a range")) != MBE_OK ||
        (st = need_fixed(c, e->args[i], &v[i], "a range")) != MBE_OK) {
      return st;
    }
  }
  double a = v[0].num[0];
  double step = e->nargs == 3 ? v[1].num[0] : 1;
  double b = v[e->nargs - 1].num[0];
  if (step == 0) {
    return fail(c, e, "a range with step 0");
  }
  double cnt = floor((b - a) / step + 1e-12) + 1;
  if (cnt < 0) {
    cnt = 0;
  }
  if (cnt > 1e6) {
    return fail(c, e, "a range of more than 1e6 elements");
  }
  int n = (int)cnt;
  bool integer = true;
  for (size_t i = 0; i < e->nargs; i++) {
    integer = integer && v[i].type == MBE_T_INTEGER;
  }
  if ((st = alloc(c, out, integer ? MBE_T_INTEGER : MBE_T_REAL, 1, &n)) != MBE_OK) {
    return st;
  }
  for (int i = 0; i < n; i++) {
    out->num[i] = a + i * step;
  }
  return MBE_OK;
}

// ---- names and subscripts -----------------------------------------------------------------

// applies subscripts (integers, ':' and Integer vectors) to v
static MbeStatus subscript(Ctx* c, const MbeExpr* where, MbeValue v, MbeExpr* const* subs,
                           size_t nsubs, MbeValue* out) {
  if ((int)nsubs > v.ndims) {
    return fail(c, where, "%zu subscripts on a value with %d dimensions", nsubs, v.ndims);
  }

  // per dimension: the selected indices, and whether the dimension is kept
  int* sel[MBE_MAX_DIMS];
  int nsel[MBE_MAX_DIMS];
  bool keep[MBE_MAX_DIMS];
  for (int d = 0; d < v.ndims; d++) {
    int size = v.dims[d];
    if (d >= (int)nsubs || subs[d]->kind == MBE_EX_COLON) {
      sel[d] = mbe_arena_alloc(c->arena, (size_t)(size ? size : 1) * sizeof(int));
      if (!sel[d]) {
        return mbe_error_set(c->err, MBE_ERR_NOMEM, "out of memory");
      }
      for (int i = 0; i < size; i++) {
        sel[d][i] = i;
      }
      nsel[d] = size;
      keep[d] = true;
      continue;
    }

    // 'end' in a subscript (also inside an expression such as end - 1) is the size of that
    // dimension
    MbeValue s;
    int outer_end = c->end_size;
    c->end_size = size;
    MbeStatus st = eval(c, subs[d], &s);
    c->end_size = outer_end;
    if (st != MBE_OK) {
      return st;
    }
    if (s.type != MBE_T_INTEGER && s.type != MBE_T_ENUM && s.type != MBE_T_BOOLEAN) {
      return fail(c, subs[d], "a subscript must be an Integer");
    }
    if (s.ndims > 1) {
      return fail(c, subs[d], "a subscript must be an Integer or an Integer vector");
    }
    keep[d] = s.ndims == 1;
    nsel[d] = (int)s.n;
    sel[d] = mbe_arena_alloc(c->arena, (s.n ? s.n : 1) * sizeof(int));
    if (!sel[d]) {
      return mbe_error_set(c->err, MBE_ERR_NOMEM, "out of memory");
    }
    for (size_t i = 0; i < s.n; i++) {
      double k = s.num[i];
      if (k < 1 || k > size) {
        return fail(c, subs[d], "index %g is out of range 1..%d", k, size);
      }
      sel[d][i] = (int)k - 1;
    }
  }
  int dims[MBE_MAX_DIMS] = {0};
  int nd = 0;
  for (int d = 0; d < v.ndims; d++) {
    if (keep[d]) {
      dims[nd++] = nsel[d];
    }
  }
  MbeStatus st = alloc(c, out, v.type, nd, dims);
  if (st != MBE_OK) {
    return st;
  }
  out->enum_type = v.enum_type;
  int idx[MBE_MAX_DIMS] = {0};
  for (size_t o = 0; o < out->n; o++) {
    size_t src = 0;
    for (int d = 0; d < v.ndims; d++) {
      src = src * (size_t)v.dims[d] + (size_t)sel[d][idx[d]];
    }
    if (v.str) {
      out->str[o] = v.str[src];
    } else {
      out->num[o] = v.num[src];
    }
    if ((st = sym_take(c, out, o, &v, src)) != MBE_OK) {
      return st;
    }
    for (int d = v.ndims; d-- > 0;) {
      if (++idx[d] < nsel[d]) {
        break;
      }
      idx[d] = 0;
    }
  }
  return MBE_OK;
}

static MbeStatus eval_name(Ctx* c, const MbeExpr* e, MbeValue* out) {
  MbeRef ref;
  MbeStatus st = mbe_flatten_resolve(c->fl, &e->name, c->scope, c->lex, &ref, c->err);
  if (st != MBE_OK) {
    return st;
  }
  MbeValue v;
  switch (ref.kind) {
    case MBE_REF_VAR: {
      MbeFlat* f = mbe_flatten_flat(c->fl);
      if (f->vars[ref.index].variability < MBE_VAR_PARAMETER) {
        return fail(c, e,
                    "'%s' is a variable; a parameter expression can only use parameters and "
                    "constants",
                    f->vars[ref.index].name);
      }
      if ((st = mbe_flatten_var_value(c->fl, ref.index, c->err)) != MBE_OK) {
        return st;
      }
      v = mbe_flatten_flat(c->fl)->vars[ref.index].value;
      break;
    }
    case MBE_REF_CONST:
    case MBE_REF_ENUM: v = ref.value; break;
    case MBE_REF_INST:
      return fail(c, e, "'%s' is a component, not a value",
                  mbe_flatten_flat(c->fl)->insts[ref.index].name);
    default: return fail(c, e, "this name is a class, not a value");
  }
  if (ref.nparts_used != e->name.nparts) {
    return fail(c, e, "'%s' is a value; it has no element '%s'",
                e->name.parts[ref.nparts_used - 1].ident, e->name.parts[ref.nparts_used].ident);
  }
  const MbeNamePart* last = &e->name.parts[e->name.nparts - 1];
  if (last->nsubs) {
    return subscript(c, e, v, last->subs, last->nsubs, out);
  }
  *out = v;
  return MBE_OK;
}

// ---- functions ----------------------------------------------------------------------------

typedef enum Fn {
  FN_ABS,
  FN_SIGN,
  FN_SQRT,
  FN_SIN,
  FN_COS,
  FN_TAN,
  FN_ASIN,
  FN_ACOS,
  FN_ATAN,
  FN_ATAN2,
  FN_SINH,
  FN_COSH,
  FN_TANH,
  FN_EXP,
  FN_LOG,
  FN_LOG10,
  FN_FLOOR,
  FN_CEIL,
  FN_INTEGER,
  FN_MIN,
  FN_MAX,
  FN_SUM,
  FN_PRODUCT,
  FN_FILL,
  FN_ZEROS,
  FN_ONES,
  FN_CAT,
  FN_SIZE,
  FN_NDIMS,
  FN_IDENTITY,
  FN_DIAGONAL,
  FN_TRANSPOSE,
  FN_CROSS,
  FN_SKEW,
  FN_VECTOR,
  FN_SCALAR,
  FN_MOD,
  FN_REM,
  FN_DIV,
  FN_NOEVENT,
  FN_SMOOTH,
  FN_LENGTH,
  FN_NORMALIZE,
  FN_NORMALIZE_ASSERT,
  FN_REL_NODE_POSITIONS,
  FN_FROM_DEG,
  FN_TO_DEG,
  FN_FROM_RPM,
  FN_TO_RPM,
  FN_TO_UNIT1,
  FN_STRING,
  FN_COUNT
} Fn;

typedef struct FnDef {
  const char* name;  // Modelica built-in (one part) or full catalogue name
  Fn fn;
} FnDef;

static const FnDef FUNCTIONS[] = {
    {"abs", FN_ABS},
    {"sign", FN_SIGN},
    {"sqrt", FN_SQRT},
    {"sin", FN_SIN},
    {"cos", FN_COS},
    {"tan", FN_TAN},
    {"asin", FN_ASIN},
    {"acos", FN_ACOS},
    {"atan", FN_ATAN},
    {"atan2", FN_ATAN2},
    {"sinh", FN_SINH},
    {"cosh", FN_COSH},
    {"tanh", FN_TANH},
    {"exp", FN_EXP},
    {"log", FN_LOG},
    {"log10", FN_LOG10},
    {"floor", FN_FLOOR},
    {"ceil", FN_CEIL},
    {"integer", FN_INTEGER},
    {"min", FN_MIN},
    {"max", FN_MAX},
    {"sum", FN_SUM},
    {"product", FN_PRODUCT},
    {"fill", FN_FILL},
    {"zeros", FN_ZEROS},
    {"ones", FN_ONES},
    {"cat", FN_CAT},
    {"size", FN_SIZE},
    {"ndims", FN_NDIMS},
    {"identity", FN_IDENTITY},
    {"diagonal", FN_DIAGONAL},
    {"transpose", FN_TRANSPOSE},
    {"cross", FN_CROSS},
    {"skew", FN_SKEW},
    {"vector", FN_VECTOR},
    {"scalar", FN_SCALAR},
    {"mod", FN_MOD},
    {"rem", FN_REM},
    {"div", FN_DIV},
    {"noEvent", FN_NOEVENT},
    {"smooth", FN_SMOOTH},
    {"String", FN_STRING},
    {"Modelica.Math.sin", FN_SIN},
    {"Modelica.Math.cos", FN_COS},
    {"Modelica.Math.tan", FN_TAN},
    {"Modelica.Math.asin", FN_ASIN},
    {"Modelica.Math.acos", FN_ACOS},
    {"Modelica.Math.atan", FN_ATAN},
    {"Modelica.Math.atan2", FN_ATAN2},
    {"Modelica.Math.sinh", FN_SINH},
    {"Modelica.Math.cosh", FN_COSH},
    {"Modelica.Math.tanh", FN_TANH},
    {"Modelica.Math.exp", FN_EXP},
    {"Modelica.Math.log", FN_LOG},
    {"Modelica.Math.log10", FN_LOG10},
    {"Modelica.Math.Vectors.length", FN_LENGTH},
    {"Modelica.Math.Vectors.norm", FN_LENGTH},
    {"Modelica.Math.Vectors.normalize", FN_NORMALIZE},
    {"Modelica.Math.Vectors.normalizeWithAssert", FN_NORMALIZE_ASSERT},
    {"Modelica.Math.Vectors.relNodePositions", FN_REL_NODE_POSITIONS},
    {"Modelica.Units.Conversions.from_deg", FN_FROM_DEG},
    {"Modelica.Units.Conversions.to_deg", FN_TO_DEG},
    {"Modelica.Units.Conversions.from_rpm", FN_FROM_RPM},
    {"Modelica.Units.Conversions.to_rpm", FN_TO_RPM},
    {"Modelica.Units.Conversions.to_unit1", FN_TO_UNIT1},
    {"Modelica.SIunits.Conversions.from_deg", FN_FROM_DEG},
    {"Modelica.SIunits.Conversions.to_deg", FN_TO_DEG},
    {"Modelica.SIunits.Conversions.from_rpm", FN_FROM_RPM},
    {"Modelica.SIunits.Conversions.to_rpm", FN_TO_RPM},
};

static bool find_fn(const char* name, Fn* out) {
  for (size_t i = 0; i < sizeof FUNCTIONS / sizeof FUNCTIONS[0]; i++) {
    if (strcmp(FUNCTIONS[i].name, name) == 0) {
      *out = FUNCTIONS[i].fn;
      return true;
    }
  }
  return false;
}

static MbeStatus nargs_is(Ctx* c, const MbeExpr* e, size_t lo, size_t hi, const char* fname) {
  if (e->nargs < lo || e->nargs > hi) {
    if (lo == hi) {
      return fail(c, e, "%s takes %zu argument%s, not %zu", fname, lo, lo == 1 ? "" : "s",
                  e->nargs);
    }
    return fail(c, e, "%s takes %zu to %zu arguments, not %zu", fname, lo, hi, e->nargs);
  }
  return MBE_OK;
}

static MbeStatus to_int(Ctx* c, const MbeExpr* e, const MbeValue* v, int lo, int hi, int* out) {
  if (v->ndims || v->type != MBE_T_INTEGER) {
    return fail(c, e, "expected an Integer scalar");
  }
  if (v->num[0] < lo || v->num[0] > hi) {
    return fail(c, e, "%g is out of range %d..%d", v->num[0], lo, hi);
  }
  *out = (int)v->num[0];
  return MBE_OK;
}

// fn of node x (fn one of math1's; sign, floor, ceil and integer never get here)
static MbeSymId sym_math1(Ctx* c, Fn fn, MbeSymId x) {
  MbeSym* d = vdag(c);
  const double pi = 3.14159265358979323846;
  switch (fn) {
    case FN_ABS: return mbe_sym_fn(d, MBE_SYM_ABS, x);
    case FN_SQRT: return mbe_sym_fn(d, MBE_SYM_SQRT, x);
    case FN_SIN: return mbe_sym_fn(d, MBE_SYM_SIN, x);
    case FN_COS: return mbe_sym_fn(d, MBE_SYM_COS, x);
    case FN_TAN: return mbe_sym_fn(d, MBE_SYM_TAN, x);
    case FN_ASIN: return mbe_sym_fn(d, MBE_SYM_ASIN, x);
    case FN_ACOS: return mbe_sym_fn(d, MBE_SYM_ACOS, x);
    case FN_ATAN: return mbe_sym_fn(d, MBE_SYM_ATAN, x);
    case FN_EXP: return mbe_sym_fn(d, MBE_SYM_EXP, x);
    case FN_LOG: return mbe_sym_fn(d, MBE_SYM_LOG, x);
    case FN_LOG10: {
      MbeSymId l = mbe_sym_fn(d, MBE_SYM_LOG, x);
      MbeSymId ln10 = mbe_sym_const(d, 2.30258509299404568402);
      return mbe_sym_div(d, l, ln10);
    }
    case FN_SINH: return mbe_sym_fn(d, MBE_SYM_SINH, x);
    case FN_COSH: return mbe_sym_fn(d, MBE_SYM_COSH, x);
    case FN_TANH: return mbe_sym_fn(d, MBE_SYM_TANH, x);
    case FN_FROM_DEG: return mbe_sym_mul(d, x, mbe_sym_const(d, pi / 180.0));
    case FN_TO_DEG: return mbe_sym_mul(d, x, mbe_sym_const(d, 180.0 / pi));
    case FN_FROM_RPM: return mbe_sym_mul(d, x, mbe_sym_const(d, pi / 30.0));
    case FN_TO_RPM: return mbe_sym_mul(d, x, mbe_sym_const(d, 30.0 / pi));
    default: return x;
  }
}

// element-wise math on numbers; domain errors are errors, not NaN
static MbeStatus math1(Ctx* c, const MbeExpr* e, Fn fn, const MbeValue* a, MbeValue* out) {
  MbeStatus st = need_numeric(c, e, a, "this function");
  if (st != MBE_OK) {
    return st;
  }
  if ((fn == FN_SIGN || fn == FN_FLOOR || fn == FN_CEIL || fn == FN_INTEGER) &&
      (st = need_fixed(c, e, a, "sign(), floor(), ceil() and integer()")) != MBE_OK) {
    return st;
  }
  // abs keeps Integer; sign is Integer for either argument type (Modelica 3.7.1)
  bool keep_int = (a->type == MBE_T_INTEGER && fn == FN_ABS) || fn == FN_SIGN;
  bool to_int_type = fn == FN_INTEGER;
  if ((st = alloc(c, out, keep_int || to_int_type ? MBE_T_INTEGER : MBE_T_REAL, a->ndims,
                  a->dims)) != MBE_OK) {
    return st;
  }
  for (size_t i = 0; i < a->n; i++) {
    double x = a->num[i], y;
    switch (fn) {
      case FN_ABS: y = fabs(x); break;
      case FN_SIGN: y = x > 0 ? 1 : x < 0 ? -1 : 0; break;
      // the kernels' math (sym_math.c), as the generated code computes the same expression
      case FN_SQRT: y = mbe_sym_apply(MBE_SYM_SQRT, x, 0, 0); break;
      case FN_SIN: y = mbe_sym_apply(MBE_SYM_SIN, x, 0, 0); break;
      case FN_COS: y = mbe_sym_apply(MBE_SYM_COS, x, 0, 0); break;
      case FN_TAN: y = mbe_sym_apply(MBE_SYM_TAN, x, 0, 0); break;
      case FN_ASIN: y = mbe_sym_apply(MBE_SYM_ASIN, x, 0, 0); break;
      case FN_ACOS: y = mbe_sym_apply(MBE_SYM_ACOS, x, 0, 0); break;
      case FN_ATAN: y = mbe_sym_apply(MBE_SYM_ATAN, x, 0, 0); break;
      case FN_SINH: y = mbe_sym_apply(MBE_SYM_SINH, x, 0, 0); break;
      case FN_COSH: y = mbe_sym_apply(MBE_SYM_COSH, x, 0, 0); break;
      case FN_TANH: y = mbe_sym_apply(MBE_SYM_TANH, x, 0, 0); break;
      case FN_EXP: y = mbe_sym_apply(MBE_SYM_EXP, x, 0, 0); break;
      case FN_LOG: y = mbe_sym_apply(MBE_SYM_LOG, x, 0, 0); break;
      case FN_LOG10: y = mbe_sym_apply(MBE_SYM_LOG, x, 0, 0) / 2.30258509299404568402; break;
      case FN_FLOOR: y = floor(x); break;
      case FN_CEIL: y = ceil(x); break;
      case FN_INTEGER: y = floor(x); break;
      case FN_FROM_DEG: y = x * (3.14159265358979323846 / 180.0); break;
      case FN_TO_DEG: y = x * (180.0 / 3.14159265358979323846); break;
      case FN_FROM_RPM: y = x * (3.14159265358979323846 / 30.0); break;
      case FN_TO_RPM: y = x * (30.0 / 3.14159265358979323846); break;
      default: y = x; break;
    }
    if (!isfinite(y) && isfinite(x)) {
      return fail(c, e, "argument %g is outside the domain of this function", x);
    }
    out->num[i] = y;
  }
  if (a->sym) {
    if ((st = sym_alloc(c, out)) != MBE_OK) {
      return st;
    }
    for (size_t i = 0; i < a->n; i++) {
      out->sym[i] = sym_math1(c, fn, a->sym[i]);
    }
  }
  return MBE_OK;
}

static MbeStatus reduce(Ctx* c, const MbeExpr* e, Fn fn, MbeValue* v, size_t nv, MbeValue* out) {
  // min/max of two scalars, or min/max/sum/product of one array
  MbeStatus st;
  const MbeValue* src;
  double acc;
  bool real = false;
  if (nv == 2) {
    if ((st = need_numeric(c, e, &v[0], "min/max")) != MBE_OK ||
        (st = need_numeric(c, e, &v[1], "min/max")) != MBE_OK ||
        (st = need_scalar(c, e, &v[0], "min/max of two arguments")) != MBE_OK ||
        (st = need_scalar(c, e, &v[1], "min/max of two arguments")) != MBE_OK) {
      return st;
    }
    real = v[0].type == MBE_T_REAL || v[1].type == MBE_T_REAL;
    acc = fn == FN_MIN ? fmin(v[0].num[0], v[1].num[0]) : fmax(v[0].num[0], v[1].num[0]);
    if ((st = scalar(c, out, real ? MBE_T_REAL : MBE_T_INTEGER, acc)) != MBE_OK ||
        (!v[0].sym && !v[1].sym) || (st = sym_alloc(c, out)) != MBE_OK) {
      return st;
    }
    MbeSymId a = elem_sym(c, &v[0], 0);
    MbeSymId b = elem_sym(c, &v[1], 0);
    out->sym[0] = mbe_sym_op(vdag(c), fn == FN_MIN ? MBE_SYM_MIN : MBE_SYM_MAX, a, b, 0);
    return MBE_OK;
  }
  src = &v[0];
  if ((st = need_numeric(c, e, src, "this reduction")) != MBE_OK) {
    return st;
  }
  if (src->ndims == 0 || src->n == 0) {
    if (src->n == 0 && (fn == FN_MIN || fn == FN_MAX)) {
      return fail(c, e, "min/max of an empty array");
    }
    if (src->ndims == 0) {
      return fail(c, e, "a reduction needs an array");
    }
  }
  acc = fn == FN_SUM ? 0 : fn == FN_PRODUCT ? 1 : src->num[0];
  for (size_t i = 0; i < src->n; i++) {
    double x = src->num[i];
    acc = fn == FN_SUM       ? acc + x
          : fn == FN_PRODUCT ? acc * x
          : fn == FN_MIN     ? fmin(acc, x)
                             : fmax(acc, x);
  }
  if ((st = scalar(c, out, src->type, acc)) != MBE_OK || !src->sym ||
      (st = sym_alloc(c, out)) != MBE_OK) {
    return st;
  }

  // the same fold on the expressions, from the first element
  MbeSym* d = vdag(c);
  MbeSymId s = src->sym[0];
  for (size_t i = 1; i < src->n; i++) {
    MbeSymId x = src->sym[i];
    s = fn == FN_SUM       ? mbe_sym_add(d, s, x)
        : fn == FN_PRODUCT ? mbe_sym_mul(d, s, x)
                           : mbe_sym_op(d, fn == FN_MIN ? MBE_SYM_MIN : MBE_SYM_MAX, s, x, 0);
  }
  out->sym[0] = s;
  return MBE_OK;
}

static MbeStatus fill_dims(Ctx* c, const MbeExpr* e, MbeValue* v, size_t from, size_t n,
                           int* dims) {
  if (n > MBE_MAX_DIMS) {
    return fail(c, e, "arrays of more than %d dimensions are not supported", MBE_MAX_DIMS);
  }
  for (size_t i = 0; i < n; i++) {
    MbeStatus st = to_int(c, e->args[from + i], &v[from + i], 0, 1000000, &dims[i]);
    if (st != MBE_OK) {
      return st;
    }
  }
  return MBE_OK;
}

// cardinality(c): how many connect equations name connector c (the flattener reads every
// connect before any assert)
static MbeStatus eval_cardinality(Ctx* c, const MbeExpr* e, MbeValue* out) {
  if (e->nargs != 1 || e->nnamed || e->args[0]->kind != MBE_EX_NAME) {
    return fail(c, e, "cardinality takes one connector");
  }
  MbeRef ref;
  MbeStatus st = mbe_flatten_resolve(c->fl, &e->args[0]->name, c->scope, c->lex, &ref, c->err);
  if (st != MBE_OK) {
    return st;
  }
  const MbeFlat* f = mbe_flatten_flat(c->fl);
  if (ref.kind != MBE_REF_INST || f->insts[ref.index].kind != MBE_INST_CONNECTOR) {
    return fail(c, e->args[0], "cardinality takes a connector");
  }
  int n = 0;
  for (size_t i = 0; i < f->nconns; i++) {
    n += (f->conns[i].a.inst == ref.index) + (f->conns[i].b.inst == ref.index);
  }
  return scalar(c, out, MBE_T_INTEGER, n);
}

static MbeStatus eval_call(Ctx* c, const MbeExpr* e, MbeValue* out) {
  // resolve the function: a built-in by its single name unless a class shadows it, else by the
  // full name of the class it resolves to
  Fn fn = FN_COUNT;
  const char* fname = e->name.parts[0].ident;
  if (e->name.nparts == 1 && strcmp(fname, "cardinality") == 0) {
    return eval_cardinality(c, e, out);
  }
  const MbeClass* cls = NULL;
  MbePredef pd = MBE_PREDEF_NONE;
  MbeStatus st = mbe_lookup_class_opt(mbe_flatten_spec(c->fl), c->lex ? c->lex : NULL, &e->name,
                                      e->name.nparts, &cls, &pd, c->err);
  if (st != MBE_OK) {
    return st;
  }
  if (cls) {
    fname = mbe_class_full_name(c->arena, cls);
    if (!fname) {
      return mbe_error_set(c->err, MBE_ERR_NOMEM, "out of memory");
    }
    if (cls->restriction != MBE_CLASS_FUNCTION && !(cls->is_short)) {
      return fail(c, e, "%s is a %s, not a function", fname, mbe_restriction_str(cls->restriction));
    }
    if (!find_fn(fname, &fn)) {
      return mbe_error_at(c->err, MBE_ERR_UNSUPPORTED, e->loc,
                          "function %s is not supported in parameter expressions", fname);
    }
  } else if (e->name.nparts == 1 && !find_fn(fname, &fn)) {
    if (strcmp(fname, "der") == 0 || strcmp(fname, "pre") == 0 || strcmp(fname, "initial") == 0) {
      return fail(c, e, "%s() varies in time; it cannot appear in a parameter expression", fname);
    }
    return fail(c, e, "unknown function '%s'", fname);
  } else if (e->name.nparts > 1) {
    MbeStrbuf sb;
    mbe_strbuf_init(&sb);
    mbe_name_print(&sb, &e->name);
    st = fail(c, e, "unknown function '%s'", sb.data ? sb.data : "?");
    mbe_strbuf_deinit(&sb);
    return st;
  }
  if (e->nnamed && fn != FN_NORMALIZE && fn != FN_STRING) {
    return fail(c, e->named[0].value, "%s takes no named arguments", fname);
  }

  MbeValue* v;
  if ((st = eval_args(c, e->args, e->nargs, &v)) != MBE_OK) {
    return st;
  }
  switch (fn) {
    case FN_ATAN2:
    case FN_MOD:
    case FN_REM:
    case FN_DIV: {
      if ((st = nargs_is(c, e, 2, 2, fname)) != MBE_OK ||
          (st = need_numeric(c, e, &v[0], fname)) != MBE_OK ||
          (st = need_numeric(c, e, &v[1], fname)) != MBE_OK ||
          (st = need_scalar(c, e, &v[0], fname)) != MBE_OK ||
          (st = need_scalar(c, e, &v[1], fname)) != MBE_OK) {
        return st;
      }
      if (fn != FN_ATAN2 && ((st = need_fixed(c, e, &v[0], fname)) != MBE_OK ||
                             (st = need_fixed(c, e, &v[1], fname)) != MBE_OK)) {
        return st;
      }
      double x = v[0].num[0], y = v[1].num[0];
      if (fn != FN_ATAN2 && y == 0) {
        return fail(c, e, "%s by zero", fname);
      }
      bool integer = v[0].type == MBE_T_INTEGER && v[1].type == MBE_T_INTEGER && fn != FN_ATAN2;
      double r = fn == FN_ATAN2 ? mbe_sym_apply(MBE_SYM_ATAN2, x, y, 0)
                 : fn == FN_MOD ? x - floor(x / y) * y
                 : fn == FN_REM ? x - trunc(x / y) * y
                                : trunc(x / y);
      if ((st = scalar(c, out, integer ? MBE_T_INTEGER : MBE_T_REAL, r)) != MBE_OK ||
          (!v[0].sym && !v[1].sym) || (st = sym_alloc(c, out)) != MBE_OK) {
        return st;
      }
      MbeSymId a = elem_sym(c, &v[0], 0);
      MbeSymId b = elem_sym(c, &v[1], 0);
      out->sym[0] = mbe_sym_op(vdag(c), MBE_SYM_ATAN2, a, b, 0);
      return MBE_OK;
    }
    case FN_MIN:
    case FN_MAX:
      if ((st = nargs_is(c, e, 1, 2, fname)) != MBE_OK) {
        return st;
      }
      return reduce(c, e, fn, v, e->nargs, out);
    case FN_SUM:
    case FN_PRODUCT:
      if ((st = nargs_is(c, e, 1, 1, fname)) != MBE_OK) {
        return st;
      }
      return reduce(c, e, fn, v, 1, out);
    case FN_FILL:
    case FN_ZEROS:
    case FN_ONES: {
      size_t first = fn == FN_FILL ? 1 : 0;
      if (e->nargs < first + 1) {
        return fail(c, e, "%s needs at least %zu arguments", fname, first + 1);
      }
      const MbeValue* x = fn == FN_FILL ? &v[0] : NULL;
      if (x && x->ndims) {
        return fail(c, e, "fill() of an array value is not supported; give a scalar");
      }
      int dims[MBE_MAX_DIMS] = {0};
      if ((st = fill_dims(c, e, v, first, e->nargs - first, dims)) != MBE_OK) {
        return st;
      }
      if ((st = alloc(c, out, x ? x->type : MBE_T_INTEGER, (int)(e->nargs - first), dims)) !=
          MBE_OK) {
        return st;
      }
      out->enum_type = x ? x->enum_type : NULL;
      for (size_t i = 0; i < out->n; i++) {
        if (out->str) {
          out->str[i] = x->str[0];
        } else {
          out->num[i] = x ? x->num[0] : fn == FN_ONES ? 1 : 0;
        }
        if (x && (st = sym_take(c, out, i, x, 0)) != MBE_OK) {
          return st;
        }
      }
      return MBE_OK;
    }
    case FN_CAT: {
      if (e->nargs < 2) {
        return fail(c, e, "cat(k, a, b, ...) needs a dimension and at least one array");
      }
      int k;
      if ((st = to_int(c, e->args[0], &v[0], 1, MBE_MAX_DIMS, &k)) != MBE_OK) {
        return st;
      }
      if (k != 1) {
        return mbe_error_at(c->err, MBE_ERR_UNSUPPORTED, e->loc,
                            "cat() along dimension %d (only 1)", k);
      }
      int total = 0;
      MbeBaseType t = v[1].type;
      for (size_t i = 1; i < e->nargs; i++) {
        if (v[i].ndims < 1) {
          return fail(c, e->args[i], "cat() takes arrays");
        }
        if (v[i].ndims != v[1].ndims || v[i].n / (size_t)(v[i].dims[0] ? v[i].dims[0] : 1) !=
                                            v[1].n / (size_t)(v[1].dims[0] ? v[1].dims[0] : 1)) {
          return fail(c, e->args[i], "cat() of arrays whose other dimensions differ");
        }
        if (v[i].type != t) {
          if (is_numeric(&v[i]) && (t == MBE_T_REAL || t == MBE_T_INTEGER)) {
            t = MBE_T_REAL;
          } else {
            return fail(c, e->args[i], "cat() of arrays of different types");
          }
        }
        total += v[i].dims[0];
      }
      int dims[MBE_MAX_DIMS] = {0};
      memcpy(dims, v[1].dims, sizeof dims);
      dims[0] = total;
      if ((st = alloc(c, out, t, v[1].ndims, dims)) != MBE_OK) {
        return st;
      }
      size_t o = 0;
      for (size_t i = 1; i < e->nargs; i++) {
        for (size_t j = 0; j < v[i].n; j++, o++) {
          if (out->str) {
            out->str[o] = v[i].str[j];
          } else {
            out->num[o] = v[i].num[j];
          }
        }
      }
      o = 0;
      for (size_t i = 1; i < e->nargs; i++) {
        for (size_t j = 0; j < v[i].n; j++, o++) {
          if ((st = sym_take(c, out, o, &v[i], j)) != MBE_OK) {
            return st;
          }
        }
      }
      return MBE_OK;
    }
    case FN_SIZE: {
      if ((st = nargs_is(c, e, 1, 2, fname)) != MBE_OK) {
        return st;
      }
      if (e->nargs == 2) {
        int d;
        if ((st = to_int(c, e->args[1], &v[1], 1, v[0].ndims > 0 ? v[0].ndims : 1, &d)) != MBE_OK) {
          return st;
        }
        if (v[0].ndims == 0) {
          return fail(c, e, "size() of a scalar");
        }
        return scalar(c, out, MBE_T_INTEGER, v[0].dims[d - 1]);
      }
      int n = v[0].ndims;
      if ((st = alloc(c, out, MBE_T_INTEGER, 1, &n)) != MBE_OK) {
        return st;
      }
      for (int i = 0; i < n; i++) {
        out->num[i] = v[0].dims[i];
      }
      return MBE_OK;
    }
    case FN_NDIMS:
      if ((st = nargs_is(c, e, 1, 1, fname)) != MBE_OK) {
        return st;
      }
      return scalar(c, out, MBE_T_INTEGER, v[0].ndims);
    case FN_REL_NODE_POSITIONS: {
      // the MSL's algorithm: 0 and 1 at the ends, the inner nodes at the middles of nNodes - 2
      // equal cells (one inner node: 0.5)
      int n;
      if ((st = nargs_is(c, e, 1, 1, fname)) != MBE_OK ||
          (st = to_int(c, e->args[0], &v[0], 0, 1000000, &n)) != MBE_OK) {
        return st;
      }
      int dims[1] = {n};
      if ((st = alloc(c, out, MBE_T_REAL, 1, dims)) != MBE_OK) {
        return st;
      }
      if (n >= 2) {
        out->num[n - 1] = 1;
      }
      if (n == 3) {
        out->num[1] = 0.5;
      } else if (n > 3) {
        double delta = 1.0 / (double)(n - 2);
        for (int i = 2; i <= n - 1; i++) {
          out->num[i - 1] = ((double)i - 1.5) * delta;
        }
      }
      return MBE_OK;
    }
    case FN_IDENTITY: {
      int n;
      if ((st = nargs_is(c, e, 1, 1, fname)) != MBE_OK ||
          (st = to_int(c, e->args[0], &v[0], 0, 10000, &n)) != MBE_OK) {
        return st;
      }
      int dims[2] = {n, n};
      if ((st = alloc(c, out, MBE_T_INTEGER, 2, dims)) != MBE_OK) {
        return st;
      }
      for (int i = 0; i < n; i++) {
        out->num[i * n + i] = 1;
      }
      return MBE_OK;
    }
    case FN_DIAGONAL: {
      if ((st = nargs_is(c, e, 1, 1, fname)) != MBE_OK ||
          (st = need_numeric(c, e, &v[0], fname)) != MBE_OK) {
        return st;
      }
      if (v[0].ndims != 1) {
        return fail(c, e, "diagonal() takes a vector");
      }
      int n = v[0].dims[0];
      int dims[2] = {n, n};
      if ((st = alloc(c, out, v[0].type, 2, dims)) != MBE_OK) {
        return st;
      }
      for (int i = 0; i < n; i++) {
        out->num[i * n + i] = v[0].num[i];
      }
      for (int i = 0; i < n; i++) {
        if ((st = sym_take(c, out, (size_t)(i * n + i), &v[0], (size_t)i)) != MBE_OK) {
          return st;
        }
      }
      return MBE_OK;
    }
    case FN_TRANSPOSE: {
      if ((st = nargs_is(c, e, 1, 1, fname)) != MBE_OK) {
        return st;
      }
      if (v[0].ndims != 2 || v[0].str) {
        return fail(c, e, "transpose() takes a numeric matrix");
      }
      int dims[2] = {v[0].dims[1], v[0].dims[0]};
      if ((st = alloc(c, out, v[0].type, 2, dims)) != MBE_OK) {
        return st;
      }
      for (int i = 0; i < dims[0]; i++) {
        for (int j = 0; j < dims[1]; j++) {
          out->num[i * dims[1] + j] = v[0].num[j * dims[0] + i];
        }
      }
      for (int i = 0; i < dims[0]; i++) {
        for (int j = 0; j < dims[1]; j++) {
          size_t o = (size_t)(i * dims[1] + j), src = (size_t)(j * dims[0] + i);
          if ((st = sym_take(c, out, o, &v[0], src)) != MBE_OK) {
            return st;
          }
        }
      }
      return MBE_OK;
    }
    case FN_CROSS:
    case FN_SKEW: {
      size_t na = fn == FN_CROSS ? 2 : 1;
      if ((st = nargs_is(c, e, na, na, fname)) != MBE_OK) {
        return st;
      }
      for (size_t i = 0; i < na; i++) {
        if ((st = need_numeric(c, e, &v[i], fname)) != MBE_OK) {
          return st;
        }
        if (v[i].ndims != 1 || v[i].dims[0] != 3) {
          return fail(c, e->args[i], "%s takes 3-vectors", fname);
        }
      }
      const double* a = v[0].num;
      MbeBaseType t = v[0].type == MBE_T_INTEGER && (na == 1 || v[1].type == MBE_T_INTEGER)
                          ? MBE_T_INTEGER
                          : MBE_T_REAL;
      if (fn == FN_CROSS) {
        const double* b = v[1].num;
        int three = 3;
        if ((st = alloc(c, out, t, 1, &three)) != MBE_OK) {
          return st;
        }
        out->num[0] = a[1] * b[2] - a[2] * b[1];
        out->num[1] = a[2] * b[0] - a[0] * b[2];
        out->num[2] = a[0] * b[1] - a[1] * b[0];
        if (!v[0].sym && !v[1].sym) {
          return MBE_OK;
        }
        if ((st = sym_alloc(c, out)) != MBE_OK) {
          return st;
        }
        MbeSym* d = vdag(c);
        for (int i = 0; i < 3; i++) {
          int j = (i + 1) % 3, k = (i + 2) % 3;
          MbeSymId aj = elem_sym(c, &v[0], (size_t)j);
          MbeSymId bk = elem_sym(c, &v[1], (size_t)k);
          MbeSymId ak = elem_sym(c, &v[0], (size_t)k);
          MbeSymId bj = elem_sym(c, &v[1], (size_t)j);
          MbeSymId p = mbe_sym_mul(d, aj, bk);
          MbeSymId q = mbe_sym_mul(d, ak, bj);
          out->sym[i] = mbe_sym_sub(d, p, q);
        }
        return MBE_OK;
      }
      int dims[2] = {3, 3};
      if ((st = alloc(c, out, t, 2, dims)) != MBE_OK) {
        return st;
      }
      double m[9] = {0, -a[2], a[1], a[2], 0, -a[0], -a[1], a[0], 0};
      memcpy(out->num, m, sizeof m);
      if (v[0].sym) {
        // the same signs on the elements' nodes
        static const int src[9] = {-1, 2, 1, 2, -1, 0, 1, 0, -1};
        static const bool neg[9] = {false, true, false, false, false, true, true, false, false};
        if ((st = sym_alloc(c, out)) != MBE_OK) {
          return st;
        }
        for (int i = 0; i < 9; i++) {
          MbeSymId x = src[i] < 0 ? mbe_sym_const(vdag(c), 0.0) : v[0].sym[src[i]];
          out->sym[i] = neg[i] ? mbe_sym_neg(vdag(c), x) : x;
        }
      }
      return MBE_OK;
    }
    case FN_VECTOR:
    case FN_SCALAR: {
      if ((st = nargs_is(c, e, 1, 1, fname)) != MBE_OK) {
        return st;
      }
      if (fn == FN_SCALAR) {
        if (v[0].n != 1) {
          return fail(c, e, "scalar() of an array with %zu elements", v[0].n);
        }
        *out = v[0];
        out->ndims = 0;
        return MBE_OK;
      }
      *out = v[0];
      out->ndims = 1;
      out->dims[0] = (int)v[0].n;
      return MBE_OK;
    }
    case FN_NOEVENT:
    case FN_TO_UNIT1:
      if ((st = nargs_is(c, e, 1, 1, fname)) != MBE_OK) {
        return st;
      }
      *out = v[0];
      return MBE_OK;
    case FN_SMOOTH:
      if ((st = nargs_is(c, e, 2, 2, fname)) != MBE_OK) {
        return st;
      }
      *out = v[1];
      return MBE_OK;
    case FN_LENGTH:
    case FN_NORMALIZE:
    case FN_NORMALIZE_ASSERT: {
      if ((st = nargs_is(c, e, 1, 2, fname)) != MBE_OK ||
          (st = need_numeric(c, e, &v[0], fname)) != MBE_OK) {
        return st;
      }
      if (v[0].ndims != 1) {
        return fail(c, e, "%s takes a vector", fname);
      }
      if (e->nargs == 2 && ((st = need_fixed(c, e->args[1], &v[1], fname)) != MBE_OK)) {
        return st;
      }
      double s = 0;
      for (size_t i = 0; i < v[0].n; i++) {
        s += v[0].num[i] * v[0].num[i];
      }
      double len = sqrt(s);
      if (fn == FN_LENGTH && e->nargs == 2) {
        // norm(v, p): the p-norm, with p = Modelica.Constants.inf the maximum norm (MSL)
        if ((st = need_numeric(c, e, &v[1], fname)) != MBE_OK ||
            (st = need_scalar(c, e, &v[1], fname)) != MBE_OK) {
          return st;
        }
        double p = v[1].num[0], acc = 0;
        if (!(p >= 1)) {
          return fail(c, e->args[1], "%s needs p >= 1, not %g", fname, p);
        }
        for (size_t i = 0; i < v[0].n; i++) {
          double a = fabs(v[0].num[i]);
          acc = p >= 1e60 ? fmax(acc, a) : p == 1 ? acc + a : acc + pow(a, p);
        }
        len = p >= 1e60 || p == 1 ? acc : p == 2 ? len : pow(acc, 1 / p);
      }
      // |v| on the expressions (the 2-norm; other p-norms of varied vectors: 1 and inf)
      MbeSym* vd = vdag(c);
      MbeSymId slen = 0;
      double p = fn == FN_LENGTH && e->nargs == 2 ? v[1].num[0] : 2;
      if (v[0].sym) {
        for (size_t i = 0; i < v[0].n; i++) {
          MbeSymId x = v[0].sym[i];
          MbeSymId t = p == 2 ? mbe_sym_mul(vd, x, x) : mbe_sym_fn(vd, MBE_SYM_ABS, x);
          slen = i == 0      ? t
                 : p >= 1e60 ? mbe_sym_op(vd, MBE_SYM_MAX, slen, t, 0)
                             : mbe_sym_add(vd, slen, t);
        }
        if (p == 2) {
          slen = mbe_sym_fn(vd, MBE_SYM_SQRT, slen);
        } else if (p != 1 && p < 1e60) {
          return fail(c, e, "%s of a varied vector takes p = 1, 2 or inf", fname);
        }
      }
      if (fn == FN_LENGTH) {
        if ((st = scalar(c, out, MBE_T_REAL, len)) != MBE_OK || !v[0].sym ||
            (st = sym_alloc(c, out)) != MBE_OK) {
          return st;
        }
        out->sym[0] = slen;
        return MBE_OK;
      }
      if (fn == FN_NORMALIZE_ASSERT) {
        // v/|v| without the eps guard; the MSL asserts |v| > 0
        if ((st = nargs_is(c, e, 1, 1, fname)) != MBE_OK) {
          return st;
        }
        if (!(len > 0)) {
          return fail(c, e, "%s of a zero vector", fname);
        }
      }

      // normalize(v, eps): v/|v|, smoothly v/eps near zero as the MSL does
      double eps = 100 * 2.220446049250313e-16;
      if (e->nargs == 2) {
        if ((st = need_numeric(c, e, &v[1], fname)) != MBE_OK ||
            (st = need_scalar(c, e, &v[1], fname)) != MBE_OK) {
          return st;
        }
        eps = v[1].num[0];
      }
      for (size_t i = 0; i < e->nnamed; i++) {
        MbeValue ev;
        if (strcmp(e->named[i].ident, "eps") != 0) {
          return fail(c, e->named[i].value, "normalize has no argument '%s'", e->named[i].ident);
        }
        if ((st = eval(c, e->named[i].value, &ev)) != MBE_OK ||
            (st = need_fixed(c, e->named[i].value, &ev, fname)) != MBE_OK) {
          return st;
        }
        eps = ev.num[0];
      }
      int n = v[0].dims[0];
      if ((st = alloc(c, out, MBE_T_REAL, 1, &n)) != MBE_OK) {
        return st;
      }
      double d = fn == FN_NORMALIZE_ASSERT || len >= eps ? len : (eps > 0 ? eps : 1);
      if (len == 0 && eps == 0) {
        return fail(c, e, "normalize() of a zero vector");
      }
      for (int i = 0; i < n; i++) {
        out->num[i] = v[0].num[i] / d;
      }

      // v / |v| on the expressions; the branch near zero is the model's own value's
      if (v[0].sym) {
        if ((st = sym_alloc(c, out)) != MBE_OK) {
          return st;
        }
        MbeSymId dn = fn == FN_NORMALIZE_ASSERT || len >= eps ? slen : mbe_sym_const(vdag(c), d);
        for (int i = 0; i < n; i++) {
          out->sym[i] = mbe_sym_div(vdag(c), v[0].sym[i], dn);
        }
      }
      return MBE_OK;
    }
    case FN_STRING: {
      if (e->nargs < 1) {
        return fail(c, e, "String() needs a value");
      }
      if ((st = need_fixed(c, e, &v[0], fname)) != MBE_OK) {
        return st;
      }
      MbeStrbuf sb;
      mbe_strbuf_init(&sb);
      if (v[0].type == MBE_T_STRING && v[0].ndims == 0) {
        mbe_strbuf_puts(&sb, v[0].str[0]);
      } else {
        mbe_value_print(&sb, &v[0]);
      }
      st = alloc(c, out, MBE_T_STRING, 0, NULL);
      if (st == MBE_OK) {
        out->str[0] = mbe_arena_strdup(c->arena, sb.data ? sb.data : "");
        st = out->str[0] ? MBE_OK : mbe_error_set(c->err, MBE_ERR_NOMEM, "out of memory");
      }
      mbe_strbuf_deinit(&sb);
      return st;
    }
    default:
      if ((st = nargs_is(c, e, 1, 1, fname)) != MBE_OK) {
        return st;
      }
      return math1(c, e, fn, &v[0], out);
  }
}

// ---- the evaluator ------------------------------------------------------------------------

static MbeStatus eval(Ctx* c, const MbeExpr* e, MbeValue* out) {
  if (++c->depth > 500) {
    c->depth--;
    return fail(c, e, "expression nested too deeply");
  }
  MbeStatus st = MBE_OK;
  switch (e->kind) {
    case MBE_EX_NUMBER:
      st = scalar(c, out, e->is_integer ? MBE_T_INTEGER : MBE_T_REAL, e->num);
      break;
    case MBE_EX_BOOL: st = scalar(c, out, MBE_T_BOOLEAN, e->boolean); break;
    case MBE_EX_STRING:
      if ((st = alloc(c, out, MBE_T_STRING, 0, NULL)) == MBE_OK) {
        out->str[0] = e->str;
      }
      break;
    case MBE_EX_PAREN: st = eval(c, e->args[0], out); break;
    case MBE_EX_NAME: st = eval_name(c, e, out); break;
    case MBE_EX_CALL: st = eval_call(c, e, out); break;
    case MBE_EX_ARRAY: {
      MbeValue* v;
      if ((st = eval_args(c, e->args, e->nargs, &v)) == MBE_OK) {
        st = build_array(c, e, v, e->nargs, out);
      }
      break;
    }
    case MBE_EX_MATRIX: st = eval_matrix(c, e, out); break;
    case MBE_EX_RANGE: st = eval_range(c, e, out); break;
    case MBE_EX_UNARY: {
      MbeValue a;
      if ((st = eval(c, e->args[0], &a)) != MBE_OK) {
        break;
      }
      if (e->op == MBE_OP_NOT) {
        if (a.type != MBE_T_BOOLEAN || a.ndims) {
          st = fail(c, e, "'not' needs a Boolean scalar");
          break;
        }
        st = scalar(c, out, MBE_T_BOOLEAN, a.num[0] == 0);
        break;
      }
      if ((st = need_numeric(c, e, &a, e->op == MBE_OP_NEG ? "unary '-'" : "unary '+'")) !=
          MBE_OK) {
        break;
      }
      if ((st = alloc(c, out, a.type, a.ndims, a.dims)) == MBE_OK) {
        for (size_t i = 0; i < a.n; i++) {
          out->num[i] = e->op == MBE_OP_NEG ? -a.num[i] : a.num[i];
        }
        out->sym = a.sym;
        if (a.sym && e->op == MBE_OP_NEG && (st = sym_alloc(c, out)) == MBE_OK) {
          for (size_t i = 0; i < a.n; i++) {
            out->sym[i] = mbe_sym_neg(vdag(c), a.sym[i]);
          }
        }
      }
      break;
    }
    case MBE_EX_BINARY: st = eval_binary(c, e, out); break;
    case MBE_EX_IF: {
      size_t i = 0;
      for (; i + 1 < e->nargs; i += 2) {
        MbeValue cond;
        if ((st = eval(c, e->args[i], &cond)) != MBE_OK) {
          break;
        }
        if (cond.type != MBE_T_BOOLEAN || cond.ndims) {
          st = fail(c, e->args[i], "the condition of an if-expression must be a Boolean scalar");
          break;
        }
        if (cond.num[0] != 0) {
          break;
        }
      }
      if (st == MBE_OK) {
        st = eval(c, e->args[i + 1 < e->nargs ? i + 1 : e->nargs - 1], out);
      }
      break;
    }
    case MBE_EX_COLON: st = fail(c, e, "':' is only allowed as a subscript"); break;
    case MBE_EX_END:
      st = c->end_size >= 0 ? scalar(c, out, MBE_T_INTEGER, c->end_size)
                            : fail(c, e, "'end' is only allowed inside a subscript");
      break;
    default: st = fail(c, e, "cannot evaluate this expression");
  }
  c->depth--;
  return st;
}

MbeStatus mbe_eval(MbeFlatten* fl, const MbeExpr* e, int scope, const MbeClass* lex, MbeValue* out,
                   MbeError* err) {
  Ctx c = {fl, &mbe_flatten_flat(fl)->arena, scope, lex, err, 0, -1};
  return eval(&c, e, out);
}

MbeStatus mbe_eval_subscript(MbeFlatten* fl, const MbeExpr* e, int scope, const MbeClass* lex,
                             int size, MbeValue* out, MbeError* err) {
  Ctx c = {fl, &mbe_flatten_flat(fl)->arena, scope, lex, err, 0, size};
  return eval(&c, e, out);
}

MbeStatus mbe_eval_binding(MbeFlatten* fl, const MbeBinding* b, MbeValue* out, MbeError* err) {
  Ctx c = {fl, &mbe_flatten_flat(fl)->arena, b->scope, b->lex, err, 0, -1};
  MbeValue v;
  MbeStatus st = eval(&c, b->expr, &v);
  if (st != MBE_OK) {
    return st;
  }

  // element selection for arrays of components: component i takes element i
  for (int i = 0; i < b->nsel; i++) {
    if (v.ndims == 0) {
      return mbe_error_at(err, MBE_ERR_MODEL, b->loc,
                          "a modifier of an array of components needs an array value with one "
                          "element per component, or 'each'");
    }
    if (b->sel[i] >= v.dims[0]) {
      return mbe_error_at(
          err, MBE_ERR_MODEL, b->loc,
          "the modifier value has %d elements, fewer than the components it applies to", v.dims[0]);
    }
    MbeValue sub;
    if ((st = subarray(&c, &v, b->sel[i], &sub)) != MBE_OK) {
      return st;
    }
    v = sub;
  }
  *out = v;
  return MBE_OK;
}
