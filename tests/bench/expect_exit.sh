#!/usr/bin/env bash
# CLI smoke-test helper: runs COMMAND and passes when it exits with CODE and its output (stdout
# and stderr) matches the extended regular expression PATTERN.
# Usage: expect_exit.sh CODE PATTERN COMMAND [ARGS...]
set -u
expected="$1"
pattern="$2"
shift 2
output="$("$@" 2>&1)"
code=$?
printf '%s\n' "$output"
if [ "$code" -ne "$expected" ]; then
  echo "FAIL: exit code $code, expected $expected"
  exit 1
fi
if ! grep -Eq -- "$pattern" <<<"$output"; then
  echo "FAIL: output does not match /$pattern/"
  exit 1
fi
