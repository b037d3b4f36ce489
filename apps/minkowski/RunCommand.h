#pragma once
/// \file RunCommand.h
/// `minkowski run [SCENE]`: runs a built-in scene or a scene file and prints the summary (steps,
/// narrow-phase calls and times, iterations, contacts, wall time, real-time factor, state hash).

#include "Command.h"

#include <CLI/CLI.hpp>
#include <memory>

namespace mk::cli {

/// Adds the `run` sub-command to `app`.
std::unique_ptr<Command> makeRunCommand(CLI::App& app);

} // namespace mk::cli
