/// \file Overlays.cpp

#include "minkowski/viewer/Overlays.h"

#include <array>

namespace mk::viewer {
namespace {

OverlayVertex vertex(const Vec3& p, Rgba color) {
    return {float(p.x()), float(p.y()), float(p.z()), color};
}

void line(Overlays& out, const Vec3& a, const Vec3& b, Rgba color) {
    out.lines.push_back(vertex(a, color));
    out.lines.push_back(vertex(b, color));
}

void point(Overlays& out, const Vec3& p, Rgba color) {
    out.points.push_back(vertex(p, color));
}

/// The 12 edges of the box center + axes * (+-h).
void box(Overlays& out, const Vec3& center, const Mat3& axes, const Vec3& h, Rgba color) {
    std::array<Vec3, 8> corner;
    for (int i = 0; i < 8; ++i) {
        const Vec3 sign((i & 1) ? 1.0 : -1.0, (i & 2) ? 1.0 : -1.0, (i & 4) ? 1.0 : -1.0);
        corner[i] = center + axes * sign.cwiseProduct(h);
    }
    for (int i = 0; i < 8; ++i) {
        for (int bit : {1, 2, 4}) {
            if ((i & bit) == 0) {
                line(out, corner[i], corner[i | bit], color);
            }
        }
    }
}

void contacts(const World& world, const DrawToggles& toggles, const OverlayStyle& style,
              Overlays& out) {
    for (std::size_t i = 0; i < world.pairCount(); ++i) {
        const PairView pair = world.pair(i);
        for (const ContactPoint& c : pair.manifold.points()) {
            const Vec3 middle = 0.5 * (c.worldA + c.worldB);
            if (toggles.contacts) {
                point(out, middle, c.distance < 0.0 ? colors::kContact : colors::kSpeculative);
            }
            if (toggles.normals) {
                line(out, middle, middle + style.normalLength * c.normal, colors::kNormal);
            }
        }
    }
}

void witnesses(const NarrowPhaseLog& calls, Overlays& out) {
    for (const CallRecord& call : calls.calls()) {
        if (call.perturbed || call.status == Status::Unsupported ||
            call.status == Status::InvalidInput) {
            continue;
        }
        line(out, call.witnessA, call.witnessB, colors::kWitnessSegment);
        point(out, call.witnessA, colors::kWitnessA);
        point(out, call.witnessB, colors::kWitnessB);
    }
}

void bounds(const World& world, const DrawToggles& toggles, Overlays& out) {
    for (BodyId id = 0; id < world.bodyCount(); ++id) {
        const Body& body = world.body(id);
        const Obb obb = body.shape.localObb().transformed(body.shapePose());
        if (toggles.obbs) {
            box(out, obb.center, obb.axes, obb.halfExtents, colors::kObb);
        }
        if (toggles.aabbs) {
            box(out, obb.center, Mat3::Identity(), obb.axes.cwiseAbs() * obb.halfExtents,
                colors::kAabb);
        }
    }
}

/// A pair's end on one of its bodies: the centre of mass of a dynamic body, the witness point on
/// a static or kinematic one (whose centre may be far away, as a funnel wall's is).
Vec3 pairEnd(const Body& body, const Vec3& witness) {
    return body.isDynamic() ? body.pose.translation : witness;
}

void pairs(const World& world, Overlays& out) {
    for (std::size_t i = 0; i < world.pairCount(); ++i) {
        const PairView pair = world.pair(i);
        if (pair.obbPassed) {
            line(out, pairEnd(world.body(pair.bodyA), pair.lastResult.witnessA),
                 pairEnd(world.body(pair.bodyB), pair.lastResult.witnessB), colors::kPair);
        }
    }
}

} // namespace

void buildOverlays(const World& world, const NarrowPhaseLog& calls, const DrawToggles& toggles,
                   const MouseSpring* spring, const OverlayStyle& style, Overlays& out) {
    out.clear();
    if (toggles.contacts || toggles.normals) {
        contacts(world, toggles, style, out);
    }
    if (toggles.witnesses) {
        witnesses(calls, out);
    }
    if (toggles.aabbs || toggles.obbs) {
        bounds(world, toggles, out);
    }
    if (toggles.narrowPhasePairs) {
        pairs(world, out);
    }
    if (spring != nullptr) {
        const Vec3 anchor = spring->anchor(world.body(spring->body()));
        line(out, anchor, spring->target(), colors::kSpring);
        point(out, spring->target(), colors::kSpring);
    }
}

} // namespace mk::viewer
