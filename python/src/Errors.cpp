/// \file Errors.cpp
/// Every C++ error becomes a Python exception with the same message. Name errors are ValueErrors
/// (their messages list the valid names), bad input to shapes, the engine, scenes and datasets
/// get classes of their own so that callers can catch them precisely.

#include "Bindings.h"

#include "minkowski/bench/ProblemCsv.h"
#include "minkowski/dataset/Records.h"
#include "minkowski/engine/Errors.h"
#include "minkowski/narrowphase/Collide.h"
#include "minkowski/narrowphase/Shape.h"
#include "minkowski/scenes/BuiltinScenes.h"
#include "minkowski/scenes/MeshLoader.h"
#include "minkowski/scenes/SceneFile.h"

namespace mk::python {

void bindErrors(py::module_& m) {
    py::register_local_exception<UnknownNameError>(m, "UnknownNameError", PyExc_ValueError);
    py::register_local_exception<ShapeError>(m, "ShapeError", PyExc_ValueError);
    py::register_local_exception<scenes::MeshError>(m, "MeshError", PyExc_ValueError);
    py::register_local_exception<scenes::UnknownSceneError>(m, "UnknownSceneError", PyExc_ValueError);
    py::register_local_exception<scenes::SceneError>(m, "SceneError", PyExc_ValueError);
    py::register_local_exception<dataset::DatasetError>(m, "DatasetError", PyExc_RuntimeError);
    py::register_local_exception<bench::ProblemCsvError>(m, "ProblemCsvError", PyExc_ValueError);
    py::register_local_exception<EngineError>(m, "EngineError", PyExc_ValueError);
    py::register_local_exception<SimulationError>(m, "SimulationError", PyExc_RuntimeError);
}

} // namespace mk::python
