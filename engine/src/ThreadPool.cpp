/// \file ThreadPool.cpp

#include "minkowski/engine/ThreadPool.h"

#include <stdexcept>

namespace mk {

ThreadPool::ThreadPool(int threads) {
    if (threads < 1) {
        throw std::invalid_argument("ThreadPool: need at least one thread");
    }
    workers_.reserve(static_cast<std::size_t>(threads - 1));
    for (int t = 1; t < threads; ++t) {
        workers_.emplace_back([this, t] { work(t); });
    }
}

ThreadPool::~ThreadPool() {
    {
        const std::lock_guard lock(mutex_);
        stop_ = true;
    }
    wake_.notify_all();
    for (std::thread& w : workers_) {
        w.join();
    }
}

void ThreadPool::run(std::size_t count, std::size_t grain, ChunkFn fn, void* context,
                     bool together) {
    together_ = together;
    fn_ = fn;
    context_ = context;
    count_ = count;
    grain_ = grain;
    next_.store(0, std::memory_order_relaxed);
    if (!workers_.empty() && (together || count > grain)) {
        {
            const std::lock_guard lock(mutex_);
            busy_ = static_cast<int>(workers_.size());
            ++generation_;
        }
        wake_.notify_all();
        runChunks(0);
        std::unique_lock lock(mutex_);
        done_.wait(lock, [this] { return busy_ == 0; });
    } else {
        runChunks(0);
    }
    std::exception_ptr error;
    {
        const std::lock_guard lock(mutex_);
        std::swap(error, error_);
    }
    if (error) {
        std::rethrow_exception(error);
    }
}

void ThreadPool::work(int thread) {
    std::uint64_t seen = 0;
    for (;;) {
        {
            std::unique_lock lock(mutex_);
            wake_.wait(lock, [&] { return stop_ || generation_ != seen; });
            if (stop_) {
                return;
            }
            seen = generation_;
        }
        runChunks(thread);
        bool last = false;
        {
            const std::lock_guard lock(mutex_);
            last = --busy_ == 0;
        }
        if (last) {
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
        const std::lock_guard lock(mutex_);
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
    constexpr int kSpins = 256; // about 10 us of pause instructions
    for (int spins = 0; spins < kSpins; ++spins) {
        if (generation_.load(std::memory_order_acquire) != generation) {
            return;
        }
#if defined(__x86_64__)
        __builtin_ia32_pause();
#endif
    }
    generation_.wait(generation, std::memory_order_acquire); // sleeps until it changes
}

} // namespace mk
