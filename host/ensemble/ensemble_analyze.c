// SPDX-License-Identifier: Apache-2.0
// Sobol' indices of a Saltelli run directory (ensemble_analyze.h).
#include "ensemble_analyze.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ensemble_sample.h"
#include "io.h"
#include "io_json.h"
#include "mbe_saltelli.h"

MbeAnalyzeDef mbe_analyze_def_default(void) {
  MbeAnalyzeDef d = {100, 0.95, 0};
  return d;
}

void mbe_sobol_indices_destroy(MbeSobolIndices* ix) {
  if (!ix)
    return;
  for (size_t q = 0; ix->qoi && q < ix->nqoi; q++)
    mbe_free(ix->qoi[q]);
  for (size_t j = 0; ix->param && j < ix->nparam; j++)
    mbe_free(ix->param[j]);
  mbe_free(ix->qoi), mbe_free(ix->param), mbe_free(ix->s1), mbe_free(ix->s1_conf);
  mbe_free(ix->st), mbe_free(ix->st_conf), mbe_free(ix->s2), mbe_free(ix->s2_conf);
  mbe_free(ix->used), mbe_free(ix);
}

// ---- the manifest ---------------------------------------------------------------------------

// the run's names and size from manifest.json, checked to be a whole, finished Saltelli run
static MbeStatus read_manifest(const char* dir, MbeSobolIndices* ix, size_t* total,
                               MbeError* err) {
  char path[4096];
  snprintf(path, sizeof path, "%s/manifest.json", dir);
  MbeJsonDoc* doc = NULL;
  MbeStatus st = mbe_json_read(path, &doc, err);
  if (st == MBE_ERR_IO)
    return mbe_error_set(err, MBE_ERR_USAGE, "%s: no run directory here (no manifest.json)", dir);
  if (st != MBE_OK)
    return st;
  const MbeJsonValue* root = mbe_json_root(doc);
  const MbeJsonValue* design = mbe_json_find(root, "design");
  const MbeJsonValue* members = mbe_json_find(root, "members");
  const char* sampler = mbe_json_as_string(mbe_json_find(design, "sampler"), "?");
  const char* status = mbe_json_as_string(mbe_json_find(root, "status"), "?");
  int64_t tot = mbe_json_as_int(mbe_json_find(members, "total"), -1);
  int64_t first = mbe_json_as_int(mbe_json_find(members, "first"), -1);
  int64_t count = mbe_json_as_int(mbe_json_find(members, "count"), -1);
  const MbeJsonValue* params = mbe_json_find(design, "parameters");
  const MbeJsonValue* qois = mbe_json_find(mbe_json_find(root, "outputs"), "qoi");
  if (strcmp(sampler, "saltelli") != 0) {
    st = mbe_error_set(err, MBE_ERR_USAGE,
                       "%s was run with --sampler %s; mbens analyze computes the Sobol' indices "
                       "of a Saltelli design (mbens run ... --sampler saltelli)",
                       dir, sampler);
  } else if (tot <= 0 || first != 0 || count != tot) {
    st = mbe_error_set(err, MBE_ERR_USAGE,
                       "%s holds members %lld .. %lld of %lld: merge the shards first (mbens "
                       "merge)",
                       dir, (long long)first, (long long)(first + count - 1), (long long)tot);
  } else if (strcmp(status, "complete") != 0) {
    st = mbe_error_set(err, MBE_ERR_USAGE,
                       "%s: the run is %s, not complete; finish it first (mbens run ... --resume)",
                       dir, status);
  } else if (mbe_json_size(params) == 0 || mbe_json_size(qois) == 0) {
    st = mbe_error_set(err, MBE_ERR_USAGE,
                       "%s: the run has no %s; run it with --qoi and --vary", dir,
                       mbe_json_size(params) == 0 ? "varied parameters" : "quantities of interest");
  }
  ix->nparam = st == MBE_OK ? mbe_json_size(params) : 0;
  ix->nqoi = st == MBE_OK ? mbe_json_size(qois) : 0;
  ix->param = mbe_calloc(ix->nparam + 1, sizeof *ix->param);
  ix->qoi = mbe_calloc(ix->nqoi + 1, sizeof *ix->qoi);
  if (st == MBE_OK && (!ix->param || !ix->qoi))
    st = mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
  for (size_t j = 0; st == MBE_OK && j < ix->nparam; j++) {
    ix->param[j] = mbe_strdup(mbe_json_as_string(mbe_json_find(mbe_json_at(params, j), "name"), "?"));
    st = ix->param[j] ? MBE_OK : mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
  }
  for (size_t q = 0; st == MBE_OK && q < ix->nqoi; q++) {
    ix->qoi[q] = mbe_strdup(mbe_json_as_string(mbe_json_at(qois, q), "?"));
    st = ix->qoi[q] ? MBE_OK : mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
  }
  *total = (size_t)(tot > 0 ? tot : 0);
  mbe_json_destroy(doc);
  return st;
}

// ---- members.csv ------------------------------------------------------------------------------

// the next field of a CSV line at *p (quoted with "", "" inside standing for "), unquoted into
// buf; *p moves past the comma; false at the end of the line
static bool next_field(const char** p, char* buf, size_t size) {
  const char* s = *p;
  if (*s == '\0' || *s == '\n' || *s == '\r')
    return false;
  size_t n = 0;
  if (*s == '"') {
    for (s++; *s && !(*s == '"' && s[1] != '"'); s++) {
      if (*s == '"')
        s++;
      if (n + 1 < size)
        buf[n++] = *s;
    }
    if (*s == '"')
      s++;
  } else {
    for (; *s && *s != ',' && *s != '\n' && *s != '\r'; s++) {
      if (n + 1 < size)
        buf[n++] = *s;
    }
  }
  buf[n] = '\0';
  *p = *s == ',' ? s + 1 : s;
  return true;
}

// the column of each qoi, of "member" and of "status" in the header line
static MbeStatus header_columns(const char* path, const char* line, const MbeSobolIndices* ix,
                                long* col, long* member, long* status, MbeError* err) {
  char f[1024];
  *member = *status = -1;
  for (size_t q = 0; q < ix->nqoi; q++)
    col[q] = -1;
  for (long c = 0; next_field(&line, f, sizeof f); c++) {
    *member = strcmp(f, "member") == 0 ? c : *member;
    *status = strcmp(f, "status") == 0 ? c : *status;
    for (size_t q = 0; q < ix->nqoi; q++)
      col[q] = strcmp(f, ix->qoi[q]) == 0 ? c : col[q];
  }
  for (size_t q = 0; q < ix->nqoi; q++) {
    if (col[q] < 0)
      return mbe_error_set(err, MBE_ERR_INVALID_ARG, "%s: no column '%s'", path, ix->qoi[q]);
  }
  if (*member < 0 || *status < 0)
    return mbe_error_set(err, MBE_ERR_INVALID_ARG, "%s: no member or status column", path);
  return MBE_OK;
}

// row k's quantities into y[q * total + k] (NaN unless its status is ok)
static MbeStatus read_row(const char* path, int line_no, const char* line, size_t k, size_t total,
                          const long* col, long member, long status, size_t nqoi, double* y,
                          MbeError* err) {
  char f[1024];
  bool ok = false;
  long c = 0;
  for (; next_field(&line, f, sizeof f); c++) {
    if (c == member && strtoull(f, NULL, 10) != k) {
      return mbe_error_set(err, MBE_ERR_INVALID_ARG, "%s:%d: member %s where %zu was expected",
                           path, line_no, f, k);
    }
    ok = c == status ? strcmp(f, "ok") == 0 : ok;
    for (size_t q = 0; q < nqoi; q++) {
      if (c == col[q]) {
        char* end = NULL;
        double v = strtod(f, &end);
        y[q * total + k] = end != f && *end == '\0' ? v : (double)NAN;
      }
    }
  }
  for (size_t q = 0; !ok && q < nqoi; q++)
    y[q * total + k] = (double)NAN;
  return c > status ? MBE_OK
                    : mbe_error_set(err, MBE_ERR_INVALID_ARG, "%s:%d: a short row", path, line_no);
}

// every member's quantities, by qoi: y[q * total + k]
static MbeStatus read_members(const char* dir, const MbeSobolIndices* ix, size_t total, double* y,
                              MbeError* err) {
  char path[4096];
  snprintf(path, sizeof path, "%s/members.csv", dir);
  char* text = NULL;
  size_t size = 0;
  MbeStatus st = mbe_file_read(path, &text, &size, err);
  if (st != MBE_OK)
    return st;
  long* col = mbe_malloc((ix->nqoi + 1) * sizeof *col);
  long member = -1, status = -1;
  st = col ? header_columns(path, text, ix, col, &member, &status, err)
           : mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
  size_t k = 0;
  int line_no = 1;
  for (const char* p = strchr(text, '\n'); st == MBE_OK && p && p[1]; p = strchr(p + 1, '\n')) {
    line_no++;
    if (k == total) {
      st = mbe_error_set(err, MBE_ERR_INVALID_ARG, "%s:%d: more rows than the %zu members", path,
                         line_no, total);
      break;
    }
    st = read_row(path, line_no, p + 1, k++, total, col, member, status, ix->nqoi, y, err);
  }
  if (st == MBE_OK && k != total) {
    st = mbe_error_set(err, MBE_ERR_INVALID_ARG, "%s: %zu rows, not the run's %zu members", path,
                       k, total);
  }
  mbe_free(col), mbe_free(text);
  return st;
}

// ---- the indices --------------------------------------------------------------------------------

static MbeStatus alloc_indices(MbeSobolIndices* ix, MbeError* err) {
  size_t n1 = ix->nqoi * ix->nparam + 1, n2 = ix->nqoi * ix->nparam * ix->nparam + 1;
  ix->s1 = mbe_malloc(n1 * sizeof *ix->s1), ix->s1_conf = mbe_malloc(n1 * sizeof *ix->s1);
  ix->st = mbe_malloc(n1 * sizeof *ix->s1), ix->st_conf = mbe_malloc(n1 * sizeof *ix->s1);
  ix->s2 = mbe_malloc(n2 * sizeof *ix->s1), ix->s2_conf = mbe_malloc(n2 * sizeof *ix->s1);
  ix->used = mbe_calloc(ix->nqoi + 1, sizeof *ix->used);
  bool ok = ix->s1 && ix->s1_conf && ix->st && ix->st_conf && ix->s2 && ix->s2_conf && ix->used;
  return ok ? MBE_OK : mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
}

static MbeStatus indices_of(const MbeAnalyzeDef* def, MbeSobolIndices* ix, const double* y,
                            size_t total, MbeError* err) {
  size_t d = ix->nparam;
  for (size_t q = 0; q < ix->nqoi; q++) {
    MbeSaltelliDef sd = mbe_saltelli_def_default();
    sd.d = d, sd.n = ix->nblocks, sd.second_order = true;
    sd.nresamples = def->nresamples, sd.conf_level = def->conf_level, sd.seed = def->seed;
    size_t o1 = q * d, o2 = q * d * d;
    MbeSaltelliStatus rc = mbe_saltelli_analyze(&sd, y + q * total, ix->s1 + o1, ix->s1_conf + o1,
                                                ix->st + o1, ix->st_conf + o1, ix->s2 + o2,
                                                ix->s2_conf + o2, &ix->used[q]);
    if (rc == MBE_SALTELLI_ERR_NOMEM)
      return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
    if (rc != MBE_SALTELLI_OK) {
      return mbe_error_set(err, MBE_ERR_USAGE, "%s: %s (%zu of %zu blocks usable)", ix->qoi[q],
                           mbe_saltelli_status_str(rc), ix->used[q], ix->nblocks);
    }
  }
  return MBE_OK;
}

MbeStatus mbe_analyze_sobol(const char* dir, const MbeAnalyzeDef* def, MbeSobolIndices** out,
                            MbeError* err) {
  *out = NULL;
  if (!(def->conf_level > 0 && def->conf_level < 1)) {
    return mbe_error_set(err, MBE_ERR_USAGE, "the confidence level is in (0, 1), not %g",
                         def->conf_level);
  }
  MbeSobolIndices* ix = mbe_calloc(1, sizeof *ix);
  if (!ix)
    return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
  size_t total = 0;
  MbeStatus st = read_manifest(dir, ix, &total, err);
  size_t blk = mbe_saltelli_block(ix->nparam);
  if (st == MBE_OK && total % blk != 0) {
    st = mbe_error_set(err, MBE_ERR_INVALID_ARG,
                       "%s: %zu members are no whole blocks of 2 x %zu + 2 (a Saltelli design)",
                       dir, total, ix->nparam);
  }
  ix->nblocks = total / blk;
  double* y = st == MBE_OK ? mbe_malloc((ix->nqoi * total + 1) * sizeof *y) : NULL;
  if (st == MBE_OK && !y)
    st = mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
  if (st == MBE_OK)
    st = read_members(dir, ix, total, y, err);
  if (st == MBE_OK)
    st = alloc_indices(ix, err);
  if (st == MBE_OK)
    st = indices_of(def, ix, y, total, err);
  mbe_free(y);
  if (st != MBE_OK) {
    mbe_sobol_indices_destroy(ix);
    return st;
  }
  *out = ix;
  return MBE_OK;
}

// ---- the tables -----------------------------------------------------------------------------------

static void number(MbeStrbuf* b, double x) {
  if (isnan(x))
    mbe_strbuf_puts(b, "nan");
  else
    mbe_strbuf_printf(b, "%.17g", x);
}

MbeStatus mbe_sobol_indices_write(const char* dir, const MbeSobolIndices* ix, MbeError* err) {
  size_t d = ix->nparam;
  MbeStrbuf a, b;
  mbe_strbuf_init(&a);
  mbe_strbuf_init(&b);
  mbe_strbuf_puts(&a, "qoi,parameter,S1,S1_conf,ST,ST_conf\n");
  mbe_strbuf_puts(&b, "qoi,parameter_1,parameter_2,S2,S2_conf\n");
  for (size_t q = 0; q < ix->nqoi; q++) {
    for (size_t j = 0; j < d; j++) {
      size_t i = q * d + j;
      mbe_csv_field(&a, ix->qoi[q]), mbe_strbuf_puts(&a, ",");
      mbe_csv_field(&a, ix->param[j]);
      double v[4] = {ix->s1[i], ix->s1_conf[i], ix->st[i], ix->st_conf[i]};
      for (int k = 0; k < 4; k++)
        mbe_strbuf_puts(&a, ","), number(&a, v[k]);
      mbe_strbuf_puts(&a, "\n");
      for (size_t k = j + 1; k < d; k++) {
        size_t i2 = q * d * d + j * d + k;
        mbe_csv_field(&b, ix->qoi[q]), mbe_strbuf_puts(&b, ",");
        mbe_csv_field(&b, ix->param[j]), mbe_strbuf_puts(&b, ",");
        mbe_csv_field(&b, ix->param[k]), mbe_strbuf_puts(&b, ",");
        number(&b, ix->s2[i2]), mbe_strbuf_puts(&b, ","), number(&b, ix->s2_conf[i2]);
        mbe_strbuf_puts(&b, "\n");
      }
    }
  }
  char path[4096];
  snprintf(path, sizeof path, "%s/sobol.csv", dir);
  MbeStatus st = mbe_strbuf_write_atomic(&a, path, err);
  snprintf(path, sizeof path, "%s/sobol_s2.csv", dir);
  if (st == MBE_OK)
    st = mbe_strbuf_write_atomic(&b, path, err);
  mbe_strbuf_deinit(&a), mbe_strbuf_deinit(&b);
  return st;
}
