/// \file Rng.cpp
/// Uniform random rotations.

#include "minkowski/scenes/Rng.h"

#include <cmath>
#include <numbers>

namespace mk::scenes {

Quat Rng::rotation() {
    const double u1 = uniform();
    const double a = 2.0 * std::numbers::pi * uniform();
    const double b = 2.0 * std::numbers::pi * uniform();
    const double s1 = std::sqrt(1.0 - u1);
    const double s2 = std::sqrt(u1);
    // Quat(w, x, y, z); the four components are a uniform point of the unit 3-sphere.
    return Quat(s2 * std::cos(b), s1 * std::sin(a), s1 * std::cos(a), s2 * std::sin(b));
}

} // namespace mk::scenes
