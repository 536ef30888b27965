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
  # n-link chains of BodyBox links on revolute joints with alternating axes (z, x, z, ...)
  for n in 4 8 16; do
    f="$tmp/Chain$n.mo"
    {
      echo "model Chain$n"
      echo "  inner Modelica.Mechanics.MultiBody.World world;"
      i=0
      while [ "$i" -lt "$n" ]; do
        if [ $((i % 2)) -eq 0 ]; then ax="{0,0,1}"; else ax="{1,0,0}"; fi
        echo "  Modelica.Mechanics.MultiBody.Joints.Revolute j$i(n=$ax, phi(start=0.3, fixed=true), w(fixed=true));"
        echo "  Modelica.Mechanics.MultiBody.Parts.BodyBox b$i(r={0.5,0,0}, width=0.05);"
        i=$((i + 1))
      done
      echo "equation"
      echo "  connect(world.frame_b, j0.frame_a);"
      i=0
      while [ "$i" -lt "$n" ]; do
        echo "  connect(j$i.frame_b, b$i.frame_a);"
        [ $((i + 1)) -lt "$n" ] && echo "  connect(b$i.frame_b, j$((i + 1)).frame_a);"
        i=$((i + 1))
      done
      echo "end Chain$n;"
    } > "$f"
  done
  for rel in $models Chain4 Chain8 Chain16; do
    name=$(basename "$rel")
    mo="$root/models/msl/$rel.mo"
    [ -f "$mo" ] || mo="$tmp/$rel.mo"
    "$mbens" simulate "$mo" -o "$tmp/$name.csv" --stop-time 0.01 \
      --interval 0.01 --emit-kernel "$tmp/$name.h" >/dev/null
    "$cc" -O2 -std=c11 -ffp-contract=off -march=native -DMBE_REAL_BITS=64 -I"$root/kernels" \
      -DMBE_SYSTEM="\"$tmp/$name.h\"" "$here/rhs_cost.c" -o "$tmp/$name" -lm
    nx=$(sed -n 's/^#define MBE_RHS_NX //p' "$tmp/$name.h")
    lines=$(awk '/mbe_rhs\(/,/^}/' "$tmp/$name.h" | grep -c 'const mbe_real t')
    printf '%-28s nx=%-3s rhs nodes=%-5s %s\n' "$name" "$nx" "$lines" "$("$tmp/$name" 200000)"
  done
} | tee "$out"
