/// Tests of the paper reproductions' building blocks (bench/Paper.h): poses placed at a given
/// MTD (analytic spheres, GJK/EPA on boxes and smooth shapes), the transcription of the RTR
/// paper's Table II, the kind selection of the SDF paper, and a tiny run of each protocol.

#include "minkowski/bench/Generator.h"
#include "minkowski/bench/Paper.h"
#include "minkowski/narrowphase/Collide.h"

#include <cmath>
#include <gtest/gtest.h>
#include <random>
#include <stdexcept>

using namespace mk;
using namespace mk::bench;

TEST(PaperPlacement, SpheresLandAtTheAnalyticDistance) {
    // Two spheres: the MTD is |cB - cA| - rA - rB, so B's centre must end at rA + rB + target
    // from A's along the direction (1e-9 m).
    const Shape a = Shape::sphere(0.3), b = Shape::sphere(0.2);
    const Pose poseA(Quat::Identity(), Vec3(0.1, -0.2, 0.3));
    const Vec3 dir = Vec3(1, -2, 2).normalized();
    for (const double target : {-0.1, -0.01, 0.0, 0.02, 0.5}) {
        const std::optional<Pose> pb = placeAtMtd(a, poseA, b, Quat::Identity(), dir, target);
        ASSERT_TRUE(pb.has_value()) << target;
        EXPECT_NEAR((pb->translation - poseA.translation).dot(dir), 0.5 + target, 1e-9);
        EXPECT_LT((pb->translation - poseA.translation).cross(dir).norm(), 1e-12);
    }
}

TEST(PaperPlacement, BoxesAndSmoothShapesMatchTheTargetMtd) {
    // Rotated boxes, a rounded box and two Table I shapes: GJK/EPA at tight tolerance gives the
    // target within 1e-8 L at the placed pose.
    std::mt19937_64 rng(5);
    const auto table = rtrPaperShapes();
    const std::vector<std::pair<Shape, Shape>> pairs{
        {Shape::box(Vec3(0.3, 0.2, 0.1)), Shape::box(Vec3(0.1, 0.2, 0.3))},
        {Shape::box(Vec3(0.25, 0.15, 0.05), 0.05), Shape::cone(0.2, 0.15)},
        {table[1].shape, table[4].shape}};
    QueryRequest tight;
    tight.tolerance = kReferenceTolerance;
    tight.penetrationTolerance = kReferencePenetrationTolerance;
    tight.maxPenetrationIterations = 1000;
    for (const auto& [a, b] : pairs) {
        const double L = meanBoundingRadius(a, b);
        for (const double level : {-0.05, -0.01, 0.0, 0.03}) {
            const Pose poseA(randomRotation(rng), Vec3::Zero());
            const std::optional<Pose> pb =
                placeAtMtd(a, poseA, b, randomRotation(rng), randomDirection(rng), level * L);
            ASSERT_TRUE(pb.has_value());
            EXPECT_NEAR(collide(a, poseA, b, *pb, tight).distance, level * L, 1e-8 * L);
        }
    }
}

TEST(PaperTables, TableTwoTranscription) {
    // Corners and a few inner cells of Table II, both orders of the pair.
    EXPECT_EQ(rtrPaperTableTwo(0, 0).gjkEpaUs, 58);
    EXPECT_EQ(rtrPaperTableTwo(0, 0).rtrUs, 14);
    EXPECT_EQ(rtrPaperTableTwo(0, 7).gjkEpaUs, 68);
    EXPECT_EQ(rtrPaperTableTwo(0, 7).rtrUs, 56);
    EXPECT_EQ(rtrPaperTableTwo(1, 1).gjkEpaUs, 72);
    EXPECT_EQ(rtrPaperTableTwo(2, 5).rtrUs, 38);
    EXPECT_EQ(rtrPaperTableTwo(5, 2).rtrUs, 38);
    EXPECT_EQ(rtrPaperTableTwo(4, 4).rtrUs, 12);
    EXPECT_EQ(rtrPaperTableTwo(6, 7).gjkEpaUs, 67);
    EXPECT_EQ(rtrPaperTableTwo(7, 7).gjkEpaUs, 83);
    EXPECT_EQ(rtrPaperTableTwo(7, 7).rtrUs, 60);
    EXPECT_THROW((void)rtrPaperTableTwo(0, 8), std::out_of_range);
    EXPECT_EQ(rtrPaperShapes().size(), 8u);
}

TEST(PaperSdf, KindsAreSelectedInTableOrderAndUnknownOnesNamed) {
    SdfPaperOptions o;
    EXPECT_EQ(sdfPaperKinds(o),
              (std::vector<std::string>{"box", "rounded-box", "cone", "ellipsoid", "hull50",
                                        "hull200", "hull500", "hull1000"}));
    o.kinds = {"hull200", "box", "box"};
    EXPECT_EQ(sdfPaperKinds(o), (std::vector<std::string>{"box", "hull200"}));
    o.kinds = {"meshes"}; // only with meshes
    EXPECT_THROW((void)sdfPaperKinds(o), std::invalid_argument);
}

TEST(PaperSdf, TinyRunAnswersEveryPoseWithoutFailure) {
    // Two levels, two poses, one kind: 8 instances (2 tasks), every solver answered, the
    // verdicts match the placed MTD, and the placed reference is the level times L.
    SdfPaperOptions o;
    o.kinds = {"rounded-box"};
    o.levels = {-0.02, 0.02};
    o.poses = 2;
    o.repeats = 2;
    const auto instances = runSdfPaper(o);
    ASSERT_EQ(instances.size(), 8u);
    for (const SdfPaperInstance& in : instances) {
        EXPECT_DOUBLE_EQ(in.reference, in.level * in.L);
        for (const PaperQuery* q : {&in.sdf, &in.gjk, &in.mpr}) {
            EXPECT_FALSE(sdfPaperFailed(*q, in));
            EXPECT_EQ(q->result.collide, in.level < 0.0);
            EXPECT_GE(q->timeNs, 0.0);
        }
    }
}

TEST(PaperRtr, TinyRunAgreesWithTheReference) {
    // One pose per pair in [-0.05, 0] L at the paper's 1e-4: both solvers converge; RTR's depth
    // is the MTD within 1e-4 L (it finds the global minimum at these shallow depths).
    RtrPaperOptions o;
    o.poses = 1;
    o.repeats = 1;
    const auto instances = runRtrPaper(o);
    ASSERT_EQ(instances.size(), 36u);
    for (const RtrPaperInstance& in : instances) {
        EXPECT_FALSE(rtrPaperFailed(in.gjkEpa));
        EXPECT_FALSE(rtrPaperFailed(in.rtr));
        EXPECT_NEAR(in.rtr.result.distance, in.reference, 1e-4 * in.L);
        EXPECT_NEAR(in.gjkEpa.result.distance, in.reference, 1e-3 * in.L);
        EXPECT_LT(in.rtrOptimality, 1e-3);
    }
}
