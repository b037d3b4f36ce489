#pragma once
/// \file BuiltinSolvers.h
/// The entries of the built-in solvers, in registry order, for the registry's construction.

#include "minkowski/narrowphase/Solver.h"

#include <vector>

namespace mk {

/// gjk, gjk-polyak, gjk-nesterov, gjk-nesterov-normalized, mpr, sdf-ellipsoid, rtr.
std::vector<SolverEntry> builtinSolverEntries();

} // namespace mk
