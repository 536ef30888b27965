// SPDX-License-Identifier: Apache-2.0
// Tests of analysis/tube.c against tubes whose edges are known in closed form: a constant
// (value slack only), a ramp (time and value slack add up), the baseY floor, events, the error
// number of csv-compare, and the margin found by bisection.
#include <math.h>
#include <stdlib.h>

#include "mbe_check.h"
#include "mbe_tube.h"

enum { N = 1001 };

static double tr[N], yr[N], t[N], y[N];

// reference and result on the grid t = 0 .. t1
static void grid(double t1) {
  for (int i = 0; i < N; i++) {
    tr[i] = t[i] = t1 * i / (N - 1);
  }
}

static MbeTubeResult check(double tol, double floor) {
  MbeTubeDef def = {tol, floor};
  MbeTubeResult r;
  ck_assert(mbe_tube_check(tr, yr, N, t, y, N, &def, &r));
  return r;
}

START_TEST(test_identical_passes_with_zero_margin) {
  grid(5);
  for (int i = 0; i < N; i++) {
    yr[i] = y[i] = sin(3 * tr[i]) + 0.1 * tr[i];
  }
  MbeTubeResult r = check(2e-3, 1e-3);
  ck_assert(r.is_pass);
  ck_assert_uint_eq(r.ncompared, N);
  ck_assert_uint_eq(r.nfailed, 0);
  ck_assert_double_eq(mbe_tube_margin(tr, yr, N, t, y, N, 1e-3), 0);
}
END_TEST

// a constant 5: baseY = |y_min| = 5, so the tube is 5*tol high whatever the time slack
START_TEST(test_constant_offset_against_value_slack) {
  grid(10);
  for (int i = 0; i < N; i++) {
    yr[i] = 5;
    y[i] = 5 + 0.0099;
  }
  ck_assert(check(2e-3, 1e-3).is_pass);
  for (int i = 0; i < N; i++) {
    y[i] = 5 + 0.0101;
  }
  MbeTubeResult r = check(2e-3, 1e-3);
  ck_assert(!r.is_pass);
  ck_assert_uint_eq(r.nfailed, N);
  MBE_CK_NEAR(r.max_excess, 0.0001, 1e-9, 1e-12);
  MBE_CK_NEAR(r.base_y, 5, 0, 0);
  MBE_CK_NEAR(r.base_x, 10, 0, 0);

  // margin = offset/baseY, to the bisection's relative precision 1e-3
  MBE_CK_NEAR(mbe_tube_margin(tr, yr, N, t, y, N, 1e-3), 0.0101 / 5, 1.1e-3, 0);
}
END_TEST

// y = t on [0, 10]: a result late by d passes while d <= dt + dy = tol*(baseX + baseY) = 20 tol
// (result points inside [1, 9], away from the span's ends where the window is clipped)
START_TEST(test_ramp_delay_against_time_and_value_slack) {
  grid(10);
  for (int i = 0; i < N; i++) {
    yr[i] = tr[i];
    t[i] = 1 + 8.0 * i / (N - 1);
    y[i] = t[i] - 0.0399;
  }
  ck_assert(check(2e-3, 1e-3).is_pass);
  for (int i = 0; i < N; i++) {
    y[i] = t[i] - 0.0401;
  }
  MbeTubeResult r = check(2e-3, 1e-3);
  ck_assert(!r.is_pass);
  ck_assert_uint_eq(r.nfailed, N);
  ck_assert_double_eq(r.first_fail_t, 1);
  MBE_CK_NEAR(r.max_excess, 0.0001, 1e-6, 1e-12);
  MBE_CK_NEAR(mbe_tube_margin(tr, yr, N, t, y, N, 1e-3), 0.0401 / 20, 1.1e-3, 0);

  // at the start of the span the window is clipped: only the value slack is left there
  t[0] = 0;
  y[0] = -0.0199;
  for (int i = 1; i < N; i++) {
    y[i] = t[i];
  }
  ck_assert(check(2e-3, 1e-3).is_pass);
  y[0] = -0.0201;
  ck_assert(!check(2e-3, 1e-3).is_pass);
}
END_TEST

// a signal that should be zero: the floor decides between an absolute check and a collapse
START_TEST(test_base_floor) {
  grid(1);
  for (int i = 0; i < N; i++) {
    yr[i] = 0;
    y[i] = 1.9e-6;
  }
  ck_assert(check(2e-3, 1e-3).is_pass);  // dy = 2e-3 * 1e-3
  ck_assert(!check(2e-3, 1e-12).is_pass);
  for (int i = 0; i < N; i++) {
    y[i] = 2.1e-6;
  }
  ck_assert(!check(2e-3, 1e-3).is_pass);
}
END_TEST

// an event: the reference jumps from 0 to 1 at t = 0.5 (two rows with the same time)
START_TEST(test_event_with_duplicate_time) {
  double er[] = {0, 0.5, 0.5, 1}, ey[] = {0, 0, 1, 1};
  double ct[] = {0.25, 0.5, 0.75}, cy[] = {0, 0.5, 1};
  MbeTubeDef def = mbe_tube_def_default();
  MbeTubeResult r;
  ck_assert(mbe_tube_check(er, ey, 4, ct, cy, 3, &def, &r));
  ck_assert(r.is_pass);

  // away from the event the tube is tight again
  cy[0] = 0.01;
  ck_assert(mbe_tube_check(er, ey, 4, ct, cy, 3, &def, &r));
  ck_assert(!r.is_pass);
  ck_assert_double_eq(r.first_fail_t, 0.25);
}
END_TEST

// result points outside the reference's span are not compared; a different grid is interpolated
START_TEST(test_other_grid_and_span) {
  double rt[] = {0, 1, 2}, ry[] = {0, 2, 0};
  double ct[] = {-1, 0.5, 1.5, 3}, cy[] = {100, 1, 1, 100};
  MbeTubeDef def = {1e-6, 1e-3};
  MbeTubeResult r;
  ck_assert(mbe_tube_check(rt, ry, 3, ct, cy, 4, &def, &r));
  ck_assert(r.is_pass);
  ck_assert_uint_eq(r.ncompared, 2);
}
END_TEST

// csv-compare's reported number: excess x (dt_left + dt_right)/2 / (1e-3 + max|y|)
START_TEST(test_error_number) {
  double rt[] = {0, 1, 2, 3}, ry[] = {1, 1, 1, 1};
  double ct[] = {0, 1, 2, 3}, cy[] = {1, 1.5, 1, 1};
  MbeTubeDef def = {1e-3, 1e-3};  // dy = 1e-3 (baseY = 1), dt irrelevant for a constant
  MbeTubeResult r;
  ck_assert(mbe_tube_check(rt, ry, 4, ct, cy, 4, &def, &r));
  ck_assert_uint_eq(r.nfailed, 1);
  MBE_CK_NEAR(r.max_excess, 0.499, 1e-12, 1e-15);
  MBE_CK_NEAR(r.error, 0.499 * 1.0 / (1e-3 + 1.5), 1e-12, 0);
}
END_TEST

START_TEST(test_invalid_input) {
  double rt[] = {0, 2, 1}, ry[] = {0, 0, 0};
  double ct[] = {0, NAN}, cy[] = {0, 0};
  MbeTubeDef def = mbe_tube_def_default();
  MbeTubeResult r;
  ck_assert(!mbe_tube_check(rt, ry, 3, ct, cy, 1, &def, &r));
  ck_assert(!mbe_tube_check(rt, ry, 0, ct, cy, 1, &def, &r));
  ck_assert(!mbe_tube_check(ct, ry, 2, ct, cy, 1, &def, &r));
  ck_assert(isnan(mbe_tube_margin(rt, ry, 3, ct, cy, 1, 1e-3)));

  // a NaN value fails its point, and the margin is infinite
  double ok_t[] = {0, 1}, ok_y[] = {0, 1}, bad_y[] = {0, NAN};
  ck_assert(mbe_tube_check(ok_t, ok_y, 2, ok_t, bad_y, 2, &def, &r));
  ck_assert(!r.is_pass);
  ck_assert(isinf(mbe_tube_margin(ok_t, ok_y, 2, ok_t, bad_y, 2, 1e-3)));
}
END_TEST

static Suite* make_tube_suite(void) {
  Suite* s = suite_create("tube");
  TCase* tc = mbe_tcase_create("tube");
  tcase_add_test(tc, test_identical_passes_with_zero_margin);
  tcase_add_test(tc, test_constant_offset_against_value_slack);
  tcase_add_test(tc, test_ramp_delay_against_time_and_value_slack);
  tcase_add_test(tc, test_base_floor);
  tcase_add_test(tc, test_event_with_duplicate_time);
  tcase_add_test(tc, test_other_grid_and_span);
  tcase_add_test(tc, test_error_number);
  tcase_add_test(tc, test_invalid_input);
  suite_add_tcase(s, tc);
  return s;
}

MbeSuiteFactory* const mbe_check_suites[] = {make_tube_suite, NULL};
