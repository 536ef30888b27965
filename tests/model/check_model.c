// SPDX-License-Identifier: Apache-2.0
// Tests of host/model flattening: class lookup, hierarchical flattening and modifier merging,
// arrays of components, attributes, conditional and inner/outer components, connections, users'
// equations, the experiment, --class selection and the printed summary. Also the shared helpers.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_model.h"

// ---- shared helpers -----------------------------------------------------------------------

MbeStatus model_case_flatten(ModelCase* mc, const char* text, const char* cls) {
  memset(mc, 0, sizeof *mc);
  mbe_error_clear(&mc->err);
  MbeStatus st = mbe_spec_create(&mc->spec, &mc->err);
  ck_assert_int_eq(st, MBE_OK);
  st = mbe_spec_add_text(mc->spec, MODEL_TEST_FILE, text, strlen(text), &mc->err);
  if (st != MBE_OK) {
    return st;
  }
  return mbe_flat_create(mc->spec, cls, &mc->flat, &mc->err);
}

void model_case_ok(ModelCase* mc, const char* text, const char* cls) {
  MbeStatus st = model_case_flatten(mc, text, cls);
  ck_assert_msg(st == MBE_OK, "flattening failed (%d): %s:%d:%d: %s", st, mc->err.file,
                mc->err.line, mc->err.column, mc->err.message);
  ck_assert_msg(mc->flat->nwarnings == 0, "unexpected warning: %s",
                mc->flat->nwarnings ? mc->flat->warnings[0].message : "");
}

void model_case_free(ModelCase* mc) {
  mbe_flat_destroy(mc->flat);
  mbe_spec_destroy(mc->spec);
  mc->flat = NULL;
  mc->spec = NULL;
}

void model_expect_error(const char* text, const char* cls, MbeStatus code, int line, int col,
                        const char* part) {
  ModelCase mc;
  MbeStatus st = model_case_flatten(&mc, text, cls);
  ck_assert_msg(st == code, "status %d, expected %d (message: %s)", st, code, mc.err.message);
  ck_assert_ptr_null(mc.flat);
  ck_assert_int_eq(mc.err.code, code);
  ck_assert_str_eq(mc.err.file, MODEL_TEST_FILE);
  ck_assert_msg(mc.err.line == line && mc.err.column == col, "error at %d:%d, expected %d:%d: %s",
                mc.err.line, mc.err.column, line, col, mc.err.message);
  ck_assert_msg(strstr(mc.err.message, part), "message '%s' lacks '%s'", mc.err.message, part);
  model_case_free(&mc);
}

const MbeVar* model_find_var(const MbeFlat* f, const char* name) {
  for (size_t i = 0; i < f->nvars; i++) {
    if (strcmp(f->vars[i].name, name) == 0) {
      return &f->vars[i];
    }
  }
  return NULL;
}

const MbeInst* model_find_inst(const MbeFlat* f, const char* name) {
  for (size_t i = 0; i < f->ninsts; i++) {
    if (strcmp(f->insts[i].name, name) == 0) {
      return &f->insts[i];
    }
  }
  return NULL;
}

const MbeVar* model_var(const MbeFlat* f, const char* name) {
  const MbeVar* v = model_find_var(f, name);
  ck_assert_msg(v != NULL, "no variable '%s' in the flat model", name);
  return v;
}

double model_num(const MbeFlat* f, const char* name, size_t i) {
  const MbeVar* v = model_var(f, name);
  ck_assert_msg(v->eval_state == 2, "'%s' has no evaluated value", name);
  ck_assert_msg(v->value.num && i < v->value.n, "'%s' has %zu numeric elements, not %zu", name,
                v->value.num ? v->value.n : 0, i + 1);
  return v->value.num[i];
}

double model_attr(const MbeFlat* f, const char* name, MbeAttr a, size_t i) {
  const MbeVar* v = model_var(f, name);
  ck_assert_msg(v->has_attr_value[a], "'%s' has no value for attribute %d", name, (int)a);
  const MbeValue* av = &v->attr_value[a];
  size_t k = av->ndims ? i : 0;
  ck_assert_msg(k < av->n, "attribute %d of '%s' has %zu elements", (int)a, name, av->n);
  return av->num[k];
}

// the full name of a class (for comparing type classes)
static void class_name_is(const MbeClass* cls, const char* expected) {
  ck_assert_ptr_nonnull(cls);
  MbeArena a;
  mbe_arena_init(&a);
  const char* name = mbe_class_full_name(&a, cls);
  ck_assert_msg(name && strcmp(name, expected) == 0, "class %s, expected %s", name ? name : "?",
                expected);
  mbe_arena_deinit(&a);
}

static const MbeInst* inst_of_class(const MbeFlat* f, const char* name, const char* class_name) {
  const MbeInst* in = model_find_inst(f, name);
  ck_assert_msg(in != NULL, "no instance '%s'", name);
  ck_assert_msg(strcmp(in->class_name, class_name) == 0, "'%s' is a %s, expected %s", name,
                in->class_name, class_name);
  return in;
}

// ---- class lookup -------------------------------------------------------------------------

// a library file the test model refers to from a package it encloses
static const char* const LIB_TOP =
    "within MyLib;\n"
    "model Top\n"
    "  parameter Real y = 2;\n"
    "end Top;\n";

// a top-level class of the same name as one in MyLib.Sub (lexical lookup must find MyLib's)
static const char* const GLOBAL_HELPER =
    "model Helper\n"
    "  parameter Real x = 99;\n"
    "end Helper;\n";

static const char* const LOOKUP_MODEL =
    "within MyLib.Sub;\n"
    "model T\n"
    "  import Modelica.Mechanics.MultiBody.Parts.Body;\n"
    "  import MB = Modelica.Mechanics.MultiBody;\n"
    "  import Modelica.Blocks.Sources.*;\n"
    "  import Modelica.Constants.pi;\n"
    "  import SI = Modelica.Units.SI;\n"
    "  inner MB.World world;\n"
    "  Body b(m = 1, r_CM = {0, 0, 0});\n"
    "  Constant k(k = 2);\n"
    "  MB.Joints.Revolute rev;\n"
    "  Helper h;\n"
    "  MyLib.Sub.Helper h2;\n"
    "  .Helper h3;\n"
    "  Top t;\n"
    "  parameter Modelica.SIunits.Length L = 2;\n"
    "  parameter Modelica.Units.SI.Angle a = pi;\n"
    "  parameter SI.Mass m = 3;\n"
    "end T;\n"
    "model Helper\n"
    "  parameter Real x = 1;\n"
    "end Helper;\n";

START_TEST(test_lookup_imports_within_and_units) {
  MbeError err;
  MbeSpec* spec = NULL;
  MbeFlat* f = NULL;
  ck_assert_int_eq(mbe_spec_create(&spec, &err), MBE_OK);
  ck_assert_int_eq(mbe_spec_add_text(spec, "lib.mo", LIB_TOP, strlen(LIB_TOP), &err), MBE_OK);
  ck_assert_int_eq(mbe_spec_add_text(spec, "global.mo", GLOBAL_HELPER, strlen(GLOBAL_HELPER), &err),
                   MBE_OK);
  ck_assert_int_eq(
      mbe_spec_add_text(spec, MODEL_TEST_FILE, LOOKUP_MODEL, strlen(LOOKUP_MODEL), &err), MBE_OK);
  MbeStatus st = mbe_flat_create(spec, "MyLib.Sub.T", &f, &err);
  ck_assert_msg(st == MBE_OK, "%s", err.message);
  ck_assert_str_eq(f->top_name, "MyLib.Sub.T");

  // qualified import, alias import, alias path continued, wildcard import
  inst_of_class(f, "b", "Modelica.Mechanics.MultiBody.Parts.Body");
  inst_of_class(f, "world", "Modelica.Mechanics.MultiBody.World");
  inst_of_class(f, "rev", "Modelica.Mechanics.MultiBody.Joints.Revolute");
  ck_assert_int_eq(inst_of_class(f, "k", "Modelica.Blocks.Sources.Constant")->kind,
                   MBE_INST_BUILTIN);
  ck_assert_double_eq(model_num(f, "k.k", 0), 2);

  // the sibling class relative to `within`, by full name, a global name and an enclosing package
  ck_assert_int_eq(inst_of_class(f, "h", "MyLib.Sub.Helper")->kind, MBE_INST_MODEL);
  inst_of_class(f, "h2", "MyLib.Sub.Helper");
  inst_of_class(f, "h3", "Helper");
  inst_of_class(f, "t", "MyLib.Top");
  ck_assert_double_eq(model_num(f, "h.x", 0), 1);
  ck_assert_double_eq(model_num(f, "h3.x", 0), 99);
  ck_assert_double_eq(model_num(f, "t.y", 0), 2);

  // the MSL 3 alias Modelica.SIunits and Modelica.Units.SI name the same types; an imported
  // constant; SI.Mass carries min = 0 from its type
  class_name_is(model_var(f, "L")->type_class, "Modelica.Units.SI.Length");
  class_name_is(model_var(f, "a")->type_class, "Modelica.Units.SI.Angle");
  class_name_is(model_var(f, "m")->type_class, "Modelica.Units.SI.Mass");
  ck_assert_double_eq(model_num(f, "L", 0), 2);
  ck_assert_double_eq(model_num(f, "a", 0), 3.14159265358979323846);
  ck_assert_double_eq(model_attr(f, "m", MBE_ATTR_MIN, 0), 0);
  ck_assert_int_eq(f->nwarnings, 0);
  mbe_flat_destroy(f);
  mbe_spec_destroy(spec);
}
END_TEST

static const char* const ENCAPSULATED =
    "package P\n"
    "  model H\n"
    "    parameter Real x = 1;\n"
    "  end H;\n"
    "  encapsulated model E\n"
    "    import Modelica.Blocks.Sources.Constant;\n"
    "    Constant c(k = 1);\n"
    "    Modelica.Blocks.Sources.Constant c2(k = 2);\n"
    "  end E;\n"
    "  encapsulated model F\n"
    "    H h;\n"
    "  end F;\n"
    "  model G\n"
    "    H h;\n"
    "  end G;\n"
    "end P;\n";

START_TEST(test_lookup_encapsulated_stops) {
  // an encapsulated class still sees its imports and full names
  ModelCase mc;
  model_case_ok(&mc, ENCAPSULATED, "P.E");
  inst_of_class(mc.flat, "c", "Modelica.Blocks.Sources.Constant");
  inst_of_class(mc.flat, "c2", "Modelica.Blocks.Sources.Constant");
  model_case_free(&mc);

  // but not the classes of its enclosing package, which a plain sibling sees
  model_case_ok(&mc, ENCAPSULATED, "P.G");
  inst_of_class(mc.flat, "h", "P.H");
  model_case_free(&mc);
  model_expect_error(ENCAPSULATED, "P.F", MBE_ERR_MODEL, 11, 5, "unknown class 'H'");

  // the suggestion does not offer the invisible class itself
  model_case_flatten(&mc, ENCAPSULATED, "P.F");
  ck_assert_ptr_null(strstr(mc.err.message, "did you mean 'H'"));
  model_case_free(&mc);
}
END_TEST

// ---- hierarchical flattening and modifiers ------------------------------------------------

static const char* const HIERARCHY =
    "package P\n"
    "  type Len = Real(start = 1, nominal = 10);\n"
    "  model A\n"
    "    Len x;\n"
    "    Len y(start = 2);\n"
    "    Len z(start = 2);\n"
    "    Len w(start = 2);\n"
    "    parameter Real k = 1;\n"
    "  end A;\n"
    "  model B\n"
    "    extends A(z(start = 3), w(start = 3), k = 2);\n"
    "  end B;\n"
    "  model Sub\n"
    "    parameter Real mass = 2;\n"
    "    Modelica.Mechanics.MultiBody.Parts.Body body(m = mass, r_CM = {mass, 0, 0});\n"
    "  end Sub;\n"
    "  model Mid\n"
    "    Sub sub(mass = 4);\n"
    "  end Mid;\n"
    "  model Top\n"
    "    inner Modelica.Mechanics.MultiBody.World world;\n"
    "    B b(w(start = 4));\n"
    "    B b2(k = 5);\n"
    "    A a;\n"
    "    Mid mid(sub.body.I_11 = 0.5, sub(body(I_22 = 0.25)));\n"
    "    Mid mid2(sub.mass = 6);\n"
    "    Mid mid3(sub.body.m = 7);\n"
    "  end Top;\n"
    "end P;\n";

START_TEST(test_hierarchical_flattening) {
  ModelCase mc;
  model_case_ok(&mc, HIERARCHY, "Top");
  const MbeFlat* f = mc.flat;
  ck_assert_str_eq(f->top_name, "P.Top");

  // dotted instance names, kinds and parents down to the built-in and its connector
  const MbeInst* root = model_find_inst(f, "");
  ck_assert_ptr_nonnull(root);
  ck_assert_int_eq(root->kind, MBE_INST_ROOT);
  const MbeInst* mid = inst_of_class(f, "mid", "P.Mid");
  const MbeInst* sub = inst_of_class(f, "mid.sub", "P.Sub");
  const MbeInst* body = inst_of_class(f, "mid.sub.body", "Modelica.Mechanics.MultiBody.Parts.Body");
  const MbeInst* frame =
      inst_of_class(f, "mid.sub.body.frame_a", "Modelica.Mechanics.MultiBody.Interfaces.Frame_a");
  ck_assert_int_eq(mid->kind, MBE_INST_MODEL);
  ck_assert_int_eq(sub->kind, MBE_INST_MODEL);
  ck_assert_int_eq(body->kind, MBE_INST_BUILTIN);
  ck_assert_int_eq(frame->kind, MBE_INST_CONNECTOR);
  ck_assert_ptr_eq(&f->insts[sub->parent], mid);
  ck_assert_ptr_eq(&f->insts[body->parent], sub);
  ck_assert_ptr_eq(&f->insts[frame->parent], body);
  ck_assert_ptr_eq(body->builtin, body->cls);
  ck_assert_ptr_null(sub->builtin);
  ck_assert_ptr_eq(&f->insts[model_var(f, "mid.sub.body.m")->inst], body);

  // a value passed down two levels: mid.sub.mass = 4 reaches body.m and body.r_CM
  ck_assert_double_eq(model_num(f, "mid.sub.mass", 0), 4);
  ck_assert_double_eq(model_num(f, "mid.sub.body.m", 0), 4);
  ck_assert_double_eq(model_num(f, "mid.sub.body.r_CM", 0), 4);
  ck_assert_double_eq(model_num(f, "mid.sub.body.r_CM", 1), 0);

  // modifiers at depth, dotted and nested, reach the built-in; the others keep the default
  ck_assert_double_eq(model_num(f, "mid.sub.body.I_11", 0), 0.5);
  ck_assert_double_eq(model_num(f, "mid.sub.body.I_22", 0), 0.25);
  ck_assert_double_eq(model_num(f, "mid.sub.body.I_33", 0), 0.001);
  ck_assert_double_eq(model_num(f, "mid2.sub.body.I_11", 0), 0.001);

  // the derived final inertia matrix sees the modified elements: I = [I_11, I_21, I_31; ...]
  ck_assert_double_eq(model_num(f, "mid.sub.body.I", 0), 0.5);
  ck_assert_double_eq(model_num(f, "mid.sub.body.I", 4), 0.25);
  ck_assert_double_eq(model_num(f, "mid.sub.body.I", 8), 0.001);
  ck_assert_double_eq(model_num(f, "mid.sub.body.I", 1), 0);

  // an outer modifier of a nested value replaces the one between
  ck_assert_double_eq(model_num(f, "mid2.sub.mass", 0), 6);
  ck_assert_double_eq(model_num(f, "mid2.sub.body.m", 0), 6);
  ck_assert_double_eq(model_num(f, "mid3.sub.mass", 0), 4);
  ck_assert_double_eq(model_num(f, "mid3.sub.body.m", 0), 7);
  ck_assert_double_eq(model_num(f, "mid3.sub.body.r_CM", 0), 4);
  model_case_free(&mc);
}
END_TEST

START_TEST(test_modifier_priority) {
  ModelCase mc;
  model_case_ok(&mc, HIERARCHY, "P.Top");
  const MbeFlat* f = mc.flat;

  // type default (1) < declaration (2) < extends modifier (3) < outer modifier (4)
  ck_assert_double_eq(model_attr(f, "a.x", MBE_ATTR_START, 0), 1);
  ck_assert_double_eq(model_attr(f, "a.y", MBE_ATTR_START, 0), 2);
  ck_assert_double_eq(model_attr(f, "a.z", MBE_ATTR_START, 0), 2);
  ck_assert_double_eq(model_attr(f, "b.x", MBE_ATTR_START, 0), 1);
  ck_assert_double_eq(model_attr(f, "b.y", MBE_ATTR_START, 0), 2);
  ck_assert_double_eq(model_attr(f, "b.z", MBE_ATTR_START, 0), 3);
  ck_assert_double_eq(model_attr(f, "b.w", MBE_ATTR_START, 0), 4);
  ck_assert_double_eq(model_attr(f, "b2.w", MBE_ATTR_START, 0), 3);

  // attributes nobody overrides come from the type
  ck_assert_double_eq(model_attr(f, "b.w", MBE_ATTR_NOMINAL, 0), 10);
  ck_assert_double_eq(model_attr(f, "a.y", MBE_ATTR_NOMINAL, 0), 10);

  // parameter values: declaration 1, extends 2, outer 5
  ck_assert_double_eq(model_num(f, "a.k", 0), 1);
  ck_assert_double_eq(model_num(f, "b.k", 0), 2);
  ck_assert_double_eq(model_num(f, "b2.k", 0), 5);

  // variables carry no value; only parameters are evaluated
  ck_assert_int_ne(model_var(f, "b.x")->eval_state, 2);
  ck_assert_int_eq(model_var(f, "b.x")->variability, MBE_VAR_CONTINUOUS);
  model_case_free(&mc);
}
END_TEST

static const char* const ARRAYS =
    "model T\n"
    "  Modelica.Blocks.Sources.Constant c[3](k = {1, 2, 3});\n"
    "  Modelica.Blocks.Sources.Constant d[2](each k = 5);\n"
    "  Modelica.Blocks.Sources.Constant m[2, 2](k = {{1, 2}, {3, 4}});\n"
    "  Modelica.Blocks.Sources.Constant e[3](k = {1, 2, 3}, y(each start = 9));\n"
    "  Modelica.Blocks.Sources.Constant g[n](k = 1:n);\n"
    "  parameter Integer n = 4;\n"
    "end T;\n";

START_TEST(test_each_and_elementwise_modifiers) {
  ModelCase mc;
  model_case_ok(&mc, ARRAYS, NULL);
  const MbeFlat* f = mc.flat;

  // element i of an array of components takes element i of the value
  for (int i = 1; i <= 3; i++) {
    char name[32];
    snprintf(name, sizeof name, "c[%d].k", i);
    ck_assert_double_eq(model_num(f, name, 0), i);
    snprintf(name, sizeof name, "e[%d].y", i);
    ck_assert_double_eq(model_attr(f, name, MBE_ATTR_START, 0), 9);
  }
  ck_assert_ptr_null(model_find_inst(f, "c[4]"));
  ck_assert_ptr_null(model_find_inst(f, "c"));

  // `each` gives every element the same value
  ck_assert_double_eq(model_num(f, "d[1].k", 0), 5);
  ck_assert_double_eq(model_num(f, "d[2].k", 0), 5);

  // two dimensions: names m[i,j], value element (i,j)
  ck_assert_double_eq(model_num(f, "m[1,1].k", 0), 1);
  ck_assert_double_eq(model_num(f, "m[1,2].k", 0), 2);
  ck_assert_double_eq(model_num(f, "m[2,1].k", 0), 3);
  ck_assert_double_eq(model_num(f, "m[2,2].k", 0), 4);

  // a dimension given by a parameter declared later in the class
  ck_assert_double_eq(model_num(f, "g[4].k", 0), 4);
  ck_assert_ptr_null(model_find_inst(f, "g[5]"));
  model_case_free(&mc);
}
END_TEST

// 'end' in a subscript of an array of components (c[end].k, c[end - 1].k)
START_TEST(test_end_in_component_subscript) {
  ModelCase mc;
  model_case_ok(&mc,
                "model T\n"
                "  Modelica.Blocks.Sources.Constant c[3](k = {10, 20, 30});\n"
                "  parameter Real last = c[end].k;\n"
                "  parameter Real before = c[end - 1].k;\n"
                "end T;\n",
                NULL);
  ck_assert_double_eq(model_num(mc.flat, "last", 0), 30);
  ck_assert_double_eq(model_num(mc.flat, "before", 0), 20);
  model_case_free(&mc);
}
END_TEST

static const char* const ATTRIBUTES =
    "model T\n"
    "  inner Modelica.Mechanics.MultiBody.World world;\n"
    "  Modelica.Mechanics.MultiBody.Joints.Revolute rev(phi(start = 0.5, fixed = true),\n"
    "    w(stateSelect = StateSelect.always));\n"
    "  Modelica.Mechanics.MultiBody.Parts.Body body(m = 1, r_CM = {0.5, 0, 0},\n"
    "    r_0(start = {1, 2, 3}, each fixed = true),\n"
    "    v_0(start = {4, 5, 6}, fixed = {true, false, false}));\n"
    "  Real x[3](each start = 2);\n"
    "  Real y[2](start = {7, 8}, each stateSelect = StateSelect.prefer);\n"
    "equation\n"
    "  connect(world.frame_b, rev.frame_a);\n"
    "  connect(rev.frame_b, body.frame_a);\n"
    "end T;\n";

START_TEST(test_start_fixed_stateselect) {
  ModelCase mc;
  model_case_ok(&mc, ATTRIBUTES, NULL);
  const MbeFlat* f = mc.flat;
  const int prefer = 4, always = 5, avoid = 2;  // 1-based literals of StateSelect

  // scalar start and fixed; stateSelect from the modifier, and the catalogue's default prefer
  ck_assert_double_eq(model_attr(f, "rev.phi", MBE_ATTR_START, 0), 0.5);
  ck_assert_double_eq(model_attr(f, "rev.phi", MBE_ATTR_FIXED, 0), 1);
  ck_assert_double_eq(model_attr(f, "rev.phi", MBE_ATTR_STATESELECT, 0), prefer);
  ck_assert_double_eq(model_attr(f, "rev.w", MBE_ATTR_STATESELECT, 0), always);
  ck_assert_int_eq(model_var(f, "rev.w")->attr_value[MBE_ATTR_STATESELECT].type, MBE_T_ENUM);
  ck_assert_str_eq(model_var(f, "rev.w")->attr_value[MBE_ATTR_STATESELECT].enum_type->name,
                   "StateSelect");

  // array start, `each fixed` and element-wise fixed
  for (size_t i = 0; i < 3; i++) {
    ck_assert_double_eq(model_attr(f, "body.r_0", MBE_ATTR_START, i), (double)i + 1);
    ck_assert_double_eq(model_attr(f, "body.r_0", MBE_ATTR_FIXED, i), 1);
    ck_assert_double_eq(model_attr(f, "body.v_0", MBE_ATTR_START, i), (double)i + 4);
    ck_assert_double_eq(model_attr(f, "body.v_0", MBE_ATTR_FIXED, i), i == 0);
    ck_assert_double_eq(model_attr(f, "body.r_0", MBE_ATTR_STATESELECT, i), avoid);
    ck_assert_double_eq(model_attr(f, "x", MBE_ATTR_START, i), 2);
  }
  ck_assert_int_eq(model_var(f, "body.v_0")->attr_value[MBE_ATTR_FIXED].ndims, 1);
  ck_assert_int_eq(model_var(f, "body.v_0")->attr_value[MBE_ATTR_FIXED].type, MBE_T_BOOLEAN);
  ck_assert_double_eq(model_attr(f, "y", MBE_ATTR_START, 1), 8);
  ck_assert_double_eq(model_attr(f, "y", MBE_ATTR_STATESELECT, 1), prefer);

  // a variable without a start modifier has none recorded from the model
  ck_assert(!model_var(f, "x")->has_attr_value[MBE_ATTR_FIXED]);
  model_case_free(&mc);
}
END_TEST

// ---- conditional and inner/outer components -----------------------------------------------

static const char* const CONDITIONAL =
    "model Part\n"
    "  parameter Boolean use = false;\n"
    "  Modelica.Blocks.Sources.Constant c(k = 3) if use;\n"
    "end Part;\n"
    "model T\n"
    "  inner Modelica.Mechanics.MultiBody.World world;\n"
    "  Modelica.Mechanics.MultiBody.Joints.Revolute rev(useAxisFlange = true);\n"
    "  Modelica.Mechanics.MultiBody.Joints.Revolute rev2;\n"
    "  Modelica.Mechanics.Rotational.Components.Damper damper(d = 0.1);\n"
    "  Part off;\n"
    "  Part on(use = true);\n"
    "equation\n"
    "  connect(world.frame_b, rev.frame_a);\n"
    "  connect(damper.flange_b, rev.axis);\n"
    "  connect(rev.support, damper.flange_a);\n"
    "end T;\n";

static const char* const CONNECT_ABSENT =
    "model T\n"
    "  inner Modelica.Mechanics.MultiBody.World world;\n"
    "  Modelica.Mechanics.MultiBody.Joints.Revolute rev;\n"
    "  Modelica.Mechanics.Rotational.Components.Damper damper(d = 0.1);\n"
    "equation\n"
    "  connect(damper.flange_b, rev.axis);\n"
    "end T;\n";

START_TEST(test_conditional_components) {
  ModelCase mc;
  model_case_ok(&mc, CONDITIONAL, "T");
  const MbeFlat* f = mc.flat;

  // present when the condition holds, absent (no instance, no variables) otherwise
  inst_of_class(f, "rev.axis", "Modelica.Mechanics.Rotational.Interfaces.Flange_a");
  inst_of_class(f, "rev.support", "Modelica.Mechanics.Rotational.Interfaces.Flange_b");
  ck_assert_ptr_null(model_find_inst(f, "rev2.axis"));
  ck_assert_ptr_null(model_find_inst(f, "rev2.support"));
  ck_assert_ptr_null(model_find_var(f, "rev2.axis.phi"));
  ck_assert_ptr_nonnull(model_find_var(f, "rev.axis.phi"));
  ck_assert_ptr_null(model_find_inst(f, "off.c"));
  ck_assert_ptr_null(model_find_var(f, "off.c.k"));
  ck_assert_double_eq(model_num(f, "on.c.k", 0), 3);
  ck_assert_uint_eq(f->nconns, 3);
  model_case_free(&mc);

  // a connect to an absent connector is removed, as the language says (Rotor1D.frame_a with
  // world.driveTrainMechanics3D = false): the damper's flange_b stays unconnected
  model_case_ok(&mc, CONNECT_ABSENT, "T");
  ck_assert_uint_eq(mc.flat->nconns, 0);
  ck_assert_ptr_null(model_find_inst(mc.flat, "rev.axis"));
  ck_assert_ptr_nonnull(model_find_inst(mc.flat, "damper.flange_b"));
  model_case_free(&mc);
}
END_TEST

static const char* const INNER_OUTER =
    "model Nested\n"
    "  outer Modelica.Mechanics.MultiBody.World world;\n"
    "  parameter Real gg = world.g * 2;\n"
    "  Modelica.Mechanics.MultiBody.Parts.Body body(m = 1, r_CM = {0, 0, 0});\n"
    "end Nested;\n"
    "model Level\n"
    "  Nested n;\n"
    "end Level;\n"
    "model Shadow\n"
    "  inner Modelica.Mechanics.MultiBody.World world(g = 5, nominalLength = 90);\n"
    "  Nested n;\n"
    "end Shadow;\n"
    "model T\n"
    "  inner Modelica.Mechanics.MultiBody.World world(g = 3, nominalLength = 9);\n"
    "  Level o;\n"
    "  Shadow s;\n"
    "end T;\n";

START_TEST(test_inner_outer) {
  ModelCase mc;
  model_case_ok(&mc, INNER_OUTER, "T");
  const MbeFlat* f = mc.flat;

  // the world two levels up, for the user's parameter and the built-in body inside
  ck_assert_double_eq(model_num(f, "o.n.gg", 0), 6);
  ck_assert_double_eq(model_num(f, "o.n.body.sphereDiameter", 0), 1);

  // the nearest inner wins
  ck_assert_double_eq(model_num(f, "s.n.gg", 0), 10);
  ck_assert_double_eq(model_num(f, "s.n.body.sphereDiameter", 0), 10);

  // an outer is no instance of its own: one world per inner
  ck_assert_ptr_nonnull(model_find_inst(f, "world"));
  ck_assert_ptr_nonnull(model_find_inst(f, "s.world"));
  ck_assert_ptr_null(model_find_inst(f, "o.n.world"));
  ck_assert_ptr_null(model_find_inst(f, "o.n.body.world"));
  size_t nworld = 0;
  for (size_t i = 0; i < f->ninsts; i++) {
    nworld += strcmp(f->insts[i].class_name, "Modelica.Mechanics.MultiBody.World") == 0;
  }
  ck_assert_uint_eq(nworld, 2);
  model_case_free(&mc);
}
END_TEST

// ---- parameter defaults depending on parameters and on world ------------------------------

static const char* const BOXES =
    "model T\n"
    "  inner Modelica.Mechanics.MultiBody.World world;\n"
    "  Modelica.Mechanics.MultiBody.Parts.BodyBox box(r = {0.5, 0, 0});\n"
    "  Modelica.Mechanics.MultiBody.Parts.BodyBox box2(r = {0, 0.3, 0.4}, width = 0.1,\n"
    "    innerWidth = 0.05, density = 1000);\n"
    "  Modelica.Mechanics.MultiBody.Parts.BodyCylinder cyl(r = {2, 0, 0}, diameter = 0.1);\n"
    "end T;\n";

START_TEST(test_parameter_defaults) {
  ModelCase mc;
  model_case_ok(&mc, BOXES, NULL);
  const MbeFlat* f = mc.flat;

  // width = length/world.defaultWidthFraction = 0.5/20; height = width; m = rho*L*w*h
  ck_assert_double_eq_tol(model_num(f, "box.length", 0), 0.5, 1e-15);
  ck_assert_double_eq_tol(model_num(f, "box.width", 0), 0.025, 1e-15);
  ck_assert_double_eq_tol(model_num(f, "box.height", 0), 0.025, 1e-15);
  MBE_CK_NEAR(model_num(f, "box.m", 0), 7700 * 0.5 * 0.025 * 0.025, 1e-14, 0);
  MBE_CK_NEAR(model_num(f, "box.r_CM", 0), 0.25, 1e-15, 0);
  ck_assert_double_eq(model_num(f, "box.r_CM", 1), 0);
  ck_assert(model_var(f, "box.m")->is_final);
  ck_assert(!model_var(f, "box.width")->is_final);

  // modified width, hollow box: m = rho*L*(w*h - wi*hi), L = |(0, 0.3, 0.4)| = 0.5
  MBE_CK_NEAR(model_num(f, "box2.length", 0), 0.5, 1e-15, 0);
  MBE_CK_NEAR(model_num(f, "box2.m", 0), 1000 * 0.5 * (0.1 * 0.1 - 0.05 * 0.05), 1e-14, 0);
  MBE_CK_NEAR(model_num(f, "box2.r_CM", 1), 0.15, 1e-14, 0);
  MBE_CK_NEAR(model_num(f, "box2.r_CM", 2), 0.2, 1e-14, 0);

  // cylinder: m = rho*pi*L*(d/2)^2
  MBE_CK_NEAR(model_num(f, "cyl.m", 0), 7700 * 3.14159265358979323846 * 2 * 0.05 * 0.05, 1e-14, 0);
  model_case_free(&mc);

  // the world's defaultWidthFraction changes every default width
  static const char* const WIDE =
      "model T\n"
      "  inner Modelica.Mechanics.MultiBody.World world(defaultWidthFraction = 10);\n"
      "  Modelica.Mechanics.MultiBody.Parts.BodyBox box(r = {0.5, 0, 0});\n"
      "end T;\n";
  model_case_ok(&mc, WIDE, NULL);
  ck_assert_double_eq_tol(model_num(mc.flat, "box.width", 0), 0.05, 1e-15);
  MBE_CK_NEAR(model_num(mc.flat, "box.m", 0), 7700 * 0.5 * 0.05 * 0.05, 1e-14, 0);
  model_case_free(&mc);
}
END_TEST

// ---- connections and equations ------------------------------------------------------------

static const char* const CONNECTIONS =
    "model MySpring\n"
    "  extends Modelica.Mechanics.MultiBody.Interfaces.PartialLineForce;\n"
    "  parameter Real c = 100;\n"
    "  parameter Real s0 = 0.1;\n"
    "equation\n"
    "  f = c*(s - s0);\n"
    "end MySpring;\n"
    "model Chain\n"
    "  Modelica.Mechanics.MultiBody.Interfaces.Frame_a frame_a;\n"
    "  Modelica.Mechanics.MultiBody.Parts.FixedTranslation bar(r = {1, 0, 0});\n"
    "equation\n"
    "  connect(frame_a, bar.frame_a);\n"
    "end Chain;\n"
    "model T\n"
    "  inner Modelica.Mechanics.MultiBody.World world;\n"
    "  Modelica.Blocks.Sources.Constant src[3](k = {1, 2, 3});\n"
    "  Modelica.Blocks.Sources.Constant src2[3](k = {4, 5, 6});\n"
    "  Modelica.Mechanics.MultiBody.Forces.WorldForce force;\n"
    "  Modelica.Mechanics.MultiBody.Forces.WorldForce force2;\n"
    "  MySpring spring;\n"
    "  Chain chain;\n"
    "equation\n"
    "  connect(src[1:3].y, force.force);\n"
    "  connect(src2.y, force2.force);\n"
    "  connect(world.frame_b, spring.frame_a);\n"
    "  connect(spring.frame_b, force.frame_b);\n"
    "  connect(world.frame_b, chain.frame_a);\n"
    "end T;\n";

// the connection with these end names, in either order
static const MbeConnection* find_conn(const MbeFlat* f, const char* a, const char* b) {
  for (size_t i = 0; i < f->nconns; i++) {
    const MbeConnection* c = &f->conns[i];
    if ((strcmp(c->a.name, a) == 0 && strcmp(c->b.name, b) == 0) ||
        (strcmp(c->a.name, b) == 0 && strcmp(c->b.name, a) == 0)) {
      return c;
    }
  }
  ck_abort_msg("no connection %s -- %s", a, b);
  return NULL;
}

START_TEST(test_connections_expanded) {
  ModelCase mc;
  model_case_ok(&mc, CONNECTIONS, "T");
  const MbeFlat* f = mc.flat;

  // 3 + 3 scalar signal connections, 3 frame connections, 1 inside chain
  ck_assert_uint_eq(f->nconns, 10);

  // a range over an array of components against a vector input: element-wise
  for (int i = 1; i <= 3; i++) {
    char a[32], b[32];
    snprintf(a, sizeof a, "src[%d].y", i);
    snprintf(b, sizeof b, "force.force[%d]", i);
    const MbeConnection* c = find_conn(f, a, b);
    ck_assert_int_eq(c->a.inst, -1);
    ck_assert_str_eq(f->vars[c->a.var].name, a);
    ck_assert_int_eq(c->a.elem, 0);
    ck_assert_str_eq(f->vars[c->b.var].name, "force.force");
    ck_assert_int_eq(c->b.elem, i - 1);
    ck_assert_int_eq(c->loc.line, 23);
    ck_assert_int_eq(c->loc.col, 3);
    ck_assert_str_eq(f->insts[c->scope].name, "");

    // the whole array without a range does the same
    snprintf(a, sizeof a, "src2[%d].y", i);
    snprintf(b, sizeof b, "force2.force[%d]", i);
    ck_assert_int_eq(find_conn(f, a, b)->loc.line, 24);
  }

  // structured connectors are instances; a connect inside a user model is scoped and named there
  const MbeConnection* c = find_conn(f, "world.frame_b", "spring.frame_a");
  ck_assert_int_eq(c->a.var, -1);
  ck_assert_str_eq(f->insts[c->a.inst].name, "world.frame_b");
  ck_assert_str_eq(f->insts[c->b.inst].name, "spring.frame_a");
  find_conn(f, "spring.frame_b", "force.frame_b");
  c = find_conn(f, "chain.frame_a", "chain.bar.frame_a");
  ck_assert_str_eq(f->insts[c->scope].name, "chain");
  ck_assert_int_eq(c->loc.line, 12);
  model_case_free(&mc);
}
END_TEST

START_TEST(test_user_equations) {
  ModelCase mc;
  model_case_ok(&mc, CONNECTIONS, "T");
  const MbeFlat* f = mc.flat;

  // the force law of a model extending PartialLineForce, resolved in its instance
  ck_assert_uint_eq(f->neqs, 1);
  const MbeFlatEq* q = &f->eqs[0];
  ck_assert_str_eq(f->insts[q->scope].name, "spring");
  ck_assert_str_eq(q->lex->name, "MySpring");
  ck_assert(!q->is_initial);
  ck_assert_int_eq(q->loc.line, 6);
  ck_assert_int_eq(q->lhs->kind, MBE_EX_NAME);
  ck_assert_str_eq(q->lhs->name.parts[0].ident, "f");
  ck_assert_int_eq(q->rhs->kind, MBE_EX_BINARY);
  ck_assert_int_eq(q->rhs->op, MBE_OP_MUL);

  // the partial's variables, connectors and outer world belong to the user's instance
  const MbeInst* spring = inst_of_class(f, "spring", "MySpring");
  ck_assert_int_eq(spring->kind, MBE_INST_MODEL);
  ck_assert_ptr_null(spring->builtin);
  ck_assert_int_eq(model_var(f, "spring.f")->variability, MBE_VAR_CONTINUOUS);
  ck_assert_ptr_nonnull(model_find_var(f, "spring.s"));
  ck_assert_ptr_nonnull(model_find_var(f, "spring.e_rel_0"));
  ck_assert_double_eq(model_num(f, "spring.s_small", 0), 1e-10);
  ck_assert_double_eq(model_num(f, "spring.c", 0), 100);
  inst_of_class(f, "spring.frame_b", "Modelica.Mechanics.MultiBody.Interfaces.Frame_b");
  model_case_free(&mc);
}
END_TEST

// ---- experiment, structural parameters ----------------------------------------------------

START_TEST(test_experiment_annotation) {
  static const char* const FULL =
      "model T\n"
      "  Real x;\n"
      "  annotation(experiment(StartTime = 0.5, StopTime = 2, Interval = 1e-3,\n"
      "    Tolerance = 1e-8));\n"
      "end T;\n";
  static const char* const STOP_ONLY =
      "model T\n"
      "  parameter Real tEnd = 3;\n"
      "  annotation(Documentation(info = \"x\"), experiment(StopTime = 1.5*2));\n"
      "end T;\n";
  static const char* const NONE =
      "model T\n"
      "  Real x;\n"
      "end T;\n";
  ModelCase mc;
  model_case_ok(&mc, FULL, NULL);
  ck_assert(mc.flat->has_experiment);
  ck_assert(mc.flat->has_start_time && mc.flat->has_stop_time);
  ck_assert(mc.flat->has_interval && mc.flat->has_tolerance);
  ck_assert_double_eq(mc.flat->start_time, 0.5);
  ck_assert_double_eq(mc.flat->stop_time, 2);
  ck_assert_double_eq(mc.flat->interval, 1e-3);
  ck_assert_double_eq(mc.flat->tolerance, 1e-8);
  ck_assert_int_eq(mc.flat->experiment_loc.line, 3);
  model_case_free(&mc);

  // only what the annotation gives; expressions are evaluated
  model_case_ok(&mc, STOP_ONLY, NULL);
  ck_assert(mc.flat->has_experiment && mc.flat->has_stop_time);
  ck_assert(!mc.flat->has_start_time && !mc.flat->has_interval && !mc.flat->has_tolerance);
  ck_assert_double_eq(mc.flat->stop_time, 3);
  model_case_free(&mc);

  model_case_ok(&mc, NONE, NULL);
  ck_assert(!mc.flat->has_experiment && !mc.flat->has_stop_time);
  model_case_free(&mc);
}
END_TEST

static const char* const STRUCTURAL =
    "model T\n"
    "  inner Modelica.Mechanics.MultiBody.World world(\n"
    "    gravityType = Modelica.Mechanics.MultiBody.Types.GravityTypes.PointGravity);\n"
    "  Modelica.Mechanics.MultiBody.Joints.Revolute rev(useAxisFlange = true);\n"
    "  parameter Boolean b = true;\n"
    "  parameter Integer i = 2;\n"
    "  parameter String s = \"x\";\n"
    "  parameter Real r = 2;\n"
    "  parameter Real v[2] = {1, 2};\n"
    "  constant Integer ci = 3;\n"
    "  Integer iv;\n"
    "end T;\n";

START_TEST(test_structural_parameters) {
  ModelCase mc;
  model_case_ok(&mc, STRUCTURAL, NULL);
  const MbeFlat* f = mc.flat;

  // Boolean, Integer, String and enumeration parameters are structural; Real ones are not
  ck_assert(model_var(f, "b")->is_structural);
  ck_assert(model_var(f, "i")->is_structural);
  ck_assert(model_var(f, "s")->is_structural);
  ck_assert(model_var(f, "ci")->is_structural);
  ck_assert(model_var(f, "world.gravityType")->is_structural);
  ck_assert(model_var(f, "rev.useAxisFlange")->is_structural);
  ck_assert(!model_var(f, "r")->is_structural);
  ck_assert(!model_var(f, "v")->is_structural);
  ck_assert(!model_var(f, "world.g")->is_structural);
  ck_assert(!model_var(f, "iv")->is_structural);

  // an integer literal bound to a Real parameter is Real; Evaluate=true does not make n structural
  ck_assert_int_eq(model_var(f, "r")->value.type, MBE_T_REAL);
  ck_assert_int_eq(model_var(f, "i")->value.type, MBE_T_INTEGER);
  ck_assert(!model_var(f, "rev.n")->is_structural);
  ck_assert(model_var(f, "rev.n")->is_evaluate);
  ck_assert_str_eq(model_var(f, "s")->value.str[0], "x");
  ck_assert_double_eq(model_num(f, "world.gravityType", 0), 3);

  // values the user sets are marked as modified, catalogue defaults are not
  ck_assert(model_var(f, "rev.useAxisFlange")->is_modified);
  ck_assert(!model_var(f, "rev.n")->is_modified);
  model_case_free(&mc);
}
END_TEST

// ---- the class to flatten -----------------------------------------------------------------

static const char* const TWO_PACKAGES =
    "package A\n"
    "  model Pend\n"
    "    Real x;\n"
    "  end Pend;\n"
    "  partial model Base\n"
    "    Real y;\n"
    "  end Base;\n"
    "end A;\n"
    "package B\n"
    "  model Pend\n"
    "    Real z;\n"
    "  end Pend;\n"
    "  model Other\n"
    "    Real w;\n"
    "  end Other;\n"
    "end B;\n";

START_TEST(test_class_selection) {
  ModelCase mc;

  // full name and unique suffix
  model_case_ok(&mc, TWO_PACKAGES, "A.Pend");
  ck_assert_str_eq(mc.flat->top_name, "A.Pend");
  ck_assert_ptr_nonnull(model_find_var(mc.flat, "x"));
  model_case_free(&mc);
  model_case_ok(&mc, TWO_PACKAGES, "Other");
  ck_assert_str_eq(mc.flat->top_name, "B.Other");
  model_case_free(&mc);

  // ambiguous suffix, unknown name with a suggestion, several models without a name
  ck_assert_int_eq(model_case_flatten(&mc, TWO_PACKAGES, "Pend"), MBE_ERR_USAGE);
  ck_assert_ptr_null(mc.flat);
  ck_assert_ptr_nonnull(strstr(mc.err.message, "'Pend' is ambiguous"));
  model_case_free(&mc);
  ck_assert_int_eq(model_case_flatten(&mc, TWO_PACKAGES, "Othr"), MBE_ERR_USAGE);
  ck_assert_ptr_nonnull(strstr(mc.err.message, "no model named 'Othr'"));
  ck_assert_ptr_nonnull(strstr(mc.err.message, "did you mean 'B.Other'?"));
  model_case_free(&mc);
  ck_assert_int_eq(model_case_flatten(&mc, TWO_PACKAGES, NULL), MBE_ERR_USAGE);
  ck_assert_ptr_nonnull(strstr(mc.err.message, "3 models"));
  ck_assert_ptr_nonnull(strstr(mc.err.message, "A.Pend, B.Pend, B.Other"));
  model_case_free(&mc);

  // NULL picks the only model, also one inside a package next to a partial one
  static const char* const ONE =
      "package P\n"
      "  partial model Q\n"
      "  end Q;\n"
      "  model M\n"
      "    Real x;\n"
      "  end M;\n"
      "end P;\n";
  model_case_ok(&mc, ONE, NULL);
  ck_assert_str_eq(mc.flat->top_name, "P.M");
  model_case_free(&mc);
  static const char* const NO_MODEL =
      "package P\n"
      "  partial model Q\n"
      "  end Q;\n"
      "end P;\n";
  ck_assert_int_eq(model_case_flatten(&mc, NO_MODEL, NULL), MBE_ERR_USAGE);
  ck_assert_ptr_nonnull(strstr(mc.err.message, "defines no model"));
  model_case_free(&mc);
}
END_TEST

// a model placed into a catalogue package with `within` (as every MSL example is) is found by its
// full name and by its unique last part
START_TEST(test_class_selection_within_catalogue_package) {
  static const char* const TEXT =
      "within Modelica.Mechanics.MultiBody.Examples.Elementary;\n"
      "model Mine\n"
      "  Real x;\n"
      "end Mine;\n"
      "model Other\n"
      "  Real y;\n"
      "end Other;\n";
  ModelCase mc;
  model_case_ok(&mc, TEXT, "Modelica.Mechanics.MultiBody.Examples.Elementary.Mine");
  ck_assert_ptr_nonnull(model_find_var(mc.flat, "x"));
  model_case_free(&mc);
  model_case_ok(&mc, TEXT, "Other");
  ck_assert_ptr_nonnull(model_find_var(mc.flat, "y"));
  model_case_free(&mc);

  // the catalogue's own classes in the same package tree are no candidates
  ck_assert_int_eq(model_case_flatten(&mc, TEXT, "Modelica.Mechanics.MultiBody.World"),
                   MBE_ERR_USAGE);
  ck_assert_ptr_nonnull(strstr(mc.err.message, "no model named"));
  model_case_free(&mc);
}
END_TEST

// ---- the printed summary ------------------------------------------------------------------

static const char* const SUMMARY =
    "model T \"a pendulum\"\n"
    "  inner Modelica.Mechanics.MultiBody.World world;\n"
    "  Modelica.Mechanics.MultiBody.Joints.Revolute rev(useAxisFlange = true,\n"
    "    phi(start = 0.5, fixed = true));\n"
    "  Modelica.Mechanics.Rotational.Components.Damper damper(d = 0.25);\n"
    "  Modelica.Mechanics.MultiBody.Parts.Body body(m = 2, r_CM = {0.5, 0, 0});\n"
    "equation\n"
    "  connect(world.frame_b, rev.frame_a);\n"
    "  connect(damper.flange_b, rev.axis);\n"
    "  connect(rev.support, damper.flange_a);\n"
    "  connect(body.frame_a, rev.frame_b);\n"
    "  annotation(experiment(StopTime = 5, Interval = 0.001));\n"
    "end T;\n";

// whether text has a line equal to line once runs of blanks are collapsed to one
static bool has_line(const char* text, const char* line) {
  char want[256], got[256];
  size_t n = 0;
  for (const char* p = line; *p && n + 1 < sizeof want; p++) {
    if (*p != ' ' || (n && want[n - 1] != ' ')) {
      want[n++] = *p;
    }
  }
  want[n] = '\0';
  for (const char* p = text; *p;) {
    const char* end = strchr(p, '\n');
    size_t len = end ? (size_t)(end - p) : strlen(p);
    size_t k = 0;
    for (size_t i = 0; i < len && k + 1 < sizeof got; i++) {
      if (p[i] != ' ' || (k && got[k - 1] != ' ')) {
        got[k++] = p[i];
      }
    }
    while (k && got[k - 1] == ' ') {
      k--;
    }
    got[k] = '\0';
    const char* g = got[0] == ' ' ? got + 1 : got;
    if (strcmp(g, want) == 0) {
      return true;
    }
    p = end ? end + 1 : p + len;
  }
  return false;
}

static char* print_flat(const MbeFlat* f, bool all) {
  FILE* tmp = tmpfile();
  ck_assert_ptr_nonnull(tmp);
  MbeError err;
  ck_assert_int_eq(mbe_flat_print(f, all, tmp, &err), MBE_OK);
  long size = ftell(tmp);
  ck_assert_int_gt(size, 0);
  rewind(tmp);
  char* text = malloc((size_t)size + 1);
  ck_assert_ptr_nonnull(text);
  ck_assert_uint_eq(fread(text, 1, (size_t)size, tmp), (size_t)size);
  text[size] = '\0';
  fclose(tmp);
  return text;
}

START_TEST(test_flat_print) {
  ModelCase mc;
  model_case_ok(&mc, SUMMARY, NULL);
  char* text = print_flat(mc.flat, false);
  static const char* const LINES[] = {
      "model T (test.mo:1:7)",
      "\"a pendulum\"",
      "components (4):",
      "World 1 world",
      "Joints.Revolute 1 rev",
      "Rotational.Components.Damper 1 damper",
      "Parts.Body 1 body",
      "connections (4):",
      "world.frame_b -- rev.frame_a test.mo:8",
      "damper.flange_b -- rev.axis test.mo:9",
      "body.frame_a -- rev.frame_b test.mo:11",
      "damper.d = 0.25 test.mo:5",
      "body.m = 2 test.mo:6",
      "body.r_CM = {0.5, 0, 0} test.mo:6",
      "structural parameters set by the model (fixed for a compiled kernel):",
      "rev.useAxisFlange = true",
      "rev.phi start 0.5 fixed",
      "experiment: StopTime 5 Interval 0.001",
  };
  for (size_t i = 0; i < sizeof LINES / sizeof LINES[0]; i++) {
    ck_assert_msg(has_line(text, LINES[i]), "the summary lacks the line '%s':\n%s", LINES[i], text);
  }

  // defaults the model does not set are listed only with --all
  ck_assert_msg(!has_line(text, "world.g = 9.80665"), "%s", text);
  ck_assert_ptr_null(strstr(text, "warnings"));
  free(text);
  text = print_flat(mc.flat, true);
  ck_assert_msg(has_line(text, "world.g = 9.80665"), "%s", text);
  ck_assert_msg(has_line(text, "damper.d = 0.25 test.mo:5"), "%s", text);
  free(text);
  model_case_free(&mc);
}
END_TEST

// ---- suites -------------------------------------------------------------------------------

// for- and if-equations over parameters become plain equations with the iterators' values
START_TEST(test_unrolled_equations) {
  static const char* const TEXT =
      "model T\n"
      "  parameter Integer n = 3;\n"
      "  parameter Boolean on = false;\n"
      "  Real x[n, n];\n"
      "  Real y[3];\n"
      "equation\n"
      "  for i in 1:n, j in i:n loop\n"
      "    x[i, j] = i*j;\n"
      "  end for;\n"
      "  for i in 1:2 loop\n"
      "    for i in {3, 1} loop\n"
      "      y[i] = i;\n"
      "    end for;\n"
      "  end for;\n"
      "  for k in 1:0 loop\n"
      "    y[k] = 0;\n"
      "  end for;\n"
      "  if on then\n"
      "    y[2] = 1;\n"
      "  elseif n < 2 then\n"
      "    y[2] = 2;\n"
      "  end if;\n"
      "  if on then\n"
      "    y[2] = 1;\n"
      "  else\n"
      "    y[2] = sum(x[k, k] for k in 1:n);\n"
      "  end if;\n"
      "  assert(n > 1, \"n\");\n"
      "end T;\n";
  ModelCase mc;
  model_case_ok(&mc, TEXT, "T");
  const MbeFlat* f = mc.flat;
  // 6 of the triangle, 2 x 2 of the shadowed loop, none of the empty range and of the if without
  // a true branch, one of the else branch; the assert holds and is no equation
  ck_assert_uint_eq(f->neqs, 11);
  const char* want[] = {"x[1, 1] = 1 * 1", "x[1, 3] = 1 * 3", "x[3, 3] = 3 * 3", "y[3] = 3",
                        "y[1] = 1", "y[2] = sum(x[k, k] for k in 1:n)"};
  const size_t at[] = {0, 2, 5, 6, 7, 10};
  for (size_t i = 0; i < sizeof at / sizeof at[0]; i++) {
    MbeStrbuf sb;
    mbe_strbuf_init(&sb);
    mbe_expr_print(&sb, f->eqs[at[i]].lhs);
    mbe_strbuf_puts(&sb, " = ");
    mbe_expr_print(&sb, f->eqs[at[i]].rhs);
    ck_assert_str_eq(sb.data, want[i]);
    mbe_strbuf_deinit(&sb);
  }
  ck_assert_int_eq(f->eqs[10].loc.line, 26);
  model_case_free(&mc);

  // conditions and ranges that vary in time, and other equation-statements
  model_expect_error("model T\n  Real x;\nequation\n  for i in 1:integer(x) loop\n"
                     "    x = i;\n  end for;\nend T;\n",
                     "T", MBE_ERR_UNSUPPORTED, 4, 12,
                     "the range of this for-equation varies in time (it uses variables)");
  model_expect_error("model T\n  Real x;\nequation\n  for i loop\n    x = i;\n  end for;\nend T;\n",
                     "T", MBE_ERR_UNSUPPORTED, 4, 7,
                     "a for-iterator without a range ('for i loop') is not supported");
  model_expect_error("model T\n  Real x;\nequation\n  x = 1;\n  terminate(\"done\");\nend T;\n", "T",
                     MBE_ERR_UNSUPPORTED, 5, 3,
                     "the equation-statement 'terminate(...)' is not supported by mbens");
  // an assert on variables is kept for the run with its message and level; one on parameters
  // that holds is kept too (a varied parameter may enter it), marked as not using variables
  ModelCase ac;
  model_case_ok(&ac,
                "model T\n  Real x;\n  parameter Real a = 2;\nequation\n  x = 1;\n"
                "  assert(x > a, \"x is \" + \"small\", AssertionLevel.warning);\n"
                "  assert(a > 1, \"a\");\n  assert(x < 3, \"x = \" + String(x));\nend T;\n",
                "T");
  ck_assert_uint_eq(ac.flat->nasserts, 3);
  // a message that reads variables is kept as its text (messages are evaluated once)
  ck_assert_ptr_nonnull(strstr(ac.flat->asserts[2].message, "String(x)"));
  ck_assert(ac.flat->asserts[0].uses_variables);
  ck_assert(ac.flat->asserts[0].is_warning);
  ck_assert_str_eq(ac.flat->asserts[0].message, "x is small");
  ck_assert_int_eq(ac.flat->asserts[0].loc.line, 6);
  ck_assert_int_eq(ac.flat->asserts[0].loc.col, 3);
  ck_assert(!ac.flat->asserts[1].uses_variables);
  ck_assert(!ac.flat->asserts[1].is_warning);
  model_case_free(&ac);
  model_expect_error("model T\n  Real x;\nequation\n  x = 1;\n  assert(x > 0, 3);\nend T;\n", "T",
                     MBE_ERR_MODEL, 5, 3, "assert takes a Boolean condition");
  model_expect_error("model T\n  parameter Real a = 1;\nequation\n  assert(a, \"x\");\nend T;\n",
                     "T", MBE_ERR_MODEL, 4, 3, "assert takes a Boolean condition");
}
END_TEST

// one declaration reached through two extends paths is one element (Modelica 3.6 section 7.3.1),
// as the MSL's Visualizers.Advanced.Shape inherits PartialShape twice
START_TEST(test_diamond_inheritance) {
  static const char* const TEXT =
      "package D\n"
      "  partial model Base\n    parameter Real k = 2;\n  end Base;\n"
      "  partial model A\n    extends Base;\n  end A;\n"
      "  model T\n    extends A;\n    extends Base;\n  end T;\n"
      "end D;\n";
  ModelCase mc;
  model_case_ok(&mc, TEXT, "D.T");
  ck_assert_double_eq(model_num(mc.flat, "k", 0), 2);
  size_t n = 0;
  for (size_t i = 0; i < mc.flat->nvars; i++) {
    n += strcmp(mc.flat->vars[i].name, "k") == 0;
  }
  ck_assert_uint_eq(n, 1);
  model_case_free(&mc);
  // two declarations of one name are still an error
  model_expect_error("model B\n  Real x;\nend B;\nmodel T\n  extends B;\n  Real x;\nend T;\n", "T",
                     MBE_ERR_MODEL, 6, 8, "'x' is already declared");
}
END_TEST

static Suite* make_model_suite(void) {
  Suite* s = suite_create("model");
  TCase* tc = mbe_tcase_create("lookup");
  tcase_add_test(tc, test_lookup_imports_within_and_units);
  tcase_add_test(tc, test_lookup_encapsulated_stops);
  tcase_add_test(tc, test_class_selection);
  tcase_add_test(tc, test_class_selection_within_catalogue_package);
  suite_add_tcase(s, tc);

  tc = mbe_tcase_create("flatten");
  tcase_add_test(tc, test_hierarchical_flattening);
  tcase_add_test(tc, test_modifier_priority);
  tcase_add_test(tc, test_each_and_elementwise_modifiers);
  tcase_add_test(tc, test_end_in_component_subscript);
  tcase_add_test(tc, test_start_fixed_stateselect);
  tcase_add_test(tc, test_conditional_components);
  tcase_add_test(tc, test_inner_outer);
  tcase_add_test(tc, test_parameter_defaults);
  tcase_add_test(tc, test_structural_parameters);
  suite_add_tcase(s, tc);

  tc = mbe_tcase_create("equations");
  tcase_add_test(tc, test_connections_expanded);
  tcase_add_test(tc, test_user_equations);
  tcase_add_test(tc, test_unrolled_equations);
  tcase_add_test(tc, test_diamond_inheritance);
  tcase_add_test(tc, test_experiment_annotation);
  tcase_add_test(tc, test_flat_print);
  suite_add_tcase(s, tc);
  return s;
}

MbeSuiteFactory* const mbe_check_suites[] = {make_model_suite,
                                             make_model_eval_suite,
                                             make_model_errors_suite,
                                             make_model_msl_suite,
                                             make_model_where_suite,
                                             make_model_visual_suite,
                                             make_model_library_suite,
                                             NULL};
