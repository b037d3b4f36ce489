#!/usr/bin/python3
"""Issue 15's acceptance against coal 3.0, by one command: rounds of coal's `peerbench` and of
`minkowski bench --problems` (and optionally of a baseline `minkowski`) alternated on the same
problem set, each round's medians and the ratios ours / coal, then the median of the rounds.

The anchor is built outside the repository (../shared/tools/README.md: coal, then peerbench, then
the YCB problem set with gen_problems.py). The groups are those of the acceptance: boolean over
all problems, distance over all problems, and distance over the overlapping ones (EPA: reference
distance below -1e-6 m, peerbench's "overlapping (ref < 0)"). coal's rows are its default GJK with
the bounding-volume guess (`coal-gjk/default/bvguess`, `coal-gjk+epa/default/bvguess`), our run is vanilla `gjk` with the `obb`
guess: the same cold start. Times are medians over problems of each side's per-problem time (mean
of the fastest 90% of the repetitions, clock overhead handled by each tool).

  scripts/coal-ratios.py --peerbench PB/peerbench --problems ycb.csv [--rounds 3] [--reps 50]
                         [--minkowski build/release/apps/minkowski] [--baseline OLD_MINKOWSKI]

Exit status 1 (with a message) when a tool fails or its output lacks a group."""
import argparse
import csv
import os
import re
import statistics
import subprocess
import sys
import tempfile

GROUPS = ("boolean", "distance", "EPA")
OVERLAP = -1e-6  # reference distance below which a problem counts as overlapping (m)
# coal's default GJK with the bounding-volume guess, alone (boolean) and followed by its EPA
COAL_ROWS = ("coal-gjk/default/bvguess", "coal-gjk+epa/default/bvguess")


def fail(message):
    print(f"coal-ratios: {message}", file=sys.stderr)
    sys.exit(1)


def reference_distances(problems):
    with open(problems, newline="") as f:
        rows = csv.DictReader(line for line in f if not line.startswith("#"))
        if rows.fieldnames is None or "ref_distance" not in rows.fieldnames:
            fail(f"{problems}: no ref_distance column (make it with gen_problems.py --peerbench)")
        return [float(r["ref_distance"]) for r in rows]


def our_medians(results, ref):
    """(boolean, distance, EPA) medians of a `minkowski bench --out` CSV, in ns."""
    times = {"boolean": {}, "distance": {}}
    with open(results, newline="") as f:
        for r in csv.DictReader(f):
            if r["task"] in times:
                times[r["task"]][int(r["problem"])] = float(r["time_ns"])
    if len(times["boolean"]) != len(ref) or len(times["distance"]) != len(ref):
        fail(f"{results}: {len(times['boolean'])} boolean and {len(times['distance'])} distance "
             f"rows for {len(ref)} problems")
    overlapping = [t for k, t in times["distance"].items() if ref[k] < OVERLAP]
    if not overlapping:
        fail("no overlapping problem in the set")
    return (statistics.median(times["boolean"].values()),
            statistics.median(times["distance"].values()), statistics.median(overlapping))


def coal_medians(text):
    """(boolean, distance, EPA) medians of coal's default GJK with the bounding-volume guess in a
    peerbench report, in ns."""
    found = {}
    group = None
    for line in text.splitlines():
        header = re.match(r"== task (\w+) \| (\w+)", line)
        if header:
            group = (header.group(1), header.group(2))
            continue
        fields = line.split()
        if group and fields and fields[0] in COAL_ROWS:
            found[group] = float(fields[2])
    wanted = [("boolean", "all"), ("distance", "all"), ("distance", "overlapping")]
    missing = [f"{t} | {g}" for t, g in wanted if (t, g) not in found]
    if missing:
        fail("peerbench's report has no coal default/bvguess row for " + ", ".join(missing) +
             " (is peerbench built with coal?)")
    return tuple(found[w] for w in wanted)


def run(command):
    done = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if done.returncode != 0:
        fail(f"{' '.join(command)} exited with {done.returncode}: {done.stderr.strip()[-400:]}")
    return done.stdout


def bench(minkowski, problems, reps, out):
    run([minkowski, "bench", "--problems", problems, "--solvers", "gjk", "--warm-starts", "obb",
         "--peers", "none", "--repeats", str(reps), "--out", out])


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--peerbench", required=True, help="peerbench binary built with coal")
    p.add_argument("--problems", required=True, help="collision-problem CSV with ref_distance")
    p.add_argument("--minkowski", default="build/release/apps/minkowski")
    p.add_argument("--baseline", help="another minkowski binary, run in the same rounds")
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--reps", type=int, default=50)
    a = p.parse_args()
    for path in [a.peerbench, a.minkowski] + ([a.baseline] if a.baseline else []):
        if not os.access(path, os.X_OK):
            fail(f"{path}: not an executable")
    ref = reference_distances(a.problems)
    sides = [("ours", a.minkowski)] + ([("baseline", a.baseline)] if a.baseline else [])
    ratios = {name: [] for name, _ in sides}
    print(f"{'round':<6} {'side':<9} " + " ".join(f"{g + ' ns':>12}" for g in GROUPS) + "   " +
          " ".join(f"{g + '/coal':>13}" for g in GROUPS))
    with tempfile.TemporaryDirectory() as tmp:
        for r in range(1, a.rounds + 1):
            coal = coal_medians(run([a.peerbench, a.problems, "--reps", str(a.reps)]))
            print(f"{r:<6} {'coal':<9} " + " ".join(f"{c:12.0f}" for c in coal))
            for name, binary in sides:
                out = os.path.join(tmp, f"{name}.csv")
                bench(binary, a.problems, a.reps, out)
                ours = our_medians(out, ref)
                ratio = [o / c for o, c in zip(ours, coal)]
                ratios[name].append(ratio)
                print(f"{r:<6} {name:<9} " + " ".join(f"{o:12.0f}" for o in ours) + "   " +
                      " ".join(f"{x:13.3f}" for x in ratio))
    for name, _ in sides:
        medians = [statistics.median(x[i] for x in ratios[name]) for i in range(len(GROUPS))]
        print(f"median of {a.rounds} rounds, {name}: " +
              ", ".join(f"{g} {m:.3f}" for g, m in zip(GROUPS, medians)))


if __name__ == "__main__":
    main()
