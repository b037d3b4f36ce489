"""The world from Python: bodies, steps, arrays, the solver switch, events, and the state hash
of `minkowski run` for the same scene, seed and solver."""

import re
import subprocess

import numpy as np
import pytest

import minkowski as mk


def cli_hash(cli, *args):
    out = subprocess.run([str(cli), "run", *args, "--headless"], check=True, capture_output=True,
                         text=True).stdout
    return re.search(r"state hash: ([0-9a-f]{16})", out).group(1)


@pytest.mark.parametrize("solver", ["gjk", "gjk-nesterov:subalgo=barycode"])
def test_a_scene_stepped_from_python_ends_on_the_hash_of_minkowski_run(cli, solver):
    scene = mk.Scene.load("funnel-pairs")
    scene.seconds = 0.5
    scene.trajectories = 1
    scene.seed = 7
    scene.solver = solver
    world = scene.build(0)
    world.step(scene.steps_per_trajectory)
    expected = cli_hash(cli, "funnel-pairs", "--seconds", "0.5", "--trajectories", "1", "--seed", "7",
                        "--solver", solver)
    assert f"{world.state_hash:016x}" == expected
    # run_scene (the runner of `minkowski run`) agrees too.
    summary = mk.run_scene(scene, progress=False)
    assert summary["state_hash_hex"] == expected
    # The scene's meshes get their extra points by clipping faces, hardly ever by perturbation.
    assert summary["face_clips"] > 10 * summary["perturbation_calls"]


def test_threads_change_the_time_not_the_state():
    scene = mk.Scene.load("mesh-pile")
    scene.seconds = 0.5
    scene.trajectories = 1
    hashes = []
    for threads in (1, 2, 3):
        world = scene.build(0)
        world.threads = threads
        assert world.threads == threads
        stats = world.step(scene.steps_per_trajectory, stats=True)
        assert stats["pgs_colours"].max() > 0
        hashes.append(world.state_hash)
    assert hashes[1] == hashes[0] and hashes[2] == hashes[0]
    with pytest.raises(ValueError, match="threads"):
        world.threads = 0


def test_bodies_arrays_stats_and_events():
    world = mk.World(solver="gjk-polyak")
    floor = world.add_body(mk.Shape.box([1, 1, 0.1]), [1, 0, 0, 0, 0, 0, -0.1], type="static")
    ball = world.add_body(mk.Shape.sphere(0.1), [1, 0, 0, 0, 0, 0, 0.3], linear_velocity=[0.5, 0, 0])
    assert (floor, ball) == (0, 1) and world.body_count == 2
    world.record_events()
    stats = world.step(120, stats=True)
    assert stats["narrow_phase_calls"].shape == (120,)
    events = world.events()
    # The hook sees the real calls and the perturbed (multipoint) ones.
    calls = stats["narrow_phase_calls"].sum() + stats["perturbation_calls"].sum()
    assert len(events["distance"]) == calls > 0
    assert events["perturbed"].sum() == stats["perturbation_calls"].sum()
    assert stats["face_clips"].sum() == 0  # a sphere has no face to clip
    assert events["pose_a"].shape == (len(events["distance"]), 7)
    assert set(np.unique(events["body_b"])) == {1}
    poses = world.poses()
    velocities = world.velocities()
    assert poses.shape == (2, 7) and velocities.shape == (2, 6)
    assert abs(poses[1, 6] - 0.1) < 5e-3  # resting on the floor
    assert world.step_count == 120 and world.time == pytest.approx(1.0)
    # Live switches; a wrong name lists the valid ones and changes nothing.
    world.solver = "gjk-nesterov:subalgo=barycode"
    assert world.solver == "gjk-nesterov:subalgo=barycode"
    with pytest.raises(mk.UnknownNameError, match="gjk-nesterov"):
        world.solver = "gjkk"
    assert world.solver == "gjk-nesterov:subalgo=barycode"
    world.warm_start = "transformed-previous"
    assert world.warm_start == "transformed-previous"
    world.step(2)
    assert isinstance(world.state_hash, int)


def test_the_engine_refuses_bad_bodies_with_its_message():
    world = mk.World()
    with pytest.raises(mk.EngineError, match="restitution"):
        world.add_body(mk.Shape.sphere(0.1), restitution=2.0)
    with pytest.raises(mk.UnknownNameError, match="kinematic"):
        world.add_body(mk.Shape.sphere(0.1), type="floating")
    with pytest.raises(mk.UnknownSceneError, match="funnel"):
        mk.Scene.load("funel")
