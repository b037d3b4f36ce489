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

namespace mk {

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
    void prepare(WarmStart strategy, std::int64_t step, const Shape& a, const Pose& poseA,
                 const Shape& b, const Pose& poseB, QueryRequest& request) const;

    /// Stores the outcome of the query made at step `step`, answered by solver `answeredBy`.
    void update(std::int64_t step, const Pose& poseA, const Pose& poseB, const QueryResult& result,
                const SolverEntry& answeredBy = builtins::gjk());

    /// True when the pair was queried at step - 1 (so `previous` strategies apply).
    [[nodiscard]] bool hasPrevious(std::int64_t step) const { return valid_ && lastStep_ == step - 1; }
    [[nodiscard]] const Vec3& previousSeparation() const { return separation_; }
    void reset() { valid_ = false; }

private:
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
};

/// x0 of the `obb` strategy: c_A - c_B with the OBB centres in the world frame.
Vec3 obbGuess(const Shape& a, const Pose& poseA, const Shape& b, const Pose& poseB);

/// x0 of the `transformed-previous` strategy: the previous witness points (stored in their bodies'
/// frames) moved to the current poses, x0 = T_A(p_A^local) - T_B(p_B^local). This accounts for the
/// relative displacement of the pair between the two steps.
Vec3 transformedGuess(const Vec3& witnessALocal, const Pose& poseA, const Vec3& witnessBLocal,
                      const Pose& poseB);

} // namespace mk
