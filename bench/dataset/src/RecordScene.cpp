/// \file RecordScene.cpp
/// A scene's trajectories simulated by worker threads and written by the calling thread in
/// trajectory order, so that the file does not depend on the thread count. Each trajectory is a
/// fresh world drawn from Rng(seed).derive(t) (scenes/Build.h): the same wherever it runs.

#include "minkowski/dataset/Format.h"
#include "minkowski/dataset/Recorder.h"
#include "minkowski/narrowphase/Collide.h"
#include "minkowski/scenes/SceneFile.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <thread>

namespace mk::dataset {
namespace {

/// Finished trajectories waiting for their turn to be written, and the workers that make them.
class TrajectoryPipeline {
public:
    TrajectoryPipeline(const scenes::SceneDesc& scene, const scenes::SceneShapes& shapes, int first,
                       int count, int threads)
        : scene_(scene), shapes_(shapes), next_(first), nextToWrite_(first), end_(first + count),
          window_(2 * threads) {
        for (int i = 0; i < threads; ++i) {
            workers_.emplace_back([this] { work(); });
        }
    }
    ~TrajectoryPipeline() { stop(); }
    TrajectoryPipeline(const TrajectoryPipeline&) = delete;
    TrajectoryPipeline& operator=(const TrajectoryPipeline&) = delete;

    /// Trajectory `t` once simulated (waits for it, polling `interrupt`).
    /// \throws what the worker threw, or Interrupted.
    TrajectoryData take(int t, const std::atomic<bool>* interrupt) {
        std::unique_lock lock(mutex_);
        while (!ready_.contains(t) && !error_) {
            if (interrupt != nullptr && interrupt->load()) {
                throw Interrupted();
            }
            changed_.wait_for(lock, std::chrono::milliseconds(100));
        }
        if (error_) {
            std::rethrow_exception(error_);
        }
        TrajectoryData data = std::move(ready_.at(t));
        ready_.erase(t);
        nextToWrite_ = t + 1;
        changed_.notify_all();
        return data;
    }

    void stop() {
        {
            std::lock_guard lock(mutex_);
            stopping_ = true;
        }
        changed_.notify_all();
        workers_.clear(); // joins
    }

private:
    void work() {
        while (true) {
            int t = 0;
            {
                std::unique_lock lock(mutex_);
                // Stay within a window of the writer so that memory stays bounded.
                changed_.wait(lock, [&] { return stopping_ || next_ < nextToWrite_ + window_; });
                if (stopping_ || next_ >= end_ || error_) {
                    return;
                }
                t = next_++;
            }
            try {
                TrajectoryData data = recordTrajectory(scene_, shapes_, t);
                std::lock_guard lock(mutex_);
                ready_.emplace(t, std::move(data));
            } catch (...) {
                std::lock_guard lock(mutex_);
                if (!error_) {
                    error_ = std::current_exception();
                }
            }
            changed_.notify_all();
        }
    }

    const scenes::SceneDesc& scene_;
    const scenes::SceneShapes& shapes_;
    std::mutex mutex_;
    std::condition_variable changed_;
    std::map<int, TrajectoryData> ready_;
    std::exception_ptr error_;
    int next_;
    int nextToWrite_;
    int end_;
    int window_;
    bool stopping_ = false;
    std::vector<std::jthread> workers_; // last: joined first on destruction
};

} // namespace

Shard parseShard(std::string_view text) {
    const auto slash = text.find('/');
    Shard shard;
    try {
        if (slash != std::string_view::npos) {
            size_t used = 0;
            const std::string k(text.substr(0, slash));
            const std::string n(text.substr(slash + 1));
            shard.index = std::stoi(k, &used);
            const bool kOk = used == k.size();
            shard.count = std::stoi(n, &used);
            if (kOk && used == n.size() && shard.count >= 1 && shard.index >= 0 &&
                shard.index < shard.count) {
                return shard;
            }
        }
    } catch (const std::exception&) {
    }
    throw DatasetError("shard '" + std::string(text) + "': expected k/N with 0 <= k < N, e.g. 0/4");
}

std::pair<int, int> shardRange(const Shard& shard, int trajectories) {
    const auto bound = [&](int k) {
        return static_cast<int>(static_cast<std::int64_t>(k) * trajectories / shard.count);
    };
    return {bound(shard.index), bound(shard.index + 1) - bound(shard.index)};
}

TrajectoryData recordTrajectory(const scenes::SceneDesc& scene, const scenes::SceneShapes& shapes,
                                int trajectory) {
    scenes::BuiltScene built = scenes::buildWorld(scene, shapes, trajectory);
    World& world = built.world;
    world.setContactCache(false);
    TrajectoryRecorder recorder(trajectory);
    recorder.recordBodies(world, built.bodies);
    world.setNarrowPhaseHook([&recorder](const NarrowPhaseEvent& e) { recorder.onNarrowPhase(e); });
    const std::int64_t steps = scenes::stepsPerTrajectory(scene.simulation);
    for (std::int64_t s = 0; s < steps; ++s) {
        world.step();
        recorder.recordStates(world);
    }
    return recorder.finish(static_cast<std::int32_t>(steps), world.stateHash());
}

RecordSummary recordScene(const scenes::SceneDesc& scene, const scenes::SceneShapes& shapes,
                          const RecordOptions& options, DatasetWriter& writer) {
    const auto start = std::chrono::steady_clock::now();
    const auto [first, count] = shardRange(options.shard, scene.simulation.trajectories);
    RecordSummary summary;
    if (count <= 0) {
        return summary;
    }
    TrajectoryPipeline pipeline(scene, shapes, first, count, std::max(1, options.threads));
    for (int t = first; t < first + count; ++t) {
        if (options.interrupt != nullptr && options.interrupt->load()) {
            throw Interrupted();
        }
        const TrajectoryData data = pipeline.take(t, options.interrupt);
        writer.add(data);
        summary.problems += static_cast<std::int64_t>(data.problems.size());
        ++summary.trajectories;
        if (options.progress) {
            options.progress(summary.trajectories, count);
        }
    }
    summary.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return summary;
}

DatasetMeta recordingMeta(const scenes::SceneDesc& scene, const std::string& sceneFile,
                          const std::string& meshFolder, const Shard& shard) {
    DatasetMeta m;
    m.programVersion = std::string(programVersion());
    m.source = "minkowski record";
    m.sceneName = scene.name;
    m.sceneFile = sceneFile;
    m.sceneToml = scenes::formatScene(scene);
    m.meshFolder = meshFolder;
    m.seed = scene.simulation.seed;
    m.timeStep = scene.simulation.timeStep;
    m.stepsPerTrajectory = scenes::stepsPerTrajectory(scene.simulation);
    m.sceneTrajectories = scene.simulation.trajectories;
    m.shardIndex = shard.index;
    m.shardCount = shard.count;
    m.solver = name(scene.simulation.solver);
    m.warmStart = std::string(name(scene.simulation.warmStart));
    m.task = std::string(name(Task::SignedDistance));
    m.margin = scene.contact.margin;
    m.perturbationIterations = scene.contact.perturbationIterations;
    return m;
}

} // namespace mk::dataset
