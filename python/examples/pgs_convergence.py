#!/usr/bin/python3
"""Share of steps whose contact solver reached its tolerance, by phase of the run, over seeds.

The crowded funnel's PGS converges once the pile has formed and rarely while it forms
(docs/engine.md, "PGS convergence"): this prints both, seed by seed.

    PYTHONPATH=build/release/python /usr/bin/python3 python/examples/pgs_convergence.py \
        [--scene funnel] [--seeds 1 12] [--phases 0.5 2.5] [--meshes DIR] [--contact-cache]
"""

import argparse

import numpy as np

import minkowski as mk


def shares(converged, times, edges):
    """Percent of converged steps in each interval (edges[i], edges[i + 1]]."""
    return [100.0 * converged[(times > a) & (times <= b)].mean() for a, b in zip(edges, edges[1:])]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--scene", default="funnel")
    parser.add_argument("--seeds", type=int, nargs=2, default=(1, 12), metavar=("FIRST", "LAST"))
    parser.add_argument("--phases", type=float, nargs="*", default=(0.5, 2.5),
                        help="times (s) that split the run into phases")
    parser.add_argument("--meshes", help="folder of meshes replacing the scene's objects")
    parser.add_argument("--contact-cache", action="store_true")
    args = parser.parse_args()
    scene = mk.Scene.load(args.scene)
    if args.meshes:
        scene.use_meshes(args.meshes)
    steps = scene.steps_per_trajectory
    times = np.arange(1, steps + 1) * (scene.seconds / steps)
    edges = [0.0, *args.phases, scene.seconds]
    rows = []
    for seed in range(args.seeds[0], args.seeds[1] + 1):
        scene.seed = seed
        world = scene.build(0)
        world.set_contact_cache(args.contact_cache)
        stats = world.step(steps, stats=True)
        converged = np.asarray(stats["pgs_converged"], dtype=bool)
        row = [100.0 * converged.mean(), *shares(converged, times, edges)]
        rows.append(row)
        print(f"seed {seed}: " + "  ".join(f"{v:5.1f}%" for v in row), flush=True)
    print("columns: all steps, then " + ", ".join(f"{a:g}-{b:g} s" for a, b in zip(edges, edges[1:])))
    table = np.array(rows)
    print("mean   " + "  ".join(f"{v:5.1f}%" for v in table.mean(axis=0)))
    print("median " + "  ".join(f"{v:5.1f}%" for v in np.median(table, axis=0)))


if __name__ == "__main__":
    main()
