/// \file BenchBindings.cpp
/// Collision-problem sets for Python (read a CSV, generate GJK++-style pairs) and `bench`: the
/// benchmark runner of `minkowski bench` over built-in solvers and solvers written in Python.

#include "Arrays.h"
#include "Bindings.h"
#include "Queries.h"

#include "minkowski/bench/Contender.h"
#include "minkowski/bench/Generator.h"
#include "minkowski/bench/ProblemCsv.h"
#include "minkowski/bench/Runner.h"
#include "minkowski/bench/Timing.h"

#include <pybind11/stl.h>

#include <chrono>
#include <cmath>
#include <limits>
#include <memory>

namespace mk::python {

namespace {

/// A solver written in Python as a benchmark contender: the request SolverContender would send
/// (warm start computed outside timing), the call timed with the GIL taken inside.
class PythonContender final : public bench::Contender {
public:
    PythonContender(QuerySetup setup) : setup_(std::move(setup)) {}
    [[nodiscard]] std::string solverName() const override { return setup_.solver.name; }
    [[nodiscard]] std::string warmStartName() const override { return std::string(name(setup_.warmStart)); }
    [[nodiscard]] bool isPeer() const override { return false; }
    [[nodiscard]] bool supports(bench::BenchTask) const override { return true; }
    bool prepare(const bench::CollisionProblem&) override { return true; }
    bench::Outcome measure(const bench::CollisionProblem& p, bench::BenchTask task,
                           std::span<double> samplesNs) override {
        QueryRequest request = setup_.request;
        request.task = bench::queryTask(task);
        request.initialGuess = independentGuess(setup_.warmStart, p.a.shape, p.poseA, p.b.shape, p.poseB);
        const QueryResult r = bench::timeRepeats(
            [&] { return runQuery(setup_, p.a.shape, p.poseA, p.b.shape, p.poseB, request); }, samplesNs);
        return {name(r.status), bench::isFailure(r.status), r.collide, r.distance, r.iterations,
                r.status == Status::Unsupported};
    }

private:
    QuerySetup setup_;
};

/// A problem set as Python sees it: shapes, poses (N, 7) and reference distances (NaN: none).
py::dict problemDict(const bench::ProblemSet& set) {
    const auto n = static_cast<py::ssize_t>(set.problems.size());
    py::list a, b, labelsA, labelsB;
    py::array_t<double> poseA = newDoubles(n, 7);
    py::array_t<double> poseB = newDoubles(n, 7);
    py::array_t<double> reference(n);
    for (py::ssize_t i = 0; i < n; ++i) {
        const bench::CollisionProblem& p = set.problems[static_cast<size_t>(i)];
        a.append(p.a.shape);
        b.append(p.b.shape);
        labelsA.append(p.a.label);
        labelsB.append(p.b.label);
        writePose(p.poseA, poseA.mutable_data() + 7 * i);
        writePose(p.poseB, poseB.mutable_data() + 7 * i);
        reference.mutable_data()[i] = p.referenceDistance.value_or(std::numeric_limits<double>::quiet_NaN());
    }
    py::dict d;
    d["name"] = set.name;
    d["a"] = a;
    d["b"] = b;
    d["label_a"] = labelsA;
    d["label_b"] = labelsB;
    d["pose_a"] = poseA;
    d["pose_b"] = poseB;
    d["reference"] = reference;
    return d;
}

/// The sets bench() measures: a CSV path or a problem dict (of read_problems/generate_problems).
bench::ProblemSet toProblemSet(const py::handle& problems, bench::MeshCache& meshes) {
    if (py::isinstance<py::str>(problems)) {
        return bench::readProblemCsv(problems.cast<std::string>(), meshes);
    }
    if (!py::isinstance<py::dict>(problems)) {
        throw py::value_error("problems: expected a collision-problem CSV path or a dict from read_problems()");
    }
    const py::dict d = problems.cast<py::dict>();
    const ShapeList a(d["a"], "problems['a']");
    const ShapeList b(d["b"], "problems['b']");
    const PoseArray pa(d["pose_a"], "problems['pose_a']");
    const PoseArray pb(d["pose_b"], "problems['pose_b']");
    const py::ssize_t n = commonCount({{"a", a.count()}, {"b", b.count()}, {"pose_a", pa.count()}, {"pose_b", pb.count()}});
    bench::ProblemSet set;
    set.name = d.contains("name") ? d["name"].cast<std::string>() : "problems";
    DoubleArray ref;
    if (d.contains("reference")) {
        ref = toDoubleArray(d["reference"], "problems['reference']");
    }
    for (py::ssize_t i = 0; i < n; ++i) {
        bench::CollisionProblem p;
        p.a.shape = a[i];
        p.b.shape = b[i];
        p.poseA = pa[i];
        p.poseB = pb[i];
        if (ref && i < ref.size() && std::isfinite(ref.data()[i])) {
            p.referenceDistance = ref.data()[i];
            p.referenceKind = bench::ReferenceKind::Given;
        }
        set.problems.push_back(std::move(p));
    }
    return set;
}

py::dict runBench(const py::handle& problems, const std::vector<std::string>& solvers,
                  const std::vector<std::string>& warmStarts, const std::vector<std::string>& tasks, int repeats) {
    bench::MeshCache meshes;
    const std::vector<bench::ProblemSet> sets{toProblemSet(problems, meshes)};
    std::vector<std::unique_ptr<bench::Contender>> contenders;
    for (const std::string& s : solvers) {
        for (const std::string& w : warmStarts) {
            QuerySetup setup = makeSetup(s, "signed-distance", w, std::nullopt, std::nullopt, std::nullopt);
            if (setup.solver.python) {
                contenders.push_back(std::make_unique<PythonContender>(std::move(setup)));
            } else {
                contenders.push_back(std::make_unique<bench::SolverContender>(setup.solver.builtin, setup.warmStart));
            }
        }
    }
    bench::RunOptions options;
    options.repeats = repeats;
    options.tasks.clear();
    for (const std::string& t : tasks) {
        options.tasks.push_back(bench::parseBenchTask(t));
    }
    std::vector<bench::Measurement> cells;
    {
        py::gil_scoped_release release; // Python contenders take it back for their calls
        cells = bench::runBenchmark(sets, contenders, options);
    }
    const auto n = static_cast<py::ssize_t>(cells.size());
    py::array_t<std::int32_t> problem(n), iterations(n);
    py::array_t<double> timeNs(n), distance(n), reference(n);
    py::array_t<bool> collide(n), failed(n), unsupported(n);
    py::list solver, warm, task, status;
    for (py::ssize_t i = 0; i < n; ++i) {
        const bench::Measurement& m = cells[static_cast<size_t>(i)];
        const bench::Contender& c = *contenders[static_cast<size_t>(m.contender)];
        problem.mutable_data()[i] = m.problem;
        iterations.mutable_data()[i] = m.outcome.iterations;
        timeNs.mutable_data()[i] = m.timeNs;
        distance.mutable_data()[i] = m.outcome.distance;
        reference.mutable_data()[i] =
            sets[0].problems[static_cast<size_t>(m.problem)].referenceDistance.value_or(std::numeric_limits<double>::quiet_NaN());
        collide.mutable_data()[i] = m.outcome.collide;
        failed.mutable_data()[i] = m.failed;
        unsupported.mutable_data()[i] = m.outcome.unsupported;
        solver.append(c.solverName());
        warm.append(c.warmStartName());
        task.append(std::string(bench::name(m.task)));
        status.append(std::string(m.outcome.status));
    }
    const py::module_ np = py::module_::import("numpy");
    py::dict d;
    d["problem"] = problem;
    d["solver"] = np.attr("array")(solver, py::arg("dtype") = "U");
    d["warm_start"] = np.attr("array")(warm, py::arg("dtype") = "U");
    d["task"] = np.attr("array")(task, py::arg("dtype") = "U");
    d["status"] = np.attr("array")(status, py::arg("dtype") = "U");
    d["collide"] = collide;
    d["distance"] = distance;
    d["reference"] = reference;
    d["iterations"] = iterations;
    d["time_ns"] = timeNs;
    d["failed"] = failed;
    d["unsupported"] = unsupported;
    return d;
}

/// The baseline of bench/bench_bindings.py: the same N queries as collide_batch in the plain
/// C++ loop a C++ user writes (poses already in a std::vector), timed by steady_clock; seconds.
double cppLoopSeconds(const py::handle& shapesA, const py::handle& posesA, const py::handle& shapesB,
                      const py::handle& posesB, const std::string& solver, const std::string& task) {
    const ShapeList a(shapesA, "a");
    const ShapeList b(shapesB, "b");
    const PoseArray pa(posesA, "poses_a");
    const PoseArray pb(posesB, "poses_b");
    const py::ssize_t n = commonCount({{"a", a.count()}, {"b", b.count()}, {"poses_a", pa.count()}, {"poses_b", pb.count()}});
    std::vector<Pose> va(static_cast<size_t>(n));
    std::vector<Pose> vb(static_cast<size_t>(n));
    for (py::ssize_t i = 0; i < n; ++i) {
        va[static_cast<size_t>(i)] = pa[i];
        vb[static_cast<size_t>(i)] = pb[i];
    }
    const QuerySetup setup = makeSetup(solver, task, "none", std::nullopt, std::nullopt, std::nullopt);
    if (setup.solver.python) {
        throw py::value_error("_cpp_loop_seconds: a built-in solver is needed");
    }
    py::gil_scoped_release release;
    double checksum = 0.0;
    const auto start = bench::BenchClock::now();
    for (py::ssize_t i = 0; i < n; ++i) {
        const auto k = static_cast<size_t>(i);
        const QueryResult r = collide(a[i], va[k], b[i], vb[k], setup.request);
        checksum += r.distance;
    }
    const auto stop = bench::BenchClock::now();
    bench::doNotOptimize(checksum);
    return std::chrono::duration<double>(stop - start).count();
}

} // namespace

void bindBench(py::module_& m) {
    m.def("_cpp_loop_seconds", &cppLoopSeconds, py::arg("a"), py::arg("poses_a"), py::arg("b"), py::arg("poses_b"),
          py::arg("solver") = "gjk", py::arg("task") = "signed-distance",
          "Baseline for bench/bench_bindings.py: the same queries in a plain C++ loop (seconds).");
    m.def(
        "read_problems",
        [](const std::string& path) {
            bench::MeshCache meshes;
            return problemDict(bench::readProblemCsv(path, meshes));
        },
        py::arg("path"),
        "A collision-problem CSV (docs/collision-problems.md) as {'a', 'b': lists of Shapes, 'pose_a', "
        "'pose_b': (N, 7), 'reference': (N,) NaN when unknown, ...}.");
    m.def(
        "generate_problems",
        [](const std::string& kind, int pairs, std::uint64_t seed, const std::vector<double>& distances) {
            bench::GeneratorOptions options;
            options.pairs = pairs;
            options.seed = seed;
            if (!distances.empty()) {
                options.distances = distances;
            }
            if (kind == "ellipsoids") {
                return problemDict(bench::generateEllipsoidSet(options));
            }
            if (kind == "hulls") {
                return problemDict(bench::generateMeshSet(bench::generatedHulls(seed), options, "hulls"));
            }
            throw UnknownNameError("unknown problem kind '" + kind + "' (valid: ellipsoids, hulls)");
        },
        py::arg("kind") = "ellipsoids", py::arg("pairs") = 10, py::arg("seed") = 0,
        py::arg("distances") = std::vector<double>{},
        "GJK++-style problems (`minkowski bench --generated`): random pairs at each distance of the grid.");
    m.def("bench", &runBench, py::arg("problems"), py::arg("solvers") = std::vector<std::string>{"gjk"},
          py::arg("warm_starts") = std::vector<std::string>{"none"},
          py::arg("tasks") = std::vector<std::string>{"boolean", "distance"}, py::arg("repeats") = 20,
          "The `minkowski bench` runner on a problem CSV path or a problem dict, over built-in and Python "
          "solvers; one row per (problem, solver x warm start, task) as a dict of arrays.");
}

} // namespace mk::python
