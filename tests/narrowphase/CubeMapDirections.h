#pragma once
/// Directions on every multiple of half a cell of ConvexMesh's direction cube map: the cells'
/// centres and corners, their boundaries and the faces' edges, on all six faces.

#include "minkowski/narrowphase/ConvexMesh.h"

#include <vector>

namespace mk::test {

inline std::vector<Vec3> cubeMapHalfCellDirections() {
    constexpr int n = ConvexMesh::kMapCells;
    std::vector<Vec3> dirs;
    for (int axis = 0; axis < 3; ++axis) {
        for (double sign : {1.0, -1.0}) {
            for (int i = 0; i <= 2 * n; ++i) {
                for (int j = 0; j <= 2 * n; ++j) {
                    Vec3 d;
                    d[axis] = sign;
                    d[(axis + 1) % 3] = static_cast<double>(i) / n - 1.0;
                    d[(axis + 2) % 3] = static_cast<double>(j) / n - 1.0;
                    dirs.push_back(d);
                }
            }
        }
    }
    return dirs;
}

} // namespace mk::test
