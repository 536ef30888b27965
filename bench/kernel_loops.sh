#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# kernel_loops.sh BUILD_DIR: the two forms of a kernel on the N-link chains of chain_model.sh:
# straight-line text (MBENS_KERNEL_LOOPS=never) and loops over the links (always). For each: the
# operations the text writes and the loops (mbens simulate --stats), the text's size, the values
# passed through sv[], the cold build in wall seconds and peak memory, member-steps/s of `mbens
# run` (RK4, 1 ms) on OpenMP with 2 threads and on OpenCL (PoCL here), and whether the two forms'
# results are the same bytes. Writes results/kernel-loops-<tag>-<date>.txt.
#
# environment: MBENS (default BUILD_DIR/host/cli/mbens), NS ("16 64 128 256 512"), OPENCL (0 to
# skip it), TAG.
set -eu
build=${1:?usage: kernel_loops.sh BUILD_DIR}
here=$(cd "$(dirname "$0")" && pwd)
mbens=${MBENS:-$build/host/cli/mbens}
ns=${NS:-16 64 128 256 512}
tag=${TAG:-$(hostname -s 2>/dev/null || echo host)}
out="$here/results/kernel-loops-$tag-$(date +%Y-%m-%d).txt"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export POCL_CACHE_DIR=${POCL_CACHE_DIR:-$tmp/pocl}
mkdir -p "$POCL_CACHE_DIR"
export MBENS_CACHE_DIR="$tmp/cache"

. "$here/lib.sh"

# member-steps/s of M members of ChainN for 0.2 s on BACKEND, the results in DIR
steps() {
  n=$1 m=$2 backend=$3 dir=$4
  rm -rf "$dir"
  if "$mbens" run "$tmp/Chain$n.mo" -o "$dir" -n "$m" --seed 1 --method rk4 --step 1e-3 \
    --stop-time 0.2 --interval 0.1 --signals j1.phi --quiet --json --backend "$backend" \
    --vary "j1.phi.start=uniform(0.2,0.4)" > "$dir.json" 2> "$dir.err"; then
    printf '%.4g' "$(json member_steps_per_second "$dir.json")"
  else
    printf -- '-'
  fi
}

{
  echo "# kernel forms: straight-line text against loops over the links (bench/kernel_loops.sh)"
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)  commit: $(git -C "$here" rev-parse --short HEAD 2>/dev/null || echo '?')"
  echo "machine: $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1), $(nproc) cores"
  echo "mbens: $mbens"
  echo
  echo "ops: operations per derivative evaluation; text: those the text writes; sv: values passed"
  echo "through sv[]; live: the most values live at once; build: cold mbens simulate (wall s, MB)"
  echo
  printf '%-6s %-7s %7s %6s %6s %9s %6s %5s %8s %7s %11s %11s %8s\n' links loops ops text loops \
    "text KB" sv live "build s" MB "openmp st/s" "opencl st/s" identity
  for n in $ns; do
    sh "$here/chain_model.sh" mo "$n" > "$tmp/Chain$n.mo"
    m=$((64000 / n))
    for form in never always; do
      export MBENS_KERNEL_LOOPS=$form
      rm -rf "$MBENS_CACHE_DIR"
      /usr/bin/time -f "%e %M" -o "$tmp/time" "$mbens" simulate "$tmp/Chain$n.mo" \
        -o "$tmp/c.csv" --stop-time 0.001 --interval 0.001 --stats --backend openmp \
        --emit-kernel "$tmp/k.c" 2> "$tmp/stats" > /dev/null
      ops=$(sed -n 's/.*mbe_rhs (each derivative evaluation): \([0-9]*\) operations.*/\1/p' "$tmp/stats")
      text=$(sed -n 's/.*in them, \([0-9]*\) operations of text.*/\1/p' "$tmp/stats")
      nloops=$(sed -n 's/.*written with \([0-9]*\) loops.*/\1/p' "$tmp/stats" | head -1)
      sv=$(sed -n 's/^#define MBE_RHS_NSV //p' "$tmp/k.c")
      live=$(sed -n 's/.*at most \([0-9]*\) values live.*/\1/p' "$tmp/stats" | head -1)
      kb=$(($(wc -c < "$tmp/k.c") / 1024))
      mp=$(steps "$n" "$m" openmp "$tmp/mp-$form")
      cl=-
      [ "${OPENCL:-1}" = 0 ] || cl=$(steps "$n" "$m" opencl "$tmp/cl-$form")
      same=-
      if [ "$form" = always ]; then
        same=differ
        cmp -s "$tmp/mp-never/stats.csv" "$tmp/mp-always/stats.csv" && same=same
        [ "$cl" = - ] || cmp -s "$tmp/mp-never/stats.csv" "$tmp/cl-always/stats.csv" || same=differ
      fi
      printf '%-6s %-7s %7s %6s %6s %9s %6s %5s %8s %7s %11s %11s %8s\n' "$n" "$form" "$ops" \
        "${text:-$ops}" "${nloops:-0}" "$kb" "$sv" "$live" "$(cut -d' ' -f1 "$tmp/time")" \
        "$(($(cut -d' ' -f2 "$tmp/time") / 1024))" "$mp" "$cl" "$same"
    done
  done
  echo
  echo "identity: the loops' results (OpenMP and OpenCL) byte for byte against OpenMP's straight-line text"
  echo "members: 64000 / links, 0.2 s each"
} | tee "$out"
echo "written: $out"
