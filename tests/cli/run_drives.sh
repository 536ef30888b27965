#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# run_drives.sh MBENS MSL_DIR WORK DATA: Rotational.Sources.Speed and Accelerate moving a
# pendulum's joint (driven_pendulum.mo with its Position source replaced; input A sin(w t),
# A = 1.2, f = 0.7 Hz), against closed forms over 3 s at tolerance 1e-10:
# - Speed, exact=true: the joint's speed is the input, its angle A/w (1 - cos w t) (1e-8), its
#   acceleration A w cos w t (1e-12), speed.a the MSL's dummy 0;
# - Speed, exact=false (f_crit = 20 Hz, the input's phase 0.5): speed.a = (w_ref - w) 2 pi f_crit
#   (1e-9 relative), the start speed w_ref(0) = A sin 0.5 (the MSL's initial equation, 1e-12),
#   the angle within the filter's lag of the exact one (0.02);
# - Accelerate: the angle A/w (t - sin(w t)/w) (1e-8);
# - in all three the joint's torque is the inverse dynamics (I + m l^2) a + m g l cos(phi)
#   (1e-12 relative), the source's phi and w are the joint's, and OpenMP and OpenCL (PoCL) give
#   the same bytes.
# - driven_slider.mo: Translational.Sources.Accelerate on a vertical Prismatic's axis, then
#   Position with exact=true: the slider's s is A/w (t - sin(w t)/w), then A sin(w t) (1e-8, 1e-12),
#   its force m (a + g) (1e-12 of the weight and more), source.s and source.v the slider's.
# - moved_pendulum.mo: Rotational.Sources.Move with u = {A sin w t, A w cos w t, -A w^2 sin w t}:
#   the joint's angle, speed and acceleration are the inputs (1e-12), move.phi the angle, the
#   torque the inverse dynamics.
. "$(dirname "$0")/run_lib.sh"
data=$4
for v in speed_exact speed_filter accelerate; do
  phase=0
  case $v in
    speed_exact) decl='Speed speed(useSupport=true, exact=true)' port=w_ref ;;
    speed_filter) decl='Speed speed(useSupport=true, f_crit=20)' port=w_ref phase=0.5 ;;
    accelerate) decl='Accelerate speed(useSupport=true)' port=a_ref ;;
  esac
  sed -e "s/Position position(useSupport=true, f_crit=20)/$decl/" \
    -e "s/f=0.7)/f=0.7, phase=$phase)/" \
    -e "s/position\.phi_ref/speed.$port/; s/position\./speed./g" \
    "$data/driven_pendulum.mo" >"$work/$v.mo"
  "$mbens" simulate "$work/$v.mo" -o "$work/$v.csv" --stop-time 3 --interval 0.01 \
    --tolerance 1e-10 \
    --signals 'rev.phi,rev.w,rev.a,rev.tau,world.g,speed.phi,speed.w,speed.a' ||
    fail "simulate ($v) exited $?"
  bad=$(awk -F, -v v=$v -v P=$phase 'function a(x) { return x < 0 ? -x : x }
    NR > 1 && /nan|inf/ { print; exit }
    NR > 1 { W = 2 * atan2(0, -1) * 0.7; A = 1.2; t = $1
    tau = (0.03 + 2 * 0.25) * $4 + 2 * $6 * 0.5 * cos($2)
    bad = a($5 - tau) > 1e-12 * (1 + a(tau)) || $7 != $2 || $8 != $3
    ps = A / W * (1 - cos(W * t))
    if (v == "speed_exact")
      bad = bad || a($2 - ps) > 1e-8 || a($4 - A * W * cos(W * t)) > 1e-12 || $9 != 0
    if (v == "speed_filter") {
      ea = (A * sin(W * t + P) - $3) * 2 * atan2(0, -1) * 20
      pp = A / W * (cos(P) - cos(W * t + P))
      bad = bad || a($9 - ea) > 1e-9 * (1 + a(ea)) || a($2 - pp) > 0.02 ||
        (t == 0 && a($3 - A * sin(P)) > 1e-12)
    }
    if (v == "accelerate")
      bad = bad || a($2 - A / W * (t - sin(W * t) / W)) > 1e-8
    if (bad) { print v, t, $2, $3, $4, $5 - tau; exit }
    n++ }
    END { if (n < 300) print v, "rows", n }' "$work/$v.csv")
  [ -z "$bad" ] || fail "a driven joint leaves its closed form (source, t, phi, w, a, dtau): $bad"
done
for v in accelerate position; do
  f=$data/driven_slider.mo
  if [ $v = position ]; then
    sed -e 's/Sources.Accelerate source/Sources.Position source(exact=true)/' \
      -e 's/source\.a_ref/source.s_ref/' "$data/driven_slider.mo" >"$work/slider_position.mo"
    f=$work/slider_position.mo
  fi
  "$mbens" simulate "$f" -o "$work/slider_$v.csv" --stop-time 3 --interval 0.01 \
    --tolerance 1e-10 --signals 'slider.s,slider.v,slider.a,slider.f,source.s,source.v' ||
    fail "simulate (slider, $v) exited $?"
  bad=$(awk -F, -v v=$v 'function a(x) { return x < 0 ? -x : x }
    NR > 1 && /nan|inf/ { print; exit }
    NR > 1 { W = 2 * atan2(0, -1) * 0.7; A = 1.2; t = $1; f = 3 * ($4 + 9.80665)
    e = v == "accelerate" ? a($2 - A / W * (t - sin(W * t) / W)) - 1e-8 : a($2 - A * sin(W * t)) - 1e-12
    if (e > 0 || a($5 - f) > 1e-12 * (30 + a(f)) || $6 != $2 || $7 != $3) { print v, t, $2, $5 - f; exit }
    n++ }
    END { if (n < 300) print v, "rows", n }' "$work/slider_$v.csv")
  [ -z "$bad" ] || fail "the driven slider leaves its closed form (source, t, s, df): $bad"
done
"$mbens" simulate "$data/moved_pendulum.mo" -o "$work/move.csv" --stop-time 3 --interval 0.01 \
  --signals 'rev.phi,rev.w,rev.a,rev.tau,world.g,move.phi' || fail "simulate (Move) exited $?"
bad=$(awk -F, 'function a(x) { return x < 0 ? -x : x }
  NR > 1 && /nan|inf/ { print; exit }
  NR > 1 { W = 2 * atan2(0, -1) * 0.7; A = 1.2; t = $1
  e = a($2 - A * sin(W * t)) + a($3 - A * W * cos(W * t)) + a($4 + A * W * W * sin(W * t))
  tau = (0.03 + 2 * 0.25) * $4 + 2 * $6 * 0.5 * cos($2)
  if (!(e < 1e-12) || a($5 - tau) > 1e-12 * (1 + a(tau)) || $7 != $2) { print t, e, $5 - tau; exit }
  n++ }
  END { if (n < 300) print "rows", n }' "$work/move.csv")
[ -z "$bad" ] || fail "the moved joint is not its inputs or its torque not the inverse dynamics (t, error, dtau): $bad"
same_on_backends speed_filter "$work/speed_filter.mo" --stop-time 1 --interval 0.01
finish "run_drives: Speed, Accelerate, Move and a Translational drive move joints along their closed forms"
