// SPDX-License-Identifier: Apache-2.0
// The pictures of a run directory (ensemble_plot.h): read back what the run and mbens analyze
// wrote, hand the arrays to analysis/plot.c, and let gnuplot draw them in DIR/plots.
#include "ensemble_plot.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "ensemble_rundir.h"
#include "io.h"

// a CSV file's rows as fields: cell(r, c) (r 0 is the header)
typedef struct Csv {
  size_t nrows, ncols;
  char** cell;  // (nrows x ncols) owned strings; NULL where a row is short
} Csv;

static void csv_free(Csv* t) {
  for (size_t i = 0; t->cell && i < t->nrows * t->ncols; i++)
    mbe_free(t->cell[i]);
  mbe_free(t->cell);
}

static const char* cell(const Csv* t, size_t r, size_t c) {
  const char* s = r < t->nrows && c < t->ncols ? t->cell[r * t->ncols + c] : NULL;
  return s ? s : "";
}

static double num(const Csv* t, size_t r, size_t c) {
  char* end = NULL;
  const char* s = cell(t, r, c);
  double v = strtod(s, &end);
  return end != s ? v : (double)NAN;
}

// reads path as a CSV of text fields; false (and nothing read) when there is no such file
static bool csv_read(const char* path, Csv* t, MbeStatus* st, MbeError* err) {
  memset(t, 0, sizeof *t);
  FILE* probe = fopen(path, "r");
  if (!probe)
    return false;
  fclose(probe);
  char* text = NULL;
  size_t size = 0;
  if ((*st = mbe_file_read(path, &text, &size, err)) != MBE_OK)
    return false;
  char f[1024];
  const char* p = text;
  while (mbe_csv_next_field(&p, f, sizeof f))
    t->ncols++;
  for (const char* q = text; *q; q++)
    t->nrows += *q == '\n' && q[1] != '\0';
  t->nrows += 1;
  t->cell = mbe_calloc(t->nrows * t->ncols + 1, sizeof *t->cell);
  const char* line = text;
  for (size_t r = 0; t->cell && r < t->nrows && line; r++) {
    p = line;
    for (size_t c = 0; c < t->ncols && mbe_csv_next_field(&p, f, sizeof f); c++)
      t->cell[r * t->ncols + c] = mbe_strdup(f);
    line = strchr(line, '\n');
    line = line ? line + 1 : NULL;
  }
  mbe_free(text);
  if (!t->cell)
    *st = mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
  return *st == MBE_OK;
}

// DIR/plots/KIND_NAME with NAME kept to [A-Za-z0-9._-]
static void base_of(char* out, size_t size, const char* dir, const char* kind, const char* name) {
  int n = snprintf(out, size, "%s/plots/%s_", dir, kind);
  for (const char* s = name; *s && n + 2 < (int)size && n < (int)size - 1; s++) {
    char c = *s;
    bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '.' || c == '-' || c == '_';
    out[n++] = ok ? c : '_';
  }
  out[n] = '\0';
}

// draws BASE and counts it; a failed write or gnuplot run is an error naming it
static MbeStatus draw(const char* base, int written, MbePlotReport* rep, MbeError* err) {
  if (written != 0)
    return mbe_error_set(err, MBE_ERR_IO, "%s: cannot write its data or script", base);
  rep->nscripts++;
  int rc = mbe_plot_render(base);
  if (rc < 0)
    return mbe_error_set(err, MBE_ERR_IO, "gnuplot failed on %s.gp", base);
  rep->npictures += rc == 0;
  rep->gnuplot = rc != 1;
  return MBE_OK;
}

// a fan chart per signal of stats.csv (time, signal, n, mean, std, min, max, q05 .. q95)
static MbeStatus fans(const char* dir, MbePlotFormat fmt, MbePlotReport* rep, MbeError* err) {
  char path[4096], base[4096];
  snprintf(path, sizeof path, "%s/stats.csv", dir);
  Csv t;
  MbeStatus st = MBE_OK;
  if (!csv_read(path, &t, &st, err))
    return st;
  size_t n = t.nrows - 1;
  double* v = mbe_malloc((10 * n + 1) * sizeof *v);
  if (!v)
    st = mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
  for (size_t r = 1; st == MBE_OK && r < t.nrows; r++) {
    const char* sig = cell(&t, r, 1);
    bool first = true;  // the signal's first row: not one drawn already
    for (size_t q = 1; q < r && first; q++)
      first = strcmp(cell(&t, q, 1), sig) != 0;
    if (!first)
      continue;
    size_t m = 0;
    for (size_t q = r; q < t.nrows; q++) {
      if (strcmp(cell(&t, q, 1), sig) != 0)
        continue;
      const size_t col[9] = {0, 3, 5, 6, 7, 8, 9, 10, 11};
      for (int k = 0; k < 9; k++)
        v[k * n + m] = num(&t, q, col[k]);
      m++;
    }
    base_of(base, sizeof base, dir, "fan", sig);
    int w = mbe_plot_fan(base, fmt, sig, m, v, v + n, v + 2 * n, v + 3 * n, v + 4 * n, v + 5 * n,
                         v + 6 * n, v + 7 * n, v + 8 * n);
    st = draw(base, w, rep, err);
  }
  mbe_free(v);
  csv_free(&t);
  return st;
}

// the time-resolved Sobol' indices of each signal of sobol_time.csv (time, signal, parameter,
// S1, ST, blocks; time-major, the parameters in the same order at every time)
static MbeStatus time_indices(const char* dir, MbePlotFormat fmt, MbePlotReport* rep,
                              MbeError* err) {
  char path[4096], base[4096];
  snprintf(path, sizeof path, "%s/sobol_time.csv", dir);
  Csv t;
  MbeStatus st = MBE_OK;
  if (!csv_read(path, &t, &st, err))
    return st;
  const size_t rows = t.nrows - 1;
  size_t np = 0;  // parameters: the rows of the first time and signal
  while (np < rows && strcmp(cell(&t, 1 + np, 0), cell(&t, 1, 0)) == 0 &&
         strcmp(cell(&t, 1 + np, 1), cell(&t, 1, 1)) == 0)
    np++;
  double* v = mbe_malloc((3 * rows + 1) * sizeof *v);
  const char** names = mbe_malloc((np + 1) * sizeof *names);
  if (!v || !names)
    st = mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
  for (size_t j = 0; j < np && names; j++)
    names[j] = cell(&t, 1 + j, 2);
  for (size_t r = 1; st == MBE_OK && np > 0 && r < t.nrows; r += np) {
    const char* sig = cell(&t, r, 1);
    bool first = true;  // the signal's first rows: not drawn already
    for (size_t q = 1; q < r && first; q += np)
      first = strcmp(cell(&t, q, 1), sig) != 0;
    if (!first)
      continue;
    size_t m = 0, n = rows / np;  // the signal's times; s1 and st of parameter j at j n + m
    for (size_t q = r; q + np <= t.nrows; q += np) {
      if (strcmp(cell(&t, q, 1), sig) != 0)
        continue;
      v[m] = num(&t, q, 0);
      for (size_t j = 0; j < np; j++) {
        v[n + j * n + m] = num(&t, q + j, 3);
        v[n + np * n + j * n + m] = num(&t, q + j, 4);
      }
      m++;
    }
    // the arrays were laid out for n times: close the gaps when the signal has fewer
    for (size_t j = 0; j < 2 * np && m < n; j++)
      memmove(v + n + j * m, v + n + j * n, m * sizeof *v);
    base_of(base, sizeof base, dir, "sobol_time", sig);
    char title[1200];
    snprintf(title, sizeof title, "Sobol' indices of %s over time", sig);
    int w = mbe_plot_index_stack(base, fmt, title, m, v, np, names, v + n, v + n + np * m);
    st = draw(base, w, rep, err);
  }
  mbe_free(names);
  mbe_free(v);
  csv_free(&t);
  return st;
}

// the histogram of each quantity of interest and its scatter over the parameters
static MbeStatus members(const char* dir, MbePlotFormat fmt, MbePlotReport* rep, MbeError* err) {
  MbeRunDir run = {0};
  MbeStatus st = mbe_rundir_read(dir, NULL, true, &run, err);
  char base[4096];
  for (size_t q = 0; st == MBE_OK && q < run.nqoi; q++) {
    const double* y = run.y + q * run.total;
    base_of(base, sizeof base, dir, "hist", run.qoi[q]);
    st = draw(base, mbe_plot_histogram(base, fmt, run.qoi[q], run.qoi[q], run.total, y), rep, err);
    base_of(base, sizeof base, dir, "scatter", run.qoi[q]);
    if (st == MBE_OK && run.nparam > 0) {  // a scatter over the varied parameters
      int w = mbe_plot_scatter(base, fmt, run.qoi[q], run.qoi[q], run.total, run.nparam,
                               (const char* const*)run.param, run.x, y);
      st = draw(base, w, rep, err);
    }
  }
  mbe_rundir_free(&run);
  return st;
}

// the rows of an indices table of quantity qoi: their parameter names and columns c0.. of each
static size_t rows_of(const Csv* t, const char* qoi, const char** names, double* v, size_t np,
                      const size_t* cols, size_t ncols) {
  size_t m = 0;
  for (size_t r = 1; r < t->nrows && m < np; r++) {
    if (strcmp(cell(t, r, 0), qoi) != 0)
      continue;
    names[m] = cell(t, r, 1);
    for (size_t k = 0; k < ncols; k++)
      v[k * np + m] = num(t, r, cols[k]);
    m++;
  }
  return m;
}

// the bars of sobol.csv and regression.csv, the points of morris.csv, the points and total
// indices' bars of radial.csv, per quantity
static MbeStatus indices(const char* dir, MbePlotFormat fmt, MbePlotReport* rep, const char* file,
                         MbeError* err) {
  char path[4096], base[4096];
  snprintf(path, sizeof path, "%s/%s.csv", dir, file);
  Csv t;
  MbeStatus st = MBE_OK;
  if (!csv_read(path, &t, &st, err))
    return st;
  size_t np = t.nrows;
  const char** names = mbe_calloc(np + 1, sizeof *names);
  double* v = mbe_malloc((4 * np + 1) * sizeof *v);
  double* val = mbe_malloc((3 * np + 1) * sizeof *val);  // the series, packed
  double* errs = mbe_malloc((2 * np + 1) * sizeof *errs);
  if (!names || !v || !val || !errs)
    st = mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
  for (size_t r = 1; st == MBE_OK && r < t.nrows; r++) {
    const char* qoi = cell(&t, r, 0);
    bool first = true;
    for (size_t q = 1; q < r && first; q++)
      first = strcmp(cell(&t, q, 0), qoi) != 0;
    if (!first)
      continue;
    base_of(base, sizeof base, dir, file, qoi);
    int w;
    if (strcmp(file, "sobol") == 0) {  // S1 S1_conf ST ST_conf: values, then errors
      const size_t cols[4] = {2, 4, 3, 5};
      size_t m = rows_of(&t, qoi, names, v, np, cols, 4);
      for (size_t j = 0; j < m; j++) {
        val[j] = v[j], val[m + j] = v[np + j];
        errs[j] = v[2 * np + j], errs[m + j] = v[3 * np + j];
      }
      const char* series[2] = {"S1 (first order)", "ST (total)"};
      w = mbe_plot_bars(base, fmt, qoi, "Sobol' index", m, names, 2, series, val, errs);
    } else if (strcmp(file, "morris") == 0 || strcmp(file, "radial") == 0) {
      // mu_star, sigma, mu_star_conf (radial.csv: after ST, ST_conf, mu)
      const bool radial = file[0] == 'r';
      const size_t cols[3] = {radial ? 5 : 3, radial ? 6 : 4, radial ? 7 : 5};
      size_t m = rows_of(&t, qoi, names, v, np, cols, 3);
      w = mbe_plot_points(base, fmt, qoi, "mu_star", "sigma", m, names, v, v + np, v + 2 * np);
      if (w == 0 && radial) {  // and the total indices as bars
        st = draw(base, w, rep, err);
        const size_t tcols[2] = {2, 3};
        m = rows_of(&t, qoi, names, v, np, tcols, 2);
        const char* series[1] = {"ST (total)"};
        base_of(base, sizeof base, dir, "radial_st", qoi);
        w = mbe_plot_bars(base, fmt, qoi, "total index", m, names, 1, series, v, v + np);
      }
    } else {  // regression: SRC, SRRC, PRCC
      const size_t cols[3] = {2, 3, 4};
      size_t m = rows_of(&t, qoi, names, v, np, cols, 3);
      for (size_t k = 0; k < 3; k++)
        for (size_t j = 0; j < m; j++)
          val[k * m + j] = v[k * np + j];
      const char* series[3] = {"SRC", "SRRC", "PRCC"};
      w = mbe_plot_bars(base, fmt, qoi, "index", m, names, 3, series, val, NULL);
    }
    if (st == MBE_OK)
      st = draw(base, w, rep, err);
  }
  mbe_free(names), mbe_free(v), mbe_free(val), mbe_free(errs);
  csv_free(&t);
  return st;
}

MbeStatus mbe_plot_run(const char* dir, MbePlotFormat fmt, MbePlotReport* rep, MbeError* err) {
  memset(rep, 0, sizeof *rep);
  rep->gnuplot = mbe_plot_has_gnuplot();
  char path[4096];
  snprintf(path, sizeof path, "%s/plots", dir);
  if (mkdir(path, 0777) != 0 && errno != EEXIST)
    return mbe_error_set(err, MBE_ERR_IO, "%s: cannot make it (%s)", path, strerror(errno));
  MbeStatus st = members(dir, fmt, rep, err);
  if (st == MBE_OK)
    st = fans(dir, fmt, rep, err);
  if (st == MBE_OK)
    st = time_indices(dir, fmt, rep, err);
  const char* tables[4] = {"sobol", "morris", "radial", "regression"};
  for (int k = 0; k < 4 && st == MBE_OK; k++)
    st = indices(dir, fmt, rep, tables[k], err);
  return st;
}
