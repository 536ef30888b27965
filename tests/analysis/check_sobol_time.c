// SPDX-License-Identifier: Apache-2.0
// Time-resolved Sobol' indices (analysis/sobol_time.c) fed by the kernel's block reduction
// (kernels/reduce/mbe_sobol.h compiled as C): the indices of the exact sums against SALib's
// estimators computed in double by mbe_saltelli_analyze (a second implementation) and in long
// double, the same bits whatever the batches, their order and the shards, failed blocks left out,
// no variance giving NaN, and the checkpoint string read back to the same sums.
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "mbe_check.h"
#include "mbe_saltelli.h"
#include "mbe_sobol_time.h"
#include "reduce/mbe_sobol.h"

// the Ishigami function (a = 7, b = 0.1) of x in [-pi, pi]^3, shifted by `offset`
static double ishigami(const double* x, double offset) {
  return offset + sin(x[0]) + 7.0 * sin(x[1]) * sin(x[1]) + 0.1 * pow(x[2], 4) * sin(x[0]);
}

// a Saltelli design of n blocks over k = 3 parameters (second order: 2k + 2 rows a block) and
// its outputs; status all ok
typedef struct Design {
  size_t n, k, block;
  double* y;
  int32_t* status;
} Design;

static Design design_new(size_t n, bool second_order, double offset, uint64_t seed) {
  Design d = {n, 3, second_order ? 8 : 5, NULL, NULL};
  d.y = malloc(n * d.block * sizeof *d.y);
  d.status = calloc(n * d.block, sizeof *d.status);
  for (size_t b = 0; b < n; b++) {
    double a[3], bb[3], x[3];
    for (size_t j = 0; j < 3; j++) {
      a[j] = 3.141592653589793 * (2.0 * mbe_test_rng_u01(&seed) - 1.0);
      bb[j] = 3.141592653589793 * (2.0 * mbe_test_rng_u01(&seed) - 1.0);
    }
    double* row = d.y + b * d.block;
    row[0] = ishigami(a, offset);
    row[d.block - 1] = ishigami(bb, offset);
    for (size_t i = 0; i < 3; i++) {
      for (size_t j = 0; j < 3; j++) {
        x[j] = j == i ? bb[j] : a[j];
      }
      row[1 + i] = ishigami(x, offset);
      if (second_order) {
        for (size_t j = 0; j < 3; j++) {
          x[j] = j == i ? a[j] : bb[j];
        }
        row[4 + i] = ishigami(x, offset);
      }
    }
  }
  return d;
}

static void design_free(Design* d) {
  free(d->y);
  free(d->status);
}

// the record of members [first, first + m) of one series (the design's output as one column)
static void record(const Design* d, size_t first, size_t m, int64_t* part) {
  mbe_sobol_series(d->y + first, 0, 1, d->status + first, 0, 1, (mbe_long)m, (mbe_int)d->k,
                   (mbe_int)d->block, part);
}

// the accumulator of the whole design reduced in batches of random whole blocks, in random order
static int64_t* reduce_in_batches(const Design* d, uint64_t seed, size_t max_blocks) {
  const size_t words = mbe_sobol_time_words(d->k);
  int64_t* acc = calloc(words, sizeof *acc);
  int64_t* part = malloc(words * sizeof *part);
  size_t nb = 0, cuts[4096];
  for (size_t at = 0; at < d->n;) {
    size_t m = 1 + (size_t)(mbe_test_rng_u01(&seed) * (double)max_blocks);
    m = m < d->n - at ? m : d->n - at;
    cuts[nb++] = at;
    at += m;
  }
  cuts[nb] = d->n;
  // the batches in a shuffled order
  size_t order[4096];
  for (size_t i = 0; i < nb; i++) {
    order[i] = i;
  }
  for (size_t i = nb; i > 1; i--) {
    size_t j = (size_t)(mbe_test_rng_u01(&seed) * (double)i);
    size_t t = order[i - 1];
    order[i - 1] = order[j];
    order[j] = t;
  }
  for (size_t i = 0; i < nb; i++) {
    size_t b = order[i];
    record(d, cuts[b] * d->block, (cuts[b + 1] - cuts[b]) * d->block, part);
    ck_assert(mbe_sobol_time_add(acc, part, 1, d->k));
  }
  free(part);
  return acc;
}

// SALib's estimators in long double on the outputs centred by their mean, usable blocks only;
// the mean is taken around the first output (differences of nearby doubles are exact), so that
// outputs far from zero keep their digits
static void reference(const Design* d, long double* s1, long double* st) {
  const double pivot = d->y[0];
  long double sum = 0, cnt = 0;
  bool* use = calloc(d->n, sizeof *use);
  for (size_t b = 0; b < d->n; b++) {
    use[b] = true;
    for (size_t m = 0; m < d->block; m++) {
      use[b] = use[b] && isfinite(d->y[b * d->block + m]) && d->status[b * d->block + m] == 0;
    }
    for (size_t m = 0; m < d->block && use[b]; m++) {
      sum += (long double)d->y[b * d->block + m] - pivot;
      cnt += 1;
    }
  }
  const long double mean = sum / cnt;  // around the pivot
  long double ab_mean = 0, c = 0;
  for (size_t b = 0; b < d->n; b++) {
    if (use[b]) {
      ab_mean += ((long double)d->y[b * d->block] - pivot - mean) +
                 ((long double)d->y[b * d->block + d->block - 1] - pivot - mean);
      c += 1;
    }
  }
  ab_mean /= 2 * c;
  long double var = 0;
  for (size_t b = 0; b < d->n; b++) {
    if (use[b]) {
      long double ea = (long double)d->y[b * d->block] - pivot - mean - ab_mean;
      long double eb = (long double)d->y[b * d->block + d->block - 1] - pivot - mean - ab_mean;
      var += ea * ea + eb * eb;
    }
  }
  var /= 2 * c;
  for (size_t i = 0; i < d->k; i++) {
    long double f = 0, g = 0;
    for (size_t b = 0; b < d->n; b++) {
      if (use[b]) {
        long double a = ((long double)d->y[b * d->block] - pivot) - mean;
        long double bv = ((long double)d->y[b * d->block + d->block - 1] - pivot) - mean;
        long double x = ((long double)d->y[b * d->block + 1 + i] - pivot) - mean;
        f += bv * (x - a);
        g += (a - x) * (a - x);
      }
    }
    s1[i] = f / c / var;
    st[i] = 0.5L * g / c / var;
  }
  free(use);
}

// the design reduced in random batches, its indices against the long double reference
// (1e-14); the usable and left-out blocks to *nb and *ns
static void expect_reference(const Design* d, uint64_t seed, size_t max_blocks, uint64_t* nb,
                             uint64_t* ns) {
  int64_t* acc = reduce_in_batches(d, seed, max_blocks);
  double s1[3], st[3];
  mbe_sobol_time_indices(acc, d->k, d->block, nb, ns, s1, st);
  long double r1[3], rt[3];
  reference(d, r1, rt);
  for (int i = 0; i < 3; i++) {
    MBE_CK_NEAR(s1[i], (double)r1[i], 0, 1e-14);
    MBE_CK_NEAR(st[i], (double)rt[i], 0, 1e-14);
  }
  free(acc);
}

START_TEST(test_indices_match_salib_estimators) {
  for (int so = 0; so < 2; so++) {
    Design d = design_new(500, so == 1, 0.0, 11 + (uint64_t)so);
    int64_t* acc = reduce_in_batches(&d, 5, 60);
    double s1[3], st[3];
    uint64_t nb, ns;
    mbe_sobol_time_indices(acc, d.k, d.block, &nb, &ns, s1, st);
    ck_assert_uint_eq(nb, 500);
    ck_assert_uint_eq(ns, 0);

    // mbe_saltelli_analyze: SALib's arithmetic in double (standardized first)
    MbeSaltelliDef def = mbe_saltelli_def_default();
    def.d = 3;
    def.n = 500;
    def.second_order = so == 1;
    def.nresamples = 0;
    double a1[3], a1c[3], at[3], atc[3];
    size_t used = 0;
    ck_assert_int_eq(mbe_saltelli_analyze(&def, d.y, a1, a1c, at, atc, NULL, NULL, &used),
                     MBE_SALTELLI_OK);
    long double r1[3], rt[3];
    reference(&d, r1, rt);
    for (int i = 0; i < 3; i++) {
      MBE_CK_NEAR(s1[i], a1[i], 0, 1e-13);
      MBE_CK_NEAR(st[i], at[i], 0, 1e-13);
      MBE_CK_NEAR(s1[i], (double)r1[i], 0, 1e-14);
      MBE_CK_NEAR(st[i], (double)rt[i], 0, 1e-14);
    }
    // the estimates are Ishigami's indices, roughly (500 blocks)
    MBE_CK_NEAR(st[1], 0.4424, 0, 0.1);
    free(acc);
    design_free(&d);
  }
}
END_TEST

// an output far from zero: the centring is exact, where sums in double lose the digits
START_TEST(test_large_offset_keeps_the_digits) {
  Design d = design_new(300, false, 1e9, 3);
  uint64_t nb, ns;
  expect_reference(&d, 9, 40, &nb, &ns);
  ck_assert_uint_eq(nb, 300);
  design_free(&d);
}
END_TEST

START_TEST(test_batches_orders_shards_give_the_same_bits) {
  Design d = design_new(700, true, 0.25, 21);
  const size_t words = mbe_sobol_time_words(d.k);
  int64_t* one = calloc(words, sizeof *one);
  record(&d, 0, d.n * d.block, one);
  for (uint64_t seed = 1; seed <= 6; seed++) {
    int64_t* acc = reduce_in_batches(&d, seed, 1 + 50 * seed);
    ck_assert_int_eq(memcmp(acc, one, words * sizeof *acc), 0);
    free(acc);
  }

  // two shards reduced apart and merged, either way round
  int64_t* s0 = calloc(words, sizeof *s0);
  int64_t* s1 = calloc(words, sizeof *s1);
  int64_t* part = malloc(words * sizeof *part);
  record(&d, 0, 300 * d.block, part);
  ck_assert(mbe_sobol_time_add(s0, part, 1, d.k));
  record(&d, 300 * d.block, 400 * d.block, part);
  ck_assert(mbe_sobol_time_add(s1, part, 1, d.k));
  int64_t* m = calloc(words, sizeof *m);
  ck_assert(mbe_sobol_time_add(m, s1, 1, d.k));
  ck_assert(mbe_sobol_time_add(m, s0, 1, d.k));
  ck_assert_int_eq(memcmp(m, one, words * sizeof *m), 0);

  // the checkpoint string: smaller than the sums, read back to the same words
  size_t len = mbe_sobol_time_write_size(one, 1, d.k);
  ck_assert_uint_lt(len, words * 8 / 4);
  uint8_t* buf = malloc(len);
  mbe_sobol_time_write(one, 1, d.k, buf);
  int64_t* back = calloc(words, sizeof *back);
  ck_assert(mbe_sobol_time_read(buf, len, 1, d.k, back));
  ck_assert_int_eq(memcmp(back, one, words * sizeof *back), 0);
  ck_assert(!mbe_sobol_time_read(buf, len - 8, 1, d.k, back));
  int64_t* wider = calloc(mbe_sobol_time_words(d.k + 1), sizeof *wider);
  ck_assert(!mbe_sobol_time_read(buf, len, 1, d.k + 1, wider));
  free(wider);
  buf[16] ^= 0x40;  // a digit range beyond the sum
  ck_assert(!mbe_sobol_time_read(buf, len, 1, d.k, back));
  free(buf), free(back), free(m), free(part), free(s0), free(s1), free(one);
  design_free(&d);
}
END_TEST

START_TEST(test_failed_blocks_are_left_out) {
  Design d = design_new(200, true, 0.0, 8);
  d.y[5 * d.block + 3] = NAN;        // a value of block 5
  d.status[17 * d.block + 6] = 2;    // a member of block 17 failed (a BA row)
  d.y[40 * d.block + 7] = INFINITY;  // B of block 40
  uint64_t nb, ns;
  expect_reference(&d, 4, 30, &nb, &ns);
  ck_assert_uint_eq(nb, 197);
  ck_assert_uint_eq(ns, 3);
  design_free(&d);
}
END_TEST

START_TEST(test_no_variance_gives_nan) {
  Design d = design_new(50, false, 0.0, 2);
  for (size_t i = 0; i < d.n * d.block; i++) {
    d.y[i] = 3.5;
  }
  int64_t* acc = reduce_in_batches(&d, 1, 10);
  double s1[3], st[3];
  uint64_t nb, ns;
  mbe_sobol_time_indices(acc, d.k, d.block, &nb, &ns, s1, st);
  ck_assert_uint_eq(nb, 50);
  for (int i = 0; i < 3; i++) {
    ck_assert(isnan(s1[i]) && isnan(st[i]));
  }
  // every block failed: NaN too, counted as left out
  for (size_t i = 0; i < d.n * d.block; i += d.block) {
    d.status[i] = 1;
  }
  free(acc);
  acc = reduce_in_batches(&d, 1, 10);
  mbe_sobol_time_indices(acc, d.k, d.block, &nb, &ns, s1, st);
  ck_assert_uint_eq(nb, 0);
  ck_assert_uint_eq(ns, 50);
  ck_assert(isnan(s1[0]) && isnan(st[2]));
  free(acc);
  design_free(&d);
}
END_TEST

static Suite* sobol_time_suite(void) {
  Suite* s = suite_create("sobol_time");
  TCase* tc = mbe_tcase_create("sums");
  tcase_add_test(tc, test_indices_match_salib_estimators);
  tcase_add_test(tc, test_large_offset_keeps_the_digits);
  tcase_add_test(tc, test_batches_orders_shards_give_the_same_bits);
  tcase_add_test(tc, test_failed_blocks_are_left_out);
  tcase_add_test(tc, test_no_variance_gives_nan);
  suite_add_tcase(s, tc);
  return s;
}

MbeSuiteFactory* const mbe_check_suites[] = {sobol_time_suite, NULL};
