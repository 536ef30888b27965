#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# ensemble_throughput.sh BUILD_DIR: the throughput of `mbens run` (member-steps and right-hand
# side evaluations per second) for the MSL double pendulum and the N-link chains of models/bench
# (N = 2, 4, 8, 16), with RK4 at a 1 ms step over 1 s, on OpenMP with 1 and 2 threads, on every
# OpenCL device, and MuJoCo's single-thread rollouts of the same chains (bench/mujoco_chain,
# RK4, the same step, contacts off) measured in the same run. Writes
# results/ensemble-throughput-<host>-<date>.txt with the machine described.
#
# environment: MBENS (default BUILD_DIR/host/cli/mbens), MUJOCO_CHAIN (default
# BUILD_DIR/bench/mujoco_chain), SCALE (members multiplier, default 1), OPENCL (0 to skip),
# THREADS ("1 2" OpenMP thread counts), TAG (replaces <host> in the file name).
# Times are of the batches (mbens' run_seconds: sampling, integration, reductions, writing the
# run directory), not of the one-time kernel compile.
set -eu
build=${1:?usage: ensemble_throughput.sh BUILD_DIR}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
mbens=${MBENS:-$build/host/cli/mbens}
mujoco=${MUJOCO_CHAIN:-$build/bench/mujoco_chain}
scale=${SCALE:-1}
threads=${THREADS:-1 2}
tag=${TAG:-$(hostname -s 2>/dev/null || echo host)}
out="$here/results/ensemble-throughput-$tag-$(date +%Y-%m-%d).txt"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export MBENS_CACHE_DIR=${MBENS_CACHE_DIR:-$tmp/cache}
export POCL_CACHE_DIR=${POCL_CACHE_DIR:-$tmp/pocl}
mkdir -p "$POCL_CACHE_DIR"

# key=value of mbens' --json summary
. "$here/lib.sh"

# one measurement: MODEL CLASS MEMBERS LABEL mbens-options...
run_mbens() {
  model=$1 members=$2 label=$3
  shift 3
  dir="$tmp/run$$_$(date +%s%N)"
  "$mbens" run "$model" -o "$dir" -n "$members" --seed 1 --method rk4 --step 1e-3 \
    --stop-time 1 --interval 0.1 --signals none --quiet --json \
    --vary "$first.phi.start=uniform(0.2,0.4)" "$@" > "$tmp/summary.json"
  ms=$(json member_steps_per_second "$tmp/summary.json")
  rhs=$(json rhs_evaluations_per_second "$tmp/summary.json")
  sec=$(json run_seconds "$tmp/summary.json")
  printf '%-16s %-26s %8d %12.4g %12.4g %8.2f\n' "$name" "$label" "$members" "$ms" "$rhs" "$sec"
  echo "$ms" > "$tmp/last"
  rm -rf "$dir"
}

{
  echo "# mbens ensemble throughput: RK4, step 1 ms, 1 s of motion per member"
  echo "date:     $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "machine:  $(lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | head -1), $(nproc) cores, $(free -g 2>/dev/null | awk '/^Mem:/ {print $2 " GiB"}')"
  echo "os:       $(uname -sr)"
  echo "compiler: $(cc --version | head -1)"
  echo "mbens:    $("$mbens" --version), commit $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo '?')"
  if [ -x "$mujoco" ]; then
    echo "peer:     $("$mujoco" "$root/bench/mujoco/chain2.xml" --throughput 1 0.001 | sed -n 's/.*version=\([^ ]*\).*/MuJoCo \1/p') (bench/mujoco_chain, single thread)"
  fi
  "$mbens" devices | sed -n 's/^  device \(.*\)/opencl:   \1/p'
  echo
  printf '%-16s %-26s %8s %12s %12s %8s\n' model backend members "member-steps/s" "rhs/s" seconds
} | tee "$out"

# the models: name, file, first joint, members
models="DoublePendulum:$root/models/msl/Modelica/Mechanics/MultiBody/Examples/Elementary/DoublePendulum.mo:revolute1:4000
Chain2:$root/models/bench/Chain2.mo:j1:4000
Chain4:$root/models/bench/Chain4.mo:j1:2000
Chain8:$root/models/bench/Chain8.mo:j1:1000
Chain16:$root/models/bench/Chain16.mo:j1:300"
opencl=${OPENCL:-1}
if ! "$mbens" devices | grep -q '^OpenCL platform'; then
  opencl=0
fi

echo "$models" | while IFS=: read -r name file first members; do
  members=$((members * scale))
  for t in $threads; do
    run_mbens "$file" "$members" "openmp, $t thread(s)" --backend openmp --threads "$t" | tee -a "$out"
    [ "$t" = 1 ] && cp "$tmp/last" "$tmp/omp1"
  done
  if [ "$opencl" = 1 ]; then
    dev=$("$mbens" devices | sed -n 's/^  device [0-9:]*  \([^[]*\).*/\1/p' | head -1 | cut -c1-14)
    run_mbens "$file" "$members" "opencl ($dev)" --backend opencl --batch-size "$members" |
      tee -a "$out"
  fi

  # the peer, for the chains: the same mechanism, step and length of motion
  n=${name#Chain}
  if [ "$n" != "$name" ] && [ -x "$mujoco" ]; then
    # one mjData (megabytes) per member: at most 4000, the rate per member-step is the same
    peer=$((members < 4000 ? members : 4000))
    line=$("$mujoco" "$root/bench/mujoco/chain$n.xml" --throughput "$peer" 1)
    ms=$(printf '%s\n' "$line" | sed -n 's/.*member_steps_per_s=\([^ ]*\).*/\1/p')
    rhs=$(printf '%s\n' "$line" | sed -n 's/.*rhs_evals_per_s=\([^ ]*\).*/\1/p')
    sec=$(printf '%s\n' "$line" | sed -n 's/.*wall_s=\([^ ]*\).*/\1/p')
    printf '%-16s %-26s %8d %12.4g %12.4g %8.2f\n' "$name" "MuJoCo, 1 thread" "$peer" "$ms" \
      "$rhs" "$sec" | tee -a "$out"
    awk -v a="$(cat "$tmp/omp1")" -v b="$ms" -v n="$name" \
      'BEGIN { printf "%-16s mbens / MuJoCo per core: %.2f\n", n, a / b }' | tee -a "$out"
  fi
done
echo "written: $out"
