// SPDX-License-Identifier: Apache-2.0
// mbens check: load a model, flatten one class, build its mechanics as simulate does (no kernel)
// and print the summary; refuse what simulate would refuse, with its message.
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "mbe/mbe_flat.h"
#include "mbe/mbe_spec.h"
#include "mech.h"

static void check_help(FILE* f) {
  fprintf(f,
          "usage: mbens check " MBE_CLI_MODEL_USAGE " [--all] [--quiet]\n\n"
          "Answers whether `mbens simulate` and `mbens run` accept the model. Parses the files,\n"
          "resolves every class against the built-in catalogue (MultiBody, Rotational,\n"
          "Translational, Blocks), flattens the model, checks every parameter value against\n"
          "the min and max its declaration states, and builds the mechanics as simulate does\n"
          "(the tree, the states, the equations of motion, the initialization), without\n"
          "compiling a kernel. Then prints a summary: the components by class, the\n"
          "connections, the parameters that may vary per member with their values, apart from\n"
          "them those that only affect the animation (shape sizes and colours: varying them\n"
          "changes no simulated quantity), the structural parameters and start values the\n"
          "model sets, the experiment settings and the states the simulator integrates. A\n"
          "model simulate would refuse is refused with simulate's message, as\n"
          "file:line:column.\n\n"
          "options:\n" MBE_CLI_MODEL_HELP
          "  --all               list every parameter, not only those the model sets\n"
          "  --quiet             print nothing on success (the exit code tells)\n"
          "  --help              this text\n\n"
          "exit codes: 0 the model can be simulated, 1 runtime failure, 2 usage or model error\n"
          "(the model cannot be simulated)\n");
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

  // the model as simulate loads it, then the mechanics simulate builds from it
  MbeSpec* spec = NULL;
  MbeFlat* flat = NULL;
  MbeSystem* sys = NULL;
  int rc = mbe_cli_load_model("check", &model, &spec, &flat);
  if (rc == MBE_EXIT_OK) {
    MbeError err;
    mbe_error_clear(&err);
    MbeStatus st = mbe_system_build(flat, &sys, &err);
    if (st == MBE_OK && !quiet) {
      st = mbe_flat_print(flat, all, stdout, &err);
    }
    if (st == MBE_OK && !quiet) {
      st = mbe_system_print(sys, stdout, &err);
    }
    if (st != MBE_OK) {
      mbe_cli_print_error("check", &err);
      rc = st == MBE_ERR_NOMEM || st == MBE_ERR_INTERNAL || st == MBE_ERR_IO ? MBE_EXIT_FAILURE
                                                                             : MBE_EXIT_USAGE;
    }
  }
  mbe_system_destroy(sys);
  mbe_flat_destroy(flat);
  mbe_spec_destroy(spec);
  return rc;
}
