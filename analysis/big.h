// SPDX-License-Identifier: Apache-2.0
// Big integers for the exact statistics (stats.c, sobol_time.c): magnitudes as little-endian
// 32-bit digits in caller arrays of fixed size, the few operations that turn exact sums into
// correctly rounded doubles. Internal to analysis/.
#ifndef MBE_ANALYSIS_BIG_H
#define MBE_ANALYSIS_BIG_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "reduce/mbe_reduce.h"

// The magnitude of a normalized signed number of nw words as nw + 1 digits; *neg its sign.
static inline void big_from_words(const int64_t* w, int nw, uint32_t* mag, bool* neg) {
  for (int i = 0; i + 1 < nw; i++) {
    mag[i] = (uint32_t)w[i];
  }
  const uint64_t top = (uint64_t)w[nw - 1];
  mag[nw - 1] = (uint32_t)top;
  mag[nw] = (uint32_t)(top >> 32);
  *neg = w[nw - 1] < 0;
  if (*neg) {
    // two's complement negation over all digits
    uint64_t carry = 1;
    for (int i = 0; i <= nw; i++) {
      const uint64_t t = (uint64_t)(uint32_t)~mag[i] + carry;
      mag[i] = (uint32_t)t;
      carry = t >> 32;
    }
  }
}

// out[0 .. na + nb) = a b (schoolbook)
static inline void big_mul(const uint32_t* a, int na, const uint32_t* b, int nb, uint32_t* out) {
  memset(out, 0, (size_t)(na + nb) * sizeof *out);
  for (int i = 0; i < na; i++) {
    if (a[i] == 0) {
      continue;  // its row adds nothing (out[i + nb] is still 0 for the next rows)
    }
    uint64_t carry = 0;
    for (int j = 0; j < nb; j++) {
      const uint64_t t = (uint64_t)a[i] * b[j] + out[i + j] + carry;
      out[i + j] = (uint32_t)t;
      carry = t >> 32;
    }
    out[i + nb] = (uint32_t)carry;
  }
}

// out = a + b over n digits (the carry out of the top digit is dropped: callers leave room)
static inline void big_add(uint32_t* out, const uint32_t* a, const uint32_t* b, int n) {
  uint64_t carry = 0;
  for (int i = 0; i < n; i++) {
    const uint64_t t = (uint64_t)a[i] + b[i] + carry;
    out[i] = (uint32_t)t;
    carry = t >> 32;
  }
}

// the sign of a - b over n digits
static inline int big_cmp(const uint32_t* a, const uint32_t* b, int n) {
  for (int i = n - 1; i >= 0; i--) {
    if (a[i] != b[i]) {
      return a[i] < b[i] ? -1 : 1;
    }
  }
  return 0;
}

// a -= b over n digits; returns the final borrow
static inline bool big_sub(uint32_t* a, const uint32_t* b, int n) {
  uint64_t borrow = 0;
  for (int i = 0; i < n; i++) {
    const uint64_t t = (uint64_t)a[i] - b[i] - borrow;
    a[i] = (uint32_t)t;
    borrow = (t >> 32) & 1;
  }
  return borrow != 0;
}

// a = floor(a / d) over n digits, 0 < d < 2^47, in 16-bit steps (the partial remainder stays
// below 2^63); returns whether the remainder is non-zero
static inline bool big_div(uint32_t* a, int n, uint64_t d) {
  uint64_t r = 0;
  for (int i = n - 1; i >= 0; i--) {
    r = (r << 16) | (a[i] >> 16);
    const uint64_t qh = r / d;
    r -= qh * d;
    r = (r << 16) | (a[i] & 0xffffu);
    const uint64_t ql = r / d;
    r -= ql * d;
    a[i] = (uint32_t)(qh << 16 | ql);
  }
  return r != 0;
}

// index of the highest set bit, -1 for zero
static inline int big_msb(const uint32_t* a, int n) {
  for (int i = n - 1; i >= 0; i--) {
    if (a[i] != 0) {
      return 32 * i + mbe_reduce_msb(a[i]);
    }
  }
  return -1;
}

// bit i (0 outside the digits)
static inline unsigned big_bit(const uint32_t* a, int n, int i) {
  return i >= 0 && i < 32 * n ? (a[i / 32] >> (i % 32)) & 1u : 0u;
}

// bits lo .. lo + count - 1 (count <= 63) as an integer
static inline uint64_t big_bits(const uint32_t* a, int n, int lo, int count) {
  uint64_t r = 0;
  for (int k = count - 1; k >= 0; k--) {
    r = (r << 1) | big_bit(a, n, lo + k);
  }
  return r;
}

// whether any bit below position pos is set
static inline bool big_any_below(const uint32_t* a, int n, int pos) {
  for (int i = 0; i < n && 32 * i < pos; i++) {
    const uint32_t m = pos - 32 * i >= 32 ? 0xffffffffu : (1u << (pos - 32 * i)) - 1u;
    if ((a[i] & m) != 0) {
      return true;
    }
  }
  return false;
}

// The double nearest (ties to even) to (-1)^neg (a + sticky/2) 2^scale, where sticky says the
// true value lies strictly above a, below a + 1. Callers keep at least two bits below the
// result's least bit (guard digits), so a sticky below them decides only ties.
static inline double big_round(const uint32_t* a, int n, int scale, bool sticky, bool neg) {
  const int p = big_msb(a, n);
  if (p < 0) {
    return neg ? -0.0 : 0.0;
  }

  // the least kept bit: 53 bits, or fewer in the subnormal range
  int b = p - 52;
  if (b + scale < -1074) {
    b = -1074 - scale;
  }
  uint64_t kept = big_bits(a, n, b, p - b + 1 > 0 ? p - b + 1 : 0);
  if (big_bit(a, n, b - 1) && (sticky || big_any_below(a, n, b - 1) || (kept & 1u))) {
    kept += 1;
  }
  const double r = ldexp((double)kept, b + scale);  // exact, or +inf
  return neg ? -r : r;
}

// The square root of a (+ sticky) 2^scale to within a unit in the last place: the top 106 bits
// as a double-double scaled by an even power of two, one Newton step on the double root.
static inline double big_sqrt(const uint32_t* a, int n, int scale) {
  const int p = big_msb(a, n);
  if (p < 0) {
    return 0.0;
  }
  const int x = p + scale;
  const int e2 = x % 2 == 0 ? x : x - 1;
  const double hi = ldexp((double)big_bits(a, n, p - 52, 53), p - 52 + scale - e2);
  const double lo = ldexp((double)big_bits(a, n, p - 105, 53), p - 105 + scale - e2);
  const double r = sqrt(hi);
  const double res = fma(-r, r, hi) + lo;
  return ldexp(r + res / (2.0 * r), e2 / 2);
}

#endif
