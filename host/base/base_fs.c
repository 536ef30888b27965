// SPDX-License-Identifier: Apache-2.0
// File helpers: whole-file reads, atomic writes (temp file + rename, so a reader never sees half
// a file and an interrupted writer leaves nothing behind), mkdir -p and the cache directory; and
// the wall clock of timings.
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base.h"

MbeStatus mbe_file_read(const char* path, char** text, size_t* size, MbeError* err) {
  *text = NULL;
  FILE* f = fopen(path, "rb");
  if (!f) {
    return mbe_error_set(err, MBE_ERR_IO, "cannot open '%s': %s", path, strerror(errno));
  }

  // read in chunks: works for pipes and files whose size changes
  MbeStrbuf sb;
  mbe_strbuf_init(&sb);
  char chunk[65536];
  size_t n;
  while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) {
    mbe_strbuf_append(&sb, chunk, n);
  }
  bool failed = ferror(f) != 0;
  fclose(f);
  if (failed) {
    mbe_strbuf_deinit(&sb);
    return mbe_error_set(err, MBE_ERR_IO, "cannot read '%s'", path);
  }
  if (sb.is_oom) {
    mbe_strbuf_deinit(&sb);
    return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory reading '%s'", path);
  }
  if (!sb.data) {
    mbe_strbuf_append(&sb, "", 0);
    if (sb.is_oom) {
      return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory reading '%s'", path);
    }
  }
  *text = sb.data;
  if (size) {
    *size = sb.len;
  }
  return MBE_OK;
}

MbeStatus mbe_file_write_atomic(const char* path, const void* data, size_t size, MbeError* err) {
  // a device or pipe (/dev/null, /dev/stdout, a FIFO) is written in place: renaming a file over
  // it would replace the device
  struct stat sbuf;
  if (stat(path, &sbuf) == 0 && !S_ISREG(sbuf.st_mode)) {
    FILE* f = fopen(path, "wb");
    if (!f) {
      return mbe_error_set(err, MBE_ERR_IO, "cannot open '%s': %s", path, strerror(errno));
    }
    bool ok = fwrite(data, 1, size, f) == size;
    ok = (fclose(f) == 0) && ok;
    return ok ? MBE_OK
              : mbe_error_set(err, MBE_ERR_IO, "cannot write '%s': %s", path, strerror(errno));
  }
  size_t n = strlen(path) + 32;
  char* tmp = mbe_malloc(n);
  if (!tmp) {
    return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
  }
  snprintf(tmp, n, "%s.tmp.%ld", path, (long)getpid());

  MbeStatus st = MBE_OK;
  FILE* f = fopen(tmp, "wb");
  if (!f) {
    st = mbe_error_set(err, MBE_ERR_IO, "cannot create '%s': %s", tmp, strerror(errno));
    goto free_tmp;
  }
  bool ok = fwrite(data, 1, size, f) == size;
  ok = (fclose(f) == 0) && ok;
  if (!ok) {
    st = mbe_error_set(err, MBE_ERR_IO, "cannot write '%s': %s", tmp, strerror(errno));
    remove(tmp);
    goto free_tmp;
  }
  if (rename(tmp, path) != 0) {
    st = mbe_error_set(err, MBE_ERR_IO, "cannot rename '%s' to '%s': %s", tmp, path,
                       strerror(errno));
    remove(tmp);
  }
free_tmp:
  mbe_free(tmp);
  return st;
}

MbeStatus mbe_mkdir_p(const char* path, MbeError* err) {
  char buf[4096];
  if (snprintf(buf, sizeof buf, "%s", path) >= (int)sizeof buf) {
    return mbe_error_set(err, MBE_ERR_INVALID_ARG, "path too long: '%s'", path);
  }

  // create each prefix in turn; existing directories are fine
  for (char* p = buf + 1; *p; p++) {
    if (*p != '/') {
      continue;
    }
    *p = '\0';
    if (mkdir(buf, 0755) != 0 && errno != EEXIST) {
      return mbe_error_set(err, MBE_ERR_IO, "cannot create directory '%s': %s", buf,
                           strerror(errno));
    }
    *p = '/';
  }
  if (mkdir(buf, 0755) != 0 && errno != EEXIST) {
    return mbe_error_set(err, MBE_ERR_IO, "cannot create directory '%s': %s", buf, strerror(errno));
  }
  struct stat sbuf;
  if (stat(buf, &sbuf) != 0 || !S_ISDIR(sbuf.st_mode)) {
    return mbe_error_set(err, MBE_ERR_IO, "'%s' is not a directory", buf);
  }
  return MBE_OK;
}

MbeStatus mbe_cache_dir(const char* override_dir, const char* sub, char* out, size_t out_size,
                        MbeError* err) {
  const char* env = getenv("MBENS_CACHE_DIR");
  const char* xdg = getenv("XDG_CACHE_HOME");
  const char* home = getenv("HOME");

  // the first of: the caller's, $MBENS_CACHE_DIR, $XDG_CACHE_HOME/mbens, $HOME/.cache/mbens
  const char* from;
  int n;
  if (override_dir && *override_dir) {
    from = "the directory given";
    n = snprintf(out, out_size, "%s/%s", override_dir, sub);
  } else if (env && *env) {
    from = "$MBENS_CACHE_DIR";
    n = snprintf(out, out_size, "%s/%s", env, sub);
  } else if (xdg && *xdg) {
    from = "$XDG_CACHE_HOME/mbens";
    n = snprintf(out, out_size, "%s/mbens/%s", xdg, sub);
  } else if (home && *home) {
    from = "$HOME/.cache/mbens";
    n = snprintf(out, out_size, "%s/.cache/mbens/%s", home, sub);
  } else {
    out[0] = '\0';
    return mbe_error_set(err, MBE_ERR_IO,
                         "no cache directory: none of MBENS_CACHE_DIR, XDG_CACHE_HOME and HOME "
                         "is set");
  }
  if (n < 0 || (size_t)n >= out_size) {
    out[0] = '\0';
    return mbe_error_set(err, MBE_ERR_INVALID_ARG, "cache directory path (from %s) too long", from);
  }

  // created when missing, and writable: the message names the directory, where it came from
  // and what the system said
  MbeError why;
  MbeStatus st = mbe_mkdir_p(out, &why);
  if (st == MBE_OK && access(out, W_OK | X_OK) != 0) {
    st = mbe_error_set(&why, MBE_ERR_IO, "'%s' is not writable: %s", out, strerror(errno));
  }
  if (st != MBE_OK) {
    mbe_error_set(err, st, "cannot use '%s' (from %s): %s", out, from, why.message);
  }
  return st;
}

double mbe_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}
