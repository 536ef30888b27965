#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# run_gear_constraint.sh MBENS MODELS WORK DATA MSL_DIR: the MSL's Rotational3DEffects.GearConstraint
# (Joints.GearConstraint: two revolutes in a bearing and an IdealGear between their axes, a
# constraint row) at tolerance 1e-10 over its 5 s:
# - the gear's totalPower (its frames' and bearing's power, from their cut wrenches: the
#   composite's connectors sum their parts') is zero, |P| < 1e-9 where 2 N m turn at up to 18 rad/s;
# - actuatedRevolute_a.phi = ratio actuatedRevolute_b.phi (10, to rounding);
# - the 3-D gear and its 1-D twin (two Inertias with the cylinders' axial inertias, an IdealGear
#   with support on a Mounting1D) turn alike: actuatedRevolute_b.phi = inertia2.phi (1e-8);
# - OpenMP and OpenCL (PoCL) give the same bytes.
# The MSL's Rotational3DEffects.BevelGear1D (two Rotor1D at right angles, a BevelGear1D whose
# housing is on their carrier, the carrier turned by three driven revolutes) at 1e-10 over
# the 0.4 s its chaos allows:
# - the bevel gear's power, the model's own bevelGearPower (flanges' absolute speeds times
#   their torques plus the housing's), is zero: |P| < 1e-6 where the torques reach 1e5 N m;
# - the housing's torque that sensor2 (a CutTorque) measures is -flange_a.tau n_a -
#   flange_b.tau n_b (n_a = x, n_b = y) to 1e-9 relative;
# - OpenMP and OpenCL give the same bytes.
. "$(dirname "$0")/run_lib.sh"
msl=$5
if [ ! -f "$msl/Modelica/package.mo" ]; then
  echo "MSL sources not found: $msl/Modelica/package.mo"
  exit 77
fi
cls=Modelica.Mechanics.MultiBody.Examples.Rotational3DEffects.GearConstraint
g=gearConstraint
"$mbens" simulate --library "$msl" --class $cls -o "$work/gc.csv" --interval 0.01 \
  --tolerance 1e-10 --signals "$g.totalPower,$g.actuatedRevolute_a.phi,$g.actuatedRevolute_b.phi,inertia2.phi,$g.actuatedRevolute_b.w" ||
  fail "simulate exited $?"
bad=$(awk -F, 'function a(x) { return x < 0 ? -x : x }
  NR > 1 && /nan|inf/ { print; exit }
  NR > 1 { if (a($2) > 1e-9 || a($3 - 10 * $4) > 1e-12 * (1 + a($3)) || a($4 - $5) > 1e-8) {
      print $1, $2, $3 - 10 * $4, $4 - $5; exit }
    n++; if (a($6) > wmax) wmax = a($6) }
  END { if (n < 500 || wmax < 1) print "rows", n, "max speed", wmax }' "$work/gc.csv")
[ -z "$bad" ] || fail "GearConstraint (t, totalPower, phi_a - 10 phi_b, 3-D - 1-D): $bad"
same_on_backends gc --library "$msl" --class $cls --interval 0.01
cls=Modelica.Mechanics.MultiBody.Examples.Rotational3DEffects.BevelGear1D
"$mbens" simulate --library "$msl" --class $cls -o "$work/bevel.csv" --stop-time 0.4 \
  --interval 0.001 --tolerance 1e-10 \
  --signals 'bevelGearPower,sensor2.torque[1],sensor2.torque[2],sensor2.torque[3],bevelGear.flange_a.tau,bevelGear.flange_b.tau' ||
  fail "simulate (BevelGear1D) exited $?"
bad=$(awk -F, 'function a(x) { return x < 0 ? -x : x }
  NR > 1 && /nan|inf/ { print; exit }
  NR > 1 { s = 1e-9 * (1 + a($7))
    if (a($2) > 1e-6 || a($3 + $6) > s || a($4 + $7) > s || a($5) > s) {
      print $1, $2, $3 + $6, $4 + $7, $5; exit }
    n++; if (a($7) > tmax) tmax = a($7) }
  END { if (n < 400 || tmax < 1e4) print "rows", n, "max torque", tmax }' "$work/bevel.csv") ||
  fail "awk failed"
[ -z "$bad" ] || fail "BevelGear1D (t, power, housing torque - MSL's housing torque): $bad"
same_on_backends bevel --library "$msl" --class $cls --stop-time 0.4 --interval 0.01
finish "run_gear_constraint: the 3-D gear moves as its 1-D twin, ratio exact, no power lost; the bevel gear too"
