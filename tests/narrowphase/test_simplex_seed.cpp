/// Warm-started distance (SimplexSeed.h, GjkSettings::startSimplex, PairCache): along seeded
/// random trajectories of separated pairs, every query started from the pair's previous GJK
/// simplex (transformed-previous, through PairCache) is compared with the cold query (obb guess)
/// at the same poses. Reference: the cold answer, itself checked against exact references in
/// test_gjk.cpp and test_crosscheck.cpp. Tolerance: both answers are GJK upper bounds ||x|| of
/// the distance d with ||x|| - mu <= eps ||x|| (eps = kGjkTolerance, relative), so they agree to
/// eps d (plus 1e-12 m of rounding); verdicts and statuses must be identical.

#include "Random.h"
#include "WarmTrajectory.h"
#include "minkowski/narrowphase/Collide.h"
#include "minkowski/narrowphase/ConvexMesh.h"
#include "minkowski/narrowphase/Defaults.h"
#include "minkowski/narrowphase/Solver.h"
#include "minkowski/narrowphase/WarmStart.h"

#include <cmath>
#include <gtest/gtest.h>
#include <limits>
#include <numbers>
#include <random>
#include <string>
#include <vector>

using namespace mk;
using ref::coldRequest;
using ref::randomHull;
using ref::Trajectory;

namespace {

/// Counters of a trajectory.
struct Tally {
    int separated = 0;      ///< steps where the cold query ends separated
    int warmIterations = 0; ///< GJK iterations of the warm queries on those steps
    int coldIterations = 0; ///< and of the cold ones
    Tally& operator+=(const Tally& o) {
        separated += o.separated;
        warmIterations += o.warmIterations;
        coldIterations += o.coldIterations;
        return *this;
    }
};

/// One step: the warm query (through the pair's cache) against the cold one.
void compareStep(const Shape& a, const Pose& pa, const Shape& b, const Pose& pb, PairCache& cache,
                 std::int64_t step, Tally& tally, const std::string& what) {
    const auto [warm, cold] = ref::queryWarmAndCold(a, pa, b, pb, cache, step);

    ASSERT_EQ(warm.collide, cold.collide) << what;
    ASSERT_EQ(warm.status, cold.status) << what;
    const double tol = defaults::kGjkTolerance * std::abs(cold.distance) + 1e-12;
    EXPECT_NEAR(warm.distance, cold.distance, tol) << what << " " << name(cold.status);
    if (cold.status != Status::Separated) {
        return;
    }
    ++tally.separated;
    tally.warmIterations += warm.iterations;
    tally.coldIterations += cold.iterations;
    EXPECT_NEAR(warm.normal.norm(), 1.0, 1e-12) << what;
    EXPECT_NEAR((warm.witnessB - warm.witnessA).norm(), warm.distance, tol) << what;
}


Tally run(const Shape& a, const Shape& b, const Trajectory& t, int steps, const std::string& what) {
    PairCache cache;
    Tally tally;
    for (int k = 0; k < steps; ++k) {
        compareStep(a, t.poseA(k), b, t.poseB(k), cache, k, tally,
                    what + " step " + std::to_string(k));
        if (::testing::Test::HasFatalFailure())
            break;
    }
    return tally;
}

/// Small motions of B about a point `gap` beyond the sum of the bounding radii along a random
/// axis, `origin` the position of A (far from the world origin in some tests).
Trajectory randomTrajectory(std::mt19937_64& rng, double radii, double gap, double spinRate,
                            const Vec3& origin = Vec3::Zero()) {
    Trajectory t;
    t.startA = Pose(ref::randomRotation(rng), origin);
    t.startB = Pose(ref::randomRotation(rng), Vec3::Zero());
    t.axis = ref::randomUnit(rng);
    t.centre = (radii + gap) * t.axis;
    t.amplitude = 0.3 * gap;
    t.period = ref::uniform(rng, 30.0, 60.0);
    t.spinA = spinRate * ref::randomUnit(rng);
    t.spinB = spinRate * ref::randomUnit(rng);
    return t;
}


/// Runs `pairs` random trajectories of (makeA(), makeB()) and checks the totals: every
/// separated step agrees (compareStep), and the seeded queries need fewer GJK iterations.
template <class MakeA, class MakeB>
void runSet(std::uint64_t seed, int pairs, double radii, double gap, MakeA makeA, MakeB makeB,
            const std::string& what, const Vec3& origin = Vec3::Zero()) {
    std::mt19937_64 rng(seed);
    Tally total;
    for (int pair = 0; pair < pairs; ++pair) {
        const Shape a = makeA(rng);
        const Shape b = makeB(rng);
        const Trajectory t = randomTrajectory(rng, radii, gap, 0.01, origin);
        total += run(a, b, t, 40, what + " " + std::to_string(pair));
        if (::testing::Test::HasFatalFailure())
            return;
    }
    ASSERT_GT(total.separated, pairs * 30) << what;
    EXPECT_LT(total.warmIterations, total.coldIterations)
        << what << ": " << total.warmIterations << " warm against " << total.coldIterations
        << " cold GJK iterations";
}

} // namespace

TEST(SimplexSeed, RandomBoxPairsMatchColdGjk) {
    const auto box = [](std::mt19937_64& rng) { return Shape::box(ref::randomVec(rng, 0.05, 0.3)); };
    runSet(161, 12, 2.0 * std::sqrt(3.0) * 0.3, 0.05, box, box, "boxes");
}

TEST(SimplexSeed, RandomHullPairsMatchColdGjk) {
    runSet(162, 10, 0.4, 0.02,
           [](std::mt19937_64& rng) { return randomHull(rng, 60, 0.2); },
           [](std::mt19937_64& rng) { return randomHull(rng, 300, 0.2); }, "hulls");
}

TEST(SimplexSeed, CurvedShapesMatchColdGjk) {
    // Strictly convex and rounded shapes: no exact face to land on, so the agreement is the
    // relative tolerance itself.
    runSet(163, 8, 0.8, 0.01,
           [](std::mt19937_64& rng) { return Shape::ellipsoid(ref::randomVec(rng, 0.05, 0.4)); },
           [](std::mt19937_64& rng) {
               return Shape::cylinder(ref::uniform(rng, 0.05, 0.2), ref::uniform(rng, 0.05, 0.2));
           },
           "ellipsoid-cylinder");
    runSet(164, 8, 0.8, 0.01,
           [](std::mt19937_64& rng) {
               return Shape::capsule(ref::uniform(rng, 0.02, 0.2), ref::uniform(rng, 0.05, 0.2));
           },
           [](std::mt19937_64& rng) { return Shape::box(ref::randomVec(rng, 0.05, 0.2)); },
           "capsule-box");
}

TEST(SimplexSeed, FarFromTheOriginAndThinPlates) {
    // 1e4 m from the origin: the seed's points are stored in the bodies' frames, so the
    // transform to the poses is the only rounding they add.
    runSet(165, 6, 1.2, 1e-3,
           [](std::mt19937_64& rng) { return Shape::box(Vec3(0.5, 0.5, ref::uniform(rng, 1e-3, 2e-3))); },
           [](std::mt19937_64& rng) { return randomHull(rng, 40, 0.1); }, "plate-hull",
           Vec3(1e4, -2e4, 5e3));
}

TEST(SimplexSeed, StaticPairNeedsOneSupportCall) {
    const Shape a = Shape::box(Vec3(0.2, 0.3, 0.1));
    const Shape b = Shape::box(Vec3(0.1, 0.1, 0.1));
    const Pose pa(Quat(Eigen::AngleAxisd(0.3, Vec3(1, 2, 3).normalized())), Vec3(0.1, 0.2, 0.3));
    const Pose pb(Quat(Eigen::AngleAxisd(1.1, Vec3(-1, 0, 2).normalized())), Vec3(0.1, 0.2, 0.9));
    PairCache cache;
    const QueryResult cold = collide(a, pa, b, pb, coldRequest(a, pa, b, pb));
    ASSERT_EQ(cold.status, Status::Separated);
    for (int k = 0; k < 3; ++k) {
        QueryRequest q;
        q.task = Task::SignedDistance;
        cache.prepare(WarmStart::Previous, k, a, pa, b, pb, q);
        EXPECT_EQ(q.simplexSeed != nullptr, k > 0) << k;
        const QueryResult warm = collide(a, pa, b, pb, q);
        cache.update(k, pa, pb, warm);
        EXPECT_EQ(warm.status, Status::Separated);
        EXPECT_NEAR(warm.distance, cold.distance, 1e-12);
        if (k > 0) {
            EXPECT_EQ(warm.iterations, 1) << "the kept simplex is the answer: one support confirms it";
        }
    }
    EXPECT_GT(cold.iterations, 2);
}

TEST(SimplexSeed, BadSeedsCostIterationsNotAnswers) {
    const Shape a = Shape::box(Vec3(0.2, 0.3, 0.1));
    const Shape b = Shape::ellipsoid(Vec3(0.1, 0.2, 0.15));
    std::mt19937_64 rng(166);
    for (int trial = 0; trial < 50; ++trial) {
        const Pose pa = ref::randomPose(rng, 0.1);
        const Pose pb(ref::randomRotation(rng), pa.translation + 0.6 * ref::randomUnit(rng));
        const QueryResult cold = collide(a, pa, b, pb, coldRequest(a, pa, b, pb));
        SimplexSeed seed;
        seed.size = 1 + static_cast<int>(rng() % 4);
        for (int i = 0; i < seed.size; ++i) { // points of the shapes' interiors, any simplex
            seed.pointA[static_cast<size_t>(i)] = ref::randomVec(rng, -0.1, 0.1);
            seed.pointB[static_cast<size_t>(i)] = ref::randomVec(rng, -0.05, 0.05);
        }
        if (trial % 5 == 1) {
            seed.pointA[0].x() = std::numeric_limits<double>::quiet_NaN();
        }
        if (trial % 5 == 2 && seed.size > 1) {
            seed.pointA[1] = seed.pointA[0];
            seed.pointB[1] = seed.pointB[0];
        }
        QueryRequest q = coldRequest(a, pa, b, pb);
        q.simplexSeed = &seed;
        q.simplexKeep = &seed; // the same object, as PairCache does
        const QueryResult warm = collide(a, pa, b, pb, q);
        ASSERT_EQ(warm.status, cold.status) << trial;
        EXPECT_NEAR(warm.distance, cold.distance, defaults::kGjkTolerance * cold.distance + 1e-12)
            << trial;
        EXPECT_EQ(seed.empty(), cold.status != Status::Separated) << trial;
    }
}

TEST(SimplexSeed, OnlyVanillaGjkReadsIt) {
    // The accelerated variants start from their guess as GJK++ Alg. 6 says; a seed changes
    // nothing, bit for bit.
    const Shape a = Shape::box(Vec3(0.2, 0.3, 0.1));
    const Shape b = Shape::box(Vec3(0.1, 0.1, 0.1));
    const Pose pa(Quat::Identity(), Vec3::Zero());
    const Pose pb(Quat(Eigen::AngleAxisd(0.4, Vec3::UnitZ())), Vec3(0.0, 0.0, 0.5));
    SimplexSeed seed;
    seed.size = 1;
    seed.pointA[0] = Vec3(0.2, 0.3, 0.1);
    seed.pointB[0] = Vec3(-0.1, -0.1, -0.1);
    for (const char* solver : {"gjk-polyak", "gjk-nesterov"}) {
        QueryRequest q = coldRequest(a, pa, b, pb);
        q.solver = parseSolverChoice(solver);
        const QueryResult plain = collide(a, pa, b, pb, q);
        q.simplexSeed = &seed;
        const QueryResult seeded = collide(a, pa, b, pb, q);
        EXPECT_EQ(seeded.distance, plain.distance) << solver;
        EXPECT_EQ(seeded.iterations, plain.iterations) << solver;
    }
}
