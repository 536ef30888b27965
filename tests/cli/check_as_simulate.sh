#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# check_as_simulate.sh MBENS WORK MODEL.mo...: `mbens check` refuses each model exactly as
# `mbens simulate` does: both exit 2 and print the same message (the command's name aside).
set -u
mbens=$1
work=$2
shift 2
. "$(dirname "$0")/work_lib.sh"
fresh_work "$work"
fails=0
for model in "$@"; do
  c=$("$mbens" check "$model" 2>&1)
  crc=$?
  s=$("$mbens" simulate "$model" -o "$work/unused.csv" 2>&1)
  src=$?
  if [ "$crc" -ne 2 ] || [ "$src" -ne 2 ]; then
    printf 'FAIL: %s: check exits %d, simulate %d (both should refuse with 2)\n' "$model" "$crc" \
      "$src"
    fails=$((fails + 1))
  elif [ "$(printf '%s\n' "$c" | sed 's/mbens check/mbens CMD/')" != \
    "$(printf '%s\n' "$s" | sed 's/mbens simulate/mbens CMD/')" ]; then
    printf 'FAIL: %s: check and simulate differ:\n  check:    %s\n  simulate: %s\n' "$model" \
      "$c" "$s"
    fails=$((fails + 1))
  fi
done
if [ "$fails" -gt 0 ]; then
  exit 1
fi
printf 'check refuses %d models with simulate'\''s messages\n' "$#"
