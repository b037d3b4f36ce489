#pragma once
/// \file Simplex.h
/// The simplex GJK hands over to EPA: up to four support points of A - B (A's frame).

#include "minkowski/narrowphase/MinkowskiDifference.h"

#include <array>

namespace mk {

struct Simplex {
    std::array<SupportPoint, 4> points{};
    int size = 0; ///< 0 to 4 points in use, points[0..size)
};

} // namespace mk
