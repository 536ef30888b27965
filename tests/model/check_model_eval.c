// SPDX-License-Identifier: Apache-2.0
// Tests of host/model/model_eval.c through parameter bindings: Integer/Real typing, array
// operators, logic, if-expressions, ranges and subscripts, every built-in function against libm
// or hand values, Modelica.Constants and enumerations. Each expression is a parameter of a model.
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "check_model.h"

static const double PI = 3.14159265358979323846;

// asserts the evaluated value of parameter name: its base type, shape and elements
static void value_is(const MbeFlat* f, const char* name, MbeBaseType type, int ndims,
                     const int* dims, const double* elems, double rtol) {
  const MbeVar* v = model_var(f, name);
  ck_assert_msg(v->eval_state == 2, "'%s' is not evaluated", name);
  ck_assert_msg(v->value.type == type, "'%s' has type %s, expected %s", name,
                mbe_base_type_str(v->value.type), mbe_base_type_str(type));
  ck_assert_msg(v->value.ndims == ndims, "'%s' has %d dimensions, expected %d", name,
                v->value.ndims, ndims);
  size_t n = 1;
  for (int i = 0; i < ndims; i++) {
    ck_assert_msg(v->value.dims[i] == dims[i], "'%s' dimension %d is %d, expected %d", name, i,
                  v->value.dims[i], dims[i]);
    n *= (size_t)dims[i];
  }
  ck_assert_uint_eq(v->value.n, n);
  for (size_t i = 0; i < n; i++) {
    double got = v->value.num[i], want = elems[i];
    ck_assert_msg(fabs(got - want) <= rtol * fabs(want), "%s[%zu] = %.17g, expected %.17g", name, i,
                  got, want);
  }
}

static void real_is(const MbeFlat* f, const char* name, double x) {
  value_is(f, name, MBE_T_REAL, 0, NULL, &x, 0);
}

static void int_is(const MbeFlat* f, const char* name, double x) {
  value_is(f, name, MBE_T_INTEGER, 0, NULL, &x, 0);
}

static void bool_is(const MbeFlat* f, const char* name, bool x) {
  double d = x;
  value_is(f, name, MBE_T_BOOLEAN, 0, NULL, &d, 0);
}

static void string_is(const MbeFlat* f, const char* name, const char* s) {
  const MbeVar* v = model_var(f, name);
  ck_assert_int_eq(v->value.type, MBE_T_STRING);
  ck_assert_int_eq(v->value.ndims, 0);
  ck_assert_str_eq(v->value.str[0], s);
}

// ---- arithmetic and typing ----------------------------------------------------------------

static const char* const ARITHMETIC =
    "model T\n"
    "  parameter Real a1 = 7/2;\n"
    "  parameter Integer a2 = 7*2;\n"
    "  parameter Integer a3 = 7 + 2 - 10;\n"
    "  parameter Real a4 = 2^3;\n"
    "  parameter Real a5 = 2^0.5;\n"
    "  parameter Real a6 = (-8)^(1/3*3);\n"
    "  parameter Real a7 = 1 + 2*3^2/4 - (-1);\n"
    "  parameter Real a8 = 1e3 + 2.5E-1;\n"
    "  parameter Integer a9 = -(3 - 5);\n"
    "  parameter Real a10 = 7*2.0;\n"
    "  parameter Real a11 = a1*2;\n"
    "end T;\n";

START_TEST(test_arithmetic_typing) {
  ModelCase mc;
  model_case_ok(&mc, ARITHMETIC, NULL);
  const MbeFlat* f = mc.flat;

  // '/' is Real division even of Integers; + - * of Integers stay Integer
  real_is(f, "a1", 3.5);
  int_is(f, "a2", 14);
  int_is(f, "a3", -1);
  real_is(f, "a4", 8);
  real_is(f, "a5", sqrt(2.0));
  real_is(f, "a6", -8);
  real_is(f, "a7", 1 + 2 * 9 / 4.0 + 1);
  real_is(f, "a8", 1000.25);
  int_is(f, "a9", 2);
  real_is(f, "a10", 14);
  real_is(f, "a11", 7);
  model_case_free(&mc);

  // an Integer parameter does not take a Real value: 7/2 and 7*2.0 are Real
  model_expect_error("model T\n  parameter Integer q = 7/2;\nend T;\n", NULL, MBE_ERR_MODEL, 2, 25,
                     "'q' is an Integer, but its value is a Real");
  model_expect_error("model T\n  parameter Integer q = 7*2.0;\nend T;\n", NULL, MBE_ERR_MODEL, 2,
                     25, "its value is a Real");
}
END_TEST

static const char* const ARRAY_OPS =
    "model T\n"
    "  parameter Real v1[2] = {1, 2} + {3, 4};\n"
    "  parameter Real v2[2] = {5, 7} - {1, 2};\n"
    "  parameter Real v3[2] = 2*{1, 2};\n"
    "  parameter Real v4[2] = {1, 2}*2.5;\n"
    "  parameter Integer v5 = {1, 2}*{3, 4};\n"
    "  parameter Real v6[2] = [1, 2; 3, 4]*{1, 1};\n"
    "  parameter Real v7[2, 2] = [1, 2; 3, 4]*[5, 6; 7, 8];\n"
    "  parameter Real v8[2] = {1, 2}*[1, 2; 3, 4];\n"
    "  parameter Real v9[2] = {1, 2}.*{3, 4};\n"
    "  parameter Real v10[2] = {1, 2}./{4, 8};\n"
    "  parameter Real v11[2] = {2, 3}.^2;\n"
    "  parameter Real v12[2] = {1, 2}/2;\n"
    "  parameter Real v13[2] = -{1, 2};\n"
    "  parameter Real v14[2] = {1, 2} .+ {10, 20};\n"
    "  parameter Real v15[2, 3] = [1, 2, 3; 4, 5, 6];\n"
    "  parameter Real v16[3] = {1, 2.5, 3};\n"
    "  parameter Integer v17[2, 2] = {{1, 2}, {3, 4}}*{{1, 0}, {0, 1}};\n"
    "  parameter Real v18[2, 2] = [{1, 2}; {3, 4}];\n"
    "end T;\n";

START_TEST(test_array_operators) {
  ModelCase mc;
  model_case_ok(&mc, ARRAY_OPS, NULL);
  const MbeFlat* f = mc.flat;
  const int two[] = {2}, three[] = {3}, two2[] = {2, 2}, two3[] = {2, 3};

  // vector +/-, scalar*vector, vector*vector (dot product, Integer), matrix*vector,
  // matrix*matrix and vector*matrix
  value_is(f, "v1", MBE_T_REAL, 1, two, (double[]){4, 6}, 0);
  value_is(f, "v2", MBE_T_REAL, 1, two, (double[]){4, 5}, 0);
  value_is(f, "v3", MBE_T_REAL, 1, two, (double[]){2, 4}, 0);
  value_is(f, "v4", MBE_T_REAL, 1, two, (double[]){2.5, 5}, 0);
  int_is(f, "v5", 11);
  value_is(f, "v6", MBE_T_REAL, 1, two, (double[]){3, 7}, 0);
  value_is(f, "v7", MBE_T_REAL, 2, two2, (double[]){19, 22, 43, 50}, 0);
  value_is(f, "v8", MBE_T_REAL, 1, two, (double[]){7, 10}, 0);

  // element-wise operators
  value_is(f, "v9", MBE_T_REAL, 1, two, (double[]){3, 8}, 0);
  value_is(f, "v10", MBE_T_REAL, 1, two, (double[]){0.25, 0.25}, 0);
  value_is(f, "v11", MBE_T_REAL, 1, two, (double[]){4, 9}, 0);
  value_is(f, "v12", MBE_T_REAL, 1, two, (double[]){0.5, 1}, 0);
  value_is(f, "v13", MBE_T_REAL, 1, two, (double[]){-1, -2}, 0);
  value_is(f, "v14", MBE_T_REAL, 1, two, (double[]){11, 22}, 0);

  // matrices row-major; mixed Integer/Real arrays are Real; Integer matrix product
  value_is(f, "v15", MBE_T_REAL, 2, two3, (double[]){1, 2, 3, 4, 5, 6}, 0);
  value_is(f, "v16", MBE_T_REAL, 1, three, (double[]){1, 2.5, 3}, 0);
  value_is(f, "v17", MBE_T_INTEGER, 2, two2, (double[]){1, 2, 3, 4}, 0);
  value_is(f, "v18", MBE_T_REAL, 2, two2, (double[]){1, 2, 3, 4}, 0);
  model_case_free(&mc);

  // shapes that do not fit are errors at the operator
  model_expect_error("model T\n  parameter Real v[2] = {1, 2} + {1, 2, 3};\nend T;\n", NULL,
                     MBE_ERR_MODEL, 2, 32, "needs operands of the same shape");
  model_expect_error("model T\n  parameter Real v = {1, 2}*{1, 2, 3};\nend T;\n", NULL,
                     MBE_ERR_MODEL, 2, 28, "cannot multiply [2] by [3]");
}
END_TEST

// ---- logic, if-expressions ----------------------------------------------------------------

static const char* const LOGIC =
    "model T\n"
    "  parameter Real x = 3.5;\n"
    "  parameter Boolean b1 = false and (1/0 > 0);\n"
    "  parameter Boolean b2 = true or (1/0 > 0);\n"
    "  parameter Boolean b3 = not (1 < 2);\n"
    "  parameter Boolean b4 = \"a\" < \"b\";\n"
    "  parameter Boolean b5 = 2 == 2.0;\n"
    "  parameter Boolean b6 = 1 <> 2;\n"
    "  parameter Boolean b7 = x >= 3.5 and x <= 3.5 and not x > 3.5;\n"
    "  parameter Boolean b8 = true and false or true;\n"
    "  parameter Boolean b9 = \"abc\" == \"abc\";\n"
    "  parameter Real i1 = if x > 3 then 1 elseif x > 2 then 2 else 3;\n"
    "  parameter Real i2 = if x > 4 then 1 elseif x > 2 then 2 else 3;\n"
    "  parameter Real i3 = if x > 4 then 1 elseif x > 3.9 then 2 else 3;\n"
    "  parameter Real i4 = if false then 1/0 else 4;\n"
    "  parameter Real i5[2] = if b3 then {1, 2} else {3, 4};\n"
    "end T;\n";

START_TEST(test_logic_and_if) {
  ModelCase mc;
  model_case_ok(&mc, LOGIC, NULL);
  const MbeFlat* f = mc.flat;

  // short-circuit: the division by zero on the right is never evaluated
  bool_is(f, "b1", false);
  bool_is(f, "b2", true);
  bool_is(f, "b3", false);
  bool_is(f, "b4", true);
  bool_is(f, "b5", true);
  bool_is(f, "b6", true);
  bool_is(f, "b7", true);
  bool_is(f, "b8", true);
  bool_is(f, "b9", true);

  // the first true branch; the branches not taken are not evaluated
  real_is(f, "i1", 1);
  real_is(f, "i2", 2);
  real_is(f, "i3", 3);
  real_is(f, "i4", 4);
  value_is(f, "i5", MBE_T_REAL, 1, (int[]){2}, (double[]){3, 4}, 0);
  model_case_free(&mc);

  // without short-circuit the division by zero is reported
  model_expect_error("model T\n  parameter Boolean b = true and (1/0 > 0);\nend T;\n", NULL,
                     MBE_ERR_MODEL, 2, 36, "division by zero");
  model_expect_error("model T\n  parameter Real r = if 1 then 2 else 3;\nend T;\n", NULL,
                     MBE_ERR_MODEL, 2, 25, "must be a Boolean");
}
END_TEST

// ---- ranges and subscripts ----------------------------------------------------------------

static const char* const SUBSCRIPTS =
    "model T\n"
    "  parameter Integer r1[:] = 1:3;\n"
    "  parameter Integer r2[:] = 1:2:7;\n"
    "  parameter Real r3[:] = 1.0:0.5:2;\n"
    "  parameter Integer r4[:] = 3:1;\n"
    "  parameter Integer r5[:] = 5:-2:0;\n"
    "  parameter Real s1[3] = {10, 20, 30};\n"
    "  parameter Real s2 = s1[2];\n"
    "  parameter Real s3[3] = s1[:];\n"
    "  parameter Real s4 = s1[end];\n"
    "  parameter Real s5[2] = s1[2:3];\n"
    "  parameter Real m[2, 3] = [1, 2, 3; 4, 5, 6];\n"
    "  parameter Real s6[3] = m[2, :];\n"
    "  parameter Real s7[2] = m[:, 1];\n"
    "  parameter Real s8 = m[end, end];\n"
    "  parameter Real s9[2] = s1[{1, 3}];\n"
    "  parameter Real s10 = m[end - 1, end - 1];\n"
    "  parameter Real s11[2] = s1[end - 1:end];\n"
    "  parameter Real s12[2] = m[1, {3, 1}];\n"
    "  parameter Integer k = 2;\n"
    "  parameter Real s14 = s1[k + 1];\n"
    "end T;\n";

START_TEST(test_ranges_and_subscripts) {
  ModelCase mc;
  model_case_ok(&mc, SUBSCRIPTS, NULL);
  const MbeFlat* f = mc.flat;

  // ranges: Integer when all parts are, step, Real steps, empty, downwards
  value_is(f, "r1", MBE_T_INTEGER, 1, (int[]){3}, (double[]){1, 2, 3}, 0);
  value_is(f, "r2", MBE_T_INTEGER, 1, (int[]){4}, (double[]){1, 3, 5, 7}, 0);
  value_is(f, "r3", MBE_T_REAL, 1, (int[]){3}, (double[]){1, 1.5, 2}, 0);
  value_is(f, "r4", MBE_T_INTEGER, 1, (int[]){0}, NULL, 0);
  value_is(f, "r5", MBE_T_INTEGER, 1, (int[]){3}, (double[]){5, 3, 1}, 0);

  // scalar, ':', 'end', range and vector subscripts, on vectors and matrices
  real_is(f, "s2", 20);
  value_is(f, "s3", MBE_T_REAL, 1, (int[]){3}, (double[]){10, 20, 30}, 0);
  real_is(f, "s4", 30);
  value_is(f, "s5", MBE_T_REAL, 1, (int[]){2}, (double[]){20, 30}, 0);
  value_is(f, "s6", MBE_T_REAL, 1, (int[]){3}, (double[]){4, 5, 6}, 0);
  value_is(f, "s7", MBE_T_REAL, 1, (int[]){2}, (double[]){1, 4}, 0);
  real_is(f, "s8", 6);
  value_is(f, "s9", MBE_T_REAL, 1, (int[]){2}, (double[]){10, 30}, 0);
  value_is(f, "s12", MBE_T_REAL, 1, (int[]){2}, (double[]){3, 1}, 0);
  real_is(f, "s14", 30);

  // 'end' inside a subscript expression is the size of that dimension
  real_is(f, "s10", 2);
  value_is(f, "s11", MBE_T_REAL, 1, (int[]){2}, (double[]){20, 30}, 0);
  model_case_free(&mc);

  // an index out of range names the range; 'end' outside a subscript is an error
  model_expect_error(
      "model T\n  parameter Real a[2] = {1, 2};\n  parameter Real b = a[3];\nend T;\n", NULL,
      MBE_ERR_MODEL, 3, 24, "index 3 is out of range 1..2");
  model_expect_error("model T\n  parameter Real b = end;\nend T;\n", NULL, MBE_ERR_MODEL, 2, 22,
                     "'end' is only allowed inside a subscript");
}
END_TEST

// ---- built-in functions -------------------------------------------------------------------

static const char* const MATH =
    "model T\n"
    "  parameter Real f1 = abs(-2.5);\n"
    "  parameter Integer f2 = abs(-3);\n"
    "  parameter Integer f3 = sign(-2.5);\n"
    "  parameter Integer f4 = sign(0);\n"
    "  parameter Real f5 = sqrt(2);\n"
    "  parameter Real f6[6] = {sin(0.5), cos(0.5), tan(0.5), asin(0.5), acos(0.5), atan(0.5)};\n"
    "  parameter Real f7 = atan2(1, -1);\n"
    "  parameter Real f8[6] = {sinh(0.5), cosh(0.5), tanh(0.5), exp(1), log(2), log10(1000)};\n"
    "  parameter Real f9 = floor(-2.5);\n"
    "  parameter Real f10 = ceil(-2.5);\n"
    "  parameter Integer f11 = integer(-2.5);\n"
    "  parameter Integer f12 = integer(2.9);\n"
    "  parameter Real f13[2] = abs({-1, 2.5});\n"
    "  parameter Real f14[2] = sin({0, 0.25});\n"
    "  parameter Real f15 = noEvent(4.5);\n"
    "  parameter Real f16 = smooth(1, 4.5);\n"
    "  parameter Real f17[7] = {Modelica.Math.sin(1), Modelica.Math.cos(1), Modelica.Math.tan(1),\n"
    "    Modelica.Math.asin(0.25), Modelica.Math.acos(0.25), Modelica.Math.atan(2),\n"
    "    Modelica.Math.atan2(-1, -2)};\n"
    "  parameter Real f18[5] = {Modelica.Math.sinh(1), Modelica.Math.cosh(1),\n"
    "    Modelica.Math.tanh(1), Modelica.Math.exp(0.5), Modelica.Math.log(3)};\n"
    "  parameter Real f19 = Modelica.Math.log10(0.01);\n"
    "  parameter Real f20 = exp(log(3));\n"
    "end T;\n";

START_TEST(test_math_functions) {
  ModelCase mc;
  model_case_ok(&mc, MATH, NULL);
  const MbeFlat* f = mc.flat;

  // abs keeps Integer; sign is Integer for a Real argument too
  real_is(f, "f1", 2.5);
  int_is(f, "f2", 3);
  int_is(f, "f3", -1);
  int_is(f, "f4", 0);
  real_is(f, "f5", sqrt(2.0));

  // trigonometric, hyperbolic, exponential and logarithm: the kernels' math (one evaluator for
  // fixed and varied values), within an ulp of libm's
  const double ulp = 2.3e-16;
  value_is(f, "f6", MBE_T_REAL, 1, (int[]){6},
           (double[]){sin(0.5), cos(0.5), tan(0.5), asin(0.5), acos(0.5), atan(0.5)}, ulp);
  real_is(f, "f7", 3 * PI / 4);
  value_is(f, "f8", MBE_T_REAL, 1, (int[]){6},
           (double[]){sinh(0.5), cosh(0.5), tanh(0.5), exp(1.0), log(2.0), 3}, 1e-15);

  // floor and ceil are Real, integer() is Integer (towards minus infinity)
  real_is(f, "f9", -3);
  real_is(f, "f10", -2);
  int_is(f, "f11", -3);
  int_is(f, "f12", 2);

  // element-wise on arrays; noEvent and smooth pass the value through
  value_is(f, "f13", MBE_T_REAL, 1, (int[]){2}, (double[]){1, 2.5}, 0);
  value_is(f, "f14", MBE_T_REAL, 1, (int[]){2}, (double[]){0, sin(0.25)}, ulp);
  real_is(f, "f15", 4.5);
  real_is(f, "f16", 4.5);

  // the Modelica.Math functions by full name
  value_is(f, "f17", MBE_T_REAL, 1, (int[]){7},
           (double[]){sin(1.0), cos(1.0), tan(1.0), asin(0.25), acos(0.25), atan(2.0),
                      atan2(-1.0, -2.0)},
           ulp);
  value_is(f, "f18", MBE_T_REAL, 1, (int[]){5},
           (double[]){sinh(1.0), cosh(1.0), tanh(1.0), exp(0.5), log(3.0)}, ulp);
  MBE_CK_NEAR(model_num(f, "f19", 0), -2, 1e-15, 0);
  MBE_CK_NEAR(model_num(f, "f20", 0), 3, 1e-15, 0);
  model_case_free(&mc);

  // domain errors are errors, not NaN
  model_expect_error("model T\n  parameter Real a = log(0);\nend T;\n", NULL, MBE_ERR_MODEL, 2, 22,
                     "outside the domain");
  model_expect_error("model T\n  parameter Real a = asin(2);\nend T;\n", NULL, MBE_ERR_MODEL, 2, 22,
                     "argument 2 is outside the domain");
}
END_TEST

static const char* const INTEGER_FNS =
    "model T\n"
    "  parameter Real m1 = min(3, 2.5);\n"
    "  parameter Integer m2 = min(3, 4);\n"
    "  parameter Integer m3 = max({1, 5, 3});\n"
    "  parameter Real m4 = max(2, 3.5);\n"
    "  parameter Real m5 = min({4.5, 1.5});\n"
    "  parameter Real m6 = max([1, 7; 3, 2]);\n"
    "  parameter Integer s1 = sum({1, 2, 3});\n"
    "  parameter Real s2 = sum([0.5, 1; 2, 3]);\n"
    "  parameter Integer p1 = product({2, 3, 4});\n"
    "  parameter Real p2 = product({1.5, 2, 3});\n"
    "  parameter Integer d1 = mod(-7, 3);\n"
    "  parameter Integer d2 = rem(-7, 3);\n"
    "  parameter Integer d3 = div(-7, 2);\n"
    "  parameter Real d4 = mod(7.5, 2);\n"
    "  parameter Real d5 = rem(-7.5, 2);\n"
    "  parameter Real d6 = div(7.5, 2);\n"
    "  parameter Integer d7 = mod(7, -3);\n"
    "end T;\n";

START_TEST(test_reductions_and_integer_functions) {
  ModelCase mc;
  model_case_ok(&mc, INTEGER_FNS, NULL);
  const MbeFlat* f = mc.flat;

  // min/max of two scalars or of an array: Integer when all arguments are
  real_is(f, "m1", 2.5);
  int_is(f, "m2", 3);
  int_is(f, "m3", 5);
  real_is(f, "m4", 3.5);
  real_is(f, "m5", 1.5);
  real_is(f, "m6", 7);
  int_is(f, "s1", 6);
  real_is(f, "s2", 6.5);
  int_is(f, "p1", 24);
  real_is(f, "p2", 9);

  // mod rounds towards minus infinity, rem and div towards zero (Modelica 3.7.1)
  int_is(f, "d1", 2);
  int_is(f, "d2", -1);
  int_is(f, "d3", -3);
  real_is(f, "d4", 1.5);
  real_is(f, "d5", -1.5);
  real_is(f, "d6", 3);
  int_is(f, "d7", -2);
  model_case_free(&mc);
  model_expect_error("model T\n  parameter Integer a = mod(3, 0);\nend T;\n", NULL, MBE_ERR_MODEL,
                     2, 25, "mod by zero");
}
END_TEST

static const char* const ARRAY_FNS =
    "model T\n"
    "  parameter Real a1[2, 3] = fill(2.5, 2, 3);\n"
    "  parameter Integer a2[2] = zeros(2);\n"
    "  parameter Integer a3[2, 2] = ones(2, 2);\n"
    "  parameter Real a4[3] = cat(1, {1, 2}, {3.5});\n"
    "  parameter Real a5[3, 2] = cat(1, [1, 2; 3, 4], [5, 6]);\n"
    "  parameter Integer a6[2] = size([1, 2, 3; 4, 5, 6]);\n"
    "  parameter Integer a7 = size([1, 2, 3; 4, 5, 6], 2);\n"
    "  parameter Integer a8 = ndims([1, 2, 3; 4, 5, 6]);\n"
    "  parameter Integer a9[3, 3] = identity(3);\n"
    "  parameter Real a10[2, 2] = diagonal({1.5, 2});\n"
    "  parameter Real a11[3, 2] = transpose([1, 2, 3; 4, 5, 6]);\n"
    "  parameter Real a12[3] = cross({1, 0, 0}, {0, 1, 0});\n"
    "  parameter Real a13[3] = cross({1, 2, 3}, {4, 5, 6});\n"
    "  parameter Real a14[3, 3] = skew({1, 2, 3});\n"
    "  parameter Real a15[3] = vector([1; 2; 3]);\n"
    "  parameter Real a16 = scalar({{5}});\n"
    "  parameter Boolean a17[2] = fill(true, 2);\n"
    "  parameter Real a18[3] = skew({1, 2, 3})*{4, 5, 6};\n"
    "  parameter Integer a19 = size({1, 2, 3}, 1);\n"
    "end T;\n";

START_TEST(test_array_functions) {
  ModelCase mc;
  model_case_ok(&mc, ARRAY_FNS, NULL);
  const MbeFlat* f = mc.flat;
  value_is(f, "a1", MBE_T_REAL, 2, (int[]){2, 3}, (double[]){2.5, 2.5, 2.5, 2.5, 2.5, 2.5}, 0);
  value_is(f, "a2", MBE_T_INTEGER, 1, (int[]){2}, (double[]){0, 0}, 0);
  value_is(f, "a3", MBE_T_INTEGER, 2, (int[]){2, 2}, (double[]){1, 1, 1, 1}, 0);
  value_is(f, "a4", MBE_T_REAL, 1, (int[]){3}, (double[]){1, 2, 3.5}, 0);
  value_is(f, "a5", MBE_T_REAL, 2, (int[]){3, 2}, (double[]){1, 2, 3, 4, 5, 6}, 0);

  // size, ndims, identity, diagonal, transpose
  value_is(f, "a6", MBE_T_INTEGER, 1, (int[]){2}, (double[]){2, 3}, 0);
  int_is(f, "a7", 3);
  int_is(f, "a8", 2);
  int_is(f, "a19", 3);
  value_is(f, "a9", MBE_T_INTEGER, 2, (int[]){3, 3}, (double[]){1, 0, 0, 0, 1, 0, 0, 0, 1}, 0);
  value_is(f, "a10", MBE_T_REAL, 2, (int[]){2, 2}, (double[]){1.5, 0, 0, 2}, 0);
  value_is(f, "a11", MBE_T_REAL, 2, (int[]){3, 2}, (double[]){1, 4, 2, 5, 3, 6}, 0);

  // cross(a, b) = (a2 b3 - a3 b2, a3 b1 - a1 b3, a1 b2 - a2 b1); skew(a)*b == cross(a, b)
  value_is(f, "a12", MBE_T_REAL, 1, (int[]){3}, (double[]){0, 0, 1}, 0);
  value_is(f, "a13", MBE_T_REAL, 1, (int[]){3}, (double[]){-3, 6, -3}, 0);
  value_is(f, "a14", MBE_T_REAL, 2, (int[]){3, 3}, (double[]){0, -3, 2, 3, 0, -1, -2, 1, 0}, 0);
  value_is(f, "a18", MBE_T_REAL, 1, (int[]){3}, (double[]){-3, 6, -3}, 0);

  // vector and scalar reshape; fill keeps the element type
  value_is(f, "a15", MBE_T_REAL, 1, (int[]){3}, (double[]){1, 2, 3}, 0);
  real_is(f, "a16", 5);
  value_is(f, "a17", MBE_T_BOOLEAN, 1, (int[]){2}, (double[]){1, 1}, 0);
  model_case_free(&mc);
  model_expect_error("model T\n  parameter Real a[3] = cross({1, 2}, {3, 4});\nend T;\n", NULL,
                     MBE_ERR_MODEL, 2, 31, "takes 3-vectors");
}
END_TEST

static const char* const CATALOGUE_FNS =
    "model T\n"
    "  import Modelica.Math.Vectors;\n"
    "  import Modelica.Units.Conversions.*;\n"
    "  parameter Real l1 = Modelica.Math.Vectors.length({3, 4});\n"
    "  parameter Real l2 = Vectors.norm({1, 2, 2});\n"
    "  parameter Real n1[2] = Modelica.Math.Vectors.normalize({3, 4});\n"
    "  parameter Real n2[2] = Modelica.Math.Vectors.normalize({0, 0});\n"
    "  parameter Real n3[2] = Vectors.normalize({1e-3, 0}, eps = 1);\n"
    "  parameter Real n4[2] = Vectors.normalize({1e-3, 0}, 1e-4);\n"
    "  parameter Real n5[3] = Modelica.Math.Vectors.normalizeWithAssert({0, 2, 0});\n"
    "  parameter Real n6[2] = Vectors.normalizeWithAssert({1e-20, 0});\n"
    "  parameter Real p1 = Vectors.norm({1, -2, 2}, 1);\n"
    "  parameter Real p2 = Vectors.norm({1, -2, 2}, Modelica.Constants.inf);\n"
    "  parameter Real p3 = Vectors.norm({3, 4}, 3);\n"
    "  parameter Real p4 = Vectors.norm({3, 4}, 2);\n"
    "  parameter Real c1 = Modelica.Units.Conversions.from_deg(180);\n"
    "  parameter Real c2 = Modelica.Units.Conversions.to_deg(1);\n"
    "  parameter Real c3 = from_rpm(30);\n"
    "  parameter Real c4 = to_rpm(1);\n"
    "  parameter Real c5[2] = from_deg({90, 45});\n"
    "  parameter Real r5[:] = Vectors.relNodePositions(5);\n"
    "  parameter Real r3[3] = Vectors.relNodePositions(3);\n"
    "  parameter Real r1[1] = Vectors.relNodePositions(1);\n"
    "end T;\n";

START_TEST(test_catalogue_functions) {
  ModelCase mc;
  model_case_ok(&mc, CATALOGUE_FNS, NULL);
  const MbeFlat* f = mc.flat;

  // Vectors by full name and through imports
  real_is(f, "l1", 5);
  real_is(f, "l2", 3);
  value_is(f, "n1", MBE_T_REAL, 1, (int[]){2}, (double[]){0.6, 0.8}, 1e-15);

  // normalize(v, eps) = v/eps when |v| < eps (MSL), so the zero vector stays zero
  value_is(f, "n2", MBE_T_REAL, 1, (int[]){2}, (double[]){0, 0}, 0);
  value_is(f, "n3", MBE_T_REAL, 1, (int[]){2}, (double[]){1e-3, 0}, 0);
  value_is(f, "n4", MBE_T_REAL, 1, (int[]){2}, (double[]){1, 0}, 0);
  value_is(f, "n5", MBE_T_REAL, 1, (int[]){3}, (double[]){0, 1, 0}, 0);

  // normalizeWithAssert has no eps guard: a tiny vector still becomes a unit vector
  value_is(f, "n6", MBE_T_REAL, 1, (int[]){2}, (double[]){1, 0}, 0);

  // norm(v, p): 1-norm, maximum norm (p = inf), general and Euclidean p-norm
  real_is(f, "p1", 5);
  real_is(f, "p2", 2);
  MBE_CK_NEAR(model_num(f, "p3", 0), cbrt(27.0 + 64.0), 1e-15, 0);
  real_is(f, "p4", 5);

  // unit conversions: rad = deg*pi/180, rad/s = rpm*pi/30
  real_is(f, "c1", PI);
  real_is(f, "c2", 180 / PI);
  real_is(f, "c3", PI);
  real_is(f, "c4", 30 / PI);
  value_is(f, "c5", MBE_T_REAL, 1, (int[]){2}, (double[]){PI / 2, PI / 4}, 1e-15);
  // the MSL's nodes: the ends, and the middles of n - 2 equal cells between them
  value_is(f, "r5", MBE_T_REAL, 1, (int[]){5}, (double[]){0, 1.0 / 6, 0.5, 5.0 / 6, 1}, 1e-15);
  value_is(f, "r3", MBE_T_REAL, 1, (int[]){3}, (double[]){0, 0.5, 1}, 0);
  value_is(f, "r1", MBE_T_REAL, 1, (int[]){1}, (double[]){0}, 0);
  model_case_free(&mc);

  // the MSL asserts a non-zero vector in normalizeWithAssert; p < 1 is no norm
  model_expect_error(
      "model T\n  parameter Real v[2] = Modelica.Math.Vectors.normalizeWithAssert({0, 0});\nend "
      "T;\n",
      NULL, MBE_ERR_MODEL, 2, 25, "normalizeWithAssert of a zero vector");
  model_expect_error(
      "model T\n  parameter Real v = Modelica.Math.Vectors.norm({1, 2}, 0.5);\nend T;\n", NULL,
      MBE_ERR_MODEL, 2, 57, "needs p >= 1, not 0.5");
}
END_TEST

// MSL 3 names of the conversion functions
START_TEST(test_siunits_conversions) {
  ModelCase mc;
  model_case_ok(&mc,
                "model T\n"
                "  parameter Real a = Modelica.SIunits.Conversions.from_deg(90);\n"
                "  parameter Real b = Modelica.SIunits.Conversions.to_deg(a);\n"
                "  parameter Real c = Modelica.SIunits.Conversions.from_rpm(60);\n"
                "  parameter Real d = Modelica.SIunits.Conversions.to_rpm(c);\n"
                "end T;\n",
                NULL);
  real_is(mc.flat, "a", PI / 2);
  MBE_CK_NEAR(model_num(mc.flat, "b", 0), 90, 1e-15, 0);
  real_is(mc.flat, "c", 2 * PI);
  MBE_CK_NEAR(model_num(mc.flat, "d", 0), 60, 1e-15, 0);
  model_case_free(&mc);
}
END_TEST

static const char* const STRINGS =
    "model T\n"
    "  parameter String st1 = \"a\" + \"b\";\n"
    "  parameter String st2 = String(3);\n"
    "  parameter String st3 = String(1.5);\n"
    "  parameter String st4 = String(true);\n"
    "  parameter String st5 = \"n = \" + String(2*3);\n"
    "end T;\n";

START_TEST(test_strings) {
  ModelCase mc;
  model_case_ok(&mc, STRINGS, NULL);
  string_is(mc.flat, "st1", "ab");
  string_is(mc.flat, "st2", "3");
  string_is(mc.flat, "st3", "1.5");
  string_is(mc.flat, "st4", "true");
  string_is(mc.flat, "st5", "n = 6");
  model_case_free(&mc);
}
END_TEST

// ---- constants and enumerations -----------------------------------------------------------

static const char* const CONSTANTS =
    "model T\n"
    "  import Modelica.Constants;\n"
    "  import C = Modelica.Constants;\n"
    "  parameter Real c1 = Modelica.Constants.pi;\n"
    "  parameter Real c2 = Modelica.Constants.g_n;\n"
    "  parameter Real c3 = Modelica.Constants.eps;\n"
    "  parameter Real c4 = Modelica.Constants.small;\n"
    "  parameter Real c5 = Modelica.Constants.inf;\n"
    "  parameter Real c6 = Modelica.Constants.D2R;\n"
    "  parameter Real c7 = Modelica.Constants.e;\n"
    "  parameter Real c8 = C.R2D;\n"
    "  parameter Real c9 = Constants.pi*2;\n"
    "  parameter Integer c10 = Modelica.Constants.Integer_inf;\n"
    "  parameter Real c11 = Modelica.Constants.F;\n"
    "end T;\n";

START_TEST(test_constants) {
  ModelCase mc;
  model_case_ok(&mc, CONSTANTS, NULL);
  const MbeFlat* f = mc.flat;
  real_is(f, "c1", PI);
  real_is(f, "c2", 9.80665);
  real_is(f, "c3", 2.220446049250313e-16);
  real_is(f, "c4", 1e-60);
  real_is(f, "c5", 1e60);
  real_is(f, "c6", PI / 180);
  real_is(f, "c7", exp(1.0));
  real_is(f, "c8", 180 / PI);
  real_is(f, "c9", 2 * PI);
  int_is(f, "c10", 2147483647);

  // a constant defined from others: F = q*N_A
  MBE_CK_NEAR(model_num(f, "c11", 0), 1.602176634e-19 * 6.02214076e23, 1e-15, 0);
  model_case_free(&mc);
}
END_TEST

static const char* const ENUMS =
    "model T\n"
    "  import Modelica.Mechanics.MultiBody.Types;\n"
    "  parameter Modelica.Mechanics.MultiBody.Types.GravityTypes g1 =\n"
    "    Modelica.Mechanics.MultiBody.Types.GravityTypes.PointGravity;\n"
    "  parameter Types.GravityTypes g2 = Types.GravityTypes.NoGravity;\n"
    "  parameter Boolean e1 = g1 == Types.GravityTypes.PointGravity;\n"
    "  parameter Boolean e2 = g1 > Types.GravityTypes.UniformGravity;\n"
    "  parameter Boolean e3 = g2 < g1 and g2 <> g1;\n"
    "  parameter StateSelect ss = StateSelect.prefer;\n"
    "  parameter Boolean e4 = ss > StateSelect.default;\n"
    "  parameter Boolean e5 = ss == StateSelect.always;\n"
    "  parameter Real r = if g1 == Types.GravityTypes.PointGravity then 1 else 2;\n"
    "  parameter Types.ResolveInFrameA fr[2] = {Types.ResolveInFrameA.world,\n"
    "    Types.ResolveInFrameA.frame_resolve};\n"
    "end T;\n";

START_TEST(test_enumerations) {
  ModelCase mc;
  model_case_ok(&mc, ENUMS, NULL);
  const MbeFlat* f = mc.flat;

  // literals are 1-based indices of their enumeration
  const MbeVar* g1 = model_var(f, "g1");
  ck_assert_int_eq(g1->value.type, MBE_T_ENUM);
  ck_assert_str_eq(g1->value.enum_type->name, "GravityTypes");
  ck_assert_double_eq(g1->value.num[0], 3);
  ck_assert_str_eq(g1->value.enum_type->literals[2].name, "PointGravity");
  ck_assert_ptr_eq(g1->enum_type, g1->value.enum_type);
  ck_assert_double_eq(model_num(f, "g2", 0), 1);
  ck_assert_str_eq(model_var(f, "ss")->value.enum_type->name, "StateSelect");
  ck_assert_double_eq(model_num(f, "ss", 0), 4);
  ck_assert_double_eq(model_num(f, "fr", 0), 1);
  ck_assert_double_eq(model_num(f, "fr", 1), 3);

  // comparisons follow the order of the literals
  bool_is(f, "e1", true);
  bool_is(f, "e2", true);
  bool_is(f, "e3", true);
  bool_is(f, "e4", true);
  bool_is(f, "e5", false);
  real_is(f, "r", 1);
  model_case_free(&mc);

  // literals of different enumerations do not compare; an unknown literal is named
  model_expect_error(
      "model T\n"
      "  parameter Boolean b = StateSelect.prefer ==\n"
      "    Modelica.Mechanics.MultiBody.Types.GravityTypes.NoGravity;\n"
      "end T;\n",
      NULL, MBE_ERR_MODEL, 2, 44, "'==' compares");
  model_expect_error("model T\n  parameter StateSelect s = StateSelect.sometimes;\nend T;\n", NULL,
                     MBE_ERR_MODEL, 2, 29, "enumeration StateSelect has no literal 'sometimes'");
}
END_TEST

Suite* make_model_eval_suite(void) {
  Suite* s = suite_create("model_eval");
  TCase* tc = mbe_tcase_create("operators");
  tcase_add_test(tc, test_arithmetic_typing);
  tcase_add_test(tc, test_array_operators);
  tcase_add_test(tc, test_logic_and_if);
  tcase_add_test(tc, test_ranges_and_subscripts);
  suite_add_tcase(s, tc);

  tc = mbe_tcase_create("functions");
  tcase_add_test(tc, test_math_functions);
  tcase_add_test(tc, test_reductions_and_integer_functions);
  tcase_add_test(tc, test_array_functions);
  tcase_add_test(tc, test_catalogue_functions);
  tcase_add_test(tc, test_siunits_conversions);
  tcase_add_test(tc, test_strings);
  suite_add_tcase(s, tc);

  tc = mbe_tcase_create("names");
  tcase_add_test(tc, test_constants);
  tcase_add_test(tc, test_enumerations);
  suite_add_tcase(s, tc);
  return s;
}
