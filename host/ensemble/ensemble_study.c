// SPDX-License-Identifier: Apache-2.0
// Opening a study (mbe/mbe_study.h): everything before the first batch. The model, the varied
// parameters and their design, the output columns (statistics, quantities of interest, saved
// trajectories), the study's identity, the checks against the model's bounds and the limits of
// output and memory, the kernel on every device, and the run directory.
#define _XOPEN_SOURCE 700

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ensemble_api.h"
#include "ensemble_study.h"
#include "mbe.h"
#include "mbe_layout.h"

#define STUDY_COOKIE 0x6d627364

MbeStudyDef mbe_study_def_default(void) {
  MbeStudyDef d;
  memset(&d, 0, sizeof d);
  d.model = mbe_model_def_default();
  d.sampler = MBE_SAMPLER_MC;
  d.time_indices = true;
  d.run = mbe_run_choice_default();
  d.precision = MBE_PRECISION_DOUBLE;
  d.shard_n = 1;
  d.backend = mbe_backend_def_default();
  d.cookie = STUDY_COOKIE;
  return d;
}

bool mbe_study_time_indices(const MbeStudy* s) {
  return s->sample.sampler == MBE_SAMPLER_SALTELLI && s->nstat > 0 && s->d.time_indices;
}

// says a note or warning through the definition's callback (printf-style)
MBE_PRINTF(3, 4)
static void note(const MbeStudy* s, bool is_warning, const char* fmt, ...) {
  if (!s->d.note) {
    return;
  }
  char buf[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  s->d.note(s->d.ctx, is_warning, buf);
}

static void phase(const MbeStudy* s, const char* what) {
  if (s->d.phase) {
    s->d.phase(s->d.ctx, what);
  }
}

static MbeStatus oom(MbeError* err) {
  return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
}

/* ---- the model ------------------------------------------------------------------------------ */

// a path of the definition as read from here (relative ones are relative to s->cwd), in full
// where it exists
static char* resolve(const MbeStudy* s, const char* path) {
  size_t n = strlen(s->cwd) + strlen(path) + 2;
  char* joined = malloc(n);
  if (!joined) {
    return NULL;
  }
  snprintf(joined, n, "%s%s%s", path[0] == '/' ? "" : s->cwd, path[0] == '/' ? "" : "/", path);
  char* full = realpath(joined, NULL);
  if (full) {
    free(joined);
    return full;
  }
  return joined;
}

// the spec of the model's libraries and files; each file read from where the definition was
// given and named as it was given, so messages and members.csv say the same from anywhere (a
// library a file lies in is found from where it was read: its own files are named by full path)
static MbeStatus open_spec(MbeStudy* s, MbeError* err) {
  const MbeModelDef* m = &s->d.model;
  MbeStatus st = mbe_spec_create(&s->spec, err);
  for (size_t i = 0; st == MBE_OK && i < m->nlibraries; i++) {
    st = mbe_spec_add_library(s->spec, m->libraries[i], err);
  }
  if (st == MBE_OK && m->use_modelicapath) {
    st = mbe_spec_add_library_path(s->spec, getenv("MODELICAPATH"), err);
  }
  for (size_t i = 0; st == MBE_OK && i < m->nfiles; i++) {
    char* path = resolve(s, m->files[i]);
    st = path ? mbe_spec_add_file_named(s->spec, path, m->files[i], err) : oom(err);
    free(path);
  }
  if (st == MBE_OK) {
    st = mbe_flat_create(s->spec, m->class_name, &s->flat, err);
  }
  return st;
}

/* ---- the members ----------------------------------------------------------------------------- */

// Campolongo's selection of the n trajectories from the candidates, said in a note
static MbeStatus select_trajectories(MbeStudy* s, MbeError* err) {
  const size_t ntraj = s->sample.n / (s->nparam + 1), m = s->d.candidates;
  double spread = 0;
  if (m <= ntraj) {
    return mbe_error_set(err, MBE_ERR_USAGE,
                         "--candidates %zu must exceed the %zu trajectories (-n) it selects from",
                         m, ntraj);
  }
  s->morris_chosen = malloc((ntraj + 1) * sizeof *s->morris_chosen);
  if (!s->morris_chosen) {
    return oom(err);
  }
  MbeStatus st = mbe_morris_select(&s->sample, m, s->morris_chosen, &spread, err);
  if (st != MBE_OK) {
    if (st != MBE_ERR_NOMEM && err) {
      err->code = MBE_ERR_USAGE;
    }
    return st == MBE_ERR_NOMEM ? st : MBE_ERR_USAGE;
  }
  s->sample.morris_chosen = s->morris_chosen;
  uint64_t* first = malloc((ntraj + 1) * sizeof *first);
  for (size_t t = 0; first && t < ntraj; t++) {
    first[t] = t;
  }
  note(s, false, "chose %zu of %zu candidate trajectories: spread %.4g (the first %zu drawn: %.4g)",
       ntraj, m, spread, ntraj, first ? mbe_morris_spread(&s->sample, first, ntraj) : 0.0);
  free(first);
  return MBE_OK;
}

// the names of the varied parameters: the design's columns, else the --vary and --params ones
static MbeStatus read_parameters(MbeStudy* s, MbeError* err) {
  const MbeStudyDef* d = &s->d;
  mbe_vary_list_init(&s->vary);
  MbeStatus st = MBE_OK;
  if (d->design) {
    st = mbe_design_read(s->design_path, &s->design_table, err);
    if (st != MBE_OK) {
      return st;
    }
    s->nparam = s->design_table->ncols;
    s->param_names = malloc((s->nparam + 1) * sizeof *s->param_names);
    if (!s->param_names) {
      return oom(err);
    }
    for (size_t j = 0; j < s->nparam; j++) {
      s->param_names[j] = s->design_table->names[j];
    }
    return mbe_design_gather(s->design_table, s->param_names, s->nparam, &s->design, err);
  }
  for (size_t i = 0; st == MBE_OK && i < d->nvary; i++) {
    st = mbe_vary_parse(d->vary[i], &s->vary, err);
  }
  if (st == MBE_OK && d->params) {
    st = mbe_params_file_read(s->params_path, &s->vary, err);
  }
  if (st == MBE_OK) {
    st = mbe_vary_list_check_unique(&s->vary, err);
  }
  if (st != MBE_OK) {
    return st;
  }
  s->nparam = s->vary.n;
  s->param_names = malloc((s->nparam + 1) * sizeof *s->param_names);
  if (!s->param_names) {
    return oom(err);
  }
  for (size_t j = 0; j < s->nparam; j++) {
    s->param_names[j] = s->vary.name[j];
  }
  return MBE_OK;
}

// what only one sampler takes, given with another
static MbeStatus check_sampler_options(const MbeStudy* s, MbeError* err) {
  const MbeStudyDef* d = &s->d;
  MbeSampler k = s->sample.sampler;
  const char* bad = d->levels && k != MBE_SAMPLER_MORRIS ? "--levels sets the grid of --sampler "
                                                           "morris only"
                    : d->candidates && k != MBE_SAMPLER_MORRIS
                        ? "--candidates selects the trajectories of --sampler morris only"
                    : d->first_order_only && k != MBE_SAMPLER_SALTELLI
                        ? "--first-order-only is a layout of --sampler saltelli only"
                    : !d->time_indices && k != MBE_SAMPLER_SALTELLI
                        ? "--no-time-indices turns off what --sampler saltelli keeps; other "
                          "designs have no time-resolved indices"
                        : NULL;
  if (d->levels && (d->levels < 2 || d->levels > 1000 || d->levels % 2)) {
    return mbe_error_set(err, MBE_ERR_USAGE, "--levels takes an even number from 2 to 1000, not %d",
                         d->levels);
  }
  return bad ? mbe_error_set(err, MBE_ERR_USAGE, "%s", bad) : MBE_OK;
}

// the varied parameters and their design
static MbeStatus varied_parameters(MbeStudy* s, MbeError* err) {
  const MbeStudyDef* d = &s->d;
  if (d->design && (d->nvary || d->params || d->sampler != MBE_SAMPLER_MC)) {
    return mbe_error_set(err, MBE_ERR_USAGE,
                         "--design gives every member's parameters; it cannot be combined with "
                         "--vary, --params or --sampler");
  }
  if (d->n == 0 && !d->design) {
    return mbe_error_set(err, MBE_ERR_USAGE, "how many members? give -n N");
  }
  MbeStatus st = read_parameters(s, err);
  if (st != MBE_OK) {
    return st;
  }
  s->sample = mbe_sample_def_default();
  s->sample.sampler = d->design ? MBE_SAMPLER_DESIGN : d->sampler;
  s->sample.seed = d->seed;
  s->sample.n = d->n ? d->n : (s->design_table ? s->design_table->nrows : 0);
  if ((st = check_sampler_options(s, err)) != MBE_OK) {
    return st;
  }
  s->sample.levels = d->levels ? d->levels : 4;
  if (s->sample.sampler == MBE_SAMPLER_MORRIS || s->sample.sampler == MBE_SAMPLER_RADIAL) {
    s->sample.n *= s->nparam + 1;  // n counts trajectories or base points
  }
  s->sample.first_order_only = d->first_order_only;
  if (s->sample.sampler == MBE_SAMPLER_SALTELLI) {  // n is SALib's N: base points
    s->sample.n *= mbe_saltelli_block(s->nparam, d->first_order_only);
    if (!mbe_saltelli_base_is_balanced(d->n)) {
      note(s, true,
           "the Sobol sequence keeps its balance only with N a power of two; N = %zu "
           "(as SALib warns)",
           d->n);
    }
  }
  s->sample.ndim = s->nparam;
  s->sample.dists = s->vary.dist;
  s->sample.design = s->design;
  s->sample.design_rows = s->design_table ? s->design_table->nrows : 0;
  if (s->nparam > 0 && (st = mbe_sample_def_check(&s->sample, err)) != MBE_OK) {
    return st;
  }
  return d->candidates ? select_trajectories(s, err) : MBE_OK;
}

// where each varied parameter was asked for, for the messages of the errors it causes: the
// --vary text, the --params file's place, the --design file's column (owned; free_origins)
static char** param_origins(const MbeStudy* s) {
  char** o = calloc(s->nparam + 1, sizeof *o);
  for (size_t j = 0; o && j < s->nparam; j++) {
    char buf[1200];
    if (s->design_table) {
      snprintf(buf, sizeof buf, "--design %s, column %s", s->d.design, s->param_names[j]);
    } else if (s->vary.file[j]) {
      snprintf(buf, sizeof buf, "%s:%d:%d", s->vary.file[j], s->vary.line[j], s->vary.column[j]);
    } else if (j < s->d.nvary) {
      snprintf(buf, sizeof buf, "--vary '%s'", s->d.vary[j]);
    } else {
      continue;
    }
    o[j] = strdup(buf);
  }
  return o;
}

static void free_origins(char** o, size_t n) {
  for (size_t j = 0; o && j < n; j++) {
    free(o[j]);
  }
  free(o);
}

// a value outside [min, max] of parameter q: the error names the design's row or the
// distribution's support (with its file place when it came from --params)
static MbeStatus out_of_bounds(const MbeStudy* s, size_t j, MbeError* err) {
  const MbeVaried* q = &s->flat->vary[j];
  char lo_m[32], hi_m[32], range[360];
  mbe_format_shortest(q->min, lo_m, sizeof lo_m);
  mbe_format_shortest(q->max, hi_m, sizeof hi_m);
  snprintf(range, sizeof range, "the model declares min = %s and max = %s for %s", lo_m, hi_m,
           q->name);
  if (s->design) {
    for (size_t i = 0; i < s->sample.design_rows; i++) {
      double x = s->design[i * s->nparam + j];
      if (x < q->min || x > q->max) {
        char xs[32];
        mbe_format_shortest(x, xs, sizeof xs);
        return mbe_error_set(err, MBE_ERR_USAGE, "%s: row %zu gives %s = %s, but %s", s->d.design,
                             i + 1, q->name, xs, range);
      }
    }
    return MBE_OK;
  }
  const MbeDist* dist = &s->vary.dist[j];
  double lo, hi;
  mbe_dist_support(dist, &lo, &hi);
  if (lo >= q->min && hi <= q->max) {
    return MBE_OK;
  }
  char text[128], lo_d[32], hi_d[32];
  mbe_dist_format(dist, text, sizeof text);
  mbe_format_shortest(lo, lo_d, sizeof lo_d);
  mbe_format_shortest(hi, hi_d, sizeof hi_d);
  mbe_error_set(err, MBE_ERR_USAGE,
                "%s=%s gives values from %s to %s, but %s; choose a distribution within them, "
                "e.g. truncnormal(mu, sigma, a, b)%s",
                q->name, text, lo_d, hi_d, range,
                q->min <= 0 && q->max == HUGE_VAL ? " or lognormal(mu, sigma)" : "");
  if (err && s->vary.file[j]) {
    snprintf(err->file, sizeof err->file, "%s", s->vary.file[j]);
    err->line = s->vary.line[j];
    err->column = s->vary.column[j];
  }
  return MBE_ERR_USAGE;
}

// every varied value within the min and max the model declares (SI.Mass has min = 0, a
// Damper's d too): a distribution that reaches outside, or a design value outside, is refused
static MbeStatus within_bounds(const MbeStudy* s, MbeError* err) {
  MbeStatus st = MBE_OK;
  for (size_t j = 0; st == MBE_OK && j < s->nparam; j++) {
    const MbeVaried* q = &s->flat->vary[j];
    if (q->min != -HUGE_VAL || q->max != HUGE_VAL) {
      st = out_of_bounds(s, j, err);
    }
  }
  return st;
}

// the members of this run: a shard is a contiguous share of whole Saltelli blocks (their
// indices are summed block by block), else of single members
static void shard_range(MbeStudy* s) {
  size_t n = s->sample.n;
  unsigned long long k = s->d.shard_k, m = s->d.shard_n;
  unsigned long long b = s->sample.sampler == MBE_SAMPLER_SALTELLI
                             ? mbe_saltelli_block(s->nparam, s->sample.first_order_only)
                             : 1;
  s->first = (size_t)(k * (n / b) / m * b);
  s->count = (size_t)((k + 1) * (n / b) / m * b) - s->first;
}

/* ---- the outputs ----------------------------------------------------------------------------- */

// the output column of DAG node id named name (added when new)
static MbeStatus node_column(MbeStudy* s, MbeSymId id, const char* name, int32_t* col,
                             MbeError* err) {
  for (size_t j = 0; j < s->ncol; j++) {
    if (s->col_id[j] == id) {
      *col = (int32_t)j;
      return MBE_OK;
    }
  }
  MbeSymId* ids = realloc(s->col_id, (s->ncol + 1) * sizeof *ids);
  if (ids) {
    s->col_id = ids;
  }
  const char** names = realloc(s->col_name, (s->ncol + 1) * sizeof *names);
  if (names) {
    s->col_name = names;
  }
  if (!ids || !names) {
    return oom(err);
  }
  s->col_id[s->ncol] = id;
  s->col_name[s->ncol] = name;
  *col = (int32_t)s->ncol++;
  return MBE_OK;
}

// the output column of signal name (added when new), and the name the signal has (a column may
// serve several signals of one node: the zeros of a body's phi when it has quaternions)
static MbeStatus column(MbeStudy* s, const char* name, int32_t* col, const char** canonical,
                        MbeError* err) {
  const MbeSignal* sg = mbe_system_signal(s->sys, name);
  if (!sg) {
    const char* near = mbe_system_suggest(s->sys, name);
    return mbe_error_set(err, MBE_ERR_USAGE,
                         "the model has no signal '%s'%s%s%s (mbens simulate --list-signals "
                         "prints them all)",
                         name, near ? "; did you mean '" : "", near ? near : "", near ? "'?" : "");
  }
  if (canonical) {
    *canonical = sg->name;
  }
  return node_column(s, sg->id, sg->name, col, err);
}

// the quantities of interest: compiled, their aggregates' expressions as output columns
static MbeStatus quantities(MbeStudy* s, MbeError* err) {
  mbe_qoi_set_init(&s->qoi);
  for (size_t j = 0; j < s->d.nqoi; j++) {
    const char* text = s->d.qoi[j];
    MbeStatus st = mbe_qoi_add(&s->qoi, s->sys, text, err);
    if (st == MBE_ERR_NOMEM) {
      return st;
    }
    if (st != MBE_OK) {  // the message, then the text with a caret under the column
      char msg[sizeof err->message];
      int col = err->column > 0 ? err->column - 1 : 0;
      snprintf(msg, sizeof msg, "%s", err->message);
      mbe_error_set(err, MBE_ERR_USAGE, "--qoi '%s': %s\n  %s\n  %*s^", text, msg, text, col, "");
      return MBE_ERR_USAGE;
    }
  }
  s->agg_col = malloc((s->qoi.nagg + 1) * sizeof *s->agg_col);
  if (!s->agg_col) {
    return oom(err);
  }
  MbeStatus st = MBE_OK;
  for (size_t k = 0; st == MBE_OK && k < s->qoi.nagg; k++) {
    st = node_column(s, s->qoi.agg_node[k], "(quantity of interest)", &s->agg_col[k], err);
  }
  return st;
}

// appends k to the ascending list ids (cap grows)
static bool push_id(int64_t** ids, size_t* m, size_t* cap, int64_t k) {
  if (*m == *cap) {
    *cap = *cap ? 2 * *cap : 64;
    int64_t* g = realloc(*ids, *cap * sizeof *g);
    if (!g) {
      return false;
    }
    *ids = g;
  }
  (*ids)[(*m)++] = k;
  return true;
}

static int cmp_id(const void* a, const void* b) {
  int64_t x = *(const int64_t*)a, y = *(const int64_t*)b;
  return (x > y) - (x < y);
}

// "0-99,500": ascending member ids below n, each once
static MbeStatus parse_members(const char* text, size_t n, int64_t** out, size_t* count,
                               MbeError* err) {
  size_t cap = 0, m = 0;
  int64_t* ids = NULL;
  MbeStatus st = MBE_OK;
  for (const char* p = text; *p && st == MBE_OK;) {
    char* end;
    long long a = strtoll(p, &end, 10), b = a;
    if (end == p || a < 0) {
      st = mbe_error_set(err, MBE_ERR_USAGE,
                         "--save-members takes ids and ranges like 0-99,500, not '%s'", text);
      break;
    }
    p = end;
    if (*p == '-') {
      b = strtoll(p + 1, &end, 10);
      if (end == p + 1 || b < a) {
        st = mbe_error_set(err, MBE_ERR_USAGE, "--save-members: bad range in '%s'", text);
        break;
      }
      p = end;
    }
    if ((unsigned long long)b >= n) {
      st = mbe_error_set(err, MBE_ERR_USAGE,
                         "--save-members: member %lld does not exist (0 .. %zu)", b, n - 1);
      break;
    }
    for (long long k = a; k <= b && st == MBE_OK; k++) {
      st = push_id(&ids, &m, &cap, k) ? MBE_OK : oom(err);
    }
    if (*p == ',') {
      p++;
    } else if (*p && st == MBE_OK) {
      st = mbe_error_set(err, MBE_ERR_USAGE,
                         "--save-members takes ids and ranges like 0-99,500, not '%s'", text);
    }
  }
  if (st != MBE_OK) {
    free(ids);
    return st;
  }
  qsort(ids, m, sizeof *ids, cmp_id);
  size_t u = 0;
  for (size_t i = 0; i < m; i++) {
    if (u == 0 || ids[u - 1] != ids[i]) {
      ids[u++] = ids[i];
    }
  }
  *out = ids;
  *count = u;
  return MBE_OK;
}

// the signals whose statistics are kept: those named, or every state
static MbeStatus statistics(MbeStudy* s, MbeError* err) {
  const MbeStudyDef* d = &s->d;
  size_t n = d->signals ? d->nsignals : s->sys->nx;
  s->stat_col = malloc((n + 1) * sizeof *s->stat_col);
  s->stat_name = malloc((n + 1) * sizeof *s->stat_name);
  if (!s->stat_col || !s->stat_name) {
    return oom(err);
  }
  MbeStatus st = MBE_OK;
  for (size_t j = 0; j < n && st == MBE_OK; j++) {
    const char* name = d->signals ? d->signals[j] : s->sys->state_names[j];
    st = column(s, name, &s->stat_col[j], &s->stat_name[j], err);
    s->nstat += st == MBE_OK;
  }
  return st;
}

// the saved trajectories: members and signals, each defaulting when only the other is given
static MbeStatus saved(MbeStudy* s, MbeError* err) {
  const MbeStudyDef* d = &s->d;
  if (!d->save_signals && !d->save_members) {
    return MBE_OK;
  }
  MbeStatus st = MBE_OK;
  if (d->save_members) {
    st = parse_members(d->save_members, s->sample.n, &s->save_members, &s->nsave, err);
  } else if ((s->save_members = malloc((s->sample.n + 1) * sizeof *s->save_members))) {
    s->nsave = s->sample.n;
    for (size_t k = 0; k < s->nsave; k++) {
      s->save_members[k] = (int64_t)k;
    }
  } else {
    st = oom(err);
  }
  size_t ns = d->save_signals ? d->nsave_signals : s->nstat;
  s->save_col = malloc((ns + 1) * sizeof *s->save_col);
  s->save_name = malloc((ns + 1) * sizeof *s->save_name);
  if (st == MBE_OK && (!s->save_col || !s->save_name)) {
    st = oom(err);
  }
  for (size_t j = 0; j < ns && st == MBE_OK; j++) {
    if (d->save_signals) {
      st = column(s, d->save_signals[j], &s->save_col[j], &s->save_name[j], err);
    } else {
      s->save_col[j] = s->stat_col[j];
      s->save_name[j] = s->stat_name[j];
    }
    s->nsave_col += st == MBE_OK;
  }
  if (st == MBE_OK && s->nsave_col == 0) {
    st = mbe_error_set(err, MBE_ERR_USAGE, "--save-members needs signals: give --save-signals");
  }
  s->save_hdf5 =
      d->save_format == MBE_SAVE_HDF5 || (d->save_format == MBE_SAVE_AUTO && s->nsave > 100);
  return st;
}

// statistics signals, quantities of interest and saved trajectories, as output columns
static MbeStatus outputs(MbeStudy* s, MbeError* err) {
  MbeStatus st = statistics(s, err);
  if (st == MBE_OK) {
    st = quantities(s, err);
  }
  if (st == MBE_OK) {
    st = saved(s, err);
  }
  if (st == MBE_OK && s->ncol == 0) {
    // a run that keeps nothing still integrates: the first state is its one output
    if (s->sys->nx == 0) {
      return mbe_error_set(err, MBE_ERR_USAGE,
                           "%s has no states, so there is nothing to keep by default: name "
                           "signals with --signals or quantities with --qoi",
                           s->flat->top_name);
    }
    int32_t c;
    st = column(s, s->sys->state_names[0], &c, NULL, err);
  }
  if (st == MBE_OK && !s->d.time_indices && s->nstat == 0) {
    st = mbe_error_set(err, MBE_ERR_USAGE,
                       "--no-time-indices turns off the indices of --signals, and this run keeps "
                       "no signals");
  }
  return st;
}

/* ---- identity ------------------------------------------------------------------------------- */

static void hash_str(MbeSha256* h, const char* key, const char* value) {
  mbe_sha256_update(h, key, strlen(key) + 1);
  mbe_sha256_update(h, value ? value : "", strlen(value ? value : "") + 1);
}

static void hash_num(MbeSha256* h, const char* key, double v) {
  char buf[64];
  snprintf(buf, sizeof buf, "%.17g", v);
  hash_str(h, key, buf);
}

// the members' design: sampler, seed, sizes, distributions or the design's values
static void hash_design(const MbeStudy* s, MbeSha256* h) {
  char seed[32];
  snprintf(seed, sizeof seed, "%llu", (unsigned long long)s->sample.seed);
  hash_str(h, "sampler", mbe_sampler_name(s->sample.sampler));
  hash_str(h, "seed", seed);
  hash_num(h, "n", (double)s->sample.n);
  if (s->sample.sampler == MBE_SAMPLER_MORRIS)
    hash_num(h, "levels", s->sample.levels);
  if (s->d.candidates)
    hash_num(h, "candidates", (double)s->d.candidates);
  if (s->sample.first_order_only)
    hash_num(h, "first_order_only", 1);
  if (mbe_study_time_indices(s))
    hash_num(h, "time_indices", 1);
  for (size_t j = 0; j < s->nparam; j++) {
    char d[256] = "design";
    if (s->sample.sampler != MBE_SAMPLER_DESIGN) {
      mbe_dist_format(&s->vary.dist[j], d, sizeof d);
    }
    hash_str(h, s->param_names[j], d);
  }
  for (size_t k = 0; s->design && k < s->sample.n * s->nparam; k++) {
    hash_num(h, "design", s->design[k]);
  }
}

// the outputs and the integration
static void hash_outputs(const MbeStudy* s, MbeSha256* h) {
  for (size_t j = 0; j < s->ncol; j++)
    hash_str(h, "column", s->col_name[j]);
  for (size_t j = 0; j < s->nstat; j++)
    hash_num(h, "stat", s->stat_col[j]);
  for (size_t j = 0; j < s->qoi.nqoi; j++)
    hash_str(h, "qoi", s->qoi.name[j]);
  for (size_t j = 0; j < s->nsave; j++)
    hash_num(h, "save", (double)s->save_members[j]);
  for (size_t j = 0; j < s->nsave_col; j++)
    hash_num(h, "save_col", s->save_col[j]);
  hash_num(h, "hdf5", s->save_hdf5);
  const MbeRunDef* r = &s->run;
  hash_num(h, "t0", r->t0);
  hash_num(h, "t1", r->t1);
  hash_num(h, "nout", r->nout);
  hash_num(h, "method", r->method);
  hash_num(h, "h", r->h);
  hash_num(h, "hmax", r->hmax);
  hash_num(h, "rtol", r->rtol);
  hash_num(h, "atol", r->atol);
  hash_num(h, "max_steps", r->max_steps);
  hash_num(h, "precision", s->d.precision);
  hash_num(h, "bins", (double)s->bins);
}

// the model's files and every choice that changes a result (not where or how it runs)
static MbeStatus identity(MbeStudy* s, MbeError* err) {
  MbeSha256 h, mh;
  mbe_sha256_init(&h);
  mbe_sha256_init(&mh);
  // every file the model was read from: the given ones, then what it loaded from libraries
  for (size_t i = 0; i < s->spec->nfiles; i++) {
    const MbeFile* f = s->spec->files[i];
    if (!f->is_catalogue) {
      mbe_sha256_update(&mh, f->text, f->size);
    }
  }
  mbe_sha256_final_hex(&mh, s->model_hash);
  hash_str(&h, "model", s->model_hash);
  hash_str(&h, "class", s->flat->top_name);
  hash_str(&h, "version", mbe_version());

  // the equations as generated (what this build of mbens makes of the model)
  char* source = NULL;
  MbeCodegenDef cg = mbe_system_codegen_def(s->sys, s->col_id, s->ncol);
  MbeStatus st = mbe_codegen_system(&cg, &source, err);
  if (st != MBE_OK) {
    return st;
  }
  hash_str(&h, "system", source);
  mbe_free(source);
  hash_design(s, &h);
  hash_outputs(s, &h);
  mbe_sha256_final_hex(&h, s->config_hash);
  return MBE_OK;
}

/* ---- limits --------------------------------------------------------------------------------- */

// what a new run writes, within max_output
static MbeStatus check_output(MbeStudy* s, MbeError* err) {
  MbeStudyLoop d;
  mbe_study_loop_def(s, &d);
  uint64_t bytes = mbe_study_output_bytes(&d);
  uint64_t limit = s->d.max_output ? s->d.max_output : (uint64_t)1 << 30;
  if (bytes <= limit) {
    return MBE_OK;
  }
  char est[32], lim[32];
  mbe_format_size(bytes, est, sizeof est);
  mbe_format_size(limit, lim, sizeof lim);
  return mbe_error_set(err, MBE_ERR_USAGE,
                       "the output would take about %s, more than the %s --max-output allows; "
                       "choose fewer --signals, a coarser --interval, fewer --save-members or "
                       "--save-signals, or allow it with --max-output %.0fM",
                       est, lim, ceil((double)bytes / 1048576 * 1.1));
}

// the host memory the study needs within max_memory: at least one member per batch
static MbeStatus check_memory(MbeStudy* s, MbeError* err) {
  MbeStudyLoop d;
  mbe_study_loop_def(s, &d);
  MbeStudyMemory mem;
  mbe_study_memory(&d, &mem);
  if (mem.batch_max > 0) {
    return MBE_OK;
  }
  char lim[32], fixed[32], need[32];
  mbe_format_size(mem.limit, lim, sizeof lim);
  mbe_format_size(mem.fixed, fixed, sizeof fixed);
  mbe_format_size(mem.fixed + 64 * mem.per_member, need, sizeof need);
  return mbe_error_set(err, MBE_ERR_USAGE,
                       "the study needs more host memory than --max-memory %s: the statistics "
                       "alone take %s; allow at least %s (a batch of 64 members), or keep less: "
                       "fewer --signals, a coarser --interval, fewer --quantile-bins%s",
                       lim, fixed, need,
                       mbe_study_time_indices(s) ? ", --no-time-indices (the time-resolved "
                                                   "Sobol' sums take most of it)"
                                                 : "");
}

// the RK4 step against the model's modes at its start (a warning, never an error)
static void check_step(const MbeStudy* s) {
  size_t nx = s->sys->nx;
  if (s->run.method != MBE_RUN_METHOD_RK4 || nx == 0) {
    return;
  }
  double* re = malloc(2 * nx * sizeof *re);
  char text[1024];
  if (re &&
      mbe_system_modes(s->sys, s->run.t0, s->sys->np ? s->sys->p0 : NULL, re, re + nx, NULL) ==
          MBE_OK &&
      mbe_rk4_step_warning(&s->run, re, re + nx, nx, text, sizeof text)) {
    note(s, true, "%s", text);
  }
  free(re);
}

/* ---- the kernel on each device -------------------------------------------------------------- */

// the devices backend.device names: one (NULL, P:D or a part of a name), "all" (every OpenCL
// device able to run the precision, then OpenMP) or a comma-separated list of P:D, names and
// "openmp", into ids ("" for the one of backend as it is)
static MbeStatus device_list(const MbeStudy* s, char (*ids)[64], size_t* n, MbeError* err) {
  const char* dev = s->d.backend.device;
  *n = 0;
  if (!dev || (!strchr(dev, ',') && strcmp(dev, "all") != 0)) {
    ids[(*n)++][0] = '\0';
    return MBE_OK;
  }
  if (s->d.backend.kind == MBE_BACKEND_OPENMP) {
    return mbe_error_set(err, MBE_ERR_USAGE,
                         "--device %s names OpenCL devices; leave --backend openmp out", dev);
  }
  if (strcmp(dev, "all") == 0) {
    char cl[MBE_STUDY_MAX_DEVICES][16];
    size_t ncl =
        mbe_devices_opencl(cl, MBE_STUDY_MAX_DEVICES - 1, s->d.precision == MBE_PRECISION_DOUBLE);
    for (size_t k = 0; k < ncl; k++) {
      memcpy(ids[(*n)++], cl[k], sizeof cl[k]);
    }
    snprintf(ids[(*n)++], 64, "openmp");
    return MBE_OK;
  }
  for (const char* at = dev; *at;) {
    size_t len = strcspn(at, ",");
    if (len == 0 || len >= 64 || *n == MBE_STUDY_MAX_DEVICES) {
      return mbe_error_set(err, MBE_ERR_USAGE,
                           "--device %s: a list names up to %d devices (P:D, a part of a name, "
                           "or openmp), separated by commas",
                           dev, MBE_STUDY_MAX_DEVICES);
    }
    snprintf(ids[(*n)++], 64, "%.*s", (int)len, at);
    at += len + (at[len] == ',');
  }
  return MBE_OK;
}

// the kernel of the system with the study's outputs, built for every device
static MbeStatus build_devices(MbeStudy* s, MbeError* err) {
  if (s->d.precision == MBE_PRECISION_SINGLE && s->sys->needs_double) {
    return mbe_error_set(err, MBE_ERR_UNSUPPORTED,
                         "--precision single cannot run %s: %s; use --precision double",
                         s->sys->name, s->sys->needs_double);
  }
  char ids[MBE_STUDY_MAX_DEVICES][64];
  size_t n;
  MbeStatus st = device_list(s, ids, &n, err);
  char* source = NULL;
  if (st == MBE_OK) {
    MbeCodegenDef cg = mbe_system_codegen_def(s->sys, s->col_id, s->ncol);
    st = mbe_codegen_system(&cg, &source, err);
  }
  MbeProgramDef pd = mbe_program_def_default();
  pd.system_source = source;
  pd.name = s->sys->name;
  pd.precision = s->d.precision;
  for (size_t k = 0; k < n && st == MBE_OK; k++) {
    MbeBackendDef bd = s->d.backend;
    bd.need_fp64 = s->d.precision == MBE_PRECISION_DOUBLE;
    if (ids[k][0]) {
      bool omp = strcmp(ids[k], "openmp") == 0;
      bd.kind = omp ? MBE_BACKEND_OPENMP : MBE_BACKEND_OPENCL;
      bd.device = omp ? NULL : ids[k];
    }
    st = mbe_backend_create(&bd, &s->backend[k], err);
    if (st == MBE_OK) {
      st = mbe_program_create(s->backend[k], &pd, &s->prog[k], err);
    }
    s->ndev = k + 1;
  }
  mbe_free(source);
  return st;
}

/* ---- the directory -------------------------------------------------------------------------- */

// A new run's directory (a run there is refused, or replaced with force), or the one resumed;
// a resumed run that is complete already sets is_complete
static MbeStatus open_dir(MbeStudy* s, MbeError* err) {
  const char* dir = s->d.dir;
  const bool resume = s->d.resume;
  char probe[4200];
  snprintf(probe, sizeof probe, "%s/stats.state", dir);
  bool has_run = access(probe, F_OK) == 0, is_damaged = false;
  MbeStudyState st;
  memset(&st, 0, sizeof st);
  if (has_run) {
    MbeError e;
    is_damaged = mbe_study_state_read(dir, &st, &e) != MBE_OK;
  }
  const size_t count = st.count, done = st.done;
  s->is_complete = has_run && !is_damaged && done == count;
  s->progress = st.progress;
  s->progress.total = count;
  s->progress.done = done;
  mbe_study_state_deinit(&st);
  if (!resume && has_run && !s->d.force) {
    if (s->is_complete) {
      return mbe_error_set(err, MBE_ERR_USAGE,
                           "%s holds a complete run (%zu members); choose another -o, or replace "
                           "it with --force",
                           dir, count);
    }
    if (is_damaged) {
      return mbe_error_set(err, MBE_ERR_USAGE, "%s holds a damaged run; replace it with --force",
                           dir);
    }
    return mbe_error_set(err, MBE_ERR_USAGE,
                         "%s holds an unfinished run (%zu of %zu members); continue it with "
                         "mbens run --resume %s, or replace it with --force",
                         dir, done, count, dir);
  }
  if (!resume && has_run) {
    s->is_complete = false;
    MbeStatus rc = mbe_study_remove(dir, err);
    if (rc != MBE_OK) {
      return rc;
    }
  }
  if (resume && !has_run) {
    return mbe_error_set(err, MBE_ERR_USAGE, "%s holds no run to resume (no stats.state)", dir);
  }
  s->is_resumed = resume;
  MbeStatus rc = mbe_mkdir_p(dir, err);
  if (rc == MBE_OK && !realpath(dir, s->dir)) {
    snprintf(s->dir, sizeof s->dir, "%s", dir);
  }
  return rc;
}

/* ---- opening --------------------------------------------------------------------------------- */

// the model with its varied parameters as inputs, and its equations
static MbeStatus equations(MbeStudy* s, MbeError* err) {
  phase(s, "loading the model ...");
  MbeStatus st = open_spec(s, err);
  if (st == MBE_OK) {
    st = varied_parameters(s, err);
  }
  if (st != MBE_OK) {
    return st;
  }
  phase(s, "building the equations ...");
  char** origins = param_origins(s);
  if (!origins) {
    return oom(err);
  }
  st = mbe_flat_vary_from(s->flat, s->param_names, (const char* const*)origins, s->nparam, err);
  free_origins(origins, s->nparam);
  if (st == MBE_OK) {
    st = mbe_system_build(s->flat, &s->sys, err);
  }
  if (st == MBE_OK && s->sample.n == 0) {
    st = mbe_error_set(err, MBE_ERR_USAGE, "the design has no members");
  }
  return st == MBE_OK ? within_bounds(s, err) : st;
}

// everything before the first batch: model, members, outputs, identity, kernel, directory
static MbeStatus setup(MbeStudy* s, MbeError* err) {
  MbeStatus st = equations(s, err);
  if (st != MBE_OK) {
    return st;
  }
  shard_range(s);
  MbeModelExperiment exp = mbe_flat_experiment(s->flat);
  if ((st = mbe_run_choose(&exp, &s->d.run, &s->run, err)) != MBE_OK ||
      (st = outputs(s, err)) != MBE_OK) {
    return st;
  }
  // histogram bins: the asked number, else proportionate to the members and the memory (of
  // the first session: the bins are part of the study)
  size_t nseries = (size_t)s->run.nout * s->nstat;
  s->bins = s->d.quantile_bins ? s->d.quantile_bins
                               : mbe_study_quantile_bins(s->sample.n, nseries, s->plan_memory);
  if ((st = identity(s, err)) != MBE_OK ||
      (!s->d.resume && (st = check_output(s, err)) != MBE_OK)) {
    return st;
  }
  check_step(s);
  MbeKernelStats ks;
  if (s->d.kernel && mbe_study_kernel_stats(s, &ks, NULL) == MBE_OK) {
    s->d.kernel(s->d.ctx, &ks);
  }
  phase(s, "compiling the kernel ...");
  st = build_devices(s, err);
  phase(s, "");
  if (st == MBE_OK) {
    st = check_memory(s, err);
  }
  return st == MBE_OK ? open_dir(s, err) : st;
}

// what the definition itself says wrong, before anything is loaded
static MbeStatus check_def(const MbeStudyDef* def, MbeError* err) {
  if (!def || def->cookie != STUDY_COOKIE) {
    return mbe_error_set(err, MBE_ERR_INVALID_ARG,
                         "the study definition was not made by mbe_study_def_default");
  }
  if (!def->dir || !def->dir[0]) {
    return mbe_error_set(err, MBE_ERR_USAGE, "no run directory given (-o DIR)");
  }
  if (def->resume && def->force) {
    return mbe_error_set(err, MBE_ERR_USAGE, "--force replaces a run; --resume continues it");
  }
  if (def->shard_n < 1 || def->shard_k >= def->shard_n) {
    return mbe_error_set(err, MBE_ERR_USAGE, "--shard takes K/N with 0 <= K < N, not %zu/%zu",
                         def->shard_k, def->shard_n);
  }
  if (def->sampler == MBE_SAMPLER_DESIGN) {
    return mbe_error_set(err, MBE_ERR_USAGE, "the design sampler takes a design file (--design)");
  }
  if (def->save_format > MBE_SAVE_HDF5 || def->sampler > MBE_SAMPLER_DESIGN ||
      (def->run.method != MBE_RUN_METHOD_RK4 && def->run.method != MBE_RUN_METHOD_DOPRI5)) {
    return mbe_error_set(err, MBE_ERR_INVALID_ARG, "a save format, sampler or method out of range");
  }
  return MBE_OK;
}

// the caller's command line, for the manifest
static MbeStatus copy_command(MbeStudy* s, const MbeStudyDef* def, MbeError* err) {
  if (!def->command || def->ncommand == 0) {
    return MBE_OK;
  }
  if (!(s->command = calloc(def->ncommand, sizeof *s->command))) {
    return oom(err);
  }
  for (size_t i = 0; i < def->ncommand; i++) {
    if (!(s->command[i] = strdup(def->command[i] ? def->command[i] : ""))) {
      return oom(err);
    }
    s->ncommand = i + 1;
  }
  return MBE_OK;
}

MbeStatus mbe_study_open(const MbeStudyDef* def, MbeStudy** out, MbeError* err) {
  *out = NULL;
  mbe_error_clear(err);
  MbeStatus st = check_def(def, err);
  if (st != MBE_OK) {
    return st;
  }
  MbeStudy* s = calloc(1, sizeof *s);
  if (!s) {
    return oom(err);
  }
  s->abort_buf = -1;
  s->t_start = mbe_seconds();
  s->state = "running";
  st = def->resume ? mbe_study_load_def(s, def, err) : mbe_study_keep_def(s, def, err);
  if (st == MBE_OK && !s->command) {  // a resume keeps the command that started the run
    st = copy_command(s, def, err);
  }
  if (st == MBE_OK) {
    st = setup(s, err);
  }
  s->d.backend.device = NULL;  // borrowed for the build only
  s->d.dir = s->dir;
  s->t_setup = mbe_seconds() - s->t_start;
  if (st != MBE_OK) {
    mbe_study_destroy(s);
    return st;
  }
  *out = s;
  return MBE_OK;
}

/* ---- what an opened study is ------------------------------------------------------------------
 */

void mbe_study_info(const MbeStudy* s, MbeStudyInfo* out) {
  memset(out, 0, sizeof *out);
  out->model = s->flat->top_name;
  out->dir = s->dir;
  out->sampler = s->sample.sampler;
  out->nparam = s->nparam;
  out->total = s->sample.n;
  out->first = s->first;
  out->count = s->count;
  out->shard_k = s->d.shard_k;
  out->shard_n = s->d.shard_n;
  out->nout = (size_t)s->run.nout;
  out->nstat = s->nstat;
  out->bins = s->bins;
  out->nqoi = s->qoi.nqoi;
  out->ndevices = s->ndev;
  out->is_resumed = s->is_resumed;
  out->is_complete = s->is_complete;
  out->init_per_member = s->sys->init_per_member;
  out->setup_seconds = s->t_setup;
}

void mbe_study_device(const MbeStudy* s, size_t k, MbeBackendInfo* backend,
                      MbeProgramInfo* program) {
  if (k >= s->ndev) {
    k = 0;
  }
  if (backend) {
    mbe_backend_get_info(s->backend[k], backend);
  }
  if (program) {
    mbe_program_get_info(s->prog[k], program);
  }
}

void mbe_study_progress(const MbeStudy* s, MbeStudyProgress* out) {
  *out = s->progress;
}

bool mbe_study_assert(const MbeStudy* s, int32_t k, MbeAssertInfo* out) {
  return mbe_system_assert(s->sys, k, out);
}

MbeStatus mbe_study_kernel_stats(const MbeStudy* s, MbeKernelStats* out, MbeError* err) {
  MbeStatus st = mbe_system_kernel_stats(s->sys, s->col_id, s->ncol, out, err);
  out->name = s->flat->top_name;
  return st;
}

void mbe_study_destroy(MbeStudy* s) {
  if (!s) {
    return;
  }
  for (size_t k = 0; k < s->ndev; k++) {
    mbe_program_destroy(s->prog[k]);
    mbe_backend_destroy(s->backend[k]);
  }
  mbe_system_destroy(s->sys);
  mbe_flat_destroy(s->flat);
  mbe_spec_destroy(s->spec);
  mbe_vary_list_deinit(&s->vary);
  mbe_table_destroy(s->design_table);
  mbe_free(s->design);
  free(s->morris_chosen);
  free(s->param_names);
  for (size_t i = 0; i < s->nassert_name; i++) {
    free(s->assert_name[i]);
  }
  free(s->assert_name);
  free(s->col_id);
  free(s->col_name);
  free(s->stat_col);
  free(s->stat_name);
  mbe_qoi_set_deinit(&s->qoi);
  free(s->agg_col);
  free(s->save_members);
  free(s->save_col);
  free(s->save_name);
  for (size_t i = 0; i < s->ncommand; i++) {
    free(s->command[i]);
  }
  free(s->command);
  for (int k = 0; k < 2; k++) {
    mbe_strbuf_deinit(&s->abort_text[k]);
  }
  free(s->lists);
  free(s->paths);
  mbe_json_destroy(s->saved);
  mbe_strbuf_deinit(&s->saved_text);
  free(s);
}
