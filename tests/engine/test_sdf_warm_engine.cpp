/// The engine runs sdf-ellipsoid warm: with the `previous` warm start its PairCache feeds the
/// Corollary 1 start (Lopez-Adeva & Merchante 2024) to every pair queried at the previous step,
/// which takes fewer cuts than `none` on the same motion.

#include "EngineTestUtil.h"

#include <cstdint>
#include <gtest/gtest.h>

namespace mk {
namespace {

/// Cuts (QueryResult::iterations summed) over one second of a capsule sliding and spinning on a
/// rounded box resting on the ground, every pair queried at every step.
std::int64_t cuts(WarmStart warmStart) {
    WorldSettings settings;
    settings.narrowPhase.solver = builtins::sdfEllipsoid();
    settings.narrowPhase.warmStart = warmStart;
    World world(settings);
    test::addGround(world);
    BodyDesc base(Shape::box(Vec3(0.3, 0.3, 0.04), 0.01));
    base.pose.translation = Vec3(0.0, 0.0, 0.05);
    world.addBody(base);
    BodyDesc rod(Shape::capsule(0.03, 0.1));
    rod.pose.translation = Vec3(-0.15, 0.0, 0.14);
    rod.pose.rotation = Quat(Eigen::AngleAxisd(1.5, Vec3::UnitY()));
    rod.linearVelocity = Vec3(0.3, 0.05, 0.0);
    rod.angularVelocity = Vec3(0.0, 0.0, 2.0);
    world.addBody(rod);
    std::int64_t total = 0;
    for (int i = 0; i < 120; ++i) {
        world.step();
        EXPECT_EQ(world.lastStats().counts.narrowPhaseFallbacks, 0);
        total += world.lastStats().counts.gjkIterations;
    }
    return total;
}

TEST(SdfWarmEngine, PreviousTakesFewerCutsThanNone) {
    const std::int64_t cold = cuts(WarmStart::None);
    const std::int64_t warm = cuts(WarmStart::Previous);
    RecordProperty("cold-cuts", static_cast<int>(cold));
    RecordProperty("warm-cuts", static_cast<int>(warm));
    EXPECT_GT(cold, 0);
    EXPECT_LT(warm, cold);
}

} // namespace
} // namespace mk
