// SPDX-License-Identifier: Apache-2.0
// mbens run: the ensemble study of mbe/mbe_study.h. Options into a study definition, progress on
// a terminal, Ctrl-C, the summary and the exit code; everything else (the members, outputs,
// identity, manifest, resumption and the run directory) is the library's.
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
#include "io_json.h"
#include "mbe.h"

#define CMD "run"

static void run_help(FILE* f) {
  fprintf(
      f,
      "usage: mbens run " MBE_CLI_MODEL_USAGE
      " -n N -o DIR\n"
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
      "                      result is the same as an uninterrupted run; from any directory\n"
      "                      (the run keeps its definition in manifest.json)\n"
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

enum { MAX_LIST = 1024, CANDIDATES_MAX = 4096 };

typedef struct RunOpts {
  MbeCliModel model;
  long long n;
  bool has_n;
  int levels;             // --levels of a Morris grid, 0: not given
  long candidates;        // --candidates of Campolongo's selection, 0: none
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
      if (end == v || *end || m < 3 || m > CANDIDATES_MAX)
        return mbe_cli_usage_error(CMD,
                                   "--candidates takes a number of trajectories from 3 to %d, "
                                   "not '%s'",
                                   CANDIDATES_MAX, v);
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
          !mbe_cli_parse_int(CMD, "--quantile-bins", v, 4, 1L << 24, &o->quantile_bins))
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

/* ---- the definition ------------------------------------------------------------------------ */

// what the options give that the definition holds as lists, owned here
typedef struct RunLists {
  MbeCliNames signals, save_signals;
} RunLists;

// the options as a study definition (lists into l)
static int study_def(const RunOpts* o, RunLists* l, MbeStudyDef* d) {
  *d = mbe_study_def_default();
  d->dir = o->resume ? o->resume : o->out;
  d->resume = o->resume != NULL;
  d->force = o->force;
  d->backend.kind = o->sim.backend;
  d->backend.device = o->sim.device;
  d->backend.threads = (int)o->sim.threads;
  d->batch = (size_t)o->batch;
  d->max_memory = o->max_memory;
  d->max_output = o->max_output;
  if (o->resume) {
    return MBE_EXIT_OK;  // the rest is the run's
  }
  d->model.files = o->model.files;
  d->model.nfiles = (size_t)o->model.nfiles;
  d->model.libraries = o->model.libs;
  d->model.nlibraries = (size_t)o->model.nlibs;
  d->model.class_name = o->model.class_name;
  d->vary = o->vary;
  d->nvary = (size_t)o->nvary;
  d->params = o->params;
  d->design = o->design;
  d->sampler = o->has_sampler ? o->sampler : MBE_SAMPLER_MC;
  d->n = o->has_n ? (size_t)o->n : 0;
  d->seed = o->seed;
  d->levels = o->levels;
  d->candidates = (size_t)o->candidates;
  d->first_order_only = o->first_order_only;
  d->time_indices = !o->no_time_indices;
  int rc = MBE_EXIT_OK;
  if (o->signals && strcmp(o->signals, "none") == 0) {
    static const char* const none[1] = {NULL};
    d->signals = none;
  } else if (o->signals && (rc = mbe_cli_names(CMD, o->signals, &l->signals)) == MBE_EXIT_OK) {
    d->signals = (const char* const*)l->signals.name;
    d->nsignals = l->signals.n;
    if (!d->signals) {  // "time" alone: no signals
      static const char* const none[1] = {NULL};
      d->signals = none;
    }
  }
  if (rc == MBE_EXIT_OK && o->save_signals &&
      (rc = mbe_cli_names(CMD, o->save_signals, &l->save_signals)) == MBE_EXIT_OK) {
    static const char* const none[1] = {NULL};
    d->save_signals = l->save_signals.name ? (const char* const*)l->save_signals.name : none;
    d->nsave_signals = l->save_signals.n;
  }
  d->qoi = o->qoi;
  d->nqoi = (size_t)o->nqoi;
  d->save_members = o->save_members;
  d->save_format = !o->save_format || strcmp(o->save_format, "auto") == 0 ? MBE_SAVE_AUTO
                   : strcmp(o->save_format, "csv") == 0                   ? MBE_SAVE_CSV
                                                                          : MBE_SAVE_HDF5;
  d->quantile_bins = (size_t)o->quantile_bins;
  d->run = mbe_cli_sim_choice(&o->sim);
  d->run.max_steps = (int)o->max_steps;
  d->precision = o->sim.precision;
  if (o->has_shard) {
    d->shard_k = (size_t)o->shard_k;
    d->shard_n = (size_t)o->shard_n;
  }
  return rc;
}

/* ---- progress, interruption ------------------------------------------------------------------ */

// progress on stderr: none, one line rewritten in place (a terminal), or a line per update
typedef enum ShowMode { SHOW_NONE = 0, SHOW_TERMINAL, SHOW_LINES } ShowMode;

typedef struct Show {
  ShowMode mode;
  bool quiet;
  MbePrecision precision;  // for --stats
} Show;

// Ctrl-C (or SIGTERM) once: finish the batch; twice: leave the manifest as interrupted and exit
// at once (mbe_study_write_interrupted is async-signal-safe)
static volatile sig_atomic_t g_stop = 0;
static MbeStudy* volatile g_study = NULL;

static void on_signal(int sig) {
  (void)sig;
  static const char msg[] =
      "\nmbens run: interrupted: finishing the current batch (again to stop at once)\n";
  static const char msg2[] =
      "\nmbens run: stopped; the run directory continues from its last checkpoint with "
      "--resume\n";
  if (!g_stop) {
    g_stop = 1;
    ssize_t w = write(STDERR_FILENO, msg, sizeof msg - 1);
    (void)w;
    return;
  }
  if (g_study) {
    mbe_study_write_interrupted(g_study);
  }
  ssize_t w = write(STDERR_FILENO, msg2, sizeof msg2 - 1);
  (void)w;
  _exit(130);
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

static uint64_t failed_members(const MbeStudyProgress* p) {
  uint64_t failed = 0;
  for (int s = 1; s < MBE_MEMBER_STATUS_COUNT; s++) {
    failed += p->status[s];
  }
  return failed;
}

static bool on_batch(void* ctx, const MbeStudyProgress* p) {
  const Show* sh = ctx;
  if (sh->mode == SHOW_NONE) {
    return true;
  }
  double left = p->members_per_second > 0 ? (double)(p->total - p->done) / p->members_per_second
                                          : (double)NAN;
  char eta[32];
  format_duration(left, eta, sizeof eta);
  fprintf(stderr, "%smbens run: integrating %zu/%zu members (%.1f %%), %.0f members/s, ETA %s",
          sh->mode == SHOW_TERMINAL ? "\r" : "", p->done, p->total,
          100.0 * (double)p->done / (double)(p->total ? p->total : 1), p->members_per_second, eta);
  uint64_t failed = failed_members(p);
  if (failed) {
    fprintf(stderr, ", %" PRIu64 " failed", failed);
  }
  fprintf(stderr, sh->mode == SHOW_TERMINAL ? "   " : "\n");
  fflush(stderr);
  return true;
}

// on a terminal: what opening is doing, overwritten by the next line
static void on_phase(void* ctx, const char* what) {
  const Show* sh = ctx;
  if (sh->mode == SHOW_TERMINAL) {
    fprintf(stderr, "\rmbens run: %-60s\r", what);
    fflush(stderr);
  } else if (sh->mode == SHOW_LINES && what[0]) {
    fprintf(stderr, "mbens run: %s\n", what);
  }
}

// --stats: the kernel's sizes before it is compiled
static void on_kernel(void* ctx, const MbeKernelStats* ks) {
  const Show* sh = ctx;
  mbe_cli_print_kernel_stats(CMD, ks, sh->precision);
}

static void on_note(void* ctx, bool is_warning, const char* text) {
  const Show* sh = ctx;
  if (is_warning || !sh->quiet) {
    fprintf(stderr, "mbens run: %s%s\n", is_warning ? "warning: " : "", text);
  }
}

/* ---- the command ----------------------------------------------------------------------------- */

// what runs, once opened
static void header(MbeStudy* s, const RunOpts* o) {
  MbeStudyInfo in;
  mbe_study_info(s, &in);
  if (o->sim.stats) {  // what the device's compiler made of it (its sizes came before)
    MbeProgramInfo pi;
    mbe_study_device(s, 0, NULL, &pi);
    mbe_cli_print_build_stats(CMD, &pi);
  }
  if (in.count == 0) {
    fprintf(stderr,
            "mbens run: warning: shard %zu/%zu holds no members: %zu members over %zu shards "
            "leave some empty; use at most %zu shards\n",
            in.shard_k, in.shard_n, in.total, in.shard_n, in.total);
  }
  if (o->quiet) {
    return;
  }
  MbeBackendInfo bi;
  MbeProgramInfo pi;
  mbe_study_device(s, 0, &bi, &pi);
  fprintf(stderr,
          "mbens run: %s, %zu varied parameter%s, %zu member%s (%s%s), %zu output points; "
          "%s %s; kernel %s in %.2f s\n",
          in.model, in.nparam, in.nparam == 1 ? "" : "s", in.count, in.count == 1 ? "" : "s",
          mbe_sampler_name(in.sampler), in.is_resumed ? ", resumed" : "", in.nout,
          bi.kind == MBE_BACKEND_OPENCL ? "OpenCL" : "OpenMP", bi.device,
          pi.from_cache ? "from cache" : "built", pi.build_seconds);
  for (size_t k = 1; k < in.ndevices; k++) {
    mbe_study_device(s, k, &bi, NULL);
    fprintf(stderr, "mbens run: also on %s %s\n",
            bi.kind == MBE_BACKEND_OPENCL ? "OpenCL" : "OpenMP", bi.device);
  }
  if (in.init_per_member) {
    fprintf(stderr,
            "mbens run: the initial conditions depend on the varied parameters: each "
            "member solves them (init-fail where they have no solution)\n");
  }
}

// a line per assertion that stopped or flagged members: its place, message and count
static void assert_lines(const MbeStudy* s, const MbeStudyProgress* p) {
  MbeAssertInfo a;
  for (int32_t k = 1; k <= MBE_STUDY_ASSERT_MAX && mbe_study_assert(s, k, &a); k++) {
    MbeAssertInfo next;
    bool is_last = k == MBE_STUDY_ASSERT_MAX && mbe_study_assert(s, k + 1, &next);
    uint64_t stops = p->assert_stops[k - 1], warned = p->assert_warned[k - 1];
    if (stops) {
      fprintf(stderr, "\nmbens run: %s:%d:%d: assertion failed%s in %" PRIu64 " member%s: %s",
              a.file, a.line, a.column, is_last ? " (or a later one)" : "", stops,
              stops == 1 ? "" : "s", a.message);
    }
    if (warned) {
      fprintf(stderr,
              "\nmbens run: warning: %s:%d:%d: assertion failed (warning level)%s in %" PRIu64
              " member%s: %s",
              a.file, a.line, a.column, is_last ? " (or a later one)" : "", warned,
              warned == 1 ? "" : "s", a.message);
    }
  }
}

// the summary as JSON on stdout (--json)
static void summary_json(const MbeStudyInfo* in, const MbeStudyProgress* p, const char* state) {
  MbeStrbuf b;
  mbe_strbuf_init(&b);
  MbeJsonWriter w;
  mbe_json_writer_init(&w, &b);
  double t = p->seconds_run;
  mbe_json_write_object_begin(&w);
  mbe_json_write_key(&w, "dir");
  mbe_json_write_string(&w, in->dir);
  mbe_json_write_key(&w, "status");
  mbe_json_write_string(&w, state);
  const struct {
    const char* k;
    double v;
  } nums[] = {{"members", (double)in->count},
              {"done", (double)p->done},
              {"failed", (double)failed_members(p)},
              {"varied_parameters", (double)in->nparam}};
  for (size_t i = 0; i < sizeof nums / sizeof nums[0]; i++) {
    mbe_json_write_key(&w, nums[i].k);
    mbe_json_write_int(&w, (int64_t)nums[i].v);
  }
  mbe_json_write_key(&w, "status_counts");
  mbe_json_write_object_begin(&w);
  for (int k = 0; k < MBE_MEMBER_STATUS_COUNT; k++) {
    if (p->status[k] || k == 0) {
      mbe_json_write_key(&w, mbe_run_status_word(k));
      mbe_json_write_int(&w, (int64_t)p->status[k]);
    }
  }
  mbe_json_write_object_end(&w);
  const struct {
    const char* k;
    double v;
  } rates[] = {{"run_seconds", t},
               {"members_per_second", t > 0 ? (double)p->done / t : 0},
               {"member_steps_per_second", t > 0 ? (double)p->steps / t : 0},
               {"rhs_evaluations_per_second", t > 0 ? (double)p->rhs / t : 0}};
  for (size_t i = 0; i < sizeof rates / sizeof rates[0]; i++) {
    mbe_json_write_key(&w, rates[i].k);
    mbe_json_write_number(&w, rates[i].v);
  }
  mbe_json_write_object_end(&w);
  if (!b.is_oom) {
    fputs(b.data, stdout);
  }
  mbe_strbuf_deinit(&b);
}

static void summary(const MbeStudy* s, const RunOpts* o, ShowMode show, MbeStatus st) {
  MbeStudyInfo in;
  mbe_study_info(s, &in);
  MbeStudyProgress p;
  mbe_study_progress(s, &p);
  const char* state = st == MBE_OK                ? "complete"
                      : st == MBE_ERR_INTERRUPTED ? "interrupted"
                                                  : "failed";
  if (o->json) {
    summary_json(&in, &p, state);
  }
  if (o->quiet) {
    return;
  }
  if (show == SHOW_TERMINAL) {
    fprintf(stderr, "\n");
  }
  double t = p.seconds_run;
  fprintf(stderr, "mbens run: %zu of %zu members in %.2f s (%.0f members/s, %.3g member-steps/s)",
          p.done, in.count, t, t > 0 ? (double)p.done / t : 0, t > 0 ? (double)p.steps / t : 0);
  uint64_t failed = failed_members(&p);
  if (failed) {
    fprintf(stderr, "; %" PRIu64 " failed:", failed);
    for (int k = 1; k < MBE_MEMBER_STATUS_COUNT; k++) {
      if (p.status[k]) {
        fprintf(stderr, " %s %" PRIu64, mbe_run_status_word(k), p.status[k]);
      }
    }
  }
  assert_lines(s, &p);
  if (in.nparam == 0 && in.count > 1) {
    fprintf(stderr,
            "\nmbens run: note: nothing varies, so the %zu members are the same model with the "
            "same values (as for a benchmark); vary parameters with --vary, --params or --design",
            in.count);
  }
  if (p.quantile_resolution > 0.01) {
    fprintf(stderr,
            "\nmbens run: note: the quantiles are within %.2g %% (%zu bins for each of %zu "
            "series); more --quantile-bins, fewer --signals or a coarser --interval sharpen them",
            100 * p.quantile_resolution, in.bins, in.nout * in.nstat);
  }
  fprintf(stderr, "\nmbens run: results in %s", in.dir);
  if (st == MBE_ERR_INTERRUPTED) {
    fprintf(stderr, " (interrupted; continue with: mbens run --resume %s)", in.dir);
  }
  fprintf(stderr, "\n");
}

// the exit code of a library error: the user's mistakes 2, the rest 1
static int error_exit(const MbeError* err) {
  mbe_cli_print_error(CMD, err);
  MbeStatus c = err->code;
  return c == MBE_ERR_NOMEM || c == MBE_ERR_INTERNAL || c == MBE_ERR_IO || c == MBE_ERR_OPENCL ||
                 c == MBE_ERR_BUILD || c == MBE_ERR_COMPILER || c == MBE_ERR_DLOPEN
             ? MBE_EXIT_FAILURE
             : MBE_EXIT_USAGE;
}

// a resumed run that was complete already: said, with the exit code it ended with
static int complete_already(const MbeStudy* s) {
  MbeStudyInfo in;
  mbe_study_info(s, &in);
  MbeStudyProgress p;
  mbe_study_progress(s, &p);
  uint64_t failed = failed_members(&p);
  fprintf(stderr,
          "mbens run: %s is complete already (%zu members, %" PRIu64
          " failed); nothing to "
          "resume\n",
          in.dir, p.total, failed);
  return failed ? MBE_EXIT_MEMBERS_FAILED : MBE_EXIT_OK;
}

// runs the opened study, stoppable by Ctrl-C between batches; the exit code
static int run_study(MbeStudy* s, const RunOpts* o, ShowMode show) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_signal;
  sigemptyset(&sa.sa_mask);
  g_study = s;
  sigaction(SIGINT, &sa, NULL);
  sigaction(SIGTERM, &sa, NULL);
  MbeError err;
  MbeStatus st = mbe_study_run(s, &err);
  signal(SIGINT, SIG_DFL);
  signal(SIGTERM, SIG_DFL);
  g_study = NULL;
  if (st != MBE_OK && st != MBE_ERR_INTERRUPTED) {
    if (show == SHOW_TERMINAL) {
      fprintf(stderr, "\n");
    }
    return error_exit(&err);
  }
  summary(s, o, show, st);
  MbeStudyProgress p;
  mbe_study_progress(s, &p);
  return st == MBE_ERR_INTERRUPTED ? 130
         : failed_members(&p)      ? MBE_EXIT_MEMBERS_FAILED
                                   : MBE_EXIT_OK;
}

static void run_opts_init(RunOpts* o) {
  memset(o, 0, sizeof *o);
  mbe_cli_sim_init(&o->sim);
  o->sim.backend = MBE_BACKEND_AUTO;
  o->max_output = MBE_CLI_MAX_OUTPUT;
}

int mbe_cmd_run(int argc, char** argv) {
  RunOpts o;
  run_opts_init(&o);
  int rc = parse(argc, argv, &o, false);
  if (rc == MBE_EXIT_OK && o.resume) {  // only where and how it runs may change
    RunOpts only;
    run_opts_init(&only);
    rc = parse(argc, argv, &only, true);
  } else if (rc == MBE_EXIT_OK) {
    rc = check_opts(&o);
  }
  if (rc != MBE_EXIT_OK) {
    return rc < 0 ? MBE_EXIT_OK : rc;
  }
  Show sh = {o.quiet                 ? SHOW_NONE
             : isatty(STDERR_FILENO) ? SHOW_TERMINAL
             : o.progress            ? SHOW_LINES
                                     : SHOW_NONE,
             o.quiet, o.sim.precision};
  RunLists lists;
  memset(&lists, 0, sizeof lists);
  MbeStudyDef d;
  if ((rc = study_def(&o, &lists, &d)) == MBE_EXIT_OK) {
    d.command = (const char* const*)argv;  // for the record: "run" and its options
    d.ncommand = (size_t)argc;
    d.phase = on_phase;
    d.note = on_note;
    d.kernel = o.sim.stats ? on_kernel : NULL;
    d.progress = on_batch;
    d.ctx = &sh;
    d.stop = &g_stop;
    MbeStudy* s = NULL;
    MbeError err;
    if (mbe_study_open(&d, &s, &err) != MBE_OK) {
      rc = error_exit(&err);
    } else {
      MbeStudyInfo in;
      mbe_study_info(s, &in);
      if (in.is_complete) {
        rc = complete_already(s);
      } else {
        header(s, &o);
        rc = run_study(s, &o, sh.mode);
      }
    }
    mbe_study_destroy(s);
  }
  mbe_cli_names_free(&lists.signals);
  mbe_cli_names_free(&lists.save_signals);
  return rc;
}
