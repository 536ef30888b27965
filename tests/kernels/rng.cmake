# SPDX-License-Identifier: Apache-2.0
mbe_add_check(check_rng SOURCES ${CMAKE_CURRENT_LIST_DIR}/check_rng.c LIBS mbe_kernels_c
  DEFINES MBE_REAL_BITS=64)
