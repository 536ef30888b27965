// SPDX-License-Identifier: Apache-2.0
// MbeQuat: quaternion orientation objects in the MSL Frames.Quaternions convention
// Q = {n sin(phi/2), cos(phi/2)} (scalar last), their link to T (mbe_mat3.h) and kinematics.
#ifndef MBE_QUAT_H
#define MBE_QUAT_H

#include "math/mbe_mat3.h"
#include "math/mbe_vec3.h"
#include "mbe_real.h"

// rotation of frame 1 into frame 2: x, y, z = Q[1..3] = n sin(phi/2), w = Q[4] = cos(phi/2);
// Q and -Q describe the same rotation
typedef struct MbeQuat {
  mbe_real x;
  mbe_real y;
  mbe_real z;
  mbe_real w;
} MbeQuat;

// from_T takes the scalar-part branch while c4 = 4 Q4^2 > c4limit = 4*p4limit*p4limit with
// p4limit = 0.1, written as MSL writes it (in double 0.04000000000000001, not the literal 0.04)
#define MBE_QUAT_C4LIMIT (MBE_R(4.0) * MBE_R(0.1) * MBE_R(0.1))

// Returns the quaternion {x, y, z, w} (w is the scalar part Q[4]).
MBE_FN MbeQuat mbe_quat_make(mbe_real x, mbe_real y, mbe_real z, mbe_real w) {
  MbeQuat q;
  q.x = x;
  q.y = y;
  q.z = z;
  q.w = w;
  return q;
}

// Returns {0, 0, 0, 1}, the null rotation (MSL Quaternions.nullRotation).
MBE_FN MbeQuat mbe_quat_identity(void) {
  return mbe_quat_make(MBE_R(0.0), MBE_R(0.0), MBE_R(0.0), MBE_R(1.0));
}

// Returns the vector part Q[1..3] = n sin(phi/2).
MBE_FN MbeVec3 mbe_quat_vec(MbeQuat q) {
  return mbe_vec3_make(q.x, q.y, q.z);
}

// Returns -Q (the same rotation).
MBE_FN MbeQuat mbe_quat_neg(MbeQuat q) {
  return mbe_quat_make(-q.x, -q.y, -q.z, -q.w);
}

// Returns the 4-vector dot product a . b (Q[1..4] order, left to right).
MBE_FN mbe_real mbe_quat_dot(MbeQuat a, MbeQuat b) {
  return a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w;
}

// Returns |Q|^2 = Q . Q.
MBE_FN mbe_real mbe_quat_norm2(MbeQuat q) {
  return mbe_quat_dot(q, q);
}

// Returns |Q| = sqrt(Q . Q).
MBE_FN mbe_real mbe_quat_norm(MbeQuat q) {
  return mbe_sqrt(mbe_quat_dot(q, q));
}

// Returns Q/|Q|; the null rotation when Q = 0 (a NaN in Q stays NaN, so it is still detected).
MBE_FN MbeQuat mbe_quat_normalize(MbeQuat q) {
  mbe_real len = mbe_quat_norm(q);
  if (len == MBE_R(0.0)) {
    return mbe_quat_identity();
  }
  return mbe_quat_make(q.x / len, q.y / len, q.z / len, q.w / len);
}

// Returns the residue Q . Q - 1 of the unit-length constraint (MSL
// Quaternions.orientationConstraint).
MBE_FN mbe_real mbe_quat_orientation_constraint(MbeQuat q) {
  return mbe_quat_dot(q, q) - MBE_R(1.0);
}

// Returns {n s_half, c_half}: frame 2 rotated relative to frame 1 about the unit axis n by phi,
// s_half = sin(phi/2), c_half = cos(phi/2) (MSL Quaternions.planarRotation).
MBE_FN MbeQuat mbe_quat_from_planar_rotation(MbeVec3 n, mbe_real s_half, mbe_real c_half) {
  return mbe_quat_make(n.x * s_half, n.y * s_half, n.z * s_half, c_half);
}

// Returns the conjugate {-Q[1..3], Q[4]}.
MBE_FN MbeQuat mbe_quat_conj(MbeQuat q) {
  return mbe_quat_make(-q.x, -q.y, -q.z, q.w);
}

// Returns the rotation 2 -> 1 from the unit Q of 1 -> 2, i.e. the conjugate (MSL
// Quaternions.inverseRotation).
MBE_FN MbeQuat mbe_quat_inverse_rotation(MbeQuat q) {
  return mbe_quat_conj(q);
}

// Returns the Hamilton product a (x) b = {a4 b + b4 a + a x b, a4 b4 - a . b} (vector part first).
// In this convention T(a (x) b) = T(b) T(a): a then b, as successive frame rotations.
MBE_FN MbeQuat mbe_quat_mul(MbeQuat a, MbeQuat b) {
  return mbe_quat_make(a.w * b.x + b.w * a.x + (a.y * b.z - a.z * b.y),
                       a.w * b.y + b.w * a.y + (a.z * b.x - a.x * b.z),
                       a.w * b.z + b.w * a.z + (a.x * b.y - a.y * b.x),
                       a.w * b.w - (a.x * b.x + a.y * b.y + a.z * b.z));
}

// Returns Q02 from Q01 and the relative Q12, written as MSL Quaternions.absoluteRotation(Q1, Q_rel)
// (= Q01 (x) Q12; matches mbe_mat3_absolute_rotation on the T's).
MBE_FN MbeQuat mbe_quat_absolute_rotation(MbeQuat q01, MbeQuat q12) {
  MbeQuat a = q01, r = q12;
  return mbe_quat_make(r.w * a.x + r.z * a.y - r.y * a.z + r.x * a.w,
                       -r.z * a.x + r.w * a.y + r.x * a.z + r.y * a.w,
                       r.y * a.x - r.x * a.y + r.w * a.z + r.z * a.w,
                       -r.x * a.x - r.y * a.y - r.z * a.z + r.w * a.w);
}

// Returns the relative Q12 from Q01 and Q02, written as MSL Quaternions.relativeRotation(Q1, Q2)
// (= conj(Q01) (x) Q02; matches mbe_mat3_relative_rotation on the T's).
MBE_FN MbeQuat mbe_quat_relative_rotation(MbeQuat q01, MbeQuat q02) {
  MbeQuat a = q01, b = q02;
  mbe_real x = a.w * b.x + a.z * b.y - a.y * b.z - a.x * b.w;
  mbe_real y = -a.z * b.x + a.w * b.y + a.x * b.z - a.y * b.w;
  mbe_real z = a.y * b.x - a.x * b.y + a.w * b.z - a.z * b.w;
  mbe_real w = a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w;
  return mbe_quat_make(x, y, z, w);
}

// Returns the three residues that vanish iff Q1 and Q2 (both from frame 0) coincide: the vector
// part of relativeRotation, about half the small rotation angles from frame 1 to frame 2 (MSL
// Quaternions.Orientation.equalityConstraint).
MBE_FN MbeVec3 mbe_quat_equality_constraint(MbeQuat q1, MbeQuat q2) {
  MbeQuat r = mbe_quat_relative_rotation(q1, q2);
  return mbe_vec3_make(r.x, r.y, r.z);
}

// Returns v2 = T(Q) v1 = 2((Q4^2 - 1/2) v1 + (q . v1) q - Q4 q x v1), q = Q[1..3]: a vector of
// frame 1 resolved in frame 2 (MSL Quaternions.resolve2).
MBE_FN MbeVec3 mbe_quat_resolve2(MbeQuat q, MbeVec3 v1) {
  MbeVec3 qv = mbe_quat_vec(q);
  MbeVec3 r = mbe_vec3_scale(v1, q.w * q.w - MBE_R(0.5));
  r = mbe_vec3_madd(r, mbe_vec3_dot(qv, v1), qv);
  r = mbe_vec3_msub(r, q.w, mbe_vec3_cross(qv, v1));
  return mbe_vec3_scale(r, MBE_R(2.0));
}

// Returns v1 = T(Q)^T v2 = 2((Q4^2 - 1/2) v2 + (q . v2) q + Q4 q x v2): a vector of frame 2
// resolved in frame 1 (MSL Quaternions.resolve1).
MBE_FN MbeVec3 mbe_quat_resolve1(MbeQuat q, MbeVec3 v2) {
  MbeVec3 qv = mbe_quat_vec(q);
  MbeVec3 r = mbe_vec3_scale(v2, q.w * q.w - MBE_R(0.5));
  r = mbe_vec3_madd(r, mbe_vec3_dot(qv, v2), qv);
  r = mbe_vec3_madd(r, q.w, mbe_vec3_cross(qv, v2));
  return mbe_vec3_scale(r, MBE_R(2.0));
}

// Returns T = (2 Q4^2 - 1) I + 2 (q q^T - Q4 skew(q)), the transformation matrix of Q (v2 = T v1),
// element by element as MSL Frames.from_Q / Quaternions.to_T. Q must have unit length.
MBE_FN MbeMat3 mbe_quat_to_mat3(MbeQuat q) {
  MbeMat3 t;

  // diagonal: 2 (Q_i^2 + Q4^2) - 1
  t.m11 = MBE_R(2.0) * (q.x * q.x + q.w * q.w) - MBE_R(1.0);
  t.m22 = MBE_R(2.0) * (q.y * q.y + q.w * q.w) - MBE_R(1.0);
  t.m33 = MBE_R(2.0) * (q.z * q.z + q.w * q.w) - MBE_R(1.0);

  // off-diagonal: 2 (Q_i Q_j -/+ Q_k Q4)
  t.m12 = MBE_R(2.0) * (q.x * q.y + q.z * q.w);
  t.m13 = MBE_R(2.0) * (q.x * q.z - q.y * q.w);
  t.m21 = MBE_R(2.0) * (q.y * q.x - q.z * q.w);
  t.m23 = MBE_R(2.0) * (q.y * q.z + q.x * q.w);
  t.m31 = MBE_R(2.0) * (q.z * q.x + q.y * q.w);
  t.m32 = MBE_R(2.0) * (q.z * q.y - q.x * q.w);
  return t;
}

// Returns the Q of the orthonormal T (v2 = T v1), of the two solutions +-Q the one with
// Q . guess >= 0 (MSL Quaternions.from_T(T, Q_guess)): the square root is taken of the largest of
// c_i = 4 Q_i^2 (the scalar part preferred while c4 > 0.04), never of a value near zero.
MBE_FN MbeQuat mbe_quat_from_mat3(MbeMat3 t, MbeQuat guess) {
  MbeQuat q;
  mbe_real paux, paux4;

  // c1..c4 = 4 Q1^2 .. 4 Q4^2, all >= 0 and not all small
  mbe_real c1 = MBE_R(1.0) + t.m11 - t.m22 - t.m33;
  mbe_real c2 = MBE_R(1.0) + t.m22 - t.m11 - t.m33;
  mbe_real c3 = MBE_R(1.0) + t.m33 - t.m11 - t.m22;
  mbe_real c4 = MBE_R(1.0) + t.m11 + t.m22 + t.m33;

  // branch on the largest term, the others from the off-diagonal sums and differences
  if (c4 > MBE_QUAT_C4LIMIT || (c4 > c1 && c4 > c2 && c4 > c3)) {
    paux = mbe_sqrt(c4) / MBE_R(2.0);
    paux4 = MBE_R(4.0) * paux;
    q = mbe_quat_make((t.m23 - t.m32) / paux4, (t.m31 - t.m13) / paux4, (t.m12 - t.m21) / paux4,
                      paux);
  } else if (c1 > c2 && c1 > c3 && c1 > c4) {
    paux = mbe_sqrt(c1) / MBE_R(2.0);
    paux4 = MBE_R(4.0) * paux;
    q = mbe_quat_make(paux, (t.m12 + t.m21) / paux4, (t.m13 + t.m31) / paux4,
                      (t.m23 - t.m32) / paux4);
  } else if (c2 > c1 && c2 > c3 && c2 > c4) {
    paux = mbe_sqrt(c2) / MBE_R(2.0);
    paux4 = MBE_R(4.0) * paux;
    q = mbe_quat_make((t.m12 + t.m21) / paux4, paux, (t.m23 + t.m32) / paux4,
                      (t.m31 - t.m13) / paux4);
  } else {
    paux = mbe_sqrt(c3) / MBE_R(2.0);
    paux4 = MBE_R(4.0) * paux;
    q = mbe_quat_make((t.m13 + t.m31) / paux4, (t.m23 + t.m32) / paux4, paux,
                      (t.m12 - t.m21) / paux4);
  }

  // the sign closer to the guess
  if (mbe_quat_dot(q, guess) < MBE_R(0.0)) {
    q = mbe_quat_neg(q);
  }
  return q;
}

// Returns w2 = 2 G(Q) der(Q), G = [Q4, Q3, -Q2, -Q1; -Q3, Q4, Q1, -Q2; Q2, -Q1, Q4, -Q3]: the
// angular velocity of frame 2 relative to frame 1, resolved in frame 2 (MSL
// Quaternions.angularVelocity2).
MBE_FN MbeVec3 mbe_quat_angular_velocity2(MbeQuat q, MbeQuat dq) {
  return mbe_vec3_make(MBE_R(2.0) * (q.w * dq.x + q.z * dq.y - q.y * dq.z - q.x * dq.w),
                       MBE_R(2.0) * (-q.z * dq.x + q.w * dq.y + q.x * dq.z - q.y * dq.w),
                       MBE_R(2.0) * (q.y * dq.x - q.x * dq.y + q.w * dq.z - q.z * dq.w));
}

// Returns w1 = 2 G1(Q) der(Q), G1 = [Q4, -Q3, Q2, -Q1; Q3, Q4, -Q1, -Q2; -Q2, Q1, Q4, -Q3]: the
// same angular velocity resolved in frame 1 (MSL Quaternions.angularVelocity1).
MBE_FN MbeVec3 mbe_quat_angular_velocity1(MbeQuat q, MbeQuat dq) {
  return mbe_vec3_make(MBE_R(2.0) * (q.w * dq.x - q.z * dq.y + q.y * dq.z - q.x * dq.w),
                       MBE_R(2.0) * (q.z * dq.x + q.w * dq.y - q.x * dq.z - q.y * dq.w),
                       MBE_R(2.0) * (-q.y * dq.x + q.x * dq.y + q.w * dq.z - q.z * dq.w));
}

// Returns der(Q) = 1/2 G(Q)^T w2 = 1/2 Q (x) {w2, 0}, w2 the angular velocity of frame 2 relative
// to frame 1 resolved in frame 2: the kinematic ODE of quaternion states, inverse of
// mbe_quat_angular_velocity2 for unit Q (G G^T = |Q|^2 I, G Q = 0, so |Q| is a first integral).
MBE_FN MbeQuat mbe_quat_derivative2(MbeQuat q, MbeVec3 w2) {
  return mbe_quat_make(MBE_R(0.5) * (q.w * w2.x - q.z * w2.y + q.y * w2.z),
                       MBE_R(0.5) * (q.z * w2.x + q.w * w2.y - q.x * w2.z),
                       MBE_R(0.5) * (-q.y * w2.x + q.x * w2.y + q.w * w2.z),
                       MBE_R(0.5) * (-q.x * w2.x - q.y * w2.y - q.z * w2.z));
}

// Returns der(Q) = 1/2 G1(Q)^T w1 = 1/2 {w1, 0} (x) Q, w1 the same angular velocity resolved in
// frame 1: inverse of mbe_quat_angular_velocity1 for unit Q.
MBE_FN MbeQuat mbe_quat_derivative1(MbeQuat q, MbeVec3 w1) {
  return mbe_quat_make(MBE_R(0.5) * (q.w * w1.x + q.z * w1.y - q.y * w1.z),
                       MBE_R(0.5) * (-q.z * w1.x + q.w * w1.y + q.x * w1.z),
                       MBE_R(0.5) * (q.y * w1.x - q.x * w1.y + q.w * w1.z),
                       MBE_R(0.5) * (-q.x * w1.x - q.y * w1.y - q.z * w1.z));
}

#endif
