// SPDX-License-Identifier: Apache-2.0
// Host status codes (0 ok, negative errors, positive informational) and the error record that
// fallible functions fill. Per-member run statuses are MbeMemberStatus (mbe_runtime.h).
#ifndef MBE_STATUS_H
#define MBE_STATUS_H

#include <stddef.h>

#include "mbe_export.h"

MBE_BEGIN_DECLS

// every host status with its static message; codes never change once released
#define MBE_STATUS_LIST(X)                                                                   \
  X(MBE_OK, 0, "success")                                                                    \
  X(MBE_ERR_NOMEM, -1, "out of memory")                                                      \
  X(MBE_ERR_INVALID_ARG, -2, "invalid argument")                                             \
  X(MBE_ERR_USAGE, -3, "invalid usage")                                                      \
  X(MBE_ERR_IO, -4, "input/output error")                                                    \
  X(MBE_ERR_MODEL, -5, "model error")                                                        \
  X(MBE_ERR_UNSUPPORTED, -6, "not supported")                                                \
  X(MBE_ERR_OPENCL, -7, "OpenCL error")                                                      \
  X(MBE_ERR_NO_DEVICE, -8, "no suitable device")                                             \
  X(MBE_ERR_NO_FP64, -9, "device lacks double precision")                                    \
  X(MBE_ERR_BUILD, -10, "kernel build failed")                                               \
  X(MBE_ERR_COMPILER, -11, "no working C compiler")                                          \
  X(MBE_ERR_DLOPEN, -12, "cannot load compiled kernel")                                      \
  X(MBE_ERR_INTERNAL, -13, "internal error")                                                 \
  X(MBE_ERR_INTERRUPTED, -14, "interrupted")

#define MBE_STATUS_ENUM_(name, value, text) name = value,
typedef enum MbeStatus { MBE_STATUS_LIST(MBE_STATUS_ENUM_) MBE_STATUS_END_ } MbeStatus;
#undef MBE_STATUS_ENUM_

// Details of a failure. Filled only on failure; every fallible function takes a nullable
// MbeError* as its last argument. file/line/column are set for errors in user input.
typedef struct MbeError {
  MbeStatus code;     // the status returned
  char message[512];  // one or more lines, no trailing newline
  char file[256];     // input file of a model or data error, "" otherwise
  int line;           // 1-based line in file, 0 = unknown
  int column;         // 1-based column in file, 0 = unknown
  size_t offset;      // byte offset in file
} MbeError;

// Returns the static message of a status code ("unknown status" for codes not in the list).
MBE_API const char* mbe_status_str(int code);

// Resets err to MBE_OK with empty fields. Nullable: err.
MBE_API void mbe_error_clear(MbeError* err);

MBE_END_DECLS

#endif
