// SPDX-License-Identifier: Apache-2.0
// 1-D shafts with a motion of their own, and Parts.Rotor1D.
//
// A 1-D flange set that holds an inertia (Rotational Inertia, Translational Mass, a Rotor1D
// without 3-D effects) and whose position nothing else defines (no joint axis or support, fixed
// flange, Mounting1D, line force, rotor) is a shaft: it gets an edge of its own from the ground,
// a revolute (prismatic) whose child point carries nothing 3-D, so that its coordinate is a state
// of the tree like a joint's and every 1-D element (springs, sources, kinematic drives, sensors)
// acts on it as on a joint axis. Its inertia is its set's, on the mass matrix's diagonal.
//
// Parts.Rotor1D with world.driveTrainMechanics3D = true (its frame_a present) is a revolute from
// its frame_a's point about n to a point of its own that carries the inertia J e e^T, with
// -J e e^T on the carrier: the MSL's rotor takes the axial inertia of the carrier's motion to
// belong to the carrier body (GyroscopicEffects: the full cylinder is a body on the carrier,
// the rotor adds the relative rotation), so its momentum is J e w relative to the carrier. With
// H_r = J e (e.w_a + w) on the rotor's point and -J e e^T w_a on the carrier's, the tree's
// equations give exactly the MSL's
//     J a = flange_a.tau + flange_b.tau - J e.der(w_a)
//     frame_a.t = cross(w_a, J e w) - e (J e.der(w_a))
// except that a generalized force on a relative coordinate also acts, reversed, on the carrier,
// while the MSL's flange torques react where their sources' supports are (a Mounting1D, the
// ground): frame_a carries e Q back to the carrier, Q the torque the rotor's flanges receive.
// exact = false (the carrier's acceleration left out of J a) is refused.
//
// Rotational.Components.IdealGear (flange_a.phi - phi_s = ratio (flange_b.phi - phi_s), its
// support fixed) joins the sets on its two sides into one shaft: the side away from the shaft's
// own set (or the joint axis) moves as pos = k q + c with k the product of the ratios on the way,
// so its loads enter the coordinate's generalized force times k and its inertias its mass
// matrix entry times k^2 (the reflected inertia): rigidly geared inertias are one state. Gears
// between two sets that something else moves (two joint axes, a joint and a fixed flange) would
// close a kinematic loop: refused.
#include <string.h>

#include "mech_internal.h"

static int find(int* up, int i) {
  while (up[i] != i)
    i = up[i] = up[up[i]];
  return i;
}

static bool is_inertia(MbeMechKind k) {
  return k == MBE_MC_ROT_INERTIA || k == MBE_MC_TRANS_MASS || k == MBE_MC_ROTOR_1D;
}

// a Rotor1D whose frame_a is present (world.driveTrainMechanics3D = true)
static bool rotor_3d(const MbeMech* m, int c) {
  return m->comps[c].kind == MBE_MC_ROTOR_1D && m->comps[c].frame_a >= 0;
}

// whether the owner of a flange in a set defines the set's position itself
static bool defines_position(const MbeMech* m, int c) {
  MbeMechKind k = m->comps[c].kind;
  MbeMechRole role = mbe_mech_class(k)->role;
  if (role != MBE_ROLE_FLANGE && role != MBE_ROLE_USER)
    return true;  // a joint's axis or support, a line force's flange
  return k == MBE_MC_ROT_FIXED || k == MBE_MC_TRANS_FIXED || k == MBE_MC_MOUNTING_1D ||
         rotor_3d(m, c);
}

void mbe_mech_shaft_set(MbeMech* m, int c, int k, int edge) {
  int set = mbe_mech_set_of(m, m->comps[c].flange[k]);
  if (set >= 0)
    m->sets[set].shaft = edge;
}

static MbeStatus new_shaft(MbeMech* m, int set, int owner) {
  bool rot = m->sets[set].is_rotational;
  int p = mbe_mech_new_point(m);
  if (p < 0)
    return mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
  MbeV3 z = mbe_v3_const(m->s, (const double[3]){0, 0, 1});
  MbeStatus st = mbe_mech_elementary(m, owner, rot ? MBE_EDGE_REVOLUTE : MBE_EDGE_PRISMATIC, -1, p,
                                     &z, rot ? "phi" : "s", rot ? "w" : "v");
  if (st != MBE_OK)
    return st;
  m->edges[m->nedges - 1].shaft = true;
  m->sets[set].shaft = (int)m->nedges - 1;
  return MBE_OK;
}

// the sets that gears join share one root in up[]
static void gear_groups(MbeMech* m, int* up) {
  for (size_t k = 0; k < m->nsets; k++)
    up[k] = (int)k;
  for (size_t c = 0; c < m->ncomps; c++) {
    if (m->comps[c].kind != MBE_MC_ROT_IDEAL_GEAR)
      continue;
    int a = mbe_mech_set_of(m, m->comps[c].flange[0]),
        b = mbe_mech_set_of(m, m->comps[c].flange[1]);
    if (a >= 0 && b >= 0)
      up[find(up, a)] = find(up, b);
  }
}

// a gear in the group of set k (for messages)
static int gear_of(MbeMech* m, int* up, int k) {
  for (size_t c = 0; c < m->ncomps; c++) {
    int a = mbe_mech_set_of(m, m->comps[c].flange[0]);
    if (m->comps[c].kind == MBE_MC_ROT_IDEAL_GEAR && a >= 0 && find(up, a) == find(up, k))
      return (int)c;
  }
  return -1;
}

// each group of geared sets: moved by at most one set's own definition; where none moves it and
// it holds an inertia, a shaft at the first inertia's set
static MbeStatus group_shafts(MbeMech* m, const bool* defined, const int* owner, int* up) {
  MbeStatus st = MBE_OK;
  int* first = mbe_malloc((m->nsets + 1) * sizeof *first);  // per group: a defined set, -1
  if (first == NULL)
    return mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
  for (size_t k = 0; k < m->nsets; k++)
    first[k] = -1;
  for (size_t k = 0; k < m->nsets && st == MBE_OK; k++) {
    int g = find(up, (int)k);
    if (!defined[k])
      continue;
    if (first[g] >= 0) {
      st = mbe_mech_error(m, MBE_ERR_UNSUPPORTED, gear_of(m, up, (int)k),
                          "its gear train joins two shafts that other parts move (joint axes, "
                          "fixed flanges, rotors): a kinematic loop through gears is not "
                          "supported yet");
    }
    first[g] = (int)k;
  }
  for (size_t k = 0; k < m->nsets && st == MBE_OK; k++) {
    int g = find(up, (int)k);
    if (owner[k] >= 0 && first[g] < 0) {
      st = new_shaft(m, (int)k, owner[k]);
      first[g] = (int)k;
    }
  }
  mbe_free(first);
  return st;
}

MbeStatus mbe_mech_shafts(MbeMech* m) {
  bool* defined = mbe_calloc(m->nsets + 1, sizeof *defined);
  int* owner = mbe_malloc((m->nsets + 1) * sizeof *owner);
  int* up = mbe_malloc((m->nsets + 1) * sizeof *up);
  if (!defined || !owner || !up) {
    mbe_free(defined), mbe_free(owner), mbe_free(up);
    return mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
  }
  for (size_t k = 0; k < m->nsets; k++)
    owner[k] = -1;
  for (size_t i = 0; i < m->nflanges; i++) {
    int set = m->flange_set[i];
    int p = m->flat->insts[m->flange_inst[i]].parent;
    int c = p >= 0 ? m->inst_comp[p] : -1;
    if (c < 0)
      continue;  // a connector of the model itself
    if (defines_position(m, c) || m->sets[set].shaft >= 0)
      defined[set] = true;
    else if (is_inertia(m->comps[c].kind) && owner[set] < 0)
      owner[set] = c;
  }
  gear_groups(m, up);
  MbeStatus st = group_shafts(m, defined, owner, up);
  mbe_free(defined), mbe_free(owner), mbe_free(up);
  return st;
}

MbeSymId mbe_mech_set_accel(MbeMech* m, int k) {
  const MbeMechFlangeSet* set = &m->sets[k];
  if (set->edge < 0)
    return 0;
  MbeSymId a = m->edges[set->edge].udot[0];
  return set->scale != 0 ? mbe_sym_mul(m->s, set->scale, a) : a;
}

/* ---- Rotational.Components.IdealGear -------------------------------------------------------- */

static bool set_known(const MbeMechFlangeSet* S) {
  return S->edge >= 0 || S->is_ground;
}

// set T from set F through a gear: pos_T - ps = r (pos_F - ps) (r: ratio or 1/ratio)
static void gear_follow(MbeMech* m, MbeMechFlangeSet* T, const MbeMechFlangeSet* F, MbeSymId r,
                        MbeSymId ps) {
  MbeSym* s = m->s;
  T->edge = F->edge;
  T->is_ground = F->is_ground;
  T->pos = mbe_sym_add(s, mbe_sym_mul(s, r, mbe_sym_sub(s, F->pos, ps)), ps);
  T->vel = F->edge >= 0 ? mbe_sym_mul(s, r, F->vel) : 0;
  T->scale = mbe_sym_mul(s, r, F->scale != 0 ? F->scale : mbe_sym_const(s, 1.0));
}

// one gear: whichever side is known moves the other; *changed when it did
static MbeStatus gear_step(MbeMech* m, int c, bool* changed) {
  MbeSym* s = m->s;
  const MbeMechComp* comp = &m->comps[c];
  int a = mbe_mech_set_of(m, comp->flange[0]), b = mbe_mech_set_of(m, comp->flange[1]);
  int sp = mbe_mech_set_of(m, comp->flange[2]);
  if (a < 0 || b < 0)
    return MBE_OK;
  MbeMechFlangeSet *A = &m->sets[a], *B = &m->sets[b];
  if (set_known(A) == set_known(B))
    return MBE_OK;
  MbeMechFlangeSet* S = sp >= 0 && m->sets[sp].nflanges > 1 ? &m->sets[sp] : NULL;
  if (S != NULL && !S->is_ground) {
    return mbe_mech_error(m, MBE_ERR_UNSUPPORTED, c,
                          "its support moves (a planetary carrier, a gearbox on a shaft); a "
                          "gear's support must be fixed (a Fixed, a Mounting1D) yet");
  }
  if (A->line >= 0 || B->line >= 0) {
    return mbe_mech_error(m, MBE_ERR_UNSUPPORTED, c,
                          "it drives a line force's flange; that is not supported yet");
  }
  MbeStatus st = MBE_OK;
  MbeSymId r = mbe_mech_param(m, c, "ratio", &st);
  MbeSymId ps = S != NULL ? S->pos : 0;
  if (st != MBE_OK)
    return st;
  if (set_known(A))
    gear_follow(m, B, A, mbe_sym_div(s, mbe_sym_const(s, 1.0), r), ps);
  else
    gear_follow(m, A, B, r, ps);
  *changed = true;
  return MBE_OK;
}

MbeStatus mbe_mech_gear_sets(MbeMech* m) {
  bool changed = true;
  MbeStatus st = MBE_OK;
  while (changed && st == MBE_OK) {
    changed = false;
    for (size_t c = 0; c < m->ncomps && st == MBE_OK; c++) {
      if (m->comps[c].kind == MBE_MC_ROT_IDEAL_GEAR)
        st = gear_step(m, (int)c, &changed);
    }
  }
  return st;
}

// phi_a and phi_b (from the support) and the sets' speeds
static MbeStatus gear_outputs(MbeMech* m, int c) {
  MbeSym* s = m->s;
  const MbeMechComp* comp = &m->comps[c];
  int a = mbe_mech_set_of(m, comp->flange[0]), b = mbe_mech_set_of(m, comp->flange[1]);
  int sp = mbe_mech_set_of(m, comp->flange[2]);
  MbeSymId ps = sp >= 0 && m->sets[sp].nflanges > 1 ? m->sets[sp].pos : 0;
  if (a >= 0 && set_known(&m->sets[a]))
    mbe_mech_signal_at(m, comp->name, "phi_a", mbe_sym_sub(s, m->sets[a].pos, ps));
  if (b >= 0 && set_known(&m->sets[b]))
    mbe_mech_signal_at(m, comp->name, "phi_b", mbe_sym_sub(s, m->sets[b].pos, ps));
  return MBE_OK;
}

const MbeMechClass mbe_mc_ideal_gear = {.role = MBE_ROLE_FLANGE,
                                        .flange = {"flange_a", "flange_b", "support"},
                                        .outputs = gear_outputs};

/* ---- Parts.Rotor1D -------------------------------------------------------------------------- */

// how many frame connectors are at point p
static int frames_at(const MbeMech* m, int p) {
  int n = 0;
  for (size_t f = 0; f < m->nframes; f++)
    n += m->frames[f].point == p;
  return n;
}

static MbeStatus rotor_build(MbeMech* m, int c) {
  if (!rotor_3d(m, c))
    return MBE_OK;  // a 1-D inertia (mbe_mech_shafts)
  MbeSym* s = m->s;
  const MbeMechComp* comp = &m->comps[c];
  int pa = mbe_mech_point_of(m, comp->frame_a);
  if (frames_at(m, pa) < 2) {
    return mbe_mech_error(m, MBE_ERR_MODEL, c,
                          "frame_a is not connected: with world.driveTrainMechanics3D = true "
                          "the rotor turns in the carrier at its frame_a (connect it, or set "
                          "driveTrainMechanics3D = false for a 1-D inertia)");
  }
  if (!mbe_mech_bool(m, c, "exact")) {
    return mbe_mech_error(m, MBE_ERR_UNSUPPORTED, c,
                          "exact = false (the carrier's acceleration left out of the rotor's) is "
                          "not supported yet; exact = true is");
  }
  MbeV3 e;
  MbeStatus st = mbe_mech_unit_axis(m, c, "n", &e);
  MbeSymId J = mbe_mech_param(m, c, "J", &st);
  int pr = mbe_mech_new_point(m);
  if (st != MBE_OK)
    return st;
  if (pr < 0)
    return mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
  st = mbe_mech_elementary(m, c, MBE_EDGE_REVOLUTE, pa, pr, &e, "phi", "w");
  if (st != MBE_OK)
    return st;
  mbe_mech_shaft_set(m, c, 0, m->comps[c].edge0);
  mbe_mech_shaft_set(m, c, 1, m->comps[c].edge0);
  MbeM3 I, nI;
  for (int i = 0; i < 3; i++) {
    for (int j = 0; j < 3; j++) {
      MbeSymId v = mbe_sym_mul(s, J, mbe_sym_mul(s, e.e[i], e.e[j]));
      I.e[3 * i + j] = v;
      nI.e[3 * i + j] = mbe_sym_neg(s, v);
    }
  }
  m->comps[c].frame_loads = true;
  st = mbe_mech_add_point_body(m, c, pr, I);
  return st == MBE_OK ? mbe_mech_add_point_body(m, c, pa, nI) : st;
}

// the 1-D rotor's inertia is its set's (on a shaft)
static MbeStatus rotor_load(MbeMech* m, int c) {
  if (rotor_3d(m, c))
    return MBE_OK;
  return mbe_mech_flange_inertia_load(m, c);
}

// frame_a gives the carrier back what the rotor's flanges receive, about e
static MbeStatus rotor_forces(MbeMech* m, int c) {
  if (!rotor_3d(m, c))
    return MBE_OK;
  MbeSym* s = m->s;
  const MbeMechComp* comp = &m->comps[c];
  const MbeMechEdge* ed = &m->edges[comp->edge0];
  int set = mbe_mech_set_of(m, comp->flange[0]);
  MbeSymId q = set >= 0 ? m->sets[set].load : 0;
  mbe_mech_set_wrench(m, comp->frame_a, mbe_v3_scale(s, mbe_sym_neg(s, q), ed->axis),
                      mbe_v3_zero());
  return MBE_OK;
}

static MbeStatus rotor_outputs(MbeMech* m, int c) {
  const MbeMechComp* comp = &m->comps[c];
  int set = mbe_mech_set_of(m, comp->flange[0]);
  if (set < 0 || m->sets[set].edge < 0)
    return MBE_OK;
  mbe_mech_signal_at(m, comp->name, "phi", m->sets[set].pos);
  mbe_mech_signal_at(m, comp->name, "w", m->sets[set].vel);
  mbe_mech_signal_at(m, comp->name, "a", mbe_mech_set_accel(m, set));
  return MBE_OK;
}

const MbeMechClass mbe_mc_rotor_1d = {.role = MBE_ROLE_FLANGE,
                                      .rigid = true,
                                      .build = rotor_build,
                                      .load = rotor_load,
                                      .forces = rotor_forces,
                                      .outputs = rotor_outputs};
