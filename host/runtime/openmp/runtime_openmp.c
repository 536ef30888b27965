// SPDX-License-Identifier: Apache-2.0
// The OpenMP backend: the program text compiled at run time by the system C compiler into a
// shared object (cached by content hash) and loaded with dlopen; members run in parallel over
// CPU threads in the variant-major layout, which is the host layout, so double runs copy nothing.
#define _POSIX_C_SOURCE 200809L
#include <dlfcn.h>
#include <errno.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "mbe_layout.h"
#include "openmp_compile.h"
#include "runtime.h"

// the compiled entry points (kernels/mbe_ensemble.cl compiled as C), per precision
#define MBE_OMP_ENTRIES(R, S)                                                                \
  typedef void Integrate##S(mbe_long v, const R* cfg_r, const int32_t* cfg_i, const R* x0,   \
                            int32_t has_x0, const R* p, R* y, int32_t* info, mbe_long nvar); \
  typedef void Qoi##S(mbe_long v, const R* cfg_r, const int32_t* cfg_i, const R* y,          \
                      const int32_t* info, const int32_t* qcode, const int32_t* qcol,        \
                      const R* qlevel, int32_t nq, R* q, mbe_long nvar);                     \
  typedef void Reduce##S(mbe_long s, const R* y, const int32_t* info, const int32_t* scol,   \
                         int32_t nstat, int32_t nout, int64_t* part, uint32_t* pairs,        \
                         mbe_long nvar);                                                     \
  typedef void Sobol##S(mbe_long s, const R* y, const int32_t* info, const int32_t* scol,    \
                        int32_t nstat, int32_t nout, int32_t k, int32_t block, int64_t* part, \
                        mbe_long nvar);
MBE_OMP_ENTRIES(double, F64)
MBE_OMP_ENTRIES(float, F32)
typedef void SizesFn(mbe_long v, int32_t* sizes);

typedef struct OmpBackend {
  char cc[512];  // the compiler, resolved
  char cc_version[128];
  int threads;
} OmpBackend;

typedef struct OmpProgram {
  void* handle;
  IntegrateF64* integrate_f64;  // the same symbols, typed per precision
  IntegrateF32* integrate_f32;
  QoiF64* qoi_f64;
  QoiF32* qoi_f32;
  ReduceF64* reduce_f64;
  ReduceF32* reduce_f32;
  SobolF64* sobol_f64;
  SobolF32* sobol_f32;
  SizesFn* sizes;
} OmpProgram;

// flags: the identity contract needs no contraction and no relaxed math. -march=native adds
// instructions (fma() inline), and with them GCC's vectorizers fuse a multiply and an add into one
// FMA whatever -ffp-contract says (GCC 12's SLP addsub pattern gives vfmsubadd): two spherical
// pendulums on springs differed from PoCL in the last bit. -fno-tree-vectorize keeps every
// operation the one the source writes.
static const char* const CC_FLAGS[] = {"-O2",    "-std=c11",           "-ffp-contract=off",
                                       "-fPIC",  "-fno-tree-vectorize", "-shared",
                                       "-march=native", "-fvisibility=hidden"};
#define NCC_FLAGS (sizeof CC_FLAGS / sizeof CC_FLAGS[0])

// finds an executable in PATH (or checks a path with a slash)
static bool find_program(const char* name, char* out, size_t out_size) {
  if (strchr(name, '/')) {
    snprintf(out, out_size, "%s", name);
    return access(out, X_OK) == 0;
  }
  const char* path = getenv("PATH");
  if (!path) {
    path = "/usr/local/bin:/usr/bin:/bin";
  }
  for (const char* s = path; *s;) {
    const char* e = strchr(s, ':');
    size_t n = e ? (size_t)(e - s) : strlen(s);
    snprintf(out, out_size, "%.*s/%s", (int)n, s, name);
    if (n && access(out, X_OK) == 0) {
      return true;
    }
    s = e ? e + 1 : s + n;
  }
  return false;
}

static void first_line_of(const char* path, char* out, size_t out_size) {
  out[0] = '\0';
  FILE* f = fopen(path, "r");
  if (f) {
    if (fgets(out, (int)out_size, f)) {
      out[strcspn(out, "\n")] = '\0';
    }
    fclose(f);
  }
}

static void cpu_model(char* out, size_t out_size) {
  snprintf(out, out_size, "CPU");
  FILE* f = fopen("/proc/cpuinfo", "r");
  if (!f) {
    return;
  }
  char line[512];
  while (fgets(line, sizeof line, f)) {
    if (strncmp(line, "model name", 10) == 0) {
      // the text after the colon, when there is any
      const char* c = strchr(line, ':');
      c = c ? c + 1 + strspn(c + 1, " \t") : "";
      size_t n = strcspn(c, "\r\n");
      if (n > 0) {
        snprintf(out, out_size, "%.*s", (int)n, c);
      }
      break;
    }
  }
  fclose(f);
}

// compilers run at once on a text with parts: the threads asked for, else the processors
static int compile_jobs(const OmpBackend* ob) {
  long n = ob->threads > 0 ? ob->threads : sysconf(_SC_NPROCESSORS_ONLN);
  return n < 1 ? 1 : n > 64 ? 64 : (int)n;
}

static MbeStatus omp_build(MbeBackend* b, const char* text, MbePrecision precision, void** impl,
                           MbeProgramInfo* info, MbeError* err) {
  OmpBackend* ob = b->impl;
  const char* bits =
      precision == MBE_PRECISION_DOUBLE ? "-DMBE_REAL_BITS=64" : "-DMBE_REAL_BITS=32";

  // the cache key: compiler, flags, precision and every byte of the text
  MbeSha256 h;
  mbe_sha256_init(&h);
  mbe_sha256_update(&h, "openmp\n", 7);
  mbe_sha256_update(&h, ob->cc, strlen(ob->cc) + 1);
  mbe_sha256_update(&h, ob->cc_version, strlen(ob->cc_version) + 1);
  for (size_t i = 0; i < NCC_FLAGS; i++) {
    mbe_sha256_update(&h, CC_FLAGS[i], strlen(CC_FLAGS[i]) + 1);
  }
  mbe_sha256_update(&h, bits, strlen(bits) + 1);
  mbe_sha256_update(&h, text, strlen(text));
  mbe_sha256_final_hex(&h, info->hash);

  // where the shared object lives: the cache, or a private temporary directory
  char dir[1024];
  bool is_temp = b->cache_dir[0] == '\0';
  if (is_temp) {
    const char* tmp = getenv("TMPDIR");
    snprintf(dir, sizeof dir, "%s/mbens-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(dir)) {
      return mbe_error_set(err, MBE_ERR_IO, "cannot create a temporary directory: %s",
                           strerror(errno));
    }
  } else {
    snprintf(dir, sizeof dir, "%s", b->cache_dir);
  }
  char so_path[1200], base[1200], tmp_so[1200];
  snprintf(so_path, sizeof so_path, "%s/openmp-%s.so", dir, info->hash);
  snprintf(base, sizeof base, "%s/openmp-%s.%ld", dir, info->hash, (long)getpid());
  snprintf(tmp_so, sizeof tmp_so, "%s/openmp-%s.%ld.so", dir, info->hash, (long)getpid());

  MbeStatus st = MBE_OK;
  void* handle = NULL;
  info->from_cache = !is_temp && access(so_path, R_OK) == 0;
  if (info->from_cache) {
    handle = dlopen(so_path, RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
      mbe_log(MBE_LOG_WARN, "cached kernel %s does not load (%s); rebuilding", so_path, dlerror());
      info->from_cache = false;
    }
  }

  // compile into tmp.so, then rename into place
  if (!handle) {
    MbeOmpCompiler c = {ob->cc, CC_FLAGS, NCC_FLAGS, bits, compile_jobs(ob)};
    st = mbe_omp_compile(&c, text, base, tmp_so, err);
    if (st != MBE_OK) {
      goto cleanup;
    }
    if (rename(tmp_so, so_path) != 0) {
      st =
          mbe_error_set(err, MBE_ERR_IO, "cannot move %s into place: %s", so_path, strerror(errno));
      remove(tmp_so);
      goto cleanup;
    }
    handle = dlopen(so_path, RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
      st = mbe_error_set(err, MBE_ERR_DLOPEN, "cannot load %s: %s", so_path, dlerror());
      goto cleanup;
    }
  }

  // the two entry points
  OmpProgram* op = mbe_calloc(1, sizeof *op);
  if (!op) {
    dlclose(handle);
    st = mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
    goto cleanup;
  }
  op->handle = handle;
  // POSIX: a function pointer read through a void* lvalue (dlsym's documented idiom)
  *(void**)&op->integrate_f64 = dlsym(handle, "mbe_kernel_integrate");
  *(void**)&op->integrate_f32 = dlsym(handle, "mbe_kernel_integrate");
  *(void**)&op->qoi_f64 = dlsym(handle, "mbe_kernel_qoi");
  *(void**)&op->qoi_f32 = dlsym(handle, "mbe_kernel_qoi");
  *(void**)&op->reduce_f64 = dlsym(handle, "mbe_kernel_reduce");
  *(void**)&op->reduce_f32 = dlsym(handle, "mbe_kernel_reduce");
  *(void**)&op->sobol_f64 = dlsym(handle, "mbe_kernel_sobol");
  *(void**)&op->sobol_f32 = dlsym(handle, "mbe_kernel_sobol");
  *(void**)&op->sizes = dlsym(handle, "mbe_kernel_sizes");
  if (!op->integrate_f64 || !op->qoi_f64 || !op->reduce_f64 || !op->sobol_f64 || !op->sizes) {
    dlclose(handle);
    mbe_free(op);
    st = mbe_error_set(err, MBE_ERR_DLOPEN, "%s lacks the kernel entry points", so_path);
    goto cleanup;
  }
  *impl = op;

cleanup:
  if (is_temp) {
    remove(so_path);
    rmdir(dir);
  }
  return st;
}

static void omp_release(MbeBackend* b, void* impl) {
  (void)b;
  OmpProgram* op = impl;
  if (op) {
    dlclose(op->handle);
    mbe_free(op);
  }
}

static MbeStatus omp_sizes(MbeBackend* b, void* impl, int32_t* sizes, MbeError* err) {
  (void)b;
  (void)err;
  OmpProgram* op = impl;
  op->sizes(0, sizes);
  return MBE_OK;
}

// copies n doubles to floats (single-precision programs)
static float* to_float(const double* src, size_t n) {
  float* d = mbe_malloc(n ? n * sizeof *d : 1);
  if (d && src) {
    for (size_t i = 0; i < n; i++) {
      d[i] = (float)src[i];
    }
  }
  return d;
}

static void to_double(const float* src, double* dst, size_t n) {
  for (size_t i = 0; src && dst && i < n; i++) {
    dst[i] = (double)src[i];
  }
}

// integrate, then the reductions, each as a parallel loop over its work-items; T and m name
// the entry points of the program's precision
#define MBE_OMP_RUN(T, m, cfg_, x0_, p_, y_, qlevel_, q_)                                          \
  do {                                                                                             \
    Integrate##T* fi = op->integrate_##m;                                                          \
    _Pragma("omp parallel for schedule(dynamic, 8) num_threads(ob->threads)") for (mbe_long v = 0; \
                                                                                   v < nvar;       \
                                                                                   v++) {          \
      fi(v, cfg_, l->cfg_i, x0_, l->x0 != NULL, p_, y_, l->info, nvar);                            \
    }                                                                                              \
    if (l->nqoi > 0) {                                                                             \
      Qoi##T* fq = op->qoi_##m;                                                                    \
      _Pragma("omp parallel for schedule(static) num_threads(ob->threads)") for (mbe_long v = 0;   \
                                                                                 v < nvar; v++) {  \
        fq(v, cfg_, l->cfg_i, y_, l->info, l->qcode, l->qcol, qlevel_, (int32_t)l->nqoi, q_,       \
           nvar);                                                                                  \
      }                                                                                            \
    }                                                                                              \
    if (l->nstat > 0) {                                                                            \
      Reduce##T* fr = op->reduce_##m;                                                              \
      _Pragma("omp parallel for schedule(dynamic, 1) num_threads(ob->threads)") for (mbe_long s =  \
                                                                                         0;        \
                                                                                     s < nseries;  \
                                                                                     s++) {        \
        fr(s, y_, l->info, l->scol, (int32_t)l->nstat, l->nout, l->part, l->pairs, nvar);          \
      }                                                                                            \
    }                                                                                              \
    if (l->nstat > 0 && l->sobol_k > 0) {                                                          \
      Sobol##T* fs = op->sobol_##m;                                                                \
      _Pragma("omp parallel for schedule(dynamic, 1) num_threads(ob->threads)") for (mbe_long s =  \
                                                                                         0;        \
                                                                                     s < nseries;  \
                                                                                     s++) {        \
        fs(s, y_, l->info, l->scol, (int32_t)l->nstat, l->nout, l->sobol_k, l->sobol_block,        \
           l->spart, nvar);                                                                        \
      }                                                                                            \
    }                                                                                              \
  } while (0)

static MbeStatus omp_launch(MbeBackend* b, void* impl, MbePrecision precision, const MbeLaunch* l,
                            MbeError* err) {
  OmpBackend* ob = b->impl;
  OmpProgram* op = impl;
  const mbe_long nvar = (mbe_long)l->nvar;
  const mbe_long nseries = (mbe_long)l->nout * (mbe_long)l->nstat;
  const size_t ny_total = l->nvar * (size_t)l->nout * (size_t)l->ny;

  // double: the host arrays are already in the variant-major layout; trajectories the caller
  // does not want still need a place
  if (precision == MBE_PRECISION_DOUBLE) {
    double* y = l->y ? l->y : mbe_malloc(ny_total ? ny_total * sizeof *y : 1);
    if (!y) {
      return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory for a batch of %zu members", l->nvar);
    }
    MBE_OMP_RUN(F64, f64, l->cfg_r, l->x0, l->p, y, l->qlevel, l->qoi);
    if (y != l->y) {
      mbe_free(y);
    }
    return MBE_OK;
  }

  // single: convert in, run, convert out
  size_t nq_total = l->nvar * l->nqoi;
  float* cfg = to_float(l->cfg_r, MBE_CFGR_COUNT);
  float* x0 = l->x0 ? to_float(l->x0, l->nvar * (size_t)l->nx) : NULL;
  float* p = to_float(l->p, l->nvar * (size_t)l->np);
  float* y = mbe_malloc(ny_total ? ny_total * sizeof *y : 1);
  float* qlevel = to_float(l->qlevel, l->nqoi);
  float* q = mbe_malloc(nq_total ? nq_total * sizeof *q : 1);
  MbeStatus st = MBE_OK;
  if (!cfg || (l->x0 && !x0) || !p || !y || !qlevel || !q) {
    st = mbe_error_set(err, MBE_ERR_NOMEM, "out of memory for a batch of %zu members", l->nvar);
  } else {
    MBE_OMP_RUN(F32, f32, cfg, x0, p, y, qlevel, q);
    to_double(y, l->y, ny_total);
    to_double(q, l->qoi, nq_total);
  }
  mbe_free(cfg);
  mbe_free(x0);
  mbe_free(p);
  mbe_free(y);
  mbe_free(qlevel);
  mbe_free(q);
  return st;
}

static size_t omp_batch_limit(const MbeBackend* b, size_t bytes_per_member) {
  (void)b;
  (void)bytes_per_member;
  return 0;
}

// the outputs a launch keeps when the caller takes none; in single precision, the float copies
// of everything the kernels read and write
static size_t omp_host_bytes(const MbeBackend* b, MbePrecision precision, const MbeLaunch* l,
                             size_t device_bytes) {
  (void)b;
  (void)device_bytes;
  const size_t ny_total = (size_t)l->nout * (size_t)l->ny;
  if (precision == MBE_PRECISION_DOUBLE) {
    return l->y ? 0 : ny_total * sizeof(double);
  }
  return ((l->x0 ? (size_t)l->nx : 0) + (size_t)l->np + ny_total + l->nqoi) * sizeof(float);
}

static void omp_destroy(MbeBackend* b) {
  mbe_free(b->impl);
}

static const MbeBackendOps OMP_OPS = {omp_build,       omp_release,    omp_sizes,  omp_launch,
                                      omp_batch_limit, omp_host_bytes, omp_destroy};

// resolves the compiler and its version line; false when none is found
static bool resolve_compiler(const MbeBackendDef* def, OmpBackend* ob, MbeError* err) {
  const char* env = getenv("CC");
  const char* name = def->cc && *def->cc ? def->cc : env && *env ? env : MBE_RUNTIME_CC;
  if (!find_program(name, ob->cc, sizeof ob->cc)) {
    mbe_error_set(err, MBE_ERR_COMPILER,
                  "the OpenMP backend compiles kernels at run time, but no C compiler '%s' was "
                  "found (%s); install gcc or clang, or name one with --cc or $CC",
                  name,
                  def->cc && *def->cc ? "--cc"
                  : env && *env       ? "from $CC"
                                      : "default");
    return false;
  }
  char log[256];
  snprintf(log, sizeof log, "%s/mbens-ccversion-%ld.txt",
           getenv("TMPDIR") && *getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp", (long)getpid());
  char* argv[] = {ob->cc, "--version", NULL};
  if (mbe_omp_run(argv, log) != 0) {
    remove(log);
    mbe_error_set(err, MBE_ERR_COMPILER, "the C compiler '%s' does not run", ob->cc);
    return false;
  }
  first_line_of(log, ob->cc_version, sizeof ob->cc_version);
  remove(log);
  return true;
}

MbeStatus mbe_openmp_backend_create(const MbeBackendDef* def, MbeBackend* b, MbeError* err) {
  OmpBackend* ob = mbe_calloc(1, sizeof *ob);
  if (!ob) {
    return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
  }
  if (!resolve_compiler(def, ob, err)) {
    mbe_free(ob);
    return err ? err->code : MBE_ERR_COMPILER;
  }
  ob->threads = def->threads > 0 ? def->threads : omp_get_max_threads();

  // what `devices` and the manifest show
  b->ops = &OMP_OPS;
  b->impl = ob;
  MbeBackendInfo* info = &b->info;
  memset(info, 0, sizeof *info);
  info->kind = MBE_BACKEND_OPENMP;
  snprintf(info->platform, sizeof info->platform, "OpenMP");
  cpu_model(info->device, sizeof info->device);

  // the compiler's version line, or its path when it prints none: never an empty field
  snprintf(info->version, sizeof info->version, "%.*s", (int)sizeof info->version - 1,
           ob->cc_version[0] ? ob->cc_version : ob->cc);
  info->has_fp64 = true;
  info->compute_units = ob->threads;
  long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
  info->global_mem = pages > 0 && page > 0 ? (uint64_t)pages * (uint64_t)page : 0;
  info->max_alloc = info->global_mem;
  info->is_host_memory = true;
  return MBE_OK;
}

void mbe_openmp_describe(MbeStrbuf* out) {
  MbeBackendDef def = mbe_backend_def_default();
  OmpBackend ob;
  memset(&ob, 0, sizeof ob);
  char cpu[128];
  cpu_model(cpu, sizeof cpu);
  MbeError err;
  mbe_error_clear(&err);
  mbe_strbuf_printf(out, "OpenMP (CPU fallback)\n  device:   %s\n  threads:  %d (of %d cores)\n",
                    cpu, omp_get_max_threads(), omp_get_num_procs());
  if (resolve_compiler(&def, &ob, &err)) {
    mbe_strbuf_printf(out, "  compiler: %s%s%s%s\n  fp64:     yes\n", ob.cc,
                      ob.cc_version[0] ? " (" : "", ob.cc_version, ob.cc_version[0] ? ")" : "");
  } else {
    mbe_strbuf_printf(out, "  compiler: none: %s\n", err.message);
  }
}
