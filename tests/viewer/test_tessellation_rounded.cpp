/// \file test_tessellation_rounded.cpp
/// Rounded boxes are drawn rounded (not as their core): closed, outward, inscribed with nearly
/// the solid's volume, vertices on the surface with their normals; the rounding is part of the
/// geometry key.

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

/// Core box + slabs + quarter cylinders + sphere octants.
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
