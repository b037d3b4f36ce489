#pragma once
/// \file EngineBench.h
/// `minkowski bench --engine`: steps per second of the engine on the scenes' funnel at several
/// body counts, with the stage breakdown, and the same bodies in Bullet's btDiscreteDynamicsWorld
/// in the same run (docs/engine.md, "Benchmark").

#include "BenchOptions.h"

namespace mk::cli {

/// What the command line chose beyond the options' values.
struct EngineBenchChoices {
    bool solversGiven = false;    ///< --solvers given: else the scene's solver
    bool warmStartsGiven = false; ///< --warm-starts given: else the scene's warm start
    bool seedGiven = false;       ///< --seed given: else the scene's seed
};

/// Runs the engine benchmark and prints its table to stdout; returns the exit code.
/// \throws UsageError for a mesh folder that cannot replace the funnel's objects.
int runEngineBench(const BenchOptions& options, const BenchSelection& selection,
                   const EngineBenchChoices& choices);

} // namespace mk::cli
