// SPDX-License-Identifier: Apache-2.0
// Inside mech: components, frames, points (connection sets of frames), edges (branches of the
// orientation graph), the spanning tree and the 1-D flange sets, shared by the builder
// (mech_build.c), the equations (mech_eom.c), the outputs (mech_out.c) and initialization
// (mech_init.c).
#ifndef MBE_MECH_INTERNAL_H
#define MBE_MECH_INTERNAL_H

#include "mech.h"
#include "mech_class.h"
#include "mech_vec.h"

// one component the mechanism is made of (a built-in leaf of the flat model)
typedef struct MbeMechComp {
  int inst;
  MbeMechKind kind;
  const char* name;                     // instance path, e.g. "boxBody1"
  int frame_a, frame_b, frame_resolve;  // MbeMechFrame index or -1
  int body;                             // its MbeMechBody (bodies and composite bodies), -1 if none
  int edge0, nedges;                    // its elementary edges (joints, rigid offsets), consecutive
  int flange[3];     // 1-D connectors: [0] flange_a / axis, [1] flange_b / support, -1 if none
  bool cut;          // a joint that closes a kinematic loop: constraints, no branch (mech_loops.c)
  int state;         // its first state of its own (SpringDamperSeries.s_damper), -1 if none
  int nstates;       // how many (0: one where state >= 0; a user's line force: its der() variables)
  bool frame_loads;  // its frames' wrenches load the tree although it has edges (Rotor1D)
  bool rowless;      // of a class with constraint rows (`closed`), but it gives none here (a
                     // gear inside a shaft: classes/shafts.c)
} MbeMechComp;

// a user's line force (mech_user.c): its equations, states and unknowns
typedef struct MbeMechUser {
  int* eqs;     // flat equations; -1 - v: the binding equation of flat var v
  int* eqsel;   // the element of a vector equation, -1 for a scalar one
  bool* eqder;  // the equation differentiated in time (it gives der() of a demoted state)
  size_t neqs;
  int* avar;    // flat vars under der() that an equation gives from the kinematics: not states;
  size_t nalg;  // their der() are the last nalg unknowns
  int* svar;    // flat vars that are states, at comp.state + k (an array's elements one by one:
  int* selem;   // the element, 0 for a scalar)
  size_t nstates;
  int* uvar;  // unknowns: flat var and element; the first nvals are values, then der(svar[k])
  int* uelem;
  size_t nunk, nvals;
  MbeSymId* sol;            // (nunk) the solved unknowns
  MbeSymId rel, relv;       // 1-D elements: the relative position and speed of the flanges
  MbeV3 rel_b;              // PartialForce: r_rel_b
  MbeSymId flange_load[2];  // PartialTwoFlanges: flange_a's and flange_b's tau (or f)
  MbeSymId flange_pos[2];   // PartialTwoFlanges: flange_a's and flange_b's phi (or s)
  bool solving;             // a signal block being solved (an input leading back: a loop)
} MbeMechUser;

// one frame connector instance
typedef struct MbeMechFrame {
  int inst;
  int comp;   // owner, -1 for a connector of the top model
  int point;  // connection set
  bool has_wrench;
  MbeV3 t, f;  // cut torque and force on the owner, in the frame's coordinates
} MbeMechFrame;

typedef enum MbeEdgeType {
  MBE_EDGE_RIGID,         // constant translation and rotation
  MBE_EDGE_REVOLUTE,      // q: phi; u: w
  MBE_EDGE_PRISMATIC,     // q: s; u: v
  MBE_EDGE_ROTATION,      // spherical: q: Q[4] or phi[3]; u: w_rel[3] (frame_b) or phi_d[3]
  MBE_EDGE_FREE,          // q: r_rel_a[3] + rotation; u: v_rel_a[3] + rotation rates
  MBE_EDGE_FLOAT,         // a floating body from the ground: r_0, v_0 (world) + rotation
  MBE_EDGE_FLOAT_POINT,   // a floating point mass: r_0, v_0
  MBE_EDGE_ABS_ROTATION,  // a non-enforced spherical joint to a body with absolute states
  MBE_EDGE_ROLLING,       // Joints.RollingWheel from the ground: q: x, y, angles[3] (z, y, x);
                          // u: der_angles[3]; z and x', y' follow (classes/rolling.c)
  MBE_EDGE_WHEELSET,      // Joints.RollingWheelSet from the ground to frameMiddle: q: x, y, phi,
                          // theta1, theta2; u: der_theta1, der_theta2; x', y', phi' follow
  MBE_EDGE_TYPE_COUNT
} MbeEdgeType;

// a branch of the orientation graph (elementary: composite joints are chains of these)
typedef struct MbeMechEdge {
  MbeEdgeType type;
  int comp;
  int pa, pb;  // points on the frame_a and frame_b side (pa = -1: the ground)
  // constant geometry, frame_a -> frame_b
  MbeV3 axis;  // unit axis (REVOLUTE, PRISMATIC)
  MbeV3 r;     // offset in frame_a (RIGID)
  MbeM3 R;     // rotation frame_a -> frame_b (RIGID)
  bool use_q;  // rotation by quaternions (else by angles about seq)
  int seq[3];
  int body;  // FLOAT, FLOAT_POINT, ABS_ROTATION: the body whose states these are
  int via;   // ABS_ROTATION: the spherical joint it stands for, else -1
  // FREE standing for FreeMotionScalarInit elements: the components whose use_r, use_v,
  // use_angle, use_angle_d/use_w give the coordinates (-1: none yet); names are scalar (x_1)
  int fmsi_r, fmsi_v, fmsi_angle, fmsi_rate;
  bool fmsi_w;        // the rates are w_rel_b (else angle_d); see rate_w
  bool fmsi_rate_d;   // the rates start from fmsi_rate's angle_d (else its w_rel_b)
  bool rate_w;        // angles (about seq) as positions, the angular velocity in child
                      // coordinates as speeds (else the angles' rates)
  bool scalar_names;  // state names base_1, base_2 ... instead of base[1] ...
  MbeSymId radius;    // ROLLING, WHEELSET: the wheel's radius
  MbeSymId track;     // WHEELSET: the distance between the wheels
  bool shaft;         // a 1-D shaft's own coordinate (from the ground, nothing 3-D moves with it:
                      // its inertia is its flange set's; classes/shafts.c)
  // names of the coordinates, e.g. "rev.phi", "rev.w"; vector names take [i]
  const char* qname[2];  // FREE: r_rel_a, then the rotation's
  const char* uname[2];
  // tree
  bool in_tree, reversed;  // reversed: frame_b is on the root side
  int parent_point, child_point;
  int q0, nq, u0, nu;  // state indices: nq position then nu velocity coordinates
  int dof0;            // first index into the velocity coordinates u (the EOM's unknowns)
  // kinematics built by mech_eom.c (child coordinates; see there)
  MbeM3 Rrel;
  MbeV3 p;
  bool couple_w;
  MbeV3 wJ, pd;  // relative angular velocity (child coords), d/dt of p (parent coords)
  MbeV3 Sw[6], Sv[6];
  MbeV3 dwq, dpq;  // the q-parts of d/dt(wJ), d/dt(pd)
  MbeSymId qdot[7];
  MbeSymId udot[6];
  MbeV3 w_ab;  // relative angular velocity frame_a -> frame_b, in frame_b (for outputs)
} MbeMechEdge;

// a body: mass, centre of mass and inertia at a point
typedef struct MbeMechBody {
  int comp;
  const char* name;   // where its variables are: "body" or "boxBody1.body"
  const char* outer;  // the composite's name for r_0/v_0/a_0 ("boxBody1"), or NULL
  int frame;          // its frame_a, -1 for a body inside a component (a rotor)
  int point;          // where it is: its frame's point
  bool is_point_mass;
  MbeSymId m;     // mass (kg)
  MbeV3 r_cm;     // centre of mass in frame_a (m)
  MbeM3 I;        // inertia about the CM, frame_a axes (kg m^2)
  int priority;   // potentialRoot priority (Body 0, PointMass 10000)
  bool enforce;   // Body.enforceStates: a definite root
  int root_edge;  // the FLOAT / ABS_ROTATION edge that gives it states, -1 if none
  MbeV3 wt, wf;   // the wrench it needs at its frame (full accelerations; outputs)
  bool derived;   // at a derived point (JointUPS.frame_ia/ib): not part of the tree's pass
} MbeMechBody;

// a connection set of frames
typedef struct MbeMechPoint {
  int parent_edge;   // tree edge into this point, -1 for the ground's children ... see mech_build
  int parent;        // parent point, -1 = ground
  int order;         // position in the tree order (parents first)
  bool is_ground;    // fixed to the world (World.frame_b, Fixed.frame_b and rigid offsets of them)
  bool is_junction;  // a massless junction of line forces (position solved in the RHS)
  int derived_ups;   // frame_ia/frame_ib of this JointUPS (a pose that follows its frame_a and
                     // frame_b), frame1/frame2 of this RollingWheelSet (a wheel: frameMiddle's
                     // pose turned by its own speed); bodies here enter in Kane's form; -1 if not
  MbeV3* dSw;        // derived points: d w / d u_k (ndof), d v / d u_k
  MbeV3* dSv;
  int fixed_rotation;  // a line force with fixedRotationAtFrame_a/_b fixes its orientation to
                       // the world's: that component, else -1
  // kinematics (symbolic): R world -> point, r0 in world, w and v (origin velocity) in point
  // coordinates; their body-fixed derivatives with u' = 0 (bias) and with the solved u' (full)
  MbeM3 R;
  MbeV3 r0, w, v;
  MbeV3 bw, bv, aw, av;
  MbeV3 Ft, Ff;   // the subtree's wrench at this point (torque about the origin, force)
  MbeV3 lt, lf;   // loads no frame carries (an assembly's rod), in the outputs' pass: what the
  bool has_load;  // point supplies, point coordinates (added to Ft, Ff there)
  MbeSymId cm;    // composite rigid-body inertia of the subtree at this point, in point
  MbeV3 ch;       // coordinates: mass, first moment (m c) and inertia about the origin
  MbeM3 cI;
  bool has_mass;
  bool held;  // a cut joint's frame is in the subtree: its motion is constrained (loops)
} MbeMechPoint;

// a connection set of 1-D flanges
typedef struct MbeMechFlangeSet {
  bool is_rotational;
  int edge;        // joint axis whose coordinate this set is, -1 if none
  bool is_ground;  // a support (angle 0) or a Fixed (phi0 / s0)
  MbeSymId pos, vel;
  MbeSymId load;     // sum of the elements' flange torques/forces (acting on the elements)
  MbeSymId inertia;  // 1-D inertias and masses riding on the joint axis (kg m^2 or kg), 0: none
  int nflanges;      // connectors in the set (1: an unconnected flange)
  int line;          // the line force whose flange this is (its s is 0 or the distance), -1
  int shaft;         // the edge made for it while building (a free shaft, a rotor), -1
  MbeSymId scale;    // behind ideal gears: d pos / d (edge's coordinate), 0 for 1
  int dof;           // which of the edge's speeds (a wheel set's axis2: 1), else 0
  // a second coordinate that moves the set (a differential: a gear whose other sets two
  // coordinates move): d pos / d (its coordinate), -1 for none
  int edge2, dof2;
  MbeSymId scale2;
} MbeMechFlangeSet;

// JointUPS: the rotation of frame_ia relative to frame_a follows the axis direction; for the
// loads at frame_ia/ib it keeps w_ia = T w_a + K rdot_a (rdot_a: d/dt of the axis in frame_a)
typedef struct MbeMechUps {
  MbeM3 T;      // frame_a -> frame_ia
  MbeM3 K;      // d w_rel (ia coords) / d rdot_a (a coords)
  MbeV3 raxis;  // frame_a -> frame_b in frame_a coordinates
  MbeV3 e0;     // unit axis (world)
  MbeSymId L;   // axis length
  MbeSymId f;   // the axis force (axis.f)
} MbeMechUps;

// a point mass carried by a line force (or a rod): its position is a function of the two frame
// origins, so its inertia couples whatever moves them (Kane's form: M += m J^T J, Q -= J^T m
// (a_bias - g))
typedef struct MbeMechLineMass {
  int comp;
  int end;      // which mass: 0 (the only one, or mass a), 1 (mass b)
  MbeSymId m;   // mass (kg)
  MbeSymId h;   // where on the line (the fraction of the way from frame_a; one mass only)
  MbeV3 r;      // position (world)
  MbeV3* J;     // (ndof) velocity per speed (world)
  MbeV3 abias;  // acceleration at u' = 0 (world)
  MbeV3 g;      // gravity at r (world)
} MbeMechLineMass;

// Types.GravityTypes (enumeration literals are 1-based)
enum { MBE_GRAVITY_NONE = 1, MBE_GRAVITY_UNIFORM = 2, MBE_GRAVITY_POINT = 3 };

// The DAG regions of the passes that repeat one construction per edge or body (mbe_sym_region_
// begin): where consecutive ones repeat the same operations, the generated code loops over them
enum {
  MBE_MECH_REGION_KINEMATICS = 1,  // an edge's position and velocity (mbe_mech_equations)
  MBE_MECH_REGION_BODY_INERTIA,    // a body's spatial inertia at its point (mech_aba.c)
  MBE_MECH_REGION_BODY_WRENCH,     // a body's inertial and weight wrench (point_wrenches)
  MBE_MECH_REGION_ABA_UP,          // an edge's articulated inertia and bias, leaves up
  MBE_MECH_REGION_ABA_DOWN,        // an edge's accelerations, ground down
};

// an assert of the model compiled for the run
typedef struct MbeMechAssert {
  MbeSymId cond;  // 1 when it holds, 0 when not
  const MbeFlatAssert* src;
} MbeMechAssert;

typedef struct MbeMech {
  const MbeFlat* flat;
  MbeSystem* sys;
  MbeSym* s;
  MbeArena* arena;
  MbeError* err;
  bool expr_no_events;  // mbe_mech_expr takes relations literally (an assertion's condition)
  const char* capture;  // mbe_mech_capture_signal: the signal's name, NULL when not capturing
  MbeSymId captured;    // and what the outputs hook gave it (0: not given)
  // name -> var / inst lookup
  int* var_table;
  size_t var_cap;
  int* inst_table;
  size_t inst_cap;
  int* inst_comp;    // flat inst -> component, -1
  int* inst_frame;   // flat inst -> frame, -1
  int* inst_flange;  // flat inst -> flange index (into flanges), -1
  MbeMechComp* comps;
  size_t ncomps;
  MbeMechFrame* frames;
  size_t nframes;
  MbeMechPoint* points;
  size_t npoints, cap_points;
  MbeMechEdge* edges;
  size_t nedges, cap_edges;
  MbeMechBody* bodies;
  size_t nbodies;
  int* flange_inst;  // 1-D connector insts
  int* flange_set;   // their set
  int* flange_conn;  // their connection set before rigid 1-D elements joined sets (a label)
  size_t nflanges;
  // the 1-D elements' torques (forces) on their flanges, as they add them to the sets' loads
  // (acting on the elements): what a torque sensor between two sides sums (classes/drives.c)
  int* fl_flange;
  MbeSymId* fl_value;
  size_t nfl, cap_fl;
  MbeMechFlangeSet* sets;
  size_t nsets;
  int* order;  // points in tree order (parents first)
  size_t norder;
  int* tree_edges;  // tree edges in tree order
  size_t ntree;
  int world;         // the World component, -1 if none
  int ground_point;  // point of world.frame_b, -1 if none
  size_t nx, ndof;
  // gravity
  int gravity_type;            // Types.GravityTypes: MBE_GRAVITY_*
  MbeV3 gvec;                  // uniform gravity g n/|n| (world, m/s^2)
  MbeSymId mu;                 // point gravity field constant (m^3/s^2)
  const MbeClass* gravity_fn;  // world.gravityAcceleration when a model redeclares it, else NULL
  const char* newton_1e9;      // what the RHS solves by Newton to 1e-9 (NULL: nothing): single
                               // precision cannot resolve it (MbeSystem.needs_double)
  bool gravity_as_base;        // mbe_mech_body_wrench leaves uniform gravity out: the ground
                               // accelerates by -g instead (the articulated-body pass)
  int gravity_scope;           // the instance its modifiers see (where it is redeclared)
  MbeStatus gravity_error;     // the first error inlining it
  MbeStatus input_error;       // the first error of mbe_mech_input
  MbeSymId* line_f;            // per component: line force (tension) of line-force elements
  MbeSymId* line_len;          // per component: distance of the frame origins
  MbeSymId* drive_f;           // per component: torque/force of 1-D elements
  MbeSymId* drive_w;           // per component: the relative speed a 1-D source's law reads
  MbeSymId* line_fa;           // per line force: the 1-D force at flange_a, flange_b (tension > 0)
  MbeSymId* line_fb;
  MbeV3* line_e0;  // per line force: unit vector a -> b (world)
  MbeMechLineMass* lmass;
  size_t nlmass;
  struct MbeMechUps* ups;  // per component: JointUPS geometry (NULL for others)
  MbeMechUser* user;       // per component: a user's line force (zeroed for others)
  int nplaceholders;       // unknowns' placeholder leaves made so far (mech_user.c)
  // signals being collected
  MbeSignal* sigs;
  size_t nsigs, cap_sigs;
  size_t param_sig0, param_sig1;  // sigs[param_sig0 .. param_sig1): the parameters' own values
  int* pvars;  // flat var of each per-member parameter: the varied ones (flat->vary, the first
               // nvary), then the free parameters (np)
  size_t np, cap_p, nvary;
  MbeSymId* pmap;        // where the flat model's parameter expressions are in m->s (import map)
  MbeStatus vary_error;  // the first use of a varied start value where a number was needed
  MbeSymId* x0sym;       // (nx) the initial state as expressions of the parameters
  bool* start_used;      // (nvary) a varied start value became an initial state
  double* p0;            // their values after initialization (np), NULL before
  int init_iterations;   // Newton steps the initialization took (0: none needed)
  MbeSymId fail;         // > 0 when an algebraic part did not converge (0: none can fail)
  // free parameters the initialization computes per member (member_init): PARAM leaves and
  // their expressions of the varied ones, put in at the end (mbe_mech_free_params)
  MbeSymId *free_leaf, *free_expr;
  size_t nfree;
  MbeSymId* udot;  // (ndof) the solved accelerations of the speeds
  MbeSymId* xdot;
  const char** state_names;
  double* x0;
  // kinematic loops (mech_loops.c): the cut joints' position constraints phi(q) = 0, their time
  // derivatives vel = G u, G (ncon x ndof), gamma = G u' (the rest of d/dt vel, negated)
  size_t ncon;
  bool coupled_sets;        // a set that two coordinates move: H couples them (not the tree's)
  MbeDynamics dynamics;     // the method asked for (mbe_system_build_with)
  size_t ncon_cut;          // the cut joints' rows come first; the assemblies' rows follow
  struct MbeMechAsm* asms;  // per component: an assembly's closed form (NULL: none)
  MbeSymId *con_phi, *con_vel, *con_G, *con_gamma;
  MbeMechCutRow* con_row;  // (ncon) the rows as the cut joints give them
  MbeSymId* con_lambda;    // (ncon) their multipliers (after mbe_mech_equations)
  bool* free_done;         // (nvars) a fixed=false parameter mech computes itself (a rod's length)
  MbeSymId* rod_L2;        // per component: a rod's squared length
  const char* loops_text;  // the loops as `mbens check` prints them (mech_loops.c)
  const char* asm_text;    // the assemblies' closed forms, likewise
  MbeSymId* rod_ph;        // per component: a rod's computeRodLength placeholder for its
  MbeSymId* rod_dd;        // squared length, and that squared length (mech_loops.c)
  int* con_comp;           // the cut joint of each row
  MbeBinding* eq_binding;  // (nvars) a variable's value given by an equation v = e (mech_bound.c)
  bool* eq_bound;          // (neqs) the equation is such a binding
  struct Bound* bound;     // the bindings compiled so far (mech_bound.c)
  MbeMechAssert* asserts;  // the asserts the kernel checks (mbe_mech_asserts)
  size_t nasserts;
} MbeMech;

// ---- mech_build.c ---------------------------------------------------------------------------
// the point of a frame, -1 for none
int mbe_mech_point_of(MbeMech* m, int frame);
// whether points p and q are one body with the same axes: joined by rigid offsets that keep the
// orientation (FixedTranslation, cut sensors), in any direction (false when out of memory)
bool mbe_mech_same_axes(MbeMech* m, int p, int q);
// whether point p is fixed to the world through rigid offsets (before the tree is built)
bool mbe_mech_on_ground(MbeMech* m, int p);
// a fresh point that no connector reaches (the inside of a composite joint), -1 when full
int mbe_mech_new_point(MbeMech* m);
// a new edge of component comp from point pa to point pb, NULL when out of memory
MbeMechEdge* mbe_mech_new_edge(MbeMech* m, int comp, MbeEdgeType type, int pa, int pb);
// the rotation coordinates comp's useQuaternions and sequence_angleStates choose for edge e
MbeStatus mbe_mech_rotation_kind(MbeMech* m, int comp, MbeMechEdge* e);
// "comp.var" in the arena
const char* mbe_mech_cname(MbeMech* m, int comp, const char* var);
// comp.name / |comp.name| (a joint axis); the zero vector is an error
MbeStatus mbe_mech_unit_axis(MbeMech* m, int comp, const char* name, MbeV3* out);
// an edge of one coordinate along axis (NULL: none) named comp.q, comp.u
MbeStatus mbe_mech_elementary(MbeMech* m, int comp, MbeEdgeType type, int pa, int pb,
                              const MbeV3* axis, const char* q, const char* u);
// a body of comp: mass, centre of mass and inertia at frame; its variables at `name`, the
// composite's at `outer` (NULL: none)
MbeStatus mbe_mech_add_body(MbeMech* m, int comp, const char* name, const char* outer, int frame,
                            MbeSymId mass, MbeV3 r_cm, MbeM3 I, bool point);
// a body inside component comp at point (no frame of its own: its wrench is no connector's),
// never a potential root; its mass may be zero and its inertia indefinite (a rotor's share)
MbeStatus mbe_mech_add_point_body(MbeMech* m, int comp, int point, MbeM3 I);
int mbe_mech_var(const MbeMech* m, const char* name);            // flat var index, -1
int mbe_mech_inst(const MbeMech* m, const char* name);           // flat inst index, -1
int mbe_mech_comp_frame(MbeMech* m, int comp, const char* sub);  // comp's frame `sub`, -1
// numeric value of a parameter element comp.name[elem] where mech needs a number (a structural
// choice, a host computation); errors name the component, also when the value varies per member
MbeStatus mbe_mech_real(MbeMech* m, int comp, const char* name, int elem, double* out);
// the model's own value of comp.name[elem] even when it varies (validity checks of the nominal)
MbeStatus mbe_mech_nominal(MbeMech* m, int comp, const char* name, int elem, double* out);
// the node of comp.name[elem]: a PARAM where it has fixed=false, its expression in the varied
// parameters where it depends on them, else its value; *st (kept when already an error) on
// failure
MbeSymId mbe_mech_psym(MbeMech* m, int comp, const char* name, int elem, MbeStatus* st);
MbeV3 mbe_mech_pv3(MbeMech* m, int comp, const char* name, MbeStatus* st);
// the node of element i of a flat value: its expression in the varied parameters, or its number
MbeSymId mbe_mech_value_node(MbeMech* m, const MbeValue* v, size_t i);
// the node of the start value of var[elem] (0 when it has none)
MbeSymId mbe_mech_start_sym(MbeMech* m, const char* var, int elem);
// whether var[elem] has fixed=true
bool mbe_mech_start_fixed(MbeMech* m, const char* var, int elem);
// the model's own start value, even when it varies
double mbe_mech_start_nominal(MbeMech* m, const char* var, int elem);
MbeStatus mbe_mech_int(MbeMech* m, int comp, const char* name, int elem, int* out);
bool mbe_mech_bool(MbeMech* m, int comp, const char* name);  // false when absent
MbeStatus mbe_mech_vec(MbeMech* m, int comp, const char* name, double out[3]);
MbeStatus mbe_mech_nominal3(MbeMech* m, int comp, const char* name, double out[3]);
// the PARAM node of comp.name when that scalar parameter has fixed=false, else 0 (node 0 is the
// constant 0, never a parameter)
MbeSymId mbe_mech_free_param(MbeMech* m, int comp, const char* name);
// as mbe_mech_free_param for flat var v
MbeSymId mbe_mech_free_param_var(MbeMech* m, int v);

/* ---- expressions of the model's equations (mech_expr.c) ------------------------------------- */

// The node of element elem of flat var `var` (a variable, not a parameter) for mbe_mech_expr, or
// with `der` the node of its time derivative (the argument of der(v)); sets *st (and m->err, at
// `at`) and returns 0 when the variable has no node here.
typedef MbeSymId MbeMechNameFn(MbeMech* m, void* ctx, int var, int elem, bool der,
                               const MbeExpr* at, MbeStatus* st);

// Compiles the scalar expression e, written in flat instance scope with class lex, into the
// mechanism's DAG: numbers; parameters and constants (their values, a varied one's expression of
// the varied parameters, a fixed=false one's PARAM); variables through `name` (ctx is its);
// time; + - * / ^ and unary minus; relations, and, or, not (as 0/1); if-expressions (SELECT);
// der(v) of a variable (the name callback's derivative node; 0 of a parameter, 1 of time);
// noEvent and smooth (transparent); abs, sign, sqrt, sin, cos, tan, asin, acos, atan, atan2, exp,
// log, log10, sinh, cosh, tanh, min, max; a call of a Modelica function of the model or a library,
// inlined: its algorithm runs symbolically (an if whose condition varies selects each variable's
// value, for-loops run when their bounds are known when compiling, a while-loop too, or, when its
// condition varies, as 64 passes merged under the condition, newton-fail beyond); its inputs,
// outputs and locals may be vectors and matrices (x[:], x[size(v, 1)], Real[3], a type such as
// Axis), assigned whole or element by element. Arrays follow Modelica: vector * vector is the
// scalar product, matrix * vector and matrix * matrix the matrix products, {a, b}, size, sum,
// cross, transpose, identity, zeros, ones, fill. Anything else (an array where a scalar is
// needed, an external function, a record) is MBE_ERR_UNSUPPORTED naming it at its place.
MbeStatus mbe_mech_expr(MbeMech* m, const MbeExpr* e, int scope, const MbeClass* lex,
                        MbeMechNameFn* name, void* ctx, MbeSymId* out);
// the length of the vector expression e (its unsubscripted vector variables), 0 for a scalar;
// a matrix, or vectors of different lengths, are errors at their place
MbeStatus mbe_mech_expr_size(MbeMech* m, const MbeExpr* e, int scope, const MbeClass* lex, int* n);
// element sel (0-based) of the vector expression e, as mbe_mech_expr: each unsubscripted vector
// variable gives its element sel, an array literal its entry sel, operators and functions apply
// element by element, zeros(n), ones(n) and fill(x, n) give their element, a function's array
// output its element sel, products of arrays follow Modelica (vector * vector is a scalar)
MbeStatus mbe_mech_expr_elem(MbeMech* m, const MbeExpr* e, int scope, const MbeClass* lex,
                             MbeMechNameFn* name, void* ctx, int sel, MbeSymId* out);

// element sel (-1: a scalar) of field `field` ("T" of a Frames.Orientation) of the record value
// e, as mbe_mech_expr: a record instance's field, a record constructor's argument, the field of a
// function's record output
MbeStatus mbe_mech_expr_field(MbeMech* m, const MbeExpr* e, int scope, const MbeClass* lex,
                              MbeMechNameFn* name, void* ctx, const char* field, int sel,
                              MbeSymId* out);

// The outputs out[0..nout) of function fn (a vector) for its first input, the vector
// in[0..nin), inlined as mbe_mech_expr inlines a call; its other inputs take the values of fn's
// modifiers (a short definition `f = g(k = x)`, written in class lex of flat instance scope) or
// their defaults.
MbeStatus mbe_mech_fn_vector(MbeMech* m, const MbeClass* fn, int scope, const MbeClass* lex,
                             const MbeSymId* in, int nin, MbeSymId* out, int nout);

// The gravity acceleration (world frame) at world position r: World's built-in fields, or its
// redeclared gravityAcceleration inlined (an error goes to m->gravity_error, zero gravity out)
MbeV3 mbe_mech_gravity(MbeMech* m, MbeV3 r);

// the node of element elem of var's binding (a variable's, not a parameter's) into *out, compiled
// at its first use; false when var has none (*st set when compiling it failed)
bool mbe_mech_binding_value(MbeMech* m, int var, int elem, MbeSymId* out, MbeStatus* st);
// Equations v = e (or e = v) that give a variable of the model's own without a binding its
// value (Fourbar1's j1_phi = j1.phi) become its binding (after the user layout)
MbeStatus mbe_mech_equation_bindings(MbeMech* m);
// a flattening context over m's flat model (names, subscripts, parameter values), NULL when out
// of memory
MbeFlatten* mbe_mech_flatten_ctx(MbeMech* m);
// The user's own variables with a binding (not parameters, in a user's model) become signals
// computed from the signals their bindings name (mech_bound.c); after mbe_mech_outputs.
MbeStatus mbe_mech_bound_outputs(MbeMech* m);
// start value of var comp.name[elem] (0 when absent) and whether it is fixed, where mech needs a
// number (a varied one records the error in m->vary_error)
double mbe_mech_start(MbeMech* m, const char* var, int elem, bool* fixed);
MbeStatus mbe_mech_error(MbeMech* m, MbeStatus code, int comp, const char* fmt, ...)
    MBE_PRINTF(4, 5);

// ---- mech_loops.c ---------------------------------------------------------------------------
// placeholder PARAM leaves of the loops (a rod's length from the start): index + component
enum { MBE_MECH_LOOP_PH = 0x30000000 };
// d/dt of e at u' = 0: sum over the position states of d e / d q_k q_k' (after the kinematics)
MbeStatus mbe_mech_rate_q(MbeMech* m, MbeSymId e, MbeSymId* out);
// one position constraint of a cut joint, phi = 0, and how it varies with a virtual motion of
// its frames (world): d phi = ta . dtheta_a + fa . dr_a + tb . dtheta_b + fb . dr_b (the frames'
// origins). Its multiplier lambda puts -lambda (fb, tb) on frame_b's side (force at the
// origin, torque about it) and -lambda (fa, ta) on frame_a's.
struct MbeMechCutRow {
  MbeSymId phi;
  MbeV3 ta, fa, tb, fb;
  int pa, pb;      // the points of its two sides (set by mbe_mech_loop_constraints for cut joints)
  MbeSymId accel;  // what d^2 phi / dt^2 has beside the tree's motion (a driven joint's
                   // prescribed acceleration), 0 for none
};
// the rows of d[i] (d = r_b - r_a), of d . a (a fixed in frame_a, world) and of a . b - c0 (a
// fixed in frame_a, b in frame_b)
MbeMechCutRow mbe_mech_cut_offset(MbeMech* m, MbeV3 d, int i);
MbeMechCutRow mbe_mech_cut_along(MbeMech* m, MbeV3 d, MbeV3 a);
MbeMechCutRow mbe_mech_cut_angle(MbeMech* m, MbeV3 a, MbeV3 b, MbeSymId c0);
// the row of d . d - L2 (a rod of length sqrt(L2) between the frames' origins)
MbeMechCutRow mbe_mech_cut_length(MbeMech* m, MbeV3 d, MbeSymId L2);
// a cut joint's frames in world coordinates: d = r_b - r_a, and axis (frame_a coordinates, unit;
// the parameter axis_name, NULL for the constant z) with two unit vectors ex, ey normal to it (as
// the MSL's joints choose them), seen from frame_a and from frame_b
typedef struct MbeLoopFrames {
  MbeV3 d;
  MbeV3 n_a, ex_a, ey_a;
  MbeV3 n_b, ex_b, ey_b;
} MbeLoopFrames;
MbeStatus mbe_mech_loop_frames(MbeMech* m, int c, const char* axis_name, const MbeV3* axis,
                               MbeLoopFrames* f);
// marks the joints that close kinematic loops as cut (before the tree is grown)
MbeStatus mbe_mech_choose_cuts(MbeMech* m);
// the cut joints' constraints, their velocity and acceleration forms (after the kinematics)
MbeStatus mbe_mech_loop_constraints(MbeMech* m);
// H += alpha G^T G, b += alpha G^T gamma (alpha: the mean of H's diagonal), which leaves the
// solution of H u' + G^T lambda = b, G u' = gamma as it is and makes H positive definite where
// the constraints hold what carries no mass (a massless chain in a loop)
void mbe_mech_loop_augment(MbeMech* m, MbeSymId* H, MbeSymId* b);
// the accelerations under the constraints: H factored (L^T D L, parents lambda) and x the
// unconstrained accelerations H^-1 b, corrected in place by the constraint forces
MbeStatus mbe_mech_loop_accelerations(MbeMech* m, const MbeSymId* H, const int* lambda,
                                      MbeSymId* x);
// the cut joints' constraint forces as their frames' wrenches (before the outputs)
void mbe_mech_loop_wrenches(MbeMech* m);
// the dependent coordinates solved in the RHS (Newton from their states), their speeds from
// the velocity constraints, everything computed from them; the initial state assembled
MbeStatus mbe_mech_loops_close(MbeMech* m);

// a joint's axis flange set (flange[0]) is its edge's coordinate less offset (0: none), its
// support (flange[1]) fixed; an axis on another joint's axis or a fixed flange is an error
MbeStatus mbe_mech_axis_sets(MbeMech* m, int c, int edge, MbeSymId offset);
// a rod's point mass `mass` in the middle of points pa and pb, as a line mass of component c (its
// index in m->lmass; Kane's form, mech_eom.c)
int mbe_mech_rod_mass(MbeMech* m, int c, MbeSymId mass, int pa, int pb);
// comp.name, a parameter with fixed=false, is what mech computes itself (no initial condition)
MbeStatus mbe_mech_free_done(MbeMech* m, int c, const char* name);

// ---- classes/assemblies.c ---------------------------------------------------------------------
// placeholder PARAM leaves of what the start decides for an assembly: its branch sign (+1: the
// MSL's positiveBranch) and JointRRR's n_b (index + 4 component + k)
enum { MBE_MECH_ASM_PH = 0x31000000 };
// whether component c is one of the Assemblies with a closed form (JointSSR ... JointRRP)
bool mbe_mech_is_assembly(const MbeMech* m, int c);
// an assembly's coordinates in closed form, after its constraint rows' velocity form
struct MbeMechAsmForm {
  int comp;                   // the assembly
  int n;                      // coordinates: its joint's, then a universal rod's two angles
  MbeSymId q[3], u[3];        // their state leaves and their speeds'
  MbeSymId to_q[3], to_u[3];  // their closed forms (the states' and placeholders' leaves)
  int nph;                    // what the start decides: the branch sign, then JointRRR's n_b
  MbeSymId ph[4];             // their placeholders
  MbeSymId ph_start[4];       // their values in this configuration (the sign: +1 or -1, the
                              // branch nearer the guess)
  MbeSymId singular;          // > 0 where the loop has no regular solution (k1a <= 1e-10)
};
MbeStatus mbe_mech_asm_form(MbeMech* m, int c, MbeMechAsmForm* f);

// ---- mech_eom.c -----------------------------------------------------------------------------
// solves L^T D L x = b in place (H factored by mbe_mech_equations, lambda the parent dofs)
void mbe_mech_ltdl_solve(MbeMech* m, const MbeSymId* H, const int* lambda, MbeSymId* b);
MbeStatus mbe_mech_equations(MbeMech* m);
// accelerations and subtree wrenches of every point; udot NULL: the bias pass (u' = 0)
MbeStatus mbe_mech_newton_euler(MbeMech* m, const MbeSymId* udot);
// the wrench a body needs at its frame for point accelerations (aw, av)
void mbe_mech_body_wrench(MbeMech* m, const MbeMechBody* b, MbeV3 aw, MbeV3 av, MbeV3* t, MbeV3* f);
// JointUPS: the loads of bodies at frame_ia/ib and their image at frame_a/b (for the outputs)
void mbe_mech_derived_wrenches(MbeMech* m, const MbeSymId* udot);
// a wrench of the child point of e in the parent point's coordinates
void mbe_mech_force_up(MbeMech* m, const MbeMechEdge* e, MbeV3 t, MbeV3 f, MbeV3* pt, MbeV3* pf);
// the child point's accelerations from the parent's (pw, pv) and the edge's u' (udot NULL: 0)
void mbe_mech_edge_accel(MbeMech* m, const MbeMechEdge* e, MbeV3 pw, MbeV3 pv, const MbeSymId* udot,
                         MbeV3* cw, MbeV3* cv);
// adds a body's 6x6 rigid-body inertia at its frame (rows torque, force; columns w', v') to out
void mbe_mech_body_inertia(MbeMech* m, const MbeMechBody* b, MbeSymId* out);
// what the bodies (at the points' aw, av; udot NULL: bw, bv) and the force elements need at each
// point, added to its Ft, Ff
void mbe_mech_point_wrenches(MbeMech* m, const MbeSymId* udot);

// ---- mech_aba.c -----------------------------------------------------------------------------
// the articulated-body algorithm: udot (ndof) from the joint forces tau and the rotor inertias
// arm riding on each speed (0: none), for a tree whose branches nothing couples
MbeStatus mbe_mech_aba(MbeMech* m, const MbeSymId* tau, const MbeSymId* arm, MbeSymId* udot);

// ---- mech_forces.c --------------------------------------------------------------------------
// a scalar parameter of comp: a literal, its expression where it varies per member, or a
// parameter symbol where it has fixed=false (its value is then found by the initialization)
static inline MbeSymId mbe_mech_param(MbeMech* m, int comp, const char* name, MbeStatus* st) {
  return mbe_mech_psym(m, comp, name, 0, st);
}
// the point of a connected frame
MbeMechPoint* mbe_mech_frame_point(MbeMech* m, int frame);
// the cut torque and force on a frame's owner, in the frame's coordinates (frame -1: none)
void mbe_mech_set_wrench(MbeMech* m, int frame, MbeV3 t, MbeV3 f);
// element elem of input `name` of block comp, followed to its source at depth
MbeSymId mbe_mech_block_input(MbeMech* m, int comp, const char* name, int elem, int depth,
                              MbeStatus* st);
// the flange set of 1-D connector index flange, -1 for none
int mbe_mech_set_of(MbeMech* m, int flange);
// force elements: their connector wrenches; drives: generalized forces of joint axes into tau
MbeStatus mbe_mech_forces(MbeMech* m);
// the 1-D flange sets (joint axes, supports, fixed flanges, line-force flanges) and the loads of
// the 1-D elements on them; before mbe_mech_forces (line forces read their flange loads)
MbeStatus mbe_mech_drives(MbeMech* m);
// the outputs of the signal blocks (and of models' output connectors fed by them) that are no
// signal yet, as signals: a controller's y, a gain's y (after the bound outputs)
MbeStatus mbe_mech_block_signals(MbeMech* m);
// the node component c's outputs hook gives signal `name` (0 where it gives none), without
// adding signals: a sensor's output read while the forces are made
MbeStatus mbe_mech_capture_signal(MbeMech* m, int c, const char* name, MbeSymId* out);
// the joint axes' generalized forces into tau, the 1-D inertias riding on them into H (or, H NULL,
// into arm: one per speed, where no set couples two coordinates)
void mbe_mech_drive_forces(MbeMech* m, MbeSymId* tau, MbeSymId* H, MbeSymId* arm);
// the line masses' wrenches at their frames for accelerations (Ju' + abias); udot NULL: none
void mbe_mech_line_mass_wrenches(MbeMech* m, const MbeSymId* udot);
// a line mass's m (a - g) (world) for the accelerations u' (NULL: at u' = 0)
MbeV3 mbe_mech_line_mass_force(MbeMech* m, const MbeMechLineMass* lm, const MbeSymId* udot);

// ---- classes/drives.c -------------------------------------------------------------------------
// the index of component c's first constraint row (m->ncon: none)
size_t mbe_mech_row_of(const MbeMech* m, int c);

// ---- classes/shafts.c -------------------------------------------------------------------------
// an edge of its own for every 1-D flange set that holds an inertia and that no joint axis,
// support, fixed flange, line force or rotor defines: a shaft turning (sliding) from the ground
MbeStatus mbe_mech_shafts(MbeMech* m);
// the set of component c's flange k is the coordinate of its edge (edge < 0: c's own shaft)
void mbe_mech_shaft_set(MbeMech* m, int c, int k, int edge);
// the sets behind ideal gears take the position, speed and scale of the set before the gear
// (after every axis is known)
MbeStatus mbe_mech_gear_sets(MbeMech* m);
// d^2/dt^2 of flange set k's position (the accelerations solved), 0 for a fixed set
MbeSymId mbe_mech_set_accel(MbeMech* m, int k);
// IdealGear and the classes that are one (sun - carrier = -ratio (ring - carrier) of
// IdealPlanetary; IdealGearR2T's flangeR.phi = ratio flangeT.s; a Mass's or Rod's
// flange_a.s = flange_b.s - L)
bool mbe_mech_is_gear(const MbeMech* m, int c);
// a Rotor1D whose frame_a is present (world.driveTrainMechanics3D = true)
bool mbe_mech_rotor_3d(const MbeMech* m, int c);
// a Translational Mass's or Rod's length L where it is not the constant 0 (then its flanges are
// two sets, flange_b.s = flange_a.s + L, related as a gear's), else 0
MbeSymId mbe_mech_rigid_length(MbeMech* m, int c);
// what shaft set k's position adds to its edge's coordinate: -L/2 (flange_a) or L/2 (flange_b)
// where the shaft is a Mass's of length L (the coordinate is its s, the centre), else 0
MbeSymId mbe_mech_shaft_offset(MbeMech* m, int k);

// ---- classes/rolling.c ------------------------------------------------------------------------
// a rolling wheel's kinematics (MBE_EDGE_ROLLING): R (world -> wheel), r_0, w (wheel
// coordinates), v_0 (world) and q'
void mbe_mech_rolling_setup(MbeMech* m, MbeMechEdge* e, MbeM3* R, MbeV3* r, MbeV3* w, MbeV3* v);
// the variable (component.x, .y, .angles, .der_angles) and element of its state k (a speed:
// is_u)
const char* mbe_mech_rolling_var(MbeMech* m, const MbeMechEdge* e, int k, bool is_u, int* elem);

// ---- classes/tables.c ---------------------------------------------------------------------------
// 1 from time t0 on, 0 before, t0 a time event (the MSL's `time < t0`)
MbeSymId mbe_mech_from_time(MbeMech* m, MbeSymId t0);

// ---- classes/wheelset.c -----------------------------------------------------------------------
// a wheel set's frameMiddle (MBE_EDGE_WHEELSET): R (world -> frameMiddle), r_0, w (its
// coordinates), v_0 (world) and q'
void mbe_mech_wheelset_setup(MbeMech* m, MbeMechEdge* e, MbeM3* R, MbeV3* r, MbeV3* w, MbeV3* v);
// the variable (component.x ... .theta2, .der_theta1, .der_theta2) of its state k (a speed:
// is_u)
const char* mbe_mech_wheelset_var(MbeMech* m, const MbeMechEdge* e, int k, bool is_u);
// the kinematics of wheel set c's derived frame1 and frame2
void mbe_mech_wheelset_frames(MbeMech* m, int c);

// ---- classes/flanges.c ------------------------------------------------------------------------
// Inertia, Mass, a 1-D Rotor1D: J (m) onto the inertia of the joint axis or shaft it rides on
MbeStatus mbe_mech_flange_inertia_load(MbeMech* m, int c);
// the flange sets of an element between flange_a and flange_b: both connected, each a joint
// axis, a grounded set or a line force's flange (errors name the component)
MbeStatus mbe_mech_compliant_sets(MbeMech* m, int c, MbeMechFlangeSet** A, MbeMechFlangeSet** B);
// a source's flange set (connected, else an error) and its support's (NULL: none), each a joint
// axis, a grounded set or a line force's flange
MbeStatus mbe_mech_source_sets(MbeMech* m, int c, MbeMechFlangeSet** F, MbeMechFlangeSet** S);
// the positions and speeds of the flange sets of a line force's (or JointUPS's) flanges [0] and
// [1], where connected; a set that is already a joint axis, fixed or another's is an error
MbeStatus mbe_mech_line_sets(MbeMech* m, int c, const MbeSymId pos[2], const MbeSymId vel[2]);
// the element's torque (force) f at flange_b and -f at flange_a
void mbe_mech_compliant_load(MbeMech* m, int c, MbeMechFlangeSet* A, MbeMechFlangeSet* B,
                             MbeSymId f);
// v added to the load of set S as component c's torque (force) on its connector flange[k]
// (recorded for torque sensors)
void mbe_mech_flange_add(MbeMech* m, int c, int k, MbeMechFlangeSet* S, MbeSymId v);
void mbe_mech_flange_sub(MbeMech* m, int c, int k, MbeMechFlangeSet* S, MbeSymId v);

// ---- mech_out.c -----------------------------------------------------------------------------
// the signal prefix.var; prefix.var[i] of a vector of n
void mbe_mech_signal_at(MbeMech* m, const char* prefix, const char* var, MbeSymId id);
void mbe_mech_signal_n(MbeMech* m, const char* prefix, const char* var, const MbeSymId* v, int n);
// a frame connector's r_0, R.T, R.w and, with t, its cut force f and torque t
void mbe_mech_frame_signals(MbeMech* m, const char* name, int point, const MbeV3* t,
                            const MbeV3* f);
// d/dt of a vector (mbe_mech_der)
MbeStatus mbe_mech_der3(MbeMech* m, MbeV3 v, MbeV3* out);
MbeStatus mbe_mech_outputs(MbeMech* m);
void mbe_mech_signal(MbeMech* m, const char* name, MbeSymId id);
void mbe_mech_signal_v3(MbeMech* m, const char* prefix, const char* var, MbeV3 v);
MbeSymId mbe_mech_input(MbeMech* m, int comp, const char* name, int elem);
// the output var[elem] of a signal block (Add, Gain ... of its inputs), or what feeds the
// connected input var[elem], into *out; false when var is neither; *st set when the block
// cannot compute it
bool mbe_mech_block_value(MbeMech* m, int var, int elem, MbeSymId* out, MbeStatus* st);
// d/dt of an expression of (t, x): sum_i de/dx_i x_i' + de/dt (after mbe_mech_equations)
MbeStatus mbe_mech_der(MbeMech* m, MbeSymId e, MbeSymId* out);
// the same with the rates rate(m, i) gives, 0 for one not known (then *missing = i, and
// *out is unfinished); mbe_mech_der's are m->xdot
MbeStatus mbe_mech_der_by(MbeMech* m, MbeSymId e, MbeSymId (*rate)(MbeMech* m, int i),
                          MbeSymId* out, int* missing);

// st, or MBE_ERR_NOMEM (set in m->err) where st is MBE_OK but the DAG ran out of memory
static inline MbeStatus mbe_mech_status(MbeMech* m, MbeStatus st) {
  if (st == MBE_OK && m->s->is_oom)
    return mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
  return st;
}

// the initType of Blocks.Continuous (Modelica.Blocks.Types.Init)
enum { MBE_INIT_NO = 1, MBE_INIT_STEADY = 2, MBE_INIT_STATE = 3, MBE_INIT_OUTPUT = 4 };
// a block's state k (after comp.state) starts at v: its initial state node and number
void mbe_mech_block_start_at(MbeMech* m, int c, int k, MbeSymId v);
// the block's input u at the start (its signal, set with the outputs)
MbeSymId mbe_mech_block_u_start(MbeMech* m, int c);

// ---- mech_init.c ----------------------------------------------------------------------------
MbeStatus mbe_mech_initial_state(MbeMech* m);
// e at the start of a member: time t0, every state its start expression (x0sym), so an
// expression of the parameters; s->is_oom where memory ran out
MbeSymId mbe_mech_at_start(MbeMech* m, MbeSymId e);
// rewrites every root the system keeps (state derivatives, signals, asserts, the failure flag)
// from leaves `from` to `to` (n)
MbeStatus mbe_mech_substitute_roots(MbeMech* m, const MbeSymId* from, const MbeSymId* to, size_t n);
// the free parameters solved per member put in: every root and initial state reads their
// expressions of the varied parameters (last, after everything that builds on them)
MbeStatus mbe_mech_free_params(MbeMech* m);

// ---- mech_user.c -----------------------------------------------------------------------------
// the kind (MBE_MC_USER_*) of flat instance inst when it is a user's model that extends one of
// the partials mech implements for users (PartialLineForce, PartialForce, the Rotational and
// Translational PartialCompliant and PartialCompliantWithRelativeStates ...), else -1
int mbe_mech_user_kind(MbeMech* m, int inst);
bool mbe_mech_is_user(MbeMechKind k);
// the equations, states and unknowns of users' line forces; their states after the others
MbeStatus mbe_mech_user_layout(MbeMech* m);
// whether flat equation eq belongs to a user's line force (and is solved there)
bool mbe_mech_user_owns_equation(const MbeMech* m, size_t eq);
// a user's line force solved from its equations: f, the frames' wrenches, the states' derivatives
MbeStatus mbe_mech_user_force(MbeMech* m, int c);
// a user's 1-D compliant element between flanges at relative position rel and speed relv:
// *force (tau or f at flange_b) and the states' derivatives
MbeStatus mbe_mech_user_force_1d(MbeMech* m, int c, MbeSymId rel, MbeSymId relv, MbeSymId* force);
// a user's 1-D element that extends PartialTwoFlanges between flange sets A and B: the flange
// torques/forces it states (acting on the element) into *fa, *fb, and the states' derivatives
MbeStatus mbe_mech_user_flanges(MbeMech* m, int c, const MbeMechFlangeSet* A,
                                const MbeMechFlangeSet* B, MbeSymId* fa, MbeSymId* fb);
// a user's 1-D source that extends Rotational PartialTorque or Translational PartialForce, its
// flange in set F and its support in S (NULL: none, grounded): the torque/force it puts on the
// flange set (acting on the element: flange.tau, or -f) into *fl, and its states' derivatives
MbeStatus mbe_mech_user_source(MbeMech* m, int c, const MbeMechFlangeSet* F,
                               const MbeMechFlangeSet* S, MbeSymId* fl);
// the component's own variables, its force and its kinematics as outputs
void mbe_mech_user_signals(MbeMech* m, int c);
// a user's signal block (Blocks.Interfaces.SISO, SI2SO, SO in equations): its output y, its
// equations solved with its inputs when first needed; and its signals
MbeSymId mbe_mech_user_block(MbeMech* m, int c, int elem, int depth, MbeStatus* st);
MbeStatus mbe_mech_user_block_outputs(MbeMech* m, int c);

// ---- mech_assert.c --------------------------------------------------------------------------
// compiles the asserts the run checks into m->asserts (after mbe_mech_outputs): those on
// variables, and those on parameters where a varied parameter enters the condition
MbeStatus mbe_mech_asserts(MbeMech* m);
// the signal mech collected for var[elem] into *out (false when there is none, or none yet)
bool mbe_mech_var_signal(MbeMech* m, int var, int elem, MbeSymId* out);
// the signal name of element elem (row-major) of flat var v: "rev.phi", "body.r_0[2]", "R.T[1,2]"
const char* mbe_mech_element_name(MbeMech* m, const MbeVar* v, int elem);

// ---- mech_vary.c ----------------------------------------------------------------------------
// refuses a varied parameter that reaches no state derivative, initial state or output (after
// mbe_mech_initial_state), saying why: the animation only, a false X_fixed flag, or the model's
// flags and connections
MbeStatus mbe_mech_check_varied(MbeMech* m);

#endif
