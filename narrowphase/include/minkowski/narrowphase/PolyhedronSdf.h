#pragma once
/// \file PolyhedronSdf.h
/// The signed distance function of a convex mesh as its face planes and adjacency
/// (Algorithm 4 of Lopez-Adeva Fernandez-Layos and Merchante, CAD 170 (2024)).
/// Knows no solver.

#include "minkowski/narrowphase/Math.h"

#include <cstdint>
#include <memory>
#include <span>
#include <utility>
#include <vector>

namespace mk {

class ConvexMesh;

/// Value and subgradient of a (possibly approximate) SDF at a point.
struct SdfSample {
    double value = 0.0;            ///< phi(x) (unit: metre), < 0 inside
    Vec3 gradient = Vec3::UnitX(); ///< a subgradient of phi at x, unit length (Sec. 2.3)
};

/// The polyhedron SDF approximation of Algorithm 4: the face planes h_a . y <= delta_a of a convex
/// mesh, written relative to an interior centre c (y = x - c, every delta_a > 0), and the face
/// adjacency N_a. Coplanar triangles of the hull (Qhull's triangulated facets) are merged into one
/// face, so that the greedy search of Algorithm 4 is the hill climb on the polar polytope that
/// Proposition 6 requires. Built once per mesh; evaluation allocates nothing.
class PolyhedronSdf {
public:
    /// Faces of `mesh`, centre = its centroid. \throws ShapeError when a face passes within
    /// 1e-12 (relative) of the centroid (not a solid hull).
    static std::shared_ptr<const PolyhedronSdf> build(const ConvexMesh& mesh);

    /// Algorithm 4 at x (local frame): from face `face` (in: the start face a_0, any out-of-range
    /// value meaning the first face; out: the face a*), greedily move to the neighbour with the
    /// largest ray parameter s = h_b . y / delta_b until no neighbour improves. The face found
    /// maximises s (the plane the ray from c through x crosses first, eq. 22); outside, the value
    /// is h_a* . y - delta_a*, the gradient h_a*. Departure: inside (that value < 0) the value is
    /// the exact SDF, max_a h_a . y - delta_a by a scan of the faces, and the gradient that
    /// face's normal: the ray's plane underestimates there, which made penetration depths deeper
    /// than the true ones (coincident boxes: -0.6 against -0.2).
    [[nodiscard]] SdfSample evaluate(const Vec3& x, int& face) const;
    /// The reference for evaluate(): the face maximising s by a linear scan.
    [[nodiscard]] int faceLinear(const Vec3& x) const;

    [[nodiscard]] int faceCount() const { return static_cast<int>(normals_.size()); }
    [[nodiscard]] const Vec3& normal(int face) const { return normals_[face]; }
    /// delta_a, the distance from the centre to the plane of `face` (unit: metre).
    [[nodiscard]] double offset(int face) const { return offsets_[face]; }
    [[nodiscard]] std::span<const int> neighbors(int face) const {
        return {adjacency_.data() + adjacencyOffsets_[face],
                static_cast<size_t>(adjacencyOffsets_[face + 1] - adjacencyOffsets_[face])};
    }
    [[nodiscard]] const Vec3& centre() const { return centre_; }
    /// Sphere about centre() that contains the mesh (unit: metre).
    [[nodiscard]] double boundingRadius() const { return boundingRadius_; }

private:
    PolyhedronSdf() = default;
    void buildFaces(const ConvexMesh& mesh, const std::vector<int>& faceOf, int faceCount);
    void buildAdjacency(const std::vector<std::pair<std::int64_t, int>>& edges,
                        const std::vector<int>& faceOf);

    Vec3 centre_ = Vec3::Zero();
    double boundingRadius_ = 0.0;
    std::vector<Vec3> normals_;   ///< unit outward normals h_a
    std::vector<double> offsets_; ///< delta_a > 0, relative to centre_
    std::vector<int> adjacencyOffsets_; ///< CSR, size faces + 1
    std::vector<int> adjacency_;
};

} // namespace mk
