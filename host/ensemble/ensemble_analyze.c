// SPDX-License-Identifier: Apache-2.0
// Sobol' indices of a Saltelli run directory (ensemble_analyze.h).
#include "ensemble_analyze.h"

#include "ensemble_rundir.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ensemble_sample.h"
#include "io.h"
#include "io_json.h"
#include "mbe_morris.h"
#include "mbe_radial.h"
#include "mbe_regression.h"
#include "mbe_saltelli.h"

// the owned names of a run or a table
static void free_names(char** qoi, size_t nqoi, char** param, size_t nparam) {
  for (size_t q = 0; qoi && q < nqoi; q++)
    mbe_free(qoi[q]);
  for (size_t j = 0; param && j < nparam; j++)
    mbe_free(param[j]);
  mbe_free(qoi), mbe_free(param);
}

MbeAnalyzeDef mbe_analyze_def_default(void) {
  MbeAnalyzeDef d = {100, 0.95, 0, false, 4, false};
  return d;
}

void mbe_sobol_indices_destroy(MbeSobolIndices* ix) {
  if (!ix)
    return;
  free_names(ix->qoi, ix->nqoi, ix->param, ix->nparam);
  mbe_free(ix->s1), mbe_free(ix->s1_conf), mbe_free(ix->st), mbe_free(ix->st_conf);
  mbe_free(ix->s2), mbe_free(ix->s2_conf), mbe_free(ix->used), mbe_free(ix->conv_n);
  mbe_free(ix->conv_s1), mbe_free(ix->conv_s1_conf), mbe_free(ix->conv_st);
  mbe_free(ix->conv_st_conf), mbe_free(ix);
}

// ---- the run: manifest.json and members.csv ------------------------------------------------

void mbe_rundir_free(MbeRunDir* r) {
  free_names(r->qoi, r->nqoi, r->param, r->nparam);
  mbe_free(r->y), mbe_free(r->x);
}

// the names of an array of strings (or of objects' "name"s) into owned copies
static MbeStatus copy_names(const MbeJsonValue* arr, bool objects, char*** out, size_t* n,
                            MbeError* err) {
  *n = mbe_json_size(arr);
  *out = mbe_calloc(*n + 1, sizeof **out);
  if (!*out)
    return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
  for (size_t i = 0; i < *n; i++) {
    const MbeJsonValue* v = mbe_json_at(arr, i);
    (*out)[i] = mbe_strdup(mbe_json_as_string(objects ? mbe_json_find(v, "name") : v, "?"));
    if (!(*out)[i])
      return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
  }
  return MBE_OK;
}

// the run's design, names and size from manifest.json, checked to be a whole, finished run
static MbeStatus read_manifest(const char* dir, MbeRunDir* run, MbeError* err) {
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
  const char* status = mbe_json_as_string(mbe_json_find(root, "status"), "?");
  int64_t tot = mbe_json_as_int(mbe_json_find(members, "total"), -1);
  int64_t first = mbe_json_as_int(mbe_json_find(members, "first"), -1);
  int64_t count = mbe_json_as_int(mbe_json_find(members, "count"), -1);
  const MbeJsonValue* params = mbe_json_find(design, "parameters");
  const MbeJsonValue* qois = mbe_json_find(mbe_json_find(root, "outputs"), "qoi");
  snprintf(run->sampler, sizeof run->sampler, "%s",
           mbe_json_as_string(mbe_json_find(design, "sampler"), "?"));
  run->levels = (int)mbe_json_as_int(mbe_json_find(design, "levels"), 4);
  run->second_order = mbe_json_as_bool(mbe_json_find(design, "second_order"), true);
  if (tot <= 0 || first != 0 || count != tot) {
    st = mbe_error_set(err, MBE_ERR_USAGE,
                       "%s holds members %lld .. %lld of %lld: merge the shards first (mbens "
                       "merge)",
                       dir, (long long)first, (long long)(first + count - 1), (long long)tot);
  } else if (strcmp(status, "complete") != 0) {
    st = mbe_error_set(err, MBE_ERR_USAGE,
                       "%s: the run is %s, not complete; finish it first (mbens run ... --resume)",
                       dir, status);
  }
  if (st == MBE_OK)
    st = copy_names(params, true, &run->param, &run->nparam, err);
  if (st == MBE_OK)
    st = copy_names(qois, false, &run->qoi, &run->nqoi, err);
  run->total = (size_t)(tot > 0 ? tot : 0);
  mbe_json_destroy(doc);
  return st;
}

// the run's design as the analysis expects it (sampler "saltelli" or "morris")
static MbeStatus expect_design(const char* dir, const MbeRunDir* run, const char* sampler,
                               MbeError* err) {
  if (!sampler || strcmp(run->sampler, sampler) == 0)
    return MBE_OK;
  return mbe_error_set(err, MBE_ERR_USAGE,
                       "%s was run with --sampler %s; mbens analyze computes Sobol' indices of a "
                       "Saltelli design (--sampler saltelli), elementary effects of a Morris "
                       "design (--sampler morris) and total indices and effects of a radial "
                       "design (--sampler radial)",
                       dir, run->sampler);
}

// ---- members.csv ------------------------------------------------------------------------------

// the column of each qoi and parameter, of "member" and of "status" in the header line
static MbeStatus header_columns(const char* path, const char* line, const MbeRunDir* run, long* col,
                                long* pcol, long* member, long* status, MbeError* err) {
  char f[1024];
  *member = *status = -1;
  for (size_t q = 0; q < run->nqoi; q++)
    col[q] = -1;
  for (size_t j = 0; j < run->nparam; j++)
    pcol[j] = -1;
  for (long c = 0; mbe_csv_next_field(&line, f, sizeof f); c++) {
    *member = strcmp(f, "member") == 0 ? c : *member;
    *status = strcmp(f, "status") == 0 ? c : *status;
    for (size_t q = 0; q < run->nqoi; q++)
      col[q] = strcmp(f, run->qoi[q]) == 0 ? c : col[q];
    for (size_t j = 0; j < run->nparam; j++)
      pcol[j] = strcmp(f, run->param[j]) == 0 ? c : pcol[j];
  }
  for (size_t q = 0; q < run->nqoi; q++) {
    if (col[q] < 0)
      return mbe_error_set(err, MBE_ERR_INVALID_ARG, "%s: no column '%s'", path, run->qoi[q]);
  }
  for (size_t j = 0; j < run->nparam; j++) {
    if (pcol[j] < 0)
      return mbe_error_set(err, MBE_ERR_INVALID_ARG, "%s: no column '%s'", path, run->param[j]);
  }
  if (*member < 0 || *status < 0)
    return mbe_error_set(err, MBE_ERR_INVALID_ARG, "%s: no member or status column", path);
  return MBE_OK;
}

// the number in field f, NaN when it is none
static double field_number(const char* f) {
  char* end = NULL;
  double v = strtod(f, &end);
  return end != f && *end == '\0' ? v : (double)NAN;
}

// row k's quantities into run->y (NaN unless its status is ok) and its parameters into run->x
static MbeStatus read_row(const char* path, int line_no, const char* line, size_t k, MbeRunDir* run,
                          const long* col, const long* pcol, long member, long status,
                          MbeError* err) {
  char f[1024];
  bool ok = false;
  long c = 0;
  for (; mbe_csv_next_field(&line, f, sizeof f); c++) {
    if (c == member && strtoull(f, NULL, 10) != k) {
      return mbe_error_set(err, MBE_ERR_INVALID_ARG, "%s:%d: member %s where %zu was expected",
                           path, line_no, f, k);
    }
    ok = c == status ? strcmp(f, "ok") == 0 : ok;
    for (size_t q = 0; q < run->nqoi; q++) {
      if (c == col[q])
        run->y[q * run->total + k] = field_number(f);
    }
    for (size_t j = 0; run->x && j < run->nparam; j++) {
      if (c == pcol[j])
        run->x[k * run->nparam + j] = field_number(f);
    }
  }
  for (size_t q = 0; !ok && q < run->nqoi; q++)
    run->y[q * run->total + k] = (double)NAN;
  return c > status ? MBE_OK
                    : mbe_error_set(err, MBE_ERR_INVALID_ARG, "%s:%d: a short row", path, line_no);
}

// every member's quantities (and, with_x, parameters) from members.csv
static MbeStatus read_members(const char* dir, MbeRunDir* run, bool with_x, MbeError* err) {
  char path[4096];
  snprintf(path, sizeof path, "%s/members.csv", dir);
  run->y = mbe_malloc((run->nqoi * run->total + 1) * sizeof *run->y);
  run->x = with_x ? mbe_malloc((run->nparam * run->total + 1) * sizeof *run->x) : NULL;
  if (!run->y || (with_x && !run->x))
    return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
  char* text = NULL;
  size_t size = 0;
  MbeStatus st = mbe_file_read(path, &text, &size, err);
  if (st != MBE_OK)
    return st;
  long* col = mbe_malloc((run->nqoi + run->nparam + 1) * sizeof *col);
  long member = -1, status = -1;
  st = col ? header_columns(path, text, run, col, col + run->nqoi, &member, &status, err)
           : mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
  size_t k = 0;
  int line_no = 1;
  for (const char* p = strchr(text, '\n'); st == MBE_OK && p && p[1]; p = strchr(p + 1, '\n')) {
    line_no++;
    if (k == run->total) {
      st = mbe_error_set(err, MBE_ERR_INVALID_ARG, "%s:%d: more rows than the %zu members", path,
                         line_no, run->total);
      break;
    }
    st = read_row(path, line_no, p + 1, k++, run, col, col + run->nqoi, member, status, err);
  }
  if (st == MBE_OK && k != run->total) {
    st = mbe_error_set(err, MBE_ERR_INVALID_ARG, "%s: %zu rows, not the run's %zu members", path,
                       k, run->total);
  }
  mbe_free(col), mbe_free(text);
  return st;
}

// the indices need varied parameters and quantities of interest
static MbeStatus expect_inputs(const char* dir, const MbeRunDir* run, MbeError* err) {
  if (run->nparam > 0 && run->nqoi > 0)
    return MBE_OK;
  return mbe_error_set(err, MBE_ERR_USAGE, "%s: the run has no %s; run it with --qoi and --vary",
                       dir, run->nparam == 0 ? "varied parameters" : "quantities of interest");
}

MbeStatus mbe_rundir_read(const char* dir, const char* sampler, bool with_x, MbeRunDir* run,
                          MbeError* err) {
  MbeStatus st = read_manifest(dir, run, err);
  if (st == MBE_OK)
    st = expect_design(dir, run, sampler, err);
  if (st == MBE_OK)
    st = read_members(dir, run, with_x, err);
  return st;
}

MbeStatus mbe_analyze_design(const char* dir, char* sampler, size_t size, MbeError* err) {
  MbeRunDir run = {0};
  MbeStatus st = read_manifest(dir, &run, err);
  snprintf(sampler, size, "%s", st == MBE_OK ? run.sampler : "");
  mbe_rundir_free(&run);
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
  for (size_t i = 0; ok && i < n2; i++)
    ix->s2[i] = ix->s2_conf[i] = (double)NAN;  // stays so without second order
  return ok ? MBE_OK : mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
}

// the convergence: S1 and ST of the first N, N/2, N/4 .. (down to 16) blocks
static MbeStatus convergence_of(const MbeAnalyzeDef* def, MbeSobolIndices* ix, const double* y,
                                size_t total, MbeError* err) {
  size_t d = ix->nparam, nq = ix->nqoi;
  for (size_t n = ix->nblocks; n >= 16 && ix->nconv < 32; n /= 2)
    ix->nconv++;
  size_t cells = ix->nconv * nq * d + 1;
  ix->conv_n = mbe_calloc(ix->nconv + 1, sizeof *ix->conv_n);
  ix->conv_s1 = mbe_malloc(cells * sizeof *ix->conv_s1);
  ix->conv_s1_conf = mbe_malloc(cells * sizeof *ix->conv_s1);
  ix->conv_st = mbe_malloc(cells * sizeof *ix->conv_s1);
  ix->conv_st_conf = mbe_malloc(cells * sizeof *ix->conv_s1);
  if (!ix->conv_n || !ix->conv_s1 || !ix->conv_s1_conf || !ix->conv_st || !ix->conv_st_conf)
    return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
  for (size_t c = 0, n = ix->nblocks; c < ix->nconv; c++, n /= 2) {
    ix->conv_n[c] = n;
    for (size_t q = 0; q < nq; q++) {
      MbeSaltelliDef sd = mbe_saltelli_def_default();
      sd.d = d, sd.n = n, sd.second_order = ix->second_order;  // S2 is not asked for
      sd.nresamples = def->nresamples, sd.conf_level = def->conf_level, sd.seed = def->seed;
      size_t o = (c * nq + q) * d;
      MbeSaltelliStatus rc =
          mbe_saltelli_analyze(&sd, y + q * total, ix->conv_s1 + o, ix->conv_s1_conf + o,
                               ix->conv_st + o, ix->conv_st_conf + o, NULL, NULL, NULL);
      if (rc == MBE_SALTELLI_ERR_NOMEM)
        return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
      for (size_t j = 0; rc != MBE_SALTELLI_OK && j < d; j++)  // too few there: not known
        ix->conv_s1[o + j] = ix->conv_s1_conf[o + j] = ix->conv_st[o + j] =
            ix->conv_st_conf[o + j] = (double)NAN;
    }
  }
  return MBE_OK;
}

static MbeStatus indices_of(const MbeAnalyzeDef* def, MbeSobolIndices* ix, const double* y,
                            size_t total, MbeError* err) {
  size_t d = ix->nparam;
  for (size_t q = 0; q < ix->nqoi; q++) {
    MbeSaltelliDef sd = mbe_saltelli_def_default();
    sd.d = d, sd.n = ix->nblocks, sd.second_order = ix->second_order;
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

// the names of the run moved to the indices (the run keeps none)
static void take_names(MbeRunDir* run, char*** qoi, size_t* nqoi, char*** param, size_t* nparam) {
  *qoi = run->qoi, *nqoi = run->nqoi, *param = run->param, *nparam = run->nparam;
  run->qoi = run->param = NULL;
}

MbeStatus mbe_analyze_sobol(const char* dir, const MbeAnalyzeDef* def, MbeSobolIndices** out,
                            MbeError* err) {
  *out = NULL;
  if (!(def->conf_level > 0 && def->conf_level < 1)) {
    return mbe_error_set(err, MBE_ERR_USAGE, "the confidence level is in (0, 1), not %g",
                         def->conf_level);
  }
  MbeSobolIndices* ix = mbe_calloc(1, sizeof *ix);
  MbeRunDir run = {0};
  MbeStatus st = ix ? mbe_rundir_read(dir, def->as_design ? NULL : "saltelli", false, &run, err)
                    : mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
  if (st == MBE_OK)
    st = expect_inputs(dir, &run, err);
  bool second = def->as_design ? !def->first_order_only : run.second_order;
  size_t blk = mbe_saltelli_block(run.nparam, !second);
  if (st == MBE_OK && run.total % blk != 0) {
    st = mbe_error_set(err, MBE_ERR_INVALID_ARG,
                       "%s: %zu members are no whole blocks of %s%zu + 2 (a Saltelli design)",
                       dir, run.total, second ? "2 x " : "", run.nparam);
  }
  if (st == MBE_OK) {
    take_names(&run, &ix->qoi, &ix->nqoi, &ix->param, &ix->nparam);
    ix->nblocks = run.total / blk;
    ix->second_order = second;
    st = alloc_indices(ix, err);
  }
  if (st == MBE_OK)
    st = indices_of(def, ix, run.y, run.total, err);
  if (st == MBE_OK)
    st = convergence_of(def, ix, run.y, run.total, err);
  mbe_rundir_free(&run);
  if (st != MBE_OK) {
    mbe_sobol_indices_destroy(ix);
    return st;
  }
  *out = ix;
  return MBE_OK;
}

// ---- Morris ------------------------------------------------------------------------------------

void mbe_morris_indices_destroy(MbeMorrisIndices* ix) {
  if (!ix)
    return;
  free_names(ix->qoi, ix->nqoi, ix->param, ix->nparam);
  mbe_free(ix->mu), mbe_free(ix->mu_star);
  mbe_free(ix->sigma), mbe_free(ix->mu_star_conf), mbe_free(ix->used), mbe_free(ix);
}

static MbeStatus morris_of(const MbeAnalyzeDef* def, MbeMorrisIndices* ix, const MbeRunDir* run,
                           MbeError* err) {
  size_t d = ix->nparam, n = ix->nqoi * d + 1;
  ix->mu = mbe_malloc(n * sizeof *ix->mu), ix->mu_star = mbe_malloc(n * sizeof *ix->mu);
  ix->sigma = mbe_malloc(n * sizeof *ix->mu), ix->mu_star_conf = mbe_malloc(n * sizeof *ix->mu);
  ix->used = mbe_calloc(ix->nqoi + 1, sizeof *ix->used);
  if (!ix->mu || !ix->mu_star || !ix->sigma || !ix->mu_star_conf || !ix->used)
    return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
  for (size_t q = 0; q < ix->nqoi; q++) {
    MbeMorrisDef md = mbe_morris_def_default();
    md.d = d, md.r = ix->ntraj, md.levels = ix->levels;
    md.nresamples = def->nresamples, md.conf_level = def->conf_level, md.seed = def->seed;
    size_t o = q * d, bad = 0;
    MbeMorrisStatus rc =
        mbe_morris_analyze(&md, run->x, run->y + q * run->total, ix->mu + o, ix->mu_star + o,
                           ix->sigma + o, ix->mu_star_conf + o, &ix->used[q], &bad);
    if (rc == MBE_MORRIS_ERR_NOMEM)
      return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
    if (rc == MBE_MORRIS_ERR_DESIGN) {
      return mbe_error_set(err, MBE_ERR_INVALID_ARG,
                           "members.csv: member %zu moves no parameter or several from the one "
                           "before it: not a Morris design",
                           bad);
    }
    if (rc != MBE_MORRIS_OK) {
      return mbe_error_set(err, MBE_ERR_USAGE, "%s: %s (%zu of %zu trajectories usable)",
                           ix->qoi[q], mbe_morris_status_str(rc), ix->used[q], ix->ntraj);
    }
  }
  return MBE_OK;
}

MbeStatus mbe_analyze_morris(const char* dir, const MbeAnalyzeDef* def, MbeMorrisIndices** out,
                             MbeError* err) {
  *out = NULL;
  if (!(def->conf_level > 0 && def->conf_level < 1)) {
    return mbe_error_set(err, MBE_ERR_USAGE, "the confidence level is in (0, 1), not %g",
                         def->conf_level);
  }
  MbeMorrisIndices* ix = mbe_calloc(1, sizeof *ix);
  MbeRunDir run = {0};
  MbeStatus st = ix ? mbe_rundir_read(dir, def->as_design ? NULL : "morris", true, &run, err)
                    : mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
  if (st == MBE_OK)
    st = expect_inputs(dir, &run, err);
  if (st == MBE_OK && run.total % (run.nparam + 1) != 0) {
    st = mbe_error_set(err, MBE_ERR_INVALID_ARG,
                       "%s: %zu members are no whole trajectories of %zu + 1 (a Morris design)",
                       dir, run.total, run.nparam);
  }
  if (st == MBE_OK) {
    ix->ntraj = run.total / (run.nparam + 1);
    ix->levels = strcmp(run.sampler, "morris") == 0 ? run.levels : def->levels;
    take_names(&run, &ix->qoi, &ix->nqoi, &ix->param, &ix->nparam);
    st = morris_of(def, ix, &run, err);
  }
  mbe_rundir_free(&run);
  if (st != MBE_OK) {
    mbe_morris_indices_destroy(ix);
    return st;
  }
  *out = ix;
  return MBE_OK;
}

// ---- radial -----------------------------------------------------------------------------------

void mbe_radial_indices_destroy(MbeRadialIndices* ix) {
  if (!ix)
    return;
  free_names(ix->qoi, ix->nqoi, ix->param, ix->nparam);
  mbe_free(ix->st), mbe_free(ix->st_conf), mbe_free(ix->mu), mbe_free(ix->mu_star);
  mbe_free(ix->sigma), mbe_free(ix->mu_star_conf), mbe_free(ix->used), mbe_free(ix);
}

// the steps b - a of every block on the unit scale, from the design itself
static double* radial_steps(size_t d, size_t nblocks) {
  double* du = mbe_malloc((nblocks * d + 1) * sizeof *du);
  double* ab = mbe_malloc((2 * d + 1) * sizeof *ab);
  for (size_t i = 0; du && ab && i < nblocks; i++) {
    mbe_radial_points(d, nblocks, i, ab, ab + d);
    for (size_t j = 0; j < d; j++)
      du[i * d + j] = ab[d + j] - ab[j];
  }
  mbe_free(ab);
  return du;
}

static MbeStatus radial_of(const MbeAnalyzeDef* def, MbeRadialIndices* ix, const MbeRunDir* run,
                           MbeError* err) {
  size_t d = ix->nparam, n = ix->nqoi * d + 1;
  double** arr[6] = {&ix->st, &ix->st_conf, &ix->mu, &ix->mu_star, &ix->sigma, &ix->mu_star_conf};
  bool ok = true;
  for (int k = 0; k < 6; k++)
    ok = (*arr[k] = mbe_malloc(n * sizeof **arr[k])) != NULL && ok;
  ix->used = mbe_calloc(ix->nqoi + 1, sizeof *ix->used);
  double* du = radial_steps(d, ix->nblocks);
  MbeStatus st = MBE_OK;
  if (!ok || !ix->used || !du)
    st = mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
  for (size_t q = 0; st == MBE_OK && q < ix->nqoi; q++) {
    MbeRadialDef rd = mbe_radial_def_default();
    rd.d = d, rd.n = ix->nblocks;
    rd.nresamples = def->nresamples, rd.conf_level = def->conf_level, rd.seed = def->seed;
    size_t o = q * d;
    MbeRadialStatus rc = mbe_radial_analyze(&rd, run->y + q * run->total, du, ix->st + o,
                                            ix->st_conf + o, ix->mu + o, ix->mu_star + o,
                                            ix->sigma + o, ix->mu_star_conf + o, &ix->used[q]);
    if (rc == MBE_RADIAL_ERR_NOMEM)
      st = mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
    else if (rc != MBE_RADIAL_OK)
      st = mbe_error_set(err, MBE_ERR_USAGE, "%s: %s (%zu of %zu blocks usable)", ix->qoi[q],
                         mbe_radial_status_str(rc), ix->used[q], ix->nblocks);
  }
  mbe_free(du);
  return st;
}

MbeStatus mbe_analyze_radial(const char* dir, const MbeAnalyzeDef* def, MbeRadialIndices** out,
                             MbeError* err) {
  *out = NULL;
  if (!(def->conf_level > 0 && def->conf_level < 1)) {
    return mbe_error_set(err, MBE_ERR_USAGE, "the confidence level is in (0, 1), not %g",
                         def->conf_level);
  }
  MbeRadialIndices* ix = mbe_calloc(1, sizeof *ix);
  MbeRunDir run = {0};
  MbeStatus st = ix ? mbe_rundir_read(dir, "radial", false, &run, err)
                    : mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
  if (st == MBE_OK)
    st = expect_inputs(dir, &run, err);
  if (st == MBE_OK && run.total % (run.nparam + 1) != 0) {
    st = mbe_error_set(err, MBE_ERR_INVALID_ARG,
                       "%s: %zu members are no whole blocks of %zu + 1 (a radial design)", dir,
                       run.total, run.nparam);
  }
  if (st == MBE_OK) {
    ix->nblocks = run.total / (run.nparam + 1);
    take_names(&run, &ix->qoi, &ix->nqoi, &ix->param, &ix->nparam);
    st = radial_of(def, ix, &run, err);
  }
  mbe_rundir_free(&run);
  if (st != MBE_OK) {
    mbe_radial_indices_destroy(ix);
    return st;
  }
  *out = ix;
  return MBE_OK;
}

// ---- regression -------------------------------------------------------------------------------

void mbe_regression_table_destroy(MbeRegressionTable* ix) {
  if (!ix)
    return;
  free_names(ix->qoi, ix->nqoi, ix->param, ix->nparam);
  mbe_free(ix->src), mbe_free(ix->srrc);
  mbe_free(ix->prcc), mbe_free(ix->r2), mbe_free(ix->r2_rank), mbe_free(ix->used), mbe_free(ix);
}

static MbeStatus regression_of(MbeRegressionTable* ix, const MbeRunDir* run, MbeError* err) {
  size_t d = ix->nparam, n = ix->nqoi * d + 1;
  ix->src = mbe_malloc(n * sizeof *ix->src), ix->srrc = mbe_malloc(n * sizeof *ix->src);
  ix->prcc = mbe_malloc(n * sizeof *ix->src);
  ix->r2 = mbe_malloc((ix->nqoi + 1) * sizeof *ix->r2);
  ix->r2_rank = mbe_malloc((ix->nqoi + 1) * sizeof *ix->r2);
  ix->used = mbe_calloc(ix->nqoi + 1, sizeof *ix->used);
  if (!ix->src || !ix->srrc || !ix->prcc || !ix->r2 || !ix->r2_rank || !ix->used)
    return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
  for (size_t q = 0; q < ix->nqoi; q++) {
    size_t o = q * d;
    MbeRegressionStatus rc = mbe_regression_indices(
        run->total, d, run->x, run->y + q * run->total, ix->src + o, ix->srrc + o, ix->prcc + o,
        &ix->r2[q], &ix->r2_rank[q], &ix->used[q]);
    if (rc == MBE_REGRESSION_ERR_NOMEM)
      return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
    if (rc != MBE_REGRESSION_OK) {
      return mbe_error_set(err, MBE_ERR_USAGE, "%s: %s (%zu of %zu members usable)", ix->qoi[q],
                           mbe_regression_status_str(rc), ix->used[q], ix->nmembers);
    }
  }
  return MBE_OK;
}

MbeStatus mbe_analyze_regression(const char* dir, MbeRegressionTable** out, MbeError* err) {
  *out = NULL;
  MbeRegressionTable* ix = mbe_calloc(1, sizeof *ix);
  MbeRunDir run = {0};
  MbeStatus st = ix ? mbe_rundir_read(dir, NULL, true, &run, err)
                    : mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
  if (st == MBE_OK)
    st = expect_inputs(dir, &run, err);
  if (st == MBE_OK) {
    ix->nmembers = run.total;
    take_names(&run, &ix->qoi, &ix->nqoi, &ix->param, &ix->nparam);
    st = regression_of(ix, &run, err);
  }
  mbe_rundir_free(&run);
  if (st != MBE_OK) {
    mbe_regression_table_destroy(ix);
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

// one row of a table: the names as CSV fields, then the numbers (nan where not known)
static void row(MbeStrbuf* b, const char* const* names, int nnames, const double* v, int nv) {
  for (int k = 0; k < nnames; k++)
    mbe_csv_field(b, names[k]), mbe_strbuf_puts(b, k + 1 < nnames || nv > 0 ? "," : "");
  for (int k = 0; k < nv; k++)
    number(b, v[k]), mbe_strbuf_puts(b, k + 1 < nv ? "," : "");
  mbe_strbuf_puts(b, "\n");
}

// the table in b written to dir/name (whole or not at all), b freed
static MbeStatus write_table(const char* dir, const char* name, MbeStrbuf* b, MbeError* err) {
  char path[4096];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  MbeStatus st = mbe_strbuf_write_atomic(b, path, err);
  mbe_strbuf_deinit(b);
  return st;
}

// A table of indices as JSON beside its CSV (dir/name): {"design": ..., "parameters": [...],
// "qoi": {QOI: {COLUMN: [one value per parameter], ..., SCALAR: value, "S2": [[...]]}}}, in
// SALib's names; NaN (not known) as null. vals[c] and scal[c] hold nqoi x nparam and nqoi values;
// s2 and s2_conf (nullable) nqoi x nparam x nparam.
typedef struct JsonTable {
  const char* design;
  size_t nqoi, nparam;
  char** qoi;
  char** param;
  int ncol;
  const char* const* col;
  const double* const* vals;
  int nscal;
  const char* const* scal_name;
  const double* const* scal;
  const double *s2, *s2_conf;
  const char* used_name;  // the blocks, trajectories or members each quantity used
  const size_t* used;
} JsonTable;

static void json_matrix(MbeJsonWriter* w, const char* key, const double* m, size_t d) {
  mbe_json_write_key(w, key);
  mbe_json_write_array_begin(w);
  for (size_t j = 0; j < d; j++) {
    mbe_json_write_array_begin(w);
    for (size_t k = 0; k < d; k++)
      mbe_json_write_number(w, m[j * d + k]);
    mbe_json_write_array_end(w);
  }
  mbe_json_write_array_end(w);
}

static MbeStatus write_json(const char* dir, const char* name, const JsonTable* t, MbeError* err) {
  MbeStrbuf b;
  mbe_strbuf_init(&b);
  MbeJsonWriter w;
  mbe_json_writer_init(&w, &b);
  mbe_json_write_object_begin(&w);
  mbe_json_write_key(&w, "design");
  mbe_json_write_string(&w, t->design);
  mbe_json_write_key(&w, "parameters");
  mbe_json_write_array_begin(&w);
  for (size_t j = 0; j < t->nparam; j++)
    mbe_json_write_string(&w, t->param[j]);
  mbe_json_write_array_end(&w);
  mbe_json_write_key(&w, "qoi");
  mbe_json_write_object_begin(&w);
  for (size_t q = 0; q < t->nqoi; q++) {
    mbe_json_write_key(&w, t->qoi[q]);
    mbe_json_write_object_begin(&w);
    for (int c = 0; c < t->ncol; c++) {
      mbe_json_write_key(&w, t->col[c]);
      mbe_json_write_array_begin(&w);
      for (size_t j = 0; j < t->nparam; j++)
        mbe_json_write_number(&w, t->vals[c][q * t->nparam + j]);
      mbe_json_write_array_end(&w);
    }
    for (int c = 0; c < t->nscal; c++) {
      mbe_json_write_key(&w, t->scal_name[c]);
      mbe_json_write_number(&w, t->scal[c][q]);
    }
    mbe_json_write_key(&w, t->used_name);
    mbe_json_write_int(&w, (int64_t)t->used[q]);
    const size_t dd = t->nparam * t->nparam;
    if (t->s2)
      json_matrix(&w, "S2", t->s2 + q * dd, t->nparam);
    if (t->s2_conf)
      json_matrix(&w, "S2_conf", t->s2_conf + q * dd, t->nparam);
    mbe_json_write_object_end(&w);
  }
  mbe_json_write_object_end(&w);
  mbe_json_write_object_end(&w);
  mbe_strbuf_puts(&b, "\n");
  if (b.is_oom) {
    mbe_strbuf_deinit(&b);
    return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory writing %s", name);
  }
  return write_table(dir, name, &b, err);
}

// dir/sobol_convergence.csv: qoi, parameter, N, S1, S1_conf, ST, ST_conf
static MbeStatus convergence_write(const char* dir, const MbeSobolIndices* ix, MbeError* err) {
  size_t d = ix->nparam;
  MbeStrbuf a;
  mbe_strbuf_init(&a);
  mbe_strbuf_puts(&a, "qoi,parameter,N,S1,S1_conf,ST,ST_conf\n");
  for (size_t q = 0; q < ix->nqoi; q++) {
    for (size_t j = 0; j < d; j++) {
      for (size_t c = ix->nconv; c-- > 0;) {
        size_t i = (c * ix->nqoi + q) * d + j;
        const char* names[2] = {ix->qoi[q], ix->param[j]};
        double v[5] = {(double)ix->conv_n[c], ix->conv_s1[i], ix->conv_s1_conf[i],
                       ix->conv_st[i], ix->conv_st_conf[i]};
        row(&a, names, 2, v, 5);
      }
    }
  }
  return write_table(dir, "sobol_convergence.csv", &a, err);
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
      const char* names[3] = {ix->qoi[q], ix->param[j], NULL};
      double v[4] = {ix->s1[i], ix->s1_conf[i], ix->st[i], ix->st_conf[i]};
      row(&a, names, 2, v, 4);
      for (size_t k = j + 1; ix->second_order && k < d; k++) {
        size_t i2 = q * d * d + j * d + k;
        names[2] = ix->param[k];
        row(&b, names, 3, (double[2]){ix->s2[i2], ix->s2_conf[i2]}, 2);
      }
    }
  }
  MbeStatus st = write_table(dir, "sobol.csv", &a, err);
  if (st == MBE_OK)
    st = write_table(dir, "sobol_s2.csv", &b, err);
  else
    mbe_strbuf_deinit(&b);
  if (st == MBE_OK)
    st = convergence_write(dir, ix, err);
  const char* col[4] = {"S1", "S1_conf", "ST", "ST_conf"};
  const double* vals[4] = {ix->s1, ix->s1_conf, ix->st, ix->st_conf};
  JsonTable t = {"saltelli", ix->nqoi, ix->nparam, ix->qoi, ix->param, 4, col, vals, 0, NULL, NULL,
                 ix->second_order ? ix->s2 : NULL, ix->second_order ? ix->s2_conf : NULL,
                 "blocks", ix->used};
  return st == MBE_OK ? write_json(dir, "sobol.json", &t, err) : st;
}

MbeStatus mbe_morris_indices_write(const char* dir, const MbeMorrisIndices* ix, MbeError* err) {
  size_t d = ix->nparam;
  MbeStrbuf a;
  mbe_strbuf_init(&a);
  mbe_strbuf_puts(&a, "qoi,parameter,mu,mu_star,sigma,mu_star_conf\n");
  for (size_t q = 0; q < ix->nqoi; q++) {
    for (size_t j = 0; j < d; j++) {
      size_t i = q * d + j;
      const char* names[2] = {ix->qoi[q], ix->param[j]};
      double v[4] = {ix->mu[i], ix->mu_star[i], ix->sigma[i], ix->mu_star_conf[i]};
      row(&a, names, 2, v, 4);
    }
  }
  MbeStatus st = write_table(dir, "morris.csv", &a, err);
  const char* col[4] = {"mu", "mu_star", "sigma", "mu_star_conf"};
  const double* vals[4] = {ix->mu, ix->mu_star, ix->sigma, ix->mu_star_conf};
  JsonTable t = {"morris", ix->nqoi, ix->nparam, ix->qoi, ix->param, 4, col, vals, 0, NULL, NULL,
                 NULL, NULL, "trajectories", ix->used};
  return st == MBE_OK ? write_json(dir, "morris.json", &t, err) : st;
}

MbeStatus mbe_radial_indices_write(const char* dir, const MbeRadialIndices* ix, MbeError* err) {
  size_t d = ix->nparam;
  MbeStrbuf a;
  mbe_strbuf_init(&a);
  mbe_strbuf_puts(&a, "qoi,parameter,ST,ST_conf,mu,mu_star,sigma,mu_star_conf\n");
  for (size_t q = 0; q < ix->nqoi; q++) {
    for (size_t j = 0; j < d; j++) {
      size_t i = q * d + j;
      const char* names[2] = {ix->qoi[q], ix->param[j]};
      double v[6] = {ix->st[i], ix->st_conf[i], ix->mu[i], ix->mu_star[i], ix->sigma[i],
                     ix->mu_star_conf[i]};
      row(&a, names, 2, v, 6);
    }
  }
  MbeStatus st = write_table(dir, "radial.csv", &a, err);
  const char* col[6] = {"ST", "ST_conf", "mu", "mu_star", "sigma", "mu_star_conf"};
  const double* vals[6] = {ix->st, ix->st_conf, ix->mu, ix->mu_star, ix->sigma, ix->mu_star_conf};
  JsonTable t = {"radial", ix->nqoi, ix->nparam, ix->qoi, ix->param, 6, col, vals, 0, NULL, NULL,
                 NULL, NULL, "blocks", ix->used};
  return st == MBE_OK ? write_json(dir, "radial.json", &t, err) : st;
}

MbeStatus mbe_regression_table_write(const char* dir, const MbeRegressionTable* ix,
                                     MbeError* err) {
  size_t d = ix->nparam;
  MbeStrbuf a;
  mbe_strbuf_init(&a);
  mbe_strbuf_puts(&a, "qoi,parameter,SRC,SRRC,PRCC,R2,R2_rank\n");
  for (size_t q = 0; q < ix->nqoi; q++) {
    for (size_t j = 0; j < d; j++) {
      size_t i = q * d + j;
      const char* names[2] = {ix->qoi[q], ix->param[j]};
      double v[5] = {ix->src[i], ix->srrc[i], ix->prcc[i], ix->r2[q], ix->r2_rank[q]};
      row(&a, names, 2, v, 5);
    }
  }
  MbeStatus st = write_table(dir, "regression.csv", &a, err);
  const char* col[3] = {"SRC", "SRRC", "PRCC"};
  const double* vals[3] = {ix->src, ix->srrc, ix->prcc};
  const char* scal_name[2] = {"R2", "R2_rank"};
  const double* scal[2] = {ix->r2, ix->r2_rank};
  JsonTable t = {"regression", ix->nqoi, ix->nparam, ix->qoi, ix->param, 3,       col,
                 vals,         2,        scal_name,  scal,    NULL,      NULL, "members", ix->used};
  return st == MBE_OK ? write_json(dir, "regression.json", &t, err) : st;
}
