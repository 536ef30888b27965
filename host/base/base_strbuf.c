// SPDX-License-Identifier: Apache-2.0
// Growable string. An allocation failure sets is_oom and keeps what fits, so callers check once
// at the end instead of after every append.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base.h"

void mbe_strbuf_init(MbeStrbuf* sb) {
  memset(sb, 0, sizeof *sb);
}

void mbe_strbuf_deinit(MbeStrbuf* sb) {
  mbe_free(sb->data);
  memset(sb, 0, sizeof *sb);
}

static bool reserve(MbeStrbuf* sb, size_t extra) {
  if (sb->is_oom) {
    return false;
  }
  size_t need = sb->len + extra + 1;
  if (need <= sb->cap) {
    return true;
  }
  size_t cap = sb->cap ? sb->cap : 256;
  while (cap < need) {
    cap *= 2;
  }
  char* d = mbe_realloc(sb->data, cap);
  if (!d) {
    sb->is_oom = true;
    return false;
  }
  sb->data = d;
  sb->cap = cap;
  return true;
}

void mbe_strbuf_append(MbeStrbuf* sb, const char* s, size_t n) {
  if (!reserve(sb, n)) {
    return;
  }
  memcpy(sb->data + sb->len, s, n);
  sb->len += n;
  sb->data[sb->len] = '\0';
}

void mbe_strbuf_puts(MbeStrbuf* sb, const char* s) {
  mbe_strbuf_append(sb, s, strlen(s));
}

void mbe_strbuf_printf(MbeStrbuf* sb, const char* fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  if (n < 0 || !reserve(sb, (size_t)n)) {
    return;
  }
  va_start(ap, fmt);
  vsnprintf(sb->data + sb->len, (size_t)n + 1, fmt, ap);
  va_end(ap);
  sb->len += (size_t)n;
}

MbeStatus mbe_strbuf_write_atomic(const MbeStrbuf* b, const char* path, MbeError* err) {
  if (b->is_oom) {
    return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory writing %s", path);
  }
  return mbe_file_write_atomic(path, b->data ? b->data : "", b->len, err);
}

void mbe_format_shortest(double x, char* buf, size_t size) {
  for (int prec = 15; prec <= 17; prec++) {
    snprintf(buf, size, "%.*g", prec, x);
    if (strtod(buf, NULL) == x) {
      return;
    }
  }
}

void mbe_format_size(uint64_t bytes, char* buf, size_t size) {
  static const char* const units[] = {"bytes", "KiB", "MiB", "GiB", "TiB", "PiB"};
  double v = (double)bytes;
  int k = 0;
  while (v >= 1024 && k < 5) {
    v /= 1024;
    k++;
  }
  if (k == 0) {
    snprintf(buf, size, "%llu bytes", (unsigned long long)bytes);
  } else {
    snprintf(buf, size, "%.*f %s", v < 10 ? 1 : 0, v, units[k]);
  }
}
