#pragma once
/// \file ExportCommand.h
/// `minkowski export`: a dataset's problems as a collision-problem CSV
/// (docs/collision-problems.md), for other tools and `minkowski bench --problems`.

#include "Command.h"

#include <CLI/CLI.hpp>
#include <memory>

namespace mk::cli {

/// Adds the `export` sub-command to `app`.
std::unique_ptr<Command> makeExportCommand(CLI::App& app);

} // namespace mk::cli
