// SPDX-License-Identifier: Apache-2.0
// Recursive-descent parser of the Modelica subset into the syntax tree of parse.h. It follows the
// grammar of Modelica 3.6 appendix A; constructs outside the subset (algorithms, when/for/if
// equations, replaceable/redeclare, external functions, ...) are parsed far enough to be named
// and reported as MBE_ERR_UNSUPPORTED at their location, never skipped.
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

static bool unsupported(Parser* p, MbeLoc loc, const char* construct, const char* hint) {
  return fail_at(p, MBE_ERR_UNSUPPORTED, loc, "%s is not supported by mbens%s%s", construct,
                 hint ? "; " : "", hint ? hint : "");
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

// an argument or array element; a `for` iterator after it is outside the subset
static MbeExpr* parse_element(Parser* p) {
  MbeExpr* a = parse_expr(p);
  if (a && p->tok.kind == KW_FOR) {
    unsupported(p, p->tok.loc, "an array constructor with 'for' iterators",
                "write the elements out, or use fill()");
    return NULL;
  }
  return a;
}

// function-call-args: '(' [args] ')', positional before named; `for` iterators are unsupported
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
        a.value = parse_expr(p);
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
        MbeExpr* a = parse_element(p);
        if (!a) {
          return false;
        }
        PUSH(p, call->args, call->nargs, cap, a);
      }
    } while (accept(p, TK_COMMA));
  }
  return p->st == MBE_OK && expect(p, TK_RPAREN, "to close the argument list");
}

// expression-list inside '{' '}' or a matrix row
static bool parse_expr_list(Parser* p, MbeExpr* into, MbeTokenKind close) {
  size_t cap = 0;
  if (p->tok.kind == close) {
    return true;
  }
  do {
    MbeExpr* a = parse_element(p);
    if (!a) {
      return false;
    }
    PUSH(p, into->args, into->nargs, cap, a);
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
    case TK_LPAREN: {
      if (!next(p)) {
        return NULL;
      }
      e = new_expr(p, MBE_EX_PAREN, loc);
      if (!e) {
        return NULL;
      }
      MbeExpr* inner = parse_expr(p);
      if (!inner) {
        return NULL;
      }
      if (p->tok.kind == TK_COMMA) {
        unsupported(p, p->tok.loc, "a parenthesised expression list (multiple outputs)", NULL);
        return NULL;
      }
      e->args = mbe_arena_alloc(p->arena, sizeof *e->args);
      if (!e->args) {
        nomem(p);
        return NULL;
      }
      e->args[0] = inner;
      e->nargs = 1;
      return expect(p, TK_RPAREN, "to close '('") ? e : NULL;
    }
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

// argument: [each] [final] name [modification] string-comment
static bool parse_mod_arg(Parser* p, MbeModArg* a) {
  memset(a, 0, sizeof *a);
  if (p->tok.kind == KW_REDECLARE || p->tok.kind == KW_REPLACEABLE) {
    return unsupported(p, p->tok.loc, p->tok.kind == KW_REDECLARE ? "'redeclare'" : "'replaceable'",
                       "models must use the catalogue's classes as they are");
  }
  a->is_each = accept(p, KW_EACH);
  a->is_final = accept(p, KW_FINAL);
  if (p->st != MBE_OK) {
    return false;
  }
  if (p->tok.kind == KW_REDECLARE || p->tok.kind == KW_REPLACEABLE) {
    return unsupported(p, p->tok.loc, p->tok.kind == KW_REDECLARE ? "'redeclare'" : "'replaceable'",
                       NULL);
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

static MbeClass* parse_class_def(Parser* p, MbeClass* parent);

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
      if (p->tok.kind == TK_LBRACE) {
        return unsupported(p, p->tok.loc, "a multiple import 'import A.{b, c}'",
                           "write one import per name");
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

typedef struct Prefixes {
  bool is_final, is_inner, is_outer, is_flow, is_protected;
  MbeVariability variability;
  MbeCausality causality;
} Prefixes;

// component-clause: type-prefix type-specifier [subscripts] component-list
static bool parse_component_clause(Parser* p, MbeClass* c, size_t* cap, Prefixes pre) {
  // type-prefix
  for (;;) {
    MbeTokenKind k = p->tok.kind;
    if (k == KW_FLOW) {
      pre.is_flow = true;
    } else if (k == KW_STREAM) {
      return unsupported(p, p->tok.loc, "a 'stream' connector variable", NULL);
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
  } while (accept(p, TK_COMMA));
  return p->st == MBE_OK;
}

// equation: connect(a, b) comment | simple-expression '=' expression comment
static bool parse_equation(Parser* p, MbeClass* c, size_t* cap, bool is_initial) {
  MbeEquation eq;
  memset(&eq, 0, sizeof eq);
  eq.loc = p->tok.loc;
  eq.is_initial = is_initial;
  switch (p->tok.kind) {
    case KW_IF:
      return unsupported(p, p->tok.loc, "an if-equation",
                         "use an if-expression on the right-hand side: x = if c then a else b");
    case KW_FOR: return unsupported(p, p->tok.loc, "a for-equation", "write the equations out");
    case KW_WHEN: return unsupported(p, p->tok.loc, "a when-equation (discrete events)", NULL);
    case KW_CONNECT:
      eq.kind = MBE_EQ_CONNECT;
      if (!next(p) || !expect(p, TK_LPAREN, "after connect") || !parse_name(p, &eq.a, true) ||
          !expect(p, TK_COMMA, "between the two connectors of connect") ||
          !parse_name(p, &eq.b, true) || !expect(p, TK_RPAREN, "to close connect(")) {
        return false;
      }
      break;
    default: {
      eq.kind = MBE_EQ_SIMPLE;
      if (!(eq.lhs = parse_simple(p))) {
        return false;
      }
      if (p->tok.kind != TK_EQUALS) {
        if (eq.lhs->kind == MBE_EX_CALL) {
          char buf[160];
          MbeStrbuf sb;
          mbe_strbuf_init(&sb);
          mbe_name_print(&sb, &eq.lhs->name);
          snprintf(buf, sizeof buf, "the equation-statement '%s(...)'", sb.data ? sb.data : "");
          mbe_strbuf_deinit(&sb);
          return unsupported(p, eq.loc, buf,
                             "an equation section holds connect() and 'a = b' equations");
        }
        return expected(p, "'=' in the equation");
      }
      if (!next(p) || !(eq.rhs = parse_expr(p))) {
        return false;
      }
    }
  }
  MbeMod* ann;
  if (!parse_comment(p, NULL, &ann)) {
    return false;
  }
  PUSH(p, c->eqs, c->neqs, *cap, eq);
  return true;
}

typedef struct Caps {
  size_t imports, extends, comps, classes, eqs;
} Caps;

// composition: element-list {public|protected element-list | equation-section} [annotation;]
static bool parse_composition(Parser* p, MbeClass* c) {
  Caps caps = {0};
  bool is_protected = false;
  enum { ELEMENTS, EQUATIONS, INITIAL_EQUATIONS } section = ELEMENTS;
  for (;;) {
    MbeTokenKind k = p->tok.kind;
    MbeLoc loc = p->tok.loc;
    if (k == KW_END || k == TK_EOF) {
      return true;
    }

    // section keywords
    if (k == KW_PUBLIC || k == KW_PROTECTED) {
      is_protected = k == KW_PROTECTED;
      section = ELEMENTS;
      if (!next(p)) {
        return false;
      }
      continue;
    }
    if (k == KW_EQUATION) {
      section = EQUATIONS;
      if (!next(p)) {
        return false;
      }
      continue;
    }
    if (k == KW_INITIAL && peek_kind(p) == KW_EQUATION) {
      section = INITIAL_EQUATIONS;
      if (!next(p) || !next(p)) {
        return false;
      }
      continue;
    }
    if (k == KW_ALGORITHM || (k == KW_INITIAL && peek_kind(p) == KW_ALGORITHM)) {
      return unsupported(p, loc, "an algorithm section", "write the relations as equations");
    }
    if (k == KW_EXTERNAL) {
      return unsupported(p, loc, "an external function", NULL);
    }
    if (k == KW_ANNOTATION) {
      MbeMod* ann = parse_annotation(p);
      if (!ann || !take_experiment(p, c, ann) || !expect(p, TK_SEMI, "after the annotation")) {
        return false;
      }
      continue;
    }

    if (section != ELEMENTS) {
      if (!parse_equation(p, c, &caps.eqs, section == INITIAL_EQUATIONS) ||
          !expect(p, TK_SEMI, "after the equation")) {
        return false;
      }
      continue;
    }

    // elements
    if (k == KW_IMPORT) {
      if (!parse_import(p, c, &caps.imports)) {
        return false;
      }
    } else if (k == KW_EXTENDS) {
      if (!parse_extends(p, c, &caps.extends, is_protected)) {
        return false;
      }
    } else {
      Prefixes pre = {0};
      pre.is_protected = is_protected;
      if (k == KW_REDECLARE || k == KW_REPLACEABLE) {
        return unsupported(p, loc, k == KW_REDECLARE ? "'redeclare'" : "'replaceable'",
                           "models must use the catalogue's classes as they are");
      }
      pre.is_final = accept(p, KW_FINAL);
      pre.is_inner = accept(p, KW_INNER);
      pre.is_outer = accept(p, KW_OUTER);
      if (p->st != MBE_OK) {
        return false;
      }
      if (p->tok.kind == KW_REPLACEABLE || p->tok.kind == KW_REDECLARE) {
        return unsupported(p, p->tok.loc,
                           p->tok.kind == KW_REDECLARE ? "'redeclare'" : "'replaceable'", NULL);
      }
      switch (p->tok.kind) {
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
        case KW_IMPURE: {
          MbeClass* nc = parse_class_def(p, c);
          if (!nc) {
            return false;
          }
          for (size_t i = 0; i < c->nclasses; i++) {
            if (strcmp(c->classes[i]->name, nc->name) == 0) {
              return fail_at(p, MBE_ERR_MODEL, nc->loc,
                             "class %s is defined twice in %s (first at line %d)", nc->name,
                             c->name, c->classes[i]->loc.line);
            }
          }
          PUSH(p, c->classes, c->nclasses, caps.classes, nc);
          break;
        }
        default:
          if (!parse_component_clause(p, c, &caps.comps, pre)) {
            return false;
          }
      }
    }
    if (!expect(p, TK_SEMI, "after the element")) {
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
    return unsupported(p, p->tok.loc, "an unspecified enumeration 'enumeration(:)'", NULL);
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
  c->is_partial = accept(p, KW_PARTIAL);
  if (p->st != MBE_OK) {
    return NULL;
  }

  // class-prefixes
  MbeLoc kloc = p->tok.loc;
  switch (p->tok.kind) {
    case KW_CLASS: c->restriction = MBE_CLASS_CLASS; break;
    case KW_MODEL: c->restriction = MBE_CLASS_MODEL; break;
    case KW_RECORD: c->restriction = MBE_CLASS_RECORD; break;
    case KW_BLOCK: c->restriction = MBE_CLASS_BLOCK; break;
    case KW_CONNECTOR: c->restriction = MBE_CLASS_CONNECTOR; break;
    case KW_TYPE: c->restriction = MBE_CLASS_TYPE; break;
    case KW_PACKAGE: c->restriction = MBE_CLASS_PACKAGE; break;
    case KW_FUNCTION: c->restriction = MBE_CLASS_FUNCTION; break;
    case KW_PURE:
    case KW_IMPURE:
      if (peek_kind(p) != KW_FUNCTION) {
        expected(p, "'function' after pure/impure");
        return NULL;
      }
      c->restriction = MBE_CLASS_FUNCTION;
      if (!next(p)) {
        return NULL;
      }
      break;
    case KW_EXPANDABLE: unsupported(p, kloc, "an expandable connector", NULL); return NULL;
    case KW_OPERATOR: unsupported(p, kloc, "an operator or operator record", NULL); return NULL;
    default:
      expected(p, "a class kind (model, block, connector, record, package, type, function)");
      return NULL;
  }
  if (!next(p)) {
    return NULL;
  }
  if (p->tok.kind == KW_EXTENDS) {
    unsupported(p, p->tok.loc, "a class extending a redeclared class ('model extends X')", NULL);
    return NULL;
  }
  if (p->tok.kind != TK_IDENT) {
    expected(p, "the class name");
    return NULL;
  }
  c->loc = p->tok.loc;
  if (!(c->name = tok_ident(p)) || !next(p)) {
    return NULL;
  }

  // short class definitions: type X = Real(...), type E = enumeration(...), package P = A.B
  if (accept(p, TK_EQUALS)) {
    c->is_short = true;
    MbeMod* ann;
    if (p->tok.kind == KW_ENUMERATION) {
      if (!parse_enumeration(p, c)) {
        return NULL;
      }
    } else {
      if (p->tok.kind == KW_INPUT || p->tok.kind == KW_OUTPUT) {
        c->short_causality = p->tok.kind == KW_INPUT ? MBE_CAUS_INPUT : MBE_CAUS_OUTPUT;
        if (!next(p)) {
          return NULL;
        }
      }
      if (p->tok.kind == KW_DER) {
        unsupported(p, p->tok.loc, "a derivative function 'der(f, x)'", NULL);
        return NULL;
      }
      if (!parse_name(p, &c->short_base, false)) {
        return NULL;
      }
      if (p->tok.kind == TK_LBRACKET && !parse_subscripts(p, &c->short_dims, &c->nshort_dims)) {
        return NULL;
      }
      if (p->tok.kind == TK_LPAREN && !(c->short_mod = parse_class_mod(p))) {
        return NULL;
      }
    }
    if (!parse_comment(p, &c->description, &ann)) {
      return NULL;
    }
    leave(p);
    return c;
  }

  // long form: "desc" composition end NAME
  if (!(c->description = parse_string_comment(p)) || !parse_composition(p, c)) {
    return NULL;
  }
  if (p->tok.kind != KW_END) {
    char what[200];
    snprintf(what, sizeof what, "'end %s;'", c->name);
    expected(p, what);
    return NULL;
  }
  if (!next(p)) {
    return NULL;
  }
  if (p->tok.kind != TK_IDENT || p->tok.len != strlen(c->name) ||
      memcmp(p->tok.start, c->name, p->tok.len) != 0) {
    char buf[64];
    fail_at(p, MBE_ERR_MODEL, p->tok.loc, "'end' of class %s (line %d) names %s; write 'end %s;'",
            c->name, c->loc.line, found(p, buf, sizeof buf), c->name);
    return NULL;
  }
  if (!next(p)) {
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
