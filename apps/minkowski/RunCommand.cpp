/// \file RunCommand.cpp
/// `minkowski run`: scene -> command-line overrides -> shapes -> trajectories -> summary.

#include "RunCommand.h"

#include "IntegerOption.h"
#include "PluginOption.h"
#include "ProgressBar.h"
#include "SceneOptions.h"
#include "Summary.h"
#include "ViewCommand.h"
#include "minkowski/narrowphase/Collide.h"
#include "minkowski/scenes/BuiltinScenes.h"
#include "minkowski/scenes/SceneFile.h"
#include "minkowski/scenes/Shapes.h"
#include "minkowski/scenes/Simulation.h"
#include "minkowski/viewer/Viewer.h"

#include <chrono>
#include <cmath>
#include <cstdlib>
#include <iostream>
#include <optional>
#include <spdlog/spdlog.h>

namespace mk::cli {
namespace {

/// The command line of `minkowski run`, as given.
struct RunOptions {
    std::string scene = "funnel";
    SimulationOverrides overrides; ///< --solver, --warm-start, --seconds, --seed, --trajectories,
                                   ///< --contact-cache
    std::optional<int> trajectory;
    std::string meshes;
    std::optional<double> hullTolerance; ///< --hull-tolerance (unit: metre)
    std::string writeScene;
    bool headless = false;
    int threads = 1; ///< scenes::RunOptions::threads
};

void addRunOptions(CLI::App& run, RunOptions& o) {
    run.add_option("scene", o.scene,
                   "A built-in scene (minkowski list scenes) or a scene file (*.toml)")
        ->capture_default_str();
    run.add_option(
        "--solver", o.overrides.solver,
        "Narrow-phase solver, NAME or NAME:subalgo=S (default: the scene's; minkowski list)");
    run.add_option("--warm-start", o.overrides.warmStart, "Warm start (default: the scene's)");
    run.add_option("--seconds", o.overrides.seconds,
                   "Simulated seconds per trajectory (default: the scene's)");
    run.add_option("--seed", o.overrides.seed,
                   "Seed of the random placements (default: the scene's)")
        ->check(seedRange());
    run.add_option("--trajectories", o.overrides.trajectories,
                   "Number of trajectories, each a fresh world (default: the scene's)");
    run.add_option("--trajectory", o.trajectory,
                   "Run only trajectory I (0-based; the same as within a full run)");
    run.add_option("--meshes", o.meshes,
                   "Folder of .obj/.stl files replacing the scene's object set "
                   "(e.g. ../shared/meshes/ycb)");
    addHullToleranceOption(run, o.hullTolerance);
    run.add_option("--write-scene", o.writeScene,
                   "Write the scene, with the options above applied, to FILE (TOML) and exit");
    run.add_flag("--contact-cache", o.overrides.contactCache,
                 "Reuse a pair's contact while it barely moves, skipping narrow-phase calls "
                 "(simulation.contact_cache; the summary reports the calls skipped)");
    run.add_flag("--headless", o.headless, "No viewer: simulate and print the summary");
    run.add_option("--threads", o.threads,
                   "Threads of each step (narrow phase and manifolds); the state hash is the "
                   "same for every count")
        ->check(CLI::Range(1, WorldSettings::kMaxThreads))
        ->capture_default_str();
    run.footer(
        "\nExamples:\n"
        "  minkowski run                                  # the crowded funnel drop\n"
        "  minkowski run funnel-pairs --solver gjk-nesterov --warm-start transformed-previous\n"
        "  minkowski run funnel-pairs --trajectory 17     # one trajectory of the dataset\n"
        "  minkowski run my-scene.toml --seconds 2 --seed 7\n"
        "  minkowski run funnel --write-scene funnel.toml # the scene as a file to edit\n"
        "  minkowski run --headless --threads 2           # the same state hash, sooner\n"
        "\nExit codes: 0 success, 2 usage error (unknown scene, solver, option), "
        "1 failure (unreadable or malformed scene or mesh file, simulation blow-up).");
}

/// Applies the overrides of the command line to the scene.
void applyOptions(const RunOptions& o, scenes::SceneDesc& scene) {
    applySimulationOverrides(o.overrides, scene);
    const int trajectories = scene.simulation.trajectories;
    if (o.trajectory && (*o.trajectory < 0 || *o.trajectory >= trajectories)) {
        throw UsageError("--trajectory " + std::to_string(*o.trajectory) + ": the scene has " +
                         std::to_string(trajectories) + " trajector" +
                         (trajectories == 1 ? "y" : "ies") + " (0 to " +
                         std::to_string(trajectories - 1) + ")");
    }
    if (!o.meshes.empty()) {
        useMeshesOption(o.meshes, scene);
    }
    useHullToleranceOption(o.hullTolerance, scene);
    scenes::validateScene(scene);
}

double secondsSince(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

class RunCommand final : public Command {
public:
    explicit RunCommand(CLI::App& app)
        : app_(app.add_subcommand("run", "Run a scene (default: the crowded funnel drop) and "
                                         "print a summary ending with its state hash")) {
        addRunOptions(*app_, options_);
        addPluginOption(*app_);
    }

    [[nodiscard]] bool chosen() const override { return app_->parsed(); }

    int run() override {
        scenes::SceneDesc scene = loadSceneOrUsage(options_.scene);
        applyOptions(options_, scene);
        if (!options_.writeScene.empty()) {
            scenes::writeSceneFile(scene, options_.writeScene);
            spdlog::info("wrote scene '{}' to {}", scene.name, options_.writeScene);
            return kExitOk;
        }
        if (!options_.headless) {
            if (viewer::displayAvailable()) {
                return viewScene(scene); // the viewer shows trajectory 0 (`minkowski view`)
            }
            spdlog::info("no display: running headless");
        }
        const auto start = std::chrono::steady_clock::now();
        const scenes::SceneShapes shapes = scenes::loadShapes(scene);
        spdlog::info("{}: {} shapes ready in {:.2f} s (from {})", scene.name, shapes.size(),
                     secondsSince(start), scene.source);
        const scenes::RunStats stats = simulate(scene, shapes);
        std::cout << formatSummary(scene, stats) << std::flush;
        return kExitOk;
    }

private:
    scenes::RunStats simulate(const scenes::SceneDesc& scene, const scenes::SceneShapes& shapes) {
        ProgressBar bar("steps", scene.simulation.timeStep);
        scenes::RunOptions run;
        run.threads = options_.threads;
        if (options_.trajectory) {
            run.firstTrajectory = *options_.trajectory;
            run.trajectoryCount = 1;
        }
        run.progress = [&bar](std::int64_t done, std::int64_t total) { bar.update(done, total); };
        scenes::RunStats stats = scenes::runScene(scene, shapes, run);
        bar.finish();
        return stats;
    }

    CLI::App* app_;
    RunOptions options_;
};

} // namespace

std::unique_ptr<Command> makeRunCommand(CLI::App& app) {
    return std::make_unique<RunCommand>(app);
}

} // namespace mk::cli
