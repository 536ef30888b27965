// SPDX-License-Identifier: Apache-2.0
// The RK4 step check of simulate and run: the model's modes at the start (mbe_evaluator_modes)
// against the step the kernel will take, and a warning that says what step would do
// (mbe_rk4_step_warning of mbe/mbe_evaluator.h).
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "mbe/mbe_evaluator.h"

#define TWO_PI 6.28318530717958647693

// "period 1 s" or "time constant 0.1 s" of the mode lambda = re + i im; its length (s) in *len
static const char* mode_kind(double re, double im, double* len) {
  if (fabs(im) > 1e-9 * fabs(re)) {
    *len = TWO_PI / fabs(im);
    return "period";
  }
  *len = 1 / fabs(re);
  return "time constant";
}

// the step the kernel takes: each output interval in m = ceil(dt / h) equal steps, with the
// kernel's allowance of 16 rounding units (kernels/integrate/mbe_integrate.h), so a step that
// does not divide the interval is shortened, never stretched, and the grid is hit exactly
static double kernel_step(const MbeRunDef* run, double* m) {
  double dt = (run->t1 - run->t0) / (run->nout - 1);
  *m = fmax(1, ceil(dt / run->h * (1 - 16 * DBL_EPSILON)));
  return dt / *m;
}

static void format_warning(char* buf, size_t size, const MbeRunDef* run, double h, double m,
                           const MbeStepAdvice* a, const double* re, const double* im) {
  // the step as asked, and as taken where that differs
  char step[160];
  if (fabs(h - run->h) > 1e-9 * h && m == 1) {
    snprintf(step, sizeof step, "h = %g s (--step %g cut to the output interval)", h, run->h);
  } else if (fabs(h - run->h) > 1e-9 * h) {
    snprintf(step, sizeof step,
             "h = %g s (--step %g splits each %g s output interval into %g steps)", h, run->h,
             h * m, m);
  } else {
    snprintf(step, sizeof step, "h = %g s", h);
  }

  // the mode the verdict is about (the modes come fastest first)
  double len;
  const char* kind = mode_kind(re[a->mode], im[a->mode], &len);
  bool is_fastest = hypot(re[a->mode], im[a->mode]) >= (1 - 1e-6) * hypot(re[0], im[0]);
  const char* which = is_fastest ? "its fastest mode" : "one of its modes";
  const char* per = kind[0] == 'p' ? "a period" : "per time constant";
  if (a->verdict == MBE_STEP_UNSTABLE) {
    snprintf(buf, size,
             "the step %s is unstable for this model: %s (%s %.3g s at the start) needs h < "
             "%.3g s for stability; use --step %g or less for accuracy (or --method dopri5)",
             step, which, kind, len, a->h_stable, a->suggest);
  } else {
    snprintf(buf, size,
             "the step %s is inaccurate for this model: %s (%s %.3g s at the start) gets %.3g "
             "steps %s, and RK4 errs by %.2g %% of its amplitude per radian; use --step %g or "
             "less for accuracy (or --method dopri5)",
             step, which, kind, len, len / h, per, 100 * a->error, a->suggest);
  }
}

bool mbe_rk4_step_warning(const MbeRunDef* run, const double* re, const double* im, size_t n,
                          char* buf, size_t size) {
  if (run->method != MBE_RUN_METHOD_RK4 || n == 0 || !(run->h > 0) || run->nout < 2) {
    return false;
  }
  double m;
  double h = kernel_step(run, &m);
  MbeStepAdvice a = mbe_rk4_step_advice(re, im, n, h, run->rtol);
  if (a.verdict == MBE_STEP_OK) {
    return false;
  }
  format_warning(buf, size, run, h, m, &a, re, im);
  return true;
}
