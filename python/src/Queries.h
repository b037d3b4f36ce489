#pragma once
/// \file Queries.h
/// What every query binding shares: the solver a Python caller names (a built-in solver choice,
/// parsed by mk::parseSolverChoice, or a solver written in Python, PythonSolvers.h), the request
/// built from keyword arguments, one query, a thread-parallel loop and the result columns.

#include "PythonSolvers.h"

#include "minkowski/narrowphase/Collide.h"
#include "minkowski/narrowphase/Query.h"
#include "minkowski/narrowphase/Shape.h"
#include "minkowski/narrowphase/WarmStart.h"

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <exception>
#include <functional>
#include <memory>
#include <optional>
#include <string>

namespace mk::python {

namespace py = pybind11;

/// A solver by name: built in (`gjk-nesterov:subalgo=barycode`) or registered from Python.
struct SolverSpec {
    std::string name; ///< canonical: name(SolverChoice) or the Python solver's name
    SolverChoice builtin;
    std::shared_ptr<PythonSolver> python; ///< set for a Python solver
};

/// \throws UnknownNameError listing the built-in and the registered Python solvers.
SolverSpec resolveSolver(const std::string& text);

/// Keyword arguments of every query call: solver, task, warm start and tolerances.
struct QuerySetup {
    SolverSpec solver;
    WarmStart warmStart = WarmStart::None;
    QueryRequest request; ///< task, tolerances, margin, the built-in solver choice applied
};

/// From the Python keyword arguments; unset tolerances keep the library's defaults.
QuerySetup makeSetup(const std::string& solver, const std::string& task, const std::string& warmStart,
                     std::optional<double> margin, std::optional<double> tolerance,
                     std::optional<int> maxIterations);

/// The initial guess of an independent query: x0 = (1, 0, 0) for `none`, else the OBB guess
/// (`previous` strategies have no previous step: the paper's fallback, as SolverContender).
Vec3 independentGuess(WarmStart warm, const Shape& a, const Pose& poseA, const Shape& b, const Pose& poseB);

/// One query with a prepared request (initial guess set). Built-in solvers call mk::collide;
/// Python solvers take the GIL for their call. Safe from any thread.
QueryResult runQuery(const QuerySetup& setup, const Shape& a, const Pose& poseA, const Shape& b,
                     const Pose& poseB, const QueryRequest& request);

/// Calls body(begin, end) on `threads` contiguous slices of [0, n) (threads <= 1: inline), without
/// the GIL. Each index is computed by the same code whatever the slicing, so the results do not
/// depend on the thread count. The first exception thrown by a slice is rethrown after the join.
void parallelFor(py::ssize_t n, int threads, const std::function<void(py::ssize_t, py::ssize_t)>& body);

/// The columns of N results; `write` is safe without the GIL (arrays are allocated up front).
class ResultColumns {
public:
    explicit ResultColumns(py::ssize_t n);
    void write(py::ssize_t i, const QueryResult& r);
    /// {"status": uint8 codes (minkowski.STATUS_NAMES), "collide": bool, "distance",
    /// "witness_a", "witness_b", "normal", "separation" (N, 3), "iterations",
    /// "penetration_iterations", "support_calls": int32}.
    [[nodiscard]] py::dict toDict() const;

private:
    py::array_t<std::uint8_t> status_;
    py::array_t<bool> collide_;
    py::array_t<double> distance_, witnessA_, witnessB_, normal_, separation_;
    py::array_t<std::int32_t> iterations_, penetrationIterations_, supportCalls_;
    std::uint8_t* statusData_;
    bool* collideData_;
    double *distanceData_, *witnessAData_, *witnessBData_, *normalData_, *separationData_;
    std::int32_t *iterationsData_, *penetrationData_, *supportData_;
};

/// Shapes given as one Shape (broadcast) or a sequence of N shapes.
class ShapeList {
public:
    ShapeList(const py::handle& value, const char* what);
    [[nodiscard]] py::ssize_t count() const { return count_; } ///< -1: one shape broadcast
    [[nodiscard]] const Shape& operator[](py::ssize_t i) const {
        return shapes_[count_ < 0 ? 0 : static_cast<size_t>(i)];
    }

private:
    std::vector<Shape> shapes_;
    py::ssize_t count_ = -1;
};

/// The common N of broadcastable arguments (-1 counts as "any"). \throws py::value_error naming
/// the arguments whose lengths differ.
py::ssize_t commonCount(std::initializer_list<std::pair<const char*, py::ssize_t>> counts);

} // namespace mk::python
