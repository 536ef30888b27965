# SPDX-License-Identifier: Apache-2.0
# check_integrate: kernels/integrate compiled as C in double, once per layout of the per-member
# arrays (variant-major, variant-fastest). The OpenCL C syntax of the driver is checked through the
# entry file with every built-in system in CMakeLists.txt beside this file.
foreach(layout 0 1)
  if(layout)
    set(name check_integrate_vf)
  else()
    set(name check_integrate)
  endif()
  mbe_add_check(${name}
    SOURCES ${CMAKE_CURRENT_LIST_DIR}/check_integrate.c
    LIBS mbe_kernels_c
    DEFINES MBE_REAL_BITS=64 MBE_LAYOUT_VARIANT_FASTEST=${layout}
    LABELS unit
    TIMEOUT 120)
endforeach()
