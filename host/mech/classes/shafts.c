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
// With exact = false the MSL leaves the carrier's acceleration out of the rotor's equation,
// J a = flange_a.tau + flange_b.tau, and keeps frame_a.t as above: the rotor is then a 1-D shaft
// (its own edge from the ground), the carrier carries -J e e^T and, at frame_a, the rest of that
// torque, w_a x J e (w + e.w_a) (rotor_loose).
//
// Rotational.Components.IdealGear (flange_a.phi - phi_s = ratio (flange_b.phi - phi_s), its
// support fixed) joins the sets on its two sides into one shaft: the side away from the shaft's
// own set (or the joint axis) moves as pos = k q + c with k the product of the ratios on the way,
// so its loads enter the coordinate's generalized force times k and its inertias its mass
// matrix entry times k^2 (the reflected inertia): rigidly geared inertias are one state. A gear
// directly between two joint axes (Joints.GearConstraint: two revolutes in a bearing) is a
// constraint row instead, q_a - ratio q_b = 0, with the dependent coordinate in closed form (as a
// kinematic drive's; the one whose start is not fixed, else q_a) and the row's multiplier the
// gear's torque. So is a gear between two 3-D rotors in its housing (a BevelGear1D's frame_a,
// the moving Mounting1D at an IdealGear's support; see housing_check). Other gear trains
// between two sets that something else moves close a loop: refused.
//
// Where a gear's known sets move with two coordinates (a differential), the set it moves is a
// combination of both (MbeMechFlangeSet.edge2): its loads act on both coordinates and its
// inertia couples them in H.
//
// Parts.BevelGear1D is an IdealGear (support fixed) between shafts of any directions; its
// housing takes -flange_a.tau n_a - flange_b.tau n_b.
//
// A Translational Mass or Rod whose length L is not the constant 0 is such a relation too, with
// ratio 1 and an offset: flange_a.s = flange_b.s - L (its two flanges stay two sets, where with
// L = 0 they are merged into one). A Mass's shaft has the Mass's s (its centre) as coordinate,
// its flanges at -L/2 and +L/2 (mbe_mech_shaft_offset).
#include <string.h>

#include "mech_internal.h"

MbeSymId mbe_mech_rigid_length(MbeMech* m, int c) {
  MbeMechKind k = m->comps[c].kind;
  if (k != MBE_MC_TRANS_MASS && k != MBE_MC_TRANS_ROD)
    return 0;
  MbeStatus st = MBE_OK;
  MbeSymId L = mbe_mech_param(m, c, "L", &st);
  const MbeSymNode* n = &m->s->nodes[L];
  return st != MBE_OK || (n->op == MBE_SYM_CONST && n->value == 0) ? 0 : L;
}

bool mbe_mech_is_gear(const MbeMech* m, int c) {
  MbeMechKind k = m->comps[c].kind;
  return k == MBE_MC_ROT_IDEAL_GEAR || k == MBE_MC_ROT_IDEAL_PLANETARY ||
         k == MBE_MC_ROT_IDEAL_GEAR_R2T || k == MBE_MC_ROT_IDEAL_ROLLING_WHEEL ||
         k == MBE_MC_BEVEL_GEAR_1D ||
         mbe_mech_rigid_length((MbeMech*)m, c) != 0;
}

// the ratio r of pos_a - pos_s = r (pos_b - pos_s) + d
static MbeSymId gear_ratio(MbeMech* m, int c, MbeStatus* st) {
  if (mbe_mech_rigid_length(m, c) != 0)
    return mbe_sym_const(m->s, 1.0);
  if (m->comps[c].kind == MBE_MC_ROT_IDEAL_ROLLING_WHEEL)  // flangeR.phi radius = flangeT.s
    return mbe_sym_div(m->s, mbe_sym_const(m->s, 1.0), mbe_mech_param(m, c, "radius", st));
  MbeSymId r = mbe_mech_param(m, c, "ratio", st);
  return m->comps[c].kind == MBE_MC_ROT_IDEAL_PLANETARY ? mbe_sym_neg(m->s, r) : r;
}

// the set of an IdealGearR2T's or IdealRollingWheel's supportR or supportT, -1 where unconnected
static int r2t_support(MbeMech* m, int c, const char* name) {
  int in = mbe_mech_inst(m, mbe_mech_cname(m, c, name));
  int set = in >= 0 && m->inst_flange[in] >= 0 ? mbe_mech_set_of(m, m->inst_flange[in]) : -1;
  return set >= 0 && m->sets[set].nflanges > 1 ? set : -1;
}

static bool is_r2t(MbeMechKind k) {
  return k == MBE_MC_ROT_IDEAL_GEAR_R2T || k == MBE_MC_ROT_IDEAL_ROLLING_WHEEL;
}

// the offset d of that relation: -L for a Mass or Rod; a rack's fixed supports, phi_sR - ratio
// s_sT (flangeR.phi - supportR.phi = ratio (flangeT.s - supportT.s)); else 0
static MbeSymId gear_offset(MbeMech* m, int c) {
  MbeSym* s = m->s;
  MbeSymId L = mbe_mech_rigid_length(m, c);
  if (L != 0)
    return mbe_sym_neg(s, L);
  if (!is_r2t(m->comps[c].kind))
    return 0;
  int sr = r2t_support(m, c, "supportR"), stt = r2t_support(m, c, "supportT");
  MbeSymId d = 0;
  if (sr >= 0 && m->sets[sr].pos != 0)
    d = m->sets[sr].pos;
  if (stt >= 0 && m->sets[stt].pos != 0) {
    MbeStatus st = MBE_OK;
    MbeSymId rs = mbe_sym_mul(s, gear_ratio(m, c, &st), m->sets[stt].pos);
    d = d ? mbe_sym_sub(s, d, rs) : mbe_sym_neg(s, rs);
  }
  return d;
}

MbeSymId mbe_mech_shaft_offset(MbeMech* m, int k) {
  const MbeMechFlangeSet* set = &m->sets[k];
  int c = set->shaft >= 0 ? m->edges[set->shaft].comp : -1;
  MbeSymId L = c >= 0 && m->comps[c].kind == MBE_MC_TRANS_MASS ? mbe_mech_rigid_length(m, c) : 0;
  if (L == 0)
    return 0;
  MbeSymId h = mbe_sym_mul(m->s, mbe_sym_const(m->s, 0.5), L);
  return mbe_mech_set_of(m, m->comps[c].flange[0]) == k ? mbe_sym_neg(m->s, h) : h;
}

static bool is_inertia(MbeMechKind k) {
  return k == MBE_MC_ROT_INERTIA || k == MBE_MC_TRANS_MASS || k == MBE_MC_ROTOR_1D;
}

// a Rotor1D whose frame_a is present with exact = false: a 1-D shaft with torques on the carrier
static bool rotor_loose(const MbeMech* m, int c) {
  return m->comps[c].kind == MBE_MC_ROTOR_1D && m->comps[c].frame_a >= 0 &&
         !mbe_mech_bool((MbeMech*)m, c, "exact");
}

bool mbe_mech_rotor_3d(const MbeMech* m, int c) {
  if (rotor_loose(m, c))
    return false;
  return m->comps[c].kind == MBE_MC_ROTOR_1D && m->comps[c].frame_a >= 0;
}

// a BevelGear1D whose housing frame_a is present (world.driveTrainMechanics3D = true) and not
// fixed to the world (where it is, the gear is an IdealGear's relation with its support fixed)
static bool bevel_3d(const MbeMech* m, int c) {
  const MbeMechComp* comp = &m->comps[c];
  return comp->kind == MBE_MC_BEVEL_GEAR_1D && comp->frame_a >= 0 &&
         !mbe_mech_on_ground((MbeMech*)m, mbe_mech_point_of((MbeMech*)m, comp->frame_a));
}

// whether the owner of a flange in a set defines the set's position itself
static bool defines_position(const MbeMech* m, int c) {
  MbeMechKind k = m->comps[c].kind;
  MbeMechRole role = mbe_mech_class(k)->role;
  if (role != MBE_ROLE_FLANGE && role != MBE_ROLE_USER)
    return true;  // a joint's axis or support, a line force's flange
  return k == MBE_MC_ROT_FIXED || k == MBE_MC_TRANS_FIXED || k == MBE_MC_MOUNTING_1D ||
         mbe_mech_rotor_3d(m, c);
}

void mbe_mech_shaft_set(MbeMech* m, int c, int k, int edge) {
  int set = mbe_mech_set_of(m, m->comps[c].flange[k]);
  if (set >= 0)
    m->sets[set].shaft = edge;
}

// a kinematic source (Position, Speed, Accelerate, Move, ConstantSpeed), which moves the set of
// its flange
static bool is_motion_source(MbeMechKind k) {
  return k == MBE_MC_ROT_POSITION || k == MBE_MC_ROT_SPEED || k == MBE_MC_ROT_ACCELERATE ||
         k == MBE_MC_ROT_MOVE || k == MBE_MC_ROT_CONSTANT_SPEED || k == MBE_MC_TRANS_POSITION ||
         k == MBE_MC_TRANS_SPEED || k == MBE_MC_TRANS_ACCELERATE || k == MBE_MC_TRANS_MOVE ||
         k == MBE_MC_TRANS_CONSTANT_SPEED;
}

// a shaft of its own for set `set`, named after its owner: an inertia's phi and w (s and v), a
// kinematic source's flange.phi and flange.w (its own phi and w are its states)
static MbeStatus new_shaft(MbeMech* m, int set, int owner) {
  bool rot = m->sets[set].is_rotational;
  bool src = is_motion_source(m->comps[owner].kind);
  int p = mbe_mech_new_point(m);
  if (p < 0)
    return mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
  MbeV3 z = mbe_v3_const(m->s, (const double[3]){0, 0, 1});
  const char* q = rot ? (src ? "flange.phi" : "phi") : (src ? "flange.s" : "s");
  const char* u = rot ? (src ? "flange.w" : "w") : (src ? "flange.v" : "v");
  MbeStatus st = mbe_mech_elementary(m, owner, rot ? MBE_EDGE_REVOLUTE : MBE_EDGE_PRISMATIC, -1, p,
                                     &z, q, u);
  if (st != MBE_OK)
    return st;
  m->edges[m->nedges - 1].shaft = true;
  m->sets[set].shaft = (int)m->nedges - 1;
  return MBE_OK;
}

// the sets of gear c: [0] flange_a, [1] flange_b, [2] its support, -1 where unconnected (an
// unconnected support is the ground at 0)
static void gear_sets3(const MbeMech* m, int c, int k[3]) {
  for (int i = 0; i < 3; i++) {
    k[i] = mbe_mech_set_of((MbeMech*)m, m->comps[c].flange[i]);
    if (i == 2 && k[i] >= 0 && m->sets[k[i]].nflanges < 2)
      k[i] = -1;
  }
}

// how many of gear c's sets are not known (the last one in *which)
static int gear_unknowns(const MbeMech* m, int c, const bool* known, int* which) {
  int k[3], n = 0;
  gear_sets3(m, c, k);
  for (int i = 0; i < 3; i++) {
    if (k[i] >= 0 && !known[k[i]])
      n++, *which = k[i];
  }
  return n;
}

// the revolute or prismatic edge whose axis flange is in set k, -1 if none
static int axis_edge(const MbeMech* m, int k) {
  for (size_t j = 0; j < m->ncomps; j++) {
    const MbeMechComp* o = &m->comps[j];
    if (mbe_mech_class(o->kind)->role != MBE_ROLE_JOINT || o->nedges != 1 || o->flange[0] < 0 ||
        mbe_mech_set_of((MbeMech*)m, o->flange[0]) != k)
      continue;
    MbeEdgeType t = m->edges[o->edge0].type;
    return t == MBE_EDGE_REVOLUTE || t == MBE_EDGE_PRISMATIC ? o->edge0 : -1;
  }
  return -1;
}

// the edge of a Rotor1D with 3-D effects whose flange is in set k, -1 if none
static int rotor_edge(const MbeMech* m, int k) {
  int e = k >= 0 ? m->sets[k].shaft : -1;
  return e >= 0 && m->edges[e].comp >= 0 && mbe_mech_rotor_3d(m, m->edges[e].comp) ? e : -1;
}

// the Parts.Mounting1D on a moving body whose flange_b is in set k, -1 if none
static int moving_mounting(const MbeMech* m, int k) {
  for (size_t j = 0; k >= 0 && j < m->ncomps; j++) {
    const MbeMechComp* o = &m->comps[j];
    if (o->kind == MBE_MC_MOUNTING_1D && o->frame_a >= 0 &&
        mbe_mech_set_of((MbeMech*)m, o->flange[1]) == k &&
        !mbe_mech_on_ground((MbeMech*)m, mbe_mech_point_of((MbeMech*)m, o->frame_a)))
      return (int)j;
  }
  return -1;
}

// The housing of a gear between two 3-D rotors: where the gear's reaction goes, the frame_a of
// a BevelGear1D itself or of the moving Mounting1D at an IdealGear's support; -1 for a 1-D gear
// (between joint axes, its support fixed)
static int gear_housing(const MbeMech* m, int c) {
  if (bevel_3d(m, c))
    return c;
  if (m->comps[c].kind != MBE_MC_ROT_IDEAL_GEAR)
    return -1;
  int k[3];
  gear_sets3(m, c, k);
  return moving_mounting(m, k[2]);
}

// the edge whose coordinate gear c's flange k (0, 1) turns: a joint's axis, or a 3-D rotor's
// where the gear has a housing
static int gear_edge(const MbeMech* m, int c, int k) {
  int set = mbe_mech_set_of((MbeMech*)m, m->comps[c].flange[k]);
  return gear_housing(m, c) >= 0 ? rotor_edge(m, set) : axis_edge(m, set);
}

// A gear between two rotors in housing h. The row's multiplier turns each rotor against its
// carrier (a generalized force on a relative coordinate); the MSL's rotors take no axial torque
// from their carrier and the housing takes the gear's reaction instead. The two are the same
// where the rotors turn in the housing's body, with its axes, about the housing's axes (a
// BevelGear1D's n_a and n_b, a Mounting1D's n).
static MbeStatus housing_check(MbeMech* m, int c, int h) {
  int ph = mbe_mech_point_of(m, m->comps[h].frame_a);
  bool bevel = h == c;
  for (int k = 0; k < 2; k++) {
    const MbeMechEdge* e = &m->edges[gear_edge(m, c, k)];
    const char* axis = bevel ? (k ? "n_b" : "n_a") : "n";
    MbeV3 n;
    MbeStatus st = mbe_mech_unit_axis(m, h, axis, &n);
    if (st != MBE_OK)
      return st;
    bool same = mbe_mech_same_axes(m, ph, e->pa);
    for (int i = 0; i < 3; i++)
      same = same && n.e[i] == e->axis.e[i];
    if (!same) {
      return mbe_mech_error(m, MBE_ERR_UNSUPPORTED, c,
                            "%s turns %s, which is not a Rotor1D about %s.%s in the body of "
                            "%s.frame_a with its axes; only that housing is supported yet",
                            k ? "flange_b" : "flange_a", m->comps[e->comp].name,
                            m->comps[h].name, axis, m->comps[h].name);
    }
  }
  return MBE_OK;
}

// gear c, whose sets are all known otherwise: a constraint row where it joins two joint axes
// directly (its support unconnected) or two rotors in its housing; else a loop mbens does not
// solve
static MbeStatus loop_gear(MbeMech* m, int c) {
  int k[3];
  gear_sets3(m, c, k);
  int h = gear_housing(m, c);
  if (mbe_mech_rigid_length(m, c) != 0) {
    return mbe_mech_error(m, MBE_ERR_UNSUPPORTED, c,
                          "both its flanges are moved by other parts (joint axes, fixed "
                          "flanges, other shafts): a rigid element closing such a loop is not "
                          "supported yet");
  }
  if (k[0] >= 0 && k[1] >= 0 && (k[2] < 0 || h >= 0) && gear_edge(m, c, 0) >= 0 &&
      gear_edge(m, c, 1) >= 0) {
    m->comps[c].rowless = false;
    return h >= 0 ? housing_check(m, c, h) : MBE_OK;
  }
  if (h >= 0) {
    return mbe_mech_error(m, MBE_ERR_UNSUPPORTED, c,
                          "its housing (%s.frame_a) moves: that is supported between two Rotor1D "
                          "in the housing's body, turning about its axes",
                          m->comps[h].name);
  }
  return mbe_mech_error(m, MBE_ERR_UNSUPPORTED, c,
                        "its flanges and support are all moved by other parts (joint axes, fixed "
                        "flanges, rotors, other gears): a kinematic loop through gears is not "
                        "supported yet, except a gear directly between two joint axes or two "
                        "rotors in its housing");
}

// Which sets the gears move: a gear with one set not known yet moves it; where none can, a set
// with an inertia becomes a shaft (the first such), and on. Gears left with every set known
// close loops (loop_gear); one left with unknown sets moves parts without inertia.
static MbeStatus plan_gears(MbeMech* m, bool* known, const int* owner) {
  MbeStatus st = MBE_OK;
  bool* used = mbe_calloc(m->ncomps + 1, sizeof *used);
  if (used == NULL)
    return mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
  bool changed = true;
  while (changed && st == MBE_OK) {
    changed = false;
    for (size_t c = 0; c < m->ncomps; c++) {
      int which = -1;
      if (mbe_mech_is_gear(m, (int)c) && !used[c] && gear_unknowns(m, (int)c, known, &which) == 1) {
        known[which] = used[c] = changed = true;
      }
    }
    for (size_t k = 0; k < m->nsets && !changed && st == MBE_OK; k++) {
      if (owner[k] >= 0 && !known[k]) {
        st = new_shaft(m, (int)k, owner[k]);
        known[k] = changed = true;
      }
    }
  }
  for (size_t c = 0; c < m->ncomps && st == MBE_OK; c++) {
    int which = -1;
    if (used[c] && bevel_3d(m, (int)c)) {
      st = mbe_mech_error(m, MBE_ERR_UNSUPPORTED, (int)c,
                          "it turns a 1-D inertia: with world.driveTrainMechanics3D = true a "
                          "BevelGear1D is supported between two Rotor1D (its housing's reaction "
                          "needs the 3-D rotors)");
    }
    if (!mbe_mech_is_gear(m, (int)c) || used[c])
      continue;
    if (gear_unknowns(m, (int)c, known, &which) == 0) {
      st = loop_gear(m, (int)c);
    } else {
      st = mbe_mech_error(m, MBE_ERR_UNSUPPORTED, (int)c,
                          "it moves 1-D parts that carry no inertia and that nothing else moves; "
                          "put an inertia there or a fixed flange");
    }
  }
  mbe_free(used);
  return st;
}

MbeStatus mbe_mech_shafts(MbeMech* m) {
  bool* known = mbe_calloc(m->nsets + 1, sizeof *known);
  int* owner = mbe_malloc((m->nsets + 1) * sizeof *owner);
  if (!known || !owner) {
    mbe_free(known), mbe_free(owner);
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
      known[set] = true;
    else if (is_inertia(m->comps[c].kind) && owner[set] < 0)
      owner[set] = c;
  }
  // a set without inertia that a kinematic source moves (base excitation: a Position source at
  // a spring's end) is a shaft of the source's, its coordinate the source's motion
  for (size_t c = 0; c < m->ncomps; c++) {
    int set = mbe_mech_set_of(m, m->comps[c].flange[1]);
    if (is_motion_source(m->comps[c].kind) && set >= 0 && !known[set] && owner[set] < 0)
      owner[set] = (int)c;
  }
  for (size_t c = 0; c < m->ncomps; c++)
    m->comps[c].rowless = mbe_mech_is_gear(m, (int)c);  // unless a loop's
  MbeStatus st = plan_gears(m, known, owner);
  mbe_free(known), mbe_free(owner);
  return st;
}

MbeSymId mbe_mech_set_accel(MbeMech* m, int k) {
  const MbeMechFlangeSet* set = &m->sets[k];
  if (set->edge < 0)
    return 0;
  MbeSymId a = m->edges[set->edge].udot[set->dof];
  a = set->scale != 0 ? mbe_sym_mul(m->s, set->scale, a) : a;
  if (set->edge2 >= 0) {
    MbeSymId a2 = mbe_sym_mul(m->s, set->scale2, m->edges[set->edge2].udot[set->dof2]);
    a = mbe_sym_add(m->s, a, a2);
  }
  return a;
}

/* ---- Rotational.Components.IdealGear -------------------------------------------------------- */

static bool set_known(const MbeMechFlangeSet* S) {
  return S->edge >= 0 || S->is_ground;
}

// the coordinates that move a set: up to two (edge, dof) with d pos / d q each
typedef struct SetMotion {
  int n, edge[2], dof[2];
  MbeSymId dq[2];
} SetMotion;

// adds w times set S's motion to M; false where that makes a third coordinate
static bool motion_add(MbeMech* m, SetMotion* M, const MbeMechFlangeSet* S, MbeSymId w) {
  MbeSym* s = m->s;
  for (int h = 0; h < 2; h++) {
    int e = h == 0 ? S->edge : S->edge2, dof = h == 0 ? S->dof : S->dof2;
    if (e < 0)
      continue;
    MbeSymId d = h == 0 ? (S->scale != 0 ? S->scale : mbe_sym_const(s, 1.0)) : S->scale2;
    d = mbe_sym_mul(s, w, d);
    int i = 0;
    while (i < M->n && (M->edge[i] != e || M->dof[i] != dof))
      i++;
    if (i == 2)
      return false;
    if (i == M->n)
      M->edge[i] = e, M->dof[i] = dof, M->dq[i] = 0, M->n++;
    M->dq[i] = mbe_sym_add(s, M->dq[i], d);
  }
  return true;
}

// set T = c0 + the sum of w[i] times the known sets k[i] (pos_a = r pos_b + (1 - r) pos_s + d
// solved for T); where the known sets move with two coordinates (a differential), T moves with
// both
static MbeStatus gear_solve(MbeMech* m, int c, int t, const int k[3], const MbeSymId w[3],
                            MbeSymId c0) {
  MbeSym* s = m->s;
  MbeMechFlangeSet* T = &m->sets[t];
  MbeSymId pos = c0, vel = 0;
  SetMotion M = {0};
  for (int i = 0; i < 3; i++) {
    if (w[i] == 0 || k[i] < 0 || k[i] == t)
      continue;
    const MbeMechFlangeSet* S = &m->sets[k[i]];
    if (!motion_add(m, &M, S, w[i])) {
      return mbe_mech_error(m, MBE_ERR_UNSUPPORTED, c,
                            "its flanges and support turn with three independent shafts; a "
                            "differential of two is supported");
    }
    pos = S->pos ? mbe_sym_add(s, pos, mbe_sym_mul(s, w[i], S->pos)) : pos;
    vel = S->edge >= 0 && S->vel ? mbe_sym_add(s, vel, mbe_sym_mul(s, w[i], S->vel)) : vel;
  }
  T->edge = M.n > 0 ? M.edge[0] : -1;
  T->dof = M.n > 0 ? M.dof[0] : 0;
  T->scale = M.n > 0 ? M.dq[0] : 0;
  T->edge2 = M.n > 1 ? M.edge[1] : -1;
  T->dof2 = M.n > 1 ? M.dof[1] : 0;
  T->scale2 = M.n > 1 ? M.dq[1] : 0;
  m->coupled_sets = m->coupled_sets || M.n > 1;
  T->is_ground = M.n == 0;
  T->pos = pos ? pos : mbe_sym_const(s, 0.0);
  T->vel = M.n > 0 ? vel : 0;
  return MBE_OK;
}

// one gear: where exactly one of its sets is not known, the relation moves it; *changed when it
// did
static MbeStatus gear_step(MbeMech* m, int c, bool* changed) {
  MbeSym* s = m->s;
  int k[3], t = -1, n = 0;
  gear_sets3(m, c, k);
  for (int i = 0; i < 3; i++) {
    if (k[i] >= 0 && !set_known(&m->sets[k[i]]))
      n++, t = i;
  }
  if (n != 1)
    return MBE_OK;
  for (int i = 0; i < 2; i++) {
    if (k[i] >= 0 && m->sets[k[i]].line >= 0)
      return mbe_mech_error(m, MBE_ERR_UNSUPPORTED, c,
                            "it drives a line force's flange; that is not supported yet");
  }
  MbeStatus st = MBE_OK;
  MbeSymId r = gear_ratio(m, c, &st);
  if (st != MBE_OK)
    return st;
  MbeSymId one = mbe_sym_const(s, 1.0), w[3], d = gear_offset(m, c), c0 = 0;
  MbeSymId rs = mbe_sym_sub(s, one, r);  // 1 - r
  // pos_a = r pos_b + (1 - r) pos_s + d, solved for the unknown set
  if (t == 0) {
    w[0] = 0, w[1] = r, w[2] = rs;
    c0 = d;
  } else if (t == 1) {
    w[0] = mbe_sym_div(s, one, r), w[1] = 0, w[2] = mbe_sym_neg(s, mbe_sym_div(s, rs, r));
    c0 = d ? mbe_sym_neg(s, mbe_sym_div(s, d, r)) : 0;
  } else {
    w[0] = mbe_sym_div(s, one, rs), w[1] = mbe_sym_neg(s, mbe_sym_div(s, r, rs)), w[2] = 0;
    c0 = d ? mbe_sym_neg(s, mbe_sym_div(s, d, rs)) : 0;
  }
  st = gear_solve(m, c, k[t], k, w, c0);
  *changed = st == MBE_OK;
  return st;
}

MbeStatus mbe_mech_gear_sets(MbeMech* m) {
  bool changed = true;
  MbeStatus st = MBE_OK;
  while (changed && st == MBE_OK) {
    changed = false;
    for (size_t c = 0; c < m->ncomps && st == MBE_OK; c++) {
      if (mbe_mech_is_gear(m, (int)c) && m->comps[c].rowless)
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

// a gear row: its edges, the side whose coordinate follows (0: a, 1: b), its ratio, and
// (1 - ratio) pos_s, the offset its support at a housing's phi0 gives (0 without a support)
typedef struct LoopGear {
  const MbeMechEdge *ea, *eb;
  int dep;
  MbeSymId ratio, offset;
} LoopGear;

static MbeStatus loop_gear_of(MbeMech* m, int c, LoopGear* g) {
  MbeSym* s = m->s;
  g->ea = &m->edges[gear_edge(m, c, 0)];
  g->eb = &m->edges[gear_edge(m, c, 1)];
  bool fa = mbe_mech_start_fixed(m, g->ea->qname[0], 0);
  bool fb = mbe_mech_start_fixed(m, g->eb->qname[0], 0);
  g->dep = fa && !fb ? 1 : 0;
  MbeStatus st = MBE_OK;
  g->ratio = gear_ratio(m, c, &st);
  int k[3];
  gear_sets3(m, c, k);
  g->offset = mbe_sym_const(s, 0.0);
  if (k[2] >= 0 && m->sets[k[2]].pos != 0) {
    MbeSymId rs = mbe_sym_sub(s, mbe_sym_const(s, 1.0), g->ratio);
    g->offset = mbe_sym_mul(s, rs, m->sets[k[2]].pos);
  }
  MbeSymId d = gear_offset(m, c);  // a rack's fixed supports
  g->offset = d ? mbe_sym_add(s, g->offset, d) : g->offset;
  return st;
}

// q_a - ratio q_b - offset = 0
static MbeStatus gear_constraints(MbeMech* m, int c, MbeMechCutRow* rows, int* n) {
  MbeSym* s = m->s;
  LoopGear g;
  MbeStatus st = loop_gear_of(m, c, &g);
  MbeSymId rq = mbe_sym_add(s, mbe_sym_mul(s, g.ratio, mbe_sym_state(s, g.eb->q0)), g.offset);
  rows[0] = (MbeMechCutRow){.phi = mbe_sym_sub(s, mbe_sym_state(s, g.ea->q0), rq)};
  rows[0].ta = rows[0].fa = rows[0].tb = rows[0].fb = mbe_v3_zero();
  rows[0].pa = g.ea->child_point, rows[0].pb = g.eb->child_point;
  *n = 1;
  return st;
}

// the dependent side's coordinate and speed from the other's
static MbeStatus gear_closed(MbeMech* m, int c, MbeMechAsmForm* f) {
  MbeSym* s = m->s;
  LoopGear g;
  MbeStatus st = loop_gear_of(m, c, &g);
  const MbeMechEdge* d = g.dep == 0 ? g.ea : g.eb;
  const MbeMechEdge* i = g.dep == 0 ? g.eb : g.ea;
  MbeSymId k = g.dep == 0 ? g.ratio : mbe_sym_div(s, mbe_sym_const(s, 1.0), g.ratio);
  // q_a = ratio q_b + offset, or q_b = (q_a - offset) / ratio
  MbeSymId c0 = g.dep == 0 ? g.offset : mbe_sym_neg(s, mbe_sym_mul(s, k, g.offset));
  memset(f, 0, sizeof *f);
  f->comp = c;
  f->n = 1;
  f->q[0] = mbe_sym_state(s, d->q0);
  f->u[0] = mbe_sym_state(s, d->u0);
  f->to_q[0] = mbe_sym_add(s, mbe_sym_mul(s, k, mbe_sym_state(s, i->q0)), c0);
  f->to_u[0] = mbe_sym_mul(s, k, mbe_sym_state(s, i->u0));
  f->singular = mbe_sym_const(s, -1.0);
  return st;
}

// the row's multiplier: -lambda on a's coordinate, ratio lambda on b's (what the axes receive)
static MbeStatus gear_loads(MbeMech* m, int c) {
  MbeSym* s = m->s;
  size_t r = mbe_mech_row_of(m, c);
  if (m->comps[c].rowless || r >= m->ncon)
    return MBE_OK;
  const MbeMechComp* comp = &m->comps[c];
  MbeStatus st = MBE_OK;
  MbeSymId ratio = gear_ratio(m, c, &st);
  MbeSymId l = m->con_lambda[r];
  mbe_mech_flange_sub(m, c, 0, &m->sets[mbe_mech_set_of(m, comp->flange[0])], l);
  mbe_mech_flange_add(m, c, 1, &m->sets[mbe_mech_set_of(m, comp->flange[1])],
                      mbe_sym_mul(s, ratio, l));
  return st;
}

// A gear row between rotors in a housing (gear_housing): the housing's frame_a takes
// -flange_a.tau n_a - flange_b.tau n_b (flange_a.tau = lambda, flange_b.tau = -ratio lambda), the
// MSL's BevelGear1D housing and, through the support, its Mounting1D's. The rotors' edges carried
// that reaction to the same body in the dynamics; for the outputs' cut wrenches their frame_a
// give it back, so that it passes through the housing as in the MSL.
static MbeStatus housing_loads(MbeMech* m, int c) {
  MbeStatus st = gear_loads(m, c);
  size_t r = mbe_mech_row_of(m, c);
  int h = gear_housing(m, c);
  if (st != MBE_OK || h < 0 || m->comps[c].rowless || r >= m->ncon)
    return st;
  MbeSym* s = m->s;
  LoopGear g;
  st = loop_gear_of(m, c, &g);
  MbeSymId l = m->con_lambda[r], rl = mbe_sym_mul(s, g.ratio, l);
  MbeV3 ta = mbe_v3_scale(s, l, g.ea->axis), tb = mbe_v3_scale(s, rl, g.eb->axis);
  MbeMechFrame* fh = &m->frames[m->comps[h].frame_a];
  MbeMechFrame* fa = &m->frames[m->comps[g.ea->comp].frame_a];
  MbeMechFrame* fb = &m->frames[m->comps[g.eb->comp].frame_a];
  fh->t = mbe_v3_add(s, fh->t, mbe_v3_sub(s, tb, ta));
  fa->t = mbe_v3_add(s, fa->t, ta);
  fb->t = mbe_v3_sub(s, fb->t, tb);
  return st;
}

// the housing's wrench while the dynamics are built: none (the rotors' edges carry it)
static MbeStatus bevel_forces(MbeMech* m, int c) {
  if (!bevel_3d(m, c))
    return MBE_OK;
  mbe_mech_set_wrench(m, m->comps[c].frame_a, mbe_v3_zero(), mbe_v3_zero());
  return MBE_OK;
}

// a gear's flange torques where it is a row: flange_a.tau = lambda, flange_b.tau = -ratio lambda
static MbeStatus row_gear_outputs(MbeMech* m, int c) {
  size_t r = mbe_mech_row_of(m, c);
  if (m->comps[c].rowless || r >= m->ncon)
    return MBE_OK;
  MbeSym* s = m->s;
  MbeStatus st = MBE_OK;
  MbeSymId l = m->con_lambda[r], ratio = gear_ratio(m, c, &st);
  const char* name = m->comps[c].name;
  const char* fa = mbe_mech_class(m->comps[c].kind)->flange[0];
  const char* fb = mbe_mech_class(m->comps[c].kind)->flange[1];
  mbe_mech_signal_at(m, name, mbe_arena_printf(m->arena, "%s.tau", fa), l);
  mbe_mech_signal_at(m, name, mbe_arena_printf(m->arena, "%s.tau", fb),
                     mbe_sym_neg(s, mbe_sym_mul(s, ratio, l)));
  return st;
}

static MbeStatus ideal_gear_outputs(MbeMech* m, int c) {
  MbeStatus st = gear_outputs(m, c);
  return st == MBE_OK ? row_gear_outputs(m, c) : st;
}

const MbeMechClass mbe_mc_bevel_gear_1d = {.role = MBE_ROLE_FLANGE,
                                           .flange = {"flange_a", "flange_b"},
                                           .forces = bevel_forces,
                                           .constraints = gear_constraints,
                                           .closed = gear_closed,
                                           .loads = housing_loads,
                                           .outputs = row_gear_outputs};

// IdealGearR2T, IdealRollingWheel: their supports unconnected (useSupportR, useSupportT false) or
// fixed (a Fixed, a joint's support: gear_offset)
static MbeStatus r2t_check(MbeMech* m, int c) {
  for (int k = 0; k < 2; k++) {
    int set = r2t_support(m, c, k ? "supportT" : "supportR");
    if (set >= 0 && !m->sets[set].is_ground)
      return mbe_mech_error(m, MBE_ERR_UNSUPPORTED, c,
                            "its %s moves; a rack's supports are supported where they are fixed "
                            "(a Fixed, a joint's support) or unconnected",
                            k ? "supportT" : "supportR");
  }
  return MBE_OK;
}

const MbeMechClass mbe_mc_ideal_planetary = {.role = MBE_ROLE_FLANGE,
                                             .flange = {"sun", "ring", "carrier"},
                                             .constraints = gear_constraints,
                                             .closed = gear_closed,
                                             .loads = gear_loads};
const MbeMechClass mbe_mc_ideal_gear_r2t = {.role = MBE_ROLE_FLANGE,
                                            .flange = {"flangeR", "flangeT"},
                                            .load = r2t_check,
                                            .constraints = gear_constraints,
                                            .closed = gear_closed,
                                            .loads = gear_loads};
const MbeMechClass mbe_mc_ideal_gear = {.role = MBE_ROLE_FLANGE,
                                        .flange = {"flange_a", "flange_b", "support"},
                                        .constraints = gear_constraints,
                                        .closed = gear_closed,
                                        .loads = housing_loads,
                                        .outputs = ideal_gear_outputs};

/* ---- Parts.Rotor1D -------------------------------------------------------------------------- */

// how many frame connectors are at point p
static int frames_at(const MbeMech* m, int p) {
  int n = 0;
  for (size_t f = 0; f < m->nframes; f++)
    n += m->frames[f].point == p;
  return n;
}

static MbeStatus rotor_build(MbeMech* m, int c) {
  bool loose = rotor_loose(m, c);
  if (!mbe_mech_rotor_3d(m, c) && !loose)
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
  MbeV3 e;
  MbeStatus st = mbe_mech_unit_axis(m, c, "n", &e);
  MbeSymId J = mbe_mech_param(m, c, "J", &st);
  if (st != MBE_OK)
    return st;
  MbeM3 I, nI;
  for (int i = 0; i < 3; i++) {
    for (int j = 0; j < 3; j++) {
      MbeSymId v = mbe_sym_mul(s, J, mbe_sym_mul(s, e.e[i], e.e[j]));
      I.e[3 * i + j] = v;
      nI.e[3 * i + j] = mbe_sym_neg(s, v);
    }
  }
  m->comps[c].frame_loads = true;
  if (loose)  // the rotor a 1-D shaft (mbe_mech_shafts); its carrier takes -J e e^T
    return mbe_mech_add_point_body(m, c, pa, nI);
  int pr = mbe_mech_new_point(m);
  if (pr < 0)
    return mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
  st = mbe_mech_elementary(m, c, MBE_EDGE_REVOLUTE, pa, pr, &e, "phi", "w");
  if (st != MBE_OK)
    return st;
  mbe_mech_shaft_set(m, c, 0, m->comps[c].edge0);
  mbe_mech_shaft_set(m, c, 1, m->comps[c].edge0);
  st = mbe_mech_add_point_body(m, c, pr, I);
  return st == MBE_OK ? mbe_mech_add_point_body(m, c, pa, nI) : st;
}

// exact = false: frame_a.t = w_a x J e w - e J e.der(w_a) with w the rotor's 1-D speed; the
// carrier's -J e e^T gives -e J e.der(w_a) - w_a x J e (e.w_a), frame_a the rest
static MbeStatus loose_forces(MbeMech* m, int c) {
  MbeSym* s = m->s;
  const MbeMechComp* comp = &m->comps[c];
  MbeV3 e;
  MbeStatus st = mbe_mech_unit_axis(m, c, "n", &e);
  MbeSymId J = mbe_mech_param(m, c, "J", &st);
  int set = mbe_mech_set_of(m, comp->flange[0]);
  if (st != MBE_OK || set < 0 || m->sets[set].edge < 0)
    return st != MBE_OK ? st : mbe_mech_error(m, MBE_ERR_MODEL, c, "the rotor does not turn");
  MbeV3 wa = m->points[mbe_mech_point_of(m, comp->frame_a)].w;
  MbeSymId spin = mbe_sym_add(s, m->sets[set].vel, mbe_v3_dot(s, e, wa));
  MbeV3 t = mbe_v3_cross(s, wa, mbe_v3_scale(s, mbe_sym_mul(s, J, spin), e));
  mbe_mech_set_wrench(m, comp->frame_a, t, mbe_v3_zero());
  return MBE_OK;
}

// the 1-D rotor's inertia is its set's (on a shaft)
static MbeStatus rotor_load(MbeMech* m, int c) {
  if (mbe_mech_rotor_3d(m, c))
    return MBE_OK;
  return mbe_mech_flange_inertia_load(m, c);
}

// frame_a gives the carrier back what the rotor's flanges receive, about e
static MbeStatus rotor_forces(MbeMech* m, int c) {
  if (rotor_loose(m, c))
    return loose_forces(m, c);
  if (!mbe_mech_rotor_3d(m, c))
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
