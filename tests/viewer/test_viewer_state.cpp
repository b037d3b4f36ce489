/// \file test_viewer_state.cpp
/// Run control, solver and warm-start selection, toggles and the actions left to the caller.

#include "minkowski/narrowphase/Collide.h"
#include "minkowski/viewer/ViewerState.h"

#include <gtest/gtest.h>
#include <set>
#include <stdexcept>

namespace mk::viewer {
namespace {

constexpr double kStep = 1.0 / 120.0;

TEST(ViewerState, PausedRunsNothingUntilAStepIsRequested) {
    ViewerState state(kStep);
    EXPECT_EQ(state.stepsForFrame(1.0 / 60.0), 2);
    state.apply(Action::TogglePause);
    EXPECT_TRUE(state.paused());
    EXPECT_EQ(state.stepsForFrame(1.0 / 60.0), 0);
    EXPECT_EQ(state.stepsForFrame(0.2), 0);
    state.apply(Action::Step);
    EXPECT_EQ(state.stepsForFrame(1.0 / 60.0), 1);
    EXPECT_EQ(state.stepsForFrame(1.0 / 60.0), 0);
    state.apply(Action::TogglePause);
    // Time spent paused is not owed afterwards.
    EXPECT_EQ(state.stepsForFrame(1.0 / 60.0), 2);
}

TEST(ViewerState, StepWhileRunningPausesAfterOneStep) {
    ViewerState state(kStep);
    state.apply(Action::Step);
    EXPECT_TRUE(state.paused());
    EXPECT_EQ(state.stepsForFrame(1.0), 1);
    EXPECT_EQ(state.stepsForFrame(1.0), 0);
}

TEST(ViewerState, SpeedPresetsUpAndDownAndClamped) {
    ViewerState state(kStep);
    EXPECT_EQ(state.speed(), 1.0);
    state.apply(Action::Faster);
    EXPECT_EQ(state.speed(), 2.0);
    state.apply(Action::Slower);
    state.apply(Action::Slower);
    EXPECT_EQ(state.speed(), 0.5);
    for (int i = 0; i < 20; ++i) {
        state.apply(Action::Slower);
    }
    EXPECT_EQ(state.speed(), kSpeedPresets.front());
    state.setSpeed(1e9);
    EXPECT_EQ(state.speed(), kSpeedPresets.back());
    state.setSpeed(0.3); // between presets: next faster preset is 0.5
    state.apply(Action::Faster);
    EXPECT_EQ(state.speed(), 0.5);
    state.setSpeed(0.5);
    EXPECT_EQ(state.stepsForFrame(1.0 / 60.0), 1);
}

TEST(ViewerState, NextSolverVisitsEverySolverAndWraps) {
    ViewerState state(kStep);
    std::set<const SolverEntry*> seen;
    for (std::size_t i = 0; i < allSolvers().size(); ++i) {
        seen.insert(&state.solver().entry());
        state.apply(Action::NextSolver);
    }
    EXPECT_EQ(seen.size(), allSolvers().size());
    EXPECT_EQ(&state.solver().entry(), allSolvers().front());
    state.setWarmStart(allWarmStarts().back());
    state.apply(Action::NextWarmStart);
    EXPECT_EQ(state.warmStart(), allWarmStarts().front());
}

TEST(ViewerState, SolverOptionsAreKeptAcrossSolversThatTakeNone) {
    ViewerState state(kStep);
    EXPECT_EQ(state.solver(), SolverChoice{});
    state.setSolverOption(0, double(SubAlgorithm::Barycode)); // gjk's subalgo
    EXPECT_EQ(name(state.solver()), "gjk:subalgo=barycode");
    // mpr takes none: it runs with its defaults, the selection is kept for the next GJK solver.
    state.selectSolver(builtins::mpr());
    EXPECT_EQ(state.solver(), SolverChoice(builtins::mpr()));
    state.apply(Action::NextSolver); // sdf-ellipsoid
    state.apply(Action::NextSolver); // rtr
    while (&state.solver().entry() != &builtins::gjk()) { // past any plugin, to gjk again
        state.apply(Action::NextSolver);
    }
    EXPECT_EQ(name(state.solver()), "gjk:subalgo=barycode");
    state.selectSolver(builtins::gjkNesterov());
    EXPECT_EQ(name(state.solver()), "gjk-nesterov:subalgo=barycode");
    state.setSolver(parseSolverChoice("gjk-nesterov:subalgo=signed-volume"));
    EXPECT_EQ(name(state.solver()), "gjk-nesterov:subalgo=signed-volume");
    EXPECT_THROW(state.setSolverOption(0, 7.0), UnknownNameError);
}

TEST(ViewerState, TogglesFlipOneFlagEach) {
    ViewerState state(kStep);
    const DrawToggles before = state.toggles;
    state.apply(Action::ToggleWitnesses);
    EXPECT_NE(state.toggles.witnesses, before.witnesses);
    EXPECT_EQ(state.toggles.contacts, before.contacts);
    state.apply(Action::ToggleContacts);
    state.apply(Action::ToggleNormals);
    state.apply(Action::ToggleAabbs);
    state.apply(Action::ToggleObbs);
    state.apply(Action::TogglePairs);
    EXPECT_NE(state.toggles.contacts, before.contacts);
    EXPECT_NE(state.toggles.normals, before.normals);
    EXPECT_NE(state.toggles.aabbs, before.aabbs);
    EXPECT_NE(state.toggles.obbs, before.obbs);
    EXPECT_NE(state.toggles.narrowPhasePairs, before.narrowPhasePairs);
    state.apply(Action::ToggleUi);
    EXPECT_FALSE(state.showUi);
}

TEST(ViewerState, DrawListNamesTheOverlays) {
    const DrawToggles t = parseDrawList("witnesses,obbs");
    EXPECT_TRUE(t.witnesses);
    EXPECT_TRUE(t.obbs);
    EXPECT_FALSE(t.contacts);
    EXPECT_FALSE(t.normals);
    EXPECT_FALSE(t.aabbs);
    EXPECT_FALSE(t.narrowPhasePairs);
    EXPECT_TRUE(t.transparentStatic);
    const DrawToggles all = parseDrawList("contacts,normals,aabbs,pairs");
    EXPECT_TRUE(all.contacts && all.normals && all.aabbs && all.narrowPhasePairs);
    const DrawToggles none = parseDrawList("none");
    EXPECT_FALSE(none.contacts || none.normals || none.witnesses || none.obbs);
    EXPECT_THROW((void)parseDrawList("contacts,bogus"), std::invalid_argument);
}

TEST(ViewerState, ActionsNeedingTheWindowAreLeftToTheCaller) {
    ViewerState state(kStep);
    for (Action a : {Action::Restart, Action::ResetView, Action::Screenshot, Action::ThrowObject,
                     Action::Quit}) {
        EXPECT_FALSE(state.apply(a));
    }
    EXPECT_FALSE(state.paused());
    EXPECT_TRUE(state.apply(Action::TogglePause));
}

} // namespace
} // namespace mk::viewer
