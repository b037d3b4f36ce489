#pragma once
/// \file Paper.h
/// Reproductions of the benchmarks of two papers on this machine (`minkowski paper sdf|rtr`,
/// docs/paper-benchmarks.md):
/// - "sdf": Lopez-Adeva Fernandez-Layos and Merchante, CAD 170 (2024), Sec. 5, Figs. 8-13
///   (collision detection time by distance) and Figs. 16-17 (distance / penetration time):
///   sdf-ellipsoid against GJK and MPR on pairs of the same kind (box, rounded box, cone,
///   ellipsoid, hulls of 50-1000 random points on the unit sphere scaled 3:2:1);
/// - "rtr": An, Lee, Lee, Park, Lee, Sec. V, Table II: RTR against GJK+EPA (on the same smooth
///   support functions) on the 36 pairs of the Table I shapes, time, iterations and the
///   optimality measure (20).
/// Every pose is placed with GJK/EPA at tight tolerance so that its minimum translation
/// distance (MTD) is the drawn target; each query is timed `repeats` times and reported as the
/// mean of the fastest 90% minus the clock overhead, as `minkowski bench` does.

#include "minkowski/bench/Problem.h"
#include "minkowski/narrowphase/Query.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace mk::bench {

/// A shape of a paper benchmark and its name in the tables.
struct PaperShape {
    std::string name;
    Shape shape = Shape::sphere(1.0);
};

/// One solver's answer to one pose, timed.
struct PaperQuery {
    double timeNs = 0.0; ///< mean of the fastest 90% of the repeats, clock overhead removed
    QueryResult result;  ///< the last repeat's answer
};

/// Times `request` on the pose `repeats` times (at least one), after one untimed warm-up call.
/// `samples` is scratch space of `repeats` entries (nothing is allocated).
PaperQuery timePaperQuery(const Shape& a, const Pose& poseA, const Shape& b, const Pose& poseB,
                          const QueryRequest& request, std::span<double> samples);

/// B's pose with rotation `rotationB` such that the MTD of (A at poseA, B) is `target` (unit:
/// metre): B's bounding-sphere centre moves from A's along `direction` and the offset is found
/// by bisection on the GJK/EPA signed distance at tight tolerance (it is convex in the offset,
/// so there is one crossing above the coincident-centre depth). Nothing when the reference does
/// not converge or misses the target by more than 1e-8 L (the caller draws another pose).
std::optional<Pose> placeAtMtd(const Shape& a, const Pose& poseA, const Shape& b,
                               const Quat& rotationB, const Vec3& direction, double target);

/// Mean of the two bounding radii, the papers' unit of distance L (unit: metre).
double meanBoundingRadius(const Shape& a, const Shape& b);

// ---------------------------------------------------------------------------------------------
// The SDF paper (Figs. 8-13, 16-17)
// ---------------------------------------------------------------------------------------------

/// Signed distance levels in units of L: the paper's range -0.05..0.05 (it draws 100 values
/// uniformly in it; we use 11 levels) and one level on each side beyond it.
inline const std::vector<double> kSdfPaperLevels{-0.2, -0.05, -0.04, -0.03, -0.02, -0.01, 0.0,
                                                 0.01, 0.02,  0.03,  0.04,  0.05,  0.2};

struct SdfPaperOptions {
    int poses = 20;   ///< random rotation pairs per kind and level (the paper: 1000)
    int repeats = 20; ///< timed repetitions of each query
    std::uint64_t seed = 0;
    std::vector<double> levels = kSdfPaperLevels;    ///< signed distances / L
    std::vector<int> hullPoints{50, 200, 500, 1000}; ///< the paper's polyhedra (Sec. 5.1)
    /// Kinds to run (box, rounded-box, cone, ellipsoid, hull50, ..., meshes); empty: all.
    std::vector<std::string> kinds;
    /// Extra kind "meshes": pairs drawn from these shapes (e.g. YCB hulls); empty: none.
    std::vector<PaperShape> meshes;
    /// Relative tolerance of every solver (GJK eps, SDF Delta / L, EPA and MPR depth / L).
    double tolerance = 1e-6;
    std::function<void(const std::string&)> progress; ///< called once per kind and task
};

/// One instance: a pair of one kind at one level, the three solvers' answers.
struct SdfPaperInstance {
    std::string kind;
    Task task = Task::Boolean;
    double level = 0.0;     ///< target signed distance / L
    double reference = 0.0; ///< MTD of the placed pose (GJK/EPA, tight) (unit: metre)
    double L = 0.0;         ///< mean bounding radius (unit: metre)
    PaperQuery sdf, gjk, mpr;
};

/// The kinds the options select, in table order. \throws std::invalid_argument on an unknown
/// kind name (the message lists the valid ones).
std::vector<std::string> sdfPaperKinds(const SdfPaperOptions& options);

/// Runs the protocol: for each kind, each level and each pose, Task::Boolean (Figs. 8-13) and
/// Task::SignedDistance (Figs. 16-17) with sdf-ellipsoid, gjk (+EPA) and mpr.
std::vector<SdfPaperInstance> runSdfPaper(const SdfPaperOptions& options);

/// Whether a solver's answer is a failure: a status that is not an answer (max iterations,
/// degenerate, invalid, unsupported) or a collision verdict against the reference where
/// |reference| > 1e-6 L.
bool sdfPaperFailed(const PaperQuery& q, const SdfPaperInstance& instance);

/// The tables (one per kind and task, by level, and a summary per task with the paper's
/// percentages), as printed by `minkowski paper sdf`.
std::string sdfPaperReport(const std::vector<SdfPaperInstance>& instances,
                           const SdfPaperOptions& options);
/// One CSV row per instance and solver.
std::string sdfPaperCsv(const std::vector<SdfPaperInstance>& instances);

// ---------------------------------------------------------------------------------------------
// The RTR paper (Table II)
// ---------------------------------------------------------------------------------------------

/// The eight shapes of Table I in the paper's order. Table I gives no size for the cubes and the
/// cylinder: the unit cube (vertices +-0.5) and a cylinder of radius 0.5, half height 0.5.
std::vector<PaperShape> rtrPaperShapes();

struct RtrPaperOptions {
    int poses = 100;  ///< random poses per pair (the paper: 10,000)
    int repeats = 20; ///< timed repetitions of each query
    std::uint64_t seed = 0;
    double minDistance = -0.05; ///< signed distance range of the poses / L (the paper: contact)
    double maxDistance = 0.0;
    /// eps_g of RTR (relative, eq. 13), GJK's eps and EPA's depth tolerance / L: the paper sets
    /// eps_g = eps_EPA = 1e-4.
    double tolerance = 1e-4;
    std::function<void(const std::string&)> progress; ///< called once per pair
};

/// One pose of one pair, both solvers' answers.
struct RtrPaperInstance {
    int a = 0, b = 0;       ///< indices into rtrPaperShapes()
    double reference = 0.0; ///< MTD of the placed pose (GJK/EPA, tight) (unit: metre)
    double L = 0.0;         ///< mean bounding radius (unit: metre)
    PaperQuery gjkEpa, rtr;
    /// The optimality measure (20) of each answer, with the paper's witnesses: the support
    /// points s_A(n) and s_B(-n) at the reported normal n (EPA's own witnesses lie on the
    /// polytope, exactly along its normal, so they would always give 0).
    double gjkEpaOptimality = 0.0, rtrOptimality = 0.0;
};

std::vector<RtrPaperInstance> runRtrPaper(const RtrPaperOptions& options);

/// Table II's averaged times from the paper (unit: microsecond), GJK-EPA and the paper's RTR,
/// for shapes i <= j of rtrPaperShapes(); the text rounds them to integers.
struct RtrPaperCell {
    int gjkEpaUs = 0;
    int rtrUs = 0;
};
RtrPaperCell rtrPaperTableTwo(int i, int j);

/// Whether a solver's answer is a failure: not Separated / Penetrating / Touching.
bool rtrPaperFailed(const PaperQuery& q);

std::string rtrPaperReport(const std::vector<RtrPaperInstance>& instances,
                           const RtrPaperOptions& options);
std::string rtrPaperCsv(const std::vector<RtrPaperInstance>& instances);

} // namespace mk::bench
