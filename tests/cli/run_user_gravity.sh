#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# run_user_gravity.sh MBENS MSL_DIR WORK DATA LIBRARY: a user's own gravity field (World's
# gravityAcceleration redeclared, inlined per body by host/mech) against independent truth.
# A free body in the user's -mu r/|r|^3 (a function written with arrays) flies an eccentric
# Kepler orbit (mu = 1, periapsis 1, speed 1.2 there: e = 0.44, a = 1/0.56): its position
# follows Kepler's equation, solved here by Newton, to 1e-9 over one period, and its energy
# and angular momentum keep their initial values to 1e-10. The MSL's own
# Examples.Elementary.UserDefinedGravityField runs from the unmodified sources and ends where
# its documentation says (rev.phi(10 s) = -2.39 rad at latitude 0, -2.42 rad at 90, a study
# varying the latitude of the redeclaration's modifier). Both give the same bytes on
# OpenMP and OpenCL (PoCL) when there is a device, and so does a study that varies mu.
. "$(dirname "$0")/run_lib.sh"
data=$4
lib=$5
orbit="$data/user_gravity.mo --class UserGravity.Orbit"
sig='sat.r_0[1],sat.r_0[2],sat.r_0[3],sat.v_0[1],sat.v_0[2],sat.v_0[3],sat.g_0[1],sat.g_0[2]'

# ---- the orbit against Kepler --------------------------------------------------------------------
# shellcheck disable=SC2086
"$mbens" simulate $orbit -o "$work/orbit.csv" --backend openmp --signals "$sig" \
  --stop-time 15 --interval 0.1 --tolerance 1e-12 || fail "orbit: simulate exited $?"
bad=$(awk -F, 'NR > 1 { t = $1; a = 1 / 0.56; e = 0.44; M = t / sqrt(a * a * a);
  E = M; for (k = 0; k < 60; k++) E = E - (E - e * sin(E) - M) / (1 - e * cos(E));
  x = a * (cos(E) - e); y = a * sqrt(1 - e * e) * sin(E);
  d = sqrt(($2 - x)^2 + ($3 - y)^2 + $4^2); r = sqrt($2^2 + $3^2 + $4^2);
  en = ($5^2 + $6^2 + $7^2) / 2 - 1 / r + 0.28; h = $2 * $6 - $3 * $5 - 1.2;
  g = $8 + $2 / r^3; if (en < 0) en = -en; if (h < 0) h = -h; if (g < 0) g = -g;
  if (d > 1e-9 || en > 1e-10 || h > 1e-10 || g > 1e-12) { print t, d, en, h, g; exit }
  if (d > big) big = d; n++ }
  END { if (n < 150) print "only", n, "rows"; else printf "%.2g\n", big > "/dev/stderr" }' \
  "$work/orbit.csv" 2> "$work/kepler_error")
[ -z "$bad" ] || fail "orbit: off Kepler's orbit (t, position, energy, momentum, g) = $bad"
echo "largest distance from Kepler's orbit over one period: $(cat "$work/kepler_error") m"

# ---- the MSL's UserDefinedGravityField from the unmodified sources ------------------------------
msl="--library $lib --class Modelica.Mechanics.MultiBody.Examples.Elementary.UserDefinedGravityField"
if [ -f "$lib/Modelica/package.mo" ]; then
  # shellcheck disable=SC2086
  "$mbens" simulate $msl -o "$work/wgs84.csv" --backend openmp --signals 'rev.phi,gravity[2]' ||
    fail "UserDefinedGravityField: simulate exited $?"
  # WGS84 normal gravity at latitude 0, 20 m high (the body starts level with the joint)
  awk -F, 'NR == 2 { a = 6378137.0; f = 1 / 298.257223563; ha = 20 / a;
    m = 7292115e-11^2 * a^2 * 6356752.3142 / 3986004.418e8;
    g = $3 + 9.7803253359 * (1 - ha * (2 * (1 + f + m) + 3 * ha));
    if (g > 1e-12 || g < -1e-12) exit 1 }
    END { d = $2 + 2.39; exit !(d < 0.005 && d > -0.005) }' "$work/wgs84.csv" ||
    fail "UserDefinedGravityField: gravity or rev.phi(10) off the MSL's values"
  # the latitude reaches the kernel per member through the redeclaration's modifier (phi =
  # geodeticLatitude): the documentation's -2.39 rad at the equator, -2.42 rad at the pole
  # shellcheck disable=SC2086
  "$mbens" run $msl -o "$work/latitude" -n 2 --sampler grid --backend openmp --quiet \
    --vary 'geodeticLatitude=discrete(0,90)' --qoi 'final(rev.phi)' --signals none ||
    fail "UserDefinedGravityField: run exited $?"
  awk -F, 'NR > 1 { want = $2 == 0 ? -2.39 : -2.42; d = $3 - want; if (d < 0) d = -d;
    if (d > 0.005) bad = 1; n++ } END { exit bad || n != 2 }' "$work/latitude/members.csv" ||
    fail "UserDefinedGravityField: rev.phi(10) at latitudes 0 and 90 off the documented values"
else
  echo "no MSL sources at $lib: UserDefinedGravityField is skipped"
  msl=
fi

# ---- the same bytes on OpenCL --------------------------------------------------------------------
if "$mbens" devices | grep -q '^OpenCL platform'; then
  # shellcheck disable=SC2086
  "$mbens" simulate $orbit -o "$work/orbit-cl.csv" --backend opencl --signals "$sig" \
    --stop-time 15 --interval 0.1 --tolerance 1e-12 || fail "orbit: OpenCL simulate exited $?"
  cmp -s "$work/orbit.csv" "$work/orbit-cl.csv" || fail "orbit: OpenCL differs from OpenMP"
  if [ -n "$msl" ]; then
    # shellcheck disable=SC2086
    "$mbens" simulate $msl -o "$work/wgs84-cl.csv" --backend opencl \
      --signals 'rev.phi,gravity[2]' || fail "UserDefinedGravityField: OpenCL simulate exited $?"
    cmp -s "$work/wgs84.csv" "$work/wgs84-cl.csv" ||
      fail "UserDefinedGravityField: OpenCL differs from OpenMP"
  fi
  for b in openmp opencl; do
    # shellcheck disable=SC2086
    "$mbens" run $orbit -o "$work/run-$b" -n 8 --seed 5 --backend $b \
      --vary 'mu=uniform(0.8,1.2)' --qoi 'min(sat.r_0[1])' --signals 'sat.r_0[1]' \
      --stop-time 8 --interval 0.1 --quiet || fail "run on $b exited $?"
  done
  cmp -s "$work/run-openmp/members.csv" "$work/run-opencl/members.csv" ||
    fail "study: OpenCL members differ from OpenMP"
else
  echo "no OpenCL device: the OpenCL comparison is skipped"
fi
finish "a user's gravity field: Kepler's orbit, the MSL's WGS84 example, backends identical"
