/// \file test_mesh_loader.cpp
/// loadMesh(): OBJ and STL (ASCII, binary) cubes, the convexity criteria and their warning, and
/// the errors of broken files (file and line named).

#include "TestFiles.h"
#include "minkowski/scenes/MeshLoader.h"

#include <cstring>
#include <gtest/gtest.h>

namespace mk::scenes {
namespace {

using test::CapturedLog;
using test::ScratchFolder;

/// The unit cube [0, 1]^3 as an OBJ with quads (faces counter-clockwise from outside).
const std::string kCubeObj = R"(# unit cube
v 0 0 0
v 1 0 0
v 1 1 0
v 0 1 0
v 0 0 1
v 1 0 1
v 1 1 1
v 0 1 1
f 1 4 3 2
f 5 6 7 8
f 1 2 6 5
f 2 3 7 6
f 3 4 8 7
f 4 1 5 8
)";

/// The cube's 12 triangles, for the STL files.
std::vector<std::array<Vec3, 3>> cubeTriangles(double size) {
    const std::array<Vec3, 8> v{Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(1, 1, 0), Vec3(0, 1, 0),
                                Vec3(0, 0, 1), Vec3(1, 0, 1), Vec3(1, 1, 1), Vec3(0, 1, 1)};
    const std::array<std::array<int, 4>, 6> quads{
        {{0, 3, 2, 1}, {4, 5, 6, 7}, {0, 1, 5, 4}, {1, 2, 6, 5}, {2, 3, 7, 6}, {3, 0, 4, 7}}};
    std::vector<std::array<Vec3, 3>> triangles;
    for (const auto& q : quads) {
        triangles.push_back({size * v[q[0]], size * v[q[1]], size * v[q[2]]});
        triangles.push_back({size * v[q[0]], size * v[q[2]], size * v[q[3]]});
    }
    return triangles;
}

std::string asciiStl(const std::vector<std::array<Vec3, 3>>& triangles) {
    std::string text = "solid cube\n";
    for (const auto& t : triangles) {
        text += "  facet normal 0 0 0\n    outer loop\n";
        for (const Vec3& p : t) {
            text += "      vertex " + std::to_string(p.x()) + " " + std::to_string(p.y()) + " " +
                    std::to_string(p.z()) + "\n";
        }
        text += "    endloop\n  endfacet\n";
    }
    return text + "endsolid cube\n";
}

std::string binaryStl(const std::vector<std::array<Vec3, 3>>& triangles) {
    std::string bytes(80, ' ');
    const auto put32 = [&bytes](std::uint32_t v) {
        for (int i = 0; i < 4; ++i) {
            bytes += static_cast<char>((v >> (8 * i)) & 0xff);
        }
    };
    put32(static_cast<std::uint32_t>(triangles.size()));
    for (const auto& t : triangles) {
        const auto putFloat = [&put32](double d) {
            const auto f = static_cast<float>(d);
            std::uint32_t bits = 0;
            std::memcpy(&bits, &f, 4);
            put32(bits);
        };
        for (int i = 0; i < 3; ++i) {
            putFloat(0.0); // normal
        }
        for (const Vec3& p : t) {
            putFloat(p.x());
            putFloat(p.y());
            putFloat(p.z());
        }
        bytes += std::string(2, '\0');
    }
    return bytes;
}

void expectUnitCube(const LoadedMesh& mesh, double size = 1.0) {
    EXPECT_EQ(mesh.vertices.size(), 8u);
    EXPECT_EQ(mesh.triangles.size(), 12u);
    EXPECT_EQ(mesh.hull->vertices().size(), 8u);
    const double volume = size * size * size;
    EXPECT_NEAR(mesh.volume, volume, 1e-12 * volume);
    EXPECT_NEAR(mesh.hull->volume(), volume, 1e-12 * volume);
    EXPECT_TRUE(mesh.convex);
    EXPECT_EQ(mesh.interiorVertices, 0);
}

TEST(MeshLoader, ObjCubeIsConvexWithoutWarning) {
    const ScratchFolder folder;
    const CapturedLog log;
    expectUnitCube(*loadMesh(folder.write("cube.obj", kCubeObj)));
    EXPECT_EQ(log.text(), "");
}

TEST(MeshLoader, ScaleConvertsUnits) {
    const ScratchFolder folder;
    MeshLoadOptions options;
    options.scale = 0.001; // millimetres
    expectUnitCube(*loadMesh(folder.write("cube.OBJ", kCubeObj), options), 0.001);
}

TEST(MeshLoader, StlAsciiAndBinaryCubes) {
    const ScratchFolder folder;
    expectUnitCube(*loadMesh(folder.write("ascii.stl", asciiStl(cubeTriangles(1.0)))));
    expectUnitCube(*loadMesh(folder.write("binary.stl", binaryStl(cubeTriangles(1.0)))));
    // A binary file whose header starts with "solid" is still binary.
    std::string bytes = binaryStl(cubeTriangles(1.0));
    bytes.replace(0, 5, "solid");
    expectUnitCube(*loadMesh(folder.write("solid-header.stl", bytes)));
}

/// A convex OBJ with faces: the exact hull of 2000 points of a sphere of radius 0.1 m.
std::string sphereObj() {
    const auto hull = ConvexMesh::fromPoints(test::fibonacciSphere(2000, 0.1));
    return test::objText(hull->vertices(), hull->triangles());
}

/// With a hull tolerance the simulated hull has fewer vertices, every file point within the
/// tolerance of its face planes, while the convexity test still compares the file with its exact
/// hull (the simplified hull is 1.5% smaller: against it the file would look non-convex).
TEST(MeshLoader, HullToleranceSimplifiesTheHullNotTheFile) {
    const ScratchFolder folder;
    const auto file = folder.write("sphere.obj", sphereObj());
    const auto exact = loadMesh(file);
    MeshLoadOptions options;
    options.hull.hullTolerance = 1e-3;
    const CapturedLog log;
    const auto simplified = loadMesh(file, options);
    EXPECT_EQ(log.text(), "");
    EXPECT_TRUE(simplified->convex);
    EXPECT_EQ(simplified->vertices, exact->vertices); // the file, for drawing
    EXPECT_EQ(simplified->volume, exact->volume);
    EXPECT_LT(simplified->hull->vertices().size(), exact->hull->vertices().size() / 4);
    EXPECT_LT(simplified->hull->volume(), 0.99 * exact->hull->volume());
    const auto& v = simplified->hull->vertices();
    for (const auto& t : simplified->hull->triangles()) {
        const Vec3 n = (v[t[1]] - v[t[0]]).cross(v[t[2]] - v[t[0]]);
        if (n.norm() > 0.0) {
            for (const Vec3& p : exact->vertices) {
                EXPECT_LE(n.normalized().dot(p - v[t[0]]), 1e-3 + 1e-15);
            }
        }
    }
    options.hull.hullTolerance = -1e-3;
    EXPECT_THROW((void)loadMesh(file, options), MeshError);
}

TEST(MeshLoader, DentedCubeIsNotConvexAndWarns) {
    // The top face's centre pushed down by 0.5: 12.5 % of the hull's volume is missing.
    const std::string dented = R"(v 0 0 0
v 1 0 0
v 1 1 0
v 0 1 0
v 0 0 1
v 1 0 1
v 1 1 1
v 0 1 1
v 0.5 0.5 0.5
f 1 4 3 2
f 1 2 6 5
f 2 3 7 6
f 3 4 8 7
f 4 1 5 8
f 5 6 9
f 6 7 9
f 7 8 9
f 8 5 9
)";
    const ScratchFolder folder;
    const CapturedLog log;
    const auto mesh = loadMesh(folder.write("dented.obj", dented));
    EXPECT_FALSE(mesh->convex);
    EXPECT_NEAR(mesh->volume, 1.0 - 1.0 / 6.0, 1e-12);
    EXPECT_NEAR(mesh->hull->volume(), 1.0, 1e-12);
    EXPECT_EQ(mesh->hull->vertices().size(), 8u); // the simulation uses the hull
    EXPECT_EQ(mesh->interiorVertices, 1);
    EXPECT_NE(log.text().find("dented.obj: not convex (volume 0.8333 m^3, hull 1 m^3, +16.67 %"),
              std::string::npos)
        << log.text();
}

TEST(MeshLoader, VolumeCriterionHasATolerance) {
    // A dent of 0.05 % of the volume is below the 0.1 % tolerance.
    const ScratchFolder folder;
    const std::string slightly = R"(v 0 0 0
v 1 0 0
v 1 1 0
v 0 1 0
v 0 0 1
v 1 0 1
v 1 1 1
v 0 1 1
v 0.5 0.5 0.9985
f 1 4 3 2
f 1 2 6 5
f 2 3 7 6
f 3 4 8 7
f 4 1 5 8
f 5 6 9
f 6 7 9
f 7 8 9
f 8 5 9
)";
    EXPECT_TRUE(loadMesh(folder.write("slight.obj", slightly))->convex);
    MeshLoadOptions strict;
    strict.volumeTolerance = 1e-4;
    strict.warnIfNotConvex = false;
    EXPECT_FALSE(loadMesh(folder.write("slight.obj", slightly), strict)->convex);
}

TEST(MeshLoader, PointCloudCriterionIsInteriorVertices) {
    const ScratchFolder folder;
    const std::string corners = "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nv 0 0 1\nv 1 0 1\nv 1 1 1\n"
                                "v 0 1 1\n";
    const CapturedLog log;
    const auto onSurface = loadMesh(folder.write("surface.obj", corners + "v 0.5 0.5 1\n"));
    EXPECT_TRUE(onSurface->convex);
    EXPECT_TRUE(onSurface->triangles.empty());
    const auto inside = loadMesh(folder.write("inside.obj", corners + "v 0.5 0.5 0.5\n"));
    EXPECT_FALSE(inside->convex);
    EXPECT_EQ(inside->interiorVertices, 1);
    EXPECT_NE(log.text().find("inside.obj: not convex (no faces; 1 of 9 vertices inside the hull)"),
              std::string::npos)
        << log.text();
}

/// A broken file and the beginning of its error after "<folder>/".
struct Broken {
    std::string what;
    std::string file;
    std::string content;
    std::string expected;
};

void PrintTo(const Broken& b, std::ostream* out) {
    *out << b.what;
}

class BrokenMesh : public ::testing::TestWithParam<Broken> {};

TEST_P(BrokenMesh, ErrorNamesFileAndLine) {
    const Broken& b = GetParam();
    const ScratchFolder folder;
    const std::filesystem::path file = folder.write(b.file, b.content);
    try {
        (void)loadMesh(file);
        FAIL() << "no error for: " << b.what;
    } catch (const MeshError& error) {
        const std::string message = error.what();
        EXPECT_EQ(message.rfind(file.string() + b.expected, 0), 0u)
            << b.what << "\n  got: " << message << "\n  expected prefix: " << file.string()
            << b.expected;
        EXPECT_EQ(error.file(), file.string());
    }
}

std::string truncatedBinary() {
    std::string bytes = binaryStl(cubeTriangles(1.0));
    bytes.resize(bytes.size() - 7);
    return bytes;
}

INSTANTIATE_TEST_SUITE_P(
    Cases, BrokenMesh,
    ::testing::Values(
        Broken{"bad number", "a.obj", "v 0 0 0\nv 1 0 0\nv 0 abc 0\nv 0 0 1\n",
               ":3: bad vertex coordinate 'abc'"},
        Broken{"infinite number", "a.obj", "v 0 0 0\nv 1 0 inf\n",
               ":2: bad vertex coordinate 'inf'"},
        Broken{"short vertex", "a.obj", "v 0 0\n", ":1: expected 'v x y z'"},
        Broken{"face index", "a.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 9\n",
               ":4: face index 9 out of range (3 vertices defined so far)"},
        Broken{"zero index", "a.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 0 1 2\n",
               ":4: bad face index '0'"},
        Broken{"short face", "a.obj", "v 0 0 0\nv 1 0 0\nf 1 2\n",
               ":3: a face needs at least 3 vertices"},
        Broken{"no vertices", "a.obj", "# nothing\n", ": no vertices ('v x y z' lines)"},
        Broken{"coplanar", "a.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 1 1 0\n", ": no convex hull: "},
        Broken{"format", "a.ply", "ply\n",
               ": unsupported mesh format '.ply' (supported: .obj, .stl)"},
        Broken{"stl number", "a.stl",
               "solid x\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 1 0 zz\n",
               ":5: bad number 'zz'"},
        Broken{"stl four vertices", "a.stl",
               "solid x\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 1 0 0\n"
               "vertex 0 1 0\nvertex 1 1 0\nendloop\nendfacet\nendsolid\n",
               ":7: a facet with more than 3 vertices"},
        Broken{"stl keyword", "a.stl", "solid x\nfacet normal 0 0 1\nouter lop\n",
               ":3: expected 'loop', got 'lop'"},
        Broken{"stl truncated binary", "a.stl", truncatedBinary(),
               ": not an ASCII STL, and a binary STL of 677 bytes does not match its header's "
               "triangle count (truncated?)"},
        Broken{"stl garbage", "a.stl", "abc",
               ": neither an ASCII STL nor a binary STL (too short)"},
        Broken{"stl empty solid", "a.stl", "solid x\nendsolid x\n", ": ASCII STL without facets"}));

TEST(MeshLoader, MissingFileAndFolders) {
    EXPECT_THROW((void)loadMesh("/nonexistent/mesh.obj"), MeshError);
    try {
        (void)loadMesh("/nonexistent/mesh.obj");
    } catch (const MeshError& error) {
        EXPECT_STREQ(error.what(), "/nonexistent/mesh.obj: cannot open mesh file: no such file");
    }
    const ScratchFolder folder;
    EXPECT_THROW((void)meshFilesIn(folder.path()), MeshError);
    (void)folder.write("b.STL", "x");
    (void)folder.write("a.obj", "x");
    (void)folder.write("c.txt", "x");
    const std::vector<std::filesystem::path> files = meshFilesIn(folder.path());
    ASSERT_EQ(files.size(), 2u);
    EXPECT_EQ(files[0].filename(), "a.obj");
    EXPECT_EQ(files[1].filename(), "b.STL");
}

} // namespace
} // namespace mk::scenes
