#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# run_control.sh MBENS MODELS WORK DATA MSL_DIR: feedback through 1-D sensors and Blocks.Continuous
# against closed forms, tolerance 1e-10 (TransferFunction, Routing, StateSpace, KinematicPTP and
# the MSL's PID_Controller: at the end):
# - control_blocks.mo (blocks alone): FirstOrder (k 2, T 0.5) of a unit step is 2 (1 - e^-2t),
#   Integrator (k 3, y_start 1) 1 + 3 t, SecondOrder (k 1, w 4, D 1) 1 - e^-4t (1 + 4 t),
#   Derivative (k 1, T 0.1, x from 0) of u = t is 1 - e^(-t/T) (all 1e-8 over 2 s);
# - control_math.mo: Sum, Division, Abs, Sign, Sqrt, Sin, Cos, Tan, Atan2, Exp, Max and Min of
#   u1 = 1 + t and u2 = 2 - t are their functions (1e-12, Sign's 0 at t = 0.5 exactly);
# - control_pi_speed.mo: an inertia (J 1) speed-controlled by 4 e + 4 integral(e) through a
#   SpeedSensor: the closed loop (4 s + 4) / (s + 2)^2 answers a unit step with
#   1 - e^-2t + 2 t e^-2t (1e-8), and the integrator holds the torque the inertia needs;
# - control_pd_pendulum.mo: a pendulum (m 1 at 0.5 m) held by 50 (1 - phi) - 5 w read from an
#   AngleSensor and a SpeedSensor settles where 50 (1 - phi) = m g l cos(phi) (1e-7 at 8 s);
#   the sensors read the joint's phi, w and a exactly; control_pd_multibody.mo, the same law read
#   from MultiBody sensors (RelativeAngles angles[3], RelativeSensor w_rel[3]), settles at the
#   same angle (1e-9);
# - OpenMP and OpenCL (PoCL) give the same bytes for the pendulum.
# With the MSL sources (MSL_DIR), blocks written in equations (control_msl_blocks.mo, 1e-10):
# - the MSL's PI (k 4, T 1) in the same speed loop gives the same step response (1e-8);
# - Limiter (uMax 1) of 2 sin(2 pi t) is it clipped to [-1, 1] (1e-12);
# - LimIntegrator (outMax 0.2) stays within +-0.2 and leaves a limit as the integral does:
#   0.2 - 1/pi at 0.75 s, -0.2 + 1/pi at 1.25 s (1e-6: the limits are not located as events);
# - LimPID (k 4, Ti 1, Td 0.1, yMax 2) starts at its limit 2 and never leaves [-2, 2].
. "$(dirname "$0")/run_lib.sh"
data=$4 msl=${5:-}
"$mbens" simulate "$data/control_blocks.mo" -o "$work/blocks.csv" --stop-time 2 --interval 0.01 \
  --tolerance 1e-10 --signals 'first.y,integrator.y,second.y,derivative.y' ||
  fail "simulate (blocks) exited $?"
bad=$(awk -F, 'function a(x) { return x < 0 ? -x : x }
  NR > 1 && /nan|inf/ { print; exit }
  NR > 1 { t = $1; f = 2 * (1 - exp(-2 * t)); g = 1 + 3 * t; h = 1 - exp(-4 * t) * (1 + 4 * t)
    d = 1 - exp(-t / 0.1)
    if (a($2 - f) > 1e-8 || a($3 - g) > 1e-8 || a($4 - h) > 1e-8 || a($5 - d) > 1e-8) {
      print t, $2 - f, $3 - g, $4 - h, $5 - d; exit }
    n++ }
  END { if (n < 200) print "rows", n }' "$work/blocks.csv")
[ -z "$bad" ] || fail "a block leaves its closed form (t, first, integrator, second, derivative): $bad"
"$mbens" simulate "$data/control_math.mo" -o "$work/math.csv" --stop-time 1 --interval 0.05 \
  --signals 'sum.y,div.y,abs1.y,sign1.y,sqrt1.y,sin1.y,cos1.y,tan1.y,atan2a.y,exp1.y,max1.y,min1.y' ||
  fail "simulate (math) exited $?"
bad=$(awk -F, 'function a(x) { return x < 0 ? -x : x }
  NR > 1 { t = $1; u = 1 + t; v = 2 - t; d = u - v
    e[2] = 2 * u + 3 * v; e[3] = u / v; e[4] = a(d); e[5] = d > 0 ? 1 : d < 0 ? -1 : 0
    e[6] = sqrt(u); e[7] = sin(u); e[8] = cos(u); e[9] = sin(v) / cos(v); e[10] = atan2(u, v)
    e[11] = exp(v); e[12] = u > v ? u : v; e[13] = u < v ? u : v
    for (i = 2; i <= 13; i++) if (a($i - e[i]) > 1e-12 * (1 + a(e[i]))) { print t, i, $i, e[i]; exit }
    n++ }
  END { if (n < 20) print "rows", n }' "$work/math.csv")
[ -z "$bad" ] || fail "a math block leaves its function (t, column, value, expected): $bad"
"$mbens" simulate "$data/control_pi_speed.mo" -o "$work/pi.csv" --stop-time 4 --interval 0.01 \
  --tolerance 1e-10 --signals 'inertia.w,pi.y,inertia.a' || fail "simulate (PI) exited $?"
bad=$(awk -F, 'function a(x) { return x < 0 ? -x : x }
  NR > 1 && /nan|inf/ { print; exit }
  NR > 1 { t = $1; w = 1 - exp(-2 * t) + 2 * t * exp(-2 * t)
    if (a($2 - w) > 1e-8 || a($3 - $4) > 1e-9) { print t, $2 - w, $3 - $4; exit }
    n++ }
  END { if (n < 400) print "rows", n }' "$work/pi.csv")
[ -z "$bad" ] || fail "the PI loop leaves its step response (t, dw, torque - J a): $bad"
"$mbens" simulate "$data/control_pd_pendulum.mo" -o "$work/pd.csv" --stop-time 8 --interval 0.01 \
  --tolerance 1e-10 --signals 'rev.phi,rev.w,rev.a,angle.phi,speed.w,acc.a,world.g' ||
  fail "simulate (PD) exited $?"
bad=$(awk -F, 'function a(x) { return x < 0 ? -x : x }
  NR > 1 && /nan|inf/ { print; exit }
  NR > 1 { if ($5 != $2 || $6 != $3 || $7 != $4) { print "sensor", $1; exit }
    phi = $2; g = $8; n++ }
  END { x = 1; for (k = 0; k < 50; k++) { r = 50 * (1 - x) - 0.5 * g * cos(x)
      x -= r / (-50 + 0.5 * g * sin(x)) }
    if (a(phi - x) > 1e-7 || n < 700) print "settles at", phi, "not", x, "rows", n }' "$work/pd.csv")
[ -z "$bad" ] || fail "the PD pendulum (sensors equal the joint, the steady angle): $bad"
"$mbens" simulate "$data/control_pd_multibody.mo" -o "$work/pdm.csv" --stop-time 8 \
  --interval 0.01 --tolerance 1e-10 --signals 'angles.angles[3]' || fail "simulate (PD, MultiBody) exited $?"
a1=$(tail -n 1 "$work/pd.csv" | cut -d, -f2)
a2=$(tail -n 1 "$work/pdm.csv" | cut -d, -f2)
awk -v a="$a1" -v b="$a2" 'BEGIN { d = a - b; exit !(d < 1e-9 && d > -1e-9) }' ||
  fail "the PD pendulum settles at $a1 with 1-D sensors, at $a2 with a MultiBody sensor"
same_on_backends pd "$data/control_pd_pendulum.mo" --stop-time 2 --interval 0.01
if [ -f "$msl/Modelica/package.mo" ]; then
  "$mbens" simulate "$data/control_msl_blocks.mo" --library "$msl" -o "$work/msl.csv" \
    --stop-time 2 --interval 0.01 --tolerance 1e-10 \
    --signals 'inertia.w,limiter.y,limint.y,pid.y' || fail "simulate (MSL blocks) exited $?"
  bad=$(awk -F, 'function a(x) { return x < 0 ? -x : x }
    NR > 1 && /nan|inf/ { print; exit }
    NR > 1 { t = $1; pi = atan2(0, -1); w = 1 - exp(-2 * t) + 2 * t * exp(-2 * t)
      l = 2 * sin(2 * pi * t); l = l > 1 ? 1 : l < -1 ? -1 : l
      bad = a($2 - w) > 1e-8 || a($3 - l) > 1e-12 || a($4) > 0.2 + 1e-9 || a($5) > 2 + 1e-9
      bad = bad || (t == 0.75 && a($4 - 0.2 + 1 / pi) > 1e-6) ||
        (t == 1.25 && a($4 + 0.2 - 1 / pi) > 1e-6) || (t == 0 && $5 != 2)
      if (bad) { print t, $2 - w, $3 - l, $4, $5; exit }
      n++ }
    END { if (n < 200) print "rows", n }' "$work/msl.csv")
  [ -z "$bad" ] || fail "the MSL blocks (t, dPI, dLimiter, LimIntegrator, LimPID): $bad"
else
  echo "MSL sources not found (\$5): the blocks written in equations are not checked"
fi
# TransferFunction (control_tf.mo, unit step at 0): (2s + 3) / ((s + 1)(s + 2)) gives
# 1.5 - e^-t - 0.5 e^-2t, s / (s + 1) e^-t (its direct term), 2 / (s^2 + 3s + 2) started in its
# steady state stays at 1, 4 / 2 is 2 (1e-9 over 2 s); the first drives an inertia by its output
"$mbens" simulate "$data/control_tf.mo" -o "$work/tf.csv" --stop-time 2 --interval 0.01 \
  --tolerance 1e-10 --signals 'g1.y,g2.y,g3.y,g4.y,i1.w' || fail "simulate (tf) exited $?"
bad=$(awk -F, 'function a(x) { return x < 0 ? -x : x }
  NR > 1 && /nan|inf/ { print; exit }
  NR > 1 { t = $1; y1 = 1.5 - exp(-t) - 0.5 * exp(-2 * t); y2 = exp(-t)
    if (a($2 - y1) > 1e-9 || a($3 - y2) > 1e-9 || a($4 - 1) > 1e-9 || a($5 - 2) > 1e-12) {
      print t, $2 - y1, $3 - y2, $4 - 1, $5 - 2; exit }
    n++ }
  END { if (n < 200) print "rows", n }' "$work/tf.csv") || fail "awk failed"
[ -z "$bad" ] || fail "TransferFunction leaves its closed form (t, errors): $bad"
same_on_backends tf "$data/control_tf.mo" --stop-time 2 --interval 0.01
# Blocks.Routing (control_routing.mo): mux.y = {sine, sine, 3, -1}, demux.y1 = {sine},
# demux.y2 = {sine, 3, -1}; the last, passed through, is the torque on J 1: w = -t (exact)
"$mbens" simulate "$data/control_routing.mo" -o "$work/routing.csv" --stop-time 1 \
  --interval 0.05 --signals 'sine.y,mux.y[2],mux.y[3],demux.y1[1],demux.y2[2],demux.y2[3],i1.w' ||
  fail "simulate (routing) exited $?"
bad=$(awk -F, 'function a(x) { return x < 0 ? -x : x }
  NR > 1 && ($3 != $2 || $4 != 3 || $5 != $2 || $6 != 3 || $7 != -1 || a($8 + $1) > 1e-12) {
    print; exit }
  NR > 1 { n++ }
  END { if (n < 20) print "rows", n }' "$work/routing.csv") || fail "awk failed"
[ -z "$bad" ] || fail "Routing blocks (time, sine, mux.y[2..3], demux.y1[1], demux.y2[2..3], w): $bad"
# StateSpace (control_ss.mo, unit step at 0): x1' = x2, x2' = -2 x1 - 3 x2 + u from rest gives
# x1 = 0.5 - e^-t + 0.5 e^-2t, x2 = e^-t - e^-2t, y = {2 x1, x2 + u}; the same started in its steady
# state stays at y = x1 = 0.5; y[1] drives J 1: w = t - 1.5 + 2 e^-t - 0.5 e^-2t (1e-9 over 2 s);
# g3 (x1' = -x1 + u, x2' = -2 x2 + u, y = x1 + x2, InitialOutput y_start 0.3) starts where
# |A x + B u| is least with x1 + x2 = 0.3, x = (0.04, 0.26), then x1 = 1 - 0.96 e^-t,
# x2 = 0.5 - 0.24 e^-2t
"$mbens" simulate "$data/control_ss.mo" -o "$work/ss.csv" --stop-time 2 --interval 0.01 \
  --tolerance 1e-10 --signals 'g1.y[1],g1.y[2],g2.y[1],i1.w,g3.x[1],g3.x[2]' ||
  fail "simulate (ss) exited $?"
bad=$(awk -F, 'function a(x) { return x < 0 ? -x : x }
  NR > 1 && /nan|inf/ { print; exit }
  NR > 1 { t = $1; x1 = 0.5 - exp(-t) + 0.5 * exp(-2 * t); x2 = exp(-t) - exp(-2 * t)
    w = t - 1.5 + 2 * exp(-t) - 0.5 * exp(-2 * t)
    z1 = 1 - 0.96 * exp(-t); z2 = 0.5 - 0.24 * exp(-2 * t)
    if (a($2 - 2 * x1) > 1e-9 || a($3 - x2 - 1) > 1e-9 || a($4 - 0.5) > 1e-9 || a($5 - w) > 1e-9 ||
        a($6 - z1) > 1e-9 || a($7 - z2) > 1e-9) {
      print t, $2 - 2 * x1, $3 - x2 - 1, $4 - 0.5, $5 - w, $6 - z1, $7 - z2; exit }
    n++ }
  END { if (n < 200) print "rows", n }' "$work/ss.csv") || fail "awk failed"
[ -z "$bad" ] || fail "StateSpace leaves its closed form (t, errors): $bad"
same_on_backends ss "$data/control_ss.mo" --stop-time 2 --interval 0.01
# control_vector_state.mo: a user's block whose states are a vector x[2] (der(x[i]) in a
# for-loop, initial equation x = x0): a unit step through its two lags (T 0.5, 0.25) from rest
# gives x1 = 1 - e^-2t, y = 1 - 2 e^-2t + e^-4t and the integral t - (1 - e^-2t) + (1 - e^-4t)/4;
# started at x0 = {1, 1} it stays at 1 (1e-9)
"$mbens" simulate "$data/control_vector_state.mo" --class control_vector_state \
  -o "$work/vs.csv" --stop-time 2 --interval 0.01 --tolerance 1e-10 \
  --signals 'lag.x[1],lag.y,rest.y,i.y' || fail "simulate (vector state) exited $?"
bad=$(awk -F, 'function a(x) { return x < 0 ? -x : x }
  NR > 1 { t = $1; x1 = 1 - exp(-2 * t); y = 1 - 2 * exp(-2 * t) + exp(-4 * t)
    I = t - (1 - exp(-2 * t)) + (1 - exp(-4 * t)) / 4
    if (a($2 - x1) > 1e-9 || a($3 - y) > 1e-9 || a($4 - 1) > 1e-9 || a($5 - I) > 1e-9) {
      print t, $2 - x1, $3 - y, $4 - 1, $5 - I; exit }
    n++ }
  END { if (n < 200) print "rows", n }' "$work/vs.csv") || fail "awk failed"
[ -z "$bad" ] || fail "a block with a vector state (t, errors): $bad"
# Blocks.Continuous.Der (control_der.mo): of a sine (1 Hz) 2 pi cos(2 pi t); of a free inertia's
# angle its speed, of its speed (J 2, torque 1 + t) its acceleration (1e-12); a Der of the speed
# driving the torque itself (control_der_loop.mo) is refused naming the speed
"$mbens" simulate "$data/control_der.mo" -o "$work/der.csv" --stop-time 2 --interval 0.01 \
  --signals 'dsine.y,dangle.y,inertia.w,dspeed.y,inertia.a' || fail "simulate (der) exited $?"
bad=$(awk -F, 'function a(x) { return x < 0 ? -x : x }
  NR > 1 { t = $1; pi = atan2(0, -1); d = 2 * pi * cos(2 * pi * t); acc = t < 1 ? (1 + t) / 2 : 1
    if (a($2 - d) > 1e-12 || a($3 - $4) > 1e-12 || a($5 - acc) > 1e-12 || a($6 - acc) > 1e-12) {
      print t, $2 - d, $3 - $4, $5 - acc; exit }
    n++ }
  END { if (n < 200) print "rows", n }' "$work/der.csv") || fail "awk failed"
[ -z "$bad" ] || fail "Der leaves the derivative (t, errors): $bad"
out=$("$mbens" check "$data/control_der_loop.mo" 2>&1)
case "$out" in
  *"dspeed: der(u) needs the rate of inertia.w"*) ;;
  *) fail "a Der of the speed its own output accelerates: $out" ;;
esac
# KinematicPTP (control_ptp.mo): two axes (deltaq {2, -1}, qd_max 1, qdd_max {1, 2}, from
# 0.5 s): sd_max 1/2, sdd_max 1/2, a coasting phase, so y = deltaq/2 on (0.5, 1.5), 0 to 2.5,
# -deltaq/2 to 3.5; one axis (1, 10, 4) turns at Ta1 = 0.5 without coasting: 4, then -4 to 1
# (exact away from the switching times, which are time events); integrated twice the first
# axis and the single one reach deltaq, 2 and 1 (1e-9)
"$mbens" simulate "$data/control_ptp.mo" -o "$work/ptp.csv" --stop-time 4 --interval 0.01 \
  --tolerance 1e-10 --signals 'ptp.y[1],ptp.y[2],fast.y[1],q1.y,q2.y' ||
  fail "simulate (ptp) exited $?"
bad=$(awk -F, 'function a(x) { return x < 0 ? -x : x }
  function near(t, x) { return a(t - x) < 1e-9 }
  NR > 1 { t = $1
    if (!near(t, 0.5) && !near(t, 1.5) && !near(t, 2.5) && !near(t, 3.5)) {
      s = t > 0.5 && t < 1.5 ? 0.5 : t > 2.5 && t < 3.5 ? -0.5 : 0
      if ($2 != 2 * s || $3 != -s) { print "ptp", t, $2, $3; exit } }
    if (!near(t, 0.5) && !near(t, 1)) {
      f = t < 0.5 ? 4 : t < 1 ? -4 : 0
      if ($4 != f) { print "fast", t, $4; exit } }
    q1 = $5; q2 = $6; n++ }
  END { if (n < 400) print "rows", n
    else if (a(q1 - 2) > 1e-9 || a(q2 - 1) > 1e-9) print "final", q1, q2 }' "$work/ptp.csv") ||
  fail "awk failed"
[ -z "$bad" ] || fail "KinematicPTP leaves its profile (which, t, values): $bad"
# the MSL's LowpassButterworth (vector states x1, x2 and xr, vector initial equations): a unit
# step through n = 2 (f 1 Hz) gives 1 - e^(-a t) (cos a t + sin a t), a = 2 pi / sqrt 2, through
# n = 3 1 - e^-T - 2 / sqrt 3 e^(-T/2) sin(sqrt 3 T / 2), T = 2 pi t (1e-9); n = 3 in
# SteadyState stays at 1 (1e-12).
# the MSL's PID_Controller (LimPID in SteadyState, der(spring.w_rel) = 0, inertia1.a fixed): at
# rest at the start, holding the load (10 N m) with PI.y = -10 (1e-9); its reference, the
# integrated KinematicPTP, is the closed-form speed profile (1e-12); the drive tracks it within
# 0.03 rad/s until it brakes (2.07 s, where the limiter at 12 N m saturates) and is back at rest
# holding the load at 4 s (w 1e-4, PI.y -10 within 1e-3)
if [ -n "$msl" ] && [ -d "$msl/Modelica" ]; then
  "$mbens" simulate --library "$msl" "$data/control_butterworth.mo" -o "$work/bw.csv" \
    --stop-time 2 --interval 0.01 --tolerance 1e-10 --signals 'b2.y,b3.y,steady.y' ||
    fail "simulate (Butterworth) exited $?"
  bad=$(awk -F, 'function a(x) { return x < 0 ? -x : x }
    NR > 1 { t = $1; pi = atan2(0, -1); w = 2 * pi / sqrt(2); T = 2 * pi * t
      y2 = 1 - exp(-w * t) * (cos(w * t) + sin(w * t))
      y3 = 1 - exp(-T) - 2 / sqrt(3) * exp(-T / 2) * sin(sqrt(3) * T / 2)
      if (a($2 - y2) > 1e-9 || a($3 - y3) > 1e-9 || a($4 - 1) > 1e-12) {
        print t, $2 - y2, $3 - y3, $4 - 1; exit }
      n++ }
    END { if (n < 200) print "rows", n }' "$work/bw.csv") || fail "awk failed"
  [ -z "$bad" ] || fail "the MSL's LowpassButterworth (t, n = 2, n = 3, SteadyState): $bad"
  # the MSL's SlewRateLimiter example (two SlewRateLimiters in series through a Der, their limits
  # relations with events): all at rest before the step at 0.1 s (exact: each relation's mode
  # is settled with the others' at the start, an event iteration), then the position rises at
  # vMax = 2 (1e-9) and the limited velocity reaches 2 (1e-6); sSmoothed ends within 1e-3 of 1
  "$mbens" simulate --library "$msl" --class Modelica.Blocks.Examples.SlewRateLimiter \
    -o "$work/slew.csv" --interval 0.01 --tolerance 1e-10 \
    --signals 's,sSmoothed,vLimited,aLimited,v.y' || fail "simulate (SlewRateLimiter) exited $?"
  bad=$(awk -F, 'function a(x) { return x < 0 ? -x : x }
    NR > 1 && $1 < 0.0999 && ($2 != 0 || $3 != 0 || $4 != 0 || $5 != 0 || $6 != 0) {
      print "before the step", $0; exit }
    NR > 1 && $1 > 0.15 && $1 < 0.55 && a($6 - 2) > 1e-9 { print "v", $0; exit }
    NR > 1 && $1 > 0.25 && $1 < 0.55 && a($4 - 2) > 1e-6 { print "vLimited", $0; exit }
    NR > 1 { n++; last = $3 }
    END { if (n < 100) print "rows", n; else if (a(last - 1) > 1e-3) print "sSmoothed", last }' \
    "$work/slew.csv") || fail "awk failed"
  [ -z "$bad" ] || fail "the MSL's SlewRateLimiter example: $bad"
  "$mbens" simulate --library "$msl" --class Modelica.Blocks.Examples.PID_Controller \
    -o "$work/pid.csv" --interval 0.01 \
    --signals 'inertia1.a,inertia2.a,PI.y,integrator.y,inertia1.w' || fail "simulate (PID) exited $?"
  bad=$(awk -F, 'function a(x) { return x < 0 ? -x : x }
    NR == 2 && (a($2) > 1e-9 || a($3) > 1e-9 || a($4 + 10) > 1e-9) { print "start", $0; exit }
    NR > 1 { t = $1 - 0.5; ta = 1; tv = 2.5707963267948966 - 1; te = tv + 1
      w = t <= 0 ? 0 : t < ta ? t : t < tv ? 1 : t < te ? 1 - (t - tv) : 0
      if (a($5 - w) > 1e-12 || ($1 < 2.05 && a($6 - w) > 0.03)) { print $1, $5 - w, $6 - w; exit }
      n++; y = $4; w4 = $6 }
    END { if (n < 400) print "rows", n
      else if (a(w4) > 1e-4 || a(y + 10) > 1e-3) print "end", w4, y }' "$work/pid.csv") ||
    fail "awk failed"
  [ -z "$bad" ] || fail "the MSL's PID_Controller (t, reference - profile, w - profile): $bad"
  # Nonlinear.SlewRateLimiter (control_slew.mo, Td 0.001, Rising 0.5) on u = 0.1 + t, started in
  # its steady state y = u (an initial equation on the block's own input): y' = (u - y) / Td until
  # that reaches Rising at t1 = Td ln 2, then 0.5: y = 0.1 + 0.5 t + 0.5 Td (ln 2 - 1) (1e-9 from
  # 0.1 s on, y(0) = 0.1)
  "$mbens" simulate "$data/control_slew.mo" --library "$msl" -o "$work/slew.csv" --stop-time 2 \
    --interval 0.1 --tolerance 1e-10 --signals 'slew.y' || fail "simulate (slew) exited $?"
  bad=$(awk -F, 'function a(x) { return x < 0 ? -x : x }
    NR == 2 && a($2 - 0.1) > 1e-12 { print "start", $2; exit }
    NR > 2 { t = $1; y = 0.1 + 0.5 * t + 0.0005 * (log(2) - 1)
      if (a($2 - y) > 1e-9) { print t, $2 - y; exit } n++ }
    END { if (n != 20) print "rows", n }' "$work/slew.csv") || fail "awk failed"
  [ -z "$bad" ] || fail "SlewRateLimiter (t, error): $bad"
fi
finish "run_control: sensors feed controllers back, blocks follow their closed forms"
