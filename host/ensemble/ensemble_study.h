// SPDX-License-Identifier: Apache-2.0
// What an opened study (mbe/mbe_study.h) holds, for the files that implement it:
// ensemble_study.c (setup: model, members, outputs, identity, checks, devices, directory),
// ensemble_study_run.c (the batches, progress, interruption) and ensemble_manifest.c (the
// definition kept for --resume, manifest.json).
#ifndef MBE_ENSEMBLE_STUDY_H
#define MBE_ENSEMBLE_STUDY_H

#include <signal.h>

#include "base.h"
#include "ensemble.h"
#include "ensemble_qoi.h"
#include "ensemble_sample.h"
#include "io.h"
#include "io_json.h"
#include "mbe/mbe_study.h"
#include "mech.h"
#include "model.h"

// the most devices one study shares its batches between
enum { MBE_STUDY_MAX_DEVICES = 16 };

struct MbeStudy {
  // the definition: what runs from `saved` (the manifest's "definition", also of a new run),
  // where and how from the caller; strings and lists live in saved and lists
  MbeStudyDef d;
  MbeJsonDoc* saved;
  MbeStrbuf saved_text;  // a new study's definition text (the document borrows it)
  const char** lists;
  char cwd[4096];           // where the definition's relative paths are
  uint64_t plan_memory;     // max_memory of the run's first session (the default bins follow it)
  char** command;           // (ncommand) the command line for the manifest, owned
  size_t ncommand;
  const char* params_path;  // the params and design files, read from cwd
  const char* design_path;
  char* paths;              // their storage

  // the model and its equations
  MbeSpec* spec;
  MbeFlat* flat;
  MbeSystem* sys;
  MbeBackend* backend[MBE_STUDY_MAX_DEVICES];
  MbeProgram* prog[MBE_STUDY_MAX_DEVICES];
  size_t ndev;

  // the members
  MbeVaryList vary;
  MbeTable* design_table;
  double* design;
  const char** param_names;  // (nparam) borrowed from vary or the design table
  size_t nparam;
  MbeSampleDef sample;
  uint64_t* morris_chosen;  // candidates: the chosen candidate of each trajectory
  size_t first, count;
  MbeRunDef run;

  // output columns: every signal the study reads, once
  MbeSymId* col_id;
  const char** col_name;
  size_t ncol;
  int32_t* stat_col;
  const char** stat_name;
  size_t nstat;
  MbeQoiSet qoi;
  int32_t* agg_col;  // (qoi.nagg) the output column of each aggregate
  int64_t* save_members;
  size_t nsave;
  int32_t* save_col;
  const char** save_name;
  size_t nsave_col;
  bool save_hdf5;
  size_t bins;
  char** assert_name;  // (nassert_name) "file:line:col" of each assertion
  size_t nassert_name;

  // the run
  char config_hash[65];
  char model_hash[65];
  char dir[4096];
  double t_start, t_setup;
  bool is_resumed, is_complete;
  MbeStudyProgress progress;
  const char* state;  // "running", "interrupted", "complete", "failed"
  volatile sig_atomic_t stop;  // the loop's: the caller's flag or its progress callback said so

  // the manifest a second Ctrl-C leaves (mbe_study_write_interrupted): rendered after every
  // batch into the buffer not being published
  MbeStrbuf abort_text[2];
  volatile sig_atomic_t abort_buf;  // -1: none yet
  char abort_path[4200], abort_tmp[4200];
};

// whether the study keeps time-resolved Sobol' indices: a Saltelli design with statistics
bool mbe_study_time_indices(const MbeStudy* s);

// The definition of a new study as the manifest keeps it (paths with the directory they are
// relative to), into s->saved, and s->d from it with the caller's where and how. Nullable: err.
MbeStatus mbe_study_keep_def(MbeStudy* s, const MbeStudyDef* def, MbeError* err);

// The definition of the run in def->dir (its manifest's), into s->saved and s->d, with def's
// backend, batch and max_memory. Errors: MBE_ERR_USAGE (no run there, not a manifest of this
// format, a definition that sets what a resume cannot change). Nullable: err.
MbeStatus mbe_study_load_def(MbeStudy* s, const MbeStudyDef* def, MbeError* err);

// writes dir/manifest.json saying the study is in s->state; while it runs, also renders the one
// a second Ctrl-C leaves
MbeStatus mbe_study_write_manifest(MbeStudy* s, MbeError* err);

// the loop's definition of the study (the batches, files, progress)
void mbe_study_loop_def(MbeStudy* s, MbeStudyLoop* d);

#endif
