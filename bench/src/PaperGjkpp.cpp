/// \file PaperGjkpp.cpp
/// The benchmarks of GJK++ (Montaut et al., T-RO 2024), Sec. IV: the two supports, one timed
/// GJK run, the ellipsoid and mesh sets by distance (Figs. 7-11) and the Fig. 13 replay.

#include "minkowski/bench/PaperGjkpp.h"

#include "minkowski/bench/Generator.h"
#include "minkowski/bench/Statistics.h"
#include "minkowski/bench/Timing.h"
#include "minkowski/narrowphase/WarmStart.h"

#include <algorithm>
#include <cmath>

namespace mk::bench {
namespace {

/// A reference closer to zero than this is a contact: no verdict is checked (unit: metre).
constexpr double kVerdictTolerance = 1e-6;
/// Largest accepted relative distance error of a separated distance query (eps = 1e-8 bounds
/// ||x|| - d* by 1e-8 ||x||; the slack covers the reference's own error).
constexpr double kDistanceTolerance = 1e-6;

/// The support of the core of a shape; meshes by steepest-ascent hill climbing from `hint`
/// (the previous answer), the plain climb of GJK++ Sec. II as coal runs it. It is
/// ConvexMesh::climb without the cube-map start; like ConvexMesh::support it scans linearly
/// below kLinearScanBelow vertices.
Vec3 hillClimbSupport(const Shape& shape, const ConvexMesh* mesh, const Vec3& dir, int& hint) {
    if (mesh == nullptr) {
        return shape.supportCore(dir, hint);
    }
    const std::vector<Vec3>& v = mesh->vertices();
    const int n = static_cast<int>(v.size());
    if (n < ConvexMesh::kLinearScanBelow) {
        hint = mesh->supportIndexLinear(dir);
        return v[static_cast<size_t>(hint)];
    }
    int current = hint >= 0 && hint < n ? hint : 0;
    double best = v[static_cast<size_t>(current)].dot(dir);
    for (int next = current;; current = next) {
        for (const int neighbor : mesh->neighbors(current)) {
            const double d = v[static_cast<size_t>(neighbor)].dot(dir);
            if (d > best) {
                best = d;
                next = neighbor;
            }
        }
        if (next == current) {
            break;
        }
    }
    hint = current;
    return v[static_cast<size_t>(current)];
}

/// The support mapping of A - B on the cores in A's frame, as MinkowskiDifference, with the
/// paper's mesh support (hillClimbSupport) and hints starting at vertex 0.
class HillClimbDifference {
public:
    HillClimbDifference(const Shape& a, const Shape& b, const Mat3& rotationBInA,
                        const Vec3& translationBInA)
        : a_(a), b_(b), meshA_(a.convexMesh()), meshB_(b.convexMesh()), rotB_(rotationBInA),
          transB_(translationBInA) {}

    void support(const Vec3& dir, SupportPoint& out) {
        out.a = hillClimbSupport(a_, meshA_, dir, hints_[0]);
        out.b =
            rotB_ * hillClimbSupport(b_, meshB_, rotB_.transpose() * (-dir), hints_[1]) + transB_;
        out.w = out.a - out.b;
    }

private:
    const Shape& a_;
    const Shape& b_;
    const ConvexMesh* meshA_;
    const ConvexMesh* meshB_;
    Mat3 rotB_;
    Vec3 transB_;
    std::array<int, 2> hints_{0, 0};
};

GjkSettings settingsFor(GjkVariant variant, Task task, const Vec3& guessInA, double radiusSum) {
    GjkSettings s;
    s.variant = variant;
    s.tolerance = kGjkppTolerance;
    s.booleanEarlyExit = task == Task::Boolean;
    s.earlyExitMargin = radiusSum + s.absoluteTolerance; // as mk::collide with margin 0
    s.exportSimplex = false;
    s.initialGuess = guessInA;
    return s;
}

GjkppRun toRun(const GjkOutput& g, double radiusSum) {
    GjkppRun r;
    r.iterations = g.iterations;
    r.supportCalls = g.supportCalls;
    r.status = g.status;
    const bool overlap = g.status == GjkStatus::Overlapping || g.status == GjkStatus::Touching;
    r.collide = overlap || (g.status != GjkStatus::SeparatedEarlyExit &&
                            g.distance - radiusSum <= GjkSettings{}.absoluteTolerance);
    r.distance = overlap ? 0.0 : std::max(0.0, g.distance - radiusSum);
    return r;
}

/// The generated set `set` under `task` and `support`, every variant per problem.
void runSet(const ProblemSet& set, GjkppSupport support, std::span<double> samples,
            std::vector<GjkppInstance>& out) {
    for (const Task task : {Task::Distance, Task::Boolean}) {
        for (const CollisionProblem& p : set.problems) {
            if (!p.gridDistance) { // B passed through a thin A: off the paper's grid
                continue;
            }
            GjkppInstance in;
            in.set = set.name;
            in.task = task;
            in.support = support;
            in.grid = *p.gridDistance;
            in.reference = p.referenceDistance.value_or(in.grid);
            const Vec3 guess = obbGuess(p.a.shape, p.poseA, p.b.shape, p.poseB);
            for (size_t v = 0; v < kGjkppVariants.size(); ++v) {
                in.runs[v] = timeGjkpp(p.a.shape, p.poseA, p.b.shape, p.poseB, guess,
                                       kGjkppVariants[v], task, support, samples);
            }
            out.push_back(in);
        }
    }
}

} // namespace

std::string_view name(GjkppSupport support) {
    return support == GjkppSupport::CubeMap ? "cube-map" : "hill-climb";
}

GjkppRun timeGjkpp(const Shape& a, const Pose& poseA, const Shape& b, const Pose& poseB,
                   const Vec3& guessWorld, GjkVariant variant, Task task, GjkppSupport support,
                   std::span<double> samples) {
    const Mat3 rotationA = poseA.rotation.toRotationMatrix();
    const Mat3 rotationBInA = (poseA.rotation.conjugate() * poseB.rotation).toRotationMatrix();
    const Vec3 translationBInA = rotationA.transpose() * (poseB.translation - poseA.translation);
    const double radiusSum = a.coreRadius() + b.coreRadius();
    const GjkSettings settings =
        settingsFor(variant, task, rotationA.transpose() * guessWorld, radiusSum);
    // the support object is built inside the timed call: hints start afresh at every repeat
    const auto query = [&] {
        if (support == GjkppSupport::CubeMap) {
            MinkowskiDifference diff(a, b, rotationBInA, translationBInA, {-1, -1}, true);
            return gjk(diff, settings);
        }
        HillClimbDifference diff(a, b, rotationBInA, translationBInA);
        return gjk(diff, settings);
    };
    GjkOutput g = query(); // warm-up: caches, branch predictors
    double timeNs = 0.0;
    if (!samples.empty()) {
        g = timeRepeats(query, samples);
        const std::vector<double> copy(samples.begin(), samples.end());
        timeNs = std::max(0.0, fastestFractionMean(copy, 0.9) - clockOverheadNs());
    }
    GjkppRun r = toRun(g, radiusSum);
    r.timeNs = timeNs;
    return r;
}

std::vector<GjkppInstance> runGjkppSets(const GjkppOptions& options) {
    GeneratorOptions generator;
    generator.distances = options.distances;
    generator.pairs = options.pairs;
    generator.seed = options.seed;
    std::vector<double> samples(static_cast<size_t>(std::max(1, options.repeats)));
    std::vector<GjkppInstance> out;
    if (options.progress) {
        options.progress("ellipsoids");
    }
    runSet(generateEllipsoidSet(generator), GjkppSupport::CubeMap, samples, out);
    if (!options.meshes.empty()) {
        if (options.progress) {
            options.progress(options.meshSetName);
        }
        const ProblemSet meshes = generateMeshSet(options.meshes, generator, options.meshSetName);
        runSet(meshes, GjkppSupport::CubeMap, samples, out);
        runSet(meshes, GjkppSupport::HillClimb, samples, out);
    }
    return out;
}

bool gjkppFailed(const GjkppRun& run, Task task, double reference) {
    if (run.status == GjkStatus::MaxIterations || run.status == GjkStatus::Degenerate) {
        return true;
    }
    if (std::abs(reference) > kVerdictTolerance && run.collide != (reference < 0.0)) {
        return true;
    }
    return task == Task::Distance && reference > kVerdictTolerance &&
           std::abs(run.distance - reference) > std::max(1e-9, kDistanceTolerance * reference);
}

std::vector<Fig13Instance> runFig13(const std::vector<Fig13Problem>& problems, int repeats) {
    std::vector<double> samples(static_cast<size_t>(std::max(1, repeats)));
    std::vector<Fig13Instance> out;
    out.reserve(problems.size());
    for (const Fig13Problem& p : problems) {
        Fig13Instance in;
        in.recordedCollide = p.recordedCollide;
        for (const GjkppSupport support : {GjkppSupport::CubeMap, GjkppSupport::HillClimb}) {
            for (size_t w = 0; w < kFig13WarmStarts.size(); ++w) {
                for (size_t v = 0; v < kFig13Variants.size(); ++v) {
                    in.runs[static_cast<size_t>(support)][w][v] =
                        timeGjkpp(*p.a, p.poseA, *p.b, p.poseB, p.guess[w], kFig13Variants[v],
                                  Task::Boolean, support, samples);
                }
            }
        }
        out.push_back(in);
    }
    return out;
}

} // namespace mk::bench
