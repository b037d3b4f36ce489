#!/usr/bin/env bash
# CLI test of solver choices (NAME:subalgo=S) and --subalgos in `minkowski bench`: the generated
# path and the problem-CSV path run them, the table and the results CSV's solver column name them
# (name(SolverChoice): johnson, the default, is not written), and the replay of a CSV names them too.
# Usage: cli_solver_choices.sh MINKOWSKI TINY_CSV WORK_DIR
set -euo pipefail
minkowski="$1"
tiny="$2"
work="$3"
rm -rf "$work" && mkdir -p "$work"

# Generated sets: two choices of gjk side by side in the table.
"$minkowski" bench --generated --pairs 1 --distances -0.01,0.01 --repeats 2 --quiet --peers none \
  --solvers gjk,gjk:subalgo=barycode --warm-starts obb --task boolean > "$work/generated.txt"
grep -Eq "gjk:subalgo=barycode +obb" "$work/generated.txt"
grep -Eq "gjk +obb" "$work/generated.txt"

# Problem CSV: --solvers gjk-polyak,mpr --subalgos all = 3 polyak choices + mpr, 4 problems,
# 1 warm start, 1 task.
"$minkowski" bench --problems "$tiny" --repeats 2 --quiet --peers none \
  --solvers gjk-polyak,mpr --subalgos all --warm-starts none --task distance \
  --out "$work/results.csv" > "$work/file.txt"
test "$(head -1 "$work/results.csv")" = \
  "problem,solver,warm_start,task,status,collide,distance,iterations,time_ns"
test "$(tail -n +2 "$work/results.csv" | wc -l)" -eq 16
test "$(cut -d, -f2 "$work/results.csv" | tail -n +2 | sort -u | tr '\n' ' ')" = \
  "gjk-polyak gjk-polyak:subalgo=barycode gjk-polyak:subalgo=signed-volume mpr "
grep -q "gjk-polyak:subalgo=signed-volume" "$work/file.txt"
# Every choice answers the same separated distances (johnson, signed-volume, barycode agree to
# the GJK tolerance): compare the distance column per problem across the polyak choices.
awk -F, 'NR > 1 && $2 ~ /^gjk-polyak/ && $5 == "separated" {
           d = $7 + 0; p = $1
           if (p in ref) { if (d - ref[p] > 1e-6 || ref[p] - d > 1e-6) { bad = 1 } } else { ref[p] = d }
         } END { exit bad }' "$work/results.csv"

# Replay of the CSV as a dataset: the per-problem CSV names the choices.
"$minkowski" bench "$tiny" --repeats 2 --quiet --no-plot --solvers gjk:subalgo=signed-volume,gjk \
  --warm-starts obb --out "$work/replay.csv" > "$work/replay.txt"
grep -q "gjk:subalgo=signed-volume" "$work/replay.txt"
test "$(cut -d, -f6 "$work/replay.csv" | tail -n +2 | sort -u | tr '\n' ' ')" = \
  "gjk gjk:subalgo=signed-volume "
echo "solver choices ok"
