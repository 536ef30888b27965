// SPDX-License-Identifier: Apache-2.0
// mbens run: the ensemble study. Options, the varied parameters and their design, the signals,
// quantities of interest and saved trajectories, the run directory's manifest, progress on a
// terminal, interruption and resumption, the summary and the exit code. The batch loop is
// host/ensemble.
#define _XOPEN_SOURCE 700
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "ensemble_api.h"
#include "mbe.h"
#include "ensemble.h"
#include "io.h"
#include "io_json.h"
#include "mbe_layout.h"
#include "mbe_stats.h"
#include "model.h"


#define CMD "run"

static void run_help(FILE* f) {
  fprintf(
      f,
      "usage: mbens run " MBE_CLI_MODEL_USAGE " -n N -o DIR\n"
      "                 [--vary 'NAME=DIST(ARGS)' ...] [--params FILE] [--design FILE.csv]\n"
      "                 [--sampler mc|lhs|sobol|grid|saltelli|morris|radial] [--seed S]\n"
      "                 [--shard K/N]\n"
      "                 [--signals LIST|none] [--qoi EXPR ...] [--save-signals LIST]\n"
      "                 [--save-members LIST] [--save-format auto|csv|hdf5]\n"
      "                 [simulate options] [--batch-size B] [--max-steps N]\n"
      "                 [--quantile-bins B] [--max-memory SIZE] [--max-output SIZE]\n"
      "                 [--force] [--quiet] [--json] [--progress]\n"
      "       mbens run --resume DIR [--backend B] [--device D] [--threads N]\n"
      "                 [--batch-size B] [--max-memory SIZE] [--quiet] [--json] [--progress]\n\n"
      "Integrates N members of the model, each with its own values of the varied parameters,\n"
      "on the best backend, and writes DIR: members.csv (each member's parameters, quantities of\n"
      "interest, status, steps, events and the assertion that stopped it), stats.csv (mean,\n"
      "std, min, max and the 5/25/50/75/95 %% quantiles of each signal at each output time,\n"
      "over the members that finished), with --sampler saltelli sobol_time.csv (the Sobol'\n"
      "indices of each signal at each output time), manifest.json, stats.state (exact\n"
      "statistics, for --resume and mbens merge) and, when asked, trajectories. Results do\n"
      "not depend on the backend, the batch size, the thread count or the shards: they are\n"
      "the same bits.\n\n");
  fprintf(
      f,
      "model:\n" MBE_CLI_MODEL_HELP
      "parameters:\n"
      "  --vary 'NAME=DIST(ARGS)'  a Real parameter (body.m, boxBody1.r[1], world.g) or a start\n"
      "                      value (revolute1.phi.start) and its distribution: uniform(a,b),\n"
      "                      normal(mu,sigma), lognormal(mu,sigma), truncnormal(mu,sigma,a,b),\n"
      "                      triangular(a,mode,b), discrete(v1,v2,...), const(v); repeatable.\n"
      "                      Parameters computed from a varied one follow it. Values must\n"
      "                      stay within the variable's min and max (body.m >= 0: use\n"
      "                      lognormal or truncnormal there, not normal). A parameter that\n"
      "                      changes no simulated quantity (one only the animation reads,\n"
      "                      such as world.axisLength; a guess its X_fixed flag leaves\n"
      "                      unused) is refused, saying why.\n"
      "  --params FILE       SALib-style: 'name lower upper' (uniform) or 'name = dist(args)'\n"
      "                      lines, # comments\n"
      "  --design FILE.csv   one row per member, a column per parameter (header = names)\n"
      "  --sampler S         mc (default), lhs (Latin hypercube), sobol (Joe-Kuo), grid\n"
      "                      (full factorial: discrete values, L midpoint levels otherwise),\n"
      "                      saltelli (Sobol' indices, SALib's layout with second order: -n\n"
      "                      N base points make N (2D + 2) members; mbens analyze DIR),\n"
      "                      morris (elementary effects: -n r trajectories make r (D + 1)\n"
      "                      members; bounded distributions; mbens analyze DIR), radial\n"
      "                      (Campolongo 2011's radial one-at-a-time design: -n N base points\n"
      "                      make N (D + 1) members; ST and effects by mbens analyze DIR)\n"
      "  --levels P          morris: levels of the grid, even (default 4)\n"
      "  --candidates M      morris: draw M candidate trajectories and keep the -n r of them\n"
      "                      that spread most over the grid (Campolongo's selection, SALib's\n"
      "                      optimal_trajectories; every subset tried where there are at most\n"
      "                      100000, else a local optimum); r < M <= 4096\n"
      "  --first-order-only  saltelli: N (D + 2) members, S1 and ST without S2 (SALib's\n"
      "                      calc_second_order=False)\n"
      "  --no-time-indices   saltelli: no sobol_time.csv (by default the first-order and\n"
      "                      total indices of every --signals signal at every output time are\n"
      "                      summed exactly while the run integrates)\n"
      "  --seed S            random seed of mc and lhs (default 0); member k's values depend\n"
      "                      only on (seed, k)\n"
      "  -n N                members (with --design: at most its rows, default all; with\n"
      "                      saltelli: base points, a power of two; with morris: trajectories)\n"
      "  --shard K/N         run shard K of N (K = 0 .. N-1), a contiguous share of the members;\n"
      "                      mbens merge combines the shards' directories\n\n");
  fprintf(
      f,
      "outputs:\n"
      "  -o, --output DIR    the run directory (created; a run already there is refused)\n"
      "  --force             replace the run already in DIR (its files only)\n"
      "  --signals LIST      signals whose statistics go into stats.csv (comma-separated or\n"
      "                      @FILE; default: every state; none: no statistics)\n"
      "  --qoi EXPR          a quantity of interest per member, from the output grid: an\n"
      "                      expression of aggregates over time, final(x), initial(x), min(x),\n"
      "                      max(x), mean(x), integral(x) (trapezoids), rms(x), time_at_min(x),\n"
      "                      time_at_max(x), cross(x,L), cross_up(x,L), cross_down(x,L) (the\n"
      "                      first time x passes from one side of L to the other; NaN if\n"
      "                      never), where x and L are expressions of signals, parameters and\n"
      "                      time (+ - * / ^, abs, sqrt, sin, cos, exp, log, min(a,b), ...),\n"
      "                      and of parameters and numbers outside them; repeatable.\n"
      "                      e.g. 'max(abs(rev1.phi - rev2.phi))', 'final(body.r_0[1]) / L',\n"
      "                      'integral(tau * w)', 'max(x) - min(x)'\n"
      "  --save-signals LIST trajectories of these signals (default with --save-members: the\n"
      "                      --signals list)\n"
      "  --save-members LIST members whose trajectories are saved: 0-99,500 (default with\n"
      "                      --save-signals: all)\n"
      "  --save-format F     csv (trajectories/member_K.csv), hdf5 (trajectories.h5) or auto\n"
      "                      (csv up to 100 members)\n"
      "  --quantile-bins B   histogram bins per series (default: 8 sqrt(N) as a power of two\n"
      "                      from 64 to 4096, fewer when the statistics would take more than\n"
      "                      a quarter of --max-memory); a quantile is within its row's\n"
      "                      q_resolution (relative) of the exact one\n"
      "  --max-output SIZE   refuse a study whose files would exceed SIZE (default 1G; 500M,\n"
      "                      20G, unlimited)\n\n");
  fprintf(
      f,
      "integration (as mbens simulate): --start-time, --stop-time, --interval, --tolerance,\n"
      "  --method rk4|dopri5, --step, --precision double|single, --max-steps N (per member,\n"
      "  default 1000000); single precision rounds each member's values to float for the\n"
      "  kernel (members.csv keeps the drawn doubles); --stats prints the kernel's sizes\n"
      "  before it is compiled (as mbens simulate)\n\n"
      "backend: --backend auto (default: an OpenCL GPU if there is one, else OpenMP)|opencl|\n"
      "  openmp, --device P:D|NAME, --threads N, --batch-size B (default: sized to about 2 s;\n"
      "  a Saltelli run's batches are whole blocks, B rounded down, at least one),\n"
      "  --max-memory SIZE (host memory of the study: batches, statistics, checkpoint;\n"
      "  default 512M; batches are sized to fit)\n"
      "  --device all: every OpenCL device and OpenMP at once; --device 0:0,0:1,openmp: those.\n"
      "  Each takes batches of its own, sized to its speed; the results are the same bytes\n\n"
      "run control:\n"
      "  --resume DIR        continue an interrupted run from its checkpoint (its last batch\n"
      "                      after Ctrl-C; at most 30 s of work back after a crash); the\n"
      "                      result is the same as an uninterrupted run\n"
      "  --quiet             no progress and no summary (errors still go to stderr)\n"
      "  --json              the summary as JSON on standard output\n"
      "  --progress          progress on stderr even when it is not a terminal\n\n"
      "Ctrl-C finishes the current batch and leaves DIR consistent and resumable (a second one\n"
      "stops at once).\n\n"
      "examples:\n"
      "  mbens run DoublePendulum.mo -n 10000 -o dp --vary 'revolute1.phi.start=normal(0,0.1)'\n"
      "      --vary 'boxBody1.r[1]=uniform(0.4,0.6)' --qoi 'max(abs(revolute2.phi))'\n"
      "  mbens run Model.mo --params problem.txt --sampler sobol -n 4096 -o s --shard 0/4\n"
      "  mbens merge s0 s1 s2 s3 -o s\n\n"
      "exit codes: 0 every member finished, 1 runtime failure, 2 usage or model error, 3 some\n"
      "members failed (members.csv says which and why), 130 interrupted (resumable)\n");
}

/* ---- options ------------------------------------------------------------------------------- */

enum { MAX_LIST = 1024 };

typedef struct RunOpts {
  MbeCliModel model;
  long long n;
  bool has_n;
  int levels;  // --levels of a Morris grid, 0: not given
  long candidates;  // --candidates of Campolongo's selection, 0: none
  bool first_order_only;  // --first-order-only: a Saltelli design without its BA rows
  bool no_time_indices;   // --no-time-indices: a Saltelli run without sobol_time.csv
  const char* vary[MAX_LIST];
  int nvary;
  const char* params;
  const char* design;
  MbeSampler sampler;
  bool has_sampler;
  unsigned long long seed;
  long shard_k, shard_n;
  bool has_shard;
  const char* out;
  const char* resume;
  const char* signals;
  const char* qoi[MAX_LIST];
  int nqoi;
  const char* save_signals;
  const char* save_members;
  const char* save_format;
  long long batch;
  long quantile_bins;
  long max_steps;
  bool quiet, json, progress, force;
  uint64_t max_memory;  // --max-memory (bytes), 0: the default
  uint64_t max_output;  // --max-output (bytes)
  MbeCliSim sim;
} RunOpts;

static bool take(int argc, char** argv, int* i, const char* name, const char** out) {
  return (*out = mbe_cli_value(argc, argv, i, name)) != NULL;
}

static bool take_list(int argc, char** argv, int* i, const char* name, const char** list, int* n) {
  if (*n == MAX_LIST) {
    mbe_cli_usage_error(CMD, "more than %d %s options", MAX_LIST, name);
    return false;
  }
  return take(argc, argv, i, name, &list[(*n)++]);
}

static bool parse_shard(const char* v, RunOpts* o) {
  char tail;
  if (sscanf(v, "%ld/%ld%c", &o->shard_k, &o->shard_n, &tail) != 2 || o->shard_n < 1 ||
      o->shard_k < 0 || o->shard_k >= o->shard_n) {
    mbe_cli_usage_error(CMD, "--shard takes K/N with 0 <= K < N (e.g. 0/4), not '%s'", v);
    return false;
  }
  o->has_shard = true;
  return true;
}

// the options one call may change when a run resumes: where and how it runs, not what
static bool is_resume_option(const char* a) {
  static const char* const ok[] = {"--backend", "--device", "--threads",  "--batch-size",
                                   "--quiet",   "--json",   "--progress", "--max-memory"};
  for (size_t k = 0; k < sizeof ok / sizeof ok[0]; k++) {
    if (mbe_cli_is_option(a, ok[k])) {
      return true;
    }
  }
  return false;
}

// parses argv[1..]; with only_resume, just the options a resumed run may change
static int parse(int argc, char** argv, RunOpts* o, bool only_resume) {
  for (int i = 1; i < argc; i++) {
    const char* a = argv[i];
    const char* v = NULL;
    int taken;
    if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
      run_help(stdout);
      return -1;
    }
    if (only_resume && !is_resume_option(a) && !mbe_cli_is_option(a, "--resume")) {
      return mbe_cli_usage_error(CMD,
                                 "'%s' cannot change when a run resumes (only --backend, "
                                 "--device, --threads, --batch-size, --max-memory, --quiet, "
                                 "--json, --progress)",
                                 a);
    }
    if ((taken = mbe_cli_sim_option(CMD, argc, argv, &i, &o->sim)) != 0) {
      if (taken < 0)
        return MBE_EXIT_USAGE;
    } else if (strcmp(a, "-n") == 0 || mbe_cli_is_option(a, "--members")) {
      long n;
      if (!take(argc, argv, &i, a[1] == 'n' ? "-n" : "--members", &v) ||
          !mbe_cli_parse_int(CMD, "-n", v, 1, LONG_MAX, &n))
        return MBE_EXIT_USAGE;
      o->n = n;
      o->has_n = true;
    } else if (mbe_cli_is_option(a, "--vary")) {
      if (!take_list(argc, argv, &i, "--vary", o->vary, &o->nvary))
        return MBE_EXIT_USAGE;
    } else if (mbe_cli_is_option(a, "--params")) {
      if (!take(argc, argv, &i, "--params", &o->params))
        return MBE_EXIT_USAGE;
    } else if (mbe_cli_is_option(a, "--design")) {
      if (!take(argc, argv, &i, "--design", &o->design))
        return MBE_EXIT_USAGE;
    } else if (mbe_cli_is_option(a, "--sampler")) {
      MbeError err;
      if (!take(argc, argv, &i, "--sampler", &v))
        return MBE_EXIT_USAGE;
      if (mbe_sampler_parse(v, &o->sampler, &err) != MBE_OK)
        return mbe_cli_usage_error(CMD, "%s", err.message);
      o->has_sampler = true;
    } else if (mbe_cli_is_option(a, "--seed")) {
      char* end;
      if (!take(argc, argv, &i, "--seed", &v))
        return MBE_EXIT_USAGE;
      errno = 0;
      o->seed = strtoull(v, &end, 10);
      if (errno || end == v || *end || v[0] == '-')
        return mbe_cli_usage_error(CMD, "--seed takes a whole number from 0 to %llu, not '%s'",
                                   (unsigned long long)UINT64_MAX, v);
    } else if (strcmp(a, "--first-order-only") == 0) {
      o->first_order_only = true;
    } else if (strcmp(a, "--no-time-indices") == 0) {
      o->no_time_indices = true;
    } else if (mbe_cli_is_option(a, "--candidates")) {
      char* end;
      if (!take(argc, argv, &i, "--candidates", &v))
        return MBE_EXIT_USAGE;
      long m = strtol(v, &end, 10);
      if (end == v || *end || m < 3 || m > MBE_MORRIS_CANDIDATES_MAX)
        return mbe_cli_usage_error(CMD, "--candidates takes a number of trajectories from 3 to %d, "
                                        "not '%s'",
                                   MBE_MORRIS_CANDIDATES_MAX, v);
      o->candidates = m;
    } else if (mbe_cli_is_option(a, "--levels")) {
      char* end;
      if (!take(argc, argv, &i, "--levels", &v))
        return MBE_EXIT_USAGE;
      long l = strtol(v, &end, 10);
      if (end == v || *end || l < 2 || l > 1000 || l % 2)
        return mbe_cli_usage_error(CMD, "--levels takes an even number from 2 to 1000, not '%s'",
                                   v);
      o->levels = (int)l;
    } else if (mbe_cli_is_option(a, "--shard")) {
      if (!take(argc, argv, &i, "--shard", &v) || !parse_shard(v, o))
        return MBE_EXIT_USAGE;
    } else if (strcmp(a, "-o") == 0 || mbe_cli_is_option(a, "--output")) {
      if (!take(argc, argv, &i, a[1] == 'o' ? "-o" : "--output", &o->out))
        return MBE_EXIT_USAGE;
    } else if (mbe_cli_is_option(a, "--resume")) {
      if (!take(argc, argv, &i, "--resume", &o->resume))
        return MBE_EXIT_USAGE;
    } else if (mbe_cli_is_option(a, "--signals")) {
      if (!take(argc, argv, &i, "--signals", &o->signals))
        return MBE_EXIT_USAGE;
    } else if (mbe_cli_is_option(a, "--qoi")) {
      if (!take_list(argc, argv, &i, "--qoi", o->qoi, &o->nqoi))
        return MBE_EXIT_USAGE;
    } else if (mbe_cli_is_option(a, "--save-signals")) {
      if (!take(argc, argv, &i, "--save-signals", &o->save_signals))
        return MBE_EXIT_USAGE;
    } else if (mbe_cli_is_option(a, "--save-members")) {
      if (!take(argc, argv, &i, "--save-members", &o->save_members))
        return MBE_EXIT_USAGE;
    } else if (mbe_cli_is_option(a, "--save-format")) {
      if (!take(argc, argv, &i, "--save-format", &o->save_format))
        return MBE_EXIT_USAGE;
      if (strcmp(o->save_format, "auto") && strcmp(o->save_format, "csv") &&
          strcmp(o->save_format, "hdf5"))
        return mbe_cli_usage_error(CMD, "--save-format takes auto, csv or hdf5, not '%s'",
                                   o->save_format);
    } else if (mbe_cli_is_option(a, "--batch-size")) {
      long b;
      if (!take(argc, argv, &i, "--batch-size", &v) ||
          !mbe_cli_parse_int(CMD, "--batch-size", v, 1, LONG_MAX, &b))
        return MBE_EXIT_USAGE;
      o->batch = b;
    } else if (mbe_cli_is_option(a, "--quantile-bins")) {
      if (!take(argc, argv, &i, "--quantile-bins", &v) ||
          !mbe_cli_parse_int(CMD, "--quantile-bins", v, MBE_STATS_CAP_MIN, 1L << 24,
                             &o->quantile_bins))
        return MBE_EXIT_USAGE;
    } else if (mbe_cli_is_option(a, "--max-steps")) {
      if (!take(argc, argv, &i, "--max-steps", &v) ||
          !mbe_cli_parse_int(CMD, "--max-steps", v, 1, INT32_MAX, &o->max_steps))
        return MBE_EXIT_USAGE;
    } else if (mbe_cli_is_option(a, "--max-memory")) {
      if (!take(argc, argv, &i, "--max-memory", &v) ||
          !mbe_cli_parse_size(CMD, "--max-memory", v, &o->max_memory))
        return MBE_EXIT_USAGE;
      if (o->max_memory == 0)
        return mbe_cli_usage_error(CMD, "--max-memory takes a size above 0, e.g. 512M or 2G");
    } else if (mbe_cli_is_option(a, "--max-output")) {
      if (!take(argc, argv, &i, "--max-output", &v) ||
          !mbe_cli_parse_size(CMD, "--max-output", v, &o->max_output))
        return MBE_EXIT_USAGE;
    } else if (strcmp(a, "--quiet") == 0) {
      o->quiet = true;
    } else if (strcmp(a, "--json") == 0) {
      o->json = true;
    } else if (strcmp(a, "--progress") == 0) {
      o->progress = true;
    } else if (strcmp(a, "--force") == 0) {
      o->force = true;
    } else if ((taken = mbe_cli_model_arg(CMD, argc, argv, &i, &o->model)) != 0) {
      if (taken < 0)
        return MBE_EXIT_USAGE;
    } else {
      return mbe_cli_usage_error(
          CMD,
          "unknown option '%s'; options are --class, --library, -n, --vary, --params, --design, "
          "--sampler, --levels, --candidates, --first-order-only, --no-time-indices, --seed, "
          "--shard, -o, "
          "--resume, --signals, "
          "--qoi, --save-signals, "
          "--save-members, --save-format, --start-time, --stop-time, --interval, --tolerance, "
          "--method, --step, --precision, --stats, --max-steps, --backend, --device, --threads, "
          "--batch-size, --max-memory, --max-output, --quantile-bins, --force, --quiet, --json, "
          "--progress, --help",
          a);
    }
  }
  return MBE_EXIT_OK;
}

static int check_opts(const RunOpts* o) {
  if (o->model.nfiles == 0 && !o->model.class_name) {
    run_help(stderr);
  }
  if (mbe_cli_model_check(CMD, &o->model) != MBE_EXIT_OK) {
    return MBE_EXIT_USAGE;
  }
  if (!o->out) {
    return mbe_cli_usage_error(CMD, "no run directory given (-o DIR)");
  }
  if (o->design && (o->nvary || o->params || o->has_sampler)) {
    return mbe_cli_usage_error(CMD,
                               "--design gives every member's parameters; it cannot be combined "
                               "with --vary, --params or --sampler");
  }
  if (!o->has_n && !o->design) {
    return mbe_cli_usage_error(CMD, "how many members? give -n N");
  }
  return MBE_EXIT_OK;
}

/* ---- the study's pieces -------------------------------------------------------------------- */

// progress on stderr: none, one line rewritten in place (a terminal), or a line per update
typedef enum ShowMode { SHOW_NONE = 0, SHOW_TERMINAL, SHOW_LINES } ShowMode;

// everything a run sets up, released by study_deinit
typedef struct Run {
  RunOpts o;
  char** argv_saved;  // the command line kept in the manifest (resume re-reads it)
  int argc_saved;
  MbeSpec* spec;
  MbeFlat* flat;
  MbeSystem* sys;
  MbeBackend* backend;  // the main device's (devices.backend[0])
  MbeProgram* prog;
  MbeCliDevices devices;  // every device's (--device all or a list: several)
  MbeVaryList vary;
  MbeTable* design_table;
  double* design;
  const char** param_names;  // (nparam) borrowed from vary or the design table
  size_t nparam;
  char** assert_name;  // (nassert_name) "file:line:col" of each assertion the kernel checks
  size_t nassert_name;
  MbeSampleDef sample;
  uint64_t* morris_chosen;  // --candidates: the chosen candidate of each trajectory
  MbeRunDef run;
  // output columns: every signal the study reads, once
  MbeSymId* col_id;
  const char** col_name;
  size_t ncol;
  int32_t* stat_col;
  const char** stat_name;
  size_t nstat;
  MbeQoiSet qoi;     // the quantities of interest
  int32_t* agg_col;  // (qoi.nagg) the output column of each aggregate
  int64_t* save_members;
  size_t nsave;
  int32_t* save_col;
  const char** save_name;
  size_t nsave_col;
  bool save_hdf5;
  size_t first, count, bins;
  char config_hash[65];
  char model_hash[65];
  char cwd[4096];
  char resume_dir[4096];  // the resumed run's directory (o.out points here)
  char dir[4096];
  double t_start, t_setup;
  ShowMode show;         // how progress is shown
  int rc_done;           // the exit code when there is nothing to do (a complete run resumed)
  uint64_t plan_memory;  // --max-memory of the run's own command (its default bins follow it)
  MbeStudyProgress progress;
  const char* state;  // "running", "interrupted", "complete", "failed"
} Run;

// whether the run keeps time-resolved Sobol' indices: a Saltelli design with statistics
static bool time_indices(const Run* r) {
  return r->sample.sampler == MBE_SAMPLER_SALTELLI && r->nstat > 0 && !r->o.no_time_indices;
}

static void study_deinit(Run* r) {
  mbe_cli_devices_free(&r->devices);
  mbe_system_destroy(r->sys);
  mbe_flat_destroy(r->flat);
  mbe_spec_destroy(r->spec);
  mbe_vary_list_deinit(&r->vary);
  mbe_table_destroy(r->design_table);
  mbe_free(r->design);
  free(r->morris_chosen);
  free(r->param_names);
  for (size_t i = 0; i < r->nassert_name; i++) {
    free(r->assert_name[i]);
  }
  free(r->assert_name);
  free(r->col_id);
  free(r->col_name);
  free(r->stat_col);
  free(r->stat_name);
  mbe_qoi_set_deinit(&r->qoi);
  free(r->agg_col);
  free(r->save_members);
  free(r->save_col);
  free(r->save_name);
  for (int i = 0; i < r->argc_saved; i++) {
    free(r->argv_saved[i]);
  }
  free(r->argv_saved);
}

static int oom(void) {
  fprintf(stderr, "mbens run: error: out of memory\n");
  return MBE_EXIT_FAILURE;
}

// Campolongo's selection of the -n trajectories from --candidates, said unless quiet
static int select_trajectories(Run* r) {
  const size_t ntraj = r->sample.n / (r->nparam + 1), m = (size_t)r->o.candidates;
  MbeError err;
  mbe_error_clear(&err);
  double spread = 0;
  r->morris_chosen = malloc((ntraj + 1) * sizeof *r->morris_chosen);
  if (!r->morris_chosen)
    return oom();
  if (m <= ntraj)
    return mbe_cli_usage_error(CMD, "--candidates %zu must exceed the %zu trajectories (-n) it "
                                    "selects from",
                               m, ntraj);
  if (mbe_morris_select(&r->sample, m, r->morris_chosen, &spread, &err) != MBE_OK) {
    mbe_cli_print_error(CMD, &err);
    return MBE_EXIT_USAGE;
  }
  r->sample.morris_chosen = r->morris_chosen;
  if (!r->o.quiet) {
    uint64_t* first = malloc((ntraj + 1) * sizeof *first);
    for (size_t t = 0; first && t < ntraj; t++)
      first[t] = t;
    fprintf(stderr,
            "mbens run: chose %zu of %zu candidate trajectories: spread %.4g (the first %zu "
            "drawn: %.4g)\n",
            ntraj, m, spread, ntraj, first ? mbe_morris_spread(&r->sample, first, ntraj) : 0.0);
    free(first);
  }
  return MBE_EXIT_OK;
}

// the varied parameters and their design: --vary and --params, or the columns of --design
static int varied_parameters(Run* r) {
  MbeError err;
  mbe_error_clear(&err);
  mbe_vary_list_init(&r->vary);
  const RunOpts* o = &r->o;
  MbeStatus st = MBE_OK;
  if (o->design) {
    st = mbe_design_read(o->design, &r->design_table, &err);
    if (st == MBE_OK) {
      r->nparam = r->design_table->ncols;
      r->param_names = malloc((r->nparam + 1) * sizeof *r->param_names);
      if (!r->param_names)
        return oom();
      for (size_t j = 0; j < r->nparam; j++) {
        r->param_names[j] = r->design_table->names[j];
      }
      st = mbe_design_gather(r->design_table, r->param_names, r->nparam, &r->design, &err);
    }
  } else {
    for (int i = 0; st == MBE_OK && i < o->nvary; i++) {
      st = mbe_vary_parse(o->vary[i], &r->vary, &err);
      if (st != MBE_OK) {
        // the message names the --vary text and the column itself
        mbe_cli_usage_error(CMD, "%s", err.message);
        return MBE_EXIT_USAGE;
      }
    }
    if (st == MBE_OK && o->params) {
      st = mbe_params_file_read(o->params, &r->vary, &err);
    }
    if (st == MBE_OK) {
      st = mbe_vary_list_check_unique(&r->vary, &err);
    }
    r->nparam = r->vary.n;
    r->param_names = malloc((r->nparam + 1) * sizeof *r->param_names);
    if (!r->param_names)
      return oom();
    for (size_t j = 0; j < r->nparam; j++) {
      r->param_names[j] = r->vary.name[j];
    }
  }
  if (st != MBE_OK) {
    mbe_cli_print_error(CMD, &err);
    return st == MBE_ERR_NOMEM ? MBE_EXIT_FAILURE : MBE_EXIT_USAGE;
  }

  // the sampling design
  r->sample = mbe_sample_def_default();
  r->sample.sampler = o->design ? MBE_SAMPLER_DESIGN : o->has_sampler ? o->sampler : MBE_SAMPLER_MC;
  r->sample.seed = o->seed;
  r->sample.n = o->has_n ? (size_t)o->n : (r->design_table ? r->design_table->nrows : 0);
  if (o->levels && r->sample.sampler != MBE_SAMPLER_MORRIS)
    return mbe_cli_usage_error(CMD, "--levels sets the grid of --sampler morris only");
  r->sample.levels = o->levels ? o->levels : 4;
  if (r->sample.sampler == MBE_SAMPLER_MORRIS || r->sample.sampler == MBE_SAMPLER_RADIAL)
    r->sample.n *= r->nparam + 1;  // -n is the trajectories' or base points' count
  if (o->first_order_only && r->sample.sampler != MBE_SAMPLER_SALTELLI)
    return mbe_cli_usage_error(CMD, "--first-order-only is a layout of --sampler saltelli only");
  if (o->no_time_indices && r->sample.sampler != MBE_SAMPLER_SALTELLI)
    return mbe_cli_usage_error(CMD, "--no-time-indices turns off what --sampler saltelli keeps; "
                                    "other designs have no time-resolved indices");
  r->sample.first_order_only = o->first_order_only;
  if (r->sample.sampler == MBE_SAMPLER_SALTELLI) {  // -n is SALib's N: base points
    r->sample.n *= mbe_saltelli_block(r->nparam, o->first_order_only);
    if (!mbe_saltelli_base_is_balanced((size_t)o->n) && !o->quiet) {
      fprintf(stderr,
              "mbens run: warning: the Sobol sequence keeps its balance only with N a power of "
              "two; N = %lld (as SALib warns)\n",
              o->n);
    }
  }
  r->sample.ndim = r->nparam;
  r->sample.dists = r->vary.dist;
  r->sample.design = r->design;
  r->sample.design_rows = r->design_table ? r->design_table->nrows : 0;
  if (r->nparam > 0 && mbe_sample_def_check(&r->sample, &err) != MBE_OK) {
    mbe_cli_print_error(CMD, &err);
    return MBE_EXIT_USAGE;
  }
  if (o->candidates && r->sample.sampler != MBE_SAMPLER_MORRIS)
    return mbe_cli_usage_error(CMD, "--candidates selects the trajectories of --sampler morris only");
  if (o->candidates)
    return select_trajectories(r);
  return MBE_EXIT_OK;
}

// the output column of DAG node id named name (added when new); -1 when out of memory
static int node_column(Run* r, MbeSymId id, const char* name) {
  for (size_t j = 0; j < r->ncol; j++) {
    if (r->col_id[j] == id) {
      return (int)j;
    }
  }
  MbeSymId* ids = realloc(r->col_id, (r->ncol + 1) * sizeof *ids);
  const char** names = realloc(r->col_name, (r->ncol + 1) * sizeof *names);
  if (ids) {
    r->col_id = ids;
  }
  if (names) {
    r->col_name = names;
  }
  if (!ids || !names) {
    oom();
    return -1;
  }
  r->col_id[r->ncol] = id;
  r->col_name[r->ncol] = name;
  return (int)r->ncol++;
}

// the output column of signal name (added when new); -1 after reporting an unknown name
static int column(Run* r, const char* name) {
  const MbeSignal* sg = mbe_system_signal(r->sys, name);
  if (!sg) {
    const char* near = mbe_system_suggest(r->sys, name);
    mbe_cli_usage_error(CMD,
                        "the model has no signal '%s'%s%s%s (mbens simulate --list-signals "
                        "prints them all)",
                        name, near ? "; did you mean '" : "", near ? near : "", near ? "'?" : "");
    return -1;
  }
  return node_column(r, sg->id, sg->name);
}

// the name of the signal asked for as name (which column() found): a column may serve several
// signals of the same node (the zeros of a body's phi when it has quaternions), each keeps its own
static const char* signal_name(Run* r, const char* name) {
  return mbe_system_signal(r->sys, name)->name;
}

// the quantities of interest: compiled, their aggregates' expressions as output columns
static int quantities(Run* r) {
  mbe_qoi_set_init(&r->qoi);
  for (int j = 0; j < r->o.nqoi; j++) {
    MbeError err;
    mbe_error_clear(&err);
    MbeStatus st = mbe_qoi_add(&r->qoi, r->sys, r->o.qoi[j], &err);
    if (st == MBE_ERR_NOMEM) {
      return oom();
    }
    if (st != MBE_OK) {
      // the message, then the text with a caret under the column
      fprintf(stderr, "mbens %s: error: --qoi '%s': %s\n  %s\n  %*s^\n", CMD, r->o.qoi[j],
              err.message, r->o.qoi[j], err.column > 0 ? err.column - 1 : 0, "");
      return MBE_EXIT_USAGE;
    }
  }
  r->agg_col = malloc((r->qoi.nagg + 1) * sizeof *r->agg_col);
  if (!r->agg_col) {
    return oom();
  }
  for (size_t k = 0; k < r->qoi.nagg; k++) {
    int c = node_column(r, r->qoi.agg_node[k], "(quantity of interest)");
    if (c < 0) {
      return MBE_EXIT_FAILURE;
    }
    r->agg_col[k] = c;
  }
  return MBE_EXIT_OK;
}

// "0-99,500": ascending member ids below n
static int parse_members(const char* text, size_t n, int64_t** out, size_t* count) {
  size_t cap = 0, m = 0;
  int64_t* ids = NULL;
  const char* p = text;
  while (*p) {
    char* end;
    errno = 0;
    long long a = strtoll(p, &end, 10), b = a;
    if (end == p || a < 0) {
      free(ids);
      return mbe_cli_usage_error(CMD, "--save-members takes ids and ranges like 0-99,500, not '%s'",
                                 text);
    }
    p = end;
    if (*p == '-') {
      b = strtoll(p + 1, &end, 10);
      if (end == p + 1 || b < a) {
        free(ids);
        return mbe_cli_usage_error(CMD, "--save-members: bad range in '%s'", text);
      }
      p = end;
    }
    if ((unsigned long long)b >= n) {
      free(ids);
      return mbe_cli_usage_error(CMD, "--save-members: member %lld does not exist (0 .. %zu)", b,
                                 n - 1);
    }
    for (long long k = a; k <= b; k++) {
      if (m == cap) {
        cap = cap ? 2 * cap : 64;
        int64_t* g = realloc(ids, cap * sizeof *g);
        if (!g) {
          free(ids);
          return oom();
        }
        ids = g;
      }
      ids[m++] = k;
    }
    if (*p == ',') {
      p++;
    } else if (*p) {
      free(ids);
      return mbe_cli_usage_error(CMD, "--save-members takes ids and ranges like 0-99,500, not '%s'",
                                 text);
    }
  }

  // ascending, each once
  for (size_t i = 1; i < m; i++) {
    int64_t x = ids[i];
    size_t k = i;
    while (k > 0 && ids[k - 1] > x) {
      ids[k] = ids[k - 1];
      k--;
    }
    ids[k] = x;
  }
  size_t u = 0;
  for (size_t i = 0; i < m; i++) {
    if (u == 0 || ids[u - 1] != ids[i]) {
      ids[u++] = ids[i];
    }
  }
  *out = ids;
  *count = u;
  return MBE_EXIT_OK;
}

// statistics signals, quantities of interest and saved trajectories, as output columns
static int outputs(Run* r) {
  const RunOpts* o = &r->o;
  int rc;
  MbeCliNames names = {NULL, 0};

  // statistics: --signals, default every state
  if (o->signals && strcmp(o->signals, "none") == 0) {
    // none
  } else if (o->signals) {
    if ((rc = mbe_cli_names(CMD, o->signals, &names)) != MBE_EXIT_OK)
      return rc;
  } else {
    for (size_t i = 0; i < r->sys->nx; i++) {
      if (!mbe_cli_split_names(r->sys->state_names[i], &names)) {
        mbe_cli_names_free(&names);
        return oom();
      }
    }
  }
  r->stat_col = malloc((names.n + 1) * sizeof *r->stat_col);
  r->stat_name = malloc((names.n + 1) * sizeof *r->stat_name);
  if (!r->stat_col || !r->stat_name) {
    mbe_cli_names_free(&names);
    return oom();
  }
  for (size_t j = 0; j < names.n; j++) {
    int c = column(r, names.name[j]);
    if (c < 0) {
      mbe_cli_names_free(&names);
      return MBE_EXIT_USAGE;
    }
    r->stat_col[r->nstat] = c;
    r->stat_name[r->nstat++] = signal_name(r, names.name[j]);
  }
  mbe_cli_names_free(&names);

  // quantities of interest
  if ((rc = quantities(r)) != MBE_EXIT_OK)
    return rc;

  // saved trajectories: members and signals, each defaulting when only the other is given
  if (o->save_signals || o->save_members) {
    if (o->save_members) {
      if ((rc = parse_members(o->save_members, r->sample.n, &r->save_members, &r->nsave)) !=
          MBE_EXIT_OK)
        return rc;
    } else {
      r->nsave = r->sample.n;
      r->save_members = malloc(r->nsave * sizeof *r->save_members);
      if (!r->save_members)
        return oom();
      for (size_t k = 0; k < r->nsave; k++) {
        r->save_members[k] = (int64_t)k;
      }
    }
    if (o->save_signals && (rc = mbe_cli_names(CMD, o->save_signals, &names)) != MBE_EXIT_OK)
      return rc;
    size_t ns = o->save_signals ? names.n : r->nstat;
    r->save_col = malloc((ns + 1) * sizeof *r->save_col);
    r->save_name = malloc((ns + 1) * sizeof *r->save_name);
    if (!r->save_col || !r->save_name) {
      mbe_cli_names_free(&names);
      return oom();
    }
    for (size_t j = 0; j < ns; j++) {
      int c = o->save_signals ? column(r, names.name[j]) : r->stat_col[j];
      if (c < 0) {
        mbe_cli_names_free(&names);
        return MBE_EXIT_USAGE;
      }
      r->save_col[r->nsave_col] = c;
      r->save_name[r->nsave_col++] =
          o->save_signals ? signal_name(r, names.name[j]) : r->stat_name[j];
    }
    mbe_cli_names_free(&names);
    if (r->nsave_col == 0) {
      return mbe_cli_usage_error(CMD, "--save-members needs signals: give --save-signals");
    }
    const char* f = o->save_format ? o->save_format : "auto";
    r->save_hdf5 = strcmp(f, "hdf5") == 0 || (strcmp(f, "auto") == 0 && r->nsave > 100);
  }
  if (r->ncol == 0) {
    // a run that keeps nothing still integrates: the first state is its one output
    if (r->sys->nx == 0)
      return mbe_cli_usage_error(CMD, "%s has no states, so there is nothing to keep by default: "
                                      "name signals with --signals or quantities with --qoi",
                                 r->flat->top_name);
    if (column(r, r->sys->state_names[0]) < 0)
      return MBE_EXIT_USAGE;
  }
  return MBE_EXIT_OK;
}

/* ---- identity and manifest ------------------------------------------------------------------ */

static void hash_str(MbeSha256* h, const char* key, const char* value) {
  mbe_sha256_update(h, key, strlen(key) + 1);
  mbe_sha256_update(h, value ? value : "", strlen(value ? value : "") + 1);
}

static void hash_num(MbeSha256* h, const char* key, double v) {
  char buf[64];
  snprintf(buf, sizeof buf, "%.17g", v);
  hash_str(h, key, buf);
}

// the model's files and every choice that changes a result (not where or how it runs)
static int identity(Run* r) {
  MbeSha256 h;
  mbe_sha256_init(&h);
  MbeSha256 mh;
  mbe_sha256_init(&mh);
  // every file the model was read from: the given ones, then what it loaded from libraries
  for (size_t i = 0; i < r->spec->nfiles; i++) {
    const MbeFile* f = r->spec->files[i];
    if (!f->is_catalogue) {
      mbe_sha256_update(&mh, f->text, f->size);
    }
  }
  mbe_sha256_final_hex(&mh, r->model_hash);
  hash_str(&h, "model", r->model_hash);
  hash_str(&h, "class", r->flat->top_name);
  hash_str(&h, "version", mbe_version());

  // the equations as generated (what this build of mbens makes of the model)
  char* source = NULL;
  MbeError err;
  if (mbe_cli_system_source(r->sys, r->col_id, r->ncol, &source, &err) != MBE_OK) {
    mbe_cli_print_error(CMD, &err);
    return MBE_EXIT_FAILURE;
  }
  hash_str(&h, "system", source);
  mbe_free(source);
  char seed[32];
  snprintf(seed, sizeof seed, "%llu", (unsigned long long)r->sample.seed);
  hash_str(&h, "sampler", mbe_sampler_name(r->sample.sampler));
  hash_str(&h, "seed", seed);
  hash_num(&h, "n", (double)r->sample.n);
  if (r->sample.sampler == MBE_SAMPLER_MORRIS)
    hash_num(&h, "levels", r->sample.levels);
  if (r->o.candidates)
    hash_num(&h, "candidates", (double)r->o.candidates);
  if (r->sample.first_order_only)
    hash_num(&h, "first_order_only", 1);
  if (time_indices(r))
    hash_num(&h, "time_indices", 1);
  for (size_t j = 0; j < r->nparam; j++) {
    char d[256] = "design";
    if (r->sample.sampler != MBE_SAMPLER_DESIGN) {
      mbe_dist_format(&r->vary.dist[j], d, sizeof d);
    }
    hash_str(&h, r->param_names[j], d);
  }
  for (size_t k = 0; r->design && k < r->sample.n * r->nparam; k++) {
    hash_num(&h, "design", r->design[k]);
  }
  for (size_t j = 0; j < r->ncol; j++) {
    hash_str(&h, "column", r->col_name[j]);
  }
  for (size_t j = 0; j < r->nstat; j++) {
    hash_num(&h, "stat", r->stat_col[j]);
  }
  for (size_t j = 0; j < r->qoi.nqoi; j++) {
    hash_str(&h, "qoi", r->qoi.name[j]);
  }
  for (size_t j = 0; j < r->nsave; j++) {
    hash_num(&h, "save", (double)r->save_members[j]);
  }
  for (size_t j = 0; j < r->nsave_col; j++) {
    hash_num(&h, "save_col", r->save_col[j]);
  }
  hash_num(&h, "hdf5", r->save_hdf5);
  hash_num(&h, "t0", r->run.t0);
  hash_num(&h, "t1", r->run.t1);
  hash_num(&h, "nout", r->run.nout);
  hash_num(&h, "method", r->run.method);
  hash_num(&h, "h", r->run.h);
  hash_num(&h, "hmax", r->run.hmax);
  hash_num(&h, "rtol", r->run.rtol);
  hash_num(&h, "atol", r->run.atol);
  hash_num(&h, "max_steps", r->run.max_steps);
  hash_num(&h, "precision", r->o.sim.precision);
  hash_num(&h, "bins", (double)r->bins);
  mbe_sha256_final_hex(&h, r->config_hash);
  return MBE_EXIT_OK;
}

static void json_kv_str(MbeJsonWriter* w, const char* k, const char* v) {
  mbe_json_write_key(w, k);
  if (v) {
    mbe_json_write_string(w, v);
  } else {
    mbe_json_write_null(w);
  }
}

static void json_kv_num(MbeJsonWriter* w, const char* k, double v) {
  mbe_json_write_key(w, k);
  mbe_json_write_number(w, v);
}

static void json_kv_int(MbeJsonWriter* w, const char* k, int64_t v) {
  mbe_json_write_key(w, k);
  mbe_json_write_int(w, v);
}

// the manifest's members and their design
static void manifest_design(const Run* r, MbeJsonWriter* w) {
  mbe_json_write_key(w, "members");
  mbe_json_write_object_begin(w);
  json_kv_int(w, "total", (int64_t)r->sample.n);
  json_kv_int(w, "first", (int64_t)r->first);
  json_kv_int(w, "count", (int64_t)r->count);
  if (r->o.has_shard) {
    char shard[64];
    snprintf(shard, sizeof shard, "%ld/%ld", r->o.shard_k, r->o.shard_n);
    json_kv_str(w, "shard", shard);
  } else {
    json_kv_str(w, "shard", NULL);
  }
  mbe_json_write_object_end(w);
  mbe_json_write_key(w, "design");
  mbe_json_write_object_begin(w);
  json_kv_str(w, "sampler", mbe_sampler_name(r->sample.sampler));
  mbe_json_write_key(w, "seed");
  if (r->sample.seed <= (uint64_t)INT64_MAX) {
    mbe_json_write_int(w, (int64_t)r->sample.seed);
  } else {
    char seed[32];
    snprintf(seed, sizeof seed, "%llu", (unsigned long long)r->sample.seed);
    mbe_json_write_string(w, seed);
  }
  if (r->sample.sampler == MBE_SAMPLER_MORRIS)
    json_kv_int(w, "levels", r->sample.levels);
  if (r->o.candidates)
    json_kv_int(w, "candidates", r->o.candidates);
  if (r->sample.sampler == MBE_SAMPLER_SALTELLI) {
    mbe_json_write_key(w, "second_order");
    mbe_json_write_bool(w, !r->sample.first_order_only);
  }
  json_kv_str(w, "design_file", r->o.design);
  json_kv_str(w, "params_file", r->o.params);
  mbe_json_write_key(w, "parameters");
  mbe_json_write_array_begin(w);
  for (size_t j = 0; j < r->nparam; j++) {
    char d[256] = "design";
    if (r->sample.sampler != MBE_SAMPLER_DESIGN) {
      mbe_dist_format(&r->vary.dist[j], d, sizeof d);
    }
    mbe_json_write_object_begin(w);
    json_kv_str(w, "name", r->param_names[j]);
    json_kv_str(w, "distribution", d);
    json_kv_num(w, "nominal", r->flat->vary[j].nominal);
    mbe_json_write_object_end(w);
  }
  mbe_json_write_array_end(w);
  mbe_json_write_object_end(w);
}

// the manifest's outputs
static void manifest_outputs(const Run* r, MbeJsonWriter* w) {
  mbe_json_write_key(w, "outputs");
  mbe_json_write_object_begin(w);
  mbe_json_write_key(w, "statistics");
  mbe_json_write_array_begin(w);
  for (size_t j = 0; j < r->nstat; j++) {
    mbe_json_write_string(w, r->stat_name[j]);
  }
  mbe_json_write_array_end(w);
  mbe_json_write_key(w, "qoi");
  mbe_json_write_array_begin(w);
  for (size_t j = 0; j < r->qoi.nqoi; j++) {
    mbe_json_write_string(w, r->qoi.name[j]);
  }
  mbe_json_write_array_end(w);
  json_kv_int(w, "saved_members", (int64_t)r->nsave);
  mbe_json_write_key(w, "saved_signals");
  mbe_json_write_array_begin(w);
  for (size_t j = 0; j < r->nsave_col; j++) {
    mbe_json_write_string(w, r->save_name[j]);
  }
  mbe_json_write_array_end(w);
  json_kv_str(w, "saved_format", r->nsave ? (r->save_hdf5 ? "hdf5" : "csv") : NULL);
  json_kv_int(w, "quantile_bins", (int64_t)r->bins);
  mbe_json_write_key(w, "time_indices");
  mbe_json_write_bool(w, time_indices(r));
  mbe_json_write_object_end(w);
}

// the manifest's integration and backend
static void manifest_backend(const Run* r, MbeJsonWriter* w) {
  mbe_json_write_key(w, "integration");
  mbe_json_write_object_begin(w);
  json_kv_str(w, "method", r->run.method == MBE_RUN_METHOD_RK4 ? "rk4" : "dopri5");
  json_kv_num(w, "start_time", r->run.t0);
  json_kv_num(w, "stop_time", r->run.t1);
  json_kv_int(w, "output_points", r->run.nout);
  json_kv_num(w, "rtol", r->run.rtol);
  json_kv_num(w, "atol", r->run.atol);
  json_kv_num(w, "step", r->run.method == MBE_RUN_METHOD_RK4 ? r->run.h : r->run.hmax);
  json_kv_int(w, "max_steps", r->run.max_steps);
  json_kv_str(w, "precision", r->o.sim.precision == MBE_PRECISION_DOUBLE ? "double" : "single");
  if (r->o.sim.precision != MBE_PRECISION_DOUBLE) {
    json_kv_str(w, "note",
                "the kernel computes in float from the members' values rounded to float; "
                "members.csv holds the drawn doubles");
  }
  mbe_json_write_object_end(w);
  MbeBackendInfo bi;
  mbe_backend_get_info(r->backend, &bi);
  MbeProgramInfo pi;
  mbe_program_get_info(r->prog, &pi);
  mbe_json_write_key(w, "backend");
  mbe_json_write_object_begin(w);
  json_kv_str(w, "kind", bi.kind == MBE_BACKEND_OPENCL ? "opencl" : "openmp");
  json_kv_str(w, "platform", bi.platform);
  json_kv_str(w, "device", bi.device);
  json_kv_str(w, "version", bi.version);
  json_kv_int(w, "compute_units", bi.compute_units);
  json_kv_str(w, "program_hash", pi.hash);
  mbe_json_write_key(w, "program_from_cache");
  mbe_json_write_bool(w, pi.from_cache);
  mbe_json_write_object_end(w);
  if (r->devices.n > 1) {  // --device all or a list: every device that took batches
    mbe_json_write_key(w, "devices");
    mbe_json_write_array_begin(w);
    for (size_t k = 0; k < r->devices.n; k++) {
      mbe_backend_get_info(r->devices.backend[k], &bi);
      mbe_json_write_object_begin(w);
      json_kv_str(w, "kind", bi.kind == MBE_BACKEND_OPENCL ? "opencl" : "openmp");
      json_kv_str(w, "device", bi.device);
      mbe_json_write_object_end(w);
    }
    mbe_json_write_array_end(w);
  }
}

// the manifest as JSON into b, saying the run is `state`
static void manifest_text(const Run* r, const char* state, MbeStrbuf* b) {
  MbeJsonWriter w;
  mbe_json_writer_init(&w, b);
  const MbeStudyProgress* p = &r->progress;
  mbe_json_write_object_begin(&w);
  json_kv_str(&w, "format", "mbens-run");
  json_kv_int(&w, "format_version", 1);
  json_kv_str(&w, "version", mbe_version());
  json_kv_str(&w, "status", state);
  mbe_json_write_key(&w, "command");
  mbe_json_write_array_begin(&w);
  for (int i = 0; i < r->argc_saved; i++) {
    mbe_json_write_string(&w, r->argv_saved[i]);
  }
  mbe_json_write_array_end(&w);
  json_kv_str(&w, "cwd", r->cwd);
  json_kv_str(&w, "config_hash", r->config_hash);

  // the model
  mbe_json_write_key(&w, "model");
  mbe_json_write_object_begin(&w);
  json_kv_str(&w, "class", r->flat->top_name);
  json_kv_str(&w, "hash", r->model_hash);
  mbe_json_write_key(&w, "files");
  mbe_json_write_array_begin(&w);
  for (int i = 0; i < r->o.model.nfiles; i++) {
    mbe_json_write_string(&w, r->o.model.files[i]);
  }
  mbe_json_write_array_end(&w);
  mbe_json_write_key(&w, "libraries");
  mbe_json_write_array_begin(&w);
  for (size_t i = 0; i < r->spec->nlib_roots; i++) {
    mbe_json_write_string(&w, r->spec->lib_roots[i]);
  }
  mbe_json_write_array_end(&w);
  json_kv_int(&w, "states", (int64_t)r->sys->nx);
  mbe_json_write_object_end(&w);
  manifest_design(r, &w);
  manifest_outputs(r, &w);
  manifest_backend(r, &w);

  // where it stands
  mbe_json_write_key(&w, "progress");
  mbe_study_progress_json(&w, p, r->count);
  mbe_json_write_key(&w, "timings");
  mbe_json_write_object_begin(&w);
  json_kv_num(&w, "setup_seconds", r->t_setup);
  MbeProgramInfo pi;
  mbe_program_get_info(r->prog, &pi);
  json_kv_num(&w, "program_build_seconds", pi.build_seconds);
  json_kv_num(&w, "run_seconds", p->seconds_run);
  json_kv_num(&w, "members_per_second", p->seconds_run > 0 ? (double)p->done / p->seconds_run : 0);
  json_kv_num(&w, "member_steps_per_second",
              p->seconds_run > 0 ? (double)p->steps / p->seconds_run : 0);
  json_kv_num(&w, "rhs_evaluations_per_second",
              p->seconds_run > 0 ? (double)p->rhs / p->seconds_run : 0);
  mbe_json_write_object_end(&w);
  if (p->quantile_resolution > 0) {
    json_kv_num(&w, "quantile_resolution", p->quantile_resolution);
  }
  mbe_json_write_object_end(&w);
}

/* ---- progress, interruption ------------------------------------------------------------------ */

// Ctrl-C (or SIGTERM) once: finish the batch; twice: write the manifest as interrupted and exit
// at once. The handler may only use async-signal-safe calls, so the interrupted manifest is
// rendered ahead, after every batch, into the buffer of the two not being published.
static volatile sig_atomic_t g_stop = 0;
static volatile sig_atomic_t g_abort_buf = -1;  // the buffer the handler writes, -1: none yet
static MbeStrbuf g_abort_text[2];
static char g_abort_path[4200], g_abort_tmp[4200];

static void write_all(int fd, const char* data, size_t len) {
  while (len > 0) {
    ssize_t w = write(fd, data, len);
    if (w <= 0) {
      return;
    }
    data += w;
    len -= (size_t)w;
  }
}

static void on_signal(int sig) {
  (void)sig;
  static const char msg[] =
      "\nmbens run: interrupted: finishing the current batch (again to stop at once)\n";
  static const char msg2[] =
      "\nmbens run: stopped; the run directory continues from its last checkpoint with "
      "--resume\n";
  if (!g_stop) {
    g_stop = 1;
    write_all(STDERR_FILENO, msg, sizeof msg - 1);
    return;
  }
  const int k = g_abort_buf;
  if (k >= 0) {
    int fd = open(g_abort_tmp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd >= 0) {
      write_all(fd, g_abort_text[k].data, g_abort_text[k].len);
      close(fd);
      rename(g_abort_tmp, g_abort_path);
    }
  }
  write_all(STDERR_FILENO, msg2, sizeof msg2 - 1);
  _exit(130);
}

// renders the manifest a second Ctrl-C leaves: this run, interrupted
static void arm_abort(const Run* r) {
  const int k = g_abort_buf == 0 ? 1 : 0;
  MbeStrbuf* b = &g_abort_text[k];
  mbe_strbuf_deinit(b);
  mbe_strbuf_init(b);
  manifest_text(r, "interrupted", b);
  if (!b->is_oom) {
    snprintf(g_abort_path, sizeof g_abort_path, "%s/manifest.json", r->dir);
    snprintf(g_abort_tmp, sizeof g_abort_tmp, "%s/.manifest.json.abort", r->dir);
    g_abort_buf = k;
  }
}

static void disarm_abort(void) {
  g_abort_buf = -1;
  for (int k = 0; k < 2; k++) {
    mbe_strbuf_deinit(&g_abort_text[k]);
  }
}

// writes the manifest with the run's state; while it runs, also the one a second Ctrl-C leaves
static MbeStatus write_manifest(Run* r, MbeError* err) {
  MbeStrbuf b;
  mbe_strbuf_init(&b);
  manifest_text(r, r->state, &b);
  char path[4200];
  snprintf(path, sizeof path, "%s/manifest.json", r->dir);
  MbeStatus rc = b.is_oom ? mbe_error_set(err, MBE_ERR_NOMEM, "out of memory writing %s", path)
                          : mbe_strbuf_write_atomic(&b, path, err);
  mbe_strbuf_deinit(&b);
  if (rc == MBE_OK && strcmp(r->state, "running") == 0) {
    arm_abort(r);
  }
  return rc;
}

static void format_duration(double s, char* buf, size_t n) {
  if (!(s >= 0) || s > 1e9) {
    snprintf(buf, n, "?");
  } else if (s < 60) {
    snprintf(buf, n, "%.0f s", s);
  } else if (s < 3600) {
    snprintf(buf, n, "%d min %02d s", (int)(s / 60), (int)fmod(s, 60));
  } else {
    snprintf(buf, n, "%d h %02d min", (int)(s / 3600), (int)fmod(s / 60, 60));
  }
}

static MbeStatus on_batch(void* ctx, const MbeStudyProgress* p, MbeError* err) {
  Run* r = ctx;
  r->progress = *p;
  if (r->show != SHOW_NONE) {
    double left = p->members_per_second > 0 ? (double)(p->total - p->done) / p->members_per_second
                                            : (double)NAN;
    char eta[32];
    format_duration(left, eta, sizeof eta);
    uint64_t failed = 0;
    for (int s = 1; s < MBE_RUN_COUNT; s++) {
      failed += p->status[s];
    }
    fprintf(stderr, "%smbens run: integrating %zu/%zu members (%.1f %%), %.0f members/s, ETA %s",
            r->show == SHOW_TERMINAL ? "\r" : "", p->done, p->total,
            100.0 * (double)p->done / (double)(p->total ? p->total : 1), p->members_per_second,
            eta);
    if (failed) {
      fprintf(stderr, ", %" PRIu64 " failed", failed);
    }
    fprintf(stderr, r->show == SHOW_TERMINAL ? "   " : "\n");
    fflush(stderr);
  }
  return write_manifest(r, err);
}

// what the study runs and writes (the kernel's sizes once it is built)
// the places of the system's assertions, for members.csv (none when memory runs out: the column
// stays empty, the run's summary still names them)
static void assert_names(Run* r) {
  size_t n = r->sys->nasserts;
  if (r->assert_name || n == 0 || !(r->assert_name = calloc(n, sizeof *r->assert_name))) {
    return;
  }
  for (size_t i = 0; i < n; i++) {
    const MbeLoc* l = &r->sys->assert_src[i]->loc;
    int len = snprintf(NULL, 0, "%s:%d:%d", l->file, l->line, l->col);
    r->assert_name[i] = malloc((size_t)len + 1);
    if (r->assert_name[i]) {
      snprintf(r->assert_name[i], (size_t)len + 1, "%s:%d:%d", l->file, l->line, l->col);
    }
  }
  r->nassert_name = n;
}

static void study_def(Run* r, MbeStudyDef* d) {
  memset(d, 0, sizeof *d);
  d->prog = r->prog;
  d->more_progs = r->devices.n > 1 ? r->devices.prog + 1 : NULL;
  d->nmore = r->devices.n > 1 ? r->devices.n - 1 : 0;
  d->run = r->run;
  d->red.nqoi = r->qoi.nagg;
  d->red.qoi_code = r->qoi.agg_code;
  d->red.qoi_column = r->agg_col;
  d->red.qoi_level = r->qoi.agg_level;
  d->red.nstat = r->nstat;
  d->red.stat_column = r->stat_col;
  if (time_indices(r)) {
    d->red.sobol_params = r->nparam;
    d->red.sobol_block = mbe_saltelli_block(r->nparam, r->sample.first_order_only);
  }
  d->sample = r->sample;
  d->np = 1;
  if (r->prog) {
    MbeProgramInfo pinfo;
    mbe_program_get_info(r->prog, &pinfo);
    d->np = (size_t)pinfo.np;  // the kernel's count: at least one slot, also without parameters
  }
  d->p_fixed = r->sys->p0 + r->sys->nvary;
  d->first = r->first;
  d->count = r->count;
  d->batch = (size_t)r->o.batch;
  d->max_memory = r->o.max_memory;
  d->dir = r->dir;
  d->model = r->flat->top_name;
  d->param_names = r->param_names;
  assert_names(r);
  d->assert_names = (const char* const*)r->assert_name;
  d->nassert_names = r->nassert_name;
  d->qoi = &r->qoi;
  d->stat_names = r->stat_name;
  d->save_members = r->save_members;
  d->nsave = r->nsave;
  d->save_columns = r->save_col;
  d->save_names = r->save_name;
  d->nsave_col = r->nsave_col;
  d->save_hdf5 = r->save_hdf5;
  d->quantile_bins = r->bins;
  d->config_hash = r->config_hash;
  d->stop = &g_stop;
  d->progress = on_batch;
  d->progress_ctx = r;
}

/* ---- setup ------------------------------------------------------------------------------------
 */

// what dir holds: no run (false), or a run whose counters go to *st
static bool read_run(const char* dir, MbeStudyState* st, bool* is_damaged) {
  char probe[4200];
  snprintf(probe, sizeof probe, "%s/stats.state", dir);
  memset(st, 0, sizeof *st);
  *is_damaged = false;
  if (access(probe, F_OK) != 0) {
    return false;
  }
  MbeError err;
  *is_damaged = mbe_study_state_read(dir, st, &err) != MBE_OK;
  return true;
}

// A new run's directory (a run there is refused, or replaced with --force), or the one being
// resumed. Returns -1 (the exit code in r->rc_done) when a resumed run is complete already.
static int open_dir(Run* r, bool resume) {
  MbeError err;
  mbe_error_clear(&err);
  const char* dir = r->o.out;
  MbeStudyState st;
  bool is_damaged;
  bool has_run = read_run(dir, &st, &is_damaged);
  const size_t count = st.count, done = st.done;
  const bool is_complete = has_run && !is_damaged && done == count;
  const uint64_t failed = st.progress.done - st.progress.status[MBE_RUN_OK];
  mbe_study_state_deinit(&st);
  if (!resume && has_run && !r->o.force) {
    if (is_complete) {
      return mbe_cli_usage_error(CMD,
                                 "%s holds a complete run (%zu members); choose another -o, or "
                                 "replace it with --force",
                                 dir, count);
    }
    if (is_damaged) {
      return mbe_cli_usage_error(CMD, "%s holds a damaged run; replace it with --force", dir);
    }
    return mbe_cli_usage_error(CMD,
                               "%s holds an unfinished run (%zu of %zu members); continue it with "
                               "mbens run --resume %s, or replace it with --force",
                               dir, done, count, dir);
  }
  if (!resume && has_run && mbe_study_remove(dir, &err) != MBE_OK) {
    mbe_cli_print_error(CMD, &err);
    return MBE_EXIT_FAILURE;
  }
  if (resume && !has_run) {
    return mbe_cli_usage_error(CMD, "%s holds no run to resume (no stats.state)", dir);
  }
  if (resume && is_complete) {
    fprintf(stderr,
            "mbens run: %s is complete already (%zu members, %" PRIu64
            " failed); nothing to resume\n",
            dir, count, failed);
    r->rc_done = failed ? MBE_EXIT_MEMBERS_FAILED : MBE_EXIT_OK;
    return -1;
  }
  if (mbe_mkdir_p(dir, &err) != MBE_OK) {
    mbe_cli_print_error(CMD, &err);
    return MBE_EXIT_FAILURE;
  }
  if (!realpath(dir, r->dir)) {
    snprintf(r->dir, sizeof r->dir, "%s", dir);
  }
  return MBE_EXIT_OK;
}

// everything before the first batch: model, parameters, outputs, kernel, identity, directory
// on a terminal: what setup is doing, overwritten by the next line
static void phase(const Run* r, const char* what) {
  if (r->show == SHOW_TERMINAL) {
    fprintf(stderr, "\rmbens run: %-60s\r", what);
    fflush(stderr);
  } else if (r->show == SHOW_LINES && what[0]) {
    fprintf(stderr, "mbens run: %s\n", what);
  }
}

// every varied value within the min and max the model declares (SI.Mass has min = 0, a
// Damper's d too): a distribution that reaches outside, or a design value outside, is refused
static int within_bounds(const Run* r) {
  for (size_t j = 0; j < r->nparam; j++) {
    const MbeVaried* q = &r->flat->vary[j];
    if (q->min == -HUGE_VAL && q->max == HUGE_VAL) {
      continue;
    }
    char lo_m[32], hi_m[32], range[360];
    mbe_format_shortest(q->min, lo_m, sizeof lo_m);
    mbe_format_shortest(q->max, hi_m, sizeof hi_m);
    snprintf(range, sizeof range, "the model declares min = %s and max = %s for %s", lo_m, hi_m,
             q->name);
    if (r->design) {
      for (size_t i = 0; i < r->sample.design_rows; i++) {
        double x = r->design[i * r->nparam + j];
        if (x < q->min || x > q->max) {
          char xs[32];
          mbe_format_shortest(x, xs, sizeof xs);
          return mbe_cli_usage_error(CMD, "%s: row %zu gives %s = %s, but %s", r->o.design, i + 1,
                                     q->name, xs, range);
        }
      }
      continue;
    }
    const MbeDist* d = &r->vary.dist[j];
    double lo, hi;
    mbe_dist_support(d, &lo, &hi);
    if (lo >= q->min && hi <= q->max) {
      continue;
    }
    char dist[128];
    mbe_dist_format(d, dist, sizeof dist);
    char lo_d[32], hi_d[32];
    mbe_format_shortest(lo, lo_d, sizeof lo_d);
    mbe_format_shortest(hi, hi_d, sizeof hi_d);
    if (r->vary.file[j]) {
      fprintf(stderr, "%s:%d:%d: error: ", r->vary.file[j], r->vary.line[j], r->vary.column[j]);
    } else {
      fprintf(stderr, "mbens %s: error: ", CMD);
    }
    fprintf(stderr,
            "%s=%s gives values from %s to %s, but %s; choose a distribution within them, e.g. "
            "truncnormal(mu, sigma, a, b)%s\n",
            q->name, dist, lo_d, hi_d, range,
            q->min <= 0 && q->max == HUGE_VAL ? " or lognormal(mu, sigma)" : "");
    return MBE_EXIT_USAGE;
  }
  return MBE_EXIT_OK;
}

// the host memory the study needs within --max-memory: at least one member per batch
static int check_memory(Run* r) {
  MbeStudyDef d;
  study_def(r, &d);
  MbeStudyMemory mem;
  mbe_study_memory(&d, &mem);
  if (mem.batch_max > 0) {
    return MBE_EXIT_OK;
  }
  char lim[32], fixed[32], need[32];
  mbe_cli_format_size(mem.limit, lim, sizeof lim);
  mbe_cli_format_size(mem.fixed, fixed, sizeof fixed);
  mbe_cli_format_size(mem.fixed + 64 * mem.per_member, need, sizeof need);
  return mbe_cli_usage_error(CMD,
                             "the study needs more host memory than --max-memory %s: the "
                             "statistics alone take %s; allow at least %s (a batch of 64 "
                             "members), or keep less: fewer --signals, a coarser --interval, "
                             "fewer --quantile-bins%s",
                             lim, fixed, need,
                             time_indices(r) ? ", --no-time-indices (the time-resolved "
                                               "Sobol' sums take most of it)"
                                             : "");
}

// where each varied parameter was asked for, for the messages of the errors it causes: the
// --vary text, the --params file's place, the --design file's column (owned; free_origins)
static char** param_origins(const Run* r) {
  char** o = calloc(r->nparam + 1, sizeof *o);
  for (size_t j = 0; o && j < r->nparam; j++) {
    char buf[1200];
    if (r->design_table) {
      snprintf(buf, sizeof buf, "--design %s, column %s", r->o.design, r->param_names[j]);
    } else if (r->vary.file[j]) {
      snprintf(buf, sizeof buf, "%s:%d:%d", r->vary.file[j], r->vary.line[j], r->vary.column[j]);
    } else if (j < (size_t)r->o.nvary) {
      snprintf(buf, sizeof buf, "--vary '%s'", r->o.vary[j]);
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

// the modes of the run's system at its start with the model's values (the RK4 step check)
static MbeStatus system_modes(void* ctx, double* re, double* im, MbeError* err) {
  const Run* r = ctx;
  return mbe_system_modes(r->sys, r->run.t0, r->sys->np ? r->sys->p0 : NULL, re, im, err);
}

static int setup(Run* r, bool resume) {
  MbeError err;
  mbe_error_clear(&err);
  phase(r, "loading the model ...");
  int rc = mbe_cli_load_model(CMD, &r->o.model, &r->spec, &r->flat);
  if (rc != MBE_EXIT_OK || (rc = varied_parameters(r)) != MBE_EXIT_OK) {
    return rc;
  }
  phase(r, "building the equations ...");
  char** origins = param_origins(r);
  if (!origins) {
    return oom();
  }
  MbeStatus st =
      mbe_flat_vary_from(r->flat, r->param_names, (const char* const*)origins, r->nparam, &err);
  free_origins(origins, r->nparam);
  if (st == MBE_OK) {
    st = mbe_system_build(r->flat, &r->sys, &err);
  }
  if (st != MBE_OK) {
    mbe_cli_print_error(CMD, &err);
    return st == MBE_ERR_NOMEM || st == MBE_ERR_INTERNAL ? MBE_EXIT_FAILURE : MBE_EXIT_USAGE;
  }
  if (r->sample.n == 0) {
    return mbe_cli_usage_error(CMD, "the design has no members");
  }
  if ((rc = within_bounds(r)) != MBE_EXIT_OK) {
    return rc;
  }

  // the members of this run (a shard: a contiguous share)
  size_t n = r->sample.n;
  r->first = 0;
  r->count = n;
  if (r->o.has_shard) {
    // whole Saltelli blocks (their indices are summed block by block), else single members
    unsigned long long k = (unsigned long long)r->o.shard_k, s = (unsigned long long)r->o.shard_n;
    unsigned long long b = r->sample.sampler == MBE_SAMPLER_SALTELLI
                               ? mbe_saltelli_block(r->nparam, r->sample.first_order_only)
                               : 1;
    r->first = (size_t)(k * (n / b) / s * b);
    r->count = (size_t)((k + 1) * (n / b) / s * b) - r->first;
  }
  MbeModelExperiment exp = mbe_flat_experiment(r->flat);
  if ((rc = mbe_cli_sim_run_def(CMD, &exp, &r->o.sim, &r->run)) != MBE_EXIT_OK ||
      (rc = outputs(r)) != MBE_EXIT_OK) {
    return rc;
  }
  if (r->o.no_time_indices && r->nstat == 0) {
    return mbe_cli_usage_error(CMD, "--no-time-indices turns off the indices of --signals, and "
                                    "this run keeps no signals");
  }
  if (r->o.max_steps) {
    r->run.max_steps = (int)r->o.max_steps;
  }

  // histogram bins: the asked number, else proportionate to the members and the memory (of
  // the original command when resuming: the bins are part of the study)
  size_t nseries = (size_t)r->run.nout * r->nstat;
  r->bins = r->o.quantile_bins ? (size_t)r->o.quantile_bins
                               : mbe_study_quantile_bins(r->sample.n, nseries, r->plan_memory);
  if ((rc = identity(r)) != MBE_EXIT_OK) {
    return rc;
  }

  // what it writes, before anything is written
  MbeStudyDef d;
  study_def(r, &d);
  if (!resume && (rc = mbe_cli_check_output(CMD, mbe_study_output_bytes(&d), r->o.max_output,
                                            "fewer --signals, a coarser --interval, fewer "
                                            "--save-members or --save-signals")) != MBE_EXIT_OK) {
    return rc;
  }
  mbe_cli_warn_step(CMD, &r->run, r->sys->nx, system_modes, r);
  phase(r, "compiling the kernel ...");
  rc = mbe_cli_build_devices(CMD, r->sys, r->col_id, r->ncol, &r->o.sim, &r->devices);
  r->backend = r->devices.backend[0];
  r->prog = r->devices.prog[0];
  phase(r, "");
  if (rc != MBE_EXIT_OK || (rc = check_memory(r)) != MBE_EXIT_OK) {
    return rc;
  }
  return open_dir(r, resume);
}

/* ---- resume ------------------------------------------------------------------------------------
 */

// the original command line of the run in dir, and the directory it ran in
static int load_command(Run* r, const char* dir) {
  char path[4200];
  snprintf(path, sizeof path, "%s/manifest.json", dir);
  if (access(path, F_OK) != 0) {
    return mbe_cli_usage_error(CMD, "%s holds no run to resume (no manifest.json)", dir);
  }
  MbeJsonDoc* doc = NULL;
  MbeError err;
  mbe_error_clear(&err);
  if (mbe_json_read(path, &doc, &err) != MBE_OK) {
    mbe_cli_print_error(CMD, &err);
    return MBE_EXIT_USAGE;
  }
  const MbeJsonValue* cmd = mbe_json_find(mbe_json_root(doc), "command");
  const char* cwd = mbe_json_as_string(mbe_json_find(mbe_json_root(doc), "cwd"), NULL);
  size_t n = mbe_json_size(cmd);
  if (!cmd || cmd->type != MBE_JSON_ARRAY || n == 0 || !cwd) {
    mbe_json_destroy(doc);
    return mbe_cli_usage_error(CMD, "%s is not an mbens run manifest", path);
  }
  r->argv_saved = calloc(n + 1, sizeof *r->argv_saved);
  if (!r->argv_saved) {
    mbe_json_destroy(doc);
    return oom();
  }
  for (size_t i = 0; i < n; i++) {
    r->argv_saved[i] = strdup(mbe_json_as_string(mbe_json_at(cmd, i), ""));
    if (!r->argv_saved[i]) {
      mbe_json_destroy(doc);
      return oom();
    }
    r->argc_saved = (int)i + 1;
  }
  snprintf(r->cwd, sizeof r->cwd, "%s", cwd);
  mbe_json_destroy(doc);
  return MBE_EXIT_OK;
}

// resuming: the original command in its directory, then this call's changes (-1: --help)
static int resume_command(Run* r, int argc, char** argv) {
  char dir[4096];
  if (!realpath(r->o.resume, dir)) {
    return mbe_cli_usage_error(CMD, "cannot resume %s: %s", r->o.resume, strerror(errno));
  }
  int rc = load_command(r, dir);
  if (rc != MBE_EXIT_OK) {
    return rc;
  }
  memset(&r->o, 0, sizeof r->o);
  mbe_cli_sim_init(&r->o.sim);
  r->o.sim.backend = MBE_BACKEND_AUTO;
  r->o.max_output = MBE_CLI_MAX_OUTPUT;
  if (chdir(r->cwd) != 0) {
    return mbe_cli_usage_error(CMD, "cannot resume: the run's directory %s is gone", r->cwd);
  }
  if ((rc = parse(r->argc_saved, r->argv_saved, &r->o, false)) == MBE_EXIT_OK) {
    r->plan_memory = r->o.max_memory;
    rc = parse(argc, argv, &r->o, true);
  }
  if (rc != MBE_EXIT_OK) {
    return rc;
  }
  snprintf(r->resume_dir, sizeof r->resume_dir, "%s", dir);
  r->o.out = r->resume_dir;
  r->o.resume = NULL;
  return MBE_EXIT_OK;
}

// a new run: the command line as given, kept for --resume
static int keep_command(Run* r, int argc, char** argv) {
  r->argv_saved = calloc((size_t)argc + 1, sizeof *r->argv_saved);
  if (!r->argv_saved || !getcwd(r->cwd, sizeof r->cwd)) {
    return oom();
  }
  for (int i = 0; i < argc; i++) {
    r->argv_saved[i] = strdup(argv[i]);
    r->argc_saved = i + 1;
  }
  r->plan_memory = r->o.max_memory;
  return MBE_EXIT_OK;
}

/* ---- the command ----------------------------------------------------------------------------- */

// a line per assertion that stopped or flagged members: its place, message and count
static void assert_lines(const Run* r) {
  const MbeStudyProgress* p = &r->progress;
  for (size_t i = 0; r->sys && i < r->sys->nasserts && i < MBE_STUDY_ASSERT_MAX; i++) {
    const MbeFlatAssert* a = r->sys->assert_src[i];
    bool is_last = i == MBE_STUDY_ASSERT_MAX - 1 && r->sys->nasserts > MBE_STUDY_ASSERT_MAX;
    if (p->assert_stops[i]) {
      fprintf(stderr, "\nmbens run: %s:%d:%d: assertion failed%s in %" PRIu64 " member%s: %s",
              a->loc.file, a->loc.line, a->loc.col, is_last ? " (or a later one)" : "",
              p->assert_stops[i], p->assert_stops[i] == 1 ? "" : "s", a->message);
    }
    if (p->assert_warned[i]) {
      fprintf(stderr,
              "\nmbens run: warning: %s:%d:%d: assertion failed (warning level)%s in %" PRIu64
              " member%s: %s",
              a->loc.file, a->loc.line, a->loc.col, is_last ? " (or a later one)" : "",
              p->assert_warned[i], p->assert_warned[i] == 1 ? "" : "s", a->message);
    }
  }
}

static void summary(const Run* r, MbeStatus st) {
  const MbeStudyProgress* p = &r->progress;
  uint64_t failed = 0;
  for (int s = 1; s < MBE_RUN_COUNT; s++) {
    failed += p->status[s];
  }
  if (r->o.json) {
    MbeStrbuf b;
    mbe_strbuf_init(&b);
    MbeJsonWriter w;
    mbe_json_writer_init(&w, &b);
    mbe_json_write_object_begin(&w);
    json_kv_str(&w, "dir", r->dir);
    json_kv_str(&w, "status", r->state);
    json_kv_int(&w, "members", (int64_t)r->count);
    json_kv_int(&w, "done", (int64_t)p->done);
    json_kv_int(&w, "failed", (int64_t)failed);
    json_kv_int(&w, "varied_parameters", (int64_t)r->nparam);
    mbe_json_write_key(&w, "status_counts");
    mbe_study_status_counts_json(&w, p);
    json_kv_num(&w, "run_seconds", p->seconds_run);
    json_kv_num(&w, "members_per_second",
                p->seconds_run > 0 ? (double)p->done / p->seconds_run : 0);
    json_kv_num(&w, "member_steps_per_second",
                p->seconds_run > 0 ? (double)p->steps / p->seconds_run : 0);
    json_kv_num(&w, "rhs_evaluations_per_second",
                p->seconds_run > 0 ? (double)p->rhs / p->seconds_run : 0);
    mbe_json_write_object_end(&w);
    if (!b.is_oom) {
      fputs(b.data, stdout);
    }
    mbe_strbuf_deinit(&b);
  }
  if (r->o.quiet) {
    return;
  }
  if (r->show == SHOW_TERMINAL) {
    fprintf(stderr, "\n");
  }
  fprintf(stderr, "mbens run: %zu of %zu members in %.2f s (%.0f members/s, %.3g member-steps/s)",
          p->done, r->count, p->seconds_run,
          p->seconds_run > 0 ? (double)p->done / p->seconds_run : 0,
          p->seconds_run > 0 ? (double)p->steps / p->seconds_run : 0);
  if (failed) {
    fprintf(stderr, "; %" PRIu64 " failed:", failed);
    for (int s = 1; s < MBE_RUN_COUNT; s++) {
      if (p->status[s]) {
        fprintf(stderr, " %s %" PRIu64, mbe_run_status_word(s), p->status[s]);
      }
    }
  }
  assert_lines(r);
  if (r->nparam == 0 && r->count > 1) {
    fprintf(stderr,
            "\nmbens run: note: nothing varies, so the %zu members are the same model with the "
            "same values (as for a benchmark); vary parameters with --vary, --params or --design",
            r->count);
  }
  if (p->quantile_resolution > 0.01) {
    fprintf(stderr,
            "\nmbens run: note: the quantiles are within %.2g %% (%zu bins for each of %zu "
            "series); more --quantile-bins, fewer --signals or a coarser --interval sharpen them",
            100 * p->quantile_resolution, r->bins, (size_t)r->run.nout * r->nstat);
  }
  fprintf(stderr, "\nmbens run: results in %s", r->dir);
  if (st == MBE_ERR_INTERRUPTED) {
    fprintf(stderr, " (interrupted; continue with: mbens run --resume %s)", r->dir);
  }
  fprintf(stderr, "\n");
}

int mbe_cmd_run(int argc, char** argv) {
  Run r;
  memset(&r, 0, sizeof r);
  mbe_cli_sim_init(&r.o.sim);
  r.o.sim.backend = MBE_BACKEND_AUTO;
  r.o.max_output = MBE_CLI_MAX_OUTPUT;
  r.t_start = mbe_seconds();
  int rc = parse(argc, argv, &r.o, false);
  if (rc != MBE_EXIT_OK) {
    return rc < 0 ? MBE_EXIT_OK : rc;
  }

  bool resume = r.o.resume != NULL;
  if ((rc = resume ? resume_command(&r, argc, argv) : keep_command(&r, argc, argv)) !=
      MBE_EXIT_OK) {
    study_deinit(&r);
    return rc < 0 ? MBE_EXIT_OK : rc;
  }
  if ((rc = check_opts(&r.o)) != MBE_EXIT_OK) {
    study_deinit(&r);
    return rc;
  }
  r.show = r.o.quiet               ? SHOW_NONE
           : isatty(STDERR_FILENO) ? SHOW_TERMINAL
           : r.o.progress          ? SHOW_LINES
                                   : SHOW_NONE;
  rc = setup(&r, resume);
  if (rc != MBE_EXIT_OK) {
    study_deinit(&r);
    return rc < 0 ? r.rc_done : rc;
  }
  if (r.count == 0) {
    fprintf(stderr,
            "mbens run: warning: shard %ld/%ld holds no members: %zu members over %ld shards "
            "leave some empty; use at most %zu shards\n",
            r.o.shard_k, r.o.shard_n, r.sample.n, r.o.shard_n, r.sample.n);
  }
  r.t_setup = mbe_seconds() - r.t_start;
  r.state = "running";
  MbeError err;
  mbe_error_clear(&err);
  MbeStatus st = write_manifest(&r, &err);
  if (!r.o.quiet) {
    MbeBackendInfo bi;
    mbe_backend_get_info(r.backend, &bi);
    MbeProgramInfo pi;
    mbe_program_get_info(r.prog, &pi);
    fprintf(stderr,
            "mbens run: %s, %zu varied parameter%s, %zu member%s (%s%s), %d output points; "
            "%s %s; kernel %s in %.2f s\n",
            r.flat->top_name, r.nparam, r.nparam == 1 ? "" : "s", r.count, r.count == 1 ? "" : "s",
            mbe_sampler_name(r.sample.sampler), resume ? ", resumed" : "", r.run.nout,
            bi.kind == MBE_BACKEND_OPENCL ? "OpenCL" : "OpenMP", bi.device,
            pi.from_cache ? "from cache" : "built", pi.build_seconds);
    for (size_t k = 1; k < r.devices.n; k++) {
      mbe_backend_get_info(r.devices.backend[k], &bi);
      fprintf(stderr, "mbens run: also on %s %s\n",
              bi.kind == MBE_BACKEND_OPENCL ? "OpenCL" : "OpenMP", bi.device);
    }
    if (r.sys->init_per_member) {
      fprintf(stderr, "mbens run: the initial conditions depend on the varied parameters: each "
                      "member solves them (init-fail where they have no solution)\n");
    }
  }

  // the study, stoppable by Ctrl-C between batches
  if (st == MBE_OK) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    MbeStudyDef d;
    study_def(&r, &d);
    st = mbe_study_run(&d, resume, &r.progress, &err);
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    disarm_abort();
  }

  // the manifest says how it ended; the exit code too
  uint64_t failed = 0;
  for (int s = 1; s < MBE_RUN_COUNT; s++) {
    failed += r.progress.status[s];
  }
  r.state = st == MBE_OK ? "complete" : st == MBE_ERR_INTERRUPTED ? "interrupted" : "failed";
  MbeError merr;
  if (write_manifest(&r, &merr) != MBE_OK && st == MBE_OK) {
    st = merr.code;
    err = merr;
  }
  if (st != MBE_OK && st != MBE_ERR_INTERRUPTED) {
    if (r.show == SHOW_TERMINAL) {
      fprintf(stderr, "\n");
    }
    mbe_cli_print_error(CMD, &err);
    rc = st == MBE_ERR_USAGE ? MBE_EXIT_USAGE : MBE_EXIT_FAILURE;
  } else {
    summary(&r, st);
    rc = st == MBE_ERR_INTERRUPTED ? 130 : failed ? MBE_EXIT_MEMBERS_FAILED : MBE_EXIT_OK;
  }
  study_deinit(&r);
  return rc;
}
