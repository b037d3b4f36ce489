/// \file SceneOptions.cpp
/// Scene loading and simulation overrides shared by `run`, `record` and `view`.

#include "SceneOptions.h"

#include "Command.h"
#include "minkowski/narrowphase/Collide.h"
#include "minkowski/scenes/BuiltinScenes.h"
#include "minkowski/scenes/SceneFile.h"
#include "minkowski/scenes/Shapes.h"

#include <cmath>

namespace mk::cli {

scenes::SceneDesc loadSceneOrUsage(const std::string& nameOrPath) {
    try {
        return scenes::loadScene(nameOrPath);
    } catch (const scenes::UnknownSceneError& error) {
        throw UsageError(error.what());
    }
}

void applySimulationOverrides(const SimulationOverrides& o, scenes::SceneDesc& scene) {
    scenes::SimulationSpec& sim = scene.simulation;
    if (!o.solver.empty()) {
        sim.solver = parseSolverChoice(o.solver);
    }
    if (!o.warmStart.empty()) {
        sim.warmStart = parseWarmStart(o.warmStart);
    }
    if (o.seconds) {
        if (!(*o.seconds > 0.0) || !std::isfinite(*o.seconds)) {
            throw UsageError("--seconds must be a positive number");
        }
        sim.seconds = *o.seconds;
    }
    if (o.seed) {
        if (*o.seed < 0) {
            throw UsageError("--seed must be >= 0");
        }
        sim.seed = static_cast<std::uint64_t>(*o.seed);
    }
    if (o.trajectories) {
        if (*o.trajectories < 1) {
            throw UsageError("--trajectories must be >= 1");
        }
        sim.trajectories = *o.trajectories;
    }
    if (o.contactCache) {
        sim.contactCache = true;
    }
}

void useMeshesOption(const std::string& folder, scenes::SceneDesc& scene) {
    if (!scenes::hasMeshGenerator(scene)) {
        throw UsageError("--meshes replaces the objects of a mesh generator, and scene '" +
                         scene.name + "' has none");
    }
    scenes::useMeshFolder(scene, folder);
}

void addHullToleranceOption(CLI::App& command, std::optional<double>& tolerance) {
    command
        .add_option("--hull-tolerance", tolerance,
                    "Simulate every mesh as a hull with fewer vertices that the file's points lie "
                    "at most M metres outside of (shapes.NAME.hull_tolerance; Jolt builds its "
                    "hulls at 1e-3)")
        ->type_name("M");
}

void useHullToleranceOption(const std::optional<double>& tolerance, scenes::SceneDesc& scene) {
    if (!tolerance) {
        return;
    }
    if (!(*tolerance >= 0.0) || !std::isfinite(*tolerance)) {
        throw UsageError("--hull-tolerance must be a number >= 0");
    }
    try {
        scenes::useHullTolerance(scene, *tolerance);
    } catch (const scenes::SceneError& error) {
        throw UsageError(std::string("--hull-tolerance: ") + error.what());
    }
}

} // namespace mk::cli
