#pragma once
/// \file MergeCommand.h
/// `minkowski merge`: joins the shards of a dataset (`minkowski record --shard k/N`).

#include "Command.h"

#include <CLI/CLI.hpp>
#include <memory>

namespace mk::cli {

/// Adds the `merge` sub-command to `app`.
std::unique_ptr<Command> makeMergeCommand(CLI::App& app);

} // namespace mk::cli
