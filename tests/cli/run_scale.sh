#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# run_scale.sh MBENS CHAIN_MODEL_SH WORK: large mechanisms. The kernel of an N-link chain grows
# linearly with N (articulated bodies: 64 links hold at most 5 times the operations of 16, where
# the composite inertias' dense mass matrix made 21 times as many) and is written as parts; that
# kernel runs on every backend with the same bits (`mbens bench` exits 1 where they differ);
# --stats names the method (a four-bar loop: composite inertias); bench --json gives its numbers.
# Above 40,000 operations (128 links) the kernel is written with loops over the links, with the
# bits of its straight-line text on every backend.
set -u
unset MBENS_KERNEL_LOOPS  # the default choice is under test
mbens=$1
chain=$2
work=$3
. "$(dirname "$0")/work_lib.sh"
fresh_work "$work"
export MBENS_CACHE_DIR="$work/cache"

for n in 16 64; do
  sh "$chain" mo "$n" > "$work/Chain$n.mo" || { echo "FAIL: $chain mo $n exited $?"; exit 1; }
  "$mbens" simulate "$work/Chain$n.mo" -o "$work/c$n.csv" --stop-time 0.01 --interval 0.01 \
    --method rk4 --step 1e-3 --stats --backend openmp 2> "$work/stats$n.txt" ||
    fail "Chain$n: simulate exited $?"
  grep -q "accelerations by articulated bodies" "$work/stats$n.txt" ||
    fail "Chain$n: not solved by articulated bodies: $(head -1 "$work/stats$n.txt")"
done
ops16=$(sed -n 's/.*mbe_rhs (each derivative evaluation): \([0-9]*\) operations.*/\1/p' "$work/stats16.txt")
ops64=$(sed -n 's/.*mbe_rhs (each derivative evaluation): \([0-9]*\) operations.*/\1/p' "$work/stats64.txt")
echo "operations per derivative evaluation: 16 links $ops16, 64 links $ops64"
if [ -z "$ops16" ] || [ -z "$ops64" ] || [ $((ops64 * 10)) -gt $((ops16 * 50)) ]; then
  fail "the kernel grows faster than linearly: $ops16 operations at 16 links, $ops64 at 64"
fi
# the articulated-body passes visit a serial chain's links one after the other, inward and out:
# the depth grows in proportion to the links (4x from 16 to 64), never with the operations
deep16=$(sed -n '/mbe_rhs/,/mbe_out/s/^ *\([0-9]*\) operations deep.*/\1/p' "$work/stats16.txt")
deep64=$(sed -n '/mbe_rhs/,/mbe_out/s/^ *\([0-9]*\) operations deep.*/\1/p' "$work/stats64.txt")
echo "operations deep: 16 links $deep16, 64 links $deep64"
if [ -z "$deep16" ] || [ -z "$deep64" ] || [ $((deep64 * 10)) -lt $((deep16 * 35)) ] ||
  [ $((deep64 * 10)) -gt $((deep16 * 45)) ] || [ "$deep64" -ge "$ops64" ]; then
  fail "depth not linear in the links: $deep16 at 16, $deep64 at 64 ($ops64 operations)"
fi
parts=$(sed -n '/mbe_rhs/,/mbe_out/s/.*written as \([0-9]*\) parts.*/\1/p' "$work/stats64.txt")
[ "${parts:-0}" -ge 8 ] || fail "Chain64: the kernel is not written as parts: ${parts:-none}"

grep -q "written with" "$work/stats64.txt" && fail "Chain64: written with loops: $(cat "$work/stats64.txt")"

# 128 links: loops (the text writes a small part of the operations), the same bytes as the
# straight-line text, and on every backend (a CPU OpenCL device's work-groups fit its stack)
sh "$chain" mo 128 > "$work/Chain128.mo" || fail "$chain mo 128 exited $?"
"$mbens" simulate "$work/Chain128.mo" -o "$work/c128.csv" --stop-time 0.05 --interval 0.01 \
  --method rk4 --step 1e-3 --stats --backend openmp 2> "$work/stats128.txt" ||
  fail "Chain128: simulate exited $?: $(cat "$work/stats128.txt")"
ops128=$(sed -n 's/.*mbe_rhs (each derivative evaluation): \([0-9]*\) operations.*/\1/p' "$work/stats128.txt")
loops=$(sed -n '/mbe_rhs/,/mbe_out/s/.*written with \([0-9]*\) loops.*in them, \([0-9]*\) operations of text.*/\1 \2/p' \
  "$work/stats128.txt")
echo "Chain128: $ops128 operations, loops and operations of text: ${loops:-none}"
set -- $loops
[ $# -eq 2 ] && [ "$1" -ge 3 ] && [ $(($2 * 20)) -lt "${ops128:-0}" ] ||
  fail "Chain128: not written with loops: $(cat "$work/stats128.txt")"
MBENS_KERNEL_LOOPS=never "$mbens" simulate "$work/Chain128.mo" -o "$work/c128s.csv" \
  --stop-time 0.05 --interval 0.01 --method rk4 --step 1e-3 --stats --backend openmp \
  2> "$work/stats128s.txt" || fail "Chain128 straight-line: simulate exited $?"
grep -q "written with" "$work/stats128s.txt" && fail "MBENS_KERNEL_LOOPS=never wrote loops"
cmp -s "$work/c128.csv" "$work/c128s.csv" || fail "Chain128: loops and straight-line text differ"
"$mbens" bench "$work/Chain128.mo" --members 8 --stop-time 0.01 --method rk4 --backend all \
  > "$work/bench128.txt" 2>&1 || fail "bench Chain128 exited $?: $(tail -3 "$work/bench128.txt")"
if grep -q "^backend 1: OpenCL" "$work/bench128.txt"; then
  grep -q "identity: all .* bitwise identical" "$work/bench128.txt" ||
    fail "bench Chain128: no identity line: $(cat "$work/bench128.txt")"
fi
out=$(MBENS_KERNEL_LOOPS=sometimes "$mbens" simulate "$work/Chain16.mo" -o "$work/w.csv" \
  --stop-time 0.01 --backend openmp 2>&1) || fail "MBENS_KERNEL_LOOPS=sometimes: exited $?"
echo "$out" | grep -q "MBENS_KERNEL_LOOPS=sometimes is none of auto, never, always" ||
  fail "a wrong MBENS_KERNEL_LOOPS is not warned about: $out"

# the 64-link chain on every backend, bit for bit (bench exits 1 when the backends differ)
"$mbens" bench "$work/Chain64.mo" --members 40 --stop-time 0.02 --method rk4 --backend all \
  > "$work/bench.txt" 2>&1 || fail "bench Chain64 exited $?: $(tail -3 "$work/bench.txt")"
grep -q "Gop/s" "$work/bench.txt" || fail "bench: no operation rate: $(cat "$work/bench.txt")"
if grep -q "^backend 1: OpenCL" "$work/bench.txt"; then
  grep -q "identity: all .* bitwise identical" "$work/bench.txt" ||
    fail "bench: no identity line: $(cat "$work/bench.txt")"
else
  echo "no OpenCL device: the bench compared nothing across backends"
fi
"$mbens" bench "$work/Chain16.mo" --members 16 --stop-time 0.01 --method dopri5 \
  --backend openmp --json > "$work/bench.json" || fail "bench --json exited $?"
grep -q '"member_steps_per_second": [0-9]' "$work/bench.json" &&
  grep -q '"operations_per_rhs": [1-9]' "$work/bench.json" ||
  fail "bench --json: $(cat "$work/bench.json")"

# the standard suite: 35 runs (the 6 chains and the ladder's 12 models in double precision, the
# same in single but ThreeSprings, whose junction single precision cannot solve), each with its
# operation count, all members finished
"$mbens" bench --suite --members 16 --backend openmp --json > "$work/suite.json" ||
  fail "bench --suite exited $?: $(tail -3 "$work/suite.json")"
[ "$(grep -c '"suite": "mbens-bench-suite-2".*"operations_per_rhs": [1-9].*"failed": 0' \
  "$work/suite.json")" -eq 35 ] || fail "bench --suite: $(cat "$work/suite.json")"

# single precision is refused, with the reason, where a junction is solved to 1e-9
three=$(dirname "$chain")/../models/msl/Modelica/Mechanics/MultiBody/Examples/Elementary/ThreeSprings.mo
out=$("$mbens" simulate "$three" -o "$work/t.csv" --precision single 2>&1)
[ $? -eq 2 ] && echo "$out" | grep -q "massless junctions of line forces are solved to 1e-9" ||
  fail "ThreeSprings in single precision: $out"

# a loop closed by a cut joint: the composite inertias
cat > "$work/Loop.mo" <<'EOF'
model Loop
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Joints.Revolute j1(phi(start=0.3, fixed=true));
  Modelica.Mechanics.MultiBody.Parts.BodyShape b1(r={1,0,0}, r_CM={0.5,0,0}, m=1);
  Modelica.Mechanics.MultiBody.Joints.Revolute j2;
  Modelica.Mechanics.MultiBody.Parts.BodyShape b2(r={0,-1,0}, r_CM={0,-0.5,0}, m=1);
  Modelica.Mechanics.MultiBody.Joints.Revolute j3;
  Modelica.Mechanics.MultiBody.Parts.BodyShape b3(r={-1,0,0}, r_CM={-0.5,0,0}, m=1);
  Modelica.Mechanics.MultiBody.Joints.RevolutePlanarLoopConstraint j4;
  Modelica.Mechanics.MultiBody.Parts.FixedTranslation ground(r={0,-1,0});
equation
  connect(world.frame_b, j1.frame_a);
  connect(j1.frame_b, b1.frame_a);
  connect(b1.frame_b, j2.frame_a);
  connect(j2.frame_b, b2.frame_a);
  connect(b2.frame_b, j3.frame_a);
  connect(j3.frame_b, b3.frame_a);
  connect(b3.frame_b, j4.frame_a);
  connect(j4.frame_b, ground.frame_b);
  connect(world.frame_b, ground.frame_a);
end Loop;
EOF
"$mbens" simulate "$work/Loop.mo" -o "$work/loop.csv" --stop-time 0.01 --stats \
  --backend openmp 2> "$work/loop_stats.txt" || fail "Loop: simulate exited $?: $(cat "$work/loop_stats.txt")"
grep -q "accelerations by composite inertias" "$work/loop_stats.txt" ||
  fail "Loop: $(grep kernel "$work/loop_stats.txt")"

finish ok
