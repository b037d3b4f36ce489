/// \file Appearance.cpp

#include "minkowski/viewer/Appearance.h"

#include <algorithm>
#include <array>
#include <limits>

namespace mk::viewer {
namespace {

/// Tableau-like palette: distinct hues of similar brightness.
constexpr std::array<std::array<float, 3>, 10> kPalette{{
    {0.90f, 0.45f, 0.25f},
    {0.30f, 0.62f, 0.86f},
    {0.42f, 0.76f, 0.38f},
    {0.88f, 0.74f, 0.26f},
    {0.68f, 0.48f, 0.82f},
    {0.92f, 0.52f, 0.62f},
    {0.35f, 0.78f, 0.74f},
    {0.74f, 0.56f, 0.40f},
    {0.78f, 0.80f, 0.36f},
    {0.60f, 0.64f, 0.92f},
}};

double topOf(const Body& body) {
    const Obb obb = body.shape.localObb().transformed(body.shapePose());
    return obb.center.z() + (obb.axes.cwiseAbs() * obb.halfExtents).z();
}

} // namespace

Eigen::Vector3f bodyColor(int geometry) {
    const auto& c = kPalette[static_cast<std::size_t>(geometry) % kPalette.size()];
    return {c[0], c[1], c[2]};
}

Eigen::Vector3f staticColor() {
    return {0.58f, 0.63f, 0.72f};
}

std::vector<bool> seeThroughBodies(const World& world) {
    double lowestTop = std::numeric_limits<double>::infinity();
    for (BodyId id = 0; id < world.bodyCount(); ++id) {
        if (!world.body(id).isDynamic()) {
            lowestTop = std::min(lowestTop, topOf(world.body(id)));
        }
    }
    std::vector<bool> out(world.bodyCount(), false);
    for (BodyId id = 0; id < world.bodyCount(); ++id) {
        out[id] = !world.body(id).isDynamic() && topOf(world.body(id)) > lowestTop + 0.01;
    }
    return out;
}

} // namespace mk::viewer
