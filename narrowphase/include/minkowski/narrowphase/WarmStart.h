#pragma once
/// \file WarmStart.h
/// Per-pair memory between two steps of a simulation: what the four warm-start strategies of
/// GJK++ Sec. IV-E need, the support-vertex hints of both shapes, and the previous optimum and
/// poses that the sdf-ellipsoid warm start (Lopez-Adeva 2024, Corollary 1) needs.

#include "minkowski/narrowphase/Query.h"
#include "minkowski/narrowphase/Shape.h"
#include "minkowski/narrowphase/Solver.h"

#include <array>
#include <cstdint>
#include <memory>

namespace mk {

/// Storage of a pair's penetration seed (PenetrationSeed.h, about 2 KB): allocated by
/// PairCache::prepare() when the pair first needs it, then kept like a vector's capacity, so that
/// the queries themselves never allocate and a pair slot reused for another pair does not
/// allocate again. Copies copy the seed; an assignment from an object without storage keeps
/// this one's storage, emptied.
class SeedStorage {
public:
    SeedStorage() = default;
    SeedStorage(const SeedStorage& other)
        : seed_(other.seed_ ? std::make_unique<PenetrationSeed>(*other.seed_) : nullptr) {}
    SeedStorage(SeedStorage&&) noexcept = default;
    SeedStorage& operator=(const SeedStorage& other) {
        if (other.seed_ && !seed_)
            seed_ = std::make_unique<PenetrationSeed>();
        if (other.seed_)
            *seed_ = *other.seed_;
        else if (seed_)
            seed_->clear();
        return *this;
    }
    SeedStorage& operator=(SeedStorage&& other) noexcept {
        if (other.seed_)
            seed_.swap(other.seed_);
        else if (seed_)
            seed_->clear();
        return *this;
    }
    ~SeedStorage() = default;

    [[nodiscard]] PenetrationSeed* get() const { return seed_.get(); }
    /// Allocates the storage (empty seed) unless it exists.
    PenetrationSeed& ensure() {
        if (!seed_)
            seed_ = std::make_unique<PenetrationSeed>();
        return *seed_;
    }

private:
    std::unique_ptr<PenetrationSeed> seed_;
};

/// Cache of one pair (A, B). Owned by the caller (the engine keeps one per broadphase pair).
class PairCache {
public:
    /// The initial guess for a query at step `step` under `strategy`, written into `request`
    /// (initialGuess and hints). `previous` and `transformed-previous` fall back to `obb` when the
    /// pair was not queried at step - 1 (the paper's rule). For the solvers that read it
    /// (SolverEntry::readsSdfWarmStart: sdf-ellipsoid),
    /// which ignores initialGuess, `previous` and `transformed-previous` also fill
    /// request.sdfWarmStart (sdfWarmStartFrom() on the step - 1 result and poses) when that result
    /// bounds the SDF optimum: an sdf-ellipsoid result that is separated, touching or penetrating,
    /// or a separated result of any solver (d / 2 is the SDF optimum of separated bodies; a
    /// penetration depth of EPA, MPR or RTR is not, and Corollary 1's bound from it could cut the
    /// optimum away). Otherwise request.sdfWarmStart is reset (cold start).
    ///
    /// Warm-started penetration: for Task::SignedDistance with a GJK solver under `previous` or
    /// `transformed-previous`, request.penetrationKeep points to the pair's seed and
    /// request.penetrationSeed too when the pair was queried at step - 1 and that query kept a
    /// polytope (both strategies: a polytope is only a certificate with its vertices moved with
    /// the bodies, see PenetrationSeed.h). The seed storage is allocated here on the first query
    /// after a penetrating one (so pairs that never penetrate cost nothing); otherwise both
    /// pointers are reset. Warm-started distance, under the same conditions: request.simplexKeep
    /// points to the pair's simplex seed, and request.simplexSeed too when the pair was queried at
    /// step - 1 and that query ended separated (SimplexSeed.h; vanilla `gjk` starts from it).
    void prepare(WarmStart strategy, std::int64_t step, const Shape& a, const Pose& poseA,
                 const Shape& b, const Pose& poseB, QueryRequest& request);

    /// Stores the outcome of the query made at step `step`, answered by solver `answeredBy`.
    void update(std::int64_t step, const Pose& poseA, const Pose& poseB, const QueryResult& result,
                const SolverEntry& answeredBy = builtins::gjk());

    /// True when the pair was queried at step - 1 (so `previous` strategies apply).
    [[nodiscard]] bool hasPrevious(std::int64_t step) const { return valid_ && lastStep_ == step - 1; }
    [[nodiscard]] const Vec3& previousSeparation() const { return separation_; }
    /// Forgets the previous query (the seed storage is kept, emptied).
    void reset() {
        valid_ = false;
        if (PenetrationSeed* seed = seed_.get())
            seed->clear();
        simplex_.clear();
    }
    /// The pair's penetration seed, null before the storage is allocated (see prepare()).
    [[nodiscard]] const PenetrationSeed* penetrationSeed() const { return seed_.get(); }

private:
    void prepareWarmData(WarmStart strategy, bool previous, QueryRequest& request);

    bool valid_ = false;
    std::int64_t lastStep_ = 0;
    Vec3 separation_ = Vec3::UnitX();  ///< x^{t-1} = p_A - p_B (world frame)
    Vec3 witnessALocal_ = Vec3::Zero(); ///< p_A in A's frame at t-1
    Vec3 witnessBLocal_ = Vec3::Zero(); ///< p_B in B's frame at t-1
    std::array<int, 2> hints_{-1, -1};
    Pose poseA_;         ///< poses of the query at lastStep_ (for the sdf-ellipsoid warm start)
    Pose poseB_;
    QueryResult result_; ///< result of the query at lastStep_
    bool sdfAnswered_ = false; ///< result_ came from a solver reading sdfWarmStart (its optimum bounds the next)
    SeedStorage seed_;         ///< written by the queries through request.penetrationKeep
    SimplexSeed simplex_;      ///< written by the queries through request.simplexKeep
};

/// x0 of the `obb` strategy: c_A - c_B with the OBB centres in the world frame.
Vec3 obbGuess(const Shape& a, const Pose& poseA, const Shape& b, const Pose& poseB);

/// x0 of the `transformed-previous` strategy: the previous witness points (stored in their bodies'
/// frames) moved to the current poses, x0 = T_A(p_A^local) - T_B(p_B^local). This accounts for the
/// relative displacement of the pair between the two steps.
Vec3 transformedGuess(const Vec3& witnessALocal, const Pose& poseA, const Vec3& witnessBLocal,
                      const Pose& poseB);

} // namespace mk
