#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# run_identity.sh MBENS MSL_DIR WORK: the identity contract of `mbens run` on files. One study of
# the chaotic double pendulum (three varied parameters, quantities of interest, statistics, saved
# trajectories) must give byte-identical members.csv, stats.csv and trajectories on OpenMP with 1
# and 2 threads, with other batch sizes, on OpenCL (PoCL) when there is a device, as three shards
# merged, and after an interruption (Ctrl-C, and a kill -9) followed by --resume.
. "$(dirname "$0")/run_lib.sh"

# the study; extra options follow. With EXEC=exec (in a subshell) mbens replaces the shell, so
# that $! is mbens itself and a signal reaches it.
EXEC=
study() {
  dir=$1
  shift
  $EXEC "$mbens" run "$model" -o "$dir" -n "$n" --seed 7 \
    --vary 'revolute1.phi.start=normal(0.6,0.2)' --vary 'boxBody1.r[1]=uniform(0.4,0.6)' \
    --vary 'damper.d=lognormal(-2,0.5)' \
    --qoi 'max(abs(revolute2.phi))' --qoi 'cross_up(revolute1.w,0)' --qoi 'mean(revolute2.w)' \
    --signals revolute1.phi,revolute2.phi,revolute2.w --stop-time "$t1" --interval 0.02 $method \
    --save-members 0-3,150,199 --save-signals revolute2.phi,revolute1.w --quiet "$@"
}

# same bytes in the files that carry results
same() {
  for f in members.csv stats.csv; do
    cmp -s "$1/$f" "$2/$f" || fail "$3: $f differs ($(cmp "$1/$f" "$2/$f" 2>&1 | head -1))"
  done
  for f in "$1"/trajectories/*.csv; do
    cmp -s "$f" "$2/trajectories/$(basename "$f")" || fail "$3: $(basename "$f") differs"
  done
}

# ---- backends, threads, batches ----------------------------------------------------------------
n=200
t1=4
method=
study "$work/base" --backend openmp --threads 1 || fail "base run exited $?"
[ "$(ls "$work/base/trajectories" | wc -l)" -eq 6 ] || fail "base: not 6 saved trajectories"
study "$work/threads" --backend openmp --threads 2 --batch-size 37 || fail "threads run exited $?"
same "$work/base" "$work/threads" "2 threads, batch 37"
study "$work/batch1" --backend openmp --threads 2 --batch-size 1 || fail "batch-1 run exited $?"
same "$work/base" "$work/batch1" "batch 1"
if "$mbens" devices | grep -q '^OpenCL platform'; then
  study "$work/opencl" --backend opencl --batch-size 64 || fail "OpenCL run exited $?"
  same "$work/base" "$work/opencl" "OpenCL"
else
  echo "no OpenCL device: the OpenCL comparison is skipped"
fi

# ---- shards and merge ----------------------------------------------------------------------------
study "$work/s2" --backend openmp --shard 2/3 --batch-size 11 || fail "shard 2 exited $?"
study "$work/s0" --backend openmp --shard 0/3 || fail "shard 0 exited $?"
study "$work/s1" --backend openmp --shard 1/3 --threads 1 || fail "shard 1 exited $?"
"$mbens" merge "$work/s1" "$work/s2" "$work/s0" -o "$work/merged" || fail "merge exited $?"
same "$work/base" "$work/merged" "three shards merged"
out=$("$mbens" merge "$work/s0" "$work/s2" -o "$work/gap" 2>&1)
[ $? -eq 2 ] && printf '%s' "$out" | grep -q "members 66 to 132 are in no shard" ||
  fail "a missing shard was not refused: $out"
out=$("$mbens" merge "$work/s0" "$work/s1" "$work/s0" -o "$work/overlap" 2>&1)
[ $? -eq 2 ] && printf '%s' "$out" | grep -q "members 0 to 65 are in two shards" ||
  fail "a shard given twice was not refused: $out"
cp -r "$work/s1" "$work/s1_damaged"
echo "999,extra" >> "$work/s1_damaged/members.csv"
out=$("$mbens" merge "$work/s0" "$work/s1_damaged" "$work/s2" -o "$work/damaged" 2>&1)
[ $? -eq 2 ] && printf '%s' "$out" | grep -q "but its run's checkpoint recorded" &&
  [ ! -e "$work/damaged/stats.state" ] ||
  fail "a members.csv that is not its checkpoint's was not refused: $out"

# ---- HDF5 trajectories: the same rows whatever the batches ------------------------------------
study "$work/h1" --backend openmp --save-format hdf5 || fail "hdf5 run exited $?"
study "$work/h2" --backend openmp --save-format hdf5 --batch-size 13 || fail "hdf5 run 2 exited $?"
cmp -s "$work/h1/trajectories.h5" "$work/h2/trajectories.h5" || fail "trajectories.h5 differ"

# ---- interrupted and resumed --------------------------------------------------------------------
# A slower study (RK4, small steps), stopped by Ctrl-C and by kill -9 once a few batches are in
n=1500
t1=6
method="--method rk4 --step 5e-4"
study "$work/plain" --backend openmp --batch-size 100 || fail "plain run exited $?"
for how in INT INT2 KILL; do
  dir="$work/stop_$how"
  (EXEC=exec study "$dir" --backend openmp --threads 1 --batch-size 20) &
  pid=$!
  tries=0
  while [ "$tries" -lt 300 ] && [ "$(cat "$dir/members.csv" 2>/dev/null | wc -l)" -lt 42 ]; do
    sleep 0.05
    tries=$((tries + 1))
  done
  # INT2: Ctrl-C twice, which stops at once (the manifest must still say interrupted)
  kill -s "${how%2}" "$pid" 2>/dev/null
  [ "$how" = INT2 ] && sleep 0.02 && kill -s INT "$pid" 2>/dev/null
  wait "$pid"
  rc=$?
  if [ "$how" != KILL ]; then
    [ "$rc" -eq 130 ] || fail "$how: exit code $rc, expected 130"
    grep -q '"status": "interrupted"' "$dir/manifest.json" || fail "$how: manifest not interrupted"
  fi
  done_rows=$(($(wc -l < "$dir/members.csv") - 1))
  [ "$done_rows" -lt "$n" ] || fail "$how arrived too late: the run had finished"
  "$mbens" run --resume "$dir" --batch-size 77 --threads 2 --quiet || fail "$how: resume exited $?"
  same "$work/plain" "$dir" "$how then --resume"
done

# ---- refusals -------------------------------------------------------------------------------------
out=$(study "$work/base" --backend openmp 2>&1)
[ $? -eq 2 ] && printf '%s' "$out" | grep -q "holds a complete run (200 members); choose another -o, or replace it with --force" ||
  fail "an existing run directory was not refused: $out"
out=$("$mbens" run --resume "$work/plain" 2>&1)
[ $? -eq 0 ] && printf '%s' "$out" | grep -q "is complete already (1500 members, 0 failed); nothing to resume" ||
  fail "the resume of a complete run did not say so: $out"
n=200
t1=4
method=
study "$work/threads" --backend openmp --force || fail "--force exited $?"
same "$work/base" "$work/threads" "replaced with --force"
out=$("$mbens" run --resume "$work/plain" --seed 8 2>&1)
[ $? -eq 2 ] && printf '%s' "$out" | grep -q "'--seed' cannot change when a run resumes" ||
  fail "a changed option on --resume was not refused: $out"

finish "identical everywhere"
