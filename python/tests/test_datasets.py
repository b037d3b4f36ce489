"""Datasets: record from Python, open as arrays, replay through built-in and Python solvers."""

import numpy as np
import pytest

import minkowski as mk


class GjkInPython:
    """A 'Python solver' that asks the built-in GJK: its replay answers must equal gjk's."""

    def query(self, a, pose_a, b, pose_b, request):
        return mk.collide(a, pose_a, b, pose_b, solver="gjk", task=request.task,
                          initial_guess=request.initial_guess)


@pytest.fixture(scope="module")
def dataset(tmp_path_factory):
    scene = mk.Scene.load("funnel-pairs")
    scene.seconds = 0.25
    scene.trajectories = 2
    path = tmp_path_factory.mktemp("data") / "tiny.h5"
    summary = mk.record_dataset(scene, path, threads=2, progress=False)
    assert summary["trajectories"] == 2 and summary["problems"] > 0
    with pytest.raises(mk.DatasetError, match="exists"):
        mk.record_dataset(scene, path, progress=False)
    return mk.Dataset(str(path))


def test_open_as_arrays(dataset):
    p = dataset.problems
    n = len(dataset)
    assert n > 0 and p["pose_a"].shape == (n, 7) and p["distance"].shape == (n,)
    assert list(dataset.trajectories["trajectory"]) == [0, 1]
    assert set(np.unique(p["trajectory"])) <= {0, 1}
    assert dataset.meta["scene_name"] == "funnel-pairs" and dataset.meta["solver"] == "gjk"
    assert len(dataset.shapes) == len(dataset.shape_names) > 0
    # The recorded answers are mk.collide's on the recorded problem and guess: bit for bit where
    # the engine had no warm data, to GJK's and EPA's tolerances where its query also started
    # from the pair's kept simplex or polytope (`previous`, docs/epa.md).
    for i in range(0, n, max(1, n // 10)):
        a = dataset.shapes[p["shape_a"][i]]
        b = dataset.shapes[p["shape_b"][i]]
        r = mk.collide(a, p["pose_a"][i], b, p["pose_b"][i], solver="gjk",
                       initial_guess=p["initial_guess"][i])
        if p["queried_previous"][i]:
            assert r.distance == pytest.approx(p["distance"][i], rel=1e-8, abs=1.1e-8)
        else:
            assert r.distance == p["distance"][i]


def test_replay_table_includes_a_python_solver(dataset):
    mk.register_solver("gjk-in-python", GjkInPython())
    try:
        out = mk.replay(dataset, solvers=["gjk", "gjk-in-python", "gjk-nesterov"],
                        warm_starts=["none", "previous"], task="distance", repeats=2, limit=40)
    finally:
        mk.unregister_solver("gjk-in-python")
    assert "gjk-in-python" in out["table"]
    r = out["results"]
    n = min(40, len(dataset))  # dynamic and static pairs, perturbed calls left out
    assert len(r["distance"]) == len(np.unique(r["problem"])) * 6 and len(np.unique(r["problem"])) <= n
    ours = (r["solver"] == "gjk") & (r["warm_start"] == "none")
    python = (r["solver"] == "gjk-in-python") & (r["warm_start"] == "none")
    assert np.array_equal(r["distance"][ours], r["distance"][python])
    assert np.array_equal(r["iterations"][ours], r["iterations"][python])
    # under `previous` the built-in also starts from the pair's kept simplex or polytope, which a
    # Python solver does not read: the same answers to GJK's and EPA's tolerances
    ours = (r["solver"] == "gjk") & (r["warm_start"] == "previous")
    python = (r["solver"] == "gjk-in-python") & (r["warm_start"] == "previous")
    assert np.allclose(r["distance"][ours], r["distance"][python], rtol=1e-8, atol=1.1e-8)
    rows = {(s["solver"], s["warm_start"]): s for s in out["summary"]}
    assert rows[("gjk-in-python", "none")]["problems"] == rows[("gjk", "none")]["problems"] > 0


def test_missing_file_is_a_dataset_error(tmp_path):
    with pytest.raises(mk.DatasetError, match="nothing.h5"):
        mk.Dataset(str(tmp_path / "nothing.h5"))
