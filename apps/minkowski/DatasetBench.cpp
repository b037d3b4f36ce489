/// \file DatasetBench.cpp
/// Dataset -> selected problems -> replay per task -> table, per-problem CSV, plots.

#include "DatasetBench.h"

#include "Command.h"
#include "DatasetCli.h"
#include "PluginOption.h"
#include "ProgressBar.h"
#include "minkowski/bench/AtomicFile.h"
#include "minkowski/bench/ProblemCsv.h"
#include "minkowski/dataset/Export.h"
#include "minkowski/dataset/Interrupt.h"
#include "minkowski/dataset/Plot.h"
#include "minkowski/dataset/Reader.h"
#include "minkowski/dataset/ReplayReport.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <spdlog/spdlog.h>
#include <unistd.h>

namespace mk::cli {
namespace {

namespace fs = std::filesystem;

bool isCsv(const std::string& path) {
    return fs::path(path).extension() == ".csv";
}

dataset::Dataset loadProblems(const std::string& path) {
    if (isCsv(path)) {
        bench::MeshCache meshes;
        return dataset::datasetFromProblems(bench::readProblemCsv(path, meshes), path);
    }
    return dataset::readDataset(path, {.bodies = true, .states = false});
}

std::string stem(const std::string& path) {
    return fs::path(path).stem().string();
}

/// The per-problem CSV, written to a temporary file and renamed (a big file: streamed).
void writeResults(const std::string& path, const dataset::Dataset& d,
                  const std::vector<dataset::ReplayRun>& runs) {
    const std::string temporary = path + ".tmp." + std::to_string(::getpid());
    {
        std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
        out << dataset::kReplayCsvHeader << '\n';
        for (const dataset::ReplayRun& run : runs) {
            dataset::writeReplayCsvRows(out, d, run);
        }
        out.flush();
        if (!out) {
            std::error_code ignored;
            fs::remove(temporary, ignored);
            throw bench::FileError("cannot write '" + path + "'");
        }
    }
    std::error_code error;
    fs::rename(temporary, path, error);
    if (error) {
        fs::remove(temporary, error);
        throw bench::FileError("cannot write '" + path + "': " + error.message());
    }
}

/// The problems of `chunk` among the selected ones, in order (all of them for the chunk 0/1).
std::vector<size_t> chunkOf(std::vector<size_t> selected, const dataset::Shard& chunk) {
    const auto bound = [&](int k) {
        return static_cast<std::ptrdiff_t>(static_cast<std::uint64_t>(k) * selected.size() /
                                           static_cast<std::uint64_t>(chunk.count));
    };
    return {selected.begin() + bound(chunk.index), selected.begin() + bound(chunk.index + 1)};
}

std::string describe(const dataset::Dataset& d, size_t selected, const BenchOptions& o) {
    std::string text = "minkowski bench " + o.dataset + ": " + std::to_string(selected) + " of " +
                       std::to_string(d.problems.size()) + " problems";
    if (!o.chunk.empty()) {
        text += " (chunk " + o.chunk + " of the selection)";
    }
    if (d.meta.source == "collision-problem CSV") {
        return text + " (independent problems: previous warm starts fall back to obb)\n";
    }
    text += " (" + std::to_string(d.trajectories.size()) + " trajectories of " + d.meta.sceneName +
            (d.meta.meshFolder.empty() ? "" : " with " + d.meta.meshFolder) + ", recorded with " +
            d.meta.solver + " / " + d.meta.warmStart + "; " +
            (o.includePerturbed ? "perturbed calls included" : "perturbed calls left out") +
            (o.dynamicPairsOnly ? "; dynamic pairs only" : "") + ")\n";
    return text;
}

std::string footnotes(const dataset::ReplayRun& run) {
    char overhead[32];
    std::snprintf(overhead, sizeof overhead, "%.0f", run.clockOverheadNs);
    return "\nTimes: each query run once untimed, then R = " + std::to_string(run.repeats) +
           " times, mean of the fastest 90%, minus the clock overhead (" + overhead +
           " ns); quartiles and p90 over the problems.\n"
           "Warm starts: as recorded (GJK++ Sec. IV-E); previous and transformed-previous fall "
           "back to obb when the pair was not queried at the step before (`fallback`). Support "
           "hints cold for every contender.\n"
           "fail: max-iterations, degenerate or invalid-input. disagree: the boolean verdict "
           "contradicts the sign of the recording solver's signed distance (|d| > 1e-6 m).\n";
}

/// Draws the box plots, or says how to.
void plot(const BenchOptions& o, const std::string& results, const dataset::Dataset& d) {
    const std::string prefix = o.plotPrefix.empty() ? stem(o.dataset) + "-fig13" : o.plotPrefix;
    const std::vector<std::string> command =
        dataset::fig13Command(results, prefix, d.meta.sceneName + " (" + stem(o.dataset) + ")");
    if (!dataset::plottingAvailable()) {
        spdlog::warn("no {} with numpy and matplotlib (Debian: python3-matplotlib): no plots; "
                     "draw them with: {}",
                     dataset::kPlotPython, dataset::shellLine(command));
        return;
    }
    const int status = dataset::runProgram(command);
    if (status != 0) {
        throw bench::FileError("the plot script failed (exit " + std::to_string(status) +
                               "): " + dataset::shellLine(command));
    }
    spdlog::info("wrote {}.png and {}.svg", prefix, prefix);
}

} // namespace

int runDatasetBench(const BenchOptions& o, const BenchSelection& selection) {
    const std::string results =
        o.resultsFile.empty() ? stem(o.dataset) + "-replay.csv" : o.resultsFile;
    const dataset::Dataset d = loadProblems(o.dataset);
    const std::vector<size_t> problems = chunkOf(
        dataset::selectProblems(d, {o.includePerturbed, o.dynamicPairsOnly}), selection.chunk);
    const std::atomic<bool>& interrupt = dataset::installInterruptHandler();
    dataset::ReplayOptions replay;
    std::vector<SolverChoice> solvers = selection.solvers;
    if (selection.recordedSolvers) {
        for (const SolverChoice& choice : dataset::recordedSolverChoices(d, problems)) {
            if (std::find(solvers.begin(), solvers.end(), choice) == solvers.end()) {
                solvers.push_back(choice);
            }
        }
    }
    for (const SolverChoice& choice : solvers) {
        for (WarmStart warmStart : selection.warmStarts) {
            replay.contenders.push_back({choice, warmStart});
        }
    }
    replay.repeats = o.repeats;
    replay.request.penetrationTolerance = o.epaTolerance;
    replay.interrupt = &interrupt;
    std::vector<dataset::ReplayRun> runs;
    std::vector<dataset::ReplayRow> rows;
    try {
        for (bench::BenchTask task : selection.tasks) {
            ProgressBar bar("problems", 0.0);
            replay.task = task;
            replay.progress = [&bar](size_t done, size_t total) {
                bar.update(static_cast<std::int64_t>(done), static_cast<std::int64_t>(total));
            };
            runs.push_back(dataset::replay(d, problems, replay));
            bar.finish();
            spdlog::info("{}: replayed {} problems x {} contenders in {}", bench::name(task),
                         problems.size(), replay.contenders.size(),
                         formatSeconds(runs.back().seconds));
            const auto taskRows = dataset::summarizeReplay(d, runs.back());
            rows.insert(rows.end(), taskRows.begin(), taskRows.end());
        }
    } catch (const dataset::Interrupted&) {
        std::cerr << "minkowski: interrupted: nothing written\n";
        return dataset::kExitInterrupted;
    }
    std::cout << describe(d, problems.size(), o) << '\n'
              << dataset::formatReplayTable(rows) << footnotes(runs.front())
              << pluginFailureNotes();
    for (const dataset::ReplayRun& run : runs) {
        const auto penetration = dataset::summarizePenetration(d, run);
        if (!penetration.empty()) {
            std::cout << "\nPenetrating calls only (recorded distance < 0), distance task:\n"
                      << dataset::formatPenetrationTable(penetration)
                      << "seeded: answered from the pair's kept EPA polytope without GJK "
                         "(warm-started penetration of previous and transformed-previous). x cold, "
                         "max |d-cold|, verdict changes: against the same solver with obb (else "
                         "none) on the same problems.\n";
        }
    }
    std::cout << std::flush;
    writeResults(results, d, runs);
    spdlog::info("wrote {} per-problem rows to {}",
                 problems.size() * replay.contenders.size() * runs.size(), results);
    if (!o.summaryFile.empty()) {
        bench::writeFileAtomically(o.summaryFile, dataset::replaySummaryCsv(rows));
    }
    if (!o.noPlot) {
        plot(o, results, d);
    }
    return kExitOk;
}

} // namespace mk::cli
