#pragma once
/// \file SceneOptions.h
/// The scene options that `run`, `record` and `view` share: loading a scene by name or path and
/// overriding its simulation settings from the command line.

#include "minkowski/scenes/SceneDesc.h"

#include <CLI/CLI.hpp>
#include <cstdint>
#include <optional>
#include <string>

namespace mk::cli {

/// Command-line overrides of a scene's simulation settings; unset means "the scene's".
struct SimulationOverrides {
    std::string solver;               ///< --solver
    std::string warmStart;            ///< --warm-start
    std::optional<double> seconds;    ///< --seconds (unit: second), > 0
    std::optional<std::int64_t> seed; ///< --seed, >= 0
    std::optional<int> trajectories;  ///< --trajectories, >= 1
    bool contactCache = false;        ///< --contact-cache: turns the cache on (never off)
};

/// A built-in scene or a scene file. \throws UsageError for an unknown name.
scenes::SceneDesc loadSceneOrUsage(const std::string& nameOrPath);

/// Writes the set overrides into `scene.simulation`.
/// \throws UsageError for an out-of-range value, UnknownNameError for an unknown solver or warm
/// start.
void applySimulationOverrides(const SimulationOverrides& o, scenes::SceneDesc& scene);

/// `--meshes DIR`: replaces the objects of the scene's mesh generators with the meshes of DIR.
/// \throws UsageError when the scene has no mesh generator.
void useMeshesOption(const std::string& folder, scenes::SceneDesc& scene);

/// Adds `--hull-tolerance M` (every mesh shape's hull_tolerance, metres) to a command.
void addHullToleranceOption(CLI::App& command, std::optional<double>& tolerance);

/// Applies a set `--hull-tolerance` to every mesh shape of the scene.
/// \throws UsageError for a negative or non-finite value, or a scene without meshes.
void useHullToleranceOption(const std::optional<double>& tolerance, scenes::SceneDesc& scene);

} // namespace mk::cli
