#pragma once
/// \file StatsHistory.h
/// The last few seconds of per-step statistics, in a ring buffer, for the plots of narrow-phase
/// time and iterations per solver choice: each sample remembers the solver, its GJK sub-algorithm
/// and the warm start that made it, so switching solvers shows as a change of colour and level in
/// the plots.

#include "minkowski/engine/Stats.h"
#include "minkowski/narrowphase/Collide.h"
#include "minkowski/narrowphase/Query.h"
#include "minkowski/viewer/NarrowPhaseLog.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace mk::viewer {

/// One step as the plots and the statistics panel see it.
struct StepSample {
    std::int64_t step = 0;
    SolverChoice solver;
    WarmStart warmStart = WarmStart::Previous;
    int calls = 0;                  ///< real narrow-phase calls
    double secondsPerCall = 0.0;    ///< mean wall time of a call (unit: second)
    double iterationsPerCall = 0.0; ///< mean GJK + penetration iterations of a call
    double stepSeconds = 0.0;       ///< wall time of the whole step (unit: second)
    int contacts = 0;
    int pgsIterations = 0;
    double pgsResidual = 0.0;
    bool pgsConverged = true; ///< StepCounts::pgsConverged
};

/// The sample of a step from the world's stats and the narrow-phase log of that step.
[[nodiscard]] StepSample makeSample(const StepStats& stats, const CallSummary& calls,
                                    const SolverChoice& solver, WarmStart warmStart);

/// Means over the samples of one solver choice (solver and options) in the window, weighted
/// by calls. name(solver) labels the row: "gjk", "gjk:subalgo=barycode", a plugin's name.
struct SolverSummary {
    SolverChoice solver;
    std::int64_t steps = 0;
    std::int64_t calls = 0;
    double secondsPerCall = 0.0;
    double iterationsPerCall = 0.0;
};

class StatsHistory {
public:
    /// Keeps the last `capacity` samples (>= 1).
    explicit StatsHistory(std::size_t capacity);

    void push(const StepSample& sample);
    void clear();

    [[nodiscard]] std::size_t size() const { return size_; }
    [[nodiscard]] std::size_t capacity() const { return buffer_.size(); }
    /// The i-th sample, oldest first (i < size()).
    [[nodiscard]] const StepSample& operator[](std::size_t i) const;
    /// One summary per solver choice present in the window, in registry order (solvers, then
    /// their option values).
    [[nodiscard]] std::vector<SolverSummary> bySolver() const;
    /// Share of the window's steps whose PGS converged, in [0, 1] (1 when empty).
    [[nodiscard]] double pgsConvergedShare() const;

private:
    /// The summary of `choice` over the window.
    [[nodiscard]] SolverSummary summarize(const SolverChoice& choice) const;

    std::vector<StepSample> buffer_;
    std::size_t next_ = 0;
    std::size_t size_ = 0;
};

} // namespace mk::viewer
