#pragma once
/// \file BenchCommand.h
/// `minkowski bench`: every solver x warm start (and the peer libraries) on generated problem
/// sets and/or collision-problem CSV files, summarised in one table; or the replay of a
/// trajectory dataset (DatasetBench.h).

#include "Command.h"

#include <CLI/CLI.hpp>

#include <memory>

namespace mk::cli {

/// Adds the `bench` sub-command to `app`.
std::unique_ptr<Command> makeBenchCommand(CLI::App& app);

} // namespace mk::cli
