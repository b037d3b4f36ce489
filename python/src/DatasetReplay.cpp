/// \file DatasetReplay.cpp
/// Replay of a dataset through built-in and Python solvers (DatasetReplay.h).

#include "DatasetReplay.h"

#include "Queries.h"

#include "minkowski/bench/Runner.h"
#include "minkowski/bench/Statistics.h"
#include "minkowski/bench/Timing.h"
#include "minkowski/dataset/Replay.h"
#include "minkowski/dataset/ReplayReport.h"

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <chrono>
#include <cmath>

namespace mk::python {

using namespace pybind11::literals;

namespace {

/// One Python solver on one recorded problem, measured as dataset::replay measures ours.
dataset::ReplayCell measurePython(const dataset::Dataset& d, const dataset::ProblemRow& row, const QuerySetup& setup,
                                  std::vector<double>& samples, double overheadNs) {
    const Shape& a = d.shapes.at(static_cast<size_t>(row.shapeA));
    const Shape& b = d.shapes.at(static_cast<size_t>(row.shapeB));
    dataset::ReplayCell cell;
    QueryRequest request = setup.request;
    request.initialGuess = dataset::replayGuess(row, a, b, setup.warmStart, &cell.fellBack);
    request.hints = {-1, -1};
    (void)runQuery(setup, a, row.poseA, b, row.poseB, request);
    const QueryResult result =
        bench::timeRepeats([&] { return runQuery(setup, a, row.poseA, b, row.poseB, request); }, samples);
    dataset::recordMeasurement(cell, row, result, samples, overheadNs);
    return cell;
}

py::dict rowDict(const dataset::ReplayRow& r) {
    py::dict d;
    d["task"] = r.task;
    d["solver"] = r.solver;
    d["warm_start"] = r.warmStart;
    d["problems"] = r.problems;
    d["fallbacks"] = r.fallbacks;
    d["q1_ns"] = r.q1Ns;
    d["median_ns"] = r.medianNs;
    d["q3_ns"] = r.q3Ns;
    d["p90_ns"] = r.p90Ns;
    d["mean_iterations"] = r.meanIterations;
    d["max_iterations"] = r.maxIterations;
    d["failures"] = r.failures;
    d["disagreements"] = r.disagreements;
    d["max_distance_difference"] = r.maxDistanceDifference;
    return d;
}

/// Per-problem columns, problem-major (the order of the results CSV of `minkowski bench`).
py::dict resultColumns(const dataset::Dataset& d, const dataset::ReplayRun& run, const std::vector<std::string>& names) {
    const size_t nc = run.contenders.size();
    const auto n = static_cast<py::ssize_t>(run.problems.size() * nc);
    py::array_t<std::int64_t> problem(n);
    py::array_t<std::int32_t> trajectory(n), step(n), iterations(n);
    py::array_t<std::uint8_t> status(n);
    py::array_t<bool> collide(n), fallback(n), disagrees(n), unsupported(n);
    py::array_t<double> distance(n), timeNs(n), recorded(n);
    py::list solver, warm;
    for (size_t p = 0; p < run.problems.size(); ++p) {
        const dataset::ProblemRow& row = d.problems[run.problems[p]];
        for (size_t c = 0; c < nc; ++c) {
            const size_t i = p * nc + c;
            const dataset::ReplayCell& cell = run.cell(p, c);
            problem.mutable_data()[i] = static_cast<std::int64_t>(run.problems[p]);
            trajectory.mutable_data()[i] = row.trajectory;
            step.mutable_data()[i] = row.step;
            status.mutable_data()[i] = static_cast<std::uint8_t>(cell.status);
            collide.mutable_data()[i] = cell.collide;
            fallback.mutable_data()[i] = cell.fellBack;
            disagrees.mutable_data()[i] = cell.disagrees;
            unsupported.mutable_data()[i] = cell.unsupported;
            distance.mutable_data()[i] = cell.distance;
            iterations.mutable_data()[i] = cell.iterations;
            timeNs.mutable_data()[i] = cell.timeNs;
            recorded.mutable_data()[i] = row.distance;
            solver.append(names[c]);
            warm.append(std::string(name(run.contenders[c].warmStart)));
        }
    }
    const py::module_ np = py::module_::import("numpy");
    py::dict r;
    r["problem"] = problem;
    r["trajectory"] = trajectory;
    r["step"] = step;
    r["solver"] = np.attr("array")(solver, "dtype"_a = "U");
    r["warm_start"] = np.attr("array")(warm, "dtype"_a = "U");
    r["status"] = status;
    r["collide"] = collide;
    r["fallback"] = fallback;
    r["distance"] = distance;
    r["iterations"] = iterations;
    r["time_ns"] = timeNs;
    r["recorded_distance"] = recorded;
    r["disagrees"] = disagrees;
    r["unsupported"] = unsupported;
    return r;
}

} // namespace

py::dict replayDataset(const dataset::Dataset& d, const std::vector<std::string>& solvers,
                       const std::vector<std::string>& warmStarts, const std::string& task, int repeats,
                       bool includePerturbed, bool dynamicPairsOnly, std::optional<size_t> limit,
                       const py::object& progress) {
    if (repeats < 1) {
        throw py::value_error("repeats: must be >= 1");
    }
    const bench::BenchTask benchTask = bench::parseBenchTask(task);
    // Contenders in the order solver x warm start; built-in ones go through dataset::replay.
    std::vector<QuerySetup> setups;
    dataset::ReplayOptions builtin;
    builtin.task = benchTask;
    builtin.repeats = repeats;
    std::vector<size_t> builtinIndex;
    std::vector<size_t> pythonIndex;
    for (const std::string& s : solvers) {
        for (const std::string& w : warmStarts) {
            QuerySetup setup = makeSetup(s, std::string(name(bench::queryTask(benchTask))), w, std::nullopt,
                                         std::nullopt, std::nullopt);
            (setup.solver.python ? pythonIndex : builtinIndex).push_back(setups.size());
            if (!setup.solver.python) {
                builtin.contenders.emplace_back(setup.solver.builtin, setup.warmStart);
            }
            setups.push_back(std::move(setup));
        }
    }
    std::vector<size_t> problems = dataset::selectProblems(d, {includePerturbed, dynamicPairsOnly});
    if (limit && *limit < problems.size()) {
        problems.resize(*limit);
    }
    if (!progress.is_none()) {
        builtin.progress = [&progress](size_t done, size_t total) {
            if (done == total || done % std::max<size_t>(1, total / 100) == 0) {
                py::gil_scoped_acquire gil;
                progress(done, total);
            }
        };
    }
    dataset::ReplayRun ours;
    {
        py::gil_scoped_release release;
        ours = dataset::replay(d, problems, builtin);
    }
    // Python solvers: same measurement, cells gathered problem-major.
    dataset::ReplayRun run;
    run.task = benchTask;
    run.problems = problems;
    run.repeats = repeats;
    run.clockOverheadNs = ours.clockOverheadNs;
    run.seconds = ours.seconds;
    for (const QuerySetup& setup : setups) {
        run.contenders.emplace_back(setup.solver.builtin, setup.warmStart);
    }
    run.cells.resize(problems.size() * setups.size());
    for (size_t p = 0; p < problems.size(); ++p) {
        for (size_t k = 0; k < builtinIndex.size(); ++k) {
            run.cells[p * setups.size() + builtinIndex[k]] = ours.cell(p, k);
        }
    }
    if (!pythonIndex.empty()) {
        const auto start = std::chrono::steady_clock::now();
        std::vector<double> samples(static_cast<size_t>(repeats));
        for (size_t p = 0; p < problems.size(); ++p) {
            for (const size_t c : pythonIndex) {
                run.cells[p * setups.size() + c] =
                    measurePython(d, d.problems[problems[p]], setups[c], samples, run.clockOverheadNs);
            }
        }
        run.seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    }
    std::vector<dataset::ReplayRow> rows = dataset::summarizeReplay(d, run);
    std::vector<std::string> names;
    for (size_t c = 0; c < setups.size(); ++c) {
        names.push_back(setups[c].solver.name);
        rows[c].solver = setups[c].solver.name; // Python solvers are named by their registration
    }
    py::list summary;
    for (const dataset::ReplayRow& r : rows) {
        summary.append(rowDict(r));
    }
    py::dict out;
    out["results"] = resultColumns(d, run, names);
    out["summary"] = summary;
    out["table"] = dataset::formatReplayTable(rows);
    out["seconds"] = run.seconds;
    return out;
}

} // namespace mk::python
