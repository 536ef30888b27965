#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# run_flanges.sh MBENS MODELS WORK DATA MSL_DIR: rigid 1-D elements with lengths, the relative
# quantities of compliant elements and the sensors of what flows through a cut, against closed
# forms (tolerance 1e-10):
# - rigid_length.mo: fixed - rod (L 0.5) - spring (c 4, s_rel0 1) - mass1 (m 1, L 2) - rod2
#   (L Lrod = 1) - mass2 (m 3, L 4), started from mass2.s = 6 + Lrod at rest: the initialization
#   puts mass1.s at 3 through the lengths, and the two masses oscillate as one (4 kg) about the
#   spring's rest: mass1.s = 2.5 + 0.5 cos t, mass1.a = 2.5 - mass1.s (1e-8);
#   mass2.s - mass1.s = 3 + Lrod, spring.s_rel = mass1.s - 1.5, spring.f = 4 (s_rel - 1) (1e-12);
#   members that vary Lrod (a rod's length as a parameter) all move so, 3 + Lrod apart;
#   OpenMP and OpenCL give the same bytes;
# - flow_sensors.mo: a motor (J 0.1, torque 1) drives a load (J 2) through a gear (ratio 10),
#   so w_motor = t / (0.1 + 2 / 100) and w_load a tenth of it: the sensor between motor and gear
#   (MultiSensor) reads the load's reflected torque 2 / 100 / (0.12) = 1/6, its w and power
#   tau w; the PowerSensor between gear and load the same power (the gear loses none); a
#   TorqueSensor turned round (flange_b at the source) reads -1 (all 1e-12 relative);
# - flanges_base_excitation.mo: a Position source (exact) moves a spring's end (c 100) by
#   0.1 sin(2 pi t), a mass (1 kg) on it from rest (the source's flange holds no inertia: a shaft
#   of the source's): x = A sin(2 pi t) - A (2 pi / 10) sin(10 t), A = 0.1 100 / (100 - 4 pi^2)
#   (1e-8), and the source's flange.f = -spring.f (1e-12);
# With the MSL sources (MSL_DIR), its examples as they are:
# - Translational.Examples.WhyArrows: the rods put positionSensor2 and 3 at 1, positionSensor1
#   at -1 (exact), and the flipped mass moves as the other (exact);
# - Translational.Examples.InitialConditions: m3 and m4 (lengths 3 and 5) start at rest where
#   their springs are relaxed and stay at 4.5 and 12.5 (1e-9); s1.s_rel (0.5) and sd1.s_rel (1),
#   fixed, put m1 and m2 (lengths 1 and 2) at 0 and 2.5 (1e-12);
# - Rotational.Examples.First: spring.phi_rel(fixed = true) starts at 0 (1e-12);
# - flanges_user_extends.mo, classes that only extend built-in ones: MyBody (Body with m 2) swings
#   as the Body itself does (flanges_plain_body.mo, 1e-8); the MSL's Translational
#   IdealRollingWheel (it extends the Rotational one) ties a wheel (J 1) to a car (100 kg) braked
#   by 10 N: v = 1 - 10 t / 116 and w = v / 0.25 (1e-12); the MSL's RollingResistance (a
#   Translational PartialForce, f = flange.f) brakes a cart (50 kg): v = 1 - 0.01 9.81 t (1e-12);
# - Translational.Examples.Vehicle (the three vehicles driven to vNom = 25/3.5 m/s against drag
#   and rolling resistance) is within 0.5 % of vNom at 15 s and 20 s and moves no more at 60 s;
# - Translational.Examples.Sensors: the ForceSensor and the MultiSensor between the force and
#   the mass (m 1) read the force, 10 sin(8 pi t) = mass.a, and power = f v (1e-12);
# - Rotational.Examples.RollingWheel: a torque step (10 at 0.1 s) on an inertia (J 1) rolls a
#   mass (m 1) by an IdealRollingWheel (radius 1) against the drag -10 (v / 5)^2: 2 v' = 10 -
#   0.4 v^2, so w = v = 5 tanh(t - 0.1) (1e-8);
# - Rotational.Examples.ElasticBearing: a gear (ratio 3) whose housing (J 5) turns on a
#   spring-damper (its flange_b and the shaft move with two coordinates, a differential): the
#   momentum balance J_shaft a_shaft + 50 a_load + 5 a_housing = ramp.y - springDamper.tau
#   (1e-9 relative), and the MultiSensor at the housing reads -springDamper.tau (1e-12).
. "$(dirname "$0")/run_lib.sh"
data=$4 msl=${5:-}
"$mbens" simulate "$data/rigid_length.mo" -o "$work/rigid.csv" --stop-time 4 --interval 0.01 \
  --tolerance 1e-10 --signals 'mass1.s,mass2.s,spring.s_rel,spring.f,mass1.a' ||
  fail "simulate (rigid_length) exited $?"
bad=$(awk -F, 'function a(x) { return x < 0 ? -x : x }
  NR > 1 && /nan|inf/ { print; exit }
  NR > 1 { t = $1; s = 2.5 + 0.5 * cos(t)
    if (a($2 - s) > 1e-8 || a($6 - 2.5 + $2) > 1e-8 || a($3 - $2 - 4) > 1e-12 ||
        a($4 - $2 + 1.5) > 1e-12 || a($5 - 4 * ($4 - 1)) > 1e-12) {
      print t, $2 - s, $6 - 2.5 + $2, $3 - $2 - 4, $4 - $2 + 1.5, $5 - 4 * ($4 - 1); exit }
    n++ }
  END { if (n < 400) print "rows", n }' "$work/rigid.csv") || fail "awk failed"
[ -z "$bad" ] || fail "masses and rods with lengths (t, mass1.s, a, distance, s_rel, f): $bad"
"$mbens" run "$data/rigid_length.mo" -n 6 -o "$work/rigid-run" --stop-time 2 --interval 0.01 \
  --tolerance 1e-10 --vary 'Lrod=uniform(0.5,2)' --qoi 'final(mass1.s)' \
  --qoi 'final(mass2.s-mass1.s)' --quiet || fail "run (rigid_length) exited $?"
bad=$(awk -F, 'function a(x) { return x < 0 ? -x : x }
  NR > 1 { if (a($3 - 2.5 - 0.5 * cos(2)) > 1e-8 || a($4 - 3 - $2) > 1e-12 || $5 != "ok") {
      print; exit }
    n++ }
  END { if (n != 6) print "members", n }' "$work/rigid-run/members.csv") || fail "awk failed"
[ -z "$bad" ] || fail "a member with its own rod length (member, Lrod, mass1.s, distance): $bad"
same_on_backends rigid "$data/rigid_length.mo" --stop-time 2 --interval 0.01
"$mbens" simulate "$data/flow_sensors.mo" -o "$work/flow.csv" --stop-time 2 --interval 0.01 \
  --signals 'source.tau,before.tau,before.w,before.power,after.power,load.w' ||
  fail "simulate (flow_sensors) exited $?"
bad=$(awk -F, 'function a(x) { return x < 0 ? -x : x }
  function off(x, y) { return a(x - y) > 1e-12 * (1 + a(y)) }
  NR > 1 { t = $1; w = t / 0.12
    if (off($2, -1) || off($3, 1 / 6) || off($4, w) || off($5, $3 * w) || off($6, $5) ||
        off($7, w / 10)) { print; exit }
    n++ }
  END { if (n < 200) print "rows", n }' "$work/flow.csv") || fail "awk failed"
[ -z "$bad" ] || fail "flow sensors (t, source.tau, before.tau, w, power, after.power, load.w): $bad"
"$mbens" simulate "$data/flanges_base_excitation.mo" -o "$work/base.csv" --stop-time 2 \
  --interval 0.01 --tolerance 1e-10 --signals 'mass.s,spring.f,pos.flange.f' ||
  fail "simulate (base excitation) exited $?"
bad=$(awk -F, 'function a(x) { return x < 0 ? -x : x }
  NR > 1 { t = $1; pi = atan2(0, -1); W = 2 * pi; A = 10 / (100 - W * W)
    x = A * sin(W * t) - A * W / 10 * sin(10 * t)
    if (a($2 - x) > 1e-8 || a($4 + $3) > 1e-12) { print t, $2 - x, $4 + $3; exit }
    n++ }
  END { if (n < 200) print "rows", n }' "$work/base.csv") || fail "awk failed"
[ -z "$bad" ] || fail "base excitation (t, x error, force balance): $bad"
if [ -n "$msl" ] && [ -d "$msl/Modelica" ]; then
  tr=Modelica.Mechanics.Translational.Examples
  for f in user_extends plain_body; do
    "$mbens" simulate --library "$msl" "$data/flanges_$f.mo" -o "$work/$f.csv" --stop-time 2 \
      --interval 0.01 --tolerance 1e-10 --signals 'rev.phi' || fail "simulate ($f) exited $?"
  done
  "$mbens" simulate --library "$msl" "$data/flanges_user_extends.mo" -o "$work/extends.csv" \
    --stop-time 2 --interval 0.01 --signals 'car.v,wheel.w,cart.v' || fail "simulate (extends) exited $?"
  bad=$(paste -d, "$work/user_extends.csv" "$work/plain_body.csv" "$work/extends.csv" |
    awk -F, 'function a(x) { return x < 0 ? -x : x }
      NR > 1 { t = $1; v = 1 - 10 * t / 116; c = 1 - 0.0981 * t
        if (a($2 - $4) > 1e-8 || a($6 - v) > 1e-12 || a($7 - v / 0.25) > 1e-12 || a($8 - c) > 1e-12) {
          print t, $2 - $4, $6 - v, $7 - v / 0.25, $8 - c; exit }
        n++ }
      END { if (n < 200) print "rows", n }') || fail "awk failed"
  [ -z "$bad" ] || fail "classes that only extend built-ins (t, MyBody - Body, car, wheel, cart): $bad"
  "$mbens" simulate --library "$msl" --class $tr.Vehicle -o "$work/vehicle.csv" --interval 5 \
    --signals 'vehicle.v,vehicle1.v,trailer.v' || fail "simulate (Vehicle) exited $?"
  bad=$(awk -F, 'function a(x) { return x < 0 ? -x : x }
    NR > 1 && ($1 == 15 || $1 == 20) { for (i = 2; i <= 4; i++) if (a($i / (25 / 3.5) - 1) > 0.005) {
      print; exit } }
    NR > 1 && $1 == 60 { for (i = 2; i <= 4; i++) if (a($i) > 1e-4) { print; exit } }
    NR > 1 { n++ } END { if (n != 13) print "rows", n }' "$work/vehicle.csv") || fail "awk failed"
  [ -z "$bad" ] || fail "the MSL's Vehicle example (t, speeds): $bad"
  "$mbens" simulate --library "$msl" --class $tr.WhyArrows -o "$work/arrows.csv" \
    --signals 'positionSensor1.s,positionSensor2.s,positionSensor3.s,mass1.s,inertia2.s' ||
    fail "simulate (WhyArrows) exited $?"
  bad=$(awk -F, 'NR > 1 && ($2 != -1 || $3 != 1 || $4 != 1 || $5 != $6) { print; exit }
    NR > 1 { n++ } END { if (n < 100) print "rows", n }' "$work/arrows.csv") || fail "awk failed"
  [ -z "$bad" ] || fail "WhyArrows (t, sensor1..3, mass1.s, inertia2.s): $bad"
  "$mbens" simulate --library "$msl" --class $tr.InitialConditions -o "$work/ic.csv" \
    --tolerance 1e-10 --signals 'm1.s,m2.s,m3.s,m4.s,s1.s_rel,sd1.s_rel' ||
    fail "simulate (InitialConditions) exited $?"
  bad=$(awk -F, 'function a(x) { return x < 0 ? -x : x }
    NR == 2 && (a($2) > 1e-12 || a($3 - 2.5) > 1e-12 || a($6 - 0.5) > 1e-12 ||
                a($7 - 1) > 1e-12) { print "start", $0; exit }
    NR > 1 && (a($4 - 4.5) > 1e-9 || a($5 - 12.5) > 1e-9) { print; exit }
    NR > 1 { n++ } END { if (n < 100) print "rows", n }' "$work/ic.csv") || fail "awk failed"
  [ -z "$bad" ] || fail "InitialConditions (t, m1..m4.s, s1.s_rel, sd1.s_rel): $bad"
  "$mbens" simulate --library "$msl" --class Modelica.Mechanics.Rotational.Examples.First \
    -o "$work/first.csv" --signals 'spring.phi_rel,inertia3.phi' ||
    fail "simulate (Rotational First) exited $?"
  bad=$(awk -F, 'function a(x) { return x < 0 ? -x : x }
    NR == 2 && a($2) > 1e-12 { print; exit } NR > 1 && /nan|inf/ { print; exit }
    NR > 1 { n++ } END { if (n < 100) print "rows", n }' "$work/first.csv") || fail "awk failed"
  [ -z "$bad" ] || fail "Rotational First (t, spring.phi_rel, inertia3.phi): $bad"
  "$mbens" simulate --library "$msl" --class $tr.Sensors -o "$work/sensors.csv" \
    --signals 'forceSensor.f,multiSensor.f,multiSensor.v,multiSensor.power,mass.a,sineForce.y' ||
    fail "simulate (Sensors) exited $?"
  bad=$(awk -F, 'function a(x) { return x < 0 ? -x : x }
    NR > 1 && (a($2 - $7) > 1e-12 || $3 != $2 || a($6 - $2) > 1e-12 || a($5 - $2 * $4) > 1e-12) {
      print; exit }
    NR > 1 { n++ } END { if (n < 100) print "rows", n }' "$work/sensors.csv") || fail "awk failed"
  [ -z "$bad" ] || fail "Translational Sensors (t, forceSensor.f, multi f, v, power, a, force): $bad"
  "$mbens" simulate --library "$msl" --class Modelica.Mechanics.Rotational.Examples.RollingWheel \
    -o "$work/wheel.csv" --tolerance 1e-10 --signals 'inertia.w,mass.v' ||
    fail "simulate (RollingWheel) exited $?"
  bad=$(awk -F, 'function a(x) { return x < 0 ? -x : x }
    function tanh(x) { return (exp(2 * x) - 1) / (exp(2 * x) + 1) }
    NR > 1 { t = $1; v = t > 0.1 ? 5 * tanh(t - 0.1) : 0
      if (a($2 - v) > 1e-8 || a($3 - $2) > 1e-12) { print t, $2 - v, $3 - $2; exit }
      n++ }
    END { if (n < 100) print "rows", n }' "$work/wheel.csv") || fail "awk failed"
  [ -z "$bad" ] || fail "Rotational RollingWheel (t, w - 5 tanh(t - 0.1), v - w): $bad"
  "$mbens" simulate --library "$msl" --class Modelica.Mechanics.Rotational.Examples.ElasticBearing \
    -o "$work/bearing.csv" --signals 'shaft.a,load.a,housing.a,ramp.y,springDamper.tau,multiSensor.tau' ||
    fail "simulate (ElasticBearing) exited $?"
  bad=$(awk -F, 'function a(x) { return x < 0 ? -x : x }
    NR > 1 { r = $2 + 50 * $3 + 5 * $4 - ($5 - $6)
      if (a(r) > 1e-9 * (1 + a($5) + a($6)) || a($7 + $6) > 1e-12 * (1 + a($6))) {
        print $1, r, $7 + $6; exit }
      n++ }
    END { if (n < 100) print "rows", n }' "$work/bearing.csv") || fail "awk failed"
  [ -z "$bad" ] || fail "ElasticBearing (t, momentum balance, multiSensor.tau + springDamper.tau): $bad"
else
  echo "MSL sources not found (\$5): its Translational and Rotational examples are not run"
fi
finish "run_flanges: rods and masses keep their lengths, relative starts hold, flow sensors agree"
