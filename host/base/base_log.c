// SPDX-License-Identifier: Apache-2.0
// Logging and assert hooks, status messages and error filling.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base.h"

static MbeLogFn* g_log = NULL;
static void* g_log_ctx = NULL;
static MbeLogLevel g_log_max = MBE_LOG_WARN;
static MbeAssertFn* g_assert = NULL;

void mbe_set_log_fn(MbeLogFn* fn, void* ctx, MbeLogLevel max_level) {
  g_log = fn;
  g_log_ctx = ctx;
  g_log_max = max_level;
}

void mbe_log(MbeLogLevel level, const char* fmt, ...) {
  if (!g_log || level > g_log_max) {
    return;
  }
  char msg[2048];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  g_log(level, msg, g_log_ctx);
}

void mbe_set_assert_fn(MbeAssertFn* fn) {
  g_assert = fn;
}

void mbe_assert_fail(const char* expr, const char* file, int line) {
  if (g_assert) {
    g_assert(expr, file, line);
    return;
  }
  fprintf(stderr, "mbens: internal error: assertion '%s' failed at %s:%d\n", expr, file, line);
  abort();
}

const char* mbe_status_str(int code) {
#define MBE_STATUS_CASE_(name, value, text) \
  case value:                               \
    return text;
  switch (code) { MBE_STATUS_LIST(MBE_STATUS_CASE_) default : return "unknown status"; }
#undef MBE_STATUS_CASE_
}

void mbe_error_clear(MbeError* err) {
  if (err) {
    memset(err, 0, sizeof *err);
  }
}

MbeStatus mbe_error_setv(MbeError* err, MbeStatus code, const char* fmt, va_list ap) {
  if (err) {
    err->code = code;
    vsnprintf(err->message, sizeof err->message, fmt, ap);
  }
  return code;
}

MbeStatus mbe_error_set(MbeError* err, MbeStatus code, const char* fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  mbe_error_setv(err, code, fmt, ap);
  va_end(ap);
  return code;
}

MbeStatus mbe_error_set_at(MbeError* err, MbeStatus code, const char* file, int line, int column,
                           const char* fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  mbe_error_setv(err, code, fmt, ap);
  va_end(ap);
  if (err) {
    snprintf(err->file, sizeof err->file, "%s", file ? file : "");
    err->line = line;
    err->column = column;
  }
  return code;
}
