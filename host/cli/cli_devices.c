// SPDX-License-Identifier: Apache-2.0
// mbens devices: every OpenCL platform and device, and the OpenMP fallback.
#include <stdio.h>
#include <string.h>

#include "cli.h"

int mbe_cmd_devices(int argc, char** argv) {
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
      printf("usage: mbens devices\n\nLists every OpenCL platform and device (name, type, version, "
             "double precision,\ncompute units, memory) and the OpenMP CPU fallback (threads, the "
             "C compiler that\nbuilds its kernels). Pick a device with --device P:D, part of its "
             "name, or $MBENS_DEVICE.\n");
      return MBE_EXIT_OK;
    }
    return mbe_cli_usage_error("devices", "takes no arguments, not '%s'", argv[i]);
  }
  mbe_cli_install_log(false);
  char* text = NULL;
  MbeError err;
  mbe_error_clear(&err);
  if (mbe_devices_describe(&text, &err) != MBE_OK) {
    mbe_cli_print_error("devices", &err);
    return MBE_EXIT_FAILURE;
  }
  fputs(text, stdout);
  mbe_string_free(text);
  return MBE_EXIT_OK;
}
