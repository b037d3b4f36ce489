/// \file BuiltinScenes.cpp
/// Lookup of the built-in scenes (their text is generated from scenes/data/*.toml by CMake into
/// BuiltinSceneFiles.cpp).

#include "minkowski/scenes/BuiltinScenes.h"

#include "minkowski/scenes/SceneFile.h"

namespace mk::scenes {

std::filesystem::path builtinScenesDirectory() {
    return MK_SCENES_DATA_DIR;
}

SceneDesc builtinScene(std::string_view name) {
    std::string names;
    for (const BuiltinSceneFile& file : builtinSceneFiles()) {
        if (file.name == name) {
            const std::filesystem::path path =
                builtinScenesDirectory() / (std::string(file.name) + ".toml");
            return parseScene(file.text, path.string(), builtinScenesDirectory());
        }
        names += (names.empty() ? "" : ", ") + std::string(file.name);
    }
    throw UnknownSceneError("unknown scene '" + std::string(name) + "'; built-in scenes: " + names +
                            "; or give a scene file (*.toml)");
}

SceneDesc loadScene(std::string_view nameOrPath) {
    const bool isPath = nameOrPath.find('/') != std::string_view::npos ||
                        (nameOrPath.size() > 5 && nameOrPath.ends_with(".toml"));
    return isPath ? readSceneFile(std::filesystem::path(nameOrPath)) : builtinScene(nameOrPath);
}

} // namespace mk::scenes
