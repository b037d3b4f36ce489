#pragma once
/// \file Placement.h
/// Where a generator's bodies go: bounding-sphere centres (before orientation) for the grid,
/// funnel and points placements; the stack is placed body by body in Build.cpp.

#include "minkowski/scenes/SceneDesc.h"
#include "minkowski/scenes/Shapes.h"

#include <vector>

namespace mk::scenes::detail {

/// Side of a generator's cells: GeneratorSpec::cell, or 1.1 x its largest bounding diameter.
double cellSize(const GeneratorSpec& g, const SceneShapes& shapes);

/// Cell centres of the first `g.count` bodies (grid, funnel) or the listed points.
/// \throws SceneError (key `<key>.<field>`) when the cells do not fit.
std::vector<Vec3> placementCentres(const SceneDesc& scene, const GeneratorSpec& g,
                                   const std::string& key, double cell);

} // namespace mk::scenes::detail
