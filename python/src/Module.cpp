/// \file Module.cpp
/// The extension module `minkowski._core`: each area binds itself (Bindings.h).

#include "Bindings.h"
#include "minkowski/narrowphase/Collide.h"
#include "minkowski/narrowphase/Plugin.h"

#include <pybind11/stl.h>
#include <string>
#include <vector>

namespace {

template <class Span> std::vector<std::string> names(const Span& values) {
    std::vector<std::string> out;
    for (const auto& v : values) {
        out.emplace_back(mk::name(v));
    }
    return out;
}

} // namespace

PYBIND11_MODULE(_core, m) {
    m.doc() = "Minkowski's compiled core: shapes, queries, the world, scenes, datasets";
    m.attr("__version__") = MK_PROGRAM_VERSION;
    mk::python::bindErrors(m);
    mk::python::bindShapes(m);
    mk::python::bindQueries(m);
    mk::python::bindPythonSolvers(m);
    mk::python::bindWorld(m);
    mk::python::bindScenes(m);
    mk::python::bindDatasets(m);
    mk::python::bindBench(m);
    m.def(
        "builtin_solvers",
        [] {
            std::vector<std::string> out;
            for (const mk::SolverEntry* e : mk::builtinSolvers()) {
                out.push_back(e->name);
            }
            return out;
        },
        "Names of the built-in solvers.");
    m.def(
        "registered_solvers",
        [] {
            std::vector<std::string> out;
            for (const mk::SolverEntry* e : mk::allSolvers()) {
                out.push_back(e->name);
            }
            return out;
        },
        "Names of every registered solver: the built-ins, then loaded plugins' (load_plugin).");
    m.def(
        "load_plugin",
        [](const std::string& path) {
            try {
                std::vector<std::string> out;
                for (const mk::SolverEntry* e : mk::loadPlugin(mk::resolvePlugin(path)).solvers) {
                    out.push_back(e->name);
                }
                return out;
            } catch (const mk::PluginError& error) {
                throw std::runtime_error(error.what()); // RuntimeError, one line naming the file
            }
        },
        pybind11::arg("path"),
        "Loads a solver plugin (docs/plugins.md: a path, or a name looked up in "
        "$MINKOWSKI_PLUGIN_PATH) and returns the names of its solvers, which every solver "
        "argument then accepts. Loading a file again does nothing.");
    m.def(
        "warm_starts", [] { return names(mk::allWarmStarts()); },
        "Names of the warm-start strategies.");
    m.def(
        "sub_algorithms", [] { return names(mk::allSubAlgorithms()); },
        "GJK sub-distance algorithms.");
    m.def(
        "solver_name",
        [](const std::string& text) { return mk::name(mk::parseSolverChoice(text)); },
        pybind11::arg("text"),
        "The canonical name of a built-in solver choice (raises UnknownNameError).");
}
