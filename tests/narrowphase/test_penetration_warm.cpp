/// Warm-started penetration (PenetrationSeed.h, epaWarm() in Epa.h, PairCache): along seeded
/// random trajectories of overlapping pairs, every query warm-started from the pair's previous
/// polytope (transformed-previous) is compared with the cold query (obb guess, GJK then EPA) at
/// the same poses. Reference: the cold answer, itself checked against exact references in
/// test_epa.cpp. Tolerance: the EPA threshold of the request (1e-8 m + 1e-12 of the polytope's
/// scale): both answers bracket the same depth D by [d, d + threshold]; on polytopes both end on
/// the exact face, checked at 1e-9 m. Verdicts (collide, overlap or not) must be identical.

#include "Random.h"
#include "WarmTrajectory.h"
#include "minkowski/narrowphase/Collide.h"
#include "minkowski/narrowphase/ConvexMesh.h"
#include "minkowski/narrowphase/WarmStart.h"
#include "minkowski/narrowphase/detail/Epa.h"

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <gtest/gtest.h>
#include <numbers>
#include <random>
#include <string>
#include <utility>
#include <vector>

using namespace mk;
using ref::coldRequest;
using ref::randomHull;
using ref::Trajectory;

namespace {

/// Support value of A - B along unit n (world frame): the depth a normal n certifies.
double supportOfDifference(const Shape& a, const Pose& pa, const Shape& b, const Pose& pb,
                           const Vec3& n) {
    int ha = -1, hb = -1;
    const Vec3 sa = pa.apply(a.support(pa.rotation.conjugate() * n, ha));
    const Vec3 sb = pb.apply(b.support(pb.rotation.conjugate() * (-n), hb));
    return (sa - sb).dot(n);
}

/// Counters of a trajectory.
struct Tally {
    int penetrating = 0; ///< steps where the cold query penetrates
    int warm = 0;        ///< of those, answered from the seed (no GJK iteration)
    int separated = 0;   ///< steps where the cold query does not overlap
    Tally& operator+=(const Tally& o) {
        penetrating += o.penetrating;
        warm += o.warm;
        separated += o.separated;
        return *this;
    }
};

/// One step: the warm query (through the pair's cache) against the cold one.
void compareStep(const Shape& a, const Pose& pa, const Shape& b, const Pose& pb, PairCache& cache,
                 std::int64_t step, double tol, Tally& tally, const std::string& what) {
    const auto [warm, cold] = ref::queryWarmAndCold(a, pa, b, pb, cache, step);

    ASSERT_EQ(warm.collide, cold.collide) << what;
    ASSERT_EQ(isOverlap(warm.status), isOverlap(cold.status)) << what;
    EXPECT_NEAR(warm.distance, cold.distance, tol)
        << what << " cold " << name(cold.status) << " warm " << name(warm.status);
    if (cold.status != Status::Penetrating) {
        ++tally.separated;
        return;
    }
    ++tally.penetrating;
    ASSERT_EQ(warm.status, Status::Penetrating) << what;
    tally.warm += warm.iterations == 0 ? 1 : 0;
    const double depth = -warm.distance;
    EXPECT_NEAR(warm.normal.norm(), 1.0, 1e-12) << what;
    // the normal attains the depth (several normals may when faces tie; the depth is unique)
    EXPECT_NEAR(supportOfDifference(a, pa, b, pb, warm.normal), depth, tol) << what;
    EXPECT_LE((warm.witnessA - warm.witnessB - depth * warm.normal).norm(), tol) << what;
}


Tally run(const Shape& a, const Shape& b, const Trajectory& t, int steps, double tol,
          const std::string& what) {
    PairCache cache;
    Tally tally;
    for (int k = 0; k < steps; ++k) {
        compareStep(a, t.poseA(k), b, t.poseB(k), cache, k, tol, tally,
                    what + " step " + std::to_string(k));
        if (::testing::Test::HasFatalFailure())
            break;
    }
    return tally;
}

/// A random trajectory of small motions around an overlap of depth about `overlap` times the
/// shapes' size `size`, oscillating by `swing` times the size (enough to separate when > overlap).
Trajectory randomTrajectory(std::mt19937_64& rng, double size, double overlap, double swing,
                            double spinRate) {
    Trajectory t;
    t.startA = Pose(ref::randomRotation(rng), Vec3::Zero());
    t.startB = Pose(ref::randomRotation(rng), Vec3::Zero());
    t.axis = ref::randomUnit(rng);
    t.centre = (1.0 - overlap) * size * t.axis;
    t.amplitude = swing * size;
    t.period = ref::uniform(rng, 30.0, 60.0);
    t.spinA = spinRate * ref::randomUnit(rng);
    t.spinB = spinRate * ref::randomUnit(rng);
    return t;
}


constexpr double kPolytopeTol = 1e-9; ///< the acceptance of issue 15 (metre)
constexpr double kSmoothTol = 1.1e-8; ///< EPA's threshold at these scales (metre)

} // namespace

TEST(PenetrationWarm, RandomBoxPairsMatchColdEpa) {
    std::mt19937_64 rng(151);
    Tally total;
    for (int pair = 0; pair < 12; ++pair) {
        const Shape a = Shape::box(ref::randomVec(rng, 0.05, 0.3));
        const Shape b = Shape::box(ref::randomVec(rng, 0.05, 0.3));
        const Trajectory t = randomTrajectory(rng, 0.3, 0.3, 0.4, 0.01);
        total += run(a, b, t, 60, kPolytopeTol, "boxes " + std::to_string(pair));
    }
    // the seed answers most of the steps of small motions, and the set has separated steps too
    EXPECT_GT(total.penetrating, 200);
    EXPECT_GT(total.warm, total.penetrating / 2) << total.warm << " of " << total.penetrating;
    EXPECT_GT(total.separated, 10);
}

TEST(PenetrationWarm, RandomHullPairsMatchColdEpa) {
    std::mt19937_64 rng(152);
    Tally total;
    for (int pair = 0; pair < 12; ++pair) {
        const Shape a = randomHull(rng, 20 + 30 * (pair % 4), 0.2);
        const Shape b = randomHull(rng, 200, 0.15);
        const Trajectory t = randomTrajectory(rng, 0.3, 0.25, 0.2, 0.01);
        total += run(a, b, t, 60, kPolytopeTol, "hulls " + std::to_string(pair));
    }
    EXPECT_GT(total.penetrating, 200);
    EXPECT_GT(total.warm, total.penetrating / 2) << total.warm << " of " << total.penetrating;
}

TEST(PenetrationWarm, EverydayObjectHullsMatchColdEpa) {
    const std::string dir =
        std::filesystem::path(MK_TEST_DATA_DIR "/../../assets/meshes/").lexically_normal().string();
    const std::vector<std::string> names = {"banana",         "cracker_box", "mug",
                                            "mustard_bottle", "power_drill", "scissors",
                                            "tomato_soup_can"};
    std::vector<Shape> shapes;
    for (const std::string& n : names) {
        shapes.push_back(Shape::mesh(ConvexMesh::fromObjFile(dir + n + ".obj")));
    }
    std::mt19937_64 rng(153);
    Tally total;
    for (int pair = 0; pair < 10; ++pair) {
        const size_t i = rng() % shapes.size(), j = rng() % shapes.size();
        const Trajectory t = randomTrajectory(rng, 0.08, 0.3, 0.2, 0.01);
        total += run(shapes[i], shapes[j], t, 50, kPolytopeTol, names[i] + " / " + names[j]);
    }
    EXPECT_GT(total.penetrating, 150);
    EXPECT_GT(total.warm, total.penetrating / 2) << total.warm << " of " << total.penetrating;
}

TEST(PenetrationWarm, EllipsoidsMatchColdEpaToItsThreshold) {
    std::mt19937_64 rng(154);
    Tally total;
    for (int pair = 0; pair < 8; ++pair) {
        const Shape a = Shape::ellipsoid(ref::randomVec(rng, 0.05, 0.2));
        const Shape b = Shape::ellipsoid(ref::randomVec(rng, 0.05, 0.2));
        const Trajectory t = randomTrajectory(rng, 0.2, 0.3, 0.2, 0.01);
        total += run(a, b, t, 40, kSmoothTol, "ellipsoids " + std::to_string(pair));
    }
    EXPECT_GT(total.penetrating, 100);
    EXPECT_GT(total.warm, 0); // smooth shapes: the seed helps when the motion is small enough
}

TEST(PenetrationWarm, DeepPenetrationMatchesColdEpa) {
    std::mt19937_64 rng(155);
    Tally total;
    for (int pair = 0; pair < 8; ++pair) {
        const Shape a =
            pair % 2 == 0 ? Shape::box(ref::randomVec(rng, 0.1, 0.3)) : randomHull(rng, 60, 0.25);
        const Shape b = randomHull(rng, 80, 0.2);
        Trajectory t = randomTrajectory(rng, 0.2, 0.95, 0.03, 0.01); // centres nearly coincide
        const Tally tally = run(a, b, t, 40, kPolytopeTol, "deep " + std::to_string(pair));
        EXPECT_EQ(tally.separated, 0);
        total += tally;
    }
    EXPECT_GT(total.warm, total.penetrating / 2) << total.warm << " of " << total.penetrating;
}

TEST(PenetrationWarm, CoincidentShapesMatchColdEpa) {
    // A shape with itself at the same pose: depth = its minimum width, reached by several
    // normals for the box (ties): the depth must agree, the normal must attain it.
    std::mt19937_64 rng(156);
    const std::vector<Shape> shapes = {Shape::box(Vec3(0.1, 0.2, 0.3)),
                                       Shape::box(Vec3(0.2, 0.2, 0.2)), randomHull(rng, 100, 0.2)};
    for (size_t s = 0; s < shapes.size(); ++s) {
        Trajectory t;
        t.startA = t.startB = Pose(ref::randomRotation(rng), Vec3::Zero());
        t.axis = Vec3::UnitX();
        t.spinA = t.spinB = 0.02 * ref::randomUnit(rng); // the pair turns together
        const Tally tally =
            run(shapes[s], shapes[s], t, 20, kPolytopeTol, "coincident " + std::to_string(s));
        EXPECT_EQ(tally.penetrating, 20);
        // the boxes' polytopes fit a seed; the dense hull's (40 vertices) does not: cold
        EXPECT_EQ(tally.warm, s < 2 ? 18 : 0) << s;
    }
}

TEST(PenetrationWarm, StaleSeedsOfFastRotationsStillMatchColdEpa) {
    // 0.6 rad per step and a fast swing: the previous polytope is far from the answer (or no
    // longer contains the origin); every answer must still be the cold one.
    std::mt19937_64 rng(157);
    for (int pair = 0; pair < 10; ++pair) {
        const Shape a =
            pair % 2 == 0 ? Shape::box(ref::randomVec(rng, 0.05, 0.3)) : randomHull(rng, 50, 0.2);
        const Shape b = randomHull(rng, 100, 0.2);
        Trajectory t = randomTrajectory(rng, 0.3, 0.3, 0.3, 0.6);
        t.period = 7.0;
        run(a, b, t, 40, kPolytopeTol, "stale " + std::to_string(pair));
    }
}

TEST(PenetrationWarm, CorruptSeedsAreRejected) {
    const Shape a = Shape::box(Vec3(0.2, 0.2, 0.2));
    const Pose pa, pb(Quat::Identity(), Vec3(0.3, 0.05, 0.02));
    PenetrationSeed seed;
    QueryRequest q = coldRequest(a, pa, a, pb);
    q.penetrationKeep = &seed;
    const QueryResult cold = collide(a, pa, a, pb, q);
    ASSERT_EQ(cold.status, Status::Penetrating);
    ASSERT_FALSE(seed.empty());
    ASSERT_LE(seed.numVertices, PenetrationSeed::kMaxVertices);
    EXPECT_EQ(seed.numFaces, 2 * seed.numVertices - 4);

    auto warmAnswer = [&](const PenetrationSeed& s) {
        PenetrationSeed keep;
        QueryRequest w = coldRequest(a, pa, a, pb);
        w.penetrationSeed = &s;
        w.penetrationKeep = &keep;
        return collide(a, pa, a, pb, w);
    };
    const QueryResult fromSeed = warmAnswer(seed);
    EXPECT_EQ(fromSeed.iterations, 0); // answered from the seed
    EXPECT_NEAR(fromSeed.distance, cold.distance, kPolytopeTol);

    std::vector<PenetrationSeed> corrupt(5, seed);
    corrupt[0].faces[0][1] = static_cast<std::uint8_t>(seed.numVertices);     // vertex out of range
    corrupt[1].adjacent[2][0] = static_cast<std::uint8_t>(4 * seed.numFaces); // face out of range
    std::swap(corrupt[2].faces[0][0], corrupt[2].faces[0][1]); // a face turned inside out
    corrupt[3].numFaces -= 1;                                  // not a closed polytope
    corrupt[4].pointA[0] = Vec3(std::nan(""), 0, 0);
    for (size_t i = 0; i < corrupt.size(); ++i) {
        const QueryResult r = warmAnswer(corrupt[i]);
        EXPECT_GT(r.iterations, 0) << i; // rejected: GJK ran
        EXPECT_EQ(r.status, cold.status) << i;
        EXPECT_NEAR(r.distance, cold.distance, kPolytopeTol) << i;
    }
    // separated poses: the seed does not hold the origin, the verdict is GJK's
    const Pose apart(Quat::Identity(), Vec3(0.5, 0.0, 0.0));
    QueryRequest w = coldRequest(a, pa, a, apart);
    w.penetrationSeed = &seed;
    PenetrationSeed keep = seed;
    w.penetrationKeep = &keep;
    const QueryResult r = collide(a, pa, a, apart, w);
    EXPECT_EQ(r.status, Status::Separated);
    EXPECT_NEAR(r.distance, 0.1, 1e-12);
    EXPECT_TRUE(keep.empty()); // nothing kept from a separated query
}

/// A pair (A at the origin, unturned), its cold penetrating answer and the polytope it kept.
struct PairSeed {
    Shape a, b;
    Pose pa, pb;
    PenetrationSeed seed;
    QueryResult cold;
    PairSeed(Shape shapeA, Shape shapeB, const Pose& poseB)
        : a(std::move(shapeA)), b(std::move(shapeB)), pb(poseB) {
        QueryRequest q = coldRequest(a, pa, b, pb);
        q.penetrationKeep = &seed;
        cold = collide(a, pa, b, pb, q);
    }
    /// The query at pose `poseB` of B warm-started from `s`, keeping the polytope in `keep`.
    QueryResult warm(const PenetrationSeed& s, PenetrationSeed& keep, const Pose& poseB) const {
        QueryRequest w = coldRequest(a, pa, b, poseB);
        w.penetrationSeed = &s;
        w.penetrationKeep = &keep;
        return collide(a, pa, b, poseB, w);
    }
};

/// The box pair of the tests below (B turned by `turnB`, the two overlapping by several cm).
PairSeed boxPair(const Quat& turnB) {
    const Shape box = Shape::box(Vec3(0.2, 0.2, 0.2));
    return {box, box, Pose(turnB, Vec3(0.3, 0.05, 0.02))};
}

/// Seeds that are not convex: each vertex in turn dented, its point of A moved 10% of the way
/// to A's frame origin (inside A), so still a point of A and the vertex still a point of A - B.
/// Every answer must be the cold one; counts the dents that made the polytope non-convex and
/// those of them answered from the seed.
void checkDentedSeeds(const PairSeed& pair, int& nonConvex, int& acceptedNonConvex,
                      const std::string& what) {
    const double depth = -pair.cold.distance;
    const EpaWarmStart frame{.rotationB = pair.pb.rotation.toRotationMatrix(),
                             .translationB = pair.pb.translation};
    epa_detail::Polytope poly;
    for (int i = 0; i < pair.seed.numVertices; ++i) {
        PenetrationSeed dented = pair.seed;
        dented.pointA[i] = 0.9 * pair.seed.pointA[i];
        poly.reset();
        const bool convex = !poly.loadSeed(dented, frame) || poly.confirmConvex();
        PenetrationSeed keep;
        const QueryResult r = pair.warm(dented, keep, pair.pb);
        nonConvex += convex ? 0 : 1;
        acceptedNonConvex += !convex && r.iterations == 0 ? 1 : 0;
        EXPECT_EQ(r.status, Status::Penetrating) << what << " vertex " << i;
        EXPECT_NEAR(r.distance, pair.cold.distance, kPolytopeTol) << what << " vertex " << i;
        EXPECT_LE((r.witnessA - r.witnessB - depth * r.normal).norm(), kPolytopeTol)
            << what << " vertex " << i;
    }
}

TEST(PenetrationWarm, DentedSeedsGiveTheColdAnswer) {
    // A dented polytope is no longer convex, but while every face has the origin behind it its
    // smallest d still bounds the depth: accepted when EPA ends at the first support call with
    // the origin's projection inside the closest face, rejected (GJK runs) otherwise.
    int nonConvex = 0, acceptedNonConvex = 0;
    const PairSeed box = boxPair(Quat::Identity());
    ASSERT_EQ(box.cold.status, Status::Penetrating);
    checkDentedSeeds(box, nonConvex, acceptedNonConvex, "boxes");
    EXPECT_GT(nonConvex, 0);
    EXPECT_GT(acceptedNonConvex, 0);
    std::mt19937_64 rng(158);
    int pairs = 0;
    for (int k = 0; k < 12; ++k) {
        const Pose pb(ref::randomRotation(rng), 0.2 * ref::randomUnit(rng));
        const PairSeed hulls(randomHull(rng, 40, 0.2), randomHull(rng, 100, 0.15), pb);
        if (hulls.cold.status != Status::Penetrating || hulls.seed.empty())
            continue;
        ++pairs;
        checkDentedSeeds(hulls, nonConvex, acceptedNonConvex, "hulls " + std::to_string(k));
    }
    EXPECT_GE(pairs, 8);
    std::printf("dented seeds: %d not convex, %d of them answered from the seed\n", nonConvex,
                acceptedNonConvex);
}

TEST(PenetrationWarm, ASeedEndingAtTheFirstSupportCallIsNotRewritten) {
    // Kept in place (keep == seed), a polytope EPA did not expand is the seed itself: its
    // points, in the bodies' frames, stay bit for bit (storing them again would round B's).
    const PairSeed pair = boxPair(Quat(Eigen::AngleAxisd(0.3, Vec3(1, 2, 3).normalized())));
    ASSERT_FALSE(pair.seed.empty());
    const Pose moved(pair.pb.rotation, pair.pb.translation + Vec3(1e-4, -2e-4, 3e-4));
    PenetrationSeed inPlace = pair.seed;
    const QueryResult r = pair.warm(inPlace, inPlace, moved);
    ASSERT_EQ(r.iterations, 0);
    ASSERT_EQ(r.penetrationIterations, 1);
    ASSERT_EQ(inPlace.numVertices, pair.seed.numVertices);
    ASSERT_EQ(inPlace.numFaces, pair.seed.numFaces);
    for (int i = 0; i < inPlace.numVertices; ++i) {
        EXPECT_EQ(inPlace.pointA[i], pair.seed.pointA[i]) << i;
        EXPECT_EQ(inPlace.pointB[i], pair.seed.pointB[i]) << i;
    }
    // kept elsewhere, the polytope is stored as EPA ended it: the same faces
    PenetrationSeed elsewhere;
    const QueryResult e = pair.warm(pair.seed, elsewhere, moved);
    EXPECT_EQ(e.distance, r.distance);
    ASSERT_EQ(elsewhere.numFaces, pair.seed.numFaces);
    for (int f = 0; f < elsewhere.numFaces; ++f) {
        EXPECT_EQ(elsewhere.faces[f], pair.seed.faces[f]) << f;
        EXPECT_EQ(elsewhere.adjacent[f], pair.seed.adjacent[f]) << f;
    }
}

TEST(PenetrationWarm, PairCacheSetsTheSeedForPreviousStrategiesOnly) {
    const Shape a = Shape::box(Vec3(0.2, 0.2, 0.2));
    const Pose pa, pb(Quat::Identity(), Vec3(0.3, 0.05, 0.02));
    for (WarmStart strategy : allWarmStarts()) {
        PairCache cache;
        QueryRequest q;
        q.task = Task::SignedDistance;
        const bool used =
            strategy == WarmStart::Previous || strategy == WarmStart::TransformedPrevious;
        int warmSteps = 0;
        for (int step = 0; step < 4; ++step) {
            cache.prepare(strategy, step, a, pa, a, pb, q);
            const QueryResult r = collide(a, pa, a, pb, q);
            ASSERT_EQ(r.status, Status::Penetrating);
            cache.update(step, pa, pb, r);
            warmSteps += r.iterations == 0 ? 1 : 0;
        }
        // step 0 penetrates cold, step 1 allocates and keeps, steps 2 and 3 start from the seed
        EXPECT_EQ(warmSteps, used ? 2 : 0) << name(strategy);
        EXPECT_EQ(cache.penetrationSeed() != nullptr, used) << name(strategy);
        // other tasks and solvers neither read nor write it
        q.task = Task::Boolean;
        cache.prepare(strategy, 4, a, pa, a, pb, q);
        EXPECT_EQ(q.penetrationSeed, nullptr);
        EXPECT_EQ(q.penetrationKeep, nullptr);
        q.task = Task::SignedDistance;
        q.solver = builtins::mpr();
        cache.prepare(strategy, 4, a, pa, a, pb, q);
        EXPECT_EQ(q.penetrationKeep, nullptr);
        // a gap of one step: no seed, but the storage is kept and written again
        q.solver = builtins::gjk();
        cache.prepare(strategy, 6, a, pa, a, pb, q);
        EXPECT_EQ(q.penetrationSeed, nullptr);
        EXPECT_EQ(q.penetrationKeep != nullptr, used);
    }
}

TEST(PenetrationWarm, SeedStorageIsKeptLikeACapacity) {
    const Shape a = Shape::box(Vec3(0.2, 0.2, 0.2));
    const Pose pa, pb(Quat::Identity(), Vec3(0.3, 0.05, 0.02));
    PairCache cache;
    for (int step = 0; step < 2; ++step) {
        QueryRequest q;
        cache.prepare(WarmStart::Previous, step, a, pa, a, pb, q);
        cache.update(step, pa, pb, collide(a, pa, a, pb, q));
    }
    const PenetrationSeed* storage = cache.penetrationSeed();
    ASSERT_NE(storage, nullptr);
    ASSERT_FALSE(storage->empty());

    const PairCache copy = cache; // copies the seed into storage of its own
    ASSERT_NE(copy.penetrationSeed(), nullptr);
    EXPECT_NE(copy.penetrationSeed(), storage);
    EXPECT_EQ(copy.penetrationSeed()->numVertices, storage->numVertices);
    EXPECT_EQ(copy.penetrationSeed()->pointB[0], storage->pointB[0]);

    cache = PairCache{}; // an engine pair slot reused for a new pair: no new allocation
    EXPECT_EQ(cache.penetrationSeed(), storage);
    EXPECT_TRUE(storage->empty());
    EXPECT_FALSE(cache.hasPrevious(2));

    PairCache moved = copy;
    const PenetrationSeed* movedStorage = moved.penetrationSeed();
    cache = std::move(moved); // takes the other's seed
    EXPECT_EQ(cache.penetrationSeed(), movedStorage);
    EXPECT_FALSE(cache.penetrationSeed()->empty());
    cache.reset(); // forgets the query, keeps the storage
    EXPECT_EQ(cache.penetrationSeed(), movedStorage);
    EXPECT_TRUE(cache.penetrationSeed()->empty());
}
