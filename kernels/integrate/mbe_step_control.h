// SPDX-License-Identifier: Apache-2.0
// Step-size control for the adaptive methods: Hairer's RMS error norm and the PI controller of
// DOPRI5 (beta = 0.04). No transcendental functions: the powers come from a fifth root built of
// exponent bits, Newton steps and sqrt, so every backend computes the same step sizes.
#ifndef MBE_STEP_CONTROL_H
#define MBE_STEP_CONTROL_H

#include "mbe_real.h"

#define MBE_STEP_SAFE MBE_R(0.9)   // safety factor on the optimal step
#define MBE_STEP_FAC_HI MBE_R(5.0) // h / h_new <= 5: h_new >= h / 5 (Hairer's fac1 = 0.2)
#define MBE_STEP_FAC_LO MBE_R(0.1) // h / h_new >= 1/10: h_new <= 10 h (Hairer's fac2 = 10)
#define MBE_STEP_FACOLD_ROOT MBE_R(0.691830970918936487534) // (1e-4)^(1/25): Hairer's facold floor
#define MBE_STEP_ERR_LO MBE_R(1.0e-10) // errors are clamped to [LO, HI] before the powers;
#define MBE_STEP_ERR_HI MBE_R(1.0e10)  // the factor limits make the clamp invisible

// PI controller state of one member
typedef struct MbeStepControl {
  mbe_real facold_root; // facold^(1/25) = facold^beta, facold = max(err, 1e-4), last accepted step
  mbe_int is_rejected;  // the last attempt was rejected: no growth on the next acceptance
} MbeStepControl;

// Returns x^(1/5) for x in [MBE_REAL_MIN, MBE_REAL_MAX]. The bits of a positive real are a shifted,
// scaled log2 (guess within 9 %); five Newton steps on y^5 = x then reach rounding level.
MBE_FN mbe_real mbe_step_root5(mbe_real x) {
  const mbe_ireal one = (mbe_ireal)MBE_REAL_TO_BITS(MBE_R(1.0));
  const mbe_ireal bits = (mbe_ireal)MBE_REAL_TO_BITS(x);
  mbe_real y = MBE_BITS_TO_REAL((mbe_ureal)(one + (bits - one) / 5));

  // y <- (4 y + x / y^4) / 5, quadratic convergence from either side
  for (mbe_int i = 0; i < 5; i++) {
    const mbe_real y2 = y * y;
    y = MBE_R(0.8) * y + MBE_R(0.2) * (x / (y2 * y2));
  }
  return y;
}

// Returns Hairer's fac11 = err^(1/5 - 3 beta / 4) = err^0.17 and stores err^(1/25) in *root25.
// err^0.17 = err^(1/5) / (err^(1/25))^(3/4), and r^(3/4) = sqrt(r) sqrt(sqrt(r)).
MBE_FN mbe_real mbe_step_fac11(mbe_real err, mbe_real* root25) {
  const mbe_real e = mbe_fmin(mbe_fmax(err, MBE_STEP_ERR_LO), MBE_STEP_ERR_HI);
  const mbe_real r5 = mbe_step_root5(e);
  const mbe_real r25 = mbe_step_root5(r5);
  const mbe_real s = mbe_sqrt(r25);
  *root25 = r25;
  return r5 / (s * mbe_sqrt(s));
}

// Returns the controller state before the first step (facold = 1e-4, as Hairer's code).
MBE_FN MbeStepControl mbe_step_control_init(void) {
  MbeStepControl c;
  c.facold_root = MBE_STEP_FACOLD_ROOT;
  c.is_rejected = 0;
  return c;
}

// Returns the next step after an accepted step of size h with error norm err <= 1:
// h / clamp(err^0.17 / facold^0.04 / safe, 1/10, 5), not larger than h right after a rejection.
MBE_FN mbe_real mbe_step_control_accept(MbeStepControl* c, mbe_real h, mbe_real err) {
  mbe_real r25;
  const mbe_real fac11 = mbe_step_fac11(err, &r25);

  // PI factor, bounded both ways
  mbe_real fac = fac11 / c->facold_root / MBE_STEP_SAFE;
  fac = mbe_fmax(MBE_STEP_FAC_LO, mbe_fmin(MBE_STEP_FAC_HI, fac));
  mbe_real hnew = h / fac;

  // no growth right after a rejection; remember max(err, 1e-4)^beta
  if (c->is_rejected) {
    hnew = mbe_fmin(hnew, h);
  }
  c->facold_root = mbe_fmax(r25, MBE_STEP_FACOLD_ROOT);
  c->is_rejected = 0;
  return hnew;
}

// Returns the retry step after a step of size h was rejected with finite error norm err > 1:
// h / min(5, err^0.17 / safe).
MBE_FN mbe_real mbe_step_control_reject(MbeStepControl* c, mbe_real h, mbe_real err) {
  mbe_real r25;
  const mbe_real fac11 = mbe_step_fac11(err, &r25);
  c->is_rejected = 1;
  return h / mbe_fmin(MBE_STEP_FAC_HI, fac11 / MBE_STEP_SAFE);
}

// Returns the retry step after a step of size h failed without a usable error (non-finite values
// or a recoverable right-hand side failure): the largest shrink, h / 5 (as 0.2 h).
MBE_FN mbe_real mbe_step_control_fail(MbeStepControl* c, mbe_real h) {
  c->is_rejected = 1;
  return MBE_R(0.2) * h;
}

// Returns Hairer's RMS error norm sqrt(mean_i (e_i / sk_i)^2), sk_i = atol + rtol max(|x_i|,
// |xnew_i|), over n components. A zero error component counts zero even where sk_i = 0.
MBE_FN mbe_real mbe_step_error_norm(mbe_int n, const mbe_real* x, const mbe_real* xnew,
                                    const mbe_real* xerr, mbe_real rtol, mbe_real atol) {
  mbe_real sum = MBE_R(0.0);
  for (mbe_int i = 0; i < n; i++) {
    const mbe_real sk = atol + rtol * mbe_fmax(mbe_fabs(x[i]), mbe_fabs(xnew[i]));
    const mbe_real q = xerr[i] == MBE_R(0.0) ? MBE_R(0.0) : xerr[i] / sk;
    sum += q * q;
  }
  return mbe_sqrt(sum / (mbe_real)n);
}

#endif
