/// \file Step.cpp
/// The step driver and the pair stages: broadphase, sorted pair index, OBB filter, manifolds.

#include "FaceClip.h"
#include "WorldImpl.h"
#include "minkowski/engine/ObbFilter.h"

#include <algorithm>
#include <array>
#include <bit>

namespace mk {

void World::Impl::step() {
    stats = StepStats{};
    stats.step = stepIndex;
    StageTimer total;
    StageTimer timer;
    updateBroadphase();
    stats.times.broadphase = timer.lap();
    filterPairs();
    stats.times.obbFilter = timer.lap();
    runNarrowPhase();
    stats.times.narrowPhase = timer.lap();
    updateManifolds();
    stats.times.manifolds = timer.lap() - perturbationSeconds;
    stats.times.narrowPhase += perturbationSeconds;
    predictVelocities();
    stats.times.integrate = timer.lap();
    solve();
    stats.times.solver = timer.lap();
    integratePositions(); // throws SimulationError before anything is committed
    commit();
    stats.times.integrate += timer.lap();
    stats.times.total = total.lap();
    ++stepIndex;
}

void World::Impl::updateBroadphase() {
    parallelFor(bodies.size(), [&](std::size_t begin, std::size_t end) {
        for (std::size_t i = begin; i < end; ++i) {
            const Body& b = bodies[i];
            if (b.type == BodyType::Static) {
                continue; // static frames change only through setShapePose
            }
            BodyFrame& f = frames[i];
            f.shapePose = b.shapePose();
            f.obb = b.shape.localObb().transformed(f.shapePose);
            if (settings.contact.ccd) {
                setSpeculativeMotion(b, settings.timeStep, f);
            }
        }
    });
    for (std::size_t i = 0; i < bodies.size(); ++i) { // Bullet's tree: one thread
        if (bodies[i].type != BodyType::Static) {
            const BodyFrame& f = frames[i];
            broadphase.update(static_cast<BodyId>(i), sweptBounds(obbBounds(f.obb), f));
        }
    }
    broadphase.pairs(keys);
    mergePairs();
    stats.counts.broadphasePairs = static_cast<int>(index.size());
}

std::uint32_t World::Impl::acquireSlot(const BodyPair& key) {
    std::uint32_t slot = 0;
    if (freeSlots.empty()) {
        slot = static_cast<std::uint32_t>(pool.size());
        pool.emplace_back();
    } else {
        slot = freeSlots.back();
        freeSlots.pop_back();
        pool[slot] = PairState{};
    }
    pool[slot].key = key;
    return slot;
}

/// Sorted merge of this step's keys with the previous index: surviving pairs keep their state
/// (warm starts, manifold), new pairs get a fresh slot, vanished pairs free theirs.
void World::Impl::mergePairs() {
    nextIndex.clear();
    std::size_t i = 0;
    std::size_t j = 0;
    while (i < index.size() || j < keys.size()) {
        if (j == keys.size() || (i < index.size() && index[i].key < keys[j])) {
            freeSlots.push_back(index[i++].slot);
        } else if (i == index.size() || keys[j] < index[i].key) {
            const BodyPair key = keys[j++];
            nextIndex.push_back({key, acquireSlot(key)});
        } else {
            nextIndex.push_back(index[i++]);
            ++j;
        }
    }
    index.swap(nextIndex);
}

void World::Impl::filterPairs() {
    const double margin = settings.contact.margin;
    // Each body's ball grown by its reach, once a step: the pairs' cheap first test.
    balls.resize(frames.size());
    for (std::size_t i = 0; i < frames.size(); ++i) {
        balls[i] = obbBall(frames[i].obb, frames[i].reach);
    }
    parallelFor(index.size(), [&](std::size_t begin, std::size_t end) {
        for (std::size_t i = begin; i < end; ++i) {
            PairSlot& s = index[i];
            const bool passedBefore = s.passed;
            const BodyFrame& a = frames[s.key.a];
            const BodyFrame& b = frames[s.key.b];
            s.passed = !obbBallsApart(balls[s.key.a], balls[s.key.b], margin) &&
                       obbOverlap(a.obb, b.obb, margin + pairReach(a, b));
            if (passedBefore && !s.passed) { // OBBs apart by more than the margin: stale points
                pool[s.slot].manifold.clear();
            }
        }
    });
    narrowList.clear();
    narrowKeys.clear();
    for (const PairSlot& s : index) {
        if (s.passed) {
            narrowList.push_back(s.slot);
            narrowKeys.push_back(s.key);
        }
    }
    stats.counts.obbPassed = static_cast<int>(narrowList.size());
}

namespace {

/// A narrow-phase answer the manifold can use: finite witnesses, unit normal.
bool usable(const QueryResult& r) {
    return r.status != Status::InvalidInput && r.status != Status::Unsupported &&
           std::isfinite(r.distance) && r.witnessA.allFinite() && r.witnessB.allFinite() &&
           r.normal.allFinite() && std::abs(r.normal.squaredNorm() - 1.0) < 1e-6;
}

/// updateManifold()'s look-ahead (forEachListedPair): the pair's key, manifold, answer and
/// flags, not its query cache nor the contact cache's copy (CachedQuery), which it never reads.
struct PrefetchManifold {
    [[gnu::always_inline]] void far(const PairState& p) const {
        prefetchRange(&p.key, &p.key + 1);
        prefetchRange(&p.manifold, &p.cached);
        prefetchRange(&p.reusedQuery, &p + 1);
    }
    [[gnu::always_inline]] void near(const PairState&) const {}
};

/// The perturbation pass's look-ahead: its pairs' keys, manifolds and cooldown.
struct PrefetchPerturbed {
    [[gnu::always_inline]] void far(const PairState& p) const {
        prefetchRange(&p.key, &p.key + 1);
        prefetchRange(&p.manifold, &p.result);
        prefetchRange(&p.reusedQuery, &p + 1);
    }
    [[gnu::always_inline]] void near(const PairState&) const {}
};

/// World::Impl::pairPoints: a pair's point count, with this bit while it awaits the
/// perturbation pass.
constexpr std::uint8_t kPerturbMark = 0x80;
static_assert(Manifold::kCapacity < kPerturbMark);

} // namespace

double World::Impl::breakingThreshold(const PairState& p) const {
    const ContactSettings& cs = settings.contact;
    return std::min(cs.breakingThreshold,
                    cs.relativeBreakingThreshold *
                        std::min(frames[p.key.a].radius, frames[p.key.b].radius));
}

double World::Impl::keptSeparation(double threshold, double reach) const {
    return reach > 0.0 ? std::max(threshold, settings.contact.margin + reach) : threshold;
}

ContactAnchor World::Impl::contactAnchor(BodyId id, const Vec3& surface,
                                         const Vec3& outward) const {
    return mk::contactAnchor(bodies[id].shape, frames[id].shapePose, surface, outward);
}

void World::Impl::anchor(const PairState& p, ContactPoint& c) const {
    const ContactAnchor a = contactAnchor(p.key.a, c.worldA, c.normal);
    const ContactAnchor b = contactAnchor(p.key.b, c.worldB, -c.normal);
    c.localA = bodies[p.key.a].pose.applyInverse(a.point);
    c.localB = bodies[p.key.b].pose.applyInverse(b.point);
    c.depthA = a.depth;
    c.depthB = b.depth;
}

Merge World::Impl::mergeRule(const PairState& p) const {
    const bool polytopes =
        hasFlatFaces(bodies[p.key.a].shape) && hasFlatFaces(bodies[p.key.b].shape);
    return settings.contact.keepPolytopeAnchors && polytopes ? Merge::KeepAnchors : Merge::Replace;
}

/// Refreshes the pair's cached points, adds this step's point and decides whether the pair
/// needs the perturbation pass.
bool World::Impl::updateManifold(PairState& p, WorkerShare& share) {
    const ContactSettings& cs = settings.contact;
    const Pose& poseA = bodies[p.key.a].pose;
    const Pose& poseB = bodies[p.key.b].pose;
    const double threshold = breakingThreshold(p);
    const double reach = pairReach(frames[p.key.a], frames[p.key.b]);
    countDownPerturbationCooldown(p, threshold);
    p.manifold.refresh(poseA, poseB, threshold, keptSeparation(threshold, reach));
    const QueryResult& r = p.result;
    if (!usable(r)) {
        ++share.counts.narrowPhaseFailures;
        return false;
    }
    if (r.distance >= cs.margin + reach) {
        return false;
    }
    ContactPoint c;
    c.worldA = r.witnessA;
    c.worldB = r.witnessB;
    c.normal = r.normal;
    c.distance = (r.witnessB - r.witnessA).dot(r.normal);
    anchor(p, c);
    p.manifold.add(c, threshold, mergeRule(p));
    // A speculative point that will not close within the step at the bodies' velocities
    // (bodies falling side by side) is not worth three more queries.
    const bool mayTouch =
        c.distance < cs.margin + closing(frames[p.key.a], frames[p.key.b], c.normal);
    return cs.perturbationIterations > 0 && !p.reusedQuery && p.perturbationCooldown == 0 &&
           p.manifold.size() < cs.perturbationMinPoints && mayTouch && !frames[p.key.a].sphere &&
           !frames[p.key.b].sphere;
}

/// Three passes: each passed pair's manifold (in parallel), the perturbation calls of the
/// pairs that asked for them (in parallel; their time moves to the narrow-phase stage), then
/// the contact list in key order. Pairs that failed the OBB filter were cleared by filterPairs.
void World::Impl::updateManifolds() {
    pairPoints.resize(narrowList.size());
    forEachListedPair(
        narrowList,
        [&](std::size_t i, PairState& p, WorkerShare& share) {
            const bool perturb = updateManifold(p, share);
            pairPoints[i] = static_cast<std::uint8_t>(p.manifold.size()) |
                            (perturb ? kPerturbMark : std::uint8_t{0});
        },
        PrefetchManifold{});
    StageTimer timer;
    perturbList.clear();
    for (std::size_t i = 0; i < narrowList.size(); ++i) {
        if ((pairPoints[i] & kPerturbMark) != 0) {
            perturbList.push_back(narrowList[i]);
        }
    }
    forEachListedPair(
        perturbList,
        [&](std::size_t, PairState& p, WorkerShare& share) {
            const int before = p.manifold.size();
            const double threshold = breakingThreshold(p);
            const double reach = pairReach(frames[p.key.a], frames[p.key.b]);
            perturbContacts(p, threshold, keptSeparation(threshold, reach), share);
            if (p.manifold.size() == before) { // a line or point contact: no more to find
                startPerturbationCooldown(p);
            }
        },
        PrefetchPerturbed{});
    perturbationSeconds = timer.lap();
    contactRefs.clear();
    for (std::size_t i = 0; i < narrowList.size(); ++i) {
        Manifold& manifold = pool[narrowList[i]].manifold; // an address: nothing read yet
        // A perturbed pair's count changed in the pass (its state is in cache from it).
        const int size = (pairPoints[i] & kPerturbMark) != 0 ? manifold.size() : pairPoints[i];
        if (size > 0) {
            ++stats.counts.manifolds;
            ContactPoint* points = manifold.pointStorage();
            for (int k = 0; k < size; ++k) {
                contactRefs.push_back({narrowKeys[i].a, narrowKeys[i].b, points + k});
            }
        }
    }
    stats.counts.contacts = static_cast<int>(contactRefs.size());
    colourContacts();
}

/// Greedy colouring after Box2D v3 (constraint_graph.c), by manifold: in key order, each pair's
/// points take the lowest of 64 colours that neither of its dynamic bodies has yet (static and
/// kinematic bodies take any number); a manifold finding none gives each of its points a colour
/// of its own at the end. The contacts are then grouped by colour, keeping key order within a
/// colour. Whatever the thread count, the solver sweeps them in this order. (Colouring points
/// instead of manifolds needs about 4 times as many colours, hence barriers, and sends the
/// bodies of a pair from core to core between its points.)
///
/// Pairs of two dynamic bodies are coloured first and pairs with a static or kinematic body
/// after them, in colours above every dynamic pair's (Box2D v3 keeps its static constraints in
/// the last colours for the same reason): Gauss-Seidel leaves a sweep's last updates satisfied,
/// so where the sweeps stop short of convergence the error stays between bodies that can both
/// move instead of pushing a light body into a wall (docs/engine.md, "Static contacts last").
void World::Impl::colourContacts() {
    constexpr int kOverflow = 64;
    colourMasks.assign(bodies.size(), 0);
    refColours.resize(contactRefs.size());
    std::array<std::uint32_t, kOverflow + 1> counts{};
    // Colours the manifolds of the pairs with (`withStatic`) or without a static or kinematic
    // body, never taking the colours in `below`.
    const auto colourPairs = [&](bool withStatic, std::uint64_t below) {
        for (std::size_t i = 0; i < contactRefs.size();) {
            const BodyPair pair{contactRefs[i].a, contactRefs[i].b};
            std::size_t end = i + 1; // the pair's manifold: one colour, one thread
            while (end < contactRefs.size() && contactRefs[end].a == pair.a &&
                   contactRefs[end].b == pair.b) {
                ++end;
            }
            const bool dynamicA = bodies[pair.a].isDynamic();
            const bool dynamicB = bodies[pair.b].isDynamic();
            if ((dynamicA && dynamicB) == withStatic) {
                i = end;
                continue;
            }
            const std::uint64_t taken =
                below | (dynamicA ? colourMasks[pair.a] : 0) | (dynamicB ? colourMasks[pair.b] : 0);
            const int colour = std::countr_one(taken); // 64 when all are taken
            if (colour < kOverflow) {
                const std::uint64_t bit = std::uint64_t{1} << colour;
                colourMasks[pair.a] |= dynamicA ? bit : 0;
                colourMasks[pair.b] |= dynamicB ? bit : 0;
            }
            for (; i < end; ++i) {
                refColours[i] = static_cast<std::uint8_t>(colour);
                ++counts[static_cast<std::size_t>(colour)];
            }
        }
    };
    colourPairs(false, 0);
    int used = 0; // one above the highest colour the dynamic pairs took
    for (int k = 0; k < kOverflow; ++k) {
        used = counts[std::size_t(k)] > 0 ? k + 1 : used;
    }
    colourPairs(true, used >= kOverflow ? ~std::uint64_t{0} : (std::uint64_t{1} << used) - 1);
    colourStarts.clear();
    std::array<std::uint32_t, kOverflow + 1> next{};
    std::uint32_t start = 0;
    for (int k = 0; k <= kOverflow; ++k) {
        next[std::size_t(k)] = start;
        if (counts[std::size_t(k)] > 0 && k < kOverflow) {
            colourStarts.push_back(start);
        }
        start += counts[std::size_t(k)];
    }
    for (std::uint32_t i = next[kOverflow]; i < start; ++i) { // one colour per overflow contact
        colourStarts.push_back(i);
    }
    colourStarts.push_back(start);
    sortedRefs.resize(contactRefs.size());
    for (std::size_t i = 0; i < contactRefs.size(); ++i) {
        sortedRefs[next[refColours[i]]++] = contactRefs[i];
    }
    contactRefs.swap(sortedRefs);
    stats.counts.pgsColours = static_cast<int>(colourStarts.size()) - 1;
}

} // namespace mk
