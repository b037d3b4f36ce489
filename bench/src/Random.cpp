/// \file Random.cpp
/// Portable random directions and rotations (Random.h).

#include "minkowski/bench/Random.h"

#include <cmath>

namespace mk::bench {

Vec3 randomDirection(std::mt19937_64& rng) {
    for (;;) {
        const double x = uniform(rng, -1.0, 1.0);
        const double y = uniform(rng, -1.0, 1.0);
        const double z = uniform(rng, -1.0, 1.0);
        const double r2 = x * x + y * y + z * z;
        if (r2 <= 1.0 && r2 > 1e-6) {
            const double r = std::sqrt(r2);
            return {x / r, y / r, z / r};
        }
    }
}

Quat randomRotation(std::mt19937_64& rng) {
    for (;;) {
        const double w = uniform(rng, -1.0, 1.0);
        const double x = uniform(rng, -1.0, 1.0);
        const double y = uniform(rng, -1.0, 1.0);
        const double z = uniform(rng, -1.0, 1.0);
        const double r2 = w * w + x * x + y * y + z * z;
        if (r2 <= 1.0 && r2 > 1e-6) {
            const double r = std::sqrt(r2);
            return {w / r, x / r, y / r, z / r};
        }
    }
}

} // namespace mk::bench
