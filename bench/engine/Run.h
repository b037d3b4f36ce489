#pragma once
/// \file Run.h
/// One timed simulation of a funnel scene by one engine.

#include "FunnelScene.h"

#include "minkowski/engine/Settings.h"
#include "minkowski/engine/Stats.h"

#include <string>

namespace mk::bench {

struct RunOptions {
    int steps = 240;                  ///< simulated steps (2 s at 120 Hz)
    double timeStep = 1.0 / 120.0;    ///< (unit: second)
    WorldSettings minkowski{};        ///< our engine's settings (solver, warm start, PGS, cache)
    int bulletIterations = 10;        ///< btContactSolverInfo::m_numIterations
    double bulletMargin = 0.001;      ///< btConvexHullShape margin (unit: metre)
};

struct RunResult {
    std::string engine;
    int bodies = 0;
    int steps = 0;
    double seconds = 0.0;       ///< wall time of all steps (unit: second)
    /// CPU time of the stepping thread over all steps (unit: second): what steps/s is computed
    /// from, so that other processes on a shared machine do not skew the ratio.
    double cpuSeconds = 0.0;
    StepTimes stages{};         ///< sums over the steps (our engine only)
    /// Per-step averages of the counters (our engine; Bullet fills contacts and pairs).
    double pairs = 0.0;
    double obbPassed = 0.0;
    double narrowPhaseCalls = 0.0;
    double perturbationCalls = 0.0;
    double contacts = 0.0;
    double pgsIterations = 0.0;
    double meanHeight = 0.0;    ///< mean body height at the end (unit: metre)
    bool finite = true;         ///< no body left with a non-finite state

    [[nodiscard]] double stepsPerSecond() const { return cpuSeconds > 0.0 ? steps / cpuSeconds : 0.0; }
};

/// CPU time of the calling thread (unit: second).
double threadCpuSeconds();

RunResult runMinkowski(const FunnelScene& scene, const RunOptions& options);
RunResult runBullet(const FunnelScene& scene, const RunOptions& options);

} // namespace mk::bench
