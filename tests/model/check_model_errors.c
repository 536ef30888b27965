// SPDX-License-Identifier: Apache-2.0
// Tests of the error paths of host/model: each faulty model gives its status, the exact
// test.mo:line:column of the fault and a distinctive message. Warnings are tested at the end.
#include <string.h>

#include "check_model.h"

typedef struct ErrorCase {
  const char* what;
  const char* text;
  const char* cls;  // class to flatten; NULL: the only model
  MbeStatus code;
  int line, col;     // in MODEL_TEST_FILE
  const char* part;  // a distinctive part of the message
} ErrorCase;

static const ErrorCase CASES[] = {
    // class lookup
    {"unknown class with a suggestion",
     "model T\n"
     "  Modelca.Mechanics.MultiBody.Parts.Body b;\n"
     "end T;\n",
     NULL, MBE_ERR_MODEL, 2, 3, "unknown class 'Modelca' (did you mean 'Modelica'?)"},
    {"unknown member class with a suggestion",
     "model T\n"
     "  Modelica.Mechanics.MultiBody.Parts.Bdy b;\n"
     "end T;\n",
     NULL, MBE_ERR_MODEL, 2, 3,
     "Modelica.Mechanics.MultiBody.Parts has no class 'Bdy' (did you mean 'Body'?)"},
    {"extends of a package",
     "model T\n"
     "  extends Modelica.Mechanics;\n"
     "end T;\n",
     NULL, MBE_ERR_MODEL, 2, 3, "package Mechanics cannot be extended by model T"},
    {"component of a package type",
     "model T\n"
     "  Modelica.Mechanics.MultiBody.Parts p;\n"
     "end T;\n",
     NULL, MBE_ERR_MODEL, 2, 3,
     "Modelica.Mechanics.MultiBody.Parts is a package; a component needs"},
    {"duplicate declaration",
     "model T\n"
     "  Real x;\n"
     "  Real x;\n"
     "end T;\n",
     NULL, MBE_ERR_MODEL, 3, 8,
     "'x' is already declared in this class or a base class (test.mo:2:8)"},

    // modifiers
    {"unknown element in a modifier with a suggestion",
     "model T\n"
     "  inner Modelica.Mechanics.MultiBody.World world;\n"
     "  Modelica.Mechanics.MultiBody.Parts.Body b(mm = 1);\n"
     "end T;\n",
     NULL, MBE_ERR_MODEL, 3, 45, "has no element 'mm' (did you mean 'm'?)"},
    {"unknown attribute",
     "model T\n"
     "  Real x(strat = 1);\n"
     "end T;\n",
     NULL, MBE_ERR_MODEL, 2, 10, "'strat' is not an attribute of x (a Real)"},
    {"attribute of the wrong type",
     "model T\n"
     "  Real x(fixed = 1);\n"
     "end T;\n",
     NULL, MBE_ERR_MODEL, 2, 18, "attribute fixed of 'x' must be a Boolean"},
    {"stateSelect of another enumeration",
     "model T\n"
     "  Real x(stateSelect = Modelica.Mechanics.MultiBody.Types.GravityTypes.NoGravity);\n"
     "end T;\n",
     NULL, MBE_ERR_MODEL, 2, 24, "attribute stateSelect of 'x' must be a StateSelect value"},
    {"attribute of the wrong shape",
     "model T\n"
     "  Real x(start = {1, 2});\n"
     "end T;\n",
     NULL, MBE_ERR_MODEL, 2, 18, "attribute start of 'x' has the wrong shape"},
    {"modifying a final catalogue parameter",
     "model T\n"
     "  inner Modelica.Mechanics.MultiBody.World world;\n"
     "  Modelica.Mechanics.MultiBody.Parts.BodyBox b(r = {1, 0, 0}, m = 2);\n"
     "end T;\n",
     NULL, MBE_ERR_MODEL, 3, 63, "'m' is declared final"},
    {"modifying a final user parameter",
     "model Inner\n"
     "  final parameter Real k = 1;\n"
     "end Inner;\n"
     "model T\n"
     "  Inner i(k = 2);\n"
     "end T;\n",
     "T", MBE_ERR_MODEL, 5, 11, "'k' is declared final (test.mo:2:24) and cannot be modified"},
    {"modifying a constant",
     "model Inner\n"
     "  constant Real c = 1;\n"
     "end Inner;\n"
     "model T\n"
     "  Inner i(c = 2);\n"
     "end T;\n",
     "T", MBE_ERR_MODEL, 5, 11, "'c' is a constant and cannot be modified"},
    {"binding a whole component",
     "model T\n"
     "  Modelica.Blocks.Sources.Constant c = 1;\n"
     "end T;\n",
     NULL, MBE_ERR_UNSUPPORTED, 2, 40, "binding a whole block component"},

    // parameter values
    {"a cycle of parameter bindings",
     "model T\n"
     "  parameter Real a = b;\n"
     "  parameter Real b = a;\n"
     "end T;\n",
     NULL, MBE_ERR_MODEL, 2, 22, "the value of 'a' depends on itself"},
    {"a parameter without value or start",
     "model T\n"
     "  parameter Real a;\n"
     "end T;\n",
     NULL, MBE_ERR_MODEL, 2, 18, "parameter 'a' has no value; set it with a modifier"},
    {"Boolean parameter bound to a Real",
     "model T\n"
     "  parameter Boolean a = 1.5;\n"
     "end T;\n",
     NULL, MBE_ERR_MODEL, 2, 25, "'a' is a Boolean, but its value is a Real"},
    {"Integer parameter bound to a Real",
     "model T\n"
     "  parameter Integer n = 2.5;\n"
     "end T;\n",
     NULL, MBE_ERR_MODEL, 2, 25, "'n' is an Integer, but its value is a Real"},
    {"array bound to an array of another size",
     "model T\n"
     "  parameter Real a[3] = {1, 2};\n"
     "end T;\n",
     NULL, MBE_ERR_MODEL, 2, 25, "'a' is an array [3], but its value {1, 2} has another shape"},
    {"array bound to a scalar without each",
     "model T\n"
     "  parameter Real a[3] = 1;\n"
     "end T;\n",
     NULL, MBE_ERR_MODEL, 2, 25, "(use 'each' to give every element the same value)"},
    {"array of components modified by a scalar without each",
     "model T\n"
     "  Modelica.Blocks.Sources.Constant c[3](k = 1);\n"
     "end T;\n",
     NULL, MBE_ERR_MODEL, 2, 45, "needs an array value with one element per component, or 'each'"},
    {"array of components modified by a too short value",
     "model T\n"
     "  Modelica.Blocks.Sources.Constant c[3](k = {1, 2});\n"
     "end T;\n",
     NULL, MBE_ERR_MODEL, 2, 45, "the modifier value has 2 elements"},
    {"division by zero",
     "model T\n"
     "  parameter Real a = 1/0;\n"
     "end T;\n",
     NULL, MBE_ERR_MODEL, 2, 23, "division by zero"},
    {"sqrt of a negative number",
     "model T\n"
     "  parameter Real a = sqrt(-1);\n"
     "end T;\n",
     NULL, MBE_ERR_MODEL, 2, 22, "argument -1 is outside the domain of this function"},
    {"unknown function",
     "model T\n"
     "  parameter Real a = foo(1);\n"
     "end T;\n",
     NULL, MBE_ERR_MODEL, 2, 22, "unknown function 'foo'"},
    {"unsupported catalogue function",
     "model T\n"
     "  parameter Real a = Modelica.Math.atan3(1, 2);\n"
     "end T;\n",
     NULL, MBE_ERR_UNSUPPORTED, 2, 22,
     "function Modelica.Math.atan3 is not supported in parameter expressions"},
    {"a model called as a function",
     "model T\n"
     "  parameter Real a = Modelica.Mechanics.MultiBody.World(1);\n"
     "end T;\n",
     NULL, MBE_ERR_MODEL, 2, 22, "Modelica.Mechanics.MultiBody.World is a model, not a function"},
    {"wrong number of arguments",
     "model T\n"
     "  parameter Real a = sin(1, 2);\n"
     "end T;\n",
     NULL, MBE_ERR_MODEL, 2, 22, "sin takes 1 argument, not 2"},
    {"time in a parameter expression",
     "model T\n"
     "  parameter Real a = time;\n"
     "end T;\n",
     NULL, MBE_ERR_MODEL, 2, 22, "'time' varies; it cannot appear in a parameter expression"},
    {"der in a parameter expression",
     "model T\n"
     "  Real x;\n"
     "  parameter Real a = der(x);\n"
     "end T;\n",
     NULL, MBE_ERR_MODEL, 3, 22, "der() varies in time"},
    {"a variable in a parameter expression",
     "model T\n"
     "  Real x;\n"
     "  parameter Real a = x;\n"
     "end T;\n",
     NULL, MBE_ERR_MODEL, 3, 22,
     "'x' is a variable; a parameter expression can only use parameters and constants"},
    {"unknown name in a parameter expression",
     "model T\n"
     "  parameter Real a = 1;\n"
     "  parameter Real b = aa;\n"
     "end T;\n",
     NULL, MBE_ERR_MODEL, 3, 22, "unknown name 'aa' (did you mean 'a'?)"},
    {"unknown element of a component with a suggestion",
     "model T\n"
     "  inner Modelica.Mechanics.MultiBody.World world;\n"
     "  parameter Real a = world.gg;\n"
     "end T;\n",
     NULL, MBE_ERR_MODEL, 3, 22,
     "world (Modelica.Mechanics.MultiBody.World) has no element 'gg' (did you mean 'g'?)"},
    {"a class used as a value",
     "model T\n"
     "  parameter Real a = Modelica.Math.Vectors;\n"
     "end T;\n",
     NULL, MBE_ERR_MODEL, 2, 22, "this name is a class, not a value"},
    {"component index out of range",
     "model T\n"
     "  Modelica.Blocks.Sources.Constant c[2](each k = 1);\n"
     "  parameter Real a = c[3].k;\n"
     "end T;\n",
     NULL, MBE_ERR_MODEL, 3, 24, "index 3 is out of range 1..2"},
    {"array of components named without an index in a value",
     "model T\n"
     "  Modelica.Blocks.Sources.Constant c[2](each k = 1);\n"
     "  parameter Real a = c.k;\n"
     "end T;\n",
     NULL, MBE_ERR_UNSUPPORTED, 3, 22,
     "'c' is an array of components; name one element, e.g. c[1]"},

    // declarations
    {"a non-Integer dimension",
     "model T\n"
     "  Real x[1.5];\n"
     "end T;\n",
     NULL, MBE_ERR_MODEL, 2, 10, "an array dimension must be an Integer scalar"},
    {"a ':' dimension without binding",
     "model T\n"
     "  parameter Real x[:];\n"
     "end T;\n",
     NULL, MBE_ERR_MODEL, 2, 18, "'x' has a ':' dimension but no binding"},
    {"a dimension depending on its own declaration",
     "model T\n"
     "  Real x[n];\n"
     "  parameter Integer n = size(x, 1);\n"
     "end T;\n",
     NULL, MBE_ERR_MODEL, 2, 8, "the declaration of 'x' depends on itself"},
    {"a condition that is not Boolean",
     "model T\n"
     "  Modelica.Blocks.Sources.Constant c(k = 1) if 1;\n"
     "end T;\n",
     NULL, MBE_ERR_MODEL, 2, 48, "the condition of 'c' must be a Boolean scalar"},
    {"outer without inner",
     "model Nested\n"
     "  outer Modelica.Mechanics.MultiBody.World world;\n"
     "end Nested;\n"
     "model T\n"
     "  Nested n;\n"
     "end T;\n",
     "T", MBE_ERR_MODEL, 2, 44,
     "'outer Modelica.Mechanics.MultiBody.World world' (in n) has no "
     "matching inner"},

    // connections and equations
    {"connect of incompatible connectors",
     "model T\n"
     "  inner Modelica.Mechanics.MultiBody.World world;\n"
     "  Modelica.Mechanics.MultiBody.Joints.Revolute rev(useAxisFlange = true);\n"
     "equation\n"
     "  connect(world.frame_b, rev.axis);\n"
     "end T;\n",
     NULL, MBE_ERR_MODEL, 5, 3,
     "connect(world.frame_b, rev.axis) joins incompatible connectors: "
     "Modelica.Mechanics.MultiBody.Interfaces.Frame_b and "
     "Modelica.Mechanics.Rotational.Interfaces.Flange_a"},
    {"connect of a signal with a frame",
     "model T\n"
     "  inner Modelica.Mechanics.MultiBody.World world;\n"
     "  Modelica.Blocks.Sources.Constant c(k = 1);\n"
     "equation\n"
     "  connect(c.y, world.frame_b);\n"
     "end T;\n",
     NULL, MBE_ERR_MODEL, 5, 3, "joins incompatible connectors"},
    {"connect of a parameter",
     "model T\n"
     "  inner Modelica.Mechanics.MultiBody.World world;\n"
     "  Modelica.Mechanics.MultiBody.Joints.Revolute rev;\n"
     "  parameter Real p = 1;\n"
     "equation\n"
     "  connect(p, rev.frame_a);\n"
     "end T;\n",
     NULL, MBE_ERR_MODEL, 6, 11, "'p' is not a connector"},
    {"connect of a whole model",
     "model T\n"
     "  inner Modelica.Mechanics.MultiBody.World world;\n"
     "  Modelica.Mechanics.MultiBody.Joints.Revolute rev;\n"
     "equation\n"
     "  connect(world.frame_b, rev);\n"
     "end T;\n",
     NULL, MBE_ERR_MODEL, 5, 26, "'rev' is not a connector"},
    {"connect of different sizes",
     "model T\n"
     "  Modelica.Blocks.Sources.Constant c[2](each k = 1);\n"
     "  inner Modelica.Mechanics.MultiBody.World world;\n"
     "  Modelica.Mechanics.MultiBody.Forces.WorldForce force;\n"
     "equation\n"
     "  connect(c.y, force.force);\n"
     "end T;\n",
     NULL, MBE_ERR_MODEL, 6, 3, "connect() joins 2 connector(s) on the left with 3 on the right"},
    {"connect index out of range",
     "model T\n"
     "  Modelica.Blocks.Sources.Constant c[2](each k = 1);\n"
     "  inner Modelica.Mechanics.MultiBody.World world;\n"
     "  Modelica.Mechanics.MultiBody.Forces.WorldForce force;\n"
     "equation\n"
     "  connect(c[3].y, force.force[1]);\n"
     "end T;\n",
     NULL, MBE_ERR_MODEL, 6, 13, "index 3 is out of range 1..2"},
    {"connect of a connector with itself",
     "model T\n"
     "  inner Modelica.Mechanics.MultiBody.World world;\n"
     "equation\n"
     "  connect(world.frame_b, world.frame_b);\n"
     "end T;\n",
     NULL, MBE_ERR_MODEL, 4, 3, "connect() joins world.frame_b with itself"},
    {"connect of an unknown component with a suggestion",
     "model T\n"
     "  inner Modelica.Mechanics.MultiBody.World world;\n"
     "  Modelica.Mechanics.MultiBody.Joints.Revolute rev;\n"
     "equation\n"
     "  connect(world.frame_b, rev2.frame_a);\n"
     "end T;\n",
     NULL, MBE_ERR_MODEL, 5, 26, "the model has no element 'rev2' (did you mean 'rev'?)"},
    {"unknown name in an equation",
     "model T\n"
     "  Real x;\n"
     "equation\n"
     "  x = y;\n"
     "end T;\n",
     NULL, MBE_ERR_MODEL, 4, 7, "unknown name 'y'"},

    // the model's values within their declared min and max (model_bounds.c)
    {"negative mass at the user's binding, naming the catalogue's bound",
     "model T\n"
     "  inner Modelica.Mechanics.MultiBody.World world;\n"
     "  Modelica.Mechanics.MultiBody.Parts.Body body(m = -1);\n"
     "end T;\n",
     NULL, MBE_ERR_MODEL, 3, 52,
     "body.m = -1 is below its declared min = 0 "
     "(<catalogue>/Modelica/Mechanics/MultiBody/Parts.mo:"},
    {"a bound of the declared type (SI.Density)",
     "model T\n"
     "  inner Modelica.Mechanics.MultiBody.World world;\n"
     "  Modelica.Mechanics.MultiBody.Parts.BodyBox box(r = {1, 0, 0}, density = -2);\n"
     "end T;\n",
     NULL, MBE_ERR_MODEL, 3, 75, "box.density = -2 is below its declared min = 0"},
    {"the user's own bound, above max",
     "model T\n"
     "  parameter Real k(min = 1, max = 3) = 5;\n"
     "end T;\n",
     NULL, MBE_ERR_MODEL, 2, 40, "k = 5 is above its declared max = 3 (test.mo:2:35)"},
    {"an array element outside an Integer type's bounds",
     "model T\n"
     "  inner Modelica.Mechanics.MultiBody.World world;\n"
     "  Modelica.Mechanics.MultiBody.Parts.Body body(m = 1, sequence_start = {1, 2, 4});\n"
     "end T;\n",
     NULL, MBE_ERR_MODEL, 3, 72, "body.sequence_start[3] = 4 is above its declared max = 3"},
    {"a value passed down a user's model: at the binding that reads it",
     "model T\n"
     "  model Arm\n"
     "    parameter Real mass = 1;\n"
     "    Modelica.Mechanics.MultiBody.Parts.Body body(m = mass);\n"
     "  end Arm;\n"
     "  inner Modelica.Mechanics.MultiBody.World world;\n"
     "  Arm arm(mass = -2);\n"
     "end T;\n",
     "T", MBE_ERR_MODEL, 4, 54, "arm.body.m = -2 is below its declared min = 0"},

    // experiment
    {"experiment with a negative Interval",
     "model T\n"
     "  Real x;\n"
     "  annotation(experiment(StopTime = 1, Interval = -0.1));\n"
     "end T;\n",
     NULL, MBE_ERR_MODEL, 3, 50, "experiment Interval must be positive"},
    {"experiment with StopTime before StartTime",
     "model T\n"
     "  Real x;\n"
     "  annotation(experiment(StartTime = 2, StopTime = 1));\n"
     "end T;\n",
     NULL, MBE_ERR_MODEL, 3, 51, "experiment StopTime 1 is before StartTime 2"},
    {"experiment with a zero Tolerance",
     "model T\n"
     "  Real x;\n"
     "  annotation(experiment(StopTime = 1, Tolerance = 0));\n"
     "end T;\n",
     NULL, MBE_ERR_MODEL, 3, 51, "experiment Tolerance must be positive"},
    {"experiment with a String",
     "model T\n"
     "  Real x;\n"
     "  annotation(experiment(StopTime = \"x\"));\n"
     "end T;\n",
     NULL, MBE_ERR_MODEL, 3, 36, "experiment StopTime must be a number"},

    // constructs mbens does not simulate: reported where the flattened class reaches them
    {"algorithm section", "model T\n  Real x;\nalgorithm\n  x := 1;\nend T;\n", NULL,
     MBE_ERR_UNSUPPORTED, 3, 1,
     "an algorithm section is not supported by mbens; write the relations as equations"},
    {"initial algorithm in a base class",
     "model B\n  Real x;\ninitial algorithm\n  x := 1;\nend B;\nmodel T\n  extends B;\nend T;\n",
     "T", MBE_ERR_UNSUPPORTED, 3, 1, "an algorithm section is not supported"},
    {"when-equation", "model T\n  Real x;\nequation\n  when x > 1 then\n    reinit(x, 0);\n"
     "  end when;\nend T;\n", NULL, MBE_ERR_UNSUPPORTED, 4, 3,
     "a when-equation (discrete events) is not supported"},
    {"if-equation without else in a component's class",
     "model C\n  Real x;\nequation\n  if x > 1 then\n    x = 1;\n  end if;\n"
     "end C;\nmodel T\n  C c;\nend T;\n", "T", MBE_ERR_UNSUPPORTED, 4, 8,
     "the condition of this if-equation varies in time (it uses variables): not supported by "
     "mbens yet; give every branch the same left-hand sides and an else branch, or use an "
     "if-expression: x = if c then a else b"},
    {"call statement", "model T\n  Real x;\nequation\n  Modelica.Utilities.Streams.print(\"x\");\n"
     "end T;\n", NULL, MBE_ERR_UNSUPPORTED, 4, 3,
     "the equation-statement 'Modelica.Utilities.Streams.print(...)' is not supported"},
    {"several outputs", "model T\n  Real x;\nequation\n  (x, ) = f(1);\nend T;\n", NULL,
     MBE_ERR_UNSUPPORTED, 4, 3, "an equation with several outputs '(a, b) = f(x)'"},
    {"record in an equation",
     "model T\n  Modelica.Mechanics.MultiBody.Frames.Orientation R;\n  Real x;\nequation\n"
     "  x = R;\nend T;\n",
     NULL, MBE_ERR_UNSUPPORTED, 5, 7,
     "'R' is a record; records as values in equations (Frames.Orientation and functions of it) "
     "are not supported by mbens yet"},
    {"record given twice",
     "model T\n  Modelica.Mechanics.MultiBody.Frames.Orientation R = Q;\n"
     "  Modelica.Mechanics.MultiBody.Frames.Orientation Q;\nequation\n  R = Q;\nend T;\n",
     NULL, MBE_ERR_MODEL, 5, 3, "the record 'R' is given twice: by this equation and at 2:55"},
    {"redeclare of nothing", "model T\n  redeclare Real x;\nend T;\n", NULL, MBE_ERR_MODEL, 2, 3,
     "'redeclare x' redeclares nothing: no base class declares 'x'"},
    {"redeclare of a final element",
     "model B\n  final Real c = 1;\nend B;\nmodel T\n  B b(redeclare Real c);\nend T;\n", "T",
     MBE_ERR_MODEL, 5, 7, "'c' is declared final (test.mo:2:14) and cannot be redeclared"},
    {"redeclare of a function as a model",
     "model B\n  replaceable function f = g;\nend B;\nmodel T\n  B b(redeclare model f = B);\n"
     "end T;\n",
     "T", MBE_ERR_MODEL, 5, 7, "'f' is redeclared as a model where B declares a function"},
    {"redeclare of a class that does not exist",
     "model B\n  Real x;\nend B;\nmodel T\n  B b(redeclare model M = B);\nend T;\n", "T",
     MBE_ERR_MODEL, 5, 23, "B has no class 'M' to redeclare"},
    {"stream variable",
     "connector C\n  Real p;\n  stream Real h;\nend C;\nmodel T\n  C c;\nend T;\n", "T",
     MBE_ERR_UNSUPPORTED, 3, 3, "a 'stream' connector variable is not supported by mbens"},
    {"expandable connector", "expandable connector Bus\nend Bus;\nmodel T\n  Bus b;\nend T;\n",
     "T", MBE_ERR_UNSUPPORTED, 1, 1, "an expandable connector is not supported by mbens"},
    {"operator record", "operator record R\n  Real re;\nend R;\nmodel T\n  R r;\nend T;\n", "T",
     MBE_ERR_UNSUPPORTED, 1, 1, "an operator or operator record is not supported by mbens"},
    {"model extends", "model T\n  model extends M\n  end M;\n  M m;\nend T;\n", "T",
     MBE_ERR_UNSUPPORTED, 2, 17,
     "a class extending a redeclared class ('model extends X') is not supported"},
};

enum { NCASES = sizeof CASES / sizeof CASES[0] };

START_TEST(test_error_case) {
  const ErrorCase* c = &CASES[_i];
  ModelCase mc;
  MbeStatus st = model_case_flatten(&mc, c->text, c->cls);
  ck_assert_msg(st == c->code, "%s: status %d, expected %d (%s:%d:%d: %s)", c->what, st, c->code,
                mc.err.file, mc.err.line, mc.err.column, mc.err.message);
  ck_assert_ptr_null(mc.flat);
  ck_assert_int_eq(mc.err.code, c->code);
  ck_assert_msg(strcmp(mc.err.file, MODEL_TEST_FILE) == 0, "%s: error in file '%s'", c->what,
                mc.err.file);
  ck_assert_msg(mc.err.line == c->line && mc.err.column == c->col,
                "%s: error at %d:%d, expected %d:%d (%s)", c->what, mc.err.line, mc.err.column,
                c->line, c->col, mc.err.message);
  ck_assert_msg(strstr(mc.err.message, c->part), "%s: message '%s' lacks '%s'", c->what,
                mc.err.message, c->part);
  model_case_free(&mc);
}
END_TEST

// a construct outside what mbens simulates matters only where the flattened class reaches it:
// siblings, unused nested classes, functions that are never called and replaceable elements
START_TEST(test_unreached_constructs_do_not_matter) {
  static const char* const TEXT =
      "package P\n"
      "  import Modelica.Units.{SI, NonSI};\n"
      "  model Bad\n    Real x;\n  algorithm\n    x := 1;\n  end Bad;\n"
      "  expandable connector Bus\n  end Bus;\n"
      "  function f\n    input Real u;\n    output Real y;\n  external \"C\" y = g(u);\n  end f;\n"
      "  model Good\n"
      "    model Unused\n      Real z;\n    equation\n      when z > 1 then\n"
      "        reinit(z, 0);\n      end when;\n    end Unused;\n"
      "    replaceable SI.Length x = 1;\n"
      "    parameter NonSI.Angle_deg a = 2;\n"
      "  end Good;\n"
      "end P;\n";
  ModelCase mc;
  model_case_ok(&mc, TEXT, "P.Good");
  ck_assert_double_eq(model_num(mc.flat, "a", 0), 2);
  model_case_free(&mc);
}
END_TEST

// a failing flattening leaves the spec usable: the next class flattens
START_TEST(test_spec_usable_after_error) {
  static const char* const TEXT =
      "package P\n"
      "  model Bad\n"
      "    parameter Real a = 1/0;\n"
      "  end Bad;\n"
      "  model Good\n"
      "    parameter Real a = 1/4;\n"
      "  end Good;\n"
      "end P;\n";
  ModelCase mc;
  ck_assert_int_eq(model_case_flatten(&mc, TEXT, "P.Bad"), MBE_ERR_MODEL);
  ck_assert_int_eq(mc.err.line, 3);
  MbeFlat* f = NULL;
  ck_assert_int_eq(mbe_flat_create(mc.spec, "P.Good", &f, &mc.err), MBE_OK);
  ck_assert_double_eq(model_num(f, "a", 0), 0.25);
  mbe_flat_destroy(f);
  model_case_free(&mc);

  // no spec or no out pointer is an invalid argument
  MbeError err;
  ck_assert_int_eq(mbe_flat_create(NULL, NULL, &f, &err), MBE_ERR_INVALID_ARG);
}
END_TEST

// the outer of a built-in without an inner world is reported at the user's component
START_TEST(test_outer_without_inner_in_builtin) {
  ModelCase mc;
  ck_assert_int_eq(
      model_case_flatten(&mc,
                         "model T\n"
                         "  Modelica.Mechanics.MultiBody.Parts.Body b(m = 1, r_CM = {0, 0, 0});\n"
                         "end T;\n",
                         NULL),
      MBE_ERR_MODEL);
  ck_assert_ptr_nonnull(strstr(mc.err.message, "(in b) has no matching inner"));
  ck_assert_ptr_nonnull(
      strstr(mc.err.message, "declare 'inner Modelica.Mechanics.MultiBody.World world;'"));
  ck_assert_str_eq(mc.err.file, MODEL_TEST_FILE);
  ck_assert_int_eq(mc.err.line, 2);
  ck_assert_int_eq(mc.err.column, 43);
  model_case_free(&mc);
}
END_TEST

// a parameter without value but with a start value takes it, with a located warning
START_TEST(test_parameter_start_value_warning) {
  ModelCase mc;
  ck_assert_int_eq(model_case_flatten(&mc,
                                      "model T\n"
                                      "  parameter Real a(start = 2);\n"
                                      "  parameter Real b = a*3;\n"
                                      "end T;\n",
                                      NULL),
                   MBE_OK);
  ck_assert_uint_eq(mc.flat->nwarnings, 1);
  const MbeWarning* w = &mc.flat->warnings[0];
  ck_assert_str_eq(w->loc.file, MODEL_TEST_FILE);
  ck_assert_int_eq(w->loc.line, 2);
  ck_assert_int_eq(w->loc.col, 18);
  ck_assert_str_eq(w->message, "parameter 'a' has no value; using its start value");
  ck_assert_double_eq(model_num(mc.flat, "a", 0), 2);
  ck_assert_double_eq(model_num(mc.flat, "b", 0), 6);
  model_case_free(&mc);

  // a scalar attribute for an array without `each` applies to every element, with a warning
  ck_assert_int_eq(model_case_flatten(&mc,
                                      "model T\n"
                                      "  Real x[3](start = 1);\n"
                                      "end T;\n",
                                      NULL),
                   MBE_OK);
  ck_assert_uint_eq(mc.flat->nwarnings, 1);
  ck_assert_int_eq(mc.flat->warnings[0].loc.line, 2);
  ck_assert_int_eq(mc.flat->warnings[0].loc.col, 21);
  ck_assert_ptr_nonnull(strstr(mc.flat->warnings[0].message, "without 'each'"));
  ck_assert_double_eq(model_attr(mc.flat, "x", MBE_ATTR_START, 2), 1);
  model_case_free(&mc);
}
END_TEST

// naming a partial class or a package gives the located model error, not "no model named"
START_TEST(test_partial_or_package_as_top) {
  model_expect_error("partial model T\n  Real x;\nend T;\n", "T", MBE_ERR_MODEL, 1, 15,
                     "T is partial; only a complete model can be simulated");
  model_expect_error("package T\n  model M\n    Real x;\n  end M;\nend T;\n", "T", MBE_ERR_MODEL, 1,
                     9, "T is a package; only a model can be simulated");
}
END_TEST

Suite* make_model_errors_suite(void) {
  Suite* s = suite_create("model_errors");
  TCase* tc = mbe_tcase_create("errors");
  tcase_add_loop_test(tc, test_error_case, 0, NCASES);
  tcase_add_test(tc, test_spec_usable_after_error);
  tcase_add_test(tc, test_unreached_constructs_do_not_matter);
  tcase_add_test(tc, test_outer_without_inner_in_builtin);
  tcase_add_test(tc, test_partial_or_package_as_top);
  suite_add_tcase(s, tc);

  tc = mbe_tcase_create("warnings");
  tcase_add_test(tc, test_parameter_start_value_warning);
  suite_add_tcase(s, tc);
  return s;
}
