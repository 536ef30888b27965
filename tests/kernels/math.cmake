# SPDX-License-Identifier: Apache-2.0
# The elementary functions of kernels/math/mbe_math.h compiled as C, one executable per precision
# from the same source: accuracy tables against a wider reference, Annex F cases, identities.
mbe_add_check(check_math
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/check_math.c
  LIBS mbe_kernels_c
  DEFINES MBE_REAL_BITS=64
  LABELS unit
  TIMEOUT 120)
mbe_add_check(check_math_f32
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/check_math.c
  LIBS mbe_kernels_c
  DEFINES MBE_REAL_BITS=32
  LABELS unit
  TIMEOUT 120)
