/// \file NarrowPhase.cpp
/// Stage 3: mk::collide on every pair that passed the OBB filter, warm-started by the pair's
/// PairCache (GJK++ Sec. IV-E), the hook, and the optional contact cache.

#include "WorldImpl.h"
#include "minkowski/narrowphase/Collide.h"
#include "minkowski/narrowphase/ConvexMesh.h"

#include <cmath>

namespace mk {
namespace {

/// Whether two unit quaternions differ by a rotation of more than the angle whose half has
/// cosine `halfAngleCosine`: 2 acos|a.b| > angle, compared as |a.b| < cos(angle / 2) without
/// the acos (1% of a cached pile's step).
bool turnedBeyond(const Quat& a, const Quat& b, double halfAngleCosine) {
    return std::abs(a.dot(b)) < halfAngleCosine;
}

/// A bound, far above GJK's tolerance (relative 1e-8 by default), on how much shorter than a
/// Status::Separated distance d the true one may be: kFarSlack (d + r_A + r_B), r the bounding
/// radii (the core radii GJK removes are smaller) (unit: metre per metre).
constexpr double kFarSlack = 1e-6;

/// Every point of B moved in A's frame by at most this since `then` (both poses of B's shape
/// in A's): the displacement of B's bounding-sphere centre c plus what the rotation by theta can
/// add on the sphere, |(R - R_then) q| <= 2 sin(theta / 2) r for |q| <= r (unit: metre).
double motionBound(const Pose& now, const Pose& then, const BoundingSphere& sphereB) {
    const Vec3 centre = now.apply(sphereB.center) - then.apply(sphereB.center);
    const Quat turn = then.rotation.conjugate() * now.rotation;
    return centre.norm() + 2.0 * turn.vec().norm() * sphereB.radius; // |vec| = sin(theta / 2)
}

/// The narrow phase's look-ahead (forEachListedPair): the lines of a pair's state its query
/// reads (not the manifold, nor the contact cache's copy when the cache is off), then the lines
/// its query reads first elsewhere: the mesh supports' cells and start vertices
/// (rememberSupportLines()), the counts, the vertices of a typical final polytope (EPA ends with
/// 10-25) and the faces of its penetration seed (allocated apart from the state;
/// PairCache::prepare() reads its count).
struct PrefetchQuery {
    bool contactCache = false; ///< NarrowPhaseSettings::contactCache: CachedQuery is read

    [[gnu::always_inline]] void far(const PairState& p) const {
        prefetchRange(&p, &p.manifold);
        prefetchRange(&p.result, contactCache ? &p.cached + 1 : &p.cached);
        prefetchRange(&p.reusedQuery, &p + 1);
    }
    [[gnu::always_inline]] void near(const PairState& p) const {
        for (const ConvexMesh::SupportLines& lines : p.supportLines) {
            if (lines.cell != nullptr) {
                __builtin_prefetch(lines.cell);
                __builtin_prefetch(lines.start);
            }
        }
        const PenetrationSeed* seed = p.cache.penetrationSeed();
        if (seed == nullptr) {
            return;
        }
        constexpr int kTypicalVertices = 16;
        prefetchRange(seed, &seed->pointA[kTypicalVertices]);
        prefetchRange(seed->pointB.data(), &seed->pointB[kTypicalVertices]);
        prefetchRange(seed->faces.data(), seed + 1);
    }
};

/// The contact cache's look-ahead: what reuseCachedQuery() reads (the key, the cached query)
/// and writes (the answer, the pair cache's front).
struct PrefetchCachedQuery {
    /// PairCache's first lines: the step, separation, witnesses, hints and poses that
    /// PairCache::update() writes first.
    static constexpr std::ptrdiff_t kCacheFrontBytes = 256;

    [[gnu::always_inline]] void far(const PairState& p) const {
        prefetchRange(&p, &p.supportLines);
        prefetchRange(&p.cache, reinterpret_cast<const char*>(&p.cache) + kCacheFrontBytes);
        prefetchRange(&p.result, &p.cached + 1);
    }
    [[gnu::always_inline]] void near(const PairState&) const {}
};

/// The mesh memory the pair's next query will read first: A's support along the normal, B's
/// against it (in the shapes' frames), kept for the look-ahead (PrefetchQuery).
void rememberSupportLines(PairState& p, const Shape& shapeA, const Pose& poseA, const Shape& shapeB,
                          const Pose& poseB) {
    const Vec3& n = p.result.normal;
    const ConvexMesh* meshA = shapeA.convexMesh();
    const ConvexMesh* meshB = shapeB.convexMesh();
    p.supportLines[0] = meshA != nullptr ? meshA->supportLines(poseA.rotation.conjugate() * n)
                                         : ConvexMesh::SupportLines{};
    p.supportLines[1] = meshB != nullptr ? meshB->supportLines(poseB.rotation.conjugate() * -n)
                                         : ConvexMesh::SupportLines{};
}

} // namespace

void World::Impl::runNarrowPhase() {
    QueryRequest base = settings.narrowPhase.request;
    base.task = Task::SignedDistance;
    base.solver = settings.narrowPhase.solver;
    base.margin = settings.contact.margin;
    const auto query = [&](std::size_t, PairState& p, WorkerShare& share) {
        p.reusedQuery = false;
        queryPair(p, base, share);
    };
    if (!settings.narrowPhase.contactCache) {
        forEachListedPair(narrowList, query, PrefetchQuery{});
        return;
    }
    // Reuse first, then query what is left: the query pass's look-ahead then serves pairs it
    // queries, not the (most) pairs the cache answers.
    const double cacheHalfTurn = std::cos(0.5 * settings.narrowPhase.cacheRotation);
    reusedFlags.resize(narrowList.size());
    forEachListedPair(
        narrowList,
        [&](std::size_t i, PairState& p, WorkerShare& share) {
            p.reusedQuery = reuseCachedQuery(p, cacheHalfTurn);
            reusedFlags[i] = p.reusedQuery ? 1 : 0;
            share.counts.narrowPhaseSkipped += p.reusedQuery ? 1 : 0;
        },
        PrefetchCachedQuery{});
    queryList.clear();
    for (std::size_t i = 0; i < narrowList.size(); ++i) {
        if (reusedFlags[i] == 0) {
            queryList.push_back(narrowList[i]);
        }
    }
    forEachListedPair(queryList, query, PrefetchQuery{true});
}

void addPairCounts(StepCounts& total, const StepCounts& part) {
    total.narrowPhaseCalls += part.narrowPhaseCalls;
    total.narrowPhaseSkipped += part.narrowPhaseSkipped;
    total.perturbationCalls += part.perturbationCalls;
    total.faceClips += part.faceClips;
    total.narrowPhaseFailures += part.narrowPhaseFailures;
    total.narrowPhaseFallbacks += part.narrowPhaseFallbacks;
    total.supportCalls += part.supportCalls;
    total.gjkIterations += part.gjkIterations;
    total.penetrationIterations += part.penetrationIterations;
}

void World::Impl::queryPair(PairState& p, const QueryRequest& base, WorkerShare& share) {
    StepCounts& counts = share.counts;
    const Body& a = bodies[p.key.a];
    const Body& b = bodies[p.key.b];
    const Pose& poseA = frames[p.key.a].shapePose;
    const Pose& poseB = frames[p.key.b].shapePose;
    QueryRequest request = base;
    const bool hadPrevious = p.cache.hasPrevious(stepIndex);
    const Vec3 previousSeparation = p.cache.previousSeparation();
    p.cache.prepare(settings.narrowPhase.warmStart, stepIndex, a.shape, poseA, b.shape, poseB,
                    request);

    const bool timed = static_cast<bool>(hook);
    const auto start =
        timed ? std::chrono::steady_clock::now() : std::chrono::steady_clock::time_point{};
    p.result = collide(a.shape, poseA, b.shape, poseB, request);
    if (p.result.status == Status::Unsupported) {
        // The chosen solver cannot handle this pair (rtr, sdf-ellipsoid: solverTraits()):
        // vanilla GJK answers it, so that every registry solver can drive a whole scene.
        ++counts.narrowPhaseFallbacks;
        request.solver = builtins::gjk();
        p.result = collide(a.shape, poseA, b.shape, poseB, request);
    }
    const double seconds =
        timed ? std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count()
              : 0.0;
    p.cache.update(stepIndex, poseA, poseB, p.result, request.solver.entry()); // after any fallback
    rememberSupportLines(p, a.shape, poseA, b.shape, poseB);

    ++counts.narrowPhaseCalls;
    counts.supportCalls += p.result.supportCalls;
    counts.gjkIterations += p.result.iterations;
    counts.penetrationIterations += p.result.penetrationIterations;
    if (settings.narrowPhase.contactCache) {
        const Pose inverseA = poseA.inverse();
        const Vec3& n = p.result.normal;
        const ContactAnchor anchorA = contactAnchor(p.key.a, p.result.witnessA, n);
        const ContactAnchor anchorB = contactAnchor(p.key.b, p.result.witnessB, -n);
        p.cached = {.valid = true,
                    .relative = inverseA * poseB,
                    .witnessA = inverseA.apply(anchorA.point),
                    .witnessB = poseB.applyInverse(anchorB.point),
                    .depthA = anchorA.depth,
                    .depthB = anchorB.depth,
                    .normal = inverseA.rotation * p.result.normal,
                    .result = p.result};
    }
    if (timed) {
        hook(NarrowPhaseEvent{stepIndex, p.key.a, p.key.b, a.shape, b.shape, poseA, poseB, request,
                              p.result, hadPrevious, previousSeparation, seconds, false,
                              share.thread});
    }
}

/// Contact cache: when B moved relative to A by less than the thresholds since the last real
/// query, that query's witnesses and normal are moved with the bodies and reused.
bool World::Impl::reuseCachedQuery(PairState& p, double halfTurnCosine) {
    if (!p.cached.valid) {
        return false;
    }
    const Pose& poseA = frames[p.key.a].shapePose;
    const Pose& poseB = frames[p.key.b].shapePose;
    const Pose relative = poseA.inverse() * poseB;
    const NarrowPhaseSettings& s = settings.narrowPhase;
    const bool near =
        (relative.translation - p.cached.relative.translation).norm() <= s.cacheTranslation &&
        !turnedBeyond(relative.rotation, p.cached.relative.rotation, halfTurnCosine);
    const double apart = near ? 0.0 : certainlyApart(p, relative);
    if (!near && !(apart > 0.0)) {
        return false;
    }
    QueryResult r = p.cached.result;
    r.normal = poseA.rotation * p.cached.normal;
    r.witnessA = surfaceOver(poseA.apply(p.cached.witnessA), p.cached.depthA, r.normal);
    r.witnessB = surfaceOver(poseB.apply(p.cached.witnessB), p.cached.depthB, -r.normal);
    if (near) {
        r.distance = (r.witnessB - r.witnessA).dot(r.normal);
        r.separation = r.witnessA - r.witnessB;
    } else { // a certified lower bound, the witnesses only points of the bodies
        r.status = Status::SeparatedEarlyExit;
        r.distance = apart;
        r.separation = -apart * r.normal;
    }
    p.result = r;
    p.cache.update(stepIndex, poseA, poseB, r); // keeps `previous` warm starts valid
    return true;
}

/// Contact cache: a lower bound of the pair's distance when it proves the pair farther apart
/// than a contact can be made from (ContactSettings::margin plus the pair's reach this step);
/// 0 otherwise. From the last real query's distance (a Status::Separated one) less how far B
/// can have moved relative to A since (motionBound()) and GJK's tolerance (kFarSlack): no
/// approximation, the manifold drops the pair as the query's exact answer would have.
double World::Impl::certainlyApart(const PairState& p, const Pose& relative) const {
    const QueryResult& then = p.cached.result;
    if (then.status != Status::Separated) {
        return 0.0;
    }
    const Shape& a = bodies[p.key.a].shape;
    const Shape& b = bodies[p.key.b].shape;
    const double slack =
        kFarSlack * (then.distance + a.boundingSphere().radius + b.boundingSphere().radius);
    const double bound =
        then.distance - slack - motionBound(relative, p.cached.relative, b.boundingSphere());
    const double contact = settings.contact.margin + pairReach(frames[p.key.a], frames[p.key.b]);
    return bound > contact ? bound : 0.0;
}

} // namespace mk
