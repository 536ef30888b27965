// SPDX-License-Identifier: Apache-2.0
// mbens: dispatch to subcommands, --help, --version, and the shared option helpers.
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base.h"
#include "cli.h"
#include "mbe.h"
#include "mbe/mbe_hooks.h"


typedef struct MbeCommand {
  const char* name;
  MbeCommandFn* fn;
  const char* summary;
} MbeCommand;

static const MbeCommand COMMANDS[] = {
    {"check", mbe_cmd_check,
     "whether simulate accepts a model: load, flatten, build its mechanics; print a summary"},
    {"simulate", mbe_cmd_simulate,
     "compile a model and integrate it once (its own parameters and start values); write CSV"},
    {"run", mbe_cmd_run,
     "the ensemble: N members with varied parameters, statistics and quantities of interest "
     "into a run directory"},
    {"merge", mbe_cmd_merge, "combine the run directories of shards into the one run's"},
    {"analyze", mbe_cmd_analyze,
     "Sobol' indices of a Saltelli run, Morris's elementary effects of a Morris run"},
    {"plot", mbe_cmd_plot,
     "fan charts, histograms, scatter plots and index charts of a run, drawn by gnuplot"},
    {"optimize", mbe_cmd_optimize,
     "CMA-ES over parameters in a box for the best quantity of interest, under constraints; "
     "each generation one batch"},
    {"fit", mbe_cmd_fit,
     "estimate parameters from measured trajectories (Levenberg-Marquardt), with confidence "
     "intervals"},
    {"compare", mbe_cmd_compare,
     "check a result CSV against a reference CSV with the MSL tube (Gate A/B), signal by signal"},
    {"devices", mbe_cmd_devices, "list OpenCL platforms and devices, and the OpenMP fallback"},
    {"bench", mbe_cmd_bench,
     "integrate an ensemble (a model's, else the built-in double pendulum) on every backend: "
     "throughput, operations per second, bitwise identity"},
};
#define NCOMMANDS (sizeof COMMANDS / sizeof COMMANDS[0])

static void print_help(FILE* f) {
  fprintf(f,
          "mbens %s: ensembles of 3-D multibody mechanisms on GPUs (OpenCL) and CPUs (OpenMP),\n"
          "with bitwise-identical results on every backend.\n\n"
          "usage: mbens COMMAND [OPTIONS]\n\ncommands:\n",
          mbe_version());
  for (size_t i = 0; i < NCOMMANDS; i++) {
    fprintf(f, "  %-9s %s\n", COMMANDS[i].name, COMMANDS[i].summary);
  }
  fprintf(
      f,
      "\n`mbens COMMAND --help` describes a command's options.\n"
      "\nenvironment:\n"
      "  MBENS_DEVICE      OpenCL device to use (P:D or part of its name), see `mbens devices`\n"
      "  MODELICAPATH      library folders (':'-separated) searched after --library\n"
      "  MBENS_CACHE_DIR   compiled-kernel cache (default $XDG_CACHE_HOME/mbens or "
      "~/.cache/mbens)\n"
      "  CC                C compiler for the OpenMP backend's kernels (default cc)\n"
      "  OMP_NUM_THREADS   OpenMP threads when --threads is not given\n"
      "\nexit codes: 0 success, 1 runtime failure, 2 usage or model error, "
      "3 finished with failed members\n");
}

int main(int argc, char** argv) {
  if (argc < 2) {
    print_help(stderr);
    return MBE_EXIT_USAGE;
  }
  const char* cmd = argv[1];
  if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0) {
    print_help(stdout);
    return MBE_EXIT_OK;
  }
  if (strcmp(cmd, "--version") == 0 || strcmp(cmd, "-V") == 0) {
    printf("mbens %s\n", mbe_version());
    return MBE_EXIT_OK;
  }
  mbe_cli_install_log(false);  // the library's warnings reach the user on every command
  for (size_t i = 0; i < NCOMMANDS; i++) {
    if (strcmp(cmd, COMMANDS[i].name) == 0) {
      return COMMANDS[i].fn(argc - 1, argv + 1);
    }
  }
  fprintf(stderr, "mbens: unknown command '%s'; commands are:", cmd);
  for (size_t i = 0; i < NCOMMANDS; i++) {
    fprintf(stderr, " %s", COMMANDS[i].name);
  }
  fprintf(stderr, " (see mbens --help)\n");
  return MBE_EXIT_USAGE;
}

/* ---- shared helpers ---------------------------------------------------------------------- */

bool mbe_cli_is_option(const char* arg, const char* name) {
  size_t n = strlen(name);
  return strncmp(arg, name, n) == 0 && (arg[n] == '\0' || arg[n] == '=');
}

const char* mbe_cli_value(int argc, char** argv, int* i, const char* name) {
  const char* arg = argv[*i];
  size_t n = strlen(name);
  if (arg[n] == '=') {
    return arg + n + 1;
  }
  if (*i + 1 >= argc) {
    mbe_cli_usage_error(argv[0], "option %s needs a value", name);
    return NULL;
  }
  (*i)++;
  return argv[*i];
}

bool mbe_cli_parse_size(const char* cmd, const char* opt, const char* s, uint64_t* out) {
  if (strcmp(s, "inf") == 0 || strcmp(s, "unlimited") == 0) {
    *out = UINT64_MAX;
    return true;
  }
  char* end;
  errno = 0;
  double v = strtod(s, &end);
  double unit = 1;
  const char* units = "KMGTP";
  const char* u = *end ? strchr(units, toupper((unsigned char)*end)) : NULL;
  if (u) {
    unit = ldexp(1.0, 10 * (int)(u - units + 1));
    end++;
    if (*end == 'i') {
      end++;
    }
  }
  if (*end == 'B' || *end == 'b') {
    end++;
  }
  if (errno || end == s || *end || !(v >= 0) || v * unit >= 0x1p63) {
    mbe_cli_usage_error(cmd,
                        "%s takes a size in bytes with an optional K, M, G or T (powers of 1024), "
                        "e.g. 512M or 2G, or 'unlimited'; not '%s'",
                        opt, s);
    return false;
  }
  *out = (uint64_t)(v * unit);
  return true;
}

void mbe_cli_format_size(uint64_t bytes, char* buf, size_t size) {
  mbe_format_size(bytes, buf, size);
}

int mbe_cli_usage_error(const char* cmd, const char* fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "mbens %s: error: ", cmd);
  vfprintf(stderr, fmt, ap);
  fprintf(stderr, " (see mbens %s --help)\n", cmd);
  va_end(ap);
  return MBE_EXIT_USAGE;
}

bool mbe_cli_parse_int(const char* cmd, const char* opt, const char* s, long lo, long hi,
                       long* out) {
  char* end;
  errno = 0;
  long v = strtol(s, &end, 10);
  bool ok = !errno && end != s && !*end;

  // scientific notation when it is an exact whole number: 1e6, 2.5e3
  if (!ok && end != s && strchr(".eE", *end)) {
    double d = strtod(s, &end);
    ok = !*end && d == floor(d) && d >= (double)lo && d <= (double)hi && d < 0x1p63;
    v = ok ? (long)d : v;
  }
  if (!ok || v < lo || v > hi) {
    mbe_cli_usage_error(cmd,
                        "%s takes a whole number from %ld to %ld (1e6 may be written), not '%s'",
                        opt, lo, hi, s);
    return false;
  }
  *out = v;
  return true;
}

bool mbe_cli_parse_double(const char* cmd, const char* opt, const char* s, double lo, double* out) {
  char* end;
  errno = 0;
  double v = strtod(s, &end);
  if (errno || end == s || *end || !isfinite(v) || v < lo) {
    mbe_cli_usage_error(cmd, "%s takes a finite number >= %g, not '%s'", opt, lo, s);
    return false;
  }
  *out = v;
  return true;
}

bool mbe_cli_parse_backend(const char* cmd, const char* s, MbeBackendKind* out, bool* all) {
  *all = false;
  if (strcmp(s, "auto") == 0) {
    *out = MBE_BACKEND_AUTO;
  } else if (strcmp(s, "opencl") == 0) {
    *out = MBE_BACKEND_OPENCL;
  } else if (strcmp(s, "openmp") == 0) {
    *out = MBE_BACKEND_OPENMP;
  } else if (all && strcmp(s, "all") == 0) {
    *all = true;
  } else {
    mbe_cli_usage_error(cmd, "--backend takes auto, opencl, openmp%s, not '%s'",
                        strcmp(cmd, "bench") == 0 ? " or all" : "", s);
    return false;
  }
  return true;
}

bool mbe_cli_parse_precision(const char* cmd, const char* s, MbePrecision* out) {
  if (strcmp(s, "double") == 0) {
    *out = MBE_PRECISION_DOUBLE;
  } else if (strcmp(s, "single") == 0) {
    *out = MBE_PRECISION_SINGLE;
  } else {
    mbe_cli_usage_error(cmd, "--precision takes double or single, not '%s'", s);
    return false;
  }
  return true;
}

void mbe_cli_print_error(const char* cmd, const MbeError* err) {
  if (err->file[0]) {
    fprintf(stderr, "%s:%d:%d: error: %s\n", err->file, err->line, err->column, err->message);
  } else {
    fprintf(stderr, "mbens %s: error: %s\n", cmd, err->message);
  }
}

static void log_to_stderr(MbeLogLevel level, const char* msg, void* ctx) {
  (void)ctx;
  static const char* const names[] = {"error", "warning", "info", "debug"};
  fprintf(stderr, "mbens: %s: %s\n", names[level < MBE_LOG_COUNT ? level : 0], msg);
}

void mbe_cli_install_log(bool verbose) {
  mbe_set_log_fn(log_to_stderr, NULL, verbose ? MBE_LOG_DEBUG : MBE_LOG_WARN);
}
