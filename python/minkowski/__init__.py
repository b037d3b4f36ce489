"""Minkowski from Python: convex collision queries on numpy arrays, the world, scenes, datasets.

The compiled bindings are ``minkowski._core`` (pybind11, docs/python.md); this package re-exports
them when they are built and adds the pure-Python conveniences (progress bars, run_scene,
record_dataset, replay). The pure-Python subpackages (``minkowski.sweep``: dataset sweeps on a
Dask cluster, docs/sweeps.md) drive the ``minkowski`` program and need no compiled extension, so
the package imports without it.

Poses are ``Pose`` objects, 7-vectors ``(qw, qx, qy, qz, tx, ty, tz)`` (the datasets' order) or
4x4 homogeneous matrices; batches of poses are ``(N, 7)`` or ``(N, 4, 4)`` arrays. Solvers are
named as on the command line (``"gjk-nesterov:subalgo=barycode"``) or by the name a Python
solver was registered under (``register_solver``).
"""

try:
    from minkowski._core import (  # noqa: F401
        STATUS_NAMES,
        Dataset,
        DatasetError,
        EngineError,
        MeshError,
        Pose,
        ProblemCsvError,
        Request,
        Result,
        Scene,
        SceneError,
        Shape,
        ShapeError,
        SimulationError,
        Tracker,
        UnknownNameError,
        UnknownSceneError,
        World,
        __version__,
        bench,
        builtin_solvers,
        collide,
        collide_batch,
        generate_problems,
        load_plugin,
        python_solvers,
        read_problems,
        record,
        register_solver,
        registered_solvers,
        solver_name,
        sub_algorithms,
        unregister_solver,
        warm_starts,
    )
except ModuleNotFoundError as error:  # not built: only the pure-Python subpackages
    if error.name != "minkowski._core":
        raise
else:
    from minkowski._api import record_dataset, replay, run_scene  # noqa: F401
