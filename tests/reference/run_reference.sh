#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# One MSL reference model: simulate it on the reference's grid (StopTime and Interval of
# creation.txt, its Tolerance too), then apply Gate A (tube tol 2e-3) and, for the acceptance ladder, Gate B
# (tol 3e-4) of ../shared/reference/README.md, printing every signal's margin.
#   run_reference.sh MBENS MSL_DIR MODELS_DIR REFERENCE_DIR RELPATH GATES SOURCE WORKDIR [OPTION ...]
# OPTIONs, from models.txt:
#   until=T      a chaotic model is compared over 0 .. T only, the span the MSL itself trusts (MSL
#                4.1.0 cut the BevelGear1D and GearConstraint3 references at 0.4 s and 0.3 s): the
#                run stops and the reference is cut there.
#   except=A,B   reference signals left out of the gates because the reference itself is not the
#                truth for them; models.txt says why and names the check that covers them.
# GATES: A or AB. SOURCE: msl (the unmodified MSL sources in MSL_DIR, the class RELPATH as a
# dotted name) or transcribed (MODELS_DIR/RELPATH.mo). Exit 0 pass, 1 fail, 77 (skipped) when the
# reference data or the MSL sources are absent.
set -u
mbens=$1 msl=$2 models=$3 refroot=$4 rel=$5 gates=$6 source=$7 work=$8
shift 8
until='' except=''
for option in "$@"; do
  case "$option" in
    until=*) until=${option#until=} ;;
    except=*) except=${option#except=} ;;
    *) echo "unknown option: $option (until=T or except=A,B)"; exit 1 ;;
  esac
done
name=${rel##*/}
ref=$refroot/$rel
if [ ! -f "$ref/$name.csv" ]; then
  echo "reference data not found: $ref/$name.csv"
  echo "set MBENS_REFERENCE_DIR (or the CMake cache variable MBENS_REFERENCE_DIR) to a copy of"
  echo "MAP-LIB_ReferenceResults v4.0.0 (the folder holding Modelica/ and ModelicaTest/)"
  exit 77
fi
setting() { sed -n "s/^$1=\([0-9.eE+-]*\).*/\1/p" "$ref/creation.txt" | head -n 1; }
stop=$(setting StopTime)
interval=$(setting Interval)
tolerance=$(setting Tolerance)
if [ -z "$stop" ] || [ -z "$interval" ]; then
  echo "no StopTime/Interval in $ref/creation.txt"
  exit 1
fi
if [ "$source" = msl ]; then
  if [ ! -f "$msl/Modelica/package.mo" ]; then
    echo "MSL sources not found: $msl/Modelica/package.mo"
    echo "set MBENS_MSL_DIR (or the CMake cache variable MBENS_MSL_DIR) to the MSL v4.0.0 sources"
    exit 77
  fi
  model="--library $msl --class $(echo "$rel" | tr / .)"
else
  model=$models/$rel.mo
fi
work=$work/$(echo "$rel" | tr / .)  # models of one name (GearConstraint) run side by side
mkdir -p "$work"
out=$work/$name.csv
refcsv=$ref/$name.csv
if [ -n "$until" ]; then
  stop=$until
  refcsv=$work/$name.reference.csv
  awk -F, -v u="$until" 'NR == 1 || $1 + 0 <= u + 0' "$ref/$name.csv" >"$refcsv"
  echo "compared over 0 .. $until s only (the span the MSL trusts for this chaotic model)"
fi
# the reference run's own settings (its tolerance too: the references carry DASSL errors of
# about that size, which a much tighter run would count against the model)
# shellcheck disable=SC2086 # $model is two options or one path (no spaces in either)
"$mbens" simulate $model -o "$out" --signals "@$ref/comparisonSignals.txt" \
  --stop-time "$stop" --interval "$interval" --tolerance "${tolerance:-1e-6}" || exit 1
# the compared signals: the reference's columns but the excepted ones
only=''
if [ -n "$except" ]; then
  only=$(head -n 1 "$refcsv" | tr -d '"\r' | tr , '\n' | sed 1d |
    awk -v ex="$except" 'BEGIN { n = split(ex, e, ","); for (i = 1; i <= n; i++) skip[e[i]] = 1 }
      !($0 in skip) { printf "%s%s", sep, $0; sep = "," }')
  echo "not in the gates (the reference is not the truth for them, see models.txt): $except"
  set -- --signals "$only"
else
  set --
fi
echo "Gate A (tol 2e-3):"
"$mbens" compare "$out" "$refcsv" --tol 2e-3 --margin "$@" || exit 1
if [ "$gates" = AB ]; then
  echo "Gate B (tol 3e-4):"
  "$mbens" compare "$out" "$refcsv" --tol 3e-4 "$@" || exit 1
fi
exit 0
