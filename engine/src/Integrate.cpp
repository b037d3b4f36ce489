/// \file Integrate.cpp
/// Stages 5 and 6: velocity prediction (gravity, implicit gyroscopic term), contact set-up and
/// PGS, then semi-implicit position update, blow-up check and commit.

#include "WorldImpl.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <string>

namespace mk {
namespace {

/// Implicit gyroscopic step (Catto, "Numerical Methods", GDC 2015): in the body frame, one
/// Newton step on f(w) = I (w - w0) + h w x I w = 0 from w0, i.e.
/// w = w0 - J^-1 f(w0) with J = I + h ([w0]x I - [I w0]x).
/// Departure: the exact root never gains energy (w.I w = w.I w0 <= |w|_I |w0|_I), but one Newton
/// step can when the inertia is anisotropic (a 0.30 x 0.06 x 0.01 m plate spinning at 44 rad/s
/// about a generic axis: +0.24% in 120 steps; far more for inertias that violate the triangle
/// inequality). The step is therefore scaled back to the kinetic energy w0.I w0 / 2 whenever it
/// exceeds it; it keeps the Newton direction.
Vec3 gyroscopicStep(const Body& body, const Vec3& angularVelocity, double h) {
    const Mat3 r = body.pose.rotation.toRotationMatrix();
    const Mat3& inertia = body.massProperties.inertia;
    const Vec3 w0 = r.transpose() * angularVelocity;
    const Vec3 iw = inertia * w0;
    const Vec3 f = h * w0.cross(iw);
    const Mat3 jacobian = inertia + h * (skew(w0) * inertia - skew(iw));
    Vec3 w = w0 - jacobian.inverse() * f;
    const double before = w0.dot(iw);
    const double after = w.dot(inertia * w);
    if (after > before) {
        w *= std::sqrt(before / after);
    }
    return r * w;
}

/// q + h/2 (0, w) q, renormalised.
Quat integrateRotation(const Quat& q, const Vec3& w, double h) {
    const Quat spin(0.0, w.x(), w.y(), w.z());
    Quat next = q;
    next.coeffs() += 0.5 * h * (spin * q).coeffs();
    next.normalize();
    return next;
}

bool finitePose(const Pose& p) {
    return p.translation.allFinite() && p.rotation.coeffs().allFinite();
}

} // namespace

void World::Impl::predictVelocities() {
    const double h = settings.timeStep;
    solverBodies.resize(bodies.size());
    parallelFor(bodies.size(), [&](std::size_t begin, std::size_t end) {
        for (std::size_t i = begin; i < end; ++i) {
            const Body& b = bodies[i];
            SolverBody& s = solverBodies[i];
            s.linearVelocity = b.linearVelocity;
            s.angularVelocity = b.angularVelocity;
            if (!b.isDynamic()) {
                s.inverseMass = 0.0;
                s.inverseInertia.setZero();
                continue;
            }
            s.linearVelocity += h * settings.gravity;
            if (settings.gyroscopic) {
                s.angularVelocity = gyroscopicStep(b, b.angularVelocity, h);
            }
            const Mat3 r = b.pose.rotation.toRotationMatrix();
            s.lever = frames[i].lever;
            s.inverseMass = b.inverseMass;
            s.inverseInertia = r * b.inverseInertiaLocal * r.transpose();
        }
    });
}

/// Solver contacts from the manifold points: frame, Delassus block, bias, friction, warm start.
void World::Impl::buildContacts() {
    solverContacts.resize(contactRefs.size());
    parallelFor(contactRefs.size(), [&](std::size_t begin, std::size_t end) {
        // The points live in their pairs' manifolds, scattered in the pool: ask ahead.
        constexpr std::size_t kAhead = 4;
        for (std::size_t i = begin; i < end; ++i) {
            if (i + kAhead < end) {
                const ContactPoint* ahead = contactRefs[i + kAhead].point;
                prefetchRange(ahead, ahead + 1);
            }
            buildContact(contactRefs[i], solverContacts[i]);
        }
    });
}

/// The solver's view of one manifold point: lever arms, frame, Delassus block, bias, friction
/// and the warm start from the point's previous impulses.
void World::Impl::buildContact(const ContactRef& ref, SolverContact& c) const {
    const PgsSettings& pgs = settings.pgs;
    const ContactPoint& point = *ref.point;
    const Body& a = bodies[ref.a];
    const Body& b = bodies[ref.b];
    c.bodyA = static_cast<int>(ref.a);
    c.bodyB = static_cast<int>(ref.b);
    c.rA = point.worldA - a.pose.translation;
    c.rB = point.worldB - b.pose.translation;
    c.frame = contactFrame(point.normal);
    const SolverBody& sa = solverBodies[ref.a];
    const SolverBody& sb = solverBodies[ref.b];
    const Vec3 relative = sb.linearVelocity + sb.angularVelocity.cross(c.rB) - sa.linearVelocity -
                          sa.angularVelocity.cross(c.rA);
    const double approach = relative.dot(point.normal);
    const double restitution = std::max(a.material.restitution, b.material.restitution);
    c.bias = normalBias(point.distance - settings.contact.restOffset, approach, restitution,
                        settings.timeStep, pgs);
    c.friction = std::sqrt(a.material.friction * b.material.friction);
    c.impulse =
        pgs.warmStartFactor * Vec3(c.frame.col(0).dot(point.tangentImpulse),
                                   c.frame.col(1).dot(point.tangentImpulse), point.normalImpulse);
}

void World::Impl::solve() {
    buildContacts();
    PgsColours colours{.starts = colourStarts,
                       .pool = settings.threads > 1 ? &threadPool() : nullptr};
    const bool parallel = colours.spreads(solverContacts.size());
    const bool threaded = parallel && sweepChooser.parallel();
    colours.spreadSweeps = threaded; // the pool still packs the contacts
    StageTimer timer;
    const PgsResult r =
        solveContacts(solverBodies, solverContacts, settings.pgs, pgsScratch, colours);
    if (parallel && r.iterations > 0) {
        sweepChooser.record(threaded,
                            timer.lap() / (double(r.iterations) * double(solverContacts.size())));
    }
    StepCounts& c = stats.counts;
    c.pgsIterations = r.iterations;
    c.pgsConverged = r.converged;
    c.pgsResidual = std::max(r.complementarity, r.dualFeasibility);
    c.pgsRelativeChange = r.relativeChange;
}

void World::Impl::integratePositions() {
    const double h = settings.timeStep;
    nextPoses.resize(bodies.size());
    std::atomic<bool> blewUp = false;
    parallelFor(bodies.size(), [&](std::size_t begin, std::size_t end) {
        for (std::size_t i = begin; i < end; ++i) {
            const Body& b = bodies[i];
            const SolverBody& s = solverBodies[i];
            if (b.type == BodyType::Static) {
                nextPoses[i] = b.pose;
                continue;
            }
            nextPoses[i] = {integrateRotation(b.pose.rotation, s.angularVelocity, h),
                            b.pose.translation + h * s.linearVelocity};
            if (!finiteMotion(i)) {
                blewUp.store(true, std::memory_order_relaxed);
            }
        }
    });
    if (blewUp.load(std::memory_order_relaxed)) {
        badBodies.clear();
        for (std::size_t i = 0; i < bodies.size(); ++i) {
            if (bodies[i].type != BodyType::Static && !finiteMotion(i)) {
                badBodies.push_back(static_cast<BodyId>(i));
            }
        }
        reportBlowUp();
    }
}

/// Body i's solved velocities and next pose are finite.
bool World::Impl::finiteMotion(std::size_t i) const {
    const SolverBody& s = solverBodies[i];
    return s.linearVelocity.allFinite() && s.angularVelocity.allFinite() &&
           finitePose(nextPoses[i]);
}

/// Names the non-finite bodies and the bodies in contact with them; nothing was committed.
void World::Impl::reportBlowUp() {
    std::vector<BodyId> involved = badBodies;
    for (const ContactRef& ref : contactRefs) {
        const bool hasA = std::binary_search(badBodies.begin(), badBodies.end(), ref.a);
        const bool hasB = std::binary_search(badBodies.begin(), badBodies.end(), ref.b);
        if (hasA != hasB) {
            const BodyId other = hasA ? ref.b : ref.a;
            if (std::find(involved.begin(), involved.end(), other) == involved.end()) {
                involved.push_back(other);
            }
        }
    }
    std::string message = "simulation blew up at step " + std::to_string(stepIndex) +
                          ": non-finite velocity or pose of body";
    for (std::size_t i = 0; i < badBodies.size(); ++i) {
        message += (i ? ", " : " ") + std::to_string(badBodies[i]);
    }
    if (involved.size() > badBodies.size()) {
        message += "; in contact with";
        for (std::size_t i = badBodies.size(); i < involved.size(); ++i) {
            message += (i > badBodies.size() ? ", " : " ") + std::to_string(involved[i]);
        }
    }
    message += ". The state before the step is kept.";
    throw SimulationError(message, stepIndex, std::move(involved));
}

/// The energy monitor of a committed body (StepMotion).
void World::Impl::accumulateMotion(const Body& b, BodyId id) {
    StepMotion& m = stats.motion;
    const double mass = b.massProperties.mass;
    const Vec3 w = b.pose.rotation.inverse() * b.angularVelocity;
    m.kineticEnergy +=
        0.5 * (mass * b.linearVelocity.squaredNorm() + w.dot(b.massProperties.inertia * w));
    m.potentialEnergy -= mass * settings.gravity.dot(b.pose.translation);
    m.maxLinearSpeed = std::max(m.maxLinearSpeed, b.linearVelocity.norm());
    const double spin = b.angularVelocity.norm();
    if (spin > m.maxAngularSpeed || m.fastestSpinner < 0) {
        m.maxAngularSpeed = spin;
        m.fastestSpinner = static_cast<std::int64_t>(id);
    }
}

void World::Impl::commit() {
    parallelFor(bodies.size(), [&](std::size_t begin, std::size_t end) {
        for (std::size_t i = begin; i < end; ++i) {
            Body& b = bodies[i];
            if (b.type != BodyType::Static) {
                b.pose = nextPoses[i];
                b.linearVelocity = solverBodies[i].linearVelocity;
                b.angularVelocity = solverBodies[i].angularVelocity;
            }
        }
    });
    for (std::size_t i = 0; i < bodies.size(); ++i) { // sums in body order, whatever the threads
        if (bodies[i].isDynamic()) {
            accumulateMotion(bodies[i], static_cast<BodyId>(i));
        }
    }
    parallelFor(contactRefs.size(), [&](std::size_t begin, std::size_t end) {
        for (std::size_t i = begin; i < end; ++i) {
            const SolverContact& c = solverContacts[i];
            ContactPoint& point = *contactRefs[i].point;
            point.normalImpulse = c.impulse.z();
            point.tangentImpulse = c.frame.col(0) * c.impulse.x() + c.frame.col(1) * c.impulse.y();
        }
    });
}

} // namespace mk
