/// \file test_viewer_model.cpp
/// The viewer's model without a display: live solver and warm-start switches, run control,
/// restart with new parameters, the narrow-phase log and history, dragging, throwing, recording.

#include "ViewerTestScenes.h"
#include "minkowski/narrowphase/Collide.h"
#include "minkowski/scenes/SceneFile.h"
#include "minkowski/viewer/ViewerModel.h"

#include <gtest/gtest.h>
#include <set>
#include <stdexcept>

namespace mk::viewer {
namespace {

/// Runs until the objects have met the funnel (the narrow phase has work).
void settle(ViewerModel& model, int steps = 90) {
    for (int i = 0; i < steps; ++i) {
        model.step();
    }
}

TEST(ViewerModel, SubAlgorithmSwitchTakesEffectAtTheNextStep) {
    scenes::SceneDesc scene = test::smallFunnel(24);
    scene.simulation.solver = parseSolverChoice("gjk-polyak:subalgo=signed-volume");
    ViewerModel model(scene);
    EXPECT_EQ(model.state().solver(), scene.simulation.solver);
    settle(model);
    ASSERT_GT(model.lastCalls().summary().calls, 0);
    const std::int64_t stepsBefore = model.world().stepCount();
    for (SubAlgorithm sub : {SubAlgorithm::Barycode, SubAlgorithm::Johnson}) {
        model.state().setSolverOption(0, double(sub));
        const SolverChoice expected = withOption(builtins::gjkPolyak(), "subalgo", name(sub));
        model.step();
        EXPECT_EQ(model.world().settings().narrowPhase.solver, expected);
        ASSERT_FALSE(model.lastCalls().calls().empty());
        for (const CallRecord& call : model.lastCalls().calls()) {
            EXPECT_EQ(call.solver, expected);
        }
        const StepSample& last = model.history()[model.history().size() - 1];
        EXPECT_EQ(last.solver, expected);
    }
    // A solver without sub-algorithms runs its defaults.
    model.state().selectSolver(builtins::mpr());
    model.step();
    EXPECT_EQ(model.world().settings().narrowPhase.solver, SolverChoice(builtins::mpr()));
    for (const CallRecord& call : model.lastCalls().calls()) {
        EXPECT_EQ(call.solver, SolverChoice(builtins::mpr()));
    }
    EXPECT_EQ(model.world().stepCount(), stepsBefore + 3); // no restart
    // The window's means are per choice, in registry order.
    std::vector<std::string> names;
    for (const SolverSummary& s : model.history().bySolver()) {
        names.push_back(name(s.solver));
    }
    EXPECT_EQ(names, (std::vector<std::string>{"gjk-polyak", "gjk-polyak:subalgo=signed-volume",
                                               "gjk-polyak:subalgo=barycode", "mpr"}));
}

TEST(ViewerModel, StartsWithTheScenesSolverAndBodies) {
    scenes::SceneDesc scene = test::smallFunnel(12);
    scene.simulation.solver = builtins::gjkPolyak();
    scene.simulation.warmStart = WarmStart::Obb;
    ViewerModel model(scene);
    EXPECT_EQ(model.world().bodyCount(), 5u + 12u);
    EXPECT_EQ(model.bodies().size(), 17u);
    EXPECT_EQ(model.state().solver(), builtins::gjkPolyak());
    EXPECT_EQ(model.state().warmStart(), WarmStart::Obb);
    ASSERT_EQ(model.params.counts.size(), 1u);
    EXPECT_EQ(model.params.counts[0], 12);
    EXPECT_EQ(model.params.seed, scene.simulation.seed);
}

TEST(ViewerModel, SolverSwitchTakesEffectAtTheNextStepWithoutRestart) {
    ViewerModel model(test::smallFunnel(24));
    settle(model);
    ASSERT_GT(model.lastCalls().summary().calls, 0);
    const std::int64_t stepsBefore = model.world().stepCount();
    const std::uint64_t bodiesBefore = model.world().bodyCount();
    for (const SolverChoice& solver : std::initializer_list<SolverChoice>{builtins::gjkNesterov(), builtins::mpr(), builtins::gjk()}) {
        model.state().setSolver(solver);
        model.state().setWarmStart(WarmStart::TransformedPrevious);
        model.step();
        EXPECT_EQ(model.world().settings().narrowPhase.solver, solver);
        EXPECT_EQ(model.world().settings().narrowPhase.warmStart, WarmStart::TransformedPrevious);
        ASSERT_FALSE(model.lastCalls().calls().empty());
        for (const CallRecord& call : model.lastCalls().calls()) {
            EXPECT_EQ(call.solver, solver);
        }
        const StepSample& last = model.history()[model.history().size() - 1];
        EXPECT_EQ(last.solver, solver);
        EXPECT_EQ(last.step, model.world().stepCount() - 1);
    }
    EXPECT_EQ(model.world().stepCount(), stepsBefore + 3); // the same world went on
    EXPECT_EQ(model.world().bodyCount(), bodiesBefore);
    EXPECT_EQ(model.history().bySolver().size(), 3u);
}

TEST(ViewerModel, LogMatchesTheEngineCounts) {
    ViewerModel model(test::smallFunnel(24));
    settle(model);
    const StepCounts& counts = model.world().lastStats().counts;
    const CallSummary& calls = model.lastCalls().summary();
    EXPECT_EQ(calls.calls, counts.narrowPhaseCalls);
    EXPECT_EQ(calls.perturbedCalls, counts.perturbationCalls);
    EXPECT_EQ(calls.iterations, counts.gjkIterations);
    EXPECT_EQ(model.lastCalls().step(), model.world().lastStats().step);
}

TEST(ViewerModel, AdvanceFollowsPauseStepAndSpeed) {
    ViewerModel model(test::smallFunnel(4));
    EXPECT_EQ(model.advance(1.0 / 60.0), 2);
    EXPECT_EQ(model.world().stepCount(), 2);
    model.state().apply(Action::TogglePause);
    EXPECT_EQ(model.advance(1.0 / 60.0), 0);
    model.state().apply(Action::Step);
    EXPECT_EQ(model.advance(1.0 / 60.0), 1);
    EXPECT_EQ(model.world().stepCount(), 3);
    model.state().setPaused(false);
    model.state().setSpeed(0.5);
    EXPECT_EQ(model.advance(1.0 / 60.0), 1);
    EXPECT_EQ(model.world().stepCount(), 4);
}

TEST(ViewerModel, RestartAppliesSeedAndCountsAndKeepsTheChoices) {
    ViewerModel model(test::smallFunnel(8));
    settle(model, 10);
    const std::uint64_t firstHash = model.world().stateHash();
    model.state().setSolver(builtins::gjkNesterov());
    model.state().toggles.witnesses = true;
    model.params.counts[0] = 20;
    model.params.seed = 99;
    model.restart();
    EXPECT_EQ(model.world().stepCount(), 0);
    EXPECT_EQ(model.world().bodyCount(), 25u);
    EXPECT_EQ(model.scene().simulation.seed, 99u);
    EXPECT_EQ(model.state().solver(), builtins::gjkNesterov());
    EXPECT_TRUE(model.state().toggles.witnesses);
    EXPECT_EQ(model.history().size(), 0u);
    model.step();
    EXPECT_EQ(model.world().settings().narrowPhase.solver, builtins::gjkNesterov());
    // Same parameters again: the same world as a fresh model's.
    model.params.counts[0] = 8;
    model.params.seed = test::smallFunnel(8).simulation.seed;
    model.state().setSolver(test::smallFunnel(8).simulation.solver);
    model.restart();
    settle(model, 10);
    EXPECT_EQ(model.world().stateHash(), firstHash);
}

TEST(ViewerModel, InvalidParametersLeaveTheWorldAlone) {
    ViewerModel model(test::smallFunnel(8));
    model.step();
    model.params.counts[0] = -1;
    EXPECT_THROW(model.restart(), scenes::SceneError);
    model.params.counts[0] = kMaxGeneratorCount + 1;
    EXPECT_THROW(model.restart(), scenes::SceneError);
    EXPECT_EQ(model.world().stepCount(), 1);
    EXPECT_EQ(model.world().bodyCount(), 13u);
}

TEST(ViewerModel, LoadSceneSwitchesSceneAndSolver) {
    ViewerModel model(test::smallFunnel(8));
    model.state().toggles.obbs = true;
    scenes::SceneDesc stack = scenes::builtinScene("box-stack");
    stack.simulation.solver = builtins::mpr();
    model.loadScene(stack);
    EXPECT_EQ(model.scene().name, "box-stack");
    EXPECT_EQ(model.world().bodyCount(), 1u + 8u);
    EXPECT_EQ(model.state().solver(), builtins::mpr());
    EXPECT_TRUE(model.state().toggles.obbs);
    EXPECT_EQ(model.params.counts, std::vector<int>{8});
}

TEST(ViewerModel, DraggingPullsTheBodyToTheCursor) {
    scenes::SceneDesc scene = scenes::builtinScene("box-stack");
    scene.generators[0].count = 1;
    ViewerModel model(scene);
    const BodyId cube = 1;
    const Vec3 start = model.world().body(cube).pose.translation;
    const Vec3 eye = start + Vec3(0, -3, 0);
    EXPECT_FALSE(model.grab({eye + Vec3(0, 0, 1), Vec3::UnitY()}, Vec3::UnitY())); // above it
    ASSERT_TRUE(model.grab({eye, Vec3::UnitY()}, Vec3::UnitY()));
    // Move the cursor 0.3 m up: the ray from the eye now meets the drag plane higher.
    model.drag({eye, (Vec3(0, 3, 0.3)).normalized()});
    if (const MouseSpring* spring = model.spring()) {
        EXPECT_EQ(spring->body(), cube);
        // The plane faces the view through the grabbed point on the -y face: 2.9 m ahead, 0.29 m
        // up.
        EXPECT_NEAR(spring->target().z() - start.z(), 0.29, 1e-6);
    } else {
        FAIL() << "no spring after a grab";
    }
    for (int i = 0; i < 120; ++i) {
        model.step();
    }
    EXPECT_GT(model.world().body(cube).pose.translation.z(), start.z() + 0.15);
    model.release();
    EXPECT_EQ(model.spring(), nullptr);
}

TEST(ViewerModel, ThrownObjectsFlyToTheTarget) {
    scenes::SceneDesc scene = test::smallFunnel(1);
    ViewerModel model(scene);
    const Vec3 from(3.0, -3.0, 3.0); // over the funnel's wall, which ends at 2.5 m
    const Vec3 to(0.0, 0.0, 2.6);    // above the walls' top: nothing in the way
    const BodyId id = model.throwObject(from, to, 0.5);
    EXPECT_EQ(model.world().bodyCount(), 7u);
    EXPECT_EQ(model.bodies().size(), 7u);
    EXPECT_EQ(model.bodies()[id].group, "thrown");
    for (int i = 0; i < 60; ++i) { // 0.5 s
        model.step();
    }
    EXPECT_LT((model.world().body(id).shapePose().translation - to).norm(), 0.06);
}

/// A recorder that counts what it is given.
struct CountingRecorder final : DatasetRecorder {
    std::string* log;
    int* events;
    CountingRecorder(std::string* l, int* e) : log(l), events(e) {}
    void start(const std::filesystem::path& path) override {
        *log += "start " + path.string() + ";";
    }
    void onNarrowPhase(const NarrowPhaseEvent&) override { ++*events; }
    void stop() override { *log += "stop;"; }
};

TEST(ViewerModel, RecordingNeedsARecorderAndGetsEveryCall) {
    ViewerModel model(test::smallFunnel(16));
    EXPECT_FALSE(model.canRecord());
    EXPECT_THROW(model.startRecording("x.h5"), std::logic_error);
    std::string log;
    int events = 0;
    model.setRecorderFactory([&] { return std::make_unique<CountingRecorder>(&log, &events); });
    ASSERT_TRUE(model.canRecord());
    settle(model, 60);
    model.startRecording("out.h5");
    EXPECT_TRUE(model.recording());
    int calls = 0;
    for (int i = 0; i < 30; ++i) {
        model.step();
        calls += model.lastCalls().summary().calls + model.lastCalls().summary().perturbedCalls;
    }
    EXPECT_GT(calls, 0);
    EXPECT_EQ(events, calls);
    model.restart(); // a recording belongs to one world
    EXPECT_FALSE(model.recording());
    EXPECT_EQ(log, "start out.h5;stop;");
    model.step();
    EXPECT_EQ(events, calls);
}

TEST(ViewerModel, ViewBoundsHoldTheDynamicBodiesAndTheFunnelAround) {
    ViewerModel model(test::smallFunnel(30));
    const Aabb bounds = model.viewBounds();
    for (BodyId id = 0; id < model.world().bodyCount(); ++id) {
        if (model.world().body(id).isDynamic()) {
            const Vec3 p = model.world().body(id).pose.translation;
            EXPECT_TRUE((p.array() >= bounds.min.array()).all() &&
                        (p.array() <= bounds.max.array()).all());
        }
    }
    EXPECT_LE(bounds.min.z(), 0.0); // down to the funnel's floor
}

} // namespace
} // namespace mk::viewer
