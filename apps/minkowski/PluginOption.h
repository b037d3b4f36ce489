#pragma once
/// \file PluginOption.h
/// `--plugin PATH|NAME` (repeatable) on the sub-commands that run solvers: solver plugins
/// (Plugin.h) loaded after parsing and before the command runs, so that every solver name of
/// the command line, scene files included, may name a plugin's solver.

#include <CLI/CLI.hpp>
#include <string>

namespace mk::cli {

/// Adds `--plugin` to `command`.
void addPluginOption(CLI::App& command);

/// Loads the plugins given with --plugin, in order (resolvePlugin(): a path, or a name looked
/// up in MINKOWSKI_PLUGIN_PATH). \throws UsageError naming the file (exit code 2).
void loadPluginOptions();

/// A footnote per solver of a loaded plugin: how many of its queries failed (threw, non-finite
/// result, invalid status) and were answered by gjk. Empty when no plugin is loaded.
std::string pluginFailureNotes();

} // namespace mk::cli
