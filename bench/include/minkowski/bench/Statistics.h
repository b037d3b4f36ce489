#pragma once
/// \file Statistics.h
/// Order statistics of samples (times, errors, ratios). Every function takes its samples by value
/// (it sorts them) and returns NaN for an empty sample.

#include <vector>

namespace mk::bench {

/// Median; the mean of the two middle values for an even count.
double median(std::vector<double> samples);

/// Quantile `q` in [0, 1] with linear interpolation between order statistics
/// (q = 0.9: the 90th percentile, "p90").
double quantile(std::vector<double> samples, double q);

/// Mean of the smallest ceil(fraction * n) samples (at least one): GJK++ Sec. IV reports the
/// mean of the fastest 90% of 100 repetitions of each query (fraction = 0.9).
double fastestFractionMean(std::vector<double> samples, double fraction = 0.9);

/// Arithmetic mean.
double mean(const std::vector<double>& samples);

/// Largest value.
double maximum(const std::vector<double>& samples);

} // namespace mk::bench
