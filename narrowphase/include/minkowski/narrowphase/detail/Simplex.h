#pragma once
/// \file Simplex.h
/// The simplex GJK hands over to EPA: up to four support points of A - B (A's frame).

#include "minkowski/narrowphase/detail/MinkowskiDifference.h"

#include <array>

namespace mk {

struct Simplex {
    std::array<SupportPoint, 4> points{};
    int size = 0; ///< 0 to 4 points in use, points[0..size)
};

namespace detail {

// Bookkeeping shared by the sub-distance algorithms (JohnsonSimplex, SignedVolumeBase): four
// slots y[i] of points with members w, a, b, a bit mask of the slots in use, and the
// barycentric coordinates lambda of the iterate.

/// True when w equals the point of a slot in `bits` (van den Bergen's degeneracy test).
template <class Point>
[[nodiscard]] bool slotsContain(const std::array<Point, 4>& y, unsigned bits, const Vec3& w) {
    for (int i = 0; i < 4; ++i) {
        if ((bits & (1u << i)) != 0u && y[static_cast<size_t>(i)].w == w) {
            return true;
        }
    }
    return false;
}

/// Witnesses sum lambda_i a_i and sum lambda_i b_i over the slots in `bits`.
template <class Point>
void slotWitnesses(const std::array<Point, 4>& y, unsigned bits, const std::array<double, 4>& lambda,
                   Vec3& pa, Vec3& pb) {
    pa.setZero();
    pb.setZero();
    for (size_t i = 0; i < 4; ++i) {
        if ((bits & (1u << i)) != 0u) {
            pa += lambda[i] * y[i].a;
            pb += lambda[i] * y[i].b;
        }
    }
}

/// The slots in `bits` as the Simplex handed to EPA.
template <class Point>
void exportSlots(const std::array<Point, 4>& y, unsigned bits, Simplex& out) {
    out.size = 0;
    for (size_t i = 0; i < 4; ++i) {
        if ((bits & (1u << i)) != 0u) {
            out.points[static_cast<size_t>(out.size++)] = SupportPoint{y[i].w, y[i].a, y[i].b};
        }
    }
}

} // namespace detail

} // namespace mk
