#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# run_loop_energy.sh MBENS MSL_DIR WORK DATA: a spatial kinematic loop against independent truth.
# loop_spatial.mo is the MSL's Fourbar1 pattern (a crank about x, a slider along x, a coupler on
# two revolutes, three revolutes with orthogonal axes at the crank pin acting as a spherical
# joint; j5, the last revolute of the loop in the model's order, is cut) with three Bodies whose
# centres of mass sit at their frame_a (r_CM = 0, diagonal inertias), no dampers and no drives.
# The crank starts at 5 rad/s and turns over and over for 3 s. Checks, at every output point
# (1 ms grid, dopri5 at --tolerance 1e-12):
# - the total energy E = sum m/2 |v_0|^2 + 1/2 w_a' I w_a + m g r_0[2] (g read from world.g: the
#   MSL's default is g_n = 9.80665, not 9.81) stays within 1e-8 J of E(0), an ABSOLUTE bound
#   (E(0) is about 14 J; the drift seen is about 1e-10 J, and it scales with the tolerance: about
#   7e-9 J at 1e-10, 6e-7 J at 1e-8, so a wrong constraint force or mass matrix shows at once);
# - the loop stays closed: the origins of j5.frame_a and j5.frame_b coincide to 1e-10 m and their
#   z axes (the cut joint's axis, row 3 of R.T) agree to 1e-10;
# - the motion is substantial: the crank angle covers more than 1 rad.
. "$(dirname "$0")/run_lib.sh"
data=$4
model=$data/loop_spatial.mo
sig='world.g,j1.phi'
for b in crank slider coupler; do
  for v in r_0 v_0 w_a; do
    for i in 1 2 3; do sig="$sig,$b.$v[$i]"; done
  done
done
for f in a b; do
  for i in 1 2 3; do sig="$sig,j5.frame_$f.r_0[$i]"; done
done
for f in a b; do
  for i in 1 2 3; do sig="$sig,j5.frame_$f.R.T[3,$i]"; done
done
"$mbens" simulate "$model" -o "$work/energy.csv" --backend openmp --signals "$sig" \
  --stop-time 3 --interval 0.001 --tolerance 1e-12 || fail "simulate exited $?"
# columns: 1 time, 2 world.g, 3 j1.phi, then per body (crank, slider, coupler) 9 columns from
# 4 + 9 b: r_0[1..3], v_0[1..3], w_a[1..3]; 31..33 j5.frame_a.r_0, 34..36 j5.frame_b.r_0,
# 37..39 j5.frame_a.R.T[3,:], 40..42 j5.frame_b.R.T[3,:] (the header has more fields:
# those names hold a quoted comma)
bad=$(awk -F, 'BEGIN { split("2 3 1.5", m, " ")
    split("0.05 0.01 0.04  0.02 0.03 0.025  0.02 0.15 0.16", I, " ") }
  NR == 1 { next }
  NF != 42 { print "columns", NF; bad = 1; exit }
  { E = 0
    for (b = 0; b < 3; b++) { c = 4 + 9 * b
      E += m[b + 1] * $2 * $(c + 1) + m[b + 1] / 2 * ($(c + 3)^2 + $(c + 4)^2 + $(c + 5)^2) \
        + (I[3 * b + 1] * $(c + 6)^2 + I[3 * b + 2] * $(c + 7)^2 + I[3 * b + 3] * $(c + 8)^2) / 2 }
    if (NR == 2) { E0 = E; lo = hi = $3 }
    d = E - E0; if (d < 0) d = -d
    r = sqrt(($31 - $34)^2 + ($32 - $35)^2 + ($33 - $36)^2)
    a = sqrt(($37 - $40)^2 + ($38 - $41)^2 + ($39 - $42)^2)
    if (!(d <= 1e-8 && r <= 1e-10 && a <= 1e-10)) { print $1, d, r, a; bad = 1; exit }
    if (d > dmax) dmax = d; if (r > rmax) rmax = r; if (a > amax) amax = a
    if ($3 < lo) lo = $3; if ($3 > hi) hi = $3; n++ }
  END { if (bad) exit
    if (n != 3001) print "rows", n
    else if (!(hi - lo > 1)) print "crank range", hi - lo
    else printf "ok E0 %.6f J, |E - E0| <= %.2g J, closure %.2g m, axis %.2g, crank %.2f rad\n",
      E0, dmax, rmax, amax, hi - lo > "/dev/stderr" }' "$work/energy.csv" || echo "awk exited $?")
[ -z "$bad" ] || fail "energy drifts, the loop opens or the crank hardly moves" \
  "(t, |E - E0|, |r_a - r_b|, |z_a - z_b|): $bad"

finish "run_loop_energy: the spatial loop keeps its energy and stays closed"
