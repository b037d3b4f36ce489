#!/usr/bin/env bash
# `record --out X --force` replaces regular files only: a named pipe (as a device node such as
# /dev/full would be, without risking one) is refused with exit 1 and left as it was.
# Usage: cli_record_not_regular.sh MINKOWSKI WORK_DIR
set -uo pipefail
minkowski="$1"
work="$2"
rm -rf "$work" && mkdir -p "$work" && cd "$work"
mkfifo pipe
mkdir folder
for target in pipe folder; do
  "$minkowski" -q record --trajectories 1 --seconds 0.1 --out "$target" --force 2> err.txt
  code=$?
  cat err.txt
  [ "$code" -eq 1 ] || { echo "FAIL: $target: exit code $code, expected 1"; exit 1; }
  grep -q "'$target' is not a regular file" err.txt || { echo "FAIL: $target: no message"; exit 1; }
done
[ -p pipe ] || { echo "FAIL: the pipe was replaced"; exit 1; }
[ -d folder ] || { echo "FAIL: the folder was replaced"; exit 1; }
leftovers=$(ls -A | grep -v -e '^err.txt$' -e '^pipe$' -e '^folder$' || true)
[ -z "$leftovers" ] || { echo "FAIL: left behind: $leftovers"; exit 1; }
echo "not-regular ok"
