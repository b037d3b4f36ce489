/// \file SceneBindings.cpp
/// minkowski.Scene: built-in or TOML scenes, their simulation settings, a World for one
/// trajectory, and the `minkowski run` loop with a progress callback and the summary as a dict.

#include "Bindings.h"
#include "SceneHandle.h"
#include "WorldHandle.h"

#include "minkowski/scenes/BuiltinScenes.h"
#include "minkowski/scenes/SceneFile.h"
#include "minkowski/scenes/Shapes.h"
#include "minkowski/scenes/Simulation.h"

#include <pybind11/functional.h>
#include <pybind11/stl.h>

#include <cmath>
#include <cstdio>

namespace mk::python {

namespace {

std::string hexHash(std::uint64_t hash) {
    char text[17];
    std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(hash));
    return text;
}

py::dict summary(const scenes::RunStats& s) {
    py::dict d;
    d["first_trajectory"] = s.firstTrajectory;
    d["trajectories"] = s.trajectories;
    d["steps"] = s.steps;
    d["bodies"] = s.bodies;
    d["dynamic_bodies"] = s.dynamicBodies;
    d["narrow_phase_calls"] = s.narrowPhaseCalls;
    d["perturbation_calls"] = s.perturbationCalls;
    d["face_clips"] = s.faceClips;
    d["narrow_phase_skipped"] = s.narrowPhaseSkipped;
    d["narrow_phase_failures"] = s.narrowPhaseFailures;
    d["gjk_iterations"] = s.gjkIterations;
    d["penetration_iterations"] = s.penetrationIterations;
    d["contacts"] = s.contacts;
    d["max_contacts"] = s.maxContacts;
    d["pgs_iterations"] = s.pgsIterations;
    d["pgs_unconverged"] = s.pgsUnconverged;
    d["mean_call_seconds"] = s.meanCallSeconds();
    d["median_call_seconds"] = s.callSecondsQuantile(0.5);
    d["p90_call_seconds"] = s.callSecondsQuantile(0.9);
    d["simulated_seconds"] = s.simulatedSeconds;
    d["wall_seconds"] = s.wallSeconds;
    d["real_time_factor"] = s.realTimeFactor();
    d["state_hash"] = s.stateHash;
    d["state_hash_hex"] = hexHash(s.stateHash);
    return d;
}

py::dict runScene(const SceneHandle& h, int first, std::optional<int> count, const py::object& progress) {
    scenes::validateScene(h.desc);
    scenes::RunOptions options;
    options.firstTrajectory = first;
    options.trajectoryCount = count.value_or(-1);
    std::int64_t lastReported = -1;
    if (!progress.is_none()) {
        // At most ~200 calls into Python per run: the GIL is taken only then.
        options.progress = [&progress, &lastReported](std::int64_t done, std::int64_t total) {
            const std::int64_t every = std::max<std::int64_t>(1, total / 200);
            if (done == total || done - lastReported >= every) {
                lastReported = done;
                py::gil_scoped_acquire gil;
                progress(done, total);
            }
        };
    }
    scenes::RunStats stats;
    {
        const scenes::SceneShapes shapes = scenes::loadShapes(h.desc);
        py::gil_scoped_release release;
        stats = scenes::runScene(h.desc, shapes, options);
    }
    return summary(stats);
}

} // namespace

void bindScenes(py::module_& m) {
    py::class_<SceneHandle>(m, "Scene", "A scene (docs/scene-format.md): built in or a TOML file.")
        .def_static("load", &SceneHandle::load, py::arg("name_or_path"),
                    "A built-in scene name ('funnel') or a .toml file path.")
        .def_static("from_toml", &SceneHandle::fromToml, py::arg("text"), py::arg("source") = "<string>",
                    py::arg("base_directory") = ".")
        .def_static("builtin_names",
                    [] {
                        std::vector<std::string> names;
                        for (const auto& f : scenes::builtinSceneFiles()) {
                            names.emplace_back(f.name);
                        }
                        return names;
                    })
        .def_property_readonly("name", [](const SceneHandle& h) { return h.desc.name; })
        .def_property_readonly("description", [](const SceneHandle& h) { return h.desc.description; })
        .def_property_readonly("origin", [](const SceneHandle& h) { return h.origin; },
                               "'builtin:NAME' or the file it was read from")
        .def_property("seconds", [](const SceneHandle& h) { return h.desc.simulation.seconds; },
                      [](SceneHandle& h, double s) {
                          if (!(s > 0.0) || !std::isfinite(s)) {
                              throw py::value_error("seconds: must be a positive number");
                          }
                          h.desc.simulation.seconds = s;
                      })
        .def_property("seed", [](const SceneHandle& h) { return h.desc.simulation.seed; },
                      [](SceneHandle& h, std::uint64_t s) { h.desc.simulation.seed = s; })
        .def_property("trajectories", [](const SceneHandle& h) { return h.desc.simulation.trajectories; },
                      [](SceneHandle& h, int t) {
                          if (t < 1) {
                              throw py::value_error("trajectories: must be >= 1");
                          }
                          h.desc.simulation.trajectories = t;
                      })
        .def_property("solver", &SceneHandle::solverName, &SceneHandle::setSolver)
        .def_property("warm_start", [](const SceneHandle& h) { return std::string(name(h.desc.simulation.warmStart)); },
                      [](SceneHandle& h, const std::string& w) { h.desc.simulation.warmStart = parseWarmStart(w); })
        .def_property_readonly("steps_per_trajectory",
                               [](const SceneHandle& h) { return scenes::stepsPerTrajectory(h.desc.simulation); })
        .def_property_readonly("toml", [](const SceneHandle& h) { return scenes::formatScene(h.desc); })
        .def("use_meshes", [](SceneHandle& h, const std::string& folder) { scenes::useMeshFolder(h.desc, folder); },
             py::arg("folder"), "Replaces the objects of the mesh generators by the meshes of a folder.")
        .def(
            "build",
            [](const SceneHandle& h, int trajectory) {
                scenes::validateScene(h.desc);
                const scenes::SceneShapes shapes = scenes::loadShapes(h.desc);
                return std::make_shared<WorldHandle>(scenes::buildWorld(h.desc, shapes, trajectory));
            },
            py::arg("trajectory") = 0, "The World of one trajectory, with the scene's solver and settings.")
        .def("run_raw", &runScene, py::arg("first_trajectory") = 0, py::arg("trajectories") = py::none(),
             py::arg("progress") = py::none(),
             "Runs trajectories as `minkowski run` does (no GIL); progress(done, total) is called now and "
             "then. Returns the summary as a dict (state_hash is the one `minkowski run` prints).");
}

} // namespace mk::python
