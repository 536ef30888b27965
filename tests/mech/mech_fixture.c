// SPDX-License-Identifier: Apache-2.0
// What the mech tests share: a system built from Modelica text.
#define _XOPEN_SOURCE 700  // nftw
#include "mech_fixture.h"

#include <ftw.h>
#include <stdlib.h>
#include <string.h>

#include "mbe_check.h"

void mbe_test_system_build(const char* text, MbeSpec** spec, MbeFlat** flat, MbeSystem** sys) {
  MbeError err = {0};
  *spec = NULL;
  *flat = NULL;
  *sys = NULL;
  MbeStatus st = mbe_spec_create(spec, &err);
  if (st == MBE_OK) {
    st = mbe_spec_add_text(*spec, "test.mo", text, strlen(text), &err);
  }
  if (st == MBE_OK) {
    st = mbe_flat_create(*spec, NULL, flat, &err);
  }
  if (st == MBE_OK) {
    st = mbe_system_build(*flat, sys, &err);
  }
  ck_assert_msg(st == MBE_OK, "building the model failed: %s", err.message);
}

void mbe_test_system_free(MbeSpec* spec, MbeFlat* flat, MbeSystem* sys) {
  mbe_system_destroy(sys);
  mbe_flat_destroy(flat);
  mbe_spec_destroy(spec);
}

// nftw's callback has no user pointer: the listing in progress
static char** walk_paths;
static size_t *walk_n, walk_cap;

static int walk_one(const char* path, const struct stat* sb, int type, struct FTW* ftw) {
  (void)sb;
  (void)ftw;
  size_t len = strlen(path);
  if (type == FTW_F && len > 3 && strcmp(path + len - 3, ".mo") == 0 && *walk_n < walk_cap) {
    walk_paths[*walk_n] = malloc(len + 1);
    ck_assert_ptr_nonnull(walk_paths[*walk_n]);
    memcpy(walk_paths[(*walk_n)++], path, len + 1);
  }
  return 0;
}

static int path_cmp(const void* a, const void* b) {
  return strcmp(*(char* const*)a, *(char* const*)b);
}

void mbe_test_model_files(const char* root, char** paths, size_t* n, size_t cap) {
  size_t first = *n;
  walk_paths = paths, walk_n = n, walk_cap = cap;
  ck_assert_int_eq(nftw(root, walk_one, 16, FTW_PHYS), 0);
  qsort(paths + first, *n - first, sizeof *paths, path_cmp);
}
