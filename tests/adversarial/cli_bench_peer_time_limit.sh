#!/usr/bin/env bash
# A peer stuck on a query (libccd's signed distance of two coincident spheres ran 66-117 s) is
# killed at --peer-time-limit and its query counted as timed out with the problem index; the run
# takes at most about the limit times the problems. Then SIGTERM and SIGINT during such a query:
# the worker process is killed and reaped (no orphan spinning), exit 143 / 130 at once.
# Usage: cli_bench_peer_time_limit.sh MINKOWSKI PROBLEMS.csv WORK_DIR
set -uo pipefail
minkowski="$1"
problems="$2"
work="$3"
rm -rf "$work" && mkdir -p "$work" && cd "$work"
if ! "$minkowski" bench --help 2>/dev/null | grep libccd-gjk > /dev/null; then
  echo "libccd-gjk peer not built: skipped"; exit 77
fi
run=("$minkowski" bench --problems "$problems" --solvers gjk --peers "libccd-gjk (our support)" --task distance
     --repeats 1)
start=$(date +%s.%N)
"${run[@]}" --peer-time-limit 0.5 > out.txt 2> err.txt
code=$?
elapsed=$(echo "$(date +%s.%N) - $start" | bc)
cat out.txt err.txt
[ "$code" -eq 0 ] || { echo "FAIL: exit code $code, expected 0"; exit 1; }
# 3 problems x 0.5 s, plus start-up and our own solver: well under 10 s.
[ "$(echo "$elapsed < 10" | bc)" -eq 1 ] || { echo "FAIL: took $elapsed s"; exit 1; }
grep -q "libccd-gjk (our support) exceeded the 0.5 s peer time limit on coincident_spheres problem 0" err.txt ||
  { echo "FAIL: no time-out warning with the problem index"; exit 1; }
grep -q "exceeded the per-query time limit (0.5 s, --peer-time-limit) on 3 queries" out.txt ||
  { echo "FAIL: no footnote"; exit 1; }

for signal in TERM INT; do
  # a background job ignores SIGINT unless told otherwise
  env --default-signal=INT "${run[@]}" --peer-time-limit 0 > /dev/null 2>&1 &
  pid=$!
  # wait for the worker (a child of the benchmark) to exist
  worker=""
  for _ in $(seq 100); do
    worker=$(pgrep -P "$pid" || true)
    [ -n "$worker" ] && break
    sleep 0.1
  done
  [ -n "$worker" ] || { echo "FAIL: no worker process"; kill -KILL "$pid"; exit 1; }
  sleep 0.3
  kill -"$signal" "$pid"
  t0=$(date +%s.%N)
  wait "$pid"
  code=$?
  waited=$(echo "$(date +%s.%N) - $t0" | bc)
  expected=$([ "$signal" = TERM ] && echo 143 || echo 130)
  [ "$code" -eq "$expected" ] || { echo "FAIL: SIG$signal: exit $code, expected $expected"; exit 1; }
  [ "$(echo "$waited < 3" | bc)" -eq 1 ] || { echo "FAIL: SIG$signal took $waited s"; exit 1; }
  sleep 0.2
  if kill -0 "$worker" 2>/dev/null; then
    kill -KILL "$worker"
    echo "FAIL: SIG$signal left the worker $worker running"; exit 1
  fi
done
echo "peer time limit ok"
