// SPDX-License-Identifier: Apache-2.0
// The 1-D sensors of what flows through a cut: Rotational.Sensors.TorqueSensor, PowerSensor,
// MultiSensor and their Translational twins ForceSensor, PowerSensor, MultiSensor. Each is a
// rigid link (its flanges one set) that reads flange_a.tau: the torque the elements on the side
// of flange_b take (or minus that of flange_a's side).
//
// A side is what the connections reach from the sensor's flange through rigid elements and
// gears (IdealGear and its kin, a Mass or Rod of length L), the sensor itself left out. Its torque
// follows from virtual work: the side moves with the sensor's coordinate q only, set S at
// pos_S = k_S q + c, so the torque at the cut is the sum over the side's sets of
// (k_S / k_sensor) (the 1-D elements' recorded flange torques + J a of the inertias). A fixed set
// does no work. A side that holds a joint's axis (whose 3-D loads are not 1-D records), a set that
// another coordinate moves (a differential), a line force's flange or a rotor with 3-D effects
// is not used; where neither side can be, the sensor is refused.
#include <string.h>

#include "mech_internal.h"

static bool is_translational(MbeMechKind k) {
  return k == MBE_MC_TRANS_FORCE_SENSOR || k == MBE_MC_TRANS_POWER_SENSOR ||
         k == MBE_MC_TRANS_MULTI_SENSOR;
}

// whether connection label `label` is in S (n labels)
static bool in_side(const int* S, size_t n, int label) {
  for (size_t i = 0; i < n; i++) {
    if (S[i] == label)
      return true;
  }
  return false;
}

// adds the connection sets of component o's flanges (flange_a, flange_b, support) to S where one
// of them is in it; true when S grew
static bool grow_through(const MbeMech* m, const MbeMechComp* o, int* S, size_t* n) {
  bool any = false, grew = false;
  for (int k = 0; k < 3; k++)
    any = any || (o->flange[k] >= 0 && in_side(S, *n, m->flange_conn[o->flange[k]]));
  for (int k = 0; k < 3 && any; k++) {
    int l = o->flange[k] >= 0 ? m->flange_conn[o->flange[k]] : -1;
    if (l >= 0 && !in_side(S, *n, l))
      S[(*n)++] = l, grew = true;
  }
  return grew;
}

// the connection sets reached from `start` through rigid elements and gears other than the
// sensor c (labels into S, room for nflanges)
static size_t side_of(MbeMech* m, int c, int start, int* S) {
  size_t n = 0;
  S[n++] = start;
  for (bool grew = true; grew;) {
    grew = false;
    for (size_t j = 0; j < m->ncomps; j++) {
      const MbeMechComp* o = &m->comps[j];
      if ((int)j != c && (mbe_mech_class(o->kind)->rigid || mbe_mech_is_gear(m, (int)j)))
        grew = grow_through(m, o, S, &n) || grew;
    }
  }
  return n;
}

// why side S cannot give the sensor's torque (NULL: it can)
static const char* side_unusable(MbeMech* m, int c, const int* S, size_t n) {
  const MbeMechFlangeSet* own = &m->sets[mbe_mech_set_of(m, m->comps[c].flange[0])];
  for (size_t j = 0; j < m->ncomps; j++) {
    const MbeMechComp* o = &m->comps[j];
    MbeMechRole r = mbe_mech_class(o->kind)->role;
    if ((r == MBE_ROLE_JOINT || r == MBE_ROLE_ASSEMBLY) && o->flange[0] >= 0 &&
        in_side(S, n, m->flange_conn[o->flange[0]]))
      return "a joint's axis";
  }
  for (size_t f = 0; f < m->nflanges; f++) {
    if (!in_side(S, n, m->flange_conn[f]))
      continue;
    const MbeMechFlangeSet* set = &m->sets[m->flange_set[f]];
    if (set->line >= 0)
      return "a line force's flange";
    if (set->edge >= 0 && m->edges[set->edge].comp >= 0 &&
        mbe_mech_rotor_3d(m, m->edges[set->edge].comp))
      return "a Rotor1D with 3-D effects";
    if (set == own)
      continue;
    if (set->edge2 >= 0 || own->edge2 >= 0 ||
        (set->edge >= 0 && (set->edge != own->edge || set->dof != own->dof)))
      return "a part that another coordinate moves";
    if (set->edge < 0 && own->edge < 0)
      return "a fixed flange beyond a gear";
  }
  return NULL;
}

// k_S / k_sensor of set k: 1 for the sensor's own set, 0 for a fixed one
static MbeSymId side_weight(MbeMech* m, int c, int k) {
  MbeSym* s = m->s;
  int own = mbe_mech_set_of(m, m->comps[c].flange[0]);
  const MbeMechFlangeSet* set = &m->sets[k];
  if (k == own)
    return mbe_sym_const(s, 1.0);
  if (set->edge < 0)
    return 0;
  MbeSymId one = mbe_sym_const(s, 1.0);
  MbeSymId ks = set->scale ? set->scale : one, ko = m->sets[own].scale ? m->sets[own].scale : one;
  return mbe_sym_div(s, ks, ko);
}

static bool is_inertia(const MbeMech* m, int j) {
  MbeMechKind k = m->comps[j].kind;
  return k == MBE_MC_ROT_INERTIA || k == MBE_MC_TRANS_MASS ||
         (k == MBE_MC_ROTOR_1D && !mbe_mech_rotor_3d(m, j));
}

// the torques acting on the elements of side S at its flanges, weighted: the 1-D elements'
// recorded torques and the inertias' J a
static MbeSymId side_torque(MbeMech* m, int c, const int* S, size_t n) {
  MbeSym* s = m->s;
  MbeSymId sum = 0;
  for (size_t i = 0; i < m->nfl; i++) {
    int f = m->fl_flange[i] >= 0 ? m->fl_flange[i] : -1 - m->fl_flange[i];
    if (!in_side(S, n, m->flange_conn[f]))
      continue;
    MbeSymId w = side_weight(m, c, m->flange_set[f]);
    MbeSymId v = w ? mbe_sym_mul(s, w, m->fl_value[i]) : 0;
    sum = m->fl_flange[i] >= 0 ? mbe_sym_add(s, sum, v) : mbe_sym_sub(s, sum, v);
  }
  for (size_t j = 0; j < m->ncomps; j++) {
    const MbeMechComp* o = &m->comps[j];
    if ((int)j == c || !is_inertia(m, (int)j) || o->flange[0] < 0 ||
        !in_side(S, n, m->flange_conn[o->flange[0]]))
      continue;
    int k = mbe_mech_set_of(m, o->flange[0]);
    MbeSymId w = side_weight(m, c, k);
    if (w == 0 || m->sets[k].edge < 0)
      continue;  // on a fixed flange: no acceleration
    MbeStatus st = MBE_OK;
    MbeSymId J = mbe_mech_param(m, (int)j, o->kind == MBE_MC_TRANS_MASS ? "m" : "J", &st);
    MbeSymId Ja = mbe_sym_mul(s, J, mbe_mech_set_accel(m, k));
    sum = mbe_sym_add(s, sum, mbe_sym_mul(s, w, Ja));
  }
  return sum;
}

// flange_a.tau (flange_a.f): what drives the side of flange_b, or minus what flange_a's side takes
static MbeSymId flow_tau(MbeMech* m, int c, int elem, int depth, MbeStatus* st) {
  (void)elem, (void)depth;
  const MbeMechComp* comp = &m->comps[c];
  if (m->udot == NULL) {
    *st = mbe_mech_error(m, MBE_ERR_UNSUPPORTED, c,
                         "its %s is read where the accelerations are not known yet (a force "
                         "or drive that depends on it); not supported yet",
                         is_translational(comp->kind) ? "force" : "torque");
    return 0;
  }
  if (comp->flange[0] < 0 || comp->flange[1] < 0) {
    *st = mbe_mech_error(m, MBE_ERR_MODEL, c, "flange_a and flange_b must be connected");
    return 0;
  }
  int* S = mbe_malloc((m->nflanges + 1) * sizeof *S);
  if (S == NULL) {
    *st = mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
    return 0;
  }
  size_t n = side_of(m, c, m->flange_conn[comp->flange[1]], S);
  const char* why_b = side_unusable(m, c, S, n);
  MbeSymId tau = 0;
  if (why_b == NULL) {
    tau = side_torque(m, c, S, n);
  } else {
    n = side_of(m, c, m->flange_conn[comp->flange[0]], S);
    const char* why_a = side_unusable(m, c, S, n);
    if (why_a == NULL) {
      tau = mbe_sym_neg(m->s, side_torque(m, c, S, n));
    } else {
      *st = mbe_mech_error(m, MBE_ERR_UNSUPPORTED, c,
                           "what it measures is not known: flange_b's side holds %s and "
                           "flange_a's side %s; not supported yet",
                           why_b, why_a);
    }
  }
  mbe_free(S);
  return tau;
}

// flange_a's speed
static MbeSymId flow_speed(MbeMech* m, int c) {
  return m->sets[mbe_mech_set_of(m, m->comps[c].flange[0])].vel;
}

// output var: tau (f), power = tau w (f v) or w (v) of flange_a
static MbeSymId flow_var(MbeMech* m, int c, int var, int elem, int depth, MbeStatus* st) {
  const char* own = m->flat->vars[var].name + strlen(m->comps[c].name) + 1;
  if (strcmp(own, "w") == 0 || strcmp(own, "v") == 0)
    return flow_speed(m, c);
  MbeSymId tau = flow_tau(m, c, elem, depth, st);
  if (strcmp(own, "power") != 0)
    return tau;
  MbeSymId w = flow_speed(m, c);
  return w ? mbe_sym_mul(m->s, tau, w) : 0;
}

// the class's outputs: tau (f); power; tau (f), w (v) and power
static MbeStatus flow_outputs(MbeMech* m, int c) {
  MbeStatus st = MBE_OK;
  const MbeMechComp* comp = &m->comps[c];
  MbeMechKind k = comp->kind;
  bool trans = is_translational(k);
  MbeSymId tau = flow_tau(m, c, 0, 0, &st), w = flow_speed(m, c);
  bool power = k != MBE_MC_ROT_TORQUE_SENSOR && k != MBE_MC_TRANS_FORCE_SENSOR;
  bool multi = k == MBE_MC_ROT_MULTI_SENSOR || k == MBE_MC_TRANS_MULTI_SENSOR;
  if (!power || multi)
    mbe_mech_signal_at(m, comp->name, trans ? "f" : "tau", tau);
  if (power)
    mbe_mech_signal_at(m, comp->name, "power", w ? mbe_sym_mul(m->s, tau, w) : 0);
  if (multi)
    mbe_mech_signal_at(m, comp->name, trans ? "v" : "w", w);
  return st;
}

// a rigid link: flange_a and flange_b are one set
const MbeMechClass mbe_mc_flow_sensor = {.role = MBE_ROLE_FLANGE,
                                         .rigid = true,
                                         .block = flow_tau,
                                         .block_var = flow_var,
                                         .outputs = flow_outputs};
