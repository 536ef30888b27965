// SPDX-License-Identifier: Apache-2.0
// The pictures of a run directory, drawn by gnuplot into DIR/plots: a fan chart of each
// statistics signal (stats.csv), a histogram with its empirical CDF and a scatter over the
// parameters of each quantity of interest (members.csv), and the index charts of what mbens
// analyze wrote (sobol.csv: S1 and ST bars with their intervals; morris.csv: sigma over mu_star;
// regression.csv: SRC, SRRC and PRCC bars). Each picture's data and gnuplot script stay beside
// it (analysis/mbe_plot.h).
#ifndef MBE_ENSEMBLE_PLOT_H
#define MBE_ENSEMBLE_PLOT_H

#include <stdbool.h>
#include <stddef.h>

#include "base.h"
#include "mbe_plot.h"

typedef struct MbePlotReport {
  size_t nscripts;   // pictures whose data and script were written
  size_t npictures;  // of them, drawn
  bool gnuplot;      // whether gnuplot was found (without it only the scripts are written)
} MbePlotReport;

// Writes and draws the pictures of the run in dir (a whole, complete run). Errors:
// MBE_ERR_USAGE (no run, a shard's part: as mbe_analyze_sobol), MBE_ERR_IO (a file cannot be
// written, gnuplot failed on a script, naming it), MBE_ERR_NOMEM. Nullable: err.
MbeStatus mbe_plot_run(const char* dir, MbePlotFormat fmt, MbePlotReport* rep, MbeError* err);

#endif
