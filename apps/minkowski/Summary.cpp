/// \file Summary.cpp
/// Formatting of the run summary.

#include "Summary.h"

#include "minkowski/narrowphase/Solver.h"

#include <fmt/format.h>

namespace mk::cli {
namespace {

/// Per-something average, 0 when there is nothing to divide by.
double per(std::int64_t total, std::int64_t count) {
    return count > 0 ? static_cast<double>(total) / static_cast<double>(count) : 0.0;
}

std::string microseconds(double seconds) {
    return fmt::format("{:.2f} us", 1e6 * seconds);
}

std::string header(const scenes::SceneDesc& scene, const scenes::RunStats& stats) {
    const scenes::SimulationSpec& sim = scene.simulation;
    std::string runs;
    if (stats.trajectories == sim.trajectories) {
        runs = fmt::format("{} trajector{}", stats.trajectories,
                           stats.trajectories == 1 ? "y" : "ies");
    } else if (stats.trajectories == 1) {
        runs = fmt::format("trajectory {} of {}", stats.firstTrajectory, sim.trajectories);
    } else {
        runs = fmt::format("trajectories {} to {} of {}", stats.firstTrajectory,
                           stats.firstTrajectory + stats.trajectories - 1, sim.trajectories);
    }
    return fmt::format("{}: {} x {:g} s at {:g} Hz, solver {}, warm start {}, seed {}\n",
                       scene.name, runs, sim.seconds, 1.0 / sim.timeStep, name(sim.solver),
                       name(sim.warmStart), sim.seed);
}

} // namespace

std::string stateHashLine(std::uint64_t hash) {
    return fmt::format("state hash: {:016x}", hash);
}

std::string formatSummary(const scenes::SceneDesc& scene, const scenes::RunStats& s) {
    const auto row = [](std::string_view label, const std::string& value) {
        return fmt::format("  {:<20}{}\n", label, value);
    };
    std::string text = header(scene, s);
    text += row("steps", fmt::format("{}", s.steps));
    text += row("bodies", fmt::format("{} ({} dynamic) per trajectory", s.bodies, s.dynamicBodies));
    text +=
        row("narrow-phase calls",
            fmt::format("{} ({:.1f} per step) + {} perturbed, {} failed, {} skipped; "
                        "{} face clips",
                        s.narrowPhaseCalls, per(s.narrowPhaseCalls, s.steps), s.perturbationCalls,
                        s.narrowPhaseFailures, s.narrowPhaseSkipped, s.faceClips));
    if (const SolverEntry& solver = scene.simulation.solver.entry(); solver.guarded) {
        text += row("solver failures",
                    fmt::format("{} calls of {} answered by gjk (threw, non-finite result or "
                                "invalid status; docs/plugins.md)",
                                solver.failureCount(), solver.name));
    }
    text +=
        row("narrow-phase time", "mean " + microseconds(s.meanCallSeconds()) + ", p99 " +
                                     microseconds(s.callSecondsQuantile(0.99)) + " (every call)");
    text += row("GJK iterations",
                fmt::format("{:.2f} per call", per(s.gjkIterations, s.narrowPhaseCalls)));
    text += row("EPA/MPR iterations",
                fmt::format("{:.2f} per call", per(s.penetrationIterations, s.narrowPhaseCalls)));
    text += row("PGS iterations", fmt::format("{:.1f} per step, cap reached in {} steps",
                                              per(s.pgsIterations, s.steps), s.pgsUnconverged));
    text += row(
        "PGS convergence",
        fmt::format("{:.1f}% of steps converged; residual median {:.2e}, p90 {:.2e}, max {:.2e}",
                    100.0 * s.pgsConvergedShare(), s.pgsResidualQuantile(0.5),
                    s.pgsResidualQuantile(0.9), s.pgsResidualQuantile(1.0)));
    text +=
        row("max speeds",
            fmt::format("|v| {:.3g} m/s, |w| {:.3g} rad/s; last second: {:.3g} m/s, {:.3g} rad/s",
                        s.maxLinearSpeed, s.maxAngularSpeed, s.settledMaxLinearSpeed,
                        s.settledMaxAngularSpeed));
    text += row("contacts",
                fmt::format("{:.1f} per step (max {})", per(s.contacts, s.steps), s.maxContacts));
    text += row("wall time", fmt::format("{:.2f} s", s.wallSeconds));
    text += row("real-time factor", fmt::format("{:.3g}", s.realTimeFactor()));
    text += stateHashLine(s.stateHash) + "\n";
    return text;
}

} // namespace mk::cli
