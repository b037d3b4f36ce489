/// \file ThreadPool.cpp

#include "minkowski/engine/ThreadPool.h"

#include <stdexcept>

#if defined(__linux__)
#include <sched.h>
#endif

namespace mk {

namespace {

/// Spins (pause instructions) until done() holds: 256 pauses, then until `budget` has passed,
/// reading the clock and yielding the CPU every 64 pauses (another process's runnable thread
/// then takes it instead of waiting out this one's time slice); whether done() held.
template <class Done> bool spinUntil(Done&& done, std::chrono::microseconds budget) {
    const auto pauses = [&] {
        for (int i = 0; i < 64; ++i) {
            if (done()) {
                return true;
            }
#if defined(__x86_64__)
            __builtin_ia32_pause();
#endif
        }
        return false;
    };
    for (int round = 0; round < 4; ++round) {
        if (pauses()) {
            return true;
        }
    }
    if (budget.count() <= 0) {
        return done();
    }
    const auto deadline = std::chrono::steady_clock::now() + budget;
    while (!pauses()) {
        if (std::chrono::steady_clock::now() > deadline) {
            return done();
        }
        std::this_thread::yield();
    }
    return true;
}

/// How many CPUs this process may run on (its affinity mask; the online CPUs without one).
int usableCpus() {
#if defined(__linux__)
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof(set), &set) == 0) {
        return CPU_COUNT(&set);
    }
#endif
    return static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

} // namespace

ThreadPool::ThreadPool(int threads) {
    if (threads < 1) {
        throw std::invalid_argument("ThreadPool: need at least one thread");
    }
    idleSpin_ = threads <= usableCpus() ? kIdleSpin : std::chrono::microseconds{0};
    workers_.reserve(static_cast<std::size_t>(threads - 1));
    for (int t = 1; t < threads; ++t) {
        workers_.emplace_back([this, t] { work(t); });
    }
}

ThreadPool::~ThreadPool() {
    {
        const std::lock_guard lock(mutex_);
        stop_ = true;
        generation_.fetch_add(1, std::memory_order_release); // ends the workers' spins
    }
    wake_.notify_all();
    for (std::thread& w : workers_) {
        w.join();
    }
}

void ThreadPool::run(std::size_t count, std::size_t grain, ChunkFn fn, void* context,
                     bool together) {
    const bool spread = !workers_.empty() && (together || count > grain);
    {
        const std::lock_guard lock(mutex_);
        together_ = together;
        fn_ = fn;
        context_ = context;
        count_ = count;
        grain_ = grain;
        next_.store(0, std::memory_order_relaxed);
        open_ = spread;
        joined_.store(0, std::memory_order_relaxed);
        generation_.fetch_add(1, std::memory_order_release);
    }
    if (spread) {
        wake_.notify_all();
    }
    runChunks(0);
    std::exception_ptr error;
    {
        std::unique_lock lock(mutex_);
        // A loop of chunks is over once its chunks are taken: a worker that has not woken yet
        // (its core busy with other work) skips it rather than holding the caller up.
        open_ = open_ && together;
        const auto workers = static_cast<int>(workers_.size());
        const auto finished = [&] {
            return active_.load(std::memory_order_acquire) == 0 &&
                   (!together || joined_.load(std::memory_order_acquire) == workers);
        };
        if (!finished()) {
            lock.unlock();
            spinUntil(finished, idleSpin_);
            lock.lock();
        }
        done_.wait(lock, finished);
        open_ = false;
    }
    {
        const std::lock_guard lock(errorMutex_);
        std::swap(error, error_);
    }
    if (error) {
        std::rethrow_exception(error);
    }
}

void ThreadPool::work(int thread) {
    std::uint64_t seen = 0;
    std::unique_lock lock(mutex_);
    for (;;) {
        if (generation_.load(std::memory_order_relaxed) == seen) {
            lock.unlock();
            spinUntil([&] { return generation_.load(std::memory_order_acquire) != seen; },
                      idleSpin_);
            lock.lock();
        }
        wake_.wait(lock,
                   [&] { return stop_ || generation_.load(std::memory_order_relaxed) != seen; });
        if (stop_) {
            return;
        }
        seen = generation_.load(std::memory_order_relaxed);
        if (!open_) {
            continue; // woke too late for that loop
        }
        joined_.fetch_add(1, std::memory_order_relaxed);
        active_.fetch_add(1, std::memory_order_relaxed);
        lock.unlock();
        runChunks(thread);
        lock.lock();
        if (active_.fetch_sub(1, std::memory_order_release) == 1) {
            done_.notify_one();
        }
    }
}

void ThreadPool::runChunks(int thread) noexcept {
    if (together_) {
        const auto index = static_cast<std::size_t>(thread);
        runChunk(index, index + 1, thread);
        return;
    }
    for (;;) {
        const std::size_t begin = next_.fetch_add(grain_, std::memory_order_relaxed);
        if (begin >= count_) {
            return;
        }
        runChunk(begin, std::min(count_, begin + grain_), thread);
    }
}

void ThreadPool::runChunk(std::size_t begin, std::size_t end, int thread) noexcept {
    try {
        fn_(context_, begin, end, thread);
    } catch (...) {
        const std::lock_guard lock(errorMutex_);
        if (!error_) {
            error_ = std::current_exception();
        }
    }
}

void SpinBarrier::wait() {
    const std::uint32_t generation = generation_.load(std::memory_order_acquire);
    if (arrived_.fetch_add(1, std::memory_order_acq_rel) == threads_ - 1) {
        arrived_.store(0, std::memory_order_relaxed);
        generation_.store(generation + 1, std::memory_order_release);
        generation_.notify_all(); // no system call unless a thread sleeps
        return;
    }
    if (spinUntil([&] { return generation_.load(std::memory_order_acquire) != generation; },
                  spin_)) {
        return;
    }
    generation_.wait(generation, std::memory_order_acquire); // sleeps until it changes
}

} // namespace mk
