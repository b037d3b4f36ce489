#!/usr/bin/python3
"""Cost of the Python bindings (a benchmark, not a test; docs/python.md has the figures).

Per query, on random pairs of generated convex hulls at random poses (GJK, signed distance):
  - one Python `collide` call, against the C++ loop's time per query: the per-call overhead;
  - `collide_batch` at N = 1000 and N = 100000, 1 and 2 threads, against the plain C++ loop over
    the same queries measured in the same run (minkowski._core._cpp_loop_seconds).
Each figure is the median of --repeats runs, the C++ loop and the batch alternating.

Usage: PYTHONPATH=build/release/python /usr/bin/python3 bench/bench_bindings.py [--repeats 7]
"""

import argparse
import statistics
import time

import numpy as np

import minkowski as mk
from minkowski import _core


def random_problems(n, seed):
    """N pairs drawn from the generated hulls, B at a random pose near A (overlaps and gaps)."""
    rng = np.random.default_rng(seed)
    hulls = mk.generate_problems("hulls", pairs=4, seed=seed, distances=[0.01])
    shapes = hulls["a"] + hulls["b"]
    a = [shapes[i] for i in rng.integers(len(shapes), size=n)]
    b = [shapes[i] for i in rng.integers(len(shapes), size=n)]
    q = rng.normal(size=(n, 4))
    q /= np.linalg.norm(q, axis=1, keepdims=True)
    poses_a = np.zeros((n, 7))
    poses_a[:, 0] = 1.0
    poses_b = np.hstack([q, rng.uniform(-0.4, 0.4, size=(n, 3))])
    return a, poses_a, b, poses_b


def median_seconds(function, repeats):
    samples = []
    for _ in range(repeats):
        start = time.perf_counter()
        function()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--solver", default="gjk")
    args = parser.parse_args()
    print(f"solver {args.solver}, signed distance, medians of {args.repeats} runs (ns per query)")
    print(f"{'case':<28}{'python':>10}{'C++ loop':>10}{'ratio':>8}")

    # Single calls: Python loop over collide() against the C++ loop on the same 1000 queries.
    a, pa, b, pb = random_problems(1000, seed=1)
    cpp = []
    py = []
    for _ in range(args.repeats):
        cpp.append(_core._cpp_loop_seconds(a, pa, b, pb, solver=args.solver))
        start = time.perf_counter()
        for i in range(1000):
            mk.collide(a[i], pa[i], b[i], pb[i], solver=args.solver)
        py.append(time.perf_counter() - start)
    c, p = statistics.median(cpp) / 1000 * 1e9, statistics.median(py) / 1000 * 1e9
    print(f"{'collide() x 1000':<28}{p:>10.0f}{c:>10.0f}{p / c:>8.2f}   overhead {p - c:.0f} ns/call")

    for n in (1000, 100000):
        a, pa, b, pb = random_problems(n, seed=2)
        for threads in (1, 2):
            cpp = []
            batch = []
            for _ in range(args.repeats):
                cpp.append(median_seconds(lambda: _core._cpp_loop_seconds(a, pa, b, pb, solver=args.solver), 1))
                batch.append(median_seconds(
                    lambda: mk.collide_batch(a, pa, b, pb, solver=args.solver, threads=threads), 1))
            c = statistics.median(cpp) / n * 1e9
            p = statistics.median(batch) / n * 1e9
            print(f"{f'collide_batch N={n} t={threads}':<28}{p:>10.1f}{c:>10.1f}{p / c:>8.2f}")


if __name__ == "__main__":
    main()
