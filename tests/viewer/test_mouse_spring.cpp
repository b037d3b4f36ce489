/// \file test_mouse_spring.cpp
/// The mouse spring and World::applyImpulse.

#include "minkowski/viewer/MouseSpring.h"

#include <cmath>
#include <gtest/gtest.h>

namespace mk::viewer {
namespace {

World weightlessBox(BodyId& id) {
    WorldSettings settings;
    settings.gravity = Vec3::Zero();
    World world(settings);
    BodyDesc box(Shape::box({0.2, 0.05, 0.05}));
    box.mass = 2.0;
    id = world.addBody(box);
    return world;
}

TEST(ApplyImpulse, ChangesLinearAndAngularVelocity) {
    BodyId id = 0;
    World world = weightlessBox(id);
    world.applyImpulse(id, Vec3(0, 0, 1.0), Vec3::Zero()); // at the centre of mass
    EXPECT_TRUE(world.body(id).linearVelocity.isApprox(Vec3(0, 0, 0.5)));
    EXPECT_TRUE(world.body(id).angularVelocity.isZero());
    world.applyImpulse(id, Vec3(0, 0, 1.0), Vec3(0.2, 0, 0)); // at the tip: spins about -y
    EXPECT_TRUE(world.body(id).linearVelocity.isApprox(Vec3(0, 0, 1.0)));
    const Mat3 inverseInertia = world.body(id).inverseInertiaLocal;
    EXPECT_TRUE(world.body(id).angularVelocity.isApprox(inverseInertia * Vec3(0, -0.2, 0)));
    EXPECT_THROW(world.applyImpulse(id, Vec3(std::nan(""), 0, 0), Vec3::Zero()), EngineError);
    EXPECT_THROW(world.applyImpulse(42, Vec3::UnitX(), Vec3::Zero()), EngineError);
}

TEST(ApplyImpulse, StaticBodiesDoNotMove) {
    World world;
    BodyDesc floor(Shape::box({1, 1, 0.1}));
    floor.type = BodyType::Static;
    const BodyId id = world.addBody(floor);
    world.applyImpulse(id, Vec3(0, 0, 100.0), Vec3(0.5, 0, 0));
    EXPECT_TRUE(world.body(id).linearVelocity.isZero());
    EXPECT_TRUE(world.body(id).angularVelocity.isZero());
}

TEST(MouseSpring, PullsTheGrabbedPointToTheTargetAndSettles) {
    BodyId id = 0;
    World world = weightlessBox(id);
    const Vec3 grabbed(0.2, 0.0, 0.05); // a corner region of the box, off the centre of mass
    MouseSpring spring(id, world.body(id), grabbed);
    EXPECT_TRUE(spring.anchor(world.body(id)).isApprox(grabbed));
    const Vec3 target(0.6, 0.3, 0.4);
    spring.setTarget(target);
    for (int i = 0; i < 240; ++i) { // 2 s at 120 Hz: several periods of a 4 Hz spring
        spring.apply(world);
        world.step();
    }
    const Body& b = world.body(id);
    EXPECT_LT((spring.anchor(b) - target).norm(), 0.01);
    // The grabbed point is at rest (the body may still turn about it: nothing damps that).
    const Vec3 anchorVelocity =
        b.linearVelocity + b.angularVelocity.cross(spring.anchor(b) - b.pose.translation);
    EXPECT_LT(anchorVelocity.norm(), 0.05);
}

TEST(MouseSpring, ImpulseIsCappedAndZeroForStaticBodies) {
    BodyId id = 0;
    World world = weightlessBox(id);
    SpringSettings settings;
    settings.maxAcceleration = 10.0;
    MouseSpring spring(id, world.body(id), Vec3::Zero(), settings);
    spring.setTarget(Vec3(100.0, 0, 0));
    const double h = 1.0 / 120.0;
    EXPECT_NEAR(spring.impulse(world.body(id), h).norm(), 10.0 * 2.0 * h, 1e-12);
    Body fixed = world.body(id);
    fixed.type = BodyType::Static;
    EXPECT_TRUE(spring.impulse(fixed, h).isZero());
}

} // namespace
} // namespace mk::viewer
