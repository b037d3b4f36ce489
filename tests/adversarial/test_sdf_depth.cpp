/// sdf-ellipsoid's depth is the diameter of the largest ball in A n B, never more than the minimum
/// translation distance (SdfEllipsoid.h). Its approximate SDFs broke that on hard inputs (issue
/// 18 item 3): two coincident box meshes gave -0.6 against the exact -0.2 (the primitive box was
/// right), and a thin ellipsoid sunk into a slab went 16% too deep.

#include "minkowski/narrowphase/Collide.h"
#include "minkowski/narrowphase/ConvexMesh.h"

#include <gtest/gtest.h>

#include <vector>

namespace mk {
namespace {

Shape boxMesh(const Vec3& h) {
    std::vector<Vec3> corners;
    for (int i = 0; i < 8; ++i) {
        corners.emplace_back((i & 1) ? h.x() : -h.x(), (i & 2) ? h.y() : -h.y(),
                             (i & 4) ? h.z() : -h.z());
    }
    return Shape::mesh(ConvexMesh::fromPoints(corners));
}

QueryResult sdf(const Shape& a, const Pose& pa, const Shape& b, const Pose& pb) {
    QueryRequest q;
    q.solver = builtins::sdfEllipsoid();
    q.task = Task::SignedDistance;
    return collide(a, pa, b, pb, q);
}

TEST(SdfDepth, CoincidentBoxMeshesAsDeepAsTheBox) {
    const Vec3 h(0.3, 0.2, 0.1);
    const Shape mesh = boxMesh(h);
    const Shape box = Shape::box(h);
    const Pose pose(Quat(Eigen::AngleAxisd(0.4, Vec3(1, 1, 0).normalized())), Vec3(1, -2, 3));
    // The largest ball in the box has diameter 2 * 0.1; the MTD is 0.2 too.
    EXPECT_NEAR(sdf(box, pose, box, pose).distance, -0.2, 1e-6);
    EXPECT_NEAR(sdf(mesh, pose, mesh, pose).distance, -0.2, 1e-6);
    EXPECT_NEAR(sdf(mesh, pose, box, pose).distance, -0.2, 1e-6);
    // Offset by 0.05 along z: A n B is 0.15 thick.
    const Pose up(pose.rotation, pose.translation + pose.rotation * Vec3(0, 0, 0.05));
    EXPECT_NEAR(sdf(mesh, pose, mesh, up).distance, -0.15, 1e-6);
}

/// A flat ellipsoid (radii 0.5, 0.5, 0.02) sunk 0.01 into a slab: A n B is a cap of height 0.01,
/// whose largest ball has diameter <= 0.01; the MTD is 0.01.
TEST(SdfDepth, ThinEllipsoidOnSlabNoDeeperThanTheMtd) {
    const Shape slab = Shape::box(Vec3(2.0, 2.0, 0.1));
    const Shape lens = Shape::ellipsoid(Vec3(0.5, 0.5, 0.02));
    const Pose pa;
    for (const double depth : {0.001, 0.01, 0.02}) {
        const Pose pb(Quat::Identity(), Vec3(0.1, -0.2, 0.1 + 0.02 - depth));
        const QueryResult r = sdf(slab, pa, lens, pb);
        EXPECT_TRUE(r.collide) << depth;
        EXPECT_LT(r.distance, 0.0) << depth;
        EXPECT_GE(r.distance, -depth * (1.0 + 1e-6)) << depth;
    }
}

} // namespace
} // namespace mk
