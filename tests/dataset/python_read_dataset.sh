#!/usr/bin/env bash
# The Python example of docs/dataset.md (python/read_dataset.py) on a tiny recording, with
# Debian's /usr/bin/python3 and h5py. Exit 77 (skipped) when h5py is missing.
# Usage: python_read_dataset.sh MINKOWSKI WORK_DIR PYTHON_DIR
set -euo pipefail
minkowski="$1"
work="$2"
python_dir="$3"
if ! /usr/bin/python3 -c "import h5py, numpy" 2> /dev/null; then
  echo "SKIP: /usr/bin/python3 has no h5py (Debian: python3-h5py)"
  exit 77
fi
rm -rf "$work" && mkdir -p "$work"
"$minkowski" -q record --trajectories 3 --seconds 0.5 --out "$work/tiny.h5" > /dev/null
/usr/bin/python3 "$python_dir/read_dataset.py" "$work/tiny.h5" --trajectory 1 | tee "$work/out.txt"
grep -q "scene funnel-pairs (builtin:funnel-pairs), seed 123" "$work/out.txt"
grep -q "trajectories 0..2 of 3" "$work/out.txt"
grep -Eq "previous warm start recomputed for ([0-9]+) of \1 calls" "$work/out.txt"
grep -Eq "[1-9][0-9]* problem poses equal the states of their step" "$work/out.txt"
