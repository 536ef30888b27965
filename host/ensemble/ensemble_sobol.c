// SPDX-License-Identifier: Apache-2.0
// The Sobol sequence with the Joe-Kuo direction numbers (new-joe-kuo-6.21201, 3667 dimensions),
// whose table cmake/sobol_table.cmake generates at build time from Boost's header.
#include "ensemble_sample.h"

#include "base.h"

// the generated table (ensemble_sobol_table.c in the build tree)
extern const uint32_t mbe_sobol_table_dims;
extern const uint32_t mbe_sobol_table_degree;
extern const uint16_t mbe_sobol_table_poly[];
extern const uint16_t mbe_sobol_table_minit[];

// 32-bit coordinates: indices up to 2^32 - 1 are distinct in every dimension
#define SOBOL_BITS 32
#define SOBOL_MAX_POINTS ((uint64_t)1 << SOBOL_BITS)

size_t mbe_sobol_max_dims(void) {
  return mbe_sobol_table_dims;
}

// degree of a polynomial: the position of its leading bit
static int poly_degree(uint32_t poly) {
  int s = 0;
  while (poly >> (s + 1)) {
    s++;
  }
  return s;
}

void mbe_sobol_directions(size_t dim, uint32_t v[32]) {
  // dimension 0 is van der Corput's: every m_i = 1
  uint32_t m[SOBOL_BITS];
  if (dim == 0) {
    for (int i = 0; i < SOBOL_BITS; i++) {
      v[i] = (uint32_t)1 << (SOBOL_BITS - 1 - i);
    }
    return;
  }

  // m_1..m_s from the table, then Bratley-Fox's recurrence with poly x^s + a_1 x^(s-1) + ... + 1:
  // m_i = 2 a_1 m_(i-1) ^ 4 a_2 m_(i-2) ^ ... ^ 2^s m_(i-s) ^ m_(i-s)
  uint32_t poly = mbe_sobol_table_poly[dim - 1];
  int s = poly_degree(poly);
  const uint16_t* init = mbe_sobol_table_minit + (dim - 1) * mbe_sobol_table_degree;
  for (int i = 0; i < SOBOL_BITS; i++) {
    if (i < s) {
      m[i] = init[i];
      continue;
    }
    uint32_t x = m[i - s] ^ (m[i - s] << s);
    for (int k = 1; k < s; k++) {
      if ((poly >> (s - k)) & 1u) {
        x ^= m[i - k] << k;
      }
    }
    m[i] = x;
  }

  // v_i = m_i / 2^i as a 32-bit fraction
  for (int i = 0; i < SOBOL_BITS; i++) {
    v[i] = m[i] << (SOBOL_BITS - 1 - i);
  }
}

// index of the lowest set bit of x > 0
static int lowest_bit(uint64_t x) {
  int b = 0;
  while (!((x >> b) & 1u)) {
    b++;
  }
  return b;
}

MbeStatus mbe_sobol_points(size_t ndim, uint64_t first, size_t count, double* out, MbeError* err) {
  if (ndim > mbe_sobol_table_dims) {
    return mbe_error_set(err, MBE_ERR_USAGE,
                         "the Sobol sequence has at most %u dimensions (Joe-Kuo table), not %zu",
                         (unsigned)mbe_sobol_table_dims, ndim);
  }
  if (first > SOBOL_MAX_POINTS || count > SOBOL_MAX_POINTS - first) {
    return mbe_error_set(err, MBE_ERR_USAGE,
                         "the Sobol sequence has 2^32 points (32-bit coordinates); points %llu "
                         "to %llu were asked for",
                         (unsigned long long)first, (unsigned long long)first + count - 1);
  }

  // one dimension at a time: the first point from its Gray code, then one XOR per point
  for (size_t j = 0; j < ndim; j++) {
    uint32_t v[SOBOL_BITS];
    mbe_sobol_directions(j, v);
    uint64_t gray = first ^ (first >> 1);
    uint32_t x = 0;
    for (int b = 0; b < SOBOL_BITS; b++) {
      if ((gray >> b) & 1u) {
        x ^= v[b];
      }
    }
    for (size_t i = 0; i < count; i++) {
      if (i > 0) {
        x ^= v[lowest_bit(first + i)];
      }
      out[i * ndim + j] = (double)x * 0x1p-32;
    }
  }
  return MBE_OK;
}
