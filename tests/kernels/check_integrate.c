// SPDX-License-Identifier: Apache-2.0
// Tests of kernels/integrate compiled as C (double): measured convergence orders of RK4, DOPRI5,
// its error estimate and dense output; tolerance proportionality; statuses; grid; member isolation.
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "mbe_check.h"
#include "mbe_layout.h"
#include "mbe_real.h"

// ---------------------------------------------------------------------------------------------
// the test system: p[0] selects the problem, p[1] is its parameter; y = (x0, x1, x2, x3, t)

enum {
  PROB_OSC = 0,   // x0'' = -x0 as (x0, x1): x = (cos t, -sin t) from (1, 0)
  PROB_GAUSS,     // x0' = -2 t x0: x0 = exp(-t^2) from 1
  PROB_RICCATI,   // x0' = x0^2: x0 = 1 / (1 - t) from 1, blows up at t = 1
  PROB_KEPLER,    // q'' = -q / |q|^3 as (q1, q2, v1, v2)
  PROB_NAN,       // x0' = -x0, NaN for t >= p[1]
  PROB_FAIL,      // x0' = -x0, mbe_rhs returns -1 for t >= p[1]
  PROB_SOFTFAIL,  // x0' = -x0, mbe_rhs returns +1 for t >= p[1]
  PROB_DOMAIN,    // x0' = -p[1] x0, mbe_rhs returns +1 where x0 < 0 (overshoot)
  PROB_OUTFAIL,   // x0' = -x0, mbe_out returns -1 for t > p[1]
  PROB_OUTNAN,    // x0' = -x0, every output a negative NaN with a payload for t > p[1]
};

#define MBE_RHS_NX 4
#define MBE_RHS_NP 2
#define MBE_RHS_NY 5
#define MBE_RHS_NW 1
#define MBE_RHS_NIW 1

MBE_FN int mbe_rhs(mbe_real t, const mbe_real* x, const mbe_real* p, mbe_real* xdot, mbe_real* w,
                   mbe_int* iw) {
  (void)w;
  (void)iw;
  const mbe_real a = p[1];
  for (int i = 0; i < MBE_RHS_NX; i++) {
    xdot[i] = MBE_R(0.0);
  }
  switch ((int)p[0]) {
    case PROB_OSC:
      xdot[0] = x[1];
      xdot[1] = -x[0];
      break;
    case PROB_GAUSS: xdot[0] = MBE_R(-2.0) * t * x[0]; break;
    case PROB_RICCATI: xdot[0] = x[0] * x[0]; break;
    case PROB_KEPLER: {
      const mbe_real r2 = x[0] * x[0] + x[1] * x[1];
      const mbe_real r3 = r2 * mbe_sqrt(r2);
      xdot[0] = x[2];
      xdot[1] = x[3];
      xdot[2] = -x[0] / r3;
      xdot[3] = -x[1] / r3;
      break;
    }
    case PROB_NAN: xdot[0] = t >= a ? (mbe_real)NAN : -x[0]; break;
    case PROB_FAIL:
      if (t >= a) {
        return -1;
      }
      xdot[0] = -x[0];
      break;
    case PROB_SOFTFAIL:
      if (t >= a) {
        return 1;
      }
      xdot[0] = -x[0];
      break;
    case PROB_DOMAIN:
      if (x[0] < MBE_R(0.0)) {
        return 1;
      }
      xdot[0] = -a * x[0];
      break;
    default: xdot[0] = -x[0]; break;
  }
  return 0;
}

MBE_FN int mbe_out(mbe_real t, const mbe_real* x, const mbe_real* p, mbe_real* y, mbe_real* w,
                   mbe_int* iw) {
  (void)w;
  (void)iw;
  if ((int)p[0] == PROB_OUTFAIL && t > p[1]) {
    return -1;
  }
  for (int i = 0; i < MBE_RHS_NX; i++) {
    y[i] = x[i];
  }
  y[4] = t;
  if ((int)p[0] == PROB_OUTNAN && t > p[1]) {
    for (int i = 0; i < MBE_RHS_NY; i++) {
      y[i] = MBE_BITS_TO_REAL(~(mbe_ureal)0);  // what hardware may make of 0/0 or sqrt(-1)
    }
  }
  return 0;
}

#include "integrate/mbe_integrate.h"

#define KEPLER_E 0.5
#define TWO_PI 6.283185307179586476925

// ---------------------------------------------------------------------------------------------
// exact solutions

// Kepler orbit with eccentricity e, semi-major axis 1, pericentre at t = 0: E - e sin E = t
static void kepler_exact(double t, double* x) {
  const double e = KEPLER_E;
  double ea = t + e * sin(t);
  for (int i = 0; i < 50; i++) {
    ea -= (ea - e * sin(ea) - t) / (1.0 - e * cos(ea));
  }
  const double s = sqrt(1.0 - e * e), d = 1.0 - e * cos(ea);
  x[0] = cos(ea) - e;
  x[1] = s * sin(ea);
  x[2] = -sin(ea) / d;
  x[3] = s * cos(ea) / d;
}

// the exact state of problem prob at t (states without a closed form: zero)
static void exact(int prob, double a, double t, double* x) {
  x[0] = x[1] = x[2] = x[3] = 0.0;
  switch (prob) {
    case PROB_OSC:
      x[0] = cos(t);
      x[1] = -sin(t);
      break;
    case PROB_GAUSS: x[0] = exp(-t * t); break;
    case PROB_RICCATI: x[0] = 1.0 / (1.0 - t); break;
    case PROB_KEPLER: kepler_exact(t, x); break;
    case PROB_DOMAIN: x[0] = exp(-a * t); break;
    default: x[0] = exp(-t); break;
  }
}

static double max_abs_diff(const double* a, const double* b, int n) {
  double m = 0.0;
  for (int i = 0; i < n; i++) {
    m = fmax(m, fabs(a[i] - b[i]));
  }
  return m;
}

// least-squares slope of log(e) against log(h)
static double fit_slope(const double* h, const double* e, int n) {
  double sx = 0, sy = 0, sxx = 0, sxy = 0;
  for (int i = 0; i < n; i++) {
    const double lx = log(h[i]), ly = log(e[i]);
    sx += lx;
    sy += ly;
    sxx += lx * lx;
    sxy += lx * ly;
  }
  return (n * sxy - sx * sy) / (n * sxx - sx * sx);
}

// ---------------------------------------------------------------------------------------------
// launches: configuration, member tables in the program's layout (MBE_AT), results

#define MAXVAR 8
#define MAXOUT 64

typedef struct Launch {
  mbe_real cfg_r[MBE_CFGR_COUNT];
  mbe_int cfg_i[MBE_CFGI_COUNT];
  int nvar;
  mbe_real x0[MAXVAR * MBE_RHS_NX];
  mbe_real p[MAXVAR * MBE_RHS_NP];
  mbe_real y[MAXVAR * MAXOUT * MBE_RHS_NY];
  mbe_int info[MAXVAR * MBE_INFO_COUNT];
} Launch;

// a launch of nvar members with the given method and grid; tolerances 1e-8, H = 0 (estimated)
static void launch_init(Launch* l, int method, double t0, double t1, int nout, int nvar) {
  memset(l, 0, sizeof *l);
  ck_assert_int_le(nout, MAXOUT);
  ck_assert_int_le(nvar, MAXVAR);
  l->cfg_r[MBE_CFGR_T0] = t0;
  l->cfg_r[MBE_CFGR_T1] = t1;
  l->cfg_r[MBE_CFGR_H] = 0.0;
  l->cfg_r[MBE_CFGR_HMIN] = 0.0;
  l->cfg_r[MBE_CFGR_HMAX] = 0.0;
  l->cfg_r[MBE_CFGR_RTOL] = 1e-8;
  l->cfg_r[MBE_CFGR_ATOL] = 1e-8;
  l->cfg_i[MBE_CFGI_METHOD] = method;
  l->cfg_i[MBE_CFGI_NOUT] = nout;
  l->cfg_i[MBE_CFGI_MAX_STEPS] = 1000000;
  l->nvar = nvar;
}

// member v solves problem prob with parameter a from its exact state at t0 (or x0 when given)
static void launch_member(Launch* l, int v, int prob, double a, const double* x0) {
  double xe[4];
  exact(prob, a, l->cfg_r[MBE_CFGR_T0], xe);
  for (int i = 0; i < MBE_RHS_NX; i++) {
    l->x0[MBE_AT(i, v, MBE_RHS_NX, l->nvar)] = x0 ? x0[i] : xe[i];
  }
  l->p[MBE_AT(0, v, MBE_RHS_NP, l->nvar)] = prob;
  l->p[MBE_AT(1, v, MBE_RHS_NP, l->nvar)] = a;
}

// runs every member, after filling y and info with a sentinel that no path writes
static void launch_run(Launch* l) {
  const int n = l->nvar * l->cfg_i[MBE_CFGI_NOUT] * MBE_RHS_NY;
  for (int i = 0; i < n; i++) {
    l->y[i] = -12345.678;
  }
  for (int i = 0; i < l->nvar * MBE_INFO_COUNT; i++) {
    l->info[i] = -777;
  }
  for (int v = 0; v < l->nvar; v++) {
    mbe_integrate_variant(v, l->nvar, l->cfg_r, l->cfg_i, l->x0, 1, l->p, l->y, l->info);
  }
  for (int i = 0; i < n; i++) {
    ck_assert_msg(l->y[i] != -12345.678, "output slot %d never written", i);
  }
  for (int i = 0; i < l->nvar * MBE_INFO_COUNT; i++) {
    ck_assert_msg(l->info[i] != -777, "info slot %d never written", i);
  }
}

static mbe_real out_at(const Launch* l, int v, int k, int j) {
  return l->y[MBE_AT(k * MBE_RHS_NY + j, v, l->cfg_i[MBE_CFGI_NOUT] * MBE_RHS_NY, l->nvar)];
}

static mbe_int info_at(const Launch* l, int v, int m) {
  return l->info[MBE_AT(m, v, MBE_INFO_COUNT, l->nvar)];
}

static uint64_t bits(double x) {
  uint64_t u;
  memcpy(&u, &x, sizeof u);
  return u;
}

// the grid time k as the contract defines it, computed here independently
static double grid_time(double t0, double t1, int nout, int k) {
  return k == nout - 1 ? t1 : t0 + k * ((t1 - t0) / (nout - 1));
}

static Launch g_l;  // the launch of most tests: large, kept off the stack

// outputs of member v at grid point k: all NaN with the quiet-NaN bits, or all finite
static int out_is_nan(const Launch* l, int v, int k) {
  int nan_count = 0;
  for (int j = 0; j < MBE_RHS_NY; j++) {
    const double y = out_at(l, v, k, j);
    if (isnan(y)) {
      ck_assert_msg(bits(y) == UINT64_C(0x7ff8000000000000), "NaN with bits %016llx",
                    (unsigned long long)bits(y));
      nan_count++;
    }
  }
  ck_assert_msg(nan_count == 0 || nan_count == MBE_RHS_NY, "grid point %d partly NaN", k);
  return nan_count == MBE_RHS_NY;
}

// max error of member v over the grid points written with finite values, against the exact state
static double grid_error(const Launch* l, int v, int prob, double a, int* nwritten) {
  const double t0 = l->cfg_r[MBE_CFGR_T0], t1 = l->cfg_r[MBE_CFGR_T1];
  const int nout = l->cfg_i[MBE_CFGI_NOUT];
  double emax = 0.0;
  *nwritten = 0;
  for (int k = 0; k < nout; k++) {
    if (out_is_nan(l, v, k)) {
      continue;
    }
    const double tk = grid_time(t0, t1, nout, k);
    ck_assert(bits(out_at(l, v, k, 4)) == bits(tk));
    double xe[4], xg[4];
    exact(prob, a, tk, xe);
    for (int i = 0; i < 4; i++) {
      xg[i] = out_at(l, v, k, i);
    }
    emax = fmax(emax, max_abs_diff(xg, xe, 4));
    *nwritten += 1;
  }
  return emax;
}

// ---------------------------------------------------------------------------------------------
// step control

START_TEST(test_root5) {
  // against libm over the clamp range and the whole normal range
  // (long double reference: pow(x, 0.2) itself is off by |ln x| 1e-17 since 0.2 != 1/5)
  double worst = 0.0;
  for (double x = 1e-300; x < 1e300; x *= 7.3) {
    worst = fmax(worst, fabs(mbe_step_root5(x) / (double)powl(x, 1.0L / 5) - 1.0));
  }
  worst = fmax(worst, fabs(mbe_step_root5(MBE_REAL_MIN) / (double)powl(MBE_REAL_MIN, 0.2L) - 1.0));
  worst = fmax(worst, fabs(mbe_step_root5(MBE_REAL_MAX) / (double)powl(MBE_REAL_MAX, 0.2L) - 1.0));
  ck_assert(mbe_step_root5(1.0) == 1.0);
  ck_assert(mbe_step_root5(32.0) == 2.0);
  printf("root5: worst relative error %.2e over [1e-300, 1e300]\n", worst);
  ck_assert_msg(worst <= 1e-15, "root5 relative error %.3g", worst);

  // fac11 = err^0.17 and the remembered err^0.04
  for (double e = 1e-10; e <= 1e10; e *= 3.1) {
    mbe_real r25;
    const double f = mbe_step_fac11(e, &r25);
    MBE_CK_NEAR(f, pow(e, 0.17), 1e-14, 0.0);
    MBE_CK_NEAR(r25, pow(e, 0.04), 1e-14, 0.0);
  }
}
END_TEST

START_TEST(test_controller) {
  // first acceptance: h / clamp(err^0.17 / 1e-4^0.04 / 0.9, 0.1, 5)
  const double errs[] = {0.0, 1e-12, 1e-6, 1e-3, 0.1, 0.5, 1.0};
  for (size_t i = 0; i < sizeof errs / sizeof errs[0]; i++) {
    MbeStepControl c = mbe_step_control_init();
    const double e = fmax(errs[i], 1e-10);
    const double fac = fmax(0.1, fmin(5.0, pow(e, 0.17) / pow(1e-4, 0.04) / 0.9));
    MBE_CK_NEAR(mbe_step_control_accept(&c, 2.0, errs[i]), 2.0 / fac, 1e-14, 0.0);
    MBE_CK_NEAR(c.facold_root, pow(fmax(errs[i], 1e-4), 0.04), 1e-14, 0.0);
  }

  // PI memory: a second acceptance divides by facold^0.04 of the first
  MbeStepControl c = mbe_step_control_init();
  (void)mbe_step_control_accept(&c, 1.0, 0.5);
  const double fac = fmax(0.1, fmin(5.0, pow(0.2, 0.17) / pow(0.5, 0.04) / 0.9));
  MBE_CK_NEAR(mbe_step_control_accept(&c, 1.0, 0.2), 1.0 / fac, 1e-14, 0.0);

  // rejection: h / min(5, err^0.17 / 0.9), bounded by the factor 5 for huge or infinite errors
  MBE_CK_NEAR(mbe_step_control_reject(&c, 1.0, 30.0), 0.9 / pow(30.0, 0.17), 1e-14, 0.0);
  ck_assert(mbe_step_control_reject(&c, 1.0, 1e30) == 0.2);
  ck_assert(mbe_step_control_reject(&c, 1.0, INFINITY) == 0.2);
  ck_assert(mbe_step_control_fail(&c, 1.0) == 0.2);

  // no growth on the acceptance right after a rejection, growth again after that
  ck_assert(mbe_step_control_accept(&c, 1.0, 1e-9) == 1.0);
  ck_assert(mbe_step_control_accept(&c, 1.0, 1e-9) > 1.0);
}
END_TEST

START_TEST(test_error_norm) {
  // sqrt(mean((e_i / (atol + rtol max(|x_i|, |xnew_i|)))^2)) by hand
  const mbe_real x[4] = {1.0, -2.0, 0.0, 0.0};
  const mbe_real xn[4] = {3.0, 1.0, 0.0, 0.5};
  const mbe_real e[4] = {1e-3, -4e-3, 0.0, 2e-3};
  const double q[4] = {1e-3 / (1e-3 + 1e-2 * 3.0), -4e-3 / (1e-3 + 1e-2 * 2.0), 0.0,
                       2e-3 / (1e-3 + 1e-2 * 0.5)};
  const double ref = sqrt((q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]) / 4.0);
  MBE_CK_NEAR(mbe_step_error_norm(4, x, xn, e, 1e-2, 1e-3), ref, 1e-15, 0.0);

  // a zero component with a zero scale counts zero; a non-zero one is infinite
  const mbe_real z[4] = {0.0, 0.0, 0.0, 0.0};
  ck_assert(mbe_step_error_norm(4, z, z, z, 1e-6, 0.0) == 0.0);
  ck_assert(isinf(mbe_step_error_norm(4, z, z, e, 1e-6, 0.0)));
}
END_TEST

// ---------------------------------------------------------------------------------------------
// convergence orders

// RK4 through the driver: NOUT = 2 and H = (T1 - T0) / n, so exactly n steps
static double rk4_error(int prob, double t1, int n, mbe_int* steps) {
  Launch l;
  launch_init(&l, MBE_METHOD_RK4, 0.0, t1, 2, 1);
  l.cfg_r[MBE_CFGR_H] = t1 / n;
  launch_member(&l, 0, prob, 0.0, NULL);
  launch_run(&l);
  ck_assert_int_eq(info_at(&l, 0, MBE_INFO_STATUS), MBE_RUN_OK);
  *steps = info_at(&l, 0, MBE_INFO_STEPS);
  ck_assert_int_eq(info_at(&l, 0, MBE_INFO_NRHS), 4 * n);
  double xe[4], xg[4];
  exact(prob, 0.0, t1, xe);
  for (int i = 0; i < 4; i++) {
    xg[i] = out_at(&l, 0, 1, i);
  }
  return max_abs_diff(xg, xe, 4);
}

START_TEST(test_rk4_order) {
  static const struct {
    int prob;
    double t1;
    int n0;
    const char* name;
  } cases[] = {
      {PROB_OSC, 10.0, 50, "oscillator [0,10]"},
      {PROB_GAUSS, 2.0, 20, "y'=-2ty [0,2]"},
      {PROB_RICCATI, 0.5, 10, "y'=y^2 [0,0.5]"},
      {PROB_KEPLER, TWO_PI, 200, "Kepler e=0.5 [0,2pi]"},
  };
  for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
    double h[5], e[5];
    printf("RK4 %-22s", cases[c].name);
    for (int k = 0; k < 5; k++) {
      const int n = cases[c].n0 << k;
      mbe_int steps;
      h[k] = cases[c].t1 / n;
      e[k] = rk4_error(cases[c].prob, cases[c].t1, n, &steps);
      ck_assert_int_eq(steps, n);
      printf(" h=%.4g:%.2e", h[k], e[k]);
    }
    const double slope = fit_slope(h, e, 5);
    printf("  order %.3f\n", slope);
    ck_assert_msg(slope >= 3.8 && slope <= 4.2, "RK4 order %.3f on %s", slope, cases[c].name);
  }
}
END_TEST

// n fixed DOPRI5 steps of the one-step function from the exact state, with FSAL
static double dopri5_fixed_error(int prob, double t1, int n) {
  const mbe_real p[2] = {prob, 0.0};
  mbe_real x[4], xnew[4], xerr[4], w[1];
  mbe_int iw[1];
  mbe_long nrhs = 0;
  MbeDopri5Work ws;
  exact(prob, 0.0, 0.0, x);
  ck_assert_int_eq(mbe_rhs(0.0, x, p, ws.k1, w, iw), 0);
  const double h = t1 / n;
  for (int j = 0; j < n; j++) {
    ck_assert_int_eq(mbe_dopri5_step(j * h, h, x, p, xnew, xerr, &ws, w, iw, &nrhs), 0);
    memcpy(x, xnew, sizeof x);
    memcpy(ws.k1, ws.k7, sizeof ws.k1);
  }
  ck_assert_int_eq(nrhs, 6 * n);
  double xe[4];
  exact(prob, 0.0, t1, xe);
  return max_abs_diff(x, xe, 4);
}

START_TEST(test_dopri5_order) {
  static const struct {
    int prob;
    double t1;
    int n0;
    const char* name;
  } cases[] = {
      {PROB_OSC, 10.0, 20, "oscillator [0,10]"},
      {PROB_GAUSS, 2.0, 20, "y'=-2ty [0,2]"},
      {PROB_RICCATI, 0.5, 5, "y'=y^2 [0,0.5]"},
      {PROB_KEPLER, TWO_PI, 100, "Kepler e=0.5 [0,2pi]"},
  };
  for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
    double h[5], e[5];
    printf("DOPRI5 fixed %-22s", cases[c].name);
    for (int k = 0; k < 5; k++) {
      const int n = cases[c].n0 << k;
      h[k] = cases[c].t1 / n;
      e[k] = dopri5_fixed_error(cases[c].prob, cases[c].t1, n);
      printf(" h=%.4g:%.2e", h[k], e[k]);
    }
    const double slope = fit_slope(h, e, 5);
    printf("  order %.3f\n", slope);
    ck_assert_msg(slope >= 4.7 && slope <= 5.3, "DOPRI5 order %.3f on %s", slope, cases[c].name);
  }
}
END_TEST

// one step of size h from the exact state at t0: the error estimate, the true error of the
// embedded 4th-order solution (xnew - xerr), and the dense output's error at theta
typedef struct LocalErr {
  double est;    // |xerr|
  double true4;  // |(xnew - xerr) - exact(t0 + h)|
  double true5;  // |xnew - exact(t0 + h)|
  double dense;  // |dense(theta) - exact(t0 + theta h)|
  double ends;   // |dense(0) - x| + |dense(1) - xnew|
} LocalErr;

static LocalErr dopri5_local(int prob, double t0, double h, double theta) {
  const mbe_real p[2] = {prob, 0.0};
  mbe_real x[4], xnew[4], xerr[4], x4[4], xd[4], w[1];
  mbe_int iw[1];
  mbe_long nrhs = 0;
  MbeDopri5Work ws;
  double xe[4];
  LocalErr r;
  exact(prob, 0.0, t0, x);
  ck_assert_int_eq(mbe_rhs(t0, x, p, ws.k1, w, iw), 0);
  ck_assert_int_eq(mbe_dopri5_step(t0, h, x, p, xnew, xerr, &ws, w, iw, &nrhs), 0);
  for (int i = 0; i < 4; i++) {
    x4[i] = xnew[i] - xerr[i];
  }
  exact(prob, 0.0, t0 + h, xe);
  r.est = max_abs_diff(xerr, (const double[4]){0, 0, 0, 0}, 4);
  r.true4 = max_abs_diff(x4, xe, 4);
  r.true5 = max_abs_diff(xnew, xe, 4);
  mbe_dopri5_dense(theta, h, x, xnew, &ws, xd);
  exact(prob, 0.0, t0 + theta * h, xe);
  r.dense = max_abs_diff(xd, xe, 4);
  mbe_dopri5_dense(0.0, h, x, xnew, &ws, xd);
  r.ends = max_abs_diff(xd, x, 4);
  mbe_dopri5_dense(1.0, h, x, xnew, &ws, xd);
  r.ends += max_abs_diff(xd, xnew, 4);
  return r;
}

START_TEST(test_dopri5_local) {
  static const struct {
    int prob;
    double t0;
    double h0;
    const char* name;
  } cases[] = {
      {PROB_GAUSS, 0.3, 0.1, "y'=-2ty at t=0.3"},
      {PROB_RICCATI, 0.0, 0.2, "y'=y^2 at t=0"},
      {PROB_KEPLER, 0.0, 0.2, "Kepler at pericentre"},
      {PROB_KEPLER, 2.0, 0.2, "Kepler at t=2"},
  };
  for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
    double h[5], est[5], dense[5], dense3[5];
    double ratio = 0.0, true4 = 0.0, true5 = 0.0;
    for (int k = 0; k < 5; k++) {
      h[k] = cases[c].h0 / (1 << k);
      const LocalErr r = dopri5_local(cases[c].prob, cases[c].t0, h[k], 0.5);
      const LocalErr r3 = dopri5_local(cases[c].prob, cases[c].t0, h[k], 0.3);
      est[k] = r.est;
      dense[k] = r.dense;
      dense3[k] = r3.dense;
      ratio = r.est / r.true4;
      true5 = r.true5;
      true4 = r.true4;
      ck_assert_msg(r.ends <= 1e-15, "dense output misses its end points by %.3g", r.ends);
    }
    const double s_est = fit_slope(h, est, 5);
    const double s_dense = fit_slope(h, dense, 5);
    const double s_dense3 = fit_slope(h, dense3, 5);
    printf(
        "DOPRI5 local %-22s estimate order %.3f (est/true4 %.3f, true5/true4 %.3f), "
        "dense(0.5) order %.3f, dense(0.3) order %.3f\n",
        cases[c].name, s_est, ratio, true5 / true4, s_dense, s_dense3);
    ck_assert_msg(s_est >= 4.7 && s_est <= 5.3, "estimate order %.3f", s_est);
    ck_assert_msg(s_dense >= 4.7 && s_dense <= 5.3, "dense order %.3f", s_dense);
    ck_assert_msg(s_dense3 >= 4.7 && s_dense3 <= 5.3, "dense order %.3f", s_dense3);

    // at the smallest h the estimate is the 4th-order solution's true local error, and the
    // 5th-order solution is far better than that
    ck_assert_msg(ratio >= 0.9 && ratio <= 1.1, "estimate / true error = %.3f", ratio);
    ck_assert_msg(true5 < 0.1 * true4, "5th-order error %.3g vs 4th %.3g", true5, true4);
  }
}
END_TEST

// ---------------------------------------------------------------------------------------------
// adaptive DOPRI5

// one adaptive run per tolerance (rtol = atol = tol); prints the table, asserts the errors at T1
// and at every dense grid point <= factor tol and the step counts ~ tol^(-1/5)
static void tolerance_sweep(int prob, double t1, int nout, double factor, const char* name) {
  const double tols[] = {1e-4, 1e-5, 1e-6, 1e-7, 1e-8, 1e-9, 1e-10};
  const int ntol = (int)(sizeof tols / sizeof tols[0]);
  double steps[7], ratio[7], emax[7];
  printf("DOPRI5 %s, rtol = atol = tol, %d grid points (asserting errors <= %.0f tol)\n", name,
         nout, factor);
  printf("  %-8s %7s %8s %7s %12s %12s %10s\n", "tol", "steps", "rejected", "nrhs", "err(T1)",
         "err(grid)", "err/tol");
  for (int i = 0; i < ntol; i++) {
    Launch* l = &g_l;
    launch_init(l, MBE_METHOD_DOPRI5, 0.0, t1, nout, 1);
    l->cfg_r[MBE_CFGR_RTOL] = tols[i];
    l->cfg_r[MBE_CFGR_ATOL] = tols[i];
    launch_member(l, 0, prob, 0.0, NULL);
    launch_run(l);
    ck_assert_int_eq(info_at(l, 0, MBE_INFO_STATUS), MBE_RUN_OK);
    const mbe_int ns = info_at(l, 0, MBE_INFO_STEPS), nr = info_at(l, 0, MBE_INFO_REJECTED);

    // FSAL: 6 calls per attempt, one at T0, one for the starting-step estimate
    ck_assert_int_eq(info_at(l, 0, MBE_INFO_NRHS), 6 * (ns + nr) + 2);

    // grid points (T1 among them) against the exact solution
    int nw;
    const double eg = grid_error(l, 0, prob, 0.0, &nw);
    ck_assert_int_eq(nw, nout);
    double xe[4], xg[4];
    exact(prob, 0.0, t1, xe);
    for (int j = 0; j < 4; j++) {
      xg[j] = out_at(l, 0, nout - 1, j);
    }
    const double e1 = max_abs_diff(xg, xe, 4);
    printf("  %-8.0e %7d %8d %7d %12.3e %12.3e %10.2f\n", tols[i], ns, nr,
           info_at(l, 0, MBE_INFO_NRHS), e1, eg, eg / tols[i]);
    steps[i] = ns;
    ratio[i] = eg / tols[i];
    emax[i] = fmax(eg, e1);
  }

  // accuracy; tolerance proportionality (err / tol about constant); steps ~ tol^(-1/5)
  double rmin = ratio[0], rmax = ratio[0];
  for (int i = 0; i < ntol; i++) {
    ck_assert_msg(emax[i] <= factor * tols[i], "tol %g: error %g", tols[i], emax[i]);
    rmin = fmin(rmin, ratio[i]);
    rmax = fmax(rmax, ratio[i]);
  }
  const double slope = fit_slope(tols, steps, ntol);
  const double slope_tight = fit_slope(tols + 2, steps + 2, ntol - 2);
  printf(
      "  steps ~ tol^%.3f over all, tol^%.3f over 1e-6..1e-10 (expected -0.2), err/tol within "
      "[%.2f, %.2f]\n",
      slope, slope_tight, rmin, rmax);
  ck_assert_msg(slope >= -0.23 && slope <= -0.15, "steps ~ tol^%.3f", slope);
  ck_assert_msg(slope_tight >= -0.23 && slope_tight <= -0.165, "steps ~ tol^%.3f", slope_tight);
  ck_assert_msg(rmax <= 5.0 * rmin, "err/tol varies from %.3g to %.3g", rmin, rmax);
}

START_TEST(test_dopri5_tolerance) {
  tolerance_sweep(PROB_KEPLER, TWO_PI, 41, 300.0, "Kepler e=0.5 over one period");
  tolerance_sweep(PROB_GAUSS, 3.0, 31, 50.0, "y'=-2ty on [0,3]");
  tolerance_sweep(PROB_OSC, 20.0, 41, 50.0, "oscillator on [0,20]");
}
END_TEST

START_TEST(test_dopri5_given_step) {
  // a given first step skips the estimate (one call fewer) and reaches the same accuracy
  Launch l;
  launch_init(&l, MBE_METHOD_DOPRI5, 0.0, 3.0, 31, 1);
  l.cfg_r[MBE_CFGR_H] = 1e-3;
  l.cfg_r[MBE_CFGR_HMAX] = 0.25;
  launch_member(&l, 0, PROB_GAUSS, 0.0, NULL);
  launch_run(&l);
  ck_assert_int_eq(info_at(&l, 0, MBE_INFO_STATUS), MBE_RUN_OK);
  const mbe_int ns = info_at(&l, 0, MBE_INFO_STEPS), nr = info_at(&l, 0, MBE_INFO_REJECTED);
  ck_assert_int_eq(info_at(&l, 0, MBE_INFO_NRHS), 6 * (ns + nr) + 1);
  ck_assert_int_ge(ns, 12);  // HMAX = 0.25 on a span of 3
  int nw;
  const double e = grid_error(&l, 0, PROB_GAUSS, 0.0, &nw);
  ck_assert_int_eq(nw, 31);
  ck_assert_msg(e <= 50 * 1e-8, "error %g", e);

  // a recoverable failure (x0 < 0 after an overshoot of a too large first step) is retried
  launch_init(&l, MBE_METHOD_DOPRI5, 0.0, 1.0, 11, 1);
  l.cfg_r[MBE_CFGR_H] = 0.5;
  l.cfg_r[MBE_CFGR_RTOL] = 1e-8;
  l.cfg_r[MBE_CFGR_ATOL] = 1e-12;
  launch_member(&l, 0, PROB_DOMAIN, 50.0, NULL);
  launch_run(&l);
  ck_assert_int_eq(info_at(&l, 0, MBE_INFO_STATUS), MBE_RUN_OK);
  ck_assert_int_ge(info_at(&l, 0, MBE_INFO_REJECTED), 1);
  const double e2 = grid_error(&l, 0, PROB_DOMAIN, 50.0, &nw);
  printf("DOPRI5 recoverable rhs failures: %d rejected, grid error %.2e\n",
         info_at(&l, 0, MBE_INFO_REJECTED), e2);
  ck_assert_int_eq(nw, 11);
  ck_assert_msg(e2 <= 50 * 1e-8, "error %g", e2);
}
END_TEST

START_TEST(test_dopri5_step_limits) {
  // a zero right-hand side (oscillator at rest) has a zero error estimate: every step is accepted
  // at the largest size allowed, so the step count shows the limits
  static const struct {
    double h, hmax;
    int steps;
  } cases[] = {
      {0.5, 0.25, 4},       // the given first step is cut to HMAX, and every later one too
      {0.995, 0.0, 1},      // within 1 % of T1: stretched onto T1, no sliver step
      {0.9, 0.0, 2},        // not within 1 %: a second, clipped step
      {0.0, 0.3, 4},        // estimated first step, growth by 10 per step, HMAX 0.3
      {0.2499, 0.2499, 5},  // HMAX is never exceeded, not even to avoid the sliver at the end
  };
  const double rest[4] = {0.0, 0.0, 0.0, 0.0};
  for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
    launch_init(&g_l, MBE_METHOD_DOPRI5, 0.0, 1.0, 11, 1);
    g_l.cfg_r[MBE_CFGR_H] = cases[c].h;
    g_l.cfg_r[MBE_CFGR_HMAX] = cases[c].hmax;
    launch_member(&g_l, 0, PROB_OSC, 0.0, rest);
    launch_run(&g_l);
    ck_assert_int_eq(info_at(&g_l, 0, MBE_INFO_STATUS), MBE_RUN_OK);
    ck_assert_int_eq(info_at(&g_l, 0, MBE_INFO_REJECTED), 0);
    ck_assert_msg(info_at(&g_l, 0, MBE_INFO_STEPS) >= cases[c].steps, "case %zu: %d steps", c,
                  info_at(&g_l, 0, MBE_INFO_STEPS));
    if (cases[c].h > 0.0) {
      ck_assert_msg(info_at(&g_l, 0, MBE_INFO_STEPS) == cases[c].steps, "case %zu: %d steps", c,
                    info_at(&g_l, 0, MBE_INFO_STEPS));
    }
    for (int k = 0; k < 11; k++) {
      ck_assert(out_at(&g_l, 0, k, 0) == 0.0 && out_at(&g_l, 0, k, 1) == 0.0);
      ck_assert(bits(out_at(&g_l, 0, k, 4)) == bits(grid_time(0.0, 1.0, 11, k)));
    }
  }
}
END_TEST

// ---------------------------------------------------------------------------------------------
// statuses

// runs problem prob (parameter a) alone on [0, t1] with nout points and returns the member's
// status; checks that the written grid points are a prefix, correct, include every t_k < t_good
// and no t_k >= t_bad
static int run_status(int method, int prob, double a, double t1, int nout, double t_good,
                      double t_bad) {
  Launch* l = &g_l;
  launch_init(l, method, 0.0, t1, nout, 1);
  l->cfg_r[MBE_CFGR_H] = method == MBE_METHOD_RK4 ? 0.01 : 0.0;
  l->cfg_r[MBE_CFGR_HMIN] = 1e-10;
  launch_member(l, 0, prob, a, NULL);
  launch_run(l);
  for (int k = 0; k < nout; k++) {
    const double tk = grid_time(0.0, t1, nout, k);
    const int is_nan = out_is_nan(l, 0, k);
    ck_assert_msg(!(tk < t_good && is_nan), "grid point %d (t = %g) not written", k, tk);
    ck_assert_msg(!(tk >= t_bad && !is_nan), "grid point %d (t = %g) written", k, tk);
    ck_assert_msg(k == 0 || is_nan || !out_is_nan(l, 0, k - 1), "written after a gap");
  }
  int nw;
  const double e = grid_error(l, 0, prob, a, &nw);
  ck_assert_msg(e <= 1e-6, "error %g before the failure", e);
  return info_at(l, 0, MBE_INFO_STATUS);
}

START_TEST(test_status_nonfinite) {
  // NaN derivative from t = 0.45 on: the adaptive method shrinks to HMIN and reports NONFINITE
  ck_assert_int_eq(run_status(MBE_METHOD_DOPRI5, PROB_NAN, 0.45, 1.0, 11, 0.45, 0.45),
                   MBE_RUN_NONFINITE);
  printf("DOPRI5 NaN from t = 0.45: %d accepted, %d rejected before NONFINITE\n",
         info_at(&g_l, 0, MBE_INFO_STEPS), info_at(&g_l, 0, MBE_INFO_REJECTED));
  ck_assert_int_eq(run_status(MBE_METHOD_RK4, PROB_NAN, 0.45, 1.0, 11, 0.45, 0.45),
                   MBE_RUN_NONFINITE);

  // NaN at the start: only the initial grid point, no step
  ck_assert_int_eq(run_status(MBE_METHOD_DOPRI5, PROB_NAN, -1.0, 1.0, 11, 1e-9, 1e-9),
                   MBE_RUN_NONFINITE);
  ck_assert_int_eq(info_at(&g_l, 0, MBE_INFO_STEPS), 0);
  ck_assert_int_eq(run_status(MBE_METHOD_RK4, PROB_NAN, -1.0, 1.0, 11, 1e-9, 1e-9),
                   MBE_RUN_NONFINITE);

  // a NaN in the initial state (a member whose initialization failed): init-fail, nothing is
  // written but NaN
  const double xbad[4] = {NAN, 0.0, 0.0, 0.0};
  launch_init(&g_l, MBE_METHOD_DOPRI5, 0.0, 1.0, 5, 1);
  launch_member(&g_l, 0, PROB_OSC, 0.0, xbad);
  launch_run(&g_l);
  ck_assert_int_eq(info_at(&g_l, 0, MBE_INFO_STATUS), MBE_RUN_INIT_FAIL);
  for (int k = 0; k < 5; k++) {
    ck_assert(out_is_nan(&g_l, 0, k));
  }
}
END_TEST

START_TEST(test_status_max_steps) {
  // DOPRI5: the budget counts accepted and rejected steps (a too large first step is rejected)
  launch_init(&g_l, MBE_METHOD_DOPRI5, 0.0, 1.0, 11, 1);
  g_l.cfg_r[MBE_CFGR_H] = 0.5;
  g_l.cfg_i[MBE_CFGI_MAX_STEPS] = 8;
  launch_member(&g_l, 0, PROB_DOMAIN, 50.0, NULL);
  launch_run(&g_l);
  ck_assert_int_eq(info_at(&g_l, 0, MBE_INFO_STATUS), MBE_RUN_MAX_STEPS);
  ck_assert_int_ge(info_at(&g_l, 0, MBE_INFO_REJECTED), 1);
  ck_assert_int_eq(info_at(&g_l, 0, MBE_INFO_STEPS) + info_at(&g_l, 0, MBE_INFO_REJECTED), 8);
  ck_assert(!out_is_nan(&g_l, 0, 0));
  ck_assert(out_is_nan(&g_l, 0, 10));

  // RK4, 10 steps per interval: 3 intervals fit in 35 steps, the 4th is not started
  launch_init(&g_l, MBE_METHOD_RK4, 0.0, 10.0, 11, 1);
  g_l.cfg_r[MBE_CFGR_H] = 0.1;
  g_l.cfg_i[MBE_CFGI_MAX_STEPS] = 35;
  launch_member(&g_l, 0, PROB_OSC, 0.0, NULL);
  launch_run(&g_l);
  ck_assert_int_eq(info_at(&g_l, 0, MBE_INFO_STATUS), MBE_RUN_MAX_STEPS);
  ck_assert_int_eq(info_at(&g_l, 0, MBE_INFO_STEPS), 30);
  for (int k = 0; k < 11; k++) {
    ck_assert_int_eq(out_is_nan(&g_l, 0, k), k > 3);
  }

  // exactly enough budget is enough
  g_l.cfg_i[MBE_CFGI_MAX_STEPS] = 100;
  launch_run(&g_l);
  ck_assert_int_eq(info_at(&g_l, 0, MBE_INFO_STATUS), MBE_RUN_OK);
}
END_TEST

START_TEST(test_status_underflow) {
  // y' = y^2 blows up at t = 1: with HMIN = 1e-8 the step falls below it before t = 1
  launch_init(&g_l, MBE_METHOD_DOPRI5, 0.0, 2.0, 21, 1);
  g_l.cfg_r[MBE_CFGR_HMIN] = 1e-8;
  launch_member(&g_l, 0, PROB_RICCATI, 0.0, NULL);
  launch_run(&g_l);
  ck_assert_int_eq(info_at(&g_l, 0, MBE_INFO_STATUS), MBE_RUN_STEP_UNDERFLOW);
  const int steps_hmin = info_at(&g_l, 0, MBE_INFO_STEPS);
  for (int k = 0; k < 21; k++) {
    const double tk = grid_time(0.0, 2.0, 21, k);
    ck_assert_int_eq(out_is_nan(&g_l, 0, k), tk >= 1.0);
  }
  int nw;
  const double e = grid_error(&g_l, 0, PROB_RICCATI, 0.0, &nw);
  ck_assert_int_eq(nw, 10);
  ck_assert_msg(e <= 1e-6, "error %g", e);  // y(0.9) = 10, rtol 1e-8

  // without HMIN the step shrinks until t + h == t
  g_l.cfg_r[MBE_CFGR_HMIN] = 0.0;
  launch_run(&g_l);
  ck_assert_int_eq(info_at(&g_l, 0, MBE_INFO_STATUS), MBE_RUN_STEP_UNDERFLOW);
  printf(
      "DOPRI5 y'=y^2 to the blow-up: STEP_UNDERFLOW after %d steps (HMIN 1e-8), %d steps "
      "(t + h == t)\n",
      steps_hmin, info_at(&g_l, 0, MBE_INFO_STEPS));
  ck_assert_int_gt(info_at(&g_l, 0, MBE_INFO_STEPS), steps_hmin);

  // RK4 with no usable step
  launch_init(&g_l, MBE_METHOD_RK4, 0.0, 1.0, 3, 1);
  g_l.cfg_r[MBE_CFGR_H] = 0.0;
  launch_member(&g_l, 0, PROB_OSC, 0.0, NULL);
  launch_run(&g_l);
  ck_assert_int_eq(info_at(&g_l, 0, MBE_INFO_STATUS), MBE_RUN_STEP_UNDERFLOW);
}
END_TEST

START_TEST(test_status_rhs_fail) {
  // mbe_rhs < 0 from t = 0.45: RHS_FAIL with both methods
  ck_assert_int_eq(run_status(MBE_METHOD_DOPRI5, PROB_FAIL, 0.45, 1.0, 11, 1e-9, 0.45),
                   MBE_RUN_RHS_FAIL);
  ck_assert_int_eq(info_at(&g_l, 0, MBE_INFO_REJECTED), 0);
  ck_assert_int_eq(run_status(MBE_METHOD_RK4, PROB_FAIL, 0.45, 1.0, 11, 0.45, 0.45),
                   MBE_RUN_RHS_FAIL);

  // mbe_rhs > 0 from t = 0.45: DOPRI5 retries down to HMIN, RK4 cannot retry
  ck_assert_int_eq(run_status(MBE_METHOD_DOPRI5, PROB_SOFTFAIL, 0.45, 1.0, 11, 0.45, 0.45),
                   MBE_RUN_RHS_FAIL);
  ck_assert_int_gt(info_at(&g_l, 0, MBE_INFO_REJECTED), 0);
  ck_assert_int_eq(run_status(MBE_METHOD_RK4, PROB_SOFTFAIL, 0.45, 1.0, 11, 0.45, 0.45),
                   MBE_RUN_RHS_FAIL);

  // mbe_out < 0 after t = 0.35: the grid point at 0.4 and later stay NaN
  ck_assert_int_eq(run_status(MBE_METHOD_DOPRI5, PROB_OUTFAIL, 0.35, 1.0, 11, 0.35, 0.35),
                   MBE_RUN_RHS_FAIL);
  ck_assert_int_eq(run_status(MBE_METHOD_RK4, PROB_OUTFAIL, 0.35, 1.0, 11, 0.35, 0.35),
                   MBE_RUN_RHS_FAIL);

  // NaN outputs of a healthy member are written as the one canonical NaN (out_is_nan checks)
  ck_assert_int_eq(run_status(MBE_METHOD_DOPRI5, PROB_OUTNAN, 0.35, 1.0, 11, 0.35, 0.35),
                   MBE_RUN_OK);
  ck_assert(!out_is_nan(&g_l, 0, 3));
  ck_assert(out_is_nan(&g_l, 0, 4));
  ck_assert(out_is_nan(&g_l, 0, 10));
}
END_TEST

START_TEST(test_status_not_run) {
  // unknown method, reversed interval, zero tolerances: nothing integrated, all NaN
  for (int c = 0; c < 3; c++) {
    launch_init(&g_l, MBE_METHOD_DOPRI5, 0.0, 1.0, 4, 1);
    if (c == 0) {
      g_l.cfg_i[MBE_CFGI_METHOD] = MBE_METHOD_COUNT;
    } else if (c == 1) {
      g_l.cfg_r[MBE_CFGR_T1] = -1.0;
    } else {
      g_l.cfg_r[MBE_CFGR_RTOL] = 0.0;
      g_l.cfg_r[MBE_CFGR_ATOL] = 0.0;
    }
    launch_member(&g_l, 0, PROB_OSC, 0.0, NULL);
    launch_run(&g_l);
    ck_assert_int_eq(info_at(&g_l, 0, MBE_INFO_STATUS), MBE_RUN_NOT_RUN);
    ck_assert_int_eq(info_at(&g_l, 0, MBE_INFO_NRHS), 0);
    for (int k = 0; k < 4; k++) {
      ck_assert(out_is_nan(&g_l, 0, k));
    }
  }
}
END_TEST

// ---------------------------------------------------------------------------------------------
// output grid

START_TEST(test_grid) {
  // times not representable: t_k = T0 + k dt bit for bit, and T1 exactly at the end, where
  // T0 + (NOUT - 1) dt overshoots T1 by one rounding unit
  const double t0 = 0.1, t1 = 1.7;
  const int nout = 4;
  ck_assert(t0 + (nout - 1) * ((t1 - t0) / (nout - 1)) > t1);
  for (int method = 0; method < MBE_METHOD_COUNT; method++) {
    Launch* l = &g_l;
    launch_init(l, method, t0, t1, nout, 1);
    l->cfg_r[MBE_CFGR_H] = method == MBE_METHOD_RK4 ? 0.07 : 0.0;
    launch_member(l, 0, PROB_OSC, 0.0, NULL);
    launch_run(l);
    ck_assert_int_eq(info_at(l, 0, MBE_INFO_STATUS), MBE_RUN_OK);
    ck_assert(out_at(l, 0, nout - 1, 4) == t1);
    int nw;
    const double e = grid_error(l, 0, PROB_OSC, 0.0, &nw);  // asserts every t_k bit for bit
    ck_assert_int_eq(nw, nout);
    ck_assert_msg(e <= (method == MBE_METHOD_RK4 ? 1e-6 : 5e-7), "error %g", e);

    // RK4: H = 0.07 does not divide dt = 0.5333, so ceil(dt / 0.07) = 8 steps per interval
    if (method == MBE_METHOD_RK4) {
      ck_assert_int_eq(info_at(l, 0, MBE_INFO_STEPS), 8 * (nout - 1));
    }
  }

  // RK4 with H = dt / m computed in floating point: exactly m steps, not m + 1, also where
  // dt / H rounds above m (dt = 0.7, m = 11)
  const double dts[] = {0.1, 0.7, 1.0 / 3, 0.3};
  int nabove = 0;
  for (size_t i = 0; i < sizeof dts / sizeof dts[0]; i++) {
    for (int m = 1; m <= 12; m++) {
      launch_init(&g_l, MBE_METHOD_RK4, 1.0, 1.0 + 6 * dts[i], 7, 1);
      const double dt = (g_l.cfg_r[MBE_CFGR_T1] - g_l.cfg_r[MBE_CFGR_T0]) / 6;
      g_l.cfg_r[MBE_CFGR_H] = dt / m;
      nabove += dt / (dt / m) > m;
      launch_member(&g_l, 0, PROB_OSC, 0.0, NULL);
      launch_run(&g_l);
      ck_assert_int_eq(info_at(&g_l, 0, MBE_INFO_STATUS), MBE_RUN_OK);
      ck_assert_int_eq(info_at(&g_l, 0, MBE_INFO_STEPS), 6 * m);
    }
  }
  ck_assert_int_ge(nabove, 1);
}
END_TEST

// ---------------------------------------------------------------------------------------------
// members are independent: a launch equals its members run alone, bit for bit

// six members, one of each kind, two of them failing
static const struct {
  int prob;
  double a;
} k_members[] = {
    {PROB_OSC, 0.0},  {PROB_NAN, 0.45},  {PROB_KEPLER, 0.0},
    {PROB_FAIL, 0.3}, {PROB_GAUSS, 0.0}, {PROB_RICCATI, 0.0},
};
#define NMEMBER ((int)(sizeof k_members / sizeof k_members[0]))

START_TEST(test_isolation) {
  const int nout = 9;
  const double t1 = 0.9;
  for (int method = 0; method < MBE_METHOD_COUNT; method++) {
    static Launch all, one, three;
    launch_init(&all, method, 0.0, t1, nout, NMEMBER);
    all.cfg_r[MBE_CFGR_H] = method == MBE_METHOD_RK4 ? 0.01 : 0.0;
    all.cfg_r[MBE_CFGR_HMIN] = 1e-10;
    for (int v = 0; v < NMEMBER; v++) {
      launch_member(&all, v, k_members[v].prob, k_members[v].a, NULL);
    }
    launch_run(&all);

    int nfail = 0;
    for (int v = 0; v < NMEMBER; v++) {
      // alone (nvar = 1), and as the last of three with other members around it
      launch_init(&one, method, 0.0, t1, nout, 1);
      memcpy(one.cfg_r, all.cfg_r, sizeof one.cfg_r);
      launch_member(&one, 0, k_members[v].prob, k_members[v].a, NULL);
      launch_run(&one);
      launch_init(&three, method, 0.0, t1, nout, 3);
      memcpy(three.cfg_r, all.cfg_r, sizeof three.cfg_r);
      launch_member(&three, 0, k_members[(v + 1) % NMEMBER].prob, k_members[(v + 1) % NMEMBER].a,
                    NULL);
      launch_member(&three, 1, k_members[(v + 3) % NMEMBER].prob, k_members[(v + 3) % NMEMBER].a,
                    NULL);
      launch_member(&three, 2, k_members[v].prob, k_members[v].a, NULL);
      launch_run(&three);

      for (int m = 0; m < MBE_INFO_COUNT; m++) {
        ck_assert_int_eq(info_at(&all, v, m), info_at(&one, 0, m));
        ck_assert_int_eq(info_at(&all, v, m), info_at(&three, 2, m));
      }
      for (int k = 0; k < nout; k++) {
        for (int j = 0; j < MBE_RHS_NY; j++) {
          ck_assert(bits(out_at(&all, v, k, j)) == bits(out_at(&one, 0, k, j)));
          ck_assert(bits(out_at(&all, v, k, j)) == bits(out_at(&three, 2, k, j)));
        }
      }

      // and the successful ones are right
      if (info_at(&all, v, MBE_INFO_STATUS) == MBE_RUN_OK) {
        int nw;
        const double e = grid_error(&all, v, k_members[v].prob, k_members[v].a, &nw);
        ck_assert_int_eq(nw, nout);
        ck_assert_msg(e <= (method == MBE_METHOD_RK4 ? 1e-4 : 1e-6), "member %d error %g", v, e);
      } else {
        nfail++;
      }
    }
    ck_assert_int_eq(nfail, 2);
    ck_assert_int_eq(info_at(&all, 1, MBE_INFO_STATUS), MBE_RUN_NONFINITE);
    ck_assert_int_eq(info_at(&all, 3, MBE_INFO_STATUS), MBE_RUN_RHS_FAIL);
  }
}
END_TEST

// ---------------------------------------------------------------------------------------------

static Suite* make_integrate_suite(void) {
  Suite* s = suite_create("integrate");
  TCase* tc = mbe_tcase_create("step_control");
  tcase_add_test(tc, test_root5);
  tcase_add_test(tc, test_controller);
  tcase_add_test(tc, test_error_norm);
  suite_add_tcase(s, tc);

  tc = mbe_tcase_create("order");
  tcase_add_test(tc, test_rk4_order);
  tcase_add_test(tc, test_dopri5_order);
  tcase_add_test(tc, test_dopri5_local);
  suite_add_tcase(s, tc);

  tc = mbe_tcase_create("adaptive");
  tcase_add_test(tc, test_dopri5_tolerance);
  tcase_add_test(tc, test_dopri5_given_step);
  tcase_add_test(tc, test_dopri5_step_limits);
  suite_add_tcase(s, tc);

  tc = mbe_tcase_create("status");
  tcase_add_test(tc, test_status_nonfinite);
  tcase_add_test(tc, test_status_max_steps);
  tcase_add_test(tc, test_status_underflow);
  tcase_add_test(tc, test_status_rhs_fail);
  tcase_add_test(tc, test_status_not_run);
  suite_add_tcase(s, tc);

  tc = mbe_tcase_create("grid");
  tcase_add_test(tc, test_grid);
  tcase_add_test(tc, test_isolation);
  suite_add_tcase(s, tc);
  return s;
}

MbeSuiteFactory* const mbe_check_suites[] = {make_integrate_suite, NULL};
