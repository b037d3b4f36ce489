#pragma once
/// \file MeshReaders.h
/// The file formats behind loadMesh(): raw vertices and triangles, validated line by line.

#include "minkowski/narrowphase/Math.h"

#include <array>
#include <string>
#include <vector>

namespace mk::scenes::detail {

struct RawMesh {
    std::vector<Vec3> vertices;
    std::vector<std::array<int, 3>> triangles;
};

/// Wavefront OBJ: `v` and `f` lines are checked first (numbers, index ranges; errors with the
/// line), then the file is loaded by tinyobjloader with triangulation. Other statements are
/// ignored. \throws MeshError
RawMesh readObj(const std::string& file);

/// STL, binary (size = 84 + 50 n) or ASCII (`solid ... facet ... vertex ... endsolid`); equal
/// vertices are merged. \throws MeshError
RawMesh readStl(const std::string& file);

/// The whole file. \throws MeshError when it cannot be opened or read.
std::string readWholeFile(const std::string& file);

/// Parses a finite double filling all of `token`; false otherwise.
bool parseFinite(std::string_view token, double& out);

} // namespace mk::scenes::detail
