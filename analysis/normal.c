// SPDX-License-Identifier: Apache-2.0
// The standard normal quantile (mbe_normal.h): AS 241 with the kernels' math, never the host
// libm, so that the samplers' values are the same bits on every host.
#include "mbe_normal.h"

#include "mbe_dialect.h"
#include "mbe_real.h"
#include "math/mbe_math.h"

#if MBE_REAL_BITS != 64
#error "the normal quantile computes in double: build with MBE_REAL_BITS=64"
#endif

// c[0] + c[1] x + ... + c[7] x^7 by Horner's rule (AS 241's nesting, so the same bits)
static double poly8(const double c[8], double x) {
  double r = c[7];
  for (int i = 6; i >= 0; i--) {
    r = r * x + c[i];
  }
  return r;
}

// AS 241 (PPND16) coefficients, lowest degree first: central region (a/b), tails with
// sqrt(-log r) <= 5 (c/d) and beyond (e/f)
// clang-format off
static const double AS241_A[8] = {
    3.387132872796366608,      133.14166789178437745,
    1971.5909503065514427,     13731.693765509461125,
    45921.953931549871457,     67265.770927008700853,
    33430.575583588128105,     2509.0809287301226727};
static const double AS241_B[8] = {
    1.0,                       42.313330701600911252,
    687.1870074920579083,      5394.1960214247511077,
    21213.794301586595867,     39307.89580009271061,
    28729.085735721942674,     5226.495278852854561};
static const double AS241_C[8] = {
    1.42343711074968357734,    4.6303378461565452959,
    5.7694972214606914055,     3.64784832476320460504,
    1.27045825245236838258,    0.24178072517745061177,
    0.0227238449892691845833,  7.7454501427834140764e-4};
static const double AS241_D[8] = {
    1.0,                       2.05319162663775882187,
    1.6763848301838038494,     0.68976733498510000455,
    0.14810397642748007459,    0.0151986665636164571966,
    5.475938084995344946e-4,   1.05075007164441684324e-9};
static const double AS241_E[8] = {
    6.6579046435011037772,     5.4637849111641143699,
    1.7848265399172913358,     0.29656057182850489123,
    0.026532189526576123093,   0.0012426609473880784386,
    2.71155556874348757815e-5, 2.01033439929228813265e-7};
static const double AS241_F[8] = {
    1.0,                       0.59983220655588793769,
    0.13692988092273580531,    0.0148753612908506148525,
    7.868691311456132591e-4,   1.8463183175100546818e-5,
    1.4215117583164458887e-7,  2.04426310338993978564e-15};
// clang-format on

// AS 241 tails: the quantile of min(p, 1 - p) = r > 0, as a positive number
static double ppnd16_tail(double r) {
  double s = mbe_sqrt(-mbe_log(r));
  if (s <= 5.0) {
    return poly8(AS241_C, s - 1.6) / poly8(AS241_D, s - 1.6);
  }
  return poly8(AS241_E, s - 5.0) / poly8(AS241_F, s - 5.0);
}

double mbe_normal_quantile(double p) {
  // outside (0, 1): the limits, NaN beyond them
  if (!(p > 0.0 && p < 1.0)) {
    if (p == 0.0) {
      return -mbe_math_inf();
    }
    return p == 1.0 ? mbe_math_inf() : mbe_math_nan();
  }

  // central region: q R(0.180625 - q^2)
  double q = p - 0.5;
  if (mbe_fabs(q) <= 0.425) {
    double r = 0.180625 - q * q;
    return q * poly8(AS241_A, r) / poly8(AS241_B, r);
  }

  // tails: from min(p, 1 - p)
  return q < 0.0 ? -ppnd16_tail(p) : ppnd16_tail(1.0 - p);
}
