#pragma once
/// \file Broadphase.h
/// The broadphase: Bullet's btDbvtBroadphase (two dynamic AABB trees, fattened leaves, hashed
/// overlapping-pair cache), used through btBroadphaseInterface only. Bullet stays behind this
/// class: no Bullet header reaches the engine's public API.

#include "minkowski/engine/Errors.h"
#include "minkowski/narrowphase/Math.h"

#include <cstddef>
#include <memory>
#include <vector>

namespace mk {

/// Two bodies whose fattened AABBs overlap, a < b.
struct BodyPair {
    BodyId a = 0;
    BodyId b = 0;
    friend bool operator==(const BodyPair&, const BodyPair&) = default;
    friend auto operator<=>(const BodyPair&, const BodyPair&) = default;
};

class Broadphase {
public:
    Broadphase();
    ~Broadphase();
    Broadphase(const Broadphase&) = delete;
    Broadphase& operator=(const Broadphase&) = delete;

    /// Adds body `id` (ids are dense, added in increasing order from 0) with its tight AABB.
    /// Fixed bodies (static, kinematic) never pair with each other.
    void add(BodyId id, const Aabb& box, bool fixed);
    /// New tight AABB of body `id`. Bullet re-inserts the leaf, fattened by its margin
    /// (gDbvtMargin, 0.05 m), only when the box leaves the fattened one.
    void update(BodyId id, const Aabb& box);
    /// Runs Bullet's pair update (calculateOverlappingPairs) and writes every pair of its cache
    /// into `out`, sorted by (a, b). `out` keeps its capacity (no allocation after warm-up).
    /// Bullet removes pairs whose fattened boxes separated lazily (10 % of the cache per call),
    /// so the list may hold stale pairs: the OBB filter rejects them.
    void pairs(std::vector<BodyPair>& out);

    [[nodiscard]] std::size_t size() const;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

} // namespace mk
