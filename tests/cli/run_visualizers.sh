#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# run_visualizers.sh MBENS MODELS WORK DATA MSL_DIR: the MultiBody visualizers are animation
# only, whatever their inputs.
# - data/visualizers.mo: a swinging link carrying VoluminousWheel, Torus (its radii sizing a
#   FixedTranslation), Rectangle, PipeWithScalarField (a time-varying field, a redeclared colour
#   map), FixedShape and the Advanced Arrow, DoubleArrow, Shape and Vector (bound to the link's
#   frame, rate and cut force) writes the same bytes as the link alone; a colour map that lacks
#   the interface (sin) is refused at its line.
# - The MSL's Elementary.Surfaces from its sources: its prismatic joint follows
#   Translational.Sources.Position (exact = false: a critically damped filter of 50 Hz, af =
#   1.3617) driven by 2 sin(pi t); after the start the lag leaves |s - 2 sin(pi t)| at
#   2 pi af / (2 pi 50) = 0.02723 at most (within 3 %); wz = time.
# - The MSL's ModelicaTest.MultiBody.Visualizers models pass mbens check (ColorMaps redeclares
#   each of the MSL's colour maps).
. "$(dirname "$0")/run_lib.sh"
msl=$5
"$mbens" simulate "$4/visualizers.mo" --class Visualizers.WithVisualizers -o "$work/with.csv" \
  --stop-time 2 --interval 0.01 || fail "simulate WithVisualizers exited $?"
"$mbens" simulate "$4/visualizers.mo" --class Visualizers.Link -o "$work/without.csv" \
  --stop-time 2 --interval 0.01 || fail "simulate Link exited $?"
cmp -s "$work/with.csv" "$work/without.csv" ||
  fail "the visualizers changed the motion: $(diff "$work/with.csv" "$work/without.csv" | head -3)"
# a colour map that is no colour map is refused, though the visualizer never calls it
sed 's/redeclare function colorMap = grey/redeclare function colorMap = Modelica.Math.sin/' \
  "$4/visualizers.mo" > "$work/bad_map.mo"
"$mbens" check "$work/bad_map.mo" --class Visualizers.WithVisualizers > "$work/bad_map.txt" 2>&1 &&
  fail "a sin as colour map was accepted"
grep -q "bad_map.mo:30:.*'colorMap' of .*PipeWithScalarField is redeclared as sin, which has no 'n_colors'" \
  "$work/bad_map.txt" || fail "bad colour map: $(head -2 "$work/bad_map.txt")"
if [ ! -f "$msl/Modelica/package.mo" ]; then
  echo "MSL sources not found: $msl/Modelica/package.mo"
  exit 77
fi
"$mbens" simulate "$msl/Modelica/Mechanics/MultiBody/Examples/Elementary/Surfaces.mo" \
  -o "$work/surfaces.csv" --signals prismatic.s,wz || fail "simulate Surfaces exited $?"
# the MSL's own tests of its visualizers: every colour map of Visualizers.Colors.ColorMaps
# redeclared into PipeWithScalarField passes the check of redeclared functions
for c in ColorMaps Shapes Arrow Torus VoluminousWheel; do
  "$mbens" check --library "$msl" --class "ModelicaTest.MultiBody.Visualizers.$c" --quiet \
    > "$work/mt_$c.txt" 2>&1 || fail "ModelicaTest $c: $(head -2 "$work/mt_$c.txt")"
done
bad=$(awk -F, 'function a(x) { return x < 0 ? -x : x }
  NR > 1 { e = a($2 - 2 * sin(3.141592653589793 * $1)); m = e > m ? e : m; n++
    if (a($3 - $1) > 1e-12) { print "wz", $1, $3; exit } }
  END { if (n < 500 || m < 0.0264 || m > 0.0281) print "rows", n, "max lag", m }' \
  "$work/surfaces.csv")
[ -z "$bad" ] || fail "Surfaces: $bad"
finish "run_visualizers: visualizers leave the motion alone; Surfaces follows its filtered sine"
