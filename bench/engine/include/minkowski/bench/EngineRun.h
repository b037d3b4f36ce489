#pragma once
/// \file EngineRun.h
/// Timed simulation of one world (`minkowski bench --engine`): our engine, and the same bodies in
/// Bullet's btDiscreteDynamicsWorld in the same run when Bullet is built (bulletWorldAvailable()).

#include "minkowski/engine/Stats.h"
#include "minkowski/engine/World.h"

#include <string>

namespace mk::bench {

/// Bullet's side of the comparison.
struct BulletOptions {
    int iterations = 10;   ///< btContactSolverInfo::m_numIterations
    double margin = 0.001; ///< collision margin of hulls and boxes (unit: metre)
};

/// Sums and per-step averages of one engine's run.
struct EngineRunResult {
    std::string engine; ///< "minkowski" or "bullet"
    int bodies = 0;     ///< dynamic bodies
    int steps = 0;
    double seconds = 0.0; ///< wall time of all steps (unit: second)
    /// CPU time of the stepping thread over all steps (unit: second): what steps/s is computed
    /// from, so that other processes on a shared machine do not skew the ratio.
    double cpuSeconds = 0.0;
    StepTimes stages{}; ///< sums over the steps (our engine only)
    /// Per-step averages of the counters (our engine; Bullet fills contacts and pairs).
    double pairs = 0.0;
    double obbPassed = 0.0;
    double narrowPhaseCalls = 0.0;
    double perturbationCalls = 0.0;
    double contacts = 0.0;
    double pgsIterations = 0.0;
    double meanHeight = 0.0; ///< mean height of the dynamic bodies at the end (unit: metre)
    bool finite = true;      ///< no body left with a non-finite position

    [[nodiscard]] double stepsPerSecond() const {
        return cpuSeconds > 0.0 ? steps / cpuSeconds : 0.0;
    }
};

/// CPU time of the calling thread (unit: second).
double threadCpuSeconds();

/// Steps `world` `steps` times, timing each step.
EngineRunResult runMinkowski(World& world, int steps);

/// True when this build has Bullet's dynamics world (bullet-float64).
bool bulletWorldAvailable();

/// Builds the bodies of `world` (boxes without rounding and convex meshes; others throw
/// std::invalid_argument naming the shape) in a btDiscreteDynamicsWorld with the same gravity,
/// masses, inertias, poses, velocities and effective friction, and steps it `steps` times by
/// world.settings().timeStep. \throws std::runtime_error when Bullet is not built.
EngineRunResult runBullet(const World& world, int steps, const BulletOptions& options);

} // namespace mk::bench
