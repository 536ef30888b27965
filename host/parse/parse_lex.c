// SPDX-License-Identifier: Apache-2.0
// Lexer of Modelica text (Modelica 3.6 section 2): identifiers (plain and 'quoted'), unsigned
// numbers, strings, operators, keywords; `//` and `/* */` comments are skipped.
#include "parse_lex.h"

#include <stdlib.h>
#include <string.h>

static const char* const TOKEN_TEXT[] = {
#define MBE_TOKEN_TEXT_(name, text) text,
    MBE_TOKEN_LIST(MBE_TOKEN_TEXT_)
#undef MBE_TOKEN_TEXT_
};

const char* mbe_token_str(MbeTokenKind kind) {
  return kind < TK_COUNT ? TOKEN_TEXT[kind] : "token";
}

void mbe_lex_init(MbeLexer* lx, const char* path, const char* text, size_t size) {
  lx->path = path;
  lx->text = text;
  lx->size = size;
  lx->pos = 0;
  lx->line = 1;
  lx->col = 1;
}

static int peek(const MbeLexer* lx, size_t ahead) {
  return lx->pos + ahead < lx->size ? (unsigned char)lx->text[lx->pos + ahead] : -1;
}

static void advance(MbeLexer* lx) {
  if (lx->text[lx->pos] == '\n') {
    lx->line++;
    lx->col = 1;
  } else {
    lx->col++;
  }
  lx->pos++;
}

static MbeLoc here(const MbeLexer* lx) {
  return (MbeLoc){lx->path, lx->line, lx->col, lx->pos};
}

static bool is_ident_start(int c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
static bool is_digit(int c) {
  return c >= '0' && c <= '9';
}

// skips white space and comments; an unterminated block comment is an error
static MbeStatus skip_space(MbeLexer* lx, MbeError* err) {
  for (;;) {
    int c = peek(lx, 0);
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
      advance(lx);
    } else if (c == '/' && peek(lx, 1) == '/') {
      while (peek(lx, 0) != -1 && peek(lx, 0) != '\n') {
        advance(lx);
      }
    } else if (c == '/' && peek(lx, 1) == '*') {
      MbeLoc start = here(lx);
      advance(lx);
      advance(lx);
      while (!(peek(lx, 0) == '*' && peek(lx, 1) == '/')) {
        if (peek(lx, 0) == -1) {
          return mbe_error_at(err, MBE_ERR_MODEL, start, "unterminated comment: '/*' has no '*/'");
        }
        advance(lx);
      }
      advance(lx);
      advance(lx);
    } else if (c == 0xEF && peek(lx, 1) == 0xBB && peek(lx, 2) == 0xBF && lx->pos == 0) {
      // a UTF-8 byte order mark at the start of the file
      lx->pos += 3;
    } else {
      return MBE_OK;
    }
  }
}

static MbeTokenKind keyword(const char* s, size_t n) {
  // keywords are the token kinds from KW_ALGORITHM on
  for (int k = KW_ALGORITHM; k < TK_COUNT; k++) {
    const char* kw = TOKEN_TEXT[k];
    if (strlen(kw) == n && memcmp(kw, s, n) == 0) {
      return (MbeTokenKind)k;
    }
  }
  return TK_IDENT;
}

static MbeStatus lex_number(MbeLexer* lx, MbeToken* tok, MbeError* err) {
  while (is_digit(peek(lx, 0))) {
    advance(lx);
  }
  if (peek(lx, 0) == '.') {
    advance(lx);
    while (is_digit(peek(lx, 0))) {
      advance(lx);
    }
  }
  if (peek(lx, 0) == 'e' || peek(lx, 0) == 'E') {
    advance(lx);
    if (peek(lx, 0) == '+' || peek(lx, 0) == '-') {
      advance(lx);
    }
    if (!is_digit(peek(lx, 0))) {
      return mbe_error_at(err, MBE_ERR_MODEL, here(lx),
                          "malformed number: the exponent needs digits (e.g. 1e-3)");
    }
    while (is_digit(peek(lx, 0))) {
      advance(lx);
    }
  }
  if (is_ident_start(peek(lx, 0))) {
    return mbe_error_at(err, MBE_ERR_MODEL, here(lx),
                        "malformed number: a letter follows the digits without a separator");
  }
  tok->kind = TK_NUMBER;
  return MBE_OK;
}

static MbeStatus lex_quoted(MbeLexer* lx, int quote, MbeError* err) {
  MbeLoc start = here(lx);
  advance(lx);
  for (;;) {
    int c = peek(lx, 0);
    if (c == -1 || (quote == '\'' && c == '\n')) {
      return mbe_error_at(err, MBE_ERR_MODEL, start, "unterminated %s: missing closing %c",
                          quote == '"' ? "string" : "quoted identifier", quote);
    }
    if (c == '\\') {
      advance(lx);
      if (peek(lx, 0) == -1) {
        continue;
      }
    } else if (c == quote) {
      advance(lx);
      return MBE_OK;
    }
    advance(lx);
  }
}

MbeStatus mbe_lex_next(MbeLexer* lx, MbeToken* tok, MbeError* err) {
  MbeStatus st = skip_space(lx, err);
  if (st != MBE_OK) {
    return st;
  }
  tok->loc = here(lx);
  tok->start = lx->text + lx->pos;
  size_t start = lx->pos;
  int c = peek(lx, 0);
  int c1 = peek(lx, 1);

  if (c == -1) {
    tok->kind = TK_EOF;
    tok->len = 0;
    return MBE_OK;
  }

  // identifiers and keywords
  if (is_ident_start(c)) {
    while (is_ident_start(peek(lx, 0)) || is_digit(peek(lx, 0))) {
      advance(lx);
    }
    tok->len = lx->pos - start;
    tok->kind = keyword(tok->start, tok->len);
    return MBE_OK;
  }
  if (c == '\'') {
    st = lex_quoted(lx, '\'', err);
    tok->kind = TK_IDENT;
    tok->len = lx->pos - start;
    return st;
  }

  // numbers (".5" is not a Modelica number: '.' always starts an operator)
  if (is_digit(c)) {
    st = lex_number(lx, tok, err);
    tok->len = lx->pos - start;
    return st;
  }
  if (c == '"') {
    st = lex_quoted(lx, '"', err);
    tok->kind = TK_STRING;
    tok->len = lx->pos - start;
    return st;
  }

  // operators: two characters first
  static const struct {
    char a, b;
    MbeTokenKind kind;
  } OPS2[] = {{':', '=', TK_ASSIGN},  {'.', '+', TK_DOTPLUS},  {'.', '-', TK_DOTMINUS},
              {'.', '*', TK_DOTSTAR}, {'.', '/', TK_DOTSLASH}, {'.', '^', TK_DOTCARET},
              {'<', '=', TK_LE},      {'>', '=', TK_GE},       {'=', '=', TK_EQ},
              {'<', '>', TK_NE}};
  for (size_t i = 0; i < sizeof OPS2 / sizeof OPS2[0]; i++) {
    if (c == OPS2[i].a && c1 == OPS2[i].b) {
      advance(lx);
      advance(lx);
      tok->kind = OPS2[i].kind;
      tok->len = 2;
      return MBE_OK;
    }
  }
  static const char OPS1[] = "(){}[],;.:=+-*/^<>";
  static const MbeTokenKind KINDS1[] = {TK_LPAREN,   TK_RPAREN, TK_LBRACE, TK_RBRACE, TK_LBRACKET,
                                        TK_RBRACKET, TK_COMMA,  TK_SEMI,   TK_DOT,    TK_COLON,
                                        TK_EQUALS,   TK_PLUS,   TK_MINUS,  TK_STAR,   TK_SLASH,
                                        TK_CARET,    TK_LT,     TK_GT};
  const char* hit = c > 0 ? strchr(OPS1, c) : NULL;
  if (hit) {
    advance(lx);
    tok->kind = KINDS1[hit - OPS1];
    tok->len = 1;
    return MBE_OK;
  }
  if (c >= 0x20 && c < 0x7f) {
    return mbe_error_at(err, MBE_ERR_MODEL, tok->loc, "unexpected character '%c'", c);
  }
  return mbe_error_at(err, MBE_ERR_MODEL, tok->loc,
                      "unexpected byte 0x%02x (only ASCII is allowed outside strings and comments)",
                      (unsigned)c);
}
