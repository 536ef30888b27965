#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# run_optimize.sh MBENS MODELS WORK DATA EXAMPLES: mbens optimize against known optima.
# - models/examples/SpringDamperOptimum.mo: the integral of s^2 of a mass released from rest is
#   d/(2c) + m/(2d), least (1) at d = sqrt(c m) = 1 (Lyapunov); found to 1e-4 (maximizing its
#   negative too). With an undershoot of at most 5 % (min(s) >= -0.05) the optimum moves to the
#   constraint: damping ratio -ln(0.05)/sqrt(pi^2 + ln(0.05)^2), d = 1.3802134611; found to 1e-4,
#   feasible, and mbens simulate --override @best.txt shows the undershoot at the bound.
# - the same seed gives the same history, byte for byte; another seed another search;
# - models/examples/ArmReach.mo, 10 parameters (5 start angles, 5 dampings), the tip at t = 1
#   through a point: optimize beats mbens run's random search of the same budget 100-fold;
# - usage errors: no objective, a distribution other than a box, a constraint without <=.
. "$(dirname "$0")/run_lib.sh"
ex=$5
spring=$ex/SpringDamperOptimum.mo
J='integral(slider.s^2)'
box='springDamper.d=uniform(0.1,10)'

# best.txt's value of NAME in DIR
best() { sed -n "s/^$2=//p" "$1/best.txt"; }
near() { awk -v a="$1" -v b="$2" -v t="$3" 'BEGIN { d = a - b; exit !(d <= t && -d <= t) }'; }

"$mbens" optimize "$spring" --vary "$box" --minimize "$J" -o "$work/o1" --quiet >"$work/o1.txt" ||
  fail "optimize exited $?"
d=$(best "$work/o1" springDamper.d)
near "$d" 1 1e-4 || fail "the unconstrained optimum d = $d, not 1"
f=$(sed -n 's/^# mbens optimize: minimize .* = \([^ ]*\) (feasible).*/\1/p' "$work/o1/best.txt")
near "$f" 1 1e-6 || fail "the least integral $f, not 1"
"$mbens" optimize "$spring" --vary "$box" --maximize "-$J" -o "$work/o1max" --quiet >/dev/null ||
  fail "optimize --maximize exited $?"
near "$(best "$work/o1max" springDamper.d)" 1 1e-4 || fail "maximizing -J: not d = 1"

"$mbens" optimize "$spring" --vary "$box" --minimize "$J" --subject-to 'min(slider.s) >= -0.05' \
  -o "$work/o2" --quiet >"$work/o2.txt" || fail "optimize with a constraint exited $?"
d=$(best "$work/o2" springDamper.d)
near "$d" 1.3802134611 1e-4 || fail "the constrained optimum d = $d, not 1.3802134611"
grep -q '(feasible)' "$work/o2/best.txt" || fail "the constrained optimum is not feasible"
"$mbens" simulate "$spring" --override "@$work/o2/best.txt" --signals slider.s -o "$work/s.csv" ||
  fail "simulate --override @best.txt exited $?"
m=$(awk -F, 'NR > 1 && (m == "" || $2 < m) { m = $2 } END { printf "%.12g", m }' "$work/s.csv")
near "$m" -0.05 1e-6 || fail "simulate of best.txt undershoots to $m, not -0.05"
awk -F, 'NR > 1 && $3 > n { n = $3 } END { exit !(n <= 800) }' "$work/o2/history.csv" ||
  fail "more evaluations than the default budget 800"

# reproducible by seed
for s in 1 1 2; do
  "$mbens" optimize "$spring" --vary "$box" --minimize "$J" --budget 200 --seed $s \
    -o "$work/seed$s-$$" --quiet >/dev/null || fail "optimize --seed $s exited $?"
done

"$mbens" optimize "$spring" --vary "$box" --minimize "$J" --budget 200 --seed 1 -o "$work/again" \
  --quiet >/dev/null
cmp -s "$work/seed1-$$/history.csv" "$work/again/history.csv" ||
  fail "the same seed gave another history"
cmp -s "$work/seed1-$$/history.csv" "$work/seed2-$$/history.csv" &&
  fail "seeds 1 and 2 gave the same history"

# ten parameters: CMA-ES against random search of the same budget
vary=""
for i in 1 2 3 4 5; do
  vary="$vary --vary link$i.phi0=uniform(-1.5,1.5) --vary link$i.d=uniform(0.01,2)"
done
Q='(final(link5.frame_b.r_0[1])-0.6)^2+(final(link5.frame_b.r_0[2])+1.2)^2'
# shellcheck disable=SC2086
"$mbens" optimize "$ex/ArmReach.mo" $vary --minimize "$Q" --budget 2000 -o "$work/arm" --quiet \
  >/dev/null || fail "optimize of the arm exited $?"
# shellcheck disable=SC2086
"$mbens" run "$ex/ArmReach.mo" $vary --qoi "$Q" -n 2000 --seed 1 --signals none -o "$work/rs" \
  --quiet || fail "random search exited $?"
cma=$(sed -n 's/^# mbens optimize: minimize .* = \([^ ]*\) (feasible).*/\1/p' "$work/arm/best.txt")
rnd=$(awk -F, 'NR > 1 && (m == "" || $12 < m) { m = $12 } END { print m }' "$work/rs/members.csv")
echo "arm: CMA-ES $cma, random search $rnd (2000 members each)"
awk -v a="$cma" -v b="$rnd" 'BEGIN { exit !(a < b / 100) }' ||
  fail "CMA-ES ($cma) did not beat random search ($rnd) 100-fold"

# usage errors
expect_usage() {
  what=$1
  shift
  "$mbens" optimize "$spring" -o "$work/bad" "$@" >/dev/null 2>"$work/err.txt"
  rc=$?
  [ $rc -eq 2 ] && grep -q -- "$what" "$work/err.txt" ||
    fail "optimize $*: exit $rc, $(cat "$work/err.txt")"
}
expect_usage "no objective" --vary "$box"
expect_usage "searches a box" --vary 'springDamper.d=normal(1,0.1)' --minimize "$J"
expect_usage "has no <= or >=" --vary "$box" --minimize "$J" --subject-to 'min(slider.s)'
expect_usage "did you mean" --vary 'springDamper.dd=uniform(0.1,1)' --minimize "$J"
finish "optimize: the known optima, reproducible by seed, better than random search"
