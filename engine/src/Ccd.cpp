/// \file Ccd.cpp
/// Speculative contacts (ContactSettings::ccd): how far bodies may move within one step.

#include "WorldImpl.h"

namespace mk {

void setSpeculativeMotion(const Body& body, double h, BodyFrame& frame) {
    if (body.type == BodyType::Static) {
        frame.travel = Vec3::Zero();
        frame.turn = 0.0;
        frame.reach = 0.0;
        return;
    }
    frame.travel = body.linearVelocity * h;
    frame.turn = body.angularVelocity.norm() * frame.radius * h;
    frame.reach = frame.travel.norm() + frame.turn;
}

Aabb sweptBounds(const Aabb& bounds, const BodyFrame& frame) {
    const Vec3 turn = Vec3::Constant(frame.turn);
    return {bounds.min + frame.travel.cwiseMin(Vec3::Zero()) - turn,
            bounds.max + frame.travel.cwiseMax(Vec3::Zero()) + turn};
}

double pairReach(const BodyFrame& a, const BodyFrame& b) {
    return a.reach + b.reach;
}

double closing(const BodyFrame& a, const BodyFrame& b, const Vec3& normal) {
    return (a.travel - b.travel).dot(normal) + a.turn + b.turn;
}

} // namespace mk
