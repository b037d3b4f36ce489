#pragma once
/// \file MouseSpring.h
/// Dragging a body with the mouse: a damped spring from a point of the body to the cursor,
/// applied as an impulse before each step. As Box2D's mouse joint, the impulse uses the body's
/// effective mass at the grabbed point (3x3), so the spring's frequency and damping are what is
/// asked for whatever the body's mass and the point's lever arm, and it is stable at 120 Hz.

#include "minkowski/engine/Body.h"
#include "minkowski/engine/World.h"

namespace mk::viewer {

struct SpringSettings {
    double frequency = 4.0;        ///< natural frequency (unit: Hz)
    double dampingRatio = 0.7;     ///< 1 = critical
    double maxAcceleration = 60.0; ///< cap on |impulse| / (mass h) (unit: m/s^2)
    /// Relative loss of the grabbed body's angular velocity per second (unit: 1/s): nothing else
    /// stops a body spinning about the grabbed point (Box2D's bodies have angular damping).
    double angularDamping = 3.0;
};

class MouseSpring {
public:
    /// Grabs body `body` at `worldPoint` (on its surface); the target starts there.
    MouseSpring(BodyId body, const Body& state, const Vec3& worldPoint,
                const SpringSettings& settings = {});

    [[nodiscard]] BodyId body() const { return body_; }
    /// The grabbed point in the world for the body's current state.
    [[nodiscard]] Vec3 anchor(const Body& state) const;
    [[nodiscard]] const Vec3& target() const { return target_; }
    void setTarget(const Vec3& target) { target_ = target; }

    /// The impulse (unit: N s) to apply at anchor(state) for a step of h seconds.
    [[nodiscard]] Vec3 impulse(const Body& state, double h) const;
    /// Applies impulse() to the body in `world` (World::applyImpulse) and damps its angular
    /// velocity by angularDamping over the step (World::setVelocity).
    void apply(World& world) const;

private:
    BodyId body_;
    Vec3 localAnchor_; ///< in the body's centre-of-mass frame (unit: metre)
    Vec3 target_;
    SpringSettings settings_;
};

} // namespace mk::viewer
