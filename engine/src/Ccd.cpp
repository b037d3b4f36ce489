/// \file Ccd.cpp
/// Speculative contacts (ContactSettings::ccd): how far a body may reach within one step.

#include "WorldImpl.h"

namespace mk {

double speculativeReach(const Body& body, double radius, double h) {
    if (!body.isDynamic()) {
        return 0.0;
    }
    return (body.linearVelocity.norm() + body.angularVelocity.norm() * radius) * h;
}

Aabb grown(const Aabb& bounds, double reach) {
    if (reach == 0.0) {
        return bounds;
    }
    return {bounds.min - Vec3::Constant(reach), bounds.max + Vec3::Constant(reach)};
}

} // namespace mk
