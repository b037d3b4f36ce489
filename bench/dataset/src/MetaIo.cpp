/// \file MetaIo.cpp
/// Reading and writing the attributes of /meta.

#include "MetaIo.h"

#include "Hdf5.h"
#include "minkowski/dataset/Format.h"

namespace mk::dataset {

void writeMeta(hid_t g, const DatasetMeta& m) {
    h5::writeAttribute(g, "format", std::string(kFormatName));
    h5::writeAttribute(g, "schema_version", m.schemaVersion);
    h5::writeAttribute(g, "program_version", m.programVersion);
    h5::writeAttribute(g, "source", m.source);
    h5::writeAttribute(g, "scene_name", m.sceneName);
    h5::writeAttribute(g, "scene_file", m.sceneFile);
    h5::writeAttribute(g, "scene_toml", m.sceneToml);
    h5::writeAttribute(g, "mesh_folder", m.meshFolder);
    h5::writeAttribute(g, "seed", m.seed);
    h5::writeAttribute(g, "time_step", m.timeStep);
    h5::writeAttribute(g, "steps_per_trajectory", m.stepsPerTrajectory);
    h5::writeAttribute(g, "scene_trajectories", m.sceneTrajectories);
    h5::writeAttribute(g, "first_trajectory", m.firstTrajectory);
    h5::writeAttribute(g, "trajectory_count", m.trajectoryCount);
    h5::writeAttribute(g, "shard_index", m.shardIndex);
    h5::writeAttribute(g, "shard_count", m.shardCount);
    h5::writeAttribute(g, "solver", m.solver);
    h5::writeAttribute(g, "warm_start", m.warmStart);
    h5::writeAttribute(g, "task", m.task);
    h5::writeAttribute(g, "margin", m.margin);
    h5::writeAttribute(g, "perturbation_iterations", m.perturbationIterations);
}

DatasetMeta readMeta(hid_t g, const std::string& where) {
    const std::string format = h5::readStringAttribute(g, "format", where);
    if (format != kFormatName) {
        throw DatasetError(where + ": format '" + format + "', expected '" +
                           std::string(kFormatName) + "'");
    }
    DatasetMeta m;
    m.schemaVersion = h5::readIntAttribute(g, "schema_version", where);
    if (m.schemaVersion < 1 || m.schemaVersion > kSchemaVersion) {
        throw DatasetError(where + ": schema version " + std::to_string(m.schemaVersion) +
                           " (this program reads 1 to " + std::to_string(kSchemaVersion) + ")");
    }
    const auto text = [&](const char* name) { return h5::readStringAttribute(g, name, where); };
    const auto integer = [&](const char* name) { return h5::readIntAttribute(g, name, where); };
    m.programVersion = text("program_version");
    m.source = text("source");
    m.sceneName = text("scene_name");
    m.sceneFile = text("scene_file");
    m.sceneToml = text("scene_toml");
    m.meshFolder = text("mesh_folder");
    m.seed = h5::readUintAttribute(g, "seed", where);
    m.timeStep = h5::readDoubleAttribute(g, "time_step", where);
    m.stepsPerTrajectory = integer("steps_per_trajectory");
    m.sceneTrajectories = integer("scene_trajectories");
    m.firstTrajectory = integer("first_trajectory");
    m.trajectoryCount = integer("trajectory_count");
    m.shardIndex = integer("shard_index");
    m.shardCount = integer("shard_count");
    m.solver = text("solver");
    m.warmStart = text("warm_start");
    m.task = text("task");
    m.margin = h5::readDoubleAttribute(g, "margin", where);
    m.perturbationIterations = integer("perturbation_iterations");
    return m;
}

} // namespace mk::dataset
