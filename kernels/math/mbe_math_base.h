// SPDX-License-Identifier: Apache-2.0
// Shared pieces of the elementary functions: floating-point format constants, exact scaling by
// powers of two (mbe_ldexp, mbe_frexp), error-free transformations and mbe_hypot.
#ifndef MBE_MATH_BASE_H
#define MBE_MATH_BASE_H

#include "mbe_real.h"

// pi and its multiples, correctly rounded in either precision
#define MBE_PI MBE_R(3.14159265358979323846264)
#define MBE_2PI MBE_R(6.28318530717958647692529)
#define MBE_PI_2 MBE_R(1.57079632679489661923132)

// 64-bit integer constant from two 32-bit halves (no 64-bit literal suffix is portable to both)
#define MBE_MATH_U64(hi, lo) ((((mbe_u64)(hi)) << 32) | (mbe_u64)(lo))

// format of mbe_real: stored mantissa bits, exponent bias, masks and special bit patterns
#if MBE_REAL_BITS == 64
#define MBE_MATH_MANT 52
#define MBE_MATH_BIAS 1023
#define MBE_MATH_MANT_MASK MBE_MATH_U64(0x000fffffu, 0xffffffffu)
#define MBE_MATH_ABS_MASK MBE_MATH_U64(0x7fffffffu, 0xffffffffu)
#define MBE_MATH_INF_BITS MBE_MATH_U64(0x7ff00000u, 0x00000000u)
#define MBE_MATH_NAN_BITS MBE_MATH_U64(0x7ff80000u, 0x00000000u)
#define MBE_MATH_ONE_BITS MBE_MATH_U64(0x3ff00000u, 0x00000000u)
#define MBE_MATH_MIN_BITS MBE_MATH_U64(0x00100000u, 0x00000000u)
#else
#define MBE_MATH_MANT 23
#define MBE_MATH_BIAS 127
#define MBE_MATH_MANT_MASK ((mbe_ureal)0x007fffffu)
#define MBE_MATH_ABS_MASK ((mbe_ureal)0x7fffffffu)
#define MBE_MATH_INF_BITS ((mbe_ureal)0x7f800000u)
#define MBE_MATH_NAN_BITS ((mbe_ureal)0x7fc00000u)
#define MBE_MATH_ONE_BITS ((mbe_ureal)0x3f800000u)
#define MBE_MATH_MIN_BITS ((mbe_ureal)0x00800000u)
#endif

// a value carried as an unevaluated sum hi + lo with |lo| <= ulp(hi) (double-double, float-float)
typedef struct MbeMathDD {
  mbe_real hi;
  mbe_real lo;
} MbeMathDD;

// mantissa and exponent: x = m 2^e with 0.5 <= |m| < 1 (m = x, e = 0 for 0, inf, NaN)
typedef struct MbeFrexp {
  mbe_real m;
  mbe_int e;
} MbeFrexp;

// +inf and a quiet NaN, built from bits (no INFINITY/NAN macro is common to both dialects)
MBE_FN mbe_real mbe_math_inf(void) {
  return MBE_BITS_TO_REAL(MBE_MATH_INF_BITS);
}

MBE_FN mbe_real mbe_math_nan(void) {
  return MBE_BITS_TO_REAL(MBE_MATH_NAN_BITS);
}

// 2^k for k in [1 - bias, bias] (the normal range), exactly
MBE_FN mbe_real mbe_math_pow2i(mbe_int k) {
  return MBE_BITS_TO_REAL((mbe_ureal)(k + MBE_MATH_BIAS) << MBE_MATH_MANT);
}

// x 2^k for k in [2 (1 - bias), 2 bias] by two exact factors; one rounding at most, and none
// unless the result leaves the normal range (used by exp-like functions on their reduced values)
MBE_FN mbe_real mbe_math_scale2(mbe_real x, mbe_int k) {
  mbe_int k1 = k / 2;
  return x * mbe_math_pow2i(k1) * mbe_math_pow2i(k - k1);
}

// s + e = a + b exactly, for any a and b (Knuth's two-sum)
MBE_FN MbeMathDD mbe_math_two_sum(mbe_real a, mbe_real b) {
  MbeMathDD r;
  r.hi = a + b;
  mbe_real bb = r.hi - a;
  r.lo = (a - (r.hi - bb)) + (b - bb);
  return r;
}

// s + e = a + b exactly, when the exponent of a is at least that of b (Dekker's fast two-sum)
MBE_FN MbeMathDD mbe_math_fast_two_sum(mbe_real a, mbe_real b) {
  MbeMathDD r;
  r.hi = a + b;
  r.lo = (a - r.hi) + b;
  return r;
}

// p + e = a b exactly (barring underflow), through the fused multiply-add
MBE_FN MbeMathDD mbe_math_two_prod(mbe_real a, mbe_real b) {
  MbeMathDD r;
  r.hi = a * b;
  r.lo = mbe_fma(a, b, -r.hi);
  return r;
}

// x 2^n, correctly rounded (C99 ldexp/scalbn): at most one rounding, in the subnormal range
MBE_FN mbe_real mbe_ldexp(mbe_real x, mbe_int n) {
  // bring n into the normal exponent range in at most two exact steps per side; going down,
  // the steps stop 1 + MANT bits above the subnormal range so only the last product rounds
  if (n > MBE_MATH_BIAS) {
    x *= mbe_math_pow2i(MBE_MATH_BIAS);
    n -= MBE_MATH_BIAS;
    if (n > MBE_MATH_BIAS) {
      x *= mbe_math_pow2i(MBE_MATH_BIAS);
      n -= MBE_MATH_BIAS;
      n = n > MBE_MATH_BIAS ? MBE_MATH_BIAS : n;
    }
  } else if (n < 1 - MBE_MATH_BIAS) {
    const mbe_int step = MBE_MATH_BIAS - 2 - MBE_MATH_MANT;
    x *= mbe_math_pow2i(-step);
    n += step;
    if (n < 1 - MBE_MATH_BIAS) {
      x *= mbe_math_pow2i(-step);
      n += step;
      n = n < 1 - MBE_MATH_BIAS ? 1 - MBE_MATH_BIAS : n;
    }
  }
  return x * mbe_math_pow2i(n);
}

// x = m 2^e with 0.5 <= |m| < 1, exactly; 0, inf and NaN come back unchanged with e = 0
MBE_FN MbeFrexp mbe_frexp(mbe_real x) {
  MbeFrexp r;
  r.m = x;
  r.e = 0;
  mbe_ureal ix = MBE_REAL_TO_BITS(x);
  mbe_ureal ax = ix & MBE_MATH_ABS_MASK;
  if (ax == 0 || ax >= MBE_MATH_INF_BITS) {
    return r;
  }

  // subnormals: scale into the normal range first
  if (ax < MBE_MATH_MIN_BITS) {
    x *= mbe_math_pow2i(MBE_MATH_MANT + 2);
    ix = MBE_REAL_TO_BITS(x);
    r.e = -(MBE_MATH_MANT + 2);
  }

  // replace the exponent field by that of 0.5
  mbe_int be = (mbe_int)((ix & MBE_MATH_ABS_MASK) >> MBE_MATH_MANT);
  r.e += be - (MBE_MATH_BIAS - 1);
  ix = (ix & ~(MBE_MATH_ABS_MASK & ~MBE_MATH_MANT_MASK)) |
       ((mbe_ureal)(MBE_MATH_BIAS - 1) << MBE_MATH_MANT);
  r.m = MBE_BITS_TO_REAL(ix);
  return r;
}

// sqrt(x^2 + y^2) without undue overflow or underflow (C99 hypot, inf wins over NaN). Method:
// scale by a power of two, square and add as a double-word sum, one sqrt with its residual
// correction. Error: below 1 ulp (measured 0.62 double, 0.75 float with subnormal results)
MBE_FN mbe_real mbe_hypot(mbe_real x, mbe_real y) {
  mbe_real a = mbe_fabs(x);
  mbe_real b = mbe_fabs(y);
  mbe_real inf = mbe_math_inf();
  if (a == inf || b == inf) {
    return inf;
  }
  if (mbe_isnan(a) || mbe_isnan(b)) {
    return a + b;
  }
  if (a < b) {
    mbe_real t = a;
    a = b;
    b = t;
  }
  if (a == MBE_R(0.0)) {
    return a;
  }

  // scale by 2^-e for a = m 2^e, 0.5 <= m < 1: the squares cannot overflow, and b^2 underflows
  // only where it is far below an ulp of a^2
  mbe_int e = mbe_frexp(a).e;
  a = mbe_ldexp(a, -e);
  b = mbe_ldexp(b, -e);

  // a^2 + b^2 as a double-word sum, then sqrt and one Newton correction on the residual
  MbeMathDD a2 = mbe_math_two_prod(a, a);
  MbeMathDD b2 = mbe_math_two_prod(b, b);
  MbeMathDD s = mbe_math_fast_two_sum(a2.hi, b2.hi);
  mbe_real slo = s.lo + (a2.lo + b2.lo);
  mbe_real h = mbe_sqrt(s.hi);
  mbe_real res = mbe_fma(-h, h, s.hi) + slo;
  h = mbe_fma(res, MBE_R(0.5) / h, h);
  return mbe_ldexp(h, e);
}

#endif
