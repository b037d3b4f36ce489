/// \file ThreadPool.cpp

#include "ThreadPool.h"

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

void ThreadPool::run(std::size_t count, std::size_t grain, ChunkFn fn, void* context) {
    fn_ = fn;
    context_ = context;
    count_ = count;
    grain_ = grain;
    next_.store(0, std::memory_order_relaxed);
    if (!workers_.empty() && count > grain) {
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
    for (;;) {
        const std::size_t begin = next_.fetch_add(grain_, std::memory_order_relaxed);
        if (begin >= count_) {
            return;
        }
        const std::size_t end = std::min(count_, begin + grain_);
        try {
            fn_(context_, begin, end, thread);
        } catch (...) {
            const std::lock_guard lock(mutex_);
            if (!error_) {
                error_ = std::current_exception();
            }
        }
    }
}

} // namespace mk
