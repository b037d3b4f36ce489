/// \file BulletPeer.cpp
/// Bullet 3 (double-precision build) peers:
/// - "bullet-gjk-epa":  btGjkEpaSolver2 (GJK, then EPA when the shapes overlap);
/// - "bullet-gjk-pair": btGjkPairDetector with btVoronoiSimplexSolver and
///                      btGjkEpaPenetrationDepthSolver, what Bullet's convex-convex algorithm runs.
///
/// Shapes: Bullet's own primitives where they are exact (btSphereShape, btBoxShape,
/// btCapsuleShapeZ, btCylinderShapeZ, btConeShapeZ). PeerSupport::Ours: ellipsoids and meshes
/// use SupportShape below, whose support mapping is ours. PeerSupport::Shipped: meshes are
/// btConvexHullShape of the hull vertices (its support is a linear scan), margin 0; ellipsoids
/// and the smooth shapes are refused (Bullet's btMultiSphereShape ellipsoid is not exact).
///
/// Margins: Bullet sphere and capsule *are* margins (a point / a segment swept by a margin equal to
/// the radius, which cannot be removed), and so is a rounded box's rounding (margin = rounding);
/// every other shape gets setMargin(0). btGjkEpaSolver2's Distance runs GJK without margins and
/// does not add them back, and its pair SignedDistance ignores them too: the adapter subtracts
/// the margins itself and calls Penetration with margins. btGjkPairDetector handles margins
/// itself. Bullet's tolerances are compile-time constants of
/// the library (see README.md); nothing is tunable at run time.

#include "PeerCommon.h"

#include "minkowski/narrowphase/ConvexMesh.h"

#include <stdexcept>
#include <string>

#include <BulletCollision/CollisionShapes/btBoxShape.h>
#include <BulletCollision/CollisionShapes/btCapsuleShape.h>
#include <BulletCollision/CollisionShapes/btConeShape.h>
#include <BulletCollision/CollisionShapes/btConvexHullShape.h>
#include <BulletCollision/CollisionShapes/btConvexInternalShape.h>
#include <BulletCollision/CollisionShapes/btCylinderShape.h>
#include <BulletCollision/CollisionShapes/btSphereShape.h>
#include <BulletCollision/NarrowPhaseCollision/btGjkEpa2.h>
#include <BulletCollision/NarrowPhaseCollision/btGjkEpaPenetrationDepthSolver.h>
#include <BulletCollision/NarrowPhaseCollision/btGjkPairDetector.h>
#include <BulletCollision/NarrowPhaseCollision/btPointCollector.h>
#include <BulletCollision/NarrowPhaseCollision/btVoronoiSimplexSolver.h>

static_assert(sizeof(btScalar) == sizeof(double),
              "the Bullet peers need Bullet's double-precision build (BT_USE_DOUBLE_PRECISION)");

namespace mk::peers {
namespace {

btVector3 toBullet(const Vec3& v) { return {v.x(), v.y(), v.z()}; }
Vec3 fromBullet(const btVector3& v) { return {v.x(), v.y(), v.z()}; }

btTransform toBullet(const Pose& pose) {
    const Quat& q = pose.rotation;
    return btTransform(btQuaternion(q.x(), q.y(), q.z(), q.w()), toBullet(pose.translation));
}

/// A Bullet convex shape whose support mapping is Shape::support (margin 0), with the mesh
/// hill-climbing hint kept across calls: Bullet gets a support function as good as ours.
class SupportShape final : public btConvexInternalShape {
public:
    explicit SupportShape(const Shape& shape) : shape_(shape) {
        m_shapeType = CUSTOM_CONVEX_SHAPE_TYPE;
        btConvexInternalShape::setMargin(0.0);
    }

    btVector3 localGetSupportingVertexWithoutMargin(const btVector3& dir) const override {
        Vec3 localDir = fromBullet(dir);
        if (localDir.squaredNorm() == 0.0) {
            localDir = Vec3::UnitX(); // Shape::support needs a non-zero direction
        }
        return toBullet(shape_.support(localDir, hint_));
    }

    void batchedUnitVectorGetSupportingVertexWithoutMargin(const btVector3* dirs, btVector3* out,
                                                           int count) const override {
        for (int i = 0; i < count; ++i) {
            out[i] = localGetSupportingVertexWithoutMargin(dirs[i]);
        }
    }

    void getAabb(const btTransform& transform, btVector3& aabbMin,
                 btVector3& aabbMax) const override {
        getAabbSlow(transform, aabbMin, aabbMax);
    }

    /// Inertia of the local bounding box (Bullet needs one; the narrow phase never uses it).
    void calculateLocalInertia(btScalar mass, btVector3& inertia) const override {
        const Vec3 size = 2.0 * shape_.localAabb().halfExtents();
        const Vec3 squares = size.cwiseProduct(size);
        inertia = toBullet(mass / 12.0 *
                           Vec3(squares.y() + squares.z(), squares.x() + squares.z(),
                                squares.x() + squares.y()));
    }

    [[nodiscard]] const char* getName() const override { return "MinkowskiSupportShape"; }

private:
    Shape shape_;
    mutable int hint_ = -1;
};

/// Bullet's shape for `shape` under PeerSupport::Shipped: a mesh as btConvexHullShape (margin 0:
/// Bullet's default 0.04 m would inflate it), primitives as makeBulletShape.
/// \throws std::invalid_argument for shapes Bullet has no exact class for.
std::unique_ptr<btConvexShape> makeShippedShape(const Shape& shape) {
    if (const ConvexMesh* mesh = shape.convexMesh()) {
        auto hull = std::make_unique<btConvexHullShape>();
        for (const Vec3& v : mesh->vertices()) {
            hull->addPoint(toBullet(v), false);
        }
        hull->recalcLocalAabb();
        hull->setMargin(0.0);
        return hull;
    }
    switch (shape.type()) {
    case ShapeType::Sphere:
    case ShapeType::Box:
    case ShapeType::Capsule:
    case ShapeType::Cylinder:
    case ShapeType::Cone: return nullptr; // makeBulletShape's natives
    default: throw std::invalid_argument("Bullet has no exact shape of this type");
    }
}

/// Bullet's shape for `shape`: its own primitive where exact (margin 0 except for the sphere and
/// the capsule, whose radius is Bullet's margin, and the rounded box, whose rounding is),
/// SupportShape for every other shape.
std::unique_ptr<btConvexShape> makeBulletShape(const Shape& shape) {
    switch (shape.type()) {
    case ShapeType::Sphere: return std::make_unique<btSphereShape>(shape.radius());
    case ShapeType::Box: {
        // Bullet's margin is a rounding: the box of the outer half extents keeps them and shrinks
        // its core by the margin, so margin = rounding gives the rounded box exactly (0: the box).
        const double rounding = shape.coreRadius();
        auto box = std::make_unique<btBoxShape>(
            toBullet(shape.halfExtents() + Vec3::Constant(rounding)));
        box->setMargin(rounding);
        return box;
    }
    case ShapeType::Capsule:
        return std::make_unique<btCapsuleShapeZ>(shape.radius(), 2.0 * shape.halfHeight());
    case ShapeType::Cylinder: {
        auto cylinder = std::make_unique<btCylinderShapeZ>(
            btVector3(shape.radius(), shape.radius(), shape.halfHeight()));
        cylinder->setMargin(0.0);
        return cylinder;
    }
    case ShapeType::Cone: {
        auto cone = std::make_unique<btConeShapeZ>(shape.radius(), 2.0 * shape.halfHeight());
        cone->setMargin(0.0); // a cone's margin inflates it
        return cone;
    }
    default: return std::make_unique<SupportShape>(shape); // ellipsoid, mesh, any other shape
    }
}

/// What both Bullet peers share: the shapes of the pair and the name.
class BulletPeerBase : public Peer {
public:
    BulletPeerBase(std::string_view base, PeerSupport support)
        : support_(support), name_(std::string(base) + std::string(suffix(support))) {}

    [[nodiscard]] std::string_view name() const override { return name_; }
    [[nodiscard]] bool supports(Task /*task*/) const override { return true; }

    void prepare(const Shape& a, const Shape& b) override {
        a_ = makeShape(a);
        b_ = makeShape(b);
    }

protected:
    std::unique_ptr<btConvexShape> makeShape(const Shape& s) const {
        std::unique_ptr<btConvexShape> shipped =
            support_ == PeerSupport::Shipped ? makeShippedShape(s) : nullptr;
        return shipped ? std::move(shipped) : makeBulletShape(s);
    }
    PeerSupport support_;
    std::string name_;
    [[nodiscard]] bool prepared() const { return a_ && b_; }
    std::unique_ptr<btConvexShape> a_;
    std::unique_ptr<btConvexShape> b_;
};

/// btGjkEpaSolver2: Distance() on the cores (shapes without margins), margins subtracted here,
/// then Penetration() with margins when the cores overlap.
class BulletGjkEpaPeer final : public BulletPeerBase {
public:
    explicit BulletGjkEpaPeer(PeerSupport support) : BulletPeerBase("bullet-gjk-epa", support) {}

    PeerResult query(const Pose& poseA, const Pose& poseB, Task task) override {
        if (!prepared()) {
            return failedResult();
        }
        const btTransform tA = toBullet(poseA);
        const btTransform tB = toBullet(poseB);
        // Bullet's own guess (btGjkEpaPenetrationDepthSolver): the centre difference.
        const btVector3 bMinusA = tB.getOrigin() - tA.getOrigin();
        btGjkEpaSolver2::sResults results;
        if (btGjkEpaSolver2::Distance(a_.get(), tA, b_.get(), tB, -bMinusA, results)) {
            const double margins = a_->getMargin() + b_->getMargin();
            const double d = results.distance - margins;
            return task == Task::Boolean ? booleanResult(d <= 0.0) : signedDistanceResult(task, d);
        }
        if (results.status != btGjkEpaSolver2::sResults::Penetrating) {
            return failedResult(); // GJK_Failed
        }
        if (task != Task::SignedDistance) {
            return task == Task::Boolean ? booleanResult(true) : signedDistanceResult(task, 0.0);
        }
        if (!btGjkEpaSolver2::Penetration(a_.get(), tA, b_.get(), tB, bMinusA, results, true)) {
            return failedResult(); // EPA_Failed
        }
        return signedDistanceResult(task, results.distance); // results.distance = -depth
    }
};

/// btGjkPairDetector, always with the EPA penetration solver (as Bullet's convex-convex algorithm):
/// its distance pass alone cannot tell deep overlap from touching.
class BulletPairDetectorPeer final : public BulletPeerBase {
public:
    explicit BulletPairDetectorPeer(PeerSupport support)
        : BulletPeerBase("bullet-gjk-pair", support) {}

    PeerResult query(const Pose& poseA, const Pose& poseB, Task task) override {
        if (!prepared()) {
            return failedResult();
        }
        btVoronoiSimplexSolver simplexSolver;
        btGjkEpaPenetrationDepthSolver penetrationSolver;
        btGjkPairDetector detector(a_.get(), b_.get(), &simplexSolver, &penetrationSolver);
        btGjkPairDetector::ClosestPointInput input;
        input.m_transformA = toBullet(poseA);
        input.m_transformB = toBullet(poseB);
        btPointCollector output;
        detector.getClosestPoints(input, output, nullptr);
        if (!output.m_hasResult) {
            return failedResult();
        }
        const double d = output.m_distance; // negative when penetrating
        return task == Task::Boolean ? booleanResult(d <= 0.0, detector.m_curIter)
                                     : signedDistanceResult(task, d, detector.m_curIter);
    }
};

} // namespace

std::unique_ptr<Peer> makeBulletGjkEpaPeer(PeerSupport support) {
    return std::make_unique<BulletGjkEpaPeer>(support);
}
std::unique_ptr<Peer> makeBulletPairDetectorPeer(PeerSupport support) {
    return std::make_unique<BulletPairDetectorPeer>(support);
}

} // namespace mk::peers
