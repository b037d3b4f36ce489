"""Solvers written in Python: registration, use everywhere a solver is named, thread safety."""

import threading

import numpy as np
import pytest

import minkowski as mk


class SphereSolver:
    """Exact distance between two spheres (the prototype of a solver)."""

    def __init__(self):
        self.calls = 0
        self.threads = set()

    def query(self, a, pose_a, b, pose_b, request):
        self.calls += 1
        self.threads.add(threading.get_ident())
        ca, cb = pose_a.translation, pose_b.translation
        ra, rb = a.support([1, 0, 0])[0], b.support([1, 0, 0])[0]
        gap = np.linalg.norm(cb - ca)
        n = (cb - ca) / gap
        d = gap - ra - rb
        return {"status": "separated" if d > 0 else "penetrating", "distance": d,
                "witness_a": ca + ra * n, "witness_b": cb - rb * n, "normal": n, "iterations": 1}


@pytest.fixture
def spheres():
    solver = SphereSolver()
    mk.register_solver("py-spheres", solver)
    yield solver
    mk.unregister_solver("py-spheres")


def test_a_python_solver_answers_like_the_builtins(spheres):
    a, b = mk.Shape.sphere(0.5), mk.Shape.sphere(0.25)
    poses = np.zeros((50, 7))
    poses[:, 0] = 1
    poses[:, 4:] = np.random.default_rng(1).normal(size=(50, 3))
    ours = mk.collide_batch(a, mk.Pose(), b, poses, solver="gjk")
    theirs = mk.collide_batch(a, mk.Pose(), b, poses, solver="py-spheres", threads=4)
    assert np.allclose(ours["distance"], theirs["distance"], atol=1e-9)
    assert np.array_equal(ours["collide"], theirs["collide"])
    assert spheres.calls == 50 and "py-spheres" in mk.python_solvers()
    assert mk.collide(a, mk.Pose(), b, poses[0], solver="py-spheres").status in ("separated", "penetrating")
    tracker = mk.Tracker(a, b, solver="py-spheres")
    assert tracker.query(mk.Pose(), poses[:1])["iterations"][0] == 1


def test_bench_runs_python_solvers_next_to_the_builtins(spheres):
    problems = {"a": [mk.Shape.sphere(0.5)] * 3, "b": [mk.Shape.sphere(0.25)] * 3,
                "pose_a": np.tile([1.0, 0, 0, 0, 0, 0, 0], (3, 1)),
                "pose_b": np.array([[1.0, 0, 0, 0, x, 0, 0] for x in (0.5, 1.0, 2.0)]),
                "reference": np.array([-0.25, 0.25, 1.25])}
    out = mk.bench(problems, solvers=["gjk", "py-spheres"], tasks=["distance"], repeats=3)
    assert set(out["solver"]) == {"gjk", "py-spheres"}
    py = out["solver"] == "py-spheres"
    assert np.allclose(out["distance"][py], problems["reference"])
    assert not out["failed"][py].any()


def test_errors_in_python_solvers_surface_as_exceptions(spheres):
    class Broken:
        def query(self, *args):
            raise ZeroDivisionError("broken solver")

    class Wrong:
        def query(self, *args):
            return 42

    mk.register_solver("py-broken", Broken())
    mk.register_solver("py-wrong", Wrong())
    try:
        s = mk.Shape.sphere(1.0)
        with pytest.raises(ZeroDivisionError, match="broken solver"):
            mk.collide_batch(s, mk.Pose(), s, np.tile([1.0, 0, 0, 0, 3, 0, 0], (8, 1)), solver="py-broken",
                             threads=2)
        with pytest.raises(ValueError, match="must return"):
            mk.collide(s, mk.Pose(), s, mk.Pose(), solver="py-wrong")
    finally:
        mk.unregister_solver("py-broken")
        mk.unregister_solver("py-wrong")
    with pytest.raises(ValueError, match="built-in"):
        mk.register_solver("gjk", SphereSolver())
    with pytest.raises(ValueError, match="query"):
        mk.register_solver("py-nothing", object())
    with pytest.raises(mk.UnknownNameError, match="py-spheres"):  # lists the Python solvers too
        mk.collide(mk.Shape.sphere(1), mk.Pose(), mk.Shape.sphere(1), mk.Pose(), solver="nope")
