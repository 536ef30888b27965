// SPDX-License-Identifier: Apache-2.0
// The OpenCL backend: device enumeration and choice, program build with the build log on failure,
// program binaries cached by content hash, batches in the variant-fastest layout launched in
// work-groups of a size the backend fixes (MBE_CL_LOCAL_SIZE), never the driver's choice.
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
#include "reduce/mbe_sobol.h"
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

// The work-group size of every launch, before the device's and the kernel's limits. Small and
// fixed, not left to the driver: given local_work_size = NULL, PoCL makes groups of thousands of
// work-items whose private arrays overflow its worker threads' stacks (a crash at 4000 members
// of an 8-link chain), and 64 is a whole number of warps/wavefronts on GPUs. Results do not
// depend on it: every work-item integrates or reduces on its own.
#define MBE_CL_LOCAL_SIZE 64

typedef struct ClBackend {
  cl_platform_id platform;
  cl_device_id device;
  cl_context context;
  cl_command_queue queue;
  char identity[1024];  // platform + device + driver, part of the cache key
  bool fp32_correct_div_sqrt;
  size_t max_local;  // MBE_CL_LOCAL_SIZE within the device's work-group and work-item limits
} ClBackend;

// the entry points of kernels/mbe_ensemble.cl
enum { K_INTEGRATE = 0, K_QOI, K_REDUCE, K_SOBOL, K_SIZES, K_COUNT };
static const char* const KERNEL_NAMES[K_COUNT] = {"mbe_kernel_integrate", "mbe_kernel_qoi",
                                                  "mbe_kernel_reduce", "mbe_kernel_sobol",
                                                  "mbe_kernel_sizes"};

typedef struct ClProgram {
  cl_program program;
  cl_kernel kernel[K_COUNT];  // by K_*
  size_t local[K_COUNT];      // work-group size of each: a power of two <= max_local (K_COUNT)
} ClProgram;

/* ---- devices ----------------------------------------------------------------------------- */

// every device of every platform, in platform order
typedef struct ClDeviceList {
  cl_platform_id platform[64];
  cl_device_id device[64];
  int pindex[64], dindex[64];
  int n;
} ClDeviceList;

// PoCL's default way of running a work-group's work-items on a CPU core ("loopvec") puts
// barriers into the kernel's own loops to vectorize across work-items; the integration loop does
// not vectorize, and its values then live in per-work-item memory: 30 % slower than plain
// work-item loops ("loops") on the MSL double pendulum (bench/results/pocl-*). The arithmetic is
// the same either way (the identity tests run on both). PoCL reads the setting once, when the
// process first asks for platforms, so it is made before that; a user's own setting wins, and
// other platforms ignore it.
static void prefer_pocl_loops(void) {
  if (getenv("POCL_WORK_GROUP_METHOD") == NULL) {
    setenv("POCL_WORK_GROUP_METHOD", "loops", 0);
  }
}

static void list_devices(ClDeviceList* l) {
  prefer_pocl_loops();
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

// a string property of a device (d) or else a platform (p), whitespace-trimmed and cut to size;
// "" when the driver does not say. The driver is asked for the length first: a buffer too small
// for the whole answer must not turn it into nothing (PoCL's device version is 65 characters).
static void info_str(cl_device_id d, cl_platform_id p, cl_uint what, char* out, size_t size) {
  out[0] = '\0';
  size_t need = 0;
  cl_int rc =
      d ? clGetDeviceInfo(d, what, 0, NULL, &need) : clGetPlatformInfo(p, what, 0, NULL, &need);
  char* buf = rc == CL_SUCCESS && need > 0 ? mbe_malloc(need + 1) : NULL;
  if (!buf) {
    return;
  }
  rc = d ? clGetDeviceInfo(d, what, need, buf, NULL) : clGetPlatformInfo(p, what, need, buf, NULL);
  buf[rc == CL_SUCCESS ? need : 0] = '\0';

  // without surrounding blanks, so that no caller prints an empty-looking field
  const char* a = buf;
  while (isspace((unsigned char)*a)) {
    a++;
  }
  size_t n = strlen(a);
  while (n > 0 && isspace((unsigned char)a[n - 1])) {
    n--;
  }
  snprintf(out, size, "%.*s", (int)n, a);
  mbe_free(buf);
}

static void device_str(cl_device_id d, cl_device_info what, char* out, size_t size) {
  info_str(d, NULL, what, out, size);
}

static void platform_str(cl_platform_id p, cl_platform_info what, char* out, size_t size) {
  info_str(NULL, p, what, out, size);
}

// "OpenCL 3.0 PoCL ..., driver 3.1": the parts the driver reports, none of them empty; a text
// cut to size ends in "..."
static void version_str(const char* cver, const char* dver, char* out, size_t size) {
  int n = snprintf(out, size, "%s%s%s%s", cver, cver[0] && dver[0] ? ", " : "",
                   dver[0] ? "driver " : "", dver);
  if (n >= 0 && (size_t)n >= size && size >= 4) {
    memcpy(out + size - 4, "...", 4);
  }
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

// the type of a device, as `devices` shows it
static const char* device_kind(cl_device_type type) {
  return (type & CL_DEVICE_TYPE_GPU)           ? "GPU"
         : (type & CL_DEVICE_TYPE_ACCELERATOR) ? "accelerator"
         : (type & CL_DEVICE_TYPE_CPU)         ? "CPU"
                                               : "other";
}

// one device of the listing; a part the driver does not report is left out, never printed empty
static void describe_device(const ClDeviceList* l, int i, MbeStrbuf* out) {
  char name[256], dver[256], cver[256], version[600];
  device_str(l->device[i], CL_DEVICE_NAME, name, sizeof name);
  device_str(l->device[i], CL_DEVICE_VERSION, cver, sizeof cver);
  device_str(l->device[i], CL_DRIVER_VERSION, dver, sizeof dver);
  version_str(cver, dver, version, sizeof version);
  cl_device_type type = 0;
  cl_uint cu = 0, mhz = 0;
  cl_ulong mem = 0, alloc = 0;
  clGetDeviceInfo(l->device[i], CL_DEVICE_TYPE, sizeof type, &type, NULL);
  clGetDeviceInfo(l->device[i], CL_DEVICE_MAX_COMPUTE_UNITS, sizeof cu, &cu, NULL);
  clGetDeviceInfo(l->device[i], CL_DEVICE_MAX_CLOCK_FREQUENCY, sizeof mhz, &mhz, NULL);
  clGetDeviceInfo(l->device[i], CL_DEVICE_GLOBAL_MEM_SIZE, sizeof mem, &mem, NULL);
  clGetDeviceInfo(l->device[i], CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof alloc, &alloc, NULL);
  mbe_strbuf_printf(out, "  device %d:%d  %s [%s]\n", l->pindex[i], l->dindex[i],
                    name[0] ? name : "unnamed", device_kind(type));
  if (version[0]) {
    mbe_strbuf_printf(out, "    version: %s\n", version);
  }
  mbe_strbuf_printf(out,
                    "    fp64: %s, compute units: %u @ %u MHz, memory: %.2f GiB (largest buffer "
                    "%.2f GiB)\n",
                    device_has_fp64(l->device[i]) ? "yes" : "no", cu, mhz,
                    (double)mem / 1073741824.0, (double)alloc / 1073741824.0);
}

size_t mbe_opencl_device_ids(char (*ids)[16], size_t cap, bool need_fp64) {
  ClDeviceList l;
  list_devices(&l);
  size_t n = 0;
  for (int i = 0; i < l.n && n < cap; i++) {
    if (!need_fp64 || device_has_fp64(l.device[i]))
      snprintf(ids[n++], 16, "%d:%d", l.pindex[i], l.dindex[i]);
  }
  return n;
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

  // each platform's line before its first device
  int last_platform = -1;
  for (int i = 0; i < l.n; i++) {
    if (l.pindex[i] != last_platform) {
      char pname[256], pver[256];
      platform_str(l.platform[i], CL_PLATFORM_NAME, pname, sizeof pname);
      platform_str(l.platform[i], CL_PLATFORM_VERSION, pver, sizeof pver);
      mbe_strbuf_printf(out, "OpenCL platform %d: %s%s%s%s\n", l.pindex[i],
                        pname[0] ? pname : "unnamed", pver[0] ? " (" : "", pver,
                        pver[0] ? ")" : "");
      last_platform = l.pindex[i];
    }
    describe_device(&l, i, out);
  }
}

/* ---- programs ---------------------------------------------------------------------------- */

// the build options, with $MBENS_OPENCL_OPTIONS (a maintainer's: -cl-nv-verbose) at the end
static void build_options(const ClBackend* cb, MbePrecision precision, char* out, size_t size) {
  const char* extra = getenv("MBENS_OPENCL_OPTIONS");
  snprintf(out, size, "-cl-std=CL1.2 -DMBE_OPENCL=1 -DMBE_LAYOUT_VARIANT_FASTEST=1 %s%s%s%s",
           precision == MBE_PRECISION_DOUBLE ? "-DMBE_REAL_BITS=64" : "-DMBE_REAL_BITS=32",
           precision == MBE_PRECISION_SINGLE && cb->fp32_correct_div_sqrt
               ? " -cl-fp32-correctly-rounded-divide-sqrt"
               : "",
           extra && *extra ? " " : "", extra && *extra ? extra : "");
}

// the start of the build log of prog into out (size bytes)
static void build_log(const ClBackend* cb, cl_program prog, char* out, size_t size) {
  size_t n = 0;
  out[0] = '\0';
  if (clGetProgramBuildInfo(prog, cb->device, CL_PROGRAM_BUILD_LOG, 0, NULL, &n) != CL_SUCCESS)
    return;
  char* log = mbe_malloc(n + 1);
  if (log && clGetProgramBuildInfo(prog, cb->device, CL_PROGRAM_BUILD_LOG, n, log, NULL) ==
                 CL_SUCCESS) {
    log[n] = '\0';
    snprintf(out, size, "%s", log);
  }
  mbe_free(log);
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

// releases the kernels created so far, newest first
static void release_kernels(ClProgram* cp) {
  for (int j = K_COUNT - 1; j >= 0; j--) {
    if (cp->kernel[j]) {
      clReleaseKernel(cp->kernel[j]);
    }
  }
}

// the largest power of two <= limit (limit >= 1)
static size_t pow2_floor(size_t limit) {
  size_t p = 1;
  while (p <= limit / 2) {
    p *= 2;
  }
  return p;
}

// the value of `#define NAME value` in the program text, 0 where it has none
static long text_define(const char* text, const char* name) {
  char key[64];
  snprintf(key, sizeof key, "#define %s ", name);
  const char* at = strstr(text, key);
  return at ? strtol(at + strlen(key), NULL, 10) : 0;
}

// A CPU device runs a work-group's work-items on one thread's stack, whose private arrays its
// CL_KERNEL_WORK_GROUP_SIZE does not count (PoCL reports 1 KiB and crashes past the stack): the
// largest work-group whose private arrays fit in 2 MiB (a thread's stack is 8 MiB by default,
// 2 MiB where unlimited). Per work-item: the system's sv[] (MBE_RHS_NSV, host/codegen), the
// integrators' stages (at most 16 state vectors) and its parameters.
static size_t cpu_stack_local(const char* text, MbePrecision precision) {
  long reals = text_define(text, "MBE_RHS_NSV") + 16 * text_define(text, "MBE_RHS_NX") +
               text_define(text, "MBE_RHS_NQ");
  size_t bytes = (size_t)(reals > 0 ? reals : 1) * (precision == MBE_PRECISION_DOUBLE ? 8 : 4);
  size_t local = ((size_t)2 << 20) / bytes;
  return local > 0 ? local : 1;
}

// creates every kernel of the program and fixes its work-group size once: the backend's
// max_local, within what the compiled kernel allows (CL_KERNEL_WORK_GROUP_SIZE: its registers
// or private memory) and on a CPU device what its stack holds (stack_local), rounded down to a
// power of two
static MbeStatus create_kernels(const ClBackend* cb, ClProgram* cp, size_t stack_local,
                                MbeError* err) {
  MbeStatus st = MBE_OK;
  cl_int rc = CL_SUCCESS;
  for (int j = 0; j < K_COUNT; j++) {
    cp->kernel[j] = clCreateKernel(cp->program, KERNEL_NAMES[j], &rc);
    MBE_CL_CHECK(rc, st, err, fail);
    size_t kmax = 0;
    MBE_CL_CHECK(clGetKernelWorkGroupInfo(cp->kernel[j], cb->device, CL_KERNEL_WORK_GROUP_SIZE,
                                          sizeof kmax, &kmax, NULL),
                 st, err, fail);
    size_t limit = kmax > 0 && kmax < cb->max_local ? kmax : cb->max_local;
    limit = stack_local < limit ? stack_local : limit;
    cp->local[j] = pow2_floor(limit);
    mbe_log(MBE_LOG_DEBUG, "OpenCL %s: work-groups of %zu (kernel allows %zu)", KERNEL_NAMES[j],
            cp->local[j], kmax);
  }
  return MBE_OK;

fail:
  release_kernels(cp);
  return st;
}

// launches kernel `which` over n >= 1 work-items, in groups of its local size: the range is
// rounded up to a multiple of it, and the extra work-items return at once (every entry point
// of kernels/mbe_ensemble.cl checks its id against its count)
static cl_int enqueue_range(const ClBackend* cb, const ClProgram* cp, int which, size_t n) {
  size_t local = cp->local[which];
  size_t global = (n + local - 1) / local * local;
  return clEnqueueNDRangeKernel(cb->queue, cp->kernel[which], 1, NULL, &global, &local, 0, NULL,
                                NULL);
}

// A CPU driver such as PoCL compiles a kernel's work-group function at its first launch: a
// launch of no members right after the build puts that (0.3-0.5 s for the integration kernel)
// into the build time instead of into the first batch, where it slowed the batch timings and
// the sizing of the next batch. Every work-item returns at once (v >= nvar); errors are left to
// the first real launch.
static void warm_integrate(const ClBackend* cb, const ClProgram* cp) {
  cl_int rc = CL_SUCCESS;
  cl_mem dummy = clCreateBuffer(cb->context, CL_MEM_READ_WRITE, 64, NULL, &rc);
  if (rc != CL_SUCCESS) {
    return;
  }
  cl_kernel k = cp->kernel[K_INTEGRATE];
  cl_int has_x0 = 0;
  cl_long nv = 0;
  bool ok = true;
  for (cl_uint i = 0; i < 7; i++) {
    ok = ok && (i == 3 ? clSetKernelArg(k, i, sizeof has_x0, &has_x0)
                       : clSetKernelArg(k, i, sizeof dummy, &dummy)) == CL_SUCCESS;
  }
  ok = ok && clSetKernelArg(k, 7, sizeof nv, &nv) == CL_SUCCESS;
  if (ok && enqueue_range(cb, cp, K_INTEGRATE, 1) == CL_SUCCESS) {
    clFinish(cb->queue);
  }
  clReleaseMemObject(dummy);
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
    build_log(cb, prog, info->build_log, sizeof info->build_log);
  }

  // the kernels and their work-group sizes
  ClProgram* cp = mbe_calloc(1, sizeof *cp);
  if (!cp) {
    st = mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
    goto release_program;
  }
  cp->program = prog;
  st = create_kernels(cb, cp, b->info.is_host_memory ? cpu_stack_local(text, precision) : SIZE_MAX,
                      err);
  if (st != MBE_OK) {
    mbe_free(cp);
    goto release_program;
  }
  cl_ulong priv = 0;
  clGetKernelWorkGroupInfo(cp->kernel[K_INTEGRATE], cb->device, CL_KERNEL_PRIVATE_MEM_SIZE,
                           sizeof priv, &priv, NULL);
  clGetKernelWorkGroupInfo(cp->kernel[K_INTEGRATE], cb->device, CL_KERNEL_WORK_GROUP_SIZE,
                           sizeof info->max_group, &info->max_group, NULL);
  info->private_bytes = (size_t)priv;
  info->group = cp->local[K_INTEGRATE];
  if (b->info.kind == MBE_BACKEND_OPENCL && b->info.is_host_memory) {
    warm_integrate(cb, cp);
  }
  *impl = cp;
  return MBE_OK;

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
  release_kernels(cp);
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
  MBE_CL_CHECK(clSetKernelArg(cp->kernel[K_SIZES], 0, sizeof buf, &buf), st, err, release);
  MBE_CL_CHECK(enqueue_range(cb, cp, K_SIZES, 1), st, err, release);
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
  cl_mem cfg_r, cfg_i, x0, p, y, info, qcode, qcol, qlevel, q, scol, part, pairs, spart;
  void *hcfg, *hx0, *hp, *hy, *hqlevel, *hq;
  int32_t* hinfo;
  bool single;  // the program's reals are float
  size_t rs;    // bytes of one of them
} ClLaunch;

static void launch_release(ClLaunch* c) {
  cl_mem* m[] = {&c->cfg_r, &c->cfg_i, &c->x0,   &c->p,    &c->y,     &c->info, &c->qcode,
                 &c->qcol,  &c->qlevel, &c->q, &c->scol, &c->part, &c->pairs, &c->spart};
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
#define ARG(k, i, v) MBE_CL_CHECK(clSetKernelArg((k), (i), sizeof(v), &(v)), st, err, done)

// host staging in device layout and precision, and the buffers of the integration
static MbeStatus launch_stage(ClBackend* cb, const MbeLaunch* l, ClLaunch* c, MbeError* err) {
  const size_t nvar = l->nvar, rs = c->rs;
  const size_t nyt = (size_t)l->nout * (size_t)l->ny;
  MbeStatus st = MBE_OK;
  cl_int rc = CL_SUCCESS;
  c->hcfg = pack(l->cfg_r, 1, MBE_CFGR_COUNT, c->single);
  c->hx0 = l->x0 ? pack(l->x0, nvar, (size_t)l->nx, c->single) : NULL;
  c->hp = pack(l->p, nvar, (size_t)l->np, c->single);
  c->hy = l->y ? mbe_malloc(nvar * nyt * rs) : NULL;
  c->hqlevel = l->nqoi ? pack(l->qlevel, 1, l->nqoi, c->single) : NULL;
  c->hq = l->nqoi ? mbe_malloc(nvar * l->nqoi * rs) : NULL;
  c->hinfo = mbe_malloc(nvar * MBE_INFO_COUNT * sizeof *c->hinfo);
  if (!c->hcfg || (l->x0 && !c->hx0) || !c->hp || (l->y && !c->hy) ||
      (l->nqoi && (!c->hqlevel || !c->hq)) || !c->hinfo) {
    return mbe_error_set(err, MBE_ERR_NOMEM, "out of host memory for a batch of %zu members", nvar);
  }

  // device buffers
  c->cfg_r = upload(cb, c->hcfg, MBE_CFGR_COUNT * rs, CL_MEM_READ_ONLY, &rc);
  MBE_CL_CHECK(rc, st, err, done);
  c->cfg_i = upload(cb, l->cfg_i, MBE_CFGI_COUNT * sizeof(int32_t), CL_MEM_READ_ONLY, &rc);
  MBE_CL_CHECK(rc, st, err, done);
  c->x0 = upload(cb, c->hx0, c->hx0 ? nvar * (size_t)l->nx * rs : 8, CL_MEM_READ_ONLY, &rc);
  MBE_CL_CHECK(rc, st, err, done);
  c->p = upload(cb, c->hp, nvar * (size_t)l->np * rs, CL_MEM_READ_ONLY, &rc);
  MBE_CL_CHECK(rc, st, err, done);
  c->y = upload(cb, NULL, nvar * nyt * rs, CL_MEM_READ_WRITE, &rc);
  MBE_CL_CHECK(rc, st, err, done);
  c->info = upload(cb, NULL, nvar * MBE_INFO_COUNT * sizeof(int32_t), CL_MEM_READ_WRITE, &rc);
  MBE_CL_CHECK(rc, st, err, done);
done:
  return st;
}

// integrate: one work-item per member
static MbeStatus launch_integrate(ClBackend* cb, const ClProgram* cp, const MbeLaunch* l,
                                  ClLaunch* c, MbeError* err) {
  MbeStatus st = MBE_OK;
  cl_long nv = (cl_long)l->nvar;
  cl_int has_x0 = l->x0 != NULL;
  cl_kernel k = cp->kernel[K_INTEGRATE];
  ARG(k, 0, c->cfg_r);
  ARG(k, 1, c->cfg_i);
  ARG(k, 2, c->x0);
  ARG(k, 3, has_x0);
  ARG(k, 4, c->p);
  ARG(k, 5, c->y);
  ARG(k, 6, c->info);
  ARG(k, 7, nv);
  MBE_CL_CHECK(enqueue_range(cb, cp, K_INTEGRATE, l->nvar), st, err, done);
done:
  return st;
}

// quantities of interest: one work-item per member
static MbeStatus launch_qoi(ClBackend* cb, const ClProgram* cp, const MbeLaunch* l, ClLaunch* c,
                            MbeError* err) {
  MbeStatus st = MBE_OK;
  cl_int rc = CL_SUCCESS;
  cl_long nv = (cl_long)l->nvar;
  cl_int nq = (cl_int)l->nqoi;
  c->qcode = upload(cb, l->qcode, l->nqoi * sizeof(int32_t), CL_MEM_READ_ONLY, &rc);
  MBE_CL_CHECK(rc, st, err, done);
  c->qcol = upload(cb, l->qcol, l->nqoi * sizeof(int32_t), CL_MEM_READ_ONLY, &rc);
  MBE_CL_CHECK(rc, st, err, done);
  c->qlevel = upload(cb, c->hqlevel, l->nqoi * c->rs, CL_MEM_READ_ONLY, &rc);
  MBE_CL_CHECK(rc, st, err, done);
  c->q = upload(cb, NULL, l->nvar * l->nqoi * c->rs, CL_MEM_WRITE_ONLY, &rc);
  MBE_CL_CHECK(rc, st, err, done);
  cl_kernel k = cp->kernel[K_QOI];
  ARG(k, 0, c->cfg_r);
  ARG(k, 1, c->cfg_i);
  ARG(k, 2, c->y);
  ARG(k, 3, c->info);
  ARG(k, 4, c->qcode);
  ARG(k, 5, c->qcol);
  ARG(k, 6, c->qlevel);
  ARG(k, 7, nq);
  ARG(k, 8, c->q);
  ARG(k, 9, nv);
  MBE_CL_CHECK(enqueue_range(cb, cp, K_QOI, l->nvar), st, err, done);
done:
  return st;
}

// the arguments the series kernels (reduce, sobol) begin with: y, info, scol, nstat, nout
static cl_int series_args(cl_kernel k, const MbeLaunch* l, const ClLaunch* c) {
  cl_int nstat = (cl_int)l->nstat, nout = (cl_int)l->nout;
  cl_int rc = clSetKernelArg(k, 0, sizeof c->y, &c->y);
  rc = rc != CL_SUCCESS ? rc : clSetKernelArg(k, 1, sizeof c->info, &c->info);
  rc = rc != CL_SUCCESS ? rc : clSetKernelArg(k, 2, sizeof c->scol, &c->scol);
  rc = rc != CL_SUCCESS ? rc : clSetKernelArg(k, 3, sizeof nstat, &nstat);
  return rc != CL_SUCCESS ? rc : clSetKernelArg(k, 4, sizeof nout, &nout);
}

// statistics: one work-item per series
static MbeStatus launch_reduce(ClBackend* cb, const ClProgram* cp, const MbeLaunch* l, ClLaunch* c,
                               MbeError* err) {
  MbeStatus st = MBE_OK;
  cl_int rc = CL_SUCCESS;
  const size_t nseries = (size_t)l->nout * l->nstat;
  cl_long nv = (cl_long)l->nvar;
  c->scol = upload(cb, l->scol, l->nstat * sizeof(int32_t), CL_MEM_READ_ONLY, &rc);
  MBE_CL_CHECK(rc, st, err, done);
  c->part =
      upload(cb, NULL, nseries * MBE_REDUCE_PART_WORDS * sizeof(int64_t), CL_MEM_WRITE_ONLY, &rc);
  MBE_CL_CHECK(rc, st, err, done);
  c->pairs = upload(cb, NULL, nseries * 2 * l->nvar * sizeof(uint32_t), CL_MEM_READ_WRITE, &rc);
  MBE_CL_CHECK(rc, st, err, done);
  cl_kernel k = cp->kernel[K_REDUCE];
  MBE_CL_CHECK(series_args(k, l, c), st, err, done);
  ARG(k, 5, c->part);
  ARG(k, 6, c->pairs);
  ARG(k, 7, nv);
  MBE_CL_CHECK(enqueue_range(cb, cp, K_REDUCE, nseries), st, err, done);
done:
  return st;
}

// Sobol' sums over Saltelli blocks: one work-item per series (after launch_reduce: its columns)
static MbeStatus launch_sobol(ClBackend* cb, const ClProgram* cp, const MbeLaunch* l, ClLaunch* c,
                              MbeError* err) {
  MbeStatus st = MBE_OK;
  cl_int rc = CL_SUCCESS;
  const size_t nseries = (size_t)l->nout * l->nstat;
  cl_long nv = (cl_long)l->nvar;
  cl_int k = l->sobol_k, block = l->sobol_block;
  c->spart = upload(cb, NULL, nseries * MBE_SOBOL_WORDS((size_t)k) * sizeof(int64_t),
                    CL_MEM_WRITE_ONLY, &rc);
  MBE_CL_CHECK(rc, st, err, done);
  cl_kernel kk = cp->kernel[K_SOBOL];
  MBE_CL_CHECK(series_args(kk, l, c), st, err, done);
  ARG(kk, 5, k);
  ARG(kk, 6, block);
  ARG(kk, 7, c->spart);
  ARG(kk, 8, nv);
  MBE_CL_CHECK(enqueue_range(cb, cp, K_SOBOL, nseries), st, err, done);
  MBE_CL_CHECK(clEnqueueReadBuffer(cb->queue, c->spart, CL_TRUE, 0,
                                   nseries * MBE_SOBOL_WORDS((size_t)k) * sizeof(int64_t),
                                   l->spart, 0, NULL, NULL),
               st, err, done);
done:
  return st;
}

// results back: info, trajectories when asked, quantities, series records and their pairs
static MbeStatus launch_read(ClBackend* cb, const MbeLaunch* l, ClLaunch* c, MbeError* err) {
  const size_t nvar = l->nvar, rs = c->rs;
  const size_t nyt = (size_t)l->nout * (size_t)l->ny;
  const size_t nseries = (size_t)l->nout * l->nstat;
  MbeStatus st = MBE_OK;
  MBE_CL_CHECK(
      clEnqueueReadBuffer(cb->queue, c->info, CL_TRUE, 0, nvar * MBE_INFO_COUNT * sizeof(int32_t),
                          c->hinfo, 0, NULL, NULL),
      st, err, done);
  for (size_t v = 0; v < nvar; v++) {
    for (size_t f = 0; f < MBE_INFO_COUNT; f++) {
      l->info[v * MBE_INFO_COUNT + f] = c->hinfo[f * nvar + v];
    }
  }
  if (l->y) {
    MBE_CL_CHECK(
        clEnqueueReadBuffer(cb->queue, c->y, CL_TRUE, 0, nvar * nyt * rs, c->hy, 0, NULL, NULL), st,
        err, done);
    unpack(c->hy, nvar, nyt, c->single, l->y);
  }
  if (l->nqoi > 0) {
    MBE_CL_CHECK(
        clEnqueueReadBuffer(cb->queue, c->q, CL_TRUE, 0, nvar * l->nqoi * rs, c->hq, 0, NULL, NULL),
        st, err, done);
    unpack(c->hq, nvar, l->nqoi, c->single, l->qoi);
  }
  if (nseries == 0) {
    return MBE_OK;
  }

  // each series' pairs: only the npairs its record reports
  MBE_CL_CHECK(clEnqueueReadBuffer(cb->queue, c->part, CL_TRUE, 0,
                                   nseries * MBE_REDUCE_PART_WORDS * sizeof(int64_t), l->part, 0,
                                   NULL, NULL),
               st, err, done);
  for (size_t sr = 0; sr < nseries; sr++) {
    size_t npairs = (size_t)l->part[sr * MBE_REDUCE_PART_WORDS + MBE_REDUCE_PART_NPAIRS];
    if (npairs == 0) {
      continue;
    }
    size_t off = sr * 2 * nvar * sizeof(uint32_t);
    MBE_CL_CHECK(
        clEnqueueReadBuffer(cb->queue, c->pairs, CL_FALSE, off, 2 * npairs * sizeof(uint32_t),
                            l->pairs + sr * 2 * nvar, 0, NULL, NULL),
        st, err, done);
  }
  MBE_CL_CHECK(clFinish(cb->queue), st, err, done);
done:
  return st;
}

#undef ARG

static MbeStatus cl_launch(MbeBackend* b, void* impl, MbePrecision precision, const MbeLaunch* l,
                           MbeError* err) {
  ClBackend* cb = b->impl;
  const ClProgram* cp = impl;
  ClLaunch c;
  memset(&c, 0, sizeof c);
  c.single = precision == MBE_PRECISION_SINGLE;
  c.rs = c.single ? 4 : 8;

  // integrate, then reduce what was asked for on the device, then read back
  MbeStatus st = launch_stage(cb, l, &c, err);
  if (st == MBE_OK) {
    st = launch_integrate(cb, cp, l, &c, err);
  }
  if (st == MBE_OK && l->nqoi > 0) {
    st = launch_qoi(cb, cp, l, &c, err);
  }
  if (st == MBE_OK && (size_t)l->nout * l->nstat > 0) {
    st = launch_reduce(cb, cp, l, &c, err);
  }
  if (st == MBE_OK && (size_t)l->nout * l->nstat > 0 && l->sobol_k > 0) {
    st = launch_sobol(cb, cp, l, &c, err);
  }
  if (st == MBE_OK) {
    st = launch_read(cb, l, &c, err);
  }
  clFinish(cb->queue);
  launch_release(&c);
  return st;
}

// members per batch: half the device memory, and no array beyond the largest allocation
static size_t cl_batch_limit(const MbeBackend* b, size_t bytes_per_member) {
  uint64_t budget = b->info.global_mem / 2;
  uint64_t by_mem = budget / (bytes_per_member ? bytes_per_member : 1);
  uint64_t by_alloc = b->info.max_alloc / (bytes_per_member ? bytes_per_member : 1);
  uint64_t limit = by_mem < by_alloc ? by_mem : by_alloc;
  return limit > SIZE_MAX ? SIZE_MAX : (size_t)limit;
}

// host staging of a launch in the device's layout and precision (ClLaunch's h* arrays), and the
// device's buffers where they live in host memory (a CPU device)
static size_t cl_host_bytes(const MbeBackend* b, MbePrecision precision, const MbeLaunch* l,
                            size_t device_bytes) {
  const size_t rs = precision == MBE_PRECISION_DOUBLE ? 8 : 4;
  const size_t staged = ((l->x0 ? (size_t)l->nx : 0) + (size_t)l->np +
                         (l->y ? (size_t)l->nout * (size_t)l->ny : 0) + l->nqoi) *
                            rs +
                        MBE_INFO_COUNT * sizeof(int32_t);
  return staged + (b->info.is_host_memory ? device_bytes : 0);
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

// MBE_CL_LOCAL_SIZE within the device's limits on a work-group and on its first dimension
// the work-group size to launch with: MBE_CL_LOCAL_SIZE, or $MBENS_OPENCL_LOCAL_SIZE, within what
// the device allows (each kernel may allow less: create_kernels)
static size_t device_max_local(cl_device_id d) {
  size_t limit = MBE_CL_LOCAL_SIZE, group = 0, items[16] = {0};
  const char* env = getenv("MBENS_OPENCL_LOCAL_SIZE");
  if (env && *env && atoi(env) > 0) {
    limit = (size_t)atoi(env);
  } else if (env && *env) {
    mbe_log(MBE_LOG_WARN, "MBENS_OPENCL_LOCAL_SIZE=%s is not a positive number: ignored", env);
  }
  if (clGetDeviceInfo(d, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof group, &group, NULL) == CL_SUCCESS &&
      group > 0 && group < limit) {
    limit = group;
  }
  if (clGetDeviceInfo(d, CL_DEVICE_MAX_WORK_ITEM_SIZES, sizeof items, items, NULL) == CL_SUCCESS &&
      items[0] > 0 && items[0] < limit) {
    limit = items[0];
  }
  return limit;
}

// fills what the device is (no field left empty where the driver is silent), its identity in the
// cache key and its launch limits
static void backend_info(ClBackend* cb, int pindex, int dindex, MbeBackendInfo* info) {
  // names, or the indices where the driver gives none
  memset(info, 0, sizeof *info);
  info->kind = MBE_BACKEND_OPENCL;
  platform_str(cb->platform, CL_PLATFORM_NAME, info->platform, sizeof info->platform);
  device_str(cb->device, CL_DEVICE_NAME, info->device, sizeof info->device);
  if (!info->platform[0]) {
    snprintf(info->platform, sizeof info->platform, "OpenCL platform %d", pindex);
  }
  if (!info->device[0]) {
    snprintf(info->device, sizeof info->device, "OpenCL device %d:%d", pindex, dindex);
  }

  // versions: only the parts reported
  char cver[256], dver[256], pver[256];
  device_str(cb->device, CL_DEVICE_VERSION, cver, sizeof cver);
  device_str(cb->device, CL_DRIVER_VERSION, dver, sizeof dver);
  platform_str(cb->platform, CL_PLATFORM_VERSION, pver, sizeof pver);
  version_str(cver, dver, info->version, sizeof info->version);

  // capabilities, sizes and launch limits
  info->has_fp64 = device_has_fp64(cb->device);
  cl_uint cu = 0;
  cl_ulong mem = 0, alloc = 0;
  clGetDeviceInfo(cb->device, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof cu, &cu, NULL);
  clGetDeviceInfo(cb->device, CL_DEVICE_GLOBAL_MEM_SIZE, sizeof mem, &mem, NULL);
  clGetDeviceInfo(cb->device, CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof alloc, &alloc, NULL);
  info->compute_units = (int)cu;
  info->global_mem = mem;
  info->max_alloc = alloc;
  cl_device_type type = 0;
  clGetDeviceInfo(cb->device, CL_DEVICE_TYPE, sizeof type, &type, NULL);
  info->is_host_memory = (type & CL_DEVICE_TYPE_CPU) != 0;
  cl_device_fp_config fcfg = 0;
  clGetDeviceInfo(cb->device, CL_DEVICE_SINGLE_FP_CONFIG, sizeof fcfg, &fcfg, NULL);
  cb->fp32_correct_div_sqrt = (fcfg & CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT) != 0;
  cb->max_local = device_max_local(cb->device);

  // the identity that keys the program cache (PoCL's program binaries carry the work-group
  // functions of its work-group method: prefer_pocl_loops)
  const char* wg = strstr(info->platform, "Portable Computing Language") != NULL
                       ? getenv("POCL_WORK_GROUP_METHOD")
                       : NULL;
  snprintf(cb->identity, sizeof cb->identity, "%s|%s|%s|%s|%s", info->platform, pver, info->device,
           cver, dver);
  size_t len = strlen(cb->identity);
  if (wg != NULL && len + 5 + strlen(wg) < sizeof cb->identity) {
    memcpy(cb->identity + len, "|wg=", 4);
    memcpy(cb->identity + len + 4, wg, strlen(wg) + 1);
  }
}

static const MbeBackendOps CL_OPS = {cl_build,       cl_release,    cl_sizes,  cl_launch,
                                     cl_batch_limit, cl_host_bytes, cl_destroy};

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

  // what the device is, and its limits
  backend_info(cb, l.pindex[i], l.dindex[i], &b->info);
  b->ops = &CL_OPS;
  b->impl = cb;
  return MBE_OK;

release_context:
  clReleaseContext(cb->context);
free_cb:
  mbe_free(cb);
  return st;
}
