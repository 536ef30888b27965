#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# run_identity_cc.sh MBENS MSL_DIR WORK DATA: the identity contract across compilers. Two spherical
# pendulums on catalogue springs (identity_spherical_springs.mo) once came out of GCC's -march=native
# vectorizer with a fused multiply-add: OpenMP differed from OpenCL in the last bit at t = 0.2 s and
# the difference grew. The OpenMP backend's kernel built by GCC and by clang (CC=clang, when
# installed) and the OpenCL one (PoCL, when there is a device) must give the same bytes, with
# DOPRI5 and RK4.
. "$(dirname "$0")/run_lib.sh"
data=$4
mdl="$data/identity_spherical_springs.mo"

sim() { # OUT METHOD BACKEND CC
  env CC="$4" "$mbens" simulate "$mdl" -o "$1" --stop-time 3 --interval 0.05 --method "$2" \
    --step 0.01 --backend "$3" || fail "$1: simulate exited $?"
}

compared=0
for m in dopri5 rk4; do
  sim "$work/gcc-$m.csv" "$m" openmp gcc
  if command -v clang >/dev/null 2>&1; then
    sim "$work/clang-$m.csv" "$m" openmp clang
    cmp -s "$work/gcc-$m.csv" "$work/clang-$m.csv" || fail "$m: GCC and clang kernels differ"
    compared=$((compared + 1))
  fi
  if "$mbens" devices | grep -q '^OpenCL platform'; then
    sim "$work/opencl-$m.csv" "$m" opencl gcc
    cmp -s "$work/gcc-$m.csv" "$work/opencl-$m.csv" || fail "$m: OpenMP and OpenCL differ"
    compared=$((compared + 1))
  fi
done
[ "$compared" -gt 0 ] || echo "neither clang nor an OpenCL device: nothing to compare with"
finish "identity across compilers: GCC = clang = OpenCL on two spherical pendulums with springs"
