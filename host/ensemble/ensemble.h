// SPDX-License-Identifier: Apache-2.0
// An ensemble study: members drawn by a sampling design, integrated in batches on a backend,
// reduced there (quantities of interest, series statistics), and written batch by batch into a
// run directory that survives interruption: members.csv, stats.csv, saved trajectories, the
// exact statistics state (stats.state) that resumes a run and merges shards. The command line
// (options, manifest, progress display) is in host/cli.
#ifndef MBE_ENSEMBLE_H
#define MBE_ENSEMBLE_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base.h"
#include "ensemble_qoi.h"
#include "ensemble_sample.h"
#include "mbe/mbe_runtime.h"
#include "mbe/mbe_study.h"
#include "mbe_layout.h"

// how often a running study writes its checkpoint (s): a crash loses at most this much work,
// unless writing it takes more than 1/MBE_STUDY_CHECKPOINT_SHARE of the time in between (a huge
// checkpoint): then the interval grows so that checkpoints never take more of the run than that
#define MBE_STUDY_CHECKPOINT_SECONDS 30.0
#define MBE_STUDY_CHECKPOINT_SHARE 20.0

// the host memory a study may take by default (bytes): batch arrays, statistics, checkpoint
#define MBE_STUDY_MEMORY_DEFAULT ((uint64_t)512 << 20)

// the default histogram bins per series: 8 sqrt(members), a power of two from MIN to MAX
#define MBE_STUDY_BINS_MIN 64
#define MBE_STUDY_BINS_MAX 4096

// the probabilities of the quantile columns of stats.csv (q05 .. q95)
#define MBE_STUDY_NQUANT 5
extern const double mbe_study_quantiles[MBE_STUDY_NQUANT];


// Writes p's counters as a JSON object: "done", "checkpoint_done", "count" (as given),
// "status_counts" (members by
// status word, mbe_run_status_word), "steps" and "rhs_evaluations" (manifest.json's "progress").
typedef struct MbeJsonWriter MbeJsonWriter;
void mbe_study_progress_json(MbeJsonWriter* w, const MbeStudyProgress* p, size_t count);

// Writes p's members by status word as a JSON object ({"ok": 98, "non-finite": 2, ...}).
void mbe_study_status_counts_json(MbeJsonWriter* w, const MbeStudyProgress* p);

// called after each batch is written and checkpointed (progress display, manifest)
typedef MbeStatus MbeStudyProgressFn(void* ctx, const MbeStudyProgress* p, MbeError* err);

// What a study runs and writes; every pointer is borrowed for the call.
typedef struct MbeStudyLoop {
  // what runs
  MbeProgram* prog;       // built for the system
  MbeProgram* const* more_progs;  // nullable: the same system built for more devices, which
  size_t nmore;                   // take batches of their own at the same time (their sizes fit
                                  // each device's speed); the results are the same bits
  MbeRunDef run;          // output grid, integrator, tolerances
  MbeReduceDef red;       // the aggregates of qoi (red.nqoi of them: qoi->nagg) and the columns
                          // whose statistics are kept; red.sobol_params > 0 (a SALTELLI design
                          // of that many parameters, first and count whole blocks) also keeps
                          // their time-resolved Sobol' indices (sobol_time.csv)
  MbeSampleDef sample;    // the design of the varied parameters (sample.ndim of them)
  size_t np;              // parameters per member: the varied ones, then fixed ones
  const double* p_fixed;  // (np - sample.ndim) the fixed ones (free parameters' values)
  size_t first, count;    // the members of this run: [first, first + count) of sample.n
  size_t batch;           // members per batch; 0: sized to take about two seconds each
  uint64_t max_memory;    // host memory the study may take (bytes): bounds the batch size;
                          // 0 = MBE_STUDY_MEMORY_DEFAULT
  // what is written into dir
  const char* dir;                 // the run directory (exists)
  const char* model;               // model name for the trajectory file
  const char* const* param_names;  // (sample.ndim) members.csv columns
  const MbeQoiSet* qoi;            // nullable: the quantities of interest, members.csv columns
  const char* const* assert_names;  // nullable: members.csv's `assert` names the assertion that
  size_t nassert_names;             // stopped a member (MBE_INFO_ASSERT - 1), e.g. "m.mo:14:3"
  const char* const* stat_names;   // (red.nstat) stats.csv signal names
  const int64_t* save_members;     // ascending member ids whose trajectories are saved (nsave)
  size_t nsave;
  const int32_t* save_columns;    // output columns saved (nsave_col)
  const char* const* save_names;  // their names (nsave_col)
  size_t nsave_col;
  bool save_hdf5;           // trajectories.h5, else trajectories/member_K.csv
  size_t quantile_bins;     // histogram bins per series (>= 4); its resolution is reported
  const char* config_hash;  // identifies the study (not the backend): checked on resume
  // control
  volatile sig_atomic_t* stop;   // set (by a signal handler): finish the batch, then return
  MbeStudyProgressFn* progress;  // nullable
  void* progress_ctx;
} MbeStudyLoop;

// The default number of histogram bins per series of a study of `members` members (the whole
// study, so that its shards agree) with nseries series: 8 sqrt(members), a power of two within
// [MBE_STUDY_BINS_MIN, MBE_STUDY_BINS_MAX], so that a bin holds fewer members than a quantile's
// own sampling error spans; halved while the statistics would take more than a quarter of
// max_memory (0: the default), down to MBE_STATS_CAP_MIN: a study of very many series runs
// with coarse quantiles rather than not at all. Every quantile's resolution is reported
// (stats.csv's q_resolution, and the summary when it is coarser than 1 %).
size_t mbe_study_quantile_bins(size_t members, size_t nseries, uint64_t max_memory);

// What the host memory of a study goes to (bytes), for d as mbe_study_loop_run would run it.
typedef struct MbeStudyMemory {
  uint64_t fixed;       // statistics, their checkpoint buffer, the grid: whatever the batch
  uint64_t per_member;  // batch arrays per member, the backend's host share included
  uint64_t limit;       // d->max_memory, or its default
  size_t batch_max;     // the most members a batch may hold within limit (0: not even one)
} MbeStudyMemory;

// Plans d's host memory (d->prog must be built).
void mbe_study_memory(const MbeStudyLoop* d, MbeStudyMemory* out);

// The bytes d writes into its directory, estimated before it runs: members.csv, stats.csv,
// stats.state (at its largest) and the saved trajectories of its members.
uint64_t mbe_study_output_bytes(const MbeStudyLoop* d);

// Runs members [first, first + count) in batches, from the checkpoint when resume (members.csv
// cut back to it, the statistics state loaded, finished members not run again; the result is
// the same bytes as an uninterrupted run). After each batch: the members' rows are appended to
// members.csv, saved trajectories written, the exact statistics state and counters checkpointed
// (stats.state, atomically, at most every MBE_STUDY_CHECKPOINT_SECONDS and always when stopping),
// then the progress callback runs; stats.csv is written at the end and when stopped. A member that
// fails keeps its status in its row and is left out of the statistics. Returns MBE_OK when every
// member is done, MBE_ERR_INTERRUPTED when *stop was set (the directory is consistent and
// resumable), MBE_ERR_IO, MBE_ERR_NOMEM, a backend's error, or MBE_ERR_USAGE when the checkpoint
// belongs to another study. *out holds the final progress.
MbeStatus mbe_study_loop_run(const MbeStudyLoop* def, bool resume, MbeStudyProgress* out, MbeError* err);

// The files a finished (or interrupted) run directory holds about its members: shard range,
// counters and the exact statistics (for `mbens merge`). Read with mbe_study_state_read.
typedef struct MbeStudyState {
  char config_hash[65];
  size_t first, count, done;
  uint64_t members_bytes;  // length of members.csv at the checkpoint
  MbeStudyProgress progress;
  size_t nseries, cap;  // shape of the statistics
  void* stats_mem;      // the statistics block (mbe_stats_*), owned
  size_t stats_size;
  // time-resolved Sobol' indices (MbeReduceDef.sobol_params > 0): the exact sums of every series
  // (nseries x mbe_sobol_time_words(sobol_params), analysis/mbe_sobol_time.h), owned; NULL
  size_t sobol_params, sobol_block;
  int64_t* sobol;
} MbeStudyState;

// Reads dir/stats.state. Errors: MBE_ERR_IO (missing, unreadable, corrupt: the message says
// which), MBE_ERR_NOMEM. Release with mbe_study_state_deinit. Nullable: err.
MbeStatus mbe_study_state_read(const char* dir, MbeStudyState* st, MbeError* err);

// Frees st's statistics block; st may be zero-initialized.
void mbe_study_state_deinit(MbeStudyState* st);

// Writes st as dir/stats.state (atomically: a crash leaves the previous checkpoint). Errors:
// MBE_ERR_IO, MBE_ERR_NOMEM. Nullable: err.
MbeStatus mbe_study_state_write(const char* dir, const MbeStudyState* st, MbeError* err);

// Removes the files of the run in dir (stats.state first, then manifest.json, members.csv,
// stats.csv, sobol_time.csv, trajectories.h5 and trajectories/member_K.csv, and that folder when
// it is left empty); other files stay. For `mbens run --force`. Errors: MBE_ERR_IO. Nullable: err.
MbeStatus mbe_study_remove(const char* dir, MbeError* err);

// Writes dir/sobol_time.csv from the Sobol' sums of st: time, signal, parameter, S1, ST (SALib's
// first-order and total estimators) and blocks (those usable at that point), one row per grid
// point, signal and parameter (time-major), "%.17g". Errors: MBE_ERR_IO, MBE_ERR_NOMEM.
// Nullable: err.
MbeStatus mbe_study_write_sobol_time(const char* dir, const MbeStudyState* st, const double* time,
                                     size_t nout, const char* const* names, size_t nstat,
                                     const char* const* params, MbeError* err);

// Writes dir/stats.csv from the statistics: time, signal, n, mean, std, min, max, q05 .. q95 and
// q_resolution (the quantiles' relative resolution), one row per grid point and signal
// (time-major), "%.17g". The coarsest resolution of the series goes to *resolution. Errors:
// MBE_ERR_IO, MBE_ERR_NOMEM. Nullable: resolution, err.
MbeStatus mbe_study_write_stats(const char* dir, const void* stats, const double* time, size_t nout,
                                const char* const* names, size_t nstat, double* resolution,
                                MbeError* err);

#endif
