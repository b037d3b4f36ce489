/// \file Timing.cpp
/// Cost of the clock reads around a timed query.

#include "minkowski/bench/Timing.h"

#include "minkowski/bench/Statistics.h"

#include <vector>

namespace mk::bench {
namespace {

double measureClockOverheadNs() {
    constexpr int kSamples = 2001;
    std::vector<double> samples(kSamples);
    int nothing = 0;
    timeRepeats([&nothing] { return nothing; }, samples);
    return median(std::move(samples));
}

} // namespace

double clockOverheadNs() {
    static const double overhead = measureClockOverheadNs();
    return overhead;
}

} // namespace mk::bench
