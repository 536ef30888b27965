// SPDX-License-Identifier: Apache-2.0
// Kinematic loops. The joints that close loops are cut: the MSL's loop-closing joints always,
// otherwise the joint that closes a loop when the components are joined in order (what cannot be
// cut first, then the cuttable joints, in the model's order). Every tree coordinate stays a
// state. The loop's coordinates are speeds (LoopCoord, LoopMove): a Newton step moves positions
// along q' per unit speed, so quaternions and angles with angular-velocity speeds take part as
// joint angles do, and G (phi' = G u) is the Jacobian. In every RHS call the loop's positions
// are projected onto the position constraints phi(q) = 0 of the cut joints by least-norm Newton
// steps unrolled in the DAG from their states
// (so f stays a pure function of (t, x, p), and the start is the integrated value, close to the
// constraints), their speeds onto G u = 0 (project). The accelerations follow from the tree's
// equations with the constraint forces: H u' = b - G^T lambda, G u' = gamma, with H augmented
// by alpha G^T G (the same solution) so that massless chains inside loops are no singularity.
// The start is assembled by moving only the coordinates the constraints decide there
// (choose_dependent), so the start values a user fixed hold.
#include <math.h>
#include <string.h>

#include "mech_internal.h"

// Newton steps in the RHS (from the integrated values) and for a start (from the start values on
// the host, from the model's own assembly per member)
enum { LOOP_NEWTON_STEPS = 3, LOOP_START_STEPS = 40 };
#define LOOP_MAX_STEP 0.5

MbeStatus mbe_mech_loop_frames(MbeMech* m, int c, const char* axis_name, const MbeV3* axis,
                               MbeLoopFrames* f) {
  MbeSym* s = m->s;
  const MbeMechComp* comp = &m->comps[c];
  double n0[3] = {0, 0, 1};
  MbeStatus st = axis_name ? mbe_mech_nominal3(m, c, axis_name, n0) : MBE_OK;
  if (st != MBE_OK)
    return st;
  // the MSL's choice: a vector not aligned with the axis
  double nx[3] = {0, 0, 0};
  double len = sqrt(n0[0] * n0[0] + n0[1] * n0[1] + n0[2] * n0[2]);
  if (!(len > 0))
    return mbe_mech_error(m, MBE_ERR_MODEL, c, "axis '%s' is the zero vector", axis_name);
  nx[fabs(n0[0] / len) > 0.1 ? 1 : fabs(n0[1] / len) > 0.1 ? 2 : 0] = 1;
  MbeV3 nnx = {{mbe_sym_const(s, nx[0]), mbe_sym_const(s, nx[1]), mbe_sym_const(s, nx[2])}};
  MbeV3 t = mbe_v3_cross(s, *axis, nnx);
  MbeV3 ey = mbe_v3_normalize(s, t);
  MbeV3 ex = mbe_v3_cross(s, ey, *axis);
  const MbeMechPoint* A = &m->points[m->frames[comp->frame_a].point];
  const MbeMechPoint* B = &m->points[m->frames[comp->frame_b].point];
  f->d = mbe_v3_sub(s, B->r0, A->r0);
  f->n_a = mbe_m3_tmulv(s, A->R, *axis);
  f->ex_a = mbe_m3_tmulv(s, A->R, ex);
  f->ey_a = mbe_m3_tmulv(s, A->R, ey);
  f->n_b = mbe_m3_tmulv(s, B->R, *axis);
  f->ex_b = mbe_m3_tmulv(s, B->R, ex);
  f->ey_b = mbe_m3_tmulv(s, B->R, ey);
  return MBE_OK;
}

MbeMechCutRow mbe_mech_cut_offset(MbeMech* m, MbeV3 d, int i) {
  MbeMechCutRow r = {.phi = d.e[i]};
  r.ta = r.tb = r.fa = r.fb = mbe_v3_zero();
  r.fb.e[i] = mbe_sym_const(m->s, 1.0);
  r.fa.e[i] = mbe_sym_const(m->s, -1.0);
  return r;
}

MbeMechCutRow mbe_mech_cut_along(MbeMech* m, MbeV3 d, MbeV3 a) {
  MbeMechCutRow r = {.phi = mbe_v3_dot(m->s, d, a)};
  r.tb = mbe_v3_zero();
  r.fb = a;
  r.fa = mbe_v3_neg(m->s, a);
  r.ta = mbe_v3_cross(m->s, a, d);  // d(a) = dtheta_a x a
  return r;
}

MbeMechCutRow mbe_mech_cut_length(MbeMech* m, MbeV3 d, MbeSymId L2) {
  MbeSymId dd = mbe_v3_dot(m->s, d, d);
  MbeMechCutRow r = {.phi = mbe_sym_sub(m->s, dd, L2)};
  MbeSymId two = mbe_sym_const(m->s, 2.0);
  r.ta = r.tb = mbe_v3_zero();
  r.fb = mbe_v3_scale(m->s, two, d);
  r.fa = mbe_v3_neg(m->s, r.fb);
  return r;
}

MbeMechCutRow mbe_mech_cut_angle(MbeMech* m, MbeV3 a, MbeV3 b, MbeSymId c0) {
  MbeSymId ab = mbe_v3_dot(m->s, a, b);
  MbeMechCutRow r = {.phi = c0 ? mbe_sym_sub(m->s, ab, c0) : ab};
  r.fa = r.fb = mbe_v3_zero();
  r.ta = mbe_v3_cross(m->s, a, b);
  r.tb = mbe_v3_cross(m->s, b, a);
  return r;
}

/* ---- which joints are cut ------------------------------------------------------------------- */

static int find(int* up, int i) {
  while (up[i] != i) {
    up[i] = up[up[i]];
    i = up[i];
  }
  return i;
}

// whether comp takes part in the tree with edges from frame_a's point to frame_b's
static bool joins(const MbeMech* m, const MbeMechComp* comp) {
  if (comp->nedges == 0 || comp->frame_a < 0 || comp->frame_b < 0)
    return false;
  for (int k = 0; k < comp->nedges; k++) {
    const MbeMechEdge* e = &m->edges[comp->edge0 + k];
    if ((e->type == MBE_EDGE_ROTATION && e->body == -1) || e->scalar_names)
      return false;  // resolved by the tree builder
  }
  return true;
}

static bool cuttable(MbeMechKind k) {
  return mbe_mech_class(k)->constraints != NULL;
}

MbeStatus mbe_mech_choose_cuts(MbeMech* m) {
  int n = (int)m->npoints + 1, ground = (int)m->npoints;
  int* up = mbe_malloc((size_t)n * sizeof *up);
  if (up == NULL)
    return mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
  for (int i = 0; i < n; i++)
    up[i] = i;
  for (size_t c = 0; c < m->ncomps; c++) {
    const MbeMechComp* comp = &m->comps[c];
    if (mbe_mech_class(comp->kind)->role == MBE_ROLE_GROUND && comp->frame_b >= 0)
      up[find(up, m->frames[comp->frame_b].point)] = find(up, ground);
  }
  // an assembly joins frame_b with frame_ib and frame_im (frame_a is its rod's, a constraint)
  for (size_t c = 0; c < m->ncomps; c++) {
    const MbeMechComp* comp = &m->comps[c];
    for (int k = 0; mbe_mech_is_assembly(m, (int)c) && k < comp->nedges; k++) {
      const MbeMechEdge* e = &m->edges[comp->edge0 + k];
      up[find(up, e->pa)] = find(up, e->pb);
    }
  }
  // what cannot be cut first, then the joints that can, in the model's order
  for (int pass = 0; pass < 2; pass++) {
    for (size_t c = 0; c < m->ncomps; c++) {
      MbeMechComp* comp = &m->comps[c];
      if (mbe_mech_is_assembly(m, (int)c))
        continue;
      if (!joins(m, comp) || cuttable(comp->kind) != (pass == 1))
        continue;
      int a = find(up, m->frames[comp->frame_a].point);
      int b = find(up, m->frames[comp->frame_b].point);
      if (a == b && pass == 1)
        comp->cut = true;  // closes a loop
      else
        up[a] = b;  // a loop of parts that cannot be cut: the tree builder reports it
    }
  }
  mbe_free(up);
  return MBE_OK;
}

/* ---- the constraints ------------------------------------------------------------------------ */

MbeStatus mbe_mech_rate_q(MbeMech* m, MbeSymId e, MbeSymId* out) {
  MbeSym* s = m->s;
  MbeSymId acc = 0;
  for (size_t i = 0; i < m->ntree; i++) {
    const MbeMechEdge* ed = &m->edges[m->tree_edges[i]];
    for (int k = 0; k < ed->nq; k++) {
      MbeSymId d;
      MbeStatus st = mbe_sym_diff(s, e, mbe_sym_state(s, ed->q0 + k), &d, m->err);
      if (st != MBE_OK)
        return st;
      if (d == 0)
        continue;
      MbeSymId t = mbe_sym_mul(s, d, ed->qdot[k]);
      acc = mbe_sym_add(s, acc, t);
    }
  }
  *out = acc;
  return MBE_OK;
}

// whether component c gives constraint rows: a cut joint (pass 0), or an assembly or a driven
// joint whose coordinates follow in closed form (pass 1)
static bool has_rows(const MbeMech* m, size_t c, int pass) {
  return pass == 0 ? m->comps[c].cut
                   : mbe_mech_class(m->comps[c].kind)->closed != NULL && !m->comps[c].rowless;
}

MbeStatus mbe_mech_loop_constraints(MbeMech* m) {
  MbeSym* s = m->s;
  size_t ncut = 0;
  for (size_t c = 0; c < m->ncomps; c++)
    ncut += has_rows(m, c, 0) || has_rows(m, c, 1);
  if (ncut == 0)
    return MBE_OK;
  size_t cap = ncut * MBE_MECH_MAX_CUT_ROWS;
  m->con_phi = mbe_arena_alloc(m->arena, cap * sizeof *m->con_phi);
  m->con_vel = mbe_arena_alloc(m->arena, cap * sizeof *m->con_vel);
  m->con_gamma = mbe_arena_alloc(m->arena, cap * sizeof *m->con_gamma);
  m->con_comp = mbe_arena_alloc(m->arena, cap * sizeof *m->con_comp);
  m->con_G = mbe_arena_alloc(m->arena, (cap * m->ndof + 1) * sizeof *m->con_G);
  m->con_row = mbe_arena_alloc(m->arena, cap * sizeof *m->con_row);
  m->con_lambda = mbe_arena_alloc(m->arena, cap * sizeof *m->con_lambda);
  m->rod_ph = mbe_arena_alloc(m->arena, (m->ncomps + 1) * sizeof *m->rod_ph);
  m->rod_L2 = mbe_arena_alloc(m->arena, (m->ncomps + 1) * sizeof *m->rod_L2);
  m->rod_dd = mbe_arena_alloc(m->arena, (m->ncomps + 1) * sizeof *m->rod_dd);
  if (!m->con_phi || !m->con_vel || !m->con_gamma || !m->con_comp || !m->con_G || !m->con_row ||
      !m->con_lambda || !m->rod_ph || !m->rod_dd || !m->rod_L2)
    return mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
  // the cut joints' rows first (the projection's), then the assemblies' (their closed forms)
  for (int pass = 0; pass < 2; pass++) {
    for (size_t c = 0; c < m->ncomps; c++) {
      if (!has_rows(m, c, pass))
        continue;
      int k = 0;
      MbeMechCutRow* rows = m->con_row + m->ncon;
      MbeStatus st = mbe_mech_class(m->comps[c].kind)->constraints(m, (int)c, rows, &k);
      if (st != MBE_OK)
        return st;
      for (int r = 0; r < k; r++) {
        if (pass == 0) {
          rows[r].pa = m->frames[m->comps[c].frame_a].point;
          rows[r].pb = m->frames[m->comps[c].frame_b].point;
        }
        m->con_comp[m->ncon + (size_t)r] = (int)c;
        m->con_phi[m->ncon + (size_t)r] = rows[r].phi;
      }
      m->ncon += (size_t)k;
    }
    if (pass == 0)
      m->ncon_cut = m->ncon;
  }
  for (size_t r = 0; r < m->ncon; r++) {
    MbeStatus st = mbe_mech_rate_q(m, m->con_phi[r], &m->con_vel[r]);
    for (size_t i = 0; i < m->ntree && st == MBE_OK; i++) {
      const MbeMechEdge* e = &m->edges[m->tree_edges[i]];
      for (int k = 0; k < e->nu && st == MBE_OK; k++) {
        MbeSymId* g = &m->con_G[r * m->ndof + (size_t)(e->dof0 + k)];
        st = mbe_sym_diff(s, m->con_vel[r], mbe_sym_state(s, e->u0 + k), g, m->err);
      }
    }
    MbeSymId bias = 0;
    if (st == MBE_OK)
      st = mbe_mech_rate_q(m, m->con_vel[r], &bias);
    if (st != MBE_OK)
      return st;
    m->con_gamma[r] = mbe_sym_neg(s, bias);
    if (m->con_row[r].accel != 0)
      m->con_gamma[r] = mbe_sym_add(s, m->con_gamma[r], m->con_row[r].accel);
  }
  return s->is_oom ? mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory") : MBE_OK;
}

/* ---- accelerations -------------------------------------------------------------------------- */

void mbe_mech_loop_augment(MbeMech* m, MbeSymId* H, MbeSymId* b) {
  MbeSym* s = m->s;
  size_t n = m->ndof, nc = m->ncon;
  MbeSymId tr = 0;
  for (size_t i = 0; i < n; i++)
    tr = mbe_sym_add(s, tr, H[i * n + i]);
  // nothing with mass at all (an assembly held between fixed frames): G^T G alone
  bool massless = s->nodes[tr].op == MBE_SYM_CONST && s->nodes[tr].value == 0;
  MbeSymId alpha =
      massless ? mbe_sym_const(s, 1.0) : mbe_sym_div(s, tr, mbe_sym_const(s, (double)n));
  for (size_t i = 0; i < n; i++) {
    for (size_t j = 0; j <= i; j++) {
      MbeSymId acc = 0;
      for (size_t r = 0; r < nc; r++) {
        MbeSymId t = mbe_sym_mul(s, m->con_G[r * n + i], m->con_G[r * n + j]);
        acc = mbe_sym_add(s, acc, t);
      }
      if (acc == 0)
        continue;
      MbeSymId t = mbe_sym_mul(s, alpha, acc);
      H[i * n + j] = mbe_sym_add(s, H[i * n + j], t);
    }
    MbeSymId acc = 0;
    for (size_t r = 0; r < nc; r++) {
      MbeSymId t = mbe_sym_mul(s, m->con_G[r * n + i], m->con_gamma[r]);
      acc = mbe_sym_add(s, acc, t);
    }
    if (acc != 0) {
      MbeSymId t = mbe_sym_mul(s, alpha, acc);
      b[i] = mbe_sym_add(s, b[i], t);
    }
  }
}

MbeStatus mbe_mech_loop_accelerations(MbeMech* m, const MbeSymId* H, const int* lambda,
                                      MbeSymId* x) {
  MbeSym* s = m->s;
  size_t n = m->ndof, nc = m->ncon;
  MbeSymId* Y = mbe_calloc(nc * n + 1, sizeof *Y);  // H^-1 G^T, column r at Y + r n
  MbeSymId* S = mbe_calloc(nc * nc + 1, sizeof *S);
  MbeSymId* rhs = mbe_calloc(nc + 1, sizeof *rhs);
  MbeSymId* lam = mbe_calloc(nc + 1, sizeof *lam);
  if (!Y || !S || !rhs || !lam) {
    mbe_free(Y), mbe_free(S), mbe_free(rhs), mbe_free(lam);
    return mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
  }
  for (size_t r = 0; r < nc; r++) {
    memcpy(Y + r * n, m->con_G + r * n, n * sizeof *Y);
    mbe_mech_ltdl_solve(m, H, lambda, Y + r * n);
  }
  // G H^-1 G^T lambda = G x - gamma, then u' = x - H^-1 G^T lambda
  for (size_t r = 0; r < nc; r++) {
    const MbeSymId* g = m->con_G + r * n;
    MbeSymId gx = 0;
    for (size_t j = 0; j < n; j++) {
      MbeSymId t = mbe_sym_mul(s, g[j], x[j]);
      gx = mbe_sym_add(s, gx, t);
    }
    rhs[r] = mbe_sym_sub(s, gx, m->con_gamma[r]);
    for (size_t q = 0; q < nc; q++) {
      MbeSymId acc = 0;
      for (size_t j = 0; j < n; j++) {
        MbeSymId t = mbe_sym_mul(s, g[j], Y[q * n + j]);
        acc = mbe_sym_add(s, acc, t);
      }
      S[r * nc + q] = acc;
    }
  }
  mbe_sym_solve_dense(s, (int)nc, S, rhs, lam);
  memcpy(m->con_lambda, lam, nc * sizeof *lam);
  for (size_t j = 0; j < n; j++) {
    for (size_t r = 0; r < nc; r++) {
      MbeSymId t = mbe_sym_mul(s, Y[r * n + j], lam[r]);
      x[j] = mbe_sym_sub(s, x[j], t);
    }
  }
  mbe_free(Y), mbe_free(S), mbe_free(rhs), mbe_free(lam);
  return s->is_oom ? mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory") : MBE_OK;
}

/* ---- closing the loops in the RHS ----------------------------------------------------------- */

// A coordinate of the loops: one speed of a tree edge. Moving it by d moves the edge's positions
// by d times their q' per unit of that speed: a joint's angle or length itself, a rotation's
// quaternion or angles along the angular velocity (a first-order step on the rotation, which
// Newton's iteration needs no more than)
typedef struct LoopCoord {
  int edge;  // its tree edge
  int u;     // its speed's state
  int dof;   // its speed's index among the speeds
} LoopCoord;

// the positions that nk coordinates move: their states, and how much position i moves per unit
// of coordinate k (expressions of the positions)
typedef struct LoopMove {
  int nq, nk;
  int* q;         // (nq) position states
  MbeSymId* col;  // (nq x nk, row-major)
} LoopMove;

typedef struct LoopSolve {
  int nc, nd;      // constraints, dependent coordinates (equal once chosen)
  LoopCoord* dep;  // the dependent coordinates
  LoopMove mv;     // the positions they move
  int* row;        // the rows in pivot order
  double* J;       // numeric G over the dependent coordinates at the start (column-major)
} LoopSolve;

// the RHS's projection onto the constraints (project)
typedef struct LoopProjection {
  int nq, nk;      // positions moved, coordinates
  MbeSymId* from;  // (nq + nk) the positions' states, then the coordinates' speeds'
  MbeSymId* to;    // (nq + nk)
  MbeSymId failed;
} LoopProjection;

// the numbers of nodes ids at the start
static MbeStatus values_at_start(MbeMech* m, const MbeSymId* ids, size_t n, double* out) {
  bool oom = false;
  mbe_sym_eval_nodes(m->s, m->sys->t0, m->x0, m->p0, ids, n, out, &oom);
  return oom ? mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory") : MBE_OK;
}

// how much a coordinate wants to stay a state: stateSelect always, a fixed start, prefer (a
// joint's own; the coordinates of free motions and rotations are kept last)
static int keep_score(MbeMech* m, const MbeMechEdge* e) {
  int sel = 4;  // StateSelect.prefer, the joints' default
  if (mbe_mech_var(m, mbe_mech_cname(m, e->comp, "stateSelect")) >= 0)
    (void)mbe_mech_int(m, e->comp, "stateSelect", 0, &sel);
  if (sel >= 5)
    return 3;
  if (e->nq == 1 && mbe_mech_start_fixed(m, e->qname[0], 0))
    return 2;
  return sel >= 4 ? 1 : 0;
}

// the cut joints' names, for messages
static const char* cut_names(MbeMech* m) {
  const char* s = "";
  for (size_t c = 0; c < m->ncomps; c++) {
    if (m->comps[c].cut)
      s = mbe_arena_printf(m->arena, "%s%s%s", s, *s ? ", " : "", m->comps[c].name);
  }
  return s;
}

// The loop's coordinates: the speeds whose columns of G (over the first nc rows) are not zero,
// into cand (room for ndof), with those columns (nc per coordinate) into d
static void loop_coords(MbeMech* m, int nc, LoopCoord* cand, MbeSymId* d, int* ncand) {
  *ncand = 0;
  for (size_t i = 0; i < m->ntree; i++) {
    int k = m->tree_edges[i];
    const MbeMechEdge* e = &m->edges[k];
    for (int j = 0; j < e->nu; j++) {
      bool used = false;
      MbeSymId* dk = d + (size_t)*ncand * (size_t)nc;
      for (int r = 0; r < nc; r++) {
        dk[r] = m->con_G[(size_t)r * m->ndof + (size_t)(e->dof0 + j)];
        used = used || dk[r] != 0;
      }
      if (used)
        cand[(*ncand)++] = (LoopCoord){k, e->u0 + j, e->dof0 + j};
    }
  }
}

// The positions the nk coordinates c move, into M: each edge's in the coordinates' order, where
// the edge's q' depends on a coordinate's speed
static MbeStatus move_build(MbeMech* m, const LoopCoord* c, int nk, LoopMove* M) {
  MbeSym* s = m->s;
  size_t cap = 7 * (size_t)nk + 1;
  M->nq = 0, M->nk = nk;
  M->q = mbe_malloc(cap * sizeof *M->q);
  M->col = mbe_calloc(cap * (size_t)nk + 1, sizeof *M->col);
  if (!M->q || !M->col)
    return mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
  for (int k = 0; k < nk; k++) {
    const MbeMechEdge* e = &m->edges[c[k].edge];
    for (int j = 0; j < e->nq; j++) {
      MbeSymId d;
      MbeStatus st = mbe_sym_diff(s, e->qdot[j], mbe_sym_state(s, c[k].u), &d, m->err);
      if (st != MBE_OK)
        return st;
      if (d == 0)
        continue;
      int i = 0;
      while (i < M->nq && M->q[i] != e->q0 + j)
        i++;
      if (i == M->nq)
        M->q[M->nq++] = e->q0 + j;
      M->col[(size_t)i * (size_t)nk + (size_t)k] = d;
    }
  }
  return MBE_OK;
}

static void move_free(LoopMove* M) {
  mbe_free(M->q), mbe_free(M->col);
  M->q = NULL, M->col = NULL;
}

// the positions' state leaves into leaves (M->nq)
static void move_leaves(MbeMech* m, const LoopMove* M, MbeSymId* leaves) {
  for (int i = 0; i < M->nq; i++)
    leaves[i] = mbe_sym_state(m->s, M->q[i]);
}

// x (the positions, leaves at x) moved by -y (one step per coordinate)
static MbeStatus move_apply(MbeMech* m, const LoopMove* M, const MbeSymId* leaves, MbeSymId* x,
                            const MbeSymId* y) {
  MbeSym* s = m->s;
  size_t n = (size_t)M->nq * (size_t)M->nk;
  MbeSymId* col = mbe_malloc((n + 1) * sizeof *col);
  if (col == NULL)
    return mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
  memcpy(col, M->col, n * sizeof *col);
  mbe_sym_substitute(s, leaves, x, (size_t)M->nq, col, n);
  for (int i = 0; i < M->nq; i++) {
    MbeSymId acc = 0;
    for (int k = 0; k < M->nk; k++) {
      MbeSymId ck = col[(size_t)i * (size_t)M->nk + (size_t)k];
      if (ck == 0)
        continue;
      MbeSymId t = mbe_sym_is_const(s, ck, 1.0) ? y[k] : mbe_sym_mul(s, ck, y[k]);
      acc = mbe_sym_add(s, acc, t);
    }
    x[i] = mbe_sym_sub(s, x[i], acc);
  }
  mbe_free(col);
  return s->is_oom ? mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory") : MBE_OK;
}

// the columns of G (its first L->nc rows) over the dependent coordinates, row-major, into out
static void dep_jacobian(const MbeMech* m, const LoopSolve* L, MbeSymId* out) {
  for (int i = 0; i < L->nc; i++) {
    for (int j = 0; j < L->nd; j++)
      out[i * L->nd + j] = m->con_G[(size_t)i * m->ndof + (size_t)L->dep[j].dof];
  }
}

// the coordinates the constraints decide at the start (the others keep their start values):
// greedily, those least wanted as states first, each taken when its column of G at the start
// adds to the rank; L->mv: the positions they move
static MbeStatus choose_dependent(MbeMech* m, LoopSolve* L) {
  int nc = L->nc, ncand = 0;
  size_t cap = m->nx + 1;
  LoopCoord* cand = mbe_malloc(cap * sizeof *cand);
  int* score = mbe_malloc(cap * sizeof *score);
  MbeSymId* d = mbe_malloc(((size_t)nc * cap + 1) * sizeof *d);
  double* dv = mbe_malloc(((size_t)nc * cap + 1) * sizeof *dv);
  double* basis = mbe_calloc((size_t)nc * (size_t)nc + 1, sizeof *basis);
  MbeStatus st = (!cand || !score || !d || !dv || !basis)
                     ? mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory")
                     : MBE_OK;
  if (st == MBE_OK)
    loop_coords(m, nc, cand, d, &ncand);
  for (int j = 0; j < ncand && st == MBE_OK; j++) {
    const MbeMechEdge* e = &m->edges[cand[j].edge];
    score[j] = keep_score(m, e);
  }
  if (st == MBE_OK)
    st = values_at_start(m, d, (size_t)ncand * (size_t)nc, dv);
  // candidates by score, later edges first within a score
  for (int sc = 0; sc <= 3 && st == MBE_OK && L->nd < nc; sc++) {
    for (int j = ncand - 1; j >= 0 && L->nd < nc; j--) {
      if (score[j] != sc)
        continue;
      double v[64], norm0 = 0, norm = 0;
      for (int r = 0; r < nc; r++) {
        v[r] = dv[j * nc + r];
        norm0 += v[r] * v[r];
      }
      for (int b = 0; b < L->nd; b++) {  // Gram-Schmidt against the chosen columns
        double dot = 0;
        for (int r = 0; r < nc; r++)
          dot += v[r] * basis[b * nc + r];
        for (int r = 0; r < nc; r++)
          v[r] -= dot * basis[b * nc + r];
      }
      for (int r = 0; r < nc; r++)
        norm += v[r] * v[r];
      if (!(norm > 1e-16 * (1 + norm0)))
        continue;
      for (int r = 0; r < nc; r++)
        basis[L->nd * nc + r] = v[r] / sqrt(norm);
      memcpy(L->J + (size_t)L->nd * (size_t)nc, dv + j * nc, (size_t)nc * sizeof *dv);
      L->dep[L->nd++] = cand[j];
    }
  }
  if (st == MBE_OK && L->nd < nc) {
    st = mbe_mech_error(m, MBE_ERR_UNSUPPORTED, m->con_comp[0],
                        "the %d constraints of the cut joints (%s) are not independent at the "
                        "start: they decide only %d coordinates. A planar loop closed by a "
                        "Revolute is such a case: use RevolutePlanarLoopConstraint for one of its "
                        "joints",
                        nc, cut_names(m), L->nd);
  }
  if (st == MBE_OK)
    st = move_build(m, L->dep, L->nd, &L->mv);
  mbe_free(cand), mbe_free(score), mbe_free(d), mbe_free(dv), mbe_free(basis);
  return st;
}

// phi (rows in pivot order) and its Jacobian dphi over the dependent coordinates with the moved
// positions (leaves) at x (NULL: at themselves), into r (nc) and A (nc x nc)
static MbeStatus residual_at(MbeMech* m, const LoopSolve* L, const MbeSymId* phi,
                             const MbeSymId* leaves, const MbeSymId* x, const MbeSymId* dphi,
                             MbeSymId* r, MbeSymId* A) {
  int n = L->nc;
  size_t nq = (size_t)L->mv.nq;
  for (int i = 0; i < n; i++) {
    r[i] = phi[L->row[i]];
    for (int j = 0; j < n; j++)
      A[i * n + j] = dphi[L->row[i] * n + j];
  }
  if (x != NULL) {
    mbe_sym_substitute(m->s, leaves, x, nq, r, (size_t)n);
    mbe_sym_substitute(m->s, leaves, x, nq, A, (size_t)n * (size_t)n);
  }
  return m->s->is_oom ? mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory") : MBE_OK;
}

// The positions L->mv moves that make phi zero, after `steps` Newton steps in the dependent
// coordinates (dphi: phi's Jacobian in them, nc x nc row-major) from start (NULL: from the
// positions' states), into x (L->mv.nq), and the flag that fails the member when the constraints
// are not met then (|phi| > 1e-9, or NaN). damped: no step moves a coordinate by more than
// LOOP_MAX_STEP (rad or m), so that a start far from the assembly does not throw the iteration
// about
static MbeStatus newton(MbeMech* m, const LoopSolve* L, const MbeSymId* phi, const MbeSymId* dphi,
                        const MbeSymId* start, int steps, bool damped, MbeSymId* x,
                        MbeSymId* failed) {
  MbeSym* s = m->s;
  int n = L->nc, nq = L->mv.nq;
  MbeSymId* leaves = mbe_malloc(((size_t)nq + 1) * sizeof *leaves);
  MbeSymId* A = mbe_malloc(((size_t)n * (size_t)n + 1) * sizeof *A);
  MbeSymId* r = mbe_malloc(((size_t)n + 1) * sizeof *r);
  MbeSymId* dx = mbe_malloc(((size_t)n + 1) * sizeof *dx);
  MbeStatus st =
      (!leaves || !A || !r || !dx) ? mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory") : MBE_OK;
  if (st == MBE_OK)
    move_leaves(m, &L->mv, leaves);
  for (int i = 0; i < nq && st == MBE_OK; i++)
    x[i] = start ? start[i] : leaves[i];
  for (int it = 0; it < steps && st == MBE_OK; it++) {
    st = residual_at(m, L, phi, leaves, it == 0 && !start ? NULL : x, dphi, r, A);
    if (st != MBE_OK)
      break;
    mbe_sym_solve_dense(s, n, A, r, dx);
    if (damped) {
      MbeSymId big = mbe_sym_const(s, LOOP_MAX_STEP);
      for (int j = 0; j < n; j++) {
        MbeSymId a = mbe_sym_fn(s, MBE_SYM_ABS, dx[j]);
        big = mbe_sym_op(s, MBE_SYM_MAX, big, a, 0);
      }
      MbeSymId f = mbe_sym_div(s, mbe_sym_const(s, LOOP_MAX_STEP), big);
      for (int j = 0; j < n; j++)
        dx[j] = mbe_sym_mul(s, f, dx[j]);
    }
    st = move_apply(m, &L->mv, leaves, x, dx);
  }
  if (st == MBE_OK)
    st = residual_at(m, L, phi, leaves, x, dphi, r, A);
  *failed = 0;
  for (int i = 0; i < n && st == MBE_OK; i++) {
    MbeSymId a = mbe_sym_fn(s, MBE_SYM_ABS, r[i]);
    MbeSymId ok = mbe_sym_sub(s, mbe_sym_const(s, 1e-9), a);
    MbeSymId bad = mbe_sym_op(s, MBE_SYM_SELECT, ok, mbe_sym_const(s, -1.0), mbe_sym_const(s, 1.0));
    *failed = i == 0 ? bad : mbe_sym_op(s, MBE_SYM_MAX, *failed, bad, 0);
  }
  mbe_free(leaves), mbe_free(A), mbe_free(r), mbe_free(dx);
  return st;
}

// the dependent speeds from G u = 0 with the moved positions (leaves qfrom) at q
static MbeStatus speeds(MbeMech* m, const LoopSolve* L, const MbeSymId* qfrom, const MbeSymId* q,
                        MbeSymId* u) {
  MbeSym* s = m->s;
  int n = L->nc;
  size_t nd = m->ndof;
  MbeSymId* A = mbe_malloc(((size_t)n * (size_t)n + 1) * sizeof *A);
  MbeSymId* b = mbe_malloc(((size_t)n + 1) * sizeof *b);
  bool* dep = mbe_calloc(nd + 1, sizeof *dep);
  if (!A || !b || !dep) {
    mbe_free(A), mbe_free(b), mbe_free(dep);
    return mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
  }
  for (int j = 0; j < n; j++)
    dep[L->dep[j].dof] = true;
  for (int i = 0; i < n; i++) {
    const MbeSymId* g = m->con_G + (size_t)L->row[i] * nd;
    MbeSymId acc = 0;
    for (size_t k = 0; k < m->ntree; k++) {
      const MbeMechEdge* e = &m->edges[m->tree_edges[k]];
      for (int j = 0; j < e->nu; j++) {
        if (dep[e->dof0 + j] || g[e->dof0 + j] == 0)
          continue;
        MbeSymId t = mbe_sym_mul(s, g[e->dof0 + j], mbe_sym_state(s, e->u0 + j));
        acc = mbe_sym_add(s, acc, t);
      }
    }
    b[i] = mbe_sym_neg(s, acc);
    for (int j = 0; j < n; j++)
      A[i * n + j] = g[L->dep[j].dof];
  }
  size_t nq = (size_t)L->mv.nq;
  mbe_sym_substitute(s, qfrom, q, nq, b, (size_t)n);
  mbe_sym_substitute(s, qfrom, q, nq, A, (size_t)n * (size_t)n);
  mbe_sym_solve_dense(s, n, A, b, u);
  mbe_free(A), mbe_free(b), mbe_free(dep);
  return s->is_oom ? mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory") : MBE_OK;
}

// Each member's start (x0sym): the positions the dependent coordinates move, by LOOP_START_STEPS
// Newton steps from the model's own assembly with the member's independent starts and
// parameters, the dependent speeds from those; numbers where nothing varied reaches them
static MbeStatus member_start(MbeMech* m, const LoopSolve* L, const MbeSymId* ud) {
  MbeSym* s = m->s;
  int n = L->nc, nq = L->mv.nq;
  size_t cap = m->nx + 1, k = 0;
  MbeSymId* from = mbe_malloc(cap * sizeof *from);
  MbeSymId* to = mbe_malloc(cap * sizeof *to);
  MbeSymId* phi = mbe_malloc(((size_t)n * ((size_t)n + 1) + 1) * sizeof *phi);  // then dphi
  MbeSymId* q0 = mbe_malloc(2 * ((size_t)nq + 1) * sizeof *q0);  // the start, then solved
  MbeSymId* u0 = mbe_malloc(((size_t)n + 1) * sizeof *u0);
  bool* dep = mbe_calloc(cap, sizeof *dep);
  if (!from || !to || !phi || !q0 || !u0 || !dep) {
    mbe_free(from), mbe_free(to), mbe_free(phi), mbe_free(q0), mbe_free(u0), mbe_free(dep);
    return mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
  }
  for (int i = 0; i < nq; i++) {
    q0[i] = mbe_sym_const(s, m->x0[L->mv.q[i]]);
    dep[L->mv.q[i]] = true;
  }
  for (int j = 0; j < n; j++)
    dep[L->dep[j].u] = true;
  for (size_t i = 0; i < m->nx; i++) {
    if (!dep[i]) {
      from[k] = mbe_sym_state(s, (int)i);
      to[k++] = m->x0sym[i];
    }
  }
  memcpy(phi, m->con_phi, (size_t)n * sizeof *phi);
  dep_jacobian(m, L, phi + n);
  mbe_sym_substitute(s, from, to, k, phi, (size_t)n * ((size_t)n + 1));
  MbeSymId failed;
  MbeStatus st = newton(m, L, phi, phi + n, q0, LOOP_START_STEPS, true, q0 + nq, &failed);
  if (st == MBE_OK) {
    move_leaves(m, &L->mv, from + k);  // the RHS's speeds at the member's start
    memcpy(to + k, q0 + nq, (size_t)nq * sizeof *to);
    memcpy(u0, ud, (size_t)n * sizeof *u0);
    mbe_sym_substitute(s, from, to, k + (size_t)nq, u0, (size_t)n);
    for (int i = 0; i < nq; i++)
      m->x0sym[L->mv.q[i]] = q0[nq + i];
    for (int j = 0; j < n; j++)
      m->x0sym[L->dep[j].u] = u0[j];
  }
  mbe_free(from), mbe_free(to), mbe_free(phi), mbe_free(q0), mbe_free(u0), mbe_free(dep);
  return s->is_oom ? mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory") : st;
}

// the initial state assembled: the moved positions of the start values on the host (an error
// when the model's own start does not close: failed, L's Newton from them), then per member
// (x0sym, the speeds u of L's choice), whose values at the model's parameters become the host's
// too
static MbeStatus assemble_start(MbeMech* m, const LoopSolve* L, const MbeSymId* u,
                                MbeSymId failed) {
  int n = L->nc, nq = L->mv.nq;
  MbeSymId* dphi = mbe_malloc(((size_t)n * (size_t)n + 1) * sizeof *dphi);
  MbeSymId* qs = mbe_malloc(((size_t)nq + 1) * sizeof *qs);
  double* v = mbe_malloc(((size_t)nq + 1) * sizeof *v);
  MbeSymId qfail;
  MbeStatus st =
      (!dphi || !qs || !v) ? mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory") : MBE_OK;
  if (st == MBE_OK) {
    dep_jacobian(m, L, dphi);
    st = newton(m, L, m->con_phi, dphi, NULL, LOOP_START_STEPS, true, qs, &qfail);
  }
  if (st == MBE_OK)
    st = values_at_start(m, qs, (size_t)nq, v);
  for (int i = 0; i < nq && st == MBE_OK; i++)
    m->x0[L->mv.q[i]] = v[i];
  mbe_free(dphi), mbe_free(qs), mbe_free(v);
  double bad = 1;
  if (st == MBE_OK)
    st = values_at_start(m, &failed, 1, &bad);
  if (st == MBE_OK && !(bad < 0)) {
    return mbe_mech_error(m, MBE_ERR_MODEL, m->con_comp[0],
                          "the kinematic loop closed by %s does not close at the start values: "
                          "Newton found no assembly from them",
                          cut_names(m));
  }
  if (st == MBE_OK)
    st = member_start(m, L, u);
  for (int i = 0; i < nq && st == MBE_OK; i++) {
    double xv;
    st = values_at_start(m, &m->x0sym[L->mv.q[i]], 1, &xv);
    m->x0[L->mv.q[i]] = xv;
  }
  for (int j = 0; j < n && st == MBE_OK; j++) {
    double xv;
    st = values_at_start(m, &m->x0sym[L->dep[j].u], 1, &xv);
    m->x0[L->dep[j].u] = xv;
  }
  return st;
}

// what `mbens check` says about the loops: the cut joints, their constraints, the positions
// projected onto them in every RHS call, those the constraints decide at the start
static void describe(MbeMech* m, const LoopSolve* L, const LoopProjection* P) {
  const char* t = mbe_arena_printf(m->arena,
                                   "kinematic loops: cut at %s, %d constraint%s; in every "
                                   "right-hand-side call these coordinates are projected onto "
                                   "them (their states are the projection's start):\n ",
                                   cut_names(m), L->nc, L->nc == 1 ? "" : "s");
  for (int k = 0; k < P->nq && t; k++) {
    const MbeSymNode* n = &m->s->nodes[P->from[k]];
    const char* q = m->state_names[n->index];
    t = mbe_arena_printf(m->arena, "%s %s", t, q ? q : "?");
  }
  t = mbe_arena_printf(m->arena, "%s\n  at the start, the constraints decide:", t ? t : "");
  for (int i = 0; i < L->mv.nq && t; i++) {
    const char* q = m->state_names[L->mv.q[i]];
    t = mbe_arena_printf(m->arena, "%s %s", t, q ? q : "?");
  }
  m->loops_text = t ? mbe_arena_printf(m->arena, "%s\n", t) : NULL;
}

// A placeholder leaf that nothing the system computes reaches any more becomes the constant 0 in
// place: evaluations over every node (the initialization, the modes) must not read a parameter
// that does not exist
static void retire(MbeMech* m, MbeSymId ph) {
  MbeSymNode* n = &m->s->nodes[ph];
  n->op = MBE_SYM_CONST, n->value = 0, n->index = 0;
}

// a rod's length from the start (computeRodLength): its placeholder becomes the start's
// distance of the rod's ends, the start's expression of the parameters, everywhere
static MbeStatus start_lengths(MbeMech* m) {
  size_t n = 0;
  for (size_t c = 0; c < m->ncomps; c++)
    n += m->rod_ph[c] != 0;
  if (n == 0)
    return MBE_OK;
  MbeSymId* from = mbe_malloc((m->nx + n) * sizeof *from);
  MbeSymId* to = mbe_malloc((m->nx + n) * sizeof *to);
  if (!from || !to) {
    mbe_free(from), mbe_free(to);
    return mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
  }
  for (size_t i = 0; i < m->nx; i++) {
    from[i] = mbe_sym_state(m->s, (int)i);
    to[i] = m->x0sym[i];
  }
  size_t k = 0;
  for (size_t c = 0; c < m->ncomps; c++) {
    if (m->rod_ph[c] == 0)
      continue;
    MbeSymId dd = m->rod_dd[c];
    mbe_sym_substitute(m->s, from, to, m->nx, &dd, 1);
    from[m->nx + k] = m->rod_ph[c];
    to[m->nx + k++] = dd;
  }
  mbe_sym_substitute(m->s, from + m->nx, to + m->nx, n, m->con_phi, m->ncon);
  MbeStatus st = mbe_mech_substitute_roots(m, from + m->nx, to + m->nx, n);
  for (size_t c = 0; c < m->ncomps; c++) {
    if (m->rod_ph[c] != 0)
      retire(m, m->rod_ph[c]);
  }
  mbe_free(from), mbe_free(to);
  return st;
}

// the start's choice of dependent coordinates solved: the positions they move by Newton from
// their states, the dependent speeds from those (the start's check and the members' start speeds
// read them)
typedef struct LoopChoice {
  LoopSolve L;
  MbeSymId* from;  // (mv.nq + nc) the moved positions' states, then the dependent speeds' states
  MbeSymId* to;    // (mv.nq + nc) the solved values
  MbeSymId failed;
} LoopChoice;

static MbeStatus choice_init(MbeMech* m, LoopChoice* c, int n) {
  memset(c, 0, sizeof *c);
  c->L.nc = n;
  c->L.dep = mbe_malloc((size_t)n * sizeof *c->L.dep);
  c->L.row = mbe_malloc((size_t)n * sizeof *c->L.row);
  c->L.J = mbe_calloc((size_t)n * (size_t)n, sizeof *c->L.J);
  bool ok = c->L.dep && c->L.row && c->L.J;
  return ok ? MBE_OK : mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
}

static void choice_free(LoopChoice* c) {
  mbe_free(c->L.dep), mbe_free(c->L.row), mbe_free(c->L.J), mbe_free(c->from), mbe_free(c->to);
  move_free(&c->L.mv);
}

// after choose_dependent
static MbeStatus choice_solve(MbeMech* m, LoopChoice* c) {
  int n = c->L.nc, nq = c->L.mv.nq;
  c->from = mbe_malloc(((size_t)nq + (size_t)n) * sizeof *c->from);
  c->to = mbe_malloc(((size_t)nq + (size_t)n) * sizeof *c->to);
  MbeSymId* dphi = mbe_malloc(((size_t)n * (size_t)n + 1) * sizeof *dphi);
  if (!c->from || !c->to || !dphi) {
    mbe_free(dphi);
    return mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
  }
  mbe_num_pivot_rows(c->L.nc, c->L.J, c->L.row);  // J column-major: dependent j is column j
  move_leaves(m, &c->L.mv, c->from);
  for (int j = 0; j < n; j++)
    c->from[nq + j] = mbe_sym_state(m->s, c->L.dep[j].u);
  dep_jacobian(m, &c->L, dphi);
  MbeStatus st =
      newton(m, &c->L, m->con_phi, dphi, NULL, LOOP_NEWTON_STEPS, false, c->to, &c->failed);
  mbe_free(dphi);
  return st == MBE_OK ? speeds(m, &c->L, c->from, c->to, c->to + nq) : st;
}

// The RHS's projection onto the constraints. The loop's coordinates (loop_coords) move by
// LOOP_NEWTON_STEPS Newton steps of least norm from their states, dq = J^T (J J^T)^-1 phi, and
// their speeds by u - G^T (G G^T)^-1 (G u) over the same coordinates: regular wherever the
// constraints are independent, so no choice of coordinates can be singular (a four-bar's toggle
// positions). On the constraints (states integrated from a consistent start) both are the
// identity up to the integrator's error. Into P: the coordinates' and speeds' state leaves and
// their projected values; P->failed: |phi| > 1e-9 after the steps (or NaN)
static MbeStatus project(MbeMech* m, LoopProjection* P) {
  MbeSym* s = m->s;
  int nc = (int)m->ncon_cut;
  size_t cap = m->nx + 1;
  LoopCoord* cand = mbe_malloc(cap * sizeof *cand);
  MbeSymId* d = mbe_malloc(((size_t)nc * cap + 1) * sizeof *d);  // per coordinate: nc
  MbeSymId* J = mbe_malloc(((size_t)nc * cap + 1) * sizeof *J);  // row-major nc x nk
  MbeSymId* A = mbe_malloc(((size_t)nc * (size_t)nc + 1) * sizeof *A);
  MbeSymId* r = mbe_malloc(((size_t)nc + 1) * sizeof *r);
  MbeSymId* z = mbe_malloc(((size_t)nc + 1) * sizeof *z);
  MbeSymId* y = mbe_malloc(cap * sizeof *y);
  LoopMove mv = {0};
  int nk = 0;
  MbeStatus st = (!cand || !d || !J || !A || !r || !z || !y)
                     ? mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory")
                     : MBE_OK;
  if (st == MBE_OK) {
    loop_coords(m, nc, cand, d, &nk);
    st = move_build(m, cand, nk, &mv);
  }
  int nq = mv.nq;
  P->nq = nq, P->nk = nk;
  P->from = mbe_malloc(((size_t)nq + (size_t)nk + 1) * sizeof *P->from);
  P->to = mbe_malloc(((size_t)nq + (size_t)nk + 1) * sizeof *P->to);
  if (st == MBE_OK && (!P->from || !P->to))
    st = mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
  if (st == MBE_OK) {
    move_leaves(m, &mv, P->from);
    memcpy(P->to, P->from, (size_t)nq * sizeof *P->to);
  }
  for (int k = 0; k < nk && st == MBE_OK; k++)
    P->from[nq + k] = mbe_sym_state(s, cand[k].u);
  // positions
  for (int it = 0; it <= LOOP_NEWTON_STEPS && st == MBE_OK; it++) {
    for (int i = 0; i < nc; i++) {
      r[i] = m->con_phi[i];
      for (int k = 0; k < nk; k++)
        J[i * nk + k] = d[(size_t)k * (size_t)nc + (size_t)i];
    }
    if (it > 0) {
      mbe_sym_substitute(s, P->from, P->to, (size_t)nq, r, (size_t)nc);
      mbe_sym_substitute(s, P->from, P->to, (size_t)nq, J, (size_t)nc * (size_t)nk);
    }
    if (it == LOOP_NEWTON_STEPS)
      break;  // r: the residual after the steps
    mbe_sym_least_norm(s, nc, nk, J, r, A, z, y);
    st = move_apply(m, &mv, P->from, P->to, y);
  }
  P->failed = 0;
  for (int i = 0; i < nc && st == MBE_OK; i++) {
    MbeSymId a = mbe_sym_fn(s, MBE_SYM_ABS, r[i]);
    MbeSymId ok = mbe_sym_sub(s, mbe_sym_const(s, 1e-9), a);
    MbeSymId bad = mbe_sym_op(s, MBE_SYM_SELECT, ok, mbe_sym_const(s, -1.0), mbe_sym_const(s, 1.0));
    P->failed = i == 0 ? bad : mbe_sym_op(s, MBE_SYM_MAX, P->failed, bad, 0);
  }
  // speeds: G over the coordinates at the projected positions, G u over all
  for (int i = 0; i < nc && st == MBE_OK; i++) {
    const MbeSymId* g = m->con_G + (size_t)i * m->ndof;
    MbeSymId gu = 0;
    for (size_t t = 0; t < m->ntree; t++) {
      const MbeMechEdge* e = &m->edges[m->tree_edges[t]];
      for (int j = 0; j < e->nu; j++) {
        if (g[e->dof0 + j] == 0)
          continue;
        MbeSymId x = mbe_sym_mul(s, g[e->dof0 + j], mbe_sym_state(s, e->u0 + j));
        gu = mbe_sym_add(s, gu, x);
      }
    }
    r[i] = gu;
    for (int k = 0; k < nk; k++)
      J[i * nk + k] = g[cand[k].dof];
  }
  if (st == MBE_OK) {
    mbe_sym_substitute(s, P->from, P->to, (size_t)nq, r, (size_t)nc);
    mbe_sym_substitute(s, P->from, P->to, (size_t)nq, J, (size_t)nc * (size_t)nk);
    mbe_sym_least_norm(s, nc, nk, J, r, A, z, y);
    for (int k = 0; k < nk; k++)
      P->to[nq + k] = mbe_sym_sub(s, P->from[nq + k], y[k]);
  }
  move_free(&mv);
  mbe_free(cand), mbe_free(d), mbe_free(J), mbe_free(A), mbe_free(r), mbe_free(z), mbe_free(y);
  return mbe_mech_status(m, st);
}

/* ---- the assemblies' closed forms ---------------------------------------------------------- */

// n expressions rewritten at the start: time to t0, the state leaves to x0sym and the branch
// signs' placeholders (pfrom) to their values (pto)
static void at_start(MbeMech* m, MbeSymId* sfrom, const MbeSymId* pfrom, const MbeSymId* pto,
                     size_t np, MbeSymId* e, size_t n) {
  MbeSymId t = mbe_sym_time(m->s), t0 = mbe_sym_const(m->s, m->sys->t0);
  mbe_sym_substitute(m->s, &t, &t0, 1, e, n);  // a driven joint's reference of time
  mbe_sym_substitute(m->s, sfrom, m->x0sym, m->nx, e, n);
  mbe_sym_substitute(m->s, pfrom, pto, np, e, n);
}

// the constraint arrays the cut joints' projection reads, rewritten
static void substitute_rows(MbeMech* m, const MbeSymId* from, const MbeSymId* to, size_t n) {
  MbeSym* s = m->s;
  mbe_sym_substitute(s, from, to, n, m->con_phi, m->ncon);
  mbe_sym_substitute(s, from, to, n, m->con_vel, m->ncon);
  mbe_sym_substitute(s, from, to, n, m->con_gamma, m->ncon);
  mbe_sym_substitute(s, from, to, n, m->con_G, m->ncon * m->ndof);
}

// The start of each assembly (per member, x0sym): what the start decides (the branch nearer its
// guess, JointRRR's n_b) in the start configuration, then the coordinates and speeds. Into pfrom,
// pto: the placeholders and their start values (expressions of the parameters). An assembly
// placed through another needs the other's first, a universal's angles the joint's: each round
// resolves one more link of such a chain.
static MbeStatus assemblies_start(MbeMech* m, MbeMechAsmForm* F, size_t K, MbeSymId* pfrom,
                                  MbeSymId* pto) {
  MbeSym* s = m->s;
  MbeSymId* sfrom = mbe_malloc((m->nx + 1) * sizeof *sfrom);
  if (!sfrom)
    return mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
  for (size_t i = 0; i < m->nx; i++)
    sfrom[i] = mbe_sym_state(s, (int)i);
  size_t P = 0, rounds = 0;
  for (size_t k = 0; k < K; k++) {
    for (int j = 0; j < F[k].nph; j++, P++) {
      pfrom[P] = F[k].ph[j];
      pto[P] = mbe_sym_const(s, 1.0);
    }
    rounds += 2 * (size_t)F[k].n;
  }
  for (size_t round = 0; round <= rounds; round++) {
    for (size_t k = 0, o = 0; k < K; o += (size_t)F[k++].nph) {
      MbeSymId e[10];
      int n = F[k].n, np = F[k].nph;
      memcpy(e, F[k].ph_start, (size_t)np * sizeof *e);
      at_start(m, sfrom, pfrom, pto, P, e, (size_t)np);
      memcpy(pto + o, e, (size_t)np * sizeof *e);  // first: the coordinates depend on them
      for (int j = 0; j < n; j++)
        e[j] = F[k].to_q[j], e[n + j] = F[k].to_u[j];
      at_start(m, sfrom, pfrom, pto, P, e, 2 * (size_t)n);
      for (int j = 0; j < n; j++) {
        m->x0sym[s->nodes[F[k].q[j]].index] = e[j];
        m->x0sym[s->nodes[F[k].u[j]].index] = e[n + j];
      }
    }
  }
  mbe_free(sfrom);
  return s->is_oom ? mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory") : MBE_OK;
}

// what `mbens check` says about the assemblies: their coordinates solved in closed form
static void describe_assemblies(MbeMech* m, const MbeMechAsmForm* F, size_t K) {
  const char* t =
      "closed forms (assemblies' loops, driven joints; in every right-hand-side "
      "call, no Newton):";
  for (size_t k = 0; k < K && t; k++) {
    for (int j = 0; j < F[k].n && t; j++) {
      const char* q = m->state_names[m->s->nodes[F[k].q[j]].index];
      t = mbe_arena_printf(m->arena, "%s %s", t, q ? q : "?");
    }
  }
  m->asm_text = t ? mbe_arena_printf(m->arena, "%s\n", t) : NULL;
}

// the members' start values on the host, and the check that the model's own start closes
static MbeStatus assemblies_x0(MbeMech* m, const MbeMechAsmForm* F, const MbeSymId* sing,
                               size_t K) {
  MbeSym* s = m->s;
  MbeStatus st = MBE_OK;
  for (size_t k = 0; k < K && st == MBE_OK; k++) {
    for (int j = 0; j < F[k].n && st == MBE_OK; j++) {
      int iq = s->nodes[F[k].q[j]].index, iu = s->nodes[F[k].u[j]].index;
      MbeSymId ids[2] = {m->x0sym[iq], m->x0sym[iu]};
      double v[2];
      st = values_at_start(m, ids, 2, v);
      m->x0[iq] = v[0], m->x0[iu] = v[1];
    }
    double sv = 0;
    if (st == MBE_OK)
      st = values_at_start(m, &sing[k], 1, &sv);
    if (st == MBE_OK && !(sv < 0)) {
      st = mbe_mech_error(m, MBE_ERR_MODEL, F[k].comp, "%s",
                          "its loop has no regular solution at the start values (either none "
                          "or two coinciding, or its rod along the universal's first axis; the "
                          "mechanism has lost a degree of freedom there)");
    }
  }
  return st;
}

// The assemblies' coordinates and speeds (classes/assemblies.c) in closed form in every RHS
// call, their branches those of the start; no Newton. Where the closed form has no regular
// solution the member fails (newton-fail), and at the model's own start that is an error.
static MbeStatus close_assemblies(MbeMech* m) {
  MbeSym* s = m->s;
  size_t K = 0;
  for (size_t c = 0; c < m->ncomps; c++)
    K += has_rows(m, c, 1);
  if (K == 0)
    return MBE_OK;
  MbeMechAsmForm* F = mbe_malloc(K * sizeof *F);
  MbeSymId* from = mbe_malloc(10 * K * sizeof *from);  // q, u leaves (N each), placeholders
  MbeSymId* to = mbe_malloc(10 * K * sizeof *to);
  MbeSymId* sing = mbe_malloc(K * sizeof *sing);
  MbeStatus st = (!F || !from || !to || !sing)
                     ? mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory")
                     : MBE_OK;
  size_t k = 0, N = 0, P = 0;
  for (size_t c = 0; c < m->ncomps && st == MBE_OK; c++) {
    if (has_rows(m, c, 1)) {
      st = mbe_mech_class(m->comps[c].kind)->closed(m, (int)c, &F[k]);
      N += (size_t)F[k].n;
      P += (size_t)F[k++].nph;
    }
  }
  if (st == MBE_OK)
    st = assemblies_start(m, F, K, from + 2 * N, to + 2 * N);
  size_t j = 0;
  for (k = 0; k < K && st == MBE_OK; k++) {
    for (int i = 0; i < F[k].n; i++, j++) {
      from[j] = F[k].q[i], from[N + j] = F[k].u[i];
      to[j] = F[k].to_q[i], to[N + j] = F[k].to_u[i];
    }
    sing[k] = F[k].singular;
  }
  if (st == MBE_OK) {
    // the placeholders' start values, then one another's coordinates: a universal's angles read
    // the joint's, an assembly placed through another reads the other's, the speeds all of them;
    // each round resolves one more link of such a chain (at most 2 N)
    mbe_sym_substitute(s, from + 2 * N, to + 2 * N, P, to, 2 * N);
    mbe_sym_substitute(s, from + 2 * N, to + 2 * N, P, sing, K);
    for (size_t round = 0; round <= 2 * N; round++)
      mbe_sym_substitute(s, from, to, 2 * N, to, 2 * N);
    mbe_sym_substitute(s, from, to, 2 * N, sing, K);
    substitute_rows(m, from, to, 2 * N + P);  // JointRRR's n_b is in the kinematics too
    st = mbe_mech_substitute_roots(m, from, to, 2 * N + P);
  }
  for (size_t i = 0; i < P && st == MBE_OK; i++)
    retire(m, from[2 * N + i]);
  for (k = 0; k < K && st == MBE_OK; k++) {
    MbeSymId bad =
        mbe_sym_op(s, MBE_SYM_SELECT, sing[k], mbe_sym_const(s, 1.0), mbe_sym_const(s, -1.0));
    m->fail = m->fail ? mbe_sym_op(s, MBE_SYM_MAX, m->fail, bad, 0) : bad;
  }
  if (st == MBE_OK) {
    describe_assemblies(m, F, K);
    st = assemblies_x0(m, F, sing, K);
  }
  mbe_free(F), mbe_free(from), mbe_free(to), mbe_free(sing);
  return mbe_mech_status(m, st);
}

MbeStatus mbe_mech_loops_close(MbeMech* m) {
  MbeStatus sta = close_assemblies(m);
  if (sta != MBE_OK || m->ncon_cut == 0)
    return sta;
  int n = (int)m->ncon_cut;
  if (n > 64) {
    return mbe_mech_error(m, MBE_ERR_UNSUPPORTED, m->con_comp[0],
                          "more than 64 loop constraints are not supported yet");
  }
  LoopChoice c1 = {0};
  LoopProjection P = {0};
  MbeStatus st = choice_init(m, &c1, n);
  if (st == MBE_OK)
    st = start_lengths(m);
  if (st == MBE_OK)
    st = choose_dependent(m, &c1.L);
  if (st == MBE_OK)
    st = choice_solve(m, &c1);  // the start: the other coordinates keep their start values
  if (st == MBE_OK)
    st = project(m, &P);  // every RHS call
  if (st == MBE_OK)
    describe(m, &c1.L, &P);
  if (st == MBE_OK)
    st = mbe_mech_substitute_roots(m, P.from, P.to, (size_t)P.nq + (size_t)P.nk);
  if (st == MBE_OK) {
    m->fail = m->fail ? mbe_sym_op(m->s, MBE_SYM_MAX, m->fail, P.failed, 0) : P.failed;
    st = assemble_start(m, &c1.L, c1.to + c1.L.mv.nq, c1.failed);
  }
  mbe_free(P.from), mbe_free(P.to);
  choice_free(&c1);
  return st;
}

/* ---- constraint forces ---------------------------------------------------------------------- */

// The cut joints' frames carry their constraint forces: on the joint at frame_b, lambda (fb, tb)
// summed over its rows (what the joint puts on frame_b's side is the opposite), in frame_b's
// coordinates; the same at frame_a. The tree's joints, bodies and sensors then see the loop's
// forces in the outputs' Newton-Euler pass. After mbe_mech_equations.
void mbe_mech_loop_wrenches(MbeMech* m) {
  MbeSym* s = m->s;
  for (size_t c = 0; c < m->ncomps; c++) {
    const MbeMechComp* comp = &m->comps[c];
    if (!comp->cut)
      continue;
    for (int side = 0; side < 2; side++) {
      MbeV3 t = mbe_v3_zero(), f = mbe_v3_zero();
      for (size_t r = 0; r < m->ncon; r++) {
        if (m->con_comp[r] != (int)c)
          continue;
        const MbeMechCutRow* row = &m->con_row[r];
        MbeV3 tr = mbe_v3_scale(s, m->con_lambda[r], side ? row->tb : row->ta);
        MbeV3 fr = mbe_v3_scale(s, m->con_lambda[r], side ? row->fb : row->fa);
        t = mbe_v3_add(s, t, tr);
        f = mbe_v3_add(s, f, fr);
      }
      int fi = side ? comp->frame_b : comp->frame_a;
      MbeMechFrame* fr = &m->frames[fi];
      const MbeMechPoint* P = &m->points[fr->point];
      MbeV3 tl = mbe_m3_mulv(s, P->R, t), fl = mbe_m3_mulv(s, P->R, f);
      fr->t = fr->has_wrench ? mbe_v3_add(s, fr->t, tl) : tl;  // a rod's mass share is there
      fr->f = fr->has_wrench ? mbe_v3_add(s, fr->f, fl) : fl;
      fr->has_wrench = true;
    }
  }
}
