// SPDX-License-Identifier: Apache-2.0
// Dormand-Prince 5(4) for the system defined before inclusion (MBE_RHS_NX, mbe_rhs): one step with
// FSAL and the embedded error estimate, the 4th-order dense output (Hairer's DOPRI5 continuous
// extension) and Hairer's starting-step heuristic. The adaptive loop is in mbe_integrate.h.
#ifndef MBE_DOPRI5_H
#define MBE_DOPRI5_H

#include "mbe_real.h"
#include "integrate/mbe_step_control.h"

// Butcher tableau (Dormand & Prince 1980; Hairer, Norsett & Wanner, Table II.5.2), as decimals
// correctly rounded in both precisions: no division at run time
#define MBE_DP5_C2 MBE_R(0.2)                         // 1/5
#define MBE_DP5_C3 MBE_R(0.3)                         // 3/10
#define MBE_DP5_C4 MBE_R(0.8)                         // 4/5
#define MBE_DP5_C5 MBE_R(0.888888888888888888889)     // 8/9
#define MBE_DP5_A21 MBE_R(0.2)                        // 1/5
#define MBE_DP5_A31 MBE_R(0.075)                      // 3/40
#define MBE_DP5_A32 MBE_R(0.225)                      // 9/40
#define MBE_DP5_A41 MBE_R(0.977777777777777777778)    // 44/45
#define MBE_DP5_A42 (-MBE_R(3.73333333333333333333))  // -56/15
#define MBE_DP5_A43 MBE_R(3.55555555555555555556)     // 32/9
#define MBE_DP5_A51 MBE_R(2.95259868922420362750)     // 19372/6561
#define MBE_DP5_A52 (-MBE_R(11.5957933241883859168))  // -25360/2187
#define MBE_DP5_A53 MBE_R(9.82289285169943606158)     // 64448/6561
#define MBE_DP5_A54 (-MBE_R(0.290809327846364883402)) // -212/729
#define MBE_DP5_A61 MBE_R(2.84627525252525252525)     // 9017/3168
#define MBE_DP5_A62 (-MBE_R(10.7575757575757575758))  // -355/33
#define MBE_DP5_A63 MBE_R(8.90642271774347246045)     // 46732/5247
#define MBE_DP5_A64 MBE_R(0.278409090909090909091)    // 49/176
#define MBE_DP5_A65 (-MBE_R(0.273531303602058319039)) // -5103/18656

// 5th-order weights (= row 7 of the tableau, FSAL; b2 = b7 = 0)
#define MBE_DP5_B1 MBE_R(0.0911458333333333333333)   // 35/384
#define MBE_DP5_B3 MBE_R(0.449236298292902066487)    // 500/1113
#define MBE_DP5_B4 MBE_R(0.651041666666666666667)    // 125/192
#define MBE_DP5_B5 (-MBE_R(0.322376179245283018868)) // -2187/6784
#define MBE_DP5_B6 MBE_R(0.130952380952380952381)    // 11/84

// error weights e = b - b_hat (5th minus embedded 4th order; e2 = 0)
#define MBE_DP5_E1 MBE_R(0.00123263888888888888889)    // 71/57600
#define MBE_DP5_E3 (-MBE_R(0.00425277029050613956274)) // -71/16695
#define MBE_DP5_E4 MBE_R(0.0369791666666666666667)     // 71/1920
#define MBE_DP5_E5 (-MBE_R(0.0508637971698113207547))  // -17253/339200
#define MBE_DP5_E6 MBE_R(0.0419047619047619047619)     // 22/525
#define MBE_DP5_E7 (-MBE_R(0.025))                     // -1/40

// dense output (Hairer's CONTD5 coefficients d; d2 = 0)
#define MBE_DP5_D1 (-MBE_R(1.12701756538628346728)) // -12715105075/11282082432
#define MBE_DP5_D3 MBE_R(2.67542448435159794642)    // 87487479700/32700410799
#define MBE_DP5_D4 (-MBE_R(5.68552696158850401848)) // -10690763975/1880347072
#define MBE_DP5_D5 MBE_R(3.52193236792079137636)    // 701980252875/199316789632
#define MBE_DP5_D6 (-MBE_R(1.76728125707574539880)) // -1453857185/822651844
#define MBE_DP5_D7 MBE_R(2.38246893177814356179)    // 69997945/29380423

// stage storage of one DOPRI5 step (private memory, 8 MBE_RHS_NX reals)
typedef struct MbeDopri5Work {
  mbe_real k1[MBE_RHS_NX]; // f(t, x): set by the caller (FSAL: k7 of the last accepted step)
  mbe_real k2[MBE_RHS_NX]; // stage slopes 2..6
  mbe_real k3[MBE_RHS_NX];
  mbe_real k4[MBE_RHS_NX];
  mbe_real k5[MBE_RHS_NX];
  mbe_real k6[MBE_RHS_NX];
  mbe_real k7[MBE_RHS_NX]; // f(t + h, xnew): the next step's k1 once the step is accepted
  mbe_real xs[MBE_RHS_NX]; // stage argument
} MbeDopri5Work;

// One Dormand-Prince step of size h from (t, x), with ws->k1 = f(t, x) on entry. Writes the
// 5th-order solution to xnew, the embedded error estimate (5th minus 4th order) to xerr, and
// leaves all seven slopes in ws for the dense output and FSAL (all arrays MBE_RHS_NX). Adds the
// right-hand side calls made (6 unless one fails) to *nrhs. Returns 0 or the first non-zero status
// of mbe_rhs; the values are not checked for finiteness here.
MBE_FN int mbe_dopri5_step(mbe_real t, mbe_real h, const mbe_real* x, const mbe_real* p,
                           mbe_real* xnew, mbe_real* xerr, MbeDopri5Work* ws, mbe_real* w,
                           mbe_int* iw, mbe_long* nrhs) {
  int rc;

  // stage 2
  for (mbe_int i = 0; i < MBE_RHS_NX; i++) {
    ws->xs[i] = x[i] + h * (MBE_DP5_A21 * ws->k1[i]);
  }
  *nrhs += 1;
  rc = mbe_rhs(t + MBE_DP5_C2 * h, ws->xs, p, ws->k2, w, iw);
  if (rc != 0) {
    return rc;
  }

  // stage 3
  for (mbe_int i = 0; i < MBE_RHS_NX; i++) {
    ws->xs[i] = x[i] + h * (MBE_DP5_A31 * ws->k1[i] + MBE_DP5_A32 * ws->k2[i]);
  }
  *nrhs += 1;
  rc = mbe_rhs(t + MBE_DP5_C3 * h, ws->xs, p, ws->k3, w, iw);
  if (rc != 0) {
    return rc;
  }

  // stage 4
  for (mbe_int i = 0; i < MBE_RHS_NX; i++) {
    ws->xs[i] =
        x[i] + h * (MBE_DP5_A41 * ws->k1[i] + MBE_DP5_A42 * ws->k2[i] + MBE_DP5_A43 * ws->k3[i]);
  }
  *nrhs += 1;
  rc = mbe_rhs(t + MBE_DP5_C4 * h, ws->xs, p, ws->k4, w, iw);
  if (rc != 0) {
    return rc;
  }

  // stage 5
  for (mbe_int i = 0; i < MBE_RHS_NX; i++) {
    ws->xs[i] = x[i] + h * (MBE_DP5_A51 * ws->k1[i] + MBE_DP5_A52 * ws->k2[i] +
                            MBE_DP5_A53 * ws->k3[i] + MBE_DP5_A54 * ws->k4[i]);
  }
  *nrhs += 1;
  rc = mbe_rhs(t + MBE_DP5_C5 * h, ws->xs, p, ws->k5, w, iw);
  if (rc != 0) {
    return rc;
  }

  // stage 6 at the end of the step
  const mbe_real th = t + h;
  for (mbe_int i = 0; i < MBE_RHS_NX; i++) {
    ws->xs[i] =
        x[i] + h * (MBE_DP5_A61 * ws->k1[i] + MBE_DP5_A62 * ws->k2[i] + MBE_DP5_A63 * ws->k3[i] +
                    MBE_DP5_A64 * ws->k4[i] + MBE_DP5_A65 * ws->k5[i]);
  }
  *nrhs += 1;
  rc = mbe_rhs(th, ws->xs, p, ws->k6, w, iw);
  if (rc != 0) {
    return rc;
  }

  // 5th-order solution, which is also the argument of stage 7 (FSAL)
  for (mbe_int i = 0; i < MBE_RHS_NX; i++) {
    xnew[i] = x[i] + h * (MBE_DP5_B1 * ws->k1[i] + MBE_DP5_B3 * ws->k3[i] + MBE_DP5_B4 * ws->k4[i] +
                          MBE_DP5_B5 * ws->k5[i] + MBE_DP5_B6 * ws->k6[i]);
  }
  *nrhs += 1;
  rc = mbe_rhs(th, xnew, p, ws->k7, w, iw);
  if (rc != 0) {
    return rc;
  }

  // embedded error estimate
  for (mbe_int i = 0; i < MBE_RHS_NX; i++) {
    xerr[i] = h * (MBE_DP5_E1 * ws->k1[i] + MBE_DP5_E3 * ws->k3[i] + MBE_DP5_E4 * ws->k4[i] +
                   MBE_DP5_E5 * ws->k5[i] + MBE_DP5_E6 * ws->k6[i] + MBE_DP5_E7 * ws->k7[i]);
  }
  return 0;
}

// Evaluates the 4th-order continuous extension of the step of size h from x to xnew (taken by
// mbe_dopri5_step, whose slopes ws still holds) at t + theta h, theta in [0, 1], into xout
// (MBE_RHS_NX). Hairer's CONTD5 form, with the rcont terms formed on the fly to save storage:
// x + theta (dx + (1 - theta) (b + theta (c + (1 - theta) d))).
MBE_FN void mbe_dopri5_dense(mbe_real theta, mbe_real h, const mbe_real* x, const mbe_real* xnew,
                             const MbeDopri5Work* ws, mbe_real* xout) {
  const mbe_real theta1 = MBE_R(1.0) - theta;
  for (mbe_int i = 0; i < MBE_RHS_NX; i++) {
    const mbe_real dx = xnew[i] - x[i];
    const mbe_real b = h * ws->k1[i] - dx;
    const mbe_real c = dx - h * ws->k7[i] - b;
    const mbe_real d =
        h * (MBE_DP5_D1 * ws->k1[i] + MBE_DP5_D3 * ws->k3[i] + MBE_DP5_D4 * ws->k4[i] +
             MBE_DP5_D5 * ws->k5[i] + MBE_DP5_D6 * ws->k6[i] + MBE_DP5_D7 * ws->k7[i]);
    xout[i] = x[i] + theta * (dx + theta1 * (b + theta * (c + theta1 * d)));
  }
}

// Hairer's starting step (HINIT of DOPRI5, order 5) from (t, x) with ws->k1 = f(t, x): a first
// guess h0 = 0.01 |x|/|f| (norms weighted by atol + rtol |x_i|), one explicit Euler probe for the
// second derivative, then h = min(100 h0, (0.01 / max(|f'|, |f|))^(1/5), hmax). Uses ws->xs and
// ws->k2 as scratch and adds its one right-hand side call to *nrhs. Writes h (0 < h <= hmax) to
// *h_out. Returns 0, or mbe_rhs's status when negative; after a recoverable failure or a
// non-finite probe h stays h0 (the first step then finds out).
MBE_FN int mbe_dopri5_hinit(mbe_real t, const mbe_real* x, const mbe_real* p, mbe_real hmax,
                            mbe_real rtol, mbe_real atol, MbeDopri5Work* ws, mbe_real* w,
                            mbe_int* iw, mbe_long* nrhs, mbe_real* h_out) {

  // weighted squared norms of f and x
  mbe_real dnf = MBE_R(0.0), dny = MBE_R(0.0);
  for (mbe_int i = 0; i < MBE_RHS_NX; i++) {
    const mbe_real sk = atol + rtol * mbe_fabs(x[i]);
    const mbe_real qf = ws->k1[i] / sk, qy = x[i] / sk;
    dnf += qf * qf;
    dny += qy * qy;
  }
  mbe_real h = MBE_R(1.0e-6);
  if (dnf > MBE_R(1.0e-10) && dny > MBE_R(1.0e-10)) {
    h = mbe_sqrt(dny / dnf) * MBE_R(0.01);
  }
  if (!(h > MBE_R(0.0)) || !mbe_isfinite(h)) {
    h = MBE_R(1.0e-6);
  }
  h = mbe_fmin(h, hmax);
  *h_out = h;

  // explicit Euler probe for the size of the second derivative
  for (mbe_int i = 0; i < MBE_RHS_NX; i++) {
    ws->xs[i] = x[i] + h * ws->k1[i];
  }
  *nrhs += 1;
  const int rc = mbe_rhs(t + h, ws->xs, p, ws->k2, w, iw);
  if (rc != 0) {
    return rc < 0 ? rc : 0;
  }
  mbe_real d2 = MBE_R(0.0);
  for (mbe_int i = 0; i < MBE_RHS_NX; i++) {
    const mbe_real sk = atol + rtol * mbe_fabs(x[i]);
    const mbe_real q = (ws->k2[i] - ws->k1[i]) / sk;
    d2 += q * q;
  }
  const mbe_real der2 = mbe_sqrt(d2) / h;
  if (!mbe_isfinite(der2)) {
    return 0;
  }

  // step such that max(|f'|, |f|) h^5 = 0.01
  const mbe_real der12 = mbe_fmax(der2, mbe_sqrt(dnf));
  mbe_real h1;
  if (der12 <= MBE_R(1.0e-15)) {
    h1 = mbe_fmax(MBE_R(1.0e-6), h * MBE_R(1.0e-3));
  } else {
    h1 = mbe_step_root5(mbe_fmax(MBE_R(0.01) / der12, MBE_REAL_MIN));
  }
  *h_out = mbe_fmin(MBE_R(100.0) * h, mbe_fmin(h1, hmax));
  return 0;
}

#endif
