// SPDX-License-Identifier: Apache-2.0
// The batch loop of a study: members sampled, integrated and reduced on the backend, their rows,
// trajectories and statistics written and checkpointed batch by batch, resumable at any batch.
// With several devices (MbeStudyLoop.more_progs) each round gives every device a batch of its own
// (consecutive members, sized to its speed), runs them at once in threads, and then writes them
// in member order: what a member computes depends only on its own inputs and the statistics add
// exactly, so the files are the same bytes as with one device.
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "ensemble.h"
#include "io.h"
#include "io_hdf5.h"
#include "mbe_sobol_time.h"
#include "mbe_stats.h"

// the wall time an adaptive batch aims at (s), and the size of the first one
#define BATCH_TARGET_SECONDS 2.0
#define BATCH_FIRST 1024

// outputs per member per grid point
static size_t prog_ny(const MbeProgram* prog) {
  MbeProgramInfo info;
  mbe_program_get_info(prog, &info);
  return (size_t)info.ny;
}

// one device's batch: its members of the round [first, first + n), sampled, integrated and
// reduced into its own arrays (for up to cap members)
typedef struct Lane {
  MbeProgram* prog;
  const struct Study* study;
  size_t cap, size;  // room; the size of its next batch
  size_t first, n;   // this round's members
  double seconds;    // the wall time of its last batch
  double *u, *p, *agg, *y;
  int32_t* info;
  int64_t* part;
  uint32_t* pairs;
  int64_t* spart;  // the series' Sobol' sums of the batch (time-resolved indices), or NULL
  MbeStatus rc;
  MbeError err;
} Lane;

enum { MAX_LANES = 16 };

// everything one run holds between batches
typedef struct Study {
  const MbeStudyLoop* def;
  MbeError* err;
  size_t nout, nseries;
  size_t sobol_words;  // words of a series' Sobol' sums; 0: no time-resolved indices
  size_t block;        // members a batch is a multiple of (a Saltelli block, or 1)
  double* time;       // (nout) the output grid
  MbeStudyState st;   // counters, statistics (the checkpoint)
  FILE* members;      // members.csv, open for appending
  MbeTrajFile* traj;  // trajectories.h5, or NULL
  size_t save_first;  // saved members of this run: save_members[save_first .. save_end)
  size_t save_end;
  Lane lane[MAX_LANES];
  size_t nlanes;
  size_t nqoi;      // quantities of interest per member (def->qoi)
  double* qoi;      // of one lane's batch
  double* row;      // a saved member's rows
  double* scratch;  // the formulas' nodes of one member
} Study;

// ---- setup --------------------------------------------------------------------------------------

// members.csv: a new file with its header, or the resumed one cut back to its checkpoint
static MbeStatus open_members(Study* s, bool resume) {
  const MbeStudyLoop* d = s->def;
  char path[4096];
  snprintf(path, sizeof path, "%s/members.csv", d->dir);
  if (resume) {
    struct stat sb;
    if (stat(path, &sb) != 0 || (uint64_t)sb.st_size < s->st.members_bytes) {
      return mbe_error_set(s->err, MBE_ERR_IO,
                           "%s is shorter than its checkpoint says (%llu bytes); the run "
                           "directory was changed and cannot be resumed",
                           path, (unsigned long long)s->st.members_bytes);
    }
    if (truncate(path, (off_t)s->st.members_bytes) != 0) {
      return mbe_error_set(s->err, MBE_ERR_IO, "cannot cut %s back to its checkpoint: %s", path,
                           strerror(errno));
    }
  }
  s->members = fopen(path, resume ? "ab" : "wb");
  if (!s->members) {
    return mbe_error_set(s->err, MBE_ERR_IO, "cannot open %s: %s", path, strerror(errno));
  }
  if (resume) {
    return MBE_OK;
  }
  MbeStrbuf b;
  mbe_strbuf_init(&b);
  mbe_strbuf_puts(&b, "member");
  for (size_t j = 0; j < d->sample.ndim; j++) {
    mbe_strbuf_puts(&b, ",");
    mbe_csv_field(&b, d->param_names[j]);
  }
  for (size_t j = 0; j < s->nqoi; j++) {
    mbe_strbuf_puts(&b, ",");
    mbe_csv_field(&b, d->qoi->name[j]);
  }
  mbe_strbuf_puts(&b, ",status,steps,events,assert\n");
  MbeStatus rc = MBE_OK;
  if (b.is_oom || fwrite(b.data, 1, b.len, s->members) != b.len || fflush(s->members) != 0) {
    rc = mbe_error_set(s->err, MBE_ERR_IO, "cannot write %s", path);
  }
  s->st.members_bytes = b.len;
  mbe_strbuf_deinit(&b);
  return rc;
}

// the saved trajectories of this run's members: one HDF5 file, or a folder of CSV files
static MbeStatus open_trajectories(Study* s, bool resume) {
  const MbeStudyLoop* d = s->def;
  size_t lo = 0;
  while (lo < d->nsave && (size_t)d->save_members[lo] < d->first) {
    lo++;
  }
  size_t hi = lo;
  while (hi < d->nsave && (size_t)d->save_members[hi] < d->first + d->count) {
    hi++;
  }
  s->save_first = lo;
  s->save_end = hi;
  char path[4096];
  if (hi == lo || d->nsave_col == 0) {
    return MBE_OK;
  }
  if (!d->save_hdf5) {
    snprintf(path, sizeof path, "%s/trajectories", d->dir);
    return mbe_mkdir_p(path, s->err);
  }
  snprintf(path, sizeof path, "%s/trajectories.h5", d->dir);
  MbeTrajDef td;
  memset(&td, 0, sizeof td);
  td.model = d->model;
  td.nmem = hi - lo;
  td.nout = s->nout;
  td.nsig = d->nsave_col;
  td.member = d->save_members + lo;
  td.time = s->time;
  td.signal = d->save_names;
  return resume ? mbe_traj_file_reopen(path, &td, &s->traj, s->err)
                : mbe_traj_file_create(path, &td, &s->traj, s->err);
}

// the members a lane's batch may hold: its device's memory, its share of the host memory, the
// request
static size_t lane_cap(const Study* s, const Lane* l) {
  const MbeStudyLoop* d = s->def;
  MbeStudyMemory mem;
  mbe_study_memory(d, &mem);
  size_t cap = mem.batch_max / s->nlanes;
  size_t dev = mbe_program_batch_limit(l->prog, &d->run, &d->red, false);
  if (dev && dev < cap) {
    cap = dev;
  }
  if (d->batch && d->batch < cap) {
    cap = d->batch;
  }
  cap = cap < d->count ? (cap ? cap : 1) : (d->count ? d->count : 1);
  return cap > s->block ? cap / s->block * s->block : s->block;  // whole blocks
}

// the lanes (one per device) and their arrays; the arrays the writing shares
static MbeStatus alloc_lanes(Study* s) {
  const MbeStudyLoop* d = s->def;
  const size_t ny = (size_t)prog_ny(d->prog);
  s->nlanes = 1 + (d->nmore < MAX_LANES - 1 ? d->nmore : MAX_LANES - 1);
  size_t most = 0;
  for (size_t k = 0; k < s->nlanes; k++) {
    Lane* l = &s->lane[k];
    l->prog = k == 0 ? d->prog : d->more_progs[k - 1];
    l->study = s;
    size_t cap = l->cap = lane_cap(s, l);
    most = cap > most ? cap : most;
    l->size = d->batch ? cap : (BATCH_FIRST < cap ? BATCH_FIRST : cap);
    l->size = l->size > s->block ? l->size / s->block * s->block : s->block;
    l->u = mbe_malloc((cap * d->sample.ndim + 1) * sizeof *l->u);
    l->p = mbe_malloc((cap * d->np + 1) * sizeof *l->p);
    l->info = mbe_malloc(cap * MBE_INFO_COUNT * sizeof *l->info);
    l->agg = mbe_malloc((cap * d->red.nqoi + 1) * sizeof *l->agg);
    l->part = mbe_malloc((s->nseries * MBE_STATS_PART_WORDS + 1) * sizeof *l->part);
    l->pairs = mbe_malloc((s->nseries * 2 * cap + 1) * sizeof *l->pairs);
    l->y = s->save_end > s->save_first ? mbe_malloc(cap * s->nout * ny * sizeof *l->y) : NULL;
    l->spart = s->sobol_words ? mbe_malloc(s->nseries * s->sobol_words * sizeof *l->spart) : NULL;
    if (!l->u || !l->p || !l->info || !l->agg || !l->part || !l->pairs ||
        (s->save_end > s->save_first && !l->y) || (s->sobol_words && !l->spart)) {
      return mbe_error_set(s->err, MBE_ERR_NOMEM, "out of memory for a batch of %zu members", cap);
    }
  }
  s->qoi = mbe_malloc((most * s->nqoi + 1) * sizeof *s->qoi);
  s->scratch = mbe_malloc(((d->qoi ? d->qoi->formula.nnodes : 0) + 1) * sizeof *s->scratch);
  s->row = mbe_malloc((s->nout * d->nsave_col + 1) * sizeof *s->row);
  if (!s->qoi || !s->scratch || !s->row) {
    return mbe_error_set(s->err, MBE_ERR_NOMEM, "out of memory for a batch of %zu members", most);
  }
  return MBE_OK;
}

static void free_lanes(Study* s) {
  for (size_t k = 0; k < s->nlanes; k++) {
    Lane* l = &s->lane[k];
    mbe_free(l->u), mbe_free(l->p), mbe_free(l->info), mbe_free(l->agg);
    mbe_free(l->part), mbe_free(l->pairs), mbe_free(l->y), mbe_free(l->spart);
  }
  mbe_free(s->qoi);
  mbe_free(s->scratch);
  mbe_free(s->row);
}

// ---- one batch ----------------------------------------------------------------------------------

// the parameters of the lane's members: the design's draws, then the fixed values
static MbeStatus sample(Lane* l) {
  const MbeStudyLoop* d = l->study->def;
  const size_t nd = d->sample.ndim;
  if (nd > 0) {
    MbeStatus rc = mbe_sample_members(&d->sample, l->first, l->n, l->u, &l->err);
    if (rc != MBE_OK) {
      return rc;
    }
  }
  for (size_t k = 0; k < l->n; k++) {
    for (size_t j = 0; j < d->np; j++) {
      l->p[k * d->np + j] = j < nd ? l->u[k * nd + j] : d->p_fixed[j - nd];
    }
  }
  return MBE_OK;
}

// the lane's members' rows, appended and flushed to the disk
static MbeStatus write_rows(Study* s, const Lane* l) {
  const MbeStudyLoop* d = s->def;
  const size_t first = l->first, n = l->n;
  MbeStrbuf b;
  mbe_strbuf_init(&b);
  for (size_t k = 0; k < n; k++) {
    mbe_strbuf_printf(&b, "%zu", first + k);
    for (size_t j = 0; j < d->sample.ndim; j++) {
      mbe_strbuf_printf(&b, ",%.17g", l->u[k * d->sample.ndim + j]);
    }
    for (size_t j = 0; j < s->nqoi; j++) {
      mbe_strbuf_printf(&b, ",%.17g", s->qoi[k * s->nqoi + j]);
    }
    int st = l->info[k * MBE_INFO_COUNT + MBE_INFO_STATUS];
    mbe_strbuf_printf(&b, ",%s,%d,%d,", mbe_run_status_word(st),
                      (int)l->info[k * MBE_INFO_COUNT + MBE_INFO_STEPS],
                      (int)l->info[k * MBE_INFO_COUNT + MBE_INFO_EVENTS]);
    int a = l->info[k * MBE_INFO_COUNT + MBE_INFO_ASSERT];
    if (st == MBE_RUN_ASSERT && d->assert_names && a >= 1 && (size_t)a <= d->nassert_names &&
        d->assert_names[a - 1]) {
      mbe_csv_field(&b, d->assert_names[a - 1]);
    }
    mbe_strbuf_puts(&b, "\n");
  }
  MbeStatus rc = MBE_OK;
  if (b.is_oom) {
    rc = mbe_error_set(s->err, MBE_ERR_NOMEM, "out of memory writing members.csv");
  } else if (fwrite(b.data, 1, b.len, s->members) != b.len || fflush(s->members) != 0 ||
             fsync(fileno(s->members)) != 0) {
    rc = mbe_error_set(s->err, MBE_ERR_IO, "cannot write %s/members.csv: %s", d->dir,
                       strerror(errno));
  }
  s->st.members_bytes += b.len;
  mbe_strbuf_deinit(&b);
  return rc;
}

// the saved members of the lane's batch: their columns, gathered row by row
static MbeStatus write_trajectories(Study* s, const Lane* l) {
  const MbeStudyLoop* d = s->def;
  const size_t first = l->first, n = l->n;
  const size_t ny = (size_t)prog_ny(d->prog), nc = d->nsave_col;
  for (size_t i = s->save_first; i < s->save_end; i++) {
    size_t m = (size_t)d->save_members[i];
    if (m < first || m >= first + n) {
      continue;
    }
    const double* ym = l->y + (m - first) * s->nout * ny;
    for (size_t k = 0; k < s->nout; k++) {
      for (size_t j = 0; j < nc; j++) {
        s->row[k * nc + j] = ym[k * ny + (size_t)d->save_columns[j]];
      }
    }
    MbeStatus rc;
    if (s->traj) {
      rc = mbe_traj_file_write(s->traj, i - s->save_first, 1, s->row, s->err);
    } else {
      char path[4096];
      snprintf(path, sizeof path, "%s/trajectories/member_%zu.csv", d->dir, m);
      rc = mbe_csv_write_trajectory(path, s->nout, nc, s->time, d->save_names, s->row, s->err);
    }
    if (rc != MBE_OK) {
      return rc;
    }
  }
  return MBE_OK;
}

// whether the lane's batch holds a member whose trajectory is saved
static bool wants_y(const Study* s, const Lane* l) {
  const MbeStudyLoop* d = s->def;
  for (size_t i = s->save_first; i < s->save_end; i++) {
    if ((size_t)d->save_members[i] >= l->first && (size_t)d->save_members[i] < l->first + l->n)
      return true;
  }
  return false;
}

// samples, integrates and reduces the lane's batch on its device (a thread of its own where
// there are several: it touches nothing but the lane)
static void* lane_run(void* arg) {
  Lane* l = arg;
  const MbeStudyLoop* d = l->study->def;
  double t0 = mbe_seconds();
  l->rc = sample(l);
  if (l->rc == MBE_OK) {
    MbeBatch b;
    memset(&b, 0, sizeof b);
    b.n = l->n;
    b.p = l->p;
    b.info = l->info;
    b.y = wants_y(l->study, l) ? l->y : NULL;
    b.qoi = d->red.nqoi ? l->agg : NULL;
    b.stat_part = l->study->nseries ? l->part : NULL;
    b.stat_pairs = l->study->nseries ? l->pairs : NULL;
    b.sobol_part = l->spart;
    l->rc = mbe_program_run_batch(l->prog, &d->run, &d->red, &b, &l->err);
  }
  l->seconds = mbe_seconds() - t0;
  return NULL;
}

// the lane's members written: quantities, statistics, rows, trajectories, counters
static MbeStatus lane_write(Study* s, const Lane* l) {
  const MbeStudyLoop* d = s->def;
  const size_t n = l->n;
  for (size_t k = 0; k < n && s->nqoi > 0; k++) {
    mbe_qoi_eval(d->qoi, l->agg + k * d->red.nqoi, s->scratch, s->qoi + k * s->nqoi);
  }

  // statistics (exact: batches commute), rows, trajectories
  if (s->nseries > 0) {
    MbeStatsStatus ss =
        mbe_stats_add((MbeStats*)s->st.stats_mem, 0, s->nseries, l->part, l->pairs, 2 * n);
    if (ss != MBE_STATS_OK) {
      return mbe_error_set(s->err, MBE_ERR_INTERNAL, "the batch's statistics were refused: %s",
                           mbe_stats_status_str(ss));
    }
  }
  if (s->sobol_words > 0 &&
      !mbe_sobol_time_add(s->st.sobol, l->spart, s->nseries, d->red.sobol_params)) {
    return mbe_error_set(s->err, MBE_ERR_INTERNAL, "the batch's Sobol' sums were refused");
  }
  bool want_y = wants_y(s, l);
  MbeStatus rc;
  if ((rc = write_rows(s, l)) != MBE_OK || (want_y && (rc = write_trajectories(s, l)) != MBE_OK)) {
    return rc;
  }
  if (s->traj && want_y && (rc = mbe_traj_file_flush(s->traj, s->err)) != MBE_OK) {
    return rc;
  }

  // counters
  MbeStudyProgress* pr = &s->st.progress;
  for (size_t k = 0; k < n; k++) {
    int st = l->info[k * MBE_INFO_COUNT + MBE_INFO_STATUS];
    pr->status[st >= 0 && st < MBE_RUN_COUNT ? st : MBE_RUN_NOT_RUN]++;
    pr->steps += (uint64_t)l->info[k * MBE_INFO_COUNT + MBE_INFO_STEPS];
    pr->rhs += (uint64_t)l->info[k * MBE_INFO_COUNT + MBE_INFO_NRHS];
    int a = l->info[k * MBE_INFO_COUNT + MBE_INFO_ASSERT];
    int w = l->info[k * MBE_INFO_COUNT + MBE_INFO_WARNED];
    if (a > 0) {
      pr->assert_stops[a < MBE_STUDY_ASSERT_MAX ? a - 1 : MBE_STUDY_ASSERT_MAX - 1]++;
    }
    if (w > 0) {
      pr->assert_warned[w < MBE_STUDY_ASSERT_MAX ? w - 1 : MBE_STUDY_ASSERT_MAX - 1]++;
    }
  }
  return MBE_OK;
}

// One round: the next members split over the lanes in order (each its batch size), run at once,
// then written in member order. Returns the members done.
static MbeStatus run_round(Study* s, size_t* done) {
  const MbeStudyLoop* d = s->def;
  size_t at = d->first + s->st.done, left = d->count - s->st.done, active = 0;
  for (size_t k = 0; k < s->nlanes && left > 0; k++, active++) {
    Lane* l = &s->lane[k];
    l->first = at;
    l->n = l->size < left ? l->size : left;
    at += l->n;
    left -= l->n;
    mbe_error_clear(&l->err);
  }
  pthread_t th[MAX_LANES];
  bool started[MAX_LANES] = {false};
  for (size_t k = 1; k < active; k++) {
    started[k] = pthread_create(&th[k], NULL, lane_run, &s->lane[k]) == 0;
    if (!started[k])
      lane_run(&s->lane[k]);  // no thread to be had: in turn
  }
  lane_run(&s->lane[0]);
  for (size_t k = 1; k < active; k++) {
    if (started[k])
      pthread_join(th[k], NULL);
  }
  *done = 0;
  for (size_t k = 0; k < active; k++) {
    Lane* l = &s->lane[k];
    if (l->rc != MBE_OK) {
      if (s->err)
        *s->err = l->err;
      return l->rc;
    }
    MbeStatus rc = lane_write(s, l);
    if (rc != MBE_OK)
      return rc;
    *done += l->n;
  }
  return MBE_OK;
}

// the next batch size of each lane: about BATCH_TARGET_SECONDS at its own speed, at most 4
// times (at least a quarter of) its last, within its room
static void adapt(Study* s) {
  for (size_t k = 0; k < s->nlanes && !s->def->batch; k++) {
    Lane* l = &s->lane[k];
    if (l->n == 0 || !(l->seconds > 0))
      continue;
    double next = (double)l->n * BATCH_TARGET_SECONDS / l->seconds;
    next = next > 4.0 * (double)l->n    ? 4.0 * (double)l->n
           : next < 0.25 * (double)l->n ? 0.25 * (double)l->n
                                        : next;
    size_t size = next < 1 ? 1 : next > (double)l->cap ? l->cap : (size_t)next;
    l->size = size > s->block ? size / s->block * s->block : s->block;  // whole blocks
  }
}

// ---- planning -----------------------------------------------------------------------------------

size_t mbe_study_quantile_bins(size_t members, size_t nseries, uint64_t max_memory) {
  const uint64_t limit = max_memory ? max_memory : MBE_STUDY_MEMORY_DEFAULT;
  size_t bins = MBE_STUDY_BINS_MIN;
  while (bins < MBE_STUDY_BINS_MAX && (double)bins < 8 * sqrt((double)members)) {
    bins *= 2;
  }
  while (nseries && bins > MBE_STATS_CAP_MIN && mbe_stats_size(nseries, bins) > limit / 4) {
    bins /= 2;
  }
  return bins;
}

void mbe_study_memory(const MbeStudyLoop* d, MbeStudyMemory* out) {
  const uint64_t nout = (uint64_t)d->run.nout, ny = (uint64_t)prog_ny(d->prog);
  const uint64_t nseries = nout * d->red.nstat;
  const uint64_t nqoi = d->qoi ? d->qoi->nqoi : 0;
  const bool saves = d->nsave > 0 && d->nsave_col > 0;
  const uint64_t stats = nseries ? mbe_stats_size((size_t)nseries, d->quantile_bins) : 0;

  // whatever the batch: statistics, the checkpoint's one buffer (no larger than they are), the
  // batch records of the series, the grid and a saved member's rows
  out->fixed = 2 * stats + nseries * MBE_STATS_PART_WORDS * 8 + nout * 8 + nout * d->nsave_col * 8;

  // the Sobol' sums: the study's and each device's batch record
  out->fixed += nseries * mbe_sobol_time_words(d->red.sobol_params) * 8 * (2 + d->nmore);

  // per member: draws, parameters, aggregates, quantities, info, the series' histogram pairs,
  // and the outputs on the grid (the caller's when saved; the backend's host share otherwise)
  out->per_member = (d->sample.ndim + d->np + d->red.nqoi + nqoi) * 8 + MBE_INFO_COUNT * 4 +
                    nseries * 2 * 4 + (saves ? nout * ny * 8 : 0) +
                    mbe_program_batch_host_bytes(d->prog, &d->run, &d->red, false, saves);
  out->limit = d->max_memory ? d->max_memory : MBE_STUDY_MEMORY_DEFAULT;
  out->batch_max =
      out->limit > out->fixed ? (size_t)((out->limit - out->fixed) / out->per_member) : 0;
}

uint64_t mbe_study_output_bytes(const MbeStudyLoop* d) {
  const uint64_t nout = (uint64_t)d->run.nout, nstat = d->red.nstat, nseries = nout * nstat;
  const uint64_t nqoi = d->qoi ? d->qoi->nqoi : 0;

  // members.csv and stats.csv: 21 bytes a number; stats.state: every bin in use
  uint64_t bytes = (uint64_t)d->count * (24 + 21 * (d->sample.ndim + nqoi));
  bytes += nseries * (13 * 21 + 24);
  uint64_t bins = d->quantile_bins < d->count ? d->quantile_bins : d->count;
  bytes += nseries ? nseries * (1700 + 12 * bins) : 0;

  // sobol_time.csv (a row per series and parameter) and the sums in stats.state (about 6 words
  // a sum where their digits are in use)
  const uint64_t k = d->red.sobol_params;
  bytes += k ? nseries * (k * (2 * 21 + 60) + 16 + (3 + 3 * k) * 56) : 0;

  // the saved trajectories of this run's members
  uint64_t nsaved = 0;
  for (size_t i = 0; i < d->nsave; i++) {
    nsaved +=
        (size_t)d->save_members[i] >= d->first && (size_t)d->save_members[i] < d->first + d->count;
  }
  if (d->nsave_col > 0) {
    bytes += nsaved * (d->save_hdf5 ? nout * d->nsave_col * 8
                                    : mbe_csv_trajectory_bytes((size_t)nout, d->nsave_col));
  }
  return bytes;
}

// ---- the loop -----------------------------------------------------------------------------------

static MbeStatus setup(Study* s, bool resume) {
  const MbeStudyLoop* d = s->def;
  s->nout = (size_t)d->run.nout;
  s->nseries = s->nout * d->red.nstat;
  s->block = d->red.sobol_params ? d->red.sobol_block : 1;
  s->sobol_words = s->nseries ? mbe_sobol_time_words(d->red.sobol_params) : 0;
  if (d->red.sobol_params &&
      (!s->sobol_words || d->sample.sampler != MBE_SAMPLER_SALTELLI ||
       d->sample.ndim != d->red.sobol_params ||
       d->red.sobol_block != mbe_saltelli_block(d->sample.ndim, d->sample.first_order_only) ||
       d->first % s->block != 0 || d->count % s->block != 0)) {
    return mbe_error_set(s->err, MBE_ERR_INVALID_ARG,
                         "time-resolved Sobol' indices need a Saltelli design of whole blocks "
                         "and at least one statistics series");
  }
  s->nqoi = d->qoi ? d->qoi->nqoi : 0;
  s->time = mbe_malloc(s->nout * sizeof *s->time);
  if (!s->time) {
    return mbe_error_set(s->err, MBE_ERR_NOMEM, "out of memory");
  }
  mbe_run_grid_times(&d->run, s->time);

  // the checkpoint: resumed (it must be this study's), or a fresh one
  MbeStatus rc;
  if (resume) {
    if ((rc = mbe_study_state_read(d->dir, &s->st, s->err)) != MBE_OK) {
      return rc;
    }
    if (strcmp(s->st.config_hash, d->config_hash) != 0 || s->st.first != d->first ||
        s->st.count != d->count || s->st.nseries != s->nseries ||
        (s->nseries && s->st.cap != d->quantile_bins) ||
        s->st.sobol_params != (s->sobol_words ? d->red.sobol_params : 0)) {
      return mbe_error_set(s->err, MBE_ERR_USAGE,
                           "%s holds the checkpoint of another study (the model, its options or "
                           "the shard changed); it cannot be resumed with these",
                           d->dir);
    }
    s->st.progress.is_resumed = true;
  } else {
    snprintf(s->st.config_hash, sizeof s->st.config_hash, "%s", d->config_hash);
    s->st.first = d->first;
    s->st.count = d->count;
    s->st.nseries = s->nseries;
    s->st.cap = d->quantile_bins;
    s->st.progress.total = d->count;
    if (s->nseries > 0) {
      MbeStats* stats = NULL;
      s->st.stats_size = mbe_stats_size(s->nseries, d->quantile_bins);
      s->st.stats_mem = s->st.stats_size ? mbe_malloc(s->st.stats_size) : NULL;
      if (!s->st.stats_mem) {
        return mbe_error_set(s->err, MBE_ERR_NOMEM,
                             "out of memory for the statistics of %zu series with %zu bins each",
                             s->nseries, d->quantile_bins);
      }
      if (mbe_stats_init(s->st.stats_mem, s->st.stats_size, s->nseries, d->quantile_bins, &stats) !=
          MBE_STATS_OK) {
        return mbe_error_set(s->err, MBE_ERR_INVALID_ARG, "invalid number of quantile bins %zu",
                             d->quantile_bins);
      }
    }
    if (s->sobol_words > 0) {
      s->st.sobol_params = d->red.sobol_params;
      s->st.sobol_block = d->red.sobol_block;
      s->st.sobol = mbe_calloc(s->nseries * s->sobol_words, sizeof *s->st.sobol);
      if (!s->st.sobol) {
        return mbe_error_set(s->err, MBE_ERR_NOMEM,
                             "out of memory for the Sobol' sums of %zu series", s->nseries);
      }
    }
  }
  if ((rc = open_members(s, resume)) != MBE_OK || (rc = open_trajectories(s, resume)) != MBE_OK) {
    return rc;
  }
  return mbe_study_state_write(d->dir, &s->st, s->err);
}

MbeStatus mbe_study_loop_run(const MbeStudyLoop* d, bool resume, MbeStudyProgress* out, MbeError* err) {
  Study s;
  memset(&s, 0, sizeof s);
  s.def = d;
  s.err = err;
  MbeStatus rc = setup(&s, resume);
  if (rc == MBE_OK) {
    rc = alloc_lanes(&s);
  }

  // rounds until done or stopped; adaptive sizes aim at BATCH_TARGET_SECONDS a batch
  double t_start = mbe_seconds(), seconds_before = s.st.progress.seconds_run;
  double t_checkpoint = t_start, every = MBE_STUDY_CHECKPOINT_SECONDS;
  size_t done_before = s.st.done;
  s.st.progress.done_checkpoint = s.st.done;
  while (rc == MBE_OK && s.st.done < d->count && !(d->stop && *d->stop)) {
    size_t n = 0;
    rc = run_round(&s, &n);
    if (rc != MBE_OK) {
      break;
    }
    s.st.done += n;
    MbeStudyProgress* pr = &s.st.progress;
    pr->done = s.st.done;
    pr->batch = n;
    pr->seconds_this = mbe_seconds() - t_start;
    pr->seconds_run = seconds_before + pr->seconds_this;
    pr->members_per_second =
        pr->seconds_this > 0 ? (double)(s.st.done - done_before) / pr->seconds_this : 0;
    bool is_last = s.st.done == d->count || (d->stop && *d->stop);
    if (is_last || mbe_seconds() - t_checkpoint >= every) {
      double t_write = mbe_seconds();
      if ((rc = mbe_study_state_write(d->dir, &s.st, err)) != MBE_OK) {
        break;
      }
      t_checkpoint = mbe_seconds();
      every =
          fmax(MBE_STUDY_CHECKPOINT_SECONDS, MBE_STUDY_CHECKPOINT_SHARE * (t_checkpoint - t_write));
      pr->done_checkpoint = s.st.done;
    }
    if (d->progress && (rc = d->progress(d->progress_ctx, pr, err)) != MBE_OK) {
      break;
    }
    adapt(&s);
  }

  // the checkpoint of what is done (a stop that came after the last one) and its statistics
  if (rc == MBE_OK && s.st.done != s.st.progress.done_checkpoint) {
    s.st.progress.done_checkpoint = s.st.done;
    rc = mbe_study_state_write(d->dir, &s.st, err);
  }
  if (rc == MBE_OK && s.nseries > 0) {
    rc = mbe_study_write_stats(d->dir, s.st.stats_mem, s.time, s.nout, d->stat_names, d->red.nstat,
                               &s.st.progress.quantile_resolution, err);
  }
  if (rc == MBE_OK && s.sobol_words > 0) {
    rc = mbe_study_write_sobol_time(d->dir, &s.st, s.time, s.nout, d->stat_names, d->red.nstat,
                                    d->param_names, err);
  }
  if (rc == MBE_OK && s.st.done < d->count) {
    rc = mbe_error_set(err, MBE_ERR_INTERRUPTED, "stopped after %zu of %zu members", s.st.done,
                       d->count);
  }
  if (out) {
    *out = s.st.progress;
    out->total = d->count;
    out->done = s.st.done;
  }
  MbeStatus rc_close = mbe_traj_file_close(s.traj, rc == MBE_OK ? err : NULL);
  if (rc == MBE_OK) {
    rc = rc_close;
  }
  if (s.members && fclose(s.members) != 0 && rc == MBE_OK) {
    rc = mbe_error_set(err, MBE_ERR_IO, "cannot close %s/members.csv", d->dir);
  }
  free_lanes(&s);
  mbe_free(s.time);
  mbe_study_state_deinit(&s.st);
  return rc;
}
