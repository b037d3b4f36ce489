/// PairCache feeds sdf-ellipsoid its warm start (Corollary 1 of Lopez-Adeva & Merchante 2024):
/// filled for `previous` and `transformed-previous` after a query at the previous step, equal to
/// sdfWarmStartFrom() on that step's result and poses, and over a sliding trajectory it saves cuts
/// without changing the answers.

#include "minkowski/narrowphase/Collide.h"
#include "minkowski/narrowphase/SdfEllipsoid.h"
#include "minkowski/narrowphase/WarmStart.h"

#include <cmath>
#include <cstdint>
#include <gtest/gtest.h>
#include <string>
#include <utility>

namespace mk {
namespace {

QueryRequest sdfRequest() {
    QueryRequest r;
    r.solver = builtins::sdfEllipsoid();
    return r;
}

/// A box and a capsule: A spins 0.01 rad per step about a fixed axis, B slides down 2 mm per step
/// and sideways 1 mm, from 5 cm of separation into penetration.
struct Trajectory {
    Shape a = Shape::box(Vec3(0.3, 0.2, 0.1));
    Shape b = Shape::capsule(0.1, 0.2);
    Vec3 spin = Vec3(0.3, -0.5, 0.8).normalized();
    [[nodiscard]] Pose poseA(int step) const {
        return {Quat(Eigen::AngleAxisd(0.01 * step, spin)) * Quat(0.9, 0.1, -0.3, 0.2).normalized(),
                Vec3::Zero()};
    }
    [[nodiscard]] Pose poseB(int step) const {
        return {Quat(0.7, -0.2, 0.4, 0.1).normalized(),
                Vec3(0.001 * step, 0.0, 0.45 - 0.002 * step)};
    }
};

TEST(PairCacheSdf, FillsTheCorollary1WarmStartForThePreviousStrategies) {
    const Trajectory t;
    for (const WarmStart strategy : {WarmStart::Previous, WarmStart::TransformedPrevious}) {
        PairCache cache;
        QueryRequest request = sdfRequest();
        cache.prepare(strategy, 0, t.a, t.poseA(0), t.b, t.poseB(0), request);
        EXPECT_FALSE(request.sdfWarmStart.has_value()); // no previous query: cold
        const QueryResult first = collide(t.a, t.poseA(0), t.b, t.poseB(0), request);
        cache.update(0, t.poseA(0), t.poseB(0), first, builtins::sdfEllipsoid());

        request = sdfRequest();
        cache.prepare(strategy, 1, t.a, t.poseA(1), t.b, t.poseB(1), request);
        ASSERT_TRUE(request.sdfWarmStart.has_value()) << name(strategy);
        const auto expected =
            sdfWarmStartFrom(first, t.poseA(0), t.poseB(0), t.poseA(1), t.poseB(1));
        ASSERT_TRUE(expected.has_value());
        EXPECT_EQ(request.sdfWarmStart->optimumWithA, expected->optimumWithA);
        EXPECT_EQ(request.sdfWarmStart->optimumWithB, expected->optimumWithB);
        EXPECT_EQ(request.sdfWarmStart->value, expected->value);

        // a gap of one step: the pair was not queried at step - 1, cold again (and a stale warm
        // start left in the request is cleared)
        cache.prepare(strategy, 2, t.a, t.poseA(2), t.b, t.poseB(2), request);
        EXPECT_FALSE(request.sdfWarmStart.has_value());
    }
}

TEST(PairCacheSdf, OtherStrategiesAndSolversGetNoSdfWarmStart) {
    const Trajectory t;
    PairCache cache;
    const QueryResult first = collide(t.a, t.poseA(0), t.b, t.poseB(0), sdfRequest());
    cache.update(0, t.poseA(0), t.poseB(0), first, builtins::sdfEllipsoid());
    for (const WarmStart strategy : {WarmStart::None, WarmStart::Obb}) {
        QueryRequest request = sdfRequest();
        cache.prepare(strategy, 1, t.a, t.poseA(1), t.b, t.poseB(1), request);
        EXPECT_FALSE(request.sdfWarmStart.has_value()) << name(strategy);
    }
    QueryRequest gjk; // other solvers ignore it: not filled
    cache.prepare(WarmStart::Previous, 1, t.a, t.poseA(1), t.b, t.poseB(1), gjk);
    EXPECT_FALSE(gjk.sdfWarmStart.has_value());
}

TEST(PairCacheSdf, OverlapWithoutDepthGivesNoWarmStart) {
    // Task::Distance stops at the first proof of overlap: no optimum to carry, cold next step
    const Trajectory t;
    PairCache cache;
    QueryRequest request = sdfRequest();
    request.task = Task::Distance;
    const Pose pb(Quat::Identity(), Vec3(0.0, 0.0, 0.1));
    const QueryResult r = collide(t.a, t.poseA(0), t.b, pb, request);
    ASSERT_EQ(r.status, Status::Overlapping);
    cache.update(0, t.poseA(0), pb, r, builtins::sdfEllipsoid());
    cache.prepare(WarmStart::Previous, 1, t.a, t.poseA(0), t.b, pb, request);
    EXPECT_FALSE(request.sdfWarmStart.has_value());
}

TEST(PairCacheSdf, OtherSolversResultsWarmStartOnlyWhenSeparated) {
    // d / 2 of a separated result of any exact distance solver is the SDF optimum; a penetration
    // depth of EPA is the MTD, deeper than the inscribed-ball depth of sdf-ellipsoid, whose
    // Corollary 1 bound would then lie below the new optimum: cold start
    const Trajectory t;
    QueryRequest gjk;
    const Pose apart(Quat::Identity(), Vec3(0.0, 0.0, 0.6));
    const Pose deep(Quat::Identity(), Vec3(0.0, 0.0, 0.15));
    for (const auto& [pose, warm] : {std::pair{apart, true}, std::pair{deep, false}}) {
        PairCache cache;
        const QueryResult r = collide(t.a, t.poseA(0), t.b, pose, gjk);
        ASSERT_EQ(r.status, warm ? Status::Separated : Status::Penetrating);
        cache.update(0, t.poseA(0), pose, r, builtins::gjk());
        QueryRequest request = sdfRequest();
        cache.prepare(WarmStart::Previous, 1, t.a, t.poseA(0), t.b, pose, request);
        EXPECT_EQ(request.sdfWarmStart.has_value(), warm) << name(r.status);
        if (warm) { // and the warm query agrees with the cold one
            const QueryResult w = collide(t.a, t.poseA(0), t.b, pose, request);
            const QueryResult c = collide(t.a, t.poseA(0), t.b, pose, sdfRequest());
            EXPECT_NEAR(w.distance, c.distance, 1e-8);
        }
    }
}

TEST(PairCacheSdf, SlidingPairRunsWarmWithFewerCutsAndTheSameAnswers) {
    const Trajectory t;
    const double L = 0.5 * (t.a.boundingSphere().radius + t.b.boundingSphere().radius);
    for (const WarmStart strategy : {WarmStart::Previous, WarmStart::TransformedPrevious}) {
        PairCache warmCache;
        PairCache coldCache;
        std::int64_t warmCuts = 0;
        std::int64_t coldCuts = 0;
        int warmStarts = 0;
        QueryResult last;
        constexpr int kSteps = 200;
        for (int step = 0; step < kSteps; ++step) {
            const Pose pa = t.poseA(step);
            const Pose pb = t.poseB(step);
            QueryRequest warm = sdfRequest();
            warmCache.prepare(strategy, step, t.a, pa, t.b, pb, warm);
            warmStarts += warm.sdfWarmStart.has_value() ? 1 : 0;
            const QueryResult w = collide(t.a, pa, t.b, pb, warm);
            warmCache.update(step, pa, pb, w, builtins::sdfEllipsoid());

            QueryRequest cold = sdfRequest();
            coldCache.prepare(WarmStart::None, step, t.a, pa, t.b, pb, cold);
            ASSERT_FALSE(cold.sdfWarmStart.has_value());
            const QueryResult c = collide(t.a, pa, t.b, pb, cold);
            coldCache.update(step, pa, pb, c, builtins::sdfEllipsoid());

            EXPECT_EQ(w.status, c.status) << step;
            EXPECT_NEAR(w.distance, c.distance, 2.5e-8 * L) << step;
            warmCuts += w.iterations;
            coldCuts += c.iterations;
            last = w;
        }
        SCOPED_TRACE(name(strategy));
        EXPECT_EQ(warmStarts, kSteps - 1); // every step but the first
        EXPECT_LT(last.distance, 0.0);     // the trajectory crosses into penetration
        EXPECT_LT(warmCuts, coldCuts);
        RecordProperty(std::string(name(strategy)) + "-cold-cuts",
                       static_cast<int>(coldCuts / kSteps));
        RecordProperty(std::string(name(strategy)) + "-warm-cuts",
                       static_cast<int>(warmCuts / kSteps));
    }
}

} // namespace
} // namespace mk
