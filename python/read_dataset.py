#!/usr/bin/python3
"""Reads a minkowski trajectory dataset with h5py (the example of docs/dataset.md).

    /usr/bin/python3 python/read_dataset.py funnel.h5 [--trajectory 0]

Prints how the dataset was made, its shapes and tables, one trajectory's motion and problems, and
checks what docs/dataset.md promises: problem poses equal the states of their step, and the
`previous` warm start of a problem is the previous query's separation when the pair was queried
at the step before (else the paper's OBB fallback).
"""

import argparse
import sys

import h5py
import numpy as np


def pose_matrix(pose):
    """4x4 matrix of a stored pose (qw, qx, qy, qz, tx, ty, tz): shape frame -> world."""
    w, x, y, z, tx, ty, tz = pose
    return np.array([
        [1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w), tx],
        [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w), ty],
        [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y), tz],
        [0, 0, 0, 1],
    ])


def shape_vertices(f, s):
    """Hull vertices of shape s (an empty array for primitives)."""
    shapes = f["shapes"]
    offset, count = shapes["vertex_offset"][s], shapes["vertex_count"][s]
    return shapes["vertices"][offset:offset + count]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dataset")
    parser.add_argument("--trajectory", type=int, default=0, help="row of trajectories/index")
    args = parser.parse_args()

    with h5py.File(args.dataset, "r") as f:
        meta = dict(f["meta"].attrs)
        print(f"{args.dataset}: {meta['format']} v{meta['schema_version']}, "
              f"program {meta['program_version']}, {meta['source']}")
        print(f"scene {meta['scene_name']} ({meta['scene_file']}), seed {meta['seed']}, "
              f"step {meta['time_step']:.6f} s x {meta['steps_per_trajectory']}, "
              f"trajectories {meta['first_trajectory']}.."
              f"{meta['first_trajectory'] + meta['trajectory_count'] - 1} "
              f"of {meta['scene_trajectories']}, recorded with {meta['solver']} / "
              f"{meta['warm_start']}")

        shapes = f["shapes"]
        type_names = shapes["type"].attrs["names"].split(",")
        names = shapes["name"].asstr()[:]
        schema = int(meta["schema_version"])
        for s, (t, name) in enumerate(zip(shapes["type"][:], names)):
            kind = type_names[t]
            if kind in ("mesh", "smoothed-hull"):
                detail = f"{len(shape_vertices(f, s))} hull vertices"
            else:
                detail = f"params {shapes['params'][s]}"
            if schema >= 2 and shapes["inflation"][s] != 0:  # rounding or inflation
                detail += f", inflation {shapes['inflation'][s]:g} m"
            if schema >= 2 and kind in ("superquadric", "smoothed-hull"):
                detail += f", exponents {shapes['exponents'][s]}"
            print(f"shape {s}: {name} ({kind}, {detail})")

        problems = f["problems"]
        n = problems["step"].shape[0]
        perturbed = problems["perturbed"][:].astype(bool)
        print(f"problems: {n} narrow-phase calls, {perturbed.sum()} perturbed; "
              f"columns {', '.join(sorted(problems))}")
        # schema 2: the solver choice of every call, an index into problems/solver_names;
        # schema 1: an enumeration named by the column's `names` attribute
        solver_names = (problems["solver_names"].asstr()[:] if schema >= 2
                        else problems["solver"].attrs["names"].split(","))
        solver = problems["solver"][:]
        used = ", ".join(f"{solver_names[i]} ({(solver == i).sum()})" for i in np.unique(solver))
        print(f"solvers: {used}")

        index = f["trajectories/index"]
        t = args.trajectory
        first, count = index["first_problem"][t], index["problem_count"][t]
        trajectory = index["trajectory"][t]
        print(f"trajectory {trajectory}: {count} problems from row {first}, "
              f"state hash {index['state_hash'][t]:016x}")

        # Motion: the states of one trajectory (moving bodies only), as arrays.
        states = f["trajectories/states"]
        s0, sc = index["first_state"][t], index["state_count"][t]
        step = states["step"][s0:s0 + sc]
        body = states["body"][s0:s0 + sc]
        pose = states["pose"][s0:s0 + sc]
        for b in np.unique(body):
            z = pose[body == b][:, 6]
            print(f"  body {b}: z from {z[0]:.3f} m to {z[-1]:.3f} m over {len(z) - 1} steps")

        # Problems of that trajectory: pose_b equals the state of body_b at the problem's step.
        rows = slice(first, first + count)
        p_step, p_body_b = problems["step"][rows], problems["body_b"][rows]
        pose_b, real = problems["pose_b"][rows], ~perturbed[rows]
        checked = 0
        for i in np.flatnonzero(real)[:50]:
            match = (step == p_step[i]) & (body == p_body_b[i])
            if match.any():
                assert np.array_equal(pose[match][0], pose_b[i]), "pose_b differs from the state"
                checked += 1
        print(f"  {checked} problem poses equal the states of their step")

        # The `previous` warm start, with the paper's fallback to the OBB centres.
        queried = problems["queried_previous"][rows].astype(bool)
        x0 = np.where(queried[:, None], problems["previous_separation"][rows],
                      problems["obb_center_a"][rows] - problems["obb_center_b"][rows])
        recorded = problems["initial_guess"][rows]
        if meta["warm_start"] == "previous":
            same = np.all(x0[real] == recorded[real], axis=1)
            print(f"  previous warm start recomputed for {same.sum()} of {real.sum()} calls")
            if not same.all():
                sys.exit("the recorded initial guesses differ from the previous warm start")
        distance = problems["distance"][rows]
        print(f"  {queried[real].sum()} of {real.sum()} calls had a query at the step before; "
              f"signed distances from {distance.min():.4f} to {distance.max():.4f} m")
        hull = shape_vertices(f, problems["shape_a"][first])
        if len(hull):
            world = (pose_matrix(problems["pose_a"][first]) @ np.c_[hull, np.ones(len(hull))].T).T
            print(f"  first problem: shape A's hull spans z {world[:, 2].min():.3f}.."
                  f"{world[:, 2].max():.3f} m in the world")


if __name__ == "__main__":
    main()
