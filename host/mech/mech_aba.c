// SPDX-License-Identifier: Apache-2.0
// The articulated-body algorithm in the expression DAG: the joint accelerations of a tree in
// work that grows linearly with its edges (Featherstone, RBDA ch. 7), where the composite-inertia
// method's mass matrix grows with the square of a chain's length and its factorization with the
// cube.
//
// Each edge maps its parent point's spatial acceleration a_P = (w', v') to its child's as
//   a_C = X a_P + c + S u'
// (mbe_mech_edge_accel: X the motion transform of R_rel and p, c the velocity-product terms, S
// the motion columns Sw, Sv); wrenches go up by X^T (mbe_mech_force_up). A point's subtree needs
// the wrench F = IA a + pA: IA its articulated inertia (6x6, symmetric, rows torque then force,
// columns w' then v'), pA the bias wrench. From the leaves up, with U = IA S, D = S^T U + the
// rotor inertias riding on the joint's axes, u = tau - S^T pA:
//   Ia = IA - U D^-1 U^T,  pa = pA + Ia c + U D^-1 u,  IA_P += X^T Ia X,  pA_P += X^T pa
// and from the ground down: a' = X a_P + c, u' = D^-1 (u - U^T a'), a_C = a' + S u'.
// It solves the same equations as the composite-inertia method in mech_eom.c (which the loops,
// masses on line forces, derived bodies and coupled flange sets need); which one a system uses is
// mbe_mech_equations' choice.
#include <string.h>

#include "mech_internal.h"

typedef struct Art {
  MbeSymId I[36];  // articulated inertia (row-major, symmetric: both halves hold the same id)
  MbeSymId p[6];   // bias wrench (torque, force)
} Art;

typedef struct EdgeAba {
  MbeSymId U[6][6];  // IA S_k, k < nu
  MbeSymId W[6][6];  // D^-1 U^T: row k
  MbeSymId Du[6];    // D^-1 u
  MbeV3 cw, cv;      // the velocity-product acceleration c
} EdgeAba;

static MbeSymId dot6(MbeSym* s, const MbeSymId* a, const MbeSymId* b) {
  MbeSymId acc = 0;
  for (int i = 0; i < 6; i++) {
    MbeSymId t = mbe_sym_mul(s, a[i], b[i]);
    acc = mbe_sym_add(s, acc, t);
  }
  return acc;
}

static void motion6(const MbeMechEdge* e, int k, MbeSymId* out) {
  memcpy(out, e->Sw[k].e, 3 * sizeof *out);
  memcpy(out + 3, e->Sv[k].e, 3 * sizeof *out);
}

static void mulv6(MbeSym* s, const MbeSymId* I, const MbeSymId* v, MbeSymId* out) {
  for (int r = 0; r < 6; r++)
    out[r] = dot6(s, I + 6 * r, v);
}

// the 3x3 block (r, c) of a 6x6 (0: the angular rows or columns, 1: the linear ones)
static MbeM3 block(const MbeSymId* I, int r, int c) {
  MbeM3 B;
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++)
      B.e[3 * i + j] = I[6 * (3 * r + i) + 3 * c + j];
  return B;
}

// skew(p) B and B skew(p) for a 3x3 B
static MbeM3 skew_mul(MbeSym* s, MbeV3 p, MbeM3 B) {
  MbeM3 r;
  for (int j = 0; j < 3; j++) {
    MbeV3 col = {{B.e[j], B.e[3 + j], B.e[6 + j]}};
    MbeV3 x = mbe_v3_cross(s, p, col);
    for (int i = 0; i < 3; i++)
      r.e[3 * i + j] = x.e[i];
  }
  return r;
}

static MbeM3 mul_skew(MbeSym* s, MbeM3 B, MbeV3 p) {
  // B skew(p) = -(skew(p) B^T)^T
  MbeM3 Bt = mbe_m3_transpose(B);
  MbeM3 x = skew_mul(s, p, Bt);
  MbeM3 r;
  for (int k = 0; k < 9; k++)
    r.e[k] = mbe_sym_neg(s, x.e[k]);
  return mbe_m3_transpose(r);
}

static MbeM3 m3_add(MbeSym* s, MbeM3 a, MbeM3 b) {
  MbeM3 r;
  for (int k = 0; k < 9; k++)
    r.e[k] = mbe_sym_add(s, a.e[k], b.e[k]);
  return r;
}

// R^T B R
static MbeM3 rotate_back(MbeSym* s, MbeM3 R, MbeM3 B) {
  MbeM3 BR = mbe_m3_mul(s, B, R);
  MbeM3 Rt = mbe_m3_transpose(R);
  return mbe_m3_mul(s, Rt, BR);
}

// IA_P += X^T Ia X with X = diag(R, R) [[1, 0], [-skew(p), 1]] (the angular rows dropped where
// the edge carries absolute rotation states: the parent's rotation does not reach the child).
// With A, B, C the rotated blocks: A - B p~ + p~ B^T - p~ C p~, B + p~ C, C.
static void inertia_up(MbeMech* m, const MbeMechEdge* e, const MbeSymId* Ia, MbeSymId* IP) {
  MbeSym* s = m->s;
  MbeM3 C = rotate_back(s, e->Rrel, block(Ia, 1, 1));
  MbeM3 pC = skew_mul(s, e->p, C);
  MbeM3 Bn = pC;
  MbeM3 An = mul_skew(s, pC, e->p);
  for (int k = 0; k < 9; k++)
    An.e[k] = mbe_sym_neg(s, An.e[k]);  // -p~ C p~
  if (e->couple_w) {
    MbeM3 A = rotate_back(s, e->Rrel, block(Ia, 0, 0));
    MbeM3 B = rotate_back(s, e->Rrel, block(Ia, 0, 1));
    MbeM3 Bp = mul_skew(s, B, e->p);
    MbeM3 Bt = mbe_m3_transpose(B);
    MbeM3 pBt = skew_mul(s, e->p, Bt);
    for (int k = 0; k < 9; k++) {
      MbeSymId a = mbe_sym_sub(s, A.e[k], Bp.e[k]);
      MbeSymId b = mbe_sym_add(s, a, pBt.e[k]);
      An.e[k] = mbe_sym_add(s, b, An.e[k]);
    }
    Bn = m3_add(s, B, pC);
  }
  // symmetric: the upper triangle is made, the lower one takes the same ids
  for (int i = 0; i < 3; i++) {
    for (int j = 0; j < 3; j++) {
      MbeSymId x = mbe_sym_add(s, IP[6 * i + j + 3], Bn.e[3 * i + j]);
      IP[6 * i + j + 3] = IP[6 * (j + 3) + i] = x;
      if (j < i)
        continue;
      MbeSymId y = mbe_sym_add(s, IP[6 * i + j], An.e[3 * i + j]);
      IP[6 * i + j] = IP[6 * j + i] = y;
      MbeSymId z = mbe_sym_add(s, IP[6 * (i + 3) + j + 3], C.e[3 * i + j]);
      IP[6 * (i + 3) + j + 3] = IP[6 * (j + 3) + i + 3] = z;
    }
  }
}

// D^-1 of the symmetric nu x nu D applied to the columns of B (nu x nrhs, row-major), in place:
// L D L^T without pivoting (D is positive definite where the joint moves mass)
static void small_solve(MbeSym* s, MbeSymId D[6][6], int nu, MbeSymId* B, int nrhs) {
  MbeSymId L[6][6], d[6], dinv[6];
  MbeSymId one = mbe_sym_const(s, 1.0);
  for (int j = 0; j < nu; j++) {
    MbeSymId dj = D[j][j];
    for (int k = 0; k < j; k++) {
      MbeSymId t = mbe_sym_mul(s, L[j][k], L[j][k]);
      MbeSymId td = mbe_sym_mul(s, t, d[k]);
      dj = mbe_sym_sub(s, dj, td);
    }
    d[j] = dj;
    dinv[j] = mbe_sym_div(s, one, dj);
    for (int i = j + 1; i < nu; i++) {
      MbeSymId lij = D[i][j];
      for (int k = 0; k < j; k++) {
        MbeSymId t = mbe_sym_mul(s, L[i][k], L[j][k]);
        MbeSymId td = mbe_sym_mul(s, t, d[k]);
        lij = mbe_sym_sub(s, lij, td);
      }
      L[i][j] = mbe_sym_mul(s, lij, dinv[j]);
    }
  }
  for (int c = 0; c < nrhs; c++) {
    for (int i = 0; i < nu; i++) {  // L y = b
      for (int k = 0; k < i; k++) {
        MbeSymId t = mbe_sym_mul(s, L[i][k], B[k * nrhs + c]);
        B[i * nrhs + c] = mbe_sym_sub(s, B[i * nrhs + c], t);
      }
    }
    for (int i = 0; i < nu; i++)
      B[i * nrhs + c] = mbe_sym_mul(s, B[i * nrhs + c], dinv[i]);
    for (int i = nu; i-- > 0;) {  // L^T x = y
      for (int k = i + 1; k < nu; k++) {
        MbeSymId t = mbe_sym_mul(s, L[k][i], B[k * nrhs + c]);
        B[i * nrhs + c] = mbe_sym_sub(s, B[i * nrhs + c], t);
      }
    }
  }
}

// the joint of edge e: U, D^-1 U^T, D^-1 u; Ia and pa of the child's (IA, pA) left in *a
static void joint_step(MbeMech* m, const MbeMechEdge* e, const MbeSymId* tau, const MbeSymId* arm,
                       Art* a, EdgeAba* x) {
  MbeSym* s = m->s;
  int nu = e->nu;
  MbeSymId D[6][6], B[6 * 7];
  for (int k = 0; k < nu; k++) {
    MbeSymId Sk[6];
    motion6(e, k, Sk);
    mulv6(s, a->I, Sk, x->U[k]);
  }
  for (int i = 0; i < nu; i++) {
    MbeSymId Si[6];
    motion6(e, i, Si);
    for (int j = 0; j <= i; j++) {
      D[i][j] = dot6(s, Si, x->U[j]);
      if (i == j && arm[e->dof0 + i] != 0)
        D[i][j] = mbe_sym_add(s, D[i][j], arm[e->dof0 + i]);
      D[j][i] = D[i][j];
    }
    MbeSymId sp = dot6(s, Si, a->p);
    MbeSymId ui = mbe_sym_sub(s, tau[e->dof0 + i], sp);
    for (int c = 0; c < 6; c++)
      B[i * 7 + c] = x->U[i][c];
    B[i * 7 + 6] = ui;
  }
  small_solve(s, D, nu, B, 7);
  for (int k = 0; k < nu; k++) {
    memcpy(x->W[k], B + 7 * k, 6 * sizeof *B);
    x->Du[k] = B[7 * k + 6];
  }
  for (int r = 0; r < 6; r++) {
    for (int c = r; c < 6; c++) {
      MbeSymId v = a->I[6 * r + c];
      for (int k = 0; k < nu; k++) {
        MbeSymId t = mbe_sym_mul(s, x->U[k][r], x->W[k][c]);
        v = mbe_sym_sub(s, v, t);
      }
      a->I[6 * r + c] = v;
      a->I[6 * c + r] = v;
    }
  }
  for (int r = 0; r < 6; r++) {
    for (int k = 0; k < nu; k++) {
      MbeSymId t = mbe_sym_mul(s, x->U[k][r], x->Du[k]);
      a->p[r] = mbe_sym_add(s, a->p[r], t);
    }
  }
}

// the articulated inertias and bias wrenches from the leaves up
static void aba_up(MbeMech* m, Art* art, EdgeAba* ea, const MbeSymId* tau, const MbeSymId* arm) {
  MbeSym* s = m->s;
  MbeV3 zero = mbe_v3_zero();
  for (size_t i = m->ntree; i-- > 0;) {
    const MbeMechEdge* e = &m->edges[m->tree_edges[i]];
    EdgeAba* x = &ea[i];
    Art* a = &art[e->child_point];
    mbe_sym_region_begin(s, MBE_MECH_REGION_ABA_UP);
    mbe_mech_edge_accel(m, e, zero, zero, NULL, &x->cw, &x->cv);
    if (e->nu > 0)
      joint_step(m, e, tau, arm, a, x);
    if (e->parent_point < 0)
      continue;
    MbeSymId c[6] = {x->cw.e[0], x->cw.e[1], x->cw.e[2], x->cv.e[0], x->cv.e[1], x->cv.e[2]};
    MbeSymId Ic[6];
    mulv6(s, a->I, c, Ic);
    MbeV3 t, f;
    for (int k = 0; k < 3; k++) {
      t.e[k] = mbe_sym_add(s, a->p[k], Ic[k]);
      f.e[k] = mbe_sym_add(s, a->p[k + 3], Ic[k + 3]);
    }
    Art* P = &art[e->parent_point];
    MbeV3 pt, pf;
    mbe_mech_force_up(m, e, t, f, &pt, &pf);
    for (int k = 0; k < 3; k++) {
      P->p[k] = mbe_sym_add(s, P->p[k], pt.e[k]);
      P->p[k + 3] = mbe_sym_add(s, P->p[k + 3], pf.e[k]);
    }
    inertia_up(m, e, a->I, P->I);
  }
  mbe_sym_region_end(s);
}

// the accelerations from the ground down (the ground's: a0, world coordinates): every speed's u'
// into udot
static void aba_down(MbeMech* m, const EdgeAba* ea, MbeV3 a0, MbeSymId* udot) {
  MbeSym* s = m->s;
  MbeV3 zero = mbe_v3_zero();
  for (size_t i = 0; i < m->ntree; i++) {
    const MbeMechEdge* e = &m->edges[m->tree_edges[i]];
    const EdgeAba* x = &ea[i];
    MbeMechPoint* C = &m->points[e->child_point];
    MbeV3 aw = x->cw, av = x->cv;
    mbe_sym_region_begin(s, MBE_MECH_REGION_ABA_DOWN);
    if (e->parent_point >= 0) {
      const MbeMechPoint* P = &m->points[e->parent_point];
      mbe_mech_edge_accel(m, e, P->aw, P->av, NULL, &aw, &av);
    } else if (a0.e[0] || a0.e[1] || a0.e[2]) {
      mbe_mech_edge_accel(m, e, zero, a0, NULL, &aw, &av);
    }
    MbeSymId ap[6] = {aw.e[0], aw.e[1], aw.e[2], av.e[0], av.e[1], av.e[2]};
    for (int k = 0; k < e->nu; k++) {
      MbeSymId wa = dot6(s, x->W[k], ap);
      udot[e->dof0 + k] = mbe_sym_sub(s, x->Du[k], wa);
    }
    for (int k = 0; k < e->nu; k++) {
      MbeV3 a = mbe_v3_scale(s, udot[e->dof0 + k], e->Sw[k]);
      aw = mbe_v3_add(s, aw, a);
      MbeV3 b = mbe_v3_scale(s, udot[e->dof0 + k], e->Sv[k]);
      av = mbe_v3_add(s, av, b);
    }
    C->aw = aw, C->av = av;
  }
  mbe_sym_region_end(s);
}

// each point's own inertia (its bodies) and bias wrench (bodies at zero acceleration, the force
// elements' loads)
static void aba_points(MbeMech* m, Art* art) {
  for (size_t p = 0; p < m->npoints; p++) {
    MbeMechPoint* P = &m->points[p];
    P->bw = P->bv = P->Ft = P->Ff = mbe_v3_zero();
  }
  mbe_mech_point_wrenches(m, NULL);
  for (size_t p = 0; p < m->npoints; p++) {
    const MbeMechPoint* P = &m->points[p];
    memcpy(art[p].p, P->Ft.e, sizeof P->Ft.e);
    memcpy(art[p].p + 3, P->Ff.e, sizeof P->Ff.e);
  }
  for (size_t b = 0; b < m->nbodies; b++) {
    const MbeMechBody* bd = &m->bodies[b];
    if (!bd->derived) {
      mbe_sym_region_begin(m->s, MBE_MECH_REGION_BODY_INERTIA);
      mbe_mech_body_inertia(m, bd, art[bd->point].I);
    }
  }
  mbe_sym_region_end(m->s);
}

MbeStatus mbe_mech_aba(MbeMech* m, const MbeSymId* tau, const MbeSymId* arm, MbeSymId* udot) {
  Art* art = mbe_calloc(m->npoints + 1, sizeof *art);
  EdgeAba* ea = mbe_calloc(m->ntree + 1, sizeof *ea);
  if (art == NULL || ea == NULL) {
    mbe_free(art), mbe_free(ea);
    return mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
  }
  // uniform gravity as the ground's acceleration -g (Featherstone): no body needs its rotation
  // and position for its weight
  m->gravity_as_base = m->gravity_type == MBE_GRAVITY_UNIFORM && m->gravity_fn == NULL;
  MbeV3 a0 = mbe_v3_zero();
  for (int k = 0; k < 3 && m->gravity_as_base; k++) {
    if (!mbe_sym_is_const(m->s, m->gvec.e[k], 0.0))  // an axis's exact 0 stays +0, foldable
      a0.e[k] = mbe_sym_neg(m->s, m->gvec.e[k]);
  }
  aba_points(m, art);
  m->gravity_as_base = false;
  aba_up(m, art, ea, tau, arm);
  aba_down(m, ea, a0, udot);
  mbe_free(art);
  mbe_free(ea);
  return m->s->is_oom ? mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory") : MBE_OK;
}
