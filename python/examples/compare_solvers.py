#!/usr/bin/python3
"""Compare the solvers on random YCB-like pairs and plot their times.

Random pairs of convex hulls (generated ones, or the hulls of a folder of OBJ files such as the
YCB objects with --meshes) placed GJK++-style at distances from -0.1 m to 1 m, timed by the
benchmark runner of `minkowski bench`; box plots of the per-query times by solver and task.

    PYTHONPATH=build/release/python /usr/bin/python3 python/examples/compare_solvers.py \
        [--meshes ../shared/meshes/ycb] [--out solvers.png]
"""

import argparse
import pathlib

import numpy as np

import minkowski as mk


def mesh_problems(folder, pairs, seed):
    """GJK++-style problems on the hulls of a folder's OBJ files."""
    rng = np.random.default_rng(seed)
    hulls = [mk.Shape.mesh_file(str(p)) for p in sorted(pathlib.Path(folder).glob("*.obj"))]
    if len(hulls) < 2:
        raise SystemExit(f"{folder}: fewer than two .obj files")
    base = mk.generate_problems("hulls", pairs=pairs, seed=seed)  # poses of the GJK++ protocol
    n = len(base["a"])
    return {"a": [hulls[i] for i in rng.integers(len(hulls), size=n)],
            "b": [hulls[i] for i in rng.integers(len(hulls), size=n)],
            "pose_a": base["pose_a"], "pose_b": base["pose_b"]}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--meshes", help="folder of OBJ files (default: generated hulls)")
    parser.add_argument("--pairs", type=int, default=10)
    parser.add_argument("--solvers", default="gjk,gjk-polyak,gjk-nesterov,gjk:subalgo=barycode,mpr")
    parser.add_argument("--out", default="solvers.png")
    args = parser.parse_args()
    problems = (mesh_problems(args.meshes, args.pairs, 0) if args.meshes
                else mk.generate_problems("hulls", pairs=args.pairs, seed=0))
    solvers = args.solvers.split(",")
    out = mk.bench(problems, solvers=solvers, tasks=["boolean", "distance"], repeats=10)
    ok = ~out["unsupported"]
    for task in ("boolean", "distance"):
        for s in solvers:
            t = out["time_ns"][ok & (out["solver"] == mk.solver_name(s)) & (out["task"] == task)]
            print(f"{task:<9} {s:<28} median {np.median(t):8.0f} ns   p90 {np.percentile(t, 90):8.0f} ns")

    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, axes = plt.subplots(1, 2, figsize=(11, 4), sharey=True)
    for ax, task in zip(axes, ("boolean", "distance")):
        data = [out["time_ns"][ok & (out["solver"] == mk.solver_name(s)) & (out["task"] == task)] for s in solvers]
        ax.boxplot(data, labels=solvers, showfliers=False)
        ax.set_title(task)
        ax.tick_params(axis="x", rotation=30)
    axes[0].set_ylabel("time per query (ns)")
    fig.tight_layout()
    fig.savefig(args.out, dpi=120)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
