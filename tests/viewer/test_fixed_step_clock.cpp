/// \file test_fixed_step_clock.cpp
/// The accumulator: whole steps at any frame rate, speed scaling, the cap and its residual.

#include "minkowski/viewer/FixedStepClock.h"

#include <cmath>
#include <gtest/gtest.h>
#include <limits>
#include <stdexcept>

namespace mk::viewer {
namespace {

constexpr double kStep = 1.0 / 120.0;

TEST(FixedStepClock, SixtyHertzFramesRunExactlyTwoStepsEach) {
    FixedStepClock clock(kStep);
    for (int frame = 0; frame < 10000; ++frame) {
        ASSERT_EQ(clock.advance(1.0 / 60.0, 1.0), 2) << "frame " << frame;
    }
    EXPECT_LT(clock.accumulator(), 1e-9);
}

TEST(FixedStepClock, StepsMatchSimulatedTimeAtAnyFrameRate) {
    for (double fps : {24.0, 59.94, 75.0, 144.0, 240.0, 1000.0}) {
        FixedStepClock clock(kStep);
        long steps = 0;
        const int frames = static_cast<int>(fps * 10.0);
        for (int f = 0; f < frames; ++f) {
            steps += clock.advance(1.0 / fps, 1.0);
        }
        // 10 s of wall time: 1200 steps, give or take the step in the accumulator.
        EXPECT_NEAR(double(steps), frames / fps * 120.0, 1.0) << fps << " fps";
        EXPECT_FALSE(clock.lagging());
    }
}

TEST(FixedStepClock, SpeedScalesSimulatedTime) {
    FixedStepClock half(kStep);
    FixedStepClock quadruple(kStep);
    long slow = 0;
    long fast = 0;
    for (int f = 0; f < 600; ++f) {
        slow += half.advance(1.0 / 60.0, 0.5);
        fast += quadruple.advance(1.0 / 60.0, 4.0);
    }
    EXPECT_EQ(slow, 600);
    EXPECT_EQ(fast, 4800);
}

TEST(FixedStepClock, CapBindsAndCutsTheResidualToOneStep) {
    FixedStepClock clock(kStep, 4);
    EXPECT_EQ(clock.advance(0.2, 1.0), 4); // 24 steps due
    EXPECT_TRUE(clock.lagging());
    EXPECT_LE(clock.accumulator(), kStep);
    // Next normal frame: the backlog is gone, at most one extra step.
    EXPECT_LE(clock.advance(1.0 / 60.0, 1.0), 3);
    EXPECT_FALSE(clock.lagging());
}

TEST(FixedStepClock, StallsCountAsAQuarterSecond) {
    FixedStepClock clock(kStep, 1000);
    EXPECT_EQ(clock.advance(5.0, 1.0), 30); // 0.25 s
}

TEST(FixedStepClock, IgnoresNegativeAndNonFiniteFrames) {
    FixedStepClock clock(kStep);
    EXPECT_EQ(clock.advance(-1.0, 1.0), 0);
    EXPECT_EQ(clock.advance(std::numeric_limits<double>::quiet_NaN(), 1.0), 0);
    EXPECT_EQ(clock.advance(std::numeric_limits<double>::infinity(), 1.0), 0);
    EXPECT_EQ(clock.advance(1.0 / 60.0, -2.0), 0);
    EXPECT_EQ(clock.accumulator(), 0.0);
}

TEST(FixedStepClock, ResetForgetsAccumulatedTime) {
    FixedStepClock clock(kStep);
    EXPECT_EQ(clock.advance(0.006, 1.0), 0);
    EXPECT_GT(clock.accumulator(), 0.0);
    clock.reset();
    EXPECT_EQ(clock.advance(0.006, 1.0), 0);
}

TEST(FixedStepClock, RejectsBadSettings) {
    EXPECT_THROW(FixedStepClock(0.0), std::invalid_argument);
    EXPECT_THROW(FixedStepClock(kStep, 0), std::invalid_argument);
    EXPECT_THROW(FixedStepClock(std::nan("")), std::invalid_argument);
}

} // namespace
} // namespace mk::viewer
