#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# run_user_components.sh MBENS MSL_DIR WORK DATA: users' components that state their connectors'
# cut forces in equations (mech_user.c) against independent truth.
# - PartialOneFrame_a/_b: a spinning free body falls and slides against a linear drag
#   (Frames.resolve2 into its turning frame), lifted by a constant world force, its spin damped
#   by a torque whose angular velocity comes from der(frame_a.R.T): v(t), w(t) in closed form; a
#   quadratic drag from rest (Vectors.norm): v(t) = -vt tanh(g t/vt); a world force at an offset
#   point (resolve2, cross) against the catalogue's WorldForce on a FixedTranslation.
# - PartialTwoFrames: a spinning free body on a 3-D spring to a turned anchor (resolve2,
#   resolveRelative): the oscillator's closed form and its energy; two spinning free bodies
#   joined by an anisotropic spring whose frame_a wrench is the MSL's balance (resolveRelative,
#   cross): energy to 1e-8 J.
# - PartialForce's R_rel in Frames.resolve2: a pendulum against its twin written with r_rel_b.
# - PartialTwoFlanges, rotational and translational: spring-dampers whose relative angle/position
#   the user writes from the flanges (der() of it by index reduction): the damped oscillator.
# - 1-D sources: a Rotational PartialTorque motor law with viscous loss (w(t), phi(t)), a
#   Translational PartialForce spring-damper against its support (the damped oscillator).
# Each gives the same bytes on OpenMP and OpenCL (PoCL) when there is a device.
. "$(dirname "$0")/run_lib.sh"
data=$4
opts="--stop-time 3 --interval 0.05 --tolerance 1e-12"

# ---- PartialOneFrame_a: linear drag and spin drag; PartialOneFrame_b: a lift ------------------
# m = 2, k = 0.5, F = 4, v(0) = {3, 0, 0}, g = 9.80665 along -y: vx = 3 exp(-k t/m),
# vy = -((m g - F)/k) (1 - exp(-k t/m)), vz = 0; a spherical inertia J = 0.2 with the torque
# -d w (d = 0.05, w from der(frame_a.R.T)) from w(0) = {1, 2, 0.5}: w = w(0) exp(-d t/J) in the
# body's frame
"$mbens" simulate "$data/user_drag.mo" -o "$work/drag.csv" --backend openmp \
  --signals body.v_0[1],body.v_0[2],body.v_0[3],body.w_a[1],body.w_a[2],body.w_a[3] $opts ||
  fail "drag: simulate exited $?"
bad=$(awk -F, 'function abs(x) { return x < 0 ? -x : x }
  NR > 1 { t = $1; e = exp(-0.25 * t); x = abs($2 - 3 * e);
  y = abs($3 + (2 * 9.80665 - 4) / 0.5 * (1 - e)); z = abs($4);
  w = abs($5 - e) + abs($6 - 2 * e) + abs($7 - 0.5 * e);
  if (x > 1e-9 || y > 1e-9 || z > 1e-9 || w > 1e-9) { print t, x, y, z, w; exit } n++ }
  END { if (n < 60) print "only", n, "rows" }' "$work/drag.csv")
[ -z "$bad" ] || fail "drag: off the closed form at t = $bad"

# quadratic drag f = -k |v| v from rest (m = 2, k = 0.5): vy = -vt tanh(g t/vt), vt = sqrt(m g/k)
"$mbens" simulate "$data/user_quad_drag.mo" -o "$work/quad_drag.csv" --backend openmp \
  --signals body.v_0[1],body.v_0[2],body.v_0[3],drag.speed $opts || fail "quad drag: simulate exited $?"
bad=$(awk -F, 'function abs(x) { return x < 0 ? -x : x }
  NR > 1 { t = $1; vt = sqrt(2 * 9.80665 / 0.5); a = exp(-2 * 9.80665 * t / vt);
  y = abs($3 + vt * (1 - a) / (1 + a)); x = abs($2) + abs($4); s = abs($5 + $3);
  if (x > 1e-9 || y > 1e-9 || s > 1e-9) { print t, x, y, s; exit } n++ }
  END { if (n < 60) print "only", n, "rows" }' "$work/quad_drag.csv")
[ -z "$bad" ] || fail "quad drag: off the closed form at t = $bad"

# a world force at an offset point (f = -resolve2(R, F), t = cross(r, f)) on a body swinging on a
# spherical joint, against the catalogue's WorldForce at the end of a FixedTranslation on a twin
S=bodyA.frame_a.R.T[1,1],bodyB.frame_a.R.T[1,1],bodyA.frame_a.R.T[2,3],bodyB.frame_a.R.T[2,3]
S=$S,bodyA.frame_a.R.T[3,2],bodyB.frame_a.R.T[3,2],bodyA.w_a[1],bodyB.w_a[1],bodyA.w_a[2]
S=$S,bodyB.w_a[2],bodyA.w_a[3],bodyB.w_a[3]
"$mbens" simulate "$data/user_offset_force.mo" -o "$work/offset_force.csv" --backend openmp \
  --signals $S $opts || fail "offset force: simulate exited $?"
bad=$(awk -F, 'NR > 1 { for (i = 2; i <= 12; i += 2) { d = $i - $(i + 1); if (d < 0) d = -d;
  if (d > 1e-9) { print $1, i, d; exit } } if ($8 * $8 > big) big = $8 * $8; n++ }
  END { if (n < 60 || big < 1) print "only", n, "rows, max w_a[1]^2", big }' \
  "$work/offset_force.csv")
[ -z "$bad" ] || fail "offset force: the user's component and the catalogue's differ at t = $bad"

# ---- PartialTwoFrames: 3-D spring ----------------------------------------------------------------
# m = 2, c = 20, r(0) = {0.3, 0, 0}, v(0) = 0, g along -z: x = 0.3 cos(w t), y = 0,
# z = -(g m/c) (1 - cos(w t)), w = sqrt(c/m); m/2 |v|^2 + m g z + c/2 |r|^2 = c/2 0.3^2
"$mbens" simulate "$data/user_two_frames.mo" -o "$work/two_frames.csv" --backend openmp \
  --signals body.r_0[1],body.r_0[2],body.r_0[3],body.v_0[1],body.v_0[2],body.v_0[3] $opts ||
  fail "two frames: simulate exited $?"
bad=$(awk -F, 'NR > 1 { t = $1; w = sqrt(10); x = $2 - 0.3 * cos(w * t); y = $3;
  z = $4 + 9.80665 * 0.1 * (1 - cos(w * t));
  e = $5 ^ 2 + $6 ^ 2 + $7 ^ 2 + 2 * 9.80665 * $4 + 10 * ($2 ^ 2 + $3 ^ 2 + $4 ^ 2) - 0.9;
  if (x < 0) x = -x; if (y < 0) y = -y; if (z < 0) z = -z; if (e < 0) e = -e;
  if (x > 1e-9 || y > 1e-9 || z > 1e-9 || e > 1e-8) { print t, x, y, z, e; exit } n++ }
  END { if (n < 60) print "only", n, "rows" }' "$work/two_frames.csv")
[ -z "$bad" ] || fail "two frames: off the closed form or the energy at t = $bad"

# two spinning free bodies joined by an anisotropic spring (K r_rel_b at frame_b, its torque
# cross(f, r_rel_b), frame_a from the MSL's balance with resolveRelative and cross): kinetic +
# K/2 r_rel_b^2 stays the initial energy to 1e-8 J (dropping the torque or swapping a cross
# moves it by O(1))
S=bodyA.v_0[1],bodyA.v_0[2],bodyA.v_0[3],bodyA.w_a[1],bodyA.w_a[2],bodyA.w_a[3]
S=$S,bodyB.v_0[1],bodyB.v_0[2],bodyB.v_0[3],bodyB.w_a[1],bodyB.w_a[2],bodyB.w_a[3]
S=$S,sp.r_rel_b[1],sp.r_rel_b[2],sp.r_rel_b[3]
"$mbens" simulate "$data/user_two_bodies.mo" -o "$work/two_bodies.csv" --backend openmp \
  --signals $S $opts || fail "two bodies: simulate exited $?"
bad=$(awk -F, 'NR > 1 { e = 0.75 * ($2 ^ 2 + $3 ^ 2 + $4 ^ 2) + $8 ^ 2 + $9 ^ 2 + $10 ^ 2;
  e += 0.5 * (0.02 * $5 ^ 2 + 0.03 * $6 ^ 2 + 0.04 * $7 ^ 2 + 0.05 * $11 ^ 2 + 0.02 * $12 ^ 2);
  e += 0.5 * (0.03 * $13 ^ 2 + 20 * $14 ^ 2 + 40 * $15 ^ 2 + 60 * $16 ^ 2);
  if (NR == 2) e0 = e; d = e - e0; if (d < 0) d = -d; if (d > 1e-8) { print $1, d; exit }
  if ($11 * $11 > big) big = $11 * $11; n++ }
  END { if (n < 60 || big < 1) print "only", n, "rows, max w_a[1]^2", big }' \
  "$work/two_bodies.csv")
[ -z "$bad" ] || fail "two bodies: energy off by more than 1e-8 J at t = $bad"

# PartialForce's R_rel: c resolve2(R_rel, r_rel_a) on one pendulum against c r_rel_b on its twin
# (equal to 1e-12 relative, rounding: the twins are integrated side by side; resolve1 in its place
# moves the tip by 0.79 m)
S=arm1.frame_b.r_0[1],arm2.frame_b.r_0[1],arm1.frame_b.r_0[2],arm2.frame_b.r_0[2]
S=$S,arm1.frame_b.r_0[3],arm2.frame_b.r_0[3],sp1.frame_a.f[1],sp2.frame_a.f[1]
"$mbens" simulate "$data/user_force_rrel.mo" -o "$work/force_rrel.csv" --backend openmp \
  --signals $S $opts || fail "R_rel: simulate exited $?"
bad=$(awk -F, 'NR > 1 { for (i = 2; i <= 8; i += 2) { d = $i - $(i + 1); if (d < 0) d = -d;
  a = $i < 0 ? -$i : $i; if (d > 1e-12 * (1 + a)) { print $1, i, d; exit } } if ($2 * $2 > big) big = $2 * $2; n++ }
  END { if (n < 60 || big < 0.1) print "only", n, "rows, max x^2", big }' "$work/force_rrel.csv")
[ -z "$bad" ] || fail "R_rel: the twins differ at t = $bad"

# ---- PartialTwoFlanges: damped oscillators -------------------------------------------------------
# x'' + (d/J) x' + (c/J) x = 0, x(0) = x0, x'(0) = 0: x = exp(-a t) (x0 cos(wd t) + a x0/wd sin(wd t))
# with a = d/(2J), wd = sqrt(c/J - a^2)
oscillator() { # MODEL SIGNAL J C D X0
  "$mbens" simulate "$data/$1.mo" -o "$work/$1.csv" --backend openmp --signals "$2" $opts ||
    fail "$1: simulate exited $?"
  bad=$(awk -F, -v J="$3" -v c="$4" -v d="$5" -v x0="$6" 'NR > 1 { t = $1; a = d / (2 * J);
    wd = sqrt(c / J - a * a); x = exp(-a * t) * (x0 * cos(wd * t) + a * x0 / wd * sin(wd * t));
    e = $2 - x; if (e < 0) e = -e; if (e > 1e-9) { print t, e; exit } n++ }
    END { if (n < 60) print "only", n, "rows" }' "$work/$1.csv")
  [ -z "$bad" ] || fail "$1: off the damped oscillator at t = $bad"
}
oscillator user_two_flanges rev.phi 0.5 8 0.4 0.5
oscillator user_two_flanges_trans slider.s 2 18 1.2 0.3
# Translational PartialForce (f = c s + d der(s) against its support, f = flange.f the force on
# the holder as the MSL's PartialForce states): the same oscillator
oscillator user_force_source slider.s 2 18 1.2 0.3

# ---- Rotational PartialTorque: a motor law with viscous loss -------------------------------------
# J w' = tau0 - d w, w(0) = 1, phi(0) = 0 (J = 0.5, tau0 = 2, d = 0.4): w = W + (1 - W) exp(-d t/J),
# phi = W t + (1 - W) J/d (1 - exp(-d t/J)), W = tau0/d
"$mbens" simulate "$data/user_torque_source.mo" -o "$work/torque_source.csv" --backend openmp \
  --signals rev.w,rev.phi,motor.flange.tau $opts || fail "torque source: simulate exited $?"
bad=$(awk -F, 'function abs(x) { return x < 0 ? -x : x }
  NR > 1 { t = $1; e = exp(-0.8 * t); w = abs($2 - (5 - 4 * e));
  p = abs($3 - (5 * t - 4 * 1.25 * (1 - e))); f = abs($4 + (2 - 0.4 * $2));
  if (w > 1e-9 || p > 1e-9 || f > 1e-12) { print t, w, p, f; exit } n++ }
  END { if (n < 60) print "only", n, "rows" }' "$work/torque_source.csv")
[ -z "$bad" ] || fail "torque source: off the closed form at t = $bad"

# ---- the same bytes on OpenCL --------------------------------------------------------------------
if "$mbens" devices | grep -q '^OpenCL platform'; then
  for mdl in drag quad_drag offset_force two_frames two_bodies force_rrel two_flanges two_flanges_trans force_source torque_source; do
    sig=body.v_0[1],body.v_0[2],body.w_a[1],drag.frame_a.f[1],lift.frame_b.f[2],spin.w[2]
    [ $mdl = quad_drag ] && sig=body.v_0[2],drag.speed,drag.frame_a.f[1]
    [ $mdl = offset_force ] && sig=bodyB.w_a[1],bodyB.w_a[2],forceB.frame_a.t[3]
    [ $mdl = two_frames ] && sig=body.r_0[1],body.r_0[3],sp.frame_a.f[2],sp.r[1]
    [ $mdl = two_bodies ] && sig=bodyA.w_a[1],bodyB.w_a[2],sp.frame_a.t[1],sp.frame_b.t[3]
    [ $mdl = force_rrel ] && sig=arm2.frame_b.r_0[1],sp2.frame_a.f[2],sp2.r_rel_a[1]
    [ $mdl = two_flanges ] && sig=rev.phi,sd.w_rel,sd.flange_a.tau
    [ $mdl = two_flanges_trans ] && sig=slider.s,sd.s_rel,sd.flange_b.f
    [ $mdl = force_source ] && sig=slider.s,holder.f,holder.s
    [ $mdl = torque_source ] && sig=rev.phi,motor.w,motor.flange.tau
    for b in openmp opencl; do
      "$mbens" simulate "$data/user_$mdl.mo" -o "$work/$mdl-$b.csv" --backend $b --signals $sig \
        $opts || fail "$mdl: simulate on $b exited $?"
    done
    cmp -s "$work/$mdl-openmp.csv" "$work/$mdl-opencl.csv" || fail "$mdl: OpenCL differs from OpenMP"
  done
else
  echo "no OpenCL device: the OpenCL comparison is skipped"
fi
finish "users' components: drag, 3-D spring, two-flange oscillators, 1-D sources, backends identical"
