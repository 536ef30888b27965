# shellcheck shell=sh
# What the self-checking MSL model scripts share (sourced with MBENS MSL_DIR WORK as "$@"): the
# program, the MSL sources (exit 77, skipped, where they are absent) and the work folder.
set -u
mbens=$1 msl=$2 work=$3
if [ ! -f "$msl/Modelica/package.mo" ]; then
  echo "MSL sources not found: $msl/Modelica/package.mo"
  exit 77
fi
mkdir -p "$work"
. "$(dirname "$0")/../cli/work_lib.sh"
