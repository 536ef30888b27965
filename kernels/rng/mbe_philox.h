// SPDX-License-Identifier: Apache-2.0
// Counter-based random numbers: Random123's Philox4x32-10 keyed by (seed, member, stream, counter),
// so member k draws the same numbers on every backend, batch, thread count and shard. Uniform
// variates on the open interval (0, 1) and standard normals (Box-Muller with our own log/sincos).
#ifndef MBE_PHILOX_H
#define MBE_PHILOX_H

#include "mbe_real.h"
#include "math/mbe_math.h"
#include "Random123/philox.h"

// four independent 32-bit words
typedef struct MbeU32x4 {
  mbe_u32 v[4];
} MbeU32x4;

// Returns the Philox4x32-10 block for counter word `counter` of stream `stream` of member `member`
// under `seed`. Key = (seed low, seed high); counter = (counter, stream, member low, member high).
MBE_FN MbeU32x4 mbe_philox(mbe_u64 seed, mbe_u64 member, mbe_u32 stream, mbe_u32 counter) {
  philox4x32_ctr_t c = {{counter, stream, (mbe_u32)member, (mbe_u32)(member >> 32)}};
  philox4x32_key_t k = {{(mbe_u32)seed, (mbe_u32)(seed >> 32)}};
  philox4x32_ctr_t r = philox4x32(c, k);
  MbeU32x4 out = {{r.v[0], r.v[1], r.v[2], r.v[3]}};
  return out;
}

// Maps random words to a uniform variate in (0, 1): 52 bits (double) or 23 bits (single) plus one
// half, so neither 0 nor 1 can occur and the conversion is exact.
MBE_FN mbe_real mbe_rng_u01(mbe_u32 hi, mbe_u32 lo) {
#if MBE_REAL_BITS == 64
  mbe_u64 u = ((mbe_u64)(hi >> 6) << 26) | (mbe_u64)(lo >> 6);
  return ((mbe_real)u + MBE_R(0.5)) * MBE_R(2.220446049250313080847e-16);
#else
  (void)lo;
  mbe_u32 u = hi >> 9;
  return ((mbe_real)u + MBE_R(0.5)) * MBE_R(1.1920928955078125e-07);
#endif
}

// Two uniform variates in (0, 1) from one Philox block.
typedef struct MbeReal2 {
  mbe_real a;
  mbe_real b;
} MbeReal2;

MBE_FN MbeReal2 mbe_rng_uniform2(mbe_u64 seed, mbe_u64 member, mbe_u32 stream, mbe_u32 counter) {
  MbeU32x4 r = mbe_philox(seed, member, stream, counter);
  MbeReal2 u = {mbe_rng_u01(r.v[0], r.v[1]), mbe_rng_u01(r.v[2], r.v[3])};
  return u;
}

// Two independent standard normal variates from one Philox block (Box-Muller).
MBE_FN MbeReal2 mbe_rng_normal2(mbe_u64 seed, mbe_u64 member, mbe_u32 stream, mbe_u32 counter) {
  MbeReal2 u = mbe_rng_uniform2(seed, member, stream, counter);
  mbe_real r = mbe_sqrt(MBE_R(-2.0) * mbe_log(u.a));
  MbeSinCos sc = mbe_sincos(MBE_2PI * u.b);
  MbeReal2 z = {r * sc.c, r * sc.s};
  return z;
}

#endif
