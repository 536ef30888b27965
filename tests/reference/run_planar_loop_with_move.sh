#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# run_planar_loop_with_move.sh MBENS MSL_DIR WORK: ModelicaTest.MultiBody.PlanarLoopWithMove has
# no reference result; it checks itself. A planar four-bar (closed by RevolutePlanarLoopConstraint
# r4) whose crank r1 a Rotational.Sources.Move drives along a CombiTimeTable (angle 0 to 30 deg
# over 3 s, 10 deg/s, through a MatrixGain deg -> rad): r1 follows the table exactly (phi and w
# the table's, to rounding), and the loop stays closed (r4's frames coincide to 1e-9) over the
# whole run.
. "$(dirname "$0")/self_lib.sh"
sig='r1.phi,r1.w,deg2rad1.y[1],deg2rad1.y[2],r4.frame_a.r_0[1],r4.frame_a.r_0[2]'
sig="$sig,r4.frame_b.r_0[1],r4.frame_b.r_0[2]"
"$mbens" simulate --library "$msl" --class ModelicaTest.MultiBody.PlanarLoopWithMove \
  -o "$work/plm.csv" --signals "$sig" --interval 0.01 || { echo "FAIL: simulate exited $?"; exit 1; }
bad=$(awk -F, 'function a(v) { return v < 0 ? -v : v }
  NR > 1 && /nan|inf/ { print; exit }
  NR > 1 { pi = atan2(0, -1); phi = $1 * 10 * pi / 180
    if (a($2 - phi) > 1e-12 || a($3 - 10 * pi / 180) > 1e-12 || $2 != $4 || $3 != $5 ||
        a($6 - $8) > 1e-9 || a($7 - $9) > 1e-9) { print $1, $2 - phi, $6 - $8, $7 - $9; exit }
    t = $1; n++ }
  END { if (t != 3) print "ends at", t }' "$work/plm.csv")
if [ -n "$bad" ]; then
  echo "FAIL: PlanarLoopWithMove (t, dphi, loop gap x, y): $bad"
  exit 1
fi
echo "PlanarLoopWithMove: the crank follows its table, the loop stays closed"
