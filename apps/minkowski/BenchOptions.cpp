/// \file BenchOptions.cpp
/// Options of `minkowski bench`: defaults, help text, validation.

#include "BenchOptions.h"

#include "Command.h"
#include "IntegerOption.h"
#include "PeerContenders.h"
#include "SceneOptions.h"
#include "minkowski/bench/Generator.h"
#include "minkowski/engine/Settings.h"
#include "minkowski/narrowphase/Collide.h"

#include <algorithm>
#include <array>
#include <limits>
#include <span>

namespace mk::cli {
namespace {

/// Defaults sized so that `minkowski bench --generated` takes well under a minute on 2 cores.
constexpr int kDefaultPairs = 40;
constexpr int kDefaultRepeats = 30;

constexpr std::array kAllTasks{bench::BenchTask::Boolean, bench::BenchTask::Distance};

/// Parses `names` with `parse`; "all" stands for every value of `all`. Duplicates are dropped.
template <class T, class Parse>
std::vector<T> parseList(const std::vector<std::string>& names, std::span<const T> all,
                         Parse parse) {
    std::vector<T> values;
    const auto add = [&values](T value) {
        if (std::find(values.begin(), values.end(), value) == values.end()) {
            values.push_back(value);
        }
    };
    for (const std::string& name : names) {
        if (name == "all") {
            std::for_each(all.begin(), all.end(), add);
            continue;
        }
        try {
            add(parse(name));
        } catch (const UnknownNameError& error) {
            throw UsageError(std::string(error.what()) + " (or all)");
        }
    }
    return values;
}

/// "a, b, c" from the runtime names of `values`.
template <class T> std::string joinNames(std::span<const T> values) {
    std::string text;
    for (const T& value : values) {
        text += (text.empty() ? "" : ", ") + std::string(name(value));
    }
    return text;
}

/// True for the solvers that take a `subalgo` option (the GJK family).
bool takesSubAlgorithm(const SolverEntry& solver) {
    return optionIndex(solver, "subalgo") >= 0;
}

/// "gjk, gjk-polyak, ..." : the solvers that take a sub-algorithm.
std::string gjkSolverNames() {
    std::string text;
    for (const SolverEntry* solver : allSolvers()) {
        if (takesSubAlgorithm(*solver)) {
            text += (text.empty() ? "" : ", ") + solver->name;
        }
    }
    return text;
}

/// "gjk, gjk-polyak, ..., rtr, and any plugin's".
std::string solverNames() {
    std::string text;
    for (const SolverEntry* solver : allSolvers()) {
        text += (text.empty() ? "" : ", ") + solver->name;
    }
    return text;
}

/// The --solvers choices (`name[:subalgo=S]`; all: every solver with johnson), each GJK solver
/// crossed with the --subalgos sub-algorithms when given (they replace the one it names).
std::vector<SolverChoice> parseSolverChoices(const BenchOptions& o) {
    const std::vector<SubAlgorithm> subAlgorithms =
        parseList<SubAlgorithm>(o.subAlgorithms, allSubAlgorithms(), [](std::string_view text) {
            for (SubAlgorithm s : allSubAlgorithms()) {
                if (name(s) == text) {
                    return s;
                }
            }
            throw UsageError("--subalgos: unknown sub-algorithm '" + std::string(text) +
                             "'; valid: " + joinNames(allSubAlgorithms()) + " (or all)");
        });
    std::vector<SolverChoice> choices;
    const auto add = [&choices](const SolverChoice& choice) {
        if (std::find(choices.begin(), choices.end(), choice) == choices.end()) {
            choices.push_back(choice);
        }
    };
    const auto addCrossed = [&](const SolverChoice& choice) {
        if (subAlgorithms.empty() || !takesSubAlgorithm(choice.entry())) {
            add(choice);
            return;
        }
        for (SubAlgorithm sub : subAlgorithms) {
            add(withOption(choice, "subalgo", name(sub)));
        }
    };
    for (const std::string& text : o.solvers) {
        if (text == "recorded") { // DatasetBench adds the dataset's choices
            if (o.dataset.empty()) {
                throw UsageError("--solvers recorded applies to a DATASET.h5 replay");
            }
            continue;
        }
        if (text == "all") {
            for (const SolverEntry* solver : allSolvers()) {
                addCrossed(*solver);
            }
            continue;
        }
        try {
            addCrossed(parseSolverChoice(text));
        } catch (const UnknownNameError& error) {
            const bool badSolver = std::string_view(error.what()).starts_with("unknown solver '");
            throw UsageError("--solvers '" + text + "': " + error.what() +
                             (badSolver ? " (or all)" : ""));
        }
    }
    const bool anyGjk = std::any_of(choices.begin(), choices.end(), [](const SolverChoice& c) {
        return takesSubAlgorithm(c.entry());
    });
    if (!subAlgorithms.empty() && !anyGjk) {
        throw UsageError("--subalgos applies to the GJK solvers (" + gjkSolverNames() +
                         "): none in --solvers");
    }
    return choices;
}

std::string joinPeerNames() {
    std::string text;
    for (const std::string& peer : availablePeerNames()) {
        text += (text.empty() ? "" : ", ") + peer;
    }
    return text.empty() ? "none in this build" : text;
}

/// --engine excludes the problem sources; --bodies and --steps need it.
void checkEngine(const BenchOptions& o) {
    if (!o.engine) {
        if (!o.bodies.empty() || o.steps != 0 || !o.threads.empty()) {
            throw UsageError("--bodies, --steps and --threads apply to --engine");
        }
        if (o.hullTolerance) {
            throw UsageError("--hull-tolerance applies to --engine (problems name their meshes)");
        }
        return;
    }
    if (!o.dataset.empty() || o.generated || !o.problemsFile.empty()) {
        throw UsageError(
            "--engine runs the funnel scene: no DATASET.h5, --generated or --problems");
    }
    for (const std::string& peer : o.peers) {
        if (peer != "all" && peer != "none" && peer != "bullet") {
            throw UsageError("--engine compares with bullet only (--peers bullet, all or none), "
                             "not '" +
                             peer + "'");
        }
    }
    if (std::any_of(o.bodies.begin(), o.bodies.end(), [](int n) { return n <= 0; })) {
        throw UsageError("--bodies needs positive counts");
    }
    if (o.steps < 0) {
        throw UsageError("--steps needs a positive count");
    }
    if (std::any_of(o.threads.begin(), o.threads.end(),
                    [](int n) { return n < 1 || n > WorldSettings::kMaxThreads; })) {
        throw UsageError("--threads needs counts from 1 to " +
                         std::to_string(WorldSettings::kMaxThreads));
    }
}

void checkSources(const BenchOptions& o) {
    if (o.engine) {
        return;
    }
    if (!o.dataset.empty()) {
        if (o.generated || !o.problemsFile.empty()) {
            throw UsageError("give a DATASET.h5, or --generated / --problems, not both");
        }
        const bool defaultPeers = o.peers == std::vector<std::string>{"all"} ||
                                  o.peers == std::vector<std::string>{"none"};
        if (!defaultPeers || o.byDistance) {
            throw UsageError("--peers and --by-distance apply to --generated and --problems, not "
                             "to a DATASET.h5");
        }
    } else if (o.includePerturbed || o.dynamicPairsOnly || !o.plotPrefix.empty() || o.noPlot ||
               !o.chunk.empty()) {
        throw UsageError("--include-perturbed, --dynamic-pairs-only, --plot, --no-plot and --chunk "
                         "apply to a DATASET.h5");
    } else if (!o.generated && o.problemsFile.empty()) {
        throw UsageError("nothing to benchmark: give a DATASET.h5, --generated and/or --problems "
                         "FILE.csv");
    }
    if (!o.writeProblemsFile.empty() && !o.generated) {
        throw UsageError("--write-problems exports the generated sets: add --generated");
    }
    if (!o.meshFolder.empty() && !o.generated) {
        throw UsageError("--meshes chooses the meshes of the generated sets: add --generated");
    }
    if (!o.resultsFile.empty() && o.generated && !o.problemsFile.empty()) {
        throw UsageError("--out numbers the problems of one source: give --generated or "
                         "--problems, not both");
    }
    if (o.distances.empty()) {
        throw UsageError("--distances needs at least one distance");
    }
}

} // namespace

void addBenchOptions(CLI::App& bench, BenchOptions& o) {
    o.distances = bench::kDefaultDistanceGrid;
    o.pairs = kDefaultPairs;
    o.repeats = kDefaultRepeats;
    o.solvers = {"all"};
    o.warmStarts = {"all"};
    o.tasks = {"all"};
    o.peers = {"all"};
    bench
        .add_option("dataset", o.dataset,
                    "Replay a trajectory dataset (minkowski record; docs/dataset.md) through every "
                    "solver x warm start, warm starts as recorded (GJK++ Fig. 13); a "
                    "collision-problem CSV is replayed the same way, as independent problems")
        ->type_name("DATASET.h5");
    bench.add_flag("--include-perturbed", o.includePerturbed,
                   "Dataset: also replay the engine's multipoint (perturbed) calls");
    bench.add_flag("--dynamic-pairs-only", o.dynamicPairsOnly,
                   "Dataset: only pairs of two dynamic bodies (the paper's object pairs; no "
                   "funnel walls or floor)");
    bench
        .add_option("--plot", o.plotPrefix,
                    "Dataset: box plots to PREFIX.png and PREFIX.svg (default: "
                    "<dataset stem>-fig13)")
        ->type_name("PREFIX");
    bench.add_flag("--no-plot", o.noPlot, "Dataset: no box plots");
    bench
        .add_option("--chunk", o.chunk,
                    "Dataset: replay only the k-th of N disjoint parts of the selected problems "
                    "(0 <= k < N); the --out files of the N parts, task by task in k order, hold "
                    "the rows of the whole replay (minkowski.sweep, docs/sweeps.md)")
        ->type_name("k/N");
    bench
        .add_option("--epa-tolerance", o.epaTolerance,
                    "Dataset: penetration-depth tolerance (m) of EPA and MPR in every replayed "
                    "query, in (0, 1]; two correct answers may differ by up to it (docs/epa.md)")
        ->type_name("M")
        ->capture_default_str();
    bench.add_flag("--generated", o.generated,
                   "Benchmark generated sets following GJK++ Sec. IV: random ellipsoid pairs and "
                   "random mesh pairs, at a random relative rotation, at every distance of "
                   "--distances");
    bench
        .add_option(
            "--problems", o.problemsFile,
            "Benchmark the problems of a collision-problem CSV (docs/collision-problems.md)")
        ->type_name("FILE.csv");
    bench
        .add_option("--meshes", o.meshFolder,
                    "Mesh pairs of --generated from every *.obj of DIR (convex hulls); default: "
                    "hulls of 50, 200, 500 and 1000 generated points")
        ->type_name("DIR");
    bench
        .add_option("--distances", o.distances,
                    "Signed distances (m) of the generated problems, comma-separated")
        ->delimiter(',')
        ->capture_default_str();
    bench.add_option("--pairs", o.pairs, "Random pairs per set, each placed at every distance")
        ->check(integerIn(1, std::numeric_limits<int>::max()))
        ->capture_default_str();
    bench.add_option("--seed", o.seed, "Seed of the generated sets")->capture_default_str();
    bench
        .add_option("--repeats", o.repeats,
                    "R: timed repetitions of each query; its time is the mean of the fastest 90%")
        ->check(integerIn(1, std::numeric_limits<int>::max()))
        ->capture_default_str();
    const std::string solversHelp =
        "Solvers, comma-separated, each NAME or NAME:subalgo=S (GJK sub-distance algorithm of " +
        gjkSolverNames() +
        "; default johnson), or all (every registered solver with its defaults), or recorded (a "
        "DATASET.h5's own choices, every live switch of a viewer recording): " +
        solverNames();
    bench.add_option("--solvers", o.solvers, solversHelp)->delimiter(',')->capture_default_str();
    const std::string subalgosHelp =
        "Run every GJK solver of --solvers once per sub-algorithm S (replacing the one its "
        "NAME:subalgo=S names), comma-separated, or all: " +
        joinNames(allSubAlgorithms());
    bench.add_option("--subalgos", o.subAlgorithms, subalgosHelp)->delimiter(',')->type_name("S");
    bench
        .add_option("--warm-starts", o.warmStarts,
                    "Warm starts, comma-separated, or all: " + joinNames(allWarmStarts()) +
                        " (previous and transformed-previous fall back to obb on independent "
                        "problems)")
        ->delimiter(',')
        ->capture_default_str();
    bench
        .add_option("--task,--tasks", o.tasks,
                    "boolean (collision check), distance (signed distance: EPA resolves "
                    "overlaps), comma-separated, or all")
        ->delimiter(',')
        ->capture_default_str();
    bench
        .add_option("--out", o.resultsFile,
                    "Write one row per problem x solver x warm start x task: problem,solver,"
                    "warm_start,task,status,collide,distance,iterations,time_ns")
        ->type_name("RESULTS.csv");
    bench.add_option("--csv-summary", o.summaryFile, "Write the summary table as CSV too")
        ->type_name("FILE");
    bench
        .add_option("--write-problems", o.writeProblemsFile,
                    "Export the generated problems as a collision-problem CSV (generated "
                    "meshes go to <name>_meshes/ next to it)")
        ->type_name("FILE.csv");
    bench.add_flag("--by-distance", o.byDistance,
                   "One group per distance of the grid instead of overlapping / close / far");
    bench
        .add_option("--peers", o.peers,
                    "Peer libraries run on the same problems, comma-separated, all or none "
                    "(a name without its '(...)' selects both supports): " +
                        joinPeerNames())
        ->delimiter(',')
        ->capture_default_str();
    bench.add_flag("--engine", o.engine,
                   "Steps per second of the engine on the funnel scene (its objects, or "
                   "--meshes DIR), at each --bodies count, with the stage breakdown, against "
                   "Bullet's btDiscreteDynamicsWorld on the same bodies (--peers none: without); "
                   "--solvers and --warm-starts default to the scene's");
    addHullToleranceOption(bench, o.hullTolerance);
    bench
        .add_option("--bodies", o.bodies, "Engine: body counts, comma-separated (default 100,1000)")
        ->delimiter(',')
        ->type_name("N,...");
    bench.add_option("--steps", o.steps, "Engine: steps per run (default 240: 2 s at 120 Hz)")
        ->type_name("N");
    bench
        .add_option("--threads", o.threads,
                    "Engine: threads of the step, comma-separated, one row each (default 1; the "
                    "state is the same for every count, the wall time is what changes)")
        ->delimiter(',')
        ->type_name("N,...");
    bench
        .add_option("--peer-time-limit", o.peerTimeLimit,
                    "Seconds a peer may spend on one problem and task (its R repetitions) before "
                    "its process is killed and the query counted as timed out; 0: no limit")
        ->check(CLI::Range(0.0, 1e6))
        ->capture_default_str();
    bench.add_flag("-q,--quiet", o.quiet, "No progress messages on stderr");
    bench.footer(
        "Examples:\n"
        "  minkowski bench --generated\n"
        "  minkowski bench --generated --meshes ../shared/meshes/ycb --by-distance\n"
        "  minkowski bench --problems problems.csv --solvers all --warm-starts obb --task distance "
        "--out results.csv\n"
        "  minkowski bench --generated --solvers gjk,gjk:subalgo=barycode,mpr\n"
        "  minkowski bench --generated --solvers all --subalgos all   # GJK solvers x johnson, "
        "signed-volume, barycode\n"
        "  minkowski bench funnel.h5 --solvers gjk,gjk-polyak,gjk-nesterov --task boolean\n"
        "  minkowski bench --engine --bodies 100,1000 --meshes ../shared/meshes/ycb\n"
        "With a DATASET.h5 the task defaults to boolean, --out (default <dataset stem>-replay.csv) "
        "gets one row per problem x solver x warm start, and the box plots are drawn with "
        "/usr/bin/python3 and matplotlib when available.\n"
        "The table goes to stdout, progress to stderr. Exit codes: 0 ok, 1 failure (unreadable "
        "or malformed file, unwritable output), 2 usage error, 130 interrupted.");
}

BenchSelection validate(const BenchOptions& o) {
    checkEngine(o);
    checkSources(o);
    BenchSelection selection;
    selection.solvers = parseSolverChoices(o);
    selection.recordedSolvers =
        std::find(o.solvers.begin(), o.solvers.end(), "recorded") != o.solvers.end();
    selection.warmStarts = parseList<WarmStart>(o.warmStarts, allWarmStarts(), parseWarmStart);
    selection.tasks = parseList<bench::BenchTask>(o.tasks, kAllTasks, bench::parseBenchTask);
    if (!o.chunk.empty()) {
        try {
            selection.chunk = dataset::parseShard(o.chunk);
        } catch (const dataset::DatasetError&) {
            throw UsageError("--chunk '" + o.chunk + "': expected k/N with 0 <= k < N, e.g. 0/4");
        }
    }
    if (!(o.epaTolerance > 0.0 && o.epaTolerance <= 1.0)) { // NaN fails too
        throw UsageError("--epa-tolerance " + std::to_string(o.epaTolerance) +
                         ": expected a tolerance in (0, 1] m");
    }
    if (!o.dataset.empty() && !o.taskGiven) {
        selection.tasks = {bench::BenchTask::Boolean}; // GJK++ Fig. 13
    }
    if ((selection.solvers.empty() && !selection.recordedSolvers) || selection.warmStarts.empty() ||
        selection.tasks.empty()) {
        throw UsageError("--solvers, --warm-starts and --task each need at least one name");
    }
    return selection;
}

} // namespace mk::cli
