/// \file WarmStart.cpp
/// The four warm starts of GJK++ Sec. IV-E (No WS, OBB WS, WS prev, WS T(prev)) and the per-pair
/// cache that feeds them.

#include "minkowski/narrowphase/WarmStart.h"

#include "minkowski/narrowphase/detail/SdfEllipsoid.h"

namespace mk {

Vec3 obbGuess(const Shape& a, const Pose& poseA, const Shape& b, const Pose& poseB) {
    return poseA.apply(a.localObb().center) - poseB.apply(b.localObb().center);
}

Vec3 transformedGuess(const Vec3& witnessALocal, const Pose& poseA, const Vec3& witnessBLocal,
                      const Pose& poseB) {
    return poseA.apply(witnessALocal) - poseB.apply(witnessBLocal);
}

/// Hints are always passed on (as coal does): they only speed up mesh supports and never change
/// the answer, so every strategy, `none` included, compares GJK iterations on equal footing.
/// `transformed-previous` is oriented into the half-space of the stored separation: after a
/// penetration the witnesses give p_A - p_B = depth * normal while QueryResult::separation =
/// -depth * normal (from B to A, the good x0; see Query.h), so the moved witnesses are flipped
/// alike; when the pair separated, p_A - p_B and the separation agree and nothing changes.
void PairCache::prepare(WarmStart strategy, std::int64_t step, const Shape& a, const Pose& poseA,
                        const Shape& b, const Pose& poseB, QueryRequest& request) {
    request.hints = hints_;
    const bool previous = hasPrevious(step);
    prepareWarmData(strategy, previous, request);
    request.sdfWarmStart.reset();
    if (request.solver.entry().readsSdfWarmStart && previous &&
        (strategy == WarmStart::Previous || strategy == WarmStart::TransformedPrevious) &&
        (sdfAnswered_ || result_.status == Status::Separated)) {
        // Corollary 1 carries the optimum with both bodies: the same start for both strategies
        request.sdfWarmStart = sdfWarmStartFrom(result_, poseA_, poseB_, poseA, poseB);
    }
    switch (strategy) {
    case WarmStart::None: request.initialGuess = Vec3::UnitX(); return;
    case WarmStart::Obb: break;
    case WarmStart::Previous:
        if (previous) {
            request.initialGuess = separation_;
            return;
        }
        break;
    case WarmStart::TransformedPrevious:
        if (previous) {
            const Vec3 moved = transformedGuess(witnessALocal_, poseA, witnessBLocal_, poseB);
            request.initialGuess = moved.dot(separation_) < 0.0 ? Vec3(-moved) : moved;
            return;
        }
        break;
    }
    request.initialGuess = obbGuess(a, poseA, b, poseB); // `obb`, and the paper's fallback
}

void PairCache::prepareWarmData(WarmStart strategy, bool previous, QueryRequest& request) {
    request.penetrationSeed = nullptr;
    request.penetrationKeep = nullptr;
    request.simplexSeed = nullptr;
    request.simplexKeep = nullptr;
    const bool warm = strategy == WarmStart::Previous || strategy == WarmStart::TransformedPrevious;
    if (!warm || request.task != Task::SignedDistance || !request.solver.entry().readsPenetrationSeed) {
        return;
    }
    request.simplexKeep = &simplex_;
    if (previous && !simplex_.empty()) {
        request.simplexSeed = &simplex_;
    }
    if (previous && result_.status == Status::Penetrating) {
        seed_.ensure();
    }
    PenetrationSeed* seed = seed_.get();
    request.penetrationKeep = seed;
    if (previous && seed != nullptr && !seed->empty()) {
        request.penetrationSeed = seed;
    }
}

void PairCache::update(std::int64_t step, const Pose& poseA, const Pose& poseB,
                       const QueryResult& result, const SolverEntry& answeredBy) {
    if (result.status == Status::InvalidInput) {
        return; // nothing was computed: the pair counts as not queried at this step
    }
    valid_ = true;
    lastStep_ = step;
    separation_ = result.separation;
    witnessALocal_ = poseA.applyInverse(result.witnessA);
    witnessBLocal_ = poseB.applyInverse(result.witnessB);
    hints_ = result.hints;
    poseA_ = poseA;
    poseB_ = poseB;
    result_ = result;
    sdfAnswered_ = answeredBy.readsSdfWarmStart;
}

} // namespace mk
