// SPDX-License-Identifier: Apache-2.0
// Circular functions: mbe_sin, mbe_cos, mbe_tan, mbe_sincos and their argument reduction by pi/2
// (Cody-Waite in three words for moderate |x|, Payne-Hanek with a 2/pi bit table beyond).
#ifndef MBE_MATH_TRIG_H
#define MBE_MATH_TRIG_H

#include "math/mbe_math_base.h"

// pi/2 in three words (each the rounding of the remainder), 2/pi, pi/2 in two words for the
// Payne-Hanek path, the limit of the Cody-Waite path, and the tiny-argument cut (x^2/6 < ulp/2)
#if MBE_REAL_BITS == 64
#define MBE_MATH_PIO2_1 MBE_R(1.5707963267948966)
#define MBE_MATH_PIO2_2 MBE_R(6.123233995736766e-17)
#define MBE_MATH_PIO2_3 MBE_R(-1.4973849048591698e-33)
#define MBE_MATH_TWO_OVER_PI MBE_R(0.6366197723675814)
#define MBE_MATH_RPIO2_MEDIUM MBE_R(268435456.0)        // 2^28
#define MBE_MATH_TRIG_TINY MBE_R(7.450580596923828e-09) // 2^-27
#else
#define MBE_MATH_PIO2_1 MBE_R(1.57079637)
#define MBE_MATH_PIO2_2 MBE_R(-4.37113883e-08)
#define MBE_MATH_PIO2_3 MBE_R(-1.71512451e-15)
#define MBE_MATH_TWO_OVER_PI MBE_R(0.636619747)
#define MBE_MATH_RPIO2_MEDIUM MBE_R(8192.0)      // 2^13
#define MBE_MATH_TRIG_TINY MBE_R(0.000244140625) // 2^-12
#endif

// sincos result
typedef struct MbeSinCos {
  mbe_real s;
  mbe_real c;
} MbeSinCos;

// x = n pi/2 + hi + lo with |hi + lo| <= pi/4 (a hair more from the rounded quotient)
typedef struct MbeMathRem {
  mbe_real hi;
  mbe_real lo;
  mbe_int n; // quadrant; only n mod 4 matters
} MbeMathRem;

// bits of 2/pi, 32 per word, word w holding the bits of weight 2^-(32w-31) ... 2^-32w; word 0 is
// the zero integer part. 40 words reach every exponent of double (and float).
MBE_CONSTANT mbe_u32 mbe_math_two_over_pi_bits[40] = {
    0x00000000u, 0xa2f9836eu, 0x4e441529u, 0xfc2757d1u, 0xf534ddc0u, 0xdb629599u, 0x3c439041u,
    0xfe5163abu, 0xdebbc561u, 0xb7246e3au, 0x424dd2e0u, 0x06492eeau, 0x09d1921cu, 0xfe1deb1cu,
    0xb129a73eu, 0xe88235f5u, 0x2ebb4484u, 0xe99c7026u, 0xb45f7e41u, 0x3991d639u, 0x835339f4u,
    0x9c845f8bu, 0xbdf9283bu, 0x1ff897ffu, 0xde05980fu, 0xef2f118bu, 0x5a0a6d1fu, 0x6d367ecfu,
    0x27cb09b7u, 0x4f463f66u, 0x9e5fea2du, 0x7527bac7u, 0xebe5f17bu, 0x3d0739f7u, 0x8a5292eau,
    0x6bfb5fb1u, 0x1f8d5d08u, 0x56033046u, 0xfc7b6babu, 0xf0cfbc20u};

// leading zero bits of a 64-bit word (63 for 0), by binary search in exact integer operations
MBE_FN mbe_int mbe_math_clz64(mbe_u64 v) {
  mbe_int n = 0;
  for (mbe_int w = 32; w > 0; w /= 2) {
    if ((v >> (64 - w)) == 0 && n + w < 64) {
      n += w;
      v <<= w;
    }
  }
  return n;
}

// Cody-Waite reduction for |x| < RPIO2_MEDIUM: n = rint(x 2/pi), x - n (P1 + P2 + P3) with the
// products split exactly by fma and the sums kept error-free; absolute error ~2^-3p |x|, far
// below the closest approach of such x to a multiple of pi/2
MBE_FN MbeMathRem mbe_math_rem_pio2_medium(mbe_real x) {
  MbeMathRem r;
  mbe_real kn = mbe_rint(x * MBE_MATH_TWO_OVER_PI);

  // t = x - n P1 exactly (n P1 split in two words, the subtraction exact by Sterbenz)
  MbeMathDD p1 = mbe_math_two_prod(kn, MBE_MATH_PIO2_1);
  mbe_real t = x - p1.hi;

  // subtract n P2 and the low word of n P1 without rounding error, then the tiny n P3
  MbeMathDD p2 = mbe_math_two_prod(kn, MBE_MATH_PIO2_2);
  MbeMathDD a = mbe_math_two_sum(p1.lo, p2.hi);
  MbeMathDD y = mbe_math_two_sum(t, -a.hi);
  mbe_real tail = y.lo - (a.lo + mbe_fma(kn, MBE_MATH_PIO2_3, p2.lo));
  MbeMathDD s = mbe_math_fast_two_sum(y.hi, tail);
  r.hi = s.hi;
  r.lo = s.lo;
  r.n = (mbe_int)kn;
  return r;
}

// Payne-Hanek reduction for finite |x| >= RPIO2_MEDIUM: x = m 2^e with an integer mantissa m;
// only 192 bits of 2/pi starting at weight 2^-(e-1) matter for x 2/pi mod 4 (higher bits give
// multiples of 4, lower ones less than 2^-138). m times that window in 32-bit limbs gives the
// quadrant and 190 fraction bits, normalised and converted to two words, times pi/2.
MBE_FN MbeMathRem mbe_math_rem_pio2_huge(mbe_real x) {
  MbeMathRem r;
  mbe_ureal ix = MBE_REAL_TO_BITS(x) & MBE_MATH_ABS_MASK;
  mbe_int e = (mbe_int)(ix >> MBE_MATH_MANT) - MBE_MATH_BIAS - MBE_MATH_MANT;
  mbe_u64 m = (mbe_u64)((ix & MBE_MATH_MANT_MASK) | ((mbe_ureal)1 << MBE_MATH_MANT));

  // the window v[0] (most significant) .. v[5] of 2/pi, starting at bit j0 = e - 1 >= -31
  mbe_int j0 = e - 1;
  mbe_int w0 = (j0 + 31) / 32;
  mbe_int sh = (j0 + 31) - 32 * w0;
  mbe_u32 v[6];
  for (mbe_int i = 0; i < 6; i++) {
    mbe_u64 pair = ((mbe_u64)mbe_math_two_over_pi_bits[w0 + i] << 32) |
                   (mbe_u64)mbe_math_two_over_pi_bits[w0 + i + 1];
    v[i] = (mbe_u32)(pair >> (32 - sh));
  }

  // q = m * window mod 2^192, little-endian limbs; x 2/pi = q 2^-190 mod 4
  mbe_u64 ml = m & (mbe_u64)0xffffffffu;
  mbe_u64 mh = m >> 32;
  mbe_u32 q[6];
  mbe_u64 carry = 0;
  for (mbe_int i = 0; i < 6; i++) {
    mbe_u64 t = ml * (mbe_u64)v[5 - i] + carry;
    q[i] = (mbe_u32)t;
    carry = t >> 32;
  }
  carry = 0;
  for (mbe_int i = 0; i < 5; i++) {
    mbe_u64 t = mh * (mbe_u64)v[5 - i] + (mbe_u64)q[i + 1] + carry;
    q[i + 1] = (mbe_u32)t;
    carry = t >> 32;
  }

  // quadrant from bits 190..191, fraction bits 189..0 left-aligned in three 64-bit words
  mbe_int n = (mbe_int)(q[5] >> 30);
  mbe_u64 fa =
      ((mbe_u64)((q[5] << 2) | (q[4] >> 30)) << 32) | (mbe_u32)((q[4] << 2) | (q[3] >> 30));
  mbe_u64 fb =
      ((mbe_u64)((q[3] << 2) | (q[2] >> 30)) << 32) | (mbe_u32)((q[2] << 2) | (q[1] >> 30));
  mbe_u64 fc = ((mbe_u64)((q[1] << 2) | (q[0] >> 30)) << 32) | (mbe_u32)(q[0] << 2);

  // fraction >= 1/2: take the next quadrant and the negated complement 1 - fraction
  mbe_real sign = MBE_R(1.0);
  if (fa >> 63) {
    n += 1;
    sign = MBE_R(-1.0);
    fa = ~fa;
    fb = ~fb;
    fc = ~fc + 1u;
    if (fc == 0) {
      fb += 1u;
      if (fb == 0) {
        fa += 1u;
      }
    }
  }

  // normalise: a whole word when the top one is empty, then the leading zeros of fa
  mbe_int scale = 0;
  if (fa == 0) {
    fa = fb;
    fb = fc;
    fc = 0;
    scale = 64;
  }
  mbe_int lz = mbe_math_clz64(fa);
  mbe_u64 hi = (fa << lz) | ((fb >> 1) >> (63 - lz));
  mbe_u64 lo = (fb << lz) | ((fc >> 1) >> (63 - lz));

  // fraction = (hi 2^-64 + lo 2^-128) 2^-(lz + scale) as two words: the top mantissa-width bits
  // of hi exactly, the rest rounded
  mbe_u64 top = hi >> (63 - MBE_MATH_MANT);
  mbe_u64 rest = hi & ((((mbe_u64)1) << (63 - MBE_MATH_MANT)) - 1u);
  mbe_real fh = (mbe_real)top * mbe_math_pow2i(-(MBE_MATH_MANT + 1));
  mbe_real fl = ((mbe_real)rest + (mbe_real)lo * mbe_math_pow2i(-64)) * mbe_math_pow2i(-64);
  fh = mbe_math_scale2(fh, -(lz + scale));
  fl = mbe_math_scale2(fl, -(lz + scale));

  // times pi/2 in two words
  mbe_real yh = fh * MBE_MATH_PIO2_1;
  mbe_real yl =
      mbe_fma(fh, MBE_MATH_PIO2_1, -yh) + mbe_fma(fh, MBE_MATH_PIO2_2, fl * MBE_MATH_PIO2_1);
  MbeMathDD s = mbe_math_fast_two_sum(yh, yl);

  // signs: the complement above, then the sign of x
  if (x < MBE_R(0.0)) {
    sign = -sign;
    n = -n;
  }
  r.hi = sign * s.hi;
  r.lo = sign * s.lo;
  r.n = n;
  return r;
}

// x = n pi/2 + hi + lo for any x; NaN and infinities give a NaN remainder
MBE_FN MbeMathRem mbe_math_rem_pio2(mbe_real x) {
  if (mbe_fabs(x) < MBE_MATH_RPIO2_MEDIUM) {
    return mbe_math_rem_pio2_medium(x);
  }
  if (!mbe_isfinite(x)) {
    MbeMathRem r;
    r.hi = x - x;
    r.lo = r.hi;
    r.n = 0;
    return r;
  }
  return mbe_math_rem_pio2_huge(x);
}

// sin(x + y) on |x + y| <= pi/4 + a hair, y a tail below an ulp of x, as two words:
// x + x^3 S(x^2) + y (1 - x^2/2), S a minimax polynomial of degree 5 (double, relative error
// 2^-57.9) / 3 (float, 2^-32.5)
MBE_FN MbeMathDD mbe_math_sin_kernel(mbe_real x, mbe_real y) {
  mbe_real z = x * x;
#if MBE_REAL_BITS == 64
  mbe_real p = MBE_R(1.589543328653471e-10);
  p = mbe_fma(p, z, MBE_R(-2.5050734389237585e-08));
  p = mbe_fma(p, z, MBE_R(2.7557313538514204e-06));
  p = mbe_fma(p, z, MBE_R(-0.00019841269829358528));
  p = mbe_fma(p, z, MBE_R(0.00833333333332184));
  p = mbe_fma(p, z, MBE_R(-0.1666666666666663));
#else
  mbe_real p = MBE_R(2.83251006e-06);
  p = mbe_fma(p, z, MBE_R(-0.000198530644));
  p = mbe_fma(p, z, MBE_R(0.0083333794));
  p = mbe_fma(p, z, MBE_R(-0.166666672));
#endif
  mbe_real tail = mbe_fma(z * x, p, mbe_fma(MBE_R(-0.5) * z, y, y));
  return mbe_math_fast_two_sum(x, tail);
}

// cos(x + y) on the same range as two words: w = 1 - x^2/2 with its rounding error recovered
// (and that of x^2), plus x^4 C(x^2) - x y, C a minimax polynomial of degree 5 (double, relative
// error 2^-63.9) / 2 (float, 2^-33)
MBE_FN MbeMathDD mbe_math_cos_kernel(mbe_real x, mbe_real y) {
  MbeMathDD z = mbe_math_two_prod(x, x);
#if MBE_REAL_BITS == 64
  mbe_real p = MBE_R(-1.1358749239142959e-11);
  p = mbe_fma(p, z.hi, MBE_R(2.087570539602098e-09));
  p = mbe_fma(p, z.hi, MBE_R(-2.755731421703884e-07));
  p = mbe_fma(p, z.hi, MBE_R(2.480158728900208e-05));
  p = mbe_fma(p, z.hi, MBE_R(-0.0013888888888873342));
  p = mbe_fma(p, z.hi, MBE_R(0.041666666666666595));
#else
  mbe_real p = MBE_R(2.44323273e-05);
  p = mbe_fma(p, z.hi, MBE_R(-0.00138873095));
  p = mbe_fma(p, z.hi, MBE_R(0.0416666456));
#endif
  mbe_real hz = MBE_R(0.5) * z.hi;
  mbe_real w = MBE_R(1.0) - hz;
  mbe_real small = mbe_fma(z.hi * z.hi, p, -mbe_fma(x, y, MBE_R(0.5) * z.lo));
  mbe_real tail = ((MBE_R(1.0) - w) - hz) + small;
  return mbe_math_fast_two_sum(w, tail);
}

// sin x. Method: reduction by pi/2 (exact enough for every finite x), then the sin or cos
// kernel by quadrant. Error: below 1 ulp (measured 0.72 double, 0.70 float, cos alike).
// sin(+-0) = +-0, sin(+-inf) = NaN.
MBE_FN mbe_real mbe_sin(mbe_real x) {
  if (mbe_fabs(x) < MBE_MATH_TRIG_TINY) {
    return x;
  }
  MbeMathRem r = mbe_math_rem_pio2(x);
  mbe_real v;
  if (r.n & 1) {
    v = mbe_math_cos_kernel(r.hi, r.lo).hi;
  } else {
    v = mbe_math_sin_kernel(r.hi, r.lo).hi;
  }
  return (r.n & 2) ? -v : v;
}

// cos x. Method and error as mbe_sin, one quadrant on. cos(+-inf) = NaN.
MBE_FN mbe_real mbe_cos(mbe_real x) {
  if (mbe_fabs(x) < MBE_MATH_TRIG_TINY) {
    return MBE_R(1.0);
  }
  MbeMathRem r = mbe_math_rem_pio2(x);
  mbe_int n = r.n + 1;
  mbe_real v;
  if (n & 1) {
    v = mbe_math_cos_kernel(r.hi, r.lo).hi;
  } else {
    v = mbe_math_sin_kernel(r.hi, r.lo).hi;
  }
  return (n & 2) ? -v : v;
}

// sin x and cos x from one reduction, bitwise equal to mbe_sin(x) and mbe_cos(x)
MBE_FN MbeSinCos mbe_sincos(mbe_real x) {
  MbeSinCos sc;
  if (mbe_fabs(x) < MBE_MATH_TRIG_TINY) {
    sc.s = x;
    sc.c = MBE_R(1.0);
    return sc;
  }
  MbeMathRem r = mbe_math_rem_pio2(x);
  mbe_real s = mbe_math_sin_kernel(r.hi, r.lo).hi;
  mbe_real c = mbe_math_cos_kernel(r.hi, r.lo).hi;
  mbe_int n = r.n & 3;
  sc.s = (n & 1) ? c : s;
  sc.c = (n & 1) ? s : c;
  sc.s = (n & 2) ? -sc.s : sc.s;
  sc.c = ((n + 1) & 2) ? -sc.c : sc.c;
  return sc;
}

// tan x. Method: reduction by pi/2, sin and cos kernels in two words, tan = s/c (even quadrant)
// or -c/s (odd) as a two-word quotient corrected by its residual. Error: below 1 ulp (measured
// 0.86 double, 0.80 float).
MBE_FN mbe_real mbe_tan(mbe_real x) {
  if (mbe_fabs(x) < MBE_MATH_TRIG_TINY) {
    return x;
  }
  MbeMathRem r = mbe_math_rem_pio2(x);
  MbeMathDD s = mbe_math_sin_kernel(r.hi, r.lo);
  MbeMathDD c = mbe_math_cos_kernel(r.hi, r.lo);

  // numerator and denominator by quadrant parity
  MbeMathDD num = s;
  MbeMathDD den = c;
  if (r.n & 1) {
    num.hi = -c.hi;
    num.lo = -c.lo;
    den = s;
  }

  // q = num/den with one division; the residual num - q den carries the rest
  mbe_real inv = MBE_R(1.0) / den.hi;
  mbe_real q = num.hi * inv;
  mbe_real res = mbe_fma(-q, den.hi, num.hi) + mbe_fma(-q, den.lo, num.lo);
  return mbe_fma(res, inv, q);
}

#endif
