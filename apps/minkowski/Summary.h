#pragma once
/// \file Summary.h
/// The end-of-run summary of `minkowski run`: one line per quantity, then `state hash: <hex>` so
/// that two runs of the same scene, seed, solver and warm start compare at a glance.

#include "minkowski/scenes/SceneDesc.h"
#include "minkowski/scenes/Simulation.h"

#include <string>

namespace mk::cli {

/// The summary text (several lines, ending with the state hash line and a newline).
std::string formatSummary(const scenes::SceneDesc& scene, const scenes::RunStats& stats);

/// "state hash: 0123456789abcdef" (16 lower-case hex digits).
std::string stateHashLine(std::uint64_t hash);

} // namespace mk::cli
