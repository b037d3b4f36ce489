/// \file BadPlugin.cpp
/// Plugins that are broken in one way each (MK_BAD_PLUGIN selects which), for the loader's
/// error tests, and a misbehaving solver for the run-time guard tests (kind `misbehaving`).

#include "minkowski/narrowphase/Collide.h"
#include "minkowski/narrowphase/Plugin.h"

#include <limits>
#include <stdexcept>

#define MK_NO_ENTRY 1
#define MK_WRONG_ABI 2
#define MK_WRONG_LAYOUT 3
#define MK_NAME_CLASH 4
#define MK_BAD_OPTION 5
#define MK_THROWS 6
#define MK_MISBEHAVING 7
#define MK_NO_SOLVERS 8

#if MK_BAD_PLUGIN != MK_NO_ENTRY
namespace {

/// gjk's answer, or one of three failures chosen by the option `mode`:
/// ok | throw | nan | status.
mk::QueryResult misbehave(const mk::Shape& a, const mk::Pose& poseA, const mk::Shape& b,
                          const mk::Pose& poseB, const mk::QueryRequest& request, const void*) {
    const int mode = static_cast<int>(request.solver.option(0));
    if (mode == 1) {
        throw std::runtime_error("misbehaving solver");
    }
    mk::QueryRequest asGjk = request;
    asGjk.solver = mk::builtins::gjk();
    mk::QueryResult r = mk::collide(a, poseA, b, poseB, asGjk);
    if (mode == 2) {
        r.distance = std::numeric_limits<double>::quiet_NaN();
    } else if (mode == 3) {
        r.status = static_cast<mk::Status>(200);
    }
    return r;
}

std::vector<mk::SolverEntry> solvers() {
    mk::SolverEntry e{.name = "misbehaving", .description = "fails on purpose (tests)"};
    e.options = {mk::SolverOption{.name = "mode", .values = {"ok", "throw", "nan", "status"}}};
    e.query = misbehave;
#if MK_BAD_PLUGIN == MK_NAME_CLASH
    mk::SolverEntry clash = e;
    clash.name = "gjk";
    return {e, clash}; // the first is valid: all or none must register
#elif MK_BAD_PLUGIN == MK_BAD_OPTION
    e.options[0].defaultValue = 7; // outside its 4 values
#elif MK_BAD_PLUGIN == MK_THROWS
    throw std::runtime_error("cannot find my license file");
#elif MK_BAD_PLUGIN == MK_NO_SOLVERS
    return {};
#endif
    return {e};
}

} // namespace

extern "C" MK_PLUGIN_EXPORT const mk::PluginRegistration* minkowski_plugin() {
    mk::PluginLayout layout = mk::PluginLayout::current();
#if MK_BAD_PLUGIN == MK_WRONG_LAYOUT
    layout.request += 8; // as if QueryRequest had grown a field
#endif
#if MK_BAD_PLUGIN == MK_WRONG_ABI
    constexpr std::uint32_t kAbi = mk::kPluginAbiVersion + 1;
#else
    constexpr std::uint32_t kAbi = mk::kPluginAbiVersion;
#endif
    static const mk::PluginRegistration r{kAbi, layout, "bad-plugin", &solvers};
    return &r;
}
#else
extern "C" MK_PLUGIN_EXPORT int some_other_function() {
    return 42;
}
#endif
