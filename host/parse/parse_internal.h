// SPDX-License-Identifier: Apache-2.0
// What the spec's files share inside host/parse: the class tree and the file table.
#ifndef MBE_PARSE_INTERNAL_H
#define MBE_PARSE_INTERNAL_H

#include "parse.h"

// the nested class name of scope (its own classes only), or NULL
MbeClass* mbe_spec_find_child(const MbeClass* scope, const char* name);

// appends c to the classes of scope and makes scope its parent (NULL at the root)
MbeStatus mbe_spec_append_child(MbeSpec* spec, MbeClass* scope, MbeClass* c, MbeError* err);

// reads and parses a file into the spec's arena and file table, without placing its classes
MbeStatus mbe_spec_read_file(MbeSpec* spec, const char* path, MbeFile** out, MbeError* err);

#endif
