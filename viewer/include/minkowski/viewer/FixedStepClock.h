#pragma once
/// \file FixedStepClock.h
/// The fixed-step accumulator between the frame rate and the simulation's 120 Hz steps
/// (Gaffer on Games, "Fix your timestep!"; Box2D never ties the step to the frame rate). Wall
/// time, scaled by the simulation speed, fills an accumulator that is drained in whole steps,
/// at most `maxStepsPerFrame` per frame. When the cap binds, the simulation is slower than real
/// time: the residual is cut to one step (as Jolt does), so a slow frame never snowballs into
/// ever longer ones (the "spiral of death").

namespace mk::viewer {

class FixedStepClock {
public:
    /// Frames longer than this (a stall, a debugger break) count as this long (unit: second).
    static constexpr double kMaxFrameSeconds = 0.25;

    /// \param stepSeconds the simulation's fixed step h > 0 (unit: second)
    /// \param maxStepsPerFrame cap on the steps run for one frame, >= 1
    /// \throws std::invalid_argument on a non-positive step or cap
    explicit FixedStepClock(double stepSeconds, int maxStepsPerFrame = 8);

    /// Adds `frameSeconds * speed` of simulated time and returns the whole steps to run now.
    /// Negative or non-finite inputs add nothing.
    int advance(double frameSeconds, double speed);
    /// Empties the accumulator (on pause, restart or a single step).
    void reset();

    [[nodiscard]] double stepSeconds() const { return step_; }
    [[nodiscard]] int maxStepsPerFrame() const { return cap_; }
    /// Simulated time waiting for the next step, in [0, stepSeconds] (unit: second).
    [[nodiscard]] double accumulator() const { return accumulator_; }
    /// True when the last advance() hit the cap (the simulation runs slower than asked).
    [[nodiscard]] bool lagging() const { return lagging_; }

private:
    double step_;
    int cap_;
    double accumulator_ = 0.0;
    bool lagging_ = false;
};

} // namespace mk::viewer
