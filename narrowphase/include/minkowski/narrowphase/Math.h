#pragma once
/// \file Math.h
/// Linear-algebra vocabulary of the narrow phase: vectors, rotations, rigid poses, boxes.
/// Everything is double precision; lengths are in metres.

#include <Eigen/Core>
#include <Eigen/Geometry>

#include <cmath>

namespace mk {

using Vec3 = Eigen::Vector3d;
using Mat3 = Eigen::Matrix3d;
using Quat = Eigen::Quaterniond;

/// The cross-product matrix [r]x: skew(r) * x == r.cross(x).
inline Mat3 skew(const Vec3& r) {
    Mat3 s;
    s << 0.0, -r.z(), r.y(), r.z(), 0.0, -r.x(), -r.y(), r.x(), 0.0;
    return s;
}

/// Rigid transform mapping a shape's local frame to the world: x_world = rotation * x_local + translation.
struct Pose {
    Quat rotation = Quat::Identity();   ///< unit quaternion (w, x, y, z)
    Vec3 translation = Vec3::Zero();    ///< (unit: metre)

    Pose() = default;
    Pose(const Quat& q, const Vec3& t) : rotation(q), translation(t) {}

    [[nodiscard]] Vec3 apply(const Vec3& local) const { return rotation * local + translation; }
    [[nodiscard]] Vec3 applyInverse(const Vec3& world) const {
        return rotation.conjugate() * (world - translation);
    }
    [[nodiscard]] Pose inverse() const {
        const Quat qi = rotation.conjugate();
        return {qi, -(qi * translation)};
    }
    /// (this * other)(x) = this(other(x)).
    [[nodiscard]] Pose operator*(const Pose& other) const {
        return {rotation * other.rotation, rotation * other.translation + translation};
    }
    /// True when every component is finite and the quaternion has unit norm within 1e-6.
    [[nodiscard]] bool isValid() const {
        return rotation.coeffs().allFinite() && translation.allFinite() &&
               std::abs(rotation.squaredNorm() - 1.0) < 1e-6;
    }
};

/// Axis-aligned box given by its corners (unit: metre).
struct Aabb {
    Vec3 min = Vec3::Zero();
    Vec3 max = Vec3::Zero();
    [[nodiscard]] Vec3 center() const { return 0.5 * (min + max); }
    [[nodiscard]] Vec3 halfExtents() const { return 0.5 * (max - min); }
};

/// Oriented box in some frame: points center + axes * u with |u_i| <= halfExtents_i.
struct Obb {
    Vec3 center = Vec3::Zero();      ///< (unit: metre)
    Mat3 axes = Mat3::Identity();    ///< columns are the box's orthonormal axes
    Vec3 halfExtents = Vec3::Zero(); ///< (unit: metre)

    /// The same box seen from the world when its frame has pose `pose`.
    [[nodiscard]] Obb transformed(const Pose& pose) const {
        return {pose.apply(center), pose.rotation.toRotationMatrix() * axes, halfExtents};
    }
};

/// Ball that contains a shape (unit: metre).
struct BoundingSphere {
    Vec3 center = Vec3::Zero();
    double radius = 0.0;
};

} // namespace mk
