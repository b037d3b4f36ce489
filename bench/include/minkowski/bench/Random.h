#pragma once
/// \file Random.h
/// Portable random draws for the benchmark sets: functions of std::mt19937_64's raw output,
/// whose sequence the C++ standard fixes, built from additions, multiplications, divisions and
/// square roots only (correctly rounded in IEEE 754). The std:: distributions are not used: the
/// standard leaves their algorithms to the library (libstdc++, libc++ and MSVC's
/// std::normal_distribution give different numbers from the same engine), and sin, cos and log
/// are not correctly rounded, so a problem set generated from a seed would differ between
/// platforms.

#include "minkowski/narrowphase/Math.h"

#include <cstddef>
#include <cstdint>
#include <random>

namespace mk::bench {

/// Uniform in [0, 1): the top 53 bits of one draw.
inline double uniform01(std::mt19937_64& rng) {
    return static_cast<double>(rng() >> 11) * 0x1.0p-53;
}

/// Uniform in [lo, hi).
inline double uniform(std::mt19937_64& rng, double lo, double hi) {
    return lo + (hi - lo) * uniform01(rng);
}

/// Uniform index in [0, n), n > 0 (the modulo's bias is below n / 2^64).
inline std::size_t uniformIndex(std::mt19937_64& rng, std::size_t n) {
    return static_cast<std::size_t>(rng() % n);
}

/// Approximately normal with the given mean and standard deviation: the Irwin-Hall sum of 12
/// uniforms minus 6 (variance 1; its CDF is within 0.01 of the normal's, its tails end at 6
/// sigma). Exact arithmetic on 12 draws, where a Box-Muller or polar method would need log.
inline double normal(std::mt19937_64& rng, double mean, double sigma) {
    double sum = -6.0;
    for (int i = 0; i < 12; ++i) {
        sum += uniform01(rng);
    }
    return mean + sigma * sum;
}

/// Uniformly random unit vector: a point uniform in the unit ball (rejection from the cube
/// [-1, 1)^3), normalised; points within 1e-3 of the centre are redrawn.
Vec3 randomDirection(std::mt19937_64& rng);

/// Uniformly random rotation: a quaternion uniform on the unit 3-sphere, from a point uniform in
/// the unit 4-ball (rejection from [-1, 1)^4, Marsaglia's approach) normalised.
Quat randomRotation(std::mt19937_64& rng);

} // namespace mk::bench
