// SPDX-License-Identifier: Apache-2.0
// Lexer of Modelica text: tokens with locations; comments skipped; strings unescaped on demand.
#ifndef MBE_PARSE_LEX_H
#define MBE_PARSE_LEX_H

#include "parse.h"

// token kinds; keywords follow the Modelica 3.6 keyword list
#define MBE_TOKEN_LIST(X)                                                                          \
  X(TK_EOF, "end of file")                                                                         \
  X(TK_IDENT, "identifier") X(TK_NUMBER, "number") X(TK_STRING, "string") X(TK_LPAREN, "'('") X(   \
      TK_RPAREN, "')'") X(TK_LBRACE, "'{'") X(TK_RBRACE, "'}'") X(TK_LBRACKET, "'['")              \
      X(TK_RBRACKET, "']'") X(TK_COMMA, "','") X(TK_SEMI, "';'") X(TK_DOT, "'.'") X(               \
          TK_COLON, "':'") X(TK_ASSIGN, "':='") X(TK_EQUALS, "'='") X(TK_PLUS, "'+'")              \
          X(TK_MINUS, "'-'") X(TK_STAR, "'*'") X(TK_SLASH, "'/'") X(TK_CARET, "'^'") X(            \
              TK_DOTPLUS, "'.+'") X(TK_DOTMINUS, "'.-'") X(TK_DOTSTAR, "'.*'")                     \
              X(TK_DOTSLASH, "'./'") X(TK_DOTCARET, "'.^'") X(TK_LT, "'<'") X(TK_LE, "'<='") X(    \
                  TK_GT, "'>'") X(TK_GE, "'>='")                                                   \
                  X(TK_EQ, "'=='") X(TK_NE, "'<>'") X(KW_ALGORITHM, "algorithm") X(KW_AND, "and")  \
                      X(KW_ANNOTATION, "annotation") X(KW_BLOCK, "block") X(KW_BREAK, "break") X(  \
                          KW_CLASS, "class") X(KW_CONNECT,                                         \
                                               "connect") X(KW_CONNECTOR, "connector")             \
                          X(KW_CONSTANT, "constant") X(KW_CONSTRAINEDBY, "constrainedby") X(       \
                              KW_DER,                                                              \
                              "der") X(KW_DISCRETE, "discrete")                                    \
                              X(KW_EACH, "each") X(KW_ELSE, "else") X(KW_ELSEIF, "elseif") X(      \
                                  KW_ELSEWHEN, "elsewhen") X(KW_ENCAPSULATED,                      \
                                                             "encapsulated") X(KW_END, "end")      \
                                  X(KW_ENUMERATION, "enumeration") X(KW_EQUATION, "equation") X(   \
                                      KW_EXPANDABLE, "expandable") X(KW_EXTENDS, "extends")        \
                                      X(KW_EXTERNAL, "external") X(KW_FALSE, "false") X(           \
                                          KW_FINAL,                                                \
                                          "final") X(KW_FLOW, "flow")                              \
                                          X(KW_FOR, "for") X(KW_FUNCTION, "function") X(           \
                                              KW_IF, "if") X(KW_IMPORT, "import")                  \
                                              X(KW_IMPURE, "impure") X(                            \
                                                  KW_IN, "in") X(KW_INITIAL, "initial")            \
                                                  X(KW_INNER, "inner") X(KW_INPUT, "input") X(     \
                                                      KW_LOOP, "loop") X(KW_MODEL,                 \
                                                                         "model") X(KW_NOT, "not") \
                                                      X(KW_OPERATOR, "operator") X(KW_OR, "or") X( \
                                                          KW_OUTER,                                \
                                                          "outer") X(KW_OUTPUT,                    \
                                                                     "output") X(KW_PACKAGE,       \
                                                                                 "package")        \
                                                          X(KW_PARAMETER, "parameter") X(          \
                                                              KW_PARTIAL,                          \
                                                              "partial") X(KW_PROTECTED,           \
                                                                           "protected")            \
                                                              X(KW_PUBLIC, "public") X(            \
                                                                  KW_PURE,                         \
                                                                  "pure") X(KW_RECORD, "record")   \
                                                                  X(KW_REDECLARE, "redeclare") X(  \
                                                                      KW_REPLACEABLE,              \
                                                                      "replaceable") X(KW_RETURN,  \
                                                                                       "return")   \
                                                                      X(KW_STREAM, "stream") X(    \
                                                                          KW_THEN, "then")         \
                                                                          X(KW_TRUE, "true") X(    \
                                                                              KW_TYPE, "type")     \
                                                                              X(KW_WHEN, "when")   \
                                                                                  X(KW_WHILE,      \
                                                                                    "while")       \
                                                                                      X(KW_WITHIN, \
                                                                                        "within")

#define MBE_TOKEN_ENUM_(name, text) name,
typedef enum MbeTokenKind { MBE_TOKEN_LIST(MBE_TOKEN_ENUM_) TK_COUNT } MbeTokenKind;
#undef MBE_TOKEN_ENUM_

typedef struct MbeToken {
  MbeTokenKind kind;
  const char* start;  // first byte in the source text
  size_t len;         // bytes
  MbeLoc loc;
} MbeToken;

typedef struct MbeLexer {
  const char* path;
  const char* text;
  size_t size;
  size_t pos;  // byte offset of the next character
  int line;
  int col;
} MbeLexer;

void mbe_lex_init(MbeLexer* lx, const char* path, const char* text, size_t size);

// Reads the next token. A malformed token (unterminated string or comment, stray character,
// bad number) returns MBE_ERR_MODEL with err at its location.
MbeStatus mbe_lex_next(MbeLexer* lx, MbeToken* tok, MbeError* err);

// the description of a token kind ("identifier", "';'", "model")
const char* mbe_token_str(MbeTokenKind kind);

#endif
