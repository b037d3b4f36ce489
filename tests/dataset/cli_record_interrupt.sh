#!/usr/bin/env bash
# Ctrl-C during `minkowski record`: exit code 130 and nothing left behind (neither the output nor
# its temporary file). Usage: cli_record_interrupt.sh MINKOWSKI WORK_DIR
set -uo pipefail
minkowski="$1"
work="$2"
rm -rf "$work" && mkdir -p "$work" && cd "$work"
"$minkowski" -q record --trajectories 100000 --seconds 1 --out big.h5 2> err.txt &
pid=$!
sleep 1.5
kill -INT "$pid"
wait "$pid"
code=$?
cat err.txt
if [ "$code" -ne 130 ]; then
  echo "FAIL: exit code $code, expected 130"; exit 1
fi
grep -q "interrupted: big.h5 was not written" err.txt || { echo "FAIL: no message"; exit 1; }
leftovers=$(ls -A | grep -v '^err.txt$' || true)
if [ -n "$leftovers" ]; then
  echo "FAIL: left behind: $leftovers"; exit 1
fi
echo "interrupt ok"
