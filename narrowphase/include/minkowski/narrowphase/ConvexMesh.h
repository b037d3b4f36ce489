#pragma once
/// \file ConvexMesh.h
/// Convex polyhedron built as the convex hull (Qhull) of a point set or of an OBJ file's vertices.
/// Keeps vertex adjacency and a cube map of support vertices so that support queries hill-climb
/// a step or two instead of scanning.

#include "minkowski/narrowphase/Math.h"

#include <array>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace mk {

/// Options of the hull construction.
struct HullOptions {
    /// Input points closer than this to an earlier kept input point are dropped before Qhull
    /// runs (unit: metre; 0 keeps every point, Qhull then only merges exact round-off cases).
    double mergeTolerance = 0.0;
};

class ConvexMesh {
public:
    /// Below this many vertices support() scans linearly; above, it hill-climbs from a cube map.
    static constexpr int kLinearScanBelow = 32;
    /// Cells per side of each face of the direction cube map (see directionMap_): 6 x 32 x 32
    /// start vertices, 24 KiB per mesh.
    static constexpr int kMapCells = 32;

    /// Convex hull of `points` (unit: metre).
    /// \throws ShapeError on fewer than 4 points, a non-finite coordinate, or points that are all
    /// coplanar (or collinear, or coincident) within Qhull's precision.
    static std::shared_ptr<const ConvexMesh> fromPoints(std::span<const Vec3> points,
                                                        const HullOptions& options = {});
    /// Convex hull of the vertices of an OBJ file (faces are ignored; the hull is recomputed).
    /// \throws ShapeError naming the file on an unreadable or malformed file, or degenerate points.
    static std::shared_ptr<const ConvexMesh> fromObjFile(const std::string& path,
                                                         const HullOptions& options = {});

    /// Hull vertices (unit: metre), in the shape's local frame.
    [[nodiscard]] const std::vector<Vec3>& vertices() const { return vertices_; }
    /// Hull triangles, counter-clockwise seen from outside, indices into vertices().
    [[nodiscard]] const std::vector<std::array<int, 3>>& triangles() const { return triangles_; }
    /// Indices of the vertices joined to vertex `i` by a hull edge.
    [[nodiscard]] std::span<const int> neighbors(int i) const {
        return {adjacency_.data() + adjacencyOffsets_[i],
                static_cast<size_t>(adjacencyOffsets_[i + 1] - adjacencyOffsets_[i])};
    }

    /// Vertex maximising dot(vertex, dir); `hint` receives its index (any value on input: the hill
    /// climb starts from the cube-map vertex of `dir`, which is closer than any previous answer).
    /// Below kLinearScanBelow vertices the scan is linear.
    [[nodiscard]] Vec3 support(const Vec3& dir, int& hint) const;
    /// The same answer by linear scan over every vertex (reference for tests and benchmarks).
    [[nodiscard]] int supportIndexLinear(const Vec3& dir) const;
    /// Share of the cube map's cells that support() answers without climbing (their vertex is
    /// the support of every direction of the cell); 0 below kLinearScanBelow vertices.
    [[nodiscard]] double ownedCellShare() const;

    /// Volume (unit: cubic metre) and centroid of the solid hull.
    [[nodiscard]] double volume() const { return volume_; }
    [[nodiscard]] const Vec3& centroid() const { return centroid_; }

private:
    ConvexMesh() = default;
    void buildAdjacency();
    void computeMassProperties();
    void buildDirectionMap();
    /// The vertex where the hill climb along `dir` from vertex `start` ends: the support vertex.
    [[nodiscard]] int climb(const Vec3& dir, int start) const;
    /// True when `vertex` is the support of every direction of the cone spanned by `corners`,
    /// with a margin (see the definition).
    [[nodiscard]] bool ownsCone(int vertex, const std::array<Vec3, 4>& corners) const;

    std::vector<Vec3> vertices_;
    std::vector<std::array<int, 3>> triangles_;
    std::vector<int> adjacencyOffsets_; ///< size vertices+1 (CSR)
    std::vector<int> adjacency_;
    /// Support vertex of the centre direction of every cell of a cube map (6 faces of
    /// kMapCells x kMapCells cells; empty below kLinearScanBelow vertices): the hill climb's start
    /// vertex for any direction in that cell, or ~vertex (negative) when the vertex owns the cell
    /// (it is the support of every direction of the cell: no climb needed).
    std::vector<int> directionMap_;
    double volume_ = 0.0;
    Vec3 centroid_ = Vec3::Zero();
};

} // namespace mk
