/// Tests of Mpr.h: the boolean answer against the separating-axis theorem on random box pairs,
/// the penetration estimate against exact depths (it is direction-specific: never below the true
/// depth, equal to it on symmetric configurations), and the degenerate cases libccd handles
/// (origin on the segment from the interior point, interior point at the origin, touching).
/// Seeded std::mt19937_64 throughout.

#include "PointCloudSupport.h"
#include "minkowski/narrowphase/detail/Epa.h"
#include "minkowski/narrowphase/detail/Mpr.h"

#include <cmath>
#include <gtest/gtest.h>
#include <memory>
#include <random>
#include <string>

using namespace mk;
using namespace mk::test;

namespace {

/// A random box pair around the origin, about half of them overlapping.
std::pair<Box, Box> randomBoxes(std::mt19937_64& rng) {
    std::uniform_real_distribution<double> size(0.05, 1.0), unit(-1.0, 1.0);
    const Box a{Vec3(unit(rng), unit(rng), unit(rng)) * 0.3, ref::randomRotationMatrix(rng),
                Vec3(size(rng), size(rng), size(rng))};
    const Box b{Vec3(unit(rng), unit(rng), unit(rng)) * 1.3, ref::randomRotationMatrix(rng),
                Vec3(size(rng), size(rng), size(rng))};
    return {a, b};
}

/// The estimate of a penetrating answer: the portal plane is a supporting plane of A - B to the
/// tolerance (h(normal) <= depth + tol), hence depth >= true depth - tol; witnesses on it.
template <class D>
void expectPortalEstimate(const MprOutput& r, const D& diff, double truth, double tol,
                          const std::string& what) {
    EXPECT_EQ(r.status, MprStatus::Penetrating) << what << " " << name(r.status);
    EXPECT_NEAR(r.normal.norm(), 1.0, 1e-12) << what;
    EXPECT_GE(r.depth, truth - tol) << what;
    EXPECT_LE(diff.h(r.normal), r.depth + tol) << what;
    EXPECT_NEAR((r.pa - r.pb).dot(r.normal), r.depth, tol) << what;
}

} // namespace

TEST(Mpr, BooleanAgreesWithSatOn5000BoxPairs) {
    std::mt19937_64 rng(5000);
    MprSettings boolean;
    boolean.wantPenetration = false;
    int overlapping = 0, separated = 0, skipped = 0;
    for (int i = 0; i < 5000; ++i) {
        const auto [a, b] = randomBoxes(rng);
        const double sat = satBoxes(a, b).depth;
        if (std::abs(sat) < 1e-9) {
            ++skipped; // within rounding of touching: either answer is right
            continue;
        }
        const PointSet ca = a.corners(), cb = b.corners();
        Difference diff(ca, cb);
        const MprOutput r = mpr(diff, a.center - b.center, boolean);
        const std::string what = "pair " + std::to_string(i) + " sat " + std::to_string(sat);
        if (sat > 0) {
            ++overlapping;
            EXPECT_EQ(r.status, MprStatus::Overlapping) << what << " " << name(r.status);
        } else {
            ++separated;
            EXPECT_EQ(r.status, MprStatus::Separated) << what << " " << name(r.status);
            if (r.status == MprStatus::Separated) {
                EXPECT_LT(diff.h(r.normal), 0.0) << what;
            }
        }
    }
    EXPECT_GT(overlapping, 1000);
    EXPECT_GT(separated, 1000);
    EXPECT_LT(skipped, 5);
}

TEST(Mpr, PenetrationNeverBelowTheTrueDepth) {
    // MPR measures along the ray from the interior point: its depth bounds the minimum (SAT)
    // from above, and EPA's, to the tolerance.
    std::mt19937_64 rng(77);
    int tested = 0;
    double worstRatio = 1.0;
    for (int i = 0; i < 2000; ++i) {
        const auto [a, b] = randomBoxes(rng);
        const double sat = satBoxes(a, b).depth;
        if (sat < 1e-6)
            continue;
        ++tested;
        const PointSet ca = a.corners(), cb = b.corners();
        Difference diff(ca, cb);
        const MprOutput r = mpr(diff, a.center - b.center);
        expectPortalEstimate(r, diff, sat, 1e-8, "pair " + std::to_string(i));
        worstRatio = std::max(worstRatio, r.depth / sat);
        const EpaOutput e = epa(diff, startSimplex(diff));
        EXPECT_GE(r.depth, e.depth - 1e-8) << i;
    }
    EXPECT_GT(tested, 800);
    // Direction-specific, not minimal: the estimate does overshoot on random pairs.
    EXPECT_GT(worstRatio, 1.01);
}

TEST(Mpr, ExactOnSymmetricConfigurations) {
    // Aligned boxes offset along x: the ray is the x axis, the portal converges to the face
    // x = const of A - B: depth exact, normal +x.
    const Box a{Vec3::Zero(), Mat3::Identity(), Vec3(1.0, 0.8, 0.6)};
    const Box b{Vec3(1.7, 0, 0), Mat3::Identity(), Vec3(0.9, 0.9, 0.9)};
    const PointSet ca = a.corners(), cb = b.corners();
    Difference boxes(ca, cb);
    const MprOutput rb = mpr(boxes, a.center - b.center);
    expectPortalEstimate(rb, boxes, 0.2, 1e-12, "boxes");
    EXPECT_NEAR(rb.depth, 0.2, 1e-12);
    EXPECT_NEAR(rb.normal.x(), 1.0, 1e-12);
    // Spheres along a random line through both centres.
    std::mt19937_64 rng(3);
    std::normal_distribution<double> g(0.0, 1.0);
    for (int i = 0; i < 20; ++i) {
        const Vec3 dir = Vec3(g(rng), g(rng), g(rng)).normalized();
        const Sphere sa{Vec3(0.1, 0.2, 0.3), 1.0};
        const Sphere sb{sa.center + 1.3 * dir, 0.6};
        Difference spheres(sa, sb);
        const MprOutput r = mpr(spheres, sa.center - sb.center);
        expectPortalEstimate(r, spheres, 0.3, 1e-8, "spheres " + std::to_string(i));
        EXPECT_NEAR(r.depth, 0.3, 1e-8) << i;
        EXPECT_NEAR(r.normal.dot(dir), 1.0, 1e-7) << i;
    }
    // Aligned ellipsoids offset along their short principal axis (both symmetric about the
    // other axes): the minimum is along the ray.
    const Ellipsoid ea{Vec3::Zero(), Mat3::Identity(), Vec3(0.3, 1.0, 0.9)};
    const Ellipsoid eb{Vec3(0.6, 0, 0), Mat3::Identity(), Vec3(0.4, 0.8, 0.7)};
    Difference ellipsoids(ea, eb);
    const MprOutput re = mpr(ellipsoids, ea.center - eb.center);
    EXPECT_NEAR(searchMinSupport(ellipsoids).depth, 0.1, 1e-10);
    expectPortalEstimate(re, ellipsoids, 0.1, 1e-8, "ellipsoids");
    EXPECT_NEAR(re.depth, 0.1, 1e-8);
}

TEST(Mpr, OriginOnTheSegmentFromTheInteriorPoint) {
    // libccd findPenetrSegment: the first support lies on the ray itself (sphere along the
    // centre line), so the depth along the ray is exact at once.
    const Sphere a{Vec3::Zero(), 1.0};
    const Sphere b{Vec3(1.0, 0, 0), 1.0};
    Difference diff(a, b);
    const MprOutput r = mpr(diff, a.center - b.center);
    EXPECT_EQ(r.status, MprStatus::Penetrating) << name(r.status);
    EXPECT_NEAR(r.depth, 1.0, 1e-15);
    EXPECT_NEAR(r.normal.x(), 1.0, 1e-15);
    EXPECT_NEAR(r.pa.x(), 1.0, 1e-15);
    EXPECT_NEAR(r.pb.x(), 0.0, 1e-15);
    EXPECT_EQ(r.refinementIterations, 0);
    MprSettings boolean;
    boolean.wantPenetration = false;
    EXPECT_EQ(mpr(diff, a.center - b.center, boolean).status, MprStatus::Overlapping);
}

TEST(Mpr, InteriorPointAtTheOrigin) {
    // Concentric shapes: the interior point is the origin; it is nudged (libccd) and the answer
    // is a valid estimate in some direction.
    const Box a{Vec3::Zero(), Mat3::Identity(), Vec3(1.0, 0.6, 0.4)};
    const Box b{Vec3::Zero(), ref::randomRotationMatrix(*std::make_unique<std::mt19937_64>(9)),
                Vec3(0.5, 0.5, 1.5)};
    const PointSet ca = a.corners(), cb = b.corners();
    Difference diff(ca, cb);
    const MprOutput r = mpr(diff, Vec3::Zero());
    expectPortalEstimate(r, diff, satBoxes(a, b).depth, 1e-8, "concentric boxes");
    const Sphere sa{Vec3::Zero(), 1.0}, sb{Vec3::Zero(), 0.5};
    Difference spheres(sa, sb);
    const MprOutput rs = mpr(spheres, Vec3::Zero());
    expectPortalEstimate(rs, spheres, 1.5, 1e-8, "concentric spheres");
    EXPECT_NEAR(rs.depth, 1.5, 1e-8);
    // Nearly at the origin (orientation tests would be decided by rounding): nudged as well.
    const MprOutput rn = mpr(diff, Vec3(1e-13, -2e-13, 1e-13));
    expectPortalEstimate(rn, diff, satBoxes(a, b).depth, 1e-8, "nearly concentric boxes");
    EXPECT_GE(rn.iterations, 2);
}

TEST(Mpr, StackedCubesTouchingAndOverlappingByOneMicron) {
    const Box a{Vec3::Zero(), Mat3::Identity(), Vec3::Constant(0.5)};
    for (double overlap : {0.0, 1e-6}) {
        const Box b{Vec3(0.1, -0.2, 1.0 - overlap), Mat3::Identity(), Vec3::Constant(0.5)};
        const PointSet ca = a.corners(), cb = b.corners();
        Difference diff(ca, cb);
        const MprOutput r = mpr(diff, a.center - b.center);
        if (overlap == 0.0) {
            EXPECT_EQ(r.status, MprStatus::Touching) << name(r.status);
            EXPECT_EQ(r.depth, 0.0);
        } else {
            expectPortalEstimate(r, diff, overlap, 1e-12, "1e-6");
            EXPECT_NEAR(r.depth, overlap, 1e-12);
        }
        EXPECT_NEAR(r.normal.z(), 1.0, 1e-12) << overlap;
    }
}

TEST(Mpr, SeparatedShapesGiveASeparatingDirection) {
    std::mt19937_64 rng(11);
    std::normal_distribution<double> g(0.0, 1.0);
    for (int i = 0; i < 50; ++i) {
        const Vec3 dir = Vec3(g(rng), g(rng), g(rng)).normalized();
        const Ellipsoid a{Vec3::Zero(), ref::randomRotationMatrix(rng), Vec3(1.0, 0.5, 0.3)};
        const Ellipsoid b{2.01 * dir, ref::randomRotationMatrix(rng), Vec3(0.8, 0.6, 0.4)};
        Difference diff(a, b);
        const MprOutput r = mpr(diff, a.center - b.center);
        EXPECT_EQ(r.status, MprStatus::Separated) << i << " " << name(r.status);
        EXPECT_LT(diff.h(r.normal), 0.0) << i;
        EXPECT_GT(r.normal.dot(dir), 0.0) << i; // B lies along +normal
    }
}

TEST(Mpr, CylindersLargeBoxesAndScales) {
    // Regression shapes of the EPA notes: stacked cylinders, 128 x 1 x 128 box, 1e-3 vs 1e3.
    const Cylinder a{Vec3::Zero(), Mat3::Identity(), 0.5, 1.0};
    const Cylinder stacked{Vec3(0, 0, 1.9), Mat3::Identity(), 0.5, 1.0};
    Difference ds(a, stacked);
    const MprOutput rs = mpr(ds, a.center - stacked.center);
    expectPortalEstimate(rs, ds, 0.1, 1e-8, "stacked cylinders");
    EXPECT_NEAR(rs.depth, 0.1, 1e-8);
    const Box big{Vec3::Zero(), Mat3::Identity(), Vec3(64, 0.5, 64)};
    const Box small{Vec3(30, 0.9, -20), Mat3::Identity(), Vec3(0.5, 0.5, 0.5)};
    const PointSet cb = big.corners(), cs = small.corners();
    Difference dl(cb, cs);
    const MprOutput rl = mpr(dl, big.center - small.center);
    expectPortalEstimate(rl, dl, 0.1, 1e-8, "large box");
    // The ray from (-30, -0.9, 20) to the origin leaves A - B through its top face: exact.
    EXPECT_NEAR(rl.depth, 0.1, 1e-9);
    EXPECT_NEAR(rl.normal.y(), 1.0, 1e-9);
    // A 1e-3 box pressed 5e-4 into a 1e3 box, off-centre: exact along the face normal.
    const Box huge{Vec3::Zero(), Mat3::Identity(), Vec3::Constant(1e3)};
    const Box tiny{Vec3(300, -200, 1e3 + 5e-4), Mat3::Identity(), Vec3::Constant(1e-3)};
    const PointSet ch = huge.corners(), ct = tiny.corners();
    Difference dh(ch, ct);
    const MprOutput rh = mpr(dh, huge.center - tiny.center);
    expectPortalEstimate(rh, dh, 5e-4, 1e-8, "1e-3 in 1e3");
    EXPECT_NEAR(rh.depth, 5e-4, 1e-9);
}

TEST(Mpr, IterationCapAndInvalidInput) {
    const Ellipsoid a{Vec3::Zero(), Mat3::Identity(), Vec3(1.0, 0.5, 0.3)};
    const Ellipsoid b{Vec3(0.7, 0.4, 0.1), ref::randomRotationMatrix(*std::make_unique<std::mt19937_64>(4)),
                      Vec3(0.8, 0.6, 0.4)};
    Difference diff(a, b);
    MprSettings capped;
    capped.maxIterations = 1;
    capped.tolerance = 1e-14;
    const MprOutput r = mpr(diff, a.center - b.center, capped);
    EXPECT_EQ(r.status, MprStatus::MaxIterations) << name(r.status);
    EXPECT_TRUE(std::isfinite(r.depth) && r.normal.allFinite());
    EXPECT_EQ(mpr(diff, Vec3(std::nan(""), 0, 0)).status, MprStatus::InvalidInput);
}
