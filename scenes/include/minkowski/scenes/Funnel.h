#pragma once
/// \file Funnel.h
/// The geometry of the funnel (FunnelSpec): a floor slab whose top is z = 0 and four wall slabs
/// hinged on the floor's square of half side `halfWidth`, leaning outwards by `tiltDegrees`.

#include "minkowski/narrowphase/Math.h"
#include "minkowski/scenes/SceneDesc.h"

#include <string>
#include <vector>

namespace mk::scenes {

/// A static box of the funnel.
struct FunnelPart {
    std::string name; ///< "funnel floor", "funnel wall +x", ...
    Vec3 halfExtents; ///< (unit: metre)
    Pose pose;
};

/// The floor, then the walls at +x, +y, -x, -y.
[[nodiscard]] std::vector<FunnelPart> funnelParts(const FunnelSpec& funnel);

/// A plane n.x = offset with n the unit normal pointing into the funnel.
struct Plane {
    Vec3 normal;
    double offset; ///< (unit: metre)
    /// Signed distance of `p` from the plane, positive on the funnel's side (unit: metre).
    [[nodiscard]] double distance(const Vec3& p) const { return normal.dot(p) - offset; }
};

/// The floor's top and the walls' inner faces, extended to infinite planes: a point is inside the
/// funnel when it is on the positive side of all five.
[[nodiscard]] std::vector<Plane> funnelInnerPlanes(const FunnelSpec& funnel);

/// Half side of the funnel's inner square at height z >= 0 (unit: metre).
[[nodiscard]] double funnelHalfWidthAt(const FunnelSpec& funnel, double z);

} // namespace mk::scenes
