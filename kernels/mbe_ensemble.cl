// SPDX-License-Identifier: Apache-2.0
// The entry points, thin: find the member, call the shared driver. The program text defines the
// system (MBE_RHS_* and mbe_rhs/mbe_out) before including this file. Compiled as OpenCL C by the
// driver and as C into a shared object by the OpenMP backend, where the member index is passed in.
#ifndef MBE_ENSEMBLE_CL
#define MBE_ENSEMBLE_CL

#include "mbe_real.h"
#include "mbe_layout.h"
#include "integrate/mbe_integrate.h"

// what mbe_kernel_sizes reports, so the host checks what it built
typedef enum MbeSizeField {
  MBE_SIZE_NX = 0,
  MBE_SIZE_NP,
  MBE_SIZE_NY,
  MBE_SIZE_REAL_BITS,
  MBE_SIZE_LAYOUT_VARIANT_FASTEST,
  MBE_SIZE_COUNT
} MbeSizeField;

// Integrates members 0..nvar-1 of a launch, one per work-item.
// Preconditions: 1-D range of at least nvar work-items (extra ones return at once), any work-group
// size; x0, p, y and info in the program's layout (MBE_AT) with stride nvar.
MBE_KERNEL mbe_kernel_integrate(MBE_KERNEL_ID_PARAM MBE_GLOBAL const mbe_real* cfg_r,
                                MBE_GLOBAL const mbe_int* cfg_i, MBE_GLOBAL const mbe_real* x0,
                                MBE_GLOBAL const mbe_real* p, MBE_GLOBAL mbe_real* y,
                                MBE_GLOBAL mbe_int* info, const mbe_long nvar) {
  const mbe_long v = MBE_KERNEL_ID;
  if (v >= nvar) {
    return;
  }
  mbe_integrate_variant(v, nvar, cfg_r, cfg_i, x0, p, y, info);
}

// Writes the program's sizes (MbeSizeField order). Preconditions: one work-item is enough.
MBE_KERNEL mbe_kernel_sizes(MBE_KERNEL_ID_PARAM MBE_GLOBAL mbe_int* sizes) {
  if (MBE_KERNEL_ID != 0) {
    return;
  }
  sizes[MBE_SIZE_NX] = MBE_RHS_NX;
  sizes[MBE_SIZE_NP] = MBE_RHS_NP;
  sizes[MBE_SIZE_NY] = MBE_RHS_NY;
  sizes[MBE_SIZE_REAL_BITS] = MBE_REAL_BITS;
#if defined(MBE_LAYOUT_VARIANT_FASTEST) && MBE_LAYOUT_VARIANT_FASTEST
  sizes[MBE_SIZE_LAYOUT_VARIANT_FASTEST] = 1;
#else
  sizes[MBE_SIZE_LAYOUT_VARIANT_FASTEST] = 0;
#endif
}

#endif
