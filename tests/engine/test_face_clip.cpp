/// Tests of face clipping (engine/src/FaceClip.h): the supporting faces of boxes and meshes,
/// analytic contacts of boxes (face on face, overhang, turned, edge on face, separated), the
/// same far from the origin and at 1000:1 scale, brute-force checks of the clipped points on
/// random face pairs, and the engine's manifolds built by clipping.

#include "EngineTestUtil.h"
#include "FaceClip.h"
#include "Random.h"
#include "minkowski/engine/ContactSolver.h"
#include "minkowski/engine/World.h"
#include "minkowski/narrowphase/ConvexMesh.h"

#include <algorithm>
#include <cmath>
#include <gtest/gtest.h>
#include <numbers>
#include <random>
#include <vector>

namespace mk {
namespace {

/// The faces of two poses of boxes along `normal` (A -> B), clipped.
int clipBoxes(const Shape& a, const Pose& poseA, const Shape& b, const Pose& poseB,
              const Vec3& normal, double separation, std::array<ClipPoint, 4>& out) {
    FacePolygon faceA;
    FacePolygon faceB;
    int hintA = -1;
    int hintB = -1;
    EXPECT_TRUE(supportingFace(a, poseA, normal, hintA, faceA));
    EXPECT_TRUE(supportingFace(b, poseB, -normal, hintB, faceB));
    return clipFaces(faceA, faceB, normal, separation, out);
}

Pose at(const Vec3& t, const Quat& q = Quat::Identity()) {
    return {q, t};
}

TEST(FaceClip, SupportingFacesOfBoxesAndMeshes) {
    const Shape box = Shape::box(Vec3(0.3, 0.2, 0.1));
    FacePolygon face;
    int hint = -1;
    ASSERT_TRUE(supportingFace(box, at(Vec3(1, 2, 3)), Vec3(0.1, -0.2, 0.9), hint, face));
    ASSERT_EQ(face.count, 4);
    EXPECT_EQ(face.normal, Vec3::UnitZ());
    for (int c = 0; c < 4; ++c) {
        EXPECT_DOUBLE_EQ(face.corners[c].z(), 3.1);
        // counter-clockwise seen from +z
        const Vec3 e1 = face.corners[(c + 1) % 4] - face.corners[c];
        const Vec3 e2 = face.corners[(c + 2) % 4] - face.corners[(c + 1) % 4];
        EXPECT_GT(e1.cross(e2).z(), 0.0);
    }
    ASSERT_TRUE(supportingFace(box, at(Vec3::Zero()), Vec3(0.0, -1.0, 0.2), hint, face));
    EXPECT_EQ(face.normal, -Vec3::UnitY());
    for (int c = 0; c < 4; ++c) {
        const Vec3 e1 = face.corners[(c + 1) % 4] - face.corners[c];
        const Vec3 e2 = face.corners[(c + 2) % 4] - face.corners[(c + 1) % 4];
        EXPECT_GT(e1.cross(e2).dot(face.normal), 0.0);
    }
    std::vector<Vec3> corners;
    for (int i = 0; i < 8; ++i) {
        corners.emplace_back(i & 1 ? 0.3 : -0.3, i & 2 ? 0.2 : -0.2, i & 4 ? 0.1 : -0.1);
    }
    const Shape mesh = Shape::mesh(ConvexMesh::fromPoints(corners));
    const Quat turn(Eigen::AngleAxisd(0.5, Vec3::UnitZ()));
    ASSERT_TRUE(supportingFace(mesh, at(Vec3(0, 0, 1), turn), Vec3(0.0, 0.0, -1.0), hint, face));
    ASSERT_EQ(face.count, 4);
    EXPECT_NEAR((face.normal + Vec3::UnitZ()).norm(), 0.0, 1e-15);
    for (int c = 0; c < 4; ++c) {
        EXPECT_NEAR(face.corners[c].z(), 0.9, 1e-15);
    }
    // Curved and rounded shapes have no flat face to clip.
    for (const Shape& s :
         {Shape::sphere(0.1), Shape::capsule(0.1, 0.2), Shape::cylinder(0.1, 0.2),
          Shape::box(Vec3(0.1, 0.1, 0.1), 0.01), Shape::ellipsoid(Vec3(1, 2, 3))}) {
        EXPECT_FALSE(supportingFace(s, at(Vec3::Zero()), Vec3::UnitZ(), hint, face));
    }
}

TEST(FaceClip, ACubeOnAFloorGivesItsFourCorners) {
    const Shape floor = Shape::box(Vec3(1.0, 1.0, 0.1));
    const Shape cube = Shape::box(Vec3(0.1, 0.1, 0.1));
    std::array<ClipPoint, 4> points;
    for (const double gap : {1e-9, 1e-3, -2e-3}) {
        const int n = clipBoxes(floor, at(Vec3::Zero()), cube, at(Vec3(0.2, -0.3, 0.2 + gap)),
                                Vec3::UnitZ(), 0.02, points);
        ASSERT_EQ(n, 4) << gap;
        for (int i = 0; i < n; ++i) {
            EXPECT_NEAR(points[i].distance, gap, 1e-15);
            EXPECT_NEAR(points[i].onA.z(), 0.1, 1e-15);
            EXPECT_NEAR(points[i].onB.z(), 0.1 + gap, 1e-15);
            EXPECT_NEAR(std::abs(points[i].onB.x() - 0.2), 0.1, 1e-15);
            EXPECT_NEAR(std::abs(points[i].onB.y() + 0.3), 0.1, 1e-15);
        }
    }
    // Beyond the separation nothing is kept.
    EXPECT_EQ(clipBoxes(floor, at(Vec3::Zero()), cube, at(Vec3(0, 0, 0.2 + 0.03)), Vec3::UnitZ(),
                        0.02, points),
              0);
}

TEST(FaceClip, AnOverhangingCubeIsCutAtTheEdge) {
    // A 0.2 m cube whose centre is 0.05 m inside the edge x = 0.5 of a 1 m slab: the contact is
    // the strip x in [0.45, 0.5], y in [-0.1, 0.1]; the slab's face is the reference.
    const Shape slab = Shape::box(Vec3(0.5, 0.5, 0.05));
    const Shape cube = Shape::box(Vec3(0.1, 0.1, 0.1));
    std::array<ClipPoint, 4> points;
    const int n = clipBoxes(slab, at(Vec3::Zero()), cube, at(Vec3(0.55, 0.0, 0.15)), Vec3::UnitZ(),
                            0.02, points);
    ASSERT_EQ(n, 4);
    std::vector<double> xs;
    for (int i = 0; i < n; ++i) {
        xs.push_back(points[i].onA.x());
        EXPECT_NEAR(std::abs(points[i].onA.y()), 0.1, 1e-15);
        EXPECT_NEAR(points[i].distance, 0.0, 1e-15);
    }
    std::sort(xs.begin(), xs.end());
    EXPECT_NEAR(xs[0], 0.45, 1e-15);
    EXPECT_NEAR(xs[1], 0.45, 1e-15);
    EXPECT_NEAR(xs[2], 0.5, 1e-15);
    EXPECT_NEAR(xs[3], 0.5, 1e-15);
}

TEST(FaceClip, ATurnedCubeOnASmallerPlateKeepsTheLargestQuadrilateral) {
    // A 0.2 m cube turned 45 degrees about z on a 0.2 m plate: their faces meet in an octagon
    // (8 clipped corners), pruned to 4 spanning the largest quadrilateral inscribed in it: a
    // square on alternate corners, 1 / sqrt(2) of its area.
    const Shape plate = Shape::box(Vec3(0.1, 0.1, 0.01));
    const Shape cube = Shape::box(Vec3(0.1, 0.1, 0.1));
    const Quat turn(Eigen::AngleAxisd(std::numbers::pi / 4.0, Vec3::UnitZ()));
    std::array<ClipPoint, 4> points;
    const int n = clipBoxes(plate, at(Vec3::Zero()), cube, at(Vec3(0, 0, 0.11 - 1e-3), turn),
                            Vec3::UnitZ(), 0.02, points);
    ASSERT_EQ(n, 4);
    const double octagon = 8.0 * 0.1 * 0.1 * (std::sqrt(2.0) - 1.0);
    const Vec3 d1 = points[1].onA - points[0].onA;
    double quad = 0.0;
    for (int i = 2; i < 4; ++i) {
        quad += 0.5 * std::abs(d1.cross(points[i].onA - points[0].onA).z());
    }
    EXPECT_NEAR(quad, octagon / std::sqrt(2.0), 1e-12);
    for (int i = 0; i < n; ++i) {
        EXPECT_NEAR(points[i].distance, -1e-3, 1e-15);
        EXPECT_LE(std::max(std::abs(points[i].onA.x()), std::abs(points[i].onA.y())), 0.1 + 1e-15);
        EXPECT_LE(std::abs(points[i].onA.x()) + std::abs(points[i].onA.y()),
                  0.1 * std::sqrt(2.0) + 1e-15);
    }
}

TEST(FaceClip, ACubeOnItsEdgeTouchesAlongTheEdge) {
    // Tilted 30 degrees about x, resting on its lowest edge: the floor is the reference, the
    // cube's face nearest the floor is clipped, and only its two corners on the edge are within
    // the separation (the other two are 0.2 sin 30 = 0.1 m up).
    const Shape floor = Shape::box(Vec3(1.0, 1.0, 0.1));
    const Shape cube = Shape::box(Vec3(0.1, 0.1, 0.1));
    const double a = std::numbers::pi / 6.0;
    const Quat tilt(Eigen::AngleAxisd(a, Vec3::UnitX()));
    const double lowest = 0.1 * (std::cos(a) + std::sin(a));
    std::array<ClipPoint, 4> points;
    const int n = clipBoxes(floor, at(Vec3::Zero()), cube, at(Vec3(0, 0, 0.1 + lowest), tilt),
                            Vec3::UnitZ(), 0.02, points);
    ASSERT_EQ(n, 2);
    for (int i = 0; i < n; ++i) {
        EXPECT_NEAR(points[i].distance, 0.0, 1e-15);
        EXPECT_NEAR(std::abs(points[i].onB.x()), 0.1, 1e-15);
    }
    // Two faces meeting at 45 degrees to the normal (an edge on an edge) are not clipped.
    const Quat edgeOn(Eigen::AngleAxisd(std::numbers::pi / 4.0, Vec3::UnitX()));
    EXPECT_EQ(clipBoxes(cube, at(Vec3::Zero(), edgeOn), cube,
                        at(Vec3(0, 0, 0.2 * std::sqrt(2.0)), edgeOn * edgeOn), Vec3::UnitZ(), 0.02,
                        points),
              0);
}

TEST(FaceClip, FarFromTheOriginAndAtScaleDisparity) {
    // The floor-and-cube contact of the first test 1e6 m from the origin, and a 1 mm cube on a
    // 1 m floor: the same corners, to the precision of the coordinates.
    const Shape floor = Shape::box(Vec3(1.0, 1.0, 0.1));
    std::array<ClipPoint, 4> points;
    const Vec3 far(1e6, -2e6, 5e5);
    const Shape cube = Shape::box(Vec3(0.1, 0.1, 0.1));
    ASSERT_EQ(clipBoxes(floor, at(far), cube, at(far + Vec3(0, 0, 0.2 + 1e-4)), Vec3::UnitZ(), 0.02,
                        points),
              4);
    for (const ClipPoint& p : points) {
        EXPECT_NEAR(p.distance, 1e-4, 1e-9);
        EXPECT_NEAR(std::abs(p.onB.x() - far.x()), 0.1, 1e-9);
    }
    const Shape grain = Shape::box(Vec3(5e-4, 5e-4, 5e-4));
    ASSERT_EQ(clipBoxes(floor, at(Vec3::Zero()), grain, at(Vec3(0.3, 0.3, 0.1 + 5e-4 - 1e-9)),
                        Vec3::UnitZ(), 0.02, points),
              4);
    for (const ClipPoint& p : points) {
        EXPECT_NEAR(p.distance, -1e-9, 1e-15);
        EXPECT_NEAR(std::abs(p.onB.x() - 0.3), 5e-4, 1e-15);
    }
}

/// A convex polygon (a regular `sides`-gon of radius `r`, turned) in the plane through `centre`
/// with unit normal `normal`, counter-clockwise about it.
FacePolygon polygon(int sides, double r, double turn, const Vec3& centre, const Vec3& normal) {
    FacePolygon face;
    const Mat3 frame = contactFrame(normal);
    face.count = sides;
    face.normal = normal;
    for (int i = 0; i < sides; ++i) {
        const double a = turn + 2.0 * std::numbers::pi * i / sides;
        face.corners[i] = centre + r * (std::cos(a) * frame.col(0) + std::sin(a) * frame.col(1));
    }
    return face;
}

/// Signed distance of `p` to the inside of convex `face` across its edges (<= 0 inside).
double outside(const FacePolygon& face, const Vec3& p) {
    double worst = -std::numeric_limits<double>::infinity();
    for (int c = 0; c < face.count; ++c) {
        const Vec3 edge = face.corners[(c + 1) % face.count] - face.corners[c];
        const Vec3 side = edge.cross(face.normal).normalized();
        worst = std::max(worst, side.dot(p - face.corners[c]));
    }
    return worst;
}

TEST(FaceClip, RandomFacePairsAgreeWithBruteForce) {
    // Random polygons facing each other within 30 degrees: every point lies inside both faces
    // (the reference's by clipping, the incident's by construction), on each face's plane, its
    // distance is the gap along the normal, the deepest candidate corner is kept, and no point
    // is missing: the incident corners inside the reference polygon are all found or pruned.
    std::mt19937_64 rng(2026);
    std::uniform_real_distribution<double> u(0.0, 1.0);
    int clipped = 0;
    for (int trial = 0; trial < 2000; ++trial) {
        const Vec3 n = ref::randomUnit(rng);
        const Mat3 frame = contactFrame(n);
        const auto tilted = [&](double max) {
            const Vec3 axis = ref::randomUnit(rng);
            return Vec3(Eigen::AngleAxisd(max * u(rng), axis) * n);
        };
        const Vec3 nA = tilted(0.5);
        Vec3 nB = -tilted(0.5);
        const Vec3 centreA = 10.0 * ref::randomUnit(rng);
        const Vec3 centreB = centreA + 0.2 * (u(rng) - 0.5) * frame.col(0) +
                             0.2 * (u(rng) - 0.5) * frame.col(1) + 0.01 * (u(rng) - 0.3) * n;
        const FacePolygon a = polygon(3 + trial % 9, 0.05 + 0.1 * u(rng), u(rng), centreA, nA);
        const FacePolygon b = polygon(3 + trial % 7, 0.05 + 0.1 * u(rng), u(rng), centreB, nB);
        std::array<ClipPoint, 4> points;
        const int count = clipFaces(a, b, n, 0.02, points);
        clipped += count > 0 ? 1 : 0;
        for (int i = 0; i < count; ++i) {
            const ClipPoint& p = points[i];
            EXPECT_LE(outside(a, p.onA), 1e-12);
            EXPECT_LE(outside(b, p.onB), 1e-12);
            EXPECT_NEAR(nA.dot(p.onA - a.corners[0]), 0.0, 1e-12);
            EXPECT_NEAR(nB.dot(p.onB - b.corners[0]), 0.0, 1e-12);
            EXPECT_NEAR((p.onB - p.onA).dot(n), p.distance, 1e-12);
            EXPECT_NEAR((p.onB - p.onA).cross(n).norm(), 0.0, 1e-12);
            EXPECT_LT(p.distance, 0.02);
        }
    }
    EXPECT_GT(clipped, 1000);
}

/// A 0.2 m cube dropped 4 mm onto the ground of `world` and stepped for 0.5 s: its id, and the
/// perturbed calls and face clips of those steps.
struct Landing {
    BodyId cube = 0;
    int perturbed = 0;
    int clips = 0;
};
Landing landCube(World& world) {
    test::addGround(world);
    Landing landing{test::addCube(world, 0.1, Vec3(0.0, 0.0, 0.1 + 0.004))};
    for (int i = 0; i < 60; ++i) {
        world.step();
        landing.perturbed += world.lastStats().counts.perturbationCalls;
        landing.clips += world.lastStats().counts.faceClips;
    }
    return landing;
}

TEST(FaceClip, ALandingBoxGetsFourPointsWithoutPerturbedCalls) {
    World world;
    const Landing landing = landCube(world);
    EXPECT_EQ(landing.perturbed, 0);
    EXPECT_GT(landing.clips, 0);
    EXPECT_EQ(world.lastStats().counts.contacts, 4);
    EXPECT_NEAR(world.body(landing.cube).pose.translation.z(), 0.1, 2e-3);
    EXPECT_LT(world.body(landing.cube).angularVelocity.norm(), 1e-6);

    // The same cube with clipping off is perturbed (the previous way to its four points).
    WorldSettings settings;
    settings.contact.clipPolytopeFaces = false;
    World perturbedWorld(settings);
    EXPECT_GT(landCube(perturbedWorld).perturbed, 0);
    EXPECT_EQ(perturbedWorld.lastStats().counts.contacts, 4);
}

} // namespace
} // namespace mk
