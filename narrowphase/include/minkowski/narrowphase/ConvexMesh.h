#pragma once
/// \file ConvexMesh.h
/// Convex polyhedron built as the convex hull (Qhull) of a point set or of an OBJ file's vertices.
/// Keeps vertex adjacency and a cube map of support vertices so that support queries hill-climb
/// a step or two instead of scanning.

#include "minkowski/narrowphase/Math.h"

#include <array>
#include <cstdint>
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
    /// Input points may lie up to this far above the hull's face planes, so that the hull needs
    /// fewer vertices (unit: metre; 0: the exact hull). Every vertex is an input point, so the
    /// hull lies inside the exact one, and its support function falls short of the exact one's
    /// by at most this much along every face normal. Jolt's mHullTolerance (1 mm there by
    /// default); a query on such hulls answers for the simplified shapes, not the input's.
    double hullTolerance = 0.0;

    bool operator==(const HullOptions&) const = default;
};

class ConvexMesh {
public:
    /// Below this many vertices support() scans linearly; above, it hill-climbs from a cube map.
    static constexpr int kLinearScanBelow = 32;
    /// Cells per side of each face of the direction cube map (see directionMap_): 6 x 32 x 32
    /// cells of 16 bytes (32 from 32768 vertices on), 96 KiB per mesh.
    static constexpr int kMapCells = 32;
    /// Neighbours of a cell's start vertex a cell can list (MapCell): cells whose start vertex
    /// has more neighbours that may beat it there climb over every neighbour.
    static constexpr int kCellCandidates = 7;

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
    /// The memory support(dir) reads first: the cube-map cell of `dir` and the record of the
    /// cell's start vertex (null without a map). The maps are too large to stay cached, and
    /// the cell and the start are the support's first two dependent loads; a caller that will
    /// query this mesh along about `dir` again (the engine, one step later, along the pair's
    /// normal) keeps them to ask the cache for them ahead (`__builtin_prefetch`).
    struct SupportLines {
        const void* cell = nullptr;
        const void* start = nullptr;
    };
    [[nodiscard]] SupportLines supportLines(const Vec3& dir) const;
    /// The same answer by linear scan over every vertex (reference for tests and benchmarks).
    [[nodiscard]] int supportIndexLinear(const Vec3& dir) const;
    /// Share of the cube map's cells that support() answers without climbing (their vertex is
    /// the support of every direction of the cell); 0 below kLinearScanBelow vertices.
    [[nodiscard]] double ownedCellShare() const;

    /// A face of the hull for contact clipping: neighbouring hull triangles whose normals are
    /// within kFaceAngle of the first one's and whose corners lie within kFaceFlatness (relative
    /// to the bounding radius about the centroid) of its plane, merged into one polygon. Scanned
    /// "flat" sides (a cereal box) are then one face, the facets of a tessellated cylinder stay
    /// apart. As Jolt's ConvexHullShape faces (its hull builder merges within a tolerance).
    struct Face {
        Vec3 normal = Vec3::UnitZ(); ///< outward, unit: the area-weighted mean of its triangles'
        int first = 0;               ///< its corners: faceCorners()[first, first + count)
        int count = 0;
    };
    /// Largest angle between the normals of a face's triangles and its first triangle's
    /// (unit: radian).
    static constexpr double kFaceAngle = 0.087; // 5 degrees
    /// Largest distance of a face's corners from its first triangle's plane, relative to the
    /// bounding radius about the centroid.
    static constexpr double kFaceFlatness = 1e-2;

    [[nodiscard]] const std::vector<Face>& faces() const { return faces_; }
    /// Corners of `face`, counter-clockwise seen from outside (indices into vertices()).
    [[nodiscard]] std::span<const int> faceCorners(const Face& face) const {
        return {faceCorners_.data() + face.first, static_cast<size_t>(face.count)};
    }
    /// The face whose normal is closest to `dir` among the faces around the support vertex along
    /// `dir` (the one a flat contact along `dir` lies on); `hint` as for support(). -1 only for
    /// a vertex on no triangle, which a hull does not have.
    [[nodiscard]] int supportingFace(const Vec3& dir, int& hint) const;

    /// Volume (unit: cubic metre) and centroid of the solid hull.
    [[nodiscard]] double volume() const { return volume_; }
    [[nodiscard]] const Vec3& centroid() const { return centroid_; }

private:
    ConvexMesh() = default;
    void buildAdjacency();
    void computeMassProperties();
    void buildDirectionMap();
    /// Fills faces_, faceCorners_ and the vertex-to-face lists (ConvexMeshFaces.cpp).
    void buildFaces();
    /// Fills climbVertices_ and climbNeighbors_ with the vertices in `order` (original indices;
    /// climb index i is vertex order[i]).
    void buildClimbLayout(const std::vector<int>& order);
    /// The climb index where the hill climb along `dir` from climb index `start` ends: the
    /// support vertex.
    [[nodiscard]] int climb(const Vec3& dir, int start) const;
    /// climb() already at `current`, whose dot with `dir` is `best`.
    [[nodiscard]] int climbFrom(const Vec3& dir, int current, double best) const;
    /// True when `neighbor` is below `vertex` along every direction of the cone spanned by
    /// `corners`, with a margin (see the definition).
    [[nodiscard]] bool isBelowInCone(int vertex, int neighbor,
                                     const std::array<Vec3, 4>& corners) const;

    /// One cell of the direction cube map (climb indices): the support vertex of the cell's centre
    /// direction (the climb's start for every direction of the cell) and, in neighbour order, those
    /// of its neighbours that may be above it somewhere in the cell; the others are below it all
    /// over the cell (isBelowInCone), so the climb's first step skips them and takes the same path.
    /// Vertex indices are `Index`: 16 bits below 32768 vertices (a cell then fills 16 bytes).
    template <typename Index> struct MapCell {
        Index start = 0;
        /// Neighbours of `start` that may beat it in the cell, then kNone; all kNone: `start`
        /// is the support of every direction of the cell (the cell is "owned"); kEveryNeighbor
        /// first: more than kCellCandidates of them, or a hull outside the trusted range.
        std::array<Index, kCellCandidates> candidates{};
    };
    static constexpr int kNone = -1;
    static constexpr int kEveryNeighbor = -2;
    /// Climb index of the support vertex along `dir` by the cell of `dir` in `map`.
    template <typename Index>
    [[nodiscard]] int supportIndex(const std::vector<MapCell<Index>>& map, const Vec3& dir) const;

    std::vector<Vec3> vertices_;
    std::vector<std::array<int, 3>> triangles_;
    std::vector<int> adjacencyOffsets_; ///< size vertices+1 (CSR)
    std::vector<int> adjacency_;
    /// A vertex as support() reads it: its position and where its neighbour list starts, in
    /// one 32-byte record (never split across two cache lines).
    struct alignas(32) ClimbVertex {
        Vec3 position;             ///< unit: metre; the same bits as vertices()[original]
        std::int32_t original = 0; ///< index in vertices()
        std::int32_t firstNeighbor =
            0; ///< into climbNeighbors_; the list ends at the next record's
    };
    /// The vertices in climb order (a Hilbert curve over the cube map's cells, so that a cell's
    /// start and the neighbours it lists are close in memory), then a sentinel record; empty
    /// below kLinearScanBelow vertices. The map's cells and climbNeighbors_ hold climb indices.
    std::vector<ClimbVertex> climbVertices_;
    /// Each vertex's neighbours as climb indices, in the order of neighbors() (by original
    /// index), so that the climb breaks ties as it does over the original numbering.
    std::vector<std::int32_t> climbNeighbors_;
    /// The cells of a cube map of directions (6 faces of kMapCells x kMapCells cells; empty
    /// below kLinearScanBelow vertices): where the hill climb starts for a direction of the cell
    /// and which of the start's neighbours it has to look at.
    std::vector<MapCell<std::int16_t>> compactMap_; ///< below 32768 vertices, else empty
    std::vector<MapCell<std::int32_t>> wideMap_;    ///< from 32768 vertices on, else empty
    std::vector<Face> faces_;
    std::vector<int> faceCorners_;
    std::vector<int> vertexFaceOffsets_; ///< size vertices+1 (CSR): the faces around a vertex
    std::vector<int> vertexFaces_;
    double volume_ = 0.0;
    Vec3 centroid_ = Vec3::Zero();
};

} // namespace mk
