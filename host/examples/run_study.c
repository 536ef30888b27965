// SPDX-License-Identifier: Apache-2.0
// An ensemble study from a program of one's own: what `mbens run` does, with progress lines,
// Ctrl-C (the run stops after its batch and resumes later), and resumption of an unfinished
// run directory.
//
//   cc run_study.c $(pkg-config --cflags --libs mbens) -o run_study
//   ./run_study DoublePendulum.mo study 1000 'damper.d=uniform(0.05,0.5)' 'max(abs(revolute2.phi))'
//   ./run_study --resume study
//
// A last argument K stops the run after K batches (as a Ctrl-C would).
#define _POSIX_C_SOURCE 200809L
#include <mbe.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static volatile sig_atomic_t g_stop = 0;

static void on_signal(int sig) {
  (void)sig;
  g_stop = 1;
}

// a line per batch; false after the batches asked for (*ctx, 0: all)
static bool on_batch(void* ctx, const MbeStudyProgress* p) {
  long* left = ctx;
  printf("%zu of %zu members, %.0f members/s\n", p->done, p->total, p->members_per_second);
  return *left == 0 || --*left > 0;
}

static void on_note(void* ctx, bool is_warning, const char* text) {
  (void)ctx;
  fprintf(stderr, "%s%s\n", is_warning ? "warning: " : "", text);
}

static int fail(const MbeError* err) {
  if (err->file[0] != '\0') {
    fprintf(stderr, "%s:%d:%d: ", err->file, err->line, err->column);
  }
  fprintf(stderr, "error: %s\n", err->message);
  return err->code == MBE_ERR_USAGE || err->code == MBE_ERR_MODEL ? 2 : 1;
}

int main(int argc, char** argv) {
  bool resume = argc >= 3 && strcmp(argv[1], "--resume") == 0;
  if (!resume && argc != 6 && argc != 7) {
    fprintf(stderr,
            "usage: %s MODEL.mo DIR MEMBERS NAME=DIST QUANTITY [BATCHES]\n"
            "       %s --resume DIR [BATCHES]\n",
            argv[0], argv[0]);
    return 2;
  }
  MbeStudyDef d = mbe_study_def_default();
  const char* files[] = {argv[1]};
  const char* vary[] = {argv[4 - 2 * resume]};
  const char* qoi[] = {argv[5 - 2 * resume]};
  long batches = 0;
  if (resume) {
    d.dir = argv[2];
    d.resume = true;
    batches = argc > 3 ? atol(argv[3]) : 0;
  } else {
    d.dir = argv[2];
    d.model.files = files;
    d.model.nfiles = 1;
    d.n = (size_t)atol(argv[3]);
    d.vary = vary;
    d.nvary = 1;
    d.qoi = qoi;
    d.nqoi = 1;
    batches = argc > 6 ? atol(argv[6]) : 0;
  }
  d.batch = 8;
  d.progress = on_batch;
  d.note = on_note;
  d.ctx = &batches;
  d.stop = &g_stop;
  signal(SIGINT, on_signal);

  MbeError err;
  MbeStudy* study = NULL;
  if (mbe_study_open(&d, &study, &err) != MBE_OK) {
    return fail(&err);
  }
  MbeStatus st = mbe_study_run(study, &err);
  MbeStudyInfo info;
  mbe_study_info(study, &info);
  MbeStudyProgress p;
  mbe_study_progress(study, &p);
  mbe_study_destroy(study);
  if (st != MBE_OK && st != MBE_ERR_INTERRUPTED) {
    return fail(&err);
  }
  printf("%s: %zu of %zu members done%s\n", info.dir, p.done, info.count,
         st == MBE_ERR_INTERRUPTED ? " (stopped: resume with --resume)" : "");
  return 0;
}
