#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# run_user_forces.sh MBENS MSL_DIR WORK DATA: users' force laws stated in equations (mech_user.c)
# against independent truth. A cubic spring-damper whose stretch comes from a nonlinear equation
# (Newton): kinetic + potential + dissipated energy (the dissipation is a state of the
# component's own) stays the initial energy to 1e-8 J. A Maxwell element held at a fixed length
# relaxes as the closed form f = c (L - s0) exp(-c t / d), its damper elongation a state of its
# own. A rotational and a translational spring-damper on joint axes follow the damped
# oscillator's closed form, and so does a PartialForce (frame_b's cut force); a PartialForce on
# a pendulum keeps its energy and its der(r_rel_b) in the turning frame. All give the same bytes on OpenMP and OpenCL (PoCL) when there is a device, and a study
# that varies the spring constant gives the same members on both.
. "$(dirname "$0")/run_lib.sh"
data=$4

# ---- cubic spring-damper: energy balance ---------------------------------------------------------
"$mbens" simulate "$data/user_cubic.mo" -o "$work/cubic.csv" --backend openmp \
  --signals slider.s,slider.v,sd.E_diss,sd.f --stop-time 3 --interval 0.05 --tolerance 1e-12 ||
  fail "cubic: simulate exited $?"
# m = 2, c = 200, s0 = 0.5, s(0) = 0.8, v(0) = 0: E0 = c/4 0.3^4
bad=$(awk -F, 'NR > 1 { s = $2; v = $3; e = 0.5 * 2 * v * v + 50 * (s - 0.5)^4 + $4;
  d = e - 50 * 0.3^4; if (d < 0) d = -d; if (d > 1e-8) { print $1, d; exit } n++ }
  END { if (n < 60) print "only", n, "rows" }' "$work/cubic.csv")
[ -z "$bad" ] || fail "cubic: energy balance off by more than 1e-8 J at t = $bad"
# the dissipation actually happened (the test would pass trivially without motion)
awk -F, 'END { exit !($4 > 0.25) }' "$work/cubic.csv" || fail "cubic: nothing dissipated"

# ---- Maxwell element: relaxation -----------------------------------------------------------------
"$mbens" simulate "$data/user_maxwell.mo" -o "$work/maxwell.csv" --backend openmp \
  --signals mx.s_d,mx.f --stop-time 2 --interval 0.05 --tolerance 1e-12 ||
  fail "maxwell: simulate exited $?"
# c = 50, d = 20, L - s0 = 0.5: f = 25 exp(-2.5 t), s_d = 0.5 (1 - exp(-2.5 t))
bad=$(awk -F, 'NR > 1 { t = $1; f = 25 * exp(-2.5 * t); sd = 0.5 * (1 - exp(-2.5 * t));
  a = $3 - f; b = $2 - sd; if (a < 0) a = -a; if (b < 0) b = -b;
  if (a > 1e-8 || b > 1e-9) { print t, a, b; exit } n++ }
  END { if (n < 40) print "only", n, "rows" }' "$work/maxwell.csv")
[ -z "$bad" ] || fail "maxwell: off the closed form at t = $bad"

# ---- algebraic loops in a law: a linear and a nonlinear block of two equations -----------------
# f = 10 (s - 1) + y, y = f / 2 (linear, solved exactly): f = 20 (s - 1), m = 1, s(0) = 0.8:
# s = 1 - 0.2 cos(sqrt(20) t). The cubic law f = c w^3 with w from w + w^3 = x + x^3 + (f - c w^3)
# (nonlinear, Newton on the 2x2 block) keeps 0.5 m v^2 + c/4 (s - s0)^4 and gives w = s - s0.
"$mbens" simulate "$data/user_loop.mo" -o "$work/loop.csv" --backend openmp --signals slider.s \
  --stop-time 3 --interval 0.05 --tolerance 1e-12 || fail "loop: simulate exited $?"
bad=$(awk -F, 'NR > 1 { e = $2 - (1 - 0.2 * cos(sqrt(20) * $1)); if (e < 0) e = -e;
  if (e > 1e-9) { print $1, e; exit } n++ } END { if (n < 60) print "only", n, "rows" }' "$work/loop.csv")
[ -z "$bad" ] || fail "linear loop: off the closed form at t = $bad"
"$mbens" simulate "$data/user_loop_cubic.mo" -o "$work/loop_cubic.csv" --backend openmp \
  --signals slider.s,slider.v,lf.w --stop-time 3 --interval 0.05 --tolerance 1e-12 ||
  fail "cubic loop: simulate exited $?"
bad=$(awk -F, 'NR > 1 { s = $2; v = $3; e = v * v + 50 * (s - 0.5)^4 - 50 * 0.3^4;
  w = $4 - (s - 0.5); if (e < 0) e = -e; if (w < 0) w = -w;
  if (e > 1e-8 || w > 1e-12) { print $1, e, w; exit } if (s < 0.3) moved = 1; n++ }
  END { if (n < 60 || !moved) print "only", n, "rows or no motion" }' "$work/loop_cubic.csv")
[ -z "$bad" ] || fail "nonlinear loop: energy or stretch off at t = $bad"

# ---- 1-D elements on joint axes: damped oscillators ---------------------------------------------
# x'' + (d/J) x' + (c/J) x = 0, x(0) = x0, x'(0) = 0: x = exp(-a t) (x0 cos(wd t) + a x0/wd sin(wd t))
# with a = d/(2J), wd = sqrt(c/J - a^2). Rotational (PartialCompliantWithRelativeStates, w_rel):
# J = 0.5, c = 8, d = 0.4, x0 = 0.5; translational (PartialCompliant, der(s_rel)): m = 2, c = 18,
# d = 1.2, x0 = 0.3
oscillator() { # MODEL SIGNAL J C D X0
  "$mbens" simulate "$data/$1.mo" -o "$work/$1.csv" --backend openmp --signals "$2" \
    --stop-time 3 --interval 0.05 --tolerance 1e-12 || fail "$1: simulate exited $?"
  bad=$(awk -F, -v J="$3" -v c="$4" -v d="$5" -v x0="$6" 'NR > 1 { t = $1; a = d / (2 * J);
    wd = sqrt(c / J - a * a); x = exp(-a * t) * (x0 * cos(wd * t) + a * x0 / wd * sin(wd * t));
    e = $2 - x; if (e < 0) e = -e; if (e > 1e-9) { print t, e; exit } n++ }
    END { if (n < 60) print "only", n, "rows" }' "$work/$1.csv")
  [ -z "$bad" ] || fail "$1: off the damped oscillator at t = $bad"
}
oscillator user_rot rev.phi 0.5 8 0.4 0.5
oscillator user_trans slider.s 2 18 1.2 0.3
# PartialForce: the same oscillator from frame_b's cut force, written component by component
oscillator user_frame_force slider.s 2 18 1.2 0.3

# ---- PartialForce on a turning frame: energy, and der(r_rel_b) in frame_b's coordinates ---------
# A pendulum (rod 0.5 m, m = 1, I_33 = 0.001) pulled by c r_rel_b towards an anchor: kinetic +
# gravity + c/2 |r_rel_b|^2 stays constant; q1, q2 integrate der(r_rel_b[1]), der(r_rel_b[2]), so
# q - (r_rel_b - r_rel_b(0)) = 0 checks the derivative in the turning frame (its w x r term)
"$mbens" simulate "$data/user_frame_pendulum.mo" -o "$work/frame_pendulum.csv" --backend openmp \
  --signals rev.w,body.r_0[2],sp.r_rel_b[1],sp.r_rel_b[2],sp.r_rel_b[3],sp.q1,sp.q2 \
  --stop-time 3 --interval 0.05 --tolerance 1e-12 || fail "frame pendulum: simulate exited $?"
bad=$(awk -F, 'NR == 2 { r1 = $4; r2 = $5 } NR > 1 { w = $2; y = $3;
  e = 0.5 * (0.25 + 0.001) * w * w + 9.80665 * y + 15 * ($4 ^ 2 + $5 ^ 2 + $6 ^ 2);
  if (NR == 2) e0 = e; d = e - e0; if (d < 0) d = -d;
  a = $7 - ($4 - r1); b = $8 - ($5 - r2); if (a < 0) a = -a; if (b < 0) b = -b;
  if (d > 1e-8 || a > 1e-9 || b > 1e-9) { print $1, d, a, b; exit }
  if ($7 * $7 > big) big = $7 * $7; n++ }
  END { if (n < 60 || big < 0.01) print "only", n, "rows, max q1^2", big }' \
  "$work/frame_pendulum.csv")
[ -z "$bad" ] || fail "frame pendulum: energy or der(r_rel_b) off at t = $bad"

# ---- the same bytes on OpenCL --------------------------------------------------------------------
if "$mbens" devices | grep -q '^OpenCL platform'; then
  for mdl in cubic maxwell rot trans frame_force frame_pendulum; do
    sig=slider.s,slider.v,sd.E_diss,sd.f
    [ $mdl = maxwell ] && sig=mx.s_d,mx.f
    [ $mdl = rot ] && sig=rev.phi,sd.tau
    [ $mdl = trans ] && sig=slider.s,sd.f
    [ $mdl = frame_force ] && sig=slider.s,sd.frame_a.f[1]
    [ $mdl = frame_pendulum ] && sig=rev.phi,sp.q1,sp.frame_a.t[3]
    "$mbens" simulate "$data/user_$mdl.mo" -o "$work/$mdl-cl.csv" --backend opencl \
      --signals $sig --stop-time 3 --interval 0.05 --tolerance 1e-12 ||
      fail "$mdl: OpenCL simulate exited $?"
    "$mbens" simulate "$data/user_$mdl.mo" -o "$work/$mdl-mp.csv" --backend openmp \
      --signals $sig --stop-time 3 --interval 0.05 --tolerance 1e-12 ||
      fail "$mdl: OpenMP simulate exited $?"
    cmp -s "$work/$mdl-mp.csv" "$work/$mdl-cl.csv" || fail "$mdl: OpenCL differs from OpenMP"
  done
  for b in openmp opencl; do
    "$mbens" run "$data/user_cubic.mo" -o "$work/run-$b" -n 16 --seed 3 --backend $b \
      --vary 'sd.c=uniform(100,300)' --qoi 'max(abs(sd.f))' --signals slider.s,sd.f \
      --stop-time 2 --interval 0.05 --quiet || fail "run on $b exited $?"
  done
  cmp -s "$work/run-openmp/members.csv" "$work/run-opencl/members.csv" ||
    fail "study: OpenCL members differ from OpenMP"
else
  echo "no OpenCL device: the OpenCL comparison is skipped"
fi
finish "users' force laws: energy balance, Maxwell relaxation, oscillators, backends identical"
