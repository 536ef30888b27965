#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# libmbens as an outside program gets it: installed into a prefix, the example programs built
# with `pkg-config --cflags --libs mbens` alone, and a CMake project with find_package(mbens);
# both evaluate three batches of the MSL double pendulum, and the nominal member's quantity is
# the one `mbens run` computes for it; a study run, stopped and resumed by the example program
# is the bytes of `mbens run`.
# usage: run_installed.sh BUILD_DIR SOURCE_DIR WORK_DIR
set -eu
build=$1 src=$2 work=$3
rm -rf "$work"
mkdir -p "$work"
prefix=$work/prefix
cmake --install "$build" --prefix "$prefix" > "$work/install.log"
test -f "$prefix/include/mbe.h" && test -f "$prefix/include/mbe/mbe_evaluator.h"
libdir=$(dirname "$(find "$prefix" -name 'libmbens.so' | head -1)")
export PKG_CONFIG_PATH=$libdir/pkgconfig
export LD_LIBRARY_PATH=$libdir
model=$src/models/msl/Modelica/Mechanics/MultiBody/Examples/Elementary/DoublePendulum.mo

# C with pkg-config alone (-std=c11 -Wall -Werror: the headers are clean C11)
cc -std=c11 -Wall -Wextra -Werror "$src/host/examples/evaluate_batches.c" \
  $(pkg-config --cflags --libs mbens) -o "$work/evaluate_batches"
"$work/evaluate_batches" "$model" damper.d 'max(abs(revolute2.phi))' > "$work/c.txt"
cat "$work/c.txt"
test "$(grep -c '^batch of' "$work/c.txt")" = 3
grep -q 'batch of 4096: .* 0 failed' "$work/c.txt"

# the nominal member against mbens run of the same member
"$prefix/bin/mbens" run "$model" -n 1 --vary 'damper.d=const(0.1)' \
  --qoi 'max(abs(revolute2.phi))' --signals none -o "$work/run" --quiet
want=$(awk -F, 'NR == 2 { printf "%.6g", $3 }' "$work/run/members.csv")
got=$(awk '/^batch of    1:/ { print $(NF - 4) }' "$work/c.txt")
echo "nominal: example $got, mbens run $want"
test "$got" = "$want"

# a study through the API (host/examples/run_study.c): stopped after two batches, resumed from
# another directory with only the run directory, the bytes of `mbens run` of the same study
cc -std=c11 -Wall -Wextra -Werror "$src/host/examples/run_study.c" \
  $(pkg-config --cflags --libs mbens) -o "$work/run_study"
(cd "$(dirname "$model")" && "$work/run_study" DoublePendulum.mo "$work/study" 40 \
  'damper.d=uniform(0.05,0.5)' 'max(abs(revolute2.phi))' 2) > "$work/study.txt"
grep -q '16 of 40 members done (stopped' "$work/study.txt"
(cd / && "$work/run_study" --resume "$work/study") >> "$work/study.txt"
cat "$work/study.txt"
grep -q '40 of 40 members done$' "$work/study.txt"
"$prefix/bin/mbens" run "$model" -n 40 --vary 'damper.d=uniform(0.05,0.5)' \
  --qoi 'max(abs(revolute2.phi))' -o "$work/study-cli" --quiet
cmp "$work/study/members.csv" "$work/study-cli/members.csv"
cmp "$work/study/stats.csv" "$work/study-cli/stats.csv"

# CMake's find_package
mkdir -p "$work/cmake-project"
cat > "$work/cmake-project/CMakeLists.txt" <<'CM'
cmake_minimum_required(VERSION 3.22)
project(uses_mbens C)
find_package(mbens REQUIRED)
add_executable(evaluate_batches ${EXAMPLE})
target_link_libraries(evaluate_batches PRIVATE mbens::mbens)
CM
cmake -S "$work/cmake-project" -B "$work/cmake-build" -DCMAKE_PREFIX_PATH="$prefix" \
  -DEXAMPLE="$src/host/examples/evaluate_batches.c" > "$work/cmake.log"
cmake --build "$work/cmake-build" > "$work/cmake-build.log"
"$work/cmake-build/evaluate_batches" "$model" boxBody1.r[1] 'final(revolute1.phi)' > "$work/cm.txt"
cat "$work/cm.txt"
test "$(grep -c '^batch of' "$work/cm.txt")" = 3
# Python as a new user has it: the package pip-installed over the installed library, found
# beside the mbens program on PATH (no MBENS_LIBRARY, no LD_LIBRARY_PATH); skipped without a
# Python with numpy
. "$(dirname "$0")/python_lib.sh"
py=$(pick_python numpy)
if [ -n "$py" ]; then
  install_package "$py" "$src" "$work"
  got_py=$(cd "$work" && env -u MBENS_LIBRARY -u LD_LIBRARY_PATH PATH="$prefix/bin:$PATH" \
    PYTHONPATH="$work/site" PYTHONDONTWRITEBYTECODE=1 "$py" -c "
import mbens
ev = mbens.Model('$model').compile(vary=['damper.d'], qoi=['max(abs(revolute2.phi))'])
print('%.6g' % ev([0.1])[0][0, 0])")
  echo "Python over the installed library: $got_py"
  test "$got_py" = "$want"
else
  echo "no Python with numpy: the installed package's check is left out"
fi
echo "installed libmbens: OK"
