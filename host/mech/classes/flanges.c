// SPDX-License-Identifier: Apache-2.0
// The 1-D elements of Rotational and Translational on joint axes and their supports: Fixed (a
// grounded flange set), Inertia and Mass (riding on a joint axis), Spring, Damper, SpringDamper
// (between two flange sets), Torque, Force and their constant twins (on one flange set),
// QuadraticSpeedDependentTorque (of the flange's speed relative to its support).
#include <string.h>

#include "mech_internal.h"

// a fixed flange: its set is grounded at phi0 (s0)
static MbeStatus fixed_axes(MbeMech* m, int c) {
  MbeStatus st = MBE_OK;
  const MbeMechComp* comp = &m->comps[c];
  int sb = mbe_mech_set_of(m, comp->flange[1]);
  if (sb >= 0) {
    m->sets[sb].is_ground = true;
    m->sets[sb].pos = mbe_mech_param(m, c, comp->kind == MBE_MC_ROT_FIXED ? "phi0" : "s0", &st);
  }
  return st;
}

MbeStatus mbe_mech_line_sets(MbeMech* m, int c, const MbeSymId pos[2], const MbeSymId vel[2]) {
  const MbeMechComp* comp = &m->comps[c];
  for (int k = 0; k < 2; k++) {
    int sk = mbe_mech_set_of(m, comp->flange[k]);
    if (sk < 0)
      continue;
    if (m->sets[sk].edge >= 0 || m->sets[sk].is_ground || m->sets[sk].line >= 0) {
      return mbe_mech_error(m, MBE_ERR_UNSUPPORTED, c,
                            "its %s is connected to a joint axis, a fixed flange or another "
                            "line force; such 1-D couplings are not supported yet",
                            k == 0 ? "first flange" : "second flange");
    }
    m->sets[sk].line = c;
    m->sets[sk].pos = pos[k];
    m->sets[sk].vel = vel[k];
  }
  return MBE_OK;
}

MbeStatus mbe_mech_source_sets(MbeMech* m, int c, MbeMechFlangeSet** F, MbeMechFlangeSet** S) {
  const MbeMechComp* comp = &m->comps[c];
  int sb = mbe_mech_set_of(m, comp->flange[1]), ss = mbe_mech_set_of(m, comp->flange[2]);
  if (sb < 0 || m->sets[sb].nflanges < 2) {
    return mbe_mech_error(m, MBE_ERR_MODEL, c, "flange is not connected");
  }
  *F = &m->sets[sb];
  *S = ss >= 0 ? &m->sets[ss] : NULL;
  const MbeMechFlangeSet* f = *F;
  const MbeMechFlangeSet* sp = *S;
  if ((f->edge < 0 && !f->is_ground && f->line < 0) ||
      (sp && sp->nflanges > 1 && sp->edge < 0 && !sp->is_ground && sp->line < 0)) {
    return mbe_mech_error(m, MBE_ERR_UNSUPPORTED, c,
                          "a 1-D source must drive a joint axis (its support on the joint's "
                          "support or a fixed flange); 1-D drive trains are not supported yet");
  }
  return MBE_OK;
}

MbeStatus mbe_mech_compliant_sets(MbeMech* m, int c, MbeMechFlangeSet** A, MbeMechFlangeSet** B) {
  const MbeMechComp* comp = &m->comps[c];
  int sa = mbe_mech_set_of(m, comp->flange[0]), sb = mbe_mech_set_of(m, comp->flange[1]);
  if (sa < 0 || sb < 0) {
    return mbe_mech_error(m, MBE_ERR_MODEL, c, "flange_a and flange_b must be connected");
  }
  *A = &m->sets[sa], *B = &m->sets[sb];
  if (((*A)->edge < 0 && !(*A)->is_ground && (*A)->line < 0) ||
      ((*B)->edge < 0 && !(*B)->is_ground && (*B)->line < 0)) {
    return mbe_mech_error(m, MBE_ERR_UNSUPPORTED, c,
                          "a 1-D element must sit between a joint axis and its support or a "
                          "fixed flange; 1-D drive trains are not supported yet");
  }
  return MBE_OK;
}

// the record of what a flange takes (no node made: models without torque sensors keep theirs)
static void record(MbeMech* m, int c, int k, MbeSymId v, bool neg) {
  if (m->nfl == m->cap_fl) {
    size_t cap = m->cap_fl ? 2 * m->cap_fl : 16;
    int* f = mbe_arena_alloc(m->arena, cap * sizeof *f);
    MbeSymId* x = mbe_arena_alloc(m->arena, cap * sizeof *x);
    if (f == NULL || x == NULL) {
      m->s->is_oom = true;
      return;
    }
    if (m->nfl) {
      memcpy(f, m->fl_flange, m->nfl * sizeof *f);
      memcpy(x, m->fl_value, m->nfl * sizeof *x);
    }
    m->fl_flange = f, m->fl_value = x, m->cap_fl = cap;
  }
  m->fl_flange[m->nfl] = neg ? -1 - m->comps[c].flange[k] : m->comps[c].flange[k];
  m->fl_value[m->nfl++] = v;
}

void mbe_mech_flange_add(MbeMech* m, int c, int k, MbeMechFlangeSet* S, MbeSymId v) {
  S->load = mbe_sym_add(m->s, S->load, v);
  record(m, c, k, v, false);
}

void mbe_mech_flange_sub(MbeMech* m, int c, int k, MbeMechFlangeSet* S, MbeSymId v) {
  S->load = mbe_sym_sub(m->s, S->load, v);
  record(m, c, k, v, true);
}

void mbe_mech_compliant_load(MbeMech* m, int c, MbeMechFlangeSet* A, MbeMechFlangeSet* B,
                             MbeSymId f) {
  mbe_mech_flange_add(m, c, 1, B, f);
  mbe_mech_flange_sub(m, c, 0, A, f);
  m->drive_f[c] = f;
}

// Spring, Damper, SpringDamper: f = c (rel - rel0) + d rel' at flange_b, -f at flange_a
static MbeStatus compliant_load(MbeMech* m, int c) {
  MbeSym* s = m->s;
  MbeMechKind kind = m->comps[c].kind;
  MbeMechFlangeSet *A, *B;
  MbeStatus st = mbe_mech_compliant_sets(m, c, &A, &B);
  if (st != MBE_OK)
    return st;
  bool rot = kind <= MBE_MC_ROT_SPRING_DAMPER;
  MbeSymId rel = mbe_sym_sub(s, B->pos, A->pos);
  MbeSymId relv = mbe_sym_sub(s, B->vel, A->vel);
  bool spring = kind == MBE_MC_ROT_SPRING || kind == MBE_MC_ROT_SPRING_DAMPER ||
                kind == MBE_MC_TRANS_SPRING || kind == MBE_MC_TRANS_SPRING_DAMPER;
  bool damper = kind != MBE_MC_ROT_SPRING && kind != MBE_MC_TRANS_SPRING;
  MbeSymId f = 0;
  if (spring) {
    MbeSymId cc = mbe_mech_param(m, c, "c", &st);
    MbeSymId r0 = mbe_mech_param(m, c, rot ? "phi_rel0" : "s_rel0", &st);
    MbeSymId x = mbe_sym_sub(s, rel, r0);
    f = mbe_sym_mul(s, cc, x);
  }
  if (damper) {
    MbeSymId d = mbe_mech_param(m, c, "d", &st);
    MbeSymId fd = mbe_sym_mul(s, d, relv);
    f = spring ? mbe_sym_add(s, f, fd) : fd;
  }
  mbe_mech_compliant_load(m, c, A, B, f);
  return st;
}

// tau (f) and the relative motion phi_rel (s_rel), w_rel (v_rel), a_rel: the MSL's
// PartialCompliant and PartialCompliantWithRelativeStates, so `phi_rel(fixed = true)` is an
// initial condition
static MbeStatus compliant_outputs(MbeMech* m, int c) {
  MbeSym* s = m->s;
  const MbeMechComp* comp = &m->comps[c];
  bool rot = comp->kind <= MBE_MC_ROT_SPRING_DAMPER;
  mbe_mech_signal_at(m, comp->name, rot ? "tau" : "f", m->drive_f[c]);
  int sa = mbe_mech_set_of(m, comp->flange[0]), sb = mbe_mech_set_of(m, comp->flange[1]);
  const MbeMechFlangeSet *A = &m->sets[sa], *B = &m->sets[sb];
  mbe_mech_signal_at(m, comp->name, rot ? "phi_rel" : "s_rel", mbe_sym_sub(s, B->pos, A->pos));
  mbe_mech_signal_at(m, comp->name, rot ? "w_rel" : "v_rel", mbe_sym_sub(s, B->vel, A->vel));
  if (A->line < 0 && B->line < 0) {  // a line force's flanges have no accelerations here
    MbeSymId a = mbe_sym_sub(s, mbe_mech_set_accel(m, sb), mbe_mech_set_accel(m, sa));
    mbe_mech_signal_at(m, comp->name, "a_rel", a);
  }
  return MBE_OK;
}

// Inertia, Mass, a 1-D Rotor1D: rides on the joint axis or the shaft of its flanges (one set: the
// element is rigid; a Mass of length L: flange_a's set, flange_b's moving with it), adding to
// that coordinate's inertia
MbeStatus mbe_mech_flange_inertia_load(MbeMech* m, int c) {
  const MbeMechComp* comp = &m->comps[c];
  int sa = mbe_mech_set_of(m, comp->flange[0]), sb = mbe_mech_set_of(m, comp->flange[1]);
  MbeStatus st = MBE_OK;
  int set = mbe_mech_rigid_length(m, c) != 0 ? sa : -1;
  for (int k = 0; k < 2 && set < 0; k++) {
    int sk = k == 0 ? sa : sb;
    if (sk < 0 || m->sets[sk].nflanges < 2)
      continue;  // unconnected
    if (set >= 0 && sk != set) {
      return mbe_mech_error(m, MBE_ERR_UNSUPPORTED, c,
                            "a 1-D inertia between two different shafts is a 1-D drive "
                            "train, which is not supported yet");
    }
    set = sk;
  }
  if (set < 0) {
    return mbe_mech_error(m, MBE_ERR_MODEL, c, "neither flange_a nor flange_b is connected");
  }
  if (m->sets[set].edge < 0) {
    return mbe_mech_error(m, MBE_ERR_MODEL, c,
                          "its flanges are fixed (a support, a Fixed, a Mounting1D) or a line "
                          "force's: an inertia there cannot move");
  }
  MbeSymId J = mbe_mech_param(m, c, comp->kind == MBE_MC_TRANS_MASS ? "m" : "J", &st);
  if (st != MBE_OK)
    return st;
  m->sets[set].inertia = mbe_sym_add(m->s, m->sets[set].inertia, J);
  m->drive_f[c] = (MbeSymId)set;  // outputs find the axis through this
  return MBE_OK;
}

// they move with their axis (a Mass's s: its centre, L/2 from flange_a)
static MbeStatus inertia_outputs(MbeMech* m, int c) {
  const MbeMechComp* comp = &m->comps[c];
  int set = (int)m->drive_f[c];
  bool rot = comp->kind != MBE_MC_TRANS_MASS;
  MbeSymId pos = m->sets[set].pos, L = mbe_mech_rigid_length(m, c);
  if (L != 0)
    pos = mbe_sym_add(m->s, pos, mbe_sym_mul(m->s, mbe_sym_const(m->s, 0.5), L));
  mbe_mech_signal_at(m, comp->name, rot ? "phi" : "s", pos);
  mbe_mech_signal_at(m, comp->name, rot ? "w" : "v", m->sets[set].vel);
  mbe_mech_signal_at(m, comp->name, "a", mbe_mech_set_accel(m, set));
  return MBE_OK;
}

// the step sources' accelerating torque or force: offset + (time < startTime ? 0 : step), a
// time event at startTime
static MbeSymId step_value(MbeMech* m, int c, bool trans, MbeStatus* st) {
  MbeSym* s = m->s;
  MbeSymId t0 = mbe_mech_param(m, c, "startTime", st);
  MbeSymId off = mbe_mech_param(m, c, trans ? "offsetForce" : "offsetTorque", st);
  MbeSymId h = mbe_mech_param(m, c, trans ? "stepForce" : "stepTorque", st);
  return mbe_sym_add(s, off, mbe_sym_mul(s, mbe_mech_from_time(m, t0), h));
}

// Torque, Force (input), ConstantTorque, ConstantForce, TorqueStep, ForceStep: the source
// drives, flange.tau = -f
static MbeStatus source_load(MbeMech* m, int c) {
  MbeStatus st = MBE_OK;
  const MbeMechComp* comp = &m->comps[c];
  int sb = mbe_mech_set_of(m, comp->flange[1]);
  if (sb < 0) {
    return mbe_mech_error(m, MBE_ERR_MODEL, c, "flange is not connected");
  }
  MbeSymId f;
  MbeMechKind k = comp->kind;
  if (k == MBE_MC_ROT_TORQUE || k == MBE_MC_TRANS_FORCE) {
    f = mbe_mech_input(m, c, k == MBE_MC_ROT_TORQUE ? "tau" : "f", 0);
    if (m->input_error != MBE_OK)
      return m->input_error;
  } else if (k == MBE_MC_ROT_TORQUE_STEP || k == MBE_MC_TRANS_FORCE_STEP) {
    f = step_value(m, c, k == MBE_MC_TRANS_FORCE_STEP, &st);
  } else {
    f = mbe_mech_param(m, c, k == MBE_MC_ROT_CONSTANT_TORQUE ? "tau_constant" : "f_constant", &st);
  }
  mbe_mech_flange_sub(m, c, 1, &m->sets[sb], f);
  int ss = mbe_mech_set_of(m, comp->flange[2]);  // the support takes the reaction
  if (ss >= 0 && m->sets[ss].nflanges > 1)
    mbe_mech_flange_add(m, c, 2, &m->sets[ss], f);
  m->drive_f[c] = f;
  return st;
}

// TorqueStep's tau (accelerating), ForceStep's f (the MSL's: minus the accelerating force)
static MbeStatus step_outputs(MbeMech* m, int c) {
  bool trans = m->comps[c].kind == MBE_MC_TRANS_FORCE_STEP;
  MbeSymId f = m->drive_f[c];
  mbe_mech_signal_at(m, m->comps[c].name, trans ? "f" : "tau", trans ? mbe_sym_neg(m->s, f) : f);
  return MBE_OK;
}

static MbeStatus source_outputs(MbeMech* m, int c) {
  MbeMechKind k = m->comps[c].kind;
  return k == MBE_MC_ROT_TORQUE_STEP || k == MBE_MC_TRANS_FORCE_STEP ? step_outputs(m, c) : MBE_OK;
}

static bool speed_source_trans(const MbeMech* m, int c) {
  MbeMechKind k = m->comps[c].kind;
  return k == MBE_MC_TRANS_LINEAR_FORCE || k == MBE_MC_TRANS_QUADRATIC_FORCE;
}

// The speed-dependent sources, x = w / w_nominal (v / v_nominal) relative to the support:
// QuadraticSpeedDependentTorque tau = tau_nominal x^2, or with TorqueDirection = false
// tau_nominal x |x|; LinearSpeedDependentTorque tau_nominal |x|, or tau_nominal x; the
// Translational twins the same with f_nominal and ForceDirection. flange.tau = -tau,
// support.tau = tau (tau accelerating)
static MbeStatus speed_source_load(MbeMech* m, int c) {
  MbeSym* s = m->s;
  MbeMechFlangeSet *F, *S;
  MbeStatus st = mbe_mech_source_sets(m, c, &F, &S);
  if (st != MBE_OK)
    return st;
  bool trans = speed_source_trans(m, c);
  MbeMechKind k = m->comps[c].kind;
  bool linear = k == MBE_MC_ROT_LINEAR_TORQUE || k == MBE_MC_TRANS_LINEAR_FORCE;
  S = S && S->nflanges > 1 ? S : NULL;
  MbeSymId w = S ? mbe_sym_sub(s, F->vel, S->vel) : F->vel;
  MbeSymId tn = mbe_mech_param(m, c, trans ? "f_nominal" : "tau_nominal", &st);
  MbeSymId wn = mbe_mech_param(m, c, trans ? "v_nominal" : "w_nominal", &st);
  MbeSymId x = mbe_sym_div(s, w, wn);
  MbeSymId ax = mbe_sym_fn(s, MBE_SYM_ABS, x);
  bool dir = mbe_mech_bool(m, c, trans ? "ForceDirection" : "TorqueDirection");
  MbeSymId val = linear ? (dir ? ax : x) : mbe_sym_mul(s, x, dir ? x : ax);
  MbeSymId tau = mbe_sym_mul(s, tn, val);
  mbe_mech_flange_sub(m, c, 1, F, tau);
  if (S)
    mbe_mech_flange_add(m, c, 2, S, tau);
  m->drive_f[c] = tau;
  m->drive_w[c] = w;
  return st;
}

// tau and w; the Translational twins' f (the MSL's: minus the accelerating force) and v
static MbeStatus speed_source_outputs(MbeMech* m, int c) {
  bool trans = speed_source_trans(m, c);
  MbeSymId f = trans ? mbe_sym_neg(m->s, m->drive_f[c]) : m->drive_f[c];
  mbe_mech_signal_at(m, m->comps[c].name, trans ? "f" : "tau", f);
  mbe_mech_signal_at(m, m->comps[c].name, trans ? "v" : "w", m->drive_w[c]);
  return MBE_OK;
}

const MbeMechClass mbe_mc_flange_fixed = {
    .role = MBE_ROLE_FLANGE, .flange = {"flange_a", "flange", "support"}, .axes = fixed_axes};
const MbeMechClass mbe_mc_flange_inertia = {.role = MBE_ROLE_FLANGE,
                                            .rigid = true,
                                            .load = mbe_mech_flange_inertia_load,
                                            .outputs = inertia_outputs};
// Rod: its flanges one set, or two L apart (shafts.c)
const MbeMechClass mbe_mc_flange_rod = {.role = MBE_ROLE_FLANGE, .rigid = true};
const MbeMechClass mbe_mc_flange_compliant = {
    .role = MBE_ROLE_FLANGE, .load = compliant_load, .outputs = compliant_outputs};
const MbeMechClass mbe_mc_flange_source = {.role = MBE_ROLE_FLANGE,
                                           .flange = {"flange_a", "flange", "support"},
                                           .load = source_load,
                                           .outputs = source_outputs};
const MbeMechClass mbe_mc_flange_speed_source = {.role = MBE_ROLE_FLANGE,
                                                 .flange = {"flange_a", "flange", "support"},
                                                 .load = speed_source_load,
                                                 .outputs = speed_source_outputs};
