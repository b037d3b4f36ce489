#pragma once
/// \file EngineTestUtil.h
/// Small scene builders shared by the engine tests.

#include "minkowski/engine/World.h"

#include <numbers>

namespace mk::test {

/// Static ground: a 100 m x 100 m slab whose top face is the plane z = 0.
inline BodyId addGround(World& world, double friction = 0.5, double restitution = 0.0) {
    BodyDesc ground(Shape::box(Vec3(50.0, 50.0, 0.5)));
    ground.type = BodyType::Static;
    ground.pose.translation = Vec3(0.0, 0.0, -0.5);
    ground.material = {friction, restitution};
    return world.addBody(ground);
}

/// Dynamic cube of half extent `half` (unit: metre) with its centre at `centre`.
inline BodyId addCube(World& world, double half, const Vec3& centre, double friction = 0.5) {
    BodyDesc box(Shape::box(Vec3::Constant(half)));
    box.pose.translation = centre;
    box.material.friction = friction;
    return world.addBody(box);
}

inline double degrees(double d) { return d * std::numbers::pi / 180.0; }

} // namespace mk::test
