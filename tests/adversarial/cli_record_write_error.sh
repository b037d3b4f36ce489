#!/usr/bin/env bash
# `record` after a write error (file size limit, SIGXFSZ ignored so that write() fails with EFBIG):
# a one-line "File too large" error, exit 1 (it was 139: a segfault in HDF5's exit handler), and
# nothing left behind. Usage: cli_record_write_error.sh MINKOWSKI WORK_DIR
set -uo pipefail
minkowski="$1"
work="$2"
rm -rf "$work" && mkdir -p "$work" && cd "$work"
(
  trap '' XFSZ
  ulimit -f 200 # 200 blocks of 512 bytes: 100 kB
  exec "$minkowski" -q record --trajectories 400 --seconds 0.5 --out big.h5
) > out.txt 2> err.txt
code=$?
cat err.txt
if [ "$code" -ne 1 ]; then
  echo "FAIL: exit code $code, expected 1"; exit 1
fi
grep -q "File too large" err.txt || { echo "FAIL: no 'File too large' message"; exit 1; }
leftovers=$(ls -A | grep -v -e '^err.txt$' -e '^out.txt$' || true)
if [ -n "$leftovers" ]; then
  echo "FAIL: left behind: $leftovers"; exit 1
fi
echo "write error ok"
