"""Minkowski from Python.

The compiled bindings are ``minkowski._core`` (pybind11, docs/python.md); this package re-exports
them when they are built. The pure-Python parts (``minkowski.sweep``: dataset sweeps on a Dask
cluster, docs/sweeps.md) drive the ``minkowski`` program and need no compiled extension, so the
package imports without it.
"""

try:
    from minkowski._core import *  # noqa: F401,F403
    from minkowski._core import __version__  # noqa: F401
except ModuleNotFoundError as error:  # not built: only the pure-Python subpackages
    if error.name != "minkowski._core":
        raise
