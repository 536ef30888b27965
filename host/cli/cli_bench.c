// SPDX-License-Identifier: Apache-2.0
// mbens bench: the built-in chaotic double-pendulum ensemble (kernels/systems) integrated on every
// backend asked for; reports build and run times, throughput, energy drift, failed members, and
// whether the backends agree bit for bit.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "mbe/mbe_hooks.h"
#include "mbe_layout.h"

#define NX 4
#define NP 5
#define NY 5
#define INFO MBE_INFO_COUNT

static const char* const SYSTEM = "#include \"systems/mbe_sys_double_pendulum.h\"\n";

typedef struct BenchOptions {
  long members;
  double stop_time;
  int methods;      // bit 0: rk4, bit 1: dopri5
  double step;      // rk4 step (s)
  double tolerance; // dopri5 rtol = atol
  bool all_backends;
  MbeBackendKind kind;
  const char* device;
  long threads;
  long batch;
  MbePrecision precision;
  bool use_cache;
} BenchOptions;

// one backend's results for one method
typedef struct BenchResult {
  char label[200];
  double build_s, run_s;
  bool from_cache;
  double *y;
  int32_t* info;
} BenchResult;

static void help(void) {
  printf(
      "usage: mbens bench [OPTIONS]\n\n"
      "Integrates an ensemble of planar double pendulums (chaotic: one differing bit grows to O(1)\n"
      "within seconds) on each backend, and reports build time (cold or cached), run time,\n"
      "member-steps/s, right-hand-side evaluations/s, the worst energy drift, failed members, and\n"
      "whether all backends produced bitwise-identical outputs (exit 1 if not).\n\n"
      "options:\n"
      "  --members N        ensemble size (default 4096)\n"
      "  --stop-time T      simulated seconds (default 10)\n"
      "  --method M         rk4, dopri5 or both (default both)\n"
      "  --step H           RK4 step in s (default 1e-3)\n"
      "  --tolerance TOL    DOPRI5 relative and absolute tolerance (default 1e-8)\n"
      "  --backend B        all, auto, opencl or openmp (default all: OpenMP and the OpenCL\n"
      "                     device, when there is one)\n"
      "  --device D         OpenCL device: P:D or part of its name (default $MBENS_DEVICE or best)\n"
      "  --threads N        OpenMP threads (default $OMP_NUM_THREADS or all cores)\n"
      "  --batch N          members per launch (default: as many as fit)\n"
      "  --precision P      double or single (default double)\n"
      "  --no-cache         compile kernels afresh (measures cold builds)\n\n"
      "example: mbens bench --members 100000 --method dopri5 --backend opencl\n");
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
      o->methods = strcmp(v, "rk4") == 0 ? 1 : strcmp(v, "dopri5") == 0 ? 2 : strcmp(v, "both") == 0 ? 3 : 0;
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
    } else {
      return mbe_cli_usage_error(
          cmd,
          "unknown option '%s'; options are --members --stop-time --method --step --tolerance "
          "--backend --device --threads --batch --precision --no-cache",
          a);
    }
  }
  return 0;
}

static double now_s(void) {
  return mbe_seconds();
}

// runs the ensemble on one backend with one method; fills r (owned arrays)
static int run_one(const BenchOptions* o, MbeBackend* b, int method, size_t n, const double* x0,
                   const double* p, int nout, BenchResult* r) {
  MbeError err;
  mbe_error_clear(&err);
  MbeProgramDef pd = mbe_program_def_default();
  pd.system_source = SYSTEM;
  pd.name = "double pendulum";
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
  run.nout = nout;
  run.h = method == 1 ? o->step : 0.0;
  run.rtol = o->tolerance;
  run.atol = o->tolerance;
  run.max_steps = 100000000;
  run.batch_size = (size_t)o->batch;
  r->y = malloc(n * (size_t)nout * NY * sizeof *r->y);
  r->info = malloc(n * INFO * sizeof *r->info);
  if (!r->y || !r->info) {
    mbe_program_destroy(prog);
    fprintf(stderr, "mbens bench: error: out of memory for %zu members\n", n);
    return MBE_EXIT_FAILURE;
  }
  double t = now_s();
  MbeStatus st = mbe_program_run(prog, &run, n, x0, p, r->y, r->info, &err);
  r->run_s = now_s() - t;
  mbe_program_destroy(prog);
  if (st != MBE_OK) {
    mbe_cli_print_error("bench", &err);
    return MBE_EXIT_FAILURE;
  }
  return MBE_EXIT_OK;
}

// prints one result row and returns its failed-member count
static long report(const BenchResult* r, size_t n, int nout, double escale) {
  double steps = 0.0, rhs = 0.0, drift = 0.0;
  long failed = 0;
  for (size_t m = 0; m < n; m++) {
    const int32_t* in = r->info + m * INFO;
    steps += in[1];
    rhs += in[3];
    failed += in[0] != 0;
    const double* ym = r->y + m * (size_t)nout * NY;
    double e0 = ym[4];
    for (int k = 1; k < nout; k++) {
      double d = fabs(ym[(size_t)k * NY + 4] - e0) / escale;
      drift = d > drift ? d : drift;
    }
  }
  printf("  %-44s build %7.3f s%s  run %8.3f s  %10.3e member-steps/s  %10.3e rhs/s  "
         "drift %.1e  failed %ld\n",
         r->label, r->build_s, r->from_cache ? " (cached)" : " (cold)  ", r->run_s,
         steps / r->run_s, rhs / r->run_s, drift, failed);
  return failed;
}

int mbe_cmd_bench(int argc, char** argv) {
  BenchOptions o = {4096, 10.0, 3, 1e-3, 1e-8, true, MBE_BACKEND_AUTO, NULL, 0, 0,
                    MBE_PRECISION_DOUBLE, true};
  int rc = parse(argc, argv, &o);
  if (rc != 0) {
    return rc < 0 ? MBE_EXIT_OK : rc;
  }
  mbe_cli_install_log(false);

  // the backends: OpenMP and the OpenCL device for "all", else the one asked for
  MbeBackend* backends[2] = {NULL, NULL};
  int nb = 0;
  MbeError err;
  mbe_error_clear(&err);
  MbeBackendKind kinds[2] = {MBE_BACKEND_OPENMP, MBE_BACKEND_OPENCL};
  int nk = o.all_backends ? 2 : 1;
  if (!o.all_backends) {
    kinds[0] = o.kind;
  }
  for (int k = 0; k < nk; k++) {
    MbeBackendDef bd = mbe_backend_def_default();
    bd.kind = kinds[k];
    bd.device = o.device;
    bd.threads = (int)o.threads;
    bd.use_cache = o.use_cache;
    bd.need_fp64 = o.precision == MBE_PRECISION_DOUBLE;
    if (mbe_backend_create(&bd, &backends[nb], &err) != MBE_OK) {
      if (o.all_backends && kinds[k] == MBE_BACKEND_OPENCL && err.code == MBE_ERR_NO_DEVICE) {
        printf("OpenCL: skipped (%s)\n", err.message);
        continue;
      }
      mbe_cli_print_error("bench", &err);
      for (int j = 0; j < nb; j++) {
        mbe_backend_destroy(backends[j]);
      }
      return MBE_EXIT_FAILURE;
    }
    nb++;
  }

  // members: a fan of initial angles, all at rest, unit masses and lengths, standard gravity
  size_t n = (size_t)o.members;
  int nout = 101;
  double* x0 = malloc(n * NX * sizeof *x0);
  double* p = malloc(n * NP * sizeof *p);
  if (!x0 || !p) {
    fprintf(stderr, "mbens bench: error: out of memory for %zu members\n", n);
    return MBE_EXIT_FAILURE;
  }
  for (size_t m = 0; m < n; m++) {
    double f = ((double)m + 0.5) / (double)n;
    x0[m * NX + 0] = 1.2 + 1.6 * f;
    x0[m * NX + 1] = 2.6 - 1.1 * f;
    x0[m * NX + 2] = 0.0;
    x0[m * NX + 3] = 0.0;
    p[m * NP + 0] = 1.0;
    p[m * NP + 1] = 1.0;
    p[m * NP + 2] = 1.0;
    p[m * NP + 3] = 1.0;
    p[m * NP + 4] = 9.80665;
  }
  const double escale = (1.0 + 1.0) * 9.80665 * 1.0 + 1.0 * 9.80665 * 1.0;

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

  // each method on each backend, then the bitwise comparison across backends
  int exit_code = MBE_EXIT_OK;
  for (int method = 1; method <= 2; method++) {
    if (!(o.methods & method)) {
      continue;
    }
    printf("%s:\n", method == 1 ? "RK4" : "DOPRI5");
    BenchResult res[2];
    memset(res, 0, sizeof res);
    long failed = 0;
    int ok_runs = 0;
    for (int j = 0; j < nb; j++) {
      MbeBackendInfo bi;
      mbe_backend_get_info(backends[j], &bi);
      snprintf(res[j].label, sizeof res[j].label, "%s %.36s",
               bi.kind == MBE_BACKEND_OPENCL ? "OpenCL" : "OpenMP", bi.device);
      rc = run_one(&o, backends[j], method, n, x0, p, nout, &res[j]);
      if (rc != MBE_EXIT_OK) {
        exit_code = rc;
        break;
      }
      failed += report(&res[j], n, nout, escale);
      ok_runs++;
    }
    if (ok_runs == 2) {
      size_t ny_total = n * (size_t)nout * NY, ndiff = 0, first = 0;
      for (size_t i = 0; i < ny_total; i++) {
        if (memcmp(&res[0].y[i], &res[1].y[i], sizeof(double)) != 0 &&
            !(isnan(res[0].y[i]) && isnan(res[1].y[i]))) {
          first = ndiff ? first : i;
          ndiff++;
        }
      }
      ndiff += memcmp(res[0].info, res[1].info, n * INFO * sizeof(int32_t)) != 0;
      if (ndiff == 0) {
        printf("  identity: all %zu outputs and statuses bitwise identical across backends\n",
               ny_total);
      } else {
        printf("  identity: BROKEN: %zu outputs differ (first: member %zu)\n", ndiff,
               first / ((size_t)nout * NY));
        exit_code = MBE_EXIT_FAILURE;
      }
    }
    if (failed && exit_code == MBE_EXIT_OK) {
      exit_code = MBE_EXIT_MEMBERS_FAILED;
    }
    for (int j = 0; j < 2; j++) {
      free(res[j].y);
      free(res[j].info);
    }
    if (exit_code == MBE_EXIT_FAILURE) {
      break;
    }
  }
  free(x0);
  free(p);
  for (int j = 0; j < nb; j++) {
    mbe_backend_destroy(backends[j]);
  }
  return exit_code;
}
