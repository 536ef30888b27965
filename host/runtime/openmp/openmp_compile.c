// SPDX-License-Identifier: Apache-2.0
// The OpenMP backend's compile step: one program text into one shared object. A text with part
// functions (a large model's, between MBE_TEXT_PART_BEGIN and _END: host/codegen) is compiled
// as several translation units at once, the parts spread over them and the rest in one more, and
// linked: the compile then takes the time of the largest unit, not of the whole.
#define _POSIX_C_SOURCE 200809L
#include "openmp_compile.h"

#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

enum { MAX_UNITS = 64 };

// starts argv with stdout and stderr to log_path; returns the pid or -1
static pid_t start(char* const argv[], const char* log_path) {
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 1, log_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_adddup2(&fa, 1, 2);
  pid_t pid;
  int rc = posix_spawn(&pid, argv[0], &fa, NULL, argv, environ);
  posix_spawn_file_actions_destroy(&fa);
  return rc == 0 ? pid : -1;
}

// the exit status of pid, or -1
static int finish(pid_t pid) {
  int status;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) {
      return -1;
    }
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

int mbe_omp_run(char* const argv[], const char* log_path) {
  pid_t pid = start(argv, log_path);
  return pid < 0 ? -1 : finish(pid);
}

// the compiler's failure as an error with the start of its log
static MbeStatus failed(const char* cc, int rc, const char* log_path, MbeError* err) {
  char* log = NULL;
  mbe_file_read(log_path, &log, NULL, NULL);
  mbe_log(MBE_LOG_ERROR, "kernel build log (%s):\n%s", cc, log ? log : "(none)");
  MbeStatus st =
      mbe_error_set(err, MBE_ERR_BUILD, "%s failed to compile the kernel (exit %d):\n%.400s", cc,
                    rc, log ? log : "");
  mbe_free(log);
  return st;
}

// Splits text at the part markers: rest receives everything but the parts' definitions (their
// declarations stay), prefix_len the bytes before the first part, and part[k] / part_len[k] each
// definition with its markers. Returns the number of parts (at most max).
static int split_parts(const char* text, MbeStrbuf* rest, size_t* prefix_len, const char** part,
                       size_t* part_len, int max) {
  size_t nb = strlen(MBE_TEXT_PART_BEGIN), ne = strlen(MBE_TEXT_PART_END);
  int n = 0;
  const char* at = text;
  *prefix_len = 0;
  for (;;) {
    const char* b = strstr(at, MBE_TEXT_PART_BEGIN);
    const char* e = b ? strstr(b + nb, MBE_TEXT_PART_END) : NULL;
    if (e == NULL || n == max) {
      mbe_strbuf_puts(rest, at);
      return n;
    }
    if (n == 0)
      *prefix_len = (size_t)(b - text);
    mbe_strbuf_printf(rest, "%.*s", (int)(b - at), at);
    part[n] = b;
    part_len[n++] = (size_t)(e + ne - b);
    at = e + ne;
  }
}

// argv of one compile: cc flags bits [extra] -o out src
static int compile_argv(char** argv, const MbeOmpCompiler* c, const char* extra, const char* out,
                        const char* src, bool object) {
  int argc = 0;
  argv[argc++] = (char*)c->cc;
  for (size_t i = 0; i < c->nflags; i++) {
    if (!(object && strcmp(c->flags[i], "-shared") == 0))
      argv[argc++] = (char*)c->flags[i];
  }
  argv[argc++] = (char*)c->bits;
  if (extra)
    argv[argc++] = (char*)extra;
  if (object)
    argv[argc++] = "-c";
  argv[argc++] = "-o";
  argv[argc++] = (char*)out;
  argv[argc++] = (char*)src;
  if (!object)
    argv[argc++] = "-lm";
  argv[argc] = NULL;
  return argc;
}

typedef struct Job {
  char src[1200], obj[1200], log[1200];
  pid_t pid;
} Job;

// writes the units' sources: job 0 the rest, job 1 + u the prefix and every njobs-1'th part
static MbeStatus write_units(Job* job, int njobs, const char* base, const MbeStrbuf* rest,
                             const char* text, size_t prefix_len, const char** part,
                             const size_t* part_len, int nparts, MbeError* err) {
  MbeStatus st = MBE_OK;
  for (int j = 0; j < njobs && st == MBE_OK; j++) {
    snprintf(job[j].src, sizeof job[j].src, "%s.u%d.c", base, j);
    snprintf(job[j].obj, sizeof job[j].obj, "%s.u%d.o", base, j);
    snprintf(job[j].log, sizeof job[j].log, "%s.u%d.log", base, j);
    MbeStrbuf sb;
    mbe_strbuf_init(&sb);
    if (j == 0) {
      mbe_strbuf_puts(&sb, rest->data);
    } else {
      mbe_strbuf_printf(&sb, "%.*s", (int)prefix_len, text);
      for (int k = j - 1; k < nparts; k += njobs - 1)
        mbe_strbuf_printf(&sb, "%.*s", (int)part_len[k], part[k]);
    }
    st = sb.is_oom ? mbe_error_set(err, MBE_ERR_NOMEM, "out of memory")
                   : mbe_file_write_atomic(job[j].src, sb.data, sb.len, err);
    mbe_strbuf_deinit(&sb);
  }
  return st;
}

// the parts spread over units compiled at once, then linked into so_path
static MbeStatus compile_split(const MbeOmpCompiler* c, const char* text, const char* base,
                               const char* so_path, const char* log_path, MbeError* err) {
  const char* part[MAX_UNITS * 64];
  size_t part_len[MAX_UNITS * 64], prefix_len;
  MbeStrbuf rest;
  mbe_strbuf_init(&rest);
  int nparts = split_parts(text, &rest, &prefix_len, part, part_len, MAX_UNITS * 64);
  int nunits = c->jobs < nparts ? c->jobs : nparts;
  nunits = nunits < 1 ? 1 : nunits > MAX_UNITS ? MAX_UNITS : nunits;
  int njobs = nunits + 1;
  Job job[MAX_UNITS + 1];
  MbeStatus st = rest.is_oom ? mbe_error_set(err, MBE_ERR_NOMEM, "out of memory") : MBE_OK;
  if (st == MBE_OK)
    st = write_units(job, njobs, base, &rest, text, prefix_len, part, part_len, nparts, err);
  mbe_strbuf_deinit(&rest);
  int started = 0;
  for (int j = 0; j < njobs && st == MBE_OK; j++, started++) {
    char* argv[64];
    compile_argv(argv, c, "-DMBE_PART_EXTERN", job[j].obj, job[j].src, true);
    job[j].pid = start(argv, job[j].log);
  }
  for (int j = 0; j < started; j++) {
    int rc = job[j].pid < 0 ? -1 : finish(job[j].pid);
    if (rc != 0 && st == MBE_OK)
      st = failed(c->cc, rc, job[j].log, err);
  }
  if (st == MBE_OK) {
    char* argv[MAX_UNITS + 16];
    int argc = 0;
    argv[argc++] = (char*)c->cc;
    argv[argc++] = "-shared";
    argv[argc++] = "-o";
    argv[argc++] = (char*)so_path;
    for (int j = 0; j < njobs; j++)
      argv[argc++] = job[j].obj;
    argv[argc++] = "-lm";
    argv[argc] = NULL;
    int rc = mbe_omp_run(argv, log_path);
    st = rc == 0 ? MBE_OK : failed(c->cc, rc, log_path, err);
  }
  for (int j = 0; j < njobs; j++) {
    remove(job[j].src), remove(job[j].obj), remove(job[j].log);
  }
  return st;
}

MbeStatus mbe_omp_compile(const MbeOmpCompiler* c, const char* text, const char* base,
                          const char* so_path, MbeError* err) {
  char src[1200], log[1200];
  snprintf(src, sizeof src, "%s.c", base);
  snprintf(log, sizeof log, "%s.log", base);
  MbeStatus st;
  if (c->jobs > 1 && strstr(text, MBE_TEXT_PART_BEGIN) != NULL) {
    st = compile_split(c, text, base, so_path, log, err);
  } else {
    st = mbe_file_write_atomic(src, text, strlen(text), err);
    if (st == MBE_OK) {
      char* argv[64];
      compile_argv(argv, c, NULL, so_path, src, false);
      int rc = mbe_omp_run(argv, log);
      st = rc == 0 ? MBE_OK : failed(c->cc, rc, log, err);
    }
  }
  remove(src);
  remove(log);
  if (st != MBE_OK)
    remove(so_path);
  return st;
}
