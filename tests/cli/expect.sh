#!/bin/sh
# expect.sh RC PATTERN CMD...: runs CMD, fails unless its exit code is RC and its combined
# output matches the extended regular expression PATTERN; with PATTERN written !REGEX, unless
# the output does NOT match REGEX (the absence of a warning).
rc_want=$1
pattern=$2
shift 2
out=$("$@" 2>&1)
rc=$?
if [ "$rc" -ne "$rc_want" ]; then
  printf 'exit code %d, expected %d; output:\n%s\n' "$rc" "$rc_want" "$out"
  exit 1
fi
case $pattern in
  !*)
    if printf '%s\n' "$out" | grep -Eq -- "${pattern#!}"; then
      printf 'output matches /%s/ and should not:\n%s\n' "${pattern#!}" "$out"
      exit 1
    fi
    ;;
  *)
    if ! printf '%s\n' "$out" | grep -Eq -- "$pattern"; then
      printf 'output does not match /%s/:\n%s\n' "$pattern" "$out"
      exit 1
    fi
    ;;
esac
exit 0
