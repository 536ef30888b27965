// SPDX-License-Identifier: Apache-2.0
// The per-call cost of a generated right-hand side on one core: compiled with the OpenMP
// backend's flags around a system emitted by `mbens simulate --emit-kernel` (included through
// MBE_SYSTEM), it calls mbe_rhs on a state that every call moves by its derivative (so no
// work can be hoisted out of the loop), and prints the median of REPEAT timings in ns per call.
// With a second argument `x0` (a system without parameters, as the chains), it first prints the
// derivatives of the second and last states at the model's start: `x0: xdot[1]=.. xdot[N]=..`.
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include MBE_SYSTEM

static double now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return 1e9 * (double)ts.tv_sec + (double)ts.tv_nsec;
}

static int cmp(const void* a, const void* b) {
  double x = *(const double*)a, y = *(const double*)b;
  return (x > y) - (x < y);
}

int main(int argc, char** argv) {
  long calls = argc > 1 ? atol(argv[1]) : 1000000;
  enum { REPEAT = 7 };
  mbe_real x[MBE_RHS_NX], xd[MBE_RHS_NX], p[MBE_RHS_NQ], w[MBE_RHS_NW];
  mbe_int iw[MBE_RHS_NIW];
  for (int i = 0; i < MBE_RHS_NX; i++)
    x[i] = 0.1 + 0.05 * i;  // a generic state (quaternions
  for (int i = 0; i < MBE_RHS_NP; i++)
    p[i] = 1.0;  // need not be unit for timing)
  for (int i = 0; i < MBE_RHS_NX; i++)
    xd[i] = 0;
  mbe_prep(p);  // the member constants, once, as the kernel does
#ifdef MBE_RHS_HAS_X0
  if (argc > 2 && strcmp(argv[2], "x0") == 0) {
    mbe_real x0[MBE_RHS_NX];
    mbe_x0(p, x0);
    mbe_rhs(0.0, x0, p, xd, w, iw);
    printf("x0: xdot[1]=%.17g xdot[%d]=%.17g\n", (double)xd[1], MBE_RHS_NX - 1,
           (double)xd[MBE_RHS_NX - 1]);
    for (int i = 0; i < MBE_RHS_NX; i++)
      xd[i] = 0;
  }
#endif
  double t[REPEAT], sink = 0;
  for (int r = 0; r < REPEAT; r++) {
    double t0 = now_ns();
    for (long k = 0; k < calls; k++) {
      // every state moves and every derivative is used: nothing can be hoisted out of the loop
      for (int i = 0; i < MBE_RHS_NX; i++)
        x[i] += 1e-12 * xd[i];
      mbe_rhs(0.0, x, p, xd, w, iw);
      for (int i = 0; i < MBE_RHS_NX; i++)
        sink += xd[i];
    }
    t[r] = (now_ns() - t0) / (double)calls;
  }
  qsort(t, REPEAT, sizeof t[0], cmp);
  printf("%.1f ns per call (median of %d x %ld calls; min %.1f) [%g]\n", t[REPEAT / 2], REPEAT,
         calls, t[0], sink != sink ? 0.0 : 1.0);
  return 0;
}
