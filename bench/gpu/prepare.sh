#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# prepare.sh [DIR]: on a Debian 12 machine with the package mirror, downloads the .deb files that
# run.sh needs to build and run mbens on a machine without network (the device machine: a GPU,
# its own C compiler and CMake, none of our Debian packages) into DIR (default bench/gpu/debs,
# which git ignores). The list is the closure of the packages below over Depends (resolved to
# the installed alternative, as this machine builds mbens), less what every Linux with a C
# compiler already has (the C library and the compiler's runtime), and the one Boost header the
# build reads. About 27 MB.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
dir=${1:-$here/debs}
# what the build reads (headers, pkg-config files, link libraries) and what mbens loads
roots="pkgconf pkgconf-bin libpkgconf3 ocl-icd-opencl-dev ocl-icd-libopencl1 opencl-c-headers
  opencl-clhpp-headers librandom123-dev liblapacke-dev liblapacke libtmglib3 liblapack-dev
  liblapack3 libblas-dev libblas3 libgfortran5 libquadmath0 libhdf5-103-1 libhdf5-hl-100 libsz2
  libaec0 libmatio-dev libmatio11 libcminpack-dev libcminpack1 check libsubunit-dev libsubunit0
  zlib1g-dev libcurl4"
# what the device has of its own (and what must not be mixed with it)
base="libc6 libc6-dev libc-dev-bin libgcc-s1 libstdc++6 gcc-12-base libgomp1 dpkg debconf
  perl-base tar init-system-helpers libcrypt1 libcrypt-dev linux-libc-dev libnsl-dev libtirpc-dev
  rpcsvc-proto libselinux1 libpcre2-8-0 libzstd1 liblzma5 libbz2-1.0 libmd0 libacl1 libattr1
  libaudit1 libaudit-common libcap-ng0 libcap2 libpam0g libpam-modules"
mkdir -p "$dir"
# the closure: breadth first over Depends/PreDepends, each dependency resolved to the installed
# package that provides it (alternatives: the one this machine uses)
todo=$roots
seen=" "
for b in $base; do seen="$seen$b "; done
list=""
while [ -n "$(echo $todo)" ]; do
  next=""
  for p in $todo; do
    case "$seen" in *" $p "*) continue ;; esac
    seen="$seen$p "
    list="$list $p"
    deps=$(apt-cache depends --no-recommends --no-suggests --no-conflicts --no-breaks \
      --no-replaces --no-enhances "$p" 2>/dev/null |
      awk '/^ *(\|)?(Pre)?Depends:/ { gsub(/[<>]/, "", $2); print $2 }')
    for d in $deps; do
      # a virtual or alternative: the installed package providing it
      if ! dpkg-query -W -f='${Status}' "$d" 2>/dev/null | grep -q "install ok installed"; then
        d=$(dpkg-query -W -f='${Package} ${Provides}\n' 2>/dev/null |
          awk -v v="$d" '{ for (i = 2; i <= NF; i++) { gsub(/[(),]/, "", $i); if ($i == v) { print $1; exit } } }')
        [ -n "$d" ] || continue
      fi
      next="$next $d"
    done
  done
  todo=$next
done
# strip the :amd64 qualifiers and download the installed versions
cd "$dir"
rm -f ./*.deb
for p in $list; do
  v=$(dpkg-query -W -f='${Version}' "$p" 2>/dev/null || true)
  if [ -n "$v" ]; then
    apt-get download -qq "$p=$v" 2>/dev/null || apt-get download -qq "$p"
  else
    apt-get download -qq "$p"
  fi
done
# of Boost, the build reads one header as data (the Sobol table): that file alone
tmp=$(mktemp -d)
apt-get download -qq libboost1.74-dev
dpkg-deb -x libboost1.74-dev_*.deb "$tmp"
tar -C "$tmp" -cf boost-sobol-table.tar usr/include/boost/random/detail/sobol_table.hpp
rm -rf "$tmp" libboost1.74-dev_*.deb
echo "$(ls ./*.deb | wc -l) packages and the Boost header, $(du -sh . | cut -f1) in $dir"
