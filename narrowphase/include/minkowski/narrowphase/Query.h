#pragma once
/// \file Query.h
/// The one query API of the narrow phase: a request (task, solver, tolerances, warm start) in,
/// a result (status, signed distance, witnesses, normal, counters, warm-start data) out.
///
/// Sign and frame conventions, used everywhere:
/// - The separation vector is x = p_A - p_B, the point of the Minkowski difference A - B closest
///   to the origin (GJK++ Sec. II), in the world frame.
/// - The normal points from A to B: normal = -x / |x| when separated.
/// - distance > 0 when separated, < 0 when penetrating (minus the penetration depth), 0 touching.

#include "minkowski/narrowphase/Defaults.h"
#include "minkowski/narrowphase/Math.h"
#include "minkowski/narrowphase/PenetrationSeed.h"
#include "minkowski/narrowphase/SimplexSeed.h"
#include "minkowski/narrowphase/SolverChoice.h"

#include <array>
#include <optional>
#include <string_view>

namespace mk {

/// What the caller wants to know.
enum class Task : unsigned char {
    Boolean,        ///< only whether the shapes overlap; may stop at the first separating axis
    Distance,       ///< the distance when separated; 0 (no depth) when overlapping
    SignedDistance, ///< the distance when separated, minus the penetration depth when overlapping
};

/// The sub-distance algorithm of the GJK family: given the simplex W + {new support point}, the
/// point of its hull closest to the origin and the smallest subset of W holding it. All three
/// give the same answers to rounding; they differ in cost and in how they fail near degeneracy.
/// Only the GJK solvers (gjk, gjk-polyak, gjk-nesterov, gjk-nesterov-normalized) use it.
enum class SubAlgorithm : unsigned char {
    Johnson,      ///< Johnson's, with van den Bergen's cached dot products and sub-determinants
                  ///< (1999, Sec. 4) and a geometric backup procedure ("johnson", JohnsonSimplex.h)
    SignedVolume, ///< Montanari, Petrinic, Barbieri, "Improving the GJK algorithm for faster and
                  ///< more reliable distance queries between convex objects", ACM TOG 2017:
                  ///< S1D/S2D/S3D on signed volumes ("signed-volume", SignedVolumeSimplex.h)
    Barycode,     ///< Zhang, Wu, Wang, Zhou, "Barycode-based GJK Algorithm": S1D/S2D from the
                  ///< barycode of the new point, signed volumes for the tetrahedron, and its
                  ///< early enclosure test for overlaps ("barycode", BarycodeSimplex.h)
};

/// Stopping test of the GJK solvers (GjkSettings::convergence; option `criterion`).
enum class GjkConvergence : unsigned char {
    /// ||x|| - mu <= eps ||x|| with mu the best lower bound <d_j, s_j> / ||d_j|| over all
    /// iterations (van den Bergen 1999, Sec. 5): relative, the same accuracy for every variant.
    VanDenBergen,
    /// GJK++ eq. (17)/(18): the Frank-Wolfe duality gap g_FW(x_k) = 2 <x_k, x_k - s_k> <= eps
    /// with s_k the support along x_k, which bounds ||x_k - x*||^2 <= eps: absolute, eps in m^2
    /// (GJK++ Sec. IV: eps = 1e-8 m^2, a distance within 1e-4 m). The paper's criterion; the
    /// fixed-point switch of the accelerated variants (eq. 31) then uses the same eps.
    DualityGap,
};

/// The momentum parameter delta_k of the accelerated GJK solvers (GJK++ Alg. 6 line 1).
enum class GjkMomentumSchedule : unsigned char {
    /// delta_k = (k+1)/(k+3) for Polyak, Nesterov and normalised Nesterov, as printed in
    /// GJK++ Alg. 6 (Alg. 7 changes line 3 only).
    Paper,
    /// The constants of the authors' code (coal src/narrowphase/gjk.cpp): Polyak
    /// delta_k = 1/(k+1), i.e. d_k = d_{k-1}/(k+1) + k/(k+1) x_k, which forgets d_{k-1} within a
    /// few iterations; normalised Nesterov delta_k = (k+2)/(k+3); plain Nesterov (k+1)/(k+3).
    Coal,
};

/// Initial guess x0 of the separation vector (GJK++ Sec. IV-E).
enum class WarmStart : unsigned char {
    None,                ///< x0 = (1, 0, 0) ("none")
    Obb,                 ///< x0 = c_A - c_B, the difference of the world OBB centres ("obb")
    Previous,            ///< x0 = the pair's separation vector at the previous step ("previous")
    TransformedPrevious, ///< the previous witness points moved with their bodies
                         ///< ("transformed-previous")
};

/// Outcome of a query, value by value.
enum class Status : unsigned char {
    Separated,          ///< converged: disjoint shapes, distance/witnesses/normal within tolerance
    SeparatedEarlyExit, ///< Task::Boolean: a separating axis was found before convergence;
                        ///< distance is a lower bound, witnesses and normal are the current iterate's
    Overlapping,        ///< Task::Boolean or Task::Distance: overlap proven; distance = 0, no depth
    Penetrating,        ///< Task::SignedDistance: overlap with converged depth, normal and witnesses
    Touching,           ///< distance within tolerance of 0 and no depth to resolve (contact)
    MaxIterations,      ///< the iteration cap was hit; fields hold the best estimate so far
    Degenerate,         ///< a numerical degeneracy ended the solver (EPA polytope could not grow,
                        ///< zero-area faces); fields hold the best estimate, collide is reliable.
                        ///< GJK gives it only beyond double precision: when van den Bergen's
                        ///< degeneracy rule stops it with ||x|| - mu > eps ||x|| + 16 ulp R |s| /
                        ///< ||x|| (R the largest simplex point, s the last support: the
                        ///< rounding of mu, Gjk.h stuck()). Within it GJK answers Separated, or
                        ///< Touching if ||x|| <= absoluteTolerance + 16 ulp R; e.g. 1 m boxes
                        ///< stacked 1e-10 m apart are Separated with the exact distance
    InvalidInput,       ///< non-finite pose or non-unit quaternion; nothing was computed
    Unsupported,        ///< the solver cannot handle a shape of the pair (rtr: no C^2 support
                        ///< function, see rtrRequirement(); sdf-ellipsoid: no SDF, see
                        ///< sdfSupports()); nothing was computed, collide is false
};

/// True for the statuses that mean the shapes overlap.
[[nodiscard]] constexpr bool isOverlap(Status s) {
    return s == Status::Overlapping || s == Status::Penetrating;
}

/// Warm start of sdf-ellipsoid (Lopez-Adeva & Merchante 2024, Corollary 1), world frame: the
/// previous optimum x* of max(phi_A, phi_B) carried by each body from its previous pose to its
/// current one, and the previous optimum f*. mk::sdfWarmStartFrom() (SdfEllipsoid.h) builds it.
struct SdfWarmStart {
    Vec3 optimumWithA = Vec3::Zero(); ///< poseA * previousPoseA^-1 * x* (unit: metre)
    Vec3 optimumWithB = Vec3::Zero(); ///< poseB * previousPoseB^-1 * x* (unit: metre)
    double value = 0.0;               ///< f* = previous distance / 2 (unit: metre)
};

struct QueryRequest {
    Task task = Task::SignedDistance;
    /// The solver and its options (SolverChoice.h, Solver.h): the GJK solvers read their
    /// sub-algorithm, criterion and momentum from it; MPR's GJK fallback uses the defaults.
    SolverChoice solver;

    /// GJK tolerance eps: relative, ||v|| - mu <= eps * ||v|| (van den Bergen 1999, Sec. 3.3),
    /// or absolute, g_FW <= eps (unit: m^2) with the GJK option criterion=duality-gap (GJK++
    /// eq. 17/18).
    double tolerance = defaults::kGjkTolerance;
    /// Absolute floor: ||v||^2 <= absoluteTolerance^2 counts as touching (unit: metre).
    double absoluteTolerance = defaults::kGjkAbsoluteTolerance;
    int maxIterations = defaults::kGjkMaxIterations;
    /// EPA / MPR penetration-depth tolerance (unit: metre).
    double penetrationTolerance = defaults::kEpaTolerance;
    int maxPenetrationIterations = defaults::kEpaMaxIterations;

    /// Boolean task: shapes closer than this count as colliding (unit: metre). 0 = touching.
    double margin = 0.0;

    /// Initial separation vector x0 in the world frame (see WarmStart and PairCache::initialGuess).
    Vec3 initialGuess = Vec3::UnitX();
    /// Support-vertex hints of A and B (mesh vertex indices, -1 = none); see QueryResult::hints.
    /// sdf-ellipsoid reads and returns them as the start faces of Algorithm 4 (any value is safe).
    std::array<int, 2> hints{-1, -1};
    /// sdf-ellipsoid only: the warm start of Corollary 1 (initialGuess is not used by it). Empty:
    /// the cold start of Sec. 4.3.1. Other solvers ignore it.
    std::optional<SdfWarmStart> sdfWarmStart;
    /// Warm-started penetration (Task::SignedDistance, the four GJK solvers; others ignore it):
    /// EPA starts from this polytope of an earlier query of the pair when it is still a
    /// certificate at the current poses (PenetrationSeed.h, epaWarm() in Epa.h), without GJK;
    /// otherwise, or when null or empty, GJK then EPA from GJK's simplex (cold). The answer is
    /// the cold one to EPA's threshold (penetrationTolerance). PairCache::prepare sets it for
    /// `previous` and `transformed-previous`.
    const PenetrationSeed* penetrationSeed = nullptr;
    /// Where the query leaves its final EPA polytope for the pair's next query (emptied when it
    /// ends without one: separated, no depth asked, EPA not converged, too many vertices). May
    /// be the same object as penetrationSeed. Null: nothing kept. Same solvers as above.
    PenetrationSeed* penetrationKeep = nullptr;
    /// Warm-started distance (Task::SignedDistance, vanilla `gjk`; others ignore it): GJK starts
    /// from these points of an earlier query of the pair, moved with the bodies (SimplexSeed.h),
    /// instead of from the support along initialGuess. Null or empty: the usual start. The answer
    /// is GJK's to its tolerance either way. PairCache::prepare sets it for `previous` and
    /// `transformed-previous`.
    const SimplexSeed* simplexSeed = nullptr;
    /// Where the query leaves GJK's terminal simplex when the cores end separated (emptied
    /// otherwise). May be the same object as simplexSeed. Null: nothing kept. Same solvers.
    SimplexSeed* simplexKeep = nullptr;
};

struct QueryResult {
    Status status = Status::InvalidInput;
    bool collide = false;          ///< signed distance <= request.margin
    double distance = 0.0;         ///< signed distance (unit: metre); see Status for its meaning
    Vec3 witnessA = Vec3::Zero();  ///< point of A (world frame)
    Vec3 witnessB = Vec3::Zero();  ///< point of B (world frame)
    Vec3 normal = Vec3::UnitX();   ///< unit, from A to B; the direction to move B to separate
    int iterations = 0;            ///< GJK (or MPR) iterations
    int penetrationIterations = 0; ///< EPA (or MPR refinement) iterations
    int supportCalls = 0;          ///< support-function evaluations of the Minkowski difference
    /// Warm-start output (world frame), what `previous` feeds to the next call: -|distance| *
    /// normal. That is x = p_A - p_B when separated; when penetrating it is minus the penetration
    /// vector p_A - p_B = depth * normal (coal caches -(depth * normal) likewise), so that it
    /// always points from B to A and GJK's first support looks from A toward B. Overlapping
    /// without depth: request.initialGuess, unchanged.
    Vec3 separation = Vec3::UnitX();
    std::array<int, 2> hints{-1, -1}; ///< final support-vertex hints, to pass to the next call
};

/// Runtime names of the enums ("none", "obb", ..., "johnson", ...).
std::string_view name(WarmStart);
std::string_view name(Task);
std::string_view name(Status);
std::string_view name(SubAlgorithm);

} // namespace mk
