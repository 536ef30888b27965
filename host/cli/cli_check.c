// SPDX-License-Identifier: Apache-2.0
// mbens check: load a model file, flatten one class and print its summary.
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "mbe/mbe_flat.h"
#include "mbe/mbe_spec.h"

static void check_help(FILE* f) {
  fprintf(f,
          "usage: mbens check " MBE_CLI_MODEL_USAGE " [--all] [--quiet]\n\n"
          "Parses the files, resolves every class against the built-in catalogue (MultiBody,\n"
          "Rotational, Translational, Blocks), flattens the model and prints a summary: the\n"
          "components by class, the connections, the parameters that may vary per member with\n"
          "their values, the structural parameters and start values the model sets, and the\n"
          "experiment settings. Model errors are reported as file:line:column.\n\n"
          "options:\n" MBE_CLI_MODEL_HELP
          "  --all               list every parameter that may vary, not only those the model\n"
          "                      sets\n"
          "  --quiet             print nothing on success (the exit code tells)\n"
          "  --help              this text\n\n"
          "exit codes: 0 the model is valid, 1 runtime failure, 2 usage or model error\n");
}

int mbe_cmd_check(int argc, char** argv) {
  MbeCliModel model = {0};
  bool all = false, quiet = false;
  for (int i = 1; i < argc; i++) {
    const char* a = argv[i];
    int taken;
    if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
      check_help(stdout);
      return MBE_EXIT_OK;
    }
    if (strcmp(a, "--all") == 0) {
      all = true;
    } else if (strcmp(a, "--quiet") == 0 || strcmp(a, "-q") == 0) {
      quiet = true;
    } else if ((taken = mbe_cli_model_arg("check", argc, argv, &i, &model)) != 0) {
      if (taken < 0) {
        return MBE_EXIT_USAGE;
      }
    } else {
      return mbe_cli_usage_error("check",
                                 "unknown option '%s'; options are --class NAME, --library DIR, "
                                 "--all, --quiet, --help",
                                 a);
    }
  }
  if (model.nfiles == 0 && !model.class_name) {
    check_help(stderr);
  }
  if (mbe_cli_model_check("check", &model) != MBE_EXIT_OK) {
    return MBE_EXIT_USAGE;
  }

  MbeError err;
  mbe_error_clear(&err);
  MbeSpec* spec = NULL;
  MbeFlat* flat = NULL;
  int rc = MBE_EXIT_OK;
  MbeStatus st = mbe_cli_open_spec(&model, &spec, &err);
  if (st == MBE_OK) {
    st = mbe_flat_create(spec, model.class_name, &flat, &err);
  }
  if (st == MBE_OK && !quiet) {
    st = mbe_flat_print(flat, all, stdout, &err);
  }
  if (st != MBE_OK) {
    mbe_cli_print_error("check", &err);
    rc = (st == MBE_ERR_MODEL || st == MBE_ERR_UNSUPPORTED || st == MBE_ERR_USAGE ||
          st == MBE_ERR_IO)
             ? MBE_EXIT_USAGE
             : MBE_EXIT_FAILURE;
  }
  mbe_flat_destroy(flat);
  mbe_spec_destroy(spec);
  return rc;
}
