// SPDX-License-Identifier: Apache-2.0
// A finished run directory read back (internal to host/ensemble: the analysis and the plots):
// its design and names from manifest.json, every member's quantities of interest and
// parameters from members.csv.
#ifndef MBE_ENSEMBLE_RUNDIR_H
#define MBE_ENSEMBLE_RUNDIR_H

#include <stdbool.h>
#include <stddef.h>

#include "base.h"

typedef struct MbeRunDir {
  char sampler[32];
  int levels;         // a Morris grid's
  bool second_order;  // a Saltelli design's BA rows (default true)
  size_t nparam, nqoi, total;
  char** param;  // (nparam) owned names
  char** qoi;    // (nqoi)
  double* y;     // (nqoi x total): y[q * total + k], NaN where member k did not finish
  double* x;     // (total x nparam) the members' parameter values, where asked for (with_x)
} MbeRunDir;

// Reads the run in dir, a whole and complete one (merged shards), made with --sampler `sampler`
// (NULL: any). Errors name what to do (merge, resume, run with --qoi); on failure *run still
// needs mbe_rundir_free.
MbeStatus mbe_rundir_read(const char* dir, const char* sampler, bool with_x, MbeRunDir* run,
                          MbeError* err);

void mbe_rundir_free(MbeRunDir* run);

#endif
