// SPDX-License-Identifier: Apache-2.0
// The modes of the system linearized at the start (eigenvalues of df/dx from central differences
// of the DAG interpreter, LAPACKE_dgeev) and a fixed RK4 step judged against them: stability from
// RK4's amplification factor, accuracy from its error per radian. Nothing here integrates.
#include <math.h>
#include <stdlib.h>

#include "mech.h"

#include <lapacke.h>  // after our headers: its <complex.h> defines I
#undef I

/* ---- the Jacobian and its eigenvalues ------------------------------------------------------- */

// one eigenvalue, for sorting
typedef struct Eig {
  double re, im;
} Eig;

// |lambda| descending, then +im before -im, so a conjugate pair is (+, -) and the order is total
static int eig_cmp(const void* pa, const void* pb) {
  const Eig* a = pa;
  const Eig* b = pb;
  double ma = hypot(a->re, a->im), mb = hypot(b->re, b->im);
  if (ma != mb) {
    return ma > mb ? -1 : 1;
  }
  if (a->im != b->im) {
    return a->im > b->im ? -1 : 1;
  }
  return (a->re < b->re) - (a->re > b->re);
}

// the DAG's values at (t, x, p); false when a derivative is not finite or a junction failed
static bool eval_f(const MbeSystem* sys, double t, const double* x, const double* p, double* val,
                   size_t n, double* f) {
  mbe_sym_eval(&sys->sym, t, x, p, val, n);
  if (sys->fail > 0 && val[sys->fail] > 0) {
    return false;
  }
  for (size_t i = 0; i < sys->nx; i++) {
    f[i] = val[sys->xdot[i]];
    if (!isfinite(f[i])) {
      return false;
    }
  }
  return true;
}

// J (nx x nx, row-major) = df/dx at (t, x) by central differences; x is restored. The increment of
// x_j is cbrt(eps) max(|x_j|, 0.01): cbrt(eps) balances the O(d^2) truncation against the
// O(eps/d) rounding, and the floor (a centimetre, 0.6 degrees, a hundredth of a unit quaternion)
// keeps a state at zero from an increment at the rounding level; a linear f is exact either way.
static bool jacobian(const MbeSystem* sys, double t, double* x, const double* p, double* val,
                     size_t n, double* fp, double* fm, double* J) {
  const size_t nx = sys->nx;
  const double c = cbrt(2.220446049250313e-16);
  for (size_t j = 0; j < nx; j++) {
    const double xj = x[j];
    const double d = c * fmax(fabs(xj), 0.01);

    // f on both sides; the step actually taken is what the rounded states differ by
    x[j] = xj + d;
    const double xp = x[j];
    bool ok = eval_f(sys, t, x, p, val, n, fp);
    x[j] = xj - d;
    const double xm = x[j];
    ok = ok && eval_f(sys, t, x, p, val, n, fm);
    x[j] = xj;
    if (!ok) {
      return false;
    }
    for (size_t i = 0; i < nx; i++) {
      J[i * nx + j] = (fp[i] - fm[i]) / (xp - xm);
    }
  }
  return true;
}

MbeStatus mbe_system_modes(const MbeSystem* sys, double t, const double* p, double* re, double* im,
                           MbeError* err) {
  const size_t nx = sys->nx;
  if (nx == 0) {
    return MBE_OK;
  }

  // the nodes that matter: the start state's, the derivatives', the junctions' failure flag
  size_t n = (size_t)sys->fail + 1;
  for (size_t i = 0; i < nx; i++) {
    n = sys->xdot[i] >= n ? (size_t)sys->xdot[i] + 1 : n;
    n = sys->x0sym[i] >= n ? (size_t)sys->x0sym[i] + 1 : n;
  }
  double* val = mbe_malloc(n * sizeof *val);
  double* w = mbe_malloc((nx * nx + 3 * nx) * sizeof *w);
  Eig* eig = mbe_malloc(nx * sizeof *eig);
  MbeStatus st = MBE_OK;
  if (val == NULL || w == NULL || eig == NULL) {
    st = mbe_error_set(err, MBE_ERR_NOMEM, "out of memory linearizing the model");
    goto done;
  }
  double *J = w, *x = w + nx * nx, *fp = x + nx, *fm = fp + nx;

  // the initial state of these parameters, as the kernel computes it
  mbe_sym_eval(&sys->sym, t, sys->x0, p, val, n);
  for (size_t i = 0; i < nx; i++) {
    x[i] = val[sys->x0sym[i]];
  }

  // df/dx there, and its eigenvalues
  if (!jacobian(sys, t, x, p, val, n, fp, fm, J)) {
    st = mbe_error_set(err, MBE_ERR_MODEL,
                       "the right-hand side is not finite (or a junction does not converge) "
                       "near the initial state: the model cannot be linearized there");
    goto done;
  }
  lapack_int info = LAPACKE_dgeev(LAPACK_ROW_MAJOR, 'N', 'N', (lapack_int)nx, J, (lapack_int)nx, re,
                                  im, NULL, 1, NULL, 1);
  if (info != 0) {
    st = mbe_error_set(err, MBE_ERR_INTERNAL, "the eigenvalue solver failed (dgeev info %d)",
                       (int)info);
    goto done;
  }

  // fastest first
  for (size_t i = 0; i < nx; i++) {
    eig[i] = (Eig){re[i], im[i]};
  }
  qsort(eig, nx, sizeof *eig, eig_cmp);
  for (size_t i = 0; i < nx; i++) {
    re[i] = eig[i].re;
    im[i] = eig[i].im;
  }
done:
  mbe_free(eig);
  mbe_free(w);
  mbe_free(val);
  return st;
}

/* ---- RK4 against the modes ------------------------------------------------------------------ */

// a complex number, for z = h lambda
typedef struct Cx {
  double re, im;
} Cx;

static Cx cx_mul(Cx a, Cx b) {
  return (Cx){a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re};
}

// RK4's amplification factor R(z) = 1 + z + z^2/2 + z^3/6 + z^4/24 (Horner)
static Cx rk4_amp(Cx z) {
  Cx r = {1, 0};
  for (int k = 4; k >= 1; k--) {
    r = cx_mul(r, (Cx){z.re / k, z.im / k});
    r.re += 1;
  }
  return r;
}

// |exp(z) - R(z)|: the error of one step on the mode, per unit of its amplitude at the step's
// start; the series' tail z^5/5! + z^6/6! + ... where |z| < 1, so no cancellation
static double rk4_err(Cx z) {
  if (hypot(z.re, z.im) < 1) {
    Cx term = z;
    for (int k = 2; k <= 5; k++) {
      term = cx_mul(term, (Cx){z.re / k, z.im / k});
    }
    Cx sum = term;
    for (int k = 6; k < 40; k++) {
      term = cx_mul(term, (Cx){z.re / k, z.im / k});
      sum.re += term.re;
      sum.im += term.im;
    }
    return hypot(sum.re, sum.im);
  }
  Cx r = rk4_amp(z);
  double e = exp(z.re);
  return hypot(e * cos(z.im) - r.re, e * sin(z.im) - r.im);
}

// the step's error per radian of the mode's motion, |exp(z) - R(z)| / |z| (|z| = radians a step)
static double rk4_err_per_rad(Cx z) {
  double r = hypot(z.re, z.im);
  return r > 0 ? rk4_err(z) / r : 0;
}

// |R(z)| > 1, with room for rounding where the boundary touches the imaginary axis at z = 0
static bool rk4_grows(Cx z) {
  Cx r = rk4_amp(z);
  return hypot(r.re, r.im) > 1 + 1e-12;
}

// a mode as RK4 must keep it bounded: a growing mode (re > 0) counts as a neutral one, so only
// the growth the method adds is judged, not the physics'
static Cx neutral(double re, double im) {
  return (Cx){fmin(re, 0), im};
}

// the first r > 0 where |R(r u)| > 1 along the unit direction u: scanned by 0.01 (the region is
// within |z| < 3.2, and |R| > 1 everywhere at |z| = 8), then bisected
static double stable_radius(Cx u) {
  double lo = 0, hi = 8;
  for (int k = 1; k <= 800; k++) {
    if (rk4_grows((Cx){0.01 * k * u.re, 0.01 * k * u.im})) {
      hi = 0.01 * k;
      lo = hi - 0.01;
      break;
    }
  }
  for (int it = 0; it < 60; it++) {
    double mid = 0.5 * (lo + hi);
    if (rk4_grows((Cx){mid * u.re, mid * u.im})) {
      hi = mid;
    } else {
      lo = mid;
    }
  }
  return lo;
}

// the r where the error per radian along the unit direction u reaches tol (it grows like
// r^4/120): bracketed from (120 tol)^(1/4) by doubling, then bisected
static double accurate_radius(Cx u, double tol) {
  double lo = 0, hi = pow(120 * tol, 0.25);
  for (int it = 0; it < 60 && rk4_err_per_rad((Cx){hi * u.re, hi * u.im}) <= tol; it++) {
    lo = hi;
    hi *= 2;
  }
  for (int it = 0; it < 60; it++) {
    double mid = 0.5 * (lo + hi);
    if (rk4_err_per_rad((Cx){mid * u.re, mid * u.im}) > tol) {
      hi = mid;
    } else {
      lo = mid;
    }
  }
  return lo;
}

// h rounded down to 1, 2 or 5 times a power of ten
static double round_125(double h) {
  double e = pow(10, floor(log10(h)));
  double m = h / e * (1 + 1e-12);  // 0.01 / 1e-2 may come out just below 1
  if (m >= 10) {
    e *= 10;
    m /= 10;
  }
  return (m >= 5 ? 5 : m >= 2 ? 2 : 1) * e;
}

MbeStepAdvice mbe_rk4_step_advice(const double* re, const double* im, size_t n, double h,
                                  double tol) {
  MbeStepAdvice a = {MBE_STEP_OK, INFINITY, INFINITY, INFINITY, 0, 0};
  const double warn = fmax(tol, MBE_RK4_INACCURATE);
  double worst_h_stable = INFINITY;
  for (size_t k = 0; k < n; k++) {
    const double mag = hypot(re[k], im[k]);
    if (!(mag > 0)) {
      continue;  // a zero mode limits nothing
    }

    // stability: the largest step along this mode's direction, and whether h passes it
    Cx zn = neutral(re[k], im[k]);
    double mn = hypot(zn.re, zn.im);
    if (mn > 0) {
      double hs = stable_radius((Cx){zn.re / mn, zn.im / mn}) / mn;
      a.h_stable = fmin(a.h_stable, hs);
      if (rk4_grows((Cx){h * zn.re, h * zn.im}) && hs < worst_h_stable) {
        worst_h_stable = hs;
        a.verdict = MBE_STEP_UNSTABLE;
        a.mode = k;
      }
    }

    // accuracy: the error per radian at h, and the step that keeps it within tol
    Cx z = {h * re[k], h * im[k]};
    double e = rk4_err_per_rad(z);
    a.h_accurate = fmin(a.h_accurate, accurate_radius((Cx){re[k] / mag, im[k] / mag}, tol) / mag);
    if (a.verdict != MBE_STEP_UNSTABLE && e > warn && e > a.error) {
      a.verdict = MBE_STEP_INACCURATE;
      a.mode = k;
    }
    if (k == a.mode) {
      a.error = e;
    }
  }
  if (isfinite(a.h_accurate) && a.h_accurate > 0) {
    a.suggest = round_125(a.h_accurate);
  }
  return a;
}
