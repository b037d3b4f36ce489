#pragma once
/// \file WorldImpl.h
/// The world's private state and its pipeline stages (one .cpp per group of stages).
/// Every vector keeps its capacity between steps: after warm-up a step does not allocate.

#include "ContactAnchor.h"
#include "EscapeMonitor.h"
#include "HugePages.h"
#include "Prefetch.h"
#include "SweepChooser.h"
#include "minkowski/engine/Broadphase.h"
#include "minkowski/engine/ContactSolver.h"
#include "minkowski/engine/ThreadPool.h"
#include "minkowski/engine/World.h"
#include "minkowski/narrowphase/ConvexMesh.h"
#include "minkowski/narrowphase/WarmStart.h"

#include <array>
#include <chrono>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

namespace mk {

/// Per-body quantities of the current step, recomputed at its start.
struct BodyFrame {
    Pose shapePose{};    ///< shape -> world
    Obb obb{};           ///< the shape's OBB in the world
    double radius = 0;   ///< bounding-sphere radius (unit: metre)
    /// Bound of the distance from the centre of mass to a point of the body: its distance to
    /// the bounding sphere's centre plus the radius (SolverBody::lever; unit: metre).
    double lever = 0;
    bool sphere = false; ///< a sphere's manifold is one point: never perturbed
    /// ContactSettings::ccd: the step's travel of the centre of mass, v h, and how far the
    /// rotation may move a point of the body, |omega| r h (unit: metre); zero without ccd.
    Vec3 travel = Vec3::Zero();
    double turn = 0;
    double reach = 0; ///< |travel| + turn, once per step for the pairs (pairReach())
};

/// What the contact cache remembers of a pair's last real query (shape frames).
struct CachedQuery {
    bool valid = false;
    Pose relative{};              ///< B's shape pose in A's shape frame at the query
    /// A's anchor under the witness (contactAnchor(), as ContactPoint::localA), in A's shape
    /// frame: it stays under a capsule or cylinder rolling in place.
    Vec3 witnessA = Vec3::Zero();
    Vec3 witnessB = Vec3::Zero(); ///< B's anchor (the witness plus depthB), in B's shape frame
    double depthA = 0.0;          ///< the anchors' depths (unit: metre)
    double depthB = 0.0;
    Vec3 normal = Vec3::UnitX();  ///< in A's shape frame
    QueryResult result{};
};

/// Everything the world keeps about one broadphase pair while it exists.
struct PairState {
    BodyPair key{};
    /// What A's and B's mesh supports read first along the last answer's normal, asked for
    /// ahead of the next query (NarrowPhase.cpp).
    std::array<ConvexMesh::SupportLines, 2> supportLines{};
    PairCache cache{};
    Manifold manifold{};
    QueryResult result{}; ///< this step's narrow-phase answer (when passed)
    CachedQuery cached{};
    /// This step's answer came from the contact cache (NarrowPhaseSettings::contactCache).
    bool reusedQuery = false;
    int perturbationCooldown = 0; ///< steps before the next perturbation round may run
    /// At the round that started the cooldown: B's orientation in A's frame, and the
    /// narrow-phase witness on the tilted body in its centre-of-mass frame (unit: metre).
    Quat cooldownOrientation = Quat::Identity();
    Vec3 cooldownWitness = Vec3::Zero();
};

/// A pair in the sorted index, pointing into the pool.
/// `passed` lives here rather than in the pool so that the OBB filter's pass over every
/// broadphase pair reads and writes this array only (the pool's states are a few hundred bytes
/// each: touching 13,000 of them per step was most of the filter's time).
struct PairSlot {
    BodyPair key{};
    std::uint32_t slot = 0;
    /// Passed the OBB filter this step. A pair's manifold can hold points only if it did at
    /// its last step (only passed pairs add points), so a pair that fails needs clearing only then.
    bool passed = false;
};

/// A manifold point handed to the solver this step.
struct ContactRef {
    BodyId a = 0;
    BodyId b = 0;
    ContactPoint* point = nullptr;
};

/// One thread's part of a per-pair stage, on cache lines of its own.
struct alignas(64) WorkerShare {
    StepCounts counts{}; ///< summed into StepStats::counts after the stage
    int thread = 0;      ///< NarrowPhaseEvent::thread
};

/// Adds the per-pair counters of `part` (narrow phase, perturbation, failures) to `total`.
void addPairCounts(StepCounts& total, const StepCounts& part);

/// Wall-clock stopwatch for the stage times.
class StageTimer {
public:
    StageTimer() : start_(std::chrono::steady_clock::now()) {}
    /// Seconds since construction or the last lap, and restarts.
    double lap() {
        const auto now = std::chrono::steady_clock::now();
        const double s = std::chrono::duration<double>(now - start_).count();
        start_ = now;
        return s;
    }

private:
    std::chrono::steady_clock::time_point start_;
};

struct World::Impl {
    explicit Impl(const WorldSettings& s) : settings(s) {}

    WorldSettings settings;
    std::int64_t stepIndex = 0;
    StepStats stats{};
    NarrowPhaseHook hook;
    HookCalls hookCalls = HookCalls::Ordered;

    std::vector<Body> bodies;
    std::vector<BodyFrame> frames;
    /// Per body, once per step (filterPairs()): obbBall() of its OBB grown by its reach.
    std::vector<Eigen::Vector4d> balls;
    Broadphase broadphase;

    std::vector<BodyPair> keys;  ///< this step's broadphase pairs
    std::vector<PairSlot> index; ///< sorted by key
    std::vector<PairSlot> nextIndex;
    HugeVector<PairState> pool;
    std::vector<std::uint32_t> freeSlots;
    std::vector<std::uint32_t> narrowList; ///< slots that passed the OBB filter, in key order
    /// With the contact cache: per narrowList entry, whether its query was reused this step,
    /// and the slots still to query (in key order), so that the query pass looks ahead only
    /// at pairs it will query.
    std::vector<std::uint8_t> reusedFlags;
    std::vector<std::uint32_t> queryList;
    /// Per narrowList entry after the manifold stage: its manifold's size, plus kPerturbMark while
    /// the pair waits for the perturbation pass. With the keys beside them, the contact list is
    /// gathered without reading the pool.
    std::vector<std::uint8_t> pairPoints;
    std::vector<BodyPair> narrowKeys;        ///< the key of each narrowList entry
    std::vector<std::uint32_t> perturbList;  ///< slots for the perturbation pass, in key order

    HugeVector<ContactRef> contactRefs; ///< grouped by colour (colourContacts())
    HugeVector<ContactRef> sortedRefs;
    std::vector<std::uint64_t> colourMasks; ///< per body: the colours its contacts took
    std::vector<std::uint8_t> refColours;
    std::vector<std::uint32_t> colourStarts; ///< PgsColours::starts
    std::vector<SolverBody> solverBodies;
    HugeVector<SolverContact> solverContacts;
    PgsScratch pgsScratch;
    /// WorldSettings::threads > 1: the workers of the per-pair stages and the contact solver
    /// (made on first use by threadPool()).
    std::unique_ptr<ThreadPool> workers;
    std::vector<WorkerShare> shares; ///< one per thread of the current per-pair stage
    SweepChooser sweepChooser;       ///< the PGS sweeps on the threads or not (same bits)
    std::vector<Pose> nextPoses;
    std::vector<BodyId> badBodies;
    double perturbationSeconds = 0.0; ///< time of this step's perturbation calls (unit: second)
    EscapeMonitor escapes;            ///< checked around step() by World::step()

    const Body& checkedBody(BodyId id) const;

    // Stages (Step.cpp, NarrowPhase.cpp, Integrate.cpp).
    void step();
    void updateBroadphase();
    void mergePairs();
    std::uint32_t acquireSlot(const BodyPair& key);
    void filterPairs();
    void runNarrowPhase();
    void queryPair(PairState& pair, const QueryRequest& base, WorkerShare& share);
    /// halfTurnCosine: cos(narrowPhase.cacheRotation / 2), computed once per step.
    bool reuseCachedQuery(PairState& pair, double halfTurnCosine);
    /// Contact cache: a certified lower bound of the pair's distance (B's shape pose in A's is
    /// `relative`) when it exceeds the contact margin plus the pair's reach, else 0.
    [[nodiscard]] double certainlyApart(const PairState& pair, const Pose& relative) const;
    void updateManifolds();
    /// Refreshes the pair's manifold and adds this step's point; true when the pair should go
    /// through the perturbation pass (too few points).
    [[nodiscard]] bool updateManifold(PairState& pair, WorkerShare& share);
    /// How a new point of `pair` (the narrow phase's, a clipped corner, a perturbed query's)
    /// merges into its manifold (ContactSettings::keepPolytopeAnchors).
    [[nodiscard]] Merge mergeRule(const PairState& pair) const;
    [[nodiscard]] double breakingThreshold(const PairState& pair) const;
    /// How far apart along the normal a pair's points are kept: the breaking threshold, or
    /// the margin plus the pair's reach (pairReach()) when larger, so that a speculative point
    /// and the perturbation's points around it are not dropped.
    [[nodiscard]] double keptSeparation(double threshold, double reach) const;
    /// contactAnchor() (ContactAnchor.h) of body `id` at world point `surface`, outward normal
    /// `outward`, in the current pose.
    [[nodiscard]] ContactAnchor contactAnchor(BodyId id, const Vec3& surface,
                                              const Vec3& outward) const;
    /// Sets the anchors of `point` (ContactPoint::localA, localB, depthA, depthB) from its
    /// world points and normal, in the current poses of the pair's bodies.
    void anchor(const PairState& pair, ContactPoint& point) const;
    /// The perturbation pass's points by face clipping (ContactSettings::clipPolytopeFaces);
    /// false, adding nothing, unless both shapes are polytopes.
    bool clipContacts(PairState& pair, double threshold, double separation, WorkerShare& share);
    void perturbContacts(PairState& pair, double threshold, double separation,
                         WorkerShare& share);
    [[nodiscard]] Vec3 tiltedWitness(const PairState& pair) const;
    void startPerturbationCooldown(PairState& pair);
    void countDownPerturbationCooldown(PairState& pair, double threshold);
    void colourContacts();
    /// The pool of WorldSettings::threads threads.
    ThreadPool& threadPool() {
        if (!workers || workers->threads() != settings.threads) {
            workers = std::make_unique<ThreadPool>(settings.threads);
        }
        return *workers;
    }
    /// Calls fn(i, pair, share) for the pair of every slot list[i], on the step's threads;
    /// `share` belongs to the calling thread, its counts are summed into stats.counts after
    /// the loop. Each pair's work reads only its own state and this step's bodies and frames,
    /// so the split never changes a result. With an Ordered hook the calls stay on this
    /// thread, in list order. `ahead` asks for the memory of the pairs ahead on the same thread:
    /// ahead.far(pair) on the pair two ahead, for lines of its state (it must not read them),
    /// ahead.near(pair) on the next one, whose state was asked for, for what it points to.
    /// Both `always_inline`: GCC deletes a call whose only effects are prefetches.
    template <class PairFn, class Ahead>
    void forEachListedPair(std::span<const std::uint32_t> list, PairFn&& fn, Ahead ahead);
    /// Calls fn(begin, end) on chunks of [0, count) on the step's threads (inline with one);
    /// for loops whose iterations are independent and cheap (bodies, broadphase pairs).
    template <class RangeFn> void parallelFor(std::size_t count, RangeFn&& fn);
    void predictVelocities();
    void buildContacts();
    void buildContact(const ContactRef& ref, SolverContact& contact) const;
    void solve();
    void integratePositions();
    [[nodiscard]] bool finiteMotion(std::size_t body) const;
    void commit();
    void accumulateMotion(const Body& b, BodyId id);
    [[noreturn]] void reportBlowUp();
};

template <class PairFn, class Ahead>
void World::Impl::forEachListedPair(std::span<const std::uint32_t> list, PairFn&& fn, Ahead ahead) {
    const bool parallel = settings.threads > 1 && (!hook || hookCalls == HookCalls::Concurrent);
    const int threads = parallel ? settings.threads : 1;
    shares.assign(static_cast<std::size_t>(threads), WorkerShare{});
    // The pair states are scattered in the pool and a few hundred bytes each: each thread asks
    // for the state two pairs ahead, then for what the next pair's state points to.
    const auto run = [&](std::size_t begin, std::size_t end, WorkerShare& share) {
        constexpr std::size_t kAhead = 2;
        for (std::size_t i = begin; i < end; ++i) {
            if (i + kAhead < end) {
                ahead.far(pool[list[i + kAhead]]);
            }
            if (i + 1 < end) {
                ahead.near(std::as_const(pool[list[i + 1]]));
            }
            fn(i, pool[list[i]], share);
        }
    };
    if (!parallel) {
        run(0, list.size(), shares[0]);
    } else {
        constexpr std::size_t kPairsPerChunk = 8; // microseconds of work: cheap to hand out
        threadPool().forEach(list.size(), kPairsPerChunk,
                             [&](std::size_t begin, std::size_t end, int thread) {
                                 WorkerShare& share = shares[static_cast<std::size_t>(thread)];
                                 share.thread = thread;
                                 run(begin, end, share);
                             });
    }
    for (const WorkerShare& share : shares) {
        addPairCounts(stats.counts, share.counts);
    }
}

template <class RangeFn> void World::Impl::parallelFor(std::size_t count, RangeFn&& fn) {
    constexpr std::size_t kGrain = 256; // items of well under a microsecond each
    forEachChunk(settings.threads > 1 ? &threadPool() : nullptr, count, kGrain, fn);
}

/// Body bounds for the broadphase: the world AABB of the world OBB (unit: metre).
Aabb obbBounds(const Obb& box);

/// ContactSettings::ccd (Ccd.cpp): sets `frame`'s travel, turn and reach for a step of `h`
/// seconds; zero for static bodies. A kinematic body reaches as far as its set velocities take
/// it.
void setSpeculativeMotion(const Body& body, double h, BodyFrame& frame);
/// The broadphase box of a body: `bounds` swept along its travel, grown by its turn.
Aabb sweptBounds(const Aabb& bounds, const BodyFrame& frame);
/// How much closer two bodies may come within the step (unit: metre): both travels and turns.
/// Not the relative travel: bodies falling together meet when the lower one lands during the
/// step (funnel seeds 1-16: 9 escapes against 3).
double pairReach(const BodyFrame& a, const BodyFrame& b);
/// How much a contact of normal `normal` (A to B) may close within the step at the bodies'
/// current velocities (unit: metre): the relative travel along it plus both turns.
double closing(const BodyFrame& a, const BodyFrame& b, const Vec3& normal);

} // namespace mk
