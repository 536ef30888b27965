// SPDX-License-Identifier: Apache-2.0
// The run directories of the shards of one study combined into exactly the files the unsharded
// run writes (members.csv, stats.csv, stats.state, trajectories), with a manifest that lists
// the shards (mbe/mbe_study.h: mbe_study_merge; mbens merge).
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ensemble.h"
#include "mbe/mbe_study.h"
#include "io.h"
#include "io_hdf5.h"
#include "io_json.h"
#include "mbe_sobol_time.h"
#include "mbe_stats.h"

// one shard: its manifest and checkpoint
typedef struct Shard {
  const char* dir;
  MbeJsonDoc* manifest;
  MbeStudyState st;
  size_t total;
} Shard;

static int shard_cmp(const void* a, const void* b) {
  const Shard* x = a;
  const Shard* y = b;
  return (x->st.first > y->st.first) - (x->st.first < y->st.first);
}

// reads a shard; it must be a complete run
static MbeStatus read_shard(Shard* s, MbeError* err) {
  char path[4200];
  snprintf(path, sizeof path, "%s/manifest.json", s->dir);
  MbeStatus st = mbe_json_read(path, &s->manifest, err);
  if (st != MBE_OK || (st = mbe_study_state_read(s->dir, &s->st, err)) != MBE_OK) {
    return st;
  }
  const MbeJsonValue* root = mbe_json_root(s->manifest);
  const char* status = mbe_json_as_string(mbe_json_find(root, "status"), "");
  if (strcmp(status, "complete") != 0 || s->st.done != s->st.count) {
    return mbe_error_set(err, MBE_ERR_USAGE,
                         "%s is not a complete run (status %s, %zu of %zu members)", s->dir,
                         status, s->st.done, s->st.count);
  }
  s->total = (size_t)mbe_json_as_int(mbe_json_find(mbe_json_find(root, "members"), "total"), 0);
  return MBE_OK;
}

// the shards belong to one study and cover its members once, in order
static MbeStatus check_shards(Shard* sh, size_t n, MbeError* err) {
  qsort(sh, n, sizeof *sh, shard_cmp);
  size_t next = 0;
  for (size_t i = 0; i < n; i++) {
    if (strcmp(sh[i].st.config_hash, sh[0].st.config_hash) != 0 || sh[i].total != sh[0].total) {
      return mbe_error_set(err, MBE_ERR_USAGE,
                           "%s and %s are runs of different studies (model, parameters or "
                           "options differ)",
                           sh[0].dir, sh[i].dir);
    }
    if (sh[i].st.first > next) {
      return mbe_error_set(err, MBE_ERR_USAGE,
                           "members %zu to %zu are in no shard given (next: %s)", next,
                           sh[i].st.first - 1, sh[i].dir);
    }
    if (sh[i].st.first < next) {
      return mbe_error_set(err, MBE_ERR_USAGE, "members %zu to %zu are in two shards (%s and %s)",
                           sh[i].st.first, next - 1, sh[i - 1].dir, sh[i].dir);
    }
    next += sh[i].st.count;
  }
  if (next != sh[0].total) {
    return mbe_error_set(err, MBE_ERR_USAGE, "members %zu to %zu are in no shard given", next,
                         sh[0].total - 1);
  }
  return MBE_OK;
}

// members.csv: the first shard's header, then every shard's rows in member order; its length to
// *bytes
static MbeStatus merge_members(const Shard* sh, int n, const char* out, uint64_t* bytes,
                               MbeError* err) {
  MbeStrbuf b;
  mbe_strbuf_init(&b);
  MbeStatus st = MBE_OK;
  size_t header_len = 0;
  for (int i = 0; i < n && st == MBE_OK; i++) {
    char path[4200];
    snprintf(path, sizeof path, "%s/members.csv", sh[i].dir);
    char* text = NULL;
    size_t size = 0;
    if ((st = mbe_file_read(path, &text, &size, err)) != MBE_OK) {
      break;
    }
    if (size != sh[i].st.members_bytes) {
      st = mbe_error_set(err, MBE_ERR_USAGE,
                         "%s has %zu bytes, but its run's checkpoint recorded %llu; rerun that "
                         "shard",
                         path, size, (unsigned long long)sh[i].st.members_bytes);
      mbe_free(text);
      break;
    }
    const char* nl = memchr(text, '\n', size);
    size_t h = nl ? (size_t)(nl - text) + 1 : size;
    if (i == 0) {
      header_len = h;
      mbe_strbuf_append(&b, text, size);
    } else if (h != header_len || memcmp(text, b.data, h) != 0) {
      st = mbe_error_set(err, MBE_ERR_USAGE, "%s has other columns than %s/members.csv", path,
                         sh[0].dir);
    } else {
      mbe_strbuf_append(&b, text + h, size - h);
    }
    mbe_free(text);
  }
  if (st == MBE_OK) {
    char path[4200];
    snprintf(path, sizeof path, "%s/members.csv", out);
    st = mbe_strbuf_write_atomic(&b, path, err);
    *bytes = b.len;
  }
  mbe_strbuf_deinit(&b);
  return st;
}

// the grid times of a manifest's integration settings (as the kernels compute them)
static double* manifest_times(const MbeJsonValue* root, size_t* nout) {
  const MbeJsonValue* in = mbe_json_find(root, "integration");
  MbeRunDef run = mbe_run_def_default();
  run.t0 = mbe_json_as_number(mbe_json_find(in, "start_time"), 0);
  run.t1 = mbe_json_as_number(mbe_json_find(in, "stop_time"), 1);
  int64_t n = mbe_json_as_int(mbe_json_find(in, "output_points"), 0);
  if (n < 2 || n > INT32_MAX) {
    return NULL;
  }
  run.nout = (int)n;
  double* t = mbe_malloc((size_t)n * sizeof *t);
  if (t) {
    mbe_run_grid_times(&run, t);
  }
  *nout = (size_t)n;
  return t;
}

// sobol_time.csv from the merged sums, with the parameters' names of the manifest
static MbeStatus write_sobol_time(const Shard* sh, const char* out, const MbeStudyState* m,
                                  const double* time, size_t nout, const char** names,
                                  size_t nstat, MbeError* err) {
  const MbeJsonValue* root = mbe_json_root(sh[0].manifest);
  const MbeJsonValue* pars = mbe_json_find(mbe_json_find(root, "design"), "parameters");
  const size_t np = mbe_json_size(pars);
  const char** pn = malloc((np + 1) * sizeof *pn);
  MbeStatus st;
  if (!pn || np != m->sobol_params) {
    st = mbe_error_set(err, MBE_ERR_IO, "%s/manifest.json does not name its %zu parameters",
                       sh[0].dir, m->sobol_params);
  } else {
    for (size_t j = 0; j < np; j++) {
      pn[j] = mbe_json_as_string(mbe_json_find(mbe_json_at(pars, j), "name"), "");
    }
    st = mbe_study_write_sobol_time(out, m, time, nout, names, nstat, pn, err);
  }
  free(pn);
  return st;
}

// statistics: the shards' exact states merged into m (the same bits as one run's; m's stats_mem
// is owned, free it with mbe_free), then stats.csv; members_bytes is the merged members.csv's
static MbeStatus merge_stats(Shard* sh, int n, const char* out, uint64_t members_bytes,
                             MbeStudyState* m, MbeError* err) {
  *m = sh[0].st;
  m->stats_mem = NULL;
  m->sobol = NULL;
  m->first = 0;
  m->count = m->done = sh[0].total;
  m->members_bytes = members_bytes;
  memset(&m->progress, 0, sizeof m->progress);
  m->progress.total = m->progress.done = m->progress.done_checkpoint = sh[0].total;
  if (m->nseries > 0) {
    m->stats_mem = mbe_malloc(m->stats_size);
    if (!m->stats_mem) {
      return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
    }
    memcpy(m->stats_mem, sh[0].st.stats_mem, m->stats_size);
  }
  const size_t swords = mbe_sobol_time_words(m->sobol_params);
  if (m->sobol_params > 0) {
    m->sobol = mbe_calloc(m->nseries * swords, sizeof *m->sobol);
    if (!m->sobol) {
      return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
    }
  }
  for (int i = 0; i < n; i++) {
    for (int s = 0; s < MBE_RUN_COUNT; s++) {
      m->progress.status[s] += sh[i].st.progress.status[s];
    }
    m->progress.steps += sh[i].st.progress.steps;
    m->progress.rhs += sh[i].st.progress.rhs;
    m->progress.seconds_run += sh[i].st.progress.seconds_run;
    if (i > 0 && m->nseries > 0 &&
        mbe_stats_merge((MbeStats*)m->stats_mem, (const MbeStats*)sh[i].st.stats_mem) !=
            MBE_STATS_OK) {
      return mbe_error_set(err, MBE_ERR_USAGE, "the statistics of %s do not fit those of %s",
                           sh[i].dir, sh[0].dir);
    }
    if (m->sobol_params > 0 &&
        (sh[i].st.sobol_params != m->sobol_params || sh[i].st.sobol_block != m->sobol_block ||
         !mbe_sobol_time_add(m->sobol, sh[i].st.sobol, m->nseries, m->sobol_params))) {
      return mbe_error_set(err, MBE_ERR_USAGE, "the Sobol' sums of %s do not fit those of %s",
                           sh[i].dir, sh[0].dir);
    }
  }
  sh[0].st.progress = m->progress;  // the summed counters, for the manifest
  if (m->nseries == 0) {
    return MBE_OK;
  }

  // stats.csv from the merged state, with the grid and names of the manifest
  const MbeJsonValue* root = mbe_json_root(sh[0].manifest);
  const MbeJsonValue* names = mbe_json_find(mbe_json_find(root, "outputs"), "statistics");
  size_t nstat = mbe_json_size(names), nout = 0;
  double* time = manifest_times(root, &nout);
  const char** nm = malloc((nstat + 1) * sizeof *nm);
  MbeStatus st;
  if (!time || !nm || nout * nstat != m->nseries) {
    st = mbe_error_set(err, MBE_ERR_IO, "%s/manifest.json does not describe its statistics",
                       sh[0].dir);
  } else {
    for (size_t j = 0; j < nstat; j++) {
      nm[j] = mbe_json_as_string(mbe_json_at(names, j), "");
    }
    st = mbe_study_write_stats(out, m->stats_mem, time, nout, nm, nstat, NULL, err);
  }
  if (st == MBE_OK && m->sobol_params > 0) {
    st = write_sobol_time(sh, out, m, time, nout, nm, nstat, err);
  }
  free(nm);
  mbe_free(time);
  return st;
}

static MbeStatus copy_file(const char* from, const char* to, MbeError* err) {
  char* text = NULL;
  size_t size = 0;
  MbeStatus st = mbe_file_read(from, &text, &size, err);
  if (st == MBE_OK) {
    st = mbe_file_write_atomic(to, text, size, err);
  }
  mbe_free(text);
  return st;
}

// saved trajectories: the CSV files copied, or the HDF5 rows in one file in member order
static MbeStatus merge_trajectories(const Shard* sh, int n, const char* out, MbeError* err) {
  const MbeJsonValue* o = mbe_json_find(mbe_json_root(sh[0].manifest), "outputs");
  const char* format = mbe_json_as_string(mbe_json_find(o, "saved_format"), NULL);
  if (!format) {
    return MBE_OK;
  }
  char path[4200], to[4200];
  if (strcmp(format, "csv") == 0) {
    snprintf(path, sizeof path, "%s/trajectories", out);
    MbeStatus st = mbe_mkdir_p(path, err);
    for (int i = 0; i < n && st == MBE_OK; i++) {
      snprintf(path, sizeof path, "%s/trajectories", sh[i].dir);
      DIR* dir = opendir(path);
      if (!dir) {
        if (errno == ENOENT) {
          continue;  // this shard saved none of its members
        }
        return mbe_error_set(err, MBE_ERR_IO, "cannot list %s: %s", path, strerror(errno));
      }
      for (struct dirent* e; st == MBE_OK && (e = readdir(dir)) != NULL;) {
        size_t len = strlen(e->d_name);
        if (strncmp(e->d_name, "member_", 7) == 0 && len > 11 &&
            strcmp(e->d_name + len - 4, ".csv") == 0) {
          snprintf(path, sizeof path, "%s/trajectories/%s", sh[i].dir, e->d_name);
          snprintf(to, sizeof to, "%s/trajectories/%s", out, e->d_name);
          st = copy_file(path, to, err);
        }
      }
      closedir(dir);
    }
    return st;
  }

  // HDF5: the union of the shards' rows, each shard's rows in order
  MbeTrajFile** in = calloc((size_t)n, sizeof *in);
  int64_t* ids = NULL;
  double* row = NULL;
  MbeTrajFile* dst = NULL;
  MbeStatus st = in ? MBE_OK : mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
  size_t nmem = 0;
  for (int i = 0; i < n && st == MBE_OK; i++) {
    snprintf(path, sizeof path, "%s/trajectories.h5", sh[i].dir);
    if (access(path, F_OK) == 0 && (st = mbe_traj_file_open(path, &in[i], err)) == MBE_OK) {
      nmem += mbe_traj_file_def(in[i])->nmem;
    }
  }
  const MbeTrajDef* d0 = NULL;
  for (int i = 0; i < n && !d0; i++) {
    d0 = in && in[i] ? mbe_traj_file_def(in[i]) : NULL;
  }
  if (st == MBE_OK && d0) {
    ids = malloc(nmem * sizeof *ids);
    row = malloc(d0->nout * d0->nsig * sizeof *row);
    if (!ids || !row) {
      st = mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
    }
    size_t k = 0;
    for (int i = 0; i < n && st == MBE_OK; i++) {
      const MbeTrajDef* di = in[i] ? mbe_traj_file_def(in[i]) : NULL;
      for (size_t j = 0; di && j < di->nmem; j++) {
        ids[k++] = di->member[j];
      }
    }
    MbeTrajDef td = *d0;
    td.nmem = nmem;
    td.member = ids;
    snprintf(to, sizeof to, "%s/trajectories.h5", out);
    if (st == MBE_OK) {
      st = mbe_traj_file_create(to, &td, &dst, err);
    }
    k = 0;
    for (int i = 0; i < n && st == MBE_OK; i++) {
      const MbeTrajDef* di = in[i] ? mbe_traj_file_def(in[i]) : NULL;
      for (size_t j = 0; di && j < di->nmem && st == MBE_OK; j++, k++) {
        st = mbe_traj_file_read(in[i], j, 1, row, err);
        if (st == MBE_OK) {
          st = mbe_traj_file_write(dst, k, 1, row, err);
        }
      }
    }
  }
  MbeStatus sc = mbe_traj_file_close(dst, st == MBE_OK ? err : NULL);
  st = st == MBE_OK ? sc : st;
  for (int i = 0; in && i < n; i++) {
    mbe_traj_file_close(in[i], NULL);
  }
  free(in);
  free(ids);
  free(row);
  return st;
}

// a JSON value copied through a writer
static void copy_json(MbeJsonWriter* w, const MbeJsonValue* v) {
  switch (v->type) {
    case MBE_JSON_NULL: mbe_json_write_null(w); break;
    case MBE_JSON_BOOL: mbe_json_write_bool(w, v->boolean); break;
    case MBE_JSON_NUMBER: {
      int64_t i;
      if (mbe_json_get_int(v, &i) && !strpbrk(v->text, ".eE")) {
        mbe_json_write_int(w, i);
      } else {
        mbe_json_write_number(w, v->number);
      }
      break;
    }
    case MBE_JSON_STRING: mbe_json_write_string_n(w, v->text, v->len); break;
    case MBE_JSON_ARRAY:
    case MBE_JSON_OBJECT:
      if (v->type == MBE_JSON_ARRAY) {
        mbe_json_write_array_begin(w);
      } else {
        mbe_json_write_object_begin(w);
      }
      for (size_t i = 0; i < v->len; i++) {
        if (v->type == MBE_JSON_OBJECT) {
          mbe_json_write_key(w, v->items[i].key);
        }
        copy_json(w, &v->items[i]);
      }
      if (v->type == MBE_JSON_ARRAY) {
        mbe_json_write_array_end(w);
      } else {
        mbe_json_write_object_end(w);
      }
      break;
    default: mbe_json_write_null(w);
  }
}

// the first shard's manifest with the whole run's members, progress and shards
static MbeStatus merge_manifest(const Shard* sh, int n, const char* out, MbeError* err) {
  const MbeJsonValue* root = mbe_json_root(sh[0].manifest);
  const MbeStudyProgress* p = &sh[0].st.progress;
  MbeStrbuf b;
  mbe_strbuf_init(&b);
  MbeJsonWriter w;
  mbe_json_writer_init(&w, &b);
  mbe_json_write_object_begin(&w);
  for (size_t i = 0; i < root->len; i++) {
    const MbeJsonValue* v = &root->items[i];
    mbe_json_write_key(&w, v->key);
    if (strcmp(v->key, "members") == 0) {
      mbe_json_write_object_begin(&w);
      mbe_json_write_key(&w, "total");
      mbe_json_write_int(&w, (int64_t)sh[0].total);
      mbe_json_write_key(&w, "first");
      mbe_json_write_int(&w, 0);
      mbe_json_write_key(&w, "count");
      mbe_json_write_int(&w, (int64_t)sh[0].total);
      mbe_json_write_key(&w, "shard");
      mbe_json_write_null(&w);
      mbe_json_write_key(&w, "merged_from");
      mbe_json_write_array_begin(&w);
      for (int k = 0; k < n; k++) {
        mbe_json_write_string(&w, sh[k].dir);
      }
      mbe_json_write_array_end(&w);
      mbe_json_write_object_end(&w);
    } else if (strcmp(v->key, "progress") == 0) {
      mbe_study_progress_json(&w, p, sh[0].total);
    } else if (strcmp(v->key, "timings") == 0) {
      mbe_json_write_object_begin(&w);
      mbe_json_write_key(&w, "run_seconds_summed");
      mbe_json_write_number(&w, p->seconds_run);
      mbe_json_write_object_end(&w);
    } else {
      copy_json(&w, v);
    }
  }
  mbe_json_write_object_end(&w);
  char path[4200];
  snprintf(path, sizeof path, "%s/manifest.json", out);
  MbeStatus st = mbe_strbuf_write_atomic(&b, path, err);
  mbe_strbuf_deinit(&b);
  return st;
}

// the merged files into out (created; refused where a run already is); the checkpoint last:
// until it is there, out is no run and the merge may be repeated
static MbeStatus write_merged(Shard* sh, size_t n, const char* out, MbeError* err) {
  char probe[4200];
  snprintf(probe, sizeof probe, "%s/stats.state", out);
  if (access(probe, F_OK) == 0) {
    return mbe_error_set(err, MBE_ERR_USAGE, "%s already holds a run; choose another output",
                         out);
  }
  MbeStatus st = mbe_mkdir_p(out, err);
  uint64_t members_bytes = 0;
  MbeStudyState merged;
  memset(&merged, 0, sizeof merged);
  if (st == MBE_OK && (st = merge_members(sh, (int)n, out, &members_bytes, err)) == MBE_OK &&
      (st = merge_stats(sh, (int)n, out, members_bytes, &merged, err)) == MBE_OK &&
      (st = merge_trajectories(sh, (int)n, out, err)) == MBE_OK &&
      (st = merge_manifest(sh, (int)n, out, err)) == MBE_OK) {
    st = mbe_study_state_write(out, &merged, err);
  }
  mbe_study_state_deinit(&merged);
  return st;
}

MbeStatus mbe_study_merge(const char* const* dirs, size_t n, const char* out, size_t* members,
                          MbeError* err) {
  if (n == 0 || !dirs || !out) {
    return mbe_error_set(err, MBE_ERR_USAGE, "no run directories, or no output, given");
  }
  Shard* sh = mbe_calloc(n, sizeof *sh);
  if (!sh) {
    return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
  }
  MbeStatus st = MBE_OK;
  for (size_t i = 0; i < n && st == MBE_OK; i++) {
    sh[i].dir = dirs[i];
    st = read_shard(&sh[i], err);
  }
  if (st == MBE_OK) {
    st = check_shards(sh, n, err);
  }
  if (st == MBE_OK) {
    st = write_merged(sh, n, out, err);
  }
  if (st == MBE_OK && members) {
    *members = sh[0].total;
  }
  for (size_t i = 0; i < n; i++) {
    mbe_json_destroy(sh[i].manifest);
    mbe_study_state_deinit(&sh[i].st);
  }
  mbe_free(sh);
  return st;
}
