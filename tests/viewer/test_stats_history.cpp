/// \file test_stats_history.cpp
/// The ring buffer of step samples and the per-solver means of the plots.

#include "minkowski/viewer/StatsHistory.h"

#include <gtest/gtest.h>
#include <stdexcept>

namespace mk::viewer {
namespace {

StepSample sample(std::int64_t step, SolverChoice solver, int calls, double seconds,
                  double iterations) {
    StepSample s;
    s.step = step;
    s.solver = solver;
    s.calls = calls;
    s.secondsPerCall = seconds;
    s.iterationsPerCall = iterations;
    return s;
}

TEST(StatsHistory, KeepsTheLastSamplesOldestFirst) {
    StatsHistory h(4);
    EXPECT_EQ(h.size(), 0u);
    for (int i = 0; i < 3; ++i) {
        h.push(sample(i, builtins::gjk(), 1, 0, 0));
    }
    EXPECT_EQ(h.size(), 3u);
    EXPECT_EQ(h[0].step, 0);
    EXPECT_EQ(h[2].step, 2);
    for (int i = 3; i < 10; ++i) {
        h.push(sample(i, builtins::gjk(), 1, 0, 0));
    }
    ASSERT_EQ(h.size(), 4u);
    for (std::size_t i = 0; i < 4; ++i) {
        EXPECT_EQ(h[i].step, std::int64_t(6 + i));
    }
    EXPECT_THROW((void)h[4], std::out_of_range);
    h.clear();
    EXPECT_EQ(h.size(), 0u);
}

TEST(StatsHistory, PerSolverMeansAreWeightedByCalls) {
    StatsHistory h(100);
    h.push(sample(0, builtins::gjk(), 10, 2e-6, 8.0));
    h.push(sample(1, builtins::gjk(), 30, 1e-6, 4.0));
    h.push(sample(2, builtins::gjkNesterov(), 20, 3e-6, 6.0));
    h.push(sample(3, builtins::gjkNesterov(), 0, 0.0, 0.0)); // a step without calls
    const std::vector<SolverSummary> s = h.bySolver();
    ASSERT_EQ(s.size(), 2u);
    EXPECT_EQ(s[0].solver, builtins::gjk()); // registry order
    EXPECT_EQ(s[0].steps, 2);
    EXPECT_EQ(s[0].calls, 40);
    EXPECT_NEAR(s[0].secondsPerCall, (10 * 2e-6 + 30 * 1e-6) / 40, 1e-15);
    EXPECT_NEAR(s[0].iterationsPerCall, (80.0 + 120.0) / 40, 1e-12);
    EXPECT_EQ(s[1].solver, builtins::gjkNesterov());
    EXPECT_EQ(s[1].steps, 2);
    EXPECT_NEAR(s[1].secondsPerCall, 3e-6, 1e-15);
}

TEST(StatsHistory, SubAlgorithmsOfOneSolverAreSummarizedApart) {
    StatsHistory h(100);
    StepSample barycode = sample(0, builtins::gjk(), 10, 4e-6, 5.0);
    barycode.solver = parseSolverChoice("gjk:subalgo=barycode");
    h.push(barycode);
    h.push(sample(1, builtins::gjk(), 10, 2e-6, 5.0));
    const std::vector<SolverSummary> s = h.bySolver();
    ASSERT_EQ(s.size(), 2u);
    EXPECT_EQ(name(s[0].solver), "gjk"); // johnson first: the order of allSubAlgorithms()
    EXPECT_NEAR(s[0].secondsPerCall, 2e-6, 1e-15);
    EXPECT_EQ(name(s[1].solver), "gjk:subalgo=barycode");
    EXPECT_NEAR(s[1].secondsPerCall, 4e-6, 1e-15);
}

TEST(StatsHistory, SampleTakesTheCallsOfItsStep) {
    StepStats stats;
    stats.step = 7;
    stats.counts.contacts = 12;
    stats.counts.pgsIterations = 9;
    stats.counts.pgsResidual = 1e-7;
    stats.times.total = 0.004;
    CallSummary calls;
    calls.calls = 4;
    calls.seconds = 8e-6;
    calls.iterations = 20;
    calls.penetrationIterations = 4;
    const StepSample s = makeSample(stats, calls, builtins::mpr(), WarmStart::Obb);
    EXPECT_EQ(s.step, 7);
    EXPECT_EQ(s.solver, builtins::mpr());
    const SolverChoice barycode = parseSolverChoice("gjk:subalgo=barycode");
    const StepSample b = makeSample(stats, calls, barycode, WarmStart::Obb);
    EXPECT_EQ(b.solver, barycode);
    EXPECT_EQ(s.warmStart, WarmStart::Obb);
    EXPECT_DOUBLE_EQ(s.secondsPerCall, 2e-6);
    EXPECT_DOUBLE_EQ(s.iterationsPerCall, 6.0);
    EXPECT_EQ(s.contacts, 12);
    EXPECT_EQ(s.pgsIterations, 9);
    EXPECT_DOUBLE_EQ(s.stepSeconds, 0.004);
}

} // namespace
} // namespace mk::viewer
