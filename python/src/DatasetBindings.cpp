/// \file DatasetBindings.cpp
/// Datasets from Python: record a scene, open a file as numpy arrays, replay its problems through
/// built-in and Python solvers with warm starts (GJK++ Sec. IV-E, Fig. 13).

#include "Arrays.h"
#include "Bindings.h"
#include "DatasetReplay.h"
#include "SceneHandle.h"

#include "minkowski/dataset/Reader.h"
#include "minkowski/dataset/Recorder.h"
#include "minkowski/dataset/Writer.h"
#include "minkowski/scenes/SceneFile.h"
#include "minkowski/scenes/Shapes.h"

#include <pybind11/stl.h>

#include <memory>

namespace mk::python {

namespace {

template <class Row, class T>
py::array_t<T> scalarColumn(const std::vector<Row>& rows, T Row::*field) {
    py::array_t<T> a(static_cast<py::ssize_t>(rows.size()));
    for (size_t i = 0; i < rows.size(); ++i) {
        a.mutable_data()[i] = rows[i].*field;
    }
    return a;
}

template <class Row>
py::array_t<double> vecColumn(const std::vector<Row>& rows, Vec3 Row::*field) {
    py::array_t<double> a = newDoubles(static_cast<py::ssize_t>(rows.size()), 3);
    for (size_t i = 0; i < rows.size(); ++i) {
        writeVec3(rows[i].*field, a.mutable_data() + 3 * i);
    }
    return a;
}

template <class Row>
py::array_t<double> poseColumn(const std::vector<Row>& rows, Pose Row::*field) {
    py::array_t<double> a = newDoubles(static_cast<py::ssize_t>(rows.size()), 7);
    for (size_t i = 0; i < rows.size(); ++i) {
        writePose(rows[i].*field, a.mutable_data() + 7 * i);
    }
    return a;
}

using dataset::ProblemRow;

py::dict problemColumns(const dataset::Dataset& d) {
    const auto& r = d.problems;
    py::dict c;
    c["trajectory"] = scalarColumn(r, &ProblemRow::trajectory);
    c["step"] = scalarColumn(r, &ProblemRow::step);
    c["body_a"] = scalarColumn(r, &ProblemRow::bodyA);
    c["body_b"] = scalarColumn(r, &ProblemRow::bodyB);
    c["shape_a"] = scalarColumn(r, &ProblemRow::shapeA);
    c["shape_b"] = scalarColumn(r, &ProblemRow::shapeB);
    c["pose_a"] = poseColumn(r, &ProblemRow::poseA);
    c["pose_b"] = poseColumn(r, &ProblemRow::poseB);
    c["perturbed"] = scalarColumn(r, &ProblemRow::perturbed);
    c["queried_previous"] = scalarColumn(r, &ProblemRow::queriedPrevious);
    c["previous_step"] = scalarColumn(r, &ProblemRow::previousStep);
    c["solver"] = scalarColumn(r, &ProblemRow::solver);
    c["status"] = scalarColumn(r, &ProblemRow::status);
    c["collide"] = scalarColumn(r, &ProblemRow::collide);
    c["distance"] = scalarColumn(r, &ProblemRow::distance);
    c["witness_a"] = vecColumn(r, &ProblemRow::witnessA);
    c["witness_b"] = vecColumn(r, &ProblemRow::witnessB);
    c["normal"] = vecColumn(r, &ProblemRow::normal);
    c["separation"] = vecColumn(r, &ProblemRow::separation);
    c["initial_guess"] = vecColumn(r, &ProblemRow::initialGuess);
    c["iterations"] = scalarColumn(r, &ProblemRow::iterations);
    c["penetration_iterations"] = scalarColumn(r, &ProblemRow::penetrationIterations);
    c["support_calls"] = scalarColumn(r, &ProblemRow::supportCalls);
    return c;
}

py::dict trajectoryColumns(const dataset::Dataset& d) {
    using dataset::TrajectoryRow;
    const auto& r = d.trajectories;
    py::dict c;
    c["trajectory"] = scalarColumn(r, &TrajectoryRow::trajectory);
    c["steps"] = scalarColumn(r, &TrajectoryRow::steps);
    c["state_hash"] = scalarColumn(r, &TrajectoryRow::stateHash);
    c["problem_count"] = scalarColumn(r, &TrajectoryRow::problemCount);
    return c;
}

py::dict stateColumns(const dataset::Dataset& d) {
    using dataset::StateRow;
    const auto& r = d.states;
    py::dict c;
    c["trajectory"] = scalarColumn(r, &StateRow::trajectory);
    c["step"] = scalarColumn(r, &StateRow::step);
    c["body"] = scalarColumn(r, &StateRow::body);
    c["pose"] = poseColumn(r, &StateRow::pose);
    c["linear_velocity"] = vecColumn(r, &StateRow::linearVelocity);
    c["angular_velocity"] = vecColumn(r, &StateRow::angularVelocity);
    return c;
}

py::dict metaDict(const dataset::DatasetMeta& m) {
    py::dict d;
    d["schema_version"] = m.schemaVersion;
    d["program_version"] = m.programVersion;
    d["source"] = m.source;
    d["scene_name"] = m.sceneName;
    d["scene_file"] = m.sceneFile;
    d["mesh_folder"] = m.meshFolder;
    d["seed"] = m.seed;
    d["time_step"] = m.timeStep;
    d["steps_per_trajectory"] = m.stepsPerTrajectory;
    d["trajectory_count"] = m.trajectoryCount;
    d["solver"] = m.solver;
    d["warm_start"] = m.warmStart;
    d["task"] = m.task;
    d["margin"] = m.margin;
    return d;
}

py::dict record(const SceneHandle& h, const std::string& path, int threads, bool overwrite,
                const py::object& progress) {
    scenes::SceneDesc scene = h.desc;
    scene.simulation.contactCache = false; // every call is made (as `minkowski record`)
    scenes::validateScene(scene);
    dataset::checkDestination(path, overwrite);
    const scenes::SceneShapes shapes = scenes::loadShapes(scene);
    dataset::RecordOptions options;
    options.threads = threads;
    if (!progress.is_none()) {
        options.progress = [&progress](int done, int total) {
            py::gil_scoped_acquire gil;
            progress(done, total);
        };
    }
    dataset::RecordSummary summary;
    {
        py::gil_scoped_release release;
        dataset::DatasetWriter writer(path, {.overwrite = overwrite});
        summary = dataset::recordScene(scene, shapes, options, writer);
        writer.commit(dataset::recordingMeta(scene, h.origin, "", options.shard));
    }
    py::dict d;
    d["trajectories"] = summary.trajectories;
    d["problems"] = summary.problems;
    d["seconds"] = summary.seconds;
    d["path"] = path;
    return d;
}

} // namespace

void bindDatasets(py::module_& m) {
    py::class_<dataset::Dataset, std::shared_ptr<dataset::Dataset>>(m, "Dataset",
                                                                   "A trajectory dataset (docs/dataset.md) in memory.")
        .def(py::init([](const std::string& path, bool states) {
                 dataset::ReadOptions options;
                 options.states = states;
                 py::gil_scoped_release release;
                 return std::make_shared<dataset::Dataset>(dataset::readDataset(path, options));
             }),
             py::arg("path"), py::arg("states") = false, "Reads a dataset file (states: also /trajectories/states).")
        .def_readonly("path", &dataset::Dataset::path)
        .def_property_readonly("meta", [](const dataset::Dataset& d) { return metaDict(d.meta); })
        .def_property_readonly("meta_scene_toml", [](const dataset::Dataset& d) { return d.meta.sceneToml; })
        .def_property_readonly("problems", &problemColumns, "/problems as a dict of arrays (poses (N, 7)).")
        .def_property_readonly("trajectories", &trajectoryColumns)
        .def_property_readonly("states", &stateColumns)
        .def_property_readonly("shapes", [](const dataset::Dataset& d) { return d.shapes; })
        .def_property_readonly("shape_names",
                               [](const dataset::Dataset& d) {
                                   std::vector<std::string> names;
                                   for (const auto& r : d.shapeRecords) {
                                       names.push_back(r.name);
                                   }
                                   return names;
                               })
        .def("__len__", [](const dataset::Dataset& d) { return d.problems.size(); })
        .def("replay", &replayDataset, py::arg("solvers") = std::vector<std::string>{"gjk"},
             py::arg("warm_starts") = std::vector<std::string>{"none"}, py::arg("task") = "boolean",
             py::arg("repeats") = 10, py::arg("include_perturbed") = false, py::arg("dynamic_pairs_only") = false,
             py::arg("limit") = py::none(), py::arg("progress") = py::none(),
             "Replays the problems through every solver x warm start (Python solvers included). Returns "
             "{'results': dict of per-problem arrays, 'summary': list of row dicts, 'table': str}.");
    m.def("record", &record, py::arg("scene"), py::arg("path"), py::arg("threads") = 1,
          py::arg("overwrite") = false, py::arg("progress") = py::none(),
          "Records every narrow-phase call of the scene's trajectories into an HDF5 dataset, as `minkowski "
          "record` does (atomically: no partial file on error).");
}

} // namespace mk::python
