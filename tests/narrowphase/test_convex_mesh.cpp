/// Tests of ConvexMesh: hull construction (Qhull), orientation, adjacency, mass properties,
/// hill-climbing support against the linear scan, OBJ reading, and mesh shapes' bounds.

#include "MeshDirs.h"
#include "Random.h"
#include "minkowski/narrowphase/ConvexMesh.h"
#include "minkowski/narrowphase/Shape.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <limits>
#include <numbers>
#include <random>
#include <set>
#include <string>
#include <unistd.h>
#include <utility>
#include <vector>

using namespace mk;
namespace fs = std::filesystem;

namespace {

using ref::randomUnit;

std::vector<Vec3> cubeCorners(const Vec3& lo = Vec3::Zero(), double side = 1.0) {
    std::vector<Vec3> corners;
    for (int i = 0; i < 8; ++i) {
        corners.push_back(lo + side * Vec3(i & 1, (i >> 1) & 1, (i >> 2) & 1));
    }
    return corners;
}

std::vector<Vec3> randomSpherePoints(int count, std::mt19937_64& rng) {
    std::vector<Vec3> points;
    for (int i = 0; i < count; ++i) {
        points.push_back(randomUnit(rng));
    }
    return points;
}

/// Checks the invariants of a hull: closed 2-manifold triangulation (every directed edge once,
/// its reverse once), Euler V - E + F = 2, outward orientation, symmetric adjacency equal to the
/// edge set, every input point inside, every vertex an input point.
void expectValidHull(const ConvexMesh& mesh, const std::vector<Vec3>& input, double tol) {
    const auto& v = mesh.vertices();
    const auto& tris = mesh.triangles();
    const int n = static_cast<int>(v.size());
    std::set<std::pair<int, int>> directed;
    for (const auto& t : tris) {
        for (int k = 0; k < 3; ++k) {
            ASSERT_GE(t[k], 0);
            ASSERT_LT(t[k], n);
            EXPECT_TRUE(directed.insert({t[k], t[(k + 1) % 3]}).second) << "directed edge twice";
        }
        // Outward: the right-hand normal points away from the centroid.
        const Vec3 normal = (v[t[1]] - v[t[0]]).cross(v[t[2]] - v[t[0]]);
        EXPECT_GE(normal.dot(v[t[0]] - mesh.centroid()), -tol) << "inward triangle";
    }
    for (const auto& [a, b] : directed) {
        EXPECT_TRUE(directed.count({b, a})) << "edge " << a << "-" << b << " has one side only";
    }
    const int edges = static_cast<int>(directed.size()) / 2;
    EXPECT_EQ(n - edges + static_cast<int>(tris.size()), 2) << "Euler characteristic";
    int adjacencyCount = 0;
    for (int i = 0; i < n; ++i) {
        EXPECT_GE(mesh.neighbors(i).size(), 3u);
        for (int j : mesh.neighbors(i)) {
            EXPECT_TRUE(directed.count({i, j})) << "neighbour without an edge";
            ++adjacencyCount;
        }
        EXPECT_NE(std::find(input.begin(), input.end(), v[i]), input.end())
            << "vertex not an input";
    }
    EXPECT_EQ(adjacencyCount, 2 * edges);
    // Every input point is inside every face plane (within tol).
    for (const auto& t : tris) {
        const Vec3 normal = (v[t[1]] - v[t[0]]).cross(v[t[2]] - v[t[0]]);
        if (normal.norm() < 1e-14) {
            continue;
        }
        const Vec3 unit = normal.normalized();
        for (const Vec3& p : input) {
            EXPECT_LE(unit.dot(p - v[t[0]]), tol);
        }
    }
}

/// Support value of the hill climb relative to the linear scan.
void expectSupportMatchesLinear(const ConvexMesh& mesh, const Vec3& d, int& hint) {
    const int startHint = hint;
    const Vec3 p = mesh.support(d, hint);
    ASSERT_GE(hint, 0);
    ASSERT_LT(hint, static_cast<int>(mesh.vertices().size()));
    EXPECT_EQ(p, mesh.vertices()[hint]) << "the hint must be the answer's index";
    const double best = mesh.vertices()[mesh.supportIndexLinear(d)].dot(d);
    // Equal up to 1e-12 relative to |d| * max |vertex| (plateaus may give another vertex).
    double size = 0.0;
    for (const Vec3& v : mesh.vertices()) {
        size = std::max(size, v.norm());
    }
    EXPECT_NEAR(p.dot(d), best, 1e-12 * d.norm() * size) << "start hint " << startHint;
}

/// A scratch directory for OBJ files, removed by the destructor.
class ObjDir {
public:
    // the process id keeps tests that ctest runs in parallel processes out of each other's files
    ObjDir()
        : dir_(fs::path(::testing::TempDir()) /
               ("mk_obj_" + std::to_string(::getpid()) + "_" + std::to_string(counter_++))) {
        fs::create_directories(dir_);
    }
    ~ObjDir() {
        std::error_code ec;
        fs::remove_all(dir_, ec);
    }
    ObjDir(const ObjDir&) = delete;
    ObjDir& operator=(const ObjDir&) = delete;
    std::string write(const std::string& name, const std::string& text) const {
        const fs::path path = dir_ / name;
        std::ofstream(path, std::ios::binary) << text;
        return path.string();
    }

private:
    static inline int counter_ = 0;
    fs::path dir_;
};

/// Message of the ShapeError thrown by `f`, or a test failure.
template <class F> std::string shapeErrorOf(F&& f) {
    try {
        f();
    } catch (const ShapeError& e) {
        return e.what();
    }
    ADD_FAILURE() << "expected ShapeError";
    return {};
}

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

} // namespace

// ---- hull construction ----------------------------------------------------------------------

TEST(ConvexMeshHull, CubeWithInteriorPoints) {
    std::mt19937_64 rng(10);
    std::uniform_real_distribution<double> u(0.1, 0.9);
    std::vector<Vec3> points = cubeCorners();
    for (int i = 0; i < 50; ++i) {
        points.emplace_back(u(rng), u(rng), u(rng));
    }
    std::shuffle(points.begin(), points.end(), rng);
    const auto mesh = ConvexMesh::fromPoints(points);
    EXPECT_EQ(mesh->vertices().size(), 8u);
    EXPECT_EQ(mesh->triangles().size(), 12u);
    EXPECT_NEAR(mesh->volume(), 1.0, 1e-14);
    EXPECT_LE((mesh->centroid() - Vec3(0.5, 0.5, 0.5)).norm(), 1e-14);
    expectValidHull(*mesh, points, 1e-14);
    for (int i = 0; i < 8; ++i) {
        EXPECT_EQ(mesh->neighbors(i).size() >= 3, true);
    }
}

TEST(ConvexMeshHull, KeepsTheInputFrame) {
    // No recentring: a cube at [2, 5]^3 keeps its coordinates.
    const std::vector<Vec3> points = cubeCorners(Vec3(2, 2, 2), 3.0);
    const auto mesh = ConvexMesh::fromPoints(points);
    EXPECT_NEAR(mesh->volume(), 27.0, 1e-12);
    EXPECT_LE((mesh->centroid() - Vec3(3.5, 3.5, 3.5)).norm(), 1e-13);
    for (const Vec3& v : mesh->vertices()) {
        EXPECT_NE(std::find(points.begin(), points.end(), v), points.end());
    }
    const Shape shape = Shape::mesh(mesh);
    EXPECT_EQ(shape.localAabb().min, Vec3(2, 2, 2));
    EXPECT_EQ(shape.localAabb().max, Vec3(5, 5, 5));
}

TEST(ConvexMeshHull, DuplicatedAndCoplanarPointsAreNotVertices) {
    std::vector<Vec3> points = cubeCorners();
    const std::vector<Vec3> corners = points;
    points.insert(points.end(), corners.begin(), corners.end()); // every corner twice
    for (double a = 0.125; a < 1.0; a += 0.125) {
        for (double b = 0.125; b < 1.0; b += 0.125) {
            points.emplace_back(a, b, 0.0); // on faces
            points.emplace_back(a, b, 1.0);
            points.emplace_back(0.0, a, b);
            points.emplace_back(a, 1.0, b);
        }
        points.emplace_back(a, 0.0, 0.0); // on edges
        points.emplace_back(1.0, 1.0, a);
    }
    const auto mesh = ConvexMesh::fromPoints(points);
    EXPECT_EQ(mesh->vertices().size(), 8u);
    EXPECT_EQ(mesh->triangles().size(), 12u);
    EXPECT_NEAR(mesh->volume(), 1.0, 1e-14);
    expectValidHull(*mesh, points, 1e-14);
}

TEST(ConvexMeshHull, TetrahedronMassProperties) {
    const std::vector<Vec3> points{{1, 0, 0}, {0, 2, 0}, {0, 0, 3}, {0, 0, 0}};
    const auto mesh = ConvexMesh::fromPoints(points);
    EXPECT_EQ(mesh->triangles().size(), 4u);
    EXPECT_NEAR(mesh->volume(), 1.0, 1e-15); // 1*2*3/6
    EXPECT_LE((mesh->centroid() - Vec3(0.25, 0.5, 0.75)).norm(), 1e-15);
    expectValidHull(*mesh, points, 1e-15);
}

TEST(ConvexMeshHull, AsymmetricSolidCentroid) {
    // A unit cube with a pyramid of height 1 on top ("house"): the centroid of the solid differs
    // from the mean of the vertices. Volume 1 + 1/3; centroid z = (0.5 + (1/3) * 1.25) / (4/3).
    std::vector<Vec3> points = cubeCorners();
    points.emplace_back(0.5, 0.5, 2.0);
    const auto mesh = ConvexMesh::fromPoints(points);
    EXPECT_EQ(mesh->vertices().size(), 9u);
    EXPECT_NEAR(mesh->volume(), 4.0 / 3.0, 1e-14);
    EXPECT_LE((mesh->centroid() - Vec3(0.5, 0.5, 0.6875)).norm(), 1e-14);
    expectValidHull(*mesh, points, 1e-14);
}

TEST(ConvexMeshHull, SpherePointsFormAValidHull) {
    std::mt19937_64 rng(11);
    const std::vector<Vec3> points = randomSpherePoints(2000, rng);
    const auto mesh = ConvexMesh::fromPoints(points);
    EXPECT_EQ(mesh->vertices().size(), 2000u); // points in general position on a sphere
    expectValidHull(*mesh, points, 1e-12);
    // A 2000-vertex inscribed polytope misses a little of the ball's volume 4 pi / 3.
    EXPECT_LT(mesh->volume(), 4.0 * std::numbers::pi / 3.0);
    EXPECT_GT(mesh->volume(), 0.99 * 4.0 * std::numbers::pi / 3.0);
    EXPECT_LE(mesh->centroid().norm(), 1e-2);
}

TEST(ConvexMeshHull, DegenerateSetsThrow) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    std::vector<Vec3> coplanar;
    std::mt19937_64 rng(12);
    std::uniform_real_distribution<double> u(-1.0, 1.0);
    for (int i = 0; i < 100; ++i) {
        const double a = u(rng);
        const double b = u(rng);
        coplanar.emplace_back(a, b, 0.5 * a - 0.25 * b + 1.0); // a tilted plane
    }
    std::vector<Vec3> collinear;
    for (int i = 0; i < 10; ++i) {
        collinear.emplace_back(i, 2.0 * i, -1.0 * i);
    }
    const std::vector<Vec3> coincident(6, Vec3(1, 2, 3));
    const std::vector<Vec3> three{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    std::vector<Vec3> withNan = cubeCorners();
    withNan[5].y() = nan;
    std::vector<Vec3> withInf = cubeCorners();
    withInf[2].z() = -std::numeric_limits<double>::infinity();

    EXPECT_TRUE(contains(shapeErrorOf([&] { (void)ConvexMesh::fromPoints(three); }), "at least 4"));
    const std::vector<const std::vector<Vec3>*> flatSets{&coplanar, &collinear, &coincident};
    for (const std::vector<Vec3>* set : flatSets) {
        const std::string message = shapeErrorOf([&] { (void)ConvexMesh::fromPoints(*set); });
        EXPECT_TRUE(contains(message, "QH")) << message; // Qhull's code is passed on
        EXPECT_TRUE(contains(message, "coplanar")) << message;
    }
    EXPECT_TRUE(contains(shapeErrorOf([&] { (void)ConvexMesh::fromPoints(withNan); }), "point 5"));
    EXPECT_TRUE(
        contains(shapeErrorOf([&] { (void)ConvexMesh::fromPoints(withInf); }), "non-finite"));
    EXPECT_THROW((void)ConvexMesh::fromPoints(cubeCorners(), HullOptions{-1.0}), ShapeError);
    EXPECT_THROW((void)ConvexMesh::fromPoints(cubeCorners(), HullOptions{nan}), ShapeError);
}

TEST(ConvexMeshHull, MergeToleranceMergesNearbyPoints) {
    std::mt19937_64 rng(13);
    std::uniform_real_distribution<double> jitter(-1e-7, 1e-7);
    std::vector<Vec3> points;
    for (const Vec3& c : cubeCorners()) {
        for (int k = 0; k < 5; ++k) {
            points.push_back(c + Vec3(jitter(rng), jitter(rng), jitter(rng)));
        }
    }
    const auto exact = ConvexMesh::fromPoints(points);
    EXPECT_GT(exact->vertices().size(), 8u); // the jittered clusters give extra vertices
    const auto merged = ConvexMesh::fromPoints(points, HullOptions{1e-5});
    EXPECT_EQ(merged->vertices().size(), 8u);
    EXPECT_NEAR(merged->volume(), 1.0, 1e-5);
    // Too coarse: everything collapses into one cluster.
    EXPECT_THROW((void)ConvexMesh::fromPoints(points, HullOptions{10.0}), ShapeError);
}

/// The unit cube with 600 points bulging out of its faces by up to 0.4 mm. The hull is built
/// greedily (the farthest point first, as Jolt's), so at a tolerance of 0.5 mm it may keep a
/// few bulges that are extreme along Qhull's first directions, but far fewer than the exact
/// hull; it lies inside the exact hull, and grown by the tolerance it holds the cube.
TEST(ConvexMeshHull, HullToleranceDropsPointsWithinItOfTheFaces) {
    std::mt19937_64 rng(31);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    std::vector<Vec3> points = cubeCorners();
    for (int i = 0; i < 600; ++i) {
        const int axis = i % 3;
        Vec3 p(unit(rng), unit(rng), unit(rng));
        p[axis] = (i / 3) % 2 == 0 ? -4e-4 * unit(rng) : 1.0 + 4e-4 * unit(rng);
        points.push_back(p);
    }
    const auto exact = ConvexMesh::fromPoints(points);
    EXPECT_GT(exact->vertices().size(), 100u);
    const auto coarse = ConvexMesh::fromPoints(points, HullOptions{.hullTolerance = 5e-4});
    EXPECT_LT(coarse->vertices().size(), exact->vertices().size() / 2);
    expectValidHull(*coarse, points, 5e-4);
    // grown by the tolerance along its face normals it holds the cube (area 6)
    EXPECT_GT(coarse->volume(), 1.0 - 6.0 * 5e-4);
    EXPECT_LE(coarse->volume(), exact->volume());
    // A point farther out than the tolerance is a vertex.
    points.emplace_back(0.5, 0.5, 1.0 + 2e-3);
    const auto bumped = ConvexMesh::fromPoints(points, HullOptions{.hullTolerance = 5e-4});
    EXPECT_NE(std::find(bumped->vertices().begin(), bumped->vertices().end(), points.back()),
              bumped->vertices().end());
    expectValidHull(*bumped, points, 5e-4);
}

/// 3000 points on a sphere of radius 0.1 m, at the origin and 1e4 m from it: every point lies at
/// most the tolerance above every face plane, the vertices are input points, the hull shrinks
/// as the tolerance grows, and 0 is the exact hull.
TEST(ConvexMeshHull, HullToleranceBoundsEveryPointOnSpheres) {
    for (const Vec3& center : {Vec3(0.0, 0.0, 0.0), Vec3(1e4, -1e4, 1e4)}) {
        std::mt19937_64 rng(37);
        std::vector<Vec3> points;
        for (const Vec3& d : randomSpherePoints(3000, rng)) {
            points.push_back(center + 0.1 * d);
        }
        const auto exact = ConvexMesh::fromPoints(points);
        const auto zero = ConvexMesh::fromPoints(points, HullOptions{.hullTolerance = 0.0});
        EXPECT_EQ(zero->vertices(), exact->vertices());
        size_t previous = exact->vertices().size();
        for (const double tolerance : {1e-5, 1e-4, 1e-3, 1e-2}) {
            SCOPED_TRACE(tolerance);
            const auto hull =
                ConvexMesh::fromPoints(points, HullOptions{.hullTolerance = tolerance});
            // 1e-12 m: the rounding of the planes' heights 1e4 m from the origin
            expectValidHull(*hull, points, tolerance + 1e-12);
            EXPECT_LT(hull->vertices().size(), previous);
            EXPECT_LE(hull->volume(), exact->volume());
            previous = hull->vertices().size();
        }
        EXPECT_LT(previous, 60u); // 1 cm on a 10 cm sphere: 46 vertices
    }
}

TEST(ConvexMeshHull, HullToleranceBelowRoundingGivesAValidHull) {
    std::mt19937_64 rng(41);
    const std::vector<Vec3> points = randomSpherePoints(500, rng);
    const auto hull = ConvexMesh::fromPoints(points, HullOptions{.hullTolerance = 1e-300});
    expectValidHull(*hull, points, 1e-12);
    EXPECT_EQ(hull->vertices().size(), ConvexMesh::fromPoints(points)->vertices().size());
}

TEST(ConvexMeshHull, HullToleranceMustBeFiniteAndNonNegative) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const double inf = std::numeric_limits<double>::infinity();
    for (const double bad : {-1e-3, nan, inf}) {
        const std::string message = shapeErrorOf([&] {
            (void)ConvexMesh::fromPoints(cubeCorners(), HullOptions{.hullTolerance = bad});
        });
        EXPECT_TRUE(contains(message, "hullTolerance")) << message;
    }
}

// ---- support ------------------------------------------------------------------------------------

TEST(ConvexMeshSupport, HillClimbEqualsLinearScanOnSpherePoints) {
    std::mt19937_64 rng(14);
    const auto mesh = ConvexMesh::fromPoints(randomSpherePoints(2000, rng));
    ASSERT_GE(static_cast<int>(mesh->vertices().size()), ConvexMesh::kLinearScanBelow);
    std::uniform_int_distribution<int> anyVertex(0, static_cast<int>(mesh->vertices().size()) - 1);
    std::uniform_real_distribution<double> scale(-3.0, 3.0);
    int chained = -1;
    for (int i = 0; i < 10000; ++i) {
        const Vec3 d = std::pow(10.0, scale(rng)) * randomUnit(rng);
        int randomHint = anyVertex(rng);
        expectSupportMatchesLinear(*mesh, d, randomHint);
        int none = -1;
        expectSupportMatchesLinear(*mesh, d, none);
        int outOfRange = 1 << 30;
        expectSupportMatchesLinear(*mesh, d, outOfRange);
        int onePastTheEnd = static_cast<int>(mesh->vertices().size());
        expectSupportMatchesLinear(*mesh, d, onePastTheEnd);
        expectSupportMatchesLinear(*mesh, d, chained); // the previous answer as the start
    }
}

TEST(ConvexMeshSupport, ChainedHintsOnSlowlyTurningDirections) {
    std::mt19937_64 rng(15);
    const auto mesh = ConvexMesh::fromPoints(randomSpherePoints(2000, rng));
    int hint = -1;
    for (int i = 0; i < 5000; ++i) {
        const double t = 0.01 * i;
        const Vec3 d(std::cos(t), std::sin(1.3 * t), std::cos(0.7 * t) * std::sin(t));
        if (d.norm() > 1e-9) {
            expectSupportMatchesLinear(*mesh, d, hint);
        }
    }
}

/// Directions through the corners of every cube-map cell, and nudged off them: where a cell's
/// owner is claimed for the whole cell (no climb), the border is where a wrong claim would show.
TEST(ConvexMeshSupport, CubeMapCellBordersEqualLinearScan) {
    std::mt19937_64 rng(17);
    const auto round = ConvexMesh::fromPoints(randomSpherePoints(2000, rng));
    // an elongated, thin hull far from the origin (|vertex| much larger than its edges)
    std::vector<Vec3> far;
    for (const Vec3& p : randomSpherePoints(600, rng)) {
        far.push_back(Vec3(1000.0, -2000.0, 500.0) + Vec3(0.3 * p.x(), 1e-3 * p.y(), 0.05 * p.z()));
    }
    const auto thin = ConvexMesh::fromPoints(far);
    constexpr int n = ConvexMesh::kMapCells;
    for (const auto& mesh : {round, thin}) {
        ASSERT_GE(static_cast<int>(mesh->vertices().size()), ConvexMesh::kLinearScanBelow);
        EXPECT_GT(mesh->ownedCellShare(), 0.1) << "the test must exercise owned cells";
        for (int axis = 0; axis < 3; ++axis) {
            for (double sign : {1.0, -1.0}) {
                for (int i = 0; i <= n; ++i) {
                    for (int j = 0; j <= n; ++j) {
                        for (double nudge : {0.0, 1e-15, -1e-15, 1e-9, -1e-9}) {
                            Vec3 d;
                            d[axis] = sign;
                            d[(axis + 1) % 3] = 2.0 * i / n - 1.0 + nudge;
                            d[(axis + 2) % 3] = 2.0 * j / n - 1.0 - nudge;
                            int hint = -1;
                            expectSupportMatchesLinear(*mesh, d, hint);
                        }
                    }
                }
            }
        }
    }
}

TEST(ConvexMeshSupport, PlateausTerminateAtAMaximalVertex) {
    // A prism over a regular 64-gon: along +-z the 64 cap vertices tie; along the side normals
    // two rim edges tie. The climb must stop on a maximal vertex from every start.
    std::vector<Vec3> points;
    const int sides = 64;
    for (int k = 0; k < sides; ++k) {
        const double a = 2.0 * std::numbers::pi * k / sides;
        points.emplace_back(std::cos(a), std::sin(a), 1.0);
        points.emplace_back(std::cos(a), std::sin(a), -1.0);
    }
    const auto mesh = ConvexMesh::fromPoints(points);
    ASSERT_EQ(mesh->vertices().size(), 128u);
    for (int start = -1; start < 128; ++start) {
        for (const Vec3& d :
             {Vec3(0, 0, 1), Vec3(0, 0, -1), Vec3(1, 0, 0), Vec3(0, 1, 0),
              Vec3(std::cos(std::numbers::pi / sides), std::sin(std::numbers::pi / sides), 0)}) {
            int hint = start;
            expectSupportMatchesLinear(*mesh, d, hint);
        }
    }
}

TEST(ConvexMeshSupport, SmallMeshesScanLinearlyAndReturnTheHint) {
    const auto mesh = ConvexMesh::fromPoints(cubeCorners());
    std::mt19937_64 rng(16);
    for (int i = 0; i < 1000; ++i) {
        const Vec3 d = randomUnit(rng);
        int hint = 3;
        const Vec3 p = mesh->support(d, hint);
        EXPECT_EQ(hint, mesh->supportIndexLinear(d));
        EXPECT_EQ(p, mesh->vertices()[hint]);
    }
}

TEST(ConvexMeshSupport, ShapeForwardsToTheMeshAndHasNoCoreRadius) {
    std::mt19937_64 rng(17);
    const Shape shape = Shape::mesh(ConvexMesh::fromPoints(randomSpherePoints(500, rng)));
    EXPECT_EQ(shape.type(), ShapeType::ConvexMesh);
    EXPECT_EQ(shape.coreRadius(), 0.0);
    ASSERT_NE(shape.convexMesh(), nullptr);
    int hint = -1;
    int coreHint = -1;
    for (int i = 0; i < 1000; ++i) {
        const Vec3 d = randomUnit(rng);
        const Vec3 p = shape.support(d, hint);
        EXPECT_EQ(p, shape.supportCore(d, coreHint));
        EXPECT_EQ(p, shape.convexMesh()->vertices()[hint]);
        EXPECT_NEAR(
            p.dot(d),
            shape.convexMesh()->vertices()[shape.convexMesh()->supportIndexLinear(d)].dot(d),
            1e-12);
    }
}

// ---- bounds of mesh shapes ---------------------------------------------------------------------

TEST(ConvexMeshBounds, ContainAllVertices) {
    std::mt19937_64 rng(18);
    std::uniform_real_distribution<double> u(-1.0, 1.0);
    std::vector<Vec3> points;
    for (int i = 0; i < 3000; ++i) {
        points.emplace_back(3.0 * u(rng) + 10.0, 0.5 * u(rng), u(rng) - 4.0); // off-centre slab
    }
    const Shape shape = Shape::mesh(ConvexMesh::fromPoints(points));
    const Obb& obb = shape.localObb();
    const BoundingSphere& ball = shape.boundingSphere();
    EXPECT_TRUE((obb.axes.transpose() * obb.axes).isApprox(Mat3::Identity(), 1e-12));
    EXPECT_NEAR(obb.axes.determinant(), 1.0, 1e-12);
    for (const Vec3& p : points) { // every input point, hence every vertex (1e-12: rounding)
        EXPECT_TRUE((p.array() >= shape.localAabb().min.array()).all());
        EXPECT_TRUE((p.array() <= shape.localAabb().max.array()).all());
        const Vec3 local = obb.axes.transpose() * (p - obb.center);
        EXPECT_TRUE((local.cwiseAbs().array() <= obb.halfExtents.array() + 1e-12).all());
        EXPECT_LE((p - ball.center).norm(), ball.radius + 1e-12);
    }
    // Never worse than the AABB (the OBB falls back to it), and tight enough: the box of a
    // 6 x 1 x 2 slab, the sphere of its half diagonal (~3.2).
    EXPECT_LE(obb.halfExtents.prod(), shape.localAabb().halfExtents().prod() * (1 + 1e-12));
    EXPECT_LE(8.0 * obb.halfExtents.prod(), 12.0 * 1.01);
    EXPECT_LE(ball.radius, 1.05 * std::sqrt(9.0 + 0.25 + 1.0));
}

TEST(ConvexMeshBounds, ObbFollowsARotatedBox) {
    std::mt19937_64 rng(19);
    for (int trial = 0; trial < 20; ++trial) {
        const Quat q(Eigen::AngleAxisd(
            std::numbers::pi * std::uniform_real_distribution<double>(0, 1)(rng), randomUnit(rng)));
        const Vec3 half(2.0, 1.0, 0.25);
        const Vec3 offset(1.0, -2.0, 0.5);
        std::vector<Vec3> points;
        for (int i = 0; i < 8; ++i) {
            const Vec3 bits(i & 1, (i >> 1) & 1, (i >> 2) & 1);
            points.push_back(q * (-half + 2.0 * half.cwiseProduct(bits)) + offset);
        }
        const Shape shape = Shape::mesh(ConvexMesh::fromPoints(points));
        const Obb& obb = shape.localObb();
        Vec3 sorted = obb.halfExtents;
        std::sort(sorted.data(), sorted.data() + 3);
        EXPECT_LE((sorted - Vec3(0.25, 1.0, 2.0)).norm(), 1e-9) << "trial " << trial;
        EXPECT_LE((obb.center - offset).norm(), 1e-9) << "trial " << trial;
    }
}

// ---- OBJ files ---------------------------------------------------------------------------------

TEST(ConvexMeshObj, ReadsVerticesAndIgnoresEverythingElse) {
    ObjDir dir;
    std::string text = "# a cube\r\nmtllib cube.mtl\no Cube\ng side\nusemtl red\ns off\n";
    for (const Vec3& c : cubeCorners()) {
        text += "v " + std::to_string(c.x()) + " " + std::to_string(c.y()) + " " +
                std::to_string(c.z()) + " 1.0\r\n"; // with an optional w and CRLF ends
    }
    text += "v\t+0.5   0.5\t0.5\n"; // tabs, '+' sign, interior point
    text += "vn 0 0 1\nvt 0.5 0.5\nf 1//1 2//1 3//1\nf 1 2 3 4\nl 1 2\n\n   \n# end\n";
    const auto mesh = ConvexMesh::fromObjFile(dir.write("cube.obj", text));
    EXPECT_EQ(mesh->vertices().size(), 8u);
    EXPECT_EQ(mesh->triangles().size(), 12u);
    EXPECT_NEAR(mesh->volume(), 1.0, 1e-14);
}

TEST(ConvexMeshObj, ErrorsNameTheFileAndTheLine) {
    ObjDir dir;
    const std::string good = "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\n";
    struct Case {
        const char* name;
        std::string text;
        const char* where;
    };
    const Case cases[] = {
        {"short.obj", good + "# comment\nv 1 2\n", ":6:"},
        {"word.obj", "v 1 abc 2\n" + good, ":1:"},
        {"nan.obj", good + "v nan 0 0\n", ":5:"},
        {"trailing.obj", good + "v 1 2 3x\n", ":5:"},
        {"empty.obj", "v\n", ":1:"},
    };
    for (const Case& c : cases) {
        const std::string path = dir.write(c.name, c.text);
        const std::string message = shapeErrorOf([&] { (void)ConvexMesh::fromObjFile(path); });
        EXPECT_TRUE(contains(message, path + c.where)) << message;
    }
    const std::string flat = dir.write("flat.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 1 1 0\nv 2 3 0\n");
    const std::string flatMessage = shapeErrorOf([&] { (void)ConvexMesh::fromObjFile(flat); });
    EXPECT_TRUE(contains(flatMessage, flat)) << flatMessage;
    EXPECT_TRUE(contains(flatMessage, "QH")) << flatMessage;
    const std::string none = dir.write("novertices.obj", "# nothing\nf 1 2 3\n");
    EXPECT_TRUE(contains(shapeErrorOf([&] { (void)ConvexMesh::fromObjFile(none); }), "at least 4"));
    const std::string missing = (fs::path(::testing::TempDir()) / "does_not_exist.obj").string();
    const std::string missingMessage =
        shapeErrorOf([&] { (void)ConvexMesh::fromObjFile(missing); });
    EXPECT_TRUE(contains(missingMessage, missing)) << missingMessage;
}

// ---- real meshes -------------------------------------------------------------------------------

TEST(ConvexMeshYcb, HullsAreValidAndHillClimbingIsExact) {
    const fs::path dir = test::ycbDir();
    if (!fs::is_directory(dir)) {
        GTEST_SKIP() << "no YCB meshes at " << dir << " (set MK_YCB_DIR)";
    }
    std::vector<fs::path> files;
    for (const auto& entry : fs::directory_iterator(dir)) {
        if (entry.path().extension() == ".obj") {
            files.push_back(entry.path());
        }
    }
    std::sort(files.begin(), files.end());
    ASSERT_FALSE(files.empty());
    std::mt19937_64 rng(20);
    for (const fs::path& file : files) {
        SCOPED_TRACE(file.string());
        const auto mesh = ConvexMesh::fromObjFile(file.string());
        EXPECT_GE(static_cast<int>(mesh->vertices().size()), ConvexMesh::kLinearScanBelow);
        EXPECT_GT(mesh->volume(), 0.0);
        expectValidHull(*mesh, mesh->vertices(), 1e-12);
        int chained = -1;
        for (int i = 0; i < 2000; ++i) {
            const Vec3 d = randomUnit(rng);
            int none = -1;
            expectSupportMatchesLinear(*mesh, d, none);
            expectSupportMatchesLinear(*mesh, d, chained);
        }
        // Jolt's default hull tolerance, 1 mm: 23-120 vertices instead of 313-3279, and every
        // point of the exact hull within 1 mm of the simplified one's face planes.
        const auto simplified =
            ConvexMesh::fromObjFile(file.string(), HullOptions{.hullTolerance = 1e-3});
        EXPECT_LE(simplified->vertices().size(), 130u);
        expectValidHull(*simplified, mesh->vertices(), 1e-3 + 1e-12);
        EXPECT_GT(simplified->volume(), 0.95 * mesh->volume());
        const Shape shape = Shape::mesh(mesh);
        const Obb& obb = shape.localObb();
        EXPECT_LE(obb.halfExtents.prod(), shape.localAabb().halfExtents().prod() * (1 + 1e-12));
        for (const Vec3& p : mesh->vertices()) {
            const Vec3 local = obb.axes.transpose() * (p - obb.center);
            EXPECT_TRUE((local.cwiseAbs().array() <= obb.halfExtents.array() + 1e-12).all());
            EXPECT_LE((p - shape.boundingSphere().center).norm(),
                      shape.boundingSphere().radius + 1e-12);
        }
    }
}
