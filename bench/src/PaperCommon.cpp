/// \file PaperCommon.cpp
/// What both paper reproductions share: timing one query, placing a pose at a given MTD.

#include "minkowski/bench/Generator.h"
#include "minkowski/bench/Paper.h"
#include "minkowski/bench/Statistics.h"
#include "minkowski/bench/Timing.h"
#include "minkowski/narrowphase/Solver.h"
#include "minkowski/narrowphase/Collide.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace mk::bench {
namespace {

/// Halvings of the bisection: the bracket starts within 3 L, so 60 halvings reach rounding.
constexpr int kBisectionSteps = 60;
/// Largest accepted |MTD - target| of a placed pose, relative to L.
constexpr double kPlacementTolerance = 1e-8;

bool answered(Status s) {
    return s == Status::Separated || s == Status::Penetrating || s == Status::Touching;
}

} // namespace

double meanBoundingRadius(const Shape& a, const Shape& b) {
    return 0.5 * (a.boundingSphere().radius + b.boundingSphere().radius);
}

PaperQuery timePaperQuery(const Shape& a, const Pose& poseA, const Shape& b, const Pose& poseB,
                          const QueryRequest& request, std::span<double> samples) {
    PaperQuery out;
    out.result = collide(a, poseA, b, poseB, request); // warm-up: caches, branch predictors
    if (samples.empty()) {
        return out;
    }
    out.result = timeRepeats([&] { return collide(a, poseA, b, poseB, request); }, samples);
    const std::vector<double> copy(samples.begin(), samples.end());
    out.timeNs = std::max(0.0, fastestFractionMean(copy, 0.9) - clockOverheadNs());
    return out;
}

std::optional<Pose> placeAtMtd(const Shape& a, const Pose& poseA, const Shape& b,
                               const Quat& rotationB, const Vec3& direction, double target) {
    QueryRequest reference;
    reference.solver = builtins::gjk();
    reference.task = Task::SignedDistance;
    reference.tolerance = kReferenceTolerance;
    reference.penetrationTolerance = kReferencePenetrationTolerance;
    reference.maxIterations = 1000;
    reference.maxPenetrationIterations = 1000;
    const double L = meanBoundingRadius(a, b);
    const Vec3 centreA = poseA.apply(a.boundingSphere().center);
    const Vec3 base = centreA - rotationB * b.boundingSphere().center;
    const auto poseAt = [&](double t) { return Pose(rotationB, base + t * direction); };
    // sd(t) is convex (the SDF of the Minkowski difference along a line) and below any target
    // of interest at t = 0 (coincident centres), above it at hi: one crossing.
    double lo = 0.0;
    double hi = 2.0 * L + std::abs(target) + 0.1 * L;
    for (int i = 0; i < kBisectionSteps; ++i) {
        const double mid = 0.5 * (lo + hi);
        (collide(a, poseA, b, poseAt(mid), reference).distance < target ? lo : hi) = mid;
    }
    const Pose pose = poseAt(0.5 * (lo + hi));
    const QueryResult r = collide(a, poseA, b, pose, reference);
    if (!answered(r.status) || std::abs(r.distance - target) > kPlacementTolerance * L) {
        return std::nullopt;
    }
    return pose;
}

} // namespace mk::bench
