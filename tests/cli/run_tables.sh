#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# run_tables.sh MBENS MODELS WORK DATA: Blocks.Sources.CombiTimeTable and TimeTable against the
# interpolation they state, every 0.05 s over 3 s (1e-12):
# - tables.mo: linear segments with a repeated time (a jump: the later value from it on, either
#   value at its own instant, a time event), two
#   columns and their offsets, LastTwoPoints extrapolation on both sides; ConstantSegments with
#   startTime (offset alone before it, the table shifted by it); HoldLastPoint with timeScale;
#   a table read from a text file (tables.txt: comments, another matrix before it, separators);
#   ContinuousDerivative (Akima's spline) of t^2 at 0 .. 4 is t^2 itself (its slopes are then
#   exact: 1e-12), shifted by -0.5 s, and beyond the table the line of its end slope, 8;
# - tables_drive.mo: a free inertia moved by Position(exact=true) along a table follows it;
# - NoExtrapolation: the member stops where the time leaves the table (its values before are the
#   table's, those after NaN);
# - tables_time_table.mo, Blocks.Sources.TimeTable: offset 0.5 alone before startTime 0.5, then
#   the table shifted by it (a jump from 1 to 3 at 1.5, the last two points extrapolated); a
#   table without shift is 1 + 2 t; the integral of the first reaches 1.25 at 1.5 and 6.25 at
#   3.5 (1e-12: startTime and the knots are time events).
# - tables_periodic.mo, extrapolation = Periodic: linear (a jump inside the period, shifted and
#   started late) and constant segments follow the table period after period (1e-12 off the
#   knots) over 10 s, and their integrals reach the closed forms, 1.25 and 13.8 (1e-9: every
#   knot of every period is an event).
. "$(dirname "$0")/run_lib.sh"
data=$4
"$mbens" simulate "$data/tables.mo" -o "$work/t.csv" --stop-time 3 --interval 0.05 \
  --signals 'lin.y[1],lin.y[2],con.y[1],hold.y[1],file.y[1],akima.y[1]' || fail "simulate exited $?"
bad=$(awk -F, 'function a(x) { return x < 0 ? -x : x }
  function lerp(t, t0, y0, t1, y1) { return y0 + (y1 - y0) * (t - t0) / (t1 - t0) }
  NR > 1 && /nan|inf/ { print; exit }
  NR > 1 { t = $1
    l1 = t < 1 ? lerp(t, 0.5, 1, 1, 2) : lerp(t, 1, 4, 2, 2)
    l2 = t < 1 ? lerp(t, 0.5, 0, 1, 1) : lerp(t, 1, 1, 2, 0)
    u = t - 0.25; c = t < 0.25 ? 0 : u >= 2 ? 1 : u >= 1 ? 2 : 0
    if (u == 1 && $4 == 0) c = 0  # at a knot itself: the value before or after
    if (u == 2 && $4 == 2) c = 2
    h = t / 2 < 0.5 ? 1 : t / 2 > 1.5 ? 3 : lerp(t / 2, 0.5, 1, 1.5, 3)
    f = t < 1 ? lerp(t, 0, 0, 1, 1.5) : lerp(t, 1, 1.5, 2, 0.5)
    x = t + 0.5; k = x <= 4 ? x * x : 16 + 8 * (x - 4)
    if (t == 1 && a($2 - 2.5) < 1e-12) l1 = 2  # at the jump itself: the value before or after
    if (a($2 - l1 - 0.5) > 1e-12 || a($3 - l2 + 1) > 1e-12 || a($4 - c) > 1e-12 ||
        a($5 - h) > 1e-12 || a($6 - f) > 1e-12 || a($7 - k) > 1e-12 * (1 + k)) {
      print t, $2 - l1 - 0.5, $3 - l2 + 1, $4 - c, $5 - h, $6 - f, $7 - k; exit }
    n++ }
  END { if (n < 60) print "rows", n }' "$work/t.csv")
[ -z "$bad" ] || fail "a table leaves its interpolation (t, lin1, lin2, con, hold, file, akima): $bad"
"$mbens" simulate "$data/tables_drive.mo" -o "$work/d.csv" --stop-time 3 --interval 0.05 \
  --signals 'inertia.phi' || fail "simulate (drive) exited $?"
bad=$(awk -F, 'function a(x) { return x < 0 ? -x : x }
  NR > 1 && /nan|inf/ { print; exit }
  NR > 1 { t = $1; p = t < 1 ? t : t < 2 ? 1 - 0.5 * (t - 1) : 0.5
    if (a($2 - p) > 1e-12) { print t, $2 - p; exit }
    n++ }
  END { if (n < 60) print "rows", n }' "$work/d.csv")
[ -z "$bad" ] || fail "the inertia leaves its trajectory (t, dphi): $bad"
sed 's/extrapolation=Modelica.Blocks.Types.Extrapolation.HoldLastPoint/extrapolation=Modelica.Blocks.Types.Extrapolation.NoExtrapolation/' \
  "$data/tables_drive.mo" >"$work/noex.mo"
"$mbens" simulate "$work/noex.mo" -o "$work/n.csv" --stop-time 3 --interval 0.05 \
  --signals 'inertia.phi' 2>"$work/n.err"
grep -q 'newton-fail' "$work/n.err" || fail "NoExtrapolation: no stop reported: $(cat "$work/n.err")"
bad=$(awk -F, 'NR > 1 && $1 <= 1.95 && $2 !~ /^-?[0-9]/ { print "early", $1; exit }
  NR > 1 && $1 > 2.05 && $2 != "nan" { print "late", $1, $2; exit }' "$work/n.csv")
[ -z "$bad" ] || fail "NoExtrapolation: the member does not stop where the table ends: $bad"
"$mbens" simulate "$data/tables_time_table.mo" -o "$work/tt.csv" --stop-time 3.5 --interval 0.05 \
  --signals 'a.y,b.y,i.y' || fail "simulate (TimeTable) exited $?"
bad=$(awk -F, 'function a(x) { return x < 0 ? -x : x }
  NR > 1 { t = $1; u = t - 0.5
    y = t < 0.5 ? 0.5 : u < 1 ? 0.5 + u : 0.5 + 3 - (u - 1)
    if (a(u - 1) > 1e-9 && a($2 - y) > 1e-12) { print t, $2, y; exit }
    if (a($3 - 1 - 2 * t) > 1e-12) { print t, $3; exit }
    if (a(t - 1.5) < 1e-9 && a($4 - 1.25) > 1e-12) { print t, $4; exit }
    n++; last = $4 }
  END { if (n < 70) print "rows", n; else if (a(last - 6.25) > 1e-12) print "integral", last }' \
  "$work/tt.csv") || fail "awk failed"
[ -z "$bad" ] || fail "TimeTable (t, value): $bad"
"$mbens" simulate "$data/tables_periodic.mo" -o "$work/tp.csv" --stop-time 10.3 --interval 0.05 \
  --tolerance 1e-10 --signals 'tab.y[1],tabc.y[1],i1.y,i2.y' || fail "simulate (Periodic) exited $?"
bad=$(awk -F, 'function a(x) { return x < 0 ? -x : x }
  function ph(x, T) { return x - T * int(x / T) }
  function knot(x, T, k) { k = ph(x, T); return k < 1e-9 || T - k < 1e-9 }
  NR > 1 && /nan|inf/ { print; exit }
  NR > 1 { t = $1; u = ph(t - 0.1, 2); v = ph(t, 1.5)
    y = t < 0.3 ? 0 : u < 0.5 ? 2 * u : u < 1 ? 1 : -1 + (u - 1)
    c = v < 0.5 ? 2 : 1
    if (!knot(t - 0.1, 2) && !knot(t - 1.1, 2) && a($2 - y) > 1e-12) { print t, $2, y; exit }
    if (!knot(t, 1.5) && !knot(t - 0.5, 1.5) && a($3 - c) > 1e-12) { print t, $3, c; exit }
    n++; i1 = $4; i2 = $5 }
  END { if (n < 200) print "rows", n
    else if (a(i1 - 1.25) > 1e-9 || a(i2 - 13.8) > 1e-9) print "integrals", i1, i2 }' \
  "$work/tp.csv") || fail "awk failed"
[ -z "$bad" ] || fail "Periodic tables (t, value, table): $bad"
finish "run_tables: CombiTimeTable and TimeTable interpolate, extrapolate, read files and drive a shaft"
