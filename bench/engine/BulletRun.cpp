/// \file BulletRun.cpp
/// The funnel scene in Bullet's own btDiscreteDynamicsWorld: btConvexHullShape (margin 1 mm)
/// in each hull's principal frame with our exact mass properties, btBoxShape walls, the same
/// step, btSequentialImpulseConstraintSolver with 10 iterations, no sleeping.
///
/// Bullet combines materials by product, we by sqrt(mu_A mu_B) and max(e_A, e_B); every body
/// gets sqrt(mu) and sqrt(e) here so that every pair sees the same mu and e in both engines.

#include "Run.h"

#include "minkowski/engine/MassProperties.h"

#include <btBulletDynamicsCommon.h>

#include <Eigen/Eigenvalues>

#include <chrono>
#include <cmath>
#include <memory>
#include <vector>

namespace mk::bench {
namespace {

btVector3 bt(const Vec3& v) { return {v.x(), v.y(), v.z()}; }
btTransform bt(const Pose& p) {
    const Quat& q = p.rotation;
    return btTransform(btQuaternion(q.x(), q.y(), q.z(), q.w()), bt(p.translation));
}

/// A hull in its principal frame: Bullet's rigid bodies take a diagonal inertia at the origin.
struct BulletHull {
    std::unique_ptr<btConvexHullShape> shape;
    Pose principal;  ///< principal frame in the hull's frame: (V, centre of mass)
    double mass = 0.0;
    Vec3 inertia = Vec3::Zero();
};

BulletHull makeHull(const ConvexMesh& mesh, double density, double margin) {
    const MassProperties mp = meshMassProperties(mesh, density);
    const Eigen::SelfAdjointEigenSolver<Mat3> eigen(mp.inertia);
    Mat3 axes = eigen.eigenvectors();
    if (axes.determinant() < 0.0) {
        axes.col(2) = -axes.col(2);
    }
    BulletHull h;
    h.shape = std::make_unique<btConvexHullShape>();
    for (const Vec3& v : mesh.vertices()) {
        h.shape->addPoint(bt(Vec3(axes.transpose() * (v - mp.centerOfMass))), false);
    }
    h.shape->recalcLocalAabb();
    h.shape->setMargin(margin);
    h.principal = Pose(Quat(axes), mp.centerOfMass);
    h.mass = mp.mass;
    h.inertia = eigen.eigenvalues();
    return h;
}

class BulletScene {
public:
    explicit BulletScene(const FunnelScene& scene, const RunOptions& options) {
        world_.setGravity(btVector3(0, 0, -9.81));
        world_.getSolverInfo().m_numIterations = options.bulletIterations;
        const double friction = std::sqrt(scene.friction);
        const double restitution = std::sqrt(scene.restitution);
        for (const FunnelWall& w : scene.walls) {
            auto box = std::make_unique<btBoxShape>(bt(w.halfExtents));
            box->setMargin(options.bulletMargin);
            add(box.get(), 0.0, Vec3::Zero(), w.pose, friction, restitution);
            shapes_.push_back(std::move(box));
        }
        for (const HullPtr& mesh : scene.hulls) {
            hulls_.push_back(makeHull(*mesh, scene.density, options.bulletMargin));
        }
        for (const FunnelBody& b : scene.bodies) {
            const BulletHull& h = hulls_[b.hull];
            btRigidBody* body = add(h.shape.get(), h.mass, h.inertia, b.pose * h.principal,
                                    friction, restitution);
            body->setLinearVelocity(bt(b.linearVelocity));
            body->setAngularVelocity(bt(b.angularVelocity));
            body->setActivationState(DISABLE_DEACTIVATION);
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
    [[nodiscard]] int pairs() { return broadphase_.getOverlappingPairCache()->getNumOverlappingPairs(); }
    [[nodiscard]] const std::vector<std::unique_ptr<btRigidBody>>& bodies() const { return bodies_; }

private:
    btRigidBody* add(btCollisionShape* shape, double mass, const Vec3& inertia, const Pose& pose,
                     double friction, double restitution) {
        btRigidBody::btRigidBodyConstructionInfo info(mass, nullptr, shape, bt(inertia));
        info.m_startWorldTransform = bt(pose);
        info.m_friction = friction;
        info.m_restitution = restitution;
        bodies_.push_back(std::make_unique<btRigidBody>(info));
        world_.addRigidBody(bodies_.back().get());
        return bodies_.back().get();
    }

    btDefaultCollisionConfiguration config_;
    btCollisionDispatcher dispatcher_{&config_};
    btDbvtBroadphase broadphase_;
    btSequentialImpulseConstraintSolver solver_;
    btDiscreteDynamicsWorld world_{&dispatcher_, &broadphase_, &solver_, &config_};
    std::vector<std::unique_ptr<btCollisionShape>> shapes_;
    std::vector<BulletHull> hulls_;
    std::vector<std::unique_ptr<btRigidBody>> bodies_;
};

} // namespace

RunResult runBullet(const FunnelScene& scene, const RunOptions& options) {
    BulletScene bullet(scene, options);
    RunResult r;
    r.engine = "bullet";
    r.bodies = int(scene.bodies.size());
    r.steps = options.steps;
    for (int i = 0; i < options.steps; ++i) {
        const auto start = std::chrono::steady_clock::now();
        const double cpuStart = threadCpuSeconds();
        bullet.step(options.timeStep);
        r.seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        r.cpuSeconds += threadCpuSeconds() - cpuStart;
        r.pairs += bullet.pairs();
        r.contacts += bullet.contacts();
    }
    r.pairs /= options.steps;
    r.contacts /= options.steps;
    const auto& bodies = bullet.bodies();
    for (std::size_t i = scene.walls.size(); i < bodies.size(); ++i) {
        const btVector3& p = bodies[i]->getWorldTransform().getOrigin();
        r.finite = r.finite && std::isfinite(p.z());
        r.meanHeight += p.z() / double(scene.bodies.size());
    }
    return r;
}

} // namespace mk::bench
