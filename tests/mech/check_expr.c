// SPDX-License-Identifier: Apache-2.0
// mbe_mech_expr (mech_expr.c) through its user, a user's line force held at a fixed length:
// each variable of the component is one expression of the length s = 1.5, a parameter and time,
// and its output's value in the DAG interpreter must be what C's libm computes for the same
// formula. Plus der() of time and of a parameter, and the refusal of der() of an expression.
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "mbe/mbe_flat.h"
#include "mbe/mbe_spec.h"
#include "mbe_check.h"
#include "mech_fixture.h"
#include "mech.h"
#include "model.h"
#include "sym.h"

// Y12_START: the guess of the Newton solve of y[12]^3 = 8 (0: the derivative vanishes there)
#define MODEL_TEXT(Y12_START)                                                                  \
  "model E\n"                                                                                  \
  "  model F\n"                                                                                \
  "    extends Modelica.Mechanics.MultiBody.Interfaces.PartialLineForce;\n"                    \
  "    parameter Real k = 0.25;\n"                                                             \
  "    Real y[12](start = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, " #Y12_START                       \
  "});\n"                                                                                      \
  "  equation\n"                                                                               \
  "    f = 0;\n"                                                                               \
  "    y[1] = sin(s) + cos(k) * tan(0.3);\n"                                                   \
  "    y[2] = asin(k) + acos(k) + atan(s) + Modelica.Math.atan2(s, -2);\n"                     \
  "    y[3] = exp(k) * log(s) + log10(s) + sqrt(s) + abs(-k);\n"                               \
  "    y[4] = sinh(k) + cosh(k) + tanh(s);\n"                                                  \
  "    y[5] = if s > 2 then 1 elseif s >= 1.5 then 2 else 3;\n"                                \
  "    y[6] = noEvent(if s < 1 or k > 0.2 and not s <> 1.5 then 4 else 5)\n"                   \
  "      + (if s == 1.5 and not k >= 0.25 then 10 else 20) + (if s <= 1.5 then 100 else 0);\n" \
  "    y[7] = smooth(1, min(s, k) + max(s, k)) + sign(-s) + sign(0.0);\n"                      \
  "    y[8] = s^2 + s^3 + s^0.5 + s^1.7 - (-k);\n"                                             \
  "    y[9] = time * k + der(time) + der(k);\n"                                                \
  "    y[10] = (s - length) / 2 + r_rel_0[1] + e_a[1];\n"                                      \
  "    2 * y[11] + 1 = s;\n"                                                                   \
  "    y[12] * y[12] * y[12] = 8 + 0 * time;\n"                                                \
  "  end F;\n"                                                                                 \
  "  inner Modelica.Mechanics.MultiBody.World world;\n"                                        \
  "  Modelica.Mechanics.MultiBody.Parts.Fixed wall(r = {1.5, 0, 0});\n"                        \
  "  F e;\n"                                                                                   \
  "equation\n"                                                                                 \
  "  connect(world.frame_b, e.frame_a);\n"                                                     \
  "  connect(wall.frame_b, e.frame_b);\n"                                                      \
  "end E;\n"

START_TEST(test_expressions) {
  MbeSpec* spec;
  MbeFlat* flat;
  MbeSystem* sys;
  mbe_test_system_build(MODEL_TEXT(1), &spec, &flat, &sys);
  double* v = mbe_malloc(sys->sym.nnodes * sizeof *v);
  ck_assert_ptr_nonnull(v);
  static const double x[1] = {0};
  double t = 0.7;
  mbe_sym_eval(&sys->sym, t, x, sys->p0, v, sys->sym.nnodes);
  double s = 1.5, k = 0.25;
  double want[12] = {
      sin(s) + cos(k) * tan(0.3),
      asin(k) + acos(k) + atan(s) + atan2(s, -2),
      exp(k) * log(s) + log(s) / log(10.0) + sqrt(s) + fabs(-k),
      sinh(k) + cosh(k) + tanh(s),
      2,
      4 + 20 + 100,
      fmin(s, k) + fmax(s, k) - 1 + 0,
      s * s + s * s * s + sqrt(s) + pow(s, 1.7) + k,
      t * k + 1,
      0 + 1.5 + 1,
      (s - 1) / 2,
      2,
  };
  for (int i = 0; i < 12; i++) {
    char name[32];
    snprintf(name, sizeof name, "e.y[%d]", i + 1);
    const MbeSignal* sg = mbe_system_signal(sys, name);
    ck_assert_msg(sg != NULL, "no signal %s", name);
    double got = v[sg->id];
    ck_assert_msg(fabs(got - want[i]) <= 1e-12 * (1 + fabs(want[i])), "%s = %.17g, want %.17g",
                  name, got, want[i]);
  }
  ck_assert_uint_gt(sys->fail, 0);  // the Newton solve can fail, and here it converged
  ck_assert_double_lt(v[sys->fail], 0);
  mbe_free(v);
  mbe_test_system_free(spec, flat, sys);
}
END_TEST

// from the guess 0 Newton's first step divides by zero: the member fails (MBE_RUN_NEWTON_FAIL)
START_TEST(test_newton_fails) {
  MbeSpec* spec;
  MbeFlat* flat;
  MbeSystem* sys;
  mbe_test_system_build(MODEL_TEXT(0), &spec, &flat, &sys);
  double* v = mbe_malloc(sys->sym.nnodes * sizeof *v);
  ck_assert_ptr_nonnull(v);
  static const double x[1] = {0};
  mbe_sym_eval(&sys->sym, 0.1, x, sys->p0, v, sys->sym.nnodes);
  ck_assert_uint_gt(sys->fail, 0);
  ck_assert_double_gt(v[sys->fail], 0);
  mbe_free(v);
  mbe_test_system_free(spec, flat, sys);
}
END_TEST

// functions with array inputs, outputs and locals (mech_expr.c): a gravity field written with a
// dot product, element assignments in a loop, a matrix times a vector, calls of functions that
// take and return arrays (the catalogue's Vectors.length and normalize), cross and transpose,
// record variables (Frames.Orientation: a constructor, a record output, input and local, field
// assignments); each output against the same formula in C
#define ARRAY_TEXT                                                                               \
  "model A\n"                                                                                    \
  "  function grav\n"                                                                            \
  "    input Real r[3];\n"                                                                       \
  "    input Real mu = 2;\n"                                                                     \
  "    output Real g[3];\n"                                                                      \
  "  algorithm\n"                                                                                \
  "    g := -mu/(r*r)^1.5 * r;\n"                                                                \
  "  end grav;\n"                                                                                \
  "  function elems\n"                                                                           \
  "    input Real a;\n"                                                                          \
  "    output Real v[3];\n"                                                                      \
  "  protected\n"                                                                                \
  "    Real A[2, 3];\n"                                                                          \
  "    Real s;\n"                                                                                \
  "  algorithm\n"                                                                                \
  "    for i in 1:3 loop\n"                                                                      \
  "      v[i] := i*a;\n"                                                                         \
  "    end for;\n"                                                                               \
  "    A := {{1, 2, 3}, {4, 5, 6}};\n"                                                           \
  "    s := sum(A*v);\n"                                                                         \
  "    v[2] := s + size(A, 2) + A[2, 1];\n"                                                      \
  "    v := v/2;\n"                                                                              \
  "  end elems;\n"                                                                               \
  "  function unit3\n"                                                                           \
  "    input Real x[:];\n"                                                                       \
  "    output Real u[size(x, 1)];\n"                                                             \
  "  algorithm\n"                                                                                \
  "    u := Modelica.Math.Vectors.normalize(x)*Modelica.Math.Vectors.length({x[1], x[2], 0});\n" \
  "    u := cross(u, {0, 0, 1}) + transpose({{1, 0, 0}, {0, 2, 0}, {0, 0, 3}})*x;\n"             \
  "  end unit3;\n"                                                                               \
  "  function rot\n"                                                                             \
  "    input Real a;\n"                                                                          \
  "    output Modelica.Mechanics.MultiBody.Frames.Orientation R;\n"                              \
  "  algorithm\n"                                                                                \
  "    R := Modelica.Mechanics.MultiBody.Frames.Orientation(\n"                                  \
  "      T = {{cos(a), sin(a), 0}, {-sin(a), cos(a), 0}, {0, 0, 1}}, w = {0, 0, a});\n"          \
  "  end rot;\n"                                                                                 \
  "  function useR\n"                                                                            \
  "    input Modelica.Mechanics.MultiBody.Frames.Orientation R;\n"                               \
  "    input Real v[3];\n"                                                                       \
  "    output Real y[3];\n"                                                                      \
  "  protected\n"                                                                                \
  "    Modelica.Mechanics.MultiBody.Frames.Orientation R2 = R;\n"                                \
  "  algorithm\n"                                                                                \
  "    R2.w := 2*R.w;\n"                                                                         \
  "    y := transpose(R2.T)*v + R2.w;\n"                                                         \
  "  end useR;\n"                                                                                \
  "  model F\n"                                                                                  \
  "    extends Modelica.Mechanics.MultiBody.Interfaces.PartialLineForce;\n"                      \
  "    parameter Real k = 0.25;\n"                                                               \
  "    Real g[3], v[3], u[3], d, n, q[3];\n"                                                     \
  "  equation\n"                                                                                 \
  "    f = 0;\n"                                                                                 \
  "    g = grav({s, k, 1 + time});\n"                                                            \
  "    v = elems(s);\n"                                                                          \
  "    u = unit3(g);\n"                                                                          \
  "    d = {s, k, 1}*{1, 2, 3};\n"                                                               \
  "    n = grav({s, k, 1})*grav({1, 2, 3}, mu = k);\n"                                           \
  "    q = useR(rot(s), {1, 2, 3});\n"                                                           \
  "  end F;\n"                                                                                   \
  "  inner Modelica.Mechanics.MultiBody.World world;\n"                                          \
  "  Modelica.Mechanics.MultiBody.Parts.Fixed wall(r = {1.5, 0, 0});\n"                          \
  "  F e;\n"                                                                                     \
  "equation\n"                                                                                   \
  "  connect(world.frame_b, e.frame_a);\n"                                                       \
  "  connect(wall.frame_b, e.frame_b);\n"                                                        \
  "end A;\n"

static void grav(const double r[3], double mu, double g[3]) {
  double rr = r[0] * r[0] + r[1] * r[1] + r[2] * r[2];
  for (int i = 0; i < 3; i++) {
    g[i] = -mu / pow(rr, 1.5) * r[i];
  }
}

// the values the model's functions give for s = 1.5, k = 0.25 at time t
static void array_want(double t, double want[14]) {
  double s = 1.5, k = 0.25;
  double r[3] = {s, k, 1 + t}, g[3];
  grav(r, 2, g);
  double v[3] = {s, 2 * s, 3 * s};
  double sum = (v[0] + 2 * v[1] + 3 * v[2]) + (4 * v[0] + 5 * v[1] + 6 * v[2]);
  v[1] = sum + 3 + 4;
  double len = sqrt(g[0] * g[0] + g[1] * g[1] + g[2] * g[2]);
  double l2 = sqrt(g[0] * g[0] + g[1] * g[1]);
  double u[3] = {g[0] / len * l2, g[1] / len * l2, g[2] / len * l2};
  double cu[3] = {u[1], -u[0], 0};  // u x {0, 0, 1}
  double a[3] = {s, k, 1}, b[3] = {1, 2, 3}, ga[3], gb[3];
  grav(a, 2, ga);
  grav(b, k, gb);
  for (int i = 0; i < 3; i++) {
    want[i] = g[i];
    want[3 + i] = v[i] / 2;
    want[6 + i] = cu[i] + (i + 1) * g[i];
  }
  want[9] = s + 2 * k + 3;
  want[10] = ga[0] * gb[0] + ga[1] * gb[1] + ga[2] * gb[2];
  // transpose(T) {1, 2, 3} + 2 w of T = the rotation by s about z, w = {0, 0, s}
  want[11] = cos(s) - 2 * sin(s);
  want[12] = sin(s) + 2 * cos(s);
  want[13] = 3 + 2 * s;
}

START_TEST(test_array_functions) {
  MbeSpec* spec;
  MbeFlat* flat;
  MbeSystem* sys;
  mbe_test_system_build(ARRAY_TEXT, &spec, &flat, &sys);
  double* v = mbe_malloc(sys->sym.nnodes * sizeof *v);
  ck_assert_ptr_nonnull(v);
  static const double x[1] = {0};
  double t = 0.7, want[14];
  mbe_sym_eval(&sys->sym, t, x, sys->p0, v, sys->sym.nnodes);
  array_want(t, want);
  static const char* names[14] = {"e.g[1]", "e.g[2]", "e.g[3]", "e.v[1]", "e.v[2]",
                                  "e.v[3]", "e.u[1]", "e.u[2]", "e.u[3]", "e.d",
                                  "e.n",    "e.q[1]", "e.q[2]", "e.q[3]"};
  for (int i = 0; i < 14; i++) {
    const MbeSignal* sg = mbe_system_signal(sys, names[i]);
    ck_assert_msg(sg != NULL, "no signal %s", names[i]);
    double got = v[sg->id];
    ck_assert_msg(fabs(got - want[i]) <= 1e-13 * (1 + fabs(want[i])), "%s = %.17g, want %.17g",
                  names[i], got, want[i]);
  }
  mbe_free(v);
  mbe_test_system_free(spec, flat, sys);
}
END_TEST

// the error building text gives (its message with line:column), "" when it builds
static void build_error(const char* text, char* msg, size_t n) {
  MbeError err = {0};
  MbeSpec* spec = NULL;
  MbeFlat* flat = NULL;
  MbeSystem* sys = NULL;
  MbeStatus st = mbe_spec_create(&spec, &err);
  if (st == MBE_OK) {
    st = mbe_spec_add_text(spec, "test.mo", text, strlen(text), &err);
  }
  if (st == MBE_OK) {
    st = mbe_flat_create(spec, NULL, &flat, &err);
  }
  if (st == MBE_OK) {
    st = mbe_system_build(flat, &sys, &err);
  }
  snprintf(msg, n, "%d:%d: %s", err.line, err.column, st == MBE_OK ? "" : err.message);
  mbe_test_system_free(spec, flat, sys);
}

// a fixed-length line force whose equation section is `eqs` (own variables: Real y, z)
static void refused(const char* eqs, const char* want) {
  char text[2048], msg[1024];
  snprintf(text, sizeof text,
           "model R\n"
           "  model F\n"
           "    extends Modelica.Mechanics.MultiBody.Interfaces.PartialLineForce;\n"
           "    Real y, z;\n"
           "  equation\n"
           "%s"
           "  end F;\n"
           "  inner Modelica.Mechanics.MultiBody.World world;\n"
           "  Modelica.Mechanics.MultiBody.Parts.Fixed wall(r = {1.5, 0, 0});\n"
           "  F e;\n"
           "equation\n"
           "  connect(world.frame_b, e.frame_a);\n"
           "  connect(wall.frame_b, e.frame_b);\n"
           "end R;\n",
           eqs);
  build_error(text, msg, sizeof msg);
  ck_assert_msg(strstr(msg, want) != NULL, "got '%s', want '%s'", msg, want);
}

START_TEST(test_refusals) {
  refused("    f = 1;\n    y = der(s * 2);\n    z = 1;\n",
          "7:9: der() of an expression (write der(v) of a variable) in an equation is not "
          "supported");
  refused("    f = 1;\n    y = z;\n",
          "4:13: e: no equation determines e.z (2 equations for 3 unknowns)");
  refused("    f = 1;\n    y = frame_a.f[1];\n    z = 1;\n",
          "7:9: e.frame_a.f: the equations of a user's force law may read");
  refused("    f = 1;\n    y = 2;\n    z = der(r_rel_a[1]);\n",
          "8:13: der(r_rel_a) is not supported in a user's force law");
  refused("    y = 1;\n    z = 1;\n",
          "11:5: e: no equation determines e.f (2 equations for 3 unknowns)");
  refused("    f = 1;\n    y = r_rel_a[1] / e_a;\n    z = 1;\n",
          "7:20: this operation on arrays in an equation is not supported");
  refused("    f = 1;\n    y = 2;\n    0 * z = y - 2;\n",
          "8:5: e: this equation and others determine the same unknowns while no equation "
          "determines e.z (a singular system)");
}
END_TEST

static Suite* expr_suite(void) {
  Suite* s = suite_create("mech_expr");
  TCase* tc = tcase_create("expr");
  tcase_add_test(tc, test_expressions);
  tcase_add_test(tc, test_newton_fails);
  tcase_add_test(tc, test_array_functions);
  tcase_add_test(tc, test_refusals);
  suite_add_tcase(s, tc);
  return s;
}

MbeSuiteFactory* const mbe_check_suites[] = {expr_suite, NULL};
