/// Tests of solver plugins (Plugin.h): loading the example plugin and the broken ones, the
/// run-time guard (a failing plugin query is counted and answered by gjk), and the example's
/// solver inside a world and the viewer model. Its accuracy against the references is checked
/// by the cross-check (plugin_crosscheck_tests, tests/narrowphase/test_crosscheck.cpp).

#include "minkowski/narrowphase/Collide.h"
#include "minkowski/narrowphase/Plugin.h"
#include "minkowski/narrowphase/WarmStart.h"
#include "minkowski/scenes/BuiltinScenes.h"
#include "minkowski/scenes/SceneFile.h"
#include "minkowski/scenes/Shapes.h"
#include "minkowski/scenes/Simulation.h"
#include "minkowski/viewer/ViewerModel.h"

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <string>

namespace mk {
namespace {

const std::string kExample = MK_EXAMPLE_PLUGIN;
const std::string kBadDir = MK_BAD_PLUGIN_DIR;

std::string bad(const std::string& kind) {
    return kBadDir + "/libbad_plugin_" + kind + ".so";
}

const SolverEntry& example() {
    loadPlugin(kExample);
    const SolverEntry* e = findSolver("textbook-gjk");
    EXPECT_NE(e, nullptr);
    return *e;
}

/// The message of the PluginError that loading `path` throws, or "" when it loads.
std::string loadError(const std::string& path) {
    try {
        loadPlugin(path);
    } catch (const PluginError& error) {
        return error.what();
    }
    return {};
}

TEST(Plugins, ExampleRegistersItsSolverOnce) {
    const LoadedPlugin& p = loadPlugin(kExample);
    const std::size_t before = allSolvers().size();
    EXPECT_EQ(&loadPlugin(kExample), &p); // loading again registers nothing
    EXPECT_EQ(allSolvers().size(), before);
    ASSERT_EQ(p.solvers.size(), 1u);
    const SolverEntry& e = *p.solvers[0];
    EXPECT_EQ(e.name, "textbook-gjk");
    EXPECT_EQ(p.name, "textbook-solver");
    EXPECT_EQ(e.origin, std::filesystem::canonical(kExample).string());
    EXPECT_TRUE(e.guarded);
    EXPECT_EQ(findSolver("textbook-gjk"), &e);
    // Its option parses and prints like a built-in's.
    const SolverChoice c = parseSolverChoice("textbook-gjk:epa-vertices=64");
    EXPECT_EQ(&c.entry(), &e);
    EXPECT_EQ(c.option(0), 64.0);
    EXPECT_EQ(name(c), "textbook-gjk:epa-vertices=64");
    EXPECT_THROW(parseSolverChoice("textbook-gjk:epa-vertices=4"), UnknownNameError);
}

TEST(Plugins, ResolvesNamesThroughTheSearchPath) {
    const std::filesystem::path file(kExample);
    const std::string stem = file.stem().string().substr(3); // libNAME.so -> NAME
    ASSERT_EQ(
        setenv("MINKOWSKI_PLUGIN_PATH", ("/nonexistent:" + file.parent_path().string()).c_str(), 1),
        0);
    EXPECT_EQ(std::filesystem::canonical(resolvePlugin(stem, "/")),
              std::filesystem::canonical(file));
    unsetenv("MINKOWSKI_PLUGIN_PATH");
    try {
        (void)resolvePlugin(stem, "/");
        ADD_FAILURE() << "resolved without the search path";
    } catch (const PluginError& error) {
        EXPECT_NE(std::string(error.what()).find("MINKOWSKI_PLUGIN_PATH"), std::string::npos);
    }
}

TEST(Plugins, BrokenPluginsAreRefusedWithTheirFileAndNothingRegisters) {
    (void)example();
    const std::size_t before = allSolvers().size();
    const struct {
        std::string path;
        std::string why;
    } cases[] = {
        {kBadDir + "/missing.so", "no such plugin file"},
        {MK_TEST_NOT_A_LIBRARY, "cannot load"},
        {bad("no_entry"), "not a Minkowski plugin (no entry point 'minkowski_plugin'"},
        {bad("wrong_abi"), "built for plugin ABI version 2, this Minkowski loads version 1"},
        {bad("wrong_layout"), "built against other Minkowski headers"},
        {bad("name_clash"), "solver 'gjk' is already registered (built-in)"},
        {bad("bad_option"), "option 'mode': default index"},
        {bad("throws"), "failed to list its solvers: cannot find my license file"},
        {bad("no_solvers"), "registers no solver"},
    };
    for (const auto& c : cases) {
        const std::string message = loadError(c.path);
        EXPECT_EQ(message.rfind(c.path, 0), 0u) << "the message starts with the file: " << message;
        EXPECT_NE(message.find(c.why), std::string::npos) << c.path << ": " << message;
        EXPECT_EQ(message.find('\n'), std::string::npos) << "one line: " << message;
    }
    EXPECT_EQ(allSolvers().size(), before);
    EXPECT_EQ(findSolver("misbehaving"), nullptr); // name_clash's valid first entry is not kept
}

TEST(Plugins, FailingQueriesAreCountedAndAnsweredByGjk) {
    const LoadedPlugin& p = loadPlugin(bad("misbehaving"));
    const SolverEntry& e = *p.solvers.at(0);
    const Shape a = Shape::box(Vec3(0.5, 0.4, 0.3));
    const Shape b = Shape::sphere(0.25);
    const Pose poseA;
    const Pose poseB(Quat::Identity(), Vec3(0.9, 0.1, 0.0));
    QueryRequest q;
    const QueryResult expected = collide(a, poseA, b, poseB, q);
    const std::uint64_t before = e.failureCount();
    int failing = 0;
    for (const char* mode : {"ok", "throw", "nan", "status"}) {
        q.solver = withOption(e, "mode", mode);
        const QueryResult r = collide(a, poseA, b, poseB, q);
        EXPECT_EQ(r.status, expected.status) << mode;
        EXPECT_EQ(r.distance, expected.distance) << mode;
        failing += std::string(mode) != "ok";
        EXPECT_EQ(e.failureCount(), before + std::uint64_t(failing)) << mode;
    }
}

/// A few boxes and meshes dropped into the funnel, stepped with the example's solver.
scenes::SceneDesc smallFunnel(const SolverChoice& solver) {
    scenes::SceneDesc scene = scenes::builtinScene("funnel");
    scene.simulation.seconds = 0.5;
    scene.simulation.solver = solver;
    for (auto& g : scene.generators) {
        g.count = std::min(g.count, 12);
    }
    return scene;
}

TEST(Plugins, ExampleDrivesAWorldDeterministically) {
    const SolverEntry& e = example();
    const scenes::SceneDesc scene = smallFunnel(e);
    const scenes::SceneShapes shapes = scenes::loadShapes(scene);
    const scenes::RunStats first = scenes::runScene(scene, shapes);
    const scenes::RunStats second = scenes::runScene(scene, shapes);
    EXPECT_GT(first.narrowPhaseCalls, 100);
    EXPECT_EQ(first.narrowPhaseFailures, 0);
    EXPECT_EQ(first.stateHash, second.stateHash);
    EXPECT_EQ(e.failureCount(), 0u);
    EXPECT_LT(first.maxLinearSpeed, 10.0);
}

TEST(Plugins, ViewerModelSwitchesToThePluginLive) {
    const SolverEntry& e = example();
    viewer::ViewerModel model(smallFunnel(builtins::gjk()));
    for (int s = 0; s < 30; ++s) {
        model.step();
    }
    model.state().selectSolver(e);
    for (int s = 0; s < 30; ++s) {
        model.step();
    }
    EXPECT_EQ(&model.world().settings().narrowPhase.solver.entry(), &e);
    bool seen = false;
    for (const viewer::SolverSummary& s : model.history().bySolver()) {
        if (&s.solver.entry() == &e) {
            seen = s.calls > 0;
        }
    }
    EXPECT_TRUE(seen) << "the plugin's calls appear in the per-solver statistics";
}

TEST(Plugins, SceneFilesLoadTheirPluginsRelativeToTheFile) {
    const std::filesystem::path dir =
        std::filesystem::temp_directory_path() / ("mk-plugin-scene-" + std::to_string(getpid()));
    std::filesystem::create_directories(dir / "plugins");
    std::filesystem::copy_file(kExample, dir / "plugins" / "libmine.so",
                               std::filesystem::copy_options::overwrite_existing);
    const auto write = [&](const std::string& file, const std::string& plugins) {
        std::ofstream(dir / file) << "name = \"p\"\nplugins = [" << plugins
                                  << "]\n[simulation]\nsolver = \"textbook-gjk\"\n"
                                     "[[bodies]]\nshape = \"s\"\n[shapes.s]\ntype = \"sphere\"\n"
                                     "radius = 0.5\n";
    };
    // The copy has another path, but the same solver name as the example: refused as a clash
    // unless the example itself is what the file names.
    write("ok.toml", "\"" + kExample + "\"");
    const scenes::SceneDesc ok = scenes::readSceneFile(dir / "ok.toml");
    EXPECT_EQ(ok.simulation.solver.entry().name, "textbook-gjk");
    EXPECT_EQ(ok.plugins.size(), 1u);
    write("clash.toml", "\"plugins/libmine.so\"");
    try {
        (void)scenes::readSceneFile(dir / "clash.toml");
        ADD_FAILURE() << "a second copy of the example registered";
    } catch (const std::exception& error) {
        EXPECT_NE(std::string(error.what()).find("clash.toml:2: plugins"), std::string::npos)
            << error.what();
        EXPECT_NE(std::string(error.what()).find("already registered"), std::string::npos)
            << error.what();
    }
    write("missing.toml", "\"plugins/nope.so\"");
    try {
        (void)scenes::readSceneFile(dir / "missing.toml");
        ADD_FAILURE() << "a missing plugin was accepted";
    } catch (const std::exception& error) {
        EXPECT_NE(std::string(error.what()).find("plugins/nope.so: no such plugin file"),
                  std::string::npos)
            << error.what();
    }
    std::filesystem::remove_all(dir);
}

} // namespace
} // namespace mk
