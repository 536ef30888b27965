#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# run_sensitivity.sh MBENS MODELS WORK DATA: Sobol' indices from the command line.
# - The Ishigami function (ishigami.mo, x1..x3 uniform on [-pi, pi]) run with --sampler saltelli
#   -n 1024 has 1024 x 8 members in SALib's layout: in each block of 8, A, AB_1 .. AB_3 (A with
#   one coordinate of B), BA_1 .. BA_3, B (checked on the parameter columns).
# - mbens analyze finds S1 = (0.3139, 0.4424, 0) and ST = (0.5576, 0.4424, 0.2437), the
#   analytic values, within twice their 95 % intervals, and S2(x1, x3) = 0.2437 likewise; the
#   intervals are narrower than 0.15; the same seed writes the same bytes; sobol_convergence.csv
#   holds the indices of the first 16, 32, .. 1024 blocks, its last equal to sobol.csv's and the
#   intervals narrowing with N (S1_conf at 64 blocks over twice that at 1024); sobol.json holds
#   the same numbers in SALib's keys (S2 as a matrix), and every other table has its .json.
# - The same design in two shards merged gives the same sobol.csv (the design is a function of
#   the member index). --first-order-only makes 1024 x 5 members, no S2, indices within 0.01 of
#   the full design's.
# - analyze of a Monte Carlo run gives regression indices; a shard and a directory without a
#   run are refused, saying why; run warns of an N that is not a power of two.
# - Morris (effects.mo, y = 2 x1 - 3 x2 + x1 x3, x1 in [0, 1], x2 in [-3, 3], x3 in [10, 11]):
#   --sampler morris -n 40 makes 40 trajectories of 4 members, each step moving one parameter
#   by 2/3 of its range (4 levels); analyze writes morris.csv with x2's effect -3 x 6 = -18
#   exactly (sigma 0), x1's (2 + x3) mu_star in [12, 13] with sigma > 0, x3's (x1) in [0, 1];
#   --levels 6 runs; --levels without morris and an unbounded distribution are refused.
#   --candidates 60 -n 10 (Campolongo's selection) says it chose trajectories that spread more
#   than the first 10 drawn, keeps x2's effect at -18 and is refused without morris or when it
#   is not above -n.
# - A radial design (--sampler radial -n 1024 of Ishigami: blocks of 4, each row after the first
#   moving one coordinate, no other): analyze writes radial.csv with ST within twice its interval of the
#   analytic values; of the linear model x2's effect -18 exactly (sigma 0), x1's in [12, 13];
#   analyze --plot draws its effects and its total indices.
# - Regression indices of a Latin hypercube run of effects.mo (500 members): the linear fit
#   explains it (R^2 > 0.99), SRC = b sd(x) / sd(y) with b = 2 + E[x3] = 12.5 and -3:
#   0.57 and -0.82 (within 0.05), x3's near 0; --regression on the Saltelli run of Ishigami
#   finds what Sobol' indices show, a poor linear fit (R^2 < 0.3).
# - mbens plot (and analyze --plot): the data and gnuplot script of each picture (histogram,
#   scatter and the index charts of each table analyze wrote; fan charts of --signals), and
#   with gnuplot the pictures (PNG by their signature, SVG by its root element); without
#   gnuplot on PATH the scripts alone and a message saying how to draw them.
# - analyze refuses options that would do nothing: bootstrap options for regression indices,
#   --regression with --as, --levels and --first-order-only without their --as, --levels on a
#   Morris run (its manifest holds them).
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
bad=$(awk -F, 'NR == FNR { if (FNR > 1) s1[$2] = $3; next }
  FNR > 1 { n[$2]++; if ($3 == 64) c64[$2] = $5; if ($3 == 1024) { c1k[$2] = $5
      if ($4 != s1[$2]) print "S1 at N = 1024", $2 } }
  END { for (p in n) { if (n[p] != 7) print p, n[p], "rows"
      if (!(c64[p] > 2 * c1k[p])) print p, "conf", c64[p], c1k[p] } }' \
  "$work/ish/sobol.csv" "$work/ish/sobol_convergence.csv")
[ -z "$bad" ] || fail "convergence: $bad"
# sobol.json: the same numbers in SALib's keys (where a Python reads JSON)
if command -v python3 >/dev/null; then
  python3 - "$work/ish" <<'PY' || fail "sobol.json is not sobol.csv's numbers"
import csv, json, sys
d = sys.argv[1]
j = json.load(open(d + "/sobol.json"))
assert j["design"] == "saltelli" and j["parameters"] == ["f.x1", "f.x2", "f.x3"], j
q = j["qoi"]["final(f.y)"]
assert q["blocks"] == 1024 and len(q["S2"]) == 3 and q["S2"][0][0] is None, q
for r in csv.DictReader(open(d + "/sobol.csv")):
    i = j["parameters"].index(r["parameter"])
    for k in ("S1", "S1_conf", "ST", "ST_conf"):
        assert float(r[k]) == q[k][i], (k, r[k], q[k][i])
PY
fi
"$mbens" analyze "$work/ish" --quiet || fail "analyze (again) exited $?"
cmp -s "$work/ish/sobol.csv" "$work/sobol_first.csv" || fail "the same seed gave other bytes"
# the first-order layout: N (D + 2) members, no S2
# shellcheck disable=SC2086
"$mbens" run "$data/ishigami.mo" -o "$work/fo" -n 1024 --sampler saltelli --first-order-only \
  $vary --qoi 'final(f.y)' --stop-time 0.001 --quiet || fail "run (first order) exited $?"
[ "$(wc -l <"$work/fo/members.csv")" -eq 5121 ] || fail "first order: not 5120 members"
"$mbens" analyze "$work/fo" --quiet || fail "analyze (first order) exited $?"
[ "$(wc -l <"$work/fo/sobol_s2.csv")" -eq 1 ] || fail "first order: S2 rows"
bad=$(awk -F, 'NR == FNR { if (FNR > 1) { s1[$2] = $3; st[$2] = $5 }; next }
  FNR > 1 { d1 = $3 - s1[$2]; dt = $5 - st[$2]; if (d1 * d1 > 1e-4 || dt * dt > 1e-4) print }' \
  "$work/ish/sobol.csv" "$work/fo/sobol.csv")
[ -z "$bad" ] || fail "first-order indices far from the second-order run's: $bad"
out=$("$mbens" run "$data/ishigami.mo" -o "$work/bad" -n 8 --first-order-only $vary 2>&1)
case "$out" in *"--first-order-only is a layout of --sampler saltelli only"*) ;; *) fail "--first-order-only: $out" ;; esac
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
[ -f "$work/mc/regression.csv" ] || fail "analyze of mc: no regression.csv ($out)"
out=$("$mbens" analyze "$work/nothing" 2>&1)
case "$out" in *"no run directory here"*) ;; *) fail "analyze of nothing: $out" ;; esac
# shellcheck disable=SC2086
out=$("$mbens" run "$data/ishigami.mo" -o "$work/n100" -n 100 --sampler saltelli $vary \
  --qoi 'final(f.y)' --stop-time 0.001 2>&1 >/dev/null)
case "$out" in *"N a power of two; N = 100"*) ;; *) fail "no warning of N = 100: $out" ;; esac
# Morris
mvary="--vary f.x1=uniform(0,1) --vary f.x2=uniform(-3,3) --vary f.x3=uniform(10,11)"
# shellcheck disable=SC2086
"$mbens" run "$data/effects.mo" -o "$work/mo" -n 40 --sampler morris $mvary --seed 3 \
  --qoi 'final(f.y)' --stop-time 0.001 --quiet || fail "run (morris) exited $?"
bad=$(awk -F, 'function a(x) { return x < 0 ? -x : x }
  NR == 1 { next }
  { k = NR - 2; s = k % 4; w[1] = 1; w[2] = 6; w[3] = 1
    if (s > 0) { n = 0; for (j = 1; j <= 3; j++) if ($(j + 1) != p[j]) {
        n++; if (a(a($(j + 1) - p[j]) - 2 / 3 * w[j]) > 1e-12) { print "step", k, j; exit } }
      if (n != 1) { print "moves", n, "at", k; exit } }
    for (j = 1; j <= 3; j++) p[j] = $(j + 1); rows++ }
  END { if (rows != 160) print "rows", rows }' "$work/mo/members.csv")
[ -z "$bad" ] || fail "the Morris design: $bad"
"$mbens" analyze "$work/mo" >"$work/morris.txt" || fail "analyze (morris) exited $?"
bad=$(awk -F, 'function a(x) { return x < 0 ? -x : x }
  NR > 1 && $2 == "f.x2" && (a($3 + 18) > 1e-9 || a($5) > 1e-9) { print }
  NR > 1 && $2 == "f.x1" && !($4 >= 12 && $4 <= 13 && $5 > 0.05) { print }
  NR > 1 && $2 == "f.x3" && !($4 >= 0 && $4 <= 1) { print }
  END { if (NR != 4) print "rows", NR }' "$work/mo/morris.csv")
[ -z "$bad" ] || fail "Morris effects leave their closed forms: $bad"
grep -q "mu_star" "$work/morris.txt" || fail "analyze (morris) prints no table"
# shellcheck disable=SC2086
"$mbens" run "$data/effects.mo" -o "$work/mo6" -n 8 --sampler morris --levels 6 $mvary \
  --qoi 'final(f.y)' --stop-time 0.001 --quiet || fail "run (--levels 6) exited $?"
# shellcheck disable=SC2086
out=$("$mbens" run "$data/effects.mo" -o "$work/bad" -n 8 --levels 6 $mvary --qoi 'final(f.y)' 2>&1)
case "$out" in *"--levels sets the grid of --sampler morris only"*) ;; *) fail "--levels: $out" ;; esac
out=$("$mbens" run "$data/effects.mo" -o "$work/bad" -n 8 --sampler morris --vary 'f.x1=normal(0,1)' \
  --qoi 'final(f.y)' 2>&1)
case "$out" in *"bounded, continuous distribution"*) ;; *) fail "morris with normal: $out" ;; esac
# Campolongo's selection: 10 of 60 candidates spread more than the first 10 drawn; the rows are
# the chosen candidates
# shellcheck disable=SC2086
out=$("$mbens" run "$data/effects.mo" -o "$work/moc" -n 10 --candidates 60 --sampler morris \
  $mvary --seed 3 --qoi 'final(f.y)' --stop-time 0.001 2>&1) || fail "run (--candidates) exited $?"
bad=$(printf '%s\n' "$out" | awk '/chose 10 of 60 candidate trajectories: spread/ {
    found = 1; split($0, f, "spread "); s = f[2] + 0; split($0, g, "drawn: "); d = g[2] + 0
    if (!(s > d)) print "spread", s, "not above", d }
  END { if (!found) print "no note of the choice" }')
[ -z "$bad" ] || fail "--candidates: $bad: $out"
"$mbens" analyze "$work/moc" --quiet || fail "analyze (--candidates) exited $?"
awk -F, 'NR > 1 && $2 == "f.x2" && ($3 + 18 > 1e-9 || $3 + 18 < -1e-9) { exit 1 }' \
  "$work/moc/morris.csv" || fail "--candidates: x2's effect is not -18"
grep -q '"candidates": 60' "$work/moc/manifest.json" || fail "--candidates: not in the manifest"
# shellcheck disable=SC2086
out=$("$mbens" run "$data/effects.mo" -o "$work/bad" -n 10 --candidates 60 $mvary 2>&1)
case "$out" in *"--candidates selects the trajectories of --sampler morris only"*) ;;
  *) fail "--candidates without morris: $out" ;; esac
# shellcheck disable=SC2086
out=$("$mbens" run "$data/effects.mo" -o "$work/bad" -n 10 --candidates 10 --sampler morris $mvary \
  --qoi 'final(f.y)' 2>&1)
case "$out" in *"--candidates 10 must exceed the 10 trajectories"*) ;;
  *) fail "--candidates not above -n: $out" ;; esac
# a radial design (Campolongo 2011): blocks of a base point and one coordinate at a time from
# the auxiliary point; Ishigami's total indices and the linear model's effects
# shellcheck disable=SC2086
"$mbens" run "$data/ishigami.mo" -o "$work/rad" -n 1024 --sampler radial $vary \
  --qoi 'final(f.y)' --stop-time 0.001 --quiet || fail "run (radial) exited $?"
bad=$(awk -F, 'NR == 1 { next }
  { k = NR - 2; r = k % 4; for (j = 1; j <= 3; j++) x[r, j] = $(j + 1) }
  r == 3 { for (i = 1; i <= 3; i++) { moved += x[i, i] != x[0, i]; for (j = 1; j <= 3; j++)
      if (j != i && x[i, j] != x[0, j]) { print "block row", k, i, j; exit } } }
  END { if (NR != 4097) print "rows", NR
    # a and b share a coordinate rarely (Sobol points of 2^-12 steps): that row moves nothing
    if (moved < 3040) print "moved", moved, "of 3072" }' "$work/rad/members.csv")
[ -z "$bad" ] || fail "the radial layout: $bad"
"$mbens" analyze "$work/rad" --quiet || fail "analyze (radial) exited $?"
bad=$(awk -F, 'function a(x) { return x < 0 ? -x : x }
  BEGIN { b = 0.1; p4 = atan2(0, -1) ^ 4; v1 = 0.5 * (1 + b * p4 / 5) ^ 2; v2 = 49 / 8
    v13 = 8 * b * b * p4 * p4 / 225; v = v1 + v2 + v13
    tt["f.x1"] = (v1 + v13) / v; tt["f.x2"] = v2 / v; tt["f.x3"] = v13 / v }
  NR > 1 { n++; if (a($3 - tt[$2]) > 2 * $4 || !($4 < 0.1)) print $0 }
  END { if (n != 3) print "rows", n }' "$work/rad/radial.csv")
[ -z "$bad" ] || fail "radial ST leave the analytic values: $bad"
# shellcheck disable=SC2086
"$mbens" run "$data/effects.mo" -o "$work/radl" -n 64 --sampler radial $mvary \
  --qoi 'final(f.y)' --stop-time 0.001 --quiet || fail "run (radial, linear) exited $?"
"$mbens" analyze "$work/radl" --plot --quiet || fail "analyze --plot (radial) exited $?"
bad=$(awk -F, 'function a(x) { return x < 0 ? -x : x }
  NR > 1 && $2 == "f.x2" && (a($5 + 18) > 1e-9 || a($6 - 18) > 1e-9 || a($7) > 1e-9) { print }
  NR > 1 && $2 == "f.x1" && !($5 >= 12 && $5 <= 13) { print }
  END { if (NR != 4) print "rows", NR }' "$work/radl/radial.csv")
[ -z "$bad" ] || fail "radial effects leave their closed forms: $bad"
for p in radial_final_f.y_ radial_st_final_f.y_; do
  [ -s "$work/radl/plots/$p.gp" ] || fail "analyze --plot (radial): no $p.gp"
done
# regression indices
# shellcheck disable=SC2086
"$mbens" run "$data/effects.mo" -o "$work/lhs" -n 500 --sampler lhs $mvary --qoi 'final(f.y)' \
  --stop-time 0.001 --quiet || fail "run (lhs) exited $?"
"$mbens" analyze "$work/lhs" --quiet || fail "analyze (lhs) exited $?"
bad=$(awk -F, 'function a(x) { return x < 0 ? -x : x }
  BEGIN { sy = sqrt((12.5 ^ 2) / 12 + 9 * 36 / 12) }
  NR > 1 && !($6 > 0.99) { print "R2", $0 }
  NR > 1 && $2 == "f.x1" && a($3 - 12.5 * sqrt(1 / 12) / sy) > 0.05 { print }
  NR > 1 && $2 == "f.x2" && a($3 + 3 * sqrt(36 / 12) / sy) > 0.05 { print }
  NR > 1 && $2 == "f.x3" && a($3) > 0.05 { print }
  END { if (NR != 4) print "rows", NR }' "$work/lhs/regression.csv")
[ -z "$bad" ] || fail "regression indices: $bad"
"$mbens" analyze "$work/ish" --regression --quiet || fail "analyze --regression exited $?"
awk -F, 'NR == 2 { exit !($6 < 0.3) }' "$work/ish/regression.csv" ||
  fail "Ishigami's linear fit: $(cat "$work/ish/regression.csv")"
# plots
"$mbens" plot "$work/ish" --quiet || fail "plot exited $?"
for p in hist_final_f.y_ scatter_final_f.y_ sobol_final_f.y_ regression_final_f.y_; do
  [ -s "$work/ish/plots/$p.gp" ] && [ -s "$work/ish/plots/$p.dat" ] || fail "plot: no $p.gp/.dat"
  if command -v gnuplot >/dev/null; then
    head -c 4 "$work/ish/plots/$p.png" | od -c | grep -q "P   N   G" || fail "plot: $p.png is no PNG"
  fi
done
"$mbens" analyze "$work/mo" --plot --format svg --quiet || fail "analyze --plot exited $?"
[ -s "$work/mo/plots/morris_final_f.y_.gp" ] || fail "analyze --plot: no Morris chart"
if command -v gnuplot >/dev/null; then
  grep -q "<svg" "$work/mo/plots/morris_final_f.y_.svg" || fail "analyze --plot: no SVG"
fi
# shellcheck disable=SC2086
"$mbens" run "$data/effects.mo" -o "$work/fan" -n 16 $mvary --qoi 'final(f.y)' --signals f.y \
  --stop-time 0.01 --quiet || fail "run (signals) exited $?"
out=$(PATH=/nonexistent "$mbens" plot "$work/fan")
case "$out" in *"gnuplot not found: the data and scripts of 3 pictures"*) ;; *) fail "no gnuplot: $out" ;; esac
[ -s "$work/fan/plots/fan_f.y.gp" ] || fail "plot: no fan chart script"
# shellcheck disable=SC2086
"$mbens" run "$data/effects.mo" -o "$work/noqoi" -n 4 $mvary --signals f.y --stop-time 0.01 \
  --quiet || fail "run (no qoi) exited $?"
"$mbens" plot "$work/noqoi" --quiet || fail "plot of a run without --qoi exited $?"
[ -s "$work/noqoi/plots/fan_f.y.gp" ] || fail "plot of a run without --qoi: no fan chart"
out=$("$mbens" analyze "$work/noqoi" 2>&1)
case "$out" in *"the run has no quantities of interest; run it with --qoi"*) ;; *) fail "analyze without qoi: $out" ;; esac
out=$("$mbens" plot "$work/fan" --format jpg 2>&1)
case "$out" in *"--format takes png, svg or pdf, not 'jpg'"*) ;; *) fail "plot --format jpg: $out" ;; esac
"$mbens" analyze --help | grep -q "sobol_s2.csv" || fail "analyze --help"
out=$("$mbens" analyze "$work/ish" --confidence 0.9 2>&1)
case "$out" in *"unknown option '--confidence' (--regression, --as"*) ;; *) fail "bad option: $out" ;; esac
# options that would do nothing are refused, not ignored
refused() {
  want=$1
  shift
  out=$("$mbens" analyze "$@" 2>&1) && fail "analyze $*: accepted"
  case "$out" in *"$want"*) ;; *) fail "analyze $*: $out" ;; esac
}
refused "no bootstrap intervals" "$work/mc" --resamples 50
refused "no bootstrap intervals" "$work/ish" --regression --seed 3
refused "one or the other" "$work/ish" --regression --as saltelli
refused "--levels sets the grid of --as morris only" "$work/ish" --levels 6
refused "--first-order-only is a layout of --as saltelli only" "$work/mo" --first-order-only
refused "its manifest holds the grid's levels" "$work/mo" --as morris --levels 6
# every table's JSON beside its CSV
n=0
for f in "$work"/*/radial.csv "$work"/*/morris.csv "$work"/*/regression.csv; do
  [ -f "$f" ] || continue
  n=$((n + 1))
  [ -s "${f%.csv}.json" ] || fail "no $(basename "${f%.csv}").json beside $f"
done
[ "$n" -ge 3 ] || fail "only $n radial, Morris and regression tables to check"
finish "run_sensitivity: Saltelli and Morris designs, Sobol', Morris and regression indices, plots"
