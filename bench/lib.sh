# shellcheck shell=sh
# What the bench scripts share (sourced, after they set mbens, cc, root, here and tmp):
# rhs_cost NAME SIMULATE_ARGS...: ns per call of the generated right-hand side (one core, the
#   OpenMP backend's flags; rhs_cost.c) and its size;
# throughput NAME STOP VARY SIMULATE_ARGS...: member-steps/s of a 1000-member `mbens run` on
#   OpenMP (2 threads), VARY its --vary option;
# json KEY FILE: the number under KEY in a one-object-per-line JSON file (mbens --json).
rhs_cost() {
  name=$1
  shift
  "$mbens" simulate "$@" -o "$tmp/$name.csv" --stop-time 0.01 --interval 0.01 \
    --emit-kernel "$tmp/$name.h" >/dev/null 2>&1
  "$cc" -O2 -std=c11 -ffp-contract=off -fno-tree-vectorize -march=native -DMBE_REAL_BITS=64 \
    -I"$root/kernels" -DMBE_SYSTEM="\"$tmp/$name.h\"" "$here/rhs_cost.c" -o "$tmp/$name" -lm
  nx=$(sed -n 's/^#define MBE_RHS_NX //p' "$tmp/$name.h")
  lines=$(awk '/mbe_rhs\(/,/^}/' "$tmp/$name.h" | grep -c 'const mbe_real t')
  printf '%-20s nx=%-3s rhs nodes=%-6s %s\n' "$name" "$nx" "$lines" "$("$tmp/$name" 20000)"
}

throughput() {
  name=$1
  stop=$2
  vary=$3
  shift 3
  # shellcheck disable=SC2086 # $vary: --vary options, words without spaces
  "$mbens" run "$@" -n 1000 -o "$tmp/run-$name" --stop-time "$stop" --signals none \
    --backend openmp --threads 2 $vary 2>&1 |
    sed -n 's/.*members in \([0-9.]*\) s (\([0-9.e+]*\) members\/s, \([0-9.e+]*\) member-steps\/s).*/  run: 1000 members in \1 s, \2 members\/s, \3 member-steps\/s/p'
}

json() {
  sed -n "s/.*\"$1\": *\([-0-9.eE+]*\).*/\1/p" "$2" | head -1
}
