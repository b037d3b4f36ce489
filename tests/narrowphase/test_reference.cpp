/// \file test_reference.cpp
/// Tests OF the brute-force references (tests/support/Reference.h): the references must agree
/// with each other and with dense sampling on seeded random cases before they can judge solvers.
/// Every random suite asserts that it covered both outcomes (separated and overlapping).

#include "Reference.h"

#include <gtest/gtest.h>

#include <random>

using namespace mk;

namespace {

using ref::randomPose;
using ref::randomRotation;
using ref::randomVec;

/// n random points in a box of half size `half` around the origin.
std::vector<Vec3> randomPoints(std::mt19937_64& rng, int n, double half) {
    std::vector<Vec3> pts;
    for (int i = 0; i < n; ++i) {
        pts.push_back(randomVec(rng, -half, half));
    }
    return pts;
}

/// `p` scaled by `s` about the point `centre`.
ref::Polytope scaledPolytope(ref::Polytope p, const Vec3& centre, double s) {
    for (Vec3& v : p.vertices) {
        v = centre + s * (v - centre);
    }
    for (ref::Face& f : p.faces) {
        f.offset = f.normal.dot(centre) + s * (f.offset - f.normal.dot(centre));
    }
    return p;
}

/// Minimum over an (n+1) x (n+1) grid of parameters of |p1 + s d1 - p2 - t d2|.
double sampledSegmentDistance(const Vec3& p1, const Vec3& q1, const Vec3& p2, const Vec3& q2,
                              int n) {
    double best = ref::kInf;
    for (int i = 0; i <= n; ++i) {
        for (int j = 0; j <= n; ++j) {
            const Vec3 a = p1 + (q1 - p1) * (double(i) / n);
            const Vec3 b = p2 + (q2 - p2) * (double(j) / n);
            best = std::min(best, (a - b).norm());
        }
    }
    return best;
}

/// Distance from x to the point set {a + u (b - a) + v (c - a)} sampled on an n-grid.
double sampledTriangleDistance(const Vec3& x, const Vec3& a, const Vec3& b, const Vec3& c, int n) {
    double best = ref::kInf;
    for (int i = 0; i <= n; ++i) {
        for (int j = 0; i + j <= n; ++j) {
            const Vec3 p = a + (b - a) * (double(i) / n) + (c - a) * (double(j) / n);
            best = std::min(best, (x - p).norm());
        }
    }
    return best;
}

/// Asserts that (pointA, pointB, normal) of a separated reference answer certify its distance:
/// the points lie on their bodies (so distance is an upper bound) and the slab between the planes
/// through them with the normal separates the bodies (so it is a lower bound). Tolerance 1e-9.
void expectCertifiedSeparation(const ref::Body& a, const ref::Body& b,
                               const ref::SignedDistance& sd) {
    ASSERT_GT(sd.value, 0.0);
    EXPECT_NEAR((sd.pointB - sd.pointA).norm(), sd.value, 1e-9);
    EXPECT_NEAR(ref::pointSignedDistance(sd.pointA, a), 0.0, 1e-9);
    EXPECT_NEAR(ref::pointSignedDistance(sd.pointB, b), 0.0, 1e-9);
    const Vec3& n = sd.normal;
    EXPECT_LE(a.core.support(n) + a.radius, n.dot(sd.pointA) + 1e-9);
    EXPECT_GE(-b.core.support(-n) - b.radius, n.dot(sd.pointB) - 1e-9);
}

/// Asserts the penetration normal/depth of an overlapping answer: moving B by (depth + 1e-7) along
/// the normal separates (reference sd > 0), moving it by (depth - 1e-7) does not.
void expectDepthAlongNormal(const ref::Body& a, const ref::Body& b,
                            const ref::SignedDistance& sd) {
    ASSERT_LT(sd.value, 0.0);
    auto moved = [&](double t) {
        ref::Body bb = b;
        for (Vec3& v : bb.core.vertices) {
            v += t * sd.normal;
        }
        for (ref::Face& f : bb.core.faces) {
            f.offset += t * f.normal.dot(sd.normal);
        }
        return ref::signedDistance(a, bb).value;
    };
    EXPECT_GT(moved(-sd.value + 1e-7), 0.0);
    if (-sd.value > 1e-7) {
        EXPECT_LT(moved(-sd.value - 1e-7), 0.0);
    }
}

} // namespace

TEST(Reference, SegmentSegmentMatchesDenseSampling) {
    std::mt19937_64 rng(101);
    int parallel = 0;
    for (int trial = 0; trial < 300; ++trial) {
        Vec3 p1 = randomVec(rng, -1, 1);
        Vec3 q1 = randomVec(rng, -1, 1);
        Vec3 p2 = randomVec(rng, -1, 1);
        Vec3 q2 = randomVec(rng, -1, 1);
        if (trial % 3 == 0) { // parallel (and sometimes collinear, overlapping) segments
            q2 = p2 + (q1 - p1) * (trial % 2 ? 0.7 : -1.3);
            if (trial % 9 == 0) {
                p2 = p1 + 0.3 * (q1 - p1);
                q2 = p1 + 1.6 * (q1 - p1);
            }
            ++parallel;
        }
        if (trial % 50 == 7) {
            q2 = p2; // degenerate: point against segment
        }
        const ref::ClosestPoints c = ref::segmentSegment(p1, q1, p2, q2);
        // The pair lies on the segments, realises the distance, and no sample beats it.
        EXPECT_NEAR((c.a - ref::closestPointOnSegment(c.a, p1, q1)).norm(), 0.0, 1e-12);
        EXPECT_NEAR((c.b - ref::closestPointOnSegment(c.b, p2, q2)).norm(), 0.0, 1e-12);
        EXPECT_NEAR((c.a - c.b).norm(), c.distance, 1e-12);
        const int n = 400;
        const double sampled = sampledSegmentDistance(p1, q1, p2, q2, n);
        EXPECT_LE(c.distance, sampled + 1e-12);
        // Grid spacing bounds the sampling error: |d1|/n + |d2|/n.
        EXPECT_LE(sampled - c.distance, ((q1 - p1).norm() + (q2 - p2).norm()) / n);
    }
    EXPECT_GE(parallel, 90);
}

TEST(Reference, PointTriangleMatchesDenseSampling) {
    std::mt19937_64 rng(102);
    int insideRegion = 0;
    for (int trial = 0; trial < 300; ++trial) {
        const Vec3 a = randomVec(rng, -1, 1);
        const Vec3 b = randomVec(rng, -1, 1);
        const Vec3 c = randomVec(rng, -1, 1);
        const Vec3 x = randomVec(rng, -1.5, 1.5);
        const ref::ClosestPoints r = ref::pointTriangle(x, a, b, c);
        const int n = 300;
        const double sampled = sampledTriangleDistance(x, a, b, c, n);
        EXPECT_LE(r.distance, sampled + 1e-12);
        const double spacing = ((b - a).norm() + (c - a).norm()) / n;
        EXPECT_LE(sampled - r.distance, spacing);
        // The closest point is in the triangle: its own distance to the triangle is 0.
        EXPECT_NEAR(ref::pointTriangle(r.b, a, b, c).distance, 0.0, 1e-12);
        const Vec3 normal = (b - a).cross(c - a).normalized();
        if (std::abs(std::abs((x - r.b).normalized().dot(normal)) - 1.0) < 1e-9) {
            ++insideRegion; // projection fell inside the triangle
        }
    }
    EXPECT_GE(insideRegion, 20);
    EXPECT_LE(insideRegion, 280);
}

TEST(Reference, HullOfCubeWithDuplicatesAndCoplanarPoints) {
    std::vector<Vec3> pts;
    for (int i = 0; i < 8; ++i) {
        const Vec3 corner((i & 1) ? 0.5 : -0.5, (i & 2) ? 0.5 : -0.5, (i & 4) ? 0.5 : -0.5);
        pts.push_back(corner);
        pts.push_back(corner); // exact duplicate
        pts.push_back(0.5 * corner); // interior
    }
    for (int axis = 0; axis < 3; ++axis) {
        for (double s : {-0.5, 0.5}) {
            Vec3 faceCentre = Vec3::Zero();
            faceCentre[axis] = s;
            pts.push_back(faceCentre); // coplanar with a face
            Vec3 edgeMid = Vec3::Constant(s);
            edgeMid[axis] = 0.0;
            pts.push_back(edgeMid); // on an edge
        }
    }
    const ref::Polytope p = ref::hull(pts);
    EXPECT_EQ(p.vertices.size(), 8u);
    EXPECT_EQ(p.faces.size(), 6u);
    EXPECT_EQ(p.edges.size(), 12u);
    EXPECT_NEAR(p.volume(), 1.0, 1e-12);
    for (const ref::Face& f : p.faces) {
        EXPECT_EQ(f.polygon.size(), 4u);
        EXPECT_NEAR(f.offset, 0.5, 1e-12);
        EXPECT_NEAR(f.normal.cwiseAbs().maxCoeff(), 1.0, 1e-12);
    }
    EXPECT_THROW((void)ref::hull(std::vector<Vec3>{Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0, 1, 0),
                                                   Vec3(1, 1, 0), Vec3(0.5, 0.5, 0)}),
                 std::invalid_argument);
}

TEST(Reference, RandomHullsContainTheirPointsAndAreClosed) {
    std::mt19937_64 rng(103);
    for (int trial = 0; trial < 60; ++trial) {
        const auto pts = randomPoints(rng, 4 + trial % 27, 0.5);
        const ref::Polytope p = ref::hull(pts); // also checks Euler and edge manifoldness
        // Every input point is inside or on every face plane (eps 1e-12 m).
        for (const Vec3& x : pts) {
            for (const ref::Face& f : p.faces) {
                EXPECT_LE(f.normal.dot(x) - f.offset, 1e-12);
            }
        }
        // Every face polygon is planar, convex, counter-clockwise seen from outside.
        for (const ref::Face& f : p.faces) {
            const size_t m = f.polygon.size();
            for (size_t i = 0; i < m; ++i) {
                const Vec3& a = p.vertices[static_cast<size_t>(f.polygon[i])];
                const Vec3& b = p.vertices[static_cast<size_t>(f.polygon[(i + 1) % m])];
                const Vec3& c = p.vertices[static_cast<size_t>(f.polygon[(i + 2) % m])];
                EXPECT_NEAR(f.normal.dot(a), f.offset, 1e-12);
                EXPECT_GT((b - a).cross(c - b).dot(f.normal), 0.0);
            }
        }
        EXPECT_GT(p.volume(), 0.0);
        // Every hull vertex is one of the input points.
        for (const Vec3& v : p.vertices) {
            EXPECT_TRUE(std::any_of(pts.begin(), pts.end(), [&](const Vec3& x) { return x == v; }));
        }
    }
}

TEST(Reference, BoxBoxSatAgreesWithPolytopeAndCso) {
    std::mt19937_64 rng(104);
    int overlapping = 0;
    int separated = 0;
    for (int trial = 0; trial < 150; ++trial) {
        const Vec3 heA = randomVec(rng, 0.05, 0.5);
        const Vec3 heB = randomVec(rng, 0.05, 0.5);
        const Pose pa = randomPose(rng, 0.2);
        const Pose pb = randomPose(rng, 0.8);
        const ref::SignedDistance sat = ref::boxBox(pa, heA, pb, heB);
        const ref::Body a = ref::boxBody(pa, heA);
        const ref::Body b = ref::boxBody(pb, heB);
        const ref::SignedDistance generic = ref::signedDistance(a, b);
        const double cso = ref::signedDistanceViaCso(a.core, b.core);
        EXPECT_NEAR(sat.value, generic.value, 1e-12);
        EXPECT_NEAR(sat.value, cso, 1e-12);
        if (sat.value > 0) {
            ++separated;
            expectCertifiedSeparation(a, b, generic);
        } else {
            ++overlapping;
            expectDepthAlongNormal(a, b, sat);
            expectDepthAlongNormal(a, b, generic);
        }
    }
    EXPECT_GE(overlapping, 30);
    EXPECT_GE(separated, 30);
}

TEST(Reference, RandomPolytopesAgreeWithCso) {
    std::mt19937_64 rng(105);
    int overlapping = 0;
    int separated = 0;
    for (int trial = 0; trial < 120; ++trial) {
        const ref::Polytope la = ref::hull(randomPoints(rng, 4 + trial % 5, 0.3));
        const ref::Polytope lb = ref::hull(randomPoints(rng, 4 + trial % 4, 0.3));
        const ref::Body a{ref::transformed(la, randomPose(rng, 0.1)), 0.0};
        const ref::Body b{ref::transformed(lb, randomPose(rng, 0.35)), 0.0};
        const ref::SignedDistance sd = ref::signedDistance(a, b);
        EXPECT_NEAR(sd.value, ref::signedDistanceViaCso(a.core, b.core), 1e-12) << trial;
        if (sd.value > 0) {
            ++separated;
            expectCertifiedSeparation(a, b, sd);
        } else {
            ++overlapping;
            expectDepthAlongNormal(a, b, sd);
        }
    }
    EXPECT_GE(overlapping, 25);
    EXPECT_GE(separated, 25);
}

TEST(Reference, SphereAnalyticAgreesWithCoreBodiesAndPolytopeApproximations) {
    std::mt19937_64 rng(106);
    // Vertices of a fine latitude-longitude sphere; every point of the sphere is within
    // r (1 - cos(theta)) of the inscribed polytope, theta the largest angular cell radius.
    std::vector<Vec3> unit;
    const int rings = 10;
    const int sectors = 20;
    unit.push_back(Vec3(0, 0, 1));
    unit.push_back(Vec3(0, 0, -1));
    for (int i = 1; i < rings; ++i) {
        for (int j = 0; j < sectors; ++j) {
            const double th = std::numbers::pi * i / rings;
            const double ph = 2 * std::numbers::pi * j / sectors;
            unit.push_back(Vec3(std::sin(th) * std::cos(ph), std::sin(th) * std::sin(ph), std::cos(th)));
        }
    }
    const double cellAngle = 2 * std::numbers::pi / sectors; // generous bound of a cell's radius
    const ref::Polytope unitApprox = ref::hull(unit); // built once: O(n^4)
    int overlapping = 0;
    int separated = 0;
    for (int trial = 0; trial < 200; ++trial) {
        const double ra = std::uniform_real_distribution<double>(0.05, 0.5)(rng);
        const double rb = std::uniform_real_distribution<double>(0.05, 0.5)(rng);
        const Vec3 ca = randomVec(rng, -0.3, 0.3);
        const Vec3 cb = randomVec(rng, -0.6, 0.6);
        const ref::SignedDistance analytic = ref::sphereSphere(ca, ra, cb, rb);
        const ref::SignedDistance cores = ref::signedDistance(ref::sphereBody(ca, ra), ref::sphereBody(cb, rb));
        EXPECT_NEAR(analytic.value, cores.value, 1e-14);
        (analytic.value > 0 ? separated : overlapping)++;
        // Sphere B against the box; and its polytope approximation (inscribed: the sd of the
        // approximation is larger, by at most rb (1 - cos(cellAngle))).
        const Pose boxPose = randomPose(rng, 0.2);
        const Vec3 he = randomVec(rng, 0.1, 0.4);
        const ref::SignedDistance boxAnalytic = ref::boxSphere(boxPose, he, cb, rb);
        const ref::Body box = ref::boxBody(boxPose, he);
        const ref::SignedDistance boxGeneric = ref::signedDistance(box, ref::sphereBody(cb, rb));
        EXPECT_NEAR(boxAnalytic.value, boxGeneric.value, 1e-12);
        if (trial % 4 == 0) {
            const ref::Polytope approx =
                ref::transformed(unitApprox, Pose(Quat::Identity(), cb));
            const double approxSd =
                ref::signedDistance(box, ref::Body{scaledPolytope(approx, cb, rb), 0.0}).value;
            EXPECT_GE(approxSd, boxAnalytic.value - 1e-12);
            EXPECT_LE(approxSd, boxAnalytic.value + rb * (1 - std::cos(cellAngle)));
        }
    }
    EXPECT_GE(overlapping, 40);
    EXPECT_GE(separated, 40);
}

TEST(Reference, CapsuleAnalyticAgreesWithSegmentCoresAndSampling) {
    std::mt19937_64 rng(107);
    int overlapping = 0;
    int separated = 0;
    for (int trial = 0; trial < 300; ++trial) {
        const double ra = std::uniform_real_distribution<double>(0.02, 0.3)(rng);
        const double rb = std::uniform_real_distribution<double>(0.02, 0.3)(rng);
        const double ha = std::uniform_real_distribution<double>(0.05, 0.5)(rng);
        const double hb = std::uniform_real_distribution<double>(0.05, 0.5)(rng);
        const Pose pa = randomPose(rng, 0.2);
        Pose pb = randomPose(rng, 0.7);
        if (trial % 5 == 0) {
            pb.rotation = pa.rotation; // parallel axes
        }
        const ref::SignedDistance analytic = ref::capsuleCapsule(pa, ra, ha, pb, rb, hb);
        const ref::Body a = ref::capsuleBody(pa, ra, ha);
        const ref::Body b = ref::capsuleBody(pb, rb, hb);
        const ref::SignedDistance cores = ref::signedDistance(a, b);
        EXPECT_NEAR(analytic.value, cores.value, 1e-14);
        const int n = 200;
        const double sampled = sampledSegmentDistance(a.core.vertices[0], a.core.vertices[1],
                                                      b.core.vertices[0], b.core.vertices[1], n) -
                               ra - rb;
        EXPECT_LE(analytic.value, sampled + 1e-12);
        EXPECT_LE(sampled - analytic.value, (2 * ha + 2 * hb) / n);
        if (analytic.value > 0) {
            ++separated;
            expectCertifiedSeparation(a, b, cores);
        } else {
            ++overlapping;
        }
    }
    EXPECT_GE(overlapping, 50);
    EXPECT_GE(separated, 50);
}

TEST(Reference, MixedCoresAgreeWithCso) {
    // Capsule (segment core) and sphere (point core) against a polytope: the generic SAT on
    // lower-dimensional cores must match the CSO built from a thin box around the core, within
    // the box's thickness (2e-4 m).
    std::mt19937_64 rng(108);
    int overlapping = 0;
    int separated = 0;
    for (int trial = 0; trial < 120; ++trial) {
        const ref::Body poly{ref::transformed(ref::hull(randomPoints(rng, 8, 0.3)), randomPose(rng, 0.1)), 0.0};
        const Pose pose = randomPose(rng, 0.25);
        const bool segment = trial % 2 == 1;
        const double hh = 0.2;
        const ref::Body coreBody = segment ? ref::capsuleBody(pose, 0.0, hh)
                                           : ref::Body{ref::pointPolytope(pose.translation), 0.0};
        // A box of half thickness `thin` around the core: sd differs by at most sqrt(2) thin
        // (sqrt(3) for the point). 1e-4 keeps the CSO's sliver facets well above the hull's eps.
        const double thin = 1e-4;
        const ref::Body thinBox = ref::boxBody(pose, Vec3(thin, thin, segment ? hh : thin));
        const double generic = ref::signedDistance(poly, coreBody).value;
        const double viaCso = ref::signedDistanceViaCso(poly.core, thinBox.core);
        EXPECT_NEAR(generic, viaCso, 2 * thin) << trial;
        (generic > 0 ? separated : overlapping)++;
    }
    EXPECT_GE(overlapping, 20);
    EXPECT_GE(separated, 20);
}

TEST(Reference, CylinderPrismIsClosedAndBracketsTheCylinder) {
    const int n = 64;
    const ref::Polytope inner = ref::cylinderPolytope(0.3, 0.5, n);
    EXPECT_EQ(inner.faces.size(), static_cast<size_t>(n + 2));
    EXPECT_EQ(static_cast<long>(inner.vertices.size()) - static_cast<long>(inner.edges.size()) +
                  static_cast<long>(inner.faces.size()),
              2);
    const double area = 0.5 * n * 0.3 * 0.3 * std::sin(2 * std::numbers::pi / n);
    EXPECT_NEAR(inner.volume(), area * 1.0, 1e-12);
    // A brute-force hull of the same vertices gives the same faces.
    const ref::Polytope brute = ref::hull(ref::cylinderPolytope(0.3, 0.5, 12).vertices);
    EXPECT_EQ(brute.faces.size(), 14u);
    EXPECT_NEAR(brute.volume(), ref::cylinderPolytope(0.3, 0.5, 12).volume(), 1e-12);
}
