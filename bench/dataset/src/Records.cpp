/// \file Records.cpp
/// Shapes to records and back; one trajectory's rows out of a whole dataset.

#include "minkowski/dataset/Records.h"

#include "minkowski/narrowphase/ConvexMesh.h"
#include "minkowski/narrowphase/Rtr.h"

#include <algorithm>

#include <map>

namespace mk::dataset {

bool ShapeRecord::sameGeometry(const ShapeRecord& other) const {
    return type == other.type && params == other.params && inflation == other.inflation &&
           exponents == other.exponents && vertices == other.vertices &&
           triangles == other.triangles;
}

ShapeRecord describeShape(const Shape& shape, std::string name) {
    ShapeRecord record;
    record.name = std::move(name);
    record.type = shape.type();
    switch (shape.type()) {
    case ShapeType::Sphere:
    case ShapeType::Capsule:
    case ShapeType::Cylinder:
    case ShapeType::Cone:
        record.params = {shape.radius(), 0.0, shape.halfHeight()};
        break;
    case ShapeType::Box:
        record.params = shape.halfExtents();
        record.inflation = shape.coreRadius(); // the rounding
        break;
    case ShapeType::Ellipsoid:
        record.params = shape.radii();
        break;
    case ShapeType::ConvexMesh:
        record.vertices = shape.convexMesh()->vertices();
        record.triangles = shape.convexMesh()->triangles();
        break;
    case ShapeType::Superquadric: {
        const SmoothSupport& s = *shape.smoothSupport();
        record.params = s.radii();
        record.exponents = {s.alpha1(), s.alpha2(), 0.0};
        record.inflation = shape.coreRadius();
        break;
    }
    case ShapeType::SmoothedHull: {
        const SmoothSupport& s = *shape.smoothSupport();
        if (s.kind() != SmoothSupport::Kind::Hull) {
            throw DatasetError("shape '" + record.name +
                               "': a dataset cannot store a smoothed solid of revolution");
        }
        for (const Vec3& p : s.points()) { // stored about the centroid: back to the shape frame
            record.vertices.push_back(p + s.centre());
        }
        record.exponents = {s.beta(), 0.0, 0.0};
        break;
    }
    }
    return record;
}

Shape rebuildShape(const ShapeRecord& r) {
    try {
        switch (r.type) {
        case ShapeType::Sphere:
            return Shape::sphere(r.params.x());
        case ShapeType::Box:
            return Shape::box(r.params, r.inflation);
        case ShapeType::Capsule:
            return Shape::capsule(r.params.x(), r.params.z());
        case ShapeType::Cylinder:
            return Shape::cylinder(r.params.x(), r.params.z());
        case ShapeType::Cone:
            return Shape::cone(r.params.x(), r.params.z());
        case ShapeType::Ellipsoid:
            return Shape::ellipsoid(r.params);
        case ShapeType::ConvexMesh:
            return Shape::mesh(ConvexMesh::fromPoints(r.vertices));
        case ShapeType::Superquadric:
            return Shape::superquadric(r.params, r.exponents.x(), r.exponents.y(), r.inflation);
        case ShapeType::SmoothedHull:
            return Shape::smoothedHull(r.vertices, r.exponents.x());
        }
    } catch (const ShapeError& error) {
        throw DatasetError("shape '" + r.name + "': " + error.what());
    }
    throw DatasetError("shape '" + r.name + "': unsupported shape type " +
                       std::to_string(static_cast<int>(r.type)));
}

namespace {

/// Renumbers the shapes a trajectory uses, in order of first use.
class LocalShapes {
public:
    explicit LocalShapes(const Dataset& dataset) : dataset_(dataset) {}
    std::int32_t local(std::int32_t global) {
        const auto [it, added] = ids_.try_emplace(global, static_cast<std::int32_t>(ids_.size()));
        if (added) {
            shapes_.push_back(dataset_.shapeRecords.at(static_cast<size_t>(global)));
        }
        return it->second;
    }
    std::vector<ShapeRecord> take() { return std::move(shapes_); }

private:
    const Dataset& dataset_;
    std::map<std::int32_t, std::int32_t> ids_;
    std::vector<ShapeRecord> shapes_;
};

template <class Row>
std::vector<Row> slice(const std::vector<Row>& rows, std::int64_t first, std::int64_t count) {
    const auto begin = rows.begin() + static_cast<std::ptrdiff_t>(first);
    return {begin, begin + static_cast<std::ptrdiff_t>(count)};
}

} // namespace

TrajectoryData trajectoryData(const Dataset& dataset, size_t index) {
    const TrajectoryRow& t = dataset.trajectories.at(index);
    TrajectoryData data;
    data.trajectory = t.trajectory;
    data.steps = t.steps;
    data.stateHash = t.stateHash;
    data.bodies = slice(dataset.bodies, t.firstBody, t.bodyCount);
    data.states = slice(dataset.states, t.firstState, t.stateCount);
    data.problems = slice(dataset.problems, t.firstProblem, t.problemCount);
    LocalShapes shapes(dataset);
    for (BodyRow& body : data.bodies) {
        body.shape = shapes.local(body.shape);
    }
    std::map<std::int32_t, std::int32_t> solvers; // global -> local, in order of first use
    for (ProblemRow& problem : data.problems) {
        problem.shapeA = shapes.local(problem.shapeA);
        problem.shapeB = shapes.local(problem.shapeB);
        const auto [it, added] =
            solvers.try_emplace(problem.solver, static_cast<std::int32_t>(solvers.size()));
        if (added) {
            data.solverNames.push_back(dataset.solverNames.at(static_cast<size_t>(problem.solver)));
        }
        problem.solver = it->second;
    }
    data.shapes = shapes.take();
    return data;
}

std::vector<SolverChoice> recordedSolverChoices(const Dataset& dataset,
                                                const std::vector<size_t>& rows) {
    std::vector<std::int32_t> seen;
    std::vector<SolverChoice> choices;
    for (const size_t row : rows) {
        const std::int32_t id = dataset.problems.at(row).solver;
        if (std::find(seen.begin(), seen.end(), id) == seen.end()) {
            seen.push_back(id);
            choices.push_back(parseSolverChoice(dataset.solverNames.at(static_cast<size_t>(id))));
        }
    }
    return choices;
}

} // namespace mk::dataset
