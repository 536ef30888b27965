// SPDX-License-Identifier: Apache-2.0
// The backend conformance suite: one set of tests, registered once per backend available here
// (SUNDIALS test_nvector style), plus the program-text assembler.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mbe/mbe_hooks.h"
#include "mbe_check.h"
#include "runtime.h"
#include "runtime_fixture.h"

// kernels/mbe_layout.h
enum { INFO_STATUS = 0, INFO_STEPS, INFO_REJECTED, INFO_NRHS, INFO_COUNT = 9 };
enum { RUN_OK = 0, RUN_NONFINITE = 1, RUN_MAX_STEPS = 3 };

static MbeTestBackend g_backends[4];
static int g_nbackends;

static const MbeTestBackend* backend_of(int i) {
  return &g_backends[i];
}

// unit masses and lengths, standard gravity
static void pendulum_params(double* p, size_t n) {
  for (size_t m = 0; m < n; m++) {
    p[m * 5 + 0] = 1.0;
    p[m * 5 + 1] = 1.0;
    p[m * 5 + 2] = 1.0;
    p[m * 5 + 3] = 1.0;
    p[m * 5 + 4] = 9.80665;
  }
}

/* ---- the assembler ----------------------------------------------------------------------- */

START_TEST(test_assembler_inlines_once_and_reports_missing) {
  MbeStrbuf sb;
  mbe_strbuf_init(&sb);
  MbeError err;
  mbe_error_clear(&err);
  ck_assert_int_eq(mbe_program_text_assemble(MBE_SYS_PENDULUM, &sb, &err), MBE_OK);

  // self-contained: the dialect and the entry points are in, no quoted include is left
  ck_assert_ptr_nonnull(strstr(sb.data, "#define MBE_DIALECT_H"));
  ck_assert_ptr_nonnull(strstr(sb.data, "mbe_kernel_integrate"));
  ck_assert_ptr_null(strstr(sb.data, "#include \""));
  mbe_strbuf_deinit(&sb);

  // the same input gives the same text, byte for byte
  MbeStrbuf a, b;
  mbe_strbuf_init(&a);
  mbe_strbuf_init(&b);
  ck_assert_int_eq(mbe_program_text_assemble(MBE_SYS_PROBE, &a, &err), MBE_OK);
  ck_assert_int_eq(mbe_program_text_assemble(MBE_SYS_PROBE, &b, &err), MBE_OK);
  ck_assert_str_eq(a.data, b.data);
  ck_assert_ptr_nonnull(strstr(a.data, "philox4x32_R")); // Random123 came along
  mbe_strbuf_deinit(&a);
  mbe_strbuf_deinit(&b);

  // an include that is not a kernel source stays for the compiler (it may be in a dead branch)
  mbe_strbuf_init(&sb);
  ck_assert_int_eq(mbe_program_text_assemble("#include \"nope/missing.h\"\n", &sb, &err), MBE_OK);
  ck_assert_ptr_nonnull(strstr(sb.data, "#include \"nope/missing.h\""));
  mbe_strbuf_deinit(&sb);
}
END_TEST

// the OpenMP backend without a compiler says what to do
START_TEST(test_missing_compiler_is_clear) {
  MbeBackendDef def = mbe_backend_def_default();
  def.kind = MBE_BACKEND_OPENMP;
  def.cc = "/nonexistent/bin/cc";
  MbeBackend* b = NULL;
  MbeError err;
  mbe_error_clear(&err);
  ck_assert_int_eq(mbe_backend_create(&def, &b, &err), MBE_ERR_COMPILER);
  ck_assert_ptr_null(b);
  ck_assert_ptr_nonnull(strstr(err.message, "/nonexistent/bin/cc"));
  ck_assert_ptr_nonnull(strstr(err.message, "$CC"));

  // an OpenCL device that does not exist is named in the error
  def = mbe_backend_def_default();
  def.kind = MBE_BACKEND_OPENCL;
  def.device = "no-such-device-xyz";
  ck_assert_int_eq(mbe_backend_create(&def, &b, &err), MBE_ERR_NO_DEVICE);
  ck_assert_ptr_nonnull(strstr(err.message, "no-such-device-xyz"));
}
END_TEST

/* ---- conformance: every test runs on every backend --------------------------------------- */

// the program reports what it is
START_TEST(test_program_sizes) {
  const MbeTestBackend* tb = backend_of(_i);
  MbeBackend* b = mbe_test_backend_create(tb->kind, tb->threads);
  for (int prec = 0; prec < 2; prec++) {
    MbeProgram* prog = mbe_test_program_create(b, MBE_SYS_PENDULUM, (MbePrecision)prec);
    MbeProgramInfo pi;
    mbe_program_get_info(prog, &pi);
    ck_assert_int_eq(pi.nx, 4);
    ck_assert_int_eq(pi.np, 5);
    ck_assert_int_eq(pi.ny, 5);
    ck_assert_int_eq(pi.real_bits, prec == 0 ? 64 : 32);
    ck_assert_int_eq((int)strlen(pi.hash), 64);
    mbe_program_destroy(prog);
  }
  mbe_backend_destroy(b);
}
END_TEST

// analytic truth: the slow normal mode of the linearised double pendulum (m1 = m2, l1 = l2):
// phi2 = sqrt(2) phi1, omega^2 = (2 - sqrt 2) g / l, phi1(t) = A cos(omega t)
START_TEST(test_normal_mode_matches_analytic) {
  const MbeTestBackend* tb = backend_of(_i);
  MbeBackend* b = mbe_test_backend_create(tb->kind, tb->threads);
  for (int prec = 0; prec < 2; prec++) {
    MbeProgram* prog = mbe_test_program_create(b, MBE_SYS_PENDULUM, (MbePrecision)prec);
    const double amp = 1e-5, g = 9.80665, omega = sqrt((2.0 - sqrt(2.0)) * g);
    double x0[4] = {amp, sqrt(2.0) * amp, 0.0, 0.0}, p[5];
    pendulum_params(p, 1);
    for (int method = 0; method < 2; method++) {
      MbeRunDef run = mbe_run_def_default();
      run.method = method == 0 ? MBE_RUN_METHOD_RK4 : MBE_RUN_METHOD_DOPRI5;
      run.t1 = 5.0;
      run.nout = 51;
      run.h = 1e-3;
      run.rtol = prec == 0 ? 1e-10 : 1e-5;
      run.atol = prec == 0 ? 1e-14 : 1e-9;
      double y[51 * 5];
      int32_t info[INFO_COUNT];
      MbeError err;
      ck_assert_int_eq(mbe_program_run(prog, &run, 1, x0, p, y, info, &err), MBE_OK);
      ck_assert_int_eq(info[INFO_STATUS], RUN_OK);

      // nonlinear terms are O(amp^3), 1e-10 relative: below the bound asserted here, while a
      // wrong g (9.81 for 9.80665) would miss it by four orders of magnitude
      double worst = 0.0;
      for (int k = 0; k < 51; k++) {
        double t = 0.1 * k, exact = amp * cos(omega * t);
        worst = fmax(worst, fabs(y[k * 5 + 0] - exact));
        worst = fmax(worst, fabs(y[k * 5 + 1] - sqrt(2.0) * exact));
      }
      double limit = prec == 0 ? 1e-8 * amp : 2e-3 * amp;
      ck_assert_msg(worst <= limit, "%s %s: max deviation %g > %g", tb->name,
                    method == 0 ? "rk4" : "dopri5", worst, limit);
    }
    mbe_program_destroy(prog);
  }
  mbe_backend_destroy(b);
}
END_TEST

// invariant: RK4 conserves the energy of the undamped pendulum up to O(h^4)
START_TEST(test_energy_drift_order) {
  const MbeTestBackend* tb = backend_of(_i);
  MbeBackend* b = mbe_test_backend_create(tb->kind, tb->threads);
  MbeProgram* prog = mbe_test_program_create(b, MBE_SYS_PENDULUM, MBE_PRECISION_DOUBLE);
  enum { N = 8, NOUT = 11 };
  double x0[N * 4], p[N * 5], y[N * NOUT * 5];
  int32_t info[N * INFO_COUNT];
  pendulum_params(p, N);
  for (int m = 0; m < N; m++) {
    x0[m * 4 + 0] = 0.3 + 0.3 * m;
    x0[m * 4 + 1] = -0.2 + 0.25 * m;
    x0[m * 4 + 2] = 0.0;
    x0[m * 4 + 3] = 0.5;
  }
  double drift[2];
  for (int r = 0; r < 2; r++) {
    MbeRunDef run = mbe_run_def_default();
    run.method = MBE_RUN_METHOD_RK4;
    run.t1 = 1.0;
    run.nout = NOUT;
    run.h = r == 0 ? 4e-3 : 2e-3;
    MbeError err;
    ck_assert_int_eq(mbe_program_run(prog, &run, N, x0, p, y, info, &err), MBE_OK);
    drift[r] = 0.0;
    for (int m = 0; m < N; m++) {
      ck_assert_int_eq(info[m * INFO_COUNT + INFO_STATUS], RUN_OK);
      double e0 = y[(m * NOUT) * 5 + 4];
      for (int k = 1; k < NOUT; k++) {
        drift[r] = fmax(drift[r], fabs(y[(m * NOUT + k) * 5 + 4] - e0));
      }
    }
  }
  double ratio = drift[0] / drift[1];
  ck_assert_msg(drift[1] < 1e-6, "energy drift %g J at h = 2 ms", drift[1]);
  ck_assert_msg(ratio > 10.0 && ratio < 40.0, "drift ratio %g for h/2 (expected ~16)", ratio);
  mbe_program_destroy(prog);
  mbe_backend_destroy(b);
}
END_TEST

// a failing member keeps its status and NaN outputs; the others equal a run without it
START_TEST(test_failed_member_is_isolated) {
  const MbeTestBackend* tb = backend_of(_i);
  MbeBackend* b = mbe_test_backend_create(tb->kind, tb->threads);
  MbeProgram* prog = mbe_test_program_create(b, MBE_SYS_PENDULUM, MBE_PRECISION_DOUBLE);
  enum { N = 5, NOUT = 21 };
  double x0[N * 4], p[N * 5], y[N * NOUT * 5], y1[NOUT * 5];
  int32_t info[N * INFO_COUNT], info1[INFO_COUNT];
  pendulum_params(p, N);
  for (int m = 0; m < N; m++) {
    x0[m * 4 + 0] = 1.0 + 0.1 * m;
    x0[m * 4 + 1] = 0.5;
    x0[m * 4 + 2] = 0.0;
    x0[m * 4 + 3] = 0.0;
  }
  p[2 * 5 + 2] = 0.0; // member 2: zero rod length -> division by zero
  for (int method = 0; method < 2; method++) {
    MbeRunDef run = mbe_run_def_default();
    run.method = method == 0 ? MBE_RUN_METHOD_RK4 : MBE_RUN_METHOD_DOPRI5;
    run.t1 = 2.0;
    run.nout = NOUT;
    run.h = 1e-3;
    MbeError err;
    ck_assert_int_eq(mbe_program_run(prog, &run, N, x0, p, y, info, &err), MBE_OK);
    ck_assert_int_ne(info[2 * INFO_COUNT + INFO_STATUS], RUN_OK);
    ck_assert(isnan(y[(2 * NOUT + NOUT - 1) * 5 + 0]));
    for (int m = 0; m < N; m++) {
      if (m == 2) {
        continue;
      }
      ck_assert_int_eq(info[m * INFO_COUNT + INFO_STATUS], RUN_OK);
      ck_assert_int_eq(mbe_program_run(prog, &run, 1, x0 + m * 4, p + m * 5, y1, info1, &err),
                       MBE_OK);
      ck_assert_msg(memcmp(y1, y + m * NOUT * 5, sizeof y1) == 0, "member %d differs alone", m);
      ck_assert(memcmp(info1, info + m * INFO_COUNT, sizeof info1) == 0);
    }
  }

  // a step budget too small for the run: every member says so
  MbeRunDef run = mbe_run_def_default();
  run.t1 = 2.0;
  run.nout = NOUT;
  run.max_steps = 5;
  MbeError err;
  ck_assert_int_eq(mbe_program_run(prog, &run, N, x0, p, y, info, &err), MBE_OK);
  ck_assert_int_eq(info[0 * INFO_COUNT + INFO_STATUS], RUN_MAX_STEPS);
  ck_assert(isnan(y[(NOUT - 1) * 5]));
  mbe_program_destroy(prog);
  mbe_backend_destroy(b);
}
END_TEST

// batching does not change a bit
START_TEST(test_batches_are_invisible) {
  const MbeTestBackend* tb = backend_of(_i);
  MbeBackend* b = mbe_test_backend_create(tb->kind, tb->threads);
  MbeProgram* prog = mbe_test_program_create(b, MBE_SYS_PENDULUM, MBE_PRECISION_DOUBLE);
  enum { N = 50, NOUT = 11 };
  static double x0[N * 4], p[N * 5], ya[N * NOUT * 5], yb[N * NOUT * 5];
  static int32_t ia[N * INFO_COUNT], ib[N * INFO_COUNT];
  pendulum_params(p, N);
  for (int m = 0; m < N; m++) {
    x0[m * 4 + 0] = 2.0 + 0.01 * m;
    x0[m * 4 + 1] = 1.0 - 0.02 * m;
    x0[m * 4 + 2] = 0.1;
    x0[m * 4 + 3] = 0.0;
  }
  MbeRunDef run = mbe_run_def_default();
  run.t1 = 3.0;
  run.nout = NOUT;
  MbeError err;
  ck_assert_int_eq(mbe_program_run(prog, &run, N, x0, p, ya, ia, &err), MBE_OK);
  run.batch_size = 7;
  ck_assert_int_eq(mbe_program_run(prog, &run, N, x0, p, yb, ib, &err), MBE_OK);
  ck_assert(memcmp(ya, yb, sizeof ya) == 0);
  ck_assert(memcmp(ia, ib, sizeof ia) == 0);
  mbe_program_destroy(prog);
  mbe_backend_destroy(b);
}
END_TEST

static char g_log[8192];
static void capture_log(MbeLogLevel level, const char* msg, void* ctx) {
  (void)level;
  (void)ctx;
  snprintf(g_log, sizeof g_log, "%s", msg);
}

// a kernel that does not compile: MBE_ERR_BUILD carrying the compiler's words
START_TEST(test_build_error_carries_log) {
  const MbeTestBackend* tb = backend_of(_i);
  MbeBackend* b = mbe_test_backend_create(tb->kind, tb->threads);
  MbeProgramDef pd = mbe_program_def_default();
  pd.system_source =
      "#include \"mbe_real.h\"\n"
      "#define MBE_RHS_NX 1\n#define MBE_RHS_NP 1\n#define MBE_RHS_NY 1\n"
      "#define MBE_RHS_NW 1\n#define MBE_RHS_NIW 1\n"
      "MBE_FN int mbe_rhs(mbe_real t, const mbe_real* x, const mbe_real* p, mbe_real* xdot,\n"
      "                   mbe_real* w, mbe_int* iw) {\n"
      "  xdot[0] = mbe_undeclared_thing * x[0];\n  return 0;\n}\n"
      "MBE_FN int mbe_out(mbe_real t, const mbe_real* x, const mbe_real* p, mbe_real* y,\n"
      "                   mbe_real* w, mbe_int* iw) {\n  y[0] = x[0];\n  return 0;\n}\n";
  MbeProgram* prog = NULL;
  MbeError err;
  mbe_error_clear(&err);
  g_log[0] = '\0';
  mbe_set_log_fn(capture_log, NULL, MBE_LOG_WARN);
  MbeStatus st = mbe_program_create(b, &pd, &prog, &err);
  mbe_check_fail_on_log(); // the failing handler again
  ck_assert_int_eq(st, MBE_ERR_BUILD);
  ck_assert_ptr_null(prog);
  ck_assert_msg(strstr(err.message, "mbe_undeclared_thing") != NULL, "message: %s", err.message);
  ck_assert_ptr_nonnull(strstr(g_log, "mbe_undeclared_thing"));
  mbe_backend_destroy(b);
}
END_TEST

// the second build of the same program comes from the cache and runs the same
START_TEST(test_program_cache) {
  const MbeTestBackend* tb = backend_of(_i);
  MbeBackend* b = mbe_test_backend_create(tb->kind, tb->threads);
  MbeProgram* p1 = mbe_test_program_create(b, MBE_SYS_PENDULUM, MBE_PRECISION_DOUBLE);
  MbeProgram* p2 = mbe_test_program_create(b, MBE_SYS_PENDULUM, MBE_PRECISION_DOUBLE);
  MbeProgramInfo i1, i2;
  mbe_program_get_info(p1, &i1);
  mbe_program_get_info(p2, &i2);
  ck_assert_str_eq(i1.hash, i2.hash);
  ck_assert(i2.from_cache);
  double x0[4] = {2.5, 1.0, 0.0, 0.0}, p[5], ya[11 * 5], yb[11 * 5];
  int32_t ia[INFO_COUNT], ib[INFO_COUNT];
  pendulum_params(p, 1);
  MbeRunDef run = mbe_run_def_default();
  run.t1 = 4.0;
  run.nout = 11;
  MbeError err;
  ck_assert_int_eq(mbe_program_run(p1, &run, 1, x0, p, ya, ia, &err), MBE_OK);
  ck_assert_int_eq(mbe_program_run(p2, &run, 1, x0, p, yb, ib, &err), MBE_OK);
  ck_assert(memcmp(ya, yb, sizeof ya) == 0);
  mbe_program_destroy(p1);
  mbe_program_destroy(p2);
  mbe_backend_destroy(b);
}
END_TEST

// a cache directory that cannot be made costs only the cache: one warning that says what the
// directory is for, which one and why, and how to choose another; programs are built afresh
START_TEST(test_unusable_cache_warns) {
  const MbeTestBackend* tb = backend_of(_i);
  MbeBackendDef def = mbe_backend_def_default();
  def.kind = tb->kind;
  def.threads = tb->threads;
  def.cache_dir = "/dev/null/mbens";  // a file where a directory should be, even for root
  MbeBackend* b = NULL;
  MbeError err;
  mbe_error_clear(&err);
  g_log[0] = '\0';
  mbe_set_log_fn(capture_log, NULL, MBE_LOG_WARN);
  MbeStatus st = mbe_backend_create(&def, &b, &err);
  mbe_check_fail_on_log();
  ck_assert_msg(st == MBE_OK, "backend: %s", err.message);
  ck_assert_msg(strstr(g_log, "compiled-kernel cache") &&
                    strstr(g_log, "'/dev/null/mbens/programs'") &&
                    strstr(g_log, "(from the directory given)") &&
                    strstr(g_log, "Not a directory") && strstr(g_log, "MBENS_CACHE_DIR=DIR"),
                "warning: %s", g_log);

  // twice compiled, never from the cache
  for (int k = 0; k < 2; k++) {
    MbeProgram* prog = mbe_test_program_create(b, MBE_SYS_PENDULUM, MBE_PRECISION_DOUBLE);
    MbeProgramInfo pi;
    mbe_program_get_info(prog, &pi);
    ck_assert(!pi.from_cache);
    mbe_program_destroy(prog);
  }
  mbe_backend_destroy(b);
}
END_TEST

// what the backend says it runs on has no empty part ("(, driver 3.1)" once, from PoCL's
// 65-character device version in a 64-byte buffer)
START_TEST(test_backend_info_complete) {
  const MbeTestBackend* tb = backend_of(_i);
  MbeBackend* b = mbe_test_backend_create(tb->kind, tb->threads);
  MbeBackendInfo bi;
  mbe_backend_get_info(b, &bi);
  const char* fields[] = {bi.platform, bi.device, bi.version};
  for (size_t j = 0; j < sizeof fields / sizeof fields[0]; j++) {
    size_t n = strlen(fields[j]);
    ck_assert_msg(n > 0 && fields[j][0] != ',' && fields[j][0] != ' ' && fields[j][n - 1] != ' ' &&
                      fields[j][n - 1] != ',' && !strstr(fields[j], ", ,"),
                  "field %zu: '%s'", j, fields[j]);
  }
  if (bi.kind == MBE_BACKEND_OPENCL) {
    ck_assert_msg(strncmp(bi.version, "OpenCL ", 7) == 0, "version: '%s'", bi.version);
  }
  mbe_backend_destroy(b);
}
END_TEST

// bad run definitions are refused with a message
START_TEST(test_run_def_validation) {
  const MbeTestBackend* tb = backend_of(_i);
  MbeBackend* b = mbe_test_backend_create(tb->kind, tb->threads);
  MbeProgram* prog = mbe_test_program_create(b, MBE_SYS_PENDULUM, MBE_PRECISION_DOUBLE);
  double x0[4] = {0}, p[5], y[10];
  int32_t info[INFO_COUNT];
  pendulum_params(p, 1);
  MbeError err;
  MbeRunDef run = mbe_run_def_default();
  run.t1 = -1.0;
  ck_assert_int_eq(mbe_program_run(prog, &run, 1, x0, p, y, info, &err), MBE_ERR_INVALID_ARG);
  run = mbe_run_def_default();
  run.method = MBE_RUN_METHOD_RK4;
  run.h = 0.0;
  ck_assert_int_eq(mbe_program_run(prog, &run, 1, x0, p, y, info, &err), MBE_ERR_INVALID_ARG);
  ck_assert_ptr_nonnull(strstr(err.message, "RK4"));
  run = mbe_run_def_default();
  run.nout = 1;
  ck_assert_int_eq(mbe_program_run(prog, &run, 1, x0, p, y, info, &err), MBE_ERR_INVALID_ARG);
  mbe_program_destroy(prog);
  mbe_backend_destroy(b);
}
END_TEST

static Suite* make_runtime_suite(void) {
  Suite* s = suite_create("runtime");
  TCase* tc = mbe_tcase_create("assembler");
  tcase_add_test(tc, test_assembler_inlines_once_and_reports_missing);
  tcase_add_test(tc, test_missing_compiler_is_clear);
  suite_add_tcase(s, tc);

  // the backends this machine has
  const MbeTestBackend candidates[] = {{"openmp-1", MBE_BACKEND_OPENMP, 1},
                                       {"openmp-2", MBE_BACKEND_OPENMP, 2},
                                       {"opencl", MBE_BACKEND_OPENCL, 0}};
  g_nbackends = 0;
  for (size_t i = 0; i < sizeof candidates / sizeof candidates[0]; i++) {
    if (mbe_test_backend_available(candidates[i].kind)) {
      g_backends[g_nbackends++] = candidates[i];
    } else {
      printf("runtime: backend %s not available here: its conformance tests are skipped\n",
             candidates[i].name);
    }
  }
  TCase* conf = mbe_tcase_create("conformance");
  tcase_set_timeout(conf, 600);
  tcase_add_loop_test(conf, test_program_sizes, 0, g_nbackends);
  tcase_add_loop_test(conf, test_normal_mode_matches_analytic, 0, g_nbackends);
  tcase_add_loop_test(conf, test_energy_drift_order, 0, g_nbackends);
  tcase_add_loop_test(conf, test_failed_member_is_isolated, 0, g_nbackends);
  tcase_add_loop_test(conf, test_batches_are_invisible, 0, g_nbackends);
  tcase_add_loop_test(conf, test_build_error_carries_log, 0, g_nbackends);
  tcase_add_loop_test(conf, test_program_cache, 0, g_nbackends);
  tcase_add_loop_test(conf, test_unusable_cache_warns, 0, g_nbackends);
  tcase_add_loop_test(conf, test_backend_info_complete, 0, g_nbackends);
  tcase_add_loop_test(conf, test_run_def_validation, 0, g_nbackends);
  suite_add_tcase(s, conf);
  return s;
}

MbeSuiteFactory* const mbe_check_suites[] = {make_runtime_suite, NULL};
