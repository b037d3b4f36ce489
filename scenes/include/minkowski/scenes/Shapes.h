#pragma once
/// \file Shapes.h
/// The shapes of a scene, made once: primitives built, meshes loaded (loadMesh) and hulled. Every
/// trajectory of the scene shares them (mk::Shape is a cheap handle on an immutable mesh).

#include "minkowski/narrowphase/Shape.h"
#include "minkowski/scenes/MeshLoader.h"
#include "minkowski/scenes/SceneDesc.h"

#include <filesystem>
#include <map>
#include <memory>
#include <string>

namespace mk::scenes {

/// One named shape, ready for the engine.
struct SceneShape {
    Shape shape;
    /// The mesh file's geometry (for drawing the original, not the hull); null for primitives.
    std::shared_ptr<const LoadedMesh> mesh;
};

/// Name -> shape, for every entry of SceneDesc::shapes.
using SceneShapes = std::map<std::string, SceneShape>;

/// Builds every shape of the scene. A file used by several shapes is loaded once.
/// \throws SceneError naming the shape's key (`shapes.can.path`) and the mesh file's error.
SceneShapes loadShapes(const SceneDesc& scene);

/// True when some generator draws only mesh shapes (the object set that useMeshFolder replaces).
[[nodiscard]] bool hasMeshGenerator(const SceneDesc& scene);

/// Replaces the object set: the .obj and .stl files of `folder` become shapes named after their
/// files, and every generator whose shapes are all meshes draws from them instead. Shapes that
/// nothing uses any more are removed.
/// \throws SceneError when the folder has no mesh file or no generator draws from meshes.
void useMeshFolder(SceneDesc& scene, const std::filesystem::path& folder);

/// Sets ShapeDesc::hullTolerance (m) of every mesh shape of the scene (validateScene() checks it).
/// \throws SceneError when the scene has no mesh shape.
void useHullTolerance(SceneDesc& scene, double tolerance);

} // namespace mk::scenes
