/// \file FixedStepClock.cpp

#include "minkowski/viewer/FixedStepClock.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace mk::viewer {

FixedStepClock::FixedStepClock(double stepSeconds, int maxStepsPerFrame)
    : step_(stepSeconds), cap_(maxStepsPerFrame) {
    if (!(stepSeconds > 0.0) || !std::isfinite(stepSeconds) || maxStepsPerFrame < 1) {
        throw std::invalid_argument("FixedStepClock: need a finite step > 0 and a cap >= 1");
    }
}

int FixedStepClock::advance(double frameSeconds, double speed) {
    const double added = frameSeconds * speed;
    if (std::isfinite(added) && added > 0.0) {
        accumulator_ += std::min(frameSeconds, kMaxFrameSeconds) * speed;
    }
    // A relative slack of 1e-9 step keeps 1/60 s frames at exactly two 1/120 s steps despite
    // round-off in the running sum.
    const double whole = std::floor(accumulator_ / step_ + 1e-9);
    int steps = static_cast<int>(std::min(whole, static_cast<double>(cap_)));
    lagging_ = whole > cap_;
    accumulator_ = std::max(0.0, accumulator_ - steps * step_);
    if (lagging_) {
        accumulator_ = std::min(accumulator_, step_);
    }
    return steps;
}

void FixedStepClock::reset() {
    accumulator_ = 0.0;
    lagging_ = false;
}

} // namespace mk::viewer
