#pragma once
/// \file ProblemCsv.h
/// Reader and writer of the collision-problem CSV format v1 (docs/collision-problems.md).

#include "minkowski/bench/Problem.h"
#include "minkowski/narrowphase/ConvexMesh.h"
#include "minkowski/narrowphase/Shape.h"

#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace mk::bench {

/// First line of every collision-problem CSV.
inline constexpr std::string_view kProblemCsvMagic = "# collision-problems v1";
/// Second line: the column names.
inline constexpr std::string_view kProblemCsvHeader =
    "shape_a,shape_b,qa_w,qa_x,qa_y,qa_z,ta_x,ta_y,ta_z,qb_w,qb_x,qb_y,qb_z,tb_x,tb_y,tb_z,"
    "ref_distance";
inline constexpr int kProblemCsvColumns = 17;

/// A malformed collision-problem file. what() reads "FILE:LINE: [column N (NAME): ]problem".
class ProblemCsvError : public std::runtime_error {
public:
    ProblemCsvError(const std::string& file, int line, int column, const std::string& problem);
    [[nodiscard]] const std::string& file() const { return file_; }
    [[nodiscard]] int line() const { return line_; }     ///< 1-based line in the file
    [[nodiscard]] int column() const { return column_; } ///< 1-based column, 0 for the whole row
private:
    std::string file_;
    int line_;
    int column_;
};

/// Meshes read from OBJ files, kept by canonical path: a file used by many rows is read once,
/// and its Shape (with the hull's bounds and face structure) is built once.
class MeshCache {
public:
    /// Shape::mesh of the convex hull of the OBJ file at `path`, built on the file's first use
    /// (copies share the mesh). \throws ShapeError naming the file.
    Shape shape(const std::string& path);
    [[nodiscard]] size_t size() const { return shapes_.size(); }

private:
    std::map<std::string, Shape> shapes_;
};

/// Reads every problem of the file at `path`; the set is named after the file's stem. OBJ paths
/// are relative to the file's folder. Blank lines are skipped; problem i is the i-th data row.
/// \throws FileError when the file cannot be opened; ProblemCsvError naming the file, the line
/// and the column on malformed content.
ProblemSet readProblemCsv(const std::string& path, MeshCache& meshes);

/// Writes `problems` to `path` atomically. Primitives are written as specs, meshes read from an
/// OBJ file as that file's path relative to the CSV's folder, and generated meshes (no objPath)
/// as OBJ files exported to the folder `<csv stem>_meshes/` next to the CSV. Numbers have 17
/// significant digits, so reading the file back gives the same problems bit for bit.
/// \throws FileError when a file cannot be written.
void writeProblemCsv(const std::string& path, const std::vector<CollisionProblem>& problems);

/// Writes the vertices and triangles of `mesh` as an OBJ file (17 significant digits).
void writeObjFile(const std::string& path, const ConvexMesh& mesh);

} // namespace mk::bench
