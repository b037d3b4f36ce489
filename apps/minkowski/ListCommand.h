#pragma once
/// \file ListCommand.h
/// `minkowski list [scenes|solvers|warm-starts|assets]`: what `run` accepts, from the registries.

#include "Command.h"

#include <CLI/CLI.hpp>
#include <memory>

namespace mk::cli {

/// Adds the `list` sub-command to `app`.
std::unique_ptr<Command> makeListCommand(CLI::App& app);

} // namespace mk::cli
