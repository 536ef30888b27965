// SPDX-License-Identifier: Apache-2.0
// The checked fixture and the shared main of every test executable: runs the module's suites,
// writes TAP when CK_TAP_LOG_FILE_NAME is set, exits non-zero on any failure.
#include <stdio.h>
#include <stdlib.h>

#include "mbe/mbe_hooks.h"
#include "mbe_check.h"

static size_t g_bytes_at_setup;

static void failing_log(MbeLogLevel level, const char* msg, void* ctx) {
  (void)ctx;
  if (level <= MBE_LOG_WARN) {
    ck_abort_msg("library logged %s: %s", level == MBE_LOG_ERROR ? "an error" : "a warning", msg);
  }
}

void mbe_check_fail_on_log(void) {
  mbe_set_log_fn(failing_log, NULL, MBE_LOG_WARN);
}

void mbe_check_setup(void) {
  mbe_check_fail_on_log();
  g_bytes_at_setup = mbe_alloc_bytes();
}

void mbe_check_teardown(void) {
  size_t now = mbe_alloc_bytes();
  mbe_set_log_fn(NULL, NULL, MBE_LOG_WARN);
  ck_assert_msg(now == g_bytes_at_setup, "%zu bytes leaked", now - g_bytes_at_setup);
}

TCase* mbe_tcase_create(const char* name) {
  TCase* tc = tcase_create(name);
  tcase_add_checked_fixture(tc, mbe_check_setup, mbe_check_teardown);
  return tc;
}

const char* mbe_test_source_dir(void) {
  return MBE_TEST_SOURCE_DIR;
}

const char* mbe_test_build_dir(void) {
  return MBE_TEST_BUILD_DIR;
}

int main(void) {
  SRunner* sr = NULL;
  for (int i = 0; mbe_check_suites[i]; i++) {
    Suite* s = mbe_check_suites[i]();
    if (!sr) {
      sr = srunner_create(s);
    } else {
      srunner_add_suite(sr, s);
    }
  }

  // no fork by default: suites that touch OpenMP or OpenCL would hang in forked children, and
  // one process keeps the OpenCL platform initialised once; CK_FORK=yes restores fork mode
  srunner_set_fork_status(sr, getenv("CK_FORK") ? CK_FORK_GETENV : CK_NOFORK);
  srunner_run_all(sr, CK_NORMAL);
  int nfailed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return nfailed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

uint64_t mbe_test_rng_next(uint64_t* state) {
  uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

double mbe_test_rng_u01(uint64_t* state) {
  return ((double)(mbe_test_rng_next(state) >> 11) + 0.5) * 0x1.0p-53;
}
