// SPDX-License-Identifier: Apache-2.0
// One DAG operation evaluated with the kernels' own math in double precision. A separate unit
// because the kernels' mbe_log (the logarithm) and base's mbe_log (the logger) share a name.
#ifndef MBE_SYM_MATH_H
#define MBE_SYM_MATH_H

// op is an MbeSymOp of sym.h (not a leaf); NaN for anything else
double mbe_sym_apply(int op, double a, double b, double c);

#endif
