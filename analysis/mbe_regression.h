// SPDX-License-Identifier: Apache-2.0
// Regression-based sensitivity indices of any design (Monte Carlo, Latin hypercube, Sobol,
// a grid or a user's design): standardized regression coefficients (SRC) of a linear fit with
// its R^2, the same on ranks (SRRC, R^2 of ranks), and partial rank correlation coefficients
// (PRCC). Least squares through LAPACKE (dgels). Plain arrays in, caller's arrays out.
#ifndef MBE_REGRESSION_H
#define MBE_REGRESSION_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum MbeRegressionStatus {
  MBE_REGRESSION_OK = 0,
  MBE_REGRESSION_ERR_ARG = -1,       // d or n is 0, a NULL array
  MBE_REGRESSION_ERR_TOO_FEW = -2,   // not more finite rows than parameters + 1
  MBE_REGRESSION_ERR_CONSTANT = -3,  // the output or a parameter does not vary
  MBE_REGRESSION_ERR_NOMEM = -4,
  MBE_REGRESSION_ERR_SOLVE = -5      // the least-squares problem is rank deficient
} MbeRegressionStatus;

// x: n rows of d parameter values (row-major), y: n outputs; a row whose output is not finite is
// left out (*nused rows used; may be NULL). src, srrc, prcc: d entries; r2, r2_rank: one each.
// SRC_j = b_j sd(x_j) / sd(y) of the least-squares fit y ~ 1 + x; SRRC the same on the ranks
// (ties get their mean rank); PRCC_j the correlation of the residuals of rank(x_j) and rank(y)
// each fitted on the other parameters' ranks.
MbeRegressionStatus mbe_regression_indices(size_t n, size_t d, const double* x, const double* y,
                                           double* src, double* srrc, double* prcc, double* r2,
                                           double* r2_rank, size_t* nused);

const char* mbe_regression_status_str(MbeRegressionStatus st);

#ifdef __cplusplus
}
#endif

#endif
