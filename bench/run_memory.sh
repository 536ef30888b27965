#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# run_memory.sh MBENS [MBENS_BEFORE]: what `mbens run` keeps for the studies where it used to be
# out of proportion: peak resident memory (GNU time's maximum RSS), the size of stats.state (the
# checkpoint), the wall time and the quantile bins, for the MSL double pendulum with
#   A  1000 members, 2 signals x 5001 points (10002 series), default bins
#   B  the same with --quantile-bins 256
#   C  100 000 members, 1 signal on a 1668-point grid
#   D  the same with --signals none
#   E  1 000 000 members, 1 signal on the 1668-point grid (memory must not grow with members)
# on OpenMP with every core. With a second binary, its rows come first (before / after).
# Writes results/run-memory-<host>-<date>.txt. STUDIES="A B" runs only those (E takes minutes on
# 2 cores). Batches grow with the measured speed, so run it on an otherwise idle machine.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
after=${1:?usage: run_memory.sh MBENS [MBENS_BEFORE]}
before=${2:-}
model=$root/models/msl/Modelica/Mechanics/MultiBody/Examples/Elementary/DoublePendulum.mo
tag=${TAG:-$(hostname -s 2>/dev/null || echo host)}
out="$here/results/run-memory-$tag-$(date +%Y-%m-%d)${STUDIES:+-$(echo $STUDIES | tr -d ' ')}.txt"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export MBENS_CACHE_DIR=${MBENS_CACHE_DIR:-$tmp/cache}

# one study: LABEL MBENS MEMBERS options...; prints a row of the table
measure() {
  label=$1 bin=$2 n=$3
  shift 3
  dir="$tmp/run"
  rm -rf "$dir"
  /usr/bin/time -f "%M %e" -o "$tmp/time" "$bin" run "$model" -o "$dir" -n "$n" --quiet \
    --vary 'world.g=uniform(9,10)' --backend openmp "$@" >/dev/null
  set -- $(cat "$tmp/time")
  state=$(stat -c %s "$dir/stats.state")
  bins=$(sed -n 's/.*"quantile_bins": *\([0-9]*\).*/\1/p' "$dir/manifest.json")
  res=$(awk -F, 'NR > 1 && $13 > r { r = $13 } END { print r + 0 }' "$dir/stats.csv" 2>/dev/null || echo -)
  printf '%-3s %-7s %9d %12.1f %12.1f %8.2f %6s %10s\n' "$label" "$which" "$n" \
    "$(echo "$1 / 1024" | bc -l)" "$(echo "$state / 1048576" | bc -l)" "$2" "$bins" "$res"
}

want() {
  case " ${STUDIES:-A B C D E} " in *" $1 "*) return 0 ;; esac
  return 1
}

studies() {
  ! want A || measure A "$1" 1000 --signals revolute1.phi,revolute2.phi --stop-time 3 \
    --interval 0.0006
  ! want B || measure B "$1" 1000 --signals revolute1.phi,revolute2.phi --stop-time 3 \
    --interval 0.0006 --quantile-bins 256
  ! want C || measure C "$1" 100000 --signals revolute1.phi --stop-time 5.001 --interval 0.003
  ! want D || measure D "$1" 100000 --signals none --stop-time 5.001 --interval 0.003
  ! want E || measure E "$1" 1000000 --signals revolute1.phi --stop-time 5.001 --interval 0.003
}

{
  echo "# mbens run: peak memory and checkpoint size ($(date -u +%Y-%m-%dT%H:%MZ))"
  echo "# machine: $(nproc) cores, $(awk '/MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo), $(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -1)"
  echo "# MSL DoublePendulum, world.g varied, OpenMP on every core, dopri5 at the model's tolerance"
  printf '%-3s %-7s %9s %12s %12s %8s %6s %10s\n' study binary members "peak_MiB" "state_MiB" \
    seconds bins q_res_max
  if [ -n "$before" ]; then
    which=before
    studies "$before"
  fi
  which=after
  studies "$after"
} | tee "$out"
echo "written: $out"
