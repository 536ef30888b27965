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
// (MBE_REDUCE_SUM_WORDS digits):
//   S   = sum f(A) + f(B)
//   R   = sum of f over every member of the block
//   W_i = sum f(AB_i) - f(A)
// and in units of 2^-2148 (MBE_REDUCE_SQ_WORDS digits):
//   T   = sum f(A)^2 + f(B)^2
//   U_i = sum f(B) (f(AB_i) - f(A))
//   V_i = sum (f(A) - f(AB_i))^2
// SALib's estimators on the outputs centred by their mean m = R / (c block) (it standardizes
// first; the first order depends on the centre) then read, with the variance
// (2 c T - S^2) / (4 c^2) of the 2c values of A and B:
//   S1_i = 4 (c block U_i - R W_i) / (block (2 c T - S^2)),  ST_i = 2 c V_i / (2 c T - S^2).
// A block is usable in a series when every one of its members finished with status ok and has a
// finite value there; the others are counted as left out.
typedef enum MbeSobolPart {
  MBE_SOBOL_PART_NBLOCK = 0,                                   // usable blocks
  MBE_SOBOL_PART_NSKIP,                                        // blocks left out
  MBE_SOBOL_PART_S,                                            // first digit of S
  MBE_SOBOL_PART_R = MBE_SOBOL_PART_S + MBE_REDUCE_SUM_WORDS,  // first digit of R
  MBE_SOBOL_PART_W = MBE_SOBOL_PART_R + MBE_REDUCE_SUM_WORDS   // W_1, .., W_k
} MbeSobolPart;

// the first word of T (then U_1 .. U_k, V_1 .. V_k) for k varied parameters
#define MBE_SOBOL_PART_T(k) (MBE_SOBOL_PART_W + (k)*MBE_REDUCE_SUM_WORDS)

// the 64-bit words of one series' record for k varied parameters
#define MBE_SOBOL_WORDS(k) (MBE_SOBOL_PART_T(k) + (1 + 2 * (k)) * MBE_REDUCE_SQ_WORDS)

// the most blocks one call may reduce: V_i's words take three digits a block, each < 2^32
#define MBE_SOBOL_NBLOCK_MAX 715827882

// Reduces one series of one batch of n members (n a multiple of block, the batch's first member
// the first of a block): the values x_v = y[y_off + v y_stride] and statuses
// status[st_off + v st_stride]. Writes part[0 .. MBE_SOBOL_WORDS(k)) with normalized sums.
// Preconditions: k >= 1, block = k + 2 or 2 k + 2, n / block <= MBE_SOBOL_NBLOCK_MAX; part
// belongs to this series alone. One work-item per series, no atomics, no barriers.
MBE_FN void mbe_sobol_series(MBE_GLOBAL const mbe_real* y, mbe_long y_off, mbe_long y_stride,
                             MBE_GLOBAL const mbe_int* status, mbe_long st_off, mbe_long st_stride,
                             mbe_long n, mbe_int k, mbe_int block, MBE_GLOBAL mbe_long* part) {
  MBE_GLOBAL mbe_long* s = part + MBE_SOBOL_PART_S;
  MBE_GLOBAL mbe_long* r = part + MBE_SOBOL_PART_R;
  MBE_GLOBAL mbe_long* w = part + MBE_SOBOL_PART_W;
  MBE_GLOBAL mbe_long* t = part + MBE_SOBOL_PART_T((mbe_long)k);
  MBE_GLOBAL mbe_long* u = t + MBE_REDUCE_SQ_WORDS;
  MBE_GLOBAL mbe_long* v2 = u + (mbe_long)k * MBE_REDUCE_SQ_WORDS;
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
      const MbeReduceValue x = mbe_reduce_decompose(mbe_reduce_real_bits(y[y_off + v * y_stride]));
      ok = status[st_off + v * st_stride] == MBE_RUN_OK && x.cls == MBE_REDUCE_FINITE;
    }
    if (!ok) {
      nskip += 1;
      continue;
    }
    nblock += 1;
    for (mbe_int m = 0; m < block; m++) {
      const MbeReduceValue x =
          mbe_reduce_decompose(mbe_reduce_real_bits(y[y_off + (b + m) * y_stride]));
      mbe_reduce_add_value(r, x.mant, x.exp, x.neg);
    }
    const MbeReduceValue a = mbe_reduce_decompose(mbe_reduce_real_bits(y[y_off + b * y_stride]));
    const MbeReduceValue bv =
        mbe_reduce_decompose(mbe_reduce_real_bits(y[y_off + (b + block - 1) * y_stride]));
    mbe_reduce_add_value(s, a.mant, a.exp, a.neg);
    mbe_reduce_add_value(s, bv.mant, bv.exp, bv.neg);
    mbe_reduce_add_square(t, a.mant, a.exp);
    mbe_reduce_add_square(t, bv.mant, bv.exp);
    for (mbe_int i = 1; i <= k; i++) {
      const MbeReduceValue x =
          mbe_reduce_decompose(mbe_reduce_real_bits(y[y_off + (b + i) * y_stride]));
      MBE_GLOBAL mbe_long* wi = w + (mbe_long)(i - 1) * MBE_REDUCE_SUM_WORDS;
      MBE_GLOBAL mbe_long* ui = u + (mbe_long)(i - 1) * MBE_REDUCE_SQ_WORDS;
      MBE_GLOBAL mbe_long* vi = v2 + (mbe_long)(i - 1) * MBE_REDUCE_SQ_WORDS;
      // W_i += AB_i - A;  U_i += B AB_i - B A;  V_i += A^2 + AB_i^2 - 2 A AB_i
      mbe_reduce_add_value(wi, x.mant, x.exp, x.neg);
      mbe_reduce_add_value(wi, a.mant, a.exp, 1 - a.neg);
      mbe_reduce_add_product(ui, bv.mant, bv.exp, x.mant, x.exp, 0, bv.neg ^ x.neg);
      mbe_reduce_add_product(ui, bv.mant, bv.exp, a.mant, a.exp, 0, 1 - (bv.neg ^ a.neg));
      mbe_reduce_add_square(vi, a.mant, a.exp);
      mbe_reduce_add_square(vi, x.mant, x.exp);
      mbe_reduce_add_product(vi, a.mant, a.exp, x.mant, x.exp, 1, 1 - (a.neg ^ x.neg));
    }
  }
  for (mbe_int i = 0; i < 2 + k; i++) {
    mbe_reduce_normalize(s + (mbe_long)i * MBE_REDUCE_SUM_WORDS, MBE_REDUCE_SUM_WORDS);
  }
  for (mbe_int i = 0; i < 1 + 2 * k; i++) {
    mbe_reduce_normalize(t + (mbe_long)i * MBE_REDUCE_SQ_WORDS, MBE_REDUCE_SQ_WORDS);
  }
  part[MBE_SOBOL_PART_NBLOCK] = nblock;
  part[MBE_SOBOL_PART_NSKIP] = nskip;
}

#endif
