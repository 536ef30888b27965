// SPDX-License-Identifier: Apache-2.0
// MbeVec3: the 3-vector value type of the shared numerics (C11 and OpenCL C 1.2), passed and
// returned by value. Pure arithmetic only: no trigonometry, no frames (see mbe_mat3.h, mbe_quat.h).
#ifndef MBE_VEC3_H
#define MBE_VEC3_H

#include "mbe_real.h"

// a vector of three reals; which frame it is resolved in is stated where it is used
typedef struct MbeVec3 {
  mbe_real x;
  mbe_real y;
  mbe_real z;
} MbeVec3;

// default eps of Modelica.Math.Vectors.normalize: 100*Modelica.Constants.eps = 100*1e-15
#define MBE_VEC3_NORMALIZE_EPS MBE_R(1.0e-13)

// Returns the vector {x, y, z}.
MBE_FN MbeVec3 mbe_vec3_make(mbe_real x, mbe_real y, mbe_real z) {
  MbeVec3 r;
  r.x = x;
  r.y = y;
  r.z = z;
  return r;
}

// Returns the zero vector.
MBE_FN MbeVec3 mbe_vec3_zero(void) {
  return mbe_vec3_make(MBE_R(0.0), MBE_R(0.0), MBE_R(0.0));
}

// Returns the unit vector of axis 1, 2 or 3 (MSL Frames.axis: any other value gives e_z).
MBE_FN MbeVec3 mbe_vec3_axis(mbe_int axis) {
  if (axis == 1) {
    return mbe_vec3_make(MBE_R(1.0), MBE_R(0.0), MBE_R(0.0));
  } else if (axis == 2) {
    return mbe_vec3_make(MBE_R(0.0), MBE_R(1.0), MBE_R(0.0));
  }
  return mbe_vec3_make(MBE_R(0.0), MBE_R(0.0), MBE_R(1.0));
}

// Returns a + b.
MBE_FN MbeVec3 mbe_vec3_add(MbeVec3 a, MbeVec3 b) {
  return mbe_vec3_make(a.x + b.x, a.y + b.y, a.z + b.z);
}

// Returns a - b.
MBE_FN MbeVec3 mbe_vec3_sub(MbeVec3 a, MbeVec3 b) {
  return mbe_vec3_make(a.x - b.x, a.y - b.y, a.z - b.z);
}

// Returns -a.
MBE_FN MbeVec3 mbe_vec3_neg(MbeVec3 a) {
  return mbe_vec3_make(-a.x, -a.y, -a.z);
}

// Returns s * a.
MBE_FN MbeVec3 mbe_vec3_scale(MbeVec3 a, mbe_real s) {
  return mbe_vec3_make(s * a.x, s * a.y, s * a.z);
}

// Returns a + s * b, rounded as a product then a sum (no fused multiply-add).
MBE_FN MbeVec3 mbe_vec3_madd(MbeVec3 a, mbe_real s, MbeVec3 b) {
  return mbe_vec3_make(a.x + s * b.x, a.y + s * b.y, a.z + s * b.z);
}

// Returns a - s * b, rounded as a product then a difference (no fused multiply-add).
MBE_FN MbeVec3 mbe_vec3_msub(MbeVec3 a, mbe_real s, MbeVec3 b) {
  return mbe_vec3_make(a.x - s * b.x, a.y - s * b.y, a.z - s * b.z);
}

// Returns the component-wise product {a.x*b.x, a.y*b.y, a.z*b.z} (e.g. a diagonal inertia times w).
MBE_FN MbeVec3 mbe_vec3_mul(MbeVec3 a, MbeVec3 b) {
  return mbe_vec3_make(a.x * b.x, a.y * b.y, a.z * b.z);
}

// Returns the dot product a . b, summed x, y, z from left to right.
MBE_FN mbe_real mbe_vec3_dot(MbeVec3 a, MbeVec3 b) {
  return a.x * b.x + a.y * b.y + a.z * b.z;
}

// Returns the cross product a x b (right-handed; both resolved in the same frame).
MBE_FN MbeVec3 mbe_vec3_cross(MbeVec3 a, MbeVec3 b) {
  return mbe_vec3_make(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
}

// Returns the squared Euclidean length a . a.
MBE_FN mbe_real mbe_vec3_norm2(MbeVec3 a) {
  return mbe_vec3_dot(a, a);
}

// Returns the Euclidean length |a| = sqrt(a . a) (no scaling against overflow, as MSL length).
MBE_FN mbe_real mbe_vec3_norm(MbeVec3 a) {
  return mbe_sqrt(mbe_vec3_dot(a, a));
}

// Returns v/|v| if |v| >= eps, else v/eps (MSL Modelica.Math.Vectors.normalize(v, eps)).
MBE_FN MbeVec3 mbe_vec3_normalize_eps(MbeVec3 v, mbe_real eps) {
  mbe_real len = mbe_vec3_norm(v);

  // the guard keeps the result continuous and finite through v = 0
  mbe_real d = len >= eps ? len : eps;
  return mbe_vec3_make(v.x / d, v.y / d, v.z / d);
}

// Returns v/|v|, or v/1e-13 when |v| < 1e-13 (MSL Vectors.normalize with its default eps).
MBE_FN MbeVec3 mbe_vec3_normalize(MbeVec3 v) {
  return mbe_vec3_normalize_eps(v, MBE_VEC3_NORMALIZE_EPS);
}

#endif
