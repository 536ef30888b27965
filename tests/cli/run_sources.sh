#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# run_sources.sh MBENS MODELS WORK DATA [MSL_DIR]: the 1-D sources of parameters and speeds
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
# - Translational ConstantSpeed (v_fixed -1.5 from s 0.5): s = 0.5 - 1.5 t (1e-12);
# - sources_exp.mo, Blocks.Sources: ExpSine 0.1 + 2 e^(-0.7 dt) sin(3 pi dt + 0.3) from 0.2 s,
#   Exponentials -1 + 3 (1 - e^(-dt / 0.2)) from 0.3 s and 3 (1 - e^-2.5) e^(-(dt - 0.5) / 0.4)
#   after 0.8 s (1e-12; at the switching instants either side's value); their integrals, whose kinks are time events, against the closed-form
#   integrals at 2 s (1e-9).
# - sources_periodic.mo: Pulse, SawTooth and Trapezoid (with nperiod) against their closed forms
#   off their switching instants (1e-12) and their integrals against the closed forms at 10 s
#   (1e-9): a 1 % pulse is caught in every period although the steps between pulses are long
#   (the period number is a count, an event at each period's start, and the windows relations);
#   OpenMP and OpenCL give the same bytes.
# - sources_variable_sine.mo (MSL sources): SineVariableFrequencyAndAmplitude with its own
#   Constant blocks, 3 sin(4 pi t) and its integral 3 (1 - cos 4 pi t) / (4 pi), and fed by
#   f = 1 + 2 t and amplitude 0.5: 0.25 + 0.5 sin(2 pi (t + t^2)) (1e-8 over 1 s);
# - simulate --override: TorqueStep with J 2 and w.start 1 gives w = 1 + max(0, t - 0.5) / 2,
#   an @FILE of J = 4 and stepTorque 2 (a comment, a blank line, NAME VALUE) 0.5 + max(0, t -
#   0.5) / 2 (1e-12); an unknown name is refused with the closest one, a value that is no number
#   with the name;
# - user_integer_functions.mo: a user's torque of mod, floor, ceil, div, rem and integer of time
#   on J = 2: the speed is half the torque's integral, 2.175 at 1.5 s and 8.9916... at 3 s (1e-12,
#   their jumps events).
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
"$mbens" simulate "$data/sources_exp.mo" -o "$work/exp.csv" --stop-time 2 --interval 0.01 \
  --tolerance 1e-10 --signals 'es.y,ex.y,i1.y,i2.y' || fail "simulate (exp) exited $?"
bad=$(awk -F, 'function a(x) { return x < 0 ? -x : x }
  NR > 1 { t = $1; pi = atan2(0, -1); d = t - 0.2; e = t - 0.3
    es = d < 0 ? 0.1 : 0.1 + 2 * exp(-0.7 * d) * sin(3 * pi * d + 0.3)
    ex = e < 0 ? -1 : e < 0.5 ? -1 + 3 * (1 - exp(-e / 0.2)) : \
      -1 + 3 * (1 - exp(-2.5)) * exp(-(e - 0.5) / 0.4)
    if ((a(d) > 1e-9 && a($2 - es) > 1e-12) ||
        (a(e) > 1e-9 && a(e - 0.5) > 1e-9 && a($3 - ex) > 1e-12)) { print t, $2 - es, $3 - ex; exit }
    n++; i1 = $4; i2 = $5 }
  END { pi = atan2(0, -1); w = 3 * pi; k = 0.7; D = 1.8; E = 1.7
    # the integral of e^(-k x) sin(w x + p) over [0, D]: [-e^(-k x) (k sin + w cos)] / (k^2 + w^2)
    I1 = 0.1 * 2 + 2 * ((k * sin(0.3) + w * cos(0.3)) - exp(-k * D) * (k * sin(w * D + 0.3) + \
      w * cos(w * D + 0.3))) / (k * k + w * w)
    top = 3 * (1 - exp(-2.5))
    I2 = -2 + 3 * (0.5 - 0.2 * (1 - exp(-2.5))) + top * 0.4 * (1 - exp(-(E - 0.5) / 0.4))
    if (n < 200) print "rows", n
    else if (a(i1 - I1) > 1e-9 || a(i2 - I2) > 1e-9) print "integrals", i1 - I1, i2 - I2 }' \
  "$work/exp.csv") || fail "awk failed"
[ -z "$bad" ] || fail "ExpSine and Exponentials (t, errors): $bad"
"$mbens" simulate "$data/sources_periodic.mo" -o "$work/periodic.csv" --stop-time 10 \
  --interval 0.01 --tolerance 1e-10 --signals 'pulse.y,pulse3.y,trap.y,saw.y,i1.y,i2.y,i3.y,i4.y' ||
  fail "simulate (periodic) exited $?"
bad=$(awk -F, 'function a(x) { return x < 0 ? -x : x }
  function ph(t, t0, T) { return t < t0 ? -1 : (t - t0) - T * int((t - t0) / T) }
  function near(t, t0, T, d) { d = ph(t, t0, T); return t >= t0 && (d < 1e-9 || T - d < 1e-9) }
  NR > 1 { t = $1
    d = ph(t, 0.25, 1); p1 = 0.5 + (d >= 0 && d < 0.01 ? 2 : 0)
    d = ph(t, 0.1, 0.7); p3 = (d >= 0 && d < 0.21 && t < 0.1 + 3 * 0.7 ? 1 : 0)
    d = ph(t, 0.05, 0.8)
    tr = -1 + (d < 0 ? 0 : d < 0.1 ? 3 * d / 0.1 : d < 0.3 ? 3 : d < 0.6 ? 3 * (0.6 - d) / 0.3 : 0)
    d = ph(t, 0, 0.3); sw = t < 1.5 ? 2 * d / 0.3 : 0
    if ((!near(t, 0.25, 1) && !near(t - 0.01, 0.25, 1) && a($2 - p1) > 1e-12) ||
        (!near(t, 0.1, 0.7) && !near(t - 0.21, 0.1, 0.7) && a($3 - p3) > 1e-12) ||
        (!near(t, 0.05, 0.8) && !near(t - 0.3, 0.05, 0.8) && !near(t - 0.6, 0.05, 0.8) &&
         a($4 - tr) > 1e-12) || (!near(t, 0, 0.3) && a($5 - sw) > 1e-12)) {
      print t, $2 - p1, $3 - p3, $4 - tr, $5 - sw; exit }
    n++; i1 = $6; i2 = $7; i3 = $8; i4 = $9 }
  END { if (n < 1000) print "rows", n
    else if (a(i1 - 5.2) > 1e-9 || a(i2 - 0.63) > 1e-9 || a(i3 - 5.2875) > 1e-9 ||
             a(i4 - 1.5) > 1e-9) print "integrals", i1 - 5.2, i2 - 0.63, i3 - 5.2875, i4 - 1.5 }' \
  "$work/periodic.csv") || fail "awk failed"
[ -z "$bad" ] || fail "Pulse, SawTooth, Trapezoid (t, errors): $bad"
same_on_backends periodic "$data/sources_periodic.mo" --stop-time 10 --interval 0.01 \
  --signals 'i1.y,i2.y,i3.y,i4.y'
if [ -f "${5:-}/Modelica/package.mo" ]; then
  "$mbens" simulate "$data/sources_variable_sine.mo" --library "$5" -o "$work/vs.csv" \
    --stop-time 1 --interval 0.01 --tolerance 1e-10 --signals 'fixedSine.y,i1.y,sweep.y' ||
    fail "simulate (variable sine) exited $?"
  bad=$(awk -F, 'function a(x) { return x < 0 ? -x : x }
    NR > 1 { t = $1; pi = atan2(0, -1); y1 = 3 * sin(4 * pi * t); I = 3 * (1 - cos(4 * pi * t)) / (4 * pi)
      y2 = 0.25 + 0.5 * sin(2 * pi * (t + t * t))
      if (a($2 - y1) > 1e-8 || a($3 - I) > 1e-8 || a($4 - y2) > 1e-8) { print t, $2 - y1, $3 - I, $4 - y2; exit }
      n++ }
    END { if (n != 101) print "rows", n }' "$work/vs.csv") || fail "awk failed"
  [ -z "$bad" ] || fail "SineVariableFrequencyAndAmplitude (t, errors): $bad"
fi
"$mbens" simulate "$data/sources.mo" --class Sources.TorqueStep -o "$work/ov.csv" --stop-time 1 \
  --interval 0.01 --tolerance 1e-10 --signals i1.w --override i1.J=2 --override i1.w.start=1 ||
  fail "simulate --override exited $?"
check ov '$2 - (1 + (t > 0.5 ? t - 0.5 : 0) / 2)' 1e-12
printf '# the best parameters\ni1.J = 4\n\nsrc.stepTorque 2\n' >"$work/best.txt"
"$mbens" simulate "$data/sources.mo" --class Sources.TorqueStep -o "$work/ovf.csv" --stop-time 1 \
  --interval 0.01 --tolerance 1e-10 --signals i1.w --override "@$work/best.txt" ||
  fail "simulate --override @FILE exited $?"
check ovf '$2 - (0.5 + (t > 0.5 ? t - 0.5 : 0) / 2)' 1e-12
out=$("$mbens" simulate "$data/sources.mo" --class Sources.TorqueStep -o - --override i1.Q=2 2>&1)
case "$out" in *"no parameter or variable 'i1.Q'; did you mean 'i1.J'"*) ;; *) fail "override i1.Q: $out" ;; esac
out=$("$mbens" simulate "$data/sources.mo" --class Sources.TorqueStep -o - --override i1.J=x 2>&1)
case "$out" in *"the value of 'i1.J' is not a number"*) ;; *) fail "override i1.J=x: $out" ;; esac
"$mbens" simulate "$data/user_integer_functions.mo" -o "$work/int.csv" --stop-time 3 \
  --interval 1.5 --tolerance 1e-10 --signals inertia.w || fail "simulate (integer functions) exited $?"
bad=$(awk -F, 'function a(x) { return x < 0 ? -x : x }
  NR == 3 && a($2 - 2.175) > 1e-12 { print $0 } NR == 4 && a($2 - 107.9 / 12) > 1e-12 { print $0 }
  END { if (NR != 4) print "rows", NR }' "$work/int.csv") || fail "awk failed"
[ -z "$bad" ] || fail "integer functions (t, w): $bad"
finish "run_sources: steps, speed-dependent and constant-speed sources follow their closed forms"
