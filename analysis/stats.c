// SPDX-License-Identifier: Apache-2.0
// The host side of the exact ensemble statistics: batch records and shards merged by integer
// addition and a coarsening rule that depends only on the final multiset, exact mean and variance
// by big-integer division, quantiles from the histogram, and the checkpoint byte string.
#include "mbe_stats.h"

#include <math.h>
#include <stdbool.h>
#include <string.h>

#include "big.h"
#include "reduce/mbe_reduce.h"

// the record layout is the kernel's; the public header repeats only its size
_Static_assert(MBE_STATS_PART_WORDS == MBE_REDUCE_PART_COUNT, "batch record size");
_Static_assert(MBE_STATS_LEVEL_MAX == MBE_REDUCE_LEVEL, "batch key level");
_Static_assert(MBE_STATS_LEVEL_MIN == MBE_REDUCE_LEVEL_MIN, "coarsest level");

// Why the final level is order-independent. Let D_l(Y) be the number of distinct level-l keys of
// a multiset Y of finite values. D_l(Y) only grows as values join Y (a larger set has at least
// the keys of a smaller one), and only grows with l (level l - 1 is a function, key >> 1, of level
// l, so it has at most as many distinct keys). Hence {l : D_l(Y) <= cap} is all levels up to
// lambda(Y) = max{l <= 12 : D_l(Y) <= cap}, which exists since D_-12 <= 4 <= cap. Invariant: a
// series holding Y is at level lambda(Y), with the exact counts of its level-lambda keys. An
// empty series is at 12 = lambda({}). Combining Y (at lambda(Y)) with Z (a batch at 12 or a
// shard at lambda(Z)) starts at l = min(lambda(Y), lambda(Z)) and lowers l while
// D_l(Y + Z) > cap. Any l with D_l(Y + Z) <= cap has D_l(Y) <= cap and D_l(Z) <= cap, so
// l <= min(lambda(Y), lambda(Z)): the search therefore stops exactly at lambda(Y + Z), and the
// bins are the counts of Y + Z's keys there. Level and bins are thus functions of the final
// multiset alone, whatever the batches, their order and the shards; the counts, extremes and
// (normalized) exact sums are too, so the whole state and its byte string are.

enum {
  HEADER_BYTES = 32,                    // struct MbeStats
  SERIES_BYTES = 64,                    // StatsSeries
  SUMW = MBE_REDUCE_SUM_WORDS,          // digits of the sum of values
  SQW = MBE_REDUCE_SQ_WORDS,            // digits of the sum of squares
  FILE_HEADER = 48,                     // byte string header
  FILE_SERIES = 64 + 8 * (SUMW + SQW),  // byte string per series before its bins
  FILE_BIN = 12                         // byte string per bin: i32 key, u64 count
};

#define STATS_COOKIE 0x4d42455354415453ull  // "MBESTATS"

// NAN and INFINITY are float constants; the statistics are double
#define STATS_NAN ((double)NAN)
#define STATS_INF ((double)INFINITY)

// the block header; the arrays follow it (see layout())
struct MbeStats {
  uint64_t cookie;   // STATS_COOKIE once initialized
  uint64_t nseries;  // series
  uint64_t cap;      // bins per series
  uint64_t size;     // bytes of the block in use
};

// the per-series scalars
typedef struct StatsSeries {
  uint64_t nskip;    // members excluded by status
  uint64_t nfinite;  // finite values
  uint64_t nnan;     // NaN values
  uint64_t nposinf;  // +inf values
  uint64_t nneginf;  // -inf values
  int64_t min;       // total-order key of the smallest finite value (MBE_REDUCE_ORD_NONE_MIN)
  int64_t max;       // total-order key of the largest finite value (MBE_REDUCE_ORD_NONE_MAX)
  int32_t level;     // histogram level
  uint32_t nbin;     // bins in use, <= cap
} StatsSeries;
_Static_assert(sizeof(StatsSeries) == SERIES_BYTES, "series record size");
_Static_assert(sizeof(struct MbeStats) == HEADER_BYTES, "header size");

// pointers into the block, recomputed from the shape (the block holds no pointers)
typedef struct Layout {
  StatsSeries* ser;  // (nseries)
  int64_t* sum;      // (nseries, SUMW) normalized digits
  int64_t* sq;       // (nseries, SQW) normalized digits
  uint64_t* cnt;     // (nseries, cap) bin counts
  uint64_t* tcnt;    // (cap) merge scratch
  int32_t* key;      // (nseries, cap) bin keys, ascending
  int32_t* tkey;     // (cap) merge scratch
} Layout;

// the arrays of the block of s
static Layout layout(const MbeStats* s) {
  char* base = (char*)s + HEADER_BYTES;
  const size_t ns = (size_t)s->nseries, cap = (size_t)s->cap;
  Layout l;
  l.ser = (StatsSeries*)base;
  base += ns * SERIES_BYTES;
  l.sum = (int64_t*)base;
  base += ns * SUMW * 8;
  l.sq = (int64_t*)base;
  base += ns * SQW * 8;
  l.cnt = (uint64_t*)base;
  base += ns * cap * 8;
  l.tcnt = (uint64_t*)base;
  base += cap * 8;
  l.key = (int32_t*)base;
  base += ns * cap * 4;
  l.tkey = (int32_t*)base;
  return l;
}

// whether s is an initialized block (a cheap guard against stray pointers, not a proof)
static bool is_stats(const MbeStats* s) {
  return s && s->cookie == STATS_COOKIE;
}

size_t mbe_stats_size(size_t nseries, size_t cap) {
  if (cap < MBE_STATS_CAP_MIN || cap > ((size_t)1 << 31)) {
    return 0;
  }
  const size_t per = SERIES_BYTES + 8 * (SUMW + SQW) + 12 * cap;
  const size_t fixed = HEADER_BYTES + 12 * cap + 8;
  if (nseries > (SIZE_MAX - fixed) / per) {
    return 0;
  }
  return (fixed + nseries * per) / 8 * 8;
}

MbeStatsStatus mbe_stats_init(void* mem, size_t size, size_t nseries, size_t cap, MbeStats** out) {
  if (!out) {
    return MBE_STATS_ERR_ARG;
  }
  *out = NULL;
  const size_t need = mbe_stats_size(nseries, cap);
  if (!mem || need == 0 || (uintptr_t)mem % 8 != 0) {
    return MBE_STATS_ERR_ARG;
  }
  if (size < need) {
    return MBE_STATS_ERR_SIZE;
  }

  // header, then every series empty: level 12, no extremes
  memset(mem, 0, need);
  MbeStats* s = mem;
  s->cookie = STATS_COOKIE;
  s->nseries = nseries;
  s->cap = cap;
  s->size = need;
  Layout l = layout(s);
  for (size_t i = 0; i < nseries; i++) {
    l.ser[i].min = MBE_REDUCE_ORD_NONE_MIN;
    l.ser[i].max = MBE_REDUCE_ORD_NONE_MAX;
    l.ser[i].level = MBE_REDUCE_LEVEL;
  }
  *out = s;
  return MBE_STATS_OK;
}

size_t mbe_stats_nseries(const MbeStats* s) {
  return is_stats(s) ? (size_t)s->nseries : 0;
}

size_t mbe_stats_cap(const MbeStats* s) {
  return is_stats(s) ? (size_t)s->cap : 0;
}

/* ---- keys and bins ---------------------------------------------------------------------- */

// the signed key held in a pair's key word (two's complement bits)
static int32_t key_of_word(uint32_t u) {
  return u < 0x80000000u ? (int32_t)u : -(int32_t)(~u) - 1;
}

// the key at `shift` levels coarser: key >> shift, filling with the sign bit
static int32_t key_coarsen(int32_t k, int shift) {
  return k >= 0 ? k >> shift : ~((~k) >> shift);
}

// whether k is a key some finite value has at level l
static bool key_is_valid(int32_t k, int l) {
  if (k == 0 || k == -1) {
    return true;
  }
  const int32_t mag = k > 0 ? k : ~k;
  const int32_t lo = ((int32_t)4097 << 12) >> (12 - l);
  const int32_t hi = (((int32_t)6195 << 12) - 1) >> (12 - l);
  return mag >= lo && mag <= hi;
}

// the binary64 bits of the value with total-order key o
static uint64_t bits_of_ord(int64_t o) {
  return o >= 0 ? (uint64_t)o : (uint64_t)(-(o + 1)) | ((uint64_t)1 << 63);
}

// the double with bits u
static double double_of_bits(uint64_t u) {
  double x;
  memcpy(&x, &u, sizeof x);
  return x;
}

// whether o is the total-order key of a finite value
static bool ord_is_finite(int64_t o) {
  const int64_t top = (int64_t)0x7fefffffffffffff;
  return o <= top && o >= -top - 1;
}

// the level-12 key of the finite value with total-order key o
static int32_t key_of_ord(int64_t o) {
  return mbe_reduce_key(mbe_reduce_decompose(bits_of_ord(o)));
}

// a sorted run of bins to merge: a series' bins, or a batch's (key, count) word pairs
typedef struct BinRun {
  const int32_t* key;     // bin keys, or NULL: read pairs
  const uint64_t* cnt;    // bin counts
  const uint32_t* pairs;  // (key word, count) pairs when key is NULL
  size_t n;               // bins
  int level;              // level of the keys
} BinRun;

// bin j's key of run r, coarsened to `level`
static int32_t run_key(const BinRun* r, size_t j, int level) {
  const int32_t k = r->key ? r->key[j] : key_of_word(r->pairs[2 * j]);
  return key_coarsen(k, r->level - level);
}

// bin j's count of run r
static uint64_t run_cnt(const BinRun* r, size_t j) {
  return r->key ? r->cnt[j] : (uint64_t)r->pairs[2 * j + 1];
}

// Merges runs a and b at `level` (no finer than either run) into key/cnt, which have room for
// all distinct bins (runs_count said how many); returns that number.
static size_t runs_merge(const BinRun* a, const BinRun* b, int level, int32_t* key, uint64_t* cnt) {
  size_t i = 0, j = 0, d = 0;
  while (i < a->n || j < b->n) {
    // the smaller next key of the two runs (coarsened keys stay sorted)
    int32_t k;
    uint64_t c;
    if (j >= b->n || (i < a->n && run_key(a, i, level) <= run_key(b, j, level))) {
      k = run_key(a, i, level);
      c = run_cnt(a, i++);
    } else {
      k = run_key(b, j, level);
      c = run_cnt(b, j++);
    }

    // more of the last bin, or a new one
    if (d > 0 && key[d - 1] == k) {
      cnt[d - 1] += c;
    } else {
      key[d] = k;
      cnt[d] = c;
      d += 1;
    }
  }
  return d;
}

// Returns the number of distinct bins of runs a and b merged at `level`, counting no further
// than limit + 1.
static size_t runs_count(const BinRun* a, const BinRun* b, int level, size_t limit) {
  size_t i = 0, j = 0, d = 0;
  int32_t last = 0;
  while (i < a->n || j < b->n) {
    int32_t k;
    if (j >= b->n || (i < a->n && run_key(a, i, level) <= run_key(b, j, level))) {
      k = run_key(a, i++, level);
    } else {
      k = run_key(b, j++, level);
    }
    if (d == 0 || k != last) {
      d += 1;
      last = k;
      if (d > limit) {
        return d;
      }
    }
  }
  return d;
}

// Merges run b into the bins of series i: the finest level (no finer than either's) at which
// the union fits in cap, found by counting, then one merge into the scratch and a copy back.
static void series_merge_bins(MbeStats* s, const Layout* l, size_t i, const BinRun* b) {
  const size_t cap = (size_t)s->cap;
  StatsSeries* se = &l->ser[i];
  BinRun a = {l->key + i * cap, l->cnt + i * cap, NULL, se->nbin, se->level};
  int level = a.level < b->level ? a.level : b->level;
  while (level > MBE_REDUCE_LEVEL_MIN && runs_count(&a, b, level, cap) > cap) {
    level -= 1;
  }
  const size_t d = runs_merge(&a, b, level, l->tkey, l->tcnt);
  memcpy(l->key + i * cap, l->tkey, d * sizeof *l->tkey);
  memcpy(l->cnt + i * cap, l->tcnt, d * sizeof *l->tcnt);
  se->nbin = (uint32_t)d;
  se->level = level;
}

/* ---- accumulation ----------------------------------------------------------------------- */

// whether n normalized digit words are normalized (all but the top in [0, 2^32)), and the top
// word is not negative when is_unsigned
static bool words_normalized(const int64_t* w, int n, bool is_unsigned) {
  for (int i = 0; i + 1 < n; i++) {
    if (w[i] < 0 || w[i] > (int64_t)0xffffffff) {
      return false;
    }
  }
  return !is_unsigned || w[n - 1] >= 0;
}

// whether n words are all zero
static bool words_zero(const int64_t* w, int n) {
  for (int i = 0; i < n; i++) {
    if (w[i] != 0) {
      return false;
    }
  }
  return true;
}

// Checks the extremes and sums of a series (or record) with nfinite finite values whose first and
// last bins at `level` are kfirst and klast.
static bool extremes_sums_valid(uint64_t nfinite, int64_t omin, int64_t omax, int level,
                                int32_t kfirst, int32_t klast, const int64_t* sum,
                                const int64_t* sq) {
  if (!words_normalized(sum, SUMW, false) || !words_normalized(sq, SQW, true)) {
    return false;
  }
  if (nfinite == 0) {
    return omin == MBE_REDUCE_ORD_NONE_MIN && omax == MBE_REDUCE_ORD_NONE_MAX &&
           words_zero(sum, SUMW) && words_zero(sq, SQW);
  }
  const int shift = MBE_REDUCE_LEVEL - level;
  return ord_is_finite(omin) && ord_is_finite(omax) && omin <= omax &&
         key_coarsen(key_of_ord(omin), shift) == kfirst &&
         key_coarsen(key_of_ord(omax), shift) == klast;
}

// Checks one batch record and its pairs (pair_stride words available) against the series it
// joins: well-formed, and the series' counts stay within MBE_STATS_COUNT_MAX.
static MbeStatsStatus record_check(const int64_t* p, const uint32_t* pairs, size_t pair_stride,
                                   const StatsSeries* se) {
  const uint64_t add[5] = {(uint64_t)p[MBE_REDUCE_PART_NSKIP], (uint64_t)p[MBE_REDUCE_PART_NFINITE],
                           (uint64_t)p[MBE_REDUCE_PART_NNAN], (uint64_t)p[MBE_REDUCE_PART_NPOSINF],
                           (uint64_t)p[MBE_REDUCE_PART_NNEGINF]};
  const uint64_t have[5] = {se->nskip, se->nfinite, se->nnan, se->nposinf, se->nneginf};
  for (int c = 0; c < 5; c++) {
    if (p[MBE_REDUCE_PART_NSKIP + c] < 0 || add[c] > MBE_STATS_COUNT_MAX) {
      return MBE_STATS_ERR_RECORD;
    }
    if (add[c] > MBE_STATS_COUNT_MAX - have[c]) {
      return MBE_STATS_ERR_RANGE;
    }
  }

  // the pairs: within the stride, keys ascending and valid, counts adding up to nfinite
  const int64_t npairs = p[MBE_REDUCE_PART_NPAIRS];
  const uint64_t nfinite = add[1];
  if (npairs < 0 || (uint64_t)npairs > nfinite || (uint64_t)npairs > pair_stride / 2 ||
      (npairs > 0 && !pairs)) {
    return MBE_STATS_ERR_RECORD;
  }
  uint64_t total = 0;
  for (int64_t j = 0; j < npairs; j++) {
    const int32_t k = key_of_word(pairs[2 * j]);
    const uint32_t c = pairs[2 * j + 1];
    if (c == 0 || !key_is_valid(k, MBE_REDUCE_LEVEL) ||
        (j > 0 && k <= key_of_word(pairs[2 * j - 2]))) {
      return MBE_STATS_ERR_RECORD;
    }
    total += c;
    if (total > nfinite) {
      return MBE_STATS_ERR_RECORD;
    }
  }
  if (total != nfinite) {
    return MBE_STATS_ERR_RECORD;
  }
  const int32_t kfirst = npairs > 0 ? key_of_word(pairs[0]) : 0;
  const int32_t klast = npairs > 0 ? key_of_word(pairs[2 * npairs - 2]) : 0;
  if (!extremes_sums_valid(nfinite, p[MBE_REDUCE_PART_MIN], p[MBE_REDUCE_PART_MAX],
                           MBE_REDUCE_LEVEL, kfirst, klast, p + MBE_REDUCE_PART_SUM,
                           p + MBE_REDUCE_PART_SQ)) {
    return MBE_STATS_ERR_RECORD;
  }
  return MBE_STATS_OK;
}

// Adds counts, extremes and sums of one series or record to series i (the bins are separate).
static void series_add_scalars(const Layout* l, size_t i, const uint64_t* counts, int64_t omin,
                               int64_t omax, const int64_t* sum, const int64_t* sq) {
  StatsSeries* se = &l->ser[i];
  se->nskip += counts[0];
  se->nfinite += counts[1];
  se->nnan += counts[2];
  se->nposinf += counts[3];
  se->nneginf += counts[4];
  se->min = omin < se->min ? omin : se->min;
  se->max = omax > se->max ? omax : se->max;

  // integer addition of normalized digits (< 2^33 per word), normalized again
  int64_t* ssum = l->sum + i * SUMW;
  int64_t* ssq = l->sq + i * SQW;
  for (int w = 0; w < SUMW; w++) {
    ssum[w] += sum[w];
  }
  for (int w = 0; w < SQW; w++) {
    ssq[w] += sq[w];
  }
  mbe_reduce_normalize(ssum, SUMW);
  mbe_reduce_normalize(ssq, SQW);
}

MbeStatsStatus mbe_stats_add(MbeStats* s, size_t series0, size_t nbatch, const int64_t* part,
                             const uint32_t* pairs, size_t pair_stride) {
  if (!is_stats(s) || series0 > s->nseries || nbatch > s->nseries - series0 ||
      (nbatch > 0 && !part)) {
    return MBE_STATS_ERR_ARG;
  }
  Layout l = layout(s);

  // every record checked before anything changes
  for (size_t b = 0; b < nbatch; b++) {
    const MbeStatsStatus st =
        record_check(part + b * MBE_REDUCE_PART_COUNT, pairs ? pairs + b * pair_stride : NULL,
                     pair_stride, &l.ser[series0 + b]);
    if (st != MBE_STATS_OK) {
      return st;
    }
  }

  // then each series takes its record
  for (size_t b = 0; b < nbatch; b++) {
    const int64_t* p = part + b * MBE_REDUCE_PART_COUNT;
    const uint64_t counts[5] = {
        (uint64_t)p[MBE_REDUCE_PART_NSKIP], (uint64_t)p[MBE_REDUCE_PART_NFINITE],
        (uint64_t)p[MBE_REDUCE_PART_NNAN], (uint64_t)p[MBE_REDUCE_PART_NPOSINF],
        (uint64_t)p[MBE_REDUCE_PART_NNEGINF]};
    series_add_scalars(&l, series0 + b, counts, p[MBE_REDUCE_PART_MIN], p[MBE_REDUCE_PART_MAX],
                       p + MBE_REDUCE_PART_SUM, p + MBE_REDUCE_PART_SQ);
    const BinRun run = {NULL, NULL, pairs ? pairs + b * pair_stride : NULL,
                        (size_t)p[MBE_REDUCE_PART_NPAIRS], MBE_REDUCE_LEVEL};
    series_merge_bins(s, &l, series0 + b, &run);
  }
  return MBE_STATS_OK;
}

MbeStatsStatus mbe_stats_merge(MbeStats* dst, const MbeStats* src) {
  if (!is_stats(dst) || !is_stats(src)) {
    return MBE_STATS_ERR_ARG;
  }
  if (dst->nseries != src->nseries || dst->cap != src->cap) {
    return MBE_STATS_ERR_SHAPE;
  }
  Layout ld = layout(dst);
  const Layout ls = layout(src);
  const size_t ns = (size_t)dst->nseries, cap = (size_t)dst->cap;

  // the counts stay in range, or nothing changes
  for (size_t i = 0; i < ns; i++) {
    const StatsSeries* a = &ld.ser[i];
    const StatsSeries* b = &ls.ser[i];
    if (b->nskip > MBE_STATS_COUNT_MAX - a->nskip ||
        b->nfinite > MBE_STATS_COUNT_MAX - a->nfinite || b->nnan > MBE_STATS_COUNT_MAX - a->nnan ||
        b->nposinf > MBE_STATS_COUNT_MAX - a->nposinf ||
        b->nneginf > MBE_STATS_COUNT_MAX - a->nneginf) {
      return MBE_STATS_ERR_RANGE;
    }
  }

  // series by series; the source is read before the destination changes (src may be dst)
  for (size_t i = 0; i < ns; i++) {
    const StatsSeries b = ls.ser[i];
    const uint64_t counts[5] = {b.nskip, b.nfinite, b.nnan, b.nposinf, b.nneginf};
    const BinRun run = {ls.key + i * cap, ls.cnt + i * cap, NULL, b.nbin, b.level};
    series_merge_bins(dst, &ld, i, &run);
    series_add_scalars(&ld, i, counts, b.min, b.max, ls.sum + i * SUMW, ls.sq + i * SQW);
  }
  return MBE_STATS_OK;
}

/* ---- exact arithmetic ------------------------------------------------------------------- */

// big integers: little-endian 32-bit digits; sizes fixed by the sums
enum {
  BIG_S = SUMW + 1,       // |S| (the signed top word becomes two digits)
  BIG_Q = SQW + 1,        // Q
  BIG_T = 2 * BIG_S + 2,  // n Q - S^2 and its factors (|S|^2 has 2 BIG_S digits, n Q BIG_Q + 2)
  BIG_GUARD = 2           // 64 guard bits below the least bit before dividing
};
_Static_assert(BIG_Q + 2 <= BIG_T, "n Q fits");

/* ---- results ---------------------------------------------------------------------------- */

// the value range [lo, hi] of the bin with key k at level l (before clamping to min and max)
static void bin_range(int32_t k, int l, double* lo, double* hi) {
  if (k == 0 || k == -1) {
    *lo = *hi = k == 0 ? 0.0 : -0.0;
    return;
  }
  const int32_t mag = k > 0 ? k : ~k;
  double a, b;
  if (l >= 0) {
    // (2^l + t) 2^(E - l) .. (2^l + t + 1) 2^(E - l)
    const int e = (mag >> l) - MBE_REDUCE_EBIAS;
    const int32_t t = mag & ((1 << l) - 1);
    a = ldexp((double)((1 << l) + t), e - l);
    b = ldexp((double)((1 << l) + t + 1), e - l);
  } else {
    // binades g_lo .. g_hi - 1 of the level-12 exponent field
    const int ga = mag << -l, gb = (mag + 1) << -l;
    const int ea = ga - MBE_REDUCE_EBIAS, eb = gb - MBE_REDUCE_EBIAS;
    a = ldexp(1.0, ea < -1074 ? -1074 : ea);
    b = ldexp(1.0, eb > 1024 ? 1024 : eb);
  }
  *lo = k > 0 ? a : -b;
  *hi = k > 0 ? b : -a;
}

// Order statistic r (0-based, r < n) of the counted values of series se: infinities at the ends,
// the finite extremes exact, others at the middle of their share of their bin, the bin clamped
// to the finite extremes fmin, fmax.
static double order_stat(const StatsSeries* se, const int32_t* key, const uint64_t* cnt, uint64_t r,
                         double fmin, double fmax) {
  if (r < se->nneginf) {
    return -STATS_INF;
  }
  r -= se->nneginf;
  if (r >= se->nfinite) {
    return STATS_INF;
  }
  if (r == 0) {
    return fmin;
  }
  if (r == se->nfinite - 1) {
    return fmax;
  }

  // the bin of rank r
  uint64_t below = 0;
  uint32_t j = 0;
  while (j + 1 < se->nbin && below + cnt[j] <= r) {
    below += cnt[j];
    j += 1;
  }
  double lo, hi;
  bin_range(key[j], se->level, &lo, &hi);
  lo = lo < fmin ? fmin : lo;
  hi = hi > fmax ? fmax : hi;
  const double f = ((double)(r - below) + 0.5) / (double)cnt[j];
  const double x = lo + (hi - lo) * f;
  return x < lo ? lo : (x > hi ? hi : x);
}

// Quantile p of series se (numpy's linear method), its n >= 1 counted values.
static double quantile(const StatsSeries* se, const int32_t* key, const uint64_t* cnt, double p,
                       double fmin, double fmax) {
  const uint64_t n = se->nfinite + se->nposinf + se->nneginf;
  const double h = (double)(n - 1) * p;
  const double fl = floor(h);
  uint64_t ia = (uint64_t)fl;
  double g = h - fl;
  if (ia >= n - 1) {
    ia = n - 1;
    g = 0.0;
  }
  const double a = order_stat(se, key, cnt, ia, fmin, fmax);
  if (g == 0.0) {
    return a;
  }
  const double b = order_stat(se, key, cnt, ia + 1, fmin, fmax);

  // an infinity with a non-zero weight wins (the limit), -inf against +inf is undefined
  if (isinf(a) || isinf(b)) {
    return isinf(a) && isinf(b) && a != b ? STATS_NAN : (isinf(a) ? a : b);
  }

  // numpy's lerp, symmetric about g = 1/2; a spread that overflows interpolates the ends
  const double diff = b - a;
  if (isinf(diff)) {
    return a * (1.0 - g) + b * g;
  }
  return g >= 0.5 ? b - diff * (1.0 - g) : a + diff * g;
}

MbeStatsStatus mbe_stats_finalize(const MbeStats* s, size_t series, const double* prob,
                                  size_t nprob, MbeStatsResult* out, double* quant) {
  if (!is_stats(s) || series >= s->nseries || !out || (nprob > 0 && (!prob || !quant))) {
    return MBE_STATS_ERR_ARG;
  }
  for (size_t i = 0; i < nprob; i++) {
    if (!(prob[i] >= 0.0 && prob[i] <= 1.0)) {
      return MBE_STATS_ERR_ARG;
    }
  }
  const Layout l = layout(s);
  const StatsSeries* se = &l.ser[series];
  const int64_t* sum = l.sum + series * SUMW;
  const int64_t* sq = l.sq + series * SQW;
  const uint64_t nf = se->nfinite;

  // counts, extremes, resolution
  MbeStatsResult r;
  memset(&r, 0, sizeof r);
  r.nfinite = nf;
  r.nnan = se->nnan;
  r.nposinf = se->nposinf;
  r.nneginf = se->nneginf;
  r.nskip = se->nskip;
  r.n = nf + se->nposinf + se->nneginf;
  const double fmin = nf > 0 ? double_of_bits(bits_of_ord(se->min)) : STATS_NAN;
  const double fmax = nf > 0 ? double_of_bits(bits_of_ord(se->max)) : STATS_NAN;
  r.min =
      se->nneginf > 0 ? -STATS_INF : (nf > 0 ? fmin : (se->nposinf > 0 ? STATS_INF : STATS_NAN));
  r.max =
      se->nposinf > 0 ? STATS_INF : (nf > 0 ? fmax : (se->nneginf > 0 ? -STATS_INF : STATS_NAN));
  r.level = se->level;
  r.resolution = se->level >= 0 ? ldexp(1.0, -se->level) : ldexp(1.0, 1 << -se->level) - 1.0;

  // mean = S / n, correctly rounded; infinities decide it as IEEE addition would
  r.mean = STATS_NAN;
  r.var = STATS_NAN;
  r.std = STATS_NAN;
  uint32_t smag[BIG_S + BIG_GUARD];
  bool sneg;
  big_from_words(sum, SUMW, smag + BIG_GUARD, &sneg);
  if (se->nposinf > 0 || se->nneginf > 0) {
    r.mean =
        se->nposinf > 0 && se->nneginf > 0 ? STATS_NAN : (se->nposinf > 0 ? STATS_INF : -STATS_INF);
  } else if (nf > 0) {
    uint32_t q[BIG_S + BIG_GUARD];
    memcpy(q, smag, sizeof q);
    q[0] = q[1] = 0;
    const bool sticky = big_div(q, BIG_S + BIG_GUARD, nf);
    r.mean = big_round(q, BIG_S + BIG_GUARD, -MBE_REDUCE_SUM_LSB - 32 * BIG_GUARD, sticky, sneg);
  }

  // var = (n Q - S^2) / (n (n - 1)) from exact integers: one rounding; std from its top bits
  if (se->nposinf == 0 && se->nneginf == 0 && nf >= 2) {
    uint32_t t[BIG_T + BIG_GUARD], s2[2 * BIG_S], qmag[BIG_Q], nq[BIG_Q + 2];
    const uint32_t nd[2] = {(uint32_t)nf, (uint32_t)(nf >> 32)};
    bool qneg;
    big_from_words(sq, SQW, qmag, &qneg);
    big_mul(smag + BIG_GUARD, BIG_S, smag + BIG_GUARD, BIG_S, s2);
    big_mul(qmag, BIG_Q, nd, 2, nq);
    memset(t, 0, sizeof t);
    memcpy(t + BIG_GUARD, nq, sizeof nq);
    uint32_t s2w[BIG_T];
    memset(s2w, 0, sizeof s2w);
    memcpy(s2w, s2, sizeof s2);
    if (!big_sub(t + BIG_GUARD, s2w, BIG_T)) {
      const bool r1 = big_div(t, BIG_T + BIG_GUARD, nf);
      const bool r2 = big_div(t, BIG_T + BIG_GUARD, nf - 1);
      const int scale = -MBE_REDUCE_SQ_LSB - 32 * BIG_GUARD;
      r.var = big_round(t, BIG_T + BIG_GUARD, scale, r1 || r2, false);
      r.std = big_sqrt(t, BIG_T + BIG_GUARD, scale);
    }
  }

  // quantiles over the counted values
  for (size_t i = 0; i < nprob; i++) {
    quant[i] = r.n == 0 ? STATS_NAN
                        : quantile(se, l.key + series * s->cap, l.cnt + series * s->cap, prob[i],
                                   fmin, fmax);
  }
  *out = r;
  return MBE_STATS_OK;
}

/* ---- byte strings ----------------------------------------------------------------------- */

static const uint8_t MAGIC[8] = {'M', 'B', 'E', 'S', 'T', 'A', 'T', 'S'};

// little-endian stores and loads
static void put_u32(uint8_t* b, uint32_t v) {
  for (int i = 0; i < 4; i++) {
    b[i] = (uint8_t)(v >> (8 * i));
  }
}

static void put_u64(uint8_t* b, uint64_t v) {
  for (int i = 0; i < 8; i++) {
    b[i] = (uint8_t)(v >> (8 * i));
  }
}

static uint32_t get_u32(const uint8_t* b) {
  uint32_t v = 0;
  for (int i = 3; i >= 0; i--) {
    v = (v << 8) | b[i];
  }
  return v;
}

static uint64_t get_u64(const uint8_t* b) {
  uint64_t v = 0;
  for (int i = 7; i >= 0; i--) {
    v = (v << 8) | b[i];
  }
  return v;
}

// two's complement bits back to a signed integer, without implementation-defined conversions
static int64_t i64_of_u64(uint64_t u) {
  return u < ((uint64_t)1 << 63) ? (int64_t)u : -(int64_t)(~u) - 1;
}

// 64-bit FNV-1a of n bytes
static uint64_t fnv1a(const uint8_t* b, size_t n) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (size_t i = 0; i < n; i++) {
    h = (h ^ b[i]) * 0x100000001b3ull;
  }
  return h;
}

size_t mbe_stats_write_size(const MbeStats* s) {
  if (!is_stats(s)) {
    return 0;
  }
  const Layout l = layout(s);
  size_t n = FILE_HEADER + 8;
  for (size_t i = 0; i < s->nseries; i++) {
    n += FILE_SERIES + FILE_BIN * (size_t)l.ser[i].nbin;
  }
  return n;
}

MbeStatsStatus mbe_stats_write(const MbeStats* s, uint8_t* buf, size_t size) {
  if (!is_stats(s) || !buf) {
    return MBE_STATS_ERR_ARG;
  }
  const size_t len = mbe_stats_write_size(s);
  if (size < len) {
    return MBE_STATS_ERR_SIZE;
  }
  const Layout l = layout(s);

  // header: magic, version, the layout constants, shape, length
  memcpy(buf, MAGIC, 8);
  put_u32(buf + 8, MBE_STATS_FORMAT_VERSION);
  put_u32(buf + 12, MBE_REDUCE_LEVEL);
  put_u32(buf + 16, SUMW);
  put_u32(buf + 20, SQW);
  put_u64(buf + 24, s->nseries);
  put_u64(buf + 32, s->cap);
  put_u64(buf + 40, len);

  // series: counts, extremes, level, bins in use, sums, bins
  uint8_t* b = buf + FILE_HEADER;
  for (size_t i = 0; i < s->nseries; i++) {
    const StatsSeries* se = &l.ser[i];
    const uint64_t head[7] = {se->nskip,   se->nfinite,       se->nnan,         se->nposinf,
                              se->nneginf, (uint64_t)se->min, (uint64_t)se->max};
    for (int k = 0; k < 7; k++) {
      put_u64(b + 8 * k, head[k]);
    }
    put_u32(b + 56, (uint32_t)se->level);
    put_u32(b + 60, se->nbin);
    b += 64;
    for (int w = 0; w < SUMW; w++, b += 8) {
      put_u64(b, (uint64_t)l.sum[i * SUMW + w]);
    }
    for (int w = 0; w < SQW; w++, b += 8) {
      put_u64(b, (uint64_t)l.sq[i * SQW + w]);
    }
    for (uint32_t j = 0; j < se->nbin; j++, b += FILE_BIN) {
      put_u32(b, (uint32_t)l.key[i * s->cap + j]);
      put_u64(b + 4, l.cnt[i * s->cap + j]);
    }
  }

  // the check over everything before it
  put_u64(b, fnv1a(buf, len - 8));
  return MBE_STATS_OK;
}

MbeStatsStatus mbe_stats_read_shape(const uint8_t* buf, size_t len, size_t* nseries, size_t* cap) {
  if (!buf || !nseries || !cap) {
    return MBE_STATS_ERR_ARG;
  }
  if (len < 12 || memcmp(buf, MAGIC, 8) != 0) {
    return MBE_STATS_ERR_FORMAT;
  }
  if (get_u32(buf + 8) != MBE_STATS_FORMAT_VERSION) {
    return MBE_STATS_ERR_VERSION;
  }
  if (len < FILE_HEADER + 8 || get_u32(buf + 12) != MBE_REDUCE_LEVEL || get_u32(buf + 16) != SUMW ||
      get_u32(buf + 20) != SQW || get_u64(buf + 40) != len) {
    return MBE_STATS_ERR_FORMAT;
  }

  // every series takes at least FILE_SERIES bytes; the capacity must make a valid block
  const uint64_t ns = get_u64(buf + 24), cp = get_u64(buf + 32);
  if (ns > (len - FILE_HEADER - 8) / FILE_SERIES || cp > ((uint64_t)1 << 31) ||
      mbe_stats_size((size_t)ns, (size_t)cp) == 0) {
    return MBE_STATS_ERR_FORMAT;
  }
  if (fnv1a(buf, len - 8) != get_u64(buf + len - 8)) {
    return MBE_STATS_ERR_FORMAT;
  }
  *nseries = (size_t)ns;
  *cap = (size_t)cp;
  return MBE_STATS_OK;
}

// Reads series i from b (end: the check sum) into s; returns the byte after it, or NULL when the
// bytes run out or break an invariant.
static const uint8_t* read_series(MbeStats* s, const Layout* l, size_t i, const uint8_t* b,
                                  const uint8_t* end) {
  if ((size_t)(end - b) < FILE_SERIES) {
    return NULL;
  }
  StatsSeries* se = &l->ser[i];
  uint64_t* counts[5] = {&se->nskip, &se->nfinite, &se->nnan, &se->nposinf, &se->nneginf};
  for (int k = 0; k < 5; k++) {
    *counts[k] = get_u64(b + 8 * k);
    if (*counts[k] > MBE_STATS_COUNT_MAX) {
      return NULL;
    }
  }
  se->min = i64_of_u64(get_u64(b + 40));
  se->max = i64_of_u64(get_u64(b + 48));
  const uint32_t lw = get_u32(b + 56);
  const int64_t level = lw < 0x80000000u ? (int64_t)lw : (int64_t)lw - ((int64_t)1 << 32);
  se->level = (int32_t)level;
  se->nbin = get_u32(b + 60);
  b += 64;
  int64_t* sum = l->sum + i * SUMW;
  int64_t* sq = l->sq + i * SQW;
  for (int w = 0; w < SUMW; w++, b += 8) {
    sum[w] = i64_of_u64(get_u64(b));
  }
  for (int w = 0; w < SQW; w++, b += 8) {
    sq[w] = i64_of_u64(get_u64(b));
  }

  // the bins: within the capacity and the bytes, keys ascending and valid at the level
  if (level < MBE_REDUCE_LEVEL_MIN || level > MBE_REDUCE_LEVEL || se->nbin > s->cap ||
      (size_t)(end - b) / FILE_BIN < se->nbin || (se->nbin == 0) != (se->nfinite == 0) ||
      (se->nfinite == 0 && level != MBE_REDUCE_LEVEL)) {
    return NULL;
  }
  int32_t* key = l->key + i * s->cap;
  uint64_t* cnt = l->cnt + i * s->cap;
  uint64_t total = 0;
  for (uint32_t j = 0; j < se->nbin; j++, b += FILE_BIN) {
    key[j] = key_of_word(get_u32(b));
    cnt[j] = get_u64(b + 4);
    if (cnt[j] == 0 || cnt[j] > MBE_STATS_COUNT_MAX - total || !key_is_valid(key[j], se->level) ||
        (j > 0 && key[j] <= key[j - 1])) {
      return NULL;
    }
    total += cnt[j];
  }
  if (total != se->nfinite) {
    return NULL;
  }
  const int32_t kfirst = se->nbin > 0 ? key[0] : 0;
  const int32_t klast = se->nbin > 0 ? key[se->nbin - 1] : 0;
  if (!extremes_sums_valid(se->nfinite, se->min, se->max, se->level, kfirst, klast, sum, sq)) {
    return NULL;
  }
  return b;
}

MbeStatsStatus mbe_stats_read(void* mem, size_t size, const uint8_t* buf, size_t len,
                              MbeStats** out) {
  if (!out) {
    return MBE_STATS_ERR_ARG;
  }
  *out = NULL;
  size_t ns, cap;
  MbeStatsStatus st = mbe_stats_read_shape(buf, len, &ns, &cap);
  if (st != MBE_STATS_OK) {
    return st;
  }
  MbeStats* s;
  st = mbe_stats_init(mem, size, ns, cap, &s);
  if (st != MBE_STATS_OK) {
    return st;
  }

  // series after series, then exactly the check sum must remain
  const Layout l = layout(s);
  const uint8_t* b = buf + FILE_HEADER;
  const uint8_t* end = buf + len - 8;
  for (size_t i = 0; i < ns && b; i++) {
    b = read_series(s, &l, i, b, end);
  }
  if (!b || b != end) {
    s->cookie = 0;
    return MBE_STATS_ERR_FORMAT;
  }
  *out = s;
  return MBE_STATS_OK;
}

const char* mbe_stats_status_str(int code) {
  switch (code) {
#define MBE_STATS_CASE_(name, value, text) \
  case value: return text;
    MBE_STATS_STATUS_LIST(MBE_STATS_CASE_)
#undef MBE_STATS_CASE_
    default: return "unknown status";
  }
}
