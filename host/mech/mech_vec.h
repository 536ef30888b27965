// SPDX-License-Identifier: Apache-2.0
// Symbolic 3-vectors and 3x3 matrices over the expression DAG, and the rotation functions of the
// MSL's Frames package (planarRotation, axesRotations, from_Q, from_nxy). Each function creates
// its nodes in a fixed order; callers keep to the DAG's rule of one creating call per statement.
// Matrices are row-major and follow the MSL's convention: T maps world (or parent) coordinates
// into the local frame.
#ifndef MBE_MECH_VEC_H
#define MBE_MECH_VEC_H

#include "sym.h"

typedef struct MbeV3 {
  MbeSymId e[3];
} MbeV3;

typedef struct MbeM3 {
  MbeSymId e[9];  // row-major
} MbeM3;

MbeV3 mbe_v3_zero(void);
MbeV3 mbe_v3_const(MbeSym* s, const double v[3]);
MbeV3 mbe_v3_add(MbeSym* s, MbeV3 a, MbeV3 b);
MbeV3 mbe_v3_sub(MbeSym* s, MbeV3 a, MbeV3 b);
MbeV3 mbe_v3_neg(MbeSym* s, MbeV3 a);
MbeV3 mbe_v3_scale(MbeSym* s, MbeSymId k, MbeV3 a);
MbeV3 mbe_v3_cross(MbeSym* s, MbeV3 a, MbeV3 b);
MbeSymId mbe_v3_dot(MbeSym* s, MbeV3 a, MbeV3 b);
MbeSymId mbe_v3_norm(MbeSym* s, MbeV3 a);
// a / |a| (the MSL's normalize(n, 0): a zero vector gives NaN, as in the MSL)
MbeV3 mbe_v3_normalize(MbeSym* s, MbeV3 a);

MbeM3 mbe_m3_identity(MbeSym* s);
MbeM3 mbe_m3_zero(void);
MbeM3 mbe_m3_transpose(MbeM3 a);
MbeM3 mbe_m3_mul(MbeSym* s, MbeM3 a, MbeM3 b);
MbeV3 mbe_m3_mulv(MbeSym* s, MbeM3 a, MbeV3 v);   // a v
MbeV3 mbe_m3_tmulv(MbeSym* s, MbeM3 a, MbeV3 v);  // a^T v
MbeV3 mbe_m3_col(MbeM3 a, int j);

// T = e e^T + (I - e e^T) cos(phi) - skew(e) sin(phi), e a unit vector
MbeM3 mbe_m3_planar(MbeSym* s, MbeV3 e, MbeSymId phi);
// the elementary rotation about axis (1..3) by angle
MbeM3 mbe_m3_axis(MbeSym* s, int axis, MbeSymId angle);
// T = A3 A2 A1 with Ai = axisRotation(seq[i], angles[i])
MbeM3 mbe_m3_axes(MbeSym* s, const int seq[3], const MbeSymId angles[3]);
// The quaternion of T (scalar last), as mbe_num_to_q computes it: the square root of the
// largest of 1 + 2 T11 - tr, 1 + 2 T22 - tr, 1 + 2 T33 - tr, 1 + tr, then the sign with q4 >= 0
void mbe_m3_to_q(MbeSym* s, MbeM3 T, MbeSymId q[4]);
// T of the quaternion Q = {q1, q2, q3, q4} (scalar last)
MbeM3 mbe_m3_from_q(MbeSym* s, const MbeSymId q[4]);

// The angular velocity (local coordinates) of axesRotations(seq, angles) as a linear map of
// der(angles): w = J(angles) der(angles). J's columns: A3 A2 u1, A3 u2, u3.
MbeM3 mbe_m3_axes_jacobian(MbeSym* s, const int seq[3], const MbeSymId angles[3]);

// The angles of a rotation about the axes seq (the inverse of mbe_m3_axes; the MSL's
// Frames.axesRotationsAngles): of the two solutions for the first angle, the one nearer guess.
void mbe_m3_axes_angles(MbeSym* s, MbeM3 T, const int seq[3], MbeSymId guess, MbeSymId out[3]);

// Frames.from_nxy on nodes; the branches for near-zero or parallel vectors are taken as for the
// nominal vectors nx0, ny0 (the model's own values)
MbeM3 mbe_m3_from_nxy(MbeSym* s, MbeV3 n_x, MbeV3 n_y, const double nx0[3], const double ny0[3]);

// x with A x = b (Cramer's rule with the adjugate; a singular A gives non-finite values)
MbeV3 mbe_m3_solve(MbeSym* s, MbeM3 A, MbeV3 b);

// numeric versions for initialization (double, row-major)
void mbe_num_planar(const double e[3], double phi, double T[9]);
void mbe_num_from_nxy(const double n_x[3], const double n_y[3], double T[9]);
void mbe_num_to_q(const double T[9], double q[4]);  // Q[4] >= 0
// Solves the 3x3 system A x = b (Cramer); false when A is singular.
bool mbe_num_solve3(const double A[9], const double b[3], double x[3]);

// Solves A x = b (n x n, row-major; both overwritten) by Gaussian elimination on the DAG with
// the pivots on the diagonal: callers order the rows so that they are not zero (a block's
// equations in matching order, a symmetric positive definite matrix, rows pivoted at a
// configuration). A pivot that is zero at run time gives a non-finite x: the member stops as
// non-finite. Structural zeros (the constant 0) cost nothing.
void mbe_sym_solve_dense(MbeSym* s, int n, MbeSymId* A, MbeSymId* b, MbeSymId* x);

// The row order of LU with partial pivoting of the n x n matrix A (element (r, c) at
// A[c * n + r], column-major; A is overwritten by the elimination) into row: the order in which
// to hand rows to mbe_sym_solve_dense so that its pivots are those of A's values
void mbe_num_pivot_rows(int n, double* A, int* row);

// The step of least norm y = J^T (J J^T)^-1 r (J: nc x nk row-major, nc <= nk, full row rank;
// J J^T solved as mbe_sym_solve_dense does). Scratch: A (nc x nc), z (nc); r is overwritten.
void mbe_sym_least_norm(MbeSym* s, int nc, int nk, const MbeSymId* J, MbeSymId* r, MbeSymId* A,
                        MbeSymId* z, MbeSymId* y);

#endif
