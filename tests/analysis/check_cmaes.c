// SPDX-License-Identifier: Apache-2.0
// CMA-ES on functions whose minima are known: the sphere and Rosenbrock's valley inside the box,
// a minimum on the box's face, a minimum on a constraint; the same seed gives the same bits, and
// on an ill-conditioned function it beats random search of the same budget by orders.
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "mbe_check.h"
#include "mbe_cmaes.h"

typedef double Fn(const double* x, size_t n, double* v);

static double sphere(const double* x, size_t n, double* v) {
  double s = 0;
  for (size_t i = 0; i < n; i++) {
    s += (x[i] - 0.3) * (x[i] - 0.3);
  }
  *v = 0;
  return s;
}

// Rosenbrock in u = 4 x - 2 (the minimum at u = 1: x = 0.75)
static double rosenbrock(const double* x, size_t n, double* v) {
  double s = 0;
  for (size_t i = 0; i + 1 < n; i++) {
    double a = 4 * x[i] - 2, b = 4 * x[i + 1] - 2;
    s += 100 * (b - a * a) * (b - a * a) + (1 - a) * (1 - a);
  }
  *v = 0;
  return s;
}

// the minimum lies outside the box: on its face x = 0
static double outside(const double* x, size_t n, double* v) {
  double s = 0;
  for (size_t i = 0; i < n; i++) {
    s += (x[i] + 0.5) * (x[i] + 0.5);
  }
  *v = 0;
  return s;
}

// minimize x1 + x2 subject to x1 + x2 >= 1 and x1 <= 0.2: the minimum 1 on the segment's end
static double constrained(const double* x, size_t n, double* v) {
  (void)n;
  *v = fmax(0, 1 - (x[0] + x[1])) + fmax(0, x[0] - 0.2);
  return x[0] + x[1];
}

// an ellipsoid with condition 1e6 around 0.4
static double ellipsoid(const double* x, size_t n, double* v) {
  double s = 0;
  for (size_t i = 0; i < n; i++) {
    double d = x[i] - 0.4;
    s += pow(1e6, (double)i / (double)(n - 1)) * d * d;
  }
  *v = 0;
  return s;
}

// runs to a stop or the budget; the best value, point (into best) and evaluations used
static double run(Fn* fn, size_t n, uint64_t seed, size_t budget, double* best, size_t* evals,
                  MbeCmaesStop* why) {
  MbeCmaesDef d = mbe_cmaes_def_default();
  d.dim = n;
  d.seed = seed;
  MbeCmaes* es = mbe_cmaes_create(&d);
  ck_assert_ptr_nonnull(es);
  size_t L = mbe_cmaes_lambda(es);
  double* x = malloc(L * n * sizeof *x);
  double *f = malloc(L * sizeof *f), *v = malloc(L * sizeof *v);
  MbeCmaesStop s = MBE_CMAES_RUNNING;
  *evals = 0;
  while (s == MBE_CMAES_RUNNING && *evals + L <= budget) {
    mbe_cmaes_ask(es, x);
    for (size_t k = 0; k < L; k++) {
      for (size_t i = 0; i < n; i++) {
        ck_assert(x[k * n + i] >= 0 && x[k * n + i] <= 1);
      }
      f[k] = fn(x + k * n, n, &v[k]);
    }
    *evals += L;
    s = mbe_cmaes_tell(es, f, v);
  }
  MbeCmaesState st;
  mbe_cmaes_state(es, &st);
  memcpy(best, st.best_x, n * sizeof *best);
  double fb = st.best_v == 0 ? st.best_f : INFINITY;
  if (why) {
    *why = s;
  }
  free(x), free(f), free(v);
  mbe_cmaes_destroy(es);
  return fb;
}

START_TEST(test_sphere_and_rosenbrock) {
  double x[8];
  size_t evals;
  MbeCmaesStop why;
  double f = run(sphere, 5, 1, 20000, x, &evals, &why);
  ck_assert_msg(f < 1e-12, "f = %g after %zu evaluations (%s)", f, evals, mbe_cmaes_stop_word(why));
  ck_assert(why == MBE_CMAES_TOLFUN || why == MBE_CMAES_TOLX);
  for (int i = 0; i < 5; i++) {
    MBE_CK_NEAR(x[i], 0.3, 0, 1e-6);
  }
  f = run(rosenbrock, 6, 2, 60000, x, &evals, &why);
  ck_assert_msg(f < 1e-10, "Rosenbrock: f = %g after %zu (%s)", f, evals, mbe_cmaes_stop_word(why));
  for (int i = 0; i < 6; i++) {
    MBE_CK_NEAR(x[i], 0.75, 0, 1e-5);
  }
}
END_TEST

START_TEST(test_minimum_on_a_face_and_on_a_constraint) {
  double x[4];
  size_t evals;
  double f = run(outside, 4, 3, 20000, x, &evals, NULL);
  MBE_CK_NEAR(f, 1.0, 1e-9, 0);  // 4 * 0.25
  for (int i = 0; i < 4; i++) {
    MBE_CK_NEAR(x[i], 0, 0, 1e-6);
  }
  f = run(constrained, 2, 4, 20000, x, &evals, NULL);
  ck_assert(isfinite(f));  // feasible
  MBE_CK_NEAR(f, 1.0, 0, 1e-6);
  ck_assert(x[0] <= 0.2 && x[0] + x[1] >= 1);
}
END_TEST

START_TEST(test_same_seed_same_bits) {
  double a[6], b[6], c[6];
  size_t e1, e2, e3;
  double fa = run(rosenbrock, 6, 9, 3000, a, &e1, NULL);
  double fb = run(rosenbrock, 6, 9, 3000, b, &e2, NULL);
  double fc = run(rosenbrock, 6, 10, 3000, c, &e3, NULL);
  ck_assert(memcmp(&fa, &fb, sizeof fa) == 0 && memcmp(a, b, sizeof a) == 0 && e1 == e2);
  ck_assert(memcmp(a, c, sizeof a) != 0 || fa != fc);
}
END_TEST

START_TEST(test_beats_random_search) {
  enum { N = 10, BUDGET = 10000 };
  double x[N];
  size_t evals;
  double f = run(ellipsoid, N, 5, BUDGET, x, &evals, NULL);
  uint64_t rng = 5;
  double fr = INFINITY, v;
  for (int k = 0; k < BUDGET; k++) {
    for (int i = 0; i < N; i++) {
      x[i] = mbe_test_rng_u01(&rng);
    }
    fr = fmin(fr, ellipsoid(x, N, &v));
  }
  ck_assert_msg(f < 1e-9 * fr, "CMA-ES %g, random search %g", f, fr);
}
END_TEST

START_TEST(test_order_and_bad_definitions) {
  ck_assert(mbe_cmaes_before(5, 0, 1, 0.1));       // feasible first
  ck_assert(mbe_cmaes_before(9, 0.1, 1, 0.2));     // then the smaller violation
  ck_assert(!mbe_cmaes_before(NAN, 0, 1, 1e300));  // NaN last
  ck_assert(mbe_cmaes_before(1, 0, 2, 0));
  MbeCmaesDef d = mbe_cmaes_def_default();
  ck_assert_ptr_null(mbe_cmaes_create(&d));  // dim 0
  double x0[2] = {0.5, 1.5};
  d.dim = 2;
  d.x0 = x0;
  ck_assert_ptr_null(mbe_cmaes_create(&d));
  ck_assert_str_eq(mbe_cmaes_stop_word(MBE_CMAES_TOLX), "tolx");
}
END_TEST

static Suite* make_suite(void) {
  Suite* s = suite_create("cmaes");
  TCase* tc = mbe_tcase_create("cmaes");
  tcase_add_test(tc, test_sphere_and_rosenbrock);
  tcase_add_test(tc, test_minimum_on_a_face_and_on_a_constraint);
  tcase_add_test(tc, test_same_seed_same_bits);
  tcase_add_test(tc, test_beats_random_search);
  tcase_add_test(tc, test_order_and_bad_definitions);
  suite_add_tcase(s, tc);
  return s;
}

MbeSuiteFactory* const mbe_check_suites[] = {make_suite, NULL};
