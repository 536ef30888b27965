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
#include "reduce/mbe_sobol.h"

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

// where series s = k nstat + j (column scol[j] at grid point k) lies in a launch's outputs: member
// v's value at y[y_off + v y_stride], its status at info[st_off + v st_stride]
typedef struct MbeSeriesAt {
  mbe_long y_off, y_stride, st_off, st_stride;
} MbeSeriesAt;

MBE_FN MbeSeriesAt mbe_series_at(mbe_long s, mbe_int nstat, MBE_GLOBAL const mbe_int* scol,
                                 mbe_int nout, mbe_long nvar) {
  const mbe_long i = (s / nstat) * MBE_RHS_NY + scol[s % nstat];
  MbeSeriesAt a;
#if defined(MBE_LAYOUT_VARIANT_FASTEST) && MBE_LAYOUT_VARIANT_FASTEST
  (void)nout;
  a.y_off = i * nvar;
  a.y_stride = 1;
  a.st_off = (mbe_long)MBE_INFO_STATUS * nvar;
  a.st_stride = 1;
#else
  (void)nvar;
  a.y_off = i;
  a.y_stride = (mbe_long)nout * MBE_RHS_NY;
  a.st_off = MBE_INFO_STATUS;
  a.st_stride = MBE_INFO_COUNT;
#endif
  return a;
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
  const MbeSeriesAt a = mbe_series_at(s, nstat, scol, nout, nvar);
  mbe_reduce_series(y, a.y_off, a.y_stride, info, a.st_off, a.st_stride, nvar,
                    part + s * MBE_REDUCE_PART_WORDS, pairs + s * 2 * nvar);
}

// Reduces the Sobol' sums of series s = k nstat + j (column scol[j] at grid point k) over the
// Saltelli blocks of members 0..nvar-1 (kernels/reduce/mbe_sobol.h: k_par varied parameters,
// blocks of `block` members, nvar a multiple of it), one work-item per series: its record at
// part[s MBE_SOBOL_WORDS(k_par)]. Preconditions: 1-D range of at least nout nstat work-items, any
// work-group size; y and info as mbe_kernel_integrate wrote them.
MBE_KERNEL mbe_kernel_sobol(MBE_KERNEL_ID_PARAM MBE_GLOBAL const mbe_real* y,
                            MBE_GLOBAL const mbe_int* info, MBE_GLOBAL const mbe_int* scol,
                            const mbe_int nstat, const mbe_int nout, const mbe_int k_par,
                            const mbe_int block, MBE_GLOBAL mbe_long* part, const mbe_long nvar) {
  const mbe_long s = MBE_KERNEL_ID;
  if (s >= (mbe_long)nout * nstat) {
    return;
  }
  const MbeSeriesAt a = mbe_series_at(s, nstat, scol, nout, nvar);
  mbe_sobol_series(y, a.y_off, a.y_stride, info, a.st_off, a.st_stride, nvar, k_par, block,
                   part + s * MBE_SOBOL_WORDS((mbe_long)k_par));
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
