// SPDX-License-Identifier: Apache-2.0
// Stage 1, parse: Modelica text -> MbeSpec (syntax tree, names, source spans). The spec holds every
// file it was given plus, once flattened from, the built-in class catalogue.
#ifndef MBE_SPEC_H
#define MBE_SPEC_H

#include <stddef.h>

#include "mbe_export.h"
#include "mbe_status.h"

MBE_BEGIN_DECLS

typedef struct MbeSpec MbeSpec;

// Creates an empty spec. Returns owned through *out (NULL on failure). Statuses: MBE_ERR_NOMEM.
// Nullable: err.
MBE_API MbeStatus mbe_spec_create(MbeSpec** out, MbeError* err);

// Frees the spec and everything parsed into it. Nullable: spec.
MBE_API void mbe_spec_destroy(MbeSpec* spec);

// Reads and parses a .mo file into the spec. Statuses: MBE_ERR_IO (cannot read), MBE_ERR_MODEL
// (syntax error; err names file:line:column), MBE_ERR_UNSUPPORTED (a construct outside the subset
// of DESIGN.md, named with its location), MBE_ERR_NOMEM. On failure the spec is unchanged.
// Nullable: err.
MBE_API MbeStatus mbe_spec_add_file(MbeSpec* spec, const char* path, MbeError* err);

// As mbe_spec_add_file, with name in messages and source places instead of path (a file read
// from where it was given, named as it was given); the library it lies in is found from path.
MBE_API MbeStatus mbe_spec_add_file_named(MbeSpec* spec, const char* path, const char* name,
                                          MbeError* err);

// As mbe_spec_add_file for text in memory; name is used in messages (borrowed, copied).
MBE_API MbeStatus mbe_spec_add_text(MbeSpec* spec, const char* name, const char* text, size_t size,
                                    MbeError* err);

// Adds a library root: a folder whose package folders (NAME/package.mo) and files (NAME.mo) are
// top-level classes, loaded by name when a lookup first needs them (Modelica 3.6 section 13.4).
// A folder that is itself a package (holds package.mo) adds its parent as a root. Roots are
// searched in the order added; the built-in catalogue's classes take precedence over a library's
// classes of the same full name (a library's Modelica package supplies only the classes the
// catalogue does not define). Statuses: MBE_ERR_IO (not a folder), MBE_ERR_NOMEM. Nullable: err.
MBE_API MbeStatus mbe_spec_add_library(MbeSpec* spec, const char* dir, MbeError* err);

// As mbe_spec_add_library for each folder of a MODELICAPATH-style list (separated by ':');
// empty entries are skipped. Nullable: err.
MBE_API MbeStatus mbe_spec_add_library_path(MbeSpec* spec, const char* list, MbeError* err);

MBE_END_DECLS

#endif
