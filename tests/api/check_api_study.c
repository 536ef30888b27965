// SPDX-License-Identifier: Apache-2.0
// Studies through the public API (mbe/mbe_study.h): a study stopped by its progress callback and
// resumed from another directory with nothing but its run directory writes the bytes of one
// uninterrupted run; a resume keeps its definition; what cannot run is refused with a reason.
#define _XOPEN_SOURCE 700
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "mbe.h"
#include "mbe_check.h"

static char g_root[256];    // this test's scratch folder
static char g_model[1024];  // the folder of the MSL double pendulum (the model is named relative)

static void setup(void) {
  mbe_check_setup();
  snprintf(g_root, sizeof g_root, "/tmp/mbe_api_study_XXXXXX");
  ck_assert_ptr_nonnull(mkdtemp(g_root));
  snprintf(g_model, sizeof g_model,
           "%s/models/msl/Modelica/Mechanics/MultiBody/Examples/Elementary", mbe_test_source_dir());
  ck_assert_int_eq(chdir(g_model), 0);
}

static void teardown(void) {
  char cmd[512];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", g_root);
  ck_assert_int_eq(system(cmd), 0);
  mbe_check_teardown();
}

static const char* FILES[] = {"DoublePendulum.mo"};
static const char* VARY[] = {"damper.d=uniform(0.05, 0.5)", "boxBody2.r[1]=normal(0.5, 0.01)"};
static const char* QOI[] = {"max(abs(revolute2.phi))", "final(revolute1.w)"};
static const char* SIGNALS[] = {"revolute1.phi", "revolute2.phi"};

// the pendulum study of 64 members in batches of 8 into g_root/name
static MbeStudyDef pendulum(const char* name, char* dir, size_t size) {
  snprintf(dir, size, "%s/%s", g_root, name);
  MbeStudyDef d = mbe_study_def_default();
  d.dir = dir;
  d.model.files = FILES;
  d.model.nfiles = 1;
  d.model.use_modelicapath = false;
  d.vary = VARY;
  d.nvary = 2;
  d.n = 64;
  d.seed = 7;
  d.qoi = QOI;
  d.nqoi = 2;
  d.signals = SIGNALS;
  d.nsignals = 2;
  d.save_members = "3,10-12";
  d.run.stop_time = 2;
  d.run.interval = 0.05;
  d.backend.kind = MBE_BACKEND_OPENMP;
  d.batch = 8;
  return d;
}

static MbeStatus run(const MbeStudyDef* d, MbeStudyProgress* p, MbeError* err) {
  MbeStudy* s = NULL;
  MbeStatus st = mbe_study_open(d, &s, err);
  if (st == MBE_OK) {
    st = mbe_study_run(s, err);
    if (p) {
      mbe_study_progress(s, p);
    }
  }
  mbe_study_destroy(s);
  return st;
}

static char* slurp(const char* dir, const char* name) {
  char path[1024];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  FILE* f = fopen(path, "rb");
  ck_assert_msg(f != NULL, "cannot open %s", path);
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char* text = calloc((size_t)n + 1, 1);
  ck_assert_int_eq(fread(text, 1, (size_t)n, f), (size_t)n);
  fclose(f);
  return text;
}

static void same_file(const char* a, const char* b, const char* name) {
  char *x = slurp(a, name), *y = slurp(b, name);
  ck_assert_msg(strcmp(x, y) == 0, "%s differs between %s and %s", name, a, b);
  free(x);
  free(y);
}

static bool stop_after_two(void* ctx, const MbeStudyProgress* p) {
  int* calls = ctx;
  (void)p;
  return ++*calls < 2;
}

START_TEST(test_stopped_and_resumed_elsewhere_is_one_run) {
  char whole[512], parts[512];
  MbeError err;
  MbeStudyProgress p;
  MbeStudyDef d = pendulum("whole", whole, sizeof whole);
  ck_assert_msg(run(&d, &p, &err) == MBE_OK, "%s", err.message);
  ck_assert_uint_eq(p.done, 64);

  // stopped by its progress callback after two batches: the checkpoint holds them
  int calls = 0;
  d = pendulum("parts", parts, sizeof parts);
  d.progress = stop_after_two;
  d.ctx = &calls;
  ck_assert_int_eq(run(&d, &p, &err), MBE_ERR_INTERRUPTED);
  ck_assert_uint_eq(p.done, 16);
  ck_assert_uint_eq(p.done_checkpoint, 16);
  char* manifest = slurp(parts, "manifest.json");
  ck_assert_ptr_nonnull(strstr(manifest, "\"status\": \"interrupted\""));
  free(manifest);

  // resumed from elsewhere with its directory alone (and other batches): the same bytes
  ck_assert_int_eq(chdir("/"), 0);
  MbeStudyDef r = mbe_study_def_default();
  r.dir = parts;
  r.resume = true;
  r.backend.kind = MBE_BACKEND_OPENMP;
  r.batch = 24;
  MbeStudy* s = NULL;
  ck_assert_msg(mbe_study_open(&r, &s, &err) == MBE_OK, "%s", err.message);
  MbeStudyInfo in;
  mbe_study_info(s, &in);
  ck_assert(in.is_resumed && !in.is_complete);
  ck_assert_uint_eq(in.nparam, 2);
  ck_assert_uint_eq(in.nout, 41);
  ck_assert_msg(mbe_study_run(s, &err) == MBE_OK, "%s", err.message);
  mbe_study_progress(s, &p);
  ck_assert_uint_eq(p.done, 64);
  ck_assert(p.is_resumed);
  mbe_study_destroy(s);
  same_file(whole, parts, "members.csv");
  same_file(whole, parts, "stats.csv");
  same_file(whole, parts, "trajectories/member_11.csv");

  // once complete, a resume has nothing to do
  ck_assert_msg(mbe_study_open(&r, &s, &err) == MBE_OK, "%s", err.message);
  mbe_study_info(s, &in);
  ck_assert(in.is_complete);
  ck_assert_int_eq(mbe_study_run(s, &err), MBE_OK);
  mbe_study_destroy(s);
}
END_TEST

// a file inside a user's library, named relative to its folder: the library is found from the
// file (its `within`), also when the run resumes from elsewhere
START_TEST(test_a_library_file_resumes_from_elsewhere) {
  char lib[1024], whole[512], parts[512];
  snprintf(lib, sizeof lib, "%s/tests/cli/data/lib/MyLib/Examples", mbe_test_source_dir());
  ck_assert_int_eq(chdir(lib), 0);
  static const char* files[] = {"Swing.mo"};
  static const char* vary[] = {"arm1.L=uniform(0.3, 0.5)"};
  MbeStudyDef d = pendulum("whole", whole, sizeof whole);
  d.model.files = files;
  d.vary = vary;
  d.nvary = 1;
  d.nqoi = 0;
  d.signals = NULL;
  d.save_members = NULL;
  MbeError err;
  MbeStudyProgress p;
  ck_assert_msg(run(&d, &p, &err) == MBE_OK, "%s", err.message);
  int calls = 0;
  d.dir = parts;
  snprintf(parts, sizeof parts, "%s/parts", g_root);
  d.progress = stop_after_two;
  d.ctx = &calls;
  ck_assert_int_eq(run(&d, &p, &err), MBE_ERR_INTERRUPTED);
  ck_assert_int_eq(chdir("/"), 0);
  MbeStudyDef r = mbe_study_def_default();
  r.dir = parts;
  r.resume = true;
  r.backend.kind = MBE_BACKEND_OPENMP;
  ck_assert_msg(run(&r, &p, &err) == MBE_OK, "%s", err.message);
  same_file(whole, parts, "members.csv");
  same_file(whole, parts, "stats.csv");
}
END_TEST

START_TEST(test_resume_keeps_its_definition) {
  char dir[512];
  MbeError err;
  MbeStudyDef d = pendulum("a", dir, sizeof dir);
  d.n = 8;
  d.save_members = NULL;
  ck_assert_msg(run(&d, NULL, &err) == MBE_OK, "%s", err.message);

  // a resume that sets what the study is
  MbeStudyDef r = mbe_study_def_default();
  r.dir = dir;
  r.resume = true;
  r.nqoi = 1;
  r.qoi = QOI;
  MbeStudy* s = NULL;
  ck_assert_int_eq(mbe_study_open(&r, &s, &err), MBE_ERR_USAGE);
  ck_assert_ptr_nonnull(strstr(err.message, "keeps its definition"));

  // a directory without a run
  r = mbe_study_def_default();
  r.dir = g_root;
  r.resume = true;
  ck_assert_int_eq(mbe_study_open(&r, &s, &err), MBE_ERR_USAGE);
  ck_assert_ptr_nonnull(strstr(err.message, "no run to resume"));
  ck_assert_ptr_null(s);
}
END_TEST

// opening d fails with code and a message holding what
static void refused(const MbeStudyDef* d, MbeStatus code, const char* what) {
  MbeStudy* s = NULL;
  MbeError err;
  mbe_error_clear(&err);
  ck_assert_int_eq(mbe_study_open(d, &s, &err), code);
  ck_assert_msg(strstr(err.message, what) != NULL, "'%s' does not say '%s'", err.message, what);
  ck_assert_ptr_null(s);
}

START_TEST(test_what_cannot_run_is_refused) {
  char dir[512];
  MbeStudyDef d = pendulum("b", dir, sizeof dir);
  const char* bad_signal[] = {"revolute1.ph"};
  d.signals = bad_signal;
  d.nsignals = 1;
  refused(&d, MBE_ERR_USAGE, "did you mean 'revolute1.phi'");

  d = pendulum("b", dir, sizeof dir);
  const char* below[] = {"damper.d=normal(0.1, 0.1)"};  // a damping below its min = 0
  d.vary = below;
  d.nvary = 1;
  refused(&d, MBE_ERR_USAGE, "the model declares min = 0");

  d = pendulum("b", dir, sizeof dir);
  d.n = 0;
  refused(&d, MBE_ERR_USAGE, "how many members");

  d = pendulum("b", dir, sizeof dir);
  d.save_members = "70";
  refused(&d, MBE_ERR_USAGE, "member 70 does not exist");

  d = pendulum("b", dir, sizeof dir);
  d.dir = NULL;
  refused(&d, MBE_ERR_USAGE, "no run directory");

  // a run where one is: refused, then replaced with force
  MbeError err;
  d = pendulum("b", dir, sizeof dir);
  d.n = 4;
  d.save_members = NULL;
  ck_assert_msg(run(&d, NULL, &err) == MBE_OK, "%s", err.message);
  refused(&d, MBE_ERR_USAGE, "holds a complete run");
  d.force = true;
  ck_assert_msg(run(&d, NULL, &err) == MBE_OK, "%s", err.message);
}
END_TEST

static Suite* make_study_suite(void) {
  Suite* s = suite_create("api_study");
  TCase* tc = tcase_create("studies");
  tcase_add_checked_fixture(tc, setup, teardown);
  tcase_set_timeout(tc, 300);
  tcase_add_test(tc, test_stopped_and_resumed_elsewhere_is_one_run);
  tcase_add_test(tc, test_a_library_file_resumes_from_elsewhere);
  tcase_add_test(tc, test_resume_keeps_its_definition);
  tcase_add_test(tc, test_what_cannot_run_is_refused);
  suite_add_tcase(s, tc);
  return s;
}

MbeSuiteFactory* const mbe_check_suites[] = {make_study_suite, NULL};
