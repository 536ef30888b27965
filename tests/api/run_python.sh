#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The Python package as users install it (pip install of host/python, on top of the built
# libmbens) and its pytest suite: listings, the same bits as simulate and run, errors, and the
# optimizers' examples on small budgets. The Python: $MBENS_TEST_PYTHON, else python3, else
# /usr/bin/python3, the first with numpy and pytest.
# usage: run_python.sh LIBMBENS MBENS SOURCE_DIR WORK_DIR
set -eu
lib=$1 exe=$2 src=$3 work=$4
. "$(dirname "$0")/python_lib.sh"
py=$(pick_python "numpy, pytest")
if [ -z "$py" ]; then
  echo "no Python with numpy and pytest: apt-get install python3-numpy python3-pytest" >&2
  exit 1
fi
rm -rf "$work"
mkdir -p "$work"
install_package "$py" "$src" "$work"
cd "$work"
export PYTHONDONTWRITEBYTECODE=1  # nothing written into the sources
MBENS_LIBRARY=$lib MBENS_EXE=$exe MBENS_SOURCE_DIR=$src PYTHONPATH=$work/site \
  exec "$py" -m pytest -q -rs -p no:cacheprovider "$src/host/python/tests"
