// SPDX-License-Identifier: Apache-2.0
// mbens plot: the pictures of a run directory, drawn by gnuplot into DIR/plots.
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "ensemble_plot.h"

static void plot_help(FILE* f) {
  fprintf(f,
          "usage: mbens plot DIR [--format png|svg|pdf] [--quiet]\n\n"
          "Draws the pictures of the run in DIR (a whole, complete run) with gnuplot into\n"
          "DIR/plots:\n"
          "  fan_SIGNAL        each --signals signal over time: median, 25-75 %% and 5-95 %%\n"
          "                    bands, range, mean (stats.csv)\n"
          "  hist_QOI          each quantity of interest: histogram and empirical CDF\n"
          "  scatter_QOI       each quantity of interest over each parameter (the first 5000\n"
          "                    members that finished)\n"
          "  sobol_time_SIGNAL each --signals signal's Sobol' indices over time: S1 stacked,\n"
          "                    ST as lines (sobol_time.csv of a Saltelli run)\n"
          "  sobol_QOI         S1 and ST bars with their intervals (after mbens analyze of a\n"
          "                    Saltelli run)\n"
          "  morris_QOI        sigma over mu_star, labelled (after mbens analyze of a Morris run)\n"
          "  regression_QOI    SRC, SRRC and PRCC bars (after mbens analyze)\n"
          "Each picture's data (.dat) and gnuplot script (.gp) stay beside it: edit the script\n"
          "and run `gnuplot NAME.gp` in DIR/plots to restyle it. Without gnuplot (Debian:\n"
          "gnuplot-nox) the data and scripts are written and the pictures are not.\n\n"
          "options:\n"
          "  --format F   png (default), svg or pdf\n"
          "  --quiet      print nothing\n"
          "  --help       this text\n\n"
          "exit codes: 0 done, 1 a file could not be written or gnuplot failed, 2 usage or no\n"
          "run there\n");
}

// draws the pictures of dir and says what it did unless quiet; an exit code
int mbe_cli_plot_dir(const char* cmd, const char* dir, MbePlotFormat fmt, bool quiet) {
  MbeError err;
  mbe_error_clear(&err);
  MbePlotReport rep;
  MbeStatus st = mbe_plot_run(dir, fmt, &rep, &err);
  if (st != MBE_OK) {
    mbe_cli_print_error(cmd, &err);
    return st == MBE_ERR_USAGE || st == MBE_ERR_INVALID_ARG ? MBE_EXIT_USAGE : MBE_EXIT_FAILURE;
  }
  if (!quiet && rep.gnuplot) {
    printf("%zu pictures (%s) in %s/plots, each with its data and gnuplot script\n",
           rep.npictures, mbe_plot_format_ext(fmt), dir);
  } else if (!quiet) {
    printf("gnuplot not found: the data and scripts of %zu pictures are in %s/plots; install "
           "gnuplot (Debian: gnuplot-nox) and run `gnuplot NAME.gp` there\n",
           rep.nscripts, dir);
  }
  return MBE_EXIT_OK;
}

bool mbe_cli_plot_format(const char* v, MbePlotFormat* fmt) {
  for (int f = MBE_PLOT_PNG; f <= MBE_PLOT_PDF; f++) {
    if (strcmp(v, mbe_plot_format_ext((MbePlotFormat)f)) == 0) {
      *fmt = (MbePlotFormat)f;
      return true;
    }
  }
  return false;
}

int mbe_cmd_plot(int argc, char** argv) {
  const char* cmd = "plot";
  const char* dir = NULL;
  bool quiet = false;
  MbePlotFormat fmt = MBE_PLOT_PNG;
  for (int i = 1; i < argc; i++) {
    const char* a = argv[i];
    if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
      plot_help(stdout);
      return MBE_EXIT_OK;
    } else if (strcmp(a, "--quiet") == 0) {
      quiet = true;
    } else if (strcmp(a, "--format") == 0) {
      if (i + 1 >= argc || !mbe_cli_plot_format(argv[i + 1], &fmt))
        return mbe_cli_usage_error(cmd, "--format takes png, svg or pdf, not '%s'",
                                   i + 1 < argc ? argv[i + 1] : "");
      i++;
    } else if (a[0] == '-') {
      return mbe_cli_usage_error(cmd, "unknown option '%s' (--format, --quiet, --help)", a);
    } else if (dir) {
      return mbe_cli_usage_error(cmd, "one run directory, not '%s' and '%s'", dir, a);
    } else {
      dir = a;
    }
  }
  if (!dir)
    return mbe_cli_usage_error(cmd, "which run directory? (mbens plot DIR)");
  return mbe_cli_plot_dir(cmd, dir, fmt, quiet);
}
