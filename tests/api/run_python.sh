#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The Python package as users install it (pip install of host/python, on top of the built
# libmbens) and its pytest suite: listings, the same bits as simulate and run, errors, and the
# optimizers' examples on small budgets. The Python: $MBENS_TEST_PYTHON, else python3, else
# /usr/bin/python3, the first with numpy and pytest.
# usage: run_python.sh LIBMBENS MBENS SOURCE_DIR WORK_DIR
set -eu
lib=$1 exe=$2 src=$3 work=$4
py=""
for c in ${MBENS_TEST_PYTHON:-} python3 /usr/bin/python3; do
  if "$c" -c "import numpy, pytest" 2>/dev/null; then
    py=$c
    break
  fi
done
if [ -z "$py" ]; then
  echo "no Python with numpy and pytest: apt-get install python3-numpy python3-pytest" >&2
  exit 1
fi
rm -rf "$work"
mkdir -p "$work"
cp -r "$src/host/python" "$work/pkg"  # pip builds in the tree it is given: not the sources
"$py" -m pip install -q --no-deps --no-build-isolation --target "$work/site" "$work/pkg" \
  2>&1 | grep -v "as the 'root' user" || true
test -f "$work/site/mbens/__init__.py"
cd "$work"
export PYTHONDONTWRITEBYTECODE=1  # nothing written into the sources
MBENS_LIBRARY=$lib MBENS_EXE=$exe MBENS_SOURCE_DIR=$src PYTHONPATH=$work/site \
  exec "$py" -m pytest -q -rs -p no:cacheprovider "$src/host/python/tests"
