// SPDX-License-Identifier: Apache-2.0
// Indices of a finished run directory: the design and names from manifest.json, every member's
// quantities of interest (and parameters) from members.csv, Sobol' indices or Morris's effects
// from analysis/ (plain arrays), the tables written beside them. What `mbens analyze` does, for
// library users too.
#ifndef MBE_ENSEMBLE_ANALYZE_H
#define MBE_ENSEMBLE_ANALYZE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base.h"

// how to analyze; start from mbe_analyze_def_default()
typedef struct MbeAnalyzeDef {
  size_t nresamples;  // bootstrap resamples (default 100, as SALib)
  double conf_level;  // of the intervals (default 0.95)
  uint64_t seed;      // of the bootstrap (default 0)
  bool as_design;     // read the members in the layout asked for whatever the run's --sampler
                      // (a --design made by SALib's saltelli.sample or morris.sample)
  int levels;         // the Morris grid's levels where the run does not say (default 4)
  bool first_order_only;  // with as_design: a Saltelli design of blocks of D + 2 (no S2)
} MbeAnalyzeDef;

MbeAnalyzeDef mbe_analyze_def_default(void);

// Sobol' indices of every quantity of interest of a Saltelli run: arrays by qoi q and parameter
// j at q * nparam + j (s2: q * nparam^2 + j * nparam + k, j < k; NaN elsewhere)
typedef struct MbeSobolIndices {
  size_t nqoi, nparam, nblocks;  // nblocks: the design's N
  bool second_order;             // the design had BA rows: s2 is set (NaN otherwise)
  char** qoi;                    // (nqoi) names
  char** param;                  // (nparam) names
  double *s1, *s1_conf, *st, *st_conf;  // (nqoi x nparam)
  double *s2, *s2_conf;                 // (nqoi x nparam x nparam)
  size_t* used;                         // (nqoi) blocks without a failed member
  // the convergence: S1, S1_conf, ST, ST_conf from the first conv_n[c] blocks (N, N/2, N/4 ..
  // down to 16), at (c * nqoi + q) * nparam + j
  size_t nconv;
  size_t* conv_n;
  double *conv_s1, *conv_s1_conf, *conv_st, *conv_st_conf;
} MbeSobolIndices;

// Reads the run in dir (a whole run: not a shard's part, every member done) and computes the
// Sobol' indices of each of its quantities of interest. A member that did not finish (status
// other than ok) or whose quantity is not finite leaves its whole block out of that quantity's
// indices. Errors: MBE_ERR_USAGE (no run there, not a Saltelli design, a partial run: the
// message says what to do), MBE_ERR_INVALID_ARG (malformed files, naming file:line),
// MBE_ERR_NOMEM. Returns owned through *out (mbe_sobol_indices_destroy). Nullable: err.
MbeStatus mbe_analyze_sobol(const char* dir, const MbeAnalyzeDef* def, MbeSobolIndices** out,
                            MbeError* err);

// Writes dir/sobol.csv (qoi, parameter, S1, S1_conf, ST, ST_conf: SALib's names),
// dir/sobol_s2.csv (qoi, parameter_1, parameter_2, S2, S2_conf) and dir/sobol_convergence.csv
// (qoi, parameter, N, S1, S1_conf, ST, ST_conf for the design's first N blocks), %.17g, NaN as
// nan.
MbeStatus mbe_sobol_indices_write(const char* dir, const MbeSobolIndices* ix, MbeError* err);

void mbe_sobol_indices_destroy(MbeSobolIndices* ix);

// The design the run in dir was made with (its --sampler: "saltelli", "morris", "mc", ...) into
// sampler (size bytes), after the checks of a whole, complete run. Nullable: err.
MbeStatus mbe_analyze_design(const char* dir, char* sampler, size_t size, MbeError* err);

// Morris's elementary effects of every quantity of interest of a Morris run: arrays by qoi q
// and parameter j at q * nparam + j (SALib's morris.analyze: mu, mu_star, sigma, and mu_star's
// bootstrap interval); effects per unit of the grid's [0, 1] scale
typedef struct MbeMorrisIndices {
  size_t nqoi, nparam, ntraj;  // ntraj: the design's trajectories r
  int levels;                  // of its grid
  char** qoi;                  // (nqoi) names
  char** param;                // (nparam) names
  double *mu, *mu_star, *sigma, *mu_star_conf;  // (nqoi x nparam)
  size_t* used;                                 // (nqoi) trajectories without a failed member
} MbeMorrisIndices;

// Reads the Morris run in dir and computes its effects (a trajectory with a failed member is
// left out). Errors as mbe_analyze_sobol's.
MbeStatus mbe_analyze_morris(const char* dir, const MbeAnalyzeDef* def, MbeMorrisIndices** out,
                             MbeError* err);

// Writes dir/morris.csv (qoi, parameter, mu, mu_star, sigma, mu_star_conf: SALib's names).
MbeStatus mbe_morris_indices_write(const char* dir, const MbeMorrisIndices* ix, MbeError* err);

void mbe_morris_indices_destroy(MbeMorrisIndices* ix);

// Total indices and radial elementary effects of every quantity of interest of a radial run
// (analysis/mbe_radial.h): by qoi q and parameter j at q * nparam + j; effects per unit of each
// parameter's probability range
typedef struct MbeRadialIndices {
  size_t nqoi, nparam, nblocks;  // nblocks: the design's N
  char** qoi;                    // (nqoi) names
  char** param;                  // (nparam) names
  double *st, *st_conf, *mu, *mu_star, *sigma, *mu_star_conf;  // (nqoi x nparam)
  size_t* used;  // (nqoi) blocks without a failed member
} MbeRadialIndices;

// Reads the radial run in dir and computes its indices (a block with a failed member is left
// out). Errors as mbe_analyze_sobol's.
MbeStatus mbe_analyze_radial(const char* dir, const MbeAnalyzeDef* def, MbeRadialIndices** out,
                             MbeError* err);

// Writes dir/radial.csv (qoi, parameter, ST, ST_conf, mu, mu_star, sigma, mu_star_conf).
MbeStatus mbe_radial_indices_write(const char* dir, const MbeRadialIndices* ix, MbeError* err);

void mbe_radial_indices_destroy(MbeRadialIndices* ix);

// regression indices of every quantity of interest of any run (analysis/mbe_regression.h):
// SRC, SRRC, PRCC by qoi q and parameter j at q * nparam + j; the fits' R^2 by qoi
typedef struct MbeRegressionTable {
  size_t nqoi, nparam, nmembers;
  char** qoi;    // (nqoi) names
  char** param;  // (nparam) names
  double *src, *srrc, *prcc;  // (nqoi x nparam)
  double *r2, *r2_rank;       // (nqoi)
  size_t* used;               // (nqoi) members that finished with a finite quantity
} MbeRegressionTable;

// Reads the run in dir (any design) and computes its regression indices (a failed member left
// out). Errors as mbe_analyze_sobol's.
MbeStatus mbe_analyze_regression(const char* dir, MbeRegressionTable** out, MbeError* err);

// Writes dir/regression.csv (qoi, parameter, SRC, SRRC, PRCC, R2, R2_rank).
MbeStatus mbe_regression_table_write(const char* dir, const MbeRegressionTable* ix,
                                     MbeError* err);

void mbe_regression_table_destroy(MbeRegressionTable* ix);

#endif
