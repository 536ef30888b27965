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

// RK4's error per radian of a mode's motion above which a step is called inaccurate: about 10.7
// steps a period of an oscillation, an error of 0.6 % of its amplitude a period (mostly phase)
#define MBE_RK4_INACCURATE 1e-3

// what a fixed RK4 step does to the modes
typedef enum MbeStepVerdict {
  MBE_STEP_OK = 0,      // stable, and within max(tol, MBE_RK4_INACCURATE) per radian
  MBE_STEP_INACCURATE,  // stable, but a mode's error per radian passes max(tol, ...INACCURATE)
  MBE_STEP_UNSTABLE,    // |R(h lambda)| > 1 for a mode (a growing mode judged as a neutral one)
  MBE_STEP_VERDICT_COUNT
} MbeStepVerdict;

typedef struct MbeStepAdvice {
  MbeStepVerdict verdict;
  double h_stable;    // largest stable step (s), along each mode's direction; INFINITY: no limit
  double h_accurate;  // largest step whose error per radian is within tol for every mode (s)
  double suggest;     // h_accurate rounded down to 1, 2 or 5 times a power of ten (s)
  size_t mode;        // the mode the verdict is about (index into re, im): UNSTABLE the one with
                      // the smallest h_stable among those h violates, INACCURATE the one that
                      // errs most, OK the fastest (0)
  double error;       // RK4's error per radian of that mode at h
} MbeStepAdvice;

// Judges the fixed RK4 step h (s) against n modes re, im (1/s, as mbe_system_modes gives them).
// Stability is exact for the linearization: |R(h lambda)| <= 1 with R(z) = 1 + z + z^2/2 + z^3/6
// + z^4/24 (2.785 on the negative real axis, sqrt(8) on the imaginary one); a mode with
// re > 0 grows whatever the step, so it is judged with re = 0. Accuracy is the step's error per
// radian of a mode's motion, |exp(z) - R(z)| / |z| with z = h lambda (about |z|^4/120): h_accurate
// keeps it within tol (the run's relative tolerance: 1e-6 gives 60 steps a period). Zero modes
// limit nothing; n = 0 gives OK with infinite steps.
MbeStepAdvice mbe_rk4_step_advice(const double* re, const double* im, size_t n, double h,
                                  double tol);

#endif
