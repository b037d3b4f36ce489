/// \file PaperSdf.cpp
/// The benchmark of Lopez-Adeva Fernandez-Layos and Merchante, CAD 170 (2024), Sec. 5:
/// sdf-ellipsoid against GJK and MPR, by signed distance, on pairs of the same kind.

#include "minkowski/bench/Generator.h"
#include "minkowski/bench/Paper.h"
#include "minkowski/narrowphase/Solver.h"
#include "minkowski/narrowphase/ConvexMesh.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <stdexcept>

namespace mk::bench {
namespace {

/// Hulls drawn per point count; each pose picks two of them (with replacement).
constexpr int kHullPool = 8;
/// A pose is redrawn when the reference solver fails on it; this many failures in a row mean
/// the reference solver is broken.
constexpr int kMaxAttempts = 20;
/// The paper's scaling of its random polyhedra and our boxes and ellipsoids (Sec. 5.1: "3:2:1",
/// the median proportions of ShapeNet) (unit: metre).
const Vec3 kScale(0.3, 0.2, 0.1);

/// Points uniform on the unit sphere, scaled 3:2:1, and their hull (Sec. 5.1).
Shape paperHull(int points, std::mt19937_64& rng) {
    std::vector<Vec3> p;
    p.reserve(static_cast<size_t>(points));
    for (int i = 0; i < points; ++i) {
        p.push_back(randomDirection(rng).cwiseProduct(kScale));
    }
    return Shape::mesh(ConvexMesh::fromPoints(p));
}

/// The shapes a kind draws its pairs from.
std::vector<Shape> poolOf(const std::string& kind, const SdfPaperOptions& options,
                          std::mt19937_64& rng) {
    if (kind == "box") {
        return {Shape::box(kScale)};
    }
    if (kind == "rounded-box") { // the same outer extents, edges rounded by 0.05 m
        return {Shape::box(kScale - Vec3::Constant(0.05), 0.05)};
    }
    if (kind == "cone") {
        return {Shape::cone(0.2, 0.15)};
    }
    if (kind == "ellipsoid") {
        return {Shape::ellipsoid(kScale)};
    }
    if (kind == "meshes") {
        std::vector<Shape> pool;
        for (const PaperShape& s : options.meshes) {
            pool.push_back(s.shape);
        }
        return pool;
    }
    const int points = std::stoi(kind.substr(4)); // "hullN"
    std::vector<Shape> pool;
    for (int i = 0; i < kHullPool; ++i) {
        pool.push_back(paperHull(points, rng));
    }
    return pool;
}

QueryRequest requestFor(const SolverEntry& solver, Task task, double tolerance, double L) {
    QueryRequest q;
    q.solver = solver;
    q.task = task;
    q.tolerance = tolerance;
    q.penetrationTolerance = tolerance * L;
    return q;
}

} // namespace

std::vector<std::string> sdfPaperKinds(const SdfPaperOptions& options) {
    std::vector<std::string> all{"box", "rounded-box", "cone", "ellipsoid"};
    for (const int n : options.hullPoints) {
        all.push_back("hull" + std::to_string(n));
    }
    if (!options.meshes.empty()) {
        all.push_back("meshes");
    }
    if (options.kinds.empty()) {
        return all;
    }
    for (const std::string& k : options.kinds) {
        if (std::find(all.begin(), all.end(), k) == all.end()) {
            std::string valid;
            for (const std::string& a : all) {
                valid += (valid.empty() ? "" : ", ") + a;
            }
            throw std::invalid_argument("unknown shape kind '" + k + "' (valid: " + valid + ")");
        }
    }
    std::vector<std::string> chosen;
    for (const std::string& a : all) { // table order, no duplicates
        if (std::find(options.kinds.begin(), options.kinds.end(), a) != options.kinds.end()) {
            chosen.push_back(a);
        }
    }
    return chosen;
}

std::vector<SdfPaperInstance> runSdfPaper(const SdfPaperOptions& options) {
    const std::vector<std::string> kinds = sdfPaperKinds(options);
    std::mt19937_64 rng(options.seed);
    std::vector<double> samples(static_cast<size_t>(std::max(1, options.repeats)));
    std::vector<SdfPaperInstance> out;
    for (const std::string& kind : kinds) {
        if (options.progress) {
            options.progress(kind);
        }
        const std::vector<Shape> pool = poolOf(kind, options, rng);
        std::uniform_int_distribution<size_t> pick(0, pool.size() - 1);
        for (const double level : options.levels) {
            for (int pose = 0; pose < options.poses; ++pose) {
                for (int attempt = 0;; ++attempt) {
                    if (attempt == kMaxAttempts) {
                        throw std::runtime_error("paper sdf: the reference GJK/EPA does not "
                                                 "converge on '" +
                                                 kind + "' poses");
                    }
                    const Shape& a = pool[pick(rng)];
                    const Shape& b = pool[pick(rng)];
                    const Pose poseA(randomRotation(rng), Vec3::Zero());
                    const Quat rotationB = randomRotation(rng);
                    const Vec3 direction = randomDirection(rng);
                    const double L = meanBoundingRadius(a, b);
                    const std::optional<Pose> poseB =
                        placeAtMtd(a, poseA, b, rotationB, direction, level * L);
                    if (!poseB) {
                        continue;
                    }
                    for (const Task task : {Task::Boolean, Task::SignedDistance}) {
                        SdfPaperInstance in{kind, task, level, level * L, L, {}, {}, {}};
                        const auto time = [&](const SolverEntry& s) {
                            return timePaperQuery(a, poseA, b, *poseB,
                                                  requestFor(s, task, options.tolerance, L),
                                                  samples);
                        };
                        in.sdf = time(builtins::sdfEllipsoid());
                        in.gjk = time(builtins::gjk());
                        in.mpr = time(builtins::mpr());
                        out.push_back(std::move(in));
                    }
                    break;
                }
            }
        }
    }
    return out;
}

bool sdfPaperFailed(const PaperQuery& q, const SdfPaperInstance& instance) {
    const Status s = q.result.status;
    if (s == Status::MaxIterations || s == Status::Degenerate || s == Status::InvalidInput ||
        s == Status::Unsupported) {
        return true;
    }
    return std::abs(instance.reference) > 1e-6 * instance.L &&
           q.result.collide != (instance.reference < 0.0);
}

} // namespace mk::bench
