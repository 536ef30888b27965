#!/bin/sh
# loop_cost.sh BUILD_DIR [MSL_DIR]: the cost of closing kinematic loops. For MSL loop models, run
# from the unmodified sources: the generated right-hand side's cost per call (ns, one core, the
# OpenMP backend's flags; rhs_cost.c), its size, and the ensemble throughput of `mbens run` on
# OpenMP (1000 members, 2 threads); then the same for the tree of the same bodies (the model
# with its cut joint deleted, so nothing closes the loop); then an analytic assembly's closed form
# against a cut joint's projection on the same mechanism (Engine1b_analytic and Engine1b, a
# user's slider-crank with JointRRP and with RevolutePlanarLoopConstraint), and EngineV6 with
# EngineV6_analytic. Writes
# results/loop-cost-<host>-<date>.txt.
set -eu
build=${1:?usage: loop_cost.sh BUILD_DIR [MSL_DIR]}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
msl=${2:-$root/../shared/msl/v4.0.0}
mbens="$build/host/cli/mbens"
out="$here/results/loop-cost-$(hostname)-$(date +%Y-%m-%d).txt"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cc=${CC:-cc}
export POCL_CACHE_DIR="$tmp/pocl" MBENS_CACHE_DIR="$tmp/cache"
pkg=Modelica.Mechanics.MultiBody.Examples.Loops
# model, stop time of the throughput run, the joints deleted for its tree: the one mbens cuts and
# any massless chain it leaves (Fourbar1's j3, j4 carry nothing without j5)
cases="Fourbar1 5 j5 j4 j3
PlanarFourbar 5 revolute4cut sensorJoint4
Engine1a 5 b2"

# the model's source without the joints $2... (declarations and connections), as NAMETree
tree_variant() {
  name=$1
  shift
  src="$msl/$(echo "$pkg" | tr . /)/$name.mo"
  cp "$src" "$tmp/cut.mo"
  for cut in "$@"; do
    cut_one "$cut" "$name" < "$tmp/cut.mo" > "$tmp/cut2.mo"
    mv "$tmp/cut2.mo" "$tmp/cut.mo"
  done
  sed "s/^model $name\b/model ${name}Tree/; s/^end $name;/end ${name}Tree;/" "$tmp/cut.mo" > "$tmp/${name}Tree.mo"
}

cut_one() {
  awk -v cut="$1" -v name="$2" '
    skip && /;/ { skip = 0; next }
    skip { next }
    $0 ~ "^  [A-Za-z.]+ " cut "[ (;]" || $0 ~ "^  [A-Za-z.]+ " cut "$" { if ($0 !~ /;/) skip = 1; next }
    $0 ~ "connect\\(.*" cut "\\." { if ($0 !~ /;/) skip = 1; next }
    { print }'
}

. "$here/lib.sh"
g='--vary world.g=uniform(9.7,9.9)'

{
  echo "mbens kinematic loops: the cost of closing them (OpenMP, the unmodified MSL sources)"
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)  host: $(hostname)  cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')  cores: $(nproc)"
  echo "commit: $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)  compiler: $($cc --version | head -1)"
  echo "rhs: one core, -O2 -std=c11 -ffp-contract=off -fno-tree-vectorize -march=native (as the OpenMP backend)"
  echo "run: mbens run -n 1000 --threads 2 --backend openmp, world.g varied, dopri5 at the model's tolerance"
  echo "$cases" | while read -r model stop cuts; do
    echo "$model (tree: without $cuts):"
    printf '  loop  '
    rhs_cost "$model" --library "$msl" --class "$pkg.$model"
    throughput "$model" "$stop" "$g" --library "$msl" --class "$pkg.$model"
    # shellcheck disable=SC2086 # the joints' names, one word each
    tree_variant "$model" $cuts
    printf '  tree  '
    rhs_cost "${model}Tree" "$tmp/${model}Tree.mo" --library "$msl" --class "$pkg.${model}Tree"
    throughput "${model}Tree" "$stop" "$g" "$tmp/${model}Tree.mo" --library "$msl" --class "$pkg.${model}Tree"
  done
  # EngineV6, the largest: six cylinders, six planar loops (cut joints: Newton projection), and
  # its twin with six JointRRP (closed forms)
  for model in EngineV6 EngineV6_analytic; do
    echo "$model:"
    printf '  %-5s ' "$([ "$model" = EngineV6 ] && echo cut || echo asm)"
    rhs_cost "$model" --library "$msl" --class "$pkg.$model"
    throughput "$model" 1 "$g" --library "$msl" --class "$pkg.$model"
  done
  echo "closed form (an analytic assembly) against projection (a cut joint), the same mechanism:"
  for model in Engine1b Engine1b_analytic; do
    printf '  %-5s ' "$([ "$model" = Engine1b ] && echo cut || echo asm)"
    rhs_cost "$model" --library "$msl" --class "$pkg.$model"
    throughput "$model" 0.5 "$g" --library "$msl" --class "$pkg.$model"
  done
  data=$root/tests/cli/data
  for model in slider_crank slider_crank_rrp; do
    printf '  %-5s ' "$([ "$model" = slider_crank ] && echo cut || echo asm)"
    rhs_cost "$model" "$data/$model.mo"
    throughput "$model" 2 "$g" "$data/$model.mo"
  done
} | tee "$out"
