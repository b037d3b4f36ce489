#pragma once
/// \file Runner.h
/// Runs every contender on every problem of every set, for every task, and keeps one measurement
/// per (problem, contender, task).

#include "minkowski/bench/Contender.h"
#include "minkowski/bench/Problem.h"

#include <functional>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

namespace mk::bench {

/// Below this |reference| (unit: metre) the sign of a problem is ambiguous and a boolean answer
/// is never counted as wrong.
inline constexpr double kSignTolerance = 1e-6;

/// One (problem, contender, task) cell of the benchmark.
struct Measurement {
    int set = 0;       ///< index into the problem sets
    int problem = 0;   ///< index into the set's problems
    int contender = 0; ///< index into the contenders
    BenchTask task = BenchTask::Boolean;
    Outcome outcome{};
    /// Mean of the fastest 90% of the repetitions, minus the clock overhead (unit: nanosecond).
    double timeNs = 0.0;
    /// A failure status, or `collide` disagreeing with the sign of the reference.
    bool failed = false;
    /// The contender's process died on this cell (isolated contenders only): no outcome, time NaN,
    /// counted as a failure.
    bool crashed = false;
    /// The cell outlasted RunOptions::isolatedQueryLimitSeconds and its process was killed (also
    /// `crashed`: no outcome, time NaN, a failure; outcome.status "timed-out").
    bool timedOut = false;
};

struct RunOptions {
    std::vector<BenchTask> tasks{BenchTask::Boolean, BenchTask::Distance};
    int repeats = 20; ///< R: timed repetitions of each query
    /// Called with (cells done, cells in all), a cell being one problem for one contender.
    std::function<void(size_t, size_t)> progress;
    /// Called when an isolated contender's process dies on a cell, with the POSIX signal (0 for a
    /// cell that timed out).
    std::function<void(const Measurement&, int)> crashed;
    /// Wall-clock limit of one cell of an isolated contender (its R repetitions; unit: second);
    /// past it the child is killed and the cell is `timedOut`. 0: no limit.
    double isolatedQueryLimitSeconds = 0.0;
};

/// True when `collide` contradicts the sign of `reference` (ignoring |reference| <= kSignTolerance).
[[nodiscard]] bool disagreesWithReference(bool collide, const std::optional<double>& reference);

/// Measures every contender on every problem it can represent, for every task it supports.
/// In-process contenders run problem by problem (they take turns on a problem while its shapes
/// are in cache). Each isolated contender then runs in a child process, problem after problem;
/// when the child dies on a cell or outlasts the per-cell limit, the cell is recorded as crashed
/// (or timed out) and a new child resumes after it. SIGINT and SIGTERM meanwhile kill and reap the
/// child before the program ends by the signal. Measurements are returned ordered by set, problem, contender and task.
std::vector<Measurement> runBenchmark(const std::vector<ProblemSet>& sets,
                                      const std::vector<std::unique_ptr<Contender>>& contenders,
                                      const RunOptions& options);

} // namespace mk::bench
