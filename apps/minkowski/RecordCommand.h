#pragma once
/// \file RecordCommand.h
/// `minkowski record`: runs a scene and writes every narrow-phase call to an HDF5 dataset
/// (docs/dataset.md).

#include "Command.h"

#include <CLI/CLI.hpp>
#include <memory>

namespace mk::cli {

/// Adds the `record` sub-command to `app`.
std::unique_ptr<Command> makeRecordCommand(CLI::App& app);

} // namespace mk::cli
