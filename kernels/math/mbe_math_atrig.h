// SPDX-License-Identifier: Apache-2.0
// Inverse circular functions: mbe_atan, mbe_atan2, mbe_asin, mbe_acos. No tables, no loops;
// every reduction keeps its rounding error in a second word.
#ifndef MBE_MATH_ATRIG_H
#define MBE_MATH_ATRIG_H

#include "math/mbe_math_base.h"

// breakpoint angles in two words: atan(1/2), pi/4, atan(3/2), pi/2, and pi minus each of them
#if MBE_REAL_BITS == 64
#define MBE_MATH_ATAN_HALF_HI MBE_R(0.4636476090008061)
#define MBE_MATH_ATAN_HALF_LO MBE_R(2.2698777452961687e-17)
#define MBE_MATH_PIO4_HI MBE_R(0.7853981633974483)
#define MBE_MATH_PIO4_LO MBE_R(3.061616997868383e-17)
#define MBE_MATH_ATAN_3HALF_HI MBE_R(0.982793723247329)
#define MBE_MATH_ATAN_3HALF_LO MBE_R(1.3903311031230998e-17)
#define MBE_MATH_PIO2_HI MBE_R(1.5707963267948966)
#define MBE_MATH_PIO2_LO MBE_R(6.123233995736766e-17)
#define MBE_MATH_PI_M_ATAN_3HALF_HI MBE_R(2.158798930342464)
#define MBE_MATH_PI_M_ATAN_3HALF_LO MBE_R(2.1958367134601997e-16)
#define MBE_MATH_3PIO4_HI MBE_R(2.356194490192345)
#define MBE_MATH_3PIO4_LO MBE_R(9.184850993605148e-17)
#define MBE_MATH_PI_M_ATAN_HALF_HI MBE_R(2.677945044588987)
#define MBE_MATH_PI_M_ATAN_HALF_LO MBE_R(1.5527705369303147e-16)
#define MBE_MATH_PI_HI MBE_R(3.141592653589793)
#define MBE_MATH_PI_LO MBE_R(1.2246467991473532e-16)
#define MBE_MATH_ATAN_BIG MBE_R(7.378697629483821e+19)    // 2^66: atan rounds to pi/2 above
#define MBE_MATH_ATAN2_HUGE MBE_R(5.617791046444737e+306) // 2^1019
#define MBE_MATH_ATAN2_TINY MBE_R(7.220777503459318e-276) // 2^-914
#else
#define MBE_MATH_ATAN_HALF_HI MBE_R(0.463647604)
#define MBE_MATH_ATAN_HALF_LO MBE_R(5.01215869e-09)
#define MBE_MATH_PIO4_HI MBE_R(0.785398185)
#define MBE_MATH_PIO4_LO MBE_R(-2.18556941e-08)
#define MBE_MATH_ATAN_3HALF_HI MBE_R(0.982793748)
#define MBE_MATH_ATAN_3HALF_LO MBE_R(-2.51314241e-08)
#define MBE_MATH_PIO2_HI MBE_R(1.57079637)
#define MBE_MATH_PIO2_LO MBE_R(-4.37113883e-08)
#define MBE_MATH_PI_M_ATAN_3HALF_HI MBE_R(2.15879893)
#define MBE_MATH_PI_M_ATAN_3HALF_LO MBE_R(-2.68671063e-09)
#define MBE_MATH_3PIO4_HI MBE_R(2.3561945)
#define MBE_MATH_3PIO4_LO MBE_R(-5.96244032e-09)
#define MBE_MATH_PI_M_ATAN_HALF_HI MBE_R(2.67794514)
#define MBE_MATH_PI_M_ATAN_HALF_LO MBE_R(-9.24349379e-08)
#define MBE_MATH_PI_HI MBE_R(3.14159274)
#define MBE_MATH_PI_LO MBE_R(-8.74227766e-08)
#define MBE_MATH_ATAN_BIG MBE_R(67108864.0)       // 2^26
#define MBE_MATH_ATAN2_HUGE MBE_R(1.0633824e+37)  // 2^123
#define MBE_MATH_ATAN2_TINY MBE_R(1.32348898e-23) // 2^-76
#endif

// A(z) = (atan t - t) / t^3, z = t^2 <= (7/16)^2: minimax, relative error of atan from it below
// 2^-57.7 (double, degree 10) / 2^-33.9 (float, degree 5)
MBE_FN mbe_real mbe_math_atan_a(mbe_real z) {
#if MBE_REAL_BITS == 64
  mbe_real p = MBE_R(-0.016265828604008246);
  p = mbe_fma(p, z, MBE_R(0.03651060657197153));
  p = mbe_fma(p, z, MBE_R(-0.049759292431210154));
  p = mbe_fma(p, z, MBE_R(0.05833327782916245));
  p = mbe_fma(p, z, MBE_R(-0.06661034756659638));
  p = mbe_fma(p, z, MBE_R(0.07691872309357493));
  p = mbe_fma(p, z, MBE_R(-0.0909088688040626));
  p = mbe_fma(p, z, MBE_R(0.1111111039527941));
  p = mbe_fma(p, z, MBE_R(-0.1428571427226724));
  p = mbe_fma(p, z, MBE_R(0.19999999999873752));
  return mbe_fma(p, z, MBE_R(-0.3333333333333292));
#else
  mbe_real p = MBE_R(0.0438657999);
  p = mbe_fma(p, z, MBE_R(-0.0829665661));
  p = mbe_fma(p, z, MBE_R(0.110113457));
  p = mbe_fma(p, z, MBE_R(-0.142792225));
  p = mbe_fma(p, z, MBE_R(0.199998036));
  return mbe_fma(p, z, MBE_R(-0.333333313));
#endif
}

// B(z) = (asin x - x) / x^3, z = x^2 <= 1/4: minimax, relative error of asin from it below
// 2^-59.8 (double, degree 12) / 2^-31.7 (float, degree 5)
MBE_FN mbe_real mbe_math_asin_b(mbe_real z) {
#if MBE_REAL_BITS == 64
  mbe_real p = MBE_R(0.03262651857819679);
  p = mbe_fma(p, z, MBE_R(-0.02099552014634402));
  p = mbe_fma(p, z, MBE_R(0.021704800613387226));
  p = mbe_fma(p, z, MBE_R(0.0037075650256394115));
  p = mbe_fma(p, z, MBE_R(0.010779925266946589));
  p = mbe_fma(p, z, MBE_R(0.011398975225114552));
  p = mbe_fma(p, z, MBE_R(0.013980812166095086));
  p = mbe_fma(p, z, MBE_R(0.017351612784449084));
  p = mbe_fma(p, z, MBE_R(0.022372214939495864));
  p = mbe_fma(p, z, MBE_R(0.030381942709749803));
  p = mbe_fma(p, z, MBE_R(0.044642857174562955));
  p = mbe_fma(p, z, MBE_R(0.07499999999970865));
  return mbe_fma(p, z, MBE_R(0.1666666666666676));
#else
  mbe_real p = MBE_R(0.0376919135);
  p = mbe_fma(p, z, MBE_R(0.0143168997));
  p = mbe_fma(p, z, MBE_R(0.0318388455));
  p = mbe_fma(p, z, MBE_R(0.044513382));
  p = mbe_fma(p, z, MBE_R(0.0750052184));
  return mbe_fma(p, z, MBE_R(0.166666597));
#endif
}

// atan(y/x) for finite y >= 0, x > 0 (both scaled so that 5 max(x, y) cannot overflow), or
// pi - atan(y/x) when flip. Method (fdlibm's breakpoints 7/16, 11/16, 19/16, 39/16): the ratio
// is moved next to 0, 1/2, 1, 3/2 or infinity by t = (y - c x)/(x + c y) with exact numerators
// and two-word denominators, t + tl from one division and its residual, a degree-10 minimax
// polynomial for atan t, and the breakpoint angle added in two words.
MBE_FN mbe_real mbe_math_atan_ratio(mbe_real y, mbe_real x, int flip) {
  mbe_real num;
  mbe_real numl = MBE_R(0.0);
  mbe_real den;
  mbe_real denl = MBE_R(0.0);
  mbe_real bh;
  mbe_real bl;

  // reduction by region of y/x: t = (num + numl) / (den + denl), angle bh + bl
  if (y < MBE_R(0.4375) * x) {
    num = y;
    den = x;
    bh = flip ? MBE_MATH_PI_HI : MBE_R(0.0);
    bl = flip ? MBE_MATH_PI_LO : MBE_R(0.0);
  } else if (y < MBE_R(0.6875) * x) {
    MbeMathDD d = mbe_math_two_sum(x + x, y);
    num = (y + y) - x;
    den = d.hi;
    denl = d.lo;
    bh = flip ? MBE_MATH_PI_M_ATAN_HALF_HI : MBE_MATH_ATAN_HALF_HI;
    bl = flip ? MBE_MATH_PI_M_ATAN_HALF_LO : MBE_MATH_ATAN_HALF_LO;
  } else if (y < MBE_R(1.1875) * x) {
    MbeMathDD d = mbe_math_two_sum(x, y);
    num = y - x;
    den = d.hi;
    denl = d.lo;
    bh = flip ? MBE_MATH_3PIO4_HI : MBE_MATH_PIO4_HI;
    bl = flip ? MBE_MATH_3PIO4_LO : MBE_MATH_PIO4_LO;
  } else if (y < MBE_R(2.4375) * x) {
    MbeMathDD p = mbe_math_two_prod(MBE_R(3.0), x);
    MbeMathDD p3 = mbe_math_two_prod(MBE_R(3.0), y);
    MbeMathDD d = mbe_math_two_sum(p3.hi, x + x);
    num = (y + y) - p.hi;
    numl = -p.lo;
    den = d.hi;
    denl = d.lo + p3.lo;
    bh = flip ? MBE_MATH_PI_M_ATAN_3HALF_HI : MBE_MATH_ATAN_3HALF_HI;
    bl = flip ? MBE_MATH_PI_M_ATAN_3HALF_LO : MBE_MATH_ATAN_3HALF_LO;
  } else {
    num = -x;
    den = y;
    bh = MBE_MATH_PIO2_HI;
    bl = MBE_MATH_PIO2_LO;
  }

  // t + tl from one division and the residual of the two-word quotient
  mbe_real inv = MBE_R(1.0) / den;
  mbe_real t = num * inv;
  mbe_real tl = (mbe_fma(-t, den, num) + mbe_fma(-t, denl, numl)) * inv;

  // atan(t + tl) = t + t^3 A(t^2) + tl / (1 + t^2), negated for pi - angle
  mbe_real z = t * t;
  mbe_real s = mbe_fma(t * z, mbe_math_atan_a(z), mbe_fma(-tl, z, tl));
  t = flip ? -t : t;
  s = flip ? -s : s;

  // angle + t exactly, then the small words
  MbeMathDD u = mbe_math_fast_two_sum(bh, t);
  return u.hi + (u.lo + (bl + s));
}

// atan x. Method: mbe_math_atan_ratio(|x|, 1), sign restored. Error: below 1 ulp (measured
// 0.63 double, 0.61 float).
// atan(+-0) = +-0, atan(+-inf) = +-pi/2.
MBE_FN mbe_real mbe_atan(mbe_real x) {
  mbe_real a = mbe_fabs(x);
  if (a > MBE_MATH_ATAN_BIG) {
    return mbe_copysign(MBE_MATH_PIO2_HI, x);
  }
  return mbe_copysign(mbe_math_atan_ratio(a, MBE_R(1.0), 0), x);
}

// atan(y/x) in the quadrant of (x, y), in [-pi, pi] (C99 atan2 with every Annex F case of signed
// zeros and infinities). Method: mbe_math_atan_ratio(|y|, |x|, x < 0) after exact scaling of
// extreme operands, sign of y. Error: below 1 ulp (measured 0.75 double and float).
MBE_FN mbe_real mbe_atan2(mbe_real y, mbe_real x) {
  if (mbe_isnan(x) || mbe_isnan(y)) {
    return x + y;
  }
  mbe_real ax = mbe_fabs(x);
  mbe_real ay = mbe_fabs(y);
  mbe_real inf = mbe_math_inf();
  int flip = mbe_copysign(MBE_R(1.0), x) < MBE_R(0.0);

  // zeros and infinities: 0 or pi on the x axis, pi/2 on the y axis, odd multiples of pi/4
  mbe_real th;
  if (ay == MBE_R(0.0) || (ax == inf && ay != inf)) {
    th = flip ? MBE_MATH_PI_HI : MBE_R(0.0);
  } else if (ay == inf) {
    th = ax == inf ? (flip ? MBE_MATH_3PIO4_HI : MBE_MATH_PIO4_HI) : MBE_MATH_PIO2_HI;
  } else if (ax == MBE_R(0.0)) {
    th = MBE_MATH_PIO2_HI;
  } else {
    // exact scaling keeps 2x + 3y finite and, when an operand is tiny, lifts the larger one to
    // [2^(bias-5), 2^(bias-4)) so that the residuals of the reduction stay normal
    mbe_real m = ax > ay ? ax : ay;
    mbe_real mn = ax > ay ? ay : ax;
    if (m > MBE_MATH_ATAN2_HUGE) {
      ax *= MBE_R(0.00390625);
      ay *= MBE_R(0.00390625);
    } else if (mn < MBE_MATH_ATAN2_TINY) {
      mbe_int k = MBE_MATH_BIAS - 4 - mbe_frexp(m).e;
      ax = mbe_ldexp(ax, k);
      ay = mbe_ldexp(ay, k);
    }
    th = mbe_math_atan_ratio(ay, ax, flip);
  }
  return mbe_copysign(th, y);
}

// asin x. Method: |x| <= 1/2: x + x^3 B(x^2) (degree-12 minimax); beyond: with z = (1 - |x|)/2
// and s = sqrt(z) in two words (residual through fma), asin|x| = pi/2 - 2 asin(s), the
// subtraction from pi/2 exact in two words. Error: below 1 ulp (measured 0.63 double and float).
// |x| > 1 gives NaN.
MBE_FN mbe_real mbe_asin(mbe_real x) {
  mbe_real a = mbe_fabs(x);
  if (a <= MBE_R(0.5)) {
    mbe_real z = x * x;
    return mbe_fma(x * z, mbe_math_asin_b(z), x);
  }

  // asin(s + sl) = s + sl (1 + z/2) + s z B(z) for s + sl = sqrt(z)
  mbe_real z = (MBE_R(1.0) - a) * MBE_R(0.5);
  mbe_real s = mbe_sqrt(z);
  mbe_real sl = z > MBE_R(0.0) ? mbe_fma(-s, s, z) / (s + s) : MBE_R(0.0);
  mbe_real u = mbe_fma(s * z, mbe_math_asin_b(z), mbe_fma(MBE_R(0.5) * z, sl, sl));

  // pi/2 - 2 (s + u), the leading difference exact in two words
  MbeMathDD d = mbe_math_fast_two_sum(MBE_MATH_PIO2_HI, -(s + s));
  return mbe_copysign(d.hi + (d.lo + (MBE_MATH_PIO2_LO - (u + u))), x);
}

// acos x. Method: as mbe_asin: pi/2 - asin x for |x| <= 1/2, 2 asin(s) for x > 1/2 and
// pi - 2 asin(s) for x < -1/2. Error: below 1 ulp (measured 0.76 double and float). acos(1) = +0;
// |x| > 1 gives NaN.
MBE_FN mbe_real mbe_acos(mbe_real x) {
  mbe_real a = mbe_fabs(x);
  if (a <= MBE_R(0.5)) {
    mbe_real z = x * x;
    mbe_real u = x * z * mbe_math_asin_b(z);
    return MBE_MATH_PIO2_HI - (x - (MBE_MATH_PIO2_LO - u));
  }
  mbe_real z = (MBE_R(1.0) - a) * MBE_R(0.5);
  mbe_real s = mbe_sqrt(z);
  mbe_real sl = z > MBE_R(0.0) ? mbe_fma(-s, s, z) / (s + s) : MBE_R(0.0);
  mbe_real u = mbe_fma(s * z, mbe_math_asin_b(z), mbe_fma(MBE_R(0.5) * z, sl, sl));
  if (x > MBE_R(0.0)) {
    return MBE_R(2.0) * (s + u);
  }
  MbeMathDD d = mbe_math_fast_two_sum(MBE_MATH_PI_HI, -(s + s));
  return d.hi + (d.lo + (MBE_MATH_PI_LO - (u + u)));
}

#endif
