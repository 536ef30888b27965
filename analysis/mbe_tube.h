// SPDX-License-Identifier: Apache-2.0
// The csv-compare tube check of one signal against a reference signal (the test the Modelica
// Standard Library uses for its regression results; see ../shared/reference/README.md), and the
// tube margin: the smallest tolerance at which the signal still passes. Plain arrays in, numbers
// out; nothing from host/.
#ifndef MBE_TUBE_H
#define MBE_TUBE_H

#include <stdbool.h>
#include <stddef.h>

// tube settings; mbe_tube_def_default() gives Gate A of the reference README
typedef struct MbeTubeDef {
  double tol;         // relative half-width of the tube in time and value (Gate A 2e-3)
  double base_floor;  // lower bound of baseY (csv-compare v2.1.x: 1e-3; v2.0.3: 1e-12)
} MbeTubeDef;

typedef struct MbeTubeResult {
  bool is_pass;           // no compared point lies outside the tube
  size_t ncompared;       // result points inside the reference's time span
  size_t nfailed;         // of those, points outside the tube
  double first_fail_t;    // time of the first failing point (NaN if none)
  double max_excess;      // largest distance outside the tube, in signal units (0 if none)
  double error;           // csv-compare's reported number: sum over failing points of distance x
                          // (dt_left + dt_right)/2, divided by (1e-3 + max|y|) of the result
  double base_x, base_y;  // the tube's scales: dt = tol*base_x, dy = tol*base_y
} MbeTubeResult;

MbeTubeDef mbe_tube_def_default(void);

// Checks the result signal (t, y; n points, t non-decreasing) against the reference (tr, yr; nr
// points, tr non-decreasing, duplicates allowed for events). Result points outside the
// reference's time span are not compared. Returns false (and leaves out untouched) when nr == 0
// or a time array is not sorted or holds a NaN.
bool mbe_tube_check(const double* tr, const double* yr, size_t nr, const double* t, const double* y,
                    size_t n, const MbeTubeDef* def, MbeTubeResult* out);

// The smallest tol at which the result passes, found by bisection to a relative precision of
// 1e-3 (the tube grows monotonically with tol). Returns 0 for a result that equals the reference
// and INFINITY when it fails even at tol = 1, or NaN on invalid input.
double mbe_tube_margin(const double* tr, const double* yr, size_t nr, const double* t,
                       const double* y, size_t n, double base_floor);

#endif
