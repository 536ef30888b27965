// SPDX-License-Identifier: Apache-2.0
// Indices of a radial design (analysis/radial.c) on functions whose answers are known: a linear
// function's effects exactly (sigma 0), the Ishigami function's total indices within their
// intervals of the analytic values, and the intervals' coverage over repeated designs; failed
// blocks left out, a constant output refused, the same bits from the same inputs.
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "mbe_check.h"
#include "mbe_radial.h"

enum { D = 3 };
static const double PI = 3.141592653589793;

typedef double Fn(const double* u);

// y = 2 x1 - 3 x2 + x1 x3 with x1 in [0, 1], x2 in [-3, 3], x3 in [10, 11] (u in [0, 1]^3)
static double effects(const double* u) {
  double x1 = u[0], x2 = -3 + 6 * u[1], x3 = 10 + u[2];
  return 2 * x1 - 3 * x2 + x1 * x3;
}

// Ishigami (a = 7, b = 0.1) on [-pi, pi]^3
static double ishigami(const double* u) {
  double x[D];
  for (int j = 0; j < D; j++)
    x[j] = PI * (2 * u[j] - 1);
  return sin(x[0]) + 7 * sin(x[1]) * sin(x[1]) + 0.1 * pow(x[2], 4) * sin(x[0]);
}

// a radial design of n blocks from random base and auxiliary points: outputs y, steps du
static void design(Fn* f, size_t n, uint64_t seed, double* y, double* du) {
  for (size_t i = 0; i < n; i++) {
    double a[D], b[D], x[D];
    for (int j = 0; j < D; j++)
      a[j] = mbe_test_rng_u01(&seed), b[j] = mbe_test_rng_u01(&seed);
    y[i * (D + 1)] = f(a);
    for (int j = 0; j < D; j++) {
      memcpy(x, a, sizeof x);
      x[j] = b[j];
      y[i * (D + 1) + 1 + j] = f(x);
      du[i * D + j] = b[j] - a[j];
    }
  }
}

typedef struct Out {
  double st[D], st_conf[D], mu[D], mu_star[D], sigma[D], mu_star_conf[D];
  size_t used;
} Out;

static MbeRadialStatus analyze(size_t n, const double* y, const double* du, size_t nres, Out* o) {
  MbeRadialDef def = mbe_radial_def_default();
  def.d = D, def.n = n, def.nresamples = nres, def.seed = 5;
  return mbe_radial_analyze(&def, y, du, o->st, o->st_conf, o->mu, o->mu_star, o->sigma,
                            o->mu_star_conf, &o->used);
}

START_TEST(test_linear_effects_exact) {
  enum { N = 200 };
  static double y[N * (D + 1)], du[N * D];
  design(effects, N, 1, y, du);
  Out o;
  ck_assert_int_eq(analyze(N, y, du, 100, &o), MBE_RADIAL_OK);
  // per unit of the probability range: d y / d u_j
  MBE_CK_NEAR(o.mu[1], -18.0, 1e-12, 0);
  MBE_CK_NEAR(o.mu_star[1], 18.0, 1e-12, 0);
  MBE_CK_NEAR(o.sigma[1], 0.0, 0, 1e-9);
  MBE_CK_NEAR(o.mu[0], 12.5, 0, 0.1);               // 2 + x3, x3 uniform on [10, 11]
  MBE_CK_NEAR(o.mu[2], 0.5, 0, 0.1);                // x1
  ck_assert(o.sigma[0] > 0.2 && o.sigma[0] < 0.4);  // sd of U(12, 13): 0.29
  // the same inputs, the same bits
  Out o2;
  ck_assert_int_eq(analyze(N, y, du, 100, &o2), MBE_RADIAL_OK);
  ck_assert_int_eq(memcmp(&o, &o2, sizeof o), 0);
}
END_TEST

static void ishigami_st(double* st) {
  const double b = 0.1, p4 = pow(PI, 4), v1 = 0.5 * pow(1 + b * p4 / 5, 2), v2 = 49.0 / 8;
  const double v13 = 8 * b * b * p4 * p4 / 225, v = v1 + v2 + v13;
  st[0] = (v1 + v13) / v, st[1] = v2 / v, st[2] = v13 / v;
}

START_TEST(test_ishigami_total_indices) {
  enum { N = 4000 };
  static double y[N * (D + 1)], du[N * D];
  double truth[D];
  ishigami_st(truth);
  design(ishigami, N, 7, y, du);
  Out o;
  ck_assert_int_eq(analyze(N, y, du, 100, &o), MBE_RADIAL_OK);
  for (int j = 0; j < D; j++) {
    ck_assert_msg(fabs(o.st[j] - truth[j]) < 2 * o.st_conf[j], "ST%d = %g +- %g, truth %g", j,
                  o.st[j], o.st_conf[j], truth[j]);
    ck_assert(o.st_conf[j] < 0.1);
  }
  // coverage of the 95 % intervals over repeated designs
  enum { NREP = 120, NS = 500 };
  static double ys[NS * (D + 1)], dus[NS * D];
  int cover[D] = {0};
  for (int rep = 0; rep < NREP; rep++) {
    design(ishigami, NS, 1000 + (uint64_t)rep, ys, dus);
    Out r;
    ck_assert_int_eq(analyze(NS, ys, dus, 100, &r), MBE_RADIAL_OK);
    for (int j = 0; j < D; j++)
      cover[j] += fabs(r.st[j] - truth[j]) <= r.st_conf[j];
  }
  for (int j = 0; j < D; j++)
    ck_assert_msg(cover[j] >= NREP * 80 / 100, "ST%d covered %d of %d", j, cover[j], NREP);
}
END_TEST

START_TEST(test_failed_blocks_and_refusals) {
  enum { N = 50 };
  static double y[N * (D + 1)], du[N * D];
  design(effects, N, 3, y, du);
  y[7 * (D + 1) + 2] = NAN;
  Out o;
  ck_assert_int_eq(analyze(N, y, du, 0, &o), MBE_RADIAL_OK);
  ck_assert_uint_eq(o.used, N - 1);
  ck_assert(isnan(o.st_conf[0]) && isnan(o.mu_star_conf[2]));  // no resamples, no intervals
  MBE_CK_NEAR(o.mu[1], -18.0, 1e-12, 0);
  for (size_t i = 0; i < N * (D + 1); i++)
    y[i] = 2.5;
  ck_assert_int_eq(analyze(N, y, du, 0, &o), MBE_RADIAL_ERR_CONSTANT);
  for (size_t i = 0; i < N * (D + 1); i++)
    y[i] = i % (D + 1) == 0 && i > 0 ? NAN : 1.0;  // only block 0 finite
  ck_assert_int_eq(analyze(N, y, du, 0, &o), MBE_RADIAL_ERR_TOO_FEW);
  MbeRadialDef def = mbe_radial_def_default();
  ck_assert_int_eq(mbe_radial_analyze(&def, y, du, o.st, o.st_conf, o.mu, o.mu_star, o.sigma,
                                      o.mu_star_conf, NULL),
                   MBE_RADIAL_ERR_ARG);
}
END_TEST

static Suite* radial_suite(void) {
  Suite* s = suite_create("radial");
  TCase* tc = mbe_tcase_create("indices");
  tcase_add_test(tc, test_linear_effects_exact);
  tcase_add_test(tc, test_ishigami_total_indices);
  tcase_add_test(tc, test_failed_blocks_and_refusals);
  suite_add_tcase(s, tc);
  return s;
}

MbeSuiteFactory* const mbe_check_suites[] = {radial_suite, NULL};
