/// \file test_statistics.cpp
/// Order statistics on arrays with known answers.

#include "minkowski/bench/Statistics.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numeric>

namespace mk::bench {
namespace {

std::vector<double> oneTo(int n) {
    std::vector<double> v(static_cast<size_t>(n));
    std::iota(v.begin(), v.end(), 1.0);
    return v;
}

TEST(Statistics, MedianOfOddAndEvenCounts) {
    EXPECT_EQ(median({5, 1, 3}), 3.0);
    EXPECT_EQ(median({4, 1, 3, 2}), 2.5);
    EXPECT_EQ(median({7}), 7.0);
}

TEST(Statistics, QuantileInterpolatesBetweenOrderStatistics) {
    // 1..11: position 0.9 * 10 = 9 -> the 10th value exactly.
    EXPECT_DOUBLE_EQ(quantile(oneTo(11), 0.9), 10.0);
    // 1..10: position 0.9 * 9 = 8.1 -> 9 + 0.1 * (10 - 9).
    EXPECT_DOUBLE_EQ(quantile(oneTo(10), 0.9), 9.1);
    EXPECT_EQ(quantile({3, 1, 2}, 0.0), 1.0);
    EXPECT_EQ(quantile({3, 1, 2}, 1.0), 3.0);
}

TEST(Statistics, FastestNinetyPercentMean) {
    // 100 repetitions: the 90 fastest are 1..90, mean 45.5; the 10 slow outliers are dropped.
    std::vector<double> samples = oneTo(90);
    samples.insert(samples.end(), 10, 1e6);
    EXPECT_DOUBLE_EQ(fastestFractionMean(samples, 0.9), 45.5);
    // 10 samples: ceil(9) = 9 kept, not 10.
    EXPECT_DOUBLE_EQ(fastestFractionMean({10, 9, 8, 7, 6, 5, 4, 3, 2, 1}, 0.9), 5.0);
    // 3 samples: ceil(2.7) = 3 kept.
    EXPECT_DOUBLE_EQ(fastestFractionMean({1, 2, 6}, 0.9), 3.0);
    // Always at least one sample.
    EXPECT_DOUBLE_EQ(fastestFractionMean({4, 2}, 0.0), 2.0);
}

TEST(Statistics, MeanAndMaximum) {
    EXPECT_DOUBLE_EQ(mean({1, 2, 3, 6}), 3.0);
    EXPECT_EQ(maximum({-1, 5, 2}), 5.0);
}

TEST(Statistics, EmptySamplesGiveNaN) {
    EXPECT_TRUE(std::isnan(median({})));
    EXPECT_TRUE(std::isnan(quantile({}, 0.9)));
    EXPECT_TRUE(std::isnan(fastestFractionMean({})));
    EXPECT_TRUE(std::isnan(mean({})));
    EXPECT_TRUE(std::isnan(maximum({})));
}

} // namespace
} // namespace mk::bench
