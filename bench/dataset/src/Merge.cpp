/// \file Merge.cpp
/// Shards -> one dataset: metas checked first, then each shard read and copied in turn.

#include "minkowski/dataset/Merge.h"

#include "minkowski/dataset/Reader.h"

#include <algorithm>

namespace mk::dataset {
namespace {

/// The meta of the whole recording that a shard belongs to.
DatasetMeta wholeMeta(DatasetMeta meta) {
    meta.shardIndex = 0;
    meta.shardCount = 1;
    meta.firstTrajectory = 0;
    meta.trajectoryCount = meta.sceneTrajectories;
    return meta;
}

struct ShardFile {
    std::string path;
    DatasetMeta meta;
};

/// Sorted by first trajectory; \throws DatasetError unless they tile [0, scene trajectories).
std::vector<ShardFile> checkedShards(const std::vector<std::string>& paths) {
    if (paths.empty()) {
        throw DatasetError("merge: no shard given");
    }
    std::vector<ShardFile> shards;
    for (const std::string& path : paths) {
        shards.push_back({path, readDatasetMeta(path)});
    }
    std::sort(shards.begin(), shards.end(), [](const ShardFile& a, const ShardFile& b) {
        return a.meta.firstTrajectory < b.meta.firstTrajectory;
    });
    const DatasetMeta whole = wholeMeta(shards.front().meta);
    std::int64_t next = 0;
    for (const ShardFile& s : shards) {
        if (wholeMeta(s.meta) != whole) {
            throw DatasetError("merge: " + s.path + " is not a part of the same recording as " +
                               shards.front().path +
                               " (scene, seed, solver, steps or version "
                               "differ)");
        }
        if (s.meta.firstTrajectory != next) {
            throw DatasetError(
                "merge: " + s.path + " starts at trajectory " +
                std::to_string(s.meta.firstTrajectory) + ", expected " + std::to_string(next) +
                (s.meta.firstTrajectory > next ? " (a shard is missing)" : " (shards overlap)"));
        }
        next += s.meta.trajectoryCount;
    }
    if (next != whole.sceneTrajectories) {
        throw DatasetError("merge: the shards hold trajectories 0 to " + std::to_string(next - 1) +
                           " of " + std::to_string(whole.sceneTrajectories) +
                           " (a shard is missing)");
    }
    return shards;
}

} // namespace

MergeSummary mergeDatasets(const std::vector<std::string>& paths, const std::string& output,
                           const WriterOptions& options) {
    const std::vector<ShardFile> shards = checkedShards(paths);
    DatasetWriter writer(output, options);
    MergeSummary summary;
    for (const ShardFile& shard : shards) {
        const Dataset d = readDataset(shard.path);
        if (static_cast<std::int64_t>(d.trajectories.size()) != shard.meta.trajectoryCount) {
            throw DatasetError("merge: " + shard.path + ": index and meta disagree");
        }
        for (size_t t = 0; t < d.trajectories.size(); ++t) {
            writer.add(trajectoryData(d, t));
        }
        summary.problems += static_cast<std::int64_t>(d.problems.size());
        ++summary.shards;
    }
    summary.trajectories = writer.trajectories();
    writer.commit(wholeMeta(shards.front().meta));
    return summary;
}

} // namespace mk::dataset
