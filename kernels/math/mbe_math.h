// SPDX-License-Identifier: Apache-2.0
// The project's own elementary functions on mbe_real (sin ... pow), written once for C and
// OpenCL C with + - * / fma sqrt and exact bit operations only, so both backends agree bitwise.
#ifndef MBE_MATH_H
#define MBE_MATH_H

#include "math/mbe_math_base.h"
#include "math/mbe_math_exp.h"
#include "math/mbe_math_log.h"
#include "math/mbe_math_trig.h"
#include "math/mbe_math_atrig.h"

#endif
