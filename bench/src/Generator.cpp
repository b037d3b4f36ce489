/// \file Generator.cpp
/// Random problem sets (GJK++ Sec. IV protocol), mesh folders and generated hulls.

#include "minkowski/bench/Generator.h"

#include "minkowski/bench/AtomicFile.h"
#include "minkowski/bench/Random.h"
#include "minkowski/narrowphase/ConvexMesh.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <functional>
#include <stdexcept>

namespace mk::bench {
namespace {

/// A pose is redrawn when the reference solver does not converge; this many failures in a row
/// mean something is wrong with the solver, not with the draw.
constexpr int kMaxAttemptsPerPair = 20;

using ShapePicker = std::function<std::pair<ProblemShape, ProblemShape>(std::mt19937_64&)>;

/// `options.pairs` pairs from `pick`, each at every distance of the grid.
ProblemSet generateSet(std::string name, const ShapePicker& pick, const GeneratorOptions& options) {
    std::mt19937_64 rng(options.seed);
    ProblemSet set{std::move(name), {}};
    for (int pair = 0; pair < options.pairs; ++pair) {
        auto [a, b] = pick(rng);
        for (int attempt = 0;; ++attempt) {
            if (attempt == kMaxAttemptsPerPair) {
                throw std::runtime_error("generating '" + set.name + "': the reference solver "
                                         "did not converge on " + a.label + " / " + b.label);
            }
            const Quat rotationA = randomRotation(rng);
            const Quat rotationB = randomRotation(rng);
            const Vec3 direction = randomDirection(rng);
            if (auto problems = placePair(a, b, rotationA, rotationB, direction, options.distances)) {
                set.problems.insert(set.problems.end(), problems->begin(), problems->end());
                break;
            }
        }
    }
    return set;
}

ProblemShape randomEllipsoid(std::mt19937_64& rng) {
    const auto draw = [&] { return std::max(0.02, normal(rng, 0.1, 0.025)); };
    const double x = draw();
    const double y = draw();
    const double z = draw();
    return {Shape::ellipsoid(Vec3(x, y, z)), "", "ellipsoid"};
}

bool hasObjExtension(const std::filesystem::path& path) {
    std::string extension = path.extension().string();
    std::transform(extension.begin(), extension.end(), extension.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return extension == ".obj";
}

/// `count` points on the surface |x/a|^p + |y/b|^p + |z/c|^p = 1 (convex for p >= 1).
std::vector<Vec3> superellipsoidPoints(std::mt19937_64& rng, int count, const Vec3& semiAxes,
                                       double p) {
    std::vector<Vec3> points;
    points.reserve(static_cast<size_t>(count));
    for (int i = 0; i < count; ++i) {
        const Vec3 d = randomDirection(rng);
        const double norm = std::pow(std::pow(std::abs(d.x()), p) + std::pow(std::abs(d.y()), p) +
                                         std::pow(std::abs(d.z()), p),
                                     1.0 / p);
        points.push_back((d / norm).cwiseProduct(semiAxes));
    }
    return points;
}

} // namespace

ProblemSet generateEllipsoidSet(const GeneratorOptions& options) {
    const ShapePicker pick = [](std::mt19937_64& rng) {
        ProblemShape a = randomEllipsoid(rng);
        return std::pair{a, randomEllipsoid(rng)};
    };
    return generateSet("ellipsoids", pick, options);
}

ProblemSet generateMeshSet(const std::vector<ProblemShape>& meshes, const GeneratorOptions& options,
                           std::string name) {
    if (meshes.empty()) {
        throw std::invalid_argument("generateMeshSet: no meshes to draw pairs from");
    }
    const ShapePicker pick = [&meshes](std::mt19937_64& rng) {
        const size_t i = uniformIndex(rng, meshes.size());
        return std::pair{meshes[i], meshes[uniformIndex(rng, meshes.size())]};
    };
    return generateSet(std::move(name), pick, options);
}

std::vector<ProblemShape> loadMeshFolder(const std::string& folder, MeshCache& meshes) {
    namespace fs = std::filesystem;
    std::error_code error;
    std::vector<fs::path> files;
    for (const fs::directory_entry& entry : fs::directory_iterator(folder, error)) {
        if (entry.is_regular_file() && hasObjExtension(entry.path())) {
            files.push_back(entry.path());
        }
    }
    if (error) {
        throw FileError("cannot read mesh folder '" + folder + "': " + error.message());
    }
    if (files.empty()) {
        throw FileError("mesh folder '" + folder + "' holds no .obj file");
    }
    std::sort(files.begin(), files.end());
    std::vector<ProblemShape> shapes;
    for (const fs::path& file : files) {
        shapes.push_back({meshes.shape(file.string()), fs::absolute(file).string(),
                          file.stem().string()});
    }
    return shapes;
}

std::vector<ProblemShape> generatedHulls(std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::vector<ProblemShape> hulls;
    const std::array<int, 4> counts{50, 200, 500, 1000};
    for (size_t i = 0; i < counts.size(); ++i) {
        const double ax = uniform(rng, 0.05, 0.25); // one by one: argument order is unspecified
        const double ay = uniform(rng, 0.05, 0.25);
        const double az = uniform(rng, 0.05, 0.25);
        const Vec3 axes(ax, ay, az);
        const double exponent = i % 2 == 0 ? 2.0 : 4.0; // ellipsoid, rounded box
        const std::vector<Vec3> points = superellipsoidPoints(rng, counts[i], axes, exponent);
        hulls.push_back({Shape::mesh(ConvexMesh::fromPoints(points)), "",
                         "hull" + std::to_string(counts[i])});
    }
    return hulls;
}

} // namespace mk::bench
