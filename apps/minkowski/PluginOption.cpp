/// \file PluginOption.cpp
/// `--plugin` (PluginOption.h).

#include "PluginOption.h"

#include "Command.h"
#include "minkowski/narrowphase/Plugin.h"

#include <spdlog/spdlog.h>
#include <string>
#include <vector>

namespace mk::cli {
namespace {

/// The files of every `--plugin` of the command line (one sub-command runs per process).
std::vector<std::string>& pluginSpecs() {
    static std::vector<std::string> specs;
    return specs;
}

} // namespace

void addPluginOption(CLI::App& command) {
    command
        .add_option("--plugin", pluginSpecs(),
                    "Solver plugin to load (repeatable): a shared library, or a name looked "
                    "up in $MINKOWSKI_PLUGIN_PATH as NAME, NAME.so, libNAME.so "
                    "(docs/plugins.md)")
        ->type_name("PATH")
        ->take_all()
        ->allow_extra_args(false);
}

void loadPluginOptions() {
    for (const std::string& spec : pluginSpecs()) {
        try {
            const LoadedPlugin& p = loadPlugin(resolvePlugin(spec));
            for (const SolverEntry* e : p.solvers) {
                spdlog::debug("plugin {}: solver '{}'", p.path, e->name);
            }
        } catch (const PluginError& error) {
            throw UsageError(std::string("--plugin ") + error.what());
        }
    }
}

std::string pluginFailureNotes() {
    std::string text;
    for (const LoadedPlugin* p : loadedPlugins()) {
        for (const SolverEntry* e : p->solvers) {
            text += "Plugin solver " + e->name + " (" + p->path +
                    "): " + std::to_string(e->failureCount()) +
                    " failed queries (threw, non-finite result or invalid status), each answered "
                    "by gjk.\n";
        }
    }
    return text;
}

} // namespace mk::cli
