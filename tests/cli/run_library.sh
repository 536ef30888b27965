#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# run_library.sh MBENS MSL_DIR(models) WORK DATA_DIR MSL_SOURCES: libraries on disk.
# 1. A user's two-level library (data/lib/MyLib) gives the same bits as the same classes in one
#    file, through --library, through MODELICAPATH and as a file given inside its folder.
# 2. With the unmodified MSL as a library: a user's class extending an MSL example, the MSL's
#    own example by --class alone. Skipped parts say so when the MSL sources are absent.
. "$(dirname "$0")/run_lib.sh"
data=$4
msl_src=$5
sim="--signals arm1.rev.phi,arm2.rev.w,arm2.box.frame_b.r_0[2] --backend openmp"

# ---- 1. the user's library ---------------------------------------------------------------------
# shellcheck disable=SC2086
"$mbens" simulate "$data/swing_one_file.mo" --class MyLib.Examples.Swing -o "$work/one.csv" $sim ||
  fail "the one-file Swing exited $?"
# shellcheck disable=SC2086
"$mbens" simulate --library "$data/lib" --class MyLib.Examples.Swing -o "$work/lib.csv" $sim ||
  fail "--library exited $?"
# shellcheck disable=SC2086
MODELICAPATH="/nonexistent-is-skipped-not:$data/lib" \
  "$mbens" simulate --class MyLib.Examples.Swing -o "$work/path.csv" $sim 2>"$work/path.err" &&
  fail "a MODELICAPATH entry that is no folder was accepted"
grep -q "is not a folder" "$work/path.err" || fail "no message for the missing MODELICAPATH folder"
# shellcheck disable=SC2086
MODELICAPATH="$data/lib" "$mbens" simulate --class MyLib.Examples.Swing -o "$work/path.csv" $sim ||
  fail "MODELICAPATH exited $?"
# shellcheck disable=SC2086
"$mbens" simulate "$data/lib/MyLib/Examples/Swing.mo" -o "$work/file.csv" $sim ||
  fail "the file inside the library exited $?"
rows=$(wc -l <"$work/one.csv")
[ "$rows" -eq 202 ] || fail "the one-file Swing wrote $rows lines, expected 202 (StopTime 2, Interval 0.01)"
for f in lib path file; do
  cmp -s "$work/one.csv" "$work/$f.csv" || fail "$f.csv differs from the one-file model's result"
done

# ---- 2. the MSL as a library ---------------------------------------------------------------
if [ -f "$msl_src/Modelica/package.mo" ]; then
  out=$("$mbens" check --library "$msl_src" --library "$data/lib" \
    --class MyLib.Examples.DampedPendulum 2>&1) || fail "check of DampedPendulum exited $?: $out"
  printf '%s\n' "$out" | grep -Eq "damper\.d +=? *0\.5 " ||
    fail "the modifier damper(d = 0.5) did not reach the MSL's Pendulum: $out"
  "$mbens" simulate --library "$msl_src" --library "$data/lib" --class DampedPendulum \
    -o "$work/damped.csv" --signals rev.phi --backend openmp 2>&1 | grep -q "no model named" ||
    fail "a last part alone found a class of a library that no file names"
  "$mbens" simulate --library "$msl_src" \
    --class Modelica.Mechanics.MultiBody.Examples.Elementary.DoublePendulum \
    -o "$work/dp.csv" --signals revolute1.phi --backend openmp || fail "the MSL's DoublePendulum exited $?"
else
  echo "skipped part 2: the MSL sources are not at $msl_src (MBENS_MSL_DIR)"
fi
finish "libraries: the folders give the same bits as one file; the MSL loads as a library"
