// SPDX-License-Identifier: Apache-2.0
// The backend-independent half of the runtime: defaults, backend choice, program creation with
// its self-check, and runs split into batches that each backend launches.
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "mbe_layout.h"
#include "reduce/mbe_sobol.h"
#include "runtime.h"

// mbe_kernel_sizes fields (kernels/mbe_ensemble.cl)
enum { SIZE_NX = 0, SIZE_NP, SIZE_NY, SIZE_REAL_BITS, SIZE_LAYOUT, SIZE_COUNT };

#define MBE_DEF_COOKIE 0x6d62656e

MbeBackendDef mbe_backend_def_default(void) {
  MbeBackendDef d;
  memset(&d, 0, sizeof d);
  d.kind = MBE_BACKEND_AUTO;
  d.use_cache = true;
  d.need_fp64 = true;
  d.cookie = MBE_DEF_COOKIE;
  return d;
}

MbeProgramDef mbe_program_def_default(void) {
  MbeProgramDef d;
  memset(&d, 0, sizeof d);
  d.name = "system";
  d.precision = MBE_PRECISION_DOUBLE;
  return d;
}

MbeRunDef mbe_run_def_default(void) {
  MbeRunDef r;
  memset(&r, 0, sizeof r);
  r.method = MBE_RUN_METHOD_DOPRI5;
  r.t0 = 0.0;
  r.t1 = 1.0;
  r.nout = 501;
  r.h = 0.0;
  r.hmin = 0.0;
  r.hmax = 0.0;
  r.rtol = 1e-6;
  r.atol = 1e-6;
  r.max_steps = 1000000;
  return r;
}

void mbe_string_free(char* s) {
  mbe_free(s);
}

void mbe_run_grid_times(const MbeRunDef* run, double* time) {
  const int n = run->nout;
  const double dt = (run->t1 - run->t0) / (double)(n - 1);
  for (int k = 0; k < n; k++) {
    time[k] = k == n - 1 ? run->t1 : run->t0 + (double)k * dt;
  }
}

const char* mbe_run_status_word(int status) {
  static const char* const WORDS[] = {
#define MBE_RUN_WORD_(name, value, word, text) word,
      MBE_RUN_STATUS_LIST(MBE_RUN_WORD_)
#undef MBE_RUN_WORD_
  };
  return status >= 0 && status < MBE_RUN_COUNT ? WORDS[status] : "unknown";
}

const char* mbe_run_status_text(int status) {
  static const char* const TEXTS[] = {
#define MBE_RUN_TEXT_(name, value, word, text) text,
      MBE_RUN_STATUS_LIST(MBE_RUN_TEXT_)
#undef MBE_RUN_TEXT_
  };
  return status >= 0 && status < MBE_RUN_COUNT ? TEXTS[status] : "unknown status";
}

/* ---- backends ---------------------------------------------------------------------------- */

MbeStatus mbe_backend_create(const MbeBackendDef* def, MbeBackend** out, MbeError* err) {
  *out = NULL;
  MbeBackendDef d = def ? *def : mbe_backend_def_default();
  if (d.cookie != MBE_DEF_COOKIE) {
    return mbe_error_set(err, MBE_ERR_INVALID_ARG,
                         "MbeBackendDef not initialised with mbe_backend_def_default()");
  }
  if ((int)d.kind < 0 || d.kind >= MBE_BACKEND_COUNT || d.threads < 0) {
    return mbe_error_set(err, MBE_ERR_INVALID_ARG, "invalid backend kind or thread count");
  }
  MbeBackend* b = mbe_calloc(1, sizeof *b);
  if (!b) {
    return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
  }

  // the program cache; without one every program is compiled afresh, which costs time but
  // nothing else, so a directory that cannot be used is a warning, not a failure
  MbeStatus st = MBE_OK;
  if (d.use_cache) {
    MbeError why;
    if (mbe_cache_dir(d.cache_dir, "programs", b->cache_dir, sizeof b->cache_dir, &why) != MBE_OK) {
      b->cache_dir[0] = '\0';
      mbe_log(MBE_LOG_WARN,
              "no compiled-kernel cache this run, kernels are compiled afresh: %s; set "
              "MBENS_CACHE_DIR=DIR to keep them in another directory",
              why.message);
    }
  }

  // AUTO: an OpenCL device that fits the run when one exists and was asked for (or none was
  // named), else the CPU
  if (d.kind == MBE_BACKEND_OPENCL) {
    st = mbe_opencl_backend_create(&d, b, err);
  } else if (d.kind == MBE_BACKEND_OPENMP) {
    st = mbe_openmp_backend_create(&d, b, err);
  } else {
    MbeError quiet;
    st = mbe_opencl_backend_create(&d, b, &quiet);
    bool named = (d.device && *d.device) || (getenv("MBENS_DEVICE") && *getenv("MBENS_DEVICE"));
    if (st != MBE_OK && named) {
      if (err) {
        *err = quiet;
      }
    } else if (st != MBE_OK) {
      mbe_log(MBE_LOG_INFO, "no OpenCL device used (%s); running on OpenMP", quiet.message);
      st = mbe_openmp_backend_create(&d, b, err);
    }
  }
  if (st != MBE_OK) {
    mbe_free(b);
    return st;
  }
  *out = b;
  return MBE_OK;
}

void mbe_backend_destroy(MbeBackend* b) {
  if (!b) {
    return;
  }
  b->ops->destroy(b);
  mbe_free(b);
}

void mbe_backend_get_info(const MbeBackend* b, MbeBackendInfo* info) {
  *info = b->info;
}

size_t mbe_devices_opencl(char (*ids)[16], size_t cap, bool need_fp64) {
  return mbe_opencl_device_ids(ids, cap, need_fp64);
}

MbeStatus mbe_devices_describe(char** text, MbeError* err) {
  MbeStrbuf sb;
  mbe_strbuf_init(&sb);
  mbe_opencl_describe(&sb);
  mbe_openmp_describe(&sb);
  if (sb.is_oom) {
    mbe_strbuf_deinit(&sb);
    return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
  }
  *text = sb.data;
  return MBE_OK;
}

/* ---- programs ---------------------------------------------------------------------------- */

MbeStatus mbe_program_source(const MbeProgramDef* def, char** text, MbeError* err) {
  *text = NULL;
  if (!def || !def->system_source) {
    return mbe_error_set(err, MBE_ERR_INVALID_ARG, "no system source");
  }
  MbeStrbuf sb;
  mbe_strbuf_init(&sb);
  MbeStatus st = mbe_program_text_assemble(def->system_source, &sb, err);
  if (st != MBE_OK) {
    mbe_strbuf_deinit(&sb);
    return st;
  }
  *text = sb.data;
  return MBE_OK;
}

MbeStatus mbe_program_create(MbeBackend* b, const MbeProgramDef* def, MbeProgram** out,
                             MbeError* err) {
  *out = NULL;
  if (!def || !def->system_source || (int)def->precision < 0 ||
      def->precision >= MBE_PRECISION_COUNT) {
    return mbe_error_set(err, MBE_ERR_INVALID_ARG, "invalid program definition");
  }
  if (def->precision == MBE_PRECISION_DOUBLE && !b->info.has_fp64) {
    return mbe_error_set(err, MBE_ERR_NO_FP64,
                         "device '%s' has no double precision (cl_khr_fp64); use single precision "
                         "or another device",
                         b->info.device);
  }
  double start = mbe_seconds();
  char* text = NULL;
  MbeStatus st = mbe_program_source(def, &text, err);
  if (st != MBE_OK) {
    return st;
  }
  MbeProgram* prog = mbe_calloc(1, sizeof *prog);
  if (!prog) {
    mbe_free(text);
    return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
  }
  prog->backend = b;
  prog->precision = def->precision;
  st = b->ops->build(b, text, def->precision, &prog->impl, &prog->info, err);
  mbe_free(text);
  if (st != MBE_OK) {
    mbe_free(prog);
    return st;
  }

  // the program reports its own sizes: proof that it loads and runs
  int32_t sizes[SIZE_COUNT] = {0};
  st = b->ops->sizes(b, prog->impl, sizes, err);
  if (st == MBE_OK &&
      (sizes[SIZE_NX] < 1 || sizes[SIZE_NP] < 1 || sizes[SIZE_NY] < 1 ||
       sizes[SIZE_REAL_BITS] != (def->precision == MBE_PRECISION_DOUBLE ? 64 : 32))) {
    st = mbe_error_set(err, MBE_ERR_BUILD,
                       "program '%s' reports invalid sizes nx=%d np=%d ny=%d bits=%d", def->name,
                       sizes[SIZE_NX], sizes[SIZE_NP], sizes[SIZE_NY], sizes[SIZE_REAL_BITS]);
  }
  if (st != MBE_OK) {
    mbe_program_destroy(prog);
    return st;
  }
  prog->info.nx = sizes[SIZE_NX];
  prog->info.np = sizes[SIZE_NP];
  prog->info.ny = sizes[SIZE_NY];
  prog->info.real_bits = sizes[SIZE_REAL_BITS];
  prog->info.build_seconds = mbe_seconds() - start;
  *out = prog;
  return MBE_OK;
}

void mbe_program_destroy(MbeProgram* prog) {
  if (!prog) {
    return;
  }
  prog->backend->ops->release(prog->backend, prog->impl);
  mbe_free(prog);
}

void mbe_program_get_info(const MbeProgram* prog, MbeProgramInfo* info) {
  *info = prog->info;
}

/* ---- runs -------------------------------------------------------------------------------- */

static MbeStatus check_run(const MbeRunDef* r, MbeError* err) {
  if (r->method != MBE_RUN_METHOD_RK4 && r->method != MBE_RUN_METHOD_DOPRI5) {
    return mbe_error_set(err, MBE_ERR_INVALID_ARG, "unknown integration method %d", r->method);
  }
  if (!isfinite(r->t0) || !isfinite(r->t1) || !(r->t1 > r->t0)) {
    return mbe_error_set(err, MBE_ERR_INVALID_ARG,
                         "stop time %g must be finite and after start time %g", r->t1, r->t0);
  }
  if (r->nout < 2) {
    return mbe_error_set(err, MBE_ERR_INVALID_ARG, "need at least 2 output points, got %d",
                         r->nout);
  }
  if (r->method == MBE_RUN_METHOD_RK4 && !(r->h > 0.0)) {
    return mbe_error_set(err, MBE_ERR_INVALID_ARG, "RK4 needs a step size h > 0");
  }
  if (!(r->h >= 0.0) || !(r->hmin >= 0.0) || !(r->hmax >= 0.0)) {
    return mbe_error_set(err, MBE_ERR_INVALID_ARG, "step sizes must be >= 0");
  }
  if (r->method == MBE_RUN_METHOD_DOPRI5 && (!(r->rtol > 0.0) || !(r->atol >= 0.0))) {
    return mbe_error_set(err, MBE_ERR_INVALID_ARG,
                         "tolerances must be rtol > 0 and atol >= 0 (got %g, %g)", r->rtol,
                         r->atol);
  }
  if (r->max_steps < 1) {
    return mbe_error_set(err, MBE_ERR_INVALID_ARG, "max_steps must be >= 1");
  }
  return MBE_OK;
}

// the launch settings of a run, the same for every batch
static void run_config(const MbeRunDef* run, double cfg_r[MBE_CFGR_COUNT],
                       int32_t cfg_i[MBE_CFGI_COUNT]) {
  double span = run->t1 - run->t0;
  cfg_r[MBE_CFGR_T0] = run->t0;
  cfg_r[MBE_CFGR_T1] = run->t1;
  cfg_r[MBE_CFGR_H] = run->h;
  cfg_r[MBE_CFGR_HMIN] = run->hmin > 0.0 ? run->hmin : 1e-12 * span;
  cfg_r[MBE_CFGR_HMAX] = run->hmax > 0.0 ? run->hmax : span;
  cfg_r[MBE_CFGR_RTOL] = run->rtol;
  cfg_r[MBE_CFGR_ATOL] = run->atol;
  cfg_i[MBE_CFGI_METHOD] = (int32_t)run->method;
  cfg_i[MBE_CFGI_NOUT] = (int32_t)run->nout;
  cfg_i[MBE_CFGI_MAX_STEPS] = (int32_t)run->max_steps;
}

static MbeStatus check_reduce(const MbeProgram* prog, const MbeReduceDef* red, MbeError* err) {
  for (size_t j = 0; red && j < red->nqoi; j++) {
    int kind = red->qoi_code[j] & 255;
    if (kind >= MBE_QOI_COUNT || (red->qoi_code[j] & ~(255 | MBE_QOI_ABS)) != 0) {
      return mbe_error_set(err, MBE_ERR_INVALID_ARG, "unknown quantity-of-interest code %d",
                           red->qoi_code[j]);
    }
    if (red->qoi_column[j] < 0 || red->qoi_column[j] >= prog->info.ny) {
      return mbe_error_set(err, MBE_ERR_INVALID_ARG,
                           "quantity of interest %zu reads column %d of %d", j, red->qoi_column[j],
                           prog->info.ny);
    }
  }
  for (size_t j = 0; red && j < red->nstat; j++) {
    if (red->stat_column[j] < 0 || red->stat_column[j] >= prog->info.ny) {
      return mbe_error_set(err, MBE_ERR_INVALID_ARG, "statistics of column %d of %d",
                           red->stat_column[j], prog->info.ny);
    }
  }
  const size_t k = red ? red->sobol_params : 0;
  if (k > 0 && (red->nstat == 0 || k > 65536 ||
                (red->sobol_block != k + 2 && red->sobol_block != 2 * k + 2))) {
    return mbe_error_set(err, MBE_ERR_INVALID_ARG,
                         "Sobol' sums of %zu parameters in blocks of %zu members (%zu series)",
                         red->sobol_params, red->sobol_block, red->nstat);
  }
  return MBE_OK;
}

// device bytes of one member of a batch
static size_t member_bytes(const MbeProgram* prog, const MbeRunDef* run, const MbeReduceDef* red,
                           bool has_x0) {
  size_t rs = prog->precision == MBE_PRECISION_DOUBLE ? 8 : 4;
  size_t nx = (size_t)prog->info.nx, np = (size_t)prog->info.np, ny = (size_t)prog->info.ny;
  size_t nout = (size_t)run->nout;
  size_t nq = red ? red->nqoi : 0, nseries = red ? nout * red->nstat : 0;
  return ((has_x0 ? nx : 0) + np + nout * ny + nq) * rs + MBE_INFO_COUNT * sizeof(int32_t) +
         nseries * 2 * sizeof(uint32_t);
}

size_t mbe_program_batch_limit(const MbeProgram* prog, const MbeRunDef* run,
                               const MbeReduceDef* red, bool has_x0) {
  return prog->backend->ops->batch_limit(prog->backend, member_bytes(prog, run, red, has_x0));
}

size_t mbe_program_batch_host_bytes(const MbeProgram* prog, const MbeRunDef* run,
                                    const MbeReduceDef* red, bool has_x0, bool has_y) {
  static double shape_only;  // marks the arrays present; never read or written
  MbeLaunch l;
  memset(&l, 0, sizeof l);
  l.nvar = 1;
  l.nx = prog->info.nx;
  l.np = prog->info.np;
  l.ny = prog->info.ny;
  l.nout = run->nout;
  l.x0 = has_x0 ? &shape_only : NULL;
  l.y = has_y ? &shape_only : NULL;
  l.nqoi = red ? red->nqoi : 0;
  l.nstat = red ? red->nstat : 0;
  return prog->backend->ops->host_bytes(prog->backend, prog->precision, &l,
                                        member_bytes(prog, run, red, has_x0));
}

MbeStatus mbe_program_run_batch(MbeProgram* prog, const MbeRunDef* run, const MbeReduceDef* red,
                                const MbeBatch* b, MbeError* err) {
  MbeStatus st = check_run(run, err);
  if (st == MBE_OK) {
    st = check_reduce(prog, red, err);
  }
  if (st != MBE_OK || b->n == 0) {
    return st;
  }
  if (red && red->sobol_params > 0 &&
      (b->n % red->sobol_block != 0 || b->n > MBE_REDUCE_NMAX || !b->sobol_part)) {
    return mbe_error_set(err, MBE_ERR_INVALID_ARG,
                         "a batch of %zu members is not whole Saltelli blocks of %zu", b->n,
                         red->sobol_block);
  }
  size_t limit = mbe_program_batch_limit(prog, run, red, b->x0 != NULL);
  if (limit && b->n > limit) {
    return mbe_error_set(err, MBE_ERR_NOMEM,
                         "a batch of %zu members does not fit the device (at most %zu)", b->n,
                         limit);
  }
  double cfg_r[MBE_CFGR_COUNT];
  int32_t cfg_i[MBE_CFGI_COUNT];
  run_config(run, cfg_r, cfg_i);
  MbeLaunch l;
  memset(&l, 0, sizeof l);
  l.cfg_r = cfg_r;
  l.cfg_i = cfg_i;
  l.nvar = b->n;
  l.nx = prog->info.nx;
  l.np = prog->info.np;
  l.ny = prog->info.ny;
  l.nout = run->nout;
  l.x0 = b->x0;
  l.p = b->p;
  l.y = b->y;
  l.info = b->info;
  if (red) {
    l.nqoi = red->nqoi;
    l.qcode = red->qoi_code;
    l.qcol = red->qoi_column;
    l.qlevel = red->qoi_level;
    l.qoi = b->qoi;
    l.nstat = red->nstat;
    l.scol = red->stat_column;
    l.part = b->stat_part;
    l.pairs = b->stat_pairs;
    l.sobol_k = (int)red->sobol_params;
    l.sobol_block = (int)red->sobol_block;
    l.spart = b->sobol_part;
  }
  return prog->backend->ops->launch(prog->backend, prog->impl, prog->precision, &l, err);
}

MbeStatus mbe_program_run(MbeProgram* prog, const MbeRunDef* run, size_t nmember, const double* x0,
                          const double* p, double* y, int32_t* info, MbeError* err) {
  MbeStatus st = check_run(run, err);
  if (st != MBE_OK || nmember == 0) {
    return st;
  }
  const size_t nx = (size_t)prog->info.nx, np = (size_t)prog->info.np;
  const size_t ny = (size_t)prog->info.ny, nout = (size_t)run->nout;

  // batches: what the caller asked for, bounded by what the device holds
  size_t batch = run->batch_size ? run->batch_size : nmember;
  size_t limit = mbe_program_batch_limit(prog, run, NULL, x0 != NULL);
  if (limit && batch > limit) {
    batch = limit;
  }
  if (batch == 0) {
    return mbe_error_set(err, MBE_ERR_NOMEM, "one member (%zu bytes) does not fit the device",
                         member_bytes(prog, run, NULL, x0 != NULL));
  }
  for (size_t first = 0; first < nmember; first += batch) {
    MbeBatch b;
    memset(&b, 0, sizeof b);
    b.n = nmember - first < batch ? nmember - first : batch;
    b.x0 = x0 ? x0 + first * nx : NULL;
    b.p = p + first * np;
    b.y = y + first * nout * ny;
    b.info = info + first * MBE_INFO_COUNT;
    st = mbe_program_run_batch(prog, run, NULL, &b, err);
    if (st != MBE_OK) {
      return st;
    }
  }
  return MBE_OK;
}
