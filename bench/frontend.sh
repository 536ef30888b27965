#!/bin/sh
# frontend.sh BUILD_DIR: times the model front end (parse the model and the built-in catalogue,
# flatten, evaluate every parameter) with `mbens check --quiet` on every model in models/msl,
# repeated REPEAT times (default 20), and writes results/frontend-<host>-<date>.txt.
set -eu
build=${1:?usage: frontend.sh BUILD_DIR}
repeat=${REPEAT:-20}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
mbens="$build/host/cli/mbens"
out="$here/results/frontend-$(hostname)-$(date +%Y-%m-%d).txt"
models=$(find "$root/models/msl" -name '*.mo' | sort)
n=$(printf '%s\n' "$models" | wc -l)

# one pass first: every model must load
for m in $models; do "$mbens" check --quiet "$m"; done

start=$(date +%s.%N)
i=0
while [ "$i" -lt "$repeat" ]; do
  for m in $models; do "$mbens" check --quiet "$m"; done
  i=$((i + 1))
done
end=$(date +%s.%N)

# the largest model's summary size and peak memory of one check
big=$(wc -c $models | sort -n | tail -2 | head -1 | awk '{print $2}')
rss=$( { /usr/bin/time -f '%M' "$mbens" check --quiet "$big"; } 2>&1 | tail -1)

{
  echo "mbens front end: mbens check --quiet over models/msl ($n models), $repeat passes"
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)  host: $(hostname)  cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
  echo "commit: $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)"
  awk -v s="$start" -v e="$end" -v n="$n" -v r="$repeat" 'BEGIN {
    t = e - s; printf "total %.3f s, %.2f ms per model (process start, catalogue parse, flatten, evaluation)\n", t, 1000 * t / (n * r) }'
  echo "peak RSS of one check ($(basename "$big")): ${rss} KiB"
} | tee "$out"
