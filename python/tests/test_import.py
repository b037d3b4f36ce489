"""The package imports from the build tree and exposes its compiled core."""

import minkowski


def test_version_is_the_projects():
    assert minkowski.__version__.count(".") == 2


def test_error_classes_are_exceptions():
    assert issubclass(minkowski.UnknownNameError, ValueError)
    assert issubclass(minkowski.ShapeError, ValueError)
    assert issubclass(minkowski.SceneError, ValueError)
    assert issubclass(minkowski.DatasetError, RuntimeError)
    assert issubclass(minkowski.SimulationError, RuntimeError)


def test_names_match_the_command_line():
    assert minkowski.builtin_solvers()[:3] == ["gjk", "gjk-polyak", "gjk-nesterov"]
    assert "transformed-previous" in minkowski.warm_starts()
    assert minkowski.solver_name("gjk-nesterov:subalgo=barycode") == "gjk-nesterov:subalgo=barycode"
    assert minkowski.STATUS_NAMES[0] == "separated"
