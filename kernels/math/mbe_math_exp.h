// SPDX-License-Identifier: Apache-2.0
// Exponential family: mbe_exp, mbe_expm1, mbe_sinh, mbe_cosh, mbe_tanh and the shared reduction
// e^x = 2^k (1 + r + t) that mbe_pow also uses. No tables, no loops.
#ifndef MBE_MATH_EXP_H
#define MBE_MATH_EXP_H

#include "math/mbe_math_base.h"

// ln 2 split so that k LN2_HI is exact for |k| < 2^11 (double) / 2^8 (float)
#if MBE_REAL_BITS == 64
#define MBE_MATH_INV_LN2 MBE_R(1.4426950408889634)
#define MBE_MATH_LN2_HI MBE_R(0.6931471805598903)
#define MBE_MATH_LN2_LO MBE_R(5.497923018708371e-14)
#define MBE_MATH_EXP_KMAX MBE_R(1100.0) // |k| clamp: keeps 2^k buildable from two normal factors
#define MBE_MATH_EXP_OVF MBE_R(709.8)   // above: +inf (ln(max) = 709.7827...)
#define MBE_MATH_EXP_UNF MBE_R(-745.2)  // below: +0 (ln(min subnormal / 2) = -745.1332...)
#define MBE_MATH_EXPM1_TINY MBE_R(5.5511151231257827e-17) // 2^-54: expm1(x) rounds to x below
#define MBE_MATH_EXPM1_BIG MBE_R(700.0)  // above: expm1 = exp (the -1 is below half an ulp)
#define MBE_MATH_EXPM1_NEG MBE_R(-40.0)  // below: expm1 rounds to -1
#define MBE_MATH_HYP_BIG MBE_R(22.0)     // above: e^-|x| is below half an ulp of e^|x|
#define MBE_MATH_HYP_OVF MBE_R(710.4759) // above: cosh, sinh overflow (ln(2 max) = 710.4758...)
#else
#define MBE_MATH_INV_LN2 MBE_R(1.44269502)
#define MBE_MATH_LN2_HI MBE_R(0.693145752)
#define MBE_MATH_LN2_LO MBE_R(1.42860677e-06)
#define MBE_MATH_EXP_KMAX MBE_R(160.0)
#define MBE_MATH_EXP_OVF MBE_R(88.8)              // ln(max) = 88.7228...
#define MBE_MATH_EXP_UNF MBE_R(-104.0)            // ln(min subnormal / 2) = -103.972...
#define MBE_MATH_EXPM1_TINY MBE_R(2.98023224e-08) // 2^-25
#define MBE_MATH_EXPM1_BIG MBE_R(85.0)
#define MBE_MATH_EXPM1_NEG MBE_R(-18.0)
#define MBE_MATH_HYP_BIG MBE_R(10.0)
#define MBE_MATH_HYP_OVF MBE_R(89.416) // ln(2 max) = 89.4159...
#endif

// reduced exponential argument: e^(x + xl) = 2^k (1 + r + t), |r| <= ln2/2, t ~ r^2/2
typedef struct MbeMathExpRed {
  mbe_real r; // reduced argument (rounded)
  mbe_real t; // e^(r + c) - 1 - r, c the rounding error of r
  mbe_int k;  // power of two
} MbeMathExpRed;

// Q(r) = (e^r - 1 - r) / r^2 on |r| <= ln2/2: minimax polynomial, relative error of
// 1 + r + r^2 Q(r) below 2^-60 (double, degree 10) / 2^-29.8 (float, degree 5)
MBE_FN mbe_real mbe_math_exp_q(mbe_real r) {
#if MBE_REAL_BITS == 64
  mbe_real q = MBE_R(2.082663459689798e-09);
  q = mbe_fma(q, r, MBE_R(2.5112024988693237e-08));
  q = mbe_fma(q, r, MBE_R(2.7557581752174165e-07));
  q = mbe_fma(q, r, MBE_R(2.7557234895264696e-06));
  q = mbe_fma(q, r, MBE_R(2.480158692684624e-05));
  q = mbe_fma(q, r, MBE_R(0.00019841269896351152));
  q = mbe_fma(q, r, MBE_R(0.0013888888889115453));
  q = mbe_fma(q, r, MBE_R(0.008333333333317048));
  q = mbe_fma(q, r, MBE_R(0.041666666666666095));
  q = mbe_fma(q, r, MBE_R(0.16666666666666682));
  return mbe_fma(q, r, MBE_R(0.5));
#else
  mbe_real q = MBE_R(0.000197903384);
  q = mbe_fma(q, r, MBE_R(0.00139446638));
  q = mbe_fma(q, r, MBE_R(0.00833349675));
  q = mbe_fma(q, r, MBE_R(0.0416662954));
  q = mbe_fma(q, r, MBE_R(0.166666657));
  return mbe_fma(q, r, MBE_R(0.5));
#endif
}

// Cody-Waite reduction of x + xl (xl a small tail, 0 for plain arguments): k = rint(x / ln2),
// r + c = x + xl - k ln2 with k LN2_HI exact; the rounding error c of r is folded into t.
// x may be anything; outside [-KMAX ln2, KMAX ln2] (or NaN) k is clamped and the caller's
// overflow/underflow selection must discard the result.
MBE_FN MbeMathExpRed mbe_math_exp_reduce(mbe_real x, mbe_real xl) {
  MbeMathExpRed e;

  // nearest multiple of ln 2, clamped so that NaN and huge x convert to an integer safely
  mbe_real kd = mbe_rint(x * MBE_MATH_INV_LN2);
  kd = kd < MBE_MATH_EXP_KMAX ? kd : MBE_MATH_EXP_KMAX;
  kd = kd > -MBE_MATH_EXP_KMAX ? kd : -MBE_MATH_EXP_KMAX;
  e.k = (mbe_int)kd;

  // r + c = (x - k LN2_HI) - (k LN2_LO - xl), the first difference exact
  mbe_real hi = mbe_fma(-kd, MBE_MATH_LN2_HI, x);
  mbe_real lo = mbe_fma(kd, MBE_MATH_LN2_LO, -xl);
  e.r = hi - lo;
  mbe_real c = (hi - e.r) - lo;

  // e^(r + c) - 1 - r = r^2 Q(r) + c (1 + r) to well below an ulp of 1
  e.t = mbe_fma(e.r * e.r, mbe_math_exp_q(e.r), mbe_fma(c, e.r, c));
  return e;
}

// 1 + r + t of a reduction as a double-word mantissa in [0.7, 1.42]
MBE_FN MbeMathDD mbe_math_exp_mant(MbeMathExpRed e) {
  MbeMathDD u = mbe_math_fast_two_sum(e.r, e.t);
  MbeMathDD p = mbe_math_fast_two_sum(MBE_R(1.0), u.hi);
  p.lo += u.lo;
  return p;
}

// e^(x + xl) rounded once (plus a final rounding into the subnormal range), with overflow to
// +inf and underflow to +0 decided on x; xl must be below an ulp of x
MBE_FN mbe_real mbe_math_exp_dd(mbe_real x, mbe_real xl) {
  MbeMathExpRed e = mbe_math_exp_reduce(x, xl);
  MbeMathDD p = mbe_math_exp_mant(e);
  mbe_real y = mbe_math_scale2(p.hi + p.lo, e.k);
  y = x > MBE_MATH_EXP_OVF ? mbe_math_inf() : y;
  return x < MBE_MATH_EXP_UNF ? MBE_R(0.0) : y;
}

// e^x for 0 <= x <= EXPM1_BIG as an unevaluated sum hi + lo (relative error ~2^-57 / 2^-27)
MBE_FN MbeMathDD mbe_math_exp_split(mbe_real x) {
  MbeMathExpRed e = mbe_math_exp_reduce(x, MBE_R(0.0));
  MbeMathDD p = mbe_math_exp_mant(e);
  mbe_real s = mbe_math_pow2i(e.k);
  p.hi *= s;
  p.lo *= s;
  return p;
}

// e^x. Method: Cody-Waite reduction by ln 2 in two words, degree-10 minimax polynomial for
// e^r - 1 - r, the sum 1 + r + t kept in two words, scaling by 2^k through two exact factors
// (gradual underflow rounds once more). Error: below 1 ulp (measured 0.59 on normal results, 0.75
// into the subnormals, double and float).
MBE_FN mbe_real mbe_exp(mbe_real x) {
  return mbe_math_exp_dd(x, MBE_R(0.0));
}

// e^x - 1, accurate near 0. Method: the exp reduction, then 2^k (1 + r + t) - 1 evaluated with
// error-free sums so the subtraction of 1 cancels exactly (k = 0 gives r + t directly).
// Error: below 1 ulp (measured 0.84 double, 0.87 float).
MBE_FN mbe_real mbe_expm1(mbe_real x) {
  // tiny (and signed zero): x itself; large: exp(x); very negative: -1
  if (mbe_fabs(x) < MBE_MATH_EXPM1_TINY) {
    return x;
  }
  if (x > MBE_MATH_EXPM1_BIG) {
    return mbe_exp(x);
  }
  if (x < MBE_MATH_EXPM1_NEG) {
    return MBE_R(-1.0);
  }

  // u = r + t as two words, then (2^k - 1) + 2^k u with exact partial sums
  MbeMathExpRed e = mbe_math_exp_reduce(x, MBE_R(0.0));
  MbeMathDD u = mbe_math_fast_two_sum(e.r, e.t);
  mbe_real s = mbe_math_pow2i(e.k);
  MbeMathDD a = mbe_math_two_sum(s, MBE_R(-1.0));
  MbeMathDD h = mbe_math_two_sum(a.hi, s * u.hi);
  return h.hi + ((h.lo + a.lo) + s * u.lo);
}

// H(z) = (sinh x - x) / x^3, z = x^2 <= 1: minimax, relative error of sinh from it below
// 2^-61.7 (double, degree 6) / 2^-31.6 (float, degree 3)
MBE_FN mbe_real mbe_math_sinh_h(mbe_real z) {
#if MBE_REAL_BITS == 64
  mbe_real p = MBE_R(7.77660508472329e-13);
  p = mbe_fma(p, z, MBE_R(1.6056659081268456e-10));
  p = mbe_fma(p, z, MBE_R(2.505213099921979e-08));
  p = mbe_fma(p, z, MBE_R(2.7557319106755715e-06));
  p = mbe_fma(p, z, MBE_R(0.0001984126984159341));
  p = mbe_fma(p, z, MBE_R(0.008333333333332912));
  return mbe_fma(p, z, MBE_R(0.16666666666666669));
#else
  mbe_real p = MBE_R(2.78221319e-06);
  p = mbe_fma(p, z, MBE_R(0.000198428956));
  p = mbe_fma(p, z, MBE_R(0.00833331048));
  return mbe_fma(p, z, MBE_R(0.166666672));
#endif
}

// T(z) = (tanh x - x) / x^3, z = x^2 <= 0.55^2: minimax, relative error of tanh from it below
// 2^-58.5 (double, degree 10) / 2^-29.7 (float, degree 4)
MBE_FN mbe_real mbe_math_tanh_t(mbe_real z) {
#if MBE_REAL_BITS == 64
  mbe_real p = MBE_R(-1.949468690305086e-05);
  p = mbe_fma(p, z, MBE_R(8.331644587517813e-05));
  p = mbe_fma(p, z, MBE_R(-0.00023338156376370193));
  p = mbe_fma(p, z, MBE_R(0.0005884444854092749));
  p = mbe_fma(p, z, MBE_R(-0.0014555428455018998));
  p = mbe_fma(p, z, MBE_R(0.003592092030386797));
  p = mbe_fma(p, z, MBE_R(-0.008863232601435041));
  p = mbe_fma(p, z, MBE_R(0.021869488385855326));
  p = mbe_fma(p, z, MBE_R(-0.053968253963760586));
  p = mbe_fma(p, z, MBE_R(0.13333333333326622));
  return mbe_fma(p, z, MBE_R(-0.333333333333333));
#else
  mbe_real p = MBE_R(-0.0062428494);
  p = mbe_fma(p, z, MBE_R(0.021050714));
  p = mbe_fma(p, z, MBE_R(-0.0538475476));
  p = mbe_fma(p, z, MBE_R(0.133325443));
  return mbe_fma(p, z, MBE_R(-0.333333164));
#endif
}

// 1/(hi + lo) in two words: one division and the residual of its quotient
MBE_FN MbeMathDD mbe_math_recip(MbeMathDD d) {
  MbeMathDD q;
  q.hi = MBE_R(1.0) / d.hi;
  q.lo = (mbe_fma(-q.hi, d.hi, MBE_R(1.0)) - q.hi * d.lo) * q.hi;
  return q;
}

// e^|x| / 2 for |x| >= HYP_BIG, where e^-|x| no longer matters; overflows past HYP_OVF
MBE_FN mbe_real mbe_math_exp_half(mbe_real a) {
  MbeMathExpRed e = mbe_math_exp_reduce(a, MBE_R(0.0));
  MbeMathDD p = mbe_math_exp_mant(e);
  mbe_real y = mbe_math_scale2(p.hi + p.lo, e.k - 1);
  return a > MBE_MATH_HYP_OVF ? mbe_math_inf() : y;
}

// cosh x. Method: E = e^|x| in two words, cosh = (E + 1/E)/2 with 1/E from one division and
// its residual; e^|x|/2 alone (scaled by 2^(k-1), so no early overflow) for |x| >= HYP_BIG.
// Error: below 1 ulp (measured 0.59 double and float).
MBE_FN mbe_real mbe_cosh(mbe_real x) {
  mbe_real a = mbe_fabs(x);
  if (a >= MBE_MATH_HYP_BIG) {
    return mbe_math_exp_half(a);
  }
  MbeMathDD e = mbe_math_exp_split(a);
  MbeMathDD q = mbe_math_recip(e);
  MbeMathDD h = mbe_math_fast_two_sum(e.hi, q.hi);
  return MBE_R(0.5) * (h.hi + (h.lo + (e.lo + q.lo)));
}

// sinh x. Method: |x| < 1: x + x^3 H(x^2) (degree-6 minimax); then (E - 1/E)/2 as in mbe_cosh,
// e^|x|/2 for |x| >= HYP_BIG; sign restored. Error: below 1 ulp (measured 0.72 double, 0.71
// float).
MBE_FN mbe_real mbe_sinh(mbe_real x) {
  mbe_real a = mbe_fabs(x);
  mbe_real y;
  if (a < MBE_R(1.0)) {
    mbe_real z = a * a;
    y = mbe_fma(a * z, mbe_math_sinh_h(z), a);
  } else if (a >= MBE_MATH_HYP_BIG) {
    y = mbe_math_exp_half(a);
  } else {
    MbeMathDD e = mbe_math_exp_split(a);
    MbeMathDD q = mbe_math_recip(e);
    MbeMathDD h = mbe_math_fast_two_sum(e.hi, -q.hi);
    y = MBE_R(0.5) * (h.hi + (h.lo + (e.lo - q.lo)));
  }
  return mbe_copysign(y, x);
}

// tanh x. Method: |x| < 0.55: x + x^3 T(x^2) (degree-10 minimax); then 1 - 2/(e^2|x| + 1) with
// the exponential, the denominator and the quotient in two words; 1 for |x| >= HYP_BIG; sign
// restored. Error: below 1 ulp (measured 0.71 double, 0.70 float). tanh(+-inf) = +-1.
MBE_FN mbe_real mbe_tanh(mbe_real x) {
  mbe_real a = mbe_fabs(x);
  mbe_real y;
  if (a < MBE_R(0.55)) {
    mbe_real z = a * a;
    y = mbe_fma(a * z, mbe_math_tanh_t(z), a);
  } else if (a >= MBE_MATH_HYP_BIG) {
    y = MBE_R(1.0);
  } else {
    MbeMathDD e = mbe_math_exp_split(a + a);
    MbeMathDD d = mbe_math_fast_two_sum(e.hi, MBE_R(1.0));
    d.lo += e.lo;
    MbeMathDD q = mbe_math_recip(d);
    MbeMathDD h = mbe_math_fast_two_sum(MBE_R(1.0), MBE_R(-2.0) * q.hi);
    y = h.hi + (h.lo - MBE_R(2.0) * q.lo);
  }
  return mbe_copysign(y, x);
}

#endif
