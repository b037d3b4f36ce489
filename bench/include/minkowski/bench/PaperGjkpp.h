#pragma once
/// \file PaperGjkpp.h
/// The benchmarks of GJK++ (Montaut et al., T-RO 2024, Sec. IV) on this machine
/// (`minkowski paper gjkpp`, docs/paper-benchmarks.md):
/// - Secs. IV-A/B, Figs. 7-11 and Table I: iterations and times of Polyak, Nesterov and
///   normalised Nesterov GJK against vanilla GJK on the ellipsoid and mesh sets, by distance,
///   x_0 = c_A - c_B (the OBB centres), eps = 1e-8, each query timed R times (mean of the
///   fastest 90%);
/// - Sec. IV-E, Fig. 13: boolean GJK of the three variants under the four warm starts on the
///   narrow-phase calls of simulated funnel drops.
/// Both run on two mesh supports: ours (ConvexMesh::support: the hill climb starts at the
/// cube-map vertex of the direction) and the paper's (the plain hill climb of GJK++ Sec. II
/// from the previous support vertex, as coal runs it), so that a reader sees where the
/// acceleration pays (the accelerated directions turn less, so each climb is shorter) and why
/// ours does not need it (a climb from the cube map takes 1-2 steps whatever the direction).
///
/// The solvers are called as mk::gjk templates directly (no EPA, no dispatch): the paper
/// counts and times GJK alone, and the distance task stops at the overlap verdict.

#include "minkowski/bench/Problem.h"
#include "minkowski/narrowphase/detail/Gjk.h"

#include <array>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

namespace mk::bench {

/// Where a mesh support starts its hill climb.
enum class GjkppSupport : unsigned char {
    /// Ours: ConvexMesh::support, from the cube-map vertex of the direction.
    CubeMap,
    /// The paper's (coal's): from the previous call's answer within the query, vertex 0 at the
    /// first call (coal's default hint without a cached guess).
    HillClimb,
};
[[nodiscard]] std::string_view name(GjkppSupport support);

/// The four variants of Sec. IV, in table order.
inline constexpr std::array<GjkVariant, 4> kGjkppVariants{
    GjkVariant::Vanilla, GjkVariant::Polyak, GjkVariant::Nesterov, GjkVariant::NesterovNormalized};
/// The three of Fig. 13 (the paper's Nesterov there is the normalised one).
inline constexpr std::array<GjkVariant, 3> kFig13Variants{GjkVariant::Vanilla, GjkVariant::Polyak,
                                                          GjkVariant::NesterovNormalized};

/// The paper's tolerance eps (Sec. IV, "a convergence tolerance of 1e-8").
inline constexpr double kGjkppTolerance = 1e-8;

/// One timed GJK run.
struct GjkppRun {
    double timeNs = 0.0;  ///< mean of the fastest 90% of the repeats, clock overhead removed
    int iterations = 0;   ///< GjkOutput::iterations (coal's count: one less when separated)
    int supportCalls = 0; ///< GjkOutput::supportCalls
    GjkStatus status = GjkStatus::Degenerate;
    double distance = 0.0; ///< ||x|| minus the core radii (0 when overlapping) (unit: metre)
    bool collide = false;  ///< overlapping or touching (boolean: not separated by the margin 0)
};

/// Runs `variant` on A - B (Task::Boolean with Alg. 2's early exit, or Task::Distance), x_0 =
/// `guessWorld` (world frame), with `support`, once untimed and then samples.size() times.
/// Nothing is allocated.
GjkppRun timeGjkpp(const Shape& a, const Pose& poseA, const Shape& b, const Pose& poseB,
                   const Vec3& guessWorld, GjkVariant variant, Task task, GjkppSupport support,
                   std::span<double> samples);

// ---------------------------------------------------------------------------------------------
// Secs. IV-A/B: the ellipsoid and mesh sets by distance
// ---------------------------------------------------------------------------------------------

/// The distance grid of Figs. 7, 9, 10 (unit: metre): -0.1 m to 1 m.
inline const std::vector<double> kGjkppDistances{-0.1, -0.01, -0.001, 0.001, 0.01, 0.1, 1.0};

struct GjkppOptions {
    int pairs = 20;   ///< random pairs per set, each at every distance (the paper: 1000 / ~60^2)
    int repeats = 30; ///< timed repetitions of each query (the paper: 100)
    std::uint64_t seed = 0;
    std::vector<double> distances = kGjkppDistances;
    /// Shapes of the mesh set (YCB hulls from --meshes, or generated hulls).
    std::vector<ProblemShape> meshes;
    std::string meshSetName = "meshes";
    std::function<void(const std::string&)> progress; ///< called once per set
};

/// One problem of a set, every variant's answer for one task and one support.
struct GjkppInstance {
    std::string set; ///< "ellipsoids" or the mesh set's name
    Task task = Task::Boolean;
    GjkppSupport support = GjkppSupport::CubeMap;
    double grid = 0.0;      ///< the distance the pair was placed at (unit: metre)
    double reference = 0.0; ///< its reference signed distance (unit: metre)
    std::array<GjkppRun, kGjkppVariants.size()> runs; ///< by kGjkppVariants
};

/// Runs the protocol: ellipsoids (their support is analytic: one support mode, CubeMap), then
/// the meshes under both supports; each problem under Task::Distance and Task::Boolean.
std::vector<GjkppInstance> runGjkppSets(const GjkppOptions& options);

/// Whether a run is wrong: a status that is no answer (max iterations, degenerate), a collision
/// verdict against the reference (|reference| > 1e-6 m), or (distance task, separated) a
/// distance off the reference by more than 1e-6 (relative, at least 1e-9 m).
bool gjkppFailed(const GjkppRun& run, Task task, double reference);

// ---------------------------------------------------------------------------------------------
// Sec. IV-E, Fig. 13: funnel-drop trajectories
// ---------------------------------------------------------------------------------------------

/// The four warm starts of Sec. IV-E, in the figure's order: No WS, OBB WS, WS prev, WS T(prev).
inline constexpr std::array<const char*, 4> kFig13WarmStarts{"none", "obb", "previous",
                                                             "transformed-previous"};

/// One recorded narrow-phase call of a trajectory and the x_0 (world frame) each warm start
/// gives it (dataset::replayGuess: previous ones fall back to obb when the pair was not
/// queried at the step before).
struct Fig13Problem {
    const Shape* a = nullptr; ///< owned by the caller (the recorded dataset's shapes)
    const Shape* b = nullptr;
    Pose poseA, poseB;
    std::array<Vec3, kFig13WarmStarts.size()> guess;
    bool recordedCollide = false; ///< the recording solver's verdict
};

/// One call, every variant under every warm start and support.
struct Fig13Instance {
    /// [support][warm start][variant of kFig13Variants]
    std::array<std::array<std::array<GjkppRun, kFig13Variants.size()>, kFig13WarmStarts.size()>, 2>
        runs;
    bool recordedCollide = false;
};

std::vector<Fig13Instance> runFig13(const std::vector<Fig13Problem>& problems, int repeats);

// ---------------------------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------------------------

/// What the report says about how the problems were made.
struct GjkppReportFacts {
    int pairs = 0;
    int repeats = 0;
    std::string meshSource;   ///< "11 hulls of /work/shared/meshes/ycb (313-3279 vertices)"
    std::string trajectories; ///< "20 funnel-pairs trajectories, 1 s at 120 Hz: 1234 calls"
};

/// The tables of `minkowski paper gjkpp`: per set and task, by distance and support; the
/// Table I / Fig. 8-12 summary with the paper's ratios beside ours; Fig. 13 medians.
std::string gjkppReport(const std::vector<GjkppInstance>& sets,
                        const std::vector<Fig13Instance>& fig13, const GjkppReportFacts& facts);
/// One CSV row per instance, variant (and warm start for Fig. 13).
std::string gjkppCsv(const std::vector<GjkppInstance>& sets,
                     const std::vector<Fig13Instance>& fig13);

} // namespace mk::bench
