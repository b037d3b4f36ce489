#pragma once
/// \file SdfTestSupport.h
/// What the SDF tests share (test_sdf_shapes.cpp, test_sdf_ellipsoid.cpp): random shapes and
/// points, the reference SDF by GJK/EPA point queries, placements at a prescribed distance.

#include "Random.h"
#include "minkowski/narrowphase/Collide.h"
#include "minkowski/narrowphase/ConvexMesh.h"
#include "minkowski/narrowphase/Rtr.h"
#include "minkowski/narrowphase/detail/Gjk.h"
#include "minkowski/narrowphase/detail/SdfEllipsoid.h"

#include <algorithm>
#include <cmath>
#include <gtest/gtest.h>
#include <limits>
#include <numbers>
#include <optional>
#include <random>
#include <vector>

namespace mk::sdftest {

using ref::randomRotation;
using ref::randomUnit;
using ref::uniform;

inline Mat3 randomMatrix(std::mt19937_64& rng) {
    Mat3 m;
    for (int i = 0; i < 9; ++i) {
        m(i / 3, i % 3) = uniform(rng, -1.0, 1.0);
    }
    return m;
}

inline double meanRadius(const Shape& a, const Shape& b) {
    return 0.5 * (a.boundingSphere().radius + b.boundingSphere().radius);
}

inline QueryRequest gjkRequest() {
    QueryRequest q;
    q.solver = builtins::gjk();
    return q;
}

/// B's pose with rotation `rotB` along `dir` from A's origin such that GJK/EPA's signed distance
/// is `target` (bisection on the offset, 80 halvings).
inline Pose placeAt(const Shape& a, const Pose& poseA, const Shape& b, const Quat& rotB,
                    const Vec3& dir, double target) {
    double lo = 0.0;
    double hi = a.boundingSphere().radius + b.boundingSphere().radius +
                a.boundingSphere().center.norm() + b.boundingSphere().center.norm() +
                std::abs(target) + 1.0;
    for (int i = 0; i < 80; ++i) {
        const double mid = 0.5 * (lo + hi);
        const Pose pb(rotB, poseA.translation + mid * dir);
        (collide(a, poseA, b, pb, gjkRequest()).distance < target ? lo : hi) = mid;
    }
    return {rotB, poseA.translation + 0.5 * (lo + hi) * dir};
}

/// phi(x) by GJK/EPA: the signed distance to a ball of radius eps at x, plus eps; nullopt when
/// GJK/EPA did not converge (EPA near a cone's apex can use up its 128 iterations).
inline std::optional<double> referenceSdf(const Shape& s, const Vec3& x) {
    constexpr double eps = 1e-3;
    const QueryResult r =
        collide(s, Pose(), Shape::sphere(eps), Pose(Quat::Identity(), x), gjkRequest());
    if (r.status != Status::Separated && r.status != Status::Penetrating) {
        return std::nullopt;
    }
    return r.distance + eps;
}

/// A random point within 1.5 bounding radii of the shape's centre.
inline Vec3 randomPointNear(const Shape& s, std::mt19937_64& rng) {
    return s.boundingSphere().center +
           uniform(rng, 0.0, 1.5 * s.boundingSphere().radius) * randomUnit(rng);
}

inline std::shared_ptr<const ConvexMesh> randomHull(std::mt19937_64& rng, int n,
                                                    const Vec3& radii) {
    std::vector<Vec3> points;
    for (int i = 0; i < n; ++i) {
        points.push_back(radii.cwiseProduct(randomUnit(rng)));
    }
    return ConvexMesh::fromPoints(points);
}

inline double sdf(const Shape& s, const Vec3& x) {
    int hint = -1;
    return SdfShape::of(s)->evaluate(x, hint).value;
}

/// The primitives with an exact SDF, and those with an approximate one.
inline std::vector<Shape> exactShapes() {
    return {Shape::sphere(0.3), Shape::box(Vec3(0.3, 0.2, 0.1)), Shape::capsule(0.1, 0.2),
            Shape::cylinder(0.2, 0.15), Shape::box(Vec3(0.2, 0.1, 0.05), 0.04)};
}

inline std::vector<Shape> approximateShapes(std::mt19937_64& rng) {
    return {Shape::cone(0.2, 0.2), Shape::ellipsoid(Vec3(0.3, 0.2, 0.1)),
            Shape::superquadric(Vec3(0.3, 0.2, 0.15), 1.0, 1.5),
            Shape::mesh(randomHull(rng, 60, Vec3(0.3, 0.2, 0.1)))};
}

} // namespace mk::sdftest
