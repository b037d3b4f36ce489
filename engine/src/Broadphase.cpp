/// \file Broadphase.cpp
/// btDbvtBroadphase behind mk::Broadphase. Only BulletCollision's broadphase and LinearMath are
/// used; no dispatcher, collision object or collision algorithm is created.

#include "minkowski/engine/Broadphase.h"

#include <BulletCollision/BroadphaseCollision/btDbvtBroadphase.h>
#include <BulletCollision/BroadphaseCollision/btOverlappingPairCache.h>
#include <LinearMath/btAlignedAllocator.h>
#include <algorithm>
#include <array>
#include <bit>
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

/// Widest digit of radixSort(): its bucket counts (32 KB) stay in L1.
constexpr int kMaxDigit = 13;

/// Sorts `keys` (each below 2^bits) by least-significant-digit radix sort, `scratch` as the
/// second buffer, in as few passes of digits up to kMaxDigit bits as the width needs (two up to
/// 26 bits: 8192 bodies), the digits as even as can be: std::sort on the 13,000 pairs of a
/// 1000-body pile took 2-3% of the step, and the 5000-body pile's 122,000 keys of 26 bits took
/// three 11-bit passes before. Keys are unique, so the order is the one std::sort gives.
void radixSort(std::vector<std::uint64_t>& keys, std::vector<std::uint64_t>& scratch, int bits) {
    const int passes = std::max(1, (bits + kMaxDigit - 1) / kMaxDigit);
    const int digit = (bits + passes - 1) / passes;
    const std::uint64_t mask = (std::uint64_t{1} << digit) - 1;
    std::array<std::uint32_t, std::size_t{1} << kMaxDigit> start;
    scratch.resize(keys.size());
    for (int shift = 0; shift < bits; shift += digit) {
        std::fill_n(start.begin(), mask + 1, 0u);
        for (const std::uint64_t k : keys) {
            ++start[(k >> shift) & mask];
        }
        std::uint32_t sum = 0;
        for (std::size_t b = 0; b <= mask; ++b) {
            sum += std::exchange(start[b], sum);
        }
        for (const std::uint64_t k : keys) {
            scratch[start[(k >> shift) & mask]++] = k;
        }
        keys.swap(scratch);
    }
}

} // namespace

struct Broadphase::Impl {
    btDbvtBroadphase bullet;
    std::vector<btBroadphaseProxy*> proxies; // indexed by body id
    std::vector<std::uint64_t> keys;         // pairs() as (a << idBits) | b, and its sort buffer
    std::vector<std::uint64_t> sortBuffer;
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
    // Ids are below proxies.size(): the widest id needs idBits bits.
    const int idBits =
        static_cast<int>(std::bit_width(std::max<std::size_t>(impl_->proxies.size(), 2) - 1));
    const std::uint64_t low = (std::uint64_t{1} << idBits) - 1;
    std::vector<std::uint64_t>& keys = impl_->keys;
    keys.clear();
    for (int i = 0; i < array.size(); ++i) {
        const std::uint64_t a = decode(array[i].m_pProxy0);
        const std::uint64_t b = decode(array[i].m_pProxy1);
        keys.push_back(a < b ? (a << idBits) | b : (b << idBits) | a);
    }
    radixSort(keys, impl_->sortBuffer, 2 * idBits);
    out.clear();
    for (const std::uint64_t k : keys) {
        out.push_back({static_cast<BodyId>(k >> idBits), static_cast<BodyId>(k & low)});
    }
}

std::size_t Broadphase::size() const {
    return impl_->proxies.size();
}

} // namespace mk
