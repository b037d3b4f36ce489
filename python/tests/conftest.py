"""Shared fixtures: where the build put the C++ helpers the suites compare against."""

import os
import pathlib

import pytest


def _env_path(name):
    value = os.environ.get(name)
    if not value:
        pytest.fail(f"{name} is not set: run the suites through ctest (make test)")
    return pathlib.Path(value)


@pytest.fixture(scope="session")
def source_dir():
    return _env_path("MK_SOURCE_DIR")


@pytest.fixture(scope="session")
def cli():
    """The `minkowski` program of the same build."""
    return _env_path("MK_CLI")


@pytest.fixture(scope="session")
def reference_queries():
    """py_reference_queries: the C++ API's answers on generated problems."""
    return _env_path("MK_REFERENCE_QUERIES")
