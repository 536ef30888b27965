#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# run_devices.sh MBENS CHAIN_MODEL_SH WORK: a study on several devices at once (--device all, or a
# list) writes the same bytes as on one: members.csv, stats.csv and the saved trajectories. The
# devices here are PoCL's CPU device (twice: two contexts) and OpenMP; without an OpenCL device
# only the refusals are checked.
set -u
mbens=$1
chain=$2
work=$3
. "$(dirname "$0")/work_lib.sh"
fresh_work "$work"
export MBENS_CACHE_DIR="$work/cache"
sh "$chain" mo 8 > "$work/Chain8.mo" || { echo "FAIL: $chain mo 8 exited $?"; exit 1; }

# the study on the devices of "$@" into $work/NAME
study() {
  name=$1
  shift
  "$mbens" run "$work/Chain8.mo" -o "$work/$name" -n 3000 --seed 3 --method rk4 --step 1e-3 \
    --stop-time 0.3 --interval 0.1 --signals j1.phi,j8.w --qoi 'max(j1.phi)' --quiet \
    --vary 'j1.phi.start=uniform(0.2,0.4)' --vary 'j3.phi.start=normal(0.3,0.05)' \
    --save-members 0-3,1500,2999 --batch-size 700 "$@" || fail "$name: mbens run exited $?"
}
same() {
  for f in members.csv stats.csv trajectories/member_0.csv trajectories/member_1500.csv \
    trajectories/member_2999.csv; do
    cmp -s "$work/one/$f" "$work/$1/$f" || fail "$1: $f differs from the one-device run"
  done
}

# refusals: an empty entry in a list, a list with --backend openmp
out=$("$mbens" run "$work/Chain8.mo" -o "$work/bad" -n 10 --device '0:0,,openmp' 2>&1)
[ $? -eq 2 ] && echo "$out" | grep -q "separated by commas" || fail "an empty list entry: $out"
out=$("$mbens" run "$work/Chain8.mo" -o "$work/bad2" -n 10 --device all --backend openmp 2>&1)
[ $? -eq 2 ] && echo "$out" | grep -q "leave --backend openmp out" || fail "--backend openmp: $out"

study one --backend openmp
if "$mbens" devices | grep -Eq '^  device [0-9]+:[0-9]+ '; then
  study all --device all
  same all
  grep -q '"devices"' "$work/all/manifest.json" || fail "all: the manifest lists no devices"
  study list --device 0:0,openmp,0:0
  same list
else
  echo "no OpenCL device: only the refusals were checked"
fi
finish ok
