#pragma once
/// \file BuiltinQueries.h
/// The query functions of the built-in convex solvers (Collide.cpp), for their registry entries
/// (BuiltinSolvers.cpp). Poses are valid (collide() checked them).

#include "minkowski/narrowphase/Gjk.h"
#include "minkowski/narrowphase/Query.h"
#include "minkowski/narrowphase/Shape.h"

#include <cstddef>

namespace mk {

/// Option positions of the GJK solvers' entries: subalgo, criterion, then momentum (the
/// accelerated variants only).
inline constexpr std::size_t kSubAlgorithmOption = 0;
inline constexpr std::size_t kCriterionOption = 1;
inline constexpr std::size_t kMomentumOption = 2;

/// The GJK settings a solver choice selects.
struct GjkMethod {
    GjkVariant variant = GjkVariant::Vanilla;
    SubAlgorithm subAlgorithm = SubAlgorithm::Johnson;
    GjkConvergence convergence = GjkConvergence::VanDenBergen;
    GjkMomentumSchedule momentum = GjkMomentumSchedule::Paper;
};

/// GJK `variant` on the cores with the options of request.solver, then the radii or EPA.
QueryResult gjkQuery(const Shape& a, const Pose& poseA, const Shape& b, const Pose& poseB,
                     const QueryRequest& request, GjkVariant variant);
/// MPR on the full shapes, vanilla GJK for what MPR cannot compute.
QueryResult mprQuery(const Shape& a, const Pose& poseA, const Shape& b, const Pose& poseB,
                     const QueryRequest& request);

} // namespace mk
