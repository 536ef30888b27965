#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# backend_parity.sh BUILD_DIR: the first OpenCL device against OpenMP on the same cores, as a
# user runs them: `mbens run` of the MSL double pendulum and the chains of models/bench (N = 2,
# 4, 8, 16; RK4 at 1 ms over 1 s, one varied start angle) with OpenMP on every core, OpenCL
# with its default batches, and OpenCL with one batch of all members, the three runs
# interleaved and repeated REPS times (default 3) so drift in the machine's speed hits each
# alike. Prints each rate (member-steps/s of the batches, not the one-time compile) and the
# median ratio OpenCL / OpenMP per model. Writes results/backend-parity-<tag>-<date>.txt.
#
# environment: MBENS (default BUILD_DIR/host/cli/mbens), REPS, SCALE (members multiplier,
# default 1: 24000 member-seconds of chain per run), TAG (replaces <host> in the file name).
set -eu
build=${1:?usage: backend_parity.sh BUILD_DIR}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
mbens=${MBENS:-$build/host/cli/mbens}
reps=${REPS:-3}
scale=${SCALE:-1}
tag=${TAG:-$(hostname -s 2>/dev/null || echo host)}
out="$here/results/backend-parity-$tag-$(date +%Y-%m-%d).txt"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export MBENS_CACHE_DIR=${MBENS_CACHE_DIR:-$tmp/cache}
export POCL_CACHE_DIR=${POCL_CACHE_DIR:-$tmp/pocl}
mkdir -p "$POCL_CACHE_DIR"
if ! "$mbens" devices | grep -q '^OpenCL platform'; then
  echo "backend_parity.sh: no OpenCL device" >&2
  exit 1
fi

# member-steps/s of one run: MODEL FIRST-JOINT MEMBERS options...
rate() {
  r_model=$1 r_first=$2 r_n=$3
  shift 3
  "$mbens" run "$r_model" -o "$tmp/run" --force -n "$r_n" --seed 1 --method rk4 --step 1e-3 \
    --stop-time 1 --interval 0.1 --signals none --quiet --json \
    --vary "$r_first.phi.start=uniform(0.2,0.4)" "$@" |
    sed -n 's/.*"member_steps_per_second": *\([-0-9.eE+]*\).*/\1/p' | head -1
}

{
  echo "# OpenCL against OpenMP on the same cores: member-steps/s of mbens run, RK4 1 ms, 1 s"
  echo "date:     $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "machine:  $(lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | head -1), $(nproc) cores"
  echo "mbens:    $("$mbens" --version), commit $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo '?')"
  "$mbens" devices | sed -n 's/^  device \(.*\)/opencl:   \1/p' | head -1
  echo "runs:     openmp (all cores) | opencl, default batches | opencl, one batch; $reps rounds"
  echo
  printf '%-16s %8s %5s %14s %14s %14s\n' model members round openmp "opencl" "opencl 1 batch"
} | tee "$out"

models="DoublePendulum:$root/models/msl/Modelica/Mechanics/MultiBody/Examples/Elementary/DoublePendulum.mo:revolute1:12000
Chain2:$root/models/bench/Chain2.mo:j1:12000
Chain4:$root/models/bench/Chain4.mo:j1:6000
Chain8:$root/models/bench/Chain8.mo:j1:3000
Chain16:$root/models/bench/Chain16.mo:j1:1500"

echo "$models" | while IFS=: read -r name file first members; do
  members=$((members * scale))
  rate "$file" "$first" 64 --backend opencl > /dev/null # both compiles outside the timing
  rate "$file" "$first" 64 --backend openmp > /dev/null
  : > "$tmp/ratios"
  r=1
  while [ "$r" -le "$reps" ]; do
    omp=$(rate "$file" "$first" "$members" --backend openmp)
    ocl=$(rate "$file" "$first" "$members" --backend opencl)
    one=$(rate "$file" "$first" "$members" --backend opencl --batch-size "$members")
    printf '%-16s %8d %5d %14.4g %14.4g %14.4g\n' "$name" "$members" "$r" "$omp" "$ocl" "$one" |
      tee -a "$out"
    echo "$ocl $omp" | awk '{ printf "%.4f\n", $1 / $2 }' >> "$tmp/ratios"
    r=$((r + 1))
  done
  sort -n "$tmp/ratios" | awk -v n="$name" '{ a[NR] = $1 }
    END { printf "%-16s opencl (default batches) / openmp, median of %d: %.2f\n", n, NR,
          a[int((NR + 1) / 2)] }' | tee -a "$out"
done
echo "written: $out"
