// SPDX-License-Identifier: Apache-2.0
// What the mech tests share: a system built from Modelica text, the test failing on any error.
#ifndef MBE_MECH_FIXTURE_H
#define MBE_MECH_FIXTURE_H

#include "mbe/mbe_spec.h"
#include "mech.h"
#include "model.h"

// Builds the model of text (as the file "test.mo"; its only model) into *spec, *flat and *sys
// (owned; mbe_test_system_free), failing the test with the message of any error.
void mbe_test_system_build(const char* text, MbeSpec** spec, MbeFlat** flat, MbeSystem** sys);

void mbe_test_system_free(MbeSpec* spec, MbeFlat* flat, MbeSystem* sys);

// Appends the .mo files below root to paths (from *n on, at most cap in all; each malloc'd, the
// caller frees them), the new ones sorted by name (nftw's order is the file system's).
void mbe_test_model_files(const char* root, char** paths, size_t* n, size_t cap);

#endif
