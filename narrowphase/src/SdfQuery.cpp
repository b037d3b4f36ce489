/// \file SdfQuery.cpp
/// Shapes to SDFs, and the "sdf-ellipsoid" query: request mapping, statuses, world frame, warm
/// start (Corollary 1).

#include "minkowski/narrowphase/detail/SdfEllipsoid.h"

#include "minkowski/narrowphase/ConvexMesh.h"
#include "minkowski/narrowphase/Rtr.h"
#include "minkowski/narrowphase/Shape.h"

#include <algorithm>
#include <cmath>

namespace mk {
namespace {

/// Floor of the cut budget through mk::collide: the method gains about one decade per 24 cuts
/// in 3-D (volume ratio e^{-1/8} per cut, eq. 9), so 2000 cuts reach any relative tolerance
/// down to rounding from the bounding spheres.
constexpr int kMinCuts = 2000;

SdfSettings settingsFor(const QueryRequest& q, double meanRadius) {
    SdfSettings s;
    s.tolerance = std::max(q.tolerance * meanRadius, 0.5 * q.absoluteTolerance);
    s.maxIterations = std::max(q.maxIterations, kMinCuts);
    s.stopAtOverlap = q.task != Task::SignedDistance;
    s.stopAboveBound = q.task == Task::Boolean;
    s.earlyExitBound = 0.5 * q.margin;
    return s;
}

/// Status of a converged (or capped) run, see Query.h.
Status statusOf(const SdfOutput& o, const SdfContact& c, const QueryRequest& q) {
    switch (o.status) {
    case SdfStatus::OverlapProven: return Status::Overlapping;
    case SdfStatus::SeparationProven: return Status::SeparatedEarlyExit;
    case SdfStatus::MaxIterations: return Status::MaxIterations;
    case SdfStatus::Degenerate: return Status::Degenerate;
    case SdfStatus::Converged: break;
    }
    if (o.upper < 0.0) { // f < 0 at a point: overlap is certain (the SDFs keep their sign)
        if (q.task != Task::SignedDistance) {
            return Status::Overlapping;
        }
        return -c.distance <= q.absoluteTolerance ? Status::Touching : Status::Penetrating;
    }
    if (o.lower > 0.0 && c.distance > q.absoluteTolerance) {
        return Status::Separated;
    }
    return Status::Touching; // 0 <= f* <= f+ within the tolerance
}

} // namespace

std::optional<SdfShape> SdfShape::of(const Shape& shape) {
    std::optional<SdfShape> s;
    switch (shape.type()) {
    case ShapeType::Sphere: s = sphere(shape.radius()); break;
    case ShapeType::Box: // a rounded box is its core's SDF minus the rounding: exact (SdfShapes)
        s = box(shape.halfExtents(), shape.coreRadius());
        break;
    case ShapeType::Capsule: s = capsule(shape.radius(), shape.halfHeight()); break;
    case ShapeType::Cylinder: s = cylinder(shape.radius(), shape.halfHeight()); break;
    case ShapeType::Cone: s = cone(shape.radius(), shape.halfHeight()); break;
    case ShapeType::Ellipsoid: s = ellipsoid(shape.radii()); break;
    case ShapeType::ConvexMesh: s = polyhedron(*shape.polyhedronSdf()); break;
    case ShapeType::Superquadric:
        s = superquadric(*shape.smoothSupport(), shape.coreRadius());
        break;
    case ShapeType::SmoothedHull: return std::nullopt;
    }
    if (s) {
        s->sphere_ = shape.boundingSphere(); // the shape's own (tighter for cones and meshes)
    }
    return s;
}

bool sdfSupports(const Shape& shape) { return shape.type() != ShapeType::SmoothedHull; }

bool sdfExact(const Shape& shape) {
    const ShapeType t = shape.type();
    return t == ShapeType::Sphere || t == ShapeType::Box || t == ShapeType::Capsule ||
           t == ShapeType::Cylinder;
}

QueryResult sdfEllipsoidQuery(const Shape& a, const Pose& poseA, const Shape& b, const Pose& poseB,
                              const QueryRequest& request) {
    QueryResult out;
    out.hints = request.hints;
    // the warm-start output when nothing better is known; a non-finite guess must not leak
    const Vec3 guess = request.initialGuess.allFinite() ? request.initialGuess : Vec3(Vec3::UnitX());
    out.separation = guess;
    if (!poseA.isValid() || !poseB.isValid()) {
        out.status = Status::InvalidInput;
        return out;
    }
    const std::optional<SdfShape> sa = SdfShape::of(a);
    const std::optional<SdfShape> sb = SdfShape::of(b);
    if (!sa || !sb) {
        out.status = Status::Unsupported;
        return out;
    }
    const Pose bInA = poseA.inverse() * poseB;
    const double meanRadius = 0.5 * (a.boundingSphere().radius + b.boundingSphere().radius);
    const SdfSettings settings = settingsFor(request, meanRadius);
    SdfWarmStartLocal warm;
    if (request.sdfWarmStart) {
        warm.optimumWithA = poseA.applyInverse(request.sdfWarmStart->optimumWithA);
        warm.optimumWithB = poseA.applyInverse(request.sdfWarmStart->optimumWithB);
        warm.value = request.sdfWarmStart->value;
    }
    const SdfOutput o = minimizeSdfMax(*sa, *sb, bInA, settings,
                                       request.sdfWarmStart ? &warm : nullptr, out.hints);
    const SdfContact c = sdfContact(o, settings.tolerance, sa->exact() && sb->exact());

    out.status = statusOf(o, c, request);
    out.distance = o.status == SdfStatus::SeparationProven ? 2.0 * o.lower : c.distance;
    out.witnessA = poseA.apply(c.witnessA);
    out.witnessB = poseA.apply(c.witnessB);
    out.normal = poseA.rotation * c.normal;
    if (out.status == Status::Overlapping) { // no depth: a common point, as the other solvers
        out.distance = 0.0;
        out.witnessA = out.witnessB = poseA.apply(o.point);
    }
    out.collide = isOverlap(out.status) || out.status == Status::Touching ||
                  out.distance <= request.margin;
    out.iterations = o.iterations;
    out.supportCalls = o.evaluations;
    out.separation = out.status == Status::Overlapping ? guess
                     : out.distance == 0.0 ? Vec3(-out.normal)
                                           : Vec3(-std::abs(out.distance) * out.normal);
    return out;
}

std::optional<SdfWarmStart> sdfWarmStartFrom(const QueryResult& previous, const Pose& previousA,
                                             const Pose& previousB, const Pose& poseA,
                                             const Pose& poseB) {
    const Status s = previous.status;
    if (s != Status::Separated && s != Status::Penetrating && s != Status::Touching) {
        return std::nullopt;
    }
    const Vec3 optimum = 0.5 * (previous.witnessA + previous.witnessB);
    SdfWarmStart w;
    w.optimumWithA = poseA.apply(previousA.applyInverse(optimum));
    w.optimumWithB = poseB.apply(previousB.applyInverse(optimum));
    w.value = 0.5 * previous.distance;
    return w;
}

} // namespace mk
