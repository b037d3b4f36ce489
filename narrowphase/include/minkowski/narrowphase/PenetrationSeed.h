#pragma once
/// \file PenetrationSeed.h
/// What a penetration query leaves for the next query of the same pair: EPA's final polytope,
/// its vertices stored as points of A and of B in their own shape frames, so that they move with
/// the bodies. At any later poses every vertex a_i - b_i is still a point of A - B, so the stored
/// triangulation is still a polytope inside A - B; when it still holds the origin with every face
/// positively oriented and convex (checked at the new poses, epaWarm() in Epa.h), it bounds the
/// depth from below exactly as EPA's own polytope does, and EPA continues from it instead of
/// starting from GJK's simplex. Correctness does not depend on how old the seed is: a seed that
/// is no longer a certificate is rejected and the query runs cold.
///
/// Fixed capacity (kMaxVertices): the seed lives in the pair's cache and is copied with it; a
/// final polytope with more vertices is not kept (the next query runs cold).

#include "minkowski/narrowphase/Math.h"

#include <array>
#include <cstdint>

namespace mk {

struct PenetrationSeed {
    /// Vertices of the largest polytope kept (typical overlaps end EPA with 10-25).
    static constexpr int kMaxVertices = 32;
    /// A closed triangulated sphere on V vertices has 2V - 4 faces.
    static constexpr int kMaxFaces = 2 * kMaxVertices - 4;

    int numVertices = 0; ///< 0: empty (no polytope kept)
    int numFaces = 0;
    /// Vertex i is pointA[i] - (B's pose in A's frame) * pointB[i].
    std::array<Vec3, kMaxVertices> pointA; ///< a core point of A, in A's shape frame (unit: metre)
    std::array<Vec3, kMaxVertices> pointB; ///< a core point of B, in B's shape frame (unit: metre)
    /// Vertex indices of each face, counter-clockwise seen from outside the polytope.
    std::array<std::array<std::uint8_t, 3>, kMaxFaces> faces;
    /// Across edge e (faces[f][e] -> faces[f][(e + 1) % 3]) of face f: neighbour face * 4 + the
    /// index of the same edge in the neighbour (the polytope is closed: every edge has one).
    std::array<std::array<std::uint8_t, 3>, kMaxFaces> adjacent;

    [[nodiscard]] bool empty() const { return numVertices == 0; }
    void clear() { numVertices = numFaces = 0; }
};

} // namespace mk
