// SPDX-License-Identifier: Apache-2.0
// Parameter estimation against measured trajectories: the least squares of model minus data over
// the data's times and signals, minimized by MINPACK's Levenberg-Marquardt (lmder of Debian's
// cminpack) with the Jacobian computed as one batch of perturbed members (central differences),
// and confidence intervals from the Jacobian at the optimum: cov = s^2 (J^T J)^-1 with
// s^2 = SSR / (m - n), intervals of Student's t with m - n degrees of freedom. The measurement
// errors are taken as independent with one variance across signals (scale the data's columns to
// make that so).
#ifndef MBE_FIT_H
#define MBE_FIT_H

#include <stdbool.h>
#include <stddef.h>

#include "mbe_evaluator.h"
#include "mbe_export.h"

MBE_BEGIN_DECLS

typedef struct MbeFitDef {
  const MbeModel* model;
  const char* const* vary;  // (nvary) the parameters to estimate
  const double* start;      // (nvary) where the search starts; NULL or a NaN entry: the
                            // model's value
  size_t nvary;
  const double* time;          // (ntimes) the measurements' times: rising, on one uniform grid
  size_t ntimes;               // from the run's start time (any subset of its points)
  const char* const* signals;  // (nsignals) the model's signals measured
  size_t nsignals;
  const double* data;  // (ntimes, nsignals) row-major; NaN: a missing value
  MbeRunDef run;       // t1 and nout are set from the data; method and tolerances are used
  MbeBackendDef backend;
  MbePrecision precision;
  size_t max_evaluations;  // residual evaluations lmder may make (0: 100 (nvary + 1))
  double conf_level;       // of the intervals (0.95)
} MbeFitDef;

MBE_API MbeFitDef mbe_fit_def_default(const MbeModel* m);

typedef struct MbeFitResult {
  double* p;   // (nvary) the estimates; owned like the arrays below (mbe_fit_result_deinit)
  double* se;  // (nvary) their standard errors (NaN where the data do not determine them)
  double* lo;  // (nvary) the confidence interval
  double* hi;
  double* cov;    // (nvary, nvary) the covariance
  double* start;  // (nvary) where the search started
  double* rms;    // (nsignals) the residuals' root mean square per data column
  size_t nsignals;
  double ssr;           // the sum of squared residuals at the estimates
  size_t m;             // residuals (data values)
  int info;             // lmder's: 1-4 converged (ftol, xtol, both, gtol), 5 evaluations used up,
                        // 6-8 tolerances too small
  const char* why;      // lmder's info in words
  size_t nfev, njev;    // residual and Jacobian evaluations
  size_t members;       // members integrated in all
  bool rank_deficient;  // J^T J singular: the data do not determine every parameter
} MbeFitResult;

// Estimates the parameters. Errors: MBE_ERR_USAGE for times off a uniform grid or before the
// start time, a signal the model does not have, fewer data values than parameters, a start
// outside the model's bounds; those of mbe_evaluator_create; MBE_ERR_INTERNAL when lmder refuses
// its input. Nullable: err.
MBE_API MbeStatus mbe_fit(const MbeFitDef* def, MbeFitResult* out, MbeError* err);

MBE_API void mbe_fit_result_deinit(MbeFitResult* r);

MBE_END_DECLS

#endif
