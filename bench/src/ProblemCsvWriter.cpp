/// \file ProblemCsvWriter.cpp
/// Writing collision-problem CSV files (and the OBJ files of generated meshes).

#include "minkowski/bench/AtomicFile.h"
#include "minkowski/bench/Csv.h"
#include "minkowski/bench/ProblemCsv.h"

#include <filesystem>
#include <map>
#include <set>

namespace mk::bench {
namespace {

namespace fs = std::filesystem;

/// Gives every shape its CSV field; exports generated meshes once each.
class ShapeFields {
public:
    explicit ShapeFields(const fs::path& csvPath)
        : folder_(fs::absolute(csvPath).parent_path()),
          meshFolderName_(csvPath.stem().string() + "_meshes") {}

    std::string field(const ProblemShape& shape) {
        if (shape.shape.type() != ShapeType::ConvexMesh) {
            return primitiveSpec(shape.shape);
        }
        if (!shape.objPath.empty()) {
            return fs::absolute(shape.objPath).lexically_proximate(folder_).generic_string();
        }
        return exported(shape);
    }

private:
    /// Relative path of the OBJ file holding a generated mesh, written on first use.
    std::string exported(const ProblemShape& shape) {
        const ConvexMesh* mesh = shape.shape.convexMesh();
        if (auto it = exported_.find(mesh); it != exported_.end()) {
            return it->second;
        }
        std::string stem = shape.label.empty() ? "mesh" : shape.label;
        for (int suffix = 2; usedNames_.count(stem) != 0; ++suffix) {
            stem = shape.label + "_" + std::to_string(suffix);
        }
        usedNames_.insert(stem);
        const fs::path relative = fs::path(meshFolderName_) / (stem + ".obj");
        std::error_code error;
        fs::create_directories(folder_ / meshFolderName_, error);
        if (error) {
            throw FileError("cannot create '" + (folder_ / meshFolderName_).string() +
                            "': " + error.message());
        }
        writeObjFile((folder_ / relative).string(), *mesh);
        return exported_[mesh] = relative.generic_string();
    }

    fs::path folder_;
    std::string meshFolderName_;
    std::map<const ConvexMesh*, std::string> exported_;
    std::set<std::string> usedNames_;
};

void appendPose(std::string& row, const Pose& pose) {
    const Quat& q = pose.rotation;
    for (double v : {q.w(), q.x(), q.y(), q.z()}) {
        row += ',' + exactDecimal(v);
    }
    for (int i = 0; i < 3; ++i) {
        row += ',' + exactDecimal(pose.translation[i]);
    }
}

} // namespace

void writeObjFile(const std::string& path, const ConvexMesh& mesh) {
    std::string text = "# convex hull written by minkowski bench\n";
    for (const Vec3& v : mesh.vertices()) {
        text += "v " + exactDecimal(v.x()) + ' ' + exactDecimal(v.y()) + ' ' + exactDecimal(v.z()) +
                '\n';
    }
    for (const auto& t : mesh.triangles()) {
        text += "f " + std::to_string(t[0] + 1) + ' ' + std::to_string(t[1] + 1) + ' ' +
                std::to_string(t[2] + 1) + '\n';
    }
    writeFileAtomically(path, text);
}

void writeProblemCsv(const std::string& path, const std::vector<CollisionProblem>& problems) {
    ShapeFields shapes{fs::path(path)};
    std::string text = std::string(kProblemCsvMagic) + '\n' + std::string(kProblemCsvHeader) + '\n';
    for (const CollisionProblem& problem : problems) {
        std::string row = csvField(shapes.field(problem.a)) + ',' + csvField(shapes.field(problem.b));
        appendPose(row, problem.poseA);
        appendPose(row, problem.poseB);
        row += ',';
        if (problem.referenceDistance) {
            row += exactDecimal(*problem.referenceDistance);
        }
        text += row + '\n';
    }
    writeFileAtomically(path, text);
}

} // namespace mk::bench
