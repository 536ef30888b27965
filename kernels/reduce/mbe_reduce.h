// SPDX-License-Identifier: Apache-2.0
// One series of one batch reduced to an order-free partial record: exact fixed-point sums of the
// values and of their squares, counts, min/max by a total order, and the sorted histogram of the
// values' log-linear keys. Integer operations only; the merging of records is in analysis/stats.c.
#ifndef MBE_REDUCE_H
#define MBE_REDUCE_H

#include "mbe_real.h"
#include "mbe_layout.h"

// The histogram key of a finite value x at level l (l mantissa bits kept below the leading one).
// With |x| = 1.f 2^E (subnormals normalized too, so -1074 <= E <= 1023) and g = E + 5171 (bit 12
// set, g < 2^13), the level-12 magnitude is k = g 2^12 + (top 12 bits of f), in [2^24, 2^25).
// key(x) = k for x > 0, ~k = -k - 1 for x < 0, 0 for +0 and -1 for -0: ordered like the values
// (-0 just below +0) and in a signed 32-bit integer. Level l - 1 is key >> 1 (sign-filling) for
// every key: the level-12 magnitude stays >= 2^(12 + l) > 0 down to l = -12, where all positive
// values share one bin. Levels below 0 merge 2^-l binades per bin.
#define MBE_REDUCE_LEVEL 12         // the level of the keys written here (bin width 2^-12 relative)
#define MBE_REDUCE_LEVEL_MIN (-12)  // the coarsest level: -x, -0, +0, +x
#define MBE_REDUCE_EBIAS 5171       // g = E + EBIAS: 4097 <= g <= 6194

// The sums are integers in units of their least bit: sum of values in 2^-1074, sum of squares in
// 2^-2148, one 32-bit digit per 64-bit word (lazy carries while a batch adds, normalized at the
// end). Sum: values below 2^1024 (2098 bits) + 40 bits headroom + sign = 67 digits; squares:
// below 2^2048 (4196 bits) + 40 + 1 = 133 digits. The top word of a normalized number is a signed
// 64-bit integer, so the real headroom is far larger (2^77 members for the sum).
#define MBE_REDUCE_SUM_LSB 1074  // the sum's least bit is 2^-SUM_LSB
#define MBE_REDUCE_SQ_LSB 2148   // the square sum's least bit is 2^-SQ_LSB
#define MBE_REDUCE_SUM_WORDS 67  // digits of the sum of values
#define MBE_REDUCE_SQ_WORDS 133  // digits of the sum of squares

// the most members one call may reduce: every digit word takes < 2^32 per member, < 2^63 in all
#define MBE_REDUCE_NMAX 2147483647

// the total-order keys of min and max when a series has no finite value
#define MBE_REDUCE_ORD_NONE_MIN ((mbe_long)0x7fffffffffffffff)
#define MBE_REDUCE_ORD_NONE_MAX (-(mbe_long)0x7fffffffffffffff - 1)

// the partial record of one series of one batch: MBE_REDUCE_PART_COUNT 64-bit words
typedef enum MbeReducePart {
  MBE_REDUCE_PART_NSKIP = 0,  // members whose status is not MBE_RUN_OK (not counted below)
  MBE_REDUCE_PART_NFINITE,    // finite values
  MBE_REDUCE_PART_NNAN,       // NaN values (skipped)
  MBE_REDUCE_PART_NPOSINF,    // +inf values
  MBE_REDUCE_PART_NNEGINF,    // -inf values
  MBE_REDUCE_PART_MIN,        // total-order key (mbe_reduce_ord) of the smallest finite value
  MBE_REDUCE_PART_MAX,        // total-order key of the largest finite value
  MBE_REDUCE_PART_NPAIRS,     // (key, count) pairs left in scratch[0 .. 2 npairs)
  MBE_REDUCE_PART_SUM,        // first digit of the sum of values (MBE_REDUCE_SUM_WORDS)
  MBE_REDUCE_PART_SQ = MBE_REDUCE_PART_SUM + MBE_REDUCE_SUM_WORDS,  // first of the squares'
  MBE_REDUCE_PART_COUNT = MBE_REDUCE_PART_SQ + MBE_REDUCE_SQ_WORDS
} MbeReducePart;
#define MBE_REDUCE_PART_WORDS MBE_REDUCE_PART_COUNT

// the kind of a value
typedef enum MbeReduceClass {
  MBE_REDUCE_FINITE = 0,
  MBE_REDUCE_NAN,
  MBE_REDUCE_POSINF,
  MBE_REDUCE_NEGINF,
  MBE_REDUCE_CLASS_COUNT
} MbeReduceClass;

// a value taken apart with integer operations: |x| = mant 2^exp exactly (finite x)
typedef struct MbeReduceValue {
  mbe_u64 bits;  // the value's binary64 bit pattern (a float widened exactly)
  mbe_u64 mant;  // integer mantissa, < 2^53; 0 for +-0
  mbe_int exp;   // exponent of the mantissa's least bit, -1074 <= exp <= 971
  mbe_int neg;   // 1 when the sign bit is set
  mbe_int cls;   // MbeReduceClass
} MbeReduceValue;

// Returns the index of the highest set bit of m != 0 (binary search, no builtin).
MBE_FN mbe_int mbe_reduce_msb(mbe_u64 m) {
  mbe_int r = 0;
  if ((m >> 32) != 0) {
    m >>= 32;
    r += 32;
  }
  if ((m >> 16) != 0) {
    m >>= 16;
    r += 16;
  }
  if ((m >> 8) != 0) {
    m >>= 8;
    r += 8;
  }
  if ((m >> 4) != 0) {
    m >>= 4;
    r += 4;
  }
  if ((m >> 2) != 0) {
    m >>= 2;
    r += 2;
  }
  if ((m >> 1) != 0) {
    r += 1;
  }
  return r;
}

// Returns the binary64 bit pattern of the binary32 value with bits u: the exact widening, built
// from integers so a device without fp64 gets it too (NaN payloads move to the top bits).
MBE_FN mbe_u64 mbe_reduce_f32_bits(mbe_u32 u) {
  const mbe_u64 sign = (mbe_u64)(u >> 31) << 63;
  const mbe_u32 e = (u >> 23) & 0xffu;
  const mbe_u64 f = (mbe_u64)(u & 0x7fffffu);

  // inf and NaN keep their class; zero keeps its sign
  if (e == 0xffu) {
    return sign | ((mbe_u64)0x7ff << 52) | (f << 29);
  }
  if (e == 0u) {
    if (f == 0) {
      return sign;
    }

    // a subnormal float f 2^-149 is a normal double: move the leading one to bit 52
    const mbe_int lead = mbe_reduce_msb(f);
    const mbe_u64 frac = (f << (52 - lead)) & (((mbe_u64)1 << 52) - 1);
    return sign | ((mbe_u64)(lead - 149 + 1023) << 52) | frac;
  }
  return sign | ((mbe_u64)(e - 127 + 1023) << 52) | (f << 29);
}

// Returns the binary64 bit pattern of x in this program's precision.
MBE_FN mbe_u64 mbe_reduce_real_bits(mbe_real x) {
#if MBE_REAL_BITS == 64
  return MBE_REAL_TO_BITS(x);
#else
  return mbe_reduce_f32_bits(MBE_REAL_TO_BITS(x));
#endif
}

// Takes the value with binary64 bits apart: class, sign, integer mantissa and exponent.
MBE_FN MbeReduceValue mbe_reduce_decompose(mbe_u64 bits) {
  MbeReduceValue v;
  const mbe_int e = (mbe_int)((bits >> 52) & 0x7ff);
  const mbe_u64 f = bits & (((mbe_u64)1 << 52) - 1);
  v.bits = bits;
  v.neg = (mbe_int)(bits >> 63);
  v.cls = MBE_REDUCE_FINITE;
  if (e == 0x7ff) {
    v.cls = f != 0 ? MBE_REDUCE_NAN : (v.neg ? MBE_REDUCE_NEGINF : MBE_REDUCE_POSINF);
    v.mant = 0;
    v.exp = 0;
  } else if (e == 0) {
    v.mant = f;  // subnormal or zero: f 2^-1074
    v.exp = -1074;
  } else {
    v.mant = f | ((mbe_u64)1 << 52);
    v.exp = e - 1075;
  }
  return v;
}

// Returns the level-12 histogram key of a finite value (see MBE_REDUCE_LEVEL): from the
// decomposition, so a float and the double of the same value get the same key.
MBE_FN mbe_int mbe_reduce_key(MbeReduceValue v) {
  if (v.mant == 0) {
    return v.neg ? -1 : 0;
  }

  // leading one at bit lead: |x| = 1.f 2^(exp + lead); the 12 bits below it
  const mbe_int lead = v.mant >> 52 != 0 ? 52 : mbe_reduce_msb(v.mant);
  const mbe_u64 top =
      lead >= 12 ? (v.mant >> (lead - 12)) & 0xfff : (v.mant << (12 - lead)) & 0xfff;
  const mbe_int k = ((v.exp + lead + MBE_REDUCE_EBIAS) << 12) | (mbe_int)top;
  return v.neg ? ~k : k;
}

// Returns the total-order key of a value from its binary64 bits: ordered like the values, with
// -0 (-1) just below +0 (0); NaN never reaches it.
MBE_FN mbe_long mbe_reduce_ord(mbe_u64 bits) {
  const mbe_long mag = (mbe_long)(bits & (((mbe_u64)1 << 63) - 1));
  return (bits >> 63) != 0 ? -mag - 1 : mag;
}

// Adds (neg: subtracts) the number given by nd 32-bit digits d, shifted left by s < 32 bits, to
// the digit words acc[w..w+nd] (one more word than digits). Each word changes by less than 2^32.
MBE_FN void mbe_reduce_add_digits(MBE_GLOBAL mbe_long* acc, mbe_int w, mbe_int s, const mbe_u64* d,
                                  mbe_int nd, mbe_int neg) {
  const mbe_u64 mask = 0xffffffffu;
  mbe_u64 carry = 0;
  for (mbe_int k = 0; k <= nd; k++) {
    // low part of this digit and the bits the previous digit pushed out: disjoint bits
    const mbe_u64 t = k < nd ? d[k] << s : 0;
    const mbe_long dig = (mbe_long)((t & mask) | carry);
    carry = t >> 32;
    if (neg) {
      acc[w + k] -= dig;
    } else {
      acc[w + k] += dig;
    }
  }
}

// Adds the finite value (-1)^neg mant 2^exp to the sum digits (units 2^-1074), exactly.
MBE_FN void mbe_reduce_add_value(MBE_GLOBAL mbe_long* acc, mbe_u64 mant, mbe_int exp, mbe_int neg) {
  const mbe_int p = exp + MBE_REDUCE_SUM_LSB;  // >= 0: bit position of the mantissa's least bit
  mbe_u64 d[2];
  d[0] = mant & 0xffffffffu;
  d[1] = mant >> 32;
  mbe_reduce_add_digits(acc, p >> 5, p & 31, d, 2, neg);
}

// Adds (-1)^neg (ma 2^ea) (mb 2^eb) 2^shift (shift 0 or 1) to product-sum digits in the units of
// the square sums (2^-2148), exactly: the 106-bit product is built from 32-bit halves in 64-bit
// words, the same on every device.
MBE_FN void mbe_reduce_add_product(MBE_GLOBAL mbe_long* acc, mbe_u64 ma, mbe_int ea, mbe_u64 mb,
                                   mbe_int eb, mbe_int shift, mbe_int neg) {
  const mbe_u64 mask = 0xffffffffu;
  const mbe_u64 al = ma & mask;  // ma = ah 2^32 + al, ah < 2^21; mb likewise
  const mbe_u64 ah = ma >> 32;
  const mbe_u64 bl = mb & mask;
  const mbe_u64 bh = mb >> 32;
  const mbe_u64 ll = al * bl;  // < 2^64
  const mbe_u64 lh = al * bh;  // < 2^53
  const mbe_u64 hl = ah * bl;  // < 2^53
  const mbe_u64 hh = ah * bh;  // < 2^42

  // ma mb = ll + (lh + hl) 2^32 + hh 2^64 in four digits, carries resolved
  mbe_u64 d[4];
  mbe_u64 t;
  d[0] = ll & mask;
  t = (ll >> 32) + (lh & mask) + (hl & mask);
  d[1] = t & mask;
  t = (t >> 32) + (lh >> 32) + (hl >> 32) + (hh & mask);
  d[2] = t & mask;
  d[3] = (t >> 32) + (hh >> 32);

  // at bit ea + eb + shift + 2148 >= 0
  const mbe_int p = ea + eb + shift + MBE_REDUCE_SQ_LSB;
  mbe_reduce_add_digits(acc, p >> 5, p & 31, d, 4, neg);
}

// Adds (mant 2^exp)^2 to the square-sum digits (units 2^-2148), exactly.
MBE_FN void mbe_reduce_add_square(MBE_GLOBAL mbe_long* acc, mbe_u64 mant, mbe_int exp) {
  mbe_reduce_add_product(acc, mant, exp, mant, exp, 0, 0);
}

// Normalizes nw digit words in place: words 0..nw-2 into [0, 2^32), the carry into the signed
// top word. The result depends only on the number, so equal sums have equal words.
MBE_FN void mbe_reduce_normalize(MBE_GLOBAL mbe_long* acc, mbe_int nw) {
  mbe_long carry = 0;
  for (mbe_int i = 0; i + 1 < nw; i++) {
    const mbe_long t = acc[i] + carry;
    const mbe_long lo = t & (mbe_long)0xffffffff;  // two's complement: the low 32 bits, >= 0
    acc[i] = lo;
    carry = (t - lo) / (mbe_long)4294967296;  // exact: a multiple of 2^32
  }
  acc[nw - 1] += carry;
}

// Sorts the n key words a[0..n) ascending as signed integers with an LSD radix sort, byte by byte
// on the words with their sign bit flipped (so unsigned order is signed order), ping-ponging
// between a and tmp (n words); a byte every key shares moves nothing and is skipped. Ends with
// the sorted keys in a. Deterministic: equal keys are equal words, and each pass is stable.
MBE_FN void mbe_reduce_radix_sort(MBE_GLOBAL mbe_u32* a, MBE_GLOBAL mbe_u32* tmp, mbe_long n) {
  MBE_GLOBAL mbe_u32* src = a;
  MBE_GLOBAL mbe_u32* dst = tmp;
  mbe_u32 count[256];
  for (mbe_int shift = 0; shift < 32; shift += 8) {
    for (mbe_int d = 0; d < 256; d++) {
      count[d] = 0;
    }
    for (mbe_long i = 0; i < n; i++) {
      count[((src[i] ^ 0x80000000u) >> shift) & 255u] += 1;
    }

    // a digit that holds every key: this byte is already in order
    mbe_int skip = 0;
    for (mbe_int d = 0; d < 256; d++) {
      skip = skip || (mbe_long)count[d] == n;
    }
    if (skip) {
      continue;
    }

    // start of each digit's run, then a stable scatter
    mbe_u32 at = 0;
    for (mbe_int d = 0; d < 256; d++) {
      const mbe_u32 c = count[d];
      count[d] = at;
      at += c;
    }
    for (mbe_long i = 0; i < n; i++) {
      const mbe_u32 k = src[i];
      const mbe_u32 d = ((k ^ 0x80000000u) >> shift) & 255u;
      dst[count[d]] = k;
      count[d] += 1;
    }
    MBE_GLOBAL mbe_u32* t = src;
    src = dst;
    dst = t;
  }

  // the sorted keys where they started
  if (src != a) {
    for (mbe_long i = 0; i < n; i++) {
      a[i] = src[i];
    }
  }
}

// Reduces one series of one batch: the values x_v = y[y_off + v y_stride] of the n members (v < n)
// whose status[st_off + v st_stride] is MBE_RUN_OK. Writes the partial record part[0 ..
// MBE_REDUCE_PART_COUNT) (counts, min/max, normalized sums) and leaves in scratch[0 .. 2 npairs)
// the batch's histogram as npairs (key, count) pairs in ascending key order (key words hold the
// signed key's bits). Preconditions: 0 <= n <= MBE_REDUCE_NMAX; scratch holds 2n words and
// belongs to this series alone; part does not overlap y, status or scratch. One work-item per
// series; no atomics, no barriers; the result depends on the multiset of values only.
MBE_FN void mbe_reduce_series(MBE_GLOBAL const mbe_real* y, mbe_long y_off, mbe_long y_stride,
                              MBE_GLOBAL const mbe_int* status, mbe_long st_off, mbe_long st_stride,
                              mbe_long n, MBE_GLOBAL mbe_long* part, MBE_GLOBAL mbe_u32* scratch) {
  MBE_GLOBAL mbe_long* sum = part + MBE_REDUCE_PART_SUM;
  MBE_GLOBAL mbe_long* sq = part + MBE_REDUCE_PART_SQ;
  for (mbe_int i = 0; i < MBE_REDUCE_PART_COUNT; i++) {
    part[i] = 0;
  }

  // one pass: counts, extremes, exact sums; finite values' keys go to scratch[n ..)
  mbe_long nskip = 0, nnan = 0, nposinf = 0, nneginf = 0, nk = 0;
  mbe_long omin = MBE_REDUCE_ORD_NONE_MIN, omax = MBE_REDUCE_ORD_NONE_MAX;
  for (mbe_long v = 0; v < n; v++) {
    if (status[st_off + v * st_stride] != MBE_RUN_OK) {
      nskip += 1;
      continue;
    }
    const MbeReduceValue x = mbe_reduce_decompose(mbe_reduce_real_bits(y[y_off + v * y_stride]));
    if (x.cls == MBE_REDUCE_NAN) {
      nnan += 1;
      continue;
    }
    if (x.cls == MBE_REDUCE_POSINF) {
      nposinf += 1;
      continue;
    }
    if (x.cls == MBE_REDUCE_NEGINF) {
      nneginf += 1;
      continue;
    }
    const mbe_long o = mbe_reduce_ord(x.bits);
    omin = o < omin ? o : omin;
    omax = o > omax ? o : omax;
    scratch[n + nk] = (mbe_u32)mbe_reduce_key(x);
    nk += 1;
    if (x.mant != 0) {
      mbe_reduce_add_value(sum, x.mant, x.exp, x.neg);
      mbe_reduce_add_square(sq, x.mant, x.exp);
    }
  }
  mbe_reduce_normalize(sum, MBE_REDUCE_SUM_WORDS);
  mbe_reduce_normalize(sq, MBE_REDUCE_SQ_WORDS);

  // sort the keys (scratch[0 .. nk) is the radix sort's other half; they end where they were),
  // then run-length encode them to the front. Writing pair j at [2j, 2j + 1] happens after
  // reading key i >= j + 1 (every pair so far and the run that ends consumed at least one key
  // each), so 2j + 1 <= 2i - 1 < n + i + 1, the first unread word.
  MBE_GLOBAL mbe_u32* keys = scratch + n;
  mbe_reduce_radix_sort(keys, scratch, nk);
  mbe_long npairs = 0;
  if (nk > 0) {
    mbe_u32 cur = keys[0];
    mbe_u32 cnt = 1;
    for (mbe_long i = 1; i < nk; i++) {
      const mbe_u32 k = keys[i];
      if (k == cur) {
        cnt += 1;
        continue;
      }
      scratch[2 * npairs] = cur;
      scratch[2 * npairs + 1] = cnt;
      npairs += 1;
      cur = k;
      cnt = 1;
    }
    scratch[2 * npairs] = cur;
    scratch[2 * npairs + 1] = cnt;
    npairs += 1;
  }

  // the counts
  part[MBE_REDUCE_PART_NSKIP] = nskip;
  part[MBE_REDUCE_PART_NFINITE] = nk;
  part[MBE_REDUCE_PART_NNAN] = nnan;
  part[MBE_REDUCE_PART_NPOSINF] = nposinf;
  part[MBE_REDUCE_PART_NNEGINF] = nneginf;
  part[MBE_REDUCE_PART_MIN] = omin;
  part[MBE_REDUCE_PART_MAX] = omax;
  part[MBE_REDUCE_PART_NPAIRS] = npairs;
}

#endif
