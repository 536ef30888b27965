// SPDX-License-Identifier: Apache-2.0
// Stage 3, mech: the flat model -> the mechanism -> the explicit ODE of joint coordinates.
// Knows the physics of the catalogue's classes (Modelica.Mechanics.MultiBody and the 1-D and
// signal blocks mechanisms use). The frame connection graph becomes the orientation spanning tree
// (Modelica's root / potentialRoot / branch semantics); tree joints and floating bodies give the
// states; the equations of motion M(q) u' = Q(t, q, u) are built in the expression DAG (recursive
// kinematics, composite-rigid-body mass matrix, recursive Newton-Euler bias forces, an unrolled
// L^T D L factorisation that keeps the tree's sparsity); every variable a user can name (joint and
// body variables, connector positions, orientations and cut forces, force-element and sensor
// outputs, the internal names of composite parts) is an output node of the same DAG.
#ifndef MBE_MECH_H
#define MBE_MECH_H

#include <stdbool.h>
#include <stddef.h>

#include "base.h"
#include "model.h"
#include "sym.h"

// a named scalar the system can output: a state, or any variable of the model
typedef struct MbeSignal {
  const char* name;  // "revolute1.phi", "body.r_0[2]", "boxBody1.body.w_a[3]"
  MbeSymId id;
} MbeSignal;

// the compiled system: x' = f(t, x, p), y = g(t, x, p)
typedef struct MbeSystem {
  MbeArena arena;
  MbeSym sym;
  const char* name;  // the model's full name
  size_t nx;
  MbeSymId* xdot;            // (nx)
  const char** state_names;  // (nx) e.g. "revolute1.phi", "body.Q[4]"
  double* x0;                // (nx) initial state from the model's start values
  size_t np;                 // per-member parameters (PARAM nodes 0 .. np-1): the varied ones
                             // first (nvary, MbeFlat.vary order), then the free parameters
  size_t nvary;              // parameters that vary per member (mbe_flat_vary)
  const char** param_names;  // (np) e.g. "body.m", "revolute1.phi.start", "spring.c"
  double* p0;                // (np) the model's values (the varied ones: their nominal values)
  MbeSymId* x0sym;           // (nx) the initial state as expressions of the parameters: the
                             // kernel computes each member's initial state from its parameters
  MbeSignal* signals;        // (nsignals) sorted by name
  size_t nsignals;
  double t0;               // start time of the experiment (initial state holds at t0)
  MbeSymId fail;           // > 0 where an algebraic part (a junction) did not converge: the
                           // kernel returns MBE_RUN_NEWTON_FAIL (0: nothing can fail)
  size_t init_conditions;  // initial conditions the nonlinear initialization solved (0: none)
  int init_iterations;     // its Newton steps
} MbeSystem;

// Builds the system of a flat model. Errors name the component (file:line:column) and say what is
// not supported yet: kinematic loops (naming the joints in the loop), components mech does not
// implement, 1-D elements not attached to a joint axis. Statuses: MBE_ERR_MODEL,
// MBE_ERR_UNSUPPORTED, MBE_ERR_NOMEM. Out: owned, NULL on failure. Nullable: err.
MbeStatus mbe_system_build(const MbeFlat* flat, MbeSystem** out, MbeError* err);

void mbe_system_destroy(MbeSystem* sys);

// the signal of that name, NULL if none
const MbeSignal* mbe_system_signal(const MbeSystem* sys, const char* name);

// the closest signal name (for "did you mean"), NULL if none is close
const char* mbe_system_suggest(const MbeSystem* sys, const char* name);

#endif
