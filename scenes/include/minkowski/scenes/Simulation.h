#pragma once
/// \file Simulation.h
/// Runs a scene's trajectories one after the other and sums what the engine reports: the numbers
/// of the `minkowski run` summary.

#include "minkowski/scenes/Build.h"
#include "minkowski/scenes/SceneDesc.h"
#include "minkowski/scenes/Shapes.h"

#include <cstdint>
#include <functional>
#include <vector>

namespace mk::scenes {

/// Totals over every step of every trajectory run.
struct RunStats {
    int firstTrajectory = 0;       ///< index of the first trajectory run
    std::int64_t trajectories = 0; ///< trajectories run, from firstTrajectory
    std::int64_t steps = 0;
    std::int64_t bodies = 0;             ///< per trajectory (every trajectory has the same count)
    std::int64_t dynamicBodies = 0;      ///< per trajectory
    std::int64_t narrowPhaseCalls = 0;   ///< StepCounts::narrowPhaseCalls
    std::int64_t perturbationCalls = 0;  ///< StepCounts::perturbationCalls
    std::int64_t faceClips = 0;          ///< StepCounts::faceClips
    std::int64_t narrowPhaseSkipped = 0; ///< StepCounts::narrowPhaseSkipped (contact cache)
    std::int64_t narrowPhaseFailures = 0;
    std::int64_t gjkIterations = 0;         ///< sum of QueryResult::iterations (real calls)
    std::int64_t penetrationIterations = 0; ///< sum of QueryResult::penetrationIterations
    std::int64_t contacts = 0;              ///< sum over steps of StepCounts::contacts
    std::int64_t maxContacts = 0;           ///< largest StepCounts::contacts of one step
    std::int64_t pgsIterations = 0;         ///< sum over steps
    std::int64_t pgsUnconverged = 0;        ///< steps whose PGS hit its iteration cap
    /// StepCounts::pgsResidual of every step (unit: as PgsSettings::tolerance).
    std::vector<float> pgsResiduals;
    /// Largest StepMotion::maxLinearSpeed and maxAngularSpeed of any step (unit: m/s, rad/s).
    double maxLinearSpeed = 0.0;
    double maxAngularSpeed = 0.0;
    /// The same over the last second of each trajectory (after the scene has settled).
    double settledMaxLinearSpeed = 0.0;
    double settledMaxAngularSpeed = 0.0;
    /// Wall time of every mk::collide call, perturbed ones included (unit: second).
    std::vector<float> callSeconds;
    double simulatedSeconds = 0.0; ///< steps x time step (unit: second)
    double wallSeconds = 0.0;      ///< building and stepping (unit: second)
    /// World::stateHash() of the final state for one trajectory; for several, FNV-1a (64 bit)
    /// over the little-endian bytes of each trajectory's final hash, in trajectory order.
    std::uint64_t stateHash = 0;

    /// Mean of callSeconds (0 without calls; unit: second).
    [[nodiscard]] double meanCallSeconds() const;
    /// The q-quantile of callSeconds, q in [0, 1], nearest rank (0 without calls; unit: second).
    [[nodiscard]] double callSecondsQuantile(double q) const;
    /// Share of steps whose PGS met a stopping criterion before its cap, in [0, 1].
    [[nodiscard]] double pgsConvergedShare() const;
    /// The q-quantile of pgsResiduals, nearest rank (0 without steps).
    [[nodiscard]] double pgsResidualQuantile(double q) const;
    /// simulatedSeconds / wallSeconds.
    [[nodiscard]] double realTimeFactor() const;
};

struct RunOptions {
    int firstTrajectory = 0;
    /// Trajectories to run from firstTrajectory; -1: up to simulation.trajectories.
    int trajectoryCount = -1;
    /// After every step: (steps done, steps of the whole run).
    std::function<void(std::int64_t, std::int64_t)> progress;
    /// WorldSettings::threads of each trajectory's world: the state hash is the same for every
    /// count, only the wall time changes.
    int threads = 1;
    /// After every step, with the trajectory's world (tests check invariants here).
    std::function<void(const BuiltScene&)> afterStep;
};

/// Runs the trajectories of a validated scene whose shapes are `shapes` (loadShapes()).
/// \throws SceneError on a bad trajectory range or a body the engine refuses, and
/// mk::SimulationError when a step blows up.
RunStats runScene(const SceneDesc& scene, const SceneShapes& shapes,
                  const RunOptions& options = {});

} // namespace mk::scenes
