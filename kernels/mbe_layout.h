// SPDX-License-Identifier: Apache-2.0
// What the host and the kernels must agree on: per-member status codes, the layout of the run
// configuration arrays, the per-member info record and the one accessor for per-variant arrays.
// Fixed-width types and enums only; no structs cross the host/device boundary.
#ifndef MBE_LAYOUT_H
#define MBE_LAYOUT_H

#include "mbe_dialect.h"

// per-member run status (MBE_INFO_STATUS); 0 = ok, everything else says why the member stopped
#define MBE_RUN_STATUS_LIST(X)                                                                \
  X(MBE_RUN_OK, 0, "ok", "finished")                                                          \
  X(MBE_RUN_NONFINITE, 1, "non-finite", "a state or derivative became NaN or infinite")       \
  X(MBE_RUN_STEP_UNDERFLOW, 2, "step-underflow", "the step size fell below the minimum")      \
  X(MBE_RUN_MAX_STEPS, 3, "max-steps", "the step budget was used up before the stop time")    \
  X(MBE_RUN_RHS_FAIL, 4, "rhs-fail", "the right-hand side reported an unrecoverable failure") \
  X(MBE_RUN_NOT_RUN, 5, "not-run", "the member was not integrated")                           \
  X(MBE_RUN_NEWTON_FAIL, 6, "newton-fail",                                                    \
    "an algebraic solve (a junction's or a law's Newton, a while loop) did not converge")      \
  X(MBE_RUN_ASSERT, 7, "assert", "an assertion failed")                                      \
  X(MBE_RUN_INIT_FAIL, 8, "init-fail",                                                        \
    "the initial state has no solution (a kinematic loop that does not close, initial "        \
    "conditions not met, or another algebraic solve that fails at the start time)")

#define MBE_RUN_ENUM_(name, value, word, text) name = value,
typedef enum MbeRunStatus { MBE_RUN_STATUS_LIST(MBE_RUN_ENUM_) MBE_RUN_COUNT } MbeRunStatus;
#undef MBE_RUN_ENUM_

// integration methods (MBE_CFG_METHOD)
typedef enum MbeMethod { MBE_METHOD_RK4 = 0, MBE_METHOD_DOPRI5 = 1, MBE_METHOD_COUNT } MbeMethod;

// what an aggregate of a quantity of interest computes over the output grid (the low byte of
// its code); the values are stable (they enter run identities)
typedef enum MbeQoiKind {
  MBE_QOI_FINAL = 0,    // the value at the stop time
  MBE_QOI_MIN,          // the smallest value on the grid
  MBE_QOI_MAX,          // the largest value on the grid
  MBE_QOI_MEAN,         // the time mean (trapezoids), integral / (t1 - t0)
  MBE_QOI_INTEGRAL,     // the time integral (trapezoids)
  MBE_QOI_CROSS,        // the first time the signal crosses the level, either way
  MBE_QOI_CROSS_UP,     // the first time it crosses the level upwards
  MBE_QOI_CROSS_DOWN,   // the first time it crosses the level downwards
  MBE_QOI_INITIAL,      // the value at the start time
  MBE_QOI_TIME_AT_MIN,  // the first grid time of the smallest value
  MBE_QOI_TIME_AT_MAX,  // the first grid time of the largest value
  MBE_QOI_COUNT
} MbeQoiKind;

// flag on a code: the quantity of |signal|
#define MBE_QOI_ABS 256

// run configuration, real part: one array of MBE_CFGR_COUNT values for the whole launch
typedef enum MbeCfgReal {
  MBE_CFGR_T0 = 0,  // start time (s)
  MBE_CFGR_T1,      // stop time (s), > T0
  MBE_CFGR_H,       // RK4: largest step (s); DOPRI5: initial step, 0 = estimated
  MBE_CFGR_HMIN,    // DOPRI5: smallest step before MBE_RUN_STEP_UNDERFLOW (s)
  MBE_CFGR_HMAX,    // DOPRI5: largest step (s)
  MBE_CFGR_RTOL,    // DOPRI5: relative tolerance
  MBE_CFGR_ATOL,    // DOPRI5: absolute tolerance
  MBE_CFGR_COUNT
} MbeCfgReal;

// run configuration, integer part
typedef enum MbeCfgInt {
  MBE_CFGI_METHOD = 0,  // MbeMethod
  MBE_CFGI_NOUT,        // output grid points t_k = T0 + k (T1 - T0)/(NOUT - 1), k < NOUT; >= 2
  MBE_CFGI_MAX_STEPS,   // step budget per member (accepted + rejected)
  MBE_CFGI_COUNT
} MbeCfgInt;

// per-member info record, MBE_INFO_COUNT integers per member
typedef enum MbeInfo {
  MBE_INFO_STATUS = 0,  // MbeRunStatus
  MBE_INFO_STEPS,       // accepted steps
  MBE_INFO_REJECTED,    // rejected steps
  MBE_INFO_NRHS,        // right-hand side evaluations
  MBE_INFO_ASSERT,      // ASSERT: the error-level assertion that stopped the member, 1-based (the
                        // system's order); 0 when none did
  MBE_INFO_WARNED,      // the first warning-level assertion found false, 1-based; 0: none
  MBE_INFO_ASSERT_TLO,  // ASSERT: the time the assertion was found false (s), as the bits of
  MBE_INFO_ASSERT_THI,  // mbe_real: the low and high 32 bits (a float's: THI = 0)
  MBE_INFO_EVENTS,      // events located (relations that changed their value)
  MBE_INFO_COUNT
} MbeInfo;

// the one accessor for per-variant arrays: element i (of n per variant) of variant v (of nvar in
// the launch). The layout is a build option of the program: variant-fastest on devices, so
// neighbouring work-items touch neighbouring addresses, variant-major on CPU threads.
#if defined(MBE_LAYOUT_VARIANT_FASTEST) && MBE_LAYOUT_VARIANT_FASTEST
#define MBE_AT(i, v, n, nvar) ((mbe_long)(i) * (mbe_long)(nvar) + (mbe_long)(v))
#else
#define MBE_AT(i, v, n, nvar) ((mbe_long)(v) * (mbe_long)(n) + (mbe_long)(i))
#endif

#endif
