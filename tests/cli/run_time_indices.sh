#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# run_time_indices.sh MBENS MODELS WORK DATA: time-resolved Sobol' indices of a Saltelli run.
# - The double pendulum with three varied parameters (-n 32: 32 blocks of 8 members) writes
#   sobol_time.csv: S1 and ST of revolute1.phi and revolute2.phi at each of the 11 output times
#   for each parameter. They equal SALib's estimators computed here (awk, in double) from the
#   saved trajectories of all 256 members at each time, to 1e-11 (NaN where the outputs do not
#   vary), and at the final time the indices `mbens analyze` finds for final(revolute2.phi).
# - The same bytes (sobol_time.csv and stats.csv) with batches of 3 blocks, with one block per
#   batch, on OpenCL (PoCL here), in three shards merged, and after a Ctrl-C and --resume.
# - --first-order-only (blocks of 5) agrees with its own trajectories too; --no-time-indices
#   writes no sobol_time.csv and the same stats.csv; --no-time-indices without saltelli or
#   without signals, and a memory limit the sums do not fit, are refused (the last naming
#   --no-time-indices).
# - mbens plot draws each signal's indices over time (the stacked first-order indices above, the
#   total indices below): its data holds the 11 times with S1 and ST as in sobol_time.csv, and
#   with gnuplot the PNG.
. "$(dirname "$0")/run_lib.sh"
vary="--vary damper.d=uniform(0.05,0.5) --vary boxBody1.r[1]=uniform(0.4,0.6)"
vary="$vary --vary revolute1.phi.start=uniform(0.2,0.8)"
settings="--stop-time 1 --interval 0.1 --method rk4 --step 2e-4 --signals revolute1.phi,revolute2.phi"
study() {
  sdir=$1
  shift
  # shellcheck disable=SC2086 # $vary, $settings: words without spaces
  ${EXEC:-} "$mbens" run "$model" -o "$sdir" -n 32 --sampler saltelli $vary $settings --quiet "$@"
}

# indices from saved trajectories: block size B; prints "time signal param S1 ST" per row
from_trajectories() {
  trajectory_rows "$1" | awk -v B="$2" '
    { k = $1; j = $2; t[j] = $3; y[j, 1, k] = $4; y[j, 2, k] = $5; if (k + 1 > n) n = k + 1
      if (j + 1 > nt) nt = j + 1 }
    END {
      nb = n / B; split("revolute1.phi revolute2.phi", sig, " ")
      split("damper.d boxBody1.r[1] revolute1.phi.start", par, " ")
      for (j = 0; j < nt; j++) for (s = 1; s <= 2; s++) {
        m = 0; for (k = 0; k < n; k++) m += y[j, s, k]; m /= n
        mu = 0; for (b = 0; b < nb; b++) mu += y[j, s, b * B] + y[j, s, b * B + B - 1]
        mu = mu / (2 * nb) - m; v = 0
        for (b = 0; b < nb; b++) { ea = y[j, s, b * B] - m - mu; eb = y[j, s, b * B + B - 1] - m - mu
          v += ea * ea + eb * eb }
        v /= 2 * nb
        for (i = 1; i <= 3; i++) { f = 0; g = 0
          for (b = 0; b < nb; b++) { a = y[j, s, b * B] - m; bb = y[j, s, b * B + B - 1] - m
            x = y[j, s, b * B + i] - m; f += bb * (x - a); g += (a - x) * (a - x) }
          if (v > 0) printf "%.17g %s %s %.17g %.17g\n", t[j], sig[s], par[i], f / nb / v, g / nb / v / 2
          else printf "%.17g %s %s nan nan\n", t[j], sig[s], par[i] } } }'
}

# compare sobol_time.csv of DIR with the trajectories' indices (block size B)
agrees() {
  from_trajectories "$1" "$2" >"$work/ref.txt"
  bad=$(awk -F, 'function a(x) { return x < 0 ? -x : x }
    NR == FNR { split($0, f, " "); key = f[2] " " f[3] " " sprintf("%.6f", f[1])
      s1[key] = f[4]; st[key] = f[5]; next }
    FNR == 1 { next }
    { key = $2 " " $3 " " sprintf("%.6f", $1); rows++
      if (!(key in s1)) { print "no reference for", key; next }
      if (s1[key] == "nan") { if ($4 != "nan" || $5 != "nan") print key, $4, $5, "not nan"; next }
      if (a($4 - s1[key]) > 1e-11 || a($5 - st[key]) > 1e-11) print key, $4, s1[key], $5, st[key] }
    END { if (rows != 66) print rows, "rows, not 66" }' "$work/ref.txt" "$1/sobol_time.csv")
  [ -z "$bad" ] || fail "$1: sobol_time.csv leaves the trajectories' indices: $bad"
}

# ---- the indices -----------------------------------------------------------------------------------
study "$work/plain" --save-members 0-255 --save-format csv --qoi 'final(revolute2.phi)' ||
  fail "run exited $?"
[ -f "$work/plain/sobol_time.csv" ] || fail "no sobol_time.csv"
head -1 "$work/plain/sobol_time.csv" | grep -qx 'time,signal,parameter,S1,ST,blocks' ||
  fail "sobol_time.csv header: $(head -1 "$work/plain/sobol_time.csv")"
agrees "$work/plain" 8
grep -q '"time_indices": true' "$work/plain/manifest.json" || fail "the manifest does not say so"
# at t = 1 the indices of final(revolute2.phi)
"$mbens" analyze "$work/plain" --quiet || fail "analyze exited $?"
bad=$(awk -F, 'function a(x) { return x < 0 ? -x : x }
  NR == FNR { if (FNR > 1) { s1[$2] = $3; st[$2] = $5 }; next }
  $1 == 1 && $2 == "revolute2.phi" { n++; if (a($4 - s1[$3]) > 1e-12 || a($5 - st[$3]) > 1e-12)
      print $3, $4, s1[$3], $5, st[$3] }
  END { if (n != 3) print n, "rows at t = 1" }' "$work/plain/sobol.csv" "$work/plain/sobol_time.csv")
[ -z "$bad" ] || fail "the final indices differ from analyze's: $bad"

# ---- the same bytes everywhere ---------------------------------------------------------------------
same() {
  for f in sobol_time.csv stats.csv; do
    cmp -s "$work/plain/$f" "$2/$f" || fail "$1: $f differs"
  done
}
study "$work/b24" --batch-size 24 --threads 2 || fail "batch 24 exited $?"
same "batches of 3 blocks" "$work/b24"
study "$work/b1" --batch-size 8 --threads 1 || fail "batch 8 exited $?"
same "one block a batch" "$work/b1"
if "$mbens" devices | grep -q '^OpenCL platform'; then
  study "$work/cl" --backend opencl || fail "opencl exited $?"
  same "OpenCL" "$work/cl"
fi
for k in 0 1 2; do
  study "$work/s$k" --shard "$k/3" || fail "shard $k exited $?"
done
"$mbens" merge "$work/s0" "$work/s1" "$work/s2" -o "$work/merged" >/dev/null || fail "merge exited $?"
same "three shards merged" "$work/merged"
# interrupted after some batches, resumed with other batches
(EXEC=exec study "$work/stop" --threads 1 --batch-size 8) &
pid=$!
tries=0
while [ "$tries" -lt 300 ] && [ "$(cat "$work/stop/members.csv" 2>/dev/null | wc -l)" -lt 60 ]; do
  sleep 0.05
  tries=$((tries + 1))
done
kill -s INT "$pid" 2>/dev/null
wait "$pid"
[ "$(($(wc -l <"$work/stop/members.csv") - 1))" -lt 256 ] || fail "the stop came too late"
"$mbens" run --resume "$work/stop" --batch-size 40 --quiet || fail "resume exited $?"
same "interrupted and resumed" "$work/stop"

# ---- layouts and refusals --------------------------------------------------------------------------
study "$work/fo" --first-order-only --save-members 0-159 --save-format csv ||
  fail "first order exited $?"
agrees "$work/fo" 5
study "$work/off" --no-time-indices || fail "--no-time-indices exited $?"
[ ! -e "$work/off/sobol_time.csv" ] || fail "--no-time-indices wrote sobol_time.csv"
cmp -s "$work/plain/stats.csv" "$work/off/stats.csv" || fail "--no-time-indices changed stats.csv"
# shellcheck disable=SC2086
out=$("$mbens" run "$model" -o "$work/mc" -n 10 $vary --no-time-indices 2>&1)
[ $? -eq 2 ] && printf '%s' "$out" | grep -q "other designs have no time-resolved indices" ||
  fail "--no-time-indices without saltelli: $out"
out=$(study "$work/nosig" --no-time-indices --signals none --qoi 'final(revolute1.phi)' 2>&1)
[ $? -eq 2 ] && printf '%s' "$out" | grep -q "this run keeps no signals" ||
  fail "--no-time-indices without signals: $out"
out=$(study "$work/tight" --interval 0.0005 --max-memory 40M 2>&1)
[ $? -eq 2 ] && printf '%s' "$out" | grep -q -- "--no-time-indices" ||
  fail "a memory limit the sums exceed: $out"

# ---- the picture -----------------------------------------------------------------------------------
"$mbens" plot "$work/plain" >/dev/null || fail "plot exited $?"
dat="$work/plain/plots/sobol_time_revolute2.phi.dat"
[ -f "$dat" ] && [ -f "${dat%.dat}.gp" ] || fail "plot: no sobol_time_revolute2.phi.dat/.gp"
bad=$(awk -F, 'function a(x) { return x < 0 ? -x : x }
  NR == FNR { if (FNR > 1 && $2 == "revolute2.phi") { s1[sprintf("%.6f", $1), $3] = $4
      st[sprintf("%.6f", $1), $3] = $5 }; next }
  /^#/ { next }
  { split($0, f, " "); k = sprintf("%.6f", f[1]); n++
    split("damper.d boxBody1.r[1] revolute1.phi.start", p, " ")
    for (i = 1; i <= 3; i++) { e1 = s1[k, p[i]]; et = st[k, p[i]]
      if (e1 == "nan") { if (f[1 + i] != "NaN") print k, p[i], f[1 + i]; continue }
      if (a(f[1 + i] - e1) > 1e-9 || a(f[4 + i] - et) > 1e-9) print k, p[i], f[1 + i], e1 } }
  END { if (n != 11) print n, "times" }' "$work/plain/sobol_time.csv" "$dat")
[ -z "$bad" ] || fail "the picture's data is not sobol_time.csv's: $bad"
if command -v gnuplot >/dev/null; then
  head -c 4 "${dat%.dat}.png" | od -c | grep -q "P   N   G" || fail "sobol_time picture: no PNG"
fi

finish "time-resolved indices"
