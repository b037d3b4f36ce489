/// \file Writer.cpp
/// The dataset writer: temporary file, chunked tables, shapes and meta at commit, rename.

#include "minkowski/dataset/Writer.h"

#include "Hdf5.h"
#include "MetaIo.h"
#include "Schema.h"
#include "minkowski/dataset/Format.h"

#include <algorithm>
#include <filesystem>
#include <optional>
#include <unistd.h>

namespace mk::dataset {
namespace fs = std::filesystem;

void checkDestination(const std::string& path, bool overwrite) {
    std::error_code error;
    const fs::file_status status = fs::status(path, error);
    if (!fs::exists(status)) {
        return;
    }
    // The commit renames a new file onto the destination: never onto a device node, a pipe, a
    // socket or a directory (as root, --out /dev/full --force replaced the device node).
    if (!fs::is_regular_file(status)) {
        throw DatasetError("'" + path +
                           "' is not a regular file; a dataset replaces regular files only");
    }
    if (!overwrite) {
        throw DatasetError("'" + path + "' exists; use --force to overwrite it");
    }
}

struct DatasetWriter::Impl {
    std::string path;
    std::string temporary;
    WriterOptions options;
    bool committed = false;
    std::vector<ShapeRecord> shapes;
    std::vector<std::string> solverNames; ///< /problems/solver_names (schema 2)
    std::vector<std::string> bodyNames;
    std::optional<std::int32_t> lastTrajectory;
    std::optional<TrajectoryRow> current; ///< between begin() and end()
    std::int32_t firstTrajectory = 0;
    // Handles in creation order; closed in reverse order (tables first, the file last).
    h5::Handle file;
    h5::Handle meta;
    h5::Handle shapesGroup;
    h5::Handle trajectoriesGroup;
    h5::Handle indexGroup;
    h5::Handle bodiesGroup;
    h5::Handle statesGroup;
    h5::Handle problemsGroup;
    std::optional<TableWriter<TrajectoryRow>> index;
    std::optional<TableWriter<BodyRow>> bodies;
    std::optional<TableWriter<StateRow>> states;
    std::optional<TableWriter<ProblemRow>> problems;

    std::int64_t trajectoryRows = 0;
    std::int64_t problemRows = 0;

    void open();
    void closeObjects();
    void closeAll() {
        closeObjects();
        file.reset();
    }
    std::vector<std::int32_t> internShapes(const TrajectoryData& t);
    std::vector<std::int32_t> internSolvers(const TrajectoryData& t);
    void writeShapes();
};

void DatasetWriter::Impl::open() {
    file = h5::createFile(temporary);
    meta = h5::createGroup(file.get(), schema::kMeta);
    shapesGroup = h5::createGroup(file.get(), schema::kShapes);
    trajectoriesGroup = h5::createGroup(file.get(), schema::kTrajectories);
    indexGroup = h5::createGroup(file.get(), schema::kIndex);
    bodiesGroup = h5::createGroup(file.get(), schema::kBodies);
    statesGroup = h5::createGroup(file.get(), schema::kStates);
    problemsGroup = h5::createGroup(file.get(), schema::kProblems);
    index.emplace(indexGroup.get(), schema::indexFields(), kChunkRows);
    bodies.emplace(bodiesGroup.get(), schema::bodyFields(), kChunkRows);
    states.emplace(statesGroup.get(), schema::stateFields(), kChunkRows);
    problems.emplace(problemsGroup.get(), schema::problemFields(options.schemaVersion),
                     kChunkRows);
}

void DatasetWriter::Impl::closeObjects() {
    problems.reset();
    states.reset();
    bodies.reset();
    index.reset();
    for (h5::Handle* group : {&problemsGroup, &statesGroup, &bodiesGroup, &indexGroup,
                              &trajectoriesGroup, &shapesGroup, &meta}) {
        group->reset();
    }
}

/// Global ids of the trajectory's local shapes, adding the new geometries.
std::vector<std::int32_t> DatasetWriter::Impl::internShapes(const TrajectoryData& t) {
    std::vector<std::int32_t> ids;
    for (const ShapeRecord& shape : t.shapes) {
        if (options.schemaVersion == 1 &&
            (shape.inflation != 0.0 || shape.type > ShapeType::ConvexMesh)) {
            throw DatasetError("shape '" + shape.name + "': schema 1 cannot store a " +
                               std::string(shapeTypeName(shape.type)) +
                               (shape.inflation != 0.0 ? " with rounding" : ""));
        }
        std::int32_t id = 0;
        while (static_cast<size_t>(id) < shapes.size() && !shapes[size_t(id)].sameGeometry(shape)) {
            ++id;
        }
        if (static_cast<size_t>(id) == shapes.size()) {
            shapes.push_back(shape);
        }
        ids.push_back(id);
    }
    return ids;
}

/// Global ids (schema 1: values of kSchema1Solvers) of the trajectory's solver names.
std::vector<std::int32_t> DatasetWriter::Impl::internSolvers(const TrajectoryData& t) {
    std::vector<std::int32_t> ids;
    for (const std::string& name : t.solverNames) {
        if (options.schemaVersion == 1) {
            const auto it = std::find(kSchema1Solvers.begin(), kSchema1Solvers.end(), name);
            if (it == kSchema1Solvers.end()) {
                throw DatasetError("solver '" + name + "': schema 1 stores only the seven "
                                   "solvers with their default options");
            }
            ids.push_back(static_cast<std::int32_t>(it - kSchema1Solvers.begin()));
            continue;
        }
        const auto it = std::find(solverNames.begin(), solverNames.end(), name);
        ids.push_back(static_cast<std::int32_t>(it - solverNames.begin()));
        if (it == solverNames.end()) {
            solverNames.push_back(name);
        }
    }
    return ids;
}

void DatasetWriter::Impl::writeShapes() {
    std::vector<ShapeRow> rows;
    std::vector<std::string> names;
    // shapes/vertices and shapes/triangles: columns of the shapes group itself.
    TableWriter<VertexRow> vertices(shapesGroup.get(), schema::vertexFields(), kChunkRows);
    TableWriter<TriangleRow> triangles(shapesGroup.get(), schema::triangleFields(), kChunkRows);
    for (const ShapeRecord& s : shapes) {
        rows.push_back({static_cast<std::uint8_t>(s.type), s.params, s.inflation, s.exponents,
                        static_cast<std::int64_t>(vertices.rows()),
                        static_cast<std::int64_t>(s.vertices.size()),
                        static_cast<std::int64_t>(triangles.rows()),
                        static_cast<std::int64_t>(s.triangles.size())});
        names.push_back(s.name);
        for (const Vec3& v : s.vertices) {
            vertices.append({v});
        }
        for (const auto& t : s.triangles) {
            triangles.append({{t[0], t[1], t[2]}});
        }
    }
    vertices.flush();
    triangles.flush();
    TableWriter<ShapeRow> table(shapesGroup.get(), schema::shapeFields(options.schemaVersion),
                                kChunkRows);
    for (const ShapeRow& row : rows) {
        table.append(row);
    }
    table.flush();
    h5::writeStrings(shapesGroup.get(), "name", names);
}

DatasetWriter::DatasetWriter(std::string path, WriterOptions options)
    : impl_(std::make_unique<Impl>()) {
    checkDestination(path, options.overwrite);
    impl_->path = std::move(path);
    impl_->temporary = impl_->path + ".tmp." + std::to_string(::getpid());
    impl_->options = options;
    try {
        impl_->open();
    } catch (...) {
        impl_->closeAll();
        std::error_code ignored;
        fs::remove(impl_->temporary, ignored);
        throw;
    }
}

DatasetWriter::~DatasetWriter() {
    if (!impl_->committed) {
        impl_->closeAll();
        std::error_code ignored;
        fs::remove(impl_->temporary, ignored);
    }
}

void DatasetWriter::add(const TrajectoryData& t) {
    begin(t.trajectory);
    append(t);
    end(t.steps, t.stateHash);
}

void DatasetWriter::begin(std::int32_t trajectory) {
    Impl& w = *impl_;
    if (w.current) {
        throw DatasetError("trajectory " + std::to_string(trajectory) +
                           " begun before trajectory " + std::to_string(w.current->trajectory) +
                           " ended");
    }
    if (w.lastTrajectory && trajectory <= *w.lastTrajectory) {
        throw DatasetError("trajectory " + std::to_string(trajectory) + " added after trajectory " +
                           std::to_string(*w.lastTrajectory) + " (they must increase)");
    }
    w.current = TrajectoryRow{trajectory, 0,
                              0,          std::int64_t(w.bodies->rows()),
                              0,          std::int64_t(w.states->rows()),
                              0,          std::int64_t(w.problems->rows()),
                              0};
}

void DatasetWriter::append(const TrajectoryData& t) {
    Impl& w = *impl_;
    if (!w.current || w.current->trajectory != t.trajectory) {
        throw DatasetError("rows of trajectory " + std::to_string(t.trajectory) +
                           " appended outside begin/end of that trajectory");
    }
    const std::vector<std::int32_t> ids = w.internShapes(t);
    const std::vector<std::int32_t> solverIds = w.internSolvers(t);
    const auto global = [&](std::int32_t local) {
        if (local < 0 || static_cast<size_t>(local) >= ids.size()) {
            throw DatasetError("trajectory " + std::to_string(t.trajectory) + ": shape id " +
                               std::to_string(local) + " out of range");
        }
        return ids[static_cast<size_t>(local)];
    };
    for (BodyRow body : t.bodies) {
        body.shape = global(body.shape);
        w.bodies->append(body);
        w.bodyNames.push_back(body.name);
    }
    for (const StateRow& state : t.states) {
        w.states->append(state);
    }
    for (ProblemRow problem : t.problems) {
        problem.shapeA = global(problem.shapeA);
        problem.shapeB = global(problem.shapeB);
        if (problem.solver < 0 || static_cast<size_t>(problem.solver) >= solverIds.size()) {
            throw DatasetError("trajectory " + std::to_string(t.trajectory) + ": solver id " +
                               std::to_string(problem.solver) + " out of range");
        }
        problem.solver = solverIds[static_cast<size_t>(problem.solver)];
        w.problems->append(problem);
    }
    w.problemRows += static_cast<std::int64_t>(t.problems.size());
}

void DatasetWriter::end(std::int32_t steps, std::uint64_t stateHash) {
    Impl& w = *impl_;
    if (!w.current) {
        throw DatasetError("end() without begin()");
    }
    TrajectoryRow row = *w.current;
    row.steps = steps;
    row.stateHash = stateHash;
    row.bodyCount = std::int64_t(w.bodies->rows()) - row.firstBody;
    row.stateCount = std::int64_t(w.states->rows()) - row.firstState;
    row.problemCount = std::int64_t(w.problems->rows()) - row.firstProblem;
    w.index->append(row);
    if (!w.lastTrajectory) {
        w.firstTrajectory = row.trajectory;
    }
    w.lastTrajectory = row.trajectory;
    w.current.reset();
    ++w.trajectoryRows;
}

void DatasetWriter::commit(DatasetMeta meta) {
    Impl& w = *impl_;
    if (w.current) {
        throw DatasetError("commit() inside trajectory " + std::to_string(w.current->trajectory));
    }
    meta.schemaVersion = w.options.schemaVersion;
    meta.trajectoryCount = w.trajectoryRows;
    meta.firstTrajectory = w.lastTrajectory ? w.firstTrajectory : meta.firstTrajectory;
    w.index->flush();
    w.bodies->flush();
    w.states->flush();
    w.problems->flush();
    h5::writeStrings(w.bodiesGroup.get(), "name", w.bodyNames);
    if (w.options.schemaVersion >= 2) {
        h5::writeStrings(w.problemsGroup.get(), schema::kSolverNames, w.solverNames);
    }
    w.writeShapes();
    writeMeta(w.meta.get(), meta);
    w.closeObjects();
    h5::closeFile(w.file, w.path);
    checkDestination(w.path, w.options.overwrite);
    std::error_code error;
    fs::rename(w.temporary, w.path, error);
    if (error) {
        throw DatasetError("cannot write '" + w.path + "': " + error.message());
    }
    w.committed = true;
}

const std::string& DatasetWriter::path() const {
    return impl_->path;
}
const std::string& DatasetWriter::temporaryPath() const {
    return impl_->temporary;
}
std::int64_t DatasetWriter::trajectories() const {
    return impl_->trajectoryRows;
}
std::int64_t DatasetWriter::problems() const {
    return impl_->problemRows;
}

} // namespace mk::dataset
