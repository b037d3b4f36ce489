#pragma once
/// \file Export.h
/// Between datasets and the collision-problem CSV format (docs/collision-problems.md).

#include "minkowski/bench/Problem.h"
#include "minkowski/dataset/Records.h"

#include <string>
#include <vector>

namespace mk::dataset {

/// The problems of rows `rows` as collision problems: shapes named after the dataset's shapes,
/// poses as recorded, the recorded signed distance as the reference.
std::vector<bench::CollisionProblem> collisionProblems(const Dataset& dataset,
                                                       const std::vector<size_t>& rows);

/// Writes collisionProblems() to `csvPath` (bench::writeProblemCsv: meshes go to
/// `<csv stem>_meshes/<shape name>.obj`). Returns the number of problems written.
/// \throws bench::FileError when a file cannot be written.
size_t exportProblemCsv(const Dataset& dataset, const std::vector<size_t>& rows,
                        const std::string& csvPath);

/// A problem set (read from a CSV) as a dataset of independent problems: one trajectory, every
/// problem at step 0 with no previous query (so `previous` warm starts fall back to obb), the
/// reference distance as the recorded distance (NaN when unknown).
Dataset datasetFromProblems(const bench::ProblemSet& set, const std::string& path);

} // namespace mk::dataset
