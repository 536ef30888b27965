// SPDX-License-Identifier: Apache-2.0
// Tests of host/mech/mech_modes.c: the modes at the start against analytic eigenvalues (a
// spring-mass oscillator, a damped one, a pendulum at small angles, a free body spinning about
// its major axis, free fall), and the RK4 step advice around the exact stability boundary and
// the accuracy threshold.
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "mbe/mbe_flat.h"
#include "mbe/mbe_spec.h"
#include "mbe_check.h"
#include "mech_fixture.h"
#include "mech.h"

#define G 9.80665  // m/s^2, the World's default gravity (along -y)
#define PI 3.14159265358979323846
#define MAXX 16  // states of the largest model here

/* ---- a model and its modes ------------------------------------------------------------------ */

typedef struct Modes {
  MbeSpec* spec;
  MbeFlat* flat;
  MbeSystem* sys;
  double re[MAXX], im[MAXX];  // (nx) eigenvalues, fastest first (1/s)
} Modes;

// builds the model of text and its modes at the start with the model's own parameters
static void modes_open(Modes* m, const char* text) {
  memset(m, 0, sizeof *m);
  MbeError err = {0};
  mbe_test_system_build(text, &m->spec, &m->flat, &m->sys);
  ck_assert_uint_le(m->sys->nx, MAXX);
  MbeStatus st = mbe_system_modes(m->sys, m->sys->t0, m->sys->p0, m->re, m->im, &err);
  ck_assert_msg(st == MBE_OK, "the modes failed: %s", err.message);
}

static void modes_close(Modes* m) {
  mbe_test_system_free(m->spec, m->flat, m->sys);
}

// a slider of mass m (kg) on a spring c (N/m) and a damper d (N s/m) along x, released at 0.1 m
static void slider_model(char* text, size_t size, double m, double c, double d) {
  snprintf(text, size,
           "model Slider\n"
           "  inner Modelica.Mechanics.MultiBody.World world;\n"
           "  Modelica.Mechanics.MultiBody.Joints.Prismatic slider(n={1,0,0},\n"
           "    useAxisFlange=true, s(start=0.1, fixed=true), v(start=0, fixed=true));\n"
           "  Modelica.Mechanics.MultiBody.Parts.Body body(m=%.17g, r_CM={0,0,0});\n"
           "  Modelica.Mechanics.Translational.Components.Spring spring(c=%.17g);\n"
           "  Modelica.Mechanics.Translational.Components.Damper damper(d=%.17g);\n"
           "equation\n"
           "  connect(world.frame_b, slider.frame_a);\n"
           "  connect(slider.frame_b, body.frame_a);\n"
           "  connect(spring.flange_a, slider.support);\n"
           "  connect(spring.flange_b, slider.axis);\n"
           "  connect(damper.flange_a, slider.support);\n"
           "  connect(damper.flange_b, slider.axis);\n"
           "end Slider;\n",
           m, c, d);
}

/* ---- the modes against analytic eigenvalues ------------------------------------------------- */

// m x'' = -c x: lambda = +-i sqrt(c/m)
START_TEST(test_oscillator) {
  char text[2048];
  slider_model(text, sizeof text, 2, 50, 0);
  Modes m;
  modes_open(&m, text);
  ck_assert_uint_eq(m.sys->nx, 2);
  const double w = 5;  // sqrt(50/2) rad/s
  MBE_CK_NEAR(m.re[0], 0, 0, 1e-6 * w);
  MBE_CK_NEAR(m.im[0], w, 1e-6, 0);
  MBE_CK_NEAR(m.re[1], 0, 0, 1e-6 * w);
  MBE_CK_NEAR(m.im[1], -w, 1e-6, 0);
  modes_close(&m);
}
END_TEST

// m x'' = -c x - d x': lambda = -d/2m +- i sqrt(c/m - (d/2m)^2)
START_TEST(test_damped_oscillator) {
  char text[2048];
  slider_model(text, sizeof text, 2, 50, 4);
  Modes m;
  modes_open(&m, text);
  const double sigma = 4.0 / (2 * 2), w = sqrt(50.0 / 2 - sigma * sigma);
  MBE_CK_NEAR(m.re[0], -sigma, 1e-6, 0);
  MBE_CK_NEAR(m.im[0], w, 1e-6, 0);
  MBE_CK_NEAR(m.re[1], -sigma, 1e-6, 0);
  MBE_CK_NEAR(m.im[1], -w, 1e-6, 0);
  modes_close(&m);
}
END_TEST

// a point mass at L hanging straight down (phi = -pi/2 puts r_CM = (L, 0, 0) along -y): the
// linearization is the small-angle pendulum, lambda = +-i sqrt(g/L)
START_TEST(test_pendulum_small_angle) {
  const double L = 0.7;
  char text[1024];
  snprintf(text, sizeof text,
           "model P\n"
           "  inner Modelica.Mechanics.MultiBody.World world;\n"
           "  Modelica.Mechanics.MultiBody.Joints.Revolute rev(n={0,0,1},\n"
           "    phi(start=%.17g, fixed=true), w(fixed=true));\n"
           "  Modelica.Mechanics.MultiBody.Parts.Body body(m=2, r_CM={%g,0,0}, I_11=0,\n"
           "    I_22=0, I_33=0);\n"
           "equation\n"
           "  connect(world.frame_b, rev.frame_a);\n"
           "  connect(rev.frame_b, body.frame_a);\n"
           "end P;\n",
           -PI / 2, L);
  Modes m;
  modes_open(&m, text);
  const double w = sqrt(G / L);
  MBE_CK_NEAR(hypot(m.re[0], m.im[0]), w, 1e-6, 0);
  MBE_CK_NEAR(m.re[0], 0, 0, 1e-6 * w);
  MBE_CK_NEAR(m.im[0], w, 1e-6, 0);
  MBE_CK_NEAR(m.im[1], -w, 1e-6, 0);
  modes_close(&m);
}
END_TEST

// A free body (quaternion states) spinning at w about its major axis I3 > I2 > I1: Euler's
// equations linearized give +-i w sqrt((I3 - I1)(I3 - I2)/(I1 I2)) and the quaternion, turning at
// half the rate, +-i w/2 (twice); translation gives zeros.
START_TEST(test_free_body_spin) {
  static const char text[] =
      "model Spin\n"
      "  inner Modelica.Mechanics.MultiBody.World world(g=0);\n"
      "  Modelica.Mechanics.MultiBody.Parts.Body body(m=2, I_11=0.1, I_22=0.2, I_33=0.4,\n"
      "    r_CM={0,0,0}, r_0(start={0,0,0}, each fixed=true),\n"
      "    v_0(start={1,0,0}, each fixed=true), angles_fixed=true, w_0_fixed=true,\n"
      "    w_0_start={0,0,8}, useQuaternions=true);\n"
      "end Spin;\n";
  Modes m;
  modes_open(&m, text);
  ck_assert_uint_eq(m.sys->nx, 13);
  const double w = 8, euler = w * sqrt((0.4 - 0.1) * (0.4 - 0.2) / (0.1 * 0.2));
  MBE_CK_NEAR(m.im[0], euler, 1e-6, 0);
  MBE_CK_NEAR(m.im[1], -euler, 1e-6, 0);
  for (int k = 2; k < 6; k++) {
    MBE_CK_NEAR(hypot(m.re[k], m.im[k]), w / 2, 1e-6, 0);
  }
  MBE_CK_NEAR(hypot(m.re[6], m.im[6]), 0, 0, 1e-6 * w);
  modes_close(&m);
}
END_TEST

// a body falling freely on a vertical slider: constant acceleration, every mode zero, and no
// step is too large
START_TEST(test_free_fall) {
  static const char text[] =
      "model Fall\n"
      "  inner Modelica.Mechanics.MultiBody.World world;\n"
      "  Modelica.Mechanics.MultiBody.Joints.Prismatic slider(n={0,1,0},\n"
      "    s(start=2, fixed=true), v(start=1, fixed=true));\n"
      "  Modelica.Mechanics.MultiBody.Parts.Body body(m=3, r_CM={0,0,0});\n"
      "equation\n"
      "  connect(world.frame_b, slider.frame_a);\n"
      "  connect(slider.frame_b, body.frame_a);\n"
      "end Fall;\n";
  Modes m;
  modes_open(&m, text);
  for (size_t k = 0; k < m.sys->nx; k++) {
    MBE_CK_NEAR(hypot(m.re[k], m.im[k]), 0, 0, 1e-12);
  }
  MbeStepAdvice a = mbe_rk4_step_advice(m.re, m.im, m.sys->nx, 10, 1e-6);
  ck_assert_int_eq(a.verdict, MBE_STEP_OK);
  modes_close(&m);
}
END_TEST

/* ---- the step advice ------------------------------------------------------------------------ */

// a pure oscillation is stable up to h w = sqrt(8) = 2.828 (|R(iy)|^2 = 1 - y^6/72 + y^8/576)
START_TEST(test_advice_imaginary_axis) {
  const double w = 7, re[2] = {0, 0}, im[2] = {w, -w};
  MbeStepAdvice a = mbe_rk4_step_advice(re, im, 2, 2.80 / w, 1e-6);
  ck_assert_int_eq(a.verdict, MBE_STEP_INACCURATE);
  MBE_CK_NEAR(a.h_stable * w, sqrt(8), 1e-9, 0);
  a = mbe_rk4_step_advice(re, im, 2, 2.86 / w, 1e-6);
  ck_assert_int_eq(a.verdict, MBE_STEP_UNSTABLE);
  ck_assert_uint_eq(a.mode, 0);
  MBE_CK_NEAR(a.h_stable * w, sqrt(8), 1e-9, 0);
}
END_TEST

// a decaying real mode is stable up to h |lambda| = 2.785293563405282, the real root of
// 1 + z + z^2/2 + z^3/6 + z^4/24 = 1
START_TEST(test_advice_real_axis) {
  const double re[1] = {-4}, im[1] = {0};
  MbeStepAdvice a = mbe_rk4_step_advice(re, im, 1, 2.78 / 4, 1e-6);
  ck_assert_int_ne(a.verdict, MBE_STEP_UNSTABLE);
  a = mbe_rk4_step_advice(re, im, 1, 2.79 / 4, 1e-6);
  ck_assert_int_eq(a.verdict, MBE_STEP_UNSTABLE);
  MBE_CK_NEAR(a.h_stable * 4, 2.785293563405282, 1e-9, 0);
}
END_TEST

// the 1 s oscillation: the error per radian is about (h w)^4/120, so 10 steps a period (1.3e-3)
// are inaccurate, 20 (8e-5) are not; 1e-6 a radian needs h w <= 0.1047, h = 0.0167 -> 0.01
START_TEST(test_advice_accuracy) {
  const double w = 2 * PI, re[2] = {0, 0}, im[2] = {w, -w};
  MbeStepAdvice a = mbe_rk4_step_advice(re, im, 2, 0.1, 1e-6);
  ck_assert_int_eq(a.verdict, MBE_STEP_INACCURATE);
  MBE_CK_NEAR(a.error, pow(0.1 * w, 4) / 120, 0.05, 0);
  a = mbe_rk4_step_advice(re, im, 2, 0.05, 1e-6);
  ck_assert_int_eq(a.verdict, MBE_STEP_OK);
  MBE_CK_NEAR(a.h_accurate * w, pow(120e-6, 0.25), 2e-3, 0);
  ck_assert_double_eq(a.suggest, 0.01);
  MBE_CK_NEAR(a.h_stable, sqrt(8) / w, 1e-9, 0);
  a = mbe_rk4_step_advice(re, im, 2, 0.001, 1e-6);
  ck_assert_int_eq(a.verdict, MBE_STEP_OK);

  // a looser tolerance only moves the suggestion; the warning needs MBE_RK4_INACCURATE anyway
  a = mbe_rk4_step_advice(re, im, 2, 0.05, 1e-4);
  ck_assert_int_eq(a.verdict, MBE_STEP_OK);
  ck_assert_double_eq(a.suggest, 0.05);
}
END_TEST

// a growing mode grows whatever the step (judged as neutral); zero modes and none limit nothing
START_TEST(test_advice_growing_and_zero) {
  const double re[3] = {3, 0, 0}, im[3] = {0, 0, 0};
  MbeStepAdvice a = mbe_rk4_step_advice(re, im, 3, 0.01, 1e-6);
  ck_assert_int_eq(a.verdict, MBE_STEP_OK);
  ck_assert(isinf(a.h_stable));
  a = mbe_rk4_step_advice(re + 1, im + 1, 2, 100, 1e-6);
  ck_assert_int_eq(a.verdict, MBE_STEP_OK);
  ck_assert(isinf(a.h_stable) && isinf(a.h_accurate) && isinf(a.suggest));
  a = mbe_rk4_step_advice(NULL, NULL, 0, 1, 1e-6);
  ck_assert_int_eq(a.verdict, MBE_STEP_OK);

  // an oscillation that also grows slowly is held to the neutral boundary
  const double re2[2] = {0.5, 0.5}, im2[2] = {10, -10};
  a = mbe_rk4_step_advice(re2, im2, 2, 0.29, 1e-6);
  ck_assert_int_eq(a.verdict, MBE_STEP_UNSTABLE);
  MBE_CK_NEAR(a.h_stable, sqrt(8) / 10, 1e-9, 0);
}
END_TEST

// of two modes the one whose boundary h passes decides, and is the one named
START_TEST(test_advice_names_the_mode) {
  const double re[3] = {0, 0, -1}, im[3] = {10, -10, 0};
  MbeStepAdvice a = mbe_rk4_step_advice(re, im, 3, 0.3, 1e-6);
  ck_assert_int_eq(a.verdict, MBE_STEP_UNSTABLE);
  ck_assert_uint_eq(a.mode, 0);
  MBE_CK_NEAR(a.h_stable, sqrt(8) / 10, 1e-9, 0);
  const double re2[3] = {0, 0, -20}, im2[3] = {10, -10, 0};
  a = mbe_rk4_step_advice(re2, im2, 3, 0.2, 1e-6);  // 2i is stable, -4 is not
  ck_assert_int_eq(a.verdict, MBE_STEP_UNSTABLE);
  ck_assert_uint_eq(a.mode, 2);
}
END_TEST

static Suite* make_modes_suite(void) {
  Suite* s = suite_create("modes");
  TCase* tc = mbe_tcase_create("modes");
  tcase_add_test(tc, test_oscillator);
  tcase_add_test(tc, test_damped_oscillator);
  tcase_add_test(tc, test_pendulum_small_angle);
  tcase_add_test(tc, test_free_body_spin);
  tcase_add_test(tc, test_free_fall);
  suite_add_tcase(s, tc);
  TCase* ta = mbe_tcase_create("advice");
  tcase_add_test(ta, test_advice_imaginary_axis);
  tcase_add_test(ta, test_advice_real_axis);
  tcase_add_test(ta, test_advice_accuracy);
  tcase_add_test(ta, test_advice_growing_and_zero);
  tcase_add_test(ta, test_advice_names_the_mode);
  suite_add_tcase(s, ta);
  return s;
}

MbeSuiteFactory* const mbe_check_suites[] = {make_modes_suite, NULL};
