#pragma once
/// \file Replay.h
/// Replays the problems of a dataset through solvers and warm starts (GJK++ Sec. IV-E, Fig. 13):
/// each query timed as the benchmark does (R repetitions, mean of the fastest 90%, minus the
/// clock overhead; bench/Timing.h) after one untimed call, warm-started from what was recorded.

#include "minkowski/bench/Contender.h"
#include "minkowski/dataset/Records.h"
#include "minkowski/narrowphase/Collide.h"

#include <atomic>
#include <functional>
#include <optional>
#include <vector>

namespace mk::dataset {

/// Which recorded calls take part.
struct ProblemFilter {
    /// Perturbed (multipoint) calls are extra queries at tilted poses; the paper's problems are
    /// one per pair and step, so they are left out by default.
    bool includePerturbed = false;
    /// Only pairs of two dynamic bodies (the paper's pairs of objects; no funnel walls).
    bool dynamicPairsOnly = false;
};

/// Rows of dataset.problems that pass `filter`, in order.
/// \throws DatasetError when dynamicPairsOnly is asked of a dataset without bodies.
std::vector<size_t> selectProblems(const Dataset& dataset, const ProblemFilter& filter);

/// The initial guess x0 that `strategy` gives for a recorded problem, computed by mk::PairCache
/// itself (fed with the recorded previous query): `previous` and `transformed-previous` fall
/// back to `obb` when the pair was not queried at step - 1 (GJK++ Sec. IV-E). With the recording
/// warm start it reproduces the recorded initial_guess bit for bit. `fellBack` tells whether the
/// fallback happened.
Vec3 replayGuess(const ProblemRow& row, const Shape& a, const Shape& b, WarmStart strategy,
                 bool* fellBack = nullptr);

/// One of our solvers (with its GJK sub-algorithm) with one warm start.
struct ReplayContender {
    SolverChoice solver;
    WarmStart warmStart = WarmStart::None;

    ReplayContender() = default;
    ReplayContender(const SolverChoice& choice, WarmStart warm) : solver(choice), warmStart(warm) {}
};

/// What one contender did on one problem.
struct ReplayCell {
    double timeNs = 0.0;   ///< mean of the fastest 90% of the repetitions, minus clock overhead
    double distance = 0.0; ///< signed distance (unit: metre)
    std::int32_t iterations = 0;
    Status status = Status::InvalidInput;
    bool collide = false;
    bool fellBack = false;    ///< a `previous` warm start used obb (pair not queried at step - 1)
    bool disagrees = false;   ///< collide contradicts the sign of the recorded distance
    bool unsupported = false; ///< Status::Unsupported: not timed, left out of every statistic
};

struct ReplayOptions {
    std::vector<ReplayContender> contenders;
    /// What every query starts from: its tolerances and iteration caps (for example
    /// penetrationTolerance, `minkowski bench --epa-tolerance`). The task, solver, initial guess,
    /// hints and warm-start seeds are set per contender and problem.
    QueryRequest request;
    bench::BenchTask task = bench::BenchTask::Boolean;
    int repeats = 30; ///< R
    /// (problems done, problems) after every problem.
    std::function<void(size_t, size_t)> progress;
    /// Polled between problems; when set, replay() throws Interrupted.
    const std::atomic<bool>* interrupt = nullptr;
};

/// Every contender on every selected problem (problem by problem, the contenders taking turns
/// while the problem's shapes are in cache).
struct ReplayRun {
    bench::BenchTask task = bench::BenchTask::Boolean;
    std::vector<ReplayContender> contenders;
    std::vector<size_t> problems;  ///< rows of dataset.problems
    std::vector<ReplayCell> cells; ///< problem-major: cells[p * contenders.size() + c]
    int repeats = 0;
    double clockOverheadNs = 0.0;
    double seconds = 0.0; ///< wall time of the replay

    [[nodiscard]] const ReplayCell& cell(size_t problem, size_t contender) const {
        return cells[problem * contenders.size() + contender];
    }
};

/// The recorded signed distance of a row, as a reference for the sign check (empty when NaN:
/// a problem without reference).
[[nodiscard]] std::optional<double> recordedReference(const ProblemRow& row);

/// Fills `cell` from a timed query of `row`: status, verdict, distance, iterations, the time (the
/// mean of the fastest 90% of `samples`, less the clock overhead) and the disagreement with the
/// recorded reference. `cell.fellBack` is the caller's (it comes from replayGuess()).
void recordMeasurement(ReplayCell& cell, const ProblemRow& row, const QueryResult& result,
                       const std::vector<double>& samples, double overheadNs);

/// \throws Interrupted (Recorder.h) when options.interrupt is set.
ReplayRun replay(const Dataset& dataset, std::vector<size_t> problems,
                 const ReplayOptions& options);

} // namespace mk::dataset
