// SPDX-License-Identifier: Apache-2.0
// Tests of analysis/stats.c, fed by the reduction kernel compiled as C, against independent truth:
// exact rationals worked by hand, a compensated two-pass long double reference, quantiles of the
// sorted data, coarsening levels found by brute force, and bitwise identity of results and bytes
// over batchings, batch orders, shards and merge orders.
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "mbe_check.h"
#include "mbe_stats.h"
#include "reduce/mbe_reduce.h"

// NAN and INFINITY are float constants; these tests work in double
#define T_NAN ((double)NAN)
#define T_INF ((double)INFINITY)

enum { PW = MBE_STATS_PART_WORDS, NPROB = 11 };

static const double PROB[NPROB] = {0.0,  0.01, 0.05, 0.25,  1.0 / 3.0, 0.5,
                                   0.75, 0.95, 0.99, 0.999, 1.0};

/* ---- helpers ---------------------------------------------------------------------------- */

static double rng_normal(uint64_t* s) {
  return sqrt(-2.0 * log(mbe_test_rng_u01(s))) * cos(6.283185307179586 * mbe_test_rng_u01(s));
}

static uint64_t bits_of(double x) {
  uint64_t u;
  memcpy(&u, &x, sizeof u);
  return u;
}

// distance in units in the last place (0 for equal values, including infinities)
static uint64_t ulp_dist(double a, double b) {
  if (a == b) {
    return 0;
  }
  if (isnan(a) || isnan(b) || isinf(a) || isinf(b)) {
    return UINT64_MAX;
  }
  const uint64_t ua = bits_of(a), ub = bits_of(b);
  const int64_t oa = ua >> 63 ? -(int64_t)(ua & ~(1ull << 63)) : (int64_t)ua;
  const int64_t ob = ub >> 63 ? -(int64_t)(ub & ~(1ull << 63)) : (int64_t)ub;
  return oa > ob ? (uint64_t)(oa - ob) : (uint64_t)(ob - oa);
}

#define CK_ULP(a, b, n)                                                                          \
  do {                                                                                           \
    const double ck_a_ = (a), ck_b_ = (b);                                                       \
    ck_assert_msg(ulp_dist(ck_a_, ck_b_) <= (n), "%s = %.17g, expected %s = %.17g (%d ulp)", #a, \
                  ck_a_, #b, ck_b_, (int)(n));                                                   \
  } while (0)

// statistics in a malloc'd block
typedef struct Block {
  void* mem;
  MbeStats* s;
} Block;

static Block block_new(size_t nseries, size_t cap) {
  Block b;
  const size_t size = mbe_stats_size(nseries, cap);
  ck_assert(size > 0);
  b.mem = malloc(size);
  ck_assert_int_eq(mbe_stats_init(b.mem, size, nseries, cap, &b.s), MBE_STATS_OK);
  return b;
}

// members' values of nseries series, member-major (y[v nseries + j]), and their statuses
typedef struct Data {
  size_t n, nseries;
  double* y;
  int32_t* st;
} Data;

static Data data_new(size_t n, size_t nseries) {
  Data d = {n, nseries, calloc(n * nseries + 1, sizeof(double)), calloc(n + 1, sizeof(int32_t))};
  return d;
}

static void data_free(Data* d) {
  free(d->y);
  free(d->st);
}

// Reduces the batch of members idx[0..m) of d with the kernel (series j read at offset j, stride
// nseries, as the OpenMP layout has it) and adds it to s.
static void add_members(MbeStats* s, const Data* d, const size_t* idx, size_t m) {
  const size_t ns = d->nseries;
  double* y = malloc((m * ns + 1) * sizeof *y);
  int32_t* st = malloc((m + 1) * sizeof *st);
  int64_t* part = malloc(ns * PW * sizeof *part);
  uint32_t* pairs = malloc((2 * m * ns + 1) * sizeof *pairs);
  for (size_t i = 0; i < m; i++) {
    memcpy(y + i * ns, d->y + idx[i] * ns, ns * sizeof *y);
    st[i] = d->st[idx[i]];
  }
  for (size_t j = 0; j < ns; j++) {
    mbe_reduce_series(y, (mbe_long)j, (mbe_long)ns, st, 0, 1, (mbe_long)m, part + j * PW,
                      pairs + j * 2 * m);
  }
  ck_assert_int_eq(mbe_stats_add(s, 0, ns, part, pairs, 2 * m), MBE_STATS_OK);
  free(y);
  free(st);
  free(part);
  free(pairs);
}

// Builds the statistics of d by a random plan: members shuffled, cut into batches of 1..maxbatch,
// each batch into one of nshards shards, the shards merged in a random order (pairwise as a tree
// when is_tree). One shard and one batch of everything in member order when seed is 0.
static Block build(const Data* d, size_t cap, uint64_t seed, int nshards, size_t maxbatch,
                   int is_tree) {
  size_t* perm = malloc((d->n + 1) * sizeof *perm);
  for (size_t i = 0; i < d->n; i++) {
    perm[i] = i;
  }
  uint64_t g = seed;
  if (seed == 0) {
    nshards = 1;
    maxbatch = d->n;
  } else {
    for (size_t i = d->n; i > 1; i--) {
      const size_t j = (size_t)(mbe_test_rng_next(&g) % i);
      const size_t t = perm[i - 1];
      perm[i - 1] = perm[j];
      perm[j] = t;
    }
  }
  Block sh[8];
  for (int k = 0; k < nshards; k++) {
    sh[k] = block_new(d->nseries, cap);
  }
  for (size_t pos = 0; pos < d->n;) {
    size_t m = seed == 0 ? d->n : 1 + (size_t)(mbe_test_rng_next(&g) % maxbatch);
    m = m < d->n - pos ? m : d->n - pos;
    add_members(sh[seed == 0 ? 0 : mbe_test_rng_next(&g) % (uint64_t)nshards].s, d, perm + pos, m);
    pos += m;
  }

  // merge order: a shuffle, then a fold or a tree
  int order[8];
  for (int k = 0; k < nshards; k++) {
    order[k] = k;
  }
  for (int k = nshards; k > 1; k--) {
    const int j = (int)(mbe_test_rng_next(&g) % (uint64_t)k);
    const int t = order[k - 1];
    order[k - 1] = order[j];
    order[j] = t;
  }
  int live = nshards;
  while (live > 1) {
    if (is_tree) {
      int w = 0;
      for (int k = 0; k + 1 < live; k += 2) {
        ck_assert_int_eq(mbe_stats_merge(sh[order[k]].s, sh[order[k + 1]].s), MBE_STATS_OK);
        free(sh[order[k + 1]].mem);
        order[w++] = order[k];
      }
      if (live % 2) {
        order[w++] = order[live - 1];
      }
      live = w;
    } else {
      ck_assert_int_eq(mbe_stats_merge(sh[order[0]].s, sh[order[live - 1]].s), MBE_STATS_OK);
      free(sh[order[live - 1]].mem);
      live -= 1;
    }
  }
  free(perm);
  return sh[order[0]];
}

// the byte string of s (malloc'd) and its length
static uint8_t* bytes_of(const MbeStats* s, size_t* len) {
  *len = mbe_stats_write_size(s);
  uint8_t* b = malloc(*len);
  ck_assert_int_eq(mbe_stats_write(s, b, *len), MBE_STATS_OK);
  return b;
}

// whether two results and their quantiles are the same bits
static int same_result(const MbeStatsResult* a, const double* qa, const MbeStatsResult* b,
                       const double* qb) {
  const double da[] = {a->mean, a->var, a->std, a->min, a->max, a->resolution};
  const double db[] = {b->mean, b->var, b->std, b->min, b->max, b->resolution};
  for (int i = 0; i < 6; i++) {
    if (bits_of(da[i]) != bits_of(db[i])) {
      return 0;
    }
  }
  for (int i = 0; i < NPROB; i++) {
    if (bits_of(qa[i]) != bits_of(qb[i])) {
      return 0;
    }
  }
  return a->n == b->n && a->nfinite == b->nfinite && a->nnan == b->nnan &&
         a->nposinf == b->nposinf && a->nneginf == b->nneginf && a->nskip == b->nskip &&
         a->level == b->level;
}

// finalizes series j of s with the PROB quantiles
static MbeStatsResult fin(const MbeStats* s, size_t j, double* q) {
  MbeStatsResult r;
  ck_assert_int_eq(mbe_stats_finalize(s, j, PROB, NPROB, &r, q), MBE_STATS_OK);
  return r;
}

// the statistics of n values of one series, all ok, in one batch
static MbeStatsResult stats_of(const double* x, size_t n, size_t cap, double* q) {
  Data d = data_new(n, 1);
  memcpy(d.y, x, n * sizeof *x);
  Block b = build(&d, cap, 0, 1, n, 0);
  MbeStatsResult r = fin(b.s, 0, q);
  free(b.mem);
  data_free(&d);
  return r;
}

// mean and sample variance by a compensated two-pass sum in long double: Neumaier sums, and the
// corrected two-pass formula (sum d^2 - (sum d)^2 / n) / (n - 1), d = x - mean
static void ref_moments(const double* x, size_t n, long double* mean, long double* var) {
  long double s = 0, c = 0;
  for (size_t i = 0; i < n; i++) {
    const long double t = s + x[i];
    c += fabsl(s) >= fabsl((long double)x[i]) ? (s - t) + x[i] : ((long double)x[i] - t) + s;
    s = t;
  }
  *mean = (s + c) / (long double)n;
  long double s2 = 0, c2 = 0, s1 = 0;
  for (size_t i = 0; i < n; i++) {
    const long double dv = (long double)x[i] - *mean;
    const long double t = s2 + dv * dv;
    c2 += s2 >= dv * dv ? (s2 - t) + dv * dv : (dv * dv - t) + s2;
    s2 = t;
    s1 += dv;
  }
  *var = n > 1 ? ((s2 + c2) - s1 * s1 / (long double)n) / (long double)(n - 1) : (long double)0;
}

// checks mean, var and std of x against the long double reference, to 1 ulp
static void check_moments(const double* x, size_t n) {
  double q[NPROB];
  const MbeStatsResult r = stats_of(x, n, 4096, q);
  long double m, v;
  ref_moments(x, n, &m, &v);
  CK_ULP(r.mean, (double)m, 1);
  CK_ULP(r.var, (double)v, 1);
  CK_ULP(r.std, (double)sqrtl(v), 1);
}

// the level-12 key from frexp (independent of the kernel's bit manipulation)
static int32_t ref_key(double x) {
  if (x == 0.0) {
    return signbit(x) ? -1 : 0;
  }
  int e;
  const double f = frexp(fabs(x), &e);
  const int32_t k = ((e - 1 + 5171) << 12) | (int32_t)floor((2.0 * f - 1.0) * 4096.0);
  return x < 0 ? -k - 1 : k;
}

static int cmp_i32(const void* a, const void* b) {
  const int32_t x = *(const int32_t*)a, y = *(const int32_t*)b;
  return (x > y) - (x < y);
}

static int cmp_f64(const void* a, const void* b) {
  const double x = *(const double*)a, y = *(const double*)b;
  return (x > y) - (x < y);
}

// type-7 quantile of sorted x (n >= 1), numpy's formula
static double exact_quantile(const double* x, size_t n, double p) {
  const double h = (double)(n - 1) * p;
  const size_t a = (size_t)floor(h);
  const double g = h - floor(h);
  if (a + 1 >= n || g == 0.0) {
    return x[a < n ? a : n - 1];
  }
  const double diff = x[a + 1] - x[a];
  return g >= 0.5 ? x[a + 1] - diff * (1.0 - g) : x[a] + diff * g;
}

/* ---- exactness -------------------------------------------------------------------------- */

START_TEST(test_sums_that_defeat_doubles) {
  double q[NPROB];

  // 1e16 + 1 - 1e16: doubles lose the 1, the exact sum keeps it
  const double a[] = {1e16, 1.0, -1e16};
  ck_assert(a[0] + a[1] + a[2] == 0.0);
  MbeStatsResult r = stats_of(a, 3, 4096, q);
  ck_assert(r.mean == 1.0 / 3.0);
  ck_assert(r.var == 1e32);  // (3 (2e32 + 1) - 1) / 6 = 1e32 + 1/3
  ck_assert(r.std == 1e16);

  // a mean exactly between two doubles rounds to the even one: 2^53 + 3 -> 2^53 + 4
  const double tie[] = {0x1p53 + 2.0, 0x1p53 + 4.0};
  r = stats_of(tie, 2, 4096, q);
  ck_assert(r.mean == 0x1p53 + 4.0);
  const double tie2[] = {0x1p53 + 4.0, 0x1p53 + 6.0, 0x1p53 + 8.0, 0x1p53 + 6.0};
  r = stats_of(tie2, 4, 4096, q);
  ck_assert(r.mean == 0x1p53 + 6.0);

  // 1e308 twice, -1e308 twice: the doubles' sum overflows; the mean is +0 and the variance,
  // 4/3 1e616, overflows, while the deviation does not
  const double b[] = {1e308, 1e308, -1e308, -1e308};
  ck_assert(isinf(b[0] + b[1]));
  r = stats_of(b, 4, 4096, q);
  ck_assert(r.mean == 0.0 && !signbit(r.mean));
  ck_assert(isinf(r.var) && r.var > 0);
  CK_ULP(r.std, (double)((long double)1e308 * sqrtl(4.0L / 3.0L)), 1);

  // k 2^-1074, k = 1..1001: mean 501 2^-1074; the variance 83583.5 2^-2148 underflows, its root
  // 289.1 2^-1074 does not
  static double c[1001];
  for (int k = 0; k < 1001; k++) {
    c[k] = ldexp((double)(k + 1), -1074);
  }
  r = stats_of(c, 1001, 4096, q);
  ck_assert(r.mean == ldexp(501.0, -1074));
  ck_assert(r.var == 0.0);
  ck_assert(r.std == ldexp(289.0, -1074));
  ck_assert(q[5] == ldexp(501.0, -1074) && q[0] == c[0] && q[NPROB - 1] == c[1000]);

  // a million smallest subnormals and one negative: (10^6 - 1) / (10^6 + 1) 2^-1074 rounds up
  enum { M = 1000001 };
  double* d = malloc(M * sizeof *d);
  for (int k = 0; k < M; k++) {
    d[k] = k == 0 ? -DBL_TRUE_MIN : DBL_TRUE_MIN;
  }
  r = stats_of(d, M, 4096, q);
  ck_assert(r.mean == DBL_TRUE_MIN);
  ck_assert_uint_eq(r.nfinite, M);
  free(d);

  // squares below the normal range and squares near overflow: the reference in long double
  const double e[] = {1e-160, 3e-160, -2e-160, 5e-161, 7e-170};
  check_moments(e, 5);
  const double f[] = {1.3e154, -1.1e154, 1.2e154, 1e154};
  check_moments(f, 4);
  const double g[] = {1e200, 2e200, 3e200};
  r = stats_of(g, 3, 4096, q);
  ck_assert(isinf(r.var));
  long double m, v;
  ref_moments(g, 3, &m, &v);
  CK_ULP(r.mean, (double)m, 1);
  CK_ULP(r.std, (double)sqrtl(v), 1);
}
END_TEST

// whether s is sqrt(t / d) correctly rounded (t, d > 0 integers, s = m 2^e): with u = 2^e the
// unit in the last place, (s - u/2)^2 <= t/d <= (s + u/2)^2 in exact integers
__extension__ typedef unsigned __int128 U128;
static int is_rounded_sqrt(double s, uint64_t t, uint64_t d) {
  int e;
  const double f = frexp(s, &e);
  const uint64_t m = (uint64_t)ldexp(f, 53);
  e -= 53;                   // s = m 2^e
  const int sh = 2 - 2 * e;  // t/d vs (2m +- 1)^2 2^(2e - 2): compare d (2m +- 1)^2 with t 2^sh
  int tb = 0;
  while (tb < 64 && (t >> tb) != 0) {
    tb++;
  }
  if (sh < 0 || tb + sh > 127) {
    return -1;
  }
  const U128 lo = (U128)(2 * m - 1) * (2 * m - 1) * d, hi = (U128)(2 * m + 1) * (2 * m + 1) * d;
  const U128 tt = (U128)t << sh;
  return lo <= tt && tt <= hi;
}

START_TEST(test_rounding_is_correct) {
  // small integers times 2^k: S, T = n Q - S^2 and n (n - 1) are exact doubles, so IEEE division
  // gives the correctly rounded mean and variance; the deviation is checked in integers
  uint64_t g = 4711;
  double x[64];
  for (int t = 0; t < 3000; t++) {
    const int n = 2 + (int)(mbe_test_rng_next(&g) % 63);
    const int k = (int)(mbe_test_rng_next(&g) % 81) - 40;
    int64_t s = 0, q = 0;
    for (int i = 0; i < n; i++) {
      const int64_t v = (int64_t)(mbe_test_rng_next(&g) % (1u << 21)) - (1 << 20);
      s += v;
      q += v * v;
      x[i] = ldexp((double)v, k);
    }
    double qv[NPROB];
    const MbeStatsResult r = stats_of(x, (size_t)n, 64, qv);
    const uint64_t tt = (uint64_t)(n * q - s * s), dd = (uint64_t)(n * (n - 1));
    ck_assert(r.mean == ldexp((double)s / n, k));
    ck_assert(r.var == ldexp((double)tt / (double)dd, 2 * k));
    if (tt > 0) {
      ck_assert_msg(is_rounded_sqrt(ldexp(r.std, -k), tt, dd) == 1, "std %a of %llu / %llu", r.std,
                    (unsigned long long)tt, (unsigned long long)dd);
    } else {
      ck_assert(r.std == 0.0);
    }
  }
}
END_TEST

START_TEST(test_moments_match_two_pass) {
  enum { N = 20000 };
  static double x[N];
  uint64_t g = 99;
  for (int dist = 0; dist < 8; dist++) {
    for (int i = 0; i < N; i++) {
      const double z = rng_normal(&g), u = mbe_test_rng_u01(&g);
      switch (dist) {
        case 0: x[i] = u; break;
        case 1: x[i] = 5.0 + 2.0 * z; break;
        case 2: x[i] = exp(10.0 * z); break;
        case 3: x[i] = 1e-300 * z; break;
        case 4: x[i] = 1e300 * z; break;
        case 5: x[i] = floor(100.0 * u) - 50.0; break;
        case 6:
          x[i] = (mbe_test_rng_next(&g) & 1 ? -1.0 : 1.0) *
                 ldexp(u, (int)(mbe_test_rng_next(&g) % 200) - 100);
          break;
        default: x[i] = 1e9 + 1e-3 * z; break;  // ill-conditioned: mean 1e9, std 1e-3
      }
    }
    check_moments(x, N);
  }

  // the naive one-pass formula fails on the ill-conditioned set where the exact one does not
  double s = 0, s2 = 0;
  for (int i = 0; i < N; i++) {
    s += x[i];
    s2 += x[i] * x[i];
  }
  const double naive = (s2 - s * s / N) / (N - 1);
  long double m, v;
  ref_moments(x, N, &m, &v);
  ck_assert_msg(fabs(naive - (double)v) > 1e-3 * (double)v, "naive %g vs %g", naive, (double)v);
}
END_TEST

/* ---- order independence ----------------------------------------------------------------- */

// four series over n members with 10 % failed members: normal; wide lognormal of both signs with
// zeros of both signs, NaN and infinities; a constant; integers with many ties
static Data mixed_data(size_t n, uint64_t seed) {
  Data d = data_new(n, 4);
  uint64_t g = seed;
  for (size_t v = 0; v < n; v++) {
    double* y = d.y + 4 * v;
    y[0] = rng_normal(&g);
    const uint64_t k = mbe_test_rng_next(&g) % 50;
    const double sgn = mbe_test_rng_next(&g) & 1 ? -1.0 : 1.0;
    y[1] = k == 0   ? T_NAN
           : k == 1 ? T_INF
           : k == 2 ? -T_INF
           : k < 6  ? sgn * 0.0
                    : sgn * exp(20.0 * rng_normal(&g));
    y[2] = 7.25;
    y[3] = (double)(mbe_test_rng_next(&g) % 40);
    d.st[v] = mbe_test_rng_next(&g) % 10 == 0 ? MBE_RUN_MAX_STEPS : MBE_RUN_OK;
  }
  return d;
}

START_TEST(test_batches_orders_shards_give_the_same_bits) {
  Data d = mixed_data(6000, 4242);
  const size_t caps[] = {16, 1024};
  for (int c = 0; c < 2; c++) {
    Block ref = build(&d, caps[c], 0, 1, 0, 0);
    size_t lref;
    uint8_t* bref = bytes_of(ref.s, &lref);
    for (int t = 1; t <= 6; t++) {
      Block b =
          build(&d, caps[c], (uint64_t)(1000 * c + t), 1 + t % 4, t % 2 ? 7 : 900, t % 3 == 0);
      size_t len;
      uint8_t* bb = bytes_of(b.s, &len);
      ck_assert_uint_eq(len, lref);
      ck_assert_msg(memcmp(bb, bref, len) == 0, "cap %zu plan %d: bytes differ", caps[c], t);
      for (size_t j = 0; j < d.nseries; j++) {
        double q0[NPROB], q1[NPROB];
        const MbeStatsResult r0 = fin(ref.s, j, q0), r1 = fin(b.s, j, q1);
        ck_assert_msg(same_result(&r0, q0, &r1, q1), "cap %zu plan %d series %zu", caps[c], t, j);
      }
      free(bb);
      free(b.mem);
    }

    // the coarse capacity did coarsen the wide series, the fine one kept the constant exact
    double q[NPROB];
    const MbeStatsResult r1 = fin(ref.s, 1, q);
    if (caps[c] == 16) {
      ck_assert_int_lt(r1.level, 0);
    }
    const MbeStatsResult r2 = fin(ref.s, 2, q);
    ck_assert(r2.mean == 7.25 && r2.std == 0.0 && q[3] == 7.25 && q[5] == 7.25);
    free(bref);
    free(ref.mem);
  }
  data_free(&d);
}
END_TEST

START_TEST(test_merge_with_itself_counts_twice) {
  Data d = mixed_data(500, 7);
  Data d2 = data_new(1000, 4);
  memcpy(d2.y, d.y, 2000 * sizeof(double));
  memcpy(d2.y + 2000, d.y, 2000 * sizeof(double));
  memcpy(d2.st, d.st, 500 * sizeof(int32_t));
  memcpy(d2.st + 500, d.st, 500 * sizeof(int32_t));
  Block a = build(&d, 32, 5, 2, 50, 0);
  Block b = build(&d2, 32, 6, 3, 70, 1);
  ck_assert_int_eq(mbe_stats_merge(a.s, a.s), MBE_STATS_OK);
  size_t la, lb;
  uint8_t* ba = bytes_of(a.s, &la);
  uint8_t* bb = bytes_of(b.s, &lb);
  ck_assert(la == lb && memcmp(ba, bb, la) == 0);
  free(ba);
  free(bb);
  free(a.mem);
  free(b.mem);
  data_free(&d);
  data_free(&d2);
}
END_TEST

/* ---- quantiles -------------------------------------------------------------------------- */

START_TEST(test_quantiles_within_resolution) {
  enum { N = 20000 };
  static double x[N], xs[N];
  uint64_t g = 123;
  const size_t caps[] = {4096, 256, 32};
  for (int dist = 0; dist < 5; dist++) {
    for (int i = 0; i < N; i++) {
      const double z = rng_normal(&g);
      switch (dist) {
        case 0: x[i] = z; break;
        case 1: x[i] = exp(3.0 * z); break;
        case 2: x[i] = i % 10 == 0 ? 0.0 : -5.0 + 15.0 * mbe_test_rng_u01(&g); break;
        case 3: x[i] = -exp(30.0 * z); break;
        default: x[i] = floor(8.0 * mbe_test_rng_u01(&g)) * 0.125 + 1e6; break;
      }
    }
    memcpy(xs, x, sizeof xs);
    qsort(xs, N, sizeof *xs, cmp_f64);
    for (int c = 0; c < 3; c++) {
      double q[NPROB];
      const MbeStatsResult r = stats_of(x, N, caps[c], q);
      ck_assert(r.resolution == (r.level >= 0 ? ldexp(1.0, -r.level) : r.resolution));
      for (int k = 0; k < NPROB; k++) {
        const double h = (N - 1) * PROB[k];
        const double xa = xs[(size_t)floor(h)], xb = xs[(size_t)ceil(h)];
        const double e = exact_quantile(xs, N, PROB[k]);
        const double big = fmax(fabs(xa), fabs(xb));
        const double tol = r.resolution * big * (1.0 + 1e-9) + 4.0 * DBL_EPSILON * big;
        ck_assert_msg(fabs(q[k] - e) <= tol, "dist %d cap %zu p %g: %.17g vs %.17g (res %g)", dist,
                      caps[c], PROB[k], q[k], e, r.resolution);
      }
      ck_assert(q[0] == xs[0] && q[NPROB - 1] == xs[N - 1]);
      ck_assert(r.min == xs[0] && r.max == xs[N - 1]);
    }
  }
}
END_TEST

START_TEST(test_quantiles_exact_for_constant_and_small_n) {
  double q[NPROB];

  // a constant in many batches: every number exact
  Data d = data_new(1000, 1);
  for (size_t v = 0; v < 1000; v++) {
    d.y[v] = 3.7;
  }
  Block b = build(&d, 8, 3, 3, 40, 0);
  MbeStatsResult r = fin(b.s, 0, q);
  ck_assert(r.mean == 3.7 && r.var == 0.0 && r.std == 0.0 && r.min == 3.7 && r.max == 3.7);
  for (int k = 0; k < NPROB; k++) {
    ck_assert(q[k] == 3.7);
  }
  free(b.mem);
  data_free(&d);

  // one value: quantiles and mean are the value; the sample variance is undefined (ddof = 1)
  const double one = -2.5;
  r = stats_of(&one, 1, 4, q);
  ck_assert(r.n == 1 && r.mean == -2.5 && isnan(r.var) && isnan(r.std));
  for (int k = 0; k < NPROB; k++) {
    ck_assert(q[k] == -2.5);
  }

  // two values, near or far apart, either sign: numpy's interpolation of the two, bit for bit
  uint64_t g = 8;
  for (int t = 0; t < 200; t++) {
    double two[2] = {rng_normal(&g), rng_normal(&g)};
    if (t % 3 == 1) {
      two[1] = two[0] * (1.0 + 1e-9);
    } else if (t % 3 == 2) {
      two[1] = ldexp(two[1], (int)(mbe_test_rng_next(&g) % 600) - 300);
    }
    r = stats_of(two, 2, 4, q);
    double s[2] = {fmin(two[0], two[1]), fmax(two[0], two[1])};
    for (int k = 0; k < NPROB; k++) {
      ck_assert_msg(bits_of(q[k]) == bits_of(exact_quantile(s, 2, PROB[k])), "%a %a p %g", s[0],
                    s[1], PROB[k]);
    }
  }

  // inside a bin, rank i of c sits at the middle of the i-th of c equal parts: three values in
  // [1, 1 + 2^-12) between 0.5 and 4 give the median 1 + 2^-13
  const double mid[] = {4.0, 1.0 + 0x1p-14, 0.5, 1.0 + 0x1p-20, 1.0 + 0x1p-13};
  r = stats_of(mid, 5, 4096, q);
  ck_assert_int_eq(r.level, 12);
  ck_assert(q[5] == 1.0 + 0x1p-13);
  ck_assert(q[3] == 1.0 + 0x1p-12 / 6.0);  // p = 1/4: rank 1, the first of three

  // nothing counted: NaN everywhere, the skipped members counted
  Data e = data_new(10, 1);
  for (size_t v = 0; v < 10; v++) {
    e.st[v] = v < 7 ? MBE_RUN_NONFINITE : MBE_RUN_OK;
    e.y[v] = v < 7 ? 1.0 : T_NAN;
  }
  b = build(&e, 4, 0, 1, 0, 0);
  r = fin(b.s, 0, q);
  ck_assert(r.n == 0 && r.nskip == 7 && r.nnan == 3);
  ck_assert(isnan(r.mean) && isnan(r.std) && isnan(r.min) && isnan(r.max) && isnan(q[5]));
  free(b.mem);
  data_free(&e);
}
END_TEST

START_TEST(test_infinities_take_part) {
  double q[NPROB];
  const double a[] = {1.0, 2.0, 3.0, T_INF};
  MbeStatsResult r = stats_of(a, 4, 16, q);
  ck_assert(r.n == 4 && r.nfinite == 3 && r.nposinf == 1);
  ck_assert(r.mean == T_INF && isnan(r.std) && r.min == 1.0 && r.max == T_INF);
  ck_assert(fabs(q[5] - 2.5) <= 3.0 * r.resolution && q[NPROB - 1] == T_INF && q[0] == 1.0);
  ck_assert(q[8] == T_INF);  // h = 2.97: between 3 and +inf

  const double b[] = {-T_INF, T_INF};
  r = stats_of(b, 2, 16, q);
  ck_assert(isnan(r.mean) && isnan(q[5]) && q[0] == -T_INF && q[NPROB - 1] == T_INF);
  ck_assert(isnan(r.min) == 0 && r.min == -T_INF);
}
END_TEST

/* ---- the coarsening rule ---------------------------------------------------------------- */

// the key at `shift` levels coarser
static int32_t coarsen(int32_t k, int shift) {
  return k >= 0 ? k >> shift : ~((~k) >> shift);
}

START_TEST(test_coarsening_reaches_the_brute_force_level) {
  enum { N = 5000 };
  Data d = data_new(N, 1);
  uint64_t g = 77;
  for (size_t v = 0; v < N; v++) {
    const uint64_t k = mbe_test_rng_next(&g) % 100;
    const double sgn = mbe_test_rng_next(&g) & 1 ? -1.0 : 1.0;
    d.y[v] =
        k < 2 ? sgn * 0.0
              : sgn * ldexp(1.0 + mbe_test_rng_u01(&g), (int)(mbe_test_rng_next(&g) % 2001) - 1000);
  }
  static int32_t keys[N], ck[N];
  for (size_t v = 0; v < N; v++) {
    keys[v] = ref_key(d.y[v]);
  }
  const size_t caps[] = {4, 5, 16, 100, 1000, 9000};
  for (int c = 0; c < 6; c++) {
    const size_t cap = caps[c];

    // brute force: the finest level whose distinct keys fit
    int level = 12;
    size_t nd = 0;
    for (; level >= -12; level--) {
      for (size_t v = 0; v < N; v++) {
        ck[v] = coarsen(keys[v], 12 - level);
      }
      qsort(ck, N, sizeof *ck, cmp_i32);
      nd = 1;
      for (size_t v = 1; v < N; v++) {
        nd += ck[v] != ck[v - 1];
      }
      if (nd <= cap) {
        break;
      }
    }

    // three plans: the level, and the bins in the byte string, are the brute force's
    for (int t = 0; t < 3; t++) {
      Block b = build(&d, cap, (uint64_t)(t * 7 + 1), 1 + t, t == 0 ? 1 : 300, t == 2);
      double q[NPROB];
      const MbeStatsResult r = fin(b.s, 0, q);
      ck_assert_msg(r.level == level, "cap %zu: level %d, brute force %d", cap, r.level, level);
      size_t len;
      uint8_t* by = bytes_of(b.s, &len);
      const uint8_t* se = by + 48;
      uint32_t nbin;
      memcpy(&nbin, se + 60, 4);  // the test machine is little-endian, as the format
      ck_assert_uint_eq(nbin, nd);
      size_t v = 0;
      for (uint32_t j = 0; j < nbin; j++) {
        int32_t key;
        uint64_t cnt;
        memcpy(&key, se + 64 + 8 * (MBE_REDUCE_SUM_WORDS + MBE_REDUCE_SQ_WORDS) + 12 * j, 4);
        memcpy(&cnt, se + 64 + 8 * (MBE_REDUCE_SUM_WORDS + MBE_REDUCE_SQ_WORDS) + 12 * j + 4, 8);
        ck_assert_int_eq(key, ck[v]);
        uint64_t n = 0;
        while (v < N && ck[v] == key) {
          v++;
          n++;
        }
        ck_assert_uint_eq(cnt, n);
      }
      ck_assert_uint_eq(v, N);
      if (level == -12) {
        ck_assert(isinf(r.resolution));
      }
      free(by);
      free(b.mem);
    }
  }
  data_free(&d);
}
END_TEST

/* ---- byte strings ----------------------------------------------------------------------- */

// reads a byte string into a fresh block; returns the status (the block freed on failure)
static MbeStatsStatus read_into(const uint8_t* buf, size_t len, Block* out) {
  size_t ns = 0, cap = 0;
  MbeStatsStatus st = mbe_stats_read_shape(buf, len, &ns, &cap);
  if (st != MBE_STATS_OK) {
    return st;
  }
  const size_t size = mbe_stats_size(ns, cap);
  out->mem = malloc(size);
  st = mbe_stats_read(out->mem, size, buf, len, &out->s);
  if (st != MBE_STATS_OK) {
    ck_assert(out->s == NULL);
    free(out->mem);
  }
  return st;
}

// the FNV-1a check of a byte string rewritten after an edit
static void reseal(uint8_t* b, size_t len) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (size_t i = 0; i + 8 < len; i++) {
    h = (h ^ b[i]) * 0x100000001b3ull;
  }
  for (int i = 0; i < 8; i++) {
    b[len - 8 + i] = (uint8_t)(h >> (8 * i));
  }
}

START_TEST(test_bytes_round_trip) {
  Data d = mixed_data(3000, 99);
  Block a = build(&d, 64, 17, 3, 200, 1);
  size_t len;
  uint8_t* ba = bytes_of(a.s, &len);
  Block b;
  ck_assert_int_eq(read_into(ba, len, &b), MBE_STATS_OK);
  ck_assert_uint_eq(mbe_stats_nseries(b.s), 4);
  ck_assert_uint_eq(mbe_stats_cap(b.s), 64);
  size_t lb;
  uint8_t* bb = bytes_of(b.s, &lb);
  ck_assert(lb == len && memcmp(ba, bb, len) == 0);
  for (size_t j = 0; j < 4; j++) {
    double q0[NPROB], q1[NPROB];
    const MbeStatsResult r0 = fin(a.s, j, q0), r1 = fin(b.s, j, q1);
    ck_assert(same_result(&r0, q0, &r1, q1));
  }

  // a resumed run: more members added to the read copy equal them added to the original
  Data e = mixed_data(700, 100);
  size_t* idx = malloc(700 * sizeof *idx);
  for (size_t i = 0; i < 700; i++) {
    idx[i] = i;
  }
  add_members(a.s, &e, idx, 700);
  add_members(b.s, &e, idx, 700);
  free(ba);
  free(bb);
  ba = bytes_of(a.s, &len);
  bb = bytes_of(b.s, &lb);
  ck_assert(lb == len && memcmp(ba, bb, len) == 0);

  // the block holds no pointers: a copy works as well
  const size_t size = mbe_stats_size(4, 64);
  void* mem = malloc(size);
  memcpy(mem, b.mem, size);
  double q0[NPROB], q1[NPROB];
  const MbeStatsResult r0 = fin(b.s, 1, q0), r1 = fin((const MbeStats*)mem, 1, q1);
  ck_assert(same_result(&r0, q0, &r1, q1));
  free(mem);
  free(idx);
  free(ba);
  free(bb);
  free(a.mem);
  free(b.mem);
  data_free(&d);
  data_free(&e);
}
END_TEST

START_TEST(test_bytes_rejected_when_damaged) {
  Data d = mixed_data(40, 3);
  Block a = build(&d, 8, 2, 2, 9, 0);
  size_t len;
  uint8_t* ba = bytes_of(a.s, &len);
  uint8_t* t = malloc(len);
  Block b;

  // every truncation
  for (size_t n = 0; n < len; n++) {
    memcpy(t, ba, n);
    ck_assert_int_eq(read_into(t, n, &b), MBE_STATS_ERR_FORMAT);
  }

  // every byte changed: the version bytes say so, any other is caught by the check
  for (size_t i = 0; i < len; i++) {
    for (int f = 0; f < 2; f++) {
      memcpy(t, ba, len);
      t[i] ^= f ? 0xff : 0x01;
      const MbeStatsStatus st = read_into(t, len, &b);
      ck_assert_int_eq(st, i >= 8 && i < 12 ? MBE_STATS_ERR_VERSION : MBE_STATS_ERR_FORMAT);
    }
  }

  // well sealed but wrong: another version, a count that does not add up, bins out of order,
  // a level out of range, a sum digit not normalized
  memcpy(t, ba, len);
  t[8] = 2;
  reseal(t, len);
  ck_assert_int_eq(read_into(t, len, &b), MBE_STATS_ERR_VERSION);
  const size_t s0 = 48, bins0 = s0 + 64 + 8 * (MBE_REDUCE_SUM_WORDS + MBE_REDUCE_SQ_WORDS);
  memcpy(t, ba, len);
  t[s0 + 8] += 1;  // nfinite
  reseal(t, len);
  ck_assert_int_eq(read_into(t, len, &b), MBE_STATS_ERR_FORMAT);
  memcpy(t, ba, len);
  memcpy(t + bins0, ba + bins0 + 12, 12);
  memcpy(t + bins0 + 12, ba + bins0, 12);
  reseal(t, len);
  ck_assert_int_eq(read_into(t, len, &b), MBE_STATS_ERR_FORMAT);
  memcpy(t, ba, len);
  t[s0 + 56] = 13;
  reseal(t, len);
  ck_assert_int_eq(read_into(t, len, &b), MBE_STATS_ERR_FORMAT);
  memcpy(t, ba, len);
  t[s0 + 64 + 4] = 1;  // the first sum digit's high half
  reseal(t, len);
  ck_assert_int_eq(read_into(t, len, &b), MBE_STATS_ERR_FORMAT);

  // a block too small, a buffer too small
  size_t ns, cap;
  ck_assert_int_eq(mbe_stats_read_shape(ba, len, &ns, &cap), MBE_STATS_OK);
  const size_t size = mbe_stats_size(ns, cap);
  void* mem = malloc(size);
  MbeStats* s = NULL;
  ck_assert_int_eq(mbe_stats_read(mem, size - 8, ba, len, &s), MBE_STATS_ERR_SIZE);
  ck_assert(s == NULL);
  ck_assert_int_eq(mbe_stats_write(a.s, t, len - 1), MBE_STATS_ERR_SIZE);
  free(mem);
  free(t);
  free(ba);
  free(a.mem);
  data_free(&d);
}
END_TEST

/* ---- records and arguments -------------------------------------------------------------- */

START_TEST(test_bad_records_change_nothing) {
  enum { N = 50 };
  double y[N];
  int32_t st[N];
  for (int v = 0; v < N; v++) {
    y[v] = (double)(v % 13) - 6.5;
    st[v] = MBE_RUN_OK;
  }
  int64_t part[PW], p[PW];
  uint32_t pairs[2 * N], q[2 * N];
  mbe_reduce_series(y, 0, 1, st, 0, 1, N, part, pairs);
  ck_assert_int_eq(part[MBE_REDUCE_PART_NPAIRS], 13);
  Block a = block_new(1, 8);
  size_t l0;
  uint8_t* b0 = bytes_of(a.s, &l0);

  // each damage in turn
  for (int k = 0; k < 9; k++) {
    memcpy(p, part, sizeof p);
    memcpy(q, pairs, sizeof q);
    size_t stride = 2 * N;
    switch (k) {
      case 0: q[2] = pairs[0], q[0] = pairs[2]; break;                 // keys out of order
      case 1: q[3] = 0; break;                                         // an empty bin
      case 2: q[3] += 1; break;                                        // counts do not add up
      case 3: p[MBE_REDUCE_PART_SUM] += (int64_t)1 << 32; break;       // not normalized
      case 4: p[MBE_REDUCE_PART_MIN] = p[MBE_REDUCE_PART_MAX]; break;  // min not in the first bin
      case 5: stride = 20; break;                                      // pairs beyond the stride
      case 6: p[MBE_REDUCE_PART_NSKIP] = -1; break;
      case 7: p[MBE_REDUCE_PART_SQ + MBE_REDUCE_SQ_WORDS - 1] = -1; break;  // negative squares
      default: q[0] = 0x7fffffffu; break;                                   // not a key
    }
    ck_assert_int_eq(mbe_stats_add(a.s, 0, 1, p, q, stride), MBE_STATS_ERR_RECORD);
    size_t l1;
    uint8_t* b1 = bytes_of(a.s, &l1);
    ck_assert(l1 == l0 && memcmp(b0, b1, l0) == 0);
    free(b1);
  }

  // the count limit
  memcpy(p, part, sizeof p);
  p[MBE_REDUCE_PART_NSKIP] = (int64_t)MBE_STATS_COUNT_MAX;
  ck_assert_int_eq(mbe_stats_add(a.s, 0, 1, p, pairs, 2 * N), MBE_STATS_OK);
  ck_assert_int_eq(mbe_stats_add(a.s, 0, 1, p, pairs, 2 * N), MBE_STATS_ERR_RANGE);
  ck_assert_int_eq(mbe_stats_merge(a.s, a.s), MBE_STATS_ERR_RANGE);

  // arguments and shapes
  ck_assert_int_eq(mbe_stats_add(a.s, 1, 1, part, pairs, 2 * N), MBE_STATS_ERR_ARG);
  Block c = block_new(1, 9);
  Block e = block_new(2, 8);
  ck_assert_int_eq(mbe_stats_merge(a.s, c.s), MBE_STATS_ERR_SHAPE);
  ck_assert_int_eq(mbe_stats_merge(a.s, e.s), MBE_STATS_ERR_SHAPE);
  free(b0);
  free(a.mem);
  free(c.mem);
  free(e.mem);
}
END_TEST

START_TEST(test_arguments) {
  ck_assert_uint_eq(mbe_stats_size(1, 3), 0);
  ck_assert_uint_eq(mbe_stats_size(SIZE_MAX / 2, 4096), 0);
  ck_assert_uint_eq(mbe_stats_size(3, 100), (32 + 12 * 100 + 3 * (1664 + 12 * 100) + 8) / 8 * 8);
  const size_t size = mbe_stats_size(2, 16);
  char* mem = malloc(size + 8);
  MbeStats* s = (MbeStats*)mem;
  ck_assert_int_eq(mbe_stats_init(mem + 4, size, 2, 16, &s), MBE_STATS_ERR_ARG);
  ck_assert(s == NULL);
  ck_assert_int_eq(mbe_stats_init(mem, size - 1, 2, 16, &s), MBE_STATS_ERR_SIZE);
  ck_assert_int_eq(mbe_stats_init(mem, size, 2, 3, &s), MBE_STATS_ERR_ARG);
  ck_assert_int_eq(mbe_stats_init(mem, size, 2, 16, &s), MBE_STATS_OK);
  MbeStatsResult r;
  double q;
  const double bad[] = {-0.1, 1.5, T_NAN};
  for (int i = 0; i < 3; i++) {
    ck_assert_int_eq(mbe_stats_finalize(s, 0, &bad[i], 1, &r, &q), MBE_STATS_ERR_ARG);
  }
  ck_assert_int_eq(mbe_stats_finalize(s, 2, NULL, 0, &r, NULL), MBE_STATS_ERR_ARG);
  ck_assert_int_eq(mbe_stats_finalize(s, 1, NULL, 0, &r, NULL), MBE_STATS_OK);
  ck_assert(r.n == 0 && r.level == 12);
  ck_assert_str_eq(mbe_stats_status_str(MBE_STATS_ERR_FORMAT),
                   "not a statistics byte string, or truncated or corrupt");
  ck_assert_str_eq(mbe_stats_status_str(42), "unknown status");
  free(mem);
}
END_TEST

static Suite* make_stats_suite(void) {
  Suite* s = suite_create("stats");
  TCase* tc = mbe_tcase_create("moments");
  tcase_add_test(tc, test_sums_that_defeat_doubles);
  tcase_add_test(tc, test_moments_match_two_pass);
  tcase_add_test(tc, test_rounding_is_correct);
  suite_add_tcase(s, tc);
  tc = mbe_tcase_create("order");
  tcase_add_test(tc, test_batches_orders_shards_give_the_same_bits);
  tcase_add_test(tc, test_merge_with_itself_counts_twice);
  suite_add_tcase(s, tc);
  tc = mbe_tcase_create("quantiles");
  tcase_add_test(tc, test_quantiles_within_resolution);
  tcase_add_test(tc, test_quantiles_exact_for_constant_and_small_n);
  tcase_add_test(tc, test_infinities_take_part);
  tcase_add_test(tc, test_coarsening_reaches_the_brute_force_level);
  suite_add_tcase(s, tc);
  tc = mbe_tcase_create("bytes");
  tcase_add_test(tc, test_bytes_round_trip);
  tcase_add_test(tc, test_bytes_rejected_when_damaged);
  tcase_add_test(tc, test_bad_records_change_nothing);
  tcase_add_test(tc, test_arguments);
  suite_add_tcase(s, tc);
  return s;
}

MbeSuiteFactory* const mbe_check_suites[] = {make_stats_suite, NULL};
