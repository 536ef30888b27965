// SPDX-License-Identifier: Apache-2.0
// Recursive-descent parser of Modelica 3.6 (appendix A) into the syntax tree of parse.h. The whole
// grammar is kept in the tree; what mbens does not simulate is reported by host/model, at its
// location, only when the class being flattened reaches it.
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parse_lex.h"

enum { MAX_DEPTH = 200 };  // nesting of expressions, modifications and classes

typedef struct Parser {
  MbeSpec* spec;
  MbeArena* arena;
  MbeLexer lx;
  MbeToken tok;  // current token
  MbeError* err;
  MbeStatus st;  // first failure; MBE_OK while parsing goes well
  int depth;
  bool is_catalogue;
  MbeClass* scope;  // the class being parsed: the parent of classes redeclared in modifications
} Parser;

// ---- helpers ------------------------------------------------------------------------------

static bool fail_at(Parser* p, MbeStatus code, MbeLoc loc, const char* fmt, ...) MBE_PRINTF(4, 5);

static bool fail_at(Parser* p, MbeStatus code, MbeLoc loc, const char* fmt, ...) {
  if (p->st != MBE_OK) {
    return false;
  }
  char msg[400];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  p->st = mbe_error_at(p->err, code, loc, "%s", msg);
  return false;
}

static bool nomem(Parser* p) {
  if (p->st == MBE_OK) {
    p->st = mbe_error_set(p->err, MBE_ERR_NOMEM, "out of memory while parsing %s", p->lx.path);
  }
  return false;
}

static bool next(Parser* p) {
  if (p->st != MBE_OK) {
    return false;
  }
  MbeStatus st = mbe_lex_next(&p->lx, &p->tok, p->err);
  if (st != MBE_OK) {
    p->st = st;
    return false;
  }
  return true;
}

// the kind of the token after the current one
static MbeTokenKind peek_kind(Parser* p) {
  MbeLexer copy = p->lx;
  MbeToken t;
  MbeError scratch;
  if (mbe_lex_next(&copy, &t, &scratch) != MBE_OK) {
    return TK_EOF;
  }
  return t.kind;
}

// "found 'x'" text for messages
static const char* found(Parser* p, char* buf, size_t n) {
  if (p->tok.kind == TK_EOF) {
    return "the end of the file";
  }
  size_t len = p->tok.len < 40 ? p->tok.len : 40;
  snprintf(buf, n, "'%.*s'%s", (int)len, p->tok.start, p->tok.len > len ? "..." : "");
  return buf;
}

static bool expected(Parser* p, const char* what) {
  char buf[64];
  return fail_at(p, MBE_ERR_MODEL, p->tok.loc, "expected %s, found %s", what,
                 found(p, buf, sizeof buf));
}

static bool accept(Parser* p, MbeTokenKind kind) {
  if (p->tok.kind == kind) {
    return next(p);
  }
  return false;
}

static bool expect(Parser* p, MbeTokenKind kind, const char* context) {
  if (p->tok.kind == kind) {
    return next(p);
  }
  char what[128];
  snprintf(what, sizeof what, "%s%s%s", mbe_token_str(kind), context ? " " : "",
           context ? context : "");
  return expected(p, what);
}

static bool enter(Parser* p) {
  if (++p->depth > MAX_DEPTH) {
    return fail_at(p, MBE_ERR_MODEL, p->tok.loc, "nesting deeper than %d levels", MAX_DEPTH);
  }
  return true;
}

static void leave(Parser* p) {
  p->depth--;
}

// grows an arena array of elem-sized items to hold n+1; the old block stays in the arena
static void* grow(Parser* p, void* data, size_t n, size_t* cap, size_t elem) {
  if (n < *cap) {
    return data;
  }
  size_t ncap = *cap ? 2 * *cap : 4;
  void* nd = mbe_arena_alloc(p->arena, ncap * elem);
  if (!nd) {
    nomem(p);
    return NULL;
  }
  if (n) {
    memcpy(nd, data, n * elem);
  }
  *cap = ncap;
  return nd;
}

#define PUSH(p, arr, n, cap, item)                           \
  do {                                                       \
    void* g_ = grow((p), (arr), (n), &(cap), sizeof *(arr)); \
    if (!g_) {                                               \
      return 0;                                              \
    }                                                        \
    (arr) = g_;                                              \
    (arr)[(n)++] = (item);                                   \
  } while (0)

static const char* tok_ident(Parser* p) {
  const char* s = mbe_arena_strndup(p->arena, p->tok.start, p->tok.len);
  if (!s) {
    nomem(p);
  }
  return s;
}

// resolves the escapes of a string token (without its quotes)
static const char* tok_string(Parser* p) {
  char* out = mbe_arena_alloc(p->arena, p->tok.len);
  if (!out) {
    nomem(p);
    return NULL;
  }
  size_t n = 0;
  for (size_t i = 1; i + 1 < p->tok.len; i++) {
    char c = p->tok.start[i];
    if (c == '\\' && i + 2 < p->tok.len) {
      char e = p->tok.start[++i];
      static const char FROM[] = "ntr\"'\\?abfv";
      static const char TO[] = "\n\t\r\"'\\?\a\b\f\v";
      const char* hit = strchr(FROM, e);
      c = hit ? TO[hit - FROM] : e;
    }
    out[n++] = c;
  }
  out[n] = '\0';
  return out;
}

static MbeExpr* new_expr(Parser* p, MbeExprKind kind, MbeLoc loc) {
  MbeExpr* e = mbe_arena_alloc(p->arena, sizeof *e);
  if (!e) {
    nomem(p);
    return NULL;
  }
  e->kind = kind;
  e->loc = loc;
  return e;
}

// ---- names --------------------------------------------------------------------------------

static MbeExpr* parse_expr(Parser* p);
static bool parse_subscripts(Parser* p, MbeExpr*** subs, size_t* nsubs);
static MbeMod* parse_class_mod(Parser* p);
static bool parse_call_args(Parser* p, MbeExpr* call);

// type-specifier / name: ['.'] IDENT {'.' IDENT}; with_subs allows component-reference subscripts
static bool parse_name(Parser* p, MbeName* name, bool with_subs) {
  memset(name, 0, sizeof *name);
  name->loc = p->tok.loc;
  if (p->tok.kind == TK_DOT) {
    name->is_global = true;
    if (!next(p)) {
      return false;
    }
  }
  size_t cap = 0;
  for (;;) {
    if (p->tok.kind != TK_IDENT) {
      return expected(p, "a name");
    }
    MbeNamePart part = {tok_ident(p), NULL, 0};
    if (!part.ident || !next(p)) {
      return false;
    }
    // subscripts belong to a component reference; after a class name the caller takes them
    if (p->tok.kind == TK_LBRACKET && with_subs) {
      if (!parse_subscripts(p, &part.subs, &part.nsubs)) {
        return false;
      }
    }
    PUSH(p, name->parts, name->nparts, cap, part);
    if (p->tok.kind != TK_DOT) {
      return true;
    }
    if (!next(p)) {
      return false;
    }
  }
}

// '[' subscript {',' subscript} ']' where subscript is ':' or an expression
static bool parse_subscripts(Parser* p, MbeExpr*** subs, size_t* nsubs) {
  size_t cap = 0;
  *subs = NULL;
  *nsubs = 0;
  if (!expect(p, TK_LBRACKET, NULL)) {
    return false;
  }
  do {
    MbeExpr* e;
    if (p->tok.kind == TK_COLON) {
      e = new_expr(p, MBE_EX_COLON, p->tok.loc);
      if (!e || !next(p)) {
        return false;
      }
    } else {
      e = parse_expr(p);
      if (!e) {
        return false;
      }
    }
    PUSH(p, *subs, *nsubs, cap, e);
  } while (accept(p, TK_COMMA));
  return p->st == MBE_OK && expect(p, TK_RBRACKET, "to close the subscripts");
}

// ---- expressions --------------------------------------------------------------------------

// for-indices: IDENT [in expression] {',' IDENT [in expression]}, after the `for`
static bool parse_for_indices(Parser* p, MbeForIndex** iters, size_t* niters) {
  size_t cap = 0;
  do {
    if (p->tok.kind != TK_IDENT) {
      return expected(p, "the name of a for-iterator");
    }
    MbeForIndex it = {tok_ident(p), NULL, p->tok.loc};
    if (!it.ident || !next(p)) {
      return false;
    }
    if (accept(p, KW_IN) && !(it.range = parse_expr(p))) {
      return false;
    }
    if (p->st != MBE_OK) {
      return false;
    }
    PUSH(p, *iters, *niters, cap, it);
  } while (accept(p, TK_COMMA));
  return p->st == MBE_OK;
}

// after the first element of `{e for i in r}` or `f(e for i in r)`: the iterators, if any; the
// container then holds e alone
static bool parse_reduction(Parser* p, MbeExpr* into) {
  if (p->tok.kind != KW_FOR) {
    return true;
  }
  if (into->nargs != 1 || into->nnamed) {
    return fail_at(p, MBE_ERR_MODEL, p->tok.loc,
                   "'for' iterators follow a single expression: {e for i in r} or f(e for i in r)");
  }
  return next(p) && parse_for_indices(p, &into->iters, &into->niters);
}

// `function f(a=1)`, a function given as an argument (partial application)
static MbeExpr* parse_function_arg(Parser* p) {
  MbeExpr* e = new_expr(p, MBE_EX_CALL, p->tok.loc);
  if (!e || !next(p) || !parse_name(p, &e->name, false)) {
    return NULL;
  }
  e->is_function_arg = true;
  return parse_call_args(p, e) ? e : NULL;
}

// function-call-args: '(' [args] ')', positional before named, or one argument with iterators
static bool parse_call_args(Parser* p, MbeExpr* call) {
  size_t cap = 0, ncap = 0;
  if (!expect(p, TK_LPAREN, NULL)) {
    return false;
  }
  if (p->tok.kind != TK_RPAREN) {
    do {
      if (p->tok.kind == TK_IDENT && peek_kind(p) == TK_EQUALS) {
        MbeNamedArg a = {tok_ident(p), NULL, p->tok.loc};
        if (!a.ident || !next(p) || !next(p)) {
          return false;
        }
        a.value = p->tok.kind == KW_FUNCTION ? parse_function_arg(p) : parse_expr(p);
        if (!a.value) {
          return false;
        }
        PUSH(p, call->named, call->nnamed, ncap, a);
      } else {
        if (call->nnamed > 0) {
          return fail_at(
              p, MBE_ERR_MODEL, p->tok.loc,
              "a positional argument follows a named one; put positional arguments first");
        }
        MbeExpr* a = p->tok.kind == KW_FUNCTION ? parse_function_arg(p) : parse_expr(p);
        if (!a) {
          return false;
        }
        PUSH(p, call->args, call->nargs, cap, a);
        if (call->nargs == 1 && p->tok.kind == KW_FOR) {
          if (!parse_reduction(p, call)) {
            return false;
          }
          break;
        }
      }
    } while (accept(p, TK_COMMA));
  }
  return p->st == MBE_OK && expect(p, TK_RPAREN, "to close the argument list");
}

// expression-list inside '{' '}' (iterators allowed after a single element) or a matrix row
static bool parse_expr_list(Parser* p, MbeExpr* into, MbeTokenKind close) {
  size_t cap = 0;
  if (p->tok.kind == close) {
    return true;
  }
  do {
    MbeExpr* a = parse_expr(p);
    if (!a) {
      return false;
    }
    PUSH(p, into->args, into->nargs, cap, a);
    if (close == TK_RBRACE && into->nargs == 1 && p->tok.kind == KW_FOR) {
      return parse_reduction(p, into);
    }
  } while (accept(p, TK_COMMA));
  return p->st == MBE_OK;
}

static MbeExpr* parse_number(Parser* p) {
  MbeExpr* e = new_expr(p, MBE_EX_NUMBER, p->tok.loc);
  if (!e) {
    return NULL;
  }
  char buf[128];
  if (p->tok.len >= sizeof buf) {
    fail_at(p, MBE_ERR_MODEL, p->tok.loc, "number literal longer than %zu characters",
            sizeof buf - 1);
    return NULL;
  }
  memcpy(buf, p->tok.start, p->tok.len);
  buf[p->tok.len] = '\0';
  e->is_integer = strpbrk(buf, ".eE") == NULL;
  errno = 0;
  e->num = strtod(buf, NULL);
  if (errno == ERANGE && (e->num > 1.0 || e->num < -1.0)) {
    fail_at(p, MBE_ERR_MODEL, p->tok.loc, "number %s is out of the range of a double", buf);
    return NULL;
  }
  if (e->is_integer && e->num > 2147483647.0) {
    // Modelica Integer literals that do not fit become Real, as tools do
    e->is_integer = false;
  }
  return next(p) ? e : NULL;
}

// '(' expression ')' or an output-expression-list '(' [e] {',' [e]} ')'
static MbeExpr* parse_paren(Parser* p) {
  MbeExpr* e = new_expr(p, MBE_EX_PAREN, p->tok.loc);
  size_t cap = 0;
  if (!e || !next(p)) {
    return NULL;
  }
  for (;;) {
    MbeExpr* inner = NULL;
    if (p->tok.kind != TK_COMMA && p->tok.kind != TK_RPAREN && !(inner = parse_expr(p))) {
      return NULL;
    }
    PUSH(p, e->args, e->nargs, cap, inner);
    if (!accept(p, TK_COMMA)) {
      break;
    }
  }
  if (p->st != MBE_OK) {
    return NULL;
  }
  if (e->nargs != 1 || !e->args[0]) {
    e->kind = MBE_EX_TUPLE;
  }
  return expect(p, TK_RPAREN, "to close '('") ? e : NULL;
}

static MbeExpr* parse_primary(Parser* p) {
  MbeLoc loc = p->tok.loc;
  MbeExpr* e = NULL;
  switch (p->tok.kind) {
    case TK_NUMBER: return parse_number(p);
    case TK_STRING: {
      e = new_expr(p, MBE_EX_STRING, loc);
      if (!e || !(e->str = tok_string(p)) || !next(p)) {
        return NULL;
      }
      // "a" + "b" concatenation is an ordinary binary '+' on strings
      return e;
    }
    case KW_TRUE:
    case KW_FALSE:
      e = new_expr(p, MBE_EX_BOOL, loc);
      if (!e) {
        return NULL;
      }
      e->boolean = p->tok.kind == KW_TRUE;
      return next(p) ? e : NULL;
    case KW_END: e = new_expr(p, MBE_EX_END, loc); return e && next(p) ? e : NULL;
    case TK_LPAREN: return parse_paren(p);
    case TK_LBRACE:
      e = new_expr(p, MBE_EX_ARRAY, loc);
      if (!e || !next(p) || !parse_expr_list(p, e, TK_RBRACE)) {
        return NULL;
      }
      return expect(p, TK_RBRACE, "to close '{'") ? e : NULL;
    case TK_LBRACKET: {
      e = new_expr(p, MBE_EX_MATRIX, loc);
      size_t cap = 0;
      if (!e || !next(p)) {
        return NULL;
      }
      do {
        MbeExpr* row = new_expr(p, MBE_EX_ARRAY, p->tok.loc);
        if (!row || !parse_expr_list(p, row, TK_RBRACKET)) {
          return NULL;
        }
        PUSH(p, e->args, e->nargs, cap, row);
      } while (accept(p, TK_SEMI));
      return p->st == MBE_OK && expect(p, TK_RBRACKET, "to close '['") ? e : NULL;
    }
    case KW_DER:
    case KW_INITIAL:
    case KW_PURE: {
      // keyword functions: der(x), initial(), pure(f(x))
      e = new_expr(p, MBE_EX_CALL, loc);
      if (!e) {
        return NULL;
      }
      e->name.nparts = 1;
      e->name.loc = loc;
      e->name.parts = mbe_arena_alloc(p->arena, sizeof *e->name.parts);
      if (!e->name.parts || !(e->name.parts[0].ident = tok_ident(p))) {
        nomem(p);
        return NULL;
      }
      if (!next(p)) {
        return NULL;
      }
      return parse_call_args(p, e) ? e : NULL;
    }
    case TK_DOT:
    case TK_IDENT: {
      MbeName name;
      if (!parse_name(p, &name, true)) {
        return NULL;
      }
      e = new_expr(p, p->tok.kind == TK_LPAREN ? MBE_EX_CALL : MBE_EX_NAME, loc);
      if (!e) {
        return NULL;
      }
      e->name = name;
      if (e->kind == MBE_EX_CALL) {
        for (size_t i = 0; i < name.nparts; i++) {
          if (name.parts[i].nsubs) {
            fail_at(p, MBE_ERR_MODEL, name.loc, "a function name cannot have subscripts");
            return NULL;
          }
        }
        if (!parse_call_args(p, e)) {
          return NULL;
        }
      }
      return e;
    }
    default: expected(p, "an expression"); return NULL;
  }
}

static MbeExpr* binary(Parser* p, MbeOp op, MbeExpr* a, MbeExpr* b, MbeLoc loc) {
  if (!a || !b) {
    return NULL;
  }
  MbeExpr* e = new_expr(p, MBE_EX_BINARY, loc);
  MbeExpr** args = mbe_arena_alloc(p->arena, 2 * sizeof *args);
  if (!e || !args) {
    nomem(p);
    return NULL;
  }
  args[0] = a;
  args[1] = b;
  e->op = op;
  e->args = args;
  e->nargs = 2;
  return e;
}

static MbeExpr* unary(Parser* p, MbeOp op, MbeExpr* a, MbeLoc loc) {
  if (!a) {
    return NULL;
  }
  MbeExpr* e = new_expr(p, MBE_EX_UNARY, loc);
  MbeExpr** args = mbe_arena_alloc(p->arena, sizeof *args);
  if (!e || !args) {
    nomem(p);
    return NULL;
  }
  args[0] = a;
  e->op = op;
  e->args = args;
  e->nargs = 1;
  return e;
}

// factor: primary [('^' | '.^') primary]  (not associative in Modelica: a^b^c is an error)
static MbeExpr* parse_factor(Parser* p) {
  MbeExpr* a = parse_primary(p);
  if (a && (p->tok.kind == TK_CARET || p->tok.kind == TK_DOTCARET)) {
    MbeOp op = p->tok.kind == TK_CARET ? MBE_OP_POW : MBE_OP_EPOW;
    MbeLoc loc = p->tok.loc;
    if (!next(p)) {
      return NULL;
    }
    a = binary(p, op, a, parse_primary(p), loc);
    if (a && (p->tok.kind == TK_CARET || p->tok.kind == TK_DOTCARET)) {
      fail_at(p, MBE_ERR_MODEL, p->tok.loc, "'^' is not associative; write (a^b)^c or a^(b^c)");
      return NULL;
    }
  }
  return a;
}

static MbeExpr* parse_term(Parser* p) {
  MbeExpr* a = parse_factor(p);
  for (;;) {
    MbeOp op;
    switch (p->tok.kind) {
      case TK_STAR: op = MBE_OP_MUL; break;
      case TK_SLASH: op = MBE_OP_DIV; break;
      case TK_DOTSTAR: op = MBE_OP_EMUL; break;
      case TK_DOTSLASH: op = MBE_OP_EDIV; break;
      default: return a;
    }
    MbeLoc loc = p->tok.loc;
    if (!a || !next(p)) {
      return NULL;
    }
    a = binary(p, op, a, parse_factor(p), loc);
  }
}

// arithmetic-expression: [add-op] term {add-op term}
static MbeExpr* parse_arith(Parser* p) {
  MbeExpr* a;
  MbeLoc loc = p->tok.loc;
  if (p->tok.kind == TK_MINUS || p->tok.kind == TK_PLUS || p->tok.kind == TK_DOTMINUS ||
      p->tok.kind == TK_DOTPLUS) {
    MbeOp op = (p->tok.kind == TK_MINUS || p->tok.kind == TK_DOTMINUS) ? MBE_OP_NEG : MBE_OP_PLUS;
    if (!next(p)) {
      return NULL;
    }
    a = unary(p, op, parse_term(p), loc);
  } else {
    a = parse_term(p);
  }
  for (;;) {
    MbeOp op;
    switch (p->tok.kind) {
      case TK_PLUS: op = MBE_OP_ADD; break;
      case TK_MINUS: op = MBE_OP_SUB; break;
      case TK_DOTPLUS: op = MBE_OP_EADD; break;
      case TK_DOTMINUS: op = MBE_OP_ESUB; break;
      default: return a;
    }
    loc = p->tok.loc;
    if (!a || !next(p)) {
      return NULL;
    }
    a = binary(p, op, a, parse_term(p), loc);
  }
}

static MbeExpr* parse_relation(Parser* p) {
  MbeExpr* a = parse_arith(p);
  MbeOp op;
  switch (p->tok.kind) {
    case TK_LT: op = MBE_OP_LT; break;
    case TK_LE: op = MBE_OP_LE; break;
    case TK_GT: op = MBE_OP_GT; break;
    case TK_GE: op = MBE_OP_GE; break;
    case TK_EQ: op = MBE_OP_EQ; break;
    case TK_NE: op = MBE_OP_NE; break;
    default: return a;
  }
  MbeLoc loc = p->tok.loc;
  if (!a || !next(p)) {
    return NULL;
  }
  return binary(p, op, a, parse_arith(p), loc);
}

static MbeExpr* parse_logical_factor(Parser* p) {
  if (p->tok.kind == KW_NOT) {
    MbeLoc loc = p->tok.loc;
    if (!next(p)) {
      return NULL;
    }
    return unary(p, MBE_OP_NOT, parse_relation(p), loc);
  }
  return parse_relation(p);
}

// left-associative chain of one operator: sub {kw sub}
static MbeExpr* parse_chain(Parser* p, MbeExpr* (*sub)(Parser*), MbeTokenKind kw, MbeOp op) {
  MbeExpr* a = sub(p);
  while (a && p->tok.kind == kw) {
    MbeLoc loc = p->tok.loc;
    if (!next(p)) {
      return NULL;
    }
    a = binary(p, op, a, sub(p), loc);
  }
  return a;
}

static MbeExpr* parse_logical_term(Parser* p) {
  return parse_chain(p, parse_logical_factor, KW_AND, MBE_OP_AND);
}

static MbeExpr* parse_logical(Parser* p) {
  return parse_chain(p, parse_logical_term, KW_OR, MBE_OP_OR);
}

// simple-expression: logical [':' logical [':' logical]]
static MbeExpr* parse_simple(Parser* p) {
  MbeExpr* a = parse_logical(p);
  if (!a || p->tok.kind != TK_COLON) {
    return a;
  }
  MbeExpr* r = new_expr(p, MBE_EX_RANGE, a->loc);
  MbeExpr** args = mbe_arena_alloc(p->arena, 3 * sizeof *args);
  if (!r || !args) {
    nomem(p);
    return NULL;
  }
  r->args = args;
  args[r->nargs++] = a;
  while (p->tok.kind == TK_COLON && r->nargs < 3) {
    if (!next(p) || !(args[r->nargs++] = parse_logical(p))) {
      return NULL;
    }
  }
  return r;
}

// expression: simple-expression | if c then a {elseif c then a} else b
static MbeExpr* parse_expr(Parser* p) {
  if (!enter(p)) {
    return NULL;
  }
  MbeExpr* e;
  if (p->tok.kind == KW_IF) {
    e = new_expr(p, MBE_EX_IF, p->tok.loc);
    size_t cap = 0;
    if (!e || !next(p)) {
      return NULL;
    }
    for (;;) {
      MbeExpr* c = parse_expr(p);
      if (!c) {
        return NULL;
      }
      PUSH(p, e->args, e->nargs, cap, c);
      if (!expect(p, KW_THEN, "after the condition of an if-expression")) {
        return NULL;
      }
      MbeExpr* v = parse_expr(p);
      if (!v) {
        return NULL;
      }
      PUSH(p, e->args, e->nargs, cap, v);
      if (!accept(p, KW_ELSEIF)) {
        break;
      }
    }
    if (p->st != MBE_OK || !expect(p, KW_ELSE, "(an if-expression needs an else branch)")) {
      return NULL;
    }
    MbeExpr* v = parse_expr(p);
    if (!v) {
      return NULL;
    }
    PUSH(p, e->args, e->nargs, cap, v);
  } else {
    e = parse_simple(p);
  }
  leave(p);
  return e;
}

// ---- modifications and annotations --------------------------------------------------------

// string-comment: [STRING {'+' STRING}]
static const char* parse_string_comment(Parser* p) {
  if (p->tok.kind != TK_STRING) {
    return "";
  }
  MbeStrbuf sb;
  mbe_strbuf_init(&sb);
  for (;;) {
    const char* s = tok_string(p);
    if (!s || !next(p)) {
      mbe_strbuf_deinit(&sb);
      return NULL;
    }
    mbe_strbuf_puts(&sb, s);
    if (p->tok.kind != TK_PLUS) {
      break;
    }
    if (!next(p)) {
      mbe_strbuf_deinit(&sb);
      return NULL;
    }
    if (p->tok.kind != TK_STRING) {
      mbe_strbuf_deinit(&sb);
      expected(p, "a string after '+' in a description");
      return NULL;
    }
  }
  const char* out = mbe_arena_strdup(p->arena, sb.data ? sb.data : "");
  bool oom = sb.is_oom;
  mbe_strbuf_deinit(&sb);
  if (!out || oom) {
    nomem(p);
    return NULL;
  }
  return out;
}

static MbeClass* parse_class_def(Parser* p, MbeClass* parent);
static bool is_class_start(MbeTokenKind k);
static bool parse_constraint(Parser* p, MbeConstraint** out);

typedef struct Prefixes {
  bool is_final, is_inner, is_outer, is_flow, is_protected;
  bool is_replaceable, is_redeclare, is_stream;
  bool is_single;  // component-clause1 (in a modification): one declaration, no list
  MbeLoc prefix_loc;
  MbeVariability variability;
  MbeCausality causality;
} Prefixes;

static bool parse_component_clause(Parser* p, MbeClass* c, size_t* cap, Prefixes pre);

// the element of `redeclare`/`replaceable` in a modification: a short class definition or one
// component declaration, with an optional constrainedby
static bool parse_mod_redeclaration(Parser* p, MbeModArg* a, MbeLoc start) {
  a->loc = start;
  if (is_class_start(p->tok.kind)) {
    MbeClass* c = parse_class_def(p, p->scope);
    if (!c) {
      return false;
    }
    c->is_redeclare = a->is_redeclare;
    c->is_replaceable = a->is_replaceable;
    c->prefix_loc = a->loc;
    if (a->is_replaceable && p->tok.kind == KW_CONSTRAINEDBY && !parse_constraint(p, &c->constraint)) {
      return false;
    }
    a->redecl_class = c;
    a->loc = c->loc;
  } else {
    MbeClass holder;
    memset(&holder, 0, sizeof holder);
    size_t cap = 0;
    Prefixes pre = {.is_final = a->is_final, .is_redeclare = a->is_redeclare,
                    .is_replaceable = a->is_replaceable, .prefix_loc = a->loc,
                    .is_single = true};
    if (!parse_component_clause(p, &holder, &cap, pre)) {
      return false;
    }
    a->redecl_comp = &holder.comps[0];
    a->loc = holder.comps[0].loc;
    if (a->is_replaceable && p->tok.kind == KW_CONSTRAINEDBY &&
        !parse_constraint(p, &a->redecl_comp->constraint)) {
      return false;
    }
  }
  const char** path = mbe_arena_alloc(p->arena, sizeof *path);
  if (!path) {
    return nomem(p);
  }
  path[0] = a->redecl_class ? a->redecl_class->name : a->redecl_comp->name;
  a->path = path;
  a->npath = 1;
  return true;
}

// argument: [redeclare] [each] [final] ([replaceable] element | name [modification]) comment
static bool parse_mod_arg(Parser* p, MbeModArg* a) {
  memset(a, 0, sizeof *a);
  MbeLoc start = p->tok.loc;
  a->is_redeclare = accept(p, KW_REDECLARE);
  a->is_each = accept(p, KW_EACH);
  a->is_final = accept(p, KW_FINAL);
  a->is_replaceable = accept(p, KW_REPLACEABLE);
  if (p->st != MBE_OK) {
    return false;
  }
  if (a->is_redeclare || a->is_replaceable) {
    return parse_mod_redeclaration(p, a, start);
  }
  a->loc = p->tok.loc;
  size_t cap = 0;
  for (;;) {
    if (p->tok.kind != TK_IDENT) {
      return expected(p, "the name of an element to modify");
    }
    const char* id = tok_ident(p);
    if (!id || !next(p)) {
      return false;
    }
    PUSH(p, a->path, a->npath, cap, id);
    if (!accept(p, TK_DOT)) {
      break;
    }
  }
  if (p->st != MBE_OK) {
    return false;
  }
  if (p->tok.kind == TK_LPAREN) {
    if (!(a->sub = parse_class_mod(p))) {
      return false;
    }
  }
  if (p->tok.kind == TK_EQUALS || p->tok.kind == TK_ASSIGN) {
    if (p->tok.kind == TK_ASSIGN) {
      return fail_at(p, MBE_ERR_MODEL, p->tok.loc,
                     "':=' is for algorithms; a modifier binds with '='");
    }
    if (!next(p)) {
      return false;
    }
    a->value_loc = p->tok.loc;
    if (!(a->value = parse_expr(p))) {
      return false;
    }
  }
  return parse_string_comment(p) != NULL;
}

// class-modification: '(' [argument {',' argument}] ')'
static MbeMod* parse_class_mod(Parser* p) {
  if (!enter(p)) {
    return NULL;
  }
  MbeMod* m = mbe_arena_alloc(p->arena, sizeof *m);
  if (!m) {
    nomem(p);
    return NULL;
  }
  m->loc = p->tok.loc;
  size_t cap = 0;
  if (!expect(p, TK_LPAREN, NULL)) {
    return NULL;
  }
  if (p->tok.kind != TK_RPAREN) {
    do {
      MbeModArg a;
      if (!parse_mod_arg(p, &a)) {
        return NULL;
      }
      PUSH(p, m->args, m->nargs, cap, a);
    } while (accept(p, TK_COMMA));
  }
  if (p->st != MBE_OK || !expect(p, TK_RPAREN, "to close the modification")) {
    return NULL;
  }
  leave(p);
  return m;
}

static const MbeModArg* mod_find(const MbeMod* m, const char* name) {
  for (size_t i = 0; m && i < m->nargs; i++) {
    if (m->args[i].npath == 1 && strcmp(m->args[i].path[0], name) == 0) {
      return &m->args[i];
    }
  }
  return NULL;
}

// annotation: parsed in full (so that a malformed one is an error) and mined for what mbens
// uses: experiment(...) on classes and Evaluate=true on components
static MbeMod* parse_annotation(Parser* p) {
  if (!expect(p, KW_ANNOTATION, NULL)) {
    return NULL;
  }
  return parse_class_mod(p);
}

static bool take_experiment(Parser* p, MbeClass* c, const MbeMod* ann) {
  const MbeModArg* ex = mod_find(ann, "experiment");
  if (!ex || !ex->sub) {
    return true;
  }
  MbeExperiment* e = mbe_arena_alloc(p->arena, sizeof *e);
  if (!e) {
    return nomem(p);
  }
  e->loc = ex->loc;
  static const char* const KEYS[] = {"StartTime", "StopTime", "Interval", "Tolerance"};
  MbeExpr** slots[] = {&e->start_time, &e->stop_time, &e->interval, &e->tolerance};
  for (size_t i = 0; i < 4; i++) {
    const MbeModArg* a = mod_find(ex->sub, KEYS[i]);
    *slots[i] = a ? a->value : NULL;
  }
  c->experiment = e;
  return true;
}

// comment: string-comment [annotation]; returns the annotation (NULL if none) through ann
static bool parse_comment(Parser* p, const char** desc, MbeMod** ann) {
  const char* d = parse_string_comment(p);
  if (!d) {
    return false;
  }
  if (desc) {
    *desc = d;
  }
  *ann = NULL;
  if (p->tok.kind == KW_ANNOTATION) {
    *ann = parse_annotation(p);
    return *ann != NULL;
  }
  return true;
}

// ---- elements -----------------------------------------------------------------------------

// the rest of `import A.B.{c, d}` after the '{': one qualified import per name
static bool parse_import_list(Parser* p, MbeClass* c, size_t* cap, const MbeImport* prefix) {
  if (!next(p)) {
    return false;
  }
  do {
    if (p->tok.kind != TK_IDENT) {
      return expected(p, "a name in the import list");
    }
    MbeImport imp = *prefix;
    imp.kind = MBE_IMPORT_QUALIFIED;
    imp.path.parts = mbe_arena_alloc(p->arena, (prefix->path.nparts + 1) * sizeof *imp.path.parts);
    if (!imp.path.parts) {
      return nomem(p);
    }
    memcpy(imp.path.parts, prefix->path.parts, prefix->path.nparts * sizeof *imp.path.parts);
    MbeNamePart part = {tok_ident(p), NULL, 0};
    if (!part.ident || !next(p)) {
      return false;
    }
    imp.path.parts[imp.path.nparts++] = part;
    imp.alias = part.ident;
    PUSH(p, c->imports, c->nimports, *cap, imp);
  } while (accept(p, TK_COMMA));
  MbeMod* ann;
  return p->st == MBE_OK && expect(p, TK_RBRACE, "to close the import list") &&
         parse_comment(p, NULL, &ann);
}

static bool parse_import(Parser* p, MbeClass* c, size_t* cap) {
  MbeImport imp;
  memset(&imp, 0, sizeof imp);
  imp.loc = p->tok.loc;
  if (!next(p)) {
    return false;
  }
  if (p->tok.kind == TK_IDENT && peek_kind(p) == TK_EQUALS) {
    imp.kind = MBE_IMPORT_ALIAS;
    if (!(imp.alias = tok_ident(p)) || !next(p) || !next(p) || !parse_name(p, &imp.path, false)) {
      return false;
    }
  } else {
    // A.B.C, A.B.*, A.B.{c, d}: parse the dotted prefix by hand to see the '*' or '{'
    imp.kind = MBE_IMPORT_QUALIFIED;
    imp.path.loc = p->tok.loc;
    size_t pcap = 0;
    for (;;) {
      if (p->tok.kind == TK_STAR && imp.path.nparts > 0) {
        imp.kind = MBE_IMPORT_WILDCARD;
        if (!next(p)) {
          return false;
        }
        break;
      }
      if (p->tok.kind == TK_LBRACE && imp.path.nparts > 0) {
        return parse_import_list(p, c, cap, &imp);
      }
      if (p->tok.kind != TK_IDENT) {
        return expected(p, "a name in the import");
      }
      MbeNamePart part = {tok_ident(p), NULL, 0};
      if (!part.ident || !next(p)) {
        return false;
      }
      PUSH(p, imp.path.parts, imp.path.nparts, pcap, part);
      if (p->tok.kind == TK_DOTSTAR) {
        imp.kind = MBE_IMPORT_WILDCARD;
        if (!next(p)) {
          return false;
        }
        break;
      }
      if (!accept(p, TK_DOT)) {
        if (p->st != MBE_OK) {
          return false;
        }
        break;
      }
    }
    if (imp.kind == MBE_IMPORT_QUALIFIED) {
      imp.alias = imp.path.parts[imp.path.nparts - 1].ident;
    }
  }
  MbeMod* ann;
  if (!parse_comment(p, NULL, &ann)) {
    return false;
  }
  PUSH(p, c->imports, c->nimports, *cap, imp);
  return true;
}

static bool parse_extends(Parser* p, MbeClass* c, size_t* cap, bool is_protected) {
  MbeExtends ext;
  memset(&ext, 0, sizeof ext);
  ext.loc = p->tok.loc;
  ext.is_protected = is_protected;
  if (!next(p) || !parse_name(p, &ext.base, false)) {
    return false;
  }
  if (p->tok.kind == TK_LPAREN && !(ext.mod = parse_class_mod(p))) {
    return false;
  }
  MbeMod* ann = NULL;
  if (p->tok.kind == KW_ANNOTATION && !(ann = parse_annotation(p))) {
    return false;
  }
  PUSH(p, c->extends, c->nextends, *cap, ext);
  return true;
}

// component-clause: type-prefix type-specifier [subscripts] component-list
static bool parse_component_clause(Parser* p, MbeClass* c, size_t* cap, Prefixes pre) {
  // type-prefix
  for (;;) {
    MbeTokenKind k = p->tok.kind;
    if (k == KW_FLOW) {
      pre.is_flow = true;
    } else if (k == KW_STREAM) {
      pre.is_stream = true;
      pre.prefix_loc = p->tok.loc;
    } else if (k == KW_DISCRETE) {
      pre.variability = MBE_VAR_DISCRETE;
    } else if (k == KW_PARAMETER) {
      pre.variability = MBE_VAR_PARAMETER;
    } else if (k == KW_CONSTANT) {
      pre.variability = MBE_VAR_CONSTANT;
    } else if (k == KW_INPUT) {
      pre.causality = MBE_CAUS_INPUT;
    } else if (k == KW_OUTPUT) {
      pre.causality = MBE_CAUS_OUTPUT;
    } else {
      break;
    }
    if (!next(p)) {
      return false;
    }
  }
  MbeComp proto;
  memset(&proto, 0, sizeof proto);
  proto.variability = pre.variability;
  proto.causality = pre.causality;
  proto.is_final = pre.is_final;
  proto.is_inner = pre.is_inner;
  proto.is_outer = pre.is_outer;
  proto.is_flow = pre.is_flow;
  proto.is_protected = pre.is_protected;
  proto.is_stream = pre.is_stream;
  proto.is_replaceable = pre.is_replaceable;
  proto.is_redeclare = pre.is_redeclare;
  proto.prefix_loc = pre.prefix_loc;
  if (!parse_name(p, &proto.type, false)) {
    return false;
  }
  if (p->tok.kind == TK_LBRACKET && !parse_subscripts(p, &proto.type_dims, &proto.ntype_dims)) {
    return false;
  }

  // component-list: declaration [condition] comment {',' ...}
  do {
    MbeComp comp = proto;
    if (p->tok.kind != TK_IDENT) {
      return expected(p, "a component name");
    }
    comp.loc = p->tok.loc;
    if (!(comp.name = tok_ident(p)) || !next(p)) {
      return false;
    }
    if (p->tok.kind == TK_LBRACKET && !parse_subscripts(p, &comp.dims, &comp.ndims)) {
      return false;
    }
    if (p->tok.kind == TK_LPAREN && !(comp.mod = parse_class_mod(p))) {
      return false;
    }
    if (p->tok.kind == TK_ASSIGN) {
      return fail_at(p, MBE_ERR_MODEL, p->tok.loc,
                     "':=' is for algorithms; a declaration binds with '='");
    }
    if (accept(p, TK_EQUALS)) {
      comp.binding_loc = p->tok.loc;
      if (!(comp.binding = parse_expr(p))) {
        return false;
      }
    }
    if (p->st != MBE_OK) {
      return false;
    }
    if (accept(p, KW_IF)) {
      if (!(comp.condition = parse_expr(p))) {
        return false;
      }
    }
    MbeMod* ann;
    if (p->st != MBE_OK || !parse_comment(p, &comp.description, &ann)) {
      return false;
    }
    const MbeModArg* ev = mod_find(ann, "Evaluate");
    comp.is_evaluate = ev && ev->value && ev->value->kind == MBE_EX_BOOL && ev->value->boolean;
    PUSH(p, c->comps, c->ncomps, *cap, comp);
  } while (!pre.is_single && accept(p, TK_COMMA));
  return p->st == MBE_OK;
}

// ---- equations and algorithms -------------------------------------------------------------

static bool parse_equation(Parser* p, MbeEquation* eq, bool is_initial);

// equations up to one of the stop keywords, each followed by ';'
static bool parse_equation_list(Parser* p, MbeEqBranch* br, bool is_initial, MbeTokenKind stop1,
                                MbeTokenKind stop2, MbeTokenKind stop3) {
  size_t cap = 0;
  while (p->tok.kind != stop1 && p->tok.kind != stop2 && p->tok.kind != stop3) {
    if (p->tok.kind == TK_EOF) {
      return expected(p, "'end' to close the equations");
    }
    MbeEquation eq;
    if (!parse_equation(p, &eq, is_initial) || !expect(p, TK_SEMI, "after the equation")) {
      return false;
    }
    PUSH(p, br->eqs, br->neqs, cap, eq);
  }
  return p->st == MBE_OK;
}

// 'end' KW: closes an if/for/when/while
static bool expect_end(Parser* p, MbeTokenKind kw) {
  char what[64];
  snprintf(what, sizeof what, "'end %s'", mbe_token_str(kw));
  if (p->tok.kind != KW_END || peek_kind(p) != kw) {
    return expected(p, what);
  }
  return next(p) && next(p);
}

// if/when equation: KW c then eqs {ELSEKW c then eqs} [else eqs] end KW
static bool parse_eq_branches(Parser* p, MbeEquation* eq, MbeTokenKind kw, MbeTokenKind elsekw) {
  size_t cap = 0;
  MbeTokenKind k = kw;
  while (k == kw || k == elsekw) {
    MbeEqBranch br = {0};
    if (!next(p) || !(br.cond = parse_expr(p)) || !expect(p, KW_THEN, "after the condition") ||
        !parse_equation_list(p, &br, eq->is_initial, elsekw, kw == KW_IF ? KW_ELSE : KW_END,
                             KW_END)) {
      return false;
    }
    PUSH(p, eq->branches, eq->nbranches, cap, br);
    k = p->tok.kind;
  }
  if (kw == KW_IF && k == KW_ELSE) {
    MbeEqBranch br = {0};
    if (!next(p) || !parse_equation_list(p, &br, eq->is_initial, KW_END, KW_END, KW_END)) {
      return false;
    }
    PUSH(p, eq->branches, eq->nbranches, cap, br);
  }
  return expect_end(p, kw);
}

static bool parse_eq_for(Parser* p, MbeEquation* eq) {
  MbeEqBranch* br = mbe_arena_alloc(p->arena, sizeof *br);
  if (!br) {
    return nomem(p);
  }
  eq->branches = br;
  eq->nbranches = 1;
  return next(p) && parse_for_indices(p, &eq->iters, &eq->niters) &&
         expect(p, KW_LOOP, "after the for-iterators") &&
         parse_equation_list(p, br, eq->is_initial, KW_END, KW_END, KW_END) &&
         expect_end(p, KW_FOR);
}

// equation: connect(a, b) | if/for/when | f(args) | simple-expression '=' expression; comment
static bool parse_equation(Parser* p, MbeEquation* eq, bool is_initial) {
  memset(eq, 0, sizeof *eq);
  eq->loc = p->tok.loc;
  eq->is_initial = is_initial;
  bool ok = true;
  switch (p->tok.kind) {
    case KW_IF: eq->kind = MBE_EQ_IF; ok = parse_eq_branches(p, eq, KW_IF, KW_ELSEIF); break;
    case KW_WHEN: eq->kind = MBE_EQ_WHEN; ok = parse_eq_branches(p, eq, KW_WHEN, KW_ELSEWHEN); break;
    case KW_FOR: eq->kind = MBE_EQ_FOR; ok = parse_eq_for(p, eq); break;
    case KW_CONNECT:
      eq->kind = MBE_EQ_CONNECT;
      ok = next(p) && expect(p, TK_LPAREN, "after connect") && parse_name(p, &eq->a, true) &&
           expect(p, TK_COMMA, "between the two connectors of connect") &&
           parse_name(p, &eq->b, true) && expect(p, TK_RPAREN, "to close connect(");
      break;
    default:
      eq->kind = MBE_EQ_SIMPLE;
      if (!(eq->lhs = parse_simple(p))) {
        return false;
      }
      if (p->tok.kind != TK_EQUALS && eq->lhs->kind == MBE_EX_CALL) {
        eq->kind = MBE_EQ_CALL;
        eq->rhs = eq->lhs;
        eq->lhs = NULL;
        break;
      }
      if (p->tok.kind != TK_EQUALS) {
        return expected(p, "'=' in the equation");
      }
      ok = next(p) && (eq->rhs = parse_expr(p)) != NULL;
  }
  MbeMod* ann;
  return ok && parse_comment(p, NULL, &ann);
}

static bool parse_statement(Parser* p, MbeStatement* st);

// statements up to one of the stop keywords, each followed by ';'
static bool parse_statement_list(Parser* p, MbeStmtBranch* br, MbeTokenKind stop1,
                                 MbeTokenKind stop2, MbeTokenKind stop3) {
  size_t cap = 0;
  while (p->tok.kind != stop1 && p->tok.kind != stop2 && p->tok.kind != stop3) {
    if (p->tok.kind == TK_EOF) {
      return expected(p, "'end' to close the statements");
    }
    MbeStatement st;
    if (!parse_statement(p, &st) || !expect(p, TK_SEMI, "after the statement")) {
      return false;
    }
    PUSH(p, br->body, br->nbody, cap, st);
  }
  return p->st == MBE_OK;
}

static bool parse_st_branches(Parser* p, MbeStatement* st, MbeTokenKind kw, MbeTokenKind elsekw) {
  size_t cap = 0;
  MbeTokenKind k = kw;
  while (k == kw || k == elsekw) {
    MbeStmtBranch br = {0};
    if (!next(p) || !(br.cond = parse_expr(p)) || !expect(p, KW_THEN, "after the condition") ||
        !parse_statement_list(p, &br, elsekw, kw == KW_IF ? KW_ELSE : KW_END, KW_END)) {
      return false;
    }
    PUSH(p, st->branches, st->nbranches, cap, br);
    k = p->tok.kind;
  }
  if (kw == KW_IF && k == KW_ELSE) {
    MbeStmtBranch br = {0};
    if (!next(p) || !parse_statement_list(p, &br, KW_END, KW_END, KW_END)) {
      return false;
    }
    PUSH(p, st->branches, st->nbranches, cap, br);
  }
  return expect_end(p, kw);
}

// for i in r loop ... end for | while c loop ... end while
static bool parse_st_loop(Parser* p, MbeStatement* st, MbeTokenKind kw) {
  MbeStmtBranch* br = mbe_arena_alloc(p->arena, sizeof *br);
  if (!br || !next(p)) {
    return br ? false : nomem(p);
  }
  st->branches = br;
  st->nbranches = 1;
  bool head = kw == KW_FOR ? parse_for_indices(p, &st->iters, &st->niters)
                           : (br->cond = parse_expr(p)) != NULL;
  return head && expect(p, KW_LOOP, "to start the loop body") &&
         parse_statement_list(p, br, KW_END, KW_END, KW_END) && expect_end(p, kw);
}

// statement: name := e | f(args) | (a, b) := f(args) | if | for | while | when | break | return
static bool parse_statement(Parser* p, MbeStatement* st) {
  memset(st, 0, sizeof *st);
  st->loc = p->tok.loc;
  bool ok = true;
  switch (p->tok.kind) {
    case KW_IF: st->kind = MBE_ST_IF; ok = parse_st_branches(p, st, KW_IF, KW_ELSEIF); break;
    case KW_WHEN: st->kind = MBE_ST_WHEN; ok = parse_st_branches(p, st, KW_WHEN, KW_ELSEWHEN); break;
    case KW_FOR: st->kind = MBE_ST_FOR; ok = parse_st_loop(p, st, KW_FOR); break;
    case KW_WHILE: st->kind = MBE_ST_WHILE; ok = parse_st_loop(p, st, KW_WHILE); break;
    case KW_BREAK: st->kind = MBE_ST_BREAK; ok = next(p); break;
    case KW_RETURN: st->kind = MBE_ST_RETURN; ok = next(p); break;
    default: {
      MbeExpr* e = parse_primary(p);
      if (!e) {
        return false;
      }
      if (p->tok.kind == TK_ASSIGN) {
        if (e->kind != MBE_EX_NAME && e->kind != MBE_EX_TUPLE && e->kind != MBE_EX_PAREN) {
          return fail_at(p, MBE_ERR_MODEL, e->loc, "the left side of ':=' must be a variable");
        }
        st->kind = MBE_ST_ASSIGN;
        st->lhs = e;
        ok = next(p) && (st->rhs = parse_expr(p)) != NULL;
      } else if (e->kind == MBE_EX_CALL) {
        st->kind = MBE_ST_CALL;
        st->rhs = e;
      } else if (p->tok.kind == TK_EQUALS) {
        return fail_at(p, MBE_ERR_MODEL, p->tok.loc, "an algorithm assigns with ':=', not '='");
      } else {
        return expected(p, "':=' in the statement");
      }
    }
  }
  MbeMod* ann;
  return ok && parse_comment(p, NULL, &ann);
}

// the statements of an algorithm section, up to the next section or the end of the class
static bool parse_algorithm(Parser* p, MbeClass* c, size_t* cap, bool is_initial, MbeLoc loc) {
  MbeAlgorithm alg = {NULL, 0, is_initial, loc};
  size_t scap = 0;
  for (;;) {
    MbeTokenKind k = p->tok.kind;
    if (k == KW_END || k == TK_EOF || k == KW_EQUATION || k == KW_ALGORITHM ||
        k == KW_PUBLIC || k == KW_PROTECTED || k == KW_EXTERNAL || k == KW_ANNOTATION ||
        (k == KW_INITIAL && (peek_kind(p) == KW_EQUATION || peek_kind(p) == KW_ALGORITHM))) {
      break;
    }
    MbeStatement st;
    if (!parse_statement(p, &st) || !expect(p, TK_SEMI, "after the statement")) {
      return false;
    }
    PUSH(p, alg.stmts, alg.nstmts, scap, st);
  }
  if (p->st != MBE_OK) {
    return false;
  }
  PUSH(p, c->algorithms, c->nalgorithms, *cap, alg);
  return true;
}

// external ["lang"] [[ref =] f(args)] [annotation] ';'
static bool parse_external(Parser* p, MbeClass* c) {
  MbeExternal* x = mbe_arena_alloc(p->arena, sizeof *x);
  if (!x || !next(p)) {
    return x ? false : nomem(p);
  }
  x->loc = c->loc;
  x->language = "";
  if (p->tok.kind == TK_STRING && !(x->language = tok_string(p), x->language && next(p))) {
    return false;
  }
  if (p->tok.kind == TK_IDENT || p->tok.kind == TK_DOT) {
    MbeExpr* e = parse_primary(p);
    if (!e) {
      return false;
    }
    if (accept(p, TK_EQUALS)) {
      MbeExpr* call = parse_primary(p);
      if (!call) {
        return false;
      }
      e = binary(p, MBE_OP_EQ, e, call, e->loc);
    }
    x->call = e;
  }
  MbeMod* ann = NULL;
  if (p->st != MBE_OK || (p->tok.kind == KW_ANNOTATION && !(ann = parse_annotation(p)))) {
    return false;
  }
  c->external = x;
  return expect(p, TK_SEMI, "after the external clause");
}

typedef struct Caps {
  size_t imports, extends, comps, classes, eqs, algorithms;
} Caps;

static bool is_class_start(MbeTokenKind k) {
  switch (k) {
    case KW_ENCAPSULATED:
    case KW_PARTIAL:
    case KW_CLASS:
    case KW_MODEL:
    case KW_RECORD:
    case KW_BLOCK:
    case KW_CONNECTOR:
    case KW_EXPANDABLE:
    case KW_TYPE:
    case KW_PACKAGE:
    case KW_FUNCTION:
    case KW_OPERATOR:
    case KW_PURE:
    case KW_IMPURE: return true;
    default: return false;
  }
}

// constrainedby type-specifier [class-modification]
static bool parse_constraint(Parser* p, MbeConstraint** out) {
  MbeConstraint* k = mbe_arena_alloc(p->arena, sizeof *k);
  if (!k) {
    return nomem(p);
  }
  if (!next(p) || !parse_name(p, &k->base, false) ||
      (p->tok.kind == TK_LPAREN && !(k->mod = parse_class_mod(p)))) {
    return false;
  }
  *out = k;
  return true;
}

// a nested class definition with its element prefixes
static bool parse_nested_class(Parser* p, MbeClass* c, Caps* caps, const Prefixes* pre) {
  MbeClass* nc = parse_class_def(p, c);
  if (!nc) {
    return false;
  }
  nc->is_replaceable = pre->is_replaceable;
  nc->is_redeclare = pre->is_redeclare;
  if (pre->is_replaceable || pre->is_redeclare) {
    nc->prefix_loc = pre->prefix_loc;
  }
  if (pre->is_replaceable && p->tok.kind == KW_CONSTRAINEDBY) {
    MbeMod* ann;
    if (!parse_constraint(p, &nc->constraint) || !parse_comment(p, NULL, &ann)) {
      return false;
    }
  }
  for (size_t i = 0; i < c->nclasses; i++) {
    if (strcmp(c->classes[i]->name, nc->name) == 0) {
      return fail_at(p, MBE_ERR_MODEL, nc->loc, "class %s is defined twice in %s (first at line %d)",
                     nc->name, c->name, c->classes[i]->loc.line);
    }
  }
  PUSH(p, c->classes, c->nclasses, caps->classes, nc);
  return true;
}

// element: import | extends | [redeclare] [final] [inner] [outer] [replaceable]
// (class-definition | component-clause) [constrainedby ...]
static bool parse_element(Parser* p, MbeClass* c, Caps* caps, bool is_protected) {
  MbeTokenKind k = p->tok.kind;
  if (k == KW_IMPORT) {
    return parse_import(p, c, &caps->imports);
  }
  if (k == KW_EXTENDS) {
    return parse_extends(p, c, &caps->extends, is_protected);
  }
  Prefixes pre = {0};
  pre.is_protected = is_protected;
  pre.prefix_loc = p->tok.loc;
  pre.is_redeclare = accept(p, KW_REDECLARE);
  pre.is_final = accept(p, KW_FINAL);
  pre.is_inner = accept(p, KW_INNER);
  pre.is_outer = accept(p, KW_OUTER);
  if (!pre.is_redeclare && p->tok.kind == KW_REPLACEABLE) {
    pre.prefix_loc = p->tok.loc;
  }
  pre.is_replaceable = accept(p, KW_REPLACEABLE);
  if (p->st != MBE_OK) {
    return false;
  }
  if (is_class_start(p->tok.kind)) {
    return parse_nested_class(p, c, caps, &pre);
  }
  size_t first = c->ncomps;
  if (!parse_component_clause(p, c, &caps->comps, pre)) {
    return false;
  }
  if (pre.is_replaceable && p->tok.kind == KW_CONSTRAINEDBY) {
    MbeConstraint* k2 = NULL;
    MbeMod* ann;
    if (!parse_constraint(p, &k2) || !parse_comment(p, NULL, &ann)) {
      return false;
    }
    for (size_t i = first; i < c->ncomps; i++) {
      c->comps[i].constraint = k2;
    }
  }
  return true;
}

// composition: element-list {public|protected element-list | equation-section |
// algorithm-section} [external ...] [annotation;]
static bool parse_composition(Parser* p, MbeClass* c) {
  Caps caps = {0};
  bool is_protected = false;
  enum { ELEMENTS, EQUATIONS, INITIAL_EQUATIONS } section = ELEMENTS;
  for (;;) {
    MbeTokenKind k = p->tok.kind;
    if (k == KW_END || k == TK_EOF) {
      return true;
    }
    MbeLoc loc = p->tok.loc;
    bool initial = k == KW_INITIAL;
    MbeTokenKind after = initial ? peek_kind(p) : k;

    // section keywords
    if (k == KW_PUBLIC || k == KW_PROTECTED) {
      is_protected = k == KW_PROTECTED;
      section = ELEMENTS;
      if (!next(p)) {
        return false;
      }
      continue;
    }
    if (after == KW_EQUATION) {
      section = initial ? INITIAL_EQUATIONS : EQUATIONS;
      if (!next(p) || (initial && !next(p))) {
        return false;
      }
      continue;
    }
    if (after == KW_ALGORITHM) {
      if (!next(p) || (initial && !next(p)) ||
          !parse_algorithm(p, c, &caps.algorithms, initial, loc)) {
        return false;
      }
      section = ELEMENTS;  // what may follow: another section, external, annotation, end
      continue;
    }
    if (k == KW_EXTERNAL) {
      if (!parse_external(p, c)) {
        return false;
      }
      continue;
    }
    if (k == KW_ANNOTATION) {
      MbeMod* ann = parse_annotation(p);
      if (!ann || !take_experiment(p, c, ann) || !expect(p, TK_SEMI, "after the annotation")) {
        return false;
      }
      continue;
    }

    if (section != ELEMENTS) {
      MbeEquation eq;
      if (!parse_equation(p, &eq, section == INITIAL_EQUATIONS) ||
          !expect(p, TK_SEMI, "after the equation")) {
        return false;
      }
      PUSH(p, c->eqs, c->neqs, caps.eqs, eq);
      continue;
    }
    if (!parse_element(p, c, &caps, is_protected) || !expect(p, TK_SEMI, "after the element")) {
      return false;
    }
  }
}

// enumeration literals: '(' [lit comment {',' lit comment} | ':'] ')'
static bool parse_enumeration(Parser* p, MbeClass* c) {
  size_t cap = 0;
  c->is_enumeration = true;
  if (!next(p) || !expect(p, TK_LPAREN, "after enumeration")) {
    return false;
  }
  if (p->tok.kind == TK_COLON) {
    c->is_open_enumeration = true;
    return next(p) && expect(p, TK_RPAREN, "to close the enumeration");
  }
  if (p->tok.kind != TK_RPAREN) {
    do {
      if (p->tok.kind != TK_IDENT) {
        return expected(p, "an enumeration literal");
      }
      MbeEnumLit lit = {tok_ident(p), "", p->tok.loc};
      MbeMod* ann;
      if (!lit.name || !next(p) || !parse_comment(p, &lit.description, &ann)) {
        return false;
      }
      for (size_t i = 0; i < c->nliterals; i++) {
        if (strcmp(c->literals[i].name, lit.name) == 0) {
          return fail_at(p, MBE_ERR_MODEL, lit.loc, "enumeration literal '%s' appears twice",
                         lit.name);
        }
      }
      PUSH(p, c->literals, c->nliterals, cap, lit);
    } while (accept(p, TK_COMMA));
  }
  return p->st == MBE_OK && expect(p, TK_RPAREN, "to close the enumeration");
}

// class-prefixes: [partial] (class | model | [operator] record | block | [expandable] connector
// | type | package | [pure | impure] [operator] function | operator)
static bool parse_class_prefixes(Parser* p, MbeClass* c) {
  c->is_partial = accept(p, KW_PARTIAL);
  if (p->st != MBE_OK) {
    return false;
  }
  c->prefix_loc = p->tok.loc;
  c->is_expandable = accept(p, KW_EXPANDABLE);
  c->is_pure = accept(p, KW_PURE);
  c->is_impure = !c->is_pure && accept(p, KW_IMPURE);
  if (p->st != MBE_OK) {
    return false;
  }
  if ((c->is_pure || c->is_impure) && p->tok.kind != KW_FUNCTION && p->tok.kind != KW_OPERATOR) {
    return expected(p, "'function' after pure/impure");
  }
  if (p->tok.kind == KW_OPERATOR) {
    c->restriction = MBE_CLASS_OPERATOR;
    if (!next(p)) {
      return false;
    }
    if (p->tok.kind != KW_RECORD && p->tok.kind != KW_FUNCTION) {
      return !c->is_expandable && !c->is_pure && !c->is_impure ? true
                                                               : expected(p, "'function'");
    }
    c->is_operator = true;
  }
  switch (p->tok.kind) {
    case KW_CLASS: c->restriction = MBE_CLASS_CLASS; break;
    case KW_MODEL: c->restriction = MBE_CLASS_MODEL; break;
    case KW_RECORD: c->restriction = MBE_CLASS_RECORD; break;
    case KW_BLOCK: c->restriction = MBE_CLASS_BLOCK; break;
    case KW_CONNECTOR: c->restriction = MBE_CLASS_CONNECTOR; break;
    case KW_TYPE: c->restriction = MBE_CLASS_TYPE; break;
    case KW_PACKAGE: c->restriction = MBE_CLASS_PACKAGE; break;
    case KW_FUNCTION: c->restriction = MBE_CLASS_FUNCTION; break;
    default:
      return expected(p, "a class kind (model, block, connector, record, package, type, function)");
  }
  if ((c->is_expandable && c->restriction != MBE_CLASS_CONNECTOR) ||
      ((c->is_pure || c->is_impure) && c->restriction != MBE_CLASS_FUNCTION) ||
      (c->is_operator && c->restriction != MBE_CLASS_RECORD &&
       c->restriction != MBE_CLASS_FUNCTION)) {
    return fail_at(p, MBE_ERR_MODEL, c->prefix_loc, "these class prefixes do not go together");
  }
  return next(p);
}

// short-class-definition after '=': enumeration(...) | der(f, x) | [input|output] name[dims](mod)
static bool parse_short_class(Parser* p, MbeClass* c) {
  c->is_short = true;
  if (p->tok.kind == KW_ENUMERATION) {
    return parse_enumeration(p, c);
  }
  if (p->tok.kind == KW_DER) {
    c->short_der = parse_primary(p);
    return c->short_der != NULL;
  }
  if (p->tok.kind == KW_INPUT || p->tok.kind == KW_OUTPUT) {
    c->short_causality = p->tok.kind == KW_INPUT ? MBE_CAUS_INPUT : MBE_CAUS_OUTPUT;
    if (!next(p)) {
      return false;
    }
  }
  if (!parse_name(p, &c->short_base, false)) {
    return false;
  }
  if (p->tok.kind == TK_LBRACKET && !parse_subscripts(p, &c->short_dims, &c->nshort_dims)) {
    return false;
  }
  return p->tok.kind != TK_LPAREN || (c->short_mod = parse_class_mod(p)) != NULL;
}

// long form after the name: "desc" composition end NAME
static bool parse_long_class(Parser* p, MbeClass* c) {
  MbeClass* outer = p->scope;
  p->scope = c;
  bool ok = (c->description = parse_string_comment(p)) != NULL && parse_composition(p, c);
  p->scope = outer;
  if (!ok) {
    return false;
  }
  if (p->tok.kind != KW_END) {
    char what[200];
    snprintf(what, sizeof what, "'end %s;'", c->name);
    return expected(p, what);
  }
  if (!next(p)) {
    return false;
  }
  if (p->tok.kind != TK_IDENT || p->tok.len != strlen(c->name) ||
      memcmp(p->tok.start, c->name, p->tok.len) != 0) {
    char buf[64];
    return fail_at(p, MBE_ERR_MODEL, p->tok.loc,
                   "'end' of class %s (line %d) names %s; write 'end %s;'", c->name, c->loc.line,
                   found(p, buf, sizeof buf), c->name);
  }
  return next(p);
}

static MbeClass* parse_class_def(Parser* p, MbeClass* parent) {
  if (!enter(p)) {
    return NULL;
  }
  MbeClass* c = mbe_arena_alloc(p->arena, sizeof *c);
  if (!c) {
    nomem(p);
    return NULL;
  }
  c->parent = parent;
  c->is_catalogue = p->is_catalogue;
  c->is_encapsulated = accept(p, KW_ENCAPSULATED);
  if (p->st != MBE_OK || !parse_class_prefixes(p, c)) {
    return NULL;
  }
  // class-extends: `model extends B (mod) "desc" ... end B`
  if (p->tok.kind == KW_EXTENDS) {
    c->is_class_extends = true;
    if (!next(p)) {
      return NULL;
    }
  }
  if (p->tok.kind != TK_IDENT) {
    expected(p, "the class name");
    return NULL;
  }
  c->loc = p->tok.loc;
  if (!(c->name = tok_ident(p)) || !next(p)) {
    return NULL;
  }
  if (c->is_class_extends) {
    if (p->tok.kind == TK_LPAREN && !(c->class_extends_mod = parse_class_mod(p))) {
      return NULL;
    }
  } else if (accept(p, TK_EQUALS)) {
    MbeMod* ann;
    if (!parse_short_class(p, c) || !parse_comment(p, &c->description, &ann)) {
      return NULL;
    }
    leave(p);
    return c;
  }
  if (p->st != MBE_OK || !parse_long_class(p, c)) {
    return NULL;
  }
  leave(p);
  return c;
}

// stored-definition: [within [name] ';'] {[final] class-definition ';'}
static bool parse_stored_definition(Parser* p, MbeFile* f) {
  size_t cap = 0;
  if (!next(p)) {
    return false;
  }
  if (p->tok.kind == KW_WITHIN) {
    f->has_within = true;
    if (!next(p)) {
      return false;
    }
    if (p->tok.kind != TK_SEMI && !parse_name(p, &f->within, false)) {
      return false;
    }
    if (!expect(p, TK_SEMI, "after the within clause")) {
      return false;
    }
  }
  while (p->tok.kind != TK_EOF) {
    if (p->tok.kind == KW_WITHIN) {
      return fail_at(p, MBE_ERR_MODEL, p->tok.loc, "'within' must come first in the file");
    }
    // `final` on a top-level class changes nothing mbens does
    accept(p, KW_FINAL);
    if (p->st != MBE_OK) {
      return false;
    }
    switch (p->tok.kind) {
      case KW_IMPORT:
      case KW_EXTENDS:
      case KW_PARAMETER:
      case KW_CONSTANT:
      case KW_INNER:
      case KW_OUTER:
      case TK_IDENT:
      case KW_EQUATION:
      case KW_CONNECT:
        return expected(p,
                        "a class definition (model, package, ...); declarations and "
                        "equations belong inside a class");
      default: break;
    }
    MbeClass* c = parse_class_def(p, NULL);
    if (!c) {
      return false;
    }
    PUSH(p, f->classes, f->nclasses, cap, c);
    if (!expect(p, TK_SEMI, "after the end of the class")) {
      return false;
    }
  }
  if (f->nclasses == 0) {
    return fail_at(p, MBE_ERR_MODEL, p->tok.loc, "the file defines no class");
  }
  return true;
}

MbeStatus mbe_parse_text(MbeSpec* spec, const char* path, const char* text, size_t size,
                         bool is_catalogue, MbeFile** out, MbeError* err) {
  *out = NULL;
  MbeFile* f = mbe_arena_alloc(&spec->arena, sizeof *f);
  const char* fpath = mbe_arena_strdup(&spec->arena, path);
  char* ftext = mbe_arena_strndup(&spec->arena, text, size);
  if (!f || !fpath || !ftext) {
    return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory reading %s", path);
  }
  f->path = fpath;
  f->text = ftext;
  f->size = size;
  f->is_catalogue = is_catalogue;

  // a NUL byte inside the text would end the lexer's view early: refuse it
  const char* nul = memchr(text, '\0', size);
  Parser p = {.spec = spec, .arena = &spec->arena, .err = err, .is_catalogue = is_catalogue};
  mbe_lex_init(&p.lx, fpath, ftext, size);
  if (nul) {
    // its line and column counted as the lexer does (a leading byte order mark takes no column)
    int line = 1, col = 1;
    const char* s = text;
    if (nul - text >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) {
      s += 3;
    }
    for (; s < nul; s++) {
      line += *s == '\n';
      col = *s == '\n' ? 1 : col + 1;
    }
    return mbe_error_at(err, MBE_ERR_MODEL, (MbeLoc){fpath, line, col, (size_t)(nul - text)},
                        "NUL byte in the model text");
  }
  if (!parse_stored_definition(&p, f)) {
    return p.st != MBE_OK ? p.st : mbe_error_set(err, MBE_ERR_INTERNAL, "parser failed silently");
  }
  *out = f;
  return MBE_OK;
}
