#!/bin/sh
# controlled_arm.sh BUILD_DIR: the controlled arm (models/examples/ControlledArm.mo: three
# joints driven through gears with play by limited PID controllers tracking a CombiTimeTable; the
# teeth meeting and parting are state events) on OpenMP:
# the generated right-hand side's cost per call (ns, one core, the OpenMP backend's flags;
# rhs_cost.c) and its size, and the throughput of a 1000-member `mbens run` (2 threads) with the
# controller gain, the motor inertia and the payload varied, over its 4 s. Writes
# results/controlled-arm-<host>-<date>.txt.
set -eu
build=${1:?usage: controlled_arm.sh BUILD_DIR}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
mbens="$build/host/cli/mbens"
out="$here/results/controlled-arm-$(hostname)-$(date +%Y-%m-%d).txt"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cc=${CC:-cc}
export POCL_CACHE_DIR="$tmp/pocl" MBENS_CACHE_DIR="$tmp/cache"
. "$here/lib.sh"
arm="$root/models/examples/ControlledArm.mo --class ControlledArm.Arm"
vary='--vary kp=uniform(10,40) --vary Jmotor=uniform(1e-4,4e-4) --vary payload=uniform(0,3)'
{
  echo "mbens controlled arm: 3 joints, gears with play (state events), limited PIDs on a table trajectory (OpenMP)"
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)  host: $(hostname)  cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')  cores: $(nproc)"
  echo "commit: $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)  compiler: $($cc --version | head -1)"
  echo "rhs: one core, -O2 -std=c11 -ffp-contract=off -fno-tree-vectorize -march=native (as the OpenMP backend)"
  echo "run: mbens run -n 1000 --threads 2 --backend openmp, $vary, dopri5 at the model's tolerance (1e-6)"
  # shellcheck disable=SC2086 # $arm: words without spaces
  rhs_cost Arm $arm
  # shellcheck disable=SC2086
  throughput Arm 4 "$vary" $arm
} | tee "$out"
