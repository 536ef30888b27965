#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# run_messages.sh MBENS MSL_DIR WORK: what `mbens run` and `mbens simulate` tell a user where a
# pattern match is not enough (something must be absent, or counted, or a file checked).
. "$(dirname "$0")/run_lib.sh"
quick="--stop-time 0.1 --interval 0.01 --backend openmp"

# --progress into a file: one line per update, never a carriage return
"$mbens" run "$model" -o "$work/progress" -n 3000 --vary 'world.g=uniform(9,10)' $quick \
  --batch-size 1000 --progress 2> "$work/progress.txt" || fail "the --progress run exited $?"
tr -d '\n' < "$work/progress.txt" | grep -q "$(printf '\r')" &&
  fail "--progress into a file wrote carriage returns"
[ "$(grep -c '^mbens run: integrating [0-9]*/3000 members' "$work/progress.txt")" -eq 3 ] ||
  fail "--progress into a file: not one line per batch: $(cat "$work/progress.txt")"

# a --vary error names the option once
out=$("$mbens" run "$model" -o "$work/refused" -n 2 --vary 'world.g=normal(1,0)' 2>&1)
[ $? -eq 2 ] || fail "a bad --vary was not refused"
[ "$(printf '%s\n' "$out" | grep -o "\-\-vary 'world.g=normal(1,0)'" | wc -l)" -eq 1 ] ||
  fail "the --vary text is not printed once: $out"

# exact whole numbers in scientific notation
"$mbens" run "$model" -o "$work/sci" -n 1.2e1 $quick --quiet || fail "-n 1.2e1 exited $?"
[ "$(wc -l < "$work/sci/members.csv")" -eq 13 ] || fail "-n 1.2e1 did not run 12 members"
out=$("$mbens" run "$model" -o "$work/refused" -n 1.5 2>&1)
[ $? -eq 2 ] && printf '%s' "$out" | grep -q -- "-n takes a whole number" ||
  fail "-n 1.5 was not refused: $out"

# an empty shard: a warning, an empty but complete run
out=$("$mbens" run "$model" -o "$work/empty_shard" -n 10 --shard 0/20 $quick 2>&1) ||
  fail "the empty shard exited $?"
printf '%s' "$out" | grep -q "warning: shard 0/20 holds no members: 10 members over 20 shards" ||
  fail "an empty shard was not reported: $out"
[ "$(wc -l < "$work/empty_shard/members.csv")" -eq 1 ] || fail "the empty shard has members"

# nothing varied: legitimate, and said
out=$("$mbens" run "$model" -o "$work/same" -n 5 $quick 2>&1) || fail "the plain run exited $?"
printf '%s' "$out" | grep -q "note: nothing varies, so the 5 members are the same model" ||
  fail "identical members were not reported: $out"
out=$("$mbens" run "$model" -o "$work/varied" -n 5 --vary 'world.g=uniform(9,10)' $quick 2>&1)
printf '%s' "$out" | grep -q "nothing varies" && fail "a varied run said nothing varies"

# a CSV that would be huge is refused before anything runs, and allowed on request
out=$("$mbens" simulate "$model" -o "$work/huge.csv" --interval 1e-7 2>&1)
[ $? -eq 2 ] && printf '%s' "$out" | grep -q "the output would take about 2.9 GiB, more than the 1.0 GiB --max-output allows" ||
  fail "a 2.9 GiB CSV was not refused: $out"
[ -e "$work/huge.csv" ] && fail "the refused CSV was written"
"$mbens" simulate "$model" -o "$work/small.csv" --interval 1e-4 --stop-time 0.5 \
  --max-output 2M || fail "a CSV within --max-output exited $?"
out=$("$mbens" run "$model" -o "$work/huge_run" -n 2000 --interval 1e-4 --signals none \
  --save-members 0-1999 --save-signals revolute1.phi --save-format csv 2>&1)
[ $? -eq 2 ] && printf '%s' "$out" | grep -q "the output would take about .* --max-output" ||
  fail "a huge study was not refused: $out"
[ -e "$work/huge_run" ] && fail "the refused study made its directory"

# simulate writes CSV or MAT: another extension is refused
out=$("$mbens" simulate "$model" -o "$work/x.txt" 2>&1)
[ $? -eq 2 ] && printf '%s' "$out" | grep -q "simulate writes CSV (.csv, .*or MAT (.mat" ||
  fail "-o x.txt was not refused: $out"
[ -e "$work/x.txt" ] && fail "x.txt was written"
"$mbens" simulate "$model" -o "$work/x.mat" --stop-time 0.1 || fail "-o x.mat exited $?"
[ -s "$work/x.mat" ] || fail "x.mat was not written"

# a memory limit the statistics alone exceed: the statistics of 120 004 series
out=$("$mbens" run "$model" -o "$work/tight" -n 100 --interval 1e-4 2>&1)
[ $? -eq 2 ] && printf '%s' "$out" | grep -q "needs more host memory than --max-memory 512 MiB: the statistics alone take" ||
  fail "statistics beyond the default --max-memory were not refused: $out"
out=$("$mbens" run "$model" -o "$work/tight" -n 100 --max-memory 1M 2>&1)
[ $? -eq 2 ] && printf '%s' "$out" | grep -q "needs more host memory than --max-memory 1.0 MiB" ||
  fail "a too small --max-memory was not refused: $out"

finish "messages pass"
