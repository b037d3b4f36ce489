#pragma once
/// \file Collide.h
/// Entry point of the narrow phase and the registry of solvers by name.

#include "minkowski/narrowphase/Query.h"
#include "minkowski/narrowphase/Shape.h"

#include <span>
#include <stdexcept>
#include <string_view>

namespace mk {

/// Runs `request.solver` on shapes A and B at poses `poseA`, `poseB` (shape -> world).
/// Never throws and never allocates: invalid poses give Status::InvalidInput.
QueryResult collide(const Shape& a, const Pose& poseA, const Shape& b, const Pose& poseB,
                    const QueryRequest& request);

/// Thrown for an unknown solver, warm-start or task name; the message lists the valid names.
class UnknownNameError : public std::invalid_argument {
public:
    using std::invalid_argument::invalid_argument;
};

/// Every solver, in registry order (the order of SolverKind).
std::span<const SolverKind> allSolvers();
std::span<const WarmStart> allWarmStarts();

/// Name -> enum. \throws UnknownNameError listing the valid names.
SolverKind parseSolver(std::string_view name);
WarmStart parseWarmStart(std::string_view name);
Task parseTask(std::string_view name);

} // namespace mk
