#!/bin/sh
# loop_build.sh MSL_DIR MBENS [MBENS_BEFORE]: the cost of compiling the MSL's loop models, for
# one mbens or a before/after pair: `mbens check` (flatten and build the mechanics: the tree, the
# loops' projection, the equations; no kernel) and a cold `simulate --stop-time 0.001` (that plus
# the C compile of the kernel, with an empty kernel cache), wall seconds and peak RSS, and the
# emitted kernel's size. Writes results/loop-build-<host>-<date>.txt.
set -eu
msl=${1:?usage: loop_build.sh MSL_DIR MBENS [MBENS_BEFORE]}
after=${2:?usage: loop_build.sh MSL_DIR MBENS [MBENS_BEFORE]}
before=${3:-}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
out="$here/results/loop-build-$(hostname)-$(date +%Y-%m-%d).txt"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export POCL_CACHE_DIR="$tmp/pocl"
models="Modelica.Mechanics.MultiBody.Examples.Loops.Fourbar1
Modelica.Mechanics.MultiBody.Examples.Loops.Engine1b
Modelica.Mechanics.MultiBody.Examples.Loops.EngineV6
Modelica.Mechanics.MultiBody.Examples.Loops.EngineV6_analytic
Modelica.Mechanics.MultiBody.Examples.Constraints.PrismaticConstraint
ModelicaTest.MultiBody.Joints.UniversalSpherical"

# one row: label model seconds-check KiB-check seconds-simulate KiB-simulate kernel-bytes
measure() {
  label=$1 mb=$2 model=$3
  t1=refused t2=refused
  /usr/bin/time -o "$tmp/t" -f '%e %M' "$mb" check --library "$msl" --class "$model" \
    >/dev/null 2>&1 && t1=$(tail -1 "$tmp/t")
  rm -rf "$tmp/cache" "$tmp/k.cl"
  MBENS_CACHE_DIR="$tmp/cache" /usr/bin/time -o "$tmp/t" -f '%e %M' "$mb" simulate \
    --library "$msl" --class "$model" --stop-time 0.001 -o "$tmp/x.csv" --emit-kernel "$tmp/k.cl" \
    >/dev/null 2>&1 && t2=$(tail -1 "$tmp/t")
  k=-
  [ -f "$tmp/k.cl" ] && k=$(wc -c <"$tmp/k.cl")
  printf '%-7s %-62s %-16s %-16s %s\n' "$label" "$model" "$t1" "$t2" "$k"
}

{
  echo "compiling the MSL loop models: mbens check (mechanics, no kernel) and a cold simulate"
  echo "(mechanics + C compile of the kernel), 'seconds peak-KiB' each, and the kernel's bytes"
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)  host: $(hostname)  cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
  echo "commit: $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)"
  printf '%-7s %-62s %-16s %-16s %s\n' build model check simulate kernel
  for model in $models; do
    [ -z "$before" ] || measure before "$before" "$model"
    measure after "$after" "$model"
  done
} | tee "$out"
