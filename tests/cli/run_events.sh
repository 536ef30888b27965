#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# run_events.sh MBENS MSL_DIR WORK DATA: state events against the analytic solution. A mass
# (m = 1) slides at v0 = 1 m/s into a user's preloaded bumper (user_bumper.mo): the force jumps
# to f0 = 5 N when the gap closes at s0 = 0.5 m (t_c = 0.5 s), grows with c = 100 N/m, and drops
# to 0 when the gap opens again at t_r = t_c + 2 atan2(v0/w, f0/c)/w (w = 10 1/s), after which the
# mass leaves at +v0. The contact and release times come from the trajectory (before, during and
# after contact, each phase is a closed form whose error grows with an error of t_c or t_r) and
# must be within 1e-9 s; with noEvent() (no events) the same tolerance misses them by far more.
# RK4's fixed steps locate them on their cubic Hermite (1e-6 at 100 steps/s); results do not
# depend on the largest step; a study that varies the preload gives 2 events a member and the
# same members.csv on OpenMP and OpenCL.
. "$(dirname "$0")/run_lib.sh"
data=$4
bumper="$data/user_bumper.mo"

# the largest deviation from the closed form, and the contact and release times it implies
check() { # CSV -> "worst dtc dtr"
  awk -F, 'BEGIN { a = 0.05; b = 0.1; w = 10; tc = 0.5; tr = tc + 2 * atan2(b, a) / w }
    function abs(x) { return x < 0 ? -x : x }
    NR > 1 { t = $1; s = $2
      if (t <= tc) e = s - (1 - t)
      else if (t <= tr) { u = t - tc; e = s - (0.55 - a * cos(w * u) - b * sin(w * u)) }
      else e = s - (0.5 + (t - tr))
      if (abs(e) > worst) worst = abs(e)
      if (t < tc) { tc_est = t + (s - 0.5) }          # s = 1 - t: the gap closes at t + s - s0
      if (t > tr && !done) { tr_est = t - (s - 0.5); done = 1 }  # s = s0 + (t - tr)
      n++ }
    END { if (n < 100) { print "rows", n; exit }
      printf "%.3g %.3g %.3g\n", worst, abs(tc_est - tc), abs(tr_est - tr) }' "$1"
}

sim() { # MODEL OUT [options]
  m=$1
  o=$2
  shift 2
  "$mbens" simulate "$m" -o "$o" --signals slider.s,slider.v --stop-time 1.5 --interval 0.01 "$@"
}

# ---- DOPRI5: the contact and release times to 1e-9 ----------------------------------------------
sim "$bumper" "$work/dopri.csv" --backend openmp --tolerance 1e-12 || fail "simulate exited $?"
set -- $(check "$work/dopri.csv")
awk -v w="$1" -v a="$2" -v b="$3" 'BEGIN { exit !(w < 1e-9 && a < 1e-9 && b < 1e-9) }' ||
  fail "dopri5: trajectory off by $1, contact time by $2 s, release time by $3 s"

# the same tolerance without events misses the bounce: the test can tell the difference
sed 's/Boolean contact = s < s0;/Boolean contact = noEvent(s < s0);/' "$bumper" >"$work/noevent.mo"
sim "$work/noevent.mo" "$work/noevent.csv" --backend openmp --tolerance 1e-9 ||
  fail "noEvent: simulate exited $?"
sim "$bumper" "$work/dopri9.csv" --backend openmp --tolerance 1e-9 || fail "1e-9: exited $?"
set -- $(check "$work/noevent.csv") $(check "$work/dopri9.csv")
awk -v n="$1" -v e="$4" 'BEGIN { exit !(n > 1e-8 && e < 1e-9 && 10 * e < n) }' ||
  fail "at tolerance 1e-9: $4 with events, $1 without (events should be well ahead)"

# where steps land does not matter: a largest step of 0.013 s gives the same trajectory
sim "$bumper" "$work/hmax.csv" --backend openmp --tolerance 1e-12 --step 0.013 ||
  fail "--step 0.013: exited $?"
bad=$(paste -d, "$work/dopri.csv" "$work/hmax.csv" | awk -F, 'NR > 1 { e = $2 - $5;
  if (e < 0) e = -e; if (e > 1e-10) { print $1, e; exit } }')
[ -z "$bad" ] || fail "the trajectory depends on the largest step: $bad"

# ---- RK4: located on the step's cubic Hermite -----------------------------------------------------
sim "$bumper" "$work/rk4.csv" --backend openmp --method rk4 --step 0.01 || fail "rk4: exited $?"
set -- $(check "$work/rk4.csv")
awk -v w="$1" 'BEGIN { exit !(w < 1e-6) }' || fail "rk4: trajectory off by $1"
sim "$work/noevent.mo" "$work/rk4-noevent.csv" --backend openmp --method rk4 --step 0.01 ||
  fail "rk4 noEvent: exited $?"
set -- $(check "$work/rk4-noevent.csv")
awk -v w="$1" 'BEGIN { exit !(w > 1e-4) }' || fail "rk4 without events is as good ($1)?"

# ---- a study: events per member, the same bits on every backend ---------------------------------
backends=openmp
if "$mbens" devices | grep -q '^OpenCL platform'; then
  backends="openmp opencl"
  sim "$bumper" "$work/dopri-cl.csv" --backend opencl --tolerance 1e-12 ||
    fail "opencl: simulate exited $?"
  cmp -s "$work/dopri.csv" "$work/dopri-cl.csv" || fail "OpenCL trajectory differs from OpenMP"
else
  echo "no OpenCL device: the OpenCL comparison is skipped"
fi
for b in $backends; do
  "$mbens" run "$bumper" -o "$work/run-$b" -n 8 --seed 5 --backend $b \
    --vary 'bumper.f0=uniform(1,10)' --qoi 'max(slider.v)' --signals slider.s \
    --stop-time 1.5 --interval 0.01 --tolerance 1e-10 --quiet || fail "run on $b exited $?"
done
events=$(awk -F, 'NR > 1 { print $(NF - 1) }' "$work/run-openmp/members.csv" | sort -u | tr '\n' ' ')
[ "$events" = "2 " ] || fail "events per member: '$events', expected 2 each"
# the mass leaves at +v0 whatever the preload (the bumper stores and returns its energy)
bad=$(awk -F, 'NR > 1 { e = $3 - 1; if (e < 0) e = -e; if (e > 1e-6) print $1, $3 }' \
  "$work/run-openmp/members.csv")
[ -z "$bad" ] || fail "exit speed not v0: $bad"
[ "$backends" = openmp ] || cmp -s "$work/run-openmp/members.csv" "$work/run-opencl/members.csv" ||
  fail "study: OpenCL members differ from OpenMP"
finish "state events: contact and release to 1e-9 s, RK4 to 1e-6, step-independent, backends identical"
