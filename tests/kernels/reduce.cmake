# SPDX-License-Identifier: Apache-2.0
# check_reduce: kernels/reduce/mbe_reduce.h compiled as C, against a plain reference loop; once
# for double input, once for float input (check_reduce_f32: the same keys and sums as the same
# values in double). The OpenCL C syntax check is in CMakeLists.txt beside this file.
foreach(bits 64 32)
  if(bits EQUAL 64)
    set(name check_reduce)
  else()
    set(name check_reduce_f32)
  endif()
  mbe_add_check(${name}
    SOURCES ${CMAKE_CURRENT_LIST_DIR}/check_reduce.c
    LIBS mbe_kernels_c
    DEFINES MBE_REAL_BITS=${bits}
    LABELS unit
    TIMEOUT 120)
endforeach()
