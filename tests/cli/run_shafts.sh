#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# run_shafts.sh MBENS MSL_DIR WORK DATA: 1-D shafts with their own motion, Parts.Rotor1D and
# Rotational IdealGear against closed forms and a second model, at tolerance 1e-10 over 2 s:
# - shafts_two_inertias.mo (no World): two free inertias (J 1 and 2, phi 1 and 0 at rest) on a
#   spring (c = 100): inertia1.phi = 1/3 + 2/3 cos(sqrt(150) t) (1e-8), the momentum
#   J1 phi1 + J2 phi2 = 1 (1e-9), spring.tau = c (phi2 - phi1) (1e-9);
# - shafts_rotor_carrier.mo: a Rotor1D (J = 0.5) driven by sin(2 pi t) against a Mounting1D on a
#   carrier (I = 2) free to turn about the rotor's axis: the carrier turns at
#   -(1 - cos 2 pi t) / (3 pi), the rotor relative to it at -4 times that (1e-8), the angular
#   momentum 2 w_c + 0.5 w_r is 0 (1e-9: the MSL's rotor leaves J e e^T w_a to the carrier);
# - the same with exact = false (the MSL leaves the carrier's acceleration out of the rotor's
#   J a, and puts -J e.der(w_a) e on the carrier): 1.5 w_c' = -tau and 0.5 a = tau, so
#   w_c = -(1 - cos 2 pi t) / (3 pi) and the rotor (1 - cos 2 pi t) / pi relative to it (1e-8);
#   rotor_loose_gyro.mo: such a rotor (J 0.5 along x at 10 rad/s) on a carrier turning about z at
#   2 rad/s keeps both speeds, and its gyroscopic torque J w w_z = 10 about y is in
#   rotor.frame_a.t and, reversed, at the joint (1e-12);
# - the same with world.driveTrainMechanics3D = false: the connects to the absent frame_a are
#   removed, the rotor is a 1-D inertia, (1 - cos 2 pi t) / pi, and the carrier stays at rest;
# - shafts_gear_pendulum.mo: a motor inertia (J = 0.002, torque 0.3) drives a pendulum through
#   an IdealGear (ratio 10): the same motion as shafts_reflected_pendulum.mo, where the motor
#   sits on the axis reflected (J ratio^2, ratio tau) (1e-9), motor.phi = ratio rev.phi (exact to
#   rounding), and the axis torque rev.tau = ratio (tau - J motor.a) (1e-12 relative);
# - shafts_gear_carrier.mo: an IdealGear (ratio 4) with flange_b fixed and its support on an
#   inertia (J 2): sun.phi - carrier.phi = 4 (0 - carrier.phi), so the sun (J 0.1, torque 1)
#   accelerates at 1 / (0.1 + 2 / 9) (1e-12), the carrier at -1/3 of that;
# - shafts_planetary.mo: an IdealPlanetary (ratio 3, ring fixed) turns its carrier (J 1) at a
#   quarter of its sun (J 0.01, torque 1): the sun accelerates at 1 / (0.01 + 1/16); an
#   IdealGearR2T (10 rad/m) moves a mass (5 kg) by its pinion (J 0.02, torque 2) at
#   2 / (0.02 + 5/100) / 10 (1e-12);
# - shafts_gear_dangling.mo: a gear whose flange_b hangs free moves nothing: the inertia (J 2,
#   torque 1) on its flange_a accelerates at 0.5 and the free flange turns a third as far;
# - bevel_floating.mo: a floating spinning carrier (no gravity) with two Rotor1D at right
#   angles, a BevelGear1D (ratio 3) housed on it and a motor between rotor1 and a Mounting1D on
#   it: nothing outside acts, so the angular momentum I w + J1 w1 e1 + J2 w2 e2 (resolved in the
#   world) stays constant (1e-9; the housing's reaction -flange_a.tau n_a - flange_b.tau n_b
#   reaches the carrier) and rotor1.w = 3 rotor2.w; the same bevel with rotor2 turning about z,
#   not its n_b, is refused;
# - differential.mo: an IdealPlanetary (ratio 4) whose sun (J 0.1), ring (J 2) and carrier (J 1)
#   all turn (the carrier a coordinate of both others: its inertia couples them), a spring
#   (c 10) between sun and ring and nothing outside: the momentum 0.1 w_s + 2 w_r + w_c = 1.5
#   (1e-9) and the energy 1.95 (1e-8) stay, 5 w_c = w_s + 4 w_r (1e-12), and the TorqueSensor between
#   spring and ring (its ring side moved by two coordinates, so it reads the spring's side)
#   reads minus the spring's tau (flange_b.tau = tau at the spring: 1e-12);
# - rack_supports.mo: an IdealGearR2T (10 rad/m) whose supports sit on fixed flanges at 0.5 rad
#   and 0.2 m: the pinion (J 0.02, torque 2) accelerates at 2 / (0.02 + 5 / 100) and the mass
#   is at 0.2 + (phi - 0.5) / 10 (1e-12);
# - OpenMP and OpenCL (PoCL) give the same bytes for the rotor on its carrier, the gear and the
#   differential.
. "$(dirname "$0")/run_lib.sh"
data=$4
"$mbens" simulate "$data/shafts_two_inertias.mo" -o "$work/two.csv" --interval 0.01 \
  --tolerance 1e-10 --signals 'inertia1.phi,inertia2.phi,spring.tau' ||
  fail "simulate (two inertias) exited $?"
bad=$(awk -F, 'function a(x) { return x < 0 ? -x : x }
  NR > 1 && /nan|inf/ { print; exit }
  NR > 1 { t = $1; p1 = 1 / 3 + 2 / 3 * cos(sqrt(150) * t)
    if (a($2 - p1) > 1e-8 || a($2 + 2 * $3 - 1) > 1e-9 || a($4 - 100 * ($3 - $2)) > 1e-9) {
      print t, $2 - p1, $2 + 2 * $3 - 1; exit }
    n++ }
  END { if (n < 200) print "rows", n }' "$work/two.csv")
[ -z "$bad" ] || fail "two inertias leave their closed form (t, dphi1, momentum): $bad"
sed 's/driveTrainMechanics3D=true/driveTrainMechanics3D=false/' \
  "$data/shafts_rotor_carrier.mo" >"$work/rotor_1d.mo"
for v in 3d 1d; do
  f=$data/shafts_rotor_carrier.mo
  [ $v = 3d ] || f=$work/rotor_1d.mo
  "$mbens" simulate "$f" -o "$work/rotor_$v.csv" --interval 0.01 --tolerance 1e-10 \
    --signals 'revolute.w,rotor.w,rotor.phi' || fail "simulate (rotor, $v) exited $?"
  bad=$(awk -F, -v v=$v 'function a(x) { return x < 0 ? -x : x }
    NR > 1 && /nan|inf/ { print; exit }
    NR > 1 { pi = atan2(0, -1); t = $1; c = 1 - cos(2 * pi * t)
      if (v == "3d") { wc = -c / (3 * pi); wr = -4 * wc } else { wc = 0; wr = c / pi }
      if (a($2 - wc) > 1e-8 || a($3 - wr) > 1e-8 || (v == "3d" && a(2 * $2 + 0.5 * $3) > 1e-9)) {
        print v, t, $2 - wc, $3 - wr; exit }
      n++ }
    END { if (n < 200) print v, "rows", n }' "$work/rotor_$v.csv")
  [ -z "$bad" ] || fail "the rotor leaves its closed form (case, t, dw_carrier, dw_rotor): $bad"
done
for v in gear reflected; do
  "$mbens" simulate "$data/shafts_${v}_pendulum.mo" -o "$work/$v.csv" --stop-time 2 \
    --interval 0.01 --tolerance 1e-10 --signals 'rev.phi,rev.w,rev.tau,motor.phi,motor.a' ||
    fail "simulate ($v) exited $?"
done
bad=$(paste -d, "$work/gear.csv" "$work/reflected.csv" | awk -F, '
  function a(x) { return x < 0 ? -x : x }
  NR > 1 && /nan|inf/ { print; exit }
  NR > 1 { t = $1; tau = 10 * (0.3 - 0.002 * $6)
    if (a($2 - $8) > 1e-9 || a($3 - $9) > 1e-9 || a($5 - 10 * $2) > 1e-12 * (1 + a($5)) ||
        a($4 - tau) > 1e-12 * (1 + a(tau))) { print t, $2 - $8, $5 - 10 * $2, $4 - tau; exit }
    n++ }
  END { if (n < 200) print "rows", n }')
[ -z "$bad" ] || fail "the geared motor is not its reflection (t, dphi, dmotor, dtau): $bad"
"$mbens" simulate "$data/shafts_gear_carrier.mo" -o "$work/carrier.csv" --stop-time 1 \
  --interval 0.1 --signals 'sun.phi,sun.a,carrier.phi,carrier.a' || fail "simulate (carrier) exited $?"
bad=$(awk -F, 'function a(x) { return x < 0 ? -x : x }
  NR > 1 && /nan|inf/ { print; exit }
  NR > 1 { A = 1 / (0.1 + 2 / 9)
    if (a($3 - A) > 1e-12 * A || a($5 + A / 3) > 1e-12 * A || a($4 + $2 / 3) > 1e-12 * (1 + a($2))) {
      print $1, $3 - A, $5 + A / 3, $4 + $2 / 3; exit }
    n++ }
  END { if (n < 10) print "rows", n }' "$work/carrier.csv")
[ -z "$bad" ] || fail "the gear with a turning support leaves its closed form (t, dsun.a, dcarrier.a, dphi): $bad"
"$mbens" simulate "$data/shafts_planetary.mo" -o "$work/planetary.csv" --stop-time 1 \
  --interval 0.1 --signals 'sun.a,carrier.a,pinion.a,mass.a,sun.phi,carrier.phi' ||
  fail "simulate (planetary) exited $?"
bad=$(awk -F, 'function a(x) { return x < 0 ? -x : x }
  NR > 1 && /nan|inf/ { print; exit }
  NR > 1 { s = 1 / (0.01 + 1 / 16); p = 2 / (0.02 + 5 / 100)
    if (a($2 - s) > 1e-12 * s || a($3 - s / 4) > 1e-12 * s || a($4 - p) > 1e-12 * p ||
        a($5 - p / 10) > 1e-12 * p || a($7 - $6 / 4) > 1e-12 * (1 + a($6))) {
      print $1, $2 - s, $3 - s / 4, $4 - p, $5 - p / 10; exit }
    n++ }
  END { if (n < 10) print "rows", n }' "$work/planetary.csv")
[ -z "$bad" ] || fail "the planetary or the rack leaves its closed form (t, dsun, dcarrier, dpinion, dmass): $bad"
"$mbens" simulate "$data/shafts_gear_dangling.mo" -o "$work/dangling.csv" --stop-time 1 \
  --interval 0.5 --signals 'i1.a,i1.phi,gear.phi_b' || fail "simulate (dangling gear) exited $?"
bad=$(awk -F, 'function a(x) { return x < 0 ? -x : x }
  NR > 1 { if (a($2 - 0.5) > 1e-12 || a($4 - $3 / 3) > 1e-12) { print; exit } n++ }
  END { if (n != 3) print "rows", n }' "$work/dangling.csv")
[ -z "$bad" ] || fail "a gear with a free flange: $bad"
sig='carrier.w_a[1],carrier.w_a[2],carrier.w_a[3],rotor1.w,rotor2.w'
for i in 1 2 3; do
  for j in 1 2 3; do sig="$sig,carrier.frame_a.R.T[$i,$j]"; done
done
"$mbens" simulate "$data/bevel_floating.mo" -o "$work/bevel.csv" --stop-time 3 --interval 0.01 \
  --tolerance 1e-10 --signals "$sig" || fail "simulate (bevel) exited $?"
# h = I w + J1 w1 e1 + J2 w2 e2 in the carrier; H = R^T h with R.T in $7..$15 (row-major)
bad=$(awk -F, 'function a(x) { return x < 0 ? -x : x }
  NR > 1 && /nan|inf/ { print; exit }
  NR > 1 { h1 = 0.4 * $2 + 0.05 * $3 + 0.02 * $5; h2 = 0.05 * $2 + 0.6 * $3 + 0.1 * $6
    h3 = 0.9 * $4
    H1 = $7 * h1 + $10 * h2 + $13 * h3; H2 = $8 * h1 + $11 * h2 + $14 * h3
    H3 = $9 * h1 + $12 * h2 + $15 * h3
    if (NR == 2) { A = H1; B = H2; C = H3 }
    if (a(H1 - A) + a(H2 - B) + a(H3 - C) > 1e-9 || a($5 - 3 * $6) > 1e-12) {
      print $1, H1 - A, H2 - B, H3 - C, $5 - 3 * $6; exit }
    n++ }
  END { if (n < 300) print "rows", n }' "$work/bevel.csv") || fail "awk failed"
[ -z "$bad" ] || fail "the bevel gear's carrier loses angular momentum (t, dH, w1 - 3 w2): $bad"
sed 's/J=0.1, n={0,1,0}/J=0.1, n={0,0,1}/' "$data/bevel_floating.mo" >"$work/bevel_z.mo"
out=$("$mbens" check "$work/bevel_z.mo" 2>&1)
rc=$?
case "$rc $out" in
  "2 "*"bevel: flange_b turns rotor2, which is not a Rotor1D about bevel.n_b in the body of bevel.frame_a"*) ;;
  *) fail "a bevel gear whose rotor turns about another axis (exit $rc): $out" ;;
esac
"$mbens" simulate "$data/differential.mo" -o "$work/diff.csv" --stop-time 4 --interval 0.01 \
  --tolerance 1e-10 --signals 'sun.w,ring.w,carrier.w,spring.phi_rel,spring.tau,sensor.tau' ||
  fail "simulate (differential) exited $?"
bad=$(awk -F, 'function a(x) { return x < 0 ? -x : x }
  NR > 1 && /nan|inf/ { print; exit }
  NR > 1 { L = 0.1 * $2 + 2 * $3 + $4
    E = 0.05 * $2 * $2 + $3 * $3 + 0.5 * $4 * $4 + 5 * $5 * $5
    if (a(L - 1.5) > 1e-9 || a(E - 1.95) > 1e-8 || a(5 * $4 - $2 - 4 * $3) > 1e-12 ||
        a($7 + $6) > 1e-12) { print $1, L - 1.5, E - 1.95, 5 * $4 - $2 - 4 * $3, $7 + $6; exit }
    n++ }
  END { if (n < 400) print "rows", n }' "$work/diff.csv") || fail "awk failed"
[ -z "$bad" ] || fail "the differential (t, momentum, energy, constraint, sensor + spring): $bad"
"$mbens" simulate "$data/rack_supports.mo" -o "$work/rack.csv" --stop-time 1 --interval 0.01 \
  --signals 'pinion.phi,pinion.a,mass.s' || fail "simulate (rack) exited $?"
bad=$(awk -F, 'function a(x) { return x < 0 ? -x : x }
  NR > 1 && (a($3 - 2 / 0.07) > 1e-12 * 2 / 0.07 || a($4 - 0.2 - ($2 - 0.5) / 10) > 1e-12) {
    print; exit }
  NR > 1 { n++ } END { if (n < 100) print "rows", n }' "$work/rack.csv") || fail "awk failed"
[ -z "$bad" ] || fail "a rack on fixed supports (t, phi, a, s): $bad"
sed 's/Rotor1D rotor(J=0.5,/Rotor1D rotor(J=0.5, exact=false,/' "$data/shafts_rotor_carrier.mo" \
  >"$work/rotor_loose.mo"
"$mbens" simulate "$work/rotor_loose.mo" -o "$work/loose.csv" --interval 0.01 --tolerance 1e-10 \
  --signals 'revolute.w,rotor.w' || fail "simulate (rotor, exact = false) exited $?"
bad=$(awk -F, 'function a(x) { return x < 0 ? -x : x }
  NR > 1 { pi = atan2(0, -1); c = 1 - cos(2 * pi * $1)
    if (a($2 + c / (3 * pi)) > 1e-8 || a($3 - c / pi) > 1e-8) { print $1, $2, $3; exit }
    n++ }
  END { if (n < 200) print "rows", n }' "$work/loose.csv") || fail "awk failed"
[ -z "$bad" ] || fail "a rotor with exact = false on its carrier (t, w_c, w_rel): $bad"
"$mbens" simulate "$data/rotor_loose_gyro.mo" -o "$work/gyro.csv" --stop-time 1 --interval 0.01 \
  --signals 'revolute.w,rotor.w,revolute.frame_b.t[2],rotor.frame_a.t[2]' ||
  fail "simulate (loose gyro) exited $?"
bad=$(awk -F, 'function a(x) { return x < 0 ? -x : x }
  NR > 1 && (a($2 - 2) > 1e-12 || a($3 - 10) > 1e-12 || a($4 + 10) > 1e-11 || a($5 - 10) > 1e-11) {
    print; exit }
  NR > 1 { n++ } END { if (n < 100) print "rows", n }' "$work/gyro.csv") || fail "awk failed"
[ -z "$bad" ] || fail "the gyroscopic torque of a rotor with exact = false (t, w_c, w, joint, rotor): $bad"
same_on_backends diff "$data/differential.mo" --stop-time 1 --interval 0.01
same_on_backends bevel "$data/bevel_floating.mo" --stop-time 1 --interval 0.01
same_on_backends rotor "$data/shafts_rotor_carrier.mo" --interval 0.01 --tolerance 1e-8
same_on_backends gear "$data/shafts_gear_pendulum.mo" --interval 0.01 --tolerance 1e-8
finish "run_shafts: free inertias, Rotor1D on a carrier, a geared motor, a differential and a bevel gear on a floating carrier follow their closed forms and invariants"
