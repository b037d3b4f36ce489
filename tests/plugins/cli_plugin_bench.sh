#!/usr/bin/env bash
# The example plugin's solver in `minkowski bench` (a problem CSV), `record` and the replay of
# the recording with the four warm starts.
# Usage: cli_plugin_bench.sh MINKOWSKI PLUGIN.so WORKDIR
set -euo pipefail
mk="$1"
plugin="$2"
out="$3"
rm -rf "$out"
mkdir -p "$out"
fail() { echo "FAIL: $*"; exit 1; }

"$mk" -q bench --generated --pairs 2 --repeats 2 --distances=-0.05,0.01,0.5 --solvers gjk \
  --warm-starts obb --peers none --write-problems "$out/problems.csv" > /dev/null
"$mk" -q bench --problems "$out/problems.csv" --plugin "$plugin" --solvers textbook-gjk,gjk \
  --warm-starts obb --repeats 2 --peers none --out "$out/rows.csv" > "$out/table.txt"
cat "$out/table.txt"
grep -q "textbook-gjk" "$out/table.txt" || fail "no textbook-gjk row in the table"
grep -q "^[^,]*,textbook-gjk,obb," "$out/rows.csv" || fail "no textbook-gjk rows in --out"

"$mk" -q record --scene funnel-pairs --trajectories 2 --seconds 0.5 --plugin "$plugin" \
  --solver textbook-gjk --out "$out/rec.h5"
"$mk" -q bench "$out/rec.h5" --plugin "$plugin" --solvers textbook-gjk,gjk --warm-starts all \
  --repeats 1 --no-plot --out "$out/replay.csv" > "$out/replay.txt"
cat "$out/replay.txt"
for w in none obb previous transformed-previous; do
  grep -q ",textbook-gjk,$w," "$out/replay.csv" || fail "no textbook-gjk x $w in the replay"
done
# Replaying a recording made with a plugin without loading it names the missing solver.
set +e
msg="$("$mk" -q bench "$out/rec.h5" --solvers recorded --no-plot --out "$out/x.csv" 2>&1)"
code=$?
set -e
echo "$msg"
[ "$code" -ne 0 ] || fail "replaying a plugin's recording without --plugin succeeded"
grep -q "textbook-gjk" <<<"$msg" || fail "the error does not name the plugin's solver"
echo OK
