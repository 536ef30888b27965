#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# run_assert.sh MBENS MSL_DIR WORK DATA_DIR: asserts checked during the run. data/assert_fall.mo
# drops a body from rest under g = 9.80665, so slider.s = -g t^2 / 2 passes its floor of -1 m at
# t* = sqrt(2 / g) = 0.4516008 s; its velocity passes the warning level's -2.5 m/s at 0.2549 s.
# simulate must stop where the assertion first failed (located inside the step on its
# interpolant, as events are: t* to 1e-8 s), name the assert, its place and the time, keep what
# was computed before, and exit 1; a warning-level assert only warns;
# run stops exactly the members whose values violate an assert, with the same statuses and bits
# on OpenMP and OpenCL.
. "$(dirname "$0")/run_lib.sh"
data=$4
fall=$data/assert_fall.mo
opencl=
if "$mbens" devices | grep -q '^OpenCL platform'; then
  opencl=opencl
fi

# the time an error line names, when it says the body fell through the floor at assert_fall.mo:14:3
failure_time() {
  sed -n 's/^mbens simulate: error: .*assert_fall\.mo:14:3: assertion failed at t = \([0-9.e+-]*\) s: the body fell through the floor$/\1/p' "$1"
}

# located T TOL: |T - t*| <= TOL
located() {
  awk -v t="$1" -v tol="$2" 'BEGIN { e = t - sqrt(2 / 9.80665); exit !(e <= tol && -e <= tol) }'
}

# check lists the asserts the run checks (not the one on parameters, which nothing varies in)
"$mbens" check "$fall" >"$work/check.out" || fail "check exited $?"
sed -n '/^asserts checked per member during the run/,$p' "$work/check.out" >"$work/check.asserts"
printf '%s\n' 'asserts checked per member during the run (2):' \
  '  assert_fall.mo:13:3 (warning level): falling faster than 2.5 m/s' \
  '  assert_fall.mo:14:3: the body fell through the floor' | cmp -s - "$work/check.asserts" ||
  fail "check: the asserts listed: $(cat "$work/check.asserts")"

for backend in openmp $opencl; do
  for method in rk4 dopri5; do
    tag=$backend-$method
    "$mbens" simulate "$fall" -o "$work/$tag.csv" --backend "$backend" --method "$method" \
      --step 0.01 --signals slider.s,slider.v 2>"$work/$tag.err"
    rc=$?
    [ "$rc" -eq 1 ] || fail "$tag: exit $rc, expected 1"
    t=$(failure_time "$work/$tag.err")
    [ -n "$t" ] || fail "$tag: no error naming the assert: $(cat "$work/$tag.err")"
    [ -n "$t" ] && ! located "$t" 1e-8 && fail "$tag: failure at t = $t, not 0.4516008 s to 1e-8"
    grep -q 'assert_fall\.mo:13:3: assertion failed (warning level): falling faster than 2.5 m/s' \
      "$work/$tag.err" || fail "$tag: no warning for the warning-level assert"
    # what was computed: the grid point before the failure, none after
    awk -F, '$1 == 0.45 { ok = ($2 + 0 < -0.99 && $2 + 0 > -1) } END { exit !ok }' "$work/$tag.csv" ||
      fail "$tag: the row at t = 0.45 is not the fall's -0.993 m"
    [ "$(awk -F, '$1 == 1 { print $2 }' "$work/$tag.csv")" = nan ] ||
      fail "$tag: the row at t = 1 is not NaN"
  done
done
if [ -n "$opencl" ]; then
  for method in rk4 dopri5; do
    cmp -s "$work/openmp-$method.csv" "$work/opencl-$method.csv" || fail "$method: OpenMP and OpenCL CSVs differ"
    cmp -s "$work/openmp-$method.err" "$work/opencl-$method.err" || fail "$method: OpenMP and OpenCL messages differ"
  done
fi

# the warning-level assert alone: the run goes on to the stop time
"$mbens" simulate "$fall" -o "$work/warn.csv" --backend openmp --stop-time 0.4 --interval 0.1 \
  --signals slider.s 2>"$work/warn.err" || fail "warning only: exit $?"
grep -q 'warning: .*assert_fall\.mo:13:3: assertion failed (warning level): falling faster than 2.5 m/s' \
  "$work/warn.err" || fail "warning only: no warning: $(cat "$work/warn.err")"
grep -q 'error' "$work/warn.err" && fail "warning only: an error: $(cat "$work/warn.err")"
[ "$(tail -n 1 "$work/warn.csv" | cut -d, -f1)" = 0.40000000000000002 ] ||
  fail "warning only: the last row is not t = 0.4: $(tail -n 1 "$work/warn.csv")"

# a design: mass >= 2 violates assert(mass < 2) at the start (0 steps), a floor of -0.5 m is
# crossed at 0.319 s; the others finish
for backend in openmp $opencl; do
  "$mbens" run "$fall" --design "$data/assert_design.csv" -o "$work/run-$backend" --backend "$backend" \
    --step 0.01 --signals slider.s --save-members 0-4 2>"$work/run-$backend.err"
  rc=$?
  [ "$rc" -eq 3 ] || fail "run $backend: exit $rc, expected 3"
  got=$(cut -d, -f4,5 "$work/run-$backend/members.csv" | tr '\n' ' ')
  [ "$got" = "status,steps ok,102 assert,0 assert,34 assert,0 ok,102 " ] ||
    fail "run $backend: statuses and steps '$got'"
  # members.csv names the assertion that stopped each member
  got=$(cut -d, -f7 "$work/run-$backend/members.csv" | sed 's|.*/||' | tr '\n' ' ')
  [ "$got" = "assert  assert_fall.mo:15:3 assert_fall.mo:14:3 assert_fall.mo:15:3  " ] ||
    fail "run $backend: the assertions named in members.csv: '$got'"
  grep -q '^mbens run: .*assert_fall\.mo:15:3: assertion failed in 2 members: the body is too heavy$' \
    "$work/run-$backend.err" || fail "run $backend: no summary for the mass assert: $(cat "$work/run-$backend.err")"
  grep -q '^mbens run: .*assert_fall\.mo:14:3: assertion failed in 1 member: the body fell through the floor$' \
    "$work/run-$backend.err" || fail "run $backend: no summary for the floor assert"
  grep -q '^mbens run: warning: .*assert_fall\.mo:13:3: assertion failed (warning level) in 3 members: falling faster than 2.5 m/s$' \
    "$work/run-$backend.err" || fail "run $backend: no summary for the warning-level assert"
done
if [ -n "$opencl" ]; then
  cmp -s "$work/run-openmp/members.csv" "$work/run-opencl/members.csv" || fail "run: members.csv differ"
  for f in "$work"/run-openmp/trajectories/*.csv; do
    cmp -s "$f" "$work/run-opencl/trajectories/$(basename "$f")" || fail "run: $(basename "$f") differs"
  done
fi
finish "asserts during the run: the failing step, its message and time, warnings, members stopped by their values, the same on both backends"
