# SPDX-License-Identifier: Apache-2.0
# What every test script shares (sourced): fresh_work, fail() that counts failures and finish()
# that reports them, a loud awk.
#
# fresh_work DIR: DIR emptied for a test's files. Only a folder a test made (it holds
# .mbens-test-work) or one inside a CMake build tree is deleted; anything else (a wrong argument
# order naming a source folder) stops the test before it deletes a byte.
fresh_work() {
  if [ -e "$1" ] && [ ! -e "$1/.mbens-test-work" ]; then
    d=$(cd "$1" 2>/dev/null && pwd -P) || { echo "not a folder: $1"; exit 2; }
    while [ "$d" != / ] && [ ! -f "$d/CMakeCache.txt" ]; do d=$(dirname "$d"); done
    if [ ! -f "$d/CMakeCache.txt" ] && [ -n "$(ls -A "$1")" ]; then
      echo "refusing to empty $1: not a test's work folder (no .mbens-test-work, not in a build tree)"
      exit 2
    fi
  fi
  rm -rf "$1"
  mkdir -p "$1"
  : >"$1/.mbens-test-work"
}

# awk, loud when it fails: the checks capture awk's output (bad=$(awk ...)) and pass when it
# is empty, so a program awk cannot parse or run would pass silently. Its failure prints a
# line instead, which the check then reports.
awk() {
  command awk "$@" || { echo "awk failed (status $?)"; return 1; }
}

# fail MESSAGE: one failure, counted; finish LINE: exit 1 after the count where any failed, else
# print LINE
fails=0
fail() {
  printf 'FAIL: %s\n' "$*"
  fails=$((fails + 1))
}

finish() {
  if [ "$fails" -gt 0 ]; then
    echo "$fails failure(s)"
    exit 1
  fi
  echo "$1"
}
