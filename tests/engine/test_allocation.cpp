/// The hot path does not allocate after warm-up: global operator new is counted while a warm
/// world steps (narrow phase, Bullet's broadphase, manifolds and PGS included), aligned
/// allocations included.

#include "EngineTestUtil.h"

#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <new>

namespace {
std::atomic<long> gAllocations{0};
std::atomic<bool> gCounting{false};

void* allocate(std::size_t size) {
    if (gCounting.load(std::memory_order_relaxed)) {
        gAllocations.fetch_add(1, std::memory_order_relaxed);
    }
    if (void* p = std::malloc(size == 0 ? 1 : size)) {
        return p;
    }
    throw std::bad_alloc();
}

/// Over-aligned types (the solver's packed arrays) take this path.
void* allocateAligned(std::size_t size, std::align_val_t alignment) {
    if (gCounting.load(std::memory_order_relaxed)) {
        gAllocations.fetch_add(1, std::memory_order_relaxed);
    }
    const auto a = static_cast<std::size_t>(alignment);
    if (void* p = std::aligned_alloc(a, size == 0 ? a : (size + a - 1) / a * a)) {
        return p;
    }
    throw std::bad_alloc();
}
} // namespace

void* operator new(std::size_t size) { return allocate(size); }
void* operator new[](std::size_t size) { return allocate(size); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
void* operator new(std::size_t size, std::align_val_t a) { return allocateAligned(size, a); }
void* operator new[](std::size_t size, std::align_val_t a) { return allocateAligned(size, a); }
void operator delete(void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }

namespace mk {
namespace {

TEST(Allocation, StepsDoNotAllocateAfterWarmUp) {
    World world;
    test::addGround(world);
    for (int i = 0; i < 3; ++i) { // a resting stack and a resting sphere row
        test::addCube(world, 0.1, Vec3(0.0, 0.0, 0.1 + 0.2 * i));
        BodyDesc ball(Shape::sphere(0.1));
        ball.pose.translation = Vec3(1.0 + 0.3 * i, 0.0, 0.1);
        world.addBody(ball);
    }
    int hookCalls = 0;
    world.setNarrowPhaseHook([&](const NarrowPhaseEvent&) { ++hookCalls; });
    for (int i = 0; i < 240; ++i) {
        world.step();
    }
    gAllocations = 0;
    gCounting = true;
    for (int i = 0; i < 120; ++i) {
        world.step();
    }
    gCounting = false;
    EXPECT_EQ(gAllocations.load(), 0);
    EXPECT_GT(world.lastStats().counts.narrowPhaseCalls, 0);
    EXPECT_GT(hookCalls, 0);
}

} // namespace
} // namespace mk
