/// \file PaperRtr.cpp
/// The benchmark of An, Lee, Lee, Park, Lee, Sec. V: RTR against GJK+EPA on the pairs of the
/// Table I shapes (Table II), with the optimality measure (20).

#include "minkowski/bench/Generator.h"
#include "minkowski/bench/Paper.h"
#include "minkowski/narrowphase/Solver.h"
#include "minkowski/narrowphase/Rtr.h"

#include <Eigen/Core>
#include <array>
#include <stdexcept>

namespace mk::bench {
namespace {

constexpr int kMaxAttempts = 20;

std::vector<Vec3> unitCubeCorners() {
    std::vector<Vec3> corners;
    for (int i = 0; i < 8; ++i) {
        corners.emplace_back(i & 1 ? 0.5 : -0.5, i & 2 ? 0.5 : -0.5, i & 4 ? 0.5 : -0.5);
    }
    return corners;
}

QueryRequest requestFor(const SolverEntry& solver, double tolerance, double L) {
    QueryRequest q;
    q.solver = solver;
    q.task = Task::SignedDistance;
    q.tolerance = tolerance;
    q.penetrationTolerance = tolerance * L;
    return q;
}

/// Table II of the paper, upper triangle, row-major: {GJK-EPA, ours} in microseconds.
// one line per row of the table
// clang-format off
constexpr std::array<std::array<int, 2>, 36> kTableTwo{{
    {58, 14}, {68, 30}, {73, 37}, {67, 31}, {66, 25}, {65, 22}, {59, 24}, {68, 56},
    {72, 52}, {77, 61}, {67, 43}, {65, 27}, {63, 29}, {53, 37}, {68, 57},
    {69, 56}, {67, 50}, {78, 35}, {71, 38}, {64, 45}, {79, 72},
    {68, 36}, {67, 25}, {59, 26}, {55, 33}, {71, 47},
    {67, 12}, {65, 15}, {54, 22}, {68, 32},
    {55, 15}, {51, 22}, {68, 35},
    {50, 25}, {67, 42},
    {83, 60},
}};
// clang-format on

/// Eq. (20) at the normal n of `r` with the support points s_A(n) and s_B(-n) (world frame).
double optimalityAt(const QueryResult& r, const Shape& a, const Pose& poseA, const Shape& b,
                    const Pose& poseB) {
    int hint = -1;
    const Vec3 sA = poseA.apply(a.support(poseA.rotation.inverse() * r.normal, hint));
    hint = -1;
    const Vec3 sB = poseB.apply(b.support(poseB.rotation.inverse() * (-r.normal), hint));
    return optimalityMeasure(r.normal, sA, sB);
}

} // namespace

std::vector<PaperShape> rtrPaperShapes() {
    const std::vector<Vec3> cube = unitCubeCorners();
    const std::vector<Eigen::Vector2d> cylinder{{0.5, -0.5}, {0.5, 0.5}};
    return {{"ellipsoid", Shape::superquadric(Vec3(0.5, 0.5, 0.7), 1.0, 1.0)},
            {"superellipsoid", Shape::superquadric(Vec3(0.7, 0.7, 0.35), 1.0, 1.5)},
            {"double-cone", Shape::superquadric(Vec3(0.5, 0.5, 0.7), 1.5, 1.0)},
            {"double-pyramid", Shape::superquadric(Vec3(0.6, 0.6, 0.6), 1.5, 1.5)},
            {"cube-1", Shape::smoothedHull(cube, 5.0)},
            {"cube-2", Shape::smoothedHull(cube, 10.0)},
            {"cube-3", Shape::smoothedHull(cube, 50.0)},
            {"cylinder", Shape::smoothedRevolution(cylinder, 40.0, 1e-3)}};
}

RtrPaperCell rtrPaperTableTwo(int i, int j) {
    if (i > j) {
        std::swap(i, j);
    }
    if (i < 0 || j >= 8) {
        throw std::out_of_range("rtrPaperTableTwo: shape index out of range");
    }
    const int row = i * 8 - i * (i - 1) / 2; // entries before row i of the upper triangle
    const auto& cell = kTableTwo[static_cast<size_t>(row + j - i)];
    return {cell[0], cell[1]};
}

std::vector<RtrPaperInstance> runRtrPaper(const RtrPaperOptions& options) {
    if (!(options.minDistance <= options.maxDistance)) {
        throw std::invalid_argument("paper rtr: the distance range is empty");
    }
    const std::vector<PaperShape> shapes = rtrPaperShapes();
    std::mt19937_64 rng(options.seed);
    std::uniform_real_distribution<double> level(options.minDistance, options.maxDistance);
    std::vector<double> samples(static_cast<size_t>(std::max(1, options.repeats)));
    std::vector<RtrPaperInstance> out;
    for (int i = 0; i < static_cast<int>(shapes.size()); ++i) {
        for (int j = i; j < static_cast<int>(shapes.size()); ++j) {
            const Shape& a = shapes[static_cast<size_t>(i)].shape;
            const Shape& b = shapes[static_cast<size_t>(j)].shape;
            if (options.progress) {
                options.progress(shapes[static_cast<size_t>(i)].name + " - " +
                                 shapes[static_cast<size_t>(j)].name);
            }
            const double L = meanBoundingRadius(a, b);
            for (int pose = 0; pose < options.poses; ++pose) {
                for (int attempt = 0;; ++attempt) {
                    if (attempt == kMaxAttempts) {
                        throw std::runtime_error("paper rtr: the reference GJK/EPA does not "
                                                 "converge on " +
                                                 shapes[size_t(i)].name + " - " +
                                                 shapes[size_t(j)].name);
                    }
                    const Pose poseA(randomRotation(rng), Vec3::Zero());
                    const Quat rotationB = randomRotation(rng);
                    const Vec3 direction = randomDirection(rng);
                    const double target = level(rng) * L;
                    const std::optional<Pose> poseB =
                        placeAtMtd(a, poseA, b, rotationB, direction, target);
                    if (!poseB) {
                        continue;
                    }
                    RtrPaperInstance in{i, j, target, L, {}, {}};
                    in.gjkEpa =
                        timePaperQuery(a, poseA, b, *poseB,
                                       requestFor(builtins::gjk(), options.tolerance, L), samples);
                    in.rtr =
                        timePaperQuery(a, poseA, b, *poseB,
                                       requestFor(builtins::rtr(), options.tolerance, L), samples);
                    in.gjkEpaOptimality = optimalityAt(in.gjkEpa.result, a, poseA, b, *poseB);
                    in.rtrOptimality = optimalityAt(in.rtr.result, a, poseA, b, *poseB);
                    out.push_back(std::move(in));
                    break;
                }
            }
        }
    }
    return out;
}

bool rtrPaperFailed(const PaperQuery& q) {
    const Status s = q.result.status;
    return s != Status::Separated && s != Status::Penetrating && s != Status::Touching;
}

} // namespace mk::bench
