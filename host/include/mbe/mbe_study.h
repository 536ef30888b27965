// SPDX-License-Identifier: Apache-2.0
// Ensemble studies, as `mbens run` runs them: members drawn by a sampling design, integrated in
// batches on one or more backends, written batch by batch into a run directory that survives
// interruption (members.csv, stats.csv, sobol_time.csv, saved trajectories, stats.state,
// manifest.json); resumed, sharded and merged with the same bytes as one uninterrupted run.
//
//   MbeStudyDef d = mbe_study_def_default();
//   const char* files[] = {"Pendulum.mo"}, *vary[] = {"damper.d=uniform(0.1, 0.5)"};
//   d.model.files = files, d.model.nfiles = 1;
//   d.dir = "runs/d", d.vary = vary, d.nvary = 1, d.n = 10000;
//   MbeStudy* s;
//   mbe_study_open(&d, &s, &err);   // loads, checks, compiles, opens the directory
//   mbe_study_run(s, &err);         // the batches; MBE_ERR_INTERRUPTED when stopped
//   mbe_study_destroy(s);
//
// Resuming takes only the directory: d.dir = "runs/d", d.resume = true (and where it runs:
// backend, batch, max_memory); the rest is read from the run's manifest.json.
#ifndef MBE_STUDY_H
#define MBE_STUDY_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mbe_evaluator.h"
#include "mbe_export.h"
#include "mbe_runtime.h"
#include "mbe_status.h"

MBE_BEGIN_DECLS

/* ---- sampling designs ------------------------------------------------------------------- */

// How members' varied values are drawn (host/ensemble/ensemble_sample.h says exactly how).
typedef enum MbeSampler {
  MBE_SAMPLER_MC = 0,    // independent draws (Philox, by seed)
  MBE_SAMPLER_LHS,       // Latin hypercube (by seed)
  MBE_SAMPLER_SOBOL,     // Sobol' points
  MBE_SAMPLER_GRID,      // a full factorial grid
  MBE_SAMPLER_SALTELLI,  // Saltelli's design for Sobol' indices: n base points
  MBE_SAMPLER_MORRIS,    // Morris trajectories: n of them
  MBE_SAMPLER_RADIAL,    // radial one-at-a-time points: n base points
  MBE_SAMPLER_DESIGN,    // the rows of a design file
  MBE_SAMPLER_COUNT
} MbeSampler;

// "mc", "lhs", "sobol", "grid", "saltelli", "morris", "radial", "design"; "?" for others.
MBE_API const char* mbe_sampler_name(MbeSampler s);

// A sampler's name (as mbe_sampler_name writes it; "design" is chosen by a design file) into
// *out. Errors: MBE_ERR_USAGE listing the names. Nullable: err.
MBE_API MbeStatus mbe_sampler_parse(const char* text, MbeSampler* out, MbeError* err);

/* ---- where a study stands -------------------------------------------------------------------- */

#define MBE_STUDY_ASSERT_MAX 64  // assertions counted one by one (the rest share the last count)

typedef struct MbeStudyProgress {
  size_t total;                           // members of this run (the shard)
  size_t done;                            // members finished and written
  size_t batch;                           // members in the batch just finished (0 before any)
  size_t done_checkpoint;                 // members the last checkpoint holds (a resume starts
                                          // there)
  uint64_t status[MBE_MEMBER_STATUS_COUNT];  // finished members by status
  uint64_t steps, rhs;                    // accepted steps and right-hand side calls, summed
  // members per assertion (1-based k at k - 1, as mbe_study_assert takes it): stopped by it,
  // and (warning level) flagged by it first; this session's members only
  uint64_t assert_stops[MBE_STUDY_ASSERT_MAX];
  uint64_t assert_warned[MBE_STUDY_ASSERT_MAX];
  double seconds_run;          // wall time of the batches (all sessions of the run)
  double seconds_this;         // wall time of this session so far
  double members_per_second;   // this session's rate
  double quantile_resolution;  // the coarsest of stats.csv (once written), else 0
  bool is_resumed;             // this session continued an earlier one
} MbeStudyProgress;

/* ---- a study's definition ------------------------------------------------------------------ */

// how saved trajectories are stored
typedef enum MbeSaveFormat {
  MBE_SAVE_AUTO = 0,  // HDF5 above 100 saved members, else CSV
  MBE_SAVE_CSV,       // trajectories/member_K.csv
  MBE_SAVE_HDF5       // trajectories.h5
} MbeSaveFormat;

// What a study runs and keeps; start from mbe_study_def_default(). Names and texts are those of
// `mbens run` (its --help): a field and the option of the same name mean the same, and error
// messages name the options. Everything is borrowed for mbe_study_open only, except the
// callbacks, ctx and stop, which mbe_study_run uses.
typedef struct MbeStudyDef {
  const char* dir;    // the run directory (created)
  MbeModelDef model;  // the model's files, libraries and class (relative paths are kept with
                      // the directory they were given in, so a run resumes from anywhere)
  // the members
  const char* const* vary;  // (nvary) "NAME=DIST": uniform(a, b), normal(mu, sigma), ...
  size_t nvary;
  const char* params;      // nullable: a file of more NAME=DIST lines
  const char* design;      // nullable: a CSV of every member's values (one column a parameter);
                           // excludes vary, params and sampler
  MbeSampler sampler;      // default MC
  size_t n;                // members; MORRIS trajectories, SALTELLI and RADIAL base points;
                           // with a design 0 takes all its rows
  uint64_t seed;           // default 0
  int levels;              // MORRIS: the grid's levels (even); 0: 4
  size_t candidates;       // MORRIS: choose the n trajectories of this many (Campolongo); 0: none
  bool first_order_only;   // SALTELLI: without the BA rows (no second-order indices)
  bool time_indices;       // SALTELLI: also sobol_time.csv (default true)
  // what is kept
  const char* const* signals;  // (nsignals) signals whose statistics stats.csv keeps; NULL:
  size_t nsignals;             // every state (a non-NULL empty list: none)
  const char* const* qoi;      // (nqoi) quantities of interest, members.csv's columns
  size_t nqoi;
  const char* save_members;         // nullable: members whose trajectories are saved, "0-99,500";
                                    // NULL with save_signals: every member
  const char* const* save_signals;  // (nsave_signals) the signals saved; NULL with save_members:
  size_t nsave_signals;             // the statistics' signals
  MbeSaveFormat save_format;
  size_t quantile_bins;  // histogram bins per series; 0: 8 sqrt(members) within max_memory
  MbeRunChoice run;        // how each member is integrated (NaN: the model's experiment)
  MbePrecision precision;  // default double
  // which members run here: shard_k of shard_n contiguous shares (whole Saltelli blocks)
  size_t shard_k, shard_n;  // default 0, 1
  // where and how it runs (may change when resuming)
  MbeBackendDef backend;  // default AUTO; device may also be "all" or a list "0:0,0:1,openmp":
                          // batches shared between the devices, the same bytes as one
  size_t batch;           // members per batch; 0: sized to take about 2 s each
  uint64_t max_memory;    // host memory the study may take (bytes); 0: 512 MiB
  uint64_t max_output;    // the most bytes a new run may write; 0: 1 GiB, UINT64_MAX: no limit
  // a directory that holds a run
  bool resume;  // continue it: only dir, backend, batch and max_memory are read from the def
  bool force;   // replace it (else a new run there is refused)
  // reporting: each nullable
  const char* const* command;  // (ncommand) the command line, recorded in the manifest
  size_t ncommand;
  // what opening is doing ("loading the model", "compiling the kernel", ...), and warnings and
  // notes on the way (is_warning false: a note), one line each without "mbens run:"
  void (*phase)(void* ctx, const char* what);
  void (*note)(void* ctx, bool is_warning, const char* text);
  // the kernel's sizes once it is generated, before it is compiled (a large model's compile
  // takes long): what mbe_study_kernel_stats gives
  void (*kernel)(void* ctx, const MbeKernelStats* stats);
  // after each batch is written and checkpointed; returning false stops the run there
  bool (*progress)(void* ctx, const MbeStudyProgress* p);
  void* ctx;
  volatile sig_atomic_t* stop;  // nullable: set (by a signal handler) to stop after a batch
  int cookie;                   // set by mbe_study_def_default, checked by mbe_study_open
} MbeStudyDef;

MBE_API MbeStudyDef mbe_study_def_default(void);

/* ---- running one ----------------------------------------------------------------------------- */

typedef struct MbeStudy MbeStudy;

// Everything before the first batch: loads the model, reads the varied parameters and the
// design, builds the equations with their outputs and quantities, checks the values against the
// bounds the model declares and the output and memory the study needs against the limits,
// compiles the kernel for every device, and opens the directory (refusing one that holds a run
// unless force or resume; a resumed run must be the same study: same model files, options and
// build). A resumed run that is complete already opens with nothing to do (is_complete).
// Errors: MBE_ERR_USAGE for a definition that cannot run (it says what to change), the model's
// errors (MBE_ERR_MODEL, MBE_ERR_UNSUPPORTED with file:line:column), MBE_ERR_IO, MBE_ERR_NOMEM,
// the backend's. Out: owned, NULL on failure. Nullable: err.
MBE_API MbeStatus mbe_study_open(const MbeStudyDef* def, MbeStudy** out, MbeError* err);

// Runs the members not yet done, in batches; after each the rows are appended to members.csv,
// trajectories written, the checkpoint kept (stats.state, at most every 30 s and always when
// stopping), the manifest rewritten and the progress callback called; stats.csv (and
// sobol_time.csv) at the end and when stopped. A member that fails keeps its status in its row.
// Returns MBE_OK when every member is done (the failed ones too: see the progress),
// MBE_ERR_INTERRUPTED when stopped (the directory resumes), MBE_ERR_IO, MBE_ERR_NOMEM or the
// backend's error (the manifest says "failed"). Nullable: err.
MBE_API MbeStatus mbe_study_run(MbeStudy* s, MbeError* err);

// For a handler of a second Ctrl-C: writes the manifest as "interrupted" (rendered after each
// batch) and nothing else; async-signal-safe (open, write, rename). Then the caller exits.
MBE_API void mbe_study_write_interrupted(const MbeStudy* s);

// What an opened study is.
typedef struct MbeStudyInfo {
  const char* model;       // the class's full name
  const char* dir;         // the run directory, absolute
  MbeSampler sampler;
  size_t nparam;           // varied parameters
  size_t total;            // members of the whole study
  size_t first, count;     // this run's members: [first, first + count)
  size_t shard_k, shard_n;
  size_t nout;             // output points
  size_t nstat;            // signals whose statistics are kept
  size_t bins;             // histogram bins per series
  size_t nqoi;             // quantities of interest
  size_t ndevices;         // devices taking batches (mbe_study_device)
  bool is_resumed, is_complete;  // a resumed run; one with nothing left to do
  bool init_per_member;    // each member solves its initial conditions
  double setup_seconds;    // mbe_study_open's wall time
} MbeStudyInfo;

MBE_API void mbe_study_info(const MbeStudy* s, MbeStudyInfo* out);

// the backend and program of device k (0: the main one) of an opened study
MBE_API void mbe_study_device(const MbeStudy* s, size_t k, MbeBackendInfo* backend,
                              MbeProgramInfo* program);

// the study's progress: before a run the checkpoint's, after it the final one
MBE_API void mbe_study_progress(const MbeStudy* s, MbeStudyProgress* out);

// assertion k (1-based, as MbeStudyProgress counts them); false for a k the model lacks
MBE_API bool mbe_study_assert(const MbeStudy* s, int32_t k, MbeAssertInfo* out);

// The kernel's sizes (what each call computes), as mbe_evaluator_kernel gives them. Nullable:
// err.
MBE_API MbeStatus mbe_study_kernel_stats(const MbeStudy* s, MbeKernelStats* out, MbeError* err);

// Frees a study (its directory stays). NULL is a no-op.
MBE_API void mbe_study_destroy(MbeStudy* s);

/* ---- merging shards -------------------------------------------------------------------------- */

// Combines the run directories of the shards of one study (shard_k of shard_n) into out,
// which then holds exactly the members.csv, stats.csv and saved trajectories one unsharded run
// would have written (its stats.state and manifest.json record the shards' summed run time).
// The shards must be complete, of the same model and options, and together cover every member
// once, in any order; out is created, and refused where it already holds a run. The checkpoint
// is written last: until it is there out is no run and the merge may be repeated. *members (NULL:
// not wanted) receives the study's member count. Errors: MBE_ERR_USAGE saying why the shards do
// not belong together, MBE_ERR_IO, MBE_ERR_NOMEM. Nullable: members, err.
MBE_API MbeStatus mbe_study_merge(const char* const* dirs, size_t n, const char* out,
                                  size_t* members, MbeError* err);

MBE_END_DECLS

#endif
