/// \file BulletRun.cpp
/// The bodies of a World in Bullet's own btDiscreteDynamicsWorld: btConvexHullShape (margin
/// 1 mm) in each body's principal frame with our mass properties, btBoxShape for boxes, the same
/// step and gravity, btSequentialImpulseConstraintSolver with 10 iterations, no sleeping.
///
/// Bullet combines materials by product, we by sqrt(mu_A mu_B) and max(e_A, e_B); every body
/// gets sqrt(mu) and sqrt(e) here, so that a pair of equal materials (every pair of the funnel
/// scene) sees the same mu and e in both engines.

#include "minkowski/bench/EngineRun.h"

#include <Eigen/Eigenvalues>
#include <btBulletDynamicsCommon.h>
#include <chrono>
#include <cmath>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace mk::bench {
namespace {

btVector3 bt(const Vec3& v) {
    return {v.x(), v.y(), v.z()};
}
btTransform bt(const Pose& p) {
    const Quat& q = p.rotation;
    return btTransform(btQuaternion(q.x(), q.y(), q.z(), q.w()), bt(p.translation));
}

/// Bullet's shape of `shape`, centred on `centre` (the centre of mass, in the shape's frame) and
/// turned by `axes` (the principal axes): Bullet's bodies take a diagonal inertia at the origin.
std::unique_ptr<btCollisionShape> bulletShape(const Shape& shape, const Mat3& axes,
                                              const Vec3& centre, double margin) {
    if (shape.type() == ShapeType::Box && shape.coreRadius() == 0.0) {
        if (!centre.isZero(0.0) || !axes.isIdentity(0.0)) {
            throw std::invalid_argument("bench --engine: a dynamic box must use its own frame");
        }
        auto box = std::make_unique<btBoxShape>(bt(shape.halfExtents()));
        box->setMargin(margin);
        return box;
    }
    if (shape.type() == ShapeType::ConvexMesh) {
        auto hull = std::make_unique<btConvexHullShape>();
        for (const Vec3& v : shape.convexMesh()->vertices()) {
            hull->addPoint(bt(Vec3(axes.transpose() * (v - centre))), false);
        }
        hull->recalcLocalAabb();
        hull->setMargin(margin);
        return hull;
    }
    throw std::invalid_argument("bench --engine: the Bullet comparison takes boxes and meshes, "
                                "not a " +
                                std::string(shapeTypeName(shape.type())));
}

class BulletScene {
public:
    BulletScene(const World& world, const BulletOptions& options) {
        world_.setGravity(bt(world.settings().gravity));
        world_.getSolverInfo().m_numIterations = options.iterations;
        for (std::size_t i = 0; i < world.bodyCount(); ++i) {
            add(world.body(static_cast<BodyId>(i)), options.margin);
        }
    }
    ~BulletScene() {
        for (auto& body : bodies_) {
            world_.removeRigidBody(body.get());
        }
    }
    BulletScene(const BulletScene&) = delete;
    BulletScene& operator=(const BulletScene&) = delete;

    void step(double h) { world_.stepSimulation(h, 0); }

    [[nodiscard]] int contacts() {
        int n = 0;
        for (int i = 0; i < dispatcher_.getNumManifolds(); ++i) {
            n += dispatcher_.getManifoldByIndexInternal(i)->getNumContacts();
        }
        return n;
    }
    [[nodiscard]] int pairs() {
        return broadphase_.getOverlappingPairCache()->getNumOverlappingPairs();
    }
    /// The dynamic bodies.
    [[nodiscard]] const std::vector<btRigidBody*>& dynamicBodies() const { return dynamic_; }

private:
    void add(const Body& body, double margin) {
        Mat3 axes = Mat3::Identity();
        Vec3 inertia = Vec3::Zero();
        const double mass = body.isDynamic() ? body.massProperties.mass : 0.0;
        if (body.isDynamic()) {
            const Eigen::SelfAdjointEigenSolver<Mat3> eigen(body.massProperties.inertia);
            axes = eigen.eigenvectors();
            if (axes.determinant() < 0.0) {
                axes.col(2) = -axes.col(2);
            }
            inertia = eigen.eigenvalues();
        }
        const Vec3 centre = body.isDynamic() ? body.massProperties.centerOfMass : Vec3::Zero();
        if (body.shape.type() == ShapeType::Box && body.isDynamic()) {
            axes = Mat3::Identity(); // a box's inertia is diagonal in its own frame
            inertia = body.massProperties.inertia.diagonal();
        }
        shapes_.push_back(bulletShape(body.shape, axes, centre, margin));
        const Pose principal(Quat(axes), centre);
        btRigidBody::btRigidBodyConstructionInfo info(mass, nullptr, shapes_.back().get(),
                                                      bt(inertia));
        info.m_startWorldTransform = bt(body.shapePose() * principal);
        info.m_friction = std::sqrt(body.material.friction);
        info.m_restitution = std::sqrt(body.material.restitution);
        bodies_.push_back(std::make_unique<btRigidBody>(info));
        btRigidBody* b = bodies_.back().get();
        b->setLinearVelocity(bt(body.linearVelocity));
        b->setAngularVelocity(bt(body.angularVelocity));
        b->setActivationState(DISABLE_DEACTIVATION);
        world_.addRigidBody(b);
        if (body.isDynamic()) {
            dynamic_.push_back(b);
        }
    }

    btDefaultCollisionConfiguration config_;
    btCollisionDispatcher dispatcher_{&config_};
    btDbvtBroadphase broadphase_;
    btSequentialImpulseConstraintSolver solver_;
    btDiscreteDynamicsWorld world_{&dispatcher_, &broadphase_, &solver_, &config_};
    std::vector<std::unique_ptr<btCollisionShape>> shapes_;
    std::vector<std::unique_ptr<btRigidBody>> bodies_;
    std::vector<btRigidBody*> dynamic_;
};

} // namespace

bool bulletWorldAvailable() {
    return true;
}

EngineRunResult runBullet(const World& world, int steps, const BulletOptions& options) {
    BulletScene bullet(world, options);
    EngineRunResult r;
    r.engine = "bullet";
    r.steps = steps;
    const double h = world.settings().timeStep;
    for (int i = 0; i < steps; ++i) {
        const auto start = std::chrono::steady_clock::now();
        const double cpuStart = threadCpuSeconds();
        bullet.step(h);
        r.seconds +=
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        r.cpuSeconds += threadCpuSeconds() - cpuStart;
        r.pairs += bullet.pairs();
        r.contacts += bullet.contacts();
    }
    const double n = steps > 0 ? steps : 1;
    r.pairs /= n;
    r.contacts /= n;
    for (const btRigidBody* body : bullet.dynamicBodies()) {
        const btVector3& p = body->getWorldTransform().getOrigin();
        r.finite = r.finite && std::isfinite(p.z());
        r.meanHeight += p.z();
    }
    r.bodies = static_cast<int>(bullet.dynamicBodies().size());
    r.meanHeight /= r.bodies > 0 ? r.bodies : 1;
    return r;
}

} // namespace mk::bench
