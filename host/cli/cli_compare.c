// SPDX-License-Identifier: Apache-2.0
// mbens compare: the csv-compare tube check of a result CSV against a reference CSV, signal by
// signal (Gate A/B of ../shared/reference/README.md).
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "io.h"
#include "mbe_tube.h"

static void compare_help(FILE* f) {
  fprintf(f,
          "usage: mbens compare RESULT.csv REFERENCE.csv [--tol TOL] [--floor Y] [--margin]\n"
          "                     [--signals a,b,...]\n\n"
          "Checks every signal of the reference against the result with the tube of the MSL's\n"
          "csv-compare: around each reference point a rectangle of half-width tol*StopTime in\n"
          "time and tol*baseY in value (baseY = max(y_max - y_min, |y_min|), at least Y); a\n"
          "result point outside the union of the rectangles fails. Result points outside the\n"
          "reference's time span are not compared.\n\n"
          "options:\n"
          "  --tol TOL          tube tolerance (default 2e-3, Gate A; Gate B is 3e-4)\n"
          "  --floor Y          lower bound of baseY (default 1e-3 as csv-compare v2.1; 1e-12 as "
          "v2.0.3)\n"
          "  --margin           also print each signal's margin: the smallest tol that passes\n"
          "  --signals a,b,...  compare only these reference columns\n"
          "  --help             this text\n\n"
          "A reference signal missing from the result fails the comparison.\n"
          "exit codes: 0 every signal passes, 1 a signal fails or is missing, 2 usage or file "
          "error\n");
}

// the values of column c of a table as a contiguous array (owned)
static double* column(const MbeTable* t, size_t c) {
  double* v = malloc((t->nrows ? t->nrows : 1) * sizeof *v);
  for (size_t r = 0; v && r < t->nrows; r++) {
    v[r] = t->data[r * t->ncols + c];
  }
  return v;
}

static bool wanted(const char* list, const char* name) {
  if (!list) {
    return true;
  }
  size_t n = strlen(name);
  for (const char* p = list; *p;) {
    const char* comma = strchr(p, ',');
    size_t len = comma ? (size_t)(comma - p) : strlen(p);
    if (len == n && strncmp(p, name, n) == 0) {
      return true;
    }
    p += len + (comma ? 1 : 0);
  }
  return false;
}

int mbe_cmd_compare(int argc, char** argv) {
  const char* files[2];
  int nfiles = 0;
  const char* signals = NULL;
  MbeTubeDef def = mbe_tube_def_default();
  bool margin = false;
  for (int i = 1; i < argc; i++) {
    const char* a = argv[i];
    const char* v;
    if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
      compare_help(stdout);
      return MBE_EXIT_OK;
    }
    if (mbe_cli_is_option(a, "--tol")) {
      if (!(v = mbe_cli_value(argc, argv, &i, "--tol")) ||
          !mbe_cli_parse_double("compare", "--tol", v, 0, &def.tol)) {
        return MBE_EXIT_USAGE;
      }
    } else if (mbe_cli_is_option(a, "--floor")) {
      if (!(v = mbe_cli_value(argc, argv, &i, "--floor")) ||
          !mbe_cli_parse_double("compare", "--floor", v, 0, &def.base_floor)) {
        return MBE_EXIT_USAGE;
      }
    } else if (mbe_cli_is_option(a, "--signals")) {
      if (!(signals = mbe_cli_value(argc, argv, &i, "--signals"))) {
        return MBE_EXIT_USAGE;
      }
    } else if (strcmp(a, "--margin") == 0) {
      margin = true;
    } else if (a[0] == '-' && a[1] != '\0') {
      return mbe_cli_usage_error("compare",
                                 "unknown option '%s'; options are --tol, --floor, --margin, "
                                 "--signals, --help",
                                 a);
    } else if (nfiles < 2) {
      files[nfiles++] = a;
    } else {
      return mbe_cli_usage_error("compare",
                                 "expected two files (RESULT.csv REFERENCE.csv), got '%s' too", a);
    }
  }
  if (nfiles != 2) {
    return mbe_cli_usage_error("compare", "expected RESULT.csv and REFERENCE.csv");
  }

  MbeError err;
  mbe_error_clear(&err);
  MbeTable* res = NULL;
  MbeTable* ref = NULL;
  if (mbe_csv_read(files[0], &res, &err) != MBE_OK ||
      mbe_csv_read(files[1], &ref, &err) != MBE_OK) {
    mbe_cli_print_error("compare", &err);
    mbe_table_destroy(res);
    return MBE_EXIT_USAGE;
  }
  int rc = MBE_EXIT_OK;
  long rt = mbe_table_column(res, "time"), ft = mbe_table_column(ref, "time");
  if (rt < 0 || ft < 0 || ref->nrows == 0) {
    fprintf(stderr, "mbens compare: error: %s has no 'time' column or no rows\n",
            rt < 0 ? files[0] : files[1]);
    mbe_table_destroy(res);
    mbe_table_destroy(ref);
    return MBE_EXIT_USAGE;
  }
  double* tr = column(ref, (size_t)ft);
  double* t = column(res, (size_t)rt);
  printf("reference %s: %zu rows, t = %g .. %g\nresult    %s: %zu rows\n", files[1], ref->nrows,
         tr[0], tr[ref->nrows - 1], files[0], res->nrows);
  printf("tube: tol %g, baseY floor %g\n\n", def.tol, def.base_floor);
  printf("%-36s %-7s %13s %10s %12s%s\n", "signal", "verdict", "failed/total", "first fail",
         "max excess", margin ? "      margin" : "");

  // every reference signal (or the chosen ones) against the result
  size_t npass = 0, nfail = 0, nmissing = 0;
  for (size_t c = 0; c < ref->ncols; c++) {
    const char* name = ref->names[c];
    if ((long)c == ft || !wanted(signals, name)) {
      continue;
    }
    long rc_col = mbe_table_column(res, name);
    if (rc_col < 0) {
      printf("%-36s %-7s\n", name, "MISSING");
      nmissing++;
      continue;
    }
    double* yr = column(ref, c);
    double* y = column(res, (size_t)rc_col);
    MbeTubeResult r;
    if (!yr || !y || !mbe_tube_check(tr, yr, ref->nrows, t, y, res->nrows, &def, &r)) {
      fprintf(stderr, "mbens compare: error: the time column of a file is not sorted or has NaN\n");
      free(yr);
      free(y);
      rc = MBE_EXIT_USAGE;
      break;
    }
    char first[32] = "-", excess[32] = "-", count[48];
    if (!r.is_pass) {
      snprintf(first, sizeof first, "%.6g", r.first_fail_t);
      snprintf(excess, sizeof excess, "%.3g", r.max_excess);
    }
    snprintf(count, sizeof count, "%zu/%zu", r.nfailed, r.ncompared);
    printf("%-36s %-7s %13s %10s %12s", name, r.is_pass ? "pass" : "FAIL", count, first, excess);
    if (margin) {
      printf(" %11.3g", mbe_tube_margin(tr, yr, ref->nrows, t, y, res->nrows, def.base_floor));
    }
    printf("\n");
    if (r.is_pass && r.ncompared > 0) {
      npass++;
    } else {
      nfail++;
    }
    free(yr);
    free(y);
  }
  if (rc == MBE_EXIT_OK) {
    printf("\n%zu %s, %zu fail, %zu missing from the result\n", npass,
           npass == 1 ? "signal passes" : "signals pass", nfail, nmissing);
    if (npass + nfail + nmissing == 0) {
      fprintf(stderr, "mbens compare: error: no signal to compare%s\n",
              signals ? " (check --signals)" : "");
      rc = MBE_EXIT_USAGE;
    } else if (nfail || nmissing) {
      rc = MBE_EXIT_FAILURE;
    }
  }
  free(tr);
  free(t);
  mbe_table_destroy(res);
  mbe_table_destroy(ref);
  return rc;
}
