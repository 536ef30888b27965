// SPDX-License-Identifier: Apache-2.0
// Exact, order-independent ensemble statistics per series (mean, std, min, max, quantiles) from
// the batch records of kernels/reduce/mbe_reduce.h: add batches, merge shards, finalize, and a
// portable byte string for checkpoints. Caller-provided memory only; nothing from host/.
#ifndef MBE_STATS_H
#define MBE_STATS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- status and limits ------------------------------------------------------------------- */

// every status of this module with its static message (0 ok, negative errors)
#define MBE_STATS_STATUS_LIST(X)                                                       \
  X(MBE_STATS_OK, 0, "success")                                                        \
  X(MBE_STATS_ERR_ARG, -1, "invalid argument")                                         \
  X(MBE_STATS_ERR_SIZE, -2, "buffer too small")                                        \
  X(MBE_STATS_ERR_SHAPE, -3, "series count or bin capacity differ")                    \
  X(MBE_STATS_ERR_RECORD, -4, "malformed batch record")                                \
  X(MBE_STATS_ERR_RANGE, -5, "a count would exceed MBE_STATS_COUNT_MAX")               \
  X(MBE_STATS_ERR_FORMAT, -6, "not a statistics byte string, or truncated or corrupt") \
  X(MBE_STATS_ERR_VERSION, -7, "unsupported statistics format version")

#define MBE_STATS_ENUM_(name, value, text) name = value,
typedef enum MbeStatsStatus {
  MBE_STATS_STATUS_LIST(MBE_STATS_ENUM_) MBE_STATS_STATUS_END_
} MbeStatsStatus;
#undef MBE_STATS_ENUM_

// 64-bit words of one series' batch record; equals MBE_REDUCE_PART_COUNT of
// kernels/reduce/mbe_reduce.h (checked at compile time in stats.c)
#define MBE_STATS_PART_WORDS 208

// the level of the batch keys (MBE_REDUCE_LEVEL) and the coarsest level a series may reach
#define MBE_STATS_LEVEL_MAX 12
#define MBE_STATS_LEVEL_MIN (-12)

// the smallest bin capacity: at MBE_STATS_LEVEL_MIN every multiset fits in 4 bins
#define MBE_STATS_CAP_MIN 4

// the most values (or skipped members) a series may count: the exact divisions of finalize take
// divisors below 2^47, and the sums have headroom far beyond
#define MBE_STATS_COUNT_MAX ((uint64_t)1 << 46)

// the version written into byte strings; reading accepts this version only
#define MBE_STATS_FORMAT_VERSION 1

/* ---- types ------------------------------------------------------------------------------- */

// The statistics of nseries series, living in one caller-provided block (see mbe_stats_size).
// The block holds no pointers, so it may be copied with memcpy; it is never resized.
typedef struct MbeStats MbeStats;

// The finalized numbers of one series. Counted values are those of members with status ok that
// are not NaN; infinities count, and take part in mean, min, max and the quantiles as IEEE
// arithmetic (and the limit of linear interpolation) would have them.
typedef struct MbeStatsResult {
  uint64_t n;         // counted values: nfinite + nposinf + nneginf
  uint64_t nfinite;   // finite values
  uint64_t nnan;      // NaN values (not counted)
  uint64_t nposinf;   // +inf values
  uint64_t nneginf;   // -inf values
  uint64_t nskip;     // members excluded by their status
  double mean;        // correctly rounded S/n; NaN if n = 0; +-inf (NaN if both) with infinities
  double var;         // sample variance (n - 1), correctly rounded; NaN if n < 2 or any infinity
  double std;         // sqrt of the exact variance, within 1 ulp (normally correctly rounded)
  double min;         // smallest counted value (-inf if any); NaN if n = 0
  double max;         // largest counted value (+inf if any); NaN if n = 0
  double resolution;  // relative bin width of the quantiles: 2^-level, or 2^(2^-level) - 1 below 0
  int level;          // histogram level: mantissa bits kept, MBE_STATS_LEVEL_MIN..MAX
} MbeStatsResult;

/* ---- memory and lifecycle ---------------------------------------------------------------- */

// Returns the bytes a block for nseries series of at most cap bins each needs: per series
// 1664 + 12 cap bytes, plus 32 + 12 cap (header and the merge scratch), rounded to 8. Returns 0
// when cap < MBE_STATS_CAP_MIN, cap > 2^31 or the size overflows.
size_t mbe_stats_size(size_t nseries, size_t cap);

// Initializes empty statistics for nseries series with cap bins each in mem (size bytes, 8-byte
// aligned, at least mbe_stats_size(nseries, cap)). Borrows mem for the object's lifetime: *out
// is mem itself (the object starts the block) and there is nothing to free but mem. Returns
// MBE_STATS_ERR_ARG (bad cap, NULL, misaligned) or MBE_STATS_ERR_SIZE, leaving *out NULL.
MbeStatsStatus mbe_stats_init(void* mem, size_t size, size_t nseries, size_t cap, MbeStats** out);

// Returns the number of series of s.
size_t mbe_stats_nseries(const MbeStats* s);

// Returns the bin capacity per series of s.
size_t mbe_stats_cap(const MbeStats* s);

/* ---- accumulation ------------------------------------------------------------------------ */

// Adds one batch's records of the nbatch series series0 .. series0 + nbatch - 1: the record of
// series series0 + i at part + i MBE_STATS_PART_WORDS, its (key, count) pairs at
// pairs + i pair_stride (u32 words, 2 per pair, as mbe_reduce_series leaves them at the start of
// its scratch; a batch of n members reduced series by series has pair_stride = 2 n).
// Every record is validated first (counts, sorted keys, normalized sums, pairs within the
// stride); on any error nothing is added: MBE_STATS_ERR_RECORD, MBE_STATS_ERR_RANGE,
// MBE_STATS_ERR_ARG (series out of range). Borrows part and pairs for the call.
MbeStatsStatus mbe_stats_add(MbeStats* s, size_t series0, size_t nbatch, const int64_t* part,
                             const uint32_t* pairs, size_t pair_stride);

// Merges src into dst (shards of the same series: equal nseries and cap, else
// MBE_STATS_ERR_SHAPE). The result is the statistics of the union of the two multisets, the same
// bits whatever the order of merges and adds. MBE_STATS_ERR_RANGE leaves dst unchanged. src may
// be dst (every value then counts twice).
MbeStatsStatus mbe_stats_merge(MbeStats* dst, const MbeStats* src);

/* ---- results ----------------------------------------------------------------------------- */

// Finalizes series `series` into *out and, for the nprob probabilities prob[i] in [0, 1], the
// quantiles quant[i] (linear interpolation of order statistics, numpy's default: h = (n - 1) p;
// a rank inside a bin is placed at the middle of its share of the bin, the bin clamped to the
// exact min and max, and the lowest and highest finite ranks are the exact min and max). Each
// quantile is within resolution max(|x_a|, |x_a+1|) of the exact one, x_a and x_a+1 being the
// order statistics interpolated; NaN when n = 0. A pure function of the statistics. Returns
// MBE_STATS_ERR_ARG for a series out of range or a probability outside [0, 1]. Nullable: prob
// and quant when nprob = 0.
MbeStatsStatus mbe_stats_finalize(const MbeStats* s, size_t series, const double* prob,
                                  size_t nprob, MbeStatsResult* out, double* quant);

/* ---- byte strings (checkpoints, shards in files) ----------------------------------------- */

// Returns the length of the byte string of s (mbe_stats_write).
size_t mbe_stats_write_size(const MbeStats* s);

// Writes s as a portable byte string: little-endian, a versioned header, only the bins in use,
// and a 64-bit FNV-1a check of everything before it. Equal statistics give equal bytes. Returns
// MBE_STATS_ERR_SIZE when size < mbe_stats_write_size(s).
MbeStatsStatus mbe_stats_write(const MbeStats* s, uint8_t* buf, size_t size);

// Reads the shape (series count and bin capacity) from the header of a byte string of len bytes,
// so the caller can size a block. Returns MBE_STATS_ERR_FORMAT or MBE_STATS_ERR_VERSION.
MbeStatsStatus mbe_stats_read_shape(const uint8_t* buf, size_t len, size_t* nseries, size_t* cap);

// Initializes statistics in mem (as mbe_stats_init, with the shape of the byte string) from the
// byte string buf of len bytes, which is checked completely: length, check sum, and every
// invariant of the statistics. Returns MBE_STATS_ERR_FORMAT, MBE_STATS_ERR_VERSION,
// MBE_STATS_ERR_SIZE or MBE_STATS_ERR_ARG, leaving *out NULL; never reads outside buf.
MbeStatsStatus mbe_stats_read(void* mem, size_t size, const uint8_t* buf, size_t len,
                              MbeStats** out);

// Returns the static message of a status code ("unknown status" for others).
const char* mbe_stats_status_str(int code);

#ifdef __cplusplus
}
#endif

#endif
