// SPDX-License-Identifier: Apache-2.0
// mbens bench: an ensemble integrated on every backend asked for, reporting build and run times,
// throughput, the achieved rate of the kernel's operations, failed members, and whether the
// backends agree bit for bit. The ensemble is the built-in chaotic double pendulum
// (kernels/systems, with its energy drift) or a model of the user's (MODEL.mo: the kernel mbens
// generates for it, members fanned out in one state).
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "ensemble_api.h"
#include "codegen.h"
#include "mbe/mbe_flat.h"
#include "mbe/mbe_hooks.h"
#include "mbe/mbe_spec.h"
#include "mbe_layout.h"
#include "mech.h"

#define NX 4
#define NP 5
#define NY 5
#define INFO MBE_INFO_COUNT

static const char* const SYSTEM = "#include \"systems/mbe_sys_double_pendulum.h\"\n";

// the name of the standard suite's version (--suite): results under the same name compare
#define MBE_BENCH_SUITE "mbens-bench-suite-2"

typedef struct BenchOptions {
  long members;
  double stop_time;
  int methods;       // bit 0: rk4, bit 1: dopri5
  double step;       // rk4 step (s)
  double tolerance;  // dopri5 rtol = atol
  bool all_backends;
  MbeBackendKind kind;
  const char* device;
  long threads;
  long batch;
  MbePrecision precision;
  bool use_cache;
  MbeCliModel model;  // a model of the user's (nfiles 0, no class: the double pendulum)
  bool suite;         // the standard suite (bench_suite)
  double peak;        // --peak: the OpenCL device's peak (GFLOP/s), 0: not given
  bool json;          // the results as JSON on standard output
} BenchOptions;

// what is integrated: the kernel's text and each member's start and parameters
typedef struct Workload {
  char* source;  // owned (the built-in one: a copy of SYSTEM)
  const char* name;
  int nx, np, ny, nout;
  double* x0;   // (n, nx)
  double* p;    // (n, np)
  double ops;   // operations per right-hand side evaluation (0: not known)
  bool energy;  // output ny - 1 is the energy (the double pendulum)
  MbeSpec* spec;
  MbeFlat* flat;
  MbeSystem* sys;
} Workload;

// one backend's results for one method
typedef struct BenchResult {
  char label[200];
  double build_s, run_s;
  bool from_cache;
  double* y;
  int32_t* info;
} BenchResult;

static void help(void) {
  printf(
      "usage: mbens bench [" MBE_CLI_MODEL_USAGE
      "] [OPTIONS]\n\n"
      "Integrates an ensemble on each backend and reports build time (cold or cached), run time,\n"
      "member-steps/s, right-hand-side evaluations/s, the operations per second the kernel\n"
      "achieves (its operation count, as --stats gives it, times the evaluations), failed\n"
      "members, and whether all backends produced bitwise-identical outputs (exit 1 if not).\n"
      "Without a model: planar double pendulums (chaotic: one differing bit grows to O(1) within\n"
      "seconds), with the worst energy drift. With a model: its kernel, every member from the\n"
      "model's start with its last state moved by up to 1e-3 (relative), the states compared at\n"
      "the stop time.\n\n"
      "options:\n" MBE_CLI_MODEL_HELP
      "  --members N        ensemble size (default 4096)\n"
      "  --stop-time T      simulated seconds (default 10)\n"
      "  --method M         rk4, dopri5 or both (default both)\n"
      "  --step H           RK4 step in s (default 1e-3)\n"
      "  --tolerance TOL    DOPRI5 relative and absolute tolerance (default 1e-8)\n"
      "  --backend B        all, auto, opencl or openmp (default all: OpenMP and every OpenCL\n"
      "                     device, or the one --device names)\n"
      "  --device D         OpenCL device: P:D or part of its name (default $MBENS_DEVICE or "
      "best)\n"
      "  --threads N        OpenMP threads (default $OMP_NUM_THREADS or all cores)\n"
      "  --batch N          members per launch (default: as many as fit)\n"
      "  --precision P      double or single (default double)\n"
      "  --no-cache         compile kernels afresh (measures cold builds)\n"
      "  --json             the results as JSON on standard output (one object per run)\n"
      "  --peak G           the OpenCL device's peak rate in the precision run (GFLOP/s,\n"
      "                     from its data sheet): its rows give the share of it the kernel\n"
      "                     reaches (each of the kernel's operations counted as one)\n"
      "  --suite            the standard suite (versioned, comparable between machines), double\n"
      "                     then single precision, on every backend: the chains of 2, 4, 8, 16,\n"
      "                     32 and 64 revolute links (models/bench), RK4 at 1 ms over 1 s,\n"
      "                     --members x 2 / N members for N links (default 4096 x 2 / N); the\n"
      "                     acceptance ladder's 12 MSL models, DOPRI5 at 1e-6 over 1 s\n\n"
      "examples: mbens bench --members 100000 --method dopri5 --backend opencl\n"
      "          mbens bench models/bench/Chain16.mo --method rk4 --stop-time 1 --members 20000\n");
}

static int parse(int argc, char** argv, BenchOptions* o) {
  const char* cmd = "bench";
  for (int i = 1; i < argc; i++) {
    const char* a = argv[i];
    const char* v = NULL;
    long n;
    if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
      help();
      return -1;
    } else if (mbe_cli_is_option(a, "--members")) {
      if (!(v = mbe_cli_value(argc, argv, &i, "--members")) ||
          !mbe_cli_parse_int(cmd, "--members", v, 1, 100000000, &o->members)) {
        return MBE_EXIT_USAGE;
      }
    } else if (mbe_cli_is_option(a, "--stop-time")) {
      if (!(v = mbe_cli_value(argc, argv, &i, "--stop-time")) ||
          !mbe_cli_parse_double(cmd, "--stop-time", v, 1e-9, &o->stop_time)) {
        return MBE_EXIT_USAGE;
      }
    } else if (mbe_cli_is_option(a, "--method")) {
      if (!(v = mbe_cli_value(argc, argv, &i, "--method"))) {
        return MBE_EXIT_USAGE;
      }
      o->methods = strcmp(v, "rk4") == 0      ? 1
                   : strcmp(v, "dopri5") == 0 ? 2
                   : strcmp(v, "both") == 0   ? 3
                                              : 0;
      if (!o->methods) {
        return mbe_cli_usage_error(cmd, "--method takes rk4, dopri5 or both, not '%s'", v);
      }
    } else if (mbe_cli_is_option(a, "--step")) {
      if (!(v = mbe_cli_value(argc, argv, &i, "--step")) ||
          !mbe_cli_parse_double(cmd, "--step", v, 1e-12, &o->step)) {
        return MBE_EXIT_USAGE;
      }
    } else if (mbe_cli_is_option(a, "--tolerance")) {
      if (!(v = mbe_cli_value(argc, argv, &i, "--tolerance")) ||
          !mbe_cli_parse_double(cmd, "--tolerance", v, 1e-15, &o->tolerance)) {
        return MBE_EXIT_USAGE;
      }
    } else if (mbe_cli_is_option(a, "--backend")) {
      if (!(v = mbe_cli_value(argc, argv, &i, "--backend")) ||
          !mbe_cli_parse_backend(cmd, v, &o->kind, &o->all_backends)) {
        return MBE_EXIT_USAGE;
      }
    } else if (mbe_cli_is_option(a, "--device")) {
      if (!(o->device = mbe_cli_value(argc, argv, &i, "--device"))) {
        return MBE_EXIT_USAGE;
      }
    } else if (mbe_cli_is_option(a, "--threads")) {
      if (!(v = mbe_cli_value(argc, argv, &i, "--threads")) ||
          !mbe_cli_parse_int(cmd, "--threads", v, 1, 4096, &o->threads)) {
        return MBE_EXIT_USAGE;
      }
    } else if (mbe_cli_is_option(a, "--batch")) {
      if (!(v = mbe_cli_value(argc, argv, &i, "--batch")) ||
          !mbe_cli_parse_int(cmd, "--batch", v, 1, 1000000000, &n)) {
        return MBE_EXIT_USAGE;
      }
      o->batch = n;
    } else if (mbe_cli_is_option(a, "--precision")) {
      if (!(v = mbe_cli_value(argc, argv, &i, "--precision")) ||
          !mbe_cli_parse_precision(cmd, v, &o->precision)) {
        return MBE_EXIT_USAGE;
      }
    } else if (strcmp(a, "--no-cache") == 0) {
      o->use_cache = false;
    } else if (strcmp(a, "--json") == 0) {
      o->json = true;
    } else if (strcmp(a, "--suite") == 0) {
      o->suite = true;
    } else if (mbe_cli_is_option(a, "--peak")) {
      if (!(v = mbe_cli_value(argc, argv, &i, "--peak")) ||
          !mbe_cli_parse_double(cmd, "--peak", v, 1e-6, &o->peak)) {
        return MBE_EXIT_USAGE;
      }
    } else if ((n = mbe_cli_model_arg(cmd, argc, argv, &i, &o->model)) != 0) {
      if (n < 0)
        return MBE_EXIT_USAGE;
    } else {
      return mbe_cli_usage_error(
          cmd,
          "unknown option '%s'; options are --class, --library, --members, --stop-time, "
          "--method, --step, --tolerance, --backend, --device, --threads, --batch, --precision, "
          "--no-cache, --json, --suite, --peak, --help",
          a);
    }
  }
  return 0;
}

// runs the ensemble on one backend with one method; fills r (owned arrays)
static int run_one(const BenchOptions* o, const Workload* w, MbeBackend* b, int method, size_t n,
                   BenchResult* r) {
  MbeError err;
  mbe_error_clear(&err);
  MbeProgramDef pd = mbe_program_def_default();
  pd.system_source = w->source;
  pd.name = w->name;
  pd.precision = o->precision;
  MbeProgram* prog = NULL;
  if (mbe_program_create(b, &pd, &prog, &err) != MBE_OK) {
    mbe_cli_print_error("bench", &err);
    return MBE_EXIT_FAILURE;
  }
  MbeProgramInfo pi;
  mbe_program_get_info(prog, &pi);
  r->build_s = pi.build_seconds;
  r->from_cache = pi.from_cache;

  MbeRunDef run = mbe_run_def_default();
  run.method = method == 1 ? MBE_RUN_METHOD_RK4 : MBE_RUN_METHOD_DOPRI5;
  run.t0 = 0.0;
  run.t1 = o->stop_time;
  run.nout = w->nout;
  run.h = method == 1 ? o->step : 0.0;
  run.rtol = o->tolerance;
  run.atol = o->tolerance;
  run.max_steps = 100000000;
  run.batch_size = (size_t)o->batch;
  r->y = malloc(n * (size_t)w->nout * (size_t)w->ny * sizeof *r->y);
  r->info = malloc(n * INFO * sizeof *r->info);
  if (!r->y || !r->info) {
    mbe_program_destroy(prog);
    fprintf(stderr, "mbens bench: error: out of memory for %zu members\n", n);
    return MBE_EXIT_FAILURE;
  }
  double t = mbe_seconds();
  MbeStatus st = mbe_program_run(prog, &run, n, w->x0, w->p, r->y, r->info, &err);
  r->run_s = mbe_seconds() - t;
  mbe_program_destroy(prog);
  if (st != MBE_OK) {
    mbe_cli_print_error("bench", &err);
    return MBE_EXIT_FAILURE;
  }
  return MBE_EXIT_OK;
}

// prints one result row (text or JSON) and returns its failed-member count
static long report(const BenchOptions* o, const Workload* w, const BenchResult* r, size_t n,
                   const char* method, double escale) {
  double steps = 0.0, rhs = 0.0, drift = 0.0;
  long failed = 0;
  size_t row = (size_t)w->nout * (size_t)w->ny;
  for (size_t m = 0; m < n; m++) {
    const int32_t* in = r->info + m * INFO;
    steps += in[1];
    rhs += in[3];
    failed += in[0] != 0;
    const double* ym = r->y + m * row;
    for (int k = 1; w->energy && k < w->nout; k++) {
      double d = fabs(ym[(size_t)k * w->ny + w->ny - 1] - ym[w->ny - 1]) / escale;
      drift = d > drift ? d : drift;
    }
  }
  double gops = w->ops * rhs / r->run_s * 1e-9;
  // the device memory a member moves: its start and parameters in, its outputs and status out
  // (the integration itself keeps the state in the work-item's own memory)
  double bytes = (double)(w->nx + w->np + (size_t)w->nout * (size_t)w->ny) *
                     (o->precision == MBE_PRECISION_DOUBLE ? 8 : 4) +
                 INFO * 4;
  double gbs = bytes * (double)n / r->run_s * 1e-9;
  // the share of the device's peak (an operation counted as one floating-point operation)
  double share =
      o->peak > 0 && w->ops > 0 && strncmp(r->label, "OpenCL", 6) == 0 ? gops / o->peak : -1;
  if (o->json) {
    printf(
        "{%s\"model\": \"%s\", \"backend\": \"%s\", \"method\": \"%s\", \"precision\": \"%s\", "
        "\"members\": %zu, \"build_seconds\": %.6g, \"cached\": %s, \"run_seconds\": %.6g, "
        "\"member_steps_per_second\": %.6g, \"rhs_evaluations_per_second\": %.6g, "
        "\"operations_per_rhs\": %.0f, \"gigaoperations_per_second\": %.6g, "
        "\"share_of_peak\": %.6g, \"bytes_per_member\": %.0f, \"memory_gb_per_second\": %.6g, "
        "\"failed\": %ld}\n",
        o->suite ? "\"suite\": \"" MBE_BENCH_SUITE "\", " : "", w->name, r->label, method,
        o->precision == MBE_PRECISION_DOUBLE ? "double" : "single", n, r->build_s,
        r->from_cache ? "true" : "false", r->run_s, steps / r->run_s, rhs / r->run_s, w->ops, gops,
        share > 0 ? share : 0, bytes, gbs, failed);
    return failed;
  }
  printf("  %-44s build %7.3f s%s  run %8.3f s  %10.3e member-steps/s  %10.3e rhs/s", r->label,
         r->build_s, r->from_cache ? " (cached)" : " (cold)  ", r->run_s, steps / r->run_s,
         rhs / r->run_s);
  if (w->ops > 0)
    printf("  %8.3g Gop/s", gops);
  if (share > 0)
    printf(" (%.2g %% of peak)", 100 * share);
  if (w->energy)
    printf("  drift %.1e", drift);
  printf("  failed %ld\n", failed);
  return failed;
}

// the built-in double pendulum: a fan of initial angles, all at rest, unit masses and lengths
static int workload_pendulum(size_t n, Workload* w) {
  memset(w, 0, sizeof *w);
  w->source = mbe_strdup(SYSTEM);
  w->name = "double pendulum";
  w->nx = NX, w->np = NP, w->ny = NY, w->nout = 101;
  w->energy = true;
  w->x0 = malloc(n * NX * sizeof *w->x0);
  w->p = malloc(n * NP * sizeof *w->p);
  if (!w->source || !w->x0 || !w->p) {
    fprintf(stderr, "mbens bench: error: out of memory for %zu members\n", n);
    return MBE_EXIT_FAILURE;
  }
  for (size_t m = 0; m < n; m++) {
    double f = ((double)m + 0.5) / (double)n;
    double x[NX] = {1.2 + 1.6 * f, 2.6 - 1.1 * f, 0.0, 0.0};
    double p[NP] = {1.0, 1.0, 1.0, 1.0, 9.80665};
    memcpy(w->x0 + m * NX, x, sizeof x);
    memcpy(w->p + m * NP, p, sizeof p);
  }
  return MBE_EXIT_OK;
}

// a model's kernel (its states as outputs, at the start and the stop time), its operation count,
// every member from the model's start with the last state moved by up to 1e-3 (relative)
static int workload_build(size_t n, Workload* w) {
  MbeError err;
  mbe_error_clear(&err);
  MbeStatus st = mbe_system_build(w->flat, &w->sys, &err);
  if (st != MBE_OK) {
    mbe_cli_print_error("bench", &err);
    return st == MBE_ERR_NOMEM ? MBE_EXIT_FAILURE : MBE_EXIT_USAGE;
  }
  const MbeSystem* sys = w->sys;
  w->name = sys->name;
  w->nx = (int)sys->nx, w->ny = (int)sys->nx, w->nout = 2;
  w->np = sys->np > 0 ? (int)sys->np : 1;
  // the outputs: the states themselves (their signals), as mbens simulate writes them
  MbeSymId* y = malloc((sys->nx + 1) * sizeof *y);
  for (size_t i = 0; y && i < sys->nx; i++)
    y[i] = mbe_system_signal(sys, sys->state_names[i])->id;
  MbeCodegenDef cg = mbe_system_codegen_def(sys, y, sys->nx);
  MbeCodegenStats cs;
  st = y ? mbe_codegen_system(&cg, &w->source, &err) : MBE_ERR_NOMEM;
  if (st == MBE_OK)
    st = mbe_codegen_stats(&cg, &cs, &err);
  free(y);
  if (st != MBE_OK) {
    mbe_cli_print_error("bench", &err);
    return MBE_EXIT_FAILURE;
  }
  w->ops = (double)cs.rhs.temporaries;
  w->x0 = malloc(n * (size_t)w->nx * sizeof *w->x0);
  w->p = calloc(n * (size_t)w->np, sizeof *w->p);
  if (!w->x0 || !w->p) {
    fprintf(stderr, "mbens bench: error: out of memory for %zu members\n", n);
    return MBE_EXIT_FAILURE;
  }
  for (size_t m = 0; m < n; m++) {
    double f = ((double)m + 0.5) / (double)n - 0.5;
    double* x = w->x0 + m * (size_t)w->nx;
    memcpy(x, sys->x0, sys->nx * sizeof *x);
    double last = x[w->nx - 1];
    x[w->nx - 1] = last + 2e-3 * f * (last != 0 ? fabs(last) : 1.0);
    if (sys->np > 0)
      memcpy(w->p + m * (size_t)w->np, sys->p0, sys->np * sizeof *w->p);
  }
  return MBE_EXIT_OK;
}

static int workload_model(const BenchOptions* o, size_t n, Workload* w) {
  memset(w, 0, sizeof *w);
  int rc = mbe_cli_load_model("bench", &o->model, &w->spec, &w->flat);
  return rc != MBE_EXIT_OK ? rc : workload_build(n, w);
}

// The suite's N-link chain (bench/chain_model.sh's, models/bench/ChainN.mo): revolute joints
// with axes z, y, z, ... each followed by a 0.5 m, 1 kg rod; every joint at 0.3 rad, rates +-0.5
static char* chain_text(int n) {
  MbeStrbuf sb;
  mbe_strbuf_init(&sb);
  mbe_strbuf_printf(&sb, "model Chain%d\n  inner Modelica.Mechanics.MultiBody.World world;\n", n);
  for (int k = 1; k <= n; k++) {
    mbe_strbuf_printf(&sb,
                      "  Modelica.Mechanics.MultiBody.Joints.Revolute j%d(n=%s,\n"
                      "    phi(fixed=true, start=0.3), w(fixed=true, start=%s));\n"
                      "  Modelica.Mechanics.MultiBody.Parts.BodyShape b%d(r={0.5,0,0}, "
                      "r_CM={0.25,0,0}, m=1,\n    I_11=0.0002, I_22=0.020933333333333335, "
                      "I_33=0.020933333333333335);\n",
                      k, k % 2 ? "{0,0,1}" : "{0,1,0}", k % 2 ? "0.5" : "-0.5", k);
  }
  mbe_strbuf_puts(&sb, "equation\n  connect(world.frame_b, j1.frame_a);\n");
  for (int k = 1; k <= n; k++) {
    mbe_strbuf_printf(&sb, "  connect(j%d.frame_b, b%d.frame_a);\n", k, k);
    if (k < n)
      mbe_strbuf_printf(&sb, "  connect(b%d.frame_b, j%d.frame_a);\n", k, k + 1);
  }
  mbe_strbuf_printf(&sb, "end Chain%d;\n", n);
  if (sb.is_oom) {
    mbe_strbuf_deinit(&sb);
    return NULL;
  }
  return sb.data;
}

// the model of a text (the file name for messages)
static int workload_text(const char* name, const char* text, size_t n, Workload* w) {
  memset(w, 0, sizeof *w);
  MbeError err;
  mbe_error_clear(&err);
  MbeStatus st = text ? mbe_spec_create(&w->spec, &err) : MBE_ERR_NOMEM;
  if (st == MBE_OK)
    st = mbe_spec_add_text(w->spec, name, text, strlen(text), &err);
  if (st == MBE_OK)
    st = mbe_flat_create(w->spec, NULL, &w->flat, &err);
  if (st != MBE_OK) {
    mbe_cli_print_error("bench", &err);
    return MBE_EXIT_FAILURE;
  }
  return workload_build(n, w);
}

static int workload_chain(int links, size_t n, Workload* w) {
  char name[32];
  snprintf(name, sizeof name, "Chain%d.mo", links);
  char* text = chain_text(links);
  int rc = workload_text(name, text, n, w);
  mbe_free(text);
  return rc;
}

// the acceptance ladder's models, embedded at build time (host/cli/CMakeLists.txt)
extern const MbeEmbeddedSource mbe_ladder_sources[];
extern const size_t mbe_ladder_source_count;

static void workload_free(Workload* w) {
  mbe_free(w->source);
  free(w->x0);
  free(w->p);
  mbe_system_destroy(w->sys);
  mbe_flat_destroy(w->flat);
  mbe_spec_destroy(w->spec);
}

enum { MAX_BACKENDS = 16 };

// one backend of the kind (an OpenCL device: dev, NULL for the default); NULL where there is none
// (printed)
static MbeBackend* open_backend(const BenchOptions* o, MbeBackendKind kind, const char* dev,
                                int* rc) {
  MbeError err;
  mbe_error_clear(&err);
  MbeBackendDef bd = mbe_backend_def_default();
  bd.kind = kind;
  bd.device = dev;
  bd.threads = (int)o->threads;
  bd.use_cache = o->use_cache;
  bd.need_fp64 = o->precision == MBE_PRECISION_DOUBLE;
  MbeBackend* b = NULL;
  if (mbe_backend_create(&bd, &b, &err) != MBE_OK) {
    mbe_cli_print_error("bench", &err);
    *rc = MBE_EXIT_FAILURE;
    return NULL;
  }
  return b;
}

// the backends: for "all" OpenMP and every OpenCL device (the one --device names, where it does)
// able to run the precision, else the one asked for; returns how many
static int open_backends(const BenchOptions* o, MbeBackend** backends, int* rc) {
  *rc = MBE_EXIT_OK;
  if (!o->all_backends) {
    backends[0] = open_backend(o, o->kind, o->device, rc);
    return backends[0] != NULL;
  }
  int nb = 0;
  if ((backends[nb] = open_backend(o, MBE_BACKEND_OPENMP, NULL, rc)) != NULL)
    nb++;
  char ids[MAX_BACKENDS][16];
  size_t ncl =
      o->device ? 1
                : mbe_devices_opencl(ids, MAX_BACKENDS - 1, o->precision == MBE_PRECISION_DOUBLE);
  if (ncl == 0 && !o->json)
    printf("OpenCL: skipped (no device%s)\n",
           o->precision == MBE_PRECISION_DOUBLE ? " with double precision" : "");
  for (size_t k = 0; k < ncl && *rc == MBE_EXIT_OK; k++) {
    if ((backends[nb] = open_backend(o, MBE_BACKEND_OPENCL, o->device ? o->device : ids[k], rc)))
      nb++;
  }
  return nb;
}

// the outputs and statuses of two runs, bit for bit: 0 when identical, else the count differing
static size_t count_differences(const Workload* w, size_t n, const BenchResult* a,
                                const BenchResult* b, size_t* first) {
  size_t ny_total = n * (size_t)w->nout * (size_t)w->ny, ndiff = 0;
  for (size_t i = 0; i < ny_total; i++) {
    if (memcmp(&a->y[i], &b->y[i], sizeof(double)) != 0 && !(isnan(a->y[i]) && isnan(b->y[i]))) {
      *first = ndiff ? *first : i / ((size_t)w->nout * (size_t)w->ny);
      ndiff++;
    }
  }
  return ndiff + (memcmp(a->info, b->info, n * INFO * sizeof(int32_t)) != 0);
}

// one method on every backend, then the bitwise comparison across them
static int bench_method(const BenchOptions* o, const Workload* w, MbeBackend** backends, int nb,
                        int method, size_t n) {
  const double escale = (1.0 + 1.0) * 9.80665 * 1.0 + 1.0 * 9.80665 * 1.0;
  const char* mname = method == 1 ? "rk4" : "dopri5";
  if (!o->json)
    printf("%s:\n", method == 1 ? "RK4" : "DOPRI5");
  BenchResult res[MAX_BACKENDS];
  memset(res, 0, sizeof res);
  long failed = 0;
  int ok_runs = 0, rc = MBE_EXIT_OK;
  for (int j = 0; j < nb; j++) {
    MbeBackendInfo bi;
    mbe_backend_get_info(backends[j], &bi);
    snprintf(res[j].label, sizeof res[j].label, "%s %.36s",
             bi.kind == MBE_BACKEND_OPENCL ? "OpenCL" : "OpenMP", bi.device);
    rc = run_one(o, w, backends[j], method, n, &res[j]);
    if (rc != MBE_EXIT_OK)
      break;
    failed += report(o, w, &res[j], n, mname, escale);
    ok_runs++;
  }
  for (int j = 1; j < ok_runs; j++) {
    size_t first = 0, ndiff = count_differences(w, n, &res[0], &res[j], &first);
    if (o->json) {
      printf("{\"model\": \"%s\", \"method\": \"%s\", \"precision\": \"%s\", \"identical\": %s}\n",
             w->name, mname, o->precision == MBE_PRECISION_DOUBLE ? "double" : "single",
             ndiff == 0 ? "true" : "false");
    } else if (ndiff == 0) {
      printf("  identity: all %zu outputs and statuses bitwise identical (%s and %s)\n",
             n * (size_t)w->nout * (size_t)w->ny, res[0].label, res[j].label);
    } else {
      printf("  identity: BROKEN: %zu outputs differ between %s and %s (first: member %zu)\n",
             ndiff, res[0].label, res[j].label, first);
    }
    rc = ndiff == 0 ? rc : MBE_EXIT_FAILURE;
  }
  if (failed && rc == MBE_EXIT_OK)
    rc = MBE_EXIT_MEMBERS_FAILED;
  for (int j = 0; j < MAX_BACKENDS; j++) {
    free(res[j].y);
    free(res[j].info);
  }
  return rc;
}

// the exit code of several runs: the first failure, else members that failed, else success
static int merge_rc(int rc, int r) {
  if (r == MBE_EXIT_OK || (r == MBE_EXIT_MEMBERS_FAILED && rc != MBE_EXIT_OK))
    return rc;
  return r;
}

// the versioned standard suite, in double and then single precision, on every backend asked for:
// the chains of 2 .. 64 links, RK4 at 1 ms over 1 s, members * 2 / N of the N-link chain (the
// same work per link); then the acceptance ladder's twelve MSL models, DOPRI5 at 1e-6 over 1 s,
// members of each

static int bench_suite(BenchOptions* o, MbeBackend** backends, int nb) {
  static const int LINKS[] = {2, 4, 8, 16, 32, 64};
  int rc = MBE_EXIT_OK;
  o->stop_time = 1.0;
  o->step = 1e-3;
  o->tolerance = 1e-6;
  if (!o->json)
    printf(
        "suite %s: N-link chains, RK4 1 ms over 1 s, %ld x 2 / N members; the ladder's MSL "
        "models, DOPRI5 1e-6 over 1 s, %ld members\n",
        MBE_BENCH_SUITE, o->members, o->members);
  for (int prec = 0; prec < 2 && (rc == MBE_EXIT_OK || rc == MBE_EXIT_MEMBERS_FAILED); prec++) {
    o->precision = prec == 0 ? MBE_PRECISION_DOUBLE : MBE_PRECISION_SINGLE;
    for (size_t k = 0; k < sizeof LINKS / sizeof LINKS[0]; k++) {
      size_t n = (size_t)o->members * 2 / (size_t)LINKS[k];
      n = n < 16 ? 16 : n;
      Workload w;
      int r = workload_chain(LINKS[k], n, &w);
      if (r == MBE_EXIT_OK) {
        if (!o->json)
          printf("Chain%d, %s precision, %zu members, %.0f operations per right-hand side\n",
                 LINKS[k], prec == 0 ? "double" : "single", n, w.ops);
        r = bench_method(o, &w, backends, nb, 1, n);
      }
      workload_free(&w);
      rc = merge_rc(rc, r);
      if (rc != MBE_EXIT_OK && rc != MBE_EXIT_MEMBERS_FAILED)
        return rc;
    }
    for (size_t k = 0; k < mbe_ladder_source_count; k++) {
      const MbeEmbeddedSource* m = &mbe_ladder_sources[k];
      size_t n = (size_t)o->members;
      Workload w;
      int r = workload_text(m->path, m->text, n, &w);
      if (r == MBE_EXIT_OK && prec == 1 && w.sys->needs_double) {
        if (!o->json)
          printf("%s, single precision: skipped (%s)\n", w.name, w.sys->needs_double);
        workload_free(&w);
        continue;
      }
      if (r == MBE_EXIT_OK) {
        if (!o->json)
          printf("%s, %s precision, %zu members, %.0f operations per right-hand side\n", w.name,
                 prec == 0 ? "double" : "single", n, w.ops);
        r = bench_method(o, &w, backends, nb, 2, n);
      }
      workload_free(&w);
      rc = merge_rc(rc, r);
      if (rc != MBE_EXIT_OK && rc != MBE_EXIT_MEMBERS_FAILED)
        return rc;
    }
  }
  return rc;
}

int mbe_cmd_bench(int argc, char** argv) {
  BenchOptions o = {.members = 4096,
                    .stop_time = 10.0,
                    .methods = 3,
                    .step = 1e-3,
                    .tolerance = 1e-8,
                    .all_backends = true,
                    .kind = MBE_BACKEND_AUTO,
                    .precision = MBE_PRECISION_DOUBLE,
                    .use_cache = true};
  int rc = parse(argc, argv, &o);
  if (rc != 0) {
    return rc < 0 ? MBE_EXIT_OK : rc;
  }
  bool model = o.model.nfiles > 0 || o.model.class_name != NULL;
  if (model && o.suite)
    return mbe_cli_usage_error("bench", "--suite runs its own models: give no model with it");
  if (model && mbe_cli_model_check("bench", &o.model) != MBE_EXIT_OK)
    return MBE_EXIT_USAGE;
  mbe_cli_install_log(false);
  if (o.suite) {
    MbeBackend* backends[MAX_BACKENDS] = {NULL};
    int nb = open_backends(&o, backends, &rc);
    if (rc == MBE_EXIT_OK)
      rc = bench_suite(&o, backends, nb);
    for (int j = 0; j < nb; j++)
      mbe_backend_destroy(backends[j]);
    return rc;
  }
  size_t n = (size_t)o.members;
  Workload w;
  rc = model ? workload_model(&o, n, &w) : workload_pendulum(n, &w);
  if (rc == MBE_EXIT_OK && o.precision == MBE_PRECISION_SINGLE && w.sys && w.sys->needs_double)
    rc =
        mbe_cli_usage_error("bench", "--precision single cannot run %s: %s; use --precision double",
                            w.name, w.sys->needs_double);
  if (rc != MBE_EXIT_OK) {
    workload_free(&w);
    return rc;
  }
  MbeBackend* backends[MAX_BACKENDS] = {NULL};
  int nb = open_backends(&o, backends, &rc);
  if (rc == MBE_EXIT_OK && !o.json) {
    if (model)
      printf("%s: %zu members, %g s, %s precision, %.0f operations per right-hand side\n", w.name,
             n, o.stop_time, o.precision == MBE_PRECISION_DOUBLE ? "double" : "single", w.ops);
    else
      printf("double-pendulum ensemble: %zu members, %g s, %s precision\n", n, o.stop_time,
             o.precision == MBE_PRECISION_DOUBLE ? "double" : "single");
    for (int j = 0; j < nb; j++) {
      MbeBackendInfo bi;
      mbe_backend_get_info(backends[j], &bi);
      printf("backend %d: %s: %s%s%s%s, %d %s\n", j,
             bi.kind == MBE_BACKEND_OPENCL ? "OpenCL" : "OpenMP", bi.device,
             bi.version[0] ? " (" : "", bi.version, bi.version[0] ? ")" : "", bi.compute_units,
             bi.kind == MBE_BACKEND_OPENCL ? "compute units" : "threads");
    }
  }
  for (int method = 1; method <= 2 && (rc == MBE_EXIT_OK || rc == MBE_EXIT_MEMBERS_FAILED);
       method++) {
    if (!(o.methods & method))
      continue;
    int r = bench_method(&o, &w, backends, nb, method, n);
    rc = merge_rc(rc, r);
  }
  workload_free(&w);
  for (int j = 0; j < nb; j++) {
    mbe_backend_destroy(backends[j]);
  }
  return rc;
}
