#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# run_spherical_spherical2.sh MBENS MSL_DIR WORK: ModelicaTest.MultiBody.Joints.SphericalSpherical2
# has no reference result; it checks itself. Three pendulums of the same bodies swing side by
# side: bodyBox on a SphericalSpherical rod with kinematicConstraint=false, bodyBox2 on one with
# computeRodLength, bodyBox1 as a tree (a Spherical without states, the rod's mass as a Body
# behind a FixedTranslation). Its asserts want the two loops within 1e-4 of each other (rs3) and
# each within 1e-3 of the tree (rs1, rs2; the MSL's rod mass is a point mass in both, so they
# differ by the integration's error only). Here: the asserts hold over the whole run (the
# simulation would stop otherwise), the two loops move identically (rs3 exactly 0: the same
# equations), the tree within 1e-3, and the pendulum moves (bodyBox's x by more than 0.3 m).
. "$(dirname "$0")/self_lib.sh"
sig='rs1.r_rel[1],rs1.r_rel[2],rs1.r_rel[3],rs2.r_rel[1],rs2.r_rel[2],rs2.r_rel[3]'
sig="$sig,rs3.r_rel[1],rs3.r_rel[2],rs3.r_rel[3],bodyBox.r_0[1]"
"$mbens" simulate --library "$msl" --class ModelicaTest.MultiBody.Joints.SphericalSpherical2 \
  -o "$work/ss2.csv" --signals "$sig" || { echo "FAIL: simulate exited $?"; exit 1; }
bad=$(awk -F, 'function a(v) { return v < 0 ? -v : v }
  NR > 1 && /nan|inf/ { print; exit }
  NR == 2 { x0 = $11 }
  NR > 1 { for (i = 2; i <= 7; i++) if (!(a($i) < 1e-3)) { print $1, "rs", i; exit }
  if ($8 != 0 || $9 != 0 || $10 != 0) { print $1, "the loops differ"; exit }
  if (a($11 - x0) > mv) mv = a($11 - x0)
  t = $1; n++ }
  END { if (t != 2) print "ends at", t; else if (!(mv > 0.3)) print "hardly moves", mv }' \
  "$work/ss2.csv")
[ -z "$bad" ] || { echo "FAIL: $bad"; exit 1; }
echo "SphericalSpherical2: two loops identical, the tree within 1e-3 over 2 s"
