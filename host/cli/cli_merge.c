// SPDX-License-Identifier: Apache-2.0
// mbens merge: the shards of one study combined (mbe_study_merge of the public API).
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "mbe/mbe_study.h"

#define CMD "merge"

static void merge_help(FILE* f) {
  fprintf(f,
          "usage: mbens merge DIR [DIR ...] -o OUT\n\n"
          "Combines the run directories of the shards of one study (mbens run --shard K/N) into\n"
          "OUT, which then holds exactly the members.csv, stats.csv and saved trajectories one\n"
          "unsharded run would have written (its stats.state and manifest.json record the\n"
          "shards' summed run time instead of one run's). The shards must be complete, come\n"
          "from the same model and options, and together cover every member once; they may be\n"
          "given in any order. OUT may itself be merged again.\n\n"
          "options:\n"
          "  -o, --output OUT  the merged run directory (created; an existing run is refused)\n"
          "  --help            this text\n\n"
          "exit codes: 0 merged, 1 a file could not be read or written, 2 the shards do not\n"
          "belong together (the message says why)\n");
}

int mbe_cmd_merge(int argc, char** argv) {
  const char* out = NULL;
  const char** dirs = calloc((size_t)argc, sizeof *dirs);
  size_t n = 0;
  int rc = MBE_EXIT_OK;
  if (!dirs) {
    return MBE_EXIT_FAILURE;
  }
  for (int i = 1; i < argc && rc == MBE_EXIT_OK; i++) {
    const char* a = argv[i];
    if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
      merge_help(stdout);
      free(dirs);
      return MBE_EXIT_OK;
    }
    if (strcmp(a, "-o") == 0 || mbe_cli_is_option(a, "--output")) {
      if (!(out = mbe_cli_value(argc, argv, &i, a[1] == 'o' ? "-o" : "--output"))) {
        rc = MBE_EXIT_USAGE;
      }
    } else if (a[0] == '-' && a[1]) {
      rc = mbe_cli_usage_error(CMD, "unknown option '%s'; options are -o, --help", a);
    } else {
      dirs[n++] = a;
    }
  }
  if (rc == MBE_EXIT_OK && (n == 0 || !out)) {
    merge_help(stderr);
    rc = mbe_cli_usage_error(CMD, n == 0 ? "no run directories given" : "no output given (-o OUT)");
  }
  if (rc == MBE_EXIT_OK) {
    MbeError err;
    mbe_error_clear(&err);
    size_t members = 0;
    if (mbe_study_merge(dirs, n, out, &members, &err) != MBE_OK) {
      mbe_cli_print_error(CMD, &err);
      rc = err.code == MBE_ERR_USAGE ? MBE_EXIT_USAGE : MBE_EXIT_FAILURE;
    } else {
      fprintf(stderr, "mbens merge: %zu shard%s, %zu members into %s\n", n, n == 1 ? "" : "s",
              members, out);
    }
  }
  free(dirs);
  return rc;
}
