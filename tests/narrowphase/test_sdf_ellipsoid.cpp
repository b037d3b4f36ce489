/// Tests of the SDF ellipsoid method (SdfEllipsoid.h; Lopez-Adeva Fernandez-Layos and Merchante,
/// CAD 2024): the SDFs against GJK/EPA point queries, Algorithm 4 against a linear scan,
/// Algorithms 1 and 3 against sampling, the method against GJK/EPA on seeded random poses from
/// -0.05 to 0.05 (the paper's range, in units of the mean bounding radius L) and beyond, the
/// penetration definition (inscribed sphere) against the minimum translation distance on
/// configurations with exact answers, and the warm start of Corollary 1.

#include "minkowski/narrowphase/Collide.h"
#include "minkowski/narrowphase/ConvexMesh.h"
#include "minkowski/narrowphase/Gjk.h"
#include "minkowski/narrowphase/Rtr.h"
#include "minkowski/narrowphase/SdfEllipsoid.h"
#include "Random.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <optional>
#include <random>
#include <vector>

using namespace mk;

namespace {

using ref::randomRotation;
using ref::randomUnit;
using ref::uniform;

Mat3 randomMatrix(std::mt19937_64& rng) {
    Mat3 m;
    for (int i = 0; i < 9; ++i) {
        m(i / 3, i % 3) = uniform(rng, -1.0, 1.0);
    }
    return m;
}

double meanRadius(const Shape& a, const Shape& b) {
    return 0.5 * (a.boundingSphere().radius + b.boundingSphere().radius);
}

QueryRequest gjkRequest() {
    QueryRequest q;
    q.solver = builtins::gjk();
    return q;
}

/// B's pose with rotation `rotB` along `dir` from A's origin such that GJK/EPA's signed distance
/// is `target` (bisection on the offset, 80 halvings).
Pose placeAt(const Shape& a, const Pose& poseA, const Shape& b, const Quat& rotB, const Vec3& dir,
             double target) {
    double lo = 0.0;
    double hi = a.boundingSphere().radius + b.boundingSphere().radius + a.boundingSphere().center.norm() +
                b.boundingSphere().center.norm() + std::abs(target) + 1.0;
    for (int i = 0; i < 80; ++i) {
        const double mid = 0.5 * (lo + hi);
        const Pose pb(rotB, poseA.translation + mid * dir);
        (collide(a, poseA, b, pb, gjkRequest()).distance < target ? lo : hi) = mid;
    }
    return {rotB, poseA.translation + 0.5 * (lo + hi) * dir};
}

/// phi(x) by GJK/EPA: the signed distance to a ball of radius eps at x, plus eps; nullopt when
/// GJK/EPA did not converge (EPA near a cone's apex can use up its 128 iterations).
std::optional<double> referenceSdf(const Shape& s, const Vec3& x) {
    constexpr double eps = 1e-3;
    const QueryResult r = collide(s, Pose(), Shape::sphere(eps), Pose(Quat::Identity(), x),
                                  gjkRequest());
    if (r.status != Status::Separated && r.status != Status::Penetrating) {
        return std::nullopt;
    }
    return r.distance + eps;
}

/// A random point within 1.5 bounding radii of the shape's centre.
Vec3 randomPointNear(const Shape& s, std::mt19937_64& rng) {
    return s.boundingSphere().center +
           uniform(rng, 0.0, 1.5 * s.boundingSphere().radius) * randomUnit(rng);
}

std::shared_ptr<const ConvexMesh> randomHull(std::mt19937_64& rng, int n, const Vec3& radii) {
    std::vector<Vec3> points;
    for (int i = 0; i < n; ++i) {
        points.push_back(radii.cwiseProduct(randomUnit(rng)));
    }
    return ConvexMesh::fromPoints(points);
}

double sdf(const Shape& s, const Vec3& x) {
    int hint = -1;
    return SdfShape::of(s)->evaluate(x, hint).value;
}

/// The primitives with an exact SDF, and those with an approximate one.
std::vector<Shape> exactShapes() {
    return {Shape::sphere(0.3), Shape::box(Vec3(0.3, 0.2, 0.1)), Shape::capsule(0.1, 0.2),
            Shape::cylinder(0.2, 0.15), Shape::box(Vec3(0.2, 0.1, 0.05), 0.04)};
}

std::vector<Shape> approximateShapes(std::mt19937_64& rng) {
    return {Shape::cone(0.2, 0.2), Shape::ellipsoid(Vec3(0.3, 0.2, 0.1)),
            Shape::superquadric(Vec3(0.3, 0.2, 0.15), 1.0, 1.5),
            Shape::mesh(randomHull(rng, 60, Vec3(0.3, 0.2, 0.1)))};
}

} // namespace

// ---------------------------------------------------------------------------------------------
// SDFs
// ---------------------------------------------------------------------------------------------

TEST(SdfShapes, ExactSdfsMatchGjkEpaPointQueries) {
    // Exact SDFs: |phi - reference| <= 1e-7 m (EPA's tolerance is 1e-8) inside and outside.
    std::mt19937_64 rng(11);
    for (const Shape& s : exactShapes()) {
        ASSERT_TRUE(SdfShape::of(s)->exact());
        for (int i = 0; i < 200; ++i) {
            const Vec3 x = randomPointNear(s, rng);
            const std::optional<double> reference = referenceSdf(s, x);
            ASSERT_TRUE(reference.has_value()) << shapeTypeName(s.type()) << x.transpose();
            EXPECT_NEAR(sdf(s, x), *reference, 1e-7)
                << shapeTypeName(s.type()) << " at " << x.transpose();
        }
    }
}

TEST(SdfShapes, RoundedBoxIsTheBoxSdfMinusTheRadius) {
    // A box grown by a ball: phi = phi_box - r exactly, checked against GJK on the support
    // (box support + r d/|d|) of a rounded box for outside points (1e-9 m).
    struct RoundedBoxMinusPoint {
        Vec3 h;
        double r;
        Vec3 x;
        void support(const Vec3& d, SupportPoint& out) const {
            out.a = Vec3(d.x() >= 0 ? h.x() : -h.x(), d.y() >= 0 ? h.y() : -h.y(),
                         d.z() >= 0 ? h.z() : -h.z()) +
                    r * d.normalized();
            out.b = x;
            out.w = out.a - out.b;
        }
    };
    std::mt19937_64 rng(12);
    const Vec3 h(0.3, 0.2, 0.1);
    const double r = 0.05;
    const SdfShape rounded = SdfShape::box(h, r);
    const SdfShape plain = SdfShape::box(h);
    for (int i = 0; i < 200; ++i) {
        const Vec3 x = uniform(rng, 0.0, 0.8) * randomUnit(rng);
        int hint = -1;
        const double value = rounded.evaluate(x, hint).value;
        EXPECT_DOUBLE_EQ(value, plain.evaluate(x, hint).value - r);
        if (value > 1e-6) {
            RoundedBoxMinusPoint support{h, r, x};
            GjkSettings settings;
            settings.tolerance = 1e-12;
            const GjkOutput g = gjk(support, settings);
            EXPECT_NEAR(value, g.distance, 1e-9) << x.transpose();
        }
    }
}

TEST(SdfShapes, ExactSdfsAreConvexWithUnitSubgradients) {
    // phi(y) >= phi(x) + g(x).(y - x) for convex phi, |g| = 1 (exact within 1e-12 m).
    std::mt19937_64 rng(13);
    std::vector<SdfShape> shapes;
    for (const Shape& s : exactShapes()) {
        shapes.push_back(*SdfShape::of(s));
    }
    shapes.push_back(SdfShape::box(Vec3(0.3, 0.2, 0.1), 0.05));
    shapes.push_back(*SdfShape::of(Shape::cone(0.2, 0.2))); // the cone's face family is convex
    for (const SdfShape& s : shapes) {
        for (int i = 0; i < 500; ++i) {
            const Vec3 x = uniform(rng, 0.0, 0.6) * randomUnit(rng);
            const Vec3 y = uniform(rng, 0.0, 0.6) * randomUnit(rng);
            int hint = -1;
            const SdfSample sx = s.evaluate(x, hint);
            EXPECT_NEAR(sx.gradient.norm(), 1.0, 1e-12);
            EXPECT_GE(s.evaluate(y, hint).value, sx.value + sx.gradient.dot(y - x) - 1e-12);
        }
    }
}

TEST(SdfShapes, ApproximationsAreSignExactLowerBounds) {
    // Eq. (21) and Algorithm 4: phi~ <= phi (1e-7 m, the reference's accuracy), the same sign
    // wherever |phi| > 1e-7 m, zero on the surface (support points, 1e-9 m; 1e-7 m for the
    // superquadric: its 1e-4 m inflation is subtracted along the ray's plane normal rather than
    // the core's, an error of order r^2 * curvature).
    std::mt19937_64 rng(14);
    int checked = 0;
    for (const Shape& s : approximateShapes(rng)) {
        ASSERT_FALSE(SdfShape::of(s)->exact());
        const double onSurface = s.type() == ShapeType::Superquadric ? 1e-7 : 1e-9;
        for (int i = 0; i < 200; ++i) {
            const Vec3 x = randomPointNear(s, rng);
            const double approx = sdf(s, x);
            int hint = -1;
            EXPECT_NEAR(sdf(s, s.support(randomUnit(rng), hint)), 0.0, onSurface)
                << shapeTypeName(s.type());
            const std::optional<double> exact = referenceSdf(s, x);
            if (!exact) {
                continue;
            }
            ++checked;
            EXPECT_LE(approx, *exact + 1e-7) << shapeTypeName(s.type()) << " " << x.transpose();
            if (std::abs(*exact) > 1e-7) {
                EXPECT_EQ(approx < 0.0, *exact < 0.0) << shapeTypeName(s.type());
            }
        }
    }
    EXPECT_GE(checked, 780); // the reference converged on almost every point
}

TEST(SdfShapes, GaugeApproximationIsExactAtTheCentreAndOnTheAxes) {
    // Outside, the ellipsoid's tangent plane on the ray: exact on the axes. Inside, the exact
    // SDF (Eberly's nearest point): -min radius at the centre; at (0, -0.05, 0) the nearest
    // surface point lies in the y-z plane, found here by a dense scan of the ellipse
    // (0.2 cos t, 0.1 sin t) (step 1e-6 rad: error O(1e-12)).
    const Shape e = Shape::ellipsoid(Vec3(0.3, 0.2, 0.1));
    EXPECT_NEAR(sdf(e, Vec3::Zero()), -0.1, 1e-15);
    EXPECT_NEAR(sdf(e, Vec3(0.5, 0, 0)), 0.2, 1e-15);
    double nearest = 1.0;
    for (int i = 0; i <= 1'600'000; ++i) {
        const double t = 1e-6 * i; // a quarter turn and a little more covers the symmetric case
        nearest = std::min(nearest, std::hypot(0.2 * std::cos(t) - 0.05, 0.1 * std::sin(t)));
    }
    EXPECT_NEAR(sdf(e, Vec3(0, -0.05, 0)), -nearest, 1e-9);
    EXPECT_NEAR(sdf(e, Vec3(0, 0, 0.04)), -0.06, 1e-15);
    const Shape sq = Shape::superquadric(Vec3(0.3, 0.2, 0.15), 1.5, 1.2, 0.0);
    EXPECT_NEAR(sdf(sq, Vec3::Zero()), -0.15, 1e-15);
    EXPECT_NEAR(sdf(sq, Vec3(0.4, 0, 0)), 0.1, 1e-15);
}

TEST(SdfShapes, PolyhedronAlgorithm4FindsTheRayFaceFromAnyStart) {
    // Algorithm 4 from a random start face reaches a face with the largest s = h.y / delta of
    // the linear scan (ties within 1e-12), and the cached face gives the same answer.
    std::mt19937_64 rng(15);
    for (int m = 0; m < 5; ++m) {
        const auto mesh = randomHull(rng, 20 + 100 * m, Vec3(0.3, 0.2, 0.1));
        const auto faces = PolyhedronSdf::build(*mesh);
        int cached = -1;
        for (int i = 0; i < 300; ++i) {
            const Vec3 x = faces->centre() + uniform(rng, 0.0, 0.6) * randomUnit(rng);
            int face = std::uniform_int_distribution<int>(0, faces->faceCount() - 1)(rng);
            const SdfSample sample = faces->evaluate(x, face);
            const int best = faces->faceLinear(x);
            const Vec3 y = x - faces->centre();
            const double sFound = faces->normal(face).dot(y) / faces->offset(face);
            const double sBest = faces->normal(best).dot(y) / faces->offset(best);
            EXPECT_NEAR(sFound, sBest, 1e-12);
            const double rayValue = faces->normal(face).dot(y) - faces->offset(face);
            if (rayValue >= 0.0) {
                EXPECT_EQ(sample.gradient, faces->normal(face));
                EXPECT_EQ(sample.value, rayValue);
            } else { // inside: the exact SDF, the largest plane value (issue 18 item 3)
                double nearest = rayValue;
                int nearestFace = face;
                for (int f = 0; f < faces->faceCount(); ++f) {
                    const double v = faces->normal(f).dot(y) - faces->offset(f);
                    if (v > nearest) {
                        nearest = v;
                        nearestFace = f;
                    }
                }
                EXPECT_EQ(sample.value, nearest);
                EXPECT_EQ(sample.gradient, faces->normal(nearestFace));
            }
            EXPECT_NEAR(faces->evaluate(x, cached).value, sample.value, 1e-12);
        }
    }
}

TEST(SdfShapes, PolyhedronMergesCoplanarTriangles) {
    // Qhull triangulates each square of a cube into 2 triangles; the SDF has 6 faces of 4
    // neighbours. All offsets being equal, the ray's face is the nearest face inside: the
    // polyhedron SDF is the exact box SDF there (1e-12 m), and a lower bound outside.
    std::vector<Vec3> corners;
    for (int i = 0; i < 8; ++i) {
        corners.emplace_back(i & 1 ? 0.2 : -0.2, i & 2 ? 0.2 : -0.2, i & 4 ? 0.2 : -0.2);
    }
    const Shape cube = Shape::mesh(ConvexMesh::fromPoints(corners));
    const PolyhedronSdf& faces = *cube.polyhedronSdf();
    ASSERT_EQ(faces.faceCount(), 6);
    for (int f = 0; f < 6; ++f) {
        EXPECT_EQ(faces.neighbors(f).size(), 4u);
        EXPECT_NEAR(faces.offset(f), 0.2, 1e-15);
    }
    std::mt19937_64 rng(16);
    const SdfShape exact = SdfShape::box(Vec3::Constant(0.2));
    for (int i = 0; i < 300; ++i) {
        const Vec3 x = uniform(rng, 0.0, 0.6) * randomUnit(rng);
        int hint = -1;
        const double approx = SdfShape::of(cube)->evaluate(x, hint).value;
        const double truth = exact.evaluate(x, hint).value;
        if (truth <= 0.0) {
            EXPECT_NEAR(approx, truth, 1e-12);
        } else {
            EXPECT_LE(approx, truth + 1e-12);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Algorithms 1 and 3
// ---------------------------------------------------------------------------------------------

TEST(SdfEllipsoid, CutContainsTheIntersectionAndShrinks) {
    // Algorithm 1: E' contains E n H (points of E n H from the unit ball: (x-e')P'^-1(x-e') <= 1
    // + 1e-9), passes through the point of E lowest along h, and vol(E')/vol(E) <= e^{-1/8}
    // (eq. 9 with n = 3).
    std::mt19937_64 rng(21);
    for (int t = 0; t < 200; ++t) {
        Ellipsoid e;
        e.centre = randomUnit(rng);
        e.factor = randomMatrix(rng) + 0.5 * Mat3::Identity();
        const Vec3 h = randomUnit(rng);
        const double root = (e.factor.transpose() * h).norm();
        const double alpha = uniform(rng, 0.0, 0.9);
        const double delta = h.dot(e.centre) - alpha * root;
        const Ellipsoid before = e;
        EXPECT_NEAR(cutEllipsoid(e, h, delta), alpha, 1e-12);
        const Mat3 inverse = e.matrix().inverse();
        for (int i = 0; i < 200; ++i) {
            const Vec3 x = before.centre + before.factor * (std::cbrt(uniform(rng, 0, 1)) *
                                                            randomUnit(rng));
            if (h.dot(x) <= delta) {
                EXPECT_LE((x - e.centre).dot(inverse * (x - e.centre)), 1.0 + 1e-9);
            }
        }
        const Vec3 lowest = before.centre - before.matrix() * h / root;
        EXPECT_NEAR((lowest - e.centre).dot(inverse * (lowest - e.centre)), 1.0, 1e-9);
        EXPECT_LE(std::abs(e.factor.determinant() / before.factor.determinant()),
                  std::exp(-1.0 / 8.0));
    }
}

TEST(SdfEllipsoid, BoundOfTwoBallsContainsTheLens) {
    // Algorithm 3: the ellipsoid contains S_A n S_B (rejection samples, 1e-9), touches the lens
    // at its tips and rim (minimality, 1e-9), is the smaller ball when that ball is almost inside
    // the other (d < sqrt(rA^2 - rB^2)), and nullopt for disjoint balls.
    std::mt19937_64 rng(22);
    for (int t = 0; t < 200; ++t) {
        const Vec3 cA = randomUnit(rng), cB = cA + uniform(rng, 0.05, 1.5) * randomUnit(rng);
        const double d = (cB - cA).norm();
        const double rA = uniform(rng, 0.3, 1.0), rB = uniform(rng, 0.3, 1.0);
        const auto e = ellipsoidBound(cA, cB, rA, rB);
        if (d > rA + rB) {
            EXPECT_FALSE(e.has_value());
            continue;
        }
        ASSERT_TRUE(e.has_value());
        const Mat3 inverse = e->matrix().inverse();
        auto level = [&](const Vec3& x) { return (x - e->centre).dot(inverse * (x - e->centre)); };
        for (int i = 0; i < 300; ++i) {
            const Vec3 x = cB + rB * std::cbrt(uniform(rng, 0, 1)) * randomUnit(rng);
            if ((x - cA).norm() <= rA) {
                EXPECT_LE(level(x), 1.0 + 1e-9);
            }
        }
        const double small = std::min(rA, rB), large = std::max(rA, rB);
        const Vec3 cSmall = rA < rB ? cA : cB, cLarge = rA < rB ? cB : cA;
        if (d * d < large * large - small * small) {
            EXPECT_NEAR((e->centre - cSmall).norm(), 0.0, 1e-12);
            EXPECT_NEAR(e->matrix().norm(), (small * small * Mat3::Identity()).norm(), 1e-12);
        } else {
            const Vec3 u = (cSmall - cLarge) / d;
            EXPECT_NEAR(level(cSmall - small * u), 1.0, 1e-9); // the tip on the small ball
            const double x = (d * d + large * large - small * small) / (2.0 * d);
            const Vec3 perp = u.cross(randomUnit(rng)).normalized();
            const Vec3 rim = cLarge + x * u + std::sqrt(large * large - x * x) * perp;
            EXPECT_NEAR(level(rim), 1.0, 1e-9);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The method against GJK/EPA
// ---------------------------------------------------------------------------------------------

TEST(SdfEllipsoid, SpheresAreExactInBothDefinitions) {
    // Two spheres: f* = (d - rA - rB)/2 in both cases (the lens's inscribed ball has diameter
    // rA + rB - d, the MTD), witnesses c_i +- r_i n, normal n (1e-12 m).
    // Request tolerance 1e-12: Delta = 2.5e-13 m. The normal and witnesses come from the point
    // x*, which a first-order method pins only to ~sqrt(Delta r) across the normal: 1e-5.
    const Shape a = Shape::sphere(0.3), b = Shape::sphere(0.2);
    QueryRequest request;
    request.tolerance = 1e-12;
    request.absoluteTolerance = 1e-14;
    for (const double gap : {0.2, 0.01, -0.01, -0.3}) {
        const Vec3 n = Vec3(1, 2, 3).normalized();
        const Pose pa(Quat::Identity(), Vec3(0.1, 0, 0));
        const Pose pb(Quat::Identity(), pa.translation + (0.5 + gap) * n);
        const QueryResult r = sdfEllipsoidQuery(a, pa, b, pb, request);
        EXPECT_EQ(r.status, gap > 0 ? Status::Separated : Status::Penetrating);
        EXPECT_NEAR(r.distance, gap, 1e-12);
        EXPECT_LT((r.normal - n).norm(), 1e-5);
        EXPECT_LT((r.witnessA - (pa.translation + 0.3 * n)).norm(), 1e-5);
        EXPECT_LT((r.witnessB - (pb.translation - 0.2 * n)).norm(), 1e-5);
    }
}

namespace {

/// Agreement of sdf-ellipsoid with GJK/EPA on one pair at one signed distance (see the test).
struct Agreement {
    double maxSeparatedError = 0.0; ///< |d_sdf - d_gjk| / L, separated
    double maxDeeper = 0.0;         ///< (d_gjk - d_sdf) / L, penetrating (SDF deeper than MTD)
    double maxShallower = 0.0;      ///< (d_sdf - d_gjk) / L, penetrating
    /// |n_sdf - n_gjk| over 2 sqrt(4 Delta / d) + 1e-6, separated: the normal follows x*, pinned
    /// to sqrt(2 Delta rho) across the normal where the surfaces curve with radius rho >= d/2
    /// (an edge at distance d/2 from x*), i.e. an angle of up to sqrt(4 Delta / d).
    double maxNormalError = 0.0;
    double maxWitnessError = 0.0;   ///< |(pB - pA) - d n| / L
    int verdictMismatches = 0;      ///< collide flags differing where |d_gjk| > 1e-6 L
    int notConverged = 0;
    int cases = 0;
    double iterations = 0.0;

    void add(const Shape& a, const Shape& b, double range, std::mt19937_64& rng) {
        const Pose pa(randomRotation(rng), Vec3(0.1, -0.2, 0.3));
        const double L = meanRadius(a, b);
        const double target = uniform(rng, -range, range) * L;
        const Pose pb = placeAt(a, pa, b, randomRotation(rng), randomUnit(rng), target);
        const QueryResult g = collide(a, pa, b, pb, gjkRequest());
        const QueryResult s = sdfEllipsoidQuery(a, pa, b, pb, QueryRequest{});
        ++cases;
        iterations += s.iterations;
        if (s.status == Status::MaxIterations || s.status == Status::Degenerate) {
            ++notConverged;
        }
        if (std::abs(g.distance) > 1e-6 * L && g.collide != s.collide) {
            ++verdictMismatches;
        }
        maxWitnessError = std::max(
            maxWitnessError, ((s.witnessB - s.witnessA) - s.distance * s.normal).norm() / L);
        if (g.distance > 0.0) {
            maxSeparatedError = std::max(maxSeparatedError, std::abs(s.distance - g.distance) / L);
            const double delta = 1e-8 * L;
            maxNormalError = std::max(maxNormalError, (s.normal - g.normal).norm() /
                                                          (2.0 * std::sqrt(4.0 * delta / g.distance) + 1e-6));
        } else {
            maxDeeper = std::max(maxDeeper, (g.distance - s.distance) / L);
            maxShallower = std::max(maxShallower, (s.distance - g.distance) / L);
        }
    }
};

} // namespace

TEST(SdfEllipsoid, AgreesWithGjkEpaOnExactSdfs) {
    // Sphere, box, capsule, cylinder (exact SDFs), 40 poses in [-0.05, 0.05] L and 20 in
    // [-0.3, 0.3] L per ordered pair, default request (Delta = 1e-8 L):
    // - separated: |d_sdf - d_gjk| <= 2.5e-8 L (2 Delta plus GJK's 1e-8 relative), normal within
    //   2 sqrt(4 Delta / d) + 1e-6 (see Agreement::maxNormalError), pB - pA = d n within
    //   2.5e-8 L;
    // - penetrating: the inscribed-sphere depth never exceeds the MTD (<= 2.5e-8 L deeper); in
    //   the paper's range it is shallower by at most 0.03 L (any amount deeper in);
    // - same verdict wherever |d| > 1e-6 L; always converged.
    std::mt19937_64 rng(31);
    const auto shapes = exactShapes();
    for (const Shape& a : shapes) {
        for (const Shape& b : shapes) {
            Agreement paper, beyond;
            for (int i = 0; i < 40; ++i) {
                paper.add(a, b, 0.05, rng);
            }
            for (int i = 0; i < 20; ++i) {
                beyond.add(a, b, 0.3, rng);
            }
            const auto label = std::string(shapeTypeName(a.type())) + "-" +
                               std::string(shapeTypeName(b.type()));
            EXPECT_LE(paper.maxShallower, 0.03) << label;
            for (const Agreement* ag : {&paper, &beyond}) {
                EXPECT_LE(ag->maxSeparatedError, 2.5e-8) << label;
                EXPECT_LE(ag->maxNormalError, 1.0) << label;
                EXPECT_LE(ag->maxWitnessError, 2.5e-8) << label;
                EXPECT_LE(ag->maxDeeper, 2.5e-8) << label;
                EXPECT_EQ(ag->verdictMismatches, 0) << label;
                EXPECT_EQ(ag->notConverged, 0) << label;
            }
            RecordProperty(label + "-mean-cuts", static_cast<int>(paper.iterations / paper.cases));
        }
    }
}

TEST(SdfEllipsoid, ApproximateSdfsKeepTheVerdict) {
    // Cone, ellipsoid, superquadric (eq. 21) and a 60-point hull (Algorithm 4) against every
    // shape, 30 poses in [-0.05, 0.05] L per ordered pair: the same verdict wherever
    // |d| > 1e-6 L (the approximations keep the sign of the SDF), and separated distances within
    // the approximation error measured on these shapes (the paper's Figs. 14-15): 2e-3 L for the
    // smooth gauges, 2e-2 L with the 60-point hull, 4e-2 L with the cone (its face planes
    // underestimate near the apex and the rim).
    std::mt19937_64 rng(32);
    auto shapes = exactShapes();
    const auto approximate = approximateShapes(rng);
    shapes.insert(shapes.end(), approximate.begin(), approximate.end());
    auto bound = [](const Shape& s) {
        switch (s.type()) {
        case ShapeType::Cone: return 4e-2;
        case ShapeType::ConvexMesh: return 2e-2;
        default: return 2e-3;
        }
    };
    for (const Shape& a : approximate) {
        for (const Shape& b : shapes) {
            Agreement ag;
            for (int i = 0; i < 30; ++i) {
                ag.add(a, b, 0.05, rng);
            }
            const auto label = std::string(shapeTypeName(a.type())) + "-" +
                               std::string(shapeTypeName(b.type()));
            EXPECT_EQ(ag.verdictMismatches, 0) << label;
            EXPECT_EQ(ag.notConverged, 0) << label;
            EXPECT_LE(ag.maxSeparatedError, std::max(bound(a), bound(b))) << label;
            EXPECT_LE(ag.maxWitnessError, 1e-7) << label;
        }
    }
}

TEST(SdfEllipsoid, RoundedBoxesAgreeWithGjk) {
    // Rounded boxes (exact SDF, no Shape): minimizeSdfMax against GJK on the cores (boxes) minus
    // both radii, separated poses: |d - d_ref| <= 2.5e-8 L.
    std::mt19937_64 rng(33);
    const Vec3 ha(0.25, 0.15, 0.05), hb(0.1, 0.2, 0.15);
    const double ra = 0.05, rb = 0.03;
    const SdfShape a = SdfShape::box(ha, ra), b = SdfShape::box(hb, rb);
    const Shape coreA = Shape::box(ha), coreB = Shape::box(hb);
    const double L = 0.5 * (ha.norm() + ra + hb.norm() + rb);
    for (int i = 0; i < 50; ++i) {
        const Pose bInA(randomRotation(rng), uniform(rng, 0.6, 1.0) * randomUnit(rng));
        const QueryResult g = collide(coreA, Pose(), coreB, bInA, gjkRequest());
        const double reference = g.distance - ra - rb;
        SdfSettings settings;
        settings.tolerance = 1e-8 * L;
        std::array<int, 2> hints{-1, -1};
        const SdfOutput o = minimizeSdfMax(a, b, bInA, settings, nullptr, hints);
        ASSERT_EQ(o.status, SdfStatus::Converged);
        if (reference > 0.0) {
            EXPECT_NEAR(2.0 * o.upper, reference, 2.5e-8 * L);
        } else {
            EXPECT_LT(o.upper, 1e-8 * L);
        }
    }
}

TEST(SdfEllipsoid, RoundedBoxShapeUsesItsRounding) {
    // Shape::box(h, r) through SdfShape::of: exact, phi = phi_box(h) - r at every point, and
    // the bounding sphere of the Shape (|h| + r).
    std::mt19937_64 rng(34);
    const Vec3 h(0.3, 0.2, 0.1);
    const Shape rounded = Shape::box(h, 0.05);
    const std::optional<SdfShape> s = SdfShape::of(rounded);
    ASSERT_TRUE(s.has_value());
    EXPECT_TRUE(s->exact());
    EXPECT_TRUE(sdfExact(rounded));
    EXPECT_DOUBLE_EQ(s->boundingSphere().radius, h.norm() + 0.05);
    for (int i = 0; i < 100; ++i) {
        const Vec3 x = randomPointNear(rounded, rng);
        EXPECT_DOUBLE_EQ(sdf(rounded, x), sdf(Shape::box(h), x) - 0.05) << x.transpose();
    }
}

TEST(SdfEllipsoid, RoundedBoxAgainstSphereIsExactAtFacesEdgesAndCorners) {
    // A ball of radius 0.1 in front of a face, an edge and a corner of a rounded box (core
    // h = (0.3, 0.2, 0.1), rounding 0.05): the distance is |p - clamp(p, -h, h)| - 0.05 - 0.1,
    // the witness on the box clamp(p) + 0.05 n. Tolerance 1e-12 relative: distance within
    // 1e-11 m, witnesses within 1e-5 m (x* is pinned to sqrt(Delta rho) across the normal).
    const Vec3 h(0.3, 0.2, 0.1);
    const Shape a = Shape::box(h, 0.05), b = Shape::sphere(0.1);
    QueryRequest request;
    request.solver = builtins::sdfEllipsoid();
    request.tolerance = 1e-12;
    request.absoluteTolerance = 1e-14;
    const Pose pa(Quat(Eigen::AngleAxisd(0.7, Vec3(1, 2, 3).normalized())), Vec3(0.1, -0.2, 0.3));
    for (const Vec3& local : {Vec3(0.1, 0.05, 0.4), Vec3(0.5, 0.4, 0.05), Vec3(0.5, 0.4, 0.3),
                              Vec3(-0.45, 0.1, -0.2)}) {
        const Vec3 core = local.cwiseMax(-h).cwiseMin(h);
        const Vec3 n = (local - core).normalized();
        const double expected = (local - core).norm() - 0.15;
        const Pose pb(Quat::Identity(), pa.apply(local));
        const QueryResult r = collide(a, pa, b, pb, request);
        EXPECT_EQ(r.status, Status::Separated) << local.transpose();
        EXPECT_NEAR(r.distance, expected, 1e-11) << local.transpose();
        EXPECT_LT((r.normal - pa.rotation * n).norm(), 1e-5) << local.transpose();
        EXPECT_LT((r.witnessA - pa.apply(core + 0.05 * n)).norm(), 1e-5) << local.transpose();
        EXPECT_LT((r.witnessB - (pb.translation - 0.1 * (pa.rotation * n))).norm(), 1e-5);
        const QueryResult g = collide(a, pa, b, pb, gjkRequest());
        EXPECT_NEAR(g.distance, expected, 1e-9) << local.transpose();
    }
}

TEST(SdfEllipsoid, RoundedBoxesAgreeWithGjkEpaThroughCollide) {
    // Two rounded boxes (Shape::box(h, r)) through mk::collide at 40 poses in [-0.05, 0.05] L:
    // separated distances within 2.5e-8 L of GJK (which runs on the cores), the inscribed-ball
    // depth never deeper than EPA's MTD, same verdicts, always converged.
    std::mt19937_64 rng(35);
    const Shape a = Shape::box(Vec3(0.25, 0.15, 0.05), 0.05);
    const Shape b = Shape::box(Vec3(0.1, 0.2, 0.15), 0.03);
    Agreement ag;
    for (int i = 0; i < 40; ++i) {
        ag.add(a, b, 0.05, rng);
    }
    EXPECT_LE(ag.maxSeparatedError, 2.5e-8);
    EXPECT_LE(ag.maxDeeper, 2.5e-8);
    EXPECT_LE(ag.maxShallower, 0.03);
    EXPECT_LE(ag.maxWitnessError, 2.5e-8);
    EXPECT_EQ(ag.verdictMismatches, 0);
    EXPECT_EQ(ag.notConverged, 0);
}

// ---------------------------------------------------------------------------------------------
// The penetration definition: inscribed sphere versus minimum translation distance
// ---------------------------------------------------------------------------------------------

TEST(SdfPenetration, ShallowFlatOverlapEqualsTheMtd) {
    // Fig. 6 (a): aligned boxes overlapping by 0.02 along z with wide faces: the intersection is
    // a 0.02-thick slab whose inscribed ball has diameter 0.02 = MTD (EPA). 1e-7 m.
    const Shape a = Shape::box(Vec3(0.5, 0.5, 0.2)), b = Shape::box(Vec3(0.3, 0.3, 0.2));
    const Pose pa, pb(Quat::Identity(), Vec3(0.05, -0.02, 0.38));
    const QueryResult s = sdfEllipsoidQuery(a, pa, b, pb, QueryRequest{});
    const QueryResult g = collide(a, pa, b, pb, gjkRequest());
    EXPECT_EQ(s.status, Status::Penetrating);
    EXPECT_NEAR(g.distance, -0.02, 1e-7);
    EXPECT_NEAR(s.distance, -0.02, 1e-7);
    EXPECT_LT((s.normal - Vec3::UnitZ()).norm(), 1e-6);
}

TEST(SdfPenetration, DeepOverlapIsSmallerThanTheMtd) {
    // Fig. 6 (d): a 0.2-thick plate B through the middle of a 2 m cube A: the intersection is a
    // 0.2-thick slab (inscribed diameter 0.2) while the MTD pushes B out by 1.1 m.
    const Shape a = Shape::box(Vec3(1, 1, 1)), b = Shape::box(Vec3(0.1, 1.5, 1.5));
    const Pose pa, pb(Quat::Identity(), Vec3(0.0, 0.0, 0.0));
    const QueryResult s = sdfEllipsoidQuery(a, pa, b, pb, QueryRequest{});
    const QueryResult g = collide(a, pa, b, pb, gjkRequest());
    EXPECT_EQ(s.status, Status::Penetrating);
    EXPECT_NEAR(g.distance, -1.1, 1e-7);
    EXPECT_NEAR(s.distance, -0.2, 1e-6);
}

TEST(SdfPenetration, SmallBallInsideALargeBoxGivesItsDiameter) {
    // A ball of radius 0.1 at 0.3 m under the top face of a 2 m cube: the inscribed ball is the
    // ball itself (depth 0.2) while the MTD is 0.3 + 0.1 = 0.4; the normal is the short way out
    // of the box, +z.
    const Shape a = Shape::box(Vec3(1, 1, 1)), b = Shape::sphere(0.1);
    const Pose pa, pb(Quat::Identity(), Vec3(0.2, -0.1, 0.7));
    const QueryResult s = sdfEllipsoidQuery(a, pa, b, pb, QueryRequest{});
    const QueryResult g = collide(a, pa, b, pb, gjkRequest());
    EXPECT_NEAR(g.distance, -0.4, 1e-7);
    EXPECT_NEAR(s.distance, -0.2, 1e-6);
    EXPECT_LT((s.normal - Vec3::UnitZ()).norm(), 1e-3);
    EXPECT_LT((0.5 * (s.witnessA + s.witnessB) - pb.translation).norm(), 1e-3);
}

TEST(SdfPenetration, SharpCornerIsSmallerThanTheMtd) {
    // Fig. 6 (c): a cube corner pushed a depth delta into a face along the cube's diagonal. The
    // intersection is a trirectangular tetrahedron with legs a = sqrt(3) delta, inradius
    // a / (3 + sqrt(3)), so the SDF depth is 2 delta / (1 + sqrt(3)) ~ 0.732 delta < MTD = delta.
    const double delta = 0.05;
    const Shape a = Shape::box(Vec3(1, 1, 1)), b = Shape::box(Vec3(0.2, 0.2, 0.2));
    // B's corner (-0.2, -0.2, -0.2) direction rotated onto -z, then placed delta under z = 1.
    const Quat q = Quat::FromTwoVectors(Vec3(-1, -1, -1).normalized(), -Vec3::UnitZ());
    const Pose pa, pb(q, Vec3(0.1, 0.1, 1.0 - delta + 0.2 * std::sqrt(3.0)));
    const QueryResult s = sdfEllipsoidQuery(a, pa, b, pb, QueryRequest{});
    const QueryResult g = collide(a, pa, b, pb, gjkRequest());
    EXPECT_NEAR(g.distance, -delta, 1e-7);
    EXPECT_NEAR(s.distance, -2.0 * delta / (1.0 + std::sqrt(3.0)), 1e-6);
}

TEST(SdfPenetration, RoundedCornerEqualsTheMtd) {
    // The corner of a rounded box (core half extent 0.2, rounding 0.1) pushed delta < 0.1 into a
    // face of a 2 m cube along the cube's diagonal: the intersection is a spherical cap of
    // height delta of the corner's ball, whose inscribed ball has diameter delta (tangent to the
    // face, inside the corner ball): the SDF depth equals the MTD, unlike the sharp corner
    // above (0.732 delta). 1e-6 m.
    const double delta = 0.05;
    const Shape a = Shape::box(Vec3(1, 1, 1)), b = Shape::box(Vec3(0.2, 0.2, 0.2), 0.1);
    const Quat q = Quat::FromTwoVectors(Vec3(-1, -1, -1).normalized(), -Vec3::UnitZ());
    const Pose pa, pb(q, Vec3(0.1, 0.1, 1.0 - delta + 0.2 * std::sqrt(3.0) + 0.1));
    const QueryResult s = sdfEllipsoidQuery(a, pa, b, pb, QueryRequest{});
    const QueryResult g = collide(a, pa, b, pb, gjkRequest());
    EXPECT_EQ(s.status, Status::Penetrating);
    EXPECT_NEAR(g.distance, -delta, 1e-7);
    EXPECT_NEAR(s.distance, -delta, 1e-6);
    EXPECT_LT((s.normal - Vec3::UnitZ()).norm(), 1e-3);
}

// ---------------------------------------------------------------------------------------------
// Warm start, tasks, statuses
// ---------------------------------------------------------------------------------------------

TEST(SdfEllipsoid, WarmStartOfCorollary1) {
    // A box and a capsule in a 200-step trajectory (translation 2 mm and rotation 0.01 rad per
    // step) crossing from separation into penetration: Corollary 1's bound is valid
    // (>= the new f* - Delta), the answers agree with the cold start (2.5e-8 L), and the warm
    // start saves cuts on average (about 10% here: it only lowers f+, the initial ellipsoid is
    // still the lens of the bounding spheres).
    std::mt19937_64 rng(41);
    const Shape a = Shape::box(Vec3(0.3, 0.2, 0.1)), b = Shape::capsule(0.1, 0.2);
    const double L = meanRadius(a, b);
    Pose pa(randomRotation(rng), Vec3::Zero());
    Pose pb(randomRotation(rng), Vec3(0.0, 0.0, 0.35));
    const Vec3 velocity(0.0, 0.0, -0.002);
    const Vec3 spin = randomUnit(rng);
    QueryResult previous = sdfEllipsoidQuery(a, pa, b, pb, QueryRequest{});
    double cold = 0.0, warm = 0.0;
    for (int step = 0; step < 200; ++step) {
        const Pose qa(Quat(Eigen::AngleAxisd(0.01, spin)) * pa.rotation, pa.translation);
        const Pose qb(pb.rotation, pb.translation + velocity);
        QueryRequest request;
        request.sdfWarmStart = sdfWarmStartFrom(previous, pa, pb, qa, qb);
        ASSERT_TRUE(request.sdfWarmStart.has_value());
        const QueryResult w = sdfEllipsoidQuery(a, qa, b, qb, request);
        const QueryResult c = sdfEllipsoidQuery(a, qa, b, qb, QueryRequest{});
        EXPECT_NEAR(w.distance, c.distance, 2.5e-8 * L) << step;
        const SdfWarmStart& ws = *request.sdfWarmStart;
        const double bound = ws.value + 0.5 * (ws.optimumWithB - ws.optimumWithA).norm();
        EXPECT_GE(bound, 0.5 * c.distance - 1e-8 * L) << step;
        cold += c.iterations;
        warm += w.iterations;
        previous = w;
        pa = qa;
        pb = qb;
    }
    EXPECT_LT(previous.distance, 0.0); // the trajectory ends in penetration
    EXPECT_LT(warm, cold);
    RecordProperty("cold-cuts", static_cast<int>(cold / 200));
    RecordProperty("warm-cuts", static_cast<int>(warm / 200));
}

TEST(SdfEllipsoid, BooleanAndDistanceTasksStopAtTheFirstProof) {
    // Task::Boolean stops as soon as f+ < 0 (overlap) or f- > margin / 2 (separation); its verdict
    // equals the converged one and it never needs more cuts; Task::Distance reports overlap
    // without depth.
    std::mt19937_64 rng(42);
    const auto shapes = exactShapes();
    for (int i = 0; i < 200; ++i) {
        const Shape& a = shapes[i % shapes.size()];
        const Shape& b = shapes[(i / 4) % shapes.size()];
        const Pose pa(randomRotation(rng), Vec3::Zero());
        const Pose pb = placeAt(a, pa, b, randomRotation(rng), randomUnit(rng),
                                uniform(rng, -0.1, 0.1) * meanRadius(a, b));
        const QueryResult full = sdfEllipsoidQuery(a, pa, b, pb, QueryRequest{});
        QueryRequest boolean;
        boolean.task = Task::Boolean;
        const QueryResult quick = sdfEllipsoidQuery(a, pa, b, pb, boolean);
        if (std::abs(full.distance) > 1e-6) {
            EXPECT_EQ(quick.collide, full.collide);
            EXPECT_TRUE(quick.status == (full.collide ? Status::Overlapping
                                                      : Status::SeparatedEarlyExit))
                << name(quick.status);
        }
        EXPECT_LE(quick.iterations, full.iterations);
        QueryRequest distance;
        distance.task = Task::Distance;
        const QueryResult d = sdfEllipsoidQuery(a, pa, b, pb, distance);
        if (full.status == Status::Penetrating) {
            EXPECT_EQ(d.status, Status::Overlapping);
            EXPECT_EQ(d.distance, 0.0);
        }
    }
}

TEST(SdfEllipsoid, UnsupportedAndInvalidInput) {
    // A smoothed hull has only a support function: Status::Unsupported, nothing computed.
    std::vector<Vec3> cube;
    for (int i = 0; i < 8; ++i) {
        cube.emplace_back(i & 1 ? 0.5 : -0.5, i & 2 ? 0.5 : -0.5, i & 4 ? 0.5 : -0.5);
    }
    const Shape hull = Shape::smoothedHull(cube, 10.0);
    EXPECT_FALSE(sdfSupports(hull));
    const QueryResult r = sdfEllipsoidQuery(Shape::sphere(1), Pose(), hull, Pose(), QueryRequest{});
    EXPECT_EQ(r.status, Status::Unsupported);
    EXPECT_FALSE(r.collide);
    Pose bad;
    bad.translation.x() = std::nan("");
    EXPECT_EQ(sdfEllipsoidQuery(Shape::sphere(1), bad, Shape::sphere(1), Pose(), QueryRequest{})
                  .status,
              Status::InvalidInput);
}

TEST(SdfEllipsoid, RegisteredInCollide) {
    // "sdf-ellipsoid" is in the registry and mk::collide dispatches to sdfEllipsoidQuery (the
    // same bits); solverTraits states what it promises.
    EXPECT_EQ(&parseSolverChoice("sdf-ellipsoid").entry(), &builtins::sdfEllipsoid());
    EXPECT_EQ(name(builtins::sdfEllipsoid()), "sdf-ellipsoid");
    const auto all = builtinSolvers();
    EXPECT_NE(std::find(all.begin(), all.end(), &builtins::sdfEllipsoid()), all.end());
    std::mt19937_64 rng(43);
    const Shape a = Shape::box(Vec3(0.3, 0.2, 0.1)), b = Shape::cylinder(0.2, 0.15);
    for (int i = 0; i < 20; ++i) {
        const Pose pa(randomRotation(rng), Vec3::Zero());
        const Pose pb(randomRotation(rng), uniform(rng, 0.2, 0.6) * randomUnit(rng));
        QueryRequest q;
        q.solver = builtins::sdfEllipsoid();
        const QueryResult viaCollide = collide(a, pa, b, pb, q);
        const QueryResult direct = sdfEllipsoidQuery(a, pa, b, pb, q);
        EXPECT_EQ(viaCollide.distance, direct.distance);
        EXPECT_EQ(viaCollide.status, direct.status);
        EXPECT_EQ(viaCollide.witnessA, direct.witnessA);
    }
    const SolverTraits exact = solverTraits(builtins::sdfEllipsoid(), a, b);
    EXPECT_TRUE(exact.supported && exact.exactDistance);
    EXPECT_EQ(exact.depth, DepthDefinition::InscribedSphere);
    EXPECT_FALSE(solverTraits(builtins::sdfEllipsoid(), a, Shape::cone(0.1, 0.1)).exactDistance);
    const Shape hull = Shape::smoothedHull(std::vector<Vec3>{{0, 0, 0}, {1, 0, 0}, {0, 1, 0},
                                                             {0, 0, 1}},
                                           5.0);
    EXPECT_FALSE(solverTraits(builtins::sdfEllipsoid(), a, hull).supported);
    QueryRequest q;
    q.solver = builtins::sdfEllipsoid();
    EXPECT_EQ(collide(a, Pose(), hull, Pose(), q).status, Status::Unsupported);
    EXPECT_EQ(name(Status::Unsupported), "unsupported");
}

TEST(SdfEllipsoid, NonFiniteGuessNeverLeaks) {
    // initialGuess is unused by the method, but it is the default warm-start output: a NaN guess
    // must not reach QueryResult::separation (overlap without depth, unsupported shapes).
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const Shape box = Shape::box(Vec3(0.3, 0.2, 0.1));
    const Shape hull = Shape::smoothedHull(std::vector<Vec3>{{0, 0, 0}, {1, 0, 0}, {0, 1, 0},
                                                             {0, 0, 1}},
                                           5.0);
    for (const Task task : {Task::Boolean, Task::Distance, Task::SignedDistance}) {
        QueryRequest q;
        q.task = task;
        q.initialGuess = Vec3(nan, 0, 0);
        const QueryResult r = sdfEllipsoidQuery(box, Pose(), box, Pose(Quat::Identity(),
                                                                         Vec3(0.1, 0.05, 0)), q);
        EXPECT_TRUE(isOverlap(r.status));
        EXPECT_TRUE(r.separation.allFinite() && r.normal.allFinite() && r.witnessA.allFinite());
        EXPECT_TRUE(sdfEllipsoidQuery(box, Pose(), hull, Pose(), q).separation.allFinite());
    }
}
