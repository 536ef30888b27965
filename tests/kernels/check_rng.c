// SPDX-License-Identifier: Apache-2.0
// Tests of kernels/rng/mbe_philox.h compiled as C: the Random123 known-answer vectors for
// Philox4x32-10, the key/counter mapping, and the uniform and normal variates.
#include <math.h>
#include <stdio.h>

#include "mbe_check.h"
#include "rng/mbe_philox.h"

// known answers of Philox4x32-10 (Random123 kat_vectors): counter, key, expected output
typedef struct Kat {
  mbe_u32 ctr[4];
  mbe_u32 key[2];
  mbe_u32 out[4];
} Kat;

static const Kat KATS[] = {
    {{0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u},
     {0x00000000u, 0x00000000u},
     {0x6627e8d5u, 0xe169c58du, 0xbc57ac4cu, 0x9b00dbd8u}},
    {{0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu},
     {0xffffffffu, 0xffffffffu},
     {0x408f276du, 0x41c83b0eu, 0xa20bc7c6u, 0x6d5451fdu}},
    {{0x243f6a88u, 0x85a308d3u, 0x13198a2eu, 0x03707344u},
     {0xa4093822u, 0x299f31d0u},
     {0xd16cfe09u, 0x94fdccebu, 0x5001e420u, 0x24126ea1u}},
};

START_TEST(test_philox_known_answers) {
  for (size_t i = 0; i < sizeof KATS / sizeof KATS[0]; i++) {
    const Kat* k = &KATS[i];

    // through mbe_philox: counter = (counter, stream, member lo, member hi), key = (seed lo, hi)
    mbe_u64 seed = (mbe_u64)k->key[0] | (mbe_u64)k->key[1] << 32;
    mbe_u64 member = (mbe_u64)k->ctr[2] | (mbe_u64)k->ctr[3] << 32;
    MbeU32x4 r = mbe_philox(seed, member, k->ctr[1], k->ctr[0]);
    for (int j = 0; j < 4; j++) {
      ck_assert_msg(r.v[j] == k->out[j], "vector %zu word %d: %08x != %08x", i, j, r.v[j],
                    k->out[j]);
    }
  }
}
END_TEST

START_TEST(test_uniform_open_interval_and_moments) {
  // the extremes of the conversion are inside (0, 1)
  ck_assert(mbe_rng_u01(0u, 0u) > 0.0);
  ck_assert(mbe_rng_u01(0xffffffffu, 0xffffffffu) < 1.0);
  ck_assert(mbe_rng_u01(0xffffffffu, 0xffffffffu) == 1.0 - 0x1.0p-53);

  // 2e5 variates: mean 1/2 and variance 1/12 within 5 standard errors
  enum { N = 100000 };
  double s1 = 0.0, s2 = 0.0;
  for (mbe_u32 c = 0; c < N; c++) {
    MbeReal2 u = mbe_rng_uniform2(42u, 7u, 3u, c);
    ck_assert(u.a > 0.0 && u.a < 1.0 && u.b > 0.0 && u.b < 1.0);
    s1 += u.a + u.b;
    s2 += u.a * u.a + u.b * u.b;
  }
  double mean = s1 / (2.0 * N), var = s2 / (2.0 * N) - mean * mean;
  ck_assert_msg(fabs(mean - 0.5) < 5.0 * sqrt(1.0 / 12.0 / (2.0 * N)), "mean %g", mean);
  ck_assert_msg(fabs(var - 1.0 / 12.0) < 5.0 * sqrt(1.0 / 180.0 / (2.0 * N)), "variance %g", var);
}
END_TEST

START_TEST(test_normal_moments) {
  // mean 0, variance 1, fourth moment 3 (within 5 standard errors), and a bitwise-stable stream
  enum { N = 100000 };
  double s1 = 0.0, s2 = 0.0, s4 = 0.0;
  for (mbe_u32 c = 0; c < N; c++) {
    MbeReal2 z = mbe_rng_normal2(2026u, 123456789u, 1u, c);
    s1 += z.a + z.b;
    s2 += z.a * z.a + z.b * z.b;
    s4 += z.a * z.a * z.a * z.a + z.b * z.b * z.b * z.b;
  }
  const double n = 2.0 * N;
  ck_assert_msg(fabs(s1 / n) < 5.0 / sqrt(n), "mean %g", s1 / n);
  ck_assert_msg(fabs(s2 / n - 1.0) < 5.0 * sqrt(2.0 / n), "variance %g", s2 / n);
  ck_assert_msg(fabs(s4 / n - 3.0) < 5.0 * sqrt(96.0 / n), "fourth moment %g", s4 / n);
}
END_TEST

START_TEST(test_streams_are_independent_of_order) {
  // member k's numbers depend only on (seed, k, stream, counter): draw in two orders
  MbeReal2 a = mbe_rng_uniform2(9u, 1000u, 2u, 5u);
  for (mbe_u32 c = 0; c < 10; c++) {
    (void)mbe_rng_uniform2(9u, 999u, 2u, c);
  }
  MbeReal2 b = mbe_rng_uniform2(9u, 1000u, 2u, 5u);
  ck_assert(a.a == b.a && a.b == b.b);

  // and neighbouring members, streams, seeds differ
  MbeReal2 m = mbe_rng_uniform2(9u, 1001u, 2u, 5u);
  MbeReal2 s = mbe_rng_uniform2(9u, 1000u, 3u, 5u);
  MbeReal2 k = mbe_rng_uniform2(10u, 1000u, 2u, 5u);
  ck_assert(a.a != m.a && a.a != s.a && a.a != k.a);
}
END_TEST

static Suite* make_rng_suite(void) {
  Suite* s = suite_create("rng");
  TCase* tc = mbe_tcase_create("philox");
  tcase_add_test(tc, test_philox_known_answers);
  tcase_add_test(tc, test_uniform_open_interval_and_moments);
  tcase_add_test(tc, test_normal_moments);
  tcase_add_test(tc, test_streams_are_independent_of_order);
  suite_add_tcase(s, tc);
  return s;
}

MbeSuiteFactory* const mbe_check_suites[] = {make_rng_suite, NULL};
