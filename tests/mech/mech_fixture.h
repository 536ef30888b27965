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

#endif
