/// \file QueryBindings.cpp
/// minkowski.Result, minkowski.Request, collide(), collide_batch() and the PairCache-backed
/// Tracker for trajectories.

#include "Arrays.h"
#include "Bindings.h"
#include "Queries.h"

#include <pybind11/stl.h>

#include <optional>
#include <vector>

namespace mk::python {

namespace {

constexpr const char* kDefaultSolver = "gjk";
constexpr const char* kDefaultTask = "signed-distance";

void bindResult(py::module_& m) {
    py::class_<QueryResult>(m, "Result", "Outcome of one query (world frame, metre).")
        .def(py::init([](const std::string& status, double distance, bool collide, const py::handle& witnessA,
                         const py::handle& witnessB, const py::handle& normal, int iterations) {
                 QueryResult r;
                 bool found = false;
                 for (int s = 0; s <= static_cast<int>(Status::Unsupported); ++s) {
                     if (name(static_cast<Status>(s)) == status) {
                         r.status = static_cast<Status>(s);
                         found = true;
                     }
                 }
                 if (!found) {
                     throw py::value_error("status: unknown status '" + status + "'");
                 }
                 r.distance = distance;
                 r.collide = collide;
                 r.witnessA = toVec3(witnessA, "witness_a");
                 r.witnessB = toVec3(witnessB, "witness_b");
                 r.normal = toVec3(normal, "normal");
                 r.iterations = iterations;
                 r.separation = r.witnessA - r.witnessB;
                 return r;
             }),
             py::arg("status"), py::arg("distance"), py::arg("collide"),
             py::arg("witness_a") = py::make_tuple(0.0, 0.0, 0.0),
             py::arg("witness_b") = py::make_tuple(0.0, 0.0, 0.0), py::arg("normal") = py::make_tuple(1.0, 0.0, 0.0),
             py::arg("iterations") = 0, "For solvers written in Python.")
        .def_property_readonly("status", [](const QueryResult& r) { return std::string(name(r.status)); })
        .def_property_readonly("status_code", [](const QueryResult& r) { return static_cast<int>(r.status); })
        .def_readonly("collide", &QueryResult::collide)
        .def_readonly("distance", &QueryResult::distance)
        .def_property_readonly("witness_a", [](const QueryResult& r) { return toArray(r.witnessA); })
        .def_property_readonly("witness_b", [](const QueryResult& r) { return toArray(r.witnessB); })
        .def_property_readonly("normal", [](const QueryResult& r) { return toArray(r.normal); })
        .def_property_readonly("separation", [](const QueryResult& r) { return toArray(r.separation); })
        .def_readonly("iterations", &QueryResult::iterations)
        .def_readonly("penetration_iterations", &QueryResult::penetrationIterations)
        .def_readonly("support_calls", &QueryResult::supportCalls)
        .def_property_readonly("hints", [](const QueryResult& r) { return py::make_tuple(r.hints[0], r.hints[1]); })
        .def("__repr__", [](const QueryResult& r) {
            return "Result(status='" + std::string(name(r.status)) + "', distance=" +
                   std::string(py::repr(py::float_(r.distance))) + ", collide=" + (r.collide ? "True" : "False") +
                   ", iterations=" + std::to_string(r.iterations) + ")";
        });

    py::class_<QueryRequest>(m, "Request", "What a solver is asked (read-only; Python solvers receive it).")
        .def_property_readonly("task", [](const QueryRequest& r) { return std::string(name(r.task)); })
        .def_property_readonly("initial_guess", [](const QueryRequest& r) { return toArray(r.initialGuess); })
        .def_readonly("tolerance", &QueryRequest::tolerance)
        .def_readonly("absolute_tolerance", &QueryRequest::absoluteTolerance)
        .def_readonly("max_iterations", &QueryRequest::maxIterations)
        .def_readonly("penetration_tolerance", &QueryRequest::penetrationTolerance)
        .def_readonly("margin", &QueryRequest::margin);

    py::tuple statuses(static_cast<int>(Status::Unsupported) + 1);
    for (int s = 0; s <= static_cast<int>(Status::Unsupported); ++s) {
        statuses[static_cast<size_t>(s)] = py::str(std::string(name(static_cast<Status>(s))));
    }
    m.attr("STATUS_NAMES") = statuses;
}

QueryResult collideOne(const Shape& a, const py::handle& poseA, const Shape& b, const py::handle& poseB,
                       const std::string& solver, const std::string& task, const std::string& warmStart,
                       const py::handle& initialGuess, std::optional<double> margin, std::optional<double> tolerance,
                       std::optional<int> maxIterations) {
    const Pose pa = toPose(poseA, "pose_a");
    const Pose pb = toPose(poseB, "pose_b");
    const QuerySetup setup = makeSetup(solver, task, warmStart, margin, tolerance, maxIterations);
    QueryRequest request = setup.request;
    request.initialGuess = initialGuess.is_none() ? independentGuess(setup.warmStart, a, pa, b, pb)
                                                  : toVec3(initialGuess, "initial_guess");
    if (setup.solver.python) {
        return setup.solver.python->query(a, pa, b, pb, request); // holds the GIL already
    }
    return collide(a, pa, b, pb, request);
}

py::dict collideBatch(const py::handle& shapesA, const py::handle& posesA, const py::handle& shapesB,
                      const py::handle& posesB, const std::string& solver, const std::string& task,
                      const std::string& warmStart, const py::handle& initialGuesses, std::optional<double> margin,
                      std::optional<double> tolerance, std::optional<int> maxIterations, int threads) {
    const ShapeList a(shapesA, "a");
    const ShapeList b(shapesB, "b");
    const PoseArray pa(posesA, "poses_a");
    const PoseArray pb(posesB, "poses_b");
    DoubleArray guesses; // empty unless given (a default array_t has shape (0,), it is not null)
    const bool hasGuesses = !initialGuesses.is_none();
    if (hasGuesses) {
        guesses = toDoubleArray(initialGuesses, "initial_guesses");
        if (guesses.ndim() != 2 || guesses.shape(1) != 3) {
            throw py::value_error("initial_guesses: expected shape (N, 3), got " + shapeText(guesses));
        }
    }
    const py::ssize_t n = commonCount({{"a", a.count()},
                                       {"b", b.count()},
                                       {"poses_a", pa.count()},
                                       {"poses_b", pb.count()},
                                       {"initial_guesses", hasGuesses ? guesses.shape(0) : -1}});
    const QuerySetup setup = makeSetup(solver, task, warmStart, margin, tolerance, maxIterations);
    ResultColumns out(n);
    const double* guessData = hasGuesses ? guesses.data() : nullptr;
    parallelFor(n, threads, [&](py::ssize_t begin, py::ssize_t end) {
        QueryRequest request = setup.request;
        for (py::ssize_t i = begin; i < end; ++i) {
            const Pose poseA = pa[i];
            const Pose poseB = pb[i];
            request.initialGuess = guessData != nullptr
                                       ? Vec3(guessData[3 * i], guessData[3 * i + 1], guessData[3 * i + 2])
                                       : independentGuess(setup.warmStart, a[i], poseA, b[i], poseB);
            out.write(i, runQuery(setup, a[i], poseA, b[i], poseB, request));
        }
    });
    return out.toDict();
}

/// N pairs followed along trajectories: one mk::PairCache each, so that `previous` and
/// `transformed-previous` warm starts carry over from one call of query() to the next.
class Tracker {
public:
    Tracker(const py::handle& shapesA, const py::handle& shapesB, const std::string& solver, const std::string& task,
            const std::string& warmStart, std::optional<double> margin, std::optional<double> tolerance,
            std::optional<int> maxIterations)
        : a_(shapesA, "a"), b_(shapesB, "b"),
          setup_(makeSetup(solver, task, warmStart, margin, tolerance, maxIterations)) {
        count_ = commonCount({{"a", a_.count()}, {"b", b_.count()}});
        caches_.resize(static_cast<size_t>(count_));
    }

    py::dict query(const py::handle& posesA, const py::handle& posesB, int threads) {
        const PoseArray pa(posesA, "poses_a");
        const PoseArray pb(posesB, "poses_b");
        (void)commonCount({{"pairs", count_}, {"poses_a", pa.count()}, {"poses_b", pb.count()}});
        ResultColumns out(count_);
        const std::int64_t step = step_;
        parallelFor(count_, threads, [&](py::ssize_t begin, py::ssize_t end) {
            QueryRequest request = setup_.request;
            for (py::ssize_t i = begin; i < end; ++i) {
                const Pose poseA = pa[i];
                const Pose poseB = pb[i];
                PairCache& cache = caches_[static_cast<size_t>(i)];
                cache.prepare(setup_.warmStart, step, a_[i], poseA, b_[i], poseB, request);
                const QueryResult r = runQuery(setup_, a_[i], poseA, b_[i], poseB, request);
                if (r.status != Status::InvalidInput) {
                    cache.update(step, poseA, poseB, r, setup_.solver.builtin.entry());
                }
                out.write(i, r);
            }
        });
        ++step_;
        return out.toDict();
    }

    void reset() {
        for (PairCache& c : caches_) {
            c.reset();
        }
    }
    [[nodiscard]] py::ssize_t count() const { return count_; }
    [[nodiscard]] std::int64_t step() const { return step_; }
    [[nodiscard]] const std::string& solverName() const { return setup_.solver.name; }

private:
    ShapeList a_;
    ShapeList b_;
    QuerySetup setup_;
    py::ssize_t count_ = 0;
    std::vector<PairCache> caches_;
    std::int64_t step_ = 0;
};

} // namespace

void bindQueries(py::module_& m) {
    bindResult(m);
    m.def("collide", &collideOne, py::arg("a"), py::arg("pose_a"), py::arg("b"), py::arg("pose_b"),
          py::arg("solver") = kDefaultSolver, py::arg("task") = kDefaultTask, py::arg("warm_start") = "none",
          py::arg("initial_guess") = py::none(), py::arg("margin") = py::none(), py::arg("tolerance") = py::none(),
          py::arg("max_iterations") = py::none(),
          "One query. Poses: Pose, (qw, qx, qy, qz, tx, ty, tz) or 4x4. warm_start: none (x0 = (1, 0, 0)) or "
          "obb (previous strategies fall back to obb: use a Tracker for trajectories); initial_guess overrides.");
    m.def("collide_batch", &collideBatch, py::arg("a"), py::arg("poses_a"), py::arg("b"), py::arg("poses_b"),
          py::arg("solver") = kDefaultSolver, py::arg("task") = kDefaultTask, py::arg("warm_start") = "none",
          py::arg("initial_guesses") = py::none(), py::arg("margin") = py::none(), py::arg("tolerance") = py::none(),
          py::arg("max_iterations") = py::none(), py::arg("threads") = 1,
          "N queries without the GIL: a and b are Shapes or sequences of N Shapes, poses (N, 7), (N, 4, 4) or "
          "one pose. Returns a dict of arrays (status codes index STATUS_NAMES). Results do not depend on "
          "`threads`.");
    py::class_<Tracker>(m, "Tracker",
                        "N pairs along trajectories, one PairCache each: warm starts carry over between calls.")
        .def(py::init<const py::handle&, const py::handle&, const std::string&, const std::string&,
                      const std::string&, std::optional<double>, std::optional<double>, std::optional<int>>(),
             py::arg("a"), py::arg("b"), py::arg("solver") = kDefaultSolver, py::arg("task") = kDefaultTask,
             py::arg("warm_start") = "previous", py::arg("margin") = py::none(), py::arg("tolerance") = py::none(),
             py::arg("max_iterations") = py::none())
        .def("query", &Tracker::query, py::arg("poses_a"), py::arg("poses_b"), py::arg("threads") = 1,
             "The next step's queries; returns a dict of arrays like collide_batch.")
        .def("reset", &Tracker::reset, "Forgets every pair's previous query.")
        .def_property_readonly("pairs", &Tracker::count)
        .def_property_readonly("step", &Tracker::step)
        .def_property_readonly("solver", &Tracker::solverName);
}

} // namespace mk::python
