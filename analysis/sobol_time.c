// SPDX-License-Identifier: Apache-2.0
// The host side of time-resolved Sobol' indices: records added by integer addition, indices from
// the exact sums by big-integer products, and the checkpoint byte string.
#include "mbe_sobol_time.h"

#include <math.h>
#include <string.h>

#include "big.h"
#include "reduce/mbe_reduce.h"
#include "reduce/mbe_sobol.h"

enum {
  SUMW = MBE_REDUCE_SUM_WORDS,
  SQW = MBE_REDUCE_SQ_WORDS,
  BIG_S = SUMW + 1,       // |S|
  BIG_Q = SQW + 1,        // |T|, |U_i|, V_i
  BIG_N = 2 * BIG_S + 2,  // S^2 and R W_i (2 BIG_S), 2 c T and c block U_i (BIG_Q + 2), block den
};
_Static_assert(BIG_Q + 4 <= BIG_N, "products fit");

#define COUNT_MAX ((int64_t)1 << 46)

size_t mbe_sobol_time_words(size_t k) {
  return k == 0 || k > MBE_SOBOL_TIME_PARAMS_MAX ? 0 : (size_t)MBE_SOBOL_WORDS(k);
}

// the sums of one series in order (kernels/reduce/mbe_sobol.h): of values f(A), f(B), f(BA),
// f(AB_1) .. f(AB_k), then of products f(A)^2, f(B)^2, f(A) f(B), f(B) f(AB_i), f(A) f(AB_i),
// f(AB_i)^2; the first word and the digits of sum j
static size_t sum_at(size_t j, size_t k, int* nw) {
  *nw = j < 3 + k ? SUMW : SQW;
  return j < 3 + k ? MBE_SOBOL_PART_SA + j * SUMW : MBE_SOBOL_PART_TA(k) + (j - 3 - k) * SQW;
}

// the number of sums of one series
static size_t nsums(size_t k) {
  return 6 + 4 * k;
}

static bool normalized(const int64_t* w, int n) {
  for (int i = 0; i + 1 < n; i++) {
    if (w[i] < 0 || w[i] > (int64_t)0xffffffff) {
      return false;
    }
  }
  return true;
}

static bool record_valid(const int64_t* r, size_t k) {
  if (r[MBE_SOBOL_PART_NBLOCK] < 0 || r[MBE_SOBOL_PART_NBLOCK] > COUNT_MAX ||
      r[MBE_SOBOL_PART_NSKIP] < 0 || r[MBE_SOBOL_PART_NSKIP] > COUNT_MAX) {
    return false;
  }
  for (size_t j = 0; j < nsums(k); j++) {
    int nw;
    size_t at = sum_at(j, k, &nw);
    if (!normalized(r + at, nw)) {
      return false;
    }
  }
  return true;
}

bool mbe_sobol_time_add(int64_t* acc, const int64_t* rec, size_t nseries, size_t k) {
  const size_t words = mbe_sobol_time_words(k);
  if (words == 0) {
    return false;
  }
  for (size_t i = 0; i < nseries; i++) {
    const int64_t* r = rec + i * words;
    const int64_t* a = acc + i * words;
    if (!record_valid(r, k) || a[0] + r[0] > COUNT_MAX || a[1] + r[1] > COUNT_MAX) {
      return false;
    }
  }

  // integer addition of normalized digits (< 2^33 a word), normalized again
  for (size_t i = 0; i < nseries; i++) {
    const int64_t* r = rec + i * words;
    int64_t* a = acc + i * words;
    for (size_t w = 0; w < words; w++) {
      a[w] += r[w];
    }
    for (size_t j = 0; j < nsums(k); j++) {
      int nw;
      size_t at = sum_at(j, k, &nw);
      mbe_reduce_normalize(a + at, nw);
    }
  }
  return true;
}

// a (na digits) times the small factor f < 2^48 into out (na + 2 digits)
static void mul_small(const uint32_t* a, int na, uint64_t f, uint32_t* out) {
  const uint32_t fd[2] = {(uint32_t)f, (uint32_t)(f >> 32)};
  big_mul(a, na, fd, 2, out);
}

// the ratio a / b of two magnitudes (b != 0) from their top 63 bits: within 2 ulp, no overflow
// on the way
static double big_ratio(const uint32_t* a, const uint32_t* b, int n) {
  const int pa = big_msb(a, n), pb = big_msb(b, n);
  if (pa < 0) {
    return 0.0;
  }
  const double ta = (double)big_bits(a, n, pa - 62, 63);
  const double tb = (double)big_bits(b, n, pb - 62, 63);
  return ldexp(ta / tb, pa - pb);
}

// out = sum of coef[i] times the normalized sums src[i] (nw words each), normalized: exact
static void combine(int64_t* out, int nw, const int64_t* const* src, const int64_t* coef, int n) {
  for (int w = 0; w < nw; w++) {
    int64_t t = 0;
    for (int i = 0; i < n; i++) {
      t += coef[i] * src[i][w];
    }
    out[w] = t;
  }
  mbe_reduce_normalize(out, nw);
}

// the sums the estimators read, from those the kernel keeps (see mbe_sobol.h): S = sum A + B,
// R = sum of every member, T = sum A^2 + B^2 (units as there), and per parameter W = sum AB - A,
// U = sum B (AB - A), V = sum (A - AB)^2
typedef struct Derived {
  int64_t s[SUMW], r[SUMW], t[SQW];
} Derived;

static void derive(const int64_t* sums, size_t k, Derived* d) {
  const int64_t* sa = sums + MBE_SOBOL_PART_SA;
  const int64_t* sb = sums + MBE_SOBOL_PART_SB;
  const int64_t* ta = sums + MBE_SOBOL_PART_TA(k);
  const int64_t* tb = ta + SQW;
  combine(d->s, SUMW, (const int64_t* const[]){sa, sb}, (const int64_t[]){1, 1}, 2);
  combine(d->t, SQW, (const int64_t* const[]){ta, tb}, (const int64_t[]){1, 1}, 2);
  for (int w = 0; w < SUMW; w++) {
    int64_t t = sa[w] + sb[w] + sums[MBE_SOBOL_PART_SBA + (size_t)w];
    for (size_t i = 0; i < k; i++) {
      t += sums[MBE_SOBOL_PART_SAB + i * SUMW + (size_t)w];
    }
    d->r[w] = t;
  }
  mbe_reduce_normalize(d->r, SUMW);
}

// parameter i's W, U and V
static void derive_param(const int64_t* sums, size_t k, size_t i, int64_t* w, int64_t* u,
                         int64_t* v) {
  const int64_t* sa = sums + MBE_SOBOL_PART_SA;
  const int64_t* sab = sums + MBE_SOBOL_PART_SAB + i * SUMW;
  const int64_t* ta = sums + MBE_SOBOL_PART_TA(k);
  const int64_t* pab = ta + 2 * SQW;
  const int64_t* pb = ta + (3 + i) * SQW;
  const int64_t* pa = ta + (3 + k + i) * SQW;
  const int64_t* q = ta + (3 + 2 * k + i) * SQW;
  combine(w, SUMW, (const int64_t* const[]){sab, sa}, (const int64_t[]){1, -1}, 2);
  combine(u, SQW, (const int64_t* const[]){pb, pab}, (const int64_t[]){1, -1}, 2);
  combine(v, SQW, (const int64_t* const[]){ta, q, pa}, (const int64_t[]){1, 1, -2}, 3);
}

// x - y for signed magnitudes of n digits: the magnitude into out, the sign returned
static bool signed_sub(const uint32_t* x, bool xneg, const uint32_t* y, bool yneg, int n,
                       uint32_t* out) {
  if (xneg != yneg) {
    big_add(out, x, y, n);
    return xneg;
  }
  if (big_cmp(x, y, n) >= 0) {
    memcpy(out, x, (size_t)n * sizeof *out);
    big_sub(out, y, n);
    return xneg;
  }
  memcpy(out, y, (size_t)n * sizeof *out);
  big_sub(out, x, n);
  return !xneg;
}

void mbe_sobol_time_indices(const int64_t* sums, size_t k, size_t block, uint64_t* nblock,
                            uint64_t* nskip, double* s1, double* st) {
  const uint64_t c = (uint64_t)sums[MBE_SOBOL_PART_NBLOCK];
  *nblock = c;
  *nskip = (uint64_t)sums[MBE_SOBOL_PART_NSKIP];
  for (size_t i = 0; i < k; i++) {
    s1[i] = st[i] = NAN;
  }
  if (c == 0) {
    return;
  }
  Derived d;
  derive(sums, k, &d);

  // den = 2 c T - S^2 (units 2^-2148): 4 c^2 times the variance of the 2c values of A and B
  uint32_t s[BIG_S], q[BIG_Q], s2[BIG_N], den[BIG_N], bden[BIG_N];
  bool neg;
  big_from_words(d.s, SUMW, s, &neg);
  big_from_words(d.t, SQW, q, &neg);
  memset(s2, 0, sizeof s2);
  big_mul(s, BIG_S, s, BIG_S, s2);
  memset(den, 0, sizeof den);
  mul_small(q, BIG_Q, 2 * c, den);
  if (big_sub(den, s2, BIG_N) || big_msb(den, BIG_N) < 0) {
    return;  // no variance (or, impossibly, a negative one)
  }
  memset(bden, 0, sizeof bden);
  mul_small(den, BIG_N - 2, (uint64_t)block, bden);

  // with the centre m = R / (c block): S1_i = 4 (c block U_i - R W_i) / (block den) (the mean
  // of (B - m)(AB_i - A) over the variance), ST_i = 2 c V_i / den
  uint32_t r[BIG_S];
  bool rneg;
  big_from_words(d.r, SUMW, r, &rneg);
  for (size_t i = 0; i < k; i++) {
    int64_t w[SUMW], u[SQW], v[SQW];
    derive_param(sums, k, i, w, u, v);
    uint32_t x[BIG_N], y[BIG_N], wi[BIG_S], num[BIG_N];
    bool uneg, wneg;
    memset(x, 0, sizeof x);
    memset(y, 0, sizeof y);
    big_from_words(u, SQW, q, &uneg);
    mul_small(q, BIG_Q, c * (uint64_t)block, x);
    big_from_words(w, SUMW, wi, &wneg);
    big_mul(r, BIG_S, wi, BIG_S, y);
    const bool dneg = signed_sub(x, uneg, y, rneg != wneg, BIG_N, num);
    const double f = 4.0 * big_ratio(num, bden, BIG_N);
    s1[i] = dneg ? -f : f;
    memset(num, 0, sizeof num);
    big_from_words(v, SQW, q, &neg);
    mul_small(q, BIG_Q, 2 * c, num);
    st[i] = big_ratio(num, den, BIG_N);
  }
}

/* ---- byte strings: per series the two counts, then each sum as (lo, hi) and words lo..hi-1 -- */

static void put_u64(uint8_t** b, uint64_t v) {
  for (int i = 0; i < 8; i++) {
    (*b)[i] = (uint8_t)(v >> (8 * i));
  }
  *b += 8;
}

static uint64_t get_u64(const uint8_t** b) {
  uint64_t v = 0;
  for (int i = 0; i < 8; i++) {
    v |= (uint64_t)(*b)[i] << (8 * i);
  }
  *b += 8;
  return v;
}

// the words of a sum that are not zero at its ends: [*lo, *hi)
static void trim(const int64_t* w, int nw, int* lo, int* hi) {
  *lo = 0;
  *hi = nw;
  while (*hi > 0 && w[*hi - 1] == 0) {
    *hi -= 1;
  }
  while (*lo < *hi && w[*lo] == 0) {
    *lo += 1;
  }
}

size_t mbe_sobol_time_write_size(const int64_t* acc, size_t nseries, size_t k) {
  const size_t words = mbe_sobol_time_words(k);
  size_t n = 0;
  for (size_t i = 0; i < nseries; i++) {
    n += 16;
    for (size_t j = 0; j < nsums(k); j++) {
      int nw, lo, hi;
      size_t at = sum_at(j, k, &nw);
      trim(acc + i * words + at, nw, &lo, &hi);
      n += 8 + 8 * (size_t)(hi - lo);
    }
  }
  return n;
}

void mbe_sobol_time_write(const int64_t* acc, size_t nseries, size_t k, uint8_t* buf) {
  const size_t words = mbe_sobol_time_words(k);
  for (size_t i = 0; i < nseries; i++) {
    const int64_t* a = acc + i * words;
    put_u64(&buf, (uint64_t)a[MBE_SOBOL_PART_NBLOCK]);
    put_u64(&buf, (uint64_t)a[MBE_SOBOL_PART_NSKIP]);
    for (size_t j = 0; j < nsums(k); j++) {
      int nw, lo, hi;
      size_t at = sum_at(j, k, &nw);
      trim(a + at, nw, &lo, &hi);
      put_u64(&buf, (uint64_t)lo | (uint64_t)hi << 32);
      for (int w = lo; w < hi; w++) {
        put_u64(&buf, (uint64_t)a[at + (size_t)w]);
      }
    }
  }
}

bool mbe_sobol_time_read(const uint8_t* buf, size_t len, size_t nseries, size_t k, int64_t* acc) {
  const size_t words = mbe_sobol_time_words(k);
  const uint8_t* b = buf;
  const uint8_t* end = buf + len;
  if (words == 0) {
    return false;
  }
  memset(acc, 0, nseries * words * sizeof *acc);
  for (size_t i = 0; i < nseries; i++) {
    int64_t* a = acc + i * words;
    if (end - b < 16) {
      return false;
    }
    a[MBE_SOBOL_PART_NBLOCK] = (int64_t)get_u64(&b);
    a[MBE_SOBOL_PART_NSKIP] = (int64_t)get_u64(&b);
    for (size_t j = 0; j < nsums(k); j++) {
      int nw;
      size_t at = sum_at(j, k, &nw);
      if (end - b < 8) {
        return false;
      }
      const uint64_t range = get_u64(&b);
      const uint64_t lo = range & 0xffffffffu, hi = range >> 32;
      if (lo > hi || hi > (uint64_t)nw || (uint64_t)(end - b) < 8 * (hi - lo)) {
        return false;
      }
      for (uint64_t w = lo; w < hi; w++) {
        a[at + w] = (int64_t)get_u64(&b);
      }
    }
    if (!record_valid(a, k)) {
      return false;
    }
  }
  return b == end;
}
