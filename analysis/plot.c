// SPDX-License-Identifier: Apache-2.0
// gnuplot data and scripts of a study's pictures (mbe_plot.h).
#define _POSIX_C_SOURCE 200809L
#include "mbe_plot.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

// the most points a scatter panel shows (the first finite rows)
enum { SCATTER_MAX = 5000 };

const char* mbe_plot_format_ext(MbePlotFormat f) {
  return f == MBE_PLOT_SVG ? "svg" : f == MBE_PLOT_PDF ? "pdf" : "png";
}

static const char* leaf(const char* path) {
  const char* s = strrchr(path, '/');
  return s ? s + 1 : path;
}

// BASE.dat for writing
static FILE* open_data(const char* base) {
  char path[4096];
  snprintf(path, sizeof path, "%s.dat", base);
  return fopen(path, "w");
}

static void number(FILE* f, double x) {
  if (isfinite(x))
    fprintf(f, " %.10g", x);
  else
    fputs(" NaN", f);
}

// a name as a gnuplot string (double quotes; quotes and backslashes escaped)
static void quoted(FILE* f, const char* s) {
  fputc('"', f);
  for (; *s; s++) {
    if (*s == '"' || *s == '\\')
      fputc('\\', f);
    fputc(*s, f);
  }
  fputc('"', f);
}

// BASE.gp opened with the terminal, the output and the title set
static FILE* open_script(const char* base, MbePlotFormat fmt, const char* title, int w, int h) {
  char path[4096];
  snprintf(path, sizeof path, "%s.gp", base);
  FILE* f = fopen(path, "w");
  if (!f)
    return NULL;
  fprintf(f,
          "# written by mbens: the data is %s.dat beside this script; edit and run\n"
          "#   gnuplot %s.gp\n# in this folder to draw %s.%s again\n",
          leaf(base), leaf(base), leaf(base), mbe_plot_format_ext(fmt));
  if (fmt == MBE_PLOT_SVG)
    fprintf(f, "set terminal svg size %d,%d dynamic font 'Sans,11' background '#ffffff'\n", w, h);
  else if (fmt == MBE_PLOT_PDF)
    fprintf(f, "set terminal pdfcairo size %.2fin,%.2fin font 'Sans,9'\n", w / 96.0, h / 96.0);
  else
    fprintf(f, "set terminal pngcairo size %d,%d font 'Sans,11' background '#ffffff'\n", w, h);
  fprintf(f, "set output '%s.%s'\nset termoption noenhanced\nset title ", leaf(base),
          mbe_plot_format_ext(fmt));
  quoted(f, title);
  fputs("\nset grid lc rgb '#dddddd'\nset border lc rgb '#555555'\n", f);
  return f;
}

static int close_both(FILE* d, FILE* g) {
  int rc = 0;
  if (d && fclose(d) != 0)
    rc = -1;
  if (g && fclose(g) != 0)
    rc = -1;
  return rc;
}

int mbe_plot_fan(const char* base, MbePlotFormat fmt, const char* title, size_t n, const double* t,
                 const double* mean, const double* min, const double* max, const double* q05,
                 const double* q25, const double* q50, const double* q75, const double* q95) {
  FILE* d = open_data(base);
  FILE* g = d ? open_script(base, fmt, title, 960, 560) : NULL;
  if (!d || !g) {
    close_both(d, g);
    return -1;
  }
  fputs("# time mean min max q05 q25 q50 q75 q95\n", d);
  for (size_t i = 0; i < n; i++) {
    const double v[9] = {t[i], mean[i], min[i], max[i], q05[i], q25[i], q50[i], q75[i], q95[i]};
    for (int k = 0; k < 9; k++)
      number(d, v[k]);
    fputc('\n', d);
  }
  fprintf(g, "set xlabel 'time (s)'\nset ylabel ");
  quoted(g, title);
  fprintf(g,
          "\nset key top left box opaque\nset style fill solid 1.0 noborder\n"
          "plot '%s.dat' using 1:3:4 with filledcurves lc rgb '#deebf7' title 'min .. max', \\\n"
          "     '' using 1:5:9 with filledcurves lc rgb '#9ecae1' title '5 .. 95 %%', \\\n"
          "     '' using 1:6:8 with filledcurves lc rgb '#4292c6' title '25 .. 75 %%', \\\n"
          "     '' using 1:7 with lines lw 2 lc rgb '#08306b' title 'median', \\\n"
          "     '' using 1:2 with lines lw 1.5 dt 2 lc rgb '#d94801' title 'mean'\n",
          leaf(base));
  return close_both(d, g);
}

int mbe_plot_index_stack(const char* base, MbePlotFormat fmt, const char* title, size_t n,
                         const double* t, size_t np, const char* const* names, const double* s1,
                         const double* st) {
  FILE* d = open_data(base);
  FILE* g = d ? open_script(base, fmt, title, 960, 760) : NULL;
  if (!d || !g) {
    close_both(d, g);
    return -1;
  }
  fputs("# time, S1 of each parameter, ST of each, then the stack of S1 (negative ones as 0)\n", d);
  for (size_t i = 0; i < n; i++) {
    number(d, t[i]);
    for (size_t j = 0; j < 2 * np; j++)
      number(d, j < np ? s1[j * n + i] : st[(j - np) * n + i]);
    double cum = 0;
    for (size_t j = 0; j < np; j++) {
      cum += s1[j * n + i] > 0 ? s1[j * n + i] : 0;
      number(d, isfinite(s1[j * n + i]) ? cum : (double)NAN);
    }
    fputc('\n', d);
  }
  // two panels: the first-order indices stacked (their sum below 1 is what interactions
  // leave), the total indices as lines
  static const char* const colors[] = {"#2171b5", "#d94801", "#41ab5d", "#756bb1",
                                       "#e7298a", "#a6761d", "#666666", "#1b9e77"};
  fputs("unset title\nset multiplot layout 2,1 title ", g);
  quoted(g, title);
  fputs(
      "\nset key outside right top box opaque\nset style fill solid 0.85 noborder\n"
      "set ylabel 'S1 (stacked)'\nset yrange [0:*<1.5]\nset xzeroaxis lt -1\nplot ",
      g);
  const int stack = (int)(2 + 2 * np);  // column of the first cumulative sum
  for (size_t j = np; j-- > 0;) {
    if (j + 1 < np)
      fputs(", \\\n     ", g);
    if (j == 0)
      fprintf(g, "'%s.dat' using 1:(0):%d", leaf(base), stack);
    else
      fprintf(g, "'%s.dat' using 1:%d:%d", leaf(base), stack + (int)j - 1, stack + (int)j);
    fprintf(g, " with filledcurves lc rgb '%s' title ", colors[j % 8]);
    quoted(g, names[j]);
  }
  fputs("\nset ylabel 'ST'\nset xlabel 'time (s)'\nset yrange [*<0:*]\nplot ", g);
  for (size_t j = 0; j < np; j++) {
    if (j > 0)
      fputs(", \\\n     ", g);
    fprintf(g, "'%s.dat' using 1:%d with lines lw 2 lc rgb '%s' title ", leaf(base),
            (int)(2 + np + j), colors[j % 8]);
    quoted(g, names[j]);
  }
  fputs("\nunset multiplot\n", g);
  return close_both(d, g);
}

static int cmp_double(const void* a, const void* b) {
  double x = *(const double*)a, y = *(const double*)b;
  return (x > y) - (x < y);
}

int mbe_plot_histogram(const char* base, MbePlotFormat fmt, const char* title, const char* xlabel,
                       size_t n, const double* v) {
  double* s = malloc((n + 1) * sizeof *s);
  if (!s)
    return -1;
  size_t m = 0;
  for (size_t i = 0; i < n; i++) {
    if (isfinite(v[i]))
      s[m++] = v[i];
  }
  qsort(s, m, sizeof *s, cmp_double);
  FILE* d = open_data(base);
  FILE* g = d ? open_script(base, fmt, title, 960, 560) : NULL;
  if (!d || !g) {
    free(s);
    close_both(d, g);
    return -1;
  }
  // Freedman-Diaconis: width 2 IQR / m^(1/3), 10 .. 100 bins
  double lo = m ? s[0] : 0, hi = m ? s[m - 1] : 1;
  double iqr = m ? s[(3 * m) / 4 < m ? (3 * m) / 4 : m - 1] - s[m / 4] : 0;
  size_t bins = 10;
  if (iqr > 0 && hi > lo) {
    double nb = (hi - lo) / (2 * iqr / cbrt((double)m));
    bins = nb < 10 ? 10 : nb > 100 ? 100 : (size_t)ceil(nb);
  }
  double width = hi > lo ? (hi - lo) / (double)bins : 1;
  size_t* count = calloc(bins, sizeof *count);
  for (size_t i = 0; count && i < m; i++) {
    size_t b = hi > lo ? (size_t)((s[i] - lo) / width) : 0;
    count[b < bins ? b : bins - 1]++;
  }
  fprintf(d, "# bin centre, members, width (%zu finite of %zu)\n", m, n);
  for (size_t b = 0; count && b < bins; b++)
    fprintf(d, "%.10g %zu %.10g\n", lo + (b + 0.5) * width, count[b], width);
  fputs("\n\n# value, fraction <= value\n", d);
  for (size_t i = 0; i < m; i++)
    fprintf(d, "%.10g %.10g\n", s[i], (double)(i + 1) / (double)m);
  fputs("set xlabel ", g);
  quoted(g, xlabel);
  fprintf(g,
          "\nset ylabel 'members'\nset y2label 'fraction <= x'\nset y2range [0:1]\n"
          "set ytics nomirror\nset y2tics 0.2\nset key top left box opaque\n"
          "set style fill solid 0.7 border lc rgb '#08519c'\n"
          "plot '%s.dat' index 0 using 1:2:3 with boxes lc rgb '#6baed6' title 'members', \\\n"
          "     '' index 1 using 1:2 axes x1y2 with steps lw 2 lc rgb '#d94801' "
          "title 'empirical CDF'\n",
          leaf(base));
  free(count), free(s);
  return close_both(d, g);
}

int mbe_plot_bars(const char* base, MbePlotFormat fmt, const char* title, const char* ylabel,
                  size_t np, const char* const* names, size_t nser, const char* const* series,
                  const double* values, const double* errors) {
  FILE* d = open_data(base);
  FILE* g = d ? open_script(base, fmt, title, np > 8 ? 1200 : 960, 560) : NULL;
  if (!d || !g) {
    close_both(d, g);
    return -1;
  }
  fputs("# parameter, then each series' value", d);
  fputs(errors ? " and error\n" : "\n", d);
  for (size_t j = 0; j < np; j++) {
    quoted(d, names[j]);
    for (size_t k = 0; k < nser; k++) {
      number(d, values[k * np + j]);
      if (errors)
        number(d, errors[k * np + j]);
    }
    fputc('\n', d);
  }
  static const char* const colors[] = {"#2171b5", "#d94801", "#41ab5d", "#756bb1"};
  size_t chars = 0;  // the labels' width: turned where they would run into each other
  for (size_t j = 0; j < np; j++)
    chars += strlen(names[j]) + 2;
  bool crowded = chars > 80;
  fputs("set ylabel ", g);
  quoted(g, ylabel);
  fprintf(g,
          "\nset key top right box opaque\nset style data histogram\n"
          "set style histogram %s gap 2\nset style fill solid 0.85 border -1\n"
          "set boxwidth 0.9\nset xtics %s\nset yrange [*<0:*]\nset xzeroaxis lt -1\nplot ",
          errors ? "errorbars lw 1.5" : "clustered", crowded ? "rotate by -30" : "");
  for (size_t k = 0; k < nser; k++) {
    int c = errors ? (int)(2 + 2 * k) : (int)(2 + k);
    if (k == 0)
      fprintf(g, "'%s.dat' using %d", leaf(base), c);
    else
      fprintf(g, ", \\\n     '' using %d", c);
    if (errors)
      fprintf(g, ":%d", c + 1);
    fprintf(g, "%s lc rgb '%s' title ", k == 0 ? ":xtic(1)" : "", colors[k % 4]);
    quoted(g, series[k]);
  }
  fputc('\n', g);
  return close_both(d, g);
}

int mbe_plot_points(const char* base, MbePlotFormat fmt, const char* title, const char* xlabel,
                    const char* ylabel, size_t n, const char* const* names, const double* x,
                    const double* y, const double* xerr) {
  FILE* d = open_data(base);
  FILE* g = d ? open_script(base, fmt, title, 960, 600) : NULL;
  if (!d || !g) {
    close_both(d, g);
    return -1;
  }
  fputs("# name x y xerr\n", d);
  for (size_t j = 0; j < n; j++) {
    quoted(d, names[j]);
    number(d, x[j]), number(d, y[j]), number(d, xerr ? xerr[j] : 0);
    fputc('\n', d);
  }
  fputs("set xlabel ", g);
  quoted(g, xlabel);
  fputs("\nset ylabel ", g);
  quoted(g, ylabel);
  fprintf(g,
          "\nset xrange [0:*]\nset yrange [0:*]\nset offsets 0, graph 0.15, graph 0.1, 0\n"
          "set key top left box opaque\n"
          "plot '%s.dat' using 2:3:4 with xerrorbars pt 7 ps 1.3 lc rgb '#2171b5' "
          "title 'mu_star +- its interval', \\\n"
          "     '' using 2:3:1 with labels offset char 1,0.8 left notitle\n",
          leaf(base));
  return close_both(d, g);
}

int mbe_plot_scatter(const char* base, MbePlotFormat fmt, const char* title, const char* ylabel,
                     size_t n, size_t np, const char* const* names, const double* x,
                     const double* y) {
  size_t cols = np < 4 ? np : 4, rows = (np + cols - 1) / cols;
  FILE* d = open_data(base);
  FILE* g = d ? open_script(base, fmt, title, (int)(360 * cols), (int)(320 * rows + 40)) : NULL;
  if (!d || !g) {
    close_both(d, g);
    return -1;
  }
  fputs("# each parameter, then the output (the first finite rows)\n", d);
  size_t kept = 0;
  for (size_t i = 0; i < n && kept < SCATTER_MAX; i++) {
    bool ok = isfinite(y[i]);
    for (size_t j = 0; j < np; j++)
      ok = ok && isfinite(x[i * np + j]);
    if (!ok)
      continue;
    for (size_t j = 0; j < np; j++)
      number(d, x[i * np + j]);
    number(d, y[i]);
    fputc('\n', d);
    kept++;
  }
  fprintf(g,
          "unset title\nset xtics rotate by -30 font ',9'\nset format x '%%.3g'\n"
          "set multiplot layout %zu,%zu title ",
          rows, cols);
  quoted(g, title);
  fputs("\nset ylabel ", g);
  quoted(g, ylabel);
  fputc('\n', g);
  for (size_t j = 0; j < np; j++) {
    fputs("set xlabel ", g);
    quoted(g, names[j]);
    fprintf(g, "\nplot '%s.dat' using %zu:%zu with points pt 7 ps 0.35 lc rgb '#2171b5' notitle\n",
            leaf(base), j + 1, np + 1);
  }
  fputs("unset multiplot\n", g);
  return close_both(d, g);
}

bool mbe_plot_has_gnuplot(void) {
  static int known = -1;
  if (known < 0) {
    known = 0;
    const char* path = getenv("PATH");
    char dir[4096];
    for (const char* p = path ? path : ""; *p && !known;) {
      const char* c = strchr(p, ':');
      size_t len = c ? (size_t)(c - p) : strlen(p);
      snprintf(dir, sizeof dir, "%.*s/gnuplot", (int)len, p);
      known = access(dir, X_OK) == 0;
      p += len + (c ? 1 : 0);
    }
  }
  return known == 1;
}

int mbe_plot_render(const char* base) {
  if (!mbe_plot_has_gnuplot())
    return 1;
  char folder[4096], script[4096];
  snprintf(folder, sizeof folder, "%s", base);
  char* slash = strrchr(folder, '/');
  if (slash)
    *slash = '\0';
  else
    snprintf(folder, sizeof folder, ".");
  snprintf(script, sizeof script, "%s.gp", leaf(base));
  fflush(NULL);
  pid_t pid = fork();
  if (pid < 0)
    return -1;
  if (pid == 0) {
    if (chdir(folder) != 0)
      _exit(126);
    execlp("gnuplot", "gnuplot", script, (char*)NULL);
    _exit(127);
  }
  int status = 0;
  if (waitpid(pid, &status, 0) < 0)
    return -1;
  return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -1;
}
