#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# eval_overhead.sh BUILD_DIR: the fixed cost of one evaluator call of libmbens, from C
# (eval_overhead.c: mbe_evaluator_run over the bare launch mbe_program_run_batch of the same
# members) and from Python (eval_overhead.py: ev(P) over the ctypes call of mbe_evaluator_run),
# for 1, 64 and 4096 members of the MSL double pendulum on OpenMP, with the model's 3 s and with
# 1 ms (where the kernel does almost nothing and the fixed costs stand out). Goals: under 50 us
# from C, under 200 us from Python, and no compilation between calls. Writes
# results/eval-overhead-<host>-<date>.txt. Run it on an otherwise idle machine.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
build=$(cd "${1:?usage: eval_overhead.sh BUILD_DIR}" && pwd)
tag=${TAG:-$(hostname -s 2>/dev/null || echo host)}
out="$here/results/eval-overhead-$tag-$(date +%Y-%m-%d).txt"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export MBENS_CACHE_DIR=${MBENS_CACHE_DIR:-$tmp/cache}
model=$root/models/msl/Modelica/Mechanics/MultiBody/Examples/Elementary/DoublePendulum.mo
py=${PYTHON:-/usr/bin/python3}
cd "$root"
{
  echo "# libmbens evaluator call overhead, $(date -u +%Y-%m-%dT%H:%MZ)"
  echo "# host: $(uname -m), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
  echo "# OpenMP backend, every core; times in microseconds, medians; fixed = call - launch"
  echo
  echo "## C: mbe_evaluator_run over mbe_program_run_batch"
  "$build/bench/eval_overhead" "$model" damper.d 'max(abs(revolute2.phi))'
  "$build/bench/eval_overhead" "$model" damper.d 'max(abs(revolute2.phi))' 0.001
  echo
  echo "## Python: ev(P) over the ctypes call of mbe_evaluator_run"
  PYTHONPATH=$root/host/python MBENS_LIBRARY=$build/host/libmbens.so "$py" \
    "$here/eval_overhead.py" "$model"
  PYTHONPATH=$root/host/python MBENS_LIBRARY=$build/host/libmbens.so "$py" \
    "$here/eval_overhead.py" "$model" 0.001
} | tee "$out"
echo "wrote $out"
