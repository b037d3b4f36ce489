/// \file MouseSpring.cpp

#include "minkowski/viewer/MouseSpring.h"

#include <Eigen/LU>
#include <algorithm>
#include <numbers>

namespace mk::viewer {
namespace {

Mat3 cross(const Vec3& r) {
    Mat3 m;
    m << 0, -r.z(), r.y(), r.z(), 0, -r.x(), -r.y(), r.x(), 0;
    return m;
}

} // namespace

MouseSpring::MouseSpring(BodyId body, const Body& state, const Vec3& worldPoint,
                         const SpringSettings& settings)
    : body_(body), localAnchor_(state.pose.applyInverse(worldPoint)), target_(worldPoint),
      settings_(settings) {}

Vec3 MouseSpring::anchor(const Body& state) const {
    return state.pose.apply(localAnchor_);
}

Vec3 MouseSpring::impulse(const Body& state, double h) const {
    if (!state.isDynamic()) {
        return Vec3::Zero();
    }
    const double omega = 2.0 * std::numbers::pi * settings_.frequency;
    const Vec3 r = anchor(state) - state.pose.translation;
    const Vec3 velocity = state.linearVelocity + state.angularVelocity.cross(r);
    const Vec3 deltaV = h * (omega * omega * (target_ - anchor(state)) -
                             2.0 * settings_.dampingRatio * omega * velocity);
    // Inverse effective mass at the anchor: K = 1/m Id - [r]x I^-1 [r]x (world frame).
    const Mat3 rotation = state.pose.rotation.toRotationMatrix();
    const Mat3 inverseInertia = rotation * state.inverseInertiaLocal * rotation.transpose();
    const Mat3 k = state.inverseMass * Mat3::Identity() - cross(r) * inverseInertia * cross(r);
    Vec3 j = k.inverse() * deltaV;
    const double cap = settings_.maxAcceleration * h / state.inverseMass;
    if (j.norm() > cap) {
        j *= cap / j.norm();
    }
    return j;
}

void MouseSpring::apply(World& world) const {
    const double h = world.settings().timeStep;
    const Body& state = world.body(body_);
    if (!state.isDynamic()) {
        return;
    }
    world.applyImpulse(body_, impulse(state, h), anchor(state));
    const double keep = std::max(0.0, 1.0 - settings_.angularDamping * h);
    world.setVelocity(body_, state.linearVelocity, keep * state.angularVelocity);
}

} // namespace mk::viewer
