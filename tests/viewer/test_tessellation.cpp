/// \file test_tessellation.cpp
/// Tessellated shapes: closed, outward (positive volume close to the solid's), vertices on the
/// surface, unit normals agreeing with the faces; hull meshes are the hulls; rounded boxes are
/// drawn rounded; shared geometry.

#include "minkowski/narrowphase/ConvexMesh.h"
#include "minkowski/viewer/Tessellation.h"

#include <array>
#include <cmath>
#include <gtest/gtest.h>
#include <map>
#include <numbers>
#include <utility>
#include <vector>

namespace mk::viewer {
namespace {

constexpr double kPi = std::numbers::pi;

/// Signed volume by the divergence theorem: positive for outward triangles.
double volume(const TriangleMesh& m) {
    double v = 0.0;
    for (std::size_t i = 0; i < m.indices.size(); i += 3) {
        const Vec3 a = m.positions[m.indices[i]].cast<double>();
        const Vec3 b = m.positions[m.indices[i + 1]].cast<double>();
        const Vec3 c = m.positions[m.indices[i + 2]].cast<double>();
        v += a.dot(b.cross(c)) / 6.0;
    }
    return v;
}

/// Support value h(n) = max over the shape of n.x.
double supportValue(const Shape& s, const Vec3& n) {
    int hint = -1;
    return s.support(n, hint).dot(n);
}

struct Case {
    const char* name;
    Shape shape;
    double volume;
    double relativeTolerance;
};

std::vector<Case> cases() {
    const Vec3 r(0.3, 0.2, 0.1);
    return {
        {"sphere", Shape::sphere(0.2), 4.0 / 3.0 * kPi * 0.008, 0.02},
        {"box", Shape::box({0.1, 0.2, 0.3}), 0.048, 1e-6},
        {"capsule", Shape::capsule(0.1, 0.2), kPi * 0.01 * 0.4 + 4.0 / 3.0 * kPi * 0.001, 0.02},
        {"cylinder", Shape::cylinder(0.1, 0.3), kPi * 0.01 * 0.6, 0.02},
        {"cone", Shape::cone(0.2, 0.25), kPi * 0.04 * 0.5 / 3.0, 0.02},
        {"ellipsoid", Shape::ellipsoid(r), 4.0 / 3.0 * kPi * r.prod(), 0.02},
    };
}

TEST(Tessellation, PrimitivesAreOutwardWithTheSolidsVolume) {
    for (const Case& c : cases()) {
        const TriangleMesh m = tessellate(c.shape);
        ASSERT_GT(m.triangleCount(), 10u) << c.name;
        ASSERT_EQ(m.positions.size(), m.normals.size()) << c.name;
        EXPECT_NEAR(volume(m), c.volume, c.relativeTolerance * c.volume) << c.name;
        EXPECT_LE(volume(m), c.volume * (1.0 + 1e-6)) << c.name << ": inscribed, never larger";
    }
}

TEST(Tessellation, VerticesLieOnTheSurfaceWithTheirNormals) {
    for (const Case& c : cases()) {
        const TriangleMesh m = tessellate(c.shape);
        for (std::size_t i = 0; i < m.positions.size(); ++i) {
            const Vec3 n = m.normals[i].cast<double>();
            ASSERT_NEAR(n.norm(), 1.0, 1e-5) << c.name;
            // A surface point with outward normal n supports the shape along n.
            EXPECT_NEAR(m.positions[i].cast<double>().dot(n), supportValue(c.shape, n), 1e-5)
                << c.name << " vertex " << i;
        }
    }
}

TEST(Tessellation, FaceNormalsAgreeWithVertexNormals) {
    for (const Case& c : cases()) {
        const TriangleMesh m = tessellate(c.shape);
        for (std::size_t i = 0; i < m.indices.size(); i += 3) {
            const Eigen::Vector3f a = m.positions[m.indices[i]];
            const Eigen::Vector3f face =
                (m.positions[m.indices[i + 1]] - a).cross(m.positions[m.indices[i + 2]] - a);
            for (int k = 0; k < 3; ++k) {
                EXPECT_GT(face.dot(m.normals[m.indices[i + k]]), 0.0f)
                    << c.name << " triangle " << i / 3;
            }
        }
    }
}

TEST(Tessellation, HullMeshIsTheHull) {
    std::vector<Vec3> points;
    for (int i = 0; i < 200; ++i) {
        const double t = 0.37 * i;
        points.emplace_back(0.1 * std::cos(t) * (1 + 0.3 * std::sin(3 * t)),
                            0.08 * std::sin(1.3 * t), 0.05 * std::cos(0.7 * t + 1.0));
    }
    const Shape shape = Shape::mesh(ConvexMesh::fromPoints(points));
    const TriangleMesh m = tessellate(shape);
    EXPECT_EQ(m.triangleCount(), shape.convexMesh()->triangles().size());
    EXPECT_NEAR(volume(m), shape.convexMesh()->volume(),
                1e-6 * shape.convexMesh()->volume() + 1e-12);
    for (std::size_t i = 0; i < m.positions.size(); ++i) {
        EXPECT_NEAR(m.normals[i].norm(), 1.0f, 1e-5f);
    }
}

TEST(Tessellation, SmoothShapesAreSampledOnTheirSurface) {
    const Shape s = Shape::superquadric({0.2, 0.1, 0.15}, 1.5, 1.5);
    const TriangleMesh m = tessellate(s);
    EXPECT_GT(volume(m), 0.0);
    for (std::size_t i = 0; i < m.positions.size(); ++i) {
        const Vec3 n = m.normals[i].cast<double>();
        EXPECT_NEAR(m.positions[i].cast<double>().dot(n), supportValue(s, n), 1e-5);
    }
}

TEST(MeshLibrary, SameGeometrySharesOneMesh) {
    MeshLibrary library;
    const Shape a = Shape::box({0.1, 0.1, 0.1});
    const Shape b = Shape::box({0.1, 0.1, 0.1});
    const Shape c = Shape::box({0.1, 0.1, 0.2});
    const Shape d = Shape::sphere(0.1);
    EXPECT_EQ(library.index(a), 0);
    EXPECT_EQ(library.index(b), 0);
    EXPECT_EQ(&library.mesh(a), &library.mesh(b));
    EXPECT_EQ(library.index(c), 1);
    EXPECT_EQ(library.index(d), 2);
    EXPECT_EQ(library.size(), 3u);
}

// Rounded boxes are drawn rounded (not as their core): closed, outward, inscribed with nearly
// the solid's volume, vertices on the surface with their normals; the rounding is part of the
// geometry key.

double roundedBoxVolume(const Vec3& h, double r) {
    return 8.0 * h.prod() + 8.0 * r * (h.y() * h.z() + h.x() * h.z() + h.x() * h.y()) +
           2.0 * kPi * r * r * h.sum() + 4.0 / 3.0 * kPi * r * r * r;
}

TEST(TessellationRounded, RoundedBoxIsOutwardInscribedAndCloseToTheSolid) {
    const Vec3 h(0.1, 0.2, 0.05);
    for (const double r : {0.01, 0.05, 0.2}) {
        const Shape shape = Shape::box(h, r);
        const TriangleMesh m = tessellate(shape);
        const double exact = roundedBoxVolume(h, r);
        EXPECT_LE(volume(m), exact * (1.0 + 1e-6)) << r;
        EXPECT_GE(volume(m), exact * 0.99) << r;
        // larger than the core grown by nothing: the rounding is drawn
        EXPECT_GT(volume(m), 8.0 * (h + Vec3::Constant(0.5 * r)).prod()) << r;
    }
}

TEST(TessellationRounded, VerticesLieOnTheSurfaceWithTheirNormals) {
    const Shape shape = Shape::box(Vec3(0.1, 0.2, 0.05), 0.03);
    const TriangleMesh m = tessellate(shape, 24);
    ASSERT_EQ(m.positions.size(), m.normals.size());
    int hint = -1;
    for (std::size_t i = 0; i < m.positions.size(); ++i) {
        const Vec3 n = m.normals[i].cast<double>();
        ASSERT_NEAR(n.norm(), 1.0, 1e-5);
        EXPECT_NEAR(m.positions[i].cast<double>().dot(n), shape.support(n, hint).dot(n), 1e-6) << i;
    }
    for (std::size_t i = 0; i < m.indices.size(); i += 3) {
        const Eigen::Vector3f a = m.positions[m.indices[i]];
        const Eigen::Vector3f face =
            (m.positions[m.indices[i + 1]] - a).cross(m.positions[m.indices[i + 2]] - a);
        for (int k = 0; k < 3; ++k) {
            EXPECT_GT(face.dot(m.normals[m.indices[i + k]]), 0.0f) << "triangle " << i / 3;
        }
    }
}

TEST(TessellationRounded, SurfaceIsClosed) {
    // every edge of the welded mesh (vertices merged by position) is shared by exactly two
    // triangles, in opposite directions
    const TriangleMesh m = tessellate(Shape::box(Vec3(0.1, 0.2, 0.05), 0.03), 16);
    std::map<std::array<float, 3>, int> ids;
    std::vector<int> weld(m.positions.size());
    for (std::size_t i = 0; i < m.positions.size(); ++i) {
        // round to 1e-6 m: seam vertices are computed from the same normal on two faces
        const Eigen::Vector3f p = (m.positions[i] * 1e6f).array().round() / 1e6f;
        weld[i] = ids.try_emplace({p.x(), p.y(), p.z()}, int(ids.size())).first->second;
    }
    std::map<std::pair<int, int>, int> directed;
    for (std::size_t i = 0; i < m.indices.size(); i += 3) {
        for (int k = 0; k < 3; ++k) {
            const int a = weld[m.indices[i + k]];
            const int b = weld[m.indices[i + (k + 1) % 3]];
            ++directed[{a, b}];
        }
    }
    for (const auto& [edge, count] : directed) {
        EXPECT_EQ(count, 1);
        const auto reverse = directed.find({edge.second, edge.first});
        EXPECT_TRUE(reverse != directed.end() && reverse->second == 1);
    }
}

TEST(TessellationRounded, SharpBoxIsUnchanged) {
    const TriangleMesh m = tessellate(Shape::box(Vec3(0.1, 0.2, 0.3), 0.0));
    EXPECT_EQ(m.triangleCount(), 12u);
    EXPECT_NEAR(volume(m), 0.048, 1e-8);
}

TEST(TessellationRounded, RoundingIsPartOfTheGeometryKey) {
    MeshLibrary library;
    const Shape sharp = Shape::box({0.1, 0.1, 0.1});
    const Shape rounded = Shape::box({0.1, 0.1, 0.1}, 0.02);
    const Shape same = Shape::box({0.1, 0.1, 0.1}, 0.02);
    EXPECT_EQ(library.index(sharp), 0);
    EXPECT_EQ(library.index(rounded), 1);
    EXPECT_EQ(library.index(same), 1);
    EXPECT_NE(library.mesh(sharp).triangleCount(), library.mesh(rounded).triangleCount());
}

} // namespace
} // namespace mk::viewer
