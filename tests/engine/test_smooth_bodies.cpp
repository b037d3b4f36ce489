/// Bodies of the new shapes in a world: a rounded box and a superquadric come to rest on the
/// ground at the height of their outer surface (core + rounding), with the solvers that
/// handle them.

#include "EngineTestUtil.h"

#include <gtest/gtest.h>

namespace mk {
namespace {

/// Drops `shape` from 5 cm above its resting height `rest` and returns its height after 1 s.
double settledHeight(const Shape& shape, double rest, SolverChoice solver) {
    WorldSettings settings;
    settings.narrowPhase.solver = solver;
    World world(settings);
    test::addGround(world);
    BodyDesc desc(shape);
    desc.pose.translation = Vec3(0.0, 0.0, rest + 0.05);
    const BodyId id = world.addBody(desc);
    for (int i = 0; i < 120; ++i) {
        world.step();
    }
    return world.shapePose(id).translation.z();
}

TEST(SmoothBodies, RoundedBoxRestsOnItsRoundedFaces) {
    const Shape brick = Shape::box(Vec3(0.1, 0.06, 0.03), 0.02);
    for (const SolverChoice& solver : std::initializer_list<SolverChoice>{builtins::gjk(), builtins::sdfEllipsoid()}) {
        // resting height = core half height + rounding; contact slop and penetration allowance
        // keep it within a millimetre
        EXPECT_NEAR(settledHeight(brick, 0.05, solver), 0.05, 1e-3) << name(solver);
    }
}

TEST(SmoothBodies, SuperquadricRestsOnItsLowestPoint) {
    const Shape pebble = Shape::superquadric(Vec3(0.06, 0.05, 0.04), 0.6, 0.6, 0.0);
    EXPECT_NEAR(settledHeight(pebble, 0.04, builtins::gjk()), 0.04, 1e-3);
}

} // namespace
} // namespace mk
