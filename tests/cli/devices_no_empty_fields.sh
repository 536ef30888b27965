#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# devices_no_empty_fields.sh MBENS MSL_DIR WORK: every place that describes a backend (mbens
# devices, the backend lines of mbens bench, the summary of mbens run and its manifest.json) leaves
# out what the driver does not report instead of printing it empty: no "(," ", ," "()" and the
# like. PoCL's 65-character device version once came out as "(, driver 3.1+debian)".
. "$(dirname "$0")/run_lib.sh"
model=$2/Pendulum.mo

# fails unless the command exits 0 and no line of its output has an empty field
check() {
  name=$1
  shift
  out=$("$@" 2>&1)
  rc=$?
  printf '%s\n' "$out" >"$work/$name.txt"
  [ "$rc" -eq 0 ] || fail "$name exited $rc: $out"
  bad=$(printf '%s\n' "$out" | grep -nE '\(,|\(\)|\( |, ,|,,| \)|, \)|: ,|, *$')
  [ -z "$bad" ] || fail "$name prints an empty field: $bad"
}

# the listing, the benchmark's backend lines (OpenMP, and OpenCL when there is a device)
check devices "$mbens" devices
check bench "$mbens" bench --members 8 --stop-time 0.01 --method rk4 --backend all

# a run's summary and manifest, on OpenCL when there is a device
backend=openmp
if "$mbens" devices | grep -Eq '^  device [0-9]+:[0-9]+ '; then
  backend=opencl
fi
check run "$mbens" run "$model" -o "$work/run" -n 4 --stop-time 0.01 --interval 0.01 \
  --backend "$backend"
for field in platform device version; do
  line=$(sed -n '/"backend": {/,/}/p' "$work/run/manifest.json" | grep -E "^ *\"$field\": ")
  case $line in
    *'""'* | *'": ", '* | *', "'* | '')
      fail "manifest.json $field is empty or has an empty part: $line"
      ;;
  esac
done

finish "devices, bench and an $backend run (summary, manifest) name every part they print"
