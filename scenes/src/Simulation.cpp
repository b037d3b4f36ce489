/// \file Simulation.cpp
/// The trajectory loop and its statistics.

#include "minkowski/scenes/Simulation.h"

#include "minkowski/scenes/SceneFile.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <numeric>
#include <spdlog/spdlog.h>
#include <vector>

namespace mk::scenes {
namespace {

constexpr std::uint64_t kFnvOffset = 0xcbf29ce484222325ULL;
constexpr std::uint64_t kFnvPrime = 0x100000001b3ULL;

std::uint64_t fnvAppend(std::uint64_t hash, std::uint64_t value) {
    for (int i = 0; i < 8; ++i) {
        hash = (hash ^ ((value >> (8 * i)) & 0xffU)) * kFnvPrime;
    }
    return hash;
}

/// Scenes with at least this many bodies log their set-up (it takes seconds).
constexpr std::int64_t kLoudBuild = 10000;

/// Nearest-rank q-quantile of `values` (0 when empty).
double quantile(std::vector<float> values, double q) {
    if (values.empty()) {
        return 0.0;
    }
    const auto rank =
        static_cast<size_t>(std::clamp(std::ceil(q * static_cast<double>(values.size())) - 1.0, 0.0,
                                       static_cast<double>(values.size() - 1)));
    std::nth_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(rank),
                     values.end());
    return values[rank];
}

/// The motion monitor; `settled`: the step lies in the trajectory's last simulated second.
void addMotion(RunStats& stats, const StepMotion& m, bool settled) {
    stats.maxLinearSpeed = std::max(stats.maxLinearSpeed, m.maxLinearSpeed);
    stats.maxAngularSpeed = std::max(stats.maxAngularSpeed, m.maxAngularSpeed);
    if (settled) {
        stats.settledMaxLinearSpeed = std::max(stats.settledMaxLinearSpeed, m.maxLinearSpeed);
        stats.settledMaxAngularSpeed = std::max(stats.settledMaxAngularSpeed, m.maxAngularSpeed);
    }
}

void addStep(RunStats& stats, const StepCounts& c) {
    stats.pgsResiduals.push_back(static_cast<float>(c.pgsResidual));
    ++stats.steps;
    stats.narrowPhaseCalls += c.narrowPhaseCalls;
    stats.perturbationCalls += c.perturbationCalls;
    stats.faceClips += c.faceClips;
    stats.narrowPhaseSkipped += c.narrowPhaseSkipped;
    stats.narrowPhaseFailures += c.narrowPhaseFailures;
    stats.contacts += c.contacts;
    stats.maxContacts = std::max<std::int64_t>(stats.maxContacts, c.contacts);
    stats.pgsIterations += c.pgsIterations;
    stats.pgsUnconverged += c.pgsConverged ? 0 : 1;
}

/// What the narrow-phase hook of one of the step's threads collects, moved into RunStats after
/// each step.
struct CallTotals {
    std::vector<float> seconds;
    std::int64_t gjkIterations = 0;
    std::int64_t penetrationIterations = 0;

    void moveInto(RunStats& stats) {
        stats.callSeconds.insert(stats.callSeconds.end(), seconds.begin(), seconds.end());
        stats.gjkIterations += gjkIterations;
        stats.penetrationIterations += penetrationIterations;
        seconds.clear(); // keeps its capacity for the next step
        gjkIterations = 0;
        penetrationIterations = 0;
    }
};

/// Runs one trajectory to its end; returns its final state hash.
std::uint64_t runTrajectory(const SceneDesc& scene, const SceneShapes& shapes, int trajectory,
                            std::int64_t totalSteps, const RunOptions& options, RunStats& stats) {
    std::int64_t planned = static_cast<std::int64_t>(scene.bodies.size());
    for (const GeneratorSpec& g : scene.generators) {
        planned += g.count;
    }
    const auto buildStart = std::chrono::steady_clock::now();
    if (planned >= kLoudBuild) { // a long set-up says what it is doing
        spdlog::info("trajectory {}: building {} bodies", trajectory, planned);
    }
    BuiltScene built = buildWorld(scene, shapes, trajectory);
    if (planned >= kLoudBuild) {
        spdlog::info(
            "trajectory {}: {} bodies built in {:.2f} s", trajectory, planned,
            std::chrono::duration<double>(std::chrono::steady_clock::now() - buildStart).count());
    }
    stats.bodies = static_cast<std::int64_t>(built.world.bodyCount());
    stats.dynamicBodies = 0;
    for (BodyId id = 0; id < built.world.bodyCount(); ++id) {
        stats.dynamicBodies += built.world.body(id).isDynamic() ? 1 : 0;
    }
    built.world.setThreads(options.threads);
    std::vector<CallTotals> calls(static_cast<std::size_t>(options.threads));
    built.world.setNarrowPhaseHook(
        [&calls](const NarrowPhaseEvent& e) {
            CallTotals& mine = calls[static_cast<std::size_t>(e.thread)];
            mine.seconds.push_back(static_cast<float>(e.seconds));
            if (!e.perturbed) {
                mine.gjkIterations += e.result.iterations;
                mine.penetrationIterations += e.result.penetrationIterations;
            }
        },
        HookCalls::Concurrent);
    const std::int64_t steps = stepsPerTrajectory(scene.simulation);
    for (std::int64_t s = 0; s < steps; ++s) {
        built.world.step();
        for (CallTotals& t : calls) {
            t.moveInto(stats);
        }
        addStep(stats, built.world.lastStats().counts);
        addMotion(stats, built.world.lastStats().motion,
                  static_cast<double>(steps - s) * built.world.settings().timeStep <= 1.0);
        if (options.afterStep) {
            options.afterStep(built);
        }
        if (options.progress) {
            options.progress(stats.steps, totalSteps);
        }
    }
    for (const EscapeEvent& e : built.world.escapes()) { // EscapeAction::Warn
        spdlog::warn("{}: trajectory {}: {} (simulation.escape = \"error\" stops the run)",
                     scene.name, trajectory, describe(e));
    }
    spdlog::debug("trajectory {}: {} steps, state hash {:016x}", trajectory, steps,
                  built.world.stateHash());
    return built.world.stateHash();
}

} // namespace

double RunStats::meanCallSeconds() const {
    if (callSeconds.empty()) {
        return 0.0;
    }
    return std::accumulate(callSeconds.begin(), callSeconds.end(), 0.0) /
           static_cast<double>(callSeconds.size());
}

double RunStats::callSecondsQuantile(double q) const {
    return quantile(callSeconds, q);
}

double RunStats::pgsResidualQuantile(double q) const {
    return quantile(pgsResiduals, q);
}

double RunStats::pgsConvergedShare() const {
    return steps > 0 ? 1.0 - static_cast<double>(pgsUnconverged) / static_cast<double>(steps) : 0.0;
}

double RunStats::realTimeFactor() const {
    return wallSeconds > 0.0 ? simulatedSeconds / wallSeconds : 0.0;
}

RunStats runScene(const SceneDesc& scene, const SceneShapes& shapes, const RunOptions& options) {
    const int first = options.firstTrajectory;
    const int count = options.trajectoryCount < 0 ? scene.simulation.trajectories - first
                                                  : options.trajectoryCount;
    if (first < 0 || count < 1 || first + count > scene.simulation.trajectories) {
        throw sceneError(scene, "simulation.trajectories",
                         "trajectories [" + std::to_string(first) + ", " +
                             std::to_string(first + count) + ") out of range [0, " +
                             std::to_string(scene.simulation.trajectories) + ")");
    }
    const auto start = std::chrono::steady_clock::now();
    const std::int64_t totalSteps = count * stepsPerTrajectory(scene.simulation);
    RunStats stats;
    stats.firstTrajectory = first;
    std::uint64_t combined = kFnvOffset;
    std::uint64_t last = 0;
    for (int t = first; t < first + count; ++t) {
        last = runTrajectory(scene, shapes, t, totalSteps, options, stats);
        combined = fnvAppend(combined, last);
        ++stats.trajectories;
    }
    stats.stateHash = count == 1 ? last : combined;
    stats.simulatedSeconds = static_cast<double>(stats.steps) * scene.simulation.timeStep;
    stats.wallSeconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return stats;
}

} // namespace mk::scenes
