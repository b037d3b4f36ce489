/// \file ContactSolver.cpp
/// Projected Gauss-Seidel with Coulomb disks and pinocchio's stopping criteria.

#include "minkowski/engine/ContactSolver.h"

#include <algorithm>
#include <cmath>

namespace mk {
namespace {

Mat3 skew(const Vec3& r) {
    Mat3 s;
    s << 0.0, -r.z(), r.y(), r.z(), 0.0, -r.x(), -r.y(), r.x(), 0.0;
    return s;
}

/// Velocity of b relative to a at the contact, in the contact frame, bias included.
[[gnu::always_inline]] inline Vec3 contactVelocity(const SolverBody& a, const SolverBody& b,
                                                   const SolverContact& c) {
    Vec3 v = c.frame.transpose() * (b.linearVelocity - a.linearVelocity) +
             c.angularB.transpose() * b.angularVelocity -
             c.angularA.transpose() * a.angularVelocity;
    v.z() += c.bias;
    return v;
}

/// Adds the contact-frame impulse `df` to b and its opposite to a.
[[gnu::always_inline]] inline void applyImpulse(SolverBody& a, SolverBody& b,
                                                const SolverContact& c, const Vec3& df) {
    const Vec3 p = c.frame * df;
    a.linearVelocity -= a.inverseMass * p;
    a.angularVelocity -= c.responseA * df;
    b.linearVelocity += b.inverseMass * p;
    b.angularVelocity += c.responseB * df;
}

/// Distance from v~ = (t, z) to the dual cone K* = {mu |t| <= z}: the projection onto a cone
/// {c|t| <= z} is v~ inside, 0 when (|t| + c z) <= 0, else (|t| + c z)/(1 + c^2) (t/|t|, c).
/// `s` is |(v_x, v_y)|, which the caller has already computed.
double dualConeDistance(const Vec3& v, double s, double mu) {
    if (mu * s <= v.z()) {
        return 0.0;
    }
    const double along = (s + mu * v.z()) / (1.0 + mu * mu);
    if (along <= 0.0) {
        return v.norm();
    }
    const double radial = s - along; // |t - along * t/|t||
    const double axial = v.z() - along * mu;
    return std::sqrt(radial * radial + axial * axial);
}

/// Sweep accumulators of the stopping criteria.
struct SweepResiduals {
    double complementarity = 0.0;
    double dualFeasibility = 0.0;
    double maxChange = 0.0;  ///< |f - f_prev|_inf over the sweep
    double maxImpulse = 0.0; ///< |f|_inf after the sweep
};

/// Residuals of contact c at the current iterate: impulse `f` and velocity `v` (bias included)
/// before c is updated, so that they see every other contact's latest impulse. (Measured after
/// c's own projection they would be zero by construction for a frictionless contact, whatever
/// the other contacts do; this is where the code departs from pinocchio's loop.)
void accumulateResiduals(const Vec3& f, const Vec3& v, double mu, SweepResiduals& r) {
    const double tangential = std::sqrt(v.x() * v.x() + v.y() * v.y());
    Vec3 corrected = v; // De Saxce correction v~ = v + [0, 0, mu |v_t|]
    corrected.z() += mu * tangential;
    r.complementarity = std::max(r.complementarity, std::abs(f.dot(corrected)));
    r.dualFeasibility = std::max(r.dualFeasibility, dualConeDistance(corrected, tangential, mu));
}

/// Change of the kinetic energy when the tangent impulse changes by `d` at a contact whose
/// tangential velocity is `v` (before the change): v.d + d.G_tt d / 2.
double tangentEnergyChange(const SolverContact& c, const Vec3& v, double dx, double dy) {
    const Mat3& g = c.delassus;
    return v.x() * dx + v.y() * dy +
           0.5 * (g(0, 0) * dx * dx + 2.0 * g(0, 1) * dx * dy + g(1, 1) * dy * dy);
}

/// Scales (x, y) back onto the disk of `radius`.
void clampToDisk(double& x, double& y, double radius) {
    const double ft = std::sqrt(x * x + y * y);
    if (ft > radius) {
        const double scale = ft > 0.0 ? radius / ft : 0.0;
        x *= scale;
        y *= scale;
    }
}

/// Friction step of contact c from impulse `old` and velocity `v` (normal already updated).
/// The block step f_t - w G_tt^-1 v_t, scaled onto the Coulomb disk, is the exact minimiser of
/// the kinetic energy on the tangent plane when it lands inside the disk; when the scaling makes
/// it gain energy (it is not the projection in G_tt's metric), the projected gradient step
/// f_t - v_t / lambda_max(G_tt) is taken instead, which never gains energy (descent lemma of
/// projected gradient with step 1/L). A scalar step 1/min(G_00, G_11), as pinocchio's, diverges
/// when lambda_max(G_tt) > 2 min(G_00, G_11) (thin bodies, off-centre contacts): each sweep
/// then flips and amplifies the slip within the friction disk and pumps energy into the bodies.
void updateFriction(const SolverContact& c, const Vec3& v, double w, const Vec3& old, Vec3& f) {
    const double radius = c.friction * f.z();
    const double ix = c.tangentInverse[0] * v.x() + c.tangentInverse[1] * v.y();
    const double iy = c.tangentInverse[1] * v.x() + c.tangentInverse[2] * v.y();
    double x = old.x() - w * ix;
    double y = old.y() - w * iy;
    clampToDisk(x, y, radius);
    if (tangentEnergyChange(c, v, x - old.x(), y - old.y()) > 0.0) {
        x = old.x() - c.tangentGradientStep * v.x();
        y = old.y() - c.tangentGradientStep * v.y();
        clampToDisk(x, y, radius);
    }
    f.x() = x;
    f.y() = y;
}

/// One projected Gauss-Seidel update of contact c (pinocchio's PGSConeProjectAndUpdate, with
/// the friction step of updateFriction).
void updateContact(SolverBody& a, SolverBody& b, SolverContact& c, double w, SweepResiduals& r) {
    Vec3 v = contactVelocity(a, b, c);
    const Mat3& g = c.delassus;
    const Vec3 old = c.impulse;
    accumulateResiduals(old, v, c.friction, r);
    Vec3 f = old;
    f.z() = std::max(0.0, old.z() - w / g(2, 2) * v.z());
    v += g.col(2) * (f.z() - old.z());
    updateFriction(c, v, w, old, f);
    const Vec3 df = f - old;
    applyImpulse(a, b, c, df);
    c.impulse = f;
    r.maxChange = std::max(r.maxChange, df.cwiseAbs().maxCoeff());
    r.maxImpulse = std::max(r.maxImpulse, f.cwiseAbs().maxCoeff());
}

} // namespace

Mat3 contactFrame(const Vec3& n) {
    const double sign = std::copysign(1.0, n.z());
    const double a = -1.0 / (sign + n.z());
    const double b = n.x() * n.y() * a;
    Mat3 frame;
    frame.col(0) = Vec3(1.0 + sign * n.x() * n.x() * a, sign * b, -sign * n.x());
    frame.col(1) = Vec3(b, sign + n.y() * n.y() * a, -n.y());
    frame.col(2) = n;
    return frame;
}

void setupContact(const SolverBody& a, const SolverBody& b, SolverContact& c) {
    c.angularA = skew(c.rA) * c.frame;
    c.angularB = skew(c.rB) * c.frame;
    c.responseA = a.inverseInertia * c.angularA;
    c.responseB = b.inverseInertia * c.angularB;
    c.delassus = (a.inverseMass + b.inverseMass) * Mat3::Identity() +
                 c.angularA.transpose() * c.responseA + c.angularB.transpose() * c.responseB;
    const Mat3& g = c.delassus;
    const double g01 = 0.5 * (g(0, 1) + g(1, 0));
    const double det = g(0, 0) * g(1, 1) - g01 * g01;
    c.tangentInverse = {g(1, 1) / det, -g01 / det, g(0, 0) / det};
    const double mean = 0.5 * (g(0, 0) + g(1, 1));
    const double half = 0.5 * (g(0, 0) - g(1, 1));
    c.tangentGradientStep = 1.0 / (mean + std::sqrt(half * half + g01 * g01));
}

double normalBias(double distance, double approach, double restitution, double h,
                  const PgsSettings& settings) {
    double bias = distance > 0.0 ? distance / h
                                 : settings.baumgarte / h * std::min(0.0, distance + settings.slop);
    const bool hits = distance + h * approach < 0.0;
    if (restitution > 0.0 && hits && approach < -settings.restitutionThreshold) {
        bias = std::min(bias, restitution * approach);
    }
    return bias;
}

PgsResult solveContacts(std::span<SolverBody> bodies, std::span<SolverContact> contacts,
                        const PgsSettings& settings) {
    PgsResult result;
    double previousMax = 0.0;
    for (SolverContact& c : contacts) {
        applyImpulse(bodies[c.bodyA], bodies[c.bodyB], c, c.impulse);
        previousMax = std::max(previousMax, c.impulse.cwiseAbs().maxCoeff());
    }
    if (contacts.empty()) {
        return result;
    }
    result.converged = false;
    const double w = settings.overRelaxation;
    for (int it = 0; it < settings.maxIterations; ++it) {
        SweepResiduals r;
        for (SolverContact& c : contacts) {
            updateContact(bodies[c.bodyA], bodies[c.bodyB], c, w, r);
        }
        result.iterations = it + 1;
        result.complementarity = r.complementarity;
        result.dualFeasibility = r.dualFeasibility;
        const double scale = std::max(r.maxImpulse, previousMax);
        result.relativeChange = scale > 0.0 ? r.maxChange / scale : 0.0;
        const bool absolute =
            r.complementarity <= settings.tolerance && r.dualFeasibility <= settings.tolerance;
        const bool relative = r.maxChange <= settings.relativeTolerance * scale;
        if (absolute || relative) {
            result.converged = true;
            break;
        }
        previousMax = r.maxImpulse;
    }
    return result;
}

} // namespace mk
