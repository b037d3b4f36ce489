#!/usr/bin/python3
"""Box plots of a dataset replay in the style of GJK++ Fig. 13.

Reads the per-problem CSV of `minkowski bench DATASET.h5` (one row per problem x solver x warm
start: columns solver, warm_start, task, time_ns, ...) and draws, for each task, one panel per
solver with one box per warm start (the distribution of per-query times over the problems), to
PREFIX.png and PREFIX.svg.

    /usr/bin/python3 python/fig13.py funnel-replay.csv --out funnel-fig13 --title "funnel-pairs"

Needs numpy and matplotlib (Debian: python3-matplotlib). `minkowski bench` runs it itself when
/usr/bin/python3 has them.
"""

import argparse
import csv
import sys
from collections import defaultdict

# The paper's names and order of the warm starts (Sec. IV-E).
WARM_STARTS = [
    ("none", "No WS"),
    ("obb", "OBB WS"),
    ("previous", "WS prev"),
    ("transformed-previous", "WS T(prev)"),
]
SOLVER_TITLES = {
    "gjk": "GJK",
    "gjk-polyak": "Polyak GJK",
    "gjk-nesterov": "Nesterov GJK",
    "gjk-nesterov-normalized": "Nesterov GJK (normalized)",
    "mpr": "MPR",
    "sdf-ellipsoid": "SDF ellipsoid",
    "rtr": "RTR",
}
REQUIRED = ("solver", "warm_start", "task", "time_ns")


def read_times(path):
    """{task: {solver: {warm_start: [time in microseconds]}}} and the solvers in file order."""
    times = defaultdict(lambda: defaultdict(lambda: defaultdict(list)))
    solvers = []
    with open(path, newline="") as f:
        reader = csv.reader(f)
        header = next(reader, None)
        if header is None or any(name not in header for name in REQUIRED):
            sys.exit(f"{path}: not a replay results CSV (needs columns {', '.join(REQUIRED)})")
        column = {name: header.index(name) for name in REQUIRED}
        for row in reader:
            value = row[column["time_ns"]]
            if not value:  # unsupported pair: not timed
                continue
            solver = row[column["solver"]]
            if solver not in solvers:
                solvers.append(solver)
            times[row[column["task"]]][solver][row[column["warm_start"]]].append(float(value) / 1e3)
    return times, solvers


def draw(times, solvers, title):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np

    # One panel per task x solver, three to a row like the paper's figure; each its own scale.
    panels = [(task, solver) for task in times for solver in solvers if times[task][solver]]
    columns = min(3, len(panels))
    rows = (len(panels) + columns - 1) // columns
    fig, axes = plt.subplots(rows, columns, squeeze=False, figsize=(4.2 * columns, 3.4 * rows))
    for k, (task, solver) in enumerate(panels):
        ax = axes[k // columns][k % columns]
        present = [(key, label) for key, label in WARM_STARTS if times[task][solver][key]]
        data = [np.asarray(times[task][solver][key]) for key, _ in present]
        ax.boxplot(data, labels=[label for _, label in present], showfliers=False, whis=(5, 95),
                   medianprops={"color": "C3"})
        for i, values in enumerate(data, start=1):
            median = float(np.median(values))
            ax.annotate(f"{median:.2f}", (i + 0.27, median), va="center", ha="left", fontsize=7,
                        color="C3")
        ax.set_title(f"({chr(ord('a') + k)}) {SOLVER_TITLES.get(solver, solver)}, {task}",
                     fontsize=10)
        ax.tick_params(axis="x", labelsize=8)
        ax.set_ylim(bottom=0)
        ax.grid(axis="y", alpha=0.3)
        if k % columns == 0:
            ax.set_ylabel("time per query (us)")
    for k in range(len(panels), rows * columns):
        axes[k // columns][k % columns].axis("off")
    fig.suptitle(f"{title}: boxes 25-75 %, whiskers 5-95 %, medians in red (us)", fontsize=10)
    fig.tight_layout()
    return fig


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("results", help="per-problem CSV of `minkowski bench DATASET.h5`")
    parser.add_argument("--out", required=True, help="writes OUT.png and OUT.svg")
    parser.add_argument("--title", default="dataset replay")
    args = parser.parse_args()
    times, solvers = read_times(args.results)
    if not solvers:
        sys.exit(f"{args.results}: no timed rows")
    fig = draw(times, solvers, args.title)
    fig.savefig(args.out + ".png", dpi=150)
    fig.savefig(args.out + ".svg")
    print(f"wrote {args.out}.png and {args.out}.svg")


if __name__ == "__main__":
    main()
