// SPDX-License-Identifier: Apache-2.0
// The built-in class catalogue: the Modelica files of host/model/catalogue/, embedded at build
// time, parsed into a spec once before the first flattening.
#include <stdio.h>
#include <string.h>

#include "model.h"

extern const MbeEmbeddedSource mbe_catalogue_sources[];
extern const size_t mbe_catalogue_source_count;

MbeStatus mbe_catalogue_load(MbeSpec* spec, MbeError* err) {
  if (spec->has_catalogue) {
    return MBE_OK;
  }

  // Modelica.mo first so that the packages the other files extend exist before them (the order
  // does not matter for lookup, only for the implicit-package merging to stay simple)
  for (int pass = 0; pass < 2; pass++) {
    for (size_t i = 0; i < mbe_catalogue_source_count; i++) {
      const MbeEmbeddedSource* s = &mbe_catalogue_sources[i];
      bool first = strcmp(s->path, "Modelica.mo") == 0 || strcmp(s->path, "builtin.mo") == 0;
      if (first != (pass == 0)) {
        continue;
      }
      char name[256];
      snprintf(name, sizeof name, "<catalogue>/%s", s->path);
      MbeStatus st = mbe_spec_add_catalogue_text(spec, name, s->text, s->size, err);
      if (st != MBE_OK) {
        return st;
      }
    }
  }
  spec->has_catalogue = true;
  return MBE_OK;
}
