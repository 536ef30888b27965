// SPDX-License-Identifier: Apache-2.0
// A study's definition as its run directory keeps it, and manifest.json. The manifest's
// "definition" holds every choice of the study that is not where or how it runs (paths with the
// directory they are relative to); a new study's definition goes through the same text, so
// what runs is exactly what a resume reads back.
#define _XOPEN_SOURCE 700

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ensemble_study.h"
#include "mbe.h"

#define FORMAT_VERSION 2

static void kv_str(MbeJsonWriter* w, const char* k, const char* v) {
  mbe_json_write_key(w, k);
  if (v) {
    mbe_json_write_string(w, v);
  } else {
    mbe_json_write_null(w);
  }
}

static void kv_num(MbeJsonWriter* w, const char* k, double v) {
  mbe_json_write_key(w, k);
  mbe_json_write_number(w, v);
}

static void kv_int(MbeJsonWriter* w, const char* k, int64_t v) {
  mbe_json_write_key(w, k);
  mbe_json_write_int(w, v);
}

static void kv_bool(MbeJsonWriter* w, const char* k, bool v) {
  mbe_json_write_key(w, k);
  mbe_json_write_bool(w, v);
}

static void kv_u64(MbeJsonWriter* w, const char* k, uint64_t v) {
  char buf[32];
  snprintf(buf, sizeof buf, "%llu", (unsigned long long)v);
  kv_str(w, k, buf);
}

// a list, or null for a NULL one (signals: NULL and empty differ)
static void kv_list(MbeJsonWriter* w, const char* k, const char* const* v, size_t n) {
  mbe_json_write_key(w, k);
  if (!v) {
    mbe_json_write_null(w);
    return;
  }
  mbe_json_write_array_begin(w);
  for (size_t i = 0; i < n; i++) {
    mbe_json_write_string(w, v[i]);
  }
  mbe_json_write_array_end(w);
}

static const char* const SAVE_FORMATS[] = {"auto", "csv", "hdf5"};

/* ---- the definition -------------------------------------------------------------------------- */

// d's choices (not where or how it runs) as the "definition" object
static void write_def(MbeJsonWriter* w, const MbeStudyDef* d, const char* cwd,
                      uint64_t plan_memory) {
  mbe_json_write_object_begin(w);
  kv_str(w, "cwd", cwd);
  kv_list(w, "files", d->model.files, d->model.nfiles);
  kv_list(w, "libraries", d->model.libraries, d->model.nlibraries);
  kv_bool(w, "modelicapath", d->model.use_modelicapath);
  kv_str(w, "class", d->model.class_name);
  kv_list(w, "vary", d->vary, d->nvary);
  kv_str(w, "params", d->params);
  kv_str(w, "design", d->design);
  kv_str(w, "sampler", mbe_sampler_name(d->sampler));
  kv_int(w, "n", (int64_t)d->n);
  kv_u64(w, "seed", d->seed);
  kv_int(w, "levels", d->levels);
  kv_int(w, "candidates", (int64_t)d->candidates);
  kv_bool(w, "first_order_only", d->first_order_only);
  kv_bool(w, "time_indices", d->time_indices);
  kv_list(w, "signals", d->signals, d->nsignals);
  kv_list(w, "qoi", d->qoi, d->nqoi);
  kv_str(w, "save_members", d->save_members);
  kv_list(w, "save_signals", d->save_signals, d->nsave_signals);
  kv_str(w, "save_format", SAVE_FORMATS[d->save_format]);
  kv_int(w, "quantile_bins", (int64_t)d->quantile_bins);
  kv_num(w, "start_time", d->run.start_time);  // null: the model's
  kv_num(w, "stop_time", d->run.stop_time);
  kv_num(w, "interval", d->run.interval);
  kv_num(w, "tolerance", d->run.tolerance);
  kv_num(w, "step", d->run.step);
  kv_str(w, "method", d->run.method == MBE_RUN_METHOD_RK4 ? "rk4" : "dopri5");
  kv_int(w, "max_steps", d->run.max_steps);
  kv_str(w, "precision", d->precision == MBE_PRECISION_SINGLE ? "single" : "double");
  kv_int(w, "shard_k", (int64_t)d->shard_k);
  kv_int(w, "shard_n", (int64_t)d->shard_n);
  kv_u64(w, "plan_memory", plan_memory);
  mbe_json_write_object_end(w);
}

// the strings of list v (an array, or null: NULL) into s->lists from *next on
static MbeStatus read_list(MbeStudy* s, const MbeJsonValue* v, const char* const** out, size_t* n,
                           size_t* next) {
  *out = NULL;
  *n = 0;
  if (!v || v->type == MBE_JSON_NULL) {
    return MBE_OK;
  }
  if (v->type != MBE_JSON_ARRAY) {
    return MBE_ERR_INVALID_ARG;
  }
  const char** at = s->lists + *next;
  for (size_t i = 0; i < mbe_json_size(v); i++) {
    const char* t = mbe_json_as_string(mbe_json_at(v, i), NULL);
    if (!t) {
      return MBE_ERR_INVALID_ARG;
    }
    at[i] = t;
  }
  *n = mbe_json_size(v);
  *next += *n + 1;
  *out = at;
  return MBE_OK;
}

// a word of words[0 .. n) into *out
static bool read_word(const MbeJsonValue* v, const char* const* words, int n, int* out) {
  const char* t = mbe_json_as_string(v, "");
  for (int k = 0; k < n; k++) {
    if (strcmp(t, words[k]) == 0) {
      *out = k;
      return true;
    }
  }
  return false;
}

// the lists of a definition
static MbeStatus def_lists(MbeStudy* s, const MbeJsonValue* o, MbeStudyDef* d) {
  static const char* const keys[] = {"files",   "libraries", "vary",
                                     "signals", "qoi",       "save_signals"};
  size_t total = 0, next = 0;
  for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++) {
    total += mbe_json_size(mbe_json_find(o, keys[k])) + 1;
  }
  if (!(s->lists = calloc(total + 1, sizeof *s->lists))) {
    return MBE_ERR_NOMEM;
  }
  MbeStatus st = read_list(s, mbe_json_find(o, "files"), &d->model.files, &d->model.nfiles, &next);
  if (st == MBE_OK)
    st = read_list(s, mbe_json_find(o, "libraries"), &d->model.libraries, &d->model.nlibraries,
                   &next);
  if (st == MBE_OK)
    st = read_list(s, mbe_json_find(o, "vary"), &d->vary, &d->nvary, &next);
  if (st == MBE_OK)
    st = read_list(s, mbe_json_find(o, "signals"), &d->signals, &d->nsignals, &next);
  if (st == MBE_OK)
    st = read_list(s, mbe_json_find(o, "qoi"), &d->qoi, &d->nqoi, &next);
  if (st == MBE_OK)
    st = read_list(s, mbe_json_find(o, "save_signals"), &d->save_signals, &d->nsave_signals, &next);
  return st;  // an empty list stays non-NULL: no signals (NULL would be every state)
}

// an unsigned number written as a string
static bool read_u64(const MbeJsonValue* v, uint64_t* out) {
  const char* t = mbe_json_as_string(v, NULL);
  char* end;
  if (!t || !*t || *t == '-') {
    return false;
  }
  errno = 0;
  *out = strtoull(t, &end, 10);
  return errno == 0 && *end == '\0';
}

static double num_or_nan(const MbeJsonValue* o, const char* k) {
  return mbe_json_as_number(mbe_json_find(o, k), NAN);
}

// the choices of the definition object o (strings borrowed from its document) into s->d
static MbeStatus def_from_json(MbeStudy* s, const MbeJsonValue* o) {
  MbeStudyDef* d = &s->d;
  if (!o || o->type != MBE_JSON_OBJECT || def_lists(s, o, d) != MBE_OK) {
    return MBE_ERR_INVALID_ARG;
  }
  const char* cwd = mbe_json_as_string(mbe_json_find(o, "cwd"), NULL);
  int sampler, fmt, method, prec;
  static const char* const methods[] = {"dopri5", "rk4"};
  static const char* const precisions[] = {"double", "single"};
  if (!cwd || strlen(cwd) >= sizeof s->cwd || !read_u64(mbe_json_find(o, "seed"), &d->seed) ||
      !read_u64(mbe_json_find(o, "plan_memory"), &s->plan_memory) ||
      mbe_sampler_parse(mbe_json_as_string(mbe_json_find(o, "sampler"), ""), (MbeSampler*)&sampler,
                        NULL) != MBE_OK ||
      !read_word(mbe_json_find(o, "save_format"), SAVE_FORMATS, 3, &fmt) ||
      !read_word(mbe_json_find(o, "method"), methods, 2, &method) ||
      !read_word(mbe_json_find(o, "precision"), precisions, 2, &prec)) {
    return MBE_ERR_INVALID_ARG;
  }
  snprintf(s->cwd, sizeof s->cwd, "%s", cwd);
  d->model.use_modelicapath = mbe_json_as_bool(mbe_json_find(o, "modelicapath"), true);
  d->model.class_name = mbe_json_as_string(mbe_json_find(o, "class"), NULL);
  d->params = mbe_json_as_string(mbe_json_find(o, "params"), NULL);
  d->design = mbe_json_as_string(mbe_json_find(o, "design"), NULL);
  d->sampler = (MbeSampler)sampler;
  d->n = (size_t)mbe_json_as_int(mbe_json_find(o, "n"), 0);
  d->levels = (int)mbe_json_as_int(mbe_json_find(o, "levels"), 0);
  d->candidates = (size_t)mbe_json_as_int(mbe_json_find(o, "candidates"), 0);
  d->first_order_only = mbe_json_as_bool(mbe_json_find(o, "first_order_only"), false);
  d->time_indices = mbe_json_as_bool(mbe_json_find(o, "time_indices"), true);
  d->save_members = mbe_json_as_string(mbe_json_find(o, "save_members"), NULL);
  d->save_format = (MbeSaveFormat)fmt;
  d->quantile_bins = (size_t)mbe_json_as_int(mbe_json_find(o, "quantile_bins"), 0);
  d->run.start_time = num_or_nan(o, "start_time");
  d->run.stop_time = num_or_nan(o, "stop_time");
  d->run.interval = num_or_nan(o, "interval");
  d->run.tolerance = num_or_nan(o, "tolerance");
  d->run.step = num_or_nan(o, "step");
  d->run.method = method ? MBE_RUN_METHOD_RK4 : MBE_RUN_METHOD_DOPRI5;
  d->run.max_steps = (int)mbe_json_as_int(mbe_json_find(o, "max_steps"), 0);
  d->precision = prec ? MBE_PRECISION_SINGLE : MBE_PRECISION_DOUBLE;
  d->shard_k = (size_t)mbe_json_as_int(mbe_json_find(o, "shard_k"), 0);
  d->shard_n = (size_t)mbe_json_as_int(mbe_json_find(o, "shard_n"), 1);
  return MBE_OK;
}

// the params and design files as read from here
static MbeStatus resolve_paths(MbeStudy* s, MbeError* err) {
  const char* p = s->d.params ? s->d.params : "";
  const char* q = s->d.design ? s->d.design : "";
  size_t n = 2 * strlen(s->cwd) + strlen(p) + strlen(q) + 4;
  if (!(s->paths = malloc(n))) {
    return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
  }
  int a = snprintf(s->paths, n, "%s%s%s", p[0] == '/' ? "" : s->cwd, p[0] == '/' ? "" : "/", p);
  snprintf(s->paths + a + 1, n - (size_t)a - 1, "%s%s%s", q[0] == '/' ? "" : s->cwd,
           q[0] == '/' ? "" : "/", q);
  s->params_path = s->d.params ? s->paths : NULL;
  s->design_path = s->d.design ? s->paths + a + 1 : NULL;
  return MBE_OK;
}

// where and how the study runs, and its reporting: always the caller's
static void take_where(MbeStudy* s, const MbeStudyDef* def) {
  MbeStudyDef* d = &s->d;
  d->dir = def->dir;
  d->backend = def->backend;
  d->batch = def->batch;
  d->max_memory = def->max_memory;
  d->max_output = def->max_output;
  d->resume = def->resume;
  d->force = def->force;
  d->phase = def->phase;
  d->note = def->note;
  d->kernel = def->kernel;
  d->progress = def->progress;
  d->ctx = def->ctx;
  d->stop = def->stop;
  d->cookie = def->cookie;
}

// the definition text parsed into s->saved, and s->d from it
static MbeStatus adopt(MbeStudy* s, const MbeStudyDef* def, const char* name, MbeError* err) {
  const MbeJsonValue* root = mbe_json_root(s->saved);
  const MbeJsonValue* o = mbe_json_find(root, "definition");
  if (!o) {
    o = root;
  }
  memset(&s->d, 0, sizeof s->d);
  s->d.model = mbe_model_def_default();
  if (def_from_json(s, o) != MBE_OK) {
    return mbe_error_set(err, MBE_ERR_USAGE,
                         "%s holds no definition of a study this version of mbens can resume",
                         name);
  }
  take_where(s, def);
  return resolve_paths(s, err);
}

MbeStatus mbe_study_keep_def(MbeStudy* s, const MbeStudyDef* def, MbeError* err) {
  char cwd[4096];
  if (!getcwd(cwd, sizeof cwd)) {
    return mbe_error_set(err, MBE_ERR_IO, "cannot tell the current directory: %s", strerror(errno));
  }
  // library folders by their full paths: the places of library assertions in members.csv are
  // then the same from wherever a resume runs
  MbeStudyDef k = *def;
  char** libs = calloc(def->model.nlibraries + 1, sizeof *libs);
  if (!libs) {
    return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
  }
  for (size_t i = 0; i < def->model.nlibraries; i++) {
    libs[i] = realpath(def->model.libraries[i], NULL);
  }
  const char** names = calloc(def->model.nlibraries + 1, sizeof *names);
  for (size_t i = 0; names && i < def->model.nlibraries; i++) {
    names[i] = libs[i] ? libs[i] : def->model.libraries[i];
  }
  k.model.libraries = names ? names : def->model.libraries;
  MbeStrbuf b;
  mbe_strbuf_init(&b);
  MbeJsonWriter w;
  mbe_json_writer_init(&w, &b);
  write_def(&w, &k, cwd, def->max_memory);
  for (size_t i = 0; i < def->model.nlibraries; i++) {
    free(libs[i]);
  }
  free(libs);
  free(names);
  MbeStatus st = b.is_oom ? mbe_error_set(err, MBE_ERR_NOMEM, "out of memory")
                          : mbe_json_parse("(definition)", b.data, b.len, &s->saved, err);
  if (st == MBE_OK) {
    st = adopt(s, def, "(definition)", err);
  }
  s->saved_text = b;
  return st;
}

// whether def sets something only a new study may (a resume reads it from the run)
static bool sets_what(const MbeStudyDef* def) {
  const MbeStudyDef z = mbe_study_def_default();
  return def->model.nfiles || def->model.nlibraries || def->model.class_name || def->nvary ||
         def->params || def->design || def->sampler != z.sampler || def->n || def->seed ||
         def->levels || def->candidates || def->first_order_only || !def->time_indices ||
         def->signals || def->nqoi || def->save_members || def->save_signals || def->save_format ||
         def->quantile_bins || def->precision != z.precision || def->shard_k || def->shard_n != 1 ||
         def->run.method != z.run.method || def->run.max_steps || !isnan(def->run.start_time) ||
         !isnan(def->run.stop_time) || !isnan(def->run.interval) || !isnan(def->run.tolerance) ||
         !isnan(def->run.step);
}

MbeStatus mbe_study_load_def(MbeStudy* s, const MbeStudyDef* def, MbeError* err) {
  if (sets_what(def)) {
    return mbe_error_set(err, MBE_ERR_USAGE,
                         "a resumed run keeps its definition: only where and how it runs may "
                         "change (--backend, --device, --threads, --batch-size, --max-memory)");
  }
  char path[4200];
  snprintf(path, sizeof path, "%s/manifest.json", def->dir);
  if (access(path, F_OK) != 0) {
    return mbe_error_set(err, MBE_ERR_USAGE, "%s holds no run to resume (no manifest.json)",
                         def->dir);
  }
  MbeStatus st = mbe_json_read(path, &s->saved, err);
  if (st != MBE_OK) {
    if (st != MBE_ERR_NOMEM && err) {
      err->code = MBE_ERR_USAGE;
    }
    return st == MBE_ERR_NOMEM ? st : MBE_ERR_USAGE;
  }
  // the command that started the run stays the manifest's record (a resume's own is not kept)
  const MbeJsonValue* cmd = mbe_json_find(mbe_json_root(s->saved), "command");
  size_t ncmd = cmd && cmd->type == MBE_JSON_ARRAY ? mbe_json_size(cmd) : 0;
  if (ncmd > 0 && !(s->command = calloc(ncmd, sizeof *s->command))) {
    return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
  }
  for (size_t i = 0; i < ncmd; i++) {
    if (!(s->command[i] = strdup(mbe_json_as_string(mbe_json_at(cmd, i), "")))) {
      return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
    }
    s->ncommand = i + 1;
  }
  if (!mbe_json_find(mbe_json_root(s->saved), "definition")) {
    return mbe_error_set(err, MBE_ERR_USAGE,
                         "%s is not the manifest of a run this version of "
                         "mbens can resume (it has no definition)",
                         path);
  }
  return adopt(s, def, path, err);
}

/* ---- manifest.json --------------------------------------------------------------------------- */

// the manifest's members and their design
static void manifest_design(const MbeStudy* s, MbeJsonWriter* w) {
  mbe_json_write_key(w, "members");
  mbe_json_write_object_begin(w);
  kv_int(w, "total", (int64_t)s->sample.n);
  kv_int(w, "first", (int64_t)s->first);
  kv_int(w, "count", (int64_t)s->count);
  if (s->d.shard_n > 1) {
    char shard[64];
    snprintf(shard, sizeof shard, "%zu/%zu", s->d.shard_k, s->d.shard_n);
    kv_str(w, "shard", shard);
  } else {
    kv_str(w, "shard", NULL);
  }
  mbe_json_write_object_end(w);
  mbe_json_write_key(w, "design");
  mbe_json_write_object_begin(w);
  kv_str(w, "sampler", mbe_sampler_name(s->sample.sampler));
  mbe_json_write_key(w, "seed");
  if (s->sample.seed <= (uint64_t)INT64_MAX) {
    mbe_json_write_int(w, (int64_t)s->sample.seed);
  } else {
    char seed[32];
    snprintf(seed, sizeof seed, "%llu", (unsigned long long)s->sample.seed);
    mbe_json_write_string(w, seed);
  }
  if (s->sample.sampler == MBE_SAMPLER_MORRIS)
    kv_int(w, "levels", s->sample.levels);
  if (s->d.candidates)
    kv_int(w, "candidates", (int64_t)s->d.candidates);
  if (s->sample.sampler == MBE_SAMPLER_SALTELLI)
    kv_bool(w, "second_order", !s->sample.first_order_only);
  kv_str(w, "design_file", s->d.design);
  kv_str(w, "params_file", s->d.params);
  mbe_json_write_key(w, "parameters");
  mbe_json_write_array_begin(w);
  for (size_t j = 0; j < s->nparam; j++) {
    char d[256] = "design";
    if (s->sample.sampler != MBE_SAMPLER_DESIGN) {
      mbe_dist_format(&s->vary.dist[j], d, sizeof d);
    }
    mbe_json_write_object_begin(w);
    kv_str(w, "name", s->param_names[j]);
    kv_str(w, "distribution", d);
    kv_num(w, "nominal", s->flat->vary[j].nominal);
    mbe_json_write_object_end(w);
  }
  mbe_json_write_array_end(w);
  mbe_json_write_object_end(w);
}

// the manifest's outputs
static void manifest_outputs(const MbeStudy* s, MbeJsonWriter* w) {
  mbe_json_write_key(w, "outputs");
  mbe_json_write_object_begin(w);
  kv_list(w, "statistics", s->stat_name, s->nstat);
  kv_list(w, "qoi", (const char* const*)s->qoi.name, s->qoi.nqoi);
  kv_int(w, "saved_members", (int64_t)s->nsave);
  kv_list(w, "saved_signals", s->save_name, s->nsave_col);
  kv_str(w, "saved_format", s->nsave ? (s->save_hdf5 ? "hdf5" : "csv") : NULL);
  kv_int(w, "quantile_bins", (int64_t)s->bins);
  kv_bool(w, "time_indices", mbe_study_time_indices(s));
  mbe_json_write_object_end(w);
}

static void backend_fields(MbeJsonWriter* w, const MbeBackendInfo* bi) {
  kv_str(w, "kind", bi->kind == MBE_BACKEND_OPENCL ? "opencl" : "openmp");
  kv_str(w, "platform", bi->platform);
  kv_str(w, "device", bi->device);
}

// the manifest's integration and backend
static void manifest_backend(const MbeStudy* s, MbeJsonWriter* w) {
  const MbeRunDef* r = &s->run;
  mbe_json_write_key(w, "integration");
  mbe_json_write_object_begin(w);
  kv_str(w, "method", r->method == MBE_RUN_METHOD_RK4 ? "rk4" : "dopri5");
  kv_num(w, "start_time", r->t0);
  kv_num(w, "stop_time", r->t1);
  kv_int(w, "output_points", r->nout);
  kv_num(w, "rtol", r->rtol);
  kv_num(w, "atol", r->atol);
  kv_num(w, "step", r->method == MBE_RUN_METHOD_RK4 ? r->h : r->hmax);
  kv_int(w, "max_steps", r->max_steps);
  kv_str(w, "precision", s->d.precision == MBE_PRECISION_DOUBLE ? "double" : "single");
  if (s->d.precision != MBE_PRECISION_DOUBLE) {
    kv_str(w, "note",
           "the kernel computes in float from the members' values rounded to float; "
           "members.csv holds the drawn doubles");
  }
  mbe_json_write_object_end(w);
  MbeBackendInfo bi;
  MbeProgramInfo pi;
  mbe_study_device(s, 0, &bi, &pi);
  mbe_json_write_key(w, "backend");
  mbe_json_write_object_begin(w);
  backend_fields(w, &bi);
  kv_str(w, "version", bi.version);
  kv_int(w, "compute_units", bi.compute_units);
  kv_str(w, "program_hash", pi.hash);
  kv_bool(w, "program_from_cache", pi.from_cache);
  mbe_json_write_object_end(w);
  if (s->ndev > 1) {  // every device that took batches
    mbe_json_write_key(w, "devices");
    mbe_json_write_array_begin(w);
    for (size_t k = 0; k < s->ndev; k++) {
      mbe_study_device(s, k, &bi, NULL);
      mbe_json_write_object_begin(w);
      kv_str(w, "kind", bi.kind == MBE_BACKEND_OPENCL ? "opencl" : "openmp");
      kv_str(w, "device", bi.device);
      mbe_json_write_object_end(w);
    }
    mbe_json_write_array_end(w);
  }
}

// the model, where the run stands and its timings
static void manifest_state(const MbeStudy* s, MbeJsonWriter* w) {
  const MbeStudyProgress* p = &s->progress;
  mbe_json_write_key(w, "progress");
  mbe_study_progress_json(w, p, s->count);
  mbe_json_write_key(w, "timings");
  mbe_json_write_object_begin(w);
  kv_num(w, "setup_seconds", s->t_setup);
  MbeProgramInfo pi;
  mbe_study_device(s, 0, NULL, &pi);
  kv_num(w, "program_build_seconds", pi.build_seconds);
  double t = p->seconds_run;
  kv_num(w, "run_seconds", t);
  kv_num(w, "members_per_second", t > 0 ? (double)p->done / t : 0);
  kv_num(w, "member_steps_per_second", t > 0 ? (double)p->steps / t : 0);
  kv_num(w, "rhs_evaluations_per_second", t > 0 ? (double)p->rhs / t : 0);
  mbe_json_write_object_end(w);
  if (p->quantile_resolution > 0) {
    kv_num(w, "quantile_resolution", p->quantile_resolution);
  }
}

// the manifest as JSON into b, saying the run is `state`
static void manifest_text(const MbeStudy* s, const char* state, MbeStrbuf* b) {
  MbeJsonWriter w;
  mbe_json_writer_init(&w, b);
  mbe_json_write_object_begin(&w);
  kv_str(&w, "format", "mbens-run");
  kv_int(&w, "format_version", FORMAT_VERSION);
  kv_str(&w, "version", mbe_version());
  kv_str(&w, "status", state);
  kv_list(&w, "command", (const char* const*)s->command, s->ncommand);
  kv_str(&w, "cwd", s->cwd);
  kv_str(&w, "config_hash", s->config_hash);
  mbe_json_write_key(&w, "model");
  mbe_json_write_object_begin(&w);
  kv_str(&w, "class", s->flat->top_name);
  kv_str(&w, "hash", s->model_hash);
  kv_list(&w, "files", s->d.model.files, s->d.model.nfiles);
  kv_list(&w, "libraries", (const char* const*)s->spec->lib_roots, s->spec->nlib_roots);
  kv_int(&w, "states", (int64_t)s->sys->nx);
  mbe_json_write_object_end(&w);
  manifest_design(s, &w);
  manifest_outputs(s, &w);
  manifest_backend(s, &w);
  manifest_state(s, &w);
  mbe_json_write_key(&w, "definition");
  write_def(&w, &s->d, s->cwd, s->plan_memory);
  mbe_json_write_object_end(&w);
}

// renders the manifest a second Ctrl-C leaves: this run, interrupted
static void arm_abort(MbeStudy* s) {
  const int k = s->abort_buf == 0 ? 1 : 0;
  MbeStrbuf* b = &s->abort_text[k];
  mbe_strbuf_deinit(b);
  mbe_strbuf_init(b);
  manifest_text(s, "interrupted", b);
  if (!b->is_oom) {
    snprintf(s->abort_path, sizeof s->abort_path, "%s/manifest.json", s->dir);
    snprintf(s->abort_tmp, sizeof s->abort_tmp, "%s/.manifest.json.abort", s->dir);
    s->abort_buf = k;
  }
}

MbeStatus mbe_study_write_manifest(MbeStudy* s, MbeError* err) {
  MbeStrbuf b;
  mbe_strbuf_init(&b);
  manifest_text(s, s->state, &b);
  char path[4200];
  snprintf(path, sizeof path, "%s/manifest.json", s->dir);
  MbeStatus rc = b.is_oom ? mbe_error_set(err, MBE_ERR_NOMEM, "out of memory writing %s", path)
                          : mbe_strbuf_write_atomic(&b, path, err);
  mbe_strbuf_deinit(&b);
  if (rc == MBE_OK && strcmp(s->state, "running") == 0) {
    arm_abort(s);
  }
  return rc;
}
