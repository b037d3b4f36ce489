#pragma once
/// \file Isolation.h
/// Running one contender in child processes (private to mk_bench; see runBenchmark()).

#include "minkowski/bench/Runner.h"

#include <span>
#include <vector>

namespace mk::bench {

/// (set, problem) of every problem, in order.
struct Cell {
    int set = 0;
    int problem = 0;
};

/// Mean of the fastest 90% of `samples` minus the clock overhead, and the failure flag.
void completeMeasurement(Measurement& m, const CollisionProblem& problem,
                         std::span<const double> samplesNs);

/// Measures `contender` (index `index`) on every cell and task in child processes, restarting
/// after the cell a child dies on. \throws std::runtime_error when a process cannot be created
/// or dies outside a query.
std::vector<Measurement> runIsolated(const std::vector<ProblemSet>& sets,
                                     const std::vector<Cell>& cells, Contender& contender,
                                     int index, const RunOptions& options);

} // namespace mk::bench
