#!/usr/bin/env bash
# CLI test of the dataset commands on a tiny recording (3 trajectories x 0.5 s of funnel-pairs):
# record (threads 1 and 2 give the same bytes; no overwrite without --force), record shards and
# merge them (the same bytes as the unsharded file), bench the dataset (table, per-problem CSV,
# plots when /usr/bin/python3 has matplotlib), export it and bench the CSV.
# Usage: cli_pipeline.sh MINKOWSKI WORK_DIR PYTHON_DIR
set -euo pipefail
minkowski="$1"
work="$2"
rm -rf "$work" && mkdir -p "$work" && cd "$work"
tiny=(--trajectories 3 --seconds 0.5)

"$minkowski" -q record "${tiny[@]}" --threads 2 --out a.h5 > record.txt
grep -q "recorded funnel-pairs: trajectories 0 to 2 of 3" record.txt
"$minkowski" -q record "${tiny[@]}" --threads 1 --out b.h5 > /dev/null
cmp a.h5 b.h5

# An existing output is kept without --force.
if "$minkowski" -q record "${tiny[@]}" --out b.h5 2> exists.txt; then
  echo "FAIL: overwrote b.h5 without --force"; exit 1
fi
grep -q "'b.h5' exists; use --force" exists.txt
"$minkowski" -q record "${tiny[@]}" --out b.h5 --force > /dev/null
cmp a.h5 b.h5

# Shards, merged in any order, give the unsharded file; a missing shard is an error.
"$minkowski" -q record "${tiny[@]}" --shard 1/2 --out s1.h5 > /dev/null
"$minkowski" -q record "${tiny[@]}" --shard 0/2 --out s0.h5 > /dev/null
"$minkowski" -q merge s1.h5 s0.h5 --out merged.h5 > merge.txt
grep -q "merged 2 shards: 3 trajectories" merge.txt
cmp a.h5 merged.h5
if "$minkowski" -q merge s1.h5 --out partial.h5 2> missing.txt; then
  echo "FAIL: merged an incomplete set of shards"; exit 1
fi
grep -q "a shard is missing" missing.txt
test ! -e partial.h5

# Replay: 2 solvers x 4 warm starts, boolean by default.
"$minkowski" -q bench a.h5 --solvers gjk,gjk-nesterov --repeats 2 --out replay.csv \
  --plot fig13 > bench.txt
grep -Eq "^boolean +gjk-nesterov +transformed-previous" bench.txt
head -1 replay.csv | grep -q "^problem,trajectory,step,body_a,body_b,solver,warm_start,task"
problems=$(grep -Eo "[0-9]+ of [0-9]+ problems" bench.txt | cut -d' ' -f1)
test "$(tail -n +2 replay.csv | wc -l)" -eq $((problems * 8))
if /usr/bin/python3 -c "import numpy, matplotlib" 2> /dev/null; then
  test -s fig13.png && test -s fig13.svg
fi

# Export to the collision-problem CSV and benchmark it through both paths.
"$minkowski" -q export a.h5 --out problems.csv > export.txt
grep -q "exported $problems of" export.txt
head -1 problems.csv | grep -q "^# collision-problems v1"
ls problems_meshes/*.obj > /dev/null
"$minkowski" -q bench --problems problems.csv --solvers gjk --warm-starts obb --repeats 1 \
  --task boolean --peers none > csv.txt
grep -q "problems ($problems problems)" csv.txt
"$minkowski" -q bench problems.csv --solvers gjk --warm-starts previous --repeats 1 --no-plot \
  --out csv-replay.csv > csv-replay.txt
grep -Eq "^boolean +gjk +previous +$problems +$problems " csv-replay.txt # every one falls back
echo "dataset pipeline ok"
