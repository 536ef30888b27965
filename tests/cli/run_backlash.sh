#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# run_backlash.sh MBENS MODELS WORK DATA MSL_DIR: the MSL's ElastoBacklash (from its sources: a
# user's compliant element whose law switches where the play ends, state events) holds an
# inertia (J 1) that bounces inside a play of 0.2 rad against a stiff undamped spring (c 1e4):
# - its energy, 0.5 J w^2 plus 0.5 c (|phi| - 0.1)^2 beyond the play, stays within 1e-7 of
#   0.5 J w0^2 at tolerance 1e-10 (the bounces are elastic);
# - an ensemble of start speeds locates its bounces as state events (each member several),
#   and OpenMP and OpenCL (PoCL) write the same members.csv and stats.csv bytes.
. "$(dirname "$0")/run_lib.sh"
data=$4 msl=$5
if [ ! -f "$msl/Modelica/package.mo" ]; then
  echo "MSL sources not found: $msl/Modelica/package.mo"
  exit 77
fi
"$mbens" simulate "$data/backlash.mo" --library "$msl" -o "$work/b.csv" --stop-time 2 \
  --interval 0.001 --tolerance 1e-10 --signals 'i1.phi,i1.w' || fail "simulate exited $?"
bad=$(awk -F, 'function a(x) { return x < 0 ? -x : x }
  NR > 1 && /nan|inf/ { print; exit }
  NR > 1 { p = a($2) - 0.1; E = 0.5 * $3 ^ 2 + (p > 0 ? 0.5 * 1e4 * p ^ 2 : 0)
    if (a(E - 0.5) > 1e-7) { print $1, E - 0.5; exit }
    n++ }
  END { if (n < 1000) print "rows", n }' "$work/b.csv")
[ -z "$bad" ] || fail "the backlash loses or makes energy (t, dE): $bad"
args="--library $msl -n 16 --seed 3 --vary i1.w.start=uniform(0.5,2) --qoi final(i1.w)
  --signals i1.phi --stop-time 2"
# shellcheck disable=SC2086 # $args: words without spaces
"$mbens" run "$data/backlash.mo" $args -o "$work/omp" --backend openmp --quiet ||
  fail "run exited $?"
bad=$(awk -F, 'NR > 1 && ($4 != "ok" || $6 < 4) { print; exit }' "$work/omp/members.csv")
[ -z "$bad" ] || fail "a member does not locate its bounces (member, ..., status, steps, events): $bad"
if "$mbens" devices | grep -q '^OpenCL platform'; then
  # shellcheck disable=SC2086
  "$mbens" run "$data/backlash.mo" $args -o "$work/ocl" --backend opencl --quiet ||
    fail "run (OpenCL) exited $?"
  for f in members.csv stats.csv; do
    cmp -s "$work/omp/$f" "$work/ocl/$f" || fail "$f: OpenMP and OpenCL differ"
  done
fi
finish "run_backlash: elastic bounces as state events, energy kept, the same bits everywhere"
