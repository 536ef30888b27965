// SPDX-License-Identifier: Apache-2.0
// Fuzz target of the model front end: the input is parsed as a user's .mo file and, when it
// parses, flattened against the built-in catalogue (every class it defines in turn). Parts after
// lines "====" become the files of a library P on disk (package.mo, A.mo, B/package.mo, B/C.mo)
// that the main text may use, so the library loader is fuzzed too. Nothing
// may crash, leak, read out of bounds or hit undefined behaviour; errors are expected.
// Built as a libFuzzer target with clang (MBE_FUZZ=ON) or, with MBE_FUZZ_REPLAY, as a program
// that runs the target over files given on the command line (the CTest replay of the corpus).
#define _GNU_SOURCE  // memmem
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base.h"
#include "mbe/mbe_flat.h"
#include "model.h"

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

// the library files an input may define after its main text, each after a line "====": a
// package P with a class file, a nested package folder and a class in it
static const char* const LIB_FILES[] = {"P/package.mo", "P/A.mo", "P/B/package.mo", "P/B/C.mo"};
enum { NLIB = sizeof LIB_FILES / sizeof LIB_FILES[0] };
static const char SEP[] = "\n====\n";

static char root[64];

static void remove_library(void) {
  char path[160];
  for (size_t i = NLIB; i-- > 0;) {
    snprintf(path, sizeof path, "%s/%s", root, LIB_FILES[i]);
    unlink(path);
  }
  snprintf(path, sizeof path, "%s/P/B", root);
  rmdir(path);
  snprintf(path, sizeof path, "%s/P", root);
  rmdir(path);
  rmdir(root);
}

// a folder of this process for the library files, removed at exit
static const char* lib_root(void) {
  if (!root[0]) {
    atexit(remove_library);
    snprintf(root, sizeof root, "/tmp/mbens-fuzz-%ld", (long)getpid());
    char path[128];
    mkdir(root, 0700);
    snprintf(path, sizeof path, "%s/P", root);
    mkdir(path, 0700);
    snprintf(path, sizeof path, "%s/P/B", root);
    mkdir(path, 0700);
  }
  return root;
}

// writes the parts after the main text as the library's files (absent parts: no file); returns
// the main text's length
static size_t write_library(const uint8_t* data, size_t size) {
  const char* text = (const char*)data;
  const char* end = text + size;
  const char* cut = memmem(text, size, SEP, sizeof SEP - 1);
  size_t main_len = cut ? (size_t)(cut - text) : size;
  const char* p = cut ? cut + sizeof SEP - 1 : NULL;
  for (size_t i = 0; i < NLIB; i++) {
    char path[160];
    snprintf(path, sizeof path, "%s/%s", lib_root(), LIB_FILES[i]);
    if (!p) {
      unlink(path);
      continue;
    }
    const char* next = memmem(p, (size_t)(end - p), SEP, sizeof SEP - 1);
    size_t len = next ? (size_t)(next - p) : (size_t)(end - p);
    FILE* f = fopen(path, "wb");
    if (f) {
      fwrite(p, 1, len, f);
      fclose(f);
    }
    p = next ? next + sizeof SEP - 1 : NULL;
  }
  return main_len;
}

// flattens every non-package class the main text defines at its top level, and P.A and P.B.C
static void flatten_all(MbeSpec* spec) {
  MbeError err;
  size_t nfiles = spec->nfiles;
  const MbeFile* f = nfiles ? spec->files[nfiles - 1] : NULL;
  const char* names[8 + 2];
  size_t n = 0;
  MbeArena a;
  mbe_arena_init(&a);
  for (size_t i = 0; f && i < f->nclasses && n < 8; i++) {
    names[n++] = mbe_class_full_name(&a, f->classes[i]);
  }
  names[n++] = "P.A";
  names[n++] = "P.B.C";
  for (size_t i = 0; i < n; i++) {
    MbeFlat* flat = NULL;
    if (names[i] && mbe_flat_create(spec, names[i], &flat, &err) == MBE_OK) {
      FILE* out = fopen("/dev/null", "w");
      if (out) {
        mbe_flat_print(flat, true, out, &err);
        fclose(out);
      }
    }
    mbe_flat_destroy(flat);
  }
  mbe_arena_deinit(&a);
}

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 64 * 1024) {
    return 0;
  }
  size_t main_len = write_library(data, size);
  MbeSpec* spec = NULL;
  MbeError err;
  if (mbe_spec_create(&spec, &err) != MBE_OK) {
    return 0;
  }
  if (mbe_spec_add_library(spec, lib_root(), &err) == MBE_OK &&
      mbe_spec_add_text(spec, "fuzz.mo", (const char*)data, main_len, &err) == MBE_OK) {
    flatten_all(spec);
  }
  mbe_spec_destroy(spec);
  if (mbe_alloc_bytes() != 0) {
    fprintf(stderr, "leak: %zu bytes\n", (size_t)mbe_alloc_bytes());
    abort();
  }
  return 0;
}

#ifdef MBE_FUZZ_REPLAY
int main(int argc, char** argv) {
  int n = 0;
  for (int i = 1; i < argc; i++) {
    char* text = NULL;
    size_t size = 0;
    MbeError err;
    if (mbe_file_read(argv[i], &text, &size, &err) != MBE_OK) {
      fprintf(stderr, "%s: %s\n", argv[i], err.message);
      return 1;
    }
    // the file buffer is counted by the allocator: copy it out before the leak check
    uint8_t* copy = malloc(size ? size : 1);
    if (!copy) {
      return 1;
    }
    memcpy(copy, text, size);
    mbe_free(text);
    LLVMFuzzerTestOneInput(copy, size);
    free(copy);
    n++;
  }
  printf("replayed %d inputs without a crash or leak\n", n);
  return 0;
}
#endif
