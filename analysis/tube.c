// SPDX-License-Identifier: Apache-2.0
// The csv-compare tube in its closed form: upper(t) = max{yr(s) : |s - t| <= dt} + dy and
// lower(t) = min{yr(s) : |s - t| <= dt} - dy with yr linear between reference points, the window
// clipped to the reference's time span; a result point fails outside [lower, upper].
#include "mbe_tube.h"

#include <math.h>

MbeTubeDef mbe_tube_def_default(void) {
  return (MbeTubeDef){2e-3, 1e-3};
}

static bool is_sorted(const double* t, size_t n) {
  for (size_t i = 0; i < n; i++) {
    if (isnan(t[i]) || (i > 0 && t[i] < t[i - 1])) {
      return false;
    }
  }
  return true;
}

// first index with tr[i] >= x (nr if none)
static size_t lower_bound(const double* tr, size_t nr, double x) {
  size_t lo = 0, hi = nr;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (tr[mid] < x) {
      lo = mid + 1;
    } else {
      hi = mid;
    }
  }
  return lo;
}

// yr linearly interpolated at x, for tr[0] <= x <= tr[nr-1]; at a duplicated time stamp the
// value of the later point
static double interp(const double* tr, const double* yr, size_t nr, double x) {
  size_t i = lower_bound(tr, nr, x);
  if (i >= nr) {
    return yr[nr - 1];
  }
  if (tr[i] == x || i == 0) {
    // the last of equal time stamps
    while (i + 1 < nr && tr[i + 1] == x) {
      i++;
    }
    return yr[i];
  }
  double w = (x - tr[i - 1]) / (tr[i] - tr[i - 1]);
  return yr[i - 1] + w * (yr[i] - yr[i - 1]);
}

// min and max of the piecewise-linear reference over [lo, hi] (inside its span)
static void window(const double* tr, const double* yr, size_t nr, double lo, double hi,
                   double* ymin, double* ymax) {
  double a = interp(tr, yr, nr, lo), b = interp(tr, yr, nr, hi);
  *ymin = fmin(a, b);
  *ymax = fmax(a, b);
  for (size_t i = lower_bound(tr, nr, lo); i < nr && tr[i] <= hi; i++) {
    *ymin = fmin(*ymin, yr[i]);
    *ymax = fmax(*ymax, yr[i]);
  }
}

bool mbe_tube_check(const double* tr, const double* yr, size_t nr, const double* t, const double* y,
                    size_t n, const MbeTubeDef* def, MbeTubeResult* out) {
  if (nr == 0 || !is_sorted(tr, nr) || !is_sorted(t, n)) {
    return false;
  }

  // the tube's scales (TubeSize.SetFormerBaseAndRatio): note |y_min|, not max|y|
  double t0 = tr[0], t1 = tr[nr - 1];
  double ymin = yr[0], ymax = yr[0];
  for (size_t i = 1; i < nr; i++) {
    ymin = fmin(ymin, yr[i]);
    ymax = fmax(ymax, yr[i]);
  }
  double base_x = fmax(fmax(t1 - t0, fabs(t0)), 1e-12);
  double base_y = fmax(fmax(ymax - ymin, fabs(ymin)), def->base_floor);
  double dt = def->tol * base_x, dy = def->tol * base_y;

  // the normalisation of the reported error uses the result's largest magnitude
  double ymag = 0;
  for (size_t k = 0; k < n; k++) {
    ymag = fmax(ymag, fabs(y[k]));
  }

  MbeTubeResult r = {true, 0, 0, NAN, 0, 0, base_x, base_y};
  for (size_t k = 0; k < n; k++) {
    if (t[k] < t0 || t[k] > t1) {
      continue;
    }
    r.ncompared++;
    double lo, hi;
    window(tr, yr, nr, fmax(t[k] - dt, t0), fmin(t[k] + dt, t1), &lo, &hi);
    lo -= dy;
    hi += dy;
    double excess = y[k] > hi ? y[k] - hi : y[k] < lo ? lo - y[k] : isnan(y[k]) ? INFINITY : 0;
    if (excess > 0) {
      if (r.nfailed == 0) {
        r.first_fail_t = t[k];
      }
      r.nfailed++;
      r.is_pass = false;
      r.max_excess = fmax(r.max_excess, excess);
      double left = k > 0 ? t[k] - t[k - 1] : 0, right = k + 1 < n ? t[k + 1] - t[k] : 0;
      r.error += excess * (left + right) / 2;
    }
  }
  r.error /= 1e-3 + ymag;
  *out = r;
  return true;
}

double mbe_tube_margin(const double* tr, const double* yr, size_t nr, const double* t,
                       const double* y, size_t n, double base_floor) {
  MbeTubeResult r;
  MbeTubeDef def = {0, base_floor};
  if (!mbe_tube_check(tr, yr, nr, t, y, n, &def, &r)) {
    return NAN;
  }
  if (r.is_pass) {
    return 0;
  }
  def.tol = 1;
  mbe_tube_check(tr, yr, nr, t, y, n, &def, &r);
  if (!r.is_pass) {
    return INFINITY;
  }

  // halve until it fails, then bisect between the failing and the passing tol
  double hi = 1, lo = 0.5;
  for (;;) {
    def.tol = lo;
    mbe_tube_check(tr, yr, nr, t, y, n, &def, &r);
    if (!r.is_pass || lo < 1e-300) {
      break;
    }
    hi = lo;
    lo /= 2;
  }
  while (hi - lo > 1e-3 * hi) {
    double mid = lo + (hi - lo) / 2;
    def.tol = mid;
    mbe_tube_check(tr, yr, nr, t, y, n, &def, &r);
    if (r.is_pass) {
      hi = mid;
    } else {
      lo = mid;
    }
  }
  return hi;
}
