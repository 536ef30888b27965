// SPDX-License-Identifier: Apache-2.0
// Running an opened study (mbe/mbe_study.h): the batch loop of ensemble_run.c over the study's
// devices and files, the manifest after every batch, the progress callback, and the manifest a
// second Ctrl-C leaves.
#define _XOPEN_SOURCE 700

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ensemble_study.h"
#include "mbe.h"

// the places of the system's assertions, for members.csv (none when memory runs out: the column
// stays empty, the summary still names them)
static void assert_names(MbeStudy* s) {
  size_t n = s->sys->nasserts;
  if (s->assert_name || n == 0 || !(s->assert_name = calloc(n, sizeof *s->assert_name))) {
    return;
  }
  for (size_t i = 0; i < n; i++) {
    const MbeLoc* l = &s->sys->assert_src[i]->loc;
    int len = snprintf(NULL, 0, "%s:%d:%d", l->file, l->line, l->col);
    s->assert_name[i] = malloc((size_t)len + 1);
    if (s->assert_name[i]) {
      snprintf(s->assert_name[i], (size_t)len + 1, "%s:%d:%d", l->file, l->line, l->col);
    }
  }
  s->nassert_name = n;
}

static MbeStatus on_batch(void* ctx, const MbeStudyProgress* p, MbeError* err);

void mbe_study_loop_def(MbeStudy* s, MbeStudyLoop* d) {
  memset(d, 0, sizeof *d);
  d->prog = s->prog[0];
  d->more_progs = s->ndev > 1 ? s->prog + 1 : NULL;
  d->nmore = s->ndev > 1 ? s->ndev - 1 : 0;
  d->run = s->run;
  d->red.nqoi = s->qoi.nagg;
  d->red.qoi_code = s->qoi.agg_code;
  d->red.qoi_column = s->agg_col;
  d->red.qoi_level = s->qoi.agg_level;
  d->red.nstat = s->nstat;
  d->red.stat_column = s->stat_col;
  if (mbe_study_time_indices(s)) {
    d->red.sobol_params = s->nparam;
    d->red.sobol_block = mbe_saltelli_block(s->nparam, s->sample.first_order_only);
  }
  d->sample = s->sample;
  d->np = 1;
  if (s->prog[0]) {
    MbeProgramInfo pinfo;
    mbe_program_get_info(s->prog[0], &pinfo);
    d->np = (size_t)pinfo.np;  // the kernel's count: at least one slot, also without parameters
  }
  d->p_fixed = s->sys->p0 + s->sys->nvary;
  d->first = s->first;
  d->count = s->count;
  d->batch = s->d.batch;
  d->max_memory = s->d.max_memory;
  d->dir = s->dir;
  d->model = s->flat->top_name;
  d->param_names = s->param_names;
  assert_names(s);
  d->assert_names = (const char* const*)s->assert_name;
  d->nassert_names = s->nassert_name;
  d->qoi = &s->qoi;
  d->stat_names = s->stat_name;
  d->save_members = s->save_members;
  d->nsave = s->nsave;
  d->save_columns = s->save_col;
  d->save_names = s->save_name;
  d->nsave_col = s->nsave_col;
  d->save_hdf5 = s->save_hdf5;
  d->quantile_bins = s->bins;
  d->config_hash = s->config_hash;
  d->stop = &s->stop;
  d->progress = on_batch;
  d->progress_ctx = s;
}

// after each batch: the manifest, then the caller's progress; either may stop the run (the
// loop then keeps its checkpoint and statistics as for a signal)
static MbeStatus on_batch(void* ctx, const MbeStudyProgress* p, MbeError* err) {
  MbeStudy* s = ctx;
  s->progress = *p;
  MbeStatus st = mbe_study_write_manifest(s, err);
  if (st == MBE_OK && s->d.progress && !s->d.progress(s->d.ctx, p)) {
    s->stop = 1;
  }
  if (s->d.stop && *s->d.stop) {
    s->stop = 1;
  }
  return st;
}

MbeStatus mbe_study_run(MbeStudy* s, MbeError* err) {
  mbe_error_clear(err);
  if (s->is_complete) {
    return MBE_OK;
  }
  s->state = "running";
  s->stop = s->d.stop && *s->d.stop;
  MbeStatus st = mbe_study_write_manifest(s, err);
  if (st == MBE_OK) {
    MbeStudyLoop d;
    mbe_study_loop_def(s, &d);
    st = mbe_study_loop_run(&d, s->is_resumed, &s->progress, err);
  }
  s->abort_buf = -1;  // the manifest below replaces what a second Ctrl-C would write
  s->state = st == MBE_OK ? "complete" : st == MBE_ERR_INTERRUPTED ? "interrupted" : "failed";
  MbeError merr;
  MbeStatus mst = mbe_study_write_manifest(s, &merr);
  if (mst != MBE_OK && st == MBE_OK) {
    st = mst;
    if (err) {
      *err = merr;
    }
  }
  s->is_complete = st == MBE_OK;
  return st;
}

static void write_all(int fd, const char* data, size_t len) {
  while (len > 0) {
    ssize_t w = write(fd, data, len);
    if (w <= 0) {
      return;
    }
    data += w;
    len -= (size_t)w;
  }
}

void mbe_study_write_interrupted(const MbeStudy* s) {
  const int k = s->abort_buf;
  if (k < 0) {
    return;
  }
  int fd = open(s->abort_tmp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd >= 0) {
    write_all(fd, s->abort_text[k].data, s->abort_text[k].len);
    close(fd);
    rename(s->abort_tmp, s->abort_path);
  }
}
