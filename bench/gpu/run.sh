#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# run.sh [--dry-run] [RESULTS]: the prepared GPU check, for a machine with an NVIDIA GPU, its own C
# compiler and CMake, no network and none of our Debian packages (the device machine). From the
# working tree it is started in:
#   1. describes the machine (os-release, compilers, C library, the GPU, where NVIDIA's OpenCL
#      library and ICD file are);
#   2. unpacks the .deb files of bench/gpu/debs (prepare.sh) into a scratch root, and writes an
#      ICD file for NVIDIA's OpenCL where the system has none;
#   3. builds mbens and the identity tests against that root;
#   4. runs the identity tests (OpenCL on the GPU against OpenMP, bit for bit: check_identity,
#      check_generated) and, per chain, the same members on both backends compared byte for byte;
#   5. the chain throughput table: N = 2 .. 64 links, FP64 and FP32, 1e5 to 1e6 members, RK4 at
#      1 ms over 1 s, on the GPU and on OpenMP with every core;
#   6. the register and spill report of each chain's kernel (mbens --stats with the compiler's
#      own log: -cl-nv-verbose), and the throughput of a short and a long chain with work-groups
#      of 32 to 256 members;
# and writes everything into RESULTS (default $OUT/gpu-check.txt, else ./gpu-check.txt). Each
# step checks the clock: past BUDGET seconds (default 450) the rest is skipped and said so.
# --dry-run: the same on this machine with small runs (OpenCL: whatever device there is), to test
# the script and the carried packages where no GPU is.
set -u
dry=0
if [ "${1:-}" = "--dry-run" ]; then
  dry=1
  shift
fi
here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/../.." && pwd)
out=${1:-${OUT:-.}/gpu-check.txt}
root=${GPU_ROOT:-/tmp/mbens-gpu}
budget=${BUDGET:-450}
start=$(date +%s)
lib=$root/usr/lib/x86_64-linux-gnu
export MBENS_CACHE_DIR=$root/cache POCL_CACHE_DIR=$root/pocl CUDA_CACHE_DISABLE=1
mkdir -p "$root" "$MBENS_CACHE_DIR" "$POCL_CACHE_DIR"

section() {
  echo
  echo "== $* (at $(($(date +%s) - start)) s)"
}

# true while the budget lasts; else says what is skipped
in_time() {
  if [ $(($(date +%s) - start)) -ge "$budget" ]; then
    echo "(skipped: past the budget of $budget s: $*)"
    return 1
  fi
  return 0
}

describe() {
  section "machine"
  sed -n 's/^PRETTY_NAME=//p' /etc/os-release 2>/dev/null
  uname -srm
  echo "cores: $(nproc), memory: $(awk '/MemTotal/ {printf "%.0f GiB", $2 / 1048576}' /proc/meminfo)"
  echo "C compiler: $(cc --version 2>/dev/null | head -1 || echo none)"
  echo "C library: $(ldd --version 2>/dev/null | head -1)"
  echo "CMake: $(cmake --version 2>/dev/null | head -1 || echo none)"
  nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv,noheader \
    2>/dev/null || echo "nvidia-smi: none"
  # (the driver's folder may be a mount of its own: no -xdev)
  find / \( -path /proc -o -path /sys -o -path /dev -o -path "$root" \) -prune -o \
    \( -name 'libnvidia-opencl*' -o -name '*.icd' \) -print 2>/dev/null > "$root/found.txt"
  echo "NVIDIA's OpenCL libraries and ICD files:"
  head -10 "$root/found.txt"
  for d in /etc/OpenCL/vendors /usr/local/nvidia/etc/OpenCL/vendors; do
    [ -d "$d" ] && echo "ICD files in $d: $(ls "$d" | tr '\n' ' ')"
  done
}

# the carried packages into the scratch root; the alternatives their scripts would have made
unpack() {
  section "the carried packages"
  n=0
  for f in "$here"/debs/*.deb; do
    [ -f "$f" ] || continue
    if command -v dpkg-deb > /dev/null; then
      dpkg-deb -x "$f" "$root" || echo "cannot unpack $f"
    else
      t=$(mktemp -d)
      (cd "$t" && ar x "$f" && tar -xf data.tar.* -C "$root") || echo "cannot unpack $f"
      rm -rf "$t"
    fi
    n=$((n + 1))
  done
  for f in "$here"/debs/*.tar; do
    [ -f "$f" ] && tar -xf "$f" -C "$root"
  done
  # the alternatives: the reference BLAS and LAPACK
  for l in blas/libblas.so.3 lapack/liblapack.so.3 blas/libblas.so lapack/liblapack.so; do
    [ -e "$lib/$l" ] && ln -sf "$l" "$lib/$(basename "$l")"
  done
  for p in blas lapack; do
    [ -e "$lib/pkgconfig/$p-netlib.pc" ] && ln -sf "$p-netlib.pc" "$lib/pkgconfig/$p.pc"
  done
  echo "$n packages in $root"
  [ "$n" -gt 0 ] || { echo "no packages: run bench/gpu/prepare.sh where the mirror is"; return 1; }
}

# NVIDIA's ICD where the system has none that the loader reads
icd() {
  section "OpenCL ICD"
  nv=$(grep '/libnvidia-opencl\.so' "$root/found.txt" | sort | head -1)
  if [ -n "$nv" ]; then
    # what the library needs beside it, wherever the loader does not look
    export LD_LIBRARY_PATH="$(dirname "$nv")${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
  fi
  if [ -n "$nv" ] && ! grep -qs . /etc/OpenCL/vendors/*.icd; then
    mkdir -p "$root/vendors"
    echo "$nv" > "$root/vendors/nvidia.icd"
    export OCL_ICD_VENDORS=$root/vendors
    echo "wrote $root/vendors/nvidia.icd: $nv (OCL_ICD_VENDORS)"
  else
    echo "system ICD files: $(cat /etc/OpenCL/vendors/*.icd 2>/dev/null | tr '\n' ' ')"
  fi
}

build() {
  section "build"
  # pkg-config from the root, reading the root's files only, paths moved into the root
  mkdir -p "$root/bin"
  printf '#!/bin/sh\nLD_LIBRARY_PATH=%s exec %s "$@"\n' "$lib" "$root/usr/bin/pkgconf" \
    > "$root/bin/pkg-config"
  chmod +x "$root/bin/pkg-config"
  export PKG_CONFIG="$root/bin/pkg-config" PKG_CONFIG_SYSROOT_DIR=$root
  export PKG_CONFIG_LIBDIR="$lib/pkgconfig:$root/usr/share/pkgconfig"
  # DT_RPATH, not RUNPATH: it also finds what the carried libraries need (LAPACKE's BLAS), while
  # the compilers mbens starts keep the system's libraries
  rpath="$lib:$lib/blas:$lib/lapack:$lib/hdf5/serial:$root/lib/x86_64-linux-gnu"
  cmake -S "$src" -B "$root/build" -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH="$root/usr" \
    -DCMAKE_INCLUDE_PATH="$root/usr/include" -DCMAKE_LIBRARY_PATH="$lib" \
    -DCMAKE_C_FLAGS="-I$root/usr/include" \
    -DCMAKE_EXE_LINKER_FLAGS="-Wl,--disable-new-dtags -Wl,-rpath-link,$lib -Wl,-rpath,$rpath" \
    -DCMAKE_SHARED_LINKER_FLAGS="-Wl,--disable-new-dtags -Wl,-rpath-link,$lib -Wl,-rpath,$rpath" \
    > "$root/cmake.log" 2>&1 || { tail -30 "$root/cmake.log"; return 1; }
  cmake --build "$root/build" -j "$(nproc)" --target mbens check_identity check_generated \
    > "$root/build.log" 2>&1 || { grep -E "error|Error" "$root/build.log" | head -30; return 1; }
  mbens=$root/build/host/cli/mbens
  echo "libraries mbens loads from outside the carried root:"
  ldd "$mbens" | grep -v "$root" | awk '{ print "  " $1 " " $2 " " $3 }'
  "$mbens" --version
  "$mbens" devices
}

identity_tests() {
  section "identity: OpenCL against OpenMP (tests)"
  for t in runtime/check_identity codegen/check_generated; do
    in_time "$t" || return 0
    s=$(date +%s)
    (cd "$root/build" && CK_DEFAULT_TIMEOUT=600 "./tests/$t") 2>&1 | tail -12
    echo "$t: $(($(date +%s) - s)) s"
  done
}

. "$src/bench/lib.sh"

# mbens run of the chain: N MEMBERS PRECISION BACKEND DIR [options]
chain_run() {
  n=$1 m=$2 prec=$3 backend=$4 dir=$5
  shift 5
  rm -rf "$dir"
  "$mbens" run "$root/Chain$n.mo" -o "$dir" -n "$m" --seed 1 --method rk4 --step 1e-3 \
    --stop-time 1 --interval 0.1 --signals j1.phi --quiet --json --precision "$prec" \
    --backend "$backend" --vary "j1.phi.start=uniform(0.2,0.4)" "$@" > "$dir.json" 2> "$dir.err"
}

chains() {
  section "the chains: identity per chain, throughput (member-steps/s), kernel report"
  if [ "$dry" = 1 ]; then ns="2 4 16"; else ns="2 4 8 16 32 64"; fi
  printf '%-6s %-6s %9s %14s %9s %14s %9s %8s\n' links prec members "opencl st/s" "s" \
    "openmp st/s" "s" identity
  for n in $ns; do
    sh "$src/bench/chain_model.sh" mo "$n" > "$root/Chain$n.mo"
    for prec in double single; do
      in_time "chain $n $prec" || return 0
      if [ "$dry" = 1 ]; then m=2000; elif [ "$n" -le 8 ]; then m=1000000; elif [ "$n" -le 32 ]; then
        m=200000; else m=100000; fi
      # the same 2000 members on both backends, compared byte for byte
      # (the first OpenCL build of this kernel: --stats reports it with the compiler's log)
      chain_run "$n" 2000 "$prec" opencl "$root/id_cl" --batch-size 2000 --stats
      chain_run "$n" 2000 "$prec" openmp "$root/id_mp"
      same=differ
      cmp -s "$root/id_cl/stats.csv" "$root/id_mp/stats.csv" && same=same
      chain_run "$n" "$m" "$prec" opencl "$root/gpu" --batch-size "$m"
      gs=$(json member_steps_per_second "$root/gpu.json")
      gt=$(json run_seconds "$root/gpu.json")
      mm=$((m / 20))
      [ "$dry" = 1 ] && mm=$m
      chain_run "$n" "$mm" "$prec" openmp "$root/cpu"
      cs=$(json member_steps_per_second "$root/cpu.json")
      ct=$(json run_seconds "$root/cpu.json")
      awk -v n="$n" -v p="$prec" -v m="$m" -v gs="${gs:--}" -v gt="${gt:--}" -v cs="${cs:--}" \
        -v ct="${ct:--}" -v same="$same" 'function f(x, fmt) { return x == "-" ? "-" : sprintf(fmt, x) }
        BEGIN { printf "%-6s %-6s %9s %14s %9s %14s %9s %8s\n", n, p, m, f(gs, "%.4g"),
          f(gt, "%.2f"), f(cs, "%.4g"), f(ct, "%.2f"), same }'
      {
        echo "-- Chain$n $prec: the kernel (mbens run --stats)"
        grep -v "^$" "$root/id_cl.err" | grep -iE "kernel|mbe_rhs|operations|live|parts|private|registers|spill|ptxas|used|error" | head -40
      } >> "$root/report.txt"
      [ -s "$root/gpu.json" ] || sed -n '1,5p' "$root/gpu.err"
    done
  done
  section "register and spill report"
  cat "$root/report.txt" 2>/dev/null
  local_sizes
  kernel_forms
  section "the standard suite (mbens bench --suite --json), OpenMP and the GPU"
  in_time "the suite" || return 0
  if [ "$dry" = 1 ]; then m=64; else m=65536; fi
  "$mbens" bench --suite --members "$m" --backend all --json 2>&1
}

# the work-group size against throughput, for the execution layout: a short and a long chain in
# FP64, work-groups of 32 .. 256 members (MBENS_OPENCL_LOCAL_SIZE; the default is 64)
local_sizes() {
  section "work-group size (FP64, member-steps/s on the GPU)"
  if [ "$dry" = 1 ]; then ns="4"; sizes="8 64"; else ns="8 64"; sizes="32 64 128 256"; fi
  printf '%-6s %9s %10s %14s %9s\n' links members work-group "opencl st/s" "s"
  for n in $ns; do
    if [ "$dry" = 1 ]; then m=2000; elif [ "$n" -le 8 ]; then m=1000000; else m=100000; fi
    for g in $sizes; do
      in_time "work-group $g, chain $n" || return 0
      (export MBENS_OPENCL_LOCAL_SIZE="$g" &&
        chain_run "$n" "$m" double opencl "$root/wg" --batch-size "$m")
      awk -v n="$n" -v m="$m" -v g="$g" -v r="$(json member_steps_per_second "$root/wg.json")" \
        -v t="$(json run_seconds "$root/wg.json")" 'BEGIN { if (r == "") { r = "-"; t = "-" }
          else { r = sprintf("%.4g", r); t = sprintf("%.2f", t) }
          printf "%-6s %9s %10s %14s %9s\n", n, m, g, r, t }'
    done
  done
}

# the kernel's form against throughput (FP64): straight-line text or loops over the links
# (MBENS_KERNEL_LOOPS; by default loops above 40,000 operations, about 110 links); "first run s":
# the 2000-member run that builds the kernel, its results compared byte for byte with OpenMP's
# straight-line text
kernel_forms() {
  section "kernel form: straight-line or loops over the links (FP64, member-steps/s on the GPU)"
  if [ "$dry" = 1 ]; then ns="16"; else ns="64 256"; fi
  printf '%-6s %9s %-7s %14s %9s %12s %8s\n' links members loops "opencl st/s" "s" \
    "first run s" identity
  for n in $ns; do
    [ -f "$root/Chain$n.mo" ] || sh "$src/bench/chain_model.sh" mo "$n" > "$root/Chain$n.mo"
    if [ "$dry" = 1 ]; then m=2000; elif [ "$n" -le 64 ]; then m=100000; else m=20000; fi
    in_time "kernel forms, chain $n" || return 0
    (export MBENS_KERNEL_LOOPS=never && chain_run "$n" 2000 double openmp "$root/form_ref")
    for form in never always; do
      in_time "kernel form $form, chain $n" || return 0
      t0=$(date +%s%N)
      (export MBENS_KERNEL_LOOPS=$form &&
        chain_run "$n" 2000 double opencl "$root/form_id" --batch-size 2000)
      t1=$(date +%s%N)
      (export MBENS_KERNEL_LOOPS=$form &&
        chain_run "$n" "$m" double opencl "$root/form" --batch-size "$m")
      same=differ
      cmp -s "$root/form_id/stats.csv" "$root/form_ref/stats.csv" && same=same
      awk -v n="$n" -v m="$m" -v f="$form" -v r="$(json member_steps_per_second "$root/form.json")" \
        -v t="$(json run_seconds "$root/form.json")" -v b="$(((t1 - t0) / 1000000))" -v same="$same" \
        'BEGIN { if (r == "") { r = "-"; t = "-" } else { r = sprintf("%.4g", r); t = sprintf("%.2f", t) }
          printf "%-6s %9s %-7s %14s %9s %12.2f %8s\n", n, m, f, r, t, b / 1000, same }'
      [ -s "$root/form.json" ] || sed -n '1,5p' "$root/form.err"
    done
  done
}

main() {
  echo "# mbens prepared GPU check$([ "$dry" = 1 ] && echo " (dry run)")"
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)  commit: $(git -C "$src" rev-parse --short HEAD 2>/dev/null || echo '?')"
  describe
  unpack || return 1
  icd
  build || return 1
  export MBENS_OPENCL_OPTIONS=${MBENS_OPENCL_OPTIONS:--cl-nv-verbose}
  [ "$dry" = 1 ] && export MBENS_OPENCL_OPTIONS=
  rm -f "$root/report.txt"
  identity_tests
  chains
  section "done"
}

mkdir -p "$(dirname "$out")"
main 2>&1 | tee "$out"
echo "written: $out"
