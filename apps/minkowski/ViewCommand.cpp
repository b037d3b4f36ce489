/// \file ViewCommand.cpp
/// `minkowski view`: scene -> command-line overrides -> viewer window -> a one-line report.

#include "ViewCommand.h"

#include "IntegerOption.h"
#include "PluginOption.h"
#include "SceneOptions.h"
#include "ViewerRecorder.h"
#include "minkowski/narrowphase/Collide.h"
#include "minkowski/scenes/BuiltinScenes.h"
#include "minkowski/scenes/SceneFile.h"
#include "minkowski/scenes/Shapes.h"
#include "minkowski/viewer/Viewer.h"

#include <iostream>
#include <optional>
#include <spdlog/spdlog.h>
#include <string>

namespace mk::cli {
namespace {

struct ViewOptions {
    std::string scene = "funnel";
    SimulationOverrides overrides; ///< --solver, --warm-start, --seed, --contact-cache
    std::optional<int> count;
    std::string meshes;
    std::optional<double> hullTolerance; ///< --hull-tolerance (unit: metre)
    std::string screenshot;
    int frames = 0;
    int switchSolverEvery = 0;
    std::string size = "1280x720";
    int msaa = -1;
    std::optional<std::string> draw;
    bool paused = false;
};

void addViewOptions(CLI::App& view, ViewOptions& o) {
    view.add_option("scene", o.scene,
                    "A built-in scene (minkowski list scenes) or a scene file (*.toml)")
        ->capture_default_str();
    view.add_option(
        "--solver", o.overrides.solver,
        "Narrow-phase solver to start with, NAME or NAME:subalgo=S (default: the scene's)");
    view.add_option("--warm-start", o.overrides.warmStart,
                    "Warm start to start with (default: the scene's)");
    view.add_option("--seed", o.overrides.seed,
                    "Seed of the random placements (default: the scene's)")
        ->check(seedRange());
    view.add_flag("--contact-cache", o.overrides.contactCache,
                  "Start with the contact cache on (simulation.contact_cache)");
    view.add_option("--count", o.count,
                    "Bodies of each generator of the scene (default: the scene's)");
    view.add_option("--meshes", o.meshes,
                    "Folder of .obj/.stl files replacing the scene's object set");
    addHullToleranceOption(view, o.hullTolerance);
    view.add_option(
        "--screenshot", o.screenshot,
        "Render --frames frames without user input, save the last one to FILE (PNG), exit");
    view.add_option(
        "--frames", o.frames,
        "Frames to render, each 1/60 s of simulated time when unattended (0: until closed)");
    view.add_option("--switch-solver-every", o.switchSolverEvery,
                    "Switch to the next solver every K frames (tests the live switch; 0: never)");
    view.add_option("--size", o.size, "Window size WIDTHxHEIGHT")->capture_default_str();
    view.add_option(
        "--msaa", o.msaa,
        "Antialiasing samples per pixel (default: 4 on a GPU, 0 on a software renderer)");
    view.add_option(
        "--draw", o.draw,
        "Overlays at start, comma-separated: contacts, normals, witnesses, aabbs, obbs, "
        "pairs, none");
    view.add_flag("--paused", o.paused, "Start paused");
    view.footer(
        "\nKeys: space pause, O step, R reset, +/- speed, N solver, W warm start, 1-6 overlays,\n"
        "V view, T throw an object, F12 screenshot, H panels, Esc quit. Mouse: left drag orbits\n"
        "or drags a body, right drag pans, wheel zooms.\n"
        "\nExamples:\n"
        "  minkowski view                                   # the crowded funnel drop\n"
        "  minkowski view ellipsoid-rain --solver gjk-nesterov\n"
        "  minkowski view funnel --count 200 --screenshot funnel.png --frames 120\n"
        "\nExit codes: 0 success, 2 usage error (unknown scene or solver, no display), "
        "1 failure (unreadable scene, no OpenGL 3.3 context).");
}

std::pair<int, int> parseSize(const std::string& text) {
    const auto x = text.find('x');
    try {
        if (x != std::string::npos) {
            return {std::stoi(text.substr(0, x)), std::stoi(text.substr(x + 1))};
        }
    } catch (const std::exception&) {
    }
    throw UsageError("--size " + text + ": expected WIDTHxHEIGHT, e.g. 1280x720");
}

void applyOptions(const ViewOptions& o, scenes::SceneDesc& scene) {
    applySimulationOverrides(o.overrides, scene);
    if (o.count) {
        if (*o.count < 1) {
            throw UsageError("--count must be >= 1");
        }
        for (scenes::GeneratorSpec& g : scene.generators) {
            g.count = *o.count;
        }
    }
    if (!o.meshes.empty()) {
        useMeshesOption(o.meshes, scene); // the usage check of run and record
    }
    useHullToleranceOption(o.hullTolerance, scene);
    scenes::validateScene(scene);
}

void requireDisplay() {
    if (!viewer::displayAvailable()) {
        throw UsageError("no display: set DISPLAY (or run under xvfb-run), or use `minkowski run "
                         "--headless`");
    }
}

int openViewer(const scenes::SceneDesc& scene, const viewer::ViewerOptions& options) {
    requireDisplay();
    const viewer::ViewerReport report = viewer::runViewer(scene, options);
    std::cout << "viewer: " << scene.name << ", " << report.frames << " frames in "
              << report.seconds << " s (" << report.framesPerSecond() << " frames/s), "
              << report.steps << " steps";
    if (report.solverSwitches > 0) {
        std::cout << ", " << report.solverSwitches << " solver switches";
    }
    if (!report.screenshot.empty()) {
        std::cout << ", screenshot " << report.screenshot.string();
    }
    std::cout << "\n" << std::flush;
    return kExitOk;
}

class ViewCommand final : public Command {
public:
    explicit ViewCommand(CLI::App& app)
        : app_(app.add_subcommand("view", "Open the interactive viewer on a scene (default: the "
                                          "crowded funnel drop)")) {
        addViewOptions(*app_, options_);
        addPluginOption(*app_);
    }

    [[nodiscard]] bool chosen() const override { return app_->parsed(); }

    int run() override {
        scenes::SceneDesc scene = loadSceneOrUsage(options_.scene);
        applyOptions(options_, scene);
        viewer::ViewerOptions viewer;
        viewer.recorderFactory = makeViewerRecorderFactory(scene, options_.scene);
        std::tie(viewer.width, viewer.height) = parseSize(options_.size);
        viewer.screenshot = options_.screenshot;
        viewer.frames = options_.frames;
        viewer.switchSolverEvery = options_.switchSolverEvery;
        viewer.paused = options_.paused;
        viewer.samples = options_.msaa < 0 ? -1 : options_.msaa;
        if (options_.draw) {
            try {
                viewer.toggles = viewer::parseDrawList(*options_.draw);
            } catch (const std::invalid_argument& e) {
                throw UsageError(std::string("--draw: ") + e.what());
            }
        }
        if (!viewer.screenshot.empty() && viewer.frames < 1) {
            throw UsageError("--screenshot needs --frames N with N >= 1");
        }
        if (viewer.frames < 0 || viewer.switchSolverEvery < 0) {
            throw UsageError("--frames and --switch-solver-every must be >= 0");
        }
        return openViewer(scene, viewer);
    }

private:
    CLI::App* app_;
    ViewOptions options_;
};

} // namespace

std::unique_ptr<Command> makeViewCommand(CLI::App& app) {
    return std::make_unique<ViewCommand>(app);
}

int viewScene(const scenes::SceneDesc& scene) {
    viewer::ViewerOptions options;
    options.recorderFactory = makeViewerRecorderFactory(scene, scene.source);
    return openViewer(scene, options);
}

} // namespace mk::cli
