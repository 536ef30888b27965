// SPDX-License-Identifier: Apache-2.0
// Tests of the study's plans that need no backend: the default quantile bins (proportionate to
// the members, bounded by the memory) and the output estimate against what the CSV writer
// writes.
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ensemble.h"
#include "io.h"
#include "mbe_check.h"
#include "mbe_stats.h"

START_TEST(test_bins_follow_the_members) {
  // 8 sqrt(N) rounded up to a power of two, within [64, 4096]
  ck_assert_uint_eq(mbe_study_quantile_bins(1, 10, 0), 64);
  ck_assert_uint_eq(mbe_study_quantile_bins(64, 10, 0), 64);
  ck_assert_uint_eq(mbe_study_quantile_bins(1000, 10, 0), 256);
  ck_assert_uint_eq(mbe_study_quantile_bins(20000, 10, 0), 2048);
  ck_assert_uint_eq(mbe_study_quantile_bins(1000000, 10, 0), 4096);

  // the reported case: 1000 members, 2 signals x 5001 points; 2048 bins and an 85 MiB
  // checkpoint before, now 256 and the statistics within a quarter of the default memory
  const size_t nseries = 2 * 5001, bins = mbe_study_quantile_bins(1000, nseries, 0);
  ck_assert_uint_eq(bins, 256);
  ck_assert_uint_le(mbe_stats_size(nseries, bins), MBE_STUDY_MEMORY_DEFAULT / 4);
}
END_TEST

START_TEST(test_bins_within_the_memory) {
  // halved until the statistics take at most a quarter of the memory, never below the minimum
  for (uint64_t mem = (uint64_t)1 << 20; mem <= (uint64_t)1 << 32; mem *= 4) {
    const size_t nseries = 200000, bins = mbe_study_quantile_bins(1000000, nseries, mem);
    ck_assert_uint_ge(bins, MBE_STATS_CAP_MIN);
    ck_assert(bins == MBE_STATS_CAP_MIN || mbe_stats_size(nseries, bins) <= mem / 4);
    ck_assert(bins == 4096 || mbe_stats_size(nseries, 2 * bins) > mem / 4);
  }
}
END_TEST

START_TEST(test_csv_estimate_against_the_writer) {
  // the estimate is within 25 % of what mbe_csv_format_trajectory writes for typical values
  enum { NOUT = 2001, NSIG = 3 };
  double* time = malloc(NOUT * sizeof *time);
  double* y = malloc(NOUT * NSIG * sizeof *y);
  ck_assert_ptr_nonnull(time);
  ck_assert_ptr_nonnull(y);
  for (int k = 0; k < NOUT; k++) {
    time[k] = k * 0.001;
    for (int j = 0; j < NSIG; j++) {
      y[k * NSIG + j] = sin(0.1 * k + j) * pow(10.0, j - 1);
    }
  }
  const char* names[NSIG] = {"rev.phi", "rev.w", "body.r_0[1]"};
  MbeStrbuf sb;
  mbe_strbuf_init(&sb);
  mbe_csv_format_trajectory(&sb, NOUT, NSIG, time, names, y);
  const double est = (double)mbe_csv_trajectory_bytes(NOUT, NSIG);
  ck_assert_msg(fabs(est - (double)sb.len) <= 0.25 * (double)sb.len, "estimate %.0f, written %zu",
                est, sb.len);
  mbe_strbuf_deinit(&sb);
  free(time);
  free(y);
}
END_TEST

static Suite* make_study_suite(void) {
  Suite* s = suite_create("study");
  TCase* tc = mbe_tcase_create("plans");
  tcase_add_test(tc, test_bins_follow_the_members);
  tcase_add_test(tc, test_bins_within_the_memory);
  tcase_add_test(tc, test_csv_estimate_against_the_writer);
  suite_add_tcase(s, tc);
  return s;
}

MbeSuiteFactory* const mbe_check_suites[] = {make_study_suite, NULL};
