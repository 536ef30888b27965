// SPDX-License-Identifier: Apache-2.0
// The public API of models and evaluators (mbe/mbe_evaluator.h) on the MSL double pendulum:
// the listings against the model's text, the evaluator's bits against the pipeline `mbens
// simulate` runs, its quantities against its own trajectories, batches that commute, failed
// members and the errors a caller can make.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codegen.h"
#include "ensemble_api.h"
#include "mbe.h"
#include "mbe_check.h"
#include "mbe_layout.h"

static MbeModel* g_model;  // loaded once per test (the fixture checks for leaks per test)

static const char* pendulum_path(void) {
  static char path[1024];
  snprintf(path, sizeof path,
           "%s/models/msl/Modelica/Mechanics/MultiBody/Examples/Elementary/DoublePendulum.mo",
           mbe_test_source_dir());
  return path;
}

static MbeModel* load(void) {
  MbeModelDef md = mbe_model_def_default();
  const char* files[] = {pendulum_path()};
  md.files = files;
  md.nfiles = 1;
  md.use_modelicapath = false;
  MbeError err;
  mbe_error_clear(&err);
  MbeModel* m = NULL;
  ck_assert_msg(mbe_model_load(&md, &m, &err) == MBE_OK, "%s", err.message);
  return m;
}

static void setup(void) {
  mbe_check_setup();
  g_model = load();
}

static void teardown(void) {
  mbe_model_destroy(g_model);
  g_model = NULL;
  mbe_check_teardown();
}

// an evaluator of the pendulum varying damper.d (and vary2 when not NULL)
static MbeEvaluator* evaluator(const char* const* qoi, size_t nqoi, const char* const* sig,
                               size_t nsig, MbeRunDef* run) {
  MbeEvaluatorDef ed = mbe_evaluator_def_default(g_model);
  const char* vary[] = {"damper.d"};
  ed.vary = vary;
  ed.nvary = 1;
  ed.qoi = qoi;
  ed.nqoi = nqoi;
  ed.signals = sig;
  ed.nsignals = nsig;
  if (run) {
    ed.run = *run;
  }
  MbeError err;
  mbe_error_clear(&err);
  MbeEvaluator* ev = NULL;
  ck_assert_msg(mbe_evaluator_create(g_model, &ed, &ev, &err) == MBE_OK, "%s", err.message);
  return ev;
}

static const MbeParamInfo* find_param(const char* name, MbeParamInfo* out) {
  for (size_t k = 0; k < mbe_model_param_count(g_model); k++) {
    mbe_model_param(g_model, k, out);
    if (strcmp(out->name, name) == 0) {
      return out;
    }
  }
  ck_abort_msg("the listing has no %s", name);
  return NULL;
}

/* ---- listings ---------------------------------------------------------------------------- */

START_TEST(test_listing_says_what_the_model_says) {
  ck_assert_str_eq(mbe_model_name(g_model),
                   "Modelica.Mechanics.MultiBody.Examples.Elementary.DoublePendulum");
  MbeParamInfo p;
  find_param("damper.d", &p);  // d=0.1 in the model; SI.RotationalDampingConstant
  ck_assert(p.nominal == 0.1 && p.can_vary && !p.is_start);
  ck_assert_str_eq(p.unit, "N.m.s/rad");
  ck_assert_str_eq(p.why_not, "");
  find_param("boxBody1.r[1]", &p);
  ck_assert(p.nominal == 0.5 && p.can_vary);
  ck_assert_str_eq(p.unit, "m");
  find_param("boxBody1.density", &p);  // SI.Density: min = 0
  ck_assert(p.nominal == 7700 && p.min == 0 && p.max == HUGE_VAL);
  find_param("world.g", &p);
  ck_assert(p.nominal == 9.80665 && p.can_vary);
  find_param("revolute1.useAxisFlange", &p);  // a Boolean decides the structure
  ck_assert(!p.can_vary && p.nominal == 1);
  ck_assert_ptr_nonnull(strstr(p.why_not, "structure"));
  find_param("world.axisLength", &p);  // only the animation reads it
  ck_assert(!p.can_vary);
  ck_assert_ptr_nonnull(strstr(p.why_not, "animation"));
  find_param("revolute2.phi.start", &p);
  ck_assert(p.is_start && p.can_vary && p.nominal == 0);
  ck_assert_str_eq(p.unit, "rad");

  // the states and their starts, the signals sorted
  ck_assert_uint_eq(mbe_model_state_count(g_model), 4);
  ck_assert_str_eq(mbe_model_state(g_model, 0), "revolute1.phi");
  size_t ns = mbe_model_signal_count(g_model);
  ck_assert_uint_gt(ns, 50);
  int found = 0;
  for (size_t k = 0; k < ns; k++) {
    found += strcmp(mbe_model_signal(g_model, k), "revolute2.phi") == 0;
    if (k > 0) {
      ck_assert_int_lt(strcmp(mbe_model_signal(g_model, k - 1), mbe_model_signal(g_model, k)), 0);
    }
  }
  ck_assert_int_eq(found, 1);

  // the experiment annotation: StopTime = 3
  MbeRunDef run = mbe_model_run_def(g_model);
  ck_assert(run.t0 == 0 && run.t1 == 3 && run.nout == 501);
}
END_TEST

/* ---- the evaluator's numbers ------------------------------------------------------------- */

// what `mbens simulate` runs: the model with nothing varied, its own parameters as literals
static void simulate(const char* const* sig, size_t nsig, const MbeRunDef* run, double* y,
                     int32_t* info) {
  MbeSpec* spec = NULL;
  MbeFlat* flat = NULL;
  MbeSystem* sys = NULL;
  MbeBackend* be = NULL;
  MbeProgram* prog = NULL;
  char* src = NULL;
  MbeError err;
  mbe_error_clear(&err);
  ck_assert(mbe_spec_create(&spec, &err) == MBE_OK);
  ck_assert(mbe_spec_add_file(spec, pendulum_path(), &err) == MBE_OK);
  ck_assert(mbe_flat_create(spec, NULL, &flat, &err) == MBE_OK);
  ck_assert(mbe_system_build(flat, &sys, &err) == MBE_OK);
  MbeSymId ids[8];
  for (size_t j = 0; j < nsig; j++) {
    ids[j] = mbe_system_signal(sys, sig[j])->id;
  }
  MbeCodegenDef cg = mbe_system_codegen_def(sys, ids, nsig);
  ck_assert(mbe_codegen_system(&cg, &src, &err) == MBE_OK);
  MbeBackendDef bd = mbe_backend_def_default();
  bd.kind = MBE_BACKEND_OPENMP;
  ck_assert(mbe_backend_create(&bd, &be, &err) == MBE_OK);
  MbeProgramDef pd = mbe_program_def_default();
  pd.system_source = src;
  ck_assert_msg(mbe_program_create(be, &pd, &prog, &err) == MBE_OK, "%s", err.message);
  double zero = 0;
  ck_assert(mbe_program_run(prog, run, 1, NULL, sys->np ? sys->p0 : &zero, y, info, &err) ==
            MBE_OK);
  mbe_free(src);
  mbe_program_destroy(prog);
  mbe_backend_destroy(be);
  mbe_system_destroy(sys);
  mbe_flat_destroy(flat);
  mbe_spec_destroy(spec);
}

START_TEST(test_nominal_member_has_the_bits_of_simulate) {
  const char* sig[] = {"revolute1.phi", "revolute2.phi", "revolute2.w"};
  MbeEvaluator* ev = evaluator(NULL, 0, sig, 3, NULL);
  size_t nout = mbe_evaluator_nout(ev);
  double* y = malloc(nout * 3 * sizeof *y);
  double* ys = malloc(nout * 3 * sizeof *ys);
  int32_t info[MBE_INFO_COUNT], infos[MBE_INFO_COUNT];
  MbeParamInfo d;
  mbe_evaluator_param(ev, 0, &d);
  ck_assert(d.nominal == 0.1);
  MbeEvalBatch b = {.n = 1, .p = &d.nominal, .y = y, .info = info};
  MbeError err;
  ck_assert(mbe_evaluator_run(ev, &b, &err) == MBE_OK);
  simulate(sig, 3, mbe_evaluator_run_def(ev), ys, infos);
  ck_assert_int_eq(info[MBE_INFO_STATUS], MBE_RUN_OK);
  ck_assert_int_eq(info[MBE_INFO_STEPS], infos[MBE_INFO_STEPS]);
  ck_assert_msg(memcmp(y, ys, nout * 3 * sizeof *y) == 0, "the trajectories differ in bits");
  ck_assert(fabs(y[(nout - 1) * 3 + 1]) > 0.1);  // it moved
  free(y), free(ys);
  mbe_evaluator_destroy(ev);
}
END_TEST

START_TEST(test_quantities_are_their_trajectories_aggregates) {
  const char* sig[] = {"revolute2.phi", "revolute1.w"};
  const char* qoi[] = {"max(abs(revolute2.phi))", "final(revolute1.w)",
                       "min(revolute2.phi) * 2 + damper.d"};
  MbeEvaluator* ev = evaluator(qoi, 3, sig, 2, NULL);
  ck_assert_uint_eq(mbe_evaluator_nqoi(ev), 3);
  ck_assert_str_eq(mbe_evaluator_qoi_name(ev, 2), "min(revolute2.phi)*2+damper.d");
  enum { N = 5 };
  size_t nout = mbe_evaluator_nout(ev);
  double p[N], q[N * 3], *y = malloc(N * nout * 2 * sizeof *y);
  int32_t status[N];
  for (int k = 0; k < N; k++) {
    p[k] = 0.05 + 0.1 * k;
  }
  MbeEvalBatch b = {.n = N, .p = p, .qoi = q, .status = status, .y = y};
  MbeError err;
  ck_assert(mbe_evaluator_run(ev, &b, &err) == MBE_OK);
  for (int k = 0; k < N; k++) {
    const double* yk = y + (size_t)k * nout * 2;
    double mx = 0, mn = INFINITY;
    for (size_t t = 0; t < nout; t++) {
      mx = fmax(mx, fabs(yk[t * 2]));
      mn = fmin(mn, yk[t * 2]);
    }
    ck_assert_int_eq(status[k], MBE_RUN_OK);
    ck_assert(q[k * 3] == mx);
    ck_assert(q[k * 3 + 1] == yk[(nout - 1) * 2 + 1]);
    ck_assert(q[k * 3 + 2] == mn * 2 + p[k]);
  }
  ck_assert(q[0] != q[3]);  // the damping changes the swing
  free(y);
  mbe_evaluator_destroy(ev);
}
END_TEST

START_TEST(test_batches_commute_and_calls_repeat) {
  const char* qoi[] = {"max(abs(revolute2.phi))", "integral(revolute1.w^2)"};
  MbeEvaluator* ev = evaluator(qoi, 2, NULL, 0, NULL);
  enum { N = 100 };
  double p[N], q1[2 * N], q2[2 * N], q3[2 * N];
  int32_t s1[N], s2[N];
  uint64_t rng = 7;
  for (int k = 0; k < N; k++) {
    p[k] = 0.02 + 0.5 * mbe_test_rng_u01(&rng);
  }
  MbeError err;
  MbeEvalBatch all = {.n = N, .p = p, .qoi = q1, .status = s1};
  ck_assert(mbe_evaluator_run(ev, &all, &err) == MBE_OK);
  const size_t parts[] = {1, 37, 62};
  for (size_t i = 0, at = 0; i < 3; at += parts[i++]) {
    MbeEvalBatch b = {.n = parts[i], .p = p + at, .qoi = q2 + 2 * at, .status = s2 + at};
    ck_assert(mbe_evaluator_run(ev, &b, &err) == MBE_OK);
  }
  all.qoi = q3;
  ck_assert(mbe_evaluator_run(ev, &all, &err) == MBE_OK);
  ck_assert(memcmp(q1, q2, sizeof q1) == 0 && memcmp(s1, s2, sizeof s1) == 0);
  ck_assert(memcmp(q1, q3, sizeof q1) == 0);
  mbe_evaluator_destroy(ev);
}
END_TEST

START_TEST(test_opencl_gives_the_bits_of_openmp) {
  char ids[4][16];
  if (mbe_devices_opencl(ids, 4, true) == 0) {  // PoCL in CI has one
    fprintf(stderr, "check_api: no OpenCL device with double precision: OpenCL not compared\n");
    return;
  }
  const char* qoi[] = {"max(abs(revolute2.phi))", "final(revolute1.w)"};
  const char* sig[] = {"revolute2.phi"};
  enum { N = 37 };
  double p[N], q[2][2 * N];
  int32_t s[2][N];
  size_t nout = 0;
  double* y[2] = {NULL, NULL};
  for (int k = 0; k < N; k++) {
    p[k] = 0.01 + 0.02 * k;
  }
  for (int b = 0; b < 2; b++) {
    MbeEvaluatorDef ed = mbe_evaluator_def_default(g_model);
    const char* vary[] = {"damper.d"};
    ed.vary = vary, ed.nvary = 1, ed.qoi = qoi, ed.nqoi = 2, ed.signals = sig, ed.nsignals = 1;
    ed.backend.kind = b ? MBE_BACKEND_OPENCL : MBE_BACKEND_OPENMP;
    ed.backend.device = b ? ids[0] : NULL;
    MbeEvaluator* ev = NULL;
    MbeError err;
    ck_assert_msg(mbe_evaluator_create(g_model, &ed, &ev, &err) == MBE_OK, "%s", err.message);
    nout = mbe_evaluator_nout(ev);
    y[b] = malloc(N * nout * sizeof *y[b]);
    MbeEvalBatch bt = {.n = N, .p = p, .qoi = q[b], .status = s[b], .y = y[b]};
    ck_assert_msg(mbe_evaluator_run(ev, &bt, &err) == MBE_OK, "%s", err.message);
    MbeBackendInfo bi;
    mbe_evaluator_backend_info(ev, &bi);
    ck_assert_int_eq(bi.kind, b ? MBE_BACKEND_OPENCL : MBE_BACKEND_OPENMP);
    mbe_evaluator_destroy(ev);
  }
  ck_assert(memcmp(q[0], q[1], sizeof q[0]) == 0 && memcmp(s[0], s[1], sizeof s[0]) == 0);
  ck_assert(memcmp(y[0], y[1], N * nout * sizeof *y[0]) == 0);
  free(y[0]), free(y[1]);
}
END_TEST

START_TEST(test_failed_member_has_its_status_and_nan) {
  const char* qoi[] = {"final(revolute2.phi)"};
  MbeRunDef run = mbe_model_run_def(g_model);
  run.max_steps = 20;  // too few for 3 s
  MbeEvaluator* ev = evaluator(qoi, 1, NULL, 0, &run);
  double p = 0.1, q = 0;
  int32_t s = 0;
  MbeEvalBatch b = {.n = 1, .p = &p, .qoi = &q, .status = &s};
  MbeError err;
  ck_assert(mbe_evaluator_run(ev, &b, &err) == MBE_OK);
  ck_assert_int_eq(s, MBE_RUN_MAX_STEPS);
  ck_assert(isnan(q));
  mbe_evaluator_destroy(ev);
}
END_TEST

/* ---- what a caller can ask beside the numbers -------------------------------------------- */

START_TEST(test_kernel_experiment_and_modes) {
  MbeModelExperiment e = mbe_model_experiment(g_model);  // experiment(StopTime=3)
  ck_assert(e.has_stop_time && e.stop_time == 3 && !e.has_start_time && !e.has_interval);
  ck_assert_ptr_null(mbe_model_needs_double(g_model));

  // the kernel without compiling it: its text and sizes
  MbeEvaluatorDef ed = mbe_evaluator_def_default(g_model);
  const char* sig[] = {"revolute2.phi"};
  ed.signals = sig, ed.nsignals = 1;
  char* text = NULL;
  MbeKernelStats ks;
  MbeError err;
  ck_assert(mbe_evaluator_kernel(g_model, &ed, &text, &ks, &err) == MBE_OK);
  ck_assert_ptr_nonnull(strstr(text, "mbe_rhs"));
  ck_assert(ks.nstates == 4 && ks.articulated && ks.rhs.operations > 50);
  ck_assert_str_eq(ks.name, mbe_model_name(g_model));
  mbe_string_free(text);

  // the modes of models/examples/SpringDamperOptimum.mo (m = c = 1): lambda = -d/2 +- i
  // sqrt(1 - d^2/4), at its d = 0.5 and at a varied d = 1.2
  char path[1024];
  snprintf(path, sizeof path, "%s/models/examples/SpringDamperOptimum.mo", mbe_test_source_dir());
  MbeModelDef md = mbe_model_def_default();
  const char* files[] = {path};
  md.files = files, md.nfiles = 1, md.use_modelicapath = false;
  MbeModel* m = NULL;
  ck_assert(mbe_model_load(&md, &m, &err) == MBE_OK);
  MbeEvaluatorDef sd = mbe_evaluator_def_default(m);
  const char* vary[] = {"springDamper.d"};
  const char* q[] = {"final(slider.s)"};
  sd.vary = vary, sd.nvary = 1, sd.qoi = q, sd.nqoi = 1;
  MbeEvaluator* ev = NULL;
  ck_assert(mbe_evaluator_create(m, &sd, &ev, &err) == MBE_OK);
  ck_assert_uint_eq(mbe_evaluator_nstates(ev), 2);
  double re[2], im[2], d = 1.2;
  ck_assert(mbe_evaluator_modes(ev, NULL, re, im, &err) == MBE_OK);
  MBE_CK_NEAR(re[0], -0.25, 0, 1e-6);
  MBE_CK_NEAR(fabs(im[0]), sqrt(1 - 0.0625), 0, 1e-6);
  ck_assert(mbe_evaluator_modes(ev, &d, re, im, &err) == MBE_OK);
  MBE_CK_NEAR(re[1], -0.6, 0, 1e-6);
  MBE_CK_NEAR(fabs(im[1]), 0.8, 0, 1e-6);
  MbeInitInfo ii = mbe_evaluator_init_info(ev);
  ck_assert_uint_eq(ii.conditions, 0);
  MbeAssertInfo a;
  ck_assert(!mbe_evaluator_assert(ev, 0, &a) && !mbe_evaluator_assert(ev, 99, &a));
  mbe_evaluator_destroy(ev);
  mbe_model_destroy(m);
}
END_TEST

/* ---- a caller's mistakes ----------------------------------------------------------------- */

// creating an evaluator with these lists fails with code and a message holding what
static void create_fails(const char* vary, const char* qoi, const char* sig, MbeStatus code,
                         const char* what, int column) {
  MbeEvaluatorDef ed = mbe_evaluator_def_default(g_model);
  ed.vary = &vary, ed.nvary = vary != NULL;
  ed.qoi = &qoi, ed.nqoi = qoi != NULL;
  ed.signals = &sig, ed.nsignals = sig != NULL;
  MbeError err;
  mbe_error_clear(&err);
  MbeEvaluator* ev = (MbeEvaluator*)&err;
  ck_assert_int_eq(mbe_evaluator_create(g_model, &ed, &ev, &err), code);
  ck_assert_ptr_null(ev);
  ck_assert_msg(strstr(err.message, what), "'%s' lacks '%s'", err.message, what);
  if (column) {
    ck_assert_int_eq(err.column, column);
  }
}

START_TEST(test_bad_definitions_say_what_is_wrong) {
  create_fails("damper.dd", NULL, NULL, MBE_ERR_USAGE, "did you mean 'damper.d'", 0);
  create_fails("revolute1.useAxisFlange", NULL, NULL, MBE_ERR_USAGE, "structure", 0);
  create_fails(NULL, NULL, "revolute2.ph", MBE_ERR_USAGE, "did you mean 'revolute2.phi'", 0);
  create_fails(NULL, "max(abs(revolute2.phi)", NULL, MBE_ERR_USAGE,
               "quantity 'max(abs(revolute2.phi)': expected ')'", 0);
  create_fails(NULL, "final(x)", NULL, MBE_ERR_USAGE, "final(x)", 7);
  MbeEvaluatorDef raw;
  memset(&raw, 0, sizeof raw);
  MbeEvaluator* ev = NULL;
  MbeError err;
  ck_assert_int_eq(mbe_evaluator_create(g_model, &raw, &ev, &err), MBE_ERR_INVALID_ARG);
  ck_assert_ptr_nonnull(strstr(err.message, "mbe_evaluator_def_default"));

  MbeModelDef md = mbe_model_def_default();
  const char* files[] = {"/nonexistent/Model.mo"};
  md.files = files, md.nfiles = 1;
  MbeModel* m = NULL;
  ck_assert_int_eq(mbe_model_load(&md, &m, &err), MBE_ERR_IO);
  ck_assert_ptr_null(m);
}
END_TEST

START_TEST(test_parameters_outside_bounds_are_refused) {
  const char* qoi[] = {"final(revolute2.phi)"};
  MbeEvaluator* ev = evaluator(qoi, 1, NULL, 0, NULL);
  double p[3] = {0.1, -0.5, 0.2}, q[3];
  MbeEvalBatch b = {.n = 3, .p = p, .qoi = q};
  MbeError err;
  ck_assert_int_eq(mbe_evaluator_run(ev, &b, &err), MBE_ERR_INVALID_ARG);
  ck_assert_msg(strstr(err.message, "member 1: damper.d = -0.5 is outside the min = 0"), "%s",
                err.message);
  p[1] = NAN;
  ck_assert_int_eq(mbe_evaluator_run(ev, &b, &err), MBE_ERR_INVALID_ARG);
  ck_assert_ptr_nonnull(strstr(err.message, "not a number"));
  double y;
  b.y = &y;  // compiled without signals: no trajectories to give
  p[1] = 0.1;
  ck_assert_int_eq(mbe_evaluator_run(ev, &b, &err), MBE_ERR_INVALID_ARG);
  mbe_evaluator_destroy(ev);
}
END_TEST

static Suite* make_api_suite(void) {
  Suite* s = suite_create("api");
  TCase* tc = tcase_create("models and evaluators");
  tcase_add_checked_fixture(tc, setup, teardown);
  tcase_set_timeout(tc, 300);
  tcase_add_test(tc, test_listing_says_what_the_model_says);
  tcase_add_test(tc, test_nominal_member_has_the_bits_of_simulate);
  tcase_add_test(tc, test_quantities_are_their_trajectories_aggregates);
  tcase_add_test(tc, test_batches_commute_and_calls_repeat);
  tcase_add_test(tc, test_opencl_gives_the_bits_of_openmp);
  tcase_add_test(tc, test_failed_member_has_its_status_and_nan);
  tcase_add_test(tc, test_kernel_experiment_and_modes);
  tcase_add_test(tc, test_bad_definitions_say_what_is_wrong);
  tcase_add_test(tc, test_parameters_outside_bounds_are_refused);
  suite_add_tcase(s, tc);
  return s;
}

MbeSuiteFactory* const mbe_check_suites[] = {make_api_suite, NULL};
