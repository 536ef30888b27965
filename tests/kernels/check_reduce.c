// SPDX-License-Identifier: Apache-2.0
// Tests of kernels/reduce/mbe_reduce.h compiled as C (double, or float input with
// MBE_REAL_BITS=32) against a plain reference loop: keys from frexp, exact sums from a big
// integer with immediate carries, extremes by comparisons, the histogram by qsort.
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "mbe_check.h"
#include "reduce/mbe_reduce.h"

// NAN and INFINITY are float constants; these tests work in double
#define T_NAN ((double)NAN)
#define T_INF ((double)INFINITY)

enum { W = MBE_REDUCE_PART_COUNT };

/* ---- reference ---------------------------------------------------------------------------- */

static uint64_t bits_of(double x) {
  uint64_t u;
  memcpy(&u, &x, sizeof u);
  return u;
}

// the level-12 key from frexp: |x| = f 2^e, f in [1/2, 1), so 1.m 2^(e - 1) with m = 2f - 1
static int32_t ref_key(double x) {
  if (x == 0.0) {
    return signbit(x) ? -1 : 0;
  }
  int e;
  const double f = frexp(fabs(x), &e);
  const int32_t top = (int32_t)floor((2.0 * f - 1.0) * 4096.0);
  const int32_t k = ((e - 1 + 5171) << 12) | top;
  return x < 0 ? -k - 1 : k;
}

// v 2^pos added to (or subtracted from) the two's complement number a of n digits, one bit at a
// time with the carry (borrow) carried through at once
static void ref_add(uint32_t* a, int n, uint64_t v, int pos, int neg) {
  for (int k = 0; k < 64; k++) {
    if (!((v >> k) & 1u)) {
      continue;
    }
    for (int i = (pos + k) / 32, b = (pos + k) % 32; i < n; i++, b = 0) {
      const uint32_t old = a[i], inc = 1u << b;
      a[i] = neg ? old - inc : old + inc;
      if (neg ? old >= inc : a[i] > old) {
        break;  // no borrow, no carry into the next digit
      }
    }
  }
}

// |x| = m 2^e with an integer m < 2^53 and e >= -1074
static void ref_split(double x, uint64_t* m, int* e) {
  int ex;
  const double f = frexp(fabs(x), &ex);
  *m = (uint64_t)ldexp(f, 53);
  *e = ex - 53;
  while (*e < -1074) {
    *m >>= 1;
    *e += 1;
  }
}

// the reference record of n values (status ok where st[v] == 0)
typedef struct Ref {
  int64_t nskip, nfinite, nnan, nposinf, nneginf;
  double min, max;
  uint32_t sum[MBE_REDUCE_SUM_WORDS];
  uint32_t sq[MBE_REDUCE_SQ_WORDS];
  int32_t* keys;  // (nfinite) sorted
} Ref;

static int cmp_key(const void* a, const void* b) {
  const int32_t x = *(const int32_t*)a, y = *(const int32_t*)b;
  return (x > y) - (x < y);
}

// x before y in the total order of finite values (-0 before +0)
static int ref_less(double x, double y) {
  return x < y || (x == y && signbit(x) && !signbit(y));
}

static Ref ref_reduce(const double* x, const int32_t* st, size_t n) {
  Ref r;
  memset(&r, 0, sizeof r);
  r.keys = malloc((n ? n : 1) * sizeof *r.keys);
  for (size_t v = 0; v < n; v++) {
    if (st[v] != MBE_RUN_OK) {
      r.nskip++;
    } else if (isnan(x[v])) {
      r.nnan++;
    } else if (isinf(x[v])) {
      if (x[v] > 0) {
        r.nposinf++;
      } else {
        r.nneginf++;
      }
    } else {
      if (r.nfinite == 0 || ref_less(x[v], r.min)) {
        r.min = x[v];
      }
      if (r.nfinite == 0 || ref_less(r.max, x[v])) {
        r.max = x[v];
      }
      r.keys[r.nfinite++] = ref_key(x[v]);
      if (x[v] != 0.0) {
        uint64_t m;
        int e;
        ref_split(x[v], &m, &e);
        ref_add(r.sum, MBE_REDUCE_SUM_WORDS, m, e + 1074, x[v] < 0);

        // m^2 = a^2 2^54 + 2 a b 2^27 + b^2 with m = a 2^27 + b
        const uint64_t a = m >> 27, b = m & ((1u << 27) - 1);
        const int p = 2 * e + 2148;
        ref_add(r.sq, MBE_REDUCE_SQ_WORDS, a * a, p + 54, 0);
        ref_add(r.sq, MBE_REDUCE_SQ_WORDS, 2 * a * b, p + 27, 0);
        ref_add(r.sq, MBE_REDUCE_SQ_WORDS, b * b, p, 0);
      }
    }
  }
  qsort(r.keys, (size_t)r.nfinite, sizeof *r.keys, cmp_key);
  return r;
}

// the kernel's normalized words against the reference digits (top digit sign-extended)
static void check_words(const int64_t* w, const uint32_t* ref, int n, const char* what) {
  for (int i = 0; i + 1 < n; i++) {
    ck_assert_msg(w[i] == (int64_t)ref[i], "%s word %d: %lld != %u", what, i, (long long)w[i],
                  ref[i]);
  }
  const int64_t top =
      ref[n - 1] < 0x80000000u ? (int64_t)ref[n - 1] : (int64_t)ref[n - 1] - ((int64_t)1 << 32);
  ck_assert_msg(w[n - 1] == top, "%s top word %lld != %lld", what, (long long)w[n - 1],
                (long long)top);
}

// the bits of the value with total-order key o
static uint64_t bits_of_ord(int64_t o) {
  return o >= 0 ? (uint64_t)o : (uint64_t)(-(o + 1)) | ((uint64_t)1 << 63);
}

// reduces x (n values, statuses st) with the kernel at the given strides and checks every word
// of the record and every pair against the reference
static void check_against_reference(const double* x, const int32_t* st, size_t n, long ys,
                                    long ss) {
  mbe_real* y = malloc((n * (size_t)ys + 1) * sizeof *y);
  int32_t* s = malloc((n * (size_t)ss + 2) * sizeof *s);
  for (size_t i = 0; i < n * (size_t)ys + 1; i++) {
    y[i] = (mbe_real)T_NAN;
  }
  for (size_t i = 0; i < n * (size_t)ss + 2; i++) {
    s[i] = MBE_RUN_NOT_RUN;
  }
  for (size_t v = 0; v < n; v++) {
    y[1 + v * (size_t)ys] = (mbe_real)x[v];
    s[2 + v * (size_t)ss] = st[v];
  }
  int64_t part[W];
  uint32_t* scratch = malloc((2 * n + 1) * sizeof *scratch);
  mbe_reduce_series(y, 1, ys, s, 2, ss, (mbe_long)n, part, scratch);

  // the reference sees the values as the kernel's precision holds them
  double* xr = malloc((n ? n : 1) * sizeof *xr);
  for (size_t v = 0; v < n; v++) {
    xr[v] = (double)y[1 + v * (size_t)ys];
  }
  Ref r = ref_reduce(xr, st, n);
  ck_assert_int_eq(part[MBE_REDUCE_PART_NSKIP], r.nskip);
  ck_assert_int_eq(part[MBE_REDUCE_PART_NFINITE], r.nfinite);
  ck_assert_int_eq(part[MBE_REDUCE_PART_NNAN], r.nnan);
  ck_assert_int_eq(part[MBE_REDUCE_PART_NPOSINF], r.nposinf);
  ck_assert_int_eq(part[MBE_REDUCE_PART_NNEGINF], r.nneginf);
  if (r.nfinite > 0) {
    ck_assert_uint_eq(bits_of_ord(part[MBE_REDUCE_PART_MIN]), bits_of(r.min));
    ck_assert_uint_eq(bits_of_ord(part[MBE_REDUCE_PART_MAX]), bits_of(r.max));
  } else {
    ck_assert(part[MBE_REDUCE_PART_MIN] == MBE_REDUCE_ORD_NONE_MIN);
    ck_assert(part[MBE_REDUCE_PART_MAX] == MBE_REDUCE_ORD_NONE_MAX);
  }
  check_words(part + MBE_REDUCE_PART_SUM, r.sum, MBE_REDUCE_SUM_WORDS, "sum");
  check_words(part + MBE_REDUCE_PART_SQ, r.sq, MBE_REDUCE_SQ_WORDS, "squares");

  // the pairs: the run-length code of the sorted reference keys
  int64_t j = 0;
  for (int64_t i = 0; i < r.nfinite; j++) {
    int64_t c = 1;
    while (i + c < r.nfinite && r.keys[i + c] == r.keys[i]) {
      c++;
    }
    ck_assert_int_lt(j, part[MBE_REDUCE_PART_NPAIRS]);
    ck_assert_msg((int32_t)scratch[2 * j] == r.keys[i], "pair %lld key %d != %d", (long long)j,
                  (int32_t)scratch[2 * j], r.keys[i]);
    ck_assert_int_eq(scratch[2 * j + 1], c);
    i += c;
  }
  ck_assert_int_eq(part[MBE_REDUCE_PART_NPAIRS], j);
  free(r.keys);
  free(xr);
  free(scratch);
  free(y);
  free(s);
}

// one random value of a mixture that reaches every exponent of the precision, zeros of both
// signs, subnormals, the extremes, infinities and NaN
static double random_value(uint64_t* g) {
  const uint64_t kind = mbe_test_rng_next(g) % 16;
  const double sign = mbe_test_rng_next(g) & 1 ? -1.0 : 1.0;
  const int bits = MBE_REAL_BITS;
  const int emin = bits == 64 ? -1074 : -149, emax = bits == 64 ? 1023 : 127;
  switch (kind) {
    case 0: return sign * 0.0;
    case 1:
      return sign * (bits == 64 ? DBL_TRUE_MIN : (double)FLT_TRUE_MIN) *
             (double)(mbe_test_rng_next(g) % 5 + 1);
    case 2: return sign * (bits == 64 ? DBL_MAX : (double)FLT_MAX);
    case 3: return mbe_test_rng_next(g) & 1 ? T_INF : T_NAN;
    case 4: return sign * T_INF;
    case 5: return sign * 1.0;
    default: {
      const int e = emin + (int)(mbe_test_rng_next(g) % (uint64_t)(emax - emin + 1));
      return sign * ldexp(1.0 + mbe_test_rng_u01(g), e);
    }
  }
}

/* ---- tests -------------------------------------------------------------------------------- */

START_TEST(test_keys_match_frexp_and_order) {
  uint64_t g = 11;
  enum { N = 20000 };
  static double x[N];
  for (int i = 0; i < N; i++) {
    do {
      x[i] = (double)(mbe_real)random_value(&g);
    } while (!isfinite(x[i]));
    const MbeReduceValue v = mbe_reduce_decompose(mbe_reduce_real_bits((mbe_real)x[i]));
    ck_assert_int_eq(v.cls, MBE_REDUCE_FINITE);
    ck_assert_msg(mbe_reduce_key(v) == ref_key(x[i]), "key of %a: %d != %d", x[i],
                  mbe_reduce_key(v), ref_key(x[i]));

    // the decomposition is the value
    ck_assert(ldexp((double)v.mant, v.exp) * (v.neg ? -1.0 : 1.0) == x[i]);
    ck_assert(v.mant < ((uint64_t)1 << 53) && v.exp >= -1074 && v.exp <= 971);
  }

  // keys ordered like the values, -0 just below +0, both signs apart from every other key
  for (int i = 0; i < N; i++) {
    for (int k = 0; k < 8; k++) {
      const double y = x[mbe_test_rng_next(&g) % N];
      if (ref_less(x[i], y)) {
        ck_assert_int_le(ref_key(x[i]), ref_key(y));
      }
    }
  }
  ck_assert_int_eq(mbe_reduce_key(mbe_reduce_decompose(bits_of(-0.0))), -1);
  ck_assert_int_eq(mbe_reduce_key(mbe_reduce_decompose(bits_of(0.0))), 0);
  ck_assert_int_eq(mbe_reduce_key(mbe_reduce_decompose(bits_of(DBL_TRUE_MIN))), 4097 << 12);
  ck_assert_int_eq(mbe_reduce_key(mbe_reduce_decompose(bits_of(-DBL_TRUE_MIN))), -(4097 << 12) - 1);
  ck_assert_int_eq(mbe_reduce_key(mbe_reduce_decompose(bits_of(DBL_MAX))), (6194 << 12) | 4095);

  // the classes
  ck_assert_int_eq(mbe_reduce_decompose(bits_of(T_NAN)).cls, MBE_REDUCE_NAN);
  ck_assert_int_eq(mbe_reduce_decompose(bits_of(T_INF)).cls, MBE_REDUCE_POSINF);
  ck_assert_int_eq(mbe_reduce_decompose(bits_of(-T_INF)).cls, MBE_REDUCE_NEGINF);
}
END_TEST

START_TEST(test_f32_widening_is_exact) {
  // every class and a sweep of bit patterns: the integer widening equals the hardware one
  uint64_t g = 5;
  for (int i = 0; i < 200000; i++) {
    uint32_t u = (uint32_t)mbe_test_rng_next(&g);
    if (i < 4096) {
      u = (uint32_t)i | (i & 1 ? 0x80000000u : 0u);  // subnormals and zeros of both signs
    }
    float f;
    memcpy(&f, &u, sizeof f);
    const uint64_t w = mbe_reduce_f32_bits(u);
    if (isnan(f)) {
      ck_assert_int_eq(mbe_reduce_decompose(w).cls, MBE_REDUCE_NAN);
    } else {
      ck_assert_msg(w == bits_of((double)f), "widening of %08x", u);
    }
  }
}
END_TEST

START_TEST(test_record_matches_reference) {
  // random mixtures with random statuses, strided as both layouts stride
  uint64_t g = 2024;
  const size_t ns[] = {0, 1, 2, 3, 17, 1000, 5000};
  for (size_t t = 0; t < sizeof ns / sizeof ns[0]; t++) {
    const size_t n = ns[t];
    double* x = malloc((n + 1) * sizeof *x);
    int32_t* st = malloc((n + 1) * sizeof *st);
    for (size_t v = 0; v < n; v++) {
      x[v] = random_value(&g);
      st[v] =
          mbe_test_rng_next(&g) % 7 == 0 ? (int32_t)(1 + mbe_test_rng_next(&g) % 6) : MBE_RUN_OK;
    }
    check_against_reference(x, st, n, 1, 1);
    check_against_reference(x, st, n, 3, 4);
    free(x);
    free(st);
  }
}
END_TEST

START_TEST(test_sums_at_the_extremes) {
  // the largest and smallest magnitudes reach the highest and lowest digits
  const double big = MBE_REAL_BITS == 64 ? DBL_MAX : (double)FLT_MAX;
  const double tiny = MBE_REAL_BITS == 64 ? DBL_TRUE_MIN : (double)FLT_TRUE_MIN;
  const double x[] = {big, big, big, -tiny, tiny, tiny, -big, 0.0, -0.0};
  const int32_t st[9] = {0};
  check_against_reference(x, st, 9, 1, 1);
  const double y[] = {-big, -big, -big, -big};
  check_against_reference(y, st, 4, 1, 1);
  const double z[] = {tiny, tiny, tiny};
  check_against_reference(z, st, 3, 2, 1);
}
END_TEST

START_TEST(test_sort_and_encode_adversarial) {
  // all equal, all distinct ascending and descending, sawtooth, few keys, and special mixtures
  enum { N = 1500 };
  static double x[N];
  static int32_t st[N];
  uint64_t g = 9;
  for (int pattern = 0; pattern < 8; pattern++) {
    for (int n = 0; n <= N; n = n < 8 ? n + 1 : n * 3) {
      for (int v = 0; v < n; v++) {
        const double d = (double)v;
        switch (pattern) {
          case 0: x[v] = 2.5; break;
          case 1: x[v] = d; break;
          case 2: x[v] = -d; break;
          case 3: x[v] = (double)(v % 7) - 3.0; break;
          case 4: x[v] = v % 2 ? 0.0 : -0.0; break;
          case 5: x[v] = v % 3 == 0 ? T_NAN : (v % 3 == 1 ? T_INF : -T_INF); break;
          case 6: {
            const double s[] = {0.0, -0.0, 1.0, -1.0, T_NAN, T_INF, -T_INF, 1e-310};
            x[v] = s[mbe_test_rng_next(&g) % 8];
            break;
          }
          default: x[v] = ldexp(1.0 + (double)(v % 5) / 8.0, (v * 37) % 200 - 100); break;
        }
        st[v] = MBE_RUN_OK;
      }
      check_against_reference(x, st, (size_t)n, 1, 1);
    }
  }
}
END_TEST

START_TEST(test_radix_sort_against_qsort) {
  uint64_t g = 77;
  for (int t = 0; t < 50; t++) {
    const size_t n = (size_t)(mbe_test_rng_next(&g) % 3000);
    uint32_t* a = malloc((n + 1) * sizeof *a);
    uint32_t* tmp = malloc((n + 1) * sizeof *tmp);
    int32_t* b = malloc((n + 1) * sizeof *b);
    for (size_t i = 0; i < n; i++) {
      const int32_t k =
          t % 3 == 0 ? (int32_t)(mbe_test_rng_next(&g) % 5) - 2 : (int32_t)mbe_test_rng_next(&g);
      a[i] = (uint32_t)k;
      b[i] = k;
    }
    mbe_reduce_radix_sort(a, tmp, (mbe_long)n);
    qsort(b, n, sizeof *b, cmp_key);
    for (size_t i = 0; i < n; i++) {
      ck_assert_int_eq((int32_t)a[i], b[i]);
    }
    free(a);
    free(tmp);
    free(b);
  }
}
END_TEST

START_TEST(test_status_masks_members) {
  // masked members count as skipped whatever their values; only ok members enter
  enum { N = 64 };
  double x[N];
  int32_t st[N];
  for (int v = 0; v < N; v++) {
    x[v] = v % 4 == 0 ? 1e300 : (double)v;
    st[v] = v % 4 == 0 ? MBE_RUN_NONFINITE : MBE_RUN_OK;
  }
  check_against_reference(x, st, N, 1, 1);

  // everything masked: an empty record
  for (int v = 0; v < N; v++) {
    st[v] = MBE_RUN_MAX_STEPS;
  }
  mbe_real y[N];
  int64_t part[W];
  uint32_t scratch[2 * N];
  for (int v = 0; v < N; v++) {
    y[v] = (mbe_real)x[v];
  }
  mbe_reduce_series(y, 0, 1, st, 0, 1, N, part, scratch);
  ck_assert_int_eq(part[MBE_REDUCE_PART_NSKIP], N);
  for (int i = MBE_REDUCE_PART_NFINITE; i < W; i++) {
    if (i != MBE_REDUCE_PART_MIN && i != MBE_REDUCE_PART_MAX) {
      ck_assert_int_eq(part[i], 0);
    }
  }
}
END_TEST

START_TEST(test_record_independent_of_member_order) {
  // shuffles of the same members give the same words and pairs
  enum { N = 3000 };
  static double x[N];
  static int32_t st[N];
  static mbe_real y[N];
  static int32_t s2[N];
  static uint32_t sc0[2 * N], sc1[2 * N];
  int64_t p0[W], p1[W];
  uint64_t g = 31;
  for (int v = 0; v < N; v++) {
    x[v] = random_value(&g);
    st[v] = mbe_test_rng_next(&g) % 5 == 0 ? MBE_RUN_RHS_FAIL : MBE_RUN_OK;
    y[v] = (mbe_real)x[v];
  }
  mbe_reduce_series(y, 0, 1, st, 0, 1, N, p0, sc0);
  for (int t = 0; t < 5; t++) {
    for (int v = N - 1; v > 0; v--) {
      const int j = (int)(mbe_test_rng_next(&g) % (uint64_t)(v + 1));
      const mbe_real ty = y[v];
      const int32_t ts = st[v];
      y[v] = y[j];
      st[v] = st[j];
      y[j] = ty;
      st[j] = ts;
    }
    memcpy(s2, st, sizeof s2);
    mbe_reduce_series(y, 0, 1, s2, 0, 1, N, p1, sc1);
    ck_assert(memcmp(p0, p1, sizeof p0) == 0);
    ck_assert(memcmp(sc0, sc1, 2 * (size_t)p0[MBE_REDUCE_PART_NPAIRS] * sizeof *sc0) == 0);
  }
}
END_TEST

static Suite* make_reduce_suite(void) {
  Suite* s = suite_create(MBE_REAL_BITS == 64 ? "reduce" : "reduce_f32");
  TCase* tc = mbe_tcase_create("series");
  tcase_add_test(tc, test_keys_match_frexp_and_order);
  tcase_add_test(tc, test_f32_widening_is_exact);
  tcase_add_test(tc, test_record_matches_reference);
  tcase_add_test(tc, test_sums_at_the_extremes);
  tcase_add_test(tc, test_sort_and_encode_adversarial);
  tcase_add_test(tc, test_radix_sort_against_qsort);
  tcase_add_test(tc, test_status_masks_members);
  tcase_add_test(tc, test_record_independent_of_member_order);
  suite_add_tcase(s, tc);
  return s;
}

MbeSuiteFactory* const mbe_check_suites[] = {make_reduce_suite, NULL};
