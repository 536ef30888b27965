// SPDX-License-Identifier: Apache-2.0
// Tests of kernels/reduce/mbe_qoi.h compiled as C: the aggregates of one member's column on a
// grid of hand-written values, against the definitions (a crossing is a passage from one side of
// the level strictly to the other), and on sampled signals against their closed forms.
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "mbe_check.h"

// a system of two output columns (the tests read column 1); nothing integrates here
#include "mbe_real.h"
#define MBE_RHS_NX 1
#define MBE_RHS_NP 1
#define MBE_RHS_NY 2
#define MBE_RHS_NW 1
#define MBE_RHS_NIW 1
MBE_FN int mbe_rhs(mbe_real t, const mbe_real* x, const mbe_real* p, mbe_real* xdot, mbe_real* w,
                   mbe_int* iw) {
  (void)t, (void)x, (void)p, (void)w, (void)iw;
  xdot[0] = MBE_R(0.0);
  return 0;
}
MBE_FN int mbe_out(mbe_real t, const mbe_real* x, const mbe_real* p, mbe_real* y, mbe_real* w,
                   mbe_int* iw) {
  (void)t, (void)p, (void)w, (void)iw;
  y[0] = y[1] = x[0];
  return 0;
}
#include "reduce/mbe_qoi.h"

// the aggregate `code` of column 1 holding x[0 .. n) on the grid 0, 1, ..., n - 1 (s)
static double agg(int code, const double* x, int n, double level) {
  double* y = calloc((size_t)n * MBE_RHS_NY, sizeof *y);
  ck_assert_ptr_nonnull(y);
  for (int k = 0; k < n; k++) {
    y[k * MBE_RHS_NY] = -1e300;  // column 0: never read
    y[k * MBE_RHS_NY + 1] = x[k];
  }
  const MbeGrid g = mbe_grid_make(0.0, (double)(n - 1), n);
  const double r = mbe_qoi_member(code, 1, level, g, y, 0, 1, MBE_RUN_OK);
  free(y);
  return r;
}

#define PI 3.14159265358979323846
#define N_(a) ((int)(sizeof(a) / sizeof((a)[0])))

START_TEST(test_cross_starting_on_the_level) {
  // an oscillator's velocity from rest: it leaves 0 downwards, crosses up at t = 2, down at 4
  const double v[] = {0, -1, 0.5, 1, -1, 0};
  ck_assert_double_eq(agg(MBE_QOI_CROSS_UP, v, N_(v), 0), 1 + 1 / 1.5);
  ck_assert_double_eq(agg(MBE_QOI_CROSS_DOWN, v, N_(v), 0), 3.5);
  ck_assert_double_eq(agg(MBE_QOI_CROSS, v, N_(v), 0), 1 + 1 / 1.5);

  // resting on the level at the start, then leaving upwards: the first crossing is downwards
  const double w[] = {2, 2, 3, 1};
  ck_assert_double_eq(agg(MBE_QOI_CROSS_DOWN, w, N_(w), 2), 2.5);
  ck_assert(isnan(agg(MBE_QOI_CROSS_UP, w, N_(w), 2)));
}
END_TEST

START_TEST(test_touching_is_no_crossing) {
  // down to the level and back up, twice (resting there once): never crossed
  const double x[] = {1, 0, 1, 0, 0, 2};
  ck_assert(isnan(agg(MBE_QOI_CROSS, x, N_(x), 0)));
  ck_assert(isnan(agg(MBE_QOI_CROSS_DOWN, x, N_(x), 0)));

  // through the level with a rest on it: crossed when it first got there
  const double y[] = {1, 0, 0, 0, -1};
  ck_assert_double_eq(agg(MBE_QOI_CROSS_DOWN, y, N_(y), 0), 1);
  ck_assert_double_eq(agg(MBE_QOI_CROSS, y, N_(y), 0), 1);
  ck_assert(isnan(agg(MBE_QOI_CROSS_UP, y, N_(y), 0)));
}
END_TEST

START_TEST(test_cross_in_the_first_interval) {
  const double x[] = {-1, 3, 4};
  ck_assert_double_eq(agg(MBE_QOI_CROSS_UP, x, N_(x), 0), 0.25);
  ck_assert_double_eq(agg(MBE_QOI_CROSS, x, N_(x), 2), 0.75);
  ck_assert(isnan(agg(MBE_QOI_CROSS_DOWN, x, N_(x), 0)));

  // the level is reached exactly at the last point: a crossing only with a side after it
  const double z[] = {-1, -0.5, 0};
  ck_assert(isnan(agg(MBE_QOI_CROSS_UP, z, N_(z), 0)));
}
END_TEST

START_TEST(test_nan_values_are_passed_over) {
  const double x[] = {-1, NAN, 1, NAN};
  // the side before the NaN is kept; the time interpolates over the grid points around it
  ck_assert(!isnan(agg(MBE_QOI_CROSS_UP, x, N_(x), 0)));
  ck_assert_double_eq(agg(MBE_QOI_MAX, x, N_(x), 0), 1);
  ck_assert_double_eq(agg(MBE_QOI_MIN, x, N_(x), 0), -1);
  ck_assert_double_eq(agg(MBE_QOI_TIME_AT_MAX, x, N_(x), 0), 2);

  const double nan_first[] = {NAN, 3, 1};
  ck_assert_double_eq(agg(MBE_QOI_MIN, nan_first, N_(nan_first), 0), 1);
  ck_assert_double_eq(agg(MBE_QOI_TIME_AT_MAX, nan_first, N_(nan_first), 0), 1);
}
END_TEST

START_TEST(test_extremes_and_their_first_times) {
  const double x[] = {0, 5, -2, 5, -2, 1};
  ck_assert_double_eq(agg(MBE_QOI_MAX, x, N_(x), 0), 5);
  ck_assert_double_eq(agg(MBE_QOI_TIME_AT_MAX, x, N_(x), 0), 1);
  ck_assert_double_eq(agg(MBE_QOI_MIN, x, N_(x), 0), -2);
  ck_assert_double_eq(agg(MBE_QOI_TIME_AT_MIN, x, N_(x), 0), 2);
  ck_assert_double_eq(agg(MBE_QOI_INITIAL, x, N_(x), 0), 0);
  ck_assert_double_eq(agg(MBE_QOI_FINAL, x, N_(x), 0), 1);
  ck_assert_double_eq(agg(MBE_QOI_MAX | MBE_QOI_ABS, x, N_(x), 0), 5);
  ck_assert_double_eq(agg(MBE_QOI_TIME_AT_MIN | MBE_QOI_ABS, x, N_(x), 0), 0);
}
END_TEST

START_TEST(test_sampled_sine_against_closed_forms) {
  // x = sin(2 pi t) on [0, 2] with 2001 points: two whole periods
  enum { N = 2001 };
  double* y = calloc((size_t)N * MBE_RHS_NY, sizeof *y);
  ck_assert_ptr_nonnull(y);
  const MbeGrid g = mbe_grid_make(0.0, 2.0, N);
  for (int k = 0; k < N; k++) {
    y[k * MBE_RHS_NY + 1] = sin(2 * PI * mbe_grid_time(g, k));
  }
  const double h = 0.001;
  MBE_CK_NEAR(mbe_qoi_member(MBE_QOI_CROSS_DOWN, 1, 0, g, y, 0, 1, MBE_RUN_OK), 0.5, 0, 1e-12);
  MBE_CK_NEAR(mbe_qoi_member(MBE_QOI_CROSS_UP, 1, 0, g, y, 0, 1, MBE_RUN_OK), 1.0, 0, 1e-12);
  MBE_CK_NEAR(mbe_qoi_member(MBE_QOI_CROSS_UP, 1, 0.5, g, y, 0, 1, MBE_RUN_OK), 1.0 / 12, 0, h * h);
  MBE_CK_NEAR(mbe_qoi_member(MBE_QOI_TIME_AT_MAX, 1, 0, g, y, 0, 1, MBE_RUN_OK), 0.25, 0, 1e-12);
  MBE_CK_NEAR(mbe_qoi_member(MBE_QOI_TIME_AT_MIN, 1, 0, g, y, 0, 1, MBE_RUN_OK), 0.75, 0, 1e-12);
  MBE_CK_NEAR(mbe_qoi_member(MBE_QOI_MEAN, 1, 0, g, y, 0, 1, MBE_RUN_OK), 0, 0, 1e-12);
  MBE_CK_NEAR(mbe_qoi_member(MBE_QOI_INTEGRAL | MBE_QOI_ABS, 1, 0, g, y, 0, 1, MBE_RUN_OK), 4 / PI,
              1e-5, 0);

  // a failed member has no aggregates
  ck_assert(isnan(mbe_qoi_member(MBE_QOI_MAX, 1, 0, g, y, 0, 1, MBE_RUN_NONFINITE)));
  free(y);
}
END_TEST

static Suite* make_qoi_suite(void) {
  Suite* s = suite_create("qoi");
  TCase* tc = mbe_tcase_create("aggregates");
  tcase_add_test(tc, test_cross_starting_on_the_level);
  tcase_add_test(tc, test_touching_is_no_crossing);
  tcase_add_test(tc, test_cross_in_the_first_interval);
  tcase_add_test(tc, test_nan_values_are_passed_over);
  tcase_add_test(tc, test_extremes_and_their_first_times);
  tcase_add_test(tc, test_sampled_sine_against_closed_forms);
  suite_add_tcase(s, tc);
  return s;
}

MbeSuiteFactory* const mbe_check_suites[] = {make_qoi_suite, NULL};
