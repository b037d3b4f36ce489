/// \file Placement.cpp
/// Cell centres of the grid and funnel placements.

#include "Placement.h"

#include "minkowski/scenes/Funnel.h"
#include "minkowski/scenes/SceneFile.h"

#include <algorithm>
#include <cmath>

namespace mk::scenes::detail {
namespace {

/// Cells of one square layer of n x m cells centred on (x, y) at height z, appended until
/// `count` centres exist.
void addLayer(std::vector<Vec3>& out, size_t count, int n, int m, double cell, const Vec3& centre) {
    for (int v = 0; v < m && out.size() < count; ++v) {
        for (int u = 0; u < n && out.size() < count; ++u) {
            out.push_back(centre +
                          Vec3((u + 0.5 - 0.5 * n) * cell, (v + 0.5 - 0.5 * m) * cell, 0.0));
        }
    }
}

std::vector<Vec3> gridCentres(const GeneratorSpec& g, double cell) {
    const int n = std::max(1, static_cast<int>(std::floor(2.0 * g.halfSize.x() / cell)));
    const int m = std::max(1, static_cast<int>(std::floor(2.0 * g.halfSize.y() / cell)));
    std::vector<Vec3> out;
    for (int layer = 0; out.size() < static_cast<size_t>(g.count); ++layer) {
        addLayer(out, static_cast<size_t>(g.count), n, m, cell,
                 g.center + Vec3(0, 0, layer * cell));
    }
    return out;
}

/// Layers from startHeight up; each fills the funnel's inner square at the layer's bottom (the
/// walls lean outwards, so that is where the square is smallest).
std::vector<Vec3> funnelCentres(const SceneDesc& scene, const GeneratorSpec& g,
                                const std::string& key, double cell) {
    const FunnelSpec& funnel = *scene.funnel;
    if (g.startHeight < 0.5 * cell) {
        throw sceneError(scene, key + ".start_height",
                         "the first layer of cells (" + std::to_string(cell) +
                             " m) would cut the floor: start_height must be at least " +
                             std::to_string(0.5 * cell));
    }
    std::vector<Vec3> out;
    for (int layer = 0; out.size() < static_cast<size_t>(g.count); ++layer) {
        const double z = g.startHeight + layer * cell;
        const int n =
            static_cast<int>(std::floor(2.0 * funnelHalfWidthAt(funnel, z - 0.5 * cell) / cell));
        if (n == 0 && (funnel.tiltDegrees == 0.0 || layer > 100000)) {
            throw sceneError(scene, key + ".placement",
                             "the funnel is narrower than one cell (" + std::to_string(cell) +
                                 " m)");
        }
        addLayer(out, static_cast<size_t>(g.count), n, n, cell, Vec3(0.0, 0.0, z));
    }
    return out;
}

} // namespace

double cellSize(const GeneratorSpec& g, const SceneShapes& shapes) {
    if (g.cell > 0.0) {
        return g.cell;
    }
    double diameter = 0.0;
    for (const std::string& name : g.shapes) {
        diameter = std::max(diameter, 2.0 * shapes.at(name).shape.boundingSphere().radius);
    }
    return 1.1 * diameter;
}

std::vector<Vec3> placementCentres(const SceneDesc& scene, const GeneratorSpec& g,
                                   const std::string& key, double cell) {
    switch (g.placement) {
    case Placement::Points:
        return g.points;
    case Placement::Grid:
        return gridCentres(g, cell);
    case Placement::Funnel:
        return funnelCentres(scene, g, key, cell);
    case Placement::Stack:
        break;
    }
    return {};
}

} // namespace mk::scenes::detail
