/// \file test_sdf_shapes.cpp
/// The shapes' signed distance functions for the SDF ellipsoid method (SdfEllipsoid.h): exact
/// SDFs against GJK/EPA point queries, rounded boxes, convexity, approximations as sign-exact
/// lower bounds, the gauge approximation, and Algorithm 4 on polyhedra against a linear scan.

#include "SdfTestSupport.h"

using namespace mk;
using namespace mk::sdftest;

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
