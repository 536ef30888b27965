// SPDX-License-Identifier: Apache-2.0
// The OpenCL backend: device enumeration and choice, program build with the build log on failure,
// program binaries cached by content hash, batches in the variant-fastest layout.
#define _POSIX_C_SOURCE 200809L
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "mbe_layout.h"
#include "reduce/mbe_reduce.h"
#include "runtime.h"

// converts a failed OpenCL call into MBE_ERR_OPENCL with the call and the error name, then jumps
// to the cleanup label (Khronos SDK OCLERROR_RET style)
#define MBE_CL_CHECK(call, st, err, label)                                     \
  do {                                                                         \
    cl_int mbe_cl_rc_ = (call);                                                \
    if (mbe_cl_rc_ != CL_SUCCESS) {                                            \
      (st) = mbe_error_set((err), MBE_ERR_OPENCL, "%s failed: %s (%d)", #call, \
                           cl_error_name(mbe_cl_rc_), (int)mbe_cl_rc_);        \
      goto label;                                                              \
    }                                                                          \
  } while (0)

static const char* cl_error_name(cl_int rc) {
  switch (rc) {
    case CL_DEVICE_NOT_FOUND: return "CL_DEVICE_NOT_FOUND";
    case CL_DEVICE_NOT_AVAILABLE: return "CL_DEVICE_NOT_AVAILABLE";
    case CL_COMPILER_NOT_AVAILABLE: return "CL_COMPILER_NOT_AVAILABLE";
    case CL_MEM_OBJECT_ALLOCATION_FAILURE: return "CL_MEM_OBJECT_ALLOCATION_FAILURE";
    case CL_OUT_OF_RESOURCES: return "CL_OUT_OF_RESOURCES";
    case CL_OUT_OF_HOST_MEMORY: return "CL_OUT_OF_HOST_MEMORY";
    case CL_BUILD_PROGRAM_FAILURE: return "CL_BUILD_PROGRAM_FAILURE";
    case CL_INVALID_VALUE: return "CL_INVALID_VALUE";
    case CL_INVALID_DEVICE: return "CL_INVALID_DEVICE";
    case CL_INVALID_BINARY: return "CL_INVALID_BINARY";
    case CL_INVALID_BUILD_OPTIONS: return "CL_INVALID_BUILD_OPTIONS";
    case CL_INVALID_PROGRAM: return "CL_INVALID_PROGRAM";
    case CL_INVALID_PROGRAM_EXECUTABLE: return "CL_INVALID_PROGRAM_EXECUTABLE";
    case CL_INVALID_KERNEL_NAME: return "CL_INVALID_KERNEL_NAME";
    case CL_INVALID_KERNEL_ARGS: return "CL_INVALID_KERNEL_ARGS";
    case CL_INVALID_ARG_SIZE: return "CL_INVALID_ARG_SIZE";
    case CL_INVALID_WORK_GROUP_SIZE: return "CL_INVALID_WORK_GROUP_SIZE";
    case CL_INVALID_WORK_ITEM_SIZE: return "CL_INVALID_WORK_ITEM_SIZE";
    case CL_INVALID_BUFFER_SIZE: return "CL_INVALID_BUFFER_SIZE";
    case CL_INVALID_COMMAND_QUEUE: return "CL_INVALID_COMMAND_QUEUE";
    case CL_INVALID_CONTEXT: return "CL_INVALID_CONTEXT";
    case CL_INVALID_MEM_OBJECT: return "CL_INVALID_MEM_OBJECT";
    case CL_INVALID_OPERATION: return "CL_INVALID_OPERATION";
    case -1001: return "CL_PLATFORM_NOT_FOUND_KHR (no OpenCL driver installed)";
    default: return "OpenCL error";
  }
}

typedef struct ClBackend {
  cl_platform_id platform;
  cl_device_id device;
  cl_context context;
  cl_command_queue queue;
  char identity[1024];  // platform + device + driver, part of the cache key
  bool fp32_correct_div_sqrt;
} ClBackend;

typedef struct ClProgram {
  cl_program program;
  cl_kernel integrate;
  cl_kernel qoi;
  cl_kernel reduce;
  cl_kernel sizes;
} ClProgram;

/* ---- devices ----------------------------------------------------------------------------- */

// every device of every platform, in platform order
typedef struct ClDeviceList {
  cl_platform_id platform[64];
  cl_device_id device[64];
  int pindex[64], dindex[64];
  int n;
} ClDeviceList;

static void list_devices(ClDeviceList* l) {
  l->n = 0;
  cl_platform_id plats[16];
  cl_uint np = 0;
  if (clGetPlatformIDs(16, plats, &np) != CL_SUCCESS) {
    return;
  }
  for (cl_uint i = 0; i < np && i < 16; i++) {
    cl_device_id devs[16];
    cl_uint nd = 0;
    if (clGetDeviceIDs(plats[i], CL_DEVICE_TYPE_ALL, 16, devs, &nd) != CL_SUCCESS) {
      continue;
    }
    for (cl_uint j = 0; j < nd && j < 16 && l->n < 64; j++) {
      l->platform[l->n] = plats[i];
      l->device[l->n] = devs[j];
      l->pindex[l->n] = (int)i;
      l->dindex[l->n] = (int)j;
      l->n++;
    }
  }
}

static void device_str(cl_device_id d, cl_device_info what, char* out, size_t size) {
  out[0] = '\0';
  if (clGetDeviceInfo(d, what, size, out, NULL) != CL_SUCCESS) {
    out[0] = '\0';
  }
  out[size - 1] = '\0';
}

static void platform_str(cl_platform_id p, cl_platform_info what, char* out, size_t size) {
  out[0] = '\0';
  if (clGetPlatformInfo(p, what, size, out, NULL) != CL_SUCCESS) {
    out[0] = '\0';
  }
  out[size - 1] = '\0';
}

static bool device_has_fp64(cl_device_id d) {
  cl_device_fp_config cfg = 0;
  clGetDeviceInfo(d, CL_DEVICE_DOUBLE_FP_CONFIG, sizeof cfg, &cfg, NULL);
  if (cfg) {
    return true;
  }
  char ext[4096];
  device_str(d, CL_DEVICE_EXTENSIONS, ext, sizeof ext);
  return strstr(ext, "cl_khr_fp64") != NULL;
}

static bool contains_nocase(const char* hay, const char* needle) {
  size_t n = strlen(needle);
  for (const char* h = hay; *h; h++) {
    size_t i = 0;
    while (i < n && h[i] && tolower((unsigned char)h[i]) == tolower((unsigned char)needle[i])) {
      i++;
    }
    if (i == n) {
      return true;
    }
  }
  return n == 0;
}

// picks a device: "P:D", a name fragment, or (spec NULL) the best GPU/accelerator; -1 if none.
// cpu_ok: whether a CPU device may be chosen when no spec names one.
static int choose_device(const ClDeviceList* l, const char* spec, bool need_fp64, bool cpu_ok) {
  if (spec && *spec) {
    int p, d;
    char tail;
    if (sscanf(spec, "%d:%d%c", &p, &d, &tail) == 2) {
      for (int i = 0; i < l->n; i++) {
        if (l->pindex[i] == p && l->dindex[i] == d) {
          return i;
        }
      }
      return -1;
    }
    for (int i = 0; i < l->n; i++) {
      char name[256], pname[256];
      device_str(l->device[i], CL_DEVICE_NAME, name, sizeof name);
      platform_str(l->platform[i], CL_PLATFORM_NAME, pname, sizeof pname);
      if (contains_nocase(name, spec) || contains_nocase(pname, spec)) {
        return i;
      }
    }
    return -1;
  }

  // best: GPU over accelerator over CPU, then compute units x clock
  int best = -1;
  double best_score = -1.0;
  for (int i = 0; i < l->n; i++) {
    cl_device_type type = 0;
    cl_uint cu = 0, mhz = 0;
    clGetDeviceInfo(l->device[i], CL_DEVICE_TYPE, sizeof type, &type, NULL);
    clGetDeviceInfo(l->device[i], CL_DEVICE_MAX_COMPUTE_UNITS, sizeof cu, &cu, NULL);
    clGetDeviceInfo(l->device[i], CL_DEVICE_MAX_CLOCK_FREQUENCY, sizeof mhz, &mhz, NULL);
    bool is_cpu = (type & CL_DEVICE_TYPE_CPU) != 0;
    if ((need_fp64 && !device_has_fp64(l->device[i])) || (is_cpu && !cpu_ok)) {
      continue;
    }
    double rank = (type & CL_DEVICE_TYPE_GPU)           ? 3.0
                  : (type & CL_DEVICE_TYPE_ACCELERATOR) ? 2.0
                                                        : 1.0;
    double score = rank * 1e12 + (double)cu * (double)(mhz ? mhz : 1);
    if (score > best_score) {
      best_score = score;
      best = i;
    }
  }
  return best;
}

void mbe_opencl_describe(MbeStrbuf* out) {
  ClDeviceList l;
  list_devices(&l);
  if (l.n == 0) {
    mbe_strbuf_puts(out,
                    "OpenCL: no platform or device found (install an ICD, e.g. Debian's "
                    "pocl-opencl-icd for CPUs or the GPU vendor's driver)\n");
    return;
  }
  int last_platform = -1;
  for (int i = 0; i < l.n; i++) {
    char name[256], pname[256], pver[256], dver[256], cver[256];
    if (l.pindex[i] != last_platform) {
      platform_str(l.platform[i], CL_PLATFORM_NAME, pname, sizeof pname);
      platform_str(l.platform[i], CL_PLATFORM_VERSION, pver, sizeof pver);
      mbe_strbuf_printf(out, "OpenCL platform %d: %s (%s)\n", l.pindex[i], pname, pver);
      last_platform = l.pindex[i];
    }
    device_str(l.device[i], CL_DEVICE_NAME, name, sizeof name);
    device_str(l.device[i], CL_DEVICE_VERSION, cver, sizeof cver);
    device_str(l.device[i], CL_DRIVER_VERSION, dver, sizeof dver);
    cl_device_type type = 0;
    cl_uint cu = 0, mhz = 0;
    cl_ulong mem = 0, alloc = 0;
    clGetDeviceInfo(l.device[i], CL_DEVICE_TYPE, sizeof type, &type, NULL);
    clGetDeviceInfo(l.device[i], CL_DEVICE_MAX_COMPUTE_UNITS, sizeof cu, &cu, NULL);
    clGetDeviceInfo(l.device[i], CL_DEVICE_MAX_CLOCK_FREQUENCY, sizeof mhz, &mhz, NULL);
    clGetDeviceInfo(l.device[i], CL_DEVICE_GLOBAL_MEM_SIZE, sizeof mem, &mem, NULL);
    clGetDeviceInfo(l.device[i], CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof alloc, &alloc, NULL);
    const char* kind = (type & CL_DEVICE_TYPE_GPU)           ? "GPU"
                       : (type & CL_DEVICE_TYPE_ACCELERATOR) ? "accelerator"
                       : (type & CL_DEVICE_TYPE_CPU)         ? "CPU"
                                                             : "other";
    mbe_strbuf_printf(out,
                      "  device %d:%d  %s [%s]\n    version: %s, driver %s\n    fp64: %s, compute "
                      "units: %u @ %u MHz, memory: %.2f GiB (largest buffer %.2f GiB)\n",
                      l.pindex[i], l.dindex[i], name, kind, cver, dver,
                      device_has_fp64(l.device[i]) ? "yes" : "no", cu, mhz,
                      (double)mem / 1073741824.0, (double)alloc / 1073741824.0);
  }
}

/* ---- programs ---------------------------------------------------------------------------- */

static void build_options(const ClBackend* cb, MbePrecision precision, char* out, size_t size) {
  snprintf(out, size, "-cl-std=CL1.2 -DMBE_OPENCL=1 -DMBE_LAYOUT_VARIANT_FASTEST=1 %s%s",
           precision == MBE_PRECISION_DOUBLE ? "-DMBE_REAL_BITS=64" : "-DMBE_REAL_BITS=32",
           precision == MBE_PRECISION_SINGLE && cb->fp32_correct_div_sqrt
               ? " -cl-fp32-correctly-rounded-divide-sqrt"
               : "");
}

// the build log of a failed build, logged whole and summarised into err
static MbeStatus build_failure(const ClBackend* cb, cl_program prog, cl_int rc, MbeError* err) {
  size_t n = 0;
  clGetProgramBuildInfo(prog, cb->device, CL_PROGRAM_BUILD_LOG, 0, NULL, &n);
  char* log = mbe_malloc(n + 1);
  if (log) {
    log[0] = '\0';
    clGetProgramBuildInfo(prog, cb->device, CL_PROGRAM_BUILD_LOG, n, log, NULL);
    log[n] = '\0';
  }
  mbe_log(MBE_LOG_ERROR, "OpenCL build log:\n%s", log ? log : "(none)");
  MbeStatus st = mbe_error_set(err, MBE_ERR_BUILD, "OpenCL program build failed (%s):\n%.400s",
                               cl_error_name(rc), log ? log : "");
  mbe_free(log);
  return st;
}

// tries the cached binary; NULL when absent or unusable
static cl_program load_cached(ClBackend* cb, const char* path, const char* options) {
  char* bin = NULL;
  size_t size = 0;
  if (access(path, R_OK) != 0 || mbe_file_read(path, &bin, &size, NULL) != MBE_OK) {
    return NULL;
  }
  const unsigned char* bins[1] = {(const unsigned char*)bin};
  cl_int status = CL_SUCCESS, rc = CL_SUCCESS;
  cl_program prog =
      clCreateProgramWithBinary(cb->context, 1, &cb->device, &size, bins, &status, &rc);
  mbe_free(bin);
  if (rc != CL_SUCCESS || status != CL_SUCCESS) {
    return NULL;
  }
  if (clBuildProgram(prog, 1, &cb->device, options, NULL, NULL) != CL_SUCCESS) {
    clReleaseProgram(prog);
    return NULL;
  }
  return prog;
}

// stores the program binary in the cache; a failure only costs the next run a rebuild
static void store_binary(ClBackend* cb, cl_program prog, const char* path) {
  size_t size = 0;
  if (clGetProgramInfo(prog, CL_PROGRAM_BINARY_SIZES, sizeof size, &size, NULL) != CL_SUCCESS ||
      size == 0) {
    return;
  }
  unsigned char* bin = mbe_malloc(size);
  if (!bin) {
    return;
  }
  unsigned char* bins[1] = {bin};
  if (clGetProgramInfo(prog, CL_PROGRAM_BINARIES, sizeof bins, bins, NULL) == CL_SUCCESS) {
    MbeError err;
    if (mbe_file_write_atomic(path, bin, size, &err) != MBE_OK) {
      mbe_log(MBE_LOG_INFO, "program cache not written: %s", err.message);
    }
  }
  (void)cb;
  mbe_free(bin);
}

static MbeStatus cl_build(MbeBackend* b, const char* text, MbePrecision precision, void** impl,
                          MbeProgramInfo* info, MbeError* err) {
  ClBackend* cb = b->impl;
  char options[512];
  build_options(cb, precision, options, sizeof options);

  // the cache key: device identity, options and every byte of the text
  MbeSha256 h;
  mbe_sha256_init(&h);
  mbe_sha256_update(&h, "opencl\n", 7);
  mbe_sha256_update(&h, cb->identity, strlen(cb->identity) + 1);
  mbe_sha256_update(&h, options, strlen(options) + 1);
  mbe_sha256_update(&h, text, strlen(text));
  mbe_sha256_final_hex(&h, info->hash);
  char path[1200] = "";
  if (b->cache_dir[0]) {
    snprintf(path, sizeof path, "%s/opencl-%s.bin", b->cache_dir, info->hash);
  }

  MbeStatus st = MBE_OK;
  cl_int rc = CL_SUCCESS;
  cl_program prog = path[0] ? load_cached(cb, path, options) : NULL;
  info->from_cache = prog != NULL;
  if (!prog) {
    size_t len = strlen(text);
    prog = clCreateProgramWithSource(cb->context, 1, &text, &len, &rc);
    MBE_CL_CHECK(rc, st, err, fail);
    rc = clBuildProgram(prog, 1, &cb->device, options, NULL, NULL);
    if (rc != CL_SUCCESS) {
      st = build_failure(cb, prog, rc, err);
      goto release_program;
    }
    if (path[0]) {
      store_binary(cb, prog, path);
    }
  }

  // the two kernels
  ClProgram* cp = mbe_calloc(1, sizeof *cp);
  if (!cp) {
    st = mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
    goto release_program;
  }
  cp->program = prog;
  cp->integrate = clCreateKernel(prog, "mbe_kernel_integrate", &rc);
  MBE_CL_CHECK(rc, st, err, release_cp);
  cp->qoi = clCreateKernel(prog, "mbe_kernel_qoi", &rc);
  MBE_CL_CHECK(rc, st, err, release_integrate);
  cp->reduce = clCreateKernel(prog, "mbe_kernel_reduce", &rc);
  MBE_CL_CHECK(rc, st, err, release_qoi);
  cp->sizes = clCreateKernel(prog, "mbe_kernel_sizes", &rc);
  MBE_CL_CHECK(rc, st, err, release_reduce);
  *impl = cp;
  return MBE_OK;

release_reduce:
  clReleaseKernel(cp->reduce);
release_qoi:
  clReleaseKernel(cp->qoi);
release_integrate:
  clReleaseKernel(cp->integrate);
release_cp:
  mbe_free(cp);
release_program:
  clReleaseProgram(prog);
fail:
  return st;
}

static void cl_release(MbeBackend* b, void* impl) {
  (void)b;
  ClProgram* cp = impl;
  if (!cp) {
    return;
  }
  clReleaseKernel(cp->sizes);
  clReleaseKernel(cp->reduce);
  clReleaseKernel(cp->qoi);
  clReleaseKernel(cp->integrate);
  clReleaseProgram(cp->program);
  mbe_free(cp);
}

static MbeStatus cl_sizes(MbeBackend* b, void* impl, int32_t* sizes, MbeError* err) {
  ClBackend* cb = b->impl;
  ClProgram* cp = impl;
  MbeStatus st = MBE_OK;
  cl_int rc;
  int32_t host[8] = {0};
  cl_mem buf = clCreateBuffer(cb->context, CL_MEM_WRITE_ONLY, sizeof host, NULL, &rc);
  MBE_CL_CHECK(rc, st, err, done);
  MBE_CL_CHECK(clSetKernelArg(cp->sizes, 0, sizeof buf, &buf), st, err, release);
  size_t one = 1;
  MBE_CL_CHECK(clEnqueueNDRangeKernel(cb->queue, cp->sizes, 1, NULL, &one, NULL, 0, NULL, NULL), st,
               err, release);
  MBE_CL_CHECK(clEnqueueReadBuffer(cb->queue, buf, CL_TRUE, 0, sizeof host, host, 0, NULL, NULL),
               st, err, release);
  memcpy(sizes, host, 5 * sizeof *sizes);
release:
  clReleaseMemObject(buf);
done:
  return st;
}

/* ---- runs -------------------------------------------------------------------------------- */

// host member-major (v*n + i) -> device variant-fastest (i*nvar + v), in the program precision
static void* pack(const double* src, size_t nvar, size_t n, bool single) {
  size_t count = nvar * n;
  void* dst = mbe_malloc(count ? count * (single ? 4 : 8) : 1);
  if (!dst) {
    return NULL;
  }
  for (size_t v = 0; v < nvar; v++) {
    for (size_t i = 0; i < n; i++) {
      if (single) {
        ((float*)dst)[i * nvar + v] = (float)src[v * n + i];
      } else {
        ((double*)dst)[i * nvar + v] = src[v * n + i];
      }
    }
  }
  return dst;
}

// device variant-fastest (i*nvar + v) in the program precision -> host member-major doubles
static void unpack(const void* src, size_t nvar, size_t n, bool single, double* dst) {
  for (size_t v = 0; v < nvar; v++) {
    for (size_t i = 0; i < n; i++) {
      dst[v * n + i] =
          single ? (double)((const float*)src)[i * nvar + v] : ((const double*)src)[i * nvar + v];
    }
  }
}

static cl_mem upload(ClBackend* cb, const void* data, size_t bytes, cl_mem_flags flags,
                     cl_int* rc) {
  return clCreateBuffer(cb->context, flags | (data ? CL_MEM_COPY_HOST_PTR : 0), bytes ? bytes : 8,
                        data ? (void*)data : NULL, rc);
}

// the buffers and host staging of one launch
typedef struct ClLaunch {
  cl_mem cfg_r, cfg_i, x0, p, y, info, qcode, qcol, qlevel, q, scol, part, pairs;
  void *hcfg, *hx0, *hp, *hy, *hqlevel, *hq;
  int32_t* hinfo;
} ClLaunch;

static void launch_release(ClLaunch* c) {
  cl_mem* m[] = {&c->cfg_r, &c->cfg_i,  &c->x0, &c->p,    &c->y,    &c->info, &c->qcode,
                 &c->qcol,  &c->qlevel, &c->q,  &c->scol, &c->part, &c->pairs};
  for (size_t i = 0; i < sizeof m / sizeof m[0]; i++) {
    if (*m[i]) {
      clReleaseMemObject(*m[i]);
    }
  }
  mbe_free(c->hcfg);
  mbe_free(c->hx0);
  mbe_free(c->hp);
  mbe_free(c->hy);
  mbe_free(c->hqlevel);
  mbe_free(c->hq);
  mbe_free(c->hinfo);
}

// sets the kernel's arguments in order (cl_mem handles and scalars by size)
#define ARG(k, i, v) MBE_CL_CHECK(clSetKernelArg((k), (i), sizeof(v), &(v)), st, err, release)

static MbeStatus cl_launch(MbeBackend* b, void* impl, MbePrecision precision, const MbeLaunch* l,
                           MbeError* err) {
  ClBackend* cb = b->impl;
  ClProgram* cp = impl;
  const bool single = precision == MBE_PRECISION_SINGLE;
  const size_t rs = single ? 4 : 8, nvar = l->nvar;
  const size_t nyt = (size_t)l->nout * (size_t)l->ny;
  const size_t nseries = (size_t)l->nout * l->nstat;
  MbeStatus st = MBE_OK;
  cl_int rc = CL_SUCCESS;
  ClLaunch c;
  memset(&c, 0, sizeof c);

  // host staging in device layout and precision
  c.hcfg = pack(l->cfg_r, 1, MBE_CFGR_COUNT, single);
  c.hx0 = l->x0 ? pack(l->x0, nvar, (size_t)l->nx, single) : NULL;
  c.hp = pack(l->p, nvar, (size_t)l->np, single);
  c.hy = l->y ? mbe_malloc(nvar * nyt * rs) : NULL;
  c.hqlevel = l->nqoi ? pack(l->qlevel, 1, l->nqoi, single) : NULL;
  c.hq = l->nqoi ? mbe_malloc(nvar * l->nqoi * rs) : NULL;
  c.hinfo = mbe_malloc(nvar * MBE_INFO_COUNT * sizeof *c.hinfo);
  if (!c.hcfg || (l->x0 && !c.hx0) || !c.hp || (l->y && !c.hy) ||
      (l->nqoi && (!c.hqlevel || !c.hq)) || !c.hinfo) {
    st = mbe_error_set(err, MBE_ERR_NOMEM, "out of host memory for a batch of %zu members", nvar);
    goto release;
  }

  // device buffers
  c.cfg_r = upload(cb, c.hcfg, MBE_CFGR_COUNT * rs, CL_MEM_READ_ONLY, &rc);
  MBE_CL_CHECK(rc, st, err, release);
  c.cfg_i = upload(cb, l->cfg_i, MBE_CFGI_COUNT * sizeof(int32_t), CL_MEM_READ_ONLY, &rc);
  MBE_CL_CHECK(rc, st, err, release);
  c.x0 = upload(cb, c.hx0, c.hx0 ? nvar * (size_t)l->nx * rs : 8, CL_MEM_READ_ONLY, &rc);
  MBE_CL_CHECK(rc, st, err, release);
  c.p = upload(cb, c.hp, nvar * (size_t)l->np * rs, CL_MEM_READ_ONLY, &rc);
  MBE_CL_CHECK(rc, st, err, release);
  c.y = upload(cb, NULL, nvar * nyt * rs, CL_MEM_READ_WRITE, &rc);
  MBE_CL_CHECK(rc, st, err, release);
  c.info = upload(cb, NULL, nvar * MBE_INFO_COUNT * sizeof(int32_t), CL_MEM_READ_WRITE, &rc);
  MBE_CL_CHECK(rc, st, err, release);

  // integrate: one work-item per member, the range rounded up to a multiple of 64
  cl_long nv = (cl_long)nvar;
  cl_int has_x0 = l->x0 != NULL;
  cl_kernel k = cp->integrate;
  ARG(k, 0, c.cfg_r);
  ARG(k, 1, c.cfg_i);
  ARG(k, 2, c.x0);
  ARG(k, 3, has_x0);
  ARG(k, 4, c.p);
  ARG(k, 5, c.y);
  ARG(k, 6, c.info);
  ARG(k, 7, nv);
  size_t global = (nvar + 63) / 64 * 64;
  MBE_CL_CHECK(clEnqueueNDRangeKernel(cb->queue, k, 1, NULL, &global, NULL, 0, NULL, NULL), st, err,
               release);

  // quantities of interest: one work-item per member
  if (l->nqoi > 0) {
    cl_int nq = (cl_int)l->nqoi;
    c.qcode = upload(cb, l->qcode, l->nqoi * sizeof(int32_t), CL_MEM_READ_ONLY, &rc);
    MBE_CL_CHECK(rc, st, err, release);
    c.qcol = upload(cb, l->qcol, l->nqoi * sizeof(int32_t), CL_MEM_READ_ONLY, &rc);
    MBE_CL_CHECK(rc, st, err, release);
    c.qlevel = upload(cb, c.hqlevel, l->nqoi * rs, CL_MEM_READ_ONLY, &rc);
    MBE_CL_CHECK(rc, st, err, release);
    c.q = upload(cb, NULL, nvar * l->nqoi * rs, CL_MEM_WRITE_ONLY, &rc);
    MBE_CL_CHECK(rc, st, err, release);
    k = cp->qoi;
    ARG(k, 0, c.cfg_r);
    ARG(k, 1, c.cfg_i);
    ARG(k, 2, c.y);
    ARG(k, 3, c.info);
    ARG(k, 4, c.qcode);
    ARG(k, 5, c.qcol);
    ARG(k, 6, c.qlevel);
    ARG(k, 7, nq);
    ARG(k, 8, c.q);
    ARG(k, 9, nv);
    MBE_CL_CHECK(clEnqueueNDRangeKernel(cb->queue, k, 1, NULL, &global, NULL, 0, NULL, NULL), st,
                 err, release);
  }

  // statistics: one work-item per series
  if (nseries > 0) {
    cl_int nstat = (cl_int)l->nstat, nout = (cl_int)l->nout;
    c.scol = upload(cb, l->scol, l->nstat * sizeof(int32_t), CL_MEM_READ_ONLY, &rc);
    MBE_CL_CHECK(rc, st, err, release);
    c.part =
        upload(cb, NULL, nseries * MBE_REDUCE_PART_WORDS * sizeof(int64_t), CL_MEM_WRITE_ONLY, &rc);
    MBE_CL_CHECK(rc, st, err, release);
    c.pairs = upload(cb, NULL, nseries * 2 * nvar * sizeof(uint32_t), CL_MEM_READ_WRITE, &rc);
    MBE_CL_CHECK(rc, st, err, release);
    k = cp->reduce;
    ARG(k, 0, c.y);
    ARG(k, 1, c.info);
    ARG(k, 2, c.scol);
    ARG(k, 3, nstat);
    ARG(k, 4, nout);
    ARG(k, 5, c.part);
    ARG(k, 6, c.pairs);
    ARG(k, 7, nv);
    size_t gs = (nseries + 63) / 64 * 64;
    MBE_CL_CHECK(clEnqueueNDRangeKernel(cb->queue, k, 1, NULL, &gs, NULL, 0, NULL, NULL), st, err,
                 release);
  }

  // results back: info, trajectories when asked, quantities, series records and their pairs
  MBE_CL_CHECK(clEnqueueReadBuffer(cb->queue, c.info, CL_TRUE, 0,
                                   nvar * MBE_INFO_COUNT * sizeof(int32_t), c.hinfo, 0, NULL, NULL),
               st, err, release);
  for (size_t v = 0; v < nvar; v++) {
    for (size_t f = 0; f < MBE_INFO_COUNT; f++) {
      l->info[v * MBE_INFO_COUNT + f] = c.hinfo[f * nvar + v];
    }
  }
  if (l->y) {
    MBE_CL_CHECK(
        clEnqueueReadBuffer(cb->queue, c.y, CL_TRUE, 0, nvar * nyt * rs, c.hy, 0, NULL, NULL), st,
        err, release);
    unpack(c.hy, nvar, nyt, single, l->y);
  }
  if (l->nqoi > 0) {
    MBE_CL_CHECK(
        clEnqueueReadBuffer(cb->queue, c.q, CL_TRUE, 0, nvar * l->nqoi * rs, c.hq, 0, NULL, NULL),
        st, err, release);
    unpack(c.hq, nvar, l->nqoi, single, l->qoi);
  }
  if (nseries > 0) {
    MBE_CL_CHECK(clEnqueueReadBuffer(cb->queue, c.part, CL_TRUE, 0,
                                     nseries * MBE_REDUCE_PART_WORDS * sizeof(int64_t), l->part, 0,
                                     NULL, NULL),
                 st, err, release);
    for (size_t sr = 0; sr < nseries; sr++) {
      size_t npairs = (size_t)l->part[sr * MBE_REDUCE_PART_WORDS + MBE_REDUCE_PART_NPAIRS];
      if (npairs == 0) {
        continue;
      }
      size_t off = sr * 2 * nvar * sizeof(uint32_t);
      MBE_CL_CHECK(
          clEnqueueReadBuffer(cb->queue, c.pairs, CL_FALSE, off, 2 * npairs * sizeof(uint32_t),
                              l->pairs + sr * 2 * nvar, 0, NULL, NULL),
          st, err, release);
    }
    MBE_CL_CHECK(clFinish(cb->queue), st, err, release);
  }

release:
  clFinish(cb->queue);
  launch_release(&c);
  return st;
}

#undef ARG

// members per batch: half the device memory, and no array beyond the largest allocation
static size_t cl_batch_limit(const MbeBackend* b, size_t bytes_per_member) {
  uint64_t budget = b->info.global_mem / 2;
  uint64_t by_mem = budget / (bytes_per_member ? bytes_per_member : 1);
  uint64_t by_alloc = b->info.max_alloc / (bytes_per_member ? bytes_per_member : 1);
  uint64_t limit = by_mem < by_alloc ? by_mem : by_alloc;
  return limit > SIZE_MAX ? SIZE_MAX : (size_t)limit;
}

static void cl_destroy(MbeBackend* b) {
  ClBackend* cb = b->impl;
  if (!cb) {
    return;
  }
  clReleaseCommandQueue(cb->queue);
  clReleaseContext(cb->context);
  mbe_free(cb);
}

static const MbeBackendOps CL_OPS = {cl_build,  cl_release,     cl_sizes,
                                     cl_launch, cl_batch_limit, cl_destroy};

MbeStatus mbe_opencl_backend_create(const MbeBackendDef* def, MbeBackend* b, MbeError* err) {
  ClDeviceList l;
  list_devices(&l);
  if (l.n == 0) {
    return mbe_error_set(err, MBE_ERR_NO_DEVICE,
                         "no OpenCL device found (install an ICD such as pocl-opencl-icd, or use "
                         "--backend openmp)");
  }
  const char* env = getenv("MBENS_DEVICE");
  const char* spec = def->device && *def->device ? def->device : env && *env ? env : NULL;

  // AUTO without a named device only takes GPUs and accelerators: on a CPU the OpenMP backend
  // runs our own compiled code
  bool cpu_ok = def->kind == MBE_BACKEND_OPENCL;
  int i = choose_device(&l, spec, def->need_fp64 && !spec, cpu_ok);
  if (i < 0) {
    if (spec) {
      return mbe_error_set(err, MBE_ERR_NO_DEVICE,
                           "no OpenCL device matches '%s'%s (see `mbens devices`: give P:D or part "
                           "of a device or platform name)",
                           spec, def->device && *def->device ? "" : " from $MBENS_DEVICE");
    }
    return mbe_error_set(err, MBE_ERR_NO_DEVICE, "no suitable OpenCL %sdevice%s",
                         cpu_ok ? "" : "GPU or accelerator ",
                         def->need_fp64 ? " with double precision" : "");
  }

  ClBackend* cb = mbe_calloc(1, sizeof *cb);
  if (!cb) {
    return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
  }
  MbeStatus st = MBE_OK;
  cl_int rc;
  cb->platform = l.platform[i];
  cb->device = l.device[i];
  cl_context_properties props[] = {CL_CONTEXT_PLATFORM, (cl_context_properties)cb->platform, 0};
  cb->context = clCreateContext(props, 1, &cb->device, NULL, NULL, &rc);
  MBE_CL_CHECK(rc, st, err, free_cb);
  cb->queue = clCreateCommandQueue(cb->context, cb->device, 0, &rc);
  MBE_CL_CHECK(rc, st, err, release_context);

  // what the device is
  MbeBackendInfo* info = &b->info;
  memset(info, 0, sizeof *info);
  info->kind = MBE_BACKEND_OPENCL;
  platform_str(cb->platform, CL_PLATFORM_NAME, info->platform, sizeof info->platform);
  device_str(cb->device, CL_DEVICE_NAME, info->device, sizeof info->device);
  char cver[64], dver[64], pver[128];
  device_str(cb->device, CL_DEVICE_VERSION, cver, sizeof cver);
  device_str(cb->device, CL_DRIVER_VERSION, dver, sizeof dver);
  platform_str(cb->platform, CL_PLATFORM_VERSION, pver, sizeof pver);
  snprintf(info->version, sizeof info->version, "%s, driver %s", cver, dver);
  info->has_fp64 = device_has_fp64(cb->device);
  cl_uint cu = 0;
  cl_ulong mem = 0, alloc = 0;
  clGetDeviceInfo(cb->device, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof cu, &cu, NULL);
  clGetDeviceInfo(cb->device, CL_DEVICE_GLOBAL_MEM_SIZE, sizeof mem, &mem, NULL);
  clGetDeviceInfo(cb->device, CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof alloc, &alloc, NULL);
  info->compute_units = (int)cu;
  info->global_mem = mem;
  info->max_alloc = alloc;
  cl_device_fp_config fcfg = 0;
  clGetDeviceInfo(cb->device, CL_DEVICE_SINGLE_FP_CONFIG, sizeof fcfg, &fcfg, NULL);
  cb->fp32_correct_div_sqrt = (fcfg & CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT) != 0;
  snprintf(cb->identity, sizeof cb->identity, "%s|%s|%s|%s|%s", info->platform, pver, info->device,
           cver, dver);

  b->ops = &CL_OPS;
  b->impl = cb;
  return MBE_OK;

release_context:
  clReleaseContext(cb->context);
free_cb:
  mbe_free(cb);
  return st;
}
