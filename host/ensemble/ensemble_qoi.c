// SPDX-License-Identifier: Apache-2.0
// The quantity-of-interest language: a recursive-descent parser that builds the expressions
// inside aggregates in the system's DAG (the kernels output them on the grid) and the formula
// around the aggregates in a DAG of its own, evaluated per member on the host.
#include "ensemble_qoi.h"

#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mbe_layout.h"

// the names of the aggregates and functions, for messages
static const char* const AGGREGATE_LIST =
    "final, initial, min, max, mean, integral, rms, time_at_min, time_at_max (of one argument), "
    "cross, cross_up, cross_down (x, level)";
static const char* const FUNCTION_LIST =
    "abs, sqrt, sin, cos, tan, asin, acos, atan, sinh, cosh, tanh, exp, log, log10, atan2(a, b), "
    "min(a, b), max(a, b)";

// how deeply parentheses and operators may nest (the parser recurses on the host stack)
#define MAX_DEPTH 200

void mbe_qoi_set_init(MbeQoiSet* q) {
  memset(q, 0, sizeof *q);
  mbe_sym_init(&q->formula);
}

void mbe_qoi_set_deinit(MbeQoiSet* q) {
  mbe_sym_deinit(&q->formula);
  for (size_t j = 0; j < q->nqoi; j++) {
    mbe_free(q->name[j]);
  }
  mbe_free(q->name);
  mbe_free(q->qoi);
  mbe_free(q->agg_code);
  mbe_free(q->agg_node);
  mbe_free(q->agg_level);
  memset(q, 0, sizeof *q);
}

/* ---- the parser ------------------------------------------------------------------------------ */

typedef struct Parser {
  const char* s;  // the text
  size_t n, pos;
  MbeQoiSet* q;
  MbeSystem* sys;
  MbeError* err;
  bool is_inner;    // inside an aggregate: values are nodes of the system's DAG
  const char* agg;  // the enclosing aggregate's name (is_inner)
  size_t agg_at;    // and its position
  int depth;        // nesting, bounded by MAX_DEPTH
  bool has_failed;  // an error is set; every later step returns at once
} Parser;

static MbeStatus fail(Parser* P, size_t at, const char* fmt, ...) MBE_PRINTF(3, 4);
static MbeStatus fail(Parser* P, size_t at, const char* fmt, ...) {
  if (P->has_failed) {
    return MBE_ERR_USAGE;
  }
  char msg[400];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  P->has_failed = true;
  return mbe_error_set_at(P->err, MBE_ERR_USAGE, "", 0, (int)at + 1, "%s (column %zu)", msg,
                          at + 1);
}

static MbeSym* dag(Parser* P) {
  return P->is_inner ? &P->sys->sym : &P->q->formula;
}

static bool is_ident_start(int c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static bool is_ident(int c) {
  return is_ident_start(c) || (c >= '0' && c <= '9');
}

static void skip_blanks(Parser* P) {
  while (P->pos < P->n && (P->s[P->pos] == ' ' || P->s[P->pos] == '\t')) {
    P->pos++;
  }
}

static int peek(Parser* P) {
  skip_blanks(P);
  return P->pos < P->n ? (unsigned char)P->s[P->pos] : 0;
}

static bool accept(Parser* P, int c) {
  if (peek(P) == c) {
    P->pos++;
    return true;
  }
  return false;
}

// what stands at the position, for messages: a character or "the end"
static void describe_here(Parser* P, char* buf, size_t size) {
  if (peek(P) == 0) {
    snprintf(buf, size, "the end");
  } else {
    snprintf(buf, size, "'%c'", P->s[P->pos]);
  }
}

static void expect_close(Parser* P, size_t open_at, const char* what) {
  if (accept(P, ')')) {
    return;
  }
  char here[32];
  describe_here(P, here, sizeof here);
  fail(P, P->pos, "expected ')' to close %s at column %zu, found %s", what, open_at + 1, here);
}

/* ---- aggregates and names ------------------------------------------------------------------- */

// the formula's parameter of aggregate (code, node, level), shared when it exists
static MbeSymId aggregate(Parser* P, int code, MbeSymId node, double level) {
  MbeQoiSet* q = P->q;
  size_t k = 0;
  while (k < q->nagg && !(q->agg_code[k] == code && q->agg_node[k] == node &&
                          memcmp(&q->agg_level[k], &level, sizeof level) == 0)) {
    k++;
  }
  if (k == q->nagg) {
    if (q->nagg == q->cap_agg) {
      size_t cap = q->cap_agg ? 2 * q->cap_agg : 8;
      int32_t* c = mbe_realloc(q->agg_code, cap * sizeof *c);
      if (c) {
        q->agg_code = c;
      }
      MbeSymId* nd = mbe_realloc(q->agg_node, cap * sizeof *nd);
      if (nd) {
        q->agg_node = nd;
      }
      double* lv = mbe_realloc(q->agg_level, cap * sizeof *lv);
      if (lv) {
        q->agg_level = lv;
      }
      if (!c || !nd || !lv) {
        P->has_failed = true;
        mbe_error_set(P->err, MBE_ERR_NOMEM, "out of memory");
        return 0;
      }
      q->cap_agg = cap;
    }
    q->agg_code[k] = code;
    q->agg_node[k] = node;
    q->agg_level[k] = level;
    q->nagg++;
  }
  return mbe_sym_param(&q->formula, (int)k);
}

// whether node id of s depends on time or a state (walks its operands)
static bool varies(const MbeSym* s, MbeSymId id) {
  uint8_t* seen = mbe_calloc(id + 1, 1);
  MbeSymId* stack = mbe_malloc((id + 1) * sizeof *stack);
  bool found = false;
  size_t top = 0;
  if (!seen || !stack) {
    mbe_free(seen);
    mbe_free(stack);
    return true;  // treated as varying: the caller then asks for an aggregate
  }
  stack[top++] = id;
  seen[id] = 1;
  while (top > 0 && !found) {
    const MbeSymNode* nd = &s->nodes[stack[--top]];
    found = nd->op == MBE_SYM_TIME || nd->op == MBE_SYM_STATE;
    for (int a = 0; a < mbe_sym_op_arity((MbeSymOp)nd->op); a++) {
      if (!seen[nd->arg[a]]) {
        seen[nd->arg[a]] = 1;
        stack[top++] = nd->arg[a];
      }
    }
  }
  mbe_free(seen);
  mbe_free(stack);
  return found;
}

// a name in the text: ident { '.' ident | '[' subscripts ']' }, blanks inside brackets dropped
static bool scan_name(Parser* P, char* out, size_t size) {
  size_t len = 0;
  while (P->pos < P->n) {
    char c = P->s[P->pos];
    bool take = is_ident(c) || (c == '.' && P->pos + 1 < P->n && is_ident_start(P->s[P->pos + 1]));
    if (c == '[') {
      const char* close = memchr(P->s + P->pos, ']', P->n - P->pos);
      if (!close) {
        fail(P, P->pos, "'[' without ']'");
        return false;
      }
      for (const char* c2 = P->s + P->pos; c2 <= close; c2++) {
        if (*c2 != ' ' && *c2 != '\t' && len + 1 < size) {
          out[len++] = *c2;
        }
      }
      P->pos = (size_t)(close - P->s) + 1;
      continue;
    }
    if (!take) {
      break;
    }
    if (len + 1 < size) {
      out[len++] = c;
    }
    P->pos++;
  }
  out[len] = '\0';
  return true;
}

// the value of a signal, a parameter or time
static MbeSymId name_value(Parser* P, const char* name, size_t at) {
  if (strcmp(name, "time") == 0) {
    if (!P->is_inner) {
      fail(P, at, "time is only known inside an aggregate (final(time) is the stop time)");
      return 0;
    }
    return mbe_sym_time(dag(P));
  }
  const MbeSignal* sg = mbe_system_signal(P->sys, name);
  MbeSymId id = sg ? sg->id : 0;
  bool is_found = sg != NULL;
  for (size_t i = 0; !is_found && i < P->sys->np; i++) {
    if (strcmp(P->sys->param_names[i], name) == 0) {
      id = mbe_sym_param(&P->sys->sym, (int)i);  // a varied start value
      is_found = true;
    }
  }
  if (!is_found) {
    const char* near = mbe_system_suggest(P->sys, name);
    fail(P, at, "the model has no signal or parameter '%s'%s%s%s%s", name,
         near ? "; did you mean '" : "", near ? near : "", near ? "'?" : "",
         strstr(name, ".start") ? " (a start value can be named when it is varied; initial(x) "
                                  "is the value at the start)"
                                : "");
    return 0;
  }
  if (P->is_inner) {
    return id;
  }

  // outside aggregates: a parameter, constant in time (its value at the start)
  if (varies(&P->sys->sym, id)) {
    fail(P, at,
         "'%s' changes in time; say which of its values, e.g. final(%s), max(%s) or "
         "mean(%s)",
         name, name, name, name);
    return 0;
  }
  const MbeSymNode* nd = &P->sys->sym.nodes[id];
  if (nd->op == MBE_SYM_CONST) {
    return mbe_sym_const(&P->q->formula, nd->value);
  }
  return aggregate(P, MBE_QOI_INITIAL, id, 0);
}

/* ---- expressions ------------------------------------------------------------------------------
 */

static MbeSymId parse_expr(Parser* P);

// the number of arguments of the call whose '(' was just taken (top-level commas before ')')
static int count_args(const Parser* P) {
  int depth = 0, n = 1;
  size_t i = P->pos;
  while (i < P->n && (P->s[i] == ' ' || P->s[i] == '\t')) {
    i++;
  }
  if (i < P->n && P->s[i] == ')') {
    return 0;
  }
  for (; i < P->n; i++) {
    char c = P->s[i];
    if (c == '(' || c == '[') {
      depth++;
    } else if ((c == ')' || c == ']') && depth-- == 0) {
      break;
    } else if (c == ',' && depth == 0) {
      n++;
    }
  }
  return n;
}

static const struct {
  const char* name;
  int kind;  // MbeQoiKind, or -1: rms (the root of the mean of the square)
  int nargs;
} AGGS[] = {{"final", MBE_QOI_FINAL, 1},
            {"initial", MBE_QOI_INITIAL, 1},
            {"min", MBE_QOI_MIN, 1},
            {"max", MBE_QOI_MAX, 1},
            {"mean", MBE_QOI_MEAN, 1},
            {"integral", MBE_QOI_INTEGRAL, 1},
            {"rms", -1, 1},
            {"time_at_min", MBE_QOI_TIME_AT_MIN, 1},
            {"time_at_max", MBE_QOI_TIME_AT_MAX, 1},
            {"cross", MBE_QOI_CROSS, 2},
            {"cross_up", MBE_QOI_CROSS_UP, 2},
            {"cross_down", MBE_QOI_CROSS_DOWN, 2}};

static const struct {
  const char* name;
  MbeSymOp op;
  int nargs;
} FUNCS[] = {{"abs", MBE_SYM_ABS, 1},   {"sqrt", MBE_SYM_SQRT, 1}, {"sin", MBE_SYM_SIN, 1},
             {"cos", MBE_SYM_COS, 1},   {"tan", MBE_SYM_TAN, 1},   {"asin", MBE_SYM_ASIN, 1},
             {"acos", MBE_SYM_ACOS, 1}, {"atan", MBE_SYM_ATAN, 1}, {"exp", MBE_SYM_EXP, 1},
             {"log", MBE_SYM_LOG, 1},   {"log10", MBE_SYM_LOG, 1}, {"atan2", MBE_SYM_ATAN2, 2},
             {"sinh", MBE_SYM_SINH, 1}, {"cosh", MBE_SYM_COSH, 1}, {"tanh", MBE_SYM_TANH, 1},
             {"min", MBE_SYM_MIN, 2},   {"max", MBE_SYM_MAX, 2}};

// an aggregate's argument(s), inside the system's DAG: agg(x) or agg(x, level)
static MbeSymId call_aggregate(Parser* P, int a, size_t at) {
  if (P->is_inner) {
    fail(P, at, "aggregates do not nest: '%s' inside '%s' at column %zu", AGGS[a].name, P->agg,
         P->agg_at + 1);
    return 0;
  }
  P->is_inner = true;
  P->agg = AGGS[a].name;
  P->agg_at = at;
  MbeSym* g = &P->sys->sym;
  MbeSymId x = parse_expr(P);
  MbeSymId level = 0;
  if (AGGS[a].nargs == 2 && accept(P, ',')) {
    level = parse_expr(P);
  }
  P->is_inner = false;
  if (P->has_failed) {
    return 0;
  }

  // a crossing of a constant level reads x itself; of a varying one, x - level through 0
  if (AGGS[a].nargs == 2) {
    const MbeSymNode* lv = &g->nodes[level];
    if (lv->op == MBE_SYM_CONST) {
      return aggregate(P, AGGS[a].kind, x, lv->value);
    }
    MbeSymId d = mbe_sym_sub(g, x, level);
    return aggregate(P, AGGS[a].kind, d, 0);
  }
  if (AGGS[a].kind < 0) {
    MbeSymId sq = mbe_sym_mul(g, x, x);
    MbeSymId mean = aggregate(P, MBE_QOI_MEAN, sq, 0);
    return mbe_sym_fn(&P->q->formula, MBE_SYM_SQRT, mean);
  }
  return aggregate(P, AGGS[a].kind, x, 0);
}

// a function of one or two arguments, in the current DAG
static MbeSymId call_function(Parser* P, int f) {
  MbeSymId a = parse_expr(P), b = 0;
  if (FUNCS[f].nargs == 2 && accept(P, ',')) {
    b = parse_expr(P);
  }
  if (P->has_failed) {
    return 0;
  }
  MbeSym* g = dag(P);
  if (strcmp(FUNCS[f].name, "log10") == 0) {
    MbeSymId ln = mbe_sym_fn(g, MBE_SYM_LOG, a);
    MbeSymId ln10 = mbe_sym_const(g, log(10.0));
    return mbe_sym_div(g, ln, ln10);
  }
  return FUNCS[f].nargs == 1 ? mbe_sym_fn(g, FUNCS[f].op, a) : mbe_sym_op(g, FUNCS[f].op, a, b, 0);
}

// a call of an unknown name, or of a known one with the wrong number of arguments
static void fail_call(Parser* P, const char* name, int nargs, size_t at) {
  for (size_t a = 0; a < sizeof AGGS / sizeof AGGS[0]; a++) {
    if (strcmp(name, AGGS[a].name) == 0 && strcmp(name, "min") && strcmp(name, "max")) {
      fail(P, at, "%s takes %s, not %d argument%s", name,
           AGGS[a].nargs == 1 ? "one signal expression" : "(x, level)", nargs,
           nargs == 1 ? "" : "s");
      return;
    }
  }
  for (size_t f = 0; f < sizeof FUNCS / sizeof FUNCS[0]; f++) {
    if (strcmp(name, FUNCS[f].name) == 0) {
      fail(P, at, "%s takes %s, not %d argument%s", name,
           strcmp(name, "min") == 0 || strcmp(name, "max") == 0
               ? "one argument (over time) or two (the smaller or larger)"
           : FUNCS[f].nargs == 1 ? "one argument"
                                 : "two arguments",
           nargs, nargs == 1 ? "" : "s");
      return;
    }
  }
  fail(P, at, "unknown function '%s'; aggregates over time are %s; functions are %s", name,
       AGGREGATE_LIST, FUNCTION_LIST);
}

// name(args): an aggregate or a function, chosen by name and argument count
static MbeSymId call(Parser* P, const char* name, size_t at) {
  int nargs = count_args(P);
  MbeSymId r = 0;
  bool is_known = false;
  for (size_t a = 0; a < sizeof AGGS / sizeof AGGS[0] && !is_known; a++) {
    if (strcmp(name, AGGS[a].name) == 0 && AGGS[a].nargs == nargs) {
      is_known = true;
      r = call_aggregate(P, (int)a, at);
    }
  }
  for (size_t f = 0; f < sizeof FUNCS / sizeof FUNCS[0] && !is_known; f++) {
    if (strcmp(name, FUNCS[f].name) == 0 && FUNCS[f].nargs == nargs) {
      is_known = true;
      r = call_function(P, (int)f);
    }
  }
  if (!is_known) {
    fail_call(P, name, nargs, at);
    return 0;
  }
  char what[600];
  snprintf(what, sizeof what, "'%s('", name);
  expect_close(P, at, what);
  return r;
}

static MbeSymId parse_primary(Parser* P) {
  int c = peek(P);
  size_t at = P->pos;
  if (c == '(') {
    P->pos++;
    MbeSymId r = parse_expr(P);
    expect_close(P, at, "'('");
    return r;
  }
  if ((c >= '0' && c <= '9') || c == '.') {
    char* end;
    double v = strtod(P->s + P->pos, &end);
    if (end == P->s + P->pos) {
      fail(P, at, "expected a number");
      return 0;
    }
    P->pos = (size_t)(end - P->s);
    return mbe_sym_const(dag(P), v);
  }
  if (is_ident_start(c)) {
    char name[512];
    if (!scan_name(P, name, sizeof name)) {
      return 0;
    }
    if (accept(P, '(')) {
      if (strchr(name, '.') || strchr(name, '[')) {
        fail(P, at, "'%s' is not a function", name);
        return 0;
      }
      return call(P, name, at);
    }
    return name_value(P, name, at);
  }
  char here[32];
  describe_here(P, here, sizeof here);
  fail(P, at, "expected a number, a signal, a parameter or a function, found %s", here);
  return 0;
}

// a ^ b with b a constant integer: products (exact powers stay exact); else exp(b log a)
static MbeSymId power(Parser* P, MbeSymId a, MbeSymId b) {
  MbeSym* g = dag(P);
  const MbeSymNode* e = &g->nodes[b];
  if (e->op == MBE_SYM_CONST && e->value == floor(e->value) && fabs(e->value) <= 64) {
    int n = (int)fabs(e->value);
    MbeSymId r = mbe_sym_const(g, 1.0), base = a;
    while (n > 0) {
      if (n & 1) {
        r = mbe_sym_mul(g, r, base);
      }
      n >>= 1;
      if (n > 0) {
        base = mbe_sym_mul(g, base, base);
      }
    }
    if (e->value < 0) {
      MbeSymId one = mbe_sym_const(g, 1.0);
      r = mbe_sym_div(g, one, r);
    }
    return r;
  }
  MbeSymId ln = mbe_sym_fn(g, MBE_SYM_LOG, a);
  MbeSymId prod = mbe_sym_mul(g, b, ln);
  return mbe_sym_fn(g, MBE_SYM_EXP, prod);
}

static MbeSymId parse_unary(Parser* P) {
  if (++P->depth > MAX_DEPTH) {
    fail(P, P->pos, "the expression nests too deeply");
    return 0;
  }
  MbeSymId r;
  if (accept(P, '-')) {
    MbeSymId a = parse_unary(P);
    r = mbe_sym_neg(dag(P), a);
  } else if (accept(P, '+')) {
    r = parse_unary(P);
  } else {
    r = parse_primary(P);
    if (!P->has_failed && accept(P, '^')) {
      MbeSymId b = parse_unary(P);
      r = power(P, r, b);
    }
  }
  P->depth--;
  return P->has_failed ? 0 : r;
}

static MbeSymId parse_term(Parser* P) {
  MbeSymId r = parse_unary(P);
  for (int c = peek(P); !P->has_failed && (c == '*' || c == '/'); c = peek(P)) {
    P->pos++;
    MbeSymId b = parse_unary(P);
    r = c == '*' ? mbe_sym_mul(dag(P), r, b) : mbe_sym_div(dag(P), r, b);
  }
  return r;
}

static MbeSymId parse_expr(Parser* P) {
  MbeSymId r = parse_term(P);
  for (int c = peek(P); !P->has_failed && (c == '+' || c == '-'); c = peek(P)) {
    P->pos++;
    MbeSymId b = parse_term(P);
    r = c == '+' ? mbe_sym_add(dag(P), r, b) : mbe_sym_sub(dag(P), r, b);
  }
  return r;
}

/* ---- the set ----------------------------------------------------------------------------------
 */

// appends quantity `node` named by the text without blanks
static MbeStatus append(MbeQoiSet* q, const char* text, MbeSymId node, MbeError* err) {
  if (q->nqoi == q->cap_qoi) {
    size_t cap = q->cap_qoi ? 2 * q->cap_qoi : 8;
    MbeSymId* ids = mbe_realloc(q->qoi, cap * sizeof *ids);
    if (ids) {
      q->qoi = ids;
    }
    char** names = mbe_realloc(q->name, cap * sizeof *names);
    if (names) {
      q->name = names;
    }
    if (!ids || !names) {
      return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
    }
    q->cap_qoi = cap;
  }
  size_t len = strlen(text), k = 0;
  char* name = mbe_malloc(len + 1);
  if (!name) {
    return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
  }
  for (size_t i = 0; i < len; i++) {
    if (text[i] != ' ' && text[i] != '\t') {
      name[k++] = text[i];
    }
  }
  name[k] = '\0';
  q->qoi[q->nqoi] = node;
  q->name[q->nqoi++] = name;
  return MBE_OK;
}

MbeStatus mbe_qoi_add(MbeQoiSet* q, MbeSystem* sys, const char* text, MbeError* err) {
  Parser P;
  memset(&P, 0, sizeof P);
  P.s = text;
  P.n = strlen(text);
  P.q = q;
  P.sys = sys;
  P.err = err;

  // the user's arithmetic as written: no folding of products with zero
  bool fold = sys->sym.fold_zero_products;
  sys->sym.fold_zero_products = false;
  MbeSymId r = 0;
  if (peek(&P) == 0) {
    fail(&P, 0, "empty; write e.g. max(abs(x)) or final(x) - initial(x)");
  } else {
    r = parse_expr(&P);
  }
  if (!P.has_failed && peek(&P) != 0) {
    char here[32];
    describe_here(&P, here, sizeof here);
    fail(&P, P.pos, "unexpected %s after a complete expression", here);
  }
  sys->sym.fold_zero_products = fold;
  if (P.has_failed) {
    return err ? err->code : MBE_ERR_USAGE;
  }
  if (sys->sym.is_oom || q->formula.is_oom) {
    return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
  }
  return append(q, text, r, err);
}

// the one NaN a quantity is written with, whatever produced it
static double canonical(double x) {
  if (x == x) {
    return x;
  }
  const uint64_t bits = 0x7ff8000000000000u;
  double nan;
  memcpy(&nan, &bits, sizeof nan);
  return nan;
}

void mbe_qoi_eval(const MbeQoiSet* q, const double* agg, double* scratch, double* out) {
  mbe_sym_eval(&q->formula, 0.0, NULL, agg, scratch, q->formula.nnodes);
  for (size_t j = 0; j < q->nqoi; j++) {
    out[j] = canonical(scratch[q->qoi[j]]);
  }
}
