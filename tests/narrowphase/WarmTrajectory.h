#pragma once
/// \file WarmTrajectory.h
/// Shared by the warm-start tests (test_penetration_warm.cpp, test_simplex_seed.cpp): the cold
/// reference request, one warm step against its cold reference, a pair moving along a seeded
/// trajectory, and random hulls.

#include "Random.h"
#include "minkowski/narrowphase/Collide.h"
#include "minkowski/narrowphase/ConvexMesh.h"
#include "minkowski/narrowphase/Query.h"
#include "minkowski/narrowphase/Shape.h"
#include "minkowski/narrowphase/WarmStart.h"

#include <cmath>
#include <cstdint>
#include <numbers>
#include <random>
#include <vector>

namespace mk::ref {

/// The cold query of a pair: signed distance from the OBB-centre guess, no warm data.
inline QueryRequest coldRequest(const Shape& a, const Pose& pa, const Shape& b, const Pose& pb) {
    QueryRequest q;
    q.task = Task::SignedDistance;
    q.initialGuess = obbGuess(a, pa, b, pb);
    return q;
}

/// One step of a pair: the warm query through its cache (transformed-previous, signed
/// distance; the cache is updated with its answer) and the cold query of the same poses.
struct WarmAndCold {
    QueryResult warm;
    QueryResult cold;
};
inline WarmAndCold queryWarmAndCold(const Shape& a, const Pose& pa, const Shape& b, const Pose& pb,
                                    PairCache& cache, std::int64_t step) {
    WarmAndCold r;
    r.cold = collide(a, pa, b, pb, coldRequest(a, pa, b, pb));
    QueryRequest q;
    q.task = Task::SignedDistance;
    cache.prepare(WarmStart::TransformedPrevious, step, a, pa, b, pb, q);
    r.warm = collide(a, pa, b, pb, q);
    cache.update(step, pa, pb, r.warm);
    return r;
}

/// A pair moving for some steps: B's centre oscillates along `axis` around A's position plus
/// `centre` while both bodies spin at the given rates.
struct Trajectory {
    Pose startA;
    Pose startB;
    Vec3 centre = Vec3::Zero(); ///< B's mean position relative to A's (unit: metre)
    Vec3 axis = Vec3::UnitX();  ///< unit
    double amplitude = 0.0;     ///< (unit: metre)
    double period = 40.0;       ///< (unit: step)
    Vec3 spinA = Vec3::Zero();  ///< rotation vector per step (unit: radian)
    Vec3 spinB = Vec3::Zero();

    [[nodiscard]] Pose poseA(int k) const {
        return {spin(spinA, k) * startA.rotation, startA.translation};
    }
    [[nodiscard]] Pose poseB(int k) const {
        const double phase = 2.0 * std::numbers::pi * k / period;
        return {spin(spinB, k) * startB.rotation,
                startA.translation + centre + amplitude * std::sin(phase) * axis};
    }
    static Quat spin(const Vec3& rate, int k) {
        const double angle = rate.norm() * k;
        return angle > 0 ? Quat(Eigen::AngleAxisd(angle, rate.normalized())) : Quat::Identity();
    }
};

/// Hull of n random points on a blob of radius about `size` (random axes 0.5-1 times).
inline Shape randomHull(std::mt19937_64& rng, int n, double size) {
    const Vec3 axes = size * randomVec(rng, 0.5, 1.0);
    std::vector<Vec3> points;
    for (int i = 0; i < n; ++i) {
        points.push_back(axes.cwiseProduct(randomUnit(rng)) * uniform(rng, 0.8, 1.0));
    }
    return Shape::mesh(ConvexMesh::fromPoints(points));
}

} // namespace mk::ref
