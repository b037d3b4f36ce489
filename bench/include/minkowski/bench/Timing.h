#pragma once
/// \file Timing.h
/// Wall-clock timing of one query repeated R times, each repetition timed on its own with
/// std::chrono::steady_clock. The loop allocates nothing; a compiler barrier keeps the optimizer
/// from dropping or hoisting the call.

#include <chrono>
#include <span>

namespace mk::bench {

using BenchClock = std::chrono::steady_clock;

/// Makes the compiler assume `value` is read and memory is clobbered, so the computation of
/// `value` cannot be removed or moved across the barrier (Google Benchmark's DoNotOptimize).
template <class T>
inline void doNotOptimize(const T& value) {
    asm volatile("" : : "r,m"(value) : "memory");
}

/// Runs `query()` once per element of `samplesNs`, storing each call's duration in nanoseconds
/// (clock reads included). Returns the last call's result. Nothing is allocated.
template <class Query>
auto timeRepeats(Query&& query, std::span<double> samplesNs) {
    decltype(query()) result{};
    for (double& sample : samplesNs) {
        const BenchClock::time_point start = BenchClock::now();
        result = query();
        doNotOptimize(result);
        const BenchClock::time_point stop = BenchClock::now();
        sample = std::chrono::duration<double, std::nano>(stop - start).count();
    }
    return result;
}

/// Median cost of timing an empty region (two clock reads) in nanoseconds, measured once per
/// process; the benchmark subtracts it from every per-query time.
double clockOverheadNs();

} // namespace mk::bench
