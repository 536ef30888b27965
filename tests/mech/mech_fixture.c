// SPDX-License-Identifier: Apache-2.0
// What the mech tests share: a system built from Modelica text.
#include "mech_fixture.h"

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
