// SPDX-License-Identifier: Apache-2.0
// The checkpoint of a run directory (stats.state: shard range, counters, the exact statistics as
// a portable byte string), stats.csv, the finalized statistics, and the removal of a run's
// files. Not the batch loop.
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ensemble.h"
#include "io.h"
#include "io_json.h"
#include "mbe_sobol_time.h"
#include "mbe_stats.h"

const double mbe_study_quantiles[MBE_STUDY_NQUANT] = {0.05, 0.25, 0.5, 0.75, 0.95};

static const char STATE_MAGIC[8] = {'M', 'B', 'E', 'N', 'S', 'S', 'T', '1'};
// 1: without time-resolved Sobol' sums (still read); 2: with their section after the statistics
enum { STATE_VERSION = 2 };

// ---- little-endian fields ---------------------------------------------------------------------

static void put_u64(MbeStrbuf* b, uint64_t x) {
  unsigned char c[8];
  for (int i = 0; i < 8; i++) {
    c[i] = (unsigned char)(x >> (8 * i));
  }
  mbe_strbuf_append(b, (const char*)c, 8);
}

static void put_f64(MbeStrbuf* b, double x) {
  uint64_t u;
  memcpy(&u, &x, sizeof u);
  put_u64(b, u);
}

static uint64_t fnv1a(const unsigned char* p, size_t n) {
  uint64_t h = 14695981039346656037ull;
  for (size_t i = 0; i < n; i++) {
    h = (h ^ p[i]) * 1099511628211ull;
  }
  return h;
}

// a reader over a byte string that fails softly at its end
typedef struct Cursor {
  const unsigned char* p;
  size_t n, at;
  bool is_short;
} Cursor;

static uint64_t get_u64(Cursor* c) {
  if (c->at + 8 > c->n) {
    c->is_short = true;
    return 0;
  }
  uint64_t x = 0;
  for (int i = 0; i < 8; i++) {
    x |= (uint64_t)c->p[c->at + (size_t)i] << (8 * i);
  }
  c->at += 8;
  return x;
}

static double get_f64(Cursor* c) {
  uint64_t u = get_u64(c);
  double x;
  memcpy(&x, &u, sizeof x);
  return x;
}

// ---- stats.state ------------------------------------------------------------------------------

MbeStatus mbe_study_state_write(const char* dir, const MbeStudyState* st, MbeError* err) {
  MbeStrbuf b;
  mbe_strbuf_init(&b);
  mbe_strbuf_append(&b, STATE_MAGIC, sizeof STATE_MAGIC);
  put_u64(&b, STATE_VERSION);
  char hash[64];
  memset(hash, 0, sizeof hash);
  memcpy(hash, st->config_hash, strnlen(st->config_hash, sizeof hash));
  mbe_strbuf_append(&b, hash, sizeof hash);
  put_u64(&b, st->first);
  put_u64(&b, st->count);
  put_u64(&b, st->done);
  put_u64(&b, st->members_bytes);
  for (int i = 0; i < MBE_RUN_COUNT; i++) {
    put_u64(&b, st->progress.status[i]);
  }
  put_u64(&b, st->progress.steps);
  put_u64(&b, st->progress.rhs);
  put_f64(&b, st->progress.seconds_run);
  put_u64(&b, st->nseries);
  put_u64(&b, st->cap);

  // the statistics and the Sobol' sums as their own portable strings, then a check of
  // everything: one buffer of the file's size, so the checkpoint takes no more memory than its
  // length
  const bool has_sobol = st->nseries && st->sobol_params && st->sobol;
  size_t len = st->nseries ? mbe_stats_write_size((const MbeStats*)st->stats_mem) : 0;
  size_t slen = has_sobol ? mbe_sobol_time_write_size(st->sobol, st->nseries, st->sobol_params) : 0;
  put_u64(&b, len);
  if (b.is_oom) {
    mbe_strbuf_deinit(&b);
    return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory writing the checkpoint");
  }
  const size_t head = b.len, total = head + len + 24 + slen + 8;
  uint8_t* file = mbe_malloc(total);
  MbeStatus rc = MBE_OK;
  if (!file) {
    rc = mbe_error_set(err, MBE_ERR_NOMEM, "out of memory writing the checkpoint");
  } else if (len &&
             mbe_stats_write((const MbeStats*)st->stats_mem, file + head, len) != MBE_STATS_OK) {
    rc = mbe_error_set(err, MBE_ERR_INTERNAL, "cannot serialise the statistics");
  }
  if (rc == MBE_OK) {
    memcpy(file, b.data, head);
    const uint64_t sec[3] = {has_sobol ? st->sobol_params : 0, has_sobol ? st->sobol_block : 0,
                             slen};
    for (int f = 0; f < 3; f++) {
      for (int i = 0; i < 8; i++) {
        file[head + len + 8 * (size_t)f + (size_t)i] = (uint8_t)(sec[f] >> (8 * i));
      }
    }
    if (has_sobol) {
      mbe_sobol_time_write(st->sobol, st->nseries, st->sobol_params, file + head + len + 24);
    }
    const size_t body = head + len + 24 + slen;
    const uint64_t check = fnv1a(file, body);
    for (int i = 0; i < 8; i++) {
      file[body + (size_t)i] = (uint8_t)(check >> (8 * i));
    }
    char path[4096];
    snprintf(path, sizeof path, "%s/stats.state", dir);
    rc = mbe_file_write_atomic(path, file, total, err);
  }
  mbe_free(file);
  mbe_strbuf_deinit(&b);
  return rc;
}

static MbeStatus read_sobol(Cursor* c, MbeStudyState* st, const char* path, MbeError* err);

MbeStatus mbe_study_state_read(const char* dir, MbeStudyState* st, MbeError* err) {
  memset(st, 0, sizeof *st);
  char path[4096];
  snprintf(path, sizeof path, "%s/stats.state", dir);
  char* data = NULL;
  size_t size = 0;
  MbeStatus rc = mbe_file_read(path, &data, &size, err);
  if (rc != MBE_OK) {
    return rc;
  }
  // the magic and the check over everything before the last 8 bytes
  Cursor c = {(const unsigned char*)data, size, 0, false};
  bool ok = size >= sizeof STATE_MAGIC + 16 && memcmp(data, STATE_MAGIC, sizeof STATE_MAGIC) == 0;
  if (ok) {
    c.at = size - 8;
    ok = get_u64(&c) == fnv1a(c.p, size - 8);
  }
  c.at = sizeof STATE_MAGIC;
  const uint64_t version = ok ? get_u64(&c) : 0;
  if (!ok || version < 1 || version > STATE_VERSION) {
    mbe_free(data);
    return mbe_error_set(err, MBE_ERR_IO,
                         "%s is not a checkpoint of this mbens version, or it is "
                         "damaged",
                         path);
  }
  memcpy(st->config_hash, c.p + c.at, 64);
  st->config_hash[64] = '\0';
  c.at += 64;
  st->first = (size_t)get_u64(&c);
  st->count = (size_t)get_u64(&c);
  st->done = (size_t)get_u64(&c);
  st->members_bytes = get_u64(&c);
  for (int i = 0; i < MBE_RUN_COUNT; i++) {
    st->progress.status[i] = get_u64(&c);
  }
  st->progress.steps = get_u64(&c);
  st->progress.rhs = get_u64(&c);
  st->progress.seconds_run = get_f64(&c);
  st->progress.total = st->count;
  st->progress.done = st->done;
  st->nseries = (size_t)get_u64(&c);
  st->cap = (size_t)get_u64(&c);
  uint64_t len = get_u64(&c);
  if (c.is_short || len > size - c.at - 8 || st->done > st->count) {
    mbe_free(data);
    return mbe_error_set(err, MBE_ERR_IO, "%s is damaged", path);
  }

  // the statistics, checked completely by their reader
  if (st->nseries > 0) {
    size_t ns = 0, cap = 0;
    const uint8_t* sb = c.p + c.at;
    if (mbe_stats_read_shape(sb, (size_t)len, &ns, &cap) != MBE_STATS_OK || ns != st->nseries ||
        cap != st->cap) {
      mbe_free(data);
      return mbe_error_set(err, MBE_ERR_IO, "the statistics in %s are damaged", path);
    }
    st->stats_size = mbe_stats_size(ns, cap);
    st->stats_mem = mbe_malloc(st->stats_size ? st->stats_size : 8);
    MbeStats* s = NULL;
    if (!st->stats_mem) {
      mbe_free(data);
      return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory reading %s", path);
    }
    MbeStatsStatus ss = mbe_stats_read(st->stats_mem, st->stats_size, sb, (size_t)len, &s);
    if (ss != MBE_STATS_OK) {
      mbe_free(data);
      mbe_study_state_deinit(st);
      return mbe_error_set(err, MBE_ERR_IO, "the statistics in %s are damaged: %s", path,
                           mbe_stats_status_str(ss));
    }
  }
  c.at += (size_t)len;
  rc = version >= 2 ? read_sobol(&c, st, path, err) : MBE_OK;
  mbe_free(data);
  if (rc != MBE_OK) {
    mbe_study_state_deinit(st);
  }
  return rc;
}

// the Sobol' sums' section of a version 2 checkpoint (after the statistics): parameters, block,
// the length and the string
static MbeStatus read_sobol(Cursor* c, MbeStudyState* st, const char* path, MbeError* err) {
  st->sobol_params = (size_t)get_u64(c);
  st->sobol_block = (size_t)get_u64(c);
  const uint64_t slen = get_u64(c);
  const size_t k = st->sobol_params, words = mbe_sobol_time_words(k);
  if (c->is_short || slen > c->n - c->at - 8 || (k > 0 && (words == 0 || st->nseries == 0))) {
    return mbe_error_set(err, MBE_ERR_IO, "%s is damaged", path);
  }
  if (k == 0) {
    return MBE_OK;
  }
  st->sobol = mbe_malloc(st->nseries * words * sizeof *st->sobol);
  if (!st->sobol) {
    return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory reading %s", path);
  }
  if (!mbe_sobol_time_read(c->p + c->at, (size_t)slen, st->nseries, k, st->sobol)) {
    return mbe_error_set(err, MBE_ERR_IO, "the Sobol' sums in %s are damaged", path);
  }
  return MBE_OK;
}

void mbe_study_state_deinit(MbeStudyState* st) {
  if (st) {
    mbe_free(st->stats_mem);
    st->stats_mem = NULL;
    mbe_free(st->sobol);
    st->sobol = NULL;
  }
}

// ---- sobol_time.csv ---------------------------------------------------------------------------

MbeStatus mbe_study_write_sobol_time(const char* dir, const MbeStudyState* st, const double* time,
                                     size_t nout, const char* const* names, size_t nstat,
                                     const char* const* params, MbeError* err) {
  const size_t k = st->sobol_params, words = mbe_sobol_time_words(k);
  double* s1 = mbe_malloc((k + 1) * sizeof *s1);
  double* tt = mbe_malloc((k + 1) * sizeof *tt);
  MbeStrbuf b;
  mbe_strbuf_init(&b);
  mbe_strbuf_puts(&b, "time,signal,parameter,S1,ST,blocks\n");
  for (size_t i = 0; s1 && tt && i < nout * nstat && i < st->nseries; i++) {
    uint64_t nblock, nskip;
    mbe_sobol_time_indices(st->sobol + i * words, k, st->sobol_block, &nblock, &nskip, s1, tt);
    for (size_t j = 0; j < k; j++) {
      mbe_strbuf_printf(&b, "%.17g,", time[i / nstat]);
      mbe_csv_field(&b, names[i % nstat]);
      mbe_strbuf_puts(&b, ",");
      mbe_csv_field(&b, params[j]);
      mbe_strbuf_printf(&b, ",%.17g,%.17g,%llu\n", s1[j], tt[j], (unsigned long long)nblock);
    }
  }
  MbeStatus rc;
  if (!s1 || !tt || b.is_oom) {
    rc = mbe_error_set(err, MBE_ERR_NOMEM, "out of memory writing sobol_time.csv");
  } else {
    char path[4096];
    snprintf(path, sizeof path, "%s/sobol_time.csv", dir);
    rc = mbe_strbuf_write_atomic(&b, path, err);
  }
  mbe_strbuf_deinit(&b);
  mbe_free(s1);
  mbe_free(tt);
  return rc;
}

// ---- stats.csv --------------------------------------------------------------------------------

MbeStatus mbe_study_write_stats(const char* dir, const void* stats, const double* time, size_t nout,
                                const char* const* names, size_t nstat, double* resolution,
                                MbeError* err) {
  MbeStrbuf b;
  mbe_strbuf_init(&b);
  mbe_strbuf_puts(&b, "time,signal,n,mean,std,min,max,q05,q25,q50,q75,q95,q_resolution\n");
  double worst = 0;
  for (size_t k = 0; k < nout; k++) {
    for (size_t j = 0; j < nstat; j++) {
      MbeStatsResult r;
      double q[MBE_STUDY_NQUANT];
      mbe_stats_finalize((const MbeStats*)stats, k * nstat + j, mbe_study_quantiles,
                         MBE_STUDY_NQUANT, &r, q);
      mbe_strbuf_printf(&b, "%.17g,", time[k]);
      mbe_csv_field(&b, names[j]);
      mbe_strbuf_printf(&b, ",%llu,%.17g,%.17g,%.17g,%.17g", (unsigned long long)r.n, r.mean, r.std,
                        r.min, r.max);
      for (int i = 0; i < MBE_STUDY_NQUANT; i++) {
        mbe_strbuf_printf(&b, ",%.17g", q[i]);
      }
      mbe_strbuf_printf(&b, ",%.3g\n", r.n > 0 ? r.resolution : 0.0);
      worst = r.n > 0 && r.resolution > worst ? r.resolution : worst;
    }
  }
  char path[4096];
  snprintf(path, sizeof path, "%s/stats.csv", dir);
  MbeStatus rc = mbe_strbuf_write_atomic(&b, path, err);
  mbe_strbuf_deinit(&b);
  if (resolution) {
    *resolution = worst;
  }
  return rc;
}

void mbe_study_status_counts_json(MbeJsonWriter* w, const MbeStudyProgress* p) {
  mbe_json_write_object_begin(w);
  for (int s = 0; s < MBE_RUN_COUNT; s++) {
    mbe_json_write_key(w, mbe_run_status_word(s));
    mbe_json_write_int(w, (int64_t)p->status[s]);
  }
  mbe_json_write_object_end(w);
}

void mbe_study_progress_json(MbeJsonWriter* w, const MbeStudyProgress* p, size_t count) {
  mbe_json_write_object_begin(w);
  mbe_json_write_key(w, "done");
  mbe_json_write_int(w, (int64_t)p->done);
  mbe_json_write_key(w, "checkpoint_done");
  mbe_json_write_int(w, (int64_t)p->done_checkpoint);
  mbe_json_write_key(w, "count");
  mbe_json_write_int(w, (int64_t)count);
  mbe_json_write_key(w, "status_counts");
  mbe_study_status_counts_json(w, p);
  mbe_json_write_key(w, "steps");
  mbe_json_write_int(w, (int64_t)p->steps);
  mbe_json_write_key(w, "rhs_evaluations");
  mbe_json_write_int(w, (int64_t)p->rhs);
  mbe_json_write_object_end(w);
}

// ---- removal ----------------------------------------------------------------------------------

// removes path when it exists; false (with err set) when it exists and cannot be removed
static bool remove_file(const char* path, MbeError* err) {
  if (unlink(path) == 0 || errno == ENOENT) {
    return true;
  }
  mbe_error_set(err, MBE_ERR_IO, "cannot remove %s: %s", path, strerror(errno));
  return false;
}

MbeStatus mbe_study_remove(const char* dir, MbeError* err) {
  static const char* const files[] = {"stats.state", "manifest.json",   "members.csv",
                                      "stats.csv",   "sobol_time.csv", "trajectories.h5"};
  char path[4200];
  for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
    snprintf(path, sizeof path, "%s/%s", dir, files[i]);
    if (!remove_file(path, err)) {
      return MBE_ERR_IO;
    }
  }

  // the CSV trajectories: member_K.csv, then their folder when nothing else is in it
  snprintf(path, sizeof path, "%s/trajectories", dir);
  DIR* d = opendir(path);
  if (!d) {
    return MBE_OK;
  }
  MbeStatus rc = MBE_OK;
  for (struct dirent* e = readdir(d); e && rc == MBE_OK; e = readdir(d)) {
    unsigned long long k;
    char tail[8] = "";
    if (sscanf(e->d_name, "member_%llu.%7s", &k, tail) == 2 && strcmp(tail, "csv") == 0) {
      char file[4500];
      snprintf(file, sizeof file, "%s/%s", path, e->d_name);
      rc = remove_file(file, err) ? MBE_OK : MBE_ERR_IO;
    }
  }
  closedir(d);
  if (rc == MBE_OK && rmdir(path) != 0 && errno != ENOTEMPTY && errno != EEXIST) {
    rc = mbe_error_set(err, MBE_ERR_IO, "cannot remove %s: %s", path, strerror(errno));
  }
  return rc;
}
