/// \file test_threads.cpp
/// WorldSettings::threads: the step's thread pool, and the promise that every thread count gives
/// the same bits as one thread (the pairs are split among threads, never a pair's work).

#include "EngineTestUtil.h"
#include "SweepChooser.h"
#include "minkowski/engine/ContactSolver.h"
#include "minkowski/engine/ThreadPool.h"
#include "minkowski/engine/World.h"
#include "minkowski/narrowphase/ConvexMesh.h"

#include <atomic>
#include <chrono>
#include <gtest/gtest.h>
#include <random>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#if defined(__linux__)
#include <sched.h>
#endif

namespace mk {
namespace {

TEST(ThreadPool, EveryIndexRunsOnceForEveryCountGrainAndThreadCount) {
    for (const int threads : {1, 2, 3, 5}) {
        ThreadPool pool(threads);
        EXPECT_EQ(pool.threads(), threads);
        for (const std::size_t count : {0u, 1u, 7u, 8u, 9u, 1000u}) {
            for (const std::size_t grain : {1u, 3u, 8u, 64u}) {
                std::vector<std::atomic<int>> hits(count);
                std::atomic<int> badThread{0};
                pool.forEach(count, grain, [&](std::size_t begin, std::size_t end, int thread) {
                    if (thread < 0 || thread >= threads || end - begin > grain) {
                        ++badThread;
                    }
                    for (std::size_t i = begin; i < end; ++i) {
                        ++hits[i];
                    }
                });
                EXPECT_EQ(badThread, 0);
                for (std::size_t i = 0; i < count; ++i) {
                    ASSERT_EQ(hits[i], 1) << "index " << i << " of " << count << ", grain " << grain
                                          << ", " << threads << " threads";
                }
            }
        }
    }
}

TEST(ThreadPool, UsesItsWorkersAndRethrowsTheFirstError) {
    ThreadPool pool(2);
    std::atomic<int> onWorker{0};
    for (int round = 0; round < 200 && onWorker == 0; ++round) { // the worker may wake late
        pool.forEach(64, 1, [&](std::size_t, std::size_t, int thread) {
            volatile double sink = 0.0;
            for (int k = 0; k < 20000; ++k) {
                sink = sink + k;
            }
            onWorker += thread == 1 ? 1 : 0;
        });
    }
    EXPECT_GT(onWorker, 0);
    std::atomic<int> ran{0};
    EXPECT_THROW(pool.forEach(100, 1,
                              [&](std::size_t begin, std::size_t, int) {
                                  ++ran;
                                  if (begin == 37) {
                                      throw std::runtime_error("chunk 37");
                                  }
                              }),
                 std::runtime_error);
    EXPECT_EQ(ran, 100); // the other chunks still ran
    int after = 0;       // and the pool still works
    pool.forEach(5, 10,
                 [&](std::size_t begin, std::size_t end, int) { after += int(end - begin); });
    EXPECT_EQ(after, 5);
    EXPECT_THROW(ThreadPool(0), std::invalid_argument);
}

/// A pool spins between loops only while it has no more threads than the process may run at
/// once: beyond, a spinning thread holds a core a descheduled one needs.
TEST(ThreadPool, SpinsOnlyWhenEveryThreadHasACpu) {
    int cpus = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
#if defined(__linux__)
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof(set), &set) == 0) {
        cpus = CPU_COUNT(&set);
    }
#endif
    EXPECT_EQ(ThreadPool(1).idleSpin(), ThreadPool::kIdleSpin);
    EXPECT_EQ(ThreadPool(cpus).idleSpin(), ThreadPool::kIdleSpin);
    ThreadPool crowded(cpus + 1);
    EXPECT_EQ(crowded.idleSpin(), std::chrono::microseconds{0});
    std::atomic<int> ran{0}; // and it still runs its loops and barriers
    for (int round = 0; round < 50; ++round) {
        crowded.forEach(40, 1, [&](std::size_t, std::size_t, int) { ++ran; });
    }
    EXPECT_EQ(ran, 50 * 40);
    SpinBarrier barrier(crowded.threads(), crowded.idleSpin());
    std::atomic<int> passed{0};
    crowded.together([&](int) {
        for (int k = 0; k < 20; ++k) {
            barrier.wait();
        }
        ++passed;
    });
    EXPECT_EQ(passed, crowded.threads());
}

constexpr int kBinBodies = 90;

TEST(SweepChooser, TriesBothThenKeepsTheFasterAndRetriesTheOther) {
    SweepChooser chooser;
    EXPECT_TRUE(chooser.parallel()); // threads first
    chooser.record(true, 3e-8);
    EXPECT_FALSE(chooser.parallel()); // then one thread
    chooser.record(false, 2e-8);
    int threaded = 0;
    for (int solve = 2; solve < 2 + 64; ++solve) {
        const bool parallel = chooser.parallel();
        threaded += parallel ? 1 : 0;
        chooser.record(parallel, parallel ? 3e-8 : 2e-8);
    }
    EXPECT_EQ(threaded, 2);                    // one retry every 32 solves
    for (int solve = 0; solve < 32; ++solve) { // the threads become faster
        const bool parallel = chooser.parallel();
        chooser.record(parallel, parallel ? 1e-8 : 2e-8);
    }
    EXPECT_TRUE(chooser.parallel());
}

/// Meshes, boxes and spheres tumbling into a bin: EPA, perturbation, multi-point manifolds, and
/// enough contacts at the end for the solver's colours to be split among 4 threads
/// (PgsColours::minContactsPerThread).
World buildBin(int threads, bool contactCache) {
    WorldSettings settings;
    settings.threads = threads;
    settings.narrowPhase.contactCache = contactCache;
    World world(settings);
    test::addGround(world, 0.4);
    for (int side = 0; side < 4; ++side) {
        BodyDesc wall(Shape::box(side % 2 ? Vec3(0.02, 0.3, 0.4) : Vec3(0.3, 0.02, 0.4)));
        wall.type = BodyType::Static;
        const double s = side < 2 ? 0.3 : -0.3;
        wall.pose.translation = side % 2 ? Vec3(s, 0.0, 0.4) : Vec3(0.0, s, 0.4);
        world.addBody(wall);
    }
    const std::string dir = MK_ASSET_MESH_DIR;
    const Shape shapes[] = {Shape::mesh(ConvexMesh::fromObjFile(dir + "/banana.obj")),
                            Shape::mesh(ConvexMesh::fromObjFile(dir + "/mug.obj")),
                            Shape::box(Vec3(0.04, 0.03, 0.015)), Shape::sphere(0.03)};
    std::mt19937_64 rng(5);
    std::uniform_real_distribution<double> u(-1.0, 1.0);
    for (int i = 0; i < kBinBodies; ++i) {
        BodyDesc d(shapes[i % 4]);
        d.pose.translation = Vec3(0.18 * u(rng), 0.18 * u(rng), 0.1 + 0.04 * i);
        d.pose.rotation = Quat(u(rng), u(rng), u(rng), u(rng)).normalized();
        d.linearVelocity = Vec3(u(rng), u(rng), -1.0);
        d.angularVelocity = 3.0 * Vec3(u(rng), u(rng), u(rng));
        d.density = 500.0;
        world.addBody(d);
    }
    return world;
}

TEST(WorldThreads, EveryThreadCountGivesTheBitsOfOneThreadAtEveryStep) {
    for (const bool cache : {false, true}) {
        World one = buildBin(1, cache);
        std::vector<World> many;
        for (const int threads : {2, 3, 4}) {
            many.push_back(buildBin(threads, cache));
        }
        int contacts = 0;
        for (int step = 0; step < 150; ++step) {
            one.step();
            contacts = std::max(contacts, one.lastStats().counts.contacts);
            for (World& w : many) {
                w.step();
                const StepCounts& a = one.lastStats().counts;
                const StepCounts& b = w.lastStats().counts;
                ASSERT_EQ(w.stateHash(), one.stateHash())
                    << w.settings().threads << " threads, cache " << cache << ", step " << step;
                ASSERT_EQ(b.narrowPhaseCalls, a.narrowPhaseCalls);
                ASSERT_EQ(b.narrowPhaseSkipped, a.narrowPhaseSkipped);
                ASSERT_EQ(b.perturbationCalls, a.perturbationCalls);
                ASSERT_EQ(b.supportCalls, a.supportCalls);
                ASSERT_EQ(b.penetrationIterations, a.penetrationIterations);
                ASSERT_EQ(b.contacts, a.contacts);
            }
        }
        EXPECT_GE(contacts, 4 * PgsColours{}.minContactsPerThread)
            << "the bin must pile up enough for the parallel sweeps";
        EXPECT_GT(one.lastStats().counts.perturbationCalls + one.lastStats().counts.contacts, 0);
    }
}

TEST(WorldThreads, HookCallsAreOrderedOrConcurrentAsAsked) {
    World serial = buildBin(1, false);
    World ordered = buildBin(3, false);
    World concurrent = buildBin(3, false);
    std::vector<std::pair<BodyId, BodyId>> serialEvents;
    std::vector<std::pair<BodyId, BodyId>> orderedEvents;
    std::vector<int> perThread(3, 0);
    std::atomic<int> badThread{0};
    serial.setNarrowPhaseHook(
        [&](const NarrowPhaseEvent& e) { serialEvents.emplace_back(e.bodyA, e.bodyB); });
    ordered.setNarrowPhaseHook([&](const NarrowPhaseEvent& e) {
        orderedEvents.emplace_back(e.bodyA, e.bodyB);
        badThread += e.thread == 0 ? 0 : 1;
    });
    concurrent.setNarrowPhaseHook(
        [&](const NarrowPhaseEvent& e) {
            if (e.thread < 0 || e.thread >= 3) {
                ++badThread;
                return;
            }
            ++perThread[static_cast<std::size_t>(e.thread)]; // one slot per thread: no race
        },
        HookCalls::Concurrent);
    for (int step = 0; step < 120; ++step) {
        serial.step();
        ordered.step();
        concurrent.step();
    }
    EXPECT_EQ(badThread, 0);
    EXPECT_EQ(orderedEvents, serialEvents); // same calls, same order
    EXPECT_EQ(perThread[0] + perThread[1] + perThread[2], static_cast<int>(serialEvents.size()));
    EXPECT_EQ(concurrent.stateHash(), serial.stateHash());
}

TEST(WorldThreads, ThreadCountIsValidated) {
    WorldSettings settings;
    settings.threads = 0;
    EXPECT_THROW(World{settings}, EngineError);
    World world;
    EXPECT_THROW(world.setThreads(WorldSettings::kMaxThreads + 1), EngineError);
    EXPECT_THROW(world.setThreads(-2), EngineError);
    world.setThreads(4);
    EXPECT_EQ(world.settings().threads, 4);
}

} // namespace
} // namespace mk
