// SPDX-License-Identifier: Apache-2.0
// The equations of motion in the expression DAG.
//
// Every tree edge (an elementary joint or rigid offset, parent point P -> child point C) is
// described in child coordinates by R_rel (P -> C), the offset p of C's origin from P's origin
// (P coordinates), the joint's relative angular velocity wJ (C coordinates) and pd = d/dt p
// (P coordinates), all functions of the edge's own coordinates q and speeds u. Then
//   w_C = R_rel w_P + wJ        (wJ alone where the edge carries absolute rotation states)
//   v_C = R_rel (v_P + w_P x p + pd)
// and, with the derivatives taken in the moving frames (Featherstone's body-fixed convention),
//   w_C' = R_rel w_P' - wJ x R_rel w_P + Sw u' + dwq
//   v_C' = -w_rel x v_C + R_rel (v_P' + w_P' x p + w_P x pd + Sv' u' + dpq)
// where Sw, Sv (= R_rel dpd/du) are the motion columns of the speeds and dwq, dpq the parts of
// d/dt wJ, d/dt pd that come from q' (forward derivatives in the DAG, so no joint needs its own
// bias formula). Forces go back up by the transpose of the same map. The mass matrix comes from
// composite inertias (CRBA), the bias from a Newton-Euler pass with u' = 0, and M u' = Q - C is
// solved by Featherstone's L^T D L factorisation, which has no fill-in on a tree.
#include <math.h>
#include <string.h>

#include "mech_internal.h"

static MbeStatus nomem(MbeMech* m) {
  return mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
}

static MbeV3 v3_state(MbeMech* m, int i0) {
  MbeV3 r;
  for (int i = 0; i < 3; i++) {
    r.e[i] = mbe_sym_state(m->s, i0 + i);
  }
  return r;
}

// rotation of an edge's coordinates q (from index i0): R (local <- reference) and the angular
// velocity in local coordinates from speeds at u0
static void rotation(MbeMech* m, const MbeMechEdge* e, int q0, int u0, MbeM3* R, MbeV3* w) {
  if (e->use_q) {
    // The MSL keeps Q.Q = 1 as a constraint; here Q' = G^T w / 2 preserves the norm only up to
    // the integrator's error, so the rotation is taken of Q/|Q|: T stays orthogonal however
    // long a member runs.
    MbeSymId q[4], qn[4];
    for (int i = 0; i < 4; i++) {
      q[i] = mbe_sym_state(m->s, q0 + i);
    }
    MbeSymId n2 = mbe_sym_mul(m->s, q[0], q[0]);
    for (int i = 1; i < 4; i++) {
      MbeSymId t = mbe_sym_mul(m->s, q[i], q[i]);
      n2 = mbe_sym_add(m->s, n2, t);
    }
    MbeSymId n = mbe_sym_fn(m->s, MBE_SYM_SQRT, n2);
    MbeSymId one = mbe_sym_const(m->s, 1.0);
    MbeSymId inv = mbe_sym_div(m->s, one, n);
    for (int i = 0; i < 4; i++) {
      qn[i] = mbe_sym_mul(m->s, q[i], inv);
    }
    *R = mbe_m3_from_q(m->s, qn);
    *w = v3_state(m, u0);
  } else {
    MbeSymId a[3];
    for (int i = 0; i < 3; i++) {
      a[i] = mbe_sym_state(m->s, q0 + i);
    }
    *R = mbe_m3_axes(m->s, e->seq, a);
    if (e->rate_w) {
      *w = v3_state(m, u0);
      return;
    }
    MbeM3 J = mbe_m3_axes_jacobian(m->s, e->seq, a);
    MbeV3 ad = v3_state(m, u0);
    *w = mbe_m3_mulv(m->s, J, ad);
  }
}

// q' of a rotation: quaternions Q' = 1/2 G^T w, angles phi' = phi_d, or J(phi)^-1 w where the
// speeds are the angular velocity (rate_w)
static void rotation_qdot(MbeMech* m, const MbeMechEdge* e, int q0, int u0, MbeSymId* qdot) {
  MbeSym* s = m->s;
  if (!e->use_q && e->rate_w) {
    MbeSymId a[3];
    for (int i = 0; i < 3; i++)
      a[i] = mbe_sym_state(s, q0 + i);
    MbeM3 J = mbe_m3_axes_jacobian(s, e->seq, a);
    MbeV3 d = mbe_m3_solve(s, J, v3_state(m, u0));
    memcpy(qdot, d.e, sizeof d.e);
    return;
  }
  if (!e->use_q) {
    for (int i = 0; i < 3; i++) {
      qdot[i] = mbe_sym_state(s, u0 + i);
    }
    return;
  }
  MbeSymId Q[4], w[3];
  for (int i = 0; i < 4; i++) {
    Q[i] = mbe_sym_state(s, q0 + i);
  }
  for (int i = 0; i < 3; i++) {
    w[i] = mbe_sym_state(s, u0 + i);
  }
  // G = [Q4, Q3, -Q2, -Q1; -Q3, Q4, Q1, -Q2; Q2, -Q1, Q4, -Q3]: (index, sign) per entry
  static const int gi[3][4] = {{3, 2, 1, 0}, {2, 3, 0, 1}, {1, 0, 3, 2}};
  static const int gs[3][4] = {{1, 1, -1, -1}, {-1, 1, 1, -1}, {1, -1, 1, -1}};
  MbeSymId half = mbe_sym_const(s, 0.5);
  for (int j = 0; j < 4; j++) {
    MbeSymId acc = 0;
    for (int i = 0; i < 3; i++) {
      MbeSymId t = mbe_sym_mul(s, Q[gi[i][j]], w[i]);
      acc = (i == 0) ? (gs[i][j] > 0 ? t : mbe_sym_neg(s, t))
                     : (gs[i][j] > 0 ? mbe_sym_add(s, acc, t) : mbe_sym_sub(s, acc, t));
    }
    qdot[j] = mbe_sym_mul(s, half, acc);
  }
}

// sum_i d(v)/d(x_i) * xdot_i over the leaves x_i = state q0 .. q0+nq-1
static MbeStatus dir_deriv(MbeMech* m, MbeV3 v, int q0, int nq, const MbeSymId* qdot, MbeV3* out) {
  *out = mbe_v3_zero();
  for (int i = 0; i < nq; i++) {
    MbeSymId leaf = mbe_sym_state(m->s, q0 + i);
    for (int k = 0; k < 3; k++) {
      MbeSymId d;
      MbeStatus st = mbe_sym_diff(m->s, v.e[k], leaf, &d, m->err);
      if (st != MBE_OK) {
        return st;
      }
      MbeSymId t = mbe_sym_mul(m->s, d, qdot[i]);
      out->e[k] = mbe_sym_add(m->s, out->e[k], t);
    }
  }
  return MBE_OK;
}

static MbeStatus column(MbeMech* m, MbeV3 v, int u, MbeV3* out) {
  MbeSymId leaf = mbe_sym_state(m->s, u);
  for (int k = 0; k < 3; k++) {
    MbeStatus st = mbe_sym_diff(m->s, v.e[k], leaf, &out->e[k], m->err);
    if (st != MBE_OK) {
      return st;
    }
  }
  return MBE_OK;
}

// the edge's description in child coordinates (see the top of this file)
static MbeStatus edge_setup(MbeMech* m, MbeMechEdge* e) {
  MbeSym* s = m->s;
  MbeM3 Rab = mbe_m3_identity(s);
  MbeV3 rab = mbe_v3_zero(), wab = mbe_v3_zero(), rdab = mbe_v3_zero();
  int q0 = e->q0, u0 = e->u0;
  e->couple_w = true;
  switch (e->type) {
    case MBE_EDGE_RIGID:
      Rab = e->R;
      rab = e->r;
      break;
    case MBE_EDGE_REVOLUTE: {
      MbeSymId phi = mbe_sym_state(s, q0);
      Rab = mbe_m3_planar(s, e->axis, phi);
      MbeSymId w = mbe_sym_state(s, u0);
      wab = mbe_v3_scale(s, w, e->axis);
      e->qdot[0] = w;
      break;
    }
    case MBE_EDGE_PRISMATIC: {
      MbeSymId sx = mbe_sym_state(s, q0);
      rab = mbe_v3_scale(s, sx, e->axis);
      MbeSymId v = mbe_sym_state(s, u0);
      rdab = mbe_v3_scale(s, v, e->axis);
      e->qdot[0] = v;
      break;
    }
    case MBE_EDGE_ROTATION:
    case MBE_EDGE_ABS_ROTATION:
      rotation(m, e, q0, u0, &Rab, &wab);
      rotation_qdot(m, e, q0, u0, e->qdot);
      break;
    case MBE_EDGE_FREE:
    case MBE_EDGE_FLOAT:
      rab = v3_state(m, q0);
      rdab = v3_state(m, u0);
      for (int i = 0; i < 3; i++) {
        e->qdot[i] = rdab.e[i];
      }
      rotation(m, e, q0 + 3, u0 + 3, &Rab, &wab);
      rotation_qdot(m, e, q0 + 3, u0 + 3, e->qdot + 3);
      break;
    case MBE_EDGE_FLOAT_POINT:
      rab = v3_state(m, q0);
      rdab = v3_state(m, u0);
      for (int i = 0; i < 3; i++) {
        e->qdot[i] = rdab.e[i];
      }
      break;
    case MBE_EDGE_ROLLING: mbe_mech_rolling_setup(m, e, &Rab, &rab, &wab, &rdab); break;
    case MBE_EDGE_WHEELSET: mbe_mech_wheelset_setup(m, e, &Rab, &rab, &wab, &rdab); break;
    default: break;
  }
  e->w_ab = wab;
  if (e->type == MBE_EDGE_FLOAT || e->type == MBE_EDGE_ABS_ROTATION) {
    e->couple_w = false;  // absolute rotation states
  }
  if (!e->reversed) {
    e->Rrel = Rab;
    e->p = rab;
    e->wJ = wab;
    e->pd = rdab;
  } else {
    // child = frame_a: R = Rab^T, p = -Rab r, wJ = -Rab^T w, pd = w x (Rab r) - Rab r'
    e->Rrel = mbe_m3_transpose(Rab);
    MbeV3 Rr = mbe_m3_mulv(s, Rab, rab);
    e->p = mbe_v3_neg(s, Rr);
    MbeV3 Rtw = mbe_m3_tmulv(s, Rab, wab);
    e->wJ = mbe_v3_neg(s, Rtw);
    MbeV3 wxr = mbe_v3_cross(s, wab, Rr);
    MbeV3 Rrd = mbe_m3_mulv(s, Rab, rdab);
    e->pd = mbe_v3_sub(s, wxr, Rrd);
  }
  if (e->type == MBE_EDGE_ABS_ROTATION) {
    // R_rel = R_abs R_P^T (R_abs: world -> child)
    MbeM3 RPt = mbe_m3_transpose(m->points[e->parent_point].R);
    e->Rrel = mbe_m3_mul(s, Rab, RPt);
  }
  for (int k = 0; k < e->nu; k++) {
    MbeV3 dp;
    MbeStatus st = column(m, e->wJ, u0 + k, &e->Sw[k]);
    if (st == MBE_OK)
      st = column(m, e->pd, u0 + k, &dp);
    if (st != MBE_OK)
      return st;
    e->Sv[k] = mbe_m3_mulv(s, e->Rrel, dp);
  }
  MbeStatus st = dir_deriv(m, e->wJ, q0, e->nq, e->qdot, &e->dwq);
  if (st == MBE_OK)
    st = dir_deriv(m, e->pd, q0, e->nq, e->qdot, &e->dpq);
  return st;
}

// position and velocity of the child point
static void edge_position(MbeMech* m, MbeMechEdge* e) {
  MbeSym* s = m->s;
  MbeMechPoint* C = &m->points[e->child_point];
  if (e->parent_point < 0) {
    C->R = e->Rrel;
    C->r0 = e->p;
    C->w = e->wJ;
    C->v = mbe_m3_mulv(s, e->Rrel, e->pd);
    return;
  }
  const MbeMechPoint* P = &m->points[e->parent_point];
  C->R = mbe_m3_mul(s, e->Rrel, P->R);
  if (e->type == MBE_EDGE_ABS_ROTATION) {
    MbeV3 w;
    rotation(m, e, e->q0, e->u0, &C->R, &w);  // the absolute rotation (same nodes as Rab)
  }
  MbeV3 Pp = mbe_m3_tmulv(s, P->R, e->p);
  C->r0 = mbe_v3_add(s, P->r0, Pp);
  if (e->couple_w) {
    MbeV3 Rw = mbe_m3_mulv(s, e->Rrel, P->w);
    C->w = mbe_v3_add(s, Rw, e->wJ);
  } else {
    C->w = e->wJ;
  }
  MbeV3 wxp = mbe_v3_cross(s, P->w, e->p);
  MbeV3 t = mbe_v3_add(s, P->v, wxp);
  t = mbe_v3_add(s, t, e->pd);
  C->v = mbe_m3_mulv(s, e->Rrel, t);
}

// accelerations of the child point from the parent's (pw, pv); udot NULL: u' = 0
void mbe_mech_edge_accel(MbeMech* m, const MbeMechEdge* e, MbeV3 pw, MbeV3 pv, const MbeSymId* udot,
                         MbeV3* cw, MbeV3* cv) {
  MbeSym* s = m->s;
  const MbeMechPoint* C = &m->points[e->child_point];
  MbeV3 Pw = mbe_v3_zero();
  if (e->parent_point >= 0) {
    Pw = m->points[e->parent_point].w;
  }
  MbeV3 RPw = mbe_m3_mulv(s, e->Rrel, Pw);
  MbeV3 aw = e->dwq;
  if (e->couple_w) {
    MbeV3 Rpw = mbe_m3_mulv(s, e->Rrel, pw);
    MbeV3 x = mbe_v3_cross(s, e->wJ, RPw);
    MbeV3 t = mbe_v3_sub(s, Rpw, x);
    aw = mbe_v3_add(s, t, aw);
  }
  MbeV3 wrel = e->couple_w ? e->wJ : mbe_v3_sub(s, e->wJ, RPw);
  MbeV3 inner = mbe_v3_add(s, pv, e->dpq);
  MbeV3 pwxp = mbe_v3_cross(s, pw, e->p);
  inner = mbe_v3_add(s, inner, pwxp);
  MbeV3 Pwxpd = mbe_v3_cross(s, Pw, e->pd);
  inner = mbe_v3_add(s, inner, Pwxpd);
  MbeV3 av = mbe_m3_mulv(s, e->Rrel, inner);
  MbeV3 wxv = mbe_v3_cross(s, wrel, C->v);
  av = mbe_v3_sub(s, av, wxv);
  if (udot != NULL) {
    for (int k = 0; k < e->nu; k++) {
      MbeV3 a = mbe_v3_scale(s, udot[k], e->Sw[k]);
      aw = mbe_v3_add(s, aw, a);
      MbeV3 b = mbe_v3_scale(s, udot[k], e->Sv[k]);
      av = mbe_v3_add(s, av, b);
    }
  }
  *cw = aw;
  *cv = av;
}

// wrench (t, f) in parent coordinates of a child wrench: the transpose of the velocity map
void mbe_mech_force_up(MbeMech* m, const MbeMechEdge* e, MbeV3 t, MbeV3 f, MbeV3* pt, MbeV3* pf) {
  MbeSym* s = m->s;
  *pf = mbe_m3_tmulv(s, e->Rrel, f);
  MbeV3 pxf = mbe_v3_cross(s, e->p, *pf);
  if (e->couple_w) {
    MbeV3 Rt = mbe_m3_tmulv(s, e->Rrel, t);
    *pt = mbe_v3_add(s, Rt, pxf);
  } else {
    *pt = pxf;
  }
}

/* ---- gravity and bodies --------------------------------------------------------------------- */

// world.gravityAcceleration(r) of a model's own gravity field
static MbeV3 user_gravity(MbeMech* m, MbeV3 r) {
  MbeV3 g = mbe_v3_zero();
  if (m->gravity_error != MBE_OK) {
    return g;
  }
  const MbeClass* fn = m->gravity_fn;
  m->gravity_error = mbe_mech_fn_vector(m, fn, m->gravity_scope, fn->parent, r.e, 3, g.e, 3);
  return m->gravity_error == MBE_OK ? g : mbe_v3_zero();
}

// gravity acceleration (world) at world position r
MbeV3 mbe_mech_gravity(MbeMech* m, MbeV3 r) {
  MbeSym* s = m->s;
  if (m->gravity_fn) {
    return user_gravity(m, r);
  }
  if (m->gravity_type == MBE_GRAVITY_UNIFORM) {
    return m->gvec;
  }
  if (m->gravity_type == MBE_GRAVITY_POINT) {
    // -mu / |r|^2 * r / |r|
    MbeSymId rr = mbe_v3_dot(s, r, r);
    MbeSymId n = mbe_sym_fn(s, MBE_SYM_SQRT, rr);
    MbeSymId d = mbe_sym_mul(s, rr, n);
    MbeSymId mu = mbe_sym_neg(s, m->mu);
    MbeSymId k = mbe_sym_div(s, mu, d);
    return mbe_v3_scale(s, k, r);
  }
  return mbe_v3_zero();
}

// the wrench a body needs at its frame (MSL Body: f = m (T (a_0 - g_0) + z x r_CM + w x (w x
// r_CM)), t = I z + w x I w + r_CM x f) for point accelerations (aw, av)
void mbe_mech_body_wrench(MbeMech* m, const MbeMechBody* b, MbeV3 aw, MbeV3 av, MbeV3* t,
                          MbeV3* f) {
  MbeSym* s = m->s;
  const MbeMechPoint* P = &m->points[b->point];
  MbeV3 c = b->r_cm;
  MbeV3 wxv = mbe_v3_cross(s, P->w, P->v);
  MbeV3 a0 = mbe_v3_add(s, av, wxv);  // T a_0
  MbeV3 acc = a0;
  if (!m->gravity_as_base) {
    MbeV3 Rtc = mbe_m3_tmulv(s, P->R, c);
    MbeV3 rcm = mbe_v3_add(s, P->r0, Rtc);
    MbeV3 g0 = mbe_mech_gravity(m, rcm);
    MbeV3 g = mbe_m3_mulv(s, P->R, g0);
    acc = mbe_v3_sub(s, a0, g);
  }
  if (!b->is_point_mass) {
    MbeV3 zxc = mbe_v3_cross(s, aw, c);
    acc = mbe_v3_add(s, acc, zxc);
    MbeV3 wxc = mbe_v3_cross(s, P->w, c);
    MbeV3 wxwxc = mbe_v3_cross(s, P->w, wxc);
    acc = mbe_v3_add(s, acc, wxwxc);
  }
  *f = mbe_v3_scale(s, b->m, acc);
  if (b->is_point_mass) {
    *t = mbe_v3_zero();
    return;
  }
  MbeM3 I = b->I;
  MbeV3 Iz = mbe_m3_mulv(s, I, aw);
  MbeV3 Iw = mbe_m3_mulv(s, I, P->w);
  MbeV3 wxIw = mbe_v3_cross(s, P->w, Iw);
  MbeV3 cxf = mbe_v3_cross(s, c, *f);
  MbeV3 tt = mbe_v3_add(s, Iz, wxIw);
  *t = mbe_v3_add(s, tt, cxf);
}

/* ---- one Newton-Euler pass ------------------------------------------------------------------ */

// What the bodies and force elements at each point need there (added to its Ft, Ff): bodies at
// the points' accelerations (udot NULL: the bias accelerations bw, bv), the frames' loads, and in
// the full pass the loads no frame carries.
void mbe_mech_point_wrenches(MbeMech* m, const MbeSymId* udot) {
  MbeSym* s = m->s;
  for (size_t b = 0; b < m->nbodies; b++) {
    MbeMechBody* bd = &m->bodies[b];
    MbeMechPoint* P = &m->points[bd->point];
    MbeV3 t, f;
    if (bd->derived && udot == NULL) {
      continue;  // Kane's form (derived_bodies); the full pass computes its wrench for outputs
    }
    mbe_sym_region_begin(s, MBE_MECH_REGION_BODY_WRENCH);
    mbe_mech_body_wrench(m, bd, udot ? P->aw : P->bw, udot ? P->av : P->bv, &t, &f);
    if (udot) {
      bd->wt = t, bd->wf = f;
    }
    P->Ft = mbe_v3_add(s, P->Ft, t);
    P->Ff = mbe_v3_add(s, P->Ff, f);
    mbe_sym_region_end(s);
    if (udot) {
      MbeMechFrame* fr = &m->frames[bd->frame];
      if (bd->outer == NULL && bd->frame >= 0) {  // Body, PointMass: frame_a's wrench is the body's
        fr->t = t, fr->f = f, fr->has_wrench = true;
      }
    }
  }
  for (size_t k = 0; k < m->nframes; k++) {
    MbeMechFrame* fr = &m->frames[k];
    if (fr->comp < 0 || !fr->has_wrench)
      continue;
    const MbeMechComp* comp = &m->comps[fr->comp];
    if ((comp->body >= 0 && m->bodies[comp->body].outer == NULL) ||
        (comp->nedges > 0 && !comp->cut && !comp->frame_loads)) {
      continue;  // bodies are summed above; joints are what is being solved for
    }
    MbeMechPoint* P = &m->points[fr->point];
    P->Ft = mbe_v3_add(s, P->Ft, fr->t);
    P->Ff = mbe_v3_add(s, P->Ff, fr->f);
  }
  for (size_t p = 0; udot != NULL && p < m->npoints; p++) {
    MbeMechPoint* P = &m->points[p];
    if (P->has_load) {  // an assembly's rod (the outputs' pass)
      P->Ft = mbe_v3_add(s, P->Ft, P->lt);
      P->Ff = mbe_v3_add(s, P->Ff, P->lf);
    }
  }
}

// Accelerations of every point (udot NULL: bias, u' = 0), then the subtree wrenches bottom-up.
// Stores them in the points (bw/bv or aw/av, Ft/Ff) and, for the full pass, the body and joint
// connector wrenches in the frames.
MbeStatus mbe_mech_newton_euler(MbeMech* m, const MbeSymId* udot) {
  MbeSym* s = m->s;
  for (size_t i = 0; i < m->ntree; i++) {
    MbeMechEdge* e = &m->edges[m->tree_edges[i]];
    MbeMechPoint* C = &m->points[e->child_point];
    MbeV3 pw = mbe_v3_zero(), pv = mbe_v3_zero();
    if (e->parent_point >= 0) {
      const MbeMechPoint* P = &m->points[e->parent_point];
      pw = udot ? P->aw : P->bw;
      pv = udot ? P->av : P->bv;
    }
    MbeV3 cw, cv;
    mbe_mech_edge_accel(m, e, pw, pv, udot ? udot + e->dof0 : NULL, &cw, &cv);
    if (udot) {
      C->aw = cw, C->av = cv;
    } else {
      C->bw = cw, C->bv = cv;
    }
    C->Ft = mbe_v3_zero();
    C->Ff = mbe_v3_zero();
  }
  mbe_mech_point_wrenches(m, udot);
  for (size_t i = m->ntree; i-- > 0;) {
    MbeMechEdge* e = &m->edges[m->tree_edges[i]];
    if (e->parent_point < 0)
      continue;
    MbeMechPoint* C = &m->points[e->child_point];
    MbeMechPoint* P = &m->points[e->parent_point];
    MbeV3 pt, pf;
    mbe_mech_force_up(m, e, C->Ft, C->Ff, &pt, &pf);
    P->Ft = mbe_v3_add(s, P->Ft, pt);
    P->Ff = mbe_v3_add(s, P->Ff, pf);
  }
  return s->is_oom ? nomem(m) : MBE_OK;
}

/* ---- mass matrix ---------------------------------------------------------------------------- */

void mbe_mech_body_inertia(MbeMech* m, const MbeMechBody* b, MbeSymId* out) {
  // [[I_c - m cx cx, m cx], [-m cx, m 1]]
  MbeSym* s = m->s;
  MbeSymId M = b->m;
  const MbeSymId* c = b->r_cm.e;
  MbeSymId nc[3];
  for (int i = 0; i < 3; i++) {
    nc[i] = mbe_sym_neg(s, c[i]);
  }
  MbeSymId cx[9] = {0, nc[2], c[1], c[2], 0, nc[0], nc[1], c[0], 0};
  MbeSymId J[36];
  for (int i = 0; i < 36; i++) {
    J[i] = 0;
  }
  for (int i = 0; i < 3; i++) {
    for (int j = 0; j < 3; j++) {
      MbeSymId cc = 0;
      for (int k = 0; k < 3; k++) {
        MbeSymId p = mbe_sym_mul(s, cx[3 * i + k], cx[3 * k + j]);
        cc = k == 0 ? p : mbe_sym_add(s, cc, p);
      }
      MbeSymId mcc = mbe_sym_mul(s, M, cc);
      MbeSymId mcx = mbe_sym_mul(s, M, cx[3 * i + j]);
      J[6 * i + j] = mbe_sym_sub(s, b->is_point_mass ? 0 : b->I.e[3 * i + j], mcc);
      J[6 * i + j + 3] = mcx;
      J[6 * (i + 3) + j] = mbe_sym_neg(s, mcx);
      J[6 * (i + 3) + j + 3] = i == j ? M : 0;
    }
  }
  for (int i = 0; i < 36; i++) {
    out[i] = mbe_sym_add(s, out[i], J[i]);
  }
}

// A rigid-body inertia (m, h = m c, Io about the origin) of a child point, in the parent point's
// coordinates: rotated by R_rel^T, then moved by p (I_P = Io + m(p.p - p p^T) + 2(p.h) - p h^T -
// h p^T). An edge with absolute rotation states passes only the mass (the parent cannot turn the
// child). The same as A^T I A with the edge's velocity map, in about a third of the operations.
static void composite_up(MbeMech* m, const MbeMechEdge* e, const MbeMechPoint* C, MbeMechPoint* P) {
  MbeSym* s = m->s;
  MbeV3 h = mbe_v3_zero();
  MbeM3 I;
  for (int i = 0; i < 9; i++)
    I.e[i] = 0;
  if (e->couple_w) {
    h = mbe_m3_tmulv(s, e->Rrel, C->ch);
    MbeM3 IR = mbe_m3_mul(s, C->cI, e->Rrel);
    MbeM3 Rt = mbe_m3_transpose(e->Rrel);
    I = mbe_m3_mul(s, Rt, IR);
  }
  MbeSymId pp = mbe_v3_dot(s, e->p, e->p);
  MbeSymId ph = mbe_v3_dot(s, e->p, h);
  MbeSymId two_ph = mbe_sym_add(s, ph, ph);
  for (int i = 0; i < 3; i++) {
    for (int j = 0; j < 3; j++) {
      MbeSymId pipj = mbe_sym_mul(s, e->p.e[i], e->p.e[j]);
      MbeSymId t = i == j ? mbe_sym_sub(s, pp, pipj) : mbe_sym_neg(s, pipj);
      MbeSymId mt = mbe_sym_mul(s, C->cm, t);
      MbeSymId a = mbe_sym_add(s, I.e[3 * i + j], mt);
      if (i == j)
        a = mbe_sym_add(s, a, two_ph);
      MbeSymId x = mbe_sym_mul(s, e->p.e[i], h.e[j]);
      MbeSymId y = mbe_sym_mul(s, h.e[i], e->p.e[j]);
      a = mbe_sym_sub(s, a, x);
      a = mbe_sym_sub(s, a, y);
      P->cI.e[3 * i + j] = mbe_sym_add(s, P->cI.e[3 * i + j], a);
    }
  }
  MbeV3 mp = mbe_v3_scale(s, C->cm, e->p);
  MbeV3 hp = mbe_v3_add(s, h, mp);
  P->ch = mbe_v3_add(s, P->ch, hp);
  P->cm = mbe_sym_add(s, P->cm, C->cm);
}

// The composite inertias of every point's subtree (cm, ch, cI; inertias false: only which points
// carry mass, has_mass, and which are held by a loop)
static void composite_inertias(MbeMech* m, bool inertias) {
  MbeSym* s = m->s;
  for (size_t i = 0; i < m->norder; i++) {
    MbeMechPoint* P = &m->points[m->order[i]];
    P->cm = 0;
    P->ch = mbe_v3_zero();
    for (int k = 0; k < 9; k++)
      P->cI.e[k] = 0;
    P->held = false;
  }
  for (size_t r = 0; r < m->ncon; r++) {
    m->points[m->con_row[r].pa].held = true;
    m->points[m->con_row[r].pb].held = true;
  }
  for (size_t b = 0; b < m->nbodies; b++) {
    const MbeMechBody* bd = &m->bodies[b];
    MbeMechPoint* P = &m->points[bd->point];
    if (bd->derived)
      continue;  // Kane's form (derived_bodies)
    const MbeSymNode* mn = &s->nodes[bd->m];
    bool inertia = false;  // a rotor: an inertia without mass
    for (int k = 0; k < 9 && !bd->is_point_mass; k++)
      inertia = inertia || !mbe_sym_is_const(s, bd->I.e[k], 0.0);
    P->has_mass = P->has_mass || mn->op != MBE_SYM_CONST || mn->value > 0 || inertia;
    if (!inertias)
      continue;
    // m, m c, I_c + m (c.c - c c^T) about the frame's origin
    const MbeSymId* c = bd->r_cm.e;
    MbeSymId cc = mbe_v3_dot(s, bd->r_cm, bd->r_cm);
    P->cm = mbe_sym_add(s, P->cm, bd->m);
    for (int i = 0; i < 3; i++) {
      MbeSymId hi = mbe_sym_mul(s, bd->m, c[i]);
      P->ch.e[i] = mbe_sym_add(s, P->ch.e[i], hi);
      for (int j = 0; j < 3; j++) {
        MbeSymId cicj = mbe_sym_mul(s, c[i], c[j]);
        MbeSymId t = mbe_sym_sub(s, i == j ? cc : 0, cicj);
        MbeSymId mt = mbe_sym_mul(s, bd->m, t);
        MbeSymId v = mbe_sym_add(s, bd->is_point_mass ? 0 : bd->I.e[3 * i + j], mt);
        P->cI.e[3 * i + j] = mbe_sym_add(s, P->cI.e[3 * i + j], v);
      }
    }
  }
  for (size_t i = m->ntree; i-- > 0;) {
    MbeMechEdge* e = &m->edges[m->tree_edges[i]];
    if (e->parent_point < 0)
      continue;
    MbeMechPoint* C = &m->points[e->child_point];
    MbeMechPoint* P = &m->points[e->parent_point];
    P->held = P->held || C->held;
    if (!C->has_mass)
      continue;
    if (inertias)
      composite_up(m, e, C, P);
    P->has_mass = true;
  }
}

// a joint whose moving side carries no mass (and no loop holds it, and it is no shaft, whose
// inertia is its flange set's) would make the equations singular
static MbeStatus check_moved_mass(MbeMech* m) {
  for (size_t i = 0; i < m->ntree; i++) {
    MbeMechEdge* e = &m->edges[m->tree_edges[i]];
    MbeMechPoint* C = &m->points[e->child_point];
    if (e->nu > 0 && !C->has_mass && !C->held && !e->shaft) {
      return mbe_mech_error(m, MBE_ERR_MODEL, e->comp,
                            "moves no mass: a joint whose moving side carries no body gives a "
                            "singular mass matrix");
    }
  }
  return MBE_OK;
}

static MbeStatus mass_matrix(MbeMech* m, MbeSymId* H) {
  MbeSym* s = m->s;
  composite_inertias(m, true);
  MbeStatus st = check_moved_mass(m);
  if (st != MBE_OK)
    return st;
  size_t n = m->ndof;
  for (size_t i = 0; i < m->ntree; i++) {
    MbeMechEdge* e = &m->edges[m->tree_edges[i]];
    if (e->nu == 0)
      continue;
    MbeMechPoint* C = &m->points[e->child_point];
    for (int k = 0; k < e->nu; k++) {
      // F = Ic S_k: t = Io Sw + h x Sv, f = m Sv - h x Sw
      MbeV3 iw = mbe_m3_mulv(s, C->cI, e->Sw[k]);
      MbeV3 hxv = mbe_v3_cross(s, C->ch, e->Sv[k]);
      MbeV3 ft = mbe_v3_add(s, iw, hxv);
      MbeV3 mv = mbe_v3_scale(s, C->cm, e->Sv[k]);
      MbeV3 hxw = mbe_v3_cross(s, C->ch, e->Sw[k]);
      MbeV3 ff = mbe_v3_sub(s, mv, hxw);
      size_t col = (size_t)(e->dof0 + k);
      const MbeMechEdge* a = e;
      for (;;) {
        for (int j = 0; j < a->nu; j++) {
          size_t row = (size_t)(a->dof0 + j);
          if (row > col)
            continue;  // the lower triangle H[col][row] is what is kept
          MbeSymId x = mbe_v3_dot(s, a->Sw[j], ft);
          MbeSymId y = mbe_v3_dot(s, a->Sv[j], ff);
          H[col * n + row] = mbe_sym_add(s, x, y);
        }
        if (a->parent_point < 0)
          break;
        MbeV3 pt, pf;
        mbe_mech_force_up(m, a, ft, ff, &pt, &pf);
        ft = pt, ff = pf;
        int pe = m->points[a->parent_point].parent_edge;
        if (pe < 0)
          break;
        a = &m->edges[pe];
      }
    }
  }
  return s->is_oom ? nomem(m) : MBE_OK;
}

/* ---- massless junctions of line forces ---------------------------------------------------------
 */

// Newton steps of a junction solve, unrolled in the generated code. From the stiffness-weighted
// mean of the far ends (exact for springs of zero unstretched length) the iteration converges
// quadratically; a residual still above the tolerance after these steps stops the member with
// MBE_RUN_NEWTON_FAIL instead of giving a wrong answer.
enum { MBE_JUNCTION_STEPS = 8 };

typedef struct JunctionSpring {
  int comp;
  MbeV3 far;   // the other end (world)
  MbeV3 vfar;  // its velocity (world)
  double c, s0;
} JunctionSpring;

// force on the junction at r from spring j and its derivative d force / d r
static void junction_spring(MbeMech* m, const JunctionSpring* j, MbeV3 r, MbeV3* f, MbeM3* K) {
  MbeSym* s = m->s;
  MbeV3 d = mbe_v3_sub(s, r, j->far);
  MbeSymId L = mbe_v3_norm(s, d);
  MbeSymId invL = mbe_sym_div(s, mbe_sym_const(s, 1.0), L);
  MbeV3 e = mbe_v3_scale(s, invL, d);
  MbeSymId stretch = mbe_sym_sub(s, L, mbe_sym_const(s, j->s0));
  MbeSymId mc = mbe_sym_const(s, -j->c);
  MbeSymId fm = mbe_sym_mul(s, mc, stretch);
  *f = mbe_v3_scale(s, fm, e);  // -c (L - s0) e: a stretched spring pulls r to the far end
  // K = -c (e e^T + (L - s0)/L (I - e e^T))
  MbeSymId q = mbe_sym_mul(s, stretch, invL);
  MbeSymId one = mbe_sym_const(s, 1.0);
  MbeSymId omq = mbe_sym_sub(s, one, q);
  for (int a = 0; a < 3; a++) {
    for (int b = 0; b < 3; b++) {
      MbeSymId ee = mbe_sym_mul(s, e.e[a], e.e[b]);
      MbeSymId t = mbe_sym_mul(s, ee, omq);
      if (a == b)
        t = mbe_sym_add(s, t, q);
      K->e[3 * a + b] = mbe_sym_mul(s, mc, t);
    }
  }
}

static MbeStatus junctions(MbeMech* m) {
  MbeSym* s = m->s;
  for (size_t pi = 0; pi < m->npoints; pi++) {
    MbeMechPoint* J = &m->points[pi];
    if (!J->is_junction)
      continue;
    JunctionSpring sp[16];
    int n = 0;
    double csum = 0;
    for (size_t f = 0; f < m->nframes; f++) {
      if (m->frames[f].point != (int)pi)
        continue;
      int c = m->frames[f].comp;
      const MbeMechComp* comp = &m->comps[c];
      double mass = 0;
      if (comp->kind == MBE_MC_SPRING) {
        MbeStatus sm = mbe_mech_real(m, c, "m", 0, &mass);
        if (sm != MBE_OK) {
          return sm;  // a varied mass: whether the junction is massless would vary
        }
      }
      if (comp->kind != MBE_MC_SPRING || mass > 0 || mbe_mech_free_param(m, c, "c") != 0) {
        return mbe_mech_error(
            m, MBE_ERR_UNSUPPORTED, c,
            "a junction of line forces may only join springs without mass "
            "(a damper or a mass there needs the junction's velocity as a state)");
      }
      int other = (int)f == comp->frame_a ? comp->frame_b : comp->frame_a;
      const MbeMechPoint* P = &m->points[m->frames[other].point];
      if (P->is_junction) {
        return mbe_mech_error(m, MBE_ERR_UNSUPPORTED, c,
                              "joins two massless junctions; coupled junctions are not supported "
                              "yet");
      }
      if (n == 16) {
        return mbe_mech_error(m, MBE_ERR_UNSUPPORTED, c, "more than 16 springs at one junction");
      }
      MbeStatus st = mbe_mech_real(m, c, "c", 0, &sp[n].c);
      if (st == MBE_OK)
        st = mbe_mech_real(m, c, "s_unstretched", 0, &sp[n].s0);
      if (st != MBE_OK)
        return st;
      sp[n].comp = c;
      sp[n].far = P->r0;
      sp[n].vfar = mbe_m3_tmulv(s, P->R, P->v);
      csum += sp[n].c;
      n++;
    }
    if (!(csum > 0)) {
      return mbe_mech_error(m, MBE_ERR_MODEL, sp[0].comp,
                            "the springs meeting at this junction have no stiffness: nothing "
                            "decides where the junction is");
    }
    // start: the stiffness-weighted mean of the far ends
    MbeV3 r = mbe_v3_zero();
    for (int i = 0; i < n; i++) {
      MbeSymId w = mbe_sym_const(s, sp[i].c / csum);
      MbeV3 t = mbe_v3_scale(s, w, sp[i].far);
      r = mbe_v3_add(s, r, t);
    }
    MbeV3 F = mbe_v3_zero();
    MbeM3 K;
    for (int it = 0; it <= MBE_JUNCTION_STEPS; it++) {
      F = mbe_v3_zero();
      for (int i = 0; i < 9; i++)
        K.e[i] = 0;
      MbeM3 Ki[16];
      for (int i = 0; i < n; i++) {
        MbeV3 fi;
        junction_spring(m, &sp[i], r, &fi, &Ki[i]);
        F = mbe_v3_add(s, F, fi);
        for (int k = 0; k < 9; k++)
          K.e[k] = mbe_sym_add(s, K.e[k], Ki[i].e[k]);
      }
      if (it == MBE_JUNCTION_STEPS) {
        // the velocity: K r' = sum K_i v_i (the balance differentiated in time)
        MbeV3 rhs = mbe_v3_zero();
        for (int i = 0; i < n; i++) {
          MbeV3 t = mbe_m3_mulv(s, Ki[i], sp[i].vfar);
          rhs = mbe_v3_add(s, rhs, t);
        }
        J->v = mbe_m3_solve(s, K, rhs);
        break;
      }
      MbeV3 dx = mbe_m3_solve(s, K, F);
      r = mbe_v3_sub(s, r, dx);
    }
    J->R = mbe_m3_identity(s);
    J->r0 = r;
    J->w = mbe_v3_zero();
    // not converged: |F| above 1e-9 of the springs' force scale (or NaN)
    MbeSymId scale = 0;
    for (int i = 0; i < n; i++) {
      MbeV3 d = mbe_v3_sub(s, r, sp[i].far);
      MbeSymId L = mbe_v3_norm(s, d);
      MbeSymId st = mbe_sym_sub(s, L, mbe_sym_const(s, sp[i].s0));
      MbeSymId a = mbe_sym_fn(s, MBE_SYM_ABS, st);
      MbeSymId ca = mbe_sym_mul(s, mbe_sym_const(s, sp[i].c), a);
      scale = i == 0 ? ca : mbe_sym_add(s, scale, ca);
    }
    MbeSymId tol = mbe_sym_mul(s, mbe_sym_const(s, 1e-9), scale);
    tol = mbe_sym_add(s, tol, mbe_sym_const(s, 1e-300));
    MbeSymId fn = mbe_v3_norm(s, F);
    // ok > 0 passes; a NaN |F| compares false and fails too
    MbeSymId ok = mbe_sym_sub(s, tol, fn);
    MbeSymId pass = mbe_sym_const(s, -1.0);
    MbeSymId failed = mbe_sym_const(s, 1.0);
    MbeSymId nan_or_bad = mbe_sym_op(s, MBE_SYM_SELECT, ok, pass, failed);
    m->fail = m->fail ? mbe_sym_op(s, MBE_SYM_MAX, m->fail, nan_or_bad, 0) : nan_or_bad;
    m->newton_1e9 = "its massless junctions of line forces are solved to 1e-9 of the springs' "
                    "forces";
  }
  return s->is_oom ? nomem(m) : MBE_OK;
}

/* ---- JointUPS: frames that follow frame_a and frame_b --------------------------------------- */

static MbeStatus rate(MbeMech* m, MbeV3 v, MbeV3* out);
static bool related(const MbeMech* m, int i, int j);

static MbeV3 v3_unit(MbeSym* s, int i) {
  MbeV3 r = mbe_v3_zero();
  r.e[i] = mbe_sym_const(s, 1.0);
  return r;
}

// the relative angular velocity of frame_ia (ia coords) for the axis rate rd (frame_a coords):
// T = E_ia E_a^T with E_a = [e, e2, e3], e2 = unit(n1 x e), e3 = e x e2, e = raxis / L
static MbeV3 ups_w_rel(MbeSym* s, MbeM3 Eia, MbeV3 n1, MbeV3 e, MbeV3 e2, MbeSymId L, MbeM3 T,
                       MbeV3 rd) {
  MbeSymId invL = mbe_sym_div(s, mbe_sym_const(s, 1.0), L);
  MbeSymId erd = mbe_v3_dot(s, e, rd);
  MbeV3 pe = mbe_v3_scale(s, erd, e);
  MbeV3 prd = mbe_v3_sub(s, rd, pe);
  MbeV3 ed = mbe_v3_scale(s, invL, prd);  // e' = (I - e e^T) rd / L
  MbeV3 u = mbe_v3_cross(s, n1, e);
  MbeSymId nu = mbe_v3_norm(s, u);
  MbeV3 ud = mbe_v3_cross(s, n1, ed);
  MbeSymId e2ud = mbe_v3_dot(s, e2, ud);
  MbeV3 t1 = mbe_v3_scale(s, e2ud, e2);
  MbeV3 t2 = mbe_v3_sub(s, ud, t1);
  MbeSymId invn = mbe_sym_div(s, mbe_sym_const(s, 1.0), nu);
  MbeV3 e2d = mbe_v3_scale(s, invn, t2);  // e2' = (u' - e2 (e2 . u'))/|u|
  MbeV3 c1 = mbe_v3_cross(s, ed, e2);
  MbeV3 c2 = mbe_v3_cross(s, e, e2d);
  MbeV3 e3d = mbe_v3_add(s, c1, c2);
  MbeM3 Ead;  // columns e', e2', e3'
  for (int i = 0; i < 3; i++) {
    Ead.e[3 * i] = ed.e[i];
    Ead.e[3 * i + 1] = e2d.e[i];
    Ead.e[3 * i + 2] = e3d.e[i];
  }
  MbeM3 Eadt = mbe_m3_transpose(Ead);
  MbeM3 Td = mbe_m3_mul(s, Eia, Eadt);
  MbeM3 Tdt = mbe_m3_transpose(Td);
  MbeM3 W = mbe_m3_mul(s, T, Tdt);  // skew(w_rel) = T T'^T
  MbeV3 w = {{W.e[7], W.e[2], W.e[3]}};
  return w;
}

static MbeStatus derived_points(MbeMech* m) {
  MbeSym* s = m->s;
  for (size_t c = 0; c < m->ncomps; c++) {
    MbeMechComp* comp = &m->comps[c];
    if (comp->kind == MBE_MC_ROLLING_WHEEL_SET)
      mbe_mech_wheelset_frames(m, (int)c);
    if (comp->kind != MBE_MC_JOINT_UPS)
      continue;
    if (m->ups == NULL) {
      m->ups = mbe_arena_alloc(m->arena, (m->ncomps + 1) * sizeof *m->ups);
      if (m->ups == NULL)
        return nomem(m);
    }
    MbeMechUps* u = &m->ups[c];
    double n1[3], eia[3], e2ia[3], e3ia[3];
    MbeStatus st = mbe_mech_vec(m, (int)c, "n1_a", n1);
    if (st == MBE_OK)
      st = mbe_mech_vec(m, (int)c, "eAxis_ia", eia);
    if (st == MBE_OK)
      st = mbe_mech_vec(m, (int)c, "e2_ia", e2ia);
    if (st == MBE_OK)
      st = mbe_mech_vec(m, (int)c, "e3_ia", e3ia);
    if (st != MBE_OK)
      return st;
    MbeMechPoint* A = &m->points[m->frames[comp->frame_a].point];
    MbeMechPoint* B = &m->points[m->frames[comp->frame_b].point];
    MbeV3 r0 = mbe_v3_sub(s, B->r0, A->r0);
    u->raxis = mbe_m3_mulv(s, A->R, r0);
    u->L = mbe_v3_norm(s, u->raxis);
    MbeSymId invL = mbe_sym_div(s, mbe_sym_const(s, 1.0), u->L);
    MbeV3 e = mbe_v3_scale(s, invL, u->raxis);
    MbeV3 nv = mbe_v3_const(s, n1);
    MbeV3 uu = mbe_v3_cross(s, nv, e);
    MbeV3 e2 = mbe_v3_normalize(s, uu);
    MbeV3 e3 = mbe_v3_cross(s, e, e2);
    MbeM3 Ea, Eia;
    for (int i = 0; i < 3; i++) {
      Ea.e[3 * i] = e.e[i], Ea.e[3 * i + 1] = e2.e[i], Ea.e[3 * i + 2] = e3.e[i];
      Eia.e[3 * i] = mbe_sym_const(s, eia[i]);
      Eia.e[3 * i + 1] = mbe_sym_const(s, e2ia[i]);
      Eia.e[3 * i + 2] = mbe_sym_const(s, e3ia[i]);
    }
    MbeM3 Eat = mbe_m3_transpose(Ea);
    u->T = mbe_m3_mul(s, Eia, Eat);
    u->e0 = mbe_m3_tmulv(s, A->R, e);
    // K: w_rel per unit axis rate, by linearity
    for (int j = 0; j < 3; j++) {
      MbeV3 col = ups_w_rel(s, Eia, nv, e, e2, u->L, u->T, v3_unit(s, j));
      for (int i = 0; i < 3; i++)
        u->K.e[3 * i + j] = col.e[i];
    }
    // the axis rate and the frames' motion
    MbeV3 va = mbe_m3_tmulv(s, A->R, A->v), vb = mbe_m3_tmulv(s, B->R, B->v);
    MbeV3 dv = mbe_v3_sub(s, vb, va);
    MbeV3 rdv = mbe_m3_mulv(s, A->R, dv);
    MbeV3 wxr = mbe_v3_cross(s, A->w, u->raxis);
    MbeV3 rd = mbe_v3_sub(s, rdv, wxr);
    MbeV3 Tw = mbe_m3_mulv(s, u->T, A->w);
    MbeV3 Krd = mbe_m3_mulv(s, u->K, rd);
    MbeV3 w = mbe_v3_add(s, Tw, Krd);
    MbeM3 R = mbe_m3_mul(s, u->T, A->R);
    const char* sides[2] = {"frame_ia", "frame_ib"};
    for (int k = 0; k < 2; k++) {
      int fr = mbe_mech_comp_frame(m, (int)c, sides[k]);
      if (fr < 0)
        continue;
      MbeMechPoint* P = &m->points[m->frames[fr].point];
      P->R = R;
      P->r0 = k == 0 ? A->r0 : B->r0;
      P->w = w;
      P->v = mbe_m3_mulv(s, R, k == 0 ? va : vb);
    }
  }
  return s->is_oom ? nomem(m) : MBE_OK;
}

// bodies at derived points in Kane's form: with S_k the point's (w, v) per speed and the bias
// accelerations from q', M += S^T I S and Q -= S^T W0 (W0: the wrench at u' = 0)
static MbeStatus derived_bodies(MbeMech* m, MbeSymId* H, MbeSymId* b, bool* dense) {
  MbeSym* s = m->s;
  size_t n = m->ndof;
  for (size_t pi = 0; pi < m->npoints; pi++) {
    MbeMechPoint* P = &m->points[pi];
    if (P->derived_ups < 0)
      continue;
    bool any = false;
    for (size_t k = 0; k < m->nbodies; k++)
      any = any || m->bodies[k].point == (int)pi;
    if (!any)
      continue;
    P->dSw = mbe_arena_alloc(m->arena, (n + 1) * sizeof *P->dSw);
    P->dSv = mbe_arena_alloc(m->arena, (n + 1) * sizeof *P->dSv);
    if (!P->dSw || !P->dSv)
      return nomem(m);
    for (size_t i = 0; i < m->ntree; i++) {
      const MbeMechEdge* e = &m->edges[m->tree_edges[i]];
      for (int j = 0; j < e->nu; j++) {
        MbeStatus st = column(m, P->w, e->u0 + j, &P->dSw[e->dof0 + j]);
        if (st == MBE_OK)
          st = column(m, P->v, e->u0 + j, &P->dSv[e->dof0 + j]);
        if (st != MBE_OK)
          return st;
      }
    }
    MbeStatus st = rate(m, P->w, &P->bw);
    if (st == MBE_OK)
      st = rate(m, P->v, &P->bv);
    if (st != MBE_OK)
      return st;
    for (size_t k = 0; k < m->nbodies; k++) {
      MbeMechBody* bd = &m->bodies[k];
      if (bd->point != (int)pi)
        continue;
      MbeV3 t0, f0;
      mbe_mech_body_wrench(m, bd, P->bw, P->bv, &t0, &f0);
      MbeSymId I6[36];
      memset(I6, 0, sizeof I6);
      mbe_mech_body_inertia(m, bd, I6);
      for (size_t i = 0; i < n; i++) {
        MbeSymId q1 = mbe_v3_dot(s, P->dSw[i], t0);
        MbeSymId q2 = mbe_v3_dot(s, P->dSv[i], f0);
        MbeSymId q = mbe_sym_add(s, q1, q2);
        b[i] = mbe_sym_sub(s, b[i], q);
        // I6 S_i
        MbeSymId IS[6];
        for (int r = 0; r < 6; r++) {
          MbeSymId acc = 0;
          for (int c = 0; c < 6; c++) {
            MbeSymId sc = c < 3 ? P->dSw[i].e[c] : P->dSv[i].e[c - 3];
            MbeSymId t = mbe_sym_mul(s, I6[6 * r + c], sc);
            acc = mbe_sym_add(s, acc, t);
          }
          IS[r] = acc;
        }
        for (size_t j = i; j < n; j++) {
          MbeSymId acc = 0;
          for (int r = 0; r < 6; r++) {
            MbeSymId sr = r < 3 ? P->dSw[j].e[r] : P->dSv[j].e[r - 3];
            MbeSymId t = mbe_sym_mul(s, sr, IS[r]);
            acc = mbe_sym_add(s, acc, t);
          }
          if (acc == 0)
            continue;
          if (!related(m, (int)i, (int)j))
            *dense = true;
          H[j * n + i] = mbe_sym_add(s, H[j * n + i], acc);
        }
      }
    }
  }
  return s->is_oom ? nomem(m) : MBE_OK;
}

// The loads of the bodies at a JointUPS's frame_ia/ib with the solved accelerations, and what
// they mean at its frame_a and frame_b (virtual power through w_ia = T w_a + K rdot_a), plus the
// axis force: the JointUPS's cut wrenches for the outputs' Newton-Euler pass.
void mbe_mech_derived_wrenches(MbeMech* m, const MbeSymId* udot) {
  MbeSym* s = m->s;
  for (size_t c = 0; m->ups != NULL && c < m->ncomps; c++) {
    MbeMechComp* comp = &m->comps[c];
    if (comp->kind != MBE_MC_JOINT_UPS)
      continue;
    MbeMechUps* u = &m->ups[c];
    MbeMechPoint* A = &m->points[m->frames[comp->frame_a].point];
    MbeMechPoint* B = &m->points[m->frames[comp->frame_b].point];
    MbeV3 tsum = mbe_v3_zero(), fa_w = mbe_v3_zero(), fb_w = mbe_v3_zero();
    const char* sides[2] = {"frame_ia", "frame_ib"};
    for (int k = 0; k < 2; k++) {
      int fr = mbe_mech_comp_frame(m, (int)c, sides[k]);
      if (fr < 0)
        continue;
      int pi = m->frames[fr].point;
      MbeMechPoint* P = &m->points[pi];
      MbeV3 t = mbe_v3_zero(), f = mbe_v3_zero();
      if (P->dSw != NULL) {
        P->aw = P->bw, P->av = P->bv;
        for (size_t i = 0; i < m->ndof; i++) {
          MbeV3 a = mbe_v3_scale(s, udot[i], P->dSw[i]);
          P->aw = mbe_v3_add(s, P->aw, a);
          MbeV3 b = mbe_v3_scale(s, udot[i], P->dSv[i]);
          P->av = mbe_v3_add(s, P->av, b);
        }
        for (size_t b = 0; b < m->nbodies; b++) {
          if (m->bodies[b].point != pi)
            continue;
          MbeV3 bt, bf;
          mbe_mech_body_wrench(m, &m->bodies[b], P->aw, P->av, &bt, &bf);
          t = mbe_v3_add(s, t, bt);
          f = mbe_v3_add(s, f, bf);
        }
      }
      m->frames[fr].t = mbe_v3_neg(s, t);
      m->frames[fr].f = mbe_v3_neg(s, f);
      m->frames[fr].has_wrench = true;
      tsum = mbe_v3_add(s, tsum, t);
      MbeV3 fw = mbe_m3_tmulv(s, P->R, f);
      if (k == 0)
        fa_w = mbe_v3_add(s, fa_w, fw);
      else
        fb_w = mbe_v3_add(s, fb_w, fw);
    }
    MbeV3 kk = mbe_m3_tmulv(s, u->K, tsum);  // a coords
    MbeV3 kw = mbe_m3_tmulv(s, A->R, kk);    // world
    fa_w = mbe_v3_sub(s, fa_w, kw);
    fb_w = mbe_v3_add(s, fb_w, kw);
    MbeV3 ta = mbe_m3_tmulv(s, u->T, tsum);
    MbeV3 rxk = mbe_v3_cross(s, u->raxis, kk);
    ta = mbe_v3_sub(s, ta, rxk);
    // the axis force f pushes frame_b along the axis and frame_a back
    MbeV3 fe = mbe_v3_scale(s, u->f, u->e0);
    fa_w = mbe_v3_add(s, fa_w, fe);
    fb_w = mbe_v3_sub(s, fb_w, fe);
    m->frames[comp->frame_a].t = ta;
    m->frames[comp->frame_a].f = mbe_m3_mulv(s, A->R, fa_w);
    m->frames[comp->frame_b].t = mbe_v3_zero();
    m->frames[comp->frame_b].f = mbe_m3_mulv(s, B->R, fb_w);
  }
}

/* ---- point masses on line forces ------------------------------------------------------------- */

// d/dt of an expression of the positions, through the joints' q' (the speeds stay symbols)
static MbeStatus rate(MbeMech* m, MbeV3 v, MbeV3* out) {
  *out = mbe_v3_zero();
  for (size_t i = 0; i < m->ntree; i++) {
    const MbeMechEdge* e = &m->edges[m->tree_edges[i]];
    MbeV3 d;
    MbeStatus st = dir_deriv(m, v, e->q0, e->nq, e->qdot, &d);
    if (st != MBE_OK)
      return st;
    *out = mbe_v3_add(m->s, *out, d);
  }
  return MBE_OK;
}

// true when dof i is dof j or one of its ancestors (or the other way round)
static bool related(const MbeMech* m, int i, int j) {
  if (i > j) {
    int t = i;
    i = j;
    j = t;
  }
  // walk up from j's edge
  for (size_t k = 0; k < m->ntree; k++) {
    const MbeMechEdge* e = &m->edges[m->tree_edges[k]];
    if (j < e->dof0 || j >= e->dof0 + e->nu)
      continue;
    for (const MbeMechEdge* a = e;;) {
      if (i >= a->dof0 && i < a->dof0 + a->nu)
        return true;
      int p = a->parent_point;
      if (p < 0 || m->points[p].parent_edge < 0)
        return false;
      a = &m->edges[m->points[p].parent_edge];
    }
  }
  return false;
}

static MbeStatus line_masses(MbeMech* m, MbeSymId* H, MbeSymId* b, bool* dense) {
  MbeSym* s = m->s;
  size_t n = m->ndof;
  for (size_t k = 0; k < m->nlmass; k++) {
    MbeMechLineMass* lm = &m->lmass[k];
    lm->J = mbe_arena_alloc(m->arena, (n + 1) * sizeof *lm->J);
    if (lm->J == NULL)
      return nomem(m);
    MbeV3 v;
    MbeStatus st = rate(m, lm->r, &v);
    if (st == MBE_OK)
      st = rate(m, v, &lm->abias);  // v is linear in u: the rest is J u'
    if (st != MBE_OK)
      return st;
    // J: velocity per speed
    for (size_t i = 0; i < m->ntree; i++) {
      const MbeMechEdge* e = &m->edges[m->tree_edges[i]];
      for (int j = 0; j < e->nu; j++) {
        st = column(m, v, e->u0 + j, &lm->J[e->dof0 + j]);
        if (st != MBE_OK)
          return st;
      }
    }
    lm->g = mbe_mech_gravity(m, lm->r);
    MbeSymId mass = lm->m;
    MbeV3 ag = mbe_v3_sub(s, lm->abias, lm->g);
    MbeV3 fin = mbe_v3_scale(s, mass, ag);
    for (size_t i = 0; i < n; i++) {
      MbeSymId q = mbe_v3_dot(s, lm->J[i], fin);
      b[i] = mbe_sym_sub(s, b[i], q);
      for (size_t j = 0; j <= i; j++) {
        MbeSymId jj = mbe_v3_dot(s, lm->J[i], lm->J[j]);
        if (jj == 0)
          continue;
        if (!related(m, (int)i, (int)j))
          *dense = true;
        MbeSymId mj = mbe_sym_mul(s, mass, jj);
        H[i * n + j] = mbe_sym_add(s, H[i * n + j], mj);
      }
    }
  }
  return s->is_oom ? nomem(m) : MBE_OK;
}

/* ---- the whole system ----------------------------------------------------------------------- */

void mbe_mech_ltdl_solve(MbeMech* m, const MbeSymId* H, const int* lambda, MbeSymId* b) {
  MbeSym* s = m->s;
  size_t n = m->ndof;
  for (size_t i = n; i-- > 0;) {
    for (int j = lambda[i]; j >= 0; j = lambda[j]) {
      MbeSymId t = mbe_sym_mul(s, H[i * n + (size_t)j], b[i]);
      b[j] = mbe_sym_sub(s, b[j], t);
    }
  }
  for (size_t i = 0; i < n; i++) {
    b[i] = mbe_sym_div(s, b[i], H[i * n + i]);
  }
  for (size_t i = 0; i < n; i++) {
    for (int j = lambda[i]; j >= 0; j = lambda[j]) {
      MbeSymId t = mbe_sym_mul(s, H[i * n + (size_t)j], b[j]);
      b[i] = mbe_sym_sub(s, b[i], t);
    }
  }
}

// The composite-inertia method: H u' = b (b = tau on entry) with H from the composite inertias
// plus what couples branches (loops, masses on line forces, derived bodies), factored as L^T D L
// along the tree (or as one chain where something couples branches); b holds u' on return.
static MbeStatus crba_solve(MbeMech* m, MbeSymId* H, MbeSymId* b) {
  MbeSym* s = m->s;
  size_t n = m->ndof;
  int* lambda = mbe_malloc((n + 1) * sizeof *lambda);
  if (lambda == NULL)
    return nomem(m);
  MbeStatus st = mbe_mech_newton_euler(m, NULL);
  if (st == MBE_OK)
    st = mass_matrix(m, H);
  if (st == MBE_OK)
    mbe_mech_drive_forces(m, b, H, NULL);
  // loops: H + alpha G^T G couples the loops' coordinates; so does a differential's set
  bool dense = m->ncon > 0 || m->coupled_sets;
  if (st == MBE_OK)
    st = line_masses(m, H, b, &dense);
  if (st == MBE_OK)
    st = derived_bodies(m, H, b, &dense);
  if (st != MBE_OK) {
    mbe_free(lambda);
    return st;
  }
  // b = Q - C, lambda = parent dof
  for (size_t i = 0; i < m->ntree; i++) {
    MbeMechEdge* e = &m->edges[m->tree_edges[i]];
    int up = -1;
    for (int p = e->parent_point; p >= 0 && up < 0;) {
      int pe = m->points[p].parent_edge;
      if (pe < 0)
        break;
      if (m->edges[pe].nu > 0)
        up = m->edges[pe].dof0 + m->edges[pe].nu - 1;
      p = m->edges[pe].parent_point;
    }
    MbeMechPoint* C = &m->points[e->child_point];
    for (int k = 0; k < e->nu; k++) {
      // dense: masses on line forces couple branches; factor M as one chain (dense L^T D L)
      lambda[e->dof0 + k] = dense ? e->dof0 + k - 1 : k == 0 ? up : e->dof0 + k - 1;
      MbeSymId x = mbe_v3_dot(s, e->Sw[k], C->Ft);
      MbeSymId y = mbe_v3_dot(s, e->Sv[k], C->Ff);
      MbeSymId c = mbe_sym_add(s, x, y);
      b[e->dof0 + k] = mbe_sym_sub(s, b[e->dof0 + k], c);
    }
  }
  if (m->ncon > 0)
    mbe_mech_loop_augment(m, H, b);
  // H = L^T D L (Featherstone, RBDA 6.5): no fill-in outside the ancestor pattern
  for (size_t k = n; k-- > 0;) {
    for (int i = lambda[k]; i >= 0; i = lambda[i]) {
      MbeSymId a = mbe_sym_div(s, H[k * n + (size_t)i], H[k * n + k]);
      for (int j = i; j >= 0; j = lambda[j]) {
        MbeSymId t = mbe_sym_mul(s, a, H[k * n + (size_t)j]);
        H[(size_t)i * n + (size_t)j] = mbe_sym_sub(s, H[(size_t)i * n + (size_t)j], t);
      }
      H[k * n + (size_t)i] = a;
    }
  }
  mbe_mech_ltdl_solve(m, H, lambda, b);
  if (m->ncon > 0)
    st = mbe_mech_loop_accelerations(m, H, lambda, b);
  mbe_free(lambda);
  return st;
}

// The articulated-body algorithm (mech_aba.c) where nothing couples the tree's branches: b = tau
// on entry, u' on return
static MbeStatus aba_solve(MbeMech* m, MbeSymId* b) {
  size_t n = m->ndof;
  MbeSymId* arm = mbe_calloc(n + 1, sizeof *arm);
  MbeSymId* tau = mbe_calloc(n + 1, sizeof *tau);
  if (arm == NULL || tau == NULL) {
    mbe_free(arm), mbe_free(tau);
    return nomem(m);
  }
  composite_inertias(m, false);
  MbeStatus st = check_moved_mass(m);
  if (st == MBE_OK) {
    mbe_mech_drive_forces(m, b, NULL, arm);
    memcpy(tau, b, n * sizeof *tau);
    st = mbe_mech_aba(m, tau, arm, b);
  }
  mbe_free(arm);
  mbe_free(tau);
  return st;
}

// whether the articulated-body algorithm applies: a tree whose branches nothing couples (no cut
// joints, no masses on line forces, no bodies at derived points, no set two coordinates move)
static bool aba_applies(const MbeMech* m) {
  if (m->ncon > 0 || m->coupled_sets || m->nlmass > 0 || m->dynamics == MBE_DYNAMICS_CRBA)
    return false;
  for (size_t b = 0; b < m->nbodies; b++) {
    if (m->bodies[b].derived)
      return false;
  }
  return true;
}

MbeStatus mbe_mech_equations(MbeMech* m) {
  MbeSym* s = m->s;
  MbeStatus st = MBE_OK;
  // kinematics in tree order
  for (size_t i = 0; i < m->ntree && st == MBE_OK; i++) {
    MbeMechEdge* e = &m->edges[m->tree_edges[i]];
    mbe_sym_region_begin(s, MBE_MECH_REGION_KINEMATICS);
    st = edge_setup(m, e);
    if (st == MBE_OK)
      edge_position(m, e);
  }
  mbe_sym_region_end(s);
  if (st != MBE_OK)
    return st;
  size_t n = m->ndof;
  MbeSymId* b = mbe_calloc(n + 1, sizeof *b);
  if (b == NULL)
    return nomem(m);
  st = junctions(m);
  if (st == MBE_OK)
    st = mbe_mech_loop_constraints(m);
  if (st == MBE_OK)
    st = derived_points(m);
  if (st == MBE_OK)
    st = mbe_mech_drives(m);
  if (st == MBE_OK)
    st = mbe_mech_forces(m);
  bool aba = st == MBE_OK && aba_applies(m);
  if (st == MBE_OK && aba) {
    st = aba_solve(m, b);
  } else if (st == MBE_OK) {
    MbeSymId* H = mbe_calloc(n * n + 1, sizeof *H);
    st = H ? crba_solve(m, H, b) : nomem(m);
    mbe_free(H);
  }
  m->sys->dynamics = aba ? "aba" : "crba";
  if (st == MBE_OK) {
    m->udot = mbe_arena_alloc(m->arena, (n + 1) * sizeof *m->udot);
    if (m->udot == NULL)
      st = nomem(m);
  }
  for (size_t i = 0; i < m->ntree && st == MBE_OK; i++) {
    MbeMechEdge* e = &m->edges[m->tree_edges[i]];
    for (int k = 0; k < e->nu; k++) {
      m->udot[e->dof0 + k] = b[e->dof0 + k];
    }
    for (int k = 0; k < e->nq; k++) {
      m->xdot[e->q0 + k] = e->qdot[k];
    }
    for (int k = 0; k < e->nu; k++) {
      e->udot[k] = b[e->dof0 + k];
      m->xdot[e->u0 + k] = b[e->dof0 + k];
    }
  }
  mbe_free(b);
  if (st == MBE_OK && s->is_oom)
    st = nomem(m);
  if (st == MBE_OK)
    st = m->gravity_error;
  return st;
}
