/// \file test_run.cpp
/// Running scenes: every built-in scene for 1 s with every solver, the funnel keeps its objects,
/// runs are deterministic and a trajectory run alone ends as within a full run.

#include "minkowski/narrowphase/Collide.h"
#include "minkowski/scenes/BuiltinScenes.h"
#include "minkowski/scenes/Funnel.h"
#include "minkowski/scenes/SceneFile.h"
#include "minkowski/scenes/Simulation.h"

#include <gtest/gtest.h>

namespace mk::scenes {
namespace {

/// The scene with at most `maxBodies` bodies per generator, `trajectories` trajectories and
/// `seconds` per trajectory (modest sizes keep the suite fast).
SceneDesc small(std::string_view name, int maxBodies, int trajectories, double seconds) {
    SceneDesc scene = builtinScene(name);
    for (GeneratorSpec& g : scene.generators) {
        if (g.placement != Placement::Points) {
            g.count = std::min(g.count, maxBodies);
        }
    }
    scene.simulation.trajectories = std::min(scene.simulation.trajectories, trajectories);
    scene.simulation.seconds = seconds;
    validateScene(scene);
    return scene;
}

/// Every dynamic body's centre of mass is finite (the run did not blow up quietly).
void expectFinite(const BuiltScene& built) {
    for (BodyId id = 0; id < built.world.bodyCount(); ++id) {
        const Body& b = built.world.body(id);
        ASSERT_TRUE(b.pose.translation.allFinite() && b.linearVelocity.allFinite())
            << built.bodies[id].name;
    }
}

class EverySceneAndSolver : public ::testing::TestWithParam<std::tuple<std::string, SolverChoice>> {};

TEST_P(EverySceneAndSolver, RunsOneSecondHeadless) {
    const auto& [name, solver] = GetParam();
    SceneDesc scene = small(name, 25, 1, 1.0);
    scene.simulation.solver = solver;
    const SceneShapes shapes = loadShapes(scene);
    RunOptions options;
    options.afterStep = expectFinite;
    const RunStats stats = runScene(scene, shapes, options);
    EXPECT_EQ(stats.steps, 120);
    EXPECT_EQ(stats.trajectories, 1);
    EXPECT_GT(stats.narrowPhaseCalls, 0);
    EXPECT_EQ(static_cast<std::int64_t>(stats.callSeconds.size()),
              stats.narrowPhaseCalls + stats.perturbationCalls);
}

std::vector<std::string> sceneNames() {
    std::vector<std::string> names;
    for (const BuiltinSceneFile& file : builtinSceneFiles()) {
        names.emplace_back(file.name);
    }
    return names;
}

std::vector<SolverChoice> solvers() {
    std::vector<SolverChoice> out;
    for (const SolverEntry* e : builtinSolvers()) {
        out.emplace_back(*e);
    }
    return out;
}

INSTANTIATE_TEST_SUITE_P(Builtin, EverySceneAndSolver,
                         ::testing::Combine(::testing::ValuesIn(sceneNames()),
                                            ::testing::ValuesIn(solvers())),
                         [](const auto& test) {
                             std::string text = std::get<0>(test.param) + "_" +
                                                std::string(name(std::get<1>(test.param)));
                             std::replace(text.begin(), text.end(), '-', '_');
                             return text;
                         });

/// Checks after every step that no dynamic body went through the floor or a wall: its centre of
/// mass never gets beyond their planes by half the wall's thickness. (A fast object may sink
/// into a wall for a few steps before the contact pushes it back: discrete 120 Hz steps, no
/// continuous collision detection, 5 m/s is 4 cm per step; expectContained checks the end.)
/// `deepest` gets the largest excursion seen.
std::function<void(const BuiltScene&)> insideFunnel(const FunnelSpec& funnel, double* deepest) {
    return [planes = funnelInnerPlanes(funnel), tolerance = 0.5 * funnel.wallThickness,
            deepest](const BuiltScene& built) {
        for (BodyId id = 0; id < built.world.bodyCount(); ++id) {
            const Body& b = built.world.body(id);
            if (!b.isDynamic()) {
                continue;
            }
            for (const Plane& plane : planes) {
                const double d = plane.distance(b.pose.translation);
                *deepest = std::max(*deepest, -d);
                ASSERT_GT(d, -tolerance)
                    << built.bodies[id].name << " went through the funnel at step "
                    << built.world.stepCount() << " of trajectory " << built.trajectory;
            }
        }
    };
}

/// Runs the scene checking insideFunnel at every step and, at the end, that every centre of
/// mass is strictly inside.
void expectContained(const SceneDesc& scene) {
    double deepest = -INFINITY;
    RunOptions options;
    const auto inside = insideFunnel(*scene.funnel, &deepest);
    std::vector<std::uint64_t> endHashes;
    options.afterStep = [&](const BuiltScene& built) {
        inside(built);
        if (built.world.stepCount() != stepsPerTrajectory(scene.simulation)) {
            return;
        }
        for (BodyId id = 5; id < built.world.bodyCount(); ++id) {
            for (const Plane& plane : funnelInnerPlanes(*scene.funnel)) {
                EXPECT_GT(plane.distance(built.world.body(id).pose.translation), 0.0)
                    << built.bodies[id].name << " ends outside, trajectory " << built.trajectory;
            }
        }
        endHashes.push_back(built.world.stateHash());
    };
    const RunStats stats = runScene(scene, loadShapes(scene), options);
    EXPECT_EQ(endHashes.size(), static_cast<size_t>(scene.simulation.trajectories));
    EXPECT_EQ(stats.steps, scene.simulation.trajectories * stepsPerTrajectory(scene.simulation));
    EXPECT_GT(deepest, -0.1); // the objects did reach the walls or the floor
    ::testing::Test::RecordProperty("deepest_mm", std::to_string(1e3 * deepest));
}

TEST(Funnel, PairModeKeepsEveryObjectInside) {
    expectContained(small("funnel-pairs", 2, 40, 1.0));
}

TEST(Funnel, CrowdedModeKeepsEveryObjectInside) {
    // All 300 objects; 2.5 s covers the impacts of the highest layer and the pile's settling.
    expectContained(small("funnel", 300, 1, 2.5));
}

TEST(Run, SameSceneSameHashAndATrajectoryAloneEndsTheSame) {
    const SceneDesc scene = small("funnel-pairs", 2, 4, 0.5);
    const SceneShapes shapes = loadShapes(scene);
    const RunStats all = runScene(scene, shapes);
    EXPECT_EQ(runScene(scene, shapes).stateHash, all.stateHash);
    RunOptions one;
    one.firstTrajectory = 2;
    one.trajectoryCount = 1;
    const RunStats third = runScene(scene, shapes, one);
    EXPECT_EQ(third.firstTrajectory, 2);
    BuiltScene built = buildWorld(scene, shapes, 2);
    for (std::int64_t s = 0; s < stepsPerTrajectory(scene.simulation); ++s) {
        built.world.step();
    }
    EXPECT_EQ(third.stateHash, built.world.stateHash());
    EXPECT_NE(third.stateHash, all.stateHash); // the full run combines 4 hashes
    one.firstTrajectory = 3;
    one.trajectoryCount = 2;
    EXPECT_THROW((void)runScene(scene, shapes, one), SceneError);
}

TEST(Run, StatisticsOfCallTimes) {
    RunStats stats;
    EXPECT_EQ(stats.meanCallSeconds(), 0.0);
    EXPECT_EQ(stats.callSecondsQuantile(0.99), 0.0);
    for (int i = 1; i <= 100; ++i) {
        stats.callSeconds.push_back(static_cast<float>(i));
    }
    EXPECT_DOUBLE_EQ(stats.meanCallSeconds(), 50.5);
    EXPECT_EQ(stats.callSecondsQuantile(0.99), 99.0);
    EXPECT_EQ(stats.callSecondsQuantile(1.0), 100.0);
    EXPECT_EQ(stats.callSecondsQuantile(0.0), 1.0);
    stats.simulatedSeconds = 2.0;
    stats.wallSeconds = 4.0;
    EXPECT_EQ(stats.realTimeFactor(), 0.5);
}

} // namespace
} // namespace mk::scenes
