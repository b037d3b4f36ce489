/// \file test_rounded_box_record.cpp
/// Shape records of schema 2: a rounded box keeps its rounding and a superquadric its exponents
/// and inflation (schema 1 refused the first and lost nothing silently); the one smooth shape
/// no scene makes, a smoothed solid of revolution, is refused by name.

#include "DatasetTestUtil.h"
#include "minkowski/dataset/Records.h"

namespace mk::dataset::test {
namespace {

TEST(RoundedBoxRecord, KeepsTheRounding) {
    const Shape brick = Shape::box(Vec3(0.1, 0.2, 0.3), 0.05);
    const ShapeRecord r = describeShape(brick, "brick");
    EXPECT_EQ(r.params, Vec3(0.1, 0.2, 0.3)); // the core
    EXPECT_EQ(r.inflation, 0.05);
    const Shape back = rebuildShape(r);
    EXPECT_EQ(back.coreRadius(), 0.05);
    EXPECT_EQ(back.halfExtents(), Vec3(0.1, 0.2, 0.3));
    const ShapeRecord sharp = describeShape(Shape::box(Vec3(0.1, 0.2, 0.3)), "box");
    EXPECT_EQ(sharp.inflation, 0.0);
    EXPECT_FALSE(sharp.sameGeometry(r));
}

TEST(RoundedBoxRecord, SuperquadricKeepsExponentsAndInflation) {
    const Shape pebble = Shape::superquadric(Vec3(0.05, 0.04, 0.03), 1.5, 0.5, 0.002);
    const ShapeRecord r = describeShape(pebble, "pebble");
    EXPECT_EQ(r.exponents, Vec3(1.5, 0.5, 0.0));
    EXPECT_EQ(r.inflation, 0.002);
    EXPECT_TRUE(describeShape(rebuildShape(r), "pebble").sameGeometry(r));
}

TEST(RoundedBoxRecord, RevolutionIsRefusedByName) {
    const std::vector<Eigen::Vector2d> profile{{0.0, -0.1}, {0.05, -0.1}, {0.05, 0.1}, {0.0, 0.1}};
    try {
        (void)describeShape(Shape::smoothedRevolution(profile, 6.0, 0.01), "vase");
        ADD_FAILURE() << "expected DatasetError";
    } catch (const DatasetError& e) {
        EXPECT_NE(std::string(e.what()).find("vase"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("revolution"), std::string::npos) << e.what();
    }
}

} // namespace
} // namespace mk::dataset::test
