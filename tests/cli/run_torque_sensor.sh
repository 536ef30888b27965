#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# run_torque_sensor.sh MBENS MSL_DIR WORK DATA: Rotational TorqueSensor and
# Blocks.Continuous.CriticalDamping against closed forms. torque_sensor.mo: a pendulum's joint
# (I = 0.03 + 2 * 0.5^2) drives, through a torque sensor, a 1-D inertia (J = 0.2) that a constant
# torque (1.5 N m) loads. At every output point over 2 s:
# - the sensor's tau is what the inertia's side takes, J a - 1.5 (a the joint's acceleration),
#   to 1e-12 relative;
# - the joint's acceleration is the pendulum's with J on its axis,
#   (1.5 - m g l cos(phi)) / (I + J), to 1e-10 relative;
# - a CriticalDamping (n = 2, SteadyState) on the sensor starts at tau(0);
# - CriticalDamping of a unit step (n = 2, f = 2 Hz, not normalized, InitialState x = 0) is
#   x1 = 1 - exp(-w t), x2 = 1 - exp(-w t) (1 + w t), w = 2 pi f, to 1e-8;
# - n = 3 with InitialOutput y_start = 0.25 starts every state at 0.25.
# - power_sensor.mo: a MultiBody Sensors.Power between a driven revolute (2 N m, ideal, world
#   fixed) and its pendulum reads the power the torque puts in, 2 w (1e-12 relative);
# - OpenMP and OpenCL (PoCL) give the same bytes when there is a device.
. "$(dirname "$0")/run_lib.sh"
data=$4
"$mbens" simulate "$data/torque_sensor.mo" -o "$work/ts.csv" --stop-time 2 --interval 0.01 \
  --tolerance 1e-10 --signals 'rev.a,sensor.tau,torqueFilter.x[1],torqueFilter.x[2],step2.x[1],step2.x[2],step3.x[1],step3.x[3],rev.phi,world.g' ||
  fail "simulate exited $?"
bad=$(awk -F, 'function a(x) { return x < 0 ? -x : x }
  NR > 1 && /nan|inf/ { print; exit }
  NR > 1 { t = $1; acc = $2; tau = 0.2 * acc - 1.5; g = $11
  acc0 = (1.5 - 2 * g * 0.5 * cos($10)) / (0.03 + 0.5 + 0.2)
  w = 2 * 3.141592653589793 * 2; x1 = 1 - exp(-w * t); x2 = 1 - exp(-w * t) * (1 + w * t)
  if (a($3 - tau) > 1e-12 * (1 + a(tau)) || a(acc - acc0) > 1e-10 * (1 + a(acc0)) ||
      a($6 - x1) > 1e-8 || a($7 - x2) > 1e-8 || (NR == 2 && ($4 != $3 || $5 != $3 || $8 != 0.25 || $9 != 0.25))) {
    print t, $3 - tau, acc - acc0, $6 - x1, $7 - x2, $4, $8; exit }
  n++ }
  END { if (n < 200) print "rows", n }' "$work/ts.csv")
[ -z "$bad" ] || fail "the torque sensor or the filters leave their closed forms (t, dtau, da, dx1, dx2, filter x1(0), step3 x1(0)): $bad"
"$mbens" simulate "$data/power_sensor.mo" -o "$work/pw.csv" --stop-time 2 --interval 0.01 \
  --signals 'power.power,rev.w' || fail "simulate (power) exited $?"
bad=$(awk -F, 'function a(x) { return x < 0 ? -x : x }
  NR > 1 && (/nan|inf/ || a($2 - 2 * $3) > 1e-12 * (1 + a($2))) { print $1, $2, 2 * $3; exit }
  NR > 1 { n++; m = a($2) > m ? a($2) : m }
  END { if (n < 200 || m < 1) print "rows", n, "largest power", m }' "$work/pw.csv") ||
  fail "awk failed"
[ -z "$bad" ] || fail "Sensors.Power (t, power, 2 w): $bad"
same_on_backends ts "$data/torque_sensor.mo" --stop-time 1 --interval 0.01
finish "run_torque_sensor: the sensors' torque and power and the filters against closed forms"
