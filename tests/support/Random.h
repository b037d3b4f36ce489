#pragma once
/// \file Random.h
/// Seeded random draws of the test suites, defined once: rotations, unit vectors, vectors and
/// numbers from a std::mt19937_64. Tests run on one toolchain at a time, so the std::
/// distributions are fine here (the benchmark sets, shared between machines, use the portable
/// draws of minkowski/bench/Random.h instead).

#include "minkowski/narrowphase/Math.h"

#include <random>

namespace mk::ref {

/// Uniform random rotation (normalised 4D Gaussian).
inline Quat randomRotation(std::mt19937_64& rng) {
    std::normal_distribution<double> g(0.0, 1.0);
    return Quat(g(rng), g(rng), g(rng), g(rng)).normalized();
}

/// randomRotation() as a matrix.
inline Mat3 randomRotationMatrix(std::mt19937_64& rng) {
    return randomRotation(rng).toRotationMatrix();
}

/// Uniform random unit vector.
inline Vec3 randomUnit(std::mt19937_64& rng) {
    std::normal_distribution<double> g(0.0, 1.0);
    return Vec3(g(rng), g(rng), g(rng)).normalized();
}

/// Vector with coordinates uniform in [lo, hi).
inline Vec3 randomVec(std::mt19937_64& rng, double lo, double hi) {
    std::uniform_real_distribution<double> u(lo, hi);
    return {u(rng), u(rng), u(rng)};
}

/// Uniform in [lo, hi).
inline double uniform(std::mt19937_64& rng, double lo, double hi) {
    return std::uniform_real_distribution<double>(lo, hi)(rng);
}

/// Pose with a uniformly random rotation and a translation uniform in [-spread, spread)^3.
inline Pose randomPose(std::mt19937_64& rng, double spread) {
    const Quat q = randomRotation(rng);
    return Pose(q, randomVec(rng, -spread, spread));
}

} // namespace mk::ref
