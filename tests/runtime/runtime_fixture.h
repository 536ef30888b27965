// SPDX-License-Identifier: Apache-2.0
// Shared by the runtime tests: which backends exist here, and helpers to build and run the
// built-in systems on them.
#ifndef MBE_RUNTIME_FIXTURE_H
#define MBE_RUNTIME_FIXTURE_H

#include <stdbool.h>
#include <stdint.h>

#include "mbe/mbe_runtime.h"

#define MBE_SYS_PENDULUM "#include \"systems/mbe_sys_double_pendulum.h\"\n"
#define MBE_SYS_PROBE "#include \"systems/mbe_sys_probe.h\"\n"

// a backend configuration under test
typedef struct MbeTestBackend {
  const char* name;
  MbeBackendKind kind;
  int threads;
} MbeTestBackend;

// true when this kind can be created here (OpenCL needs a device, OpenMP a compiler)
bool mbe_test_backend_available(MbeBackendKind kind);

// creates backend + program or fails the test
MbeBackend* mbe_test_backend_create(MbeBackendKind kind, int threads);
MbeProgram* mbe_test_program_create(MbeBackend* b, const char* system, MbePrecision precision);

#endif
