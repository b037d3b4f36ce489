"""Solver plugins from Python: load_plugin registers the example plugin's solver
(examples/solver-plugin), which collide, the world and scenes then accept like a built-in, with
the state hash of `minkowski run --plugin` for the same scene."""

import os
import pathlib
import re
import subprocess

import numpy as np
import pytest

import minkowski as mk


@pytest.fixture(scope="module")
def plugin():
    path = os.environ.get("MK_EXAMPLE_PLUGIN")
    if not path:
        pytest.fail("MK_EXAMPLE_PLUGIN is not set: run the suites through ctest (make test)")
    assert mk.load_plugin(path) == ["textbook-gjk"]
    assert mk.load_plugin(path) == ["textbook-gjk"]  # a second load registers nothing new
    return pathlib.Path(path)


def test_the_plugin_solver_agrees_with_gjk(plugin):
    assert "textbook-gjk" in mk.registered_solvers()
    assert "textbook-gjk" not in mk.builtin_solvers()
    a, b = mk.Shape.box([0.5, 0.3, 0.2]), mk.Shape.capsule(0.2, 0.4)
    poses = np.zeros((200, 7))
    rng = np.random.default_rng(3)
    q = rng.normal(size=(200, 4))
    poses[:, :4] = q / np.linalg.norm(q, axis=1, keepdims=True)
    poses[:, 4:] = rng.uniform(-1.2, 1.2, size=(200, 3))
    ours = mk.collide_batch(a, mk.Pose(), b, poses, solver="textbook-gjk", threads=2)
    ref = mk.collide_batch(a, mk.Pose(), b, poses, solver="gjk")
    assert np.all(np.isfinite(ours["distance"]))
    # Separated: GJK's relative tolerance 1e-8; penetrating: both EPAs to 1e-8 m, 1e-6 slack.
    assert np.allclose(ours["distance"], ref["distance"], atol=1e-6)
    assert (ours["distance"] < 0).sum() > 20 and (ours["distance"] > 0).sum() > 20


def test_a_world_runs_the_plugin_solver_like_minkowski_run(plugin, cli):
    scene = mk.Scene.load("funnel-pairs")
    scene.seconds = 0.3
    scene.trajectories = 1
    scene.seed = 5
    scene.solver = "textbook-gjk"
    world = scene.build(0)
    world.step(scene.steps_per_trajectory)
    out = subprocess.run([str(cli), "run", "funnel-pairs", "--headless", "--seconds", "0.3",
                          "--trajectories", "1", "--seed", "5", "--plugin", str(plugin),
                          "--solver", "textbook-gjk"], check=True, capture_output=True,
                         text=True).stdout
    assert f"{world.state_hash:016x}" == re.search(r"state hash: ([0-9a-f]{16})", out).group(1)


def test_a_bad_plugin_is_a_one_line_error_naming_the_file(tmp_path):
    bogus = tmp_path / "bogus.so"
    bogus.write_text("not a library")
    with pytest.raises(RuntimeError, match=r"^.*bogus\.so: cannot load"):
        mk.load_plugin(str(bogus))
    with pytest.raises(RuntimeError, match="no such plugin"):
        mk.load_plugin(str(tmp_path / "missing.so"))
