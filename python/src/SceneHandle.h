#pragma once
/// \file SceneHandle.h
/// What minkowski.Scene holds: the scene and where it came from (for dataset metadata).

#include "minkowski/scenes/SceneDesc.h"

#include <string>

namespace mk::python {

struct SceneHandle {
    scenes::SceneDesc desc;
    std::string origin; ///< "builtin:NAME" or the file path

    /// \throws UnknownSceneError listing the built-in names, or SceneError.
    static SceneHandle load(const std::string& nameOrPath);
    static SceneHandle fromToml(const std::string& text, const std::string& source, const std::string& baseDirectory);

    [[nodiscard]] std::string solverName() const;
    void setSolver(const std::string& solver);
};

} // namespace mk::python
