/// \file Broadphase.cpp
/// btDbvtBroadphase behind mk::Broadphase. Only BulletCollision's broadphase and LinearMath are
/// used; no dispatcher, collision object or collision algorithm is created.

#include "minkowski/engine/Broadphase.h"

#include <BulletCollision/BroadphaseCollision/btDbvtBroadphase.h>
#include <BulletCollision/BroadphaseCollision/btOverlappingPairCache.h>
#include <LinearMath/btAlignedAllocator.h>
#include <algorithm>
#include <cstdint>
#include <type_traits>
#include <utility>

namespace mk {
namespace {

constexpr int kDynamicGroup = 1;
constexpr int kFixedGroup = 2;

btVector3 toBullet(const Vec3& v) {
    return {v.x(), v.y(), v.z()};
}

void* encode(BodyId id) {
    return reinterpret_cast<void*>(static_cast<std::uintptr_t>(id) + 1);
}
BodyId decode(const btBroadphaseProxy* proxy) {
    return static_cast<BodyId>(reinterpret_cast<std::uintptr_t>(proxy->m_clientObject) - 1);
}

} // namespace

struct Broadphase::Impl {
    btDbvtBroadphase bullet;
    std::vector<btBroadphaseProxy*> proxies; // indexed by body id
};

Broadphase::Broadphase() : impl_(std::make_unique<Impl>()) {}

Broadphase::~Broadphase() {
    // btDbvtBroadphase does not free its proxies. destroyProxy() would also remove each proxy's
    // pairs, which btHashedOverlappingPairCache does by scanning every pair: quadratic in the
    // body count (a 1e5-body world took minutes to destroy). The trees and the pair cache are
    // freed whole by btDbvtBroadphase's destructor and never dereference a proxy, so the proxies
    // (btAlignedAlloc'ed, trivially destructible) are freed directly.
    static_assert(std::is_trivially_destructible_v<btDbvtProxy>);
    for (btBroadphaseProxy* proxy : impl_->proxies) {
        btAlignedFree(proxy);
    }
}

void Broadphase::add(BodyId id, const Aabb& box, bool fixed) {
    if (id != impl_->proxies.size()) {
        throw EngineError("broadphase: body ids must be added in order");
    }
    const int group = fixed ? kFixedGroup : kDynamicGroup;
    const int mask = fixed ? kDynamicGroup : (kDynamicGroup | kFixedGroup);
    impl_->proxies.push_back(impl_->bullet.createProxy(toBullet(box.min), toBullet(box.max), 0,
                                                       encode(id), group, mask, nullptr));
}

void Broadphase::update(BodyId id, const Aabb& box) {
    impl_->bullet.setAabb(impl_->proxies[id], toBullet(box.min), toBullet(box.max), nullptr);
}

void Broadphase::pairs(std::vector<BodyPair>& out) {
    impl_->bullet.calculateOverlappingPairs(nullptr);
    const btBroadphasePairArray& array =
        impl_->bullet.getOverlappingPairCache()->getOverlappingPairArray();
    out.clear();
    for (int i = 0; i < array.size(); ++i) {
        BodyId a = decode(array[i].m_pProxy0);
        BodyId b = decode(array[i].m_pProxy1);
        if (a > b) {
            std::swap(a, b);
        }
        out.push_back({a, b});
    }
    std::sort(out.begin(), out.end());
}

std::size_t Broadphase::size() const {
    return impl_->proxies.size();
}

} // namespace mk
