// SPDX-License-Identifier: Apache-2.0
// The only file with #if on OpenCL C versus C: qualifiers, inline, bit casts and the few exact
// library operations (fabs, floor, rint, copysign, ldexp, fma, sqrt) the shared numerics may use.
#ifndef MBE_DIALECT_H
#define MBE_DIALECT_H

#if defined(MBE_OPENCL) || defined(__OPENCL_VERSION__) || defined(__OPENCL_C_VERSION__)
#define MBE_IS_OPENCL 1
#else
#define MBE_IS_OPENCL 0
#endif

#if MBE_IS_OPENCL

// no contraction of a*b+c into fma: fma only where written (the identity contract)
#pragma OPENCL FP_CONTRACT OFF

#define MBE_FN static inline
// a part of a large generated function: compiled on its own so that the compiler's work stays
// linear in the model's size (host/codegen)
#define MBE_PART_FN static __attribute__((noinline))
#define MBE_GLOBAL __global
#define MBE_CONSTANT __constant
#define MBE_PRIVATE __private
#define MBE_KERNEL __kernel void
#define MBE_EXPORT

// kernel id: the global work-item id on a device, the loop index passed in under C
#define MBE_KERNEL_ID_PARAM
#define MBE_KERNEL_ID ((mbe_long)get_global_id(0))

typedef char mbe_i8;
typedef uchar mbe_u8;
typedef int mbe_i32;
typedef uint mbe_u32;
typedef long mbe_i64;
typedef ulong mbe_u64;

#define MBE_U64_TO_F64(u) as_double(u)
#define MBE_F64_TO_U64(x) as_ulong(x)
#define MBE_U32_TO_F32(u) as_float(u)
#define MBE_F32_TO_U32(x) as_uint(x)

// exact operations, the same bits on every conformant device. PoCL on x86 gets rint and floor
// as the compiler's own operations (one roundsd): its library versions are chains of compares
// whose branches follow the argument's sign, and they made its sin and cos 1.4x slower than
// OpenMP's (bench/results/ensemble-throughput-vm-*-2026-11-28.txt, backend-parity-vm-*).
#if defined(POCL_DEVICE_ADDRESS_BITS) && defined(__clang__) && defined(__x86_64__)
#define mbe_floor_f64(x) __builtin_floor(x)
#define mbe_rint_f64(x) __builtin_rint(x)
#define mbe_floor_f32(x) __builtin_floorf(x)
#define mbe_rint_f32(x) __builtin_rintf(x)
#else
#define mbe_floor_f64(x) floor(x)
#define mbe_rint_f64(x) rint(x)
#define mbe_floor_f32(x) floor(x)
#define mbe_rint_f32(x) rint(x)
#endif
#define mbe_fabs_f64(x) fabs(x)
#define mbe_copysign_f64(x, y) copysign((x), (y))
#define mbe_fma_f64(a, b, c) fma((a), (b), (c))
#define mbe_sqrt_f64(x) sqrt(x)
#define mbe_fabs_f32(x) fabs(x)
#define mbe_copysign_f32(x, y) copysign((x), (y))
#define mbe_fma_f32(a, b, c) fma((a), (b), (c))
#define mbe_sqrt_f32(x) sqrt(x)

#else /* C11 */

#include <math.h>
#include <stdint.h>

#define MBE_FN static inline
#if defined(__GNUC__) && defined(MBE_PART_EXTERN)
// the parts compiled as translation units of their own, linked with the rest (host/runtime/openmp)
#define MBE_PART_FN __attribute__((noinline, visibility("hidden")))
#elif defined(MBE_PART_EXTERN)
#define MBE_PART_FN
#elif defined(__GNUC__)
#define MBE_PART_FN static __attribute__((noinline))
#else
#define MBE_PART_FN static
#endif
#define MBE_GLOBAL
#define MBE_CONSTANT static const
#define MBE_PRIVATE
#define MBE_KERNEL MBE_EXPORT void
#if defined(__GNUC__)
#define MBE_EXPORT __attribute__((visibility("default")))
#else
#define MBE_EXPORT
#endif

#define MBE_KERNEL_ID_PARAM mbe_long mbe_kernel_id_,
#define MBE_KERNEL_ID (mbe_kernel_id_)

typedef int8_t mbe_i8;
typedef uint8_t mbe_u8;
typedef int32_t mbe_i32;
typedef uint32_t mbe_u32;
typedef int64_t mbe_i64;
typedef uint64_t mbe_u64;

// type punning through a union is defined behaviour in C11 (6.5.2.3 footnote 95)
typedef union MbeBits64 {
  double f;
  uint64_t u;
} MbeBits64;
typedef union MbeBits32 {
  float f;
  uint32_t u;
} MbeBits32;

static inline double mbe_u64_to_f64(uint64_t u) {
  MbeBits64 b;
  b.u = u;
  return b.f;
}
static inline uint64_t mbe_f64_to_u64(double x) {
  MbeBits64 b;
  b.f = x;
  return b.u;
}
static inline float mbe_u32_to_f32(uint32_t u) {
  MbeBits32 b;
  b.u = u;
  return b.f;
}
static inline uint32_t mbe_f32_to_u32(float x) {
  MbeBits32 b;
  b.f = x;
  return b.u;
}
#define MBE_U64_TO_F64(u) mbe_u64_to_f64(u)
#define MBE_F64_TO_U64(x) mbe_f64_to_u64(x)
#define MBE_U32_TO_F32(u) mbe_u32_to_f32(u)
#define MBE_F32_TO_U32(x) mbe_f32_to_u32(x)

#define mbe_fabs_f64(x) fabs(x)
#define mbe_floor_f64(x) floor(x)
#define mbe_rint_f64(x) rint(x)
#define mbe_copysign_f64(x, y) copysign((x), (y))
#define mbe_fma_f64(a, b, c) fma((a), (b), (c))
#define mbe_sqrt_f64(x) sqrt(x)
#define mbe_fabs_f32(x) fabsf(x)
#define mbe_floor_f32(x) floorf(x)
#define mbe_rint_f32(x) rintf(x)
#define mbe_copysign_f32(x, y) copysignf((x), (y))
#define mbe_fma_f32(a, b, c) fmaf((a), (b), (c))
#define mbe_sqrt_f32(x) sqrtf(x)

#endif

typedef mbe_i32 mbe_int;  // the integer shared with kernels: 32 bits on both sides
typedef mbe_i64 mbe_long; // indices into per-variant arrays (may exceed 2^31 elements)

#endif
