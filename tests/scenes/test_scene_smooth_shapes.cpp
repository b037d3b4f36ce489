/// \file test_scene_smooth_shapes.cpp
/// Rounded boxes (`rounding`), superquadrics (`type = "superquadric"`) and smoothed meshes
/// (`smoothing` on a mesh) in scene files: read, built into the engine with their mass
/// properties, written back unchanged, and bad values named by key.

#include "TestFiles.h"
#include "minkowski/narrowphase/ConvexMesh.h"
#include "minkowski/narrowphase/Rtr.h"
#include "minkowski/scenes/Build.h"
#include "minkowski/scenes/SceneDesc.h"
#include "minkowski/scenes/SceneFile.h"
#include "minkowski/scenes/Shapes.h"

#include <gtest/gtest.h>
#include <numbers>
#include <string>

namespace mk::scenes {
namespace {

constexpr const char* kScene = R"(
[simulation]
seconds = 0.05

[shapes.brick]
type = "box"
half_extents = [0.1, 0.05, 0.02]
rounding = 0.01

[shapes.plain]
type = "box"
half_extents = [0.1, 0.05, 0.02]

[shapes.pebble]
type = "superquadric"
radii = [0.05, 0.04, 0.03]
exponents = [1.5, 0.5]
inflation = 0.002

[shapes.lump]
type = "superquadric"
radii = [0.05, 0.04, 0.03]
exponents = [1.2, 1.2]

[shapes.soft]
type = "mesh"
path = "tetra.obj"
smoothing = 6

[[bodies]]
shape = "brick"
position = [0, 0, 0.1]

[[bodies]]
shape = "pebble"
position = [0.3, 0, 0.1]

[[bodies]]
shape = "soft"
position = [0.6, 0, 0.1]

[[bodies]]
shape = "lump"
position = [0.9, 0, 0.1]

[[bodies]]
shape = "plain"
position = [1.2, 0, 0.1]
)";

/// The scene, its tetrahedron (8 cm legs) written to `folder`.
SceneDesc scene(const test::ScratchFolder& folder) {
    (void)folder.write("tetra.obj", "v 0 0 0\nv 0.08 0 0\nv 0 0.08 0\nv 0 0 0.08\n");
    return parseScene(kScene, "smooth.toml", folder.path());
}

TEST(SceneSmoothShapes, ReadAndBuilt) {
    const test::ScratchFolder folder;
    const SceneDesc s = scene(folder);
    const SceneShapes shapes = loadShapes(s);
    const Shape& brick = shapes.at("brick").shape;
    EXPECT_EQ(brick.type(), ShapeType::Box);
    EXPECT_EQ(brick.halfExtents(), Vec3(0.1, 0.05, 0.02));
    EXPECT_EQ(brick.coreRadius(), 0.01);
    EXPECT_EQ(shapes.at("plain").shape.coreRadius(), 0.0);

    const Shape& pebble = shapes.at("pebble").shape;
    ASSERT_EQ(pebble.type(), ShapeType::Superquadric);
    EXPECT_EQ(pebble.smoothSupport()->radii(), Vec3(0.05, 0.04, 0.03));
    EXPECT_EQ(pebble.smoothSupport()->alpha1(), 1.5);
    EXPECT_EQ(pebble.smoothSupport()->alpha2(), 0.5);
    EXPECT_EQ(pebble.coreRadius(), 0.002);
    EXPECT_EQ(shapes.at("lump").shape.coreRadius(), kSuperquadricInflation); // the default

    const SceneShape& soft = shapes.at("soft");
    ASSERT_EQ(soft.shape.type(), ShapeType::SmoothedHull);
    EXPECT_EQ(soft.shape.smoothSupport()->beta(), 6.0);
    EXPECT_EQ(soft.mesh, nullptr); // drawn as the smoothed body, not as the file's triangles

    const BuiltScene built = buildWorld(s, shapes, 0);
    ASSERT_EQ(built.world.bodyCount(), 5u);
    // rounded box: the core box plus the rounding's volume; the engine's default density
    const MassProperties& roundedMp = built.world.body(0).massProperties;
    const MassProperties& plainMp = built.world.body(4).massProperties;
    EXPECT_GT(roundedMp.volume, plainMp.volume);
    EXPECT_NEAR(roundedMp.mass / roundedMp.volume, plainMp.mass / plainMp.volume, 1e-9);
    // the smoothed tetrahedron contains the tetrahedron (volume 0.08^3 / 6)
    EXPECT_GT(built.world.body(2).massProperties.volume, 0.08 * 0.08 * 0.08 / 6.0);
    EXPECT_GT(built.world.body(1).massProperties.mass, 0.0);
    EXPECT_GT(built.world.body(3).massProperties.mass, 0.0);
}

TEST(SceneSmoothShapes, WrittenBackUnchanged) {
    const test::ScratchFolder folder;
    const SceneDesc s = scene(folder);
    const std::string text = formatScene(s);
    EXPECT_NE(text.find("rounding = 0.01"), std::string::npos) << text;
    EXPECT_NE(text.find("exponents = [1.5, 0.5]"), std::string::npos) << text;
    EXPECT_NE(text.find("smoothing = 6"), std::string::npos) << text;
    const SceneDesc back = parseScene(text, "back.toml", folder.path());
    EXPECT_EQ(back.shapes, s.shapes);
    // unset optional keys stay unset (the plain box has no rounding key, lump no inflation)
    EXPECT_FALSE(back.shapes.at("lump").inflation.has_value());
    EXPECT_FALSE(back.shapes.at("soft").inflation.has_value());
}

TEST(SceneSmoothShapes, BadValuesNameTheirKey) {
    struct Case {
        std::string shape;
        std::string mentions;
    };
    const Case cases[] = {
        {"type = \"box\"\nhalf_extents = [1, 1, 1]\nrounding = -0.1", "shapes.s.rounding"},
        {"type = \"superquadric\"\nradii = [1, 1, 1]\nexponents = [2, 1]", "shapes.s.exponents"},
        {"type = \"superquadric\"\nradii = [1, 1, 1]\nexponents = [1, 0]", "shapes.s.exponents"},
        {"type = \"superquadric\"\nradii = [1, 1, 1]", "exponents"},
        {"type = \"superquadric\"\nradii = [1, 1, 1]\nexponents = [1, 1]\ninflation = -1",
         "shapes.s.inflation"},
        {"type = \"mesh\"\npath = \"tetra.obj\"\nsmoothing = 2", "shapes.s.smoothing"},
        {"type = \"sphere\"\nradius = 1\nrounding = 0.1", "rounding"}, // a box key on a sphere
    };
    for (const Case& c : cases) {
        const std::string text = "[shapes.s]\n" + c.shape + "\n[[bodies]]\nshape = \"s\"\n";
        try {
            (void)parseScene(text, "bad.toml", ".");
            ADD_FAILURE() << "accepted:\n" << text;
        } catch (const SceneError& e) {
            EXPECT_NE(std::string(e.what()).find(c.mentions), std::string::npos) << e.what();
        }
    }
}

} // namespace
} // namespace mk::scenes
