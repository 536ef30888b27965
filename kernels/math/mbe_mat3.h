// SPDX-License-Identifier: Apache-2.0
// MbeMat3: the 3x3 matrix value type (row-major, by value) and the MSL Frames operations on a
// transformation matrix T (v2 = T v1). Angles enter as their sine and cosine: no trigonometry here.
#ifndef MBE_MAT3_H
#define MBE_MAT3_H

#include "math/mbe_vec3.h"
#include "mbe_real.h"

// nine named scalars, not mbe_real m[9]: a by-value struct of scalars is split into registers by
// every OpenCL compiler, whereas an array member may be kept in private (scratch) memory and copied
// element by element on each call; the names are 1-based like MSL T[i,j] so formulas transcribe
// one to one (T[2,3] is m23) and generated code can name an element directly
typedef struct MbeMat3 {
  mbe_real m11, m12, m13; // row 1
  mbe_real m21, m22, m23; // row 2
  mbe_real m31, m32, m33; // row 3
} MbeMat3;

// Returns the matrix with the given elements, listed row by row.
MBE_FN MbeMat3 mbe_mat3_make(mbe_real m11, mbe_real m12, mbe_real m13, mbe_real m21, mbe_real m22,
                             mbe_real m23, mbe_real m31, mbe_real m32, mbe_real m33) {
  MbeMat3 r;
  r.m11 = m11;
  r.m12 = m12;
  r.m13 = m13;
  r.m21 = m21;
  r.m22 = m22;
  r.m23 = m23;
  r.m31 = m31;
  r.m32 = m32;
  r.m33 = m33;
  return r;
}

// Returns the zero matrix.
MBE_FN MbeMat3 mbe_mat3_zero(void) {
  return mbe_mat3_make(MBE_R(0.0), MBE_R(0.0), MBE_R(0.0), MBE_R(0.0), MBE_R(0.0), MBE_R(0.0),
                       MBE_R(0.0), MBE_R(0.0), MBE_R(0.0));
}

// Returns the identity I3 (also the T of MSL Frames.nullRotation).
MBE_FN MbeMat3 mbe_mat3_identity(void) {
  return mbe_mat3_make(MBE_R(1.0), MBE_R(0.0), MBE_R(0.0), MBE_R(0.0), MBE_R(1.0), MBE_R(0.0),
                       MBE_R(0.0), MBE_R(0.0), MBE_R(1.0));
}

// Returns diag(d): d.x, d.y, d.z on the diagonal, zeros elsewhere.
MBE_FN MbeMat3 mbe_mat3_diag(MbeVec3 d) {
  return mbe_mat3_make(d.x, MBE_R(0.0), MBE_R(0.0), MBE_R(0.0), d.y, MBE_R(0.0), MBE_R(0.0),
                       MBE_R(0.0), d.z);
}

// Returns the matrix whose rows are r1, r2, r3 (for a T: the frame-2 axes resolved in frame 1).
MBE_FN MbeMat3 mbe_mat3_from_rows(MbeVec3 r1, MbeVec3 r2, MbeVec3 r3) {
  return mbe_mat3_make(r1.x, r1.y, r1.z, r2.x, r2.y, r2.z, r3.x, r3.y, r3.z);
}

// Returns the matrix whose columns are c1, c2, c3.
MBE_FN MbeMat3 mbe_mat3_from_cols(MbeVec3 c1, MbeVec3 c2, MbeVec3 c3) {
  return mbe_mat3_make(c1.x, c2.x, c3.x, c1.y, c2.y, c3.y, c1.z, c2.z, c3.z);
}

// Returns row i (1, 2 or 3; any other value gives row 3) of A.
MBE_FN MbeVec3 mbe_mat3_row(MbeMat3 a, mbe_int i) {
  if (i == 1) {
    return mbe_vec3_make(a.m11, a.m12, a.m13);
  } else if (i == 2) {
    return mbe_vec3_make(a.m21, a.m22, a.m23);
  }
  return mbe_vec3_make(a.m31, a.m32, a.m33);
}

// Returns column j (1, 2 or 3; any other value gives column 3) of A.
MBE_FN MbeVec3 mbe_mat3_col(MbeMat3 a, mbe_int j) {
  if (j == 1) {
    return mbe_vec3_make(a.m11, a.m21, a.m31);
  } else if (j == 2) {
    return mbe_vec3_make(a.m12, a.m22, a.m32);
  }
  return mbe_vec3_make(a.m13, a.m23, a.m33);
}

// Returns A^T.
MBE_FN MbeMat3 mbe_mat3_transpose(MbeMat3 a) {
  return mbe_mat3_make(a.m11, a.m21, a.m31, a.m12, a.m22, a.m32, a.m13, a.m23, a.m33);
}

// Returns A + B.
MBE_FN MbeMat3 mbe_mat3_add(MbeMat3 a, MbeMat3 b) {
  return mbe_mat3_make(a.m11 + b.m11, a.m12 + b.m12, a.m13 + b.m13, a.m21 + b.m21, a.m22 + b.m22,
                       a.m23 + b.m23, a.m31 + b.m31, a.m32 + b.m32, a.m33 + b.m33);
}

// Returns A - B.
MBE_FN MbeMat3 mbe_mat3_sub(MbeMat3 a, MbeMat3 b) {
  return mbe_mat3_make(a.m11 - b.m11, a.m12 - b.m12, a.m13 - b.m13, a.m21 - b.m21, a.m22 - b.m22,
                       a.m23 - b.m23, a.m31 - b.m31, a.m32 - b.m32, a.m33 - b.m33);
}

// Returns s * A.
MBE_FN MbeMat3 mbe_mat3_scale(MbeMat3 a, mbe_real s) {
  return mbe_mat3_make(s * a.m11, s * a.m12, s * a.m13, s * a.m21, s * a.m22, s * a.m23, s * a.m31,
                       s * a.m32, s * a.m33);
}

// Returns the product A * B (each element a row-times-column sum, left to right).
MBE_FN MbeMat3 mbe_mat3_mul(MbeMat3 a, MbeMat3 b) {
  MbeMat3 r;

  // row 1 of A times the columns of B
  r.m11 = a.m11 * b.m11 + a.m12 * b.m21 + a.m13 * b.m31;
  r.m12 = a.m11 * b.m12 + a.m12 * b.m22 + a.m13 * b.m32;
  r.m13 = a.m11 * b.m13 + a.m12 * b.m23 + a.m13 * b.m33;

  // row 2
  r.m21 = a.m21 * b.m11 + a.m22 * b.m21 + a.m23 * b.m31;
  r.m22 = a.m21 * b.m12 + a.m22 * b.m22 + a.m23 * b.m32;
  r.m23 = a.m21 * b.m13 + a.m22 * b.m23 + a.m23 * b.m33;

  // row 3
  r.m31 = a.m31 * b.m11 + a.m32 * b.m21 + a.m33 * b.m31;
  r.m32 = a.m31 * b.m12 + a.m32 * b.m22 + a.m33 * b.m32;
  r.m33 = a.m31 * b.m13 + a.m32 * b.m23 + a.m33 * b.m33;
  return r;
}

// Returns A * B^T (rows of A dotted with rows of B; the transpose is only a renaming of fields).
MBE_FN MbeMat3 mbe_mat3_mul_t(MbeMat3 a, MbeMat3 b) {
  return mbe_mat3_mul(a, mbe_mat3_transpose(b));
}

// Returns A^T * B (columns of A dotted with columns of B; the transpose is only a renaming).
MBE_FN MbeMat3 mbe_mat3_tmul(MbeMat3 a, MbeMat3 b) {
  return mbe_mat3_mul(mbe_mat3_transpose(a), b);
}

// Returns A * v.
MBE_FN MbeVec3 mbe_mat3_mul_vec(MbeMat3 a, MbeVec3 v) {
  return mbe_vec3_make(a.m11 * v.x + a.m12 * v.y + a.m13 * v.z,
                       a.m21 * v.x + a.m22 * v.y + a.m23 * v.z,
                       a.m31 * v.x + a.m32 * v.y + a.m33 * v.z);
}

// Returns A^T * v without forming the transpose.
MBE_FN MbeVec3 mbe_mat3_tmul_vec(MbeMat3 a, MbeVec3 v) {
  return mbe_vec3_make(a.m11 * v.x + a.m21 * v.y + a.m31 * v.z,
                       a.m12 * v.x + a.m22 * v.y + a.m32 * v.z,
                       a.m13 * v.x + a.m23 * v.y + a.m33 * v.z);
}

// Returns skew(v), the cross-product matrix: skew(v) * b = v x b (MSL Frames.TransformationMatrices
// and Modelica.Math.Matrices skew: [0, -v3, v2; v3, 0, -v1; -v2, v1, 0]).
MBE_FN MbeMat3 mbe_mat3_skew(MbeVec3 v) {
  return mbe_mat3_make(MBE_R(0.0), -v.z, v.y, v.z, MBE_R(0.0), -v.x, -v.y, v.x, MBE_R(0.0));
}

// Returns the outer product a b^T (element ij = a_i b_j).
MBE_FN MbeMat3 mbe_mat3_outer(MbeVec3 a, MbeVec3 b) {
  return mbe_mat3_make(a.x * b.x, a.x * b.y, a.x * b.z, a.y * b.x, a.y * b.y, a.y * b.z, a.z * b.x,
                       a.z * b.y, a.z * b.z);
}

// Returns the trace m11 + m22 + m33.
MBE_FN mbe_real mbe_mat3_trace(MbeMat3 a) {
  return a.m11 + a.m22 + a.m33;
}

// Returns det(A) as the triple product row1 . (row2 x row3).
MBE_FN mbe_real mbe_mat3_det(MbeMat3 a) {
  return a.m11 * (a.m22 * a.m33 - a.m23 * a.m32) + a.m12 * (a.m23 * a.m31 - a.m21 * a.m33) +
         a.m13 * (a.m21 * a.m32 - a.m22 * a.m31);
}

// Returns v2 = T v1: a vector resolved in frame 1 resolved in frame 2 (MSL Frames.resolve2).
MBE_FN MbeVec3 mbe_mat3_resolve2(MbeMat3 t, MbeVec3 v1) {
  return mbe_mat3_mul_vec(t, v1);
}

// Returns v1 = T^T v2: a vector resolved in frame 2 resolved in frame 1 (MSL Frames.resolve1).
MBE_FN MbeVec3 mbe_mat3_resolve1(MbeMat3 t, MbeVec3 v2) {
  return mbe_mat3_tmul_vec(t, v2);
}

// Returns T2 T1^T v1: a vector given in frame 1 resolved in frame 2, with T1 and T2 both from
// the same frame 0 (MSL Frames.resolveRelative).
MBE_FN MbeVec3 mbe_mat3_resolve_relative(MbeMat3 t1, MbeMat3 t2, MbeVec3 v1) {
  return mbe_mat3_mul_vec(t2, mbe_mat3_tmul_vec(t1, v1));
}

// Returns D1 = T^T D2 T: a second-order tensor (e.g. an inertia) given in frame 2 resolved in
// frame 1 (MSL Frames.resolveDyade1).
MBE_FN MbeMat3 mbe_mat3_resolve_dyade1(MbeMat3 t, MbeMat3 d2) {
  return mbe_mat3_mul(mbe_mat3_tmul(t, d2), t);
}

// Returns D2 = T D1 T^T: a second-order tensor given in frame 1 resolved in frame 2 (MSL
// Frames.resolveDyade2).
MBE_FN MbeMat3 mbe_mat3_resolve_dyade2(MbeMat3 t, MbeMat3 d1) {
  return mbe_mat3_mul_t(mbe_mat3_mul(t, d1), t);
}

// Returns T02 = T12 T01: frame 0 -> 2 from frame 0 -> 1 and the relative rotation 1 -> 2 (MSL
// Frames.absoluteRotation(R1, R_rel)).
MBE_FN MbeMat3 mbe_mat3_absolute_rotation(MbeMat3 t01, MbeMat3 t12) {
  return mbe_mat3_mul(t12, t01);
}

// Returns T12 = T02 T01^T: the relative rotation 1 -> 2 from two rotations out of the same frame 0
// (MSL Frames.relativeRotation(R1, R2)).
MBE_FN MbeMat3 mbe_mat3_relative_rotation(MbeMat3 t01, MbeMat3 t02) {
  return mbe_mat3_mul_t(t02, t01);
}

// Returns T21 = T12^T, the rotation 2 -> 1 (MSL Frames.inverseRotation).
MBE_FN MbeMat3 mbe_mat3_inverse_rotation(MbeMat3 t12) {
  return mbe_mat3_transpose(t12);
}

// Returns T = n n^T + (I - n n^T) c - skew(n) s: frame 2 rotated relative to frame 1 about the unit
// axis n (resolved in either frame; not checked) by phi, s = sin(phi), c = cos(phi) (MSL
// Frames.planarRotation). Written in that MSL form, so a coordinate axis n = e_i gives exactly
// the elements of mbe_mat3_axis_rotation(i, s, c).
MBE_FN MbeMat3 mbe_mat3_planar_rotation(MbeVec3 n, mbe_real s, mbe_real c) {
  MbeMat3 r;

  // the six distinct products of n n^T
  mbe_real xx = n.x * n.x, yy = n.y * n.y, zz = n.z * n.z;
  mbe_real xy = n.x * n.y, xz = n.x * n.z, yz = n.y * n.z;

  // the sine terms -skew(n) s
  mbe_real xs = n.x * s, ys = n.y * s, zs = n.z * s;

  // diagonal: n_i^2 + (1 - n_i^2) c
  r.m11 = xx + (MBE_R(1.0) - xx) * c;
  r.m22 = yy + (MBE_R(1.0) - yy) * c;
  r.m33 = zz + (MBE_R(1.0) - zz) * c;

  // off-diagonal: n_i n_j - n_i n_j c -/+ n_k s
  r.m12 = xy - xy * c + zs;
  r.m13 = xz - xz * c - ys;
  r.m21 = xy - xy * c - zs;
  r.m23 = yz - yz * c + xs;
  r.m31 = xz - xz * c + ys;
  r.m32 = yz - yz * c - xs;
  return r;
}

// Returns the T of a rotation of frame 2 relative to frame 1 about coordinate axis 1, 2 or 3 (any
// other value is taken as 3) by phi, s = sin(phi), c = cos(phi) (MSL Frames.axisRotation):
// axis 1 [1,0,0; 0,c,s; 0,-s,c], axis 2 [c,0,-s; 0,1,0; s,0,c], axis 3 [c,s,0; -s,c,0; 0,0,1].
MBE_FN MbeMat3 mbe_mat3_axis_rotation(mbe_int axis, mbe_real s, mbe_real c) {
  if (axis == 1) {
    return mbe_mat3_make(MBE_R(1.0), MBE_R(0.0), MBE_R(0.0), MBE_R(0.0), c, s, MBE_R(0.0), -s, c);
  } else if (axis == 2) {
    return mbe_mat3_make(c, MBE_R(0.0), -s, MBE_R(0.0), MBE_R(1.0), MBE_R(0.0), s, MBE_R(0.0), c);
  }
  return mbe_mat3_make(c, s, MBE_R(0.0), -s, c, MBE_R(0.0), MBE_R(0.0), MBE_R(0.0), MBE_R(1.0));
}

// Returns T = A3 A2 A1, Ak = axisRotation(axis_k, s_k, c_k): frame 1 rotated about its axis_1 by
// phi_1, then about the resulting axis_2 by phi_2, then about the resulting axis_3 by phi_3
// (intrinsic; MSL Frames.axesRotations(sequence = {axis_1, axis_2, axis_3}, angles), evaluated as
// (A3 A2) A1 like Modelica's left-associative product). Valid sequences have axis_2 != axis_1 and
// axis_3 != axis_2: {1,2,3} is Cardan, {3,1,3} Euler.
MBE_FN MbeMat3 mbe_mat3_axes_rotations(mbe_int axis_1, mbe_int axis_2, mbe_int axis_3, mbe_real s1,
                                       mbe_real c1, mbe_real s2, mbe_real c2, mbe_real s3,
                                       mbe_real c3) {
  MbeMat3 a1 = mbe_mat3_axis_rotation(axis_1, s1, c1);
  MbeMat3 a2 = mbe_mat3_axis_rotation(axis_2, s2, c2);
  MbeMat3 a3 = mbe_mat3_axis_rotation(axis_3, s3, c3);
  return mbe_mat3_mul(mbe_mat3_mul(a3, a2), a1);
}

#endif
