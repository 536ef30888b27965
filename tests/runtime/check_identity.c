// SPDX-License-Identifier: Apache-2.0
// The identity contract: a chaotic ensemble (4096 double pendulums, where one differing bit grows
// to O(1)) integrated by OpenCL and by OpenMP with 1 and 2 threads and different batch sizes must
// give the same bits; every math function and random variate must too, against a third build of
// the same source compiled into this test.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "mbe_check.h"
#include "runtime_fixture.h"

// the probe compiled right here, as plain C: the third build
#include "systems/mbe_sys_probe.h"

enum { INFO_COUNT_ = 9 };  // MBE_INFO_COUNT (kernels/mbe_layout.h)
enum { NMEMBER = 4096, NOUT = 41, NYP = 5 };

static double now_s(void) {
  struct timespec ts;
  timespec_get(&ts, TIME_UTC);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

// bitwise equality, NaN payloads aside (NaN is NaN on every device, its bits need not be)
static size_t count_diff(const double* a, const double* b, size_t n, size_t* first) {
  size_t nd = 0;
  for (size_t i = 0; i < n; i++) {
    if (memcmp(&a[i], &b[i], sizeof a[i]) != 0 && !(isnan(a[i]) && isnan(b[i]))) {
      if (nd == 0) {
        *first = i;
      }
      nd++;
    }
  }
  return nd;
}

typedef struct Config {
  const char* name;
  MbeBackendKind kind;
  int threads;
  size_t batch;
} Config;

static void pendulum_members(double* x0, double* p, double bump) {
  for (size_t m = 0; m < NMEMBER; m++) {
    double f = ((double)m + 0.5) / NMEMBER;
    x0[m * 4 + 0] = 1.2 + 1.6 * f;
    if (bump != 0.0) {
      x0[m * 4 + 0] = nextafter(x0[m * 4 + 0], 10.0);
    }
    x0[m * 4 + 1] = 2.6 - 1.1 * f;
    x0[m * 4 + 2] = 0.0;
    x0[m * 4 + 3] = 0.0;
    p[m * 5 + 0] = 1.0;
    p[m * 5 + 1] = 1.0 + 0.25 * f;
    p[m * 5 + 2] = 1.0;
    p[m * 5 + 3] = 0.8;
    p[m * 5 + 4] = 9.80665;
  }
}

static void run_config(const Config* c, int method, const double* x0, const double* p, double* y,
                       int32_t* info) {
  MbeBackend* b = mbe_test_backend_create(c->kind, c->threads);
  MbeProgram* prog = mbe_test_program_create(b, MBE_SYS_PENDULUM, MBE_PRECISION_DOUBLE);
  MbeRunDef run = mbe_run_def_default();
  run.method = method == 0 ? MBE_RUN_METHOD_RK4 : MBE_RUN_METHOD_DOPRI5;
  run.t1 = 20.0;
  run.nout = NOUT;
  run.h = 2e-3;
  run.rtol = 1e-9;
  run.atol = 1e-9;
  run.batch_size = c->batch;
  MbeError err;
  mbe_error_clear(&err);
  double t = now_s();
  MbeStatus st = mbe_program_run(prog, &run, NMEMBER, x0, p, y, info, &err);
  printf("identity: %-6s %-28s %7.2f s\n", method == 0 ? "rk4" : "dopri5", c->name, now_s() - t);
  fflush(stdout);
  ck_assert_msg(st == MBE_OK, "%s: %s", c->name, err.message);
  mbe_program_destroy(prog);
  mbe_backend_destroy(b);
}

// 4096 chaotic members: OpenMP 1 thread is the reference; every other configuration must match
START_TEST(test_chaotic_ensemble_identical_everywhere) {
  const int method = _i;
  const size_t ny = (size_t)NMEMBER * NOUT * NYP;
  double* x0 = malloc(NMEMBER * 4 * sizeof *x0);
  double* p = malloc(NMEMBER * 5 * sizeof *p);
  double* yref = malloc(ny * sizeof *yref);
  double* y = malloc(ny * sizeof *y);
  int32_t* iref = malloc(NMEMBER * INFO_COUNT_ * sizeof *iref);
  int32_t* info = malloc(NMEMBER * INFO_COUNT_ * sizeof *info);
  pendulum_members(x0, p, 0.0);

  Config ref = {"openmp 1 thread", MBE_BACKEND_OPENMP, 1, 0};
  run_config(&ref, method, x0, p, yref, iref);
  for (size_t m = 0; m < NMEMBER; m++) {
    ck_assert_int_eq(iref[m * INFO_COUNT_], 0);
  }

  Config others[] = {{"openmp 2 threads", MBE_BACKEND_OPENMP, 2, 0},
                     {"openmp 2 threads, batch 1000", MBE_BACKEND_OPENMP, 2, 1000},
                     {"opencl", MBE_BACKEND_OPENCL, 0, 0},
                     {"opencl, batch 1500", MBE_BACKEND_OPENCL, 0, 1500}};
  bool have_cl = mbe_test_backend_available(MBE_BACKEND_OPENCL);
  if (!have_cl) {
    printf("identity: no OpenCL device here: the OpenCL comparisons are skipped\n");
  }
  for (size_t c = 0; c < sizeof others / sizeof others[0]; c++) {
    if (others[c].kind == MBE_BACKEND_OPENCL && !have_cl) {
      continue;
    }
    run_config(&others[c], method, x0, p, y, info);
    size_t first = 0, nd = count_diff(yref, y, ny, &first);
    ck_assert_msg(nd == 0, "%s: %zu outputs differ from openmp 1 thread (first: member %zu)",
                  others[c].name, nd, first / (NOUT * NYP));
    ck_assert_msg(memcmp(iref, info, NMEMBER * INFO_COUNT_ * sizeof *info) == 0,
                  "%s: statuses or step counts differ", others[c].name);
  }

  // the comparison means something only if one differing bit would show: a one-ulp change of
  // phi1 (4e-16) must grow beyond 1e-8 (ten million times) in most members by the stop time, and
  // to O(1e-2) in a good share of them
  pendulum_members(x0, p, 1.0);
  Config bumped = {"openmp 2 threads, phi1+1ulp", MBE_BACKEND_OPENMP, 2, 0};
  run_config(&bumped, method, x0, p, y, info);
  size_t n8 = 0, n2 = 0;
  for (size_t m = 0; m < NMEMBER; m++) {
    size_t k = (m * NOUT + NOUT - 1) * NYP + 1;
    double d = fabs(y[k] - yref[k]);
    n2 += d > 1e-2;
    n8 += d > 1e-8;
  }
  printf("identity: %s: one ulp in phi1 moved phi2(T) by > 1e-8 in %zu and by > 1e-2 in %zu of "
         "%d members\n",
         method == 0 ? "rk4" : "dopri5", n8, n2, NMEMBER);
  ck_assert_msg(n8 > NMEMBER * 85 / 100 && n2 > NMEMBER / 10,
                "a one-ulp change grew in too few members (%zu, %zu): not chaotic enough", n8, n2);
  free(x0);
  free(p);
  free(yref);
  free(y);
  free(iref);
  free(info);
}
END_TEST

// arguments for the math probe: every range the functions have, plus the special values
static double probe_arg(unsigned long k, unsigned long* state) {
  static const double specials[] = {0.0,  -0.0, 1.0,     -1.0,    0.5,     -0.5,  2.0,   1e-300,
                                    -1e-310, 1e300, -1e300, INFINITY, -INFINITY, NAN, 709.7, -745.0,
                                    3.141592653589793, 1.5707963267948966, 1e22, 0.9999999};
  if (k < sizeof specials / sizeof specials[0]) {
    return specials[k];
  }
  *state = *state * 6364136223846793005UL + 1442695040888963407UL;
  double u = (double)(*state >> 11) * 0x1.0p-53;
  switch (k % 4) {
    case 0: return (u - 0.5) * 20.0;                        // everyday range
    case 1: return (u - 0.5) * 2.2;                         // inside [-1, 1] mostly
    case 2: return (u < 0.5 ? -1.0 : 1.0) * pow(10.0, 600.0 * u - 300.0); // all magnitudes
    default: return (u - 0.5) * 1500.0;                     // exp/pow overflow region
  }
}

// every elementary function and variate: OpenCL == OpenMP == this build, bit for bit
START_TEST(test_math_and_rng_identical_everywhere) {
  enum { N = 20000 };
  double* p = malloc((size_t)N * 4 * sizeof *p);
  double* x0 = calloc(N, sizeof *x0);
  double* ya = malloc((size_t)N * 2 * MBE_PROBE_COUNT * sizeof *ya);
  double* yb = malloc((size_t)N * 2 * MBE_PROBE_COUNT * sizeof *yb);
  int32_t* info = malloc((size_t)N * INFO_COUNT_ * sizeof *info);
  unsigned long state = 12345;
  for (unsigned long m = 0; m < N; m++) {
    p[m * 4 + 0] = probe_arg(m, &state);
    p[m * 4 + 1] = probe_arg((m * 7 + 3) % N, &state);
    p[m * 4 + 2] = (double)(m % 97) * 1000003.0;
    p[m * 4 + 3] = (double)m;
  }

  // this build
  double* yc = malloc((size_t)N * MBE_PROBE_COUNT * sizeof *yc);
  for (size_t m = 0; m < N; m++) {
    mbe_real w[1];
    mbe_int iw[1];
    mbe_out(0.0, x0 + m, p + m * 4, yc + m * MBE_PROBE_COUNT, w, iw);
  }

  bool have_cl = mbe_test_backend_available(MBE_BACKEND_OPENCL);
  for (int prec = 0; prec < 2; prec++) {
    MbeRunDef run = mbe_run_def_default();
    run.method = MBE_RUN_METHOD_RK4;
    run.h = 1.0;
    run.nout = 2;
    MbeError err;
    MbeBackend* omp = mbe_test_backend_create(MBE_BACKEND_OPENMP, 2);
    MbeProgram* po = mbe_test_program_create(omp, MBE_SYS_PROBE, (MbePrecision)prec);
    ck_assert_int_eq(mbe_program_run(po, &run, N, x0, p, ya, info, &err), MBE_OK);
    mbe_program_destroy(po);
    mbe_backend_destroy(omp);

    // OpenMP against this build (double), output k = 0 of each member
    if (prec == 0) {
      for (size_t m = 0; m < N; m++) {
        size_t first = 0;
        size_t nd = count_diff(ya + m * 2 * MBE_PROBE_COUNT, yc + m * MBE_PROBE_COUNT,
                               MBE_PROBE_COUNT, &first);
        ck_assert_msg(nd == 0, "openmp vs C build: output %zu of member %zu (a=%a b=%a)", first, m,
                      p[m * 4], p[m * 4 + 1]);
      }
    }
    if (!have_cl) {
      continue;
    }
    MbeBackend* cl = mbe_test_backend_create(MBE_BACKEND_OPENCL, 0);
    MbeProgram* pc = mbe_test_program_create(cl, MBE_SYS_PROBE, (MbePrecision)prec);
    ck_assert_int_eq(mbe_program_run(pc, &run, N, x0, p, yb, info, &err), MBE_OK);
    mbe_program_destroy(pc);
    mbe_backend_destroy(cl);
    size_t first = 0, nd = count_diff(ya, yb, (size_t)N * 2 * MBE_PROBE_COUNT, &first);
    size_t m = first / (2 * MBE_PROBE_COUNT);
    ck_assert_msg(nd == 0, "%s: %zu values differ between OpenCL and OpenMP; first: output %zu of "
                  "member %zu (a=%a b=%a)",
                  prec == 0 ? "double" : "single", nd, first % (2 * MBE_PROBE_COUNT), m, p[m * 4],
                  p[m * 4 + 1]);
    printf("identity: math and rng probe (%s): %d members x %d outputs bitwise identical\n",
           prec == 0 ? "double" : "single", N, MBE_PROBE_COUNT);
  }
  free(p);
  free(x0);
  free(ya);
  free(yb);
  free(yc);
  free(info);
}
END_TEST

static Suite* make_identity_suite(void) {
  Suite* s = suite_create("identity");
  TCase* tc = mbe_tcase_create("identity");
  tcase_set_timeout(tc, 1200);
  tcase_add_test(tc, test_math_and_rng_identical_everywhere);
  tcase_add_loop_test(tc, test_chaotic_ensemble_identical_everywhere, 0, 2);
  suite_add_tcase(s, tc);
  return s;
}

MbeSuiteFactory* const mbe_check_suites[] = {make_identity_suite, NULL};
