// SPDX-License-Identifier: Apache-2.0
// The entry points, thin: find the member, call the shared driver. The program text defines the
// system (MBE_RHS_* and mbe_rhs/mbe_out) before including this file. Compiled as OpenCL C by the
// driver and as C into a shared object by the OpenMP backend, where the member index is passed in.
#ifndef MBE_ENSEMBLE_CL
#define MBE_ENSEMBLE_CL

#include "mbe_real.h"
#include "mbe_layout.h"
#include "integrate/mbe_integrate.h"
#include "reduce/mbe_qoi.h"
#include "reduce/mbe_reduce.h"

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
// size; x0 (read only when has_x0), p, y and info in the program's layout (MBE_AT) with stride
// nvar.
MBE_KERNEL mbe_kernel_integrate(MBE_KERNEL_ID_PARAM MBE_GLOBAL const mbe_real* cfg_r,
                                MBE_GLOBAL const mbe_int* cfg_i, MBE_GLOBAL const mbe_real* x0,
                                const mbe_int has_x0, MBE_GLOBAL const mbe_real* p,
                                MBE_GLOBAL mbe_real* y, MBE_GLOBAL mbe_int* info,
                                const mbe_long nvar) {
  const mbe_long v = MBE_KERNEL_ID;
  if (v >= nvar) {
    return;
  }
  mbe_integrate_variant(v, nvar, cfg_r, cfg_i, x0, has_x0, p, y, info);
}

// Computes nq quantities of interest of members 0..nvar-1, one work-item each, from the outputs y
// and info records mbe_kernel_integrate wrote: q[MBE_AT(j, v, nq, nvar)] is code qcode[j] of
// column qcol[j] (level qlevel[j] for crossings). Preconditions: 1-D range of at least nvar
// work-items, any work-group size; the launch settings of the integration.
MBE_KERNEL mbe_kernel_qoi(MBE_KERNEL_ID_PARAM MBE_GLOBAL const mbe_real* cfg_r,
                          MBE_GLOBAL const mbe_int* cfg_i, MBE_GLOBAL const mbe_real* y,
                          MBE_GLOBAL const mbe_int* info, MBE_GLOBAL const mbe_int* qcode,
                          MBE_GLOBAL const mbe_int* qcol, MBE_GLOBAL const mbe_real* qlevel,
                          const mbe_int nq, MBE_GLOBAL mbe_real* q, const mbe_long nvar) {
  const mbe_long v = MBE_KERNEL_ID;
  if (v >= nvar) {
    return;
  }
  const MbeGrid g = mbe_grid_make(cfg_r[MBE_CFGR_T0], cfg_r[MBE_CFGR_T1], cfg_i[MBE_CFGI_NOUT]);
  const mbe_int status = info[MBE_AT(MBE_INFO_STATUS, v, MBE_INFO_COUNT, nvar)];
  for (mbe_int j = 0; j < nq; j++) {
    const mbe_real r = mbe_qoi_member(qcode[j], qcol[j], qlevel[j], g, y, v, nvar, status);
    q[MBE_AT(j, v, nq, nvar)] = mbe_integrate_canonical(r);
  }
}

// Reduces series s = k nstat + j (column scol[j] at grid point k) over members 0..nvar-1 whose
// status is ok, one work-item per series (kernels/reduce/mbe_reduce.h): its partial record at
// part[s MBE_REDUCE_PART_WORDS] and its sorted (key, count) pairs at pairs[s 2 nvar]. The order
// of the members inside a series does not change the result. Preconditions: 1-D range of at
// least nout nstat work-items, any work-group size; y and info as mbe_kernel_integrate wrote them.
MBE_KERNEL mbe_kernel_reduce(MBE_KERNEL_ID_PARAM MBE_GLOBAL const mbe_real* y,
                             MBE_GLOBAL const mbe_int* info, MBE_GLOBAL const mbe_int* scol,
                             const mbe_int nstat, const mbe_int nout, MBE_GLOBAL mbe_long* part,
                             MBE_GLOBAL mbe_u32* pairs, const mbe_long nvar) {
  const mbe_long s = MBE_KERNEL_ID;
  if (s >= (mbe_long)nout * nstat) {
    return;
  }
  const mbe_long i = (s / nstat) * MBE_RHS_NY + scol[s % nstat];

  // where member v's element i and status are: MBE_AT(i, v, ...) = off + v stride
#if defined(MBE_LAYOUT_VARIANT_FASTEST) && MBE_LAYOUT_VARIANT_FASTEST
  const mbe_long y_off = i * nvar, y_stride = 1;
  const mbe_long st_off = (mbe_long)MBE_INFO_STATUS * nvar, st_stride = 1;
#else
  const mbe_long y_off = i, y_stride = (mbe_long)nout * MBE_RHS_NY;
  const mbe_long st_off = MBE_INFO_STATUS, st_stride = MBE_INFO_COUNT;
#endif
  mbe_reduce_series(y, y_off, y_stride, info, st_off, st_stride, nvar,
                    part + s * MBE_REDUCE_PART_WORDS, pairs + s * 2 * nvar);
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
