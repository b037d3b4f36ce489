/// \file NoBullet.cpp
/// runBullet() of a build without Bullet's dynamics world (bullet-float64 not found).

#include "minkowski/bench/EngineRun.h"

#include <stdexcept>

namespace mk::bench {

bool bulletWorldAvailable() {
    return false;
}

EngineRunResult runBullet(const World&, int, const BulletOptions&) {
    throw std::runtime_error("this build has no Bullet dynamics world (bullet-float64)");
}

} // namespace mk::bench
