// SPDX-License-Identifier: Apache-2.0
// Time-resolved Sobol' indices: the exact sums of kernels/reduce/mbe_sobol.h per series (an
// output at one grid point), added batch by batch and shard by shard in any order to the same
// bits, kept in a checkpoint as a portable byte string, and finished into first-order (Saltelli
// 2010) and total (Jansen) indices. Caller-provided memory only; nothing from host/.
#ifndef MBE_SOBOL_TIME_H
#define MBE_SOBOL_TIME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

// the most varied parameters a study's sums may have
#define MBE_SOBOL_TIME_PARAMS_MAX 65536

// Returns the 64-bit words of one series' sums with k varied parameters (MBE_SOBOL_WORDS(k) of
// the kernel header): a batch record and an accumulator have this size. 0 when k is 0 or above
// MBE_SOBOL_TIME_PARAMS_MAX.
size_t mbe_sobol_time_words(size_t k);

// Adds the nseries records rec (a batch's, or another accumulator's: normalized sums, counts
// below 2^46) to the accumulators acc (zeroed to start), series by series; the result does not
// depend on the order of additions. Returns false, adding nothing, when a record is malformed or
// a count would pass 2^46.
bool mbe_sobol_time_add(int64_t* acc, const int64_t* rec, size_t nseries, size_t k);

// The indices of one series' sums over blocks of `block` members (k + 2, or 2 k + 2 with the BA
// rows): *nblock usable blocks, *nskip left out, s1[i] and st[i] of parameter i (i < k), SALib's
// estimators on the outputs centred by their mean. An index is NaN when no block is usable or A
// and B have no variance. Each is within 3 units in the last place of the exact ratio of the
// exact sums.
void mbe_sobol_time_indices(const int64_t* sums, size_t k, size_t block, uint64_t* nblock,
                            uint64_t* nskip, double* s1, double* st);

// The byte string of nseries accumulators: its size, and the writing of it into buf (that many
// bytes). Digits that are zero at either end of a sum are left out, so a string is far smaller
// than the accumulators.
size_t mbe_sobol_time_write_size(const int64_t* acc, size_t nseries, size_t k);
void mbe_sobol_time_write(const int64_t* acc, size_t nseries, size_t k, uint8_t* buf);

// Reads a byte string of nseries accumulators of k parameters into acc; false when it is not one
// (truncated, other sizes, unnormalized sums).
bool mbe_sobol_time_read(const uint8_t* buf, size_t len, size_t nseries, size_t k, int64_t* acc);

#ifdef __cplusplus
}
#endif

#endif
