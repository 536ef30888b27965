// SPDX-License-Identifier: Apache-2.0
// Plots of a study, drawn by gnuplot: each writer puts the data (BASE.dat) and the script
// (BASE.gp, which draws BASE.png, .svg or .pdf from the data beside it) side by side, so a user
// can restyle a picture by editing its script; mbe_plot_render runs gnuplot on it. Plain arrays
// in; nothing from host/.
#ifndef MBE_PLOT_H
#define MBE_PLOT_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum MbePlotFormat { MBE_PLOT_PNG = 0, MBE_PLOT_SVG, MBE_PLOT_PDF } MbePlotFormat;

// "png", "svg", "pdf"
const char* mbe_plot_format_ext(MbePlotFormat f);

// A fan chart of one signal over time: the median, the 25-75 % and 5-95 % bands, the mean and
// the range (min, max) of n output times. Returns 0, or -1 when a file cannot be written.
int mbe_plot_fan(const char* base, MbePlotFormat f, const char* title, size_t n, const double* t,
                 const double* mean, const double* min, const double* max, const double* q05,
                 const double* q25, const double* q50, const double* q75, const double* q95);

// Time-resolved Sobol' indices of one signal at n times t: above, the first-order indices of
// the np parameters (names[j]) stacked (a negative estimate counts 0; what the stack leaves
// below 1 is the interactions' share), below, the total indices as lines; s1 and st hold
// parameter j's values at j * n + i.
int mbe_plot_index_stack(const char* base, MbePlotFormat f, const char* title, size_t n,
                         const double* t, size_t np, const char* const* names, const double* s1,
                         const double* st);

// A histogram of the n values (the finite ones; bins by the Freedman-Diaconis rule, 10 to 100)
// with their empirical CDF on the second axis.
int mbe_plot_histogram(const char* base, MbePlotFormat f, const char* title, const char* xlabel,
                       size_t n, const double* v);

// Grouped bars: nser series (named series[s]) over np parameters (names[j]); values and errors
// (may be NULL) at s * np + j, errors drawn as whiskers of +- error.
int mbe_plot_bars(const char* base, MbePlotFormat f, const char* title, const char* ylabel,
                  size_t np, const char* const* names, size_t nser, const char* const* series,
                  const double* values, const double* errors);

// Labelled points (x[j], y[j]) named names[j], with horizontal whiskers xerr (may be NULL): a
// Morris chart of sigma over mu_star.
int mbe_plot_points(const char* base, MbePlotFormat f, const char* title, const char* xlabel,
                    const char* ylabel, size_t n, const char* const* names, const double* x,
                    const double* y, const double* xerr);

// Scatter plots of one output against each of np parameters, side by side: x (n x np,
// row-major) and y (n), the finite rows.
int mbe_plot_scatter(const char* base, MbePlotFormat f, const char* title, const char* ylabel,
                     size_t n, size_t np, const char* const* names, const double* x,
                     const double* y);

// Runs gnuplot on BASE.gp in its folder. Returns 0 when the picture was drawn, 1 when gnuplot
// is not installed (the data and script stay), -1 when gnuplot failed.
int mbe_plot_render(const char* base);

// whether gnuplot can be run (looked up on PATH once)
bool mbe_plot_has_gnuplot(void);

#ifdef __cplusplus
}
#endif

#endif
