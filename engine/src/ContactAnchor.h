#pragma once
/// \file ContactAnchor.h
/// Where under its surface point a manifold point is anchored on a body (ContactPoint::localA,
/// depthA), so that a body rolling in place keeps its contact points under it.

#include "minkowski/narrowphase/Shape.h"

namespace mk {

/// The anchor of the surface point `surface` of a body whose shape is `shape` at `shapePose`,
/// with `outward` the unit normal out of the body (world frame): the centre about which the
/// surface turns there when the body rolls. Its surface point along the normal
/// (surfaceOver(anchor, depth, outward)) is then the contact point however far the body rolls
/// about it.
/// - Spheres, capsules and rounded boxes: the core point under the contact, coreRadius() deep.
/// - The straight side of a cylinder or a cone (the normal within kSideSlopeTolerance of the
///   side's normal): the point of the axis on the normal line, where the two meet. It is put
///   on the axis exactly: on a curved side the narrow phase's witness may slide along the
///   surface by about sqrt(2 r tolerance) (1e-5 m) away from its normal's foot.
/// - Elsewhere (vertices, edges and faces of meshes and boxes, the caps and rims of cylinders
///   and cones, ellipsoids) the surface point itself, depth 0: the contact stays on the same
///   material point as the body turns, or is found again by the narrow phase at every step.
struct ContactAnchor {
    Vec3 point = Vec3::Zero(); ///< world frame (unit: metre)
    double depth = 0.0;        ///< under the surface point, along the normal (unit: metre)
};
ContactAnchor contactAnchor(const Shape& shape, const Pose& shapePose, const Vec3& surface,
                            const Vec3& outward);

/// How far along the outward unit normal `outward` the surface lies over an anchor `anchor`
/// of contactAnchor() (world frame, unit: metre): on the axis of a cylinder or cone with a side
/// normal, the distance to the side along the normal; coreRadius() for the shapes without a
/// side; 0 for other anchors. The perturbation pass tilts a body, anchors the tilted body's
/// witness and moves the anchor back: the surface over it lies along the real normal.
double surfaceDepth(const Shape& shape, const Pose& shapePose, const Vec3& anchor,
                    const Vec3& outward);

/// How far the sine of a normal's slope against the axis may be from the side's for
/// contactAnchor() to treat the point as lying on the curved side of a cylinder or cone.
inline constexpr double kSideSlopeTolerance = 0.05;

} // namespace mk
