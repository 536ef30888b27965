// SPDX-License-Identifier: Apache-2.0
// The OpenMP backend's compile step (openmp_compile.c).
#ifndef MBE_OPENMP_COMPILE_H
#define MBE_OPENMP_COMPILE_H

#include <stdbool.h>
#include <stddef.h>

#include "base.h"

typedef struct MbeOmpCompiler {
  const char* cc;            // the compiler's path
  const char* const* flags;  // for a shared object (with -shared; dropped for units)
  size_t nflags;
  const char* bits;  // -DMBE_REAL_BITS=...
  int jobs;          // compilers run at once (1: the text as one unit)
} MbeOmpCompiler;

// runs argv with stdout and stderr to log_path; returns the exit status or -1
int mbe_omp_run(char* const argv[], const char* log_path);

// Compiles text into the shared object so_path; its scratch files are base.c, base.log (and
// base.uN.c/.o/.log where the parts are compiled apart), all removed afterwards. A failed
// compile is MBE_ERR_BUILD with the start of the compiler's log (the whole log goes to mbe_log).
// Statuses: MBE_ERR_BUILD, MBE_ERR_IO, MBE_ERR_NOMEM. Nullable: err.
MbeStatus mbe_omp_compile(const MbeOmpCompiler* c, const char* text, const char* base,
                          const char* so_path, MbeError* err);

#endif
