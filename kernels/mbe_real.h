// SPDX-License-Identifier: Apache-2.0
// The precision switch: mbe_real is double (MBE_REAL_BITS=64) or float (32), chosen per program
// build; MBE_R() types literals; mbe_sqrt & co map the exact operations onto that type.
#ifndef MBE_REAL_H
#define MBE_REAL_H

#include "mbe_dialect.h"

#if !defined(MBE_REAL_BITS)
#error "define MBE_REAL_BITS to 64 or 32"
#elif MBE_REAL_BITS == 64
#if MBE_IS_OPENCL
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#endif
typedef double mbe_real;
typedef mbe_u64 mbe_ureal; // unsigned integer of the same width, for bit manipulation
typedef mbe_i64 mbe_ireal;
#define MBE_R(x) x
#define MBE_REAL_MANT_DIG 53
#define MBE_REAL_EPSILON MBE_R(2.220446049250313080847e-16)
#define MBE_REAL_MIN MBE_R(2.225073858507201383090e-308)
#define MBE_REAL_MAX MBE_R(1.797693134862315708145e+308)
#define MBE_REAL_TO_BITS(x) MBE_F64_TO_U64(x)
#define MBE_BITS_TO_REAL(u) MBE_U64_TO_F64(u)
#define mbe_fabs(x) mbe_fabs_f64(x)
#define mbe_floor(x) mbe_floor_f64(x)
#define mbe_rint(x) mbe_rint_f64(x)
#define mbe_copysign(x, y) mbe_copysign_f64(x, y)
#define mbe_fma(a, b, c) mbe_fma_f64(a, b, c)
#define mbe_sqrt(x) mbe_sqrt_f64(x)
#elif MBE_REAL_BITS == 32
typedef float mbe_real;
typedef mbe_u32 mbe_ureal;
typedef mbe_i32 mbe_ireal;
#define MBE_R_PASTE_(x) x##f
#define MBE_R(x) MBE_R_PASTE_(x)
#define MBE_REAL_MANT_DIG 24
#define MBE_REAL_EPSILON MBE_R(1.1920928955078125e-07)
#define MBE_REAL_MIN MBE_R(1.175494350822287507969e-38)
#define MBE_REAL_MAX MBE_R(3.402823466385288598117e+38)
#define MBE_REAL_TO_BITS(x) MBE_F32_TO_U32(x)
#define MBE_BITS_TO_REAL(u) MBE_U32_TO_F32(u)
#define mbe_fabs(x) mbe_fabs_f32(x)
#define mbe_floor(x) mbe_floor_f32(x)
#define mbe_rint(x) mbe_rint_f32(x)
#define mbe_copysign(x, y) mbe_copysign_f32(x, y)
#define mbe_fma(a, b, c) mbe_fma_f32(a, b, c)
#define mbe_sqrt(x) mbe_sqrt_f32(x)
#else
#error "MBE_REAL_BITS must be 64 or 32"
#endif

// comparisons that never raise and treat NaN as expected (no isfinite builtin dependence)
MBE_FN int mbe_isnan(mbe_real x) {
  return x != x;
}
MBE_FN int mbe_isfinite(mbe_real x) {
  return (x - x) == (x - x);
}
MBE_FN mbe_real mbe_fmax(mbe_real a, mbe_real b) {
  return a > b ? a : b;
}
MBE_FN mbe_real mbe_fmin(mbe_real a, mbe_real b) {
  return a < b ? a : b;
}

#endif
