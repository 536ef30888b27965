// SPDX-License-Identifier: Apache-2.0
// The interpreter's arithmetic: the kernels' math compiled as C in double precision, so the
// interpreter is bitwise what the generated code computes on the OpenMP backend.
#include "sym_math.h"

#include <math.h>

#define MBE_REAL_BITS 64
#include "mbe_dialect.h"
#include "mbe_real.h"
#include "math/mbe_math.h"

// the operation numbers of MbeSymOp (sym.h), without including it here
#include "sym_ops.h"

double mbe_sym_apply(int op, double a, double b, double c) {
  switch (op) {
    case MBE_SYM_ADD: return a + b;
    case MBE_SYM_SUB: return a - b;
    case MBE_SYM_MUL: return a * b;
    case MBE_SYM_DIV: return a / b;
    case MBE_SYM_NEG: return -a;
    case MBE_SYM_FMA: return mbe_fma(a, b, c);
    case MBE_SYM_SQRT: return mbe_sqrt(a);
    case MBE_SYM_ABS: return mbe_fabs(a);
    case MBE_SYM_SIN: return mbe_sin(a);
    case MBE_SYM_COS: return mbe_cos(a);
    case MBE_SYM_TAN: return mbe_tan(a);
    case MBE_SYM_ASIN: return mbe_asin(a);
    case MBE_SYM_ACOS: return mbe_acos(a);
    case MBE_SYM_ATAN: return mbe_atan(a);
    case MBE_SYM_ATAN2: return mbe_atan2(a, b);
    case MBE_SYM_EXP: return mbe_exp(a);
    case MBE_SYM_LOG: return mbe_log(a);
    case MBE_SYM_MIN: return mbe_fmin(a, b);
    case MBE_SYM_MAX: return mbe_fmax(a, b);
    case MBE_SYM_SELECT: return a > 0 ? b : c;
    case MBE_SYM_EVENT: return a > 0 ? 1 : 0;
    case MBE_SYM_FLOOR: return mbe_floor(a);
    case MBE_SYM_SINH: return mbe_sinh(a);
    case MBE_SYM_COSH: return mbe_cosh(a);
    case MBE_SYM_TANH: return mbe_tanh(a);
    case MBE_SYM_POW: return mbe_pow(a, b);
    default: return NAN;
  }
}
