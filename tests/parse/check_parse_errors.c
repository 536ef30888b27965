// SPDX-License-Identifier: Apache-2.0
// Tests of the error paths of host/parse: each malformed or unsupported text gives its status, the
// exact test.mo:line:column and a distinctive message, and a failed add leaves the spec unchanged.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_parse.h"

typedef struct ErrorCase {
  const char* what;
  const char* text;
  MbeStatus code;
  int line, col;     // in PARSE_TEST_FILE
  const char* part;  // a distinctive part of the message
} ErrorCase;

// the declaration line of most cases: "  Real x = <expr>;" puts <expr> at line 2, column 12
#define DECL(s) "model A\n  " s "\nend A;\n"
#define EQN(s) "model A\n  Real x;\nequation\n  " s "\nend A;\n"

static const ErrorCase LEX_CASES[] = {
    {"unterminated block comment", "model A\n  /* never closed\nend A;\n", MBE_ERR_MODEL, 2, 3,
     "unterminated comment: '/*' has no '*/'"},
    {"unterminated comment at the very end", "model A end A; /*", MBE_ERR_MODEL, 1, 16,
     "unterminated comment"},
    {"unterminated string", DECL("String s = \"abc;"), MBE_ERR_MODEL, 2, 14,
     "unterminated string: missing closing \""},
    {"string ending in a backslash", DECL("String s = \"abc\\"), MBE_ERR_MODEL, 2, 14,
     "unterminated string"},
    {"quoted identifier ended by a newline", DECL("Real 'abc;"), MBE_ERR_MODEL, 2, 8,
     "unterminated quoted identifier: missing closing '"},
    {"quoted identifier ended by the file", "model 'A", MBE_ERR_MODEL, 1, 7,
     "unterminated quoted identifier"},
    {"exponent without digits", DECL("Real x = 1e;"), MBE_ERR_MODEL, 2, 14,
     "malformed number: the exponent needs digits"},
    {"signed exponent without digits", DECL("Real x = 1.5e+;"), MBE_ERR_MODEL, 2, 17,
     "the exponent needs digits"},
    {"letter after digits", DECL("Real x = 2x;"), MBE_ERR_MODEL, 2, 13,
     "malformed number: a letter follows the digits"},
    {"letter after an exponent", DECL("Real x = 1.5e3b;"), MBE_ERR_MODEL, 2, 17,
     "a letter follows the digits"},
    {"stray dollar", DECL("Real x = 1 $ 2;"), MBE_ERR_MODEL, 2, 14, "unexpected character '$'"},
    {"stray ampersand", DECL("Boolean b = x && y;"), MBE_ERR_MODEL, 2, 17,
     "unexpected character '&'"},
    {"stray backslash", "model A \\ end A;", MBE_ERR_MODEL, 1, 9, "unexpected character '\\'"},
    {"stray question mark", DECL("Real x?;"), MBE_ERR_MODEL, 2, 9, "unexpected character '?'"},
    {"non-ASCII identifier", DECL("Real \xc3\xbc;"), MBE_ERR_MODEL, 2, 8,
     "unexpected byte 0xc3 (only ASCII is allowed outside strings and comments)"},
    {"control character", DECL("Real x\x01;"), MBE_ERR_MODEL, 2, 9, "unexpected byte 0x01"},
    {"DEL character", DECL("Real x\x7f;"), MBE_ERR_MODEL, 2, 9, "unexpected byte 0x7f"},
    {"number longer than a double", DECL("Real x = 1e999;"), MBE_ERR_MODEL, 2, 12,
     "number 1e999 is out of the range of a double"},
};

static const ErrorCase SYNTAX_CASES[] = {
    // missing semicolons and ends
    {"missing ';' after a declaration", "model A\n  Real x\n  Real y;\nend A;\n", MBE_ERR_MODEL, 3,
     3, "expected ';' after the element, found 'Real'"},
    {"missing ';' after an equation", EQN("x = 1"), MBE_ERR_MODEL, 5, 1,
     "expected ';' after the equation, found 'end'"},
    {"missing ';' after the class", "model A\nend A\n", MBE_ERR_MODEL, 3, 1,
     "expected ';' after the end of the class, found the end of the file"},
    {"missing ';' after an annotation", "model A\n  annotation(x = 1)\nend A;\n", MBE_ERR_MODEL, 3,
     1, "expected ';' after the annotation, found 'end'"},
    {"missing ';' after within", "within A\nmodel B end B;\n", MBE_ERR_MODEL, 2, 1,
     "expected ';' after the within clause, found 'model'"},
    {"wrong end name", "model A\n  Real x;\nend B;\n", MBE_ERR_MODEL, 3, 5,
     "'end' of class A (line 1) names 'B'; write 'end A;'"},
    {"wrong end name of a nested class", "package P\n  model M\n  end P;\nend P;\n", MBE_ERR_MODEL,
     3, 7, "'end' of class M (line 2) names 'P'; write 'end M;'"},
    {"end without a name", "model A\nend;\n", MBE_ERR_MODEL, 2, 4,
     "'end' of class A (line 1) names ';'"},
    {"missing end", "model A\n  Real x;\n", MBE_ERR_MODEL, 3, 1,
     "expected 'end A;', found the end of the file"},
    {"missing end of a nested class", "package P\n  model M\nend P;\n", MBE_ERR_MODEL, 3, 5,
     "'end' of class M (line 2) names 'P'"},

    // the file level
    {"within not first", "model A end A;\nwithin B;\n", MBE_ERR_MODEL, 2, 1,
     "'within' must come first in the file"},
    {"second within", "within A;\nwithin B;\nmodel C end C;\n", MBE_ERR_MODEL, 2, 1,
     "'within' must come first in the file"},
    {"declaration at file level", "Real x;\n", MBE_ERR_MODEL, 1, 1,
     "expected a class definition (model, package, ...); declarations and equations belong "
     "inside a class, found 'Real'"},
    {"parameter at file level", "model A end A;\nparameter Real p = 1;\n", MBE_ERR_MODEL, 2, 1,
     "declarations and equations belong inside a class"},
    {"import at file level", "import A.B;\nmodel C end C;\n", MBE_ERR_MODEL, 1, 1,
     "declarations and equations belong inside a class"},
    {"extends at file level", "extends A;\n", MBE_ERR_MODEL, 1, 1,
     "declarations and equations belong inside a class"},
    {"equation at file level", "equation\n  x = 1;\n", MBE_ERR_MODEL, 1, 1,
     "declarations and equations belong inside a class"},
    {"connect at file level", "connect(a, b);\n", MBE_ERR_MODEL, 1, 1,
     "declarations and equations belong inside a class"},
    {"inner at file level", "inner World world;\n", MBE_ERR_MODEL, 1, 1,
     "declarations and equations belong inside a class"},
    {"empty file", "", MBE_ERR_MODEL, 1, 1, "the file defines no class"},
    {"file with only comments", "// nothing\n/* here */\n", MBE_ERR_MODEL, 3, 1,
     "the file defines no class"},
    {"file with only within", "within A.B;\n", MBE_ERR_MODEL, 2, 1, "the file defines no class"},

    // expressions
    {"a^b^c", DECL("Real x = a^b^c;"), MBE_ERR_MODEL, 2, 15,
     "'^' is not associative; write (a^b)^c or a^(b^c)"},
    {"a.^b^c", DECL("Real x = a.^b^c;"), MBE_ERR_MODEL, 2, 16, "'^' is not associative"},
    {"positional after named argument", DECL("Real x = f(a = 1, 2);"), MBE_ERR_MODEL, 2, 21,
     "a positional argument follows a named one"},
    {"missing expression", DECL("Real x = ;"), MBE_ERR_MODEL, 2, 12,
     "expected an expression, found ';'"},
    {"unary minus in an exponent", DECL("Real x = 2^-1;"), MBE_ERR_MODEL, 2, 14,
     "expected an expression, found '-'"},
    {"number starting with a dot", DECL("Real x = .5;"), MBE_ERR_MODEL, 2, 13,
     "expected a name, found '5'"},
    {"name ending in a dot", DECL("Real x = a.;"), MBE_ERR_MODEL, 2, 14,
     "expected a name, found ';'"},
    {"unclosed subscripts", DECL("Real x = a[1;"), MBE_ERR_MODEL, 2, 15,
     "expected ']' to close the subscripts, found ';'"},
    {"unclosed argument list", DECL("Real x = f(1;"), MBE_ERR_MODEL, 2, 15,
     "expected ')' to close the argument list, found ';'"},
    {"unclosed parenthesis", DECL("Real x = (a;"), MBE_ERR_MODEL, 2, 14,
     "expected ')' to close '(', found ';'"},
    {"unclosed array", DECL("Real x = {1, 2;"), MBE_ERR_MODEL, 2, 17,
     "expected '}' to close '{', found ';'"},
    {"unclosed matrix", DECL("Real x = [1, 2; 3};"), MBE_ERR_MODEL, 2, 20,
     "expected ']' to close '[', found '}'"},
    {"function name with subscripts", DECL("Real x = a[1](2);"), MBE_ERR_MODEL, 2, 12,
     "a function name cannot have subscripts"},
    {"der without parentheses", DECL("Real x = der y;"), MBE_ERR_MODEL, 2, 16,
     "expected '(', found 'y'"},
    {"if-expression without then", DECL("Real x = if a else 1;"), MBE_ERR_MODEL, 2, 17,
     "expected then after the condition of an if-expression, found 'else'"},
    {"if-expression without else", DECL("Real x = if a then 1;"), MBE_ERR_MODEL, 2, 23,
     "expected else (an if-expression needs an else branch), found ';'"},
    {"if-expression as an operand", DECL("Real x = 1 + if a then 1 else 2;"), MBE_ERR_MODEL, 2, 16,
     "expected an expression, found 'if'"},
    {"chained relation", DECL("Boolean b = 1 < x < 2;"), MBE_ERR_MODEL, 2, 21,
     "expected ';' after the element, found '<'"},
    {"range with four parts", DECL("Real x[:] = 1:2:3:4;"), MBE_ERR_MODEL, 2, 20,
     "expected ';' after the element, found ':'"},

    // descriptions, modifications, declarations
    {"'+' without a string in a description", DECL("Real x \"a\" + 1;"), MBE_ERR_MODEL, 2, 16,
     "expected a string after '+' in a description, found '1'"},
    {"modifier without a name", DECL("Real x(1);"), MBE_ERR_MODEL, 2, 10,
     "expected the name of an element to modify, found '1'"},
    {"unclosed modification", DECL("Real x(start = 1;"), MBE_ERR_MODEL, 2, 19,
     "expected ')' to close the modification, found ';'"},
    {"':=' in a modifier", DECL("Real x(start := 1);"), MBE_ERR_MODEL, 2, 16,
     "':=' is for algorithms; a modifier binds with '='"},
    {"':=' in a declaration", DECL("Real x := 1;"), MBE_ERR_MODEL, 2, 10,
     "':=' is for algorithms; a declaration binds with '='"},
    {"':=' after a modification", DECL("Real x(start = 1) := 1;"), MBE_ERR_MODEL, 2, 21,
     "a declaration binds with '='"},
    {"component without a name", DECL("Real 1;"), MBE_ERR_MODEL, 2, 8,
     "expected a component name, found '1'"},
    {"empty entry in a component list", DECL("Real x, ;"), MBE_ERR_MODEL, 2, 11,
     "expected a component name, found ';'"},
    {"type name with a number", DECL("Modelica.1 x;"), MBE_ERR_MODEL, 2, 12,
     "expected a name, found '1'"},
    {"import of a number", DECL("import 1;"), MBE_ERR_MODEL, 2, 10,
     "expected a name in the import, found '1'"},
    {"import ending in a dot", DECL("import A.;"), MBE_ERR_MODEL, 2, 12,
     "expected a name in the import, found ';'"},

    // equations
    {"connect without parentheses", EQN("connect a, b;"), MBE_ERR_MODEL, 4, 11,
     "expected '(' after connect, found 'a'"},
    {"connect without a comma", EQN("connect(a b);"), MBE_ERR_MODEL, 4, 13,
     "expected ',' between the two connectors of connect, found 'b'"},
    {"connect not closed", EQN("connect(a, b c);"), MBE_ERR_MODEL, 4, 16,
     "expected ')' to close connect(, found 'c'"},
    {"connect of an expression", EQN("connect(a, 1);"), MBE_ERR_MODEL, 4, 14,
     "expected a name, found '1'"},
    {"equation without '='", EQN("x + 1;"), MBE_ERR_MODEL, 4, 8,
     "expected '=' in the equation, found ';'"},
    {"equation with ':='", EQN("x := 1;"), MBE_ERR_MODEL, 4, 5,
     "expected '=' in the equation, found ':='"},

    // classes
    {"pure without function", "pure model M end M;\n", MBE_ERR_MODEL, 1, 6,
     "expected 'function' after pure/impure"},
    {"impure without function", "package P\n  impure block B end B;\nend P;\n", MBE_ERR_MODEL, 2, 10,
     "expected 'function' after pure/impure"},
    {"not a class kind", "package P\n  encapsulated Real x;\nend P;\n", MBE_ERR_MODEL, 2, 16,
     "expected a class kind (model, block, connector, record, package, type, function), found "
     "'Real'"},
    {"input at file level", "input Real x;\n", MBE_ERR_MODEL, 1, 1, "expected a class kind"},
    {"class without a name", "model 1\nend 1;\n", MBE_ERR_MODEL, 1, 7,
     "expected the class name, found '1'"},
    {"enumeration without parentheses", "type E = enumeration;\n", MBE_ERR_MODEL, 1, 21,
     "expected '(' after enumeration, found ';'"},
    {"enumeration literal not a name", "type E = enumeration(a, 1);\n", MBE_ERR_MODEL, 1, 25,
     "expected an enumeration literal, found '1'"},
    {"enumeration not closed", "type E = enumeration(a b);\n", MBE_ERR_MODEL, 1, 24,
     "expected ')' to close the enumeration, found 'b'"},
    {"duplicate enumeration literal", "type E = enumeration(a, b, a);\n", MBE_ERR_MODEL, 1, 28,
     "enumeration literal 'a' appears twice"},
    {"class defined twice in a package",
     "package P\n  model M end M;\n  block B end B;\n  model M end M;\nend P;\n", MBE_ERR_MODEL, 4,
     9, "class M is defined twice in P (first at line 2)"},
};

static void check_cases(const ErrorCase* cases, size_t n) {
  for (size_t i = 0; i < n; i++) {
    const ErrorCase* c = &cases[i];
    MbeSpec* spec = NULL;
    MbeError err;
    mbe_error_clear(&err);
    ck_assert_int_eq(mbe_spec_create(&spec, &err), MBE_OK);
    MbeStatus st = mbe_spec_add_text(spec, PARSE_TEST_FILE, c->text, strlen(c->text), &err);
    ck_assert_msg(st == c->code, "%s: status %d (%s), expected %d", c->what, st, err.message,
                  c->code);
    ck_assert_msg(err.code == c->code, "%s: err.code %d", c->what, err.code);
    ck_assert_msg(strcmp(err.file, PARSE_TEST_FILE) == 0, "%s: file '%s'", c->what, err.file);
    ck_assert_msg(err.line == c->line && err.column == c->col, "%s: at %d:%d, expected %d:%d (%s)",
                  c->what, err.line, err.column, c->line, c->col, err.message);
    ck_assert_msg(strstr(err.message, c->part) != NULL, "%s: message '%s' lacks '%s'", c->what,
                  err.message, c->part);

    // nothing of the text was added
    ck_assert_msg(spec->nfiles == 0 && spec->root.nclasses == 0, "%s: the spec changed", c->what);
    mbe_spec_destroy(spec);
  }
}

START_TEST(test_lexer_errors) {
  check_cases(LEX_CASES, sizeof LEX_CASES / sizeof LEX_CASES[0]);
}
END_TEST

START_TEST(test_syntax_errors) {
  check_cases(SYNTAX_CASES, sizeof SYNTAX_CASES / sizeof SYNTAX_CASES[0]);
}
END_TEST

// Constructs that mbens does not simulate parse into the tree (host/model reports them only where
// a flattened class reaches them): every text here is accepted
static const char* const GRAMMAR_TEXTS[] = {
    "model A\n  Real x;\nalgorithm\n  x := 1;\nend A;\n",
    "model A\n  Real x;\ninitial algorithm\n  x := 1;\nend A;\n",
    "model A\n  Real x;\nequation\n  x = 1;\nalgorithm\nend A;\n",
    EQN("when x > 1 then\n    reinit(x, 0);\n  elsewhen x < 0 then\n    reinit(x, 1);\n  end when;"),
    EQN("for i in 1:3, j loop\n    x = i;\n  end for;"),
    EQN("if x > 1 then\n    x = 1;\n  elseif x < 0 then\n    x = 2;\n  else\n    x = 3;\n  end if;"),
    EQN("assert(x > 0, \"x must be positive\", AssertionLevel.warning);"),
    EQN("(a, , b) = f(x);"),
    DECL("redeclare Real x;"),
    DECL("replaceable Real x constrainedby Real(min = 0) \"c\";"),
    DECL("replaceable model M = B;"),
    DECL("final replaceable Real x;"),
    DECL("B b(redeclare C c, redeclare final D d(k = 1), redeclare function f = g);"),
    DECL("B b(k = 1, replaceable C c constrainedby C);"),
    DECL("extends B(redeclare model M = C);"),
    DECL("stream Real h;"),
    DECL("Real x[3] = {i for i in 1:3};"),
    DECL("Real x = sum(i*j for i in 1:3, j in 1:2);"),
    DECL("Real x = f(function g(a = 1), y);"),
    DECL("import A.{b, c};"),
    "model M2 = M(redeclare C c);\n",
    "expandable connector Bus\nend Bus;\n",
    "operator record Complex\n  encapsulated operator function '+'\n  end '+';\nend Complex;\n",
    "operator Op\nend Op;\n",
    "package P\n  pure function f end f;\n  impure function g end g;\nend P;\n",
    "model extends A(k = 1) \"d\"\nend A;\n",
    "function f\n  input Real x;\n  output Real y;\nexternal \"C\" y = f(x) annotation(Library=\"m\");\n"
    "end f;\n",
    "function f\n  input Real x;\n  output Real y;\nexternal \"C\";\nend f;\n",
    "function df = der(f, x);\n",
    "type E = enumeration(:);\n",
    "function f\n  input Integer n;\n  output Real y;\nprotected\n  Integer i;\nalgorithm\n"
    "  y := 0;\n  for k in 1:n loop\n    if k > 2 then\n      break;\n    elseif k < 0 then\n"
    "      return;\n    else\n      y := y + k;\n    end if;\n  end for;\n  while i < n loop\n"
    "    i := i + 1;\n  end while;\n  (y, i) := g(y);\n  assert(y > 0, \"m\");\nend f;\n",
};

START_TEST(test_whole_grammar) {
  for (size_t i = 0; i < sizeof GRAMMAR_TEXTS / sizeof GRAMMAR_TEXTS[0]; i++) {
    MbeSpec* spec = NULL;
    MbeError err;
    ck_assert_int_eq(mbe_spec_create(&spec, &err), MBE_OK);
    MbeStatus st = mbe_spec_add_text(spec, PARSE_TEST_FILE, GRAMMAR_TEXTS[i],
                                     strlen(GRAMMAR_TEXTS[i]), &err);
    ck_assert_msg(st == MBE_OK, "text %zu: %d:%d: %s", i, err.line, err.column, err.message);
    mbe_spec_destroy(spec);
  }
}
END_TEST

// the tree of the grown grammar: sections, iterators, tuples, redeclarations, expanded imports
START_TEST(test_grammar_tree) {
  MbeSpec* spec = NULL;
  ck_assert_int_eq(mbe_spec_create(&spec, NULL), MBE_OK);
  parse_add_ok(spec, "g.mo",
               "model A\n  import P.{b, c};\n  B b(redeclare C c);\n  replaceable Real r;\n"
               "  Real x[2] = {i for i in 1:2};\nequation\n  for i in 1:2 loop\n    x[i] = i;\n"
               "  end for;\n  if r > 0 then\n    r = 1;\n  else\n    r = 2;\n  end if;\n"
               "  (x[1], ) = f(r);\n  assert(r > 0, \"m\");\nalgorithm\n  r := 1;\nend A;\n");
  const MbeClass* a = parse_find_class(spec, "A");
  ck_assert_uint_eq(a->nimports, 2);
  ck_assert_str_eq(a->imports[1].alias, "c");
  ck_assert_uint_eq(a->imports[1].path.nparts, 2);
  ck_assert(a->comps[0].mod->args[0].is_redeclare);
  ck_assert_str_eq(a->comps[0].mod->args[0].path[0], "c");
  ck_assert(a->comps[0].mod->args[0].redecl_comp != NULL);
  ck_assert(a->comps[1].is_replaceable);
  ck_assert_uint_eq(a->comps[2].binding->niters, 1);
  ck_assert_uint_eq(a->neqs, 4);
  ck_assert_int_eq(a->eqs[0].kind, MBE_EQ_FOR);
  ck_assert_uint_eq(a->eqs[0].branches[0].neqs, 1);
  ck_assert_int_eq(a->eqs[1].kind, MBE_EQ_IF);
  ck_assert_uint_eq(a->eqs[1].nbranches, 2);
  ck_assert_ptr_null(a->eqs[1].branches[1].cond);
  ck_assert_int_eq(a->eqs[2].lhs->kind, MBE_EX_TUPLE);
  ck_assert_uint_eq(a->eqs[2].lhs->nargs, 2);
  ck_assert_ptr_null(a->eqs[2].lhs->args[1]);
  ck_assert_int_eq(a->eqs[3].kind, MBE_EQ_CALL);
  ck_assert_uint_eq(a->nalgorithms, 1);
  ck_assert_int_eq(a->algorithms[0].stmts[0].kind, MBE_ST_ASSIGN);
  ck_assert_int_eq(a->algorithms[0].loc.line, 17);
  mbe_spec_destroy(spec);
}
END_TEST

// adds size bytes of text to a fresh spec; asserts the status, location and message
static void expect_error_n(const char* text, size_t size, MbeStatus code, int line, int col,
                           const char* part) {
  MbeSpec* spec = NULL;
  MbeError err;
  ck_assert_int_eq(mbe_spec_create(&spec, &err), MBE_OK);
  MbeStatus st = mbe_spec_add_text(spec, PARSE_TEST_FILE, text, size, &err);
  ck_assert_msg(st == code, "status %d (%s), expected %d", st, err.message, code);
  ck_assert_str_eq(err.file, PARSE_TEST_FILE);
  ck_assert_msg(err.line == line && err.column == col, "at %d:%d, expected %d:%d (%s)", err.line,
                err.column, line, col, err.message);
  ck_assert_msg(strstr(err.message, part) != NULL, "message '%s' lacks '%s'", err.message, part);
  ck_assert_uint_eq(spec->nfiles, 0);
  mbe_spec_destroy(spec);
}

START_TEST(test_nul_byte) {
  // the location of the NUL byte itself, wherever it is
  static const char T1[] = "model A\n  Real x;\0\nend A;\n";
  expect_error_n(T1, sizeof T1 - 1, MBE_ERR_MODEL, 2, 10, "NUL byte in the model text");
  static const char T2[] = "\0model A end A;";
  expect_error_n(T2, sizeof T2 - 1, MBE_ERR_MODEL, 1, 1, "NUL byte");
  static const char T3[] = "model A\n  String s = \"ab\0c\";\nend A;\n";
  expect_error_n(T3, sizeof T3 - 1, MBE_ERR_MODEL, 2, 17, "NUL byte");
  static const char T4[] = "model A /* a\ncomment \0 */ end A;";
  expect_error_n(T4, sizeof T4 - 1, MBE_ERR_MODEL, 2, 9, "NUL byte");

  // after text that has an error of its own before the NUL: still the NUL's location
  static const char T5[] = "model A $ end A; \0";
  expect_error_n(T5, sizeof T5 - 1, MBE_ERR_MODEL, 1, 18, "NUL byte");
  static const char T6[] = "model A\n  Real x = 1e;\n  \0";
  expect_error_n(T6, sizeof T6 - 1, MBE_ERR_MODEL, 3, 3, "NUL byte");

  // a byte order mark takes no column, as in the lexer
  static const char T7[] = "\xef\xbb\xbfmodel A\0";
  expect_error_n(T7, sizeof T7 - 1, MBE_ERR_MODEL, 1, 8, "NUL byte");
}
END_TEST

// "model M\n  Real x = " + open*n + "1" + close*n + ";\nend M;\n"
static char* nested_expr(size_t n, char open, char close) {
  char* text = malloc(n * 2 + 64);
  ck_assert_ptr_nonnull(text);
  char* s = text + sprintf(text, "model M\n  Real x = ");
  memset(s, open, n);
  s += n;
  *s++ = '1';
  memset(s, close, n);
  s += n;
  strcpy(s, ";\nend M;\n");
  return text;
}

START_TEST(test_nesting_limit) {
  // the class is one level, each '{' or '(' one more, the innermost expression the last: 198
  // brackets reach exactly 200 levels, 199 fail at the innermost '1'
  static const char BRACKETS[][2] = {{'{', '}'}, {'(', ')'}};
  for (size_t k = 0; k < 2; k++) {
    char* ok = nested_expr(198, BRACKETS[k][0], BRACKETS[k][1]);
    MbeSpec* spec = parse_ok(ok);
    mbe_spec_destroy(spec);
    free(ok);
    char* bad = nested_expr(199, BRACKETS[k][0], BRACKETS[k][1]);
    expect_error_n(bad, strlen(bad), MBE_ERR_MODEL, 2, 12 + 199, "nesting deeper than 200 levels");
    free(bad);

    // far deeper input stops at the same place instead of exhausting the stack
    char* deep = nested_expr(1000000, BRACKETS[k][0], BRACKETS[k][1]);
    expect_error_n(deep, strlen(deep), MBE_ERR_MODEL, 2, 12 + 199, "nesting deeper");
    free(deep);
  }

  // nested calls f(f(...)) count the same way
  {
    size_t n = 199;
    char* text = malloc(n * 3 + 64);
    ck_assert_ptr_nonnull(text);
    char* s = text + sprintf(text, "model M\n  Real x = ");
    for (size_t i = 0; i < n; i++) {
      s += sprintf(s, "f(");
    }
    *s++ = '1';
    memset(s, ')', n);
    strcpy(s + n, ";\nend M;\n");
    expect_error_n(text, strlen(text), MBE_ERR_MODEL, 2, 12 + 2 * 199, "nesting deeper");
    free(text);
  }

  // modifications x(a(a(...))): the class and 199 modifications are 200 levels
  for (size_t n = 199; n <= 200; n++) {
    char* text = malloc(n * 3 + 64);
    ck_assert_ptr_nonnull(text);
    char* s = text + sprintf(text, "model M\n  Real x");
    for (size_t i = 0; i < n; i++) {
      s += sprintf(s, "(a");
    }
    memset(s, ')', n);
    strcpy(s + n, ";\nend M;\n");
    if (n == 199) {
      MbeSpec* spec = parse_ok(text);
      mbe_spec_destroy(spec);
    } else {
      // the 200th '(' is at column 9 + 2 * 199
      expect_error_n(text, strlen(text), MBE_ERR_MODEL, 2, 9 + 2 * 199, "nesting deeper");
    }
    free(text);
  }

  // nested packages: 200 parse, the 201st fails at its keyword
  for (size_t n = 200; n <= 201; n++) {
    char* text = malloc(n * 20 + 16);
    ck_assert_ptr_nonnull(text);
    char* s = text;
    for (size_t i = 0; i < n; i++) {
      s += sprintf(s, "package P\n");
    }
    for (size_t i = 0; i < n; i++) {
      s += sprintf(s, "end P;\n");
    }
    if (n == 200) {
      MbeSpec* spec = parse_ok(text);
      const MbeClass* c = &spec->root;
      size_t depth = 0;
      while (c->nclasses == 1) {
        c = c->classes[0];
        depth++;
      }
      ck_assert_uint_eq(depth, 200);
      mbe_spec_destroy(spec);
    } else {
      expect_error_n(text, strlen(text), MBE_ERR_MODEL, 201, 1, "nesting deeper than 200");
    }
    free(text);
  }
}
END_TEST

START_TEST(test_long_number_literal) {
  char text[512];
  char digits[201];
  memset(digits, '1', 200);
  digits[200] = '\0';
  snprintf(text, sizeof text, "model A\n  Real x = %s;\nend A;\n", digits);
  expect_error_n(text, strlen(text), MBE_ERR_MODEL, 2, 12,
                 "number literal longer than 127 characters");

  // 127 characters are fine
  digits[127] = '\0';
  snprintf(text, sizeof text, "model A\n  Real x = %s;\nend A;\n", digits);
  MbeSpec* spec = parse_ok(text);
  mbe_spec_destroy(spec);
}
END_TEST

// ---- the spec: duplicates, within, and failed adds that leave it unchanged ----------------

// adds text under name and expects an error at name:line:col with part in its message
static void expect_add_error(MbeSpec* spec, const char* name, const char* text, int line, int col,
                             const char* part) {
  MbeError err;
  mbe_error_clear(&err);
  MbeStatus st = mbe_spec_add_text(spec, name, text, strlen(text), &err);
  ck_assert_msg(st == MBE_ERR_MODEL, "status %d (%s), expected MBE_ERR_MODEL", st, err.message);
  ck_assert_str_eq(err.file, name);
  ck_assert_msg(err.line == line && err.column == col, "at %d:%d, expected %d:%d (%s)", err.line,
                err.column, line, col, err.message);
  ck_assert_msg(strstr(err.message, part) != NULL, "message '%s' lacks '%s'", err.message, part);
}

START_TEST(test_spec_duplicates_and_within_errors) {
  MbeSpec* spec = NULL;
  ck_assert_int_eq(mbe_spec_create(&spec, NULL), MBE_OK);
  parse_add_ok(spec, "first.mo", "package P\n  model M\n  end M;\nend P;\nmodel Top\nend Top;\n");

  // a class defined again at the top level or in a package through within
  expect_add_error(spec, "second.mo", "model Top\nend Top;\n", 1, 7,
                   "class Top is already defined at first.mo:5:7");
  expect_add_error(spec, "second.mo", "package P\nend P;\n", 1, 9,
                   "class P is already defined at first.mo:1:9");
  expect_add_error(spec, "second.mo", "within P;\nmodel X end X;\n  block M end M;\n", 3, 9,
                   "class M is already defined at first.mo:2:9");

  // twice in the same file
  expect_add_error(spec, "second.mo", "model A end A;\nmodel B end B;\nrecord A end A;\n", 3, 8,
                   "class A is defined twice in this file (first at line 1)");

  // within through something that is not a package
  expect_add_error(spec, "second.mo", "within P.M;\nmodel X end X;\n", 1, 8,
                   "'within' names M, which is a model, not a package");
  expect_add_error(spec, "second.mo", "within Top.Sub;\nmodel X end X;\n", 1, 8,
                   "'within' names Top, which is a model, not a package");
  parse_add_ok(spec, "alias.mo", "package Alias = P;\n");
  expect_add_error(spec, "second.mo", "within Alias;\nmodel X end X;\n", 1, 8,
                   "'within' names Alias, which is the short class definition");

  // an implicit package can be taken over only by a long package definition
  parse_add_ok(spec, "impl.mo", "within Impl;\nmodel I end I;\n");
  expect_add_error(spec, "second.mo", "model Impl end Impl;\n", 1, 7,
                   "class Impl is already defined at impl.mo:1:8");
  expect_add_error(spec, "second.mo", "model Early end Early;\npackage Impl = P;\n", 2, 9,
                   "class Impl is already defined at impl.mo:1:8");
  ck_assert_msg(parse_find_class(spec, "Early") == NULL,
                "a class of a failed file was added before the failing one");

  // a package taking over an implicit one may not redefine the classes already in it
  expect_add_error(spec, "second.mo", "package Impl\n  model I end I;\nend Impl;\n", 2, 9,
                   "class I is already defined at impl.mo:2:7");
  const MbeClass* impl = parse_find_class(spec, "Impl");
  ck_assert_ptr_nonnull(impl);
  ck_assert_msg(impl->is_implicit, "the failed package replaced the implicit one");
  ck_assert_str_eq(parse_find_class(spec, "Impl.I")->loc.file, "impl.mo");

  // after all these failures the spec holds the three good files only
  ck_assert_uint_eq(spec->nfiles, 3);
  ck_assert_uint_eq(spec->root.nclasses, 4);
  mbe_spec_destroy(spec);
}
END_TEST

START_TEST(test_failed_add_leaves_spec_unchanged) {
  static const char* const BAD[] = {
      "model X\n  Real x\nend X;\n",                        // syntax error
      "model X end X;\nmodel Y\n  Real y = ;\nend Y;\n",    // error in the second class
      "within Q.R;\nmodel Y end Y;\nmodel Y end Y;\n",      // duplicate in a new within
      "within Q.R.S;\npackage T end T;\nmodel T end T;\n",  // duplicate, deeper within
      "model Z end Z;\npackage P end P;\n",                 // clash at the top level
      "within P.M;\nmodel W end W;\n",                      // within through a model
      "within P;\nmodel Z end Z;\nmodel M end M;\n",        // clash inside P
      "model X\nalgorithm\n  x = 1;\nend X;\n",              // '=' in an algorithm
  };
  MbeSpec* spec = NULL;
  ck_assert_int_eq(mbe_spec_create(&spec, NULL), MBE_OK);
  parse_add_ok(spec, "good.mo", "package P\n  model M\n  end M;\nend P;\n");
  const MbeClass* p = parse_find_class(spec, "P");
  for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
    MbeError err;
    MbeStatus st = mbe_spec_add_text(spec, "bad.mo", BAD[i], strlen(BAD[i]), &err);
    ck_assert_msg(st != MBE_OK, "bad text %zu was accepted", i);

    // no class of the failed text exists, no package it named was created, P is as it was
    ck_assert_uint_eq(spec->nfiles, 1);
    ck_assert_msg(spec->root.nclasses == 1, "bad text %zu: %zu top-level classes", i,
                  spec->root.nclasses);
    ck_assert_ptr_eq(parse_find_class(spec, "P"), p);
    ck_assert_uint_eq(p->nclasses, 1);
    ck_assert_ptr_null(parse_find_class(spec, "X"));
    ck_assert_ptr_null(parse_find_class(spec, "Q"));
    ck_assert_ptr_null(parse_find_class(spec, "Z"));

    // and the next valid add works
    char name[32], text[128];
    snprintf(name, sizeof name, "ok%zu.mo", i);
    snprintf(text, sizeof text, "within P;\nmodel Ok%zu end Ok%zu;\n", i, i);
    parse_add_ok(spec, name, text);
    ck_assert_uint_eq(spec->nfiles, 2);
    snprintf(text, sizeof text, "P.Ok%zu", i);
    ck_assert_ptr_nonnull(parse_find_class(spec, text));

    // start the next round from one good file again
    mbe_spec_destroy(spec);
    ck_assert_int_eq(mbe_spec_create(&spec, NULL), MBE_OK);
    parse_add_ok(spec, "good.mo", "package P\n  model M\n  end M;\nend P;\n");
    p = parse_find_class(spec, "P");
  }
  mbe_spec_destroy(spec);
}
END_TEST

START_TEST(test_error_without_err) {
  // a NULL err is allowed: the status alone reports the failure
  MbeSpec* spec = NULL;
  ck_assert_int_eq(mbe_spec_create(&spec, NULL), MBE_OK);
  const char* bad = "model A\n  Real x\nend A;\n";
  ck_assert_int_eq(mbe_spec_add_text(spec, "a.mo", bad, strlen(bad), NULL), MBE_ERR_MODEL);
  const char* dup = "model B end B; model B end B;";
  ck_assert_int_eq(mbe_spec_add_text(spec, "b.mo", dup, strlen(dup), NULL), MBE_ERR_MODEL);
  ck_assert_uint_eq(spec->nfiles, 0);
  mbe_spec_destroy(spec);
}
END_TEST

// an allocator that fails every allocation after the first g_allow ones
static long g_allow;

static void* failing_malloc(size_t size, void* ctx) {
  (void)ctx;
  return g_allow-- > 0 ? malloc(size) : NULL;
}

static void plain_free(void* ptr, void* ctx) {
  (void)ctx;
  free(ptr);
}

START_TEST(test_out_of_memory) {
  // a text that needs several arena blocks (a long string) and the growable string of
  // concatenated descriptions
  MbeStrbuf sb;
  mbe_strbuf_init(&sb);
  mbe_strbuf_puts(&sb, "within Lib.Sub;\npackage P \"a\" + \"b\"\n");
  for (int i = 0; i < 20; i++) {
    mbe_strbuf_printf(&sb, "  parameter Real p%d(start = {1, 2}) = %d \"d\" + \"%d\";\n", i, i, i);
  }
  mbe_strbuf_puts(&sb, "  constant String s = \"");
  for (int i = 0; i < 150000; i++) {
    mbe_strbuf_puts(&sb, "x");
  }
  mbe_strbuf_puts(&sb, "\";\n  model M\n  equation\n    connect(a, b);\n  end M;\nend P;\n");
  ck_assert(!sb.is_oom);

  // fail the n-th allocation for every n until the add needs no more
  bool done = false;
  long nfailed = 0;
  for (long n = 0; n < 10000 && !done; n++) {
    MbeSpec* spec = NULL;
    MbeError err;
    ck_assert_int_eq(mbe_spec_create(&spec, &err), MBE_OK);
    g_allow = n;
    mbe_set_allocator(failing_malloc, plain_free, NULL);
    MbeStatus st = mbe_spec_add_text(spec, "oom.mo", sb.data, sb.len, &err);
    mbe_set_allocator(NULL, NULL, NULL);
    if (st == MBE_OK) {
      done = true;
    } else {
      ck_assert_msg(st == MBE_ERR_NOMEM, "allocation %ld: status %d (%s)", n, st, err.message);
      nfailed++;
      ck_assert_msg(strstr(err.message, "out of memory") != NULL, "%s", err.message);

      // with memory back the same text adds cleanly to the same spec
      ck_assert_int_eq(mbe_spec_add_text(spec, "oom.mo", sb.data, sb.len, &err), MBE_OK);
    }
    ck_assert_ptr_nonnull(parse_find_class(spec, "Lib.Sub.P.M"));
    ck_assert_uint_eq(spec->nfiles, 1);
    mbe_spec_destroy(spec);
  }
  ck_assert(done);
  ck_assert_int_ge(nfailed, 20);  // at least one per concatenated description
  mbe_strbuf_deinit(&sb);
}
END_TEST

Suite* make_parse_errors_suite(void) {
  Suite* s = suite_create("parse_errors");
  TCase* tc = mbe_tcase_create("syntax");
  tcase_add_test(tc, test_lexer_errors);
  tcase_add_test(tc, test_syntax_errors);
  tcase_add_test(tc, test_whole_grammar);
  tcase_add_test(tc, test_grammar_tree);
  tcase_add_test(tc, test_nul_byte);
  tcase_add_test(tc, test_nesting_limit);
  tcase_add_test(tc, test_long_number_literal);
  suite_add_tcase(s, tc);

  tc = mbe_tcase_create("spec");
  tcase_add_test(tc, test_spec_duplicates_and_within_errors);
  tcase_add_test(tc, test_failed_add_leaves_spec_unchanged);
  tcase_add_test(tc, test_error_without_err);
  tcase_add_test(tc, test_out_of_memory);
  suite_add_tcase(s, tc);
  return s;
}
