// SPDX-License-Identifier: Apache-2.0
// Morris's elementary effects (analysis/morris.c) on models whose effects are known: a linear
// model (every effect its coefficient, sigma 0), an interaction (sigma only where it acts), the
// G-function's ranking; failed trajectories and malformed designs.
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>

#include "mbe_check.h"
#include "mbe_morris.h"

typedef double Model(const double* x);

static double linear(const double* x) {
  return 2 * x[0] - 3 * x[1] + 0.5 * x[2];
}

static double interaction(const double* x) {
  return x[0] * x[1] + x[2];
}

static double gfun4(const double* x) {
  static const double a[] = {0, 1, 4.5, 9};
  double g = 1;
  for (int i = 0; i < 4; i++)
    g *= (fabs(4 * x[i] - 2) + a[i]) / (1 + a[i]);
  return g;
}

// r textbook trajectories on a p = 4 grid (delta 2/3): each parameter starts in {0, 1/3} and
// moves up by delta, or starts delta above that and moves down, in a random order; x
// (r (d + 1) x d) and y
static void design(Model* f, size_t d, size_t r, uint64_t seed, double* x, double* y) {
  const double delta = 4.0 / 6;
  uint64_t s = seed;
  for (size_t t = 0; t < r; t++) {
    double before[8], after[8];
    size_t order[8], pos[8];
    for (size_t j = 0; j < d; j++) {
      double start = mbe_test_rng_u01(&s) < 0.5 ? 0 : 1.0 / 3;
      bool up = mbe_test_rng_u01(&s) < 0.5;
      before[j] = up ? start : start + delta;
      after[j] = up ? start + delta : start;
      order[j] = j;
    }
    for (size_t j = d; j-- > 1;) {
      size_t k = (size_t)(mbe_test_rng_u01(&s) * (double)(j + 1)), tmp = order[j];
      order[j] = order[k], order[k] = tmp;
    }
    for (size_t j = 0; j < d; j++)
      pos[order[j]] = j;
    for (size_t p = 0; p <= d; p++) {
      double* row = x + (t * (d + 1) + p) * d;
      for (size_t j = 0; j < d; j++)
        row[j] = pos[j] < p ? after[j] : before[j];
      y[t * (d + 1) + p] = f(row);
    }
  }
}

static MbeMorrisDef def_of(size_t d, size_t r) {
  MbeMorrisDef def = mbe_morris_def_default();
  def.d = d, def.r = r, def.seed = 3;
  return def;
}

START_TEST(test_linear) {
  double x[40 * 4 * 3], y[40 * 4], mu[3], ms[3], sg[3], mc[3];
  design(linear, 3, 40, 7, x, y);
  MbeMorrisDef def = def_of(3, 40);
  ck_assert_int_eq(mbe_morris_analyze(&def, x, y, mu, ms, sg, mc, NULL, NULL), MBE_MORRIS_OK);
  const double c[3] = {2, -3, 0.5};
  for (int j = 0; j < 3; j++) {
    MBE_CK_NEAR(mu[j], c[j], 1e-12, 0);
    MBE_CK_NEAR(ms[j], fabs(c[j]), 1e-12, 0);
    MBE_CK_NEAR(sg[j], 0, 0, 1e-12);
    MBE_CK_NEAR(mc[j], 0, 0, 1e-12);  // every resample's mean is |c|
  }
}
END_TEST

START_TEST(test_interaction) {
  double x[200 * 4 * 3], y[200 * 4], mu[3], ms[3], sg[3], mc[3];
  design(interaction, 3, 200, 11, x, y);
  MbeMorrisDef def = def_of(3, 200);
  size_t used = 0;
  ck_assert_int_eq(mbe_morris_analyze(&def, x, y, mu, ms, sg, mc, &used, NULL), MBE_MORRIS_OK);
  ck_assert_uint_eq(used, 200);
  ck_assert(sg[0] > 0.1 && sg[1] > 0.1);  // x1's effect is x2: 0 .. 1
  MBE_CK_NEAR(sg[2], 0, 0, 1e-12);
  MBE_CK_NEAR(mu[2], 1, 1e-12, 0);
  ck_assert(mc[0] > 0 && mc[0] < 0.1);
  // the mean effect of x1 is the mean x2 over the grid's points: about 0.5
  ck_assert(fabs(mu[0] - 0.5) < 0.1 && fabs(mu[1] - 0.5) < 0.1);
}
END_TEST

START_TEST(test_gfunction_ranking) {
  double x[400 * 5 * 4], y[400 * 5], mu[4], ms[4], sg[4], mc[4];
  design(gfun4, 4, 400, 5, x, y);
  MbeMorrisDef def = def_of(4, 400);
  ck_assert_int_eq(mbe_morris_analyze(&def, x, y, mu, ms, sg, mc, NULL, NULL), MBE_MORRIS_OK);
  ck_assert(ms[0] > ms[1] && ms[1] > ms[2] && ms[2] > ms[3] && ms[3] > 0);
}
END_TEST

START_TEST(test_failed_and_malformed) {
  double x[10 * 4 * 3], y[10 * 4], mu[3], ms[3], sg[3], mc[3];
  design(linear, 3, 10, 2, x, y);
  y[5] = NAN;  // trajectory 1
  MbeMorrisDef def = def_of(3, 10);
  size_t used = 0, bad = 0;
  ck_assert_int_eq(mbe_morris_analyze(&def, x, y, mu, ms, sg, mc, &used, &bad), MBE_MORRIS_OK);
  ck_assert_uint_eq(used, 9);
  MBE_CK_NEAR(mu[1], -3, 1e-12, 0);
  x[2 * 4 * 3 + 3 * 3 + 0] += 0.25;  // trajectory 2, point 3 moves a second parameter
  ck_assert_int_eq(mbe_morris_analyze(&def, x, y, mu, ms, sg, mc, &used, &bad),
                   MBE_MORRIS_ERR_DESIGN);
  ck_assert(bad == 2 * 4 + 3 || bad == 2 * 4 + 4);
  def.levels = 3;
  ck_assert_int_eq(mbe_morris_analyze(&def, x, y, mu, ms, sg, mc, &used, &bad),
                   MBE_MORRIS_ERR_ARG);
}
END_TEST

static Suite* make_morris_suite(void) {
  Suite* s = suite_create("morris");
  TCase* tc = mbe_tcase_create("effects");
  tcase_add_test(tc, test_linear);
  tcase_add_test(tc, test_interaction);
  tcase_add_test(tc, test_gfunction_ranking);
  tcase_add_test(tc, test_failed_and_malformed);
  suite_add_tcase(s, tc);
  return s;
}

MbeSuiteFactory* const mbe_check_suites[] = {make_morris_suite, NULL};
