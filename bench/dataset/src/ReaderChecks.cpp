/// \file ReaderChecks.cpp
/// Range and tiling checks of the tables of a dataset.

#include "ReaderChecks.h"

#include <cmath>

namespace mk::dataset {
namespace {

[[noreturn]] void fail(const std::string& where, size_t row, const std::string& what) {
    throw DatasetError(where + " row " + std::to_string(row) + ": " + what);
}

/// [first, first + count) inside [0, size).
bool inRange(std::int64_t first, std::int64_t count, size_t size) {
    return first >= 0 && count >= 0 && static_cast<std::uint64_t>(first + count) <= size;
}

/// The index rows tile the three tables in order, trajectories increase, the meta agrees.
void checkIndex(const Dataset& d, const ReadOptions& options) {
    const std::string where = d.path + ": /trajectories/index";
    std::int64_t bodies = 0;
    std::int64_t states = 0;
    std::int64_t problems = 0;
    for (size_t i = 0; i < d.trajectories.size(); ++i) {
        const TrajectoryRow& t = d.trajectories[i];
        if (i > 0 && t.trajectory <= d.trajectories[i - 1].trajectory) {
            fail(where, i, "trajectories do not increase");
        }
        if (t.firstProblem != problems || (options.bodies && t.firstBody != bodies) ||
            (options.states && t.firstState != states)) {
            fail(where, i, "offsets do not follow the previous trajectory's rows");
        }
        bodies += t.bodyCount;
        states += t.stateCount;
        problems += t.problemCount;
    }
    if (problems != static_cast<std::int64_t>(d.problems.size()) ||
        (options.bodies && bodies != static_cast<std::int64_t>(d.bodies.size())) ||
        (options.states && states != static_cast<std::int64_t>(d.states.size()))) {
        throw DatasetError(where + ": counts do not add up to the tables' rows (" +
                           std::to_string(problems) + " problems indexed, " +
                           std::to_string(d.problems.size()) + " stored)");
    }
    if (static_cast<std::int64_t>(d.trajectories.size()) != d.meta.trajectoryCount) {
        throw DatasetError(where + ": " + std::to_string(d.trajectories.size()) +
                           " trajectories, /meta trajectory_count says " +
                           std::to_string(d.meta.trajectoryCount));
    }
}

void checkShapeId(std::int32_t id, size_t shapes, const std::string& where, size_t row) {
    if (id < 0 || static_cast<size_t>(id) >= shapes) {
        fail(where, row,
             "shape " + std::to_string(id) + " out of range (" + std::to_string(shapes) +
                 " shapes)");
    }
}

bool finitePose(const Pose& p) {
    return p.rotation.coeffs().allFinite() && p.translation.allFinite();
}

void checkProblems(const Dataset& d) {
    const std::string where = d.path + ": /problems";
    for (size_t i = 0; i < d.problems.size(); ++i) {
        const ProblemRow& p = d.problems[i];
        checkShapeId(p.shapeA, d.shapeRecords.size(), where + "/shape_a", i);
        checkShapeId(p.shapeB, d.shapeRecords.size(), where + "/shape_b", i);
        if (!finitePose(p.poseA) || !finitePose(p.poseB)) {
            fail(where + "/pose_a, pose_b", i, "non-finite pose");
        }
        if (p.status > static_cast<std::uint8_t>(Status::Unsupported)) {
            fail(where + "/status", i, "unknown status " + std::to_string(p.status));
        }
        if (p.solver < 0 || static_cast<size_t>(p.solver) >= d.solverNames.size()) {
            fail(where + "/solver", i,
                 "solver " + std::to_string(p.solver) + " out of range (" +
                     std::to_string(d.solverNames.size()) + " solver names)");
        }
    }
}

void checkBodies(const Dataset& d) {
    const std::string where = d.path + ": /trajectories/bodies";
    for (size_t i = 0; i < d.bodies.size(); ++i) {
        checkShapeId(d.bodies[i].shape, d.shapeRecords.size(), where + "/shape", i);
        if (d.bodies[i].kind > static_cast<std::uint8_t>(BodyKind::Kinematic)) {
            fail(where + "/kind", i, "unknown body kind " + std::to_string(d.bodies[i].kind));
        }
    }
}

} // namespace

ShapeRecord shapeRecord(const ShapeRow& row, const std::string& name,
                        const std::vector<VertexRow>& vertices,
                        const std::vector<TriangleRow>& triangles, const std::string& where,
                        size_t index) {
    if (row.type > static_cast<std::uint8_t>(ShapeType::SmoothedHull)) {
        fail(where + "/type", index,
             "unknown or unsupported shape type " + std::to_string(row.type));
    }
    if (!inRange(row.vertexOffset, row.vertexCount, vertices.size()) ||
        !inRange(row.triangleOffset, row.triangleCount, triangles.size())) {
        fail(where, index, "vertex or triangle range outside shapes/vertices, shapes/triangles");
    }
    ShapeRecord r;
    r.name = name;
    r.type = static_cast<ShapeType>(row.type);
    r.params = row.params;
    r.inflation = row.inflation;
    r.exponents = row.exponents;
    for (std::int64_t v = 0; v < row.vertexCount; ++v) {
        r.vertices.push_back(vertices[static_cast<size_t>(row.vertexOffset + v)].position);
    }
    for (std::int64_t t = 0; t < row.triangleCount; ++t) {
        const auto& tri = triangles[static_cast<size_t>(row.triangleOffset + t)].indices;
        for (std::int32_t k : tri) {
            if (k < 0 || k >= row.vertexCount) {
                fail(where + "/triangles", static_cast<size_t>(row.triangleOffset + t),
                     "vertex " + std::to_string(k) + " out of range for shape '" + name + "'");
            }
        }
        r.triangles.push_back({tri[0], tri[1], tri[2]});
    }
    return r;
}

void checkDataset(const Dataset& d, const ReadOptions& options) {
    checkIndex(d, options);
    checkProblems(d);
    if (options.bodies) {
        checkBodies(d);
    }
}

} // namespace mk::dataset
