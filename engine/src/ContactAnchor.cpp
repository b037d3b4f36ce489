/// \file ContactAnchor.cpp

#include "ContactAnchor.h"

#include "minkowski/engine/Manifold.h"

#include <cmath>

namespace mk {
namespace {

bool hasSide(const Shape& shape) {
    return shape.type() == ShapeType::Cylinder || shape.type() == ShapeType::Cone;
}

/// The z component of the side normals of a cylinder (0) or cone (sin(half angle)).
double sideSlope(const Shape& shape) {
    if (shape.type() == ShapeType::Cylinder) {
        return 0.0;
    }
    // Side from the base rim (r, -h) to the apex (0, h): outward normal (2h, r) / |.|.
    const double r = shape.radius();
    return r / std::hypot(r, 2.0 * shape.halfHeight());
}

/// A local unit normal of the side (within the tolerance), whose radial part `radialNormal`
/// is far from 0.
bool isSideNormal(const Shape& shape, const Vec3& normal, double radialNormal) {
    return std::abs(normal.z() - sideSlope(shape)) <= kSideSlopeTolerance &&
           radialNormal > kSideSlopeTolerance;
}

/// The distance along the local side normal `normal` (radial part `radialNormal`) from the
/// axis point at height z to the side: where the ray's distance to the axis, t |n_xy|, is the
/// side's radius at the ray's height (r for a cylinder, r (h - z') / (2h) for a cone).
double depthFromAxis(const Shape& shape, double z, const Vec3& normal, double radialNormal) {
    const double r = shape.radius();
    if (shape.type() == ShapeType::Cylinder) {
        return r / radialNormal;
    }
    const double h = shape.halfHeight();
    return r * (h - z) / (2.0 * h * radialNormal + r * normal.z());
}

} // namespace

ContactAnchor contactAnchor(const Shape& shape, const Pose& shapePose, const Vec3& surface,
                            const Vec3& outward) {
    if (!hasSide(shape)) {
        const double depth = shape.coreRadius();
        return {coreAnchor(surface, depth, outward), depth};
    }
    const Vec3 point = shapePose.applyInverse(surface);
    const Vec3 normal = shapePose.rotation.conjugate() * outward;
    const double radialNormal = std::hypot(normal.x(), normal.y());
    if (!isSideNormal(shape, normal, radialNormal)) {
        return {surface, 0.0};
    }
    // The normal line p - t n meets the axis where its radial part has covered |p_xy|.
    const double t = std::hypot(point.x(), point.y()) / radialNormal;
    const double z = point.z() - t * normal.z();
    return {shapePose.apply(Vec3(0.0, 0.0, z)), depthFromAxis(shape, z, normal, radialNormal)};
}

double surfaceDepth(const Shape& shape, const Pose& shapePose, const Vec3& anchor,
                    const Vec3& outward) {
    if (!hasSide(shape)) {
        return shape.coreRadius();
    }
    const Vec3 point = shapePose.applyInverse(anchor);
    const Vec3 normal = shapePose.rotation.conjugate() * outward;
    // Only anchors contactAnchor() put on the axis: any other anchor is a surface point, at
    // least r from the axis or on a cap, whose normal is not a side normal.
    const bool onAxis = std::hypot(point.x(), point.y()) <= 1e-9 * shape.radius();
    const double radialNormal = std::hypot(normal.x(), normal.y());
    return onAxis && isSideNormal(shape, normal, radialNormal)
               ? depthFromAxis(shape, point.z(), normal, radialNormal)
               : 0.0;
}

} // namespace mk
