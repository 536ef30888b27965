#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# run_checks.sh MBENS MSL_DIR WORK: what `mbens run` writes against an independent computation.
# 1. stats.csv against a plain two-pass computation (awk, doubles) over the saved trajectories of
#    every member: mean and std to rounding, min and max exactly, the quantiles within the
#    resolution each row states; the quantities of interest recomputed from the same outputs.
# 2. Failing members are isolated: a study where some members blow up exits 3, says how many
#    failed and why, and every other member's row is byte for byte the row of a study without
#    the failing values.
# 3. A study that varies nothing: every member is the model itself, as `mbens simulate` writes it.
. "$(dirname "$0")/run_lib.sh"

# ---- 1. statistics and quantities of interest ----------------------------------------------
dir=$work/stats
"$mbens" run "$model" -o "$dir" -n 120 --seed 3 --sampler lhs --backend openmp --quiet \
  --vary 'revolute1.phi.start=uniform(0.2,1.2)' --vary 'boxBody2.r[1]=triangular(0.3,0.5,0.6)' \
  --signals revolute1.phi,revolute2.w --stop-time 2 --interval 0.05 \
  --qoi 'max(abs(revolute2.w))' --qoi 'mean(revolute2.w)' --qoi 'cross_up(revolute1.phi,0)' \
  --qoi 'final(revolute1.phi)' \
  --save-members 0-119 --save-signals revolute1.phi,revolute2.w --save-format csv ||
  fail "the statistics study exited $?"

# every member's trajectory, one line per (member, time): member k t phi1 w2
trajectory_rows "$dir" > "$work/all.txt"

awk -v stats="$dir/stats.csv" -v members="$dir/members.csv" '
  function abs(x) { return x < 0 ? -x : x }
  function rel(a, b) { return abs(a - b) / (abs(b) > 1e-300 ? abs(b) : 1e-300) }
  # type-7 quantile of the sorted values v[1..n]
  function quant(v, n, p,    h, lo) {
    h = (n - 1) * p; lo = int(h)
    return lo + 1 >= n ? v[n] : v[lo + 1] + (h - lo) * (v[lo + 2] - v[lo + 1])
  }
  BEGIN {
    FS = ","
    while ((getline line < members) > 0) {
      if (++row == 1) continue
      split(line, c, ","); ok[c[1]] = c[8] == "ok"; nok += ok[c[1]]
      qmax[c[1]] = c[4]; qmean[c[1]] = c[5]; qcross[c[1]] = c[6]; qfinal[c[1]] = c[7]
    }
    FS = " "
  }
  # trajectories: member k, point j, time, phi1, w2
  ok[$1] {
    n[$2]++; x[$2, 1, n[$2]] = $4; x[$2, 2, n[$2]] = $5; t[$2] = $3
    # the quantities of interest, recomputed in time order as the kernel does
    m = $1
    if ($2 == 0) { mx[m] = abs($5); sum[m] = 0; cr[m] = "nan" }
    else {
      if (abs($5) > mx[m]) mx[m] = abs($5)
      sum[m] += 0.5 * (pw[m] + $5) * ($3 - pt[m])
      if (cr[m] == "nan" && pp[m] < 0 && $4 >= 0) cr[m] = pt[m] + (0 - pp[m]) / ($4 - pp[m]) * ($3 - pt[m])
    }
    pw[m] = $5; pp[m] = $4; pt[m] = $3; fin[m] = $4
  }
  END {
    bad = 0
    for (m in mx) {
      if (mx[m] != qmax[m]) { print "max(abs(w2)) of member " m ": " mx[m] " vs " qmax[m]; bad++ }
      if (rel(sum[m] / 2, qmean[m]) > 1e-14) { print "mean(w2) of member " m; bad++ }
      if (cr[m] == "nan" ? qcross[m] != "nan" : rel(cr[m], qcross[m]) > 1e-14) {
        print "cross_up of member " m ": " cr[m] " vs " qcross[m]; bad++
      }
      if (fin[m] != qfinal[m]) { print "final of member " m; bad++ }
    }
    # stats.csv: time, signal, n, mean, std, min, max, q05, q25, q50, q75, q95, q_resolution
    row = 0; FS = ","
    while ((getline line < stats) > 0) {
      if (++row == 1) continue
      split(line, c, ","); j = int((row - 2) / 2); s = (row - 2) % 2 + 1
      cnt = n[j]
      if (c[3] != cnt || c[3] != nok) { print "n at point " j ": " c[3] " vs " cnt; bad++; continue }
      for (i = 1; i <= cnt; i++) v[i] = x[j, s, i]
      # insertion sort, then the two-pass moments
      for (i = 2; i <= cnt; i++) { y = v[i]; for (k = i - 1; k >= 1 && v[k] > y; k--) v[k + 1] = v[k]; v[k + 1] = y }
      mean = 0; for (i = 1; i <= cnt; i++) mean += v[i]; mean /= cnt
      ss = 0; for (i = 1; i <= cnt; i++) ss += (v[i] - mean) ^ 2; sd = sqrt(ss / (cnt - 1))
      if (rel(c[4], mean) > 1e-13 && abs(c[4] - mean) > 1e-15) { print "mean " j "," s ": " c[4] " vs " mean; bad++ }
      if (rel(c[5], sd) > 1e-12) { print "std " j "," s ": " c[5] " vs " sd; bad++ }
      if (c[6] != v[1] || c[7] != v[cnt]) { print "min/max " j "," s; bad++ }
      split("0.05 0.25 0.5 0.75 0.95", p, " ")
      for (q = 1; q <= 5; q++) {
        e = quant(v, cnt, p[q]); h = (cnt - 1) * p[q]; lo = int(h)
        scale = abs(v[lo + 1]) > abs(v[lo + 2 <= cnt ? lo + 2 : cnt]) ? abs(v[lo + 1]) : abs(v[lo + 2 <= cnt ? lo + 2 : cnt])
        if (abs(c[7 + q] - e) > c[13] * scale * 1.000001 + 1e-300) {
          print "q" p[q] " at " j "," s ": " c[7 + q] " vs " e " (resolution " c[13] ")"; bad++
        }
      }
      checked++
    }
    if (checked != 2 * 41) { print "checked " checked " rows, expected 82"; bad++ }
    exit bad > 0
  }' "$work/all.txt" || fail "stats.csv or members.csv disagree with the two-pass computation"

# ---- 2. failing members ------------------------------------------------------------------------
common="-n 60 --seed 11 --backend openmp --stop-time 2 --interval 0.1 --max-steps 4000"
out=$("$mbens" run "$model" -o "$work/failing" $common \
  --vary 'revolute1.phi.start=normal(0.5,0.3)' --vary 'revolute1.w.start=discrete(0,1e5)' \
  --qoi 'max(abs(revolute2.phi))' 2>&1)
rc=$?
[ "$rc" -eq 3 ] || fail "a study with failing members exited $rc, expected 3"
printf '%s' "$out" | grep -Eq "[0-9]+ failed: " || fail "the summary does not say what failed: $out"
"$mbens" run "$model" -o "$work/healthy" $common --quiet \
  --vary 'revolute1.phi.start=normal(0.5,0.3)' --vary 'revolute1.w.start=const(0)' \
  --qoi 'max(abs(revolute2.phi))' || fail "the healthy study exited $?"
awk -F, 'NR == FNR { if (FNR > 1) row[$1] = $0; next }
  FNR > 1 && $(NF - 2) != "" && $(NF - 3) == "ok" { ok++; if (row[$1] != $0) { print "member " $1 " changed"; bad++ } }
  FNR > 1 && $(NF - 3) != "ok" { failed++; if ($4 != "nan") { print "member " $1 ": a value"; bad++ } }
  END { if (ok < 10 || failed < 10) { print "ok " ok ", failed " failed; bad++ } exit bad > 0 }' \
  "$work/healthy/members.csv" "$work/failing/members.csv" ||
  fail "failing members disturbed the others (or too few of either)"

# ---- 3. nothing varied -------------------------------------------------------------------------
grid="--backend openmp --stop-time 1 --interval 0.1"
"$mbens" run "$model" -o "$work/plain" -n 3 $grid --quiet --signals revolute1.phi \
  --save-members 0-2 --save-signals revolute1.phi,revolute2.w --save-format csv ||
  fail "the study without varied parameters exited $?"
"$mbens" simulate "$model" -o "$work/plain.csv" $grid --signals revolute1.phi,revolute2.w ||
  fail "mbens simulate exited $?"
for k in 0 1 2; do
  cmp -s "$work/plain.csv" "$work/plain/trajectories/member_$k.csv" ||
    fail "member $k of a study that varies nothing is not the simulated model"
done
awk -F, 'NR > 1 && ($5 != 0 || $6 != $7) { bad++ } END { exit bad > 0 }' "$work/plain/stats.csv" ||
  fail "identical members have a spread in stats.csv"

finish "independent checks pass"
