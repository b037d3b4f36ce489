/// PGS on small problems with known solutions, the contact frame, and the normal bias.

#include "minkowski/engine/ContactSolver.h"

#include <cmath>
#include <gtest/gtest.h>
#include <limits>
#include <vector>

namespace mk {
namespace {

constexpr double kH = 1.0 / 120.0;
constexpr double kG = 9.81;

/// A unit-mass body resting on a fixed one through one contact under its centre of mass,
/// with the velocity gravity gave it in one step plus a sideways slide `vx`.
struct OnePoint {
    std::vector<SolverBody> bodies{2};
    std::vector<SolverContact> contacts{1};

    OnePoint(double vx, double mu) {
        bodies[1].inverseMass = 1.0;
        bodies[1].inverseInertia = Mat3::Identity() * 6.0; // unit cube of mass 1
        bodies[1].linearVelocity = Vec3(vx, 0.0, -kG * kH);
        SolverContact& c = contacts[0];
        c.bodyA = 0;
        c.bodyB = 1;
        c.rB = Vec3(0.0, 0.0, -0.5);
        c.frame = contactFrame(Vec3::UnitZ());
        c.friction = mu;
    }
};

TEST(ContactSolver, FrameIsOrthonormalAndRightHanded) {
    const Vec3 normals[] = {Vec3::UnitZ(), -Vec3::UnitZ(), Vec3::UnitX(),
                            Vec3(1, 2, 3).normalized(), Vec3(-0.3, 0.1, -1e-12).normalized()};
    for (const Vec3& n : normals) {
        const Mat3 r = contactFrame(n);
        EXPECT_LE((r.transpose() * r - Mat3::Identity()).norm(), 1e-14);
        EXPECT_NEAR(r.determinant(), 1.0, 1e-14);
        EXPECT_EQ(r.col(2), n);
    }
}

TEST(ContactSolver, RestingContactCancelsGravity) {
    OnePoint p(0.0, 0.5);
    const PgsResult r = solveContacts(p.bodies, p.contacts, PgsSettings{});
    EXPECT_TRUE(r.converged);
    EXPECT_NEAR(p.contacts[0].impulse.z(), kG * kH, 1e-12); // m g h
    EXPECT_LE(p.bodies[1].linearVelocity.norm(), 1e-12);
    EXPECT_LE(r.complementarity, 1e-6);
    EXPECT_LE(r.dualFeasibility, 1e-6);
}

TEST(ContactSolver, FrictionSticksInsideTheConeAndSlidesOnItsBoundary) {
    // Through the centre of mass, the tangential Delassus entry is 1 + 6 * 0.25 = 2.5 1/kg.
    {
        OnePoint p(0.01, 0.5); // needs |f_t| = 0.01 <= mu f_n: sticks
        const PgsResult r = solveContacts(p.bodies, p.contacts, PgsSettings{});
        EXPECT_TRUE(r.converged);
        const Vec3 vContact = p.bodies[1].linearVelocity +
                              p.bodies[1].angularVelocity.cross(p.contacts[0].rB);
        EXPECT_LE(vContact.norm(), 1e-6);
    }
    {
        OnePoint p(1.0, 0.5); // would need 1 N s > mu m g h: slides, |f_t| = mu f_n
        PgsSettings s;
        s.maxIterations = 1000;
        const PgsResult r = solveContacts(p.bodies, p.contacts, s);
        EXPECT_TRUE(r.converged);
        const Vec3 f = p.contacts[0].impulse;
        EXPECT_NEAR(std::hypot(f.x(), f.y()), 0.5 * f.z(), 1e-9);
        EXPECT_LT(f.x() * 1.0, 0.0); // opposes the slide
        EXPECT_GT(p.bodies[1].linearVelocity.x(), 0.0);
    }
}

TEST(ContactSolver, SlidingFrictionOpposesTheSlipOnAnAnisotropicBlock) {
    // A thin bar sliding diagonally on one contact off its centre: G_tt is anisotropic
    // (eigenvalues 2.5 and 4.3 1/kg), so the block step scaled onto the disk has another fixed
    // point than Coulomb's law; the solve must end with the slip opposite the friction.
    OnePoint p(1.0, 0.5);
    p.bodies[1].inverseInertia = Vec3(12.0, 1.2, 1.2).asDiagonal();
    p.bodies[1].linearVelocity = Vec3(1.0, 0.7, -kG * kH);
    p.contacts[0].rB = Vec3(0.4, 0.1, -0.05);
    PgsSettings s;
    s.maxIterations = 2000;
    s.tolerance = 1e-13;
    s.relativeTolerance = 0.0;
    const PgsResult r = solveContacts(p.bodies, p.contacts, s);
    EXPECT_LE(std::max(r.complementarity, r.dualFeasibility), 1e-13);
    const Vec3 f = p.contacts[0].impulse;
    const Vec3 slip =
        p.bodies[1].linearVelocity + p.bodies[1].angularVelocity.cross(p.contacts[0].rB);
    ASSERT_GT(std::hypot(slip.x(), slip.y()), 0.1); // it slides
    EXPECT_NEAR(std::hypot(f.x(), f.y()), 0.5 * f.z(), 1e-12);
    const double alignment = (f.x() * slip.x() + f.y() * slip.y()) /
                             (std::hypot(f.x(), f.y()) * std::hypot(slip.x(), slip.y()));
    EXPECT_NEAR(alignment, -1.0, 1e-10);
    EXPECT_NEAR(slip.z(), 0.0, 1e-12);
}

TEST(ContactSolver, ANormalImpulseNextToNothingLeavesTheFrictionFinite) {
    // The cube approaches at 1e-300 m/s while sliding at 1 m/s: the normal impulse is about
    // 4e-301 N s, and 1 / (mu f_n) overflows; the friction disk is then a point.
    for (const double approach : {1e-300, 1e-310, 1e-320}) {
        OnePoint p(1.0, 0.5);
        p.bodies[1].linearVelocity.z() = -approach;
        const PgsResult r = solveContacts(p.bodies, p.contacts, PgsSettings{});
        const Vec3 f = p.contacts[0].impulse;
        ASSERT_TRUE(f.allFinite()) << approach;
        EXPECT_TRUE(p.bodies[1].linearVelocity.allFinite()) << approach;
        EXPECT_LE(std::hypot(f.x(), f.y()), 0.5 * f.z()) << approach;
        EXPECT_TRUE(r.converged) << approach;
    }
}

/// A 10 t block resting on the ground, its impulses already solved (warm-started), and a 10 g
/// cube landing beside it on its four corners, cold: the light cube's impulses are a millionth
/// of the block's, so their relative change passes after the first sweep.
struct HeavyAndLight {
    std::vector<SolverBody> bodies{3};
    std::vector<SolverContact> contacts;

    HeavyAndLight() {
        const double masses[] = {1e4, 0.01};
        for (int i = 1; i <= 2; ++i) {
            const double m = masses[i - 1];
            const double half = i == 1 ? 1.0 : 0.05;
            bodies[i].inverseMass = 1.0 / m;
            bodies[i].inverseInertia = Mat3::Identity() * (6.0 / (m * 4.0 * half * half));
            bodies[i].linearVelocity = Vec3(0.0, 0.0, -kG * kH);
            bodies[i].lever = std::sqrt(3.0) * half;
            for (const double x : {-half, half}) {
                for (const double y : {-half, half}) {
                    SolverContact c;
                    c.bodyA = 0;
                    c.bodyB = i;
                    c.rB = Vec3(x, y, -half);
                    c.frame = contactFrame(Vec3::UnitZ());
                    c.friction = 0.5;
                    c.impulse = i == 1 ? Vec3(0.0, 0.0, 0.25 * m * kG * kH) : Vec3::Zero();
                    contacts.push_back(c);
                }
            }
        }
    }
};

TEST(ContactSolver, RelativeChangeDoesNotStopWhileALightBodyStillMoves) {
    HeavyAndLight p;
    const PgsResult r = solveContacts(p.bodies, p.contacts, PgsSettings{});
    EXPECT_TRUE(r.converged);
    EXPECT_LE(r.velocityChange, PgsSettings{}.velocityChangeTolerance);
    EXPECT_LE(p.bodies[2].linearVelocity.norm(), 1e-5);
    EXPECT_LE(p.bodies[2].angularVelocity.norm() * p.bodies[2].lever, 1e-5);
    // pinocchio's rule alone stops at once, with the cube still falling and turning
    HeavyAndLight q;
    PgsSettings relativeOnly;
    relativeOnly.velocityChangeTolerance = std::numeric_limits<double>::infinity();
    const PgsResult early = solveContacts(q.bodies, q.contacts, relativeOnly);
    EXPECT_LT(early.iterations, r.iterations);
    EXPECT_GT(q.bodies[2].linearVelocity.norm() +
                  q.bodies[2].angularVelocity.norm() * q.bodies[2].lever,
              1e-3);
}

/// A bar resting on two contacts symmetric about its centre (needs several sweeps).
struct TwoPoints {
    std::vector<SolverBody> bodies{2};
    std::vector<SolverContact> contacts{2};

    TwoPoints() {
        bodies[1].inverseMass = 1.0;
        bodies[1].inverseInertia = Vec3(12.0, 1.2, 1.2).asDiagonal();
        bodies[1].linearVelocity = Vec3(0.0, 0.0, -kG * kH);
        for (int i = 0; i < 2; ++i) {
            contacts[i].bodyB = 1;
            contacts[i].rB = Vec3(i ? 0.5 : -0.5, 0.0, -0.05);
            contacts[i].frame = contactFrame(Vec3::UnitZ());
            contacts[i].friction = 0.5;
        }
    }
};

TEST(ContactSolver, TwoContactsShareTheLoad) {
    // Equal normal impulses m g h / 2.
    TwoPoints p;
    auto& bodies = p.bodies;
    auto& contacts = p.contacts;
    PgsSettings s;
    s.maxIterations = 500;
    s.tolerance = 1e-12;
    s.relativeTolerance = 1e-12;
    const PgsResult r = solveContacts(bodies, contacts, s);
    EXPECT_LE(std::max(r.complementarity, r.dualFeasibility), 1e-10);
    EXPECT_NEAR(contacts[0].impulse.z(), 0.5 * kG * kH, 1e-9);
    EXPECT_NEAR(contacts[1].impulse.z(), 0.5 * kG * kH, 1e-9);
    EXPECT_LE(bodies[1].linearVelocity.norm() + bodies[1].angularVelocity.norm(), 1e-8);
}

TEST(ContactSolver, SeparatingContactGetsNoImpulse) {
    OnePoint p(0.0, 0.5);
    p.bodies[1].linearVelocity.z() = 1.0;
    p.contacts[0].impulse = Vec3(0.0, 0.0, 0.3); // stale warm start is undone
    const PgsResult r = solveContacts(p.bodies, p.contacts, PgsSettings{});
    EXPECT_TRUE(r.converged);
    EXPECT_EQ(p.contacts[0].impulse.z(), 0.0);
    EXPECT_NEAR(p.bodies[1].linearVelocity.z(), 1.0, 1e-15);
}

TEST(ContactSolver, IterationCapIsReported) {
    TwoPoints p;
    PgsSettings s;
    s.maxIterations = 1;
    s.tolerance = 1e-12;
    s.relativeTolerance = 1e-12;
    const PgsResult r = solveContacts(p.bodies, p.contacts, s);
    EXPECT_FALSE(r.converged);
    EXPECT_EQ(r.iterations, 1);
    EXPECT_GT(std::max(r.complementarity, r.dualFeasibility), 1e-12);
}

TEST(ContactSolver, NormalBias) {
    const PgsSettings s;
    // Speculative: the gap may close in one step, no more.
    EXPECT_DOUBLE_EQ(normalBias(0.004, -0.1, 0.0, kH, s), 0.004 / kH);
    // Penetration within the slop: nothing; beyond: Baumgarte.
    EXPECT_DOUBLE_EQ(normalBias(-0.0005, 0.0, 0.0, kH, s), 0.0);
    EXPECT_NEAR(normalBias(-0.011, 0.0, 0.0, kH, s), -s.baumgarte / kH * 0.010, 1e-12);
    // Restitution: closing at 3 m/s and touching within the step.
    EXPECT_DOUBLE_EQ(normalBias(0.001, -3.0, 0.5, kH, s), -1.5);
    // Below the restitution threshold, or not reaching the surface this step: no bounce.
    EXPECT_DOUBLE_EQ(normalBias(0.0, -0.1, 0.5, kH, s), 0.0);
    EXPECT_DOUBLE_EQ(normalBias(0.1, -3.0, 0.5, kH, s), 0.1 / kH);
}

} // namespace
} // namespace mk
