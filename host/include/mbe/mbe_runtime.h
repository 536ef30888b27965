// SPDX-License-Identifier: Apache-2.0
// Backends, programs and runs: compile a system written in the kernel dialect once for a backend
// (OpenCL device or OpenMP CPU threads) and integrate any number of members with it.
#ifndef MBE_RUNTIME_H
#define MBE_RUNTIME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mbe_export.h"
#include "mbe_status.h"

MBE_BEGIN_DECLS

/* ---- kinds and options ------------------------------------------------------------------ */

typedef enum MbeBackendKind {
  MBE_BACKEND_AUTO = 0,  // the best OpenCL GPU/accelerator with what the run needs, else OpenMP
  MBE_BACKEND_OPENCL,
  MBE_BACKEND_OPENMP,
  MBE_BACKEND_COUNT
} MbeBackendKind;

typedef enum MbePrecision {
  MBE_PRECISION_DOUBLE = 0,
  MBE_PRECISION_SINGLE,
  MBE_PRECISION_COUNT
} MbePrecision;

// integration methods; the values equal MbeMethod of kernels/mbe_layout.h
typedef enum MbeRunMethod { MBE_RUN_METHOD_RK4 = 0, MBE_RUN_METHOD_DOPRI5 = 1 } MbeRunMethod;

// Backend options; start from mbe_backend_def_default().
typedef struct MbeBackendDef {
  MbeBackendKind kind;  // default MBE_BACKEND_AUTO
  const char* device;   // OpenCL device: "P:D" indices, or a case-insensitive part of the device
                        // or platform name; NULL = $MBENS_DEVICE, else the best device
  int threads;          // OpenMP threads; 0 = $OMP_NUM_THREADS, else every core
  const char* cc;       // OpenMP run-time C compiler; NULL = $CC, else "cc"
  const char*
      cache_dir;   // NULL = $MBENS_CACHE_DIR, else $XDG_CACHE_HOME/mbens, else ~/.cache/mbens
  bool use_cache;  // load and store compiled programs (default true)
  bool need_fp64;  // AUTO only: skip OpenCL devices without double precision (default true)
  int cookie;      // set by mbe_backend_def_default, checked by mbe_backend_create
} MbeBackendDef;

// A system in the kernel dialect: text that defines MBE_RHS_NX/NP/NY/NW/NIW, mbe_rhs and mbe_out,
// and may #include kernel headers such as "math/mbe_math.h" (see kernels/mbe_ensemble.cl).
typedef struct MbeProgramDef {
  const char* system_source;  // borrowed for the call
  const char* name;           // for messages, e.g. the model name
  MbePrecision precision;     // default double
} MbeProgramDef;

// Run options; start from mbe_run_def_default(). Times in s.
typedef struct MbeRunDef {
  MbeRunMethod method;  // default DOPRI5
  double t0, t1;        // start and stop time; default 0, 1
  int nout;             // output grid points t_k = t0 + k (t1 - t0)/(nout - 1); default 501
  double h;             // RK4: largest step; DOPRI5: first step, 0 = estimated (default 0)
  double hmin;          // DOPRI5: smallest step (default 1e-14 * |t1 - t0|... see defaults)
  double hmax;          // DOPRI5: largest step, 0 = t1 - t0
  double rtol, atol;    // DOPRI5 tolerances; default 1e-6, 1e-6
  int max_steps;        // step budget per member (accepted + rejected); default 1000000
  size_t batch_size;    // members per launch; 0 = as many as fit the device (OpenCL) or all
} MbeRunDef;

MBE_API MbeBackendDef mbe_backend_def_default(void);
MBE_API MbeProgramDef mbe_program_def_default(void);
MBE_API MbeRunDef mbe_run_def_default(void);

// The output grid of run into time[0 .. nout): t0 + k (t1 - t0)/(nout - 1), and exactly t1 last,
// the times the kernels report their outputs at (in double precision).
MBE_API void mbe_run_grid_times(const MbeRunDef* run, double* time);

/* ---- backends ---------------------------------------------------------------------------- */

typedef struct MbeBackend MbeBackend;
typedef struct MbeProgram MbeProgram;

// What a backend runs on.
typedef struct MbeBackendInfo {
  MbeBackendKind kind;  // OPENCL or OPENMP (never AUTO)
  char platform[128];   // OpenCL platform name; "OpenMP" for the CPU backend
  char device[128];     // device name; the CPU model for OpenMP
  char version[128];    // device OpenCL version / driver; the C compiler for OpenMP
  bool has_fp64;        // double precision available
  int compute_units;    // OpenCL compute units; OpenMP threads
  uint64_t global_mem;  // bytes of device memory (OpenMP: physical memory)
  uint64_t max_alloc;   // largest single buffer (bytes)
  bool is_host_memory;  // the device's memory is the host's (OpenMP, OpenCL CPU devices)
} MbeBackendInfo;

// Creates a backend. Returns MBE_ERR_NO_DEVICE when the device asked for does not exist,
// MBE_ERR_OPENCL on driver errors, MBE_ERR_INVALID_ARG for a bad def. A cache directory that
// cannot be created or written is not an error: the backend runs without a program cache and
// logs one MBE_LOG_WARN line naming the directory, where it came from and why it failed. Out:
// owned, NULL on failure. Nullable: err.
MBE_API MbeStatus mbe_backend_create(const MbeBackendDef* def, MbeBackend** out, MbeError* err);

// Destroys a backend; its programs must be destroyed first. NULL is a no-op.
MBE_API void mbe_backend_destroy(MbeBackend* b);

// Fills info for a backend.
MBE_API void mbe_backend_get_info(const MbeBackend* b, MbeBackendInfo* info);

// Lists the OpenCL devices and the OpenMP fallback, as text lines (for `mbens devices`); the
// returned string is owned by the caller and freed with mbe_string_free. Never fails when no
// OpenCL platform exists: it says so in the text.
MBE_API MbeStatus mbe_devices_describe(char** text, MbeError* err);

// The OpenCL devices as "P:D" (what --device and MbeBackendDef.device take), in platform order,
// those with double precision only where need_fp64; at most cap. Returns how many.
MBE_API size_t mbe_devices_opencl(char (*ids)[16], size_t cap, bool need_fp64);
MBE_API void mbe_string_free(char* s);

/* ---- programs ---------------------------------------------------------------------------- */

// Sizes a program reports about itself.
typedef struct MbeProgramInfo {
  int nx, np, ny;        // states, parameters, outputs per member
  int real_bits;         // 64 or 32
  bool from_cache;       // the compiled program came from the cache
  double build_seconds;  // wall time of assemble + compile (or cache load)
  char hash[65];         // content hash of source, options and device (the cache key)
  // OpenCL: what the device's compiler made of the integration kernel (0 elsewhere): its
  // private memory per work-item (where a compiler spills what does not fit the registers), the
  // largest work-group it allows (registers per work-item bound it) and the one launched
  size_t private_bytes, max_group, group;
  char build_log[4096];  // OpenCL: the start of the compiler's log of a fresh build ("" else);
                         // MBENS_OPENCL_OPTIONS adds build options (NVIDIA: -cl-nv-verbose
                         // reports registers and spills there)
} MbeProgramInfo;

// Assembles system + kernels into one program text and compiles it for the backend (or loads it
// from the cache). MBE_ERR_BUILD carries the compiler's log (first lines in err, whole log at
// MBE_LOG_ERROR); MBE_ERR_NO_FP64 when double precision is asked of a device without it;
// MBE_ERR_COMPILER when the OpenMP backend finds no C compiler. Out: owned, NULL on failure.
MBE_API MbeStatus mbe_program_create(MbeBackend* b, const MbeProgramDef* def, MbeProgram** out,
                                     MbeError* err);

// Destroys a program. NULL is a no-op.
MBE_API void mbe_program_destroy(MbeProgram* prog);

MBE_API void mbe_program_get_info(const MbeProgram* prog, MbeProgramInfo* info);

// Returns the assembled program text (for `--emit-kernel` and debugging); caller frees with
// mbe_string_free.
MBE_API MbeStatus mbe_program_source(const MbeProgramDef* def, char** text, MbeError* err);

/* ---- runs -------------------------------------------------------------------------------- */

// Integrates nmember members. Arrays are member-major on the host whatever the device layout:
// x0[m*nx + i], p[m*np + j], y[(m*nout + k)*ny + s], info[m*MBE_MEMBER_INFO_COUNT + f]
// (MbeMemberInfo, below). x0 NULL: the system computes each member's initial state from its
// parameters (generated systems can; see MbeCodegenDef.x0). A member that fails keeps its
// status and NaN outputs from its failure on; the others are not affected, and the call still
// returns MBE_OK. Errors: MBE_ERR_INVALID_ARG
// for a bad run def, MBE_ERR_OPENCL.
MBE_API MbeStatus mbe_program_run(MbeProgram* prog, const MbeRunDef* run, size_t nmember,
                                  const double* x0, const double* p, double* y, int32_t* info,
                                  MbeError* err);

// A member's status: why it stopped (MBE_MEMBER_OK: it reached the stop time). The same values
// as the kernels' MbeRunStatus (kernels/mbe_layout.h).
typedef enum MbeMemberStatus {
  MBE_MEMBER_OK = 0,
  MBE_MEMBER_NONFINITE,       // a state or derivative became NaN or infinite
  MBE_MEMBER_STEP_UNDERFLOW,  // the step size fell below the minimum
  MBE_MEMBER_MAX_STEPS,       // the step budget was used up before the stop time
  MBE_MEMBER_RHS_FAIL,        // the right-hand side reported an unrecoverable failure
  MBE_MEMBER_NOT_RUN,         // the member was not integrated
  MBE_MEMBER_NEWTON_FAIL,     // a Newton iteration inside the right-hand side did not converge
  MBE_MEMBER_ASSERT_FAILED,   // an error-level assertion failed
  MBE_MEMBER_INIT_FAIL,       // the initialization found no solution
  MBE_MEMBER_STATUS_COUNT
} MbeMemberStatus;

// A member's info record (MbeEvalBatch.info, mbe_program_run): MBE_MEMBER_INFO_COUNT integers,
// the kernels' MbeInfo (kernels/mbe_layout.h).
typedef enum MbeMemberInfo {
  MBE_MEMBER_INFO_STATUS = 0,  // MbeMemberStatus
  MBE_MEMBER_INFO_STEPS,       // accepted steps
  MBE_MEMBER_INFO_REJECTED,    // rejected steps
  MBE_MEMBER_INFO_RHS,         // right-hand side evaluations
  MBE_MEMBER_INFO_ASSERT,      // the error-level assertion that stopped it, 1-based; 0: none
  MBE_MEMBER_INFO_WARNED,      // the first warning-level assertion found false, 1-based; 0: none
  MBE_MEMBER_INFO_ASSERT_TLO,  // the time an assertion failed: mbe_info_assert_time reads these
  MBE_MEMBER_INFO_ASSERT_THI,
  MBE_MEMBER_INFO_EVENTS,      // events located
  MBE_MEMBER_INFO_COUNT
} MbeMemberInfo;

// The word of a member's status (MbeMemberStatus: "ok", "non-finite",
// "max-steps", ...) and its one-line explanation; "unknown" for other values.
MBE_API const char* mbe_run_status_word(int status);
MBE_API const char* mbe_run_status_text(int status);

/* ---- batches with reductions -------------------------------------------------------------- */

// What the backend reduces while it has a batch's trajectories (kernels/reduce): quantities of
// interest per member, and the statistics of chosen outputs over the members, per grid point.
typedef struct MbeReduceDef {
  size_t nqoi;                 // quantities of interest per member
  const int32_t* qoi_code;     // (nqoi) MbeQoiKind of kernels/reduce/mbe_qoi.h | MBE_QOI_ABS
  const int32_t* qoi_column;   // (nqoi) the output column it reads
  const double* qoi_level;     // (nqoi) the level of crossings (ignored by the others)
  size_t nstat;                // output columns whose statistics are reduced
  const int32_t* stat_column;  // (nstat); series s = k nstat + j is column stat_column[j] at
                               // grid point k (nout * nstat series)
  size_t sobol_params;         // > 0: the batch is whole Saltelli blocks of this many varied
                               // parameters, and each series' Sobol' sums are reduced too
                               // (kernels/reduce/mbe_sobol.h); needs nstat > 0
  size_t sobol_block;          // members per block: sobol_params + 2 or 2 sobol_params + 2
} MbeReduceDef;

// One batch and what the backend returns for it; host arrays are member-major.
typedef struct MbeBatch {
  size_t n;              // members
  const double* p;       // (n, np) parameters
  const double* x0;      // (n, nx) initial states, or NULL: from the parameters (mbe_x0)
  int32_t* info;         // (n, MBE_INFO_COUNT) out
  double* y;             // (n, nout, ny) out, or NULL: the trajectories stay on the device
  double* qoi;           // (n, nqoi) out; NULL when nqoi = 0
  int64_t* stat_part;    // (nseries, MBE_REDUCE_PART_WORDS) out: each series' partial record
                         // (kernels/reduce/mbe_reduce.h); NULL when nstat = 0
  uint32_t* stat_pairs;  // (nseries, 2 n) out: series s holds its npairs (key, count) pairs at
                         // [s 2n, s 2n + 2 npairs); NULL when nstat = 0
  int64_t* sobol_part;   // (nseries, MBE_SOBOL_WORDS(sobol_params)) out: each series' Sobol'
                         // sums (n a multiple of sobol_block); NULL when sobol_params = 0
} MbeBatch;

// Integrates one batch (all of it in one launch) and reduces it on the backend. Member k's
// numbers depend only on its own inputs, and a series' partial record and pairs only on the
// members of the batch, not on how they are laid out or in which order threads run. Errors:
// MBE_ERR_INVALID_ARG (a bad run or reduce def, a column out of range), MBE_ERR_NOMEM (the
// batch does not fit: see mbe_program_batch_limit), MBE_ERR_OPENCL. Nullable: red, err.
MBE_API MbeStatus mbe_program_run_batch(MbeProgram* prog, const MbeRunDef* run,
                                        const MbeReduceDef* red, const MbeBatch* b, MbeError* err);

// The most members one batch may hold on this backend (device memory, largest buffer) with
// these settings; 0 = no limit. Nullable: red.
MBE_API size_t mbe_program_batch_limit(const MbeProgram* prog, const MbeRunDef* run,
                                       const MbeReduceDef* red, bool has_x0);

// The host memory (bytes) mbe_program_run_batch takes per member of a batch beyond the caller's
// arrays: staging in the device's layout and precision, the outputs when the caller wants none
// (has_y false) and the backend must still keep them, and the device's buffers when its memory
// is the host's (MbeBackendInfo.is_host_memory). Nullable: red.
MBE_API size_t mbe_program_batch_host_bytes(const MbeProgram* prog, const MbeRunDef* run,
                                            const MbeReduceDef* red, bool has_x0, bool has_y);

MBE_END_DECLS

#endif
