#!/bin/sh
# rhs_cost.sh BUILD_DIR: the cost of one call of the generated right-hand side (ns, one core) for
# MSL models, with the OpenMP backend's compiler flags, plus the size of the generated code.
# Writes results/rhs-cost-<host>-<date>.txt.
set -eu
build=${1:?usage: rhs_cost.sh BUILD_DIR}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
mbens="$build/host/cli/mbens"
out="$here/results/rhs-cost-$(hostname)-$(date +%Y-%m-%d).txt"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cc=${CC:-cc}
models="Modelica/Mechanics/MultiBody/Examples/Elementary/Pendulum
Modelica/Mechanics/MultiBody/Examples/Elementary/DoublePendulum
ModelicaTest/MultiBody/SphericalDoublePendulum
Modelica/Mechanics/MultiBody/Examples/Elementary/SpringDamperSystem
ModelicaTest/MultiBody/Forces/Force2
Modelica/Mechanics/MultiBody/Examples/Elementary/ThreeSprings"
{
  echo "mbens generated right-hand side: cost per call on one core"
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)  host: $(hostname)  cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
  echo "commit: $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)  compiler: $($cc --version | head -1)"
  echo "flags: -O2 -std=c11 -ffp-contract=off -march=native -DMBE_REAL_BITS=64 (as the OpenMP backend)"
  for rel in $models; do
    name=$(basename "$rel")
    "$mbens" simulate "$root/models/msl/$rel.mo" -o "$tmp/$name.csv" --stop-time 0.01 \
      --interval 0.01 --emit-kernel "$tmp/$name.h" >/dev/null
    "$cc" -O2 -std=c11 -ffp-contract=off -march=native -DMBE_REAL_BITS=64 -I"$root/kernels" \
      -DMBE_SYSTEM="\"$tmp/$name.h\"" "$here/rhs_cost.c" -o "$tmp/$name" -lm
    nx=$(sed -n 's/^#define MBE_RHS_NX //p' "$tmp/$name.h")
    lines=$(awk '/mbe_rhs\(/,/^}/' "$tmp/$name.h" | grep -c 'const mbe_real t')
    printf '%-28s nx=%-3s rhs nodes=%-5s %s\n' "$name" "$nx" "$lines" "$("$tmp/$name" 200000)"
  done
} | tee "$out"
