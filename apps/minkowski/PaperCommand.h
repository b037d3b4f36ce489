#pragma once
/// \file PaperCommand.h
/// `minkowski paper sdf|rtr`: the benchmarks of the SDF ellipsoid paper (Lopez-Adeva &
/// Merchante 2024, Figs. 8-13, 16-17) and of the RTR paper (An et al., Table II) on this machine
/// (bench/include/minkowski/bench/Paper.h, docs/paper-benchmarks.md).

#include "Command.h"

#include <CLI/CLI.hpp>
#include <memory>

namespace mk::cli {

/// Adds the `paper` sub-command (with `sdf` and `rtr`) to `app`.
std::unique_ptr<Command> makePaperCommand(CLI::App& app);

} // namespace mk::cli
