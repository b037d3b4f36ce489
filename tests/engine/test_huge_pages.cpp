/// The allocator of the step's large arrays (engine/src/HugePages.h): from kHugePageThreshold on
/// an array starts at a 2 MB boundary, below it is an ordinary allocation, and a vector keeps its
/// contents while it grows across the threshold and shrinks back.

#include "HugePages.h"

#include <cstdint>
#include <gtest/gtest.h>

namespace mk {
namespace {

constexpr std::uintptr_t kTwoMegabytes = std::uintptr_t{2} << 20;

std::uintptr_t address(const void* p) {
    return reinterpret_cast<std::uintptr_t>(p);
}

TEST(HugePages, LargeArraysStartOnAHugePageAndKeepTheirContents) {
    HugeVector<double> v;
    const std::size_t small = kHugePageThreshold / sizeof(double) / 4;
    for (std::size_t i = 0; i < small; ++i) {
        v.push_back(0.5 * static_cast<double>(i));
    }
    EXPECT_LT(v.capacity() * sizeof(double), kHugePageThreshold);
    const std::size_t large = 3 * kHugePageThreshold / sizeof(double);
    for (std::size_t i = small; i < large; ++i) {
        v.push_back(0.5 * static_cast<double>(i));
    }
    ASSERT_GE(v.capacity() * sizeof(double), kHugePageThreshold);
    EXPECT_EQ(address(v.data()) % kTwoMegabytes, 0u);
    for (std::size_t i = 0; i < large; ++i) {
        ASSERT_EQ(v[i], 0.5 * static_cast<double>(i)) << i;
    }
    v.resize(small);
    v.shrink_to_fit(); // back below the threshold: an ordinary allocation again
    EXPECT_LT(v.capacity() * sizeof(double), kHugePageThreshold);
    for (std::size_t i = 0; i < small; ++i) {
        ASSERT_EQ(v[i], 0.5 * static_cast<double>(i)) << i;
    }
}

/// Over-aligned elements (the solver's packed points) keep their alignment below the threshold.
TEST(HugePages, SmallArraysKeepTheElementsAlignment) {
    struct alignas(64) Line {
        double x[8];
    };
    HugeVector<Line> v(3);
    EXPECT_EQ(address(v.data()) % alignof(Line), 0u);
    v[2].x[7] = 1.0;
    const HugeVector<Line> copy = v;
    EXPECT_EQ(copy[2].x[7], 1.0);
}

} // namespace
} // namespace mk
