// SPDX-License-Identifier: Apache-2.0
// Users' own components that extend the partials mech implements for them, their laws stated
// in equations and solved by mech_user.c: frame elements (PartialLineForce, PartialForce,
// PartialTwoFrames, PartialOneFrame_a/_b), 1-D compliant elements (PartialCompliant,
// PartialCompliantWithRelativeStates), PartialTwoFlanges, 1-D sources (PartialTorque,
// Translational PartialForce), and signal blocks (Blocks.Interfaces.SISO, SI2SO, SO).
#include "mech_internal.h"

static MbeStatus frames_forces(MbeMech* m, int c) {
  return mbe_mech_user_force(m, c);
}

// a law of the relative position and speed of the flanges
static MbeStatus compliant_load(MbeMech* m, int c) {
  MbeMechFlangeSet *A, *B;
  MbeStatus st = mbe_mech_compliant_sets(m, c, &A, &B);
  if (st != MBE_OK)
    return st;
  MbeSymId rel = mbe_sym_sub(m->s, B->pos, A->pos);
  MbeSymId relv = mbe_sym_sub(m->s, B->vel, A->vel);
  MbeSymId f = 0;
  st = mbe_mech_user_force_1d(m, c, rel, relv, &f);
  mbe_mech_compliant_load(m, c, A, B, f);
  return st;
}

// the law states both flanges' torques (forces) itself
static MbeStatus two_flanges_load(MbeMech* m, int c) {
  MbeMechFlangeSet *A, *B;
  MbeStatus st = mbe_mech_compliant_sets(m, c, &A, &B);
  if (st != MBE_OK)
    return st;
  MbeSymId fa = 0, f = 0;
  st = mbe_mech_user_flanges(m, c, A, B, &fa, &f);
  mbe_mech_flange_add(m, c, 0, A, fa);
  mbe_mech_flange_add(m, c, 1, B, f);
  m->drive_f[c] = f;
  return st;
}

// the flange's torque (force) from its position and speed; the support (where present) takes
// the opposite, support.tau = -flange.tau
static MbeStatus source_load(MbeMech* m, int c) {
  MbeMechFlangeSet *F, *S;
  MbeStatus st = mbe_mech_source_sets(m, c, &F, &S);
  if (st != MBE_OK)
    return st;
  MbeSymId f = 0;
  if ((st = mbe_mech_user_source(m, c, F, S, &f)) != MBE_OK) {
    return st;
  }
  mbe_mech_flange_add(m, c, 1, F, f);
  if (S != NULL) {
    mbe_mech_flange_sub(m, c, 2, S, f);
  }
  m->drive_f[c] = f;
  return MBE_OK;
}

static MbeStatus user_outputs(MbeMech* m, int c) {
  mbe_mech_user_signals(m, c);
  return MBE_OK;
}

const MbeMechClass mbe_mc_user_frames = {
    .role = MBE_ROLE_USER, .forces = frames_forces, .outputs = user_outputs};
const MbeMechClass mbe_mc_user_compliant = {
    .role = MBE_ROLE_USER, .load = compliant_load, .outputs = user_outputs};
const MbeMechClass mbe_mc_user_two_flanges = {
    .role = MBE_ROLE_USER, .load = two_flanges_load, .outputs = user_outputs};
const MbeMechClass mbe_mc_user_source = {.role = MBE_ROLE_USER,
                                         .flange = {"flange_a", "flange", "support"},
                                         .load = source_load,
                                         .outputs = user_outputs};
const MbeMechClass mbe_mc_user_block = {
    .role = MBE_ROLE_USER, .block = mbe_mech_user_block, .outputs = mbe_mech_user_block_outputs};
