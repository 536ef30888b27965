#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# chain_validate.sh BUILD_DIR: checks the N-link chains of the throughput benchmark against an
# independent implementation. For N = 2, 4, 8, 16 it integrates models/bench/ChainN.mo with
# `mbens simulate --method rk4` (OpenMP, and OpenCL when a platform is present) and
# bench/mujoco/chainN.xml with `mujoco_chain --trajectory` (MuJoCo's RK4), at the same step from
# the same state, and prints the largest differences of the joint angles and rates on the output
# grid. It exits 1 when an angle differs by more than TOL_PHI or a rate by more than TOL_W, or when
# a committed model is not what bench/chain_model.sh generates.
#
# environment: MBENS (default BUILD_DIR/host/cli/mbens), MUJOCO_CHAIN (default
# BUILD_DIR/bench/mujoco_chain), CHAINS ("2 4 8 16"), STOP (1 s), INTERVAL (0.01 s),
# TOL_PHI (1e-9 rad), TOL_W (1e-8 rad/s), LONG (10 s: a horizon reported, not bounded, to show
# where the chaotic chains' rounding differences become visible; 0 to skip).
# The step is the MJCF's timestep (1 ms).
set -eu
build=${1:?usage: chain_validate.sh BUILD_DIR}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
mbens=${MBENS:-$build/host/cli/mbens}
mujoco=${MUJOCO_CHAIN:-$build/bench/mujoco_chain}
chains=${CHAINS:-2 4 8 16}
stop=${STOP:-1}
interval=${INTERVAL:-0.01}
tol_phi=${TOL_PHI:-1e-9}
tol_w=${TOL_W:-1e-8}
long=${LONG:-10}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for exe in "$mbens" "$mujoco"; do
  [ -x "$exe" ] || { echo "chain_validate.sh: $exe not found (build it, or set MBENS/MUJOCO_CHAIN)" >&2; exit 2; }
done

# OpenCL is checked where a platform exists; `mbens devices` says so
backends=openmp
if "$mbens" devices 2>/dev/null | grep -q '^OpenCL platform'; then
  backends="openmp opencl"
fi

# compare B.csv (mbens) with A.csv (MuJoCo) by column name, row by row on the same time grid;
# prints: max |d phi|, max |d w|, the time of the largest angle difference, the row count
compare() {
  awk -F, '
    FNR == 1 { gsub(/"/, ""); for (i = 1; i <= NF; i++) col[FILENAME, $i] = i; name[FILENAME] = NF; next }
    FILENAME == ARGV[1] { nr++; for (i = 1; i <= NF; i++) a[nr, i] = $i; hdr = 1; next }
    { nb++; for (i = 1; i <= NF; i++) b[nb, i] = $i }
    END {
      if (nr != nb || nr == 0) { print "rows differ: " nr " vs " nb; exit 1 }
      # the MuJoCo columns, looked up by name in the mbens file
      ncol = 0
      for (k in col) {
        split(k, part, SUBSEP)
        if (part[1] == ARGV[1] && part[2] != "time") {
          j = col[ARGV[2], part[2]]
          if (j == "") { print "mbens has no column " part[2]; exit 1 }
          ncol++; ia[ncol] = col[k]; ib[ncol] = j; isphi[ncol] = (part[2] ~ /\.phi$/)
        }
      }
      ta = col[ARGV[1], "time"]; tb = col[ARGV[2], "time"]
      dphi = 0; dw = 0; tmax = 0
      for (r = 1; r <= nr; r++) {
        dt = a[r, ta] - b[r, tb]; if (dt < 0) dt = -dt
        if (dt > 1e-9) { print "time grids differ at row " r; exit 1 }
        for (c = 1; c <= ncol; c++) {
          d = a[r, ia[c]] - b[r, ib[c]]; if (d < 0) d = -d
          if (isphi[c]) { if (d > dphi) { dphi = d; tmax = a[r, ta] } } else if (d > dw) dw = d
        }
      }
      printf "%.3e %.3e %g %d\n", dphi, dw, tmax, nr
    }' "$1" "$2"
}

# integrate chain $1 to time $2 with both programs; files in $tmp
integrate() {
  "$mujoco" "$here/mujoco/chain$1.xml" --trajectory "$2" "$interval" > "$tmp/mj$1.csv"
  for be in $backends; do
    "$mbens" simulate "$root/models/bench/Chain$1.mo" -o "$tmp/$be$1.csv" --method rk4 \
      --step "$step" --start-time 0 --stop-time "$2" --interval "$interval" --backend "$be" \
      >/dev/null
  done
}

echo "mbens N-link chains against MuJoCo (RK4, same step, same initial state)"
echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)  host: $(hostname)"
echo "cpu: $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) cores"
echo "commit: $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)" \
     " mujoco: $("$mujoco" "$here/mujoco/chain2.xml" --throughput 1 0.001 | sed 's/.*version=\([^ ]*\).*/\1/')"
echo "programs: $mbens (backends: $backends), $mujoco"
echo "grid: 0..$stop s every $interval s; bounds: |d phi| <= $tol_phi rad, |d w| <= $tol_w rad/s"
fail=0
for n in $chains; do
  # the committed files must be what the generator writes
  for f in "mo:$root/models/bench/Chain$n.mo" "mjcf:$here/mujoco/chain$n.xml"; do
    if ! "$here/chain_model.sh" "${f%%:*}" "$n" | cmp -s - "${f#*:}"; then
      echo "chain $n: ${f#*:} differs from bench/chain_model.sh ${f%%:*} $n"; fail=1
    fi
  done
  step=$(sed -n 's/.*timestep="\([^"]*\)".*/\1/p' "$here/mujoco/chain$n.xml")
  integrate "$n" "$stop"
  for be in $backends; do
    # shellcheck disable=SC2046 # the four fields are split on purpose
    set -- $(compare "$tmp/mj$n.csv" "$tmp/$be$n.csv")
    verdict=ok
    if [ "$#" -ne 4 ] || awk -v p="$1" -v w="$2" -v tp="$tol_phi" -v tw="$tol_w" \
        'BEGIN { exit !(p + 0 > tp + 0 || w + 0 > tw + 0) }'; then
      verdict=FAIL; fail=1
    fi
    printf 'Chain%-3s %-7s step %s  max|d phi| %s rad (t=%s)  max|d w| %s rad/s  rows %s  %s\n' \
      "$n" "$be" "$step" "$1" "${3:-?}" "$2" "${4:-?}" "$verdict"
  done
  if [ "$backends" = "openmp opencl" ]; then
    if cmp -s "$tmp/openmp$n.csv" "$tmp/opencl$n.csv"; then
      printf "Chain%-3s openmp and opencl CSVs are bitwise identical\n" "$n"
    else
      printf "Chain%-3s openmp and opencl CSVs differ\n" "$n"; fail=1
    fi
  fi
done

# the longer horizon: rounding differences grow with the chaos; reported, not bounded
if [ "$long" != 0 ]; then
  echo
  echo "longer horizon, OpenMP, 0..$long s (reported only: chaotic growth of rounding differences)"
  for n in $chains; do
    step=$(sed -n 's/.*timestep="\([^"]*\)".*/\1/p' "$here/mujoco/chain$n.xml")
    backends_save=$backends; backends=openmp
    integrate "$n" "$long"
    backends=$backends_save
    for t in $(printf "%s\n" 1 2 3 5 "$long" | awk -v l="$long" '$1 + 0 <= l + 0' | sort -gu); do
      awk -F, -v t="$t" 'NR == 1 || ($1 <= t + 1e-9)' "$tmp/mj$n.csv" > "$tmp/a.csv"
      awk -F, -v t="$t" 'NR == 1 || ($1 <= t + 1e-9)' "$tmp/openmp$n.csv" > "$tmp/b.csv"
      # shellcheck disable=SC2046
      set -- $(compare "$tmp/a.csv" "$tmp/b.csv")
      printf 'Chain%-3s up to %4s s: max|d phi| %s rad  max|d w| %s rad/s\n' "$n" "$t" "$1" "$2"
    done
  done
fi
echo
if [ "$fail" -ne 0 ]; then
  echo "chain validation FAILED"
  exit 1
fi
echo "chain validation passed"
