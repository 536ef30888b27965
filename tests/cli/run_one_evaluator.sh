#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# run_one_evaluator.sh MBENS MODELS WORK DATA: one evaluator of parameter expressions. A value
# computed on the host (a parameter fixed in the model or by a modifier: simulate) and the same
# value varied in the kernel (run --vary 'x=const(v)') go through the same arithmetic, the
# kernels' math, so they give the same bits:
# - param_functions.mo's k (sinh, cosh, tanh, exp, log, log10, the trigonometric functions,
#   atan2, whole and fractional powers, sqrt) with x = 1e-8, 0.7, 3 and 30 set by a modifier
#   (host) and varied as const(x) (kernel), on OpenMP and on OpenCL (PoCL here); before, the
#   host used libm and the kernel expanded sinh into exponentials: sinh(1e-8) lost 8 digits
#   there, and tanh(900) was NaN there and 1 on the host;
# - the MSL double pendulum with its first link's length and start angle bound to a parameter
#   through tanh, sinh and asin (pendulum_bound.mo): simulate and run --vary 'a=const(0.2)'
#   write the same trajectory;
# - a quantity of interest through tanh, sinh and cosh (now in the QoI language) matches their
#   values (awk; series for small arguments) to 2e-15.
. "$(dirname "$0")/run_lib.sh"
data=$4
backends=openmp
"$mbens" devices | grep -q '^OpenCL platform' && backends="openmp opencl"
for x in 1e-8 0.7 3 30; do
  # the value fixed in the model (a modifier: computed on the host), then varied
  printf 'model P%s\n  extends ParamFunctions(f(x = %s));\nend P%s;\n' "$(echo "$x" | tr -d '.-')" \
    "$x" "$(echo "$x" | tr -d '.-')" >"$work/p.mo"
  cls=P$(echo "$x" | tr -d '.-')
  for b in $backends; do
    "$mbens" simulate "$data/param_functions.mo" "$work/p.mo" --class "$cls" -o "$work/s.csv" \
      --signals f.y --stop-time 0.001 --interval 0.001 --backend "$b" >/dev/null ||
      fail "simulate x=$x exited $?"
    rm -rf "$work/r"
    "$mbens" run "$data/param_functions.mo" -o "$work/r" -n 1 --vary "f.x=const($x)" \
      --qoi 'final(f.y)' --qoi 'final(tanh(30*f.x) + sinh(f.x) * cosh(f.x))' --stop-time 0.001 \
      --interval 0.001 --backend "$b" --quiet || fail "run x=$x exited $?"
    s=$(tail -1 "$work/s.csv" | cut -d, -f2)
    r=$(tail -1 "$work/r/members.csv" | cut -d, -f3)
    [ -n "$s" ] && [ "$s" = "$r" ] || fail "x = $x on $b: simulate $s, run $r"
    # the quantity's hyperbolic functions (series below 1e-3, where exponentials cancel)
    bad=$(tail -1 "$work/r/members.csv" | awk -F, -v x="$x" '{
      sh = x < 1e-3 ? x + x * x * x / 6 : (exp(x) - exp(-x)) / 2
      th = x < 1e-3 ? 30 * x - (30 * x) ^ 3 / 3 : 1 - 2 / (exp(60 * x) + 1)
      w = th + sh * (exp(x) + exp(-x)) / 2; d = $4 - w; if (d < 0) d = -d
      if (!(d <= 2e-15 * w)) printf "%.17g %.17g\n", $4, w }')
    [ -z "$bad" ] || fail "x = $x on $b: the quantity's tanh, sinh, cosh: $bad"
  done
done
# the double pendulum whose link length and start angle are bound to a through functions
"$mbens" simulate "$model" "$data/pendulum_bound.mo" --class PendulumBound -o "$work/dp.csv" \
  --signals revolute1.phi,revolute2.phi --stop-time 1 >/dev/null ||
  fail "simulate (pendulum) exited $?"
rm -rf "$work/dpr"
"$mbens" run "$model" "$data/pendulum_bound.mo" --class PendulumBound -o "$work/dpr" -n 1 \
  --vary 'a=const(0.2)' --signals revolute1.phi,revolute2.phi --stop-time 1 --save-members 0 \
  --save-format csv --quiet || fail "run (pendulum) exited $?"
cmp -s "$work/dp.csv" "$work/dpr/trajectories/member_0.csv" ||
  fail "the pendulum's trajectory: simulate and run differ ($(diff "$work/dp.csv" \
    "$work/dpr/trajectories/member_0.csv" | head -3))"
finish "one evaluator: fixed and varied values are the same bits"
