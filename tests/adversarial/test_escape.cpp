/// Bodies leaving the world (issue 18 item 6): a 1 g cube under a 1e6 kg cube squeezed through
/// the static floor, a body at 1e6 m/s crossing the floor within one step, a body falling out of
/// the world cube. Each is reported once (EscapeAction::Warn) or thrown (Error); a resting stack
/// reports nothing.

#include "minkowski/engine/World.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

namespace mk {
namespace {

/// Static floor: a 20 m x 20 m slab, top face z = 0.
BodyId addFloor(World& world) {
    BodyDesc floor(Shape::box(Vec3(10.0, 10.0, 0.5)));
    floor.type = BodyType::Static;
    floor.pose.translation = Vec3(0.0, 0.0, -0.5);
    return world.addBody(floor);
}

BodyId addCube(World& world, double half, const Vec3& centre, std::optional<double> mass = {}) {
    BodyDesc cube(Shape::box(Vec3::Constant(half)));
    cube.pose.translation = centre;
    cube.mass = mass;
    return world.addBody(cube);
}

/// The scene: a 1 g cube of 10 cm on the floor under a 1e6 kg cube of 1 m. Returns the
/// light cube.
BodyId addLightCubeUnderHeavyOne(World& world) {
    const BodyId light = addCube(world, 0.05, Vec3(0, 0, 0.05), 1e-3);
    addCube(world, 0.5, Vec3(0, 0, 0.6), 1e6);
    return light;
}

void run(World& world, double seconds) {
    const auto steps = static_cast<int>(seconds / world.settings().timeStep);
    for (int i = 0; i < steps; ++i) {
        world.step();
    }
}

TEST(Escape, RestingStackReportsNothing) {
    World world;
    addFloor(world);
    for (int i = 0; i < 4; ++i) {
        addCube(world, 0.1, Vec3(0.01 * i, 0.0, 0.1 + 0.2 * i));
    }
    run(world, 2.0);
    EXPECT_TRUE(world.escapes().empty()) << describe(world.escapes().front());
}

/// Without speculative contacts (ContactSettings::ccd) the light cube is squeezed through the
/// floor; with them (the default) it is squeezed out sideways, flies off the floor's edge and
/// falls past it, which is no escape: the next test.
TEST(Escape, LightCubeSqueezedThroughTheFloorIsReported) {
    WorldSettings settings;
    settings.contact.ccd = false;
    World world(settings);
    const BodyId floor = addFloor(world);
    const BodyId light = addLightCubeUnderHeavyOne(world);
    double lowest = world.body(light).pose.translation.z();
    for (int i = 0; i < 360; ++i) { // 3 s
        world.step();
        lowest = std::min(lowest, world.body(light).pose.translation.z());
    }
    bool found = false;
    for (const EscapeEvent& e : world.escapes()) {
        found = found || (e.body == light && e.other == floor &&
                          e.kind == EscapeEvent::Kind::PassedThroughStatic);
    }
    // Its centre in or through the floor at any step (the issue: z = -49 m after 3 s) must be
    // said; never below the floor's top, nothing must be.
    EXPECT_EQ(found, lowest < 0.0) << "the light cube's lowest centre: z = " << lowest
                                   << ", final z = " << world.body(light).pose.translation.z();
}

/// The same 1 g cube under the 1e6 kg cube with speculative contacts (the default) and the
/// perturbation's points: its centre never goes below the floor's top while over the floor, and
/// nothing is reported. Either way the heavy cube comes down onto the floor within 20 steps and
/// the light one is crushed into the 0.5 mm between them (a 1e9 mass ratio is beyond the PGS);
/// where it then leaves is chaotic. Perturbed, it is squeezed out sideways at step 220; with
/// the faces clipped (the default) it dips through the floor's top at step 284 instead, and
/// that is reported: the next test.
TEST(Escape, LightCubeUnderAHeavyOneStaysAboveTheFloorWithSpeculativeContacts) {
    WorldSettings settings;
    settings.contact.clipPolytopeFaces = false;
    World world(settings);
    ASSERT_TRUE(world.settings().contact.ccd);
    addFloor(world);
    const BodyId light = addLightCubeUnderHeavyOne(world);
    double lowestOverFloor = 1.0;
    for (int i = 0; i < 360; ++i) { // 3 s
        world.step();
        const Vec3& p = world.body(light).pose.translation;
        if (std::abs(p.x()) < 10.0 && std::abs(p.y()) < 10.0) {
            lowestOverFloor = std::min(lowestOverFloor, p.z());
        }
    }
    EXPECT_GT(lowestOverFloor, 0.0);
    EXPECT_TRUE(world.escapes().empty()) << describe(world.escapes().front());
}

TEST(Escape, LightCubeCrushedByAHeavyOneIsReportedWhenItDipsThroughTheFloor) {
    World world;
    ASSERT_TRUE(world.settings().contact.clipPolytopeFaces);
    const BodyId floor = addFloor(world);
    const BodyId light = addLightCubeUnderHeavyOne(world);
    double lowest = 1.0;
    for (int i = 0; i < 360; ++i) {
        world.step();
        lowest = std::min(lowest, world.body(light).pose.translation.z());
    }
    bool found = false;
    for (const EscapeEvent& e : world.escapes()) {
        found = found || (e.body == light && e.other == floor);
    }
    EXPECT_EQ(found, lowest < 0.0) << "the light cube's lowest centre: z = " << lowest;
}

TEST(Escape, TunnellingAtAMillionMetresPerSecondIsReportedOnce) {
    WorldSettings settings;
    settings.contact.ccd = false; // with it the bullet stops on the floor (below)
    World world(settings);
    const BodyId floor = addFloor(world);
    BodyDesc bullet(Shape::sphere(0.05));
    bullet.pose.translation = Vec3(1.0, 2.0, 1.0);
    bullet.linearVelocity = Vec3(0.0, 0.0, -1e6);
    const BodyId id = world.addBody(bullet);
    run(world, 0.1);
    ASSERT_GE(world.escapes().size(), 1u);
    const EscapeEvent& e = world.escapes().front();
    EXPECT_EQ(e.kind, EscapeEvent::Kind::PassedThroughStatic);
    EXPECT_EQ(e.body, id);
    EXPECT_EQ(e.other, floor);
    EXPECT_EQ(e.step, 0);
    EXPECT_NE(describe(e).find("body 1 passed through static body 0 at t = 0.008333 s (step 0)"),
              std::string::npos)
        << describe(e);
    // 0.1 s at 1e6 m/s is 1e5 m: out of the default 1e4 m world cube too, each kind once.
    ASSERT_EQ(world.escapes().size(), 2u);
    EXPECT_EQ(world.escapes()[1].kind, EscapeEvent::Kind::LeftWorldBounds);
}

/// ContactSettings::ccd: the same bullet stops on the floor (speculative contact) and nothing
/// escapes; a slow stack is unchanged by it (reach ~ 0).
TEST(Escape, SpeculativeContactsStopTheBulletOnTheFloor) {
    WorldSettings settings;
    settings.contact.ccd = true;
    World world(settings);
    addFloor(world);
    BodyDesc bullet(Shape::sphere(0.05));
    bullet.pose.translation = Vec3(1.0, 2.0, 1.0);
    bullet.linearVelocity = Vec3(0.0, 0.0, -1e6);
    const BodyId id = world.addBody(bullet);
    run(world, 0.5);
    EXPECT_TRUE(world.escapes().empty()) << describe(world.escapes().front());
    const Vec3 p = world.body(id).pose.translation;
    EXPECT_GT(p.z(), 0.0);
    EXPECT_LT(p.z(), 1.0);
    EXPECT_NEAR(p.x(), 1.0, 1e-6);
    EXPECT_NEAR(p.y(), 2.0, 1e-6);
}

TEST(Escape, ErrorModeThrowsAfterTheStep) {
    WorldSettings settings;
    settings.escape.action = EscapeAction::Error;
    settings.escape.worldBound = 5.0;
    World world(settings);
    BodyDesc falling(Shape::sphere(0.1));
    falling.pose.translation = Vec3(0.0, 0.0, 4.0);
    falling.linearVelocity = Vec3(0.0, 0.0, 60.0);
    world.addBody(falling);
    try {
        run(world, 1.0);
        FAIL() << "no EscapeError";
    } catch (const EscapeError& error) {
        EXPECT_EQ(error.event().kind, EscapeEvent::Kind::LeftWorldBounds);
        EXPECT_GT(error.event().position.z(), 5.0);
        EXPECT_NE(std::string(error.what()).find("left the world bounds"), std::string::npos);
    }
}

} // namespace
} // namespace mk
