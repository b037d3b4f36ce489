#pragma once
/// \file Merge.h
/// Joins the shards of a dataset (`minkowski record --shard k/N`) into one file whose content
/// equals the unsharded recording's.

#include "minkowski/dataset/Writer.h"

#include <string>
#include <vector>

namespace mk::dataset {

struct MergeSummary {
    int shards = 0;
    std::int64_t trajectories = 0;
    std::int64_t problems = 0;
};

/// Reads the shards (in any order), checks that they are parts of the same recording (same meta
/// apart from the shard and its trajectory range) that together cover every trajectory once, and
/// writes them in trajectory order to `output` (atomically; see DatasetWriter).
/// \throws DatasetError naming the shard and the mismatch, a gap or an overlap.
MergeSummary mergeDatasets(const std::vector<std::string>& shards, const std::string& output,
                           const WriterOptions& options = {});

} // namespace mk::dataset
