/// \file DatasetCli.cpp
/// Option parsing and number formatting for the dataset sub-commands.

#include "DatasetCli.h"

#include "Command.h"
#include "minkowski/scenes/BuiltinScenes.h"

#include <cmath>
#include <cstdio>

namespace mk::cli {

dataset::Shard parseShardOption(const std::string& text) {
    try {
        return dataset::parseShard(text);
    } catch (const dataset::DatasetError& error) {
        throw UsageError(error.what());
    }
}

std::string formatBytes(std::uintmax_t bytes) {
    char text[32];
    const double b = static_cast<double>(bytes);
    if (b >= 1e9) {
        std::snprintf(text, sizeof text, "%.2f GB", b / 1e9);
    } else if (b >= 1e6) {
        std::snprintf(text, sizeof text, "%.1f MB", b / 1e6);
    } else {
        std::snprintf(text, sizeof text, "%.1f kB", b / 1e3);
    }
    return text;
}

std::string formatSeconds(double seconds) {
    char text[48];
    if (seconds < 120.0) {
        std::snprintf(text, sizeof text, "%.2f s", seconds);
    } else {
        const long s = std::lround(seconds);
        std::snprintf(text, sizeof text, "%ld min %02ld s", s / 60, s % 60);
    }
    return text;
}

std::string formatRate(double count, double seconds) {
    char text[32];
    std::snprintf(text, sizeof text, "%.3g", seconds > 0.0 ? count / seconds : 0.0);
    return text;
}

} // namespace mk::cli
