#pragma once
/// \file Picking.h
/// Which body is under the mouse: the nearest intersection of a ray with the bodies' drawn
/// triangles (Moller & Trumbore, "Fast, minimum storage ray-triangle intersection", 1997),
/// after a bounding-sphere test per body.

#include "minkowski/engine/World.h"
#include "minkowski/viewer/Camera.h"
#include "minkowski/viewer/Tessellation.h"

#include <optional>

namespace mk::viewer {

struct PickHit {
    BodyId body = 0;
    double distance = 0.0;     ///< along the ray (unit: metre)
    Vec3 point = Vec3::Zero(); ///< world frame (unit: metre)
};

/// Distance along `ray` to the triangle (a, b, c) from either side, or nothing.
[[nodiscard]] std::optional<double> rayTriangle(const Ray& ray, const Vec3& a, const Vec3& b,
                                                const Vec3& c);

/// The nearest body hit by `ray`; with `dynamicOnly`, static and kinematic bodies are ignored
/// (they neither stop the ray nor are returned).
[[nodiscard]] std::optional<PickHit> pickBody(const World& world, MeshLibrary& meshes,
                                              const Ray& ray, bool dynamicOnly);

} // namespace mk::viewer
