// SPDX-License-Identifier: Apache-2.0
// Regression indices (analysis/regression.c): a noiseless linear model's SRC are b_j sd(x_j) /
// sd(y) exactly with R^2 = 1; a monotone, nonlinear model has SRRC and PRCC near 1 where SRC
// falls short; ranks with ties; failed rows left out; the errors.
#include <math.h>
#include <stdlib.h>

#include "mbe_check.h"
#include "mbe_regression.h"

enum { N = 2000, D = 3 };

static void inputs(double* x, uint64_t seed) {
  uint64_t s = seed;
  for (int i = 0; i < N * D; i++)
    x[i] = mbe_test_rng_u01(&s) * (i % D == 1 ? 6 : 1);  // x2 in [0, 6)
}

static double sd(const double* v, int n, int stride) {
  double m = 0, s = 0;
  for (int i = 0; i < n; i++)
    m += v[i * stride];
  m /= n;
  for (int i = 0; i < n; i++)
    s += (v[i * stride] - m) * (v[i * stride] - m);
  return sqrt(s / (n - 1));
}

START_TEST(test_linear) {
  static double x[N * D], y[N];
  inputs(x, 1);
  for (int i = 0; i < N; i++)
    y[i] = 2 * x[i * D] - 0.5 * x[i * D + 1] + 0.1 * x[i * D + 2] + 7;
  double src[D], srrc[D], prcc[D], r2, r2r;
  size_t used = 0;
  ck_assert_int_eq(mbe_regression_indices(N, D, x, y, src, srrc, prcc, &r2, &r2r, &used),
                   MBE_REGRESSION_OK);
  ck_assert_uint_eq(used, N);
  const double b[D] = {2, -0.5, 0.1};
  double sy = sd(y, N, 1);
  for (int j = 0; j < D; j++)
    MBE_CK_NEAR(src[j], b[j] * sd(x + j, N, D) / sy, 1e-10, 1e-12);
  MBE_CK_NEAR(r2, 1, 0, 1e-12);
  ck_assert_msg(prcc[0] > 0.8 && prcc[1] < -0.8 && prcc[2] > 0 && prcc[2] < prcc[0],
                "PRCC %g %g %g", prcc[0], prcc[1], prcc[2]);
}
END_TEST

// y = exp(4 x1) + x2 / 60: monotone in both; the linear fit misses exp's curvature
START_TEST(test_monotone) {
  static double x[N * D], y[N];
  inputs(x, 2);
  for (int i = 0; i < N; i++)
    y[i] = exp(4 * x[i * D]) + x[i * D + 1] / 60;
  double src[D], srrc[D], prcc[D], r2, r2r;
  ck_assert_int_eq(mbe_regression_indices(N, D, x, y, src, srrc, prcc, &r2, &r2r, NULL),
                   MBE_REGRESSION_OK);
  ck_assert(r2 < 0.95 && r2r > r2);
  ck_assert(prcc[0] > 0.99 && fabs(prcc[2]) < 0.1);
  ck_assert(srrc[0] > src[0]);
}
END_TEST

// failed rows are left out; ties in a discrete parameter; a constant output is an error
START_TEST(test_failed_ties_errors) {
  static double x[N * D], y[N];
  inputs(x, 3);
  for (int i = 0; i < N; i++) {
    x[i * D + 2] = (double)(i % 4);  // four levels: ties
    y[i] = x[i * D] + x[i * D + 2];
  }
  y[10] = NAN, y[20] = INFINITY;
  double src[D], srrc[D], prcc[D], r2, r2r;
  size_t used = 0;
  ck_assert_int_eq(mbe_regression_indices(N, D, x, y, src, srrc, prcc, &r2, &r2r, &used),
                   MBE_REGRESSION_OK);
  ck_assert_uint_eq(used, N - 2);
  MBE_CK_NEAR(r2, 1, 0, 1e-12);
  ck_assert(prcc[2] > 0.9 && fabs(prcc[1]) < 0.1);
  for (int i = 0; i < N; i++)
    y[i] = 3;
  ck_assert_int_eq(mbe_regression_indices(N, D, x, y, src, srrc, prcc, &r2, &r2r, NULL),
                   MBE_REGRESSION_ERR_CONSTANT);
  ck_assert_int_eq(mbe_regression_indices(4, D, x, y, src, srrc, prcc, &r2, &r2r, NULL),
                   MBE_REGRESSION_ERR_TOO_FEW);
}
END_TEST

static Suite* make_regression_suite(void) {
  Suite* s = suite_create("regression");
  TCase* tc = mbe_tcase_create("indices");
  tcase_add_test(tc, test_linear);
  tcase_add_test(tc, test_monotone);
  tcase_add_test(tc, test_failed_ties_errors);
  suite_add_tcase(s, tc);
  return s;
}

MbeSuiteFactory* const mbe_check_suites[] = {make_regression_suite, NULL};
