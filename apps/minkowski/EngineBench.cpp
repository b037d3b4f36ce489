/// \file EngineBench.cpp
/// `minkowski bench --engine` on the built-in funnel scene (scenes/data/funnel.toml): its mesh
/// generator's count is set to each --bodies value, trajectory 0 is built, and each solver x warm
/// start steps its own copy; Bullet steps the same bodies once per count.

#include "EngineBench.h"

#include "Command.h"
#include "SceneOptions.h"
#include "minkowski/bench/EngineRun.h"
#include "minkowski/scenes/Build.h"
#include "minkowski/scenes/BuiltinScenes.h"
#include "minkowski/scenes/SceneFile.h"
#include "minkowski/scenes/Shapes.h"

#include <algorithm>
#include <fmt/format.h>
#include <iostream>
#include <spdlog/spdlog.h>

namespace mk::cli {
namespace {

/// The generator of the funnel scene whose count --bodies sets.
scenes::GeneratorSpec& funnelGenerator(scenes::SceneDesc& scene) {
    for (scenes::GeneratorSpec& g : scene.generators) {
        if (g.placement == scenes::Placement::Funnel) {
            return g;
        }
    }
    throw UsageError("bench --engine: scene '" + scene.name + "' has no funnel generator");
}

bool bulletWanted(const std::vector<std::string>& peers) {
    return std::any_of(peers.begin(), peers.end(),
                       [](const std::string& p) { return p == "all" || p == "bullet"; });
}

std::string header(const scenes::SceneDesc& scene, const BenchOptions& o, bool bullet) {
    const bench::BulletOptions b;
    std::string text = fmt::format(
        "minkowski bench --engine: scene '{}' ({} mesh shapes{}{}), {} steps of {:.4g} s, seed "
        "{}\n",
        scene.name, scene.shapes.size(), o.meshFolder.empty() ? "" : " from " + o.meshFolder,
        o.hullTolerance ? fmt::format(", hull tolerance {:g} m", *o.hullTolerance) : "", o.steps,
        scene.simulation.timeStep, scene.simulation.seed);
    if (bullet) {
        text += fmt::format("bullet: btConvexHullShape margin {:.3g} m, {} iterations, no "
                            "sleeping, the same bodies and step\n",
                            b.margin, b.iterations);
    }
    text +=
        "steps/s and ms/step from the stepping thread's CPU time with one thread, from wall "
        "time with more (the other threads' CPU time is not the caller's); wall ms/step for "
        "every row; stage columns in ms/step (our wall-clock stage shares of that time)\n\n"
        "| bodies | engine | threads | solver | warm start | steps/s | ms/step | wall ms/step | "
        "x Bullet | broadphase | OBB | narrow | manifolds | solver | integrate | pairs | "
        "OBB-passed | narrow calls | perturbation calls | contacts | PGS it. | mean z |\n"
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
        "\n";
    return text;
}

/// Seconds of the run that steps/s comes from: the stepping thread's CPU time on one thread,
/// the wall time on several.
double runSeconds(const bench::EngineRunResult& r, int threads) {
    return threads > 1 ? r.seconds : r.cpuSeconds;
}

std::string row(const bench::EngineRunResult& r, int threads, const std::string& solver,
                const std::string& warmStart, double bulletStepsPerSecond) {
    const int steps = std::max(1, r.steps);
    const double seconds = runSeconds(r, threads);
    const double stepsPerSecond = seconds > 0.0 ? r.steps / seconds : 0.0;
    std::string text = fmt::format("| {} | {} | {} | {} | {} | {:.1f} | {:.2f} | {:.2f} | ",
                                   r.bodies, r.engine, threads, solver, warmStart, stepsPerSecond,
                                   1e3 * seconds / steps, 1e3 * r.seconds / steps);
    text += bulletStepsPerSecond > 0.0
                ? fmt::format("{:.1f} | ", stepsPerSecond / bulletStepsPerSecond)
                : "- | ";
    if (r.engine == "minkowski") {
        // Stage shares of our wall-clock stage total, applied to the time per step.
        const StepTimes& t = r.stages;
        const double ms = 1e3 * seconds / steps / (t.total > 0.0 ? t.total : 1.0);
        text += fmt::format("{:.2f} | {:.2f} | {:.2f} | {:.2f} | {:.2f} | {:.2f} | {:.0f} | "
                            "{:.0f} | {:.0f} | {:.0f} | {:.0f} | {:.1f} |",
                            ms * t.broadphase, ms * t.obbFilter, ms * t.narrowPhase,
                            ms * t.manifolds, ms * t.solver, ms * t.integrate, r.pairs, r.obbPassed,
                            r.narrowPhaseCalls, r.perturbationCalls, r.contacts, r.pgsIterations);
    } else {
        text += fmt::format("- | - | - | - | - | - | {:.0f} | - | - | - | {:.0f} | - |", r.pairs,
                            r.contacts);
    }
    return text + fmt::format(" {:.3f}{} |\n", r.meanHeight, r.finite ? "" : " (non-finite!)");
}

} // namespace

int runEngineBench(const BenchOptions& o, const BenchSelection& selection,
                   const EngineBenchChoices& choices) {
    scenes::SceneDesc scene = scenes::builtinScene("funnel");
    if (!o.meshFolder.empty()) {
        useMeshesOption(o.meshFolder, scene);
    }
    useHullToleranceOption(o.hullTolerance, scene);
    if (choices.seedGiven) {
        scene.simulation.seed = o.seed;
    }
    scenes::validateScene(scene);
    const scenes::SceneShapes shapes = scenes::loadShapes(scene);
    std::vector<SolverChoice> solvers{scene.simulation.solver};
    if (choices.solversGiven) {
        solvers = selection.solvers;
    }
    std::vector<WarmStart> warmStarts{scene.simulation.warmStart};
    if (choices.warmStartsGiven) {
        warmStarts = selection.warmStarts;
    }
    const bool bullet = bulletWanted(o.peers) && bench::bulletWorldAvailable();
    if (bulletWanted(o.peers) && !bench::bulletWorldAvailable()) {
        spdlog::warn("this build has no Bullet dynamics world: no Bullet comparison");
    }
    std::cout << header(scene, o, bullet) << std::flush;
    for (const int count : o.bodies) {
        funnelGenerator(scene).count = count;
        double bulletStepsPerSecond = 0.0;
        std::string bulletRow;
        if (bullet) {
            const scenes::BuiltScene built = scenes::buildWorld(scene, shapes, 0);
            const bench::EngineRunResult r = bench::runBullet(built.world, o.steps, {});
            bulletStepsPerSecond = r.stepsPerSecond();
            bulletRow = row(r, 1, "-", "-", 0.0);
        }
        for (const SolverChoice& solver : solvers) {
            for (const WarmStart warmStart : warmStarts) {
                for (const int threads : o.threads) {
                    scene.simulation.solver = solver;
                    scene.simulation.warmStart = warmStart;
                    scenes::BuiltScene built = scenes::buildWorld(scene, shapes, 0);
                    built.world.setThreads(threads);
                    const bench::EngineRunResult r = bench::runMinkowski(built.world, o.steps);
                    std::cout << row(r, threads, name(solver), std::string(name(warmStart)),
                                     bulletStepsPerSecond)
                              << std::flush;
                }
            }
        }
        std::cout << bulletRow << std::flush;
    }
    return kExitOk;
}

} // namespace mk::cli
