/// Mass properties of rounded boxes (closed form against Monte Carlo and limits) and of the smooth
/// shapes (support polyhedra, extrapolated) against the closed forms of superellipsoids (Jaklic,
/// Leonardis, Solina, "Segmentation and Recovery of Superquadrics", 2000, Sec. 2.4), spheres and
/// the convex hulls that smoothed hulls contain.

#include "minkowski/engine/MassProperties.h"
#include "minkowski/narrowphase/Rtr.h"

#include <chrono>
#include <cmath>
#include <gtest/gtest.h>
#include <limits>
#include <numbers>
#include <random>
#include <vector>

namespace mk {
namespace {

constexpr double kPi = std::numbers::pi;

double beta(double x, double y) {
    return std::exp(std::lgamma(x) + std::lgamma(y) - std::lgamma(x + y));
}

/// Volume and second moments (integrals of x^2, y^2, z^2, unit density) of the superellipsoid
/// ((x/a)^(2/e2) + (y/b)^(2/e2))^(e2/e1) + (z/c)^(2/e1) <= 1, which is An et al.'s eq. (16) with
/// e1 = alpha1, e2 = alpha2 (its support function is the dual norm of Rtr.h).
struct Superellipsoid {
    double volume;
    Vec3 moments;
};
Superellipsoid superellipsoid(const Vec3& r, double e1, double e2) {
    const double k = r.prod() * e1 * e2;
    const double inPlane = 0.5 * k * beta(1.5 * e2, 0.5 * e2) * beta(0.5 * e1, 2.0 * e1 + 1.0);
    return {
        2.0 * k * beta(0.5 * e1 + 1.0, e1) * beta(0.5 * e2, 0.5 * e2),
        Vec3(inPlane * r.x() * r.x(), inPlane * r.y() * r.y(),
             2.0 * k * r.z() * r.z() * beta(0.5 * e2, 0.5 * e2 + 1.0) * beta(1.5 * e1, e1 + 1.0))};
}

Vec3 momentsFromInertia(const MassProperties& p, double density) {
    const Vec3 i = p.inertia.diagonal() / density; // I_xx = S_y + S_z, ...
    const double sum = 0.5 * i.sum();
    return Vec3(sum - i.x(), sum - i.y(), sum - i.z());
}

double relative(double a, double b) {
    return std::abs(a - b) / std::abs(b);
}

TEST(MassPropertiesSmooth, SuperellipsoidReferenceIsTheSphereAtExponentOne) {
    const Superellipsoid s = superellipsoid(Vec3::Ones(), 1.0, 1.0);
    EXPECT_NEAR(s.volume, 4.0 / 3.0 * kPi, 1e-13);
    EXPECT_NEAR(s.moments.x(), 4.0 * kPi / 15.0, 1e-13); // integral of x^2 over the unit ball
    EXPECT_NEAR(s.moments.z(), 4.0 * kPi / 15.0, 1e-13);
}

TEST(MassPropertiesSmooth, SuperquadricsMatchTheClosedForm) {
    struct Case {
        double e1, e2, tolerance; ///< relative, on the volume and the second moments
    };
    // measured: 3e-8 (1, 1), 2e-7 (1.5, 1.2), 3e-8 (1.9, 1.9), 4e-7 (0.8, 0.5), 2e-6 (0.3, 0.3)
    const Case cases[] = {
        {1.0, 1.0, 1e-7}, {1.5, 1.2, 1e-6}, {1.9, 1.9, 1e-6}, {0.8, 0.5, 2e-6}, {0.3, 0.3, 1e-5}};
    const Vec3 radii(0.3, 0.5, 0.8);
    const double density = 700.0;
    for (const Case& c : cases) {
        const Shape shape = Shape::superquadric(radii, c.e1, c.e2, 0.0);
        const MassProperties p = computeMassProperties(shape, density);
        const Superellipsoid ref = superellipsoid(radii, c.e1, c.e2);
        SCOPED_TRACE(::testing::Message() << "alpha1 " << c.e1 << ", alpha2 " << c.e2);
        EXPECT_LE(relative(p.volume, ref.volume), c.tolerance);
        EXPECT_NEAR(p.mass, density * p.volume, 1e-12 * p.mass);
        EXPECT_LE(p.centerOfMass.norm(), 1e-9);
        const Vec3 moments = momentsFromInertia(p, density);
        for (int a = 0; a < 3; ++a) {
            EXPECT_LE(relative(moments[a], ref.moments[a]), c.tolerance) << "axis " << a;
        }
        const Mat3 offDiagonal = p.inertia - Mat3(p.inertia.diagonal().asDiagonal());
        EXPECT_LE(offDiagonal.cwiseAbs().maxCoeff(), c.tolerance * p.inertia.diagonal().maxCoeff());
    }
}

TEST(MassPropertiesSmooth, SuperquadricNearExponentOneIsTheEllipsoid) {
    const Vec3 radii(0.2, 0.35, 0.6);
    const MassProperties ellipsoid = computeMassProperties(Shape::ellipsoid(radii), 900.0);
    const MassProperties at1 =
        computeMassProperties(Shape::superquadric(radii, 1.0, 1.0, 0.0), 900.0);
    EXPECT_LT(relative(at1.mass, ellipsoid.mass), 1e-7);
    EXPECT_LT((at1.inertia - ellipsoid.inertia).cwiseAbs().maxCoeff(),
              1e-7 * ellipsoid.inertia.maxCoeff());
    // continuous in the exponents: 1e-3 away, within about 1e-3 (dV/dalpha ~ V)
    const MassProperties near =
        computeMassProperties(Shape::superquadric(radii, 1.001, 0.999, 0.0), 900.0);
    EXPECT_LT(relative(near.mass, ellipsoid.mass), 2e-3);
    EXPECT_GT(relative(near.mass, ellipsoid.mass), 0.0);
    EXPECT_LT((near.inertia - ellipsoid.inertia).cwiseAbs().maxCoeff(),
              3e-3 * ellipsoid.inertia.maxCoeff());
}

TEST(MassPropertiesSmooth, ExtrapolationBeatsEitherGrid) {
    const Vec3 radii(0.3, 0.5, 0.8);
    const Shape shape = Shape::superquadric(radii, 1.4, 1.1, 0.0);
    const double exact = superellipsoid(radii, 1.4, 1.1).volume;
    const double coarse = supportGridMassProperties(shape, 1.0, kSupportGridCells).volume;
    const double fine = supportGridMassProperties(shape, 1.0, 2 * kSupportGridCells).volume;
    EXPECT_LT(coarse, fine); // inscribed polyhedra grow toward the body
    EXPECT_LT(fine, exact);
    EXPECT_NEAR((exact - coarse) / (exact - fine), 4.0, 0.2); // the O(1/n^2) error
    EXPECT_LT(relative(computeMassProperties(shape, 1.0).volume, exact),
              0.01 * relative(fine, exact));
}

TEST(MassPropertiesSmooth, InflatedSuperquadricSphereIsTheGrownSphere) {
    const double r = 0.25;
    const double inflation = 0.05;
    const Shape shape = Shape::superquadric(Vec3::Constant(r), 1.0, 1.0, inflation);
    const MassProperties p = computeMassProperties(shape, 2.0);
    const MassProperties ref = computeMassProperties(Shape::sphere(r + inflation), 2.0);
    EXPECT_LE(relative(p.volume, ref.volume), 1e-7);
    EXPECT_LE((p.inertia - ref.inertia).cwiseAbs().maxCoeff(), 1e-7 * ref.inertia(0, 0));
}

TEST(MassPropertiesSmooth, DefaultInflationAddsAboutAreaTimesRadius) {
    const Vec3 radii(0.3, 0.5, 0.8);
    const Shape bare = Shape::superquadric(radii, 1.5, 1.5, 0.0);
    const Shape inflated = Shape::superquadric(radii, 1.5, 1.5); // the paper's 1e-4
    ASSERT_EQ(inflated.coreRadius(), kSuperquadricInflation);
    const double v0 = computeMassProperties(bare, 1.0).volume;
    const double v1 = computeMassProperties(inflated, 1.0).volume;
    // Steiner: V(K + rB) = V + r S + O(r^2); S between the area of the inscribed ellipsoid-ish
    // body and of its box: check the increment against the box's area and a tenth of it.
    const double boxArea =
        8.0 * (radii.x() * radii.y() + radii.x() * radii.z() + radii.y() * radii.z());
    EXPECT_GT(v1 - v0, 0.1 * kSuperquadricInflation * boxArea);
    EXPECT_LT(v1 - v0, kSuperquadricInflation * boxArea);
}

std::vector<Vec3> irregularPoints() {
    std::mt19937_64 rng(11);
    std::uniform_real_distribution<double> u(-1.0, 1.0);
    std::vector<Vec3> points;
    for (int i = 0; i < 40; ++i) {
        points.emplace_back(0.3 * u(rng) + 0.1, 0.2 * u(rng) - 0.2, 0.5 * u(rng) + 0.3);
    }
    return points;
}

TEST(MassPropertiesSmooth, SmoothedHullContainsItsHullAndTendsToIt) {
    const std::vector<Vec3> points = irregularPoints();
    const MassProperties hull = meshMassProperties(*ConvexMesh::fromPoints(points), 1000.0);
    double previous = std::numeric_limits<double>::infinity();
    for (const double b : {4.0, 10.0, 40.0, 200.0}) {
        const MassProperties s = computeMassProperties(Shape::smoothedHull(points, b), 1000.0);
        SCOPED_TRACE(::testing::Message() << "beta " << b);
        EXPECT_GT(s.volume, hull.volume);
        EXPECT_LT(s.volume, previous); // sharper, smaller
        previous = s.volume;
    }
    const MassProperties sharp = computeMassProperties(Shape::smoothedHull(points, 200.0), 1000.0);
    EXPECT_LT(relative(sharp.volume, hull.volume), 0.05);
    EXPECT_LT((sharp.centerOfMass - hull.centerOfMass).norm(), 0.01);
    EXPECT_LT((sharp.inertia - hull.inertia).cwiseAbs().maxCoeff(),
              0.1 * hull.inertia.cwiseAbs().maxCoeff());
}

/// An independent integration: the exact properties of the Qhull hull of many support points
/// (a different polyhedron, from a latitude-longitude grid), which approach the body from below.
TEST(MassPropertiesSmooth, SmoothedHullAgreesWithTheHullOfItsSupportPoints) {
    const std::vector<Vec3> points = irregularPoints();
    const Shape shape = Shape::smoothedHull(points, 6.0);
    std::vector<Vec3> samples;
    constexpr int kRings = 120;
    for (int i = 0; i <= kRings; ++i) {
        const double theta = kPi * i / kRings;
        for (int j = 0; j < 2 * kRings; ++j) {
            const double phi = kPi * j / kRings;
            int hint = -1;
            samples.push_back(shape.support(Vec3(std::sin(theta) * std::cos(phi),
                                                 std::sin(theta) * std::sin(phi), std::cos(theta)),
                                            hint));
        }
    }
    const MassProperties qhull = meshMassProperties(*ConvexMesh::fromPoints(samples), 1.0);
    const MassProperties p = computeMassProperties(shape, 1.0);
    EXPECT_GT(p.volume, qhull.volume);
    EXPECT_LT(relative(p.volume, qhull.volume), 2e-3);
    EXPECT_LT((p.centerOfMass - qhull.centerOfMass).norm(), 1e-3 * std::cbrt(p.volume));
    EXPECT_LT((p.inertia - qhull.inertia).cwiseAbs().maxCoeff(),
              4e-3 * qhull.inertia.cwiseAbs().maxCoeff());
}

TEST(MassPropertiesSmooth, SmoothShapesAreQuickEnoughForAddBody) {
    const std::vector<Vec3> points = irregularPoints();
    const Shape hull = Shape::smoothedHull(points, 6.0);
    const Shape sq = Shape::superquadric(Vec3(0.3, 0.5, 0.8), 1.5, 1.2);
    const auto start = std::chrono::steady_clock::now();
    (void)computeMassProperties(hull, 1.0);
    (void)computeMassProperties(sq, 1.0);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    RecordProperty("seconds", std::to_string(seconds));
    EXPECT_LT(seconds, 1.0); // generous: a few ms in Release, sanitizers are slower
}

TEST(MassPropertiesSmooth, CachedPerGeometryNotPerShapeObject) {
    const Vec3 radii(0.3, 0.5, 0.8);
    const MassProperties a = computeMassProperties(Shape::superquadric(radii, 1.3, 0.7, 0.0), 1.0);
    const MassProperties b =
        computeMassProperties(Shape::superquadric(radii, 1.3, 0.7, 0.0), 250.0);
    EXPECT_EQ(b.volume, a.volume);
    EXPECT_EQ(b.mass, 250.0 * a.volume);
    EXPECT_EQ(b.inertia, 250.0 * a.inertia);
    // a different inflation, exponent or radius is a different body
    const double v = a.volume;
    EXPECT_GT(computeMassProperties(Shape::superquadric(radii, 1.3, 0.7, 0.01), 1.0).volume, v);
    EXPECT_GT(computeMassProperties(Shape::superquadric(radii, 1.3, 0.6, 0.0), 1.0).volume, v);
    EXPECT_GT(computeMassProperties(Shape::superquadric(radii * 1.01, 1.3, 0.7, 0.0), 1.0).volume,
              v);
}

/// Monte Carlo over the outer box: inside when the distance to the core box is at most r.
TEST(MassPropertiesSmooth, RoundedBoxMatchesMonteCarlo) {
    const Vec3 h(0.2, 0.35, 0.5);
    const double r = 0.15;
    const MassProperties p = computeMassProperties(Shape::box(h, r), 1.0);
    const Vec3 outer = h + Vec3::Constant(r);
    std::mt19937_64 rng(5);
    std::uniform_real_distribution<double> u(-1.0, 1.0);
    constexpr int kSamples = 2'000'000;
    int inside = 0;
    Vec3 moments = Vec3::Zero();
    for (int i = 0; i < kSamples; ++i) {
        const Vec3 x(outer.x() * u(rng), outer.y() * u(rng), outer.z() * u(rng));
        if ((x.cwiseAbs() - h).cwiseMax(0.0).squaredNorm() <= r * r) {
            ++inside;
            moments += x.cwiseProduct(x);
        }
    }
    const double boxVolume = 8.0 * outer.prod();
    const double volume = boxVolume * inside / kSamples;
    moments *= boxVolume / kSamples;
    // the inside fraction is ~0.9: its standard error is ~2e-4 relative, 5 sigma below
    EXPECT_LT(relative(p.volume, volume), 1e-3);
    const Vec3 ref = momentsFromInertia(p, 1.0);
    for (int a = 0; a < 3; ++a) {
        EXPECT_LT(relative(ref[a], moments[a]), 3e-3) << "axis " << a;
    }
    EXPECT_EQ(p.centerOfMass, Vec3::Zero());
}

TEST(MassPropertiesSmooth, RoundedBoxLimits) {
    const Vec3 h(0.2, 0.35, 0.5);
    // no rounding: the box
    const MassProperties sharp = computeMassProperties(Shape::box(h), 3.0);
    const MassProperties zero = computeMassProperties(Shape::box(h, 0.0), 3.0);
    EXPECT_EQ(sharp.inertia, zero.inertia);
    // a vanishing core: the ball of radius r
    const double r = 0.4;
    const MassProperties ball = computeMassProperties(Shape::sphere(r), 3.0);
    const MassProperties tiny = computeMassProperties(Shape::box(Vec3::Constant(1e-9), r), 3.0);
    EXPECT_LT(relative(tiny.volume, ball.volume), 1e-7);
    EXPECT_LT((tiny.inertia - ball.inertia).cwiseAbs().maxCoeff(), 1e-7 * ball.inertia(0, 0));
    // a vanishing radius: the box, continuously
    const MassProperties almost = computeMassProperties(Shape::box(h, 1e-9), 3.0);
    EXPECT_LT(relative(almost.volume, sharp.volume), 1e-7);
    EXPECT_LT((almost.inertia - sharp.inertia).cwiseAbs().maxCoeff(), 1e-7 * sharp.inertia(0, 0));
    // a flat core (hz -> 0): a rounded rectangle slab; its support polyhedron agrees
    const Shape slab = Shape::box(Vec3(0.3, 0.2, 1e-9), 0.1);
    const MassProperties grid = supportGridMassProperties(slab, 1.0, 200);
    EXPECT_LT(relative(grid.volume, computeMassProperties(slab, 1.0).volume), 1e-3);
}

TEST(MassPropertiesSmooth, SupportGridNeedsTwoCells) {
    EXPECT_THROW((void)supportGridMassProperties(Shape::sphere(1.0), 1.0, 1), std::exception);
}

} // namespace
} // namespace mk
