#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# time_indices.sh MBENS: the cost of time-resolved Sobol' indices (sobol_time.csv) over the same
# Saltelli run without them (--no-time-indices): wall time and peak resident memory (GNU time)
# of the README's study, the MSL double pendulum with 6 varied parameters, 2 signals on a grid
# of POINTS points (default 301: 3 s every 10 ms, 602 series), for N = 256, 1024 and 4096 base
# points (3584 .. 57344 members), on OpenMP with every core and on the first OpenCL device
# where there is one. Memory should not grow with N. Writes
# results/time-indices-<host>-<date>.txt. Run it on an otherwise idle machine.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
mbens=${1:?usage: time_indices.sh MBENS}
points=${POINTS:-301}
model=$root/models/msl/Modelica/Mechanics/MultiBody/Examples/Elementary/DoublePendulum.mo
tag=${TAG:-$(hostname -s 2>/dev/null || echo host)}
out="$here/results/time-indices-$tag-$(date +%Y-%m-%d).txt"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export MBENS_CACHE_DIR=${MBENS_CACHE_DIR:-$tmp/cache}
export POCL_CACHE_DIR=${POCL_CACHE_DIR:-$tmp/pocl}
interval=$(echo "3 / ($points - 1)" | bc -l)

# one run: BACKEND N [options]; prints "seconds peak_MB"
measure() {
  backend=$1 n=$2
  shift 2
  rm -rf "$tmp/run"
  /usr/bin/time -f "%e %M" -o "$tmp/time" "$mbens" run "$model" -o "$tmp/run" -n "$n" \
    --sampler saltelli --backend "$backend" --stop-time 3 --interval "$interval" \
    --signals revolute1.phi,revolute2.phi --quiet \
    --vary 'damper.d=uniform(0.05,0.5)' --vary 'boxBody1.r[1]=uniform(0.4,0.6)' \
    --vary 'boxBody2.r[1]=uniform(0.4,0.6)' --vary 'revolute1.phi.start=uniform(0.2,0.8)' \
    --vary 'revolute2.phi.start=uniform(-0.3,0.3)' \
    --vary 'boxBody2.density=uniform(5000,9000)' "$@" >/dev/null
  awk '{ printf "%8.2f %9.1f", $1, $2 / 1024 }' "$tmp/time"
}

backends=openmp
"$mbens" devices 2>/dev/null | grep -q '^OpenCL platform' && backends="openmp opencl"
{
  echo "# time-resolved Sobol' indices: cost over the same run without them"
  echo "# $(date -u +%Y-%m-%dT%H:%MZ), commit $(git -C "$root" rev-parse --short HEAD 2>/dev/null)"
  echo "# $(nproc) cores: $(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -1)"
  echo "# MSL DoublePendulum, 6 parameters (blocks of 14), 2 signals x $points points, DOPRI5"
  echo "# backend    N  members   without: s     MB      with: s     MB   time  memory"
  for b in $backends; do
    measure "$b" 256 >/dev/null  # the kernel built and cached first
    for n in 256 1024 4096; do
      set -- $(measure "$b" "$n" --no-time-indices) $(measure "$b" "$n")
      printf '%-8s %5d %8d %9s %8s %12s %8s %+5.0f%% %+6.0f%%\n' "$b" "$n" $((n * 14)) \
        "$1" "$2" "$3" "$4" "$(echo "100 * ($3 / $1 - 1)" | bc -l)" \
        "$(echo "100 * ($4 / $2 - 1)" | bc -l)"
    done
  done
} | tee "$out"
