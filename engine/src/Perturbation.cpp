/// \file Perturbation.cpp
/// Multipoint contacts by perturbation, after Bullet's btConvexConvexAlgorithm::processCollision
/// (m_numPerturbationIterations, btPerturbedContactResult): the narrow phase gives one point per
/// query, so a face-on-face contact is sampled by tilting one body a little about tangent axes
/// and querying again.

#include "WorldImpl.h"
#include "minkowski/narrowphase/Collide.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace mk {

void World::Impl::perturbContacts(PairState& p, double threshold, WorkerShare& share) {
    const ContactSettings& cs = settings.contact;
    const BodyFrame& fa = frames[p.key.a];
    const BodyFrame& fb = frames[p.key.b];
    const bool perturbA = fa.radius < fb.radius; // Bullet tilts the smaller body
    const double radius = perturbA ? fa.radius : fb.radius;
    const double angle = std::min(cs.breakingThreshold / radius, std::numbers::pi / 8.0);
    const Vec3 n = p.result.normal;
    const Mat3 frame = contactFrame(n);
    const Body& a = bodies[p.key.a];
    const Body& b = bodies[p.key.b];
    QueryRequest request = settings.narrowPhase.request;
    request.task = Task::SignedDistance;
    request.solver = settings.narrowPhase.solver;
    request.margin = cs.margin;
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
        // btPerturbedContactResult does.
        ContactPoint c;
        c.normal = n;
        if (perturbA) {
            c.worldA = fa.shapePose.apply(poseA.applyInverse(r.witnessA));
            c.distance = (r.witnessB - c.worldA).dot(n);
            c.worldB = c.worldA + c.distance * n;
        } else {
            c.worldB = fb.shapePose.apply(poseB.applyInverse(r.witnessB));
            c.distance = (c.worldB - r.witnessA).dot(n);
            c.worldA = c.worldB - c.distance * n;
        }
        if (!(c.distance < cs.margin)) {
            continue;
        }
        c.localA = a.pose.applyInverse(c.worldA);
        c.localB = b.pose.applyInverse(c.worldB);
        p.manifold.add(c, threshold);
    }
}

} // namespace mk
