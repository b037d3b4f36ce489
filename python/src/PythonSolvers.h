#pragma once
/// \file PythonSolvers.h
/// Solvers written in Python: an object with a `query(a, pose_a, b, pose_b, request)` method,
/// registered under a name, then accepted wherever a solver is named (collide, batches,
/// trackers, bench, dataset replay). The prototyping path before a C++ solver.
///
/// Calls take the GIL, so a Python solver is safe with multi-threaded callers (the calls are
/// serialised); its answer is a minkowski.Result or a dict with the same field names.

#include "minkowski/narrowphase/Query.h"
#include "minkowski/narrowphase/Shape.h"

#include <pybind11/pybind11.h>

#include <memory>
#include <string>
#include <vector>

namespace mk::python {

namespace py = pybind11;

/// One registered Python solver.
class PythonSolver {
public:
    PythonSolver(std::string name, py::object solver);
    ~PythonSolver();
    PythonSolver(const PythonSolver&) = delete;
    PythonSolver& operator=(const PythonSolver&) = delete;
    [[nodiscard]] const std::string& name() const { return name_; }
    /// Calls solver.query with the GIL held. \throws py::error_already_set from the solver, or
    /// py::value_error when its answer is not a Result or a dict of Result fields.
    QueryResult query(const Shape& a, const Pose& poseA, const Shape& b, const Pose& poseB,
                      const QueryRequest& request) const;

private:
    std::string name_;
    py::object solver_;
};

/// The solver registered under `name`, or null.
std::shared_ptr<PythonSolver> findPythonSolver(const std::string& name);
/// Names of the registered Python solvers, sorted.
std::vector<std::string> pythonSolverNames();

/// register_solver, unregister_solver, solvers().
void bindPythonSolvers(py::module_& m);

} // namespace mk::python
