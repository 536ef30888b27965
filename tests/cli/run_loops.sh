#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# run_loops.sh MBENS MSL_DIR WORK DATA: a kinematic loop against independent truth. A planar
# four-bar (ground 0.4 m, crank 0.2 m, coupler |(0.5, 0.3)|, rocker |(0.3, 0.3)|) closed by
# RevolutePlanarLoopConstraint swings under gravity for 3 s: at every output point the coupler's
# far end C lies where the closed-form position analysis puts it for the simulated crank angle
# (the intersection of the circles about the crank pin B and the ground pivot D on the branch of
# the start, Freudenstein's problem) to 1e-10 m, and the loop stays closed (rocker.frame_b at
# D) to 1e-10 m. Variables the model gives by equations (crankAngle = j1.phi, the vector
# coupler.frame_b.r_0 = tip) are the values they name. An ensemble varying the ground link
# assembles each member at its start: where the loop can close (0.359 m < ground < 1.207 m at
# crank angle 0) the coupler's end starts where the position analysis puts it (1e-10 m), where it
# cannot the member stops with init-fail and the others are unaffected. With a 1 m ground link
# (loop_toggle.mo) the crank cannot turn round: it swings between toggle positions, where the
# coordinates first chosen cannot be solved for and the alternative choice takes over; the
# coupler's end stays on one of the two closed-form positions to 1e-10 m and the loop closed. A static assembly (a
# 3 kg, 2 m beam pinned at one end, resting on a roller at the other through
# RevolutePlanarLoopConstraint) carries m g / 2 at each support, as hand statics say: the cut
# joint's constraint force and the tree joints' cut forces (which include it) to 1e-9 N. A body
# hanging from a SphericalSpherical rod with a mass (a spherical pendulum held by one constraint
# on a floating body) keeps the rod's length to 1e-12 m and its energy (body, rod's point mass)
# to 1e-8 J over 3 s. A user's slider-crank (crank 0.1 m, rod 0.3 m, a RevolutePlanarLoopConstraint
# at the wrist pin) turns through its dead centres: the piston stays at r cos(th) +
# sqrt(L^2 - r^2 sin(th)^2) to 1e-12 m over more than two turns. A rod whose length the start
# decides, in a model whose start a nonlinear initialization finds, keeps that length (this
# crashed while the initialization evaluated the length's placeholder). OpenMP and OpenCL (PoCL)
# give the same bytes when there is a device.
. "$(dirname "$0")/run_lib.sh"
data=$4
model=$data/fourbar_planar.mo
sig='j1.phi,j1.w,crank.frame_b.r_0[1],crank.frame_b.r_0[2],coupler.frame_b.r_0[1],coupler.frame_b.r_0[2],rocker.frame_b.r_0[1],rocker.frame_b.r_0[2],rocker.frame_b.r_0[3]'
"$mbens" simulate "$model" -o "$work/fourbar.csv" --backend openmp --signals "$sig" \
  --stop-time 3 --interval 0.01 --tolerance 1e-10 || fail "simulate exited $?"
bad=$(awk -F, 'NR > 1 && /nan|inf/ { print; exit }
  NR > 1 { th = $2; bx = 0.2 * cos(th); by = 0.2 * sin(th);
  l2 = 0.5^2 + 0.3^2; l3 = 0.3^2 + 0.3^2; dx = 0.4 - bx; dy = -by; d2 = dx^2 + dy^2; d = sqrt(d2);
  a = (l2 - l3 + d2) / (2 * d); h = sqrt(l2 - a^2);
  mx = bx + a * dx / d; my = by + a * dy / d;
  cx = mx - h * dy / d; cy = my + h * dx / d;  # the branch left of B -> D, as at the start
  e = sqrt(($6 - cx)^2 + ($7 - cy)^2); eb = sqrt(($4 - bx)^2 + ($5 - by)^2);
  r = sqrt(($8 - 0.4)^2 + $9^2 + $10^2);
  if (e > 1e-10 || eb > 1e-12 || r > 1e-10) { print $1, e, eb, r; exit }
  if (e > big) big = e; if ($2 > hi) hi = $2; if ($2 < lo) lo = $2; n++ }
  END { if (n < 300) print "rows", n; else printf "ok %.2g %.3f %.3f\n", big, lo, hi > "/dev/stderr" }' \
  "$work/fourbar.csv")
[ -z "$bad" ] || fail "the four-bar leaves its closed-form position analysis (t, |C - C*|, |B - B*|, closure): $bad"
# the crank swings through a real range (not a trivial rest)
awk -F, 'NR > 1 { if ($2 > hi) hi = $2; if ($2 < lo) lo = $2 } END { exit !(hi - lo > 0.1) }' \
  "$work/fourbar.csv" || fail "the crank angle hardly moves"

if "$mbens" devices | grep -q '^OpenCL platform'; then
  "$mbens" simulate "$model" -o "$work/fourbar-cl.csv" --backend opencl --signals "$sig" \
    --stop-time 3 --interval 0.01 --tolerance 1e-10 || fail "opencl simulate exited $?"
  cmp -s "$work/fourbar.csv" "$work/fourbar-cl.csv" || fail "OpenMP and OpenCL differ"
fi
"$mbens" simulate "$model" -o "$work/eq.csv" --signals 'crankAngle,j1.phi,tip[1],tip[2],coupler.frame_b.r_0[1],coupler.frame_b.r_0[2]' \
  --stop-time 1 || fail "simulate (equations) exited $?"
awk -F, 'NR > 1 && ($2 != $3 || $4 != $6 || $5 != $7) { bad = 1 } END { exit bad }' "$work/eq.csv" ||
  fail "a variable given by an equation differs from what it names"

"$mbens" simulate "$model" "$data/loop_toggle.mo" --class FourbarToggle -o "$work/toggle.csv" \
  --signals "$sig" --stop-time 3 --interval 0.01 --tolerance 1e-10 || fail "simulate (toggle) exited $?"
bad=$(awk -F, 'NR > 1 && /nan|inf/ { print; exit }
  NR > 1 { th = $2; bx = 0.2 * cos(th); by = 0.2 * sin(th); l2 = 0.34; l3 = 0.18
  dx = 1.0 - bx; dy = -by; d = sqrt(dx^2 + dy^2); a = (l2 - l3 + d * d) / (2 * d)
  h = l2 - a^2; h = h > 0 ? sqrt(h) : 0; mx = bx + a * dx / d; my = by + a * dy / d
  e1 = sqrt(($6 - mx + h * dy / d)^2 + ($7 - my - h * dx / d)^2)
  e2 = sqrt(($6 - mx - h * dy / d)^2 + ($7 - my + h * dx / d)^2); e = e1 < e2 ? e1 : e2
  r = sqrt(($8 - 1)^2 + $9^2 + $10^2); if (e > 1e-10 || r > 1e-10) { print $1, e, r; exit }
  if ($2 > hi) hi = $2; if ($2 < lo) lo = $2; n++ }
  END { if (n < 300 || hi - lo < 2.5) print "rows", n, "crank range", lo, hi }' "$work/toggle.csv")
[ -z "$bad" ] || fail "the toggling four-bar leaves its position analysis: $bad"

"$mbens" run "$model" -n 5 -o "$work/vary" --vary 'ground.r[1]=discrete(0.3,0.5,0.6,0.7,1.25)' \
  --sampler grid --stop-time 0.2 --signals none --qoi 'initial(coupler.frame_b.r_0[1])' \
  --qoi 'initial(coupler.frame_b.r_0[2])' --quiet
[ $? -eq 3 ] || fail "the varied run should finish with failed members (exit 3)"
bad=$(awk -F, 'NR > 1 { g = $2; st = $5
  if (g < 0.359 || g > 1.207) { if (st != "init-fail") print g, st; next }
  l2 = 0.5^2 + 0.3^2; l3 = 0.3^2 + 0.3^2; dx = g - 0.2; d = dx;
  a = (l2 - l3 + d * d) / (2 * d); h = sqrt(l2 - a^2); cx = 0.2 + a; cy = h;
  e = sqrt(($3 - cx)^2 + ($4 - cy)^2);
  if (st != "ok" || e > 1e-10) print g, st, e; n++ }
  END { if (n != 3) print "ok members", n }' "$work/vary/members.csv")
[ -z "$bad" ] || fail "members assembled wrongly or not as expected (ground, status, |C - C*|): $bad"

"$mbens" simulate "$data/loop_static.mo" -o "$work/static.csv" --stop-time 1 --signals \
  'pin.phi,rest.frame_b.f[1],rest.frame_b.f[2],pin.frame_b.f[2],pin.frame_a.f[2],roller.frame_a.f[2],rest.frame_a.f[2]' ||
  fail "simulate (static) exited $?"
bad=$(awk -F, 'function a(x) { return x < 0 ? -x : x }
  NR > 1 && /nan|inf/ { print; exit }
  NR > 1 { h = 3 * 9.80665 / 2
  if (a($2) > 1e-12 || a($3) > 1e-9 || a($4 + h) > 1e-9 || a($5 + h) > 1e-9 || a($6 - h) > 1e-9 ||
      a($7 - h) > 1e-9 || a($8 - h) > 1e-9) { print; exit } }' "$work/static.csv")
[ -z "$bad" ] || fail "the static beam's support forces differ from m g / 2: $bad"

rsig='body.frame_a.r_0[1],body.frame_a.r_0[2],body.frame_a.r_0[3],body.v_0[1],body.v_0[2],body.v_0[3],body.w_a[1],body.w_a[2],body.w_a[3]'
for i in 1 2 3; do for j in 1 2 3; do rsig="$rsig,body.frame_a.R.T[$i,$j]"; done; done
"$mbens" simulate "$data/loop_rod.mo" -o "$work/rod.csv" --stop-time 3 --interval 0.01 \
  --tolerance 1e-11 --signals "$rsig" || fail "simulate (rod) exited $?"
# the header's names hold quoted commas: data rows only
bad=$(awk -F, 'NR > 1 && /nan|inf/ { print; exit }
  NR > 1 { x = $2; y = $3; z = $4; vx = $5; vy = $6; vz = $7; w1 = $8; w2 = $9
  w3 = $10; g = 9.80665
  b1 = $11 * vx + $12 * vy + $13 * vz; b2 = $14 * vx + $15 * vy + $16 * vz
  b3 = $17 * vx + $18 * vy + $19 * vz; c2 = b2 + 0.5 * w3; c3 = b3 - 0.5 * w2
  ke = 0.5 * (b1^2 + c2^2 + c3^2) + 0.0005 * (w1^2 + w2^2 + w3^2) + (vx^2 + vy^2 + vz^2) / 16
  e = ke + g * (y + 0.5 * $12) + g * y / 4; if (NR == 2) e0 = e
  de = e - e0; if (de < 0) de = -de; dl = sqrt((x - 1)^2 + y^2 + z^2) - 1; if (dl < 0) dl = -dl
  if (de > 1e-8 || dl > 1e-12) { print $1, de, dl; exit } n++ }
  END { if (n < 300) print "rows", n }' "$work/rod.csv")
[ -z "$bad" ] || fail "the rod pendulum loses its length or its energy (t, |dE|, |d| - 1): $bad"

"$mbens" simulate "$data/slider_crank.mo" -o "$work/slider.csv" --stop-time 2 --tolerance 1e-10 \
  --signals crankPin.phi,slide.s || fail "simulate (slider-crank) exited $?"
bad=$(awk -F, 'NR > 1 && /nan|inf/ { print; exit }
  NR > 1 { th = $2; x = 0.1 * cos(th) + sqrt(0.09 - 0.01 * sin(th)^2); e = $3 - x
  if (e < 0) e = -e; if (e > 1e-12) { print $1, e; exit } if ($2 > hi) hi = $2 }
  END { if (hi < 4 * 3.14159) print "crank angle reached", hi }' "$work/slider.csv")
[ -z "$bad" ] || fail "the slider-crank leaves its closed form: $bad"

# a rod whose length the start decides (computeRodLength) in a model whose start a nonlinear
# initialization finds (a Distance sensor's distance fixed): the rod keeps the length of the
# solved start, which meets the condition
"$mbens" simulate "$data/loop_rod_init.mo" -o "$work/rodinit.csv" --stop-time 1 --tolerance 1e-10 \
  --signals 'dist.distance,rod.rodLength,body.frame_a.r_0[1],body.frame_a.r_0[2],body.frame_a.r_0[3]' ||
  fail "simulate (rod length from an initialized start) exited $?"
bad=$(awk -F, 'function a(x) { return x < 0 ? -x : x }
  NR > 1 && /nan|inf/ { print; exit }
  NR > 1 { d = sqrt(($4 - 1)^2 + $5^2 + $6^2)
  if (a(d - $3) > 1e-10 || (NR == 2 && a($2 - 1.8) > 1e-10)) { print $1, $2, $3, d; exit } n++ }
  END { if (n < 10) print "rows", n }' "$work/rodinit.csv")
[ -z "$bad" ] || fail "the rod's computed length or the initial distance is wrong (t, distance, rodLength, |r - base|): $bad"

finish "run_loops: the four-bar follows its position analysis"
