// SPDX-License-Identifier: Apache-2.0
// Parses every .mo file under a directory, each into a fresh spec: the whole Modelica 3.6 grammar
// must parse (DESIGN.md "The model language"). Run on the MSL sources by CTest.
//   parse_tree DIR [EXPECTED_COUNT]
// Exit 0 when every file parses (and, given EXPECTED_COUNT, that many were found), 1 otherwise,
// 77 (skipped) when DIR does not exist.
#define _XOPEN_SOURCE 700
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base.h"
#include "parse.h"

static size_t nfiles, nfailed;

static int visit(const char* path, const struct stat* sb, int type, struct FTW* ftw) {
  (void)sb;
  (void)ftw;
  size_t len = strlen(path);
  if (type != FTW_F || len < 3 || strcmp(path + len - 3, ".mo") != 0) {
    return 0;
  }
  nfiles++;
  MbeSpec* spec = NULL;
  MbeError err;
  MbeStatus st = mbe_spec_create(&spec, &err);
  if (st == MBE_OK) {
    st = mbe_spec_add_file(spec, path, &err);
  }
  if (st != MBE_OK) {
    nfailed++;
    printf("%s:%d:%d: %s\n", err.file[0] ? err.file : path, err.line, err.column, err.message);
  }
  mbe_spec_destroy(spec);
  return 0;
}

int main(int argc, char** argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: parse_tree DIR [EXPECTED_COUNT]\n");
    return 2;
  }
  struct stat sb;
  if (stat(argv[1], &sb) != 0 || !S_ISDIR(sb.st_mode)) {
    printf("%s not found: set MBENS_MSL_DIR to a copy of the MSL v4.0.0 sources\n", argv[1]);
    return 77;
  }
  if (nftw(argv[1], visit, 32, FTW_PHYS) != 0) {
    perror(argv[1]);
    return 1;
  }
  printf("%zu .mo files, %zu failed to parse\n", nfiles, nfailed);
  if (argc > 2 && nfiles != strtoul(argv[2], NULL, 10)) {
    printf("expected %s files\n", argv[2]);
    return 1;
  }
  return nfailed ? 1 : 0;
}
