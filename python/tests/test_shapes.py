"""Shapes and poses: every constructor, numpy conversions, and refusal of bad input."""

import numpy as np
import pytest

import minkowski as mk


def test_every_primitive_and_its_support():
    shapes = {
        "sphere": mk.Shape.sphere(0.5),
        "box": mk.Shape.box([0.1, 0.2, 0.3]),
        "capsule": mk.Shape.capsule(0.1, 0.2),
        "cylinder": mk.Shape.cylinder(0.1, 0.2),
        "cone": mk.Shape.cone(0.1, 0.2),
        "ellipsoid": mk.Shape.ellipsoid(np.array([0.1, 0.2, 0.3])),
        "superquadric": mk.Shape.superquadric([0.1, 0.2, 0.3], 1.5, 1.5),
    }
    for kind, shape in shapes.items():
        assert shape.type == kind
    # Analytic support points.
    assert np.allclose(shapes["sphere"].support([0, 0, 2]), [0, 0, 0.5])
    assert np.allclose(shapes["box"].support([1, -1, 1]), [0.1, -0.2, 0.3])
    assert np.allclose(shapes["ellipsoid"].support([0, 0, 1]), [0, 0, 0.3])


def test_rounded_box_is_the_box_grown_by_a_ball():
    rounded = mk.Shape.box([0.1, 0.1, 0.1], rounding=0.02)
    assert rounded.core_radius == 0.02
    assert np.isclose(rounded.support([1, 0, 0])[0], 0.12)  # x of the face (y, z: a corner)
    assert mk.Shape(rounded.spec).spec == rounded.spec


def test_mesh_from_points_and_from_a_file(source_dir):
    rng = np.random.default_rng(3)
    points = rng.normal(size=(200, 3))
    mesh = mk.Shape.mesh(points)
    assert mesh.type == "mesh"
    assert mesh.vertices.shape[1] == 3 and len(mesh.vertices) <= 200
    assert mesh.triangles.dtype == np.int32 and mesh.triangles.max() < len(mesh.vertices)
    # The support of a hull is the farthest input point.
    d = np.array([0.3, -0.2, 0.9])
    assert np.array_equal(mesh.support(d), points[np.argmax(points @ d)])
    obj = sorted((source_dir / "assets" / "meshes").glob("*.obj"))[0]
    from_file = mk.Shape.mesh_file(str(obj))
    assert len(from_file.vertices) >= 4


def test_hull_tolerance_keeps_every_point_within_it_of_the_faces(source_dir):
    rng = np.random.default_rng(5)
    points = rng.normal(size=(3000, 3))
    points *= 0.1 / np.linalg.norm(points, axis=1)[:, None]  # a sphere of radius 0.1 m
    exact = mk.Shape.mesh(points)
    coarse = mk.Shape.mesh(points, hull_tolerance=1e-3)
    assert len(coarse.vertices) < len(exact.vertices) / 4
    v, t = coarse.vertices, coarse.triangles
    n = np.cross(v[t[:, 1]] - v[t[:, 0]], v[t[:, 2]] - v[t[:, 0]])
    keep = np.linalg.norm(n, axis=1) > 0
    n = n[keep] / np.linalg.norm(n[keep], axis=1)[:, None]
    heights = points[:, None, :] - v[t[keep, 0]][None, :, :]
    assert np.max(np.einsum("pfk,fk->pf", heights, n)) <= 1e-3 + 1e-15
    obj = sorted((source_dir / "assets" / "meshes").glob("*.obj"))[0]
    fine = mk.Shape.mesh_file(str(obj))
    assert len(mk.Shape.mesh_file(str(obj), hull_tolerance=1e-3).vertices) < len(fine.vertices)


def test_smoothed_shapes():
    cube = np.array([[x, y, z] for x in (-1, 1) for y in (-1, 1) for z in (-1, 1)], float) * 0.1
    hull = mk.Shape.smoothed_hull(cube, beta=4.0)
    assert hull.type == "smoothed-hull" or "smooth" in hull.type
    rev = mk.Shape.smoothed_revolution(np.array([[0.1, -0.1], [0.1, 0.1], [0.0, 0.1], [0.0, -0.1]]), 4.0, 0.01)
    assert "smooth" in rev.type


def test_non_contiguous_and_integer_arrays_are_converted():
    rng = np.random.default_rng(5)
    points = rng.normal(size=(100, 6))[:, ::2]  # strided view
    assert not points.flags.c_contiguous
    a = mk.Shape.mesh(points)
    b = mk.Shape.mesh(np.ascontiguousarray(points))
    assert np.array_equal(a.vertices, b.vertices)
    fortran = np.asfortranarray(np.ascontiguousarray(points))
    assert np.array_equal(mk.Shape.mesh(fortran).vertices, a.vertices)
    assert mk.Shape.box(np.array([1, 2, 3])).type == "box"


@pytest.mark.parametrize(
    "make, message",
    [
        (lambda: mk.Shape.sphere(float("nan")), "sphere"),
        (lambda: mk.Shape.sphere(-1.0), "sphere"),
        (lambda: mk.Shape.mesh(np.zeros((5, 2))), "expected shape (N, 3), got (5, 2)"),
        (lambda: mk.Shape.mesh(np.array([["a", "b", "c"]] * 4)), "float64"),
        (lambda: mk.Shape.mesh(np.zeros((4, 3))), ""),
        (lambda: mk.Shape.box([1.0, 2.0]), "expected shape (3,), got (2,)"),
        (lambda: mk.Shape.mesh_file("/nonexistent.obj"), "nonexistent"),
        (lambda: mk.Shape.mesh(np.eye(4, 3), hull_tolerance=-1.0), "hullTolerance"),
        (lambda: mk.Shape("sphere:q=1"), "sphere"),
    ],
)
def test_bad_input_raises_a_value_error_naming_the_problem(make, message):
    with pytest.raises(ValueError) as error:
        make()
    assert message in str(error.value)


def test_poses_from_quaternion_translation_and_matrix():
    angle = 0.7
    q = np.array([np.cos(angle / 2), 0, 0, np.sin(angle / 2)])
    pose = mk.Pose(q, [1.0, 2.0, 3.0])
    m = pose.matrix()
    assert m.shape == (4, 4)
    back = mk.Pose.from_matrix(m)
    assert np.allclose(back.array(), pose.array())
    assert np.allclose(pose.apply([1, 0, 0]), [1 + np.cos(angle), 2 + np.sin(angle), 3])
    assert np.allclose((pose * pose.inverse()).array(), [1, 0, 0, 0, 0, 0, 0])
    with pytest.raises(ValueError, match="rotation"):
        mk.Pose.from_matrix(np.diag([2.0, 1.0, 1.0, 1.0]))
    with pytest.raises(ValueError, match=r"or \(4, 4\), got \(5,\)"):
        mk.Pose.from_array(np.zeros(5))
