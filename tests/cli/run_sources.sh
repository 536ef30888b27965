#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# run_sources.sh MBENS MSL_DIR WORK DATA: the 1-D sources of parameters and speeds
# (data/sources.mo, the catalogue's) against closed forms, at tolerance 1e-10 over 1 s:
# - TorqueStep (1 at t = 0.5 on J 1 from w 0.5): w = 0.5 + max(0, t - 0.5), to 1e-12: its start
#   is a time event, located exactly (one event), as the MSL's `time < startTime` says;
# - LinearSpeedDependentTorque (tau = -4 w/2, J 2, w 3): w = 3 exp(-t) (1e-9);
# - ConstantSpeed (w_fixed 2, an inertia on a damper, phi 1 at the start): phi = 1 + 2 t (1e-12);
# - ForceStep (offset 2, step -4 at 0.25, m 2, v 1): v = 1 + t, then 1.25 - (t - 0.25), and
#   the MSL's f = -offsetForce - stepForce after the step (1e-12);
# - QuadraticSpeedDependentForce (f = -0.5 v |v|, m 2, v 4): v = 4 / (1 + t) (1e-9), and f as
#   the MSL's, minus the accelerating force;
# - LinearSpeedDependentForce (f = -3 |v|, m 1, v 2): v = 2 exp(-3 t) (1e-9);
# - Translational ConstantSpeed (v_fixed -1.5 from s 0.5): s = 0.5 - 1.5 t (1e-12).
. "$(dirname "$0")/run_lib.sh"
data=$4
sim() {  # sim CLASS SIGNALS: its CSV in $work/CLASS.csv
  "$mbens" simulate "$data/sources.mo" --class "Sources.$1" -o "$work/$1.csv" --stop-time 1 \
    --interval 0.01 --tolerance 1e-10 --signals "$2" || fail "simulate ($1) exited $?"
}
# check CLASS AWK-EXPRESSION TOLERANCE: the expression (of t = $1 and the CSV's columns) is the
# error, below the tolerance at every row
check() {
  bad=$(awk -F, -v tol="$3" 'function a(x) { return x < 0 ? -x : x }
    NR > 1 && /nan|inf/ { print; exit }
    NR > 1 { t = $1; e = '"$2"'; if (a(e) > tol) { print t, e; exit } n++ }
    END { if (n < 100) print "rows", n }' "$work/$1.csv") || fail "awk failed"
  [ -z "$bad" ] || fail "$1 leaves its closed form (t, error): $bad"
}
sim TorqueStep i1.w
check TorqueStep '$2 - (0.5 + (t > 0.5 ? t - 0.5 : 0))' 1e-12
sim LinearTorque i1.w
check LinearTorque '$2 - 3 * exp(-t)' 1e-9
sim ConstantSpeed i1.phi
check ConstantSpeed '$2 - (1 + 2 * t)' 1e-12
sim ForceStep m1.v,src.f
check ForceStep '$2 - (t < 0.25 ? 1 + t : 1.25 - (t - 0.25)) + (t > 0.25 ? $3 - 2 : 0)' 1e-12
sim QuadraticForce m1.v,src.f
check QuadraticForce '$2 - 4 / (1 + t) + ($3 - 0.5 * $2 * $2) / 100' 1e-9
sim LinearForce m1.v
check LinearForce '$2 - 2 * exp(-3 * t)' 1e-9
sim ConstantVelocity m1.s
check ConstantVelocity '$2 - (0.5 - 1.5 * t)' 1e-12
out=$("$mbens" run "$data/sources.mo" --class Sources.TorqueStep -n 1 -o "$work/step" --quiet \
  --qoi 'final(i1.w)' && cat "$work/step/members.csv") || fail "run (TorqueStep) exited $?"
case "$out" in
  *",ok,"*",1,"*) ;;
  *) fail "TorqueStep's start is not one time event: $out" ;;
esac
finish "run_sources: steps, speed-dependent and constant-speed sources follow their closed forms"
