#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# run_fit.sh MBENS MODELS WORK: mbens fit on synthetic measurements of the MSL double pendulum.
# The truth (damper.d = 0.3, boxBody2.r[1] = 0.45) simulated for 2 s on a 20 ms grid, both
# angles with Gaussian noise of sd 0.01 (awk's generator, 40 seeds); each fit starts from the
# model's values (0.1, 0.5). Checked: the 95 % intervals cover the truth in at least 34 of 40
# fits for each parameter (expected 38; the binomial tail below 34 is about 1 %), the estimates
# average to the truth within 3 standard errors of a mean, the residual sd is the noise's (0.01
# within 10 %); best.txt and parameters.csv; data with a missing value and on a subset of the
# grid; the errors of bad data and options.
. "$(dirname "$0")/run_lib.sh"
printf 'damper.d=0.3\nboxBody2.r[1]=0.45\n' >"$work/truth.txt"
"$mbens" simulate "$model" --override "@$work/truth.txt" --signals revolute1.phi,revolute2.phi \
  --stop-time 2 --interval 0.02 --tolerance 1e-12 -o "$work/clean.csv" ||
  fail "simulate of the truth exited $?"
noisy() {  # SEED: the clean data with noise of sd 0.01 (Box-Muller)
  awk -F, -v seed="$1" 'BEGIN { srand(seed) } NR == 1 { print; next } {
    u1 = rand(); u2 = rand(); r = sqrt(-2 * log(1 - u1))
    printf "%.17g,%.17g,%.17g\n", $1, $2 + 0.01 * r * cos(6.283185307179586 * u2),
      $3 + 0.01 * r * sin(6.283185307179586 * u2) }' "$work/clean.csv"
}
: >"$work/estimates.txt"
seed=1
while [ $seed -le 40 ]; do
  noisy $seed >"$work/data.csv"
  "$mbens" fit "$model" "$work/data.csv" --estimate damper.d --estimate 'boxBody2.r[1]' \
    -o "$work/fit" >"$work/fit.txt" || fail "fit (seed $seed) exited $?"
  sd=$(sed -n 's/.*residual sd \([^ ]*\)$/\1/p' "$work/fit.txt")
  awk -F, -v sd="$sd" 'NR > 1 { printf "%s %s %s %s %s ", $1, $2, $3, $4, $5 } END { print sd }' \
    "$work/fit/parameters.csv" >>"$work/estimates.txt"
  seed=$((seed + 1))
done
awk '{
  n++
  d += $2; r += $7; sd += $11; se_d += $3; se_r += $8
  cd += ($4 <= 0.3 && 0.3 <= $5); cr += ($9 <= 0.45 && 0.45 <= $10)
} END {
  printf "coverage: damper.d %d/40, boxBody2.r[1] %d/40; means %.6f (se %.2g), %.6f (se %.2g);", cd, cr, d / n, se_d / n, r / n, se_r / n
  printf " residual sd %.5f\n", sd / n
  bad = cd < 34 || cr < 34
  bad = bad || (d / n - 0.3) ^ 2 > (3 * se_d / n / sqrt(n)) ^ 2 || (r / n - 0.45) ^ 2 > (3 * se_r / n / sqrt(n)) ^ 2
  bad = bad || sd / n < 0.009 || sd / n > 0.011
  exit bad
}' "$work/estimates.txt" || fail "the intervals or the estimates are off (above)"
grep -q '^damper.d=0\.' "$work/fit/best.txt" || fail "best.txt lacks damper.d"
"$mbens" simulate "$model" --override "@$work/fit/best.txt" --stop-time 2 -o "$work/check.csv" \
  --signals revolute2.phi || fail "simulate --override @best.txt exited $?"

# a missing value and every other grid point
noisy 5 | awk -F, 'NR == 1 || NR % 2 == 0 { if (NR == 10) $2 = "nan"; print }' OFS=, \
  >"$work/sparse.csv"
"$mbens" fit "$model" "$work/sparse.csv" --estimate damper.d=0.2 >"$work/sparse.txt" ||
  fail "fit of sparse data exited $?"
grep -q '^101 data values' "$work/sparse.txt" || fail "sparse data: $(head -2 "$work/sparse.txt")"

# a start value named in the other form --vary takes (r_0.start[3] for r_0[3].start) starts
# from the model's value: a body thrown up from 1 m, its height measured, its start recovered
cat >"$work/Throw.mo" <<'MO'
model Throw
  inner Modelica.Mechanics.MultiBody.World world(n = {0, 0, -1});
  Modelica.Mechanics.MultiBody.Parts.Body body(m = 1, r_CM = {0, 0, 0},
    r_0(start = {0, 0, 1}, each fixed = true), v_0(start = {1, 0, 2}, each fixed = true));
end Throw;
MO
"$mbens" simulate "$work/Throw.mo" --signals 'body.r_0[3]' --stop-time 0.5 --interval 0.05 \
  --override 'body.r_0[3].start=1.25' -o "$work/throw.csv" || fail "simulate Throw exited $?"
"$mbens" fit "$work/Throw.mo" "$work/throw.csv" --estimate 'body.r_0.start[3]' >"$work/throw.txt" ||
  fail "fit of a start in the r_0.start[3] form exited $?: $(cat "$work/throw.txt")"
awk '$1 == "body.r_0.start[3]" { ok = ($2 - 1.25)^2 < 1e-16 && $NF == "1)" } END { exit !ok }' \
  "$work/throw.txt" ||
  fail "the thrown body's start: $(grep start "$work/throw.txt")"

# errors
expect_usage() {
  what=$1
  shift
  "$mbens" fit "$model" "$@" >/dev/null 2>"$work/err.txt"
  rc=$?
  [ $rc -eq 2 ] && grep -q -- "$what" "$work/err.txt" ||
    fail "fit $*: exit $rc, $(cat "$work/err.txt")"
}
awk -F, 'NR == 3 { $1 = $1 + 0.005 } { print }' OFS=, "$work/sparse.csv" >"$work/offgrid.csv"
expect_usage "uniform grid" "$work/offgrid.csv" --estimate damper.d
sed '1s/revolute2.phi/revolute2.ph/' "$work/sparse.csv" >"$work/badname.csv"
expect_usage "did you mean 'revolute2.phi'" "$work/badname.csv" --estimate damper.d
expect_usage "nothing to estimate" "$work/sparse.csv"
expect_usage "the data's times set" "$work/sparse.csv" --estimate damper.d --stop-time 3
expect_usage "no data given" --estimate damper.d
expect_usage "is outside the min = 0" "$work/sparse.csv" --estimate damper.d=-1
finish "fit: the truth within the intervals, the noise's sd, the errors named"
