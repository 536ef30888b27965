#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# run_loop_identity.sh MBENS MSL_DIR WORK DATA: a chaotic ensemble with a kinematic loop gives the
# same bits however it is run. loop_chaos.mo is the planar four-bar of fourbar_planar.mo (closed
# by RevolutePlanarLoopConstraint) with a free double pendulum hanging from its coupler. 64
# members on a grid of the crank's start speed (j1.w.start from 1.9 to 2.1, neighbours 0.003 rad/s
# apart) run for 5 s; members.csv, stats.csv and every member's saved trajectory are compared
# byte for byte across OpenMP --threads 1 and --threads 2, --batch-size 7 and the default, and
# OpenCL (PoCL) when there is a platform (manifest.json and stats.state record timings and are
# not compared). The identity means something because the motion is chaotic: the final angle of
# the outer pendulum differs by more than 0.1 rad between most neighbouring members (and between
# the extreme ones), every member finishes ok, and the loop stays closed in every member
# (the rocker's end at the ground pivot (0.4, 0) to 1e-9 m over the whole run).
. "$(dirname "$0")/run_lib.sh"
data=$4
model=$data/loop_chaos.mo

# run NAME OPTIONS...: the study into $work/NAME; exit 0 expected (every member ok)
run() {
  name=$1
  shift
  "$mbens" run "$model" -n 64 -o "$work/$name" --vary 'j1.w.start=uniform(1.9,2.1)' --sampler grid \
    --stop-time 5 --interval 0.01 --tolerance 1e-8 --signals 'j1.phi,p1.phi,p2.phi' \
    --qoi 'final(p2.phi)' --qoi 'final(p1.phi)' \
    --qoi 'max(abs(rocker.frame_b.r_0[1] - 0.4) + abs(rocker.frame_b.r_0[2]))' \
    --save-signals 'j1.phi,j1.w,p1.phi,p1.w,p2.phi,p2.w,coupler.frame_b.r_0[1]' --quiet "$@" ||
    fail "run $name exited $?"
}

# same A B: members.csv, stats.csv and the trajectories of runs A and B are the same bytes
same() {
  for f in members.csv stats.csv; do
    cmp -s "$work/$1/$f" "$work/$2/$f" || fail "$f differs between $1 and $2"
  done
  n=0
  for f in "$work/$1"/trajectories/member_*.csv; do
    cmp -s "$f" "$work/$2/trajectories/${f##*/}" || fail "${f##*/} differs between $1 and $2"
    n=$((n + 1))
  done
  [ "$n" -eq 64 ] || fail "$1 saved $n trajectories, not 64"
}

run t1 --backend openmp --threads 1
run t2 --backend openmp --threads 2
run b7 --backend openmp --batch-size 7
same t1 t2
same t1 b7
if "$mbens" devices | grep -q '^OpenCL platform'; then
  run cl --backend opencl
  same t1 cl
fi

# members.csv: member, j1.w.start, final(p2.phi), final(p1.phi), closure, status, steps, ...
bad=$(awk -F, 'NR == 1 { next }
  { if ($6 != "ok" || !($5 <= 1e-9)) { print "member", $1, $6, $5; bad = 1; exit }
    if (n > 0) { d = $3 - prev; if (d < 0) d = -d; if (d > 0.1) far++ }
    if (n == 0) first = $3; prev = $3; if ($5 > cl) cl = $5; n++ }
  END { if (bad) exit
    if (n != 64) { print "members", n; exit }
    d = prev - first; if (d < 0) d = -d
    if (far < 32 || d <= 0.1)
      print "not chaotic: neighbours apart by > 0.1 rad", far + 0, "of 63, extremes", d
    else printf "ok %d of 63 neighbours apart by > 0.1 rad, extremes %.3g rad, closure %.2g m\n",
      far, d, cl > "/dev/stderr" }' "$work/t1/members.csv" || echo "awk exited $?")
[ -z "$bad" ] || fail "the ensemble is not what it should be: $bad"

finish "run_loop_identity: the chaotic loop ensemble is the same bits on every path"
