# SPDX-License-Identifier: Apache-2.0
# check_qoi: kernels/reduce/mbe_qoi.h compiled as C: the aggregates of quantities of interest
# (crossings, extremes and their times, means and integrals) against their definitions.
mbe_add_check(check_qoi
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/check_qoi.c
  LIBS mbe_kernels_c
  DEFINES MBE_REAL_BITS=64
  LABELS unit
  TIMEOUT 60)
