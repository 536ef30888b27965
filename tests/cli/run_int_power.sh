#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# run_int_power.sh MBENS MSL_DIR WORK DATA: a model's x^n for a constant integer n is x times
# itself (x^-n its reciprocal, x^0 one), also where x is negative: GasForce2's x^4 near a dead
# centre, where x = 1 - s/L rounds below zero, made EngineV6's accelerations NaN while powers
# were exp(n log x). int_power.mo's x = rev.phi - 2 stays negative over the run; its powers agree
# with the products awk computes to 1e-12 relative.
. "$(dirname "$0")/run_lib.sh"
data=$4
"$mbens" simulate "$data/int_power.mo" -o "$work/pow.csv" --stop-time 1 --interval 0.1 \
  --signals x,p4,p5,pm3,p0 || fail "simulate exited $?"
bad=$(awk -F, 'function a(v) { return v < 0 ? -v : v }
  function off(v, w) { return a(v - w) > 1e-12 * a(w) }
  NR > 1 && /nan|inf/ { print; exit }
  NR > 1 { x = $2
  if (!(x < 0) || off($3, x * x * x * x) || off($4, x * x * x * x * x) || off($5, 1 / (x * x * x)) || $6 != 1) { print; exit }
  n++ }
  END { if (n < 10) print "rows", n }' "$work/pow.csv")
[ -z "$bad" ] || fail "integer powers of a negative x are wrong (time, x, x^4, x^5, x^-3, x^0): $bad"
finish "run_int_power: integer powers of negative values"
