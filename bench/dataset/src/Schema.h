#pragma once
/// \file Schema.h
/// The columns of every table of a dataset file (docs/dataset.md lists them), shared by the
/// writer and the reader so that the two cannot disagree.

#include "Table.h"
#include "minkowski/dataset/Records.h"

#include <span>

namespace mk::dataset {

/// One row of /shapes (the name is the string column `name`).
struct ShapeRow {
    std::uint8_t type = 0; ///< mk::ShapeType
    Vec3 params = Vec3::Zero();
    double inflation = 0.0;         ///< schema 2
    Vec3 exponents = Vec3::Zero(); ///< schema 2
    std::int64_t vertexOffset = 0; ///< first row of /shapes/vertices
    std::int64_t vertexCount = 0;
    std::int64_t triangleOffset = 0; ///< first row of /shapes/triangles
    std::int64_t triangleCount = 0;
};
struct VertexRow {
    Vec3 position = Vec3::Zero();
};
struct TriangleRow {
    std::array<std::int32_t, 3> indices{};
};

namespace schema {

inline constexpr const char* kMeta = "meta";
inline constexpr const char* kShapes = "shapes";
inline constexpr const char* kTrajectories = "trajectories";
inline constexpr const char* kIndex = "trajectories/index";
inline constexpr const char* kBodies = "trajectories/bodies";
inline constexpr const char* kStates = "trajectories/states";
inline constexpr const char* kProblems = "problems";
/// Strings of /problems: the solver-choice names `solver` indexes (schema 2).
inline constexpr const char* kSolverNames = "solver_names";

/// The columns of /shapes and /problems in schema `version` (1 or 2); the other tables have
/// the same columns in both.
std::span<const Field<ShapeRow>> shapeFields(std::int64_t version);
std::span<const Field<VertexRow>> vertexFields();
std::span<const Field<TriangleRow>> triangleFields();
std::span<const Field<TrajectoryRow>> indexFields();
std::span<const Field<BodyRow>> bodyFields();
std::span<const Field<StateRow>> stateFields();
std::span<const Field<ProblemRow>> problemFields(std::int64_t version);

} // namespace schema
} // namespace mk::dataset
