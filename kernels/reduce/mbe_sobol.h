// SPDX-License-Identifier: Apache-2.0
// The sums of Sobol' indices of one series (an output at one grid point) over the Saltelli blocks
// of one batch, exact and order-free like the statistics of mbe_reduce.h: integer sums of values
// and of products of two values, so batches, shards and resumed runs add to the same bits. The
// indices themselves (Saltelli 2010 first order, Jansen total) are finished on the host
// (analysis/sobol_time.c).
#ifndef MBE_SOBOL_H
#define MBE_SOBOL_H

#include "mbe_layout.h"
#include "mbe_real.h"
#include "reduce/mbe_reduce.h"

// A block of the design holds, for one base point, A, AB_1 .. AB_k (A with coordinate i from B),
// optionally BA_1 .. BA_k, and B last: member 0 is f(A), member i is f(AB_i), member block - 1 is
// f(B). Over the c usable blocks of a series the record holds, exactly, in units of 2^-1074
// (MBE_REDUCE_SUM_WORDS digits) the sums of f(A), f(B), f(BA_i) (all i together) and f(AB_i)
// (each i), and in units of 2^-2148 (MBE_REDUCE_SQ_WORDS digits) those of f(A)^2, f(B)^2,
// f(A) f(B), and for each i f(B) f(AB_i), f(A) f(AB_i) and f(AB_i)^2: one addition per value
// and product, each a function of the block alone. SALib's estimators (it standardizes the
// outputs first, and the first order depends on the centre) follow on the host
// (analysis/sobol_time.c).
// A block is usable in a series when every one of its members finished with status ok and has
// a finite value there; the others are counted as left out.
typedef enum MbeSobolPart {
  MBE_SOBOL_PART_NBLOCK = 0,                                       // usable blocks
  MBE_SOBOL_PART_NSKIP,                                            // blocks left out
  MBE_SOBOL_PART_SA,                                               // first digit of sum f(A)
  MBE_SOBOL_PART_SB = MBE_SOBOL_PART_SA + MBE_REDUCE_SUM_WORDS,    // sum f(B)
  MBE_SOBOL_PART_SBA = MBE_SOBOL_PART_SB + MBE_REDUCE_SUM_WORDS,   // sum f(BA_i) over i
  MBE_SOBOL_PART_SAB = MBE_SOBOL_PART_SBA + MBE_REDUCE_SUM_WORDS,  // sum f(AB_1), .., f(AB_k)
} MbeSobolPart;

// the first word of the product sums for k varied parameters: sum f(A)^2, f(B)^2, f(A) f(B),
// then k of f(B) f(AB_i), k of f(A) f(AB_i), k of f(AB_i)^2
#define MBE_SOBOL_PART_TA(k) (MBE_SOBOL_PART_SAB + (k)*MBE_REDUCE_SUM_WORDS)

// the 64-bit words of one series' record for k varied parameters
#define MBE_SOBOL_WORDS(k) (MBE_SOBOL_PART_TA(k) + (3 + 3 * (k)) * MBE_REDUCE_SQ_WORDS)

// Returns whether the value with binary64 bits is finite.
MBE_FN mbe_int mbe_sobol_is_finite(mbe_u64 bits) {
  return ((bits >> 52) & 0x7ff) != 0x7ff;
}

// Reduces one series of one batch of n members (n a multiple of block, the batch's first member
// the first of a block): the values x_v = y[y_off + v y_stride] and statuses
// status[st_off + v st_stride]. Writes part[0 .. MBE_SOBOL_WORDS(k)) with normalized sums. Each
// digit word takes less than 2^32 per member, so n <= MBE_REDUCE_NMAX keeps every word exact.
// Preconditions: k >= 1, block = k + 2 or 2 k + 2; part belongs to this series alone. One
// work-item per series, no atomics, no barriers.
MBE_FN void mbe_sobol_series(MBE_GLOBAL const mbe_real* y, mbe_long y_off, mbe_long y_stride,
                             MBE_GLOBAL const mbe_int* status, mbe_long st_off, mbe_long st_stride,
                             mbe_long n, mbe_int k, mbe_int block, MBE_GLOBAL mbe_long* part) {
  const mbe_long sw = MBE_REDUCE_SUM_WORDS, qw = MBE_REDUCE_SQ_WORDS;
  MBE_GLOBAL mbe_long* sa = part + MBE_SOBOL_PART_SA;
  MBE_GLOBAL mbe_long* sb = part + MBE_SOBOL_PART_SB;
  MBE_GLOBAL mbe_long* sba = part + MBE_SOBOL_PART_SBA;
  MBE_GLOBAL mbe_long* sab = part + MBE_SOBOL_PART_SAB;
  MBE_GLOBAL mbe_long* ta = part + MBE_SOBOL_PART_TA((mbe_long)k);
  MBE_GLOBAL mbe_long* tb = ta + qw;
  MBE_GLOBAL mbe_long* pab = tb + qw;
  MBE_GLOBAL mbe_long* pb = pab + qw;
  MBE_GLOBAL mbe_long* pa = pb + (mbe_long)k * qw;
  MBE_GLOBAL mbe_long* q = pa + (mbe_long)k * qw;
  const mbe_long nw = MBE_SOBOL_WORDS((mbe_long)k);
  for (mbe_long i = 0; i < nw; i++) {
    part[i] = 0;
  }
  mbe_long nblock = 0, nskip = 0;
  for (mbe_long b = 0; b + block <= n; b += block) {
    // usable: every member ok and finite here
    mbe_int ok = 1;
    for (mbe_int m = 0; m < block && ok; m++) {
      const mbe_long v = b + m;
      ok = status[st_off + v * st_stride] == MBE_RUN_OK &&
           mbe_sobol_is_finite(mbe_reduce_real_bits(y[y_off + v * y_stride]));
    }
    if (!ok) {
      nskip += 1;
      continue;
    }
    nblock += 1;
    const MbeReduceValue a = mbe_reduce_decompose(mbe_reduce_real_bits(y[y_off + b * y_stride]));
    const MbeReduceValue bv =
        mbe_reduce_decompose(mbe_reduce_real_bits(y[y_off + (b + block - 1) * y_stride]));
    mbe_reduce_add_value(sa, a.mant, a.exp, a.neg);
    mbe_reduce_add_value(sb, bv.mant, bv.exp, bv.neg);
    mbe_reduce_add_square(ta, a.mant, a.exp);
    mbe_reduce_add_square(tb, bv.mant, bv.exp);
    mbe_reduce_add_product(pab, a.mant, a.exp, bv.mant, bv.exp, 0, a.neg ^ bv.neg);
    for (mbe_int i = 0; i < k; i++) {
      const MbeReduceValue x =
          mbe_reduce_decompose(mbe_reduce_real_bits(y[y_off + (b + 1 + i) * y_stride]));
      mbe_reduce_add_value(sab + i * sw, x.mant, x.exp, x.neg);
      mbe_reduce_add_product(pb + i * qw, bv.mant, bv.exp, x.mant, x.exp, 0, bv.neg ^ x.neg);
      mbe_reduce_add_product(pa + i * qw, a.mant, a.exp, x.mant, x.exp, 0, a.neg ^ x.neg);
      mbe_reduce_add_square(q + i * qw, x.mant, x.exp);
    }
    for (mbe_int m = 1 + k; m < block - 1; m++) {
      const MbeReduceValue x =
          mbe_reduce_decompose(mbe_reduce_real_bits(y[y_off + (b + m) * y_stride]));
      mbe_reduce_add_value(sba, x.mant, x.exp, x.neg);
    }
  }
  for (mbe_long i = 0; i < 3 + k; i++) {
    mbe_reduce_normalize(sa + i * sw, MBE_REDUCE_SUM_WORDS);
  }
  for (mbe_long i = 0; i < 3 + 3 * k; i++) {
    mbe_reduce_normalize(ta + i * qw, MBE_REDUCE_SQ_WORDS);
  }
  part[MBE_SOBOL_PART_NBLOCK] = nblock;
  part[MBE_SOBOL_PART_NSKIP] = nskip;
}

#endif
