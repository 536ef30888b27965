// SPDX-License-Identifier: Apache-2.0
// A probe, not a mechanism: its outputs at t0 are every elementary function of kernels/math and
// the Philox variates, evaluated on per-member arguments, so the tests can compare the device
// build with the C build bit for bit through the ordinary program path.
// Parameters p = (a, b, seed, member); one constant state; outputs listed in MbeProbeOut.
#ifndef MBE_SYS_PROBE_H
#define MBE_SYS_PROBE_H

#include "mbe_real.h"
#include "math/mbe_math.h"
#include "rng/mbe_philox.h"

typedef enum MbeProbeOut {
  MBE_PROBE_SIN = 0,
  MBE_PROBE_COS,
  MBE_PROBE_TAN,
  MBE_PROBE_SINCOS_S,
  MBE_PROBE_SINCOS_C,
  MBE_PROBE_ATAN,
  MBE_PROBE_ATAN2,
  MBE_PROBE_ASIN,
  MBE_PROBE_ACOS,
  MBE_PROBE_EXP,
  MBE_PROBE_EXPM1,
  MBE_PROBE_LOG,
  MBE_PROBE_LOG1P,
  MBE_PROBE_POW,
  MBE_PROBE_SINH,
  MBE_PROBE_COSH,
  MBE_PROBE_TANH,
  MBE_PROBE_UNIFORM_A,
  MBE_PROBE_UNIFORM_B,
  MBE_PROBE_NORMAL_A,
  MBE_PROBE_NORMAL_B,
  MBE_PROBE_COUNT
} MbeProbeOut;

#define MBE_RHS_NX 1
#define MBE_RHS_NP 4
#define MBE_RHS_NY MBE_PROBE_COUNT
#define MBE_RHS_NW 1
#define MBE_RHS_NIW 1

MBE_FN int mbe_rhs(mbe_real t, const mbe_real* x, const mbe_real* p, mbe_real* xdot, mbe_real* w,
                   mbe_int* iw) {
  (void)t;
  (void)x;
  (void)p;
  (void)w;
  (void)iw;
  xdot[0] = MBE_R(0.0);
  return 0;
}

MBE_FN int mbe_out(mbe_real t, const mbe_real* x, const mbe_real* p, mbe_real* y, mbe_real* w,
                   mbe_int* iw) {
  (void)t;
  (void)x;
  (void)w;
  (void)iw;
  const mbe_real a = p[0], b = p[1];
  MbeSinCos sc = mbe_sincos(a);
  y[MBE_PROBE_SIN] = mbe_sin(a);
  y[MBE_PROBE_COS] = mbe_cos(a);
  y[MBE_PROBE_TAN] = mbe_tan(a);
  y[MBE_PROBE_SINCOS_S] = sc.s;
  y[MBE_PROBE_SINCOS_C] = sc.c;
  y[MBE_PROBE_ATAN] = mbe_atan(a);
  y[MBE_PROBE_ATAN2] = mbe_atan2(a, b);
  y[MBE_PROBE_ASIN] = mbe_asin(b);
  y[MBE_PROBE_ACOS] = mbe_acos(b);
  y[MBE_PROBE_EXP] = mbe_exp(a);
  y[MBE_PROBE_EXPM1] = mbe_expm1(a);
  y[MBE_PROBE_LOG] = mbe_log(a);
  y[MBE_PROBE_LOG1P] = mbe_log1p(a);
  y[MBE_PROBE_POW] = mbe_pow(a, b);
  y[MBE_PROBE_SINH] = mbe_sinh(a);
  y[MBE_PROBE_COSH] = mbe_cosh(a);
  y[MBE_PROBE_TANH] = mbe_tanh(a);

  // seed and member arrive as exact integers in reals (exact below 2^53 in double, 2^24 in single)
  const mbe_u64 seed = (mbe_u64)p[2];
  const mbe_u64 member = (mbe_u64)p[3];
  MbeReal2 u = mbe_rng_uniform2(seed, member, 0u, 0u);
  MbeReal2 z = mbe_rng_normal2(seed, member, 1u, 0u);
  y[MBE_PROBE_UNIFORM_A] = u.a;
  y[MBE_PROBE_UNIFORM_B] = u.b;
  y[MBE_PROBE_NORMAL_A] = z.a;
  y[MBE_PROBE_NORMAL_B] = z.b;
  return 0;
}

#endif
