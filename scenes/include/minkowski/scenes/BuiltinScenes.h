#pragma once
/// \file BuiltinScenes.h
/// The built-in scenes. Each is a scene file of scenes/data/ compiled into the program, so that
/// `minkowski run funnel` and `minkowski run scenes/data/funnel.toml` are the same scene. Their
/// mesh paths point at assets/meshes of the source tree.

#include "minkowski/scenes/SceneDesc.h"

#include <filesystem>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>

namespace mk::scenes {

/// A built-in scene's name and file text.
struct BuiltinSceneFile {
    std::string_view name; ///< "funnel", "funnel-pairs", ...
    std::string_view text; ///< the TOML of scenes/data/<name>.toml
};

/// Every built-in scene, in name order.
std::span<const BuiltinSceneFile> builtinSceneFiles();

/// The folder of the built-in scene files (scenes/data in the source tree).
std::filesystem::path builtinScenesDirectory();

/// A name that is neither a built-in scene nor a scene file. The message lists the built-in names.
class UnknownSceneError : public std::invalid_argument {
public:
    using std::invalid_argument::invalid_argument;
};

/// The built-in scene `name`, parsed and validated (source: its file in scenes/data).
/// \throws UnknownSceneError listing the valid names.
SceneDesc builtinScene(std::string_view name);

/// A built-in scene name or a scene file path. An argument containing '/' or ending in ".toml" is
/// a path (a missing file is a SceneError); anything else must be a built-in name.
/// \throws UnknownSceneError or SceneError.
SceneDesc loadScene(std::string_view nameOrPath);

} // namespace mk::scenes
