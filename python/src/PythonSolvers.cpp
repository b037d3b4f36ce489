/// \file PythonSolvers.cpp
/// The registry of solvers written in Python (PythonSolvers.h).

#include "PythonSolvers.h"

#include "Arrays.h"

#include "minkowski/narrowphase/Collide.h"

#include <pybind11/stl.h>

#include <map>
#include <mutex>

namespace mk::python {

namespace {

std::mutex& registryMutex() {
    static std::mutex mutex;
    return mutex;
}

std::map<std::string, std::shared_ptr<PythonSolver>>& registry() {
    static auto* solvers = new std::map<std::string, std::shared_ptr<PythonSolver>>(); // never freed:
    return *solvers; // Python objects must not be released after the interpreter is gone
}

Status parseStatus(const std::string& text) {
    for (int s = 0; s <= static_cast<int>(Status::Unsupported); ++s) {
        if (name(static_cast<Status>(s)) == text) {
            return static_cast<Status>(s);
        }
    }
    throw py::value_error("status: unknown status '" + text + "'");
}

/// A Result object, or a dict of Result fields (missing ones keep their defaults).
QueryResult toQueryResult(const py::handle& answer, const std::string& solver) {
    if (py::isinstance<QueryResult>(answer)) {
        return answer.cast<QueryResult>();
    }
    if (!py::isinstance<py::dict>(answer)) {
        throw py::value_error("Python solver '" + solver + "': query() must return a minkowski.Result or a dict");
    }
    const py::dict d = answer.cast<py::dict>();
    QueryResult r;
    r.status = Status::Separated;
    for (const auto& [key, value] : d) {
        const std::string k = py::str(key);
        if (k == "status") {
            r.status = py::isinstance<py::str>(value) ? parseStatus(value.cast<std::string>())
                                                       : static_cast<Status>(value.cast<int>());
        } else if (k == "collide") {
            r.collide = value.cast<bool>();
        } else if (k == "distance") {
            r.distance = value.cast<double>();
        } else if (k == "witness_a") {
            r.witnessA = toVec3(value, "witness_a");
        } else if (k == "witness_b") {
            r.witnessB = toVec3(value, "witness_b");
        } else if (k == "normal") {
            r.normal = toVec3(value, "normal");
        } else if (k == "separation") {
            r.separation = toVec3(value, "separation");
        } else if (k == "iterations") {
            r.iterations = value.cast<int>();
        } else if (k == "penetration_iterations") {
            r.penetrationIterations = value.cast<int>();
        } else if (k == "support_calls") {
            r.supportCalls = value.cast<int>();
        } else {
            throw py::value_error("Python solver '" + solver + "': unknown result field '" + k +
                                  "' (status, collide, distance, witness_a, witness_b, normal, separation, "
                                  "iterations, penetration_iterations, support_calls)");
        }
    }
    if (!d.contains("collide")) {
        r.collide = isOverlap(r.status) || r.distance <= 0.0;
    }
    return r;
}

} // namespace

PythonSolver::PythonSolver(std::string name, py::object solver) : name_(std::move(name)), solver_(std::move(solver)) {}

PythonSolver::~PythonSolver() {
    if (Py_IsInitialized() != 0) {
        py::gil_scoped_acquire gil;
        solver_ = py::object();
    } else {
        (void)solver_.release(); // the interpreter is gone: leak rather than touch it
    }
}

QueryResult PythonSolver::query(const Shape& a, const Pose& poseA, const Shape& b, const Pose& poseB,
                                const QueryRequest& request) const {
    py::gil_scoped_acquire gil;
    const py::object answer = solver_.attr("query")(a, poseA, b, poseB, request);
    return toQueryResult(answer, name_);
}

std::shared_ptr<PythonSolver> findPythonSolver(const std::string& name) {
    const std::lock_guard<std::mutex> lock(registryMutex());
    const auto it = registry().find(name);
    return it == registry().end() ? nullptr : it->second;
}

std::vector<std::string> pythonSolverNames() {
    const std::lock_guard<std::mutex> lock(registryMutex());
    std::vector<std::string> names;
    for (const auto& [n, s] : registry()) {
        names.push_back(n);
    }
    return names;
}

void bindPythonSolvers(py::module_& m) {
    m.def(
        "register_solver",
        [](const std::string& name, const py::object& solver) {
            if (name.empty() || name.find_first_of(":, ") != std::string::npos) {
                throw py::value_error("register_solver: a name must be non-empty, without ':', ',' or spaces");
            }
            if (!py::hasattr(solver, "query")) {
                throw py::value_error("register_solver: the solver must have a query(a, pose_a, b, pose_b, "
                                      "request) method");
            }
            try {
                (void)parseSolverChoice(name);
                throw py::value_error("register_solver: '" + name + "' is a built-in solver");
            } catch (const UnknownNameError&) {
            }
            const std::lock_guard<std::mutex> lock(registryMutex());
            registry()[name] = std::make_shared<PythonSolver>(name, solver);
        },
        py::arg("name"), py::arg("solver"),
        "Registers a solver written in Python: an object with query(a, pose_a, b, pose_b, request) "
        "returning a minkowski.Result or a dict of its fields. Replaces a solver of the same name.");
    m.def(
        "unregister_solver",
        [](const std::string& name) {
            std::shared_ptr<PythonSolver> removed;
            {
                const std::lock_guard<std::mutex> lock(registryMutex());
                const auto it = registry().find(name);
                if (it == registry().end()) {
                    throw UnknownNameError("unregister_solver: no Python solver '" + name + "'");
                }
                removed = it->second;
                registry().erase(it);
            }
        },
        py::arg("name"));
    m.def("python_solvers", &pythonSolverNames, "Names of the registered Python solvers.");
}

} // namespace mk::python
