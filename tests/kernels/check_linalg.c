// SPDX-License-Identifier: Apache-2.0
// Tests of kernels/math/mbe_vec3.h, mbe_mat3.h and mbe_quat.h compiled as C (double): algebraic
// identities, MSL Frames conventions against independent constructions, and quaternion kinematics.
#include <math.h>

#include "math/mbe_mat3.h"
#include "math/mbe_quat.h"
#include "math/mbe_vec3.h"
#include "mbe_check.h"

#define TOL 1e-14 // a few ulp-multiples on quantities of order one
#define PI 3.14159265358979323846

// ---------------------------------------------------------------------------------------------
// helpers

static void ck_vec3_near(MbeVec3 a, MbeVec3 b, double tol) {
  MBE_CK_NEAR(a.x, b.x, 0.0, tol);
  MBE_CK_NEAR(a.y, b.y, 0.0, tol);
  MBE_CK_NEAR(a.z, b.z, 0.0, tol);
}

static void ck_vec3_eq(MbeVec3 a, MbeVec3 b) {
  ck_assert(a.x == b.x);
  ck_assert(a.y == b.y);
  ck_assert(a.z == b.z);
}

static void ck_mat3_near(MbeMat3 a, MbeMat3 b, double tol) {
  MBE_CK_NEAR(a.m11, b.m11, 0.0, tol);
  MBE_CK_NEAR(a.m12, b.m12, 0.0, tol);
  MBE_CK_NEAR(a.m13, b.m13, 0.0, tol);
  MBE_CK_NEAR(a.m21, b.m21, 0.0, tol);
  MBE_CK_NEAR(a.m22, b.m22, 0.0, tol);
  MBE_CK_NEAR(a.m23, b.m23, 0.0, tol);
  MBE_CK_NEAR(a.m31, b.m31, 0.0, tol);
  MBE_CK_NEAR(a.m32, b.m32, 0.0, tol);
  MBE_CK_NEAR(a.m33, b.m33, 0.0, tol);
}

static void ck_mat3_eq(MbeMat3 a, MbeMat3 b) {
  ck_assert(a.m11 == b.m11 && a.m12 == b.m12 && a.m13 == b.m13);
  ck_assert(a.m21 == b.m21 && a.m22 == b.m22 && a.m23 == b.m23);
  ck_assert(a.m31 == b.m31 && a.m32 == b.m32 && a.m33 == b.m33);
}

static void ck_quat_near(MbeQuat a, MbeQuat b, double tol) {
  MBE_CK_NEAR(a.x, b.x, 0.0, tol);
  MBE_CK_NEAR(a.y, b.y, 0.0, tol);
  MBE_CK_NEAR(a.z, b.z, 0.0, tol);
  MBE_CK_NEAR(a.w, b.w, 0.0, tol);
}

// T orthonormal and proper: T T^T = T^T T = I, det T = +1
static void ck_rotation(MbeMat3 t) {
  ck_mat3_near(mbe_mat3_mul_t(t, t), mbe_mat3_identity(), TOL);
  ck_mat3_near(mbe_mat3_tmul(t, t), mbe_mat3_identity(), TOL);
  MBE_CK_NEAR(mbe_mat3_det(t), 1.0, 0.0, TOL);
}

// a deterministic spread of vectors with mixed signs and magnitudes
static const double k_vecs[][3] = {
    {1.0, 2.0, 3.0},   {-0.5, 0.25, 4.0}, {0.3, -1.7, 0.9}, {2.5, 0.0, -1.25},
    {-3.0, -2.0, 1.5}, {1e-3, 7.0, -2.0}, {0.6, 0.8, 0.0},  {-1.1, 0.2, -0.05},
};
#define NVEC ((int)(sizeof k_vecs / sizeof k_vecs[0]))

static MbeVec3 vec_k(int k) {
  return mbe_vec3_make(k_vecs[k][0], k_vecs[k][1], k_vecs[k][2]);
}

// unit rotation axes: the coordinate axes, the diagonal, then generic directions whose largest
// component is x, y, z in turn (so that near pi each from_T branch sees all of T)
static MbeVec3 axis_k(int k) {
  static const double a[][3] = {{1.0, 0.0, 0.0},  {0.0, 1.0, 0.0},   {0.0, 0.0, 1.0},
                                {1.0, 1.0, 1.0},  {1.0, -2.0, 0.5},  {-0.3, 0.4, -0.866},
                                {0.0, -1.0, 1.0}, {0.9, 0.35, -0.25}};
  MbeVec3 v = mbe_vec3_make(a[k][0], a[k][1], a[k][2]);
  return mbe_vec3_scale(v, 1.0 / sqrt(a[k][0] * a[k][0] + a[k][1] * a[k][1] + a[k][2] * a[k][2]));
}
#define NAXIS 8

// angles spanning both branches of from_T: small, generic, and within 2 acos(0.1) of pi
static const double k_angles[] = {0.0, 1e-9, 0.3, 1.0, -2.0, 2.5, 3.0, PI - 1e-6, PI, -3.1};
#define NANGLE ((int)(sizeof k_angles / sizeof k_angles[0]))

static MbeMat3 planar_t(MbeVec3 n, double phi) {
  return mbe_mat3_planar_rotation(n, sin(phi), cos(phi));
}

static MbeQuat planar_q(MbeVec3 n, double phi) {
  return mbe_quat_from_planar_rotation(n, sin(0.5 * phi), cos(0.5 * phi));
}

// a generic rotation built without quaternions: two planar rotations about non-coordinate axes
static MbeMat3 generic_t(int k) {
  return mbe_mat3_absolute_rotation(planar_t(axis_k(k % NAXIS), 0.4 + 0.7 * k),
                                    planar_t(axis_k((k + 3) % NAXIS), -1.3 + 0.5 * k));
}

// ---------------------------------------------------------------------------------------------
// vec3

START_TEST(test_vec3_arith) {
  // small dyadic values, so every result below is exact
  MbeVec3 a = mbe_vec3_make(1.0, 2.0, 3.0);
  MbeVec3 b = mbe_vec3_make(-4.0, 0.5, 0.25);
  ck_vec3_eq(mbe_vec3_zero(), mbe_vec3_make(0.0, 0.0, 0.0));
  ck_vec3_eq(mbe_vec3_add(a, b), mbe_vec3_make(-3.0, 2.5, 3.25));
  ck_vec3_eq(mbe_vec3_sub(a, b), mbe_vec3_make(5.0, 1.5, 2.75));
  ck_vec3_eq(mbe_vec3_neg(a), mbe_vec3_make(-1.0, -2.0, -3.0));
  ck_vec3_eq(mbe_vec3_scale(a, -0.5), mbe_vec3_make(-0.5, -1.0, -1.5));
  ck_vec3_eq(mbe_vec3_madd(a, 2.0, b), mbe_vec3_make(-7.0, 3.0, 3.5));
  ck_vec3_eq(mbe_vec3_msub(a, 2.0, b), mbe_vec3_make(9.0, 1.0, 2.5));
  ck_vec3_eq(mbe_vec3_mul(a, b), mbe_vec3_make(-4.0, 1.0, 0.75));
  ck_assert(mbe_vec3_dot(a, b) == -2.25);
  ck_assert(mbe_vec3_norm2(a) == 14.0);
  ck_assert(mbe_vec3_norm(mbe_vec3_make(2.0, -3.0, 6.0)) == 7.0);

  // axis unit vectors (MSL Frames.axis)
  ck_vec3_eq(mbe_vec3_axis(1), mbe_vec3_make(1.0, 0.0, 0.0));
  ck_vec3_eq(mbe_vec3_axis(2), mbe_vec3_make(0.0, 1.0, 0.0));
  ck_vec3_eq(mbe_vec3_axis(3), mbe_vec3_make(0.0, 0.0, 1.0));

  // madd is a product then a sum: no fused rounding (0.1*3 + -0.3 is not 0 when rounded twice)
  MbeVec3 m = mbe_vec3_madd(mbe_vec3_make(-0.3, 0.0, 0.0), 0.1, mbe_vec3_make(3.0, 0.0, 0.0));
  volatile double p = 0.1 * 3.0;
  ck_assert(m.x == p + -0.3);
}
END_TEST

START_TEST(test_vec3_cross) {
  MbeVec3 e1 = mbe_vec3_axis(1), e2 = mbe_vec3_axis(2), e3 = mbe_vec3_axis(3);

  // right-handed basis
  ck_vec3_eq(mbe_vec3_cross(e1, e2), e3);
  ck_vec3_eq(mbe_vec3_cross(e2, e3), e1);
  ck_vec3_eq(mbe_vec3_cross(e3, e1), e2);

  for (int i = 0; i < NVEC; i++) {
    for (int j = 0; j < NVEC; j++) {
      MbeVec3 a = vec_k(i), b = vec_k(j), c = vec_k((i + j + 1) % NVEC);
      MbeVec3 axb = mbe_vec3_cross(a, b);
      double na = mbe_vec3_norm(a), nb = mbe_vec3_norm(b), nc = mbe_vec3_norm(c);

      // anticommutative, bit for bit (each component is the negated difference of equal products)
      ck_vec3_eq(axb, mbe_vec3_neg(mbe_vec3_cross(b, a)));

      // orthogonal to both factors
      MBE_CK_NEAR(mbe_vec3_dot(axb, a), 0.0, 0.0, TOL * na * na * nb);
      MBE_CK_NEAR(mbe_vec3_dot(axb, b), 0.0, 0.0, TOL * na * nb * nb);

      // Lagrange: |a x b|^2 = |a|^2 |b|^2 - (a.b)^2
      double ab = mbe_vec3_dot(a, b);
      MBE_CK_NEAR(mbe_vec3_norm2(axb), na * na * nb * nb - ab * ab, 0.0, TOL * na * na * nb * nb);

      // Jacobi: a x (b x c) + b x (c x a) + c x (a x b) = 0
      MbeVec3 jac = mbe_vec3_add(mbe_vec3_add(mbe_vec3_cross(a, mbe_vec3_cross(b, c)),
                                              mbe_vec3_cross(b, mbe_vec3_cross(c, a))),
                                 mbe_vec3_cross(c, axb));
      ck_vec3_near(jac, mbe_vec3_zero(), TOL * na * nb * nc);

      // skew(a) b is the cross product, bit for bit
      ck_vec3_eq(mbe_mat3_mul_vec(mbe_mat3_skew(a), b), axb);

      // bac-cab: a x (b x c) = b (a.c) - c (a.b)
      MbeVec3 bac = mbe_vec3_sub(mbe_vec3_scale(b, mbe_vec3_dot(a, c)), mbe_vec3_scale(c, ab));
      ck_vec3_near(mbe_vec3_cross(a, mbe_vec3_cross(b, c)), bac, TOL * na * nb * nc);
    }
  }
}
END_TEST

START_TEST(test_vec3_normalize) {
  // regular vectors: unit length, same direction
  for (int i = 0; i < NVEC; i++) {
    MbeVec3 v = vec_k(i);
    MbeVec3 u = mbe_vec3_normalize(v);
    MBE_CK_NEAR(mbe_vec3_norm(u), 1.0, 0.0, TOL);
    ck_vec3_near(mbe_vec3_scale(u, mbe_vec3_norm(v)), v, TOL * mbe_vec3_norm(v));
  }

  // below eps = 1e-13 the result is v/eps (MSL Vectors.normalize), finite and continuous
  MbeVec3 tiny = mbe_vec3_make(3e-14, -4e-14, 0.0);
  ck_vec3_eq(mbe_vec3_normalize(tiny), mbe_vec3_make(3e-14 / 1e-13, -4e-14 / 1e-13, 0.0));
  ck_vec3_eq(mbe_vec3_normalize(mbe_vec3_zero()), mbe_vec3_zero());
  MbeVec3 at_eps = mbe_vec3_make(1e-13, 0.0, 0.0);
  ck_vec3_near(mbe_vec3_normalize(at_eps), mbe_vec3_make(1.0, 0.0, 0.0), TOL);

  // an explicit eps
  MbeVec3 small = mbe_vec3_make(0.0, 0.5, 0.0);
  ck_vec3_eq(mbe_vec3_normalize_eps(small, 2.0), mbe_vec3_make(0.0, 0.25, 0.0));
  ck_vec3_eq(mbe_vec3_normalize_eps(small, 0.1), mbe_vec3_make(0.0, 1.0, 0.0));
}
END_TEST

// ---------------------------------------------------------------------------------------------
// mat3

START_TEST(test_mat3_algebra) {
  MbeMat3 a = mbe_mat3_make(1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 10.0);
  MbeMat3 b = mbe_mat3_make(-1.0, 0.5, 2.0, 0.0, 3.0, -2.0, 1.0, 1.0, 0.25);
  MbeVec3 v = mbe_vec3_make(1.0, -2.0, 0.5);

  // product by hand (exact in binary)
  MbeMat3 ab = mbe_mat3_make(2.0, 9.5, -1.25, 2.0, 23.0, -0.5, 3.0, 37.5, 0.5);
  ck_mat3_eq(mbe_mat3_mul(a, b), ab);
  ck_mat3_eq(mbe_mat3_mul(mbe_mat3_identity(), a), a);
  ck_mat3_eq(mbe_mat3_mul(a, mbe_mat3_identity()), a);
  ck_mat3_eq(mbe_mat3_mul(a, mbe_mat3_zero()), mbe_mat3_zero());

  // transposed forms agree with explicit transposes
  ck_mat3_eq(mbe_mat3_transpose(mbe_mat3_transpose(a)), a);
  ck_mat3_eq(mbe_mat3_mul_t(a, b), mbe_mat3_mul(a, mbe_mat3_transpose(b)));
  ck_mat3_eq(mbe_mat3_tmul(a, b), mbe_mat3_mul(mbe_mat3_transpose(a), b));
  ck_mat3_eq(mbe_mat3_transpose(mbe_mat3_mul(a, b)),
             mbe_mat3_mul(mbe_mat3_transpose(b), mbe_mat3_transpose(a)));
  ck_vec3_eq(mbe_mat3_mul_vec(a, v), mbe_vec3_make(-1.5, -3.0, -4.0));
  ck_vec3_eq(mbe_mat3_tmul_vec(a, v), mbe_mat3_mul_vec(mbe_mat3_transpose(a), v));

  // add, sub, scale
  ck_mat3_eq(mbe_mat3_sub(mbe_mat3_add(a, b), b), a);
  ck_mat3_eq(mbe_mat3_add(a, a), mbe_mat3_scale(a, 2.0));
  ck_mat3_eq(mbe_mat3_sub(a, a), mbe_mat3_zero());

  // rows, columns, diagonal
  MbeVec3 r1 = mbe_vec3_make(1.0, 2.0, 3.0), r2 = mbe_vec3_make(4.0, 5.0, 6.0);
  MbeVec3 r3 = mbe_vec3_make(7.0, 8.0, 10.0);
  ck_mat3_eq(mbe_mat3_from_rows(r1, r2, r3), a);
  ck_mat3_eq(mbe_mat3_from_cols(r1, r2, r3), mbe_mat3_transpose(a));
  for (mbe_int i = 1; i <= 3; i++) {
    MbeVec3 ei = mbe_vec3_axis(i);
    ck_vec3_eq(mbe_mat3_row(a, i), mbe_mat3_tmul_vec(a, ei));
    ck_vec3_eq(mbe_mat3_col(a, i), mbe_mat3_mul_vec(a, ei));
  }
  ck_vec3_eq(mbe_mat3_mul_vec(mbe_mat3_diag(r1), v), mbe_vec3_mul(r1, v));

  // determinant and trace: det(A) = -3 by cofactors, det(AB) = det(A) det(B), trace linear
  ck_assert(mbe_mat3_det(a) == -3.0);
  ck_assert(mbe_mat3_det(mbe_mat3_identity()) == 1.0);
  MBE_CK_NEAR(mbe_mat3_det(mbe_mat3_mul(a, b)), mbe_mat3_det(a) * mbe_mat3_det(b), 1e-15, 0.0);
  ck_assert(mbe_mat3_det(mbe_mat3_transpose(a)) == mbe_mat3_det(a));
  ck_assert(mbe_mat3_trace(a) == 16.0);
  ck_assert(mbe_mat3_trace(ab) == mbe_mat3_trace(mbe_mat3_mul(b, a)));

  // skew: antisymmetric, singular, skew(a) skew(b) = b a^T - (a.b) I; outer(a, b) c = a (b.c)
  for (int i = 0; i < NVEC; i++) {
    MbeVec3 p = vec_k(i), q = vec_k((i + 3) % NVEC), c = vec_k((i + 5) % NVEC);
    double npq = mbe_vec3_norm(p) * mbe_vec3_norm(q), npqc = npq * mbe_vec3_norm(c);
    MbeMat3 sp = mbe_mat3_skew(p);
    ck_mat3_eq(mbe_mat3_transpose(sp), mbe_mat3_skew(mbe_vec3_neg(p)));
    MBE_CK_NEAR(mbe_mat3_det(sp), 0.0, 0.0, TOL);
    MbeMat3 ss =
        mbe_mat3_sub(mbe_mat3_outer(q, p), mbe_mat3_scale(mbe_mat3_identity(), mbe_vec3_dot(p, q)));
    ck_mat3_near(mbe_mat3_mul(sp, mbe_mat3_skew(q)), ss, TOL * npq);
    ck_vec3_near(mbe_mat3_mul_vec(mbe_mat3_outer(p, q), c), mbe_vec3_scale(p, mbe_vec3_dot(q, c)),
                 TOL * npqc);
  }
}
END_TEST

START_TEST(test_mat3_planar_rotation) {
  for (int k = 0; k < NAXIS; k++) {
    MbeVec3 n = axis_k(k);
    for (int j = 0; j < NANGLE; j++) {
      double phi = k_angles[j];
      MbeMat3 t = planar_t(n, phi);
      ck_rotation(t);

      // the axis is the same vector in both frames
      ck_vec3_near(mbe_mat3_resolve2(t, n), n, TOL);

      // angles add about a common axis; the inverse is the rotation by -phi
      double psi = 0.77 - 0.1 * j;
      ck_mat3_near(mbe_mat3_absolute_rotation(t, planar_t(n, psi)), planar_t(n, phi + psi), TOL);
      ck_mat3_near(mbe_mat3_inverse_rotation(t), planar_t(n, -phi), TOL);

      // first order: T = I - phi skew(n) + O(phi^2), checked on a small angle
      double eps = 1e-7;
      MbeMat3 lin = mbe_mat3_sub(mbe_mat3_identity(), mbe_mat3_scale(mbe_mat3_skew(n), eps));
      ck_mat3_near(planar_t(n, eps), lin, eps * eps);
    }
  }

  // frame 2 turned +90 deg about z: x2 = y1 and y2 = -x1, so x1 = -y2 resolved in frame 2 and
  // the rows of T are the frame-2 axes resolved in frame 1
  MbeMat3 tz = mbe_mat3_planar_rotation(mbe_vec3_axis(3), 1.0, 0.0);
  ck_vec3_eq(mbe_mat3_resolve2(tz, mbe_vec3_axis(1)), mbe_vec3_make(0.0, -1.0, 0.0));
  ck_vec3_eq(mbe_mat3_resolve1(tz, mbe_vec3_axis(1)), mbe_vec3_make(0.0, 1.0, 0.0));
  ck_vec3_eq(mbe_mat3_resolve1(tz, mbe_vec3_axis(2)), mbe_vec3_make(-1.0, 0.0, 0.0));
  ck_vec3_eq(mbe_mat3_row(tz, 1), mbe_vec3_axis(2));
}
END_TEST

START_TEST(test_mat3_axis_rotation) {
  for (int j = 0; j < NANGLE; j++) {
    double s = sin(k_angles[j]), c = cos(k_angles[j]);
    for (mbe_int ax = 1; ax <= 3; ax++) {
      MbeMat3 t = mbe_mat3_axis_rotation(ax, s, c);
      ck_rotation(t);

      // planarRotation about a coordinate axis is the elementary matrix, bit for bit
      ck_mat3_eq(mbe_mat3_planar_rotation(mbe_vec3_axis(ax), s, c), t);
    }

    // the listed MSL elements
    ck_mat3_eq(mbe_mat3_axis_rotation(1, s, c),
               mbe_mat3_make(1.0, 0.0, 0.0, 0.0, c, s, 0.0, -s, c));
    ck_mat3_eq(mbe_mat3_axis_rotation(2, s, c),
               mbe_mat3_make(c, 0.0, -s, 0.0, 1.0, 0.0, s, 0.0, c));
    ck_mat3_eq(mbe_mat3_axis_rotation(3, s, c),
               mbe_mat3_make(c, s, 0.0, -s, c, 0.0, 0.0, 0.0, 1.0));
  }
}
END_TEST

// the 12 valid sequences: no axis repeated back to back
static const mbe_int k_sequences[12][3] = {{1, 2, 3}, {1, 3, 2}, {2, 1, 3}, {2, 3, 1},
                                           {3, 1, 2}, {3, 2, 1}, {1, 2, 1}, {1, 3, 1},
                                           {2, 1, 2}, {2, 3, 2}, {3, 1, 3}, {3, 2, 3}};

START_TEST(test_mat3_axes_rotations) {
  const mbe_int* seq = k_sequences[_i];
  static const double ang[][3] = {{0.3, -0.7, 1.9},
                                  {2.9, 1.2, -3.0},
                                  {-0.01, 0.02, 0.03},
                                  {PI, 0.5 * PI, -PI},
                                  {1.0, 0.0, 0.0}};
  for (int j = 0; j < (int)(sizeof ang / sizeof ang[0]); j++) {
    const double* a = ang[j];
    MbeMat3 t = mbe_mat3_axes_rotations(seq[0], seq[1], seq[2], sin(a[0]), cos(a[0]), sin(a[1]),
                                        cos(a[1]), sin(a[2]), cos(a[2]));
    ck_rotation(t);

    // intrinsic sequence composed as quaternions: Q = Q1 (x) Q2 (x) Q3 about e_seq[k]
    MbeQuat q = mbe_quat_identity();
    for (int k = 0; k < 3; k++) {
      q = mbe_quat_absolute_rotation(q, planar_q(mbe_vec3_axis(seq[k]), a[k]));
    }
    ck_mat3_near(t, mbe_quat_to_mat3(q), TOL);

    // the first rotation is about axis seq[0] of the start frame: with the later angles zero,
    // that axis keeps its coordinates
    MbeMat3 t1 =
        mbe_mat3_axes_rotations(seq[0], seq[1], seq[2], sin(a[0]), cos(a[0]), 0.0, 1.0, 0.0, 1.0);
    ck_vec3_eq(mbe_mat3_resolve2(t1, mbe_vec3_axis(seq[0])), mbe_vec3_axis(seq[0]));

    // the last rotation is about axis seq[2] of the final frame: T e_seq[2] of frame 2 is that of
    // the frame before the last rotation
    MbeMat3 t12 = mbe_mat3_axes_rotations(seq[0], seq[1], seq[2], sin(a[0]), cos(a[0]), sin(a[1]),
                                          cos(a[1]), 0.0, 1.0);
    MbeVec3 e3 = mbe_vec3_axis(seq[2]);
    ck_vec3_near(mbe_mat3_resolve1(t, e3), mbe_mat3_resolve1(t12, e3), TOL);
  }

  // small angles: T = I - skew(phi1 e1 + phi2 e2 + phi3 e3) to first order
  double eps = 1e-7;
  MbeMat3 ts = mbe_mat3_axes_rotations(seq[0], seq[1], seq[2], sin(eps), cos(eps), sin(-2.0 * eps),
                                       cos(-2.0 * eps), sin(3.0 * eps), cos(3.0 * eps));
  MbeVec3 phi = mbe_vec3_scale(mbe_vec3_axis(seq[0]), eps);
  phi = mbe_vec3_madd(phi, -2.0 * eps, mbe_vec3_axis(seq[1]));
  phi = mbe_vec3_madd(phi, 3.0 * eps, mbe_vec3_axis(seq[2]));
  ck_mat3_near(ts, mbe_mat3_sub(mbe_mat3_identity(), mbe_mat3_skew(phi)), 20.0 * eps * eps);
}
END_TEST

START_TEST(test_mat3_frames_consistency) {
  for (int k = 0; k < 6; k++) {
    MbeMat3 t01 = generic_t(k), t12 = generic_t(k + 1);
    MbeMat3 t02 = mbe_mat3_absolute_rotation(t01, t12);
    ck_rotation(t02);

    // absolute then relative gives back the relative rotation, and vice versa
    ck_mat3_near(mbe_mat3_relative_rotation(t01, t02), t12, TOL);
    ck_mat3_near(mbe_mat3_absolute_rotation(t01, mbe_mat3_relative_rotation(t01, t12)), t12, TOL);

    // a rotation followed by its inverse is the null rotation; relative to itself too
    ck_mat3_near(mbe_mat3_absolute_rotation(t12, mbe_mat3_inverse_rotation(t12)),
                 mbe_mat3_identity(), TOL);
    ck_mat3_near(mbe_mat3_relative_rotation(t02, t02), mbe_mat3_identity(), TOL);

    // resolve: a vector resolved twice is resolved once through the product
    MbeVec3 v0 = vec_k(k);
    double nv = mbe_vec3_norm(v0);
    MbeVec3 v1 = mbe_mat3_resolve2(t01, v0);
    MbeVec3 v2 = mbe_mat3_resolve2(t12, v1);
    ck_vec3_near(mbe_mat3_resolve2(t02, v0), v2, TOL * nv);
    ck_vec3_near(mbe_mat3_resolve1(t01, v1), v0, TOL * nv);
    MBE_CK_NEAR(mbe_vec3_norm(v2), nv, 0.0, TOL * nv);
    ck_vec3_near(mbe_mat3_resolve_relative(t01, t02, v1), v2, TOL * nv);

    // dyades: D1 v1 = resolve1(D2 resolve2(v1)), and resolveDyade2 undoes resolveDyade1
    MbeMat3 d2 = mbe_mat3_add(mbe_mat3_diag(mbe_vec3_make(1.0, 2.0, 3.5)),
                              mbe_mat3_outer(vec_k(k + 1), vec_k(k + 1)));
    MbeMat3 d1 = mbe_mat3_resolve_dyade1(t12, d2);
    double nd = 100.0;
    ck_vec3_near(mbe_mat3_mul_vec(d1, v1),
                 mbe_mat3_resolve1(t12, mbe_mat3_mul_vec(d2, mbe_mat3_resolve2(t12, v1))),
                 TOL * nd * nv);
    ck_mat3_near(mbe_mat3_resolve_dyade2(t12, d1), d2, TOL * nd);
    MBE_CK_NEAR(mbe_mat3_trace(d1), mbe_mat3_trace(d2), 0.0, TOL * nd);
  }
}
END_TEST

// ---------------------------------------------------------------------------------------------
// quat

// which MSL from_T branch T takes: 4 = scalar part, else the index of the largest c_i
static int from_t_branch(MbeMat3 t) {
  double c1 = 1.0 + t.m11 - t.m22 - t.m33, c2 = 1.0 + t.m22 - t.m11 - t.m33;
  double c3 = 1.0 + t.m33 - t.m11 - t.m22, c4 = 1.0 + t.m11 + t.m22 + t.m33;
  if (c4 > 0.04 || (c4 > c1 && c4 > c2 && c4 > c3)) {
    return 4;
  } else if (c1 > c2 && c1 > c3 && c1 > c4) {
    return 1;
  } else if (c2 > c1 && c2 > c3 && c2 > c4) {
    return 2;
  }
  return 3;
}

START_TEST(test_quat_mat3_roundtrip) {
  int hits[5] = {0, 0, 0, 0, 0}; // branches taken for axes with several nonzero components
  for (int k = 0; k < NAXIS; k++) {
    MbeVec3 n = axis_k(k);
    for (int j = 0; j < NANGLE; j++) {
      double phi = k_angles[j];
      MbeQuat q = planar_q(n, phi);
      MBE_CK_NEAR(mbe_quat_norm(q), 1.0, 0.0, TOL);

      // to_T of the planar quaternion is planarRotation (half-angle versus full-angle inputs)
      MbeMat3 t = mbe_quat_to_mat3(q);
      ck_mat3_near(t, planar_t(n, phi), TOL);
      ck_rotation(t);

      // from_T recovers Q with the sign of the guess, either way round, in unit length
      int branch = from_t_branch(t);
      if (k >= 3) {
        hits[branch]++;
      }

      // MSL takes the square root in that branch: the chosen component is sqrt(c_i)/2 bit for bit
      // (the scalar part is preferred while c4 > 0.04, e.g. 2.5 rad about e_x where c1 > c4)
      MbeQuat qb = mbe_quat_from_mat3(t, mbe_quat_identity());
      double cb[5] = {0.0, 1.0 + t.m11 - t.m22 - t.m33, 1.0 + t.m22 - t.m11 - t.m33,
                      1.0 + t.m33 - t.m11 - t.m22, 1.0 + t.m11 + t.m22 + t.m33};
      double qcomp[5] = {0.0, qb.x, qb.y, qb.z, qb.w};
      ck_assert(fabs(qcomp[branch]) == sqrt(cb[branch]) / 2.0);
      ck_quat_near(mbe_quat_from_mat3(t, q), q, TOL);
      ck_quat_near(mbe_quat_from_mat3(t, mbe_quat_neg(q)), mbe_quat_neg(q), TOL);
      MbeQuat qi = mbe_quat_from_mat3(t, mbe_quat_identity());
      ck_assert(qi.w >= 0.0);
      MBE_CK_NEAR(mbe_quat_norm(qi), 1.0, 0.0, TOL);
      ck_mat3_near(mbe_quat_to_mat3(qi), t, TOL);
    }
  }

  // every branch of from_T was taken with all of T nonzero: near pi, the largest component of n
  // selects c1, c2 or c3
  ck_assert_int_gt(hits[1], 0);
  ck_assert_int_gt(hits[2], 0);
  ck_assert_int_gt(hits[3], 0);
  ck_assert_int_gt(hits[4], 0);

  // matrices not built from a quaternion: T -> Q -> T
  for (int k = 0; k < 12; k++) {
    MbeMat3 t = generic_t(k);
    MbeQuat q = mbe_quat_from_mat3(t, mbe_quat_identity());
    MBE_CK_NEAR(mbe_quat_norm(q), 1.0, 0.0, TOL);
    ck_mat3_near(mbe_quat_to_mat3(q), t, TOL);
  }
}
END_TEST

START_TEST(test_quat_products) {
  for (int k = 0; k < 8; k++) {
    MbeQuat q1 = planar_q(axis_k(k % NAXIS), 0.5 + 0.9 * k);
    MbeQuat q2 = planar_q(axis_k((k + 2) % NAXIS), -2.2 + 0.6 * k);
    MbeMat3 t1 = mbe_quat_to_mat3(q1), t2 = mbe_quat_to_mat3(q2);

    // the Hamilton product composes frame rotations: T(q1 (x) q2) = T(q2) T(q1)
    MbeQuat q12 = mbe_quat_mul(q1, q2);
    ck_mat3_near(mbe_quat_to_mat3(q12), mbe_mat3_mul(t2, t1), TOL);
    MBE_CK_NEAR(mbe_quat_norm(q12), 1.0, 0.0, TOL);

    // absolute and relative rotations agree with the matrix versions and with the product
    MbeQuat qa = mbe_quat_absolute_rotation(q1, q2);
    ck_quat_near(qa, q12, TOL);
    ck_mat3_near(mbe_quat_to_mat3(qa), mbe_mat3_absolute_rotation(t1, t2), TOL);
    MbeQuat qr = mbe_quat_relative_rotation(q1, q2);
    ck_quat_near(qr, mbe_quat_mul(mbe_quat_conj(q1), q2), TOL);
    ck_mat3_near(mbe_quat_to_mat3(qr), mbe_mat3_relative_rotation(t1, t2), TOL);
    ck_quat_near(mbe_quat_relative_rotation(q1, qa), q2, TOL);
    MBE_CK_NEAR(mbe_quat_orientation_constraint(qr), 0.0, 0.0, TOL);

    // the inverse rotation has the transposed matrix and undoes q1
    ck_mat3_near(mbe_quat_to_mat3(mbe_quat_inverse_rotation(q1)), mbe_mat3_transpose(t1), TOL);
    ck_quat_near(mbe_quat_mul(q1, mbe_quat_inverse_rotation(q1)), mbe_quat_identity(), TOL);

    // resolve1/resolve2 agree with T and invert each other
    MbeVec3 v = vec_k(k);
    double nv = mbe_vec3_norm(v);
    ck_vec3_near(mbe_quat_resolve2(q1, v), mbe_mat3_resolve2(t1, v), TOL * nv);
    ck_vec3_near(mbe_quat_resolve1(q1, v), mbe_mat3_resolve1(t1, v), TOL * nv);
    ck_vec3_near(mbe_quat_resolve1(q1, mbe_quat_resolve2(q1, v)), v, TOL * nv);

    // equality constraint: zero for the same orientation, half the small angles otherwise
    ck_vec3_near(mbe_quat_equality_constraint(q1, q1), mbe_vec3_zero(), TOL);
    ck_vec3_near(mbe_quat_equality_constraint(q1, mbe_quat_neg(mbe_quat_neg(q1))), mbe_vec3_zero(),
                 TOL);
    MbeVec3 dphi = mbe_vec3_make(2e-6, -4e-6, 1e-6);
    MbeQuat qs =
        mbe_quat_absolute_rotation(q1, planar_q(mbe_vec3_normalize(dphi), mbe_vec3_norm(dphi)));
    ck_vec3_near(mbe_quat_equality_constraint(q1, qs), mbe_vec3_scale(dphi, 0.5), TOL);
  }

  // normalize: scaled quaternions come back, zero gives the null rotation, NaN stays NaN
  MbeQuat q = planar_q(axis_k(4), 1.234);
  ck_quat_near(mbe_quat_normalize(mbe_quat_make(3.0 * q.x, 3.0 * q.y, 3.0 * q.z, 3.0 * q.w)), q,
               TOL);
  ck_quat_near(mbe_quat_normalize(mbe_quat_make(0.0, 0.0, 0.0, 0.0)), mbe_quat_identity(), 0.0);
  MbeQuat qn = mbe_quat_normalize(mbe_quat_make(NAN, 0.0, 0.0, 1.0));
  ck_assert(qn.x != qn.x && qn.w != qn.w);
  MBE_CK_NEAR(mbe_quat_orientation_constraint(mbe_quat_make(0.0, 0.6, 0.0, 0.8)), 0.0, 0.0, TOL);
  ck_assert(mbe_quat_orientation_constraint(mbe_quat_make(1.0, 0.0, 0.0, 1.0)) == 1.0);
}
END_TEST

// a rotation history: frame 2 = frame 1 turned about e_a by alpha(t), then about n_b (in the
// intermediate frame) by beta(t)
static double hist_alpha(double t) {
  return 0.7 * sin(1.3 * t) + 0.2 * t;
}
static double hist_dalpha(double t) {
  return 0.91 * cos(1.3 * t) + 0.2;
}
static double hist_beta(double t) {
  return 1.1 * t + 0.4 * cos(2.0 * t);
}
static double hist_dbeta(double t) {
  return 1.1 - 0.8 * sin(2.0 * t);
}
static MbeVec3 hist_ea(void) {
  return axis_k(4);
}
static MbeVec3 hist_nb(void) {
  return axis_k(5);
}
static MbeQuat hist_q(double t) {
  return mbe_quat_absolute_rotation(planar_q(hist_ea(), hist_alpha(t)),
                                    planar_q(hist_nb(), hist_beta(t)));
}
static MbeMat3 hist_t(double t) {
  return mbe_mat3_absolute_rotation(planar_t(hist_ea(), hist_alpha(t)),
                                    planar_t(hist_nb(), hist_beta(t)));
}

// angular velocity of frame 2 in frame 2: w = T_b (e_a alpha') + n_b beta'
// (Frames.absoluteRotation)
static MbeVec3 hist_w2(double t) {
  MbeVec3 wa = mbe_vec3_scale(hist_ea(), hist_dalpha(t));
  return mbe_vec3_madd(mbe_mat3_resolve2(planar_t(hist_nb(), hist_beta(t)), wa), hist_dbeta(t),
                       hist_nb());
}

// analytic der(Q): product rule on Q_a (x) Q_b, der(Q_n(phi)) = {n cos(phi/2), -sin(phi/2)} phi'/2
static MbeQuat hist_dq(double t) {
  double a = hist_alpha(t), b = hist_beta(t);
  MbeVec3 ea = hist_ea(), nb = hist_nb();
  double da = 0.5 * hist_dalpha(t), db = 0.5 * hist_dbeta(t);
  MbeQuat dqa = mbe_quat_make(ea.x * cos(0.5 * a) * da, ea.y * cos(0.5 * a) * da,
                              ea.z * cos(0.5 * a) * da, -sin(0.5 * a) * da);
  MbeQuat dqb = mbe_quat_make(nb.x * cos(0.5 * b) * db, nb.y * cos(0.5 * b) * db,
                              nb.z * cos(0.5 * b) * db, -sin(0.5 * b) * db);
  MbeQuat p1 = mbe_quat_mul(dqa, planar_q(nb, b)), p2 = mbe_quat_mul(planar_q(ea, a), dqb);
  return mbe_quat_make(p1.x + p2.x, p1.y + p2.y, p1.z + p2.z, p1.w + p2.w);
}

// fourth-order central difference weights at t-2h, t-h, t+h, t+2h, divided by 12h
static const double k_fd_w[4] = {1.0, -8.0, 8.0, -1.0};
static const double k_fd_o[4] = {-2.0, -1.0, 1.0, 2.0};

START_TEST(test_quat_kinematics) {
  const double h = 1e-3;
  for (int k = 0; k < 9; k++) {
    double t = -1.0 + 0.55 * k;
    MbeQuat q = hist_q(t);
    MbeMat3 tm = hist_t(t);
    MbeVec3 w2 = hist_w2(t);

    // the truth w2 satisfies the MSL definition skew(w) = T der(T^T) (finite difference of T)
    MbeMat3 dtt = mbe_mat3_zero();
    MbeQuat dq_fd = mbe_quat_make(0.0, 0.0, 0.0, 0.0);
    for (int i = 0; i < 4; i++) {
      double c = k_fd_w[i] / (12.0 * h);
      MbeQuat qi = hist_q(t + k_fd_o[i] * h);
      dtt = mbe_mat3_add(dtt, mbe_mat3_scale(mbe_mat3_transpose(hist_t(t + k_fd_o[i] * h)), c));
      dq_fd = mbe_quat_make(dq_fd.x + c * qi.x, dq_fd.y + c * qi.y, dq_fd.z + c * qi.z,
                            dq_fd.w + c * qi.w);
    }
    ck_mat3_near(mbe_mat3_mul(tm, dtt), mbe_mat3_skew(w2), 1e-10);
    ck_mat3_near(mbe_quat_to_mat3(q), tm, TOL);

    // der(Q) from w2 against the finite difference and the analytic product rule
    MbeQuat dq = mbe_quat_derivative2(q, w2);
    ck_quat_near(dq, dq_fd, 1e-10);
    ck_quat_near(dq, hist_dq(t), TOL);

    // w recovered from der(Q), in frame 2 and in frame 1
    ck_vec3_near(mbe_quat_angular_velocity2(q, hist_dq(t)), w2, TOL);
    MbeVec3 w1 = mbe_mat3_resolve1(tm, w2);
    ck_vec3_near(mbe_quat_angular_velocity1(q, hist_dq(t)), w1, TOL);
    ck_quat_near(mbe_quat_derivative1(q, w1), dq, TOL);

    // round trips for arbitrary w, and |Q| is a first integral: Q . der(Q) = 0, G Q = 0
    MbeVec3 w = vec_k(k % NVEC);
    double nw = mbe_vec3_norm(w);
    ck_vec3_near(mbe_quat_angular_velocity2(q, mbe_quat_derivative2(q, w)), w, TOL * nw);
    ck_vec3_near(mbe_quat_angular_velocity1(q, mbe_quat_derivative1(q, w)), w, TOL * nw);
    MBE_CK_NEAR(mbe_quat_dot(q, mbe_quat_derivative2(q, w)), 0.0, 0.0, TOL * nw);
    MBE_CK_NEAR(mbe_quat_dot(q, mbe_quat_derivative1(q, w)), 0.0, 0.0, TOL * nw);
    ck_vec3_near(mbe_quat_angular_velocity2(q, q), mbe_vec3_zero(), TOL);
    ck_vec3_near(mbe_quat_angular_velocity1(q, q), mbe_vec3_zero(), TOL);
  }
}
END_TEST

// der(Q) = derivative2(Q, w2) for a body-fixed constant w2 = omega n: Q(t) = Q0 (x) Q_n(omega t)
static MbeQuat rk4_rhs(MbeQuat q, MbeVec3 w2) {
  return mbe_quat_derivative2(q, w2);
}
static MbeQuat quat_axpy(MbeQuat y, double a, MbeQuat x) {
  return mbe_quat_make(y.x + a * x.x, y.y + a * x.y, y.z + a * x.z, y.w + a * x.w);
}

START_TEST(test_quat_integrate) {
  MbeVec3 n = axis_k(5);
  double omega = 2.3;
  MbeVec3 w2 = mbe_vec3_scale(n, omega);
  MbeQuat q0 = planar_q(axis_k(4), 0.8);
  MbeQuat q = q0;
  const int nstep = 1000;
  const double h = 1.0 / nstep;
  for (int s = 0; s < nstep; s++) {
    MbeQuat k1 = rk4_rhs(q, w2);
    MbeQuat k2 = rk4_rhs(quat_axpy(q, 0.5 * h, k1), w2);
    MbeQuat k3 = rk4_rhs(quat_axpy(q, 0.5 * h, k2), w2);
    MbeQuat k4 = rk4_rhs(quat_axpy(q, h, k3), w2);
    q = quat_axpy(q, h / 6.0, k1);
    q = quat_axpy(q, h / 3.0, k2);
    q = quat_axpy(q, h / 3.0, k3);
    q = quat_axpy(q, h / 6.0, k4);
  }

  // body-fixed rotation: absoluteRotation(Q0, planar(n, omega t)), not the other order
  MbeQuat exact = mbe_quat_absolute_rotation(q0, planar_q(n, omega * 1.0));
  ck_quat_near(q, exact, 1e-11);
  MbeQuat other = mbe_quat_absolute_rotation(planar_q(n, omega * 1.0), q0);
  ck_assert(fabs(q.x - other.x) + fabs(q.y - other.y) + fabs(q.z - other.z) > 1e-3);
  MBE_CK_NEAR(mbe_quat_norm(q), 1.0, 0.0, 1e-11);
}
END_TEST

static Suite* make_linalg_suite(void) {
  Suite* s = suite_create("linalg");

  TCase* tc = mbe_tcase_create("vec3");
  tcase_add_test(tc, test_vec3_arith);
  tcase_add_test(tc, test_vec3_cross);
  tcase_add_test(tc, test_vec3_normalize);
  suite_add_tcase(s, tc);

  tc = mbe_tcase_create("mat3");
  tcase_add_test(tc, test_mat3_algebra);
  tcase_add_test(tc, test_mat3_planar_rotation);
  tcase_add_test(tc, test_mat3_axis_rotation);
  tcase_add_loop_test(tc, test_mat3_axes_rotations, 0, 12);
  tcase_add_test(tc, test_mat3_frames_consistency);
  suite_add_tcase(s, tc);

  tc = mbe_tcase_create("quat");
  tcase_add_test(tc, test_quat_mat3_roundtrip);
  tcase_add_test(tc, test_quat_products);
  tcase_add_test(tc, test_quat_kinematics);
  tcase_add_test(tc, test_quat_integrate);
  suite_add_tcase(s, tc);
  return s;
}

MbeSuiteFactory* const mbe_check_suites[] = {make_linalg_suite, NULL};
