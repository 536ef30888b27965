// SPDX-License-Identifier: Apache-2.0
// Logarithms and powers: mbe_log, mbe_log1p and mbe_pow (with an extra-precise logarithm in two
// words feeding the two-word exponential of mbe_math_exp.h). No tables, no loops.
#ifndef MBE_MATH_LOG_H
#define MBE_MATH_LOG_H

#include "math/mbe_math_base.h"
#include "math/mbe_math_exp.h"

// bits of sqrt(1/2): mantissas are reduced to [sqrt(1/2), sqrt(2)); 2/3 and 3/5 in two words
#if MBE_REAL_BITS == 64
#define MBE_MATH_SQRT1_2_BITS MBE_MATH_U64(0x3fe6a09eu, 0x667f3bcdu)
#define MBE_MATH_LOG1P_TINY MBE_R(5.5511151231257827e-17) // 2^-54: log1p(x) rounds to x below
#define MBE_MATH_TWO_THIRDS_HI MBE_R(0.6666666666666666)
#define MBE_MATH_TWO_THIRDS_LO MBE_R(3.700743415417188e-17)
#define MBE_MATH_THREE_FIFTHS_HI MBE_R(0.6)
#define MBE_MATH_THREE_FIFTHS_LO MBE_R(2.2204460492503132e-17)
#else
#define MBE_MATH_SQRT1_2_BITS ((mbe_ureal)0x3f3504f3u)
#define MBE_MATH_LOG1P_TINY MBE_R(2.98023224e-08) // 2^-25
#define MBE_MATH_TWO_THIRDS_HI MBE_R(0.666666687)
#define MBE_MATH_TWO_THIRDS_LO MBE_R(-1.98682155e-08)
#define MBE_MATH_THREE_FIFTHS_HI MBE_R(0.600000024)
#define MBE_MATH_THREE_FIFTHS_LO MBE_R(-2.38418583e-08)
#endif

// P(z) = (log((1+s)/(1-s)) - 2s) / (s z), z = s^2 <= 0.0295 (|s| <= (sqrt2-1)/(sqrt2+1)):
// minimax, relative error of the logarithm from it below 2^-59.5 (double, degree 6) / 2^-35
// (float, degree 3)
MBE_FN mbe_real mbe_math_log_p(mbe_real z) {
#if MBE_REAL_BITS == 64
  mbe_real p = MBE_R(0.1479536475052552);
  p = mbe_fma(p, z, MBE_R(0.15314110791545285));
  p = mbe_fma(p, z, MBE_R(0.18183561891427247));
  p = mbe_fma(p, z, MBE_R(0.22222198621870304));
  p = mbe_fma(p, z, MBE_R(0.2857142874189068));
  p = mbe_fma(p, z, MBE_R(0.3999999999941705));
  return mbe_fma(p, z, MBE_R(0.6666666666666734));
#else
  mbe_real p = MBE_R(0.242862359);
  p = mbe_fma(p, z, MBE_R(0.284984857));
  p = mbe_fma(p, z, MBE_R(0.400009751));
  return mbe_fma(p, z, MBE_R(0.666666627));
#endif
}

// V(w) = (3 atanh(s)/s - 3 - w - (3/5) w^2) / w^3, w = s^2 <= 0.0295: minimax for mbe_pow's
// two-word logarithm, relative error of that logarithm from it below 2^-72 (double, degree 6) /
// 2^-43 (float, degree 2)
MBE_FN mbe_real mbe_math_log_v(mbe_real w) {
#if MBE_REAL_BITS == 64
  mbe_real p = MBE_R(0.17865564212787585);
  p = mbe_fma(p, w, MBE_R(0.17527666929018687));
  p = mbe_fma(p, w, MBE_R(0.20003639785910385));
  p = mbe_fma(p, w, MBE_R(0.2307685946624617));
  p = mbe_fma(p, w, MBE_R(0.272727279066355));
  p = mbe_fma(p, w, MBE_R(0.3333333333002862));
  return mbe_fma(p, w, MBE_R(0.42857142857149716));
#else
  mbe_real p = MBE_R(0.289000869);
  p = mbe_fma(p, w, MBE_R(0.332972854));
  return mbe_fma(p, w, MBE_R(0.428573966));
#endif
}

// mantissa reduction of a positive finite x: x = 2^k (1 + f), 1 + f in [sqrt(1/2), sqrt(2)),
// f exact; subnormals are scaled up first
typedef struct MbeMathLogRed {
  mbe_real f;  // 1 + f is the reduced mantissa
  mbe_real kd; // exponent k as a real
} MbeMathLogRed;

MBE_FN MbeMathLogRed mbe_math_log_reduce(mbe_real x) {
  MbeMathLogRed l;
  mbe_int kadj = 0;
  mbe_ureal ix = MBE_REAL_TO_BITS(x);
  if (ix < MBE_MATH_MIN_BITS) {
    ix = MBE_REAL_TO_BITS(x * mbe_math_pow2i(MBE_MATH_MANT + 2));
    kadj = -(MBE_MATH_MANT + 2);
  }

  // offsetting by 1 - sqrt(1/2) in the bits carries into the exponent exactly when the
  // mantissa is at least sqrt(2); the mantissa field is then put back on sqrt(1/2)
  mbe_ureal u = ix + (MBE_MATH_ONE_BITS - MBE_MATH_SQRT1_2_BITS);
  mbe_int k = (mbe_int)(u >> MBE_MATH_MANT) - MBE_MATH_BIAS + kadj;
  l.f = MBE_BITS_TO_REAL((u & MBE_MATH_MANT_MASK) + MBE_MATH_SQRT1_2_BITS) - MBE_R(1.0);
  l.kd = (mbe_real)k;
  return l;
}

// k ln2 + log(1 + f) + c for 1 + f in [sqrt(1/2), sqrt(2)) and a small correction c (fdlibm's
// arrangement: s = f/(2+f), log(1+f) = f - (f^2/2 - s (f^2/2 + z P(z))), error below 1 ulp)
MBE_FN mbe_real mbe_math_log_kernel(mbe_real f, mbe_real kd, mbe_real c) {
  mbe_real hfsq = MBE_R(0.5) * f * f;
  mbe_real s = f / (MBE_R(2.0) + f);
  mbe_real z = s * s;
  mbe_real r = z * mbe_math_log_p(z);
  mbe_real lo = mbe_fma(kd, MBE_MATH_LN2_LO, c);
  return mbe_fma(kd, MBE_MATH_LN2_HI, -((hfsq - mbe_fma(s, hfsq + r, lo)) - f));
}

// natural logarithm. Method: x = 2^k (1 + f), log(1 + f) = 2 atanh(f / (2 + f)) with a
// degree-6 minimax polynomial in s^2, k ln 2 in two words. Error: below 1 ulp (measured 0.81
// double, 0.82 float).
// log(+-0) = -inf, log(x < 0) = NaN, log(+inf) = +inf.
MBE_FN mbe_real mbe_log(mbe_real x) {
  // zeros, negatives, infinities and NaN leave the common path (subnormals stay on it)
  mbe_ureal ix = MBE_REAL_TO_BITS(x);
  if (ix - (mbe_ureal)1 >= MBE_MATH_INF_BITS - (mbe_ureal)1) {
    if (x == MBE_R(0.0)) {
      return -mbe_math_inf();
    }
    if (x == mbe_math_inf() || mbe_isnan(x)) {
      return x + x;
    }
    return mbe_math_nan();
  }
  MbeMathLogRed l = mbe_math_log_reduce(x);
  return mbe_math_log_kernel(l.f, l.kd, MBE_R(0.0));
}

// log(1 + x), accurate near 0. Method: for 1 + x in [sqrt(1/2), sqrt(2)) the log kernel on f = x
// exactly; otherwise u = 1 + x rounded, its rounding error c carried as c/u. Error: below 1 ulp
// (measured 0.79 double, 0.81 float).
MBE_FN mbe_real mbe_log1p(mbe_real x) {
  // tiny (and signed zero): x itself; the primary range needs no reduction
  if (mbe_fabs(x) < MBE_MATH_LOG1P_TINY) {
    return x;
  }
  if (x > MBE_R(-0.29289321881345247) && x < MBE_R(0.41421356237309503)) {
    return mbe_math_log_kernel(x, MBE_R(0.0), MBE_R(0.0));
  }

  // x <= -1, NaN and +inf
  if (!(x > MBE_R(-1.0))) {
    return x == MBE_R(-1.0) ? -mbe_math_inf() : mbe_math_nan() + x;
  }
  if (x == mbe_math_inf()) {
    return x;
  }

  // u + c = 1 + x exactly, then log(u) + c/u
  MbeMathDD u = mbe_math_two_sum(MBE_R(1.0), x);
  MbeMathLogRed l = mbe_math_log_reduce(u.hi);
  return mbe_math_log_kernel(l.f, l.kd, u.lo / u.hi);
}

// log(x) in two words for a positive finite x, relative error ~2^-68 (double) / 2^-40 (float):
// s = f/(2+f) and s^2 in two words, log(1+f) = (2/3) s (3 + s^2 + 3/5 s^4 + s^6 V(s^2)), + k ln 2
MBE_FN MbeMathDD mbe_math_log_split(mbe_real x) {
  MbeMathLogRed l = mbe_math_log_reduce(x);
  mbe_real f = l.f;

  // s = f / (2 + f) in two words (2 + f itself is exact in two words)
  MbeMathDD d = mbe_math_fast_two_sum(MBE_R(2.0), f);
  mbe_real inv = MBE_R(1.0) / d.hi;
  mbe_real sh = f * inv;
  mbe_real sl = (mbe_fma(-sh, d.hi, f) - sh * d.lo) * inv;

  // w = s^2 in two words; t = 3 + w + (3/5) w^2 + w^3 V(w) in two words, the (3/5) w^2 term
  // from an exact square and the two-word 3/5 (it is 2^-12.5 of t, too big to round), its cross
  // term (6/5) w wl with the tail
  mbe_real wh = sh * sh;
  mbe_real wl = mbe_fma(sh, sh, -wh) + (sh + sh) * sl;
  MbeMathDD w2 = mbe_math_two_prod(wh, wh);
  mbe_real qh = MBE_MATH_THREE_FIFTHS_HI * w2.hi;
  mbe_real ql = mbe_fma(MBE_MATH_THREE_FIFTHS_HI, w2.hi, -qh) +
                mbe_fma(MBE_MATH_THREE_FIFTHS_LO, w2.hi, MBE_MATH_THREE_FIFTHS_HI * w2.lo);
  mbe_real tail = mbe_fma(wh * w2.hi, mbe_math_log_v(wh), mbe_fma(MBE_R(1.2) * wh, wl, ql)) + wl;
  MbeMathDD a = mbe_math_fast_two_sum(wh, qh);
  MbeMathDD t = mbe_math_fast_two_sum(MBE_R(3.0), a.hi);
  t.lo += a.lo + tail;

  // log(1 + f) = (2/3) s t
  mbe_real uh = sh * t.hi;
  mbe_real ul = mbe_fma(sh, t.hi, -uh) + mbe_fma(sh, t.lo, sl * t.hi);
  mbe_real lh = MBE_MATH_TWO_THIRDS_HI * uh;
  mbe_real ll = mbe_fma(MBE_MATH_TWO_THIRDS_HI, uh, -lh) +
                mbe_fma(MBE_MATH_TWO_THIRDS_LO, uh, MBE_MATH_TWO_THIRDS_HI * ul);

  // + k ln 2: k LN2_HI is exact and dominates log(1 + f) unless k = 0
  MbeMathDD h = mbe_math_fast_two_sum(l.kd * MBE_MATH_LN2_HI, lh);
  return mbe_math_fast_two_sum(h.hi, h.lo + mbe_fma(l.kd, MBE_MATH_LN2_LO, ll));
}

// x^y (C99 pow with the full Annex F table of special cases). Method: log|x| in two words,
// y log|x| in two words through fma, the two-word exponential; the sign from odd integer y.
// Error: below 1 ulp (measured 0.75 double and float); exact cases (integer powers that fit) are
// exact.
MBE_FN mbe_real mbe_pow(mbe_real x, mbe_real y) {
  mbe_real ax = mbe_fabs(x);
  mbe_real ay = mbe_fabs(y);
  mbe_real inf = mbe_math_inf();

  // y = +-0 and x = 1 give 1 whatever the other operand (NaN included); then NaNs propagate
  if (y == MBE_R(0.0) || x == MBE_R(1.0)) {
    return MBE_R(1.0);
  }
  if (mbe_isnan(x) || mbe_isnan(y)) {
    return x + y;
  }

  // y = +-inf: 1 for |x| = 1, else 0 or inf by |x| < 1 and the sign of y
  if (ay == inf) {
    if (ax == MBE_R(1.0)) {
      return MBE_R(1.0);
    }
    return (ax < MBE_R(1.0)) == (y > MBE_R(0.0)) ? MBE_R(0.0) : inf;
  }

  // integer and odd-integer y (every finite y >= 2^MANT_DIG is an even integer)
  mbe_real hy = MBE_R(0.5) * y;
  int y_is_int = mbe_floor(y) == y;
  int y_is_odd = y_is_int && mbe_floor(hy) != hy;

  // x = +-0 or +-inf: 0 or inf, signed by x for odd integer y
  if (ax == MBE_R(0.0) || ax == inf) {
    mbe_real r = (ax == MBE_R(0.0)) == (y > MBE_R(0.0)) ? MBE_R(0.0) : inf;
    return y_is_odd ? mbe_copysign(r, x) : r;
  }

  // negative finite x: NaN for non-integer y, the sign of the result from the parity of y
  mbe_real sign = MBE_R(1.0);
  if (x < MBE_R(0.0)) {
    if (!y_is_int) {
      return mbe_math_nan();
    }
    sign = y_is_odd ? MBE_R(-1.0) : MBE_R(1.0);
  }

  // e^(y log|x|) with y log|x| in two words; overflow and underflow are decided on the high
  // word, which is +-inf (and the low word NaN) when the product overflows
  MbeMathDD l = mbe_math_log_split(ax);
  mbe_real zh = y * l.hi;
  mbe_real zl = mbe_fma(y, l.hi, -zh) + y * l.lo;
  return sign * mbe_math_exp_dd(zh, zl);
}

#endif
