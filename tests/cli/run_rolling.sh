#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# run_rolling.sh MBENS MODELS WORK DATA MSL_DIR: the MSL's Elementary.RollingWheel (a disc of
# 2 kg rolling without slip on z = 0 from a spin of 5 rad/s and a yaw rate of 1 rad/s, the
# rolling constraints embedded: 5 positions, 3 speeds) at tolerance 1e-10 over its 4 s:
# - the contact holds exactly (err = |r_road_0 - r_0| - radius below 1e-12, r_road_0 on z = 0);
# - no energy is lost or made (rolling does no work): kinetic plus potential energy of the
#   wheel's body stays within 1e-7 of its start (9.03 J);
# - OpenMP and OpenCL (PoCL) give the same bytes.
. "$(dirname "$0")/run_lib.sh"
msl=$5
if [ ! -f "$msl/Modelica/package.mo" ]; then
  echo "MSL sources not found: $msl/Modelica/package.mo"
  exit 77
fi
cls=Modelica.Mechanics.MultiBody.Examples.Elementary.RollingWheel
b=wheel1.body
w=wheel1.rollingWheel
"$mbens" simulate --library "$msl" --class $cls -o "$work/rw.csv" --interval 0.01 \
  --tolerance 1e-10 --signals "$b.v_0[1],$b.v_0[2],$b.v_0[3],$b.w_a[1],$b.w_a[2],$b.w_a[3],$b.r_0[3],$w.err,$w.r_road_0[3]" ||
  fail "simulate exited $?"
bad=$(awk -F, 'function a(x) { return x < 0 ? -x : x }
  NR > 1 && /nan|inf/ { print; exit }
  NR > 1 { E = 0.5 * 2 * ($2 ^ 2 + $3 ^ 2 + $4 ^ 2) + 0.5 * (0.12 * $5 ^ 2 + 0.06 * $6 ^ 2 +
      0.12 * $7 ^ 2) + 2 * 9.80665 * $8
    if (NR == 2) E0 = E
    if (a(E - E0) > 1e-7 || a($9) > 1e-12 || a($10) > 1e-12) { print $1, E - E0, $9, $10; exit }
    n++ }
  END { if (n < 400) print "rows", n }' "$work/rw.csv")
[ -z "$bad" ] || fail "the rolling wheel (t, energy drift, err, contact height): $bad"
same_on_backends rw --library "$msl" --class $cls --interval 0.01
finish "run_rolling: the wheel rolls without slip, keeps its contact and its energy"
