/// \file Export.cpp
/// Dataset problems <-> collision problems.

#include "minkowski/dataset/Export.h"

#include "minkowski/bench/ProblemCsv.h"

#include <cmath>
#include <limits>
#include <map>

namespace mk::dataset {
namespace {

bench::ProblemShape problemShape(const Dataset& d, std::int32_t id) {
    const auto index = static_cast<size_t>(id);
    return {d.shapes.at(index), "", d.shapeRecords.at(index).name};
}

/// The dataset id of a problem's shape, adding it on first use (meshes by object identity).
std::int32_t addShape(Dataset& d, const bench::ProblemShape& shape,
                      std::map<const void*, std::int32_t>& meshes) {
    const bool mesh = shape.shape.type() == ShapeType::ConvexMesh;
    if (mesh) {
        if (const auto it = meshes.find(shape.shape.convexMesh()); it != meshes.end()) {
            return it->second;
        }
    }
    const auto id = static_cast<std::int32_t>(d.shapes.size());
    d.shapes.push_back(shape.shape);
    d.shapeRecords.push_back(describeShape(shape.shape, shape.label));
    if (mesh) {
        meshes[shape.shape.convexMesh()] = id;
    }
    return id;
}

} // namespace

std::vector<bench::CollisionProblem> collisionProblems(const Dataset& d,
                                                       const std::vector<size_t>& rows) {
    std::vector<bench::CollisionProblem> problems;
    problems.reserve(rows.size());
    for (size_t row : rows) {
        const ProblemRow& p = d.problems.at(row);
        bench::CollisionProblem problem{.a = problemShape(d, p.shapeA),
                                        .b = problemShape(d, p.shapeB),
                                        .poseA = p.poseA,
                                        .poseB = p.poseB,
                                        .referenceDistance = std::nullopt,
                                        .referenceKind = bench::ReferenceKind::None,
                                        .gridDistance = std::nullopt};
        if (std::isfinite(p.distance)) {
            problem.referenceDistance = p.distance;
            problem.referenceKind = bench::ReferenceKind::Given;
        }
        problems.push_back(std::move(problem));
    }
    return problems;
}

size_t exportProblemCsv(const Dataset& d, const std::vector<size_t>& rows,
                        const std::string& csvPath) {
    const std::vector<bench::CollisionProblem> problems = collisionProblems(d, rows);
    bench::writeProblemCsv(csvPath, problems);
    return problems.size();
}

Dataset datasetFromProblems(const bench::ProblemSet& set, const std::string& path) {
    Dataset d;
    d.path = path;
    d.meta.source = "collision-problem CSV";
    d.meta.sceneName = set.name;
    d.meta.sceneFile = path;
    d.meta.trajectoryCount = 1;
    d.meta.sceneTrajectories = 1;
    d.meta.stepsPerTrajectory = 1;
    d.trajectories.push_back({0, 1, 0, 0, 0, 0, 0, 0, std::int64_t(set.problems.size())});
    d.solverNames = {"gjk"}; // no call was recorded: rows name the default solver
    std::map<const void*, std::int32_t> meshes;
    for (const bench::CollisionProblem& problem : set.problems) {
        ProblemRow row;
        row.shapeA = addShape(d, problem.a, meshes);
        row.shapeB = addShape(d, problem.b, meshes);
        row.bodyA = 0;
        row.bodyB = 1;
        row.poseA = problem.poseA;
        row.poseB = problem.poseB;
        row.obbCenterA = problem.poseA.apply(problem.a.shape.localObb().center);
        row.obbCenterB = problem.poseB.apply(problem.b.shape.localObb().center);
        row.distance = problem.referenceDistance.value_or(std::numeric_limits<double>::quiet_NaN());
        row.status = static_cast<std::uint8_t>(Status::InvalidInput); // nothing was recorded
        d.problems.push_back(row);
    }
    return d;
}

} // namespace mk::dataset
