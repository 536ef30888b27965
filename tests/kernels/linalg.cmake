# SPDX-License-Identifier: Apache-2.0
# check_linalg: the value types of kernels/math (vec3, mat3, quat) compiled as C in double (their
# OpenCL C syntax is checked with every other kernel header in CMakeLists.txt beside this file).
mbe_add_check(check_linalg
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/check_linalg.c
  LIBS mbe_kernels_c
  DEFINES MBE_REAL_BITS=64
  LABELS unit)
