#pragma once
/// \file SimplexSeed.h
/// What a separated distance query leaves for the next query of the same pair: GJK's terminal
/// simplex, its points stored as points of A and of B in their own shape frames, so that they
/// move with the bodies (Box2D's b2SimplexCache keeps the vertex indices for the same purpose).
/// At any later poses every a_i - b_i is still a point of A - B, so vanilla GJK may start from
/// these points instead of from a single support point: when the closest features did not
/// change, one support call confirms the answer. Correctness does not depend on the seed: GJK's
/// own termination test decides, and a seed of any age only changes how many iterations it takes.

#include "minkowski/narrowphase/Math.h"

#include <array>

namespace mk {

struct SimplexSeed {
    static constexpr int kMaxPoints = 4;

    int size = 0; ///< 0: empty (nothing kept)
    std::array<Vec3, kMaxPoints> pointA; ///< a core point of A, in A's shape frame (unit: metre)
    std::array<Vec3, kMaxPoints> pointB; ///< a core point of B, in B's shape frame (unit: metre)

    [[nodiscard]] bool empty() const { return size == 0; }
    void clear() { size = 0; }
};

} // namespace mk
