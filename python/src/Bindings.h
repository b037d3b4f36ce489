#pragma once
/// \file Bindings.h
/// One function per area of the Python module; Module.cpp calls them in dependency order.

#include <pybind11/pybind11.h>

namespace mk::python {

namespace py = pybind11;

void bindErrors(py::module_& m);        ///< exception classes (Errors.cpp)
void bindShapes(py::module_& m);        ///< Pose, Shape (Shapes.cpp)
void bindQueries(py::module_& m);       ///< Result, Request, collide, collide_batch, Tracker
void bindPythonSolvers(py::module_& m); ///< register_solver (PythonSolvers.cpp)
void bindWorld(py::module_& m);         ///< World (WorldBindings.cpp)
void bindScenes(py::module_& m);        ///< Scene (SceneBindings.cpp)
void bindDatasets(py::module_& m);      ///< Dataset, record (DatasetBindings.cpp)
void bindBench(py::module_& m);         ///< read_problems, generate_problems, bench

} // namespace mk::python
