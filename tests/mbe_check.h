// SPDX-License-Identifier: Apache-2.0
// Shared test helpers: the checked fixture (a logged warning or a leaked byte fails the test),
// tolerance assertions, and the suite list each test executable provides.
#ifndef MBE_CHECK_H
#define MBE_CHECK_H

#include <check.h>
#include <stdint.h>
#include <math.h>

// each test executable defines this NULL-terminated list of suite factories
typedef Suite* MbeSuiteFactory(void);
extern MbeSuiteFactory* const mbe_check_suites[];

// installs a log handler that fails the test on errors and warnings, and records the allocator
// byte count; teardown fails the test when bytes leaked. Add to every TCase.
void mbe_check_setup(void);
void mbe_check_teardown(void);
TCase* mbe_tcase_create(const char* name);

// reinstalls the failing log handler (after a test captured the log on purpose)
void mbe_check_fail_on_log(void);

// |a - b| <= atol + rtol * |b|
#define MBE_CK_NEAR(a, b, rtol, atol)                                                           \
  do {                                                                                          \
    double mbe_a_ = (a), mbe_b_ = (b);                                                          \
    ck_assert_msg(fabs(mbe_a_ - mbe_b_) <= (atol) + (rtol)*fabs(mbe_b_),                        \
                  "%s = %.17g, expected %s = %.17g (rtol %g, atol %g)", #a, mbe_a_, #b, mbe_b_, \
                  (double)(rtol), (double)(atol));                                              \
  } while (0)

// the source directory and the build directory of the project (set by CMake)
const char* mbe_test_source_dir(void);
const char* mbe_test_build_dir(void);

// a deterministic stream of test inputs (splitmix64): the next 64 bits of *state, and a double
// in (0, 1) from them (53 bits, never 0 or 1)
uint64_t mbe_test_rng_next(uint64_t* state);
double mbe_test_rng_u01(uint64_t* state);

#endif
