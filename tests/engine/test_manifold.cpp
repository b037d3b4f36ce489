/// Persistent manifold: Bullet's merge, replace and break rules.

#include "minkowski/engine/Manifold.h"

#include <cmath>
#include <gtest/gtest.h>

namespace mk {
namespace {

constexpr double kThreshold = 0.02;

/// A point at (x, y) on A's top face z = 0 with B's point at depth `distance` along +z.
ContactPoint point(double x, double y, double distance) {
    ContactPoint c;
    c.localA = c.worldA = Vec3(x, y, 0.0);
    c.localB = c.worldB = Vec3(x, y, distance);
    c.normal = Vec3::UnitZ();
    c.distance = distance;
    return c;
}

TEST(Manifold, MergesNearbyPointAndKeepsImpulses) {
    Manifold m;
    m.add(point(0.0, 0.0, -0.001), kThreshold);
    m.points()[0].normalImpulse = 2.5;
    m.points()[0].tangentImpulse = Vec3(0.1, 0.0, 0.0);
    const int slot = m.add(point(0.01, 0.0, -0.002), kThreshold); // within 0.02: merge
    EXPECT_EQ(slot, 0);
    ASSERT_EQ(m.size(), 1);
    EXPECT_DOUBLE_EQ(m.points()[0].normalImpulse, 2.5);
    EXPECT_DOUBLE_EQ(m.points()[0].localA.x(), 0.01);
    EXPECT_DOUBLE_EQ(m.points()[0].distance, -0.002);
    m.add(point(0.05, 0.0, -0.001), kThreshold); // farther: new point with zero impulse
    ASSERT_EQ(m.size(), 2);
    EXPECT_DOUBLE_EQ(m.points()[1].normalImpulse, 0.0);
}

TEST(Manifold, KeepAnchorsRenewsOnlyTheNormal) {
    // A cached face corner and the narrow phase's witness 1 cm from it on both bodies (within
    // the threshold), its normal tilted by 0.01 rad about y: the corner stays where it acts,
    // with its impulses and lifetime, and takes the new normal; its distance is measured along it.
    Manifold m;
    m.add(point(0.0, 0.0, -0.001), kThreshold);
    ContactPoint& cached = m.points()[0];
    cached.normalImpulse = 2.5;
    cached.tangentImpulse = Vec3(0.1, 0.0, 0.0);
    cached.lifetime = 7;
    ContactPoint witness = point(0.01, 0.0, -0.002);
    const double tilt = 0.01;
    witness.normal = Vec3(std::sin(tilt), 0.0, std::cos(tilt));
    EXPECT_EQ(m.add(witness, kThreshold, Merge::KeepAnchors), 0);
    ASSERT_EQ(m.size(), 1);
    const ContactPoint& kept = m.points()[0];
    EXPECT_EQ(kept.localA, Vec3(0.0, 0.0, 0.0));
    EXPECT_EQ(kept.localB, Vec3(0.0, 0.0, -0.001));
    EXPECT_EQ(kept.worldA, Vec3(0.0, 0.0, 0.0)); // depth 0: the surface point is the anchor
    EXPECT_EQ(kept.normal, witness.normal);
    EXPECT_NEAR(kept.distance, -0.001 * std::cos(tilt), 1e-18);
    EXPECT_EQ(kept.normalImpulse, 2.5);
    EXPECT_EQ(kept.tangentImpulse, Vec3(0.1, 0.0, 0.0));
    EXPECT_EQ(kept.lifetime, 7);
}

TEST(Manifold, KeepAnchorsTurnsACoreAnchoredSurfacePointWithTheNormal) {
    // A point of a sphere of radius 0.05 (A's anchor its centre, depth 0.05): under the new
    // normal its surface point is the centre plus 0.05 along that normal.
    Manifold m;
    ContactPoint c = point(0.0, 0.0, -0.001);
    c.localA = Vec3(0.0, 0.0, -0.05);
    c.depthA = 0.05;
    m.add(c, kThreshold);
    ContactPoint witness = c;
    witness.normal = Vec3(0.6, 0.0, 0.8);
    m.add(witness, kThreshold, Merge::KeepAnchors);
    const ContactPoint& kept = m.points()[0];
    EXPECT_TRUE(kept.worldA.isApprox(Vec3(0.03, 0.0, -0.01), 1e-15));
    EXPECT_TRUE(kept.worldB.isApprox(Vec3(0.0, 0.0, -0.001), 1e-15));
    EXPECT_NEAR(kept.distance, (kept.worldB - kept.worldA).dot(witness.normal), 1e-18);
}

TEST(Manifold, KeepAnchorsReplacesWhenTheAnchorOnBMovedBeyondTheThreshold) {
    // B slid 3 cm under A's cached point (beyond the 2 cm threshold): the cached point no
    // longer says where the contact acts on B, so the new geometry replaces it (Bullet's rule),
    // with the impulses inherited.
    Manifold m;
    m.add(point(0.0, 0.0, -0.001), kThreshold);
    m.points()[0].normalImpulse = 2.5;
    ContactPoint slid = point(0.005, 0.0, -0.001);
    slid.localB = Vec3(0.035, 0.0, -0.001);
    EXPECT_EQ(m.add(slid, kThreshold, Merge::KeepAnchors), 0);
    EXPECT_EQ(m.points()[0].localA, slid.localA);
    EXPECT_EQ(m.points()[0].localB, slid.localB);
    EXPECT_EQ(m.points()[0].normalImpulse, 2.5);
}

TEST(Manifold, FullManifoldKeepsDeepestAndLargestArea) {
    Manifold m;
    m.add(point(0.0, 0.0, -0.001), kThreshold);
    m.add(point(1.0, 0.0, -0.001), kThreshold);
    m.add(point(1.0, 1.0, -0.001), kThreshold);
    m.add(point(0.1, 0.1, -0.050), kThreshold); // deepest, but inside the square
    ASSERT_EQ(m.size(), 4);
    m.add(point(0.0, 1.0, -0.001), kThreshold); // the fourth corner of the unit square
    ASSERT_EQ(m.size(), 4);
    bool hasDeepest = false;
    bool hasCorner = false;
    for (const ContactPoint& c : m.points()) {
        hasDeepest |= c.distance == -0.050;
        hasCorner |= c.localA.isApprox(Vec3(0.0, 1.0, 0.0));
    }
    EXPECT_TRUE(hasDeepest); // Bullet never drops the deepest point
    EXPECT_TRUE(hasCorner);
    // The dropped point is (0,0): the kept set {(1,0), (1,1), (0.1,0.1), (0,1)} has the
    // largest area among the sets that keep the deepest point.
    for (const ContactPoint& c : m.points()) {
        EXPECT_FALSE(c.localA.isZero(0.0));
    }
}

TEST(Manifold, FaceContactKeepsItsCornersAgainstInteriorPoints) {
    // A resting square face: four corners at equal depth. The narrow phase then returns an
    // edge midpoint and the face centre (equally deep, up to noise below kDepthTolerance): they
    // add no area, so the corners stay (Bullet would trade a corner for each).
    Manifold m;
    m.add(point(0.0, 0.0, -1e-7), kThreshold);
    m.add(point(1.0, 0.0, -1e-7), kThreshold);
    m.add(point(1.0, 1.0, -1e-7), kThreshold);
    m.add(point(0.0, 1.0, -1e-7), kThreshold);
    EXPECT_EQ(m.add(point(0.5, 0.0, -1e-7 - 1e-9), kThreshold), -1);
    EXPECT_EQ(m.add(point(0.5, 0.5, -1e-7 - 2e-6), kThreshold), -1);
    // Deeper by 0.15 mm, within kDepthTolerance (below the solver's slop): still dropped.
    EXPECT_EQ(m.add(point(0.5, 0.5, -1e-7 - 1.5e-4), kThreshold), -1);
    ASSERT_EQ(m.size(), 4);
    for (const ContactPoint& c : m.points()) {
        EXPECT_TRUE((c.localA.x() == 0.0 || c.localA.x() == 1.0) &&
                    (c.localA.y() == 0.0 || c.localA.y() == 1.0));
    }
    // A point clearly deeper (by more than kDepthTolerance) is kept as the deepest.
    EXPECT_GE(m.add(point(0.5, 0.5, -0.01), kThreshold), 0);
    bool hasDeep = false;
    for (const ContactPoint& c : m.points()) {
        hasDeep |= c.distance == -0.01;
    }
    EXPECT_TRUE(hasDeep);
}

TEST(Manifold, RefreshDropsSeparatedAndDriftedPoints) {
    Manifold m;
    m.add(point(0.0, 0.0, 0.0), kThreshold);
    m.add(point(0.5, 0.0, 0.0), kThreshold);
    m.add(point(0.0, 0.5, 0.0), kThreshold);
    // B moves up by 0.01: every point stays (0.01 < threshold), distances follow.
    m.refresh(Pose(), Pose(Quat::Identity(), Vec3(0.0, 0.0, 0.01)), kThreshold);
    ASSERT_EQ(m.size(), 3);
    for (const ContactPoint& c : m.points()) {
        EXPECT_NEAR(c.distance, 0.01, 1e-15);
        EXPECT_EQ(c.lifetime, 1);
    }
    // B moves up by 0.03: separated beyond the threshold, all dropped.
    Manifold up = m;
    up.refresh(Pose(), Pose(Quat::Identity(), Vec3(0.0, 0.0, 0.03)), kThreshold);
    EXPECT_EQ(up.size(), 0);
    // B slides by 0.03 sideways at the same height: drifted, all dropped.
    Manifold slid = m;
    slid.refresh(Pose(), Pose(Quat::Identity(), Vec3(0.03, 0.0, 0.0)), kThreshold);
    EXPECT_EQ(slid.size(), 0);
    // B slides by 0.01: kept.
    m.refresh(Pose(), Pose(Quat::Identity(), Vec3(0.01, 0.0, 0.0)), kThreshold);
    EXPECT_EQ(m.size(), 3);
    // B pushed in by 0.1 (penetration): kept, negative distance.
    m.refresh(Pose(), Pose(Quat::Identity(), Vec3(0.0, 0.0, -0.1)), kThreshold);
    ASSERT_EQ(m.size(), 3);
    EXPECT_NEAR(m.points()[0].distance, -0.1, 1e-15);
}

} // namespace
} // namespace mk
