/// \file RecordCommand.cpp
/// `minkowski record`: scene -> overrides -> shapes -> trajectories (threads, shard) -> dataset.

#include "RecordCommand.h"

#include "DatasetCli.h"
#include "IntegerOption.h"
#include "PluginOption.h"
#include "ProgressBar.h"
#include "SceneOptions.h"
#include "minkowski/dataset/Interrupt.h"
#include "minkowski/dataset/Recorder.h"
#include "minkowski/dataset/Writer.h"
#include "minkowski/narrowphase/Collide.h"
#include "minkowski/scenes/BuiltinScenes.h"
#include "minkowski/scenes/SceneFile.h"
#include "minkowski/scenes/Shapes.h"

#include <cmath>
#include <filesystem>
#include <iostream>
#include <optional>
#include <spdlog/spdlog.h>
#include <thread>

namespace mk::cli {
namespace {

/// The command line of `minkowski record`, as given.
struct RecordOptions {
    std::string scene = "funnel-pairs";
    SimulationOverrides overrides; ///< --trajectories, --seconds, --seed, --solver, --warm-start
    std::string meshes;
    std::optional<double> hullTolerance; ///< --hull-tolerance (unit: metre)
    int threads = 1;
    std::string shard = "0/1";
    std::string out;
    bool force = false;
};

void addRecordOptions(CLI::App& record, RecordOptions& o) {
    record
        .add_option("--scene", o.scene,
                    "A built-in scene (minkowski list scenes) or a scene file (*.toml); the "
                    "default is the GJK++ paper's funnel drop: 1000 trajectories of one pair, 1 s "
                    "each at 120 Hz")
        ->capture_default_str();
    record.add_option("--trajectories", o.overrides.trajectories,
                      "Trajectories (default: the scene's)");
    record.add_option("--seconds", o.overrides.seconds,
                      "Simulated seconds per trajectory (default: the scene's)");
    record
        .add_option("--seed", o.overrides.seed,
                    "Seed of the random placements (default: the scene's)")
        ->check(seedRange());
    record.add_option(
        "--solver", o.overrides.solver,
        "Recording solver, NAME or NAME:subalgo=S (default: the scene's; minkowski list)");
    record.add_option("--warm-start", o.overrides.warmStart,
                      "Recording warm start (default: the scene's)");
    record.add_option("--meshes", o.meshes,
                      "Folder of .obj/.stl files replacing the scene's objects (e.g. "
                      "../shared/meshes/ycb)");
    addHullToleranceOption(record, o.hullTolerance);
    record
        .add_option("--threads", o.threads,
                    "Trajectories simulated at once; the file is the same for any count")
        ->check(integerIn(1, kMaxThreads))
        ->capture_default_str();
    record
        .add_option("--shard", o.shard,
                    "Record only the k-th of N disjoint parts of the trajectories (0 <= k < N); "
                    "`minkowski merge` joins the parts")
        ->type_name("k/N")
        ->capture_default_str();
    record.add_option("--out", o.out, "The dataset to write (HDF5)")
        ->type_name("FILE.h5")
        ->required();
    record.add_flag("--force", o.force, "Overwrite an existing output file");
    record.footer(
        "\nExamples:\n"
        "  minkowski record --out funnel.h5 --threads 2       # the paper's 1000 trajectories\n"
        "  minkowski record --trajectories 200 --meshes ../shared/meshes/ycb --out ycb.h5\n"
        "  minkowski record --shard 0/4 --out part0.h5         # then: minkowski merge part*.h5 "
        "--out all.h5\n"
        "  minkowski bench funnel.h5 --task boolean            # replay it (GJK++ Fig. 13)\n"
        "\nThe file is written atomically (a temporary file renamed at the end): Ctrl-C or an "
        "error leaves nothing.\nExit codes: 0 success, 2 usage error, 1 failure (unreadable scene, "
        "existing output without --force, unwritable output, simulation blow-up), 130 "
        "interrupted.");
}

void applyRecordOptions(const RecordOptions& o, scenes::SceneDesc& scene) {
    applySimulationOverrides(o.overrides, scene);
    if (!o.meshes.empty()) {
        useMeshesOption(o.meshes, scene);
    }
    useHullToleranceOption(o.hullTolerance, scene);
    if (scene.simulation.contactCache) {
        spdlog::warn("{}: the contact cache is turned off while recording (every call is made)",
                     scene.name);
        scene.simulation.contactCache = false;
    }
    scenes::validateScene(scene);
}

/// "builtin:NAME" for a built-in scene, else the file's path.
std::string sceneFileOf(const std::string& argument) {
    for (const scenes::BuiltinSceneFile& file : scenes::builtinSceneFiles()) {
        if (file.name == argument) {
            return "builtin:" + argument;
        }
    }
    return argument;
}

class RecordCommand final : public Command {
public:
    explicit RecordCommand(CLI::App& app)
        : app_(app.add_subcommand("record", "Run a scene and write every narrow-phase call "
                                            "(problem, warm-start memory, result) to an HDF5 "
                                            "dataset")) {
        addRecordOptions(*app_, options_);
        addPluginOption(*app_);
    }

    [[nodiscard]] bool chosen() const override { return app_->parsed(); }

    int run() override {
        const dataset::Shard shard = parseShardOption(options_.shard);
        scenes::SceneDesc scene = loadSceneOrUsage(options_.scene);
        applyRecordOptions(options_, scene);
        dataset::checkDestination(options_.out, options_.force);
        const std::atomic<bool>& interrupt = dataset::installInterruptHandler();
        const scenes::SceneShapes shapes = scenes::loadShapes(scene);
        try {
            return record(scene, shapes, shard, interrupt);
        } catch (const dataset::Interrupted&) {
            std::cerr << "minkowski: interrupted: " << options_.out << " was not written\n";
            return dataset::kExitInterrupted;
        }
    }

private:
    int record(const scenes::SceneDesc& scene, const scenes::SceneShapes& shapes,
               const dataset::Shard& shard, const std::atomic<bool>& interrupt) {
        dataset::DatasetWriter writer(options_.out, {.overwrite = options_.force});
        ProgressBar bar("trajectories", scene.simulation.seconds);
        dataset::RecordOptions run;
        run.threads = options_.threads;
        run.shard = shard;
        run.interrupt = &interrupt;
        run.progress = [&bar](int done, int total) { bar.update(done, total); };
        const dataset::RecordSummary summary = dataset::recordScene(scene, shapes, run, writer);
        bar.finish();
        writer.commit(
            dataset::recordingMeta(scene, sceneFileOf(options_.scene), options_.meshes, shard));
        printSummary(scene, shard, summary);
        return kExitOk;
    }

    void printSummary(const scenes::SceneDesc& scene, const dataset::Shard& shard,
                      const dataset::RecordSummary& s) const {
        const auto [first, count] = dataset::shardRange(shard, scene.simulation.trajectories);
        std::error_code error;
        const auto bytes = std::filesystem::file_size(options_.out, error);
        std::cout << "recorded " << scene.name << ": trajectories " << first << " to "
                  << first + count - 1 << " of " << scene.simulation.trajectories << ", "
                  << scene.simulation.seconds << " s each at "
                  << std::lround(1.0 / scene.simulation.timeStep) << " Hz (seed "
                  << scene.simulation.seed << ", solver " << name(scene.simulation.solver)
                  << ", warm start " << name(scene.simulation.warmStart) << ")\n"
                  << "  problems    " << s.problems << " narrow-phase calls\n"
                  << "  file        " << options_.out << " (" << formatBytes(error ? 0 : bytes)
                  << ")\n"
                  << "  wall time   " << formatSeconds(s.seconds) << " ("
                  << formatRate(s.trajectories, s.seconds) << " trajectories/s, "
                  << options_.threads << " thread" << (options_.threads == 1 ? "" : "s") << ")\n"
                  << std::flush;
    }

    CLI::App* app_;
    RecordOptions options_;
};

} // namespace

std::unique_ptr<Command> makeRecordCommand(CLI::App& app) {
    return std::make_unique<RecordCommand>(app);
}

} // namespace mk::cli
