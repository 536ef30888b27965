#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# run_bound.sh MBENS MODELS_DIR WORK DATA_DIR: a model's own variables with bindings, computed from
# signals, and the user's Modelica function with an algorithm, against the same arithmetic
# written without it: e1 = min(e3, 1), e2 = min(e3, 0.2), twice = 2*e3, v = {w, w}, bit for bit, loops over 0:0.1:0.3 (3 values) and 0:0.25:1 (5), on a run
# where e3 passes both caps; OpenCL gives the same bits.
. "$(dirname "$0")/run_lib.sh"
data=$4
"$mbens" simulate "$data/user_function.mo" -o "$work/uf.csv" --backend openmp \
  --signals e1,e2,e3,twice,rev.w,v[1],v[2],nsteps || fail "simulate exited $?"
awk -F, 'NR > 1 {
    want1 = ($4 > 1) ? 1 : $4; want2 = ($4 > 0.2) ? 0.2 : $4
    if ($2 != want1 || $3 != want2 || $5 != 2 * $4 || $7 != $6 || $8 != $6 || $9 != 53) { print "row " NR ": " $0; bad++ }
    over += $4 > 0.2; over1 += $4 > 1
  }
  END { if (NR != 202 || over < 20 || over1 < 20 || NR - 1 - over < 20) { print "rows " NR ", above 0.2: " over ", above 1: " over1; bad++ }
        exit bad > 0 }' "$work/uf.csv" || fail "the function's values differ from the arithmetic"
# the same bits on OpenCL (PoCL here), the identity contract
"$mbens" simulate "$data/user_function.mo" -o "$work/uf_cl.csv" --backend opencl \
  --signals e1,e2,e3,twice,rev.w,v[1],v[2],nsteps || fail "simulate on OpenCL exited $?"
cmp -s "$work/uf.csv" "$work/uf_cl.csv" || fail "OpenCL differs from OpenMP"
finish "bindings and the user's function: e1, e2, twice as the arithmetic says"
