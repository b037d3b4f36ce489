/// Tests of the primitive shapes: support mappings against analytic support functions and brute
/// force over surface samples, cores, bounding volumes, factories and CSV specs.

#include "Random.h"
#include "minkowski/narrowphase/ConvexMesh.h"
#include "minkowski/narrowphase/Shape.h"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <limits>
#include <numbers>
#include <random>
#include <string>
#include <vector>

using namespace mk;

namespace {

using ref::randomUnit;

/// Relative tolerance of support values: a few ulps of the operations involved.
constexpr double kRelTol = 1e-12;

std::vector<Shape> allPrimitives() {
    return {Shape::sphere(0.7),
            Shape::box(Vec3(0.5, 1.5, 0.25)),
            Shape::capsule(0.3, 0.8),
            Shape::cylinder(0.6, 0.4),
            Shape::cone(0.5, 0.9),  // narrow: apex angle acute (r < 2h)
            Shape::cone(2.0, 0.25), // wide: apex angle obtuse (r > 2h)
            Shape::ellipsoid(Vec3(0.3, 1.1, 0.7))};
}


/// Random non-unit direction: a random unit vector scaled by 10^U(-3, 3).
Vec3 randomDirection(std::mt19937_64& rng) {
    std::uniform_real_distribution<double> e(-3.0, 3.0);
    return std::pow(10.0, e(rng)) * randomUnit(rng);
}

/// Exact support function h(d) = max_{x in shape} d.x of each primitive.
double analyticSupportValue(const Shape& s, const Vec3& d) {
    const double sigma = std::hypot(d.x(), d.y());
    switch (s.type()) {
    case ShapeType::Sphere: return s.radius() * d.norm();
    case ShapeType::Box: return s.halfExtents().dot(d.cwiseAbs());
    case ShapeType::Capsule: return s.halfHeight() * std::abs(d.z()) + s.radius() * d.norm();
    case ShapeType::Cylinder: return s.radius() * sigma + s.halfHeight() * std::abs(d.z());
    case ShapeType::Cone:
        return std::max(s.halfHeight() * d.z(), s.radius() * sigma - s.halfHeight() * d.z());
    case ShapeType::Ellipsoid: return s.radii().cwiseProduct(d).norm();
    case ShapeType::ConvexMesh:
    case ShapeType::Superquadric:
    case ShapeType::SmoothedHull: break;
    }
    ADD_FAILURE() << "not a primitive";
    return 0.0;
}

/// How far `p` is outside the primitive, in a primitive-specific measure that is <= 0 inside
/// (unit: metre, except for the ellipsoid's dimensionless level-set value).
double outsideBy(const Shape& s, const Vec3& p) {
    const double rho = std::hypot(p.x(), p.y());
    switch (s.type()) {
    case ShapeType::Sphere: return p.norm() - s.radius();
    case ShapeType::Box: return (p.cwiseAbs() - s.halfExtents()).maxCoeff();
    case ShapeType::Capsule: {
        const double z = std::clamp(p.z(), -s.halfHeight(), s.halfHeight());
        return (p - Vec3(0, 0, z)).norm() - s.radius();
    }
    case ShapeType::Cylinder:
        return std::max(rho - s.radius(), std::abs(p.z()) - s.halfHeight());
    case ShapeType::Cone: {
        const double h = s.halfHeight();
        const double allowed = s.radius() * (h - p.z()) / (2.0 * h);
        return std::max(rho - allowed, std::abs(p.z()) - h);
    }
    case ShapeType::Ellipsoid: return p.cwiseQuotient(s.radii()).norm() - 1.0;
    case ShapeType::ConvexMesh:
    case ShapeType::Superquadric:
    case ShapeType::SmoothedHull: break;
    }
    ADD_FAILURE() << "not a primitive";
    return 0.0;
}

/// Points on the surface of a primitive: a deterministic parametric grid (dense around the
/// rims, where cone/cylinder supports switch) plus `randomCount` random surface points.
std::vector<Vec3> surfaceSamples(const Shape& s, int randomCount, std::mt19937_64& rng) {
    std::vector<Vec3> out;
    std::uniform_real_distribution<double> u(0.0, 1.0);
    const double r = s.radius();
    const double h = s.halfHeight();
    auto ring = [&](double radius, double z, double angle) {
        return Vec3(radius * std::cos(angle), radius * std::sin(angle), z);
    };
    for (int i = 0; i < randomCount; ++i) {
        const double angle = 2.0 * std::numbers::pi * u(rng);
        const double t = u(rng);
        switch (s.type()) {
        case ShapeType::Sphere: out.push_back(r * randomUnit(rng)); break;
        case ShapeType::Ellipsoid: out.push_back(s.radii().cwiseProduct(randomUnit(rng))); break;
        case ShapeType::Box: {
            Vec3 p = s.halfExtents().cwiseProduct(Vec3(2 * u(rng) - 1, 2 * u(rng) - 1, 2 * u(rng) - 1));
            const int axis = i % 3;
            p[axis] = (i / 3) % 2 ? s.halfExtents()[axis] : -s.halfExtents()[axis];
            out.push_back(p);
            break;
        }
        case ShapeType::Capsule: {
            const Vec3 n = randomUnit(rng);
            const double z = i % 2 ? (n.z() >= 0 ? h : -h) : h * (2 * t - 1);
            out.push_back(Vec3(0, 0, z) + r * (i % 2 ? n : Vec3(n.x(), n.y(), 0).normalized()));
            break;
        }
        case ShapeType::Cylinder:
            if (i % 3 == 0) {
                out.push_back(ring(r * std::sqrt(t), i % 2 ? h : -h, angle));
            } else {
                out.push_back(ring(r, h * (2 * t - 1), angle));
            }
            break;
        case ShapeType::Cone:
            if (i % 2 == 0) {
                out.push_back(ring(r * std::sqrt(t), -h, angle)); // base disk
            } else {
                out.push_back(ring(r * t, h - 2 * h * t, angle)); // lateral surface
            }
            break;
        case ShapeType::ConvexMesh:
        case ShapeType::Superquadric:
        case ShapeType::SmoothedHull: break;
        }
    }
    // Rim and pole samples.
    for (int k = 0; k < 720; ++k) {
        const double angle = 2.0 * std::numbers::pi * k / 720.0;
        switch (s.type()) {
        case ShapeType::Cylinder:
            out.push_back(ring(r, h, angle));
            out.push_back(ring(r, -h, angle));
            break;
        case ShapeType::Cone: out.push_back(ring(r, -h, angle)); break;
        case ShapeType::Capsule:
            out.push_back(ring(r, h, angle));
            out.push_back(ring(r, -h, angle));
            break;
        default: break;
        }
    }
    if (s.type() == ShapeType::Cone) {
        out.emplace_back(0, 0, h);
    }
    return out;
}

/// Directions that stress the special cases: axes, zero components, signed zeros, tiny and huge.
std::vector<Vec3> specialDirections() {
    std::vector<Vec3> dirs;
    const double values[] = {0.0, -0.0, 1.0, -1.0, 1e-310, -1e-200, 1e300, -3.5};
    for (double x : values) {
        for (double y : values) {
            for (double z : values) {
                const Vec3 d(x, y, z);
                if (d.cwiseAbs().maxCoeff() > 0.0) {
                    dirs.push_back(d);
                }
            }
        }
    }
    return dirs;
}

/// Scale-free reference for comparisons: |d| * (size of the shape).
double scaleOf(const Shape& s, const Vec3& d) { return d.norm() * s.boundingSphere().radius; }

} // namespace

// ---- support mappings ----------------------------------------------------------------------

TEST(ShapeSupport, EqualsAnalyticSupportFunction) {
    std::mt19937_64 rng(1);
    for (const Shape& s : allPrimitives()) {
        for (int i = 0; i < 20000; ++i) {
            const Vec3 d = randomDirection(rng);
            int hint = -1;
            const Vec3 p = s.support(d, hint);
            // Value within kRelTol of the exact support function; point inside within 1e-12 * size.
            EXPECT_NEAR(p.dot(d), analyticSupportValue(s, d), kRelTol * scaleOf(s, d))
                << shapeTypeName(s.type()) << " d=" << d.transpose();
            EXPECT_LE(outsideBy(s, p), 1e-12 * s.boundingSphere().radius)
                << shapeTypeName(s.type()) << " p=" << p.transpose();
            EXPECT_EQ(hint, -1) << "primitives must leave the hint untouched";
        }
    }
}

TEST(ShapeSupport, DominatesDenseSurfaceSamples) {
    std::mt19937_64 rng(2);
    for (const Shape& s : allPrimitives()) {
        const std::vector<Vec3> samples = surfaceSamples(s, 20000, rng);
        for (const Vec3& q : samples) {
            ASSERT_LE(outsideBy(s, q), 1e-12) << "bad sample of " << shapeTypeName(s.type());
        }
        for (int i = 0; i < 300; ++i) {
            const Vec3 d = i < 6 ? Vec3::Unit(i % 3) * (i < 3 ? 1.0 : -1.0) : randomDirection(rng);
            int hint = -1;
            const double value = s.support(d, hint).dot(d);
            double bestSample = -std::numeric_limits<double>::infinity();
            for (const Vec3& q : samples) {
                bestSample = std::max(bestSample, q.dot(d));
            }
            // Samples lie in the shape, so none may beat the support (up to rounding).
            EXPECT_GE(value, bestSample - kRelTol * scaleOf(s, d)) << shapeTypeName(s.type());
            // The samples are dense enough that the best one is close (sanity of the sampling).
            EXPECT_LE(value - bestSample, 0.05 * scaleOf(s, d)) << shapeTypeName(s.type());
        }
    }
}

TEST(ShapeSupport, NeverNaNOnSpecialDirections) {
    for (const Shape& s : allPrimitives()) {
        for (const Vec3& d : specialDirections()) {
            int hint = -1;
            const Vec3 p = s.support(d, hint);
            const Vec3 core = s.supportCore(d, hint);
            ASSERT_TRUE(p.allFinite()) << shapeTypeName(s.type()) << " d=" << d.transpose();
            ASSERT_TRUE(core.allFinite()) << shapeTypeName(s.type()) << " d=" << d.transpose();
            EXPECT_LE(outsideBy(s, p), 1e-12) << shapeTypeName(s.type()) << " d=" << d.transpose();
            // The direction rescaled to unit max-norm has the same support; compare values there.
            const Vec3 unitD = d / d.cwiseAbs().maxCoeff();
            EXPECT_NEAR(p.dot(unitD), analyticSupportValue(s, unitD), 1e-12 * scaleOf(s, unitD))
                << shapeTypeName(s.type()) << " d=" << d.transpose();
        }
    }
}

TEST(ShapeSupport, ZeroComponentsPickThePositiveSide) {
    const Shape box = Shape::box(Vec3(1, 2, 3));
    int hint = -1;
    EXPECT_EQ(box.support(Vec3(1, 0, 0), hint), Vec3(1, 2, 3));
    EXPECT_EQ(box.support(Vec3(-0.0, -1, -0.0), hint), Vec3(1, -2, 3));
    const Shape cylinder = Shape::cylinder(1, 2);
    EXPECT_EQ(cylinder.support(Vec3(1, 0, 0), hint), Vec3(1, 0, 2));
    EXPECT_EQ(cylinder.support(Vec3(0, 0, -1), hint), Vec3(0, 0, -2));
    const Shape capsule = Shape::capsule(0.5, 1);
    EXPECT_EQ(capsule.supportCore(Vec3(0, 1, 0), hint), Vec3(0, 0, 1));
    const Shape cone = Shape::cone(1, 1);
    EXPECT_EQ(cone.support(Vec3(0, 0, 1), hint), Vec3(0, 0, 1));
    EXPECT_EQ(cone.support(Vec3(0, 0, -1), hint), Vec3(0, 0, -1));
    EXPECT_EQ(cone.support(Vec3(1, 0, 0), hint), Vec3(1, 0, -1));
}

TEST(ShapeSupport, TinyTangentialComponentStillReachesTheRim) {
    // Direction almost along -z with a subnormal x component: the support is on the rim, not at
    // the base centre (the sigma > 0 branch of van den Bergen's mappings must not underflow).
    int hint = -1;
    EXPECT_EQ(Shape::cylinder(1, 2).support(Vec3(1e-310, 0, -1), hint), Vec3(1, 0, -2));
    EXPECT_EQ(Shape::cone(1, 1).support(Vec3(1e-310, 0, -1), hint), Vec3(1, 0, -1));
    EXPECT_EQ(Shape::sphere(2).support(Vec3(1e-310, 0, 0), hint), Vec3(2, 0, 0));
    EXPECT_EQ(Shape::ellipsoid(Vec3(1, 2, 3)).support(Vec3(0, -1e300, 0), hint), Vec3(0, -2, 0));
}

// ---- cores -----------------------------------------------------------------------------------

TEST(ShapeCore, CorePlusRadiusEqualsSupport) {
    std::mt19937_64 rng(3);
    for (const Shape& s : allPrimitives()) {
        const bool swept = s.type() == ShapeType::Sphere || s.type() == ShapeType::Capsule;
        EXPECT_EQ(s.coreRadius(), swept ? s.radius() : 0.0) << shapeTypeName(s.type());
        for (int i = 0; i < 5000; ++i) {
            const Vec3 d = randomDirection(rng);
            int hint = -1;
            const Vec3 full = s.support(d, hint);
            const Vec3 core = s.supportCore(d, hint);
            // 1e-12 relative to the shape's size: one rounding of the normalisation.
            EXPECT_LE((core + s.coreRadius() * d.normalized() - full).norm(),
                      1e-12 * s.boundingSphere().radius)
                << shapeTypeName(s.type());
        }
    }
    int hint = -1;
    EXPECT_EQ(Shape::sphere(3).supportCore(Vec3(1, 2, 3), hint), Vec3::Zero());
    EXPECT_EQ(Shape::capsule(0.5, 2).supportCore(Vec3(1, 2, -3), hint), Vec3(0, 0, -2));
}

// ---- bounding volumes --------------------------------------------------------------------------

TEST(ShapeBounds, ContainSurfaceSamplesAndAreTight) {
    std::mt19937_64 rng(4);
    for (const Shape& s : allPrimitives()) {
        const std::vector<Vec3> samples = surfaceSamples(s, 10000, rng);
        const Aabb& box = s.localAabb();
        const Obb& obb = s.localObb();
        const BoundingSphere& ball = s.boundingSphere();
        const double size = ball.radius;
        double farthest = 0.0;
        Vec3 lo = samples.front();
        Vec3 hi = samples.front();
        for (const Vec3& p : samples) {
            // Containment up to 1e-12 * size (rounding of the samples themselves).
            EXPECT_TRUE((p.array() >= box.min.array() - 1e-12 * size).all()) << shapeTypeName(s.type());
            EXPECT_TRUE((p.array() <= box.max.array() + 1e-12 * size).all()) << shapeTypeName(s.type());
            const Vec3 u = obb.axes.transpose() * (p - obb.center);
            EXPECT_TRUE((u.cwiseAbs().array() <= obb.halfExtents.array() + 1e-12 * size).all())
                << shapeTypeName(s.type());
            farthest = std::max(farthest, (p - ball.center).norm());
            lo = lo.cwiseMin(p);
            hi = hi.cwiseMax(p);
        }
        EXPECT_LE(farthest, ball.radius * (1 + 1e-12)) << shapeTypeName(s.type());
        // Tightness: the samples come within 1% of every bound (sampling density).
        EXPECT_GE(farthest, 0.99 * ball.radius) << shapeTypeName(s.type());
        EXPECT_LE((lo - box.min).cwiseAbs().maxCoeff(), 0.01 * size) << shapeTypeName(s.type());
        EXPECT_LE((hi - box.max).cwiseAbs().maxCoeff(), 0.01 * size) << shapeTypeName(s.type());
        EXPECT_TRUE(obb.axes.isApprox(Mat3::Identity())) << "primitives' OBB is axis aligned";
        EXPECT_EQ(obb.center, Vec3::Zero());
        EXPECT_TRUE(obb.halfExtents.isApprox(box.halfExtents())) << shapeTypeName(s.type());
    }
}

TEST(ShapeBounds, ConeBoundingSphereIsTheSmallestOne) {
    // Narrow cone: the circumsphere touches apex and rim; wide cone: the base circle.
    const Shape narrow = Shape::cone(0.5, 1.0);
    const BoundingSphere& a = narrow.boundingSphere();
    EXPECT_NEAR((Vec3(0, 0, 1) - a.center).norm(), a.radius, 1e-15);
    EXPECT_NEAR((Vec3(0.5, 0, -1) - a.center).norm(), a.radius, 1e-15);
    const Shape wide = Shape::cone(3.0, 1.0);
    EXPECT_EQ(wide.boundingSphere().center, Vec3(0, 0, -1));
    EXPECT_EQ(wide.boundingSphere().radius, 3.0);
}

// ---- factories --------------------------------------------------------------------------------

TEST(ShapeFactory, RejectsNonFiniteAndNonPositiveParameters) {
    const double bad[] = {0.0, -1.0, -0.0, std::numeric_limits<double>::quiet_NaN(),
                          std::numeric_limits<double>::infinity(),
                          -std::numeric_limits<double>::infinity()};
    for (double b : bad) {
        EXPECT_THROW((void)Shape::sphere(b), ShapeError);
        EXPECT_THROW((void)Shape::box(Vec3(1, b, 1)), ShapeError);
        EXPECT_THROW((void)Shape::capsule(b, 1), ShapeError);
        EXPECT_THROW((void)Shape::capsule(1, b), ShapeError);
        EXPECT_THROW((void)Shape::cylinder(b, 1), ShapeError);
        EXPECT_THROW((void)Shape::cylinder(1, b), ShapeError);
        EXPECT_THROW((void)Shape::cone(b, 1), ShapeError);
        EXPECT_THROW((void)Shape::cone(1, b), ShapeError);
        EXPECT_THROW((void)Shape::ellipsoid(Vec3(1, 1, b)), ShapeError);
    }
    EXPECT_THROW((void)Shape::mesh(nullptr), ShapeError);
    try {
        (void)Shape::cylinder(1, -2);
        FAIL() << "expected ShapeError";
    } catch (const ShapeError& e) {
        const std::string message = e.what();
        EXPECT_NE(message.find("cylinder"), std::string::npos) << message;
        EXPECT_NE(message.find("halfHeight"), std::string::npos) << message;
        EXPECT_NE(message.find("-2"), std::string::npos) << message;
    }
}

TEST(ShapeFactory, ParametersAndNames) {
    const Shape c = Shape::cone(0.25, 2.0);
    EXPECT_EQ(c.type(), ShapeType::Cone);
    EXPECT_EQ(c.radius(), 0.25);
    EXPECT_EQ(c.halfHeight(), 2.0);
    EXPECT_EQ(c.convexMesh(), nullptr);
    EXPECT_EQ(Shape::box(Vec3(1, 2, 3)).halfExtents(), Vec3(1, 2, 3));
    EXPECT_EQ(shapeTypeName(ShapeType::Sphere), "sphere");
    EXPECT_EQ(shapeTypeName(ShapeType::Ellipsoid), "ellipsoid");
    EXPECT_EQ(shapeTypeName(ShapeType::ConvexMesh), "mesh");
}

// ---- specs ------------------------------------------------------------------------------------

TEST(Spec, RoundTripIsBitExact) {
    std::mt19937_64 rng(5);
    std::uniform_real_distribution<double> exponent(-300.0, 300.0);
    auto randomValue = [&] { return std::pow(10.0, exponent(rng)) * (1.0 + 1e-3 * exponent(rng)); };
    std::vector<Shape> shapes = allPrimitives();
    shapes.push_back(Shape::sphere(0.1));
    shapes.push_back(Shape::sphere(std::numeric_limits<double>::max()));
    shapes.push_back(Shape::sphere(std::numeric_limits<double>::denorm_min()));
    for (int i = 0; i < 200; ++i) {
        shapes.push_back(Shape::box(Vec3(randomValue(), randomValue(), randomValue())));
        shapes.push_back(Shape::ellipsoid(Vec3(randomValue(), randomValue(), randomValue())));
        shapes.push_back(Shape::capsule(randomValue(), randomValue()));
        shapes.push_back(Shape::cylinder(randomValue(), randomValue()));
        shapes.push_back(Shape::cone(randomValue(), randomValue()));
        shapes.push_back(Shape::sphere(randomValue()));
    }
    for (const Shape& s : shapes) {
        const std::string spec = primitiveSpec(s);
        const Shape back = parsePrimitiveSpec(spec);
        EXPECT_EQ(back.type(), s.type()) << spec;
        EXPECT_EQ(back.halfExtents(), s.halfExtents()) << spec; // the parameter vector, bitwise
        EXPECT_EQ(primitiveSpec(back), spec);
    }
}

TEST(Spec, ReadsTheDocumentedFormat) {
    EXPECT_EQ(primitiveSpec(Shape::sphere(0.5)), "sphere:r=0.5");
    EXPECT_EQ(primitiveSpec(Shape::box(Vec3(1, 2, 0.25))), "box:hx=1,hy=2,hz=0.25");
    EXPECT_EQ(primitiveSpec(Shape::ellipsoid(Vec3(1, 2, 3))), "ellipsoid:a=1,b=2,c=3");
    EXPECT_EQ(primitiveSpec(Shape::capsule(1, 2)), "capsule:r=1,hz=2");
    EXPECT_EQ(primitiveSpec(Shape::cylinder(1, 2)), "cylinder:r=1,hz=2");
    EXPECT_EQ(primitiveSpec(Shape::cone(1, 2)), "cone:r=1,hz=2");
    EXPECT_EQ(primitiveSpec(Shape::sphere(0.1)), "sphere:r=0.10000000000000001"); // 17 digits
    const Shape b = parsePrimitiveSpec("box:hz=3,hx=1e-3,hy=2.5");
    EXPECT_EQ(b.type(), ShapeType::Box);
    EXPECT_EQ(b.halfExtents(), Vec3(1e-3, 2.5, 3));
    const Shape c = parsePrimitiveSpec("cone:r=0.5,hz=1.5");
    EXPECT_EQ(c.type(), ShapeType::Cone);
    EXPECT_EQ(c.radius(), 0.5);
    EXPECT_EQ(c.halfHeight(), 1.5);
}

TEST(Spec, MalformedSpecsNameTheSpecAndTheKey) {
    struct Case {
        const char* spec;
        const char* mentions; ///< text the message must contain besides the spec
    };
    const Case cases[] = {
        {"box:hx=1,hy=2", "'hz'"},         {"sphere:r=-1", "'r'"},
        {"sphere:r=abc", "'r'"},           {"torus:r=1", "torus"},
        {"sphere:r=1,r=2", "duplicate"},   {"sphere:r=1,q=2", "'q'"},
        {"sphere", "type:key=value"},      {"sphere:", "key=value"},
        {"sphere:r", "key=value"},         {"sphere:r=", "'r'"},
        {"sphere:r=1x", "'r'"},            {"sphere:r=nan", "'r'"},
        {"sphere:r=inf", "'r'"},           {"capsule:r=1,hz=0", "'hz'"},
        {"mesh:path=a.obj", "mesh"},       {"cylinder:r=1,,hz=2", "key=value"},
        {"ellipsoid:a=1,b=1,c=1e999", "'c'"},
        // rounded boxes and superquadrics
        {"box:hx=1,hy=2,hz=3,r=-1", "'r'"},
        {"box:hx=1,hy=2,hz=3,r=x", "'r'"},
        {"box:hx=1,hy=2,r=0.1", "'hz'"},
        {"box:hx=1,hy=2,hz=3,r=1,r=2", "duplicate"},
        {"box:hx=1,hy=2,hz=3,q=1", "r (optional)"},
        {"superquadric:a=1,b=1,c=1,e1=2,e2=1", "(0, 2)"},
        {"superquadric:a=1,b=1,c=1,e1=1", "'e2'"},
        {"superquadric:a=1,b=1,c=1,e1=1,e2=1,inflation=-1", "'inflation'"},
        {"superquadric:a=0,b=1,c=1,e1=1,e2=1", "'a'"},
        {"smoothed-hull:beta=4", "no spec"},
    };
    for (const Case& c : cases) {
        try {
            (void)parsePrimitiveSpec(c.spec);
            ADD_FAILURE() << "expected ShapeError for " << c.spec;
        } catch (const ShapeError& e) {
            const std::string message = e.what();
            EXPECT_NE(message.find(c.spec), std::string::npos) << message;
            EXPECT_NE(message.find(c.mentions), std::string::npos) << message;
        }
    }
}

TEST(Spec, MeshHasNoPrimitiveSpec) {
    const std::vector<Vec3> corners{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    const Shape mesh = Shape::mesh(ConvexMesh::fromPoints(corners));
    EXPECT_THROW((void)primitiveSpec(mesh), ShapeError);
}
