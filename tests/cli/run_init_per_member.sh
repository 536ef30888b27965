#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# run_init_per_member.sh MBENS MODELS WORK DATA MSL_DIR: an initialization whose conditions depend on a
# varied parameter is solved by each member. The MSL's DoublePendulumInitTip fixes its tip at
# {0.7, 0.3} (and at rest) and leaves the angles to the initialization; its second link's length
# L2 varies per member. The tip is d = sqrt(0.58) from the first joint; a member reaches it when
# |0.5 - L2| <= d <= 0.5 + L2: then its tip starts at {0.7, 0.3} (1e-9), at rest, and its elbow
# angle is the law of cosines' (the branch of the model's guess, pi/2): cos phi2 = (d^2 - 0.25 -
# L2^2) / L2, to 1e-9. The others stop with init-fail, and no member in between is lost (0.01 of
# the limits). A free parameter too: the MSL's InitSpringConstant finds the spring constant c
# (fixed=false) that holds its body at rest (rev.a fixed at 0); with the body's mass m varied,
# every member has its own, the statics' c = 5 g m (the body's weight at 0.5 m against the
# spring's 0.1 m stretch at 1 m), to 1e-9 relative, and stays at rest (|phi| < 1e-9 over 1 s).
# A varied target too: DoublePendulumInitTip's fixed tip x (r_rel_a_1's start) varied, each
# member's tip starts at its own x (1e-9). OpenMP and OpenCL (PoCL here) give the same bytes.
# A free parameter without a start value (free_param_no_start.mo: a user's spring whose c the
# initialization finds from the mass's initial acceleration): c = 16 and the mass oscillates
# as 0.5 + 0.5 cos(sqrt(8) t) (1e-9).
. "$(dirname "$0")/run_lib.sh"
msl=$5
if [ ! -f "$msl/Modelica/package.mo" ]; then
  echo "MSL sources not found: $msl/Modelica/package.mo"
  exit 77
fi
args="--library $msl --class Modelica.Mechanics.MultiBody.Examples.Elementary.DoublePendulumInitTip
  -n 64 --seed 7 --vary boxBody2.r[1]=uniform(0.2,1.4) --stop-time 0.2
  --qoi initial(boxBody2.frame_b.r_0[1]) --qoi initial(boxBody2.frame_b.r_0[2])
  --qoi initial(revolute2.phi) --qoi initial(revolute1.w) --qoi initial(revolute2.w)"
# shellcheck disable=SC2086 # $args: words without spaces
"$mbens" run $args --backend openmp -o "$work/omp"
rc=$?
[ $rc -eq 3 ] || fail "run (OpenMP) exited $rc, not 3 (some members failed)"
bad=$(awk -F, 'function a(v) { return v < 0 ? -v : v }
  NR > 1 { L = $2; lo = sqrt(0.58) - 0.5; hi = sqrt(0.58) + 0.5
  if (L > lo + 0.01 && L < hi - 0.01) {
    c = (0.58 - 0.25 - L * L) / L; phi = atan2(sqrt(1 - c * c), c)
    if ($8 != "ok" || !(a($3 - 0.7) < 1e-9) || !(a($4 - 0.3) < 1e-9) || !(a($5 - phi) < 1e-9) ||
        !(a($6) < 1e-9) || !(a($7) < 1e-9)) { print "member", $1, L, $3, $4, $5, phi, $8; exit }
    nok++
  } else if ((L < lo - 0.01 || L > hi + 0.01) && $8 != "init-fail") { print "member", $1, L, $8; exit }
  else if (L < lo - 0.01 || L > hi + 0.01) nfail++ }
  END { if (nok < 30 || nfail < 5) print "reachable", nok, "unreachable", nfail }' \
  "$work/omp/members.csv")
[ -z "$bad" ] || fail "a member starts wrongly (member, L2, tip x, tip y, phi2, truth, status): $bad"
if "$mbens" devices | grep -q '^OpenCL platform'; then
  # shellcheck disable=SC2086
  "$mbens" run $args --backend opencl -o "$work/cl"
  rc=$?
  [ $rc -eq 3 ] || fail "run (OpenCL) exited $rc, not 3 (some members failed)"
  cmp -s "$work/omp/members.csv" "$work/cl/members.csv" || fail "OpenMP and OpenCL differ"
fi
spring="--library $msl --class Modelica.Mechanics.MultiBody.Examples.Elementary.InitSpringConstant
  -n 32 --vary body.m=uniform(0.3,3) --stop-time 1 --qoi initial(spring.c) --qoi max(abs(rev.phi))"
for b in openmp opencl; do
  [ $b = openmp ] || "$mbens" devices | grep -q '^OpenCL platform' || continue
  # shellcheck disable=SC2086 # $spring: words without spaces
  "$mbens" run $spring --backend $b -o "$work/spring-$b" || fail "run (spring, $b) exited $?"
done
bad=$(awk -F, 'function a(v) { return v < 0 ? -v : v }
  NR > 1 { c = 5 * 9.80665 * $2
  if ($5 != "ok" || !(a($3 - c) < 1e-9 * c) || !(a($4) < 1e-9)) { print $1, $2, $3, c, $4, $5; exit }
  n++ }
  END { if (n != 32) print "members", n }' "$work/spring-openmp/members.csv")
[ -z "$bad" ] || fail "a member's spring constant is wrong (member, m, c, truth, max |phi|, status): $bad"
if [ -f "$work/spring-opencl/members.csv" ]; then
  cmp -s "$work/spring-openmp/members.csv" "$work/spring-opencl/members.csv" ||
    fail "InitSpringConstant: OpenMP and OpenCL differ"
fi
# shellcheck disable=SC2086 # words without spaces
"$mbens" run --library "$msl" \
  --class Modelica.Mechanics.MultiBody.Examples.Elementary.DoublePendulumInitTip -n 16 \
  --vary 'freeMotionScalarInit.r_rel_a_1.start=uniform(0.4,0.9)' --stop-time 0.1 \
  --qoi 'initial(boxBody2.frame_b.r_0[1])' --qoi 'initial(boxBody2.frame_b.r_0[2])' \
  -o "$work/target" || fail "run (a varied target) exited $?"
bad=$(awk -F, 'function a(v) { return v < 0 ? -v : v }
  NR > 1 { if ($5 != "ok" || !(a($3 - $2) < 1e-9) || !(a($4 - 0.3) < 1e-9)) { print; exit } n++ }
  END { if (n != 16) print "members", n }' "$work/target/members.csv")
[ -z "$bad" ] || fail "a member's tip does not start at its own x: $bad"
"$mbens" simulate "$4/free_param_no_start.mo" -o "$work/fp.csv" --stop-time 1 --interval 0.1 \
  --tolerance 1e-10 --signals 'mass.s,spring.c' || fail "simulate (free parameter) exited $?"
bad=$(awk -F, 'function a(v) { return v < 0 ? -v : v }
  NR > 1 { t = $1; s = 0.5 + 0.5 * cos(sqrt(8) * t)
    if (a($2 - s) > 1e-9 || a($3 - 16) > 1e-9) { print t, $2 - s, $3; exit } n++ }
  END { if (n != 11) print "rows", n }' "$work/fp.csv") || fail "awk failed"
[ -z "$bad" ] || fail "a free parameter without a start (t, ds, c): $bad"
finish "run_init_per_member: each member solves its own initialization, free parameters too"
