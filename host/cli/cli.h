// SPDX-License-Identifier: Apache-2.0
// The mbens program: subcommands, option parsing helpers, exit codes.
#ifndef MBE_CLI_H
#define MBE_CLI_H

#include <stdbool.h>
#include <stddef.h>

#include "mbe/mbe_runtime.h"
#include "mbe/mbe_status.h"

// exit codes (DESIGN.md "The command line")
enum {
  MBE_EXIT_OK = 0,
  MBE_EXIT_FAILURE = 1,
  MBE_EXIT_USAGE = 2,
  MBE_EXIT_MEMBERS_FAILED = 3
};

// a subcommand: argv[0] is the subcommand name
typedef int MbeCommandFn(int argc, char** argv);

int mbe_cmd_check(int argc, char** argv);
int mbe_cmd_compare(int argc, char** argv);
int mbe_cmd_simulate(int argc, char** argv);
int mbe_cmd_devices(int argc, char** argv);
int mbe_cmd_bench(int argc, char** argv);

// option parsing: `--name value` or `--name=value`; returns the value or NULL (and reports a usage
// error) when it is missing. *i is advanced past what was consumed.
bool mbe_cli_is_option(const char* arg, const char* name);
const char* mbe_cli_value(int argc, char** argv, int* i, const char* name);

// parse helpers that print a usage error naming the option and what is allowed
bool mbe_cli_parse_int(const char* cmd, const char* opt, const char* s, long lo, long hi, long* out);
bool mbe_cli_parse_double(const char* cmd, const char* opt, const char* s, double lo, double* out);
bool mbe_cli_parse_backend(const char* cmd, const char* s, MbeBackendKind* out, bool* all);
bool mbe_cli_parse_precision(const char* cmd, const char* s, MbePrecision* out);
int mbe_cli_usage_error(const char* cmd, const char* fmt, ...);

// prints an MbeError to stderr as "mbens CMD: error: ..." (file:line:column first when set)
void mbe_cli_print_error(const char* cmd, const MbeError* err);

// installs the log handler that prints library warnings and errors to stderr
void mbe_cli_install_log(bool verbose);

#endif
