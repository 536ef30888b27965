// SPDX-License-Identifier: Apache-2.0
// Inside the runtime: the backend ops table (SUNDIALS N_Vector_Ops style), the launch record a
// backend receives, the program-text assembler and the embedded kernel sources.
#ifndef MBE_RUNTIME_INTERNAL_H
#define MBE_RUNTIME_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "base.h"
#include "mbe/mbe_runtime.h"

// one batch of members, member-major host arrays (offsets already applied), double precision
typedef struct MbeLaunch {
  const double* cfg_r;   // MBE_CFGR_COUNT run settings
  const int32_t* cfg_i;  // MBE_CFGI_COUNT run settings
  size_t nvar;           // members in this batch
  int nx, np, ny, nout;  // sizes per member
  const double* x0;      // (nvar, nx), or NULL: the system computes them from p
  const double* p;       // (nvar, np)
  double* y;             // (nvar, nout, ny), or NULL: not returned
  int32_t* info;         // (nvar, MBE_INFO_COUNT)
  // reductions (MbeReduceDef): quantities of interest and series statistics
  size_t nqoi;
  const int32_t* qcode;  // (nqoi)
  const int32_t* qcol;   // (nqoi)
  const double* qlevel;  // (nqoi)
  double* qoi;           // (nvar, nqoi)
  size_t nstat;
  const int32_t* scol;  // (nstat)
  int64_t* part;        // (nout nstat, MBE_REDUCE_PART_WORDS)
  uint32_t* pairs;      // (nout nstat, 2 nvar)
  int sobol_k, sobol_block;  // Sobol' sums of the series over Saltelli blocks (0: none)
  int64_t* spart;            // (nout nstat, MBE_SOBOL_WORDS(sobol_k))
} MbeLaunch;

// what every backend implements
typedef struct MbeBackendOps {
  // compiles (or loads from the cache) the program text; *impl is the backend's program handle
  MbeStatus (*build)(MbeBackend* b, const char* text, MbePrecision precision, void** impl,
                     MbeProgramInfo* info, MbeError* err);
  // releases a program handle
  void (*release)(MbeBackend* b, void* impl);
  // runs mbe_kernel_sizes: MBE_SIZE_COUNT integers
  MbeStatus (*sizes)(MbeBackend* b, void* impl, int32_t* sizes, MbeError* err);
  // integrates one batch and reduces it
  MbeStatus (*launch)(MbeBackend* b, void* impl, MbePrecision precision, const MbeLaunch* l,
                      MbeError* err);
  // most members per batch for this many bytes per member (device memory); 0 = no limit
  size_t (*batch_limit)(const MbeBackend* b, size_t bytes_per_member);
  // host bytes a launch takes per member beyond the caller's arrays, for a launch of l's shape
  // (only its sizes, and which of x0 and y are non-NULL, are read); device_bytes: the member's
  // device buffers
  size_t (*host_bytes)(const MbeBackend* b, MbePrecision precision, const MbeLaunch* l,
                       size_t device_bytes);
  // frees the backend's own state
  void (*destroy)(MbeBackend* b);
} MbeBackendOps;

struct MbeBackend {
  const MbeBackendOps* ops;
  MbeBackendInfo info;
  char cache_dir[1024];  // root of the program cache; "" when caching is off
  void* impl;            // backend state
};

struct MbeProgram {
  MbeBackend* backend;  // the backend it was built for; must outlive the program
  void* impl;
  MbePrecision precision;
  MbeProgramInfo info;
};

// the backends
MbeStatus mbe_opencl_backend_create(const MbeBackendDef* def, MbeBackend* b, MbeError* err);
MbeStatus mbe_openmp_backend_create(const MbeBackendDef* def, MbeBackend* b, MbeError* err);
void mbe_opencl_describe(MbeStrbuf* out);
// the OpenCL devices as P:D (with double precision where asked), at most cap; returns how many
size_t mbe_opencl_device_ids(char (*ids)[16], size_t cap, bool need_fp64);
void mbe_openmp_describe(MbeStrbuf* out);

// Assembles the program text: the system source followed by the entry file, with every
// #include "..." of kernel headers replaced by the file (guards keep repeats empty), so the text is
// self-contained. Files come from $MBE_KERNEL_DIR when set, else the embedded table; an include
// found in neither stays as written, for the compiler to resolve or report.
MbeStatus mbe_program_text_assemble(const char* system_source, MbeStrbuf* out, MbeError* err);

// Looks up an embedded kernel source by its path relative to kernels/ (or "Random123/...").
const char* mbe_kernel_source_find(const char* path, size_t* size);

#endif
