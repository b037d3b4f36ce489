#!/usr/bin/env bash
# Runs a pytest file with Debian's Python; exit 77 (ctest: skipped) when it lacks what it needs.
set -euo pipefail
python=/usr/bin/python3
if ! "$python" -c "import pytest, distributed, h5py, numpy" 2> /dev/null; then
  echo "skipped: $python lacks pytest, distributed, h5py or numpy (Debian: python3-pytest" \
       "python3-distributed python3-h5py python3-numpy)"
  exit 77
fi
cd "$(dirname "$1")"
exec "$python" -m pytest -q -p no:cacheprovider "$1"
