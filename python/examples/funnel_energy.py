#!/usr/bin/python3
"""Step a funnel scene from Python and plot its energy and contacts over time.

    PYTHONPATH=build/release/python /usr/bin/python3 python/examples/funnel_energy.py \
        [--scene funnel] [--seconds 2] [--solver gjk-nesterov] [--out funnel.png]
"""

import argparse

import numpy as np

import minkowski as mk


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--scene", default="funnel")
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--solver", default="gjk")
    parser.add_argument("--warm-start", default="previous")
    parser.add_argument("--out", default="funnel.png")
    args = parser.parse_args()
    scene = mk.Scene.load(args.scene)
    scene.seconds = args.seconds
    scene.solver = args.solver
    scene.warm_start = args.warm_start
    world = scene.build(0)
    steps = scene.steps_per_trajectory
    energy = np.empty((steps, 3))
    contacts = np.empty(steps, dtype=int)
    calls = np.empty(steps, dtype=int)
    for k in range(steps):
        stats = world.step(1, stats=True)
        e = world.energy()
        energy[k] = e["kinetic"], e["potential"], e["total"]
        contacts[k] = stats["contacts"][0]
        calls[k] = stats["narrow_phase_calls"][0]
    t = np.arange(1, steps + 1) * (args.seconds / steps)
    print(f"{scene.name}: {world.body_count} bodies, {steps} steps, state hash {world.state_hash:016x}")
    print(f"total energy {energy[0, 2]:.3f} J -> {energy[-1, 2]:.3f} J; max contacts {contacts.max()}")

    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, (top, bottom) = plt.subplots(2, 1, figsize=(8, 6), sharex=True)
    for column, label in enumerate(("kinetic", "potential", "total")):
        top.plot(t, energy[:, column], label=label)
    top.set_ylabel("energy (J)")
    top.legend()
    bottom.plot(t, contacts, label="contact points")
    bottom.plot(t, calls, label="narrow-phase calls")
    bottom.set_xlabel("time (s)")
    bottom.legend()
    fig.suptitle(f"{scene.name}, {args.solver}, warm start {args.warm_start}")
    fig.tight_layout()
    fig.savefig(args.out, dpi=120)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
