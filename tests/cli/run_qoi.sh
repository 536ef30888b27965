#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# run_qoi.sh MBENS MSL_DIR WORK DATA_DIR: quantities of interest written as expressions.
# 1. A 1 s oscillator released from rest at s = 0.1 m against its closed form: crossings of a
#    signal that starts on the level, extremes and their times, rms, energy, parameters.
# 2. The double pendulum: expression quantities recomputed in awk from every member's saved
#    trajectory, the same arithmetic in the same order (a second implementation).
# 3. What a user gets wrong: the message points at the column.
. "$(dirname "$0")/run_lib.sh"
data=$4

# ---- 1. the oscillator against its closed form -----------------------------------------------
dir=$work/osc
"$mbens" run "$data/oscillator.mo" -o "$dir" -n 1 --backend openmp --quiet \
  --qoi 'cross_up(slider.v, 0)' --qoi 'cross_down(slider.v,0)' --qoi 'cross(slider.v,0)' \
  --qoi 'cross_down(slider.s,0)' --qoi 'cross_up(slider.s, 0)' --qoi 'time_at_min(slider.s)' \
  --qoi 'time_at_max(slider.s)' --qoi 'rms(slider.s)' --qoi 'max(slider.s) - min(slider.s)' \
  --qoi 'final(0.5*body.m*slider.v^2 + 0.5*spring.c*slider.s^2)' --qoi 'cross(slider.s, 0.1)' \
  --qoi 'initial(slider.s) * spring.c' --qoi 'mean(slider.s)' ||
  fail "the oscillator study exited $?"
# v starts at 0 and falls first: it crosses 0 upwards at T/2, downwards at T; s crosses 0 down
# at T/4 and up at 3T/4; |s| = 0.1 is touched, never crossed; rms = 0.1/sqrt(2); energy c/200
awk -F, 'NR == 2 {
    split("0.5 1 0.5 0.25 0.75 0.5 0 0.0707106781186548 0.2 0.197392088021787 nan 3.94784176043574 0", want, " ")
    for (i = 1; i <= 13; i++) {
      got = $(i + 1)
      if (want[i] == "nan") { if (got != "nan") { print "quantity " i ": " got ", expected nan"; bad++ } }
      else if ((got - want[i]) ^ 2 > 1e-10) { print "quantity " i ": " got ", expected " want[i]; bad++ }
    }
  }
  END { exit bad > 0 }' "$dir/members.csv" || fail "the oscillator's quantities are wrong"

# ---- 2. the double pendulum, recomputed ------------------------------------------------------
dir=$work/dp
"$mbens" run "$model" -o "$dir" -n 40 --seed 5 --backend openmp --quiet \
  --vary 'boxBody1.r[1]=uniform(0.4,0.6)' --vary 'revolute1.phi.start=uniform(0.2,1.2)' \
  --signals none --stop-time 2 --interval 0.01 \
  --qoi 'max(abs(revolute1.phi - revolute2.phi))' --qoi 'integral(revolute1.w * revolute1.phi)' \
  --qoi 'time_at_max(revolute2.phi)' --qoi 'rms(revolute1.w)' \
  --qoi 'max(revolute1.phi) - min(revolute1.phi)' --qoi 'final(revolute1.phi) / boxBody1.r[1]' \
  --qoi 'cross(revolute1.phi, revolute2.phi)' --qoi 'revolute1.phi.start' \
  --save-members 0-39 --save-signals revolute1.phi,revolute2.phi,revolute1.w --save-format csv ||
  fail "the double-pendulum study exited $?"
trajectory_rows "$dir" > "$work/dp.txt"
awk -v members="$dir/members.csv" '
  function abs(x) { return x < 0 ? -x : x }
  function near(a, b) { return a == b || abs(a - b) <= 1e-13 * abs(b) }
  BEGIN {
    FS = ","
    while ((getline line < members) > 0) {
      if (++row == 1) continue
      n = split(line, c, ","); r1[c[1]] = c[2]; phi0[c[1]] = c[3]
      for (i = 1; i <= 8; i++) q[c[1], i] = c[3 + i]
    }
    FS = " "
  }
  # member k, point j, time, phi1, phi2, w1
  {
    m = $1; t = $3; p1 = $4; p2 = $5; w = $6; d = p1 - p2; e = w * p1; s = w * w
    if ($2 == 0) {
      mx[m] = abs(d); ie[m] = 0; is[m] = 0; hi2[m] = p2; thi[m] = t; lo1[m] = p1; hi1[m] = p1
      side[m] = d > 0 ? 1 : d < 0 ? -1 : 0; on[m] = d == 0; ton[m] = t; cr[m] = "nan"; t0[m] = t
    } else {
      if (abs(d) > mx[m]) mx[m] = abs(d)
      ie[m] += 0.5 * (pe[m] + e) * (t - pt[m]); is[m] += 0.5 * (ps[m] + s) * (t - pt[m])
      if (p2 > hi2[m]) { hi2[m] = p2; thi[m] = t }
      if (p1 < lo1[m]) lo1[m] = p1
      if (p1 > hi1[m]) hi1[m] = p1
      if (cr[m] == "nan") {
        if (d == 0) { if (!on[m]) ton[m] = t; on[m] = 1 }
        else {
          sd = d > 0 ? 1 : -1
          if (side[m] != 0 && sd != side[m]) cr[m] = on[m] ? ton[m] : pt[m] + (0 - pd[m]) / (d - pd[m]) * (t - pt[m])
          side[m] = sd; on[m] = 0
        }
      }
    }
    pd[m] = d; pe[m] = e; ps[m] = s; pt[m] = t; fin[m] = p1
  }
  END {
    for (m in mx) {
      want[1] = mx[m]; want[2] = ie[m]; want[3] = thi[m]; want[4] = sqrt(is[m] / (pt[m] - t0[m]))
      want[5] = hi1[m] - lo1[m]; want[6] = fin[m] / r1[m]; want[7] = cr[m]; want[8] = phi0[m]
      for (i = 1; i <= 8; i++) {
        if (want[i] == "nan" ? q[m, i] != "nan" : !near(q[m, i], want[i])) {
          print "member " m ", quantity " i ": " q[m, i] " vs " want[i]; bad++
        }
      }
      checked++
    }
    if (checked != 40) { print "checked " checked " members"; bad++ }
    exit bad > 0
  }' "$work/dp.txt" || fail "expression quantities disagree with the recomputation"

# ---- 3. messages -------------------------------------------------------------------------------
out=$("$mbens" run "$model" -o "$work/refused" -n 2 --qoi 'max(abs(revolute1.phi)' 2>&1)
[ $? -eq 2 ] || fail "an unclosed quantity was not refused"
printf '%s\n' "$out" | grep -q "expected ')' to close 'max(' at column 1, found the end (column 23)" ||
  fail "the unclosed quantity's message: $out"
printf '%s\n' "$out" | grep -q '^                        \^$' || fail "no caret under column 23: $out"
out=$("$mbens" run "$model" -o "$work/refused" -n 2 --qoi 'final(revolute1.phi) / revolute2.w' 2>&1)
printf '%s\n' "$out" | grep -q "'revolute2.w' changes in time; say which of its values" ||
  fail "a signal outside an aggregate: $out"
out=$("$mbens" run "$model" -o "$work/refused" -n 2 --qoi 'max(mean(revolute1.phi))' 2>&1)
printf '%s\n' "$out" | grep -q "aggregates do not nest" || fail "nested aggregates: $out"

finish "quantities of interest pass"
