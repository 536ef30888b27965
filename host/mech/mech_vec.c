// SPDX-License-Identifier: Apache-2.0
#include "mech_vec.h"

#include <math.h>

#include "sym_math.h"

MbeV3 mbe_v3_zero(void) {
  MbeV3 r = {{0, 0, 0}};
  return r;
}

MbeV3 mbe_v3_const(MbeSym* s, const double v[3]) {
  MbeV3 r;
  for (int i = 0; i < 3; i++) {
    r.e[i] = mbe_sym_const(s, v[i]);
  }
  return r;
}

MbeV3 mbe_v3_add(MbeSym* s, MbeV3 a, MbeV3 b) {
  MbeV3 r;
  for (int i = 0; i < 3; i++) {
    r.e[i] = mbe_sym_add(s, a.e[i], b.e[i]);
  }
  return r;
}

MbeV3 mbe_v3_sub(MbeSym* s, MbeV3 a, MbeV3 b) {
  MbeV3 r;
  for (int i = 0; i < 3; i++) {
    r.e[i] = mbe_sym_sub(s, a.e[i], b.e[i]);
  }
  return r;
}

MbeV3 mbe_v3_neg(MbeSym* s, MbeV3 a) {
  MbeV3 r;
  for (int i = 0; i < 3; i++) {
    r.e[i] = mbe_sym_neg(s, a.e[i]);
  }
  return r;
}

MbeV3 mbe_v3_scale(MbeSym* s, MbeSymId k, MbeV3 a) {
  MbeV3 r;
  for (int i = 0; i < 3; i++) {
    r.e[i] = mbe_sym_mul(s, k, a.e[i]);
  }
  return r;
}

MbeV3 mbe_v3_cross(MbeSym* s, MbeV3 a, MbeV3 b) {
  MbeV3 r;
  for (int i = 0; i < 3; i++) {
    int j = (i + 1) % 3, k = (i + 2) % 3;
    MbeSymId p = mbe_sym_mul(s, a.e[j], b.e[k]);
    MbeSymId q = mbe_sym_mul(s, a.e[k], b.e[j]);
    r.e[i] = mbe_sym_sub(s, p, q);
  }
  return r;
}

MbeSymId mbe_v3_dot(MbeSym* s, MbeV3 a, MbeV3 b) {
  MbeSymId acc = mbe_sym_mul(s, a.e[0], b.e[0]);
  for (int i = 1; i < 3; i++) {
    MbeSymId p = mbe_sym_mul(s, a.e[i], b.e[i]);
    acc = mbe_sym_add(s, acc, p);
  }
  return acc;
}

MbeSymId mbe_v3_norm(MbeSym* s, MbeV3 a) {
  MbeSymId d = mbe_v3_dot(s, a, a);
  return mbe_sym_fn(s, MBE_SYM_SQRT, d);
}

MbeV3 mbe_v3_normalize(MbeSym* s, MbeV3 a) {
  MbeSymId n = mbe_v3_norm(s, a);
  MbeV3 r;
  for (int i = 0; i < 3; i++) {
    r.e[i] = mbe_sym_div(s, a.e[i], n);
  }
  return r;
}

MbeM3 mbe_m3_zero(void) {
  MbeM3 z;
  for (int i = 0; i < 9; i++) {
    z.e[i] = 0;
  }
  return z;
}

MbeM3 mbe_m3_identity(MbeSym* s) {
  MbeM3 r;
  MbeSymId one = mbe_sym_const(s, 1.0);
  for (int i = 0; i < 9; i++) {
    r.e[i] = (i % 4 == 0) ? one : 0;
  }
  return r;
}

MbeM3 mbe_m3_transpose(MbeM3 a) {
  MbeM3 r;
  for (int i = 0; i < 3; i++) {
    for (int j = 0; j < 3; j++) {
      r.e[3 * i + j] = a.e[3 * j + i];
    }
  }
  return r;
}

MbeM3 mbe_m3_mul(MbeSym* s, MbeM3 a, MbeM3 b) {
  MbeM3 r;
  for (int i = 0; i < 3; i++) {
    for (int j = 0; j < 3; j++) {
      MbeSymId acc = mbe_sym_mul(s, a.e[3 * i], b.e[j]);
      for (int k = 1; k < 3; k++) {
        MbeSymId p = mbe_sym_mul(s, a.e[3 * i + k], b.e[3 * k + j]);
        acc = mbe_sym_add(s, acc, p);
      }
      r.e[3 * i + j] = acc;
    }
  }
  return r;
}

MbeV3 mbe_m3_mulv(MbeSym* s, MbeM3 a, MbeV3 v) {
  MbeV3 r;
  for (int i = 0; i < 3; i++) {
    MbeSymId acc = mbe_sym_mul(s, a.e[3 * i], v.e[0]);
    for (int k = 1; k < 3; k++) {
      MbeSymId p = mbe_sym_mul(s, a.e[3 * i + k], v.e[k]);
      acc = mbe_sym_add(s, acc, p);
    }
    r.e[i] = acc;
  }
  return r;
}

MbeV3 mbe_m3_tmulv(MbeSym* s, MbeM3 a, MbeV3 v) {
  return mbe_m3_mulv(s, mbe_m3_transpose(a), v);
}

MbeV3 mbe_m3_col(MbeM3 a, int j) {
  MbeV3 r = {{a.e[j], a.e[3 + j], a.e[6 + j]}};
  return r;
}

MbeM3 mbe_m3_planar(MbeSym* s, MbeV3 e, MbeSymId phi) {
  // the MSL's Frames.planarRotation: e e^T + (I - e e^T) cos - skew(e) sin, so that an axis
  // along a coordinate direction keeps its exact 1 and 0 entries
  MbeSymId c = mbe_sym_fn(s, MBE_SYM_COS, phi);
  MbeSymId sn = mbe_sym_fn(s, MBE_SYM_SIN, phi);
  MbeSymId one = mbe_sym_const(s, 1.0);
  MbeM3 r;
  for (int i = 0; i < 3; i++) {
    for (int j = 0; j < 3; j++) {
      MbeSymId ee = mbe_sym_mul(s, e.e[i], e.e[j]);
      MbeSymId t;
      if (i == j) {
        MbeSymId ie = mbe_sym_sub(s, one, ee);
        MbeSymId iec = mbe_sym_mul(s, ie, c);
        t = mbe_sym_add(s, ee, iec);
      } else {
        MbeSymId eec = mbe_sym_mul(s, ee, c);  // (I - e e^T)[i][j] cos = -e_i e_j cos
        t = mbe_sym_sub(s, ee, eec);
        // skew(e)[i][j]: (0,1) = -e3, (0,2) = e2, (1,0) = e3, (1,2) = -e1, (2,0) = -e2, (2,1) = e1
        int k = 3 - i - j;
        bool is_pos = (j == (i + 2) % 3);  // skew[i][(i+2)%3] = +e[(i+1)%3]
        MbeSymId es = mbe_sym_mul(s, e.e[k], sn);
        t = is_pos ? mbe_sym_sub(s, t, es) : mbe_sym_add(s, t, es);
      }
      r.e[3 * i + j] = t;
    }
  }
  return r;
}

MbeM3 mbe_m3_axis(MbeSym* s, int axis, MbeSymId angle) {
  MbeSymId c = mbe_sym_fn(s, MBE_SYM_COS, angle);
  MbeSymId sn = mbe_sym_fn(s, MBE_SYM_SIN, angle);
  MbeSymId msn = mbe_sym_neg(s, sn);
  MbeSymId one = mbe_sym_const(s, 1.0);
  MbeM3 r;
  for (int i = 0; i < 9; i++) {
    r.e[i] = 0;
  }
  int a = axis - 1, b = axis % 3, d = (axis + 1) % 3;  // a: the axis, (b, d) the plane
  r.e[3 * a + a] = one;
  r.e[3 * b + b] = c;
  r.e[3 * d + d] = c;
  r.e[3 * b + d] = sn;
  r.e[3 * d + b] = msn;
  return r;
}

MbeM3 mbe_m3_axes(MbeSym* s, const int seq[3], const MbeSymId angles[3]) {
  MbeM3 a1 = mbe_m3_axis(s, seq[0], angles[0]);
  MbeM3 a2 = mbe_m3_axis(s, seq[1], angles[1]);
  MbeM3 a3 = mbe_m3_axis(s, seq[2], angles[2]);
  MbeM3 a21 = mbe_m3_mul(s, a2, a1);
  return mbe_m3_mul(s, a3, a21);
}

MbeM3 mbe_m3_axes_jacobian(MbeSym* s, const int seq[3], const MbeSymId angles[3]) {
  MbeM3 a2 = mbe_m3_axis(s, seq[1], angles[1]);
  MbeM3 a3 = mbe_m3_axis(s, seq[2], angles[2]);
  MbeV3 u1 = mbe_m3_col(mbe_m3_identity(s), seq[0] - 1);
  MbeV3 u2 = mbe_m3_col(mbe_m3_identity(s), seq[1] - 1);
  MbeV3 u3 = mbe_m3_col(mbe_m3_identity(s), seq[2] - 1);
  MbeV3 a2u1 = mbe_m3_mulv(s, a2, u1);
  MbeV3 c1 = mbe_m3_mulv(s, a3, a2u1);
  MbeV3 c2 = mbe_m3_mulv(s, a3, u2);
  MbeM3 r;
  for (int i = 0; i < 3; i++) {
    r.e[3 * i] = c1.e[i];
    r.e[3 * i + 1] = c2.e[i];
    r.e[3 * i + 2] = u3.e[i];
  }
  return r;
}

// one candidate of mbe_m3_to_q: the square root taken of paux (branch k of mbe_num_to_q)
static void to_q_branch(MbeSym* s, const MbeSymId* T, int k, MbeSymId paux, MbeSymId q[4]) {
  // paux >= 1 where the branch is taken; the floor keeps the others finite
  MbeSymId tiny = mbe_sym_const(s, 1e-300);
  MbeSymId pf = mbe_sym_op(s, MBE_SYM_MAX, paux, tiny, 0);
  MbeSymId root = mbe_sym_fn(s, MBE_SYM_SQRT, pf);
  MbeSymId p = mbe_sym_div(s, root, mbe_sym_const(s, 2.0));
  MbeSymId p4 = mbe_sym_mul(s, mbe_sym_const(s, 4.0), p);
  MbeSymId f = mbe_sym_div(s, mbe_sym_const(s, 1.0), p4);
  // the other three components: sums (+) or differences (-) of off-diagonal pairs, times f
  static const int pair[4][3][3] = {
      {{-1, -1, 0}, {1, 3, 1}, {2, 6, 1}},    // k 0: q1 = p, q2 = (T1 + T3) f, q3 = (T2 + T6) f
      {{3, 1, 1}, {-1, -1, 0}, {5, 7, 1}},    // k 1: q1 = (T3 + T1) f, q2 = p, q3 = (T5 + T7) f
      {{6, 2, 1}, {7, 5, 1}, {-1, -1, 0}},    // k 2: q1 = (T6 + T2) f, q2 = (T7 + T5) f, q3 = p
      {{5, 7, -1}, {6, 2, -1}, {1, 3, -1}}};  // k 3: q1..q3 = (T5 - T7, T6 - T2, T1 - T3) f
  static const int last[4][3] = {{5, 7, -1}, {6, 2, -1}, {1, 3, -1}, {-1, -1, 0}};
  for (int i = 0; i < 4; i++) {
    const int* pr = i < 3 ? pair[k][i] : last[k];
    if (pr[0] < 0) {
      q[i] = p;
      continue;
    }
    MbeSymId d =
        pr[2] > 0 ? mbe_sym_add(s, T[pr[0]], T[pr[1]]) : mbe_sym_sub(s, T[pr[0]], T[pr[1]]);
    q[i] = mbe_sym_mul(s, d, f);
  }
}

void mbe_m3_to_q(MbeSym* s, MbeM3 T, MbeSymId q[4]) {
  // the four candidates of mbe_num_to_q: 1 + 2 T_ii - tr, 1 + tr
  MbeSymId one = mbe_sym_const(s, 1.0), two = mbe_sym_const(s, 2.0);
  MbeSymId t01 = mbe_sym_add(s, T.e[0], T.e[4]);
  MbeSymId tr = mbe_sym_add(s, t01, T.e[8]);
  MbeSymId paux[4];
  for (int i = 0; i < 3; i++) {
    MbeSymId d = mbe_sym_mul(s, two, T.e[4 * i]);
    MbeSymId a = mbe_sym_add(s, one, d);
    paux[i] = mbe_sym_sub(s, a, tr);
  }
  paux[3] = mbe_sym_add(s, one, tr);

  // the largest candidate's branch (the first of equal ones), as mbe_num_to_q picks it
  MbeSymId best = paux[0];
  to_q_branch(s, T.e, 0, paux[0], q);
  for (int k = 1; k < 4; k++) {
    MbeSymId c[4];
    to_q_branch(s, T.e, k, paux[k], c);
    MbeSymId pick = mbe_sym_sub(s, paux[k], best);  // > 0 exactly when paux[k] > best
    for (int i = 0; i < 4; i++) {
      q[i] = mbe_sym_op(s, MBE_SYM_SELECT, pick, c[i], q[i]);
    }
    best = mbe_sym_op(s, MBE_SYM_SELECT, pick, paux[k], best);
  }

  // the sign with q4 >= 0
  MbeSymId neg = mbe_sym_neg(s, q[3]);
  for (int i = 0; i < 4; i++) {
    MbeSymId m = mbe_sym_neg(s, q[i]);
    q[i] = mbe_sym_op(s, MBE_SYM_SELECT, neg, m, q[i]);
  }
}

MbeM3 mbe_m3_from_q(MbeSym* s, const MbeSymId q[4]) {
  // T = (2 q4^2 - 1) I + 2 (v v^T - q4 skew(v)), v = q[0..2]
  MbeSymId two = mbe_sym_const(s, 2.0);
  MbeSymId one = mbe_sym_const(s, 1.0);
  MbeSymId q44 = mbe_sym_mul(s, q[3], q[3]);
  MbeSymId q44x2 = mbe_sym_mul(s, two, q44);
  MbeSymId diag = mbe_sym_sub(s, q44x2, one);
  MbeM3 r;
  for (int i = 0; i < 3; i++) {
    for (int j = 0; j < 3; j++) {
      MbeSymId vv = mbe_sym_mul(s, q[i], q[j]);
      MbeSymId t = vv;
      if (i != j) {
        int k = 3 - i - j;
        bool is_pos = (j == (i + 2) % 3);  // skew(v)[i][(i+2)%3] = +v[(i+1)%3]
        MbeSymId qs = mbe_sym_mul(s, q[3], q[k]);
        t = is_pos ? mbe_sym_sub(s, vv, qs) : mbe_sym_add(s, vv, qs);
      }
      MbeSymId t2 = mbe_sym_mul(s, two, t);
      r.e[3 * i + j] = (i == j) ? mbe_sym_add(s, t2, diag) : t2;
    }
  }
  return r;
}

// atan2(-(e x v1) . v2, v1 . v2 - (e . v1)(e . v2)): the angle about e from v1 to v2
static MbeSymId planar_angle(MbeSym* s, MbeV3 e, MbeV3 v1, MbeV3 v2) {
  MbeV3 c = mbe_v3_cross(s, e, v1);
  MbeSymId y0 = mbe_v3_dot(s, c, v2);
  MbeSymId y = mbe_sym_neg(s, y0);
  MbeSymId d = mbe_v3_dot(s, v1, v2);
  MbeSymId ev1 = mbe_v3_dot(s, e, v1);
  MbeSymId ev2 = mbe_v3_dot(s, e, v2);
  MbeSymId p = mbe_sym_mul(s, ev1, ev2);
  MbeSymId x = mbe_sym_sub(s, d, p);
  return mbe_sym_op(s, MBE_SYM_ATAN2, y, x, 0);
}

void mbe_m3_axes_angles(MbeSym* s, MbeM3 T, const int seq[3], MbeSymId guess, MbeSymId out[3]) {
  MbeM3 I = mbe_m3_identity(s);
  MbeV3 e1 = mbe_m3_col(I, seq[0] - 1);
  MbeV3 e2 = mbe_m3_col(I, seq[1] - 1);
  MbeV3 e3_2 = mbe_m3_col(I, seq[2] - 1);
  int r = seq[2] - 1;
  MbeV3 e3_1 = {{T.e[3 * r], T.e[3 * r + 1], T.e[3 * r + 2]}};  // row seq[3] of T
  MbeSymId A = mbe_v3_dot(s, e2, e3_1);
  MbeV3 e12 = mbe_v3_cross(s, e1, e2);
  MbeSymId B = mbe_v3_dot(s, e12, e3_1);
  MbeSymId mB = mbe_sym_neg(s, B);
  MbeSymId mA = mbe_sym_neg(s, A);
  MbeSymId a1a = mbe_sym_op(s, MBE_SYM_ATAN2, A, mB, 0);
  MbeSymId a1b = mbe_sym_op(s, MBE_SYM_ATAN2, mA, B, 0);
  MbeSymId da0 = mbe_sym_sub(s, a1a, guess);
  MbeSymId da = mbe_sym_fn(s, MBE_SYM_ABS, da0);
  MbeSymId db0 = mbe_sym_sub(s, a1b, guess);
  MbeSymId db = mbe_sym_fn(s, MBE_SYM_ABS, db0);
  MbeSymId pick = mbe_sym_sub(s, da, db);  // > 0: b is nearer
  MbeSymId a1 = mbe_sym_op(s, MBE_SYM_SELECT, pick, a1b, a1a);
  // |A| <= 1e-12 and |B| <= 1e-12: the first angle is undetermined, take the guess
  MbeSymId absA = mbe_sym_fn(s, MBE_SYM_ABS, A);
  MbeSymId absB = mbe_sym_fn(s, MBE_SYM_ABS, B);
  MbeSymId big = mbe_sym_op(s, MBE_SYM_MAX, absA, absB, 0);
  MbeSymId tiny = mbe_sym_const(s, 1e-12);
  MbeSymId gap = mbe_sym_sub(s, big, tiny);
  out[0] = mbe_sym_op(s, MBE_SYM_SELECT, gap, a1, guess);
  MbeM3 T1a = mbe_m3_planar(s, e1, out[0]);
  MbeV3 v = mbe_m3_mulv(s, T1a, e3_1);  // resolve2(T_1a, e3_1)
  out[1] = planar_angle(s, e2, v, e3_2);
  MbeV3 w1 = mbe_m3_tmulv(s, T1a, e2);  // resolve1(T_1a, e2_1a)
  MbeV3 w2 = mbe_m3_mulv(s, T, w1);     // resolve2(T, .)
  out[2] = planar_angle(s, e3_2, e2, w2);
}

MbeV3 mbe_m3_solve(MbeSym* s, MbeM3 A, MbeV3 b) {
  // adj(A) rows are the cross products of A's columns: A^-1 = [c2 x c3; c3 x c1; c1 x c2] / det
  MbeV3 c1 = mbe_m3_col(A, 0), c2 = mbe_m3_col(A, 1), c3 = mbe_m3_col(A, 2);
  MbeV3 r1 = mbe_v3_cross(s, c2, c3);
  MbeV3 r2 = mbe_v3_cross(s, c3, c1);
  MbeV3 r3 = mbe_v3_cross(s, c1, c2);
  MbeSymId det = mbe_v3_dot(s, c1, r1);
  MbeSymId inv = mbe_sym_div(s, mbe_sym_const(s, 1.0), det);
  MbeSymId x1 = mbe_v3_dot(s, r1, b);
  MbeSymId x2 = mbe_v3_dot(s, r2, b);
  MbeSymId x3 = mbe_v3_dot(s, r3, b);
  MbeV3 x = {{mbe_sym_mul(s, x1, inv), 0, 0}};
  x.e[1] = mbe_sym_mul(s, x2, inv);
  x.e[2] = mbe_sym_mul(s, x3, inv);
  return x;
}

/* ---- numeric ---------------------------------------------------------------------------- */

void mbe_num_planar(const double e[3], double phi, double T[9]) {
  // the kernels' cos and sin, as mbe_planar's nodes compute them
  double c = mbe_sym_apply(MBE_SYM_COS, phi, 0, 0), sn = mbe_sym_apply(MBE_SYM_SIN, phi, 0, 0);
  double sk[9] = {0, -e[2], e[1], e[2], 0, -e[0], -e[1], e[0], 0};
  for (int i = 0; i < 3; i++) {
    for (int j = 0; j < 3; j++) {
      double ee = e[i] * e[j];
      T[3 * i + j] = ee + ((i == j ? 1 : 0) - ee) * c - sk[3 * i + j] * sn;
    }
  }
}

static void num_normalize(double v[3]) {
  double n = sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
  for (int i = 0; i < 3; i++) {
    v[i] /= n;
  }
}

static void num_cross(const double a[3], const double b[3], double c[3]) {
  double r[3] = {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
  for (int i = 0; i < 3; i++) {
    c[i] = r[i];
  }
}

void mbe_num_from_nxy(const double n_x[3], const double n_y[3], double T[9]) {
  // MSL 4.x Frames.from_nxy
  double ex[3] = {1, 0, 0}, ey[3] = {0, 1, 0}, ez[3], t[3];
  double lx = sqrt(n_x[0] * n_x[0] + n_x[1] * n_x[1] + n_x[2] * n_x[2]);
  double ly = sqrt(n_y[0] * n_y[0] + n_y[1] * n_y[1] + n_y[2] * n_y[2]);
  if (lx >= 1e-10) {
    for (int i = 0; i < 3; i++) {
      ex[i] = n_x[i] / lx;
    }
  }
  if (ly >= 1e-10) {
    for (int i = 0; i < 3; i++) {
      ey[i] = n_y[i] / ly;
    }
  }
  num_cross(ex, ey, t);
  if (t[0] * t[0] + t[1] * t[1] + t[2] * t[2] <= 1e-6) {
    if (fabs(ex[0]) > 1e-6) {
      ey[0] = 0, ey[1] = 1, ey[2] = 0;
    } else {
      ey[0] = 1, ey[1] = 0, ey[2] = 0;
    }
  }
  num_cross(ex, ey, ez);
  num_normalize(ez);
  num_cross(ez, ex, t);
  for (int j = 0; j < 3; j++) {
    T[j] = ex[j];
    T[3 + j] = t[j];
    T[6 + j] = ez[j];
  }
}

MbeM3 mbe_m3_from_nxy(MbeSym* s, MbeV3 n_x, MbeV3 n_y, const double nx0[3], const double ny0[3]) {
  // the branches of Frames.from_nxy (near-zero or parallel vectors) as the nominal vectors take
  // them, so constant vectors give mbe_num_from_nxy's numbers
  double lx = sqrt(nx0[0] * nx0[0] + nx0[1] * nx0[1] + nx0[2] * nx0[2]);
  double ly = sqrt(ny0[0] * ny0[0] + ny0[1] * ny0[1] + ny0[2] * ny0[2]);
  double ex0[3] = {1, 0, 0}, ey0[3] = {0, 1, 0}, t0[3];
  for (int i = 0; i < 3; i++) {
    ex0[i] = lx >= 1e-10 ? nx0[i] / lx : ex0[i];
    ey0[i] = ly >= 1e-10 ? ny0[i] / ly : ey0[i];
  }
  num_cross(ex0, ey0, t0);
  bool parallel = t0[0] * t0[0] + t0[1] * t0[1] + t0[2] * t0[2] <= 1e-6;
  static const double X[3] = {1, 0, 0}, Y[3] = {0, 1, 0};
  MbeV3 ex = lx >= 1e-10 ? mbe_v3_normalize(s, n_x) : mbe_v3_const(s, X);
  MbeV3 ey = ly >= 1e-10 ? mbe_v3_normalize(s, n_y) : mbe_v3_const(s, Y);
  if (parallel) {
    ey = mbe_v3_const(s, fabs(ex0[0]) > 1e-6 ? Y : X);
  }
  MbeV3 z = mbe_v3_cross(s, ex, ey);
  MbeV3 ez = mbe_v3_normalize(s, z);
  MbeV3 t = mbe_v3_cross(s, ez, ex);
  MbeM3 T;
  for (int j = 0; j < 3; j++) {
    T.e[j] = ex.e[j];
    T.e[3 + j] = t.e[j];
    T.e[6 + j] = ez.e[j];
  }
  return T;
}

void mbe_num_to_q(const double T[9], double q[4]) {
  // the largest of the four candidates first (numerically safe), then the sign with q4 >= 0
  double tr = T[0] + T[4] + T[8];
  double paux[4] = {1 + 2 * T[0] - tr, 1 + 2 * T[4] - tr, 1 + 2 * T[8] - tr, 1 + tr};
  int k = 0;
  for (int i = 1; i < 4; i++) {
    if (paux[i] > paux[k]) {
      k = i;
    }
  }
  double p = sqrt(paux[k]) / 2;
  double f = 1 / (4 * p);
  if (k == 3) {
    q[0] = (T[5] - T[7]) * f, q[1] = (T[6] - T[2]) * f, q[2] = (T[1] - T[3]) * f, q[3] = p;
  } else if (k == 0) {
    q[0] = p, q[1] = (T[1] + T[3]) * f, q[2] = (T[2] + T[6]) * f, q[3] = (T[5] - T[7]) * f;
  } else if (k == 1) {
    q[0] = (T[3] + T[1]) * f, q[1] = p, q[2] = (T[5] + T[7]) * f, q[3] = (T[6] - T[2]) * f;
  } else {
    q[0] = (T[6] + T[2]) * f, q[1] = (T[7] + T[5]) * f, q[2] = p, q[3] = (T[1] - T[3]) * f;
  }
  if (q[3] < 0) {
    for (int i = 0; i < 4; i++) {
      q[i] = -q[i];
    }
  }
}

bool mbe_num_solve3(const double A[9], const double b[3], double x[3]) {
  double det = A[0] * (A[4] * A[8] - A[5] * A[7]) - A[1] * (A[3] * A[8] - A[5] * A[6]) +
               A[2] * (A[3] * A[7] - A[4] * A[6]);
  if (!(fabs(det) > 1e-300)) {
    return false;
  }
  for (int c = 0; c < 3; c++) {
    double M[9];
    for (int i = 0; i < 9; i++) {
      M[i] = A[i];
    }
    for (int i = 0; i < 3; i++) {
      M[3 * i + c] = b[i];
    }
    x[c] = (M[0] * (M[4] * M[8] - M[5] * M[7]) - M[1] * (M[3] * M[8] - M[5] * M[6]) +
            M[2] * (M[3] * M[7] - M[4] * M[6])) /
           det;
  }
  return true;
}

void mbe_num_pivot_rows(int n, double* A, int* row) {
  for (int r = 0; r < n; r++)
    row[r] = r;
  for (int k = 0; k < n; k++) {
    int best = k;
    for (int r = k + 1; r < n; r++) {
      if (fabs(A[k * n + row[r]]) > fabs(A[k * n + row[best]]))
        best = r;
    }
    int t = row[k];
    row[k] = row[best];
    row[best] = t;
    double p = A[k * n + row[k]];
    for (int r = k + 1; r < n && p != 0; r++) {
      double f = A[k * n + row[r]] / p;
      for (int j = k; j < n; j++)
        A[j * n + row[r]] -= f * A[j * n + row[k]];
    }
  }
}

void mbe_sym_solve_dense(MbeSym* s, int n, MbeSymId* A, MbeSymId* b, MbeSymId* x) {
  for (int k = 0; k < n; k++) {
    for (int i = k + 1; i < n; i++) {
      if (A[i * n + k] == 0) {
        continue;
      }
      MbeSymId f = mbe_sym_div(s, A[i * n + k], A[k * n + k]);
      for (int c = k + 1; c < n; c++) {
        MbeSymId t = mbe_sym_mul(s, f, A[k * n + c]);
        A[i * n + c] = mbe_sym_sub(s, A[i * n + c], t);
      }
      MbeSymId t = mbe_sym_mul(s, f, b[k]);
      b[i] = mbe_sym_sub(s, b[i], t);
    }
  }
  for (int k = n - 1; k >= 0; k--) {
    MbeSymId sum = b[k];
    for (int c = k + 1; c < n; c++) {
      MbeSymId t = mbe_sym_mul(s, A[k * n + c], x[c]);
      sum = mbe_sym_sub(s, sum, t);
    }
    x[k] = mbe_sym_div(s, sum, A[k * n + k]);
  }
}

void mbe_sym_least_norm(MbeSym* s, int nc, int nk, const MbeSymId* J, MbeSymId* r, MbeSymId* A,
                        MbeSymId* z, MbeSymId* y) {
  for (int i = 0; i < nc; i++) {
    for (int j = 0; j < nc; j++) {
      MbeSymId acc = 0;
      for (int k = 0; k < nk; k++) {
        MbeSymId t = mbe_sym_mul(s, J[i * nk + k], J[j * nk + k]);
        acc = mbe_sym_add(s, acc, t);
      }
      A[i * nc + j] = acc;
    }
  }
  mbe_sym_solve_dense(s, nc, A, r, z);
  for (int k = 0; k < nk; k++) {
    MbeSymId acc = 0;
    for (int i = 0; i < nc; i++) {
      MbeSymId t = mbe_sym_mul(s, J[i * nk + k], z[i]);
      acc = mbe_sym_add(s, acc, t);
    }
    y[k] = acc;
  }
}
