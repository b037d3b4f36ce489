/// Mass properties: closed forms of the primitives against the exact polyhedral integrals of
/// finely sampled hulls of the same primitives, and the polyhedral integrals against boxes
/// (exact) and the narrow phase's own volume and centroid.

#include "minkowski/engine/Errors.h"
#include "minkowski/engine/MassProperties.h"

#include <Eigen/Eigenvalues>
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <numbers>
#include <vector>

namespace mk {
namespace {

/// Hull of `shape`'s support points along a latitude-longitude grid of directions.
MassProperties sampledHull(const Shape& shape, double density, int rings = 90) {
    std::vector<Vec3> points;
    for (int i = 0; i <= rings; ++i) {
        const double theta = std::numbers::pi * i / rings;
        for (int j = 0; j < 2 * rings; ++j) {
            const double phi = std::numbers::pi * j / rings;
            const Vec3 d(std::sin(theta) * std::cos(phi), std::sin(theta) * std::sin(phi),
                         std::cos(theta));
            int hint = -1;
            points.push_back(shape.support(d, hint));
        }
    }
    return meshMassProperties(*ConvexMesh::fromPoints(points), density);
}

/// |a - b| <= rel * |b| entry by entry, with |b| the largest entry of b.
void expectNear(const Mat3& a, const Mat3& b, double rel) {
    EXPECT_LE((a - b).cwiseAbs().maxCoeff(), rel * b.cwiseAbs().maxCoeff()) << a << "\n vs\n" << b;
}

TEST(MassProperties, BoxMeshIsExact) {
    const Vec3 h(0.3, 0.7, 1.1);
    std::vector<Vec3> corners;
    for (int i = 0; i < 8; ++i) {
        corners.emplace_back(i & 1 ? h.x() : -h.x(), i & 2 ? h.y() : -h.y(), i & 4 ? h.z() : -h.z());
    }
    const MassProperties mesh = meshMassProperties(*ConvexMesh::fromPoints(corners), 500.0);
    const MassProperties box = computeMassProperties(Shape::box(h), 500.0);
    EXPECT_NEAR(mesh.mass, box.mass, 1e-12 * box.mass);
    EXPECT_NEAR(box.mass, 500.0 * 8.0 * h.prod(), 1e-12);
    EXPECT_LE(mesh.centerOfMass.norm(), 1e-14);
    expectNear(mesh.inertia, box.inertia, 1e-12);
    // I_xx = m/3 (hy^2 + hz^2)
    EXPECT_NEAR(box.inertia(0, 0), box.mass / 3.0 * (0.49 + 1.21), 1e-12);
}

TEST(MassProperties, PrimitivesMatchSampledHulls) {
    // A 180 x 91 grid under-estimates the volume of curved solids by O(1/n^2): 0.5 % bound.
    constexpr double kRel = 5e-3;
    const Shape shapes[] = {Shape::sphere(0.4), Shape::ellipsoid(Vec3(0.2, 0.5, 0.9)),
                            Shape::cylinder(0.3, 0.8), Shape::cone(0.5, 0.6),
                            Shape::capsule(0.25, 0.5)};
    for (const Shape& s : shapes) {
        SCOPED_TRACE(std::string(shapeTypeName(s.type())));
        const MassProperties exact = computeMassProperties(s, 1200.0);
        const MassProperties hull = sampledHull(s, 1200.0);
        EXPECT_NEAR(hull.mass, exact.mass, kRel * exact.mass);
        EXPECT_LE((hull.centerOfMass - exact.centerOfMass).norm(), 1e-3);
        expectNear(hull.inertia, exact.inertia, 2.0 * kRel);
    }
}

TEST(MassProperties, MeshAgreesWithConvexMeshVolumeAndCentroid) {
    std::vector<Vec3> points;
    for (int i = 0; i < 60; ++i) { // a deterministic irregular cloud away from the origin
        const double t = 0.37 * i;
        points.emplace_back(3.0 + std::cos(t) * (1.0 + 0.3 * std::sin(3 * t)),
                            -2.0 + std::sin(1.7 * t), 1.0 + 0.5 * std::cos(2.3 * t));
    }
    const auto mesh = ConvexMesh::fromPoints(points);
    const MassProperties p = meshMassProperties(*mesh, 2.0);
    EXPECT_NEAR(p.volume, mesh->volume(), 1e-12 * mesh->volume());
    EXPECT_LE((p.centerOfMass - mesh->centroid()).norm(), 1e-12);
    EXPECT_NEAR(p.mass, 2.0 * p.volume, 1e-14);
    // Inertia about the centroid is symmetric positive definite and satisfies the triangle
    // inequalities of principal moments.
    EXPECT_LE((p.inertia - p.inertia.transpose()).norm(), 1e-14 * p.inertia.norm());
    const Eigen::SelfAdjointEigenSolver<Mat3> eig(p.inertia);
    const Vec3 m = eig.eigenvalues();
    EXPECT_GT(m.minCoeff(), 0.0);
    EXPECT_LE(m(2), m(0) + m(1) + 1e-12);
}

TEST(MassProperties, WithMassScalesInertia) {
    const MassProperties p = computeMassProperties(Shape::box(Vec3(1, 2, 3)), 10.0);
    const MassProperties q = withMass(p, 3.0);
    EXPECT_DOUBLE_EQ(q.mass, 3.0);
    expectNear(q.inertia, p.inertia * (3.0 / p.mass), 1e-15);
}

TEST(MassProperties, RejectsBadDensityAndMass) {
    const Shape s = Shape::sphere(1.0);
    EXPECT_THROW((void)computeMassProperties(s, 0.0), EngineError);
    EXPECT_THROW((void)computeMassProperties(s, -1.0), EngineError);
    EXPECT_THROW((void)computeMassProperties(s, std::numeric_limits<double>::quiet_NaN()), EngineError);
    EXPECT_THROW((void)withMass(computeMassProperties(s, 1.0), 0.0), EngineError);
    EXPECT_THROW((void)withMass(computeMassProperties(s, 1.0), -2.0), EngineError);
}

} // namespace
} // namespace mk
