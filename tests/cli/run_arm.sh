#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# run_arm.sh MBENS MODELS WORK DATA: the README's controlled arm (models/examples/ControlledArm.mo)
# as an ensemble of 64 members (gain, motor inertia and payload varied as the README does):
# - every member finishes, tracks its trajectory within 0.15 rad on the shoulder, and the
#   integral action leaves less than 0.05 rad of error 0.5 s after the trajectory stops;
# - no motor torque exceeds its limit (10 N m, the Limiter);
# - each member locates the trajectory's four knots inside the run as time events and, where
#   the gears' teeth meet and part (ControlledArm.GearPlay), state events: more than 20 in all;
# - OpenMP and OpenCL (PoCL) write the same members.csv and stats.csv bytes: the identity
#   contract on an ensemble with time and state events.
. "$(dirname "$0")/run_lib.sh"
arm="$(dirname "$0")/../../models/examples/ControlledArm.mo"
args="--class ControlledArm.Arm -n 64 --seed 1 --vary kp=uniform(10,40)
  --vary Jmotor=uniform(1e-4,4e-4) --vary payload=uniform(0,3)
  --qoi max(abs(drive2.error.y)) --qoi final(abs(drive2.error.y))
  --qoi max(abs(drive1.limit.y)) --qoi max(abs(drive2.limit.y)) --qoi max(abs(drive3.limit.y))
  --signals drive2.error.y,axis3.phi"
# shellcheck disable=SC2086 # $args: words without spaces
"$mbens" run "$arm" $args -o "$work/omp" --backend openmp --quiet || fail "run exited $?"
bad=$(awk -F, 'NR > 1 { if ($10 != "ok" || $5 > 0.15 || $6 > 0.05 || $7 > 10 || $8 > 10 ||
    $9 > 10 || $12 <= 20) { print; exit } n++ }
  END { if (n != 64) print "members", n }' "$work/omp/members.csv")
[ -z "$bad" ] || fail "a member of the arm (member, kp, Jmotor, payload, qois, status): $bad"
if "$mbens" devices | grep -q '^OpenCL platform'; then
  # shellcheck disable=SC2086
  "$mbens" run "$arm" $args -o "$work/ocl" --backend opencl --quiet || fail "run (OpenCL) exited $?"
  for f in members.csv stats.csv; do
    cmp -s "$work/omp/$f" "$work/ocl/$f" || fail "$f: OpenMP and OpenCL differ"
  done
fi
finish "run_arm: the controlled arm tracks, respects its torque limit, the same bits everywhere"
