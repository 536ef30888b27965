#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# chain_scale.sh BUILD_DIR: how mbens scales with the size of a mechanism, on the N-link chains of
# chain_model.sh, in one run, beside MuJoCo and Pinocchio on the same chains:
#   - the generated right-hand side: operations (mbens simulate --stats), the cold build of
#     `mbens simulate` (parse, mechanics, code generation and the C compile, an empty kernel
#     cache) in wall seconds and peak memory;
#   - one right-hand side call on one core in ns (rhs_cost.c around the emitted kernel) against
#     Pinocchio's articulated-body algorithm (pinocchio_chain.cpp, pip `pin`, C++ timing loop);
#   - member-steps/s on one thread of `mbens run` (RK4, 1 ms, 1 s of motion per member) against
#     MuJoCo's single-thread rollouts (mujoco_chain --throughput, the same step and motion);
#   - the growth exponents of operations and of the RHS time with N (least squares on log-log
#     over N = 8 .. 64), the cost of each added link between successive chains, and the build
#     alone for larger N.
# Writes results/chain-scale-<tag>-<date>.txt with the machine described.
#
# environment: MBENS (default BUILD_DIR/host/cli/mbens), MUJOCO_CHAIN (default
# BUILD_DIR/bench/mujoco_chain; skipped when absent), PIN_PREFIX (a `pin` install's
# cmeel.prefix, for pinocchio_chain; skipped when absent), NS ("2 4 8 16 32 64"), BUILD_NS
# ("128 256 512": the build alone), JOBS (the OpenMP threads of the builds, default all), TAG.
set -eu
build=${1:?usage: chain_scale.sh BUILD_DIR}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
mbens=${MBENS:-$build/host/cli/mbens}
mujoco=${MUJOCO_CHAIN:-$build/bench/mujoco_chain}
ns=${NS:-2 4 8 16 32 64}
build_ns=${BUILD_NS:-128 256 512}
tag=${TAG:-$(hostname -s 2>/dev/null || echo host)}
out="$here/results/chain-scale-$tag-$(date +%Y-%m-%d).txt"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export POCL_CACHE_DIR=${POCL_CACHE_DIR:-$tmp/pocl}
mkdir -p "$POCL_CACHE_DIR"
cc=${CC:-cc}
jobs=${JOBS:+--threads $JOBS}

# Pinocchio's timing program, where a `pin` install is at hand
pin=""
if [ -n "${PIN_PREFIX:-}" ] && [ -d "$PIN_PREFIX/include/pinocchio" ]; then
  # Pinocchio's CMake config asks for these definitions (its joint variant has 25 types)
  if g++ -O3 -DNDEBUG -march=native -std=c++17 -DBOOST_MPL_LIMIT_LIST_SIZE=30 \
    -DBOOST_MPL_LIMIT_VECTOR_SIZE=30 -DBOOST_MPL_CFG_NO_PREPROCESSED_HEADERS \
    -DBOOST_FUSION_INVOKE_MAX_ARITY=12 -I"$PIN_PREFIX/include" -I/usr/include/eigen3 \
    "$here/pinocchio_chain.cpp" -o "$tmp/pinocchio_chain" -L"$PIN_PREFIX/lib" \
    -Wl,-rpath,"$PIN_PREFIX/lib" -lpinocchio_default 2> "$tmp/pin.log"; then
    pin="$tmp/pinocchio_chain"
  else
    echo "chain_scale.sh: pinocchio_chain does not build (see below); Pinocchio skipped" >&2
    head -5 "$tmp/pin.log" >&2
  fi
fi

# the cold build of ChainN: prints "seconds peak_MB operations parts max_live"
cold_build() {
  n=$1
  rm -rf "$tmp/cache"
  MBENS_CACHE_DIR="$tmp/cache" /usr/bin/time -f "%e %M" -o "$tmp/time" "$mbens" simulate \
    "$tmp/Chain$n.mo" -o "$tmp/c.csv" --stop-time 0.001 --interval 0.001 --stats $jobs \
    2> "$tmp/stats" > /dev/null
  ops=$(sed -n 's/.*mbe_rhs (each derivative evaluation): \([0-9]*\) operations.*/\1/p' "$tmp/stats")
  parts=$(sed -n '/mbe_rhs/,/mbe_out/s/.*written as \([0-9]*\) parts.*/\1/p' "$tmp/stats")
  live=$(sed -n '/mbe_rhs/,/mbe_out/s/.*at most \([0-9]*\) values live.*/\1/p' "$tmp/stats")
  read -r sec kb < "$tmp/time"
  echo "$sec $((kb / 1024)) $ops ${parts:-1} $live"
}

# one RHS call on one core (rhs_cost.c): prints ns
rhs_ns() {
  n=$1
  MBENS_CACHE_DIR="$tmp/cache" "$mbens" simulate "$tmp/Chain$n.mo" -o "$tmp/c.csv" \
    --stop-time 0.001 --interval 0.001 --emit-kernel "$tmp/k$n.h" > /dev/null
  "$cc" -O2 -std=c11 -ffp-contract=off -march=native -fno-tree-vectorize -DMBE_REAL_BITS=64 \
    -I"$root/kernels" -DMBE_SYSTEM="\"$tmp/k$n.h\"" "$here/rhs_cost.c" -o "$tmp/rhs$n" -lm
  calls=$((2000000 / (n * n + 8)))
  [ "$calls" -ge 200 ] || calls=200
  "$tmp/rhs$n" "$calls" x0 | tee "$tmp/rhs$n.txt" | sed -n 's/^\([0-9.]*\) ns per call.*/\1/p'
}

. "$here/lib.sh"

{
  echo "# mbens on N-link pendulum chains: build, RHS cost and throughput against MuJoCo and Pinocchio"
  echo "date:      $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "machine:   $(lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | head -1), $(nproc) cores, $(free -g 2>/dev/null | awk '/^Mem:/ {print $2 " GiB"}')"
  echo "load:      $(cut -d' ' -f1-3 /proc/loadavg) (1, 5, 15 min, before the runs)"
  echo "compiler:  $($cc --version | head -1)"
  echo "mbens:     $("$mbens" --version), commit $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo '?'); builds with ${JOBS:-all} compile jobs"
  [ -x "$mujoco" ] && echo "MuJoCo:    $("$mujoco" "$root/bench/mujoco/chain2.xml" --throughput 1 0.001 | sed -n 's/.*version=\([^ ]*\).*/\1/p') (bench/mujoco_chain, one thread, RK4 1 ms)"
  [ -n "$pin" ] && echo "Pinocchio: $(ls "$PIN_PREFIX/.." 2>/dev/null | sed -n 's/^pin-\(.*\)\.dist-info$/\1/p' | head -1) (pip pin; bench/pinocchio_chain.cpp, g++ -O3 -march=native)"
  echo "mbens run: RK4, step 1 ms, 1 s of motion per member, one varied start angle, --threads 1"
  echo
  printf '%-6s %9s %6s %8s %7s %8s %11s %11s %7s %10s %10s %7s\n' links ops parts live \
    "build_s" "peak_MB" "mbens_st/s" "mujoco_st/s" ratio "rhs_ns" "pin_ns" "rhs/pin"
} | tee "$out"

for n in $ns; do
  sh "$here/chain_model.sh" mo "$n" > "$tmp/Chain$n.mo"
  sh "$here/chain_model.sh" mjcf "$n" > "$tmp/chain$n.xml"
  set -- $(cold_build "$n")
  sec=$1 mb=$2 ops=$3 parts=$4 live=$5
  ns_call=$(rhs_ns "$n")
  members=$((20000 / n))
  MBENS_CACHE_DIR="$tmp/cache" "$mbens" run "$tmp/Chain$n.mo" -o "$tmp/run$n" -n "$members" \
    --seed 1 --method rk4 --step 1e-3 --stop-time 1 --interval 0.1 --signals none --quiet \
    --json --backend openmp --threads 1 --vary "j1.phi.start=uniform(0.2,0.4)" > "$tmp/run.json"
  ms=$(json member_steps_per_second "$tmp/run.json")
  mj="-"
  if [ -x "$mujoco" ]; then
    m2=$((2000 / n))
    [ "$m2" -ge 20 ] || m2=20
    mj=$("$mujoco" "$tmp/chain$n.xml" --throughput "$m2" 1 | sed -n 's/.*member_steps_per_s=\([^ ]*\).*/\1/p')
  fi
  pn="-"
  if [ -n "$pin" ]; then
    calls=$((2000000 / (n * n + 8)))
    [ "$calls" -ge 200 ] || calls=200
    "$pin" "$n" "$calls" > "$tmp/pin$n.txt"
    pn=$(sed -n 's/^\([0-9.]*\) ns per call.*/\1/p' "$tmp/pin$n.txt")
  fi
  awk -v n="$n" -v ops="$ops" -v parts="$parts" -v live="$live" -v sec="$sec" -v mb="$mb" \
    -v ms="$ms" -v mj="$mj" -v rhs="$ns_call" -v pn="$pn" 'BEGIN {
      ratio = mj == "-" ? "-" : sprintf("%.2f", ms / mj)
      rp = pn == "-" ? "-" : sprintf("%.2f", rhs / pn)
      printf "%-6d %9d %6d %8d %7.2f %8d %11.4g %11s %7s %10.1f %10s %7s\n", n, ops, parts, live,
        sec, mb, ms, mj, ratio, rhs, pn, rp }' | tee -a "$out"
  echo "$n $ops $ns_call" >> "$tmp/growth"
  # the accelerations at the start agree (mbens' kernel, Pinocchio's ABA)
  if [ -n "$pin" ]; then
    sed -n "s/^ddq/N=$n  Pinocchio ddq/p" "$tmp/pin$n.txt" >> "$tmp/agree"
  fi
  sed -n "s/^x0: /N=$n  mbens     /p" "$tmp/rhs$n.txt" >> "$tmp/agree"
done

{
  echo
  echo "growth with N over 8 .. 64 (least squares on log-log; 1 is linear):"
  awk '$1 >= 8 && $1 <= 64 { x = log($1); n++; sx += x; sxx += x * x
      y1 = log($2); s1 += y1; sx1 += x * y1; y2 = log($3); s2 += y2; sx2 += x * y2 }
    END { if (n < 2) { print "  (too few chains)"; exit }
      d = n * sxx - sx * sx
      printf "  operations ~ N^%.3f, RHS time ~ N^%.3f\n", (n * sx1 - sx * s1) / d, (n * sx2 - sx * s2) / d }' \
    "$tmp/growth"
  # the last doubling: where the short chains' sparse articulated inertias weigh no more
  awk '{ n[NR] = $1; o[NR] = $2; t[NR] = $3 } END { if (NR < 2) exit
      printf "  from N = %d to %d: operations ~ N^%.3f, RHS time ~ N^%.3f\n", n[NR - 1], n[NR],
        log(o[NR] / o[NR - 1]) / log(n[NR] / n[NR - 1]), log(t[NR] / t[NR - 1]) / log(n[NR] / n[NR - 1]) }' \
    "$tmp/growth"
  # the cost of each added link between successive chains: constant when the growth is linear
  # (a fitted exponent above 1 can come from cheap first links alone)
  awk '{ n[NR] = $1; o[NR] = $2; t[NR] = $3 } END { if (NR < 2) exit
      printf "  each added link:"
      for (i = 2; i <= NR; i++)
        printf " %d-%d: %.0f ops %.1f ns;", n[i - 1], n[i], (o[i] - o[i - 1]) / (n[i] - n[i - 1]),
          (t[i] - t[i - 1]) / (n[i] - n[i - 1])
      printf "\n" }' "$tmp/growth"
  if [ -f "$tmp/agree" ]; then
    echo
    echo "accelerations at the start state (first and last joint):"
    cat "$tmp/agree"
  fi
  echo
  echo "the cold build alone for longer chains:"
  printf '%-6s %9s %6s %8s %7s %8s\n' links ops parts live build_s peak_MB
} | tee -a "$out"
for n in $build_ns; do
  sh "$here/chain_model.sh" mo "$n" > "$tmp/Chain$n.mo"
  set -- $(cold_build "$n")
  printf '%-6d %9d %6d %8d %7.2f %8d\n' "$n" "$3" "$4" "$5" "$1" "$2" | tee -a "$out"
done
echo "written: $out"
