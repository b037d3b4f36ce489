/// \file FclPeer.cpp
/// FCL 0.7 peers, FCL as its users get it: fcl::collide / fcl::distance on FCL's native shapes
/// (Sphere, Box, Capsule, Cylinder, Cone, Ellipsoid, and Convex for meshes), with either of its two
/// narrow-phase solvers:
/// - "fcl-gjk":        GST_INDEP, FCL's own GJK/EPA (derived from Bullet's btGjkEpa2);
/// - "fcl-gjk-libccd": GST_LIBCCD, FCL's copy of libccd (MPR for collide, GJK + EPA for distance).
///
/// Caveats (FCL's behaviour, not ours):
/// - FCL dispatches some pairs to closed-form routines instead of GJK (GST_INDEP: sphere-sphere,
///   sphere-box, sphere-capsule, sphere-cylinder, capsule-capsule distance; sphere-sphere, box-box,
///   sphere-box, sphere-capsule, sphere-cylinder collide; GST_LIBCCD likewise).
/// - fcl::Convex's support in GST_INDEP scans every vertex (minkowski_diff-inl.h); GST_LIBCCD walks
///   vertex neighbours from vertex 0 above 32 vertices, allocating a visited array per call.
/// - GST_INDEP has no signed distance of its own: with enable_signed_distance, fcl::distance falls
///   back to fcl::collide with one contact for overlapping shapes and keeps the deepest contact.
///   FCL 0.7 stores the EPA contact depth negated (-epa.depth), so for every pair solved by GJK+EPA
///   that fallback finds no positive depth, returns -DBL_MIN, and asserts in debug builds. The
///   "fcl-gjk" peer therefore runs the same fallback itself with |depth|. GST_LIBCCD has a native
///   signed distance (GJK + EPA of FCL's libccd copy), used as is.
/// The solvers are passed explicitly so that their tolerances and caps are ours (fcl::distance's
/// convenience overload builds a default solver per call and only sets one tolerance).

#include "PeerCommon.h"

#include "minkowski/narrowphase/ConvexMesh.h"

#include <fcl/geometry/shape/box.h>
#include <fcl/geometry/shape/capsule.h>
#include <fcl/geometry/shape/cone.h>
#include <fcl/geometry/shape/convex.h>
#include <fcl/geometry/shape/cylinder.h>
#include <fcl/geometry/shape/ellipsoid.h>
#include <fcl/geometry/shape/sphere.h>
#include <fcl/narrowphase/collision.h>
#include <fcl/narrowphase/distance.h>

#include <algorithm>
#include <cmath>
#include <exception>
#include <stdexcept>
#include <string>
#include <vector>

namespace mk::peers {
namespace {

using Geometry = std::shared_ptr<fcl::CollisionGeometryd>;
using IndepSolver = fcl::detail::GJKSolver_indep<double>;
using LibccdSolver = fcl::detail::GJKSolver_libccd<double>;

/// fcl::Convex of a hull: its vertices and its triangles, encoded as FCL wants (3, i, j, k).
Geometry makeConvex(const ConvexMesh& mesh) {
    auto vertices = std::make_shared<const std::vector<fcl::Vector3d>>(mesh.vertices().begin(),
                                                                        mesh.vertices().end());
    auto faces = std::make_shared<std::vector<int>>();
    faces->reserve(4 * mesh.triangles().size());
    for (const auto& triangle : mesh.triangles()) {
        faces->insert(faces->end(), {3, triangle[0], triangle[1], triangle[2]});
    }
    const int faceCount = static_cast<int>(mesh.triangles().size());
    return std::make_shared<fcl::Convexd>(vertices, faceCount,
                                          std::shared_ptr<const std::vector<int>>(faces));
}

/// FCL's native shape equal to `shape` (a rounded box: its core, see roundingOf). \throws
/// std::invalid_argument when FCL has none. FCL's box takes full sides and its capsule, cylinder
/// and cone full lengths along z, all centred at the origin (cone apex at +lz/2, as ours).
Geometry makeGeometry(const Shape& shape) {
    switch (shape.type()) {
    case ShapeType::Sphere: return std::make_shared<fcl::Sphered>(shape.radius());
    case ShapeType::Box: return std::make_shared<fcl::Boxd>(2.0 * shape.halfExtents());
    case ShapeType::Capsule:
        return std::make_shared<fcl::Capsuled>(shape.radius(), 2.0 * shape.halfHeight());
    case ShapeType::Cylinder:
        return std::make_shared<fcl::Cylinderd>(shape.radius(), 2.0 * shape.halfHeight());
    case ShapeType::Cone:
        return std::make_shared<fcl::Coned>(shape.radius(), 2.0 * shape.halfHeight());
    case ShapeType::Ellipsoid: return std::make_shared<fcl::Ellipsoidd>(shape.radii());
    case ShapeType::ConvexMesh: return makeConvex(*shape.convexMesh());
    default: break; // shapes FCL has no equivalent of
    }
    throw std::invalid_argument("fcl peers: FCL has no shape for a " +
                                std::string(shapeTypeName(shape.type())));
}

/// The rounding of a rounded box (FCL has none: it gets the core box), 0 for any other shape.
/// A shape grown by a ball of radius r has the signed distance of its core minus r, inside as
/// outside (its support function is the core's plus r), so the pair's answer is exact.
double roundingOf(const Shape& shape) {
    return shape.type() == ShapeType::Box ? shape.coreRadius() : 0.0;
}

fcl::Transform3d toFcl(const Pose& pose) {
    fcl::Transform3d transform = fcl::Transform3d::Identity();
    transform.linear() = pose.rotation.toRotationMatrix();
    transform.translation() = pose.translation;
    return transform;
}

IndepSolver makeIndepSolver() {
    IndepSolver solver;
    solver.gjk_tolerance = kPeerTolerance;
    solver.gjk_max_iterations = kPeerMaxIterations;
    solver.epa_tolerance = kPeerTolerance;
    solver.epa_max_iterations = kPeerMaxIterations;
    // Polytope capacity of the order of ours (defaults::kEpaMaxVertices / kEpaMaxFaces).
    solver.epa_max_vertex_num = 128;
    solver.epa_max_face_num = 256;
    return solver;
}

LibccdSolver makeLibccdSolver() {
    LibccdSolver solver;
    solver.collision_tolerance = kPeerTolerance;
    solver.max_collision_iterations = kPeerMaxIterations;
    solver.distance_tolerance = kPeerTolerance;
    solver.max_distance_iterations = kPeerMaxIterations;
    return solver;
}

/// One FCL solver (GST_INDEP or GST_LIBCCD) on FCL's native shapes.
template <typename Solver>
class FclPeer final : public Peer {
public:
    /// `fallbackSignedDistance`: compute penetration by fcl::collide with contacts here instead of
    /// fcl::distance's enable_signed_distance (see the file comment).
    FclPeer(std::string_view peerName, fcl::GJKSolverType solverType, const Solver& solver,
            bool fallbackSignedDistance)
        : name_(peerName), solverType_(solverType), solver_(solver),
          fallbackSignedDistance_(fallbackSignedDistance) {}

    [[nodiscard]] std::string_view name() const override { return name_; }
    [[nodiscard]] bool supports(Task /*task*/) const override { return true; }

    void prepare(const Shape& a, const Shape& b) override {
        a_ = makeGeometry(a);
        b_ = makeGeometry(b);
        rounding_ = roundingOf(a) + roundingOf(b);
    }

    PeerResult query(const Pose& poseA, const Pose& poseB, Task task) override {
        if (!a_ || !b_) {
            return failedResult();
        }
        try {
            const fcl::Transform3d tfA = toFcl(poseA);
            const fcl::Transform3d tfB = toFcl(poseB);
            if (task == Task::Boolean && rounding_ == 0.0) {
                return collide(tfA, tfB);
            }
            // Rounded boxes: the cores' distance minus the roundings (a boolean query too, as
            // cores apart by less than the roundings collide).
            const Task coreTask = task == Task::Boolean ? Task::Distance : task;
            const double d = coreDistance(tfA, tfB, coreTask) - rounding_;
            return task == Task::Boolean ? booleanResult(d <= 0.0)
                                         : signedDistanceResult(task, d);
        } catch (const std::exception&) { // FCL throws FailedAtThisConfiguration
            return failedResult();
        }
    }

private:
    PeerResult collide(const fcl::Transform3d& tfA, const fcl::Transform3d& tfB) const {
        fcl::CollisionRequestd request(1, false); // one contact, no contact data
        request.gjk_solver_type = solverType_;
        fcl::CollisionResultd result;
        fcl::collide(a_.get(), tfA, b_.get(), tfB, &solver_, request, result);
        return booleanResult(result.isCollision());
    }

    /// FCL's distance of the two geometries: signed under Task::SignedDistance, else <= 0 for
    /// any overlap.
    double coreDistance(const fcl::Transform3d& tfA, const fcl::Transform3d& tfB,
                        Task task) const {
        const bool fallback = task == Task::SignedDistance && fallbackSignedDistance_;
        fcl::DistanceRequestd request;
        request.enable_nearest_points = false;
        request.enable_signed_distance = task == Task::SignedDistance && !fallback;
        request.distance_tolerance = kPeerTolerance;
        request.gjk_solver_type = solverType_;
        fcl::DistanceResultd result;
        fcl::distance(a_.get(), tfA, b_.get(), tfB, &solver_, request, result);
        // Without signed distance FCL reports -1 for overlapping shapes: <= 0 means overlap.
        if (fallback && result.min_distance <= 0.0) {
            return -penetrationDepth(tfA, tfB);
        }
        return result.min_distance;
    }

    /// fcl::distance's own signed-distance fallback (one contact, as FCL requests it), reading
    /// the contact depth as positive whatever sign FCL's routine gave it.
    double penetrationDepth(const fcl::Transform3d& tfA, const fcl::Transform3d& tfB) const {
        fcl::CollisionRequestd request(1, true);
        request.gjk_solver_type = solverType_;
        fcl::CollisionResultd result;
        fcl::collide(a_.get(), tfA, b_.get(), tfB, &solver_, request, result);
        double depth = 0.0;
        for (std::size_t i = 0; i < result.numContacts(); ++i) {
            depth = std::max(depth, std::abs(result.getContact(i).penetration_depth));
        }
        return depth;
    }

    std::string_view name_;
    fcl::GJKSolverType solverType_;
    Solver solver_;
    bool fallbackSignedDistance_;
    Geometry a_;
    Geometry b_;
    double rounding_ = 0.0; ///< sum of the two boxes' roundings (unit: metre)
};

} // namespace

std::unique_ptr<Peer> makeFclIndepPeer() {
    return std::make_unique<FclPeer<IndepSolver>>("fcl-gjk", fcl::GST_INDEP, makeIndepSolver(),
                                                  true);
}

std::unique_ptr<Peer> makeFclLibccdPeer() {
    return std::make_unique<FclPeer<LibccdSolver>>("fcl-gjk-libccd", fcl::GST_LIBCCD,
                                                   makeLibccdSolver(), false);
}

} // namespace mk::peers
