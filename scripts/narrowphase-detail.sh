#!/usr/bin/env bash
# The narrow phase's public API, mechanically: moves the algorithm internals from
# narrowphase/include/minkowski/narrowphase/ to its detail/ folder (included by narrowphase/src
# and the white-box tests only; not part of the API) and rewrites every include of them in the
# tree. Idempotent: a header already in detail/ is left alone, so it can be run again after a
# merge that brought new includes of the old paths.
#
#   scripts/narrowphase-detail.sh        (from anywhere in the repository; then build and test)
set -euo pipefail
cd "$(git rev-parse --show-toplevel)"
public=narrowphase/include/minkowski/narrowphase
# Support adapters that know no solver first: SmoothSupport.h and PolyhedronSdf.h out of the
# solvers' Rtr.h and SdfEllipsoid.h (Shape.cpp then includes no solver header).
/usr/bin/python3 scripts/narrowphase-support-headers.py
internals=(BarycodeSimplex Epa Gjk GjkMomentum JohnsonSimplex MinkowskiDifference Mpr
           SdfEllipsoid SignedVolumeCommon SignedVolumeSimplex Simplex)
mkdir -p "$public/detail"
for h in "${internals[@]}"; do
  if [ -f "$public/$h.h" ]; then
    git mv "$public/$h.h" "$public/detail/$h.h"
  fi
done
pattern="$(IFS='|'; echo "${internals[*]}")"
git grep -lE "minkowski/narrowphase/($pattern)\.h" -- '*.h' '*.cpp' '*.hpp' '*.md' '*.txt' '*.py' |
  xargs -r sed -i -E "s#minkowski/narrowphase/($pattern)\.h#minkowski/narrowphase/detail/\1.h#g"
git add "$public/SmoothSupport.h" "$public/PolyhedronSdf.h"
echo "moved to $public/detail: ${internals[*]}"
