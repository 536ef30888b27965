# SPDX-License-Identifier: Apache-2.0
# What the run_*.sh tests share (sourced, with MBENS MSL_DIR WORK as "$@"): the program, the
# double pendulum, a fresh work folder (fail() and finish() from work_lib.sh), trajectory_rows().
set -u
mbens=$1
model=$2/DoublePendulum.mo
work=$3
. "$(dirname "$0")/work_lib.sh"
fresh_work "$work"

# every saved member's trajectory in DIR/trajectories, one line per (member, grid point): the
# member k, the point j, then the CSV's columns (time first), blank-separated
trajectory_rows() {
  for f in "$1"/trajectories/member_*.csv; do
    k=${f##*member_}
    k=${k%.csv}
    awk -F, -v OFS=' ' -v k="$k" 'NR > 1 { $1 = $1; print k, NR - 2, $0 }' "$f"
  done
}

# same_on_backends NAME MODEL [simulate options]: the identity contract, where OpenCL has a
# device (PoCL here): MODEL simulated on OpenMP and on OpenCL gives the same bytes (MODEL and
# the options are simulate's arguments: `--library DIR --class NAME` stand for a file)
same_on_backends() {
  sob_name=$1
  shift
  "$mbens" devices | grep -q '^OpenCL platform' || return 0
  for sob_b in openmp opencl; do
    "$mbens" simulate "$@" -o "$work/$sob_name-$sob_b.csv" --backend $sob_b ||
      { fail "simulate ($sob_name, $sob_b) exited $?"; return 0; }
  done
  cmp -s "$work/$sob_name-openmp.csv" "$work/$sob_name-opencl.csv" ||
    fail "$sob_name: OpenMP and OpenCL differ"
}

# exits 1 after failures, else prints the message
