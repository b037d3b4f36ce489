/// \file PaperCommand.cpp
/// `minkowski paper sdf|rtr|gjkpp [options]`.

#include "PaperCommand.h"

#include "minkowski/bench/AtomicFile.h"
#include "minkowski/bench/Generator.h"
#include "minkowski/bench/Paper.h"
#include "minkowski/bench/PaperGjkpp.h"
#include "minkowski/bench/ProblemCsv.h"
#include "minkowski/dataset/Fig13Problems.h"
#include "minkowski/scenes/SceneFile.h"
#include "minkowski/scenes/Shapes.h"

#include "SceneOptions.h"

#include <chrono>
#include <cmath>
#include <filesystem>
#include <iostream>
#include <sstream>
#include <spdlog/spdlog.h>
#include <stdexcept>

namespace mk::cli {
namespace {

/// Options both reproductions take.
struct Common {
    int poses = 0;
    int repeats = 20;
    std::uint64_t seed = 0;
    double tolerance = 0.0;
    std::string out;
};

void addCommon(CLI::App* app, Common& c, const char* posesHelp) {
    app->add_option("--poses,--pairs", c.poses, posesHelp)
        ->check(CLI::PositiveNumber)
        ->capture_default_str();
    app->add_option("--repeats", c.repeats, "Timed repetitions of each query")
        ->check(CLI::PositiveNumber)
        ->capture_default_str();
    app->add_option("--seed", c.seed, "Random seed (same seed, same poses)")->capture_default_str();
    app->add_option("--tolerance", c.tolerance, "Relative tolerance of every solver")
        ->capture_default_str();
    app->add_option("--out", c.out, "Also write one CSV row per pose and solver")
        ->type_name("FILE.csv");
}

/// Usage errors the parser's checks do not catch, before anything long runs.
void checkCommon(const Common& c) {
    if (!(c.tolerance > 0.0 && c.tolerance < 1.0)) {
        throw UsageError("--tolerance must be in (0, 1), got " + std::to_string(c.tolerance));
    }
    if (!c.out.empty()) {
        const std::filesystem::path parent = std::filesystem::absolute(c.out).parent_path();
        if (!std::filesystem::is_directory(parent)) {
            throw bench::FileError("cannot write '" + c.out + "': folder '" + parent.string() +
                                   "' does not exist");
        }
    }
}

void finish(const Common& c, const std::string& report, const std::string& csv,
            std::chrono::steady_clock::time_point start) {
    std::cout << report;
    if (!c.out.empty()) {
        bench::writeFileAtomically(c.out, csv);
        spdlog::info("wrote {}", c.out);
    }
    spdlog::info("done in {:.1f} s",
                 std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
}

class PaperCommand final : public Command {
public:
    explicit PaperCommand(CLI::App& app)
        : app_(app.add_subcommand("paper", "Reproduce the benchmarks of the GJK++ paper (gjkpp), "
                                           "the SDF ellipsoid paper (sdf) or the RTR paper (rtr) "
                                           "on this machine")) {
        app_->require_subcommand(0, 1); // none: a clear error in run()
        sdf_ = app_->add_subcommand("sdf", "sdf-ellipsoid vs GJK vs MPR by distance (Lopez-Adeva "
                                           "& Merchante 2024, Figs. 8-13, 16-17)");
        sdfCommon_.poses = sdfOptions_.poses;
        sdfCommon_.tolerance = sdfOptions_.tolerance;
        addCommon(sdf_, sdfCommon_, "Random poses per shape kind and distance level");
        sdf_->add_option("--kinds", sdfOptions_.kinds,
                         "Shape kinds: box, rounded-box, cone, ellipsoid, hullN (N of --points), "
                         "meshes (with --meshes); default all")
            ->delimiter(',');
        sdf_->add_option("--points", sdfOptions_.hullPoints, "Point counts of the random hulls")
            ->delimiter(',')
            ->check(CLI::Range(4, 100000))
            ->capture_default_str();
        sdf_->add_option("--levels", sdfOptions_.levels,
                         "Signed distances to place the pairs at, in units of the mean bounding "
                         "radius")
            ->delimiter(',')
            ->check(CLI::Range(-0.5, 10.0));
        sdf_->add_option("--meshes", meshes_,
                         "Also pairs of the convex hulls of this folder's "
                         "*.obj files (kind 'meshes')")
            ->type_name("DIR");
        sdf_->footer("\nExample:\n  minkowski paper sdf --poses 20 --repeats 20 --out sdf.csv\n"
                     "Exit codes: 0 success, 2 usage error, 1 failure.");

        rtr_ = app_->add_subcommand("rtr", "RTR vs GJK+EPA on the Table I shape pairs (An et al., "
                                           "Table II)");
        rtrCommon_.poses = rtrOptions_.poses;
        rtrCommon_.tolerance = rtrOptions_.tolerance;
        addCommon(rtr_, rtrCommon_, "Random poses per shape pair");
        rtr_->add_option("--min-distance", rtrOptions_.minDistance,
                         "Lowest signed distance of the poses, in units of the mean bounding "
                         "radius")
            ->capture_default_str();
        rtr_->add_option("--max-distance", rtrOptions_.maxDistance,
                         "Highest signed distance of the poses (same unit)")
            ->capture_default_str();
        rtr_->footer("\nExample:\n  minkowski paper rtr --poses 100 --out rtr.csv\n"
                     "Exit codes: 0 success, 2 usage error, 1 failure.");
        addGjkpp();
    }

    [[nodiscard]] bool chosen() const override { return app_->parsed(); }

    int run() override {
        if (sdf_->parsed()) {
            return runSdf();
        }
        if (rtr_->parsed()) {
            return runRtr();
        }
        if (gjkpp_->parsed()) {
            return runGjkpp();
        }
        throw UsageError("paper: say which paper, 'paper gjkpp' (Polyak/Nesterov GJK vs GJK), "
                         "'paper sdf' (SDF ellipsoid method vs GJK vs MPR) or 'paper rtr' (RTR "
                         "vs GJK+EPA); see 'minkowski paper --help'");
    }

private:
    void addGjkpp() {
        gjkpp_ = app_->add_subcommand("gjkpp", "Polyak, Nesterov and normalised Nesterov GJK vs "
                                               "GJK by distance and on funnel drops, on our "
                                               "support and the paper's hill climb (Montaut et "
                                               "al. 2024, Sec. IV, Table I, Figs. 7-13)");
        addCommon(gjkpp_, gjkppCommon_, "Random pairs per set, each at every distance");
        gjkppCommon_.poses = gjkppOptions_.pairs;
        gjkppCommon_.repeats = gjkppOptions_.repeats;
        gjkppCommon_.tolerance = bench::kGjkppTolerance;
        gjkpp_->remove_option(gjkpp_->get_option("--tolerance")); // GJK++'s eps = 1e-8
        gjkpp_->add_option("--meshes", gjkppMeshes_,
                           "Mesh set and funnel objects: the convex hulls of this folder's mesh "
                           "files (e.g. /work/shared/meshes/ycb); default: the funnel-pairs "
                           "scene's objects")
            ->type_name("DIR");
        gjkpp_->add_option("--trajectories", gjkppTrajectories_,
                           "Funnel-pairs trajectories of the Fig. 13 replay (0: none)")
            ->check(CLI::NonNegativeNumber)
            ->capture_default_str();
        gjkpp_->add_option("--seconds", gjkppSeconds_, "Simulated seconds per trajectory")
            ->check(CLI::PositiveNumber)
            ->capture_default_str();
        gjkpp_->add_flag("--tiny", gjkppTiny_,
                         "A seconds-long run for tests: 2 pairs, 3 repeats, 1 trajectory of "
                         "0.5 s (overrides those options)");
        gjkpp_->footer("\nExamples:\n  minkowski paper gjkpp --meshes /work/shared/meshes/ycb "
                       "--out gjkpp.csv\n  minkowski paper gjkpp --tiny\n"
                       "Exit codes: 0 success, 2 usage error, 1 failure.");
    }

    int runGjkpp() {
        if (gjkppTiny_) {
            gjkppCommon_.poses = 2;
            gjkppCommon_.repeats = 3;
            gjkppTrajectories_ = std::min(gjkppTrajectories_, 1);
            gjkppSeconds_ = 0.5;
        }
        checkCommon(gjkppCommon_);
        scenes::SceneDesc scene = loadSceneOrUsage("funnel-pairs");
        if (!gjkppMeshes_.empty()) {
            useMeshesOption(gjkppMeshes_, scene);
        }
        scene.simulation.trajectories = std::max(1, gjkppTrajectories_);
        scene.simulation.seconds = gjkppSeconds_;
        scene.simulation.contactCache = false;
        scenes::validateScene(scene);
        const scenes::SceneShapes shapes = scenes::loadShapes(scene);
        gjkppOptions_.pairs = gjkppCommon_.poses;
        gjkppOptions_.repeats = gjkppCommon_.repeats;
        gjkppOptions_.seed = gjkppCommon_.seed;
        gjkppOptions_.meshSetName = gjkppMeshes_.empty() ? "funnel objects" : "meshes";
        const auto [lo, hi] = meshSetOf(shapes);
        gjkppOptions_.progress = [](const std::string& set) { spdlog::info("paper gjkpp: {}", set); };
        const auto start = std::chrono::steady_clock::now();
        const auto sets = bench::runGjkppSets(gjkppOptions_);
        bench::GjkppReportFacts facts;
        facts.pairs = gjkppOptions_.pairs;
        facts.repeats = gjkppOptions_.repeats;
        facts.meshSource = std::to_string(gjkppOptions_.meshes.size()) + " hulls of " +
                           (gjkppMeshes_.empty() ? std::string("the funnel-pairs scene's objects")
                                                 : gjkppMeshes_) +
                           " (" + std::to_string(lo) + "-" + std::to_string(hi) + " vertices)";
        std::vector<bench::Fig13Instance> fig13;
        if (gjkppTrajectories_ > 0) {
            spdlog::info("paper gjkpp: Fig. 13, simulating {} trajectories", gjkppTrajectories_);
            const dataset::Fig13Source source = dataset::fig13Problems(scene, shapes);
            spdlog::info("paper gjkpp: Fig. 13, timing {} calls", source.problems.size());
            fig13 = bench::runFig13(source.problems, gjkppOptions_.repeats);
            facts.trajectories = std::to_string(gjkppTrajectories_) + " funnel-pairs trajectories, " +
                                 formatNumber(gjkppSeconds_) + " s at 120 Hz: " +
                                 std::to_string(source.problems.size()) +
                                 " calls between the two objects (of " +
                                 std::to_string(source.calls) + " recorded)";
        }
        finish(gjkppCommon_, bench::gjkppReport(sets, fig13, facts), bench::gjkppCsv(sets, fig13),
               start);
        return kExitOk;
    }

    /// Fills gjkppOptions_.meshes with the scene's mesh shapes (sorted by name); returns the
    /// smallest and largest hull vertex counts.
    std::pair<size_t, size_t> meshSetOf(const scenes::SceneShapes& shapes) {
        size_t lo = 0, hi = 0;
        for (const auto& [key, s] : shapes) {
            if (const ConvexMesh* mesh = s.shape.convexMesh()) {
                gjkppOptions_.meshes.push_back({s.shape, {}, key});
                const size_t n = mesh->vertices().size();
                lo = lo == 0 ? n : std::min(lo, n);
                hi = std::max(hi, n);
            }
        }
        if (gjkppOptions_.meshes.empty()) {
            throw UsageError("--meshes: no mesh shape in the funnel-pairs scene");
        }
        return {lo, hi};
    }

    static std::string formatNumber(double v) {
        std::ostringstream s;
        s << v;
        return s.str();
    }

    int runSdf() {
        checkCommon(sdfCommon_);
        if (sdfOptions_.levels.empty() || sdfOptions_.hullPoints.empty()) {
            throw UsageError("--levels and --points need at least one value");
        }
        if (!meshes_.empty()) {
            bench::MeshCache cache;
            for (const bench::ProblemShape& s : bench::loadMeshFolder(meshes_, cache)) {
                sdfOptions_.meshes.push_back({s.label, s.shape});
            }
        }
        sdfOptions_.poses = sdfCommon_.poses;
        sdfOptions_.repeats = sdfCommon_.repeats;
        sdfOptions_.seed = sdfCommon_.seed;
        sdfOptions_.tolerance = sdfCommon_.tolerance;
        try {
            (void)bench::sdfPaperKinds(sdfOptions_);
        } catch (const std::invalid_argument& error) {
            throw UsageError(std::string("--kinds: ") + error.what());
        }
        sdfOptions_.progress = [](const std::string& kind) { spdlog::info("paper sdf: {}", kind); };
        const auto start = std::chrono::steady_clock::now();
        const auto instances = bench::runSdfPaper(sdfOptions_);
        finish(sdfCommon_, bench::sdfPaperReport(instances, sdfOptions_),
               bench::sdfPaperCsv(instances), start);
        return kExitOk;
    }

    int runRtr() {
        checkCommon(rtrCommon_);
        if (!(std::isfinite(rtrOptions_.minDistance) && std::isfinite(rtrOptions_.maxDistance) &&
              rtrOptions_.minDistance <= rtrOptions_.maxDistance &&
              rtrOptions_.minDistance >= -0.5 && rtrOptions_.maxDistance <= 10.0)) {
            throw UsageError("--min-distance and --max-distance must satisfy -0.5 <= min <= max "
                             "<= 10 (units of the mean bounding radius)");
        }
        rtrOptions_.poses = rtrCommon_.poses;
        rtrOptions_.repeats = rtrCommon_.repeats;
        rtrOptions_.seed = rtrCommon_.seed;
        rtrOptions_.tolerance = rtrCommon_.tolerance;
        rtrOptions_.progress = [](const std::string& pair) { spdlog::info("paper rtr: {}", pair); };
        const auto start = std::chrono::steady_clock::now();
        const auto instances = bench::runRtrPaper(rtrOptions_);
        finish(rtrCommon_, bench::rtrPaperReport(instances, rtrOptions_),
               bench::rtrPaperCsv(instances), start);
        return kExitOk;
    }

    CLI::App* app_;
    CLI::App* sdf_;
    CLI::App* rtr_;
    CLI::App* gjkpp_ = nullptr;
    bench::SdfPaperOptions sdfOptions_;
    bench::RtrPaperOptions rtrOptions_;
    bench::GjkppOptions gjkppOptions_;
    Common sdfCommon_, rtrCommon_, gjkppCommon_;
    std::string meshes_;
    std::string gjkppMeshes_;
    int gjkppTrajectories_ = 20;
    double gjkppSeconds_ = 1.0;
    bool gjkppTiny_ = false;
};

} // namespace

std::unique_ptr<Command> makePaperCommand(CLI::App& app) {
    return std::make_unique<PaperCommand>(app);
}

} // namespace mk::cli
