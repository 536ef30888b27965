// SPDX-License-Identifier: Apache-2.0
// Sobol' indices from Saltelli designs (analysis/saltelli.c) against the analytic indices of the
// Ishigami function and Sobol's G-function, the coverage of their bootstrap intervals over
// repeated designs, the layout with second order and without, and failed blocks.
#include <math.h>
#include <stdlib.h>

#include "mbe_check.h"
#include "mbe_saltelli.h"

#define PI 3.14159265358979323846

typedef double Model(const double* x, size_t d);

// Ishigami (a = 7, b = 0.1) on [-pi, pi]^3, x given in [0, 1)
static double ishigami(const double* u, size_t d) {
  (void)d;
  double x1 = -PI + 2 * PI * u[0], x2 = -PI + 2 * PI * u[1], x3 = -PI + 2 * PI * u[2];
  return sin(x1) + 7 * sin(x2) * sin(x2) + 0.1 * pow(x3, 4) * sin(x1);
}

// its analytic indices: S1, ST, and S13 (the only second-order one)
static void ishigami_truth(double s1[3], double st[3], double* s13) {
  double b = 0.1, pi4 = pow(PI, 4), pi8 = pi4 * pi4;
  double v1 = 0.5 * (1 + b * pi4 / 5) * (1 + b * pi4 / 5), v2 = 49.0 / 8;
  double v13 = 8 * b * b * pi8 / 225, v = v1 + v2 + v13;
  s1[0] = v1 / v, s1[1] = v2 / v, s1[2] = 0;
  st[0] = (v1 + v13) / v, st[1] = v2 / v, st[2] = v13 / v;
  *s13 = v13 / v;
}

// Sobol's G-function with a = {0, 1, 4.5, 9, 99}
static const double G_A[] = {0, 1, 4.5, 9, 99};
static double gfun(const double* u, size_t d) {
  double g = 1;
  for (size_t i = 0; i < d; i++)
    g *= (fabs(4 * u[i] - 2) + G_A[i]) / (1 + G_A[i]);
  return g;
}

static void gfun_truth(size_t d, double* s1, double* st) {
  double vi[5], prod = 1;
  for (size_t i = 0; i < d; i++) {
    vi[i] = 1 / (3 * (1 + G_A[i]) * (1 + G_A[i]));
    prod *= 1 + vi[i];
  }
  double v = prod - 1;
  for (size_t i = 0; i < d; i++) {
    s1[i] = vi[i] / v;
    st[i] = vi[i] * prod / (1 + vi[i]) / v;
  }
}

// a Saltelli design over random A, B (uniform on [0, 1)^d) and the model's outputs
static double* outputs(Model* f, size_t d, size_t n, bool second, uint64_t seed) {
  size_t rows = mbe_saltelli_block_rows(d, second);
  double* y = malloc(n * rows * sizeof *y);
  double a[8], b[8], x[8];
  uint64_t s = seed;
  for (size_t i = 0; i < n; i++) {
    for (size_t j = 0; j < d; j++)
      a[j] = mbe_test_rng_u01(&s), b[j] = mbe_test_rng_u01(&s);
    double* blk = y + i * rows;
    blk[0] = f(a, d);
    for (size_t k = 0; k < d; k++) {
      for (size_t j = 0; j < d; j++)
        x[j] = j == k ? b[j] : a[j];
      blk[1 + k] = f(x, d);
      if (second) {
        for (size_t j = 0; j < d; j++)
          x[j] = j == k ? a[j] : b[j];
        blk[1 + d + k] = f(x, d);
      }
    }
    blk[rows - 1] = f(b, d);
  }
  return y;
}

static MbeSaltelliDef def_of(size_t d, size_t n, bool second, uint64_t seed) {
  MbeSaltelliDef def = mbe_saltelli_def_default();
  def.d = d, def.n = n, def.second_order = second, def.seed = seed;
  return def;
}

// Ishigami at N = 8192: every index within twice its 95 % interval of the truth, the intervals
// narrow (< 0.05), and S13 found
START_TEST(test_ishigami) {
  double t1[3], tt[3], t13, s1[3], s1c[3], st[3], stc[3], s2[9], s2c[9];
  ishigami_truth(t1, tt, &t13);
  double* y = outputs(ishigami, 3, 8192, true, 11);
  MbeSaltelliDef def = def_of(3, 8192, true, 5);
  size_t used = 0;
  ck_assert_int_eq(mbe_saltelli_analyze(&def, y, s1, s1c, st, stc, s2, s2c, &used),
                   MBE_SALTELLI_OK);
  ck_assert_uint_eq(used, 8192);
  for (int j = 0; j < 3; j++) {
    ck_assert_msg(fabs(s1[j] - t1[j]) <= 2 * s1c[j], "S1[%d] %g, truth %g, conf %g", j, s1[j],
                  t1[j], s1c[j]);
    ck_assert_msg(fabs(st[j] - tt[j]) <= 2 * stc[j], "ST[%d] %g, truth %g, conf %g", j, st[j],
                  tt[j], stc[j]);
    ck_assert(s1c[j] > 0 && s1c[j] < 0.05 && stc[j] > 0 && stc[j] < 0.05);
  }
  ck_assert_msg(fabs(s2[0 * 3 + 2] - t13) <= 2 * s2c[2], "S13 %g, truth %g", s2[2], t13);
  ck_assert(isnan(s2[1 * 3 + 0]) && isnan(s2[0]));  // only j < k
  free(y);
}
END_TEST

// the G-function, without second order (D + 2 rows a block)
START_TEST(test_gfunction) {
  double t1[5], tt[5], s1[5], s1c[5], st[5], stc[5];
  gfun_truth(5, t1, tt);
  double* y = outputs(gfun, 5, 8192, false, 21);
  MbeSaltelliDef def = def_of(5, 8192, false, 9);
  ck_assert_int_eq(mbe_saltelli_analyze(&def, y, s1, s1c, st, stc, NULL, NULL, NULL),
                   MBE_SALTELLI_OK);
  for (int j = 0; j < 5; j++) {
    ck_assert_msg(fabs(s1[j] - t1[j]) <= 2 * s1c[j] + 1e-4, "S1[%d] %g, truth %g, conf %g", j,
                  s1[j], t1[j], s1c[j]);
    ck_assert_msg(fabs(st[j] - tt[j]) <= 2 * stc[j] + 1e-4, "ST[%d] %g, truth %g, conf %g", j,
                  st[j], tt[j], stc[j]);
  }
  free(y);
}
END_TEST

// over 200 designs of N = 512, the 95 % intervals of Ishigami's S1 and ST cover the truth at
// about their nominal rate (each index's rate within 0.85 .. 1)
START_TEST(test_coverage) {
  double t1[3], tt[3], t13, s1[3], s1c[3], st[3], stc[3];
  ishigami_truth(t1, tt, &t13);
  int cover1[3] = {0}, covert[3] = {0}, runs = 200;
  for (int r = 0; r < runs; r++) {
    double* y = outputs(ishigami, 3, 512, false, 1000 + (uint64_t)r);
    MbeSaltelliDef def = def_of(3, 512, false, (uint64_t)r);
    ck_assert_int_eq(mbe_saltelli_analyze(&def, y, s1, s1c, st, stc, NULL, NULL, NULL),
                     MBE_SALTELLI_OK);
    for (int j = 0; j < 3; j++) {
      cover1[j] += fabs(s1[j] - t1[j]) <= s1c[j];
      covert[j] += fabs(st[j] - tt[j]) <= stc[j];
    }
    free(y);
  }
  for (int j = 0; j < 3; j++) {
    ck_assert_msg(cover1[j] >= 0.85 * runs && covert[j] >= 0.85 * runs,
                  "coverage of parameter %d: S1 %d, ST %d of %d", j, cover1[j], covert[j], runs);
  }
}
END_TEST

// a block with a NaN output is left out, the others give the same indices as without it; the
// same inputs give the same bits; a constant output and too few blocks are errors
START_TEST(test_failed_blocks_and_errors) {
  double s1[3], s1c[3], st[3], stc[3], r1[3], r1c[3], rt[3], rtc[3];
  size_t rows = mbe_saltelli_block_rows(3, true), used = 0;
  ck_assert_uint_eq(rows, 8);
  double* y = outputs(ishigami, 3, 65, true, 3);
  MbeSaltelliDef def = def_of(3, 64, true, 1);
  ck_assert_int_eq(mbe_saltelli_analyze(&def, y + rows, r1, r1c, rt, rtc, NULL, NULL, &used), 0);
  y[4] = NAN;  // block 0 fails
  def.n = 65;
  ck_assert_int_eq(mbe_saltelli_analyze(&def, y, s1, s1c, st, stc, NULL, NULL, &used), 0);
  ck_assert_uint_eq(used, 64);
  for (int j = 0; j < 3; j++)
    ck_assert(s1[j] == r1[j] && st[j] == rt[j] && s1c[j] == r1c[j] && stc[j] == rtc[j]);
  for (size_t i = 0; i < 65 * rows; i++)
    y[i] = 2.5;
  ck_assert_int_eq(mbe_saltelli_analyze(&def, y, s1, s1c, st, stc, NULL, NULL, NULL),
                   MBE_SALTELLI_ERR_CONSTANT);
  def.n = 1;
  ck_assert_int_eq(mbe_saltelli_analyze(&def, y, s1, s1c, st, stc, NULL, NULL, NULL),
                   MBE_SALTELLI_ERR_TOO_FEW);
  def.conf_level = 1;
  ck_assert_int_eq(mbe_saltelli_analyze(&def, y, s1, s1c, st, stc, NULL, NULL, NULL),
                   MBE_SALTELLI_ERR_ARG);
  free(y);
}
END_TEST

static Suite* make_saltelli_suite(void) {
  Suite* s = suite_create("saltelli");
  TCase* tc = mbe_tcase_create("indices");
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, test_ishigami);
  tcase_add_test(tc, test_gfunction);
  tcase_add_test(tc, test_coverage);
  tcase_add_test(tc, test_failed_blocks_and_errors);
  suite_add_tcase(s, tc);
  return s;
}

MbeSuiteFactory* const mbe_check_suites[] = {make_saltelli_suite, NULL};
