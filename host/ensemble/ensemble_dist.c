// SPDX-License-Identifier: Apache-2.0
// The numerics of the samplers, compiled with the kernels' own math (never the host libm): the
// normal CDF (Cody), the inverse CDFs (the normal quantile, AS 241, is analysis/normal.c's), and
// the Philox draws. Validation,
// parsing and formatting of distributions are in ensemble_sample.c (this file cannot see base.h,
// whose mbe_log is the logger).
#include "ensemble_sample.h"

#include "mbe_dialect.h"
#include "mbe_real.h"
#include "math/mbe_math.h"
#include "mbe_normal.h"
#include "rng/mbe_philox.h"

#if MBE_REAL_BITS != 64
#error "the samplers compute in double: build with MBE_REAL_BITS=64"
#endif

// the extremes of mbe_rng_u01: quantiles are never asked outside [U01_MIN, U01_MAX]
#define U01_MIN 0x1p-53
#define U01_MAX (1.0 - 0x1p-53)

// above this standardised lower bound the truncated normal is inverted in log space
#define TRUNC_LOG_SPACE 30.0

// 1/sqrt(2 pi) and sqrt(2 pi)
#define INV_SQRT_2PI 0.398942280401432677939946059934
#define SQRT_2PI 2.50662827463100050241576528481

/* ---- the standard normal ------------------------------------------------------------------ */

// exp(-y^2/2) with y^2 split so that the rounding of the square does not reach the result
static double exp_half_square(double y) {
  double ysq = mbe_floor(y * 16.0) / 16.0;
  double del = (y - ysq) * (y + ysq);
  return mbe_exp(-ysq * ysq * 0.5) * mbe_exp(-del * 0.5);
}

// Q(y) exp(y^2/2) for y > 0.67448975 (Cody's rational approximations in y and 1/y^2)
static double normal_tail_scaled(double y) {
  static const double c[9] = {
      0.39894151208813466764, 8.8831497943883759412, 93.506656132177855979,
      597.27027639480026226,  2494.5375852903726711, 6848.1904505362823326,
      11602.651437647350124,  9842.7148383839780218, 1.0765576773720192317e-8};
  static const double d[8] = {22.266688044328115691, 235.38790178262499861, 1519.377599407554805,
                              6485.558298266760755,  18615.571640885098091, 34900.952721145977266,
                              38912.003286093271411, 19685.429676859990727};
  static const double p[6] = {0.21589853405795699,   0.1274011611602473639,
                              0.022235277870649807,  0.001421619193227893466,
                              2.9112874951168792e-5, 0.02307344176494017303};
  static const double q[5] = {1.28426009614491121, 0.468238212480865118, 0.0659881378689285515,
                              0.00378239633202758244, 7.29751555083966205e-5};

  // middle range: a rational function of y
  if (y <= 5.656854249492380195206754896838) {
    double num = c[8] * y, den = y;
    for (int i = 0; i < 7; i++) {
      num = (num + c[i]) * y;
      den = (den + d[i]) * y;
    }
    return (num + c[7]) / (den + d[7]);
  }

  // far range: (1/sqrt(2 pi) - R(1/y^2)) / y
  double z = 1.0 / (y * y);
  double num = p[5] * z, den = z;
  for (int i = 0; i < 4; i++) {
    num = (num + p[i]) * z;
    den = (den + q[i]) * z;
  }
  return (INV_SQRT_2PI - z * (num + p[4]) / (den + q[4])) / y;
}

// Q(y) = 1 - Phi(y) for y >= 0.67448975
static double normal_upper_tail(double y) {
  return y < 38.5 ? exp_half_square(y) * normal_tail_scaled(y) : 0.0;
}

double mbe_normal_cdf(double x) {
  static const double a[5] = {2.2352520354606839287, 161.02823106855587881, 1067.6894854603709582,
                              18154.981253343561249, 0.065682337918207449113};
  static const double b[4] = {47.20258190468824187, 976.09855173777669322, 10260.932208618978205,
                              45507.789335026729956};
  if (mbe_isnan(x)) {
    return x;
  }

  // |x| <= Phi^-1(3/4): 1/2 + x R(x^2)
  double y = mbe_fabs(x);
  if (y <= 0.67448975) {
    double xsq = x * x, num = a[4] * xsq, den = xsq;
    for (int i = 0; i < 3; i++) {
      num = (num + a[i]) * xsq;
      den = (den + b[i]) * xsq;
    }
    return 0.5 + x * (num + a[3]) / (den + b[3]);
  }

  // otherwise from the tail of |x|
  double tail = normal_upper_tail(y);
  return x < 0.0 ? tail : 1.0 - tail;
}

/* ---- truncated normal --------------------------------------------------------------------- */

// x >= alpha > TRUNC_LOG_SPACE with Q(x) = Q(alpha) t, log t = logt <= 0: Newton's method on
// log Q(x) = -x^2/2 + log(Q(x) e^(x^2/2)), which is concave, started right of the root (the
// exponential approximation), so the iterates decrease monotonically onto it
static double trunc_far_tail(double alpha, double logt) {
  double sa = normal_tail_scaled(alpha);
  double x = alpha - logt / alpha;
  for (int it = 0; it < 60; it++) {
    double sx = normal_tail_scaled(x);
    double h = -0.5 * (x - alpha) * (x + alpha) + mbe_log(sx / sa) - logt;
    double step = h * sx * SQRT_2PI;
    double next = x + step;
    if (!(next < x) || next < alpha) {
      break;
    }
    x = next;
  }
  return x;
}

// the standard truncated normal on [alpha, beta], 0 <= alpha < beta, at w with v = 1 - w (both
// given exactly): Q(x) = Q(alpha) - w (Q(alpha) - Q(beta)), the complement kept in the tail
static double trunc_upper(double alpha, double beta, double w, double v) {
  // far tail: in log space, where Q(alpha) may underflow
  if (alpha > TRUNC_LOG_SPACE) {
    double ratio = normal_tail_scaled(beta) / normal_tail_scaled(alpha) *
                   mbe_exp(-0.5 * (beta - alpha) * (beta + alpha));
    double dmass = 1.0 - ratio;
    double logt = w * dmass <= 0.5 ? mbe_log1p(-w * dmass) : mbe_log(ratio + v * dmass);
    return trunc_far_tail(alpha, logt);
  }

  // Q(x) from whichever end is nearer, then x = -Phi^-1(Q(x))
  double qa = mbe_normal_cdf(-alpha), qb = mbe_normal_cdf(-beta);
  double dq = qa - qb;
  double q = w <= 0.5 ? qa - w * dq : qb + v * dq;
  return -mbe_normal_quantile(q);
}

// the standard truncated normal on [alpha, beta] at u
static double trunc_standard(double alpha, double beta, double u) {
  // both bounds in one tail: the upper one directly, the lower one mirrored
  if (alpha >= 0.0) {
    return trunc_upper(alpha, beta, u, 1.0 - u);
  }
  if (beta <= 0.0) {
    return -trunc_upper(-beta, -alpha, 1.0 - u, u);
  }

  // the bounds straddle 0: Phi(x) = Phi(alpha) + u D, from the lower or the upper side
  double pa = mbe_normal_cdf(alpha), qb = mbe_normal_cdf(-beta);
  double dp = (0.5 - pa) + (0.5 - qb);
  double p = pa + u * dp;
  if (p <= 0.5) {
    return mbe_normal_quantile(p);
  }
  return -mbe_normal_quantile(qb + (1.0 - u) * dp);
}

/* ---- inverse CDFs ------------------------------------------------------------------------- */

static double triangular_quantile(const MbeDist* d, double u) {
  double a = d->arg[0], c = d->arg[1], b = d->arg[2];
  double fc = d->aux[0];
  if (u < fc) {
    return a + mbe_sqrt(u * (b - a) * (c - a));
  }
  return b - mbe_sqrt((1.0 - u) * (b - a) * (b - c));
}

static double clamp(double x, double lo, double hi) {
  return x < lo ? lo : (x > hi ? hi : x);
}

double mbe_dist_quantile(const MbeDist* d, double u) {
  // keep u inside the open interval
  if (mbe_isnan(u)) {
    return u;
  }
  u = clamp(u, U01_MIN, U01_MAX);

  switch (d->kind) {
    case MBE_DIST_UNIFORM:
      return clamp(d->arg[0] + u * (d->arg[1] - d->arg[0]), d->arg[0], d->arg[1]);
    case MBE_DIST_NORMAL: return d->arg[0] + d->arg[1] * mbe_normal_quantile(u);
    case MBE_DIST_LOGNORMAL: return mbe_exp(d->arg[0] + d->arg[1] * mbe_normal_quantile(u));
    case MBE_DIST_TRUNCNORMAL: {
      double z = trunc_standard(d->aux[0], d->aux[1], u);
      return clamp(d->arg[0] + d->arg[1] * z, d->arg[2], d->arg[3]);
    }
    case MBE_DIST_TRIANGULAR: return clamp(triangular_quantile(d, u), d->arg[0], d->arg[2]);
    case MBE_DIST_DISCRETE: {
      size_t i = (size_t)(u * (double)d->nvalue);
      return d->value[i < d->nvalue ? i : d->nvalue - 1];
    }
    case MBE_DIST_CONST: return d->arg[0];
    default: return mbe_math_nan();
  }
}

bool mbe_dist_is_continuous(const MbeDist* d) {
  return d->kind != MBE_DIST_DISCRETE && d->kind != MBE_DIST_CONST;
}

/* ---- random numbers ----------------------------------------------------------------------- */

void mbe_sample_philox(uint64_t seed, uint64_t member, uint32_t stream, uint32_t counter,
                       uint32_t out[4]) {
  MbeU32x4 r = mbe_philox(seed, member, stream, counter);
  for (int i = 0; i < 4; i++) {
    out[i] = r.v[i];
  }
}

double mbe_sample_u01(uint64_t seed, uint64_t member, uint32_t stream) {
  MbeU32x4 r = mbe_philox(seed, member, stream, 0);
  return mbe_rng_u01(r.v[0], r.v[1]);
}
