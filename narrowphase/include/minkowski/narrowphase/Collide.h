#pragma once
/// \file Collide.h
/// Entry point of the narrow phase, and the names of the query enums.

#include "minkowski/narrowphase/Query.h"
#include "minkowski/narrowphase/Shape.h"
#include "minkowski/narrowphase/Solver.h"

#include <span>
#include <string_view>

namespace mk {

/// Runs `request.solver` (its registry entry's query) on shapes A and B at poses `poseA`,
/// `poseB` (shape -> world). Never throws and never allocates: invalid poses give
/// Status::InvalidInput. A guarded solver (a plugin) that throws, returns a non-finite distance
/// or an invalid status is counted as a failure (SolverEntry::failureCount()) and answered by
/// gjk with the same request.
QueryResult collide(const Shape& a, const Pose& poseA, const Shape& b, const Pose& poseB,
                    const QueryRequest& request);

/// What `choice`'s solver promises on the pair (a, b) (SolverEntry::traitsFor).
[[nodiscard]] inline SolverTraits solverTraits(const SolverChoice& choice, const Shape& a,
                                               const Shape& b) {
    return choice.entry().traitsFor(a, b);
}

std::span<const WarmStart> allWarmStarts();

/// Name -> enum. \throws UnknownNameError listing the valid names.
WarmStart parseWarmStart(std::string_view name);
Task parseTask(std::string_view name);

} // namespace mk
