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
#include <stdio.h>

#include "base.h"
#include "model.h"
#include "sym.h"
#include "mbe/mbe_evaluator.h"

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
  const char* dynamics;  // how the accelerations are solved: "aba" (articulated bodies, linear in
                         // the tree's size) or "crba" (composite inertias, L^T D L)
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
  const char* needs_double;  // why single precision cannot run the system (NULL: it can)
  const char* loops;         // the kinematic loops as `mbens check` describes them (NULL: none)
  MbeSymId fail;           // > 0 where an algebraic part (a junction) did not converge: the
                           // kernel returns MBE_RUN_NEWTON_FAIL (0: nothing can fail)
  MbeSymId* asserts;       // (nasserts) conditions the kernel checks per member (1: holds)
  const MbeFlatAssert** assert_src;  // (nasserts) each one's assert: message, level, location
                                     // (in the flat model, which must outlive the system)
  bool* assert_warning;              // (nasserts) warning level: the member goes on
  size_t nasserts;
  size_t init_conditions;  // initial conditions the nonlinear initialization solved (0: none)
  int init_iterations;     // its Newton steps
  bool init_per_member;    // its conditions depend on varied parameters: each member solves them
} MbeSystem;

// Builds the system of a flat model. Errors name the component (file:line:column) and say what is
// not supported yet: kinematic loops (naming the joints in the loop), components mech does not
// implement, 1-D elements not attached to a joint axis. A varied parameter (mbe_flat_vary) that
// reaches no state derivative, initial state or output is an MBE_ERR_USAGE that says why (only
// the animation reads it, a false X_fixed flag, the model's flags and values). Statuses:
// MBE_ERR_MODEL, MBE_ERR_UNSUPPORTED, MBE_ERR_USAGE, MBE_ERR_NOMEM. Out: owned, NULL on failure.
// Nullable: err.
MbeStatus mbe_system_build(const MbeFlat* flat, MbeSystem** out, MbeError* err);

// How the joint accelerations are solved. AUTO: the articulated-body algorithm where nothing
// couples the tree's branches (no kinematic loops, masses on line forces, bodies at derived
// frames, or flange sets two coordinates move), the composite-inertia method otherwise. CRBA:
// the composite-inertia method always (a second algorithm for tests).
typedef enum MbeDynamics { MBE_DYNAMICS_AUTO = 0, MBE_DYNAMICS_CRBA } MbeDynamics;

typedef struct MbeSystemOptions {
  MbeDynamics dynamics;
} MbeSystemOptions;

// mbe_system_build with options. Nullable: opt (the defaults), err.
MbeStatus mbe_system_build_with(const MbeFlat* flat, const MbeSystemOptions* opt,
                                MbeSystem** out, MbeError* err);

void mbe_system_destroy(MbeSystem* sys);

// Writes the states the system integrates (in the kernel's order, with their start values) and
// what the initialization solved to out, as `mbens check` prints them after the flat model's
// summary. Statuses: MBE_ERR_IO (write failed), MBE_ERR_NOMEM. Nullable: err.
MbeStatus mbe_system_print(const MbeSystem* sys, FILE* out, MbeError* err);

// the signal of that name, NULL if none
const MbeSignal* mbe_system_signal(const MbeSystem* sys, const char* name);

// the closest signal name (for "did you mean"), NULL if none is close
const char* mbe_system_suggest(const MbeSystem* sys, const char* name);

/* ---- linearized modes and the RK4 step (mech_modes.c) --------------------------------------- */

// Computes the modes of x' = f(t, x, p) linearized at the start: the eigenvalues of df/dx at time
// t (s) and the initial state that the parameters p (np; NULL when np = 0) give (x0sym, as the
// kernel computes it). The Jacobian is central differences of the DAG interpreter with increments
// cbrt(eps) max(|x_i|, 0.01); quaternions and junction solves are part of f like everything else.
// re, im (nx each, caller-owned) receive the eigenvalues (1/s) sorted by |lambda|, largest first,
// a complex pair as +im then -im. Only valid near the start: the modes of a nonlinear model move
// with its state. Statuses: MBE_ERR_MODEL (f not finite, or a junction failing, near the start),
// MBE_ERR_INTERNAL (the eigenvalue solver failed), MBE_ERR_NOMEM. Nullable: err.
MbeStatus mbe_system_modes(const MbeSystem* sys, double t, const double* p, double* re, double* im,
                           MbeError* err);

// the RK4 step's advice (MbeStepAdvice, mbe_rk4_step_advice) is public: mbe/mbe_evaluator.h

#endif
