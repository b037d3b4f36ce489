#pragma once
/// \file Plugin.h
/// Solver plugins: a shared library that registers one or more solvers (Solver.h) at run time.
/// A plugin defines one C function, the entry point, that returns its PluginRegistration:
///
///     extern "C" MK_PLUGIN_EXPORT const mk::PluginRegistration* minkowski_plugin() {
///         static const mk::PluginRegistration r{mk::kPluginAbiVersion,
///         mk::PluginLayout::current(),
///                                               "my-plugin", &mySolvers};
///         return &r;
///     }
///
/// The host (loadPlugin()) checks the ABI version and the layout of the types both sides
/// share, then calls `solvers` once and registers every entry it returns, all or none.
/// A plugin links the narrow-phase library statically (support functions, math), so it needs
/// nothing of the host but this entry point; it must be built with the same compiler family
/// and standard library as the host (the entries hold std::string and std::vector).
/// docs/plugins.md documents the contract value by value.

#include "minkowski/narrowphase/Query.h"
#include "minkowski/narrowphase/Shape.h"
#include "minkowski/narrowphase/Solver.h"

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#if defined(_WIN32)
#define MK_PLUGIN_EXPORT __declspec(dllexport)
#else
#define MK_PLUGIN_EXPORT __attribute__((visibility("default")))
#endif

namespace mk {

/// Version of the plugin interface: PluginRegistration, SolverEntry, the query signature and
/// the meaning of their fields. Raised on every incompatible change; a plugin built for another
/// version is refused.
inline constexpr std::uint32_t kPluginAbiVersion = 1;

/// Name of the entry point a plugin exports (extern "C", no arguments, returns
/// `const PluginRegistration*`).
inline constexpr const char* kPluginEntryPoint = "minkowski_plugin";

/// Sizes of the types the host and the plugin exchange, as the plugin was compiled. A
/// mismatch means the plugin was built against other headers (another Minkowski version or
/// other compile flags) and would read garbage; the host refuses it.
struct PluginLayout {
    std::uint32_t shape = 0;        ///< sizeof(Shape)
    std::uint32_t pose = 0;         ///< sizeof(Pose)
    std::uint32_t request = 0;      ///< sizeof(QueryRequest)
    std::uint32_t result = 0;       ///< sizeof(QueryResult)
    std::uint32_t entry = 0;        ///< sizeof(SolverEntry)
    std::uint32_t solverOption = 0; ///< sizeof(SolverOption)

    /// The layout of the headers being compiled.
    static constexpr PluginLayout current() {
        return {sizeof(Shape),       sizeof(Pose),        sizeof(QueryRequest),
                sizeof(QueryResult), sizeof(SolverEntry), sizeof(SolverOption)};
    }
    friend bool operator==(const PluginLayout&, const PluginLayout&) = default;
};

/// What a plugin's entry point returns. Plain data (a static object of the plugin).
struct PluginRegistration {
    std::uint32_t abiVersion = 0; ///< kPluginAbiVersion as the plugin was compiled
    PluginLayout layout{};        ///< PluginLayout::current() as the plugin was compiled
    const char* name = nullptr;   ///< the plugin's name, for messages ("example-solvers")
    /// The plugin's solvers (SolverEntry: name, description, options, warm starts, traits,
    /// query, context). Called once, after the checks above. May throw; the plugin is then
    /// refused with the exception's message. `origin` and `guarded` are set by the host.
    std::vector<SolverEntry> (*solvers)() = nullptr;
};

/// The entry point's type.
using PluginEntryPoint = const PluginRegistration* (*)();

/// A plugin that cannot be loaded: missing or unreadable file, not a shared library, no entry
/// point, wrong ABI version or layout, malformed or clashing solvers. The message is one line
/// and starts with the file.
class PluginError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// A loaded plugin.
struct LoadedPlugin {
    std::string path;                        ///< canonical path of the file
    std::string name;                        ///< PluginRegistration::name
    std::vector<const SolverEntry*> solvers; ///< what it registered, in its order
};

/// Loads the plugin at `path` and registers its solvers (origin = the canonical path), all or
/// none; loading a file already loaded returns it again without registering anything. The
/// library stays loaded until the process ends (its functions back the entries). Not
/// thread-safe with queries: load plugins before worlds and benchmarks run (Solver.h).
/// \throws PluginError.
const LoadedPlugin& loadPlugin(const std::string& path);

/// `spec` as a file: a spec with a '/' is a path (relative to `baseDir` when not absolute);
/// a bare name is looked up in `baseDir` first, then in every directory of the
/// MINKOWSKI_PLUGIN_PATH environment variable (':'-separated), as NAME, NAME.so and libNAME.so.
/// \throws PluginError when nothing is found (listing where it looked).
std::string resolvePlugin(const std::string& spec, const std::string& baseDir = ".");

/// Every plugin loaded so far, in load order.
std::vector<const LoadedPlugin*> loadedPlugins();

} // namespace mk
