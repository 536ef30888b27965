// SPDX-License-Identifier: Apache-2.0
// Stage 2, model: MbeSpec -> flat model (instances with dotted names, parameter values, start and
// fixed attributes, connections, experiment settings, the source location of every name).
#ifndef MBE_FLAT_H
#define MBE_FLAT_H

#include <stdbool.h>
#include <stdio.h>

#include "mbe_export.h"
#include "mbe_spec.h"
#include "mbe_status.h"

MBE_BEGIN_DECLS

typedef struct MbeFlat MbeFlat;

// Flattens class_name of spec (a full name such as "Modelica.Mechanics.MultiBody.Examples.
// Elementary.Pendulum", or a short name that is unique among the user's classes). NULL picks the
// only non-package class the user's files define. Loads the built-in catalogue into spec first
// (spec is modified; it must outlive the flat model). Returns owned through *out, NULL on
// failure. Statuses: MBE_ERR_MODEL (err names file:line:column), MBE_ERR_UNSUPPORTED,
// MBE_ERR_USAGE (class_name unknown or ambiguous), MBE_ERR_NOMEM. Nullable: class_name, err.
MBE_API MbeStatus mbe_flat_create(MbeSpec* spec, const char* class_name, MbeFlat** out,
                                  MbeError* err);

// Makes n parameters vary per member of an ensemble. Each name is an element of a Real parameter
// ("body.m", "boxBody1.r[1]", "world.g") or the start value of an element of a Real variable
// ("revolute1.phi.start", "body.r_0.start[2]", also written "body.r_0[2].start"); varied k is the
// k-th per-member value. Every parameter and start value computed from them is evaluated again
// as an expression of them, so derived parameters (a BodyBox's mass from its length) follow each
// member. Call once, before the system is built. Statuses: MBE_ERR_USAGE naming the parameter
// and what is allowed (an unknown name with the closest known one, not Real, a constant, final
// or protected, fixed=false, an array without its element, an element out of range, the start of
// a parameter, a name given twice), MBE_ERR_MODEL when a varied value decides something the
// compiled model needs fixed (an Integer, a condition, a dimension): at the user's line that
// leads to the binding, with the binding's place in the library as a note line,
// MBE_ERR_NOMEM. On failure the flat model keeps its values but must not be used to vary again.
// Nullable: err.
MBE_API MbeStatus mbe_flat_vary(MbeFlat* flat, const char* const* names, size_t n, MbeError* err);

// Frees the flat model. Nullable: flat.
MBE_API void mbe_flat_destroy(MbeFlat* flat);

// Writes the readable summary of `mbens check` to out: components by kind, connections, the
// parameters that may vary per member with their values, structural parameters and start values
// the model sets, the experiment settings and warnings. all: list every parameter that may vary,
// not only those the model sets. Statuses: MBE_ERR_IO (write failed). Nullable: err.
MBE_API MbeStatus mbe_flat_print(const MbeFlat* flat, bool all, FILE* out, MbeError* err);

MBE_END_DECLS

#endif
