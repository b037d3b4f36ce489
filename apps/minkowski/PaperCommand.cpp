/// \file PaperCommand.cpp
/// `minkowski paper sdf [options]` and `minkowski paper rtr [options]`.

#include "PaperCommand.h"

#include "minkowski/bench/AtomicFile.h"
#include "minkowski/bench/Generator.h"
#include "minkowski/bench/Paper.h"
#include "minkowski/bench/ProblemCsv.h"

#include <chrono>
#include <cmath>
#include <filesystem>
#include <iostream>
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
        : app_(app.add_subcommand("paper", "Reproduce the benchmarks of the SDF ellipsoid paper "
                                           "(sdf) or of the RTR paper (rtr) on this machine")) {
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
    }

    [[nodiscard]] bool chosen() const override { return app_->parsed(); }

    int run() override {
        if (sdf_->parsed()) {
            return runSdf();
        }
        if (rtr_->parsed()) {
            return runRtr();
        }
        throw UsageError("paper: say which paper, 'paper sdf' (SDF ellipsoid method vs GJK vs "
                         "MPR) or 'paper rtr' (RTR vs GJK+EPA); see 'minkowski paper --help'");
    }

private:
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
    bench::SdfPaperOptions sdfOptions_;
    bench::RtrPaperOptions rtrOptions_;
    Common sdfCommon_, rtrCommon_;
    std::string meshes_;
};

} // namespace

std::unique_ptr<Command> makePaperCommand(CLI::App& app) {
    return std::make_unique<PaperCommand>(app);
}

} // namespace mk::cli
