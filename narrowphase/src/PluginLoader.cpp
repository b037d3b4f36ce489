/// \file PluginLoader.cpp
/// Loads solver plugins (Plugin.h) with dlopen and registers their solvers.

#include "minkowski/narrowphase/Plugin.h"

#include <cstdlib>
#include <deque>
#include <dlfcn.h>
#include <filesystem>
#include <mutex>
#include <system_error>

namespace mk {
namespace {

namespace fs = std::filesystem;

struct Plugins {
    std::mutex mutex;
    std::deque<LoadedPlugin> loaded; // never moves: loadPlugin() returns references
};

Plugins& plugins() {
    static Plugins p;
    return p;
}

std::string layoutText(const PluginLayout& l) {
    return "Shape " + std::to_string(l.shape) + ", Pose " + std::to_string(l.pose) +
           ", QueryRequest " + std::to_string(l.request) + ", QueryResult " +
           std::to_string(l.result) + ", SolverEntry " + std::to_string(l.entry) +
           ", SolverOption " + std::to_string(l.solverOption) + " bytes";
}

/// The registration of the library `handle`, checked. \throws PluginError.
const PluginRegistration& checkedRegistration(void* handle, const std::string& file) {
    dlerror();
    void* symbol = dlsym(handle, kPluginEntryPoint);
    if (symbol == nullptr) {
        throw PluginError(file + ": not a Minkowski plugin (no entry point '" +
                          std::string(kPluginEntryPoint) + "'; see docs/plugins.md)");
    }
    const auto entry = reinterpret_cast<PluginEntryPoint>(symbol);
    const PluginRegistration* r = entry();
    if (r == nullptr) {
        throw PluginError(file + ": the entry point returned no registration");
    }
    if (r->abiVersion != kPluginAbiVersion) {
        throw PluginError(file + ": built for plugin ABI version " + std::to_string(r->abiVersion) +
                          ", this Minkowski loads version " + std::to_string(kPluginAbiVersion) +
                          "; rebuild the plugin");
    }
    if (!(r->layout == PluginLayout::current())) {
        throw PluginError(file + ": built against other Minkowski headers (" +
                          layoutText(r->layout) + "; here " + layoutText(PluginLayout::current()) +
                          "); rebuild the plugin");
    }
    if (r->name == nullptr || r->solvers == nullptr) {
        throw PluginError(file + ": the registration has no name or no solvers function");
    }
    return *r;
}

/// The plugin's entries. \throws PluginError with the plugin's own message.
std::vector<SolverEntry> pluginSolvers(const PluginRegistration& r, const std::string& file) {
    try {
        std::vector<SolverEntry> entries = r.solvers();
        if (entries.empty()) {
            throw PluginError(file + ": plugin '" + r.name + "' registers no solver");
        }
        return entries;
    } catch (const PluginError&) {
        throw;
    } catch (const std::exception& error) {
        throw PluginError(file + ": plugin '" + r.name +
                          "' failed to list its solvers: " + error.what());
    } catch (...) {
        throw PluginError(file + ": plugin '" + r.name +
                          "' failed to list its solvers (unknown exception)");
    }
}

std::string canonicalFile(const std::string& path) {
    std::error_code ec;
    if (!fs::is_regular_file(path, ec)) {
        throw PluginError(path + ": no such plugin file");
    }
    const fs::path canonical = fs::canonical(path, ec);
    if (ec) {
        throw PluginError(path + ": " + ec.message());
    }
    return canonical.string();
}

std::vector<std::string> searchPath() {
    std::vector<std::string> dirs;
    const char* env = std::getenv("MINKOWSKI_PLUGIN_PATH");
    std::string text = env != nullptr ? env : "";
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t end = std::min(text.find(':', start), text.size());
        if (end > start) {
            dirs.push_back(text.substr(start, end - start));
        }
        start = end + 1;
    }
    return dirs;
}

} // namespace

std::string resolvePlugin(const std::string& spec, const std::string& baseDir) {
    const fs::path base = baseDir.empty() ? fs::path(".") : fs::path(baseDir);
    std::error_code ec;
    if (spec.find('/') != std::string::npos) {
        const fs::path p = fs::path(spec).is_absolute() ? fs::path(spec) : base / spec;
        if (!fs::is_regular_file(p, ec)) {
            throw PluginError(spec + ": no such plugin file (looked for " + p.string() + ")");
        }
        return p.string();
    }
    std::vector<std::string> dirs{base.string()};
    for (const std::string& d : searchPath()) {
        dirs.push_back(d);
    }
    std::string looked;
    for (const std::string& dir : dirs) {
        for (const std::string& file : {spec, spec + ".so", "lib" + spec + ".so"}) {
            const fs::path p = fs::path(dir) / file;
            if (fs::is_regular_file(p, ec)) {
                return p.string();
            }
        }
        looked += (looked.empty() ? "" : ", ") + dir;
    }
    throw PluginError(spec + ": no such plugin (looked in " + looked +
                      " and MINKOWSKI_PLUGIN_PATH, as NAME, NAME.so and libNAME.so)");
}

const LoadedPlugin& loadPlugin(const std::string& path) {
    const std::string file = canonicalFile(path);
    Plugins& p = plugins();
    const std::lock_guard lock(p.mutex);
    for (const LoadedPlugin& l : p.loaded) {
        if (l.path == file) {
            return l;
        }
    }
    // RTLD_LOCAL: two plugins may use the same internal names; the library is never closed
    // (its functions back the registered entries).
    void* handle = dlopen(file.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (handle == nullptr) {
        const char* why = dlerror();
        throw PluginError(path + ": cannot load: " + (why != nullptr ? why : "unknown error"));
    }
    try {
        const PluginRegistration& r = checkedRegistration(handle, path);
        LoadedPlugin loaded{file, r.name, {}};
        try {
            loaded.solvers = registerSolvers(pluginSolvers(r, path), file);
        } catch (const SolverRegistrationError& error) {
            throw PluginError(path + ": " + error.what());
        }
        p.loaded.push_back(std::move(loaded));
        return p.loaded.back();
    } catch (...) {
        dlclose(handle); // nothing of it was registered
        throw;
    }
}

std::vector<const LoadedPlugin*> loadedPlugins() {
    Plugins& p = plugins();
    const std::lock_guard lock(p.mutex);
    std::vector<const LoadedPlugin*> out;
    for (const LoadedPlugin& l : p.loaded) {
        out.push_back(&l);
    }
    return out;
}

} // namespace mk
