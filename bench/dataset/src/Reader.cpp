/// \file Reader.cpp
/// Reading a dataset file: tables through the shared schema, then consistency checks
/// (ReaderChecks.cpp).

#include "minkowski/dataset/Reader.h"

#include "Hdf5.h"
#include "MetaIo.h"
#include "ReaderChecks.h"
#include "Schema.h"

#include <filesystem>

namespace mk::dataset {
namespace {

h5::Handle openDataset(const std::string& path) {
    std::error_code error;
    if (!std::filesystem::exists(path, error)) {
        throw DatasetError(path + ": no such file");
    }
    if (std::filesystem::is_directory(path, error)) {
        throw DatasetError(path + ": is a folder, not a dataset file");
    }
    return h5::openFile(path);
}

/// The shape records of /shapes with their vertices and triangles.
std::vector<ShapeRecord> readShapes(hid_t file, const std::string& path, std::int64_t version) {
    const std::string where = path + ": /" + schema::kShapes;
    const h5::Handle group = h5::openGroup(file, schema::kShapes, where);
    const std::vector<ShapeRow> rows = readTable(group.get(), schema::shapeFields(version), where);
    const std::vector<std::string> names = h5::readStrings(group.get(), "name", where + "/name");
    const std::vector<VertexRow> vertices = readTable(group.get(), schema::vertexFields(), where);
    const std::vector<TriangleRow> triangles =
        readTable(group.get(), schema::triangleFields(), where);
    if (names.size() != rows.size()) {
        throw DatasetError(where + "/name: " + std::to_string(names.size()) + " names for " +
                           std::to_string(rows.size()) + " shapes");
    }
    std::vector<ShapeRecord> shapes;
    for (size_t i = 0; i < rows.size(); ++i) {
        shapes.push_back(shapeRecord(rows[i], names[i], vertices, triangles, where, i));
    }
    return shapes;
}

template <class Row>
std::vector<Row> readGroupTable(hid_t file, const char* group, std::span<const Field<Row>> fields,
                                const std::string& path) {
    const std::string where = path + ": /" + group;
    const h5::Handle handle = h5::openGroup(file, group, where);
    return readTable(handle.get(), fields, where);
}

std::vector<BodyRow> readBodies(hid_t file, const std::string& path) {
    std::vector<BodyRow> bodies = readGroupTable(file, schema::kBodies, schema::bodyFields(), path);
    const std::string where = path + ": /" + schema::kBodies;
    const h5::Handle group = h5::openGroup(file, schema::kBodies, where);
    const std::vector<std::string> names = h5::readStrings(group.get(), "name", where + "/name");
    if (names.size() != bodies.size()) {
        throw DatasetError(where + "/name: " + std::to_string(names.size()) + " names for " +
                           std::to_string(bodies.size()) + " bodies");
    }
    for (size_t i = 0; i < bodies.size(); ++i) {
        bodies[i].name = names[i];
    }
    return bodies;
}

std::vector<std::string> readSolverNames(hid_t file, const std::string& path) {
    const std::string where = path + ": /" + schema::kProblems;
    const h5::Handle group = h5::openGroup(file, schema::kProblems, where);
    return h5::readStrings(group.get(), schema::kSolverNames,
                           where + "/" + schema::kSolverNames);
}

DatasetMeta readMetaGroup(hid_t file, const std::string& path) {
    const std::string where = path + ": /" + schema::kMeta;
    const h5::Handle group = h5::openGroup(file, schema::kMeta, where);
    return readMeta(group.get(), where);
}

} // namespace

Dataset readDataset(const std::string& path, const ReadOptions& options) {
    const h5::Handle file = openDataset(path);
    Dataset d;
    d.path = path;
    d.meta = readMetaGroup(file.get(), path);
    const std::int64_t version = d.meta.schemaVersion;
    d.shapeRecords = readShapes(file.get(), path, version);
    d.trajectories = readGroupTable(file.get(), schema::kIndex, schema::indexFields(), path);
    d.problems =
        readGroupTable(file.get(), schema::kProblems, schema::problemFields(version), path);
    d.solverNames = version == 1 ? kSchema1Solvers : readSolverNames(file.get(), path);
    if (options.bodies) {
        d.bodies = readBodies(file.get(), path);
    }
    if (options.states) {
        d.states = readGroupTable(file.get(), schema::kStates, schema::stateFields(), path);
    }
    checkDataset(d, options);
    for (const ShapeRecord& record : d.shapeRecords) {
        try {
            d.shapes.push_back(rebuildShape(record));
        } catch (const DatasetError& error) {
            throw DatasetError(path + ": /shapes: " + error.what());
        }
    }
    return d;
}

DatasetMeta readDatasetMeta(const std::string& path) {
    const h5::Handle file = openDataset(path);
    return readMetaGroup(file.get(), path);
}

} // namespace mk::dataset
