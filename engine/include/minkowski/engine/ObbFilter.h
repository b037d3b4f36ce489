#pragma once
/// \file ObbFilter.h
/// Second filter after the broadphase: the separating-axis test between two oriented boxes
/// (Gottschalk, Lin, Manocha, "OBBTree", SIGGRAPH 1996; the 15-axis form of Ericson,
/// "Real-Time Collision Detection", 2005, Sec. 4.4.1).

#include "minkowski/narrowphase/Math.h"

#include <cmath>

namespace mk {

/// True unless one of the 15 candidate axes separates `a` grown by `margin` on every half
/// extent from `b` (both in the world frame). Conservative: two shapes closer than `margin`
/// whose boxes contain them always pass. Near-parallel edge pairs are handled with a 1e-9
/// inflation of |R| (Ericson's epsilon), so the test never rejects because of round-off.
/// Boxes whose bounding balls are apart are rejected first (exact, and most broadphase pairs).
[[nodiscard]] bool obbOverlap(const Obb& a, const Obb& b, double margin);

/// A ball holding `obb` grown by `grow` on every half extent: its centre (x, y, z) and radius
/// (w), |half extents| + sqrt(3) grow. Computed once per box, it makes the cheap first test of
/// many pairs (obbBallsApart()) read 32 bytes a box.
[[nodiscard]] inline Eigen::Vector4d obbBall(const Obb& obb, double grow) {
    Eigen::Vector4d ball;
    ball << obb.center, obb.halfExtents.norm() + std::sqrt(3.0) * grow;
    return ball;
}

/// True when balls `a` and `b` (obbBall() of boxes A and B grown by ga and gb) are apart even
/// with `margin` added: then obbOverlap(A, B, margin + ga + gb) is false, since a box grown by g
/// on every half extent lies in the ball of radius |e| + sqrt(3) g about its centre.
[[nodiscard]] inline bool obbBallsApart(const Eigen::Vector4d& a, const Eigen::Vector4d& b,
                                        double margin) {
    const double reach = a[3] + b[3] + std::sqrt(3.0) * margin;
    return (a.head<3>() - b.head<3>()).squaredNorm() > reach * reach;
}

} // namespace mk
