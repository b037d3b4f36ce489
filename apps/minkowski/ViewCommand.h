#pragma once
/// \file ViewCommand.h
/// `minkowski view [SCENE]`: opens the interactive viewer on a built-in scene or a scene file;
/// with --screenshot FILE --frames N it renders N frames unattended and saves the last one.

#include "Command.h"

#include "minkowski/scenes/SceneDesc.h"

#include <CLI/CLI.hpp>

#include <memory>

namespace mk::cli {

/// Adds the `view` sub-command to `app`.
std::unique_ptr<Command> makeViewCommand(CLI::App& app);

/// Opens the viewer on `scene` until its window is closed (what `minkowski run` does when a
/// display is available). \throws UsageError when there is no display.
int viewScene(const scenes::SceneDesc& scene);

} // namespace mk::cli
