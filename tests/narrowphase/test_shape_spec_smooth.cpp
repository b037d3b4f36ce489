/// Specs of rounded boxes (`box:...,r=..`) and superquadrics (`superquadric:a=..,...,e2=..`):
/// exact round trips, the documented format, and errors naming the spec and the key.

#include "minkowski/narrowphase/Rtr.h"
#include "minkowski/narrowphase/Shape.h"

#include <gtest/gtest.h>
#include <random>
#include <string>
#include <vector>

namespace mk {
namespace {

TEST(SpecSmooth, RoundedBoxesAndSuperquadricsRoundTripExactly) {
    std::mt19937_64 rng(3);
    std::uniform_real_distribution<double> size(1e-3, 10.0);
    std::uniform_real_distribution<double> exponent(0.05, 1.95);
    for (int i = 0; i < 200; ++i) {
        const Shape box = Shape::box(Vec3(size(rng), size(rng), size(rng)), size(rng) / 7.0);
        const std::string boxSpec = primitiveSpec(box);
        const Shape boxBack = parsePrimitiveSpec(boxSpec);
        EXPECT_EQ(boxBack.type(), ShapeType::Box);
        EXPECT_EQ(boxBack.halfExtents(), box.halfExtents()) << boxSpec;
        EXPECT_EQ(boxBack.coreRadius(), box.coreRadius()) << boxSpec;
        EXPECT_EQ(primitiveSpec(boxBack), boxSpec);

        const double inflation = i % 3 == 0 ? 0.0 : size(rng) / 100.0;
        const Shape sq = Shape::superquadric(Vec3(size(rng), size(rng), size(rng)), exponent(rng),
                                             exponent(rng), inflation);
        const std::string sqSpec = primitiveSpec(sq);
        const Shape sqBack = parsePrimitiveSpec(sqSpec);
        ASSERT_EQ(sqBack.type(), ShapeType::Superquadric);
        EXPECT_EQ(sqBack.smoothSupport()->radii(), sq.smoothSupport()->radii()) << sqSpec;
        EXPECT_EQ(sqBack.smoothSupport()->alpha1(), sq.smoothSupport()->alpha1()) << sqSpec;
        EXPECT_EQ(sqBack.smoothSupport()->alpha2(), sq.smoothSupport()->alpha2()) << sqSpec;
        EXPECT_EQ(sqBack.coreRadius(), sq.coreRadius()) << sqSpec;
        EXPECT_EQ(primitiveSpec(sqBack), sqSpec);
    }
}

TEST(SpecSmooth, ReadsTheDocumentedFormat) {
    EXPECT_EQ(primitiveSpec(Shape::box(Vec3(1, 2, 0.25), 0.5)), "box:hx=1,hy=2,hz=0.25,r=0.5");
    EXPECT_EQ(primitiveSpec(Shape::box(Vec3(1, 2, 0.25), 0.0)), "box:hx=1,hy=2,hz=0.25");
    const Shape rounded = parsePrimitiveSpec("box:r=0.125,hz=3,hx=1,hy=2");
    EXPECT_EQ(rounded.halfExtents(), Vec3(1, 2, 3));
    EXPECT_EQ(rounded.coreRadius(), 0.125);
    EXPECT_EQ(rounded.localAabb().max, Vec3(1.125, 2.125, 3.125));
    EXPECT_EQ(parsePrimitiveSpec("box:hx=1,hy=2,hz=3,r=0").coreRadius(), 0.0);

    EXPECT_EQ(primitiveSpec(Shape::superquadric(Vec3(1, 2, 3), 1.5, 0.5, 0.25)),
              "superquadric:a=1,b=2,c=3,e1=1.5,e2=0.5,inflation=0.25");
    // without inflation: the default of Shape::superquadric (the paper's 1e-4 when an exponent
    // exceeds 1, else 0), written back explicitly
    const Shape sq = parsePrimitiveSpec("superquadric:a=1,b=2,c=3,e1=1.5,e2=0.5");
    EXPECT_EQ(sq.coreRadius(), kSuperquadricInflation);
    EXPECT_EQ(parsePrimitiveSpec("superquadric:a=1,b=2,c=3,e1=0.5,e2=0.5").coreRadius(), 0.0);
    EXPECT_EQ(primitiveSpec(sq), "superquadric:a=1,b=2,c=3,e1=1.5,e2=0.5,inflation=0.0001");
    int hint = -1;
    EXPECT_NEAR(sq.support(Vec3::UnitZ(), hint).z(), 3.0 + kSuperquadricInflation, 1e-12);
}

TEST(SpecSmooth, SmoothedHullHasNoSpec) {
    const std::vector<Vec3> corners{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    try {
        (void)primitiveSpec(Shape::smoothedHull(corners, 4.0));
        ADD_FAILURE() << "expected ShapeError";
    } catch (const ShapeError& e) {
        EXPECT_NE(std::string(e.what()).find("smoothed hull"), std::string::npos) << e.what();
    }
}

} // namespace
} // namespace mk
