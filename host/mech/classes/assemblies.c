// SPDX-License-Identifier: Apache-2.0
// MultiBody.Joints.Assemblies JointSSR, JointSSP, JointUSR, JointUSP and JointRRP (a JointUSP
// inside): the MSL's "analytic loop handling". Each is what its MSL source is made of: a
// revolute (or prismatic) joint at frame_b whose angle (distance) a length constraint decides
// (Internal.RevoluteWithLengthConstraint), the rigid rod2 from its frame_ib to frame_im, and
// rod1 from frame_a to frame_im (SphericalSpherical or UniversalSpherical, kinematicConstraint
// = false). Here the joint is a tree edge pb -> ib and rod2 a rigid edge ib -> im. A spherical
// rod1 is one constraint row |r_im - r_a|^2 = L^2 between frame_a's point and im, as for a cut
// rod. A universal rod1 is a chain of tree edges from frame_a: a fixed rotation, the universal's
// two revolutes (about n1_a, then about the rod's second axis e2), the fixed rotation to frame_ia
// (the MSL's [eRod_ia, e2_ia, e3_ia] [eRod_a, e2_a, e3_a]^T) and the rod rRod1_ia to its tip,
// held at im by three rows (a spherical joint): frame_ia is a point of the tree, so bodies and
// further parts hang there as anywhere. The coordinates are never found by Newton: in every RHS
// call the joint's is the MSL's closed form (the quadratic A cos + B sin + C = 0, or the
// prismatic's quadratic in the distance) on the branch chosen at the start (positiveBranch: the
// solution nearer phi_guess / s_guess), the universal's two angles those that point the rod at
// im, their speeds from the rows' velocity form (mech_loops.c, close_assemblies). The rows'
// multipliers are rod1's force (f_rod along it); the accelerations come from the same
// constrained equations as for the cut joints.
#include <math.h>
#include <string.h>

#include "mech_internal.h"

typedef struct MbeMechAsm {
  const char* base;  // where its parts' variables are: "jointSSR", "jointRRP.jointUSP"
  bool prismatic, universal;
  int pa, pb, ib, im;  // points: frame_a, frame_b, frame_ib, frame_im
  int ia, tip;         // universal kinds: frame_ia's point and rod1's end (held at im), else -1
  int edge, rigid;     // the joint's edge, rod2's
  int uni;             // universal kinds: the first of its chain's edges (rotation, 2 revolutes)
  int tip_edge;        // universal kinds: the rod's edge from frame_ia to its tip
  int row, nrows;      // rod1's constraint rows
  MbeSymId L;          // rod1's length
  MbeSymId offset;     // phi_offset (rad) or s_offset
  MbeSymId guess;      // the start's choice: angle or distance nearest to this
  MbeV3 e, rb;         // the joint's unit axis, rRod2_ib (frame_b / frame_ib coordinates)
  MbeV3 n1, rod;       // universal kinds: axis 1 at frame_a, rRod1_ia
  MbeM3 Eref;          // universal kinds: frame_a -> the chain's reference (its z axis n1)
  int lmass;           // rod1's point mass (SphericalSpherical m > 0), -1 if none
  MbeV3 ta, fa, tim, fim;  // rod1's loads on its two ends' points (world), outputs' pass
} MbeMechAsm;

static bool is_inner(MbeMechKind k) {
  return k == MBE_MC_JOINT_RRR || k == MBE_MC_JOINT_RRP;
}

// where its parts' variables are below it: JointRRR's and JointRRP's in their JointUSR, JointUSP
static const char* inner_prefix(MbeMechKind k) {
  return k == MBE_MC_JOINT_RRR ? "jointUSR." : k == MBE_MC_JOINT_RRP ? "jointUSP." : "";
}

static bool is_prismatic(MbeMechKind k) {
  return k == MBE_MC_JOINT_SSP || k == MBE_MC_JOINT_USP || k == MBE_MC_JOINT_RRP;
}

static bool is_universal(MbeMechKind k) {
  return k == MBE_MC_JOINT_USR || k == MBE_MC_JOINT_USP || is_inner(k);
}

bool mbe_mech_is_assembly(const MbeMech* m, int c) {
  return m->asms != NULL && m->asms[c].base != NULL;
}

// the point of comp's frame `name`, a new inner point where it is not connected
static int asm_point(MbeMech* m, int c, const char* name) {
  int f = mbe_mech_comp_frame(m, c, name);
  int p = f >= 0 ? mbe_mech_point_of(m, f) : -1;
  return p >= 0 ? p : mbe_mech_new_point(m);
}

// the parameters of the joint, rod1 and rod2
static MbeStatus asm_params(MbeMech* m, int c, MbeMechAsm* A) {
  MbeSym* s = m->s;
  MbeMechKind k = m->comps[c].kind;
  MbeStatus st = MBE_OK;
  if (A->universal) {
    A->n1 = mbe_mech_pv3(m, c, is_inner(k) ? "n_a" : "n1_a", &st);
    A->rod = mbe_mech_pv3(m, c, "rRod1_ia", &st);
    A->L = mbe_v3_norm(s, A->rod);
  } else {
    A->L = mbe_mech_param(m, c, "rod1Length", &st);
  }
  A->rb = mbe_mech_pv3(m, c, "rRod2_ib", &st);
  if (A->prismatic) {
    A->offset = mbe_mech_param(m, c, "s_offset", &st);
    A->guess = mbe_sym_add(s, A->offset, mbe_mech_param(m, c, "s_guess", &st));
  } else {
    MbeSymId deg = mbe_sym_const(s, 3.14159265358979323846 / 180.0);
    MbeSymId off = mbe_mech_param(m, c, "phi_offset", &st);
    MbeSymId g = mbe_mech_param(m, c, "phi_guess", &st);
    A->offset = mbe_sym_mul(s, deg, off);
    A->guess = mbe_sym_mul(s, deg, mbe_sym_add(s, off, g));
  }
  if (st == MBE_OK && k != MBE_MC_JOINT_RRR)
    st = mbe_mech_unit_axis(m, c, "n_b", &A->e);
  for (int i = 0; i < 3 && k == MBE_MC_JOINT_RRR; i++)  // found at the start (close_assemblies)
    A->e.e[i] = mbe_sym_param(s, MBE_MECH_ASM_PH + 4 * c + 1 + i);
  return st;
}

// the rows of a matrix
static MbeM3 rows3(MbeV3 a, MbeV3 b, MbeV3 c) {
  MbeM3 r;
  for (int j = 0; j < 3; j++)
    r.e[j] = a.e[j], r.e[3 + j] = b.e[j], r.e[6 + j] = c.e[j];
  return r;
}

// a rigid edge of component c from p to a new point: rotation R (p -> new coordinates), offset r
static int rigid_to_new(MbeMech* m, int c, int p, int to, const MbeM3* R, const MbeV3* r) {
  int q = to >= 0 ? to : mbe_mech_new_point(m);
  MbeMechEdge* e = q >= 0 ? mbe_mech_new_edge(m, c, MBE_EDGE_RIGID, p, q) : NULL;
  if (e == NULL)
    return -1;
  if (R != NULL)
    e->R = *R;
  if (r != NULL)
    e->r = *r;
  return q;
}

// UniversalSpherical rod1 as tree edges from frame_a: the reference frame [x, n1 x x, n1] (x a
// unit vector normal to n1), the revolute about its z axis (n1), the revolute about the new y
// axis (the rod's e2 = n1 x eRod), the rotation to frame_ia ([eRod_ia, e2_ia, e3_ia]: the
// chain's x axis is the rod), and the rod to its tip
static MbeStatus universal_chain(MbeMech* m, int c, MbeMechAsm* A) {
  MbeSym* s = m->s;
  const char* names[2][2] = {{"rod1.phi_n1", "rod1.w_n1"}, {"rod1.phi_e2", "rod1.w_e2"}};
  double n0[3];
  MbeStatus st = mbe_mech_nominal3(m, c, is_inner(m->comps[c].kind) ? "n_a" : "n1_a", n0);
  if (st != MBE_OK)
    return st;
  double a0[3] = {fabs(n0[0]) < 0.6 * sqrt(n0[0] * n0[0] + n0[1] * n0[1] + n0[2] * n0[2]), 0, 0};
  a0[1] = 1 - a0[0];  // x, or y where n1 lies near x
  MbeV3 n1 = mbe_v3_normalize(s, A->n1), a = mbe_v3_const(s, a0);
  MbeV3 x = mbe_v3_normalize(s, mbe_v3_sub(s, a, mbe_v3_scale(s, mbe_v3_dot(s, a, n1), n1)));
  A->Eref = rows3(x, mbe_v3_cross(s, n1, x), n1);
  MbeV3 ei = mbe_v3_normalize(s, A->rod);
  MbeV3 e2i = mbe_v3_normalize(s, mbe_v3_cross(s, A->n1, ei));
  MbeM3 Eia = mbe_m3_transpose(rows3(ei, e2i, mbe_v3_cross(s, ei, e2i)));
  const char* inner = inner_prefix(m->comps[c].kind);
  A->uni = (int)m->nedges;
  int u0 = rigid_to_new(m, c, A->pa, -1, &A->Eref, NULL);
  int mid = u0 >= 0 ? mbe_mech_new_point(m) : -1, up = mid >= 0 ? mbe_mech_new_point(m) : -1;
  if (up < 0)
    return mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
  for (int k = 0; k < 2 && st == MBE_OK; k++) {
    double ax[3] = {0, k == 1, k == 0};
    MbeV3 v = mbe_v3_const(s, ax);
    st = mbe_mech_elementary(m, c, MBE_EDGE_REVOLUTE, k ? mid : u0, k ? up : mid, &v,
                             mbe_arena_printf(m->arena, "%s%s", inner, names[k][0]),
                             mbe_arena_printf(m->arena, "%s%s", inner, names[k][1]));
  }
  if (st == MBE_OK && rigid_to_new(m, c, up, A->ia, &Eia, NULL) < 0)
    st = mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
  A->tip_edge = (int)m->nedges;
  if (st == MBE_OK && (A->tip = rigid_to_new(m, c, A->ia, -1, NULL, &A->rod)) < 0)
    st = mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
  return st;
}

// fixed=false parameters of its parts that the closed forms and the outputs give
static MbeStatus asm_free(MbeMech* m, int c, const MbeMechAsm* A) {
  MbeMechKind k = m->comps[c].kind;
  const char* inner = inner_prefix(k);
  const char* branch = A->prismatic ? "prismatic.positiveBranch" : "revolute.positiveBranch";
  MbeStatus st = mbe_mech_free_done(m, c, mbe_arena_printf(m->arena, "%s%s", inner, branch));
  if (st == MBE_OK && k == MBE_MC_JOINT_RRP)
    st = mbe_mech_free_done(m, c, "e_im");
  if (st == MBE_OK && k == MBE_MC_JOINT_RRR)  // found at the start (close_assemblies)
    st = mbe_mech_free_done(m, c, "n_b");
  if (st == MBE_OK && k == MBE_MC_JOINT_RRR)
    st = mbe_mech_free_done(m, c, "jointUSR.n_b");
  if (st == MBE_OK && A->universal)  // |rRod1_ia| (UniversalSpherical's initial equation)
    st = mbe_mech_free_done(m, c, mbe_arena_printf(m->arena, "%srod1.rodLength", inner));
  return st;
}

static MbeStatus asm_build(MbeMech* m, int c) {
  MbeMechComp* comp = &m->comps[c];
  MbeMechKind k = comp->kind;
  if (comp->frame_a < 0 || comp->frame_b < 0 || mbe_mech_point_of(m, comp->frame_a) < 0 ||
      mbe_mech_point_of(m, comp->frame_b) < 0) {
    return mbe_mech_error(m, MBE_ERR_MODEL, c, "frame_a and frame_b must both be connected");
  }
  if (m->asms == NULL) {
    m->asms = mbe_arena_alloc(m->arena, (m->ncomps + 1) * sizeof *m->asms);
    if (m->asms == NULL)
      return mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
    memset(m->asms, 0, (m->ncomps + 1) * sizeof *m->asms);
  }
  MbeMechAsm* A = &m->asms[c];
  A->base = is_inner(k) ? mbe_mech_cname(m, c, k == MBE_MC_JOINT_RRR ? "jointUSR" : "jointUSP")
                        : comp->name;
  A->prismatic = is_prismatic(k);
  A->universal = is_universal(k);
  A->lmass = -1;
  A->pa = mbe_mech_point_of(m, comp->frame_a);
  A->pb = mbe_mech_point_of(m, comp->frame_b);
  A->ib = asm_point(m, c, "frame_ib");
  A->im = asm_point(m, c, "frame_im");
  A->ia = A->universal ? asm_point(m, c, "frame_ia") : -1;
  A->tip = -1;
  if (A->ib < 0 || A->im < 0 || (A->universal && A->ia < 0))
    return mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
  int pts[5] = {A->pa, A->pb, A->ib, A->im, A->ia};
  for (int i = 0; i < 5; i++) {
    for (int j = i + 1; j < 5; j++) {
      if (pts[i] == pts[j] && pts[i] >= 0) {
        return mbe_mech_error(m, MBE_ERR_UNSUPPORTED, c,
                              "two of its frames (frame_a, frame_b, frame_ib, frame_im, "
                              "frame_ia) are connected to each other; not supported");
      }
    }
  }
  MbeStatus st = asm_params(m, c, A);
  if (st == MBE_OK)
    st = asm_free(m, c, A);
  if (st != MBE_OK)
    return st;
  const char* joint = A->prismatic ? "prismatic.distance" : "revolute.angle";
  const char* q = mbe_arena_printf(m->arena, "%s%s", inner_prefix(k), joint);
  A->edge = (int)m->nedges;
  st = mbe_mech_elementary(m, c, A->prismatic ? MBE_EDGE_PRISMATIC : MBE_EDGE_REVOLUTE, A->pb,
                           A->ib, &A->e, q, q);
  if (st != MBE_OK)
    return st;
  m->edges[A->edge].uname[0] = mbe_arena_printf(m->arena, "der(%s)", m->edges[A->edge].qname[0]);
  A->rigid = (int)m->nedges;
  if (rigid_to_new(m, c, A->ib, A->im, NULL, &A->rb) < 0)
    return mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
  return A->universal ? universal_chain(m, c, A) : MBE_OK;
}

// The joint's edge must hang from frame_b and carry ib and im, the universal's chain from
// frame_a: what else reaches their points first would make the closed form a function of
// itself. The axis flange is the joint's coordinate less the offset, the bearing fixed to
// frame_b.
static MbeStatus asm_axes(MbeMech* m, int c) {
  MbeMechAsm* A = &m->asms[c];
  MbeMechComp* comp = &m->comps[c];
  for (int k = 0; k < comp->nedges; k++) {
    const MbeMechEdge* e = &m->edges[comp->edge0 + k];
    if (!e->in_tree || e->reversed) {
      return mbe_mech_error(m, MBE_ERR_UNSUPPORTED, c,
                            "frame_ib, frame_im or frame_ia is reached through other joints "
                            "before the assembly's own; connect only bodies and parts there "
                            "that nothing else holds");
    }
  }
  return mbe_mech_axis_sets(m, c, A->edge, A->offset);
}

// rod1: |r_im - r_a|^2 = L^2 (spherical), or its tip at im (universal: three rows)
static MbeStatus asm_constraints(MbeMech* m, int c, MbeMechCutRow* rows, int* n) {
  MbeMechAsm* A = &m->asms[c];
  int from = A->universal ? A->tip : A->pa;
  MbeV3 d = mbe_v3_sub(m->s, m->points[A->im].r0, m->points[from].r0);
  A->row = (int)m->ncon;  // rows are appended in order (mbe_mech_loop_constraints)
  A->nrows = A->universal ? 3 : 1;
  if (A->universal) {
    for (int i = 0; i < 3; i++)
      rows[i] = mbe_mech_cut_offset(m, d, i);
  } else {
    rows[0] = mbe_mech_cut_length(m, d, mbe_sym_mul(m->s, A->L, A->L));
  }
  for (int i = 0; i < A->nrows; i++)
    rows[i].pa = from, rows[i].pb = A->im;
  *n = A->nrows;
  return MBE_OK;
}

// rod1's point mass (SphericalSpherical with rod1Mass > 0)
static MbeStatus asm_forces(MbeMech* m, int c) {
  MbeMechAsm* A = &m->asms[c];
  MbeStatus st = MBE_OK;
  double mass = 0;
  if (A->universal || (st = mbe_mech_nominal(m, c, "rod1Mass", 0, &mass)) != MBE_OK || !(mass > 0))
    return st;
  MbeSymId mass_p = mbe_mech_param(m, c, "rod1Mass", &st);
  A->lmass = mbe_mech_rod_mass(m, c, mass_p, A->pa, A->im);
  return st;
}

static void add_load(MbeMech* m, int p, MbeV3 t, MbeV3 f) {
  MbeSym* s = m->s;
  MbeMechPoint* P = &m->points[p];
  MbeV3 tl = mbe_m3_mulv(s, P->R, t), fl = mbe_m3_mulv(s, P->R, f);
  P->lt = P->has_load ? mbe_v3_add(s, P->lt, tl) : tl;
  P->lf = P->has_load ? mbe_v3_add(s, P->lf, fl) : fl;
  P->has_load = true;
}

// rod1's loads on its ends' points: its constraint forces and its mass's d'Alembert force (half
// at each end)
static MbeStatus asm_loads(MbeMech* m, int c) {
  MbeSym* s = m->s;
  MbeMechAsm* A = &m->asms[c];
  A->ta = A->fa = A->tim = A->fim = mbe_v3_zero();
  for (int r = A->row; r < A->row + A->nrows; r++) {
    const MbeMechCutRow* row = &m->con_row[r];
    MbeSymId lam = m->con_lambda[r];
    A->ta = mbe_v3_add(s, A->ta, mbe_v3_scale(s, lam, row->ta));
    A->fa = mbe_v3_add(s, A->fa, mbe_v3_scale(s, lam, row->fa));
    A->tim = mbe_v3_add(s, A->tim, mbe_v3_scale(s, lam, row->tb));
    A->fim = mbe_v3_add(s, A->fim, mbe_v3_scale(s, lam, row->fb));
  }
  if (A->lmass >= 0) {
    MbeV3 F = mbe_mech_line_mass_force(m, &m->lmass[A->lmass], m->udot);
    MbeV3 h = mbe_v3_scale(s, mbe_sym_const(s, 0.5), F);
    A->fa = mbe_v3_add(s, A->fa, h);
    A->fim = mbe_v3_add(s, A->fim, h);
  }
  add_load(m, A->universal ? A->tip : A->pa, A->ta, A->fa);
  add_load(m, A->im, A->tim, A->fim);
  return MBE_OK;
}

static void set_frame(MbeMech* m, int c, const char* name, MbeV3 t, MbeV3 f) {
  int fr = mbe_mech_comp_frame(m, c, name);
  if (fr < 0)
    return;
  m->frames[fr].t = t, m->frames[fr].f = f, m->frames[fr].has_wrench = true;
}

// what the outside needs at inner point p, whose subtree continues through the assembly's edge
// `through` (-1: none): the subtree's need less what goes on through that edge and less the
// rod's loads there
static void outside_need(MbeMech* m, int p, int through, MbeV3* t, MbeV3* f) {
  MbeSym* s = m->s;
  const MbeMechPoint* P = &m->points[p];
  *t = P->Ft, *f = P->Ff;
  if (through >= 0) {
    const MbeMechPoint* C = &m->points[m->edges[through].child_point];
    MbeV3 ut, uf;
    mbe_mech_force_up(m, &m->edges[through], C->Ft, C->Ff, &ut, &uf);
    *t = mbe_v3_sub(s, *t, ut), *f = mbe_v3_sub(s, *f, uf);
  }
  if (P->has_load)
    *t = mbe_v3_sub(s, *t, P->lt), *f = mbe_v3_sub(s, *f, P->lf);
}

// The frames' cut wrenches (on the assembly): minus what the outside needs at frame_ib,
// frame_im and frame_ia; a spherical rod1's loads at frame_a (frame_b, and a universal rod1's
// frame_a, are its edges' parent sides: edge_wrenches)
static MbeStatus asm_wrenches(MbeMech* m, int c) {
  MbeSym* s = m->s;
  MbeMechAsm* A = &m->asms[c];
  if (!A->universal) {
    const MbeMechPoint* Pa = &m->points[A->pa];
    set_frame(m, c, "frame_a", mbe_m3_mulv(s, Pa->R, A->ta), mbe_m3_mulv(s, Pa->R, A->fa));
  }
  static const char* const names[3] = {"frame_ib", "frame_im", "frame_ia"};
  int pts[3] = {A->ib, A->im, A->ia};
  int through[3] = {A->rigid, -1, A->universal ? A->tip_edge : -1};
  for (int i = 0; i < 3; i++) {
    if (pts[i] < 0)
      continue;
    MbeV3 t, f;
    outside_need(m, pts[i], through[i], &t, &f);
    set_frame(m, c, names[i], mbe_v3_neg(s, t), mbe_v3_neg(s, f));
  }
  return MBE_OK;
}

// a connector of one of its parts: pose of point p, wrench (t, f) in p's coordinates
static void part_frame(MbeMech* m, const MbeMechAsm* A, const char* part, int p, MbeV3 t, MbeV3 f) {
  const char* name = mbe_arena_printf(m->arena, "%s.%s", A->base, part);
  mbe_mech_frame_signals(m, name, p, &t, &f);
}

// the wrench of frame `name` of component c (zero where it has none)
static void frame_wrench(MbeMech* m, int c, const char* name, MbeV3* t, MbeV3* f) {
  int fr = mbe_mech_comp_frame(m, c, name);
  bool has = fr >= 0 && m->frames[fr].has_wrench;
  *t = has ? m->frames[fr].t : mbe_v3_zero();
  *f = has ? m->frames[fr].f : mbe_v3_zero();
}

// the parts' connectors, as the MSL's components inside the assembly see them
static void part_frames(MbeMech* m, int c) {
  MbeSym* s = m->s;
  MbeMechAsm* A = &m->asms[c];
  const MbeMechPoint *Pib = &m->points[A->ib], *Pim = &m->points[A->im];
  MbeV3 z = mbe_v3_zero(), t, f;
  const char* joint = A->prismatic ? "prismatic" : "revolute";
  frame_wrench(m, c, "frame_b", &t, &f);
  part_frame(m, A, mbe_arena_printf(m->arena, "%s.frame_a", joint), A->pb, t, f);
  part_frame(m, A, mbe_arena_printf(m->arena, "%s.frame_b", joint), A->ib, mbe_v3_neg(s, Pib->Ft),
             mbe_v3_neg(s, Pib->Ff));
  MbeV3 ut, uf;
  mbe_mech_force_up(m, &m->edges[A->rigid], Pim->Ft, Pim->Ff, &ut, &uf);
  part_frame(m, A, "rod2.frame_a", A->ib, ut, uf);
  part_frame(m, A, "rod2.frame_b", A->im, mbe_v3_neg(s, Pim->Ft), mbe_v3_neg(s, Pim->Ff));
  frame_wrench(m, c, "frame_a", &t, &f);
  part_frame(m, A, "rod1.frame_a", A->pa, t, f);
  part_frame(m, A, "rod1.frame_b", A->im, Pim->lt, Pim->lf);
  if (A->universal) {
    frame_wrench(m, c, "frame_ia", &t, &f);
    part_frame(m, A, "rod1.frame_ia", A->ia, t, f);
  }
  if (A->base != m->comps[c].name) {  // JointRRR's jointUSR, JointRRP's jointUSP: the same frames
    static const char* const outer[5] = {"frame_a", "frame_b", "frame_ia", "frame_ib", "frame_im"};
    int pts[5] = {A->pa, A->pb, A->ia, A->ib, A->im};
    for (int i = 0; i < 5; i++) {
      frame_wrench(m, c, outer[i], &t, &f);
      part_frame(m, A, outer[i], pts[i], t, f);
    }
  }
  static const char* const sensor[4] = {"relativePosition.frame_a", "relativePosition.frame_b",
                                        "relativePosition.relativePosition.frame_a",
                                        "relativePosition.relativePosition.frame_b"};
  for (int i = 0; i < 4; i++)
    part_frame(m, A, sensor[i], i % 2 ? A->pa : A->pb, z, z);
}

// checkTotalPower: the power flowing in through its frames and its axis (drive: the axis's),
// less what rod1's point mass takes; zero up to rounding where the cut wrenches are right
static MbeSymId total_power(MbeMech* m, int c, MbeSymId drive) {
  MbeSym* s = m->s;
  MbeMechAsm* A = &m->asms[c];
  if (!mbe_mech_bool(m, c, "checkTotalPower"))
    return 0;
  static const char* const names[5] = {"frame_a", "frame_b", "frame_ia", "frame_ib", "frame_im"};
  MbeSymId pw = drive;
  for (int i = 0; i < 5; i++) {
    int fr = mbe_mech_comp_frame(m, c, names[i]);
    if (fr < 0 || !m->frames[fr].has_wrench)
      continue;
    const MbeMechPoint* P = &m->points[m->frames[fr].point];
    pw = mbe_sym_add(s, pw, mbe_v3_dot(s, m->frames[fr].f, P->v));
    pw = mbe_sym_add(s, pw, mbe_v3_dot(s, m->frames[fr].t, P->w));
  }
  if (A->lmass >= 0) {
    const MbeMechPoint *Pa = &m->points[A->pa], *Pim = &m->points[A->im];
    MbeV3 v = mbe_v3_add(s, mbe_m3_tmulv(s, Pa->R, Pa->v), mbe_m3_tmulv(s, Pim->R, Pim->v));
    MbeV3 F = mbe_mech_line_mass_force(m, &m->lmass[A->lmass], m->udot);
    pw = mbe_sym_sub(s, pw, mbe_sym_mul(s, mbe_sym_const(s, 0.5), mbe_v3_dot(s, F, v)));
  }
  return pw;
}

// f_rod (> 0 pressed), the joint's variables, rod1's and the sensor's, the parts' frames
static MbeStatus asm_outputs(MbeMech* m, int c) {
  MbeSym* s = m->s;
  MbeMechAsm* A = &m->asms[c];
  const MbeMechEdge* e = &m->edges[A->edge];
  const MbeMechPoint *Pa = &m->points[A->pa], *Pb = &m->points[A->pb];
  const MbeMechPoint* Pim = &m->points[A->im];
  MbeV3 d = mbe_v3_sub(s, Pim->r0, Pa->r0);
  MbeSymId len = mbe_v3_norm(s, d);
  MbeSymId inv = mbe_sym_div(s, mbe_sym_const(s, 1.0), len);
  MbeV3 e0 = mbe_v3_scale(s, inv, d);
  // along the rod, pressed > 0: the force on the rod at im (less its mass's half) reversed
  MbeV3 fim = A->fim;
  if (A->lmass >= 0) {
    MbeV3 F = mbe_mech_line_mass_force(m, &m->lmass[A->lmass], m->udot);
    fim = mbe_v3_sub(s, fim, mbe_v3_scale(s, mbe_sym_const(s, 0.5), F));
  }
  MbeSymId frod = mbe_sym_neg(s, mbe_v3_dot(s, e0, fim));
  mbe_mech_signal_at(m, A->base, "f_rod", frod);
  mbe_mech_signal_at(m, A->base, "rod1.f_rod", frod);
  if (A->base != m->comps[c].name)
    mbe_mech_signal_at(m, m->comps[c].name, "f_rod", frod);
  MbeSymId q = mbe_sym_state(s, e->q0), u = mbe_sym_state(s, e->u0);
  MbeSymId x = mbe_sym_sub(s, q, A->offset);
  int set = mbe_mech_set_of(m, m->comps[c].flange[0]);
  MbeSymId drive = set >= 0 ? mbe_sym_neg(s, m->sets[set].load) : 0;
  const char* p =
      mbe_arena_printf(m->arena, "%s.%s", A->base, A->prismatic ? "prismatic" : "revolute");
  mbe_mech_signal_at(m, p, A->prismatic ? "s" : "phi", x);
  mbe_mech_signal_at(m, p, A->prismatic ? "v" : "w", u);
  mbe_mech_signal_at(m, p, A->prismatic ? "f" : "tau", drive);
  if (A->prismatic)
    mbe_mech_signal_v3(m, p, "r_rel_a", mbe_v3_scale(s, q, A->e));
  MbeV3 e_im = mbe_m3_mulv(s, Pim->R, e0);  // rod1.eRod_a resolved in frame_im
  MbeV3 ax = A->prismatic ? A->e : mbe_v3_cross(s, A->e, A->rb);
  mbe_mech_signal_at(m, A->base, "aux", mbe_v3_dot(s, ax, e_im));
  mbe_mech_signal_at(m, A->base, "totalPower", total_power(m, c, mbe_sym_mul(s, drive, u)));
  const char* rod = mbe_arena_printf(m->arena, "%s.rod1", A->base);
  MbeV3 da = mbe_m3_mulv(s, Pa->R, d);
  mbe_mech_signal_v3(m, rod, "rRod_0", d);
  mbe_mech_signal_v3(m, rod, "rRod_a", da);
  mbe_mech_signal_v3(m, rod, "eRod_a", mbe_v3_scale(s, inv, da));
  mbe_mech_signal_at(m, rod, "rodLength", A->L);
  MbeV3 rrel = mbe_m3_mulv(s, Pb->R, mbe_v3_sub(s, Pa->r0, Pb->r0));
  mbe_mech_signal_v3(m, A->base, "relativePosition.r_rel", rrel);
  for (int i = 0; i < 3; i++) {
    mbe_mech_signal(m, mbe_arena_printf(m->arena, "%s.position_b[%d].y", A->base, i + 1),
                    A->rb.e[i]);
  }
  if (m->comps[c].kind == MBE_MC_JOINT_RRP) {  // e_a resolved in frame_im (the same at all times)
    MbeStatus st = MBE_OK;
    MbeV3 ea = mbe_v3_normalize(s, mbe_mech_pv3(m, c, "n_a", &st));
    MbeV3 ew = mbe_m3_tmulv(s, Pa->R, ea);
    mbe_mech_signal_v3(m, m->comps[c].name, "e_im", mbe_m3_mulv(s, Pim->R, ew));
    if (st != MBE_OK)
      return st;
  }
  part_frames(m, c);
  return s->is_oom ? mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory") : MBE_OK;
}

// the coefficients of the revolute's A cos(angle) + B sin(angle) + C = 0 (MSL's selectBranch)
static void revolute_abc(MbeSym* s, MbeV3 e, MbeV3 ra, MbeV3 rb, MbeSymId L, MbeSymId* A,
                         MbeSymId* B, MbeSymId* C) {
  MbeSymId era = mbe_v3_dot(s, e, ra), erb = mbe_v3_dot(s, e, rb);
  MbeSymId ee = mbe_sym_mul(s, erb, era);
  MbeSymId two = mbe_sym_const(s, 2.0);
  *A = mbe_sym_mul(s, mbe_sym_const(s, -2.0), mbe_sym_sub(s, mbe_v3_dot(s, rb, ra), ee));
  *B = mbe_sym_mul(s, two, mbe_v3_dot(s, rb, mbe_v3_cross(s, e, ra)));
  MbeSymId sq = mbe_sym_add(s, mbe_v3_dot(s, ra, ra), mbe_v3_dot(s, rb, rb));
  MbeSymId c0 = mbe_sym_sub(s, sq, mbe_sym_mul(s, L, L));
  *C = mbe_sym_sub(s, c0, mbe_sym_mul(s, two, ee));
}

// angle on branch sign sg (+1: positiveBranch): atan2(-B C - sg A k2, -A C + sg B k2)
static MbeSymId revolute_angle(MbeSym* s, MbeSymId A, MbeSymId B, MbeSymId C, MbeSymId k2,
                               MbeSymId sg) {
  MbeSymId sk = mbe_sym_mul(s, sg, k2);
  MbeSymId kc = mbe_sym_add(s, mbe_sym_neg(s, mbe_sym_mul(s, A, C)), mbe_sym_mul(s, B, sk));
  MbeSymId ks = mbe_sym_sub(s, mbe_sym_neg(s, mbe_sym_mul(s, B, C)), mbe_sym_mul(s, A, sk));
  return mbe_sym_op(s, MBE_SYM_ATAN2, ks, kc, 0);
}

// the joint's coordinate on the branch placeholder f->sign, the start's branch, the singularity
static void joint_form(MbeMech* m, const MbeMechAsm* A, MbeMechAsmForm* f) {
  MbeSym* s = m->s;
  const MbeMechPoint *Pa = &m->points[A->pa], *Pb = &m->points[A->pb];
  MbeV3 ra = mbe_m3_mulv(s, Pb->R, mbe_v3_sub(s, Pa->r0, Pb->r0));  // position_a
  MbeSymId one = mbe_sym_const(s, 1.0), eps = mbe_sym_const(s, 1e-12), k1a, k2, x1, x2;
  if (A->prismatic) {
    MbeV3 rbra = mbe_v3_sub(s, A->rb, ra);
    MbeSymId k1 = mbe_v3_dot(s, A->e, rbra);
    MbeSymId C = mbe_sym_sub(s, mbe_v3_dot(s, rbra, rbra), mbe_sym_mul(s, A->L, A->L));
    k1a = mbe_sym_sub(s, mbe_sym_mul(s, k1, k1), C);
    k2 = mbe_sym_fn(s, MBE_SYM_SQRT, mbe_sym_op(s, MBE_SYM_MAX, k1a, eps, 0));
    MbeSymId nk1 = mbe_sym_neg(s, k1);
    f->to_q[0] = mbe_sym_add(s, nk1, mbe_sym_mul(s, f->ph[0], k2));
    x1 = mbe_sym_add(s, nk1, k2);
    x2 = mbe_sym_sub(s, nk1, k2);
  } else {
    MbeSymId a, b, cc;
    revolute_abc(s, A->e, ra, A->rb, A->L, &a, &b, &cc);
    MbeSymId k1 = mbe_sym_add(s, mbe_sym_mul(s, a, a), mbe_sym_mul(s, b, b));
    k1a = mbe_sym_sub(s, k1, mbe_sym_mul(s, cc, cc));
    k2 = mbe_sym_fn(s, MBE_SYM_SQRT, mbe_sym_op(s, MBE_SYM_MAX, k1a, eps, 0));
    f->to_q[0] = revolute_angle(s, a, b, cc, k2, f->ph[0]);
    x1 = revolute_angle(s, a, b, cc, k2, one);
    x2 = revolute_angle(s, a, b, cc, k2, mbe_sym_neg(s, one));
  }
  // positiveBranch where |x1 - guess| <= |x2 - guess|
  MbeSymId d1 = mbe_sym_fn(s, MBE_SYM_ABS, mbe_sym_sub(s, x1, A->guess));
  MbeSymId d2 = mbe_sym_fn(s, MBE_SYM_ABS, mbe_sym_sub(s, x2, A->guess));
  f->ph_start[0] = mbe_sym_op(s, MBE_SYM_SELECT, mbe_sym_sub(s, d1, d2), mbe_sym_neg(s, one), one);
  f->singular = mbe_sym_sub(s, mbe_sym_const(s, 1e-10), k1a);
}

// the universal's two angles that point the rod from frame_a at im: the rod's direction in the
// chain's reference frame is (cos a cos b, sin a cos b, -sin b); singular where the rod lies
// along n1 (cos b = 0, where e2 = n1 x eRod is undefined in the MSL as well)
static void universal_form(MbeMech* m, const MbeMechAsm* A, MbeMechAsmForm* f) {
  MbeSym* s = m->s;
  const MbeMechPoint *Pa = &m->points[A->pa], *Pim = &m->points[A->im];
  MbeV3 d = mbe_m3_mulv(s, A->Eref, mbe_m3_mulv(s, Pa->R, mbe_v3_sub(s, Pim->r0, Pa->r0)));
  MbeSymId h =
      mbe_sym_fn(s, MBE_SYM_SQRT,
                 mbe_sym_add(s, mbe_sym_mul(s, d.e[0], d.e[0]), mbe_sym_mul(s, d.e[1], d.e[1])));
  f->to_q[1] = mbe_sym_op(s, MBE_SYM_ATAN2, d.e[1], d.e[0], 0);
  f->to_q[2] = mbe_sym_op(s, MBE_SYM_ATAN2, mbe_sym_neg(s, d.e[2]), h, 0);
  MbeSymId len = mbe_v3_norm(s, d);
  MbeSymId flat = mbe_sym_sub(s, mbe_sym_mul(s, mbe_sym_const(s, 1e-6), len), h);
  f->singular = mbe_sym_op(s, MBE_SYM_MAX, f->singular, flat, 0);
}

MbeStatus mbe_mech_asm_form(MbeMech* m, int c, MbeMechAsmForm* f) {
  MbeSym* s = m->s;
  MbeMechAsm* A = &m->asms[c];
  memset(f, 0, sizeof *f);
  f->comp = c;
  int edges[3] = {A->edge, A->uni + 1, A->uni + 2};
  f->n = A->universal ? 3 : 1;
  for (int k = 0; k < f->n; k++) {
    f->q[k] = mbe_sym_state(s, m->edges[edges[k]].q0);
    f->u[k] = mbe_sym_state(s, m->edges[edges[k]].u0);
  }
  f->nph = 1;
  f->ph[0] = mbe_sym_param(s, MBE_MECH_ASM_PH + 4 * c);
  if (m->comps[c].kind == MBE_MC_JOINT_RRR) {  // n_b: n_a resolved in frame_b at the start
    MbeStatus st = MBE_OK;
    MbeV3 ea = mbe_v3_normalize(s, mbe_mech_pv3(m, c, "n_a", &st));
    const MbeMechPoint *Pa = &m->points[A->pa], *Pb = &m->points[A->pb];
    MbeV3 nb = mbe_m3_mulv(s, Pb->R, mbe_m3_tmulv(s, Pa->R, ea));
    for (int i = 0; i < 3; i++)
      f->ph[1 + i] = A->e.e[i], f->ph_start[1 + i] = nb.e[i];
    f->nph = 4;
    if (st != MBE_OK)
      return st;
  }
  joint_form(m, A, f);
  if (A->universal)
    universal_form(m, A, f);
  // the speeds from rod1's velocity constraints G u = 0: G_dep u_dep = -G_other u_other
  MbeSymId Gd[9], b[3], x[3];
  for (int r = 0; r < f->n; r++) {
    const MbeSymId* g = m->con_G + (size_t)(A->row + r) * m->ndof;
    MbeSymId acc = 0;
    for (size_t i = 0; i < m->ntree; i++) {
      const MbeMechEdge* t = &m->edges[m->tree_edges[i]];
      for (int j = 0; j < t->nu; j++) {
        int dof = t->dof0 + j, dep = -1;
        for (int k = 0; k < f->n; k++)
          dep = dof == m->edges[edges[k]].dof0 ? k : dep;
        if (dep < 0 && g[dof] != 0)
          acc = mbe_sym_add(s, acc, mbe_sym_mul(s, g[dof], mbe_sym_state(s, t->u0 + j)));
      }
    }
    b[r] = mbe_sym_neg(s, acc);
    for (int k = 0; k < f->n; k++)
      Gd[r * f->n + k] = g[m->edges[edges[k]].dof0];
  }
  // by the normal equations G_dep^T G_dep u_dep = G_dep^T rhs: positive definite wherever
  // G_dep is regular, so elimination without pivoting cannot meet a zero pivot (a universal
  // rod's rows are the components of its tip's velocity, each of which vanishes somewhere)
  MbeSymId N[9], nb[3];
  for (int i = 0; i < f->n && f->n > 1; i++) {
    nb[i] = 0;
    for (int r = 0; r < f->n; r++)
      nb[i] = mbe_sym_add(s, nb[i], mbe_sym_mul(s, Gd[r * f->n + i], b[r]));
    for (int j = 0; j < f->n; j++) {
      N[i * f->n + j] = 0;
      for (int r = 0; r < f->n; r++) {
        MbeSymId t = mbe_sym_mul(s, Gd[r * f->n + i], Gd[r * f->n + j]);
        N[i * f->n + j] = mbe_sym_add(s, N[i * f->n + j], t);
      }
    }
  }
  if (f->n == 1)
    x[0] = mbe_sym_div(s, b[0], Gd[0]);
  else
    mbe_sym_solve_dense(s, f->n, N, nb, x);
  for (int k = 0; k < f->n; k++)
    f->to_u[k] = x[k];
  return s->is_oom ? mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory") : MBE_OK;
}

const MbeMechClass mbe_mc_assembly = {.role = MBE_ROLE_ASSEMBLY,
                                      .flange = {"axis", "bearing"},
                                      .build = asm_build,
                                      .axes = asm_axes,
                                      .constraints = asm_constraints,
                                      .forces = asm_forces,
                                      .loads = asm_loads,
                                      .wrenches = asm_wrenches,
                                      .outputs = asm_outputs,
                                      .closed = mbe_mech_asm_form};
