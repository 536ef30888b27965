# SPDX-License-Identifier: Apache-2.0
# The runtime seen from the command line: OpenCL launch sizes, the compiled-kernel cache, and how
# backends and devices are described. Included from tests/cli/CMakeLists.txt (MSL, DATA, OUT).
set(RT_ENV "POCL_CACHE_DIR=${PROJECT_BINARY_DIR}/pocl-cache"
  "MBENS_CACHE_DIR=${PROJECT_BINARY_DIR}/mbens-cache")

# the batch sizes that crashed PoCL (exit 139) while the driver chose the work-group size;
# skipped (77) without an OpenCL device
add_test(NAME cli_runtime_opencl_local_size
  COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/runtime_local_size.sh $<TARGET_FILE:mbens>
  ${PROJECT_SOURCE_DIR}/bench/chain_model.sh ${OUT}/runtime_local_size)
set_tests_properties(cli_runtime_opencl_local_size PROPERTIES LABELS "unit;gpu" TIMEOUT 300
  SKIP_RETURN_CODE 77 ENVIRONMENT "${RT_ENV}")

# a study on several devices at once writes the same bytes as on one
add_test(NAME cli_run_devices
  COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/run_devices.sh $<TARGET_FILE:mbens>
  ${PROJECT_SOURCE_DIR}/bench/chain_model.sh ${OUT}/run_devices)
set_tests_properties(cli_run_devices PROPERTIES LABELS unit TIMEOUT 600 ENVIRONMENT "${RT_ENV}")

# large mechanisms: a kernel linear in the chain's length, written as parts, the same bits on
# every backend; --stats names the method, bench --json its numbers
add_test(NAME cli_run_scale
  COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/run_scale.sh $<TARGET_FILE:mbens>
  ${PROJECT_SOURCE_DIR}/bench/chain_model.sh ${OUT}/run_scale)
set_tests_properties(cli_run_scale PROPERTIES LABELS unit TIMEOUT 600 ENVIRONMENT "${RT_ENV}")

# a cache directory that cannot be made (HOME is a file; as root a missing HOME would just be
# created): the run goes on without the cache, and the warning says what the directory is for,
# which one was tried and why, the system's reason, and how to choose another
set(RT_NO_CACHE env -u MBENS_CACHE_DIR -u XDG_CACHE_HOME HOME=/dev/null)
string(CONCAT RT_WARNING "warning: no compiled-kernel cache this run.*"
  "cannot use '/dev/null/\\.cache/mbens/programs' \\(from \\$HOME/\\.cache/mbens\\): "
  "cannot create directory '/dev/null/\\.cache': Not a directory; set MBENS_CACHE_DIR=DIR")
add_test(NAME cli_runtime_cache_unusable_warns
  COMMAND ${EXPECT} 0 "${RT_WARNING}"
  ${RT_NO_CACHE} $<TARGET_FILE:mbens> bench --backend openmp --members 8 --stop-time 0.01
  --method rk4)
add_test(NAME cli_runtime_cache_unusable_runs
  COMMAND ${EXPECT} 0 "^0\\.10000000000000001,"
  ${RT_NO_CACHE} $<TARGET_FILE:mbens> simulate ${MSL}/Pendulum.mo -o - --stop-time 0.1
  --interval 0.05)
set_tests_properties(cli_runtime_cache_unusable_warns cli_runtime_cache_unusable_runs PROPERTIES
  LABELS unit TIMEOUT 120 ENVIRONMENT "POCL_CACHE_DIR=${PROJECT_BINARY_DIR}/pocl-cache")

# no backend description prints an empty field: devices, bench, the run summary and manifest
add_test(NAME cli_devices_no_empty_fields
  COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/devices_no_empty_fields.sh $<TARGET_FILE:mbens> ${MSL}
  ${OUT}/devices_no_empty_fields)
set_tests_properties(cli_devices_no_empty_fields PROPERTIES LABELS unit TIMEOUT 300
  ENVIRONMENT "${RT_ENV}")
