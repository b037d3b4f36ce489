/// \file Collide.cpp
/// mk::collide: pose validation, the Minkowski difference in A's frame, GJK on the shapes' cores
/// with the radii added back (as coal does), EPA on the full shapes when the cores overlap, and
/// MPR with GJK for what MPR cannot compute. Never throws, never allocates.

#include "minkowski/narrowphase/Collide.h"

#include "BuiltinQueries.h"
#include "minkowski/narrowphase/ConvexMesh.h"
#include "minkowski/narrowphase/detail/Epa.h"
#include "minkowski/narrowphase/detail/Gjk.h"
#include "minkowski/narrowphase/detail/MinkowskiDifference.h"
#include "minkowski/narrowphase/detail/Mpr.h"
#include "minkowski/narrowphase/Rtr.h"
#include "minkowski/narrowphase/detail/SdfEllipsoid.h"

#include <cmath>

namespace mk {
namespace {

/// A query's outcome in A's frame, converted to the world by toWorld().
struct LocalResult {
    Status status = Status::Degenerate;
    double distance = 0.0;
    Vec3 pa = Vec3::Zero();
    Vec3 pb = Vec3::Zero();
    Vec3 normal = Vec3::UnitX();     ///< unit, from A to B
    Vec3 separation = Vec3::UnitX(); ///< warm-start output, see QueryResult::separation
    int iterations = 0;
    int penetrationIterations = 0;
};

/// A rigid transform as a rotation matrix: the frame changes of a query rotate up to eight
/// vectors, and a matrix-vector product is about half a quaternion rotation's work.
struct Frame {
    Mat3 rotation;
    Vec3 translation; ///< (unit: metre)
    [[nodiscard]] Vec3 apply(const Vec3& local) const { return rotation * local + translation; }
    [[nodiscard]] Vec3 applyInverse(const Vec3& p) const {
        const Mat3 inverse = rotation.transpose(); // evaluated first: the product's bits as before
        return inverse * (p - translation);
    }
};

/// Everything one query needs besides the support: request, guess and radii in A's frame.
struct Context {
    const QueryRequest& request;
    Vec3 guess;        ///< request.initialGuess in A's frame
    double radiusA;    ///< core radius of A (unit: metre)
    double radiusB;    ///< core radius of B (unit: metre)
    const Frame& bInA; ///< B's shape frame in A's (the frame of the support)
};

/// Unit vector along v, or along `fallback` (then along x) when v is (numerically) zero.
Vec3 unitOr(const Vec3& v, const Vec3& fallback) {
    const double n = v.norm();
    if (n > 0.0 && std::isfinite(n)) {
        return v / n;
    }
    const double f = fallback.norm();
    return f > 0.0 && std::isfinite(f) ? Vec3(fallback / f) : Vec3(Vec3::UnitX());
}

/// Overlap without depth (Task::Boolean / Task::Distance): distance 0, pa = pb a common point of
/// the cores (GJK's terminal simplex), no normal: the guess is kept for the next warm start.
LocalResult overlapWithoutDepth(const GjkOutput& g, const Context& c) {
    LocalResult r;
    r.status = Status::Overlapping;
    r.pa = g.pa;
    r.pb = g.pb;
    r.normal = -unitOr(c.guess, Vec3::UnitX());
    r.separation = c.guess;
    return r;
}

/// Status of a core distance that GJK resolved (cores apart by more than the absolute tolerance):
/// the sign of the full distance, or GJK's own failure status.
Status separatedStatus(const GjkOutput& g, double distance, const Context& c) {
    if (g.status == GjkStatus::SeparatedEarlyExit) {
        return Status::SeparatedEarlyExit;
    }
    if (g.status == GjkStatus::MaxIterations) {
        return Status::MaxIterations;
    }
    if (g.status == GjkStatus::Degenerate) {
        return Status::Degenerate;
    }
    if (std::abs(distance) <= c.request.absoluteTolerance) {
        return Status::Touching;
    }
    if (distance > 0.0) {
        return Status::Separated;
    }
    return c.request.task == Task::SignedDistance ? Status::Penetrating : Status::Overlapping;
}

/// Cores apart: the exact answer from the core distance (van den Bergen Sec. 3; coal's swept
/// spheres): distance = core distance - radiusSum, normal = -x/|x|, witnesses moved by the radii.
/// When 0 < core distance < radiusSum the depth radiusSum - core distance is exact: no EPA.
LocalResult fromCores(const GjkOutput& g, const Context& c) {
    LocalResult r;
    const double radiusSum = c.radiusA + c.radiusB;
    const double core = g.status == GjkStatus::SeparatedEarlyExit ? g.lowerBound : g.distance;
    r.distance = core - radiusSum;
    r.normal = -unitOr(g.v, c.guess);
    r.pa = g.pa + c.radiusA * r.normal;
    r.pb = g.pb - c.radiusB * r.normal;
    r.status = separatedStatus(g, r.distance, c);
    if (r.status == Status::Overlapping) {
        r.distance = 0.0; // Task::Boolean / Distance report no depth (Query.h)
    }
    r.separation = -std::abs(r.distance) * r.normal;
    return r;
}

/// Maps EPA's outcome; `inflated` when the cores carry radii (then the shapes overlap by at least
/// the radius sum, whatever EPA says about the cores' contact).
Status epaStatus(const EpaOutput& e, bool inflated, double depth, const Context& c) {
    switch (e.status) {
    case EpaStatus::Converged:
    case EpaStatus::Touching:
    case EpaStatus::Separated:
        // Separated: GJK saw the cores within the absolute tolerance; EPA proved a rounding-level
        // gap. Without radii that is contact; with radii a penetration by radiusSum - gap.
        return depth <= c.request.absoluteTolerance && !inflated ? Status::Touching
                                                                 : Status::Penetrating;
    case EpaStatus::MaxIterations:
    case EpaStatus::OutOfCapacity: return Status::MaxIterations;
    case EpaStatus::Degenerate:
    case EpaStatus::InvalidInput:
    case EpaStatus::SeedRejected: return Status::Degenerate; // runGjk reruns a rejected seed cold
    }
    return Status::Degenerate;
}

EpaSettings epaSettings(const QueryRequest& q) {
    EpaSettings settings;
    settings.tolerance = q.penetrationTolerance;
    settings.maxIterations = q.maxPenetrationIterations;
    return settings;
}

/// The penetration warm start of the request in the support's frame (A's); `use` false: none.
EpaWarmStart epaWarmStart(const Context& c, bool use) {
    EpaWarmStart warm;
    if (use && c.request.task == Task::SignedDistance) {
        warm.seed = c.request.penetrationSeed;
        warm.keep = c.request.penetrationKeep;
        warm.rotationB = c.bInA.rotation;
        warm.translationB = c.bInA.translation;
    }
    return warm;
}

/// EPA's outcome on the cores, then the radii: the support function of a core inflated by a ball
/// of radius r is h(n) + r, so the penetration depth of the shapes is the cores' depth +
/// radiusSum along the same normal, and the witnesses move by the radii. `coreDistance`: GJK's
/// core distance (0 after a warm start, which needs no GJK), the answer of Touching and the
/// depth of Separated. Departure from EPA on the full shapes: this is exact where EPA on a
/// smooth full shape converges only linearly (coincident spheres, crossing capsules: flat core
/// differences, which EPA answers exactly with depth 0 and a normal of their plane).
LocalResult fromEpaOutput(const EpaOutput& e, double coreDistance, const Context& c) {
    const bool inflated = c.radiusA + c.radiusB > 0.0;
    const double coreDepth = e.status == EpaStatus::Separated ? -coreDistance : e.depth;
    const double depth = coreDepth + c.radiusA + c.radiusB;
    LocalResult r;
    r.penetrationIterations = e.iterations;
    r.normal = unitOr(e.normal, -c.guess);
    r.pa = e.pa + c.radiusA * r.normal;
    r.pb = e.pb - c.radiusB * r.normal;
    r.status = epaStatus(e, inflated, depth, c);
    r.distance = r.status == Status::Touching ? coreDistance : -depth;
    r.separation = -std::abs(r.distance) * r.normal;
    if (r.distance == 0.0) {
        r.separation = -r.normal; // a direction is all GJK needs from a warm start
    }
    return r;
}

/// EPA (Epa.h) on the cores from GJK's terminal simplex, keeping its polytope when asked.
LocalResult fromEpa(MinkowskiDifference& diff, const GjkOutput& g, const Context& c,
                    const EpaWarmStart& warm) {
    return fromEpaOutput(epa(diff, g.simplex, epaSettings(c.request), warm), g.distance, c);
}

/// Cores within the absolute tolerance of each other (GJK Overlapping or Touching). GJK's x ~ 0
/// on a segment or triangle does not tell contact from deep overlap (the origin may be inside
/// A - B): Task::Boolean / Distance report Overlapping (a common point exists), EPA resolves
/// Task::SignedDistance.
LocalResult fromOverlappingCores(MinkowskiDifference& diff, const GjkOutput& g, const Context& c,
                                 const EpaWarmStart& warm) {
    if (c.request.task == Task::SignedDistance) {
        return fromEpa(diff, g, c, warm);
    }
    return overlapWithoutDepth(g, c);
}

/// The request's simplex seed (SimplexSeed.h) as points of the support's frame (A's); false when
/// there is none to use.
bool seedSimplex(const Context& c, Simplex& out) {
    const SimplexSeed* seed = c.request.simplexSeed;
    if (c.request.task != Task::SignedDistance || seed == nullptr || seed->empty() ||
        seed->size > SimplexSeed::kMaxPoints) {
        return false;
    }
    out.size = seed->size;
    for (int i = 0; i < seed->size; ++i) {
        SupportPoint& p = out.points[static_cast<size_t>(i)];
        p.a = seed->pointA[static_cast<size_t>(i)];
        p.b = c.bInA.apply(seed->pointB[static_cast<size_t>(i)]);
        p.w = p.a - p.b;
    }
    return true;
}

/// Leaves GJK's terminal simplex in request.simplexKeep (B's points back in B's frame) when the
/// cores ended apart; empties it otherwise.
void keepSimplex(const Context& c, const GjkOutput& g, bool coresApart) {
    SimplexSeed* keep = c.request.simplexKeep;
    if (keep == nullptr) {
        return;
    }
    keep->clear();
    if (!coresApart || c.request.task != Task::SignedDistance || g.simplex.size < 1) {
        return;
    }
    for (int i = 0; i < g.simplex.size; ++i) {
        const SupportPoint& p = g.simplex.points[static_cast<size_t>(i)];
        keep->pointA[static_cast<size_t>(i)] = p.a;
        keep->pointB[static_cast<size_t>(i)] = c.bInA.applyInverse(p.b);
    }
    keep->size = g.simplex.size;
}

/// GJK (`method`) on the cores, then the radii, or EPA when the cores overlap.
/// `warm`: the request's warm data of the GJK family is used: its penetration seed is tried first
/// (epaWarm(): no GJK when it is still a certificate), vanilla GJK starts from its simplex seed,
/// and the final EPA polytope or GJK simplex is kept.
LocalResult runGjk(MinkowskiDifference& diff, const Context& c, const GjkMethod& method,
                   bool warmData) {
    const QueryRequest& q = c.request;
    const EpaWarmStart warm = epaWarmStart(c, warmData);
    if (warm.seed != nullptr) {
        const EpaOutput e = epaWarm(diff, epaSettings(q), warm);
        if (e.status != EpaStatus::SeedRejected) {
            if (q.simplexKeep != nullptr) {
                q.simplexKeep->clear(); // the pair penetrates: no separated simplex to keep
            }
            return fromEpaOutput(e, 0.0, c);
        }
    }
    GjkSettings settings;
    settings.variant = method.variant;
    settings.subAlgorithm = method.subAlgorithm;
    settings.convergence = method.convergence;
    settings.momentumSchedule = method.momentum;
    settings.tolerance = q.tolerance;
    settings.absoluteTolerance = q.absoluteTolerance;
    settings.maxIterations = q.maxIterations;
    settings.booleanEarlyExit = q.task == Task::Boolean;
    // d > margin <=> core d > margin + r; separations within the absolute tolerance count as
    // touching (collide), as in the distance tasks, so the exit needs to clear that too
    settings.earlyExitMargin = q.margin + diff.radiusSum() + q.absoluteTolerance;
    settings.initialGuess = c.guess;
    // EPA's start and the kept simplex, nothing else reads it
    settings.exportSimplex = q.task == Task::SignedDistance;
    Simplex seed;
    if (warmData && seedSimplex(c, seed)) {
        settings.startSimplex = &seed;
    }
    const GjkOutput g = gjk(diff, settings);

    const bool coresApart = g.status != GjkStatus::Overlapping && g.status != GjkStatus::Touching;
    if (coresApart && warm.keep != nullptr) {
        warm.keep->clear(); // no polytope: the next query of the pair runs cold
    }
    if (warmData) {
        keepSimplex(c, g, coresApart);
    }
    LocalResult r = coresApart ? fromCores(g, c) : fromOverlappingCores(diff, g, c, warm);
    r.iterations = g.iterations;
    return r;
}

/// A point strictly inside a shape, in its local frame: every primitive is centred at its local
/// origin; a hull's centroid is interior.
Vec3 interiorPoint(const Shape& s) {
    const ConvexMesh* mesh = s.convexMesh();
    if (const SmoothSupport* smooth = s.smoothSupport()) { // a smoothed hull's centroid
        return smooth->centre();
    }
    return mesh != nullptr ? mesh->centroid() : Vec3::Zero();
}

/// A certified lower bound of the distance along MPR's separating direction n (B along +n from
/// A): min over A - B of -<w, n> = -h(n), one support call.
double mprLowerBound(MinkowskiDifference& full, const Vec3& n) {
    SupportPoint s;
    full.support(n, s);
    return std::max(0.0, -s.w.dot(n));
}

/// MPR's verdict when it needs no help from GJK (overlap, touching, or a boolean separation).
LocalResult fromMpr(const MprOutput& m, double lowerBound, const Context& c) {
    LocalResult r;
    r.iterations = m.iterations;
    r.penetrationIterations = m.refinementIterations;
    r.normal = unitOr(m.normal, -c.guess);
    r.pa = m.pa;
    r.pb = m.pb;
    if (m.status == MprStatus::Separated) {
        r.status = Status::SeparatedEarlyExit;
        r.distance = lowerBound;
        r.separation = -r.normal;
        return r;
    }
    r.status = m.status == MprStatus::Penetrating ? Status::Penetrating
               : m.status == MprStatus::Touching  ? Status::Touching
                                                  : Status::Overlapping;
    r.distance = r.status == Status::Penetrating ? -m.depth : 0.0;
    r.separation = r.status == Status::Overlapping ? c.guess : Vec3(-r.normal);
    if (r.status == Status::Penetrating) {
        r.separation = m.depth * -r.normal;
    }
    return r;
}

/// MPR (Mpr.h) on the full shapes. MPR cannot measure a separation distance: Task::Distance and
/// SignedDistance on separated shapes, Task::Boolean with a margin > 0, and MPR's own failures
/// (MaxIterations, Degenerate) are answered by vanilla GJK on the cores; iterations add up and a
/// failure status of MPR is kept (the fields then hold GJK's reliable answer).
LocalResult runMpr(MinkowskiDifference& diff, const Shape& a, const Shape& b, const Frame& bInA,
                   const Context& c) {
    const QueryRequest& q = c.request;
    MinkowskiDifference full = diff.withoutCores();
    MprSettings settings;
    settings.tolerance = q.penetrationTolerance;
    settings.maxIterations = q.maxPenetrationIterations;
    settings.wantPenetration = q.task == Task::SignedDistance;
    const Vec3 interior = interiorPoint(a) - bInA.apply(interiorPoint(b));
    const MprOutput m = mpr(full, interior, settings);

    const bool failed = m.status == MprStatus::MaxIterations || m.status == MprStatus::Degenerate ||
                        m.status == MprStatus::InvalidInput;
    // Task::Boolean takes MPR's separation when its bound clears margin + absolute tolerance
    // (closer counts as touching, see runGjk); otherwise GJK measures the distance.
    const bool separated = m.status == MprStatus::Separated;
    const double bound = separated && q.task == Task::Boolean
                             ? mprLowerBound(full, unitOr(m.normal, -c.guess))
                             : 0.0;
    const bool needsDistance = separated && bound <= q.margin + q.absoluteTolerance;
    if (!failed && !needsDistance) {
        const LocalResult r = fromMpr(m, bound, c);
        diff.absorb(full);
        return r;
    }
    diff.absorb(full);
    LocalResult r = runGjk(diff, c, GjkMethod{}, false);
    r.iterations += m.iterations;
    r.penetrationIterations += m.refinementIterations;
    if (failed) {
        r.status = m.status == MprStatus::MaxIterations ? Status::MaxIterations : Status::Degenerate;
    }
    return r;
}

/// The A-frame result in the world frame.
QueryResult toWorld(const LocalResult& r, const Frame& frameA, const MinkowskiDifference& diff,
                    const QueryRequest& q) {
    QueryResult out;
    out.status = r.status;
    out.distance = r.distance;
    out.collide = isOverlap(r.status) || r.status == Status::Touching || r.distance <= q.margin;
    out.witnessA = frameA.apply(r.pa);
    out.witnessB = frameA.apply(r.pb);
    out.normal = frameA.rotation * r.normal;
    out.separation = frameA.rotation * r.separation;
    out.iterations = r.iterations;
    out.penetrationIterations = r.penetrationIterations;
    out.supportCalls = diff.supportCalls();
    out.hints = diff.hints();
    return out;
}

/// Frame change, the Minkowski difference of the cores, and GJK (+ EPA) or MPR (+ GJK).
template <bool kMpr>
QueryResult convexQuery(const Shape& a, const Pose& poseA, const Shape& b, const Pose& poseB,
                        const QueryRequest& request, const GjkMethod& method) {
    const Frame frameA{poseA.rotation.toRotationMatrix(), poseA.translation};
    const Frame bInA{(poseA.rotation.conjugate() * poseB.rotation).toRotationMatrix(),
                     frameA.rotation.transpose() * (poseB.translation - poseA.translation)};
    MinkowskiDifference diff(a, b, bInA.rotation, bInA.translation, request.hints, true);
    const Vec3 guess = request.initialGuess.allFinite() ? request.initialGuess : Vec3(Vec3::UnitX());
    const Context context{request, frameA.rotation.transpose() * guess, a.coreRadius(),
                          b.coreRadius(), bInA};
    const LocalResult local =
        kMpr ? runMpr(diff, a, b, bInA, context) : runGjk(diff, context, method, true);
    return toWorld(local, frameA, diff, request);
}

/// True when a guarded solver's answer can be passed on: a valid status other than
/// InvalidInput (the poses were valid) and a finite distance, witnesses and normal.
bool plausible(const QueryResult& r) {
    const auto status = static_cast<unsigned>(r.status);
    return status <= static_cast<unsigned>(Status::Unsupported) &&
           r.status != Status::InvalidInput && std::isfinite(r.distance) &&
           r.witnessA.allFinite() && r.witnessB.allFinite() && r.normal.allFinite() &&
           r.separation.allFinite();
}

/// A guarded (plugin) solver: exceptions caught, the answer checked; a failure is counted and
/// answered by gjk.
QueryResult guardedQuery(const SolverEntry& e, const Shape& a, const Pose& poseA, const Shape& b,
                         const Pose& poseB, const QueryRequest& request) {
    try {
        QueryResult r = e.query(a, poseA, b, poseB, request, e.context);
        if (plausible(r)) {
            return r;
        }
    } catch (...) { // NOLINT(bugprone-empty-catch): any exception is a failure of the solver
    }
    if (e.failures) {
        e.failures->fetch_add(1, std::memory_order_relaxed);
    }
    QueryRequest fallback = request;
    fallback.solver = builtins::gjk();
    return collide(a, poseA, b, poseB, fallback);
}

} // namespace

QueryResult gjkQuery(const Shape& a, const Pose& poseA, const Shape& b, const Pose& poseB,
                     const QueryRequest& request, GjkVariant variant) {
    const SolverChoice& c = request.solver;
    GjkMethod method{variant, c.optionAs<SubAlgorithm>(kSubAlgorithmOption),
                     c.optionAs<GjkConvergence>(kCriterionOption), GjkMomentumSchedule::Paper};
    if (variant != GjkVariant::Vanilla) {
        method.momentum = c.optionAs<GjkMomentumSchedule>(kMomentumOption);
    }
    return convexQuery<false>(a, poseA, b, poseB, request, method);
}

QueryResult mprQuery(const Shape& a, const Pose& poseA, const Shape& b, const Pose& poseB,
                     const QueryRequest& request) {
    return convexQuery<true>(a, poseA, b, poseB, request, GjkMethod{});
}

QueryResult collide(const Shape& a, const Pose& poseA, const Shape& b, const Pose& poseB,
                    const QueryRequest& request) {
    if (!poseA.isValid() || !poseB.isValid()) {
        QueryResult invalid;
        invalid.status = Status::InvalidInput;
        invalid.separation = request.initialGuess;
        invalid.hints = request.hints;
        return invalid;
    }
    const SolverEntry& e = request.solver.entry();
    if (e.guarded) [[unlikely]] {
        return guardedQuery(e, a, poseA, b, poseB, request);
    }
    return e.query(a, poseA, b, poseB, request, e.context);
}

} // namespace mk
