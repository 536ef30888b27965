// SPDX-License-Identifier: Apache-2.0
// The mbens program: subcommands, option parsing helpers, exit codes.
#ifndef MBE_CLI_H
#define MBE_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mbe/mbe_evaluator.h"
#include "mbe/mbe_flat.h"
#include "mbe/mbe_runtime.h"
#include "mbe/mbe_spec.h"
#include "mbe/mbe_status.h"
#include "mbe_plot.h"
#include "codegen.h"
#include "mech.h"

// exit codes (DESIGN.md "The command line")
enum { MBE_EXIT_OK = 0, MBE_EXIT_FAILURE = 1, MBE_EXIT_USAGE = 2, MBE_EXIT_MEMBERS_FAILED = 3 };

// a subcommand: argv[0] is the subcommand name
typedef int MbeCommandFn(int argc, char** argv);

int mbe_cmd_check(int argc, char** argv);
int mbe_cmd_compare(int argc, char** argv);
int mbe_cmd_simulate(int argc, char** argv);
int mbe_cmd_devices(int argc, char** argv);
int mbe_cmd_bench(int argc, char** argv);
int mbe_cmd_run(int argc, char** argv);
int mbe_cmd_merge(int argc, char** argv);
int mbe_cmd_analyze(int argc, char** argv);
int mbe_cmd_plot(int argc, char** argv);
int mbe_cmd_optimize(int argc, char** argv);
int mbe_cmd_fit(int argc, char** argv);

// mbens plot's work, shared with analyze --plot: draws the pictures of the run in dir and says
// what it did unless quiet; an exit code
int mbe_cli_plot_dir(const char* cmd, const char* dir, MbePlotFormat fmt, bool quiet);
// a --format value (png, svg, pdf) into *fmt; false for anything else
bool mbe_cli_plot_format(const char* v, MbePlotFormat* fmt);

// option parsing: `--name value` or `--name=value`; returns the value or NULL (and reports a usage
// error) when it is missing. *i is advanced past what was consumed.
bool mbe_cli_is_option(const char* arg, const char* name);
const char* mbe_cli_value(int argc, char** argv, int* i, const char* name);

// parse helpers that print a usage error naming the option and what is allowed
bool mbe_cli_parse_int(const char* cmd, const char* opt, const char* s, long lo, long hi,
                       long* out);
bool mbe_cli_parse_double(const char* cmd, const char* opt, const char* s, double lo, double* out);
// a size in bytes: 512M, 2G, 1.5GiB, 100000, "unlimited" (UINT64_MAX); K M G T P are powers of
// 1024
bool mbe_cli_parse_size(const char* cmd, const char* opt, const char* s, uint64_t* out);
// bytes as "1.3 GiB", "640 MiB", "512 bytes"
void mbe_cli_format_size(uint64_t bytes, char* buf, size_t size);
bool mbe_cli_parse_backend(const char* cmd, const char* s, MbeBackendKind* out, bool* all);
bool mbe_cli_parse_precision(const char* cmd, const char* s, MbePrecision* out);
int mbe_cli_usage_error(const char* cmd, const char* fmt, ...);

// prints an MbeError to stderr as "mbens CMD: error: ..." (file:line:column first when set)
void mbe_cli_print_error(const char* cmd, const MbeError* err);

// installs the log handler that prints library warnings and errors to stderr
void mbe_cli_install_log(bool verbose);

/* ---- what simulate and run share (cli_common.c) ------------------------------------------- */

// the model a command loads: its files, the library folders of --library (MODELICAPATH is added
// after them) and the class of --class
enum { MBE_CLI_MAX_FILES = 256, MBE_CLI_MAX_LIBRARIES = 64 };
typedef struct MbeCliModel {
  const char* files[MBE_CLI_MAX_FILES];
  int nfiles;
  const char* libs[MBE_CLI_MAX_LIBRARIES];
  int nlibs;
  const char* class_name;
} MbeCliModel;

// the help lines of the model arguments, for every command that loads one
#define MBE_CLI_MODEL_USAGE "MODEL.mo [MORE.mo ...] [--library DIR ...] [--class NAME]"
#define MBE_CLI_MODEL_HELP                                                                      \
  "  --class NAME        the class to use: a full name (Pkg.Sub.Model), or the unique last\n" \
  "                      part of one the files define; needed when they define several\n"    \
  "  --library DIR       a library folder (packages as NAME/package.mo or NAME.mo), loaded\n" \
  "                      by name as the model needs its classes; repeatable, searched in\n"   \
  "                      order, then the folders of $MODELICAPATH. With --class, no MODEL.mo\n" \
  "                      is needed. The built-in catalogue's classes take precedence over a\n" \
  "                      library's classes of the same full name\n"

// Takes argv[*i] when it is a model argument: --class NAME, --library DIR or a model file (not
// starting with '-'). Returns 1 when taken, 0 when it is not a model argument, -1 on a usage error
// (printed).
int mbe_cli_model_arg(const char* cmd, int argc, char** argv, int* i, MbeCliModel* m);

// A usage error (printed, exit code returned) when neither files nor --class with a library
// name a model; MBE_EXIT_OK otherwise.
int mbe_cli_model_check(const char* cmd, const MbeCliModel* m);

// Loads the model files and libraries into a spec and flattens the class (NULL: the only model
// of the files). Prints the error; returns an exit code. Out: owned, NULL on failure.
int mbe_cli_load_model(const char* cmd, const MbeCliModel* m, MbeSpec** spec, MbeFlat** flat);

// Loads the model through the public API (mbe_model_load). Prints the error; returns an exit
// code. Out: owned, NULL on failure.
int mbe_cli_load(const char* cmd, const MbeCliModel* m, MbeModel** out);

// The spec of the model's files and libraries, before flattening; the error is in err.
MbeStatus mbe_cli_open_spec(const MbeCliModel* m, MbeSpec** spec, MbeError* err);

// a list of names (malloc'd strings)
typedef struct MbeCliNames {
  char** name;
  size_t n;
} MbeCliNames;

// Appends the names of "a,b,c" (or one per line) to out; a `time` entry is skipped and a name
// keeps its brackets (R.T[1,2]). Returns false when out of memory.
bool mbe_cli_split_names(const char* text, MbeCliNames* out);
// As mbe_cli_split_names for a list, or for the file named after '@'; prints errors; returns an
// exit code.
int mbe_cli_names(const char* cmd, const char* spec, MbeCliNames* out);
void mbe_cli_names_free(MbeCliNames* n);

// the integration options of simulate and run
typedef struct MbeCliSim {
  double t0, t1, dt, tol, step;
  bool has_t0, has_t1, has_dt, has_tol, has_step;
  MbeRunMethod method;
  MbeBackendKind backend;
  const char* device;
  long threads;
  MbePrecision precision;
  bool stats;  // --stats: the generated kernel's sizes on stderr before it is compiled
} MbeCliSim;

void mbe_cli_sim_init(MbeCliSim* o);

// Takes argv[*i] when it is one of --start-time, --stop-time, --interval, --tolerance, --step,
// --method, --backend, --device, --threads, --precision, --stats (advancing *i past its value):
// returns 1,
// 0 when it is none of them, -1 after printing a usage error.
int mbe_cli_sim_option(const char* cmd, int argc, char** argv, int* i, MbeCliSim* o);

// The run settings of the options and the model's experiment annotation (defaults: StartTime,
// StopTime, Interval, Tolerance, else 0, 1, (t1 - t0)/500, 1e-6; rk4's step DT/10). Prints
// usage errors; returns an exit code.
int mbe_cli_sim_run_def(const char* cmd, const MbeModelExperiment* e, const MbeCliSim* o,
                        MbeRunDef* run);

// the run settings the options choose (NaN where the model decides)
MbeRunChoice mbe_cli_sim_choice(const MbeCliSim* o);

// the default of --max-output: the most bytes a command writes without being told it may
#define MBE_CLI_MAX_OUTPUT ((uint64_t)1 << 30)

// Refuses (prints the error, returns MBE_EXIT_USAGE) an output estimated at `bytes` above
// limit, with the estimate, the limit, what makes it smaller (advice) and the option that allows
// it; MBE_EXIT_OK otherwise.
int mbe_cli_check_output(const char* cmd, uint64_t bytes, uint64_t limit, const char* advice);

// --stats: what a kernel computes (before it is compiled) and what the device's compiler made of
// it (after), on stderr
void mbe_cli_print_kernel_stats(const char* cmd, const MbeKernelStats* ks, MbePrecision precision);
void mbe_cli_print_build_stats(const char* cmd, const MbeProgramInfo* info);

// the modes at the start of the model a command runs (as mbe_evaluator_modes gives them)
typedef MbeStatus MbeCliModesFn(void* ctx, double* re, double* im, MbeError* err);

// Warns on stderr when run is an RK4 run whose step (as the kernel takes it: each output interval
// in equal steps) is unstable or clearly inaccurate for the nx modes that modes(ctx) gives,
// naming the mode, the largest stable step and a step for accuracy at run->rtol
// (mbe_rk4_step_advice). Prints nothing for dopri5, for a step that is fine, or when the model
// cannot be linearized at the start.
void mbe_cli_warn_step(const char* cmd, const MbeRunDef* run, size_t nx, MbeCliModesFn* modes,
                       void* ctx);

#endif
