#pragma once
/// \file AssetParts.h
/// Point sets of the parametric parts the assets are made of. Every function is deterministic
/// (regular samplings, no random numbers). Lengths in metres.

#include "minkowski/narrowphase/Math.h"

#include <functional>
#include <vector>

namespace mk::scenes::detail {

using Points = std::vector<Vec3>;

/// A ring of an elliptic solid of revolution about z: semi-axes (a, b) at height z.
struct Ring {
    double a;
    double b;
    double z;
};

/// `segments` points on each ring (one point for a ring of zero size).
Points revolution(const std::vector<Ring>& rings, int segments);

/// The rings of a cylinder of `radius` and `halfHeight` whose two circular edges are rounded
/// with `edgeRadius`, `arcSamples` rings per rounded edge.
std::vector<Ring> roundedCylinderRings(double radius, double halfHeight, double edgeRadius,
                                       int arcSamples);

/// A box of `halfExtents` with edges and corners rounded by `edgeRadius`: each corner is an
/// octant of a sphere sampled by a triangular grid of `n` subdivisions.
Points roundedBox(const Vec3& halfExtents, double edgeRadius, int n);

/// A tube of circular cross-sections along an arc in the x-y plane: the arc has `radius`, is
/// centred on the y axis at the origin side and spans `spanDegrees`, bulging towards +y; the
/// section radius at parameter t in [0, 1] is `section(t)`; `stations` x `around` points.
Points arcTube(double radius, double spanDegrees, const std::function<double(double)>& section,
               int stations, int around);

/// A torus arc in the x-z plane: centre `centre`, major radius `major`, minor radius `minor`,
/// angles (from +x towards +z) in [fromDegrees, toDegrees].
Points torusArc(const Vec3& centre, double major, double minor, double fromDegrees,
                double toDegrees, int stations, int around);

/// `points` moved by the rigid transform (q, t).
Points moved(Points points, const Quat& q, const Vec3& t);

/// Appends `more` to `points`.
void append(Points& points, const Points& more);

} // namespace mk::scenes::detail
