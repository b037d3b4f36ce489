#pragma once
/// \file ViewerTestScenes.h
/// Small scenes for the viewer's tests: the built-in funnel with few objects, and a world
/// without a scene file for the engine-level checks.

#include "minkowski/scenes/BuiltinScenes.h"
#include "minkowski/scenes/SceneDesc.h"

namespace mk::viewer::test {

/// The built-in funnel drop with `count` objects.
inline scenes::SceneDesc smallFunnel(int count = 16) {
    scenes::SceneDesc scene = scenes::builtinScene("funnel");
    scene.generators.at(0).count = count;
    return scene;
}

} // namespace mk::viewer::test
