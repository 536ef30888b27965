// SPDX-License-Identifier: Apache-2.0
// Tests of host/sym/sym_dag.c: hash-consing and sharing, folding that keeps IEEE bits, the
// interpreter against libm, and forward derivatives against hand-derived formulas, central
// differences and dual numbers on a 100000-node chain.
#include <math.h>
#include <string.h>

#include "mbe_check.h"
#include "sym.h"

static double eval_node(const MbeSym* s, MbeSymId id, double t, const double* x, const double* p) {
  static double v[1 << 20];
  ck_assert_uint_le(s->nnodes, sizeof v / sizeof v[0]);
  mbe_sym_eval(s, t, x, p, v, s->nnodes);
  return v[id];
}

START_TEST(test_hash_consing_shares_nodes) {
  MbeSym s;
  mbe_sym_init(&s);
  MbeSymId x = mbe_sym_state(&s, 0), p = mbe_sym_param(&s, 0);
  ck_assert_uint_eq(mbe_sym_state(&s, 0), x);
  ck_assert_uint_ne(mbe_sym_state(&s, 1), x);
  ck_assert_uint_eq(mbe_sym_add(&s, x, p), mbe_sym_add(&s, p, x));
  ck_assert_uint_eq(mbe_sym_mul(&s, x, p), mbe_sym_mul(&s, p, x));
  ck_assert_uint_ne(mbe_sym_sub(&s, x, p), mbe_sym_sub(&s, p, x));
  ck_assert_uint_ne(mbe_sym_div(&s, x, p), mbe_sym_div(&s, p, x));

  // the same expression built twice adds no node
  MbeSymId f = mbe_sym_fn(&s, MBE_SYM_SIN, mbe_sym_mul(&s, x, mbe_sym_add(&s, x, p)));
  size_t n = s.nnodes;
  MbeSymId g = mbe_sym_fn(&s, MBE_SYM_SIN, mbe_sym_mul(&s, mbe_sym_add(&s, p, x), x));
  ck_assert_uint_eq(f, g);
  ck_assert_uint_eq(s.nnodes, n);

  // constants are told apart bitwise: +0 and -0 are two nodes
  ck_assert_uint_ne(mbe_sym_const(&s, 0.0), mbe_sym_const(&s, -0.0));
  ck_assert_uint_eq(mbe_sym_const(&s, 0.0), 0);
  mbe_sym_deinit(&s);
}
END_TEST

START_TEST(test_folding_keeps_ieee_bits) {
  MbeSym s;
  mbe_sym_init(&s);
  MbeSymId x = mbe_sym_state(&s, 0);
  MbeSymId one = mbe_sym_const(&s, 1.0), mone = mbe_sym_const(&s, -1.0);
  MbeSymId zero = mbe_sym_const(&s, 0.0), mzero = mbe_sym_const(&s, -0.0);
  ck_assert_uint_eq(mbe_sym_mul(&s, x, one), x);
  ck_assert_uint_eq(mbe_sym_mul(&s, one, x), x);
  ck_assert_uint_eq(mbe_sym_div(&s, x, one), x);
  ck_assert_uint_eq(mbe_sym_sub(&s, x, zero), x);
  ck_assert_uint_eq(mbe_sym_add(&s, x, mzero), x);
  ck_assert_uint_eq(mbe_sym_mul(&s, x, mone), mbe_sym_neg(&s, x));
  ck_assert_uint_eq(mbe_sym_neg(&s, mbe_sym_neg(&s, x)), x);

  // not exact, so not folded: x + 0 is +0 for x = -0; x*0 is NaN for x = inf; 0 - x
  MbeSymId xp0 = mbe_sym_add(&s, x, zero), x0 = mbe_sym_mul(&s, x, zero);
  ck_assert_uint_ne(xp0, x);
  ck_assert(!mbe_sym_is_const(&s, x0, 0.0));
  double mz = -0.0, inf = INFINITY;
  ck_assert(!signbit(eval_node(&s, xp0, 0, &mz, NULL)));
  ck_assert(isnan(eval_node(&s, x0, 0, &inf, NULL)));

  // with zero products folded (known zeros of a model's axes) they go
  s.fold_zero_products = true;
  ck_assert(mbe_sym_is_const(&s, mbe_sym_mul(&s, mbe_sym_state(&s, 1), zero), 0.0));
  ck_assert_uint_eq(mbe_sym_add(&s, mbe_sym_state(&s, 1), zero), mbe_sym_state(&s, 1));

  // constants fold with the kernels' math: within an ulp of libm
  MbeSymId c = mbe_sym_fn(&s, MBE_SYM_SIN, mbe_sym_const(&s, 0.5));
  ck_assert_int_eq(s.nodes[c].op, MBE_SYM_CONST);
  MBE_CK_NEAR(s.nodes[c].value, sin(0.5), 2.3e-16, 0);
  MbeSymId q = mbe_sym_div(&s, mbe_sym_const(&s, 1.0), mbe_sym_const(&s, 3.0));
  ck_assert_double_eq(s.nodes[q].value, 1.0 / 3.0);
  mbe_sym_deinit(&s);
}
END_TEST

// f(t, x, p) = atan2(sin(x0) p0, x1^2 + 1) + exp(-t) sqrt(x0 + 2) - log(p1)/cos(x1)
//              + min(x0, x1) |p0| + fma(x0, x1, p1) + tan(x1/3) + asin(x0/4) + acos(x1/5)
//              + atan(p0) + max(x0, 2 x1) + select(x0 - x1, x0^2, x1^2)
static MbeSymId build_f(MbeSym* s) {
  MbeSymId t = mbe_sym_time(s), x0 = mbe_sym_state(s, 0), x1 = mbe_sym_state(s, 1);
  MbeSymId p0 = mbe_sym_param(s, 0), p1 = mbe_sym_param(s, 1);
  MbeSymId one = mbe_sym_const(s, 1), two = mbe_sym_const(s, 2);
  MbeSymId a = mbe_sym_op(s, MBE_SYM_ATAN2, mbe_sym_mul(s, mbe_sym_fn(s, MBE_SYM_SIN, x0), p0),
                          mbe_sym_add(s, mbe_sym_mul(s, x1, x1), one), 0);
  MbeSymId b = mbe_sym_mul(s, mbe_sym_fn(s, MBE_SYM_EXP, mbe_sym_neg(s, t)),
                           mbe_sym_fn(s, MBE_SYM_SQRT, mbe_sym_add(s, x0, two)));
  MbeSymId c = mbe_sym_div(s, mbe_sym_fn(s, MBE_SYM_LOG, p1), mbe_sym_fn(s, MBE_SYM_COS, x1));
  MbeSymId d =
      mbe_sym_mul(s, mbe_sym_op(s, MBE_SYM_MIN, x0, x1, 0), mbe_sym_fn(s, MBE_SYM_ABS, p0));
  MbeSymId e = mbe_sym_op(s, MBE_SYM_FMA, x0, x1, p1);
  MbeSymId g = mbe_sym_fn(s, MBE_SYM_TAN, mbe_sym_div(s, x1, mbe_sym_const(s, 3)));
  MbeSymId h = mbe_sym_add(s, mbe_sym_fn(s, MBE_SYM_ASIN, mbe_sym_div(s, x0, mbe_sym_const(s, 4))),
                           mbe_sym_fn(s, MBE_SYM_ACOS, mbe_sym_div(s, x1, mbe_sym_const(s, 5))));
  MbeSymId k = mbe_sym_add(s, mbe_sym_fn(s, MBE_SYM_ATAN, p0),
                           mbe_sym_op(s, MBE_SYM_MAX, x0, mbe_sym_mul(s, two, x1), 0));
  MbeSymId l = mbe_sym_op(s, MBE_SYM_SELECT, mbe_sym_sub(s, x0, x1), mbe_sym_mul(s, x0, x0),
                          mbe_sym_mul(s, x1, x1));
  MbeSymId f = mbe_sym_add(s, mbe_sym_sub(s, mbe_sym_add(s, a, b), c), d);
  return mbe_sym_add(s, mbe_sym_add(s, mbe_sym_add(s, f, e), mbe_sym_add(s, g, h)),
                     mbe_sym_add(s, k, l));
}

static double f_libm(double t, const double* x, const double* p) {
  return atan2(sin(x[0]) * p[0], x[1] * x[1] + 1) + exp(-t) * sqrt(x[0] + 2) -
         log(p[1]) / cos(x[1]) + fmin(x[0], x[1]) * fabs(p[0]) + fma(x[0], x[1], p[1]) +
         tan(x[1] / 3) + asin(x[0] / 4) + acos(x[1] / 5) + atan(p[0]) + fmax(x[0], 2 * x[1]) +
         (x[0] - x[1] > 0 ? x[0] * x[0] : x[1] * x[1]);
}

// the same derivatives by hand
static void df_hand(double t, const double* x, const double* p, double* dx0, double* dx1,
                    double* dp0, double* dt) {
  double u = sin(x[0]) * p[0], v = x[1] * x[1] + 1, den = u * u + v * v;
  double s0 = x[0] < x[1] ? 1 : 0;
  *dx0 = v * cos(x[0]) * p[0] / den + exp(-t) / (2 * sqrt(x[0] + 2)) + s0 * fabs(p[0]) + x[1] +
         1 / (4 * sqrt(1 - x[0] * x[0] / 16)) + (x[0] > 2 * x[1] ? 1 : 0) +
         (x[0] - x[1] > 0 ? 2 * x[0] : 0);
  double tn = tan(x[1] / 3);
  *dx1 = -u * 2 * x[1] / den - log(p[1]) * sin(x[1]) / (cos(x[1]) * cos(x[1])) +
         (1 - s0) * fabs(p[0]) + x[0] + (1 + tn * tn) / 3 - 1 / (5 * sqrt(1 - x[1] * x[1] / 25)) +
         (x[0] > 2 * x[1] ? 0 : 2) + (x[0] - x[1] > 0 ? 0 : 2 * x[1]);
  *dp0 = v * sin(x[0]) / den + fmin(x[0], x[1]) * (p[0] > 0 ? 1 : -1) + 1 / (1 + p[0] * p[0]);
  *dt = -exp(-t) * sqrt(x[0] + 2);
}

START_TEST(test_interpreter_and_derivatives) {
  MbeSym s;
  mbe_sym_init(&s);
  MbeSymId f = build_f(&s);
  MbeSymId d[4];
  MbeSymId wrt[4] = {mbe_sym_state(&s, 0), mbe_sym_state(&s, 1), mbe_sym_param(&s, 0),
                     mbe_sym_time(&s)};
  for (int k = 0; k < 4; k++) {
    ck_assert_int_eq(mbe_sym_diff(&s, f, wrt[k], &d[k], NULL), MBE_OK);
  }

  // points on both sides of the min/max/select switches
  const double pts[][5] = {{0.3, 0.7, -0.4, 1.3, 2.5},
                           {1.1, -0.6, 0.2, 0.8, 0.1},
                           {-1.5, 1.9, 1.7, 2.2, 0.0},
                           {0.9, 0.2, -2.1, 0.5, 3.0}};
  for (size_t i = 0; i < sizeof pts / sizeof pts[0]; i++) {
    const double* x = pts[i];
    const double p[2] = {pts[i][2], pts[i][3]};
    double t = pts[i][4];
    MBE_CK_NEAR(eval_node(&s, f, t, x, p), f_libm(t, x, p), 1e-14, 1e-14);
    double h[4];
    df_hand(t, x, p, &h[0], &h[1], &h[2], &h[3]);
    for (int k = 0; k < 4; k++) {
      MBE_CK_NEAR(eval_node(&s, d[k], t, x, p), h[k], 1e-12, 1e-13);
    }

    // and central differences as a second, independent check of dx0
    double e = 1e-6, xa[2] = {x[0] + e, x[1]}, xb[2] = {x[0] - e, x[1]};
    MBE_CK_NEAR(eval_node(&s, d[0], t, x, p), (f_libm(t, xa, p) - f_libm(t, xb, p)) / (2 * e), 1e-6,
                1e-6);
  }

  // a leaf f does not depend on: the zero node
  MbeSymId z;
  ck_assert_int_eq(mbe_sym_diff(&s, f, mbe_sym_param(&s, 7), &z, NULL), MBE_OK);
  ck_assert_uint_eq(z, 0);
  MbeError err;
  ck_assert_int_eq(mbe_sym_diff(&s, f, f, &z, &err), MBE_ERR_INVALID_ARG);
  mbe_sym_deinit(&s);
}
END_TEST

// d2/dx2 of x sin(x) = 2 cos(x) - x sin(x)
// sinh, cosh, tanh and pow: values against libm, derivatives against the closed forms and
// central differences, at small, moderate and large arguments (tanh stays 1, not NaN)
START_TEST(test_hyperbolic_and_pow) {
  MbeSym s;
  mbe_sym_init(&s);
  MbeSymId x = mbe_sym_state(&s, 0), y = mbe_sym_state(&s, 1);
  MbeSymId f[4] = {mbe_sym_fn(&s, MBE_SYM_SINH, x), mbe_sym_fn(&s, MBE_SYM_COSH, x),
                   mbe_sym_fn(&s, MBE_SYM_TANH, x), mbe_sym_op(&s, MBE_SYM_POW, y, x, 0)};
  MbeSymId dx[4], dy[4];
  for (int k = 0; k < 4; k++) {
    ck_assert_int_eq(mbe_sym_diff(&s, f[k], x, &dx[k], NULL), MBE_OK);
    ck_assert_int_eq(mbe_sym_diff(&s, f[k], y, &dy[k], NULL), MBE_OK);
  }
  const double xs[] = {1e-8, -0.3, 0.7, 3.0, 30.0};
  for (size_t i = 0; i < sizeof xs / sizeof xs[0]; i++) {
    const double v[2] = {xs[i], 1.7}, a = v[0], b = v[1];
    const double want[4] = {sinh(a), cosh(a), tanh(a), pow(b, a)};
    const double dwant[4] = {cosh(a), sinh(a), 1 - tanh(a) * tanh(a), pow(b, a) * log(b)};
    for (int k = 0; k < 4; k++) {
      MBE_CK_NEAR(eval_node(&s, f[k], 0, v, NULL), want[k], 1e-15, 0);
      MBE_CK_NEAR(eval_node(&s, dx[k], 0, v, NULL), dwant[k], 1e-14, 1e-300);
    }
    MBE_CK_NEAR(eval_node(&s, dy[3], 0, v, NULL), a * pow(b, a - 1), 1e-14, 0);
    double e = 1e-6 * fmax(1, fabs(a)), vp[2] = {a + e, b}, vm[2] = {a - e, b};
    MBE_CK_NEAR(eval_node(&s, dx[0], 0, v, NULL),
                (eval_node(&s, f[0], 0, vp, NULL) - eval_node(&s, f[0], 0, vm, NULL)) / (2 * e),
                1e-6, 1e-9);
  }
  const double big[2] = {900, 1.7};
  ck_assert(eval_node(&s, f[2], 0, big, NULL) == 1.0);
  mbe_sym_deinit(&s);
}
END_TEST

START_TEST(test_second_derivative) {
  MbeSym s;
  mbe_sym_init(&s);
  MbeSymId x = mbe_sym_state(&s, 0);
  MbeSymId f = mbe_sym_mul(&s, x, mbe_sym_fn(&s, MBE_SYM_SIN, x));
  MbeSymId d1, d2;
  ck_assert_int_eq(mbe_sym_diff(&s, f, x, &d1, NULL), MBE_OK);
  ck_assert_int_eq(mbe_sym_diff(&s, d1, x, &d2, NULL), MBE_OK);
  for (double v = -2; v <= 2; v += 0.37) {
    MBE_CK_NEAR(eval_node(&s, d2, 0, &v, NULL), 2 * cos(v) - v * sin(v), 1e-14, 1e-14);
  }
  mbe_sym_deinit(&s);
}
END_TEST

// 100000 chained nodes: f_{k+1} = sin(f_k) * 0.999 + x, derivative by dual numbers in the test
START_TEST(test_deep_chain_against_dual_numbers) {
  MbeSym s;
  mbe_sym_init(&s);
  MbeSymId x = mbe_sym_state(&s, 0), c = mbe_sym_const(&s, 0.999), f = x;
  enum { DEPTH = 100000 };
  for (int k = 0; k < DEPTH; k++) {
    f = mbe_sym_add(&s, mbe_sym_mul(&s, mbe_sym_fn(&s, MBE_SYM_SIN, f), c), x);
  }
  MbeSymId df;
  ck_assert_int_eq(mbe_sym_diff(&s, f, x, &df, NULL), MBE_OK);
  double x0 = 0.3, v = x0, dv = 1;
  for (int k = 0; k < DEPTH; k++) {
    double sv = sin(v);
    dv = cos(v) * dv * 0.999 + 1;
    v = sv * 0.999 + x0;
  }
  MBE_CK_NEAR(eval_node(&s, f, 0, &x0, NULL), v, 1e-12, 1e-12);
  MBE_CK_NEAR(eval_node(&s, df, 0, &x0, NULL), dv, 1e-10, 1e-12);
  mbe_sym_deinit(&s);
}
END_TEST

static Suite* make_sym_suite(void) {
  Suite* s = suite_create("sym");
  TCase* tc = mbe_tcase_create("dag");
  tcase_add_test(tc, test_hash_consing_shares_nodes);
  tcase_add_test(tc, test_folding_keeps_ieee_bits);
  tcase_add_test(tc, test_interpreter_and_derivatives);
  tcase_add_test(tc, test_hyperbolic_and_pow);
  tcase_add_test(tc, test_second_derivative);
  tcase_add_test(tc, test_deep_chain_against_dual_numbers);
  suite_add_tcase(s, tc);
  return s;
}

MbeSuiteFactory* const mbe_check_suites[] = {make_sym_suite, NULL};
