#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Build times (cold and cached) and ensemble throughput of the foundation on this machine:
# `mbens bench` on OpenMP (1 and 2 threads) and on the OpenCL device. Usage: foundation.sh BUILD_DIR
set -euo pipefail
build=${1:-build}
mbens="$build/host/cli/mbens"
out="$(dirname "$0")/results/foundation-$(hostname -s)-$(date +%Y%m%d).txt"
export POCL_CACHE_DIR=${POCL_CACHE_DIR:-$PWD/$build/pocl-cache}
export MBENS_CACHE_DIR=$(mktemp -d)
trap 'rm -rf "$MBENS_CACHE_DIR"' EXIT
{
  echo "# mbens foundation benchmark, $(date -u +%Y-%m-%dT%H:%MZ)"
  echo "# machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)," \
       "$(free -g | awk '/Mem:/ {print $2}') GiB; $(uname -sr)"
  echo "# commit: $(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
  "$mbens" devices
  for threads in 1 2; do
    echo; echo "## OpenMP, $threads thread(s), OpenCL on its default device; cold kernel builds"
    rm -rf "$MBENS_CACHE_DIR"/* "$POCL_CACHE_DIR"/*
    OMP_NUM_THREADS=$threads "$mbens" bench --backend all --threads "$threads"
    echo; echo "## the same, kernels from the cache"
    OMP_NUM_THREADS=$threads "$mbens" bench --backend all --threads "$threads"
  done
} 2>&1 | tee "$out"
echo "written: $out"
