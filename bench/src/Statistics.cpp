/// \file Statistics.cpp
/// Order statistics.

#include "minkowski/bench/Statistics.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace mk::bench {
namespace {
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
} // namespace

double median(std::vector<double> samples) { return quantile(std::move(samples), 0.5); }

double quantile(std::vector<double> samples, double q) {
    if (samples.empty()) {
        return kNaN;
    }
    std::sort(samples.begin(), samples.end());
    const double position = std::clamp(q, 0.0, 1.0) * static_cast<double>(samples.size() - 1);
    const auto below = static_cast<size_t>(std::floor(position));
    const size_t above = std::min(below + 1, samples.size() - 1);
    const double weight = position - static_cast<double>(below);
    return samples[below] + weight * (samples[above] - samples[below]);
}

double fastestFractionMean(std::vector<double> samples, double fraction) {
    if (samples.empty()) {
        return kNaN;
    }
    std::sort(samples.begin(), samples.end());
    // The 1e-9 keeps 0.9 * 10 from rounding up to 10 when the product is 9.000000000000002.
    const double wanted =
        std::ceil(std::clamp(fraction, 0.0, 1.0) * static_cast<double>(samples.size()) - 1e-9);
    const auto count = std::max<size_t>(1, static_cast<size_t>(wanted));
    const auto end = samples.begin() + static_cast<std::ptrdiff_t>(count);
    return std::accumulate(samples.begin(), end, 0.0) / static_cast<double>(count);
}

double mean(const std::vector<double>& samples) {
    if (samples.empty()) {
        return kNaN;
    }
    return std::accumulate(samples.begin(), samples.end(), 0.0) /
           static_cast<double>(samples.size());
}

double maximum(const std::vector<double>& samples) {
    if (samples.empty()) {
        return kNaN;
    }
    return *std::max_element(samples.begin(), samples.end());
}

} // namespace mk::bench
