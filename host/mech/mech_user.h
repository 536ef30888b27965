// SPDX-License-Identifier: Apache-2.0
// What the two halves of users' force laws share (mech_user.c compiles a component's equations,
// mech_user_solve.c sorts and solves them): the state of one component's compilation.
#ifndef MBE_MECH_USER_H
#define MBE_MECH_USER_H

#include "mech_internal.h"

// placeholder leaves are PARAMs from PH_BASE on; nonlinear unknowns take NEWTON_STEPS steps
enum { PH_BASE = 0x40000000, NEWTON_STEPS = 8, MAX_KNOWN = 6 };

typedef struct Solve {
  MbeMech* m;
  int c;
  MbeMechUser* u;
  MbeSymId known[MAX_KNOWN][3];
  MbeSymId dknown[MAX_KNOWN][3];  // their derivatives where has_der
  bool has_der[MAX_KNOWN];
  bool unavailable[MAX_KNOWN];  // an acceleration: not known to a force law
  const MbeMechPoint* P[2];     // frame_a's and frame_b's points where their kinematics are known
  MbeSymId first;  // the first placeholder node: nothing below it depends on an unknown
  MbeSymId* ph;    // (nunk) placeholder leaves
  MbeSymId* val;   // (nunk) solved values, 0 while unknown
} Solve;

// the placeholder index of node id, -1 when it is none
int mbe_user_placeholder(const Solve* q, MbeSymId id);

// where equation e of the component is written (an equation, or a variable's binding)
MbeLoc mbe_user_eq_loc(const Solve* q, size_t e);

// Matches the residuals res (one per equation, in the placeholders) to the unknowns, sorts them
// into blocks (BLT) and solves each block into q->val: exactly where linear, by unrolled Newton
// where not; errors name the equations (no unknown, several unknowns left, a loop too large).
MbeStatus mbe_user_sort_and_solve(Solve* q, const MbeSymId* res);

#endif
