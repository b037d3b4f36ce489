/// \file LibccdPeer.cpp
/// libccd 2.x peers: GJK (+ EPA for depth) and MPR. libccd takes support callbacks and ships no
/// shapes. With PeerSupport::Ours both peers run on our own support mappings (Shape::support,
/// meshes by the same cube-map-seeded hill climb) in A's frame, as our MinkowskiDifference: the
/// comparison is between algorithms. With PeerSupport::Shipped they run as a libccd user writes
/// them (its test suite's ccdSupport, FCL's adapter): each shape's callback in the world frame,
/// meshes by linear scan over the hull vertices.
///
/// libccd 2.x has no separation-distance query (no ccdGJKDistance): the peers answer Task::Boolean
/// and Task::SignedDistance, the latter with distance = NaN when the shapes are separated.

#include "PeerCommon.h"

#include "minkowski/narrowphase/ConvexMesh.h"

#include <ccd/ccd.h>

#include <optional>
#include <string>

namespace mk::peers {
namespace {

/// One shape at one pose as libccd sees it: the `obj` of ccd_t's support and centre callbacks.
struct CcdObject {
    std::optional<Shape> shape;
    Mat3 rotation = Mat3::Identity();
    Vec3 translation = Vec3::Zero();
    Vec3 localCenter = Vec3::Zero(); ///< interior point, MPR's origin ray start (local frame)
    mutable int hint = -1;           ///< support hint kept across calls (mesh hill climbing)
    bool linearScan = false;         ///< meshes by linear scan (PeerSupport::Shipped)

    void setShape(const Shape& s) {
        shape = s;
        hint = -1;
        localCenter = interiorPoint(s);
    }

    /// The mean of the six axis-aligned support points: inside any convex shape (the centre of
    /// a bounding box need not be, e.g. for a mesh tetrahedron).
    static Vec3 interiorPoint(const Shape& s) {
        Vec3 sum = Vec3::Zero();
        int hint = -1;
        for (int axis = 0; axis < 3; ++axis) {
            sum += s.support(Vec3::Unit(axis), hint) + s.support(-Vec3::Unit(axis), hint);
        }
        return sum / 6.0;
    }
    void setPose(const Mat3& r, const Vec3& t, bool isIdentity) {
        rotation = r;
        translation = t;
        identity = isIdentity;
    }
    /// The pose is the identity: the callbacks skip the rotation (see LibccdPeer::query).
    bool identity = false;
};

Vec3 fromCcd(const ccd_vec3_t* v) { return {ccdVec3X(v), ccdVec3Y(v), ccdVec3Z(v)}; }
void toCcd(const Vec3& v, ccd_vec3_t* out) { ccdVec3Set(out, v.x(), v.y(), v.z()); }

/// ccd_support_fn: Shape::support in the common frame (A's, see LibccdPeer::query).
void supportCallback(const void* obj, const ccd_vec3_t* dir, ccd_vec3_t* out) {
    const auto& object = *static_cast<const CcdObject*>(obj);
    Vec3 localDir = fromCcd(dir);
    if (!object.identity) {
        localDir = object.rotation.transpose() * localDir;
    }
    if (localDir.squaredNorm() == 0.0) {
        localDir = Vec3::UnitX(); // Shape::support needs a non-zero direction
    }
    const ConvexMesh* mesh = object.linearScan ? object.shape->convexMesh() : nullptr;
    const Vec3 local = mesh != nullptr ? mesh->vertices()[static_cast<size_t>(
                                             mesh->supportIndexLinear(localDir))]
                                       : object.shape->support(localDir, object.hint);
    toCcd(object.identity ? local : Vec3(object.rotation * local + object.translation), out);
}

/// ccd_center_fn: an interior point in the common frame.
void centerCallback(const void* obj, ccd_vec3_t* center) {
    const auto& object = *static_cast<const CcdObject*>(obj);
    toCcd(object.rotation * object.localCenter + object.translation, center);
}

/// ccd_t with our callbacks and the shared tolerance and iteration cap on every knob.
ccd_t makeCcdSettings() {
    ccd_t ccd;
    CCD_INIT(&ccd);
    ccd.support1 = supportCallback;
    ccd.support2 = supportCallback;
    ccd.center1 = centerCallback;
    ccd.center2 = centerCallback;
    ccd.max_iterations = kPeerMaxIterations;
    ccd.epa_tolerance = kPeerTolerance;
    ccd.mpr_tolerance = kPeerTolerance;
    ccd.dist_tolerance = kPeerTolerance;
    return ccd;
}

enum class CcdAlgorithm : unsigned char { Gjk, Mpr };

/// libccd's status codes of the penetration functions: 0 overlap, -1 separated, -2 out of memory.
PeerResult fromPenetrationStatus(int status, double depth) {
    if (status == 0) {
        return signedDistanceResult(Task::SignedDistance, -depth);
    }
    if (status == -1) {
        return {true, false, kNaN, -1}; // separated: libccd does not measure the distance
    }
    return failedResult();
}

class LibccdPeer final : public Peer {
public:
    LibccdPeer(CcdAlgorithm algorithm, PeerSupport support)
        : algorithm_(algorithm), support_(support), ccd_(makeCcdSettings()),
          name_(std::string(algorithm == CcdAlgorithm::Gjk ? "libccd-gjk" : "libccd-mpr") +
                std::string(suffix(support))) {
        a_.linearScan = b_.linearScan = support == PeerSupport::Shipped;
    }

    [[nodiscard]] std::string_view name() const override { return name_; }

    [[nodiscard]] bool supports(Task task) const override { return task != Task::Distance; }

    void prepare(const Shape& a, const Shape& b) override {
        a_.setShape(a);
        b_.setShape(b);
    }

    PeerResult query(const Pose& poseA, const Pose& poseB, Task task) override {
        if (!a_.shape || !b_.shape || !supports(task)) {
            return failedResult();
        }
        const Mat3 rotationA = poseA.rotation.toRotationMatrix();
        if (support_ == PeerSupport::Shipped) { // each shape at its world pose
            a_.setPose(rotationA, poseA.translation, false);
            b_.setPose(poseB.rotation.toRotationMatrix(), poseB.translation, false);
            return task == Task::Boolean ? intersect() : penetration();
        }
        // libccd works in any common frame: A's, as our MinkowskiDifference does, so that only
        // B's support calls pay a rotation (libccd gets the same saving as our solvers)
        a_.setPose(Mat3::Identity(), Vec3::Zero(), true);
        b_.setPose((poseA.rotation.conjugate() * poseB.rotation).toRotationMatrix(),
                   rotationA.transpose() * (poseB.translation - poseA.translation), false);
        return task == Task::Boolean ? intersect() : penetration();
    }

private:
    PeerResult intersect() const {
        const int hit = algorithm_ == CcdAlgorithm::Gjk ? ccdGJKIntersect(&a_, &b_, &ccd_)
                                                        : ccdMPRIntersect(&a_, &b_, &ccd_);
        return booleanResult(hit != 0);
    }

    PeerResult penetration() const {
        ccd_real_t depth = 0.0;
        ccd_vec3_t direction;
        ccd_vec3_t position;
        const int status =
            algorithm_ == CcdAlgorithm::Gjk
                ? ccdGJKPenetration(&a_, &b_, &ccd_, &depth, &direction, &position)
                : ccdMPRPenetration(&a_, &b_, &ccd_, &depth, &direction, &position);
        return fromPenetrationStatus(status, depth);
    }

    CcdAlgorithm algorithm_;
    PeerSupport support_;
    ccd_t ccd_;
    std::string name_;
    CcdObject a_;
    CcdObject b_;
};

} // namespace

std::unique_ptr<Peer> makeLibccdGjkPeer(PeerSupport support) {
    return std::make_unique<LibccdPeer>(CcdAlgorithm::Gjk, support);
}
std::unique_ptr<Peer> makeLibccdMprPeer(PeerSupport support) {
    return std::make_unique<LibccdPeer>(CcdAlgorithm::Mpr, support);
}

} // namespace mk::peers
