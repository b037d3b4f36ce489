#pragma once
/// \file BenchOptions.h
/// The options of `minkowski bench`, their registration on CLI11 and their validation.

#include "minkowski/bench/Contender.h"
#include "minkowski/dataset/Recorder.h"
#include "minkowski/narrowphase/Collide.h"
#include "minkowski/narrowphase/Defaults.h"
#include "minkowski/narrowphase/Query.h"

#include <CLI/CLI.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace mk::cli {

/// The command line of `minkowski bench`, as given.
struct BenchOptions {
    bool generated = false;
    std::string problemsFile;
    std::string meshFolder;
    std::vector<double> distances;
    int pairs = 0;
    std::uint64_t seed = 0;
    int repeats = 0;
    std::vector<std::string> solvers;       ///< choices `name[:subalgo=S]`, or all
    std::vector<std::string> subAlgorithms; ///< --subalgos; empty: as the choices say
    std::vector<std::string> warmStarts;
    std::vector<std::string> tasks;
    std::string resultsFile;
    std::string summaryFile;
    std::string writeProblemsFile;
    bool byDistance = false;
    std::vector<std::string> peers;
    /// --peer-time-limit: wall-clock limit of one peer query and its repetitions (unit: second);
    /// 0 lifts it.
    double peerTimeLimit = 10.0;
    bool quiet = false;

    // Replay of a trajectory dataset (positional DATASET.h5; docs/dataset.md).
    std::string dataset; ///< DATASET.h5, or a collision-problem CSV replayed the same way
    bool includePerturbed = false;
    bool dynamicPairsOnly = false;
    std::string plotPrefix; ///< PREFIX.png and PREFIX.svg; empty: <dataset stem>-fig13
    bool noPlot = false;
    /// --chunk k/N: only the k-th of N disjoint parts of the selected problems (a sweep's unit of
    /// replay, docs/sweeps.md); empty: all of them.
    std::string chunk;
    /// --epa-tolerance: EPA / MPR penetration-depth tolerance of every replayed query (unit:
    /// metre).
    double epaTolerance = defaults::kEpaTolerance;
    bool taskGiven = false; ///< --task was on the command line (a dataset defaults to boolean)

    // The engine benchmark (--engine; docs/engine.md, "Benchmark").
    bool engine = false;
    std::vector<int> bodies;  ///< --bodies; empty: 100 and 1000 with --engine
    int steps = 0;            ///< --steps; 0: 240 (2 s at 120 Hz) with --engine
    std::vector<int> threads; ///< --threads: WorldSettings::threads of each run; empty: 1
    std::optional<double> hullTolerance; ///< --hull-tolerance of every mesh (unit: metre)
};

/// What to run, after validation.
struct BenchSelection {
    /// Solver choices in command-line order, with --subalgos crossed in (the GJK solvers once
    /// per sub-algorithm), without duplicates.
    std::vector<SolverChoice> solvers;
    /// `--solvers recorded`: a dataset replay adds the solver choices its calls were made with.
    bool recordedSolvers = false;
    std::vector<WarmStart> warmStarts;
    std::vector<bench::BenchTask> tasks;
    /// --chunk: the part of the selected problems to replay ({0, 1}: all).
    dataset::Shard chunk;
};

/// Registers the options on the `bench` sub-command, with their defaults and help.
void addBenchOptions(CLI::App& bench, BenchOptions& options);

/// Checks the combination of options and parses the names ("all" selects every value).
/// \throws UsageError naming the mistake (and the valid names for an unknown one).
BenchSelection validate(const BenchOptions& options);

} // namespace mk::cli
