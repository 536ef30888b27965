#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# run_sensitivity.sh MBENS MODELS WORK DATA: Sobol' indices from the command line.
# - The Ishigami function (ishigami.mo, x1..x3 uniform on [-pi, pi]) run with --sampler saltelli
#   -n 1024 has 1024 x 8 members in SALib's layout: in each block of 8, A, AB_1 .. AB_3 (A with
#   one coordinate of B), BA_1 .. BA_3, B (checked on the parameter columns).
# - mbens analyze finds S1 = (0.3139, 0.4424, 0) and ST = (0.5576, 0.4424, 0.2437), the
#   analytic values, within twice their 95 % intervals, and S2(x1, x3) = 0.2437 likewise; the
#   intervals are narrower than 0.15; the same seed writes the same bytes.
# - The same design in two shards merged gives the same sobol.csv (the design is a function of
#   the member index).
# - analyze refuses a Monte Carlo run and a directory without a run, saying why; run warns of
#   an N that is not a power of two.
. "$(dirname "$0")/run_lib.sh"
data=$4
pi=3.141592653589793
vary="--vary f.x1=uniform(-$pi,$pi) --vary f.x2=uniform(-$pi,$pi) --vary f.x3=uniform(-$pi,$pi)"
# shellcheck disable=SC2086 # $vary: words without spaces
"$mbens" run "$data/ishigami.mo" -o "$work/ish" -n 1024 --sampler saltelli $vary \
  --qoi 'final(f.y)' --stop-time 0.001 --quiet || fail "run exited $?"
[ "$(wc -l <"$work/ish/members.csv")" -eq 8193 ] || fail "not 8192 members"
bad=$(awk -F, 'NR == 1 { next }
  { k = NR - 2; r = k % 8; for (j = 1; j <= 3; j++) x[r, j] = $(j + 1) }
  r == 7 { for (j = 1; j <= 3; j++) { a = x[0, j]; b = x[7, j]
      for (i = 1; i <= 3; i++) {
        if (x[i, j] != (i == j ? b : a)) { print "AB", k, i, j; exit }
        if (x[3 + i, j] != (i == j ? a : b)) { print "BA", k, i, j; exit } } } }' \
  "$work/ish/members.csv")
[ -z "$bad" ] || fail "the Saltelli layout (block row, row, column): $bad"
"$mbens" analyze "$work/ish" >"$work/analyze.txt" || fail "analyze exited $?"
cp "$work/ish/sobol.csv" "$work/sobol_first.csv"
bad=$(awk -F, 'function a(x) { return x < 0 ? -x : x }
  BEGIN { b = 0.1; p4 = atan2(0, -1) ^ 4; v1 = 0.5 * (1 + b * p4 / 5) ^ 2; v2 = 49 / 8
    v13 = 8 * b * b * p4 * p4 / 225; v = v1 + v2 + v13
    t1["f.x1"] = v1 / v; t1["f.x2"] = v2 / v; t1["f.x3"] = 0
    tt["f.x1"] = (v1 + v13) / v; tt["f.x2"] = v2 / v; tt["f.x3"] = v13 / v }
  NR > 1 { n++
    if (a($3 - t1[$2]) > 2 * $4 || a($5 - tt[$2]) > 2 * $6 || !($4 < 0.15 && $6 < 0.15)) print $0 }
  END { if (n != 3) print "rows", n }' "$work/ish/sobol.csv")
[ -z "$bad" ] || fail "indices leave the analytic values: $bad"
bad=$(awk -F, 'function a(x) { return x < 0 ? -x : x }
  BEGIN { b = 0.1; p4 = atan2(0, -1) ^ 4; v1 = 0.5 * (1 + b * p4 / 5) ^ 2
    v13 = 8 * b * b * p4 * p4 / 225; v = v1 + 49 / 8 + v13 }
  $2 == "f.x1" && $3 == "f.x3" { found = 1; if (a($4 - v13 / v) > 2 * $5) print $0 }
  END { if (!found) print "no S2 of f.x1, f.x3" }' "$work/ish/sobol_s2.csv")
[ -z "$bad" ] || fail "S2 leaves the analytic value: $bad"
grep -q "f.x2 .*0.4" "$work/analyze.txt" || fail "analyze prints no table: $(cat "$work/analyze.txt")"
"$mbens" analyze "$work/ish" --quiet || fail "analyze (again) exited $?"
cmp -s "$work/ish/sobol.csv" "$work/sobol_first.csv" || fail "the same seed gave other bytes"
# two shards, merged
for k in 0 1; do
  # shellcheck disable=SC2086
  "$mbens" run "$data/ishigami.mo" -o "$work/sh$k" -n 1024 --sampler saltelli $vary \
    --qoi 'final(f.y)' --stop-time 0.001 --quiet --shard $k/2 || fail "shard $k exited $?"
done
"$mbens" merge "$work/sh0" "$work/sh1" -o "$work/merged" >/dev/null || fail "merge exited $?"
"$mbens" analyze "$work/merged" --quiet || fail "analyze (merged) exited $?"
cmp -s "$work/merged/sobol.csv" "$work/sobol_first.csv" || fail "shards + merge differ"
# refusals
out=$("$mbens" analyze "$work/sh0" 2>&1)
case "$out" in *"merge the shards first"*) ;; *) fail "analyze of a shard: $out" ;; esac
# shellcheck disable=SC2086
"$mbens" run "$data/ishigami.mo" -o "$work/mc" -n 16 $vary --qoi 'final(f.y)' \
  --stop-time 0.001 --quiet || fail "run (mc) exited $?"
out=$("$mbens" analyze "$work/mc" 2>&1)
case "$out" in *"run with --sampler mc"*"--sampler saltelli"*) ;; *) fail "analyze of mc: $out" ;; esac
out=$("$mbens" analyze "$work/nothing" 2>&1)
case "$out" in *"no run directory here"*) ;; *) fail "analyze of nothing: $out" ;; esac
# shellcheck disable=SC2086
out=$("$mbens" run "$data/ishigami.mo" -o "$work/n100" -n 100 --sampler saltelli $vary \
  --qoi 'final(f.y)' --stop-time 0.001 2>&1 >/dev/null)
case "$out" in *"N a power of two; N = 100"*) ;; *) fail "no warning of N = 100: $out" ;; esac
"$mbens" analyze --help | grep -q "sobol_s2.csv" || fail "analyze --help"
out=$("$mbens" analyze "$work/ish" --confidence 0.9 2>&1)
case "$out" in *"unknown option '--confidence' (--resamples, --conf"*) ;; *) fail "bad option: $out" ;; esac
finish "run_sensitivity: Saltelli designs, Sobol' indices of the Ishigami function, shards"
