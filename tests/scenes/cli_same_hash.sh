#!/usr/bin/env bash
# CLI determinism check: runs COMMAND twice and passes when both runs exit 0 and print the same,
# non-empty `state hash:` line.
# Usage: cli_same_hash.sh COMMAND [ARGS...]
set -u
first="$("$@" 2>/dev/null)" || { echo "FAIL: first run exited $?"; exit 1; }
second="$("$@" 2>/dev/null)" || { echo "FAIL: second run exited $?"; exit 1; }
a="$(grep -E '^state hash: [0-9a-f]{16}$' <<<"$first")"
b="$(grep -E '^state hash: [0-9a-f]{16}$' <<<"$second")"
printf '%s\n%s\n' "$first" "$b"
if [ -z "$a" ]; then
  echo "FAIL: no 'state hash: <16 hex digits>' line"
  exit 1
fi
if [ "$a" != "$b" ]; then
  echo "FAIL: the two runs differ: '$a' vs '$b'"
  exit 1
fi
