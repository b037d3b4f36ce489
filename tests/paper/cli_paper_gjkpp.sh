#!/usr/bin/env bash
# `minkowski paper gjkpp --tiny`: exit 0, every table of the report (Figs. 7, 9, 10 by distance,
# the Table I summary, Fig. 13, the claims with a verdict each), the CSV's header and rows for
# both supports and the four warm starts, and no failed run.
# Usage: cli_paper_gjkpp.sh MINKOWSKI WORKDIR
set -euo pipefail
cli="$1"
dir="$2"
rm -rf "$dir" && mkdir -p "$dir"
fail() { echo "FAIL: $*"; exit 1; }

"$cli" paper gjkpp --tiny --out "$dir/gjkpp.csv" --quiet >"$dir/gjkpp.txt"
cat "$dir/gjkpp.txt"
for pattern in "^== ellipsoids, distance \(Fig. 7a\) ==$" "^== ellipsoids, boolean \(Fig. 7b\) ==$" \
    "^== funnel objects, distance \(Figs. 9, 10a\) ==$" "^== summary by distance group" \
    "^== Fig. 13: boolean GJK on funnel-drop calls, 1 funnel-pairs trajectories" \
    "^d \(m\) +support +n +gjk it +gjk us +polyak it/T +nesterov it/T +nest-norm it/T +fail g/p/n/nn$" \
    "^\+0.001 +cube-map +2 " "^\+0.001 +hill-climb +2 " \
    "^hill-climb +obb " "^cube-map +transformed-previous " \
    "Table I: meshes shallow, .* hill-climb support .*(holds|does not hold)$" \
    "Fig. 13: norm. Nesterov \+ OBB WS beats .*cube-map support .*(holds|does not hold)$"; do
  grep -Eq -- "$pattern" "$dir/gjkpp.txt" || fail "output does not match /$pattern/"
done
if grep -Eq "not measured" "$dir/gjkpp.txt"; then fail "a claim was not measured"; fi
header="set,task,support,grid_distance,reference_distance,variant,warm_start,time_ns,iterations,support_calls,status,collide,distance,failed"
[ "$(head -1 "$dir/gjkpp.csv")" = "$header" ] || fail "CSV header"
awk -F, 'NR > 1 && (NF != 14 || $14 != 0) { print; bad = 1 } END { exit bad }' "$dir/gjkpp.csv" \
  || fail "CSV failures or malformed rows"
for what in "ellipsoids,distance,cube-map" "funnel objects,boolean,hill-climb" \
    "fig13,boolean,hill-climb" "fig13,boolean,cube-map"; do
  grep -qF -- "$what" "$dir/gjkpp.csv" || fail "no CSV row for $what"
done
[ "$(grep -c '^fig13,.*,transformed-previous,' "$dir/gjkpp.csv")" -gt 0 ] || fail "no Fig. 13 rows"
echo "ok"
