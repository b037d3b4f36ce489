#pragma once
/// \file Plot.h
/// Fig. 13-style box plots of a replay (python/fig13.py, matplotlib), run with Debian's
/// /usr/bin/python3 (the `python3` first on PATH may lack numpy and matplotlib). The script is
/// started with posix_spawn and an argument vector: no shell, nothing of the file names is
/// interpreted.

#include <string>
#include <vector>

namespace mk::dataset {

/// The interpreter the plots use.
inline constexpr const char* kPlotPython = "/usr/bin/python3";

/// python/fig13.py in the source tree.
[[nodiscard]] std::string fig13Script();

/// True when kPlotPython exists and imports numpy and matplotlib.
[[nodiscard]] bool plottingAvailable();

/// The argument vector that draws `resultsCsv` to `prefix`.png and `prefix`.svg.
[[nodiscard]] std::vector<std::string>
fig13Command(const std::string& resultsCsv, const std::string& prefix, const std::string& title);

/// `command` as one line a user can paste into a shell (arguments single-quoted when needed).
[[nodiscard]] std::string shellLine(const std::vector<std::string>& command);

/// Runs `command` (argv[0] an absolute path) and waits; returns its exit status (127 when it
/// cannot be started, 128 + signal when killed). `quiet` sends its stdout and stderr to
/// /dev/null.
int runProgram(const std::vector<std::string>& command, bool quiet = false);

} // namespace mk::dataset
