// SPDX-License-Identifier: Apache-2.0
// Fuzz target of the model front end: the input is parsed as a user's .mo file and, when it
// parses, flattened against the built-in catalogue (every class it defines in turn). Nothing
// may crash, leak, read out of bounds or hit undefined behaviour; errors are expected.
// Built as a libFuzzer target with clang (MBE_FUZZ=ON) or, with MBE_FUZZ_REPLAY, as a program
// that runs the target over files given on the command line (the CTest replay of the corpus).
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base.h"
#include "mbe/mbe_flat.h"
#include "model.h"

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 64 * 1024) {
    return 0;
  }
  MbeSpec* spec = NULL;
  MbeError err;
  if (mbe_spec_create(&spec, &err) != MBE_OK) {
    return 0;
  }
  if (mbe_spec_add_text(spec, "fuzz.mo", (const char*)data, size, &err) == MBE_OK) {
    // flatten every non-package class the input defines at its top level
    size_t nfiles = spec->nfiles;
    const MbeFile* f = nfiles ? spec->files[nfiles - 1] : NULL;
    for (size_t i = 0; f && i < f->nclasses && i < 8; i++) {
      MbeArena a;
      mbe_arena_init(&a);
      const char* name = mbe_class_full_name(&a, f->classes[i]);
      MbeFlat* flat = NULL;
      if (name && mbe_flat_create(spec, name, &flat, &err) == MBE_OK) {
        FILE* out = fopen("/dev/null", "w");
        if (out) {
          mbe_flat_print(flat, true, out, &err);
          fclose(out);
        }
      }
      mbe_flat_destroy(flat);
      mbe_arena_deinit(&a);
    }
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
