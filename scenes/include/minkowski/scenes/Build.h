#pragma once
/// \file Build.h
/// SceneDesc -> World, shared by the command line, the viewer, the tests and the benchmarks.
///
/// Bodies are added in this order (their BodyId): the funnel (floor, walls +x, +y, -x, -y), the
/// listed bodies, then each generator's bodies. Trajectory t of a scene draws generator g's body
/// i from Rng(seed).derive(t).derive(g).derive(i), so a trajectory is the same whichever others
/// are built, in whatever order or thread.

#include "minkowski/engine/World.h"
#include "minkowski/scenes/SceneDesc.h"
#include "minkowski/scenes/Shapes.h"

#include <memory>
#include <string>
#include <vector>

namespace mk::scenes {

/// What a viewer or a recorder needs to know about a body besides its state in the World.
struct BodyInfo {
    std::string name;  ///< "funnel floor", the listed body's name, or "<generator>[i]"
    std::string shape; ///< key of SceneDesc::shapes; empty for the funnel's boxes
    std::string group; ///< "funnel", "bodies" or the generator's name
    /// The mesh file's geometry for mesh shapes (the World has its hull), else null.
    std::shared_ptr<const LoadedMesh> mesh;
};

/// One trajectory's world and its bodies' metadata, indexed by BodyId.
struct BuiltScene {
    World world;
    std::vector<BodyInfo> bodies;
    int trajectory = 0;
};

/// Builds trajectory `trajectory` (in [0, simulation.trajectories)) of a validated scene.
/// \throws SceneError naming the generator or body that cannot be placed or added.
BuiltScene buildWorld(const SceneDesc& scene, const SceneShapes& shapes, int trajectory);

/// Validates the scene, loads its shapes and builds trajectory 0.
BuiltScene buildWorld(const SceneDesc& scene);

} // namespace mk::scenes
