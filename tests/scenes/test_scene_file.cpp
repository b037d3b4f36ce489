/// \file test_scene_file.cpp
/// Scene files: the built-in scenes round-trip through formatScene/parseScene and equal their files
/// in scenes/data; malformed files give errors naming the file, the line and the key.

#include "TestFiles.h"
#include "minkowski/scenes/BuiltinScenes.h"
#include "minkowski/scenes/SceneFile.h"
#include "minkowski/scenes/Shapes.h"

#include <gtest/gtest.h>
#include <numbers>
#include <string>

namespace mk::scenes {
namespace {

using test::ScratchFolder;

TEST(SceneFile, BuiltinScenesRoundTrip) {
    ASSERT_GE(builtinSceneFiles().size(), 6u);
    for (const BuiltinSceneFile& file : builtinSceneFiles()) {
        SCOPED_TRACE(std::string(file.name));
        const SceneDesc scene = builtinScene(file.name);
        const std::string text = formatScene(scene);
        const SceneDesc back = parseScene(text, "roundtrip.toml", scene.baseDirectory);
        EXPECT_EQ(back, scene);
        EXPECT_EQ(formatScene(back), text);
    }
}

TEST(SceneFile, EveryBuiltinSceneIsItsFile) {
    for (const BuiltinSceneFile& file : builtinSceneFiles()) {
        SCOPED_TRACE(std::string(file.name));
        const SceneDesc fromFile =
            readSceneFile(builtinScenesDirectory() / (std::string(file.name) + ".toml"));
        EXPECT_EQ(fromFile, builtinScene(file.name));
        EXPECT_EQ(fromFile.name, file.name);
        EXPECT_FALSE(fromFile.description.empty());
    }
}

TEST(SceneFile, WrittenFileKeepsMeshPathsValidFromItsNewFolder) {
    const ScratchFolder folder;
    const SceneDesc scene = builtinScene("funnel");
    writeSceneFile(scene, folder.path() / "copy.toml");
    const SceneDesc copy = readSceneFile(folder.path() / "copy.toml");
    EXPECT_EQ(copy.simulation, scene.simulation);
    EXPECT_EQ(copy.generators, scene.generators);
    for (const auto& [name, shape] : scene.shapes) {
        const auto original = std::filesystem::weakly_canonical(scene.baseDirectory / shape.path);
        const auto moved =
            std::filesystem::weakly_canonical(copy.baseDirectory / copy.shapes.at(name).path);
        EXPECT_EQ(original, moved) << name;
    }
    EXPECT_EQ(loadShapes(copy).size(), scene.shapes.size());
}

TEST(SceneFile, AxisAngleRotationsAndHzAreRead) {
    const SceneDesc scene = parseScene(R"(
[simulation]
hz = 240
[shapes.box]
type = "box"
half_extents = [0.1, 0.2, 0.3]
[[bodies]]
shape = "box"
rotation = { axis = [0.0, 0.0, 2.0], degrees = 90.0 }
)",
                                       "inline.toml", ".");
    EXPECT_EQ(scene.simulation.timeStep, 1.0 / 240.0);
    EXPECT_EQ(scene.name, "inline");
    const Vec3 x = scene.bodies[0].rotation * Vec3::UnitX();
    EXPECT_LT((x - Vec3::UnitY()).norm(), 1e-15);
}

TEST(SceneFile, SolverKeyTakesASubAlgorithm) {
    const SceneDesc scene = parseScene(R"([simulation]
solver = "gjk-polyak:subalgo=barycode"
[shapes.ball]
type = "sphere"
radius = 0.1
[[bodies]]
shape = "ball"
)",
                                       "inline.toml", ".");
    const SolverChoice barycode = parseSolverChoice("gjk-polyak:subalgo=barycode");
    EXPECT_EQ(scene.simulation.solver, barycode);
    // Written back as the canonical choice name; johnson (the default) is not written.
    const std::string text = formatScene(scene);
    EXPECT_NE(text.find("solver = \"gjk-polyak:subalgo=barycode\""), std::string::npos) << text;
    EXPECT_EQ(parseScene(text, "back.toml", ".").simulation, scene.simulation);
    SceneDesc johnson = scene;
    johnson.simulation.solver = builtins::gjkPolyak();
    EXPECT_NE(formatScene(johnson).find("solver = \"gjk-polyak\"\n"), std::string::npos);
    // The world gets both.
    const WorldSettings settings = worldSettings(scene);
    EXPECT_EQ(settings.narrowPhase.solver, barycode);
}

const std::string kBox = "[shapes.box]\ntype = \"box\"\nhalf_extents = [0.1, 0.1, 0.1]\n";
/// One body, so that a scene of settings only is valid.
const std::string kOneBox = kBox + "[[bodies]]\nshape = \"box\"\n";

TEST(SceneFile, ContactCacheThresholdsReachTheWorld) {
    const SceneDesc scene = parseScene(R"([simulation]
contact_cache = true
cache_translation = 0.002
cache_rotation = 0.01
)" + kOneBox,
                                       "inline.toml", ".");
    const NarrowPhaseSettings narrow = worldSettings(scene).narrowPhase;
    EXPECT_TRUE(narrow.contactCache);
    EXPECT_EQ(narrow.cacheTranslation, 0.002);
    EXPECT_EQ(narrow.cacheRotation, 0.01);
    // Unset, they are the engine's (Jolt's 1 mm and 2 degrees) and are not written.
    const SceneDesc defaults =
        parseScene("[simulation]\ncontact_cache = true\n" + kOneBox, "d.toml", ".");
    EXPECT_EQ(worldSettings(defaults).narrowPhase.cacheTranslation, 1e-3);
    EXPECT_DOUBLE_EQ(worldSettings(defaults).narrowPhase.cacheRotation,
                     2.0 * std::numbers::pi / 180.0);
    EXPECT_EQ(formatScene(defaults).find("cache_rotation"), std::string::npos);
}

/// `hull_tolerance` reaches the mesh; the same file at two tolerances is two hulls; 0 (the
/// default) is not written.
TEST(SceneFile, HullToleranceReachesTheMesh) {
    const ScratchFolder folder;
    (void)folder.write("ball.obj", test::objText(test::fibonacciSphere(400, 0.1)));
    const std::string text = R"([shapes.exact]
type = "mesh"
path = "ball.obj"
[shapes.coarse]
type = "mesh"
path = "ball.obj"
hull_tolerance = 0.005
[[bodies]]
shape = "exact"
[[bodies]]
shape = "coarse"
position = [1.0, 0.0, 0.0]
)";
    const SceneDesc scene = parseScene(text, "balls.toml", folder.path());
    EXPECT_EQ(scene.shapes.at("coarse").hullTolerance, 0.005);
    EXPECT_EQ(scene.shapes.at("exact").hullTolerance, 0.0);
    const SceneShapes shapes = loadShapes(scene);
    const size_t exact = shapes.at("exact").shape.convexMesh()->vertices().size();
    const size_t coarse = shapes.at("coarse").shape.convexMesh()->vertices().size();
    EXPECT_EQ(exact, 400u);
    EXPECT_LT(coarse, 100u);
    const std::string written = formatScene(scene);
    EXPECT_NE(written.find("hull_tolerance = 0.005"), std::string::npos) << written;
    EXPECT_EQ(written.find("hull_tolerance"), written.rfind("hull_tolerance")) << written;
    EXPECT_EQ(parseScene(written, "back.toml", folder.path()), scene);
    // useHullTolerance() sets every mesh shape; a scene without meshes refuses it.
    SceneDesc all = scene;
    useHullTolerance(all, 0.005);
    EXPECT_EQ(all.shapes.at("exact").hullTolerance, 0.005);
    SceneDesc boxes = parseScene(kOneBox, "box.toml", ".");
    EXPECT_THROW(useHullTolerance(boxes, 0.005), SceneError);
}

/// What a malformed file must say: "<file>:<line>: <key>: <message...>".
struct Malformed {
    std::string what;
    std::string text;
    std::string expected; // a prefix of the message after "bad.toml:"
};

void PrintTo(const Malformed& m, std::ostream* out) {
    *out << m.what;
}

class MalformedScene : public ::testing::TestWithParam<Malformed> {};

TEST_P(MalformedScene, ErrorNamesFileLineAndKey) {
    const Malformed& m = GetParam();
    try {
        (void)parseScene(m.text, "bad.toml", ".");
        FAIL() << "no error for: " << m.what;
    } catch (const SceneError& error) {
        const std::string message = error.what();
        EXPECT_EQ(message.rfind(std::string("bad.toml:") + m.expected, 0), 0u)
            << m.what << "\n  got: " << message << "\n  expected prefix: bad.toml:" << m.expected;
        EXPECT_GT(error.line(), 0) << m.what;
    }
}

INSTANTIATE_TEST_SUITE_P(
    Cases, MalformedScene,
    ::testing::Values(
        Malformed{"syntax", "name = \"x\"\n[simulation\nhz = 120\n", "2:"},
        Malformed{"type", "[simulation]\nseconds = \"long\"\n",
                  "2: simulation.seconds: expected a number, got a string"},
        Malformed{"unknown key", "[simulation]\nsecnds = 1.0\n",
                  "2: simulation.secnds: unknown key (valid: "},
        Malformed{"range", "[shapes.ball]\ntype = \"sphere\"\nradius = -1.0\n",
                  "3: shapes.ball.radius: expected a positive number, got -1"},
        Malformed{"negative cache threshold", "[simulation]\ncache_rotation = -0.01\n",
                  "2: simulation.cache_rotation: expected a number >= 0, got -0.01"},
        Malformed{"negative hull tolerance",
                  "[shapes.m]\ntype = \"mesh\"\npath = \"m.obj\"\nhull_tolerance = -0.001\n",
                  "4: shapes.m.hull_tolerance: expected a number >= 0, got -0.001"},
        Malformed{"missing key", "[shapes.ball]\ntype = \"sphere\"\n",
                  "1: shapes.ball.radius: missing (required)"},
        Malformed{
            "key of another shape type",
            "[shapes.ball]\ntype = \"sphere\"\nradius = 1.0\nhalf_extents = [1.0, 1.0, 1.0]\n",
            "4: shapes.ball.half_extents: unknown key (valid: radius, type)"},
        Malformed{"unknown shape",
                  "[shapes.box]\ntype = \"box\"\nhalf_extents = [0.1, 0.1, 0.1]\n"
                  "[[bodies]]\nshape = \"box\"\n[[bodies]]\nshape = \"cann\"\n",
                  "7: bodies[1].shape: unknown shape 'cann' (defined: box)"},
        Malformed{"unknown solver", "[simulation]\nsolver = \"gjk-fast\"\n",
                  "2: simulation.solver: unknown value 'gjk-fast': unknown solver 'gjk-fast'; "
                  "valid: gjk, "
                  "gjk-polyak"},
        Malformed{"unknown sub-algorithm", "[simulation]\nsolver = \"gjk:subalgo=fast\"\n",
                  "2: simulation.solver: unknown value 'gjk:subalgo=fast': unknown value 'fast' "
                  "of solver 'gjk' option 'subalgo'; valid: johnson|signed-volume|barycode"},
        Malformed{
            "sub-algorithm of mpr", "[simulation]\nsolver = \"mpr:subalgo=barycode\"\n",
            "2: simulation.solver: unknown value 'mpr:subalgo=barycode': solver 'mpr' takes no "
            "subalgo option"},
        Malformed{"vector", (kBox + "[[bodies]]\nshape = \"box\"\nposition = [1.0, 2.0]\n"),
                  "6: bodies[0].position: expected an array of 3 numbers [x, y, z]"},
        Malformed{"quaternion",
                  (kBox + "[[bodies]]\nshape = \"box\"\nrotation = [1.0, 1.0, 0.0, 0.0]\n"),
                  "6: bodies[0].rotation: expected a unit quaternion"},
        Malformed{"static velocity",
                  (kBox + "[[bodies]]\nshape = \"box\"\ntype = \"static\"\n"
                          "linear_velocity = [1.0, 0.0, 0.0]\n"),
                  "7: bodies[0].linear_velocity: a static body cannot move"},
        Malformed{"points count",
                  (kBox + "[[generators]]\ncount = 3\nshapes = [\"box\"]\n"
                          "placement = \"points\"\npoints = [[0.0, 0.0, 1.0]]\n"),
                  "8: generators[0].points: 1 points for count = 3"},
        Malformed{"funnel placement without funnel",
                  (kBox + "[[generators]]\nshapes = [\"box\"]\nplacement = \"funnel\"\n"),
                  "6: generators[0].placement: placement \"funnel\" needs a [funnel] table"},
        Malformed{"velocity range",
                  (kBox + "[[generators]]\nshapes = [\"box\"]\n"
                          "linear_velocity = { min = [1.0, 0.0, 0.0], max = [0.0, 0.0, 0.0] }\n"),
                  "6: generators[0].linear_velocity: min must not exceed max"},
        Malformed{"hz and time step", "[simulation]\nhz = 120\ntime_step = 0.01\n",
                  "2: simulation.hz: give either hz or time_step, not both"},
        Malformed{"unknown material", (kBox + "[[bodies]]\nshape = \"box\"\nmaterial = \"ice\"\n"),
                  "6: bodies[0].material: unknown material 'ice' (none defined)"},
        Malformed{"array of tables", "bodies = 3\n", "1: bodies: expected an array of tables"}));

TEST(SceneFile, MissingFileIsNamed) {
    try {
        (void)readSceneFile("/nonexistent/scene.toml");
        FAIL();
    } catch (const SceneError& error) {
        EXPECT_STREQ(error.what(), "/nonexistent/scene.toml: cannot open scene file: no such file");
    }
}

TEST(SceneFile, ValidationOfABuiltDescriptionNamesTheKey) {
    SceneDesc scene = builtinScene("box-stack");
    scene.generators[0].count = -2;
    try {
        validateScene(scene);
        FAIL();
    } catch (const SceneError& error) {
        EXPECT_EQ(error.key(), "generators[0].count");
        EXPECT_EQ(error.line(), lineOf(scene, "generators[0].count")); // from box-stack.toml
        EXPECT_GT(error.line(), 0);
        EXPECT_NE(std::string(error.what()).find("expected an integer >= 0, got -2"),
                  std::string::npos);
    }
}

TEST(SceneFile, ValidationOfASceneBuiltInCodeHasNoLine) {
    SceneDesc scene;
    scene.source = "code";
    ShapeDesc ball;
    ball.kind = ShapeKind::Sphere;
    ball.radius = 0.0;
    scene.shapes["ball"] = ball;
    BodySpec body;
    body.shape = "ball";
    scene.bodies.push_back(body);
    try {
        validateScene(scene);
        FAIL();
    } catch (const SceneError& error) {
        EXPECT_STREQ(error.what(), "code: shapes.ball.radius: expected a positive number, got 0");
        EXPECT_EQ(error.line(), 0);
    }
}

TEST(SceneFile, SceneNamesAndPaths) {
    EXPECT_EQ(loadScene("box-stack").name, "box-stack");
    EXPECT_THROW((void)loadScene("no-such-scene"), UnknownSceneError);
    try {
        (void)loadScene("no-such-scene");
    } catch (const UnknownSceneError& error) {
        EXPECT_NE(std::string(error.what()).find("funnel-pairs"), std::string::npos);
    }
    EXPECT_THROW((void)loadScene("missing.toml"), SceneError);
    EXPECT_THROW((void)loadScene("./missing"), SceneError);
}

} // namespace
} // namespace mk::scenes
