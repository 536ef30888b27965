// SPDX-License-Identifier: Apache-2.0
// mbens check: load a model file, flatten one class and print its summary.
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "mbe/mbe_flat.h"
#include "mbe/mbe_spec.h"

static void check_help(FILE* f) {
  fprintf(f,
          "usage: mbens check MODEL.mo [MORE.mo ...] [--class NAME] [--all] [--quiet]\n\n"
          "Parses the files, resolves every class against the built-in catalogue (MultiBody,\n"
          "Rotational, Translational, Blocks), flattens the model and prints a summary: the\n"
          "components by class, the connections, the parameters that may vary per member with\n"
          "their values, the structural parameters and start values the model sets, and the\n"
          "experiment settings. Model errors are reported as file:line:column.\n\n"
          "options:\n"
          "  --class NAME   the class to flatten: a full name (Pkg.Sub.Model) or a unique last\n"
          "                 part; needed when the files define more than one model\n"
          "  --all          list every parameter that may vary, not only those the model sets\n"
          "  --quiet        print nothing on success (the exit code tells)\n"
          "  --help         this text\n\n"
          "exit codes: 0 the model is valid, 1 runtime failure, 2 usage or model error\n");
}

int mbe_cmd_check(int argc, char** argv) {
  const char* class_name = NULL;
  const char* files[256];
  int nfiles = 0;
  bool all = false, quiet = false;
  for (int i = 1; i < argc; i++) {
    const char* a = argv[i];
    if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
      check_help(stdout);
      return MBE_EXIT_OK;
    }
    if (mbe_cli_is_option(a, "--class")) {
      if (!(class_name = mbe_cli_value(argc, argv, &i, "--class"))) {
        return MBE_EXIT_USAGE;
      }
    } else if (strcmp(a, "--all") == 0) {
      all = true;
    } else if (strcmp(a, "--quiet") == 0 || strcmp(a, "-q") == 0) {
      quiet = true;
    } else if (a[0] == '-' && a[1] != '\0') {
      return mbe_cli_usage_error("check",
                                 "unknown option '%s'; options are --class NAME, --all, "
                                 "--quiet, --help",
                                 a);
    } else {
      if (nfiles == (int)(sizeof files / sizeof files[0])) {
        return mbe_cli_usage_error("check", "more than %zu model files",
                                   sizeof files / sizeof files[0]);
      }
      files[nfiles++] = a;
    }
  }
  if (nfiles == 0) {
    check_help(stderr);
    return mbe_cli_usage_error("check", "no model file given");
  }

  MbeError err;
  mbe_error_clear(&err);
  MbeSpec* spec = NULL;
  MbeFlat* flat = NULL;
  int rc = MBE_EXIT_OK;
  MbeStatus st = mbe_spec_create(&spec, &err);
  for (int i = 0; st == MBE_OK && i < nfiles; i++) {
    st = mbe_spec_add_file(spec, files[i], &err);
  }
  if (st == MBE_OK) {
    st = mbe_flat_create(spec, class_name, &flat, &err);
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
