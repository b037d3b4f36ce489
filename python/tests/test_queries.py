"""collide, collide_batch and Tracker: bit for bit with the C++ API, independent of threads."""

import subprocess

import numpy as np
import pytest

import minkowski as mk

STATUS = {name: code for code, name in enumerate(mk.STATUS_NAMES)}


def reference(helper, kind, pairs, seed, solver, task, warm):
    """The C++ API's answers (py_reference_queries) on the generated problems."""
    out = subprocess.run([str(helper), kind, str(pairs), str(seed), solver, task, warm],
                         check=True, capture_output=True, text=True).stdout.split("\n")
    rows = [line.split() for line in out if line]
    return {
        "status": np.array([STATUS[r[0]] for r in rows], np.uint8),
        "collide": np.array([r[1] == "1" for r in rows]),
        "distance": np.array([float.fromhex(r[2]) for r in rows]),
        "witness_a": np.array([[float.fromhex(x) for x in r[3:6]] for r in rows]),
        "witness_b": np.array([[float.fromhex(x) for x in r[6:9]] for r in rows]),
        "normal": np.array([[float.fromhex(x) for x in r[9:12]] for r in rows]),
        "iterations": np.array([int(r[12]) for r in rows], np.int32),
    }


@pytest.mark.parametrize(
    "kind, solver, task, warm",
    [
        ("ellipsoids", "gjk", "signed-distance", "none"),
        ("ellipsoids", "gjk-nesterov:subalgo=barycode", "distance", "obb"),
        ("hulls", "gjk-polyak:momentum=coal", "signed-distance", "obb"),
        ("hulls", "mpr", "boolean", "none"),
    ],
)
def test_batch_matches_the_cpp_api_bit_for_bit(reference_queries, kind, solver, task, warm):
    problems = mk.generate_problems(kind, pairs=3, seed=11)
    expected = reference(reference_queries, kind, 3, 11, solver, task, warm)
    got = mk.collide_batch(problems["a"], problems["pose_a"], problems["b"], problems["pose_b"],
                           solver=solver, task=task, warm_start=warm)
    assert len(got["distance"]) == len(expected["distance"]) == 30
    for key, value in expected.items():
        assert np.array_equal(got[key], value), key  # bit for bit
    # The single call gives the same bits as the batch.
    for i in (0, 7, 29):
        r = mk.collide(problems["a"][i], problems["pose_a"][i], problems["b"][i], problems["pose_b"][i],
                       solver=solver, task=task, warm_start=warm)
        assert r.distance == got["distance"][i] and r.iterations == got["iterations"][i]
        assert np.array_equal(r.witness_a, got["witness_a"][i])


def test_results_do_not_depend_on_the_thread_count():
    problems = mk.generate_problems("ellipsoids", pairs=5, seed=2)
    args = (problems["a"], problems["pose_a"], problems["b"], problems["pose_b"])
    one = mk.collide_batch(*args, solver="gjk-nesterov", threads=1)
    for threads in (2, 3, 64):
        other = mk.collide_batch(*args, solver="gjk-nesterov", threads=threads)
        for key in one:
            assert np.array_equal(one[key], other[key]), (threads, key)


def test_analytic_sphere_distances_and_broadcast_poses():
    a = mk.Shape.sphere(0.5)
    b = mk.Shape.sphere(0.25)
    x = np.linspace(-1.0, 2.0, 31)
    poses_b = np.zeros((31, 7))
    poses_b[:, 0] = 1.0
    poses_b[:, 4] = x
    got = mk.collide_batch(a, mk.Pose(), b, poses_b)
    assert np.allclose(got["distance"], np.abs(x) - 0.75, atol=1e-9)
    assert np.array_equal(got["collide"], np.abs(x) - 0.75 <= 0)
    # 4x4 matrices give the same bits as 7-vectors.
    matrices = np.stack([mk.Pose.from_array(p).matrix() for p in poses_b])
    again = mk.collide_batch(a, np.eye(4), b, matrices)
    assert np.array_equal(again["distance"], got["distance"])


def test_result_object():
    r = mk.collide(mk.Shape.box([0.5, 0.5, 0.5]), [1, 0, 0, 0, 0, 0, 0],
                   mk.Shape.sphere(0.5), [1, 0, 0, 0, 2, 0, 0], solver="gjk-nesterov:subalgo=barycode")
    assert r.status == "separated" and not r.collide
    assert abs(r.distance - 1.0) < 1e-6
    assert np.allclose(r.normal, [1, 0, 0]) and np.allclose(r.witness_a, [0.5, 0, 0], atol=1e-6)
    assert "separated" in repr(r)


def test_bad_input_never_crashes():
    s = mk.Shape.sphere(1.0)
    nan_pose = [1, 0, 0, 0, float("nan"), 0, 0]
    assert mk.collide(s, nan_pose, s, [1, 0, 0, 0, 3, 0, 0]).status == "invalid-input"
    assert mk.collide(s, [2, 0, 0, 0, 0, 0, 0], s, [1, 0, 0, 0, 3, 0, 0]).status == "invalid-input"
    with pytest.raises(mk.UnknownNameError, match="gjk-nesterov"):  # lists the valid names
        mk.collide(s, mk.Pose(), s, mk.Pose(), solver="gkj")
    with pytest.raises(mk.UnknownNameError, match="signed-distance"):
        mk.collide(s, mk.Pose(), s, mk.Pose(), task="depth")
    with pytest.raises(ValueError, match=r"expected shape \(N, 7\) or \(N, 4, 4\)"):
        mk.collide_batch(s, np.zeros((3, 6)), s, mk.Pose())
    with pytest.raises(ValueError, match="poses_b: 4 elements, but poses_a has 3"):
        mk.collide_batch(s, np.tile([1.0, 0, 0, 0, 0, 0, 0], (3, 1)), s, np.tile([1.0, 0, 0, 0, 0, 0, 0], (4, 1)))
    with pytest.raises(ValueError, match="float64"):
        mk.collide_batch(s, np.array([["x"] * 7]), s, mk.Pose())
    with pytest.raises(ValueError, match="Shape"):
        mk.collide_batch([s, "sphere"], mk.Pose(), s, mk.Pose())
    with pytest.raises(ValueError, match="threads"):
        mk.collide_batch(s, mk.Pose(), s, mk.Pose(), threads=0)
    # Integer and non-contiguous pose arrays are converted.
    poses = np.zeros((4, 14), dtype=np.int64)
    poses[:, 0] = 1
    poses[:, 8] = 3
    got = mk.collide_batch(s, poses[:, ::2], s, mk.Pose())  # A at x = 3, B at the origin
    assert np.allclose(got["distance"], [1, 1, 1, 1])


def test_tracker_carries_the_previous_separation():
    a = mk.Shape.ellipsoid([0.3, 0.2, 0.1])
    b = mk.Shape.ellipsoid([0.1, 0.2, 0.3])
    steps = 5
    poses_b = np.zeros((steps, 7))
    poses_b[:, 0] = 1.0
    poses_b[:, 4] = np.linspace(0.8, 0.5, steps)
    poses_b[:, 5] = 0.1
    tracker = mk.Tracker(a, b, solver="gjk", warm_start="previous")
    previous = None
    for t in range(steps):
        got = tracker.query(mk.Pose(), poses_b[t:t + 1])
        guess = None if previous is None else previous
        expected = (mk.collide(a, mk.Pose(), b, poses_b[t], warm_start="obb") if guess is None else
                    mk.collide(a, mk.Pose(), b, poses_b[t], initial_guess=guess))
        if t == 0:
            assert got["distance"][0] == expected.distance
            assert got["iterations"][0] == expected.iterations
        else:  # the tracker's query also starts from the simplex it kept (SimplexSeed)
            assert got["distance"][0] == pytest.approx(expected.distance, rel=1e-8)
        previous = got["separation"][0]
    assert tracker.step == steps
    # Warm starts pay on a smooth trajectory: no more iterations than cold starts.
    cold = mk.collide_batch(a, mk.Pose(), b, poses_b)["iterations"][1:].sum()
    tracker.reset()
    warm = [tracker.query(mk.Pose(), poses_b[t:t + 1])["iterations"][0] for t in range(steps)]
    assert sum(warm[1:]) <= cold
