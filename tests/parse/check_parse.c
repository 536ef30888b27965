// SPDX-License-Identifier: Apache-2.0
// Tests of host/parse on valid input: every construct of the Modelica subset gives the right
// syntax tree, the spec merges files into one package tree, mbe_expr_print round-trips.
// The error paths are in check_parse_errors.c.
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check_parse.h"

// ---- helpers ------------------------------------------------------------------------------

void parse_add_ok(MbeSpec* spec, const char* name, const char* text) {
  MbeError err;
  mbe_error_clear(&err);
  MbeStatus st = mbe_spec_add_text(spec, name, text, strlen(text), &err);
  ck_assert_msg(st == MBE_OK, "%s:%d:%d: %s", err.file, err.line, err.column, err.message);
}

MbeSpec* parse_ok(const char* text) {
  MbeSpec* spec = NULL;
  ck_assert_int_eq(mbe_spec_create(&spec, NULL), MBE_OK);
  parse_add_ok(spec, PARSE_TEST_FILE, text);
  return spec;
}

const MbeClass* parse_find_class(const MbeSpec* spec, const char* path) {
  const MbeClass* scope = &spec->root;
  const char* s = path;
  while (scope && *s) {
    size_t n = strcspn(s, ".");
    const MbeClass* hit = NULL;
    for (size_t i = 0; i < scope->nclasses && !hit; i++) {
      if (strlen(scope->classes[i]->name) == n && memcmp(scope->classes[i]->name, s, n) == 0) {
        hit = scope->classes[i];
      }
    }
    scope = hit;
    s += n + (s[n] == '.');
  }
  return scope;
}

// the class at path, failing the test when it is missing
static const MbeClass* cls(const MbeSpec* spec, const char* path) {
  const MbeClass* c = parse_find_class(spec, path);
  ck_assert_msg(c != NULL, "no class %s", path);
  return c;
}

// the component of c with this name, failing the test when it is missing
static const MbeComp* comp(const MbeClass* c, const char* name) {
  for (size_t i = 0; i < c->ncomps; i++) {
    if (strcmp(c->comps[i].name, name) == 0) {
      return &c->comps[i];
    }
  }
  ck_abort_msg("class %s has no component %s", c->name, name);
  return NULL;
}

static void assert_loc(MbeLoc loc, int line, int col) {
  ck_assert_msg(loc.line == line && loc.col == col, "location %d:%d, expected %d:%d", loc.line,
                loc.col, line, col);
  ck_assert_ptr_nonnull(loc.file);
}

// a dotted name as text, subscripts left out ("A.B.C")
static const char* dotted(const MbeName* n) {
  static char buf[256];
  buf[0] = '\0';
  for (size_t i = 0; i < n->nparts; i++) {
    if (i) {
      strcat(buf, ".");
    }
    strcat(buf, n->parts[i].ident);
  }
  return buf;
}

// the dotted path of a modifier argument ("a.b")
static const char* mod_path(const MbeModArg* a) {
  static char buf[256];
  buf[0] = '\0';
  for (size_t i = 0; i < a->npath; i++) {
    if (i) {
      strcat(buf, ".");
    }
    strcat(buf, a->path[i]);
  }
  return buf;
}

// the expression tree as a fully bracketed S-expression, written independently of
// mbe_expr_print: (+ a (* b c)), (neg x), (call f 1 x=2), {1 2}, (matrix {1 2} {3 4}), ...
static void sexpr(MbeStrbuf* sb, const MbeExpr* e);

static void sexpr_name(MbeStrbuf* sb, const MbeName* n) {
  if (n->is_global) {
    mbe_strbuf_puts(sb, ".");
  }
  for (size_t i = 0; i < n->nparts; i++) {
    mbe_strbuf_printf(sb, "%s%s", i ? "." : "", n->parts[i].ident);
    if (n->parts[i].nsubs) {
      mbe_strbuf_puts(sb, "[");
      for (size_t j = 0; j < n->parts[i].nsubs; j++) {
        if (j) {
          mbe_strbuf_puts(sb, " ");
        }
        sexpr(sb, n->parts[i].subs[j]);
      }
      mbe_strbuf_puts(sb, "]");
    }
  }
}

static void sexpr_list(MbeStrbuf* sb, MbeExpr* const* a, size_t n) {
  for (size_t i = 0; i < n; i++) {
    mbe_strbuf_puts(sb, " ");
    sexpr(sb, a[i]);
  }
}

static void sexpr(MbeStrbuf* sb, const MbeExpr* e) {
  static const char* const OPS[MBE_OP_COUNT] = {
      [MBE_OP_ADD] = "+",   [MBE_OP_SUB] = "-",   [MBE_OP_MUL] = "*",   [MBE_OP_DIV] = "/",
      [MBE_OP_POW] = "^",   [MBE_OP_EADD] = ".+", [MBE_OP_ESUB] = ".-", [MBE_OP_EMUL] = ".*",
      [MBE_OP_EDIV] = "./", [MBE_OP_EPOW] = ".^", [MBE_OP_LT] = "<",    [MBE_OP_LE] = "<=",
      [MBE_OP_GT] = ">",    [MBE_OP_GE] = ">=",   [MBE_OP_EQ] = "==",   [MBE_OP_NE] = "<>",
      [MBE_OP_AND] = "and", [MBE_OP_OR] = "or",   [MBE_OP_NOT] = "not", [MBE_OP_NEG] = "neg",
      [MBE_OP_PLUS] = "pos"};
  switch (e->kind) {
    case MBE_EX_NUMBER: mbe_strbuf_printf(sb, "%g", e->num); break;
    case MBE_EX_STRING: mbe_strbuf_printf(sb, "\"%s\"", e->str); break;
    case MBE_EX_BOOL: mbe_strbuf_puts(sb, e->boolean ? "true" : "false"); break;
    case MBE_EX_NAME: sexpr_name(sb, &e->name); break;
    case MBE_EX_CALL:
      mbe_strbuf_puts(sb, "(call ");
      sexpr_name(sb, &e->name);
      sexpr_list(sb, e->args, e->nargs);
      for (size_t i = 0; i < e->nnamed; i++) {
        mbe_strbuf_printf(sb, " %s=", e->named[i].ident);
        sexpr(sb, e->named[i].value);
      }
      mbe_strbuf_puts(sb, ")");
      break;
    case MBE_EX_ARRAY:
      mbe_strbuf_puts(sb, "{");
      for (size_t i = 0; i < e->nargs; i++) {
        if (i) {
          mbe_strbuf_puts(sb, " ");
        }
        sexpr(sb, e->args[i]);
      }
      mbe_strbuf_puts(sb, "}");
      break;
    case MBE_EX_MATRIX:
      mbe_strbuf_puts(sb, "(matrix");
      sexpr_list(sb, e->args, e->nargs);
      mbe_strbuf_puts(sb, ")");
      break;
    case MBE_EX_RANGE:
      mbe_strbuf_puts(sb, "(range");
      sexpr_list(sb, e->args, e->nargs);
      mbe_strbuf_puts(sb, ")");
      break;
    case MBE_EX_UNARY:
    case MBE_EX_BINARY:
      ck_assert_uint_eq(e->nargs, e->kind == MBE_EX_UNARY ? 1 : 2);
      ck_assert_ptr_nonnull(OPS[e->op]);
      mbe_strbuf_printf(sb, "(%s", OPS[e->op]);
      sexpr_list(sb, e->args, e->nargs);
      mbe_strbuf_puts(sb, ")");
      break;
    case MBE_EX_IF:
      mbe_strbuf_puts(sb, "(if");
      sexpr_list(sb, e->args, e->nargs);
      mbe_strbuf_puts(sb, ")");
      break;
    case MBE_EX_COLON: mbe_strbuf_puts(sb, ":"); break;
    case MBE_EX_END: mbe_strbuf_puts(sb, "end"); break;
    case MBE_EX_PAREN:
      mbe_strbuf_puts(sb, "(paren");
      sexpr_list(sb, e->args, e->nargs);
      mbe_strbuf_puts(sb, ")");
      break;
    default: ck_abort_msg("expression kind %d", (int)e->kind);
  }
}

// the S-expression of e in a static buffer
static const char* sx(const MbeExpr* e) {
  static char buf[1024];
  MbeStrbuf sb;
  mbe_strbuf_init(&sb);
  sexpr(&sb, e);
  snprintf(buf, sizeof buf, "%s", sb.data ? sb.data : "");
  mbe_strbuf_deinit(&sb);
  return buf;
}

// mbe_expr_print of e in a static buffer
static const char* printed(const MbeExpr* e) {
  static char buf[1024];
  MbeStrbuf sb;
  mbe_strbuf_init(&sb);
  mbe_expr_print(&sb, e);
  ck_assert(!sb.is_oom);
  snprintf(buf, sizeof buf, "%s", sb.data ? sb.data : "");
  mbe_strbuf_deinit(&sb);
  return buf;
}

// the model text that binds x to the expression text (the expression starts at line 2 col 12)
static char* expr_model(const char* expr) {
  static char text[2048];
  snprintf(text, sizeof text, "model M\n  Real x = %s;\nend M;\n", expr);
  return text;
}

// the binding of x in the single model of spec
static const MbeExpr* binding_of(const MbeSpec* spec) {
  const MbeExpr* e = comp(cls(spec, "M"), "x")->binding;
  ck_assert_ptr_nonnull(e);
  return e;
}

// parses expr as the binding of a component and returns its S-expression
static const char* sx_of(const char* expr) {
  static char buf[1024];
  MbeSpec* spec = parse_ok(expr_model(expr));
  snprintf(buf, sizeof buf, "%s", sx(binding_of(spec)));
  mbe_spec_destroy(spec);
  return buf;
}

// ---- files, within, packages ---------------------------------------------------------------

START_TEST(test_within_and_nested_packages) {
  const char* text =
      "within Lib.Sub;\n"
      "// a line comment\n"
      "package P \"the package\"\n"
      "  model M \"a model\"\n"
      "    Real x;\n"
      "  end M;\n"
      "  block B\n"
      "  end B;\n"
      "  package Q\n"
      "    connector C\n"
      "      flow Real f;\n"
      "    end C;\n"
      "  end Q;\n"
      "end P;\n"
      "model Top\n"
      "end Top;\n";
  MbeSpec* spec = parse_ok(text);

  // the file: its within clause, its two top-level classes and its text
  ck_assert_uint_eq(spec->nfiles, 1);
  const MbeFile* f = spec->files[0];
  ck_assert_str_eq(f->path, PARSE_TEST_FILE);
  ck_assert_uint_eq(f->size, strlen(text));
  ck_assert_str_eq(f->text, text);
  ck_assert(!f->is_catalogue);
  ck_assert(f->has_within);
  ck_assert_uint_eq(f->within.nparts, 2);
  ck_assert_str_eq(dotted(&f->within), "Lib.Sub");
  assert_loc(f->within.loc, 1, 8);
  ck_assert_uint_eq(f->nclasses, 2);
  ck_assert_str_eq(f->classes[0]->name, "P");
  ck_assert_str_eq(f->classes[1]->name, "Top");

  // the within path became implicit packages holding both classes
  const MbeClass* lib = cls(spec, "Lib");
  const MbeClass* sub = cls(spec, "Lib.Sub");
  ck_assert(lib->is_implicit && sub->is_implicit);
  ck_assert_int_eq(lib->restriction, MBE_CLASS_PACKAGE);
  ck_assert_ptr_null(lib->parent);
  ck_assert_ptr_eq(sub->parent, lib);
  ck_assert_uint_eq(spec->root.nclasses, 1);
  ck_assert_uint_eq(sub->nclasses, 2);

  // the package and its nested classes, with parents, descriptions and locations
  const MbeClass* p = cls(spec, "Lib.Sub.P");
  ck_assert(!p->is_implicit);
  ck_assert_ptr_eq(p->parent, sub);
  ck_assert_int_eq(p->restriction, MBE_CLASS_PACKAGE);
  ck_assert_str_eq(p->description, "the package");
  ck_assert_str_eq(p->loc.file, PARSE_TEST_FILE);
  assert_loc(p->loc, 3, 9);
  ck_assert_uint_eq(p->loc.offset, (size_t)(strstr(text, "P \"the") - text));
  ck_assert_uint_eq(p->nclasses, 3);
  const MbeClass* m = cls(spec, "Lib.Sub.P.M");
  ck_assert_ptr_eq(m->parent, p);
  ck_assert_int_eq(m->restriction, MBE_CLASS_MODEL);
  ck_assert_str_eq(m->description, "a model");
  assert_loc(m->loc, 4, 9);
  ck_assert_uint_eq(m->ncomps, 1);
  const MbeClass* b = cls(spec, "Lib.Sub.P.B");
  ck_assert_int_eq(b->restriction, MBE_CLASS_BLOCK);
  ck_assert_str_eq(b->description, "");
  const MbeClass* c = cls(spec, "Lib.Sub.P.Q.C");
  ck_assert_int_eq(c->restriction, MBE_CLASS_CONNECTOR);
  ck_assert_ptr_eq(c->parent, cls(spec, "Lib.Sub.P.Q"));
  ck_assert(comp(c, "f")->is_flow);
  assert_loc(c->loc, 10, 15);
  const MbeClass* top = cls(spec, "Lib.Sub.Top");
  ck_assert_ptr_eq(top->parent, sub);
  ck_assert_uint_eq(top->ncomps + top->nclasses + top->neqs, 0);
  ck_assert_ptr_null(parse_find_class(spec, "Top"));
  mbe_spec_destroy(spec);
}
END_TEST

START_TEST(test_within_empty_and_absent) {
  // `within;` names the top level
  MbeSpec* spec = parse_ok("within;\nmodel A\nend A;\n");
  ck_assert(spec->files[0]->has_within);
  ck_assert_uint_eq(spec->files[0]->within.nparts, 0);
  ck_assert_ptr_null(cls(spec, "A")->parent);
  ck_assert_uint_eq(spec->root.nclasses, 1);

  // no within: the top level as well; several classes in one file keep their order
  parse_add_ok(spec, "b.mo", "model B end B; record C end C; function D end D;");
  ck_assert(!spec->files[1]->has_within);
  ck_assert_uint_eq(spec->nfiles, 2);
  ck_assert_uint_eq(spec->root.nclasses, 4);
  ck_assert_str_eq(spec->root.classes[1]->name, "B");
  ck_assert_str_eq(spec->root.classes[2]->name, "C");
  ck_assert_str_eq(spec->root.classes[3]->name, "D");
  ck_assert_str_eq(cls(spec, "B")->loc.file, "b.mo");
  ck_assert_int_eq(cls(spec, "C")->restriction, MBE_CLASS_RECORD);
  ck_assert_int_eq(cls(spec, "D")->restriction, MBE_CLASS_FUNCTION);
  mbe_spec_destroy(spec);
}
END_TEST

START_TEST(test_class_restrictions_and_prefixes) {
  MbeSpec* spec = parse_ok(
      "package R\n"
      "  class K end K;\n"
      "  model Mo end Mo;\n"
      "  block Bl end Bl;\n"
      "  connector Co end Co;\n"
      "  record Re end Re;\n"
      "  type Ty = Real;\n"
      "  function Fu end Fu;\n"
      "  partial model Pa end Pa;\n"
      "  encapsulated package En end En;\n"
      "  encapsulated partial block EP end EP;\n"
      "  pure function PF end PF;\n"
      "  impure function IF end IF;\n"
      "  final model Fm end Fm;\n"
      "end R;\n");
  static const struct {
    const char* path;
    MbeRestriction r;
    bool is_partial, is_encapsulated;
  } WANT[] = {
      {"R", MBE_CLASS_PACKAGE, false, false},      {"R.K", MBE_CLASS_CLASS, false, false},
      {"R.Mo", MBE_CLASS_MODEL, false, false},     {"R.Bl", MBE_CLASS_BLOCK, false, false},
      {"R.Co", MBE_CLASS_CONNECTOR, false, false}, {"R.Re", MBE_CLASS_RECORD, false, false},
      {"R.Ty", MBE_CLASS_TYPE, false, false},      {"R.Fu", MBE_CLASS_FUNCTION, false, false},
      {"R.Pa", MBE_CLASS_MODEL, true, false},      {"R.En", MBE_CLASS_PACKAGE, false, true},
      {"R.EP", MBE_CLASS_BLOCK, true, true},       {"R.PF", MBE_CLASS_FUNCTION, false, false},
      {"R.IF", MBE_CLASS_FUNCTION, false, false},  {"R.Fm", MBE_CLASS_MODEL, false, false},
  };
  for (size_t i = 0; i < sizeof WANT / sizeof WANT[0]; i++) {
    const MbeClass* c = cls(spec, WANT[i].path);
    ck_assert_msg(c->restriction == WANT[i].r, "%s: restriction %d", WANT[i].path, c->restriction);
    ck_assert_msg(c->is_partial == WANT[i].is_partial, "%s: partial", WANT[i].path);
    ck_assert_msg(c->is_encapsulated == WANT[i].is_encapsulated, "%s: encapsulated", WANT[i].path);
    ck_assert_msg(!c->is_short || strcmp(WANT[i].path, "R.Ty") == 0, "%s: short", WANT[i].path);
    ck_assert(!c->is_catalogue && !c->is_implicit);
  }
  ck_assert_uint_eq(cls(spec, "R")->nclasses, 13);

  // the keywords of the restrictions
  ck_assert_str_eq(mbe_restriction_str(MBE_CLASS_CLASS), "class");
  ck_assert_str_eq(mbe_restriction_str(MBE_CLASS_MODEL), "model");
  ck_assert_str_eq(mbe_restriction_str(MBE_CLASS_BLOCK), "block");
  ck_assert_str_eq(mbe_restriction_str(MBE_CLASS_CONNECTOR), "connector");
  ck_assert_str_eq(mbe_restriction_str(MBE_CLASS_RECORD), "record");
  ck_assert_str_eq(mbe_restriction_str(MBE_CLASS_PACKAGE), "package");
  ck_assert_str_eq(mbe_restriction_str(MBE_CLASS_TYPE), "type");
  ck_assert_str_eq(mbe_restriction_str(MBE_CLASS_FUNCTION), "function");
  mbe_spec_destroy(spec);
}
END_TEST

START_TEST(test_short_class_definitions) {
  MbeSpec* spec = parse_ok(
      "package S\n"
      "  type Angle = Real(final quantity=\"Angle\", final unit=\"rad\", displayUnit=\"deg\")"
      " \"an angle\";\n"
      "  type Axis = Real[3](each final unit=\"1\");\n"
      "  connector RealInput = input Real \"input signal\"\n"
      "    annotation(defaultComponentName=\"u\");\n"
      "  connector RealOutput = output Real;\n"
      "  package SI = Modelica.Units.SI;\n"
      "  model Big = Small(k=2);\n"
      "  type Matrix = Real[2, n];\n"
      "end S;\n");

  // type with modifiers and a description
  const MbeClass* angle = cls(spec, "S.Angle");
  ck_assert(angle->is_short && !angle->is_enumeration);
  ck_assert_int_eq(angle->restriction, MBE_CLASS_TYPE);
  ck_assert_str_eq(dotted(&angle->short_base), "Real");
  ck_assert_uint_eq(angle->nshort_dims, 0);
  ck_assert_int_eq(angle->short_causality, MBE_CAUS_NONE);
  ck_assert_str_eq(angle->description, "an angle");
  assert_loc(angle->loc, 2, 8);
  const MbeMod* m = angle->short_mod;
  ck_assert_ptr_nonnull(m);
  ck_assert_uint_eq(m->nargs, 3);
  ck_assert(m->args[0].is_final && !m->args[0].is_each);
  ck_assert_str_eq(mod_path(&m->args[0]), "quantity");
  ck_assert_int_eq(m->args[0].value->kind, MBE_EX_STRING);
  ck_assert_str_eq(m->args[0].value->str, "Angle");
  ck_assert(m->args[1].is_final);
  ck_assert_str_eq(m->args[1].value->str, "rad");
  ck_assert(!m->args[2].is_final);
  ck_assert_str_eq(mod_path(&m->args[2]), "displayUnit");
  ck_assert_str_eq(m->args[2].value->str, "deg");
  ck_assert_uint_eq(angle->ncomps + angle->nclasses + angle->nextends, 0);

  // type with dimensions and an `each` modifier
  const MbeClass* axis = cls(spec, "S.Axis");
  ck_assert_uint_eq(axis->nshort_dims, 1);
  ck_assert_str_eq(sx(axis->short_dims[0]), "3");
  ck_assert(axis->short_dims[0]->is_integer);
  ck_assert_uint_eq(axis->short_mod->nargs, 1);
  ck_assert(axis->short_mod->args[0].is_each && axis->short_mod->args[0].is_final);
  ck_assert_str_eq(axis->short_mod->args[0].value->str, "1");
  const MbeClass* matrix = cls(spec, "S.Matrix");
  ck_assert_uint_eq(matrix->nshort_dims, 2);
  ck_assert_str_eq(sx(matrix->short_dims[1]), "n");
  ck_assert_ptr_null(matrix->short_mod);

  // connectors with causality, one with a description and an annotation
  const MbeClass* in = cls(spec, "S.RealInput");
  ck_assert_int_eq(in->restriction, MBE_CLASS_CONNECTOR);
  ck_assert(in->is_short);
  ck_assert_int_eq(in->short_causality, MBE_CAUS_INPUT);
  ck_assert_str_eq(dotted(&in->short_base), "Real");
  ck_assert_str_eq(in->description, "input signal");
  ck_assert_ptr_null(in->short_mod);
  ck_assert_int_eq(cls(spec, "S.RealOutput")->short_causality, MBE_CAUS_OUTPUT);
  ck_assert_str_eq(cls(spec, "S.RealOutput")->description, "");

  // a package alias and a model with a modification
  const MbeClass* si = cls(spec, "S.SI");
  ck_assert_int_eq(si->restriction, MBE_CLASS_PACKAGE);
  ck_assert(si->is_short);
  ck_assert_uint_eq(si->short_base.nparts, 3);
  ck_assert_str_eq(dotted(&si->short_base), "Modelica.Units.SI");
  assert_loc(si->short_base.loc, 7, 16);
  const MbeClass* big = cls(spec, "S.Big");
  ck_assert_int_eq(big->restriction, MBE_CLASS_MODEL);
  ck_assert_str_eq(dotted(&big->short_base), "Small");
  ck_assert_uint_eq(big->short_mod->nargs, 1);
  ck_assert_str_eq(mod_path(&big->short_mod->args[0]), "k");
  ck_assert_str_eq(sx(big->short_mod->args[0].value), "2");
  mbe_spec_destroy(spec);
}
END_TEST

START_TEST(test_enumerations) {
  MbeSpec* spec = parse_ok(
      "package T\n"
      "  type GravityTypes = enumeration(\n"
      "      NoGravity \"No gravity field\",\n"
      "      UniformGravity \"Uniform \" + \"field\" annotation(Evaluate=true),\n"
      "      PointGravity) \"Type of the gravity field\";\n"
      "  type Empty = enumeration();\n"
      "end T;\n");
  const MbeClass* g = cls(spec, "T.GravityTypes");
  ck_assert(g->is_enumeration && g->is_short);
  ck_assert_int_eq(g->restriction, MBE_CLASS_TYPE);
  ck_assert_str_eq(g->description, "Type of the gravity field");
  ck_assert_uint_eq(g->nliterals, 3);
  ck_assert_str_eq(g->literals[0].name, "NoGravity");
  ck_assert_str_eq(g->literals[0].description, "No gravity field");
  assert_loc(g->literals[0].loc, 3, 7);
  ck_assert_str_eq(g->literals[1].name, "UniformGravity");
  ck_assert_str_eq(g->literals[1].description, "Uniform field");
  ck_assert_str_eq(g->literals[2].name, "PointGravity");
  ck_assert_str_eq(g->literals[2].description, "");
  assert_loc(g->literals[2].loc, 5, 7);
  ck_assert_uint_eq(g->short_base.nparts, 0);
  const MbeClass* e = cls(spec, "T.Empty");
  ck_assert(e->is_enumeration);
  ck_assert_uint_eq(e->nliterals, 0);
  mbe_spec_destroy(spec);
}
END_TEST

// ---- elements -----------------------------------------------------------------------------

START_TEST(test_imports) {
  MbeSpec* spec = parse_ok(
      "model I\n"
      "  import Modelica.Mechanics.MultiBody;\n"
      "  import SI = Modelica.Units.SI \"units\";\n"
      "  import Modelica.Constants.*;\n"
      "  import Single annotation(x = 1);\n"
      "  import Modelica.Math.Vectors. *;\n"
      "end I;\n");
  const MbeClass* c = cls(spec, "I");
  ck_assert_uint_eq(c->nimports, 5);

  // qualified: the visible name is the last part
  const MbeImport* q = &c->imports[0];
  ck_assert_int_eq(q->kind, MBE_IMPORT_QUALIFIED);
  ck_assert_str_eq(q->alias, "MultiBody");
  ck_assert_str_eq(dotted(&q->path), "Modelica.Mechanics.MultiBody");
  assert_loc(q->loc, 2, 3);
  assert_loc(q->path.loc, 2, 10);

  // alias
  const MbeImport* a = &c->imports[1];
  ck_assert_int_eq(a->kind, MBE_IMPORT_ALIAS);
  ck_assert_str_eq(a->alias, "SI");
  ck_assert_str_eq(dotted(&a->path), "Modelica.Units.SI");
  assert_loc(a->loc, 3, 3);

  // wildcard: the package, no visible name
  const MbeImport* w = &c->imports[2];
  ck_assert_int_eq(w->kind, MBE_IMPORT_WILDCARD);
  ck_assert_ptr_null(w->alias);
  ck_assert_str_eq(dotted(&w->path), "Modelica.Constants");

  // a one-part qualified import and a wildcard written with a space before '*'
  ck_assert_int_eq(c->imports[3].kind, MBE_IMPORT_QUALIFIED);
  ck_assert_str_eq(c->imports[3].alias, "Single");
  ck_assert_uint_eq(c->imports[3].path.nparts, 1);
  ck_assert_int_eq(c->imports[4].kind, MBE_IMPORT_WILDCARD);
  ck_assert_str_eq(dotted(&c->imports[4].path), "Modelica.Math.Vectors");
  ck_assert_uint_eq(c->ncomps, 0);
  mbe_spec_destroy(spec);
}
END_TEST

START_TEST(test_extends_with_modification) {
  MbeSpec* spec = parse_ok(
      "model E\n"
      "  extends Modelica.Mechanics.MultiBody.Interfaces.PartialTwoFrames(\n"
      "    frame_a(r_0(start = {1, 2, 3})), final k = 2)\n"
      "    annotation(IconMap(primitivesVisible = false));\n"
      "  extends .Icons.Model;\n"
      "protected\n"
      "  extends Base;\n"
      "end E;\n");
  const MbeClass* c = cls(spec, "E");
  ck_assert_uint_eq(c->nextends, 3);
  const MbeExtends* e = &c->extends[0];
  ck_assert_str_eq(dotted(&e->base), "Modelica.Mechanics.MultiBody.Interfaces.PartialTwoFrames");
  ck_assert(!e->base.is_global && !e->is_protected);
  assert_loc(e->loc, 2, 3);
  assert_loc(e->base.loc, 2, 11);
  ck_assert_uint_eq(e->mod->nargs, 2);
  assert_loc(e->mod->loc, 2, 67);

  // frame_a(r_0(start = {1, 2, 3})): two levels of nested modification
  const MbeModArg* fa = &e->mod->args[0];
  ck_assert_str_eq(mod_path(fa), "frame_a");
  ck_assert_ptr_null(fa->value);
  ck_assert_uint_eq(fa->sub->nargs, 1);
  ck_assert_str_eq(mod_path(&fa->sub->args[0]), "r_0");
  ck_assert_str_eq(mod_path(&fa->sub->args[0].sub->args[0]), "start");
  ck_assert_str_eq(sx(fa->sub->args[0].sub->args[0].value), "{1 2 3}");
  ck_assert(e->mod->args[1].is_final);
  ck_assert_str_eq(sx(e->mod->args[1].value), "2");

  // a global name; a protected extends
  ck_assert(c->extends[1].base.is_global);
  ck_assert_str_eq(dotted(&c->extends[1].base), "Icons.Model");
  ck_assert_ptr_null(c->extends[1].mod);
  ck_assert(c->extends[2].is_protected);
  ck_assert_str_eq(dotted(&c->extends[2].base), "Base");
  mbe_spec_destroy(spec);
}
END_TEST

START_TEST(test_component_prefixes) {
  MbeSpec* spec = parse_ok(
      "model C\n"
      "  final parameter Real p = 1;\n"
      "  inner outer World world;\n"
      "  outer World w2;\n"
      "  inner World w3;\n"
      "  flow Real f;\n"
      "  constant Integer n = 3;\n"
      "  discrete Real d;\n"
      "  input Real u;\n"
      "  output Real y;\n"
      "  parameter input Real pi;\n"
      "  Real plain;\n"
      "protected\n"
      "  Real hidden;\n"
      "  final constant Real fc = 2;\n"
      "public\n"
      "  Real shown;\n"
      "end C;\n");
  const MbeClass* c = cls(spec, "C");
  ck_assert_uint_eq(c->ncomps, 14);
  static const struct {
    const char* name;
    MbeVariability var;
    MbeCausality caus;
    bool is_final, is_inner, is_outer, is_flow, is_protected;
  } WANT[] = {
      {"p", MBE_VAR_PARAMETER, MBE_CAUS_NONE, true, false, false, false, false},
      {"world", MBE_VAR_CONTINUOUS, MBE_CAUS_NONE, false, true, true, false, false},
      {"w2", MBE_VAR_CONTINUOUS, MBE_CAUS_NONE, false, false, true, false, false},
      {"w3", MBE_VAR_CONTINUOUS, MBE_CAUS_NONE, false, true, false, false, false},
      {"f", MBE_VAR_CONTINUOUS, MBE_CAUS_NONE, false, false, false, true, false},
      {"n", MBE_VAR_CONSTANT, MBE_CAUS_NONE, false, false, false, false, false},
      {"d", MBE_VAR_DISCRETE, MBE_CAUS_NONE, false, false, false, false, false},
      {"u", MBE_VAR_CONTINUOUS, MBE_CAUS_INPUT, false, false, false, false, false},
      {"y", MBE_VAR_CONTINUOUS, MBE_CAUS_OUTPUT, false, false, false, false, false},
      {"pi", MBE_VAR_PARAMETER, MBE_CAUS_INPUT, false, false, false, false, false},
      {"plain", MBE_VAR_CONTINUOUS, MBE_CAUS_NONE, false, false, false, false, false},
      {"hidden", MBE_VAR_CONTINUOUS, MBE_CAUS_NONE, false, false, false, false, true},
      {"fc", MBE_VAR_CONSTANT, MBE_CAUS_NONE, true, false, false, false, true},
      {"shown", MBE_VAR_CONTINUOUS, MBE_CAUS_NONE, false, false, false, false, false},
  };
  for (size_t i = 0; i < sizeof WANT / sizeof WANT[0]; i++) {
    const MbeComp* k = &c->comps[i];
    ck_assert_str_eq(k->name, WANT[i].name);
    ck_assert_msg(k->variability == WANT[i].var, "%s: variability %d", k->name, k->variability);
    ck_assert_msg(k->causality == WANT[i].caus, "%s: causality %d", k->name, k->causality);
    ck_assert_msg(k->is_final == WANT[i].is_final && k->is_inner == WANT[i].is_inner &&
                      k->is_outer == WANT[i].is_outer && k->is_flow == WANT[i].is_flow &&
                      k->is_protected == WANT[i].is_protected,
                  "%s: prefixes", k->name);
  }
  ck_assert_str_eq(dotted(&comp(c, "world")->type), "World");
  ck_assert_str_eq(dotted(&comp(c, "n")->type), "Integer");
  assert_loc(comp(c, "p")->loc, 2, 24);
  assert_loc(comp(c, "p")->type.loc, 2, 19);
  mbe_spec_destroy(spec);
}
END_TEST

START_TEST(test_array_dims_and_component_lists) {
  MbeSpec* spec = parse_ok(
      "model A\n"
      "  Real[3] a[2];\n"
      "  Real b[:, n + 1];\n"
      "  Modelica.Mechanics.MultiBody.Parts.Body[2, 3] c;\n"
      "  parameter Real p = 1, q[2] = {1, 2} \"q doc\", r(start = 0) \"r doc\";\n"
      "  Real[2] s, t[4];\n"
      "end A;\n");
  const MbeClass* c = cls(spec, "A");
  ck_assert_uint_eq(c->ncomps, 8);

  // dimensions after the type and after the name stay apart
  const MbeComp* a = comp(c, "a");
  ck_assert_uint_eq(a->ntype_dims, 1);
  ck_assert_str_eq(sx(a->type_dims[0]), "3");
  ck_assert_uint_eq(a->ndims, 1);
  ck_assert_str_eq(sx(a->dims[0]), "2");
  const MbeComp* b = comp(c, "b");
  ck_assert_uint_eq(b->ntype_dims, 0);
  ck_assert_uint_eq(b->ndims, 2);
  ck_assert_int_eq(b->dims[0]->kind, MBE_EX_COLON);
  ck_assert_str_eq(sx(b->dims[1]), "(+ n 1)");
  const MbeComp* k = comp(c, "c");
  ck_assert_str_eq(dotted(&k->type), "Modelica.Mechanics.MultiBody.Parts.Body");
  ck_assert_uint_eq(k->ntype_dims, 2);
  ck_assert_str_eq(sx(k->type_dims[1]), "3");

  // several components in one declaration share the prefixes, each has its own declaration
  const MbeComp* p = comp(c, "p");
  const MbeComp* q = comp(c, "q");
  const MbeComp* r = comp(c, "r");
  ck_assert(p->variability == MBE_VAR_PARAMETER && q->variability == MBE_VAR_PARAMETER &&
            r->variability == MBE_VAR_PARAMETER);
  ck_assert_str_eq(sx(p->binding), "1");
  ck_assert_str_eq(p->description, "");
  ck_assert_uint_eq(q->ndims, 1);
  ck_assert_str_eq(sx(q->binding), "{1 2}");
  ck_assert_str_eq(q->description, "q doc");
  ck_assert_ptr_null(r->binding);
  ck_assert_str_eq(mod_path(&r->mod->args[0]), "start");
  ck_assert_str_eq(r->description, "r doc");
  assert_loc(p->loc, 5, 18);
  assert_loc(q->loc, 5, 25);
  assert_loc(q->binding_loc, 5, 32);
  assert_loc(r->loc, 5, 48);
  ck_assert_str_eq(dotted(&r->type), "Real");

  // the type dimensions apply to every component of the list
  ck_assert_uint_eq(comp(c, "s")->ntype_dims, 1);
  ck_assert_uint_eq(comp(c, "s")->ndims, 0);
  ck_assert_uint_eq(comp(c, "t")->ntype_dims, 1);
  ck_assert_str_eq(sx(comp(c, "t")->dims[0]), "4");
  mbe_spec_destroy(spec);
}
END_TEST

START_TEST(test_modifiers_at_any_depth) {
  MbeSpec* spec = parse_ok(
      "model Mods\n"
      "  Revolute rev(phi(fixed=true, start=0.5), w(fixed = true));\n"
      "  Body body(r_0(start={0.5,-0.3,0}, each fixed=true));\n"
      "  Spring spring(lineForce(r_rel_0(start={1,2,3})));\n"
      "  Thing t(a.b = 1, final c = 2 \"c doc\", each d(e = 3) = 4, f());\n"
      "end Mods;\n");
  const MbeClass* c = cls(spec, "Mods");

  // phi(fixed=true, start=0.5)
  const MbeMod* rev = comp(c, "rev")->mod;
  ck_assert_uint_eq(rev->nargs, 2);
  assert_loc(rev->loc, 2, 15);
  const MbeModArg* phi = &rev->args[0];
  ck_assert_str_eq(mod_path(phi), "phi");
  ck_assert_ptr_null(phi->value);
  assert_loc(phi->loc, 2, 16);
  ck_assert_uint_eq(phi->sub->nargs, 2);
  ck_assert_str_eq(mod_path(&phi->sub->args[0]), "fixed");
  ck_assert_int_eq(phi->sub->args[0].value->kind, MBE_EX_BOOL);
  ck_assert(phi->sub->args[0].value->boolean);
  ck_assert_str_eq(mod_path(&phi->sub->args[1]), "start");
  ck_assert_double_eq(phi->sub->args[1].value->num, 0.5);
  assert_loc(phi->sub->args[1].value_loc, 2, 38);
  ck_assert_str_eq(mod_path(&rev->args[1]), "w");

  // r_0(start={0.5,-0.3,0}, each fixed=true)
  const MbeModArg* r0 = &comp(c, "body")->mod->args[0];
  ck_assert_str_eq(mod_path(r0), "r_0");
  ck_assert_uint_eq(r0->sub->nargs, 2);
  ck_assert_str_eq(sx(r0->sub->args[0].value), "{0.5 (neg 0.3) 0}");
  ck_assert(!r0->sub->args[0].is_each);
  ck_assert(r0->sub->args[1].is_each && !r0->sub->args[1].is_final);
  ck_assert_str_eq(mod_path(&r0->sub->args[1]), "fixed");

  // lineForce(r_rel_0(start={1,2,3})): three levels
  const MbeModArg* lf = &comp(c, "spring")->mod->args[0];
  ck_assert_str_eq(mod_path(lf), "lineForce");
  const MbeModArg* rr = &lf->sub->args[0];
  ck_assert_str_eq(mod_path(rr), "r_rel_0");
  ck_assert_ptr_null(rr->value);
  ck_assert_str_eq(mod_path(&rr->sub->args[0]), "start");
  ck_assert_str_eq(sx(rr->sub->args[0].value), "{1 2 3}");
  ck_assert_ptr_null(rr->sub->args[0].sub);

  // dotted names, final with a description, each with both a modification and a value, f()
  const MbeMod* t = comp(c, "t")->mod;
  ck_assert_uint_eq(t->nargs, 4);
  ck_assert_uint_eq(t->args[0].npath, 2);
  ck_assert_str_eq(mod_path(&t->args[0]), "a.b");
  ck_assert_str_eq(sx(t->args[0].value), "1");
  ck_assert(t->args[1].is_final && !t->args[1].is_each);
  ck_assert_str_eq(mod_path(&t->args[1]), "c");
  ck_assert(t->args[2].is_each && !t->args[2].is_final);
  ck_assert_str_eq(mod_path(&t->args[2].sub->args[0]), "e");
  ck_assert_str_eq(sx(t->args[2].value), "4");
  ck_assert_ptr_nonnull(t->args[3].sub);
  ck_assert_uint_eq(t->args[3].sub->nargs, 0);
  ck_assert_ptr_null(t->args[3].value);
  mbe_spec_destroy(spec);
}
END_TEST

START_TEST(test_bindings_conditions_descriptions) {
  MbeSpec* spec = parse_ok(
      "model B\n"
      "  parameter Boolean useAxisFlange = false \"true: axis flange\" + \" enabled\";\n"
      "  Flange_a axis if useAxisFlange \"1-dim. rotational flange\";\n"
      "  Real z(start = 1) = 2 * k if a and not b \"z\";\n"
      "  parameter String s = \"a\" + \"b\" \"the\" + \" doc\";\n"
      "end B;\n");
  const MbeClass* c = cls(spec, "B");
  const MbeComp* use = comp(c, "useAxisFlange");
  ck_assert_int_eq(use->binding->kind, MBE_EX_BOOL);
  ck_assert(!use->binding->boolean);
  ck_assert_str_eq(use->description, "true: axis flange enabled");
  ck_assert_ptr_null(use->condition);

  // a conditional component
  const MbeComp* axis = comp(c, "axis");
  ck_assert_ptr_null(axis->binding);
  ck_assert_str_eq(sx(axis->condition), "useAxisFlange");
  assert_loc(axis->condition->loc, 3, 20);
  ck_assert_str_eq(axis->description, "1-dim. rotational flange");

  // modification, binding, condition and description together
  const MbeComp* z = comp(c, "z");
  ck_assert_uint_eq(z->mod->nargs, 1);
  ck_assert_str_eq(sx(z->binding), "(* 2 k)");
  assert_loc(z->binding_loc, 4, 23);
  ck_assert_str_eq(sx(z->condition), "(and a (not b))");
  ck_assert_str_eq(z->description, "z");

  // a string binding concatenated with '+', then a description concatenated the same way
  const MbeComp* s = comp(c, "s");
  ck_assert_str_eq(sx(s->binding), "(+ \"a\" \"b\")");
  ck_assert_str_eq(s->description, "the doc");
  mbe_spec_destroy(spec);
}
END_TEST

// ---- expressions --------------------------------------------------------------------------

START_TEST(test_expression_precedence) {
  static const struct {
    const char* text;
    const char* tree;
  } CASES[] = {
      // arithmetic precedence and associativity
      {"a + b*c^2", "(+ a (* b (^ c 2)))"},
      {"-a^2", "(neg (^ a 2))"},
      {"-a*b", "(neg (* a b))"},
      {"-a + b", "(+ (neg a) b)"},
      {"+a", "(pos a)"},
      {"a - b - c", "(- (- a b) c)"},
      {"a / b / c", "(/ (/ a b) c)"},
      {"a * b / c * d", "(* (/ (* a b) c) d)"},
      {"a - b + c", "(+ (- a b) c)"},
      {"(a - b)^2", "(^ (paren (- a b)) 2)"},
      {"a^(b^c)", "(^ a (paren (^ b c)))"},
      // element-wise operators
      {"a .* b ./ c", "(./ (.* a b) c)"},
      {"a .+ b .- c", "(.- (.+ a b) c)"},
      {"a .^ 2 * b", "(* (.^ a 2) b)"},
      {"-a .^ 2", "(neg (.^ a 2))"},
      // relations bind looser than arithmetic, logic looser than relations
      {"a + 1 < b * 2", "(< (+ a 1) (* b 2))"},
      {"a <= b", "(<= a b)"},
      {"a > b", "(> a b)"},
      {"a >= b", "(>= a b)"},
      {"a == b", "(== a b)"},
      {"a <> b", "(<> a b)"},
      {"not a and b or c", "(or (and (not a) b) c)"},
      {"a or b and c", "(or a (and b c))"},
      {"a or b or c", "(or (or a b) c)"},
      {"not x > 1", "(not (> x 1))"},
      // ranges
      {"1:n", "(range 1 n)"},
      {"1:2:n + 1", "(range 1 2 (+ n 1))"},
      {"a + 1:b", "(range (+ a 1) b)"},
      // if-expressions
      {"if a then 1 else 2", "(if a 1 2)"},
      {"if a > 0 then 1 elseif b then 2 elseif c then 3 else 4", "(if (> a 0) 1 b 2 c 3 4)"},
      {"if a then if b then 1 else 2 else 3", "(if a (if b 1 2) 3)"},
      {"if a then 1 else 2 + 3", "(if a 1 (+ 2 3))"},
      {"1 + (if a then 1 else 2)", "(+ 1 (paren (if a 1 2)))"},
      // arrays and matrices
      {"{1, 2, 3}", "{1 2 3}"},
      {"{}", "{}"},
      {"{{1, 2}, {3, 4}}", "{{1 2} {3 4}}"},
      {"[1, 2; 3, 4]", "(matrix {1 2} {3 4})"},
      {"[1; 2; 3]", "(matrix {1} {2} {3})"},
      {"[a]", "(matrix {a})"},
      // calls and names
      {"f(1, 2)", "(call f 1 2)"},
      {"f()", "(call f)"},
      {"fill(0, 3, n)", "(call fill 0 3 n)"},
      {"Modelica.Math.Vectors.normalize(v, eps = 1e-10)",
       "(call Modelica.Math.Vectors.normalize v eps=1e-10)"},
      {"g(x = 1, y = {1, 2})", "(call g x=1 y={1 2})"},
      {"f(a == b)", "(call f (== a b))"},
      {"der(x)", "(call der x)"},
      {"der(x[2]) + initial()", "(+ (call der x[2]) (call initial))"},
      {"a.b.c", "a.b.c"},
      {".Modelica.Constants.pi", ".Modelica.Constants.pi"},
      {"a[1].b[2, 3].c", "a[1].b[2 3].c"},
      {"a[:, 1]", "a[: 1]"},
      {"a[end]", "a[end]"},
      {"a[end - 1]", "a[(- end 1)]"},
      {"a[2:end]", "a[(range 2 end)]"},
      {"a[i, :]", "a[i :]"},
      {"'quoted name' + 'q.2'", "(+ 'quoted name' 'q.2')"},
      {"a.'b c'.d", "a.'b c'.d"},
      {"true and false", "(and true false)"},
  };
  for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
    const char* got = sx_of(CASES[i].text);
    ck_assert_msg(strcmp(got, CASES[i].tree) == 0, "%s: %s, expected %s", CASES[i].text, got,
                  CASES[i].tree);
  }
}
END_TEST

START_TEST(test_expression_locations) {
  // the binding starts at line 2, column 12; operators carry the location of the operator
  MbeSpec* spec = parse_ok(expr_model("a + b * c"));
  const MbeExpr* e = binding_of(spec);
  ck_assert_int_eq(e->kind, MBE_EX_BINARY);
  assert_loc(e->loc, 2, 14);
  assert_loc(e->args[0]->loc, 2, 12);
  assert_loc(e->args[1]->loc, 2, 18);
  assert_loc(e->args[1]->args[1]->loc, 2, 20);
  ck_assert_uint_eq(e->args[1]->args[1]->loc.offset, strlen("model M\n  Real x = a + b * "));
  mbe_spec_destroy(spec);

  // a call: the name and the named argument
  spec = parse_ok(expr_model("f(1, k = 2)"));
  e = binding_of(spec);
  ck_assert_int_eq(e->kind, MBE_EX_CALL);
  assert_loc(e->loc, 2, 12);
  ck_assert_uint_eq(e->nargs, 1);
  ck_assert_uint_eq(e->nnamed, 1);
  ck_assert_str_eq(e->named[0].ident, "k");
  assert_loc(e->named[0].loc, 2, 17);
  assert_loc(e->named[0].value->loc, 2, 21);
  mbe_spec_destroy(spec);

  // a range takes the location of its start
  spec = parse_ok(expr_model("(1):3"));
  e = binding_of(spec);
  ck_assert_int_eq(e->kind, MBE_EX_RANGE);
  assert_loc(e->loc, 2, 12);
  assert_loc(e->args[1]->loc, 2, 16);
  mbe_spec_destroy(spec);
}
END_TEST

START_TEST(test_numbers) {
  static const struct {
    const char* text;
    double value;
    bool is_integer;
  } CASES[] = {
      {"0", 0.0, true},
      {"42", 42.0, true},
      {"007", 7.0, true},
      {"2147483647", 2147483647.0, true},
      {"2147483648", 2147483648.0, false},  // beyond Integer: a Real, as tools do
      {"1.5", 1.5, false},
      {"2.", 2.0, false},
      {"1e3", 1000.0, false},
      {"1E3", 1000.0, false},
      {"2.5e-3", 0.0025, false},
      {"2.5E+3", 2500.0, false},
      {"6.02214076e23", 6.02214076e23, false},
      {"1e-400", 0.0, false},  // underflows to zero; not an error
  };
  for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
    MbeSpec* spec = parse_ok(expr_model(CASES[i].text));
    const MbeExpr* e = binding_of(spec);
    ck_assert_msg(e->kind == MBE_EX_NUMBER, "%s: kind %d", CASES[i].text, e->kind);
    ck_assert_msg(e->num == CASES[i].value, "%s: %.17g", CASES[i].text, e->num);
    ck_assert_msg(e->is_integer == CASES[i].is_integer, "%s: is_integer", CASES[i].text);
    mbe_spec_destroy(spec);
  }
}
END_TEST

START_TEST(test_strings_and_quoted_identifiers) {
  // escapes are resolved; the quotes and the escapes are gone from the value
  MbeSpec* spec = parse_ok(expr_model("\"a\\\"b\\\\c\\nd\\te\\'f\\?g\\q\""));
  const MbeExpr* e = binding_of(spec);
  ck_assert_int_eq(e->kind, MBE_EX_STRING);
  ck_assert_str_eq(e->str, "a\"b\\c\nd\te'f?gq");
  mbe_spec_destroy(spec);

  // an empty string; a string over two lines keeps its newline; UTF-8 passes through
  spec = parse_ok(expr_model("\"\""));
  ck_assert_str_eq(binding_of(spec)->str, "");
  mbe_spec_destroy(spec);
  spec = parse_ok(expr_model("\"line1\nline2 \xc2\xb0\" + y"));
  e = binding_of(spec);
  ck_assert_str_eq(e->args[0]->str, "line1\nline2 \xc2\xb0");
  assert_loc(e->args[1]->loc, 3, 13);  // the location after a newline inside a string
  mbe_spec_destroy(spec);

  // quoted identifiers keep their quotes and may hold any character but a newline
  spec = parse_ok(
      "model 'My model'\n"
      "  Real 'x.y' = 1;\n"
      "  Real 'it\\'s' = 'x.y';\n"
      "end 'My model';\n");
  const MbeClass* c = cls(spec, "'My model'");
  ck_assert_uint_eq(c->ncomps, 2);
  ck_assert_str_eq(c->comps[0].name, "'x.y'");
  ck_assert_str_eq(c->comps[1].name, "'it\\'s'");
  ck_assert_str_eq(sx(c->comps[1].binding), "'x.y'");
  mbe_spec_destroy(spec);
}
END_TEST

START_TEST(test_comments) {
  const char* text =
      "/* a header\n"
      "   comment */ model /* inside */ Cm // the line comment\n"
      "  /* a block comment\n"
      "     over lines, /* not nested\n"
      "  */\n"
      "  Real x /* before = */ = /* after = */ 1 // trailing\n"
      "    ; // after the semicolon\n"
      "  // Real y;\n"
      "  /**/Real/***/z/*//*/;\n"
      "end Cm // before the semicolon\n"
      ";\n"
      "// the last line, without a newline";
  MbeSpec* spec = parse_ok(text);
  const MbeClass* c = cls(spec, "Cm");
  assert_loc(c->loc, 2, 34);
  ck_assert_uint_eq(c->ncomps, 2);
  const MbeComp* x = comp(c, "x");
  assert_loc(x->loc, 6, 8);
  assert_loc(x->binding_loc, 6, 41);
  ck_assert_str_eq(sx(x->binding), "1");
  assert_loc(comp(c, "z")->loc, 9, 16);
  ck_assert_str_eq(c->comps[1].name, "z");
  mbe_spec_destroy(spec);

  // a byte order mark at the start is skipped; CR LF line ends count one line each
  spec = parse_ok("\xef\xbb\xbfmodel A\r\n  Real x;\r\nend A;\r\n");
  assert_loc(comp(cls(spec, "A"), "x")->loc, 2, 8);
  mbe_spec_destroy(spec);
}
END_TEST

// ---- annotations --------------------------------------------------------------------------

START_TEST(test_annotations) {
  const char* text =
      "model An \"doc\"\n"
      "  import X = A.B annotation(x = 1);\n"
      "  extends Base(k = 1) annotation(IconMap(primitivesVisible = false));\n"
      "  type E = enumeration(a \"a\" annotation(y = \"z\"), b annotation(z)) annotation(q);\n"
      "  type T = Real \"t\" annotation(Dialog(group = \"g\"));\n"
      "  parameter Real p = 1 annotation(Evaluate = true);\n"
      "  parameter Real q = 1 annotation(Evaluate = false, Dialog(tab = \"Advanced\"));\n"
      "  parameter Real r = 1 annotation(Dialog(enable = not useX), choices(choice = 1 \"one\","
      " choice = 2 \"two\"), Evaluate = true);\n"
      "  Real s annotation(experiment(StopTime = 99));\n"
      "  Body b annotation(Placement(transformation(extent = {{-10, -10}, {10, 10}},"
      " rotation = 90, origin = {0, -50})));\n"
      "  annotation(Documentation(info = \"<html><p>text \\\"quoted\\\"</p></html>\",\n"
      "    revisions = \"\"), Icon(coordinateSystem(preserveAspectRatio = true,\n"
      "    extent = {{-100, -100}, {100, 100}}), graphics = {Line(points = {{-60, 0}, {60, 0}},\n"
      "    color = {0, 0, 255}, arrow = {Arrow.None, Arrow.Filled}), Text(extent = {{-150, 85},"
      " {150, 45}}, textString = \"%name\")}));\n"
      "equation\n"
      "  connect(a.y, b.u) annotation(Line(points = {{-39, 0}, {-12, 0}}, color = {0, 0, 127},"
      " smooth = Smooth.None));\n"
      "  s = 1 \"an equation\" annotation(__Vendor_flag = true);\n"
      "  annotation(experiment(StartTime = 0.5, StopTime = 10, Interval = 0.01,"
      " Tolerance = 1e-8, __Dymola_Algorithm = \"Dassl\"));\n"
      "end An;\n";
  MbeSpec* spec = parse_ok(text);
  const MbeClass* c = cls(spec, "An");
  ck_assert_str_eq(c->description, "doc");
  ck_assert_uint_eq(c->nimports, 1);
  ck_assert_uint_eq(c->nextends, 1);
  ck_assert_uint_eq(c->nclasses, 2);
  ck_assert_uint_eq(c->ncomps, 5);
  ck_assert_uint_eq(c->neqs, 2);
  ck_assert_uint_eq(cls(spec, "An.E")->nliterals, 2);
  ck_assert_str_eq(cls(spec, "An.E")->literals[0].description, "a");
  ck_assert_str_eq(cls(spec, "An.T")->description, "t");

  // Evaluate=true is recorded; false, absent or in another annotation is not
  ck_assert(comp(c, "p")->is_evaluate);
  ck_assert(!comp(c, "q")->is_evaluate);
  ck_assert(comp(c, "r")->is_evaluate);
  ck_assert(!comp(c, "s")->is_evaluate);
  ck_assert(!comp(c, "b")->is_evaluate);

  // experiment of the class annotation (not the one of component s) with its four values
  const MbeExperiment* ex = c->experiment;
  ck_assert_ptr_nonnull(ex);
  assert_loc(ex->loc, 18, 14);
  ck_assert_double_eq(ex->start_time->num, 0.5);
  ck_assert_double_eq(ex->stop_time->num, 10.0);
  ck_assert(ex->stop_time->is_integer);
  ck_assert_double_eq(ex->interval->num, 0.01);
  ck_assert_double_eq(ex->tolerance->num, 1e-8);
  mbe_spec_destroy(spec);

  // an experiment with only some values; a class with annotations but no experiment
  spec = parse_ok(
      "model A\n"
      "  annotation(experiment(StopTime = 2 * 3));\n"
      "end A;\n"
      "model B\n"
      "  annotation(Icon(graphics = {}));\n"
      "end B;\n"
      "model C\n"
      "  annotation(experiment);\n"
      "end C;\n");
  ex = cls(spec, "A")->experiment;
  ck_assert_ptr_nonnull(ex);
  ck_assert_ptr_null(ex->start_time);
  ck_assert_str_eq(sx(ex->stop_time), "(* 2 3)");
  ck_assert_ptr_null(ex->interval);
  ck_assert_ptr_null(ex->tolerance);
  ck_assert_ptr_null(cls(spec, "B")->experiment);
  ck_assert_ptr_null(cls(spec, "C")->experiment);
  mbe_spec_destroy(spec);
}
END_TEST

// ---- equations ----------------------------------------------------------------------------

START_TEST(test_equations) {
  MbeSpec* spec = parse_ok(
      "model Eq\n"
      "  A a[2];\n"
      "  B b;\n"
      "  Real x, v;\n"
      "equation\n"
      "  connect(a[1].frame_b, b.frame_a) annotation(Line(points = {{0, 0}, {1, 1}}));\n"
      "  connect(a[2].f[1, 2], .b.f);\n"
      "  der(x) = v;\n"
      "  b.f = {1, 2, 3} \"desc\";\n"
      "initial equation\n"
      "  x = 0.5;\n"
      "  der(x) = 0;\n"
      "equation\n"
      "  v = -x;\n"
      "protected\n"
      "  Real h;\n"
      "end Eq;\n");
  const MbeClass* c = cls(spec, "Eq");
  ck_assert_uint_eq(c->neqs, 7);
  ck_assert_uint_eq(c->ncomps, 5);
  ck_assert(comp(c, "h")->is_protected);

  // connect equations keep the subscripts of their connector references
  const MbeEquation* e0 = &c->eqs[0];
  ck_assert_int_eq(e0->kind, MBE_EQ_CONNECT);
  ck_assert(!e0->is_initial);
  assert_loc(e0->loc, 6, 3);
  assert_loc(e0->a.loc, 6, 11);
  ck_assert_uint_eq(e0->a.nparts, 2);
  ck_assert_str_eq(e0->a.parts[0].ident, "a");
  ck_assert_uint_eq(e0->a.parts[0].nsubs, 1);
  ck_assert_str_eq(sx(e0->a.parts[0].subs[0]), "1");
  ck_assert_str_eq(e0->a.parts[1].ident, "frame_b");
  ck_assert_uint_eq(e0->a.parts[1].nsubs, 0);
  ck_assert_str_eq(dotted(&e0->b), "b.frame_a");
  const MbeEquation* e1 = &c->eqs[1];
  ck_assert_uint_eq(e1->a.parts[1].nsubs, 2);
  ck_assert_str_eq(sx(e1->a.parts[1].subs[1]), "2");
  ck_assert(e1->b.is_global);
  ck_assert_ptr_null(e1->lhs);

  // simple equations, in equation and initial equation sections
  static const struct {
    const char* lhs;
    const char* rhs;
    bool is_initial;
  } WANT[] = {{"(call der x)", "v", false},
              {"b.f", "{1 2 3}", false},
              {"x", "0.5", true},
              {"(call der x)", "0", true},
              {"v", "(neg x)", false}};
  for (size_t i = 0; i < 5; i++) {
    const MbeEquation* e = &c->eqs[2 + i];
    ck_assert_int_eq(e->kind, MBE_EQ_SIMPLE);
    ck_assert_str_eq(sx(e->lhs), WANT[i].lhs);
    ck_assert_str_eq(sx(e->rhs), WANT[i].rhs);
    ck_assert_msg(e->is_initial == WANT[i].is_initial, "equation %zu: is_initial", i + 2);
  }
  assert_loc(c->eqs[4].loc, 11, 3);
  assert_loc(c->eqs[6].rhs->loc, 14, 7);
  mbe_spec_destroy(spec);
}
END_TEST

// ---- the spec: merging files -------------------------------------------------------------

START_TEST(test_spec_within_creates_implicit_packages) {
  MbeSpec* spec = NULL;
  ck_assert_int_eq(mbe_spec_create(&spec, NULL), MBE_OK);
  ck_assert_uint_eq(spec->root.nclasses, 0);
  ck_assert_uint_eq(spec->nfiles, 0);

  // `within A.B` creates A and A.B as implicit packages
  parse_add_ok(spec, "m.mo", "within A.B;\nmodel M\nend M;\n");
  const MbeClass* a = cls(spec, "A");
  ck_assert(a->is_implicit);
  ck_assert_int_eq(a->restriction, MBE_CLASS_PACKAGE);
  ck_assert_str_eq(a->loc.file, "m.mo");
  ck_assert(cls(spec, "A.B")->is_implicit);
  ck_assert_ptr_eq(cls(spec, "A.B.M")->parent, cls(spec, "A.B"));

  // a second file within the same package reuses the implicit packages
  parse_add_ok(spec, "n.mo", "within A.B;\nmodel N\nend N;\n");
  ck_assert_uint_eq(spec->root.nclasses, 1);
  ck_assert_uint_eq(cls(spec, "A.B")->nclasses, 2);
  ck_assert_ptr_eq(cls(spec, "A.B"), a->classes[0]);

  // a later `package A` takes over the implicit A with its implicit B and their classes
  parse_add_ok(spec, "a.mo", "package A \"defined\"\n  model K\n  end K;\nend A;\n");
  const MbeClass* defined = cls(spec, "A");
  ck_assert_ptr_ne(defined, a);
  ck_assert(!defined->is_implicit);
  ck_assert_str_eq(defined->description, "defined");
  ck_assert_str_eq(defined->loc.file, "a.mo");
  ck_assert_uint_eq(spec->root.nclasses, 1);
  ck_assert_uint_eq(defined->nclasses, 2);
  ck_assert_ptr_eq(cls(spec, "A.K")->parent, defined);
  ck_assert_ptr_eq(cls(spec, "A.B")->parent, defined);
  ck_assert(cls(spec, "A.B")->is_implicit);
  ck_assert_ptr_nonnull(parse_find_class(spec, "A.B.M"));
  ck_assert_ptr_nonnull(parse_find_class(spec, "A.B.N"));

  // `within A;` defining B takes over the implicit B in turn
  parse_add_ok(spec, "b.mo", "within A;\npackage B\n  model L\n  end L;\nend B;\n");
  const MbeClass* b = cls(spec, "A.B");
  ck_assert(!b->is_implicit);
  ck_assert_ptr_eq(b->parent, defined);
  ck_assert_uint_eq(b->nclasses, 3);
  ck_assert_ptr_eq(cls(spec, "A.B.M")->parent, b);
  ck_assert_ptr_eq(cls(spec, "A.B.N")->parent, b);
  ck_assert_ptr_eq(cls(spec, "A.B.L")->parent, b);

  // a later within into the defined packages places classes there
  parse_add_ok(spec, "c.mo", "within A.B;\nmodel C\nend C;\n");
  ck_assert_ptr_eq(cls(spec, "A.B.C")->parent, b);
  ck_assert_uint_eq(spec->nfiles, 5);
  ck_assert_str_eq(spec->files[4]->path, "c.mo");
  mbe_spec_destroy(spec);
}
END_TEST

START_TEST(test_spec_merge_orders) {
  // a package defined first, then a file within it
  MbeSpec* spec = parse_ok("package P\n  package Q\n  end Q;\nend P;\n");
  parse_add_ok(spec, "m.mo", "within P.Q;\nmodel M\nend M;\n");
  ck_assert_ptr_eq(cls(spec, "P.Q.M")->parent, cls(spec, "P.Q"));
  ck_assert(!cls(spec, "P.Q")->is_implicit);
  mbe_spec_destroy(spec);

  // a file within P.Q first, then P defining Q inline: M must land in the defined Q
  spec = parse_ok("within P.Q;\nmodel M\nend M;\n");
  parse_add_ok(spec, "p.mo", "package P\n  package Q\n    model N\n    end N;\n  end Q;\nend P;\n");
  const MbeClass* q = cls(spec, "P.Q");
  ck_assert(!q->is_implicit);
  ck_assert_str_eq(q->loc.file, "p.mo");
  ck_assert_ptr_nonnull(parse_find_class(spec, "P.Q.N"));
  const MbeClass* m = parse_find_class(spec, "P.Q.M");
  ck_assert_msg(m != NULL, "P.Q.M was lost when P took over the implicit P");
  ck_assert_ptr_eq(m->parent, q);
  ck_assert_uint_eq(cls(spec, "P")->nclasses, 1);
  mbe_spec_destroy(spec);

  // the same name in different packages is no clash
  spec = parse_ok("package P\n  model M\n  end M;\nend P;\nmodel M\nend M;\n");
  parse_add_ok(spec, "q.mo", "within Q;\nmodel M\nend M;\n");
  ck_assert_ptr_nonnull(parse_find_class(spec, "P.M"));
  ck_assert_ptr_nonnull(parse_find_class(spec, "Q.M"));
  ck_assert_ptr_nonnull(parse_find_class(spec, "M"));
  mbe_spec_destroy(spec);
}
END_TEST

START_TEST(test_spec_add_file_and_arguments) {
  // a file on disk, parsed under its path
  char path[] = "/tmp/mbe-check-parse-XXXXXX";
  int fd = mkstemp(path);
  ck_assert_int_ge(fd, 0);
  const char* text = "model F\n  Real x = 1;\nend F;\n";
  ck_assert_int_eq(write(fd, text, strlen(text)), (int)strlen(text));
  close(fd);
  MbeSpec* spec = NULL;
  MbeError err;
  ck_assert_int_eq(mbe_spec_create(&spec, &err), MBE_OK);
  ck_assert_int_eq(mbe_spec_add_file(spec, path, &err), MBE_OK);
  ck_assert_str_eq(cls(spec, "F")->loc.file, path);
  ck_assert_str_eq(spec->files[0]->text, text);
  remove(path);

  // a missing file is an I/O error and adds nothing
  ck_assert_int_eq(mbe_spec_add_file(spec, path, &err), MBE_ERR_IO);
  ck_assert_uint_eq(spec->nfiles, 1);

  // missing arguments
  ck_assert_int_eq(mbe_spec_add_file(NULL, path, &err), MBE_ERR_INVALID_ARG);
  ck_assert_int_eq(mbe_spec_add_file(spec, NULL, &err), MBE_ERR_INVALID_ARG);
  ck_assert_int_eq(mbe_spec_add_text(spec, NULL, "", 0, &err), MBE_ERR_INVALID_ARG);
  ck_assert_int_eq(mbe_spec_add_text(spec, "x.mo", NULL, 3, &err), MBE_ERR_INVALID_ARG);
  ck_assert_int_eq(mbe_spec_add_text(NULL, "x.mo", "", 0, NULL), MBE_ERR_INVALID_ARG);

  // text of a given size need not end in NUL
  const char* two = "model G end G; model H end H;";
  ck_assert_int_eq(mbe_spec_add_text(spec, "g.mo", two, 14, &err), MBE_OK);
  ck_assert_ptr_nonnull(parse_find_class(spec, "G"));
  ck_assert_ptr_null(parse_find_class(spec, "H"));
  ck_assert_uint_eq(spec->files[1]->size, 14);
  ck_assert_str_eq(spec->files[1]->text, "model G end G;");
  mbe_spec_destroy(spec);
  mbe_spec_destroy(NULL);
}
END_TEST

START_TEST(test_catalogue_text_is_marked) {
  MbeSpec* spec = NULL;
  MbeError err;
  ck_assert_int_eq(mbe_spec_create(&spec, &err), MBE_OK);
  const char* cat = "within Lib;\npackage P\n  model M\n  end M;\nend P;\n";
  ck_assert_int_eq(mbe_spec_add_catalogue_text(spec, "<catalogue>/P.mo", cat, strlen(cat), &err),
                   MBE_OK);
  parse_add_ok(spec, "u.mo", "within Lib.P;\nmodel U\nend U;\n");
  ck_assert(spec->files[0]->is_catalogue && !spec->files[1]->is_catalogue);
  ck_assert(cls(spec, "Lib")->is_catalogue && cls(spec, "Lib")->is_implicit);
  ck_assert(cls(spec, "Lib.P")->is_catalogue);
  ck_assert(cls(spec, "Lib.P.M")->is_catalogue);
  ck_assert(!cls(spec, "Lib.P.U")->is_catalogue);
  mbe_spec_destroy(spec);
}
END_TEST

// ---- printing -----------------------------------------------------------------------------

START_TEST(test_expr_print_round_trip) {
  static const struct {
    const char* text;
    const char* print;
  } CASES[] = {
      {"a+b*c^2", "a + b * c ^ 2"},
      {"-a^2", "-a ^ 2"},
      {"(a-b)*(c+d)", "(a - b) * (c + d)"},
      {"a-(b-c)", "a - (b - c)"},
      {"a.*b./c.^2 .+ d .- e", "a .* b ./ c .^ 2 .+ d .- e"},
      {"not a and b or c<>d", "not a and b or c <> d"},
      {"x<=1 or x>=2 or x==3 or x<4 or x>5", "x <= 1 or x >= 2 or x == 3 or x < 4 or x > 5"},
      {"if a then 1 elseif b then 2 else 3", "if a then 1 elseif b then 2 else 3"},
      {"1:2:10", "1:2:10"},
      {"{1,2,{3}}", "{1, 2, {3}}"},
      {"[1,2;3,4]", "[1, 2; 3, 4]"},
      {"f(1,x=2,y={a})", "f(1, x=2, y={a})"},
      {"g(x=1)", "g(x=1)"},
      {"der(x)+f()", "der(x) + f()"},
      {".A.b[1,:].c[end-1]", ".A.b[1, :].c[end - 1]"},
      {"'a b'+true-false", "'a b' + true - false"},
      {"+x", "+x"},
      {"0.5", "0.5"},
      {"1e-3", "0.001"},
      {"42", "42"},
      {"2.0", "2.0"},
      {"1e3", "1000.0"},
      {"2147483648", "2147483648.0"},
      {"0.1", "0.1"},
      {"1.5e300", "1.5e+300"},
      {"\"plain\"", "\"plain\""},
      {"\"q\\\"uote\\\\d\"", "\"q\\\"uote\\\\d\""},
      {"\"tab\\tnl\\n\"", "\"tab\\tnl\\n\""},
  };
  for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
    MbeSpec* spec = parse_ok(expr_model(CASES[i].text));
    const MbeExpr* e = binding_of(spec);
    char first[1024], tree[1024];
    snprintf(first, sizeof first, "%s", printed(e));
    snprintf(tree, sizeof tree, "%s", sx(e));
    ck_assert_msg(strcmp(first, CASES[i].print) == 0, "%s printed as %s, expected %s",
                  CASES[i].text, first, CASES[i].print);

    // the printed text parses back into the same tree, with the same kinds of numbers
    MbeSpec* again = NULL;
    MbeError err;
    ck_assert_int_eq(mbe_spec_create(&again, &err), MBE_OK);
    const char* text = expr_model(first);
    ck_assert_msg(mbe_spec_add_text(again, PARSE_TEST_FILE, text, strlen(text), &err) == MBE_OK,
                  "%s does not parse: %s", first, err.message);
    const MbeExpr* e2 = binding_of(again);
    ck_assert_msg(strcmp(sx(e2), tree) == 0, "%s: %s after the round trip, expected %s",
                  CASES[i].text, sx(e2), tree);
    ck_assert_str_eq(printed(e2), first);
    if (e->kind == MBE_EX_NUMBER) {
      ck_assert_msg(e2->is_integer == e->is_integer && e2->num == e->num,
                    "%s: number changed in the round trip", CASES[i].text);
    }
    if (e->kind == MBE_EX_STRING) {
      ck_assert_str_eq(e2->str, e->str);
    }
    mbe_spec_destroy(again);
    mbe_spec_destroy(spec);
  }

  // names print with their subscripts; operators have their text
  MbeSpec* spec = parse_ok("model M\nequation\n  connect(a[1].b, .c.d[i, end]);\nend M;\n");
  MbeStrbuf sb;
  mbe_strbuf_init(&sb);
  mbe_name_print(&sb, &cls(spec, "M")->eqs[0].a);
  mbe_strbuf_puts(&sb, " ");
  mbe_name_print(&sb, &cls(spec, "M")->eqs[0].b);
  ck_assert_str_eq(sb.data, "a[1].b .c.d[i, end]");
  mbe_strbuf_deinit(&sb);
  mbe_spec_destroy(spec);
  ck_assert_str_eq(mbe_op_str(MBE_OP_EDIV), "./");
  ck_assert_str_eq(mbe_op_str(MBE_OP_NE), "<>");
  ck_assert_str_eq(mbe_op_str(MBE_OP_NOT), "not");
  ck_assert_str_eq(mbe_op_str(MBE_OP_NEG), "-");
}
END_TEST

static Suite* make_parse_suite(void) {
  Suite* s = suite_create("parse");
  TCase* tc = mbe_tcase_create("files");
  tcase_add_test(tc, test_within_and_nested_packages);
  tcase_add_test(tc, test_within_empty_and_absent);
  tcase_add_test(tc, test_class_restrictions_and_prefixes);
  tcase_add_test(tc, test_short_class_definitions);
  tcase_add_test(tc, test_enumerations);
  suite_add_tcase(s, tc);

  tc = mbe_tcase_create("elements");
  tcase_add_test(tc, test_imports);
  tcase_add_test(tc, test_extends_with_modification);
  tcase_add_test(tc, test_component_prefixes);
  tcase_add_test(tc, test_array_dims_and_component_lists);
  tcase_add_test(tc, test_modifiers_at_any_depth);
  tcase_add_test(tc, test_bindings_conditions_descriptions);
  tcase_add_test(tc, test_annotations);
  tcase_add_test(tc, test_equations);
  suite_add_tcase(s, tc);

  tc = mbe_tcase_create("expressions");
  tcase_add_test(tc, test_expression_precedence);
  tcase_add_test(tc, test_expression_locations);
  tcase_add_test(tc, test_numbers);
  tcase_add_test(tc, test_strings_and_quoted_identifiers);
  tcase_add_test(tc, test_comments);
  tcase_add_test(tc, test_expr_print_round_trip);
  suite_add_tcase(s, tc);

  tc = mbe_tcase_create("spec");
  tcase_add_test(tc, test_spec_within_creates_implicit_packages);
  tcase_add_test(tc, test_spec_merge_orders);
  tcase_add_test(tc, test_spec_add_file_and_arguments);
  tcase_add_test(tc, test_catalogue_text_is_marked);
  suite_add_tcase(s, tc);
  return s;
}

MbeSuiteFactory* const mbe_check_suites[] = {make_parse_suite, make_parse_errors_suite, NULL};
