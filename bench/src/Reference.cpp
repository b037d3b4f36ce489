/// \file Reference.cpp
/// Placing a pair of shapes at given signed distances, with reference distances (Generator.h).

#include "minkowski/bench/Generator.h"

#include "minkowski/narrowphase/Solver.h"
#include "minkowski/narrowphase/Collide.h"

#include <algorithm>
#include <array>

namespace mk::bench {
namespace {

/// The separation from which every target distance is placed (unit: metre): small, so that the
/// translations to the close-proximity targets are short.
constexpr double kBaseDistance = 0.01;
constexpr int kReferenceMaxIterations = 5000;

/// Tight-tolerance request for `solver`.
QueryRequest tightRequest(const SolverEntry& solver) {
    QueryRequest request;
    request.task = Task::SignedDistance;
    request.solver = solver;
    request.tolerance = kReferenceTolerance;
    request.absoluteTolerance = 1e-14;
    request.maxIterations = kReferenceMaxIterations;
    request.penetrationTolerance = kReferencePenetrationTolerance;
    request.maxPenetrationIterations = defaults::kEpaMaxIterations;
    return request;
}

/// Distance and normal of separated shapes at tight tolerance: vanilla GJK, then the accelerated
/// variants if it does not converge. Nothing when none converges to Status::Separated.
std::optional<QueryResult> tightSeparation(const Shape& a, const Pose& poseA, const Shape& b,
                                           const Pose& poseB) {
    for (const SolverEntry* solver : {&builtins::gjk(), &builtins::gjkPolyak(), &builtins::gjkNesterov()}) {
        const QueryResult result = collide(a, poseA, b, poseB, tightRequest(*solver));
        if (result.status == Status::Separated) {
            return result;
        }
    }
    return std::nullopt;
}

/// Reference of a problem built by moving B `target` (< 0) past contact: EPA at tight
/// tolerance. The depth cannot exceed |target| (moving B back by |target| separates), so a
/// deeper EPA answer is clamped and marked best effort. A thin A may let B pass through and
/// out: then the problem is separated and its reference is GJK's distance.
void setPenetrationReference(CollisionProblem& problem, double target) {
    const QueryResult result = collide(problem.a.shape, problem.poseA, problem.b.shape,
                                       problem.poseB, tightRequest(builtins::gjk()));
    if (result.status == Status::Separated || result.distance > 0.0) {
        if (const auto separated = tightSeparation(problem.a.shape, problem.poseA,
                                                   problem.b.shape, problem.poseB)) {
            problem.referenceDistance = separated->distance;
            problem.referenceKind = ReferenceKind::PassedThrough;
            problem.gridDistance.reset();
            return;
        }
    }
    // Rounding may put a converged answer a few ulps outside [target, 0].
    constexpr double kSlack = 10.0 * kReferencePenetrationTolerance;
    const bool converged = result.status == Status::Penetrating &&
                           result.distance >= target - kSlack && result.distance <= kSlack;
    problem.referenceDistance = std::clamp(result.distance, target, 0.0);
    problem.referenceKind = converged ? ReferenceKind::Epa : ReferenceKind::EpaBestEffort;
}

/// Largest distance from a shape's origin to its points (unit: metre).
double reach(const Shape& shape) {
    const BoundingSphere& sphere = shape.boundingSphere();
    return sphere.center.norm() + sphere.radius;
}

} // namespace

std::optional<std::vector<CollisionProblem>> placePair(const ProblemShape& a, const ProblemShape& b,
                                                       const Quat& rotationA, const Quat& rotationB,
                                                       const Vec3& direction,
                                                       const std::vector<double>& distances) {
    const Pose poseA(rotationA, Vec3::Zero());
    // Start surely separated, then move to the base distance along the closest-point direction
    // and measure again there: every target is a short translation from the base.
    Pose base(rotationB, (reach(a.shape) + reach(b.shape) + 0.1) * direction.normalized());
    const std::optional<QueryResult> start = tightSeparation(a.shape, poseA, b.shape, base);
    if (!start) {
        return std::nullopt;
    }
    base.translation += (kBaseDistance - start->distance) * start->normal;
    const std::optional<QueryResult> atBase = tightSeparation(a.shape, poseA, b.shape, base);
    if (!atBase) {
        return std::nullopt;
    }
    std::vector<CollisionProblem> problems;
    problems.reserve(distances.size());
    for (double target : distances) {
        CollisionProblem problem{a, b, poseA, base, std::nullopt, ReferenceKind::None, target};
        problem.poseB.translation += (target - atBase->distance) * atBase->normal;
        if (target >= 0.0) {
            problem.referenceDistance = target;
            problem.referenceKind = ReferenceKind::Exact;
        } else {
            setPenetrationReference(problem, target);
        }
        problems.push_back(std::move(problem));
    }
    return problems;
}

} // namespace mk::bench
