// SPDX-License-Identifier: Apache-2.0
// Tests of host/ensemble/ensemble_sample.*: distributions against closed forms and mpmath values,
// Sobol points against published, textbook and Boost values, LHS strata, grid levels, batch
// independence, and every parse, params-file and design error path.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ensemble_sample.h"
#include "io.h"
#include "mbe_check.h"
#include "mbe_normal.h"

// asserts a failure with status `code` whose message contains `part`
#define CK_FAILS(call, err, code, part)                                                            \
  do {                                                                                             \
    MbeStatus st_ = (call);                                                                        \
    ck_assert_msg(st_ == (code), "%s returned %d, expected %d (%s)", #call, (int)st_, (int)(code), \
                  (err).message);                                                                  \
    ck_assert_msg(strstr((err).message, (part)) != NULL, "message '%s' lacks '%s'", (err).message, \
                  (part));                                                                         \
  } while (0)

// a distribution from its text, asserting success
static MbeDist dist_of(MbeDistKind kind, const double* args, size_t nargs) {
  MbeDist d;
  MbeError err;
  ck_assert_int_eq(mbe_dist_init(&d, kind, args, nargs, &err), MBE_OK);
  return d;
}

// the reference normal CDF from the host libm (tests only)
static double ref_cdf(double x) {
  return 0.5 * erfc(-x / sqrt(2.0));
}

static int cmp_double(const void* a, const void* b) {
  double x = *(const double*)a, y = *(const double*)b;
  return (x > y) - (x < y);
}

/* ---- the standard normal ------------------------------------------------------------------ */

START_TEST(test_normal_cdf_reference_values) {
  // Phi(x) at 60 digits with mpmath (erfc(-x/sqrt(2))/2)
  static const struct {
    double x, phi;
  } REF[] = {
      {-38.0, 2.8854283600687843084e-316}, {-10.0, 7.619853024160526066e-24},
      {-5.0, 2.8665157187919391167e-7},    {-1.0, 0.15865525393145705141},
      {0.5, 0.69146246127401310364},       {1.0, 0.84134474606854294859},
      {3.0, 0.99865010196836990547},       {-5.657, 7.7020881721776008424e-9},
      {-8.0, 6.2209605742717841235e-16},   {0.0, 0.5},
  };
  for (size_t i = 0; i < sizeof REF / sizeof REF[0]; i++) {
    // subnormal results carry fewer digits
    double tol = REF[i].phi < 1e-300 ? 1e-7 : 2e-15;
    MBE_CK_NEAR(mbe_normal_cdf(REF[i].x), REF[i].phi, tol, 0.0);
  }

  // against libm's erfc on a grid; the rounding of x/sqrt(2) costs ~x^2 eps relative
  for (double x = -37.5; x <= 8.0; x += 0.0625) {
    double ref = ref_cdf(x);
    MBE_CK_NEAR(mbe_normal_cdf(x), ref, 4e-16 * (4.0 + x * x), 0.0);
  }
  ck_assert(mbe_normal_cdf(-40.0) == 0.0 && mbe_normal_cdf(40.0) == 1.0);
}
END_TEST

START_TEST(test_normal_quantile_known_values) {
  // Phi^-1(p) at 60 digits with mpmath
  static const struct {
    double p, x;
  } REF[] = {
      {0.975, 1.9599639845400542355},  {0.025, -1.9599639845400542355},
      {1e-10, -6.3613409024040562047}, {1e-300, -37.047096299361199237},
      {1e-3, -3.0902323061678135415},  {0.3, -0.52440051270804078404},
  };
  for (size_t i = 0; i < sizeof REF / sizeof REF[0]; i++) {
    MBE_CK_NEAR(mbe_normal_quantile(REF[i].p), REF[i].x, 1e-15, 0.0);
  }
  MBE_CK_NEAR(mbe_normal_quantile(0.975), 1.959963984540054, 1e-15, 0.0);
  ck_assert(mbe_normal_quantile(0.5) == 0.0);
  ck_assert(isinf(mbe_normal_quantile(0.0)) && mbe_normal_quantile(0.0) < 0.0);
  ck_assert(isinf(mbe_normal_quantile(1.0)) && mbe_normal_quantile(1.0) > 0.0);
  ck_assert(isnan(mbe_normal_quantile(-0.1)) && isnan(mbe_normal_quantile(1.5)));
}
END_TEST

START_TEST(test_normal_quantile_inverts_cdf) {
  // p from 1e-300 to 1 - 1e-16: Phi(Phi^-1(p)) = p to the conditioning of the pair
  for (double lp = -300.0; lp < 0.0; lp += 0.37) {
    double p = pow(10.0, lp);
    double x = mbe_normal_quantile(p);
    MBE_CK_NEAR(ref_cdf(x), p, 1e-15 * (8.0 + 2.0 * x * x), 0.0);
    double xc = mbe_normal_quantile(1.0 - p);
    if (p > 1e-16) {
      MBE_CK_NEAR(1.0 - ref_cdf(xc), p, 1e-16 / p + 1e-15 * (8.0 + 2.0 * xc * xc), 0.0);
    }
  }
}
END_TEST

/* ---- distributions ------------------------------------------------------------------------ */

START_TEST(test_quantiles_closed_form) {
  // uniform and normal
  MbeDist u = dist_of(MBE_DIST_UNIFORM, (double[]){2.0, 5.0}, 2);
  ck_assert(mbe_dist_quantile(&u, 0.25) == 2.75);
  MbeDist n = dist_of(MBE_DIST_NORMAL, (double[]){10.0, 2.0}, 2);
  MBE_CK_NEAR(mbe_dist_quantile(&n, 0.975), 10.0 + 2.0 * 1.959963984540054, 1e-15, 0.0);
  ck_assert(mbe_dist_quantile(&n, 0.5) == 10.0);

  // lognormal: median exp(mu), quartiles exp(mu +- sigma z)
  MbeDist ln = dist_of(MBE_DIST_LOGNORMAL, (double[]){0.7, 0.3}, 2);
  MBE_CK_NEAR(mbe_dist_quantile(&ln, 0.5), exp(0.7), 2.3e-16, 0.0);
  MBE_CK_NEAR(mbe_dist_quantile(&ln, 0.975), exp(0.7 + 0.3 * 1.9599639845400542355), 1e-15, 0.0);

  // triangular(1, 2, 4): the mode at F(c) = 1/3, both branches in closed form
  MbeDist tri = dist_of(MBE_DIST_TRIANGULAR, (double[]){1.0, 2.0, 4.0}, 3);
  MBE_CK_NEAR(mbe_dist_quantile(&tri, 1.0 / 3.0), 2.0, 1e-15, 0.0);
  MBE_CK_NEAR(mbe_dist_quantile(&tri, 0.1), 1.0 + sqrt(0.3), 1e-15, 0.0);
  MBE_CK_NEAR(mbe_dist_quantile(&tri, 0.5), 4.0 - sqrt(3.0), 1e-15, 0.0);
  MbeDist tri0 = dist_of(MBE_DIST_TRIANGULAR, (double[]){0.0, 0.0, 1.0}, 3);
  MBE_CK_NEAR(mbe_dist_quantile(&tri0, 0.75), 1.0 - sqrt(0.25), 1e-15, 0.0);

  // discrete in the given order, equal thirds; const
  MbeDist disc = dist_of(MBE_DIST_DISCRETE, (double[]){3.0, 1.0, 2.0}, 3);
  ck_assert(mbe_dist_quantile(&disc, 0.1) == 3.0 && mbe_dist_quantile(&disc, 0.33) == 3.0);
  ck_assert(mbe_dist_quantile(&disc, 0.34) == 1.0 && mbe_dist_quantile(&disc, 0.66) == 1.0);
  ck_assert(mbe_dist_quantile(&disc, 0.67) == 2.0 && mbe_dist_quantile(&disc, 0.999) == 2.0);
  MbeDist c = dist_of(MBE_DIST_CONST, (double[]){7.5}, 1);
  ck_assert(mbe_dist_quantile(&c, 0.01) == 7.5 && mbe_dist_quantile(&c, 0.99) == 7.5);
  ck_assert(!mbe_dist_is_continuous(&disc) && !mbe_dist_is_continuous(&c));
  ck_assert(mbe_dist_is_continuous(&tri) && mbe_dist_is_continuous(&ln));
  mbe_dist_deinit(&disc);
}
END_TEST

// the support holds every quantile, and a bounded one is reached at the extreme draws
START_TEST(test_support_holds_the_quantiles) {
  MbeDist d[] = {
      dist_of(MBE_DIST_UNIFORM, (double[]){2.0, 5.0}, 2),
      dist_of(MBE_DIST_NORMAL, (double[]){10.0, 2.0}, 2),
      dist_of(MBE_DIST_LOGNORMAL, (double[]){-3.0, 1.5}, 2),
      dist_of(MBE_DIST_TRUNCNORMAL, (double[]){0.0, 1.0, -0.5, 3.0}, 4),
      dist_of(MBE_DIST_TRIANGULAR, (double[]){1.0, 2.0, 4.0}, 3),
      dist_of(MBE_DIST_DISCRETE, (double[]){3.0, -1.0, 2.0}, 3),
      dist_of(MBE_DIST_CONST, (double[]){7.5}, 1),
  };
  const double eps = 0x1p-53;
  for (size_t i = 0; i < sizeof d / sizeof d[0]; i++) {
    double lo, hi;
    mbe_dist_support(&d[i], &lo, &hi);
    ck_assert(lo <= hi);
    double seen_lo = INFINITY, seen_hi = -INFINITY;
    for (int k = 0; k <= 1000; k++) {
      double u = k == 0 ? eps : k == 1000 ? 1.0 - eps : k / 1000.0;
      double x = mbe_dist_quantile(&d[i], u);
      ck_assert_msg(lo <= x && x <= hi, "%s: Q(%g) = %g outside [%g, %g]", mbe_dist_name(d[i].kind),
                    u, x, lo, hi);
      seen_lo = fmin(seen_lo, x);
      seen_hi = fmax(seen_hi, x);
    }
    if (isfinite(lo) && d[i].kind != MBE_DIST_LOGNORMAL) {  // lognormal's 0 is never reached
      MBE_CK_NEAR(seen_lo, lo, 1e-7, 1e-7);
    }
    if (isfinite(hi)) {
      MBE_CK_NEAR(seen_hi, hi, 1e-7, 1e-7);
    }
    mbe_dist_deinit(&d[i]);
  }
}
END_TEST

START_TEST(test_truncnormal_reference_values) {
  // quantiles at 60 digits with mpmath (root of the truncated CDF)
  static const struct {
    double mu, sigma, a, b, u, x;
  } REF[] = {
      {0, 1, 5, 6, 0.5, 5.1313717632839191851},
      {0, 1, -6, -5, 0.5, -5.1313717632839191851},
      {0, 1, 5, 6, 1e-6, 5.0000001921445966274},
      {0, 1, 5, 6, 0.999999, 5.9999529904202697082},
      {0, 1, 40, 41, 0.5, 40.017314126764651106},
      {0, 1, 40, 41, 0.999, 40.172215882479076291},
      {2, 3, -1, 8, 0.3, 1.2727885463323195917},
      {0, 1, 8, 9, 0.25, 8.0353396219050171815},
      {0, 1, 5, 1000, 1 - 1e-12, 8.8970918661927144421},
      {0, 1, -1000, -5, 1e-12, -8.8970894100555152847},
      {0, 1, -3, 8, 1 - 1e-13, 7.348105156955453734},
      {0, 1, -3, 8, 1e-13, -2.9999999999774665104},
  };
  for (size_t i = 0; i < sizeof REF / sizeof REF[0]; i++) {
    MbeDist d =
        dist_of(MBE_DIST_TRUNCNORMAL, (double[]){REF[i].mu, REF[i].sigma, REF[i].a, REF[i].b}, 4);
    MBE_CK_NEAR(mbe_dist_quantile(&d, REF[i].u), REF[i].x, 1e-13, 0.0);
  }
}
END_TEST

START_TEST(test_truncnormal_stays_in_bounds) {
  // far tails on either side, straddling and one-sided intervals: inside [a, b], non-decreasing
  static const double CASES[][4] = {{0, 1, 5, 6},       {0, 1, -6, -5},     {0, 1, 40, 41},
                                    {0, 1, -41, -40},   {0, 1, 1000, 1001}, {0, 1, 8, 1e300},
                                    {3, 0.5, -1e3, 10}, {0, 1, -1, 1},      {1, 2, 36, 36.0001}};
  static const double US[] = {0x1p-53, 1e-12, 1e-6, 0.1, 0.3, 0.5, 0.7, 0.9, 1 - 1e-6, 1 - 0x1p-53};
  for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
    MbeDist d = dist_of(MBE_DIST_TRUNCNORMAL, CASES[i], 4);
    double prev = -INFINITY;
    for (size_t k = 0; k < sizeof US / sizeof US[0]; k++) {
      double x = mbe_dist_quantile(&d, US[k]);
      ck_assert_msg(x >= CASES[i][2] && x <= CASES[i][3] && x >= prev,
                    "truncnormal(%g, %g, %g, %g) at %g = %.17g", CASES[i][0], CASES[i][1],
                    CASES[i][2], CASES[i][3], US[k], x);
      prev = x;
    }
  }

  // symmetric about the mean
  MbeDist s = dist_of(MBE_DIST_TRUNCNORMAL, (double[]){0.0, 1.0, -2.0, 2.0}, 4);
  MBE_CK_NEAR(mbe_dist_quantile(&s, 0.2), -mbe_dist_quantile(&s, 0.8), 1e-14, 1e-15);
}
END_TEST

START_TEST(test_mc_moments) {
  // 100000 MC draws of six families: sample means within 4 standard errors
  enum { N = 100000, D = 6 };
  MbeDist dists[D] = {
      dist_of(MBE_DIST_UNIFORM, (double[]){2.0, 5.0}, 2),
      dist_of(MBE_DIST_NORMAL, (double[]){1.0, 2.0}, 2),
      dist_of(MBE_DIST_LOGNORMAL, (double[]){0.0, 0.5}, 2),
      dist_of(MBE_DIST_TRIANGULAR, (double[]){0.0, 1.0, 4.0}, 3),
      dist_of(MBE_DIST_TRUNCNORMAL, (double[]){0.0, 1.0, -1.0, 2.0}, 4),
      dist_of(MBE_DIST_DISCRETE, (double[]){1.0, 2.0, 4.0}, 3),
  };

  // exact means and variances
  const double sqrt_2pi = 2.5066282746310005024;
  double phi_a = exp(-0.5) / sqrt_2pi, phi_b = exp(-2.0) / sqrt_2pi;
  double z = ref_cdf(2.0) - ref_cdf(-1.0);
  double tn_mean = (phi_a - phi_b) / z;
  double tn_var = 1.0 + (-1.0 * phi_a - 2.0 * phi_b) / z - tn_mean * tn_mean;
  const double mean[D] = {3.5, 1.0, exp(0.125), 5.0 / 3.0, tn_mean, 7.0 / 3.0};
  const double var[D] = {0.75, 4.0, (exp(0.25) - 1.0) * exp(0.25), 13.0 / 18.0, tn_var, 14.0 / 9.0};

  MbeSampleDef def = mbe_sample_def_default();
  def.seed = 20260517u;
  def.n = N;
  def.ndim = D;
  def.dists = dists;
  double* x = malloc(sizeof(double) * N * D);
  MbeError err;
  ck_assert_int_eq(mbe_sample_members(&def, 0, N, x, &err), MBE_OK);
  for (size_t j = 0; j < D; j++) {
    double s1 = 0.0, s2 = 0.0;
    for (size_t k = 0; k < N; k++) {
      s1 += x[k * D + j];
      s2 += x[k * D + j] * x[k * D + j];
    }
    double m = s1 / N, v = s2 / N - m * m;
    ck_assert_msg(fabs(m - mean[j]) < 4.0 * sqrt(var[j] / N), "dimension %zu: mean %.6g, not %.6g",
                  j, m, mean[j]);

    // variances where the fourth moment is known: uniform (9^2/80), normal (3 sigma^4)
    if (j == 0) {
      ck_assert(fabs(v - 0.75) < 4.0 * sqrt((81.0 / 80.0 - 0.75 * 0.75) / N));
    } else if (j == 1) {
      ck_assert(fabs(v - 4.0) < 4.0 * sqrt((3.0 * 16.0 - 16.0) / N));
    }
  }
  free(x);
  mbe_dist_deinit(&dists[5]);
}
END_TEST

START_TEST(test_ks_statistics) {
  // MC: the KS distance of 10000 normal draws below the 0.1% critical value 1.95/sqrt(n)
  enum { N = 10000 };
  MbeDist d = dist_of(MBE_DIST_NORMAL, (double[]){0.0, 1.0}, 2);
  MbeSampleDef def = mbe_sample_def_default();
  def.seed = 7u;
  def.n = N;
  def.ndim = 1;
  def.dists = &d;
  double* x = malloc(sizeof(double) * N);
  MbeError err;
  ck_assert_int_eq(mbe_sample_members(&def, 0, N, x, &err), MBE_OK);
  qsort(x, N, sizeof *x, cmp_double);
  double dmax = 0.0;
  for (size_t k = 0; k < N; k++) {
    double f = ref_cdf(x[k]);
    dmax = fmax(dmax, fmax(fabs(f - (double)k / N), fabs((double)(k + 1) / N - f)));
  }
  ck_assert_msg(dmax < 1.95 / sqrt((double)N), "MC KS distance %g", dmax);

  // LHS of a truncated normal: one member per stratum, so the distance is at most 1/n
  MbeDist t = dist_of(MBE_DIST_TRUNCNORMAL, (double[]){1.0, 2.0, -2.0, 6.0}, 4);
  def.sampler = MBE_SAMPLER_LHS;
  def.dists = &t;
  ck_assert_int_eq(mbe_sample_members(&def, 0, N, x, &err), MBE_OK);
  qsort(x, N, sizeof *x, cmp_double);
  double pa = ref_cdf(-1.5), pb = ref_cdf(2.5);
  dmax = 0.0;
  for (size_t k = 0; k < N; k++) {
    double f = (ref_cdf((x[k] - 1.0) / 2.0) - pa) / (pb - pa);
    dmax = fmax(dmax, fmax(fabs(f - (double)k / N), fabs((double)(k + 1) / N - f)));
  }
  ck_assert_msg(dmax <= 1.0 / N + 1e-12, "LHS KS distance %g", dmax);
  free(x);
}
END_TEST

START_TEST(test_dist_init_errors) {
  MbeDist d;
  MbeError err;
  CK_FAILS(mbe_dist_init(&d, MBE_DIST_NORMAL, (double[]){NAN, 1.0}, 2, &err), err, MBE_ERR_USAGE,
           "normal arguments must be finite, argument 1 is nan");
  CK_FAILS(mbe_dist_init(&d, MBE_DIST_UNIFORM, (double[]){-1e308, 1e308}, 2, &err), err,
           MBE_ERR_USAGE, "uniform(a, b) needs a finite b - a, got a = -1e+308, b = 1e+308");
  CK_FAILS(mbe_dist_init(&d, MBE_DIST_TRUNCNORMAL, (double[]){-1e300, 1e-300, 0.0, 1.0}, 4, &err),
           err, MBE_ERR_USAGE, "needs (a - mu)/sigma and (b - mu)/sigma finite");
  CK_FAILS(mbe_dist_init(&d, MBE_DIST_COUNT, (double[]){1.0}, 1, &err), err, MBE_ERR_INVALID_ARG,
           "unknown distribution kind");
  ck_assert(d.value == NULL && d.nvalue == 0);
  ck_assert_str_eq(mbe_dist_name(MBE_DIST_TRUNCNORMAL), "truncnormal");
  ck_assert_str_eq(mbe_dist_name(MBE_DIST_COUNT), "?");
}
END_TEST

START_TEST(test_dist_format_and_copy) {
  char buf[64];
  MbeDist n = dist_of(MBE_DIST_NORMAL, (double[]){1.0, 0.25}, 2);
  ck_assert_uint_eq(mbe_dist_format(&n, buf, sizeof buf), strlen("normal(1, 0.25)"));
  ck_assert_str_eq(buf, "normal(1, 0.25)");
  MbeDist d = dist_of(MBE_DIST_DISCRETE, (double[]){1.0, 2.5, -3e-7, 0.1}, 4);
  mbe_dist_format(&d, buf, sizeof buf);
  ck_assert_str_eq(buf, "discrete(1, 2.5, -3e-07, 0.1)");

  // truncated like snprintf
  size_t need = mbe_dist_format(&d, buf, 9);
  ck_assert_uint_eq(need, strlen("discrete(1, 2.5, -3e-07, 0.1)"));
  ck_assert_str_eq(buf, "discrete");

  // a copy owns its values
  MbeDist c;
  MbeError err;
  ck_assert_int_eq(mbe_dist_copy(&c, &d, &err), MBE_OK);
  ck_assert(c.value != d.value && c.nvalue == 4 && c.value[1] == 2.5);
  mbe_dist_deinit(&d);
  ck_assert(mbe_dist_quantile(&c, 0.9) == 0.1);
  mbe_dist_deinit(&c);
  mbe_dist_deinit(NULL);
}
END_TEST

/* ---- Sobol -------------------------------------------------------------------------------- */

// Joe & Kuo's new-joe-kuo-6.21201, dimensions 2..16: degree s, coefficients a, m_1..m_s
static const struct {
  unsigned s, a, m[6];
} JOE_KUO[] = {
    {1, 0, {1}},
    {2, 1, {1, 3}},
    {3, 1, {1, 3, 1}},
    {3, 2, {1, 1, 1}},
    {4, 1, {1, 1, 3, 3}},
    {4, 4, {1, 3, 5, 13}},
    {5, 2, {1, 1, 5, 5, 17}},
    {5, 4, {1, 1, 5, 5, 5}},
    {5, 7, {1, 1, 7, 11, 19}},
    {5, 11, {1, 1, 5, 1, 1}},
    {5, 13, {1, 1, 1, 3, 11}},
    {5, 14, {1, 3, 5, 5, 31}},
    {6, 1, {1, 3, 3, 9, 7, 49}},
    {6, 13, {1, 1, 1, 15, 21, 21}},
    {6, 16, {1, 3, 1, 13, 27, 49}},
};

// Joe & Kuo's sobol.cc: direction numbers V_1..V_32 scaled by 2^32, points by the rightmost zero
// bit of the previous index (written apart from the library, for reference only)
static void textbook_sobol(size_t npts, size_t ndim, uint32_t* x) {
  for (size_t j = 0; j < ndim; j++) {
    uint32_t v[33];
    if (j == 0) {
      for (unsigned i = 1; i <= 32; i++) {
        v[i] = 1u << (32 - i);
      }
    } else {
      unsigned s = JOE_KUO[j - 1].s, a = JOE_KUO[j - 1].a;
      for (unsigned i = 1; i <= 32; i++) {
        if (i <= s) {
          v[i] = JOE_KUO[j - 1].m[i - 1] << (32 - i);
          continue;
        }
        v[i] = v[i - s] ^ (v[i - s] >> s);
        for (unsigned k = 1; k <= s - 1; k++) {
          v[i] ^= ((a >> (s - 1 - k)) & 1u) * v[i - k];
        }
      }
    }
    x[j] = 0;
    for (size_t i = 1; i < npts; i++) {
      unsigned c = 1;
      for (size_t value = i - 1; value & 1u; value >>= 1) {
        c++;
      }
      x[i * ndim + j] = x[(i - 1) * ndim + j] ^ v[c];
    }
  }
}

START_TEST(test_sobol_published_2d) {
  // the first points of the 2-dimensional sequence (Joe & Kuo, Bratley & Fox), origin first
  static const double PTS[][2] = {
      {0, 0},           {0.5, 0.5},        {0.75, 0.25},     {0.25, 0.75},     {0.375, 0.375},
      {0.875, 0.875},   {0.625, 0.125},    {0.125, 0.625},   {0.1875, 0.3125}, {0.6875, 0.8125},
      {0.9375, 0.0625}, {0.4375, 0.5625},  {0.3125, 0.1875}, {0.8125, 0.6875}, {0.5625, 0.4375},
      {0.0625, 0.9375}, {0.09375, 0.46875}};
  enum { NP = sizeof PTS / sizeof PTS[0] };
  double x[NP * 2];
  MbeError err;
  ck_assert_int_eq(mbe_sobol_points(2, 0, NP, x, &err), MBE_OK);
  for (size_t i = 0; i < NP; i++) {
    ck_assert_msg(x[2 * i] == PTS[i][0] && x[2 * i + 1] == PTS[i][1], "point %zu: %g %g", i,
                  x[2 * i], x[2 * i + 1]);
  }

  // dimension 1 is van der Corput's radical inverse of the Gray code i ^ (i >> 1)
  double* v = malloc(sizeof(double) * 5000);
  ck_assert_int_eq(mbe_sobol_points(1, 0, 5000, v, &err), MBE_OK);
  for (uint32_t i = 0; i < 5000; i++) {
    uint32_t g = i ^ (i >> 1);
    double r = 0.0, f = 0.5;
    for (; g; g >>= 1, f *= 0.5) {
      r += (g & 1u) ? f : 0.0;
    }
    ck_assert_msg(v[i] == r, "point %u: %.17g != %.17g", i, v[i], r);
  }
  free(v);

  // members are points 1, 2, ...: uniform(0, 1) passes u through
  MbeDist u01[2] = {dist_of(MBE_DIST_UNIFORM, (double[]){0.0, 1.0}, 2),
                    dist_of(MBE_DIST_UNIFORM, (double[]){0.0, 1.0}, 2)};
  MbeSampleDef def = mbe_sample_def_default();
  def.sampler = MBE_SAMPLER_SOBOL;
  def.n = NP - 1;
  def.ndim = 2;
  def.dists = u01;
  double m[(NP - 1) * 2];
  ck_assert_int_eq(mbe_sample_members(&def, 0, NP - 1, m, &err), MBE_OK);
  ck_assert(memcmp(m, x + 2, sizeof m) == 0);
}
END_TEST

START_TEST(test_sobol_textbook_16d) {
  // 4096 points of 16 dimensions against the textbook algorithm, bit for bit
  enum { NP = 4096, ND = 16 };
  uint32_t* ref = malloc(sizeof(uint32_t) * NP * ND);
  double* x = malloc(sizeof(double) * NP * ND);
  textbook_sobol(NP, ND, ref);
  MbeError err;
  ck_assert_int_eq(mbe_sobol_points(ND, 0, NP, x, &err), MBE_OK);
  for (size_t i = 0; i < (size_t)NP * ND; i++) {
    ck_assert_msg(x[i] == ref[i] * 0x1p-32, "point %zu dimension %zu: %.17g != %.17g", i / ND,
                  i % ND + 1, x[i], ref[i] * 0x1p-32);
  }
  free(ref);
  free(x);
}
END_TEST

START_TEST(test_sobol_high_dimensions) {
  // Boost 1.81 sobol_engine<uint32_t, 32> (its own code over the same table): points 1000 and
  // 1025 in dimensions 2, 3, 10, 100, 1000, 3667 (multiples of 2^-32)
  static const size_t DIMS[6] = {2, 3, 10, 100, 1000, 3667};
  static const uint32_t P1000[6] = {415236096u, 2227175424u, 297795584u,
                                    801112064u, 859832320u,  3837788160u};
  static const uint32_t P1025[6] = {3764387840u, 4070572032u, 736100352u,
                                    3684696064u, 698351616u,  1159725056u};
  double* x = malloc(sizeof(double) * 3667 * 2);
  MbeError err;
  ck_assert_int_eq(mbe_sobol_points(3667, 1000, 1, x, &err), MBE_OK);
  ck_assert_int_eq(mbe_sobol_points(3667, 1025, 1, x + 3667, &err), MBE_OK);
  for (size_t i = 0; i < 6; i++) {
    ck_assert_msg(x[DIMS[i] - 1] == P1000[i] * 0x1p-32, "point 1000 dimension %zu", DIMS[i]);
    ck_assert_msg(x[3667 + DIMS[i] - 1] == P1025[i] * 0x1p-32, "point 1025 dimension %zu", DIMS[i]);
  }
  free(x);
}
END_TEST

START_TEST(test_sobol_net_property) {
  // points 0 .. 2^m - 1 of dimensions 1, 2 form a (0, m, 2)-net: every elementary interval of
  // volume 2^-m (2^-a by 2^-(m-a)) holds exactly one point
  enum { M = 10, NP = 1 << M };
  double* x = malloc(sizeof(double) * NP * 2);
  int* count = malloc(sizeof(int) * NP);
  MbeError err;
  ck_assert_int_eq(mbe_sobol_points(2, 0, NP, x, &err), MBE_OK);
  for (int a = 0; a <= M; a++) {
    memset(count, 0, sizeof(int) * NP);
    for (size_t i = 0; i < NP; i++) {
      size_t bx = (size_t)(x[2 * i] * (double)(1 << a));
      size_t by = (size_t)(x[2 * i + 1] * (double)(1 << (M - a)));
      count[bx * (1u << (M - a)) + by]++;
    }
    for (size_t c = 0; c < NP; c++) {
      ck_assert_msg(count[c] == 1, "interval %zu of shape 2^-%d x 2^-%d holds %d points", c, a,
                    M - a, count[c]);
    }
  }

  // every one of the 3667 dimensions: the first 2^m points fill the 2^m strata of [0, 1)
  size_t nd = mbe_sobol_max_dims();
  ck_assert_uint_eq(nd, 3667);
  double* y = malloc(sizeof(double) * NP * nd);
  ck_assert_int_eq(mbe_sobol_points(nd, 0, NP, y, &err), MBE_OK);
  for (size_t j = 0; j < nd; j++) {
    memset(count, 0, sizeof(int) * NP);
    for (size_t i = 0; i < NP; i++) {
      count[(size_t)(y[i * nd + j] * NP)]++;
    }
    for (size_t c = 0; c < NP; c++) {
      ck_assert_msg(count[c] == 1, "dimension %zu stratum %zu holds %d points", j + 1, c, count[c]);
    }
  }
  free(x);
  free(y);
  free(count);
}
END_TEST

START_TEST(test_sobol_limits_and_seed) {
  // 3667 dimensions work, 3668 do not, and the message names the limit
  MbeDist* d = malloc(sizeof(MbeDist) * 3668);
  for (size_t j = 0; j < 3668; j++) {
    d[j] = dist_of(MBE_DIST_NORMAL, (double[]){0.0, 1.0}, 2);
  }
  MbeSampleDef def = mbe_sample_def_default();
  def.sampler = MBE_SAMPLER_SOBOL;
  def.n = 10;
  def.ndim = 3667;
  def.dists = d;
  double* x = malloc(sizeof(double) * 3668 * 2);
  MbeError err;
  ck_assert_int_eq(mbe_sample_members(&def, 9, 1, x, &err), MBE_OK);
  for (size_t j = 0; j < 3667; j++) {
    ck_assert(isfinite(x[j]));
  }
  def.ndim = 3668;
  CK_FAILS(mbe_sample_def_check(&def, &err), err, MBE_ERR_USAGE, "at most 3667 dimensions");
  CK_FAILS(mbe_sample_members(&def, 0, 1, x, &err), err, MBE_ERR_USAGE, "not 3668");
  CK_FAILS(mbe_sobol_points(3668, 0, 1, x, &err), err, MBE_ERR_USAGE, "at most 3667");
  CK_FAILS(mbe_sobol_points(1, 0xffffffffu, 2, x, &err), err, MBE_ERR_USAGE, "2^32 points");

  // more members than 32-bit points
  def.ndim = 1;
  def.n = (size_t)1 << 32;
  CK_FAILS(mbe_sample_def_check(&def, &err), err, MBE_ERR_USAGE, "at most 4294967295 members");

  // the seed does not change the points
  def.n = 64;
  def.ndim = 3;
  def.seed = 1;
  ck_assert_int_eq(mbe_sample_members(&def, 0, 2, x, &err), MBE_OK);
  def.seed = 987654321;
  ck_assert_int_eq(mbe_sample_members(&def, 0, 2, x + 6, &err), MBE_OK);
  ck_assert(memcmp(x, x + 6, sizeof(double) * 6) == 0);
  free(x);
  free(d);
}
END_TEST

/* ---- LHS ---------------------------------------------------------------------------------- */

// n members of 3 uniform(0, 1) dimensions by LHS
static double* lhs_uniform(size_t n, uint64_t seed) {
  MbeDist u[3];
  for (int j = 0; j < 3; j++) {
    u[j] = dist_of(MBE_DIST_UNIFORM, (double[]){0.0, 1.0}, 2);
  }
  MbeSampleDef def = mbe_sample_def_default();
  def.sampler = MBE_SAMPLER_LHS;
  def.seed = seed;
  def.n = n;
  def.ndim = 3;
  def.dists = u;
  double* x = malloc(sizeof(double) * n * 3);
  MbeError err;
  ck_assert_int_eq(mbe_sample_members(&def, 0, n, x, &err), MBE_OK);
  return x;
}

START_TEST(test_lhs_one_member_per_stratum) {
  static const size_t NS[] = {1, 2, 7, 1000, 4096, 5000};
  for (size_t t = 0; t < sizeof NS / sizeof NS[0]; t++) {
    size_t n = NS[t];
    double* x = lhs_uniform(n, 42u);
    char* hit = calloc(n, 1);
    for (size_t j = 0; j < 3; j++) {
      memset(hit, 0, n);
      for (size_t k = 0; k < n; k++) {
        double u = x[k * 3 + j];
        ck_assert(u > 0.0 && u < 1.0);
        size_t s = (size_t)(u * (double)n);
        ck_assert_msg(s < n && !hit[s], "n %zu dimension %zu: stratum %zu hit twice", n, j, s);
        hit[s] = 1;
      }
    }
    free(hit);
    free(x);
  }
}
END_TEST

START_TEST(test_lhs_dimensions_and_seeds_differ) {
  // the permutations (strata of members) differ between dimensions and between seeds
  enum { N = 1000 };
  double* x = lhs_uniform(N, 42u);
  double* y = lhs_uniform(N, 43u);
  size_t same01 = 0, same02 = 0, same12 = 0, same_seed = 0;
  for (size_t k = 0; k < N; k++) {
    size_t s0 = (size_t)(x[k * 3] * N), s1 = (size_t)(x[k * 3 + 1] * N);
    size_t s2 = (size_t)(x[k * 3 + 2] * N), t0 = (size_t)(y[k * 3] * N);
    same01 += s0 == s1;
    same02 += s0 == s2;
    same12 += s1 == s2;
    same_seed += s0 == t0;
  }
  // a random permutation pair agrees in about one place
  ck_assert_msg(same01 < 10 && same02 < 10 && same12 < 10 && same_seed < 10,
                "agreements %zu %zu %zu %zu", same01, same02, same12, same_seed);

  // and the permutation is not the identity or a shift
  size_t ordered = 0;
  for (size_t k = 1; k < N; k++) {
    ordered += x[k * 3] > x[(k - 1) * 3];
  }
  ck_assert_msg(ordered > N / 2 - 100 && ordered < N / 2 + 100, "%zu ascents", ordered);
  free(x);
  free(y);
}
END_TEST

START_TEST(test_lhs_member_alone) {
  // a member computed alone equals the same member in a block
  enum { N = 777 };
  double* x = lhs_uniform(N, 5u);
  MbeDist u[3];
  for (int j = 0; j < 3; j++) {
    u[j] = dist_of(MBE_DIST_UNIFORM, (double[]){0.0, 1.0}, 2);
  }
  MbeSampleDef def = mbe_sample_def_default();
  def.sampler = MBE_SAMPLER_LHS;
  def.seed = 5u;
  def.n = N;
  def.ndim = 3;
  def.dists = u;
  MbeError err;
  for (size_t k = 0; k < N; k += 97) {
    double one[3];
    ck_assert_int_eq(mbe_sample_members(&def, k, 1, one, &err), MBE_OK);
    ck_assert(memcmp(one, x + 3 * k, sizeof one) == 0);
  }
  free(x);
}
END_TEST

/* ---- grid --------------------------------------------------------------------------------- */

START_TEST(test_grid_levels_and_order) {
  // discrete(10, 20, 30) x uniform(0, 1) with 4 levels x const(5): 12 members, last fastest
  MbeDist d[3] = {dist_of(MBE_DIST_DISCRETE, (double[]){10.0, 20.0, 30.0}, 3),
                  dist_of(MBE_DIST_UNIFORM, (double[]){0.0, 1.0}, 2),
                  dist_of(MBE_DIST_CONST, (double[]){5.0}, 1)};
  MbeSampleDef def = mbe_sample_def_default();
  def.sampler = MBE_SAMPLER_GRID;
  def.n = 12;
  def.ndim = 3;
  def.dists = d;
  double x[36];
  MbeError err;
  ck_assert_int_eq(mbe_sample_members(&def, 0, 12, x, &err), MBE_OK);
  static const double MID[4] = {0.125, 0.375, 0.625, 0.875};
  for (size_t k = 0; k < 12; k++) {
    ck_assert(x[3 * k] == 10.0 * (double)(k / 4 + 1));
    ck_assert(x[3 * k + 1] == MID[k % 4]);
    ck_assert(x[3 * k + 2] == 5.0);
  }

  // normal levels are the quantiles of the stratum midpoints: 2 levels at +-Phi^-1(3/4)
  MbeDist n2[2] = {dist_of(MBE_DIST_NORMAL, (double[]){0.0, 1.0}, 2),
                   dist_of(MBE_DIST_NORMAL, (double[]){1.0, 2.0}, 2)};
  def.n = 4;
  def.ndim = 2;
  def.dists = n2;
  ck_assert_int_eq(mbe_sample_members(&def, 0, 4, x, &err), MBE_OK);
  const double q = 0.67448975019608174320;
  MBE_CK_NEAR(x[0], -q, 1e-15, 0.0);
  MBE_CK_NEAR(x[1], 1.0 - 2.0 * q, 1e-15, 0.0);
  MBE_CK_NEAR(x[3], 1.0 + 2.0 * q, 1e-15, 0.0);
  MBE_CK_NEAR(x[6], q, 1e-15, 0.0);
  mbe_dist_deinit(&d[0]);
}
END_TEST

START_TEST(test_grid_count_errors) {
  MbeDist d[3] = {dist_of(MBE_DIST_UNIFORM, (double[]){0.0, 1.0}, 2),
                  dist_of(MBE_DIST_NORMAL, (double[]){0.0, 1.0}, 2),
                  dist_of(MBE_DIST_DISCRETE, (double[]){1.0, 2.0, 3.0, 4.0, 5.0, 6.0}, 6)};
  MbeSampleDef def = mbe_sample_def_default();
  def.sampler = MBE_SAMPLER_GRID;
  def.dists = d;
  MbeError err;

  // two continuous dimensions
  def.ndim = 2;
  def.n = 50;
  CK_FAILS(mbe_sample_def_check(&def, &err), err, MBE_ERR_USAGE,
           "a grid of 2 continuous dimensions has L^2 members: 49 or 64, not 50");
  def.n = 49;
  ck_assert_int_eq(mbe_sample_def_check(&def, &err), MBE_OK);

  // with six discrete levels (the discrete dimension last)
  MbeDist e[3] = {d[0], d[1], d[2]};
  def.dists = e;
  def.ndim = 3;
  def.n = 300;
  CK_FAILS(mbe_sample_def_check(&def, &err), err, MBE_ERR_USAGE,
           "has 6*L^2 members: 294 or 384, not 300");
  def.n = 5;
  CK_FAILS(mbe_sample_def_check(&def, &err), err, MBE_ERR_USAGE, "the smallest is 6, not 5");
  def.n = 6 * 81;
  ck_assert_int_eq(mbe_sample_def_check(&def, &err), MBE_OK);

  // only discrete: exactly the product
  def.dists = &d[2];
  def.ndim = 1;
  def.n = 7;
  CK_FAILS(mbe_sample_def_check(&def, &err), err, MBE_ERR_USAGE, "has exactly 6 members");
  mbe_dist_deinit(&d[2]);
}
END_TEST

/* ---- the Saltelli design ------------------------------------------------------------------ */

// SALib's layout: N = 100 blocks of 2D + 2 members over Sobol points 128 .. 227 (skip: the
// least power of two >= N) in 2D dimensions; a block's rows A, AB_1.., BA_1.., B; members that
// are not whole blocks, or no parameters, are refused
START_TEST(test_saltelli_layout) {
  enum { D = 3, NB = 100, BLK = 2 * D + 2 };
  MbeDist d[D] = {dist_of(MBE_DIST_UNIFORM, (double[]){0.0, 1.0}, 2),
                  dist_of(MBE_DIST_UNIFORM, (double[]){0.0, 1.0}, 2),
                  dist_of(MBE_DIST_UNIFORM, (double[]){0.0, 1.0}, 2)};
  MbeSampleDef def = mbe_sample_def_default();
  def.sampler = MBE_SAMPLER_SALTELLI, def.n = NB * BLK, def.ndim = D, def.dists = d;
  double* x = malloc(sizeof(double) * NB * BLK * D);
  MbeError err;
  ck_assert_int_eq(mbe_sample_members(&def, 0, def.n, x, &err), MBE_OK);
  for (int i = 0; i < NB; i += 33) {
    double p[2 * D];
    ck_assert_int_eq(mbe_sobol_points(2 * D, 128 + (uint64_t)i, 1, p, &err), MBE_OK);
    const double* blk = x + (size_t)i * BLK * D;
    for (int j = 0; j < D; j++) {
      ck_assert(blk[0 * D + j] == p[j] && blk[(BLK - 1) * D + j] == p[D + j]);
      for (int r = 0; r < D; r++) {
        ck_assert(blk[(1 + r) * D + j] == (j == r ? p[D + j] : p[j]));      // AB_r
        ck_assert(blk[(1 + D + r) * D + j] == (j == r ? p[j] : p[D + j]));  // BA_r
      }
    }
  }
  ck_assert(mbe_saltelli_block(D, false) == BLK && mbe_saltelli_block(D, true) == D + 2 && mbe_saltelli_base_is_balanced(128) &&
            !mbe_saltelli_base_is_balanced(100));
  // first order only: blocks A, AB_1 .. AB_3, B of the same points
  double* x1 = malloc(sizeof(double) * NB * (D + 2) * D);
  def.first_order_only = true, def.n = NB * (D + 2);
  ck_assert_int_eq(mbe_sample_members(&def, 0, def.n, x1, &err), MBE_OK);
  for (int i = 0; i < NB; i++) {
    for (int r = 0; r < D + 2; r++) {
      int full = r == D + 1 ? BLK - 1 : r;  // the same row of the full block
      for (int j = 0; j < D; j++)
        ck_assert(x1[((size_t)i * (D + 2) + r) * D + j] == x[((size_t)i * BLK + full) * D + j]);
    }
  }
  free(x1);
  def.first_order_only = false;
  def.n = NB * BLK + 1;
  CK_FAILS(mbe_sample_def_check(&def, &err), err, MBE_ERR_USAGE,
           "has N (2 x 3 + 2) = N x 8 members, not 801");
  def.ndim = 0, def.n = 2;
  CK_FAILS(mbe_sample_def_check(&def, &err), err, MBE_ERR_USAGE, "the Saltelli design takes 1 to");
  free(x);
}
END_TEST

// Morris trajectories (SALib's morris.sample): r blocks of d + 1 members; each step moves one
// parameter by delta (b - a) of its uniform(a, b) (p = 4: delta = 2/3), every parameter once per
// trajectory, all values on the grid a + (b - a) {0, 1/3, 2/3, 1}; different seeds, other
// trajectories; unbounded distributions and odd levels refused
START_TEST(test_morris_layout) {
  enum { D = 3, R = 50 };
  MbeDist d[D] = {dist_of(MBE_DIST_UNIFORM, (double[]){0.0, 1.0}, 2),
                  dist_of(MBE_DIST_UNIFORM, (double[]){-3.0, 3.0}, 2),
                  dist_of(MBE_DIST_UNIFORM, (double[]){10.0, 11.0}, 2)};
  const double lo[D] = {0, -3, 10}, width[D] = {1, 6, 1};
  MbeSampleDef def = mbe_sample_def_default();
  def.sampler = MBE_SAMPLER_MORRIS, def.n = R * (D + 1), def.ndim = D, def.dists = d;
  def.seed = 5;
  double* x = malloc(sizeof(double) * R * (D + 1) * D);
  double* x2 = malloc(sizeof(double) * R * (D + 1) * D);
  MbeError err;
  ck_assert_int_eq(mbe_sample_members(&def, 0, def.n, x, &err), MBE_OK);
  ck_assert(fabs(mbe_morris_delta(4) - 2.0 / 3) < 1e-15);
  for (int t = 0; t < R; t++) {
    int moved[D] = {0};
    for (int s = 0; s <= D; s++) {
      const double* row = x + (t * (D + 1) + s) * D;
      for (int j = 0; j < D; j++) {
        double level = (row[j] - lo[j]) / width[j] * 3;
        ck_assert_msg(fabs(level - round(level)) < 1e-9, "off the grid: %g", row[j]);
        if (s > 0 && row[j] != row[j - D]) {
          moved[j]++;
          MBE_CK_NEAR(fabs(row[j] - row[j - D]), 2.0 / 3 * width[j], 1e-12, 0);
        }
      }
    }
    for (int j = 0; j < D; j++)
      ck_assert_int_eq(moved[j], 1);
  }
  def.seed = 6;
  ck_assert_int_eq(mbe_sample_members(&def, 0, def.n, x2, &err), MBE_OK);
  int same = 0;
  for (int i = 0; i < R * (D + 1) * D; i++)
    same += x[i] == x2[i];
  ck_assert_int_lt(same, R * (D + 1) * D / 2);
  def.levels = 5;
  CK_FAILS(mbe_sample_def_check(&def, &err), err, MBE_ERR_USAGE, "an even number of levels");
  def.levels = 4;
  d[1] = dist_of(MBE_DIST_NORMAL, (double[]){0.0, 1.0}, 2);
  CK_FAILS(mbe_sample_def_check(&def, &err), err, MBE_ERR_USAGE,
           "it needs a bounded, continuous distribution");
  free(x), free(x2);
}
END_TEST

/* ---- batch independence ------------------------------------------------------------------- */

// Campolongo's selection: the same spread as every subset tried here (a second, plain search)
// where the exhaustive path runs; where the local search runs, a set no single exchange
// improves that spreads more than the first trajectories and than random subsets; the design's
// trajectories are the chosen candidates' points
static MbeSampleDef morris_def(MbeDist* d, size_t ndim, size_t r) {
  for (size_t j = 0; j < ndim; j++)
    d[j] = dist_of(MBE_DIST_UNIFORM, (double[]){0.0, 1.0 + (double)j}, 2);
  MbeSampleDef def = mbe_sample_def_default();
  def.sampler = MBE_SAMPLER_MORRIS, def.n = r * (ndim + 1), def.ndim = ndim, def.dists = d;
  def.seed = 17;
  return def;
}

START_TEST(test_morris_selection_exhaustive) {
  enum { D = 3, M = 10, R = 4 };
  MbeDist d[D];
  MbeSampleDef def = morris_def(d, D, R);
  uint64_t chosen[R], sub[R];
  double spread = 0;
  MbeError err;
  ck_assert_int_eq(mbe_morris_select(&def, M, chosen, &spread, &err), MBE_OK);
  MBE_CK_NEAR(mbe_morris_spread(&def, chosen, R), spread, 1e-12, 0);
  double best = 0;
  for (int a = 0; a < M; a++)
    for (int b = a + 1; b < M; b++)
      for (int c = b + 1; c < M; c++)
        for (int e = c + 1; e < M; e++) {
          sub[0] = (uint64_t)a, sub[1] = (uint64_t)b, sub[2] = (uint64_t)c, sub[3] = (uint64_t)e;
          double v = mbe_morris_spread(&def, sub, R);
          best = v > best ? v : best;
        }
  MBE_CK_NEAR(spread, best, 1e-12, 0);
  for (int i = 1; i < R; i++)
    ck_assert(chosen[i] > chosen[i - 1]);

  // the design's members are the chosen candidates' points
  def.morris_chosen = chosen;
  double x[R * (D + 1) * D], u[D];
  ck_assert_int_eq(mbe_sample_members(&def, 0, def.n, x, &err), MBE_OK);
  for (int t = 0; t < R; t++)
    for (int p = 0; p <= D; p++) {
      mbe_morris_point(&def, chosen[t], (size_t)p, u);
      for (int j = 0; j < D; j++)
        MBE_CK_NEAR(x[(t * (D + 1) + p) * D + j], u[j] * (1.0 + j), 1e-15, 1e-14);
    }
}
END_TEST

START_TEST(test_morris_selection_local) {
  enum { D = 4, M = 120, R = 8 };
  MbeDist d[D];
  MbeSampleDef def = morris_def(d, D, R);
  uint64_t chosen[R], sub[R];
  double spread = 0;
  MbeError err;
  ck_assert_int_eq(mbe_morris_select(&def, M, chosen, &spread, &err), MBE_OK);
  for (int i = 0; i < R; i++)
    sub[i] = (uint64_t)i;
  ck_assert(spread > mbe_morris_spread(&def, sub, R));
  uint64_t state = 3;
  for (int k = 0; k < 300; k++) {
    for (int i = 0; i < R; i++) {  // R distinct candidates
      bool again = true;
      while (again) {
        sub[i] = mbe_test_rng_next(&state) % M;
        again = false;
        for (int j = 0; j < i; j++)
          again = again || sub[j] == sub[i];
      }
    }
    ck_assert(spread >= mbe_morris_spread(&def, sub, R));
  }
  // no single exchange helps
  for (int i = 0; i < R; i++) {
    for (uint64_t c = 0; c < M; c++) {
      bool in = false;
      for (int j = 0; j < R; j++)
        in = in || chosen[j] == c;
      if (in)
        continue;
      memcpy(sub, chosen, sizeof sub);
      sub[i] = c;
      ck_assert(mbe_morris_spread(&def, sub, R) <= spread * (1 + 1e-12));
    }
  }
  // what cannot be chosen
  ck_assert_int_eq(mbe_morris_select(&def, R, chosen, NULL, &err), MBE_ERR_USAGE);
  ck_assert_int_eq(mbe_morris_select(&def, MBE_MORRIS_CANDIDATES_MAX + 1, chosen, NULL, &err),
                   MBE_ERR_USAGE);
}
END_TEST

START_TEST(test_batches_give_the_same_bits) {
  // every sampler: [0, n) in one call equals calls of random sizes, bit for bit
  enum { N = 1024, D = 4 };
  MbeDist d[D] = {dist_of(MBE_DIST_DISCRETE, (double[]){1.0, 2.0, 3.0, 4.0}, 4),
                  dist_of(MBE_DIST_TRUNCNORMAL, (double[]){0.0, 1.0, 5.0, 6.0}, 4),
                  dist_of(MBE_DIST_LOGNORMAL, (double[]){0.0, 1.0}, 2),
                  dist_of(MBE_DIST_CONST, (double[]){2.0}, 1)};
  MbeDist bounded[D] = {dist_of(MBE_DIST_UNIFORM, (double[]){1.0, 4.0}, 2),
                        dist_of(MBE_DIST_TRUNCNORMAL, (double[]){0.0, 1.0, 5.0, 6.0}, 4),
                        dist_of(MBE_DIST_TRIANGULAR, (double[]){0.0, 1.0, 3.0}, 3),
                        dist_of(MBE_DIST_UNIFORM, (double[]){-1.0, 0.0}, 2)};
  double* design = malloc(sizeof(double) * N * D);
  for (size_t i = 0; i < N * D; i++) {
    design[i] = (double)i * 0.5;
  }
  double* whole = malloc(sizeof(double) * N * D);
  double* parts = malloc(sizeof(double) * N * D);
  MbeError err;
  for (int s = 0; s < MBE_SAMPLER_COUNT; s++) {
    MbeSampleDef def = mbe_sample_def_default();
    def.sampler = (MbeSampler)s;
    def.seed = 99u;
    def.n = s == MBE_SAMPLER_GRID       ? 4 * 16 * 16
            : s == MBE_SAMPLER_SALTELLI ? 100 * (2 * D + 2)
            : s == MBE_SAMPLER_MORRIS || s == MBE_SAMPLER_RADIAL ? 200 * (D + 1)
                                                                 : N;
    def.ndim = D;
    def.dists = s == MBE_SAMPLER_MORRIS ? bounded : d;  // Morris: bounded, continuous ones
    def.design = design;
    def.design_rows = N;
    ck_assert_int_eq(mbe_sample_members(&def, 0, def.n, whole, &err), MBE_OK);

    // chunks of 1..37 members from a fixed LCG
    uint32_t lcg = 12345u;
    for (size_t first = 0; first < def.n;) {
      lcg = lcg * 1664525u + 1013904223u;
      size_t count = 1 + (lcg >> 16) % 37;
      count = count < def.n - first ? count : def.n - first;
      ck_assert_int_eq(mbe_sample_members(&def, first, count, parts + first * D, &err), MBE_OK);
      first += count;
    }
    ck_assert_msg(memcmp(whole, parts, sizeof(double) * def.n * D) == 0, "sampler %s differs",
                  mbe_sampler_name((MbeSampler)s));

    // the values are the design rows for DESIGN, finite otherwise
    for (size_t i = 0; i < def.n * D; i++) {
      ck_assert(isfinite(whole[i]));
      ck_assert(s != MBE_SAMPLER_DESIGN || whole[i] == design[i]);
    }
  }
  free(design);
  free(whole);
  free(parts);
  mbe_dist_deinit(&d[0]);
}
END_TEST

START_TEST(test_def_checks) {
  MbeDist u = dist_of(MBE_DIST_UNIFORM, (double[]){0.0, 1.0}, 2);
  MbeSampleDef def = mbe_sample_def_default();
  def.ndim = 1;
  def.dists = &u;
  double x[4];
  MbeError err;

  // members outside the ensemble, no members, an uninitialised definition
  def.n = 3;
  CK_FAILS(mbe_sample_members(&def, 2, 2, x, &err), err, MBE_ERR_INVALID_ARG, "outside");
  def.n = 0;
  CK_FAILS(mbe_sample_def_check(&def, &err), err, MBE_ERR_USAGE, "at least 1 member");
  MbeSampleDef raw;
  memset(&raw, 0, sizeof raw);
  CK_FAILS(mbe_sample_def_check(&raw, &err), err, MBE_ERR_INVALID_ARG, "mbe_sample_def_default");

  // a design shorter than the ensemble
  def.sampler = MBE_SAMPLER_DESIGN;
  def.design = x;
  def.design_rows = 2;
  def.n = 3;
  CK_FAILS(mbe_sample_def_check(&def, &err), err, MBE_ERR_USAGE,
           "the design has 2 rows, fewer than the 3 members");

  // sampler names
  MbeSampler s = MBE_SAMPLER_MC;
  ck_assert_int_eq(mbe_sampler_parse("sobol", &s, &err), MBE_OK);
  ck_assert_int_eq(s, MBE_SAMPLER_SOBOL);
  ck_assert_str_eq(mbe_sampler_name(MBE_SAMPLER_LHS), "lhs");
  CK_FAILS(mbe_sampler_parse("halton", &s, &err), err, MBE_ERR_USAGE,
           "--sampler takes mc, lhs, sobol, grid, saltelli, morris or radial, not 'halton'");
}
END_TEST

/* ---- --vary ------------------------------------------------------------------------------- */

START_TEST(test_vary_parse_accepts) {
  static const struct {
    const char* text;
    const char* name;
    MbeDistKind kind;
    double arg0;
  } OK[] = {
      {"body.m=normal(1, 0.1)", "body.m", MBE_DIST_NORMAL, 1.0},
      {"  boxBody1.r[1] = uniform( -2e-3 , .5 )  ", "boxBody1.r[1]", MBE_DIST_UNIFORM, -2e-3},
      {"revolute1.phi.start=truncnormal(0,1,-1,1)", "revolute1.phi.start", MBE_DIST_TRUNCNORMAL,
       0.0},
      {"R.T[1, 2]=const(3)", "R.T[1,2]", MBE_DIST_CONST, 3.0},
      {"world.g=discrete(9.81, 9.80665, +1.)", "world.g", MBE_DIST_DISCRETE, 9.81},
      {"'a b'.x_2=triangular(0, 1E1, 20)", "'a b'.x_2", MBE_DIST_TRIANGULAR, 0.0},
      {"a[2].b[3]\t=\tlognormal(-1.5e+2,2)", "a[2].b[3]", MBE_DIST_LOGNORMAL, -150.0},
  };
  MbeVaryList l;
  mbe_vary_list_init(&l);
  MbeError err;
  for (size_t i = 0; i < sizeof OK / sizeof OK[0]; i++) {
    ck_assert_msg(mbe_vary_parse(OK[i].text, &l, &err) == MBE_OK, "%s: %s", OK[i].text,
                  err.message);
    ck_assert_str_eq(l.name[i], OK[i].name);
    ck_assert_int_eq(l.dist[i].kind, OK[i].kind);
    double a0 = OK[i].kind == MBE_DIST_DISCRETE ? l.dist[i].value[0] : l.dist[i].arg[0];
    ck_assert(a0 == OK[i].arg0);
    ck_assert(l.file[i] == NULL && l.line[i] == 0);
  }
  ck_assert_uint_eq(l.n, 7);
  ck_assert(l.dist[1].arg[1] == 0.5 && l.dist[4].nvalue == 3 && l.dist[4].value[2] == 1.0);
  ck_assert_int_eq(l.column[1], 3);
  ck_assert_int_eq(mbe_vary_list_check_unique(&l, &err), MBE_OK);

  // a second body.m is a duplicate
  ck_assert_int_eq(mbe_vary_parse("body.m = uniform(0, 1)", &l, &err), MBE_OK);
  CK_FAILS(mbe_vary_list_check_unique(&l, &err), err, MBE_ERR_USAGE,
           "parameter 'body.m' is varied twice (--vary and --vary)");
  mbe_vary_list_deinit(&l);
  mbe_vary_list_deinit(NULL);

  // names alone
  ck_assert(mbe_param_name_is_valid("a.b[1,2].start"));
  ck_assert(!mbe_param_name_is_valid("a..b") && !mbe_param_name_is_valid("a[0]"));
  ck_assert(!mbe_param_name_is_valid("1a") && !mbe_param_name_is_valid("a b"));
}
END_TEST

START_TEST(test_vary_parse_errors) {
  static const struct {
    const char* text;
    const char* part;
    int column;
  } BAD[] = {
      {"body.m", "missing '=' after 'body.m': write NAME=DIST(ARGS)", 7},
      {"body.m normal(1,2)", "expected '=' after the name 'body.m', found 'normal'", 8},
      {"body.m=gauss(1,2)",
       "unknown distribution 'gauss'; use uniform, normal, lognormal, truncnormal, triangular, "
       "discrete or const",
       8},
      {"body.m=nromal(1,2)", "unknown distribution 'nromal' (did you mean 'normal'?)", 8},
      {"body.m=(1,2)", "expected a distribution (uniform, normal", 8},
      {"body.m=normal(1,2,3)", "normal takes 2 arguments (mu, sigma), got 3", 8},
      {"body.m=const(1,2)", "const takes 1 argument (v), got 2", 8},
      {"body.m=truncnormal(0,1)", "truncnormal takes 4 arguments (mu, sigma, a, b), got 2", 8},
      {"body.m=discrete()", "discrete takes at least 1 value", 8},
      {"body.m=uniform(2,1)", "uniform(a, b) needs a < b, got a = 2, b = 1", 8},
      {"body.m=normal(0,-1)", "normal(mu, sigma) needs sigma > 0, got sigma = -1", 8},
      {"body.m=lognormal(0,0)", "lognormal(mu, sigma) needs sigma > 0, got sigma = 0", 8},
      {"body.m=truncnormal(0,1,3,3)", "truncnormal(mu, sigma, a, b) needs a < b, got a = 3", 8},
      {"body.m=triangular(0,3,2)",
       "triangular(a, c, b) needs a <= c <= b, a < b and a finite b - a, got a = 0, c = 3, b = 2",
       8},
      {"body.m=normal(1,abc)", "expected a number (such as 1, 1.5, -2e-3 or .5), found 'abc'", 17},
      {"body.m=normal(1,0x10)", "expected a number (such as 1, 1.5, -2e-3 or .5), found '0x10'",
       17},
      {"body.m=normal(1.5.2,1)", "found '1.5.2'", 15},
      {"body.m=normal(1e,1)", "found '1e'", 15},
      {"body.m=normal(1,1e999)", "number '1e999' is out of the range of a double", 17},
      {"body.m=normal(1,2", "expected ',' or ')' after argument 2 of normal", 18},
      {"body.m=normal 1,2", "expected '(' after 'normal'", 15},
      {"body.m=normal(1,2) x", "unexpected 'x' after the closing ')'", 20},
      {"=normal(1,2)", "expected a parameter name (such as body.m, boxBody1.r[1]", 1},
      {"body.=normal(1,2)", "expected a name after '.'", 6},
      {"1abc=normal(0,1)", "expected a parameter name", 1},
      {"r[0]=normal(1,2)", "expected a subscript (an integer from 1)", 3},
      {"r[1;2]=normal(1,2)", "expected ',' or ']' in the subscripts", 4},
  };
  MbeVaryList l;
  mbe_vary_list_init(&l);
  MbeError err;
  for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
    mbe_error_clear(&err);
    MbeStatus st = mbe_vary_parse(BAD[i].text, &l, &err);
    ck_assert_msg(st == MBE_ERR_USAGE, "%s: status %d", BAD[i].text, (int)st);
    ck_assert_msg(strstr(err.message, BAD[i].part) != NULL, "%s: message '%s' lacks '%s'",
                  BAD[i].text, err.message, BAD[i].part);
    ck_assert_msg(strncmp(err.message, "--vary '", 8) == 0, "%s: '%s'", BAD[i].text, err.message);
    ck_assert_msg(err.column == BAD[i].column, "%s: column %d, expected %d", BAD[i].text,
                  err.column, BAD[i].column);
    ck_assert_str_eq(err.file, "");
  }
  ck_assert_uint_eq(l.n, 0);
  mbe_vary_list_deinit(&l);
}
END_TEST

/* ---- params files ------------------------------------------------------------------------- */

START_TEST(test_params_file) {
  // tests/ensemble/data/params.txt: SALib lines, dist lines, comments, blank lines
  char path[1024];
  snprintf(path, sizeof path, "%s/tests/ensemble/data/params.txt", mbe_test_source_dir());
  MbeVaryList l;
  mbe_vary_list_init(&l);
  MbeError err;
  ck_assert_msg(mbe_params_file_read(path, &l, &err) == MBE_OK, "%s", err.message);
  ck_assert_uint_eq(l.n, 4);
  ck_assert_str_eq(l.name[0], "body.m");
  ck_assert(l.dist[0].kind == MBE_DIST_UNIFORM && l.dist[0].arg[0] == 1.0 &&
            l.dist[0].arg[1] == 2.0);
  ck_assert_str_eq(l.name[1], "boxBody1.r[1]");
  ck_assert(l.dist[1].arg[0] == -0.1 && l.dist[1].arg[1] == 0.1);
  ck_assert_str_eq(l.name[2], "revolute1.phi.start");
  ck_assert(l.dist[2].kind == MBE_DIST_NORMAL && l.dist[2].arg[1] == 0.1);
  ck_assert_str_eq(l.name[3], "world.g");
  ck_assert(l.dist[3].kind == MBE_DIST_DISCRETE && l.dist[3].nvalue == 2);
  ck_assert_str_eq(l.file[2], path);
  ck_assert_int_eq(l.line[0], 3);
  ck_assert_int_eq(l.line[2], 5);
  ck_assert_int_eq(l.column[2], 3);

  // the same name on the command line is a duplicate across the sources
  MbeVaryList v;
  mbe_vary_list_init(&v);
  ck_assert_int_eq(mbe_vary_parse("world.g=const(9.81)", &v, &err), MBE_OK);
  CK_FAILS(mbe_params_file_read(path, &v, &err), err, MBE_ERR_USAGE,
           "parameter 'world.g' is varied twice (--vary and ");
  ck_assert_int_eq(err.line, 7);
  ck_assert_uint_eq(v.n, 1);
  mbe_vary_list_deinit(&v);
  mbe_vary_list_deinit(&l);

  // a byte order mark and CR LF line ends, from memory
  mbe_vary_list_init(&l);
  const char* bom =
      "\xEF\xBB\xBF"
      "a 0 1\r\nb = const(2)\r\n";
  ck_assert_int_eq(mbe_params_parse("bom.txt", bom, strlen(bom), &l, &err), MBE_OK);
  ck_assert(l.n == 2 && strcmp(l.name[0], "a") == 0 && l.column[0] == 1 && l.line[1] == 2);
  mbe_vary_list_deinit(&l);

  // a missing file
  mbe_vary_list_init(&l);
  snprintf(path, sizeof path, "%s/tests/ensemble/data/no-such-file.txt", mbe_test_source_dir());
  ck_assert_int_eq(mbe_params_file_read(path, &l, &err), MBE_ERR_IO);
  mbe_vary_list_deinit(&l);
}
END_TEST

START_TEST(test_params_errors) {
  static const struct {
    const char* text;
    MbeStatus code;
    int line, column;
    const char* part;
  } BAD[] = {
      {"a 1\n", MBE_ERR_INVALID_ARG, 1, 1,
       "expected 'name lower upper' or 'name = dist(args)', found 2 fields"},
      {"a 1 2 3\n", MBE_ERR_INVALID_ARG, 1, 7, "found more than 3 fields"},
      {"# c\n\n  b 2 1\n", MBE_ERR_INVALID_ARG, 3, 5,
       "bounds need lower < upper, got lower = 2, upper = 1"},
      {"a = normal(0, -1)  # x\n", MBE_ERR_INVALID_ARG, 1, 5,
       "normal(mu, sigma) needs sigma > 0, got sigma = -1"},
      {"a 1 x\n", MBE_ERR_INVALID_ARG, 1, 5, "expected a number"},
      {"a 1 2x\n", MBE_ERR_INVALID_ARG, 1, 5, "expected a number"},
      {"a.b. 1 2\n", MBE_ERR_INVALID_ARG, 1, 5, "expected a name after '.'"},
      {"x = gauss(1)\r\n", MBE_ERR_INVALID_ARG, 1, 5, "unknown distribution 'gauss'"},
      {"a 0 1\r\nb 0 1\na = normal(0,1)\n", MBE_ERR_USAGE, 3, 1,
       "parameter 'a' is varied twice (p.txt:1:1 and p.txt:3:1)"},
  };
  MbeError err;
  for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
    // an existing entry stays; nothing of the failed text is kept
    MbeVaryList l;
    mbe_vary_list_init(&l);
    ck_assert_int_eq(mbe_vary_parse("z=const(1)", &l, &err), MBE_OK);
    mbe_error_clear(&err);
    MbeStatus st = mbe_params_parse("p.txt", BAD[i].text, strlen(BAD[i].text), &l, &err);
    ck_assert_msg(st == BAD[i].code, "case %zu: status %d (%s)", i, (int)st, err.message);
    ck_assert_msg(strstr(err.message, BAD[i].part) != NULL, "case %zu: '%s' lacks '%s'", i,
                  err.message, BAD[i].part);
    ck_assert_str_eq(err.file, "p.txt");
    ck_assert_msg(err.line == BAD[i].line && err.column == BAD[i].column,
                  "case %zu: at %d:%d, expected %d:%d", i, err.line, err.column, BAD[i].line,
                  BAD[i].column);
    ck_assert_uint_eq(l.n, 1);
    mbe_vary_list_deinit(&l);
  }
}
END_TEST

/* ---- design matrices ---------------------------------------------------------------------- */

START_TEST(test_design_read_and_gather) {
  // tests/ensemble/data/design.csv: 3 rows of body.m, "R.T[1, 2]", world.g
  char path[1024];
  snprintf(path, sizeof path, "%s/tests/ensemble/data/design.csv", mbe_test_source_dir());
  MbeTable* t = NULL;
  MbeError err;
  ck_assert_msg(mbe_design_read(path, &t, &err) == MBE_OK, "%s", err.message);
  ck_assert_uint_eq(t->ncols, 3);
  ck_assert_uint_eq(t->nrows, 3);
  ck_assert_str_eq(t->names[1], "R.T[1,2]");

  // gathered in another order, sampled by row
  const char* names[3] = {"world.g", "body.m", "R.T[1,2]"};
  double* m = NULL;
  ck_assert_int_eq(mbe_design_gather(t, names, 3, &m, &err), MBE_OK);
  ck_assert(m[0] == 9.81 && m[1] == 1.0 && m[2] == 0.5);
  ck_assert(m[6] == 9.7 && m[7] == 3.0 && m[8] == -2.5e-3);
  MbeSampleDef def = mbe_sample_def_default();
  def.sampler = MBE_SAMPLER_DESIGN;
  def.n = 2;
  def.ndim = 3;
  def.design = m;
  def.design_rows = t->nrows;
  double x[3];
  ck_assert_int_eq(mbe_sample_members(&def, 1, 1, x, &err), MBE_OK);
  ck_assert(memcmp(x, m + 3, sizeof x) == 0);
  def.n = 4;
  CK_FAILS(mbe_sample_members(&def, 0, 1, x, &err), err, MBE_ERR_USAGE,
           "the design has 3 rows, fewer than the 4 members asked for");
  mbe_free(m);

  // a parameter without a column, a column without a parameter
  const char* missing[3] = {"world.g", "body.m", "body.J"};
  CK_FAILS(mbe_design_gather(t, missing, 3, &m, &err), err, MBE_ERR_USAGE,
           "design column 'R.T[1,2]' is not one of the 3 varied parameters");
  const char* more[4] = {"world.g", "body.m", "R.T[1,2]", "body.J"};
  CK_FAILS(mbe_design_gather(t, more, 4, &m, &err), err, MBE_ERR_USAGE,
           "the design has no column 'body.J'");
  ck_assert(m == NULL);
  mbe_table_destroy(t);
}
END_TEST

START_TEST(test_design_errors) {
  static const struct {
    const char* text;
    int line, column;
    const char* part;
  } BAD[] = {
      {"a,b\n1,2\n\n3, nan\n", 4, 4, "design value nan of column 'b' is not finite"},
      {"a,b\n1,inf\n", 2, 3, "is not finite"},
      {"a,b\n1,2\n3\n", 3, 2, "expected 2 columns, found 1"},
      {"a, \"b\" ,a\n1,2,3\n", 1, 9, "design column 'a' appears twice (columns 1 and 3)"},
      {"\n a,b c\n1,2\n", 2, 4, "design column 'b c' is not a parameter name"},
      {"\"r[1,2]\",b[0]\n1,2\n", 1, 10, "design column 'b[0]' is not a parameter name"},
      {"a,b\n\n", 1, 1, "the design has a header but no rows"},
  };
  MbeError err;
  for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
    static MbeTable dummy;
    MbeTable* t = &dummy;
    mbe_error_clear(&err);
    MbeStatus st = mbe_design_parse("d.csv", BAD[i].text, strlen(BAD[i].text), &t, &err);
    ck_assert_msg(st == MBE_ERR_INVALID_ARG, "case %zu: status %d", i, (int)st);
    ck_assert(t == NULL);
    ck_assert_msg(strstr(err.message, BAD[i].part) != NULL, "case %zu: '%s' lacks '%s'", i,
                  err.message, BAD[i].part);
    ck_assert_str_eq(err.file, "d.csv");
    ck_assert_msg(err.line == BAD[i].line && err.column == BAD[i].column,
                  "case %zu: at %d:%d, expected %d:%d", i, err.line, err.column, BAD[i].line,
                  BAD[i].column);
  }
}
END_TEST

/* ---- suites ------------------------------------------------------------------------------- */

static Suite* make_sample_suite(void) {
  Suite* s = suite_create("sample");
  TCase* tc = mbe_tcase_create("distributions");
  tcase_add_test(tc, test_normal_cdf_reference_values);
  tcase_add_test(tc, test_normal_quantile_known_values);
  tcase_add_test(tc, test_normal_quantile_inverts_cdf);
  tcase_add_test(tc, test_quantiles_closed_form);
  tcase_add_test(tc, test_support_holds_the_quantiles);
  tcase_add_test(tc, test_truncnormal_reference_values);
  tcase_add_test(tc, test_truncnormal_stays_in_bounds);
  tcase_add_test(tc, test_mc_moments);
  tcase_add_test(tc, test_ks_statistics);
  tcase_add_test(tc, test_dist_init_errors);
  tcase_add_test(tc, test_dist_format_and_copy);
  suite_add_tcase(s, tc);

  tc = mbe_tcase_create("sobol");
  tcase_add_test(tc, test_sobol_published_2d);
  tcase_add_test(tc, test_sobol_textbook_16d);
  tcase_add_test(tc, test_sobol_high_dimensions);
  tcase_add_test(tc, test_sobol_net_property);
  tcase_add_test(tc, test_sobol_limits_and_seed);
  suite_add_tcase(s, tc);

  tc = mbe_tcase_create("lhs_grid_batches");
  tcase_add_test(tc, test_lhs_one_member_per_stratum);
  tcase_add_test(tc, test_lhs_dimensions_and_seeds_differ);
  tcase_add_test(tc, test_lhs_member_alone);
  tcase_add_test(tc, test_grid_levels_and_order);
  tcase_add_test(tc, test_grid_count_errors);
  tcase_add_test(tc, test_batches_give_the_same_bits);
  tcase_add_test(tc, test_saltelli_layout);
  tcase_add_test(tc, test_morris_layout);
  tcase_add_test(tc, test_morris_selection_exhaustive);
  tcase_add_test(tc, test_morris_selection_local);
  tcase_add_test(tc, test_def_checks);
  suite_add_tcase(s, tc);

  tc = mbe_tcase_create("parsing");
  tcase_add_test(tc, test_vary_parse_accepts);
  tcase_add_test(tc, test_vary_parse_errors);
  tcase_add_test(tc, test_params_file);
  tcase_add_test(tc, test_params_errors);
  tcase_add_test(tc, test_design_read_and_gather);
  tcase_add_test(tc, test_design_errors);
  suite_add_tcase(s, tc);
  return s;
}

MbeSuiteFactory* const mbe_check_suites[] = {make_sample_suite, NULL};
