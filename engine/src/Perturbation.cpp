/// \file Perturbation.cpp
/// Multipoint contacts by perturbation, after Bullet's btConvexConvexAlgorithm::processCollision
/// (m_numPerturbationIterations, btPerturbedContactResult): the narrow phase gives one point per
/// query, so a face-on-face contact is sampled by tilting one body a little about tangent axes
/// and querying again. Pairs of polytopes clip their supporting faces instead (clipContacts(),
/// FaceClip.h; ContactSettings::clipPolytopeFaces).

#include "FaceClip.h"
#include "WorldImpl.h"
#include "minkowski/narrowphase/Collide.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace mk {
namespace {

/// The tilt of a perturbation round (unit: radian): the breaking threshold seen from the centre
/// of the smaller body (the one tilted), at most pi/8.
double tiltAngle(const ContactSettings& cs, const BodyFrame& fa, const BodyFrame& fb) {
    return std::min(cs.breakingThreshold / std::min(fa.radius, fb.radius), std::numbers::pi / 8.0);
}

/// The merge radius of a clipped corner, as a fraction of the pair's breaking threshold (the
/// narrow phase's point merges within the whole threshold). A curved hull touches with faces
/// narrower than the threshold: merged at the full radius, the four clipped corners of such a
/// patch became one or two points (1.6 per manifold in the YCB pile), and the bodies rolled
/// and rocked where the perturbation's points had held them.
constexpr double kClipMergeFraction = 0.25;

/// Bullet tilts the smaller body.
bool tiltsA(const BodyFrame& fa, const BodyFrame& fb) {
    return fa.radius < fb.radius;
}

/// B's orientation in A's frame.
Quat relativeOrientation(const Body& a, const Body& b) {
    return a.pose.rotation.conjugate() * b.pose.rotation;
}

} // namespace

/// The narrow phase's witness on the body a round tilts, in that body's centre-of-mass frame.
Vec3 World::Impl::tiltedWitness(const PairState& p) const {
    return tiltsA(frames[p.key.a], frames[p.key.b])
               ? bodies[p.key.a].pose.applyInverse(p.result.witnessA)
               : bodies[p.key.b].pose.applyInverse(p.result.witnessB);
}

/// A round that added no point found a line or point contact, which stays one while the bodies
/// keep their relative orientation and touch at the same place of the tilted body (a can on its
/// side, rolling neither, sliding or not), so the next rounds wait.
void World::Impl::startPerturbationCooldown(PairState& p) {
    p.perturbationCooldown = settings.contact.perturbationCooldown;
    p.cooldownOrientation = relativeOrientation(bodies[p.key.a], bodies[p.key.b]);
    p.cooldownWitness = tiltedWitness(p);
}

/// The round's answer no longer holds once the bodies have turned relative to each other by more
/// than its tilt, or the contact has moved on the tilted body by more than the merge radius
/// `threshold` (unit: metre): the cooldown then ends at once. Without this a scissors that hit a
/// wall with one tip, and then spun or slid onto its side within the 10 steps, met the wall with
/// one point per step and rolled through it (the funnel's escapes, docs/engine.md).
void World::Impl::countDownPerturbationCooldown(PairState& p, double threshold) {
    if (p.perturbationCooldown == 0) {
        return;
    }
    --p.perturbationCooldown;
    const Quat now = relativeOrientation(bodies[p.key.a], bodies[p.key.b]);
    const bool turned = now.angularDistance(p.cooldownOrientation) >
                        tiltAngle(settings.contact, frames[p.key.a], frames[p.key.b]);
    const bool moved = (tiltedWitness(p) - p.cooldownWitness).squaredNorm() > threshold * threshold;
    if (turned || moved) {
        p.perturbationCooldown = 0;
    }
}

bool World::Impl::clipContacts(PairState& p, double threshold, double separation,
                               WorkerShare& share) {
    const BodyFrame& fa = frames[p.key.a];
    const BodyFrame& fb = frames[p.key.b];
    const Vec3 n = p.result.normal;
    std::array<int, 2> hints = p.result.hints;
    FacePolygon faceA;
    FacePolygon faceB;
    if (!supportingFace(bodies[p.key.a].shape, fa.shapePose, n, hints[0], faceA) ||
        !supportingFace(bodies[p.key.b].shape, fb.shapePose, -n, hints[1], faceB)) {
        return false;
    }
    ++share.counts.faceClips;
    std::array<ClipPoint, 4> points;
    const int count = clipFaces(faceA, faceB, n, separation, points);
    const Merge merge = mergeRule(p);
    for (int i = 0; i < count; ++i) {
        ContactPoint c;
        c.normal = n;
        c.worldA = points[i].onA;
        c.worldB = points[i].onB;
        c.distance = points[i].distance;
        anchor(p, c);
        p.manifold.add(c, kClipMergeFraction * threshold, merge);
    }
    return true;
}

void World::Impl::perturbContacts(PairState& p, double threshold, double separation,
                                  WorkerShare& share) {
    const ContactSettings& cs = settings.contact;
    if (cs.clipPolytopeFaces && clipContacts(p, threshold, separation, share)) {
        return;
    }
    const BodyFrame& fa = frames[p.key.a];
    const BodyFrame& fb = frames[p.key.b];
    const bool perturbA = tiltsA(fa, fb);
    const double angle = tiltAngle(cs, fa, fb);
    const Vec3 n = p.result.normal;
    const Mat3 frame = contactFrame(n);
    const Body& a = bodies[p.key.a];
    const Body& b = bodies[p.key.b];
    QueryRequest request = settings.narrowPhase.request;
    request.task = Task::SignedDistance;
    request.solver = settings.narrowPhase.solver;
    request.margin = cs.margin;
    const Merge merge = mergeRule(p);
    for (int i = 0; i < cs.perturbationIterations; ++i) {
        const double around = 2.0 * std::numbers::pi * i / cs.perturbationIterations;
        const Vec3 axis = std::cos(around) * frame.col(0) + std::sin(around) * frame.col(1);
        const Quat tilt(Eigen::AngleAxisd(angle, axis));
        Pose poseA = fa.shapePose;
        Pose poseB = fb.shapePose;
        Pose& tilted = perturbA ? poseA : poseB;
        tilted.rotation = (tilt * tilted.rotation).normalized();
        request.initialGuess = p.result.separation;
        request.hints = p.result.hints;
        const bool timed = static_cast<bool>(hook);
        const auto start =
            timed ? std::chrono::steady_clock::now() : std::chrono::steady_clock::time_point{};
        QueryResult r = collide(a.shape, poseA, b.shape, poseB, request);
        if (r.status == Status::Unsupported) { // as in queryPair: vanilla GJK answers
            request.solver = builtins::gjk();
            r = collide(a.shape, poseA, b.shape, poseB, request);
        }
        const double seconds =
            timed ? std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count()
                  : 0.0;
        ++share.counts.perturbationCalls;
        if (timed) {
            hook(NarrowPhaseEvent{stepIndex, p.key.a, p.key.b, a.shape, b.shape, poseA, poseB,
                                  request, r, p.cache.hasPrevious(stepIndex),
                                  p.cache.previousSeparation(), seconds, true, share.thread});
        }
        if (r.status == Status::InvalidInput || !r.witnessA.allFinite() ||
            !r.witnessB.allFinite()) {
            continue;
        }
        // Move the tilted body's witness back onto the real body (same local point), and put
        // the other witness on the line through it along the real normal, as
        // btPerturbedContactResult does. What moves back is the witness's anchor (the witness
        // anchor, contactAnchor(), on the tilted body): tilting a capsule about its centre
        // line, or a cylinder about its axis, leaves that point on the line, where the surface
        // point would turn off the contact line by r sin(angle) and hold the body up there,
        // rolling it away from rest.
        ContactPoint c;
        c.normal = n;
        if (perturbA) {
            const Vec3 core = fa.shapePose.apply(poseA.applyInverse(
                mk::contactAnchor(a.shape, poseA, r.witnessA, r.normal).point));
            c.worldA = surfaceOver(core, surfaceDepth(a.shape, fa.shapePose, core, n), n);
            c.distance = (r.witnessB - c.worldA).dot(n);
            c.worldB = c.worldA + c.distance * n;
        } else {
            const Vec3 core = fb.shapePose.apply(poseB.applyInverse(
                mk::contactAnchor(b.shape, poseB, r.witnessB, -r.normal).point));
            c.worldB = surfaceOver(core, surfaceDepth(b.shape, fb.shapePose, core, -n), -n);
            c.distance = (c.worldB - r.witnessA).dot(n);
            c.worldA = c.worldB - c.distance * n;
        }
        // Kept up to the breaking threshold, as btManifoldResult::addContactPoint does and as
        // refresh() keeps points: a speculative point on the far side of a thin body lets the
        // solver stop the side turning into the other body within the step (the 5 mm margin
        // refused the points 1-2 cm away, and scissors rolled into the funnel walls), or up to
        // a speculative contact's margin and reach when larger.
        if (!(c.distance < separation)) {
            continue;
        }
        anchor(p, c);
        p.manifold.add(c, threshold, merge);
    }
}

} // namespace mk
