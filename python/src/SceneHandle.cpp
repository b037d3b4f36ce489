/// \file SceneHandle.cpp
/// Loading scenes for Python (SceneHandle.h).

#include "SceneHandle.h"

#include "minkowski/scenes/BuiltinScenes.h"
#include "minkowski/scenes/SceneFile.h"

namespace mk::python {

SceneHandle SceneHandle::load(const std::string& nameOrPath) {
    const bool isPath = nameOrPath.find('/') != std::string::npos ||
                        (nameOrPath.size() > 5 && nameOrPath.ends_with(".toml"));
    return {scenes::loadScene(nameOrPath), isPath ? nameOrPath : "builtin:" + nameOrPath};
}

SceneHandle SceneHandle::fromToml(const std::string& text, const std::string& source,
                                  const std::string& baseDirectory) {
    return {scenes::parseScene(text, source, baseDirectory), source};
}

std::string SceneHandle::solverName() const {
    return name(desc.simulation.solver);
}

void SceneHandle::setSolver(const std::string& solver) {
    desc.simulation.solver = parseSolverChoice(solver);
}

} // namespace mk::python
