#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# run_assemblies.sh MBENS MSL_DIR WORK DATA: the analytic loop assemblies against independent
# truth.
# - slider_crank_rrp.mo is slider_crank.mo (crank 0.1 m, rod 0.3 m, the same bodies) with its
#   loop closed by a JointRRP, whose coordinates are closed forms, instead of a
#   RevolutePlanarLoopConstraint, whose coordinates the RHS projects by Newton: the crank angle and
#   speed of the two agree to 1e-8 over two turns, and the piston stays at r cos(th) +
#   sqrt(L^2 - r^2 sin(th)^2) to 1e-12 m.
# - fourbar_rrr.mo is fourbar_planar.mo (a four-bar swinging under gravity) with its loop closed
#   by a JointRRR, whose revolute axis at frame_b (n_b) the start decides: the crank angle and
#   speed agree with the cut joint's to 1e-8 over 3 s, through the whole swing.
# - assembly_spatial.mo, a spatial four-bar closed by a JointUSP (a body hanging at frame_ia
#   through a FixedTranslation, a slider at frame_ib, gravity, no damping): the total energy stays
#   within 1e-8 J of its start over 3 s (dopri5 at 1e-12), and rod1's tip, frame_a's origin plus
#   rRod1_ia turned by frame_ia, stays at frame_im to 1e-12 m; with checkTotalPower the power
#   flowing into the assembly through its five frames' cut wrenches (the outputs) stays below
#   1e-8 W, as it must for a massless joint aggregation.
# - An ensemble whose rod2 offset (rRod2_ib[2] = 0, 0.1, 0.5) makes the loop unclosable for the
#   last member (longer than rod1's 0.3 m): that member stops with init-fail, the others run.
# - A model whose own start cannot close is refused with an error naming the assembly.
# - driven_pendulum.mo: a Position source (a filtered sine, support on a Mounting1D) moves a
#   pendulum's joint: the joint follows the source's angle exactly, and its drive torque (the
#   constraint's multiplier, rev.tau) is the inverse dynamics (I + m l^2) a + m g l cos(phi) to
#   1e-12 relative over 3 s. With exact=true the joint is the sine itself (phi, w and a against
#   A sin(2 pi f t) and its derivatives to 1e-12), the source's phi and w too, and the torque again
#   the inverse dynamics.
# - The JointRRR four-bar in single precision stays within 1e-4 rad of the double run.
# - OpenMP and OpenCL (PoCL) give the same bytes for the JointRRR, JointUSP and driven models
#   when there is a device.
. "$(dirname "$0")/run_lib.sh"
data=$4

"$mbens" simulate "$data/slider_crank.mo" -o "$work/sc.csv" --stop-time 2 --interval 0.01 \
  --tolerance 1e-10 --signals crankPin.phi,crankPin.w || fail "simulate (cut joint) exited $?"
"$mbens" simulate "$data/slider_crank_rrp.mo" -o "$work/rrp.csv" --stop-time 2 --interval 0.01 \
  --tolerance 1e-10 --signals crankPin.phi,crankPin.w,rrp.jointUSP.prismatic.distance ||
  fail "simulate (JointRRP) exited $?"
bad=$(paste -d, "$work/sc.csv" "$work/rrp.csv" | awk -F, 'function a(x) { return x < 0 ? -x : x }
  NR > 1 && /nan|inf/ { print; exit }
  NR > 1 { th = $5; x = 0.1 * cos(th) + sqrt(0.09 - 0.01 * sin(th)^2)
  if (a($2 - $5) > 1e-8 || a($3 - $6) > 1e-8 || a($7 - x) > 1e-12) { print $1, $2 - $5, $3 - $6, $7 - x; exit }
  if (th > hi) hi = th; n++ }
  END { if (n < 200 || hi < 4 * 3.14159) print "rows", n, "crank angle reached", hi }')
[ -z "$bad" ] || fail "JointRRP and the cut joint's slider-crank differ (t, dphi, dw, piston - closed form): $bad"

"$mbens" simulate "$data/fourbar_planar.mo" -o "$work/fp.csv" --stop-time 3 --interval 0.01 \
  --tolerance 1e-10 --signals j1.phi,j1.w || fail "simulate (cut four-bar) exited $?"
"$mbens" simulate "$data/fourbar_rrr.mo" -o "$work/fr.csv" --stop-time 3 --interval 0.01 \
  --tolerance 1e-10 --signals j1.phi,j1.w || fail "simulate (JointRRR) exited $?"
bad=$(paste -d, "$work/fp.csv" "$work/fr.csv" | awk -F, 'function a(x) { return x < 0 ? -x : x }
  NR > 1 && /nan|inf/ { print; exit }
  NR > 1 { if (a($2 - $5) > 1e-8 || a($3 - $6) > 1e-8) { print $1, $2 - $5, $3 - $6; exit }
  if ($2 > hi) hi = $2; if ($2 < lo) lo = $2; n++ }
  END { if (n < 300 || hi - lo < 0.4) print "rows", n, "swing", lo, hi }')
[ -z "$bad" ] || fail "JointRRR and the cut joint's four-bar differ (t, dphi, dw): $bad"

# closed forms need no Newton tolerance: the JointRRR four-bar runs in single precision, within
# single precision's error of the double run (1e-4 rad, 1e-3 rad/s over 3 s)
"$mbens" simulate "$data/fourbar_rrr.mo" -o "$work/fr32.csv" --stop-time 3 --interval 0.01 \
  --precision single --signals j1.phi,j1.w || fail "simulate (JointRRR, single) exited $?"
bad=$(paste -d, "$work/fr.csv" "$work/fr32.csv" | awk -F, 'function a(x) { return x < 0 ? -x : x }
  NR > 1 && /nan|inf/ { print; exit }
  NR > 1 { if (a($2 - $5) > 1e-4 || a($3 - $6) > 1e-3) { print $1, $2 - $5, $3 - $6; exit } n++ }
  END { if (n < 300) print "rows", n }')
[ -z "$bad" ] || fail "JointRRR in single precision leaves the double run (t, dphi, dw): $bad"

sig='world.g'
for b in crankMass rodMass slider; do
  for v in r_0 v_0 w_a; do
    for i in 1 2 3; do sig="$sig,$b.$v[$i]"; done
  done
done
for i in 1 2 3; do sig="$sig,usp.frame_a.r_0[$i]"; done
for i in 1 2 3; do sig="$sig,usp.frame_im.r_0[$i]"; done
for i in 1 2 3; do for j in 1 2 3; do sig="$sig,usp.frame_ia.R.T[$i,$j]"; done; done
sig="$sig,usp.totalPower"
"$mbens" simulate "$data/assembly_spatial.mo" -o "$work/spatial.csv" --signals "$sig" \
  --stop-time 3 --interval 0.001 --tolerance 1e-12 || fail "simulate (JointUSP) exited $?"
# columns: 1 time, 2 world.g, per body (crankMass, rodMass, slider) 9 from 3 + 9 b: r_0, v_0,
# w_a; 30..32 frame_a.r_0, 33..35 frame_im.r_0, 36..44 frame_ia.R.T row by row, 45 totalPower
bad=$(awk -F, 'function a(x) { return x < 0 ? -x : x }
  BEGIN { split("2 3 1.5", m, " "); split("0.05 0.01 0.04  0.02 0.03 0.025  0.02 0.15 0.16", I, " ")
    r[1] = 1; r[2] = -0.3; r[3] = 0.1 }
  NR == 1 { next }
  /nan|inf/ { print; exit }
  { g = $2; e = 0
    for (b = 0; b < 3; b++) { o = 3 + 9 * b; v2 = $(o + 3)^2 + $(o + 4)^2 + $(o + 5)^2
      e += 0.5 * m[b + 1] * v2 + m[b + 1] * g * $(o + 1)
      e += 0.5 * (I[3 * b + 1] * $(o + 6)^2 + I[3 * b + 2] * $(o + 7)^2 + I[3 * b + 3] * $(o + 8)^2) }
    if (NR == 2) e0 = e
    tip = 0
    for (i = 1; i <= 3; i++) { x = $(29 + i); for (k = 1; k <= 3; k++) x += $(35 + 3 * (k - 1) + i) * r[k]
      if (a($(32 + i) - x) > tip) tip = a($(32 + i) - x) }
    if (a(e - e0) > 1e-8 || tip > 1e-12 || a($45) > 1e-8) { print $1, e - e0, tip, $45; exit }
    if ($4 - $3 > 0) n++ }
  END { if (NR < 3000) print "rows", NR }' "$work/spatial.csv")
[ -z "$bad" ] || fail "the JointUSP four-bar loses energy, its loop or power (t, E - E0, |tip - im|, totalPower): $bad"

"$mbens" run "$data/slider_crank_rrp.mo" -n 3 -o "$work/vary" \
  --vary 'rrp.rRod2_ib[2]=discrete(0,0.1,0.5)' --sampler grid --stop-time 0.2 --signals none \
  --qoi 'final(crankPin.phi)' --quiet
[ $? -eq 3 ] || fail "the varied run should finish with a failed member (exit 3)"
bad=$(awk -F, 'NR > 1 && $3 ~ /inf/ { print; exit }
  NR > 1 { y = $2; st = $4
  if ((y > 0.3) != (st == "init-fail") || (y < 0.3 && st != "ok")) print y, st; n++ }
  END { if (n != 3) print "members", n }' "$work/vary/members.csv")
[ -z "$bad" ] || fail "members assembled wrongly or not as expected (rRod2_ib[2], status): $bad"

sed 's/rRod2_ib={0,0,0}/rRod2_ib={0,0.5,0}/' "$data/slider_crank_rrp.mo" > "$work/open.mo"
out=$("$mbens" simulate "$work/open.mo" -o "$work/open.csv" --stop-time 0.1 2>&1)
[ $? -ne 0 ] || fail "a loop that cannot close at the start should be refused"
printf '%s\n' "$out" | grep -q "open.mo:5:.*rrp.*no regular solution at the start" ||
  fail "the refusal should name rrp and the start: $out"

for mdl in fourbar_rrr assembly_spatial driven_pendulum; do
  same_on_backends "$mdl" "$data/$mdl.mo" --stop-time 1 --interval 0.01
done

"$mbens" simulate "$data/driven_pendulum.mo" -o "$work/driven.csv" --stop-time 3 --interval 0.01 \
  --tolerance 1e-10 --signals 'rev.phi,position.phi,position.a,rev.tau,world.g' ||
  fail "simulate (driven pendulum) exited $?"
bad=$(awk -F, 'function a(x) { return x < 0 ? -x : x }
  NR > 1 && /nan|inf/ { print; exit }
  NR > 1 { tau = (0.03 + 2 * 0.25) * $4 + 2 * $6 * 0.5 * cos($2)
  if ($2 != $3 || a($5 - tau) > 1e-12 * (1 + a(tau))) { print $1, $2 - $3, $5 - tau; exit }
  if (a($5) > big) big = a($5); n++ }
  END { if (n < 300 || big < 10) print "rows", n, "largest torque", big }' "$work/driven.csv")
[ -z "$bad" ] || fail "the driven joint leaves its source or its torque the inverse dynamics (t, dphi, dtau): $bad"

sed 's/position(useSupport=true, f_crit=20)/position(useSupport=true, exact=true)/' \
  "$data/driven_pendulum.mo" >"$work/driven_exact.mo"
"$mbens" simulate "$work/driven_exact.mo" -o "$work/exact.csv" --stop-time 3 --interval 0.01 \
  --signals 'rev.phi,rev.w,position.a,rev.tau,world.g,position.phi,position.w' ||
  fail "simulate (exact driven pendulum) exited $?"
bad=$(awk -F, 'function a(x) { return x < 0 ? -x : x }
  NR > 1 && /nan|inf/ { print; exit }
  NR > 1 { w = 2 * atan2(0, -1) * 0.7
  e = a($2 - 1.2 * sin(w * $1)) + a($3 - 1.2 * w * cos(w * $1)) + a($4 + 1.2 * w * w * sin(w * $1))
  tau = (0.03 + 2 * 0.25) * $4 + 2 * $6 * 0.5 * cos($2)
  if (!(e < 1e-12) || $7 != $2 || $8 != $3 || a($5 - tau) > 1e-12 * (1 + a(tau))) {
    print $1, e, $7 - $2, $8 - $3, $5 - tau; exit }
  n++ }
  END { if (n < 300) print "rows", n }' "$work/exact.csv")
[ -z "$bad" ] || fail "exact=true: the joint is not the sine or its torque not the inverse dynamics (t, error, dphi, dw, dtau): $bad"

finish "run_assemblies: the analytic assemblies against a cut joint, energy and closure"
