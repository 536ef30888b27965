#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# run_rotor1d_orientation.sh MBENS MSL_DIR WORK REFERENCE_DIR: ModelicaTest.MultiBody.Parts.
# Rotor1D.Rotor1D_1's bodyCylinder2.body.Q, gated from bodyCylinder2's real orientation.
# The spherical1 branch (a Spherical without states, bodyCylinder1, a revolute, bodyCylinder2) has
# two potential roots of equal priority; the Modelica language leaves the choice to the tool.
# Dymola chose bodyCylinder2.body, so its Q in the reference is that body's absolute orientation;
# mbens chooses bodyCylinder1.body, and a Body that is not a root sets Q = {0,0,0,1} (Parts.Body's
# dummy). Both carry the same motion: here the quaternion of bodyCylinder2.frame_a.R (the MSL's
# Frames.Quaternions.from_T, kept continuous in sign as an integrated Q is) must pass Gate A
# against the reference's Q.
. "$(dirname "$0")/self_lib.sh"
refroot=$4
ref=$refroot/ModelicaTest/MultiBody/Parts/Rotor1D/Rotor1D_1
if [ ! -f "$ref/Rotor1D_1.csv" ]; then
  echo "reference data not found: $ref/Rotor1D_1.csv"
  exit 77
fi
: >"$work/signals.txt"
for i in 1 2 3; do
  for j in 1 2 3; do echo "bodyCylinder2.frame_a.R.T[$i,$j]" >>"$work/signals.txt"; done
done
"$mbens" simulate --library "$msl" --class ModelicaTest.MultiBody.Parts.Rotor1D.Rotor1D_1 \
  -o "$work/T.csv" --signals "@$work/signals.txt" --stop-time 5 --interval 0.001 \
  --tolerance 1e-9 || { echo "FAIL: simulate exited $?"; exit 1; }
# columns 2..10: T[1,1] T[1,2] T[1,3] T[2,1] ... T[3,3]
awk -F, 'function sq(x) { return sqrt(x) }
  NR == 1 { print "\"time\",\"bodyCylinder2.body.Q[1]\",\"bodyCylinder2.body.Q[2]\"," \
                  "\"bodyCylinder2.body.Q[3]\",\"bodyCylinder2.body.Q[4]\""; next }
  { for (k = 1; k <= 9; k++) T[int((k - 1) / 3) + 1, (k - 1) % 3 + 1] = $(k + 1)
    c1 = 1 + T[1,1] - T[2,2] - T[3,3]; c2 = 1 + T[2,2] - T[1,1] - T[3,3]
    c3 = 1 + T[3,3] - T[1,1] - T[2,2]; c4 = 1 + T[1,1] + T[2,2] + T[3,3]
    if (c4 > 0.04 || (c4 > c1 && c4 > c2 && c4 > c3)) {
      p = sq(c4) / 2; p4 = 4 * p
      q1 = (T[2,3] - T[3,2]) / p4; q2 = (T[3,1] - T[1,3]) / p4; q3 = (T[1,2] - T[2,1]) / p4; q4 = p
    } else if (c1 > c2 && c1 > c3 && c1 > c4) {
      p = sq(c1) / 2; p4 = 4 * p
      q1 = p; q2 = (T[1,2] + T[2,1]) / p4; q3 = (T[1,3] + T[3,1]) / p4; q4 = (T[2,3] - T[3,2]) / p4
    } else if (c2 > c1 && c2 > c3 && c2 > c4) {
      p = sq(c2) / 2; p4 = 4 * p
      q1 = (T[1,2] + T[2,1]) / p4; q2 = p; q3 = (T[2,3] + T[3,2]) / p4; q4 = (T[3,1] - T[1,3]) / p4
    } else {
      p = sq(c3) / 2; p4 = 4 * p
      q1 = (T[1,3] + T[3,1]) / p4; q2 = (T[2,3] + T[3,2]) / p4; q3 = p; q4 = (T[1,2] - T[2,1]) / p4
    }
    # the sign of the previous sample (Q and -Q are one orientation; an integrated Q is continuous)
    if (NR > 2 && q1 * Q1 + q2 * Q2 + q3 * Q3 + q4 * Q4 < 0) { q1 = -q1; q2 = -q2; q3 = -q3; q4 = -q4 }
    Q1 = q1; Q2 = q2; Q3 = q3; Q4 = q4
    printf "%s,%.17g,%.17g,%.17g,%.17g\n", $1, q1, q2, q3, q4 }' "$work/T.csv" >"$work/Q.csv" ||
  { echo "FAIL: the quaternions"; exit 1; }
echo "Gate A (tol 2e-3) of bodyCylinder2's orientation against the reference's bodyCylinder2.body.Q:"
"$mbens" compare "$work/Q.csv" "$ref/Rotor1D_1.csv" --tol 2e-3 --margin \
  --signals 'bodyCylinder2.body.Q[1],bodyCylinder2.body.Q[2],bodyCylinder2.body.Q[3],bodyCylinder2.body.Q[4]'
