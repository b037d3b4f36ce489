#pragma once
/// \file ThreadPool.h
/// Fork-join worker threads for the step's per-pair stages (WorldSettings::threads).

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace mk {

/// A fixed set of worker threads that run one loop at a time with the calling thread.
/// forEach() hands out chunks of the index range from an atomic counter, so a slow chunk does
/// not hold the others back, and a worker that wakes after the chunks are gone sits the loop
/// out (on a machine whose cores are busy the caller may run the whole loop alone). Which
/// thread runs which chunk varies from run to run, so the body must make each index's result
/// independent of the others (then any split gives the same bits). Between loops a worker
/// spins for up to idleSpin() before it sleeps on a condition variable, and the caller spins as
/// long for the workers to finish: a step runs about ten loops in a row, and waking a sleeping
/// thread (a futex and, on a virtual machine, an idle virtual CPU) costs tens of microseconds
/// each time, where a spinning one joins within one.
class ThreadPool {
public:
    /// `threads` counts the calling thread: 1 makes no worker and runs every loop inline.
    explicit ThreadPool(int threads);
    ~ThreadPool();
    ThreadPool(const ThreadPool&) = delete;
    ThreadPool& operator=(const ThreadPool&) = delete;

    [[nodiscard]] int threads() const { return static_cast<int>(workers_.size()) + 1; }

    /// Calls body(begin, end, thread) on chunks [begin, end) of at most `grain` indices covering
    /// [0, count) once, thread in [0, threads()) (0 is the caller), and returns when all are
    /// done. The first exception a chunk throws is rethrown here (the other chunks still run).
    template <class Body> void forEach(std::size_t count, std::size_t grain, Body&& body) {
        auto call = [](void* context, std::size_t begin, std::size_t end, int thread) {
            (*static_cast<Body*>(context))(begin, end, thread);
        };
        run(count, grain == 0 ? 1 : grain, call, &body, false);
    }

    /// Calls body(thread) once on every thread at the same time (0 is the caller) and returns
    /// when all have returned: the threads may wait for each other inside (SpinBarrier), so
    /// the body must not throw between two waits.
    template <class Body> void together(Body&& body) {
        auto call = [](void* context, std::size_t, std::size_t, int thread) {
            (*static_cast<Body*>(context))(thread);
        };
        run(static_cast<std::size_t>(threads()), 1, call, &body, true);
    }

    /// How long a worker spins for the next loop, and the caller for the workers, before
    /// sleeping. Long enough to span the serial gaps between the stages of a step (the
    /// broadphase, about 0.2 ms in the crowded funnel, is the longest), short enough that an
    /// idle pool costs nothing measurable.
    static constexpr std::chrono::microseconds kIdleSpin{300};
    /// kIdleSpin, or zero when the pool has more threads than the process may run at once (its
    /// CPU affinity): a thread spinning there holds a core a descheduled one needs (make run
    /// on 4 threads and 2 cores fell from a real-time factor of 3.0 to 1.3). Past its first 256
    /// pauses a spin yields the CPU every 64 pauses, for the threads of other processes (two
    /// make runs of 2 threads each on 2 cores fell from 2.5 to 1.1 each without it).
    [[nodiscard]] std::chrono::microseconds idleSpin() const { return idleSpin_; }

private:
    using ChunkFn = void (*)(void*, std::size_t, std::size_t, int);

    void run(std::size_t count, std::size_t grain, ChunkFn fn, void* context, bool together);
    void work(int thread);               ///< a worker's loop
    void runChunks(int thread) noexcept; ///< takes chunks until none is left
    void runChunk(std::size_t begin, std::size_t end, int thread) noexcept;

    std::vector<std::thread> workers_;
    std::chrono::microseconds idleSpin_{0};
    std::mutex mutex_;
    std::condition_variable wake_; ///< workers: a new loop or stop
    std::condition_variable done_; ///< caller: the last worker finished
    // Written under mutex_; the atomics are also read without it, by the spins only.
    std::atomic<std::uint64_t> generation_{0}; ///< loops started (+ 1 at stop)
    bool open_ = false;                        ///< workers may still join the current loop
    std::atomic<int> joined_{0};               ///< workers that joined the current loop
    std::atomic<int> active_{0};               ///< workers running chunks of the current loop
    bool stop_ = false;

    // The current loop: written by run() before it wakes the workers.
    ChunkFn fn_ = nullptr;
    void* context_ = nullptr;
    std::size_t count_ = 0;
    std::size_t grain_ = 1;
    bool together_ = false; ///< each thread runs the chunk of its own index
    std::atomic<std::size_t> next_{0};
    std::mutex errorMutex_;
    std::exception_ptr error_; ///< the first chunk's exception (guarded by errorMutex_)
};

/// A reusable barrier for the `threads` threads of a ThreadPool::together() call. Waiting
/// spins for 256 pauses and then for up to `spin` (ThreadPool::idleSpin()), then sleeps on the
/// atomic (a futex), since the machine may run more threads than it has cores. A solver sweep
/// passes a barrier after every colour (about 500 a step in the crowded funnel); a sleeping
/// thread costs each of them a futex wake, which is what the 256 pauses alone gave
/// (docs/engine.md, "Threads").
class SpinBarrier {
public:
    SpinBarrier(int threads, std::chrono::microseconds spin) : threads_(threads), spin_(spin) {}
    /// Returns once all `threads` threads have called it; what each thread wrote before is
    /// visible to all after.
    void wait();

private:
    const int threads_;
    const std::chrono::microseconds spin_;
    std::atomic<int> arrived_{0};
    std::atomic<std::uint32_t> generation_{0};
};

/// Calls fn(begin, end) on chunks of at most `grain` indices covering [0, count): on `pool`'s
/// threads (ThreadPool::forEach), or in one call on the calling thread when there is no pool,
/// it has one thread, or the range fits one chunk (waking the workers would cost more).
template <class RangeFn>
void forEachChunk(ThreadPool* pool, std::size_t count, std::size_t grain, RangeFn&& fn) {
    if (pool == nullptr || pool->threads() < 2 || count <= grain) {
        fn(std::size_t{0}, count);
        return;
    }
    pool->forEach(count, grain, [&](std::size_t begin, std::size_t end, int) { fn(begin, end); });
}

} // namespace mk
