// SPDX-License-Identifier: Apache-2.0
// Helpers shared by the host/parse tests (defined in check_parse.c): parse a text into a fresh
// spec, find a class of the merged tree by its dotted path.
#ifndef CHECK_PARSE_H
#define CHECK_PARSE_H

#include "mbe/mbe_spec.h"
#include "mbe_check.h"
#include "parse.h"

// the file name texts are parsed under, as it appears in MbeError.file and MbeLoc.file
#define PARSE_TEST_FILE "test.mo"

// a fresh spec holding text as PARSE_TEST_FILE; fails the test (with the message) on an error
MbeSpec* parse_ok(const char* text);

// adds text to spec under name; fails the test on an error
void parse_add_ok(MbeSpec* spec, const char* name, const char* text);

// the class at a dotted path from the root ("P.Q.M"), NULL if none
const MbeClass* parse_find_class(const MbeSpec* spec, const char* path);

// the suite of check_parse_errors.c
Suite* make_parse_errors_suite(void);

#endif
