# SPDX-License-Identifier: Apache-2.0
# What the api scripts share (sourced): the Python to test with, and the package installed as
# users install it.

# pick_python MODULES: prints the first of $MBENS_TEST_PYTHON, python3, /usr/bin/python3 that
# imports MODULES ("numpy, pytest"), nothing when none does
pick_python() {
  for c in ${MBENS_TEST_PYTHON:-} python3 /usr/bin/python3; do
    if "$c" -c "import $1" 2>/dev/null; then
      echo "$c"
      return
    fi
  done
}

# install_package PY SRC WORK: pip-installs SRC/host/python (copied: pip builds in the tree it is
# given, not in the sources) into WORK/site, offline (no dependencies, no build isolation)
install_package() {
  cp -r "$2/host/python" "$3/pkg"
  "$1" -m pip install -q --no-deps --no-build-isolation --target "$3/site" "$3/pkg" 2>&1 |
    grep -v "as the 'root' user" || true
  test -f "$3/site/mbens/__init__.py"
}
