// SPDX-License-Identifier: Apache-2.0
// Rotational.Sensors AngleSensor, SpeedSensor, AccSensor, RelAngleSensor, RelSpeedSensor,
// RelAccSensor and their Translational twins (PositionSensor, SpeedSensor, AccSensor,
// RelPositionSensor, RelSpeedSensor, RelAccSensor): their outputs are the positions, speeds and
// accelerations of their flange sets (relative: flange_b's less flange_a's). A position or speed
// is known with the states, so it may drive a force or a controller (feedback); an acceleration
// only once the accelerations are solved, so it may be output and asserted on, not fed back.
#include "mech_internal.h"

typedef enum { SENSE_POS, SENSE_VEL, SENSE_ACC } Sense;

static bool relative(MbeMechKind k) {
  return k == MBE_MC_ROT_REL_ANGLE_SENSOR || k == MBE_MC_ROT_REL_SPEED_SENSOR ||
         k == MBE_MC_ROT_REL_ACC_SENSOR || k == MBE_MC_TRANS_REL_POSITION_SENSOR ||
         k == MBE_MC_TRANS_REL_SPEED_SENSOR || k == MBE_MC_TRANS_REL_ACC_SENSOR;
}

static Sense sense(MbeMechKind k) {
  switch (k) {
    case MBE_MC_ROT_ANGLE_SENSOR:
    case MBE_MC_ROT_REL_ANGLE_SENSOR:
    case MBE_MC_TRANS_POSITION_SENSOR:
    case MBE_MC_TRANS_REL_POSITION_SENSOR: return SENSE_POS;
    case MBE_MC_ROT_SPEED_SENSOR:
    case MBE_MC_ROT_REL_SPEED_SENSOR:
    case MBE_MC_TRANS_SPEED_SENSOR:
    case MBE_MC_TRANS_REL_SPEED_SENSOR: return SENSE_VEL;
    default: return SENSE_ACC;
  }
}

// the name of the output: phi, w, a, phi_rel, w_rel, a_rel; s, v, a, s_rel, v_rel, a_rel
static const char* output_name(MbeMechKind k) {
  static const char *const rot[3] = {"phi", "w", "a"}, *const trans[3] = {"s", "v", "a"};
  static const char *const rrot[3] = {"phi_rel", "w_rel", "a_rel"}, *const rtrans[3] = {
                                                                        "s_rel", "v_rel", "a_rel"};
  bool r = k >= MBE_MC_ROT_ANGLE_SENSOR && k <= MBE_MC_ROT_REL_ACC_SENSOR;
  const char* const* names = relative(k) ? (r ? rrot : rtrans) : (r ? rot : trans);
  return names[sense(k)];
}

// the quantity of flange k's set (0 for a fixed one); -1 with the error set
static MbeSymId flange_value(MbeMech* m, int c, int k, Sense q, MbeStatus* st) {
  int set = mbe_mech_set_of(m, m->comps[c].flange[k]);
  if (set < 0 || m->sets[set].nflanges < 2) {
    *st = mbe_mech_error(m, MBE_ERR_MODEL, c, "%s is not connected",
                         k == 0                                 ? "flange_a"
                         : k == 1 && relative(m->comps[c].kind) ? "flange_b"
                                                                : "flange");
    return 0;
  }
  const MbeMechFlangeSet* S = &m->sets[set];
  if (S->edge < 0 && !S->is_ground && S->line < 0) {
    *st = mbe_mech_error(m, MBE_ERR_UNSUPPORTED, c,
                         "its flange is on no joint axis, shaft or fixed flange that mbens moves");
    return 0;
  }
  MbeSymId zero = mbe_sym_const(m->s, 0.0);
  switch (q) {
    case SENSE_POS: return S->pos;
    case SENSE_VEL: return S->edge >= 0 || S->line >= 0 ? S->vel : zero;
    default: {
      MbeSymId a = mbe_mech_set_accel(m, set);
      if (S->line >= 0 && S->edge < 0)
        mbe_mech_der(m, S->vel, &a);
      return a != 0 ? a : zero;
    }
  }
}

// the sensor's output; an acceleration only after the accelerations are solved
static MbeSymId sensor_value(MbeMech* m, int c, int elem, int depth, MbeStatus* st) {
  (void)elem, (void)depth;
  MbeMechKind k = m->comps[c].kind;
  Sense q = sense(k);
  if (q == SENSE_ACC && m->udot == NULL) {
    *st = mbe_mech_error(m, MBE_ERR_UNSUPPORTED, c,
                         "an acceleration cannot drive a force or a controller (it is known only "
                         "once the forces are); feed back a position or speed");
    return 0;
  }
  MbeSymId b = flange_value(m, c, 1, q, st);
  if (*st != MBE_OK || !relative(k))
    return b;
  MbeSymId a = flange_value(m, c, 0, q, st);
  return *st == MBE_OK ? mbe_sym_sub(m->s, b, a) : 0;
}

static MbeStatus sensor_outputs(MbeMech* m, int c) {
  MbeStatus st = MBE_OK;
  MbeSymId y = sensor_value(m, c, 0, 0, &st);
  if (st == MBE_OK)
    mbe_mech_signal_at(m, m->comps[c].name, output_name(m->comps[c].kind), y);
  return st;
}

const MbeMechClass mbe_mc_flange_sensor = {.role = MBE_ROLE_FLANGE,
                                           .flange = {"flange_a", "flange"},
                                           .block = sensor_value,
                                           .outputs = sensor_outputs};
const MbeMechClass mbe_mc_flange_rel_sensor = {
    .role = MBE_ROLE_FLANGE, .block = sensor_value, .outputs = sensor_outputs};
