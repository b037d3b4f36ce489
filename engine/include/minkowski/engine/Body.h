#pragma once
/// \file Body.h
/// Rigid bodies: what the user describes (BodyDesc) and what the world keeps (Body).
///
/// A body's state is the pose of its centre-of-mass frame: the frame of its shape translated to
/// the centre of mass, with the same axes. The shape's pose is therefore
/// shapePose = pose * (I, -centerOfMass).

#include "minkowski/engine/Errors.h"
#include "minkowski/engine/MassProperties.h"
#include "minkowski/narrowphase/Math.h"
#include "minkowski/narrowphase/Shape.h"

#include <optional>
#include <utility>

namespace mk {

enum class BodyType : unsigned char {
    Static,    ///< never moves; infinite mass
    Dynamic,   ///< moved by gravity and contacts
    Kinematic, ///< moved by its own velocity only; infinite mass (pushes dynamic bodies)
};

/// Surface properties. A pair combines them as Box2D does: friction sqrt(mu_A mu_B),
/// restitution max(e_A, e_B).
struct Material {
    double friction = 0.5;    ///< Coulomb coefficient mu >= 0
    double restitution = 0.0; ///< in [0, 1]
};

/// What addBody() needs. Only the shape is required.
struct BodyDesc {
    explicit BodyDesc(Shape s) : shape(std::move(s)) {}

    Shape shape;
    BodyType type = BodyType::Dynamic;
    /// Pose of the shape's local frame in the world (unit: metre).
    Pose pose{};
    /// Velocity of the centre of mass (unit: m/s) and angular velocity (unit: rad/s), world frame.
    Vec3 linearVelocity = Vec3::Zero();
    Vec3 angularVelocity = Vec3::Zero();
    /// (unit: kg/m^3); ignored when `mass` is set or the body is not dynamic.
    double density = 1000.0;
    /// Total mass overriding the density (unit: kilogram); the inertia is scaled accordingly.
    std::optional<double> mass;
    Material material{};
};

/// A body as the world keeps it.
struct Body {
    Shape shape;
    BodyType type = BodyType::Dynamic;
    Material material{};
    /// Mass properties (zero for static and kinematic bodies, which have infinite mass).
    MassProperties massProperties{};
    double inverseMass = 0.0;                 ///< (unit: 1/kg)
    Mat3 inverseInertiaLocal = Mat3::Zero();  ///< in the body frame (unit: 1/(kg m^2))
    /// Pose of the centre-of-mass frame (unit: metre).
    Pose pose{};
    Vec3 linearVelocity = Vec3::Zero();  ///< of the centre of mass, world frame (unit: m/s)
    Vec3 angularVelocity = Vec3::Zero(); ///< world frame (unit: rad/s)

    /// Pose of the shape's local frame: pose * (I, -centerOfMass).
    [[nodiscard]] Pose shapePose() const {
        return {pose.rotation, pose.translation - pose.rotation * massProperties.centerOfMass};
    }
    [[nodiscard]] bool isDynamic() const { return type == BodyType::Dynamic; }
};

} // namespace mk
