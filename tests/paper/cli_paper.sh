#!/usr/bin/env bash
# `minkowski paper sdf` and `paper rtr` on a tiny configuration: exit 0, the tables' titles and
# headers, the CSV header and row count, and no failure in the CSVs or the summaries.
# Usage: cli_paper.sh MINKOWSKI WORKDIR
set -euo pipefail
cli="$1"
dir="$2"
rm -rf "$dir" && mkdir -p "$dir"
fail() { echo "FAIL: $*"; exit 1; }

"$cli" paper sdf --kinds box,rounded-box,hull50 --levels=-0.02,0.02 --poses 2 --repeats 2 \
    --out "$dir/sdf.csv" --quiet >"$dir/sdf.txt"
cat "$dir/sdf.txt"
for pattern in "== collision detection" "== signed distance" "^rounded-box$" "^hull50$" \
    "d/L +n +sdf us +gjk us +mpr us +sdf/gjk +sdf/mpr +sdf<gjk % +sdf<mpr % +sdf cuts" \
    "^rounded-box +4 .* 0/0/0 +78\.6$" "^box +4 .* 0/0/0 +-$"; do
  grep -Eq -- "$pattern" "$dir/sdf.txt" || fail "sdf output does not match /$pattern/"
done
header="kind,task,level,mean_radius,reference_distance,solver,time_ns,status,collide,distance,iterations,penetration_iterations,failed"
[ "$(head -1 "$dir/sdf.csv")" = "$header" ] || fail "sdf CSV header"
# 3 kinds x 2 levels x 2 poses x 2 tasks x 3 solvers
[ "$(tail -n +2 "$dir/sdf.csv" | wc -l)" -eq 72 ] || fail "sdf CSV rows"
awk -F, 'NR > 1 && (NF != 13 || $13 != 0) { exit 1 }' "$dir/sdf.csv" || fail "sdf CSV failures"

"$cli" paper rtr --poses 1 --repeats 2 --out "$dir/rtr.csv" --quiet >"$dir/rtr.txt"
cat "$dir/rtr.txt"
for pattern in "^pair +n +gjk\+epa us +rtr us +rtr/gjk +paper gjk-epa +paper rtr" \
    "^ellipsoid - ellipsoid +1 .* 58 +14 " "^cylinder - cylinder +1 .* 83 +60 " \
    "^all pairs +36 .* 0/0$"; do
  grep -Eq -- "$pattern" "$dir/rtr.txt" || fail "rtr output does not match /$pattern/"
done
header="shape_a,shape_b,mean_radius,reference_distance,solver,time_ns,status,distance,iterations,penetration_iterations,optimality,failed"
[ "$(head -1 "$dir/rtr.csv")" = "$header" ] || fail "rtr CSV header"
[ "$(tail -n +2 "$dir/rtr.csv" | wc -l)" -eq 72 ] || fail "rtr CSV rows" # 36 pairs x 2 solvers
awk -F, 'NR > 1 && (NF != 12 || $12 != 0) { exit 1 }' "$dir/rtr.csv" || fail "rtr CSV failures"
echo "ok"
