/// \file Step.cpp
/// The step driver and the pair stages: broadphase, sorted pair index, OBB filter, manifolds.

#include "WorldImpl.h"

#include "minkowski/engine/ObbFilter.h"

#include <algorithm>

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
    for (std::size_t i = 0; i < bodies.size(); ++i) {
        const Body& b = bodies[i];
        if (b.type == BodyType::Static) {
            continue; // static frames change only through setShapePose
        }
        BodyFrame& f = frames[i];
        f.shapePose = b.shapePose();
        f.obb = b.shape.localObb().transformed(f.shapePose);
        f.reach = settings.contact.ccd ? speculativeReach(b, f.radius, settings.timeStep) : 0.0;
        broadphase.update(static_cast<BodyId>(i), grown(obbBounds(f.obb), f.reach));
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
    narrowList.clear();
    const double margin = settings.contact.margin;
    for (const PairSlot& s : index) {
        PairState& p = pool[s.slot];
        p.passed = obbOverlap(frames[p.key.a].obb, frames[p.key.b].obb,
                              margin + frames[p.key.a].reach + frames[p.key.b].reach);
        if (p.passed) {
            narrowList.push_back(s.slot);
        }
    }
    stats.counts.obbPassed = static_cast<int>(narrowList.size());
}

namespace {

/// A narrow-phase answer the manifold can use: finite witnesses, unit normal.
bool usable(const QueryResult& r) {
    return r.status != Status::InvalidInput && r.status != Status::Unsupported &&
           std::isfinite(r.distance) &&
           r.witnessA.allFinite() && r.witnessB.allFinite() && r.normal.allFinite() &&
           std::abs(r.normal.squaredNorm() - 1.0) < 1e-6;
}

} // namespace

void World::Impl::updateManifolds() {
    contactRefs.clear();
    perturbationSeconds = 0.0;
    const ContactSettings& cs = settings.contact;
    for (const PairSlot& s : index) {
        PairState& p = pool[s.slot];
        if (!p.passed) { // OBBs apart by more than the margin: every point is stale
            p.manifold.clear();
            continue;
        }
        const Pose& poseA = bodies[p.key.a].pose;
        const Pose& poseB = bodies[p.key.b].pose;
        const double threshold =
            std::min(cs.breakingThreshold, cs.relativeBreakingThreshold *
                                               std::min(frames[p.key.a].radius, frames[p.key.b].radius));
        countDownPerturbationCooldown(p, threshold);
        p.manifold.refresh(poseA, poseB, threshold);
        const QueryResult& r = p.result;
        if (!usable(r)) {
            ++stats.counts.narrowPhaseFailures;
        } else if (r.distance < cs.margin + frames[p.key.a].reach + frames[p.key.b].reach) {
            ContactPoint c;
            c.worldA = r.witnessA;
            c.worldB = r.witnessB;
            c.normal = r.normal;
            c.distance = (r.witnessB - r.witnessA).dot(r.normal);
            c.localA = poseA.applyInverse(r.witnessA);
            c.localB = poseB.applyInverse(r.witnessB);
            p.manifold.add(c, threshold);
            const bool perturb = cs.perturbationIterations > 0 && p.perturbationCooldown == 0 &&
                                 p.manifold.size() < cs.perturbationMinPoints &&
                                 !frames[p.key.a].sphere && !frames[p.key.b].sphere;
            if (perturb) { // narrow-phase calls: their time moves to the narrow-phase stage
                StageTimer timer;
                const int before = p.manifold.size();
                perturbContacts(p, threshold);
                perturbationSeconds += timer.lap();
                if (p.manifold.size() == before) { // a line or point contact: no more to find
                    startPerturbationCooldown(p);
                }
            }
        }
        if (!p.manifold.empty()) {
            ++stats.counts.manifolds;
            for (ContactPoint& c : p.manifold.points()) {
                contactRefs.push_back({p.key.a, p.key.b, &c});
            }
        }
    }
    stats.counts.contacts = static_cast<int>(contactRefs.size());
}

} // namespace mk
