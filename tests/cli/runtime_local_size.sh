#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# runtime_local_size.sh MBENS CHAIN_MODEL_SH WORK: the OpenCL work-group size is the runtime's, not
# the driver's. With local_work_size left to PoCL, a batch of 8000 members of the 8-link chain
# (4000 with one PoCL thread) made work-groups of thousands whose private arrays overflowed the
# worker threads' stacks: a segfault (exit 139). Every kernel runs here: integration, a quantity
# of interest, the statistics and the size check. Exit 77 (skipped) without an OpenCL device.
set -u
mbens=$1
chain=$2
work=$3
. "$(dirname "$0")/work_lib.sh"
fresh_work "$work"
fails=0

if ! "$mbens" devices | grep -Eq '^  device [0-9]+:[0-9]+ '; then
  echo "no OpenCL device: skipped"
  exit 77
fi
sh "$chain" mo 8 >"$work/Chain8.mo" || { echo "FAIL: $chain mo 8 exited $?"; exit 1; }

# one study of the chain on OpenCL in one batch of N members, with environment VAR=VALUE
study() {
  name=$1
  n=$2
  shift 2
  env "$@" "$mbens" run "$work/Chain8.mo" -o "$work/$name" -n "$n" --batch-size "$n" \
    --backend opencl --stop-time 0.01 --interval 0.01 --qoi 'max(j1.phi)' --quiet
  rc=$?
  if [ "$rc" -ne 0 ]; then
    echo "FAIL: $name: mbens run exited $rc$([ "$rc" -eq 139 ] && echo ' (segmentation fault)')"
    fails=$((fails + 1))
  elif [ "$(wc -l <"$work/$name/members.csv")" -ne $((n + 1)) ]; then
    echo "FAIL: $name: members.csv does not hold $n members"
    fails=$((fails + 1))
  fi
}

# the sizes that crashed: 8000 members, and 4000 on one PoCL worker thread
study n8000 8000
study n4000_one_thread 4000 POCL_MAX_PTHREAD_COUNT=1

if [ "$fails" -gt 0 ]; then
  echo "$fails failure(s)"
  exit 1
fi
echo "8000 and 4000 (one thread) chain members ran in one batch each on OpenCL"
