#pragma once
/// \file MeshLoader.h
/// User meshes for scenes: OBJ (through tinyobjloader) and STL (ASCII and binary). The simulation
/// always uses the convex hull of the file's vertices; a mesh that is not convex gets a warning.
///
/// "Not convex", precisely:
///  - with faces: the volume enclosed by the faces differs from the hull's volume by more than
///    MeshLoadOptions::volumeTolerance (relative; 0.1 % by default);
///  - without faces (a point cloud): some vertex lies inside the hull, farther than
///    MeshLoadOptions::surfaceTolerance times the hull's bounding diameter from its surface.
/// Broken files (unreadable, unknown format, bad numbers, face indices out of range, truncated
/// binary STL, fewer than 4 non-coplanar points) throw MeshError naming the file and the line.

#include "minkowski/narrowphase/ConvexMesh.h"
#include "minkowski/narrowphase/Math.h"

#include <array>
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace mk::scenes {

/// A mesh file that cannot be used. what() is "<file>:<line>: <message>" (no line when 0).
class MeshError : public std::runtime_error {
public:
    MeshError(std::string file, int line, const std::string& message);
    [[nodiscard]] const std::string& file() const { return file_; }
    [[nodiscard]] int line() const { return line_; } ///< 1-based; 0 when not about one line

private:
    std::string file_;
    int line_;
};

struct MeshLoadOptions {
    double scale = 1.0;             ///< factor from the file's units to metres
    double volumeTolerance = 1e-3;  ///< relative volume difference above which a mesh is not convex
    double surfaceTolerance = 1e-6; ///< point clouds: relative distance inside the hull
    bool warnIfNotConvex = true;    ///< log a warning (spdlog) for a mesh that is not convex
    /// How the simulated hull is built from the file's points (after scaling: metres). The
    /// convexity test above always compares the file with its exact hull.
    HullOptions hull;
};

/// A loaded mesh: the file's geometry (for drawing) and its convex hull (for simulating).
struct LoadedMesh {
    std::string file;                          ///< as opened
    std::vector<Vec3> vertices;                ///< the file's vertices, scaled (unit: metre)
    std::vector<std::array<int, 3>> triangles; ///< the file's faces, triangulated; may be empty
    std::shared_ptr<const ConvexMesh> hull;    ///< hull of `vertices` (MeshLoadOptions::hull)
    bool convex = true;                        ///< see the file comment
    double volume = 0.0;      ///< enclosed by the faces, 0 without faces (unit: m^3)
    int interiorVertices = 0; ///< vertices farther inside the hull than the surface tolerance
};

/// Loads an .obj or .stl file (by extension, case-insensitive).
/// \throws MeshError naming the file (and line) for any broken input.
std::shared_ptr<const LoadedMesh> loadMesh(const std::filesystem::path& file,
                                           const MeshLoadOptions& options = {});

/// The .obj and .stl files of a folder, sorted by name. \throws MeshError when there are none.
std::vector<std::filesystem::path> meshFilesIn(const std::filesystem::path& folder);

} // namespace mk::scenes
