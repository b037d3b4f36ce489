/// No energy from the contact solver or the gyroscopic step: seeded random thin bodies with
/// anisotropic friction blocks (the 5000-body simbench pile spun scissors up to 49,200 rad/s),
/// a free spinning body of anisotropic inertia, and the energy monitor of StepStats.

#include "minkowski/engine/ContactSolver.h"
#include "minkowski/engine/World.h"

#include <cmath>
#include <gtest/gtest.h>
#include <random>
#include <vector>

namespace mk {
namespace {

/// Kinetic energy of solver bodies with diagonal world inertia (unit: joule).
double kineticEnergy(const std::vector<SolverBody>& bodies) {
    double e = 0.0;
    for (const SolverBody& b : bodies) {
        if (b.inverseMass == 0.0) {
            continue;
        }
        const Mat3 inertia = b.inverseInertia.inverse();
        e += 0.5 * (b.linearVelocity.squaredNorm() / b.inverseMass +
                    b.angularVelocity.dot(inertia * b.angularVelocity));
    }
    return e;
}

/// A thin body (principal moments spanning a factor `ratio`) touching a fixed body at
/// `count` off-centre points, sliding and spinning; no bias, so every impulse must dissipate.
struct ThinContacts {
    std::vector<SolverBody> bodies{2};
    std::vector<SolverContact> contacts;

    ThinContacts(std::mt19937_64& rng, int count, double ratio, double mu) {
        std::uniform_real_distribution<double> u(-1.0, 1.0);
        const double mass = 0.1;
        const Mat3 rotation = Quat::UnitRandom().toRotationMatrix(); // Eigen's rand: seeded below
        const Vec3 moments = Vec3(1.0, 1.0 + (ratio - 1.0) * 0.5 * (1.0 + u(rng)), ratio) * 2e-6;
        bodies[1].inverseMass = 1.0 / mass;
        bodies[1].inverseInertia =
            rotation * moments.cwiseInverse().asDiagonal() * rotation.transpose();
        bodies[1].linearVelocity = Vec3(u(rng), u(rng), -std::abs(u(rng)));
        bodies[1].angularVelocity = 20.0 * Vec3(u(rng), u(rng), u(rng));
        const Vec3 n = Vec3(0.2 * u(rng), 0.2 * u(rng), 1.0).normalized();
        for (int i = 0; i < count; ++i) {
            SolverContact c;
            c.bodyA = 0;
            c.bodyB = 1;
            c.rB = Vec3(0.1 * u(rng), 0.02 * u(rng), -0.01);
            c.rA = c.rB;
            c.frame = contactFrame(n);
            c.friction = mu;
            c.impulse = Vec3(0.01 * u(rng), 0.01 * u(rng), 0.02 * std::abs(u(rng)));
            contacts.push_back(c);
        }
    }
};

TEST(Energy, FrictionOnThinBodiesNeverGainsEnergy) {
    std::mt19937_64 rng(7);
    std::srand(7); // Quat::UnitRandom
    int cases = 0;
    for (const double ratio : {1.0, 5.0, 30.0, 300.0}) {
        for (const int cap : {1, 3, 10, 30, 100}) {
            for (int k = 0; k < 25; ++k, ++cases) {
                ThinContacts p(rng, 1 + k % 4, ratio, k % 2 ? 0.4 : 1.0);
                // Reference: the larger of the energies before and after the warm start
                // (removing a warm start that held a body back gives its energy back).
                std::vector<SolverBody> warm = p.bodies;
                for (const SolverContact& c : p.contacts) {
                    const Vec3 f = c.frame * c.impulse;
                    warm[1].linearVelocity += warm[1].inverseMass * f;
                    warm[1].angularVelocity +=
                        contactSetup(p.bodies[0], p.bodies[1], c).responseB * c.impulse;
                }
                const double before = std::max(kineticEnergy(warm), kineticEnergy(p.bodies));
                PgsSettings s;
                s.maxIterations = cap;
                (void)solveContacts(p.bodies, p.contacts, s);
                EXPECT_LE(kineticEnergy(p.bodies), before * (1.0 + 1e-9) + 1e-15)
                    << "ratio " << ratio << " cap " << cap << " case " << k;
            }
        }
    }
    EXPECT_EQ(cases, 500);
}

/// A free thin plate spinning about a generic axis: the implicit gyroscopic step must not gain
/// energy (one Newton step gained 0.24% over 120 steps on this plate and this spin).
TEST(Energy, GyroscopicStepNeverGainsEnergy) {
    WorldSettings settings;
    settings.gravity = Vec3::Zero();
    World world(settings);
    BodyDesc plate(Shape::box(Vec3(0.15, 0.03, 0.005)));
    plate.density = 500.0;
    plate.angularVelocity = Vec3(1.35109946, -32.9508623, 28.90699262);
    const BodyId id = world.addBody(plate);
    const double spin = plate.angularVelocity.norm();
    const Vec3& w = plate.angularVelocity; // the pose is the identity: body axes = world axes
    const double initial = 0.5 * w.dot(world.body(id).massProperties.inertia * w);
    for (int i = 0; i < 240; ++i) {
        world.step();
        ASSERT_LE(world.lastStats().motion.kineticEnergy, initial * (1.0 + 1e-12)) << "step " << i;
    }
    EXPECT_LE(world.body(id).angularVelocity.norm(), spin * 1.01);
}

/// The monitor: kinetic energy, potential energy and speeds of one falling, spinning body.
TEST(Energy, StepMotionReportsEnergyAndSpeeds) {
    World world;
    BodyDesc ball(Shape::sphere(0.1));
    ball.pose.translation = Vec3(0.0, 0.0, 2.0);
    ball.angularVelocity = Vec3(0.0, 3.0, 4.0);
    const BodyId id = world.addBody(ball);
    world.step();
    const Body& b = world.body(id);
    const StepMotion& m = world.lastStats().motion;
    const double mass = b.massProperties.mass;
    const double inertia = b.massProperties.inertia(0, 0);
    EXPECT_NEAR(m.kineticEnergy, 0.5 * mass * b.linearVelocity.squaredNorm() + 0.5 * inertia * 25.0,
                1e-12);
    EXPECT_NEAR(m.potentialEnergy, mass * 9.81 * b.pose.translation.z(), 1e-12);
    EXPECT_DOUBLE_EQ(m.maxLinearSpeed, b.linearVelocity.norm());
    EXPECT_NEAR(m.maxAngularSpeed, 5.0, 1e-12);
    EXPECT_EQ(m.fastestSpinner, static_cast<std::int64_t>(id));
}

} // namespace
} // namespace mk
