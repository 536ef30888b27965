#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# run_rolling.sh MBENS MODELS WORK DATA MSL_DIR: the MSL's Elementary.RollingWheel (a disc of
# 2 kg rolling without slip on z = 0 from a spin of 5 rad/s and a yaw rate of 1 rad/s, the
# rolling constraints embedded: 5 positions, 3 speeds) at tolerance 1e-10 over its 4 s:
# - the contact holds exactly (err = |r_road_0 - r_0| - radius below 1e-12, r_road_0 on z = 0);
# - no energy is lost or made (rolling does no work): kinetic plus potential energy of the
#   wheel's body stays within 1e-7 of its start (9.03 J);
# - OpenMP and OpenCL (PoCL) give the same bytes.
# A disc's steady circle (data/rolling_disc.mo, from the MSL's Parts.RollingWheel): started on
# the closed form (lean 0.3 rad, centre circle of radius 1.5 m, turning rate
# Om^2 = m g r sin(th) / (cos(th) (Ia rho/r + Id sin(th) + m r rho))), its centre stays on that
# circle (radius within 1e-6 over a whole turn, 6 s, at tolerance 1e-10) at the height
# r cos(th) and the speed rho Om. A turning rate 1 % off leaves the circle by 8e-2 m.
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
  NR > 1 { T = 0.5 * 2 * ($2 ^ 2 + $3 ^ 2 + $4 ^ 2)
    T += 0.5 * (0.12 * $5 ^ 2 + 0.06 * $6 ^ 2 + 0.12 * $7 ^ 2)
    E = T + 2 * 9.80665 * $8
    if (NR == 2) E0 = E
    if (a(E - E0) > 1e-7 || a($9) > 1e-12 || a($10) > 1e-12) { print $1, E - E0, $9, $10; exit }
    n++ }
  END { if (n < 400) print "rows", n }' "$work/rw.csv")
[ -z "$bad" ] || fail "the rolling wheel (t, energy drift, err, contact height): $bad"
"$mbens" simulate "$4/rolling_disc.mo" --library "$msl" -o "$work/disc.csv" --stop-time 6 \
  --interval 0.01 --tolerance 1e-10 \
  --signals 'wheel.body.r_0[1],wheel.body.r_0[2],wheel.body.r_0[3],wheel.body.v_0[1],wheel.body.v_0[2]' ||
  fail "simulate (disc) exited $?"
bad=$(awk -F, 'function a(x) { return x < 0 ? -x : x }
  BEGIN { m = 2; g = 9.80665; r = 0.3; th = 0.3; rho = 1.5; Ia = 0.09; Id = 0.045
    den = cos(th) * (Ia * rho / r + Id * sin(th) + m * r * rho)
    Om = sqrt(m * g * r * sin(th) / den)
    h = r * cos(th); v = rho * Om }
  NR > 1 && /nan|inf/ { print; exit }
  NR > 1 { e1 = sqrt($2 ^ 2 + $3 ^ 2) - rho; e2 = $4 - h; e3 = sqrt($5 ^ 2 + $6 ^ 2) - v
    if (a(e1) > 1e-6 || a(e2) > 1e-6 || a(e3) > 1e-6) { print $1, e1, e2, e3; exit }
    n++ }
  END { if (n < 600) print "rows", n }' "$work/disc.csv") || fail "awk failed"
[ -z "$bad" ] || fail "the disc leaves its steady circle (t, radius, height, speed errors): $bad"
same_on_backends rw --library "$msl" --class $cls --interval 0.01
finish "run_rolling: the wheel rolls without slip, keeps its contact and its energy; a disc's steady circle"
