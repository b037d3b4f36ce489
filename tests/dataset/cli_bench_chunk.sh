#!/usr/bin/env bash
# `minkowski bench DATASET.h5 --chunk k/N`: the parts' per-problem rows, concatenated task by task
# in k order, are the whole replay's rows (all columns but time_ns, which is a measurement); an
# empty part is fine; --chunk needs a dataset.
# Usage: cli_bench_chunk.sh MINKOWSKI WORK_DIR
set -euo pipefail
minkowski="$1"
work="$2"
rm -rf "$work" && mkdir -p "$work" && cd "$work"

"$minkowski" -q record --trajectories 3 --seconds 0.25 --out a.h5 > /dev/null
replay=(--solvers gjk,mpr --warm-starts none,previous --task boolean,distance --repeats 1 --no-plot)
"$minkowski" -q bench a.h5 "${replay[@]}" --out all.csv > all.txt
for k in 0 1 2; do
  "$minkowski" -q bench a.h5 "${replay[@]}" --chunk "$k/3" --out "part$k.csv" > "part$k.txt"
  grep -q "(chunk $k/3 of the selection)" "part$k.txt"
done
without_time() { cut -d, -f1-13,15-; }
for task in boolean distance; do
  tail -q -n +2 all.csv | grep ",$task," | without_time > "all-$task.rows"
  tail -q -n +2 part0.csv part1.csv part2.csv | grep ",$task," | without_time > "parts-$task.rows"
  test -s "all-$task.rows"
  cmp "all-$task.rows" "parts-$task.rows"
done

# More parts than problems: an empty part (the first of P + 1) writes just the header.
problems=$(grep -Eo "[0-9]+ of [0-9]+ problems" all.txt | cut -d' ' -f1)
"$minkowski" -q bench a.h5 "${replay[@]}" --chunk "0/$((problems + 1))" --out first.csv \
  > /dev/null
test "$(wc -l < first.csv)" -eq 1
echo "bench --chunk ok"
