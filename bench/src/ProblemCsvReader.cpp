/// \file ProblemCsvReader.cpp
/// Reading collision-problem CSV files, with errors that name the file, line and column.

#include "minkowski/bench/AtomicFile.h"
#include "minkowski/bench/Csv.h"
#include "minkowski/bench/ProblemCsv.h"

#include <array>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>

namespace mk::bench {
namespace {

namespace fs = std::filesystem;

constexpr std::array<std::string_view, kProblemCsvColumns> kColumnNames{
    "shape_a", "shape_b", "qa_w", "qa_x", "qa_y", "qa_z", "ta_x", "ta_y", "ta_z",
    "qb_w",    "qb_x",    "qb_y", "qb_z", "tb_x", "tb_y", "tb_z", "ref_distance"};

std::string describeError(const std::string& file, int line, int column,
                          const std::string& problem) {
    std::string text = file + ":" + std::to_string(line) + ": ";
    if (column > 0) {
        text += "column " + std::to_string(column) + " (" +
                std::string(kColumnNames[static_cast<size_t>(column - 1)]) + "): ";
    }
    return text + problem;
}

bool endsWithObj(std::string_view text) {
    if (text.size() < 4) {
        return false;
    }
    std::string suffix(text.substr(text.size() - 4));
    for (char& c : suffix) {
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    return suffix == ".obj";
}

/// Parses the data rows of one file; keeps the context every error message needs.
class RowParser {
public:
    RowParser(std::string file, fs::path folder, MeshCache& meshes)
        : file_(std::move(file)), folder_(std::move(folder)), meshes_(meshes) {}

    CollisionProblem parse(const std::vector<std::string>& fields, int line) {
        line_ = line;
        if (fields.size() != kProblemCsvColumns) {
            fail(0, "expected " + std::to_string(kProblemCsvColumns) + " fields, got " +
                        std::to_string(fields.size()));
        }
        fields_ = &fields;
        CollisionProblem problem;
        problem.a = shape(0);
        problem.b = shape(1);
        problem.poseA = pose(2);
        problem.poseB = pose(9);
        if (!fields[16].empty()) {
            problem.referenceDistance = number(16);
            problem.referenceKind = ReferenceKind::Given;
        }
        return problem;
    }

private:
    [[noreturn]] void fail(int column, const std::string& problem) const {
        throw ProblemCsvError(file_, line_, column, problem);
    }

    double number(int index) const {
        const std::string& text = (*fields_)[static_cast<size_t>(index)];
        if (const std::optional<double> value = parseDouble(text)) {
            return *value;
        }
        fail(index + 1, "'" + text + "' is not a finite number");
    }

    ProblemShape shape(int index) {
        const std::string& text = (*fields_)[static_cast<size_t>(index)];
        try {
            if (endsWithObj(text)) {
                const fs::path path = folder_ / text;
                return {meshes_.shape(path.string()), fs::absolute(path).string(),
                        path.stem().string()};
            }
            Shape primitive = parsePrimitiveSpec(text);
            return {primitive, "", std::string(shapeTypeName(primitive.type()))};
        } catch (const ShapeError& error) {
            fail(index + 1, std::string("unknown or invalid shape (expected a primitive spec or "
                                        "an .obj path): ") +
                                error.what());
        }
    }

    /// Quaternion (w, x, y, z) at `index`, then the translation.
    Pose pose(int index) const {
        const Eigen::Quaterniond q(number(index), number(index + 1), number(index + 2),
                                   number(index + 3));
        const double norm = q.norm();
        if (std::abs(norm - 1.0) > 1e-6) {
            fail(index + 1, "quaternion norm " + exactDecimal(norm) + " is not 1 within 1e-6");
        }
        // Normalise only what is not unit to rounding, so written files read back bit for bit.
        constexpr double kRounding = 4.0 * std::numeric_limits<double>::epsilon();
        const Quat rotation = std::abs(q.squaredNorm() - 1.0) > kRounding ? q.normalized() : q;
        return {rotation, Vec3(number(index + 4), number(index + 5), number(index + 6))};
    }

    std::string file_;
    fs::path folder_;
    MeshCache& meshes_;
    const std::vector<std::string>* fields_ = nullptr;
    int line_ = 0;
};

/// Reads line `lineNumber` and checks that it is exactly `expected`.
void expectLine(const std::string& file, CsvReader& reader, int lineNumber,
                std::string_view expected, const char* what) {
    const std::optional<std::string> line = reader.nextRawLine();
    if (!line || *line != expected) {
        throw ProblemCsvError(file, lineNumber, 0,
                              std::string("expected the ") + what + " '" + std::string(expected) +
                                  "', got " + (line ? "'" + *line + "'" : "the end of the file"));
    }
}

bool isBlank(const std::vector<std::string>& fields) {
    return fields.size() == 1 && fields[0].find_first_not_of(" \t") == std::string::npos;
}

} // namespace

ProblemCsvError::ProblemCsvError(const std::string& file, int line, int column,
                                 const std::string& problem)
    : std::runtime_error(describeError(file, line, column, problem)), file_(file), line_(line),
      column_(column) {}

Shape MeshCache::shape(const std::string& path) {
    std::error_code ignored;
    const std::string canonical = fs::weakly_canonical(path, ignored).string();
    const std::string key = canonical.empty() ? path : canonical;
    if (const auto it = shapes_.find(key); it != shapes_.end()) {
        return it->second;
    }
    return shapes_.emplace(key, Shape::mesh(ConvexMesh::fromObjFile(path))).first->second;
}

ProblemSet readProblemCsv(const std::string& path, MeshCache& meshes) {
    std::ifstream in(path);
    if (!in) {
        throw FileError("cannot open problem file '" + path + "'");
    }
    CsvReader reader(in);
    expectLine(path, reader, 1, kProblemCsvMagic, "first line");
    expectLine(path, reader, 2, kProblemCsvHeader, "header");
    ProblemSet set{fs::path(path).stem().string(), {}};
    RowParser parser(path, fs::path(path).parent_path(), meshes);
    try {
        while (const auto fields = reader.next()) {
            if (!isBlank(*fields)) {
                set.problems.push_back(parser.parse(*fields, reader.recordLine()));
            }
        }
    } catch (const CsvSyntaxError& error) {
        throw ProblemCsvError(path, error.line(), error.column(), error.what());
    }
    return set;
}

} // namespace mk::bench
