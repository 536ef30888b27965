#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# run_unroll.sh MBENS MODELS_DIR WORK DATA_DIR BENCH_DIR: for- and if-equations over parameters.
# data/chain_for.mo is models/bench/Chain4.mo written with component arrays, for-equations of
# connect(), an if-equation and asserts: it must give the same bits as the written-out chain.
. "$(dirname "$0")/run_lib.sh"
data=$4
bench=$5
"$mbens" simulate "$data/chain_for.mo" -o "$work/for.csv" --stop-time 2 --backend openmp \
  --signals 'j[1].phi,j[2].phi,j[3].w,j[4].w,b[4].frame_b.r_0[2]' || fail "chain_for exited $?"
"$mbens" simulate "$bench/Chain4.mo" -o "$work/chain4.csv" --stop-time 2 --backend openmp \
  --signals 'j1.phi,j2.phi,j3.w,j4.w,b4.frame_b.r_0[2]' || fail "Chain4 exited $?"
tail -n +2 "$work/for.csv" >"$work/for.rows"
tail -n +2 "$work/chain4.csv" >"$work/chain4.rows"
[ "$(wc -l <"$work/for.rows")" -eq 201 ] || fail "chain_for wrote $(wc -l <"$work/for.rows") rows, expected 201"
cmp -s "$work/for.rows" "$work/chain4.rows" || fail "chain_for and Chain4 differ"
finish "for- and if-equations: the chain written with arrays gives Chain4's bits"
