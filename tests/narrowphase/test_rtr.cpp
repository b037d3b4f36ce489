/// Tests of the smooth support functions and of the Riemannian trust-region solver (Rtr.h; An,
/// Lee, Lee, Park, Lee): derivatives against finite differences, the superquadric against its
/// implicit equation (16), the prescribed support functions (17), (19) against the hulls they
/// smooth, RTR against GJK/EPA on the paper's Table I shapes at seeded random poses from -0.05
/// to 0.05 (in units of the mean bounding radius L) and beyond, the optimality measure (20),
/// warm starts, and the error for shapes without a C^2 support function.
///
/// Table I gives no size for the cubes and the cylinder; we use the unit cube (vertices
/// +-0.5) and a cylinder of radius 0.5 and half height 0.5.

#include "minkowski/narrowphase/Collide.h"
#include "minkowski/narrowphase/ConvexMesh.h"
#include "minkowski/narrowphase/Rtr.h"
#include "Random.h"

#include <Eigen/Eigenvalues>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <string>
#include <vector>

using namespace mk;

namespace {

using ref::randomRotation;
using ref::randomUnit;
using ref::uniform;

double meanRadius(const Shape& a, const Shape& b) {
    return 0.5 * (a.boundingSphere().radius + b.boundingSphere().radius);
}

QueryRequest request(SolverChoice solver) {
    QueryRequest q;
    q.solver = solver;
    return q;
}

/// B's pose with rotation `rotB` along `dir` from A's origin such that GJK/EPA's signed distance
/// is `target` (bisection on the offset, 80 halvings).
Pose placeAt(const Shape& a, const Pose& poseA, const Shape& b, const Quat& rotB, const Vec3& dir,
             double target) {
    double lo = 0.0;
    double hi = a.boundingSphere().radius + b.boundingSphere().radius + std::abs(target) + 1.0;
    for (int i = 0; i < 80; ++i) {
        const double mid = 0.5 * (lo + hi);
        const Pose pb(rotB, poseA.translation + mid * dir);
        (collide(a, poseA, b, pb, request(builtins::gjk())).distance < target ? lo : hi) = mid;
    }
    return {rotB, poseA.translation + 0.5 * (lo + hi) * dir};
}

std::vector<Vec3> cubeCorners(double h) {
    std::vector<Vec3> corners;
    for (int i = 0; i < 8; ++i) {
        corners.emplace_back(i & 1 ? h : -h, i & 2 ? h : -h, i & 4 ? h : -h);
    }
    return corners;
}

struct Named {
    std::string name;
    Shape shape;
};

/// An et al., Table I: four superquadrics (a, b, c, alpha1, alpha2) and four prescribed support
/// functions (cubes of sharpness 5, 10, 50; a cylinder with gamma = 1e-3, beta = 40).
std::vector<Named> tableOne() {
    const auto cube = cubeCorners(0.5);
    const std::vector<Eigen::Vector2d> cylinder{{0.5, -0.5}, {0.5, 0.5}};
    return {{"ellipsoid", Shape::superquadric(Vec3(0.5, 0.5, 0.7), 1.0, 1.0)},
            {"superellipsoid", Shape::superquadric(Vec3(0.7, 0.7, 0.35), 1.0, 1.5)},
            {"double-cone", Shape::superquadric(Vec3(0.5, 0.5, 0.7), 1.5, 1.0)},
            {"double-pyramid", Shape::superquadric(Vec3(0.6, 0.6, 0.6), 1.5, 1.5)},
            {"cube-1", Shape::smoothedHull(cube, 5.0)},
            {"cube-2", Shape::smoothedHull(cube, 10.0)},
            {"cube-3", Shape::smoothedHull(cube, 50.0)},
            {"cylinder", Shape::smoothedRevolution(cylinder, 40.0, 1e-3)}};
}

/// Every SmoothSupport variety, including a superquadric below the C^2 range.
std::vector<std::shared_ptr<const SmoothSupport>> smoothSupports() {
    const auto cube = cubeCorners(0.5);
    std::vector<Vec3> offCentre;
    for (const Vec3& p : cube) {
        offCentre.push_back(p + Vec3(0.3, -0.2, 1.0));
    }
    const std::vector<Eigen::Vector2d> cone{{0.4, -0.3}, {0.0, 0.5}};
    return {SmoothSupport::superquadric(Vec3(0.5, 0.5, 0.7), 1.0, 1.0),
            SmoothSupport::superquadric(Vec3(0.7, 0.4, 0.35), 1.0, 1.5),
            SmoothSupport::superquadric(Vec3(0.5, 0.3, 0.7), 1.5, 1.0),
            SmoothSupport::superquadric(Vec3(0.6, 0.6, 0.2), 1.9, 1.7),
            SmoothSupport::hull(offCentre, 7.0),
            SmoothSupport::hull(cube, 50.0),
            SmoothSupport::revolution(cone, 20.0, 0.01)};
}

/// Eq. (16) at p: ((p1/a)^(2/alpha2) + (p2/b)^(2/alpha2))^(alpha2/alpha1) + (p3/c)^(2/alpha1) - 1.
double superquadricImplicit(const SmoothSupport& s, const Vec3& p) {
    const Vec3 q = p.cwiseQuotient(s.radii()).cwiseAbs();
    const double a1 = s.alpha1(), a2 = s.alpha2();
    return std::pow(std::pow(q.x(), 2.0 / a2) + std::pow(q.y(), 2.0 / a2), a2 / a1) +
           std::pow(q.z(), 2.0 / a1) - 1.0;
}

} // namespace

// ---------------------------------------------------------------------------------------------
// Smooth support functions
// ---------------------------------------------------------------------------------------------

TEST(RtrSupport, DerivativesMatchFiniteDifferences) {
    // Central differences with step 1e-6 at |x| in [0.5, 2]: gradient within 1e-7 m, Hessian
    // within 1e-5 relative (the truncation and rounding error of the differences).
    std::mt19937_64 rng(51);
    for (const auto& s : smoothSupports()) {
        for (int i = 0; i < 300; ++i) {
            const Vec3 x = uniform(rng, 0.5, 2.0) * randomUnit(rng);
            const SupportDerivatives d = s->derivatives(x);
            Vec3 gradient;
            Mat3 hessian;
            const double step = 1e-6;
            for (int k = 0; k < 3; ++k) {
                const Vec3 e = step * Vec3::Unit(k);
                gradient[k] = (s->value(x + e) - s->value(x - e)) / (2.0 * step);
                hessian.col(k) = (s->support(x + e) - s->support(x - e)) / (2.0 * step);
            }
            EXPECT_LT((gradient - d.gradient).norm(), 1e-7) << static_cast<int>(s->kind());
            EXPECT_LT((hessian - d.hessian).norm(), 1e-5 * std::max(1.0, d.hessian.norm()))
                << static_cast<int>(s->kind()) << " x = " << x.transpose();
            EXPECT_EQ(d.gradient, s->support(x));
        }
    }
}

TEST(RtrSupport, HomogeneityEulerAndPositiveCurvature) {
    // h(l x) = l h(x), x . grad h = h (Euler), Hess h x = 0 (1e-11), Hess symmetric, and positive
    // semidefinite (h convex): all to 1e-12 relative unless stated.
    std::mt19937_64 rng(52);
    for (const auto& s : smoothSupports()) {
        for (int i = 0; i < 300; ++i) {
            const Vec3 x = uniform(rng, 0.1, 10.0) * randomUnit(rng);
            const SupportDerivatives d = s->derivatives(x);
            const double scale = std::max(1.0, std::abs(d.value));
            EXPECT_NEAR(s->value(3.0 * x), 3.0 * d.value, 1e-12 * scale);
            EXPECT_NEAR(x.dot(d.gradient), d.value, 1e-12 * scale);
            const double hNorm = std::max(1.0, d.hessian.norm());
            EXPECT_LT((d.hessian * x).norm(), 1e-11 * hNorm * x.norm());
            EXPECT_LT((d.hessian - d.hessian.transpose()).norm(), 1e-12 * hNorm);
            EXPECT_GT(Eigen::SelfAdjointEigenSolver<Mat3>(d.hessian).eigenvalues().minCoeff(),
                      -1e-12 * hNorm);
        }
    }
}

TEST(RtrSupport, SuperquadricSupportPointsSolveEquation16) {
    // The support point of direction x lies on the surface (16) (|F| <= 1e-12) and maximises
    // x . p over surface points p = y / N(y) (1e-12), for exponents below, in and above [1, 2).
    std::mt19937_64 rng(53);
    for (const auto& [a1, a2] : {std::pair{0.3, 0.6}, {1.0, 1.0}, {1.0, 1.5}, {1.5, 1.0},
                                 {1.9, 1.95}}) {
        const auto s = SmoothSupport::superquadric(Vec3(0.7, 0.4, 0.3), a1, a2);
        std::vector<Vec3> surface;
        for (int i = 0; i < 2000; ++i) {
            const Vec3 y = randomUnit(rng);
            // scale y onto the surface: F + 1 is homogeneous of degree 2 / alpha1
            surface.push_back(y / std::pow(superquadricImplicit(*s, y) + 1.0, a1 / 2.0));
        }
        for (int i = 0; i < 300; ++i) {
            const Vec3 x = randomUnit(rng);
            const Vec3 p = s->support(x);
            EXPECT_NEAR(superquadricImplicit(*s, p), 0.0, 1e-12) << a1 << " " << a2;
            for (const Vec3& q : surface) {
                ASSERT_GE(x.dot(p), x.dot(q) - 1e-12) << a1 << " " << a2;
            }
        }
        EXPECT_EQ(s->isC2(), a1 >= 1.0 && a2 >= 1.0);
    }
}

TEST(RtrSupport, SuperquadricWithUnitExponentsIsTheEllipsoid) {
    std::mt19937_64 rng(54);
    const Vec3 radii(0.5, 0.3, 0.7);
    const Shape sq = Shape::superquadric(radii, 1.0, 1.0);
    const Shape e = Shape::ellipsoid(radii);
    EXPECT_EQ(sq.coreRadius(), 0.0); // the paper inflates only when an exponent exceeds 1
    for (int i = 0; i < 300; ++i) {
        const Vec3 d = randomUnit(rng);
        int hint = -1;
        EXPECT_LT((sq.support(d, hint) - e.support(d, hint)).norm(), 1e-15);
    }
}

TEST(RtrSupport, SmoothedHullContainsTheHullAndConvergesToIt) {
    // Eq. (17) about the centroid c: max t_i <= ||t||_beta <= n^(1/beta) max t_i with
    // t_i = (p_i - c) . x gives h_hull <= h <= c.x + n^(1/beta) (h_hull - c.x): containment and
    // convergence as beta grows (1e-12).
    std::mt19937_64 rng(55);
    std::vector<Vec3> points;
    for (int i = 0; i < 40; ++i) {
        points.push_back(Vec3(0.5, 0.3, 0.2).cwiseProduct(randomUnit(rng)) + Vec3(1, 0, 0));
    }
    const Shape hull = Shape::mesh(ConvexMesh::fromPoints(points));
    const double n = static_cast<double>(hull.convexMesh()->vertices().size());
    double previousGap = 1e300;
    for (const double beta : {3.0, 10.0, 50.0, 300.0}) {
        const Shape smooth = Shape::smoothedHull(points, beta);
        const Vec3 c = smooth.smoothSupport()->centre();
        double gap = 0.0;
        for (int i = 0; i < 500; ++i) {
            const Vec3 x = randomUnit(rng);
            int hint = -1;
            const double h = smooth.support(x, hint).dot(x);
            const double hHull = hull.support(x, hint).dot(x);
            EXPECT_GE(h, hHull - 1e-12);
            EXPECT_LE(h, c.dot(x) + std::pow(n, 1.0 / beta) * (hHull - c.dot(x)) + 1e-12);
            gap = std::max(gap, h - hHull);
        }
        EXPECT_LT(gap, previousGap);
        previousGap = gap;
    }
    EXPECT_LT(previousGap, 0.02);
}

TEST(RtrSupport, RevolutionContainsTheSolidAndConvergesToIt) {
    // Eq. (19) of the cylinder profile (+-r, +-h): r1 = sqrt(rho^2 + gamma z^2) >= rho makes
    // h >= r rho + h |z| (the cylinder's support), and h <= 4^(1/beta) (r r1 + h |z|).
    std::mt19937_64 rng(56);
    const double r = 0.4, hh = 0.3;
    const std::vector<Eigen::Vector2d> profile{{r, -hh}, {r, hh}};
    for (const auto& [beta, gamma] : {std::pair{10.0, 0.1}, {40.0, 1e-3}, {400.0, 1e-6}}) {
        const Shape s = Shape::smoothedRevolution(profile, beta, gamma);
        for (int i = 0; i < 500; ++i) {
            const Vec3 x = randomUnit(rng);
            int hint = -1;
            const double h = s.support(x, hint).dot(x);
            const double rho = std::hypot(x.x(), x.y());
            const double r1 = std::sqrt(rho * rho + gamma * x.z() * x.z());
            EXPECT_GE(h, r * rho + hh * std::abs(x.z()) - 1e-12);
            EXPECT_LE(h, std::pow(4.0, 1.0 / beta) * (r * r1 + hh * std::abs(x.z())) + 1e-12);
        }
    }
}

TEST(RtrSupport, ShapesHaveBoundsAndSupportsForEverySolver) {
    // The new shape types: names, cores (superquadric inflation by the paper's rule), the AABB
    // and bounding sphere contain the support points (1e-12), the AABB is tight (its faces are
    // the support values along the axes).
    std::mt19937_64 rng(57);
    const Shape sq = Shape::superquadric(Vec3(0.6, 0.6, 0.2), 1.5, 1.2);
    EXPECT_EQ(shapeTypeName(sq.type()), "superquadric");
    EXPECT_EQ(sq.coreRadius(), kSuperquadricInflation);
    EXPECT_EQ(Shape::superquadric(Vec3(0.6, 0.6, 0.2), 1.5, 1.2, 0.01).coreRadius(), 0.01);
    EXPECT_EQ(shapeTypeName(tableOne()[4].shape.type()), "smoothed-hull");
    for (const auto& [label, s] : tableOne()) {
        for (int i = 0; i < 3; ++i) {
            int hint = -1;
            EXPECT_NEAR(s.support(Vec3::Unit(i), hint)[i], s.localAabb().max[i], 1e-15) << label;
            EXPECT_NEAR(s.support(-Vec3::Unit(i), hint)[i], s.localAabb().min[i], 1e-15) << label;
        }
        for (int i = 0; i < 2000; ++i) {
            const Vec3 d = randomUnit(rng);
            int hint = -1;
            const Vec3 p = s.support(d, hint);
            EXPECT_LT((p - s.supportCore(d, hint) - s.coreRadius() * d).norm(), 1e-15) << label;
            EXPECT_LE((p - s.boundingSphere().center).norm(), s.boundingSphere().radius + 1e-12)
                << label;
            EXPECT_TRUE((p.array() >= s.localAabb().min.array() - 1e-12).all() &&
                        (p.array() <= s.localAabb().max.array() + 1e-12).all())
                << label;
        }
    }
}

TEST(RtrSupport, InvalidParametersAreRejected) {
    const auto cube = cubeCorners(0.5);
    const std::vector<Eigen::Vector2d> flat{{0.5, 0.0}, {0.2, 0.0}};
    const std::vector<Eigen::Vector2d> negative{{-0.5, 0.0}, {0.5, 1.0}};
    const std::vector<Vec3> coplanar{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0}};
    EXPECT_THROW(Shape::superquadric(Vec3(1, 1, 1), 0.0, 1.0), ShapeError);
    EXPECT_THROW(Shape::superquadric(Vec3(1, 1, 1), 1.0, 2.0), ShapeError);
    EXPECT_THROW(Shape::superquadric(Vec3(1, 1, 1), std::nan(""), 1.0), ShapeError);
    EXPECT_THROW(Shape::superquadric(Vec3(1, 0, 1), 1.0, 1.0), ShapeError);
    EXPECT_THROW(Shape::superquadric(Vec3(1, 1, 1), 1.0, 1.0, -1e-3), ShapeError);
    EXPECT_THROW(Shape::smoothedHull(cube, 2.0), ShapeError);
    EXPECT_THROW(Shape::smoothedHull(coplanar, 10.0), ShapeError);
    EXPECT_THROW(Shape::smoothedRevolution(flat, 10.0, 0.1), ShapeError);
    EXPECT_THROW(Shape::smoothedRevolution(negative, 10.0, 0.1), ShapeError);
    EXPECT_THROW(Shape::smoothedRevolution(std::vector<Eigen::Vector2d>{{0.5, 0}, {0, 1}}, 10.0, 0.0),
                 ShapeError);
}

// ---------------------------------------------------------------------------------------------
// RTR
// ---------------------------------------------------------------------------------------------

TEST(Rtr, SpheresAreExact) {
    // Sphere cores are points: h is exactly r_A + r_B - (c_B - c_A).x, minimised in one step.
    const Shape a = Shape::sphere(0.3), b = Shape::sphere(0.2);
    for (const double gap : {0.5, 0.01, -0.01, -0.4}) {
        const Vec3 n = Vec3(-1, 2, 0.5).normalized();
        const Pose pa(Quat::Identity(), Vec3(0.3, 0, 0)), pb(Quat::Identity(),
                                                             pa.translation + (0.5 + gap) * n);
        const QueryResult r = rtrQuery(a, pa, b, pb, QueryRequest{});
        EXPECT_EQ(r.status, gap > 0 ? Status::Separated : Status::Penetrating);
        EXPECT_NEAR(r.distance, gap, 1e-14);
        EXPECT_LT((r.normal - n).norm(), 1e-14);
        EXPECT_LT((r.witnessA - (pa.translation + 0.3 * n)).norm(), 1e-14);
        EXPECT_LE(r.iterations, 1);
    }
}

TEST(Rtr, TableOnePairsAgreeWithGjkEpa) {
    // Every pair of Table I, 25 seeded poses with GJK/EPA signed distance uniform in
    // [-0.05, 0.05] L: RTR converges (13), |d_rtr - d_gjk/epa| <= 5e-8 L (both at 1e-8
    // relative), normals within 5e-4 (GJK/EPA's normal on curved shapes is accurate to about the
    // square root of its 1e-8 tolerance), the optimality measure (20) below 1e-4 (the paper's
    // threshold; we stop at 1e-8 relative), and at most 40 iterations.
    std::mt19937_64 rng(61);
    const auto shapes = tableOne();
    double worstOptimality = 0.0;
    int totalIterations = 0, runs = 0, maxIterations = 0;
    for (size_t i = 0; i < shapes.size(); ++i) {
        for (size_t j = i; j < shapes.size(); ++j) {
            const Shape& a = shapes[i].shape;
            const Shape& b = shapes[j].shape;
            const std::string label = shapes[i].name + "-" + shapes[j].name;
            const double L = meanRadius(a, b);
            for (int k = 0; k < 25; ++k) {
                const Pose pa(randomRotation(rng), Vec3(0.2, 0.1, -0.3));
                const Pose pb = placeAt(a, pa, b, randomRotation(rng), randomUnit(rng),
                                        uniform(rng, -0.05, 0.05) * L);
                const QueryResult g = collide(a, pa, b, pb, request(builtins::gjk()));
                const QueryResult r = rtrQuery(a, pa, b, pb, QueryRequest{});
                ASSERT_TRUE(r.status == Status::Separated || r.status == Status::Penetrating)
                    << label << " " << name(r.status);
                EXPECT_NEAR(r.distance, g.distance, 5e-8 * L) << label;
                EXPECT_LT((r.normal - g.normal).norm(), 5e-4) << label;
                const double optimality = optimalityMeasure(r.normal, r.witnessA, r.witnessB);
                EXPECT_LT(optimality, 1e-4) << label;
                worstOptimality = std::max(worstOptimality, optimality);
                EXPECT_LE(r.iterations, 40) << label;
                totalIterations += r.iterations;
                maxIterations = std::max(maxIterations, r.iterations);
                ++runs;
            }
        }
    }
    RecordProperty("mean-iterations-x100", 100 * totalIterations / runs);
    RecordProperty("max-iterations", maxIterations);
    RecordProperty("worst-optimality-x1e9", static_cast<int>(worstOptimality * 1e9));
}

TEST(Rtr, DeepPenetrationCanStopAtALocalMinimumButNeverUndercutsTheMtd) {
    // Poses in [-0.3, 0.3] L. Any stationary point x gives h(x) >= min h, so RTR's distance is
    // never above the MTD (<= d_gjk/epa + 5e-8 L): a local minimum over-estimates the depth (the
    // translation along its normal still separates). Theorem 1 guarantees the global minimum only
    // for small penetration; here RTR finds it (within 5e-8 L) in at least 97% of the cases.
    std::mt19937_64 rng(62);
    const auto shapes = tableOne();
    int global = 0, runs = 0;
    for (size_t i = 0; i < shapes.size(); ++i) {
        for (size_t j = i; j < shapes.size(); ++j) {
            const Shape& a = shapes[i].shape;
            const Shape& b = shapes[j].shape;
            const double L = meanRadius(a, b);
            for (int k = 0; k < 10; ++k) {
                const Pose pa(randomRotation(rng), Vec3::Zero());
                const Pose pb = placeAt(a, pa, b, randomRotation(rng), randomUnit(rng),
                                        uniform(rng, -0.3, 0.3) * L);
                const QueryResult g = collide(a, pa, b, pb, request(builtins::gjk()));
                const QueryResult r = rtrQuery(a, pa, b, pb, QueryRequest{});
                EXPECT_LE(r.distance, g.distance + 5e-8 * L)
                    << shapes[i].name << "-" << shapes[j].name;
                global += std::abs(r.distance - g.distance) <= 5e-8 * L;
                ++runs;
            }
        }
    }
    EXPECT_GE(global, 0.97 * runs);
    RecordProperty("global-minimum-percent", 100 * global / runs);
}

TEST(Rtr, SeparatedShapesConvergeToTheGlobalMinimumFromAnyStart) {
    // The paper observes global convergence without penetration; we start from 8 random
    // directions (not eq. 14) at distances in [0.01, 1] L: always converged, within 5e-8 L of
    // GJK.
    std::mt19937_64 rng(63);
    const auto shapes = tableOne();
    for (size_t i = 0; i < shapes.size(); ++i) {
        for (size_t j = 0; j < shapes.size(); j += 3) {
            const Shape& a = shapes[i].shape;
            const Shape& b = shapes[j].shape;
            const double L = meanRadius(a, b);
            for (int k = 0; k < 3; ++k) {
                const Pose pa(randomRotation(rng), Vec3::Zero());
                const Pose pb = placeAt(a, pa, b, randomRotation(rng), randomUnit(rng),
                                        uniform(rng, 0.01, 1.0) * L);
                const double reference = collide(a, pa, b, pb, request(builtins::gjk())).distance;
                for (int s = 0; s < 8; ++s) {
                    const RtrOutput o = rtr(a, b, pa.inverse() * pb, randomUnit(rng));
                    EXPECT_EQ(o.status, RtrStatus::Converged);
                    EXPECT_NEAR(o.distance, reference, 5e-8 * L)
                        << shapes[i].name << "-" << shapes[j].name;
                }
            }
        }
    }
}

TEST(Rtr, InflationIsAMinkowskiSum) {
    // A superquadric grown by r: every distance drops by exactly r (1e-9 m), for RTR as for GJK.
    std::mt19937_64 rng(64);
    const Shape bare = Shape::superquadric(Vec3(0.5, 0.4, 0.3), 1.5, 1.2, 0.0);
    const Shape grown = Shape::superquadric(Vec3(0.5, 0.4, 0.3), 1.5, 1.2, 0.02);
    const Shape other = Shape::ellipsoid(Vec3(0.3, 0.2, 0.4));
    for (int i = 0; i < 50; ++i) {
        const Pose pa(randomRotation(rng), Vec3::Zero());
        const Pose pb(randomRotation(rng), uniform(rng, 0.3, 1.2) * randomUnit(rng));
        const double d0 = rtrQuery(bare, pa, other, pb, QueryRequest{}).distance;
        const double d1 = rtrQuery(grown, pa, other, pb, QueryRequest{}).distance;
        EXPECT_NEAR(d1, d0 - 0.02, 1e-9);
    }
}

TEST(Rtr, ShapesWithoutC2SupportAreAClearError) {
    // rtr() throws naming the fix; rtrQuery (and so mk::collide) reports Status::Unsupported.
    const auto corners = cubeCorners(0.3);
    const Shape ok = Shape::sphere(0.5);
    const std::vector<std::pair<Shape, std::string>> cases{
        {Shape::box(Vec3(0.3, 0.3, 0.3)), "Shape::smoothedHull"},
        {Shape::mesh(ConvexMesh::fromPoints(corners)), "Shape::smoothedHull"},
        {Shape::cylinder(0.3, 0.2), "Shape::smoothedRevolution"},
        {Shape::cone(0.3, 0.2), "Shape::smoothedRevolution"},
        {Shape::capsule(0.3, 0.2), "Shape::smoothedRevolution"},
        {Shape::superquadric(Vec3(0.3, 0.3, 0.3), 0.5, 1.0), "alpha1, alpha2 >= 1"}};
    for (const auto& [shape, fix] : cases) {
        EXPECT_FALSE(rtrSupports(shape));
        EXPECT_NE(rtrRequirement(shape).find(fix), std::string::npos) << rtrRequirement(shape);
        try {
            (void)rtr(ok, shape, Pose(), Vec3::UnitX());
            ADD_FAILURE() << "no exception for " << shapeTypeName(shape.type());
        } catch (const RtrUnsupportedShape& e) {
            EXPECT_NE(std::string(e.what()).find(fix), std::string::npos) << e.what();
        }
        const QueryResult r = rtrQuery(shape, Pose(), ok, Pose(), QueryRequest{});
        EXPECT_EQ(r.status, Status::Unsupported);
        EXPECT_FALSE(r.collide);
    }
    EXPECT_TRUE(rtrSupports(ok));
    EXPECT_TRUE(rtrRequirement(Shape::ellipsoid(Vec3(1, 2, 3))).empty());
}

TEST(Rtr, WarmStartFromThePreviousSeparation) {
    // A 100-step trajectory (1 mm and 0.005 rad per step) from +0.05 L into penetration: with
    // initialGuess = the previous result's separation (the "previous" strategy), the answers
    // agree with eq. (14) starts (5e-8 L) and need fewer iterations on average. (In deep
    // penetration a warm start can follow a minimum that has become local: see
    // docs/solvers-optimization.md.)
    std::mt19937_64 rng(65);
    const auto shapes = tableOne();
    const Shape& a = shapes[1].shape; // superellipsoid
    const Shape& b = shapes[5].shape; // cube-2
    const double L = meanRadius(a, b);
    Pose pa(randomRotation(rng), Vec3::Zero());
    Pose pb = placeAt(a, pa, b, randomRotation(rng), Vec3::UnitZ(), 0.05 * L);
    const Vec3 spin = randomUnit(rng);
    QueryResult previous = rtrQuery(a, pa, b, pb, QueryRequest{});
    int cold = 0, warm = 0;
    for (int step = 0; step < 100; ++step) {
        pa.rotation = Quat(Eigen::AngleAxisd(0.005, spin)) * pa.rotation;
        pb.translation.z() -= 0.001;
        QueryRequest guess;
        guess.initialGuess = previous.separation;
        const QueryResult w = rtrQuery(a, pa, b, pb, guess);
        const QueryResult c = rtrQuery(a, pa, b, pb, QueryRequest{});
        EXPECT_NEAR(w.distance, c.distance, 5e-8 * L) << step;
        warm += w.iterations;
        cold += c.iterations;
        previous = w;
    }
    EXPECT_LT(previous.distance, 0.0);
    EXPECT_LT(warm, cold);
    RecordProperty("cold-iterations-x100", 100 * cold / 100);
    RecordProperty("warm-iterations-x100", 100 * warm / 100);
}

TEST(Rtr, BooleanTaskStopsAtASeparatingDirection) {
    // Task::Boolean stops when h(x_k) < -margin (B - A lies beyond the plane of normal x_k): the
    // verdict equals the converged one, never more iterations, distance a lower bound.
    std::mt19937_64 rng(66);
    const auto shapes = tableOne();
    for (int i = 0; i < 200; ++i) {
        const Shape& a = shapes[i % shapes.size()].shape;
        const Shape& b = shapes[(i / 8) % shapes.size()].shape;
        const Pose pa(randomRotation(rng), Vec3::Zero());
        const Pose pb(randomRotation(rng), uniform(rng, 0.5, 2.0) * randomUnit(rng));
        const QueryResult full = rtrQuery(a, pa, b, pb, QueryRequest{});
        QueryRequest boolean;
        boolean.task = Task::Boolean;
        boolean.margin = 0.01;
        const QueryResult quick = rtrQuery(a, pa, b, pb, boolean);
        if (std::abs(full.distance - boolean.margin) > 1e-6) {
            EXPECT_EQ(quick.collide, full.distance <= boolean.margin);
        }
        EXPECT_LE(quick.iterations, full.iterations);
        if (quick.status == Status::SeparatedEarlyExit) {
            EXPECT_LE(quick.distance, full.distance + 1e-12);
            EXPECT_GT(quick.distance, boolean.margin);
        }
    }
}

TEST(Rtr, EverySolverUsesTheSmoothShapes) {
    // GJK (all variants) and MPR see the smooth shapes through their support points: separated
    // distances equal RTR's (5e-8 L) and every boolean verdict agrees.
    std::mt19937_64 rng(67);
    const auto shapes = tableOne();
    for (int i = 0; i < 100; ++i) {
        const Shape& a = shapes[i % shapes.size()].shape;
        const Shape& b = shapes[(i / 8) % shapes.size()].shape;
        const double L = meanRadius(a, b);
        const Pose pa(randomRotation(rng), Vec3::Zero());
        const Pose pb(randomRotation(rng), uniform(rng, 0.5, 2.0) * randomUnit(rng));
        const QueryResult r = rtrQuery(a, pa, b, pb, QueryRequest{});
        for (const SolverChoice& s : std::initializer_list<SolverChoice>{builtins::gjk(), builtins::gjkPolyak(), builtins::gjkNesterov(),
                                   builtins::gjkNesterovNormalized(), builtins::mpr()}) {
            QueryRequest q = request(s);
            q.maxIterations = 1000; // the normalised variant is slow on strictly convex shapes
            const QueryResult o = collide(a, pa, b, pb, q);
            if (std::abs(r.distance) > 1e-6) {
                EXPECT_EQ(o.collide, r.collide) << name(s);
            }
            if (r.distance > 0.0 && &s.entry() != &builtins::mpr()) {
                EXPECT_NEAR(o.distance, r.distance, 5e-8 * L) << name(s);
            }
        }
    }
}

TEST(Rtr, RegisteredInCollide) {
    // "rtr" is in the registry, mk::collide dispatches to rtrQuery (the same bits), and
    // solverTraits states which shapes it takes.
    EXPECT_EQ(&parseSolverChoice("rtr").entry(), &builtins::rtr());
    EXPECT_EQ(name(builtins::rtr()), "rtr");
    const auto all = builtinSolvers();
    EXPECT_NE(std::find(all.begin(), all.end(), &builtins::rtr()), all.end());
    std::mt19937_64 rng(68);
    const auto shapes = tableOne();
    for (int i = 0; i < 20; ++i) {
        const Shape& a = shapes[i % shapes.size()].shape;
        const Shape& b = shapes[(i + 3) % shapes.size()].shape;
        const Pose pa(randomRotation(rng), Vec3::Zero());
        const Pose pb(randomRotation(rng), uniform(rng, 0.5, 2.0) * randomUnit(rng));
        const QueryRequest q = request(builtins::rtr());
        const QueryResult viaCollide = collide(a, pa, b, pb, q);
        const QueryResult direct = rtrQuery(a, pa, b, pb, q);
        EXPECT_EQ(viaCollide.distance, direct.distance);
        EXPECT_EQ(viaCollide.status, direct.status);
        EXPECT_EQ(viaCollide.normal, direct.normal);
        EXPECT_TRUE(solverTraits(builtins::rtr(), a, b).supported);
    }
    const Shape box = Shape::box(Vec3(0.3, 0.3, 0.3));
    EXPECT_FALSE(solverTraits(builtins::rtr(), box, shapes[0].shape).supported);
    EXPECT_EQ(collide(box, Pose(), shapes[0].shape, Pose(), request(builtins::rtr())).status,
              Status::Unsupported);
}

TEST(Rtr, MprFindsTheInteriorOfAnOffCentreSmoothedHull) {
    // A smoothed hull whose local origin lies outside it: MPR starts from the hull's centroid
    // (not the origin) and its verdicts equal GJK's.
    std::mt19937_64 rng(69);
    std::vector<Vec3> points;
    for (const Vec3& p : cubeCorners(0.2)) {
        points.push_back(p + Vec3(1.0, 0.5, 0.0));
    }
    const Shape hull = Shape::smoothedHull(points, 10.0);
    const Shape ball = Shape::sphere(0.15);
    for (int i = 0; i < 200; ++i) {
        const Pose pa(randomRotation(rng), Vec3::Zero());
        const Pose pb(Quat::Identity(), pa.apply(Vec3(1.0, 0.5, 0.0)) +
                                            uniform(rng, 0.0, 0.6) * randomUnit(rng));
        QueryRequest q = request(builtins::mpr());
        q.task = Task::Boolean;
        const QueryResult m = collide(hull, pa, ball, pb, q);
        const QueryResult g = collide(hull, pa, ball, pb, request(builtins::gjk()));
        if (std::abs(g.distance) > 1e-9) {
            EXPECT_EQ(m.collide, g.collide) << g.distance;
        }
    }
}

TEST(Rtr, NonFiniteGuessNeverLeaks) {
    // A NaN initialGuess is ignored (eq. 14 is used) and never reaches QueryResult::separation.
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const auto shapes = tableOne();
    for (const Task task : {Task::Boolean, Task::Distance, Task::SignedDistance}) {
        QueryRequest q;
        q.task = task;
        q.initialGuess = Vec3(nan, 0, 0);
        const QueryResult r = rtrQuery(shapes[0].shape, Pose(), shapes[4].shape,
                                       Pose(Quat::Identity(), Vec3(0.3, 0.2, 0.1)), q);
        EXPECT_TRUE(isOverlap(r.status)) << name(r.status);
        EXPECT_TRUE(r.separation.allFinite() && r.normal.allFinite() && r.witnessA.allFinite());
        const QueryResult u = rtrQuery(Shape::box(Vec3(1, 1, 1)), Pose(), shapes[0].shape, Pose(), q);
        EXPECT_EQ(u.status, Status::Unsupported);
        EXPECT_TRUE(u.separation.allFinite());
    }
}
