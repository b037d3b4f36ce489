/// \file BenchCommand.cpp
/// The pipeline of `minkowski bench`: problem sets -> contenders -> measurements -> table/files.

#include "BenchCommand.h"

#include "BenchOptions.h"
#include "DatasetBench.h"
#include "EngineBench.h"
#include "PeerContenders.h"
#include "PluginOption.h"
#include "minkowski/bench/AtomicFile.h"
#include "minkowski/bench/Generator.h"
#include "minkowski/bench/ProblemCsv.h"
#include "minkowski/bench/Report.h"
#include "minkowski/bench/ResultsCsv.h"
#include "minkowski/bench/Runner.h"
#include "minkowski/bench/Timing.h"

#include <chrono>
#include <filesystem>
#include <iostream>
#include <spdlog/spdlog.h>

namespace mk::cli {
namespace {

using bench::ProblemSet;
using Contenders = std::vector<std::unique_ptr<bench::Contender>>;

double secondsSince(bench::BenchClock::time_point start) {
    return std::chrono::duration<double>(bench::BenchClock::now() - start).count();
}

/// "hulls" for the generated hulls, else the mesh folder's name ("ycb").
std::string meshSetName(const std::string& folder) {
    if (folder.empty()) {
        return "hulls";
    }
    const std::filesystem::path path = std::filesystem::path(folder).lexically_normal();
    const std::string name =
        (path.has_filename() ? path.filename() : path.parent_path().filename()).string();
    return name.empty() || name == ".." || name == "." ? "meshes" : name;
}

std::vector<ProblemSet> generatedSets(const BenchOptions& o) {
    const auto start = bench::BenchClock::now();
    const bench::GeneratorOptions generator{o.distances, o.pairs, o.seed};
    bench::MeshCache cache;
    const std::vector<bench::ProblemShape> meshes =
        o.meshFolder.empty() ? bench::generatedHulls(o.seed)
                             : bench::loadMeshFolder(o.meshFolder, cache);
    std::vector<ProblemSet> sets{
        bench::generateEllipsoidSet(generator),
        bench::generateMeshSet(meshes, generator, meshSetName(o.meshFolder))};
    spdlog::info("generated {} + {} problems ({} meshes from {}) in {:.1f} s",
                 sets[0].problems.size(), sets[1].problems.size(), meshes.size(),
                 o.meshFolder.empty() ? "generated point clouds" : o.meshFolder,
                 secondsSince(start));
    return sets;
}

std::vector<ProblemSet> problemSets(const BenchOptions& o) {
    std::vector<ProblemSet> sets;
    if (o.generated) {
        sets = generatedSets(o);
        if (!o.writeProblemsFile.empty()) {
            std::vector<bench::CollisionProblem> all;
            for (const ProblemSet& set : sets) {
                all.insert(all.end(), set.problems.begin(), set.problems.end());
            }
            bench::writeProblemCsv(o.writeProblemsFile, all);
            spdlog::info("wrote {} problems to {}", all.size(), o.writeProblemsFile);
        }
    }
    if (!o.problemsFile.empty()) {
        bench::MeshCache cache;
        sets.push_back(bench::readProblemCsv(o.problemsFile, cache));
        spdlog::info("read {} problems from {}", sets.back().problems.size(), o.problemsFile);
    }
    return sets;
}

Contenders makeContenders(const BenchSelection& selection, const std::vector<std::string>& peers) {
    Contenders contenders;
    for (const SolverChoice& choice : selection.solvers) {
        for (WarmStart warmStart : selection.warmStarts) {
            contenders.push_back(std::make_unique<bench::SolverContender>(choice, warmStart));
        }
    }
    for (auto& peer : makePeerContenders(selection.tasks, peers)) {
        contenders.push_back(std::move(peer));
    }
    return contenders;
}

/// Logs at every tenth of the work.
std::function<void(size_t, size_t)> progressLogger() {
    const auto start = bench::BenchClock::now();
    return [start, logged = size_t{0}](size_t done, size_t total) mutable {
        const size_t tenth = done * 10 / std::max<size_t>(1, total);
        if (tenth > logged || done == total) {
            logged = tenth;
            spdlog::info("{}% measured ({:.1f} s)", 100 * done / std::max<size_t>(1, total),
                         secondsSince(start));
        }
    };
}

/// Logs the first crashes and time-outs of isolated contenders (later ones are counted in the
/// footnotes).
std::function<void(const bench::Measurement&, int)>
crashLogger(const std::vector<ProblemSet>& sets, const Contenders& contenders, double limit) {
    return
        [&sets, &contenders, limit, logged = 0](const bench::Measurement& m, int signal) mutable {
            constexpr int kLogged = 5;
            if (++logged > kLogged) {
                return;
            }
            const std::string what = m.timedOut
                                         ? fmt::format("exceeded the {} s peer time limit", limit)
                                         : fmt::format("crashed (signal {})", signal);
            spdlog::warn("{} {} on {} problem {} ({}){}",
                         contenders[static_cast<size_t>(m.contender)]->solverName(), what,
                         sets[static_cast<size_t>(m.set)].name, m.problem, bench::name(m.task),
                         logged == kLogged ? "; further ones are only counted" : "");
        };
}

/// Crashed (timedOut false) or timed-out (true) cells per contender, for the footnotes.
std::vector<std::pair<std::string, int>>
countCrashes(const Contenders& contenders, const std::vector<bench::Measurement>& measurements,
             bool timedOut) {
    std::vector<int> counts(contenders.size(), 0);
    for (const bench::Measurement& m : measurements) {
        counts[static_cast<size_t>(m.contender)] += m.crashed && m.timedOut == timedOut ? 1 : 0;
    }
    std::vector<std::pair<std::string, int>> crashes;
    for (size_t c = 0; c < contenders.size(); ++c) {
        if (counts[c] > 0) {
            crashes.emplace_back(contenders[c]->solverName(), counts[c]);
        }
    }
    return crashes;
}

std::string describeRun(const std::vector<ProblemSet>& sets, const Contenders& contenders,
                        const BenchOptions& o) {
    std::string text = "minkowski bench:";
    for (const ProblemSet& set : sets) {
        text += " " + set.name + " (" + std::to_string(set.problems.size()) + " problems)";
    }
    size_t peers = 0;
    for (const auto& c : contenders) {
        peers += c->isPeer() ? 1 : 0;
    }
    text += "; " + std::to_string(contenders.size() - peers) + " solver x warm start, " +
            std::to_string(peers) + " peers; R = " + std::to_string(o.repeats) + "\n\n";
    return text;
}

class BenchCommand final : public Command {
public:
    explicit BenchCommand(CLI::App& app)
        : app_(app.add_subcommand("bench", "Time every solver x warm start (and the peer "
                                           "libraries) on collision problems")) {
        addBenchOptions(*app_, options_);
        addPluginOption(*app_);
    }

    [[nodiscard]] bool chosen() const override { return app_->parsed(); }

    int run() override {
        options_.taskGiven = app_->count("--task") > 0;
        const BenchSelection selection = validate(options_);
        if (options_.quiet) {
            spdlog::set_level(spdlog::level::warn);
        }
        if (options_.engine) {
            return runEngine(selection);
        }
        if (!options_.dataset.empty()) {
            checkOutputFolders();
            return runDatasetBench(options_, selection);
        }
        const Contenders contenders = makeContenders(selection, options_.peers);
        checkOutputFolders();
        const std::vector<ProblemSet> sets = problemSets(options_);
        const bench::RunOptions run{selection.tasks, options_.repeats, progressLogger(),
                                    crashLogger(sets, contenders, options_.peerTimeLimit),
                                    options_.peerTimeLimit};
        const std::vector<bench::Measurement> measurements =
            bench::runBenchmark(sets, contenders, run);
        report(sets, contenders, measurements);
        return kExitOk;
    }

private:
    int runEngine(const BenchSelection& selection) {
        BenchOptions o = options_;
        if (o.bodies.empty()) {
            o.bodies = {100, 1000};
        }
        if (o.steps == 0) {
            o.steps = 240;
        }
        if (o.threads.empty()) {
            o.threads = {1};
        }
        const EngineBenchChoices choices{app_->count("--solvers") > 0,
                                         app_->count("--warm-starts") > 0,
                                         app_->count("--seed") > 0};
        return runEngineBench(o, selection, choices);
    }

    /// Fails before the run, not after it, when an output file's folder does not exist.
    void checkOutputFolders() const {
        for (const std::string* file :
             {&options_.resultsFile, &options_.summaryFile, &options_.writeProblemsFile}) {
            if (file->empty()) {
                continue;
            }
            const std::filesystem::path folder = std::filesystem::absolute(*file).parent_path();
            if (!std::filesystem::is_directory(folder)) {
                throw bench::FileError("cannot write '" + *file + "': no folder '" +
                                       folder.string() + "'");
            }
        }
    }

    void report(const std::vector<ProblemSet>& sets, const Contenders& contenders,
                const std::vector<bench::Measurement>& measurements) const {
        const auto grouping =
            options_.byDistance ? bench::Grouping::Distances : bench::Grouping::Buckets;
        const auto rows = bench::summarize(sets, contenders, measurements, grouping);
        std::vector<std::string> peerNames;
        for (const auto& c : contenders) {
            if (c->isPeer()) {
                peerNames.push_back(c->solverName());
            }
        }
        const bench::RunFacts facts{options_.repeats,
                                    bench::clockOverheadNs(),
                                    !peerNames.empty(),
                                    countCrashes(contenders, measurements, false),
                                    countCrashes(contenders, measurements, true),
                                    options_.peerTimeLimit,
                                    peerNames};
        std::cout << describeRun(sets, contenders, options_) << bench::formatTable(rows) << '\n'
                  << bench::formatFootnotes(sets, facts) << pluginFailureNotes() << std::flush;
        if (!options_.summaryFile.empty()) {
            bench::writeFileAtomically(options_.summaryFile, bench::summaryCsv(rows));
            spdlog::info("wrote the summary to {}", options_.summaryFile);
        }
        if (!options_.resultsFile.empty()) {
            bench::writeFileAtomically(options_.resultsFile,
                                       bench::resultsCsv(sets, contenders, measurements));
            spdlog::info("wrote {} results to {}", measurements.size(), options_.resultsFile);
        }
    }

    CLI::App* app_;
    BenchOptions options_;
};

} // namespace

std::unique_ptr<Command> makeBenchCommand(CLI::App& app) {
    return std::make_unique<BenchCommand>(app);
}

} // namespace mk::cli
