#pragma once
/// \file DatasetCli.h
/// Helpers shared by the dataset sub-commands (record, merge, export, bench DATASET.h5).

#include "minkowski/dataset/Recorder.h"
#include "minkowski/scenes/SceneDesc.h"

#include <cstdint>
#include <string>

namespace mk::cli {

/// `--shard k/N`. \throws UsageError with the reason.
dataset::Shard parseShardOption(const std::string& text);

/// "12.3 MB".
std::string formatBytes(std::uintmax_t bytes);
/// "1.23 s", "2 min 3 s".
std::string formatSeconds(double seconds);
/// count / seconds with 3 significant digits.
std::string formatRate(double count, double seconds);

} // namespace mk::cli
