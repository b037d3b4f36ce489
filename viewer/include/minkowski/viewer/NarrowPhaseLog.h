#pragma once
/// \file NarrowPhaseLog.h
/// The narrow-phase calls of the last step, kept from the World's NarrowPhaseHook for drawing
/// (witness points, normals) and for the statistics panel (time and iterations per call).

#include "minkowski/engine/World.h"
#include "minkowski/narrowphase/Query.h"

#include <cstdint>
#include <span>
#include <vector>

namespace mk::viewer {

/// What the viewer keeps of one mk::collide call.
struct CallRecord {
    BodyId bodyA = 0;
    BodyId bodyB = 0;
    SolverChoice solver; ///< of the request (gjk when it answered an unsupported pair)
    Status status = Status::InvalidInput;
    double distance = 0.0;        ///< signed (unit: metre)
    Vec3 witnessA = Vec3::Zero(); ///< world frame (unit: metre)
    Vec3 witnessB = Vec3::Zero();
    Vec3 normal = Vec3::UnitX(); ///< from A to B
    int iterations = 0;
    int penetrationIterations = 0;
    double seconds = 0.0;   ///< wall time of the call (unit: second)
    bool perturbed = false; ///< a multipoint call on tilted poses
};

/// Totals over the real (not perturbed) calls of one step.
struct CallSummary {
    int calls = 0;
    int perturbedCalls = 0;
    int unsupported = 0; ///< Status::Unsupported: the solver cannot handle the pair
    /// Status::MaxIterations, Degenerate or InvalidInput: best estimates, not converged answers
    int unconverged = 0;
    double seconds = 0.0;
    std::int64_t iterations = 0;            ///< GJK (or MPR) iterations
    std::int64_t penetrationIterations = 0; ///< EPA (or MPR refinement) iterations

    [[nodiscard]] double secondsPerCall() const { return calls > 0 ? seconds / calls : 0.0; }
    /// GJK plus penetration iterations per call.
    [[nodiscard]] double iterationsPerCall() const {
        return calls > 0 ? double(iterations + penetrationIterations) / calls : 0.0;
    }
};

class NarrowPhaseLog {
public:
    /// Forgets the previous step's calls; call before World::step().
    void beginStep(std::int64_t step);
    /// Keeps one call (from the World's NarrowPhaseHook).
    void record(const NarrowPhaseEvent& event);

    [[nodiscard]] std::int64_t step() const { return step_; }
    [[nodiscard]] std::span<const CallRecord> calls() const { return calls_; }
    [[nodiscard]] const CallSummary& summary() const { return summary_; }

private:
    std::int64_t step_ = -1;
    std::vector<CallRecord> calls_;
    CallSummary summary_;
};

} // namespace mk::viewer
