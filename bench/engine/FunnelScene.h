#pragma once
/// \file FunnelScene.h
/// The funnel-drop scene of GJK++ Sec. IV-E scaled up to many bodies: convex hulls dropped with
/// random poses and velocities into a pyramid-shaped pit (a floor and four walls tilted by 30
/// degrees, as in the authors' colbench generator). Both engines are built from this description.

#include "minkowski/narrowphase/ConvexMesh.h"
#include "minkowski/narrowphase/Math.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace mk::bench {

using HullPtr = std::shared_ptr<const ConvexMesh>;

struct FunnelWall {
    Vec3 halfExtents;  ///< (unit: metre)
    Pose pose;
};

struct FunnelBody {
    int hull = 0;      ///< index into FunnelScene::hulls
    Pose pose;         ///< pose of the hull's frame (unit: metre)
    Vec3 linearVelocity = Vec3::Zero();
    Vec3 angularVelocity = Vec3::Zero();
};

struct FunnelScene {
    std::vector<HullPtr> hulls;
    std::vector<FunnelWall> walls;
    std::vector<FunnelBody> bodies;
    double friction = 0.4;    ///< colbench
    double restitution = 0.2; ///< colbench
    double density = 1000.0;  ///< (unit: kg/m^3)
};

/// `count` hulls of log-uniform vertex counts in [minVertices, maxVertices]: points on
/// ellipsoids of semi-axes 3 to 9 cm (YCB-like sizes), every point a hull vertex.
std::vector<HullPtr> generatedHulls(int count, int minVertices, int maxVertices, std::uint64_t seed);
/// The hulls of every .obj file of `directory`, sorted by file name.
std::vector<HullPtr> loadHulls(const std::string& directory);

/// `count` bodies spawned on a grid above a pit sized for them, with random orientation,
/// linear velocity in [-0.5, 0.5) m/s per axis and angular velocity in [-2, 2) rad/s per axis.
FunnelScene makeFunnel(std::vector<HullPtr> hulls, int count, std::uint64_t seed);

} // namespace mk::bench
