#!/usr/bin/python3
"""Replay a dataset through solvers and warm starts and draw GJK++ Fig. 13 (time box plots).

Records a small funnel-pairs dataset first when none is given. A solver written in Python can
join the table: --python-gjk registers one (it calls the built-in GJK) to show the mechanism.

    PYTHONPATH=build/release/python /usr/bin/python3 python/examples/replay_fig13.py \
        [--dataset funnel.h5] [--out fig13.png]
"""

import argparse
import os
import tempfile

import numpy as np

import minkowski as mk


class PythonGjk:
    """The smallest Python solver: delegate to the built-in GJK (replace with your prototype)."""

    def query(self, a, pose_a, b, pose_b, request):
        return mk.collide(a, pose_a, b, pose_b, solver="gjk", task=request.task,
                          initial_guess=request.initial_guess)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--dataset")
    parser.add_argument("--solvers", default="gjk,gjk-polyak,gjk-nesterov")
    parser.add_argument("--warm-starts", default="none,obb,previous,transformed-previous")
    parser.add_argument("--task", default="boolean")
    parser.add_argument("--limit", type=int, default=2000)
    parser.add_argument("--python-gjk", action="store_true")
    parser.add_argument("--out", default="fig13.png")
    args = parser.parse_args()
    path = args.dataset
    if path is None:
        path = os.path.join(tempfile.mkdtemp(), "funnel-pairs.h5")
        scene = mk.Scene.load("funnel-pairs")
        scene.trajectories = 20
        mk.record_dataset(scene, path, threads=2)
    solvers = args.solvers.split(",")
    if args.python_gjk:
        mk.register_solver("python-gjk", PythonGjk())
        solvers.append("python-gjk")
    warm = args.warm_starts.split(",")
    out = mk.replay(path, solvers=solvers, warm_starts=warm, task=args.task, repeats=10, limit=args.limit,
                    dynamic_pairs_only=True, progress=True)
    print(out["table"])
    r = out["results"]

    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(figsize=(2 + 1.6 * len(solvers), 4))
    width = 0.8 / len(warm)
    for k, w in enumerate(warm):
        data = [r["time_ns"][(r["solver"] == mk.solver_name(s) if s != "python-gjk" else r["solver"] == s)
                             & (r["warm_start"] == w) & ~r["unsupported"]] for s in solvers]
        positions = np.arange(len(solvers)) + (k - (len(warm) - 1) / 2) * width
        box = ax.boxplot(data, positions=positions, widths=width * 0.9, showfliers=False, patch_artist=True)
        for patch in box["boxes"]:
            patch.set_facecolor(plt.cm.tab10(k))
        ax.plot([], [], color=plt.cm.tab10(k), linewidth=8, label=w)
    ax.set_xticks(np.arange(len(solvers)), solvers)
    ax.set_ylabel("time per query (ns)")
    ax.set_title(f"{args.task}: {len(np.unique(r['problem']))} problems")
    ax.legend(title="warm start")
    fig.tight_layout()
    fig.savefig(args.out, dpi=120)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
