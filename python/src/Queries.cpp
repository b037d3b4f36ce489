/// \file Queries.cpp
/// The shared query machinery (Queries.h).

#include "Queries.h"

#include "Arrays.h"

#include <mutex>
#include <thread>
#include <vector>

namespace mk::python {

SolverSpec resolveSolver(const std::string& text) {
    if (std::shared_ptr<PythonSolver> solver = findPythonSolver(text)) {
        return {text, SolverChoice{}, std::move(solver)};
    }
    try {
        const SolverChoice choice = parseSolverChoice(text);
        return {name(choice), choice, nullptr};
    } catch (const UnknownNameError& error) {
        const std::vector<std::string> names = pythonSolverNames();
        if (names.empty()) {
            throw;
        }
        std::string list;
        for (const std::string& n : names) {
            list += (list.empty() ? "" : ", ") + n;
        }
        throw UnknownNameError(std::string(error.what()) + "; Python solvers: " + list);
    }
}

QuerySetup makeSetup(const std::string& solver, const std::string& task, const std::string& warmStart,
                     std::optional<double> margin, std::optional<double> tolerance,
                     std::optional<int> maxIterations) {
    QuerySetup setup;
    setup.solver = resolveSolver(solver);
    setup.warmStart = parseWarmStart(warmStart);
    setup.request.task = parseTask(task);
    setup.request.solver = setup.solver.builtin;
    if (margin) {
        setup.request.margin = *margin;
    }
    if (tolerance) {
        setup.request.tolerance = *tolerance;
    }
    if (maxIterations) {
        if (*maxIterations < 1) {
            throw py::value_error("max_iterations: must be >= 1");
        }
        setup.request.maxIterations = *maxIterations;
    }
    return setup;
}

Vec3 independentGuess(WarmStart warm, const Shape& a, const Pose& poseA, const Shape& b, const Pose& poseB) {
    if (warm == WarmStart::None) {
        return Vec3::UnitX();
    }
    return obbGuess(a, poseA, b, poseB);
}

QueryResult runQuery(const QuerySetup& setup, const Shape& a, const Pose& poseA, const Shape& b,
                     const Pose& poseB, const QueryRequest& request) {
    if (setup.solver.python) {
        return setup.solver.python->query(a, poseA, b, poseB, request);
    }
    return collide(a, poseA, b, poseB, request);
}

void parallelFor(py::ssize_t n, int threads, const std::function<void(py::ssize_t, py::ssize_t)>& body) {
    if (threads < 1) {
        throw py::value_error("threads: must be >= 1");
    }
    const py::ssize_t slices = std::min<py::ssize_t>(threads, std::max<py::ssize_t>(n, 1));
    std::exception_ptr failure;
    {
        py::gil_scoped_release release;
        if (slices <= 1) {
            try {
                body(0, n);
            } catch (...) {
                failure = std::current_exception();
            }
        } else {
            std::mutex mutex;
            std::vector<std::thread> workers;
            workers.reserve(static_cast<size_t>(slices));
            for (py::ssize_t s = 0; s < slices; ++s) {
                workers.emplace_back([&, s] {
                    try {
                        body(n * s / slices, n * (s + 1) / slices);
                    } catch (...) {
                        const std::lock_guard<std::mutex> lock(mutex);
                        if (!failure) {
                            failure = std::current_exception();
                        }
                    }
                });
            }
            for (std::thread& w : workers) {
                w.join();
            }
        }
    }
    if (failure) {
        std::rethrow_exception(failure);
    }
}

ResultColumns::ResultColumns(py::ssize_t n)
    : status_(n), collide_(n), distance_(n), witnessA_(newDoubles(n, 3)), witnessB_(newDoubles(n, 3)),
      normal_(newDoubles(n, 3)), separation_(newDoubles(n, 3)), iterations_(n), penetrationIterations_(n),
      supportCalls_(n), statusData_(status_.mutable_data()), collideData_(collide_.mutable_data()),
      distanceData_(distance_.mutable_data()), witnessAData_(witnessA_.mutable_data()),
      witnessBData_(witnessB_.mutable_data()), normalData_(normal_.mutable_data()),
      separationData_(separation_.mutable_data()), iterationsData_(iterations_.mutable_data()),
      penetrationData_(penetrationIterations_.mutable_data()), supportData_(supportCalls_.mutable_data()) {}

void ResultColumns::write(py::ssize_t i, const QueryResult& r) {
    statusData_[i] = static_cast<std::uint8_t>(r.status);
    collideData_[i] = r.collide;
    distanceData_[i] = r.distance;
    writeVec3(r.witnessA, witnessAData_ + 3 * i);
    writeVec3(r.witnessB, witnessBData_ + 3 * i);
    writeVec3(r.normal, normalData_ + 3 * i);
    writeVec3(r.separation, separationData_ + 3 * i);
    iterationsData_[i] = r.iterations;
    penetrationData_[i] = r.penetrationIterations;
    supportData_[i] = r.supportCalls;
}

py::dict ResultColumns::toDict() const {
    py::dict d;
    d["status"] = status_;
    d["collide"] = collide_;
    d["distance"] = distance_;
    d["witness_a"] = witnessA_;
    d["witness_b"] = witnessB_;
    d["normal"] = normal_;
    d["separation"] = separation_;
    d["iterations"] = iterations_;
    d["penetration_iterations"] = penetrationIterations_;
    d["support_calls"] = supportCalls_;
    return d;
}

ShapeList::ShapeList(const py::handle& value, const char* what) {
    if (py::isinstance<Shape>(value)) {
        shapes_.push_back(value.cast<Shape>());
        return;
    }
    if (!py::isinstance<py::sequence>(value) || py::isinstance<py::str>(value)) {
        throw py::value_error(std::string(what) + ": expected a Shape or a sequence of Shapes");
    }
    const py::sequence seq = value.cast<py::sequence>();
    shapes_.reserve(seq.size());
    for (const py::handle item : seq) {
        if (!py::isinstance<Shape>(item)) {
            throw py::value_error(std::string(what) + ": every element must be a Shape, got " +
                                  std::string(py::str(py::type::of(item).attr("__name__"))));
        }
        shapes_.push_back(item.cast<Shape>());
    }
    count_ = static_cast<py::ssize_t>(shapes_.size());
}

py::ssize_t commonCount(std::initializer_list<std::pair<const char*, py::ssize_t>> counts) {
    py::ssize_t n = -1;
    const char* first = nullptr;
    for (const auto& [what, count] : counts) {
        if (count < 0) {
            continue;
        }
        if (n >= 0 && count != n) {
            throw py::value_error(std::string(what) + ": " + std::to_string(count) + " elements, but " +
                                  first + " has " + std::to_string(n));
        }
        n = count;
        first = what;
    }
    return n < 0 ? 1 : n;
}

} // namespace mk::python
