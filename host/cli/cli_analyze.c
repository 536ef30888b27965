// SPDX-License-Identifier: Apache-2.0
// mbens analyze: the Sobol' indices of a Saltelli run, or Morris's elementary effects of a Morris
// run, printed and written beside it.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "ensemble_analyze.h"

static void analyze_help(FILE* f) {
  fprintf(f,
          "usage: mbens analyze DIR [--regression] [--resamples N] [--conf LEVEL] [--seed S]\n"
          "                     [--plot] [--format png|svg|pdf] [--quiet]\n\n"
          "Analyzes every quantity of interest of the run in DIR (a whole, complete run: merge\n"
          "shards first), as SALib does, by the design it was run with:\n"
          "  --sampler saltelli: Sobol' indices (sobol.analyze): first order S1 (Saltelli\n"
          "    2010), total ST (Jansen), second order S2, each with a bootstrap confidence\n"
          "    interval (S1_conf: half its width); a failed member leaves its block of 2D + 2\n"
          "    members out. Writes DIR/sobol.csv (qoi, parameter, S1, S1_conf, ST, ST_conf),\n"
          "    DIR/sobol_s2.csv (qoi, parameter_1, parameter_2, S2, S2_conf) and\n"
          "    DIR/sobol_convergence.csv (the same from the first 16, 32, .. N blocks).\n"
          "  --sampler morris: Morris's elementary effects (morris.analyze): mu, mu_star, sigma\n"
          "    and mu_star's bootstrap interval, per unit of the grid's [0, 1] scale; a failed\n"
          "    member leaves its trajectory out. Writes DIR/morris.csv (qoi, parameter, mu,\n"
          "    mu_star, sigma, mu_star_conf).\n"
          "  any other design (mc, lhs, sobol, grid, a --design), or with --regression any\n"
          "    run: regression indices, SRC (standardized coefficients of the linear fit), SRRC\n"
          "    (the same on ranks), PRCC (partial rank correlations) and the fits' R^2; a\n"
          "    failed member is left out. Writes DIR/regression.csv (qoi, parameter, SRC, SRRC,\n"
          "    PRCC, R2, R2_rank).\n"
          "It prints the table.\n\n"
          "options:\n"
          "  --regression    regression indices whatever the design\n"
          "  --resamples N   bootstrap resamples (default 100; 0: no intervals)\n"
          "  --conf LEVEL    confidence level of the intervals (default 0.95)\n"
          "  --seed S        seed of the bootstrap (default 0): same inputs, same bits\n"
          "  --plot          then draw the run's pictures, its indices' too (mbens plot DIR)\n"
          "  --format F      of the pictures: png (default), svg or pdf\n"
          "  --quiet         write the files, print nothing\n"
          "  --help          this text\n\n"
          "exit codes: 0 done, 1 a file could not be written, 2 usage, a design it does not\n"
          "analyze, or a quantity without usable blocks\n");
}

static void print_regression(const MbeRegressionTable* ix) {
  printf("regression indices of %zu quantities over %zu parameters (%zu members)\n", ix->nqoi,
         ix->nparam, ix->nmembers);
  for (size_t q = 0; q < ix->nqoi; q++) {
    printf("\n%s (%zu members; R^2 %.4f, of ranks %.4f)\n", ix->qoi[q], ix->used[q], ix->r2[q],
           ix->r2_rank[q]);
    printf("  %-32s %10s %10s %10s\n", "parameter", "SRC", "SRRC", "PRCC");
    for (size_t j = 0; j < ix->nparam; j++) {
      size_t i = q * ix->nparam + j;
      printf("  %-32s %10.4f %10.4f %10.4f\n", ix->param[j], ix->src[i], ix->srrc[i],
             ix->prcc[i]);
    }
  }
}

// regression indices of the run in dir, printed unless quiet
static MbeStatus regression(const char* dir, bool quiet, MbeError* err) {
  MbeRegressionTable* rx = NULL;
  MbeStatus st = mbe_analyze_regression(dir, &rx, err);
  if (st == MBE_OK)
    st = mbe_regression_table_write(dir, rx, err);
  if (st == MBE_OK && !quiet) {
    print_regression(rx);
    printf("\nwritten: %s/regression.csv\n", dir);
  }
  mbe_regression_table_destroy(rx);
  return st;
}

static void print_morris(const MbeMorrisIndices* ix) {
  printf("Morris's elementary effects of %zu quantities over %zu parameters (r = %zu "
         "trajectories, %d levels)\n",
         ix->nqoi, ix->nparam, ix->ntraj, ix->levels);
  for (size_t q = 0; q < ix->nqoi; q++) {
    printf("\n%s (%zu of %zu trajectories)\n", ix->qoi[q], ix->used[q], ix->ntraj);
    printf("  %-32s %12s %12s %12s %12s\n", "parameter", "mu", "mu_star", "sigma",
           "mu_star_conf");
    for (size_t j = 0; j < ix->nparam; j++) {
      size_t i = q * ix->nparam + j;
      printf("  %-32s %12.5g %12.5g %12.5g %12.5g\n", ix->param[j], ix->mu[i], ix->mu_star[i],
             ix->sigma[i], ix->mu_star_conf[i]);
    }
  }
}

static void print_indices(const MbeSobolIndices* ix) {
  printf("Sobol' indices of %zu quantities over %zu parameters (N = %zu base points)\n",
         ix->nqoi, ix->nparam, ix->nblocks);
  for (size_t q = 0; q < ix->nqoi; q++) {
    printf("\n%s (%zu of %zu blocks)\n", ix->qoi[q], ix->used[q], ix->nblocks);
    printf("  %-32s %10s %10s %10s %10s\n", "parameter", "S1", "S1_conf", "ST", "ST_conf");
    for (size_t j = 0; j < ix->nparam; j++) {
      size_t i = q * ix->nparam + j;
      printf("  %-32s %10.4f %10.4f %10.4f %10.4f\n", ix->param[j], ix->s1[i], ix->s1_conf[i],
             ix->st[i], ix->st_conf[i]);
    }
  }
}

int mbe_cmd_analyze(int argc, char** argv) {
  const char* cmd = "analyze";
  const char* dir = NULL;
  bool quiet = false, regress = false, plot = false;
  MbePlotFormat fmt = MBE_PLOT_PNG;
  MbeAnalyzeDef def = mbe_analyze_def_default();
  for (int i = 1; i < argc; i++) {
    const char* a = argv[i];
    char* end = NULL;
    if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
      analyze_help(stdout);
      return MBE_EXIT_OK;
    } else if (strcmp(a, "--quiet") == 0) {
      quiet = true;
    } else if (strcmp(a, "--regression") == 0) {
      regress = true;
    } else if (strcmp(a, "--plot") == 0) {
      plot = true;
    } else if (strcmp(a, "--format") == 0) {
      if (i + 1 >= argc || !mbe_cli_plot_format(argv[i + 1], &fmt))
        return mbe_cli_usage_error(cmd, "--format takes png, svg or pdf, not '%s'",
                                   i + 1 < argc ? argv[i + 1] : "");
      i++;
    } else if ((strcmp(a, "--resamples") == 0 || strcmp(a, "--conf") == 0 ||
                strcmp(a, "--seed") == 0)) {
      if (i + 1 >= argc)
        return mbe_cli_usage_error(cmd, "%s needs a value", a);
      const char* v = argv[++i];
      if (strcmp(a, "--conf") == 0) {
        def.conf_level = strtod(v, &end);
        if (*end || !(def.conf_level > 0 && def.conf_level < 1))
          return mbe_cli_usage_error(cmd, "--conf takes a level in (0, 1), not '%s'", v);
      } else {
        unsigned long long x = strtoull(v, &end, 10);
        if (*end || *v == '-' || *v == '\0')
          return mbe_cli_usage_error(cmd, "%s takes a whole number >= 0, not '%s'", a, v);
        if (a[2] == 'r')
          def.nresamples = (size_t)x;
        else
          def.seed = x;
      }
    } else if (a[0] == '-') {
      return mbe_cli_usage_error(cmd, "unknown option '%s' (--regression, --resamples, --conf, "
                                      "--seed, --plot, --format, --quiet, --help)", a);
    } else if (dir) {
      return mbe_cli_usage_error(cmd, "one run directory, not '%s' and '%s'", dir, a);
    } else {
      dir = a;
    }
  }
  if (!dir)
    return mbe_cli_usage_error(cmd, "which run directory? (mbens analyze DIR)");
  MbeError err;
  mbe_error_clear(&err);
  char sampler[32];
  MbeStatus st = mbe_analyze_design(dir, sampler, sizeof sampler, &err);
  bool own = strcmp(sampler, "morris") == 0 || strcmp(sampler, "saltelli") == 0;
  if (st == MBE_OK && (regress || !own)) {
    st = regression(dir, quiet, &err);
  } else if (st == MBE_OK && strcmp(sampler, "morris") == 0) {
    MbeMorrisIndices* mx = NULL;
    st = mbe_analyze_morris(dir, &def, &mx, &err);
    if (st == MBE_OK)
      st = mbe_morris_indices_write(dir, mx, &err);
    if (st == MBE_OK && !quiet) {
      print_morris(mx);
      printf("\nwritten: %s/morris.csv\n", dir);
    }
    mbe_morris_indices_destroy(mx);
  } else if (st == MBE_OK) {
    MbeSobolIndices* ix = NULL;
    st = mbe_analyze_sobol(dir, &def, &ix, &err);
    if (st == MBE_OK)
      st = mbe_sobol_indices_write(dir, ix, &err);
    if (st == MBE_OK && !quiet) {
      print_indices(ix);
      printf("\nwritten: %s/sobol.csv, %s/sobol_s2.csv\n", dir, dir);
    }
    mbe_sobol_indices_destroy(ix);
  }
  if (st != MBE_OK) {
    mbe_cli_print_error(cmd, &err);
    return st == MBE_ERR_USAGE || st == MBE_ERR_INVALID_ARG ? MBE_EXIT_USAGE : MBE_EXIT_FAILURE;
  }
  return plot ? mbe_cli_plot_dir(cmd, dir, fmt, quiet) : MBE_EXIT_OK;
}
