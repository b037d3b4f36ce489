#!/usr/bin/env bash
# CLI smoke test: a tiny generated set exported with --write-problems, benchmarked again from the
# file with --out and --csv-summary; checks the files and the row counts.
# Usage: cli_roundtrip.sh MINKOWSKI WORK_DIR
set -euo pipefail
minkowski="$1"
work="$2"
rm -rf "$work" && mkdir -p "$work"

"$minkowski" bench --generated --pairs 1 --distances -0.01,0.01 --repeats 2 --quiet \
  --solvers gjk,gjk-nesterov --warm-starts none,previous --peers none \
  --write-problems "$work/set.csv" > "$work/generated.txt"
test "$(head -1 "$work/set.csv")" = "# collision-problems v1"
# 2 sets x 1 pair x 2 distances, after the two header lines; generated hulls exported beside.
test "$(tail -n +3 "$work/set.csv" | wc -l)" -eq 4
ls "$work"/set_meshes/*.obj > /dev/null

"$minkowski" bench --problems "$work/set.csv" --repeats 2 --quiet --peers none \
  --solvers gjk,mpr --warm-starts none,obb --task all \
  --out "$work/results.csv" --csv-summary "$work/summary.csv" > "$work/file.txt"
test "$(head -1 "$work/results.csv")" = \
  "problem,solver,warm_start,task,status,collide,distance,iterations,time_ns"
# 4 problems x 2 solvers x 2 warm starts x 2 tasks.
test "$(tail -n +2 "$work/results.csv" | wc -l)" -eq 32
test "$(cut -d, -f1 "$work/results.csv" | tail -n +2 | sort -u | tr '\n' ' ')" = "0 1 2 3 "
grep -q "^task,set,group,solver" "$work/summary.csv"
grep -q "overlapping" "$work/file.txt"
echo "round trip ok"
