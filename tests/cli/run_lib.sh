# SPDX-License-Identifier: Apache-2.0
# What the run_*.sh tests share (sourced, with MBENS MSL_DIR WORK as "$@"): the program, the
# double pendulum, a fresh work folder, fail() that counts, and finish() that reports.
set -u
mbens=$1
model=$2/DoublePendulum.mo
work=$3
rm -rf "$work"
mkdir -p "$work"
fails=0

fail() {
  printf 'FAIL: %s\n' "$*"
  fails=$((fails + 1))
}

# exits 1 after failures, else prints the message
finish() {
  if [ "$fails" -gt 0 ]; then
    echo "$fails failure(s)"
    exit 1
  fi
  echo "$1"
}
