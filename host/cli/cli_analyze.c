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
          "usage: mbens analyze DIR [--regression | --as saltelli|morris [--levels P]\n"
          "                     [--first-order-only]]\n"
          "                     [--resamples N] [--conf LEVEL] [--seed S] [--plot]\n"
          "                     [--format png|svg|pdf] [--quiet]\n\n"
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
          "  --sampler radial: Jansen's total indices ST and the radial elementary effects\n"
          "    (Campolongo, Saltelli and Cariboni 2011): mu, mu_star, sigma per unit of each\n"
          "    parameter's probability range, intervals of ST and mu_star; a failed member\n"
          "    leaves its block of D + 1 out. Writes DIR/radial.csv (qoi, parameter, ST,\n"
          "    ST_conf, mu, mu_star, sigma, mu_star_conf).\n"
          "  any other design (mc, lhs, sobol, grid, a --design), or with --regression any\n"
          "    run: regression indices, SRC (standardized coefficients of the linear fit), SRRC\n"
          "    (the same on ranks), PRCC (partial rank correlations) and the fits' R^2; a\n"
          "    failed member is left out. Writes DIR/regression.csv (qoi, parameter, SRC, SRRC,\n"
          "    PRCC, R2, R2_rank).\n"
          "Each table also goes to DIR/NAME.json: per quantity, each column as an array over the\n"
          "parameters in SALib's keys (S1, S1_conf, ST, ST_conf, S2 as a matrix; mu, mu_star,\n"
          "...), the blocks, trajectories or members used, null where not known.\n"
          "It prints the table.\n\n"
          "options:\n"
          "  --regression    regression indices whatever the design\n"
          "  --as L          read the members as a saltelli or morris design whatever the run's\n"
          "                  sampler: a --design matrix made by SALib's saltelli.sample (with\n"
          "                  second order) or morris.sample\n"
          "  --levels P      with --as morris: the grid's levels (default 4; a Morris run's\n"
          "                  manifest holds its own)\n"
          "  --first-order-only  with --as saltelli: blocks of D + 2 (calc_second_order=False)\n"
          "  --resamples N   bootstrap resamples of Sobol' and Morris indices (default 100; 0:\n"
          "                  no intervals)\n"
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
      printf("  %-32s %10.4f %10.4f %10.4f\n", ix->param[j], ix->src[i], ix->srrc[i], ix->prcc[i]);
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
    printf("\nwritten: %s/regression.csv, %s/regression.json\n", dir, dir);
  }
  mbe_regression_table_destroy(rx);
  return st;
}

static void print_morris(const MbeMorrisIndices* ix) {
  printf(
      "Morris's elementary effects of %zu quantities over %zu parameters (r = %zu "
      "trajectories, %d levels)\n",
      ix->nqoi, ix->nparam, ix->ntraj, ix->levels);
  for (size_t q = 0; q < ix->nqoi; q++) {
    printf("\n%s (%zu of %zu trajectories)\n", ix->qoi[q], ix->used[q], ix->ntraj);
    printf("  %-32s %12s %12s %12s %12s\n", "parameter", "mu", "mu_star", "sigma", "mu_star_conf");
    for (size_t j = 0; j < ix->nparam; j++) {
      size_t i = q * ix->nparam + j;
      printf("  %-32s %12.5g %12.5g %12.5g %12.5g\n", ix->param[j], ix->mu[i], ix->mu_star[i],
             ix->sigma[i], ix->mu_star_conf[i]);
    }
  }
}

static void print_radial(const MbeRadialIndices* ix) {
  printf(
      "total indices and radial effects of %zu quantities over %zu parameters (N = %zu base "
      "points)\n",
      ix->nqoi, ix->nparam, ix->nblocks);
  for (size_t q = 0; q < ix->nqoi; q++) {
    printf("\n%s (%zu of %zu blocks)\n", ix->qoi[q], ix->used[q], ix->nblocks);
    printf("  %-32s %10s %10s %12s %12s %12s\n", "parameter", "ST", "ST_conf", "mu", "mu_star",
           "sigma");
    for (size_t j = 0; j < ix->nparam; j++) {
      size_t i = q * ix->nparam + j;
      printf("  %-32s %10.4f %10.4f %12.5g %12.5g %12.5g\n", ix->param[j], ix->st[i],
             ix->st_conf[i], ix->mu[i], ix->mu_star[i], ix->sigma[i]);
    }
  }
}

static void print_indices(const MbeSobolIndices* ix) {
  printf("Sobol' indices of %zu quantities over %zu parameters (N = %zu base points)\n", ix->nqoi,
         ix->nparam, ix->nblocks);
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

// the options of mbens analyze
typedef struct AnalyzeOpts {
  const char* dir;
  bool quiet, regress, plot;
  const char* as;                 // --as: the layout to read the members as
  bool levels_given, boot_given;  // --levels; --resamples, --conf or --seed
  MbePlotFormat fmt;
  MbeAnalyzeDef def;
} AnalyzeOpts;

// a whole number option's value (--resamples, --seed, --levels) into o; an exit code or -1
static int number_option(const char* a, const char* v, AnalyzeOpts* o) {
  char* end = NULL;
  o->levels_given |= a[2] == 'l';
  o->boot_given |= a[2] != 'l';
  if (strcmp(a, "--conf") == 0) {
    o->def.conf_level = strtod(v, &end);
    if (*end || !(o->def.conf_level > 0 && o->def.conf_level < 1))
      return mbe_cli_usage_error("analyze", "--conf takes a level in (0, 1), not '%s'", v);
    return -1;
  }
  unsigned long long x = strtoull(v, &end, 10);
  if (*end || *v == '-' || *v == '\0')
    return mbe_cli_usage_error("analyze", "%s takes a whole number >= 0, not '%s'", a, v);
  if (a[2] == 'r')
    o->def.nresamples = (size_t)x;
  else if (a[2] == 'l')
    o->def.levels = (int)(x < 1000 ? x : 1000);
  else
    o->def.seed = x;
  return -1;
}

// parses the command line into o: -1 to go on, else the exit code
static int parse_options(int argc, char** argv, AnalyzeOpts* o) {
  const char* cmd = "analyze";
  for (int i = 1; i < argc; i++) {
    const char* a = argv[i];
    const char* next = i + 1 < argc ? argv[i + 1] : "";
    int rc = -1;
    if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
      analyze_help(stdout);
      return MBE_EXIT_OK;
    } else if (strcmp(a, "--quiet") == 0) {
      o->quiet = true;
    } else if (strcmp(a, "--regression") == 0) {
      o->regress = true;
    } else if (strcmp(a, "--plot") == 0) {
      o->plot = true;
    } else if (strcmp(a, "--first-order-only") == 0) {
      o->def.first_order_only = true;
    } else if (strcmp(a, "--as") == 0) {
      if (strcmp(next, "saltelli") != 0 && strcmp(next, "morris") != 0)
        return mbe_cli_usage_error(cmd, "--as takes saltelli or morris, not '%s'", next);
      o->as = argv[++i];
      o->def.as_design = true;
    } else if (strcmp(a, "--format") == 0) {
      if (!mbe_cli_plot_format(next, &o->fmt))
        return mbe_cli_usage_error(cmd, "--format takes png, svg or pdf, not '%s'", next);
      i++;
    } else if (strcmp(a, "--resamples") == 0 || strcmp(a, "--conf") == 0 ||
               strcmp(a, "--seed") == 0 || strcmp(a, "--levels") == 0) {
      if (i + 1 >= argc)
        return mbe_cli_usage_error(cmd, "%s needs a value", a);
      rc = number_option(a, argv[++i], o);
    } else if (a[0] == '-') {
      return mbe_cli_usage_error(cmd,
                                 "unknown option '%s' (--regression, --as, --levels, "
                                 "--first-order-only, --resamples, --conf, --seed, --plot, "
                                 "--format, --quiet, --help)",
                                 a);
    } else if (o->dir) {
      return mbe_cli_usage_error(cmd, "one run directory, not '%s' and '%s'", o->dir, a);
    } else {
      o->dir = a;
    }
    if (rc >= 0)
      return rc;
  }
  if (!o->dir)
    return mbe_cli_usage_error(cmd, "which run directory? (mbens analyze DIR)");
  if (o->regress && o->as)
    return mbe_cli_usage_error(cmd,
                               "--regression takes the run as it is; --as reads it as a "
                               "design: one or the other");
  if (o->levels_given && !(o->as && strcmp(o->as, "morris") == 0))
    return mbe_cli_usage_error(cmd, "--levels sets the grid of --as morris only");
  if (o->def.first_order_only && !(o->as && strcmp(o->as, "saltelli") == 0))
    return mbe_cli_usage_error(cmd, "--first-order-only is a layout of --as saltelli only");
  return -1;
}

// the options that would do nothing on a run with this sampler analyzed so (regress: regression
// indices): an exit code, or -1 to go on
static int unused_options(const AnalyzeOpts* o, const char* sampler, bool regress) {
  if (regress && o->boot_given) {
    return mbe_cli_usage_error("analyze",
                               "regression indices have no bootstrap intervals: "
                               "--resamples, --conf and --seed are for Sobol' and "
                               "Morris indices");
  }
  if (o->levels_given && strcmp(sampler, "morris") == 0) {
    return mbe_cli_usage_error("analyze",
                               "%s was run with --sampler morris: its manifest holds "
                               "the grid's levels; --levels is for --as morris on "
                               "another design",
                               o->dir);
  }
  return -1;
}

// the indices of the design sampler (saltelli, morris, radial) of the run in dir, written and
// printed
static MbeStatus design_indices(const AnalyzeOpts* o, const char* sampler, MbeError* err) {
  MbeStatus st;
  if (strcmp(sampler, "morris") == 0) {
    MbeMorrisIndices* mx = NULL;
    st = mbe_analyze_morris(o->dir, &o->def, &mx, err);
    if (st == MBE_OK)
      st = mbe_morris_indices_write(o->dir, mx, err);
    if (st == MBE_OK && !o->quiet) {
      print_morris(mx);
      printf("\nwritten: %s/morris.csv, %s/morris.json\n", o->dir, o->dir);
    }
    mbe_morris_indices_destroy(mx);
    return st;
  }
  if (strcmp(sampler, "radial") == 0) {
    MbeRadialIndices* rx = NULL;
    st = mbe_analyze_radial(o->dir, &o->def, &rx, err);
    if (st == MBE_OK)
      st = mbe_radial_indices_write(o->dir, rx, err);
    if (st == MBE_OK && !o->quiet) {
      print_radial(rx);
      printf("\nwritten: %s/radial.csv, %s/radial.json\n", o->dir, o->dir);
    }
    mbe_radial_indices_destroy(rx);
    return st;
  }
  MbeSobolIndices* ix = NULL;
  st = mbe_analyze_sobol(o->dir, &o->def, &ix, err);
  if (st == MBE_OK)
    st = mbe_sobol_indices_write(o->dir, ix, err);
  if (st == MBE_OK && !o->quiet) {
    print_indices(ix);
    printf("\nwritten: %s/sobol.csv, %s/sobol_s2.csv, %s/sobol_convergence.csv, %s/sobol.json\n",
           o->dir, o->dir, o->dir, o->dir);
  }
  mbe_sobol_indices_destroy(ix);
  return st;
}

int mbe_cmd_analyze(int argc, char** argv) {
  AnalyzeOpts o = {
      NULL, false, false, false, NULL, false, false, MBE_PLOT_PNG, mbe_analyze_def_default()};
  int rc = parse_options(argc, argv, &o);
  if (rc >= 0)
    return rc;
  MbeError err;
  mbe_error_clear(&err);
  char sampler[32];
  MbeStatus st = mbe_analyze_design(o.dir, sampler, sizeof sampler, &err);
  const char* design = o.as ? o.as : sampler;  // the layout the members are read as
  bool regress = o.regress || !(strcmp(design, "morris") == 0 || strcmp(design, "saltelli") == 0 ||
                                strcmp(design, "radial") == 0);
  if (st == MBE_OK && (rc = unused_options(&o, sampler, regress)) >= 0)
    return rc;
  if (st == MBE_OK)
    st = regress ? regression(o.dir, o.quiet, &err) : design_indices(&o, design, &err);
  if (st != MBE_OK) {
    mbe_cli_print_error("analyze", &err);
    return st == MBE_ERR_USAGE || st == MBE_ERR_INVALID_ARG ? MBE_EXIT_USAGE : MBE_EXIT_FAILURE;
  }
  return o.plot ? mbe_cli_plot_dir("analyze", o.dir, o.fmt, o.quiet) : MBE_EXIT_OK;
}
