/// \file test_generator.cpp
/// Generated problem sets really sit at the requested signed distances.

#include "minkowski/bench/AtomicFile.h"
#include "minkowski/bench/Generator.h"
#include "minkowski/narrowphase/Collide.h"

#include <gtest/gtest.h>

#include <array>

namespace mk::bench {
namespace {

/// Tolerance on generated distances (unit: metre).
constexpr double kDistanceTolerance = 1e-9;

QueryResult tightDistance(const CollisionProblem& p, SolverChoice solver) {
    QueryRequest request;
    request.task = Task::SignedDistance;
    request.solver = solver;
    request.tolerance = 1e-12;
    request.maxIterations = 5000;
    return collide(p.a.shape, p.poseA, p.b.shape, p.poseB, request);
}

/// Lower bound of the distance certified by the plane of normal n (A to B, world frame): the
/// gap between A's support along n and B's support along -n.
double planeLowerBound(const CollisionProblem& p, const Vec3& n) {
    int hintA = -1;
    int hintB = -1;
    const Vec3 a = p.poseA.apply(p.a.shape.support(p.poseA.rotation.conjugate() * n, hintA));
    const Vec3 b = p.poseB.apply(p.b.shape.support(p.poseB.rotation.conjugate() * -n, hintB));
    return n.dot(b) - n.dot(a);
}

/// Problem i of a generated set was placed at grid distance distances[i % distances.size()].
void expectReferences(const ProblemSet& set, const std::vector<double>& distances, int pairs) {
    ASSERT_EQ(set.problems.size(), distances.size() * static_cast<size_t>(pairs));
    int passedThrough = 0;
    for (size_t i = 0; i < set.problems.size(); ++i) {
        const CollisionProblem& p = set.problems[i];
        const double d = distances[i % distances.size()];
        SCOPED_TRACE(set.name + " problem " + std::to_string(i) + " at d = " + std::to_string(d));
        ASSERT_TRUE(p.referenceDistance);
        if (d >= 0.0) {
            EXPECT_EQ(p.referenceKind, ReferenceKind::Exact);
            EXPECT_EQ(p.gridDistance, d);
            EXPECT_EQ(*p.referenceDistance, d);
            const QueryResult r = tightDistance(p, builtins::gjk());
            EXPECT_NEAR(r.distance, d, kDistanceTolerance) << name(r.status);
            EXPECT_GE(planeLowerBound(p, r.normal), d - kDistanceTolerance);
        } else if (p.referenceKind == ReferenceKind::PassedThrough) {
            ++passedThrough;
            EXPECT_FALSE(p.gridDistance);
            EXPECT_GT(*p.referenceDistance, 0.0);
            EXPECT_NEAR(tightDistance(p, builtins::gjkPolyak()).distance, *p.referenceDistance,
                        kDistanceTolerance);
        } else {
            EXPECT_TRUE(p.referenceKind == ReferenceKind::Epa ||
                        p.referenceKind == ReferenceKind::EpaBestEffort);
            EXPECT_EQ(p.gridDistance, d);
            EXPECT_GE(*p.referenceDistance, d); // depth <= |d| by construction
            EXPECT_LT(*p.referenceDistance, 0.0);
            EXPECT_TRUE(tightDistance(p, builtins::gjk()).collide);
        }
    }
    // Passing through needs a shape thinner than |d|: rare on these sets.
    EXPECT_LE(passedThrough, pairs);
}

TEST(Generator, EllipsoidPairsAreAtTheRequestedDistances) {
    const GeneratorOptions options{kDefaultDistanceGrid, 6, 11};
    expectReferences(generateEllipsoidSet(options), options.distances, options.pairs);
}

TEST(Generator, MeshPairsAreAtTheRequestedDistances) {
    const GeneratorOptions options{kDefaultDistanceGrid, 6, 12};
    expectReferences(generateMeshSet(generatedHulls(12), options), options.distances,
                     options.pairs);
}

TEST(Generator, SpheresGiveTheAnalyticPlacement) {
    const ProblemShape a{Shape::sphere(0.5), "", "sphere"};
    const ProblemShape b{Shape::sphere(0.25), "", "sphere"};
    const auto problems = placePair(a, b, Quat::Identity(), Quat::Identity(), Vec3::UnitX(),
                                    {-0.1, 0.0, 0.3});
    ASSERT_TRUE(problems);
    ASSERT_EQ(problems->size(), 3u);
    for (const CollisionProblem& p : *problems) {
        const double d = *p.gridDistance;
        EXPECT_NEAR((p.poseB.translation - p.poseA.translation).norm(), 0.75 + d, 1e-12);
        EXPECT_NEAR(*p.referenceDistance, d, 1e-8); // a sphere pair's depth is exact
    }
}

TEST(Generator, ThinShapePassedThroughIsSeparatedWithGjkReference) {
    // A 1 cm plate and a ball: moving the ball 0.1 m past contact takes it out the other side.
    const ProblemShape plate{Shape::box(Vec3(0.2, 0.2, 0.005)), "", "box"};
    const ProblemShape ball{Shape::sphere(0.02), "", "sphere"};
    const auto problems = placePair(plate, ball, Quat::Identity(), Quat::Identity(),
                                    Vec3::UnitZ(), {-0.1, -0.01});
    ASSERT_TRUE(problems);
    const CollisionProblem& through = (*problems)[0];
    EXPECT_EQ(through.referenceKind, ReferenceKind::PassedThrough);
    EXPECT_FALSE(through.gridDistance);
    // Ball centre at z = 0.005 + 0.02 - 0.1 = -0.075: 0.05 below the plate's bottom face.
    EXPECT_NEAR(*through.referenceDistance, 0.05, 1e-9);
    const CollisionProblem& inside = (*problems)[1];
    EXPECT_EQ(inside.referenceKind, ReferenceKind::Epa);
    EXPECT_NEAR(*inside.referenceDistance, -0.01, 1e-9);
}

TEST(Generator, SameSeedSameProblems) {
    const GeneratorOptions options{{-0.01, 0.01}, 3, 99};
    const ProblemSet first = generateEllipsoidSet(options);
    const ProblemSet again = generateEllipsoidSet(options);
    ASSERT_EQ(first.problems.size(), again.problems.size());
    for (size_t i = 0; i < first.problems.size(); ++i) {
        EXPECT_EQ(first.problems[i].poseB.translation, again.problems[i].poseB.translation);
        EXPECT_EQ(first.problems[i].a.shape.radii(), again.problems[i].a.shape.radii());
    }
    const ProblemSet other = generateEllipsoidSet({{-0.01, 0.01}, 3, 100});
    EXPECT_NE(first.problems[0].a.shape.radii(), other.problems[0].a.shape.radii());
}

TEST(Generator, GeneratedHullsHaveEveryPointAsAVertex) {
    const std::vector<ProblemShape> hulls = generatedHulls(1);
    ASSERT_EQ(hulls.size(), 4u);
    const std::array<size_t, 4> counts{50, 200, 500, 1000};
    for (size_t i = 0; i < hulls.size(); ++i) {
        EXPECT_EQ(hulls[i].shape.convexMesh()->vertices().size(), counts[i]);
        EXPECT_TRUE(hulls[i].objPath.empty());
    }
}

TEST(Generator, MissingMeshFolderIsAFileError) {
    MeshCache cache;
    EXPECT_THROW((void)loadMeshFolder("/nonexistent/meshes", cache), FileError);
}

TEST(Generator, MeshFolderLoadsEveryObjSorted) {
    MeshCache cache;
    const std::vector<ProblemShape> meshes =
        loadMeshFolder(std::string(MK_BENCH_TEST_DATA_DIR) + "/meshes", cache);
    ASSERT_EQ(meshes.size(), 2u);
    EXPECT_EQ(meshes[0].label, "cube");
    EXPECT_EQ(meshes[1].label, "octahedron");
    EXPECT_EQ(meshes[1].shape.convexMesh()->vertices().size(), 6u);
}

} // namespace
} // namespace mk::bench
