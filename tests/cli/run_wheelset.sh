#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# run_wheelset.sh MBENS MSL_DIR WORK DATA: Joints.RollingWheelSet (two wheels of radius 0.1 on an
# axle of track 0.5, rolling without slip; the constraints embedded: 5 positions, 2 speeds)
# with wheel bodies (m 0.5, I 0.01 about the axle, 0.02 across), a chassis body at frameMiddle
# (m 2, I_33 0.3) and a motor torque on each wheel against the support (data/wheelset.mo), at
# tolerance 1e-10 over 2 s, against closed forms from the kinetic energy:
# - equal torques 0.2 (Straight): the set rolls along x with der_theta = 2 tau t / (M r^2 +
#   2 I_axis) = 8 t and x = r 8 t^2 / 2, y and phi stay 0 (1e-9);
# - opposite torques (Spin): it turns in place, der_theta1 = -der_theta2 = 2 tau t / J with
#   J = 2 I_axis + 2 m r^2 + (2 I_long + I_33) (2 r / T)^2 = 0.0844, phi = -(2 r / T) times the
#   wheel's angle, x and y stay 0 (1e-9): the wheels' inertia across the axle enters through
#   the yaw (Kane's form of their derived frames);
# - the wheels stay on the ground (wheel1.r_0[3] = r) and OpenMP and OpenCL give the same bytes.
. "$(dirname "$0")/run_lib.sh"
data=$4
sig='set.x,set.y,set.phi,set.der_theta1,set.der_theta2,wheel1.r_0[3]'
for c in Straight Spin; do
  "$mbens" simulate "$data/wheelset.mo" --class "WheelSet.$c" -o "$work/$c.csv" --stop-time 2 \
    --interval 0.01 --tolerance 1e-10 --signals "$sig" || fail "simulate ($c) exited $?"
done
bad=$(awk -F, 'function a(x) { return x < 0 ? -x : x }
  NR > 1 && /nan|inf/ { print; exit }
  NR > 1 { t = $1; w = 8 * t; x = 0.1 * 4 * t * t
    if (a($2 - x) + a($3) + a($4) > 1e-9 || a($5 - w) + a($6 - w) > 1e-9 || a($7 - 0.1) > 1e-12) {
      print t, $2 - x, $3, $4, $5 - w, $6 - w; exit }
    n++ }
  END { if (n < 200) print "rows", n }' "$work/Straight.csv") || fail "awk failed"
[ -z "$bad" ] || fail "the wheel set does not roll straight (t, dx, y, phi, dw1, dw2): $bad"
bad=$(awk -F, 'function a(x) { return x < 0 ? -x : x }
  NR > 1 && /nan|inf/ { print; exit }
  NR > 1 { t = $1; wd = 0.4 / 0.0844; w = wd * t; phi = -0.4 * wd * t * t / 2
    if (a($2) + a($3) > 1e-9 || a($4 - phi) > 1e-9 || a($5 - w) + a($6 + w) > 1e-9) {
      print t, $2, $3, $4 - phi, $5 - w, $6 + w; exit }
    n++ }
  END { if (n < 200) print "rows", n }' "$work/Spin.csv") || fail "awk failed"
[ -z "$bad" ] || fail "the wheel set does not turn in place (t, x, y, dphi, dw1, dw2): $bad"
same_on_backends spin "$data/wheelset.mo" --class WheelSet.Spin --interval 0.01
finish "run_wheelset: the wheel set rolls straight and turns in place as its closed forms say"
